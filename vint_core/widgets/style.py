"""The CSS of the table's controls (card and call buttons, the felt), added to the renderer's stylesheet."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]
import traitlets
from ipywidgets.widgets.widget_description import DescriptionStyle  # type: ignore[import-untyped]
from ipywidgets.widgets.widget_string import HTMLStyle  # type: ignore[import-untyped]

from vint_core import render

_WIDGET_CSS = """
/* JupyterLab's content font size (Settings ▸ Theme ▸ Increase Content Font Size) reaches the widgets: --vintpx is a
   pixel at JupyterLab's default size (14 px) and grows with it; ipywidgets' own sizes follow it */
.vint{--vintpx:calc(var(--jp-content-font-size1,14px)/14);--jp-widgets-font-size:calc(13*var(--vintpx));
 --jp-widgets-inline-height:calc(28*var(--vintpx));--jp-widgets-inline-label-width:calc(80*var(--vintpx));
 --jp-widgets-inline-width:calc(300*var(--vintpx));--jp-widgets-inline-width-short:calc(148*var(--vintpx));
 --jp-widgets-inline-width-tiny:calc(72*var(--vintpx));
 --jp-widgets-inline-margin:calc(4*var(--vintpx));--jp-widgets-input-padding:calc(4*var(--vintpx))}
/* a widget, and a drawing in it: 15 px at JupyterLab's default size (not 1.07em of an output area's 13 px); :where()
   keeps the weight of a plain .vint, so the widgets' own sizes (the status line's, a phone's) still apply */
:where(.widget-box).vint,:where(.widget-html-content)>.vint{font-size:calc(15*var(--vintpx))}
.vint-table{max-width:calc(1180*var(--vintpx))}
/* JupyterLab's narrow layout (its own 760 px) puts a code cell's prompt above the code, but leaves a folded cell's
   empty prompt beside its bar (# check: …), which it pushes off the page: the bar starts where the code does */
@media only screen and (width <= 760px){.jp-InputPlaceholder>.jp-Placeholder-prompt{display:none}
 .jp-InputPlaceholder>.jp-Placeholder-content{min-width:0;margin-left:var(--jp-code-padding,5px)}}
.vint-last-trick .vint-last-play{display:inline-block;white-space:nowrap}
/* a text box, a checkbox or a dropdown (its width grown with the font) never wider than the widget */
.vint :is(.widget-text,.widget-checkbox,.widget-dropdown){max-width:100%}
.vint :is(.widget-text,.widget-dropdown) :is(input,select){min-width:0}
.vint-table .vint-title{font-size:1.35em;font-weight:700;margin:.1em 0 .2em}
.vint-table .vint-subtitle{color:var(--vint-muted);font-size:.9em}
.vint-table .vint-felt-box{background:var(--vint-felt);color:var(--vint-felt-fg);border-radius:.8em;
 padding:.6em .8em;min-width:34em}
.vint-table .vint-felt-box .widget-html,.vint-table .vint-felt-box .widget-html-content{color:inherit}
.vint-table .vint-feltrow{justify-content:space-between;align-items:center}
.vint-table .vint-feltrow-top{justify-content:center}
.vint-seatbox{padding:.3em .5em;border-radius:.5em;min-width:10em;color:var(--vint-felt-fg)}
.vint-seatbox.vint-active{box-shadow:0 0 0 2px var(--vint-win)}
.vint-seatbox .vint-seatlabel,.vint-seatbox .vint-facts{line-height:1.35}
.vint-seatbox .vint-seatlabel{color:var(--vint-felt-fg);font-size:.95em}
.vint-seatbox .vint-player{font-weight:400;opacity:.85}
.vint-seatbox .vint-backs{display:flex;font-size:.55em;padding:.3em 0}
.vint-seatbox .vint-backs .vint-cardback+.vint-cardback{margin-left:-2.5em}
.vint-table .vint-wait{cursor:progress}
.vint-table .vint-wait .jupyter-button{pointer-events:none}
.vint-seatbox .vint-facts{font-size:.82em;opacity:.9}
.vint-table .vint-trickview .vint-trick .vint-slabel{color:var(--vint-felt-fg)}
.vint-table .vint-trickview .vint-empty{border-color:rgba(255,255,255,.4)}
.vint-table .vint-hand-label{color:var(--vint-felt-fg);font-weight:600;font-size:.95em}
.vint-table .vint-handrow{flex-wrap:wrap;gap:3px;padding:.35em 0 .1em;min-height:calc(70*var(--vintpx))}
.vint-table .jupyter-button.vint-cardbutton{width:calc(44*var(--vintpx));height:calc(64*var(--vintpx));padding:0;
 margin:0;font-size:calc(17*var(--vintpx));
 font-weight:700;background:#fffdf7;border:1px solid #9a9a9a;border-radius:.35em;
 box-shadow:0 1px 2px rgba(0,0,0,.3);font-family:"DejaVu Sans","Segoe UI Symbol",system-ui,sans-serif;
 transition:transform .08s}
