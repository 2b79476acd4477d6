"""docs/rules.md, the project's rules reference, checked against the engine.

The rule-set tables of docs/rules.md §2 and §4 must name real ``RuleSet`` fields with the
presets' values; the worked examples of §5 (S1–S8, G1–G2, F1–F6, A1–A7) must each have a test
named after their id, their points are recomputed here with ``score_contract`` and the auctions
whose calls are written out are replayed; every "a × b = c" and "a + b = c" in an example table
must be true; every "docs/rules.md §x" in the code must name a section that exists; the glossary of §6 gives
the course's words, and every term a lesson translates ("**undertrick** (German *Unterstich*, Russian
*недобор*)") is translated there the same way.
"""

from __future__ import annotations

import ast
import dataclasses
import json
import re
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from pathlib import Path

import pytest

from vint_core import (
    FOSTER_1897,
    SEED,
    Auction,
    Bid,
    Call,
    Card,
    Contract,
    Hand,
    RuleSet,
    ScoreLine,
    Seat,
    Side,
    UndertrickPenalty,
    deck,
    score_contract,
)

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "rules.md"
EXAMPLE_IDS = ([f"S{i}" for i in range(1, 9)] + ["G1", "G2"] + [f"F{i}" for i in range(1, 7)]
               + [f"A{i}" for i in range(1, 8)])
# the options of §5.1's last column
OPTIONS = {
    "flat 50": SEED.replace(name="seed, flat 50", undertrick_penalty=UndertrickPenalty(flat=50)),
    "scaled": SEED.replace(name="seed, scaled", honours_nt="scaled"),
}


@dataclasses.dataclass(frozen=True)
class Table:
    heading: str
    header: tuple[str, ...]
    rows: tuple[dict[str, str], ...]


def _cells(line: str) -> tuple[str, ...]:
    return tuple(cell.strip() for cell in line.strip().strip("|").split("|"))


@cache
def tables() -> tuple[Table, ...]:
    """Every Markdown table of docs/rules.md, with the heading it stands under."""
    out: list[Table] = []
    heading = ""
    lines = DOC.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("#"):
            heading = line.lstrip("#").strip()
        if line.startswith("|") and i + 1 < len(lines) and set(lines[i + 1].replace("|", "").strip()) == {"-"}:
            header = _cells(line)
            rows = []
            i += 2
            while i < len(lines) and lines[i].startswith("|"):
                cells = _cells(lines[i])
                assert len(cells) == len(header), f"docs/rules.md: a row with {len(cells)} cells: {lines[i]}"
                rows.append(dict(zip(header, cells, strict=True)))
                i += 1
            out.append(Table(heading, header, tuple(rows)))
            continue
        i += 1
    return tuple(out)


def examples() -> dict[str, tuple[Table, dict[str, str]]]:
    """The worked examples: id → (its table, its row)."""
    out = {}
    for table in tables():
        for row in table.rows:
            if table.header[0] == "id":
                assert row["id"] not in out, f"example {row['id']} is listed twice"
                out[row["id"]] = (table, row)
    return out


def pair(text: str) -> tuple[int, int]:
    """``"360 / 240"`` → (360, 240)."""
    m = re.fullmatch(r"(\d+) / (\d+)", text)
    assert m, f"not a pair of numbers: {text!r}"
    return int(m[1]), int(m[2])


def contract(text: str) -> Contract:
    """``"4♥ N"`` → the contract 4♥ by North."""
    bid_text, seat_text = text.split()
    bid = Call.parse(bid_text)
    assert isinstance(bid, Bid)
    return Contract(bid.level, bid.strain, Seat.parse(seat_text))


def honours(text: str) -> dict[Side, list[Card]]:
    """``"N–S ♥A K · E–W ♥Q J 10"`` → the cards each side was dealt."""
    out: dict[Side, list[Card]] = {Side.NS: [], Side.EW: []}
    for part in text.split("·"):
        side_text, *tokens = part.split()
        side = Side.parse(side_text)
        suit = ""
        for token in tokens:
            if token[0] in "♠♣♦♥":
                suit, token = token[0], token[1:]
            out[side].append(Card.parse(token + suit))
    return out


def hands_with(held: dict[Side, list[Card]]) -> list[Hand]:
    """Four hands: N–S's named cards to North, E–W's to East, the rest of the pack in order."""
    fixed = {Seat.NORTH: held.get(Side.NS, []), Seat.EAST: held.get(Side.EW, [])}
    taken = {card for cards in fixed.values() for card in cards}
    rest = iter([card for card in deck() if card not in taken])
    return [Hand([*fixed.get(seat, []), *(next(rest) for _ in range(13 - len(fixed.get(seat, []))))])
            for seat in Seat]


