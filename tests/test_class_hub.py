"""Class mode on JupyterHub, for real: the class's service, two learners' boards, the teacher's page, the attacks.

The hub of deploy/jupyterhub/jupyterhub_config.py in its class mode, started as root (as CI runs) with a
teacher and two learners whose system accounts the hub makes and the test removes (``userdel --remove``,
also when a test fails). The class's store is made before the hub starts with two published boards; the
hub's service ``vint-class`` (vint_core/classroom/service.py) owns it from then on.

In Chromium each learner logs in, opens the table in their own server, clicks "Class boards" and plays both
boards (ana bids, boris passes throughout), each result sent by their kernel with their server's own token.
The teacher logs in and opens the service's page: each board's traveller holds both rows, in the store's
ranking, and the mastery heat map holds the quiz answers the learners' kernels sent. The attacks are real:
a learner's browser and token asking for the teacher's page and export, a learner asking for a traveller
of a board they have not played, and a learner's kernel sending a result in the other's name, with an
impossible score, and for a board that was never published: each refused, and logged in the store's
refusals and the service's log.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import browser_support as bs
import hub_support as hs
import pytest
from test_class_links_browser import play_class_board
from test_classroom import closed_to_others, remove_accounts

from vint_core.app.launch import HOST, free_port
from vint_core.classroom.served import ServedClass

RUN = (os.getpid() + 7) % 100_000
TEACHER, ANA, BORIS = f"tch{RUN}", f"ana{RUN}", f"bor{RUN}"
LEARNERS = (ANA, BORIS)
PASSWORDS = {TEACHER: "teacher-pass-8", ANA: "ana-secret-8", BORIS: "boris-secret-8"}
GROUP = f"vint-cls{RUN}"
CLASS = "vint"
SHOTS = Path("/work/wt/shots/class-page")

pytestmark = pytest.mark.classroom


class ClassHub:
    def __init__(self, url: str, store: Path, log: Path) -> None:
        self.url, self.store, self.log = url, store, log

    def served(self) -> ServedClass:
        return ServedClass.open(self.store, CLASS)

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassHub]:
    bs.require_tools()
    if os.geteuid() != 0:
        raise AssertionError("the hub's class mode makes a system account for each learner: run as root (CI does)")
    root = tmp_path_factory.mktemp("class-hub")
    shared = Path(tempfile.mkdtemp(prefix="vint-exchange-", dir="/tmp"))
    shared.chmod(0o755)
    store = root / "state" / "class"
    store.mkdir(parents=True)
    served = ServedClass.open(store, CLASS, teacher=TEACHER, learners=LEARNERS)
    served.store.publish_boards(CLASS, "week 1", [(2026, "N"), (77, "E")])
    served.store.close()
    port = free_port()
    bs.ARTIFACTS.mkdir(exist_ok=True)
    log = bs.ARTIFACTS / "class-hub.log"
    env = hs.hub_env(root, port, VINT_HUB_MODE="class", VINT_HUB_TEACHER=TEACHER,
                     VINT_HUB_TEACHER_PASSWORD=PASSWORDS[TEACHER], VINT_HUB_LEARNERS=",".join(LEARNERS),
                     VINT_HUB_GROUP=GROUP, VINT_TABLE_ENV="VINT_BOTS=rule;VINT_PACE=none;VINT_LANG=en",
                     VINT_NBGRADER_EXCHANGE=str(shared / "exchange"), VINT_CLASS_PORT=str(free_port()),
                     VINT_CLASS_STORE=str(store))
    try:
        with closed_to_others(hs.ROOT / "exercises" / "source"):
            process = hs.start_hub(env, cwd=root, log=log)
            try:
                bs.wait_for(lambda: hs.healthy(f"http://{HOST}:{port}/hub/health", process), seconds=180,
                            interval=0.3)
                yield ClassHub(f"http://{HOST}:{port}", store, log)
            finally:
                hs.stop_hub(process)
    finally:
        remove_accounts([TEACHER, *LEARNERS])
        subprocess_groupdel(GROUP)
        shutil.rmtree(shared, ignore_errors=True)


def subprocess_groupdel(group: str) -> None:
    import subprocess

    subprocess.run(["groupdel", group], check=False, capture_output=True)


@pytest.fixture(scope="module")
def apis(hub: ClassHub) -> dict[str, hs.Api]:
    out = {}
    for name in LEARNERS:
        browser = hs.Browser(hub.url)
        assert browser.login(name, PASSWORDS[name]), f"{name} could not log in: see test-artifacts/class-hub.log"
        out[name] = hs.Api(hub.url, browser.token(name))
    hs.start_servers(out)
    return out


#: run in a learner's own kernel: the class's service asked with the server's own token (JUPYTERHUB_API_TOKEN)
IN_KERNEL = """
import json, os
from vint_core.classroom.client import HubClass
from vint_core.errors import VintError
link = HubClass(os.environ["VINT_CLASS_URL"], os.environ["JUPYTERHUB_API_TOKEN"])
out = {{}}
def attempt(what, call):
    try:
        out[what] = call()
    except VintError as error:
        out[what] = {{"refused": getattr(error, "why", "") or type(error).__name__, "said": error.message("en")}}
    except OSError as error:
        out[what] = {{"refused": type(error).__name__}}
{code}
print(json.dumps(out, default=str))
"""


def in_kernel(api: hs.Api, name: str, code: str) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(api.run(name, IN_KERNEL.format(code=code), seconds=240).strip()
                                        .splitlines()[-1])
    return result


FORGERIES = """
import urllib.request
from vint_core.table.session import TableSession
from vint_core.widgets.class_boards import board_deal, CLASS_BOTS
from vint_core.rules import RuleSet
view = link.view()
board = view["boards"][0]
session = TableSession(human="S", rules=RuleSet.from_json(board["rules"]), bots=CLASS_BOTS, seed=1, autosave=False,
                       undo_allowed=False)
