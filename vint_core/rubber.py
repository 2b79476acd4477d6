"""The rubber: finished deals accumulated into a score sheet.

Under ``seed`` the first side to reach 1000 (all points count) wins the
rubber; if both pass 1000 in the same deal the higher total wins, and an exact
tie plays on (docs/rules.md §2.2). Under ``foster_1897`` a game is won by the first
side to reach 500 trick points below the line, checked after every trick, and
the rubber goes to the first side to win two games (§4.4).

A :class:`Rubber` is immutable: :meth:`Rubber.record` returns the next one.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field

from vint_core.deal import Deal
from vint_core.errors import NotFinishedError, Reason, RubberError
from vint_core.i18n import Phrase
from vint_core.rules import SEED, RuleSet, as_rule_set
from vint_core.scoring import ScoreLine, game_line, rubber_line, totals, trick_value
from vint_core.seats import Seat, Side


@dataclass(frozen=True)
class RubberDeal:
    """One finished deal on the score sheet, with every line it earned (game lines included)."""

    deal: Deal
    lines: tuple[ScoreLine, ...]
    #: the game each side had counted before this deal (toward ``game_target``)
    game_before: tuple[int, int]

    @property
    def points(self) -> dict[Side, int]:
        return totals(self.lines)


@dataclass(frozen=True)
class Rubber:
    """A rubber under one rule set: its deals, games, bonus lines and totals."""

    rules: RuleSet = SEED
    #: the dealer of the rubber's first deal
    first_dealer: Seat = Seat.NORTH
    deals: tuple[RubberDeal, ...] = ()
    #: points each side has toward the game in progress
    game_score: tuple[int, int] = (0, 0)
    games_won: tuple[int, int] = (0, 0)
    winner: Side | None = None
    #: the rubber bonus line, once the rubber is won
    bonus_lines: tuple[ScoreLine, ...] = field(default=())

    def __post_init__(self) -> None:
        object.__setattr__(self, "rules", as_rule_set(self.rules))  # a rule set's name will do

    # -- state -------------------------------------------------------------

    @property
    def is_finished(self) -> bool:
        return self.winner is not None

    @property
    def next_dealer(self) -> Seat:
        """The deal passes to the left after every deal, played or passed out."""
        return self.first_dealer.offset(len(self.deals))

    @property
    def next_deal_number(self) -> int:
        return len(self.deals) + 1

    @property
    def lines(self) -> tuple[ScoreLine, ...]:
        """Every line of the rubber, deal by deal, then the rubber bonus."""
        return tuple(line for rd in self.deals for line in rd.lines) + self.bonus_lines

    @property
    def totals(self) -> dict[Side, int]:
        """All points per side, the rubber bonus included."""
        return totals(self.lines)

    @property
    def margin(self) -> int:
        """The rubber's result: N–S's total minus E–W's, all points above and below the line (§4.4)."""
        t = self.totals
        return t[Side.NS] - t[Side.EW]

    @property
    def boards(self) -> list[str | None]:
        return [rd.deal.board for rd in self.deals]

    def new_deal(self, *, seed: int | random.Random | None = None, board: str | None = None) -> Deal:
        """The next deal of this rubber, dealt by the next dealer."""
        if self.is_finished:
            raise RubberError(Reason.RUBBER_OVER, winner=self.winner)
        return Deal.new(dealer=self.next_dealer, seed=seed, rules=self.rules,
                        deal_number=self.next_deal_number, board=board)

    def _repr_html_(self) -> str:
        from vint_core import render

        return render.rubber_html(self)

    def next_rubber(self) -> Rubber:
        """A new rubber at 0–0; the deal keeps rotating."""
        return Rubber(self.rules, self.next_dealer)

    # -- recording ---------------------------------------------------------

    def record(self, deal: Deal) -> Rubber:
        """The rubber after a finished deal; raises ``RubberError`` if it does not fit.

        A deal fits if it is finished (played out or passed out), is played under this
        rubber's rules, was dealt by :attr:`next_dealer` (the deal passes to the left
        after every deal) and, under ``progressive``, carries the next deal number.
        """
        if self.is_finished:
            raise RubberError(Reason.RUBBER_OVER, winner=self.winner)
        if not deal.is_finished:
            raise NotFinishedError(Reason.NOT_FINISHED, what=Phrase("finished_recorded"))
        if deal.rules != self.rules:
            raise RubberError(Reason.WRONG_DEAL, problem=Phrase("rubber_wrong_rules", deal_rules=deal.rules.name,
                                                                 rules=self.rules.name))
        if deal.dealer != self.next_dealer:
            raise RubberError(Reason.WRONG_DEAL, problem=Phrase("rubber_wrong_dealer", dealer=self.next_dealer,
                                                                 actual=deal.dealer))
        if self.rules.min_level == "progressive" and deal.deal_number != self.next_deal_number:
            raise RubberError(Reason.WRONG_DEAL, problem=Phrase("rubber_wrong_number", n=self.next_deal_number,
                                                                 actual=deal.deal_number))
        lines = list(deal.score())
        game = list(self.game_score)
        games = list(self.games_won)
        rules = self.rules
        game_winner: Side | None = None
        if rules.game_check == "trick" and deal.play is not None:
            tv = trick_value(rules, deal.play.contract)
            for trick in deal.play.tricks:
                side = trick.winner.side  # type: ignore[union-attr]
                if game_winner is None:
                    game[side] += tv
                    if game[side] >= rules.game_target:
                        game_winner = side
            counted = [ln for ln in lines if ln.counts_for_game and ln.kind != "tricks"]
        else:
            counted = [ln for ln in lines if ln.counts_for_game]
        if game_winner is None:
            for line in counted:
                game[line.side] += line.points
            reached = [s for s in Side if game[s] >= rules.game_target]
            if len(reached) == 1 or (len(reached) == 2 and game[0] != game[1]):
                game_winner = max(reached, key=lambda s: game[s])
        winner = None
        bonus: tuple[ScoreLine, ...] = ()
        if game_winner is not None:
            games[game_winner] += 1
            if rules.game_bonus:
                lines.append(game_line(game_winner, rules))
            game = [0, 0]
            if games[game_winner] >= rules.games_per_rubber:
                winner = game_winner
                bonus = (rubber_line(winner, rules),) if rules.rubber_bonus else ()
        entry = RubberDeal(deal, tuple(lines), self.game_score)
        return Rubber(rules, self.first_dealer, (*self.deals, entry), (game[0], game[1]),
                      (games[0], games[1]), winner, bonus)


def rubbers_of(deals: Iterable[Deal], *, rules: RuleSet | None = None) -> list[Rubber]:
    """Split a sequence of finished deals into rubbers: each deal after a won rubber starts the next.

    The last rubber may be unfinished. ``rules`` defaults to the first deal's.
    """
    out: list[Rubber] = []
    current: Rubber | None = None
    for deal in deals:
        if current is None or current.is_finished:
            if current is not None:
                out.append(current)
            current = Rubber(rules or deal.rules, deal.dealer)
        current = current.record(deal)
    if current is not None:
        out.append(current)
    return out
