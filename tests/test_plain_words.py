"""Plain words: every reason a learner reads is plain, or uses a term the course teaches (and the glossary lists).

The course promises a newcomer who knows no card-game jargon. Two lists keep that promise checkable:

* :data:`UNTAUGHT`: card-play and bidding jargon the course never teaches ("second hand low", "fourth best",
  "master card", "our points minus theirs", …), in English and German. No reason of a computer player, no
  sentence of the table's meanings panel, no line of a deal's review, no lesson text may use it.
* :data:`TAUGHT`: the terms the course does teach, each with the lesson that teaches it and its row in the
  glossary (docs/rules.md §6). A reason may use one only if the lesson that teaches it comes no later than the
  first lesson where such reasons reach a learner (the bidding reasons in lesson 04's auction, the card-play
  reasons in lesson 05's deal, the thinking players' at the table of lesson 11); a lesson may use one before
  its lesson only with a pointer to that lesson in the same paragraph.

The reasons are generated, not copied: every RuleBot and SimBot sentence template of the catalogue in both
languages, and the sentences the computer players actually say over many seeded deals (every decision, and a
second action of each kind the bot did not choose), the calls' meanings, the hints and the reviews.
"""

from __future__ import annotations

import ast
import json
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from vint_core import Deal, Seat
from vint_core.bots.meanings import call_meanings
from vint_core.bots.rule_bot import RuleBot
from vint_core.bots.sim_bot import SimBot
from vint_core.calls import Call
from vint_core.i18n import entries
from vint_core.table.review import DealReview

ROOT = Path(__file__).resolve().parent.parent
LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
RULES = ROOT / "docs" / "rules.md"

#: jargon the course never teaches, by language: no sentence a learner reads may use it
UNTAUGHT: dict[str, tuple[str, ...]] = {
    "en": (r"second hand", r"third hand", r"fourth hand", r"fourth best", r"\bmasters?\b", r"minus theirs",
           r"\bhis suit\b", r"\braising\b", r"\braises to\b", r"\bsequences?\b", r"\blayouts?\b", r"\bsampl",
           r"expected score", r"\bcash(es|ing)?\b", r"\bfinesse", r"\bsignal", r"\bdoubleton", r"\bsingleton",
           r"\bjump\b", r"\bruff", r"\bduck", r"\bbalanced\b",
           r"\bdouble[- ]dummy sampling"),
    "de": (r"zweite Hand", r"dritte Hand", r"minus ihre", r"seiner Farbe", r"einer Folge", r"\bgezogen",
           r"Stichprobe", r"\bSprung\b", r"Double-Dummy-Stichprob", r"\bSchnapp"),
}

#: where reasons of each kind first reach a learner: lesson 04's auction, lesson 05's deal, lesson 11's table
FIRST_SHOWN = {"call": 4, "card": 5, "sim": 11}


@dataclass(frozen=True)
class Taught:
    """A term the course teaches: its pattern in English, in German, the lesson and its glossary row."""

    en: str
    de: str
    lesson: int
    glossary: str