def per_side(lines: Iterable[ScoreLine], keep: Callable[[ScoreLine], bool] | None = None) -> tuple[int, int]:
    points = {Side.NS: 0, Side.EW: 0}
    for line in lines:
        if keep is None or keep(line):
            points[line.side] += line.points
    return points[Side.NS], points[Side.EW]


def declarer_tricks(c: Contract, tricks: tuple[int, int]) -> int:
    assert sum(tricks) == 13
    return tricks[c.side]


# -- the examples and their tests -------------------------------------------------------------------


def test_every_example_is_in_the_document_once() -> None:
    assert sorted(examples()) == sorted(EXAMPLE_IDS)


@cache
def _test_sources() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / "tests").glob("test_*.py")))


@pytest.mark.parametrize("example", EXAMPLE_IDS)
def test_every_example_has_a_test_named_after_it(example: str) -> None:
    assert re.search(rf"^\s*def test_{example}(?![0-9])\w*\(", _test_sources(), re.M), (
        f"docs/rules.md §5 example {example} has no test named after it (def test_{example}…)")


@pytest.mark.parametrize("example", [e for e in EXAMPLE_IDS if e[0] == "S"])
def test_points_of_the_seed_examples(example: str) -> None:
    _, row = examples()[example]
    c = contract(row["contract"])
    tricks = declarer_tricks(c, pair(row["tricks N–S / E–W"]))
    hands = hands_with(honours(row["honours as dealt"]))
    assert per_side(score_contract(c, tricks=tricks, honours=hands, rules=SEED)) == pair(row["points N–S / E–W"])
    assert re.search(rf"\bTV (\d+ \+ 10 = )?{SEED.trick_value_of(c.level, c.strain)}\.", row["how"])
    if row["with an option"]:
        option, points = row["with an option"].split(": ")
        assert per_side(score_contract(c, tricks=tricks, honours=hands, rules=OPTIONS[option])) == pair(points)


@pytest.mark.parametrize("example", ["G1", "G2"])
def test_points_of_the_game_examples(example: str) -> None:
    _, row = examples()[example]
    rules = RuleSet.named(row["rule set"].strip("`"))
    c = contract(row["contract"])
    tricks = declarer_tricks(c, pair(row["tricks N–S / E–W"]))
    hands = hands_with(honours(row["honours as dealt"]))
    deal = per_side(score_contract(c, tricks=tricks, honours=hands, rules=rules))
    assert deal == pair(row["the deal N–S / E–W"])
    before, after = pair(row["before the deal N–S / E–W"]), pair(row["after the deal N–S / E–W"])
    assert (before[0] + deal[0], before[1] + deal[1]) == after
    m = re.search(r"(N–S|E–W) have more and win the rubber: (\d+) \+ (\d+) = (\d+)", row["result"])
    assert m, row["result"]
    winner = Side.parse(m[1])
    assert min(after) >= rules.game_target and after[winner] > after[winner.other]
    assert (int(m[2]), int(m[3])) == (after[winner], rules.rubber_bonus)
    assert f"passed {rules.game_target}" in row["result"]


@pytest.mark.parametrize("example", [e for e in EXAMPLE_IDS if e[0] == "F"])
def test_points_of_the_foster_examples(example: str) -> None:
    _, row = examples()[example]
    c = contract(row["contract"])
    tricks = declarer_tricks(c, pair(row["tricks N–S / E–W"]))
    lines = [line for line in score_contract(c, tricks=tricks, honours=hands_with({}), rules=FOSTER_1897)
             if line.kind not in ("honours", "aces")]
    assert per_side(lines, lambda line: line.counts_for_game) == pair(row["below the line N–S / E–W"])
    assert per_side(lines, lambda line: not line.counts_for_game) == pair(row["above the line N–S / E–W"])
    assert f"TV {FOSTER_1897.trick_value_of(c.level, c.strain)}" in row["how"]


@pytest.mark.parametrize("example", ["A2", "A4", "A5", "A6"])
def test_the_auction_examples_replay(example: str) -> None:
    """The calls of an auction example ("N 1♠, E P, …") are legal, in turn, and end as its result says."""
    _, row = examples()[example]
    auction = Auction(Seat.parse(row["dealer"]), RuleSet.named(row["rule set"].strip("`")))
    for item in row["calls"].split(", "):
        seat, call = item.split()
        assert auction.to_act is Seat.parse(seat), item
        auction = auction.apply(Call.parse(call))
    if "passed out" in row["result"]:
        assert auction.is_passed_out
    elif "the auction is over" in row["result"]:
        assert auction.is_over and str(auction.contract) in row["result"]
    else:
        assert not auction.is_over
        assert re.match(r"(.* is )?legal:", row["result"]), row["result"]


