"""The widgets reach the table's logic only through the controller, the frame, the drills and the review's work
(issue 19): the widgets' import-linter contract has no exception left, the review panel imports none of the game's
modules, and the controls a front end offers are one value, in the frame."""

from __future__ import annotations

import tomllib
from pathlib import Path

import grimp

from vint_core.table import controller, frame
from vint_core.table.controller import Controller

ROOT = Path(__file__).resolve().parent.parent
CONTRACTS = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]["contracts"]
#: what of vint_core.table the widgets may import
ALLOWED = {"vint_core.table", "vint_core.table.controller", "vint_core.table.frame", "vint_core.table.drills",
           "vint_core.table.review_work"}


def widgets_contract() -> dict[str, object]:
    return next(c for c in CONTRACTS if c["name"].startswith("The widgets draw"))


def test_the_widgets_contract_has_no_exception() -> None:
    contract = widgets_contract()
    assert "ignore_imports" not in contract, contract.get("ignore_imports")
    forbidden = set(contract["forbidden_modules"])  # type: ignore[call-overload]
    assert {"vint_core.table.session", "vint_core.table.review", "vint_core.table.weighing",
            "vint_core.table.session_settings"} <= forbidden


def test_no_widget_imports_the_games_modules() -> None:
    """Every module of the table's logic is either allowed to the widgets or forbidden to them (a new one is placed);
    and the widgets import none but the allowed, also outside ``if TYPE_CHECKING`` (checked by the graph)."""
    graph = grimp.build_graph("vint_core", cache_dir=None, exclude_type_checking_imports=True)
    table = {m for m in graph.modules if m.startswith("vint_core.table")}
    forbidden = set(widgets_contract()["forbidden_modules"])  # type: ignore[call-overload]
    assert table == ALLOWED | forbidden, table ^ (ALLOWED | forbidden)
    for module in sorted(m for m in graph.modules if m.startswith("vint_core.widgets")):
        reached = {m for m in graph.find_modules_directly_imported_by(module) if m.startswith("vint_core.table")}
        assert reached <= ALLOWED, (module, reached - ALLOWED)


def test_the_controls_are_one_value_that_the_frame_carries() -> None:
    assert controller.Controls is frame.Controls and not hasattr(frame, "Buttons")
    table = Controller.one_deal(seed=7)
    table.advance()
    drawn = table.frame()
    assert drawn.controls == table.controls() and drawn.controls.calls and not drawn.controls.cards
    assert not any(hasattr(drawn, name) for name in ("calls", "cards", "buttons"))  # one place, not two
