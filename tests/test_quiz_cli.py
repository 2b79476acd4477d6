"""``vint quiz``: the vint-quiz/1 JSON document, seeds, topics, rule sets, languages, the text form,
JupyterQuiz's format checked against its own schemas (copies in tests/schemas/jupyterquiz/), a count too big
to hold refused, and
``--serve`` handing the practice notebook to the table's launcher."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from vint_core.cli import main
from vint_core.quiz import TOPICS, TYPES

SCHEMAS = Path(__file__).resolve().parent / "schemas" / "jupyterquiz"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_json_document(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "quiz", "--topic", "honours", "--count", "6", "--seed", "5", "--json")
    assert code == 0 and err == ""
    doc = json.loads(out)
    assert list(doc) == ["format", "topic", "seed", "rules", "lang", "items"]
    # the course's own rules unless --rules chooses others
    assert (doc["format"], doc["topic"], doc["seed"], doc["rules"], doc["lang"]) == ("vint-quiz/1", "honours", 5,
                                                                                        "seed", "en")
    assert {i["rules"] for i in doc["items"]} == {"seed"}
    assert len(doc["items"]) == 6 and {i["topic"] for i in doc["items"]} == {"honours"}
    for item in doc["items"]:
        keys = {"id", "topic", "type", "prompt", "kind", "choices", "answer", "explanation", "hint", "data"}
        assert keys <= set(item)
        assert set(item["prompt"]) == {"text", "html"} and 'data-card="' in item["prompt"]["html"]
        assert item["kind"] == "per_side" and set(item["answer"]) == {"NS", "EW"}
        for choice in item["choices"]:
            assert set(choice) >= {"value", "correct", "misconception", "feedback"}
    # the same seed, the same items; another seed, others
    assert run(capsys, "quiz", "--topic", "honours", "--count", "6", "--seed", "5", "--json")[1] == out
    assert run(capsys, "quiz", "--topic", "honours", "--count", "6", "--seed", "6", "--json")[1] != out


def test_all_topics_rules_and_german(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "quiz", "--topic", "all", "--count", "26", "--seed", "1", "--rules", "short",
                       "--lang", "de", "--format", "json")
    doc = json.loads(out)
    assert code == 0 and doc["rules"] == "short" and doc["lang"] == "de"
    assert {i["topic"] for i in doc["items"]} == set(TOPICS)
    assert {i["type"] for i in doc["items"]} == set(TYPES)
    assert all(i["data"]["rules"] == "short" for i in doc["items"])
    assert any("Regeln: Kurzer Rubber (Partie bis 500)" in i["prompt"]["text"] for i in doc["items"])
    # one type by its own name
    one = json.loads(run(capsys, "quiz", "--topic", "trick_winner", "--count", "3", "--seed", "1", "--json")[1])
    assert [i["type"] for i in one["items"]] == ["trick_winner"] * 3


def test_a_seed_is_made_and_written_when_none_is_given(capsys: pytest.CaptureFixture[str]) -> None:
    doc = json.loads(run(capsys, "quiz", "--count", "2", "--json")[1])
    assert isinstance(doc["seed"], int)
    again = json.loads(run(capsys, "quiz", "--count", "2", "--json", "--seed", str(doc["seed"]))[1])
    assert again == doc


def test_text_form(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "quiz", "--topic", "auction", "--count", "3", "--seed", "2")
    assert code == 0
    assert out.startswith("1. [auction_over:2:0:") and "   a) " in out


def test_mistakes_give_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["quiz", "--topic", "bridge"], ["quiz", "--rules", "chicago"], ["quiz", "--count", "0"]):
        code, out, err = run(capsys, *argv)
        assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err


def test_a_count_too_big_to_hold_is_refused_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    """A million questions would need about 26 GB: refused in one line before any is made; 10,000 still work."""
    from vint_core.cli import MAX_QUESTIONS

    code, out, err = run(capsys, "quiz", "--count", "1000000", "--json")
    assert code == 2 and out == "" and "not a number of questions (1 to 10000)" in err and "Traceback" not in err
    code, out, err = run(capsys, "quiz", "--count", str(MAX_QUESTIONS + 1))
    assert code == 2 and out == ""
    code, out, _ = run(capsys, "quiz", "--topic", "partner", "--count", str(MAX_QUESTIONS), "--seed", "1")
    assert code == 0 and f"\n{MAX_QUESTIONS}. [partner:1:" in out


def _validators() -> dict[str, Any]:
    out = {}
    for kind, name in (("multiple_choice", "mc_schema.json"), ("numeric", "num_schema.json")):
        schema = json.loads((SCHEMAS / name).read_text(encoding="utf-8"))
        jsonschema.Draft202012Validator.check_schema(schema)
        out[kind] = jsonschema.Draft202012Validator(schema)
    return out


def test_jupyterquiz_format_follows_its_schema(capsys: pytest.CaptureFixture[str]) -> None:
    validators = _validators()
    for lang in ("en", "de"):
        code, out, _ = run(capsys, "quiz", "--topic", "all", "--count", "160", "--seed", "3", "--format",
                           "jupyterquiz", "--lang", lang)
        assert code == 0
        questions = json.loads(out)
        assert isinstance(questions, list)
        kinds = {q["type"] for q in questions}
        assert kinds == {"multiple_choice", "numeric"}
        # the choice items (11 of the 16 types) and the numeric one, 10 of each
        assert len(questions) == 120
        for q in questions:
            errors = list(validators[q["type"]].iter_errors(q))
            assert not errors, errors[0].message
            assert sum(1 for a in q["answers"] if a.get("correct")) == 1
            assert all(a["feedback"] for a in q["answers"])
    # the schema does catch a broken question
    assert list(validators["multiple_choice"].iter_errors({"type": "multiple_choice", "question": "?",
                                                           "answers": [{"answer": 1}]}))


def test_serve_hands_the_practice_notebook_to_the_launcher(monkeypatch: pytest.MonkeyPatch) -> None:
    from vint_core.app import launch
    from vint_core.app.settings import PageSettings

    seen: dict[str, Any] = {}

    def fake_run(settings: PageSettings, *, notebook: Path | None = None, title: str = "", **options: Any) -> int:
        seen.update(settings=settings, notebook=notebook, title=title, env=settings.to_env({}), **options)
        return 0

    monkeypatch.setattr(launch, "run", fake_run)
    assert main(["quiz", "--serve", "--no-browser", "--rules", "short", "--lang", "de", "--topic", "honours"]) == 0
    assert seen["notebook"].name == "practice.ipynb" and seen["notebook"].exists()
    assert seen["env"] == {"VINT_RULES": "short", "VINT_LANG": "de", "VINT_QUIZ_TOPIC": "honours"}
    assert "practice" in seen["title"] and seen["open_browser"] is False and seen["port"] is None
