"""Exercise notebooks: student versions from the solution-first sources, and grading by running them.

The sources use nbgrader's cell format (``metadata.nbgrader``: ``solution`` cells
with ``### BEGIN SOLUTION`` / ``### END SOLUTION``, ``grade`` cells with
``points``, ``### BEGIN HIDDEN TESTS`` / ``### END HIDDEN TESTS``), so a teacher
can hand them to nbgrader as they are. :func:`release` makes the student versions
the way nbgrader's ``generate_assignment`` does (solutions replaced, hidden tests
and outputs removed) with the standard library alone; :func:`grade` grades a
learner's notebook against the source of its exercise, found by nbgrader's cell
ids (:func:`match_source`), never by the file's name: the source's cells run
with the learner's solution cells (:func:`plan`), the learner's code in a limited
process of its own (:mod:`vint_core.checks.sandbox`), the check cells in the
grader's process, calling the learner's functions over there.

>>> cell = {"cell_type": "code", "source": "def f():\\n    ### BEGIN SOLUTION\\n    return 1\\n    ### END SOLUTION\\n",
...         "metadata": {"nbgrader": {"solution": True, "grade": False, "grade_id": "f"}}, "outputs": []}
>>> print(student_cell(cell)["source"])
def f():
    # YOUR CODE HERE
    raise NotImplementedError()
<BLANKLINE>
"""

from __future__ import annotations

import copy
import csv
import io
import json
import re
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vint_core.checks.result import NOT_DONE
from vint_core.errors import Reason, VintError
from vint_core.i18n import Phrase, os_reason, text

if TYPE_CHECKING:
    from vint_core.checks.sandbox import Limits

BEGIN_SOLUTION, END_SOLUTION = "### BEGIN SOLUTION", "### END SOLUTION"
BEGIN_HIDDEN, END_HIDDEN = "### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS"
_INDENT = re.compile(r"^(\s*)")

Cell = dict[str, Any]


def _source(cell: Cell) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else str(src)


def _nbgrader(cell: Cell) -> dict[str, Any]:
    meta = cell.get("metadata", {}).get("nbgrader", {})
    return meta if isinstance(meta, dict) else {}


def is_test_cell(cell: Cell) -> bool:
    """An autograder test cell: graded, with points, and not a solution."""
    meta = _nbgrader(cell)
    return bool(meta.get("grade")) and not meta.get("solution") and cell.get("cell_type") == "code"


def _replace_regions(text: str, begin: str, end: str, replacement: str | None) -> str:
    out: list[str] = []
    inside = False
    for line in text.splitlines(keepends=True):
        stripped = line.strip()
        if stripped == begin:
            inside = True
            if replacement is not None:
                indent = _INDENT.match(line)
                pad = indent.group(1) if indent else ""
                out.extend(pad + r + "\n" for r in replacement.splitlines())
        elif stripped == end:
            inside = False
        elif not inside:
            out.append(line)
    return "".join(out)


def student_cell(cell: Cell) -> Cell:
    """The cell as a student gets it: no solution, no hidden tests, no outputs."""
    out = copy.deepcopy(cell)
    meta = _nbgrader(cell)
    text = _source(cell)
    if meta.get("solution"):
        code = cell.get("cell_type") == "code"
        filler = "# YOUR CODE HERE\nraise NotImplementedError()" if code else "YOUR ANSWER HERE"
        text = _replace_regions(text, BEGIN_SOLUTION, END_SOLUTION, filler) if BEGIN_SOLUTION in text else (
            filler + "\n")
    if BEGIN_HIDDEN in text:
        text = _replace_regions(text, BEGIN_HIDDEN, END_HIDDEN, None)
    if not _source(cell).endswith("\n"):
        text = text.rstrip("\n")  # as nbgrader's generate_assignment leaves it
    out["source"] = text
    if out.get("cell_type") == "code":
        out["outputs"] = []
        out["execution_count"] = None
    return out


def student_notebook(notebook: dict[str, Any]) -> dict[str, Any]:
    """A whole notebook as a student gets it (see :func:`student_cell`)."""
    out = copy.deepcopy(notebook)
    out["cells"] = [student_cell(c) for c in notebook.get("cells", [])]
    return out


