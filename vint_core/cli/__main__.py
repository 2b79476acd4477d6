"""``python -m vint_core.cli``: the same as the ``vint`` command."""

import sys

from vint_core.cli import main

if __name__ == "__main__":  # pragma: no cover - tests run it as a process
    sys.exit(main())
