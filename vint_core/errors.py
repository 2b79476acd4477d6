"""The VintError family: typed errors whose messages a learner can read.

Every error vint_core raises on purpose for something a learner did (a bad
text, an illegal call or card, a deal that does not fit, a rule set that
cannot be) is a :class:`VintError`, and so a ``ValueError``. It carries a
``reason`` (a :class:`Reason`) and the parameters of its message, so that the
same error can be shown in English (``str(err)``) or German
(``err.message("de")``); both come from the catalogue in :mod:`vint_core.i18n`.

The kinds, by what went wrong:

- :class:`ParseError`: a text or value that is not a card, call, seat, hand,
  record, rule set or computer player;
- :class:`IllegalCallError`, :class:`IllegalPlayError`: a call or card the
  rules do not allow now; :class:`OutOfTurnError`: an action by the wrong seat;
- :class:`NotFinishedError`: scoring, recording or reviewing a deal that is
  still going on;
- :class:`RubberError`: a finished deal that does not fit the rubber, or a
  rubber already over;
- :class:`FileRefused`: a file that is not one to read (a folder, a pipe, a
  device) or larger than its kind may be (see :mod:`vint_core.files`).

An error is keyed one way: by its :class:`Reason`, whose value is the catalogue's key of its message. Where
one reason has many sentences (a record's mistakes, the table's refusals) the sentence is the ``detail``
parameter, a :class:`~vint_core.i18n.Phrase` (a key of the catalogue and its parameters) rendered in the
message's language: :class:`~vint_core.record_form.RecordError` (``Reason.BAD_RECORD``),
:class:`~vint_core.table.session.SessionError` (``Reason.TABLE``). A program tells errors apart by their class
and ``reason``, never by their text.
"""

from __future__ import annotations

import enum
from typing import Any

from vint_core.i18n import Phrase, error_message
from vint_core.i18n import text as tr


class Reason(enum.Enum):
    """Why an input or an action was rejected."""

    # parsing
    BAD_CARD = "bad_card"
    BAD_CALL = "bad_call"
    BAD_SEAT = "bad_seat"
    BAD_HAND = "bad_hand"
    HAND_SIZE = "hand_size"
    HAND_TOO_BIG = "hand_too_big"
    CARD_TWICE = "card_twice"
    BAD_PBN_DEAL = "bad_pbn_deal"
    FIXED_TWICE = "fixed_twice"
    FIXED_TOO_MANY = "fixed_too_many"
    TRICK_TOO_LONG = "trick_too_long"
    BAD_RECORD = "bad_record"
    UNKNOWN_RULES = "unknown_rules"
    NOT_RULES = "not_rules"
    BAD_RULES_DATA = "bad_rules_data"
    UNKNOWN_RULE_FIELD = "unknown_rule_field"
    BAD_RULE_FIELD = "bad_rule_field"
    UNKNOWN_BOT = "unknown_bot"
    UNKNOWN_BOT_LEVEL = "unknown_bot_level"
    BAD_SAVE = "bad_save"
    # a learner's file (vint_core.files)
    NOT_A_FILE = "not_a_file"
    FILE_TOO_BIG = "file_too_big"
    # the auction
    AUCTION_OVER = "auction_over"
    INSUFFICIENT_BID = "insufficient_bid"
    BELOW_MIN_LEVEL = "below_min_level"
    STRAIN_NOT_ALLOWED = "strain_not_allowed"
    SELF_OVERCALL = "self_overcall"
    PASSED_BEFORE = "passed_before"
    NOT_AUCTION = "not_auction"
    NOT_IN_RULES = "not_in_rules"
    # the play
    NOT_IN_HAND = "not_in_hand"
    MUST_FOLLOW = "must_follow"
    NOT_PLAY = "not_play"
    PLAY_OVER = "play_over"
    # turns and phases
    OUT_OF_TURN = "out_of_turn"
    DEAL_OVER = "deal_over"
    NOTHING_TO_DO = "nothing_to_do"
    NOT_STARTED = "not_started"
    # rubbers and records
    RUBBER_OVER = "rubber_over"
    WRONG_DEAL = "wrong_deal"
    NOT_FINISHED = "not_finished"
    BAD_DEAL = "bad_deal"
    # what-if scoring and honours
    BAD_CONTRACT = "bad_contract"
    BAD_TRICKS = "bad_tricks"
    BAD_HONOURS = "bad_honours"
    BAD_ACES = "bad_aces"
    ACES_NEEDED = "aces_needed"
    FOUR_HANDS = "four_hands"
    ODDS_HAND = "odds_hand"
    # a public function given a value it cannot take (a number for a strain, a text for the hands…)
    BAD_ARGUMENT = "bad_argument"
    BAD_STRAIN = "bad_strain"
    # the table
    TABLE = "table"
    BAD_TABLE_SETTING = "bad_table_setting"
    UNKNOWN_TABLE_SETTING = "unknown_table_setting"
    # class mode (vint_core.classroom)
    CLASS = "class"
    # the exercises' grader (vint_core.checks.notebooks): a notebook it will not grade
    NOT_GRADED = "not_graded"
    # the served pages' settings
    BAD_SETTING = "bad_setting"
    BAD_LANG = "bad_lang"
    BAD_SEED = "bad_seed"
    BAD_PACE = "bad_pace"
    BAD_BOTS = "bad_bots"
    BAD_TOPIC = "bad_topic"