def notebook_text(notebook: dict[str, Any]) -> str:
    """The notebook as the project writes it: JSON indented by one, UTF-8 text, sources as line lists."""
    out = copy.deepcopy(notebook)
    for cell in out.get("cells", []):
        cell["source"] = _source(cell).splitlines(keepends=True)
    return json.dumps(out, indent=1, ensure_ascii=False) + "\n"


def release(source: Path, out: Path) -> list[Path]:
    """Write the student version of every ``*.ipynb`` in ``source`` into ``out``; return the paths written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for path in sorted(source.glob("*.ipynb")):
        notebook = json.loads(path.read_text(encoding="utf-8"))
        target = out / path.name
        target.write_text(notebook_text(student_notebook(notebook)), encoding="utf-8")
        written.append(target)
    return written


# -- grading -----------------------------------------------------------------------------------------


class GradingError(VintError):
    """A notebook the grader will not grade (no source to grade it against, not a notebook): its ``detail`` (a
    :class:`~vint_core.i18n.Phrase`) says why and what to do, in the language it is shown in (``message(lang)``)."""

    def __init__(self, detail: Phrase) -> None:
        super().__init__(Reason.NOT_GRADED, detail=detail)


@dataclass(frozen=True)
class CheckGrade:
    """One test cell's outcome: its ``name`` (the nbgrader grade id), points earned and the message."""

    name: str
    passed: bool
    points: float
    message: str
    max_points: float = field(default=0.0, compare=False)


@dataclass(frozen=True)
class NotebookGrade:
    """All the checks of one notebook, graded against the source ``exercise``, handed in by ``learner``."""

    notebook: str
    checks: tuple[CheckGrade, ...]
    learner: str | None = None
    exercise: str | None = None
    #: what the grader could not shut off for the learner's code (e.g. "not root: … runs as this user")
    notes: tuple[str, ...] = field(default=(), compare=False)
    #: the language of :meth:`lines`' header (the checks' messages are in it already)
    lang: str = field(default="en", compare=False)

    @property
    def points(self) -> float:
        return sum(c.points for c in self.checks)

    @property
    def max_points(self) -> float:
        return sum(c.max_points for c in self.checks)

    def to_json(self) -> dict[str, Any]:
        """``{"learner", "notebook", "exercise", "points", "max_points", "checks": [{"name", "passed", "points",
        "message"}]}``."""
        return {"learner": self.learner, "notebook": self.notebook, "exercise": self.exercise,
                "points": _number(self.points), "max_points": _number(self.max_points),
                "checks": [{k: (_number(v) if k == "points" else v) for k, v in asdict(c).items() if k != "max_points"}
                           for c in self.checks]}

    def lines(self) -> list[str]:
        """The report a teacher or learner reads: one line for the notebook, one per check."""
        lang = self.lang
        about = ", ".join(x for x in (self.exercise and text("grade_about_exercise", lang, exercise=self.exercise),
                                      self.learner and text("grade_about_learner", lang, learner=self.learner)) if x)
        out = [text("grade_report_about" if about else "grade_report", lang, notebook=self.notebook,
                    points=_number(self.points), max=_number(self.max_points), about=about)]
        for c in self.checks:
            mark = "✓" if c.passed else "✗"
            out.append(f"  {mark} {c.name} ({_number(c.points)}/{_number(c.max_points)}): {c.message}")
        return out


def _number(x: float) -> float | int:
    return int(x) if float(x).is_integer() else x


def _outcome(name: str, points: float, error: BaseException | None, printed: str, lang: str = "en") -> CheckGrade:
    """A check cell's grade from what it raised (``error``) or printed."""
    if error is not None:
        ename, evalue = type(error).__name__, str(error).strip()
        if isinstance(error, (NotImplementedError, NameError)) or NOT_DONE in evalue:
            message = f"{name}: {NOT_DONE}" if NOT_DONE not in evalue else evalue
            if isinstance(error, NameError):
                message += f" ({evalue})"
        elif isinstance(error, AssertionError) and evalue:
            message = evalue
        else:
            message = text("grade_check_raised", lang, name=name, error=f"{ename}: {evalue}")
        return CheckGrade(name, False, 0, message, points)
    said = [line.strip() for line in printed.splitlines() if line.strip()]
    message = said[0] if said else text("grade_passed", lang, name=name)
    return CheckGrade(name, True, points, message, points)


