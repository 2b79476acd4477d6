"""The class store's schema migrates (Alembic): an empty database and one written at the first revision are
both brought to the newest, the data kept, and the result is exactly the models' schema; on SQLite and on a
real PostgreSQL server."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from class_support import PostgresServer, played, postgres_server
from sqlalchemy import create_engine, inspect, text

from vint_core.classroom import migrations
from vint_core.classroom.models import Base
from vint_core.classroom.store import ClassStore


@pytest.fixture(scope="module")
def pg() -> Iterator[PostgresServer]:
    with postgres_server() as server:
        yield server


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'class.db'}"
    return str(request.getfixturevalue("pg").new_database())


def _revision_and_differences(url: str) -> tuple[str | None, list[object]]:
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            context = MigrationContext.configure(conn, opts={"compare_type": True})
            return context.get_current_revision(), compare_metadata(context, Base.metadata)
    finally:
        engine.dispose()


def test_an_empty_database_is_brought_to_the_models_schema(url: str) -> None:
    ClassStore(url).close()
    revision, differences = _revision_and_differences(url)
    assert revision == migrations.HEAD
    assert differences == []


def test_a_database_of_the_first_revision_is_upgraded_with_its_data(url: str) -> None:
    engine = create_engine(url)
    with engine.begin() as conn:
        migrations.upgrade(conn, migrations.FIRST)
    now = dt.datetime.now(dt.UTC)
    with engine.begin() as conn:
        assert "refusals" not in inspect(conn).get_table_names()
        conn.execute(text("INSERT INTO classes (id, name, rules, teacher, anonymise, created_at) "
                          "VALUES (1, '7b', 'seed', 'Ms Ivanova', true, :at)"), {"at": now})
        conn.execute(text("INSERT INTO learners (id, class_id, name) VALUES (1, 1, 'anna'), (2, 1, 'boris')"))
        conn.execute(text("INSERT INTO board_sets (id, class_id, title, published_at) VALUES (1, 1, 'Week 1', :at)"),
                     {"at": now})
        conn.execute(text("INSERT INTO boards (id, set_id, number, seed, dealer) VALUES (1, 1, 1, 5, 'N'), "
                          "(2, 1, 2, 6, 'E')"))
    engine.dispose()
    store = ClassStore(url)
    revision, differences = _revision_and_differences(url)
    assert revision == migrations.HEAD and differences == []
    assert [learner.name for learner in store.learners("7b")] == ["anna", "boris"]
    boards = store.boards("7b")
    assert [(b.number, b.seed, b.dealer.letter) for b in boards] == [(1, 5, "N"), (2, 6, "E")]
    assert store.get_class("7b").teacher == "Ms Ivanova"
    # what the second revision added works on the old data: a refusal is logged, a result kept
    store.record_result("7b", "anna", boards[0].id, played(boards[0], 1))
    with pytest.raises(ValueError):
        store.record_result("7b", "mallory", boards[0].id, played(boards[0], 1))
    assert [why for _, _, why, _ in store.refusals("7b")] == ["not_on_roster"]
    assert store.next_board("7b", "anna") == boards[1]
    store.close()


def test_the_migrations_go_down_and_up_again(url: str) -> None:
    engine = create_engine(url)
    with engine.begin() as conn:
        migrations.upgrade(conn)
    from alembic import command

    with engine.begin() as conn:
        command.downgrade(migrations.alembic_config(conn), "base")
    with engine.connect() as conn:
        assert set(inspect(conn).get_table_names()) <= {"alembic_version"}
    engine.dispose()
    ClassStore(url).close()
    assert _revision_and_differences(url) == (migrations.HEAD, [])
