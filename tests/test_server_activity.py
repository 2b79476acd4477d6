"""The server's watch on each table's messages (``vint_core.app.server.watch_activity``), which tells an idle table
from one in use: a table that is clicked is never culled; once nobody clicks, it is.

The clients speak the page's websocket protocol (``tests/widget_client.py``): no browser needed, but Voilà is.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import browser_support as bs
import widget_client as wc
from test_app_serving import ENV, kernels


def test_a_table_in_use_is_kept_and_an_idle_one_culled(tmp_path: Path) -> None:
    data_dir = bs.clean_dir(tmp_path / "data")
    # culled after 6 s without activity, looked at every second
    with bs.voila_server(data_dir=data_dir, env=ENV, name="serving-activity", preheat=False, idle_minutes=0.1,
                         extra=()) as server:
        pid = server.process.pid

        async def play() -> None:
            client = wc.TableClient(server.url)
            await client.open()
            try:
                (kernel,) = kernels(pid)
                until = time.monotonic() + 15  # longer than the idle timeout: each click is activity
                while time.monotonic() < until:
                    await client.click_and_wait(client.controls()[0], seconds=30)
                    assert kernels(pid) == {kernel}
                    await asyncio.sleep(2)
                # nobody clicks now: the table is culled
                deadline = time.monotonic() + 60
                while kernels(pid) and time.monotonic() < deadline:
                    await asyncio.sleep(0.5)
                assert not kernels(pid)
            finally:
                await client.close()

        asyncio.run(play())
