"""The lessons' checks, folded: the ``assert`` lines that keep a lesson's text true sit in cells of their own,
collapsed in JupyterLab (``"jupyter": {"source_hidden": true}``) and tagged ``check``, so a learner's eye skips them.

``tests/test_plain_words.py`` uses :func:`unfolded` to find checks a learner would see; run this file to fold
them (``python tests/fold_checks.py notebooks/*.ipynb``, then ``nbstripout`` on the notebooks it changed):
a code cell's closing asserts move into a folded cell right after it, and a cell that only checks (it shows
nothing) is folded where it is. The quiz cells (``lesson_quiz(``, ``QuizWidget(``) are left as they are: their checks
sit in a folded cell of their own before them (a check in a quiz cell showed the Check question's answer).
"""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path
from typing import Any

TAG = "check"
HEADER = "# check: keeps the text true\n"  # short: the folded cell shows this line, on a phone too


def is_folded(cell: dict[str, Any]) -> bool:
    return bool(cell["metadata"].get("jupyter", {}).get("source_hidden")) and TAG in cell["metadata"].get("tags", [])


def shows_something(tree: ast.Module) -> bool:
    """Does the cell put anything under itself (a print, a display, a last expression)?"""
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        return True
    return any(isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("print", "display")
               for node in ast.walk(tree))


def closing_asserts(tree: ast.Module) -> tuple[int, int] | None:
    """The statements (start, end) of the asserts that close the cell, before a last bare name it displays."""
    body = tree.body
    end = len(body) - (1 if body and isinstance(body[-1], ast.Expr) and isinstance(body[-1].value, ast.Name) else 0)
    start = end
    while start > 0 and isinstance(body[start - 1], ast.Assert):
        start -= 1
    return (start, end) if start < end else None


def _source(cell: dict[str, Any]) -> str:
    return "".join(cell["source"])


def _lines(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def unfolded(path: Path) -> list[str]:
    """The code cells of a lesson whose checks a learner sees: their first lines."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    out = []
    for cell in cells:
        source = _source(cell)
        if cell["cell_type"] != "code" or is_folded(cell) or "QuizWidget(" in source or "lesson_quiz(" in source:
            continue
        tree = ast.parse(source)
        has_assert = any(isinstance(node, ast.Assert) for node in tree.body)
        if closing_asserts(tree) is not None or (has_assert and not shows_something(tree)):
            out.append(source.splitlines()[0])
    return out


def fold(path: Path) -> int:
    """Fold the lesson's checks (see the module's text); how many were folded."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    cells: list[dict[str, Any]] = []
    folded = 0
    for cell in notebook["cells"]:
        cells.append(cell)
        source = _source(cell)
        if cell["cell_type"] != "code" or is_folded(cell) or "QuizWidget(" in source or "lesson_quiz(" in source:
            continue
        tree = ast.parse(source)
        if any(isinstance(node, ast.Assert) for node in tree.body) and not shows_something(tree):
            cell["metadata"].setdefault("jupyter", {})["source_hidden"] = True
            cell["metadata"]["tags"] = [*cell["metadata"].get("tags", []), TAG]
            cell["source"] = _lines(HEADER + source)
            folded += 1
            continue
        span = closing_asserts(tree)
        if span is None:
            continue
        lines = _lines(source)
        first, last = tree.body[span[0]].lineno - 1, tree.body[span[1] - 1].end_lineno or 0
        while first > 0 and lines[first - 1].lstrip().startswith("#"):  # a comment above the asserts goes along
            first -= 1
        checks = "".join(lines[first:last]).rstrip("\n")
        cell["source"] = _lines("".join(lines[:first] + lines[last:]).rstrip("\n"))
        cells.append({"cell_type": "code", "execution_count": None, "id": f"{cell['id']}-check",
                      "metadata": {"jupyter": {"source_hidden": True}, "tags": [TAG]}, "outputs": [],
                      "source": _lines(HEADER + checks)})
        folded += 1
    notebook["cells"] = cells
    path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return folded


if __name__ == "__main__":
    for name in sys.argv[1:]:
        print(name, fold(Path(name)))
