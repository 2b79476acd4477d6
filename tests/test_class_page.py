"""The teacher's page and the learner's traveller, drawn from a real store without a server: every value
escaped, the travellers in the store's ranking, the heat map and the mistakes, German, errors as plain pages."""

from __future__ import annotations

from pathlib import Path

import pytest

from vint_core.classroom import page
from vint_core.classroom.served import ServedClass, teacher_page
from vint_core.rules import RuleSet
from vint_core.table.session import TableSession
from vint_core.widgets.class_boards import CLASS_BOTS, board_deal, traveller_html

EVIL = "<script>alert(1)</script>"


def played(board: dict, *, bid: bool) -> dict:
    """The board played out: the learner's seat by the hint (``bid``) or passing and its first card."""
    session = TableSession(human="S", rules=RuleSet.from_json(board["rules"]), bots=CLASS_BOTS, seed=board["id"],
                           autosave=False, undo_allowed=False)
    session.load_deal(board_deal(board))
    while not session.deal.is_finished:
        if not session.human_to_act():
            session.bot_step()
        elif bid or session.deal.contract is not None:
            session.act(session.hint().action if bid else session.legal_actions()[-1])
        else:
            session.act(next(a for a in session.legal_actions() if str(a) == "Pass"))
    return session.deal.to_json()


@pytest.fixture
def served(tmp_path: Path) -> ServedClass:
    served = ServedClass.open(tmp_path, "4b", teacher="petrova", learners=["ana", EVIL, "=cmd|calc"])
    served.store.publish_boards("4b", "week 1", [(7, "N"), (11, "E")])
    boards = served.learner_view("ana")["boards"]
    for name, bid in (("ana", True), (EVIL, False)):
        for board in boards:
            served.record_result(name, board["id"], played(board, bid=bid))
    served.record_quiz_answer("ana", {"source": "practice", "question_type": "trick-points", "correct": True})
    served.record_quiz_answer(EVIL, {"source": "practice", "question_type": "trick-points", "correct": False,
                                     "misconception": "trumps-are-spades"})
    return served


def test_the_teachers_page_escapes_every_value_and_keeps_the_stores_ranking(served: ServedClass) -> None:
    html = teacher_page(served)
    assert EVIL not in html and "&lt;script&gt;" in html
    assert "<script" not in html.lower()  # the page needs no script at all
    for board in served.store.boards("4b"):
        expected = [row.learner for row in served.store.traveller("4b", board.id).rows]
        found = html.split(f"data-board='{board.number}'", 1)[1].split("</table>", 1)[0]
        marks = {name: found.find(f"data-learner='{page._e(name)}'") for name in ("ana", EVIL)}
        assert -1 not in marks.values()
        assert sorted(marks, key=marks.__getitem__) == expected
    assert "vint-class-heat" in html and "data-share='1.000'" in html and "data-share='0.000'" in html
    assert "trumps-are-spades" in html


def test_german_and_the_error_pages(served: ServedClass) -> None:
    html = teacher_page(served, "de")
    assert "Klasse 4b" in html and "Beherrschung" in html and "lang='de'" in html
    for status in (403, 404, 500):
        text = page.error_page(status)
        assert "Traceback" not in text and "/" not in text.split("<body>", 1)[1].replace("</", "")
    assert "teacher only" in page.error_page(403)


def test_the_export_is_safe_for_a_spreadsheet(served: ServedClass) -> None:
    csv = served.export_csv()
    assert "\n=cmd" not in csv and ",=cmd" not in csv


def test_the_learners_traveller_marks_her_row_and_hides_nothing_it_should_not(served: ServedClass) -> None:
    board = served.learner_view("ana")["boards"][0]
    traveller = served.learner_traveller("ana", board["id"])
    html = traveller_html(traveller)
    assert "ana (you)" in html and EVIL not in html
    assert "Learner 1" in html  # the class is anonymised: the other learner is not named


def test_vint_table_names_the_class_store_as_vint_class_does(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import argparse

    from vint_core.classroom.served import store_url
    from vint_core.cli.table import register

    parser = argparse.ArgumentParser()
    register(parser.add_subparsers(dest="command"))
    assert parser.parse_args(["table"]).class_dir is None  # no class: the table as before
    assert parser.parse_args(["table", "--class"]).class_dir == ""  # the store vint class uses by default
    assert parser.parse_args(["table", "--class", str(tmp_path)]).class_dir == str(tmp_path)
    assert store_url(tmp_path) == f"sqlite:///{tmp_path.resolve() / 'class.db'}"
    assert store_url("postgresql+psycopg://school/vint") == "postgresql+psycopg://school/vint"
    monkeypatch.setenv("VINT_CLASS_DB", "sqlite:////srv/class.db")
    assert store_url(None) == "sqlite:////srv/class.db"
