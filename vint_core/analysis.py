"""Double-dummy analysis: what every contract makes with all four hands visible.

Vint has no dummy, but *double-dummy* means every card is visible to everyone,
which is the yardstick a learner wants after a deal: "with all cards visible
4♥ by South makes 11; you made 9". The solving is done by Bo Haglund's DDS
through the optional ``endplay`` package (``pip install vint_core[dds]``).
``import vint_core`` never imports endplay; the functions here import it
when first called and raise :class:`DoubleDummyUnavailable` (an
``ImportError`` with a clear message) when it is missing.

Only endplay's public API is used (``endplay.types`` for the deals,
``endplay.dds.solve_board``, ``solve_all_boards`` and ``calc_dd_table`` for the
solving); its Python wrapping costs about 0.1 ms per position, next to the
milliseconds DDS takes to solve one. Suits are numbered alike in vint_core and
DDS (♠ ♥ ♦ ♣ = 0 1 2 3), and so are the seats (N E S W = 0 1 2 3); no-trump is
DDS denomination 4.
"""

from __future__ import annotations

import ctypes
import json
import sys
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from vint_core.auction import Contract
from vint_core.calls import Strain
from vint_core.cards import Card, Hand, Rank, Suit
from vint_core.deal import Deal, Phase
from vint_core.errors import Reason, VintError, bad_argument
from vint_core.i18n import text
from vint_core.rules import RuleSet
from vint_core.scoring import score_contract, totals
from vint_core.seats import PerSide, Seat, Side

if TYPE_CHECKING:
    from vint_core.play import Play

#: DDS handles at most this many boards in one batch call
_BATCH = 200


class DoubleDummyUnavailable(ImportError):
    """Double-dummy analysis needs the optional ``endplay`` package, which is not installed."""

    def __init__(self, lang: str = "en") -> None:
        super().__init__(self.message(lang))

    def message(self, lang: str = "en") -> str:
        # in the browser (JupyterLite's Pyodide) the solver, a C++ library, cannot be installed at all
        return text("analysis_not_in_browser" if sys.platform == "emscripten" else "analysis_no_endplay", lang)


class AnalysisError(VintError):
    """Analysis asked of a deal that cannot give it (for example tricks left during the auction)."""


#: DDS keeps state of its own across a call: one call at a time, whichever thread asks (the review's weighing
#: and its analysis may both run in worker threads)
_SOLVER = threading.Lock()


def _endplay() -> ModuleType:
    """endplay's public API (its types and ``endplay.dds``'s solvers), imported on first use."""
    try:
        import endplay
    except (ImportError, RuntimeError) as exc:  # RuntimeError: endplay found, libdds could not load
        raise DoubleDummyUnavailable() from exc
    return endplay


def available() -> bool:
    """Whether double-dummy analysis can run here (endplay installed and its DDS library loads)."""
    try:
        _endplay()
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


def _hand(ep: ModuleType, mask: int) -> Any:
    """A card mask as an endplay ``Hand`` (each suit's ranks as DDS's bits, rank r at bit r)."""
    return ep.Hand((ctypes.c_uint * 4)(*(((mask >> (13 * suit)) & 0x1FFF) << 2 for suit in range(4))))


def _board(ep: ModuleType, pos: Position) -> Any:
    """A position as an endplay ``Deal``: the remaining hands, the trump, the leader and the trick so far."""
    board = ep.Deal(first=ep.Player(int(pos.leader)), trump=ep.Denom(4 if pos.trump is None else int(pos.trump)))
    for seat, mask in enumerate(pos.masks):
        board[ep.Player(seat)] = _hand(ep, mask)
    for card in pos.current:
        board.play(ep.Card(suit=ep.Denom(int(card.suit)), rank=ep.Rank(1 << int(card.rank))), from_hand=False)
    return board


def _card_scores(solved: Iterable[tuple[Any, int]]) -> dict[Card, int]:
    """endplay's (card, tricks) pairs as vint_core's cards."""
    return {Card(Suit(int(card.suit)), Rank(int(card.rank).bit_length() - 1)): score for card, score in solved}


