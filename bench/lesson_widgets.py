"""A click on a lesson widget to its feedback: milliseconds per click, p50 and p95, in the kernel or in a browser.

    .venv/bin/python bench/lesson_widgets.py --rounds 30
    .venv/bin/python bench/lesson_widgets.py --browser --rounds 30

Each round builds the four lesson widgets afresh and clicks through them as a learner would:
TrickPractice (an illegal card, then a legal one: the computer players finish the trick), BiddingPractice
(an illegal call explained, a legal one made), AuctionPractice (a bid, then passes to the end of the
auction: the computer players answer each), OneDeal (a whole deal by clicks, then its review) and lesson 09's
ContractExplorer (seven cells of the grid clicked, each explained; the honours box and the declarer changed,
which redraw the grid; a seed not saved, analysed by the solver when endplay is installed). The time
is the click handler's (``Button.click()``: the practice, the controller, the drawing into the widgets'
state), not the browser's; the page adds the messages' round trip.

With ``--browser`` a notebook of the widgets (written to ``test-artifacts/``) is served by Voilà and
opened in Debian's Chromium (``tests/browser_support.py``); the time runs in the page, from the button's
click to the frame that shows the new feedback line: an illegal call in BiddingPractice, a card in
TrickPractice (the computer players finish the trick, its winner is explained; then "Start again"), and a cell
of ContractExplorer's grid (its contract explained).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import ipywidgets as widgets  # type: ignore[import-untyped]

from vint_core import PASS, Bid, Call, Card, Seat, Strain
from vint_core.analysis import SavedTables, available
from vint_core.widgets import AuctionPractice, BiddingPractice, ContractExplorer, OneDeal, TrickPractice

SAVED_FILE = Path(__file__).resolve().parent.parent / "notebooks" / "data" / "09-double-dummy.json"
SAVED = SavedTables.load(SAVED_FILE)


def timed(samples: dict[str, list[float]], name: str, click: Callable[[], None]) -> None:
    started = time.perf_counter()
    click()
    samples.setdefault(name, []).append((time.perf_counter() - started) * 1000)


def one_round(samples: dict[str, list[float]], seed: int) -> None:
    widgets.Widget.close_all()
    trick = TrickPractice.position(hand="AK2.Q32.QJ987.32", led=["A♥"], trump="♠", seed=seed)
    timed(samples, "TrickPractice", trick.hand.button(Card.parse("A♠")).click)  # illegal: explained
    timed(samples, "TrickPractice", trick.hand.button(Card.parse("2♥")).click)
    box = BiddingPractice(calls=["2♣"])
    timed(samples, "BiddingPractice", box.box.button(Call.parse("2♠")).click)
    timed(samples, "BiddingPractice", box.box.button(Call.parse("2♦")).click)
    auction = AuctionPractice(seed=seed)
    first = [c for c in auction.drill.table.controls().calls if isinstance(c, Bid)]
    if first:
        timed(samples, "AuctionPractice", auction.box.button(first[0]).click)
    while not auction.drill.finished and auction.drill.table.session.human_to_act():
        timed(samples, "AuctionPractice", auction.box.button(PASS).click)
    deal = OneDeal(seed=seed)
    while not deal.session.deal.is_finished:
        controls = deal.flow.controls()
        if controls.calls:
            timed(samples, "OneDeal", deal.box.button(PASS).click)
        elif controls.cards:
            timed(samples, "OneDeal", deal.hand.button(controls.cards[0]).click)
        else:
            break
    explorer = ContractExplorer(seed=1 + (seed - 1) % 20, saved=SAVED)
    for level, strain in zip(range(1, 8), [*Strain, Strain.HEARTS, Strain.SPADES], strict=True):
        timed(samples, "ContractExplorer (a cell)", explorer.cell(level, strain).click)
    timed(samples, "ContractExplorer (honours, declarer: the grid)",
          lambda: setattr(explorer.honours, "value", False))
    timed(samples, "ContractExplorer (honours, declarer: the grid)",
          lambda: setattr(explorer.declarer, "value", Seat.EAST))
    if available():
        timed(samples, "ContractExplorer (a new seed, solved)", lambda: setattr(explorer.seed, "value", 1000 + seed))


#: in the page: click the button labelled ``label`` in the widget ``root``; milliseconds until a feedback line is added
_CLICK_JS = """async ([root, label]) => {
  const widget = document.querySelector(root);
  const count = () => widget.querySelectorAll('.vint-feedback li').length;
  const before = count();
  const button = [...widget.querySelectorAll('button')].find(b => b.textContent.trim() === label);
  const t0 = performance.now();
  button.click();
  while (count() <= before) { await new Promise(r => requestAnimationFrame(r)); }
  return performance.now() - t0;
}"""

#: in the page: click the contract explorer's grid cell number ``index``; milliseconds until its sentence is shown
_CELL_JS = """async ([index]) => {
  const feedback = () => document.querySelector('.vint-lesson-contracts .vint-feedback').textContent;
  const before = feedback();
  const t0 = performance.now();
  document.querySelectorAll('.vint-lesson-contracts .vint-dd-cell')[index].click();
  while (feedback() === before) { await new Promise(r => requestAnimationFrame(r)); }
  return performance.now() - t0;
}"""

_CELLS = ["from vint_core.widgets import TrickPractice, BiddingPractice, ContractExplorer",
          'TrickPractice.position(hand="AK2..QJ98765.432", led=["A♥", "K♥"], trump="♠", seed=1)',
          'BiddingPractice(calls=["2♣"])',
          f"ContractExplorer(seed=4, saved={str(SAVED_FILE)!r})"]


def in_browser(samples: dict[str, list[float]], rounds: int) -> None:
    import nbformat

    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root / "tests"))
    import browser_support as bs

    bs.require_tools()
    notebook = bs.ARTIFACTS / "bench-lessons.ipynb"
    bs.ARTIFACTS.mkdir(exist_ok=True)
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(cell) for cell in _CELLS]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, str(notebook))
    data = bs.clean_dir(bs.ARTIFACTS / "bench-lessons-data")
    with bs.voila_server(data_dir=data, env={"PYTHONPATH": str(root)}, name="bench-lessons", preheat=False,
                         notebook=notebook) as server, bs.chromium() as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 1600})
        page.goto(server.url, timeout=120_000)
        bs.wait_for(lambda: page.locator(".vint-lesson-contracts .vint-dd-cell").count() == 35, seconds=120)
        for k in range(rounds):
            samples.setdefault("ContractExplorer (browser)", []).append(  # two cells in turn: each is news
                page.evaluate(_CELL_JS, [(5 * k + 1) % 34]))
            samples.setdefault("BiddingPractice (browser)", []).append(
                page.evaluate(_CLICK_JS, [".vint-lesson-bidding", "2♠"]))
            samples.setdefault("TrickPractice (browser)", []).append(
                page.evaluate(_CLICK_JS, [".vint-lesson-trick", "Q♦"]))
            page.locator(".vint-lesson-trick .vint-again").click()
            bs.wait_for(lambda: page.locator(".vint-lesson-trick .vint-feedback li").count() == 1, seconds=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--browser", action="store_true", help="click in Chromium, through Voilà")
    args = parser.parse_args()
    samples: dict[str, list[float]] = {}
    if args.browser:
        in_browser(samples, args.rounds)
    else:
        for k in range(args.rounds):
            one_round(samples, args.seed + k)
    for name, times in samples.items():
        times.sort()
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(f"{name}: {len(times)} clicks, p50 {statistics.median(times):.1f} ms, p95 {p95:.1f} ms, "
              f"max {times[-1]:.1f} ms")


if __name__ == "__main__":
    main()