#: the terms the course teaches, with the lesson that teaches each and its glossary row (docs/rules.md §6)
TAUGHT: dict[str, Taught] = {
    "trumps": Taught(r"\btrumps?\b", r"\bTrumpf|\bstech", 0, "trumps; no-trump"),
    "contract": Taught(r"\bcontracts?\b", r"\bKontrakt", 0, "contract"),
    "rubber": Taught(r"\brubbers?\b", r"\bRubber", 0, "rubber"),
    "passed out": Taught(r"passed out", r"eingepasst", 1, "passed out"),
    "discard": Taught(r"\bdiscard", r"\babwerfen|\bwerfe\b", 2, "to discard"),
    "void": Taught(r"\bvoid\b", r"Fehlfarbe", 2, "void"),
    "level": Taught(r"\blevels?\b", r"\bStufe", 3, "level"),
    "strain": Taught(r"\bstrains?\b", r"Farbe oder Kein-Trumpf", 3, "strain"),
    "defenders": Taught(r"\bdefenders?\b", r"Gegenspieler", 4, "defenders"),
    "high-card points": Taught(r"high-card points?", r"Figurenpunkte", 4, "high-card points (HCP)"),
    "bidding guide": Taught(r"bidding guide", r"Bietleitfaden", 4, "bidding guide"),
    "draw trumps": Taught(r"\bdraw(s|ing)? (two or three rounds of )?trumps", r"Trumpf ziehen", 5,
                          "to draw trumps"),
    "trick value": Taught(r"trick values?", r"Stichwert", 6, "trick value"),
    "undertrick": Taught(r"undertricks?", r"Unterstich", 6, "undertrick"),
    "overtrick": Taught(r"overtricks?", r"Überstich", 6, "overtrick"),
    "honours": Taught(r"\bhonours\b", r"\bHonneurs\b", 7, "honours"),
    "slam": Taught(r"\b(little |grand )?slams?\b", r"schlemm", 8, "little slam; grand slam"),
    "rubber bonus": Taught(r"rubber bonus", r"Rubberprämie", 8, "rubber bonus"),
    "double dummy": Taught(r"double[- ]dummy", r"Double[- ]Dummy", 9, "double dummy; double-dummy analysis"),
}


def untaught(sentence: str, lang: str) -> list[str]:
    """The untaught terms ``sentence`` uses (its patterns)."""
    return [pattern for pattern in UNTAUGHT[lang] if re.search(pattern, sentence, flags=re.IGNORECASE)]


def taught_terms(sentence: str, lang: str) -> list[str]:
    return [name for name, term in TAUGHT.items()
            if re.search(term.en if lang == "en" else term.de, sentence, flags=re.IGNORECASE)]


# -- the reasons a learner can read -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Said:
    """One sentence a learner can read: its kind ("call", "card", "sim", "meaning", "review"), language and text."""

    kind: str
    lang: str
    text: str
    where: str


def _kind(action: object) -> str:
    return "call" if isinstance(action, Call) else "card"


def _rule_bot_deals(seeds: range) -> Iterator[tuple[Deal, list[Said]]]:
    """Deals played out by RuleBot in all four seats; every decision explained in both languages, and every
    fifth decision also an action it did not choose (the review's "a legal card, but …")."""
    bot = RuleBot()
    for seed in seeds:
        deal = Deal.new(seed=seed)
        said: list[Said] = []
        step = 0
        while not deal.is_finished:
            seat = deal.to_act
            assert seat is not None
            view = deal.view(seat)
            action = bot.choose(view, random.Random(seed))
            for lang in ("en", "de"):
                said.append(Said(_kind(action), lang, bot.explain(view, action, lang), f"seed {seed} step {step}"))
            others = [a for a in view.legal if a != action]
            if others and step % 5 == 0:
                other = others[step % len(others)]
                for lang in ("en", "de"):
                    said.append(Said(_kind(other), lang, bot.explain(view, other, lang),
                                     f"seed {seed} step {step}, not chosen"))
            deal = deal.apply(action)
            step += 1
        yield deal, said