def solve_positions(positions: Sequence[Position], *, all_cards: bool = True) -> list[dict[Card, int]]:
    """For each position, the tricks the side to play takes from the trick in progress on.

    With ``all_cards`` every legal card of the seat to play is scored (best play after
    it by everyone); otherwise only one best card is returned. Batches go through
    DDS's threaded solver.
    """
    ep = _endplay()
    from endplay.dds.solve import SolveMode

    mode = SolveMode.Default if all_cards else SolveMode.OptimalOne
    out: list[dict[Card, int]] = []
    for start in range(0, len(positions), _BATCH):
        boards = [_board(ep, pos) for pos in positions[start:start + _BATCH]]
        if len(boards) == 1:
            with _SOLVER:
                solved_one = ep.solve_board(boards[0], mode)
            out.append(_card_scores(solved_one))
        else:
            with _SOLVER:
                solved_all = list(ep.solve_all_boards(boards, mode))
            out.extend(_card_scores(solved) for solved in solved_all)
    return out


# -- the solver alone, without endplay's Python layer --------------------------------------------------------
#
# ``import endplay`` imports its dealer, numpy and matplotlib too: some 0.5 s of CPU and 60 MB in every process
# that imports it. A served table's partner that solves the last tricks needs DDS alone, so it loads endplay's
# copy of the DDS library (libdds) itself through ctypes, with DDS's own structures (dll.h of DDS 2.9), and
# never imports endplay. The same library loaded by endplay later in the process is the same library.


class _DealStruct(ctypes.Structure):
    _fields_ = [("trump", ctypes.c_int), ("first", ctypes.c_int), ("currentTrickSuit", ctypes.c_int * 3),
                ("currentTrickRank", ctypes.c_int * 3), ("remainCards", (ctypes.c_uint * 4) * 4)]


class _FutureTricks(ctypes.Structure):
    _fields_ = [("nodes", ctypes.c_int), ("cards", ctypes.c_int), ("suit", ctypes.c_int * 13),
                ("rank", ctypes.c_int * 13), ("equals", ctypes.c_int * 13), ("score", ctypes.c_int * 13)]


_LIBDDS: list[Any] = []


def _libdds() -> Any:
    """endplay's DDS library, loaded through ctypes without importing endplay (once per process)."""
    if not _LIBDDS:
        import importlib.util
        import os

        try:
            spec = importlib.util.find_spec("endplay")
            where = spec.submodule_search_locations if spec is not None else None
            if not where:
                raise DoubleDummyUnavailable()
            name = "dds.dll" if sys.platform == "win32" else "libdds.dylib" if sys.platform == "darwin" else "libdds.so"
            dll = ctypes.CDLL(os.path.join(next(iter(where)), "_dds", name))
        except (OSError, ValueError, ImportError) as exc:
            raise DoubleDummyUnavailable() from exc
        dll.SolveBoard.argtypes = (_DealStruct, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                                   ctypes.POINTER(_FutureTricks), ctypes.c_int)
        dll.SolveBoard.restype = ctypes.c_int
        dll.SetMaxThreads.argtypes = (ctypes.c_int,)
        dll.SetMaxThreads.restype = None
        dll.FreeMemory.argtypes = ()
        dll.FreeMemory.restype = None
        with _SOLVER:
            dll.SetMaxThreads(1)
        _LIBDDS.append(dll)
    return _LIBDDS[0]


def lean_available() -> bool:
    """Whether :func:`solve_lean` can run here (endplay's DDS library is installed and loads)."""
    try:
        _libdds()
    except DoubleDummyUnavailable:
        return False
    return True


