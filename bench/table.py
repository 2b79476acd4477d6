"""Figures for the table in the browser (printed, never asserted), each measured as its goal is stated.

* page load to a playable table (the first enabled call or card): p50 and p95 over several loads,
  each once the server is idle again (Voilà has a kernel ready: ``vint table`` keeps one preheated);
* click to updated view (goal: p95 < 150 ms, so that a click feels immediate): from the click on a card, a call or
  "Next deal"
  to the first change of the page that shows the learner's action (the card gone from the hand, the call
  in the auction grid, the new deal's number), measured inside the page (``performance.now()`` in a click
  listener and a ``MutationObserver``; see ``TIMER_JS``): p50, p95;
* click to the computer players' answers drawn: to the first drawing after which the table offers the
  learner a control again (their cards and calls are on the page); the computer players play without
  pauses (``VINT_PACE=none``), so bot pauses are excluded by construction: p50, p95;
* memory (RSS) of one table's kernel after a deal (and of the kernel kept ready, if any);
* how many tables this machine serves at once with click-to-update p95 under 300 ms:
  1, 2, 4, … pages on 127.0.0.1, each clicking its way through deals, bounded in count and time;
* the floor (``--floor N`` clicks, 0 to leave it out): the same server's round trip for a plain button that
  writes one HTML value (:data:`FLOOR_CELL`, one message each way), timed the same way in the page, after the
  table's clicks: no drawing of the table can be shown sooner than this.

Run: ``.venv/bin/python bench/table.py [--loads 5] [--clicks 40] [--max-tables 8] [--seconds 20]``
``--no-preheat`` serves without a kernel kept ready; ``--source DIR`` serves another checkout of the
project (its notebook and its ``vint_core``, e.g. ``git archive <commit>`` unpacked) to compare.
``--drivers playwright,page`` makes the clicks of the one-table and tables-at-once steps both ways in turns: through
Playwright (the default, as earlier releases were measured: each click a round trip of the benchmark's, which
looks for the next control, moves the pointer and waits for the control to be steady) and by the page itself
(:func:`play_clicks_in_page`), where the browser does nothing of the benchmark's between clicks: with several pages
on two cores, the benchmark's own work is a part of what the first way measures. ``--think S``: in the tables-at-once
step each page waits S seconds after the answers before its next click (as a learner looks first); by default none,
each page clicking as fast as it can, which measures the machine at its limit rather than learners at their pace.
The machine's load average is printed first and last: quote it with the figures.
Needs Voilà, Playwright and Debian's Chromium (``/usr/bin/chromium``), like the browser test.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import browser_support as bs

from vint_core.cli.args import bots_arg as bot_names

ENV = {"VINT_BOTS": "rule", "VINT_SEED": "99", "VINT_PACE": "none"}
#: a control the learner may use now: enabled, visible, and not in a part of the table frozen while the
#: computer players answer (``vint-wait``: the learner's own action is drawn, the answers are still coming)
ACTIONS = (".vint-handrow:not(.vint-wait) button.vint-card:enabled:visible",
           ".vint-biddingbox:not(.vint-wait) button.vint-call:enabled:visible",
           "button.vint-next-deal:enabled")
TIMER_JS = """() => {
  if (window.__vint) return;
  // One record per click on a card, a call or "Next deal", all times in ms from the click (performance.now()
  // in a capture listener, before the widget sends anything), taken in the MutationObserver callback of the
  // first DOM change that satisfies:
  //   shown: the learner's action is visible: the clicked card has left the hand (no visible card button with
  //          its label), the auction grid holds one call more, or the subtitle names another deal;
  //   ready: a drawing of the table has just been completed (its data-render mark, drawn last, changed in this
  //          very change of the page) and the table offers the learner a control again (an enabled card, call
  //          or "Next deal" outside a frozen .vint-wait part): the computer players' answers are on the page.
  //          (Checked only when the mark changes: halfway through a drawing the old controls may still show.)
  //          They play without pauses (VINT_PACE=none), so no pause is counted.
  const mark = () => { const m = document.querySelector('.vint-render'); return m ? m.dataset.render : null; };
  const v = window.__vint = {clicks: [], mark: mark()};
  const shown = el => el.offsetParent !== null;
  const calls = () => Math.max(0, ...[...document.querySelectorAll('.vint-auctionview')]
    .map(a => a.querySelectorAll('.vint-call-text').length));
  const subtitle = () => { const s = document.querySelector('.vint-subtitle'); return s ? s.textContent : ''; };
  const inHand = label => [...document.querySelectorAll('.vint-handview button.vint-card')]
    .some(b => shown(b) && b.textContent.trim() === label);
  const ready = () => [...document.querySelectorAll('button.vint-card, button.vint-call, button.vint-next-deal')]
    .some(b => !b.disabled && shown(b) && !b.closest('.vint-wait'));
  const visible = c => c.kind === 'card' ? !inHand(c.label)
    : c.kind === 'call' ? calls() > c.calls : subtitle() !== c.subtitle;
  document.addEventListener('click', e => {
    const hit = e.target.closest('button.vint-card, button.vint-call, button.vint-next-deal');
    if (!hit || hit.disabled) return;
    const kind = hit.classList.contains('vint-card') ? 'card' : hit.classList.contains('vint-call') ? 'call' : 'next';
    v.clicks.push({kind, label: hit.textContent.trim(), t0: performance.now(), mark: mark(), calls: calls(),
                   subtitle: subtitle(), shown: null, ready: null});
  }, true);
  new MutationObserver(() => {
    const m = mark();
    const drawn = m !== v.mark;
    v.mark = m;
    const c = v.clicks[v.clicks.length - 1];
    if (!c || c.ready !== null) return;
    const dt = performance.now() - c.t0;
    if (c.shown === null && visible(c)) c.shown = dt;
    if (drawn && m !== c.mark && ready()) c.ready = dt;
  }).observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
}"""


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


#: the floor's notebook: one plain ipywidgets button that writes its count into one HTML value
FLOOR_CELL = ("import ipywidgets\n_out = ipywidgets.HTML('0')\n_button = ipywidgets.Button(description='+1')\n"
              "_button.on_click(lambda _b: setattr(_out, 'value', str(int(_out.value) + 1)))\n"
              "_box = ipywidgets.HBox([_button, _out])\n_box.add_class('vint-floor')\n_box")
#: in the page: click the floor's button and resolve with the ms from the click to the DOM change showing the
#: new count (a ``MutationObserver`` callback, as TIMER_JS takes "shown")
FLOOR_JS = """() => new Promise((resolve, reject) => {
  const box = document.querySelector('.vint-floor');
  const out = box.querySelector('.widget-html');
  const before = out.textContent;
  const observer = new MutationObserver(() => {
    if (out.textContent === before) return;
    observer.disconnect();
    resolve(performance.now() - t0);
  });
  observer.observe(out, {subtree: true, childList: true, characterData: true});
  setTimeout(() => { observer.disconnect(); reject(new Error('no answer within 30 s')); }, 30000);
  const t0 = performance.now();
  box.querySelector('button').click();
})"""


async def floor_ms(browser: Any, *, clicks: int, data_dir: Path, env: dict[str, str]) -> list[float]:
    """``clicks`` round trips of the floor's button, in a page of a Voilà served as the table is (its own server)."""
    import nbformat

    folder = Path(tempfile.mkdtemp(prefix="vint-bench-floor-"))
    notebook = folder / "floor.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(FLOOR_CELL)]), notebook)
    with bs.voila_server(data_dir=data_dir, env=env, name="bench-table-floor", notebook=notebook) as server:
        page = await browser.new_page(viewport={"width": 1280, "height": 900})
        await page.goto(server.url)
        await page.locator(".vint-floor button").wait_for(timeout=120_000)
        times = []
        for _ in range(clicks):
            times.append(float(await page.evaluate(FLOOR_JS)))
            await asyncio.sleep(0.05)  # the kernel idle again, as between a learner's clicks
        await page.close()
    return times


