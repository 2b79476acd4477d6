"""The API reference builds from the docstrings (docs/, Sphinx): ``nitpicky`` and warnings as errors, so every
cross-reference in a docstring resolves; nothing is fetched from the internet (no intersphinx)."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
INSTALL = "install the test extra: pip install -e '.[test]' (sphinx>=7, myst-parser)"


def _sphinx_build(source: Path, out: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    """``sphinx-build -W -n --keep-going`` of ``source`` into ``out`` (HTML), with this worktree first on the path."""
    for package in ("sphinx", "myst_parser"):
        assert importlib.util.find_spec(package), f"{package} is missing: {INSTALL}"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    return subprocess.run([sys.executable, "-m", "sphinx", "-W", "-n", "--keep-going", "-q", "-b", "html",
                           *extra, str(source), str(out)], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=900, check=False)


def test_the_reference_builds_without_a_warning(tmp_path: Path) -> None:
    """The whole reference builds with no warning, and holds the engine's, the players' and the table's pages."""
    result = _sphinx_build(DOCS, tmp_path)
    assert result.returncode == 0, result.stderr
    engine = (tmp_path / "api" / "engine.html").read_text(encoding="utf-8")
    assert 'id="vint_core.deal.Deal"' in engine
    assert 'id="vint_core.seats.Seat.partner"' in engine  # a property, documented since the engine is complete
    assert 'id="vint_core.bots.rule_bot.RuleBot"' in (tmp_path / "api" / "bots.html").read_text(encoding="utf-8")
    assert 'id="vint_core.table.controller.Controller"' in (tmp_path / "api" / "table.html").read_text(encoding="utf-8")
    assert "The default rule set" in (tmp_path / "rules.html").read_text(encoding="utf-8")  # docs/rules.md, by MyST


def test_a_cross_reference_to_nothing_fails_the_build(tmp_path: Path) -> None:
    """The same configuration refuses a role whose target does not exist, naming it."""
    source = tmp_path / "source"
    source.mkdir()
    (source / "index.rst").write_text("Probe\n=====\n\nSee :class:`vint_core.deal.NoSuchClass`.\n", encoding="utf-8")
    result = _sphinx_build(source, tmp_path / "out", "-c", str(DOCS))
    assert result.returncode != 0
    assert "vint_core.deal.NoSuchClass" in result.stderr, result.stderr


def test_every_module_of_the_package_has_its_place_in_the_reference() -> None:
    import pkgutil

    import vint_core

    modules = {info.name for info in pkgutil.walk_packages(vint_core.__path__, "vint_core.")} | {"vint_core"}
    pages = "".join(path.read_text(encoding="utf-8") for path in (DOCS / "api").glob("*.rst"))
    listed = set(re.findall(r"^\.\. automodule:: (\S+)$", pages, flags=re.MULTILINE))
    missing = sorted(m for m in modules - listed if not m.rsplit(".", 1)[-1].startswith("_"))
    assert not missing, f"modules with no page in docs/api: {missing}"
