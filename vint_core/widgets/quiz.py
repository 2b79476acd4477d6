"""QuizWidget: the engine's quizzes, one question at a time, with feedback that says why.

The widget draws a :class:`~vint_core.quiz.progress.Progress` (the learner's answers, kept in the
data directory) and the current :class:`~vint_core.quiz.items.Item`, and forwards clicks: choose
an answer (buttons, cards to pick, or numbers to type), Check, Hint, Next question. After each
check it shows the feedback (the misconception named, or the rule) and the engine's explanation,
and updates the score per topic and the mastery per question type; the next question is more
often of a type the learner gets wrong. Export writes the answers as CSV for a teacher.

>>> from vint_core.quiz.progress import MAX_NAME, Progress, clean_name
>>> quiz = QuizWidget(Progress(seed=4), topics=["play"])
>>> quiz.item.topic
'play'
>>> quiz.answer_with(quiz.item.answer)
>>> quiz.check_button.click()
>>> "Right." in quiz.feedback.value, quiz.progress.score_by_topic()["play"]
(True, (1, 1))
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
from vint_core.errors import FileRefused
from vint_core.i18n import side_name, text
from vint_core.quiz import TOPICS, TYPES
from vint_core.quiz.items import Item, say
from vint_core.quiz.progress import MAX_NAME, Progress, clean_name
from vint_core.quiz.texts import Msg
from vint_core.saves import disk_problem
from vint_core.seats import Side
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
@media (max-width:600px){.vint-quiz{font-size:calc(14*var(--vintpx))}.vint-quiz .widget-checkbox{width:auto}
 .vint-quiz .vint-quiz-item .vint{font-size:calc(12*var(--vintpx))}}
"""


def _t(key: str, lang: str, **params: Any) -> str:
    return Msg.of(key, **params).render(lang)


