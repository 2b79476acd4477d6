"""The table's click in the page: websocket frames per click each way and the page's own time per click.

Serves the table as ``bench/table.py`` does (Voilà, rule bots, pace ``none``), clicks through the game as it does
(``--clicks``), and prints the websocket frames per click received (widget messages, by Jupyter message type) and
sent, with their bytes, and what Chromium's ``Performance.getMetrics`` counts for the page per click: script,
layout and style time, layouts and style recalculations (the benchmark's own polling included); with ``--cpu`` also
the CPU time a click takes in each process, Chromium's by their kind; with ``--trace`` Chromium's trace over the
clicks, each thread's time and the page's main thread by what started its work (websocket frames, frames drawn,
the benchmark's DevTools messages). Printed, never asserted. ``--source DIR`` serves another checkout (its
``vint_core``), as ``bench/table.py --source``.

``--loads N`` measures page loads instead (each once the server is idle again, a kernel kept ready): for each, the times
from the start of the navigation to Voilà's page arrived (its HTML, ``responseEnd``), its scripts run
(``DOMContentLoaded``), the kernel's websocket open, the first and the last widget state received and the table
playable; the widget models opened and the bytes of the frames received before it is playable, and Chromium's script,
layout and style time over the load. Printed per load and as medians. Each load is a first visit (a browser context of
its own, nothing cached); with ``--again`` all are made in one context, as a learner coming back to the table, the first
visit's figures apart from the later ones'. ``--timeline`` takes each click apart instead: every websocket frame the
page sends and receives is stamped in the page as it arrives (a listener on the page's own sockets, ahead of Jupyter's)
and read with the kernel's own stamp on it (its header's ``date``), so a click's time splits into the way to the kernel,
the kernel's work, the way back and the page's drawing (see :func:`timeline`). ``--profile`` samples the page's
JavaScript during one load instead (Chromium's profiler, every 0.2 ms) and prints where its time went: by function (self
time) and by script, idle and the browser's own work (``(program)``: parsing, compiling, style) included.

Run: ``PYTHONPATH=$PWD .venv/bin/python bench/table_page.py [--clicks 30 [--cpu] [--trace] [--in-page]]
[--loads N [--again]] [--timeline] [--profile] [--source DIR]``
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
    print(f"load average at the start: {bench_table.load_average()}; code: {args.source or 'this checkout'}"
          + "".join(f", --TableServer.{option}" for option in args.server_option))
    extra = ("--show_tracebacks=True", *(f"--TableServer.{option}" for option in args.server_option))
    with bs.voila_server(data_dir=Path(tempfile.mkdtemp(prefix="vint-bench-")), env=env, name="bench-table-page",
                         notebook=notebook, extra=extra) as server:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=bs.CHROMIUM, args=bs.CHROMIUM_ARGS)
            if args.profile:
                await asyncio.sleep(args.gap)  # the kernel kept ready
                await profile_load(browser, server.url)
                await browser.close()
                return
            if args.loads:
                await measure_loads(browser, server.url, loads=args.loads, gap=args.gap, again=args.again)
                await browser.close()
                print(f"load average at the end: {bench_table.load_average()}")
                return
            page = await browser.new_page(viewport={"width": 1280, "height": 900})
            if args.timeline:
                await page.add_init_script(FRAMES_JS)
                network = await network_stamps(page)
                await page.goto(server.url)
                await bench_table.next_action(page, seconds=120)
                await asyncio.sleep(2)
                await page.evaluate("() => { window.__frames.length = 0; }")
                records = await bench_table.play_clicks(page, clicks=args.clicks, seconds=600)
                print(bench_table.summary(records))
                clicks = await page.evaluate("() => window.__vint.clicks")
                frames = await page.evaluate("() => window.__frames")
                print(timeline(clicks, frames, await page.evaluate("() => window.__origin"), network))
                await browser.close()
                print(f"load average at the end: {bench_table.load_average()}")
                return
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
            if args.cpu:
                await settled(server)
            cdp = await page.context.new_cdp_session(page)
            await cdp.send("Performance.enable")

            async def metrics() -> dict[str, float]:
                return {m["name"]: m["value"] for m in (await cdp.send("Performance.getMetrics"))["metrics"]}

            cpu_before = process_cpu(server) if args.cpu else {}
            if args.trace:
                await browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
            before = await metrics()
            for key in counts:
                counts[key] = 0
            kinds.clear()
            play = bench_table.play_clicks_in_page if args.in_page else bench_table.play_clicks
            records = await play(page, clicks=args.clicks, seconds=600)
            after = await metrics()
            n = max(1, len(records))
            if args.trace:
                print(trace_summary(await browser.stop_tracing(), n))
            if args.cpu:
                print(cpu_per_click(cpu_before, process_cpu(server), n))
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


#: in the page, before its own scripts: every frame of every websocket, sent or received, with ``performance.now()``
#: as it goes (``send``) or comes (a listener added as the socket is made, so ahead of Jupyter's ``onmessage``), its
#: Jupyter message (the ``v1.kernel.websocket.jupyter.org`` protocol's parts, or JSON) read into what the timeline
#: needs; the clock's origin as epoch milliseconds, to set beside the kernel's stamps
FRAMES_JS = """(() => {
  const frames = window.__frames = [];
  window.__origin = performance.timeOrigin;
  const text = new TextDecoder();
  const read = data => {
    if (typeof data === 'string') {
      const m = JSON.parse(data);
      return [m.header, m.parent_header, m.content];
    }
    const buf = data instanceof ArrayBuffer ? data : data.buffer;
    const view = new DataView(buf);
    const n = Number(view.getBigUint64(0, true));
    const at = i => Number(view.getBigUint64(8 * (i + 1), true));
    const part = i => JSON.parse(text.decode(new Uint8Array(buf, at(i), at(i + 1) - at(i))));
    return [part(1), part(2), part(4)];
  };
  const note = (way, data) => {
    const t = performance.now();
    try {
      const [header, parent, content] = read(data);
      frames.push({way, t, type: header.msg_type, id: header.msg_id, date: Date.parse(header.date),
                   parent: parent && parent.msg_id || null, state: content && content.execution_state || null,
                   method: content && content.data && content.data.method || null});
    } catch (e) { frames.push({way, t, type: '?'}); }
  };
  const Socket = window.WebSocket;
  window.WebSocket = class extends Socket {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', e => note('in', e.data));
    }
    send(data) { note('out', data); return super.send(data); }
  };
})()"""


def _message_id(frame: bytes) -> str | None:
    """The ``msg_id`` of a websocket frame of the ``v1.kernel.websocket.jupyter.org`` protocol (or of JSON)."""
    import json

    try:
        if frame[:1] == b"{":
            return str(json.loads(frame)["header"]["msg_id"])
        count = int.from_bytes(frame[:8], "little")
        offsets = [int.from_bytes(frame[8 * (i + 1):8 * (i + 2)], "little") for i in range(count)]
        return str(json.loads(frame[offsets[1]:offsets[2]])["msg_id"])
    except (ValueError, KeyError, IndexError):
        return None


async def network_stamps(page: Any) -> dict[str, float]:
    """When the browser's network side (not the page's script) received each websocket frame, by its message's
    ``msg_id``, in epoch milliseconds: Chromium's ``Network.webSocketFrameReceived`` stamps, set on the wall clock by
    the page's first request (``Network.requestWillBeSent`` carries both clocks). Filled as the frames come."""
    import base64

    stamps: dict[str, float] = {}
    clock: list[float] = []  # wall time less monotonic time, in seconds
    cdp = await page.context.new_cdp_session(page)

    def request(event: dict[str, Any]) -> None:
        if not clock:
            clock.append(event["wallTime"] - event["timestamp"])

    def frame(event: dict[str, Any]) -> None:
        response = event["response"]
        data = response["payloadData"]
        raw = base64.b64decode(data) if response.get("opcode") == 2 else data.encode()
        found = _message_id(raw)
        if found is not None and clock:
            stamps[found] = 1000 * (event["timestamp"] + clock[0])

    cdp.on("Network.requestWillBeSent", request)
    cdp.on("Network.webSocketFrameReceived", frame)
    await cdp.send("Network.enable")
    return stamps


