"""How many tables one server carries: clients that speak the widget protocol like a browser, without rendering.

For each number of tables (``--tables 1,10,25,50,75``) a fresh server is started as ``vint table``
starts it (one kernel kept ready), with ``--max-tables`` at that number. Each client opens its own
table (``/?table=load-<i>``: a save of its own), connects to its kernel's websocket
(``tests/widget_client.py``) and, every ``--interval`` seconds, clicks a legal card, call or "Next
deal" (as the page sends a click) and waits for the computer players' answers: the drawing after
which the learner can act again. Computer players play without pauses (``VINT_PACE=none``); they are
RuleBots unless ``--bots`` names others (``--bots rule,sim-fast,rule``: the table's default partner,
SimBot ``fast``, opposite each learner).

Printed per number of tables: clicks measured, click → answers p50 / p95 / max (ms), the memory
(RSS) of the kernels (the tables' and the one kept ready: their number, the mean per kernel, the
sum, and the server's own), the load average, and whether
one page more was told "The table is full" (503) without a kernel started for it.

Printed too, measures that do not depend on how busy the machine is: the CPU time per click of the kernels
(all of them), of the server process itself (one Tornado process relays every message of every table) and
of this process (every client, one asyncio loop), from ``/proc`` through psutil; the CPU per second the
kernels, the server and the clients use while every table is open and nobody clicks (``--idle-seconds``);
and the messages and bytes per click each way, received ones by type. The clients speak the page's
websocket protocol (``v1.kernel.websocket.jupyter.org``, as JupyterLab's code in the page does);
``--protocol json`` makes them speak Jupyter's older JSON one, as this benchmark did at first.

Run: ``.venv/bin/python bench/load.py [--tables 1,10,25,50,75] [--seconds 60] [--interval 2]``
Needs Voilà (the notebooks extra); no browser.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import browser_support as bs
import widget_client as wc

from vint_core.cli.args import bots_arg as bot_names

ENV = {"VINT_BOTS": "rule", "VINT_PACE": "none", "VINT_LANG": "en"}


def kernels(pid: int) -> list[psutil.Process]:
    found = []
    for child in psutil.Process(pid).children(recursive=True):
        try:
            if "ipykernel" in " ".join(child.cmdline()):
                found.append(child)
        except psutil.Error:
            continue
    return found


def rss_mb(process: psutil.Process) -> float:
    try:
        return float(process.memory_info().rss) / 2**20
    except psutil.Error:
        return 0.0


def cpu_seconds(process: psutil.Process) -> float:
    """The CPU seconds (user and system, all threads) ``process`` has used so far; 0 once it is gone."""
    try:
        times = process.cpu_times()
        return float(times.user + times.system)
    except psutil.Error:
        return 0.0


class CpuMeter:
    """CPU seconds used between :meth:`start` and :meth:`stop` by the kernels, the server process itself
    and this process (the clients): measures that do not depend on how busy the machine is."""

    def __init__(self, server_pid: int) -> None:
        self.server = psutil.Process(server_pid)
        self._kernels: dict[int, float] = {}
        self._server = self._client = 0.0

    def start(self) -> None:
        self._kernels = {k.pid: cpu_seconds(k) for k in kernels(self.server.pid)}
        self._server, self._client = cpu_seconds(self.server), time.process_time()

    def stop(self) -> dict[str, float]:
        used = sum(cpu_seconds(k) - self._kernels.get(k.pid, 0.0) for k in kernels(self.server.pid))
        return {"kernels": used, "server": cpu_seconds(self.server) - self._server,
                "client": time.process_time() - self._client}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


async def play(client: wc.TableClient, *, until: float, interval: float, rng: random.Random,
               times: list[float], errors: list[str]) -> None:
    """Click every ``interval`` seconds until ``until``; the click → answers times go to ``times``."""
    await asyncio.sleep(rng.uniform(0, interval))  # the learners do not click in step
    while time.monotonic() < until:
        started = time.monotonic()
        controls = client.controls()
        if controls:
            try:
                times.append(await client.click_and_wait(rng.choice(controls), seconds=60))
            except TimeoutError as err:
                errors.append(str(err))
        await asyncio.sleep(max(0.0, interval - (time.monotonic() - started)))


async def open_all(url: str, n: int, *, parallel: int, protocol: str) -> list[wc.TableClient]:
    gate = asyncio.Semaphore(parallel)

    async def one(i: int) -> wc.TableClient:
        async with gate:
            client = wc.TableClient(bs.page_url(url, table=f"load-{i}"), keep=False, protocol=protocol)
            await client.open()
            return client

    return list(await asyncio.gather(*(one(i) for i in range(n))))


def traffic(clients: list[wc.TableClient]) -> dict[str, int]:
    """Messages and bytes each way so far, summed over the clients, and the received messages by type."""
    out = {"sent": sum(c.sent_messages for c in clients), "sent_bytes": sum(c.sent_bytes for c in clients),
           "received": sum(c.received_messages for c in clients),
           "received_bytes": sum(c.received_bytes for c in clients)}
    for client in clients:
        for kind, count in client.received_by_type.items():
            out[f"received:{kind}"] = out.get(f"received:{kind}", 0) + count
    return out


async def run_level(url: str, n: int, *, seconds: float, interval: float, parallel: int,
                    server_pid: int, idle_seconds: float, protocol: str) -> dict[str, Any]:
    opened = time.monotonic()
    clients = await open_all(url, n, parallel=parallel, protocol=protocol)
    open_seconds = time.monotonic() - opened
    meter = CpuMeter(server_pid)
    await asyncio.sleep(min(idle_seconds, 5.0))  # the kernel kept ready is started again after a page took it
    meter.start()
    await asyncio.sleep(idle_seconds)  # every table open, nobody clicking: what the kernels cost doing nothing
    idle = meter.stop()
    times: list[float] = []
    errors: list[str] = []
    until = time.monotonic() + seconds
    before = traffic(clients)
    meter.start()
    await asyncio.gather(*(play(c, until=until, interval=interval, rng=random.Random(i), times=times, errors=errors)
                           for i, c in enumerate(clients)))
    busy = meter.stop()
    after = traffic(clients)
    per_click = {key: (value - before.get(key, 0)) / max(1, len(times)) for key, value in after.items()}
    table_kernels = kernels(server_pid)
    memory = [rss_mb(k) for k in table_kernels]
    # one page more: told that the table is full, and no kernel started for it
    before = len(kernels(server_pid))
    try:
        await asyncio.to_thread(wc.fetch_page, bs.page_url(url, table="one-too-many"))
        full = "no: a table was opened"
    except wc.PageRefused as refused:
        full = "yes (503)" if refused.status == 503 and "The table is full" in refused.text else f"{refused.status}"
    full += "" if len(kernels(server_pid)) <= before else ", but a kernel was started"
    for client in clients:
        await client.close()
    return {"tables": n, "clicks": len(times), "errors": len(errors), "open_s": open_seconds,
            "p50": statistics.median(times) * 1000 if times else float("nan"),
            "p95": percentile(times, 0.95) * 1000 if times else float("nan"),
            "max": max(times) * 1000 if times else float("nan"),
            "kernels": len(memory), "mb_per_table": statistics.mean(memory) if memory else 0.0,
            "mb_kernels": sum(memory), "mb_server": rss_mb(psutil.Process(server_pid)), "full": full,
            "load": os.getloadavg()[0],
            "cpu_ms": {part: 1000 * used / max(1, len(times)) for part, used in busy.items()},
            "idle_ms_per_s": {part: 1000 * used / max(idle_seconds, 1e-9) for part, used in idle.items()},
            "per_click": per_click}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", default="1,10,25,50,75", help="numbers of tables, separated by commas")
    parser.add_argument("--seconds", type=float, default=60.0, help="seconds of clicking per number of tables")
    parser.add_argument("--interval", type=float, default=2.0, help="seconds between two clicks of one table")
    parser.add_argument("--parallel", type=int, default=4, help="pages opened at the same time while starting")
    parser.add_argument("--seed", type=int, default=99, help="seed of the deals")
    parser.add_argument("--bots", type=lambda text: ",".join(bot_names(text)), default="rule",
                        help="computer players, as vint table --bots (default rule; the table's own default is "
                             "rule,sim-fast,rule)")
    parser.add_argument("--protocol", default=wc.V1, choices=(wc.V1, "json"),
                        help="the websocket protocol the clients speak: the page's (default), or Jupyter's older JSON "
                             "one, which makes the server decode and encode every message")
    parser.add_argument("--idle-seconds", type=float, default=10.0,
                        help="seconds with every table open and no clicks, to measure what idle tables cost")
    args = parser.parse_args()
    levels = [int(x) for x in args.tables.split(",") if x.strip()]
    print(f"# {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start; protocol {args.protocol}; "
          f"computer players {args.bots}",
          flush=True)
    print("tables  clicks  errors  open(s)  p50(ms)  p95(ms)  max(ms)  kernels  MB/kernel  MB kernels  MB server  "
          "load  one more: 'table is full'", flush=True)
    env = {**ENV, "VINT_SEED": str(args.seed), "VINT_BOTS": args.bots}
    for n in levels:
        with tempfile.TemporaryDirectory() as data, \
                bs.voila_server(data_dir=Path(data), env=env, name=f"load-{n}",
                                extra=(), max_tables=n) as server:
            r = asyncio.run(run_level(server.url, n, seconds=args.seconds, interval=args.interval,
                                      parallel=args.parallel, server_pid=server.process.pid,
                                      idle_seconds=args.idle_seconds,
                                      protocol="" if args.protocol == "json" else args.protocol))
        print(f"{r['tables']:6d}  {r['clicks']:6d}  {r['errors']:6d}  {r['open_s']:7.0f}  {r['p50']:7.0f}  "
              f"{r['p95']:7.0f}  {r['max']:7.0f}  {r['kernels']:7d}  {r['mb_per_table']:9.0f}  "
              f"{r['mb_kernels']:10.0f}  {r['mb_server']:9.0f}  {r['load']:4.1f}  {r['full']}", flush=True)
        cpu, idle, click = r["cpu_ms"], r["idle_ms_per_s"], r["per_click"]
        print(f"        CPU ms per click: kernels {cpu['kernels']:.1f}, server {cpu['server']:.1f}, "
              f"clients {cpu['client']:.1f}; idle CPU ms per s (all tables open, no clicks): kernels "
              f"{idle['kernels']:.1f}, server {idle['server']:.1f}, clients {idle['client']:.1f}", flush=True)
        kinds = ", ".join(f"{k.split(':', 1)[1]} {v:.1f}" for k, v in sorted(click.items())
                          if k.startswith("received:"))
        print(f"        per click: sent {click.get('sent', 0):.1f} messages ({click.get('sent_bytes', 0):.0f} B), "
              f"received {click.get('received', 0):.1f} ({click.get('received_bytes', 0):.0f} B: {kinds})",
              flush=True)
    print(f"# load average {os.getloadavg()[0]:.1f} at the end", flush=True)


if __name__ == "__main__":
    main()
