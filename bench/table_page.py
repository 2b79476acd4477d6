"""The table's click in the page: websocket frames per click each way and the page's own time per click.

Serves the table as ``bench/table.py`` does (Voilà, rule bots, pace ``none``), clicks through the game as it does
(``--clicks``), and prints the websocket frames per click received (widget messages, by Jupyter message type) and
sent, with their bytes, and what Chromium's ``Performance.getMetrics`` counts for the page per click: script,
layout and style time, layouts and style recalculations (the benchmark's own polling included). Printed, never
asserted. ``--source DIR`` serves another checkout (its ``vint_core``), as ``bench/table.py --source``.

``--loads N`` measures page loads instead (each once the server is idle again, a kernel kept ready): for each, the
times from the start of the navigation to Voilà's page arrived (its HTML, ``responseEnd``), its scripts run
(``DOMContentLoaded``), the kernel's websocket open, the first and the last widget state received and the table
playable; the widget models opened and the bytes of the frames received before it is playable, and Chromium's
script, layout and style time over the load. Printed per load and as medians. ``--profile`` samples the page's
JavaScript during one load instead (Chromium's profiler, every 0.2 ms) and prints where its time went: by function
(self time) and by script, idle and the browser's own work (``(program)``: parsing, compiling, style) included.

Run: ``PYTHONPATH=$PWD .venv/bin/python bench/table_page.py [--clicks 30] [--loads N] [--profile] [--source DIR]``
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
sys.path.insert(0, str(Path(__file__).resolve().parent))

import browser_support as bs
import table as bench_table  # bench/table.py: the same page, the same clicks


async def main_async(args: argparse.Namespace) -> None:
    from playwright.async_api import async_playwright

    bs.require_tools()
    env = dict(bench_table.ENV)
    notebook = None
    if args.source is not None:
        source = Path(args.source).resolve()
        hook = Path(tempfile.mkdtemp(prefix="vint-bench-source-"))  # the editable install's hook set aside
        (hook / "sitecustomize.py").write_text(
            "import sys\n"
            "sys.meta_path[:] = [f for f in sys.meta_path if '__editable__' not in getattr(f, '__module__', '')]\n")
        env["PYTHONPATH"] = f"{source}{os.pathsep}{hook}"
        notebook = source / "vint_core" / "app" / "table.ipynb"
    print(f"load average at the start: {bench_table.load_average()}; code: {args.source or 'this checkout'}")
    with bs.voila_server(data_dir=Path(tempfile.mkdtemp(prefix="vint-bench-")), env=env, name="bench-table-page",
                         notebook=notebook) as server:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=bs.CHROMIUM, args=bs.CHROMIUM_ARGS)
            if args.profile:
                await asyncio.sleep(args.gap)  # the kernel kept ready
                await profile_load(browser, server.url)
                await browser.close()
                return
            if args.loads:
                await measure_loads(browser, server.url, loads=args.loads, gap=args.gap)
                await browser.close()
                print(f"load average at the end: {bench_table.load_average()}")
                return
            page = await browser.new_page(viewport={"width": 1280, "height": 900})
            counts = {"in": 0, "out": 0, "in_bytes": 0, "out_bytes": 0}
            kinds: dict[str, int] = {}

            def received(payload: Any) -> None:
                data = payload if isinstance(payload, bytes) else payload.encode()
                counts["in"] += 1
                counts["in_bytes"] += len(data)
                found = re.search(rb'"msg_type":\s*"([a-z_]+)"', data)
                if found:
                    kinds[found.group(1).decode()] = kinds.get(found.group(1).decode(), 0) + 1

            def sent(payload: Any) -> None:
                counts["out"] += 1
                counts["out_bytes"] += len(payload)

            page.on("websocket", lambda ws: (ws.on("framereceived", received), ws.on("framesent", sent)))
            await page.goto(server.url)
            await bench_table.next_action(page, seconds=120)
            await asyncio.sleep(2)
            cdp = await page.context.new_cdp_session(page)
            await cdp.send("Performance.enable")

            async def metrics() -> dict[str, float]:
                return {m["name"]: m["value"] for m in (await cdp.send("Performance.getMetrics"))["metrics"]}

            before = await metrics()
            for key in counts:
                counts[key] = 0
            kinds.clear()
            records = await bench_table.play_clicks(page, clicks=args.clicks, seconds=600)
            after = await metrics()
            n = max(1, len(records))
            times = ", ".join(f"{k.removesuffix('Duration').lower()} {1000 * (after[k] - before[k]) / n:.1f} ms"
                              for k in ("ScriptDuration", "LayoutDuration", "RecalcStyleDuration"))
            print(f"{len(records)} clicks; websocket frames per click: {counts['in'] / n:.1f} in "
                  f"({counts['in_bytes'] / n / 1024:.1f} KB), {counts['out'] / n:.1f} out; "
                  f"the page per click: {times}; "
                  f"{(after['LayoutCount'] - before['LayoutCount']) / n:.1f} layouts, "
                  f"{(after['RecalcStyleCount'] - before['RecalcStyleCount']) / n:.1f} style recalculations")
            print("frames in per click by message type:",
                  ", ".join(f"{k} {v / n:.1f}" for k, v in sorted(kinds.items(), key=lambda kv: -kv[1])))
            print(bench_table.summary(records))
            await browser.close()
    print(f"load average at the end: {bench_table.load_average()}")


async def measure_load(browser: Any, url: str) -> dict[str, float]:
    """One load's phases, in seconds from the navigation's start (see the module's docstring)."""
    page = await browser.new_page(viewport={"width": 1280, "height": 900})
    cdp = await page.context.new_cdp_session(page)
    await cdp.send("Performance.enable")
    marks: dict[str, float] = {"frames": 0, "kb_in": 0, "state_kb": 0}
    started = time.monotonic()

    def at(name: str) -> None:
        marks.setdefault(name, time.monotonic() - started)

    def received(payload: Any) -> None:
        data = payload if isinstance(payload, bytes) else payload.encode()
        marks["frames"] += 1
        marks["kb_in"] += len(data) / 1024
        if b'"states"' in data[:4096] or b'"comm_open"' in data[:4096]:  # the widgets' state, all in one reply
            marks["state_kb"] += len(data) / 1024
            marks["state"] = time.monotonic() - started

    page.on("websocket", lambda ws: (at("socket"), ws.on("framereceived", received)))
    before = {m["name"]: m["value"] for m in (await cdp.send("Performance.getMetrics"))["metrics"]}
    await page.goto(url, wait_until="commit")
    await bench_table.next_action(page, seconds=120)
    at("playable")
    after = {m["name"]: m["value"] for m in (await cdp.send("Performance.getMetrics"))["metrics"]}
    marks["html"], marks["scripts"] = await page.evaluate(
        "() => { const t = performance.getEntriesByType('navigation')[0];"
        " return [t.responseEnd / 1000, t.domContentLoadedEventEnd / 1000]; }")
    for key in ("ScriptDuration", "LayoutDuration", "RecalcStyleDuration", "TaskDuration"):
        marks[key.removesuffix("Duration").lower()] = after[key] - before[key]
    marks["requests"] = await page.evaluate("() => performance.getEntriesByType('resource').length")
    await page.close()
    return marks


async def measure_loads(browser: Any, url: str, *, loads: int, gap: float) -> None:
    """``loads`` loads, each once the server is idle again, and their medians."""
    rows: list[dict[str, float]] = []
    for _ in range(loads):
        await asyncio.sleep(gap)  # Voilà closes the last page's kernel and readies the next one
        rows.append(await measure_load(browser, url))
        print("  " + ", ".join(f"{k} {v:.2f}" for k, v in rows[-1].items()), flush=True)
    keys = rows[0].keys()
    print("medians: " + ", ".join(f"{k} {statistics.median(r.get(k, float('nan')) for r in rows):.2f}" for k in keys))


async def profile_load(browser: Any, url: str, *, top: int = 20) -> None:
    """One load to the table playable under Chromium's sampling profiler: the self time by function and by script."""
    page = await browser.new_page(viewport={"width": 1280, "height": 900})
    cdp = await page.context.new_cdp_session(page)
    await cdp.send("Profiler.enable")
    await cdp.send("Profiler.setSamplingInterval", {"interval": 200})
    await cdp.send("Profiler.start")
    started = time.monotonic()
    await page.goto(url, wait_until="commit")
    await bench_table.next_action(page, seconds=120)
    playable = time.monotonic() - started
    profile = (await cdp.send("Profiler.stop"))["profile"]
    await page.close()
    nodes = {node["id"]: node["callFrame"] for node in profile["nodes"]}
    by_function: dict[str, float] = {}
    by_script: dict[str, float] = {}
    for sample, delta in zip(profile["samples"], [*profile["timeDeltas"][1:], 0], strict=True):
        frame = nodes[sample]
        script = frame["url"].rsplit("/", 1)[-1].split("?", 1)[0] or "(the browser)"
        name = f"{frame['functionName'] or '(anonymous)'} in {script}"
        by_function[name] = by_function.get(name, 0.0) + delta / 1000
        by_script[script] = by_script.get(script, 0.0) + delta / 1000
    print(f"playable after {playable:.2f} s; {sum(by_function.values()):.0f} ms sampled")
    for title, table in (("self time by function", by_function), ("by script", by_script)):
        print(f"{title}:")
        for name, ms in sorted(table.items(), key=lambda kv: -kv[1])[:top]:
            print(f"  {ms:7.1f} ms  {name}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=30)
    parser.add_argument("--loads", type=int, default=0, help="measure this many page loads instead of clicks")
    parser.add_argument("--gap", type=float, default=6.0, help="seconds before each load (the next kernel readied)")
    parser.add_argument("--profile", action="store_true", help="profile the page's JavaScript during one load")
    parser.add_argument("--source", default=None, help="serve this checkout of the project instead (to compare)")
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
