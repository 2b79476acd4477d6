"""The personal links of a class without a hub: which learner a link's token names.

``vint class tokens CLASS --url URL`` (the store's :meth:`~vint_core.classroom.store.ClassStore.issue_token`)
hands each learner a link with an unguessable token (``?class_token=…``); ``vint table --class`` asks
:func:`learner_for_token` for every page, before any kernel starts (:mod:`vint_core.app.server`).
"""

from __future__ import annotations

import functools
from pathlib import Path

from vint_core.classroom import TOKEN_PARAM
from vint_core.classroom.served import store_url
from vint_core.classroom.store import ClassStore, LearnerInfo

__all__ = ["TOKEN_PARAM", "learner_for_token"]


@functools.lru_cache(maxsize=4)
def _store(url: str) -> ClassStore:
    return ClassStore(url)


def learner_for_token(where: str | Path, token: str) -> LearnerInfo | None:
    """The learner of the store ``where`` names (a folder or a database URL:
    :func:`~vint_core.classroom.served.store_url`) whose personal link carries ``token`` (``?class_token=…``);
    ``None`` for any other."""
    return _store(store_url(where)).learner_for_token(token)