def timeline(clicks: list[dict[str, Any]], frames: list[dict[str, Any]], origin: float,
             network: dict[str, float]) -> str:
    """Each click taken apart, as p50 / p95 over the clicks, in ms: from the click to the page sending it (the widget's
    own code), to the kernel starting on it (its ``busy`` status for that message, stamped by the kernel: the way
    there, the server's relay, and any message the kernel took before it), to the kernel's first drawing message sent,
    the way back of that message (its arrival in the page less the kernel's stamp), from its arrival to the learner's
    action shown in the page; the kernel's whole work on the click (``busy`` to ``idle``) and the last message of it
    in the page to the answers drawn; and the messages the kernel sent for the click. The page's clock and the
    kernel's are the machine's one clock (epoch milliseconds on both sides: ``origin``, the page's
    ``performance.timeOrigin``, added to its times)."""
    parts: dict[str, list[float]] = {k: [] for k in ("sent", "to kernel", "kernel to first message", "way back",
                                                     "to the browser", "browser to the page",
                                                     "way back of the last", "to the browser, the last",
                                                     "first message to shown", "kernel busy", "last message to ready",
                                                     "messages")}
    for click in clicks:
        if click.get("ready") is None:
            continue
        start, end = click["t0"], click["t0"] + click["ready"]
        sent = next((f for f in frames if f["way"] == "out" and f["type"] == "comm_msg" and f["t"] >= start
                     and f["method"] == "custom"), None)
        if sent is None or sent["t"] > end:
            continue
        mine = [f for f in frames if f["way"] == "in" and f.get("parent") == sent["id"]]
        busy = next((f for f in mine if f["type"] == "status" and f["state"] == "busy"), None)
        idle = next((f for f in mine if f["type"] == "status" and f["state"] == "idle"), None)
        drawn = [f for f in mine if f["type"] == "comm_msg"]
        if busy is None or idle is None or not drawn:
            continue
        parts["sent"].append(sent["t"] - start)
        parts["to kernel"].append(busy["date"] - (origin + sent["t"]))
        parts["kernel to first message"].append(drawn[0]["date"] - busy["date"])
        parts["way back"].append((origin + drawn[0]["t"]) - drawn[0]["date"])
        parts["way back of the last"].append((origin + drawn[-1]["t"]) - drawn[-1]["date"])
        if drawn[0]["id"] in network and drawn[-1]["id"] in network:
            parts["to the browser"].append(network[drawn[0]["id"]] - drawn[0]["date"])
            parts["browser to the page"].append(origin + drawn[0]["t"] - network[drawn[0]["id"]])
            parts["to the browser, the last"].append(network[drawn[-1]["id"]] - drawn[-1]["date"])
        if click.get("shown") is not None:
            parts["first message to shown"].append(start + click["shown"] - drawn[0]["t"])
        parts["kernel busy"].append(idle["date"] - busy["date"])
        parts["last message to ready"].append(end - drawn[-1]["t"])
        parts["messages"].append(len(drawn))
    n = len(parts["sent"])
    return (f"{n} clicks taken apart (p50 / p95): " + "; ".join(
        f"{name} {bench_table.pct(values, .5):.1f} / {bench_table.pct(values, .95):.1f}"
        for name, values in parts.items()))


