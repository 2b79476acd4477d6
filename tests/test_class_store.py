"""The class's store, on SQLite and on a real PostgreSQL server: boards, the collection, refusals, travellers,
the overview, the CSV export and the personal links' tokens."""

from __future__ import annotations

import csv
import io
import json
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from class_support import PostgresServer, play_out, played, postgres_server
from sqlalchemy import create_engine, text

from vint_core import pbn
from vint_core.classroom import store as store_module
from vint_core.classroom.store import ClassError, ClassStore, ResultRefused
from vint_core.deal import Deal
from vint_core.records import deal_to_json
from vint_core.scoring import totals


@pytest.fixture(scope="module")
def pg() -> Iterator[PostgresServer]:
    with postgres_server() as server:
        yield server


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ClassStore]:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'class.db'}"
    else:
        url = request.getfixturevalue("pg").new_database()
    opened = ClassStore(url)
    opened.create_class("7b", rules="seed", teacher="Ms Ivanova")
    opened.add_learners("7b", ["anna", "boris", "clara"])
    yield opened
    opened.close()


def _count(store: ClassStore, table: str) -> int:
    engine = create_engine(store.url)
    try:
        with engine.connect() as conn:
            return int(conn.execute(text(f"SELECT count(*) FROM {table}")).scalar_one())
    finally:
        engine.dispose()


# -- boards ----------------------------------------------------------------------------------


def test_boards_are_the_same_deal_for_every_learner_and_learners_resume_where_they_stopped(store: ClassStore) -> None:
    first = store.publish_boards("7b", "Week 1", [(11, "N"), (12, "E")])
    deals = pbn.loads(pbn.dumps([Deal.new(seed=40, dealer="S"), Deal.new(seed=41, dealer="W")]))
    second = store.publish_boards("7b", "From a PBN file", deals)
    assert [b.number for b in store.boards("7b")] == [1, 2, 3, 4]
    assert [b.set_title for b in second] == ["From a PBN file"] * 2
    assert second[0].deal().hands == deals[0].hands and second[0].dealer == deals[0].dealer
    assert first[1].deal().hands == Deal.new(seed=12, dealer="E").hands
    assert store.next_board("7b", "anna") == store.next_board("7b", "boris") == first[0]
    store.record_result("7b", "anna", first[0].id, played(first[0], 1))
    store.record_result("7b", "anna", first[1].id, played(first[1], 2))
    assert store.next_board("7b", "anna") == second[0]  # where she stopped
    assert store.next_board("7b", "boris") == first[0]
    for board in second:
        store.record_result("7b", "anna", board.id, played(board, 3))
    assert store.next_board("7b", "anna") is None


def test_a_board_set_without_boards_or_with_a_bad_one_is_refused_and_nothing_is_published(store: ClassStore) -> None:
    with pytest.raises(ClassError) as empty:
        store.publish_boards("7b", "Nothing", [])
    assert "at least one board" in str(empty.value) and "mindestens ein Spiel" in empty.value.message("de")
    with pytest.raises(ClassError, match="is not a board"):
        store.publish_boards("7b", "Bad", [(1, "N"), (-3, "N")])
    with pytest.raises(ClassError, match="is not a board"):
        store.publish_boards("7b", "Bad", [(1, "X")])
    assert store.boards("7b") == []
    with pytest.raises(ClassError, match="there is no class named"):
        store.boards("8a")


# -- the collection -----------------------------------------------------------------------------


def test_a_result_is_replayed_and_scored_by_the_store(store: ClassStore) -> None:
    board = store.publish_boards("7b", "Week 1", [(5, "S")])[0]
    record = played(board, 4, passed_out_ok=False)
    kept = store.record_result("7b", "anna", board.id, json.dumps(record))
    deal = play_out(board.deal(), 4000)  # the same random play as played(board, 4)'s first try
    assert deal_to_json(deal)["cards"] == record["cards"]
    assert kept.contract == deal.contract.pbn and kept.declarer == deal.contract.declarer.letter
    assert kept.tricks == deal.declarer_tricks
    assert kept.points == totals(deal.score())
    assert kept.auction == tuple(call.pbn for call in deal.auction.calls)
    assert store.results("7b") == [kept]
    # the score the learner's page showed may come along, and it is checked
    again = dict(record, points=kept.points.to_dict(), contract=kept.contract, tricks=kept.tricks)
    assert store.record_result("7b", "anna", board.id, again) == kept


def test_the_same_record_twice_is_one_result(store: ClassStore) -> None:
    board = store.publish_boards("7b", "Week 1", [(6, "N")])[0]
    record = played(board, 1)
    one = store.record_result("7b", "boris", board.id, record)
    two = store.record_result("7b", "boris", board.id, record)
    assert one == two
    assert _count(store, "results") == 1
    assert store.refusals("7b") == []


