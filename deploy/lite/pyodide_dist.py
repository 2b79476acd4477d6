"""A Pyodide distribution for the Lite site, so that the kernel and lessons 00-05 and 11 need no network.

    python deploy/lite/pyodide_dist.py build/pyodide       # make lite-pyodide (and make test) run this

Downloads, once (a folder already complete is left as it is):

* Pyodide's core (``pyodide.mjs``, the WebAssembly Python, its standard library, ``pyodide-lock.json``)
  from npm (``npm pack pyodide@VERSION``, the version jupyterlite-pyodide-kernel is made for), about 13 MB;
* from PyPI, the pure-Python packages of Pyodide's lock that the kernel and the engine load (micropip,
  IPython and what it needs, jedi, tqdm, platformdirs), at the lock's own versions;
* from PyPI, into ``wheels/``, what the lessons need that Pyodide's lock lacks (ipywidgets, its
  jupyterlab_widgets and comm), for the site's own package index (``--piplite-wheels``).

The lock is rewritten so that those packages load from the site (their file and its sha256) and every
other package of Pyodide's (numpy, matplotlib: compiled for WebAssembly, on Pyodide's CDN only, not on
PyPI or npm) from Pyodide's CDN, as before: lessons 06-10 draw plots with matplotlib and need the
internet for it. The site itself never asks PyPI (``disablePyPIFallback``, deploy/lite/build.py).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from jupyterlite_pyodide_kernel.constants import PYODIDE_CDN_URL, PYODIDE_VERSION

#: what the kernel loads before the first cell (micropip; then ipykernel, comm, pyodide-kernel, jedi, ipython,
#: see jupyterlite-pyodide-kernel's worker.ts) and the engine's own dependencies; their dependencies follow
FROM_LOCK = ("micropip", "ipython", "jedi", "tqdm", "platformdirs")
#: not in Pyodide's lock: from PyPI into the site's package index (the lessons' widgets)
FOR_INDEX = ("ipywidgets", "jupyterlab_widgets", "comm")
#: the folder is complete when this is there (written last)
DONE = "vint-bundled.json"


def _run(command: list[str], **kwargs: object) -> None:
    subprocess.run(command, check=True, **kwargs)  # type: ignore[call-overload]


def _installed_version(name: str) -> str:
    from importlib.metadata import version

    return version(name)


def closure(packages: dict[str, dict[str, object]], roots: tuple[str, ...]) -> list[str]:
    """The lock's names of ``roots`` and everything they depend on, in the lock."""
    seen: list[str] = []
    todo = [r.lower().replace("_", "-") for r in roots]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.append(name)
        depends = packages[name].get("depends", [])
        todo += [str(d).lower().replace("_", "-") for d in depends]  # type: ignore[union-attr]
    return sorted(seen)


def pip_download(specs: list[str], dest: Path) -> None:
    dest.mkdir(parents=True, exist_ok=True)
    _run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
          "--python-version", "3.14", "--dest", str(dest), *specs])


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def make(dest: Path) -> Path:
    """Make ``dest`` (unless already complete): Pyodide's core, the bundled wheels, the rewritten lock."""
    if (dest / DONE).is_file():
        return dest
    shutil.rmtree(dest, ignore_errors=True)
    with tempfile.TemporaryDirectory(prefix="vint-pyodide-") as tmp:
        work = Path(tmp)
        if not shutil.which("npm"):
            raise SystemExit("npm is missing: install Node.js and npm (apt-get install npm) to bundle Pyodide")
        _run(["npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--silent", "--pack-destination", str(work)],
             stdout=subprocess.DEVNULL)
        [archive] = work.glob("pyodide-*.tgz")
        with tarfile.open(archive) as tar:
            tar.extractall(work, filter="data")
        core = work / "package"
        staging = work / "pyodide"
        staging.mkdir()
        for name in ("pyodide.mjs", "pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                     "package.json"):
            shutil.copyfile(core / name, staging / name)
        lock = json.loads((core / "pyodide-lock.json").read_text(encoding="utf-8"))
        packages = lock["packages"]
        bundled = closure(packages, FROM_LOCK)
        pip_download([f"{packages[n]['name']}=={packages[n]['version']}" for n in bundled], work / "lock-wheels")
        wheels = {p.name.lower(): p for p in (work / "lock-wheels").glob("*.whl")}
        for name, entry in packages.items():
            if name in bundled:
                wheel = wheels[entry["file_name"].lower()]
                shutil.copyfile(wheel, staging / wheel.name)
                entry["file_name"], entry["sha256"] = wheel.name, _sha256(wheel)
            else:  # compiled for WebAssembly: only Pyodide's CDN has it
                entry["file_name"] = f"{PYODIDE_CDN_URL}/{entry['file_name']}"
        (staging / "pyodide-lock.json").write_text(json.dumps(lock), encoding="utf-8")
        pip_download([f"{n}=={_installed_version(n)}" for n in FOR_INDEX], staging / "wheels")
        (staging / DONE).write_text(json.dumps({"pyodide": PYODIDE_VERSION, "from_lock": bundled,
                                                "for_index": sorted(p.name for p in (staging / "wheels").iterdir())},
                                               indent=1), encoding="utf-8")
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(staging), dest)
    return dest


def main() -> None:
    parser = argparse.ArgumentParser(description="Download a Pyodide distribution for the Lite site.")
    parser.add_argument("dest", type=Path)
    args = parser.parse_args()
    print(make(args.dest))


if __name__ == "__main__":
    main()