def _sums(text: str) -> Iterator[tuple[str, int, int]]:
    for m in re.finditer(r"(\d+)(?: [a-z]+)?((?: × \d+)+) = (\d+)", text):
        value = int(m[1])
        for factor in re.findall(r"\d+", m[2]):
            value *= int(factor)
        yield m[0], value, int(m[3])
    for m in re.finditer(r"(\d+)((?: \+ \d+)+) = (\d+)", text):
        yield m[0], int(m[1]) + sum(int(x) for x in re.findall(r"\d+", m[2])), int(m[3])


def test_the_arithmetic_in_the_example_tables_is_right() -> None:
    checked = 0
    for table, row in examples().values():
        for cell in row.values():
            for text, value, claimed in _sums(cell):
                assert value == claimed, f"{row['id']} ({table.heading}): {text}"
                checked += 1
    assert checked > 20


def test_the_arithmetic_check_reads_words_between_the_factors() -> None:
    assert list(_sums("6 undertricks × 2 × 10 = 120, plus 1060 + 250 = 1310")) == [
        ("6 undertricks × 2 × 10 = 120", 120, 120), ("1060 + 250 = 1310", 1310, 1310)]


# -- the rule-set tables of §2 and §4 ------------------------------------------------------------


def leaf_fields(rules: RuleSet) -> dict[str, object]:
    """Every parameter of a rule set, nested ones dotted: ``{"trick_value.per_level": 10, …}``."""
    out: dict[str, object] = {}
    for f in dataclasses.fields(rules):
        if f.name.startswith("_") or f.name == "name":
            continue
        value = getattr(rules, f.name)
        if dataclasses.is_dataclass(value):
            for sub in dataclasses.fields(value):
                out[f"{f.name}.{sub.name}"] = getattr(value, sub.name)
        else:
            out[f.name] = value
    return out


def rule_set_tables() -> dict[str, dict[str, str]]:
    """The tables headed "field | `name`": rule set name → {field: value as written}."""
    out = {}
    for table in tables():
        if table.header[0] == "field":
            name = table.header[1].strip("`")
            out[name] = {row["field"].strip("`"): row[table.header[1]] for row in table.rows}
    return out


def written_value(field: str, text: str) -> object:
    if field == "strain_order":
        return re.findall(r"♠|♣|♦|♥|NT", text.split("(")[0])
    assert text.startswith("`") and text.endswith("`"), f"{field}: {text}"
    return ast.literal_eval(text.strip("`"))


def engine_value(field: str, value: object) -> object:
    if field == "strain_order":
        return [strain.symbol for strain in value]  # type: ignore[attr-defined]
    return value


def test_every_named_rule_set_has_a_table() -> None:
    assert set(rule_set_tables()) == {"seed", "short", "progressive", "whist_vint", "foster_1897"}


def test_the_seed_table_lists_every_parameter_with_its_value() -> None:
    written = rule_set_tables()["seed"]
    fields = leaf_fields(SEED)
    assert set(written) == set(fields)
    for field, text in written.items():
        assert written_value(field, text) == engine_value(field, fields[field]), field


@pytest.mark.parametrize("name", ["short", "progressive", "whist_vint", "foster_1897"])
def test_each_other_rule_set_is_seed_with_the_fields_its_table_lists(name: str) -> None:
    written = rule_set_tables()[name]
    fields, seed = leaf_fields(RuleSet.named(name)), leaf_fields(SEED)
    assert set(written) == {field for field in fields if fields[field] != seed[field]}
    for field, text in written.items():
        assert written_value(field, text) == engine_value(field, fields[field]), field


# -- the sections that the code cites ---------------------------------------------------------------


def section_numbers() -> set[str]:
    """"2.1.3" for the heading "#### 2.1.3 Slams", "3.4" for row 3.4 of §3's table."""
    text = DOC.read_text(encoding="utf-8")
    numbers = set(re.findall(r"^#+ (\d+(?:\.\d+)*)\.? ", text, re.M))
    numbers |= {row["#"] for table in tables() if table.header[0] == "#" for row in table.rows}
    return numbers


def test_every_citation_of_the_rules_names_a_section_that_exists() -> None:
    cited = set()
    for folder in ("vint_core", "tests", "bench"):
        for path in (ROOT / folder).rglob("*.py"):
            for m in re.finditer(r"docs/rules\.md §(\d+(?:\.\d+)*)(?:[–-](\d+(?:\.\d+)*))?",
                                 path.read_text(encoding="utf-8")):
                cited |= {n for n in m.groups() if n}
    for m in re.finditer(r"§(\d+(?:\.\d+)*)", DOC.read_text(encoding="utf-8")):
        cited.add(m[1])
    assert cited, "nothing cites docs/rules.md"
    assert cited <= section_numbers(), sorted(cited - section_numbers())


