"""Serving the table to a class: kernels given back, bounded, refused to other sites; stopping on SIGTERM.

Voilà runs as ``vint table`` runs it (:mod:`vint_core.app.server`), pages are opened in Debian's
Chromium. Kernels are counted as the server's child processes running ``ipykernel``.
Missing Chromium, Voilà or Playwright fails these tests: they never skip.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import browser_support as bs
import psutil
import pytest

from vint_core.app.launch import HOST, free_port, wait_until_serving

ENV = {"VINT_BOTS": "rule", "VINT_SEED": "7", "VINT_PACE": "none", "VINT_LANG": "en"}
CALLS = ".vint-biddingbox:not(.vint-wait) button.vint-call:enabled:visible"


def kernels(pid: int) -> set[int]:
    """The kernels (ipykernel processes) under the process ``pid``.

    A process a kernel starts (each table's kernel runs ``uname -p`` and ``/sbin/ldconfig -p`` as it imports) has
    the kernel's command line from its fork until its ``exec``, a moment that grows long on a busy machine: it is
    the kernel's child, not a kernel, and is not counted (it was, once: "10 kernels" at a limit of 9)."""
    try:
        children = psutil.Process(pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return set()
    found: dict[int, int] = {}
    for child in children:
        try:
            if "ipykernel" in " ".join(child.cmdline()):
                found[child.pid] = child.ppid()
        except psutil.Error:
            continue
    return {kernel for kernel, parent in found.items() if parent not in found}


def describe(pid: int) -> str:
    """The process ``pid`` and those under it, a line each: pid, status, command line."""
    lines = []
    try:
        top = psutil.Process(pid)
        for proc in [top, *top.children(recursive=True)]:
            with contextlib.suppress(psutil.Error):
                lines.append(f"{proc.pid} {proc.status()} {' '.join(proc.cmdline())[:160]}")
    except psutil.NoSuchProcess:
        lines.append(f"{pid} gone")
    return "\n".join(lines)


def get(url: str, headers: dict[str, str] | None = None) -> tuple[int, str]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode()


def open_table(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(".vint-table", timeout=bs.WAIT_SECONDS * 1000)
    page.wait_for_selector(CALLS, timeout=bs.WAIT_SECONDS * 1000)


def calls_saved(data_dir: Path) -> list[str]:
    path = data_dir / "table.json"
    return list(json.loads(path.read_text(encoding="utf-8"))["deal"]["calls"]) if path.exists() else []


def test_pages_closed_give_their_kernels_back_and_the_limit_holds(tmp_path: Path) -> None:
    bs.require_tools()
    data_dir = bs.clean_dir(tmp_path / "data")
    with bs.voila_server(data_dir=data_dir, env=ENV, name="serving", preheat=False, max_tables=1,
                         extra=()) as server, bs.chromium() as browser:
        pid = server.process.pid
        assert kernels(pid) == set()
        # a request from another site starts nothing
        for _ in range(3):
            status, text = get(server.url, {"Origin": "http://evil.example"})
            assert status == 403 and "Not from here" in text
        assert kernels(pid) == set()

        first = browser.new_page()
        open_table(first, server.url)
        assert len(kernels(pid)) == 1
        # the only table is taken: a second page is told so, in words, and starts no kernel
        second = browser.new_page()
        answer = second.goto(server.url)
        assert answer is not None and answer.status == 503
        assert "The table is full" in second.content() and "Tische" in second.content()
        assert "Traceback" not in second.content()
        assert len(kernels(pid)) == 1

        # a reload gives the old kernel back: never more than one kernel, and within seconds one again
        first.reload()
        first.wait_for_selector(".vint-table", timeout=bs.WAIT_SECONDS * 1000)
        bs.wait_for(lambda: len(kernels(pid)) == 1)
        # leaving the page gives its kernel back within seconds (its beforeunload beacon), and the second page
        # gets the table
        first.goto("about:blank")
        first.close()
        started = time.monotonic()
        bs.wait_for(lambda: not kernels(pid))
        released = time.monotonic() - started
        print(f"kernel released {released:.1f} s after the page closed")
        open_table(second, server.url)
        assert len(kernels(pid)) == 1


def test_an_idle_table_is_culled_with_its_game_saved(tmp_path: Path) -> None:
    bs.require_tools()
    data_dir = bs.clean_dir(tmp_path / "data")
    # idle for 15 s: culled then (checked every 3 s); with 6 s a busy machine could let the table idle that long
    # between its drawing and the test's first click, and the click found no kernel
    with bs.voila_server(data_dir=data_dir, env=ENV, name="serving-idle", preheat=False, idle_minutes=0.25,
                         extra=()) as server, bs.chromium() as browser:
        page = browser.new_page()
        open_table(page, server.url)
        before = calls_saved(data_dir)
        drawn = bs.render_count(page)
        page.locator(CALLS, has_text="Pass").filter(visible=True).first.click()
        bs.wait_for(lambda: len(calls_saved(data_dir)) > len(before))
        # the computer players answered and the table is drawn for the learner's next call (the bidding box seen
        # before that drawing is the one clicked): the game waits, all saved
        bs.wait_for(lambda: bs.render_count(page) > drawn and bs.drawn_turn(page) == "call")
        saved = calls_saved(data_dir)
        # the page stays open, nobody clicks: the table is culled and its memory given back
        bs.wait_for(lambda: not kernels(server.process.pid))
        assert calls_saved(data_dir) == saved
        page.reload()
        page.wait_for_selector(".vint-table", timeout=bs.WAIT_SECONDS * 1000)
        bs.wait_for(lambda: "welcome back" in page.locator(".vint-status").first.inner_text())


def signal_thread(pid: int, tid: int, signum: int) -> None:
    """Send ``signum`` to the thread ``tid`` of process ``pid`` (glibc's ``tgkill``): as Linux may hand a signal sent
    to the process to any of its threads that does not block it, not always the main one."""
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.tgkill(pid, tid, signum) != 0:
        raise OSError(ctypes.get_errno(), f"tgkill {pid} {tid}")


@pytest.mark.parametrize("taken_by", ["the process", "its log thread"])
def test_sigterm_stops_voila_and_its_kernels(tmp_path: Path, taken_by: str) -> None:
    """``vint table`` stopped with SIGTERM (as a service manager stops it) leaves no server and no kernel, whichever
    of its threads takes the signal (Python runs the handler in the main thread: one blocked in ``waitpid`` for
    Voilà never ran it, and the command never stopped)."""
    port = free_port()
    # the command's output goes to a file (a pipe nobody reads could fill and stop it); PYTHONFAULTHANDLER: if it
    # does not stop, SIGABRT makes it write where each of its threads is before it ends
    output = tmp_path / "vint-table.out"
    env = {**os.environ, "VINT_DATA_DIR": str(tmp_path), "PYTHONFAULTHANDLER": "1"}
    with output.open("wb") as out:
        process = subprocess.Popen([sys.executable, "-m", "vint_core.cli", "table", "--no-browser", f"--port={port}"],
                                   env=env, stdout=out, stderr=subprocess.STDOUT)
    family: set[int] = set()
    try:
        wait_until_serving(f"http://{HOST}:{port}/", timeout=90)
        # the kernel kept ready is started a moment after the server: wait for it; and for the command's last line
        # (where its log is), printed just before it waits for Voilà to end
        bs.wait_for(lambda: kernels(process.pid) and "vint-table.log" in output.read_text(errors="replace"))
        family = {p.pid for p in psutil.Process(process.pid).children(recursive=True)}
        assert family
        if taken_by == "the process":
            process.send_signal(signal.SIGTERM)
        else:
            others = [t.id for t in psutil.Process(process.pid).threads() if t.id != process.pid]
            assert others, "vint table copies Voilà's log in a thread of its own"
            signal_thread(process.pid, others[0], signal.SIGTERM)
        try:
            code = process.wait(timeout=60)  # Voilà is given 15 s to stop its kernels, then they are killed
        except subprocess.TimeoutExpired:
            left = describe(process.pid)
            process.send_signal(signal.SIGABRT)
            process.wait(timeout=30)
            raise AssertionError(f"vint table still running 60 s after SIGTERM; its processes then:\n{left}\n"
                                 f"its output:\n{output.read_text(errors='replace')[-6000:]}") from None
        assert code == 0, output.read_text(errors="replace")[-3000:]
        bs.wait_for(lambda: not any(psutil.pid_exists(p) and psutil.Process(p).status() != psutil.STATUS_ZOMBIE
                                    for p in family))
    finally:
        for pid in [process.pid, *family]:  # a command that did not stop leaves no Voilà nor kernel behind
            with contextlib.suppress(psutil.Error):
                psutil.Process(pid).kill()


def test_two_tabs_on_one_game_stay_in_step(tmp_path: Path) -> None:
    """The older tab's next click finds that the game went on in the newer one: it shows that game, says so,
    and has overwritten nothing."""
    bs.require_tools()
    data_dir = bs.clean_dir(tmp_path / "data")
    with bs.voila_server(data_dir=data_dir, env=ENV, name="serving-tabs", preheat=False, max_tables=2,
                         extra=()) as server, bs.chromium() as browser:
        older = browser.new_page()
        open_table(older, server.url)
        newer = browser.new_page()
        open_table(newer, server.url)
        before = calls_saved(data_dir)
        newer.locator(CALLS, has_text="Pass").filter(visible=True).first.click()
        bs.wait_for(lambda: len(calls_saved(data_dir)) > len(before))
        newer.wait_for_selector(CALLS, timeout=bs.WAIT_SECONDS * 1000)
        played = calls_saved(data_dir)
        older.locator(CALLS, has_text="Pass").filter(visible=True).first.click()
        bs.wait_for(lambda: "another tab" in older.locator(".vint-status").first.inner_text())
        assert calls_saved(data_dir) == played  # the newer tab's game is kept
        bs.screenshot(older, "table-two-tabs-older")
        # the older tab now plays on from there
        older.wait_for_selector(CALLS, timeout=bs.WAIT_SECONDS * 1000)
        older.locator(CALLS, has_text="Pass").filter(visible=True).first.click()
        bs.wait_for(lambda: len(calls_saved(data_dir)) > len(played))
        assert calls_saved(data_dir)[:len(played)] == played


def auction_shown(page: Any) -> int:
    """How many calls the page's auction shows."""
    return int(page.evaluate("() => Math.max(0, ...[...document.querySelectorAll('.vint-auctionview')]"
                             ".map(a => a.querySelectorAll('.vint-call-text').length))"))


def test_the_kernel_kept_ready_opens_the_table_ahead_and_a_page_after_another_tabs_move_shows_it(
        tmp_path: Path) -> None:
    """The kernel kept ready opens the shared table before any page asks (the server's log says so). The first page
    takes that table; the next kernel kept ready opens the game as saved then, another tab plays on, and the page
    opened after that shows the game as that tab left it (the table opened ahead closed, the page's opened anew):
    its own click is then saved after the other tab's, with no word of "another tab"."""
    bs.require_tools()
    data_dir = bs.clean_dir(tmp_path / "data")
    ahead, taken, closed = ("the table opened ahead of its page", "the page takes the table opened ahead",
                            "the table opened ahead closed (the game saved since)")
    with bs.voila_server(data_dir=data_dir, env=ENV, name="serving-ahead", max_tables=3,
                         extra=()) as server, bs.chromium() as browser:
        bs.wait_for(lambda: server.log_text().count(ahead) == 1, seconds=120)
        first = browser.new_page()
        open_table(first, server.url)
        assert server.log_text().count(taken) == 1
        bs.wait_for(lambda: server.log_text().count(ahead) == 2, seconds=120)  # the next kernel kept ready
        before = calls_saved(data_dir)
        first.locator(CALLS, has_text="Pass").filter(visible=True).first.click()
        bs.wait_for(lambda: len(calls_saved(data_dir)) > len(before))
        first.wait_for_selector(CALLS, timeout=bs.WAIT_SECONDS * 1000)
        played = calls_saved(data_dir)
        second = browser.new_page()
        open_table(second, server.url)
        assert server.log_text().count(closed) == 1 and server.log_text().count(taken) == 1
        assert auction_shown(second) == len(played)
        second.locator(CALLS, has_text="Pass").filter(visible=True).first.click()
        bs.wait_for(lambda: len(calls_saved(data_dir)) > len(played))
        assert calls_saved(data_dir)[:len(played)] == played
        assert "another tab" not in second.locator(".vint-status").first.inner_text()


def test_forged_widget_messages_bring_no_traceback_or_server_path_to_the_page(tmp_path: Path) -> None:
    """A page that sends what no button sends (a dropdown index out of range, a click on a disabled card, an
    unknown widget, a control channel of another version) gets no traceback and no server path back, and the
    table plays on."""
    import asyncio
    import uuid

    import widget_client as wc

    bs.require_tools()
    data_dir = bs.clean_dir(tmp_path / "data")
    secrets = ("Traceback", "site-packages", str(bs.ROOT), 'File "', "/usr/lib/python")

    async def forge(url: str) -> None:
        client = wc.TableClient(url)
        await client.open()
        try:
            for dropdown in client.find("DropdownModel"):
                for forged in (99, "x", None, -1):
                    await client.set_state(dropdown, {"index": forged})
            disabled = [mid for mid, m in client.models.items()
                        if "vint-card" in m.get("_dom_classes", ()) and m.get("disabled")]
            for button in disabled[:3]:
                await client.click(button)
            await client.send("comm_msg", {"comm_id": uuid.uuid4().hex, "data": {"method": "custom"}})
            await client.send("comm_open", {"comm_id": uuid.uuid4().hex, "target_name": "jupyter.widget.control",
                                            "data": {}}, metadata={"version": "0.1"})
            await client.send("comm_msg", {"comm_id": client.controls()[0], "data": {"method": "nonsense"}})
            # the table still plays; its drawing comes after the answers to every message sent before the click
            assert await client.click_and_wait(client.controls()[0]) < bs.WAIT_SECONDS
            leaked = [m for m in client.received if any(s in m for s in secrets)]
            assert not leaked, leaked[0][:500]
        finally:
            await client.close()

    with bs.voila_server(data_dir=data_dir, env=ENV, name="serving-forged", extra=()) as server:
        asyncio.run(forge(server.url))
        assert "Traceback" in server.log_text() or "Error" in server.log_text()  # the server's log has it


def test_a_kernels_own_child_is_not_counted_as_a_kernel() -> None:
    """A process with a kernel's command line that forks (as a kernel does for ``uname``, until the child's
    ``exec``): one kernel, not two."""
    script = "import os, sys, time\nif os.fork() == 0:\n    time.sleep(60)\nelse:\n    print('forked', flush=True)\n" \
             "    time.sleep(60)\n"
    server = subprocess.Popen([sys.executable, "-c", "import subprocess, sys; subprocess.run(sys.argv[1:])",
                               sys.executable, "-c", script, "ipykernel_launcher"], stdout=subprocess.PIPE,
                              text=True, start_new_session=True)
    try:
        assert server.stdout is not None and server.stdout.readline() == "forked\n"
        bs.wait_for(lambda: len(psutil.Process(server.pid).children(recursive=True)) == 2, seconds=30)
        assert len(kernels(server.pid)) == 1
    finally:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()


def test_the_command_line_sets_the_limits() -> None:
    from vint_core.app.launch import voila_command
    from vint_core.cli import build_parser

    args = build_parser().parse_args(["table", "--max-tables", "3", "--idle-minutes", "2"])
    assert args.max_tables == 3 and args.idle_minutes == 2
    cmd = voila_command(port=8899, max_tables=3, idle_minutes=2)
    assert "--TableServer.max_tables=3" in cmd and "--MappingKernelManager.cull_idle_timeout=120" in cmd
    assert "--MappingKernelManager.cull_connected=True" in cmd  # an open but idle page is culled too
