"""``vint table`` keeps Voilà's log (its kernels' errors included) in a rotated file in the data folder, says where,
and prints the link with the token that opens the table."""

from __future__ import annotations

import asyncio
import io
import os
import re
import subprocess
import sys
from pathlib import Path

import browser_support as bs
import widget_client as wc
from test_app_serving import get, kernels

from vint_core.app.launch import HOST, copy_to_log, free_port, stop_voila, wait_until_serving


def test_the_log_is_rotated(tmp_path: Path) -> None:
    log = tmp_path / "data" / "vint-table.log"
    lines = b"".join(f"line {i:05d} {'x' * 90}\n".encode() for i in range(2000))  # about 200 kB
    copy_to_log(io.BytesIO(lines + "a last line, not UTF-8: \xff\n".encode("latin-1")), log,
                max_bytes=20_000, backups=3).join(timeout=60)
    kept = sorted(path.name for path in log.parent.iterdir())
    assert kept == ["vint-table.log", "vint-table.log.1", "vint-table.log.2", "vint-table.log.3"]
    assert all(path.stat().st_size <= 20_000 for path in log.parent.iterdir())
    text = log.read_text(encoding="utf-8")
    assert text.endswith(" a last line, not UTF-8: \ufffd\n") and "line 01999" in text
    assert "line 01999" not in (log.parent / "vint-table.log.1").read_text(encoding="utf-8")


def test_vint_table_prints_its_link_and_log_and_the_log_has_the_kernels_errors(tmp_path: Path) -> None:
    bs.require_tools()
    data_dir = bs.clean_dir(tmp_path / "data")
    port = free_port()
    env = {**os.environ, "VINT_DATA_DIR": str(data_dir), "VINT_BOTS": "rule", "VINT_PACE": "none"}
    process = subprocess.Popen([sys.executable, "-m", "vint_core.cli", "table", "--no-browser", f"--port={port}"],
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               start_new_session=True)
    try:
        assert process.stdout is not None
        said = [process.stdout.readline() for _ in range(2)]
        link = re.search(rf"http://{re.escape(HOST)}:{port}/\?token=[\w-]{{20,}}", said[0])
        assert link is not None, said
        log = data_dir / "vint-table.log"
        assert said[1].strip() == f"Its log (with the errors the page does not show): {log}"
        wait_until_serving(f"http://{HOST}:{port}/", timeout=90)
        assert "Voilà is running at" in log.read_text(encoding="utf-8")

        status, text = get(f"http://{HOST}:{port}/")  # the address without its token
        assert status == 403 and "Open the table's link" in text
        bs.wait_for(lambda: "Refused the page without the token" in log.read_text(encoding="utf-8"), seconds=30)

        async def forge() -> None:
            client = wc.TableClient(link.group(0))
            await client.open()
            try:
                boxes = client.find("CheckboxModel")  # the four-colour deck: a value that is no yes-or-no
                assert boxes
                for box in boxes:
                    await client.set_state(box, {"value": "yes"})
                await client.send("comm_msg", {"comm_id": client.controls()[0], "data": {"method": "nonsense"}})
                # the page learns nothing of it; the log has it
                await asyncio.to_thread(bs.wait_for, lambda: "Traceback" in log.read_text(encoding="utf-8"),
                                        seconds=60)
                assert not [m for m in client.received if "Traceback" in m or "site-packages" in m]
            finally:
                await client.close()

        asyncio.run(forge())
        assert kernels(process.pid)
    finally:
        stop_voila(process, timeout=60)
