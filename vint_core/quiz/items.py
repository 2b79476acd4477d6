"""A quiz item: its question, its answer, its choices with their misconceptions, and checking an answer.

Items are language-free values; :meth:`Item.to_json` puts one into English or German, in the
JSON form the command line prints (``vint-quiz/1``). :func:`check` marks a learner's answer and
diagnoses a wrong one: an answer that a named misconception produces gets that mistake's
feedback, for free answers (numbers, per-side numbers, cards) as for choices.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from vint_core.auction import Auction
from vint_core.calls import Call
from vint_core.cards import Card, Hand
from vint_core.errors import VintError, bad_argument
from vint_core.i18n import Phrase, say
from vint_core.quiz.texts import MISCONCEPTIONS, quiz_phrase
from vint_core.scoring import ScoreLine
from vint_core.seats import PerSide, Seat

Kind = Literal["choice", "number", "per_side", "cards"]
KINDS: tuple[Kind, ...] = ("choice", "number", "per_side", "cards")

#: one line of an explanation: a quiz sentence, one of the engine's score lines, or its legality reason
Line = Phrase | ScoreLine | VintError


@dataclass(frozen=True, slots=True)
class Choice:
    """One possible answer: its JSON value, whether it is the answer, the misconception it comes from."""

    value: Any
    correct: bool
    misconception: str | None
    #: what the learner reads after choosing it
    feedback: Phrase
    #: the value as the learner reads it (``None``: the value itself)
    label: Phrase | None = None


@dataclass(frozen=True, slots=True)
class Inputs:
    """What a question is about, machine-readable, in PBN notation: the ``data`` of the ``vint-quiz/1`` item
    form. Each question type fills the fields it asks about; ``to_json`` gives those (and, for a question
    about a hand or a trick, ``trump`` even when there is none, and for a hand ``led``: no card led yet).

    >>> Inputs("seed", dealer="W", calls=("1C", "Pass")).to_json()
    {'rules': 'seed', 'dealer': 'W', 'calls': ['1C', 'Pass']}
    """

    #: the rule set's name
    rules: str
    #: a seat's letter: the dealer, the declarer, a trick's leader, the seat asked about
    dealer: str | None = None
    declarer: str | None = None
    leader: str | None = None
    seat: str | None = None
    #: the deal's number in the rubber (it sets the lowest bid under progressive rules)
    deal_number: int | None = None
    #: the auction's calls so far, the bid asked about, two bids to compare, the contract
    calls: tuple[str, ...] | None = None
    bid: str | None = None
    a: str | None = None
    b: str | None = None
    contract: str | None = None
    #: a hand, the cards of a trick, the four hands (``N:… … … …``)
    hand: str | None = None
    cards: tuple[str, ...] | None = None
    deal: str | None = None
    #: the suit led (None: the hand leads), the trump suit (None: no trumps), a strain
    led: str | None = None
    trump: str | None = None
    strain: str | None = None
    #: the tricks each side took; the totals before a deal and the deal's points
    tricks: PerSide[int] | None = None
    before: PerSide[int] | None = None
    deal_points: PerSide[int] | None = None
    #: the card of the cut asked about (1: the first), and whether the deal before was passed out
    card: int | None = None
    passed_out: bool | None = None

    def to_json(self) -> dict[str, Any]:
        """The fields this question fills, as JSON values (per-side values as ``{"NS": …, "EW": …}``)."""
        kept_empty = {"led", "trump"} if self.hand is not None else {"trump"} if self.cards is not None else set()
        out: dict[str, Any] = {}
        for name in self.__slots__:
            value = getattr(self, name)
            if value is None and name not in kept_empty:
                continue
            out[name] = value.to_json() if isinstance(value, PerSide) else list(value) \
                if isinstance(value, tuple) else value
        return out

    def __getitem__(self, name: str) -> Any:
        """A field as its JSON value, read as the item form's ``data`` is: ``item.data["dealer"]``."""
        return self.to_json()[name]


#: what an item draws: ("auction", Auction), ("hand", Hand), ("deal", (dealer, hands)), ("cards", cards)
Figure = tuple[str, Any]


