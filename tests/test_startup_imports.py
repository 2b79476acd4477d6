"""What a served page's server imports when it starts: Voilà, a Jupyter server and nbformat load jsonschema's
format checks, and jsonschema 4.25 and later import rfc3987-syntax there, which builds its grammar's parsers on
import (2.6–2.9 s of CPU in each such process on this project's machine). pyproject.toml keeps jsonschema below
4.25; this fails if an upgrade brings that import back."""

from __future__ import annotations

import subprocess
import sys

PROBE = ("import sys, jupyter_server.serverapp, nbformat, voila.app, jsonschema._format; "
         "print(sorted(m for m in sys.modules if m.startswith('rfc3987_syntax')))")


def test_a_servers_imports_do_not_build_rfc3987_syntaxs_parsers() -> None:
    result = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]", result.stdout
