"""The operating system's reason inside a message is in the learner's language: a catalogue message per errno
(``os_error_enoent`` …), not Python's English ``strerror`` ("не удаётся прочитать …: No such file or directory").

Every place that put an ``OSError``'s words into a message is tried with a real failure of the system (a symbolic
link that points at itself, a folder that is not there): the ``vint`` commands (``score``, ``random``,
``simulate``, the command's last resort in ``main``), the grader, the table's and the quiz's saved files, and a save
that fails."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from test_russian import latin_words

from vint_core import i18n
from vint_core.cli import main

#: the errno values a learner meets most, each with a message of its own
COMMON = ("ENOENT", "EACCES", "EPERM", "ENOSPC", "EROFS", "EISDIR", "ENOTDIR", "ELOOP", "EEXIST", "EDQUOT", "EIO",
          "ENAMETOOLONG", "EMFILE", "ENFILE", "EFBIG", "ENOTEMPTY", "EBUSY", "EXDEV", "ENOMEM", "ECONNREFUSED",
          "ETIMEDOUT", "EHOSTUNREACH")


@pytest.mark.parametrize("name", COMMON)
def test_each_common_errno_has_its_own_message_in_every_language(name: str) -> None:
    from vint_core.i18n import os_reason

    code = getattr(errno, name)
    reason = os_reason(OSError(code, os.strerror(code), "/srv/somewhere"))
    assert reason is not None and reason.key == f"os_error_{name.lower()}"
    said = {lang: reason.text(lang) for lang in i18n.LANGUAGES}
    assert said["en"] != os.strerror(code)  # the catalogue's words, not the system's
    assert len(set(said.values())) == len(said), said
    assert not latin_words(said["ru"]) and "/srv" not in said["ru"], said


def test_an_errno_without_a_message_or_none_at_all_keeps_the_systems_words() -> None:
    from vint_core.i18n import os_reason

    assert os_reason(OSError(errno.ENOLINK, os.strerror(errno.ENOLINK))) is None
    assert os_reason(OSError("Timed out trying to connect to tcp://x:1 after 10 s")) is None
    assert os_reason(None) is None
    # a library's own OSError (Dask's "Timed out trying to connect") says the reason of its cause
    try:
        try:
            raise ConnectionRefusedError(errno.ECONNREFUSED, "Connection refused")
        except OSError as inner:
            raise OSError("Timed out trying to connect to tcp://x:1 after 10 s") from inner
    except OSError as outer:
        reason = os_reason(outer)
    assert reason is not None and reason.text("ru") == "в соединении отказано"


@pytest.fixture
def loop(tmp_path: Path) -> Path:
    """A path the system cannot open: a symbolic link to itself (ELOOP)."""
    path = tmp_path / "loop"
    path.symlink_to(path.name)
    return path


LOOP_RU = "слишком много символических ссылок в пути"
MISSING_RU = "нет такого файла или папки"


def _err(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    status = main(list(args))
    return status, capsys.readouterr().err.strip()


def test_the_commands_say_the_systems_reason_in_russian(tmp_path: Path, loop: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    nowhere = tmp_path / "no such folder"
    assert _err(capsys, "score", str(loop), "--lang", "ru") == (1, f"vint: error: не удаётся прочитать {loop}: "
                                                                   f"{LOOP_RU}")
    assert _err(capsys, "random", "--deals", "1", "--out", str(nowhere / "x.pbn"), "--lang", "ru") == (
        1, f"vint: error: не удаётся записать {nowhere / 'x.pbn'}: {MISSING_RU}")
    status, err = _err(capsys, "simulate", "--deals", "1", "--quiet", "--out", str(nowhere / "x.pbn"), "--lang", "ru")
    assert (status, err) == (1, f"vint: error: не удаётся записать {nowhere / 'x.pbn'}: {MISSING_RU}")
    # the command's last resort for a file error (here: vint class export --out into a folder that is not there)
    db = f"sqlite:///{tmp_path / 'class.db'}"
    assert main(["class", "create", "7b", "--teacher", "T", "--db", db]) == 0
    capsys.readouterr()
    assert _err(capsys, "class", "export", "7b", "--out", str(nowhere / "x.csv"), "--db", db, "--lang", "ru") == (
        1, f"vint: error: {MISSING_RU}")
    assert _err(capsys, "score", str(loop), "--lang", "de")[1].endswith(": zu viele symbolische Verknüpfungen im Pfad")


def test_a_dask_scheduler_that_refuses_is_said_in_russian(capsys: pytest.CaptureFixture[str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    import vint_core.simulate

    def refused(**_: object) -> None:
        try:
            raise ConnectionRefusedError(errno.ECONNREFUSED, "Connection refused")
        except OSError as inner:  # as distributed raises it
            raise OSError("Timed out trying to connect to tcp://127.0.0.1:9 after 10 s") from inner

    monkeypatch.setattr(vint_core.simulate, "simulate", refused)
    assert _err(capsys, "simulate", "--dask", "tcp://127.0.0.1:9", "--quiet", "--lang", "ru") == (
        1, "vint: error: по адресу tcp://127.0.0.1:9 не отвечает планировщик Dask: в соединении отказано")


def test_the_grader_says_the_systems_reason_in_the_learners_language(loop: Path) -> None:
    from vint_core.checks.notebooks import GradingError, grade

    with pytest.raises(GradingError) as caught:
        grade(loop)
    assert caught.value.message("ru") == f"это не тетрадь, которую можно прочитать: {LOOP_RU}"
    assert caught.value.message("en") == "not a notebook that can be read: too many symbolic links in the path"
    assert str(loop) not in caught.value.message("en")  # the system's words came with the path


def test_a_saved_game_and_a_quiz_progress_that_cannot_be_read_say_why_in_russian(loop: Path, tmp_path: Path) -> None:
    from vint_core.quiz.progress import Progress
    from vint_core.table.session import TableSession

    progress = Progress.open(loop)
    assert progress.message is not None
    said = progress.message.text("ru")
    assert f"({LOOP_RU})" in said and not latin_words(said), said
    loop.unlink(missing_ok=True)
    loop.symlink_to(loop.name)
    session = TableSession.open(loop, autosave=False)
    said = session.message.text("ru")  # type: ignore[union-attr]
    assert said.startswith("сохранённую игру не удалось прочитать") and said.endswith(f"({LOOP_RU})"), said
    # a progress file that is not JSON: the catalogue's words, not the JSON parser's English
    notjson = tmp_path / "quiz.json"
    notjson.write_text("{nope", encoding="utf-8")
    said = Progress.open(notjson).message.text("ru")  # type: ignore[union-attr]
    assert "(это не JSON)" in said and "Expecting" not in said, said


def test_a_save_the_disk_refuses_says_why_in_russian() -> None:
    from vint_core.saves import disk_problem

    assert disk_problem(OSError(errno.EIO, "Input/output error", "/srv/x")).text("ru") == \
        "диск отказал (ошибка ввода-вывода: диск не удалось прочитать или записать)"
    assert disk_problem(OSError(errno.ENOLINK, "Link has been severed")).text("ru") == \
        "диск отказал (Link has been severed)"  # an errno the catalogue does not know: the system's words


@pytest.mark.parametrize(("change", "english", "russian"), [
    ({"version": 4}, "not a vint_core quiz progress file", "это не файл прогресса викторины vint_core"),
    ({"seed": -1}, "the seed is not a whole number from 0", "зерно: не целое число от 0"),
    ({"attempts": [5]}, "answer 1: not an answer", "ответ 1: это не ответ"),
])
def test_a_quiz_progress_that_does_not_fit_says_why_in_the_learners_language(
        tmp_path: Path, change: dict[str, object], english: str, russian: str) -> None:
    import json

    from vint_core.quiz.progress import FORMAT, Progress

    saved = {**Progress(learner="anna").to_json(), **change}
    assert saved["format"] == FORMAT
    for lang, said in (("en", english), ("ru", russian)):
        path = tmp_path / lang / "quiz.json"
        path.parent.mkdir()
        path.write_text(json.dumps(saved), encoding="utf-8")
        message = Progress.open(path).message
        assert message is not None and f"({said})" in message.text(lang), message.text(lang)
        if lang == "ru":
            assert not latin_words(message.text("ru")), message.text("ru")
