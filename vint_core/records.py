"""The scores as JSON (:func:`score_report`, what ``vint score --json`` prints), and the record format's names.

A deal's and a rubber's JSON record is theirs, by the engine's one JSON convention:
:meth:`Deal.to_json <vint_core.deal.Deal.to_json>` / :meth:`Deal.from_json <vint_core.deal.Deal.from_json>`,
:meth:`Rubber.to_json <vint_core.rubber.Rubber.to_json>` / :meth:`Rubber.from_json
<vint_core.rubber.Rubber.from_json>` (the format of saved games; it keeps unfinished deals too). What the
PBN and the JSON forms share (:class:`~vint_core.record_form.RecordError`,
:func:`~vint_core.record_form.rule_set_changes`, :func:`~vint_core.record_form.excerpt`) is
:mod:`vint_core.record_form`'s, named here too. The PBN form is :mod:`vint_core.pbn`.

>>> from vint_core import Deal, SEED
>>> score_report([]) == {"rules": "seed", "deals": [], "rubbers": []}
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from vint_core.record_form import JSON_VERSION, RecordError, excerpt, rule_set_changes
from vint_core.rubber import Rubber
from vint_core.rules import SEED
from vint_core.scoring import ScoreLine

__all__ = ["JSON_VERSION", "RecordError", "excerpt", "rule_set_changes", "score_report"]


# -- JSON: scores -----------------------------------------------------------------------


def _line_json(line: ScoreLine, lang: str) -> dict[str, Any]:
    return {"side": line.side.name, "kind": line.kind, "points": line.points, "text": line.text(lang)}


def score_report(rubbers: Sequence[Rubber], *, lang: str = "en") -> dict[str, Any]:
    """The rubbers' deals and totals as plain JSON data (what ``vint score --json`` prints).

    ``rules``, then ``deals`` (board, dealer, contract, declarer, tricks per side,
    every score line with its side, kind, points and explanation in ``lang``, the
    deal's own points) and ``rubbers`` (boards, winner, totals with the rubber
    bonus, finished, the bonus lines).
    """
    deals: list[dict[str, Any]] = []
    out_rubbers: list[dict[str, Any]] = []
    for rubber in rubbers:
        for rd in rubber.deals:
            deal = rd.deal
            contract = deal.contract
            deals.append({
                "board": deal.board,
                "dealer": deal.dealer.letter,
                "contract": contract.pbn if contract is not None else None,
                "declarer": contract.declarer.letter if contract is not None else None,
                "tricks": deal.tricks_won.to_json() if contract is not None else None,
                "lines": [_line_json(line, lang) for line in rd.lines],
                "points": rd.points.to_json(),
            })
        out_rubbers.append({
            "boards": rubber.boards,
            "winner": rubber.winner.name if rubber.winner is not None else None,
            "totals": rubber.totals.to_json(),
            "finished": rubber.is_finished,
            "lines": [_line_json(line, lang) for line in rubber.bonus_lines],
        })
    rules = rubbers[0].rules.name if rubbers else SEED.name
    return {"rules": rules, "deals": deals, "rubbers": out_rubbers}
