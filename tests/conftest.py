"""Helpers shared by the rule tests: build hands with chosen honours, bid a contract, play to a trick count.

``played_deal`` is the workhorse: it deals the given fixed cards (the rest of the
pack from a seeded shuffle), bids the contract with a real auction and then
searches the legal plays for a card sequence that gives the declaring side
exactly the wanted number of tricks. Everything it returns went through
``Deal.apply``, so the engine itself decides who won each trick.
"""

from __future__ import annotations

import json
import os
import random
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

import pytest

from vint_core import (
    PASS,
    SEED,
    Call,
    Card,
    Deal,
    Hand,
    RuleSet,
    ScoreLine,
    Seat,
    Side,
    deal_hands,
    deck,
)

# the tests, and the lessons nbval runs in kernels of their own, save into a folder of this run, never into the
# data folder of whoever runs them (a learner's lesson progress there would change what a lesson's quiz asks)
os.environ.setdefault("VINT_DATA_DIR", tempfile.mkdtemp(prefix="vint-test-data-"))

#: about how many seconds each slow file takes (its tests' setup, call and teardown summed): every run writes what
#: it measured to ``test-artifacts/file_seconds.json`` (:func:`pytest_sessionfinish`); copy that here after a whole
#: run (``pytest -n 2``) to bring these up to date
FILE_SECONDS = Path(__file__).with_name("file_seconds.json")
_measured: dict[str, float] = {}


