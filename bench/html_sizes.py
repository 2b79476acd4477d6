"""How many bytes each value's notebook HTML (``_repr_html_``) takes, and how much of it is ``<style>``.

    PYTHONPATH=. .venv/bin/python bench/html_sizes.py

Prints one line per value (a card, a hand, a trick, a finished auction, a deal in play and a
finished deal, a rubber of four deals), the UTF-8 size of its ``_repr_html_``, the part of it inside
``<style>`` elements, and the limit the tests hold it to where there is one. Only vint_core is needed.
"""

from __future__ import annotations

import random
import re

from vint_core import PASS, SEED, Call, Card, Deal, Phase, Rubber

LIMITS = {"Card": 1500, "Deal (finished)": 10_100, "Deal (in play)": 10_100}


def _finish(deal: Deal, rng: random.Random) -> Deal:
    """Play a deal to its end: 2♥ by the dealer, then random legal cards."""
    while not deal.is_finished:
        if deal.phase is Phase.AUCTION:
            deal = deal.apply(PASS if any(c.is_bid for c in deal.auction.calls) else Call.parse("2H"))
        else:
            deal = deal.apply(rng.choice(deal.legal_actions()))
    return deal


def values() -> dict[str, object]:
    """The values measured, each as a lesson would show it."""
    rng = random.Random(3)
    finished = _finish(Deal.new(seed=3, rules=SEED), rng)
    in_play = Deal.new(seed=5).apply(Call.parse("1NT"))
    while in_play.phase is Phase.AUCTION:
        in_play = in_play.apply(PASS)
    while len(in_play.tricks) < 4 or not (in_play.current_trick and in_play.current_trick.cards):
        in_play = in_play.apply(rng.choice(in_play.legal_actions()))
    rubber = Rubber(SEED, finished.dealer)
    seed = 10
    while len(rubber.deals) < 4 and not rubber.is_finished:
        rubber = rubber.record(_finish(Deal.new(seed=seed, dealer=rubber.next_dealer, rules=SEED), rng))
        seed += 1
    return {"Card": Card.parse("10♥"), "Hand": finished.hands[0], "Trick": finished.tricks[0],
            "Auction": finished.auction, "Deal (in play)": in_play, "Deal (finished)": finished,
            "Rubber (4 deals)": rubber}


def sizes() -> dict[str, tuple[int, int]]:
    """Each value's HTML size and the size of its ``<style>`` elements, in bytes (UTF-8)."""
    out = {}
    for name, value in values().items():
        html = value._repr_html_()  # type: ignore[attr-defined]
        style = sum(len(m.encode()) for m in re.findall(r"<style>.*?</style>", html, flags=re.S))
        out[name] = (len(html.encode()), style)
    return out


def main() -> None:
    print(f"{'value':<18} {'bytes':>7} {'style':>7} {'limit':>7}")
    for name, (total, style) in sizes().items():
        limit = LIMITS.get(name)
        print(f"{name:<18} {total:>7} {style:>7} {limit if limit else '':>7}")


if __name__ == "__main__":
    main()
