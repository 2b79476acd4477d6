"""The ``vint`` command: deal, random, score, --version, errors, and the acceptance check.

Acceptance: ``vint score --json`` of a file written by ``vint random`` agrees
with the engine's own scoring under every rule set.
"""

from __future__ import annotations

import itertools
import json
import random
import re
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from vint_core import PASS, RULE_SETS, SEED, Deal, Rubber, RuleSet, Seat, Side, Suit, __version__, cli, rubbers_of
from vint_core.cli import main
from vint_core.pbn import dumps, loads, loads_one, read_records
from vint_core.random_play import random_deals
from vint_core.records import score_report
from vint_core.scoring import totals


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_error(code: int, out: str, err: str) -> None:
    assert code != 0 and out == ""
    assert err.count("\n") == 1 and "error" in err and "Traceback" not in err


# -- vint deal ----------------------------------------------------------------------


def test_deal_shows_four_hands(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "deal", "--seed", "7", "--dealer", "E")
    assert code == 0
    deal = Deal.new(dealer=Seat.EAST, seed=7, rules=SEED)
    assert "dealer East" in out and "Seed 7" in out
    for seat in Seat:
        assert str(seat) in out
        for suit in Suit:
            assert f"{suit.symbol} " + (" ".join(str(c.rank) for c in deal.hands[seat].suit(suit)) or "—") in out
    code, out_de, _ = run(capsys, "deal", "--seed", "7", "--dealer", "E", "--lang", "de")
    assert "Geber Ost" in out_de and "Süd" in out_de


def test_deal_as_pbn(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "deal", "--seed", "12", "--dealer", "W", "--rules", "progressive", "--pbn")
    assert code == 0
    deal = loads_one(out)
    assert deal == Deal.new(dealer=Seat.WEST, seed=12, rules=RULE_SETS["progressive"], board="1")
    assert "--seed 12" in (read_records(out)[0].tag("Generator") or "")


@pytest.mark.parametrize("argv", [
    ["deal", "--dealer", "X"], ["deal", "--rules", "bridge"], ["deal", "--seed", "abc"], ["random", "--deals", "0",
                                                                                           "--out", "x.pbn"],
    ["random", "--out", "x.pbn"], ["nonsense"], [], ["score"],
])
def test_usage_errors_are_one_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert_one_line_error(code, out, err)


def test_version_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--version")
    assert code == 0 and __version__ in out
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "deal" in out and "random" in out and "score" in out


# -- vint random ----------------------------------------------------------------------