def solve_lean(positions: Sequence[Position], *, all_cards: bool = True) -> list[dict[Card, int]]:
    """:func:`solve_positions` on one DDS thread, one board after another, without importing endplay.

    The same tricks as :func:`solve_positions` (DDS is exact): for each position, every legal card of the seat
    to play (``all_cards``) or one best card, with the tricks the side to play takes from the trick in progress on.
    """
    dll = _libdds()
    out: list[dict[Card, int]] = []
    fut = _FutureTricks()
    for pos in positions:
        dl = _DealStruct()
        dl.trump = 4 if pos.trump is None else int(pos.trump)
        dl.first = int(pos.leader)
        for i, card in enumerate(pos.current):
            dl.currentTrickSuit[i] = int(card.suit)
            dl.currentTrickRank[i] = int(card.rank)
        for seat, mask in enumerate(pos.masks):
            for suit in range(4):
                dl.remainCards[seat][suit] = ((mask >> (13 * suit)) & 0x1FFF) << 2
        with _SOLVER:
            code = dll.SolveBoard(dl, -1, 3 if all_cards else 1, 1, ctypes.byref(fut), 0)
        if code != 1:
            raise RuntimeError(f"DDS could not solve a position of legal cards (its error {code})")  # a bug here
        scores: dict[Card, int] = {}
        for i in range(fut.cards):
            if fut.score[i] == -1:
                continue
            holding = (1 << fut.rank[i]) | fut.equals[i]
            for rank in range(2, 15):
                if holding >> rank & 1:
                    scores[Card(Suit(fut.suit[i]), Rank(rank))] = fut.score[i]
        out.append(scores)
    return out


def give_back_memory() -> None:
    """Give DDS's search memory back and keep it to one thread from now on.

    DDS keeps some 90 MB of search memory per thread between calls (with endplay's default threads); this gives
    it back. ``FreeMemory`` alone leaves DDS unable to solve again (the next call crashes) until
    ``SetMaxThreads`` runs, so both run here. It costs the next solve some 4 ms (DDS sets its memory up
    again), which is why :func:`solve_lean`'s one thread keeps its 20 MB instead.
    """
    dll = _libdds()
    with _SOLVER:
        dll.FreeMemory()
        dll.SetMaxThreads(1)


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
    ep = _endplay()
    board = ep.Deal()
    for seat in Seat:
        board[ep.Player(int(seat))] = _hand(ep, deal.hands[seat]._mask)
    with _SOLVER:
        result = ep.calc_dd_table(board)
    return {(strain, seat): int(result[ep.Denom(denom(strain)), ep.Player(int(seat))])
            for strain in deal.rules.strain_order for seat in Seat}


@dataclass(frozen=True)
class ContractScore:
    """One contract played double-dummy: the tricks it takes and the deal's points for both sides."""

    contract: Contract
    declarer_tricks: int
    points: PerSide[int]

    def margin(self, side: Side) -> int:
        """``side``'s points minus the other side's."""
        return self.points[side] - self.points[side.other]


def contract_scores(deal: Deal, *, table: Mapping[tuple[Strain, Seat], int] | None = None,
                    honours: bool = True) -> list[ContractScore]:
    """Every contract the deal allows (each bid, each declarer) with its double-dummy tricks and points.

    Points come from :func:`vint_core.scoring.score_contract` under the deal's rule set,
    honours judged on the hands as dealt (left out with ``honours=False``, to see what they add).
    """
    if not isinstance(deal, Deal):
        raise bad_argument("deal", deal, "arg_deal")
    table = dd_table(deal) if table is None else _checked_table(table, deal.rules)
    rules = deal.rules
    min_level = rules.min_level_for(deal.deal_number)
    out = []
    for bid in rules.bids:
        if bid.level < min_level:
            continue
        for seat in Seat:
            contract = Contract(bid.level, bid.strain, seat)
            tricks = table[bid.strain, seat]
            lines = score_contract(contract, tricks=tricks, honours=deal.hands if honours else None, rules=rules)
            out.append(ContractScore(contract, tricks, totals(lines)))
    return out


def _checked_table(table: object, rules: RuleSet) -> Mapping[tuple[Strain, Seat], int]:
    """A double-dummy table with a trick count (0–13) for every strain of ``rules`` and every declarer, or a
    ``VintError`` that says what a table is."""
    if not isinstance(table, Mapping) or not all(
            isinstance(n := table.get((strain, seat)), int) and not isinstance(n, bool) and 0 <= n <= 13
            for strain in rules.strain_order for seat in Seat):
        raise bad_argument("table", table, "arg_table")
    return table


def best_contracts(deal: Deal, *, scores: Sequence[ContractScore] | None = None) -> PerSide[ContractScore]:
    """For each side, the contract it could declare that gives it the largest margin over the other side."""
    scores = contract_scores(deal) if scores is None else scores
    ns, ew = (max((s for s in scores if s.contract.side is side), key=lambda s: s.margin(side)) for side in Side)
    return PerSide(ns, ew)