async def next_action(page: Any, *, seconds: float) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for selector in ACTIONS:
            loc = page.locator(selector)
            if await loc.count():
                if "vint-call" in selector:  # the computer players bid; the learner passes
                    return page.locator(selector, has_text=re.compile("^Pass$")).first
                return loc.first
        await asyncio.sleep(0.01)
    raise TimeoutError("no action offered")


async def play_clicks(page: Any, *, clicks: int, seconds: float, think: float = 0.0) -> list[dict[str, Any]]:
    """Click through the game, each click once the table offers it (``think`` seconds after the answers came, as a
    learner looks at the table first); return the page's records (see TIMER_JS)."""
    await page.evaluate(TIMER_JS)
    deadline = time.monotonic() + seconds
    done = 0
    while done < clicks and time.monotonic() < deadline:
        target = await next_action(page, seconds=30)
        count = await page.evaluate("() => window.__vint.clicks.length")
        try:
            await target.click(timeout=3000)
        except Exception:  # the button went away under the pointer: look again
            continue
        if await page.evaluate("() => window.__vint.clicks.length") == count:
            continue  # the click was not on an enabled control
        await page.wait_for_function("() => window.__vint.clicks[window.__vint.clicks.length - 1].ready !== null",
                                     polling=5, timeout=30_000)
        done += 1
        if think:
            await asyncio.sleep(think)
    records: list[dict[str, Any]] = await page.evaluate("() => window.__vint.clicks")
    return [r for r in records if r["ready"] is not None]


