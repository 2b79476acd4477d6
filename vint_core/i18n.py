"""The message catalogue: every sentence a learner reads, in every language the package has.

The sentences live in gettext catalogues under the package, one domain ``vint_core``:
``vint_core/locale/<lang>/LC_MESSAGES/vint_core.po`` (compiled to ``.mo`` by Babel in the build)
and the template ``vint_core/locale/vint_core.pot`` a translator starts from. A message id is a
key, not the English: ``your_turn``, ``error.bad_card``, ``score.tricks``, ``bot.rule_card``, ``quiz.q_partner``,
``seat.north``; English is a catalogue (``en``) like German. Python's ``gettext`` reads them,
so ``import vint_core`` needs no third-party package. :data:`LANGUAGES` is the list of catalogues
present; asking for any other language is an :class:`UnknownLanguage` error naming them.

Each message is a template with named placeholders, the same in every language. Parameters
that are words are put into the message's language too: seats and sides, a :class:`Phrase`
(a message id and its parameters, not yet in a language) and a nested
:class:`~vint_core.errors.VintError`. A placeholder without its parameter is a programming error
(:class:`CatalogueError`), never a half-filled sentence. A plural message (``score.tricks``) is
chosen by its parameter ``n`` with ``ngettext``, by the language's
own ``Plural-Forms``.

>>> from vint_core import Seat
>>> seat_name(Seat.SOUTH, "de"), text("your_turn", "de", seat=Seat.SOUTH)
('Süd', 'Süd ist am Zug')
>>> Phrase("deal_hand_size", seat=Seat.SOUTH, n=12).text("de")
'Süd hat 12 Karten, nicht 13'
>>> text("your_turn", "en")
Traceback (most recent call last):
...
vint_core.i18n.CatalogueError: the message '{seat} to act' needs the parameter(s) seat
>>> text("your_turn", "xx", seat=Seat.SOUTH)
Traceback (most recent call last):
...
vint_core.i18n.UnknownLanguage: 'xx' is not a language: en, de or ru
"""

from __future__ import annotations

import enum
import errno
import functools
import gettext
import importlib.resources
import io
import os
import string
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

#: the gettext domain of every message of the package
DOMAIN = "vint_core"
#: where the catalogues are: ``<lang>/LC_MESSAGES/vint_core.po`` (and its compiled ``.mo``)
LOCALE = Path(__file__).with_name("locale")


#: the same folder as the package's resources: also inside a zip (a wheel on ``sys.path``, Pyodide), where only the
#: build's ``.mo`` files are, and no ``.po`` is compiled
RESOURCES = importlib.resources.files("vint_core") / "locale"