session.load_deal(board_deal(board))
while not session.deal.is_finished:
    session.act(session.hint().action) if session.human_to_act() else session.bot_step()
record = session.deal.to_json()
out["view"] = {{"next": view["next"], "boards": len(view["boards"])}}
attempt("an impossible score", lambda: link.send_result(board["id"], {{**record, "points": {{"NS": 99999, "EW": 0}}}}))
attempt("a board not published", lambda: link.send_result(999, record))
attempt("in the other's name", lambda: link._call("results", {{"board": board["id"], "record": record,
                                                              "learner": {other!r}}}))
attempt("a traveller before playing", lambda: link.traveller(board["id"]))
"""

#: quiz answers, sent from each learner's kernel through the service (as a quiz would send them)
ANSWERS = {ANA: [{"source": "practice", "question_type": "trick-points", "correct": True},
                 {"source": "practice", "question_type": "strain-order", "correct": True}],
           BORIS: [{"source": "practice", "question_type": "trick-points", "correct": False,
                    "misconception": "trumps-are-spades"},
                   {"source": "practice", "question_type": "strain-order", "correct": True}]}


@pytest.fixture(scope="module")
def answered(hub: ClassHub, apis: dict[str, hs.Api]) -> None:
    for name in LEARNERS:
        seen = in_kernel(apis[name], name, f"""
for answer in {ANSWERS[name]!r}:
    attempt(answer["question_type"], lambda answer=answer: link._call("quiz", answer))
""")
        assert seen == {a["question_type"]: {"recorded": True} for a in ANSWERS[name]}, seen


def test_forged_results_are_refused_and_logged_and_quiz_answers_collected(
        hub: ClassHub, apis: dict[str, hs.Api], answered: None) -> None:
    for name, other in ((ANA, BORIS), (BORIS, ANA)):
        seen = in_kernel(apis[name], name, FORGERIES.format(other=other))
        print(f"\n{name}: {seen}")
        assert seen["view"]["boards"] == 2 and seen["view"]["next"] is not None
        assert seen["an impossible score"]["refused"] == "wrong_score", seen
        assert seen["a board not published"]["refused"] == "not_published", seen
        assert seen["in the other's name"]["refused"] == "other_learner", seen
        assert seen["a traveller before playing"]["refused"] == "play_first", seen
    served = hub.served()
    refusals = served.store.refusals(CLASS)
    whys = sorted(why for _, _, why, _ in refusals)
    assert whys == sorted(["wrong_score", "not_published", "other_learner"] * 2), refusals
    assert {who for who, *_ in refusals} == set(LEARNERS)  # logged under the token's learner, not the name sent
    assert not served.store.results(CLASS)  # nothing forged was kept
    assert "refused" in hub.log_text()
    assert served.store.mastery(CLASS).question_types == ("strain-order", "trick-points")


def test_a_learner_cannot_read_the_teachers_page_or_anothers_results(hub: ClassHub, apis: dict[str, hs.Api]) -> None:
    base = "/services/vint-class/"
    for path in (base, f"{base}export.csv"):
        status, answer = apis[ANA].call(path)  # her own hub token
        assert status == 403, (path, status, str(answer)[:200])
        assert "Traceback" not in str(answer) and "/work/" not in str(answer)
    seen = in_kernel(apis[ANA], ANA, f"""