#: in the page: click through the game as :func:`play_clicks` does, with the page's own ``click()`` and no round trip
#: to the benchmark between clicks (resolves with the number of clicks made); TIMER_JS's records are the figures
CLICKS_IN_PAGE_JS = """async ([clicks, seconds, actions, think]) => {
  const selectors = actions.map(s => s.replaceAll(':visible', ''));  // Playwright's; shown() instead
  const shown = el => el.offsetParent !== null;
  const pause = ms => new Promise(resolve => setTimeout(resolve, ms));
  const pick = () => {
    for (const selector of selectors) {
      const found = [...document.querySelectorAll(selector)].filter(shown);
      if (found.length) {  // the computer players bid; the learner passes
        return selector.includes('vint-call') ? found.find(b => b.textContent.trim() === 'Pass') : found[0];
      }
    }
    return null;
  };
  const v = window.__vint, deadline = performance.now() + 1000 * seconds;
  let done = 0;
  while (done < clicks && performance.now() < deadline) {
    const target = pick();
    if (!target) { await pause(10); continue; }
    const count = v.clicks.length;
    target.click();
    if (v.clicks.length === count) { await pause(10); continue; }
    while (v.clicks[v.clicks.length - 1].ready === null && performance.now() < deadline) await pause(5);
    done += 1;
    if (think) await pause(1000 * think);
  }
  return done;
}"""


async def play_clicks_in_page(page: Any, *, clicks: int, seconds: float, think: float = 0.0) -> list[dict[str, Any]]:
    """As :func:`play_clicks`, each click made by the page itself (:data:`CLICKS_IN_PAGE_JS`): the benchmark asks
    nothing of the browser while the clicks run (no polling, no pointer moved, no check that a control is steady), so
    what the machine spends is the table's."""
    await page.evaluate(TIMER_JS)
    await page.evaluate(CLICKS_IN_PAGE_JS, [clicks, seconds, list(ACTIONS), think])
    records: list[dict[str, Any]] = await page.evaluate("() => window.__vint.clicks")
    return [r for r in records if r["ready"] is not None]


def view_ms(record: dict[str, Any]) -> float:
    """Click to updated view; a click whose action the page never showed apart (none so far) counts as its answers."""
    value = record["shown"] if record["shown"] is not None else record["ready"]
    return float(value)


