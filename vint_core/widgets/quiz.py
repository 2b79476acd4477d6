"""QuizWidget: the engine's quizzes, one question at a time, with feedback that says why.

The widget draws a :class:`~vint_core.quiz.progress.Progress` (the learner's answers, kept in the
data directory) and the current :class:`~vint_core.quiz.items.Item`, and forwards clicks: choose
an answer (buttons, cards to pick, or numbers to type), Check, Hint, Next question. The questions
are asked under the course's own rules (``seed``) unless a rule set is chosen (``rules=``, or the
Rules menu that ``choose_rules=True`` shows, as the practice page does).

A right answer shows "Right." and the engine's explanation. A wrong one shows the mistake's name and
rule, never the answer: *Try again* lets the learner answer once more, *Show the answer* shows it
with the explanation (as JupyterQuiz does). Only the first try at a question counts for the score
per topic and the mastery per question type (:attr:`QuizWidget.attempt` says whether the latest
answer was it); the next question is more often of a type the learner gets wrong. Export writes the
answers as CSV for a teacher.

>>> from vint_core.quiz.progress import MAX_NAME, Progress, clean_name
>>> quiz = QuizWidget(Progress(seed=4), topics=["play"])
>>> quiz.item.topic, quiz.item.rules
('play', 'seed')
>>> quiz.answer_with(quiz.item.answer)
>>> quiz.check_button.click()
>>> "Right." in quiz.feedback.value, quiz.progress.score_by_topic()["play"], quiz.attempt.first_try
(True, (1, 1), True)
"""

from __future__ import annotations

import base64
import html as html_lib
import logging
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from vint_core import render
from vint_core.cards import Hand
from vint_core.classroom.client import Reporter
from vint_core.errors import FileRefused, bad_argument
from vint_core.i18n import LANGUAGES, rules_title, side_name, text
from vint_core.quiz import TOPICS, TYPES
from vint_core.quiz.items import COURSE_RULES, Item, Verdict, check, headline, say, try_again_feedback
from vint_core.quiz.progress import MAX_NAME, Attempt, Progress, clean_name
from vint_core.quiz.texts import quiz_phrase
from vint_core.rules import RULE_SETS
from vint_core.saves import disk_problem
from vint_core.seats import Side
from vint_core.widgets.settings import LANGUAGES as LANGUAGE_NAMES
from vint_core.widgets.style import style_html

log = logging.getLogger(__name__)

_QUIZ_CSS = """
.vint-quiz{max-width:52em;font-size:calc(15*var(--vintpx))}
.vint-quiz .vint-quiz-title{font-size:1.3em;font-weight:700}
.vint-quiz .vint-quiz-item .vint-quiz-question{font-size:1.05em;margin:.3em 0 .5em}
.vint-quiz .vint-quiz-deal .vint-hand{display:inline-flex}
.vint-quiz .vint-quiz-seat{margin:.15em 0}
.vint-quiz .vint-quiz-right{color:#1a7f37;font-weight:700}
.vint-quiz .vint-quiz-wrong{color:#b42318;font-weight:700}
[data-jp-theme-light=false] .vint-quiz .vint-quiz-right{color:#5ed17f}
[data-jp-theme-light=false] .vint-quiz .vint-quiz-wrong{color:#ff7a85}
@media (prefers-color-scheme:dark){.vint-quiz .vint-quiz-right{color:#5ed17f}.vint-quiz .vint-quiz-wrong{color:#ff7a85}}
.vint-quiz .vint-quiz-feedback ul{margin:.3em 0 .3em 1.2em;padding:0}
.vint-quiz .vint-quiz-choices{flex-wrap:wrap}
.vint-quiz .vint-quiz-choice button,.vint-quiz button.vint-quiz-choice{height:auto;min-height:2.2em;
 white-space:normal;text-align:left}
.vint-quiz .vint-quiz-choice.vint-selected{outline:3px solid #2f6fdd}
.vint-quiz .jupyter-button.vint-quiz-choice.mod-success{background:#1a7f37;color:#fff}
.vint-quiz .jupyter-button.vint-quiz-choice.mod-danger{background:#b42318;color:#fff}
.vint-quiz .jupyter-button.vint-quiz-choice.mod-info,.vint-quiz .jupyter-button.vint-quiz-check.mod-primary{
 background:#2f5fc4;color:#fff}
.vint-quiz .jupyter-button.vint-quiz-choice:disabled:is(.mod-success,.mod-danger){opacity:1}
.vint-quiz .vint-quiz-cards{flex-wrap:wrap}
.vint-quiz .vint-quiz-score table{border-collapse:collapse}
.vint-quiz .vint-quiz-score td{padding:.1em .6em .1em 0}
.vint-quiz .vint-quiz-topics{flex-wrap:wrap}
.vint-quiz .vint-status:has(.widget-html-content:empty){display:none}
.vint-quiz button.vint-quiz-export{width:auto;padding:0 1em}
.vint-quiz .vint-quiz-buttons{flex-wrap:wrap}
.vint-quiz .vint-quiz-buttons button{width:auto;min-width:8em;padding:0 1em}
.vint-quiz .vint-quiz-rules-choice select{min-width:0}
.vint-quiz .vint-quiz-item .vint-quiz-rules{margin:.3em 0;font-style:italic}
@media (max-width:600px){.vint-quiz{font-size:calc(14*var(--vintpx))}.vint-quiz .widget-checkbox{width:auto}
 .vint-quiz .vint-quiz-item .vint{font-size:calc(12*var(--vintpx))}}
"""