def test_nothing_cites_the_specification_outside_the_repository() -> None:
    outside = "RULES" + ".md"  # the project's specification, which users of the repository do not have
    for folder in ("vint_core", "tests", "bench"):
        for path in (ROOT / folder).rglob("*.py"):
            assert outside not in path.read_text(encoding="utf-8"), path
    assert "docs/rules.md" in (ROOT / "README.md").read_text(encoding="utf-8")


# -- §6, the glossary ---------------------------------------------------------------------------------


GLOSSARY_HEADING = "6. Words: English, German, Russian"
#: the words the course uses that the glossary must give (issues 9 and 11)
COURSE_WORDS = ("partner", "seat", "pack", "to cut", "deal", "dealer", "auction", "bid", "pass", "passed out",
                "contract", "declarer", "defenders", "trick", "to lead", "opening lead", "to follow suit", "void",
                "trumps", "no-trump", "trick value", "undertrick", "overtrick", "honours", "little slam",
                "grand slam", "game", "rubber", "rubber bonus", "double dummy", "level", "strain", "rule set")


def _words(cell: str) -> set[str]:
    """The words of a glossary cell: ``"Ehrenkarten (Honneurs)"`` → {"ehrenkarten", "honneurs"}."""
    return {w.strip().lower() for w in re.split(r"[;,()]", cell) if w.strip() and w.strip() != "—"}


def glossary() -> list[tuple[set[str], set[str], set[str]]]:
    """The rows of §6 as (English words, German words, Russian words)."""
    table = next(t for t in tables() if t.heading == GLOSSARY_HEADING)
    return [(_words(row["English"]), _words(row["German"]), _words(row["Russian"])) for row in table.rows]


def test_the_glossary_gives_every_word_of_the_course_in_german_and_where_known_in_russian() -> None:
    rows = glossary()
    english = {w for row in rows for w in row[0]}
    assert set(COURSE_WORDS) <= english, sorted(set(COURSE_WORDS) - english)
    for en, de, ru in rows:
        assert en and de, (en, de)
        for word in ru:
            assert re.fullmatch(r"[а-яё ]+", word), f"not a Russian word: {word!r}"
    by_english = {w: ru for en, _, ru in rows for w in en}
    # the Russian for the two words the seed's glossary left open, from the Russian sources
    assert by_english["declarer"] == {"играющий"} and by_english["contract"] == {"игра"}


_ANNOTATED = re.compile(r"\*\*([^*]+)\*\*\s*\(German\s+\*([^*]+)\*(?:\s+or\s+\*([^*]+)\*)?"
                        r"(?:[,;]\s*Russian\s+\*([^*]+)\*)?")


def _items(text: str) -> list[str]:
    return [w.strip() for w in re.split(r",|<|\band\b", text) if w.strip()]


def _stem(word: str) -> str:
    """An English glossary word as it may stand in a lesson's term: "to lead" → "lead", "trumps" → "trump"."""
    word = word.removeprefix("to ").replace("-", " ")
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def _german_forms(word: str) -> set[str]:
    """A German word and its plural: "Unterstich" → also "Unterstiche"."""
    return {word, word + "e", word + "n", word + "en", word + "s"}


def test_the_words_the_lessons_translate_are_the_glossarys() -> None:
    """Where a lesson bolds a term and gives its German (and Russian) name, "**undertrick** (German *Unterstich*,
    Russian *недобор*)", the glossary has a row with that English word, that German word and that Russian word."""
    rows = glossary()
    checked = 0
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        text = " ".join(" ".join("".join(c["source"]).split()) for c in cells if c["cell_type"] == "markdown")
        for m in _ANNOTATED.finditer(text):
            term, german, also, russian = m.groups()
            germans = [_items(german)] + ([_items(also)] if also else [])
            english = [e.lower().replace("-", " ").rstrip(" ♠♣♦♥") for e in _items(term)]
            russians = _items(russian) if russian else []
            for de_list in germans:
                assert len(de_list) == len(english) or len(english) == 1, (path.name, m[0])
                for i, de in enumerate(de_list):
                    en = english[i] if len(english) > 1 else english[0]
                    ru = russians[i].lower() if i < len(russians) else None
                    assert any(any(_stem(w) in en for w in en_words)
                               and any(de.lower() in _german_forms(w) for w in de_words)
                               and (ru is None or ru in ru_words)
                               for en_words, de_words, ru_words in rows), (
                        f"{path.name}: {m[0]!r} — the glossary has no row {en!r} / {de!r} / {ru!r}")
                    checked += 1
    assert checked > 50