.vint-table .jupyter-button.vint-cardbutton.vint-suit-s{color:#111111}
.vint-table .jupyter-button.vint-cardbutton.vint-suit-h{color:#c0102a}
.vint-table .jupyter-button.vint-cardbutton.vint-suit-d{color:var(--vint-face-d,#c0102a)}
.vint-table .jupyter-button.vint-cardbutton.vint-suit-c{color:var(--vint-face-c,#111111)}
.vint-table.vint-4c .jupyter-button.vint-cardbutton.vint-suit-d,
.vint-table.vint-4c .jupyter-button.vint-call.vint-suit-d{color:#1763c6}
.vint-table.vint-4c .jupyter-button.vint-cardbutton.vint-suit-c,
.vint-table.vint-4c .jupyter-button.vint-call.vint-suit-c{color:#13803a}
.vint-table .jupyter-button.vint-cardbutton:enabled:hover,
.vint-table .jupyter-button.vint-cardbutton:enabled:focus-visible{
 transform:translateY(-.3em);outline:2px solid var(--vint-win);outline-offset:1px}
.vint-table .jupyter-button.vint-cardbutton:disabled{opacity:1;filter:brightness(.72) saturate(.5);cursor:default}
.vint-table .vint-idle .jupyter-button.vint-cardbutton:disabled,
.vint-table .vint-wait .jupyter-button.vint-cardbutton:disabled{filter:none}
.vint-table .vint-scoresheet{min-width:0;width:100%}
.vint-table .vint-centre{align-items:center;justify-content:center;min-width:13em}
.vint-table .vint-centre .vint-auction{background:var(--vint-bg);color:var(--vint-fg);border-radius:.5em}
.vint-table .vint-biddingbox{gap:.15em;padding:.3em 0}
.vint-table .vint-callrow{gap:.15em}
.vint-table .jupyter-button.vint-call{width:3.6em;height:1.9em;padding:0;margin:0;font-weight:700;font-size:1em;
 background:var(--vint-bg);border:1px solid var(--vint-line);border-radius:.3em}
.vint-table .jupyter-button.vint-call.vint-suit-s,
.vint-table .jupyter-button.vint-call.vint-suit-c{color:var(--vint-fg)}
.vint-table .jupyter-button.vint-call.vint-suit-h,
.vint-table .jupyter-button.vint-call.vint-suit-d{color:var(--vint-h)}
.vint-table .jupyter-button.vint-call.vint-suit-nt{color:var(--vint-accent)}
.vint-table .jupyter-button.vint-call:disabled{opacity:.3}
.vint-table .jupyter-button.vint-call.vint-pass-button{width:18.6em;color:var(--vint-fg);background:#e7f3ea}
.vint-table .jupyter-button.vint-call:enabled:hover{outline:2px solid var(--vint-accent)}
.vint-table .vint-controls{gap:.3em;flex-wrap:wrap;padding:.3em 0}
.vint-table .vint-controls .jupyter-button{width:auto;padding:0 .9em}
.vint-table .jupyter-button.vint-next-deal:enabled,.vint-table .jupyter-button.vint-continue:enabled{
 background:var(--vint-accent);color:#fff;font-weight:700}
.vint-table .jupyter-button.vint-attention{outline:2px solid var(--vint-win)}
/* the side panel goes under the felt when the output area (a notebook beside JupyterLab's file browser) has no
   room for both: it is never cut off */
.vint-table .vint-body{flex-wrap:wrap}
.vint-table .vint-main{flex:0 1 auto;min-width:0}
.vint-table .vint-side{flex:1 1 22em;min-width:22em;gap:.5em;padding-left:.8em}
/* the score sheet in the side panel: columns that fit beside the felt in a notebook's output area (1100 px at a
   1280 px screen), all six of them, E–W too; should it ever be wider, it scrolls rather than being cut off */
.vint-table .vint-side .vint-scoresheet-view,.vint-table .vint-side .vint-scoresheet-view .widget-html-content{
 max-width:100%;overflow-x:auto}
.vint-table .vint-side .vint-scoresheet{padding-left:1.1em}
.vint-table .vint-side .vint-sheet-grid,.vint-table .vint-side .vint-sheet-row>summary{
 grid-template-columns:1.4em 3.9em minmax(0,1fr) 3.4em 4.2em 4.2em;gap:.3em}
.vint-table .vint-side .vint-scoresheet ul{margin-left:1em}
.vint-table .vint-review{padding:.4em 0;overflow-x:auto}
.vint-table .jupyter-button.vint-review-step{width:3em}
.vint-table .vint-panel{background:var(--vint-panel);border-radius:.5em;padding:.4em .6em}
.vint-table .vint-status{font-size:1.02em;min-height:1.6em}
/* the status line and, while a computer player is thinking, "Faster" beside it (its place kept otherwise) */
.vint-table .vint-statusrow{align-items:center;gap:.5em}
.vint-table .vint-statusrow>.vint-status-box{flex:1 1 auto;min-width:0}
.vint-table .vint-statusrow .jupyter-button.vint-faster{flex:0 0 auto;width:auto;padding:0 .9em}
.vint-table .vint-status .vint-why{color:var(--vint-muted);font-size:.9em}
.vint-table .vint-save-notice{font-weight:700;border-left:4px solid var(--vint-focus);padding-left:.5em}
.vint-table .vint-howto ol{margin:.2em 0 .2em 1.2em;padding:0}
.vint-table .vint-review-board .vint-deal{font-size:.9em}
.vint-table .vint-note{color:var(--vint-muted);font-size:.9em}
.vint-table .widget-dropdown>select{background:var(--vint-bg);color:var(--vint-fg)}
.vint-table .vint-hand-label .widget-html-content,.vint-table .vint-seatpanel .widget-html-content{
 color:var(--vint-felt-fg)}
.vint-table .vint-meanings ol{margin:.2em 0 .2em 1.4em;padding:0}
.vint-table .vint-meanings summary,.vint-table .vint-last-trick summary,
.vint-table .vint-review-reasons summary{cursor:pointer;font-weight:600}
.vint-table .vint-practised{white-space:nowrap}
.vint-table .jupyter-button.vint-foldout-button{width:100%;text-align:left;font-weight:700;
 background:var(--vint-panel);color:var(--vint-fg);border:1px solid var(--vint-line);border-radius:.3em;height:auto;
 padding:.35em .7em;margin:.2em 0}
.vint-table .jupyter-button.vint-foldout-button::before{content:"▸ "}
.vint-table .jupyter-button.vint-foldout-button.mod-active::before{content:"▾ "}
.vint-table .vint-foldout-body{padding:.2em .7em .5em}
/* keyboard: every control shows where the focus is, clearly */
.vint-table button:focus-visible,.vint-table select:focus-visible,.vint-table input:focus-visible,
.vint-table summary:focus-visible,.vint-table .jupyter-button:focus-visible{
 outline:3px solid var(--vint-focus) !important;outline-offset:2px;box-shadow:0 0 0 5px var(--vint-bg)}
.vint-table{--vint-focus:#b35900}
/* phone and tablet: one column, nothing off screen, no side-scrolling */
@media (max-width:900px){
 .vint-table .vint-body{flex-direction:column;flex-wrap:nowrap}
 .vint-table .vint-side{padding-left:0;min-width:0;flex:none}
 .vint-table .vint-main{flex:none}
 .vint-table .vint-felt-box{min-width:0}
 .vint-table .vint-scoresheet{min-width:0;padding-left:1.1em}
 .vint-table .vint-review .vint-deal{grid-template-columns:minmax(0,auto);width:auto}
}
@media (max-width:600px){
 .vint-table{font-size:calc(14*var(--vintpx))}
 .vint-table .vint-felt-box{padding:.4em .3em}
 .vint-table .vint-statusrow .jupyter-button.vint-faster:disabled{display:none}
 .vint-table .vint-feltrow{flex-wrap:wrap;justify-content:center;gap:.3em}
 .vint-table .vint-seatbox{min-width:0}
 .vint-table .vint-feltrow>.vint-seatpanel{flex:1 1 40%;min-width:0}
 .vint-table .vint-centre{min-width:0;order:3;flex:1 1 100%}
 .vint-table .vint-centre>.widget-html,.vint-table .vint-centre .widget-html-content{max-width:100%;overflow-x:auto}
 .vint-table .jupyter-button.vint-cardbutton{width:calc(38*var(--vintpx));height:calc(54*var(--vintpx));
  font-size:calc(15*var(--vintpx))}
 .vint-table .jupyter-button.vint-call{width:2.9em}
 .vint-table .jupyter-button.vint-call.vint-pass-button{width:100%}
 .vint-table .vint-sheet-grid,.vint-table .vint-sheet-row>summary,
 .vint-table .vint-side .vint-sheet-grid,.vint-table .vint-side .vint-sheet-row>summary{
  grid-template-columns:1.3em 3.9em 1fr 2.9em 3.2em 3.2em;gap:.2em;font-size:.9em}
 .vint-table .vint-scoresheet ul{margin-left:.4em}
 .vint-table .widget-dropdown{flex-wrap:wrap}
 .vint-table .widget-dropdown>select{max-width:100%}
 .vint-table .vint-live td,.vint-table .vint-live th{padding:.1em .25em}
 .vint-table .vint-race-plot svg{max-width:100%;height:auto}
}
"""

#: the page's own colours (JupyterLab's, under Voilà) in a dark browser: the whole page follows the browser's theme
_JP_DARK = {
    "layout-color0": "#111111", "layout-color1": "#1b1c1f", "layout-color2": "#2e3035", "layout-color3": "#55575d",
    "ui-font-color0": "#ffffff", "ui-font-color1": "#e8e8ea", "ui-font-color2": "#c4c6cb", "ui-font-color3": "#a6a8ad",
    "content-font-color0": "#ffffff", "content-font-color1": "#e8e8ea", "content-font-color2": "#c4c6cb",
    "content-font-color3": "#a6a8ad", "border-color0": "#55575d", "border-color1": "#55575d",
    "border-color2": "#44464c", "border-color3": "#2e3035", "inverse-layout-color0": "#ffffff",
    "widgets-color": "#e8e8ea", "widgets-input-color": "#e8e8ea", "widgets-input-background-color": "#1b1c1f",
    "widgets-input-border-color": "#55575d", "widgets-label-color": "#e8e8ea",
    "widgets-readout-label-color": "#e8e8ea", "widgets-slider-handle-background-color": "#1b1c1f",
    "widgets-slider-active-handle-color": "#78aef5", "widgets-slider-handle-border-color": "#a6a8ad",
}


#: the controls' own colours on a dark page (selectors inside ``.vint-table``)
_DARK_CONTROLS = (
    ("", "--vint-focus:#ffb74d"),
    (" .jupyter-button", "background:#2e3035;color:#e8e8ea"),
    (" .jupyter-button:disabled", "color:#a6a8ad"),
    (" .jupyter-button.vint-call.vint-pass-button", "background:#23402d;color:#e8e8ea"),
    (" .jupyter-button.vint-cardbutton", "background:#fffdf7"),
)


def _dark_controls(scope: str) -> str:
    """The controls' dark colours, each selector after ``scope`` (a selector and a space)."""
    return "".join(f"{scope}.vint-table{sel}{{{decls}}}" for sel, decls in _DARK_CONTROLS)


#: Voilà's pages (the table, a lesson served alone): they follow the browser's preference. :where() keeps the
#: selectors' weight as it is without it.
_VOILA = ":where([data-voila]) "


def dark_page_css(*, four_colour: bool = False) -> str:
    """In Voilà, in a browser that prefers dark colours, the page turns dark: JupyterLab's colours (the page, the
    dropdowns, the buttons), the renderer's (:func:`vint_core.render.stylesheet` ``"dark"``) and the table's.
    JupyterLab keeps its own theme (a lesson's widget does not darken a light JupyterLab on a dark system); in a
    page with a dark theme of its own (JupyterLab Dark, :data:`vint_core.render.DARK_PAGES`) the controls take
    their dark colours whatever the browser prefers."""
    jp = "".join(f"--jp-{k}:{v};" for k, v in _JP_DARK.items())
    page = ",".join(f"body[data-voila]{inside}" for inside in ("", " .jp-Notebook", " .jp-Cell", " #rendered_cells"))
    return ("@media (prefers-color-scheme:dark){"
            f":root:has(>body[data-voila]),body[data-voila]{{{jp}}}"
            f"{page}{{background:#111111;color:#e8e8ea}}"
            f"{render.theme_rule('dark', four_colour=four_colour, scope=_VOILA)}"
            f"{_dark_controls(_VOILA)}"
            "}" + _dark_controls(f":where({','.join(render.DARK_PAGES)}) "))


#: a deal drawn on its own (a notebook's output, a lesson widget's drawing) in less room than it would take, as
#: JupyterLab's larger font sizes leave it even on a wide screen: its three columns narrower, and below their
#: narrowest (43 of the deal's own em) one column, as on a phone. With the widgets' CSS, which every lesson's page
#: has (its quiz), not in each drawing's own.
_FITTED_CSS = (":is(.jp-RenderedHTML,.vint-lesson-scroll)>.vint:has(>.vint-deal){container-type:inline-size}"
               ":is(.jp-RenderedHTML,.vint-lesson-scroll)>.vint>.vint-deal{max-width:100%}"
               f"@container (width < 43em){{{render.NARROW_CSS}}}")


def table_css(*, four_colour: bool = False) -> str:
    """The renderer's stylesheet (light; dark with the page's theme), the controls' CSS, and the dark colours of
    the whole page when the browser prefers them."""
    return (render.stylesheet("auto", four_colour) + _WIDGET_CSS + _FITTED_CSS
            + dark_page_css(four_colour=four_colour))


def style_html(*, four_colour: bool = False) -> str:
    """A ``<style>`` block for an ``HTML`` widget."""
    return f"<style>{table_css(four_colour=four_colour)}</style>"


# -- shared layout and style models ------------------------------------------------------------

_MAKERS: dict[str, Any] = {
    "layout": widgets.Layout,
    "html": HTMLStyle,
    "button": widgets.ButtonStyle,
    "description": lambda: DescriptionStyle(description_width="10em"),
}
_SHARED: dict[str, Any] = {}


def shared(kind: str) -> Any:
    """One ``Layout`` (``"layout"``) or style model (``"html"``, ``"button"``, ``"description"``) for many widgets.

    Every ipywidget otherwise brings its own layout and style models, each one more model for the
    page to fetch and build when it opens. Only widgets that never change their own layout or style
    may use these: a change to a shared model shows on all of them. A closed model is replaced.
    """
    model = _SHARED.get(kind)
    if model is None or getattr(model, "comm", None) is None:
        model = _SHARED[kind] = _MAKERS[kind]()
    return model


def html(*classes: str, value: str = "") -> Any:
    """An ``HTML`` widget with the shared layout and style (its value may change; its layout may not)."""
    widget = widgets.HTML(value=value, layout=shared("layout"), style=shared("html"))
    for css in classes:
        widget.add_class(css)
    return widget


def hbox(children: Any, *classes: str) -> Any:
    """An ``HBox`` with the shared layout (never hidden or resized through its own layout)."""
    box = widgets.HBox(children, layout=shared("layout"))
    for css in classes:
        box.add_class(css)
    return box


def vbox(children: Any, *classes: str) -> Any:
    """A ``VBox`` with the shared layout (never hidden or resized through its own layout)."""
    box = widgets.VBox(children, layout=shared("layout"))
    for css in classes:
        box.add_class(css)
    return box


class Foldout(widgets.VBox):  # type: ignore[misc]
    """A part that opens and closes with a button of its own: reachable with Tab and visibly focused (an
    ``Accordion``'s headers are not). Opened and closed like one: ``selected_index`` 0 (open) or None."""

    selected_index = traitlets.Int(None, allow_none=True)

    def __init__(self, child: Any, *, title: str = "", css: str = "") -> None:
        self.toggle = widgets.ToggleButton(value=False, description=title, layout=widgets.Layout(width="auto"))
        self.toggle.add_class("vint-foldout-button")
        self.body = widgets.VBox([child], layout=widgets.Layout(display="none"))
        self.body.add_class("vint-foldout-body")
        super().__init__([self.toggle, self.body])
        if css:
            self.add_class(css)
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
        self.body.layout.display = None if is_open else "none"
