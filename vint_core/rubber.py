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
from typing import Any

from vint_core.deal import Deal
from vint_core.errors import NotFinishedError, Reason, RubberError, VintError, bad_argument
from vint_core.i18n import Phrase
from vint_core.record_form import (
    JSON_VERSION,
    RecordError,
    json_field,
    json_object,
    rules_from_json,
    rules_json,
    seat_field,
)
from vint_core.rules import SEED, RuleSet, as_rule_set
from vint_core.scoring import ScoreLine, game_line, rubber_line, totals, trick_value
from vint_core.seats import PerSide, Seat, Side

_NONE = PerSide(0, 0)


@dataclass(frozen=True, repr=False)
class RubberDeal:
    """One finished deal on the score sheet, with every line it earned (game lines included)."""

    deal: Deal
    lines: tuple[ScoreLine, ...]
    #: the game each side had counted before this deal (toward ``game_target``)
    game_before: PerSide[int]

    @property
    def points(self) -> PerSide[int]:
        """The deal's points for each side: the sum of its score lines."""
        return totals(self.lines)

    def __repr__(self) -> str:
        return f"<RubberDeal {self.deal.board or '-'}: {self.deal.contract or 'passed out'}; {self.points}>"


@dataclass(frozen=True, repr=False)
class Rubber:
    """A rubber under one rule set: its deals, games, bonus lines and totals."""

    rules: RuleSet = SEED
    #: the dealer of the rubber's first deal
    first_dealer: Seat = Seat.NORTH
    deals: tuple[RubberDeal, ...] = ()
    #: points each side has toward the game in progress
    game_score: PerSide[int] = _NONE
    games_won: PerSide[int] = _NONE
    winner: Side | None = None
    #: the rubber bonus line, once the rubber is won
    bonus_lines: tuple[ScoreLine, ...] = field(default=())

    def __post_init__(self) -> None:
        object.__setattr__(self, "rules", as_rule_set(self.rules))  # a rule set's name will do

    # -- state -------------------------------------------------------------

    @property
    def is_finished(self) -> bool:
        """Whether a side has won the rubber."""
        return self.winner is not None

    @property
    def next_dealer(self) -> Seat:
        """The deal passes to the left after every deal, played or passed out."""
        return self.first_dealer.offset(len(self.deals))

    @property
    def next_deal_number(self) -> int:
        """The number the next deal of the rubber gets (1 for the first)."""
        return len(self.deals) + 1

    @property
    def lines(self) -> tuple[ScoreLine, ...]:
        """Every line of the rubber, deal by deal, then the rubber bonus."""
        return tuple(line for rd in self.deals for line in rd.lines) + self.bonus_lines

    @property
    def totals(self) -> PerSide[int]:
        """All points per side, the rubber bonus included."""
        return totals(self.lines)

    @property
    def margin(self) -> int:
        """The rubber's result: N–S's total minus E–W's, all points above and below the line (§4.4)."""
        ns, ew = self.totals
        return ns - ew

    @property
    def boards(self) -> list[str | None]:
        """The board name of each deal in order (``None`` where a deal has none)."""
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

    def __repr__(self) -> str:
        state = f"won by {self.winner}" if self.winner is not None else "not finished"
        deals = "1 deal" if len(self.deals) == 1 else f"{len(self.deals)} deals"
        return f"<Rubber {self.rules.name}: {deals}, {self.totals}, {state}>"

    def __str__(self) -> str:
        return self.text()

    def text(self, lang: str = "en", *, number: int = 1) -> str:
        """The score sheet: every deal's itemised lines and the running totals, then the result.

        ``number`` is the rubber's number in its heading ("Rubber 1 …"). Under a rule set of
        several games (``foster_1897``) the last line gives the games won too.
        """
        from vint_core.i18n import seat_name, side_name, text

        out: list[str] = []
        running = _NONE
        for i, rd in enumerate(self.deals, start=1):
            deal = rd.deal
            head = [text("sheet_board", lang, board=deal.board or i),
                    text("sheet_dealer", lang, dealer=seat_name(deal.dealer, lang))]
            contract = deal.contract
            if contract is None:
                head.append(text("passed_out", lang))
            else:
                won = deal.tricks_won
                head.append(text("contract", lang, contract=str(contract.bid), seat=contract.declarer))
                head.append(text("sheet_tricks", lang, ns_name=side_name(Side.NS, lang), ns=won.ns,
                                 ew_name=side_name(Side.EW, lang), ew=won.ew))
            out.append(" · ".join(head))
            out += ["  " + line.text(lang) for line in rd.lines]
            running += rd.points
            out.append("  " + text("sheet_this_deal", lang, score=rd.points.text(lang)) + " · "
                       + text("sheet_running", lang, score=running.text(lang)))
        out += ["  " + line.text(lang) for line in self.bonus_lines]
        boards = [rd.deal.board or str(i) for i, rd in enumerate(self.deals, start=1)]
        score = self.totals.text(lang)
        if self.rules.games_per_rubber > 1:  # Foster: the games won so far
            score += " · " + text("ui_games_won", lang, ns=self.games_won.ns, ew=self.games_won.ew)
        span = f"{boards[0]}–{boards[-1]}" if len(boards) > 1 else "".join(boards)
        if not boards:
            out.append(text("sheet_no_deals", lang, n=number, score=score))
        elif self.winner is not None:
            out.append(text("sheet_rubber_won", lang, n=number, boards=span, winner=self.winner, score=score))
        else:
            out.append(text("sheet_rubber_open", lang, n=number, boards=span, score=score))
        return "\n".join(out)

    def next_rubber(self) -> Rubber:
        """A new rubber at 0–0; the deal keeps rotating."""
        return Rubber(self.rules, self.next_dealer)

    # -- JSON ----------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The rubber as plain JSON data: its rules, its first dealer and its (finished) deals; :meth:`from_json`
        gives it back."""
        return {
            "format": "vint_core.rubber",
            "version": JSON_VERSION,
            **rules_json(self.rules),
            "first_dealer": self.first_dealer.letter,
            "deals": [rd.deal.to_json() for rd in self.deals],
        }

    @classmethod
    def from_json(cls, obj: object) -> Rubber:
        """The rubber :meth:`to_json` wrote, rebuilt by recording each deal again; anything wrong is a
        :class:`~vint_core.record_form.RecordError` naming the field."""
        data = json_object(obj, "vint_core.rubber")
        rubber = cls(rules_from_json(data), seat_field(data, "first_dealer"))
        for i, item in enumerate(json_field(data, "deals", list)):
            deal = Deal.from_json(item)
            try:
                rubber = rubber.record(deal)
            except VintError as exc:
                raise RecordError("json_action", line=None, field=f"deals[{i}]", cause=exc) from None
        return rubber

    # -- recording ---------------------------------------------------------

    def record(self, deal: Deal) -> Rubber:
        """The rubber after a finished deal; raises ``RubberError`` if it does not fit.

        A deal fits if it is finished (played out or passed out), is played under this
        rubber's rules, was dealt by :attr:`next_dealer` (the deal passes to the left
        after every deal) and, under ``progressive``, carries the next deal number.
        """
        if not isinstance(deal, Deal):
            raise bad_argument("deal", deal, "arg_deal")
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
        return Rubber(rules, self.first_dealer, (*self.deals, entry), PerSide(game[0], game[1]),
                      PerSide(games[0], games[1]), winner, bonus)


def rubbers_of(deals: Iterable[Deal], *, rules: RuleSet | None = None) -> list[Rubber]:
    """Split a sequence of finished deals into rubbers: each deal after a won rubber starts the next.

    The last rubber may be unfinished. ``rules`` (a rule set or its name) defaults to the first deal's.
    """
    if isinstance(deals, (str, bytes, Deal)) or not isinstance(deals, Iterable):
        raise bad_argument("deals", deals, "arg_deals")
    rules = as_rule_set(rules) if rules is not None else None
    out: list[Rubber] = []
    current: Rubber | None = None
    for deal in deals:
        if not isinstance(deal, Deal):
            raise bad_argument("deals", deal, "arg_deal")
        if current is None or current.is_finished:
            if current is not None:
                out.append(current)
            current = Rubber(rules or deal.rules, deal.dealer)
        current = current.record(deal)
    if current is not None:
        out.append(current)
    return out
