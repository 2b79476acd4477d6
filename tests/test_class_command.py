"""``vint class``: a class made, its roster and boards published, the personal links, a traveller and an
export, from the command line; mistakes are one line in the user's language."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from class_support import played

from vint_core import Deal, pbn
from vint_core.classroom.command import TOKEN_PARAM
from vint_core.classroom.store import ClassStore
from vint_core.cli import main


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'class.db'}"


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_a_class_from_the_command_line(db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(capsys, "class", "create", "7b", "--teacher", "Ms Ivanova", "--db", db)[0] == 0
    roster = tmp_path / "roster.txt"
    roster.write_text("clara\n\ndmitri\n", encoding="utf-8")
    assert _run(capsys, "class", "learners", "add", "7b", "anna", "boris", "--file", str(roster), "--db", db)[0] == 0
    assert _run(capsys, "class", "learners", "list", "7b", "--db", db)[1].split() == ["anna", "boris", "clara",
                                                                                      "dmitri"]
    status, out, _ = _run(capsys, "class", "boards", "add", "7b", "--seeds", "3,4", "--dealer", "E", "--db", db)
    assert status == 0 and "published 2 boards" in out
    deals = tmp_path / "week2.pbn"
    deals.write_text(pbn.dumps([Deal.new(seed=9, dealer="W")]), encoding="utf-8")
    assert _run(capsys, "class", "boards", "add", "7b", "--pbn", str(deals), "--db", db)[0] == 0
    store = ClassStore(db)
    boards = store.boards("7b")
    assert [(b.number, b.seed, b.dealer.letter, b.set_title) for b in boards] == [
        (1, 3, "E", "seeds 3,4"), (2, 4, "E", "seeds 3,4"), (3, None, "W", "week2.pbn")]
    assert boards[2].deal().hands == Deal.new(seed=9, dealer="W").hands

    status, out, _ = _run(capsys, "class", "tokens", "7b", "--url", "http://school.example/table?lang=de",
                          "--db", db)
    links = dict(line.split("\t") for line in out.splitlines())
    assert list(links) == ["anna", "boris", "clara", "dmitri"]
    for name, link in links.items():
        token = parse_qs(urlsplit(link).query)[TOKEN_PARAM][0]
        assert store.learner_for_token(token).name == name  # type: ignore[union-attr]

    for name, seed in (("anna", 1), ("boris", 2)):
        store.record_result("7b", name, boards[0].id, played(boards[0], seed))
    status, out, _ = _run(capsys, "class", "traveller", "7b", "1", "--json", "--db", db)
    shown = json.loads(out)
    assert status == 0 and [row["learner"] for row in shown["rows"]] == [
        row.learner for row in store.traveller("7b", boards[0].id).rows]
    assert {row["learner"] for row in shown["rows"]} == {"anna", "boris"}
    status, out, _ = _run(capsys, "class", "traveller", "7b", "1", "--db", db)
    assert status == 0 and len([line for line in out.splitlines() if not line.startswith("par")]) == 2

    out_file = tmp_path / "results.csv"
    assert _run(capsys, "class", "export", "7b", "results", "--out", str(out_file), "--db", db)[0] == 0
    rows = list(csv.DictReader(io.StringIO(out_file.read_text(encoding="utf-8"))))
    assert sorted(row["learner"] for row in rows) == ["anna", "boris"]
    store.close()


def test_mistakes_are_one_line_in_the_users_language(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(capsys, "class", "create", "7b", "--teacher", "T", "--db", db)[0] == 0
    status, _, err = _run(capsys, "class", "create", "7b", "--teacher", "T", "--db", db, "--lang", "de")
    assert status == 1 and err.strip() == "vint: error: es gibt schon eine Klasse namens 7b"
    status, _, err = _run(capsys, "class", "traveller", "7b", "4", "--db", db)
    assert status == 1 and err.strip() == "vint: error: class 7b has no board 4"
    status, _, err = _run(capsys, "class", "tokens", "7b", "--learner", "zoe", "--db", db)
    assert status == 1 and "not on the roster of 7b: zoe" in err
    status, _, err = _run(capsys, "class", "learners", "add", "8a", "anna", "--db", db)
    assert status == 1 and err.strip() == "vint: error: there is no class named '8a'"
    status, _, err = _run(capsys, "class", "boards", "add", "7b", "--seeds", "1,x", "--db", db)
    assert status == 2 and "not a list of seeds" in err and err.count("\n") == 1
    for text in (err,):
        assert "Traceback" not in text
