"""Records: the PBN dialect (described in ``vint_core.pbn``'s docstring) and JSON (``vint_core.records``).

Round trips for random finished, passed-out and unfinished deals under every
rule set, golden text for seeded deals, the strict reader (illegal calls and
cards, contradicting tags → ParseError naming the line) and fuzzing: any text
at all either parses or raises ParseError.

Regenerate the golden files on purpose only: ``VINT_REGENERATE_GOLDEN=1 pytest tests/test_notation.py``.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vint_core import (
    FOSTER_1897,
    PASS,
    PROGRESSIVE,
    RULE_SETS,
    SEED,
    Call,
    Card,
    Deal,
    ParseError,
    Phase,
    Reason,
    Rubber,
    RuleSet,
    Seat,
    Side,
)
from vint_core.pbn import dump, dumps, load, loads, loads_one, loads_rubbers, read_records
from vint_core.random_play import random_deals
from vint_core.records import RecordError
from vint_core.rubber import rubbers_of

GOLDEN = Path(__file__).parent / "golden"
CUSTOM = SEED.replace(name="club_700", game_target=700, three_honours_multiplier=2)
ALL_RULES = [*RULE_SETS.values(), CUSTOM]
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play_randomly(deal: Deal, rng: random.Random, *, steps: int | None = None) -> Deal:
    """Uniformly random legal actions until the deal ends (or ``steps`` actions)."""
    n = 0
    while not deal.is_finished and (steps is None or n < steps):
        deal = deal.apply(rng.choice(deal.legal_actions()))
        n += 1
    return deal


def seeded_deal(seed: int, rules: RuleSet = SEED, *, steps: int | None = None, dealer: Seat = Seat.NORTH,
                deal_number: int = 1, board: str | None = "1") -> Deal:
    deal = Deal.new(dealer=dealer, seed=seed, rules=rules, deal_number=deal_number, board=board)
    return play_randomly(deal, random.Random(seed), steps=steps)


def passed_out(seed: int = 3, rules: RuleSet = SEED, dealer: Seat = Seat.EAST) -> Deal:
    deal = Deal.new(dealer=dealer, seed=seed, rules=rules, board="9")
    for _ in range(rules.passout_passes):
        deal = deal.apply(PASS)
    return deal


def random_rubbers(count: int, seed: int, rules: RuleSet) -> list[Deal]:
    rng = random.Random(seed)
    rubber = Rubber(rules, Seat(seed % 4))
    deals = []
    for i in range(count):
        if rubber.is_finished:
            rubber = rubber.next_rubber()
        deal = play_randomly(rubber.new_deal(seed=rng.getrandbits(32), board=str(i + 1)), rng)
        rubber = rubber.record(deal)
        deals.append(deal)
    return deals


def line_of(text: str, start: str, *, after: int = 0) -> int:
    """The 1-based number of the first line after line ``after`` that starts with ``start``."""
    for i, line in enumerate(text.splitlines()[after:], start=after + 1):
        if line.startswith(start):
            return i
    raise AssertionError(start)


def replace_line(text: str, number: int, new: str) -> str:
    lines = text.splitlines()
    lines[number - 1] = new
    return "\n".join(lines) + "\n"


def parse_error(text: str) -> ParseError:
    with pytest.raises(ParseError) as info:
        loads(text)
    return info.value


# -- round trips ----------------------------------------------------------------

deals_strategy = st.builds(
    lambda seed, rules, steps, dealer, number, board: seeded_deal(
        seed, rules, steps=steps, dealer=dealer, deal_number=number, board=board),
    st.integers(0, 2**32),
    st.sampled_from(ALL_RULES),
    st.one_of(st.none(), st.integers(0, 120)),
    st.sampled_from(list(Seat)),
    st.integers(1, 9),
    st.one_of(st.none(), st.integers(1, 500).map(str),
              st.text(min_size=1, max_size=8).filter(lambda s: s.strip() and s.isprintable() and s != "#")),
)


@FAST
@given(deal=deals_strategy)
def test_pbn_round_trip_of_random_deals(deal: Deal) -> None:
    text = dumps(deal)
    assert loads(text) == [deal]
    assert loads_one(text) == deal
    back = loads_one(text)
    assert back.phase is deal.phase and back.actions == deal.actions and back.rules == deal.rules


@FAST
@given(deal=deals_strategy)
def test_json_round_trip_of_random_deals(deal: Deal) -> None:
    data = json.loads(json.dumps(deal.to_json()))
    assert Deal.from_json(data) == deal


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda r: r.name)
def test_round_trip_of_a_file_of_rubbers(rules: RuleSet) -> None:
    deals = random_rubbers(12, seed=11, rules=rules)
    deals.append(passed_out(rules=rules).with_board("13"))
    deals.append(seeded_deal(5, rules, steps=40, board="14"))
    text = dumps(deals, generator="test")
    assert loads(text) == deals
    assert load(io.StringIO(text)) == deals
    assert load(io.BytesIO(text.encode("utf-8"))) == deals
    buffer = io.StringIO()
    dump(deals, buffer)
    assert loads(buffer.getvalue()) == deals


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda r: r.name)
def test_rubber_json_round_trip(rules: RuleSet) -> None:
    deals = random_rubbers(4, seed=2, rules=rules)
    rubber = Rubber(rules, deals[0].dealer)
    for deal in deals:
        if rubber.is_finished:
            break
        rubber = rubber.record(deal)
    data = json.loads(json.dumps(rubber.to_json()))
    back = Rubber.from_json(data)
    assert back == rubber
    assert back.totals == rubber.totals and back.winner == rubber.winner


def test_unfinished_deals_round_trip_in_every_phase() -> None:
    full = seeded_deal(21)
    for n in range(len(full.actions) + 1):
        deal = Deal.replay(full.hands, full.actions[:n], dealer=full.dealer, board="1")
        assert loads_one(dumps(deal)) == deal
        assert Deal.from_json(deal.to_json()) == deal


# -- what the writer writes ----------------------------------------------------------

STANDARD_ORDER = ["Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable",
                  "Deal", "Scoring", "Declarer", "Contract", "Result"]


def tag_names(text: str) -> list[str]:
    return [line[1:].split(" ", 1)[0] for line in text.splitlines() if line.startswith("[")]


def test_writer_layout_of_a_finished_deal() -> None:
    deal = seeded_deal(7)
    assert deal.contract is not None and deal.play is not None
    text = dumps(deal, generator="vint random --seed 7")
    lines = text.splitlines()
    assert lines[:2] == ["% PBN 2.1", "% EXPORT"]
    names = tag_names(text)
    assert names[:15] == STANDARD_ORDER
    assert names[15:] == ["VintRules", "VintDealNumber", "VintScore", "Generator", "Auction", "Play"]
    assert f'[Deal "N:{" ".join(deal.hands[s].pbn for s in Seat)}"]' in lines
    assert '[Vulnerable "None"]' in lines and '[Scoring "Vint"]' in lines
    assert f'[Contract "{deal.contract.pbn}"]' in lines
    assert f'[Declarer "{deal.contract.declarer.letter}"]' in lines
    assert f'[Result "{deal.declarer_tricks}"]' in lines
    points = deal.points
    assert f'[VintScore "NS {points[Side.NS]}; EW {points[Side.EW]}"]' in lines
    from vint_core import __version__

    assert f'[Generator "vint_core {__version__} vint random --seed 7"]' in lines
    # the auction: every call, four to a line, "Pass" for a pass, all closing passes
    start = line_of(text, "[Auction")
    play_at = line_of(text, "[Play")
    call_lines = lines[start:play_at - 1]
    assert all(len(line.split()) == 4 for line in call_lines[:-1]) and 1 <= len(call_lines[-1].split()) <= 4
    calls = [Call.parse(word) for line in call_lines for word in line.split()]
    assert calls == list(deal.auction.calls)
    assert " ".join(call_lines).split()[-8:] == ["Pass"] * 8
    # the play: one line per trick, cards in fixed seat order from the opening leader
    leader = deal.play.opening_leader
    assert lines[play_at - 1] == f'[Play "{leader.letter}"]'
    trick_lines = lines[play_at:play_at + 13]
    for trick, line in zip(deal.tricks, trick_lines, strict=True):
        assert line.split() == [trick.card_of(seat).pbn for seat in Seat.iter_from(leader)]  # type: ignore[union-attr]
    assert len(lines) == play_at + 13


def test_writer_marks_unplayed_cards_and_unfinished_sections() -> None:
    full = seeded_deal(7)
    calls = len(full.auction.calls)
    mid_trick = Deal.replay(full.hands, full.actions[:calls + 6], dealer=full.dealer, board="1")
    text = dumps(mid_trick)
    lines = text.splitlines()
    assert '[Result ""]' in lines and "[VintScore" not in text
    play_at = line_of(text, "[Play")
    second = lines[play_at + 1].split()
    assert second.count("-") == 2 and lines[play_at + 2] == "*"
    in_auction = Deal.replay(full.hands, full.actions[:3], dealer=full.dealer)
    lines = dumps(in_auction).splitlines()
    assert '[Contract ""]' in lines and '[Board ""]' in lines
    assert lines[-2:] == [" ".join(c.pbn for c in full.actions[:3]), "*"]  # type: ignore[union-attr]


def test_passed_out_deal() -> None:
    deal = passed_out()
    text = dumps(deal)
    lines = text.splitlines()
    assert '[Contract "Pass"]' in lines and '[Declarer ""]' in lines and '[Result ""]' in lines
    assert '[VintScore "NS 0; EW 0"]' in lines and "[Play" not in text
    assert lines[-1] == "Pass Pass Pass Pass"
    assert loads_one(text) == deal


def test_rule_sets_in_tags() -> None:
    assert '[VintRules "progressive"]' in dumps(seeded_deal(1, PROGRESSIVE, deal_number=3))
    assert "VintRuleSet" not in dumps(seeded_deal(1, FOSTER_1897))
    text = dumps(seeded_deal(1, CUSTOM))
    record = read_records(text)[0]
    assert record.tag("VintRules") == "club_700"
    assert json.loads(record.tag("VintRuleSet") or "") == {
        "name": "club_700", "game_target": 700, "three_honours_multiplier": 2}
    assert loads_one(text).rules == CUSTOM
    # progressive deal numbers survive, and set the minimum level
    deal = loads_one(dumps(seeded_deal(4, PROGRESSIVE, deal_number=6)))
    assert deal.deal_number == 6 and deal.auction.min_level == 6


def test_several_deals_are_separated_by_a_blank_line() -> None:
    text = dumps([seeded_deal(1), seeded_deal(2)])
    blocks = text.split("\n\n")
    assert len(blocks) == 3 and blocks[1].startswith('[Event ""]')


# -- golden text ------------------------------------------------------------------------


def golden_deals() -> dict[str, Deal]:
    full = seeded_deal(7)
    return {
        "seed7.pbn": full,
        "seed7_mid_trick.pbn": Deal.replay(full.hands, full.actions[:len(full.auction.calls) + 22],
                                           dealer=full.dealer, board="1"),
    }


@pytest.mark.parametrize("name", sorted(golden_deals()))
def test_golden_text(name: str) -> None:
    deal = golden_deals()[name]
    path = GOLDEN / name
    if os.environ.get("VINT_REGENERATE_GOLDEN") == "1":
        path.parent.mkdir(exist_ok=True)
        path.write_text(dumps(deal), encoding="utf-8")
    assert dumps(deal) == path.read_text(encoding="utf-8")
    assert loads_one(path.read_text(encoding="utf-8")) == deal


def test_golden_json() -> None:
    deal = golden_deals()["seed7.pbn"]
    path = GOLDEN / "seed7.json"
    text = json.dumps(deal.to_json(), indent=1, ensure_ascii=False) + "\n"
    if os.environ.get("VINT_REGENERATE_GOLDEN") == "1":
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
    assert Deal.from_json(json.loads(path.read_text(encoding="utf-8"))) == deal


# -- the strict reader ---------------------------------------------------------------------


@pytest.fixture
def record() -> tuple[Deal, str]:
    deal = seeded_deal(7)
    return deal, dumps(deal)


def test_illegal_call_names_the_line(record: tuple[Deal, str]) -> None:
    _deal, text = record
    first_calls = line_of(text, "[Auction") + 1
    calls = text.splitlines()[first_calls - 1].split()
    bids = [Call.parse(c) for c in calls if c != "Pass"]
    assert bids, "the seeded auction opens with a bid"
    second = first_calls + 1  # 1♠ is the lowest bid of all: insufficient once anybody has bid
    new = replace_line(text, second, " ".join(["1S", *text.splitlines()[second - 1].split()[1:]]))
    err = parse_error(new)
    assert err.reason is Reason.BAD_RECORD and err.line == second
    assert f"line {second}: 1♠ by " in str(err) and "is illegal" in str(err)
    assert err.message("de").startswith(f"Zeile {second}: 1♠ von ")


def test_not_a_call(record: tuple[Deal, str]) -> None:
    _, text = record
    n = line_of(text, "[Auction") + 1
    err = parse_error(replace_line(text, n, "1Q Pass Pass Pass"))
    assert err.line == n and "'1Q' is not a call" in str(err)
    err = parse_error(replace_line(text, n, "1S X Pass Pass"))
    assert err.line == n and "no doubles" in str(err)


def test_illegal_card_names_the_line(record: tuple[Deal, str]) -> None:
    deal, text = record
    assert deal.play is not None
    start = line_of(text, "[Play")
    leader = deal.play.opening_leader
    # swap two cards of different seats in the third trick: one of them is not in its seat's hand
    n = start + 3
    words = text.splitlines()[n - 1].split()
    words[0], words[1] = words[1], words[0]
    err = parse_error(replace_line(text, n, " ".join(words)))
    assert err.line == n
    assert "is illegal" in str(err)
    assert (f"{Seat.iter_from(leader).__next__()}" in str(err)) or "does not hold" in str(err)


def test_revoke_is_caught(record: tuple[Deal, str]) -> None:
    deal, text = record
    assert deal.play is not None
    first = deal.play.opening_leader
    # a seat that followed suit while it also held a card of another suit (which it played later)
    for k, trick in enumerate(deal.tricks):
        lead = trick.cards[0].suit
        for seat, card in trick.plays()[1:]:
            later = [c for t in deal.tricks[k + 1:] for s, c in t.plays() if s == seat and c.suit is not lead]
            if card.suit is lead and later:
                n = line_of(text, "[Play") + 1 + k
                row = text.splitlines()[n - 1].split()
                row[(seat - first) & 3] = later[0].pbn
                err = parse_error(replace_line(text, n, " ".join(row)))
                assert err.line == n
                assert f"{later[0]} by {seat} is illegal: {seat} must follow {lead.symbol}" in str(err)
                return
    raise AssertionError("no trick to revoke in")


@pytest.mark.parametrize(("tag", "value"), [
    ("Contract", "7S"), ("Contract", "Pass"), ("Declarer", "?!"), ("Result", "14"), ("VintScore", "NS 1; EW 2"),
])
def test_contradicting_tags(record: tuple[Deal, str], tag: str, value: str) -> None:
    _deal, text = record
    n = line_of(text, f"[{tag} ")
    err = parse_error(replace_line(text, n, f'[{tag} "{value}"]'))
    assert err.line == n and f"the {tag} tag says" in str(err)


def test_declarer_contradiction(record: tuple[Deal, str]) -> None:
    deal, text = record
    assert deal.contract is not None
    n = line_of(text, "[Declarer ")
    wrong = deal.contract.declarer.next().letter
    err = parse_error(replace_line(text, n, f'[Declarer "{wrong}"]'))
    assert err.line == n


def test_auction_and_play_must_start_at_the_right_seat(record: tuple[Deal, str]) -> None:
    deal, text = record
    assert deal.play is not None
    n = line_of(text, "[Auction")
    err = parse_error(replace_line(text, n, f'[Auction "{deal.dealer.next().letter}"]'))
    assert err.line == n and "must start with the dealer" in str(err)
    n = line_of(text, "[Play")
    err = parse_error(replace_line(text, n, f'[Play "{deal.play.opening_leader.next().letter}"]'))
    assert err.line == n and "opening leader" in str(err)


def test_missing_and_bad_tags(record: tuple[Deal, str]) -> None:
    _, text = record
    for tag in ("Deal", "Dealer"):
        n = line_of(text, f"[{tag} ")
        err = parse_error(replace_line(text, n, "; deleted"))  # (a blank line would end the game)
        assert f"the {tag} tag is missing" in str(err)
    n = line_of(text, "[Deal ")
    assert parse_error(replace_line(text, n, '[Deal "N:AKQ.JT9.876.5432"]')).line == n
    n = line_of(text, "[VintRules ")
    err = parse_error(replace_line(text, n, '[VintRules "bridge"]'))
    assert err.line == n and "'bridge' is not a rule set" in str(err)
    n = line_of(text, "[VintDealNumber ")
    assert parse_error(replace_line(text, n, '[VintDealNumber "0"]')).line == n
    assert parse_error("[Event \"unclosed]\n").line == 1
    assert parse_error("\n\n{ a comment that never ends\n").line == 3
    assert parse_error("hello").line == 1


def test_reader_skips_what_pbn_says_to_skip(record: tuple[Deal, str]) -> None:
    deal, text = record
    n = line_of(text, "[Auction")
    lines = text.splitlines()
    lines.insert(n, "{ a comment\nover two lines }")
    lines.insert(line_of(text, "[Board"), '[Board "ignored: a repeated tag counts the first time only"]')
    lines.insert(4, '[Annotator "somebody"]')
    lines.insert(4, '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]')
    lines.insert(5, "N NT 7")
    lines[0] += " ; a comment to the end of the line"
    text2 = "\n".join(lines) + "\n"
    assert loads_one(text2) == deal


def test_reader_accepts_abbreviations() -> None:
    text = """% PBN 2.1