class VintError(ValueError):
    """Base class of every error vint_core raises on purpose."""

    def __init__(self, reason: Reason, **params: Any) -> None:
        self.reason = reason
        self.params = params
        super().__init__(self.message("en"))

    def message(self, lang: str = "en") -> str:
        """The explanation in ``lang`` ("en" or "de")."""
        return error_message(self.reason, lang, self.params)


class ParseError(VintError):
    """Text or a value that is not a legal card, call, seat, hand, record, rule set or computer player.

    ``line`` is the 1-based line of a record where the problem was found, or
    ``None`` when the input was a single value.
    """

    def __init__(self, reason: Reason, *, line: int | None = None, **params: Any) -> None:
        self.line = line
        super().__init__(reason, **params)

    def message(self, lang: str = "en") -> str:
        """The message in ``lang``, after "line N: " when the record's line is known."""
        text = super().message(lang)
        if self.line is None:
            return text
        return tr("line_prefix", lang, line=self.line) + text


def shown(value: object) -> str:
    """A value as a learner passed it, cut to one short printable line (for a message)."""
    try:
        text = repr(value)
    except Exception:  # a value whose repr fails is still named by its type
        text = f"<{type(value).__name__}>"
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    return text if len(text) <= 60 else text[:59] + "…"


def bad_argument(name: str, value: object, expected: str, **params: Any) -> ParseError:
    """The error for a public function's argument ``name`` that cannot be ``value``: ``expected`` is the
    catalogue's phrase (``arg_…``) that says what it may be, with its ``params``.

    >>> print(bad_argument("tricks", "nine", "arg_whole", low=0, high=13))
    tricks cannot be 'nine': it is a whole number from 0 to 13
    """
    return ParseError(Reason.BAD_ARGUMENT, name=name, value=shown(value), expected=Phrase(expected, **params))


class IllegalCallError(VintError):
    """A call the auction does not allow at this point."""


class IllegalPlayError(VintError):
    """A card that may not be played now."""


class OutOfTurnError(VintError):
    """An action by a seat whose turn it is not."""


class NotFinishedError(VintError):
    """Something that needs a finished deal (its score, its place on the score sheet, its review)
    asked of a deal that is still going on."""


class RubberError(VintError):
    """A finished deal that does not belong to this rubber, or a rubber already over."""


class FileRefused(VintError):
    """A learner's file that is not read: not a regular file (a folder, a named pipe, a device) or too large."""


class CommandError(Exception):
    """A problem the user of the ``vint`` command can fix (a missing file, a bad record): one line on stderr,
    exit status 1. The commands raise it (``vint_core.cli`` re-exports it), ``vint_core.cli.main`` prints it."""
