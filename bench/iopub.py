"""How soon a kernel's messages leave while the kernel goes on computing, without and with ``send_now``.

Starts a real ipykernel (``jupyter_client``), and in it, for each amount of work: hands 17 messages to the kernel's
IOPub thread (as 17 widget updates of a click are), calls ``vint_core.widgets.sending.send_now`` or not, then
computes in Python for that long. Prints, from the moment each message was made (stamped in it) to its arrival on
the iopub socket here, the first message's and the last's (medians over 15 tries, and the first's maximum). No
Jupyter server in between: the kernel's own sending only. Printed, never asserted.

Run: ``.venv/bin/python bench/iopub.py [--tries 15] [--work 0,20,60]``
"""

from __future__ import annotations

import argparse
import statistics
import time

CODE = """
import time
from vint_core.widgets.sending import send_now
_kernel = get_ipython().kernel

def _burst(n, work_ms, flush):
    for i in range(n):
        _kernel.session.send(_kernel.iopub_socket, "comm_msg", {"comm_id": "bench", "data": {"t": time.time()}},
                             parent=_kernel.get_parent())
    if flush:
        send_now()
    end = time.perf_counter() + work_ms / 1000
    x = 0
    while time.perf_counter() < end:
        x += 1
"""


def main() -> None:
    from jupyter_client.manager import start_new_kernel

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tries", type=int, default=15)
    parser.add_argument("--work", default="0,20,60", help="ms of computing after the messages, comma-separated")
    args = parser.parse_args()
    manager, client = start_new_kernel(kernel_name="python3")
    try:
        client.execute_interactive(CODE, timeout=60)
        for work in (int(w) for w in args.work.split(",")):
            for flush in (False, True):
                firsts, lasts = [], []
                for _ in range(args.tries):
                    msg_id = client.execute(f"_burst(17, {work}, {flush})")
                    arrivals = []
                    while True:
                        msg = client.get_iopub_msg(timeout=30)
                        if msg["parent_header"].get("msg_id") != msg_id:
                            continue
                        if msg["msg_type"] == "comm_msg":
                            arrivals.append(1000 * (time.time() - msg["content"]["data"]["t"]))
                        if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                            break
                    firsts.append(arrivals[0])
                    lasts.append(arrivals[-1])
                print(f"work {work:3d} ms, {'with send_now' if flush else 'without    '}: the first message after "
                      f"{statistics.median(firsts):5.1f} ms (max {max(firsts):5.1f}), the last after "
                      f"{statistics.median(lasts):5.1f} ms", flush=True)
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


if __name__ == "__main__":
    main()