def _t(key: str, lang: str, **params: Any) -> str:
    return quiz_phrase(key, **params).text(lang)


def _not_saved(exc: Exception) -> Callable[[str], str]:
    """'Your answers are not being saved', and why, in the language of the moment."""
    why = disk_problem(exc)
    return lambda lang: html_lib.escape(text("quiz_not_saved", lang, why=why))


def _title_html(lang: str) -> str:
    return f'<div class="vint-quiz-title">{html_lib.escape(_t("ui_title", lang))}</div>'


def _topics_label(lang: str) -> str:
    return f"<b>{html_lib.escape(_t('ui_topics', lang))}:</b>&nbsp;"


class QuizWidget:
    """One learner practising: a question, the answer controls, Check / Try again / Show the answer / Hint /
    Next, feedback, the score.

    ``rules`` is the rule set the questions are asked under (default: the course's own, ``seed``);
    ``choose_rules`` shows a Rules menu to change it, ``choose_lang`` a Language menu (:meth:`set_lang`);
    ``offered`` limits the topics the learner may tick (default: all of them).
    """

    def __init__(self, progress: Progress, *, topics: Iterable[str] | None = None, lang: str = "en",
                 rules: str | None = None, choose_rules: bool = False, choose_lang: bool = False,
                 on_answer: Callable[[], None] | None = None, offered: Iterable[str] | None = None) -> None:
        self.progress = progress
        #: the topics the learner may tick (a lesson offers only what the course has taught so far)
        self.offered: list[str] = [t for t in TOPICS if offered is None or t in set(offered)] or list(TOPICS)
        #: called after each answer is recorded and saved (a lesson keeps its progress this way)
        self.on_answer = on_answer
        self.lang = lang
        # the rules asked for, else (with the menu) those the learner chose last time, else the course's own
        kept = progress.rules if choose_rules else None
        self.rules: str = next((r for r in (rules, kept) if r is not None and r in RULE_SETS), COURSE_RULES)
        self.choose_rules = choose_rules
        self.choose_lang = choose_lang
        chosen = [t for t in (topics or ()) if t in self.offered]
        self.topics: list[str] = chosen or list(self.offered)
        self.item: Item
        #: the answer given has been checked (right, or wrong and not yet tried again)
        self.checked = False
        #: the answer is shown (found, or asked for): the question is settled
        self.revealed = False
        #: how many answers were checked for the current question (the first is the one that counts)
        self.tries = 0
        #: the record of the latest answer checked (its ``first_try`` says whether it counted), None before one
        self.attempt: Attempt | None = None
        self._verdict: Verdict | None = None
        self._tried: set[int] = set()
        self._choice: int | None = None
        self._cards: set[str] = set()
        self._build()
        if progress.message is not None:
            message = progress.message
            self._show(self.status, lambda lang: html_lib.escape(message.text(lang)))
        elif progress.answered:
            answered = progress.answered
            self._show(self.status, lambda lang: html_lib.escape(_t("ui_resumed", lang, n=answered)))
        self._new_item()

    @classmethod
    def open(cls, path: Path | None = None, *, lang: str = "en", topics: Iterable[str] | None = None,
             rules: str | None = None, learner: str | None = None, choose_rules: bool = False,
             choose_lang: bool = False) -> QuizWidget:
        """The learner's saved progress (default: the data directory's ``quiz.json``), or a new one."""
        progress = Progress.open(path)
        if learner:
            progress.learner = clean_name(learner)
        quiz = cls(progress, topics=topics, lang=lang, rules=rules, choose_rules=choose_rules,
                   choose_lang=choose_lang)
        quiz.send_to_class("practice")
        return quiz

    def send_to_class(self, source: str, reporter: Reporter | None = None) -> bool:
        """From now on send each answer (once saved, through :attr:`on_answer`) to the learner's class too, as
        from ``source`` (``"practice"``, ``"lesson NN"``): the hub's service with the learner's server's own token
        (:class:`~vint_core.classroom.client.Reporter`). Outside a class nothing is sent and nothing said; an
        answer the class did not receive is said in the status line (it stays counted here). True in a class."""
        reporter = reporter if reporter is not None else Reporter.connect(lang=self.lang)
        if not reporter:
            return False
        before = self.on_answer

        def answered() -> None:
            if before is not None:
                before()
            if self.attempt is not None:
                problem = reporter.answer(self.attempt, source)
                if problem is not None:
                    self.status.value = html_lib.escape(text("class_answer_not_sent", self.lang, why=problem))

        self.on_answer = answered
        return True

    # -- building ---------------------------------------------------------------------------

    def _button(self, key: str, css: str, handler: Callable[[], None]) -> Any:
        button = widgets.Button(description=_t(key, self.lang))
        self._labelled.append((button, key))
        button.add_class(css)
        button.on_click(self._safe(handler))
        return button

    def _safe(self, handler: Callable[..., None]) -> Callable[..., None]:
        """A click handler that never lets an error reach the page: it is logged and a sentence is shown."""
        def run(*args: Any) -> None:
            try:
                handler()
            except (OSError, FileRefused) as exc:  # the progress could not be saved (a full or read-only disk)
                self._show(self.status, _not_saved(exc))
            except Exception:
                log.exception("quiz: a click failed")
                self._show(self.status, lambda lang: html_lib.escape(_t("ui_failed", lang)))
        return run

    def _show(self, part: Any, said: Callable[[str], str] | None) -> None:
        """Show ``said`` (HTML in a language, given the language) in ``part`` (the status, the feedback, the hint),
        kept to be said again when the language changes (:meth:`set_lang`); None empties the part."""
        self._said[id(part)] = said
        part.value = said(self.lang) if said is not None else ""

    def set_lang(self, lang: str) -> None:
        """Speak ``lang`` from now on: every label, the question, its answers, the feedback, the hint and the status
        already shown are said again in it; the question and the answer given so far stay as they are."""
        if lang not in LANGUAGES:
            raise bad_argument("lang", lang, "arg_choice", choices=", ".join(LANGUAGES))
        if lang == self.lang:
            return
        self.lang = lang
        self.title.value = _title_html(lang)
        self.learner.description = _t("ui_learner", lang)
        self.learner.placeholder = _t("ui_learner_hint", lang, n=MAX_NAME)
        for topic, box in self.topic_boxes.items():
            box.description = _t(f"topic_{topic}", lang)
        self.topics_label.value = _topics_label(lang)
        self._relabel_rules()
        self.lang_choice.description = _t("ui_language", lang)
        for button, key in self._labelled:
            button.description = _t(key, lang)
        item = self.item
        for button, choice in zip(self.choice_buttons, item.choices, strict=False):
            button.description = button.tooltip = item.label(choice, lang)
        if self.number_input is not None:
            self.number_input.description = _t("ui_number", lang)
        if self.ns_input is not None and self.ew_input is not None:
            self.ns_input.description, self.ew_input.description = side_name(Side.NS, lang), side_name(Side.EW, lang)
        if self.pick_cards is not None:
            self.pick_cards.value = html_lib.escape(_t("ui_pick_cards", lang))
        self.question.value = self._question_html()
        for part in (self.status, self.feedback, self.hint):
            said = self._said.get(id(part))
            part.value = said(lang) if said is not None else ""
        self._draw_score()

    def _relabel_rules(self) -> None:
        names = [COURSE_RULES, *(n for n in RULE_SETS if n != COURSE_RULES)]
        self._relabelling = True  # new labels for the same rule sets: not a rule set chosen
        try:
            self.rules_choice.options = [(rules_title(n, self.lang), n) for n in names]
            self.rules_choice.value = self.rules
            self.rules_choice.description = _t("ui_rules", self.lang)
        finally:
            self._relabelling = False

    def _set_lang(self) -> None:
        chosen = self.lang_choice.value
        if chosen != self.lang:
            self.set_lang(chosen)

    def _question_html(self) -> str:
        return (f'<div class="vint-quiz-current" data-item="{html_lib.escape(self.item.id)}">'
                f"{self.item.html(self.lang)}</div>")

    def _build(self) -> None:
        lang = self.lang
        self._said: dict[int, Callable[[str], str] | None] = {}
        self._labelled: list[tuple[Any, str]] = []
        self._relabelling = False
        self.pick_cards: Any = None
        self.title = widgets.HTML(_title_html(lang))
        self.status = widgets.HTML()
        self.status.add_class("vint-status")
        self.learner = widgets.Text(value=self.progress.learner, description=_t("ui_learner", lang),
                                    placeholder=_t("ui_learner_hint", lang, n=MAX_NAME), continuous_update=False)
        self.learner.add_class("vint-quiz-learner")
        self.learner.observe(lambda _: self._safe(self._set_learner)(), names="value")
        self.topic_boxes: dict[str, Any] = {}
        for topic in self.offered:
            box = widgets.Checkbox(value=topic in self.topics, description=_t(f"topic_{topic}", lang), indent=False,
                                   layout=widgets.Layout(width="auto", margin="0 1em 0 0"))
            box.add_class("vint-quiz-topic")
            box.observe(lambda _: self._safe(self._set_topics)(), names="value")
            self.topic_boxes[topic] = box
        self.topics_label = widgets.HTML(_topics_label(lang))
        topics_row = widgets.HBox([self.topics_label, *self.topic_boxes.values()])
        topics_row.add_class("vint-quiz-topics")
        # the rule set: the course's own first, the others only when chosen
        names = [COURSE_RULES, *(n for n in RULE_SETS if n != COURSE_RULES)]
        self.rules_choice = widgets.Dropdown(options=[(rules_title(n, lang), n) for n in names], value=self.rules,
                                             description=_t("ui_rules", lang),
                                             layout=widgets.Layout(width="28em", max_width="100%"))
        self.rules_choice.add_class("vint-quiz-rules-choice")
        self.rules_choice.observe(lambda _: self._safe(self._set_rules)(), names="value")
        if not self.choose_rules:
            self.rules_choice.layout.display = "none"
        self.lang_choice = widgets.Dropdown(options=[(name, code) for name, code in LANGUAGE_NAMES], value=lang,
                                            description=_t("ui_language", lang),
                                            layout=widgets.Layout(width="16em", max_width="100%"))
        self.lang_choice.add_class("vint-quiz-lang-choice")
        self.lang_choice.observe(lambda _: self._safe(self._set_lang)(), names="value")
        if not self.choose_lang:
            self.lang_choice.layout.display = "none"
        self.question = widgets.HTML()
        self.question.add_class("vint-quiz-question-box")
        self.answer_box = widgets.VBox()
        self.answer_box.add_class("vint-quiz-answer")
        self.check_button = self._button("ui_check", "vint-quiz-check", self.check)
        self.check_button.button_style = "primary"
        self.hint_button = self._button("ui_hint", "vint-quiz-hint", self.show_hint)
        self.next_button = self._button("ui_next", "vint-quiz-next", self.next)
        self.try_again_button = self._button("ui_try_again", "vint-quiz-try-again", self.try_again)
        self.try_again_button.button_style = "primary"
        self.show_answer_button = self._button("ui_show_answer", "vint-quiz-show-answer", self.show_answer)
        self.export_button = self._button("ui_export", "vint-quiz-export", self._export_clicked)
        self.hint = widgets.HTML()
        self.hint.add_class("vint-quiz-hint-text")
        self.feedback = widgets.HTML()
        self.feedback.add_class("vint-quiz-feedback")
        self.score = widgets.HTML()
        self.score.add_class("vint-quiz-score")
        self.download = widgets.HTML()
        self.download.add_class("vint-quiz-download")
        buttons = widgets.HBox([self.check_button, self.try_again_button, self.show_answer_button, self.hint_button,
                                self.next_button])
        buttons.add_class("vint-quiz-buttons")
        menus = widgets.HBox([self.rules_choice, self.lang_choice], layout=widgets.Layout(flex_flow="row wrap"))
        self.widget = widgets.VBox([
            widgets.HTML(style_html() + f"<style>{_QUIZ_CSS}</style>"), self.title, self.status, self.learner,
            topics_row, menus, self.question, self.answer_box, buttons,
            self.hint, self.feedback, self.score, widgets.HBox([self.export_button]), self.download])
        self.widget.add_class("vint-quiz")
        self.widget.add_class("vint")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:  # pragma: no cover - drawn by Jupyter
        return self.widget._repr_mimebundle_(**kwargs)

    # -- the question ---------------------------------------------------------------------------

    def _new_item(self) -> None:
        self.item = self.progress.next_item(self.topics, rules=self.rules)
        self.checked = False
        self.revealed = False
        self.tries = 0
        self._verdict = None
        self._tried = set()
        self._choice = None
        self._cards = set()
        self._show_retry(False)
        self._show(self.hint, None)
        self._show(self.feedback, None)
        self.answer_box.children = self._answer_controls()
        self.question.value = self._question_html()
        self.check_button.disabled = False
        self._draw_score()

    def _answer_controls(self) -> list[Any]:
        item, lang = self.item, self.lang
        self.choice_buttons: list[Any] = []
        self.card_buttons: dict[str, Any] = {}
        self.number_input = self.ns_input = self.ew_input = None
        self.pick_cards = None
        if item.kind == "choice":
            for i, choice in enumerate(item.choices):
                button = widgets.Button(description=item.label(choice, lang), tooltip=item.label(choice, lang),
                                        layout=widgets.Layout(width="auto", height="auto"))
                button.add_class("vint-quiz-choice")
                button.on_click(self._safe(lambda i=i: self.choose(i)))
                self.choice_buttons.append(button)
            row = widgets.HBox(self.choice_buttons)
            row.add_class("vint-quiz-choices")
            return [row]
        if item.kind == "cards":
            hand = Hand.parse(item.data.hand or "", complete=False)
            # in the order of the hand drawn above (♠ ♥ ♣ ♦), each button as wide as its card ("10♥" whole)
            for card in (c for suit in render.HAND_SUIT_ORDER for c in hand.suit(suit)):
                toggle = widgets.ToggleButton(description=str(card), tooltip=str(card),
                                              layout=widgets.Layout(width="auto", min_width="3.6em"))
                toggle.add_class("vint-quiz-cardpick")
                toggle.observe(lambda change, c=card.pbn: self._safe(lambda: self._toggle(c, change["new"]))(),
                               names="value")
                self.card_buttons[card.pbn] = toggle
            row = widgets.HBox(list(self.card_buttons.values()))
            row.add_class("vint-quiz-cards")
            self.pick_cards = widgets.HTML(html_lib.escape(_t("ui_pick_cards", lang)))
            return [self.pick_cards, row]
        if item.kind == "number":
            self.number_input = widgets.Text(description=_t("ui_number", lang))
            self.number_input.add_class("vint-quiz-number")
            return [self.number_input]
        self.ns_input = widgets.Text(description=side_name(Side.NS, lang))
        self.ns_input.add_class("vint-quiz-ns")
        self.ew_input = widgets.Text(description=side_name(Side.EW, lang))
        self.ew_input.add_class("vint-quiz-ew")
        return [self.ns_input, self.ew_input]

    # -- answering ------------------------------------------------------------------------------

    def choose(self, index: int) -> None:
        """Select choice ``index`` (the answer checked by Check)."""
        if self.checked:
            return
        self._choice = index
        for i, button in enumerate(self.choice_buttons):
            if i == index:
                button.add_class("vint-selected")
                button.button_style = "info"
            else:
                button.remove_class("vint-selected")
                button.button_style = ""

    def _toggle(self, card: str, on: bool) -> None:
        if on:
            self._cards.add(card)
        else:
            self._cards.discard(card)

    def answer_with(self, value: Any) -> None:
        """Put ``value`` into the answer controls, as a learner would (for scripts and tests)."""
        item = self.item
        if item.kind == "choice":
            self.choose(next(i for i, c in enumerate(item.choices) if c.value == value))
        elif item.kind == "cards":
            for pbn, toggle in self.card_buttons.items():
                toggle.value = pbn in set(value)
        elif item.kind == "number" and self.number_input is not None:
            self.number_input.value = str(value)
        elif self.ns_input is not None and self.ew_input is not None:
            self.ns_input.value, self.ew_input.value = str(value["NS"]), str(value["EW"])

    def _given(self) -> Any:
        item = self.item
        if item.kind == "choice":
            return None if self._choice is None else item.choices[self._choice].value
        if item.kind == "cards":
            return sorted(self._cards)
        if item.kind == "number" and self.number_input is not None:
            return self.number_input.value
        assert self.ns_input is not None and self.ew_input is not None
        return {"NS": self.ns_input.value, "EW": self.ew_input.value}

    def check(self) -> None:
        """Mark the answer given. Right: the feedback and the explanation. Wrong: the mistake, and *Try again* /
        *Show the answer*; the answer stays hidden. Only the first try counts for the score and the mastery."""
        if self.checked:
            return
        if self.item.kind == "choice" and self._choice is None:
            self._show(self.feedback, lambda lang: html_lib.escape(_t("ui_pick_choice", lang)))
            return
        given = self._given()
        if not (unreadable := check(self.item, given)).readable:
            # nothing to count: the answer could not be read (a word in a number box); it can be corrected
            self._show(self.feedback, lambda lang: (f'<div class="vint-quiz-wrong" role="status">'
                                                    f"{html_lib.escape(unreadable.feedback.text(lang))}</div>"))
            return
        first = self.tries == 0
        self.tries += 1
        saved = False
        try:
            self.attempt = self.progress.answer(self.item, given, first_try=first)
        except (OSError, FileRefused) as exc:  # a full or read-only disk: the answer counts, the page says so
            self._show(self.status, _not_saved(exc))
            self.attempt = self.progress.attempts[-1] if self.progress.attempts else None
        else:
            saved = True
        verdict = self.progress.last_verdict
        assert verdict is not None
        self._verdict = verdict
        self.checked = True
        self._lock_answer()
        if verdict.correct:
            self._reveal(verdict)
        else:
            self._wrong_try(verdict)
        if saved and self.on_answer is not None:
            self.on_answer()

    def _wrong_try(self, verdict: Verdict) -> None:
        """A wrong try: what went wrong, not what is right; *Try again* and *Show the answer*."""
        if self.item.kind == "choice" and self._choice is not None:
            self._tried.add(self._choice)
            self.choice_buttons[self._choice].button_style = "danger"
        self._show(self.feedback, lambda lang: (f'<div class="vint-quiz-wrong" role="status">'
                                                f"{html_lib.escape(try_again_feedback(verdict).text(lang))}</div>"))
        self._show_retry(True)
        self._draw_score()

    def try_again(self) -> None:
        """After a wrong try: the answer controls again (the choices tried stay marked), the answer still hidden."""
        if self.revealed or not self.checked:
            return
        self.checked = False
        self._verdict = None
        self._show_retry(False)
        self._show(self.feedback, None)
        self.check_button.disabled = False
        self._choice = None
        for i, button in enumerate(self.choice_buttons):
            button.remove_class("vint-selected")
            tried = i in self._tried
            button.disabled = tried
            button.button_style = "danger" if tried else ""
        for button in self.card_buttons.values():
            button.disabled = False
        for box in (self.number_input, self.ns_input, self.ew_input):
            if box is not None:
                box.disabled = False

    def show_answer(self) -> None:
        """After a wrong try: the answer, with the explanation (nothing more is counted)."""
        if self.revealed or self._verdict is None:
            return
        self._reveal(self._verdict)

    def _lock_answer(self) -> None:
        self.check_button.disabled = True
        for button in (*self.choice_buttons, *self.card_buttons.values()):
            button.disabled = True
        for box in (self.number_input, self.ns_input, self.ew_input):
            if box is not None:
                box.disabled = True

    def _show_retry(self, on: bool) -> None:
        for button in (self.try_again_button, self.show_answer_button):
            button.layout.display = None if on else "none"

    def _reveal(self, verdict: Verdict) -> None:
        """The answer shown: the verdict's headline once, then the explanation once (each sentence once)."""
        self.revealed = True
        self._show_retry(False)
        self._lock_answer()
        # the feedback first: it is what the learner waits for; the buttons and the score follow
        css = "vint-quiz-right" if verdict.correct else "vint-quiz-wrong"
        item = self.item

        def feedback(lang: str) -> str:
            lines = "".join(f"<li>{html_lib.escape(say(line, lang))}</li>" for line in item.explanation)
            return (f'<div class="{css}" role="status">{html_lib.escape(headline(item, verdict).text(lang))}</div>'
                    f"<div>{html_lib.escape(_t('ui_explanation', lang))}</div><ul>{lines}</ul>")
        self._show(self.feedback, feedback)
        if self.item.kind == "choice":
            for i, choice in enumerate(self.item.choices):
                if choice.correct:
                    self.choice_buttons[i].button_style = "success"
                elif i == self._choice or i in self._tried:
                    self.choice_buttons[i].button_style = "danger"
        self._draw_score()

    def show_hint(self) -> None:
        hint = self.item.hint
        self._show(self.hint, lambda lang: f"<i>{html_lib.escape(hint.text(lang))}</i>")

    def next(self) -> None:
        """The next question (more often of a type the learner gets wrong)."""
        self._show(self.status, None)
        self._new_item()

    # -- settings, score, export -------------------------------------------------------------------

    def _set_learner(self) -> None:
        typed = self.learner.value
        name = clean_name(typed)
        if name != typed.strip():  # cut, or control characters left out: the field shows what is kept
            if len(typed.strip()) > MAX_NAME:
                self._show(self.status, lambda lang: html_lib.escape(_t("ui_learner_cut", lang, n=MAX_NAME)))
            self.learner.value = name  # comes back here once more, with the name as kept
            return
        if name == self.progress.learner:
            return
        self.progress.learner = name
        if self.progress.path is not None:
            self.progress.save()

    def _set_topics(self) -> None:
        self.topics = [t for t, box in self.topic_boxes.items() if box.value] or list(self.offered)

    def _set_rules(self) -> None:
        """Another rule set chosen: the next questions, from a new one on now, are asked under it."""
        chosen = self.rules_choice.value
        if self._relabelling or chosen == self.rules or chosen not in RULE_SETS:
            return
        self.rules = chosen
        self._show(self.status, lambda lang: html_lib.escape(_t("ui_rules_changed", lang,
                                                                title=rules_title(chosen, lang))))
        self._new_item()
        self.progress.rules = None if chosen == COURSE_RULES else chosen
        if self.progress.path is not None:  # kept for the next visit (a disk that refuses it: said by _safe)
            self.progress.save()

    def _draw_score(self) -> None:
        lang = self.lang
        scores = self.progress.score_by_topic()
        if not scores:
            self.score.value = f"<p>{html_lib.escape(_t('ui_none_yet', lang))}</p>"
            return
        rows = "".join(f'<tr class="vint-quiz-topic-score" data-topic="{t}">'
                       f'<td>{html_lib.escape(_t(f"topic_{t}", lang))}</td><td>{right} / {total}</td></tr>'
                       for t in TOPICS if t in scores for right, total in [scores[t]])
        mastery = self.progress.mastery()
        bars = "".join(f'<tr data-type="{t}"><td>{html_lib.escape(_t(f"type_{t}", lang))}</td>'
                       f'<td><meter min="0" max="1" value="{mastery[t]:.2f}"></meter> {round(100 * mastery[t])} %</td>'
                       f"</tr>" for t in TYPES if t in mastery)
        self.score.value = (f"<h4>{html_lib.escape(_t('ui_score', lang))}</h4><table>{rows}</table>"
                            f"<h4>{html_lib.escape(_t('ui_mastery', lang))}</h4><table>{bars}</table>")

    def _export_clicked(self) -> None:
        self.export()

    def export(self, path: Path | None = None) -> Path:
        """Write the answers as CSV (next to the progress file, or to ``path``) and offer it for download."""
        data = self.progress.to_csv()
        if path is None:
            base = self.progress.path.parent if self.progress.path is not None else Path.cwd()
            name = "".join(ch for ch in (self.progress.learner or "learner") if ch.isalnum() or ch in "-_") or "learner"
            path = base / f"quiz-answers-{name}.csv"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(data, encoding="utf-8")
        encoded = base64.b64encode(data.encode("utf-8")).decode("ascii")
        done = _t("ui_exported", self.lang, n=len(self.progress.attempts), name=path.name)
        self.download.value = (f'<p>{html_lib.escape(done)} '
                               f'<a download="{html_lib.escape(path.name)}" href="data:text/csv;base64,{encoded}">'
                               f'{html_lib.escape(_t("ui_download", self.lang))}</a></p>')
        return path


__all__ = ["QuizWidget"]