def _refused(store: ClassStore, learner: str, board_id: object, record: object) -> ResultRefused:
    with pytest.raises(ResultRefused) as caught:
        store.record_result("7b", learner, board_id, record)  # type: ignore[arg-type]
    return caught.value


def test_forged_and_broken_results_are_refused_logged_and_change_nothing(
        store: ClassStore, caplog: pytest.LogCaptureFixture) -> None:
    board, other = store.publish_boards("7b", "Week 1", [(7, "N"), (8, "E")])
    store.create_class("8a", teacher="Mr Petrov")
    store.add_learners("8a", ["dmitri"])
    foreign = store.publish_boards("8a", "Theirs", [(7, "N")])[0]
    good = played(board, 2, passed_out_ok=False)
    kept = store.record_result("7b", "anna", board.id, good)
    before = store.results("7b")

    caplog.set_level(logging.WARNING, logger="vint_core.classroom.store")
    cases: list[tuple[str, str, object, object, str, str]] = [
        # another learner's name: not on this class's roster
        ("not_on_roster", "dmitri", board.id, good, "dmitri is not on the roster of class 7b",
         "dmitri steht nicht in der Liste der Klasse 7b"),
        ("not_on_roster", "anna ", board.id, good, "is not on the roster", "nicht in der Liste"),
        # a board not published in this class (another class's; one that does not exist)
        ("not_published", "boris", foreign.id, played(foreign, 1), "has no published board",
         "kein veröffentlichtes Spiel"),
        ("not_published", "boris", 9999, good, "has no published board", "kein veröffentlichtes Spiel"),
        # another deal than the board's
        ("wrong_deal", "boris", other.id, good, "are not those of the board", "nicht die des Spiels"),
        # a record that does not replay: a card changed
        ("bad_record", "boris", board.id, dict(good, cards=good["cards"][:-2] + good["cards"][-1:] +
                                               good["cards"][-2:-1]), "is not a deal's record",
         "keine Aufzeichnung"),
        ("bad_record", "boris", board.id, "{not json", "is not a deal's record", "keine Aufzeichnung"),
        ("bad_record", "boris", board.id, [1, 2], "is not a deal's record", "keine Aufzeichnung"),
        # a deal not played to its end
        ("not_finished", "boris", board.id, dict(good, cards=good["cards"][:10]), "is not finished",
         "nicht zu Ende"),
        # an impossible score, or another contract than the one played
        ("wrong_score", "boris", board.id, dict(good, points={"NS": 5000, "EW": 0}), "but replayed the deal gives",
         "nachgespielt ergibt"),
        ("wrong_score", "boris", board.id, dict(good, contract="1S" if kept.contract != "1S" else "1H"),
         "but replayed the deal gives",
         "nachgespielt ergibt"),
        ("wrong_score", "boris", board.id, dict(good, tricks=13 if kept.tricks != 13 else 0),
         "but replayed", "nachgespielt"),
        # a second, different result for a board already played
        ("already_played", "anna", board.id, played(board, 9, passed_out_ok=False) | {"cards": []}, "",
         ""),
    ]
    for why, learner, board_id, record, english, german in cases:
        if why == "already_played":
            record = _other_play(board, good)
            english, german = "has already played this board", "schon gespielt"
        refused = _refused(store, learner, board_id, record)
        assert refused.why == why, (why, refused.message())
        assert english in str(refused) and german in refused.message("de"), (str(refused), refused.message("de"))
        assert "Traceback" not in str(refused) and "/" not in str(refused).replace("N–S", "")
        assert any(english in record.getMessage() for record in caplog.records)
    assert store.results("7b") == before
    logged = store.refusals("7b")
    assert [why for _, _, why, _ in logged] == [case[0] for case in cases]
    assert logged[0][0] == "dmitri" and logged[0][1] == board.id
    assert store.refusals("8a") == []


def _other_play(board: object, good: dict[str, object]) -> dict[str, object]:
    for seed in range(100, 200):
        record = played(board, seed)  # type: ignore[arg-type]
        if record["cards"] != good["cards"] or record["calls"] != good["calls"]:
            return record
    raise AssertionError("no other play found")


