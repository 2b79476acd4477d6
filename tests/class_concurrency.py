"""Thirty learners writing to the class's store at once, from threads and from processes of their own: what the
tests of tests/test_class_store_concurrency.py (SQLite) and tests/test_class_store_concurrency_postgresql.py run.

Each learner has two tabs open (two writers: two threads, in the learner's process when each learner has
a process of their own) that send the same three boards at the same moment, as a
double click or a page opened twice would; the store keeps one result per learner and board: every result and
answer kept, none twice, nothing refused. Two files, so that the two stores run on two workers at once.
"""

from __future__ import annotations

import multiprocessing
import threading
from typing import Any

from class_support import played
from sqlalchemy import create_engine, text

from vint_core.classroom.store import ClassStore, ResultInfo

LEARNERS = 30
BOARDS = 3
ANSWERS = 4


def class_of_thirty(url: str) -> tuple[list[str], list[list[dict[str, Any]]], list[int]]:
    """A class of thirty learners in the store at ``url``, three boards published, each learner's records."""
    store = ClassStore(url)
    store.create_class("7b", teacher="Ms Ivanova")
    names = [f"learner{i:02d}" for i in range(LEARNERS)]
    store.add_learners("7b", names)
    boards = store.publish_boards("7b", "Week 1", [(100 + n, "NESW"[n % 4]) for n in range(BOARDS)])
    records = [[played(board, seed=i) for board in boards] for i in range(LEARNERS)]
    store.close()
    return names, records, [board.id for board in boards]


def learner_writes(url: str, name: str, records: list[dict[str, Any]], board_ids: list[int],
                   start: Any) -> list[tuple[int, int, int]]:
    """One learner's tab: its own store (its own connections), waiting for the others, then writing."""
    store = ClassStore(url)
    try:
        start.wait(timeout=300)
        kept: list[ResultInfo] = []
        for board_id, record in zip(board_ids, records, strict=True):
            kept.append(store.record_result("7b", name, board_id, record))
            for k in range(ANSWERS // BOARDS + 1):
                store.record_quiz_answer("7b", name, source="practice", question_type=f"type{k}",
                                         correct=k % 2 == 0)
        return [(r.board_id, r.points.ns, r.points.ew) for r in kept]
    finally:
        store.close()


def check_kept(url: str, names: list[str], outcome: dict[str, list[list[tuple[int, int, int]]]]) -> None:
    """Every result and answer both tabs of every learner sent is kept, none twice, nothing refused."""
    store = ClassStore(url)
    results = store.results("7b")
    assert len(results) == LEARNERS * BOARDS, f"{len(results)} results kept, {LEARNERS * BOARDS} sent"
    assert len({(r.learner, r.board_id) for r in results}) == len(results)  # nothing twice
    for name in names:
        tabs = outcome[name]
        assert len(tabs) == 2 and tabs[0] == tabs[1], name  # both tabs were told the same kept result
        mine = sorted((r.board_id, r.points.ns, r.points.ew) for r in results if r.learner == name)
        assert mine == sorted(tabs[0])
    assert store.refusals("7b") == []
    engine = create_engine(url)
    with engine.connect() as conn:
        answers = conn.execute(text("SELECT count(*) FROM quiz_answers")).scalar_one()
    engine.dispose()
    assert answers == 2 * LEARNERS * BOARDS * (ANSWERS // BOARDS + 1)  # every answer of every tab
    store.close()


def learners_in_threads(url: str) -> None:
    """Thirty learners, two tabs each, each tab a thread of this process, writing at the same moment."""
    names, records, board_ids = class_of_thirty(url)
    start = threading.Barrier(2 * LEARNERS)
    outcome: dict[str, list[list[tuple[int, int, int]]]] = {name: [] for name in names}
    errors: list[BaseException] = []

    def tab(i: int) -> None:
        try:
            outcome[names[i]].append(learner_writes(url, names[i], records[i], board_ids, start))
        except BaseException as exc:  # the assertion below names it
            errors.append(exc)

    threads = [threading.Thread(target=tab, args=(i,)) for i in range(LEARNERS) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=600)
    assert not errors, errors[:3]
    check_kept(url, names, outcome)


def learner_process(url: str, name: str, records: list[dict[str, Any]], board_ids: list[int],
                    start: Any) -> list[list[tuple[int, int, int]]]:
    """One learner's server: a process of its own with the learner's two tabs, each a thread writing."""
    outcome: list[list[tuple[int, int, int]]] = []
    errors: list[BaseException] = []

    def tab() -> None:
        try:
            outcome.append(learner_writes(url, name, records, board_ids, start))
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=tab) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=600)
    if errors:
        raise errors[0]
    return outcome


def learners_in_processes(url: str) -> None:
    """Thirty learners, each a process of their own with two tabs (threads), writing at the same moment."""
    names, records, board_ids = class_of_thirty(url)
    # forkserver: each learner a fresh process forked from one that imported the store once (no threads copied)
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["vint_core.classroom.store", "class_concurrency"])
    with context.Manager() as manager, context.Pool(LEARNERS) as pool:
        start = manager.Barrier(2 * LEARNERS)
        jobs = [(name, pool.apply_async(learner_process, (url, name, records[i], board_ids, start)))
                for i, name in enumerate(names)]
        outcome = {name: job.get(timeout=600) for name, job in jobs}
    check_kept(url, names, outcome)
