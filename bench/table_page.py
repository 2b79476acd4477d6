"""The table's click in the page: websocket frames per click each way and the page's own time per click.

Serves the table as ``bench/table.py`` does (Voilà, rule bots, pace ``none``), clicks through the game as it does
(``--clicks``), and prints the websocket frames per click received (widget messages, by Jupyter message type) and
sent, with their bytes, and what Chromium's ``Performance.getMetrics`` counts for the page per click: script,
layout and style time, layouts and style recalculations (the benchmark's own polling included). Printed, never
asserted. ``--source DIR`` serves another checkout (its ``vint_core``), as ``bench/table.py --source``.

Run: ``PYTHONPATH=$PWD .venv/bin/python bench/table_page.py [--clicks 30] [--source DIR]``
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import sys
import tempfile
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=30)
    parser.add_argument("--source", default=None, help="serve this checkout of the project instead (to compare)")
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
