"""What each call of an auction shows, in plain words, as the bidding guide reads it (for a learner at the table).

The guide (:mod:`vint_core.bots.guide`) reads every call as a promise: a range of high-card points
(A 4, K 3, Q 2, J 1) and suit lengths. Here each call is put into words as it is made, the partner's
and the opponents' alike, with the situation it was made in:

>>> from vint_core import SEED, Call, Seat
>>> calls = [(Seat.NORTH, Call.parse("1H")), (Seat.EAST, Call.parse("Pass")), (Seat.SOUTH, Call.parse("2H"))]
>>> for line in call_meanings(calls, SEED):
...     print(line.seat, line.call, "—", line.text)
North 1♥ — opening bid: 12 or more high-card points, at least 4 ♥
East Pass — against the opponents' bid: shows nothing
South 2♥ — answer to partner, the partner's suit again, supporting it: 7–10 high-card points, at least 4 ♥
>>> call_meanings(calls[:1], SEED, lang="de")[0].text
'Eröffnung: 12 oder mehr Figurenpunkte, mindestens 4 ♥'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from vint_core.bots.guide import ANY, Context, Kind, Meaning, Reading
from vint_core.calls import Call
from vint_core.cards import Suit
from vint_core.i18n import text
from vint_core.rules import RuleSet
from vint_core.seats import Seat

__all__ = ["CallMeaning", "call_meanings", "meaning_text"]


@dataclass(frozen=True)
class CallMeaning:
    """One call and what it shows, in words."""

    seat: Seat
    call: Call
    text: str


def meaning_text(meaning: Meaning, *, lang: str = "en") -> str:
    """What one call shows: the situation, then the points and lengths it promises ("shows nothing" if none)."""
    row = meaning.row
    situation = text(f"meaning_ctx_{row.context.value}", lang)
    if row.kind is not Kind.PASS:
        kind = row.kind.name.lower()
        if row.context is not Context.OPENING or kind not in ("suit", "nt"):
            situation += ", " + text(f"meaning_kind_{kind}", lang)
    parts = []
    lo, hi = meaning.hcp
    if (lo, hi) != ANY:
        key = "meaning_hcp_min" if hi >= ANY[1] else ("meaning_hcp_max" if lo <= 0 else "meaning_hcp_range")
        parts.append(text(key, lang, lo=lo, hi=hi))
    if row.balanced:
        parts.append(text("meaning_balanced", lang))
    else:
        parts += [text("meaning_length", lang, n=meaning.min_length[suit], suit=suit.symbol)
                  for suit in Suit if meaning.min_length[suit] > 0]
    shown = ", ".join(parts) if parts else text("meaning_nothing", lang)
    return f"{situation}: {shown}"


def call_meanings(calls_by: Iterable[tuple[Seat, Call]], rules: RuleSet, *, deal_number: int = 1,
                  lang: str = "en") -> list[CallMeaning]:
    """Each call of an auction (``(seat, call)`` pairs in order, as ``view.calls_by()`` gives them) with what it
    shows at the moment it was made."""
    reading = Reading(rules, deal_number=deal_number)
    out = []
    for seat, call in calls_by:
        out.append(CallMeaning(seat, call, meaning_text(reading.meaning(seat, call), lang=lang)))
        reading.apply(seat, call)
    return out
