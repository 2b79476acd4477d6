"""Class mode: a teacher's boards played by every learner, the results collected, travellers and an overview.

A teacher creates a *class* (a name, the roster, the rule set) and publishes *board sets*: seeds with
dealers, or the deals of a PBN file. Every learner plays the same boards against the same computer
players, one after another; each finished board is sent to the store as the project's JSON record
(:mod:`vint_core.records`), which the store replays through the engine and scores itself, so a result
cannot claim what was not played. The store also keeps each quiz answer, each lesson opened and
finished and each exercise grade, under the learner's identity (the hub user, or the personal link's
token when there is no hub), never a free-text name.

- :mod:`vint_core.classroom.models`: the tables (SQLAlchemy's ORM);
- :mod:`vint_core.classroom.store`: :class:`~vint_core.classroom.store.ClassStore`, everything a class does
  (SQLite in the class's folder by default, PostgreSQL when a school gives a URL; the schema migrates with
  Alembic, :mod:`vint_core.classroom.migrations`);
- :mod:`vint_core.classroom.command`: ``vint class …``.

Nothing here draws: the teacher's page and the learner's side are built on the store.
"""

__all__ = ["TOKEN_PARAM"]

#: the query parameter of a learner's personal link (a class without a hub) that carries the learner's token
#: (:meth:`vint_core.classroom.store.ClassStore.issue_token`)
TOKEN_PARAM = "class_token"
