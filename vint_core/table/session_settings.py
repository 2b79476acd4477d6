"""SessionSettings: what the table keeps with a game besides its rules, seats and computer players.

The pace of the computer players and the four-colour deck, one frozen value: made, read from a save
(:meth:`SessionSettings.from_json`) and changed (``dataclasses.replace``) through the same checks, so a value
that cannot be is refused with a :class:`TableSettingError` that says what it may be. A save written before a
setting existed simply lacks it: the setting's default is taken.

>>> settings = SessionSettings.from_json({"pace": "fast"})
>>> settings, settings.to_json()
(SessionSettings(pace='fast', four_colour=False), {'pace': 'fast', 'four_colour': False})
>>> for bad in ({"pace": "warp"}, {"four_colour": "yes"}, {"speed": 3}):
...     try:
...         SessionSettings.from_json(bad)
...     except TableSettingError as err:
...         print(err)
the table's setting pace cannot be 'warp': it is one of none, fast, normal, slow, confirm
the table's setting four_colour cannot be 'yes': it is True or False
the table has no setting 'speed': its settings are pace, four_colour
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from vint_core.errors import ParseError, Reason, bad_argument, shown
from vint_core.i18n import Phrase

__all__ = ["PACES", "SessionSettings", "TableSettingError"]

#: the pace choices: seconds between computer cards, or "confirm" (wait for a click after each trick)
PACES: dict[str, float | str] = {"none": 0.0, "fast": 0.4, "normal": 0.9, "slow": 1.8, "confirm": "confirm"}


class TableSettingError(ParseError):
    """A table setting that cannot be (reason ``BAD_TABLE_SETTING``: ``name``, the ``value`` given and what it may
    be), or a setting the table does not have (``UNKNOWN_TABLE_SETTING``)."""


@dataclass(frozen=True)
class SessionSettings:
    """The table's settings kept with a game (see the module's docstring)."""

    #: how the computer players move: a name of :data:`PACES`
    pace: str = "normal"
    #: the four-colour deck (diamonds and clubs in colours of their own)
    four_colour: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.pace, str) or self.pace not in PACES:
            raise TableSettingError(Reason.BAD_TABLE_SETTING, name="pace", value=shown(self.pace),
                                    expected=Phrase("arg_choice", choices=", ".join(PACES)))
        if not isinstance(self.four_colour, bool):
            raise TableSettingError(Reason.BAD_TABLE_SETTING, name="four_colour", value=shown(self.four_colour),
                                    expected=Phrase("arg_bool"))

    def to_json(self) -> dict[str, Any]:
        """The settings as the save writes them (``{"pace": "normal", "four_colour": false}``)."""
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, obj: object) -> SessionSettings:
        """The settings of a save (or a mapping given to a new game): a setting left out takes its default, ``None``
        is every default; a value that cannot be, a setting the table does not have, or anything but a mapping is
        refused (:class:`TableSettingError`, or the ``BAD_ARGUMENT`` error for a non-mapping)."""
        if obj is None:
            return cls()
        if isinstance(obj, SessionSettings):
            return obj
        if not isinstance(obj, Mapping):
            raise bad_argument("settings", obj, "arg_settings")
        names = [f.name for f in dataclasses.fields(cls)]
        for key in obj:
            if key not in names:
                raise TableSettingError(Reason.UNKNOWN_TABLE_SETTING, name=shown(key), known=", ".join(names))
        return cls(**{str(key): value for key, value in obj.items()})
