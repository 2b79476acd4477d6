"""Figures for the table in the browser (printed, never asserted), the issue's figures exactly.

* page load to a playable table (the first enabled call or card): p50 and p95 over several loads,
  each once the server is idle again (Voilà has a kernel ready: ``vint table`` keeps one preheated);
* click to updated view: from the click on a card or call to the table's next drawing,
  measured inside the page (``performance.now()``), computer players without pause: p50, p95;
* memory (RSS) of one table's kernel after a deal (and of the kernel kept ready, if any);
* how many tables this machine serves at once with click-to-update p95 under 300 ms:
  1, 2, 4, … pages on 127.0.0.1, each clicking its way through deals, bounded in count and time.

Run: ``.venv/bin/python bench/table.py [--loads 5] [--clicks 40] [--max-tables 8] [--seconds 20]``
``--no-preheat`` serves without a kernel kept ready; ``--source DIR`` serves another checkout of the
project (its notebook and its ``vint_core``, e.g. ``git archive <commit>`` unpacked) to compare.
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

ENV = {"VINT_BOTS": "rule", "VINT_SEED": "99", "VINT_PACE": "none"}
TIMER_JS = """() => {
  if (window.__vint) return;
  // per click: the time to the first drawing after it and to the last one before the next click
  // (a version that draws twice per click, before and after the computer players answer, is timed to both)
  window.__vint = {t0: 0, last: null, first: [], final: [], pending: null};
  const v = window.__vint;
  const settle = () => { if (v.pending !== null) { v.final.push(v.pending); v.pending = null; } };
  window.__vintSettle = settle;
  document.addEventListener('click', e => {
    const hit = e.target.closest('button.vint-card, button.vint-call, button.vint-next-deal');
    if (hit) { settle(); v.t0 = performance.now(); v.seen = false; }
  }, true);
  new MutationObserver(() => {
    const m = document.querySelector('.vint-render');
    const n = m ? m.dataset.render : null;
    if (n !== v.last) {
      v.last = n;
      if (v.t0) {
        const dt = performance.now() - v.t0;
        if (!v.seen) { v.first.push(dt); v.seen = true; }
        v.pending = dt;
      }
    }
  }).observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
}"""
ACTIONS = ("button.vint-card:enabled:visible", "button.vint-call:enabled:visible", "button.vint-next-deal:enabled")


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def next_action(page: Any, timeout: float) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for selector in ACTIONS:
            loc = page.locator(selector)
            if await loc.count():
                if "vint-call" in selector:  # the computer players bid; the learner passes
                    return page.locator(selector, has_text=re.compile("^Pass$")).first
                return loc.first
        await asyncio.sleep(0.01)
    raise TimeoutError("no action offered")


async def render_count(page: Any) -> int:
    mark = page.locator(".vint-render")
    return int(await mark.first.get_attribute("data-render") or 0) if await mark.count() else 0


async def play_clicks(page: Any, *, clicks: int, seconds: float) -> list[float]:
    """Click through the game; return click-to-update times (ms) measured in the page: to the table's
    last drawing for the click, once the computer players have answered (``first_drawings`` has the first)."""
    await page.evaluate(TIMER_JS)
    deadline = time.monotonic() + seconds
    done = 0
    while done < clicks and time.monotonic() < deadline:
        target = await next_action(page, timeout=30)
        before = await render_count(page)
        try:
            await target.click(timeout=3000)
        except Exception:  # the button went away under the pointer (a newer drawing): look again
            continue
        while await render_count(page) == before:
            await asyncio.sleep(0.005)
        done += 1
    await asyncio.sleep(0.3)  # a second drawing for the last click, if the version draws twice
    samples: list[float] = await page.evaluate("() => { window.__vintSettle(); return window.__vint.final; }")
    return samples


async def first_drawings(page: Any) -> list[float]:
    """The times (ms) from each click to the first drawing after it."""
    samples: list[float] = await page.evaluate("() => window.__vint.first")
    return samples


async def open_page(browser: Any, url: str) -> tuple[Any, float]:
    page = await browser.new_page(viewport={"width": 1280, "height": 900})
    started = time.monotonic()
    await page.goto(url)
    await next_action(page, timeout=120)
    return page, time.monotonic() - started


def kernel_rss_mb(server: bs.Server) -> list[float]:
    """RSS of each kernel of the server, oldest first (with a preheated kernel, the newest is the one kept ready)."""
    import psutil

    kernels = [child for child in psutil.Process(server.process.pid).children(recursive=True)
               if "ipykernel" in " ".join(child.cmdline())]
    return [k.memory_info().rss / 2**20 for k in sorted(kernels, key=lambda k: k.create_time())]


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


async def main_async(args: argparse.Namespace) -> None:
    from playwright.async_api import async_playwright

    bs.require_tools()
    data_dir = Path(tempfile.mkdtemp(prefix="vint-bench-"))
    env = dict(ENV)
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
          f"code: {args.source or 'this checkout'}")
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
            # 2. click to updated view, one table
            await asyncio.sleep(args.gap)
            page, _ = await open_page(browser, server.url)
            samples = await play_clicks(page, clicks=args.clicks, seconds=args.seconds * 3)
            first = await first_drawings(page)
            print(f"click to updated view, 1 table: p50 {pct(samples, .5):.0f} ms, p95 {pct(samples, .95):.0f} ms "
                  f"over {len(samples)} clicks (goal: p95 < 150 ms); to the first drawing: "
                  f"p50 {pct(first, .5):.0f} ms, p95 {pct(first, .95):.0f} ms")
            # 3. memory of one table's kernel
            rss = kernel_rss_mb(server)
            if preheat and len(rss) > 1:
                print(f"kernel memory (RSS): the table's {rss[-2]:.0f} MB after {len(samples)} clicks; "
                      f"the kernel kept ready {rss[-1]:.0f} MB")
            else:
                print(f"kernel memory (RSS) per table: {', '.join(f'{r:.0f} MB' for r in rss)}")
            await page.close()
            # 4. tables at once
            n = 1
            best = 0
            while n <= args.max_tables:
                await asyncio.sleep(args.gap)
                pages = []
                for _ in range(n):
                    p, _ = await open_page(browser, server.url)
                    pages.append(p)
                results = await asyncio.gather(*(play_clicks(p, clicks=10**6, seconds=args.seconds) for p in pages))
                allsamples = [x for r in results for x in r]
                p95 = pct(allsamples, .95)
                print(f"{n} tables at once: click to update p50 {pct(allsamples, .5):.0f} ms, p95 {p95:.0f} ms "
                      f"over {len(allsamples)} clicks; kernels {statistics.fmean(kernel_rss_mb(server) or [0]):.0f} MB "
                      "each on average")
                for p in pages:
                    await p.close()
                if p95 >= 300:
                    break
                best = n
                n *= 2
            print(f"tables served at once with p95 click-to-update under 300 ms: {best}"
                  + (" (or more: the bound was reached)" if best >= args.max_tables else ""))
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
    parser.add_argument("--no-preheat", action="store_true", help="serve without a kernel kept ready")
    parser.add_argument("--source", default=None, help="serve this checkout of the project instead (to compare)")
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
