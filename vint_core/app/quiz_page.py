"""The practice page: the quizzes in the browser, served by ``vint quiz --serve`` (Voilà).

It reuses the table's launcher (:mod:`vint_core.app.launch`) with ``practice.ipynb``; settings
reach the notebook through ``VINT_*`` environment variables. The questions are asked under the
course's own rules (``seed``) unless ``VINT_RULES`` (``vint quiz --serve --rules short``) or the
page's Rules menu chooses another rule set:

>>> settings_from_environment({"VINT_LANG": "de", "VINT_QUIZ_TOPIC": "honours,play", "VINT_RULES": "short"})
{'lang': 'de', 'topics': ['honours', 'play'], 'rules': 'short'}
>>> settings_from_environment({"VINT_QUIZ_TOPIC": "all", "VINT_RULES": "nonsense"})
{}
>>> notebook_path().name
'practice.ipynb'
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from vint_core.rules import RULE_SETS, RuleSet


def notebook_path() -> Path:
    """The path of ``practice.ipynb`` in the installed package."""
    return Path(str(resources.files("vint_core.app").joinpath("practice.ipynb")))


def settings_from_environment(environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    """``lang``, ``topics`` and ``rules`` for :meth:`~vint_core.widgets.quiz.QuizWidget.open` from ``VINT_LANG``,
    ``VINT_QUIZ_TOPIC`` (topics separated by commas, or ``all``) and ``VINT_RULES``; a value that
    cannot be read is left out."""
    import os

    from vint_core.quiz import TOPICS, TYPES

    env = os.environ if environ is None else environ
    out: dict[str, Any] = {}
    lang = env.get("VINT_LANG", "").strip().lower()
    if lang in ("en", "de"):
        out["lang"] = lang
    topics = []
    for name in env.get("VINT_QUIZ_TOPIC", "").split(","):
        name = name.strip()
        if name in TOPICS:
            topics.append(name)
        elif name in TYPES:
            topics.append(TYPES[name].topic)
    if topics:
        out["topics"] = list(dict.fromkeys(topics))
    rules = env.get("VINT_RULES", "").strip()
    if rules in RULE_SETS:
        out["rules"] = rules
    return out


def serve(args: argparse.Namespace) -> int:
    """Serve the practice page until interrupted (``vint quiz --serve``)."""
    from vint_core.app.launch import run

    if isinstance(getattr(args, "rules", None), RuleSet):
        args.rules = args.rules.name
    return run(args, notebook=notebook_path(), title="The Vint practice page")


__all__ = ["notebook_path", "serve", "settings_from_environment"]