# -- which exercise a notebook is: by nbgrader's cell ids, not by its file's name ------------------------


def default_source() -> Path | None:
    """The exercises' sources of this copy of vint_core (``exercises/source`` beside the package), if there."""
    here = Path(__file__).resolve().parents[2] / "exercises" / "source"
    return here if here.is_dir() else None


def load_sources(source: Path | None = None) -> dict[str, dict[str, Any]]:
    """The solution-first notebooks by exercise name (the file's stem): from ``source`` (a folder or one
    notebook), else :func:`default_source`; :class:`GradingError` if there are none."""
    where = source if source is not None else default_source()
    if where is None:
        raise GradingError(Phrase("grade_no_sources_beside"))
    paths = [where] if where.is_file() else sorted(where.glob("*.ipynb")) if where.is_dir() else []
    if not paths:
        raise GradingError(Phrase("grade_no_sources_at", path=str(where)))
    return {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in paths}


def _grade_ids(notebook: dict[str, Any]) -> set[str]:
    return {str(_nbgrader(c)["grade_id"]) for c in notebook.get("cells", []) if _nbgrader(c).get("grade_id")}


def match_source(notebook: dict[str, Any], sources: dict[str, dict[str, Any]]) -> str:
    """The exercise ``notebook`` is a copy of: the source that shares the most of its own cell ids (those no
    other source has) with it; :class:`GradingError` if none or several do."""
    mine = _grade_ids(notebook)
    ids = {name: _grade_ids(nb) for name, nb in sources.items()}
    scores = {}
    for name, own in ids.items():
        others = set().union(*(v for k, v in ids.items() if k != name))
        scores[name] = len(mine & (own - others))
    best = max(scores.values(), default=0)
    if best == 0:
        raise GradingError(Phrase("grade_no_exercise"))
    winners = sorted(name for name, score in scores.items() if score == best)
    if len(winners) > 1:
        raise GradingError(Phrase("grade_several_exercises", names=", ".join(winners)))
    return winners[0]


# -- what runs: the source's cells, with the learner's solution cells and added cells -----------------------


@dataclass(frozen=True)
class Step:
    """One step of grading: ``run`` a cell in the learner's process, or ``check`` a test cell of the source
    (``present``: the learner's notebook still has it)."""

    kind: str
    code: str
    name: str = ""
    points: float = 0.0
    present: bool = True


def plan(notebook: dict[str, Any], source: dict[str, Any]) -> list[Step]:
    """The steps to grade ``notebook`` against ``source``: every cell and check cell comes from the source
    except the solution cells, which are the learner's (none if the learner's is gone), and the code cells
    the learner added (or whose cell id changed), which run after the cell they follow; nothing after the
    last check."""
    src_cells = source.get("cells", [])
    src_ids = _grade_ids(source)
    learner = notebook.get("cells", [])
    by_id: dict[str, Cell] = {}
    added: dict[str | None, list[str]] = {}
    after: str | None = None
    for cell in learner:
        gid = _nbgrader(cell).get("grade_id")
        if gid in src_ids and str(gid) not in by_id:
            by_id[str(gid)] = cell
            after = str(gid)
        elif cell.get("cell_type") == "code":  # added by the learner (a second copy of a cell too)
            added.setdefault(after, []).append(_source(cell))
    last = max((i for i, c in enumerate(src_cells) if is_test_cell(c)), default=-1)
    steps: list[Step] = []
    first_solution = next((i for i, c in enumerate(src_cells) if _nbgrader(c).get("solution")), 0)
    for i, cell in enumerate(src_cells[:last + 1]):
        gid = str(_nbgrader(cell).get("grade_id", ""))
        if i == first_solution:
            steps += [Step("run", code) for code in added.get(None, [])]
        if cell.get("cell_type") == "code":
            if is_test_cell(cell):
                steps.append(Step("check", _source(cell), gid, float(_nbgrader(cell).get("points", 0)),
                                  gid in by_id))
            elif _nbgrader(cell).get("solution"):  # the learner's; gone, nothing (the learner may have moved it)
                mine = by_id.get(gid)
                if mine is not None and mine.get("cell_type") == "code":
                    steps.append(Step("run", _source(mine)))
            else:
                steps.append(Step("run", _source(cell)))
        if gid in by_id:
            steps += [Step("run", code) for code in added.get(gid, [])]
    return steps


