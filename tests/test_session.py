"""TableSession without Jupyter: whole deals and rubbers with bots, hints, undo, claims, review, saving."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from vint_core import PASS, SEED, SHORT, Call, Card, Deal, Hand, PerSide, Phase, Seat, Side, VintError, saves
from vint_core import claims as claims_mod
from vint_core.saves import default_save_path
from vint_core.table.review import DealReview, position_after
from vint_core.table.session import BotMove, SessionError, TableSession

RANDOM_BOTS = {seat: "random" for seat in Seat}


def new(seed: int = 1, **kw: object) -> TableSession:
    kw.setdefault("bots", RANDOM_BOTS)
    kw.setdefault("autosave", False)
    return TableSession(seed=seed, **kw)  # type: ignore[arg-type]


def play_deal(s: TableSession, rng: random.Random) -> None:
    """Play the current deal to its end: bots for the computer seats, random legal choices for the human."""
    while not s.deal.is_finished:
        s.run_bots()
        if s.human_to_act():
            legal = s.legal_actions()
            assert legal and set(legal) == set(s.deal.legal_actions())
            s.act(rng.choice(legal))


# -- whole deals and rubbers ------------------------------------------------------

def test_whole_deal_with_bots_reaches_the_end_with_checked_invariants() -> None:
    s = new(3)
    rng = random.Random(5)
    seen_human_turn = False
    while not s.deal.is_finished:
        for move in s.run_bots():
            assert isinstance(move, BotMove) and move.seat != s.human and move.explanation
        assert s.bot_step() is None  # the bots stop at the human's turn or at the end
        if s.human_to_act():
            seen_human_turn = True
            s.act(rng.choice(s.legal_actions()))
        else:
            assert s.legal_actions() == ()
    assert seen_human_turn
    assert s.deal.phase is Phase.FINISHED
    assert s.legal_actions() == () and s.bot_step() is None
    if s.deal.contract is not None:
        assert len(s.deal.tricks) == 13
        assert s.deal.tricks_won[Side.NS] + s.deal.tricks_won[Side.EW] == 13


def test_a_whole_rubber_is_played_and_recorded() -> None:
    s = new(11, rules=SHORT)
    rng = random.Random(11)
    deals = 0
    while not s.history:
        play_deal(s, rng)
        finished = s.deal
        s.next_deal()
        deals += 1
        assert deals < 60
        if not s.history:
            assert s.rubber.deals[-1].deal == finished
    won = s.history[0]
    assert won.is_finished and won.winner is not None
    assert len(won.deals) == deals
    assert won.totals[won.winner] >= 0
    # the deal rotates to the left across the rubbers, and the new rubber starts at 0–0
    assert s.rubber.deals == () and s.rubber.totals == PerSide(0, 0)
    assert s.deal.dealer == won.first_dealer.offset(deals)
    assert s.deal.deal_number == 1


def test_a_new_game_without_bots_has_the_served_tables_players_around_the_learner() -> None:
    assert TableSession(seed=3, autosave=False).bot_names == {Seat.WEST: "rule", Seat.NORTH: "sim-light",
                                                             Seat.EAST: "rule", Seat.SOUTH: "rule"}
    west = TableSession(human=Seat.WEST, seed=3, autosave=False)
    assert {seat: west.bot_names[seat] for seat in (Seat.NORTH, Seat.EAST, Seat.SOUTH)} == {
        Seat.NORTH: "rule", Seat.EAST: "sim-light", Seat.SOUTH: "rule"}
    # a mapping names its seats; the seats it leaves out play RuleBot
    assert TableSession(seed=3, autosave=False, bots={"W": "random"}).bot_names[Seat.NORTH] == "rule"


def test_a_deal_with_the_default_bots_and_the_human_following_hints() -> None:
    s = TableSession(seed=3, autosave=False)
    assert s.bot_names[s.human.partner] == "sim-light"
    hints = 0
    while not s.deal.is_finished:
        s.run_bots()
        if s.human_to_act():
            hint = s.hint()
            assert hint.action in s.legal_actions() and hint.explanation
            s.act(hint.action)
            hints += 1
    assert hints >= 7  # at least one call and six cards
    review = s.review()
    assert review.explanations and s.review() == review
    # the computer players' reasons, one per computer action of the deal, in order
    assert len(review.reasons) == len(s.moves) == len(s.deal.actions) - hints
    assert [m.index for m in s.moves] == sorted(m.index for m in s.moves)
    assert all(s.deal.actions[m.index] == m.action and m.seat != s.human for m in s.moves)


def test_next_deal_refused_before_the_end() -> None:
    s = new(2)
    with pytest.raises(SessionError) as err:
        s.next_deal()
    assert "not finished" in str(err.value)
    assert "nicht beendet" in err.value.message("de")


def test_illegal_action_raises_and_changes_nothing() -> None:
    s = new(4)
    s.run_bots()
    before = s.deal
    with pytest.raises(VintError):
        s.act(Card.parse("AS") if s.deal.phase is Phase.AUCTION else PASS)
    assert s.deal is before
    # an action out of turn is refused too
    play_deal(s, random.Random(1))
    with pytest.raises(VintError):
        s.act(PASS)


def test_same_seed_same_game() -> None:
    a, b = new(21), new(21)
    assert a.deal == b.deal
    assert [(m.seat, m.action) for m in a.run_bots()] == [(m.seat, m.action) for m in b.run_bots()]
    c = new(22)
    assert c.deal.hands != a.deal.hands


# -- hints ------------------------------------------------------------------------

def test_hint_is_legal_and_changes_nothing() -> None:
    s = new(5)
    s.run_bots()
    assert s.human_to_act()
    deal, state = s.deal, s._rng.getstate()
    hint = s.hint()
    assert hint.seat == s.human and hint.action in s.legal_actions() and hint.explanation
    assert s.deal is deal and s._rng.getstate() == state
    assert s.hint() == hint  # asking twice gives the same advice
    s.act(hint.action)


def test_hint_refused_when_not_the_humans_turn() -> None:
    s = new(6, human=Seat.NORTH)
    if s.human_to_act():
        s.act(PASS)
    assert not s.human_to_act()
    with pytest.raises(SessionError):
        s.hint()


# -- undo ---------------------------------------------------------------------------

def test_undo_goes_back_to_the_humans_previous_decision() -> None:
    s = new(7)
    s.run_bots()
    first = s.deal
    rng_state = s._rng.getstate()
    s.act(s.legal_actions()[0])
    s.run_bots()
    if not s.deal.is_finished:
        assert s.deal != first
    s.undo()
    assert s.deal == first and s.human_to_act()
    assert s._rng.getstate() == rng_state  # the bots will choose as before
    with pytest.raises(SessionError) as err:
        s.undo()
    assert "nothing to undo" in str(err.value)


def test_undo_twice_and_the_same_bot_replies() -> None:
    s = new(8)
    s.run_bots()
    s.act(PASS)
    replies = [(m.seat, m.action) for m in s.run_bots()]
    if not s.human_to_act():
        pytest.fail("the auction should come back to the human")
    s.act(PASS)
    s.run_bots()
    s.undo()
    s.undo()
    s.act(PASS)
    assert [(m.seat, m.action) for m in s.run_bots()] == replies


def test_undo_refused_in_a_real_game() -> None:
    s = new(9, undo_allowed=False)
    s.run_bots()
    s.act(s.legal_actions()[0])
    deal = s.deal
    with pytest.raises(SessionError) as err:
        s.undo()
    assert "practice" in str(err.value) and "Übung" in err.value.message("de")
    assert s.deal is deal and not s.can_undo()


# -- claims -----------------------------------------------------------------------

def _hands(n: str, e: str, s: str, w: str) -> tuple[Hand, Hand, Hand, Hand]:
    return (Hand.parse(n), Hand.parse(e), Hand.parse(s), Hand.parse(w))


def _bid(hands: tuple[Hand, Hand, Hand, Hand], contract: str, declarer: Seat) -> Deal:
    calls: list[Call] = [PASS] * int(declarer) + [Call.parse(contract)] + [PASS] * SEED.auction_end_passes
    return Deal.replay(hands, calls, dealer=Seat.NORTH, rules=SEED)


def test_claim_accepted_with_all_the_trumps() -> None:
    # South holds all thirteen spades: at spades he wins every trick, following or ruffing
    hands = _hands("..AKQJT98765432.", "...AKQJT98765432", "AKQJT98765432...", ".AKQJT98765432..")
    s = new(1)
    s.load_deal(_bid(hands, "7S", Seat.SOUTH))
    s.run_bots()  # West leads, North and East follow
    assert s.human_to_act()
    assert s.claim() is True
    assert s.deal.is_finished and s.deal.tricks_won[Side.NS] == 13
    assert s.message and "accepted" in s.message.text("en")


def test_claim_refused_when_a_defender_can_take_a_trick() -> None:
    # South holds ♦K–2 and ♣A; West holds ♦A and the other clubs and leads at no-trump
    hands = _hands("AKQJT98765432...", ".AKQJT98765432..", "..KQJT98765432.A", "..A.KQJT98765432")
    deal = _bid(hands, "1NT", Seat.SOUTH)
    s = new(1)
    s.load_deal(deal)
    s.run_bots()
    before = s.deal
    assert s.claim() is False
    assert s.deal is before
    assert s.message and "refused" in s.message.text("en")


def test_claim_refused_during_the_auction() -> None:
    s = new(1)
    s.run_bots()
    assert s.claim() is False and s.deal.phase is Phase.AUCTION
    assert s.message


def _ruffing_position() -> Deal:
    # 7♠ by South, who holds the nine top trumps and ♥AKQJ; North the other trumps and hearts
    hands = _hands("5432.T98765432..", "..AKQJT98765432.", "AKQJT9876.AKQJ..", "...AKQJT98765432")
    return _bid(hands, "7S", Seat.SOUTH)


def test_claim_accepted_after_a_search() -> None:
    s = new(1)
    s.load_deal(_ruffing_position())
    s.run_bots()
    assert s.human_to_act()
    assert claims_mod.ClaimSolver(s.deal, s.human)._obvious() is None  # not one of the obvious claims
    assert s.claim() is True
    assert s.deal.is_finished and s.deal.tricks_won[Side.NS] == 13


def test_claim_too_big_to_check_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    s = new(1)
    s.load_deal(_ruffing_position())
    s.run_bots()
    monkeypatch.setattr(claims_mod, "CLAIM_BUDGET", 0)
    before = s.deal
    assert s.claim() is False
    assert s.deal is before
    assert s.message and "too many" in s.message.text("en")


def _brute_force(deal: Deal, human: Seat) -> bool:
    """Every legal card of every seat through Deal.apply, without memo or shortcuts."""
    if deal.tricks and deal.tricks[-1].winner is not None and deal.tricks[-1].winner.side != human.side \
            and len(deal.tricks) > _brute_force.start:  # type: ignore[attr-defined]
        return False
    if deal.is_finished:
        return True
    results = (_brute_force(deal.apply(card), human) for card in deal.legal_actions())
    return any(results) if deal.to_act == human else all(results)


def test_claim_check_agrees_with_brute_force_on_late_positions() -> None:
    agreed = {True: 0, False: 0}
    for seed in range(40):
        s = new(100 + seed)
        rng = random.Random(seed)
        while s.deal.phase is not Phase.FINISHED and len(s.deal.tricks) < 10:
            s.run_bots()
            if s.human_to_act():
                s.act(rng.choice(s.legal_actions()))
        if s.deal.phase is not Phase.PLAY:
            continue
        s.run_bots()
        if not s.human_to_act():
            continue
        _brute_force.start = len(s.deal.tricks)  # type: ignore[attr-defined]
        expected = _brute_force(s.deal, s.human)
        before = s.deal
        got = s.claim()
        assert got == expected, f"seed {seed}"
        agreed[got] += 1
        if got:
            assert s.deal.is_finished
            assert all(t.winner is not None and t.winner.side == s.human.side
                       for t in s.deal.tricks[len(before.tricks):])
        else:
            assert s.deal is before
    assert agreed[True] > 0 and agreed[False] > 0


# -- review -----------------------------------------------------------------------

def test_review_of_a_finished_deal() -> None:
    s = new(13)
    rng = random.Random(13)
    with pytest.raises(SessionError):
        s.review()
    play_deal(s, rng)
    while s.deal.contract is None:  # a passed-out deal has nothing to review but its auction
        s.next_deal()
        play_deal(s, rng)
    r = s.review()
    assert isinstance(r, DealReview)
    assert r.hands == s.deal.hands and r.dealer == s.deal.dealer
    assert len(r.tricks) == 13 and len(r.calls) == len(s.deal.auction.calls)
    assert r.lines and len(r.explanations) == len(r.lines)
    assert sum(r.points) == sum(line.points for line in r.lines)
    assert r.reasons and all(str(seat) in " ".join(r.reasons) for seat in Seat if seat != s.human)
    assert position_after(r.deal, 13) == s.deal and position_after(r.deal, 0).phase is Phase.PLAY
    s.next_deal()
    assert s.review().deal == r.deal  # the last recorded deal, once the next one is under way
    assert s.review().reasons == () and s.moves == []  # the reasons went with the deal
    de = TableSession(seed=13, bots=RANDOM_BOTS, autosave=False, lang="de")
    de.load_deal(r.deal)
    assert any("Stich" in line for line in de.review().explanations)


# -- saving and resuming ----------------------------------------------------------

def test_default_save_path_follows_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("VINT_DATA_DIR", str(tmp_path / "v"))
    assert default_save_path() == tmp_path / "v" / "table.json"
    monkeypatch.delenv("VINT_DATA_DIR")
    # otherwise the user's data folder, as the operating system names it (platformdirs)
    import platformdirs

    assert default_save_path() == Path(platformdirs.user_data_dir("vint_core", appauthor=False)) / "table.json"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "x"))  # on Linux, the XDG variable is followed
    assert default_save_path() == tmp_path / "x" / "vint_core" / "table.json"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "h"))
    assert default_save_path() == tmp_path / "h" / ".local" / "share" / "vint_core" / "table.json"


@pytest.mark.parametrize(("platform", "expected"), [
    ("darwin", "{home}/Library/Application Support/vint_core"),
    ("win32", "C:\\Users\\ada\\AppData\\Local/vint_core"),  # Windows' folder (as Linux joins it)
    ("linux", "{home}/.local/share/vint_core"),
])
def test_the_data_folder_is_the_right_one_on_each_system(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                         platform: str, expected: str) -> None:
    import importlib
    import sys

    import platformdirs

    monkeypatch.delenv("VINT_DATA_DIR", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("WIN_PD_OVERRIDE_LOCAL_APPDATA", "C:\\Users\\ada\\AppData\\Local")
    monkeypatch.setattr(sys, "platform", platform)
    try:
        importlib.reload(platformdirs)  # platformdirs picks the system's rules when imported
        assert str(saves.data_dir()) == expected.format(home=tmp_path)
    finally:
        monkeypatch.undo()
        importlib.reload(platformdirs)
    with monkeypatch.context() as unset:  # this system's own folder again (the test run sets VINT_DATA_DIR)
        unset.delenv("VINT_DATA_DIR", raising=False)
        assert saves.data_dir() == Path(platformdirs.user_data_dir("vint_core", appauthor=False))


def test_a_session_of_the_engine_is_saved_once_per_held_block(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "table.json"
    s = TableSession(seed=3, bots=RANDOM_BOTS, save_path=path)
    written: list[int] = []
    write = saves.write_json
    monkeypatch.setattr("vint_core.table.session.write_json", lambda p, obj: (written.append(1), write(p, obj))[0])
    with s.saves_held():
        s.run_bots()
        s.act(s.legal_actions()[0])
        s.run_bots()
    assert written == [] and len(s.deal.actions) > 1
    s.save_if_changed()
    assert written == [1]
    s.save_if_changed()  # nothing new: nothing written
    assert written == [1]
    assert TableSession.open(path).deal == s.deal
    s.run_bots()
    if s.human_to_act():
        s.act(s.legal_actions()[0])  # outside the block: saved at once
        assert written == [1, 1]


def test_writing_a_save_is_atomic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "deep" / "table.json"
    saves.write_json(path, {"a": 1})

    def broken(*args: object) -> None:
        raise OSError("disk full")
    monkeypatch.setattr("os.replace", broken)
    with pytest.raises(OSError):
        saves.write_json(path, {"a": 2})
    assert saves.read_json(path) == {"a": 1}  # the old save is whole


def test_autosave_and_resume_at_the_same_position(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    s = TableSession(seed=31, bots=RANDOM_BOTS, save_path=path, settings={"four_colour": True, "pace": "fast"})
    rng = random.Random(31)
    play_deal(s, rng)
    s.next_deal()
    s.run_bots()
    s.act(s.legal_actions()[0])  # the human acts; the bots have not answered yet
    assert path.exists() and not list(tmp_path.glob("*.tmp"))
    again = TableSession.open(path)
    assert again.deal == s.deal and again.rubber == s.rubber and again.history == s.history
    assert again.settings.four_colour is True and again.settings.pace == "fast"
    assert again.message and "welcome back" in again.message.text("en")
    assert again.can_undo()
    a = [(m.seat, m.action) for m in s.run_bots()]
    b = [(m.seat, m.action) for m in again.run_bots()]
    assert a == b and a  # the same next bot choices
    assert again.deal == s.deal


def test_the_undo_points_are_saved_in_a_few_bytes_each_and_each_still_brings_the_same_bot_replies(
        tmp_path: Path) -> None:
    """Each of the learner's decisions keeps the generator's state for undo (some 7 KB as a whole state): a state
    that keeps the one before it's words is saved as its position alone, so the save of a deal near its end is
    a few KB, not some 125 KB; after a reload every undo point still gives the bots' same replies, and a save
    written with whole states (before this) reads the same."""
    path = tmp_path / "table.json"
    s = TableSession(seed=5, bots=RANDOM_BOTS, save_path=path)
    rng = random.Random(5)
    while len(s._undo) < 12:
        s.run_bots()
        s.act(rng.choice(s.legal_actions()))
    s.run_bots()
    data = json.loads(path.read_text(encoding="utf-8"))
    assert sum(isinstance(st, dict) for _, st in data["undo"]) >= 10  # by position alone
    assert path.stat().st_size < 30_000
    whole = dict(data, undo=[[n, saves.rng_to_json(u.rng)] for (n, _), u in zip(data["undo"], s._undo, strict=True)])
    assert len(json.dumps(whole)) > 12 * 7000  # the size this saves

    def replies(session: TableSession, undos: int) -> list[tuple[Seat, object]]:
        for _ in range(undos):
            session.undo()
        session.act(session.legal_actions()[-1])  # the same decision again, then the bots' replies
        return [(m.seat, m.action) for m in session.run_bots()]

    for undos in (1, 5, 12):
        expected = replies(TableSession.from_json(s.to_json()), undos)
        assert expected
        assert replies(TableSession.open(path, autosave=False), undos) == expected
        assert replies(TableSession.from_json(whole), undos) == expected


def test_a_generators_state_saved_as_the_one_before_it_needs_one_before_it() -> None:
    generator = random.Random(3)
    generator.random()  # its first draw makes its words
    states = [generator.getstate()]
    generator.random()
    states.append(generator.getstate())
    for _ in range(700):  # past its 624 words: a whole state again
        generator.random()
    states.append(generator.getstate())
    written = saves.rngs_to_json(states)
    assert [type(st) for st in written] == [list, dict, list]
    assert saves.rngs_from_json(json.loads(json.dumps(written))) == states
    with pytest.raises(ValueError, match="none before it"):
        saves.rngs_from_json(written[1:])
    with pytest.raises(ValueError):
        saves.rngs_from_json([written[0], {"pos": 99_999, "gauss": None}])


def test_from_json_round_trip_with_history() -> None:
    s = new(41, rules=SHORT)
    rng = random.Random(41)
    while not s.history:
        play_deal(s, rng)
        s.next_deal()
    s.run_bots()
    data = json.loads(json.dumps(s.to_json()))
    t = TableSession.from_json(data)
    assert t.history == s.history and t.rubber == s.rubber and t.deal == s.deal
    assert t.rules == SHORT and t.bot_names == s.bot_names


@pytest.mark.parametrize("content", [b"{not json", b"\xff\xfe\x00", b'{"format": "vint-session", "version": 1}',
                                     b"[]"])
def test_damaged_save_is_kept_aside_and_a_fresh_game_starts(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "table.json"
    path.write_bytes(content)
    s = TableSession.open(path, seed=5, bots=RANDOM_BOTS)
    assert s.message and "could not be read" in s.message.text("en")
    aside = list(tmp_path.glob("table.json.damaged-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == content
    assert aside[0].name in s.message.text("en")
    assert s.deal.actions == () and s.rubber.deals == ()
    assert json.loads(path.read_text(encoding="utf-8"))["format"] == "vint-session"  # the fresh game is saved


def test_damaged_save_with_an_illegal_action(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    s = TableSession(seed=6, bots=RANDOM_BOTS, save_path=path)
    s.run_bots()
    data = json.loads(path.read_text(encoding="utf-8"))
    data["deal"]["calls"] = ["1S", "1S"]
    path.write_text(json.dumps(data), encoding="utf-8")
    again = TableSession.open(path, lang="de")
    assert again.message and "nicht lesbar" in again.message.text("de")
    assert len(list(tmp_path.glob("table.json.damaged-*"))) == 1


def test_open_without_a_save_starts_fresh(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "table.json"
    s = TableSession.open(path, seed=3, bots=RANDOM_BOTS)
    assert s.message is None and path.exists()


def test_settings_and_bots_are_saved(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    s = TableSession(seed=1, bots=RANDOM_BOTS, save_path=path)
    s.set_bot(Seat.NORTH, "random")
    with pytest.raises(VintError):
        s.set_bot(Seat.EAST, "nobody")
    t = TableSession.open(path)
    assert t.bot_names == s.bot_names and t.human == Seat.SOUTH and t.undo_allowed


def test_load_deal_refuses_another_rule_set() -> None:
    s = new(1)
    with pytest.raises(SessionError):
        s.load_deal(Deal.new(seed=1, rules=SHORT))


def test_a_save_from_before_undo_allowed_had_its_name_still_loads(tmp_path: Path) -> None:
    """Saves written before the key was renamed call it "practice" (tests/golden/table-save-practice-key.json was
    written by that code: a real game, no undo): it still loads, and the next save writes "undo_allowed" only."""
    old = Path(__file__).parent / "golden" / "table-save-practice-key.json"
    data = json.loads(old.read_text(encoding="utf-8"))
    assert data["practice"] is False and "undo_allowed" not in data
    path = tmp_path / "table.json"
    path.write_text(old.read_text(encoding="utf-8"), encoding="utf-8")
    s = TableSession.open(path)
    assert s.message and "welcome back" in s.message.text("en")  # resumed, not replaced by a fresh game
    assert not s.undo_allowed and not s.can_undo()
    assert len(s.deal.actions) == len(data["deal"]["calls"]) + len(data["deal"]["cards"]) > 1
    with pytest.raises(SessionError):
        s.undo()
    s.save()
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["undo_allowed"] is False and "practice" not in saved
    assert TableSession.from_json(saved).deal == s.deal