@cache
def reasons() -> tuple[Said, ...]:
    """Every sentence of the computer players a learner can read, generated (templates, deals, meanings, hints,
    reviews), in English and German."""
    out: list[Said] = []
    # the templates themselves, placeholders and all: a sentence no deal below happens to reach is checked too
    for name, en, de in entries():
        table, _, key = name.partition(".") if "." in name else ("text", "", name)
        if table == "text" and key.startswith(("weigh_", "widget_weigh_", "widget_learn_", "finished_weighed")):
            # the review's weighing of the learner's cards and calls, and its "learn from your mistakes"
            out += [Said("review", "en", en, f"template {key}"), Said("review", "de", de, f"template {key}")]
            continue
        if table == "bot" or (table == "text" and key.startswith(("meaning_", "bot_about_", "bot_title_"))):
            kind = "sim" if key.startswith(("sim_", "bot_")) else "call" if key.startswith(("rule_reason", "rule_bid",
                                                                                   "rule_pass", "rule_other_call",
                                                                                   "rule_hcp", "rule_balanced",
                                                                                   "rule_ahead", "rule_behind",
                                                                                   "rule_level", "meaning_")) \
                else "card"
            out += [Said(kind, "en", en, f"template {key}"), Said(kind, "de", de, f"template {key}")]
    for seed, (deal, said) in enumerate(_rule_bot_deals(range(40))):
        out += said
        for lang in ("en", "de"):
            out += [Said("call", lang, m.text, f"meaning of {m.seat} {m.call}")
                    for m in call_meanings(deal.auction.calls_by(), deal.rules, lang=lang)]
            review = DealReview.of(deal, lines=deal.score(), lang=lang)
            analysis = review.analysis() if seed % 8 == 0 else ()  # the solver: a few deals
            out += [Said("review", lang, line, "review") for line in (*review.explanations, *analysis)]
    # the review's weighing of a seat's cards and calls (few samples to keep it quick), as the review shows it
    from vint_core.table.weighing import weigh

    for seed, (deal, _) in enumerate(_rule_bot_deals(range(2))):
        weighing = weigh(deal, Seat.SOUTH, samples=4, seed=seed)
        for lang in ("en", "de"):
            sentences = [*weighing.summary(lang), *(c.text(lang) for c in weighing.cards),
                         *(c.text(lang) for c in weighing.calls)]
            out += [Said("review", lang, sentence, f"weighing seed {seed}") for sentence in sentences]
    # the thinking player (double-dummy sampling, few samples to keep it quick), then without its solver
    sim = SimBot("fast", play_samples=2, auction_samples=2)
    for seed in (3, 11):
        deal = Deal.new(seed=seed)
        rng = random.Random(seed)
        while not deal.is_finished:
            view = deal.view(deal.to_act)  # type: ignore[arg-type]
            action = sim.choose(view, rng)
            out += [Said("sim", lang, sim.explain(view, action, lang), f"sim seed {seed}") for lang in ("en", "de")]
            deal = deal.apply(action)
    fallback = SimBot("fast")
    fallback._dds_ok = False  # as on a machine without endplay: it plays as the rule-based player and says so
    deal = Deal.new(seed=5)
    for _ in range(20):
        view = deal.view(deal.to_act)  # type: ignore[arg-type]
        action = fallback.choose(view, random.Random(0))
        out += [Said("sim", lang, fallback.explain(view, action, lang), "sim without endplay") for lang in ("en", "de")]
        deal = deal.apply(action)
    return tuple(out)


def test_many_reasons_are_generated_of_every_kind_and_both_languages() -> None:
    said = reasons()
    kinds = {(s.kind, s.lang) for s in said}
    assert kinds >= {(k, lang) for k in ("call", "card", "sim", "review") for lang in ("en", "de")}
    assert len({s.text for s in said if s.lang == "en" and not s.where.startswith("template")}) > 500
    # every card-play reason the rule-based player has is reached by a real deal, not only read as a template
    reached = " ".join(s.text for s in said if s.lang == "en" and not s.where.startswith("template"))
    for phrase in ("I play low: my partner plays after me", "my fourth highest", "still in play",
                   "drawing trumps", "in a row (like K Q J)", "points ahead of the opponents",
                   "guesses at the hidden hands", "the partner's suit again, supporting it"):
        assert phrase in reached, phrase


def test_the_check_catches_the_jargon_the_course_never_taught() -> None:
    # the sentences a learner met before these reasons were put in plain words: each is caught
    old = {"en": ["5♠: second hand low.", "2♦: fourth best from my longest suit (♦).",
                  "K♠: a master card: every higher ♠ is gone, so it wins.",
                  "2NT: what we expect at 2NT, our points minus theirs: about +368.",
                  "answer to partner, raising his suit: 7–10 high-card points", "A♠: top of a sequence in ♠.",
                  "Q♥: in 10 sampled layouts it wins 9.2 tricks"],
           "de": ["5♠: zweite Hand klein.", "unsere Punkte minus ihre: etwa +192",
                  "Antwort an den Partner, Unterstützung seiner Farbe", "die oberste Karte einer Folge in ♠",
                  "in 10 gezogenen Verteilungen"]}
    for lang, sentences in old.items():
        for sentence in sentences:
            assert untaught(sentence, lang), sentence
    assert not untaught("I play low: my partner plays after me and can still win this trick", "en")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_reason_a_learner_reads_uses_an_untaught_term(lang: str) -> None:
    bad = [(s.where, s.text, untaught(s.text, lang)) for s in reasons() if s.lang == lang and untaught(s.text, lang)]
    assert not bad, "\n".join(f"{where}: {text!r} uses {terms}" for where, text, terms in bad[:20])


