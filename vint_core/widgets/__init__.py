"""The playable table as ipywidgets: the only part of vint_core that imports ipywidgets.

Each widget is a small class with a ``widget`` attribute (the ipywidgets box to
display) and methods that draw and forward clicks; :class:`~vint_core.widgets.table.Table` composes them
and draws a :class:`~vint_core.table.controller.Controller` (the flow every front end shares),
forwarding the learner's clicks to it.

In a notebook::

    from vint_core.widgets import Table
    Table.open()          # resumes the saved game, or starts one

The lessons' widgets (:mod:`vint_core.widgets.lessons`): ``TrickPractice``, ``BiddingPractice``,
``AuctionPractice`` and ``OneDeal``; lesson 00's ``DealViewer`` (:mod:`vint_core.widgets.deals`); the course's
contract explorer, ``ContractExplorer`` (lesson 09), is loaded when first asked for (it brings matplotlib, which
the table does not need).
"""

from typing import Any

from vint_core.table.controller import PACES
from vint_core.widgets.auction import AuctionView
from vint_core.widgets.bidding import BiddingBox
from vint_core.widgets.deals import DealViewer
from vint_core.widgets.felt import Felt
from vint_core.widgets.hand import HandView
from vint_core.widgets.lessons import (
    AuctionPractice,
    BiddingPractice,
    OneDeal,
    TrickPractice,
    lesson_language,
    set_lesson_language,
)
from vint_core.widgets.review import ReviewPanel
from vint_core.widgets.score import LiveScore, ScoreSheet
from vint_core.widgets.settings import SettingsPanel, TableSettings
from vint_core.widgets.table import Table
from vint_core.widgets.trick import TrickView

__all__ = ["PACES", "AuctionPractice", "AuctionView", "BiddingBox", "BiddingPractice", "ContractExplorer", "DealViewer",
           "Felt", "HandView", "LiveScore", "OneDeal", "ReviewPanel", "ScoreSheet", "SettingsPanel", "Table",
           "TableSettings", "TrickPractice", "TrickView", "lesson_language", "set_lesson_language"]


def __getattr__(name: str) -> Any:
    if name == "ContractExplorer":
        from vint_core.widgets.explorers import ContractExplorer

        return ContractExplorer
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