# -- saved tables ------------------------------------------------------------

#: what a file of saved tables holds (the first line of its JSON)
SAVED_ABOUT = "double-dummy tricks by seed (Deal.new(seed=...)), strain, declarer N E S W; lesson 09"

Table = Mapping[tuple[Strain, Seat], int]


class SavedTables:
    """Double-dummy tables solved once and saved, so that a lesson runs without endplay.

    A table is saved by seed, for the deal ``Deal.new(seed=seed)`` (North deals). A deal of the
    same seed with another dealer holds the same four hands, passed round the table, so its table
    is found too (:meth:`table_for`). The file is JSON: ``{"about": …, "tricks": {seed: {strain:
    [tricks of N, E, S, W as declarer]}}}``.

    >>> saved = SavedTables({4: {(strain, seat): 7 for strain in Strain for seat in Seat}})
    >>> saved.seeds, saved.table_for(Deal.new(seed=4, dealer=Seat.WEST))[Strain.HEARTS, Seat.EAST]
    ((4,), 7)
    >>> saved.table_for(Deal.new(seed=5)) is None
    True
    """

    def __init__(self, tables: Mapping[int, Table]) -> None:
        if not isinstance(tables, Mapping) or not all(
                isinstance(seed, int) and not isinstance(seed, bool) and isinstance(table, Mapping)
                for seed, table in tables.items()):
            raise bad_argument("tables", tables, "arg_tables")
        self.tables: dict[int, Table] = dict(sorted(tables.items()))
        self._by_hands = {tuple(h._mask for h in Deal.new(seed=seed).hands): seed for seed in self.tables}

    @property
    def seeds(self) -> tuple[int, ...]:
        """The seeds saved, in order."""
        return tuple(self.tables)

    @classmethod
    def solve(cls, seeds: Iterable[int]) -> SavedTables:
        """The tables of ``Deal.new(seed=seed)`` for each seed, solved now (endplay needed)."""
        return cls({seed: dd_table(Deal.new(seed=seed)) for seed in seeds})

    @classmethod
    def load(cls, path: str | Path) -> SavedTables:
        """The tables saved in the JSON file at ``path`` (written by :meth:`save`); a path that cannot be read,
        or a file that is not such tables, raises a :class:`~vint_core.errors.VintError`."""
        if not isinstance(path, (str, Path)):
            raise bad_argument("path", path, "arg_path")
        try:
            saved = json.loads(Path(path).read_text(encoding="utf-8"))["tricks"]
            return cls({int(seed): {(Strain(strain), seat): int(n) for strain, row in by_strain.items()
                                    for seat, n in zip(Seat, row, strict=True)}
                        for seed, by_strain in saved.items()})
        except (OSError, UnicodeError, ValueError, KeyError, TypeError, AttributeError) as err:
            if isinstance(err, VintError):
                raise
            raise bad_argument("path", path, "arg_saved_tables") from err

    def save(self, path: str | Path) -> None:
        """Write the tables to ``path`` as JSON."""
        tricks = {seed: {strain.value: [table[strain, seat] for seat in Seat] for strain in Strain
                         if (strain, Seat.NORTH) in table} for seed, table in self.tables.items()}
        Path(path).write_text(json.dumps({"about": SAVED_ABOUT, "tricks": tricks}) + "\n", encoding="utf-8")

    def table_for(self, deal: Deal) -> Table | None:
        """The saved table of ``deal``'s four hands, whoever dealt them; None if they are not saved."""
        masks = [hand._mask for hand in deal.hands]
        for turn in range(4):  # hands[seat] here are the saved deal's hands[seat + turn]
            seed = self._by_hands.get(tuple(masks[(seat - turn) & 3] for seat in range(4)))
            if seed is not None:
                table = self.tables[seed]
                return {(strain, seat): table[strain, seat.offset(turn)] for strain, seat in table}
        return None


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
    "SAVED_ABOUT", "AnalysisError", "ContractScore", "DoubleDummyUnavailable", "Position", "SavedTables", "Table",
    "available", "best_contracts",
    "contract_dd_tricks", "contract_scores", "dd_table", "declarer_tricks_dd", "remaining_tricks", "review_lines",
    "score_contract", "solve_positions",
]
