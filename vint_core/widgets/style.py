"""The widgets' shared layout and style models, their boxes and the foldout; the CSS of the table's controls is the
renderer's (:func:`vint_core.render.table_css`), in one place with the drawings'."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]
import traitlets
from ipywidgets.widgets.widget_bool import ToggleButtonStyle  # type: ignore[import-untyped]
from ipywidgets.widgets.widget_description import DescriptionStyle  # type: ignore[import-untyped]
from ipywidgets.widgets.widget_string import HTMLStyle  # type: ignore[import-untyped]

from vint_core import render

#: the controls' CSS and the page's: kept with the renderer's, in one place (re-exported for the lessons' widgets)
table_css = render.table_css


def style_html(*, four_colour: bool = False) -> str:
    """A ``<style>`` block for an ``HTML`` widget (:func:`vint_core.render.table_css`)."""
    return render.style_html(four_colour=four_colour)


# -- shared layout and style models ------------------------------------------------------------

_MAKERS: dict[str, Any] = {
    "layout": widgets.Layout,
    "html": HTMLStyle,
    "button": widgets.ButtonStyle,
    "description": lambda: DescriptionStyle(description_width="10em"),
    "hidden": lambda: widgets.Layout(display="none"),
    "auto": lambda: widgets.Layout(width="auto"),
    "toggle": ToggleButtonStyle,
}
_SHARED: dict[str, Any] = {}


def shared(kind: str) -> Any:
    """One ``Layout`` (``"layout"``; ``"hidden"``, its display ``none``; ``"auto"``, its width ``auto``) or style
    model (``"html"``, ``"button"``, ``"description"``, ``"toggle"``) for many widgets.

    Every ipywidget otherwise brings its own layout and style models, each one more model for the
    page to fetch and build when it opens. Only widgets that never change their own layout or style
    may use these: a change to a shared model shows on all of them. A closed model is replaced.
    """
    model = _SHARED.get(kind)
    if model is None or (getattr(model, "comm", None) is None and not any(model is w for w in _PENDING or ())):
        model = _SHARED[kind] = _MAKERS[kind]()
    return model


def show_if(widget: Any, shown: bool) -> None:
    """Show or hide a widget that shares its layout: it gets the shared plain layout or the shared hidden one (one
    message; none when it has it already). Such a widget is hidden and shown only this way, never through its
    layout's ``display``, which would hide every widget sharing it."""
    layout = shared("layout" if shown else "hidden")
    if widget.layout is not layout:
        widget.layout = layout


def html(*classes: str, value: str = "") -> Any:
    """An ``HTML`` widget with the shared layout and style (its value may change; its layout may not).

    Its classes are part of the state it opens with (as with :func:`hbox` and :func:`vbox`): each ``add_class``
    after it is opened is one more message for the page."""
    return widgets.HTML(value=value, layout=shared("layout"), style=shared("html"), _dom_classes=classes)


def hbox(children: Any, *classes: str) -> Any:
    """An ``HBox`` with the shared layout (never hidden or resized through its own layout)."""
    return widgets.HBox(children, layout=shared("layout"), _dom_classes=classes)


def vbox(children: Any, *classes: str) -> Any:
    """A ``VBox`` with the shared layout (never hidden or resized through its own layout)."""
    return widgets.VBox(children, layout=shared("layout"), _dom_classes=classes)


#: the widgets made inside :func:`opened_at_the_end`, not opened yet (None outside it)
_PENDING: list[Any] | None = None


@contextlib.contextmanager
def opened_at_the_end() -> Iterator[None]:
    """The widgets made inside are opened once it ends: each one's ``comm_open`` carries its state as drawn by then.

    A widget opened at once (ipywidgets' way) sends its state when it is made and then one more message for each
    change before the page is even there: the table's first drawing (descriptions, tooltips, what is hidden) would
    be some 100 messages more on the way of its page. Here the widgets are opened in the order they were made, each
    after the widgets its state names (children, layout, style, a link's ends). Inside another one it does nothing.
    """
    global _PENDING
    if _PENDING is not None:
        yield
        return
    pending: list[Any] = []
    original = widgets.Widget.open
    _PENDING = pending
    widgets.Widget.open = lambda self: pending.append(self)
    try:
        yield
    finally:
        widgets.Widget.open = original
        _PENDING = None
        done: set[int] = set()

        def open_(widget: Any) -> None:
            if id(widget) in done:
                return
            done.add(id(widget))
            for name in widget.keys:
                for part in _widgets_in(getattr(widget, name, None)):
                    open_(part)
            original(widget)

        for widget in pending:
            open_(widget)


def _widgets_in(value: Any) -> Iterator[Any]:
    if isinstance(value, widgets.Widget):
        yield value
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _widgets_in(item)


class Foldout(widgets.VBox):  # type: ignore[misc]
    """A part that opens and closes with a button of its own: reachable with Tab and visibly focused (an
    ``Accordion``'s headers are not). Opened and closed like one: ``selected_index`` 0 (open) or None. Its layout,
    its body's and its button's are shared (:func:`shared`): it is hidden and shown with :func:`show_if`."""

    selected_index = traitlets.Int(None, allow_none=True)

    def __init__(self, child: Any, *, title: str = "", css: str = "") -> None:
        self.toggle = widgets.ToggleButton(value=False, description=title, layout=shared("auto"),
                                           style=shared("toggle"), _dom_classes=("vint-foldout-button",))
        self.body = widgets.VBox([child], layout=shared("hidden"), _dom_classes=("vint-foldout-body",))
        # shown and hidden with show_if, as its body
        super().__init__([self.toggle, self.body], layout=shared("layout"), _dom_classes=(css,) if css else ())
        self.toggle.observe(self._toggled, names="value")
        self.observe(self._selected, names="selected_index")

    def set_title(self, index: int, title: str) -> None:
        if self.toggle.description != title:
            self.toggle.description = title

    def get_title(self, index: int) -> str:
        return str(self.toggle.description)

    def _toggled(self, change: Any) -> None:
        self.selected_index = 0 if change["new"] else None

    def _selected(self, change: Any) -> None:
        is_open = change["new"] is not None
        self.toggle.value = is_open
        show_if(self.body, is_open)
