"""What a learner reads at the end of every lesson: the summary's "Next:" link names the next lesson as its header
does ("Lesson 02 · Tricks"), not in a form of its own ("lesson 02, Tricks")."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest

from vint_core.lesson_progress import LESSONS

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
NEXT = re.compile(r"Next: \[([^\]]*)\]\(([^)\s]+)\)")


@pytest.mark.parametrize("index", range(len(LESSONS) - 1), ids=[lesson.number for lesson in LESSONS[:-1]])
def test_the_summary_names_the_next_lesson_as_its_header_does(index: int) -> None:
    cells = json.loads((NOTEBOOKS / LESSONS[index].notebook).read_text(encoding="utf-8"))["cells"]
    last = "".join(cells[-1]["source"])
    assert cells[-1]["cell_type"] == "markdown" and last.startswith("## Summary"), last[:40]
    nxt = LESSONS[index + 1]
    assert NEXT.findall(last) == [(nxt.name, nxt.notebook)]


def test_no_sentence_promises_what_only_a_folded_check_holds() -> None:
    """A text ending in ":" announces what comes under it; a folded check cell shows nothing (the learner saw
    "The engine holds the first two columns:" and then only the bar "# check: …")."""
    promising = []
    for lesson in LESSONS:
        cells = json.loads((NOTEBOOKS / lesson.notebook).read_text(encoding="utf-8"))["cells"]
        for text, after in itertools.pairwise(cells):
            if (text["cell_type"] == "markdown" and "".join(text["source"]).rstrip().endswith(":")
                    and after["metadata"].get("jupyter", {}).get("source_hidden")):
                promising.append((lesson.number, "".join(text["source"]).rstrip()[-60:]))
    assert promising == []


def test_no_quiz_cell_shows_the_check_questions_answer() -> None:
    """The quiz cell sits under the Check question and its folded answer: an ``assert`` in it (lesson 06's
    ``== PerSide(160, 140)``, lesson 10's ``== 6000``) gave the answer away. Checks go in a folded cell."""
    showing = []
    for lesson in LESSONS:
        cells = json.loads((NOTEBOOKS / lesson.notebook).read_text(encoding="utf-8"))["cells"]
        for cell in cells:
            source = "".join(cell["source"])
            if cell["cell_type"] == "code" and "lesson_quiz(" in source and "assert" in source:
                showing.append(lesson.number)
    assert showing == []


def test_the_last_trick_keeps_each_seat_with_its_card() -> None:
    """On a phone the "Last trick" line broke between "East" and East's card, which then read as South's."""
    from vint_core import Card, Seat, Suit, Trick
    from vint_core.widgets.style import table_css
    from vint_core.widgets.trick import last_trick_html

    trick = Trick(Seat.WEST, [Card.parse(c) for c in ("2♦", "7♣", "7♥", "3♠")], Suit.HEARTS)
    next_one = Trick(Seat.SOUTH, [Card.parse("4♠")], Suit.HEARTS)  # the next trick begun: the last one shows
    html = last_trick_html([trick], current=next_one, lang="en", four_colour=False)
    plays = re.findall(r'<span class="vint-last-play">(\w+) .*?data-card="([^"]+)"', html)
    assert plays == [("West", "D2"), ("North", "C7"), ("East", "H7"), ("South", "S3")], html
    assert ".vint-last-trick .vint-last-play{display:inline-block;white-space:nowrap}" in table_css()
