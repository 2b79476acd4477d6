"""Figures for class mode's store (printed, never asserted), each measured as its goal is stated.

* **writes per second with 30 learners** (goal: 30 learners clicking every second without a lost result):
  (a) flat out: 30 learners, each a thread with its own store (its own connections, as each learner's server
  has), writing quiz answers and results as fast as they can for ``--seconds``: writes per second, the
  latency of one write (p50, p95, max), and how many were lost (sent and not in the database);
  (b) paced: the same 30 learners writing one answer a second each for ``--seconds``: latency and lost;
* **a learner's last card to the teacher's traveller** (goal ≤ 1 s): ``record_result`` of a board's last
  learner, then the teacher's ``traveller`` of that board until the row is there, over every board, in a
  class of 30 learners × 12 boards: p50, p95, max;
* **the teacher's page for 30 learners × 12 boards** (goal: drawn in ≤ 2 s; the page's data, without the
  drawing): the 12 travellers, ``learner_summaries``, ``mastery`` and ``common_mistakes``, p50 and max over
  ``--repeat`` runs (the pars already solved and kept, as after the first look).

Run: ``.venv/bin/python bench/class_store.py [--seconds 10] [--repeat 5] [--db URL | --postgres]``; the default is
SQLite in a temporary folder; ``--postgres`` starts a PostgreSQL server of its own (as the tests do). The
machine's load average is printed first and last: quote it with the figures.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from class_support import played, postgres_server  # noqa: E402

from vint_core.classroom.store import ClassStore  # noqa: E402

LEARNERS = 30
BOARDS = 12


def _load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def _ms(values: list[float]) -> str:
    if not values:
        return "none"
    values = sorted(values)
    p95 = values[min(len(values) - 1, int(0.95 * len(values)))]
    return f"p50 {1000 * statistics.median(values):.1f} ms, p95 {1000 * p95:.1f} ms, max {1000 * values[-1]:.1f} ms"


def _class(url: str, name: str) -> tuple[list[str], list[Any]]:
    store = ClassStore(url)
    store.create_class(name, teacher="Bench")
    names = [f"learner{i:02d}" for i in range(LEARNERS)]
    store.add_learners(name, names)
    boards = store.publish_boards(name, "Bench", [(500 + n, "NESW"[n % 4]) for n in range(BOARDS)])
    store.close()
    return names, boards


def _count(store: ClassStore, cls: str) -> int:
    return sum(sum(asked for _, asked in s.quiz.values()) for s in store.learner_summaries(cls))


def writes(url: str, seconds: float, *, paced: bool) -> None:
    cls = "paced" if paced else "flat"
    names, boards = _class(url, cls)
    records = {(i, b.id): played(b, seed=i) for i in range(LEARNERS) for b in boards}
    start = threading.Barrier(LEARNERS)
    latencies: list[float] = []
    sent = [0] * LEARNERS
    errors: list[BaseException] = []
    lock = threading.Lock()

    def learner(i: int) -> None:
        store = ClassStore(url)
        mine: list[float] = []
        try:
            start.wait()
            end = time.perf_counter() + seconds
            n = 0
            while time.perf_counter() < end:
                t0 = time.perf_counter()
                if not paced and n % 5 == 4 and n // 5 < BOARDS:  # now and then a board's result
                    board = boards[n // 5]
                    store.record_result(cls, names[i], board.id, records[i, board.id])
                else:
                    store.record_quiz_answer(cls, names[i], source="practice", question_type=f"type{n % 3}",
                                             correct=n % 2 == 0, first_try=True)
                    sent[i] += 1
                mine.append(time.perf_counter() - t0)
                n += 1
                if paced:
                    time.sleep(max(0.0, 1.0 - (time.perf_counter() - t0)))
        except BaseException as exc:
            errors.append(exc)
        finally:
            store.close()
            with lock:
                latencies.extend(mine)

    threads = [threading.Thread(target=learner, args=(i,)) for i in range(LEARNERS)]
    t0 = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - t0
    store = ClassStore(url)
    kept = _count(store, cls)
    results = len(store.results(cls))
    store.close()
    what = "paced, one answer a second each" if paced else "flat out"
    print(f"writes, {LEARNERS} learners {what}: {len(latencies)} writes in {elapsed:.1f} s = "
          f"{len(latencies) / elapsed:.0f} writes/s; one write {_ms(latencies)}; answers sent {sum(sent)}, kept "
          f"{kept}, lost {sum(sent) - kept}; results kept {results}; errors {len(errors)}"
          + (f" ({errors[0]!r})" if errors else ""))


def last_card_to_traveller(url: str) -> None:
    names, boards = _class(url, "travel")
    store = ClassStore(url)
    for board in boards:
        for i in range(LEARNERS - 1):
            store.record_result("travel", names[i], board.id, played(board, seed=i))
        store.traveller("travel", board.id)  # the par solved and kept, as the teacher's first look did
    teacher = ClassStore(url)
    times: list[float] = []
    last = names[-1]
    for board in boards:
        record = played(board, seed=LEARNERS - 1)
        t0 = time.perf_counter()
        store.record_result("travel", last, board.id, record)
        while not any(row.learner == last for row in teacher.traveller("travel", board.id).rows):
            pass
        times.append(time.perf_counter() - t0)
    print(f"last card to the traveller ({LEARNERS} learners × {BOARDS} boards, record_result then the teacher's "
          f"traveller showing it), {len(times)} boards: {_ms(times)}")
    overview(teacher, boards)
    store.close()
    teacher.close()


def overview(store: ClassStore, boards: list[Any], repeat: int = 5) -> None:
    for i in range(LEARNERS):
        for n in range(20):
            store.record_quiz_answer("travel", f"learner{i:02d}", source=f"lesson {n % 10:02d}",
                                     question_type=f"type{n % 6}", correct=(i + n) % 3 != 0,
                                     misconception=None if (i + n) % 3 else f"mistake{n % 4}")
        store.record_lesson("travel", f"learner{i:02d}", "03", "finished")
        store.record_grade("travel", f"learner{i:02d}", "ex01", i % 6, 5)
    times: list[float] = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        for board in boards:
            store.traveller("travel", board.id)
        store.learner_summaries("travel")
        store.mastery("travel")
        store.common_mistakes("travel")
        times.append(time.perf_counter() - t0)
    print(f"the teacher's page's data ({BOARDS} travellers, summaries, mastery, mistakes; {LEARNERS} learners × "
          f"{BOARDS} boards, 20 answers each), {repeat} runs: {_ms(times)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--db", default=None, help="a SQLAlchemy URL of an empty database (default: SQLite in a "
                                                   "temporary folder)")
    parser.add_argument("--postgres", action="store_true", help="start a PostgreSQL server of its own and use it")
    args = parser.parse_args()
    print(f"load average at the start: {_load()} ({os.cpu_count()} cores)")
    if args.postgres:
        with postgres_server() as server:
            _run(server.new_database(), args)
    elif args.db:
        _run(args.db, args)
    else:
        with tempfile.TemporaryDirectory() as folder:
            _run(f"sqlite:///{folder}/class.db", args)
    print(f"load average at the end: {_load()}")


def _run(url: str, args: argparse.Namespace) -> None:
    print(f"database: {url.split(':')[0]}")
    writes(url, args.seconds, paced=False)
    writes(url, args.seconds, paced=True)
    last_card_to_traveller(url)


if __name__ == "__main__":
    main()