attempt("the class in boris's name", lambda: link._call("class?learner={BORIS}"))
attempt("the export with the server's token", lambda: link._call("../export.csv"))
attempt("the store's file", lambda: open({str(hub.store / "class.db")!r}, "rb").read(10))
""")
    assert seen["the class in boris's name"]["history"] == []  # her own (empty) history, never boris's
    assert "refused" in seen["the export with the server's token"], seen
    assert seen["the store's file"] == {"refused": "PermissionError"}, seen
    with bs.chromium() as browser:
        page = login(browser, hub, ANA)
        answer = page.goto(f"{hub.url}{base}")
        assert answer is not None and answer.status == 403, answer and answer.status
        assert "for the class's teacher only" in page.locator("body").inner_text()
        assert "Traceback" not in page.content()
        page.context.close()


def login(browser: Any, hub: ClassHub, name: str, *, width: int = 1280, scheme: str = "light") -> Any:
    page = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme).new_page()
    page.goto(f"{hub.url}/hub/login")
    page.fill("input[name=username]", name)
    page.fill("input[name=password]", PASSWORDS[name])
    page.click("input[type=submit], button[type=submit]")
    page.wait_for_url(re.compile(f"/user/{name}/lab|/hub/"), timeout=240_000)
    return page


def test_two_learners_play_the_class_boards_and_the_teacher_sees_the_travellers(
        hub: ClassHub, apis: dict[str, hs.Api], answered: None) -> None:
    started = time.monotonic()
    with bs.chromium() as browser:
        for name in LEARNERS:
            page = login(browser, hub, name)
            page.goto(f"{hub.url}/user/{name}/voila/render/vint/table.ipynb")
            page.wait_for_selector(".vint-table", timeout=240_000)
            page.locator("button.vint-class-boards").click(timeout=240_000)
            for number in (1, 2):
                status = page.locator(".vint-class-status")
                bs.wait_for(lambda n=number, s=status: f"Class board {n} of 2" in s.inner_text(), seconds=120)
                page.wait_for_selector(".vint-class-board", timeout=120_000)
                play_class_board(page, bid=name == ANA)
                rows = page.locator(".vint-class-after table.vint-class-traveller tbody tr")
                assert any("(you)" in t for t in rows.all_inner_texts())
                if name == BORIS and number == 1:  # ana played it first: her row, anonymised, is there too
                    assert rows.count() == 2 and "Learner 1" in " ".join(rows.all_inner_texts())
                if number == 1:
                    page.locator("button.vint-class-next").click()
            assert "The board is over" in page.locator(".vint-status-box").inner_text()
            for width, scheme in ((1280, "light"), (1280, "dark"), (390, "light"), (390, "dark")):
                page.set_viewport_size({"width": width, "height": 900})
                page.emulate_media(color_scheme=scheme)
                page.locator(".vint-class-after").scroll_into_view_if_needed()
                page.screenshot(path=str(SHOTS / f"hub-learner-traveller-{name[:3]}-{width}-{scheme}.png"))
                page.locator(".vint-class-after").screenshot(
                    path=str(SHOTS / f"hub-learner-traveller-{name[:3]}-{width}-{scheme}-part.png"))
            page.context.close()
        played = time.monotonic() - started
        served = hub.served()
        results = served.store.results(CLASS)
        assert sorted((r.learner, r.board_number) for r in results) == sorted(
            (n, b) for n in LEARNERS for b in (1, 2))
        page = login(browser, hub, TEACHER)
        for scheme in ("light", "dark"):
            for width in (1280, 390):
                page.set_viewport_size({"width": width, "height": 900})
                page.emulate_media(color_scheme=scheme)
                answer = page.goto(f"{hub.url}/services/vint-class/")
                page.wait_for_selector("table.vint-class-traveller", timeout=120_000)
                assert answer is not None
                for board in served.store.boards(CLASS):
                    expected = [row.learner for row in served.store.traveller(CLASS, board.id).rows]
                    shown = page.locator(f"table.vint-class-traveller[data-board='{board.number}'] tbody tr")
                    assert [shown.nth(i).get_attribute("data-learner") for i in range(shown.count())] == expected
                    assert set(expected) == set(LEARNERS)
                heat = page.locator("table.vint-class-heat td.cell")
                assert heat.count() == 4 and page.locator("table.vint-class-heat").is_visible()
                shares = sorted(float(heat.nth(i).get_attribute("data-share")) for i in range(4))
                assert shares == [0.0, 1.0, 1.0, 1.0], shares  # boris's first try at trick points was wrong
                assert "trumps-are-spades" in page.locator(".vint-class-bars").inner_text()
                assert page.evaluate("document.documentElement.scrollWidth") <= width + 1
                headers = answer.headers
                assert "frame-ancestors 'none'" in headers.get("content-security-policy", "")
                page.screenshot(path=str(SHOTS / f"hub-teacher-{width}-{scheme}.png"), full_page=True)
        page.context.close()
    print(f"\ntwo learners, two class boards each, in Chromium: {played:.1f} s")


#: run in a learner's own kernel: lesson 02's quiz widget answered as a learner would, each answer going to the
#: class through the widget's own hook (QuizWidget.on_answer → Reporter → the service, with the server's token)
LESSON_QUIZ = """
import tempfile
os.environ["VINT_DATA_DIR"] = tempfile.mkdtemp()  # a lesson not yet begun
from vint_core.widgets.lesson_progress import lesson_quiz
quiz = lesson_quiz("02", topics=["play"], rules="seed")
given = []
for _ in range({n}):
    item = quiz.item
    if {wrong} and item.kind == "choice":
        quiz.answer_with(next(c.value for c in item.choices if not c.correct))
    else:
        quiz.answer_with(item.answer)
    quiz.check_button.click()
    given.append([quiz.attempt.type, quiz.attempt.correct])
    quiz.next_button.click()
