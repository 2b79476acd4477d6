"""Write tests/file_seconds.json from what ``pytest --durations=0`` printed: each file's seconds (setup, call and
teardown of its tests summed), for the files that took ``--at-least`` seconds (conftest.py runs the longest first).

    pytest -n 2 -q --durations=0 > durations.txt; python tests/file_seconds.py durations.txt
"""

from __future__ import annotations

import argparse
import json
import re
from collections import defaultdict
from pathlib import Path

LINE = re.compile(r"^(\d+(?:\.\d+)?)s (?:setup|call|teardown)\s+(\S[^:]*?)(?:::|$)")


def file_seconds(text: str) -> dict[str, float]:
    """Each file's summed seconds in ``--durations=0`` output ``text``."""
    seconds: dict[str, float] = defaultdict(float)
    for line in text.splitlines():
        found = LINE.match(line)
        if found:
            seconds[found.group(2)] += float(found.group(1))
    return dict(seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("durations", type=Path, help="the output of pytest --durations=0")
    parser.add_argument("--at-least", type=float, default=5.0, help="seconds a file must take to be listed")
    args = parser.parse_args()
    seconds = file_seconds(args.durations.read_text(encoding="utf-8", errors="replace"))
    kept = {path: round(total) for path, total in sorted(seconds.items(), key=lambda kv: -kv[1])
            if total >= args.at_least}
    out = Path(__file__).with_name("file_seconds.json")
    out.write_text(json.dumps(kept, indent=1) + "\n", encoding="utf-8")
    print(f"{out}: {len(kept)} files, {sum(kept.values())} s")


if __name__ == "__main__":
    main()
