"""The served pages' settings: one typed, frozen :class:`PageSettings`, read one way.

``vint table`` and ``vint quiz --serve`` parse their options with this module's readers (the argparse
types of :mod:`vint_core.cli.args`), hand them to Voilà as ``VINT_*`` environment variables
(:meth:`PageSettings.to_env`), and the page's notebook reads them back with
:meth:`PageSettings.from_env`: the same readers, the same checks. A value that cannot be read is a
:class:`SettingsError` naming the variable, on the command line as on a page (whose notebook shows its
message instead of the table)::

    variable          field    a value
    VINT_RULES        rules    a rule set's name (seed, short, …)
    VINT_LANG         lang     a language of vint_core.i18n.LANGUAGES: en, de or ru
    VINT_BOTS         bots     one computer player for all three, or three separated by commas
    VINT_SEED         seed     a whole number from 0 to 2**64 - 1
    VINT_PACE         pace     none, fast, normal, slow, confirm, or seconds from 0 to 10
    VINT_SEAT         seat     N, E, S or W (or a seat's name)
    VINT_QUIZ_TOPIC   topics   quiz topics or question types separated by commas, or all

A page opened as ``/?table=NAME`` keeps its game apart (``table``; see :func:`vint_core.app.table_name`), in
``VINT_DATA_DIR`` if set.

>>> settings = PageSettings.from_env({"VINT_RULES": " Short", "VINT_LANG": "DE", "VINT_SEAT": "w"})
>>> settings.rules.name, settings.lang, settings.seat
('short', 'de', <Seat.WEST: 3>)
>>> settings.to_env({})
{'VINT_RULES': 'short', 'VINT_LANG': 'de', 'VINT_SEAT': 'W'}
>>> PageSettings.from_env({"VINT_LANG": "fr"})
Traceback (most recent call last):
...
vint_core.app.settings.SettingsError: VINT_LANG: 'fr' is not a language: en, de or ru
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vint_core.errors import ParseError, Reason
from vint_core.i18n import LANGUAGES, one_of
from vint_core.rules import RuleSet
from vint_core.seats import Seat


class SettingsError(ParseError):
    """A ``VINT_*`` variable (or a command's option) whose value cannot be a page's setting: ``name`` is the
    variable, ``error`` the reader's own :class:`~vint_core.errors.ParseError`."""

    def __init__(self, name: str, error: ParseError) -> None:
        self.name = name
        self.error = error
        super().__init__(Reason.BAD_SETTING, name=name, error=error)


# -- the readers: one per setting, each raising a ParseError ------------------------------------------


def read_rules(text: str) -> RuleSet:
    """A rule set by name (``short``, ``Short``, ``whist-vint``)."""
    return RuleSet.named(text)


def read_lang(text: str) -> str:
    """One of :data:`~vint_core.i18n.LANGUAGES` (``en``, ``de``…), in any case."""
    key = text.strip().lower()
    if key not in LANGUAGES:
        raise ParseError(Reason.BAD_LANG, text=text, known=one_of(LANGUAGES))
    return key


def read_seed(text: str) -> int:
    """A seed: a whole number from 0 to 2**64 - 1."""
    key = text.strip()
    if not (key.isascii() and key.isdigit() and int(key) < 2**64):
        raise ParseError(Reason.BAD_SEED, text=text)
    return int(key)


def read_seat(text: str) -> Seat:
    """A seat: ``N``, ``E``, ``S``, ``W`` or its name."""
    return Seat.parse(text)


def read_bot(text: str) -> str:
    """One computer player's name, in small letters."""
    from vint_core.bots import BOT_NAMES

    key = text.strip().lower()
    if key not in BOT_NAMES:
        raise ParseError(Reason.UNKNOWN_BOT, text=text, known=", ".join(BOT_NAMES))
    return key


def read_bots(text: str) -> tuple[str, str, str]:
    """The three computer players from the learner's left: one name for all three, or three separated by commas."""
    from vint_core.bots import BOT_NAMES

    names = [name.strip().lower() for name in text.split(",")]
    if len(names) not in (1, 3) or any(name not in BOT_NAMES for name in names):
        raise ParseError(Reason.BAD_BOTS, text=text, known=", ".join(BOT_NAMES))
    first, *rest = names
    left, partner, right = (first, first, first) if not rest else (first, *rest)
    return left, partner, right


def read_pace(text: str) -> str | float:
    """A pace's name, or the seconds between computer cards (0 to 10)."""
    from vint_core.table.controller import PACES

    key = text.strip().lower()
    if key in PACES:
        return key
    try:
        seconds = float(key)
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds <= 10:
        raise ParseError(Reason.BAD_PACE, text=text, known=", ".join(PACES))
    return seconds


def read_topics(text: str) -> tuple[str, ...]:
    """Quiz topics or question types separated by commas (a type stands for its topic); ``all`` or nothing for
    every topic (an empty tuple)."""
    from vint_core.quiz import TOPICS, TYPES

    topics: list[str] = []
    for name in (part.strip().lower() for part in text.split(",")):
        if name in TOPICS:
            topics.append(name)
        elif name in TYPES:
            topics.append(TYPES[name].topic)
        elif name not in ("all", ""):
            raise ParseError(Reason.BAD_TOPIC, text=name, known=", ".join(("all", *TOPICS)))
    return tuple(dict.fromkeys(topics))


# -- the settings -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PageSettings:
    """What a served page is opened with; ``None`` (or an empty ``topics``) where nothing was said."""

    rules: RuleSet | None = None
    lang: str | None = None
    bots: tuple[str, str, str] | None = None
    seed: int | None = None
    pace: str | float | None = None
    seat: Seat | None = None
    topics: tuple[str, ...] = ()
    #: the table's name (``/?table=NAME``), whose game is kept apart
    table: str | None = None
    #: the data folder (``VINT_DATA_DIR``), where a named table's game is kept
    data_dir: Path | None = None

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> PageSettings:
        """The settings in ``environ`` (default: this process's environment); a ``VINT_*`` variable that is set
        but cannot be read is a :class:`SettingsError` naming it. A table name the server would refuse is left
        out (the server refuses that page before it starts a kernel)."""
        from vint_core.app import table_name

        env = os.environ if environ is None else environ
        values: dict[str, Any] = {}
        for field, (variable, read) in VARIABLES.items():
            text = env.get(variable, "").strip()
            if text:
                try:
                    values[field] = read(text)
                except ParseError as err:
                    raise SettingsError(variable, err) from None
        try:
            values["table"] = table_name(env.get("QUERY_STRING", ""))
        except ParseError:
            values["table"] = None
        if env.get("VINT_DATA_DIR"):
            values["data_dir"] = Path(env["VINT_DATA_DIR"])
        return cls(**values)

    def to_env(self, base: Mapping[str, str] | None = None) -> dict[str, str]:
        """``base`` (default: this process's environment) with the ``VINT_*`` variables of the settings given,
        for the Voilà process that serves the page."""
        env = dict(os.environ if base is None else base)
        for field, (variable, _) in VARIABLES.items():
            value = getattr(self, field)
            if value is None or value == ():
                continue
            if isinstance(value, RuleSet):
                env[variable] = value.name
            elif isinstance(value, Seat):
                env[variable] = value.letter
            elif isinstance(value, tuple):
                env[variable] = ",".join(value)
            else:
                env[variable] = str(value)
        return env

    def replace(self, **changes: Any) -> PageSettings:
        """A copy with some fields changed."""
        return dataclasses.replace(self, **changes)

    @property
    def save_path(self) -> Path | None:
        """Where a named table keeps its game (``table-NAME.json`` in the data folder); None for the shared one."""
        if self.table is None:
            return None
        from vint_core.saves import data_dir

        return (self.data_dir or data_dir()) / f"table-{self.table}.json"

    def table_options(self) -> dict[str, Any]:
        """The keyword arguments of :meth:`Table.open <vint_core.widgets.table.Table.open>` these settings give.

        >>> PageSettings(seed=4, seat=Seat.EAST).table_options()
        {'seed': 4, 'human': <Seat.EAST: 1>}
        """
        options = {"save_path": self.save_path, "rules": self.rules.name if self.rules else None, "lang": self.lang,
                   "bots": self.bots, "seed": self.seed, "pace": self.pace, "human": self.seat}
        return {key: value for key, value in options.items() if value is not None}

    def quiz_options(self) -> dict[str, Any]:
        """The keyword arguments of :meth:`QuizWidget.open <vint_core.widgets.quiz.QuizWidget.open>` these settings
        give.

        >>> PageSettings.from_env({"VINT_QUIZ_TOPIC": "honours,trick_winner", "VINT_RULES": "short"}).quiz_options()
        {'rules': 'short', 'topics': ['honours', 'play']}
        """
        options: dict[str, Any] = {"lang": self.lang, "rules": self.rules.name if self.rules else None,
                                   "topics": list(self.topics) or None}
        return {key: value for key, value in options.items() if value is not None}


#: each setting's environment variable and reader
VARIABLES: dict[str, tuple[str, Callable[[str], Any]]] = {
    "rules": ("VINT_RULES", read_rules),
    "lang": ("VINT_LANG", read_lang),
    "bots": ("VINT_BOTS", read_bots),
    "seed": ("VINT_SEED", read_seed),
    "pace": ("VINT_PACE", read_pace),
    "seat": ("VINT_SEAT", read_seat),
    "topics": ("VINT_QUIZ_TOPIC", read_topics),
}


def refused(error: SettingsError, lang: str | None = None) -> Any:
    """What a page shows instead of itself when its settings cannot be read: the error's sentence, no traceback
    (the server's log has it too), in ``lang``, else ``VINT_LANG`` if that one can be read, else English."""
    import html
    import os
    import sys

    import ipywidgets  # type: ignore[import-untyped]

    from vint_core.i18n import choose_language, text

    lang = lang or choose_language(os.environ.get("VINT_LANG", ""))
    why = error.message(lang)
    print(text("page_settings_refused", lang, why=why), file=sys.stderr)
    return ipywidgets.HTML(f"<p class='vint-settings-refused' role='alert'>{html.escape(why)}</p>")

__all__ = ["VARIABLES", "PageSettings", "SettingsError", "read_bot", "read_bots", "read_lang", "read_pace",
           "read_rules", "read_seat", "read_seed", "read_topics", "refused"]
