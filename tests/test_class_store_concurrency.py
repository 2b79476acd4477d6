"""Thirty learners writing to the class's store on SQLite at once, from threads and from processes of their own:
every result and answer kept, none twice, nothing refused (tests/class_concurrency.py; PostgreSQL:
tests/test_class_store_concurrency_postgresql.py).
"""

from __future__ import annotations

from pathlib import Path

from class_concurrency import learners_in_processes, learners_in_threads


def test_thirty_learners_in_threads_on_sqlite(tmp_path: Path) -> None:
    learners_in_threads(f"sqlite:///{tmp_path / 'class.db'}")


def test_thirty_learners_in_processes_of_their_own_on_sqlite(tmp_path: Path) -> None:
    learners_in_processes(f"sqlite:///{tmp_path / 'class.db'}")
