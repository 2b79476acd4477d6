"""The review's time for one seat's 13 cards (and calls) of a whole deal: ``python bench/weigh.py [samples]``.

Each deal is played by the rule-based computer player in all four seats and South's calls and cards are
weighed with :func:`vint_core.table.weighing.weigh` (endplay needed). For each deal it prints the seconds of the
weighing, of reading it back as the saved game keeps it (:func:`~vint_core.table.weighing.weighing_from_json`,
what a review reopened costs: no solver), of the review panel drawn from the kept weighing, and of "See the rest
played out" from South's first card (:func:`~vint_core.table.weighing.play_out`, the slowest position to play out).
"""

from __future__ import annotations

import json
import random
import sys
import time

from vint_core import Deal, Seat
from vint_core.bots.rule_bot import RuleBot
from vint_core.table.review import position_after
from vint_core.table.weighing import SAMPLES, KeptWeighings, play_out, weigh, weighing_from_json, weighing_to_json


def played(seed: int) -> Deal:
    """A deal played to the end by the rule-based player, South declaring or defending a contract."""
    bot, rng = RuleBot(), random.Random(seed)
    deal = Deal.new(seed=seed)
    while not deal.is_finished:
        seat = deal.to_act
        assert seat is not None
        deal = deal.apply(bot.choose(deal.view(seat), rng))
    return deal


def first_card(deal: Deal, seat: Seat) -> Deal:
    """The deal just before ``seat``'s first card."""
    start = position_after(deal, 0)
    for card in deal.tricks[0].cards:
        if start.to_act is seat:
            return start
        start = start.apply(card)
    raise AssertionError("the seat plays to the first trick")


def main() -> None:
    from vint_core.widgets.review import ReviewPanel

    samples = int(sys.argv[1]) if len(sys.argv) > 1 else SAMPLES
    deals = [d for d in (played(seed) for seed in range(1, 40)) if d.contract is not None][:5]
    weigh(deals[0], Seat.SOUTH, samples=1)  # load the solver once
    times, reads, rests = [], [], []
    for deal in deals:
        start = time.perf_counter()
        result = weigh(deal, Seat.SOUTH, samples=samples)
        times.append(time.perf_counter() - start)
        record = json.loads(json.dumps(weighing_to_json(result, deal, samples)))
        start = time.perf_counter()
        assert weighing_from_json(record, deal, Seat.SOUTH, samples) == result
        panel = ReviewPanel(bottom=Seat.SOUTH, samples=samples)
        panel.show(deal, lines=deal.score(), kept=KeptWeighings([record]))
        assert panel.weighed.done() and panel.weighing == result
        reads.append(time.perf_counter() - start)
        before = first_card(deal, Seat.SOUTH)
        card = next(c for c in deal.tricks[0].cards if c in deal.hands[Seat.SOUTH])
        start = time.perf_counter()
        play_out(deal, Seat.SOUTH, before, card)
        rests.append(time.perf_counter() - start)
        print(f"deal {deal.contract} ({len(result.cards)} cards by South, {samples} samples each): "
              f"weighed {times[-1]:.2f} s, {len(result.marked)} marked; reopened from the save {reads[-1]:.2f} s; "
              f"the rest played out from trick 1 {rests[-1]:.2f} s")
    print(f"{samples} samples: weighing mean {sum(times) / len(times):.2f} s, slowest {max(times):.2f} s per deal "
          f"(goal: at most 10 s); reopened at most {max(reads):.2f} s; the rest played out at most {max(rests):.2f} s")


if __name__ == "__main__":
    main()
