"""The argument types the ``vint`` commands share: a seat, a rule set, a count, a seed, a port, a language,
a computer player, and the served pages' settings (the readers of :mod:`vint_core.app.settings`, so that an
option and its ``VINT_*`` variable take the same values).

Each type is a function from the option's text to its value that raises ``argparse.ArgumentTypeError`` with
the reason (argparse names the option), in the language the command line is read in (:func:`help_lang`: its
``--lang``, else ``VINT_LANG``):

>>> rules_arg("Short").name, seat_arg("w"), seed_arg("7"), port_arg("8866")
('short', <Seat.WEST: 3>, 7, 8866)
>>> count_arg("0")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: '0' is not a number of deals (1 to 1000000)
"""

from __future__ import annotations

import argparse
import os
import random
from collections.abc import Callable, Sequence
from typing import Any

from vint_core.app import settings
from vint_core.errors import ParseError
from vint_core.i18n import LANGUAGES, text
from vint_core.rules import RuleSet
from vint_core.seats import Seat


def say(key: str, lang: str, **params: Any) -> str:
    """A sentence of the command (``cli_`` + ``key`` in :mod:`vint_core.i18n`) in ``lang``."""
    return text("cli_" + key, lang, **params)


#: the language the parser's ``--help`` texts are written in (:func:`vint_core.cli.build_parser` sets it)
_HELP = {"lang": "en"}


def helps(key: str, **params: Any) -> str:
    """A ``--help`` text (``cli_help_`` + ``key``) in the language the parser is being built in."""
    return text("cli_help_" + key, _HELP["lang"], **params)


def set_help_language(lang: str) -> None:
    """The language of the ``--help`` texts of the parsers built from now on."""
    _HELP["lang"] = lang


def help_lang() -> str:
    """The language the parser is being built in (:func:`help_language` of the command line): an argument type
    made now (``type=reader(help_lang())``) says its mistakes in it."""
    return _HELP["lang"]


def env_language() -> str | None:
    """``VINT_LANG``, if it names a language of :data:`~vint_core.i18n.LANGUAGES` (any case), else ``None``."""
    wanted = os.environ.get("VINT_LANG", "").strip().lower()
    return wanted if wanted in LANGUAGES else None


def help_language(argv: Sequence[str]) -> str:
    """The language ``--help`` speaks for this command line: its ``--lang``, else ``VINT_LANG``, else English.

    >>> help_language(["deal", "--lang", "ru", "--help"]), help_language(["deal", "--lang=de", "-h"])
    ('ru', 'de')
    """
    for i, arg in enumerate(argv):
        value = argv[i + 1] if arg == "--lang" and i + 1 < len(argv) else \
            arg.split("=", 1)[1] if arg.startswith("--lang=") else None
        if value is not None and value.strip().lower() in LANGUAGES:
            return value.strip().lower()
    return env_language() or "en"


def new_seed() -> int:
    """A fresh seed, for a command given none (it prints the seed it used)."""
    return random.SystemRandom().randrange(10**9)


def _read(read: Callable[[str], Any], value: str) -> Any:
    """``read(value)``, its :class:`~vint_core.errors.ParseError` as argparse's error (argparse names the option)."""
    try:
        return read(value)
    except ParseError as exc:
        raise argparse.ArgumentTypeError(exc.message(help_lang())) from None


def rules_arg(value: str) -> RuleSet:
    """``--rules``: a rule set by name, with the learner's message when it is not one."""
    rules: RuleSet = _read(settings.read_rules, value)
    return rules


def seat_arg(value: str) -> Seat:
    """``--seat``, ``--dealer``: N, E, S, W or a seat's name."""
    seat: Seat = _read(settings.read_seat, value)
    return seat


def seed_arg(value: str) -> int:
    """``--seed``: a whole number from 0 to 2**64 - 1."""
    return int(_read(settings.read_seed, value))


def lang_arg(value: str) -> str:
    """``--lang``: one of :data:`~vint_core.i18n.LANGUAGES`."""
    return str(_read(settings.read_lang, value))


def bot_arg(value: str) -> str:
    """A computer player's name (``--ns``, ``--ew``)."""
    return str(_read(settings.read_bot, value))


def bots_arg(value: str) -> tuple[str, str, str]:
    """``--bots``: one computer player for all three, or three separated by commas."""
    bots: tuple[str, str, str] = _read(settings.read_bots, value)
    return bots


def pace_arg(value: str) -> str | float:
    """``--pace``: a pace's name or the seconds between computer cards."""
    pace: str | float = _read(settings.read_pace, value)
    return pace


def topics_arg(value: str) -> tuple[str, ...]:
    """Quiz topics or question types separated by commas."""
    return tuple(_read(settings.read_topics, value))


def port_arg(value: str) -> int:
    """A TCP port to serve on, 1 to 65535."""
    if not (value.isascii() and value.isdigit() and 1 <= int(value) <= 65535):
        raise argparse.ArgumentTypeError(say("bad_port", help_lang(), value=value))
    return int(value)


def count_arg(value: str, *, most: int = 1_000_000, what: str = "deals") -> int:
    """A number of deals (or of ``what``: ``"questions"``), 1 to ``most``."""
    if not (value.isascii() and value.isdigit() and 1 <= int(value) <= most):
        raise argparse.ArgumentTypeError(say("count_" + what, help_lang(), value=value, most=most))
    return int(value)


def positive_arg(value: str) -> int:
    """A whole number from 1."""
    if not (value.isascii() and value.isdigit() and int(value) >= 1):
        raise argparse.ArgumentTypeError(say("not_positive", help_lang(), value=value))
    return int(value)


def more_than_zero(kind: type[int] | type[float]) -> Callable[[str], int | float]:
    """A number of ``kind`` greater than zero."""
    def read(value: str) -> int | float:
        try:
            number = kind(value)
        except ValueError:
            number = 0
        if number <= 0:
            raise argparse.ArgumentTypeError(say("not_above_zero", help_lang(), value=value))
        return number
    return read


def add_lang(parser: argparse.ArgumentParser, *, default: str | None = "en", what: str = "output") -> None:
    """Add ``--lang`` (one of :data:`~vint_core.i18n.LANGUAGES`; a ``default`` of ``"en"`` gives way to
    ``VINT_LANG``); ``what`` is the help text's ``cli_help_lang_`` key: ``output``, ``messages``, ``table``."""
    if default == "en":
        default = env_language() or "en"
    parser.add_argument("--lang", type=lang_arg, default=default,
                        help=helps("lang_" + what, choices=", ".join(LANGUAGES)))


__all__ = ["add_lang", "bot_arg", "bots_arg", "count_arg", "env_language", "help_lang", "help_language", "helps",
           "lang_arg", "more_than_zero", "new_seed", "pace_arg", "port_arg", "positive_arg", "rules_arg", "say",
           "seat_arg", "seed_arg", "set_help_language", "topics_arg"]
