"""A click on a lesson widget to its feedback, in the kernel (headless): milliseconds per click, p50 and p95.

    .venv/bin/python bench/lesson_widgets.py --rounds 30

Each round builds the four lesson widgets afresh and clicks through them as a learner would:
TrickPractice (an illegal card, then a legal one: the computer players finish the trick), BiddingPractice
(an illegal call explained, a legal one made), AuctionPractice (a bid, then passes to the end of the
auction: the computer players answer each) and OneDeal (a whole deal by clicks, then its review). The time
is the click handler's (``Button.click()``: the practice, the controller, the drawing into the widgets'
state), not the browser's; the page adds the messages' round trip.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import ipywidgets as widgets  # type: ignore[import-untyped]

from vint_core import PASS, Bid, Call, Card
from vint_core.widgets import AuctionPractice, BiddingPractice, OneDeal, TrickPractice


def timed(samples: dict[str, list[float]], name: str, click: Callable[[], None]) -> None:
    started = time.perf_counter()
    click()
    samples.setdefault(name, []).append((time.perf_counter() - started) * 1000)


def one_round(samples: dict[str, list[float]], seed: int) -> None:
    widgets.Widget.close_all()
    trick = TrickPractice.position(hand="AK2.Q32.QJ987.32", led=["A♥"], trump="♠", seed=seed)
    timed(samples, "TrickPractice", trick.hand.button(Card.parse("A♠")).click)  # illegal: explained
    timed(samples, "TrickPractice", trick.hand.button(Card.parse("2♥")).click)
    box = BiddingPractice(calls=["2♣"])
    timed(samples, "BiddingPractice", box.box.button(Call.parse("2♠")).click)
    timed(samples, "BiddingPractice", box.box.button(Call.parse("2♦")).click)
    auction = AuctionPractice(seed=seed)
    first = [c for c in auction.drill.table.controls().calls if isinstance(c, Bid)]
    if first:
        timed(samples, "AuctionPractice", auction.box.button(first[0]).click)
    while not auction.drill.finished and auction.drill.table.session.human_to_act():
        timed(samples, "AuctionPractice", auction.box.button(PASS).click)
    deal = OneDeal(seed=seed)
    while not deal.session.deal.is_finished:
        controls = deal.flow.controls()
        if controls.calls:
            timed(samples, "OneDeal", deal.box.button(PASS).click)
        elif controls.cards:
            timed(samples, "OneDeal", deal.hand.button(controls.cards[0]).click)
        else:
            break


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    samples: dict[str, list[float]] = {}
    for k in range(args.rounds):
        one_round(samples, args.seed + k)
    for name, times in samples.items():
        times.sort()
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(f"{name}: {len(times)} clicks, p50 {statistics.median(times):.1f} ms, p95 {p95:.1f} ms, "
              f"max {times[-1]:.1f} ms")


if __name__ == "__main__":
    main()
