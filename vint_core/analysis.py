"""Double-dummy analysis: what every contract makes with all four hands visible.

Vint has no dummy, but *double-dummy* means every card is visible to everyone,
which is the yardstick a learner wants after a deal: "with all cards visible
4♥ by South makes 11; you made 9". The solving is done by Bo Haglund's DDS
through the optional ``endplay`` package (``pip install vint_core[dds]``).
``import vint_core`` never imports endplay; the functions here import it
when first called and raise :class:`DoubleDummyUnavailable` (an
``ImportError`` with a clear message) when it is missing.

Suits are numbered alike in vint_core and DDS (♠ ♥ ♦ ♣ = 0 1 2 3), and so are
the seats (N E S W = 0 1 2 3); no-trump is DDS denomination 4.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

from vint_core.auction import Contract
from vint_core.calls import Strain
from vint_core.cards import Card, Hand, Rank, Suit
from vint_core.deal import Deal, Phase
from vint_core.errors import Reason, VintError
from vint_core.i18n import text
from vint_core.rules import RuleSet
from vint_core.scoring import score_result, totals
from vint_core.seats import Seat, Side

if TYPE_CHECKING:
    from vint_core.play import Play

#: DDS handles at most this many boards in one batch call
_BATCH = 200


class DoubleDummyUnavailable(ImportError):
    """Double-dummy analysis needs the optional ``endplay`` package, which is not installed."""

    def __init__(self, lang: str = "en") -> None:
        super().__init__(text("analysis_no_endplay", lang))

    def message(self, lang: str = "en") -> str:
        return text("analysis_no_endplay", lang)


class AnalysisError(VintError):
    """Analysis asked of a deal that cannot give it (for example tricks left during the auction)."""


def _dds() -> ModuleType:
    """The DDS bindings of endplay, imported on first use."""
    try:
        import endplay._dds as dds
    except (ImportError, RuntimeError) as exc:  # RuntimeError: endplay found, libdds could not load
        raise DoubleDummyUnavailable() from exc
    return dds


def available() -> bool:
    """Whether double-dummy analysis can run here (endplay installed and its DDS library loads)."""
    try:
        _dds()
    except DoubleDummyUnavailable:
        return False
    return True


def denom(strain: Strain) -> int:
    """The DDS denomination of a strain: ♠ 0, ♥ 1, ♦ 2, ♣ 3, NT 4."""
    suit = strain.suit
    return 4 if suit is None else int(suit)


# -- positions --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Position:
    """A position to solve: each seat's remaining cards (card masks), the trump, the trick in progress.

    ``leader`` led (or is to lead) the trick in progress; ``current`` are the cards
    already played to it (at most three).
    """

    masks: tuple[int, int, int, int]
    trump: Suit | None
    leader: Seat
    current: tuple[Card, ...] = ()

    @property
    def to_play(self) -> Seat:
        return self.leader.offset(len(self.current))

    @classmethod
    def of_play(cls, play: Play) -> Position:
        masks = tuple(play.hand(seat)._mask for seat in Seat)
        return cls(masks, play.trump, play.leader, tuple(play.current))  # type: ignore[arg-type]


def _fill(d: Any, pos: Position) -> Any:
    d.trump = 4 if pos.trump is None else int(pos.trump)
    d.first = int(pos.leader)
    for i in range(3):
        card = pos.current[i] if i < len(pos.current) else None
        d.currentTrickSuit[i] = int(card.suit) if card else 0
        d.currentTrickRank[i] = int(card.rank) if card else 0
    for seat in range(4):
        mask = pos.masks[seat]
        for suit in range(4):
            d.remainCards[seat][suit] = ((mask >> (13 * suit)) & 0x1FFF) << 2
    return d


def _card_scores(fut: Any) -> dict[Card, int]:
    out: dict[Card, int] = {}
    for i in range(fut.cards):
        score = fut.score[i]
        if score < 0:
            continue
        holding = (1 << fut.rank[i]) | fut.equals[i]
        suit = Suit(fut.suit[i])
        for rank in range(2, 15):
            if holding >> rank & 1:
                out[Card(suit, Rank(rank))] = score
    return out


def solve_positions(positions: Sequence[Position], *, all_cards: bool = True) -> list[dict[Card, int]]:
    """For each position, the tricks the side to play takes from the trick in progress on.

    With ``all_cards`` every legal card of the seat to play is scored (best play after
    it by everyone); otherwise only one best card is returned. Batches go through
    DDS's threaded solver.
    """
    dds = _dds()
    out: list[dict[Card, int]] = []
    solutions = 3 if all_cards else 1
    for start in range(0, len(positions), _BATCH):
        chunk = positions[start:start + _BATCH]
        if len(chunk) == 1:
            fut = dds.futureTricks()
            dds.SolveBoard(_fill(dds.deal(), chunk[0]), -1, solutions, 1, fut, 0)
            out.append(_card_scores(fut))
            continue
        bop = dds.boards()
        bop.noOfBoards = len(chunk)
        for i, pos in enumerate(chunk):
            _fill(bop.deals[i], pos)
            bop.target[i] = -1
            bop.solutions[i] = solutions
            bop.mode[i] = 1
        solved = dds.solvedBoards()
        dds.SolveAllBoardsBin(bop, solved)
        out.extend(_card_scores(solved.solvedBoard[i]) for i in range(len(chunk)))
    return out


def declarer_tricks_dd(hands: Sequence[Hand], requests: Sequence[tuple[Strain, Seat]]) -> list[int]:
    """Double-dummy tricks for each (strain, declarer) on the hands as dealt, the opening lead to come."""
    positions = [Position(tuple(h._mask for h in hands), strain.suit, declarer.left)  # type: ignore[arg-type]
                 for strain, declarer in requests]
    best = solve_positions(positions, all_cards=False)
    return [13 - max(scores.values()) for scores in best]


# -- the whole deal ---------------------------------------------------------


def dd_table(deal: Deal) -> dict[tuple[Strain, Seat], int]:
    """Double-dummy tricks for every strain the rule set allows and every declarer, from the hands as dealt.

    ``table[Strain.HEARTS, Seat.SOUTH]`` is the number of tricks South's side takes
    with South declaring hearts (West leading) and everyone playing perfectly.
    """
    dds = _dds()
    table_deal = dds.ddTableDeal()
    for seat in range(4):
        mask = deal.hands[seat]._mask
        for suit in range(4):
            table_deal.cards[seat][suit] = ((mask >> (13 * suit)) & 0x1FFF) << 2
    result = dds.ddTableResults()
    dds.CalcDDtable(table_deal, result)
    return {(strain, seat): int(result.resTable[denom(strain)][seat])
            for strain in deal.rules.strain_order for seat in Seat}


@dataclass(frozen=True)
class ContractScore:
    """One contract played double-dummy: the tricks it takes and the deal's points for both sides."""

    contract: Contract
    declarer_tricks: int
    points: tuple[int, int]

    def margin(self, side: Side) -> int:
        """``side``'s points minus the other side's."""
        return self.points[side] - self.points[side.other]


