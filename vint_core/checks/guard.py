"""The engine's own answer is off limits while a check asks the learner's function.

An exercise asks the learner to write out a rule; a function that merely calls the
engine's answer for it (``score_contract`` for a deal's score, ``SEED.trick_value_of``
for a trick's value, an ``Auction`` for the auction's end) would agree with the check
in every case and teach nothing. While a check calls the learner's function,
:class:`EngineGuard` swaps each forbidden engine function for a stand-in that notes
the call and then answers as the engine would, wherever the learner could reach it
from: the defining module and every ``vint_core`` module that imported it, the
learner's own globals (``fn.__globals__``, which is also what an ``import`` inside the
function or ``vint_core.scoring.score_contract`` ends up reading), the function's
defaults and closure, and, for methods and properties, the class itself. The check
then fails with a message that says to write it out. What an exercise hands the
learner (``Card``, ``Contract``, ``Seat``, ``deal_hands``, ...) stays allowed: each check
names only the parts that compute its own answer.

The check builds its questions and expected answers before it enters the guard, so
its own use of the engine is never counted.

>>> from vint_core.rules import SEED
>>> guard = EngineGuard(["vint_core.rules.RuleSet.trick_value_of"])
>>> def trick_value(contract):
...     return SEED.trick_value_of(contract.level, contract.strain)
>>> from vint_core import Contract
>>> with guard.watching(trick_value):
...     trick_value(Contract.parse("3NT by South"))
40
>>> guard.called
('SEED.trick_value_of',)
>>> SEED.trick_value_of.__qualname__   # the engine is itself again
'RuleSet.trick_value_of'
"""

from __future__ import annotations

import functools
import importlib
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from types import FunctionType, MethodType, ModuleType
from typing import Any

from vint_core.checks.result import CheckResult
from vint_core.i18n import Phrase


def _resolve(target: str) -> tuple[ModuleType | type, str, Any]:
    """``"vint_core.scoring.score_contract"`` → (module, name, object); ``"pkg.mod.Class.attr"`` → (class, ...)."""
    parts = target.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        try:
            module = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        owner: Any = module
        for name in parts[cut:-1]:
            owner = getattr(owner, name)
        attr = parts[-1]
        if isinstance(owner, type):
            for klass in owner.__mro__:
                if attr in vars(klass):
                    return klass, attr, vars(klass)[attr]
            raise AttributeError(f"{target} does not exist")
        return owner, attr, getattr(owner, attr)
    raise ImportError(f"no module for {target}")


def _shown(target: str) -> str:
    """The name a learner knows: ``score_contract``, ``SEED.trick_value_of``, ``Auction.apply``."""
    parts = target.split(".")
    if parts[-1] == "__init__":
        return parts[-2]
    if len(parts) >= 2 and parts[-2] == "RuleSet":
        return f"SEED.{parts[-1]}"
    if len(parts) >= 2 and parts[-2][:1].isupper():
        return ".".join(parts[-2:])
    return parts[-1]


