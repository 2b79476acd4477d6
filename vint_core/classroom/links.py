"""The personal links of a class without a hub: which learner a link's token names.

``vint class tokens`` (the store's :meth:`~vint_core.classroom.store.ClassStore.issue_token`) hands each
learner a link with an unguessable token; ``vint table --class FOLDER`` asks :func:`learner_for_token`
for every page, before any kernel starts (:mod:`vint_core.app.server`).
"""

from __future__ import annotations

import functools
from pathlib import Path

from vint_core.classroom.store import ClassStore, LearnerInfo, default_url

__all__ = ["learner_for_token"]


@functools.lru_cache(maxsize=4)
def _store(folder: str) -> ClassStore:
    return ClassStore(default_url(Path(folder)))


def learner_for_token(folder: str | Path, token: str) -> LearnerInfo | None:
    """The learner of the class in ``folder`` whose personal link carries ``token``; ``None`` for any other."""
    return _store(str(folder)).learner_for_token(token)