class QuizWidget:
    """One learner practising: a question, the answer controls, Check / Hint / Next, feedback, the score."""

    def __init__(self, progress: Progress, *, topics: Iterable[str] | None = None, lang: str = "en",
                 rules: str | None = None) -> None:
        self.progress = progress
        self.lang = lang
        self.rules = rules
        chosen = [t for t in (topics or ()) if t in TOPICS]
        self.topics: list[str] = chosen or list(TOPICS)
        self.item: Item
        self.checked = False
        self._choice: int | None = None
        self._cards: set[str] = set()
        self._build()
        if progress.message is not None:
            self.status.value = html_lib.escape(progress.message.render(lang))
        elif progress.answered:
            self.status.value = html_lib.escape(_t("ui_resumed", lang, n=progress.answered))
        self._new_item()

    @classmethod
    def open(cls, path: Path | None = None, *, lang: str = "en", topics: Iterable[str] | None = None,
             rules: str | None = None, learner: str | None = None) -> QuizWidget:
        """The learner's saved progress (default: the data directory's ``quiz.json``), or a new one."""
        progress = Progress.open(path)
        if learner:
            progress.learner = clean_name(learner)
        return cls(progress, topics=topics, lang=lang, rules=rules)

    # -- building ---------------------------------------------------------------------------

    def _button(self, key: str, css: str, handler: Callable[[], None]) -> Any:
        button = widgets.Button(description=_t(key, self.lang))
        button.add_class(css)
        button.on_click(self._safe(handler))
        return button

    def _safe(self, handler: Callable[..., None]) -> Callable[..., None]:
        """A click handler that never lets an error reach the page: it is logged and a sentence is shown."""
        def run(*args: Any) -> None:
            try:
                handler()
            except (OSError, FileRefused) as exc:  # the progress could not be saved (a full or read-only disk)
                self.status.value = html_lib.escape(text("quiz_not_saved", self.lang, why=disk_problem(exc)))
            except Exception:
                log.exception("quiz: a click failed")
                self.status.value = html_lib.escape(_t("ui_failed", self.lang))
        return run

    def _build(self) -> None:
        lang = self.lang
        self.title = widgets.HTML(f'<div class="vint-quiz-title">{html_lib.escape(_t("ui_title", lang))}</div>')
        self.status = widgets.HTML()
        self.status.add_class("vint-status")
        self.learner = widgets.Text(value=self.progress.learner, description=_t("ui_learner", lang),
                                    placeholder=_t("ui_learner_hint", lang, n=MAX_NAME), continuous_update=False)
        self.learner.add_class("vint-quiz-learner")
        self.learner.observe(lambda _: self._safe(self._set_learner)(), names="value")
        self.topic_boxes: dict[str, Any] = {}
        for topic in TOPICS:
            box = widgets.Checkbox(value=topic in self.topics, description=_t(f"topic_{topic}", lang), indent=False,
                                   layout=widgets.Layout(width="auto", margin="0 1em 0 0"))
            box.add_class("vint-quiz-topic")
            box.observe(lambda _: self._safe(self._set_topics)(), names="value")
            self.topic_boxes[topic] = box
        topics_row = widgets.HBox([widgets.HTML(f"<b>{html_lib.escape(_t('ui_topics', lang))}:</b>&nbsp;"),
                                   *self.topic_boxes.values()])
        topics_row.add_class("vint-quiz-topics")
        self.question = widgets.HTML()
        self.question.add_class("vint-quiz-question-box")
        self.answer_box = widgets.VBox()
        self.answer_box.add_class("vint-quiz-answer")
        self.check_button = self._button("ui_check", "vint-quiz-check", self.check)
        self.check_button.button_style = "primary"
        self.hint_button = self._button("ui_hint", "vint-quiz-hint", self.show_hint)
        self.next_button = self._button("ui_next", "vint-quiz-next", self.next)
        self.export_button = self._button("ui_export", "vint-quiz-export", self._export_clicked)
        self.hint = widgets.HTML()
        self.hint.add_class("vint-quiz-hint-text")
        self.feedback = widgets.HTML()
        self.feedback.add_class("vint-quiz-feedback")
        self.score = widgets.HTML()
        self.score.add_class("vint-quiz-score")
        self.download = widgets.HTML()
        self.download.add_class("vint-quiz-download")
        buttons = widgets.HBox([self.check_button, self.hint_button, self.next_button])
        self.widget = widgets.VBox([
            widgets.HTML(style_html() + f"<style>{_QUIZ_CSS}</style>"), self.title, self.status, self.learner,
            topics_row, self.question, self.answer_box, buttons, self.hint, self.feedback, self.score,
            widgets.HBox([self.export_button]), self.download])
        self.widget.add_class("vint-quiz")
        self.widget.add_class("vint")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:  # pragma: no cover - drawn by Jupyter
        return self.widget._repr_mimebundle_(**kwargs)

    # -- the question ---------------------------------------------------------------------------

    def _new_item(self) -> None:
        self.item = self.progress.next_item(self.topics, rules=self.rules)
        self.checked = False
        self._choice = None
        self._cards = set()
        self.hint.value = ""
        self.feedback.value = ""
        self.answer_box.children = self._answer_controls()
        self.question.value = (f'<div class="vint-quiz-current" data-item="{html_lib.escape(self.item.id)}">'
                               f"{self.item.html(self.lang)}</div>")
        self.check_button.disabled = False
        self._draw_score()

    def _answer_controls(self) -> list[Any]:
        item, lang = self.item, self.lang
        self.choice_buttons: list[Any] = []
        self.card_buttons: dict[str, Any] = {}
        self.number_input = self.ns_input = self.ew_input = None
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
            hand = Hand.parse(item.data["hand"], complete=False)
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
            return [widgets.HTML(html_lib.escape(_t("ui_pick_cards", lang))), row]
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
        """Mark the answer given, show the feedback and the explanation, update the score."""
        if self.checked:
            return
        if self.item.kind == "choice" and self._choice is None:
            self.feedback.value = html_lib.escape(_t("ui_pick_choice", self.lang))
            return
        try:
            self.progress.answer(self.item, self._given())
        except (OSError, FileRefused) as exc:  # a full or read-only disk: the answer counts, the page says so
            self.status.value = html_lib.escape(text("quiz_not_saved", self.lang, why=disk_problem(exc)))
        verdict = self.progress.last_verdict
        assert verdict is not None
        self.checked = True
        # the feedback first: it is what the learner waits for; the buttons and the score follow
        css = "vint-quiz-right" if verdict.correct else "vint-quiz-wrong"
        lines = "".join(f"<li>{html_lib.escape(say(line, self.lang))}</li>" for line in self.item.explanation)
        self.feedback.value = (f'<div class="{css}" role="status">{html_lib.escape(verdict.feedback.render(self.lang))}'
                               f"</div><div>{html_lib.escape(_t('ui_explanation', self.lang))}</div><ul>{lines}</ul>")
        self.check_button.disabled = True
        for button in (*self.choice_buttons, *self.card_buttons.values()):
            button.disabled = True
        if self.item.kind == "choice" and self._choice is not None:
            for i, choice in enumerate(self.item.choices):
                if choice.correct:
                    self.choice_buttons[i].button_style = "success"
                elif i == self._choice:
                    self.choice_buttons[i].button_style = "danger"
        self._draw_score()

    def show_hint(self) -> None:
        self.hint.value = f"<i>{html_lib.escape(self.item.hint.render(self.lang))}</i>"

    def next(self) -> None:
        """The next question (more often of a type the learner gets wrong)."""
        self.status.value = ""
        self._new_item()

    # -- settings, score, export -------------------------------------------------------------------

    def _set_learner(self) -> None:
        typed = self.learner.value
        name = clean_name(typed)
        if name != typed.strip():  # cut, or control characters left out: the field shows what is kept
            if len(typed.strip()) > MAX_NAME:
                self.status.value = html_lib.escape(_t("ui_learner_cut", self.lang, n=MAX_NAME))
            self.learner.value = name  # comes back here once more, with the name as kept
            return
        if name == self.progress.learner:
            return
        self.progress.learner = name
        if self.progress.path is not None:
            self.progress.save()

    def _set_topics(self) -> None:
        self.topics = [t for t, box in self.topic_boxes.items() if box.value] or list(TOPICS)

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
