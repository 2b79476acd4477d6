"""vint_core.quiz: standard library only, free answers diagnosed, worked cases of each topic."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from vint_core import Card
from vint_core.quiz import TOPICS, TYPES, check, generate, make_item, types_of
from vint_core.quiz.items import normalise

QUIZ = Path(__file__).resolve().parent.parent / "vint_core" / "quiz"


def test_import_quiz_pulls_in_nothing_but_the_standard_library() -> None:
    code = ("import json, sys, vint_core.quiz; "
            "print(json.dumps(sorted({m.split('.')[0] for m in sys.modules})))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    loaded = set(json.loads(out.stdout))
    assert not loaded & {"ipywidgets", "IPython", "matplotlib", "endplay", "traitlets"}
    for path in QUIZ.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                top = node.module.split(".")[0]
                assert top in sys.stdlib_module_names or top == "vint_core", (path.name, top)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    assert alias.name.split(".")[0] in sys.stdlib_module_names, (path.name, alias.name)


def test_topics_and_types() -> None:
    assert list(TOPICS) == ["table", "overbidding", "auction", "honours", "scoring", "play", "rubber"]
    assert set(types_of("all")) == set(TYPES)
    assert types_of("honours") == ("honours_count", "honours_points")
    assert types_of("trick_winner") == ("trick_winner",)
    with pytest.raises(KeyError):
        types_of("bridge")
    kinds = {TYPES[t].name: generate(t, seed=1, count=1)[0].kind for t in TYPES}
    assert kinds["honours_count"] == "per_side" and kinds["legal_cards"] == "cards"
    assert kinds["tricks_needed"] == "number" and kinds["declarer"] == "choice"
    mixed = generate("all", seed=4, count=2 * len(TYPES))
    assert [i.type for i in mixed[:len(TYPES)]] == list(TYPES)


def test_free_answers_are_read_and_diagnosed() -> None:
    item = make_item("legal_cards", seed=1, index=0, rules="seed")
    answer = item.answer
    # the cards in any order and notation
    assert check(item, " ".join(reversed(answer))).correct
    text = ", ".join(str(Card.parse(c)) for c in answer)
    assert check(item, text).correct
    wrong = next(c for c in item.choices if not c.correct)
    verdict = check(item, list(reversed(wrong.value)))
    assert not verdict.correct and verdict.misconception == wrong.misconception
    unreadable = check(item, "Z9")
    assert not unreadable.correct and unreadable.given is None
    assert "Z9" in unreadable.feedback.text("en") and "Z9" in unreadable.feedback.text("de")


def test_per_side_and_number_answers() -> None:
    item = next(i for i in generate("deal_points", seed=3, count=50) if any(
        c.misconception == "declarers_only_score" for c in i.choices))
    ns, ew = item.answer["NS"], item.answer["EW"]
    assert check(item, {"NS": str(ns), "EW": ew}).correct
    declarers_only = next(c for c in item.choices if c.misconception == "declarers_only_score")
    verdict = check(item, declarers_only.value)
    assert verdict.misconception == "declarers_only_score"
    assert "only the declarers score tricks" in verdict.feedback.text("en")
    assert "nur die Ansager schreiben Stiche" in verdict.feedback.text("de")
    odd = check(item, {"NS": ns + 1, "EW": ew})
    assert not odd.correct and odd.misconception is None
    assert str(ns) in odd.feedback.text("en")  # the answer is given, with the engine's lines
    number = make_item("tricks_needed", seed=1, index=0, rules="seed")
    level = int(number.data["bid"][0])
    assert check(number, str(6 + level)).correct
    assert check(number, level).misconception == "bid_is_tricks"
    assert check(number, True).given is None


def test_normalise() -> None:
    assert normalise("choice", "2♠") == "2S"
    assert normalise("choice", "north") == "N"
    assert normalise("choice", None) is None
    assert normalise("cards", "A♠ 10♥") == ["HT", "SA"]
    with pytest.raises(ValueError):
        normalise("per_side", [1, 2])


def test_worked_cases_match_the_rules() -> None:
    """docs/rules.md §5.4's own examples (A3, A7), reached through the quiz's answers."""
    # A3: over 1NT, 2♠ is the lowest bid
    items = [i for i in generate("lowest_bid", seed=9, count=400, rules="seed")
             if [c for c in i.data["calls"] if c != "Pass"][-1:] == ["1NT"]]
    assert items and all(i.answer == "2S" for i in items)
    # the bridge order gives 2♣ there
    assert all(any(c.value == "2C" and c.misconception == "bridge_order" for c in i.choices) for i in items)
    # A7: progressive, third deal: the lowest opening bid is 3♠
    third = [i for i in generate("lowest_bid", seed=9, count=400, rules="progressive")
             if i.data["deal_number"] == 3 and all(c == "Pass" for c in i.data["calls"])]
    assert third and all(i.answer == "3S" for i in third)
    assert all(any(c.misconception == "min_level_ignored" for c in i.choices) for i in third)


# -- the rule sets in words ------------------------------------------------------------------------

_CODE_NAMES = ("seed", "whist_vint", "foster_1897")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_questions_name_the_rule_set_in_words_never_by_its_code_name(lang: str) -> None:
    """"Rules seed" reads like a random seed: every question under another rule set than the course's own says
    which, as Settings does ("Short rubber (game to 500)") with its one-line description, in its text and its HTML;
    a question under the course's own rules says nothing about them; no text names a rule set by its code name."""
    from vint_core.i18n import rules_about, rules_title
    from vint_core.rules import RULE_SETS

    rules_word = "Rules: " if lang == "en" else "Regeln: "
    for type_name, qt in TYPES.items():
        for rules in qt.rules:
            item = make_item(type_name, seed=5, rules=rules)
            prompt = item.prompt.text(lang)
            html, text = item.html(lang), item.text(lang)
            if rules == "seed":
                assert rules_word not in text and "vint-quiz-rules" not in html, text
            else:
                line = rules_word + rules_title(rules, lang) + ": " + rules_about(rules, lang)
                assert text.startswith(line), text
                assert line.replace("'", "&#x27;") in html and f'data-rules="{rules}"' in html
            said = [prompt, item.hint.text(lang), *(d["feedback"] for d in item.to_json(lang)["choices"]),
                    *item.to_json(lang)["explanation"]]
            for text in said:
                for code in _CODE_NAMES:
                    assert code not in text, (type_name, rules, text)
                assert f"Rules {rules}" not in text and f"Regeln {rules}" not in text
    assert set(RULE_SETS) <= {r for qt in TYPES.values() for r in qt.rules}
