"""The teacher's page of a class, as one HTML document: travellers, learners, a heat map of mastery, mistakes.

:func:`render` draws an :class:`Overview` (plain values, gathered from the store by
:mod:`vint_core.classroom.served`): per board a traveller (every learner's contract, declarer, tricks
and points, ranked, beside the double-dummy par); per learner the lessons done, the quiz mastery per
question type and the exercise points; for the class a heat map of mastery (learners × question types)
and the mistakes made most often (by their named misconception), both drawn in HTML and CSS, so the page
needs no script and follows the browser's light or dark theme. Every text comes from the catalogue
(:mod:`vint_core.i18n`, English and German), every value is escaped. It fits a 390 px phone: the wide
tables scroll sideways in their own boxes.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from vint_core.i18n import text

__all__ = ["STYLE", "BoardView", "LearnerView", "Overview", "contract_text", "error_page", "render", "traveller_table"]


@dataclass(frozen=True)
class BoardView:
    """A board's traveller: its number, its dealer, its par in words (``None``: not worked out), its rows."""

    number: int
    dealer: str
    par: str | None
    rows: Sequence[Any]  # the store's TravellerRow (not imported: the table's page draws without SQLAlchemy)


@dataclass(frozen=True)
class LearnerView:
    """A learner's summary: lessons finished, quiz mastery per question type (0–1, first tries right),
    exercise points (got, out of), boards played, lessons opened, quiz first tries (right, asked)."""

    name: str
    lessons_done: int
    mastery: dict[str, float]
    exercise_points: tuple[float, float]
    boards_played: int
    lessons_opened: int = 0
    quiz_right: tuple[int, int] = (0, 0)  # first tries right, first tries


@dataclass(frozen=True)
class Overview:
    """What the teacher's page shows of a class."""

    name: str
    boards: Sequence[BoardView]
    learners: Sequence[LearnerView]
    mistakes: Sequence[tuple[str, int]] = ()
    refusals: Sequence[str] = ()
    topics: Sequence[str] = field(default=())
    questions: Sequence[Any] = ()  # the store's QuestionCount, per question type
    exercises: Sequence[Any] = ()  # the store's ExerciseCount, per exercise


STYLE = """
:root{color-scheme:light dark;--fg:#1b1b1b;--bg:#fff;--muted:#5a5a5a;--line:#d0d0d0;--head:#f1f3f5;--bar:#2f6fb3;
--mine:#fff4c2}
@media (prefers-color-scheme: dark){:root{--fg:#ececec;--bg:#1e1e1e;--muted:#b0b0b0;--line:#4a4a4a;--head:#2a2d31;
--bar:#6fa8e8;--mine:#4a4020}}
*{box-sizing:border-box}
body{font-family:system-ui,sans-serif;color:var(--fg);background:var(--bg);margin:0 auto;max-width:72em;
padding:0.5em 1em 3em;line-height:1.45}
h1{font-size:1.6em;margin:0.6em 0 0.2em}h2{font-size:1.25em;margin:1.6em 0 0.4em}
h3{font-size:1.05em;margin:1.2em 0 0.2em}
p{margin:0.3em 0}.muted{color:var(--muted)}
a{color:var(--bar)}
.scroll{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;margin:0.3em 0 0.6em}
th,td{border:1px solid var(--line);padding:0.25em 0.5em;text-align:left;white-space:nowrap}
th{background:var(--head);font-weight:600;white-space:normal}
td.num{text-align:right;font-variant-numeric:tabular-nums}
tr.mine td{background:var(--mine)}
.vint-class-learners td:nth-child(5){white-space:normal;min-width:12em}
.vint-class-heat td.cell{text-align:center;min-width:3.2em;color:#111}
.vint-class-heat td.none{background:transparent;color:var(--muted)}
.vint-class-bars{list-style:none;padding:0;margin:0.3em 0;max-width:40em}
.vint-class-bars li{display:grid;grid-template-columns:minmax(8em,1fr) 2fr;gap:0.5em;align-items:center;margin:0.25em 0}
.vint-class-bars .bar{background:var(--bar);height:1.1em;border-radius:2px;min-width:2px}
.vint-class-bars .label{overflow-wrap:anywhere}
ul{padding-left:1.3em}li{overflow-wrap:anywhere}
@media (max-width:480px){body{padding:0.3em 0.5em 2em}h1{font-size:1.3em}table{font-size:0.9em}
th,td{padding:0.2em 0.3em}
.vint-class-bars li{grid-template-columns:1fr}}
"""


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def contract_text(contract: str | None, lang: str = "en") -> str:
    """A stored contract (``4C``) as the table writes it (``4♣``); "passed out" for ``None``."""
    if not contract:
        return text("class_passed_out", lang)
    from vint_core.calls import Call
    from vint_core.errors import ParseError

    try:
        return str(Call.parse(contract))
    except ParseError:
        return contract


