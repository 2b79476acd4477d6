"""The schema's migrations (Alembic): ``env.py`` and one revision per change in ``versions/``.

:class:`~vint_core.classroom.store.ClassStore` upgrades its database to the newest revision when it
opens it (:func:`upgrade`), so a class's file written by an older version of vint_core is brought up
to date, its data kept. A new revision: ``alembic -c vint_core/classroom/migrations/alembic.ini
revision --autogenerate -m "…"`` against a database at the newest revision, then read what it wrote.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

__all__ = ["FIRST", "HEAD", "alembic_config", "upgrade"]

#: the first revision (the tables of class mode's first version)
FIRST = "0001"
#: the newest revision
HEAD = "0002"


def alembic_config(connection: Any = None) -> Any:
    """An Alembic ``Config`` for these migrations; ``connection`` (a SQLAlchemy connection) is the one they run
    on (env.py uses it instead of opening its own)."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent))
    config.attributes["connection"] = connection
    return config


def upgrade(connection: Any, revision: str = "head") -> None:
    """Bring the database of ``connection`` to ``revision`` (the newest by default), inside its transaction."""
    from alembic import command

    command.upgrade(alembic_config(connection), revision)
