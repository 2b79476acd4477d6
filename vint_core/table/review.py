"""A finished deal looked back on: the review every front end shows after a deal.

:class:`DealReview` holds what a learner needs to replay and understand a deal: the hands
as dealt, the auction, the tricks, every score line with its sentence, both sides' points, the
computer players' reasons (kept back while the deal runs: they speak of their hands) and, on
request, the double-dummy analysis (:meth:`DealReview.analysis`, with the optional ``endplay``;
it takes up to a second, so a front end asks for it only when the learner opens it).

>>> from vint_core import Deal, Seat
>>> deal = Deal.new(seed=4)
>>> while not deal.is_finished:
...     deal = deal.apply(deal.legal_actions()[-1 if deal.contract is None and deal.auction.calls else 0])
>>> review = DealReview.of(deal, lines=deal.score())
>>> review.contract_text, len(review.tricks), len(review.explanations) == len(review.lines)
('7NT by East', 13, True)
>>> position_after(deal, 5).tricks == deal.tricks[:5]
True
"""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence
from dataclasses import dataclass

from vint_core.calls import Call
from vint_core.cards import Hand
from vint_core.deal import Deal
from vint_core.i18n import text
from vint_core.play import Trick
from vint_core.scoring import ScoreLine, totals
from vint_core.seats import PerSide, Seat

__all__ = ["DealReview", "analyse", "analysis_available", "position_after"]


def analysis_available() -> bool:
    """Is double-dummy analysis installed (the optional ``endplay``)?"""
    return importlib.util.find_spec("endplay") is not None


def analyse(deal: Deal, lang: str = "en") -> tuple[str, ...]:
    """The double-dummy analysis of a finished deal as review lines (a note if its solver cannot load)."""
    try:
        from vint_core.analysis import review_lines

        return tuple(review_lines(deal, lang))
    except ImportError as err:  # endplay present but its solver library cannot load
        return (str(err),)


def position_after(deal: Deal, tricks: int) -> Deal:
    """``deal`` replayed to the end of its first ``tricks`` tricks (0: the end of the auction)."""
    cards = [card for trick in deal.tricks[:tricks] for card in trick.cards]
    return Deal.replay(deal.hands, (*deal.auction.calls, *cards), dealer=deal.dealer, rules=deal.rules,
                       deal_number=deal.deal_number, board=deal.board)


@dataclass(frozen=True)
class DealReview:
    """A finished deal looked back on: everything a learner needs to replay and understand it."""

    deal: Deal
    #: the hands as dealt, indexed by seat
    hands: tuple[Hand, Hand, Hand, Hand]
    dealer: Seat
    #: every call with its seat
    calls: tuple[tuple[Seat, Call], ...]
    contract_text: str
    #: the 13 tricks in order (empty when passed out)
    tricks: tuple[Trick, ...]
    #: every line the deal scored on the rubber's sheet (game and rubber lines included)
    lines: tuple[ScoreLine, ...]
    #: the same lines as sentences, in the review's language
    explanations: tuple[str, ...]
    points: PerSide[int]
    #: the computer players' actions with their reasons, in the order made
    reasons: tuple[str, ...]
    #: can :meth:`analysis` work out this deal (a contract was played and ``endplay`` is installed)?
    analysis_offered: bool
    lang: str = "en"

    @classmethod
    def of(cls, deal: Deal, *, lines: Sequence[ScoreLine], reasons: Sequence[str] = (),
           lang: str = "en") -> DealReview:
        """The review of the finished ``deal`` that scored ``lines``."""
        contract = (text("contract", lang, contract=deal.contract.bid, seat=deal.contract.declarer)
                    if deal.contract is not None else text("passed_out", lang))
        return cls(deal=deal, hands=deal.hands, dealer=deal.dealer, calls=tuple(deal.auction.calls_by()),
                   contract_text=contract, tricks=deal.tricks, lines=tuple(lines),
                   explanations=tuple(line.text(lang) for line in lines),
                   points=totals(lines), reasons=tuple(reasons),
                   analysis_offered=deal.contract is not None and analysis_available(), lang=lang)

    def analysis(self) -> tuple[str, ...]:
        """The double-dummy analysis as sentences (empty when not offered). Takes up to a second."""
        return analyse(self.deal, self.lang) if self.analysis_offered else ()