@dataclass(frozen=True, slots=True)
class Item:
    """One generated question."""

    id: str
    topic: str
    type: str
    kind: Kind
    rules: str
    #: the machine-readable inputs, in PBN notation
    data: Inputs
    #: the answer, in the same notation
    answer: Any
    prompt: Phrase
    choices: tuple[Choice, ...]
    explanation: tuple[Line, ...]
    hint: Phrase
    figures: tuple[Figure, ...] = ()

    @property
    def distractors(self) -> tuple[Choice, ...]:
        return tuple(c for c in self.choices if not c.correct)

    def html(self, lang: str = "en") -> str:
        """The question as HTML with the cards, hands and auctions drawn by :mod:`vint_core.render`
        (style it with ``render.stylesheet()``)."""
        from vint_core import render

        parts = []
        if about := rules_line(self.rules, lang):  # only a rule set other than the course's own
            parts.append(f'<p class="vint-quiz-rules vint-note" data-rules="{render.esc(self.rules)}">'
                         f"{render.esc(about)}</p>")
        parts.append(f'<p class="vint-quiz-question">{render.esc(self.prompt.text(lang))}</p>')
        for what, value in self.figures:
            if what == "auction":
                parts.append(render.auction_html(value, lang=lang, css=False))
            elif what == "hand":
                parts.append(render.hand_html(value, lang=lang, css=False))
            elif what == "cards":
                parts.append("".join(render.card_html(c, css=False) for c in value))
            elif what == "deal":
                parts.append(_deal_html(value, lang))
        return '<div class="vint-quiz-item">' + "".join(parts) + "</div>"

    def text(self, lang: str = "en") -> str:
        """The question as plain text, the auction, hands or cards written out after it."""
        from vint_core.i18n import seat_name

        lines = [about] if (about := rules_line(self.rules, lang)) else []
        lines.append(self.prompt.text(lang))
        for what, value in self.figures:
            if what == "auction":
                lines.append(", ".join(f"{seat_name(seat, lang)} {call}" for seat, call in value.calls_by()) or "—")
            elif what == "hand":
                lines.append(str(value))
            elif what == "cards":
                lines.append(" ".join(str(c) for c in value))
            elif what == "deal":
                first, hands = value
                lines.extend(f"{seat_name(seat, lang)}: {hands[seat]}" for seat in Seat.iter_from(first))
        return "\n".join(lines)

    def label(self, choice: Choice, lang: str = "en") -> str:
        """How a choice reads in ``lang``."""
        return self.label_msg(choice).text(lang)

    def label_msg(self, choice: Choice) -> Phrase:
        return choice.label if choice.label is not None else value_label(choice.value)

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        """The item as JSON values in ``lang`` (the ``vint-quiz/1`` item form)."""
        return {
            "id": self.id,
            "topic": self.topic,
            "type": self.type,
            "rules": self.rules,
            "lang": lang,
            "kind": self.kind,
            "prompt": {"text": self.text(lang), "html": self.html(lang)},
            "data": self.data.to_json(),
            "answer": self.answer,
            "choices": [{"value": c.value, "label": self.label(c, lang), "correct": c.correct,
                         "misconception": c.misconception, "feedback": c.feedback.text(lang)}
                        for c in self.choices],
            "explanation": [say(line, lang) for line in self.explanation],
            "hint": self.hint.text(lang),
        }


#: the course's own rules: a question asked under them does not say so (the course teaches nothing else)
COURSE_RULES = "seed"


def rules_line(name: str, lang: str = "en") -> str:
    """The line that says which rules a question is asked under, with how they differ: empty for the
    course's own rules (:data:`COURSE_RULES`), whose questions need no such line.

    >>> rules_line("short")
    'Rules: Short rubber (game to 500): as Standard Vint, but a game needs only 500 points: quicker rubbers.'
    >>> rules_line("seed")
    ''
    """
    from vint_core.i18n import rules_about, rules_title

    if name == COURSE_RULES:
        return ""
    return quiz_phrase("q_rules", title=rules_title(name, lang), about=rules_about(name, lang) or name).text(lang)


def _deal_html(value: tuple[Seat, Sequence[Hand]], lang: str) -> str:
    from vint_core import render
    from vint_core.i18n import seat_name

    first, hands = value
    rows = []
    for seat in Seat.iter_from(first):
        rows.append(f'<div class="vint-quiz-seat"><b>{render.esc(seat_name(seat, lang))}</b> '
                    f"{render.hand_html(hands[seat], lang=lang, css=False)}</div>")
    return '<div class="vint-quiz-deal">' + "".join(rows) + "</div>"


