"""Class boards at the table: the boards the teacher published, played one after another, then their travellers.

:func:`with_class_boards` puts a "Class boards" button above the learner's table, but only when the
kernel is in a class (:func:`vint_core.classroom.client.connect`: the hub's service, or a personal link of
``vint table --class``). The button opens the next board the learner has not played (where they stopped:
a board half played is resumed from its own save, ``class-board-ID.json``), dealt from the board's seed or
PBN deal, under the class's rules, against the same computer players as every classmate (RuleBots, whose
choices follow from the board alone). When the deal ends, its record goes to the class (the store replays
and scores it), and the board's traveller appears below the table (the others named or anonymised, as the
teacher chose) with the learner's own history of class boards, and a button for the next board. "Back to
my own game" returns to the learner's own table, as it was.
"""

from __future__ import annotations

import html as _html
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from vint_core.bots import seated
from vint_core.classroom.client import ClassLink, connect
from vint_core.classroom.page import contract_text
from vint_core.deal import Deal
from vint_core.errors import VintError
from vint_core.i18n import seat_name, side_name, text
from vint_core.rules import RuleSet
from vint_core.saves import data_dir
from vint_core.seats import Seat, Side
from vint_core.table.controller import Controller
from vint_core.table.frame import TableFrame
from vint_core.widgets.table import Table

__all__ = ["CLASS_BOTS", "ClassBoards", "board_deal", "traveller_html", "with_class_boards"]

#: the computer players of every class board, around the learner in South: the same for every learner, so that
#: their results compare, and the served table's (:func:`~vint_core.bots.table_bots`)
CLASS_BOTS = seated(Seat.SOUTH)

_STYLE = """<style>
.vint-class-bar{display:flex;flex-wrap:wrap;gap:0.5em;align-items:center;margin:0.3em 0}
.vint-class-board .vint-next-deal,.vint-class-board .vint-extras{display:none !important}
.vint-class-after{margin:0.5em 0;max-width:100%;min-width:0}
.vint-class-after .widget-html-content,.vint-class-status .widget-html-content{flex-shrink:1;min-width:0;
max-width:100%;white-space:normal}
.vint-class-after p,.vint-class-after h3,.vint-class-after li,.vint-class-status span{white-space:normal;
overflow-wrap:anywhere;line-height:1.4}
.vint-class-after .scroll{overflow-x:auto;max-width:100%}
.vint-class-after table{border-collapse:collapse;margin:0.3em 0}
.vint-class-after th,.vint-class-after td{border:1px solid var(--jp-border-color2,#ccc);padding:0.2em 0.45em;
white-space:nowrap;text-align:left}
.vint-class-after ul{padding-left:1.2em}
.vint-class-after td.num{text-align:right;font-variant-numeric:tabular-nums}
.vint-class-after tr.mine td{background:var(--jp-warn-color3,#fff4c2);color:var(--jp-ui-font-color0,inherit)}
@media (prefers-color-scheme: dark){.vint-class-after tr.mine td{background:#4a4020}}
.vint-class-after th{background:var(--jp-layout-color2,#f1f3f5)}
</style>"""


def board_deal(board: Mapping[str, Any]) -> Deal:
    """A published board's deal (the service's JSON of it), the same for every learner of the class."""
    rules = RuleSet.from_json(board["rules"])
    number = str(board["number"])
    if board.get("pbn_deal"):
        return Deal.from_pbn(str(board["pbn_deal"]), dealer=Seat.parse(board["dealer"]), rules=rules, board=number)
    return Deal.new(dealer=Seat.parse(board["dealer"]), seed=int(board["seed"]), rules=rules, board=number)


def _e(value: object) -> str:
    return _html.escape(str(value), quote=True)


def traveller_html(traveller: Mapping[str, Any], lang: str = "en") -> str:
    """A board's traveller (the service's JSON) as an HTML table, the learner's own row marked."""
    board = traveller["board"]
    head = (f"<h3>{_e(text('class_board_dealer', lang, number=board['number'], dealer=seat_name(Seat.parse(board['dealer']), lang)))}</h3>"  # noqa: E501
            f"<p>{_e(text('class_par', lang, par=traveller['par']) if traveller.get('par') else text('class_par_unknown', lang))}</p>")  # noqa: E501
    columns = ("class_rank", "class_learner", "class_contract", "class_declarer", "class_tricks",
               "class_points_ns", "class_points_ew")
    cells = "".join(f"<th scope='col'>{_e(text(c, lang))}</th>" for c in columns)
    rows = []
    for row in traveller["rows"]:
        name = f"{row['learner']} ({text('class_you', lang)})" if row.get("mine") else row["learner"]
        values = [(row["rank"], True), (name, False), (contract_text(row["contract"], lang), False),
                  (row["declarer"] or "—", False), ("—" if row["tricks"] is None else row["tricks"], True),
                  (row["points"]["NS"], True), (row["points"]["EW"], True)]
        tds = "".join(f"<td class='num'>{_e(v)}</td>" if num else f"<td>{_e(v)}</td>" for v, num in values)
        rows.append(f"<tr class='{'mine' if row.get('mine') else ''}'>{tds}</tr>")
    return (head + f"<div class='scroll'><table class='vint-class-traveller' data-board='{_e(board['number'])}'>"
            f"<thead><tr>{cells}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>")


