"""A test that hangs does not hang the run silently (pyproject's timeout settings, run with shortened limits).

pytest runs a file of tests in a worker of its own with the project's settings. A test waiting in Python for
something that never comes is ended (pytest-timeout) and the next test runs. A test waiting inside a C library (a
condition variable no one signals, as a solver's threads or a database driver wait) is out of that alarm's reach,
since Python never runs again to act on it: it gets every thread's stack written to the run's output (faulthandler),
which names the test and the line it waits on.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tomllib
from pathlib import Path

import browser_support as bs

ROOT = Path(__file__).resolve().parent.parent

IN_PYTHON = '''
import threading


def test_waits_in_python_for_ever():
    threading.Event().wait()


def test_the_next_one():
    assert True
'''

IN_C = '''
import ctypes


def test_waits_in_c_for_ever():
    libc = ctypes.CDLL(None)
    mutex, cond = ctypes.create_string_buffer(64), ctypes.create_string_buffer(64)
    libc.pthread_mutex_init(mutex, None)
    libc.pthread_cond_init(cond, None)
    libc.pthread_mutex_lock(mutex)
    while True:
        libc.pthread_cond_wait(cond, mutex)
'''


def pytest_command(folder: Path, test_file: str, *limits: str) -> list[str]:
    """pytest with the project's settings, on ``folder/test_file``, in one worker, with ``limits`` (``-o`` options)."""
    options = [part for limit in limits for part in ("-o", limit)]
    return [sys.executable, "-m", "pytest", "-c", str(ROOT / "pyproject.toml"), "--rootdir", str(folder),
            "-n", "1", "-q", *options, str(folder / test_file)]


def test_a_test_waiting_in_python_is_ended_and_the_next_test_runs(tmp_path: Path) -> None:
    (tmp_path / "test_stuck.py").write_text(IN_PYTHON, encoding="utf-8")
    try:  # the limit only tells a hang from an answer: the run ends within seconds when the timeout works
        run = subprocess.run(pytest_command(tmp_path, "test_stuck.py", "timeout=5"), cwd=tmp_path,
                             capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired as hung:
        raise AssertionError(f"the run still waited after 300 s: the test was never ended\n{hung.stdout}") from None
    out = run.stdout + run.stderr
    assert run.returncode == 1, out
    assert "FAILED test_stuck.py::test_waits_in_python_for_ever - Failed: Timeout" in out, out
    assert "1 failed, 1 passed" in out, out


def test_a_test_waiting_inside_c_has_its_stack_written_to_the_runs_output(tmp_path: Path) -> None:
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    assert 0 < float(settings["faulthandler_timeout"]) < float(settings["timeout"])  # the stacks come first
    (tmp_path / "test_stuck.py").write_text(IN_C, encoding="utf-8")
    output = tmp_path / "output.txt"
    with output.open("wb") as sink:
        run = subprocess.Popen(pytest_command(tmp_path, "test_stuck.py", "faulthandler_timeout=5"), cwd=tmp_path,
                               stdout=sink, stderr=subprocess.STDOUT, start_new_session=True)

    def said() -> str:
        return output.read_text(encoding="utf-8", errors="replace")

    try:
        try:
            bs.wait_for(lambda: "in test_waits_in_c_for_ever" in said(), seconds=120, interval=0.2)
        except Exception:
            raise AssertionError(f"no stack of the hung test in the run's output:\n{said()}") from None
        assert "Timeout (0:00:05)!" in said() and 'test_stuck.py", line 12 in test_waits_in_c_for_ever' in said()
    finally:
        os.killpg(run.pid, signal.SIGKILL)  # the run, its worker and all, would wait for ever
        run.wait()
