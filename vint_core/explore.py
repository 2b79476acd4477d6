"""What the course's explorers show, computed without Jupyter: a score worked out, honours in a deal, a rubber's race.

The lesson widgets of :mod:`vint_core.widgets.explorers` only draw these values:

- :func:`calculate` itemises a contract's score for both sides and adds the notes that catch three
  mistakes of bridge players (only the declarers score; only the tricks over six count; slams only
  for the declarers);
- :func:`honours_in_deal` says which honours each side holds in a seeded deal, the exact odds, and
  the notes that catch "honours counted from tricks won" and "kings at no-trump";
- :func:`simulated_honours` counts a partnership's honours over seeded deals, to set against the
  exact odds; :func:`rubber_race` plays a seeded rubber with the computer players, deal by deal;
- :func:`contract_grid` scores every contract of a deal from its double-dummy tricks
  (:mod:`vint_core.analysis`), with or without the honours, and explains any one of them.

>>> view = calculate("4♥ N", tricks=9, honours=PerSide(2, 3))
>>> print(view.totals)
N–S 360, E–W 240
>>> print(view.notes[0].text())
Both sides score every trick they take: E–W, the defenders, took 4 tricks and score 4 × 40 = 160 for them.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from vint_core.analysis import ContractScore, Table, best_contracts, contract_scores
from vint_core.auction import Contract
from vint_core.calls import Strain
from vint_core.cards import Card, Hand, Rank, deal_hands
from vint_core.deal import Deal
from vint_core.errors import bad_argument
from vint_core.honours import honour_cards, honours_count, honours_held, honours_odds
from vint_core.i18n import Phrase, side_name, text
from vint_core.rules import SEED, RuleSet, as_rule_set
from vint_core.scoring import ScoreLine, score_contract, totals, trick_value
from vint_core.seats import PerSide, Seat, Side

__all__ = ["ContractGrid", "ContractOutcome", "HonoursView", "RaceStep", "ScoreView", "aces_range", "calculate",
           "contract_grid", "honours_in_deal", "rubber_race", "simulated_honours"]


@dataclass(frozen=True)
class ScoreView:
    """A contract scored: its itemised lines, the totals per side and the notes for a learner."""

    contract: Contract
    tricks: int
    lines: tuple[ScoreLine, ...]
    notes: tuple[Phrase, ...]

    @property
    def totals(self) -> PerSide[int]:
        """The points per side: the lines added up."""
        return totals(self.lines)


def calculate(contract: Contract | str, *, tricks: int, honours: PerSide[int] | None = None,
              aces: PerSide[int] | None = None, rules: RuleSet | str = SEED) -> ScoreView:
    """``contract`` made with ``tricks`` tricks by the declaring side, ``honours`` held per side (and, under
    ``foster_1897`` at a suit contract, the ``aces``, a count of their own there: docs/rules.md §4.4).

    The notes say what the defenders score for their tricks (they score too), that their slam
    counts when they take 12 or 13 tricks, and, when the declarers made it, that every trick
    counts, not only those over six.

    >>> [n.key for n in calculate("1NT S", tricks=7).notes]
    ['explore_defenders_score', 'explore_every_trick']
    """
    rules = as_rule_set(rules)
    if isinstance(contract, str):
        contract = Contract.parse(contract)
    lines = score_contract(contract, tricks=tricks, honours=honours, aces=aces, rules=rules)
    value = trick_value(rules, contract)
    defenders = contract.side.other
    notes = []
    if tricks < 13:
        notes.append(Phrase("explore_defenders_score", side=defenders, n=13 - tricks, tv=value,
                            points=(13 - tricks) * value))
    slam = [line for line in lines if line.kind == "slam" and line.side == defenders]
    if slam:
        notes.append(Phrase("explore_defenders_slam", side=defenders, n=13 - tricks, points=slam[0].points))
    if tricks >= contract.tricks_needed and tricks > 6:
        notes.append(Phrase("explore_every_trick", side=contract.side, n=tricks, tv=value, points=tricks * value,
                            odd=tricks - 6, wrong=(tricks - 6) * value))
    return ScoreView(contract, tricks, lines, tuple(notes))


def aces_range(trump_honours: int) -> range:
    """The aces a side can hold when it holds ``trump_honours`` of the five trump honours: the ace of trumps
    is in both counts (docs/rules.md §4.4), so all five honours bring one ace, and none leave at most three.

    >>> list(aces_range(5)), list(aces_range(0)), list(aces_range(3))
    ([1, 2, 3, 4], [0, 1, 2, 3], [0, 1, 2, 3, 4])
    """
    return range(1 if trump_honours == 5 else 0, (3 if trump_honours == 0 else 4) + 1)


@dataclass(frozen=True)
class HonoursView:
    """The honours of one strain in one deal: who holds which, how many, and the exact odds."""

    strain: Strain
    held: PerSide[tuple[Card, ...]]
    count: PerSide[int]
    #: the seat whose hand the odds are given for, or None (the odds before the deal)
    seat: Seat | None
    #: the chance that the side (the seat's side, or N–S) holds exactly n honours
    odds: dict[int, Fraction]
    notes: tuple[Phrase, ...]


def honours_in_deal(hands: Sequence[Hand], strain: Strain | str, *, seat: Seat | str | None = None) -> HonoursView:
    """Which honours each side holds as dealt, and the odds of a side's count, given ``seat``'s hand or not.

    >>> view = honours_in_deal(deal_hands(Seat.NORTH, 7), Strain.NOTRUMP)
    >>> len(honour_cards(Strain.NOTRUMP)), [n.key for n in view.notes]
    (4, ['explore_as_dealt', 'explore_no_kings'])
    """
    held = honours_held(hands, strain)
    strain = Strain.of(strain)
    seat = Seat.of(seat) if seat is not None else None
    odds = honours_odds(strain, hand=hands[seat] if seat is not None else None)
    notes = [Phrase("explore_as_dealt")]
    if strain is Strain.NOTRUMP:
        kings = sum(1 for hand in hands for card in hand if card.rank is Rank.KING)
        notes.append(Phrase("explore_no_kings", kings=kings))
    return HonoursView(strain, held, honours_count(hands, strain), seat, odds, tuple(notes))


def simulated_honours(strain: Strain, *, deals: int, seed: int, side: Side = Side.NS) -> dict[int, Fraction]:
    """The share of ``deals`` seeded deals in which ``side`` holds exactly n honours of ``strain``."""
    rng = random.Random(seed)
    counts = Counter(honours_count(deal_hands(Seat.NORTH, rng), strain)[side] for _ in range(deals))
    return {n: Fraction(counts[n], deals) for n in range(len(honour_cards(strain)) + 1)}


@dataclass(frozen=True)
class RaceStep:
    """One deal of a rubber's race: the deal played, its points, each side's total after it (the rubber bonus
    included once the rubber is won); ``lines``: the deal's score lines (a game line included), ``bonus``: the
    rubber bonus line(s) the deal that won the rubber brought."""

    number: int
    deal: Deal
    points: PerSide[int]
    totals: PerSide[int]
    finished: bool
    lines: tuple[ScoreLine, ...] = ()
    bonus: tuple[ScoreLine, ...] = ()


def rubber_race(*, seed: int, bot: str = "rule", rules: RuleSet | str = SEED, max_deals: int = 40) -> list[RaceStep]:
    """A rubber the computer players (``bot`` at all four seats) play from ``seed``, deal by deal to its end.

    >>> steps = rubber_race(seed=8)
    >>> steps[-1].finished, max(steps[-1].totals) >= SEED.game_target
    (True, True)
    """
    from vint_core.bots import make_bot
    from vint_core.simulate import play_table

    player = make_bot(bot)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise bad_argument("seed", seed, "arg_integer")
    if isinstance(max_deals, bool) or not isinstance(max_deals, int) or not 1 <= max_deals <= 1000:
        raise bad_argument("max_deals", max_deals, "arg_whole", low=1, high=1000)
    steps = []
    for played in play_table(first=player, second=player, deals=max_deals, seed=seed, rules=as_rule_set(rules)):
        rubber = played.rubber_before.record(played.deal)
        steps.append(RaceStep(len(rubber.deals), played.deal, rubber.deals[-1].points, rubber.totals,
                              rubber.is_finished, rubber.deals[-1].lines, rubber.bonus_lines))
        if rubber.is_finished:
            break
    return steps


@dataclass(frozen=True)
class ContractOutcome:
    """One contract played double dummy and scored by the engine: the tricks, every score line, the totals."""

    contract: Contract
    tricks: int
    lines: tuple[ScoreLine, ...]

    @property
    def totals(self) -> PerSide[int]:
        """The points per side: the lines added up."""
        return totals(self.lines)

    def result(self) -> Phrase:
        """Made exactly, made with tricks over, or so many down."""
        short = self.contract.tricks_needed - self.tricks
        if short > 0:
            return Phrase("explore_dd_down", n=short)
        return Phrase("explore_dd_over", n=-short) if short else Phrase("explore_dd_exact")

    def text(self, lang: str = "en") -> str:
        """"4♥ by North: double dummy 9 tricks, 1 down: N–S: 9 tricks × 40 = 360; …; in all N–S 360, E–W 240."."""
        lines = "; ".join(line.text(lang) for line in self.lines)
        return text("explore_dd_contract", lang, contract=str(self.contract.bid), seat=self.contract.declarer,
                    n=self.tricks, result=self.result(), lines=lines, totals=self.totals.text(lang))


@dataclass(frozen=True)
class ContractGrid:
    """Every contract of a deal with its double-dummy tricks and both sides' points, honours counted or not.

    >>> deal = Deal.new(seed=4)
    >>> table = {(strain, seat): 11 if strain is Strain.NOTRUMP and seat.side is Side.NS else 6
    ...          for strain in Strain for seat in Seat}
    >>> grid = contract_grid(deal, table)
    >>> print(grid.best.ns.contract, grid.scores[Contract.parse("7NT N")].points)
    7NT by North N–S 1680, E–W 480
    >>> print(grid.outcome(Contract.parse("5NT N")).text())  # doctest: +NORMALIZE_WHITESPACE
    5NT by North: double dummy 11 tricks, made exactly: N–S: 11 tricks × 60 = 660; E–W: 2 tricks × 60 = 120;
    N–S: 4 aces at no-trump = 10 × 60 = 600; in all N–S 1260, E–W 120.
    """

    deal: Deal
    table: Table
    honours: bool
    scores: Mapping[Contract, ContractScore]
    best: PerSide[ContractScore]

    def best_by(self, declarer: Seat) -> ContractScore:
        """The contract ``declarer`` could declare that gives his side the largest margin."""
        side = declarer.side
        return max((s for s in self.scores.values() if s.contract.declarer is declarer), key=lambda s: s.margin(side))

    def outcome(self, contract: Contract) -> ContractOutcome:
        """``contract`` (of this deal) explained: its tricks and the engine's score lines."""
        tricks = self.table[contract.strain, contract.declarer]
        lines = score_contract(contract, tricks=tricks, honours=self.deal.hands if self.honours else None,
                               rules=self.deal.rules)
        return ContractOutcome(contract, tricks, lines)

    def honours_by_level(self, strain: Strain, declarer: Seat) -> PerSide[tuple[int, ...]]:
        """What the honours held as dealt add for each side at ``strain``, level 1 to 7, ``declarer`` declaring."""
        rules = self.deal.rules
        added: list[list[int]] = [[], []]
        for level in range(1, 8):
            contract = Contract(level, strain, declarer)
            lines = score_contract(contract, tricks=self.table[strain, declarer], honours=self.deal.hands,
                                   rules=rules)
            for side in Side:
                added[side].append(sum(line.points for line in lines
                                       if line.side is side and line.kind in ("honours", "aces")))
        return PerSide(tuple(added[0]), tuple(added[1]))

    def honours_text(self, strain: Strain, declarer: Seat, lang: str = "en") -> str:
        """One sentence: what honours add at ``strain`` from level 1 to 7 (they grow with the trick value)."""
        rules = self.deal.rules
        if (rules.honours_nt if strain is Strain.NOTRUMP else rules.honours_suit) == "none":
            return text("explore_dd_honours_not_scored", lang, rules=rules.name)
        added = self.honours_by_level(strain, declarer)
        parts = [f"{side_name(side, lang)} {', '.join(map(str, added[side]))}" for side in Side if any(added[side])]
        if not parts:
            return text("explore_dd_no_honours", lang, strain=strain.symbol)
        return text("explore_dd_honours", lang, strain=strain.symbol, parts="; ".join(parts))


def contract_grid(deal: Deal, table: Table, *, honours: bool = True) -> ContractGrid:
    """Every contract ``deal`` allows, scored from the double-dummy ``table`` (:func:`vint_core.analysis.dd_table`
    or :class:`~vint_core.analysis.SavedTables`), with the honours held as dealt or without them."""
    scores = contract_scores(deal, table=table, honours=honours)
    return ContractGrid(deal, table, honours, {score.contract: score for score in scores},
                        best_contracts(deal, scores=scores))
