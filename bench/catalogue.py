"""The message catalogue's size and load time, before and after it became gettext files.

    python bench/catalogue.py [--old REF] [--runs N]

For the tree at REF (default: the last commit with the (en, de) tuples in Python) and for this working
tree: the size of the catalogue (the Python modules that held the tuples, or the .po/.mo files), its number
of messages, and, each in a fresh interpreter (median of N runs), the time of ``import vint_core`` and of the
first message after it (``text("your_turn", "de", seat=Seat.SOUTH)``, which loads the catalogues).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROBE = """
import time
t0 = time.perf_counter()
import vint_core
t1 = time.perf_counter()
from vint_core import Seat
from vint_core.i18n import text
text("your_turn", "de", seat=Seat.SOUTH)
t2 = time.perf_counter()
print(t1 - t0, t2 - t1)
"""


def sizes(tree: Path) -> tuple[int, str]:
    """The catalogue's bytes on disk, and what they are."""
    locale = tree / "vint_core" / "locale"
    if locale.is_dir():
        files = sorted(locale.rglob("*.po")) + sorted(locale.rglob("*.mo"))
        po = sum(f.stat().st_size for f in files if f.suffix == ".po")
        mo = sum(f.stat().st_size for f in files if f.suffix == ".mo")
        return po + mo, f".po {po:,} B + .mo {mo:,} B ({len(files)} files)"
    modules = [tree / "vint_core" / "i18n.py", tree / "vint_core" / "quiz" / "texts.py"]
    total = sum(m.stat().st_size for m in modules)
    return total, f"Python tuples in i18n.py and quiz/texts.py: {total:,} B"


def messages(tree: Path) -> int:
    code = ("from vint_core import i18n\nfrom vint_core.quiz import texts\n"
            "print(len(list(i18n.entries())) + (len(texts._TEXTS) if hasattr(texts, '_TEXTS') else 0))")
    out = subprocess.run([sys.executable, "-c", code], cwd=tree, env={"PYTHONPATH": str(tree)}, text=True,
                         capture_output=True, check=True)
    return int(out.stdout)


def timing(trees: list[Path], runs: int) -> list[tuple[float, float]]:
    """The median times of each tree, the trees' runs taken in turn (a busy machine slows both alike)."""
    times: list[list[tuple[float, float]]] = [[] for _ in trees]
    for _ in range(runs):
        for i, tree in enumerate(trees):
            out = subprocess.run([sys.executable, "-c", PROBE], cwd=tree, env={"PYTHONPATH": str(tree)}, text=True,
                                 capture_output=True, check=True)
            a, b = map(float, out.stdout.split())
            times[i].append((a, b))
    return [(statistics.median(a for a, _ in t), statistics.median(b for _, b in t)) for t in times]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", default="106bbc9", help="the tree before (a git ref)")
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        old = Path(tmp)
        archive = subprocess.run(["git", "archive", args.old, "vint_core"], cwd=ROOT, capture_output=True, check=True)
        with tarfile.open(fileobj=BytesIO(archive.stdout)) as tar:
            tar.extractall(old, filter="data")
        print(f"{'':8} {'messages':>9} {'import vint_core':>17} {'first message':>14}  catalogue")
        trees = [(f"{args.old[:7]}", old), ("now", ROOT)]
        for (name, tree), (importing, first) in zip(trees, timing([t for _, t in trees], args.runs), strict=True):
            _, what = sizes(tree)
            print(f"{name:8} {messages(tree):>9} {importing * 1000:>14.1f} ms {first * 1000:>11.1f} ms  {what}")


if __name__ == "__main__":
    main()