def summary(records: list[dict[str, Any]]) -> str:
    """p50/p95 of both times over ``records``, and the p95 of each kind of click."""
    shown = [view_ms(r) for r in records]
    ready = [r["ready"] for r in records]
    unseen = sum(r["shown"] is None for r in records)
    kinds = []
    for kind in sorted({r["kind"] for r in records}):
        mine = [r for r in records if r["kind"] == kind]
        kinds.append(f"{kind} {pct([view_ms(r) for r in mine], .95):.0f}/{pct([r['ready'] for r in mine], .95):.0f} ms"
                     f" ({len(mine)})")
    return (f"click to updated view p50 {pct(shown, .5):.0f} ms, p95 {pct(shown, .95):.0f} ms; "
            f"to the computer players' answers drawn p50 {pct(ready, .5):.0f} ms, p95 {pct(ready, .95):.0f} ms; "
            f"over {len(records)} clicks (p95 view/answers by kind: {', '.join(kinds)})"
            + (f"; {unseen} clicks whose action the page never showed apart (counted at their answers: "
               + ", ".join([f"{r['kind']} {r['label']}" for r in records if r["shown"] is None][:5]) + ")"
               if unseen else ""))


async def open_page(browser: Any, url: str) -> tuple[Any, float]:
    page = await browser.new_page(viewport={"width": 1280, "height": 900})
    started = time.monotonic()
    await page.goto(url)
    await next_action(page, seconds=120)
    return page, time.monotonic() - started


def by_driver(driver: str, args: argparse.Namespace) -> str:
    """How the clicks were made, said when the run measures more than one way."""
    if len(args.drivers) == 1:
        return ""
    return " (clicks by Playwright)" if driver == "playwright" else " (clicks by the page itself)"


def kernels(server: bs.Server) -> list[Any]:
    """The server's kernels (psutil processes), oldest first: with a preheated kernel, the newest is the one kept
    ready, the one before it the open table's."""
    import psutil

    found = [child for child in psutil.Process(server.process.pid).children()
             if "ipykernel" in " ".join(child.cmdline())]
    return sorted(found, key=lambda k: k.create_time())


def kernel_rss_mb(server: bs.Server) -> list[float]:
    """RSS of each kernel of the server, oldest first (see :func:`kernels`)."""
    return [k.memory_info().rss / 2**20 for k in kernels(server)]


def driver_names(text: str) -> list[str]:
    """``--drivers``: ``playwright``, ``page`` or both, comma-separated."""
    names = [name.strip() for name in text.split(",")]
    if not names or any(name not in ("playwright", "page") for name in names):
        raise argparse.ArgumentTypeError(f"{text!r}: give playwright, page or playwright,page")
    return names


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


