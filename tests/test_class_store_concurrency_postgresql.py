"""Thirty learners writing to the class's store on PostgreSQL (a server of this test run) at once, from threads and
from processes of their own: every result and answer kept, none twice, nothing refused (tests/class_concurrency.py;
SQLite: tests/test_class_store_concurrency.py).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from class_concurrency import learners_in_processes, learners_in_threads
from class_support import PostgresServer, postgres_server


@pytest.fixture(scope="module")
def pg() -> Iterator[PostgresServer]:
    with postgres_server() as server:
        yield server


def test_thirty_learners_in_threads_on_postgresql(pg: PostgresServer) -> None:
    learners_in_threads(pg.new_database())


def test_thirty_learners_in_processes_of_their_own_on_postgresql(pg: PostgresServer) -> None:
    learners_in_processes(pg.new_database())