def _heat_colour(share: float) -> str:
    """A cell's background: red (0) through yellow to green (1), light enough for dark text in either theme."""
    hue = round(120 * max(0.0, min(1.0, share)))
    return f"hsl({hue},70%,72%)"


def traveller_table(board: BoardView, lang: str = "en") -> str:
    """A board's traveller as an HTML table (ranked rows), with its par; a sentence when nobody played it."""
    head = (f"<h3>{_e(text('class_board_dealer', lang, number=board.number, dealer=board.dealer))}</h3>"
            f"<p class='muted vint-class-par'>"
            f"{_e(text('class_par', lang, par=board.par) if board.par else text('class_par_unknown', lang))}</p>")
    if not board.rows:
        return head + f"<p class='muted'>{_e(text('class_no_results', lang))}</p>"
    columns = ("class_rank", "class_learner", "class_contract", "class_declarer", "class_tricks",
               "class_points_ns", "class_points_ew")
    cells = "".join(f"<th scope='col'>{_e(text(c, lang))}</th>" for c in columns)
    rows = []
    for row in board.rows:
        contract = contract_text(row.contract, lang)
        values = [(row.rank, True), (row.learner, False), (contract, False), (row.declarer or "—", False),
                  ("—" if row.tricks is None else row.tricks, True), (row.points_ns, True), (row.points_ew, True)]
        tds = "".join(f"<td class='num'>{_e(v)}</td>" if num else f"<td>{_e(v)}</td>" for v, num in values)
        rows.append(f"<tr class='{'mine' if row.mine else ''}' data-learner='{_e(row.learner)}'>{tds}</tr>")
    return (head + f"<div class='scroll'><table class='vint-class-traveller' data-board='{board.number}'>"
            f"<thead><tr>{cells}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>")


def _table(css: str, columns: Sequence[str], rows: Sequence[Sequence[tuple[object, bool]]], lang: str,
           key: str = "key") -> str:
    """A table of ``rows`` (each cell a value and whether it is a number), headed by the texts ``columns``."""
    cells = "".join(f"<th scope='col'>{_e(text(c, lang))}</th>" for c in columns)
    body = "".join(
        f"<tr data-{key}='{_e(row[0][0])}'>"
        + "".join(f"<td class='num'>{_e(v)}</td>" if num else f"<td>{_e(v)}</td>" for v, num in row) + "</tr>"
        for row in rows)
    return (f"<div class='scroll'><table class='{css}'><thead><tr>{cells}</tr></thead>"
            f"<tbody>{body}</tbody></table></div>")


def _share(right: float, out_of: float) -> str:
    return f"{right / out_of:.0%}" if out_of else "—"


def _learners_table(overview: Overview, lang: str) -> str:
    columns = ("class_learner", "class_lessons_opened", "class_lessons_done", "class_quiz_right",
               "class_quiz_mastery", "class_exercise_points", "class_boards_played")
    rows = []
    for learner in overview.learners:
        mastery = ", ".join(f"{topic} {share:.0%}" for topic, share in sorted(learner.mastery.items())) or "—"
        got, out_of = learner.exercise_points
        right, asked = learner.quiz_right
        rows.append([(learner.name, False), (learner.lessons_opened, True), (learner.lessons_done, True),
                     (f"{right} / {asked}" if asked else "—", True), (mastery, False),
                     (f"{got:g} / {out_of:g}" if out_of else "—", True), (learner.boards_played, True)])
    return _table("vint-class-learners", columns, rows, lang, key="learner")


def _questions(overview: Overview, lang: str) -> str:
    title = f"<h2 id='questions'>{_e(text('class_questions_title', lang))}</h2>"
    if not overview.questions:
        return title + f"<p class='muted'>{_e(text('class_heat_empty', lang))}</p>"
    columns = ("class_question_type", "class_learners", "class_first_tries", "class_right", "class_share")
    rows = [[(q.question_type, False), (q.learners, True), (q.asked, True), (q.right, True),
             (_share(q.right, q.asked), True)] for q in overview.questions]
    return title + _table("vint-class-questions", columns, rows, lang)