def _imports(source: dict[str, Any]) -> dict[str, Any]:
    """The grader's own namespace for the check cells: the imports of the source's locked cells, run here."""
    import ast
    import builtins

    from vint_core import checks

    namespace: dict[str, Any] = {"__builtins__": builtins, "__name__": "__grader__", "checks": checks}
    for cell in source.get("cells", []):
        meta = _nbgrader(cell)
        if cell.get("cell_type") != "code" or meta.get("solution") or is_test_cell(cell):
            continue
        try:
            tree = ast.parse(_source(cell))
        except SyntaxError:
            continue
        body: list[ast.stmt] = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
        exec(compile(ast.Module(body=body, type_ignores=[]), "<source imports>", "exec"), namespace)
    return namespace


class _LearnersNames(dict[str, Any]):
    """A check cell's names: the grader's own first, then the learner's functions, called in their process."""

    def __init__(self, namespace: dict[str, Any], learner: Any) -> None:
        super().__init__()
        self._namespace, self._learner = namespace, learner

    def __missing__(self, key: str) -> Any:
        import builtins

        if key in self._namespace or hasattr(builtins, key):
            raise KeyError(key)  # the globals or the builtins answer
        value = self._learner.function(key)  # KeyError when the learner has no such name: a NameError
        self[key] = value
        return value


def learner_of(path: Path) -> str | None:
    """The learner of an nbgrader submission, ``…/submitted/<learner>/<assignment>/<notebook>.ipynb``."""
    parts = path.resolve().parts
    return parts[-3] if len(parts) >= 4 and parts[-4] in ("submitted", "autograded") else None


