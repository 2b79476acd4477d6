"""The conventions of docs/design.md hold across vint_core: one JSON convention, one way to key an error,
per-side values as properties returning PerSide, derived values not stored."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from pathlib import Path

import vint_core
from vint_core import Deal, PerSide, Rubber, Side
from vint_core.errors import ParseError, VintError
from vint_core.explore import calculate
from vint_core.play import Play
from vint_core.table.session import TableSession

PACKAGE = Path(vint_core.__file__).parent


def _definitions() -> list[tuple[str, str]]:
    """(module file, method name) of every method defined in a class of vint_core."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                found += [(str(path.relative_to(PACKAGE)), item.name) for item in node.body
                          if isinstance(item, ast.FunctionDef)]
    return found


def test_every_json_form_is_to_json_and_from_json() -> None:
    names = _definitions()
    assert not [(f, n) for f, n in names if n in ("to_dict", "from_dict", "as_dict", "to_obj", "from_obj")]
    # the engine's records are methods of their values, not module functions
    records = importlib.import_module("vint_core.records")
    assert not [n for n in dir(records) if n.endswith(("_to_json", "_from_json"))]
    for cls in (Deal, Rubber, vint_core.RuleSet, TableSession):
        assert callable(cls.to_json) and inspect.ismethod(cls.from_json), cls


def test_an_error_is_keyed_by_its_reason_only() -> None:
    """No error of vint_core keeps a key of its own or words its message its own way: the Reason's message is the
    message (ParseError only puts the record's line before it)."""
    for info in pkgutil.walk_packages(vint_core.__path__, "vint_core."):
        if info.name.startswith(("vint_core.widgets", "vint_core.app")) or info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, VintError) and cls.__module__ == module.__name__:
                overrides = "message" in vars(cls) and cls not in (VintError, ParseError)
                assert not overrides, f"{cls.__qualname__} words its message its own way"


def test_per_side_values_are_properties_returning_per_side() -> None:
    for cls, name in ((Deal, "tricks_won"), (Deal, "points"), (Play, "tricks_won"), (Rubber, "totals")):
        assert isinstance(inspect.getattr_static(cls, name), property), (cls, name)
    deal = Deal.new(seed=5)
    assert deal.tricks_won == PerSide(0, 0)
    while not deal.is_finished:
        deal = deal.apply(deal.legal_actions()[0])
    assert isinstance(deal.tricks_won, PerSide) and sum(deal.tricks_won) in (0, 13)
    assert isinstance(deal.points, PerSide)
    assert deal.view(deal.dealer).tricks_won == deal.tricks_won
    if deal.play is not None:
        assert deal.play.tricks_won[Side.NS] == deal.tricks_won[Side.NS]


def test_derived_values_are_worked_out_not_stored(tmp_path: Path) -> None:
    session = TableSession(seed=3, autosave=False)
    assert isinstance(inspect.getattr_static(TableSession, "rules"), property)
    assert session.rules is session.rubber.rules
    view = calculate("4H S", tricks=10)
    assert "totals" not in {f for f in vars(view)} and view.totals == sum_lines(view.lines)


def sum_lines(lines: tuple[vint_core.ScoreLine, ...]) -> PerSide[int]:
    ns = sum(line.points for line in lines if line.side is Side.NS)
    return PerSide(ns, sum(line.points for line in lines) - ns)
