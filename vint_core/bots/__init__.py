"""Computer players: RandomBot, RuleBot and SimBot (double-dummy sampling).

>>> bot = make_bot("random")
>>> bot.name
'random'
"""

from __future__ import annotations

from vint_core.bots.base import Bot, Explains, Promise, Said

BOT_NAMES = ("random", "rule", "sim-fast", "sim-normal", "sim-strong")


def make_bot(name: str) -> Bot:
    """A bot by name: ``random``, ``rule``, ``sim-fast``, ``sim-normal`` or ``sim-strong``."""
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
    raise ParseError(Reason.UNKNOWN_BOT, text=name, known=", ".join(BOT_NAMES))


__all__ = ["BOT_NAMES", "Bot", "Explains", "Promise", "Said", "make_bot"]
