"""A click on a course widget to its feedback: milliseconds per click, p50 and p95, in the kernel or in a browser.

    .venv/bin/python bench/lesson_widgets.py --rounds 30
    .venv/bin/python bench/lesson_widgets.py --jupyterlab --clicks 30
    .venv/bin/python bench/lesson_widgets.py --jupyterlab --source /tmp/old   # another checkout, to compare
    .venv/bin/python bench/lesson_widgets.py --browser --rounds 30            # two widgets in Voilà

Without a browser, each round builds every course widget afresh and clicks through it as a learner would
(the same clicks as in JupyterLab, below), through ``Button.click()`` or a control's new value: the time is the
click handler's (the practice, the controller, the drawing into the widgets' state), wall clock and CPU time, and
the comm messages the click sends to the page (how many, and their JSON bytes): the kernel's share of a click,
without the browser's.

With ``--jupyterlab`` JupyterLab serves a notebook with every course widget (written to ``test-artifacts/``),
opened in Debian's Chromium (``tests/browser_support.py``) and run top to bottom. The time runs in the page, from
the click, key press or choice (a capture listener's ``performance.now()``) to the frame that shows the click's
feedback (a ``MutationObserver`` sees the widget's feedback part change, then ``requestAnimationFrame``). Next to
it, the kernel's time for the same click (the widget's comm message handled, measured in the kernel by a hook
the notebook's first cell installs), and the messages the kernel sent for it: the page's share of a click is the
difference. The clicks, at least ``--clicks`` per widget:

* TrickPractice (lesson 02's void): Q♦ (the computer players finish the trick, its winner explained), then
  *Start again*;
* BiddingPractice (lesson 03): 2♠ after 2♣ (illegal, explained), then *Start again*;
* AuctionPractice (lesson 04): *Pass* until the auction ends, in as many auctions (seeds 7, 8, …) as it takes;
* OneDeal (lesson 05): the first legal call or card, until the deal is over, then *Next deal*;
* ScoreCalculator (lesson 06): the level, 4 and 5 in turn;
* HonoursExplorer (lesson 07): the strain, ♥ and NT in turn;
* RubberRace (lesson 08): *Next deal* to the end of the rubber, then *Start again*;
* QuizWidget (lesson 00's): the first answer, *Check*, *Next question*;
* Table (lesson 11's, its pace): the first legal call or card once the computer players have answered, *Next deal*
  (the feedback: the learner's own card on the table, call in the auction, or the new deal's number);
* lesson 00's deal control (the lesson's own cell): the next seed (the deal drawn); without a browser also lesson
  01's: another dealer, the next seed; and lesson 01's QuizWidget (topic table);
* ContractExplorer (lesson 09, the saved analysis): a cell of the grid, another each time (its contract
  explained); without a browser also the honours box and the declarer (the grid redrawn) and, with
  endplay installed, a seed not saved (solved).

With ``--browser`` three widgets are served by Voilà (BiddingPractice, TrickPractice, ContractExplorer)
and timed the same way in the page.

It prints the load average first and last: quote it with the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

ROOT = Path(__file__).resolve().parent.parent
SAVED_FILE = ROOT / "notebooks" / "data" / "09-double-dummy.json"


# -- in the kernel -----------------------------------------------------------------------------------------------

@dataclass
class Click:
    """One click: wall and CPU milliseconds, and the messages it sent to the page (count, JSON bytes)."""

    ms: float
    cpu: float
    messages: int
    size: int


def timed(samples: dict[str, list[Click]], name: str, click: Callable[[], object], sent: Any) -> None:
    sent.clear()
    wall, cpu = time.perf_counter(), time.process_time()
    click()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    samples.setdefault(name, []).append(Click(wall * 1000, cpu * 1000, len(sent), sent.size))


def one_round(samples: dict[str, list[Click]], seed: int, sent: Any) -> None:
    """Every course widget built afresh and clicked through, as in the JupyterLab notebook."""
    from vint_core import PASS, Call, Card
    from vint_core.quiz.progress import Progress
    from vint_core.table.session import TableSession
    from vint_core.widgets import AuctionPractice, BiddingPractice, OneDeal, Table, TrickPractice
    from vint_core.widgets.explorers import HonoursExplorer, RubberRace, ScoreCalculator
    from vint_core.widgets.quiz import QuizWidget

    widgets.Widget.close_all()
    trick = TrickPractice.position(hand="AK2..QJ98765.432", led=["A♥", "K♥"], trump="♠", seed=1)
    timed(samples, "TrickPractice", trick.hand.button(Card.parse("Q♦")).click, sent)
    timed(samples, "TrickPractice", trick.again.click, sent)
    box = BiddingPractice(calls=["2♣"])
    timed(samples, "BiddingPractice", box.box.button(Call.parse("2♠")).click, sent)
    timed(samples, "BiddingPractice", box.again.click, sent)
    auction = AuctionPractice(seed=7 + seed)
    while not auction.drill.finished and auction.drill.table.session.human_to_act():
        timed(samples, "AuctionPractice", auction.box.button(PASS).click, sent)
    deal = OneDeal(seed=3 + seed)
    while not deal.session.deal.is_finished:
        controls = deal.controller.controls()
        button = deal.box.button(PASS) if controls.calls else deal.hand.button(controls.cards[0])
        timed(samples, "OneDeal", button.click, sent)
    timed(samples, "OneDeal", deal.next_button.click, sent)
    calculator = ScoreCalculator(contract="4♥ N", tricks=9)
    for level in (5, 4):
        timed(samples, "ScoreCalculator", lambda level=level: setattr(calculator.level, "value", level), sent)
    explorer = HonoursExplorer(seed=7, strain="♥")
    for strain in ("NT", "♥"):
        timed(samples, "HonoursExplorer", lambda strain=strain: explorer.set(strain=strain), sent)
    race = RubberRace(seed=8)
    while not race.next_button.disabled:
        timed(samples, "RubberRace", race.next_button.click, sent)
    timed(samples, "RubberRace", race.again_button.click, sent)
    quiz = QuizWidget(Progress(seed=seed), rules="seed")
    if quiz.item.kind == "choice":
        timed(samples, "QuizWidget", quiz.choice_buttons[0].click, sent)
    timed(samples, "QuizWidget", quiz.check_button.click, sent)
    timed(samples, "QuizWidget", quiz.next_button.click, sent)
    table_quiz = QuizWidget(Progress(seed=seed), topics=["table"], rules="seed")  # lesson 01's
    timed(samples, "QuizWidget (lesson 01)", table_quiz.choice_buttons[0].click, sent)
    timed(samples, "QuizWidget (lesson 01)", table_quiz.check_button.click, sent)
    timed(samples, "QuizWidget (lesson 01)", table_quiz.next_button.click, sent)
    table = Table(TableSession(seed=2026 + seed, autosave=False), pace="none")
    for _ in range(8):
        controls = table.controller.controls()
        if controls.calls:
            timed(samples, "Table", table.bidding.button(PASS).click, sent)
        elif controls.cards:
            timed(samples, "Table", table.hand.button(controls.cards[0]).click, sent)
    deals = _deal_control()
    if deals is not None:
        timed(samples, "lesson 00 deal control", deals.next_button.click, sent)
        timed(samples, "lesson 00 deal control", deals.previous_button.click, sent)
    from vint_core import Seat, Strain
    from vint_core.analysis import SavedTables, available
    from vint_core.widgets import ContractExplorer

    dealers = _deal_control(seed=7, dealer=Seat.SOUTH, choose_dealer=True)  # lesson 01's: the dealer box too
    if dealers is not None:
        for dealer in (Seat.WEST, Seat.SOUTH):
            timed(samples, "lesson 01 deal control", lambda dealer=dealer: dealers.deal_by(dealer), sent)
        timed(samples, "lesson 01 deal control", dealers.next_button.click, sent)
    explorer = ContractExplorer(seed=1 + seed % 20, saved=SavedTables.load(SAVED_FILE))
    for level, strain in zip(range(1, 8), [*Strain, Strain.HEARTS, Strain.SPADES], strict=True):
        timed(samples, "ContractExplorer (a cell)", explorer.cell(level, strain).click, sent)
    timed(samples, "ContractExplorer (the grid)", lambda: setattr(explorer.honours, "value", False), sent)
    timed(samples, "ContractExplorer (the grid)", lambda: setattr(explorer.declarer, "value", Seat.EAST), sent)
    if available():
        timed(samples, "ContractExplorer (a new seed, solved)", lambda: setattr(explorer.seed, "value", 1000 + seed),
              sent)


def _deal_control(**options: Any) -> Any:
    """Lesson 00's deal control (with ``options``, lesson 01's), if this checkout has it (before it, the lessons
    used ``interact``)."""
    try:
        from vint_core.widgets import DealViewer

        return DealViewer(**{"seed": 2026, **options})
    except (ImportError, TypeError):
        return None


def in_kernel(rounds: int) -> dict[str, list[Click]]:
    sys.path.insert(0, str(ROOT / "tests"))
    from widget_messages import sent_messages

    samples: dict[str, list[Click]] = {}
    with sent_messages() as sent:
        for k in range(rounds):
            one_round(samples, k, sent)
    return samples


# -- in JupyterLab -----------------------------------------------------------------------------------------------

#: the notebook's first cell: times every widget message the kernel handles (a click, a new value), with the
#: messages it sends back, one JSON line per message into the file {log!r}
_HOOK = '''import json as _json, time as _time
import ipywidgets as _w
_vint_log, _vint_sent = open({log!r}, "a", encoding="utf-8"), []
_vint_handle, _vint_send = _w.Widget._handle_msg, _w.Widget._send
def _vint_sending(self, msg, buffers=None):
    _vint_sent.append(msg)
    _vint_send(self, msg, buffers)
def _vint_handling(self, msg):
    _vint_sent.clear()
    wall, cpu = _time.perf_counter(), _time.process_time()
    try:
        return _vint_handle(self, msg)
    finally:
        wall, cpu = _time.perf_counter() - wall, _time.process_time() - cpu
        size = sum(len(_json.dumps(m, default=str)) for m in _vint_sent)
        _vint_log.write(_json.dumps({{"ms": wall * 1000, "cpu": cpu * 1000, "messages": len(_vint_sent),
                                      "size": size}}) + "\\n")
        _vint_log.flush()
_w.Widget._handle_msg, _w.Widget._send = _vint_handling, _vint_sending'''

#: the widgets, one cell each: (name, the cell's code, the CSS selector of its root in the page)
_WIDGETS = [
    ("round trip", "import ipywidgets\n_out = ipywidgets.HTML('0')\n_button = ipywidgets.Button(description='+1')\n"
                   "_button.on_click(lambda _b: setattr(_out, 'value', str(int(_out.value) + 1)))\n"
                   "_box = ipywidgets.HBox([_button, _out])\n_box.add_class('vint-round-trip')\n_box",
     ".vint-round-trip"),
    ("TrickPractice", 'from vint_core.widgets import TrickPractice\n'
                      'TrickPractice.position(hand="AK2..QJ98765.432", led=["A♥", "K♥"], trump="♠", seed=1)',
     ".vint-lesson-trick"),
    ("BiddingPractice", 'from vint_core.widgets import BiddingPractice\nBiddingPractice(calls=["2♣"])',
     ".vint-lesson-bidding"),
    ("AuctionPractice", "import ipywidgets\nfrom vint_core.widgets import AuctionPractice\n"
                        "ipywidgets.VBox([AuctionPractice(seed=7 + k).widget for k in range({auctions})])",
     ".vint-lesson-auction"),
    ("OneDeal", "from vint_core.widgets import OneDeal\nOneDeal(seed=3)", ".vint-lesson-deal"),
    ("ScoreCalculator", 'from vint_core.widgets.explorers import ScoreCalculator\n'
                        'ScoreCalculator(contract="4♥ N", tricks=9)', ".vint-lesson-score"),
    ("HonoursExplorer", 'from vint_core.widgets.explorers import HonoursExplorer\n'
                        'HonoursExplorer(seed=7, strain="♥")', ".vint-lesson-honours"),
    ("RubberRace", "from vint_core.widgets.explorers import RubberRace\nRubberRace(seed=8)", ".vint-lesson-race"),
    ("ContractExplorer", "try:\n    from vint_core.widgets import ContractExplorer\nexcept ImportError:  # a checkout "
                         "before lesson 09's explorer\n    ContractExplorer = None\n"
                         "ContractExplorer and ContractExplorer(seed=4, saved={saved!r})", ".vint-lesson-contracts"),
    ("QuizWidget", 'from vint_core.quiz.progress import Progress\nfrom vint_core.widgets.quiz import QuizWidget\n'
                   'QuizWidget(Progress(seed=0), topics=["overbidding", "auction"], rules="seed")', ".vint-quiz"),
    ("Table", "from vint_core.table.session import TableSession\nfrom vint_core.widgets import Table\n"
              "Table(TableSession(seed=2026, autosave=False))", ".vint-table:not(.vint-lesson)"),
]

#: the lesson 00 cell that draws the deal control: the first code cell after the heading "Try it"
_LESSON_00 = "00-welcome.ipynb"

#: in the page: arm the timer on the widget ``root``: the next click, key press or choice starts it; the first
#: frame after ``watch`` (inside the root) has changed, and holds ``need`` if given, stops it
_ARM_JS = """([root, watch, need]) => {
  const box = document.querySelector(root);
  if (!box) throw new Error('no widget ' + root);
  const seen = () => [...box.querySelectorAll(watch)].map(e => e.innerHTML).join('\\u0001');
  const before = seen();
  const rec = window.__vintClick = {t0: null};
  const start = () => { if (rec.t0 === null) rec.t0 = performance.now(); };
  const types = ['click', 'keydown', 'change'];
  for (const t of types) document.addEventListener(t, start, true);
  rec.done = new Promise(resolve => {
    const observer = new MutationObserver(() => {
      if (rec.t0 === null || seen() === before || (need && !box.querySelector(need))) return;
      observer.disconnect();
      for (const t of types) document.removeEventListener(t, start, true);
      requestAnimationFrame(() => resolve(performance.now() - rec.t0));
    });
    observer.observe(box, {subtree: true, childList: true, characterData: true, attributes: true});
    setTimeout(() => { observer.disconnect(); resolve(null); }, 60000);
  });
}"""
_DONE_JS = "() => window.__vintClick.done"
#: in the page: click the first button inside ``root`` matching ``selector`` (or whose label is ``label``)
_CLICK_JS = """([root, selector, label]) => {
  const buttons = [...document.querySelector(root).querySelectorAll(selector)]
    .filter(b => !b.disabled && b.offsetParent !== null && (!label || b.textContent.trim() === label));
  if (!buttons.length) return false;
  buttons[0].click();
  return true;
}"""
#: in the page: choose ``value`` in the ``index``-th drop-down inside ``root`` (as a learner's choice does)
_CHOOSE_JS = """([root, index, label]) => {
  const select = document.querySelector(root).querySelectorAll('select')[index];
  const option = [...select.options].find(o => o.textContent.trim() === label);
  select.value = option.value;
  select.dispatchEvent(new Event('change', {bubbles: true}));
}"""
#: in the page: is a control of ``selector`` inside ``root`` ready to be clicked?
_READY_JS = """([root, selector]) => [...document.querySelector(root).querySelectorAll(selector)]
  .some(b => !b.disabled && b.offsetParent !== null)"""


class NotReady(AssertionError):
    """The control to click is not there (or not enabled) now."""


class Lab:
    """The open notebook in Chromium and the kernel's log of handled messages: one click measured at a time."""

    def __init__(self, page: Any, log: Path) -> None:
        self.page = page
        self.log = log
        self.page_ms: dict[str, list[float]] = {}
        self.kernel: dict[str, list[Click]] = {}

    def _records(self) -> list[dict[str, float]]:
        return [json.loads(line) for line in self.log.read_text(encoding="utf-8").splitlines() if line.strip()]

    def click(self, name: str, root: str, watch: str, act: Callable[[], object], *, need: str = "") -> None:
        """Arm the page's timer, act (a click, a key, a choice), wait for the feedback's frame; note both times."""
        import browser_support as bs

        handled = len(self._records())
        self.page.evaluate(_ARM_JS, [root, watch, need])
        act()
        ms = self.page.evaluate(_DONE_JS)
        if ms is None:
            raise AssertionError(f"{name}: no feedback within 60 s")
        self.page_ms.setdefault(name, []).append(ms)
        bs.wait_for(lambda: len(self._records()) > handled, seconds=30, interval=0.01)
        time.sleep(0.05)  # a click may be handled as more than one message (a value and its echo)
        records = self._records()[handled:]
        self.kernel.setdefault(name, []).append(Click(sum(r["ms"] for r in records), sum(r["cpu"] for r in records),
                                                      int(sum(r["messages"] for r in records)),
                                                      int(sum(r["size"] for r in records))))

    def button(self, root: str, selector: str, label: str = "") -> Callable[[], object]:
        def act() -> None:
            if not self.page.evaluate(_CLICK_JS, [root, selector, label]):
                raise NotReady(f"no enabled {selector} {label} in {root}")
        return act

    def ready(self, root: str, selector: str) -> bool:
        return bool(self.page.evaluate(_READY_JS, [root, selector]))


