"""A kernel's share of a click, without Jupyter: CPU time and widget messages per click of the table, in one process.

Plays ``--tables`` tables one after the other, each from a new game for ``--clicks`` random legal clicks
(a call, a card or "Next deal", as bench/load.py's clients click), with rule bots (``--bots``: others) at
pace ``none`` and the game saved to a temporary folder after each click, as the served table does. The
widgets' messages are counted, not sent. Printed: CPU milliseconds per click (``time.process_time``: steady
on a busy machine), widget messages per click, and the wall clock of a click with the computer players'
answers, p50 / p95 / max, and how soon the learner's own action is drawn, where it is drawn before the answers
(``Table._draw_action``). The review's work at a deal's end (the learner's cards and calls weighed: a second or two
of the solver), which a served kernel hands to a worker process of its own (``vint_core.table.review_work``), is
worked out here at once and left out of the clicks' figures, printed apart. First, what a new table's page loads: its
widget models and the bytes of their state (each one's ``comm_open``), and the kernel's messages to build it. A long
game (``--tables 1 --clicks 450``) shows what grows with the rubbers played.

Run: ``PYTHONPATH=. .venv/bin/python bench/click_cpu.py [--tables 30] [--clicks 15] [--bots rule] [--by-widget 20]
[--profile cumtime]``;
``--bots rule,sim-fast,rule`` (from the learner's left, as ``vint table --bots``) gives North, South's partner,
SimBot ``fast`` and East and West RuleBot.
To measure an older version, put its ``vint_core`` first on the path (see bench/README.md).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import random
import tempfile
import time
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import psutil

from vint_core import Seat
from vint_core.cli.args import bots_arg as bot_names
from vint_core.simulate import quantile
from vint_core.table import review_work
from vint_core.table.session import TableSession
from vint_core.widgets import Table


def controls(table: Table) -> list[Any]:
    """The buttons a learner can click now."""
    out: list[Any] = []
    if table.bidding.widget.layout.display != "none" and not table.bidding.waiting:
        out += [table.bidding.button(call) for call in table.bidding.enabled]
    out += [table.hand.button(card) for card in table.hand.enabled]
    if not table.next_button.disabled:
        out.append(table.next_button)
    return out


SENT = [0]  # widget messages so far
REVIEW: list[float] = []  # CPU seconds of each piece of the review's work
DRAWN: list[tuple[float, int]] = []  # per click that drew the learner's action first: seconds to it, its messages
CLICKED = [0.0]  # when the click being measured started (time.perf_counter)


def timed_action(draw: Any) -> Any:
    """Stands for ``Table._draw_action``: how soon after the click the learner's own action is drawn (before the
    computer players answer), and in how many widget messages."""

    def draw_timed(self: Any, action: Any) -> None:
        sent = SENT[0]
        draw(self, action)
        DRAWN.append((time.perf_counter() - CLICKED[0], SENT[0] - sent))

    return draw_timed


def measured_apart(run: Any) -> Any:
    """Stands for ``review_work._run``: the review's work (a finished deal's weighing, a card tried again), which a
    served kernel hands to its worker process, is worked out here at once (no event loop) and its CPU kept apart."""

    def run_apart(finish: Any, work: Any, *args: Any) -> None:
        started = time.process_time()
        run(finish, work, *args)
        REVIEW.append(time.process_time() - started)

    return run_apart


#: the widget messages so far by what they draw: the widget's class and CSS classes, and the traits they change
BY_WIDGET: dict[str, int] = {}


def count(self: Any, msg: Any, buffers: Any = None) -> None:
    """Stands for ``Widget._send``: the message is counted, not sent."""
    SENT[0] += 1
    if msg.get("method") == "update":
        kind = (f"{type(self).__name__} {' '.join(getattr(self, '_dom_classes', ()))}".strip()
                + f" ({', '.join(sorted(msg.get('state', {})))})")
        BY_WIDGET[kind] = BY_WIDGET.get(kind, 0) + 1


def play(tables: int, clicks: int, folder: Path, bots: dict[Seat, str],
         cpus: list[float] | None = None) -> tuple[float, int, list[float]]:
    """CPU seconds, widget messages and each click's wall-clock seconds (the tables' construction left out);
    each click's CPU seconds appended to ``cpus``."""
    used, messages, walls = 0.0, 0, []
    for i in range(tables):
        widgets.Widget.close_all()
        session = TableSession(seed=99 + i, bots=bots, save_path=folder / f"t{i}.json")
        table = Table(session, pace="none")
        rng = random.Random(i)
        sent, started, reviewed = SENT[0], time.process_time(), len(REVIEW)
        for _ in range(clicks):
            button = rng.choice(controls(table))
            clock, cpu, apart = time.perf_counter(), time.process_time(), sum(REVIEW)
            CLICKED[0] = clock
            button.click()
            review = sum(REVIEW) - apart
            walls.append(time.perf_counter() - clock - review)
            if cpus is not None:
                cpus.append(time.process_time() - cpu - review)
        used += time.process_time() - started - sum(REVIEW[reviewed:])
        messages += SENT[0] - sent
    return used, messages, walls


