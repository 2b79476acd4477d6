"""Alembic's environment for class mode: the migrations run on the connection the store passes
(``config.attributes["connection"]``), or on ``sqlalchemy.url`` of an ``alembic.ini`` when run by hand."""

from __future__ import annotations

from typing import Any

from alembic import context
from sqlalchemy import engine_from_config, pool

from vint_core.classroom.models import Base


def _configure(connection: Any) -> None:
    # batch: SQLite alters a table by copying it
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)


def _run() -> None:
    config = context.config
    connection = config.attributes.get("connection")
    if connection is not None:
        _configure(connection)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = engine_from_config(config.get_section(config.config_ini_section, {}), prefix="sqlalchemy.",
                                poolclass=pool.NullPool)
    with engine.connect() as conn:
        _configure(conn)
        with context.begin_transaction():
            context.run_migrations()


if hasattr(context, "config"):  # run by Alembic (importing this file elsewhere, as a doctest run does, does nothing)
    _run()
