"""The course's notebooks as files: names, no outputs, public API only, seeded deals, short cells, working links.

Running them is nbval's part (``--nbval-lax`` in pyproject.toml: every lesson
runs top to bottom in a fresh kernel, and its ``assert`` cells are the checks
of what the text says). Here the notebooks are read as JSON, never executed:
what a learner would open must be committed clean and must only use what the
package offers publicly, with deals a text can describe (seeded).
"""

from __future__ import annotations

import ast
import importlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("*.ipynb"))
GLOSSARY = "../docs/rules.md#6-words-english-german-russian"
LESSON_NAME = re.compile(r"(\d\d)-[a-z0-9]+(-[a-z0-9]+)*\.ipynb")
MAX_CODE_LINES = 12
# callables that shuffle: a lesson must say which shuffle (the seed), so the text can describe the deal
SHUFFLERS = {"Deal.new": "seed", "deal_hands": 1, "cut_for_dealer": 0}
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def cells(path: Path, kind: str) -> list[str]:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == kind]


def code(source: str) -> ast.Module:
    """A code cell as Python (IPython's ``%`` and ``!`` lines are not used in the course)."""
    return ast.parse(source)


def test_the_course_has_lessons_numbered_from_00_without_gaps() -> None:
    assert LESSONS, "notebooks/ holds no lesson"
    numbers = []
    for path in LESSONS:
        match = LESSON_NAME.fullmatch(path.name)
        assert match, f"{path.name}: a lesson is named NN-topic.ipynb (lower case, words joined by -)"
        numbers.append(int(match.group(1)))
    # a lesson still being written ("planned" in the course map) may leave a gap before a later one
    planned = {int(number) for number, row in course_map_rows().items() if row[-1] == "planned"}
    assert numbers == [n for n in range(numbers[-1] + 1) if n not in planned]


def test_notebooks_are_committed_without_outputs() -> None:
    result = subprocess.run([sys.executable, "-m", "nbstripout", "--verify", *map(str, LESSONS)],
                            capture_output=True, text=True)
    assert result.returncode == 0, f"run nbstripout on the notebooks before committing: {result.stdout}{result.stderr}"


def test_the_stripped_check_sees_an_output(tmp_path: Path) -> None:
    notebook = json.loads(LESSONS[0].read_text(encoding="utf-8"))
    first = next(cell for cell in notebook["cells"] if cell["cell_type"] == "code")
    first["outputs"] = [{"output_type": "stream", "name": "stdout", "text": ["52\n"]}]
    first["execution_count"] = 1
    dirty = tmp_path / LESSONS[0].name
    dirty.write_text(json.dumps(notebook), encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "nbstripout", "--verify", str(dirty)], capture_output=True)
    assert result.returncode != 0


def public_names(module: str) -> set[str]:
    return set(getattr(importlib.import_module(module), "__all__", ()))


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_code_cells_use_only_the_public_api(path: Path) -> None:
    for source in cells(path, "code"):
        for node in ast.walk(code(source)):
            if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "vint_core":
                module = node.module or ""
                assert not any(part.startswith("_") for part in module.split(".")), f"{path.name}: {module}"
                names = public_names(module)
                for alias in node.names:
                    assert alias.name in names, f"{path.name}: {alias.name} is not in {module}.__all__"
            elif isinstance(node, ast.Import):
                assert all(alias.name.split(".")[0] != "vint_core" for alias in node.names), \
                    f"{path.name}: write `from vint_core import …`"
            elif isinstance(node, ast.Attribute):
                assert not node.attr.startswith("_"), f"{path.name}: .{node.attr} is not public"


def called_name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        return f"{func.value.id}.{func.attr}"
    return func.id if isinstance(func, ast.Name) else ""


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_every_shuffle_in_a_lesson_is_seeded(path: Path) -> None:
    for source in cells(path, "code"):
        for node in ast.walk(code(source)):
            if isinstance(node, ast.Call) and (name := called_name(node)) in SHUFFLERS:
                seed = SHUFFLERS[name]
                given = any(k.arg == seed for k in node.keywords) if isinstance(seed, str) \
                    else len(node.args) > seed or any(k.arg in ("rng", "seed") for k in node.keywords)
                assert given, f"{path.name}: {ast.unparse(node)} deals a different deal every time: give it a seed"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_code_cells_are_short(path: Path) -> None:
    for source in cells(path, "code"):
        lines = [line for line in source.splitlines() if line.strip()]
        assert len(lines) <= MAX_CODE_LINES, f"{path.name}: a code cell of {len(lines)} lines:\n{source}"