def answer_text(value: Any) -> str:
    """A JSON answer as a learner reads it: ``2♠``, ``N–S 3, E–W 2``, ``A♠ K♠``."""
    if value is None:
        return "—"
    if isinstance(value, dict) and set(value) == {"NS", "EW"}:
        return f"N–S {value['NS']}, E–W {value['EW']}"
    if isinstance(value, dict) and "totals" in value:
        return f"{value['winner'] or '—'}: {answer_text(value['totals'])}"
    if isinstance(value, list):
        return " ".join(answer_text(v) for v in value)
    if isinstance(value, str):
        try:
            return str(Call.parse(value))
        except VintError:
            pass
        try:
            return str(Card.parse(value))
        except VintError:
            return value
    return str(value)


# -- checking an answer ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a check says: right or wrong, the misconception recognised, the feedback to show."""

    correct: bool
    misconception: str | None
    feedback: Phrase
    #: the answer as given, in the item's notation (None for an answer that could not be read, and for a choice
    #: whose value is None, such as "the auction is over")
    given: Any
    #: False for an answer that could not be read: nothing is counted, and it can be corrected
    readable: bool = True


def normalise(kind: Kind, value: Any) -> Any:
    """A learner's answer in the item's notation: ``"2♠"`` → ``"2S"``, ``"A♠ K♠"`` → ``["SA", "SK"]``,
    ``{"NS": "3"}`` → ints. Raises ``ValueError`` (often a ``VintError``) for what cannot be read."""
    if kind == "cards":
        items = value.replace(",", " ").split() if isinstance(value, str) else list(value)
        cards = [Card.parse(str(v)).pbn for v in items]
        return sorted(set(cards))
    if kind == "number":
        if isinstance(value, bool):
            raise ValueError(repr(value))
        return int(str(value).strip())
    if kind == "per_side":
        if not isinstance(value, dict):
            raise ValueError(repr(value))
        out = {"NS": int(str(value["NS"]).strip()), "EW": int(str(value["EW"]).strip())}
        return out
    if isinstance(value, str) and value.strip():
        text = value.strip()
        for parse in (Call.parse, Seat.parse):
            try:
                parsed = parse(text)
            except VintError:
                continue
            return parsed.pbn if isinstance(parsed, Call) else parsed.letter
    return value


def _key(kind: Kind, value: Any) -> Any:
    return sorted(set(value)) if kind == "cards" and isinstance(value, list) else value


def check(item: Item, given: Any) -> Verdict:
    """Mark ``given`` (a choice's value or a free answer) against ``item``; a wrong answer that a
    misconception produces is diagnosed with that misconception's feedback."""
    if not isinstance(item, Item):
        raise bad_argument("item", item, "arg_item")
    try:
        value = normalise(item.kind, given)
    except (ValueError, KeyError, TypeError) as exc:
        # what cannot be read, in the feedback's own language: the error itself, or what a number answer must be
        detail: object = exc if isinstance(exc, VintError) else Phrase(
            "check_want_pair" if item.kind == "per_side" else "check_want_number")
        return Verdict(False, None, quiz_phrase("f_unreadable", detail=detail), None, readable=False)
    key = _key(item.kind, value)
    for choice in item.choices:
        if _key(item.kind, choice.value) == key:
            return Verdict(choice.correct, choice.misconception, choice.feedback, value)
    answer = next(c for c in item.choices if c.correct)
    return Verdict(False, None, wrong_feedback(item.label_msg(answer), item.explanation), value)


def headline(item: Item, verdict: Verdict) -> Phrase:
    """The verdict's first line when the answer is shown, above the item's explanation, which it does not
    repeat: "Right.", the mistake and its rule, or "Not right: the answer is …"."""
    if verdict.correct:
        return quiz_phrase("f_right_short")
    if verdict.misconception is not None:
        return mistake_feedback(verdict.misconception)
    if not verdict.readable:
        return verdict.feedback  # the answer could not be read: say why
    answer = next(c for c in item.choices if c.correct)
    return quiz_phrase("f_wrong_short", answer=item.label_msg(answer))


