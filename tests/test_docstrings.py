"""Every public function, class, method and property of the engine has a docstring (as PokerKit checks its own).

The engine's modules are the ones the contract "The engine needs no Jupyter, …" of pyproject.toml lists. Public
means defined in the module (not imported into it) under a name without a leading underscore; a class's public
methods and properties are the ones its own body defines. Run as a script, this file prints the figures for the
engine and for the whole package: ``PYTHONPATH=$PWD .venv/bin/python tests/test_docstrings.py [--missing]``.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import sys
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
_CONTRACTS = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]["contracts"]
#: the engine's modules, as the contract "The engine needs no Jupyter, …" lists them
ENGINE: list[str] = next(c for c in _CONTRACTS if c["name"].startswith("The engine"))["source_modules"]


def _doc(obj: Any) -> str | None:
    """The docstring an object carries itself (a class's own, not one inherited from a base)."""
    if inspect.isclass(obj):
        return obj.__dict__.get("__doc__")
    if isinstance(obj, property):
        obj = obj.fget
    return getattr(getattr(obj, "__func__", obj), "__doc__", None)


def public_definitions(module_name: str) -> list[tuple[str, str | None]]:
    """``(qualified name, docstring)`` of every public function, class, method and property the module defines."""
    module = importlib.import_module(module_name)
    found: list[tuple[str, str | None]] = []
    for name, obj in vars(module).items():
        if name.startswith("_") or getattr(obj, "__module__", None) != module_name:
            continue
        if inspect.isfunction(obj):
            found.append((f"{module_name}.{name}", _doc(obj)))
        elif inspect.isclass(obj):
            found.append((f"{module_name}.{name}", _doc(obj)))
            for member_name, member in vars(obj).items():
                function = getattr(member, "__func__", member)  # classmethod, staticmethod
                if not member_name.startswith("_") and (isinstance(member, property) or inspect.isfunction(function)):
                    found.append((f"{module_name}.{name}.{member_name}", _doc(member)))
    return found


def undocumented(module_names: list[str]) -> tuple[int, list[str]]:
    """How many public definitions the modules have, and the names of those without a docstring."""
    found = [d for m in module_names for d in public_definitions(m)]
    return len(found), [name for name, doc in found if not (doc and doc.strip())]


def test_the_engine_modules_are_found() -> None:
    """The list is the engine's (the rules' modules, from seats to PBN), and each module defines something public."""
    assert {"vint_core.deal", "vint_core.auction", "vint_core.play", "vint_core.pbn", "vint_core.seats"} <= set(ENGINE)
    empty = [m for m in ENGINE if not public_definitions(m)]
    assert not empty, f"engine modules with no public definition (is the list right?): {empty}"


def test_every_public_definition_of_the_engine_has_a_docstring() -> None:
    """A new public function, class, method or property of the engine without a docstring fails here, by name."""
    total, missing = undocumented(ENGINE)
    assert total > 250, total  # the whole engine was inspected, not a part of it
    assert not missing, f"{len(missing)} of {total} public definitions of the engine have no docstring:\n" + "\n".join(
        missing)


def test_a_missing_docstring_is_named() -> None:
    """The check finds what it is meant to find: a method without a docstring, and not one with one."""
    module = type(sys)("vint_core_probe")
    exec(  # a fixed text: a class with a documented method, an undocumented one and an undocumented property
        'class Probe:\n    """A probe."""\n\n    def said(self):\n        """Said."""\n\n    def bare(self):\n'
        "        pass\n\n    @property\n    def shown(self):\n        return 1\n", module.__dict__)
    module.Probe.__module__ = "vint_core_probe"
    sys.modules["vint_core_probe"] = module
    try:
        total, missing = undocumented(["vint_core_probe"])
    finally:
        del sys.modules["vint_core_probe"]
    assert (total, missing) == (4, ["vint_core_probe.Probe.bare", "vint_core_probe.Probe.shown"])


def main(argv: list[str]) -> None:
    """Print the docstring coverage of the engine and of the whole package (``--missing``: name what lacks one)."""
    import vint_core

    everything = ["vint_core", *(m.name for m in pkgutil.walk_packages(vint_core.__path__, "vint_core."))]
    for label, modules in (("engine", ENGINE), ("whole package", everything)):
        total, missing = undocumented(modules)
        print(f"{label} ({len(modules)} modules): {total - len(missing)} of {total} public definitions documented "
              f"({100 * (total - len(missing)) / total:.1f} %)")
        if "--missing" in argv:
            print("".join(f"  {name}\n" for name in missing), end="")


if __name__ == "__main__":
    main(sys.argv[1:])