def _file_of(nodeid: str) -> str:
    return nodeid.split("::", 1)[0]


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The files that take longest first, each file's tests kept together and in their order: ``--dist loadfile``
    hands whole files to the two workers in this order (``--no-loadscope-reorder``), so that a long file never
    starts last while the other worker has nothing left to do. Files not in :data:`FILE_SECONDS` come after, in
    the order they were collected; the order changes how long the run takes, never what it tests."""
    seconds = json.loads(FILE_SECONDS.read_text(encoding="utf-8")) if FILE_SECONDS.exists() else {}
    first_seen: dict[str, int] = {}
    for item in items:
        first_seen.setdefault(_file_of(item.nodeid), len(first_seen))

    def key(item: pytest.Item) -> tuple[float, int]:
        path = _file_of(item.nodeid)
        return -float(seconds.get(path, 0.0)), first_seen[path]

    items.sort(key=key)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Add up each file's seconds (with ``-n``, in the process that hands out the work, from every worker's reports)."""
    path = _file_of(report.nodeid)
    _measured[path] = _measured.get(path, 0.0) + report.duration


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Write each file of this run that took 5 s or more, longest first, to ``test-artifacts/file_seconds.json``."""
    if hasattr(session.config, "workerinput") or not _measured:  # a worker: its reports reach the main process
        return
    slow = {path: round(total) for path, total in sorted(_measured.items(), key=lambda kv: -kv[1]) if total >= 5}
    out = Path(__file__).resolve().parent.parent / "test-artifacts" / "file_seconds.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(slow, indent=1) + "\n", encoding="utf-8")


def cards(text: str) -> list[Card]:
    """``"AH KH 10S"`` → those cards, in order (``Card.parse`` of each; ``Hand.parse(text, complete=False)``
    reads the same text as a set)."""
    return [Card.parse(t) for t in text.split()]


def build_hands(fixed: Mapping[Seat, Iterable[Card]], *, seed: int,
                strong: Side | None = None) -> tuple[Hand, Hand, Hand, Hand]:
    """Four 13-card hands: each seat gets its ``fixed`` cards, the rest of the pack is dealt at random
    (``deal_hands(..., fixed=...)``).

    With ``strong`` the high cards left over go to that side first, so that it can take many tricks.
    """
    if strong is None:
        return deal_hands(Seat.NORTH, seed, fixed=fixed)
    held = [Hand(fixed.get(seat, ())) for seat in Seat]
    rest = [c for c in deck() if not any(c in h for h in held)]
    random.Random(seed).shuffle(rest)
    rest.sort(key=lambda c: -int(c.rank))  # stable: high cards first, random among equals
    for card in rest[:26 - sum(len(held[s]) for s in strong.seats)]:
        seat = min(strong.seats, key=lambda s: len(held[s]))
        held[seat] = held[seat].with_card(card)
    return deal_hands(Seat.NORTH, seed, fixed=dict(zip(Seat, held, strict=True)))


def auction_for(contract: str, declarer: Seat, rules: RuleSet = SEED, *, dealer: Seat = Seat.NORTH) -> list[Call]:
    """Calls from ``dealer`` on: passes until ``declarer`` bids ``contract``, then the closing passes."""
    calls: list[Call] = [PASS] * ((declarer - dealer) & 3)
    calls.append(Call.parse(contract))
    calls += [PASS] * rules.auction_end_passes
    return calls


def _strength(card: Card, lead: Card | None, trump: int | None) -> int:
    if trump is not None and card.suit == trump:
        return 100 + card.rank
    if lead is None or card.suit is lead.suit:
        return int(card.rank)
    return 0


def play_to(deal: Deal, declarer_tricks: int, *, seed: int = 0, node_limit: int = 20_000,
            plan: Sequence[Side] | None = None) -> Deal | None:
    """A legal play of the cards in which the declaring side takes exactly ``declarer_tricks`` tricks.

    Depth-first search: each trick goes, if it can, to the side that still needs more
    tricks; the side meant to win plays high, the other low. Positions already found
    hopeless (same cards left, same leader, same tricks won) are not searched twice.
    With ``plan`` (one side per trick), trick *i* must go to ``plan[i]``.
    Returns ``None`` if nothing is found within ``node_limit`` cards.
    """
    if plan is not None:
        assert len(plan) == 13 and sum(s is deal.contract.side for s in plan) == declarer_tricks  # type: ignore[union-attr]
    contract = deal.contract
    assert contract is not None
    side = contract.side
    target = {side: declarer_tricks, side.other: 13 - declarer_tricks}
    trump = contract.strain.suit
    rng = random.Random(seed)
    nodes = 0
    hopeless: set[tuple[object, ...]] = set()

    def search(d: Deal, want: Side | None) -> Deal | None:
        nonlocal nodes
        nodes += 1
        if nodes > node_limit:
            return None
        done = d.tricks
        if plan is not None and done and not d.current_trick.cards and done[-1].winner.side is not plan[len(done) - 1]:  # type: ignore[union-attr]
            return None
        if d.is_finished:
            return d if d.tricks_won[side] == declarer_tricks else None
        need = {s: target[s] - d.tricks_won[s] for s in Side}
        if min(need.values()) < 0:
            return None
        trick = d.current_trick
        assert trick is not None
        key: tuple[object, ...] | None = None
        if not trick.cards:  # a new trick: decide who should win it
            key = (tuple(d.hand(s) for s in Seat), trick.leader, need[Side.NS])
            if key in hopeless:
                return None
            if plan is not None:
                want = plan[len(done)]
            else:
                want = rng.choice(list(Side)) if need[Side.NS] == need[Side.EW] else max(Side, key=lambda s: need[s])
        assert want is not None
        seat = d.to_act
        assert seat is not None
        lead = trick.cards[0] if trick.cards else None
        options = list(d.legal_actions())
        rng.shuffle(options)
        high_first = seat.side is want
        options.sort(key=lambda c: _strength(c, lead, trump), reverse=high_first)  # type: ignore[arg-type]
        for card in options:
            found = search(d.apply(card), want)
            if found is not None:
                return found
        if key is not None and nodes <= node_limit:
            hopeless.add(key)
        return None

    return search(deal, None)


def played_deal(contract: str, declarer: Seat, declarer_tricks: int, fixed: Mapping[Seat, Iterable[Card]], *,
                rules: RuleSet = SEED, dealer: Seat = Seat.NORTH, deal_number: int = 1,
                strong: Side | None = None, plan: Sequence[Side] | None = None) -> Deal:
    """A finished deal, bid and played through the engine, with exactly ``declarer_tricks`` for the declarers."""
    for seed in range(200):
        hands = build_hands(fixed, seed=seed, strong=strong)
        deal = Deal.replay(hands, auction_for(contract, declarer, rules, dealer=dealer), dealer=dealer,
                           rules=rules, deal_number=deal_number)
        assert deal.contract is not None and str(deal.contract.bid) == str(Call.parse(contract))
        assert deal.contract.declarer is declarer
        done = play_to(deal, declarer_tricks, seed=seed, plan=plan)
        if done is not None:
            assert done.declarer_tricks == declarer_tricks
            return done
    raise AssertionError(f"no play found giving {declarer_tricks} tricks to {contract} by {declarer}")


def replayed_to(hands: tuple[Hand, Hand, Hand, Hand], contract: str, declarer: Seat, declarer_tricks: int, *,
                rules: RuleSet = SEED, dealer: Seat = Seat.NORTH) -> Deal | None:
    """The given hands bid to ``contract`` and played so that the declarers take ``declarer_tricks``, or None."""
    deal = Deal.replay(hands, auction_for(contract, declarer, rules, dealer=dealer), dealer=dealer, rules=rules)
    for seed in range(20):
        done = play_to(deal, declarer_tricks, seed=seed, node_limit=5_000)
        if done is not None:
            return done
    return None


def line_view(lines: Iterable[ScoreLine]) -> list[tuple[str, str, int, str]]:
    """Each line as (kind, side, points, English explanation), for exact comparisons."""
    return [(ln.kind, str(ln.side), ln.points, ln.text()) for ln in lines]


@pytest.fixture
def rng() -> random.Random:
    return random.Random(20240611)
