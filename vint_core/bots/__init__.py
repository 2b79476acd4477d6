"""Computer players: RandomBot, RuleBot and SimBot (double-dummy sampling).

>>> bot = make_bot("random")
>>> bot.name
'random'
"""

from __future__ import annotations

from collections.abc import Sequence

from vint_core.bots.base import Bot, Explains, Promise, Said
from vint_core.seats import Seat

BOT_NAMES = ("random", "rule", "sim-fast", "sim-normal", "sim-strong", "sim-light")

#: the served table's computer players in a new game, from the learner's left: RuleBots opposite, ``sim-light`` the
#: partner (as strong as SimBot ``fast`` within a table's budget of CPU and memory: bench/README.md, "The table's
#: partner")
TABLE_BOTS = ("rule", "sim-light", "rule")


def table_bots() -> tuple[str, str, str]:
    """:data:`TABLE_BOTS` where the solver's library loads, else RuleBots all round (``sim-light`` would play as
    RuleBot there and warn about it: the browser's Python of the JupyterLite course, an install without ``dds``)."""
    from vint_core.analysis import lean_available

    return TABLE_BOTS if lean_available() else ("rule", "rule", "rule")


def seated(human: Seat, names: Sequence[str] | None = None) -> dict[Seat, str]:
    """The computer players ``names`` (from ``human``'s left; default :func:`table_bots`) by the seats they take
    around ``human``; a shorter ``names`` leaves the last seats out.

    >>> seated(Seat.SOUTH, ("rule", "sim-fast"))
    {<Seat.WEST: 3>: 'rule', <Seat.NORTH: 0>: 'sim-fast'}
    """
    seats = (human.left, human.partner, human.right)
    return dict(zip(seats, table_bots() if names is None else names, strict=False))


def make_bot(name: str) -> Bot:
    """A bot by name: ``random``, ``rule``, ``sim-fast``, ``sim-normal``, ``sim-strong`` or ``sim-light``
    (the bidding guide's calls, SimBot ``fast``'s play over the last tricks: within a served table's budget).

    A SimBot's variant for measuring (not offered in the menus) adds settings after slashes:
    ``sim-fast/calls=rule`` (the bidding guide's calls), ``sim-fast/play=rule`` (its cards),
    ``sim-fast/cards=8`` (the play solved only with at most 8 cards in hand), ``sim-fast/samples=3``,
    ``sim-fast/tricks=formula`` (the calls value their layouts by the fitted trick formula, not double dummy),
    ``sim-fast/asamples=8`` (the layouts per call).
    """
    from vint_core.errors import ParseError, Reason

    key = name.strip().lower() if isinstance(name, str) else ""
    if key == "random":
        from vint_core.bots.random_bot import RandomBot

        return RandomBot()
    if key == "rule":
        from vint_core.bots.rule_bot import RuleBot

        return RuleBot()
    if key in ("sim", "sim-fast", "sim-normal", "sim-strong"):
        from vint_core.bots.sim_bot import SimBot

        return SimBot(level=key.partition("-")[2] or "normal")  # type: ignore[arg-type]
    if key == "sim-light":
        from vint_core.bots.sim_bot import light

        return light()
    if key.startswith("sim-") and "/" in key:
        from vint_core.bots.sim_bot import variant

        try:
            return variant(key)
        except ValueError:
            pass
    raise ParseError(Reason.UNKNOWN_BOT, text=name, known=", ".join(BOT_NAMES))


__all__ = ["BOT_NAMES", "TABLE_BOTS", "Bot", "Explains", "Promise", "Said", "make_bot", "seated", "table_bots"]