async def main_async(args: argparse.Namespace) -> None:
    from playwright.async_api import async_playwright

    bs.require_tools()
    data_dir = Path(tempfile.mkdtemp(prefix="vint-bench-"))
    env = {**ENV, "VINT_BOTS": args.bots}
    notebook = None
    if args.source is not None:
        source = Path(args.source).resolve()
        # the project is installed editable: its import hook would win over PYTHONPATH, so set it aside
        hook = Path(tempfile.mkdtemp(prefix="vint-bench-source-"))
        (hook / "sitecustomize.py").write_text(
            "import sys\n"
            "sys.meta_path[:] = [f for f in sys.meta_path if '__editable__' not in getattr(f, '__module__', '')]\n")
        env["PYTHONPATH"] = f"{source}{os.pathsep}{hook}"
        notebook = source / "vint_core" / "app" / "table.ipynb"
    preheat = not args.no_preheat
    print(f"load average (1, 5, 15 min) at the start: {load_average()}; "
          f"{'one kernel kept ready' if preheat else 'no kernel kept ready'}; "
          f"code: {args.source or 'this checkout'}; computer players (from South's left): {args.bots}")
    with bs.voila_server(data_dir=data_dir, env=env, name="bench-table", preheat=preheat,
                         notebook=notebook) as server:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=bs.CHROMIUM, args=bs.CHROMIUM_ARGS)
            # 1. page load to a playable table, each load once the server is idle again
            loads = []
            for _ in range(args.loads):
                await asyncio.sleep(args.gap)
                page, seconds = await open_page(browser, server.url)
                loads.append(seconds)
                await page.close()
            print(f"page load to playable table: p50 {pct(loads, .5):.2f} s, p95 {pct(loads, .95):.2f} s, "
                  f"max {max(loads):.2f} s over {len(loads)} loads (goal: playable within 3 s)")
            drivers = {"playwright": play_clicks, "page": play_clicks_in_page}
            # 2. click to updated view, one table
            for driver in args.drivers:
                await asyncio.sleep(args.gap)
                page, _ = await open_page(browser, server.url)
                samples = await drivers[driver](page, clicks=args.clicks, seconds=args.seconds * 3)
                print(f"1 table{by_driver(driver, args)}: {summary(samples)} (goal: view p95 < 150 ms)")
                print(f"  load average now: {load_average()}")
                # 3. memory of one table's kernel
                rss = kernel_rss_mb(server)
                if preheat and len(rss) > 1:
                    print(f"kernel memory (RSS): the table's {rss[-2]:.0f} MB after {len(samples)} clicks; "
                          f"the kernel kept ready {rss[-1]:.0f} MB")
                else:
                    print(f"kernel memory (RSS) per table: {', '.join(f'{r:.0f} MB' for r in rss)}")
                await page.close()
            # 4. tables at once
            for driver in args.drivers:
                n = 1
                best = 0
                while n <= args.max_tables:
                    await asyncio.sleep(args.gap)
                    pages = []
                    for _ in range(n):
                        p, _ = await open_page(browser, server.url)
                        pages.append(p)
                    results = await asyncio.gather(*(drivers[driver](p, clicks=10**6, seconds=args.seconds,
                                                                     think=args.think) for p in pages))
                    allsamples = [x for r in results for x in r]
                    p95 = pct([view_ms(r) for r in allsamples], .95)
                    print(f"{n} tables at once{by_driver(driver, args)}, {len(allsamples) / args.seconds / n:.1f} "
                          f"clicks a second a table: {summary(allsamples)}; kernels "
                          f"{statistics.fmean(kernel_rss_mb(server) or [0]):.0f} MB each on average")
                    for p in pages:
                        await p.close()
                    if p95 >= 300:
                        break
                    best = n
                    n *= 2
                print(f"tables served at once with p95 click to updated view under 300 ms{by_driver(driver, args)}: "
                      f"{best}" + (" (or more: the bound was reached)" if best >= args.max_tables else ""))
            # 5. the floor: a plain button's round trip in the same kind of page
            if args.floor:
                floor = await floor_ms(browser, clicks=args.floor, data_dir=data_dir, env=env)
                print(f"floor (a plain button writing one HTML value, same Voilà set-up): click to the value shown "
                      f"p50 {pct(floor, .5):.0f} ms, p95 {pct(floor, .95):.0f} ms over {len(floor)} clicks")
            await browser.close()
    print(f"load average (1, 5, 15 min) at the end: {load_average()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--clicks", type=int, default=40)
    parser.add_argument("--max-tables", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=20.0, help="time each step of the load test clicks")
    parser.add_argument("--gap", type=float, default=6.0,
                        help="seconds to wait before each load (Voilà closes the last page's kernel, readies the next)")
    parser.add_argument("--floor", type=int, default=40,
                        help="clicks of a plain button in the same Voilà set-up, the round trip's floor (0: none)")
    parser.add_argument("--no-preheat", action="store_true", help="serve without a kernel kept ready")
    parser.add_argument("--bots", type=lambda text: ",".join(bot_names(text)), default="rule",
                        help="computer players, as vint table --bots (default: RuleBots, as the figures of earlier "
                        "releases were measured; the table's own default is rule,sim-light,rule)")
    parser.add_argument("--think", type=float, default=0.0,
                        help="in the tables-at-once step, seconds each page waits after the answers before its next "
                        "click, as a learner looks at the table (default 0: each page clicks as fast as it can, as "
                        "earlier releases were measured, which loads the machine to its limit)")
    parser.add_argument("--drivers", type=driver_names, default=["playwright"],
                        help="who makes the clicks of the one-table and the tables-at-once steps, in turns: "
                        "playwright (each click through Playwright, as earlier releases were measured), page (the "
                        "page clicks itself, play_clicks_in_page: none of the benchmark's work between clicks), or "
                        "both: playwright,page")
    parser.add_argument("--source", default=None, help="serve this checkout of the project instead (to compare)")
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
