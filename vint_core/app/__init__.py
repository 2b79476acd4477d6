"""The playable table as a web app: the notebook Voilà serves and the ``vint table`` command.

:func:`notebook_path` finds ``table.ipynb`` inside the installed package (from a
wheel as well as from a checkout); :func:`settings_from_environment` reads the
settings ``vint table`` hands to the notebook through environment variables.

>>> notebook_path().name
'table.ipynb'
>>> settings_from_environment({"VINT_RULES": "short", "VINT_LANG": "de"})["rules"]
'short'
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

#: environment variables the notebook reads, and the setting each one carries
ENVIRONMENT = {
    "VINT_RULES": "rules",
    "VINT_LANG": "lang",
    "VINT_BOTS": "bots",
    "VINT_SEED": "seed",
    "VINT_PACE": "pace",
}


def notebook_path() -> Path:
    """The path of ``table.ipynb`` in the installed package."""
    path = resources.files("vint_core.app").joinpath("table.ipynb")
    return Path(str(path))


def settings_from_environment(environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The table settings given by ``VINT_*`` environment variables (only those that are set).

    ``VINT_BOTS`` is one bot name for all three computer players or three names
    separated by commas (West, North, East, from the human's left); ``VINT_SEED``
    an integer; ``VINT_PACE`` a pace name (``none``, ``fast``, ``normal``, ``slow``,
    ``confirm``) or seconds between computer cards.
    """
    env = os.environ if environ is None else environ
    out: dict[str, Any] = {}
    for var, key in ENVIRONMENT.items():
        value = env.get(var, "").strip()
        if not value:
            continue
        if key == "seed":
            try:
                out[key] = int(value)
            except ValueError:
                continue
        elif key == "bots":
            names = [n.strip() for n in value.split(",") if n.strip()]
            out[key] = tuple(names * 3)[:3] if len(names) == 1 else tuple(names)
        elif key == "pace":
            try:
                out[key] = max(0.0, float(value))
            except ValueError:
                out[key] = value.lower()
        else:
            out[key] = value
    return out


__all__ = ["ENVIRONMENT", "notebook_path", "settings_from_environment"]