class EngineGuard:
    """Notes every call of the ``targets`` (dotted paths) made while :meth:`watching` is on."""

    def __init__(self, targets: Sequence[str]) -> None:
        self.targets = tuple(targets)
        self._called: list[str] = []
        self._depth = 0
        self._inside = 0
        self._given: str | None = None  # the learner handed over a forbidden part itself

    @property
    def called(self) -> tuple[str, ...]:
        """The forbidden parts the learner's function reached, each once, in the order first called."""
        return tuple(dict.fromkeys(self._called))

    # -- stand-ins -------------------------------------------------------------------------------

    def _stand_in(self, original: Callable[..., Any], shown: str) -> Callable[..., Any]:
        guard = self

        def called(*args: Any, **kwargs: Any) -> Any:
            if not guard._depth or guard._inside:  # not watching, or called by another forbidden part
                return original(*args, **kwargs)
            guard._called.append(shown)
            guard._inside += 1
            try:
                return original(*args, **kwargs)
            finally:
                guard._inside -= 1

        functools.update_wrapper(called, original)
        del called.__wrapped__  # type: ignore[attr-defined]  # no way back to the original from the stand-in
        return called

    def _class_stand_in(self, raw: Any, shown: str) -> Any:
        if isinstance(raw, property):
            return property(self._stand_in(raw.fget, shown) if raw.fget else None, raw.fset, raw.fdel, raw.__doc__)
        if isinstance(raw, classmethod):
            return classmethod(self._stand_in(raw.__func__, shown))
        if isinstance(raw, staticmethod):
            return staticmethod(self._stand_in(raw.__func__, shown))
        if isinstance(raw, functools.cached_property):
            return property(self._stand_in(raw.func, shown))
        return self._stand_in(raw, shown)

    # -- swapping in and out -----------------------------------------------------------------------

    @contextmanager
    def watching(self, fn: object) -> Iterator[EngineGuard]:
        """While the block runs, every forbidden part is a stand-in that notes the call; restored after."""
        with self.installed(fn), self.watch():
            yield self

    @contextmanager
    def watch(self) -> Iterator[EngineGuard]:
        """Note the calls of the stand-ins :meth:`installed` put in place (elsewhere they just answer)."""
        self._depth += 1
        if self._given is not None:
            self._called.append(self._given)
        try:
            yield self
        finally:
            self._depth -= 1

    @contextmanager
    def installed(self, fn: object) -> Iterator[EngineGuard]:
        """The stand-ins in place of the forbidden parts, for ``fn``; they note calls only inside :meth:`watch`."""
        hook = getattr(fn, "guarded", None)
        if callable(hook):  # a learner's function in the grader's sandbox: watched in the learner's process
            with hook(self.targets, self._called.append):
                yield self
            return
        undo: list[Callable[[], None]] = []
        namespaces = _namespaces(fn)
        given = fn.func if isinstance(fn, functools.partial) else fn
        given = getattr(given, "__func__", given)  # a bound method (SEED.outranks) is its function
        try:
            for target in self.targets:
                owner, attr, original = _resolve(target)
                shown = _shown(target)
                if given is original or given is getattr(original, "fget", None):
                    self._given = shown
                if isinstance(owner, type):
                    setattr(owner, attr, self._class_stand_in(original, shown))
                    undo.append(functools.partial(setattr, owner, attr, original))
                    continue
                stand_in = self._stand_in(original, shown)
                for space in namespaces:
                    for key in [k for k, v in list(space.items()) if v is original]:
                        space[key] = stand_in
                        undo.append(functools.partial(space.__setitem__, key, original))
                undo.extend(_swap_in_function(fn, original, stand_in))
            yield self
        finally:
            self._given = None
            for step in reversed(undo):
                step()

    def result(self, name: str, lang: str = "en") -> CheckResult | None:
        """The failed result that says to write it out, if the learner's function called a forbidden part."""
        if not self.called:
            return None
        return CheckResult(name, passed=False, cases=0, lang=lang, said=Phrase(
            "check_engine_called", name=name, parts=", ".join(self.called)))


def _namespaces(fn: object) -> list[dict[str, Any]]:
    """Every module namespace the learner's function could reach an engine function from."""
    spaces: dict[int, dict[str, Any]] = {}
    for name, module in list(sys.modules.items()):
        if (name == "vint_core" or name.startswith("vint_core.")) and isinstance(module, ModuleType):
            spaces[id(vars(module))] = vars(module)
    for candidate in (getattr(fn, "__globals__", None), getattr(getattr(fn, "__func__", None), "__globals__", None)):
        if isinstance(candidate, dict):
            spaces[id(candidate)] = candidate
    for module_name in (getattr(fn, "__module__", None), "__main__"):
        found = sys.modules.get(module_name) if isinstance(module_name, str) else None
        if isinstance(found, ModuleType):
            spaces[id(vars(found))] = vars(found)
    return list(spaces.values())