VIEWPORT = {"width": 1280, "height": 900}


def process_cpu(server: Any) -> dict[int, tuple[str, float]]:
    """Each process taking part in a click, by pid: its kind (Voilà's server, the table's kernel and the processes it
    started, the other kernels: the one kept ready for the next page; Chromium's processes by their ``--type``, the
    benchmark's own Playwright driver) and the CPU seconds it has used so far (user and system)."""
    import psutil

    found: dict[int, tuple[str, float]] = {}
    kinds: list[tuple[psutil.Process, str]] = [(psutil.Process(server.process.pid), "Voilà's server")]
    for i, kernel in enumerate(bench_table.kernels(server)):  # the oldest is the table's (a page took it ready)
        kinds.append((kernel, "the table's kernel" if i == 0 else "the kernel kept ready"))
        kinds += [(child, "the table's kernel's worker" if i == 0 else "the kernel kept ready")
                  for child in kernel.children(recursive=True)]
    for proc in psutil.Process().children(recursive=True):
        try:
            line = " ".join(proc.cmdline())
        except psutil.Error:
            continue
        if "chrom" in proc.name() or "chrom" in line.split(" ", 1)[0]:
            kind_arg = re.search(r"--type=([a-z-]+)", line)
            utility = re.search(r"--utility-sub-type=([a-zA-Z.]+)", line)
            kinds.append((proc, "Chromium " + (kind_arg.group(1) if kind_arg else "browser") + (
                f" ({utility.group(1).rsplit('.', 1)[-1]})" if utility else "")))
        elif "node" in proc.name() or "playwright" in line:
            kinds.append((proc, "the benchmark's Playwright driver"))
    for proc, kind in kinds:
        try:
            times = proc.cpu_times()
        except psutil.Error:
            continue
        found[proc.pid] = (kind, times.user + times.system)
    return found