def opening(bots: dict[Seat, str]) -> str:
    """A new table's widget models, the KB of their state and the messages to build it (comms counted, not sent)."""
    import comm
    from comm.base_comm import BaseComm

    sent: list[int] = []  # the bytes of each message
    models = [0]

    class Counted(BaseComm):  # type: ignore[misc]
        def publish_msg(self, msg_type: str, data: Any = None, metadata: Any = None, buffers: Any = None,
                        **keys: Any) -> None:
            sent.append(len(json.dumps(data, default=str)))
            models[0] += msg_type == "comm_open"

    create, send = comm.create_comm, widgets.Widget._send
    comm.create_comm = lambda *args, **kwargs: Counted(*args, **kwargs)
    widgets.Widget._send = lambda self, msg, buffers=None: self.comm is not None and self.comm.send(data=msg)
    try:
        widgets.Widget.close_all()
        Table(TableSession(seed=99, bots=bots, autosave=False), pace="none")
        built = (models[0], len(sent), sum(sent))
    finally:
        comm.create_comm, widgets.Widget._send = create, send
        widgets.Widget.close_all()
    return (f"a new table: {built[0]} widget models, {built[1]} messages to build it, "
            f"{built[2] / 1024:.0f} KB of widget state")


def any_bots(text: str) -> str:
    """``--bots`` as ``vint table`` reads it, or with SimBot's measuring variants (``sim-fast/tricks=formula``…),
    which the table's menus do not offer: each name checked by ``make_bot``."""
    from vint_core.bots import BOT_NAMES, make_bot

    names = [name.strip().lower() for name in text.split(",")]
    if all(name in BOT_NAMES for name in names):
        return ",".join(bot_names(text))
    if len(names) not in (1, 3):
        raise argparse.ArgumentTypeError(text)
    for name in names:
        make_bot(name)  # raises for an unknown one
    return ",".join(names)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=30, help="tables played, each a new game")
    parser.add_argument("--clicks", type=int, default=15, help="clicks per table")
    parser.add_argument("--bots", type=any_bots, default="rule",
                        help="computer players: one name for all, or West, North, East "
                             "(from the learner's left, as vint table --bots; SimBot's measuring variants too)")
    parser.add_argument("--by-widget", type=int, default=0, metavar="N",
                        help="also the N kinds of widget update sent most a click (the widget, its classes, traits)")
    parser.add_argument("--profile", default=None, help="also play them under cProfile, sorted by this (cumtime …)")
    args = parser.parse_args()
    print(opening({seat: "rule" for seat in Seat}), flush=True)
    widgets.Widget._send = count
    review_work._run = measured_apart(review_work._run)  # type: ignore[assignment]
    Table._draw_action = timed_action(Table._draw_action)  # type: ignore[method-assign]
    names = args.bots.split(",") * 3 if "," not in args.bots else args.bots.split(",")
    from vint_core.widgets import settings as settings_widget

    # a measuring variant is not in the table's menu of computer players: added to it for this run only
    settings_widget.BOT_NAMES = tuple(dict.fromkeys([*settings_widget.BOT_NAMES, *names]))  # type: ignore[misc]
    bots = dict(zip((Seat.WEST, Seat.NORTH, Seat.EAST), names, strict=False)) | {Seat.SOUTH: "rule"}
    with tempfile.TemporaryDirectory() as folder:
        clicks = args.tables * args.clicks
        cpus: list[float] = []
        used, messages, walls = play(args.tables, args.clicks, Path(folder), bots, cpus)
        ms = sorted(1000 * wall for wall in walls)
        cpu_ms = sorted(1000 * cpu for cpu in cpus)
        print("computer players West, North (partner), East:",
              ", ".join(bots[seat] for seat in (Seat.WEST, Seat.NORTH, Seat.EAST)), flush=True)
        print(f"{clicks} clicks: {1000 * used / clicks:.2f} ms of CPU per click, {messages / clicks:.1f} widget "
              f"messages per click; a click with the answers, wall clock: p50 {quantile(ms, 0.5):.0f} ms, "
              f"p95 {quantile(ms, 0.95):.0f} ms, max {max(ms):.0f} ms; its CPU (DDS's threads included): "
              f"p50 {quantile(cpu_ms, 0.5):.1f} ms, p95 {quantile(cpu_ms, 0.95):.1f} ms, max {max(cpu_ms):.0f} ms; "
              f"the process's memory {psutil.Process().memory_info().rss / 2**20:.0f} MB", flush=True)
        if DRAWN:
            first = sorted(1000 * seconds for seconds, _ in DRAWN)
            print(f"the learner's own action drawn before the answers in {len(DRAWN)} clicks: p50 "
                  f"{quantile(first, 0.5):.2f} ms, p95 {quantile(first, 0.95):.2f} ms after the click, "
                  f"{sum(n for _, n in DRAWN) / len(DRAWN):.1f} widget messages", flush=True)
        if args.by_widget:
            print("widget updates per click by what they draw:")
            for kind, n in sorted(BY_WIDGET.items(), key=lambda kv: -kv[1])[:args.by_widget]:
                print(f"  {n / clicks:5.2f}  {kind}")
        if REVIEW:
            print(f"left out of those: the review's work, which the served kernel hands to a worker process: "
                  f"{len(REVIEW)} pieces, {1000 * sum(REVIEW) / len(REVIEW):.0f} ms of CPU each on average", flush=True)
        if args.profile:
            profile = cProfile.Profile()
            profile.runcall(play, args.tables, args.clicks, Path(folder), bots)
            pstats.Stats(profile).sort_stats(args.profile).print_stats(30)


if __name__ == "__main__":
    main()
