"""The practice page: the quizzes in the browser, served by ``vint quiz --serve`` (Voilà).

It reuses the table's launcher (:mod:`vint_core.app.launch`) with ``practice.ipynb``; its settings are a
:class:`~vint_core.app.settings.PageSettings` (``lang``, ``rules``, ``topics``), handed to the notebook
through ``VINT_*`` environment variables. The questions are asked under the course's own rules (``seed``)
unless ``VINT_RULES`` (``vint quiz --serve --rules short``) or the page's Rules menu chooses another rule set.

>>> notebook_path().name
'practice.ipynb'
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from vint_core.app.settings import PageSettings


def notebook_path() -> Path:
    """The path of ``practice.ipynb`` in the installed package."""
    return Path(str(resources.files("vint_core.app").joinpath("practice.ipynb")))


def serve(settings: PageSettings, *, port: int | None = None, open_browser: bool = True) -> int:
    """Serve the practice page with ``settings`` until interrupted (``vint quiz --serve``)."""
    from vint_core.app import launch

    return launch.run(settings, port=port, open_browser=open_browser, notebook=notebook_path(),
                      title="launch_practice")


__all__ = ["notebook_path", "serve"]