def test_a_taught_term_in_a_reason_is_taught_before_such_reasons_reach_a_learner() -> None:
    late = set()
    for s in reasons():
        if s.kind not in FIRST_SHOWN:
            continue
        for name in taught_terms(s.text, s.lang):
            if TAUGHT[name].lesson > FIRST_SHOWN[s.kind]:
                late.add((s.kind, name, s.where, s.text))
    assert not late, "\n".join(f"{kind} reason uses {name!r}, taught only in lesson {TAUGHT[name].lesson:02d} "
                               f"({where}): {text!r}" for kind, name, where, text in sorted(late)[:20])


# -- the glossary and the lessons -------------------------------------------------------------------------------

def glossary_rows() -> dict[str, tuple[str, ...]]:
    """docs/rules.md §6's table: English column → the row's cells."""
    section = RULES.read_text(encoding="utf-8").split("## 6. Words", 1)[1].split("\n## 7.", 1)[0]
    rows = {}
    for line in section.splitlines():
        if line.startswith("| ") and not line.startswith(("| English", "|---")):
            cells = tuple(cell.strip() for cell in line.strip().strip("|").split("|"))
            rows[cells[0]] = cells
    return rows


def markdown(path: Path) -> list[tuple[int, str]]:
    """A lesson's markdown as (cell index, paragraph), HTML comments (notes for the course's authors) left out."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    out = []
    for index, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] == "markdown":
            source = re.sub(r"<!--.*?-->", "", "".join(cell["source"]), flags=re.DOTALL)
            out += [(index, para) for para in re.split(r"\n\s*\n", source) if para.strip()]
    return out


def lesson_number(path: Path) -> int:
    return int(path.name[:2])


def test_every_taught_term_has_its_glossary_row_and_german_word() -> None:
    rows = glossary_rows()
    for name, term in TAUGHT.items():
        assert term.glossary in rows, f"docs/rules.md §6 has no row {term.glossary!r} (for {name!r})"
        german = rows[term.glossary][1]
        assert german and german != "—", f"the glossary row {term.glossary!r} gives no German word"


def test_every_taught_term_is_taught_in_its_lesson() -> None:
    for name, term in TAUGHT.items():
        lesson = next(path for path in LESSONS if lesson_number(path) == term.lesson)
        text = " ".join(para for _, para in markdown(lesson))
        assert re.search(term.en, text, flags=re.IGNORECASE), f"{lesson.name} never says {name!r}"


def test_no_lesson_uses_a_term_before_the_lesson_that_teaches_it_without_saying_where() -> None:
    # a lesson may use a later lesson's term if, the first time it does, the same paragraph names that lesson
    early = []
    for path in LESSONS:
        n = lesson_number(path)
        met: set[str] = set()
        for index, para in markdown(path):
            if index == 0:
                continue  # the header: title, navigation, what the lesson will teach
            for name, term in TAUGHT.items():
                if n < term.lesson and name not in met and re.search(term.en, para, flags=re.IGNORECASE):
                    met.add(name)
                    pointer = rf"\blessons? (\d\d?(, | and | to |–))*0?{term.lesson}\b"
                    if not re.search(pointer, para, flags=re.IGNORECASE):
                        early.append(f"{path.name} cell {index}: {name!r} (lesson {term.lesson:02d}) in {para!r}")
    assert not early, "\n".join(early)


def test_no_lesson_uses_an_untaught_term() -> None:
    bad = [f"{path.name} cell {index}: {untaught(para, 'en')} in {para!r}"
           for path in LESSONS for index, para in markdown(path) if untaught(para, "en")]
    assert not bad, "\n".join(bad)


def lesson(number: int) -> Path:
    return next(path for path in LESSONS if lesson_number(path) == number)


def text_before(path: Path, code: str) -> str:
    """The lesson's markdown from its start to the first code cell that contains ``code``."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    out = []
    for cell in notebook["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "code" and code in source:
            return "\n".join(out)
        if cell["cell_type"] == "markdown":
            out.append(source)
    raise AssertionError(f"{path.name} has no code cell with {code!r}")


def test_lesson_02_says_what_the_contract_line_over_its_trick_means() -> None:
    # the trick widget's line "1♠ by West: ♠ are trumps" comes before the auction is taught (lessons 03 and 04)
    before = text_before(lesson(2), "TrickPractice.position(")
    assert "1♠ by West" in before and re.search(r"lessons? 03", before)


def test_lesson_04_says_what_the_score_box_after_its_auction_shows() -> None:
    # after the auction the box shows each side's "tricks × 40": the trick value, taught in lesson 06
    before = text_before(lesson(4), "AuctionPractice(seed=7)")
    assert re.search(r"×.*trick value.*lesson 06", before, flags=re.DOTALL | re.IGNORECASE)


def test_lesson_06_says_what_game_means_before_its_quiz_asks_about_it() -> None:
    # the quiz asks for a deal's lines "game and rubber aside"; a game is taught in lesson 08
    before = text_before(lesson(6), "lesson_quiz(")
    assert re.search(r"\*\*game\*\*.*1000.*lesson 08", before, flags=re.DOTALL)


def test_the_reasons_tell_a_side_ahead_from_behind_in_words() -> None:
    # every bid's reason weighs it against passing: in points ahead of or behind the opponents, not "+368"
    bids = [s.text for s in reasons() if s.lang == "en" and s.kind == "call" and not s.where.startswith("template")
            and s.text.split(":")[0][:1].isdigit() and "not chosen" not in s.where]
    assert len(bids) > 50
    for reason in bids:
        assert re.search(r"about \d+ points (ahead of|behind) the opponents|about level with the opponents",
                         reason), reason
        assert not re.search(r"[+−]\d", reason), reason  # no signed number to decode


# -- the checks in the lessons, folded ----------------------------------------------------------------------

def test_the_lessons_checks_are_folded_so_a_learner_skips_them() -> None:
    from fold_checks import HEADER, is_folded, shows_something, unfolded

    for path in LESSONS:
        assert not unfolded(path), f"{path.name}: checks a learner sees (python tests/fold_checks.py {path})"
        notebook = json.loads(path.read_text(encoding="utf-8"))
        folded = [cell for cell in notebook["cells"] if cell["cell_type"] == "code" and is_folded(cell)]
        assert folded, f"{path.name} has no folded check"
        for cell in folded:
            source = "".join(cell["source"])
            # a folded cell says what it is and shows nothing: folding it hides nothing the text speaks of
            assert source.startswith(HEADER) and not shows_something(ast.parse(source)), source
    welcome = " ".join(para for _, para in markdown(lesson(0)))
    assert "folded check cell" in welcome and "`assert`" in welcome and "Run All" in welcome


def test_an_unfolded_check_is_found_and_folded(tmp_path: Path) -> None:
    from fold_checks import fold, unfolded

    cells = [{"cell_type": "code", "execution_count": None, "id": "0", "metadata": {}, "outputs": [],
              "source": ["x = 2\n", "print(x)\n", "# the text says two\n", "assert x == 2\n", "x"]},
             {"cell_type": "code", "execution_count": None, "id": "1", "metadata": {}, "outputs": [],
              "source": ["y = x + 1\n", "assert y == 3"]}]
    path = tmp_path / "00-x.ipynb"
    path.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    assert unfolded(path) == ["x = 2", "y = x + 1"]
    assert fold(path) == 2 and unfolded(path) == []
    sources = ["".join(cell["source"]) for cell in json.loads(path.read_text())["cells"]]
    assert sources[0] == "x = 2\nprint(x)\nx"
    assert sources[1].endswith("# the text says two\nassert x == 2") and sources[2].endswith("assert y == 3")
    namespace: dict[str, object] = {}
    for source in sources:
        exec(source, namespace)  # the lesson still runs top to bottom