def slug(heading: str) -> str:
    """The anchor GitHub and JupyterLab give a Markdown heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    texts = cells(path, "markdown") if path.suffix == ".ipynb" else [path.read_text(encoding="utf-8")]
    return {slug(line.lstrip("#")) for text in texts for line in text.splitlines() if line.startswith("#")}


def links(path: Path) -> list[str]:
    texts = cells(path, "markdown") if path.suffix == ".ipynb" else [path.read_text(encoding="utf-8")]
    return [target for text in texts for target in LINK.findall(text)]


def test_the_anchor_of_a_heading_is_the_one_github_gives() -> None:
    assert slug(" 6. Words: English, German, Russian") == "6-words-english-german-russian"


@pytest.mark.parametrize("path", [*LESSONS, NOTEBOOKS / "README.md"], ids=lambda p: p.name)
def test_links_between_lessons_and_documents_resolve(path: Path) -> None:
    for target in links(path):
        if re.match(r"[a-z]+:", target):
            continue  # a web address: not checked (nothing is fetched)
        file, _, anchor = target.partition("#")
        linked = (path.parent / file).resolve() if file else path
        assert linked.exists(), f"{path.name}: the link {target} leads nowhere"
        if anchor:
            assert anchor in anchors(linked), f"{path.name}: {file or path.name} has no heading #{anchor}"


def first_use_time(path: Path) -> int:
    found = re.search(r"About (\d+) minutes", cells(path, "markdown")[0])
    assert found, f"{path.name}: the first cell says how long the lesson takes (About N minutes)"
    return int(found.group(1))


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_a_lesson_opens_with_its_goals_and_closes_with_a_summary(path: Path) -> None:
    texts = cells(path, "markdown")
    assert texts[0].startswith(f"# Lesson {path.name[:2]} · ")
    assert "**In this lesson you will**" in texts[0] and GLOSSARY in texts[0]
    # one sitting: the time bench/lesson_times.py measures (lesson 11 plays a whole rubber: 30 minutes)
    assert first_use_time(path) <= 30, f"{path.name}: a lesson is one sitting (30 minutes at most)"
    assert texts[-1].startswith("## Summary") and GLOSSARY in texts[-1]


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_a_lesson_has_a_check_question_and_a_place_for_its_quiz(path: Path) -> None:
    question = [text for text in cells(path, "markdown") if "## Check question" in text]
    assert len(question) == 1, f"{path.name}: one check question"
    assert "<!-- quiz:" in question[0] and "<details>" in question[0]


# "<!-- quiz: a QuizWidget limited to the topic play (…), rules seed -->", "… over every topic …, rules seed",
# or "<!-- quiz: no QuizWidget … -->"
QUIZ_MARKER = re.compile(r"<!-- quiz: (?:a QuizWidget (?:limited to the topics? ([a-z ]+?) \(|over every topic)"
                         r"[^>]*?rules (\w+)|(no QuizWidget))")


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_a_lesson_quizzes_the_topics_its_marker_names_and_keeps_the_answers_in_its_own_record(path: Path) -> None:
    [question] = [text for text in cells(path, "markdown") if "## Check question" in text]
    marker = QUIZ_MARKER.search(question)
    assert marker, f"{path.name}: the quiz marker names the QuizWidget's topics, or says why there is none"
    calls = [node for source in cells(path, "code") for node in ast.walk(code(source))
             if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
             and node.func.id in ("QuizWidget", "lesson_quiz")]
    if marker.group(3) is not None:
        assert not calls, f"{path.name}: the marker says there is no QuizWidget"
        return
    assert len(calls) == 1, f"{path.name}: one QuizWidget, after the check question"
    [call] = calls
    keywords = {k.arg: ast.literal_eval(k.value) for k in call.keywords if k.arg in ("topics", "rules")}
    topics = {"topics": marker.group(1).split(" and ")} if marker.group(1) else {}
    assert keywords == {**topics, "rules": marker.group(2)}, path.name
    # the lesson's quiz keeps its answers in the lesson's own record (vint_core.lesson_progress), seeded by the
    # lesson's number for a new learner
    assert call.func.id == "lesson_quiz" and [ast.literal_eval(a) for a in call.args] == [path.name[:2]], \
        f"{path.name}: the quiz is lesson_quiz({path.name[:2]!r}, ...)"
    assert {k.arg for k in call.keywords} <= {"topics", "rules"}, path.name


def course_map_rows() -> dict[str, list[str]]:
    text = (NOTEBOOKS / "README.md").read_text(encoding="utf-8")
    rows = [line.strip("|").split(" | ") for line in text.splitlines() if re.match(r"\| \d\d \|", line)]
    # the map's own table (number, lesson, goals, time, widgets, quiz, status), not the translations' table
    return {row[0].strip(): [cell.strip() for cell in row[1:]] for row in rows if len(row) == 7}


def test_the_course_map_lists_twelve_lessons_and_marks_those_that_exist() -> None:
    rows = course_map_rows()
    assert list(rows) == [f"{n:02d}" for n in range(12)]
    written = {path.name[:2]: path for path in LESSONS}
    for number, (lesson, _goals, time, _widgets, _quiz, status) in rows.items():
        if number in written:
            assert status == "ready" and f"]({written[number].name})" in lesson, f"lesson {number} in the course map"
            assert time == f"{first_use_time(written[number])} min", f"lesson {number}: the map and the lesson agree"
        else:
            assert status == "planned" and "](" not in lesson, f"lesson {number} is not written yet"
        assert int(time.split()[0]) <= 30