def _lesson_00_cell(source: Path) -> str:
    import nbformat

    notebook = nbformat.read(str(source / "notebooks" / _LESSON_00), as_version=4)
    after = False
    for cell in notebook.cells:
        if cell.cell_type == "markdown" and cell.source.startswith("## Try it"):
            after = True
        elif after and cell.cell_type == "code":
            # what the lesson's cells above it define
            above = "from vint_core import Deal, Seat\ndeal = Deal.new(dealer=Seat.NORTH, seed=2026)\n"
            return above + str(cell.source)
    raise AssertionError(f"lesson 00 has no code cell after its heading “Try it”: {source}")


def _clicks(lab: Lab, clicks: int, only: set[str] | None) -> None:
    """Each widget clicked ``clicks`` times at least, as the module's docstring lists."""
    import browser_support as bs

    def enough(name: str) -> bool:
        return (only is not None and name not in only) or len(lab.page_ms.get(name, [])) >= clicks

    while not enough("round trip"):  # the floor: a plain button writing one HTML value
        lab.click("round trip", ".vint-round-trip", ".widget-html", lab.button(".vint-round-trip", "button"))
    feedback = ".vint-feedback-box"
    root = ".vint-lesson-trick"
    while not enough("TrickPractice"):
        lab.click("TrickPractice", root, feedback, lab.button(root, "button.vint-card", "Q♦"))
        lab.click("TrickPractice", root, feedback, lab.button(root, "button.vint-again"))
    root = ".vint-lesson-bidding"
    while not enough("BiddingPractice"):
        lab.click("BiddingPractice", root, feedback, lab.button(root, "button.vint-call", "2♠"))
        lab.click("BiddingPractice", root, feedback, lab.button(root, "button.vint-again"))
    # each auction its own root: the first one still running
    passes = ".vint-biddingbox:not(.vint-wait) button.vint-pass-button"
    if not enough("AuctionPractice"):  # drawn in the page: the learner (South, the dealer) to call first
        bs.wait_for(lambda: lab.ready(".vint-lesson-auction", passes), seconds=60)
    for k in range(1, 1000):
        root = f".vint-lesson-auction:nth-child({k} of .vint-lesson-auction)"
        if enough("AuctionPractice") or not lab.page.locator(root).count():
            break
        while lab.ready(root, passes):
            lab.click("AuctionPractice", root, feedback, lab.button(root, passes))
    root = ".vint-lesson-deal"
    playable = (".vint-biddingbox:not(.vint-wait) button.vint-pass-button, "
                ".vint-handrow:not(.vint-wait) button.vint-card")
    options = (playable, "button.vint-next-deal")
    while not enough("OneDeal"):  # the learner's call or card, or the next deal once this one is over
        control = bs.wait_for(lambda: next((c for c in options if lab.ready(root, c)), None), seconds=60,
                              interval=0.05)
        watch = ".vint-trickview, .vint-auctionview" if control == playable else ".vint-auctionview, .vint-handview"
        try:
            lab.click("OneDeal", root, watch, lab.button(root, control))
        except NotReady:  # the computer players moved in between: look again
            continue
    root = ".vint-lesson-score"
    while not enough("ScoreCalculator"):
        for level in ("5", "4"):
            lab.click("ScoreCalculator", root, ".vint-status-box",
                      lambda level=level: lab.page.evaluate(_CHOOSE_JS, [".vint-lesson-score", 0, level]))
    root = ".vint-lesson-honours"
    while not enough("HonoursExplorer"):
        for strain in ("NT", "♥"):
            lab.click("HonoursExplorer", root, ".vint-feedback-box",
                      lambda strain=strain: lab.page.evaluate(_CHOOSE_JS, [".vint-lesson-honours", 0, strain]))
    root = ".vint-lesson-race"
    while not enough("RubberRace"):
        if lab.ready(root, "button.vint-race-next"):
            lab.click("RubberRace", root, feedback, lab.button(root, "button.vint-race-next"))
        else:
            lab.click("RubberRace", root, feedback, lab.button(root, "button.vint-again"))
    root = ".vint-lesson-contracts"
    cell = f"{root} button.vint-dd-cell"
    k = 0
    while not enough("ContractExplorer") and lab.page.locator(root).count():  # a checkout without it: none
        k += 1
        lab.click("ContractExplorer", root, ".vint-feedback-box",
                  lambda k=k: lab.page.locator(cell).nth((5 * k + 1) % 34).click())
    root = ".vint-quiz"
    while not enough("QuizWidget"):
        if lab.ready(root, "button.vint-quiz-choice"):
            lab.click("QuizWidget", root, ".vint-quiz-choices", lab.button(root, "button.vint-quiz-choice"))
        lab.click("QuizWidget", root, ".vint-quiz-feedback", lab.button(root, "button.vint-quiz-check"))
        lab.click("QuizWidget", root, ".vint-quiz-question-box", lab.button(root, "button.vint-quiz-next"))
    # the table's feedback: the learner's card on the table, the call in the auction in the middle, the new deal's
    # number (not the status line, which the computer players' moves after their pauses change too)
    root = ".vint-table:not(.vint-lesson)"
    card = ".vint-handrow:not(.vint-wait) button.vint-card"
    call = ".vint-biddingbox:not(.vint-wait) button.vint-pass-button"
    choices = ((card, ".vint-trickview", "card"), (call, ".vint-centre .vint-auctionview", "call"),
               ("button.vint-next-deal", ".vint-subtitle", "next"))
    mark = lab.page.locator(f"{root} .vint-render").first

    def ready() -> tuple[str, str] | None:
        """The control to click once the drawing that offers it is whole (its status line, drawn last, says whose
        turn it is): the page then has the drawing's position too, and reports it before this click. A click in
        the moment between the control and the status line, which no learner can make, is refused as made on
        the drawing before."""
        turn = mark.get_attribute("data-turn") if mark.count() else None
        return next(((c[0], c[1]) for c in choices if c[2] == turn and lab.ready(root, c[0])), None)

    while not enough("Table"):
        control, watch = bs.wait_for(ready, seconds=120, interval=0.05)
        try:
            lab.click("Table", root, watch, lab.button(root, control))
        except NotReady:  # the computer players moved in between: look again
            continue
    root = ".vint-lesson-00"
    name = "lesson 00 deal control"
    while not enough(name):
        if lab.page.locator(f"{root} .widget-slider").count():  # the slider of ``interact``: a key press
            def step() -> None:
                lab.page.locator(".vint-lesson-00 .widget-slider .noUi-handle").first.focus()
                lab.page.keyboard.press("ArrowRight")
            lab.click(name, root, ".vint-deal", step, need=".vint-deal")
        else:
            lab.click(name, root, ".vint-deal", lab.button(root, "button.vint-deal-next"), need=".vint-deal")