#: what Chromium's trace records for ``--trace``: its tasks, the page's rendering steps, V8's calls, the compositor
TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel", "v8", "blink", "cc",
                    "gpu", "mojom"]


def trace_summary(data: bytes, clicks: int, *, top: int = 8) -> str:
    """Chromium's trace over the clicks, per click: each thread's time in its top-level tasks (thread time, the
    tracing's own cost in it), then the page's main thread by what started each task (a websocket frame arriving,
    a frame to draw, a DevTools message of the benchmark's, …) with the events that took the most of it (self time)."""
    import json

    loaded = json.loads(data)
    events = loaded["traceEvents"] if isinstance(loaded, dict) else loaded
    threads = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("name") == "thread_name"}
    processes = {e["pid"]: e["args"]["name"] for e in events if e.get("name") == "process_name"}
    per_thread: dict[str, float] = {}
    for e in events:
        if e.get("ph") == "X" and e.get("name") in ("ThreadControllerImpl::RunTask", "ThreadPool_RunTask") \
                and "tdur" in e:
            name = f"{processes.get(e['pid'], e['pid'])} {threads.get((e['pid'], e['tid']), e['tid'])}"
            per_thread[name] = per_thread.get(name, 0.0) + e["tdur"] / 1000
    lines = ["Chromium's threads, ms of thread time a click (under tracing): " + ", ".join(
        f"{k} {v / clicks:.1f}" for k, v in sorted(per_thread.items(), key=lambda kv: -kv[1])[:top])]
    main = {k for k, v in threads.items() if v == "CrRendererMain"}
    spans = sorted((e for e in events if (e.get("pid"), e.get("tid")) in main and e.get("ph") == "X" and "dur" in e),
                   key=lambda e: (e["ts"], -e["dur"]))
    stack: list[dict[str, Any]] = []
    for e in spans:  # each event's parent: the innermost event still open when it starts
        while stack and stack[-1]["ts"] + stack[-1]["dur"] <= e["ts"]:
            stack.pop()
        e["_parent"] = stack[-1] if stack else None
        if stack:
            stack[-1]["_children"] = stack[-1].get("_children", 0) + e["dur"]
        stack.append(e)
    by_start: dict[str, dict[str, float]] = {}
    for e in spans:
        start, up = "other", e
        while up is not None:  # the outermost event saying what started the task
            if up["name"] == "Receive mojo message":
                tag = up.get("args", {}).get("chrome_mojo_event_info", {}).get("mojo_interface_tag", "")
                start = {"network.mojom.WebSocketClient": "websocket frames",
                         "blink.mojom.DevToolsSession": "DevTools (the benchmark's)"}.get(tag, tag or start)
            elif up["name"] == "ProxyMain::BeginMainFrame":
                start = "frames drawn"
            elif up["_parent"] is None and start == "other":  # the task itself: what posted it
                start = str(up.get("args", {}).get("src_func") or "other")
            up = up["_parent"]
        mine = by_start.setdefault(start, {})
        mine[e["name"]] = mine.get(e["name"], 0.0) + (e["dur"] - e.get("_children", 0)) / 1000
    for start, names in sorted(by_start.items(), key=lambda kv: -sum(kv[1].values()))[:5]:
        biggest = sorted(names.items(), key=lambda kv: -kv[1])[:top]
        lines.append(f"  the page's main thread, {start}: {sum(names.values()) / clicks:.1f} ms a click (wall), "
                     + ", ".join(f"{k} {v / clicks:.1f}" for k, v in biggest))
    return "\n".join(lines)


