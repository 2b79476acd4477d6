"""send_now: the widgets' messages so far on their way to the page before the kernel goes on computing.

A kernel's messages to the page (a widget's new value among them) are not sent by the code that makes them: ipykernel
hands them to its IOPub thread, which sends them when it next holds Python's lock. While the kernel's own thread
goes on computing in Python (the computer players' answers to the learner's card), that thread hardly gets the lock:
measured with a kernel that sends 17 messages and then computes for 20 ms, the first message left after 22.7 ms, at
the end of the work (``bench/table_page.py --timeline`` shows it at the table: the learner's own card reached the
browser 26–39 ms after the kernel had drawn it, once the answers were worked out). :func:`send_now` waits, with the
lock let go, until that thread has sent everything handed to it so far, so the learner's action is on the page while
the answers are worked out.
"""

from __future__ import annotations

from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

__all__ = ["send_now"]

#: the longest wait: a stuck IOPub thread must not stop the table
SECONDS = 0.1


def send_now(io_thread: Any | None = None, *, seconds: float = SECONDS) -> bool:
    """Wait until ``io_thread`` (ipykernel's ``IOPubThread``; by default the running kernel's) has sent every message
    handed to it before this call, at most ``seconds``. True once they are sent; False outside a kernel, or if the
    wait ran out (nothing is lost then: they are sent as before, later)."""
    if io_thread is None:
        io_thread = _kernel_io_thread()
        if io_thread is None:
            return False
    if not io_thread.thread.is_alive():  # no thread: ipykernel sends each message at once
        return True
    sent: Future[None] = Future()
    io_thread.schedule(lambda: sent.set_result(None))  # after the messages handed over: the thread takes them in order
    try:
        sent.result(timeout=seconds)  # the lock let go while it waits; no thread of this module's own
    except FutureTimeout:
        return False
    return True


def _kernel_io_thread() -> Any | None:
    """The running kernel's IOPub thread, or None outside a kernel (a script, a test)."""
    try:
        from ipykernel.kernelbase import Kernel
    except ImportError:  # pragma: no cover - ipykernel comes with ipywidgets' kernels
        return None
    if not Kernel.initialized():
        return None
    return getattr(Kernel.instance(), "iopub_thread", None)