def score_contract(rules: RuleSet, contract: Contract, declarer_tricks: int, hands: Sequence[Hand]) -> tuple[int, int]:
    """The deal's own points (N–S, E–W) for ``contract`` taking ``declarer_tricks``, honours on ``hands``."""
    t = totals(score_result(rules, contract, declarer_tricks, hands))
    return (t[Side.NS], t[Side.EW])


def contract_scores(deal: Deal, *, table: dict[tuple[Strain, Seat], int] | None = None) -> list[ContractScore]:
    """Every contract the deal allows (each bid, each declarer) with its double-dummy tricks and points.

    Points come from :func:`vint_core.scoring.score_result` under the deal's rule set,
    honours judged on the hands as dealt.
    """
    table = dd_table(deal) if table is None else table
    rules = deal.rules
    min_level = rules.min_level_for(deal.deal_number)
    out = []
    for bid in rules.bids:
        if bid.level < min_level:
            continue
        for seat in Seat:
            contract = Contract(bid.level, bid.strain, seat)
            tricks = table[bid.strain, seat]
            out.append(ContractScore(contract, tricks, score_contract(rules, contract, tricks, deal.hands)))
    return out


def best_contracts(deal: Deal, *, scores: Sequence[ContractScore] | None = None) -> dict[Side, ContractScore]:
    """For each side, the contract it could declare that gives it the largest margin over the other side."""
    scores = contract_scores(deal) if scores is None else scores
    return {side: max((s for s in scores if s.contract.side is side), key=lambda s: s.margin(side))
            for side in Side}


def contract_dd_tricks(deal: Deal) -> int | None:
    """Double-dummy tricks for the deal's own contract and declarer (None if there is no contract)."""
    contract = deal.contract
    if contract is None:
        return None
    return declarer_tricks_dd(deal.hands, [(contract.strain, contract.declarer)])[0]


def remaining_tricks(deal: Deal, side: Side) -> int:
    """From the deal's current position (possibly mid-trick), the tricks still to come that ``side`` takes
    with best play by everyone. The trick in progress counts as still to come.
    """
    play = deal.play
    if play is None:
        raise AnalysisError(Reason.NOT_STARTED)
    if deal.phase is Phase.FINISHED:
        return 0
    pos = Position.of_play(play)
    scores = solve_positions([pos], all_cards=False)[0]
    best = max(scores.values())
    total = 13 - len(play.tricks)
    return best if pos.to_play.side is side else total - best


def review_lines(deal: Deal, lang: str = "en") -> list[str]:
    """Sentences for a learner comparing the deal with double-dummy play, in English or German:
    "With all cards visible, 4♥ by South makes 11 tricks; N–S made 9.", then the best contract for each side.
    """
    table = dd_table(deal)
    scores = contract_scores(deal, table=table)
    best = best_contracts(deal, scores=scores)
    lines = []
    contract = deal.contract
    if contract is not None:
        dd = table[contract.strain, contract.declarer]
        made = deal.declarer_tricks
        if made is None:
            lines.append(text("analysis_contract_dd", lang, contract=contract.bid, seat=contract.declarer, dd=dd))
        else:
            lines.append(text("analysis_contract_made", lang, contract=contract.bid, seat=contract.declarer,
                              dd=dd, made=made, side=contract.side))
            if made < dd:
                lines.append(text("analysis_lost", lang, side=contract.side, n=dd - made))
            elif made > dd:
                lines.append(text("analysis_gained", lang, side=contract.side, n=made - dd, other=contract.side.other))
    elif deal.is_passed_out:
        lines.append(text("analysis_passed_out", lang))
    for side in Side:
        b = best[side]
        lines.append(text("analysis_best", lang, side=side, contract=b.contract.bid, seat=b.contract.declarer,
                          tricks=b.declarer_tricks, mine=b.points[side], theirs=b.points[side.other]))
    return lines


__all__ = [
    "AnalysisError", "ContractScore", "DoubleDummyUnavailable", "Position", "available", "best_contracts",
    "contract_dd_tricks", "contract_scores", "dd_table", "declarer_tricks_dd", "remaining_tricks", "review_lines",
    "score_contract", "solve_positions",
]