[Board "1"]
[Dealer "N"]
[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
[Contract "1NT"]
[Declarer "N"]
[Auction "N"]
1N! =1= $2 P p pass AP
[Note "1:natural"]
"""
    deal = loads_one(text)
    assert deal.phase is Phase.PLAY and deal.contract is not None and str(deal.contract) == "1NT by North"
    assert deal.board == "1" and deal.rules == SEED
    # a Deal tag may start at any seat
    rotated = text.replace("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
                           "S:765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432 T98.765.432.AKQJ")
    assert loads_one(rotated) == deal


def test_tag_inheritance() -> None:
    first, second = seeded_deal(1), seeded_deal(2)
    text = dumps([first, second]).replace('[VintRules "seed"]', '[VintRules "#"]')
    text = text.replace('[VintRules "#"]', '[VintRules "seed"]', 1)
    assert loads(text) == [first, second]
    err = parse_error(dumps(first).replace('[VintRules "seed"]', '[VintRules "#"]'))
    assert "'#'" in str(err)


def test_bad_rule_set_tag() -> None:
    text = dumps(seeded_deal(1, CUSTOM))
    n = line_of(text, "[VintRuleSet ")
    for bad in ('{"game_target": "x"}', "[1, 2", '{"nope": 1}', "[" * 5000 + "]" * 5000,
                '{"auction_end_passes": 0}', '{"strain_order": ["S", "S"]}', '{"min_level": 9}'):
        escaped = bad.replace('"', '\\"')
        err = parse_error(replace_line(text, n, f'[VintRuleSet "{escaped}"]'))
        assert err.line == n and "VintRuleSet" in str(err)
    err = parse_error(text.replace('[VintRules "club_700"]', '[VintRules "seed"]'))
    assert "VintRules" in str(err)


def test_loads_one_needs_exactly_one_deal() -> None:
    assert loads("") == [] and loads("% PBN 2.1\n% EXPORT\n") == []
    with pytest.raises(ParseError, match="exactly one deal, found 0"):
        loads_one("")
    with pytest.raises(ParseError, match="found 2"):
        loads_one(dumps([seeded_deal(1), seeded_deal(2)]))


def test_rules_override_replays_under_another_rule_set() -> None:
    deal = seeded_deal(3)
    text = dumps(deal)
    as_short = loads_one(text, rules=RULE_SETS["short"])
    assert as_short.rules.name == "short" and as_short.actions == deal.actions
    with pytest.raises(ParseError, match="is a call, but the auction is over"):
        loads_one(text, rules=FOSTER_1897)  # 3 passes end a Foster auction, so the fourth is illegal


def test_rule_set_from_dict_checks_fields() -> None:
    for rules in ALL_RULES:
        assert RuleSet.from_json(rules.to_json()) == rules
    assert RuleSet.from_json({"name": "x", "game_target": 500}) == SEED.replace(name="x", game_target=500)
    for bad in ([], {"game_target": True}, {"slam_bonus": {"little": "x"}}, {"honours_nt": "all"},
                {"trick_value": {"per_level": None}}, {"name": 3}, {1: 2}):
        with pytest.raises(ParseError):
            RuleSet.from_json(bad)


def test_json_errors_are_parse_errors() -> None:
    good = seeded_deal(7).to_json()
    cases = [None, [], {}, {**good, "format": "chess"}, {**good, "version": 2}, {**good, "rules": "bridge"},
             {**good, "dealer": "Q"}, {**good, "deal_number": 0}, {**good, "deal_number": True},
             {**good, "hands": {"N": "AKQ"}}, {**good, "calls": ["1S", 3]}, {**good, "cards": ["ZZ"]},
             {**good, "calls": good["calls"][:-1]}, {**good, "rule_set": {"game_target": "x"}}]
    for case in cases:
        with pytest.raises(ParseError):
            Deal.from_json(case)
    unfinished = seeded_deal(7, steps=10).to_json()
    with pytest.raises(ParseError, match="not finished"):
        Rubber.from_json({"rules": "seed", "first_dealer": "N", "deals": [unfinished]})


# -- a file of rubbers ------------------------------------------------------------------------


def test_loads_rubbers_numbers_deals_by_their_tag_else_by_their_place() -> None:
    deals = random_deals(6, seed=6, rules=PROGRESSIVE)
    assert [d.deal_number for d in deals] == [1, 2, 1, 1, 2, 1]
    text = dumps(deals)
    untagged = re.sub(r'\[VintDealNumber "\d+"\]\n', "", text)
    for record in (text, untagged):
        rubbers = loads_rubbers(record)
        assert [rd.deal for rubber in rubbers for rd in rubber.deals] == deals
        assert rubbers == rubbers_of(deals)
    assert loads_rubbers("") == [] and loads_rubbers("% PBN 2.1\n") == []
    # another rule set: the rubbers it makes number the deals, the file's tags notwithstanding
    short = loads_rubbers(text, rules=RULE_SETS["short"])
    assert [rd.deal.deal_number for r in short for rd in r.deals] == [rd.deal.deal_number for r in rubbers_of(
        [Deal.replay(d.hands, d.actions, dealer=d.dealer, rules=RULE_SETS["short"], board=d.board) for d in deals])
        for rd in r.deals]


def test_loads_rubbers_names_the_board_of_a_deal_that_does_not_fit() -> None:
    deals = random_deals(6, seed=6, rules=PROGRESSIVE)
    text = dumps(deals)
    second = [m.start() for m in re.finditer(r'\[VintDealNumber "\d+"\]', text)][1]
    wrong = text[:second] + text[second:].replace('[VintDealNumber "2"]', '[VintDealNumber "1"]', 1)
    with pytest.raises(RecordError) as err:
        loads_rubbers(wrong)
    assert err.value.message() == ("board 2: this deal does not fit the rubber: "
                                   "this is deal 2 of the rubber, but the deal was played as deal 1")
    assert err.value.message("de").startswith("Spiel 2: ")
    with pytest.raises(RecordError) as err:
        loads_rubbers(text.replace('[Board "3"]', f'[Board "3"]\n[Dealer "{deals[2].dealer.left.letter}"]', 1))
    assert err.value.message().startswith("board 3: line ")  # the deal's own error, with its line


# -- fuzzing: only ParseError may come out ---------------------------------------------------


def loads_or_parse_error(text: str) -> None:
    try:
        deals = loads(text)
    except ParseError as exc:
        assert isinstance(str(exc), str) and isinstance(exc.message("de"), str)
    else:
        assert all(isinstance(d, Deal) for d in deals)


@settings(max_examples=300, deadline=None)
@given(text=st.text())
def test_any_text_parses_or_raises_parse_error(text: str) -> None:
    loads_or_parse_error(text)


PBN_ALPHABET = st.sampled_from(list('[]"{};%\\*-#=$!? \n\tNESWPASHDCKQJT98765432:.AXabc\x00é♠'))


@settings(max_examples=200, deadline=None)
@given(text=st.text(PBN_ALPHABET, max_size=300))
def test_pbn_like_text_parses_or_raises_parse_error(text: str) -> None:
    loads_or_parse_error(text)


VALID = dumps([seeded_deal(7), passed_out(), seeded_deal(8, steps=60), seeded_deal(9, CUSTOM)])
VALID_LINES = VALID.splitlines()


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_mutated_records_parse_or_raise_parse_error(data: st.DataObject) -> None:
    lines = list(VALID_LINES)
    for _ in range(data.draw(st.integers(1, 3))):
        kind = data.draw(st.sampled_from(["delete", "duplicate", "swap", "flip", "insert"]))
        i = data.draw(st.integers(0, len(lines) - 1))
        if kind == "delete":
            del lines[i]
        elif kind == "duplicate":
            lines.insert(i, lines[i])
        elif kind == "swap":
            j = data.draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "insert":
            lines.insert(i, data.draw(st.text(PBN_ALPHABET, max_size=20)))
        else:
            raw = bytearray(lines[i].encode("utf-8"))
            if raw:
                k = data.draw(st.integers(0, len(raw) - 1))
                raw[k] ^= 1 << data.draw(st.integers(0, 7))
            try:
                lines[i] = raw.decode("utf-8")
            except UnicodeDecodeError:
                lines[i] = raw.decode("latin-1")
        if not lines:
            lines = [""]
    loads_or_parse_error("\n".join(lines))


@settings(max_examples=150, deadline=None)
@given(data=st.binary(max_size=400))
def test_load_of_any_bytes(data: bytes) -> None:
    with contextlib.suppress(ParseError):
        load(io.BytesIO(data))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 2**70) | st.text(max_size=6),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=12), children, max_size=4),
    max_leaves=12)


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_json_readers_raise_only_parse_error(data: st.DataObject) -> None:
    good = seeded_deal(7, steps=70).to_json()
    key = data.draw(st.sampled_from(sorted(good)))
    mutated = {**good, key: data.draw(json_values)}
    for reader, obj in ((Deal.from_json, mutated), (Rubber.from_json, {"rules": "seed", "first_dealer": "N",
                                                                        "deals": [mutated]}),
                        (RuleSet.from_json, data.draw(json_values)), (Deal.from_json, data.draw(json_values))):
        with contextlib.suppress(ParseError):
            reader(obj)  # type: ignore[operator]


def test_card_and_call_tokens_in_other_spellings() -> None:
    deal = seeded_deal(7)
    text = dumps(deal)
    start = line_of(text, "[Play")
    lines = text.splitlines()
    for n in range(start + 1, start + 14):
        lines[n - 1] = " ".join(str(Card.parse(w)) for w in lines[n - 1].split())  # 10♥ instead of HT
    assert loads_one("\n".join(lines)) == deal


def test_a_board_label_is_one_printable_line() -> None:
    with pytest.raises(ValueError, match="printable"):
        Deal.new(seed=1, board="1\r")
    with pytest.raises(ValueError, match="printable"):
        Deal.new(seed=1).with_board("a\nb")
    assert loads_one(dumps(Deal.new(seed=1, board="Board 7 ♠"))).board == "Board 7 ♠"


def test_records_of_the_wrong_type_are_explained_in_both_languages() -> None:
    with pytest.raises(RecordError) as err:
        loads(b"[Event \"\"]")  # type: ignore[arg-type]
    assert (err.value.message(), err.value.message("de")) == ("a record is text, not bytes",
                                                              "ein Datensatz ist Text, nicht bytes")
    with pytest.raises(RecordError) as err:
        Rubber.from_json([])
    assert err.value.message() == "a vint_core.rubber record is a JSON object, not list"
    assert err.value.message("de") == "ein vint_core.rubber-Datensatz ist ein JSON-Objekt, nicht list"