def test_quiz_answers_lessons_and_grades_are_kept_under_the_learner(store: ClassStore) -> None:
    quiz = [("anna", "lesson 03", "tricks_needed", True, True, None),
            ("anna", "lesson 03", "tricks_needed", False, True, "one_trick_per_level"),
            ("anna", "practice", "honours", False, True, "honours_need_trumps"),
            ("anna", "practice", "honours", True, False, None),  # the second try: not mastery
            ("boris", "lesson 03", "tricks_needed", False, True, "one_trick_per_level"),
            ("boris", "practice", "honours", False, True, "one_trick_per_level")]
    for learner, source, qt, correct, first, mistake in quiz:
        store.record_quiz_answer("7b", learner, source=source, question_type=qt, correct=correct,
                                 first_try=first, misconception=mistake)
    store.record_lesson("7b", "anna", "03", "opened")
    store.record_lesson("7b", "anna", "03", "finished")
    store.record_lesson("7b", "anna", "04", "opened")
    store.record_lesson("7b", "boris", "00", "finished")
    store.record_grade("7b", "anna", "ex01", 3, 5)
    store.record_grade("7b", "anna", "ex01", 4.5, 5)  # graded again: the latest counts
    store.record_grade("7b", "anna", "ex02", 2, 2)

    summaries = {s.name: s for s in store.learner_summaries("7b")}
    assert list(summaries) == ["anna", "boris", "clara"]
    anna = summaries["anna"]
    assert anna.lessons_opened == ("03", "04") and anna.lessons_finished == ("03",)
    assert anna.quiz == {"honours": (0, 1), "tricks_needed": (1, 2)}
    assert (anna.exercise_points, anna.exercise_max) == (6.5, 7)
    assert summaries["clara"].quiz == {} and summaries["clara"].exercise_max == 0

    mastery = store.mastery("7b")
    assert mastery.question_types == ("honours", "tricks_needed")
    assert mastery.row("anna") == [0.0, 0.5] and mastery.row("boris") == [0.0, 0.0]
    assert mastery.row("clara") == [None, None]
    assert store.common_mistakes("7b") == [("one_trick_per_level", 3), ("honours_need_trumps", 1)]


def test_bad_collection_values_and_unknown_learners_are_refused(store: ClassStore) -> None:
    cases = [
        lambda: store.record_quiz_answer("7b", "anna", source="lesson 3", question_type="x", correct=True),
        lambda: store.record_quiz_answer("7b", "zoe", source="practice", question_type="x", correct=True),
        lambda: store.record_lesson("7b", "anna", "03", "closed"),
        lambda: store.record_lesson("7b", "anna", "../x", "opened"),
        lambda: store.record_grade("7b", "anna", "ex01", 6, 5),
        lambda: store.record_grade("7b", "anna", "ex01", float("nan"), 5),
        lambda: store.add_learners("7b", [""]),
        lambda: store.add_learners("7b", ["a\nb"]),
        lambda: store.create_class("7b", teacher="x"),
    ]
    for case in cases:
        with pytest.raises(ClassError) as caught:
            case()
        assert caught.value.message("de") != str(caught.value)
    assert _count(store, "quiz_answers") == _count(store, "lesson_events") == _count(store, "grades") == 0
    assert [learner.name for learner in store.learners("7b")] == ["anna", "boris", "clara"]


# -- the traveller --------------------------------------------------------------------------------


def _three_results(store: ClassStore) -> tuple[int, dict[str, tuple[int, int]]]:
    board = store.publish_boards("7b", "Week 1", [(21, "N")])[0]
    points: dict[str, tuple[int, int]] = {}
    for learner, seed in (("anna", 1), ("boris", 2), ("clara", 3)):
        kept = store.record_result("7b", learner, board.id, played(board, seed))
        points[learner] = (kept.points.ns, kept.points.ew)
    return board.id, points


def test_the_traveller_ranks_by_the_learners_side_and_names_them_for_the_teacher(
        store: ClassStore, monkeypatch: pytest.MonkeyPatch) -> None:
    board_id, points = _three_results(store)
    monkeypatch.setattr(store_module, "_solve_par", lambda deal: None)  # no solver here: no par
    traveller = store.traveller("7b", board_id)
    assert traveller.par is None
    order = sorted(points, key=lambda n: (-(points[n][0] - points[n][1]), -points[n][0]))
    assert [row.learner for row in traveller.rows] == order
    assert [(row.points_ns, row.points_ew) for row in traveller.rows] == [points[n] for n in order]
    margins = [row.points_ns - row.points_ew for row in traveller.rows]
    assert margins == sorted(margins, reverse=True)
    assert traveller.rows[0].rank == 1 and not any(row.mine for row in traveller.rows)


