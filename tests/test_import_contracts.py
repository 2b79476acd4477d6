"""The layers of vint_core hold: import-linter's contracts (pyproject.toml ``[tool.importlinter]``), no import
cycles, and an engine that needs nothing but the standard library."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parent.parent
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
#: the engine's modules, as the contract "The engine needs no Jupyter, …" lists them
ENGINE: list[str] = next(c for c in CONFIG["contracts"] if c["name"].startswith("The engine"))["source_modules"]
#: the one allowed exception: the engine's ``_repr_html_`` imports render inside the method
REPR_HTML = [tuple(line.split(" -> ")) for line in CONFIG["contracts"][0]["ignore_imports"]]
HEAVY = ("ipywidgets", "IPython", "matplotlib", "endplay", "tqdm", "dask", "distributed")


def _graph() -> grimp.ImportGraph:
    return grimp.build_graph("vint_core", include_external_packages=True, cache_dir=None,
                             exclude_type_checking_imports=True)


def test_the_contracts_are_kept() -> None:
    """``lint-imports`` (as ``make lint`` runs it) finds every contract kept; a broken one fails with its report."""
    script = Path(sys.executable).parent / "lint-imports"
    assert script.exists(), f"lint-imports is not installed next to {sys.executable}: pip install import-linter"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    result = subprocess.run([str(script), "--no-cache"], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=300, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"Contracts: {len(CONFIG['contracts'])} kept, 0 broken." in result.stdout, result.stdout


def test_there_are_no_import_cycles() -> None:
    """No module of vint_core imports, directly or through others, a module that imports it back (the lazy
    render import of ``_repr_html_`` aside); a cycle is named module by module."""
    graph = _graph()
    for importer, imported in REPR_HTML:
        graph.remove_import(importer=importer, imported=imported)
    cycles = set()
    for module in sorted(m for m in graph.modules if m.startswith("vint_core")):
        for imported in graph.find_modules_directly_imported_by(module):
            back = graph.find_shortest_chain(importer=imported, imported=module)
            if back:
                ring = back  # imported → … → module, which imports imported
                start = ring.index(min(ring))
                cycles.add(" → ".join((*ring[start:], *ring[:start], ring[start])))
    assert not cycles, "import cycles:\n" + "\n".join(sorted(cycles))


def test_the_allowed_render_imports_are_inside_repr_html() -> None:
    """The exception stays one idiom: each ignored engine → render import is a lazy one, in ``_repr_html_``."""
    graph = _graph()
    for importer, imported in REPR_HTML:
        details = graph.get_import_details(importer=importer, imported=imported)
        assert details, f"{importer} no longer imports {imported}: take it out of ignore_imports"
        lines = (ROOT / (importer.replace(".", "/") + ".py")).read_text(encoding="utf-8").splitlines()
        for detail in details:
            line = detail["line_number"]
            assert lines[line - 1].startswith("        "), (importer, line, "a module-level render import")
            method = next(text for text in reversed(lines[:line]) if text.lstrip().startswith("def "))
            assert "def _repr_html_(" in method, (importer, line, method.strip())


def test_engine_modules_import_only_the_standard_library() -> None:
    """The engine stands alone: every package an engine module imports (also inside a function) is the stdlib's."""
    graph = _graph()
    allowed = set(sys.stdlib_module_names) | {"__future__"}
    outside = {f"{module} imports {name}" for module in ENGINE
               for name in graph.find_modules_directly_imported_by(module)
               if not name.startswith("vint_core") and name not in allowed}
    assert not outside, sorted(outside)


def test_import_vint_core_pulls_in_nothing_heavy() -> None:
    code = ("import json, sys, vint_core; "
            "print(json.dumps(sorted({m.split('.')[0] for m in sys.modules})))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    loaded = set(json.loads(out.stdout))
    assert "vint_core" in loaded
    assert not loaded & set(HEAVY), loaded & set(HEAVY)
