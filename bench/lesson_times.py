"""How long each lesson really takes a learner: its run time, its reading, its interactions, lesson 11's rubber.

    .venv/bin/python bench/lesson_times.py                 # every lesson, run in a fresh kernel
    .venv/bin/python bench/lesson_times.py --no-run        # the estimate only (no kernel: the run time left out)
    .venv/bin/python bench/lesson_times.py --wpm 120 --rubbers 20

For each lesson: the seconds its cells take to run top to bottom (Run All, in a fresh kernel, as ``make test``
runs them); the words of its text (markdown cells) read at ``--wpm`` words a minute (default 150: careful reading
of new material, slower than the 200–250 of light prose); each code cell glanced at (``--cell`` seconds); each
widget the text asks the learner to try (a code cell whose last line shows a course widget, not a quiz:
``--try`` seconds each; a second one of the same kind is the text's example, driven by a cell; one that plays a
whole deal, lesson 05's, takes a deal's time at the table, as below; the review's Learn from your mistakes, when
the text asks for it, is one more to try); the quiz at its end (``lesson_quiz``, ``--questions``
questions of ``--question`` seconds each). The total, rounded up to 5 minutes, is what the course map's time
column and each lesson's first cell state.

Lesson 11 asks for a rubber at the table (the Table widget): its figure adds rubbers actually played
(``--rubbers`` seeds from 2026, the lesson's own first), the learner's seat played by the computer player the
hint button asks, at the table's default pace (the computer players' pauses, :data:`vint_core.table.controller.PACES`),
with the learner's thinking time for each call (``--call``) and each card (``--card``) and a look at each deal's
review (``--review``). It prints the rubber's length in deals (median, the shortest, the longest) and its minutes.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from vint_core.calls import Call  # noqa: E402
from vint_core.deal import Phase  # noqa: E402
from vint_core.table.controller import pause_of  # noqa: E402
from vint_core.table.session import TableSession  # noqa: E402

NOTEBOOKS = ROOT / "notebooks"
#: the course widgets a learner is told to try (a cell showing one), the quiz counted apart
WIDGETS = ("DealViewer", "TrickPractice", "BiddingPractice", "AuctionPractice", "OneDeal", "ScoreCalculator",
           "HonoursExplorer", "RubberRace", "ContractExplorer", "Table", "side_by_side")


def cells(path: Path) -> list[dict[str, object]]:
    return list(json.loads(path.read_text(encoding="utf-8"))["cells"])


def source(cell: dict[str, object]) -> str:
    text = cell["source"]
    return "".join(text) if isinstance(text, list) else str(text)


def words(path: Path) -> int:
    return sum(len(source(c).split()) for c in cells(path) if c["cell_type"] == "markdown")


def code_cells(path: Path) -> list[str]:
    return [source(c) for c in cells(path) if c["cell_type"] == "code"]


def tries(path: Path) -> list[str]:
    """The course widgets shown at the end of a code cell (the learner's to click), quizzes left out."""
    shown_widgets = []
    for code in code_cells(path):
        lines = [line for line in code.strip().splitlines() if line.strip() and not line.lstrip().startswith("#")]
        if not lines or "QuizWidget" in code:
            continue
        shown = lines[-1].strip()
        for name in WIDGETS:
            if re.search(rf"\b{name}\b", shown) or (shown.isidentifier() and f"{shown} = {name}(" in code):
                shown_widgets.append(name)
                break
    # a second widget of the same kind is driven by a cell (the text's example), to look at, not to try
    shown_widgets = list(dict.fromkeys(shown_widgets))
    # the review's Learn from your mistakes, which the text asks the learner to try (lesson 05), is one more
    if any("click **Learn from your mistakes**" in source(c) for c in cells(path) if c["cell_type"] == "markdown"):
        shown_widgets.append("Learn from your mistakes")
    return shown_widgets


def quizzes(path: Path) -> int:
    return sum("QuizWidget(" in code or "lesson_quiz(" in code for code in code_cells(path))


def run_seconds(path: Path) -> float:
    """Run the lesson top to bottom in a fresh kernel (from the notebooks' folder, as Run All does)."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(notebook, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(NOTEBOOKS)}})
    started = time.perf_counter()
    client.execute()
    return time.perf_counter() - started


def rubber_minutes(seed: int, *, call: float, card: float, review: float) -> tuple[int, float]:
    """A rubber at the table (seed ``seed``, the learner South played by the hint): its deals and its minutes at
    the default pace with the learner's thinking time."""
    session = TableSession(seed=seed, autosave=False)
    pause = pause_of("normal")  # between computer cards; halved in the auction (Controller.pause)
    seconds = 0.0
    deals = 1
    while not session.history:  # the table starts the next rubber when one is over
        deal = session.deal
        if deal.is_finished:
            seconds += review
            session.next_deal()
            if not session.history:
                deals += 1
            continue
        if session.human_to_act():
            action = session.hint().action
            session.act(action)
            seconds += call if isinstance(action, Call) else card
        else:
            auction = deal.phase is Phase.AUCTION
            session.bot_step()
            seconds += pause / 2 if auction else pause
    return deals, seconds / 60


def ceil5(minutes: float) -> int:
    return max(5, 5 * math.ceil(minutes / 5))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-run", action="store_true", help="do not run the lessons (no kernel)")
    parser.add_argument("--wpm", type=float, default=150.0, help="reading pace, words a minute")
    parser.add_argument("--cell", type=float, default=15.0, help="seconds to look at each code cell and its output")
    parser.add_argument("--try", dest="try_", type=float, default=120.0, help="seconds with each widget to try")
    parser.add_argument("--questions", type=int, default=5, help="quiz questions a learner answers")
    parser.add_argument("--question", type=float, default=40.0, help="seconds a quiz question takes")
    parser.add_argument("--rubbers", type=int, default=10, help="rubbers played for lesson 11 (seeds from 2026)")
    parser.add_argument("--call", type=float, default=10.0, help="the learner's seconds for a call")
    parser.add_argument("--card", type=float, default=8.0, help="the learner's seconds for a card")
    parser.add_argument("--review", type=float, default=45.0, help="seconds looking at a deal's review")
    args = parser.parse_args()

    rubbers = [rubber_minutes(2026 + k, call=args.call, card=args.card, review=args.review)
               for k in range(args.rubbers)]
    deals = [d for d, _ in rubbers]
    minutes = sorted(m for _, m in rubbers)
    seconds_a_deal = sum(m for _, m in rubbers) * 60 / sum(deals)
    print(f"reading {args.wpm:.0f} words/min, {args.cell:.0f} s a code cell, {args.try_:.0f} s a widget to try, "
          f"quiz {args.questions} × {args.question:.0f} s")
    print(f"{'lesson':30} {'run s':>6} {'words':>6} {'read':>5} {'cells':>5} {'tries':>5} {'quiz':>4} "
          f"{'total':>6} {'stated':>6}")
    for path in sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb")):
        run = 0.0 if args.no_run else run_seconds(path)
        n_words, n_cells, shown, n_quiz = words(path), len(code_cells(path)), tries(path), quizzes(path)
        n_tries = len(shown)
        # a widget that plays a whole deal against the computer players takes a deal's time at the table
        playing = sum(seconds_a_deal if name == "OneDeal" else 0 if name == "Table" else args.try_ for name in shown)
        total = (run + n_words / args.wpm * 60 + n_cells * args.cell + playing
                 + n_quiz * args.questions * args.question) / 60
        extra = ""
        if "Table" in shown:  # the table: a rubber played (lesson 11 asks for one)
            total += statistics.median(minutes)
            extra = (f"  + a rubber ({seconds_a_deal / 60:.1f} min a deal): {statistics.median(deals):.0f} deals "
                     f"(from {min(deals)} to {max(deals)}), "
                     f"{statistics.median(minutes):.0f} min ({minutes[0]:.0f}–{minutes[-1]:.0f})")
        print(f"{path.stem:30} {run:6.1f} {n_words:6d} {n_words / args.wpm:5.1f} {n_cells:5d} {n_tries:5d} "
              f"{n_quiz:4d} {total:6.1f} {ceil5(total):4d} min{extra}")


if __name__ == "__main__":
    main()