async def settled(server: Any, *, seconds: float = 60) -> None:
    """Wait until the kernel kept ready for the next page has started and the server's processes are idle (under
    2 % of a core for a second), at most ``seconds``: its start is no part of a click."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        before = process_cpu(server)
        await asyncio.sleep(1)
        after = process_cpu(server)
        ready = any(kind == "the kernel kept ready" for kind, _ in after.values())
        busy = sum(t - before.get(pid, (k, t))[1] for pid, (k, t) in after.items() if not k.startswith("Chromium"))
        if ready and busy < 0.02:
            return


def cpu_per_click(before: dict[int, tuple[str, float]], after: dict[int, tuple[str, float]], clicks: int) -> str:
    """The CPU each kind of process used between ``before`` and ``after``, in ms a click, the largest first."""
    used: dict[str, float] = {}
    for pid, (kind, seconds) in after.items():
        used[kind] = used.get(kind, 0.0) + seconds - before.get(pid, (kind, 0.0))[1]
    total = sum(used.values())
    return (f"CPU per click, {1000 * total / clicks:.1f} ms in all: " + ", ".join(
        f"{kind} {1000 * ms / clicks:.1f}" for kind, ms in sorted(used.items(), key=lambda kv: -kv[1])
        if ms >= 0.05 * clicks / 1000))


async def measure_load(context: Any, url: str) -> dict[str, float]:
    """One load's phases, in seconds from the navigation's start (see the module's docstring), in a page of the
    browser context ``context`` (what it kept of earlier loads is used)."""
    page = await context.new_page()
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
    marks["requests"], marks["from cache"] = await page.evaluate(  # from the cache: nothing asked of the server
        "() => { const r = performance.getEntriesByType('resource');"
        " return [r.length, r.filter(e => e.transferSize === 0 && e.decodedBodySize > 0).length]; }")
    await page.close()
    return marks


async def measure_loads(browser: Any, url: str, *, loads: int, gap: float, again: bool = False) -> None:
    """``loads`` loads, each once the server is idle again, and their medians. ``again``: all in one browser context,
    as a learner coming back to the table (the first load's medians apart from the others')."""
    kept = await browser.new_context(viewport=VIEWPORT) if again else None
    rows: list[dict[str, float]] = []
    for _ in range(loads):
        await asyncio.sleep(gap)  # Voilà closes the last page's kernel and readies the next one
        context = kept or await browser.new_context(viewport=VIEWPORT)  # else each a first visit, nothing cached
        rows.append(await measure_load(context, url))
        if kept is None:
            await context.close()
        print("  " + ", ".join(f"{k} {v:.2f}" for k, v in rows[-1].items()), flush=True)
    groups = [("the first visit", rows[:1]), ("the visits after it", rows[1:])] if again else [("", rows)]
    for title, group in groups:
        if group:
            keys = group[0].keys()
            print(f"medians{' of ' + title if title else ''}: "
                  + ", ".join(f"{k} {statistics.median(r.get(k, float('nan')) for r in group):.2f}" for k in keys))
    if kept is not None:
        await kept.close()


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
    parser.add_argument("--again", action="store_true", help="with --loads: all loads in one browser context, as a "
                        "learner coming back to the table (what the browser kept of the first load used)")
    parser.add_argument("--gap", type=float, default=6.0, help="seconds before each load (the next kernel readied)")
    parser.add_argument("--timeline", action="store_true", help="take each click apart: the way to the kernel, its "
                        "work, the way back, the page's drawing")
    parser.add_argument("--cpu", action="store_true", help="with the clicks: the CPU time a click takes in each "
                        "process (Chromium's by their kind, Voilà's server, the kernel, the benchmark's driver)")
    parser.add_argument("--trace", action="store_true", help="with the clicks: Chromium's trace over them, each "
                        "thread's time and the page's main thread by what started its work")
    parser.add_argument("--in-page", action="store_true", help="the clicks made by the page itself, not through "
                        "Playwright (bench/table.py's play_clicks_in_page: nothing of the benchmark's between clicks)")
    parser.add_argument("--profile", action="store_true", help="profile the page's JavaScript during one load")
    parser.add_argument("--server-option", action="append", default=[], metavar="NAME=VALUE",
                        help="a setting of the table's server, as --TableServer.NAME=VALUE (page_scripts=False: the "
                             "page's scripts asked for one by one, as Voilà serves them); the server runs from this "
                             "checkout, even with --source")
    parser.add_argument("--source", default=None, help="serve this checkout of the project instead (to compare)")
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
