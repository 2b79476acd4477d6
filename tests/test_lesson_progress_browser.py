"""A learner's progress through the course, in JupyterLab (Debian's Chromium driven by Playwright).

The learner opens lesson 01, reads its header (its place, both neighbours: the Next link opens lesson 02),
answers two questions of its quiz by real clicks, closes the lesson (its kernel stopped) and opens it again:
the quiz says what was answered before and goes on with the next question, not the first again. A third
right answer finishes the lesson, and the "Your progress" tables of lessons 00 and 11 show it finished. The
answers are in the data folder, ``lessons/lesson-01.json``. Screenshots at 1280 and 390 px, light and dark,
go to ``test-artifacts/`` (``progress-*.png``). Missing Chromium, JupyterLab or Playwright fails the test.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import browser_support as bs
from test_course_browser import (
    ERRORS,
    close_all,
    code_cells,
    copy_course,
    open_notebook,
    run_all_cells,
    set_theme,
    shoot,
)

from vint_core.lesson_progress import LESSONS
from vint_core.quiz.items import Item
from vint_core.quiz.progress import Progress

LESSON = LESSONS[1].notebook  # 01-cards-seats-deal.ipynb, quiz topic "table"
WIDE = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def open_lesson(page: Any, name: str) -> None:
    """``name`` open, the only notebook open, and all its cells run."""
    open_notebook(page, f"notebooks/{name}")
    run_all_cells(page, cells=code_cells(name))
    assert page.locator(ERRORS).count() == 0, page.locator(ERRORS).all_inner_texts()
    assert "Traceback" not in page.locator(".jp-Notebook").inner_text()


def answer_right(quiz: Any, item: Item) -> None:
    """Click ``item``'s right answer in the quiz on the page, then Check; wait for the feedback."""
    assert quiz.locator(".vint-quiz-current").get_attribute("data-item") == item.id
    right = next(c for c in item.choices if c.correct)
    quiz.get_by_role("button", name=item.label(right, "en"), exact=True).click()
    quiz.locator(".vint-quiz-check").click()
    quiz.locator(".vint-quiz-right").wait_for(timeout=60_000)


def next_question(quiz: Any, item: Item) -> None:
    quiz.locator(".vint-quiz-next").click()
    bs.wait_for(lambda: quiz.locator(".vint-quiz-current").get_attribute("data-item") == item.id, seconds=60)


def themes(page: Any, name: str, target: Any) -> None:
    """Screenshots of ``target`` at 1280 and 390 px, light and dark; back to light at 1280 px."""
    shoot(page, f"{name}-light-1280", target)
    set_theme(page, "JupyterLab Dark")
    shoot(page, f"{name}-dark-1280", target)
    page.set_viewport_size(PHONE)
    page.evaluate("() => { window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight(); }")
    shoot(page, f"{name}-dark-390", target)
    set_theme(page, "JupyterLab Light")
    shoot(page, f"{name}-light-390", target)
    page.set_viewport_size(WIDE)


def test_a_learners_quiz_answers_outlive_the_lesson_and_show_in_the_course_progress(tmp_path: Path) -> None:
    bs.require_tools()
    root = copy_course(bs.clean_dir(tmp_path / "course"))
    data = tmp_path / "data"
    mirror = Progress(seed=1)  # what a new learner of lesson 01 is asked (its quiz's seed is the lesson's number)
    with bs.jupyterlab_server(root=root, env={"VINT_DATA_DIR": str(data)}, name="lesson-progress-jupyterlab") \
            as server, bs.chromium() as browser:
        page = browser.new_page(viewport=WIDE)
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{server.url}lab/workspaces/progress/tree/notebooks/{LESSON}?token={server.token}")
        run_all_cells(page, cells=code_cells(LESSON))

        # the header: the place in the course and both neighbours; Next opens lesson 02
        head = page.locator(".jp-MarkdownCell .jp-RenderedMarkdown").first
        assert "2 of 12 lessons" in head.inner_text()
        previous = head.get_by_role("link", name="Lesson 00 · Welcome to Vint").get_attribute("href") or ""
        assert f"/notebooks/{LESSONS[0].notebook}" in previous, previous
        themes(page, "progress-header-01", head)
        head.get_by_role("link", name="Lesson 02 · Tricks").click()
        page.wait_for_function("() => { const w = window.jupyterapp.shell.currentWidget; return w && w.context"
                               f" && w.context.path === 'notebooks/{LESSONS[2].notebook}'; }}", timeout=60_000)
        page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) h1", has_text="Lesson 02 · Tricks").wait_for(timeout=60_000)
        close_all(page)

        # two right answers, then the lesson closed
        open_lesson(page, LESSON)
        quiz = page.locator(".vint-lesson-quiz-01")
        quiz.scroll_into_view_if_needed()
        assert quiz.locator(".vint-status").inner_text().strip() == ""  # a new learner: nothing said yet
        for n in range(2):
            item = mirror.next_item(["table"], rules="seed")
            if n:
                next_question(quiz, item)
            answer_right(quiz, item)
            mirror.answer(item, item.answer)
        saved = json.loads((data / "lessons" / "lesson-01.json").read_text(encoding="utf-8"))
        assert [a["item_id"] for a in saved["attempts"]] == [a.item_id for a in mirror.attempts]
        close_all(page)

        # the lesson opened again: the answers counted, the quiz goes on with the next question
        open_lesson(page, LESSON)
        quiz = page.locator(".vint-lesson-quiz-01")
        quiz.scroll_into_view_if_needed()
        status = quiz.locator(".vint-status")
        assert "Your answers in this lesson so far: 2 of 2 right" in status.inner_text()
        assert "One more right answer finishes it." in status.inner_text()
        themes(page, "progress-quiz-01-resumed", quiz)
        item = mirror.next_item(["table"], rules="seed")
        answer_right(quiz, item)
        bs.wait_for(lambda: "Lesson 01 is finished: 3 answers right." in status.inner_text(), seconds=60)
        shoot(page, "progress-quiz-01-finished-light-1280", quiz)
        close_all(page)

        # lessons 00 and 11: "Your progress" shows lesson 01 finished, the others not started
        for name in (LESSONS[0].notebook, LESSONS[11].notebook):
            open_lesson(page, name)
            table = page.locator(".vint-course-progress")
            table.scroll_into_view_if_needed()
            assert table.locator('[data-lesson="01"]').get_attribute("data-state") == "finished"
            assert table.locator(".vint-status").count() == 1 and not table.locator(".vint-status").is_visible()
            assert "✓ finished: 3 of 3 right" in table.locator('[data-lesson="01"]').inner_text()
            assert table.locator('[data-state="new"]').count() == 10  # lessons 02 to 11
            assert table.locator('[data-lesson="00"]').get_attribute("data-state") == "no-quiz"  # it has no quiz
            assert "Finished: 1 of 11 lessons with a quiz." in table.inner_text()
            themes(page, f"progress-course-{name[:2]}", table)
            close_all(page)
        # JupyterLab's own words when the test stops a kernel (close_all) while its subshell request is in flight
        stopped = "Error: Canceled future for create_subshell_request message before replies were done"
        assert not [e for e in errors if e != stopped], errors