def _swap_in_function(fn: object, original: object, stand_in: object) -> list[Callable[[], None]]:
    """The forbidden function in ``fn``'s defaults and closure cells, swapped; the steps that put them back."""
    undo: list[Callable[[], None]] = []
    func = fn.__func__ if isinstance(fn, MethodType) else fn
    if not isinstance(func, FunctionType):
        return undo
    if func.__defaults__ and any(d is original for d in func.__defaults__):
        old = func.__defaults__
        func.__defaults__ = tuple(stand_in if d is original else d for d in old)
        undo.append(functools.partial(setattr, func, "__defaults__", old))
    if func.__kwdefaults__ and any(d is original for d in func.__kwdefaults__.values()):
        old_kw = dict(func.__kwdefaults__)
        func.__kwdefaults__ = {k: stand_in if d is original else d for k, d in old_kw.items()}
        undo.append(functools.partial(setattr, func, "__kwdefaults__", old_kw))
    for cell in func.__closure__ or ():
        try:
            held = cell.cell_contents
        except ValueError:  # an empty cell
            continue
        if held is original:
            cell.cell_contents = stand_in
            undo.append(functools.partial(setattr, cell, "cell_contents", original))
    return undo


# -- what each exercise computes ---------------------------------------------------------------------

#: every engine part that scores a deal or a trick
SCORING = (
    "vint_core.scoring.score_contract", "vint_core.scoring.trick_lines", "vint_core.scoring.undertrick_lines",
    "vint_core.scoring.slam_lines", "vint_core.scoring.honour_lines", "vint_core.scoring.play_lines",
    "vint_core.scoring.play_points", "vint_core.scoring.trick_value", "vint_core.rules.RuleSet.trick_value_of",
    "vint_core.deal.Deal.score", "vint_core.deal.Deal.points", "vint_core.bots.evaluation.score_table",
)
#: every engine part that finds or counts honours
HONOURS = ("vint_core.honours.honour_cards", "vint_core.honours.honours_held", "vint_core.honours.honours_count",
           "vint_core.honours.honours_odds")
#: the order of bids
BID_ORDER = ("vint_core.rules.RuleSet.outranks", "vint_core.rules.RuleSet.bid_rank",
             "vint_core.rules.RuleSet.bid_ranks", "vint_core.rules.RuleSet.bids", "vint_core.rules.RuleSet.calls_from",
             "vint_core.auction.Auction.legal_calls", "vint_core.auction.Auction.is_legal")
#: who wins a trick
TRICK_WINNER = ("vint_core.play.trick_winner", "vint_core.play.winning_index", "vint_core.play.card_key")
#: the auction run by the engine
AUCTION = ("vint_core.auction.Auction.__init__", "vint_core.auction.Auction.apply",
           "vint_core.auction.Auction.is_over", "vint_core.auction.Auction.contract")
#: a rubber kept by the engine
RUBBER = ("vint_core.rubber.Rubber.record", "vint_core.rubber.Rubber.totals", "vint_core.rubber.Rubber.lines",
          "vint_core.rubber.rubbers_of", "vint_core.scoring.rubber_line")
#: the exact odds of holding the aces
ACE_ODDS = ("vint_core.honours.honours_odds", "vint_core.checks.odds.exact_ace_odds")
#: the computer players' decisions
BOTS = ("vint_core.bots.rule_bot.RuleBot.choose", "vint_core.bots.rule_bot.RuleBot.reason",
        "vint_core.bots.rule_bot._Bidder.decide",
        "vint_core.bots.sim_bot.SimBot.choose", "vint_core.bots.make_bot")

__all__ = ["ACE_ODDS", "AUCTION", "BID_ORDER", "BOTS", "HONOURS", "RUBBER", "SCORING", "TRICK_WINNER",
           "EngineGuard"]