def grade(path: Path, *, source: Path | None = None, timeout: float = 120, total: float = 600,
          limits: Limits | None = None, learner: str | None = None, hide: Iterable[Path] = (),
          lang: str = "en") -> NotebookGrade:
    """Grade the notebook at ``path`` against its exercise's source, found by its cells' ids.

    ``source`` is a folder of sources or one source notebook (default: :func:`default_source`);
    :class:`GradingError` if no source fits. The learner's cells run in another process
    (:mod:`vint_core.checks.sandbox`: another user when the grader is root, ``limits`` on memory and
    processor time); the check cells, always the source's, run here and call the learner's functions
    there. A cell longer than ``timeout`` seconds, or the notebook past ``total`` seconds, stops the
    run: the checks not reached score 0; a check longer than ``timeout`` scores 0, and the next one
    gets a fresh process. A check cell missing from the notebook scores 0. The grader's own notes (a cell
    that took too long, a check not run) are in ``lang``; a check's message is the check's own.
    """
    import contextlib
    import shutil
    import tempfile
    import time

    from vint_core.checks.sandbox import Learner, Limits, Stopped

    try:
        notebook = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:  # the system's reason, in the catalogue's words (its own for an errno it does not know)
        why = os_reason(exc) or exc.strerror or type(exc).__name__
        raise GradingError(Phrase("grade_not_readable", why=why)) from None
    except UnicodeDecodeError:
        raise GradingError(Phrase("grade_not_readable", why=Phrase("file_not_text"))) from None
    except ValueError:
        raise GradingError(Phrase("grade_not_readable", why=Phrase("file_not_json"))) from None
    if not (isinstance(notebook, dict) and isinstance(notebook.get("cells"), list)
            and all(isinstance(c, dict) for c in notebook["cells"])):
        raise GradingError(Phrase("grade_no_cells"))
    sources = load_sources(source)
    exercise = next(iter(sources)) if source is not None and source.is_file() else match_source(notebook, sources)
    src = sources[exercise]
    steps = plan(notebook, src)
    namespace = _imports(src)
    limits = limits if limits is not None else Limits()
    deadline = time.monotonic() + total
    workdir = tempfile.mkdtemp(prefix="vint-grade-")
    hidden = {str(p) for p in hide} | {str(path.resolve().parent)}
    where = source if source is not None else default_source()
    if where is not None:
        hidden.add(str((where if where.is_dir() else where.parent).resolve()))
    checks: list[CheckGrade] = []
    stopped: str | None = None  # why nothing more runs: a cell that did not finish, the notebook's total time
    notes: list[str] = []
    ran: list[str] = []  # the cells run so far, run again in a fresh process after a check that stopped its own
    proc: Learner | None = None

    late_in_all = text("grade_notebook_late", lang, seconds=f"{total:g}")

    def limit(seconds: float, what: str) -> None:
        assert proc is not None
        if time.monotonic() + seconds < deadline:
            proc.stop_at, proc.why_late = time.monotonic() + seconds, text(what, lang, seconds=f"{seconds:g}")
        else:
            proc.stop_at, proc.why_late = deadline, late_in_all

    def fresh() -> Learner:
        nonlocal proc, notes
        left = deadline - time.monotonic()
        if left <= 0:
            raise Stopped(late_in_all)
        proc = Learner(limits, hide=hidden, workdir=workdir, lang=lang)
        notes = proc.started(min(60.0, left))[1]
        for code in ran:
            limit(timeout, "grade_cell_late")
            proc.ask(("run", code))
        return proc

    try:
        for step in steps:
            if step.kind == "run":
                ran.append(step.code)
                if stopped is None and proc is not None:
                    limit(timeout, "grade_cell_late")
                    try:
                        proc.ask(("run", step.code))
                    except Stopped as exc:
                        stopped = str(exc)
                elif stopped is None:
                    try:
                        fresh()
                    except Stopped as exc:
                        stopped = str(exc)
                continue
            if stopped is None and proc is None:
                try:
                    fresh()
                except Stopped as exc:
                    stopped = str(exc)
            if stopped is not None or proc is None:
                checks.append(CheckGrade(step.name, False, 0, text("grade_not_run", lang, name=step.name, why=stopped),
                                         step.points))
                continue
            if not step.present:
                checks.append(CheckGrade(step.name, False, 0, text("grade_missing", lang, name=step.name),
                                         step.points))
                continue
            limit(timeout, "grade_check_late")
            printed = io.StringIO()
            error: BaseException | None = None
            try:
                with contextlib.redirect_stdout(printed):
                    exec(compile(step.code, f"<check {step.name}>", "exec"), namespace,
                         _LearnersNames(namespace, proc))
            except Stopped as exc:  # this check scores 0; the next ones get a fresh process, time permitting
                checks.append(CheckGrade(step.name, False, 0, text("grade_stopped", lang, name=step.name, why=exc),
                                         step.points))
                proc.kill()
                proc = None
                if time.monotonic() >= deadline:
                    stopped = late_in_all
                continue
            except Exception as exc:
                error = exc
            checks.append(_outcome(step.name, step.points, error, printed.getvalue(), lang))
    finally:
        if proc is not None:
            proc.kill()
        shutil.rmtree(workdir, ignore_errors=True)
    return NotebookGrade(str(path), tuple(checks), learner=learner if learner is not None else learner_of(path),
                         exercise=exercise, notes=tuple(notes), lang=lang)


def grades_csv(grades: Iterable[NotebookGrade]) -> str:
    """One row per check: learner, notebook, exercise, check, passed, points, max_points, message."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(["learner", "notebook", "exercise", "check", "passed", "points", "max_points", "message"])
    for g in grades:
        for c in g.checks:
            writer.writerow([g.learner or "", g.notebook, g.exercise or "", c.name, c.passed, _number(c.points),
                             _number(c.max_points), c.message])
    return buf.getvalue()


__all__ = ["CheckGrade", "GradingError", "NotebookGrade", "Step", "default_source", "grade", "grades_csv",
           "is_test_cell", "learner_of", "load_sources", "match_source", "notebook_text", "plan", "release",
           "student_cell", "student_notebook"]
