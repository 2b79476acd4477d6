"""Damaged and inconsistent saves: set aside with a message, a fresh game in their place, never a crash.

A real save (a rubber under way, a deal half played) is mutated by Hypothesis: a value anywhere in
it replaced, a key removed, a list cut short, a part nested deeply. Opening the table on it must
either resume a game that can be played on, or keep the file aside and start afresh, saying so.
Four cases random mutation seldom reaches (an unknown bot, ``lang: "fr"``, deeply nested JSON, a deal under other
rules than its rubber) are checked one by one as well.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vint_core import SHORT, Deal, Seat
from vint_core.table.controller import Controller
from vint_core.table.session import TableSession
from vint_core.widgets import Table

BOTS = {seat: "random" for seat in Seat}


def real_save() -> dict[str, Any]:
    """A save as the table writes it: two deals of a rubber recorded, the third deal in its play."""
    session = TableSession(seed=11, bots=BOTS, autosave=False)
    rng = random.Random(3)
    while len(session.rubber.deals) + sum(len(r.deals) for r in session.history) < 2 or \
            session.deal.play is None or len(session.deal.actions) < 12:
        if session.deal.is_finished:
            session.next_deal()
            continue
        session.run_bots()
        if session.human_to_act():
            session.act(rng.choice(session.legal_actions()))
    data: dict[str, Any] = json.loads(json.dumps(session.to_json()))
    return data


SAVE = real_save()


def paths(obj: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value, as the keys and indices leading to it."""
    found = [prefix]
    if isinstance(obj, dict):
        for key, value in obj.items():
            found += paths(value, (*prefix, key))
    elif isinstance(obj, list):
        for i, value in enumerate(obj):
            found += paths(value, (*prefix, i))
    return found


PLACES = [p for p in paths(SAVE) if p]
KEYS = st.sampled_from(["pace", "four_colour", "N", "S"]) | st.text(max_size=4)
JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False)
                           | st.text(max_size=6) | st.sampled_from(["fr", "de", "nobody", "short", "N", "7NT", "AS"]),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(KEYS, inner, max_size=3),
                           max_leaves=6)


#: stands for a value nested 100,000 lists deep (too deep for ``json.dumps``: :func:`write` puts it in the text)
DEEP = "<deeply nested>"
DEEP_JSON = "[" * 100_000 + "0" + "]" * 100_000


def nested(depth: int) -> Any:
    if depth > 100:
        return DEEP
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


@st.composite
def mutations(draw: st.DrawFn) -> dict[str, Any]:
    data = copy.deepcopy(SAVE)
    for _ in range(draw(st.integers(1, 3))):
        place = draw(st.sampled_from(PLACES))
        parent: Any = data
        try:
            for key in place[:-1]:
                parent = parent[key]
            last = place[-1]
            parent[last]  # the place may be gone after an earlier mutation
        except (KeyError, IndexError, TypeError):
            continue
        kind = draw(st.sampled_from(["replace", "remove", "cut", "nest"]))
        if kind == "replace":
            parent[last] = draw(JSON_VALUES)
        elif kind == "remove":
            del parent[last]
        elif kind == "cut" and isinstance(parent[last], list | str):
            parent[last] = parent[last][:draw(st.integers(0, max(0, len(parent[last]) - 1)))]
        elif kind == "nest":
            parent[last] = nested(draw(st.sampled_from([3, 100_000])))
    return data


def write(path: Path, data: Any) -> str:
    text = json.dumps(data, ensure_ascii=False).replace(json.dumps(DEEP), DEEP_JSON)
    path.write_text(text, encoding="utf-8")
    return text


def assert_opens_safely(tmp: Path, text: str) -> Controller:
    """The table opens on the file: resumed and playable, or the file kept aside with a message and a fresh game."""
    path = tmp / "table.json"
    ctl = Controller.open(save_path=path, bots=("random",) * 3, seed=5)
    session = ctl.session
    aside = list(tmp.glob("table.json.damaged-*"))
    if aside:
        assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == text
        said = session.message.text(session.lang) if session.message else ""
        assert said and aside[0].name in said and "Traceback" not in said
        assert session.deal.actions == () and session.rubber.deals == () and session.history == []
    else:  # resumed: the game goes on, and its save reads back the same
        assert TableSession.from_json(json.loads(json.dumps(session.to_json()))).deal == session.deal
        rng = random.Random(1)
        for _ in range(6):
            if session.deal.is_finished:
                session.review()
                session.next_deal()
            session.run_bots()
            if session.human_to_act():
                session.act(rng.choice(session.legal_actions()))
    assert json.loads(path.read_text(encoding="utf-8"))["format"] == SAVE["format"]
    Table(ctl).refresh()  # and the page draws it
    return ctl


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=mutations())
def test_a_mutated_save_is_resumed_or_set_aside(tmp_path_factory: pytest.TempPathFactory, data: Any) -> None:
    tmp = tmp_path_factory.mktemp("save")
    assert_opens_safely(tmp, write(tmp / "table.json", data))


def test_the_real_save_resumes(tmp_path: Path) -> None:
    write(tmp_path / "table.json", SAVE)
    ctl = assert_opens_safely(tmp_path, json.dumps(SAVE))
    assert not list(tmp_path.glob("table.json.damaged-*")) and ctl.session.deal.actions


@pytest.mark.parametrize(("change", "words_en", "words_de"), [
    (lambda d: d["bots"].update(W="grandmaster"), "'grandmaster'", "Computerspieler"),
    (lambda d: d.update(lang="fr"), "'fr'", "Sprache"),
    (lambda d: d.update(deal=Deal.new(seed=1, rules=SHORT).to_json(), undo=[], moves=[]),
     "other rules", "anderen Regeln"),
    (lambda d: d.update(settings=nested(100_000)), "could not be read", "nicht lesbar"),
])
def test_the_named_damages_are_set_aside_in_words(tmp_path: Path, change: Any, words_en: str, words_de: str) -> None:
    for lang, words in (("en", words_en), ("de", words_de)):
        data = copy.deepcopy(SAVE)
        change(data)
        folder = tmp_path / lang
        folder.mkdir()
        text = write(folder / "table.json", data)
        session = TableSession.open(folder / "table.json", lang=lang, bots=BOTS)
        said = session.message.text(session.lang) if session.message else ""
        assert said and words in said, said
        assert [p.read_text(encoding="utf-8") for p in folder.glob("table.json.damaged-*")] == [text]


def test_deeply_nested_json_as_the_whole_file(tmp_path: Path) -> None:
    assert_opens_safely(tmp_path, write(tmp_path / "table.json", DEEP))