def _exercises(overview: Overview, lang: str) -> str:
    title = f"<h2 id='exercises'>{_e(text('class_exercises_title', lang))}</h2>"
    if not overview.exercises:
        return title + f"<p class='muted'>{_e(text('class_exercises_empty', lang))}</p>"
    columns = ("class_exercise", "class_graded", "class_full_marks", "class_exercise_points", "class_share")
    rows = [[(x.exercise, False), (x.graded, True), (x.full_marks, True), (f"{x.points:g} / {x.max_points:g}", True),
             (_share(x.points, x.max_points), True)] for x in overview.exercises]
    return title + _table("vint-class-exercises", columns, rows, lang)


def _heat_map(overview: Overview, lang: str) -> str:
    topics = list(overview.topics) or sorted({t for learner in overview.learners for t in learner.mastery})
    title = f"<h2 id='mastery'>{_e(text('class_heat_title', lang))}</h2>"
    if not topics:
        return title + f"<p class='muted'>{_e(text('class_heat_empty', lang))}</p>"
    head = "".join(f"<th scope='col'>{_e(topic)}</th>" for topic in topics)
    rows = []
    for learner in overview.learners:
        cells = []
        for topic in topics:
            share = learner.mastery.get(topic)
            if share is None:
                cells.append("<td class='cell none'>—</td>")
            else:
                cells.append(f"<td class='cell' style='background:{_heat_colour(share)}' "
                             f"data-share='{share:.3f}'>{share:.0%}</td>")
        rows.append(f"<tr><th scope='row'>{_e(learner.name)}</th>{''.join(cells)}</tr>")
    return (title + f"<div class='scroll'><table class='vint-class-heat' aria-labelledby='mastery'>"
            f"<thead><tr><th></th>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>")


def _mistakes(overview: Overview, lang: str) -> str:
    title = f"<h2 id='mistakes'>{_e(text('class_mistakes_title', lang))}</h2>"
    if not overview.mistakes:
        return title + f"<p class='muted'>{_e(text('class_mistakes_empty', lang))}</p>"
    most = max(n for _, n in overview.mistakes) or 1
    items = "".join(
        f"<li data-misconception='{_e(name)}'><span class='label'>{_e(name)} · "
        f"{_e(text('class_mistake_count', lang, n=n))}</span>"
        f"<span class='bar' style='width:{100 * n / most:.0f}%'></span></li>" for name, n in overview.mistakes)
    return title + f"<ul class='vint-class-bars' aria-labelledby='mistakes'>{items}</ul>"


def render(overview: Overview, lang: str = "en", *, export_href: str = "export.csv") -> str:
    """The teacher's page of ``overview`` in ``lang`` (``en`` or ``de``), a whole HTML document."""
    played = sum(len(b.rows) for b in overview.boards)
    parts = [f"<h1>{_e(text('class_page_title', lang, name=overview.name))}</h1>",
             f"<p class='muted'>{_e(text('class_page_intro', lang, learners=len(overview.learners), boards=len(overview.boards), results=played))}</p>",  # noqa: E501
             f"<p><a href='{_e(export_href)}' download>{_e(text('class_export', lang))}</a></p>",
             f"<h2>{_e(text('class_learners', lang))}</h2>", _learners_table(overview, lang),
             _questions(overview, lang), _exercises(overview, lang), _heat_map(overview, lang),
             _mistakes(overview, lang),
             f"<h2>{_e(text('class_travellers', lang))}</h2>",
             *(traveller_table(board, lang) for board in overview.boards)]
    if overview.refusals:
        parts += [f"<h2>{_e(text('class_refusals_title', lang))}</h2>",
                  "<ul class='vint-class-refusals'>" + "".join(f"<li>{_e(r)}</li>" for r in overview.refusals)
                  + "</ul>"]
    return _document(text("class_page_title", lang, name=overview.name), "".join(parts), lang)


def _document(title: str, body: str, lang: str) -> str:
    return (f"<!doctype html><html lang='{_e(lang)}'><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>{_e(title)}</title><style>{STYLE}</style></head><body>{body}</body></html>")


def error_page(status: int, lang: str = "en") -> str:
    """A plain page for an error ``status``: what happened in words, no traceback, no path."""
    key = {403: "class_error_403", 404: "class_error_404"}.get(status, "class_error_other")
    return _document(text("class_error_title", lang),
                     f"<h1>{_e(text('class_error_title', lang))}</h1><p>{_e(text(key, lang))}</p>", lang)
