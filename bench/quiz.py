"""Figures for the quizzes (printed, never asserted), each measured as its goal is stated.

* items generated per second (wall clock, and per CPU second: steadier on a busy machine), per
  question type: ``make_item`` (the engine's answer, the
  misconceptions' distractors, the explanation), and the same plus ``to_json("en")`` (the JSON
  form with the prompt's HTML, the labels, every feedback put into words) — goal ≥ 1,000 a second;
* the share of items per type whose distractors all carry a named misconception (and the share with
  at least one);
* check → feedback shown in the browser (goal p95 ≤ 100 ms): Voilà serving the practice page, Debian's
  Chromium clicking a choice and "Check", timed inside the page from the click (``performance.now()``
  in a capture listener) to the first change of the page that shows the feedback (a
  ``MutationObserver`` seeing ``.vint-quiz-right`` or ``.vint-quiz-wrong``): p50, p95.

Run: ``.venv/bin/python bench/quiz.py [--seconds 1] [--items 2000] [--checks 40] [--no-browser]``
The machine's load average is printed first and last: quote it with the figures.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from vint_core.quiz import TYPES, item_from_id, make_item

TIMER_JS = """() => {
  if (window.__quiz) return;
  const q = window.__quiz = {times: [], start: null};
  document.addEventListener('click', ev => {
    if (ev.target.closest('button.vint-quiz-check')) q.start = performance.now();
  }, true);
  new MutationObserver(() => {
    if (q.start !== null && document.querySelector('.vint-quiz-right, .vint-quiz-wrong')) {
      q.times.push(performance.now() - q.start); q.start = null;
    }
  }).observe(document.body, {childList: true, subtree: true, characterData: true});
}"""


def rates(seconds: float) -> None:
    print(f"{'type':<16} {'items/s':>9} {'per CPU s':>10} {'+to_json/s':>11} {'per CPU s':>10}")
    for name in TYPES:
        row = []
        for with_dict in (False, True):
            n, start, cpu = 0, time.perf_counter(), time.process_time()
            while time.perf_counter() - start < seconds:
                item = make_item(name, seed=1, index=n)
                if with_dict:
                    item.to_json("en")
                n += 1
            row += [n / (time.perf_counter() - start), n / max(1e-9, time.process_time() - cpu)]
        print(f"{name:<16} {row[0]:>9.0f} {row[1]:>10.0f} {row[2]:>11.0f} {row[3]:>10.0f}")


def misconception_shares(count: int) -> None:
    print(f"\n{'type':<16} {'all named':>10} {'some named':>11} {'distractors':>12}  (over {count} items)")
    for name in TYPES:
        all_named = some = total = 0
        for i in range(count):
            distractors = [c for c in make_item(name, seed=7, index=i).choices if not c.correct]
            total += len(distractors)
            named = [c for c in distractors if c.misconception]
            all_named += bool(distractors) and len(named) == len(distractors)
            some += bool(named)
        print(f"{name:<16} {all_named / count:>10.0%} {some / count:>11.0%} {total / count:>12.2f}")


def browser(checks: int) -> None:
    import browser_support as bs

    bs.require_tools()
    with tempfile.TemporaryDirectory() as tmp:
        data_dir = Path(tmp)
        from vint_core.app.quiz_page import notebook_path

        with bs.voila_server(data_dir=data_dir, env={"VINT_LANG": "en"}, name="bench-quiz", extra=(),
                             notebook=notebook_path()) as server, bs.chromium() as chrome:
            page = chrome.new_page(viewport={"width": 1280, "height": 900})
            started = time.monotonic()
            page.goto(server.url)
            page.wait_for_selector("button.vint-quiz-choice, .vint-quiz-ns, .vint-quiz-number, .vint-quiz-cardpick",
                                   timeout=90_000)
            print(f"\npage load to the first question: {time.monotonic() - started:.2f} s")
            page.evaluate(TIMER_JS)
            done = 0
            while done < checks:
                ident = str(page.locator(".vint-quiz-current").first.get_attribute("data-item"))
                item = item_from_id(ident)
                choice: Any = item.choices[done % len(item.choices)]
                if item.kind == "choice":
                    buttons = page.locator("button.vint-quiz-choice")
                    wanted = sorted(item.label(c) for c in item.choices)
                    bs.wait_for(lambda b=buttons, w=wanted: sorted(t.strip() for t in b.all_inner_texts()) == w)
                    labels = [t.strip() for t in buttons.all_inner_texts()]
                    buttons.nth(labels.index(item.label(choice))).click()
                elif item.kind == "per_side":
                    bs.wait_for(lambda: page.locator(".vint-quiz-ns input").count() == 1
                                and page.locator(".vint-quiz-ns input").input_value() == "")
                    page.locator(".vint-quiz-ns input").fill(str(choice.value["NS"]))
                    page.locator(".vint-quiz-ew input").fill(str(choice.value["EW"]))
                elif item.kind == "number":
                    bs.wait_for(lambda: page.locator(".vint-quiz-number input").count() == 1
                                and page.locator(".vint-quiz-number input").input_value() == "")
                    page.locator(".vint-quiz-number input").fill(str(choice.value))
                else:
                    size = len(item.data["hand"].replace(".", ""))
                    bs.wait_for(lambda size=size: page.locator("button.vint-quiz-cardpick:enabled").count() == size)
                    for pbn in choice.value:
                        page.locator("button.vint-quiz-cardpick").nth(_card_index(item.data["hand"], pbn)).click()
                time.sleep(0.15)  # let the answer reach the kernel, as a learner's pause would
                page.locator("button.vint-quiz-check").click()
                page.wait_for_selector(".vint-quiz-right, .vint-quiz-wrong", timeout=30_000)
                done += 1
                page.locator("button.vint-quiz-next").click()
                bs.wait_for(lambda ident=ident: page.locator(".vint-quiz-current").first.get_attribute("data-item")
                            != ident)
            times = page.evaluate("window.__quiz.times")
            times.sort()
            p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
            print(f"check -> feedback shown: n={len(times)}  p50 {statistics.median(times):.0f} ms  "
                  f"p95 {p95:.0f} ms  max {times[-1]:.0f} ms")


def _card_index(hand: str, pbn: str) -> int:
    from vint_core.cards import Card, Hand
    from vint_core.render import HAND_SUIT_ORDER

    cards = Hand.parse(hand, complete=False)
    # the quiz's card buttons run in the order of the hand drawn above them: ♠ ♥ ♣ ♦
    return [card for suit in HAND_SUIT_ORDER for card in cards.suit(suit)].index(Card.parse(pbn))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds per type and measure (default 1)")
    parser.add_argument("--items", type=int, default=2000, help="items per type for the shares (default 2000)")
    parser.add_argument("--checks", type=int, default=40, help="checks clicked in the browser (default 40)")
    parser.add_argument("--no-browser", action="store_true", help="skip the browser measure")
    args = parser.parse_args()
    print(f"load average: {os.getloadavg()}")
    rates(args.seconds)
    misconception_shares(args.items)
    if not args.no_browser:
        browser(args.checks)
    print(f"load average: {os.getloadavg()}")


if __name__ == "__main__":
    main()