def in_jupyterlab(clicks: int, source: Path, only: set[str] | None = None) -> Lab:
    """The notebook of every course widget in JupyterLab, each widget clicked; see the module's docstring."""
    import nbformat

    sys.path.insert(0, str(ROOT / "tests"))
    import browser_support as bs
    from test_course_browser import run_all_cells

    bs.require_tools()
    served = bs.clean_dir(bs.ARTIFACTS / "bench-lessons-lab")
    log = served / "kernel-clicks.jsonl"
    log.touch()
    nb = nbformat.v4.new_notebook()
    cells = [_HOOK.format(log=str(log))]
    cells += [code.replace("{auctions}", str(max(3, clicks // 3))).replace("{saved!r}", repr(str(SAVED_FILE)))
              for _, code, _ in _WIDGETS]
    cells.append(_lesson_00_cell(source))
    nb.cells = [nbformat.v4.new_code_cell(cell) for cell in cells]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, str(served / "widgets.ipynb"))
    env = {"PYTHONPATH": str(source)}
    with bs.jupyterlab_server(root=served, env=env, name="bench-lessons-lab") as server, bs.chromium() as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        page.goto(server.lab_url("widgets.ipynb"), timeout=120_000)
        run_all_cells(page, cells=len(cells))
        # the last cell's output is lesson 00's control: mark it, whatever it is made of
        page.evaluate("""() => { const cells = document.querySelectorAll('.jp-Notebook .jp-CodeCell');
          cells[cells.length - 1].querySelector('.jp-OutputArea').classList.add('vint-lesson-00'); }""")
        bs.wait_for(lambda: page.locator(".vint-lesson-00 .widget-html, .vint-lesson-00 .vint-deal").count() > 0,
                    seconds=60)
        lab = Lab(page, log)
        _clicks(lab, clicks, only)
        return lab


# -- printing ------------------------------------------------------------------------------------------------------

def quantiles(values: list[float]) -> tuple[float, float]:
    """p50 and p95 (the nearest rank at or above 95 %)."""
    ordered = sorted(values)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def kernel_columns(clicks: list[Click]) -> str:
    wall, cpu = quantiles([c.ms for c in clicks]), quantiles([c.cpu for c in clicks])
    return (f"kernel p50 {wall[0]:6.1f} p95 {wall[1]:6.1f} ms (CPU p50 {cpu[0]:5.1f} p95 {cpu[1]:5.1f}), "
            f"messages per click mean {statistics.mean(c.messages for c in clicks):5.1f} "
            f"max {max(c.messages for c in clicks):3d}, bytes mean {statistics.mean(c.size for c in clicks):7.0f}")


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30, help="rounds of clicks in the kernel (or in Voilà)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jupyterlab", action="store_true", help="click in Chromium, in JupyterLab")
    parser.add_argument("--clicks", type=int, default=30, help="clicks per widget in JupyterLab (at least)")
    parser.add_argument("--source", type=Path, default=ROOT,
                        help="the checkout whose vint_core and lesson 00 JupyterLab uses (default: this one)")
    parser.add_argument("--only", help="in JupyterLab, click only these widgets (names, comma-separated)")
    parser.add_argument("--each", action="store_true", help="in JupyterLab, print every click (ms, messages)")
    parser.add_argument("--browser", action="store_true", help="TrickPractice and BiddingPractice in Voilà")
    args = parser.parse_args()
    print(load(), flush=True)
    if args.jupyterlab:
        lab = in_jupyterlab(args.clicks, args.source.resolve(), set(args.only.split(",")) if args.only else None)
        for name, times in lab.page_ms.items():
            p50, p95 = quantiles(times)
            print(f"{name:24s} {len(times):3d} clicks: JupyterLab click→feedback p50 {p50:6.1f} p95 {p95:6.1f} ms; "
                  f"{kernel_columns(lab.kernel[name])}")
            if args.each:
                print("    " + ", ".join(f"{ms:.0f} ms/{k.messages} msg" for ms, k in zip(times, lab.kernel[name],
                                                                                     strict=True)))
    elif args.browser:
        samples: dict[str, list[float]] = {}
        in_browser(samples, args.rounds)
        for name, times in samples.items():
            p50, p95 = quantiles(times)
            print(f"{name}: {len(times)} clicks, p50 {p50:.1f} ms, p95 {p95:.1f} ms, max {max(times):.1f} ms")
    else:
        for name, clicks in in_kernel(args.rounds).items():
            print(f"{name:24s} {len(clicks):4d} clicks: {kernel_columns(clicks)}")
    print(load())


# -- in Voilà (the first measure of issue 9) -----------------------------------------------------------------------

#: in the page: click the button labelled ``label`` in the widget ``root``; milliseconds until a feedback line is added
_VOILA_CLICK_JS = """async ([root, label]) => {
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

_VOILA_CELLS = ["from vint_core.widgets import TrickPractice, BiddingPractice, ContractExplorer",
                'TrickPractice.position(hand="AK2..QJ98765.432", led=["A♥", "K♥"], trump="♠", seed=1)',
                'BiddingPractice(calls=["2♣"])',
                f"ContractExplorer(seed=4, saved={str(SAVED_FILE)!r})"]


def in_browser(samples: dict[str, list[float]], rounds: int) -> None:
    import nbformat

    sys.path.insert(0, str(ROOT / "tests"))
    import browser_support as bs

    bs.require_tools()
    notebook = bs.ARTIFACTS / "bench-lessons.ipynb"
    bs.ARTIFACTS.mkdir(exist_ok=True)
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(cell) for cell in _VOILA_CELLS]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, str(notebook))
    data = bs.clean_dir(bs.ARTIFACTS / "bench-lessons-data")
    with bs.voila_server(data_dir=data, env={"PYTHONPATH": str(ROOT)}, name="bench-lessons", preheat=False,
                         notebook=notebook) as server, bs.chromium() as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 1600})
        page.goto(server.url, timeout=120_000)
        bs.wait_for(lambda: page.locator(".vint-lesson-contracts .vint-dd-cell").count() == 35, seconds=120)
        for k in range(rounds):
            samples.setdefault("ContractExplorer (browser)", []).append(  # two cells in turn: each is news
                page.evaluate(_CELL_JS, [(5 * k + 1) % 34]))
            samples.setdefault("BiddingPractice (browser)", []).append(
                page.evaluate(_VOILA_CLICK_JS, [".vint-lesson-bidding", "2♠"]))
            samples.setdefault("TrickPractice (browser)", []).append(
                page.evaluate(_VOILA_CLICK_JS, [".vint-lesson-trick", "Q♦"]))
            page.locator(".vint-lesson-trick .vint-again").click()
            bs.wait_for(lambda: page.locator(".vint-lesson-trick .vint-feedback li").count() == 1, seconds=30)


if __name__ == "__main__":
    main()
