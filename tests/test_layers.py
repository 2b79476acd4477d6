"""DESIGN.md §1: the engine stands alone: no Jupyter, no plotting, no double-dummy solver, stdlib only."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "vint_core"
ENGINE = ["__init__", "cards", "seats", "calls", "auction", "play", "deal", "views", "rules", "scoring", "rubber",
          "honours", "pbn", "records", "random_play", "errors", "i18n"]
HEAVY = ("ipywidgets", "IPython", "matplotlib", "endplay", "tqdm", "dask", "distributed")


def test_import_vint_core_pulls_in_nothing_heavy() -> None:
    code = ("import json, sys, vint_core; "
            "print(json.dumps(sorted({m.split('.')[0] for m in sys.modules})))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    loaded = set(json.loads(out.stdout))
    assert "vint_core" in loaded
    assert not loaded & set(HEAVY), loaded & set(HEAVY)


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("module", [m for m in ENGINE if (PACKAGE / f"{m}.py").exists()])
def test_engine_modules_import_only_the_standard_library(module: str) -> None:
    allowed = set(sys.stdlib_module_names) | {"vint_core", "__future__"}
    assert _imports(PACKAGE / f"{module}.py") <= allowed


@pytest.mark.parametrize("module", [m for m in ENGINE if (PACKAGE / f"{m}.py").exists()])
def test_engine_modules_do_not_reach_up_into_the_interface(module: str) -> None:
    """Arrows point down: the engine may lazily use the pure renderer, never widgets, session or bots."""
    tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            assert not node.module.startswith(("vint_core.widgets", "vint_core.session", "vint_core.bots")), (
                module, node.module)


def test_the_core_modules_exist() -> None:
    for module in ["cards", "seats", "calls", "auction", "play", "deal", "views", "rules", "scoring", "rubber",
                   "errors", "i18n"]:
        assert (PACKAGE / f"{module}.py").exists(), module
