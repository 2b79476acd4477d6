"""``vint deal``: deal four hands (reproducibly from a seed) and show them, or print them as PBN."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from vint_core import pbn
from vint_core.cli.args import add_lang, helps, new_seed, rules_arg, say, seat_arg, seed_arg
from vint_core.deal import Deal
from vint_core.i18n import rules_title, seat_name
from vint_core.rules import RULE_SETS, SEED, RuleSet
from vint_core.seats import Seat


def _hand_lines(deal: Deal, seat: Seat) -> list[str]:
    from vint_core.cards import Suit

    hand = deal.hands[seat]
    return [f"{suit.symbol} " + (" ".join(str(c.rank) for c in hand.suit(suit)) or "—") for suit in Suit]


def deal_diagram(deal: Deal, *, seed: int | None = None, lang: str = "en") -> str:
    """The four hands round the table, as text: North on top, West and East beside, South below."""
    width = 30
    indent = " " * 16
    out = [say("deal_head", lang, seed="—" if seed is None else seed, rules=rules_title(deal.rules.name, lang),
               dealer=seat_name(deal.dealer, lang)), ""]
    out.append(indent + seat_name(Seat.NORTH, lang))
    out += [indent + line for line in _hand_lines(deal, Seat.NORTH)]
    out.append(f"{seat_name(Seat.WEST, lang):<{width}}{seat_name(Seat.EAST, lang)}")
    for west, east in zip(_hand_lines(deal, Seat.WEST), _hand_lines(deal, Seat.EAST), strict=True):
        out.append(f"{west:<{width}}{east}")
    out.append(indent + seat_name(Seat.SOUTH, lang))
    out += [indent + line for line in _hand_lines(deal, Seat.SOUTH)]
    return "\n".join(out) + "\n"


def run(args: argparse.Namespace) -> int:
    """``vint deal``."""
    seed = args.seed if args.seed is not None else new_seed()
    rules: RuleSet = args.rules if args.rules is not None else SEED
    dealer: Seat = args.dealer if args.dealer is not None else Seat.NORTH
    deal = Deal.new(dealer=dealer, seed=seed, rules=rules, board="1")
    if args.pbn:
        sys.stdout.write(pbn.dumps(deal, generator=f"vint deal --seed {seed} --dealer {dealer.letter} "
                                                        f"--rules {rules.name}"))
    else:
        sys.stdout.write(deal_diagram(deal, seed=seed, lang=args.lang))
    return 0


def register(subparsers: Any) -> None:
    """Add ``vint deal``."""
    deal = subparsers.add_parser("deal", help=helps("deal"), description=helps("deal_about"))
    deal.add_argument("--seed", type=seed_arg, help=helps("deal_seed"))
    deal.add_argument("--dealer", type=seat_arg, help=helps("dealer"))
    deal.add_argument("--rules", type=rules_arg, help=helps("rules", choices=", ".join(RULE_SETS)))
    deal.add_argument("--pbn", action="store_true", help=helps("deal_pbn"))
    add_lang(deal)
    deal.set_defaults(func=run)


__all__ = ["deal_diagram", "register", "run"]