out["given"] = given
out["status"] = quiz.status.value
"""

#: run in the teacher's own kernel: a gradebook as nbgrader's autograde leaves it, then nbgrader's own export
#: command with the class's exporter, which sends the grades with the teacher's server's token
GRADES = """
import subprocess, sys, tempfile
from nbgrader.api import Gradebook
folder = tempfile.mkdtemp()
url = f"sqlite:///{{folder}}/gradebook.db"
with Gradebook(url) as gb:
    gb.add_assignment("01-trick-value")
    gb.add_notebook("01-trick-value", "01-trick-value")
    gb.add_grade_cell("check-1", "01-trick-value", "01-trick-value", max_score=3, cell_type="code")
    for student, score in {scores!r}:
        gb.add_student(student)
        gb.add_submission("01-trick-value", student)
        gb.find_grade("check-1", "01-trick-value", "01-trick-value", student).auto_score = score
    gb.db.commit()
done = subprocess.run([sys.executable, "-m", "nbgrader", "export", "--exporter",
                       "vint_core.classroom.grades.ClassExport", "--db", url], cwd=folder, capture_output=True,
                      text=True)
out["export"] = {{"rc": done.returncode, "said": done.stderr[-3000:]}}
"""

#: what boris's own kernel tries in ana's name, and as the teacher
IMPERSONATE = f"""
attempt("an answer in ana's name", lambda: link._call("quiz", {{"source": "practice", "question_type": "trick_winner",
                                                               "correct": False, "learner": {ANA!r}}}))
attempt("a lesson in ana's name", lambda: link._call("lessons", {{"lesson": "03", "event": "finished",
                                                                 "learner": {ANA!r}}}))
