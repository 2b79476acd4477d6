"""Exercise notebooks: student versions from the solution-first sources, and grading by running them.

The sources use nbgrader's cell format (``metadata.nbgrader``: ``solution`` cells
with ``### BEGIN SOLUTION`` / ``### END SOLUTION``, ``grade`` cells with
``points``, ``### BEGIN HIDDEN TESTS`` / ``### END HIDDEN TESTS``), so a teacher
can hand them to nbgrader as they are. :func:`release` makes the student versions
the way nbgrader's ``generate_assignment`` does (solutions replaced, hidden tests
and outputs removed) with the standard library alone; :func:`grade` runs
notebooks in a fresh kernel (nbclient, from the ``notebooks`` extra) and reads
each test cell's outcome.

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
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from vint_core.checks.result import NOT_DONE

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
    """All the checks of one notebook."""

    notebook: str
    checks: tuple[CheckGrade, ...]

    @property
    def points(self) -> float:
        return sum(c.points for c in self.checks)

    @property
    def max_points(self) -> float:
        return sum(c.max_points for c in self.checks)

    def to_json(self) -> dict[str, Any]:
        """``{"notebook", "points", "max_points", "checks": [{"name", "passed", "points", "message"}]}``."""
        return {"notebook": self.notebook, "points": _number(self.points), "max_points": _number(self.max_points),
                "checks": [{k: (_number(v) if k == "points" else v) for k, v in asdict(c).items() if k != "max_points"}
                           for c in self.checks]}

    def lines(self) -> list[str]:
        """The report a teacher or learner reads: one line for the notebook, one per check."""
        out = [f"{self.notebook}: {_number(self.points)} of {_number(self.max_points)} points"]
        for c in self.checks:
            mark = "✓" if c.passed else "✗"
            out.append(f"  {mark} {c.name} ({_number(c.points)}/{_number(c.max_points)}): {c.message}")
        return out


def _number(x: float) -> float | int:
    return int(x) if float(x).is_integer() else x


def _outcome(name: str, points: float, outputs: Sequence[dict[str, Any]]) -> CheckGrade:
    for output in outputs:
        if output.get("output_type") == "error":
            ename, evalue = output.get("ename", ""), str(output.get("evalue", "")).strip()
            if ename in ("NotImplementedError", "NameError") or NOT_DONE in evalue:
                message = f"{name}: {NOT_DONE}" if NOT_DONE not in evalue else evalue
                if ename == "NameError":
                    message += f" ({evalue})"
            elif ename in ("CheckFailed", "AssertionError") and evalue:
                message = evalue
            else:
                message = f"{name}: the check stopped with {ename}: {evalue}"
            return CheckGrade(name, False, 0, message, points)
    # a test cell prints its check's message (an execute_result would be read by nbgrader as partial credit)
    printed = "".join(str(o.get("text", "")) for o in outputs if o.get("output_type") == "stream")
    said = [line.strip() for line in printed.splitlines() if line.strip()]
    message = said[0] if said else f"{name}: passed"
    return CheckGrade(name, True, points, message, points)


def _restore_tests(notebook: dict[str, Any], source: dict[str, Any] | None) -> None:
    """Put the source's test cells (hidden tests included) back, as nbgrader's autograde does."""
    if source is None:
        return
    by_id = {_nbgrader(c).get("grade_id"): c for c in source.get("cells", []) if is_test_cell(c)}
    for i, cell in enumerate(notebook.get("cells", [])):
        grade_id = _nbgrader(cell).get("grade_id")
        if grade_id in by_id:
            notebook["cells"][i] = copy.deepcopy(by_id[grade_id])


def grade(path: Path, *, source: Path | None = None, timeout: float = 120) -> NotebookGrade:
    """Run the notebook at ``path`` in a fresh kernel and grade its test cells.

    With ``source`` (the solution-first notebook of the same exercise) the test
    cells are taken from the source, hidden tests included. A cell that runs
    longer than ``timeout`` seconds stops the run; the checks not reached score 0.
    """
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellTimeoutError, DeadKernelError

    raw = json.loads(path.read_text(encoding="utf-8"))
    src = json.loads(source.read_text(encoding="utf-8")) if source is not None and source.exists() else None
    _restore_tests(raw, src)
    for cell in raw.get("cells", []):
        if cell.get("cell_type") == "code":
            cell["outputs"], cell["execution_count"] = [], None
    nb = nbformat.reads(json.dumps(raw), as_version=4)  # type: ignore[no-untyped-call]
    client = NotebookClient(nb, timeout=timeout, allow_errors=True, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent.resolve())}})
    stopped = None
    try:
        client.execute()
    except CellTimeoutError:
        stopped = f"not run: a cell took longer than {timeout:g} s"
    except DeadKernelError:
        stopped = "not run: the notebook's Python stopped"
    checks = []
    for cell in nb.cells:
        if not is_test_cell(cell):
            continue
        meta = _nbgrader(cell)
        name, points = str(meta.get("grade_id")), float(meta.get("points", 0))
        if stopped and not cell.get("outputs") and cell.get("execution_count") is None:
            checks.append(CheckGrade(name, False, 0, f"{name}: {stopped}", points))
        else:
            checks.append(_outcome(name, points, cell.get("outputs", [])))
    return NotebookGrade(str(path), tuple(checks))


def grades_csv(grades: Iterable[NotebookGrade]) -> str:
    """One row per check: notebook, check, passed, points, max_points, message."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(["notebook", "check", "passed", "points", "max_points", "message"])
    for g in grades:
        for c in g.checks:
            writer.writerow([g.notebook, c.name, c.passed, _number(c.points), _number(c.max_points), c.message])
    return buf.getvalue()


__all__ = ["CheckGrade", "NotebookGrade", "grade", "grades_csv", "is_test_cell", "notebook_text", "release",
           "student_cell", "student_notebook"]