def _found() -> tuple[str, ...]:
    if LOCALE.is_dir():
        langs = {p.parent.parent.name for p in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.[mp]o")}
    else:
        langs = {folder.name for folder in RESOURCES.iterdir()
                 if (folder / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file()}
    return tuple(sorted(langs, key=lambda lang: (lang != "en", lang)))


#: the languages there are a catalogue for, English first: the one list of languages
LANGUAGES: tuple[str, ...] = _found()

__all__ = ["LANGUAGES", "CatalogueError", "Joined", "Phrase", "UnknownLanguage", "bot_about", "bot_text", "bot_title",
           "choose_language", "entries", "error_message", "language", "one_of", "os_reason", "placeholders",
           "rules_about", "rules_name", "rules_short", "rules_title", "say", "score_text", "seat_name", "side_name",
           "text"]

_SEATS = ("north", "east", "south", "west")
_SIDES = ("ns", "ew")


class CatalogueError(KeyError):
    """A programming error: a message was asked for with parameters that do not match its template."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


class UnknownLanguage(ValueError):
    """A language there is no catalogue for; ``known`` are the ones there are. Its message is the catalogue's
    ``error.bad_lang`` (``message(lang)``, like a :class:`~vint_core.errors.VintError`'s)."""

    def __init__(self, lang: object) -> None:
        self.lang = lang
        self.known = LANGUAGES
        super().__init__(self.message("en"))

    def message(self, lang: str) -> str:
        """The message in ``lang``."""
        return error_message("bad_lang", lang, {"text": self.lang, "known": one_of(self.known)})


def one_of(choices: Sequence[str]) -> Phrase | str:
    """The choices as a sentence says them, in its language: ``en or de``, ``en, de oder ru``.

    >>> one_of(["en", "de", "ru"]).text("de"), one_of(["en"])
    ('en, de oder ru', 'en')
    """
    if len(choices) < 2:
        return "".join(choices)
    return Phrase("list_or", first=", ".join(choices[:-1]), last=choices[-1])


def os_reason(exc: BaseException | None) -> Phrase | None:
    """Why the operating system refused (an ``OSError``), in the words of the catalogue: the message
    ``os_error_<errno's name>`` (``os_error_enoent``, ``os_error_enospc`` …) of its ``errno``, said in the language of
    the sentence it is put into. An error without an ``errno`` (a library's own ``OSError``, "Timed out trying to
    connect") is looked for in its causes. ``None`` when none of them has an ``errno`` the catalogue has a message
    for: the caller keeps the system's own words (``strerror``) then.

    >>> os_reason(FileNotFoundError(errno.ENOENT, "No such file or directory", "/srv/x")).text("ru")
    'нет такого файла или папки'
    >>> os_reason(OSError(errno.ENOSPC, "No space left on device")).text("de"), os_reason(OSError("?"))
    ('der Datenträger ist voll', None)
    """
    seen: set[int] = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        code = getattr(exc, "errno", None)
        name = errno.errorcode.get(code) if isinstance(code, int) else None
        if name:
            key = f"os_error_{name.lower()}"
            return Phrase(key) if _has(key) else None
        exc = exc.__cause__ or exc.__context__
    return None


def language(lang: str) -> str:
    """``lang`` as the name of one of the catalogues: ``"de"``, ``"de-DE"`` and ``"de_AT"`` are ``"de"``.

    >>> language("de-DE"), language("EN")
    ('de', 'en')
    """
    if isinstance(lang, str):
        short = _short(lang)
        if short in LANGUAGES:
            return short
    raise UnknownLanguage(lang)


@functools.lru_cache(maxsize=64)  # a table asks some 200 times a click, for the same few names
def _short(lang: str) -> str:
    return lang.strip().replace("-", "_").split("_")[0].lower()


def choose_language(wanted: str, default: str = "en") -> str:
    """The first language of ``wanted`` (a ``lang`` query or an ``Accept-Language`` header: ``"ru, de;q=0.8"``)
    there is a catalogue for, else ``default``.

    >>> choose_language("fr-CH, de;q=0.8, en;q=0.5"), choose_language("fr")
    ('de', 'en')
    """
    for tag in wanted.split(","):
        try:
            return language(tag.split(";")[0])
        except UnknownLanguage:
            continue
    return default


def _compile(po: Path, mo: Path) -> bytes:
    """The ``.mo`` of ``po``, compiled by Babel's ``pybabel compile`` and kept beside it when the folder can be
    written (into a file of its own first, so that another process never reads half of it).

    The build compiles every catalogue (setuptools' ``build_py``, ``make catalogue``); this is for a checkout
    whose ``.po`` is newer than its ``.mo``, or has none yet. Babel runs as the tool it is, in a process of its
    own: the engine imports nothing but the standard library.
    """
    import subprocess
    import sys
    import tempfile

    fd, tmp = tempfile.mkstemp(dir=tempfile.gettempdir(), suffix=".mo")
    os.close(fd)
    try:
        done = subprocess.run([sys.executable, "-m", "babel.messages.frontend", "compile", "-D", DOMAIN,
                               "-i", str(po), "-o", tmp], capture_output=True, text=True, check=False)
        data = Path(tmp).read_bytes()
        if done.returncode or not data:
            raise CatalogueError(f"{mo} is missing or older than {po.name}, and Babel could not compile it "
                                 f"(pip install Babel; make catalogue): {done.stderr.strip()[-300:]}")
        kept = None
        try:
            fd, kept = tempfile.mkstemp(dir=mo.parent, suffix=".mo")
            os.fchmod(fd, 0o644)  # readable by every user of a shared installation, as the build's own .mo is
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(kept, mo)
        except OSError:  # a read-only installation or a full disk: use it from memory, leave no half file
            if kept is not None:
                Path(kept).unlink(missing_ok=True)
        return data
    finally:
        os.unlink(tmp)


@functools.cache
def _catalogue(lang: str) -> gettext.GNUTranslations:
    """The compiled catalogue of ``lang``; every other language falls back to English for a missing message."""
    if not LOCALE.is_dir():  # the package is read from a zip: its build's .mo
        data = (RESOURCES / lang / "LC_MESSAGES" / f"{DOMAIN}.mo").read_bytes()
        translations = gettext.GNUTranslations(io.BytesIO(data))
        if lang != "en":
            translations.add_fallback(_catalogue("en"))
        return translations
    folder = LOCALE / lang / "LC_MESSAGES"
    po, mo = folder / f"{DOMAIN}.po", folder / f"{DOMAIN}.mo"
    if po.exists() and (not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime):
        try:
            data = _compile(po, mo)
        except (CatalogueError, OSError):
            if not mo.exists():
                raise
            # nothing can compile here (Pyodide runs no process; no Babel): the build's .mo, whose time an
            # installer may have set before its .po's
            data = mo.read_bytes()
        translations = gettext.GNUTranslations(io.BytesIO(data))
    else:
        with mo.open("rb") as f:
            translations = gettext.GNUTranslations(f)
    if lang != "en":
        translations.add_fallback(_catalogue("en"))
    return translations


def _messages(lang: str) -> dict[Any, str]:
    # the catalogue's own dict: msgid -> text, (msgid, i) -> plural form i
    return _catalogue(lang)._catalog  # type: ignore[attr-defined,no-any-return]


def _template(msgid: str, lang: str, n: Any = None) -> str:
    """The template of message ``msgid`` in ``lang``, the plural form for ``n`` if it has plural forms."""
    catalogue = _catalogue(language(lang))
    if (msgid, 0) in _messages("en"):
        if not isinstance(n, int):
            raise CatalogueError(f"the message {msgid!r} has plural forms and needs a whole number n, not {n!r}")
        return catalogue.ngettext(msgid, f"{msgid}.plural", n)
    found = catalogue.gettext(msgid)
    if found == msgid:
        raise CatalogueError(f"{msgid!r} is not a message of the catalogue")
    return found


def _has(msgid: str) -> bool:
    english = _messages("en")
    return msgid in english or (msgid, 0) in english


class Phrase:
    """A sentence of the catalogue not yet put in a language: a message id and its parameters.

    Pass it as a parameter of another message (``problem=Phrase("deal_card_twice", card=card)``)
    and it is rendered in that message's language; keep it in state and render it when shown.
    """

    __slots__ = ("key", "params")

    def __init__(self, key: str, /, **params: Any) -> None:
        if not _has(key):
            raise CatalogueError(f"{key!r} is not a key of the catalogue")
        self.key = key
        self.params = params

    def text(self, lang: str = "en") -> str:
        """The sentence in ``lang`` (one of :data:`LANGUAGES`), its parameters filled in."""
        plural = (self.key, 0) in _messages("en")
        return _fill(_template(self.key, lang, self.params.get("n")), lang, self.params, exact=True, plural=plural)

    def __str__(self) -> str:
        return self.text("en")

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self.params.items())
        return f"Phrase({self.key!r}{args})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Phrase) and (other.key, other.params) == (self.key, self.params)

    def __hash__(self) -> int:
        return hash(self.key)


class Joined:
    """Items said one after the other in the language of the moment, each as a message's parameter is said
    (a :class:`Phrase`, a seat, a score line, a number, fixed text), with ``sep`` (a phrase: the catalogue's
    ``words_comma`` is ", ", ``words_semicolon`` "; ") between them and ``empty`` said when there are none.
    Pass it as a parameter of a :class:`Phrase` and it is said in that phrase's language.

    >>> from vint_core import Seat
    >>> seats = Joined([Seat.NORTH, Seat.SOUTH], sep=Phrase("words_comma"))
    >>> seats.text("en"), Phrase("your_turn", seat=seats).text("ru")
    ('North, South', 'ход: Север, Юг')
    >>> Joined([], empty=Phrase("check_no_calls")).text("de")
    'noch keine Ansagen'
    """

    __slots__ = ("empty", "items", "sep")

    def __init__(self, items: Iterable[Any], *, sep: Phrase | str = "", empty: Phrase | str = "") -> None:
        self.items = tuple(items)
        self.sep = sep
        self.empty = empty

    def text(self, lang: str = "en") -> str:
        """The items in ``lang``, joined."""
        if not self.items:
            return say(self.empty, lang)
        return say(self.sep, lang).join(say(item, lang) for item in self.items)

    def __str__(self) -> str:
        return self.text("en")

    def __repr__(self) -> str:
        return f"Joined({list(self.items)!r}, sep={self.sep!r}, empty={self.empty!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Joined) and (other.items, other.sep, other.empty) == (self.items, self.sep, self.empty)

    def __hash__(self) -> int:
        return hash(self.items)


def seat_name(seat: int, lang: str = "en") -> str:
    """The name of seat number ``seat`` (0 North … 3 West) in ``lang``: ``"North"``, ``"Süd"``."""
    return _template(f"seat.{_SEATS[seat]}", lang)


def side_name(side: int, lang: str = "en") -> str:
    """The name of side number ``side`` (0 N–S, 1 E–W) in ``lang``: ``"N–S"``, ``"O–W"``."""
    return _template(f"side.{_SIDES[side]}", lang)


def _render(value: Any, lang: str) -> Any:
    if isinstance(value, Phrase):
        return value.text(lang)
    if callable(getattr(value, "text", None)) and not isinstance(value, str):  # a Seat, a Contract, a ScoreLine, …
        return value.text(lang)
    message = getattr(value, "message", None)
    if isinstance(value, Exception) and callable(message):  # a nested VintError
        return message(lang)
    if isinstance(value, enum.Enum) or value is None:
        return str(value) if value is not None else "—"
    return value if isinstance(value, (int, float, str)) else str(value)


_FORMATTER = string.Formatter()


@functools.lru_cache(maxsize=4096)  # the catalogues' templates: some 1,500 in all
def placeholders(template: str) -> frozenset[str]:
    """The names of a template's placeholders: ``{seat} to act`` → ``{'seat'}``."""
    return frozenset(name for _, name, _, _ in _FORMATTER.parse(template) if name)


def _fill(template: str, lang: str, params: Mapping[str, Any], *, exact: bool = False, plural: bool = False) -> str:
    """``template`` with every placeholder filled from ``params``, in ``lang``.

    A placeholder without a parameter raises :class:`CatalogueError`; so does, if ``exact``,
    a parameter without a placeholder (but ``n`` of a ``plural`` message: it chose the form).
    """
    names = placeholders(template)
    missing = names - params.keys()
    unused = params.keys() - names - ({"n"} if plural else set()) if exact else set()
    if missing or unused:
        what = [f"needs the parameter(s) {', '.join(sorted(missing))}"] if missing else []
        what += [f"has no place for {', '.join(sorted(unused))}"] if unused else []
        raise CatalogueError(f"the message {template!r} {' and '.join(what)}")
    return template.format(**{k: _render(params[k], lang) for k in names})


def say(value: Any, lang: str) -> str:
    """What ``value`` says in ``lang``: a :class:`Phrase` rendered, so is anything with ``text(lang)`` (a score
    line, a seat) and an error with ``message(lang)``; a ``str`` as it is (a formula, a learner's own words)."""
    return value if isinstance(value, str) else str(_render(value, lang))


def error_message(reason: enum.Enum | str, lang: str, params: Mapping[str, Any]) -> str:
    """The message of a :class:`~vint_core.errors.Reason` (or its value) in ``lang``, filled from ``params``."""
    key = reason.value if isinstance(reason, enum.Enum) else reason
    return _fill(_template(f"error.{key}", lang), lang, params, exact=True)


def score_text(key: str, lang: str, params: Mapping[str, Any], **extra: Any) -> str:
    """The score sheet's line ``key`` in ``lang``, filled from ``params`` and ``extra`` (singular or plural by
    ``n``)."""
    values = {**params, **extra}
    return _fill(_template(f"score.{key}", lang, values.get("n")), lang, values)


def bot_text(key: str, lang: str = "en", **params: Any) -> str:
    """A computer player's explanation by key (the message ``bot.<key>``)."""
    return _fill(_template(f"bot.{key}", lang, params.get("n")), lang, params)


def text(key: str, lang: str = "en", **params: Any) -> str:
    """A user-facing sentence by its message id."""
    if not params:
        return _plain(key, _catalogue(language(lang)), lang)
    return _fill(_template(key, lang, params.get("n")), lang, params)


@functools.lru_cache(maxsize=2048)  # a table's frame asks for the same few hundred sentences at every click
def _plain(key: str, catalogue: gettext.GNUTranslations, lang: str) -> str:
    # ``catalogue`` in the key: a catalogue read again (its cache cleared) is not answered from the one before
    return _fill(_template(key, lang), lang, {})


def rules_title(name: str, lang: str = "en") -> str:
    """A rule set's name in words (its own name if it is not one of the named presets).

    >>> rules_title("short"), rules_title("seed, flat 50", "de")
    ('Short rubber (game to 500)', 'seed, flat 50')
    """
    key = f"rules_title_{name}"
    return _template(key, lang) if _has(key) else name


def rules_name(name: str) -> Phrase | str:
    """A rule set's name as a learner reads it, not yet in a language: the phrase of its title, or its own name
    (one of the learner's own rule sets).

    >>> rules_name("foster_1897").text("de"), rules_name("mine")
    ('Foster 1897 (Regeln nach Hoyle)', 'mine')
    """
    key = f"rules_title_{name}"
    return Phrase(key) if _has(key) else name


def rules_short(name: str, lang: str = "en") -> str:
    """A rule set's short name in words, for a small space: its title without the words in brackets.

    >>> rules_short("seed"), rules_short("progressive", "de")
    ('Standard Vint', 'Progressiv')
    """
    return rules_title(name, lang).split(" (")[0]


def rules_about(name: str, lang: str = "en") -> str:
    """One line on what a named rule set is ("" for one of the learner's own)."""
    key = f"rules_about_{name}"
    return _template(key, lang) if _has(key) else ""


def bot_title(name: str, lang: str = "en") -> str:
    """A computer player's name in words: ``bot_title("sim-fast")`` → ``'Thinking, fast'``."""
    key = f"bot_title_{name.replace('-', '_')}"
    return _template(key, lang) if _has(key) else name


def bot_about(name: str, lang: str = "en") -> str:
    """One line on how a computer player plays."""
    key = f"bot_about_{name.replace('-', '_')}"
    return _template(key, lang) if _has(key) else ""


def entries(lang: str = "de") -> Iterator[tuple[str, str, str]]:
    """Every message of the catalogue as (message id, English, ``lang``); plural forms apart as ``id/i``."""
    english, other = _messages("en"), _messages(language(lang))
    for key, value in english.items():
        if key == "":
            continue
        name = key if isinstance(key, str) else f"{key[0]}/{key[1]}"
        yield name, value, other.get(key, "")