attempt("a grade for ana", lambda: link.send_grade({ANA!r}, "01-trick-value", 0, 3))
attempt("a grade for himself", lambda: link.send_grade({BORIS!r}, "01-trick-value", 3, 3))
"""


def test_lesson_answers_and_grades_reach_the_teachers_page_and_no_learner_sends_as_another(
        hub: ClassHub, apis: dict[str, hs.Api], answered: None) -> None:
    served = hub.served()
    before = {s.name: dict(s.quiz) for s in served.store.learner_summaries(CLASS)}
    ana = in_kernel(apis[ANA], ANA, LESSON_QUIZ.format(n=4, wrong=False))
    boris = in_kernel(apis[BORIS], BORIS, LESSON_QUIZ.format(n=3, wrong=True))
    print(f"\nana answered {ana['given']}\nboris answered {boris['given']}")
    assert all(right for _, right in ana["given"]) and not all(right for _, right in boris["given"])
    assert "did not receive" not in ana["status"] + boris["status"], (ana["status"], boris["status"])
    attacks = in_kernel(apis[BORIS], BORIS, IMPERSONATE)
    print(f"boris as ana or the teacher: {attacks}")
    assert attacks["an answer in ana's name"]["refused"] == "other_learner", attacks
    assert attacks["a lesson in ana's name"]["refused"] == "other_learner", attacks
    assert attacks["a grade for ana"]["refused"] == "not_teacher", attacks
    assert attacks["a grade for himself"]["refused"] == "not_teacher", attacks

    # each answer kept under its own learner, nothing more: the widget's answers, and none of boris's in ana's name
    after = {s.name: s for s in served.store.learner_summaries(CLASS)}
    for name, seen in ((ANA, ana), (BORIS, boris)):
        added: dict[str, list[int]] = {}
        for kind, right in seen["given"]:
            added.setdefault(kind, [0, 0])
            added[kind][0] += right
            added[kind][1] += 1
        for kind, (right, asked) in added.items():
            was = before[name].get(kind, (0, 0))
            assert after[name].quiz[kind] == (was[0] + right, was[1] + asked), (name, kind, after[name].quiz)
    assert after[ANA].lessons_opened == ("02",) and after[ANA].lessons_finished == ("02",)  # 3 right finish it
    assert after[BORIS].lessons_opened == ("02",) and after[BORIS].lessons_finished == ()
    whys = [why for who, _, why, _ in served.store.refusals(CLASS) if who == BORIS]
    assert whys.count("other_learner") >= 2 and whys.count("not_teacher") == 2, whys

    # the teacher's grading: nbgrader's export from the teacher's own server, with its own token
    browser = hs.Browser(hub.url)
    assert browser.login(TEACHER, PASSWORDS[TEACHER])
    teacher = hs.Api(hub.url, browser.token(TEACHER))
    teacher.start_server(TEACHER)
    graded = in_kernel(teacher, TEACHER, GRADES.format(scores=[(ANA, 3), (BORIS, 1), ("not-in-class", 2)]))
    print(f"nbgrader export: {graded['export']}")
    assert graded["export"]["rc"] == 0 and "sent 2 of 3 grades to the class" in graded["export"]["said"], graded
    (exercise,) = served.store.exercises(CLASS)
    assert (exercise.exercise, exercise.graded, exercise.full_marks, exercise.points, exercise.max_points) == (
        "01-trick-value", 2, 1, 4.0, 6.0)
    summaries = {s.name: s for s in served.store.learner_summaries(CLASS)}
    assert (summaries[ANA].exercise_points, summaries[BORIS].exercise_points) == (3.0, 1.0)

    questions = {q.question_type: q for q in served.store.questions(CLASS)}
    shots = bs.ARTIFACTS / "class-page"
    with bs.chromium() as chromium:
        for scheme in ("light", "dark"):
            page = login(chromium, hub, TEACHER, scheme=scheme)
            for width in (1280, 390):
                page.set_viewport_size({"width": width, "height": 900})
                page.goto(f"{hub.url}/services/vint-class/")
                page.wait_for_selector("table.vint-class-questions", timeout=120_000)
                rows = page.locator("table.vint-class-questions tbody tr")
                drawn = {rows.nth(i).get_attribute("data-key"): rows.nth(i).locator("td").all_inner_texts()
                         for i in range(rows.count())}
                assert set(drawn) == set(questions) >= {"legal_cards", "trick_winner"}, drawn
                for kind, q in questions.items():
                    assert drawn[kind][1:4] == [str(q.learners), str(q.asked), str(q.right)], (kind, drawn[kind])
                learner_rows = page.locator("table.vint-class-learners tbody tr")
                cells = {learner_rows.nth(i).get_attribute("data-learner"):
                         learner_rows.nth(i).locator("td").all_inner_texts() for i in range(learner_rows.count())}
                for name in LEARNERS:
                    right = sum(r for r, _ in summaries[name].quiz.values())
                    asked = sum(a for _, a in summaries[name].quiz.values())
                    assert cells[name][1:4] == ["1", "1" if name == ANA else "0", f"{right} / {asked}"], cells[name]
                assert cells[ANA][5] == "3 / 3" and cells[BORIS][5] == "1 / 3", cells
                exercises = page.locator("table.vint-class-exercises tbody tr")
                assert exercises.count() == 1
                assert exercises.first.locator("td").all_inner_texts() == ["01-trick-value", "2", "1", "4 / 6", "67%"]
                assert page.evaluate("document.documentElement.scrollWidth") <= width + 1
                page.screenshot(path=str(shots / f"teacher-answers-{width}-{scheme}.png"), full_page=True)
            page.context.close()
