"""Grading time per learner: `vint exercises grade` on a correct learner's ten notebooks, as a teacher runs it.

The learner's notebooks are the released ones with every solution written out (the sources' answers), laid
out as nbgrader's submissions (``submitted/<learner>/ps1/<notebook>``), graded in one ``vint exercises grade``
run per learner, a fresh process each time, as the command is run. Printed: the wall clock of each run and
its median, the processor time of the run and its learners' processes (``RUSAGE_CHILDREN``: steadier on a busy
machine), the points (all of them, or the figure means nothing), and per notebook the wall clock of
`vint_core.checks.notebooks.grade` in this process.

Run: ``PYTHONPATH=. .venv/bin/python bench/grade.py [--learners 3]``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE, RELEASE = ROOT / "exercises" / "source", ROOT / "exercises" / "release"


def solved(path: Path) -> dict:
    release = json.loads(path.read_text(encoding="utf-8"))
    source = json.loads((SOURCE / path.name).read_text(encoding="utf-8"))
    meta = lambda c: c["metadata"].get("nbgrader", {})  # noqa: E731
    answers = {meta(c)["grade_id"]: c["source"] for c in source["cells"] if meta(c).get("solution")}
    for cell in release["cells"]:
        if meta(cell).get("solution"):
            cell["source"] = answers[meta(cell)["grade_id"]]
    return release


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=3, help="how many learners to grade, one run each")
    args = parser.parse_args()
    from vint_core.checks.notebooks import grade

    with tempfile.TemporaryDirectory() as tmp:
        course = Path(tmp)
        walls: list[float] = []
        cpus: list[float] = []
        for n in range(args.learners):
            folder = course / "submitted" / f"learner{n + 1}" / "ps1"
            folder.mkdir(parents=True)
            paths = []
            for release in sorted(RELEASE.glob("*.ipynb")):
                (folder / release.name).write_text(json.dumps(solved(release)), encoding="utf-8")
                paths.append(str(folder / release.name))
            env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
            started, cpu = time.perf_counter(), _children_cpu()
            done = subprocess.run([sys.executable, "-m", "vint_core.cli", "exercises", "grade", *paths, "--json"],
                                  capture_output=True, text=True, env=env, check=True)
            walls.append(time.perf_counter() - started)
            cpus.append(_children_cpu() - cpu)
            report = json.loads(done.stdout)
            got, best = sum(r["points"] for r in report), sum(r["max_points"] for r in report)
            print(f"learner{n + 1}: {len(report)} notebooks, {got} of {best} points, {walls[-1]:.1f} s, "
                  f"{cpus[-1]:.1f} s of processor")
            if got != best:
                raise SystemExit(f"a correct learner got {got} of {best}: {done.stdout}")
        print(f"grading time per learner (ten exercises): median {statistics.median(walls):.1f} s, "
              f"max {max(walls):.1f} s; processor median {statistics.median(cpus):.1f} s; {os.cpu_count()} cores, "
              f"load {os.getloadavg()[0]:.1f}")
        print("per notebook, in this process:")
        for path in sorted((course / "submitted" / "learner1" / "ps1").glob("*.ipynb")):
            started = time.perf_counter()
            grade(path)
            print(f"  {path.stem:20} {time.perf_counter() - started:5.2f} s")


if __name__ == "__main__":
    main()
