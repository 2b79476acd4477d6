"""The page's scripts put together (vint_core.app.page_scripts): from the files recorded, in the order recorded, and
refused, saying which file, when any is missing, damaged, a named pipe or larger than a script may be; and the
table's server then serves Voilà's page as it is."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from voila.paths import collect_static_paths  # type: ignore[import-untyped]
from voila.utils import get_voila_labextensions_path  # type: ignore[import-untyped]

from vint_core.app import page_scripts
from vint_core.app.page_scripts import RECORD, PageScriptsUnusable, build

STATIC = collect_static_paths(["voila", "nbconvert"], "lab")
LABEXTENSIONS = get_voila_labextensions_path([])


def installed(path: str) -> Path:
    return page_scripts._find(path, STATIC, LABEXTENSIONS)


def copy_of_the_install(root: Path) -> tuple[list[str], list[str]]:
    """The recorded files copied under ``root``, as Voilà's two kinds of folders."""
    recorded = json.loads(RECORD.read_text())
    for entry in [*recorded["pieces"], *recorded["preload"]]:
        kind, rest = ("static", entry["file"].removeprefix("voila/static/")) if entry["file"].startswith(
            "voila/static/") else ("labextensions", entry["file"].removeprefix("voila/labextensions/"))
        (root / kind / rest).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(installed(entry["file"]), root / kind / rest)
    return [str(root / "static")], [str(root / "labextensions")]


def test_the_pieces_are_the_recorded_files_in_the_recorded_order() -> None:
    scripts = build(STATIC, LABEXTENSIONS)
    recorded = json.loads(RECORD.read_text())
    joined = b"".join(body for _, body in scripts.files)
    at = [joined.find(installed(e["file"]).read_bytes()) for e in recorded["pieces"]]
    assert -1 not in at and at == sorted(at)
    assert len(joined) == sum(installed(e["file"]).stat().st_size + 1 for e in recorded["pieces"])
    assert len(scripts.files) == page_scripts.FILES
    assert "voila/static/voila.js" in scripts.preload
    assert all(p.rsplit("/", 1)[-1].startswith(("voila.js", "remoteEntry.")) for p in scripts.preload)
    assert [name for name, _ in scripts.files] == [name for name, _ in build(STATIC, LABEXTENSIONS).files]


def test_a_piece_changed_by_one_byte_is_refused_by_name(tmp_path: Path) -> None:
    static, labextensions = copy_of_the_install(tmp_path)
    assert build(static, labextensions).files == build(STATIC, LABEXTENSIONS).files
    piece = tmp_path / "static" / "9212.voila.js"
    data = bytearray(piece.read_bytes())
    data[100] ^= 1
    piece.write_bytes(bytes(data))
    with pytest.raises(PageScriptsUnusable, match=r"voila/static/9212\.voila\.js: not the file recorded"):
        build(static, labextensions)


def test_voila_js_of_another_voila_is_refused(tmp_path: Path) -> None:
    static, labextensions = copy_of_the_install(tmp_path)
    with open(tmp_path / "static" / "voila.js", "a") as out:
        out.write("\n")
    with pytest.raises(PageScriptsUnusable, match=r"voila/static/voila\.js: not the file recorded"):
        build(static, labextensions)


def test_a_missing_entry_a_fifo_and_a_huge_file_are_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    static, labextensions = copy_of_the_install(tmp_path)
    entry = next((tmp_path / "labextensions").rglob("remoteEntry.*.js"))
    entry.unlink()
    with pytest.raises(PageScriptsUnusable, match=r"remoteEntry\..*\.js: not found in"):
        build(static, labextensions)
    os.mkfifo(entry)  # read, it would wait for a writer for ever
    with pytest.raises(PageScriptsUnusable, match=r"named pipe|not a regular file"):
        build(static, labextensions)
    entry.unlink()
    shutil.copyfile(installed(f"voila/labextensions/{entry.relative_to(tmp_path / 'labextensions')}"), entry)
    monkeypatch.setattr(page_scripts, "MOST_BYTES", 100_000)
    with pytest.raises(PageScriptsUnusable, match="at most"):
        build(static, labextensions)


def test_a_damaged_record_is_refused(tmp_path: Path) -> None:
    record = tmp_path / "page_scripts.json"
    record.write_text('{"pieces": [')
    with pytest.raises(PageScriptsUnusable, match=r"page_scripts\.json"):
        build(STATIC, LABEXTENSIONS, record)
    record.write_text('{"pieces": [{"file": "../../etc/passwd", "sha256": "0"}], "preload": []}')
    with pytest.raises(PageScriptsUnusable, match="not a path of Voilà's"):
        build(STATIC, LABEXTENSIONS, record)
    record.write_text('{"pieces": [{"file": "voila/static/../../../etc/passwd", "sha256": "0"}], "preload": []}')
    with pytest.raises(PageScriptsUnusable, match="not a path of Voilà's"):
        build(STATIC, LABEXTENSIONS, record)


def table_server() -> Any:
    from voila.configuration import VoilaConfiguration  # type: ignore[import-untyped]

    from vint_core.app.server import TableServer

    app = TableServer()
    app.voila_configuration = VoilaConfiguration(parent=app)
    return app


def test_the_server_uses_the_table_template_with_the_files() -> None:
    from vint_core.app.server import PAGE_TEMPLATE

    app = table_server()
    app.setup_template_dirs()
    assert app.template_paths[0] == str(PAGE_TEMPLATE)
    said = app.voila_configuration.config.VoilaConfiguration.resources["vint_page_scripts"]
    assert said["files"] == [name for name, _ in app._scripts.files]


def test_the_server_serves_voilas_own_page_when_the_files_cannot_be_made(monkeypatch: pytest.MonkeyPatch,
                                                                          caplog: pytest.LogCaptureFixture) -> None:
    from vint_core.app import server
    from vint_core.app.server import PAGE_TEMPLATE

    def refuse(*args: object) -> None:
        raise PageScriptsUnusable("voila/static/9212.voila.js: not the file recorded")

    monkeypatch.setattr(server, "build", refuse)
    app = table_server()
    app.log.propagate = True
    with caplog.at_level("WARNING"):
        app.setup_template_dirs()
    assert str(PAGE_TEMPLATE) not in app.template_paths and app._scripts is None
    assert "vint_page_scripts" not in app.voila_configuration.resources
    assert "9212.voila.js: not the file recorded" in caplog.text