def test_random_writes_rubbers(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "r.pbn"
    code, out, _ = run(capsys, "random", "--deals", "9", "--seed", "5", "--rules", "progressive", "--out", str(path))
    assert code == 0 and "9 deals" in out
    text = path.read_text(encoding="utf-8")
    deals = loads(text)
    assert [d.board for d in deals] == [str(i) for i in range(1, 10)]
    assert all(d.is_finished and d.rules.name == "progressive" for d in deals)
    assert all(b.dealer == a.dealer.next() for a, b in itertools.pairwise(deals))
    rubbers = rubbers_of(deals)  # raises if a progressive deal number does not fit its rubber
    for rubber in rubbers:
        assert [rd.deal.deal_number for rd in rubber.deals] == list(range(1, len(rubber.deals) + 1))
    assert all(r.is_finished for r in rubbers[:-1])
    generator = read_records(text)[0].tag("Generator") or ""
    assert generator.startswith(f"vint_core {__version__} ") and "--seed 5" in generator
    # the same seed gives the same file
    again = tmp_path / "again.pbn"
    assert main(["random", "--deals", "9", "--seed", "5", "--rules", "progressive", "--out", str(again)]) == 0
    assert again.read_text(encoding="utf-8") == text
    assert random_deals(9, seed=5, rules=RULE_SETS["progressive"]) == deals


def test_random_cannot_write(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "random", "--deals", "1", "--out", str(tmp_path / "no" / "such" / "dir.pbn"))
    assert code == 1 and "cannot write" in err
    assert_one_line_error(code, out, err)


# -- vint score: the acceptance check ---------------------------------------------------------------


def engine_report(deals: list[Deal]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """What the engine itself says about the deals: each deal's points and each rubber's totals."""
    rubbers = rubbers_of(deals)
    per_deal = []
    per_rubber = []
    for rubber in rubbers:
        for rd in rubber.deals:
            own = totals(rd.deal.score())
            game = totals(line for line in rd.lines if line.kind == "game")
            per_deal.append({"board": rd.deal.board, "points": {s.name: own[s] + game[s] for s in Side},
                             "deal_score": [(ln.side.name, ln.kind, ln.points) for ln in rd.deal.score()]})
        per_rubber.append({"boards": [rd.deal.board for rd in rubber.deals],
                           "winner": rubber.winner.name if rubber.winner is not None else None,
                           "totals": {s.name: rubber.totals[s] for s in Side},
                           "finished": rubber.is_finished})
    return per_deal, per_rubber


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_score_json_agrees_with_the_engine(capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str) -> None:
    path = tmp_path / f"{name}.pbn"
    assert main(["random", "--deals", "14", "--seed", "3", "--rules", name, "--out", str(path)]) == 0
    capsys.readouterr()
    code, out, err = run(capsys, "score", str(path), "--json")
    assert code == 0 and err == ""
    report = json.loads(out)
    assert list(report) == ["rules", "deals", "rubbers"] and report["rules"] == name
    deals = loads(path.read_text(encoding="utf-8"))
    per_deal, per_rubber = engine_report(deals)
    assert len(report["deals"]) == len(deals) == len(per_deal)
    for got, want, deal in zip(report["deals"], per_deal, deals, strict=True):
        assert list(got) == ["board", "dealer", "contract", "declarer", "tricks", "lines", "points"]
        assert got["board"] == want["board"] == deal.board
        assert got["points"] == want["points"]
        assert [(ln["side"], ln["kind"], ln["points"]) for ln in got["lines"] if ln["kind"] != "game"] \
            == want["deal_score"]
        assert all(ln["text"] and ln["kind"] in ("tricks", "undertricks", "slam", "honours", "aces", "game")
                   for ln in got["lines"])
        assert got["dealer"] == deal.dealer.letter
        assert deal.contract is not None
        assert got["contract"] == deal.contract.pbn and got["declarer"] == deal.contract.declarer.letter
        assert got["tricks"] == {"NS": deal.tricks_won[Side.NS], "EW": deal.tricks_won[Side.EW]}
    assert [{k: r[k] for k in ("boards", "winner", "totals", "finished")} for r in report["rubbers"]] == per_rubber
    for rubber in report["rubbers"]:
        assert list(rubber)[:4] == ["boards", "winner", "totals", "finished"]
        assert sum(ln["points"] for ln in rubber["lines"]) == (RULE_SETS[name].rubber_bonus
                                                                 if rubber["finished"] else 0)


def quiet_deals(count: int, *, seed: int, rules: RuleSet) -> list[Deal]:
    """Rubbers of deals where most calls are passes: low contracts, passed-out deals, longer rubbers."""
    rng = random.Random(seed)
    rubber = Rubber(rules, Seat.WEST)
    deals = []
    for i in range(count):
        if rubber.is_finished:
            rubber = rubber.next_rubber()
        deal = rubber.new_deal(seed=rng.getrandbits(32), board=str(i + 1))
        while not deal.is_finished:
            legal = deal.legal_actions()
            deal = deal.apply(PASS if PASS in legal and rng.random() < 0.85 else rng.choice(legal))
        rubber = rubber.record(deal)
        deals.append(deal)
    return deals


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_score_json_agrees_with_the_engine_on_quiet_deals(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                          name: str) -> None:
    deals = quiet_deals(30, seed=17, rules=RULE_SETS[name])
    assert any(d.is_passed_out for d in deals) and any(d.contract and d.contract.level < 4 for d in deals)
    path = tmp_path / "quiet.pbn"
    path.write_text(dumps(deals), encoding="utf-8")
    code, out, _ = run(capsys, "score", str(path), "--json")
    assert code == 0
    report = json.loads(out)
    per_deal, per_rubber = engine_report(deals)
    assert len(per_rubber) > 1 or len(per_rubber[0]["boards"]) > 1
    assert [d["points"] for d in report["deals"]] == [d["points"] for d in per_deal]
    for got, want in zip(report["deals"], per_deal, strict=True):
        assert [(ln["side"], ln["kind"], ln["points"]) for ln in got["lines"] if ln["kind"] != "game"] \
            == want["deal_score"]
    assert [{k: r[k] for k in ("boards", "winner", "totals", "finished")} for r in report["rubbers"]] == per_rubber


def test_score_json_of_a_passed_out_deal_and_an_unfinished_rubber(capsys: pytest.CaptureFixture[str],
                                                                    tmp_path: Path) -> None:
    deal = Deal.new(dealer=Seat.SOUTH, seed=4, board="1")
    for _ in range(4):
        deal = deal.apply(PASS)
    path = tmp_path / "p.pbn"
    path.write_text(dumps(deal), encoding="utf-8")
    code, out, _ = run(capsys, "score", str(path), "--json")
    assert code == 0
    assert json.loads(out) == {
        "rules": "seed",
        "deals": [{"board": "1", "dealer": "S", "contract": None, "declarer": None, "tricks": None, "lines": [],
                   "points": {"NS": 0, "EW": 0}}],
        "rubbers": [{"boards": ["1"], "winner": None, "totals": {"NS": 0, "EW": 0}, "finished": False,
                     "lines": []}],
    }


def test_score_text(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "s.pbn"
    deals = random_deals(3, seed=8, rules=SEED)
    path.write_text(dumps(deals), encoding="utf-8")
    code, out, _ = run(capsys, "score", str(path))
    assert code == 0
    for rubber in rubbers_of(deals):
        for line in rubber.lines:
            assert line.text("en") in out
        assert f"N–S {rubber.totals[Side.NS]}, E–W {rubber.totals[Side.EW]}" in out
    code, out_de, _ = run(capsys, "score", str(path), "--lang", "de")
    assert code == 0 and "Stiche" in out_de and "Rubber 1" in out_de
    for line in rubbers_of(deals)[0].lines:
        assert line.text("de") in out_de


def test_score_under_another_rule_set(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "seed.pbn"
    deals = random_deals(6, seed=2, rules=SEED)
    path.write_text(dumps(deals), encoding="utf-8")
    # the file's tags say seed; --rules short replays (and renumbers) every deal under short
    code, out, _ = run(capsys, "score", str(path), "--rules", "short", "--json")
    assert code == 0
    report = json.loads(out)
    short = RULE_SETS["short"]
    replayed = [Deal.replay(d.hands, d.actions, dealer=d.dealer, rules=short, board=d.board) for d in deals]
    per_deal, per_rubber = engine_report(replayed)
    assert report["rules"] == "short"
    assert [d["points"] for d in report["deals"]] == [d["points"] for d in per_deal]
    assert [{k: r[k] for k in ("boards", "winner", "totals", "finished")} for r in report["rubbers"]] == per_rubber
    # under foster_1897 three passes end the auction: the seed auctions are illegal there
    code, out, err = run(capsys, "score", str(path), "--rules", "foster_1897")
    assert_one_line_error(code, out, err)
    assert "board 1" in err and "line " in err


def test_score_uses_the_files_rule_set(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    custom = SEED.replace(name="club_700", game_target=700)
    rubber = Rubber(custom, Seat.NORTH)
    deals = []
    for i in range(3):
        deal = rubber.new_deal(seed=i, board=str(i + 1))
        rng = random.Random(i)
        while not deal.is_finished:
            deal = deal.apply(rng.choice(deal.legal_actions()))
        deals.append(deal)
        rubber = rubber.record(deal)
        if rubber.is_finished:
            break
    path = tmp_path / "c.pbn"
    path.write_text(dumps(deals), encoding="utf-8")
    code, out, _ = run(capsys, "score", str(path), "--json")
    assert code == 0 and json.loads(out)["rules"] == "club_700"
    assert json.loads(out)["rubbers"][0]["totals"] == {s.name: rubber.totals[s] for s in Side}


@pytest.mark.parametrize("content", [None, b"\x00\xff\xfe binary", b"[Event \"x\"]\n", b"just words\n", b""])
def test_score_errors_are_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path, content: bytes | None) -> None:
    path = tmp_path / "bad.pbn"
    if content is not None:
        path.write_bytes(content)
    code, out, err = run(capsys, "score", str(path))
    assert code == 1
    assert_one_line_error(code, out, err)
    assert str(path) in err


def test_score_names_the_illegal_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    deal = random_deals(1, seed=9, rules=SEED)[0]
    lines = dumps(deal).splitlines()
    n = next(i for i, line in enumerate(lines, start=1) if line.startswith("[Auction")) + 2
    lines[n - 1] = "1S " + " ".join(lines[n - 1].split()[1:])
    path = tmp_path / "illegal.pbn"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = run(capsys, "score", str(path))
    assert_one_line_error(code, out, err)
    assert f"{path}: board 1: line {n}: 1♠ by" in err and "is illegal" in err
    code, out, err = run(capsys, "score", str(path), "--lang", "de")
    assert f"{path}: Spiel 1: Zeile {n}: 1♠ von" in err


# -- deal numbers: by the VintDealNumber tag, else by position -------------------------------


def without_deal_numbers(text: str) -> str:
    return re.sub(r'\[VintDealNumber "\d+"\]\n', "", text)


def test_score_numbers_untagged_deals_by_their_place_in_the_rubber(capsys: pytest.CaptureFixture[str],
                                                                   tmp_path: Path) -> None:
    """A ``progressive`` file from another program has no VintDealNumber tags: the deals are numbered
    1, 2, … in each rubber, passed-out deals counted, and the file scores as the one with the tags."""
    deals = quiet_deals(30, seed=17, rules=RULE_SETS["progressive"])
    passed = [d for d in deals if d.is_passed_out]
    assert max(d.deal_number for d in deals) >= 3 and any(d.deal_number < deals[i + 1].deal_number
                                                           for i, d in enumerate(deals[:-1]) if d in passed)
    tagged, untagged = tmp_path / "tagged.pbn", tmp_path / "untagged.pbn"
    tagged.write_text(dumps(deals), encoding="utf-8")
    untagged.write_text(without_deal_numbers(dumps(deals)), encoding="utf-8")
    assert "VintDealNumber" not in untagged.read_text(encoding="utf-8")
    code, out, err = run(capsys, "score", str(untagged), "--json")
    assert (code, err) == (0, "")
    assert json.loads(out) == score_report(rubbers_of(deals)) == json.loads(run(capsys, "score", str(tagged),
                                                                                   "--json")[1])


def test_score_of_a_tagged_deal_number_that_does_not_fit_is_an_error(capsys: pytest.CaptureFixture[str],
                                                                       tmp_path: Path) -> None:
    deals = random_deals(6, seed=6, rules=RULE_SETS["progressive"])
    assert [d.deal_number for d in deals][:2] == [1, 2]
    text = dumps(deals)
    second = [m.start() for m in re.finditer(r'\[VintDealNumber "\d+"\]', text)][1]
    assert text[second:].startswith('[VintDealNumber "2"]')
    path = tmp_path / "wrong.pbn"
    path.write_text(text[:second] + '[VintDealNumber "1"]' + text[second + len('[VintDealNumber "2"]'):],
                    encoding="utf-8")
    code, out, err = run(capsys, "score", str(path))
    assert_one_line_error(code, out, err)
    assert (f"{path}: board 2: this deal does not fit the rubber: "
            "this is deal 2 of the rubber, but the deal was played as deal 1") in err


# -- extending the command ----------------------------------------------------------------


def test_other_modules_register_subcommands(capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("vint_test_hello")

    def register(subparsers: Any) -> None:
        parser = subparsers.add_parser("hello", help="say hello")
        parser.add_argument("--name", default="Vint")
        parser.set_defaults(func=lambda args: print(f"hello {args.name}") or 0)

    module.register = register  # type: ignore[attr-defined]
    # a command is one module, vint_core.cli.NAME, and one line, its name in COMMANDS
    monkeypatch.setitem(sys.modules, "vint_core.cli.hello", module)
    monkeypatch.setattr(cli, "COMMANDS", (*cli.COMMANDS, "hello"))
    code, out, _ = run(capsys, "hello", "--name", "Foster")
    assert code == 0 and out == "hello Foster\n"


# -- the installed script --------------------------------------------------------------------


def test_installed_script(tmp_path: Path) -> None:
    script = Path(sys.executable).parent / "vint"
    assert script.exists(), f"the vint script is not installed next to {sys.executable}"
    out = tmp_path / "r.pbn"
    result = subprocess.run([str(script), "random", "--deals", "3", "--seed", "1", "--out", str(out)],
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    result = subprocess.run([str(script), "score", str(out), "--json"], capture_output=True, text=True,
                            timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    assert len(json.loads(result.stdout)["deals"]) == 3
    result = subprocess.run([str(script), "deal", "--dealer", "X"], capture_output=True, text=True, timeout=60,
                            check=False)
    assert result.returncode == 2 and result.stderr.count("\n") == 1 and "Traceback" not in result.stderr



@pytest.mark.parametrize("argv", [["table", "--port", "99999"], ["table", "--port", "-5"],
                                  ["quiz", "--serve", "--port", "0"], ["quiz", "--port", "http"]])
def test_a_port_that_is_not_one_is_a_usage_error(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert_one_line_error(code, out, err)
    assert "is not a port (1 to 65535)" in err


@pytest.mark.parametrize(("argv", "says"), [
    (["table", "--bots", "bogus"], "'bogus' is not one computer player for all three or three separated by commas"),
    (["table", "--bots", "rule,rule"], "'rule,rule' is not one computer player for all three"),
    (["table", "--pace", "bogus"], "'bogus' is not a pace: none, fast, normal, slow, confirm, or seconds"),
    (["table", "--pace", "-1"], "'-1' is not a pace"),
    (["table", "--lang", "fr"], "argument --lang: 'fr' is not a language: en, de or ru"),
    (["table", "--seat", "Q"], "argument --seat: 'Q' is not a seat"),
    (["table", "--max-tables", "-1"], "not a number greater than 0: '-1'"),
    (["table", "--max-tables", "many"], "not a number greater than 0: 'many'"),
    (["table", "--idle-minutes", "-3"], "not a number greater than 0: '-3'"),
])
def test_table_settings_that_cannot_work_are_usage_errors(capsys: pytest.CaptureFixture[str], argv: list[str],
                                                          says: str) -> None:
    """``vint table`` refuses a setting it could not use before it starts a server, in one line."""
    code, out, err = run(capsys, *argv)
    assert_one_line_error(code, out, err)
    assert code == 2 and says in err


def test_table_settings_that_work_are_read_as_the_table_reads_them() -> None:
    from vint_core.app.settings import PageSettings
    from vint_core.cli.args import bots_arg, pace_arg

    given = PageSettings(bots=bots_arg("Rule, sim-fast ,rule"), pace=pace_arg("0.5"))
    settings = PageSettings.from_env(given.to_env({}))
    assert settings.table_options() == {"bots": ("rule", "sim-fast", "rule"), "pace": 0.5}
    assert pace_arg("Confirm") == "confirm" and bots_arg("sim-strong") == ("sim-strong",) * 3


@pytest.mark.parametrize("how", ["module", "script"])
@pytest.mark.parametrize(("argv", "status", "says"), [
    (["exercises", "grade", "/nonexistent/lesson.ipynb"], 1, "no such notebook: /nonexistent/lesson.ipynb"),
    (["score", "/nonexistent/deals.pbn"], 1, "cannot read /nonexistent/deals.pbn"),
    (["deal", "--seed", "abc"], 2, "'abc' is not a seed: a whole number from 0 to 2**64 - 1"),
    (["table", "--port", "99999"], 2, "'99999' is not a port"),
])
def test_a_bad_argument_is_one_line_from_the_module_and_the_script(how: str, argv: list[str], status: int,
                                                                   says: str) -> None:
    """``python -m vint_core.cli`` and the ``vint`` script both print one line for a bad argument, never a traceback
    (a command of another module raises ``vint_core.cli.CommandError``, also when the CLI runs as ``__main__``)."""
    command = ([sys.executable, "-m", "vint_core.cli"] if how == "module"
               else [str(Path(sys.executable).parent / "vint")])
    result = subprocess.run([*command, *argv], capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == status, result.stderr
    assert result.stdout == "" and result.stderr.count("\n") == 1, result.stderr
    assert "Traceback" not in result.stderr and says in result.stderr