def test_a_learner_sees_the_traveller_after_playing_the_board_anonymised_as_the_teacher_chose(
        store: ClassStore, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_module, "_solve_par", lambda deal: None)
    board = store.publish_boards("7b", "Week 1", [(22, "E")])[0]
    store.record_result("7b", "anna", board.id, played(board, 1))
    with pytest.raises(ClassError) as early:
        store.traveller("7b", board.id, viewer="boris")
    assert "once boris has played it" in str(early.value) and "gespielt hat" in early.value.message("de")
    store.record_result("7b", "boris", board.id, played(board, 2))
    seen = store.traveller("7b", board.id, viewer="boris", lang="de")
    assert sorted(row.learner for row in seen.rows) == ["Lernende·r 1", "boris"]
    assert [row.mine for row in seen.rows].count(True) == 1
    assert next(row for row in seen.rows if row.mine).learner == "boris"
    store.set_anonymise("7b", False)
    named = store.traveller("7b", board.id, viewer="boris")
    assert sorted(row.learner for row in named.rows) == ["anna", "boris"]
    with pytest.raises(ClassError):
        store.traveller("7b", board.id, viewer="mallory")


def test_the_par_is_solved_once_and_kept(store: ClassStore, monkeypatch: pytest.MonkeyPatch) -> None:
    from vint_core import analysis

    board_id, _ = _three_results(store)
    deal = store.boards("7b")[0].deal()
    calls = []
    real = store_module._solve_par

    def counting(d: Deal) -> str | None:
        calls.append(d)
        return real(d)

    monkeypatch.setattr(store_module, "_solve_par", counting)
    first = store.traveller("7b", board_id)
    assert first.par is not None, "the solver (vint_core[dds]) is needed for the par: pip install 'vint_core[dds]'"
    best = analysis.best_contracts(deal)
    assert first.par.ns.contract == best.ns.contract.pbn and first.par.ns.points == best.ns.points
    assert first.par.ew.declarer == best.ew.contract.declarer.letter
    assert first.par.ew.tricks == best.ew.declarer_tricks
    assert store.traveller("7b", board_id).par == first.par
    assert len(calls) == 1


def test_history_lists_a_learners_own_boards(store: ClassStore) -> None:
    boards = store.publish_boards("7b", "Week 1", [(31, "N"), (32, "E"), (33, "S")])
    for board in (boards[2], boards[0]):
        store.record_result("7b", "clara", board.id, played(board, 5))
    store.record_result("7b", "anna", boards[1].id, played(boards[1], 5))
    assert [r.board_number for r in store.learner_history("7b", "clara")] == [1, 3]
    assert {r.learner for r in store.learner_history("7b", "clara")} == {"clara"}


# -- export -------------------------------------------------------------------------------------------


def test_the_csv_export_neutralises_formulas(store: ClassStore) -> None:
    store.add_learners("7b", ["=HYPERLINK(\"http://evil\")", "+1", "@SUM(A1)", "\tx", "-2+3"])
    board = store.publish_boards("7b", "Week 1", [(41, "N")])[0]
    for name in ("=HYPERLINK(\"http://evil\")", "@SUM(A1)"):
        store.record_result("7b", name, board.id, played(board, 7))
        store.record_quiz_answer("7b", name, source="practice", question_type="=cmd|' /C calc'!A0",
                                 correct=False, misconception="-bad")
    for which in ("results", "learners", "quiz", "mastery", "mistakes", "refusals"):
        cells = [cell for row in csv.reader(io.StringIO(store.export_csv("7b", which))) for cell in row]
        assert cells, which
        for cell in cells:
            assert cell[:1] not in ("=", "+", "@", "\t", "\r"), (which, cell)
            assert not cell.startswith("-") or cell.lstrip("-").replace(".", "").isdigit(), (which, cell)
    learners = store.export_csv("7b", "learners")
    assert "'=HYPERLINK" in learners and "'+1" in learners and "'-2+3" in learners
    with pytest.raises(ClassError, match="is not a table to export"):
        store.export_csv("7b", "passwords")


# -- tokens --------------------------------------------------------------------------------------------


def test_a_personal_token_names_its_learner_and_nothing_else_does(store: ClassStore) -> None:
    token = store.issue_token("7b", "anna")
    assert len(token) >= 40
    assert store.learner_for_token(token).name == "anna"  # type: ignore[union-attr]
    assert store.learner_for_token(token).class_name == "7b"  # type: ignore[union-attr]
    for wrong in (None, "", token[:-1], token + "x", token.upper(), "a" * 43, 12345):
        assert store.learner_for_token(wrong) is None
    other = store.issue_token("7b", "boris")
    assert other != token and store.learner_for_token(other).name == "boris"  # type: ignore[union-attr]
    again = store.issue_token("7b", "anna")  # a new link: the old one stops working
    assert store.learner_for_token(token) is None and store.learner_for_token(again).name == "anna"  # type: ignore[union-attr]
    engine = create_engine(store.url)
    with engine.connect() as conn:
        stored = [str(v) for v in conn.execute(text("SELECT token_hash FROM learners")).scalars()]
    engine.dispose()
    assert again not in stored and other not in stored  # only hashes are kept
    with pytest.raises(ClassError):
        store.issue_token("7b", "zoe")