def history_html(history: list[Mapping[str, Any]], lang: str = "en") -> str:
    """The learner's own class boards: each board's contract, tricks and points."""
    if not history:
        return ""
    items = "".join(
        f"<li>{_e(text('class_board', lang, number=h['board']))}: "
        f"{_e(contract_text(h['contract'], lang))}"
        f"{'' if h['contract'] is None else ' ' + _e(h['declarer'])}"
        f"{'' if h['tricks'] is None else ', ' + _e(text('ui_tricks_n', lang, n=h['tricks']))}"
        f" · {_e(side_name(Side.NS, lang))} {_e(h['points']['NS'])}, {_e(side_name(Side.EW, lang))} "
        f"{_e(h['points']['EW'])}</li>"
        for h in history)
    return f"<h3>{_e(text('class_history', lang))}</h3><ul class='vint-class-history'>{items}</ul>"


class _BoardTable(Table):
    """The table of one class board: tells :class:`ClassBoards` once the deal has ended."""

    on_finished: Any = None

    def draw(self, frame: TableFrame) -> None:
        """Draw ``frame`` as the table does (a board's controller says the board is over in its status line and
        offers no next deal: :meth:`Controller.board`); once the deal has ended, tell the class."""
        super().draw(frame)
        if self.on_finished is not None and frame.finished:
            self.on_finished()


class ClassBoards:
    """The "Class boards" button and what it opens, around the learner's own ``table`` (see the module)."""

    def __init__(self, table: Table, link: ClassLink, *, folder: Path | None = None) -> None:
        self.table = table
        self.link = link
        self.folder = folder or data_dir()
        self.lang = table.lang
        self.board: dict[str, Any] | None = None
        self.board_table: _BoardTable | None = None
        self._sent: set[int] = set()
        self.button = widgets.Button(description=text("class_boards_button", self.lang),
                                     tooltip=text("class_boards_tip", self.lang))
        self.button.add_class("vint-class-boards")
        self.button.on_click(lambda _: self.open_next())
        self.back = widgets.Button(description=text("class_boards_back", self.lang),
                                   layout=widgets.Layout(display="none"))
        self.back.add_class("vint-class-back")
        self.back.on_click(lambda _: self.close())
        self.status = widgets.HTML()
        self.status.add_class("vint-class-status")
        self.after = widgets.HTML()
        self.after.add_class("vint-class-after")
        self.next_button = widgets.Button(layout=widgets.Layout(display="none"))
        self.next_button.add_class("vint-class-next")
        self.next_button.on_click(lambda _: self.open_next())
        bar = widgets.HBox([self.button, self.back, self.status])
        bar.add_class("vint-class-bar")
        self.stage = widgets.VBox([table.widget])
        self.widget = widgets.VBox([widgets.HTML(_STYLE), bar, self.stage, self.after, self.next_button])
        self.widget.add_class("vint-class")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def _say(self, key: str, **params: Any) -> None:
        self.status.value = f"<span>{_e(text(key, self.lang, **params))}</span>"

    def open_next(self) -> None:
        """Open the next board the learner has not played (resumed if begun); say so when none is left."""
        try:
            view = self.link.view()
        except VintError as error:
            self.status.value = f"<span>{_e(error.message(self.lang))}</span>"
            return
        boards = {b["id"]: b for b in view["boards"]}
        self.next_button.layout.display = "none"
        self.after.value = ""
        if view["next"] is None:
            self._say("class_boards_done" if boards else "class_boards_none", total=len(boards))
            self.after.value = history_html(view["history"], self.lang)
            return
        board = boards[view["next"]]
        self.board = board
        path = self.folder / f"class-board-{board['id']}.json"
        controller = Controller.board(board_deal(board), save_path=path, lang=self.lang, bots=CLASS_BOTS,
                                      rules=RuleSet.from_json(board["rules"]), seed=int(board["id"]))
        session = controller.session
        board_table = _BoardTable(controller, pace=self.table.pace)
        board_table.widget.add_class("vint-class-board")
        self.board_table = board_table
        self.stage.children = [board_table.widget]
        self.back.layout.display = None
        self._say("class_boards_next", number=board["number"], total=len(boards))
        board_table.on_finished = self._finished
        if session.deal.is_finished:
            self._finished()

    def _finished(self) -> None:
        """The board's deal has ended: send its record once, then show its traveller and the history."""
        board, table = self.board, self.board_table
        if board is None or table is None or board["id"] in self._sent:
            return
        self._sent.add(board["id"])
        try:
            self.link.send_result(board["id"], table.session.deal.to_json())
            self._say("class_boards_sent")
        except VintError as error:
            if getattr(error, "why", "") != "already_played":
                self._say("class_boards_not_sent", why=error.message(self.lang))
        try:
            traveller = self.link.traveller(board["id"])
            view = self.link.view()
        except VintError as error:
            self.after.value = f"<p>{_e(error.message(self.lang))}</p>"
            return
        self.after.value = traveller_html(traveller, self.lang) + history_html(view["history"], self.lang)
        if view["next"] is not None:
            number = {b["id"]: b["number"] for b in view["boards"]}[view["next"]]
            self.next_button.description = text("class_boards_play", self.lang, number=number)
            self.next_button.layout.display = None

    def close(self) -> None:
        """Back to the learner's own table, as they left it."""
        self.board = self.board_table = None
        self.stage.children = [self.table.widget]
        self.back.layout.display = "none"
        self.next_button.layout.display = "none"
        self.after.value = ""
        self.status.value = ""


def with_class_boards(table: Table, environ: Mapping[str, str] | None = None) -> Any:
    """``table`` with "Class boards" above it when this kernel is in a class; ``table`` itself otherwise."""
    link = connect(environ, lang=table.lang)
    if link is None:
        return table
    try:
        link.view()  # the service answers: the learner is in the class
    except VintError:
        return table
    return ClassBoards(table, link)