def try_again_feedback(verdict: Verdict) -> Phrase:
    """What a wrong try says before the answer is shown: the mistake and its rule when one is recognised,
    never the answer."""
    if verdict.misconception is not None:
        m = MISCONCEPTIONS[verdict.misconception]
        return quiz_phrase("f_try_mistake", name=m.name, rule=m.rule)
    return quiz_phrase("f_try")


# -- building choices (for the generators) -------------------------------------------


def right_feedback(explanation: Sequence[Line]) -> Phrase:
    return quiz_phrase("f_right", why=_first_msg(explanation))


def wrong_feedback(answer: Phrase, explanation: Sequence[Line]) -> Phrase:
    return quiz_phrase("f_wrong", answer=answer, why=_first_msg(explanation))


class _Lines:
    """An explanation as a parameter of a sentence: its lines one after the other, in the sentence's language."""

    __slots__ = ("lines",)

    def __init__(self, lines: Sequence[Line]) -> None:
        self.lines = tuple(lines)

    def text(self, lang: str) -> str:
        return " ".join(_end(say(line, lang)) for line in self.lines)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Lines) and other.lines == self.lines

    def __hash__(self) -> int:
        return hash(len(self.lines))


def _end(sentence: str) -> str:
    return sentence if sentence.endswith((".", "!", "?")) else sentence + "."


def _first_msg(explanation: Sequence[Line]) -> Any:
    return _Lines(explanation)


def mistake_feedback(misconception: str) -> Phrase:
    m = MISCONCEPTIONS[misconception]
    return quiz_phrase("f_mistake", name=m.name, rule=m.rule)


def value_label(value: Any) -> Phrase:
    """How a JSON value reads: yes/no, ``N–S 3, E–W 2`` (O–W in German), ``2♠``, ``A♠ K♠``."""
    if value is True:
        return quiz_phrase("yes")
    if value is False:
        return quiz_phrase("no")
    if isinstance(value, dict) and set(value) == {"NS", "EW"}:
        return quiz_phrase("per_side_value", ns=value["NS"], ew=value["EW"])
    if isinstance(value, list) and not value:
        return quiz_phrase("no_cards")
    return quiz_phrase("plain", text=answer_text(value))


def seat_label(value: Any) -> Phrase:
    """A seat letter by its name, ``None`` as "nobody: passed out"."""
    if value is None:
        return quiz_phrase("nobody_passed_out")
    return quiz_phrase("plain", text=Seat.parse(value))


def fill_seats(rng: random.Random, answer: str | None, distractors: list[tuple[Any, str | None]]) -> None:
    """At least three choices: other seats, without a misconception of their own."""
    others = [s.letter for s in Seat if s.letter != answer and all(s.letter != d for d, _ in distractors)]
    rng.shuffle(others)
    while len({d for d, _ in distractors if d != answer}) < 2 and others:
        distractors.append((others.pop(), None))


def make_choices(answer: Any, distractors: Sequence[tuple[Any, str | None]], explanation: Sequence[Line], *,
                 label: Callable[[Any], Phrase] = value_label, kind: Kind = "choice") -> tuple[Choice, ...]:
    """The answer first, then each distractor whose value differs from the answer and from every
    earlier one (the first misconception named for a value keeps it)."""
    seen = [_key(kind, answer)]
    answer_label = label(answer)
    out = [Choice(answer, True, None, right_feedback(explanation), answer_label)]
    for value, misconception in distractors:
        key = _key(kind, value)
        if key in seen:
            continue
        seen.append(key)
        feedback = mistake_feedback(misconception) if misconception else wrong_feedback(answer_label, explanation)
        out.append(Choice(value, False, misconception, feedback, label(value)))
    return tuple(out)


def auction_of(rules_name: str, dealer: Seat, calls: Sequence[Call], deal_number: int = 1) -> Auction:
    """The auction after ``calls`` (a helper of the generators and the figures)."""
    from vint_core.rules import RuleSet

    a = Auction(dealer, RuleSet.named(rules_name), deal_number=deal_number)
    for call in calls:
        a = a.apply(call)
    return a


__all__ = ["COURSE_RULES", "KINDS", "Choice", "Figure", "Inputs", "Item", "Kind", "Line", "Verdict", "answer_text",
           "check", "fill_seats", "headline", "make_choices", "normalise", "rules_line", "say", "try_again_feedback"]
