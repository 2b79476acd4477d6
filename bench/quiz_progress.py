"""Figures for the learner's quiz progress file (printed, never asserted): its size, and the time to open
it and to answer once, after many answers.

A progress is given ``--answers`` answers (default 200,000: a class's worth of practice on one file)
through :meth:`Progress.answer`, drawn from a pool of real questions, a third of them wrong, without
saving between them; then it is saved to a temporary folder and the script prints:

* the file's size and the number of answers it holds;
* ``Progress.open`` and ``QuizWidget.open`` on it (wall clock; the best of ``--repeat``);
* one answer checked in the widget, which saves the file (what every click on "Check" costs).

Run: ``.venv/bin/python bench/quiz_progress.py [--answers 200000] [--repeat 3]``
The machine's load average is printed first and last: quote it with the figures.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from vint_core.quiz import generate
from vint_core.quiz.progress import Progress


def best(repeat: int, action: object) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()  # type: ignore[operator]
        times.append(time.perf_counter() - started)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--answers", type=int, default=200_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"load average: {os.getloadavg()[0]:.1f}")
    import ipywidgets as widgets

    from vint_core.widgets.quiz import QuizWidget

    pool = generate("all", seed=1, count=200)
    progress = Progress(learner="Anna", seed=1)
    started = time.perf_counter()
    for n in range(args.answers):
        item = pool[n % len(pool)]
        wrong = next((c.value for c in item.choices if not c.correct), None)
        progress.answer(item, wrong if n % 3 == 0 and wrong is not None else item.answer)
    print(f"{args.answers} answers recorded in memory in {time.perf_counter() - started:.1f} s")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "quiz.json"
        progress.path = path
        save = best(args.repeat, progress.save)
        opened = Progress.open(path)
        scored = sum(total for _, total in opened.score_by_topic().values())
        print(f"file: {path.stat().st_size / 1e6:.2f} MB, {len(opened.attempts)} answers kept, "
              f"score over {scored} answers; one save {save * 1000:.0f} ms")
        print(f"Progress.open: {best(args.repeat, lambda: Progress.open(path)) * 1000:.0f} ms")

        def open_widget() -> None:
            widgets.Widget.close_all()
            QuizWidget.open(path)

        print(f"QuizWidget.open: {best(args.repeat, open_widget) * 1000:.0f} ms")
        widgets.Widget.close_all()
        quiz = QuizWidget.open(path)

        def answer() -> None:
            quiz.next()
            quiz.answer_with(quiz.item.answer)
            quiz.check()

        print(f"one answer checked and saved: {best(args.repeat, answer) * 1000:.0f} ms")
    print(f"load average: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
