"""The ``bluffkit`` command: scenarios, simulation, replay and its error handling."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest

from bluffkit import cli
from bluffkit.core import log as gamelog
from bluffkit.core.errors import BluffkitError

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "data" / "scenarios"
SCENARIO_NAMES = sorted(p.stem for p in SCENARIOS.glob("*.json"))
GAMES = 12
SIM = ["simulate", "youre-bluffing", "--players", "5", "--games", str(GAMES), "--seed", "1"]


def run(argv, capsys):
    """``bluffkit argv`` in this process: (exit status, stdout, stderr)."""
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def quiet(argv) -> int:
    """Run the command with its output thrown away (for module fixtures)."""
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        return cli.main([str(a) for a in argv])


def assert_one_error_line(code, out, err, *words):
    assert code == 2, f"exit status {code}, stderr {err!r}"
    assert "Traceback" not in err and "Traceback" not in out
    assert err.endswith("\n") and err.count("\n") == 1, f"expected one line on stderr, got {err!r}"
    assert err.startswith("bluffkit: ")
    for w in words:
        assert w in err, f"{w!r} not in {err!r}"


# -- scenarios ----------------------------------------------------------------------------------

def test_scenario_files_exist():
    assert len(SCENARIO_NAMES) >= 10


def test_scenario_list_names_every_file(capsys):
    code, out, err = run(["scenario", "list"], capsys)
    assert code == 0 and err == ""
    listed = [line.split()[0] for line in out.splitlines() if line.strip()]
    assert listed == SCENARIO_NAMES
    for line in out.splitlines():
        assert len(line.split(None, 1)) == 2, f"no title on {line!r}"


def test_scenario_list_names_a_bad_file_and_lists_the_others(capsys, tmp_path, monkeypatch):
    """As 'scenario run --all': one line on stderr for the bad file, the rest listed, exit 2."""
    import shutil

    from bluffkit.core import scenario as sc
    for name in SCENARIO_NAMES[:3]:
        shutil.copy(sc.SCENARIO_DIR / f"{name}.json", tmp_path)
    (tmp_path / "aa-broken.json").write_text("{not json", encoding="utf-8")
    monkeypatch.setattr(sc, "SCENARIO_DIR", tmp_path)
    code, out, err = run(["scenario", "list"], capsys)
    assert code == 2 and err.count("\n") == 1 and "aa-broken.json" in err
    assert [line.split()[0] for line in out.splitlines()] == SCENARIO_NAMES[:3]


@pytest.mark.parametrize("name", ["ht-auction-ben-pays-100", "yb-scoring-2460"])
def test_scenario_run_prints_the_steps(capsys, name):
    code, out, err = run(["scenario", "run", name], capsys)
    assert code == 0, out
    data = json.loads((SCENARIOS / f"{name}.json").read_text())
    for i, move in enumerate(data["moves"], 1):
        assert f"{i:3d}. " in out and move["do"] in out
    assert f"==> {name}: " in out and "FAIL" not in out
    assert "expectations hold" in out


def test_scenario_run_ben_pays_100(capsys):
    code, out, _ = run(["scenario", "run", "ht-auction-ben-pays-100"], capsys)
    assert code == 0
    assert "Ben: pay 50+50" in out
    assert 'ok   money = {"Ben": 0, "Carla": 190, "Anna": 90}' in out
    assert "7/7 expectations hold" in out


def test_scenario_run_all(capsys):
    code, out, err = run(["scenario", "run", "--all"], capsys)
    assert code == 0, out
    summaries = [line for line in out.splitlines() if line.startswith("==> ")]
    assert [s.split()[1].rstrip(":") for s in summaries] == SCENARIO_NAMES
    assert "FAIL" not in out


def test_scenario_with_a_wrong_expectation_fails(capsys, tmp_path):
    data = json.loads((SCENARIOS / "ht-auction-ben-pays-100.json").read_text())
    last = data["expect"][-1]
    assert last["money"]["Carla"] == 190
    last["money"]["Carla"] = 200                 # the rulebook says 190
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps(data))
    code, out, err = run(["scenario", "run", path], capsys)
    assert code == 1
    assert "FAIL money" in out
    assert '"Carla": 190' in out                 # the actual value is shown
    assert "6/7 expectations hold, 1 FAILED" in out


def test_one_failing_scenario_among_good_ones(capsys, tmp_path):
    data = json.loads((SCENARIOS / "yb-scoring-2460.json").read_text())
    data["expect"][-1]["scores"]["Anna"] = 2461
    path = tmp_path / "x.json"
    path.write_text(json.dumps(data))
    code, out, _ = run(["scenario", "run", "ht-trade-tie", path, "yb-preemption"], capsys)
    assert code == 1
    assert out.count("FAILED") == 1


def test_scenario_run_unknown_name(capsys):
    code, out, err = run(["scenario", "run", "no-such-scenario"], capsys)
    assert_one_error_line(code, out, err, "no-such-scenario")


def test_scenario_run_without_a_name(capsys):
    code, out, err = run(["scenario", "run"], capsys)
    assert_one_error_line(code, out, err, "--all")


# -- simulate -------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def sim(tmp_path_factory):
    """The same simulation run twice (once also writing the logs), and as parquet."""
    d = tmp_path_factory.mktemp("sim")
    assert quiet(SIM + ["--out", d / "a.csv", "--logs", d / "logs"]) == 0
    assert quiet(SIM + ["--out", d / "b.csv"]) == 0
    assert quiet(SIM + ["--out", d / "c.parquet"]) == 0
    return d


def rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


@pytest.mark.slow
def test_simulate_is_reproducible(sim):
    a, b = (sim / "a.csv").read_bytes(), (sim / "b.csv").read_bytes()
    assert a == b, "the same seed gave different files"


def test_simulate_other_seed_differs(sim, tmp_path):
    assert quiet(SIM[:-1] + ["2", "--out", tmp_path / "d.csv"]) == 0
    assert (tmp_path / "d.csv").read_bytes() != (sim / "a.csv").read_bytes()


def test_simulate_prints_a_summary(capsys, tmp_path):
    code, out, err = run(["simulate", "horse-trading", "--players", "3", "--games", "4", "--seed", "3",
                          "--agents", "random,heuristic,random", "--out", tmp_path / "x.csv"], capsys)
    assert code == 0
    assert "4 games of horse-trading (3 players)" in out
    assert "1 heuristic" in out


def test_simulate_one_row_per_game(sim):
    table = rows(sim / "a.csv")
    assert len(table) == GAMES
    cols = list(table[0])
    for c in ["seed", "winners", "length"] + [f"agent_{s}" for s in range(5)] + [f"score_{s}" for s in range(5)]:
        assert c in cols, f"missing column {c}"
    assert "agent_5" not in cols and "score_5" not in cols
    assert [int(r["game"]) for r in table] == list(range(GAMES))
    assert len({r["seed"] for r in table}) == GAMES
    for r in table:
        assert all(r[f"agent_{s}"] == "random" for s in range(5))
        scores = [int(r[f"score_{s}"]) for s in range(5)]
        winners = [int(w) for w in r["winners"].split(";")]
        assert winners and all(scores[w] == max(scores) for w in winners)
        assert int(r["length"]) > 0


@pytest.mark.slow
def test_simulate_logs_one_per_game_that_replay_accepts(sim, capsys):
    logs = sorted((sim / "logs").iterdir())
    table = rows(sim / "a.csv")
    assert len(logs) == len(table) == GAMES
    # Replaying a 5-player game is the slow part: the first, a middle and the last game.
    for r, path in [(table[i], logs[i]) for i in (0, GAMES // 2, GAMES - 1)]:
        code, out, err = run(["replay", path], capsys)
        assert code == 0 and err == "", err
        assert f"seed {r['seed']}" in out
        assert "a valid log of youre-bluffing, 5 players" in out
        line = next(x for x in out.splitlines() if x.startswith("final scores: "))
        printed = [int(part.rsplit(" ", 1)[1].replace(",", "")) for part in line[len("final scores: "):].split(", ")]
        assert printed == [int(r[f"score_{s}"]) for s in range(5)], path.name
        assert "winner: " in out
        log, _ = gamelog.read(path)
        assert sum(1 for seat, _ in log.moves if seat is not None) == int(r["length"])


def test_replay_moves(sim, capsys):
    path = sorted((sim / "logs").iterdir())[0]
    code, out, _ = run(["replay", path, "--moves"], capsys)
    assert code == 0
    log, _ = gamelog.read(path)
    assert "   1.   seat 0: auction" in out
    assert out.count("\n") == len(log.moves) + 4


def test_simulate_parquet(sim):
    parquet = pd.read_parquet(sim / "c.parquet")
    assert len(parquet) == GAMES
    assert parquet.to_csv(index=False).encode() == (sim / "a.csv").read_bytes()


def test_simulate_writes_no_temp_files(sim):
    assert sorted(p.name for p in sim.iterdir()) == ["a.csv", "b.csv", "c.parquet", "logs"]


# -- replay of a bad file -------------------------------------------------------------------------

@pytest.fixture
def good_log(sim):
    return sorted((sim / "logs").iterdir())[0].read_bytes()


def test_replay_bad_file_one_line(capsys, tmp_path, good_log):
    lines = good_log.split(b"\n")
    rec = json.loads(lines[2])
    rec["step"] = 7
    lines[2] = json.dumps(rec).encode()
    path = tmp_path / "bad.jsonl"
    path.write_bytes(b"\n".join(lines))
    code, out, err = run(["replay", path], capsys)
    assert_one_error_line(code, out, err, "line 3", "out of order", str(path))
    assert out == ""


@pytest.mark.parametrize("data, line", [
    (b"", "line 1"),
    (b"\x89PNG\r\n\x1a\n\x00\x00", "line 1"),
    (b'{"format": "bluffkit-log", "version": 99}\n', "line 1"),
])
def test_replay_garbage(capsys, tmp_path, data, line):
    path = tmp_path / "bad.jsonl"
    path.write_bytes(data)
    code, out, err = run(["replay", path], capsys)
    assert_one_error_line(code, out, err, line)


def test_replay_truncated(capsys, tmp_path, good_log):
    path = tmp_path / "cut.jsonl"
    half = len(good_log) // 2                         # cut halfway through the line there
    start, end = good_log.rfind(b"\n", 0, half) + 1, good_log.find(b"\n", half)
    path.write_bytes(good_log[:(start + end) // 2])
    code, out, err = run(["replay", path], capsys)
    assert_one_error_line(code, out, err, "line ", "cut off")


def test_replay_missing_file(capsys, tmp_path):
    code, out, err = run(["replay", tmp_path / "nope.jsonl"], capsys)
    assert_one_error_line(code, out, err, "nope.jsonl")


# -- replay of many logs --------------------------------------------------------------------------

def test_replay_a_folder_checks_every_log_in_one_line_each(sim, capsys):
    """A researcher's folder of logs from simulate --logs: each verified, one line each
    (its game, players, seed, steps and winners, as the CSV has them), then the count."""
    code, out, err = run(["replay", sim / "logs", "--no-progress"], capsys)
    assert code == 0 and err == "", err
    lines = out.splitlines()
    logs = sorted((sim / "logs").iterdir())
    assert len(lines) == GAMES + 1 and lines[-1] == f"{GAMES} logs: {GAMES} valid, 0 refused"
    for line, path, r in zip(lines, logs, rows(sim / "a.csv")):
        assert line.startswith(f"{path}: valid, youre-bluffing, 5 players, seed {r['seed']}, ")
        winners = " and ".join(f"seat {w}" for w in r["winners"].split(";"))
        assert line.endswith(f" steps, winner {winners}"), line


def test_replay_of_several_logs_reads_on_past_a_bad_one(sim, capsys, tmp_path, good_log):
    lines = good_log.split(b"\n")
    rec = json.loads(lines[4])
    rec["digest"] = "0" * 16
    lines[4] = json.dumps(rec).encode()
    bad = tmp_path / "edited.jsonl"
    bad.write_bytes(b"\n".join(lines))
    first, second = sorted((sim / "logs").iterdir())[:2]
    code, out, err = run(["replay", first, bad, tmp_path / "nope.jsonl", second], capsys)
    assert code == 2, "a refused log fails the run"
    assert out.splitlines()[0].startswith(f"{first}: valid") and out.splitlines()[1].startswith(f"{second}: valid")
    assert out.splitlines()[-1] == "4 logs: 2 valid, 2 refused"
    err_lines = err.splitlines()
    assert len(err_lines) == 2 and all(x.startswith("bluffkit: ") for x in err_lines) and "Traceback" not in err
    assert str(bad) in err_lines[0] and "line 5" in err_lines[0] and "does not match" in err_lines[0]
    assert "nope.jsonl" in err_lines[1]


@pytest.mark.parametrize("args, words", [
    (["--moves"], ["--moves prints the steps of one log"]),
    ([], ["a folder with no game log"]),
    ([""], ["an empty name is neither a log nor a folder"]),
])
def test_replay_refuses_what_it_cannot_do_with_many_logs(capsys, tmp_path, sim, args, words):
    empty = tmp_path / "empty"
    empty.mkdir()
    target = sim / "logs" if args else empty
    code, out, err = run(["replay", target, *args], capsys)
    assert_one_error_line(code, out, err, *words)
    assert out == ""


def test_a_name_too_long_to_look_up_is_a_refused_log_and_the_others_are_read(sim, capsys, tmp_path):
    """``replay GOOD.jsonl NAME`` with a name too long for the file system (or, for a user
    other than root, in a folder that may not be searched) said only "File name too long"
    and read no log: asking whether the name is a folder failed before any log was read."""
    first, second = sorted((sim / "logs").iterdir())[:2]
    long = tmp_path / ("a" * 300)
    code, out, err = run(["replay", first, long, second], capsys)
    assert code == 2, "a refused log fails the run, as any other"
    lines = out.splitlines()
    assert lines[0].startswith(f"{first}: valid") and lines[1].startswith(f"{second}: valid"), out
    assert lines[-1] == "3 logs: 2 valid, 1 refused"
    assert err == f"bluffkit: {long}: cannot read the file (File name too long)\n", err


def test_one_name_too_long_is_refused_in_one_line(capsys):
    """The same name alone: a log refused in one line, no traceback."""
    code, out, err = run(["replay", "a" * 300], capsys)
    assert_one_error_line(code, out, err, "too long")
    assert out == ""


def test_an_os_error_no_command_turned_into_words_is_still_one_line(capsys, monkeypatch):
    """The last safety net of every command: an ``OSError`` that escapes it is said in one
    line naming the file, exit status 2, never a traceback."""
    import errno

    def fails(args):
        raise OSError(errno.ENAMETOOLONG, os.strerror(errno.ENAMETOOLONG), "a" * 300)
    monkeypatch.setattr(cli, "cmd_games", fails)
    code, out, err = run(["games"], capsys)
    assert_one_error_line(code, out, err, "a" * 300 + ": ", "too long")


def test_a_hidden_file_in_a_folder_of_logs_is_not_read(sim, capsys, tmp_path):
    """A folder of logs copied from a Mac holds ``._NAME.jsonl`` files (its resource forks),
    and a hidden ``.NAME.*.tmp`` may be a log being written: a folder's hidden files are
    not its logs."""
    folder = tmp_path / "logs"
    folder.mkdir()
    first = sorted((sim / "logs").iterdir())[0]
    shutil.copy(first, folder / "game-0.jsonl")
    (folder / "._game-0.jsonl").write_bytes(b"\x00\x05\x16\x07 Mac OS X resource fork")
    code, out, err = run(["replay", folder, "--no-progress"], capsys)
    assert (code, err) == (0, ""), err
    assert out.splitlines()[-1] == "1 log: 1 valid, 0 refused"


# -- bad settings ---------------------------------------------------------------------------------

BAD_SETTINGS = [
    (["simulate", "chess", "--players", "3"], ["unknown game", "chess"]),
    (["simulate", "youre-bluffing", "--players", "7"], ["3 to 5 players", "7"]),
    (["simulate", "youre-bluffing", "--players", "2"], ["3 to 5 players"]),
    (["simulate", "horse-trading", "--players", "3", "--option", "no_bid_calls=0"], ["no_bid_calls"]),
    (["simulate", "horse-trading", "--players", "3", "--option", "payment=change"], ["payment"]),
    (["simulate", "horse-trading", "--players", "3", "--option", "no_such_rule=1"], ["no_such_rule"]),
    (["simulate", "horse-trading", "--players", "3", "--option", "tie_break"], ["name=value"]),
    (["simulate", "youre-bluffing", "--players", "3", "--variant", "speedy"], ["speedy"]),
    (["simulate", "youre-bluffing", "--players", "3", "--agents", "wizard"], ["unknown agent", "wizard"]),
    (["simulate", "youre-bluffing", "--players", "3", "--agents", "random,random"], ["2 agents"]),
    (["simulate", "youre-bluffing", "--players", "3", "--seed", "-1"], ["seed"]),
    (["simulate", "bloff", "--players", "3", "--agents", "random,random,random,random"],
     ["--agents names 4 agents for 3 players"]),
    pytest.param(["simulate", "youre-bluffing", "--players", "3", "--games", "0"],
                 ["--games takes a whole number of games from 1 to 10**12", "got '0'"]),
    pytest.param(["tournament", "bloff", "--players", "3", "--agents", "random", "--workers", "0", "--games", "0"],
                 ["--games takes a whole number of games from 1 to 10**12", "got '0'"]),
    pytest.param(["simulate", "youre-bluffing", "--players", "3", "--games", "1.5"], ["--games", "whole number"]),
    pytest.param(["simulate", "youre-bluffing", "--players", "3", "--games", "lots"], ["--games", "'lots'"]),
    pytest.param(["simulate", "youre-bluffing", "--players", "3", "--option", "families=[[1]]"], ["families"]),
]


def test_more_players_when_the_options_allow_it(tmp_path):
    """3 to 5 players is a rule option: raising max_players (with an unlimited bank) is allowed."""
    out = tmp_path / "big.csv"
    code = cli.main(["simulate", "youre-bluffing", "--players", "11", "--games", "2", "--seed", "1",
                 "--option", "bank=null", "--option", "max_players=12", "--out", str(out)])
    assert code == 0
    assert len(pd.read_csv(out)) == 2


@pytest.mark.parametrize("argv, words", BAD_SETTINGS)
def test_bad_settings_one_line_exit_2(capsys, tmp_path, argv, words):
    argv = list(argv)
    if "--games" not in argv:
        argv += ["--games", "2"]
    if "--seed" not in argv:
        argv += ["--seed", "1"]
    out_file = tmp_path / "out.csv"
    code, out, err = run(argv + ["--out", out_file], capsys)
    assert_one_error_line(code, out, err, *words)
    assert not out_file.exists()


def test_bad_output_suffix(capsys, tmp_path):
    code, out, err = run(SIM[:2] + ["--players", "3", "--games", "2", "--seed", "1",
                                    "--out", tmp_path / "x.xlsx"], capsys)
    assert_one_error_line(code, out, err, ".csv or .parquet")


def test_rules_command(capsys):
    code, out, _ = run(["rules", "horse-trading", "--variant", "short", "--option", "tie_break=\"shared\""], capsys)
    assert code == 0
    assert '"shared"' in out and "family_size" in out


@pytest.mark.parametrize("game", ["auction", "bidder-up", "youre-bluffing", "bloff", "bluffer"])
def test_rules_command_lists_every_option(capsys, game):
    """Options added after logs were frozen (left out of a log at their default) were left
    out of the listing too: the auction's sealed_bids, supply and first_refusal."""
    import dataclasses

    from bluffkit.core.game import make_game
    code, out, _ = run(["rules", game], capsys)
    listed = [line.split()[0] for line in out.splitlines()[1:]]
    assert code == 0 and listed == [f.name for f in dataclasses.fields(make_game(game).rules)]


def test_rules_command_bad_option(capsys):
    code, out, err = run(["rules", "youre-bluffing", "--option", "lot_size=3"], capsys)
    assert_one_error_line(code, out, err, "lot_size")


@pytest.mark.parametrize("typed, tail", [
    ("1e1", " (1e1 is written 10) ("), ("1E+1", " (1E+1 is written 10) ("), ("10.0", " (10.0 is written 10) ("),
    ("-3.0", " (-3.0 is written -3) ("), ("NaN", ": NaN is read as the number nan ("),
    ("-Infinity", ": -Infinity is read as the number -inf ("), ("1e400", ": 1e400 is read as the number inf ("),
    ("1.5", " (the rules: "),
])
def test_a_whole_number_option_typed_with_a_point_or_exponent_says_what_was_typed(capsys, typed, tail):
    """--option step=1e1 was refused as "step must be an int >= 1, got 10.0": a value nobody
    typed. The message gives what was typed, how it is written in digits (or what it was read
    as), and what the option takes; the rules' own refusal follows. (It suggested "such as -3"
    for -3.0, a value the rules then refused.)"""
    code, out, err = run(["rules", "auction", "--option", f"step={typed}"], capsys)
    said = f"bluffkit: --option step={typed}: step takes a whole number, written in digits with no point or exponent"
    assert_one_error_line(code, out, err, said + tail, "(the rules: ")
    assert "such as" not in err, err


def test_a_typed_number_is_named_in_every_command_that_takes_options(capsys, tmp_path):
    code, out, err = run(["simulate", "bluffer", "--players", "3", "--games", "1", "--seed", "1",
                          "--out", tmp_path / "x.csv", "--option", "max_answers=4e0"], capsys)
    assert_one_error_line(code, out, err, "--option max_answers=4e0: max_answers takes a whole number, written in "
                                          "digits with no point or exponent (4e0 is written 4)")
    code, out, err = run(["rules", "bloff", "--option", "two_decks_from=7.0"], capsys)    # (an int or null)
    assert_one_error_line(code, out, err, "--option two_decks_from=7.0: two_decks_from takes a whole number")
    code, out, err = run(["rules", "auction", "--option", "step=ten"], capsys)             # (text: as typed)
    assert_one_error_line(code, out, err, "step must be an int >= 1, got 'ten'")
    code, _, _ = run(["rules", "auction", "--option", "step=10"], capsys)
    assert code == 0


@pytest.mark.parametrize("game, typed, read", [
    ("auction", "format=1e1", "1e1 is read as the number 10.0 (the rules: unknown auction format 10.0; "),
    ("auction", "format=-0", "-0 is read as the number 0 (the rules: unknown auction format 0"),
    ("auction", "format=NaN", "NaN is read as the number nan (the rules: rule option format must be a finite"),
    ("auction", "format=1e400", "1e400 is read as the number inf (the rules: "),
    ("auction", "format=[1e1]", "[1e1] is read as the list [10.0] (the rules: rule option format takes text"),
    ("auction", 'format="\\u00e9"', '"\\u00e9" is read as the text \'\u00e9\' (the rules: unknown auction format'),
    ("auction", 'format="a\\u001bb"', '"a\\u001bb" is read as the text \'a\\x1bb\' (the rules: rule option format '
                                      "holds the control character '\\x1b')"),
    ("auction", "start_money=[1E1, 2]", "[1E1, 2] is read as the list [10.0, 2] (the rules: "),
    ("youre-bluffing", "tie_break=1e1", "1e1 is read as the number 10.0 (the rules: tie_break must be one of"),
])
def test_an_option_value_read_otherwise_than_typed_is_named_as_typed(capsys, game, typed, read):
    """--option format=1e1 was refused as "unknown auction format 10.0", a value nobody
    typed: the value is read as JSON. The refusal names what was typed and what it was
    read as, then the rules' own words."""
    code, out, err = run(["rules", game, "--option", typed], capsys)
    assert_one_error_line(code, out, err, f"bluffkit: --option {typed}: {read}")


@pytest.mark.parametrize("game, typed, says", [
    ("auction", "format=10", "bluffkit: unknown auction format 10;"),
    ("auction", "format=first-price", "bluffkit: unknown auction format 'first-price';"),
    ("auction", 'format="first-price"', "bluffkit: unknown auction format 'first-price';"),
    ("auction", "format=None", "bluffkit: unknown auction format None;"),
    ("auction", "step=true", "bluffkit: step must be an int >= 1, got True"),
    ("auction", "step=-1", "bluffkit: step must be an int >= 1, got -1"),
    ("auction", "start_money=[10, 20]", "bluffkit: start_money gives one count per denomination"),
    ("auction", "foo=1e1", "bluffkit: unknown rule option(s): foo;"),       # (its name is refused, not its value)
])
def test_an_option_value_read_as_typed_keeps_the_rules_words(capsys, game, typed, says):
    code, out, err = run(["rules", game, "--option", typed], capsys)
    assert_one_error_line(code, out, err, says)
    assert err.startswith(says) and "is read as" not in err


def test_a_text_value_is_read_without_the_spaces_around_it(capsys):
    """``--option "tie_break= shared "`` was read as the text ' shared ' and refused as
    "tie_break=shared: shared is read as the text ' shared '", the spaces dropped where it
    was shown and kept where it was read. Text is read without the spaces around it, as a
    number is (`` 10 ``) and as ``--names`` reads each name."""
    code, out, err = run(["rules", "youre-bluffing", "--option", "tie_break= shared "], capsys)
    assert code == 0 and not err, err
    assert re.search(r"^ *tie_break +\"shared\"$", out, re.M), out
    code, out, err = run(["rules", "auction", "--option", "format= frist "], capsys)
    assert_one_error_line(code, out, err, "bluffkit: unknown auction format 'frist';")


def test_only_the_option_a_refusal_is_about_is_named(capsys):
    """Of several options, the refusal names the one it is about: a whole-number option
    typed with an exponent beside another option refused for its own value was named, with
    the other's refusal in brackets after it."""
    code, out, err = run(["rules", "auction", "--option", "step=1e1", "--option", "format=bogus"], capsys)
    assert_one_error_line(code, out, err, "bluffkit: unknown auction format 'bogus'")
    assert "step" not in err
    code, out, err = run(["rules", "auction", "--option", "step=2", "--option", "format=1e1"], capsys)
    assert_one_error_line(code, out, err, "bluffkit: --option format=1e1: 1e1 is read as the number 10.0")
    code, out, err = run(["rules", "auction", "--option", "format=classic", "--option", "step=1e1"], capsys)
    assert_one_error_line(code, out, err, "bluffkit: --option step=1e1: step takes a whole number")
    code, _, _ = run(["rules", "auction", "--option", 'format="classic"', "--option", "step=10"], capsys)
    assert code == 0, "what is accepted is as it was"


@pytest.mark.parametrize("game, option, says", [
    ("bidder-up", "start_money=[20,0,0,0,0,0]",
     "start_money can be at most [5, 8, 4, 3, 3, 2] (one count per note of [0, 10, 50, 100, 200, 500]: "),
    ("bluffer", "max_answers=3", "max_answers must be an int from 4 to 12 with these rules, got 3: "),
])
def test_rules_command_refuses_rules_no_game_can_start_with(capsys, game, option, says):
    """`bluffkit rules` printed these as rulesets, and every game then refused them: the
    command says what the rules say when they are built."""
    code, out, err = run(["rules", game, "--option", option], capsys)
    assert_one_error_line(code, out, err, says)


# -- the installed console script ---------------------------------------------------------------------

def console_script() -> Path:
    for candidate in (Path(sys.executable).with_name("bluffkit"), ROOT / ".venv" / "bin" / "bluffkit"):
        if candidate.exists():
            return candidate
    pytest.skip("the bluffkit console script is not installed")


@pytest.mark.slow
def test_console_script(tmp_path):
    exe = console_script()
    ok = subprocess.run([exe, "scenario", "run", "yb-scoring-2460"], capture_output=True, text=True,
                        timeout=120, cwd=tmp_path)
    assert ok.returncode == 0, ok.stderr
    assert "2460" in ok.stdout and "FAIL" not in ok.stdout

    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"format": "bluffkit-log", "version": 1, "game": "ludo"}\n')
    res = subprocess.run([exe, "replay", bad], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert res.returncode == 2
    assert res.stdout == ""
    assert res.stderr.count("\n") == 1 and "Traceback" not in res.stderr
    assert "line 1" in res.stderr and "ludo" in res.stderr


def _play(monkeypatch, argv, lines):
    import io
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(line + "\n" for line in lines)))
    return cli.main(["play"] + argv)


def test_play_seats_the_bots_in_order_and_saves_an_unfinished_game(monkeypatch, capsys, tmp_path):
    import json
    out = tmp_path / "left.jsonl"
    assert _play(monkeypatch, ["bluffer", "--players", "4", "--seed", "1", "--agents", "sharp,average,gullible",
                               "--save", str(out)], ["write an aglet", "quit"]) == 0
    head = json.loads(out.read_text(encoding="utf-8").splitlines()[0])
    assert [s["agent"] for s in head["seats"]] == ["human", "sharp", "average", "gullible"]
    assert [p.name for p in tmp_path.iterdir()] == ["left.jsonl"], "the log alone: no hidden copy of it beside"


def test_play_tells_the_payee_which_notes_came_face_down_once(monkeypatch, capsys):
    """Where the table sees only how many notes pay for a lot (``payment_seen="count"``:
    "Bo pays Ana 10 in 1 note"), the payee's view says which, as the panels' prompt does
    (bluffkit.receipts), until Ana's next move: not again under the view a refused move
    shows again, again under the whole view (Enter alone); the default rule shows the
    notes to all and says nothing more."""
    argv = ["youre-bluffing", "--players", "3", "--seed", "5", "--names", "Ana,Bo,Cy"]
    receipt = "   Bo paid you 1 note: 10; the others see only how many."
    moves = ["auction", "sell", "buy", "", "pass", "quit"]       # (buy: refused while bidding)
    assert _play(monkeypatch, argv + ["--option", "payment_seen=count"], moves) == 0
    lines = capsys.readouterr().out.splitlines()
    paid = next(i for i, line in enumerate(lines) if "Bo pays Ana 10 in 1 note." in line)
    told = [i for i, line in enumerate(lines) if line == receipt]
    refused = next(i for i, line in enumerate(lines) if "not allowed: nothing to buy now" in line)
    passed = next(i for i, line in enumerate(lines) if "Ana passes." in line)
    assert len(told) == 2 and paid < told[0] < refused < told[1] < passed, lines[paid:]
    assert all(lines[i + 1].startswith("   you may: ") for i in told)
    assert _play(monkeypatch, argv, moves) == 0
    assert "paid you" not in capsys.readouterr().out


def test_play_tells_a_second_payment_in_the_same_words_as_the_first(monkeypatch, capsys):
    """Bo pays Ana 10 in 1 money card for the 2 she sold him, and again, after her bid of
    10, for the 2 he bought instead: the second receipt has the first one's words and is
    said too (it was taken for the one already said)."""
    moves = ["auction", "bid 70", "pay 50+10+10", "pass", "bid 50", "pay 50", "auction", "sell", "bid 30",
             "pay 10+10+10", "pass", "pass", "trade 1 pig none", "bid 30", "bid 70", "pass", "auction", "sell",
             "bid 190", "pay 100+50+10+10+10+10", "pass", "pass", "auction", "sell", "bid 10", "quit"]
    argv = ["horse-trading", "--players", "3", "--seed", "4", "--names", "Ana,Bo,Cy", "--option", "payment_seen=count"]
    assert _play(monkeypatch, argv, moves) == 0
    lines = capsys.readouterr().out.splitlines()
    bought = next(i for i, line in enumerate(lines) if "Bo buys it instead and owes Ana 10." in line)
    assert "Bo pays Ana 10 in 1 money card." in lines[bought + 1]
    said = "   Bo paid you 1 money card: 10; the others see only how many."
    assert said in lines[:bought] and said in lines[bought:], lines[bought:]


@pytest.mark.parametrize("extra", [0, 1])
def test_a_save_name_too_long_for_its_hidden_first_copy_is_refused_before_the_game(monkeypatch, capsys, tmp_path,
                                                                                  extra):
    """A log is written under a hidden name 14 bytes longer first (".NAME.XXXXXXXX.tmp"),
    then renamed: a name of 242 to 245 bytes was taken at the start, and the game played to
    its end could not be saved ("file name too long"). The longest name that can be saved
    is taken; one byte more is refused before any move, naming the limit."""
    longest = os.pathconf(tmp_path, "PC_NAME_MAX")
    name = "a" * (longest - 14 - len(".jsonl") + extra) + ".jsonl"
    out = tmp_path / name
    code = _play(monkeypatch, ["bloff", "--players", "3", "--seed", "1", "--save", str(out)], ["quit"])
    said = capsys.readouterr()
    if extra:
        assert code == 2 and "too long" in said.err and f"at most {longest - 14} bytes" in said.err
        assert not out.exists() and list(tmp_path.iterdir()) == []
    else:
        assert code == 0 and out.exists(), said.err


def test_play_without_a_seed_deals_a_fresh_game_each_run_and_says_its_seed(monkeypatch, capsys, tmp_path):
    """With a fixed default seed every run dealt the same questions with the truth at the
    same number: a student who had played once knew the answers."""
    import json
    seeds = []
    for k in range(3):
        out = tmp_path / f"g{k}.jsonl"
        assert _play(monkeypatch, ["bluffer", "--players", "3", "--save", str(out)], ["quit"]) == 0
        seeds.append(json.loads(out.read_text(encoding="utf-8").splitlines()[0])["seed"])
    assert len(set(seeds)) == 3
    capsys.readouterr()
    again = tmp_path / "again.jsonl"
    moves = [m for i in range(12) for m in (f"write plum tree {i}", "vote 1", "vote 2")]   # some refused
    assert _play(monkeypatch, ["bluffer", "--players", "3", "--seed", "42", "--save", str(again)], moves) == 0
    out = capsys.readouterr().out
    assert "Game over: " in out and "(seed 42: --seed 42 deals this game again)" in out
    assert json.loads(again.read_text(encoding="utf-8").splitlines()[0])["seed"] == 42


def test_play_writes_the_log_only_when_the_game_is_left(monkeypatch, capsys, tmp_path):
    """``save FILE`` at the prompt names the file; the log (every hand, the deal) is not
    written while the game lasts, where the player could read it, only when it is left."""
    import io
    out = tmp_path / "mine.jsonl"
    seen = []

    class Stdin(io.StringIO):
        def readline(self, *a):
            seen.append(out.exists())           # whether the log is on disk at each prompt
            return super().readline(*a)

    monkeypatch.setattr("sys.stdin", Stdin(f"save {out}\nhelp\nwrite an aglet\nquit\n"))
    assert cli.main(["play", "bluffer", "--players", "3", "--seed", "1"]) == 0
    assert "will be written to" in capsys.readouterr().out
    assert seen and not any(seen), seen
    assert out.exists() and '"end"' in out.read_text(encoding="utf-8")


def test_play_refuses_bad_human_seats_and_survives_a_bad_save(monkeypatch, capsys, tmp_path):
    assert _play(monkeypatch, ["bluffer", "--players", "4", "--human", "x"], []) == 2
    assert "--human takes seat numbers" in capsys.readouterr().err
    for blank in (" ", "", ","):                      # once: no human at all, or seat 0
        assert _play(monkeypatch, ["bluffer", "--players", "4", "--human", blank], []) == 2
        assert "--human takes seat numbers" in capsys.readouterr().err
    assert _play(monkeypatch, ["bluffer", "--players", "4", "--human", "5"], []) == 2
    assert "--human: 5 is not a seat of a 4-player game (0..3)" in capsys.readouterr().err
    assert _play(monkeypatch, ["bluffer", "--players", "4", "--human", "7,5"], []) == 2
    assert "--human: 5, 7 are not seats of a 4-player game" in capsys.readouterr().err
    assert _play(monkeypatch, ["bluffer", "--players", "4", "--human", "1,0,1"], []) == 2
    assert "--human names seat 1 twice" in capsys.readouterr().err
    assert _play(monkeypatch, ["bluffer", "--players", "3", "--seed", "1"],
                 ["write an aglet", f"save {tmp_path}", "quit"]) == 0
    assert "is a folder; give a file name" in capsys.readouterr().out


@pytest.mark.parametrize("fmt, players", [("second-hand", 4), ("the-call", 2), ("number-call", 2), ("classic", 3)])
def test_play_seats_a_formats_own_count_when_players_is_not_given(monkeypatch, capsys, fmt, players):
    """Without --players the game is for 3, or for the only count a format allows (as the
    reinforcement-learning environment picks it), not refused for 3."""
    assert _play(monkeypatch, ["auction", "--option", f"format={fmt}", "--seed", "1"], ["quit"]) == 0
    assert f"auction, {players} players." in capsys.readouterr().out


def test_play_exits_with_an_error_when_the_log_cannot_be_written_at_the_end(monkeypatch, capsys, tmp_path):
    """The path was writable when named; if it no longer is when the game is left, the
    player is told on stderr and the exit status says so."""
    target = tmp_path / "sub" / "log.jsonl"
    lines = iter([f"save {target}", "quit", ""])       # Enter: no other name

    def ask(prompt=""):
        line = next(lines)
        if line == "quit":                         # the folder's place is taken meanwhile
            (tmp_path / "sub").write_text("a file now")
        return line
    monkeypatch.setattr("builtins.input", ask)
    assert cli.main(["play", "bloff", "--seed", "1"]) == 2
    assert "could not save the log to" in capsys.readouterr().err


def test_bots_with_a_parameter_are_named_on_the_command_line(tmp_path, capsys):
    out = tmp_path / "a.csv"
    assert cli.main(["simulate", "auction", "--option", "format=second-hand", "--players", "4", "--games", "2",
                 "--seed", "1", "--agents", "shade 0.5,truthful,spot 1,random", "--out", str(out)]) == 2
    assert "unknown agent 'spot 1'" in capsys.readouterr().err
    assert cli.main(["simulate", "auction", "--option", "format=second-hand", "--players", "4", "--games", "2",
                 "--seed", "1", "--agents", "shade 0.5,truthful,random,random", "--out", str(out)]) == 0
    assert cli.main(["simulate", "bluffer", "--players", "3", "--games", "2", "--seed", "1",
                 "--agents", "spot 0.9,bluffbot(spot=0.2),random", "--out", str(out)]) == 0


def test_games_in_scientific_notation_and_progress_lines_without_a_terminal(capsys, tmp_path, monkeypatch):
    """``--games 1e3`` is a thousand games; with no terminal on stderr a long run says at
    once that it started, then reports now and then, instead of staying silent."""
    monkeypatch.setattr(cli, "PROGRESS_EVERY", 0.0)
    out_file = tmp_path / "many.csv"
    code, out, err = run(["simulate", "auction", "--option", "format=classic", "--players", "3", "--games", "1e3",
                          "--seed", "1", "--out", out_file], capsys)
    assert code == 0, err
    assert len(pd.read_csv(out_file)) == 1000
    lines = err.strip().splitlines()
    assert lines[0].endswith("1,000 games: started"), lines[:2]
    assert any("1,000 done (100.0 %)" in line for line in lines), lines[-2:]


# -- bad settings are refused before any game is played, and nothing on disk changes -------

def test_human_is_not_a_bot_name(monkeypatch, capsys, tmp_path):
    """``--agents human`` made every seat human without the shared screen's handover, so the
    next player's hand was printed to whoever sat at the terminal."""
    assert _play(monkeypatch, ["bloff", "--agents", "human", "--seed", "1"], ["play AS"]) == 2
    out, err = capsys.readouterr()
    assert "'human' is not one" in err and "your hand" not in out
    assert cli.main(["simulate", "bloff", "--players", "3", "--games", "1", "--seed", "1", "--agents", "Human",
                     "--out", str(tmp_path / "a.csv")]) == 2
    assert "'human' is not one" in capsys.readouterr().err and not list(tmp_path.iterdir())


@pytest.mark.parametrize("command", ["simulate", "play"])
def test_a_huge_player_count_is_refused_at_once(monkeypatch, capsys, tmp_path, command):
    big = "99999999999999999999"
    if command == "simulate":
        code = cli.main(["simulate", "youre-bluffing", "--players", big, "--games", "2", "--seed", "1",
                         "--out", str(tmp_path / "o.csv")])
    else:
        code = _play(monkeypatch, ["youre-bluffing", "--players", big], ["quit"])
    assert code == 2 and "is for 3 to 5 players" in capsys.readouterr().err


def test_simulate_refuses_an_output_it_cannot_write_before_playing_and_keeps_the_logs(capsys, tmp_path):
    (tmp_path / "dir.csv").mkdir()
    logs = tmp_path / "logs"
    logs.mkdir()
    for i in range(3):
        (logs / f"game-{i}.jsonl").write_text("OLD\n")
    args = ["simulate", "auction", "--players", "3", "--games", "3", "--seed", "1", "--logs", str(logs)]
    assert cli.main(args + ["--out", str(tmp_path / "dir.csv")]) == 2
    assert capsys.readouterr().err.startswith(f"bluffkit: --out {tmp_path / 'dir.csv'} is a folder; give a file name")
    assert cli.main(args + ["--out", "/proc/x.csv"]) == 2
    assert capsys.readouterr().err.startswith("bluffkit: --out /proc/x.csv: cannot write there")
    (tmp_path / "afile").write_text("a file\n")
    assert cli.main(args + ["--out", str(tmp_path / "afile" / "t.csv")]) == 2
    assert capsys.readouterr().err == f"bluffkit: --out {tmp_path / 'afile' / 't.csv'}: {tmp_path / 'afile'} is not a folder\n"
    (tmp_path / "afile").unlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dir.csv", "logs"]
    assert all((logs / f"game-{i}.jsonl").read_text() == "OLD\n" for i in range(3))
    assert len(list(logs.iterdir())) == 3


def test_simulate_says_a_logs_folder_that_is_a_link_to_nowhere_is_one(capsys, tmp_path):
    """A logs folder given as a link whose target is missing was refused as "file exists"."""
    (tmp_path / "logs").symlink_to(tmp_path / "gone" / "logs")
    args = ["simulate", "auction", "--players", "3", "--games", "3", "--seed", "1",
            "--logs", str(tmp_path / "logs"), "--out", str(tmp_path / "a.csv")]
    assert cli.main(args) == 2
    err = capsys.readouterr().err
    assert f"is a link to {tmp_path / 'gone' / 'logs'}, which does not exist" in err and "file exists" not in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["logs"] and not (tmp_path / "gone").exists()
    assert cli.main(args[:-3] + [str(tmp_path / "logs" / "sub"), "--out", str(tmp_path / "a.csv")]) == 2   # on the way
    err = capsys.readouterr().err
    assert f"{tmp_path / 'logs'} is a link to" in err and "file exists" not in err, err


def test_simulate_leaves_the_logs_folder_as_it_was_when_a_log_cannot_be_placed(capsys, tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "game-0.jsonl").write_text("OLD\n")
    (logs / "game-1.jsonl").mkdir()                # in the way of the second game's log
    code = cli.main(["simulate", "auction", "--players", "3", "--games", "3", "--seed", "1", "--logs", str(logs),
                     "--out", str(tmp_path / "a.csv")])
    assert code == 2 and "game-1.jsonl is a folder" in capsys.readouterr().err
    assert (logs / "game-0.jsonl").read_text() == "OLD\n" and sorted(p.name for p in logs.iterdir()) == \
        ["game-0.jsonl", "game-1.jsonl"]
    assert not (tmp_path / "a.csv").exists()


def test_simulate_stopped_midway_leaves_no_trace(monkeypatch, tmp_path):
    """A run stopped in the middle (Ctrl-C) leaves an existing logs folder as it was and
    removes a logs folder it made."""
    from bluffkit.analysis import simulate as sim
    from bluffkit.core.game import make_game
    real = sim.play_games

    def stopped(*a, **k):
        for n, item in enumerate(real(*a, **k)):
            if n == 2:
                raise KeyboardInterrupt
            yield item
    monkeypatch.setattr(sim, "play_games", stopped)
    made = tmp_path / "new" / "logs"
    with pytest.raises(KeyboardInterrupt):
        sim.simulate(make_game("bloff"), ["random"] * 3, 5, 1, logs=made)
    assert list(tmp_path.iterdir()) == []
    kept = tmp_path / "kept"
    kept.mkdir()
    (kept / "notes.txt").write_text("OLD\n")
    with pytest.raises(KeyboardInterrupt):
        sim.simulate(make_game("bloff"), ["random"] * 3, 5, 1, logs=kept)
    assert [p.name for p in kept.iterdir()] == ["notes.txt"] and (kept / "notes.txt").read_text() == "OLD\n"


def test_simulate_refuses_a_logs_folder_with_another_runs_logs(capsys, tmp_path):
    """A second run into the same folder overwrote the first run's game-0..N without a word,
    or mixed its logs with the rest (and replay of the folder read them all as one run)."""
    logs = tmp_path / "logs"
    args = ["simulate", "bloff", "--players", "3", "--seed", "1", "--no-progress", "--logs", str(logs)]
    assert cli.main(args + ["--games", "3", "--out", str(tmp_path / "a.csv")]) == 0
    before = {p.name: p.read_bytes() for p in logs.iterdir()}
    assert cli.main(args + ["--games", "2", "--out", str(tmp_path / "b.csv")]) == 2
    err = capsys.readouterr().err
    assert f"logs folder {logs} already holds 3 game logs (game-0.jsonl, ...) of an earlier run" in err
    assert {p.name: p.read_bytes() for p in logs.iterdir()} == before and not (tmp_path / "b.csv").exists()


def test_simulate_refuses_a_logs_folder_with_one_log_of_another_run(capsys, tmp_path):
    """One log is another run's too: a run of one game, then one of two into the same
    folder, would replace its game-0.jsonl and put game-1.jsonl beside it."""
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "game-0.jsonl").write_text("another run's game\n")
    code, out, err = run(["simulate", "bloff", "--players", "3", "--seed", "1", "--no-progress", "--logs", logs,
                          "--games", "2", "--out", tmp_path / "b.csv"], capsys)
    assert_one_error_line(code, out, err, f"logs folder {logs} already holds 1 game log (game-0.jsonl, ...)")
    assert [p.name for p in logs.iterdir()] == ["game-0.jsonl"] and not (tmp_path / "b.csv").exists()
    assert (logs / "game-0.jsonl").read_text() == "another run's game\n"


def test_simulate_removes_the_hidden_folder_a_killed_run_left_and_keeps_a_live_ones(tmp_path):
    """A run killed outright (SIGKILL) cannot remove its hidden folder of logs; the next run
    into the same folder does, when the process that made it is gone. A live run's folder,
    and one made on another machine sharing the folder, are kept."""
    from bluffkit.analysis import simulate as sim
    from bluffkit.core.game import make_game
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    alive = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        logs = tmp_path / "logs"
        logs.mkdir()
        dead = logs / f".logs-{sim._HOST}-{gone.pid}-abc123.tmp"
        live = logs / f".logs-{sim._HOST}-{alive.pid}-def456.tmp"
        other = logs / f".logs-otherhost-{gone.pid}-ghi789.tmp"
        reused = logs / f".logs-{sim._HOST}-{os.getpid()}-jkl012.tmp"    # this pid's, not made here: dead
        for d in (dead, live, other, reused):
            d.mkdir()
            (d / "game-0.jsonl").write_text("PARTIAL\n")
        with pytest.raises(BluffkitError, match="is being written by another run .* give each run a folder of its own"):
            sim.simulate(make_game("bloff"), ["random"] * 3, 2, 1, logs=logs)   # the live ones' run is going
        assert sorted(p.name for p in logs.iterdir()) == sorted([live.name, other.name])
    finally:
        alive.kill()
        alive.wait()
    for d in (live, other):
        shutil.rmtree(d)
    dead.mkdir()
    sim.simulate(make_game("bloff"), ["random"] * 3, 2, 1, logs=logs)
    assert sorted(p.name for p in logs.iterdir()) == ["game-0.jsonl", "game-1.jsonl"]


def test_simulate_places_its_logs_on_a_file_system_without_hard_links(tmp_path, monkeypatch):
    """os.link failing with ENOSYS (FUSE mounts) ended the run after every game was played."""
    import errno

    from bluffkit.analysis import simulate as sim
    from bluffkit.core.game import make_game

    def no_links(*a, **k):
        raise OSError(errno.ENOSYS, "Function not implemented")
    monkeypatch.setattr(sim.os, "link", no_links)
    logs = tmp_path / "logs"
    sim.simulate(make_game("bloff"), ["random"] * 3, 3, 1, logs=logs)
    assert sorted(p.name for p in logs.iterdir()) == ["game-0.jsonl", "game-1.jsonl", "game-2.jsonl"]


def test_simulate_stopped_while_its_logs_are_put_in_place_keeps_none(monkeypatch, tmp_path):
    """Ctrl-C while the logs went from the hidden folder into the logs folder, one by one,
    left those already moved and no table, and the next run into the folder was refused
    ("already holds 19 game logs of another run")."""
    from bluffkit.analysis import simulate as sim
    real, calls = os.link, []

    def stopped(src, dst, *a, **k):
        calls.append(dst)
        if len(calls) == 4:
            raise KeyboardInterrupt
        return real(src, dst, *a, **k)
    logs = tmp_path / "logs"
    args = ["simulate", "bloff", "--players", "3", "--games", "6", "--seed", "1", "--no-progress",
            "--out", str(tmp_path / "a.csv"), "--logs", str(logs)]
    monkeypatch.setattr(sim.os, "link", stopped)
    assert cli.main(args) == 130 and len(calls) == 4
    assert list(tmp_path.iterdir()) == []
    monkeypatch.setattr(sim.os, "link", real)
    assert cli.main(args) == 0 and len(list(logs.iterdir())) == 6


def test_simulate_refuses_to_mix_its_logs_with_a_run_writing_the_same_folder_meanwhile(capsys, tmp_path, monkeypatch):
    """Two runs into one logs folder at the same time both said they were done, and the
    folder held 50 logs of one and 100 of the other (game-000..099 replaced). The run that
    finishes second is refused, its logs not kept, the other's left as they are."""
    from bluffkit.analysis import simulate as sim
    from bluffkit.core.game import make_game
    logs = tmp_path / "logs"
    real = sim.play_games

    def meanwhile(*a, **k):                       # the other run puts its logs in place meanwhile
        yield from real(*a, **k)
        (logs / "game-0.jsonl").write_text("OTHER RUN'S\n")
    monkeypatch.setattr(sim, "play_games", meanwhile)
    with pytest.raises(BluffkitError, match=r"game-0.jsonl was written by another run while this one played"):
        sim.simulate(make_game("bloff"), ["random"] * 3, 3, 1, logs=logs)
    assert [p.name for p in logs.iterdir()] == ["game-0.jsonl"]
    assert (logs / "game-0.jsonl").read_text() == "OTHER RUN'S\n"


def test_simulate_names_a_log_it_cannot_write_where_it_would_go(tmp_path, monkeypatch):
    """A full disk was reported on the hidden folder's path (gone once the run stopped)."""
    from bluffkit.analysis import simulate as sim
    from bluffkit.core import log as gamelog
    from bluffkit.core.game import make_game
    real = gamelog.os.fdopen

    def full(fd, *a, **k):
        os.close(fd)
        raise OSError(27, "File too large")
    monkeypatch.setattr(gamelog.os, "fdopen", full)
    logs = tmp_path / "logs"
    with pytest.raises(BluffkitError) as err:
        sim.simulate(make_game("bloff"), ["random"] * 3, 2, 1, logs=logs)
    monkeypatch.setattr(gamelog.os, "fdopen", real)
    assert str(err.value) == f"cannot save the log {logs / 'game-0.jsonl'}: file too large; no log of this run is kept"
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("logs", ["a.csv", "a.csv/logs"])
def test_simulate_refuses_logs_in_or_under_its_out_before_playing(capsys, tmp_path, monkeypatch, logs):
    """--out a.csv --logs a.csv played every game, put the logs in a folder a.csv, then could
    not write the table there: the logs stayed, the table was lost, and a second run into the
    folder was refused."""
    from bluffkit.analysis import simulate as sim
    monkeypatch.setattr(sim, "play_games", None)           # refused before any game is played
    monkeypatch.chdir(tmp_path)
    code = cli.main(["simulate", "bloff", "--players", "3", "--games", "2", "--seed", "1", "--out", "a.csv",
                     "--logs", logs])
    err = capsys.readouterr().err
    assert code == 2 and f"--logs {logs} would put the logs" in err and "--out a.csv, which is a file" in err
    assert list(tmp_path.iterdir()) == []


def test_simulate_keeps_no_logs_when_its_out_cannot_be_written(capsys, tmp_path, monkeypatch):
    """The table is written (under a hidden name) before the logs are put in place: a run
    whose table cannot be written leaves neither."""
    def full(self, *a, **k):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(pd.DataFrame, "to_csv", full)
    logs = tmp_path / "logs"
    code = cli.main(["simulate", "bloff", "--players", "3", "--games", "2", "--seed", "1", "--no-progress",
                     "--out", str(tmp_path / "a.csv"), "--logs", str(logs)])
    assert code == 2 and "cannot write the table (no space left on device)" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []
    code = cli.main(["simulate", "bloff", "--players", "3", "--games", "2", "--seed", "1", "--no-progress",
                     "--out", str(tmp_path / "new" / "deeper" / "a.csv"), "--logs", str(logs)])
    assert code == 2 and list(tmp_path.iterdir()) == [], "the folders made for --out are gone too"


def test_simulate_writes_past_a_file_of_its_old_temporary_name(capsys, tmp_path):
    """The table went through a fixed name, .a.csv.tmp, replacing a file of that name and
    failing on a folder of that name after every game was played."""
    (tmp_path / ".a.csv.tmp").mkdir()
    (tmp_path / ".b.csv.tmp").write_text("MINE\n")
    for name in ("a.csv", "b.csv"):
        assert cli.main(["simulate", "bloff", "--players", "3", "--games", "2", "--seed", "1", "--no-progress",
                         "--out", str(tmp_path / name)]) == 0
    assert (tmp_path / ".b.csv.tmp").read_text() == "MINE\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == [".a.csv.tmp", ".b.csv.tmp", "a.csv", "b.csv"]


def test_two_machines_whose_long_names_share_a_beginning_do_not_take_each_others_hidden_files():
    """Hidden folders of logs, hidden tables and tournament marks are this machine's only
    when the whole host name matches (docs/logs.md): two pods of one deployment, whose
    names differ only in their last characters, must not remove each other's as a dead
    run's (the other machine's process cannot be looked up from here)."""
    from bluffkit.analysis import simulate as sim
    one = sim.host_in_names("bluffkit-tournament-worker-deployment-7d4f8b9c6d-abcde")
    two = sim.host_in_names("bluffkit-tournament-worker-deployment-7d4f8b9c6d-fghij")
    assert one != two
    assert sim.run_state(f".logs-{two}-1-abc.tmp", two, "1", here=one) == "live"
    assert sim._STAGING.fullmatch(f".logs-{two}-1-abc.tmp")["host"] == two


def test_a_hidden_name_whose_pid_is_no_process_number_is_no_run(capsys, tmp_path):
    """A hidden folder of logs whose process number is 0 (a name copied or made by hand:
    no run has it) refused every run into that folder as "being written by another run"
    whose process is alive: asking whether process 0 is alive asks of this process's own
    group. A pid too long for the system (150 digits) is no run either; both are kept."""
    from bluffkit.analysis import simulate as sim
    here = sim._HOST
    assert sim.run_state(f".logs-{here}-0-x.tmp", here, "0") == "none"
    assert sim.run_state(f".logs-{here}-{'9' * 150}-x.tmp", here, "9" * 150) == "none"
    logs = tmp_path / "logs"
    for pid in ("0", "9" * 150):
        (logs / f".logs-{here}-{pid}-x.tmp").mkdir(parents=True)
    code, out, err = run(["simulate", "bloff", "--players", "3", "--games", "2", "--seed", "1", "--no-progress",
                          "--out", tmp_path / "a.csv", "--logs", logs], capsys)
    assert code == 0 and err == "", err
    assert len(list(logs.iterdir())) == 4


def test_simulate_removes_the_hidden_table_a_killed_run_left_and_no_other(capsys, tmp_path):
    """``kill -9`` while ``simulate`` wrote its table left ``.a.csv.*.tmp`` beside ``--out``
    for good. The next run into ``--out`` removes those of a dead process on this machine;
    a live run's, another machine's and another file's stay."""
    from bluffkit.analysis.simulate import _HOST, HOST_IN_NAMES
    out = tmp_path / "a.csv"
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead = int(done.stdout)                       # a process that has ended
    ours = cli._table_prefix(out)                 # as this process names its table
    assert f"-{os.getpid()}-" in ours
    killed = ours.replace(f"-{os.getpid()}-", f"-{dead}-") + "k1ll3d00.tmp"
    reused = ours + "n0tm1ne0.tmp"                # this pid's, not made here: a reused pid's
    live = ours.replace(f"-{os.getpid()}-", f"-{os.getppid()}-") + "l1ve0000.tmp"
    other = ours.replace(f".{_HOST[:HOST_IN_NAMES]}-", ".elsewhere-").replace(f"-{os.getpid()}-", f"-{dead}-") + "x.tmp"
    b = cli._table_prefix(tmp_path / "b.csv").replace(f"-{os.getpid()}-", f"-{dead}-") + "b0000000.tmp"
    for name in (killed, reused, live, other, b):
        (tmp_path / name).write_text("rows\n")
    assert cli.main(["simulate", "bloff", "--players", "3", "--games", "2", "--seed", "1", "--no-progress",
                     "--out", str(out)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([live, other, b, "a.csv"])
    assert (tmp_path / live).read_text() == "rows\n"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_simulate_writes_its_table_through_a_link_and_refuses_a_named_pipe(capsys, tmp_path):
    """--out replaced a symbolic link with the table (its target kept the old rows) and a
    named pipe or a device with a file."""
    import stat
    (tmp_path / "tables").mkdir()
    old = tmp_path / "tables" / "a.csv"
    old.write_text("old rows\n")
    link = tmp_path / "latest.csv"
    link.symlink_to(Path("tables") / "a.csv")
    args = ["simulate", "bloff", "--players", "3", "--games", "2", "--seed", "1", "--no-progress", "--out"]
    assert cli.main(args + [str(link)]) == 0
    assert link.is_symlink() and pd.read_csv(old)["game"].tolist() == [0, 1]
    assert sorted(p.name for p in (tmp_path / "tables").iterdir()) == ["a.csv"]
    pipe = tmp_path / "pipe.csv"
    os.mkfifo(pipe)
    code, out, err = run(args + [str(pipe)], capsys)
    assert code == 2 and f"cannot save the table (--out) to {pipe}: that is a named pipe, not a file" in err, err
    assert stat.S_ISFIFO(pipe.lstat().st_mode)


def test_simulate_gives_its_table_the_mode_of_a_new_file_or_keeps_the_old_ones(capsys, tmp_path):
    """The table is written under a hidden name made private (mkstemp: 0600) and renamed:
    a new table gets the mode any new file gets (0666 less the umask), one replaced keeps
    its own, as the logs do."""
    out = tmp_path / "t.csv"
    args = ["simulate", "bloff", "--players", "3", "--games", "1", "--seed", "1", "--no-progress", "--out", out]
    mask = os.umask(0o027)
    try:
        assert run(args, capsys)[0] == 0
        assert out.stat().st_mode & 0o777 == 0o640
        out.chmod(0o604)
        assert run(args, capsys)[0] == 0
        assert out.stat().st_mode & 0o777 == 0o604
    finally:
        os.umask(mask)


def test_a_link_is_checked_where_its_target_is_written(capsys, tmp_path, monkeypatch):
    """--out through a link in a read-only folder was refused ("cannot write there") though
    the table goes beside the link's target, as Python's writers write; play --save alike."""
    (tmp_path / "ro").mkdir()
    (tmp_path / "tables").mkdir()
    link = tmp_path / "ro" / "r.csv"
    link.symlink_to(tmp_path / "tables" / "real.csv")
    save = tmp_path / "ro" / "g.jsonl"
    save.symlink_to(tmp_path / "tables" / "g.jsonl")
    checked = []
    monkeypatch.setattr(cli, "_writable_file", lambda path, option: checked.append(Path(path)))
    cli._writable_through_links(link, "--out")
    cli._log_file(str(save), "--save", replace=True)
    assert checked == [tmp_path / "tables" / "real.csv", tmp_path / "tables" / "g.jsonl"]
    monkeypatch.undo()
    assert cli.main(["simulate", "bloff", "--players", "3", "--games", "1", "--seed", "1", "--no-progress",
                     "--out", str(link)]) == 0
    assert (tmp_path / "tables" / "real.csv").exists() and link.is_symlink()


def test_simulate_stopped_says_how_to_run_games_that_are_kept_when_stopped(monkeypatch, capsys, tmp_path):
    """A Ctrl-C loses every game simulate played (it writes its table at the end): the
    message says so and names the command whose runs keep their games and resume."""
    import bluffkit.analysis.simulate as simulate_module

    def stopped(*args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr(simulate_module, "simulate", stopped)
    out = tmp_path / "a.csv"
    assert cli.main(["simulate", "bloff", "--players", "3", "--games", "10", "--seed", "1", "--no-progress",
                     "--out", str(out)]) == 130
    said = capsys.readouterr().err.strip()
    assert said == f"bluffkit: stopped; nothing of this run was saved ({out} is as it was); simulate keeps " \
        "nothing until its last game: for a run that keeps its games as it plays and resumes after a stop, " \
        "use bluffkit tournament (docs/scale.md)"
    assert not out.exists()


@pytest.mark.slow                      # a fresh interpreter
def test_simulate_stopped_by_sigterm_leaves_no_trace(tmp_path):
    """SIGTERM (kill, a job scheduler) ended the process before its cleanups: the hidden
    folder of logs stayed. It now stops as Ctrl-C does, with status 143."""
    logs = tmp_path / "new" / "logs"
    run = subprocess.Popen([sys.executable, "-m", "bluffkit.cli", "simulate", "bloff", "--players", "10",
                            "--games", "100000", "--seed", "1", "--no-progress", "--out", str(tmp_path / "a.csv"),
                            "--logs", str(logs)], stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while not (logs.exists() and any(p.name.startswith(".logs-") for p in logs.iterdir())):
        assert run.poll() is None and time.monotonic() < deadline, run.stderr.read()
        time.sleep(0.05)
    run.send_signal(signal.SIGTERM)
    assert run.wait(timeout=30) == 143
    assert list(tmp_path.iterdir()) == []
    assert run.stderr.read().decode().strip().splitlines()[-1] == \
        f"bluffkit: stopped; nothing of this run was saved ({tmp_path / 'a.csv'} and the logs folder {logs} are as they were)" \
        + cli.RESUMABLE


def test_play_refuses_a_save_path_it_cannot_write_before_the_game(monkeypatch, capsys, tmp_path):
    assert _play(monkeypatch, ["bloff", "--save", str(tmp_path)], ["quit"]) == 2
    out, err = capsys.readouterr()
    assert "is a folder" in err and "your hand" not in out
    target = tmp_path / "ok.jsonl"
    assert _play(monkeypatch, ["bloff"], [f"save {tmp_path}", f"save {target}", "quit"]) == 0
    assert "is a folder" in capsys.readouterr().out and target.exists()


def test_play_does_not_replace_an_earlier_games_log_unless_told(monkeypatch, capsys, tmp_path):
    """A game played at the prompt cannot be played again: ``--save`` (before the game) and
    ``save FILE`` (during it) refuse a file that exists, and leave it as it was;
    ``--overwrite`` replaces it, and the file named at the start may be named again."""
    old = tmp_path / "monday.jsonl"
    old.write_text("monday's game\n", encoding="utf-8")
    assert _play(monkeypatch, ["bloff", "--seed", "1", "--save", str(old)], ["quit"]) == 2
    out, err = capsys.readouterr()
    assert "that file exists already" in err and "--overwrite" in err and err.count("\n") == 1
    assert out == "" and old.read_text(encoding="utf-8") == "monday's game\n"
    new = tmp_path / "tuesday.jsonl"
    assert _play(monkeypatch, ["bloff", "--seed", "1"], [f"save {old}", f"save {new}", "quit"]) == 0
    assert "that file exists already" in capsys.readouterr().out
    assert old.read_text(encoding="utf-8") == "monday's game\n" and new.exists()
    assert _play(monkeypatch, ["bloff", "--seed", "1", "--save", str(old), "--overwrite"],
                 [f"save {old}", "quit"]) == 0
    assert "exists already" not in capsys.readouterr().out
    assert '"end"' in old.read_text(encoding="utf-8")


def test_play_refuses_a_save_name_that_is_a_link_to_nowhere_before_the_game(monkeypatch, capsys, tmp_path):
    """A symbolic link whose target is not there yet is a file name taken all the same: it
    was found only when the game, played to its end, was saved."""
    link = tmp_path / "g.jsonl"
    link.symlink_to(tmp_path / "nowhere.jsonl")
    assert _play(monkeypatch, ["bloff", "--seed", "1", "--save", str(link)], ["quit"]) == 2
    out, err = capsys.readouterr()
    assert "that file exists already" in err and err.count("\n") == 1 and out == "", (out, err)
    assert link.is_symlink() and [p.name for p in tmp_path.iterdir()] == ["g.jsonl"]


def test_a_file_name_too_long_is_refused_before_playing_and_the_game_goes_on(monkeypatch, capsys, tmp_path):
    long = str(tmp_path / ("x" * 300 + ".csv"))
    assert cli.main(["simulate", "bloff", "--players", "3", "--games", "2", "--seed", "1", "--out", long]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bluffkit: --out ") and "cannot write there" in err, err
    target = tmp_path / "ok.jsonl"
    assert _play(monkeypatch, ["bloff"], [f"save {tmp_path / ('y' * 300)}.jsonl", f"save {target}", "quit"]) == 0
    assert "cannot write there" in capsys.readouterr().out and target.exists()


# -- what a newcomer meets first ----------------------------------------------------------------

def test_version_and_a_clear_usage_line(capsys):
    with pytest.raises(SystemExit) as e:
        cli.main(["--version"])
    assert e.value.code == 0 and capsys.readouterr().out.strip() == f"bluffkit {__import__('bluffkit').__version__}"
    with pytest.raises(SystemExit):
        cli.main([])
    assert "COMMAND" in capsys.readouterr().err


def test_scenario_list_refuses_run_options_and_lines_up_its_titles(capsys):
    assert_one_error_line(*run(["scenario", "list", "--all"], capsys), "'scenario run' does")
    code, out, _ = run(["scenario", "list"], capsys)
    starts = {line.index(line.split()[1]) for line in out.splitlines()}
    assert code == 0 and len(starts) == 1, "every title starts in the same column"


@pytest.mark.slow      # (a process of its own, a terminal or a signal: with the slow tests)
@pytest.mark.parametrize("argv", [["games"], ["scenario", "list"]])
def test_output_into_a_pipe_closed_early_ends_quietly(argv):
    """`bluffkit games | head -1` said "bluffkit: Broken pipe" and exited 2, while `scenario
    list | head -1` exited 0: both now stop quietly with a writer's usual status (141)."""
    proc = subprocess.run(f"{sys.executable} -m bluffkit.cli {' '.join(argv)} | true; echo ${{PIPESTATUS[0]}}",
                          shell=True, executable="/bin/bash", capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert proc.stdout.strip() == "141" and proc.stderr == "", (proc.stdout, proc.stderr)


def test_play_left_unfinished_keeps_its_seed_off_the_screen(monkeypatch, capsys, tmp_path):
    """It said "seed 5: --seed 5 deals this game again" on the shared screen, from which anyone
    there could deal every hand again, and a saved log can be taken up again (Session.load)."""
    assert _play(monkeypatch, ["horse-trading", "--players", "3", "--seed", "5"], ["quit"]) == 0
    shown = capsys.readouterr().out
    assert "(left unfinished)" in shown and "seed" not in shown
    out = tmp_path / "left.jsonl"
    assert _play(monkeypatch, ["horse-trading", "--players", "3", "--seed", "5", "--save", str(out)], ["quit"]) == 0
    shown = capsys.readouterr().out
    assert "(left unfinished; its log keeps the seed, to deal it again)" in shown and "seed 5" not in shown
    assert json.loads(out.read_text(encoding="utf-8").splitlines()[0])["seed"] == 5


def test_play_left_with_ctrl_c_saves_its_log(monkeypatch, capsys, tmp_path):
    """Ctrl-C at the prompt skipped the save the prompt promises ("written when the game
    ends or you quit"); it now leaves as 'quit' does, with status 130."""
    out = tmp_path / "left.jsonl"

    def interrupted(prompt=""):
        raise KeyboardInterrupt
    monkeypatch.setattr("builtins.input", interrupted)
    assert cli.main(["play", "horse-trading", "--players", "3", "--seed", "5", "--save", str(out)]) == 130
    assert out.exists() and "(left unfinished; its log keeps the seed" in capsys.readouterr().out


def test_a_broken_pipe_that_is_not_the_output_is_reported(monkeypatch, capsys):
    """Only a closed standard output ends quietly (141); a broken pipe elsewhere (a socket,
    a worker) is an error, reported in one line."""
    def broken(args):
        raise BrokenPipeError(32, "Broken pipe")
    monkeypatch.setattr(cli, "cmd_games", broken)
    assert_one_error_line(*run(["games"], capsys), "Broken pipe")


def test_the_default_bots_are_named_where_they_apply(capsys, tmp_path):
    """`games` names each game's bot for `play`; `simulate` fills its seats with random bots
    when --agents is not given, and its help says so."""
    code, out, _ = run(["games"], capsys)
    assert code == 0 and "bots: heuristic, random (default in play: heuristic)" in out
    with pytest.raises(SystemExit):
        run(["simulate", "--help"], capsys)
    assert "(default: random;" in " ".join(capsys.readouterr().out.split())
    code, _, _ = run(["simulate", "horse-trading", "--players", "3", "--games", "1", "--seed", "1",
                      "--out", tmp_path / "one.csv"], capsys)
    assert code == 0 and [rows(tmp_path / "one.csv")[0][f"agent_{s}"] for s in range(3)] == ["random"] * 3


def test_replay_of_many_logs_with_a_progress_bar_keeps_refusals_on_stderr(sim, capsys, tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(b"not a log\n")
    first = sorted((sim / "logs").iterdir())[0]
    code, out, err = run(["replay", first, bad, "--progress"], capsys)
    assert code == 2 and "bluffkit: " not in out and out.splitlines()[-1] == "2 logs: 1 valid, 1 refused"
    assert f"bluffkit: {bad}" in err and "2/2" in err


def test_replay_of_the_frozen_logs_says_which_were_checked_without_digests(capsys):
    """Logs of format 1 are replayed and checked, but their digests cannot be compared: the
    one-line summary says so, as the single-log summary does."""
    code, out, err = run(["replay", ROOT / "tests" / "logs", "--no-progress"], capsys)
    lines = out.splitlines()
    assert code == 0 and err == "" and lines[-1].endswith(" valid, 0 refused")
    old = [x for x in lines if "format-1 digests not compared" in x]
    assert old and all('"version":1' in (ROOT / x.split(": valid")[0]).read_text().split("\n", 1)[0] for x in old)
    assert len(old) < len(lines) - 1, "the newer logs have their digests compared"


def test_replay_of_a_folder_reads_each_log_once_and_leaves_a_deck_beside_them_out(sim, capsys, tmp_path):
    """docs/logs.md tells a Bluffer player to keep the deck beside its logs: a folder's
    replay leaves it out (and says so), and a log named twice, or through a link, is read once."""
    first, second = sorted((sim / "logs").iterdir())[:2]
    folder = tmp_path / "logs"
    folder.mkdir()
    (folder / "a.jsonl").write_bytes(first.read_bytes())
    (folder / "b.jsonl").symlink_to(folder / "a.jsonl")
    (folder / "deck.jsonl").write_bytes((ROOT / "data" / "decks" / "bluffer-general.jsonl").read_bytes())
    code, out, err = run(["replay", folder, folder / "a.jsonl", second, "--no-progress"], capsys)
    assert code == 0 and err == ""
    assert out.splitlines()[-1] == "2 logs: 2 valid, 0 refused (1 Bluffer deck beside them not read as logs)"
    code, out, _ = run(["replay", folder, "--moves"], capsys)
    assert code == 0 and "   1.   seat 0: auction" in out, "--moves on a folder of one log shows its steps"
    code, out, _ = run(["replay", folder, folder, "--no-progress"], capsys)
    assert out.splitlines()[-1] == "1 log: 1 valid, 0 refused (1 Bluffer deck beside them not read as logs)"
    code, out, err = run(["replay", folder / "deck.jsonl", second], capsys)
    assert code == 2 and "deck.jsonl" in err, "a deck named as a log is read as one, and refused"
    code, out, err = run(["replay", folder, folder / "deck.jsonl", "--no-progress"], capsys)
    assert code == 2 and out.splitlines()[-1] == "2 logs: 1 valid, 1 refused", "the deck named is not counted twice"


@pytest.mark.parametrize("args, says", [
    (["simulate", "bloff", "--players", "3", "--games", "1", "--seed", "1", "--agents", "random,", "--out", "OUT"],
     "--agents: an empty name between commas"),
    (["simulate", "bloff", "--players", "3", "--games", "1", "--seed", "1", "--logs", "", "--out", "OUT"],
     "--logs names no folder"),
    (["simulate", "bloff", "--players", "3", "--games", "1", "--seed", "1", "--logs", "  ", "--out", "OUT"],
     "--logs names no folder"),
])
def test_empty_names_in_options_are_refused(capsys, tmp_path, args, says):
    """'--agents random,' and '--logs \"\"' were taken as if the empty part were not there."""
    args = [str(tmp_path / "a.csv") if a == "OUT" else a for a in args]
    code, out, err = run(args, capsys)
    assert_one_error_line(code, out, err, says)
    assert not (tmp_path / "a.csv").exists()


def test_replay_of_one_log_shows_an_escape_in_its_name_as_text(capsys, tmp_path, good_log):
    """The folder form escaped a file name's escape codes; one log named alone sent them
    to the terminal (here: red text)."""
    path = tmp_path / "e\x1b[31mRED.jsonl"
    path.write_bytes(good_log)
    code, out, err = run(["replay", path], capsys)
    assert code == 0 and "\x1b" not in out and "e\\x1b[31mRED.jsonl: a valid log of" in out, out


def test_a_strict_locale_reads_and_writes_bytes_that_are_not_utf8_in_words(monkeypatch, tmp_path):
    """Under a strict UTF-8 locale (not C.UTF-8) a move typed in another encoding, and a
    file name of such bytes echoed back, ended in UnicodeDecodeError/UnicodeEncodeError."""
    import io
    stdout = io.BytesIO()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"bid \xff\nquit\n"), encoding="utf-8"))
    monkeypatch.setattr("sys.stdout", io.TextIOWrapper(stdout, encoding="utf-8", write_through=True))
    assert cli.main(["play", "bloff", "--seed", "1"]) == 0
    assert "'bid \\udcff' is not a move; you may: play CARDS" in stdout.getvalue().decode("utf-8")
    out = tmp_path / "o\udcff.csv"
    stdout.seek(0)
    stdout.truncate()
    assert cli.main(["simulate", "bloff", "--players", "3", "--games", "1", "--seed", "1", "--no-progress",
                     "--out", str(out)]) == 0
    assert "-> " + str(tmp_path) + "/o\\udcff.csv" in stdout.getvalue().decode("utf-8")
    assert os.path.exists(os.fsencode(out))
    assert sys.stdout.errors == "strict", "the caller's stdout is as it was (stdin, once read, cannot be set back)"
    assert signal.getsignal(signal.SIGTERM) is not cli._terminated, "the caller's SIGTERM handling is as it was"


@pytest.mark.slow      # (a process of its own, a terminal or a signal: with the slow tests)
def test_sigterm_at_the_prompt_leaves_the_game_as_ctrl_c_does_and_saves_it(tmp_path):
    """Ctrl-C at the prompt of play --save saved the unfinished game; SIGTERM lost it."""
    out = tmp_path / "left.jsonl"
    run = subprocess.Popen([sys.executable, "-m", "bluffkit.cli", "play", "bloff", "--seed", "3", "--save", str(out)],
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    seen = b""
    deadline = time.monotonic() + 60
    while b"seat 0> " not in seen:
        assert time.monotonic() < deadline and run.poll() is None, seen[-500:]
        seen += run.stdout.read1(4096)
    run.send_signal(signal.SIGTERM)
    rest, err = run.communicate(timeout=30)
    assert run.returncode == 143, err
    assert b"left unfinished; its log keeps the seed" in rest and b"seed 3" not in rest and out.exists()
    assert json.loads(out.read_text(encoding="utf-8").splitlines()[-1])["end"]["over"] is False


def _play_on_a_terminal(out, game="bloff", seen: list | None = None, **popen):
    """``bluffkit play GAME --save out`` on a pseudo-terminal of its own, up to its first
    prompt: the process and the terminal's other end (what it printed so far is put in
    ``seen``, when given)."""
    import pty
    main, sub = pty.openpty()
    run = subprocess.Popen([sys.executable, "-m", "bluffkit.cli", "play", game, "--seed", "3", "--save", str(out)],
                           stdin=sub, stdout=sub, stderr=sub, start_new_session=True, **popen)
    os.close(sub)
    text = _read_terminal(run, main, b"seat 0> ")
    if seen is not None:
        seen.append(text)
    return run, main


def _read_terminal(run, main, until: bytes) -> bytes:
    """What the terminal's other end reads up to ``until`` (at most a minute)."""
    import select
    seen, deadline = b"", time.monotonic() + 60
    while until not in seen:
        assert time.monotonic() < deadline and run.poll() is None, seen[-500:]
        if select.select([main], [], [], 1)[0]:
            seen += os.read(main, 4096)
    return seen


@pytest.mark.slow      # (a process of its own, a terminal or a signal: with the slow tests)
def test_on_a_terminal_long_lines_are_broken_at_its_width(tmp_path, monkeypatch, capsys):
    """Bidder Up!'s pens and the moves listed by help ran to 386 characters, which a
    terminal wraps from its left edge, in the middle of words. On a terminal bluffkit
    breaks them at spaces to the terminal's width, the rest of each line indented; a
    transcript piped to a file keeps every line whole."""
    seen: list = []
    run, main = _play_on_a_terminal(tmp_path / "g.jsonl", "bidder-up", seen, env=dict(os.environ, COLUMNS="60"))
    try:
        os.write(main, b"help\n")
        text = (seen[0] + _read_terminal(run, main, b"seat 0> ")).decode("utf-8").replace("\r\n", "\n")
        os.write(main, b"quit\n")
        assert run.wait(timeout=30) == 0
    finally:
        os.close(main)
    long = [line for line in text.splitlines() if len(line) > 60 and " " in line.strip()]
    assert not long, long
    assert "\n    hill-north (pay 1 note)" in text or "\n  " in text.split("You may: move SPACE")[-1]
    flat = " ".join(text.split())
    assert "trade-3 (pay 3 notes), trade-5 (pay 3 notes)" in flat, "the moves are all there, in order"
    monkeypatch.setenv("COLUMNS", "60")
    assert _play(monkeypatch, ["bidder-up", "--seed", "3"], ["help", "quit"]) == 0
    assert max(map(len, capsys.readouterr().out.splitlines())) > 200, "a file keeps each line whole"


@pytest.mark.slow      # (a process of its own, a terminal or a signal: with the slow tests)
def test_a_closed_terminal_leaves_the_game_saved_as_sigterm_does(tmp_path):
    """Closing the terminal window (SIGHUP) killed bluffkit play at once: the game given
    --save was never written. Now the log is saved, nothing more is printed to the gone
    terminal, and the status is 129, as SIGHUP's."""
    out = tmp_path / "hup.jsonl"
    run, main = _play_on_a_terminal(out)
    os.write(main, b"play 2S\n")                    # a move, then the window closes
    time.sleep(0.3)
    run.send_signal(signal.SIGHUP)
    os.close(main)
    assert run.wait(timeout=30) == 129
    end = json.loads(out.read_text(encoding="utf-8").splitlines()[-1])["end"]
    assert end["over"] is False


@pytest.mark.parametrize("signum, status", [(signal.SIGHUP, 129), (signal.SIGTERM, 143)])
def test_a_command_stopped_by_a_signal_exits_as_the_signal_would_end_it(monkeypatch, signum, status):
    """128 + the signal's number: SIGHUP (the terminal closed) is 129, SIGTERM 143."""
    def stopped(args):
        raise cli._Terminated(signum)
    monkeypatch.setattr(cli, "cmd_games", stopped)
    assert cli.main(["games"]) == status


def test_under_nohup_a_hangup_is_left_ignored(monkeypatch):
    """nohup ignores SIGHUP so that a long run outlives its terminal: bluffkit keeps that."""
    seen = []
    monkeypatch.setattr(cli, "cmd_games", lambda args: seen.append(signal.getsignal(signal.SIGHUP)) or 0)
    before = signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:
        assert cli.main(["games"]) == 0
        assert seen == [signal.SIG_IGN] and signal.getsignal(signal.SIGHUP) is signal.SIG_IGN
        signal.signal(signal.SIGHUP, signal.SIG_DFL)
        assert cli.main(["games"]) == 0
        assert seen[1] is cli._hung_up and signal.getsignal(signal.SIGHUP) is signal.SIG_DFL, "set back after"
    finally:
        signal.signal(signal.SIGHUP, before)


def test_a_signal_or_ctrl_c_while_the_bots_play_leaves_the_game_saved(monkeypatch, capsys, tmp_path):
    """SIGTERM, SIGHUP or Ctrl-C that came while the table's moves were played (not at a
    prompt) ended play with the game given --save unwritten."""
    from bluffkit.session import Session
    real = Session.advance
    for stop, status in ((cli._Terminated(15), 143), (cli._Terminated(1), 129), (KeyboardInterrupt(), 130)):
        calls = []

        def advance(self, *a, _stop=stop, calls=calls, **k):
            calls.append(1)
            if len(calls) == 2:                        # after the first move: the bots are playing
                raise _stop
            return real(self, *a, **k)
        monkeypatch.setattr(Session, "advance", advance)
        out = tmp_path / f"stopped-{status}.jsonl"
        assert _play(monkeypatch, ["bloff", "--seed", "3", "--save", str(out)], ["play 2S", "pass"] * 5) == status
        assert json.loads(out.read_text(encoding="utf-8").splitlines()[-1])["end"]["over"] is False
        assert "left unfinished" in capsys.readouterr().out


@pytest.mark.slow      # (a process of its own, a terminal or a signal: with the slow tests)
def test_with_hang_ups_ignored_a_closed_terminal_leaves_the_game_saved(tmp_path):
    """With SIGHUP ignored the closed terminal's next read ends the input, and saying so
    to the gone terminal failed: "bluffkit: Input/output error", no log."""
    out = tmp_path / "nohup.jsonl"
    run, main = _play_on_a_terminal(out, preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN))
    os.close(main)
    assert run.wait(timeout=30) == cli.GONE
    assert json.loads(out.read_text(encoding="utf-8").splitlines()[-1])["end"]["over"] is False


def test_a_gone_terminal_read_under_nohup_saves_the_game(monkeypatch, capsys, tmp_path):
    """Under nohup a closed terminal sends no SIGHUP: the next read fails (EIO), which
    ended play with "Input/output error" and no log. It is left as a hang-up is."""
    def gone(prompt=""):
        raise OSError(5, "Input/output error")
    monkeypatch.setattr("builtins.input", gone)
    out = tmp_path / "nohup.jsonl"
    assert cli.main(["play", "bloff", "--seed", "3", "--save", str(out)]) == cli.GONE
    assert out.exists() and "Input/output error" not in capsys.readouterr().err


def test_input_that_cannot_be_read_is_said_in_words_and_the_game_saved(monkeypatch, capsys, tmp_path):
    """nohup makes standard input unreadable (EBADF): that is no hang-up, and the player
    is told why play stops, rather than the game ending silently with status 129."""
    import errno

    def unreadable(prompt=""):
        raise OSError(errno.EBADF, "Bad file descriptor")
    monkeypatch.setattr("builtins.input", unreadable)
    out = tmp_path / "unread.jsonl"
    assert cli.main(["play", "bloff", "--seed", "3", "--save", str(out)]) == 2
    err = capsys.readouterr().err
    assert "cannot read the moves from standard input: Bad file descriptor" in err and out.exists(), err


def test_a_hang_up_quiets_a_terminal_but_not_a_file(tmp_path, monkeypatch):
    """Output to a file (a transcript, a run's log of errors) is kept after a hang-up;
    only a terminal's output goes to /dev/null."""
    target = tmp_path / "transcript.txt"
    with open(target, "w") as f:
        monkeypatch.setattr(sys, "stdout", f)
        monkeypatch.setattr(sys, "stderr", f)
        cli._note_terminals()
        assert not cli._TERMINALS, "a file is no terminal"
        cli._quiet_terminal()
        print("still written", file=f, flush=True)
    assert target.read_text() == "still written\n"


def test_progress_lines_come_for_any_long_run_and_not_for_a_short_one(capsys, tmp_path, monkeypatch):
    """Without a terminal only runs of 1,000 games or more reported progress: 500 Bidder Up!
    games ran 34 s without a word. Now any run past PROGRESS_EVERY seconds reports, a short
    one stays silent, and the time left is in minutes, not "about 0.0 h"."""
    args = ["simulate", "bloff", "--players", "3", "--games", "5", "--seed", "1", "--out", str(tmp_path / "a.csv")]
    assert cli.main(args) == 0
    assert capsys.readouterr().err == ""
    monkeypatch.setattr(cli, "PROGRESS_EVERY", 0.0)
    assert cli.main(args) == 0
    lines = capsys.readouterr().err.strip().splitlines()
    assert lines[0] == "bloff: 5 games: started" and "5 done (100.0 %)" in lines[-1] and " h left" not in lines[-1]
    assert [cli._time_left(s) for s in (0.2, 30, 600, 7200, float("inf"))] == \
        ["done in a moment", "under a minute left", "about 10 min left", "about 2.0 h left", "time left not known"]


def test_progress_lines_count_the_rate_of_this_run_alone(capsys, monkeypatch):
    """A resumed tournament's lines divided every game done, those of the run before
    included, by this run's time: 1,315 games/s where 480 were played, and a time left
    far too short ("about under a minute left"). The line at the end gives no time left."""
    clock = iter([0.0, 0.0, 10.0, 20.0, 30.0])
    monkeypatch.setattr("time.monotonic", lambda: next(clock))
    monkeypatch.setattr(cli, "PROGRESS_EVERY", 5.0)
    report = cli._progress_lines("yb: 20,000 games")
    report.started(9_000, 20_000)                   # a resume: 9,000 played before
    report(10_000, 20_000)
    report(11_000, 20_000)
    report(20_000, 20_000)
    lines = capsys.readouterr().err.strip().splitlines()
    assert lines == ["yb: 20,000 games: started",
                     "yb: 20,000 games: 10,000 done (50.0 %), 100 games/s, about 2 min left",
                     "yb: 20,000 games: 11,000 done (55.0 %), 100 games/s, about 2 min left",
                     "yb: 20,000 games: 20,000 done (100.0 %), 367 games/s"], lines


def test_a_tournament_tells_the_progress_lines_the_games_there_already(tmp_path, monkeypatch):
    from bluffkit.analysis import tournament_run
    from bluffkit.core.game import make_game
    told = []

    def progress(done, total):
        pass
    progress.started = lambda done, total: told.append((done, total))
    out = tmp_path / "t"
    with pytest.raises(KeyboardInterrupt):
        tournament_run.run(make_game("bloff"), ["random"], 6, 1, out, players=3, workers=0, echo=None, chunk=2,
                           on_part=lambda k: (_ for _ in ()).throw(KeyboardInterrupt), progress=progress)
    tournament_run.run(make_game("bloff"), ["random"], 6, 1, out, players=3, workers=0, echo=None,
                       progress=progress)
    assert told == [(0, 6), (2, 6)]


def test_play_says_a_refusal_with_the_players_names(monkeypatch, capsys):
    """With --names the refusals still said "seat 0 cannot bid now; seat 0 may: auction",
    and to the leader at their turn "waiting for the leader". The moves after "you may:"
    stay as they are typed (a trade names its partner by seat number). The rule's id is
    not said to the player, as the panels do not show it ("... you may: auction [rule:
    not-bidding]" was printed); a script reads it as ``IllegalAction.rule``."""
    assert _play(monkeypatch, ["youre-bluffing", "--players", "3", "--seed", "5", "--names", "Anna,Ben,Carla"],
                 ["bid 10", "pay 10", "trade 1 horse 10", "quit"]) == 0
    said = [line for line in capsys.readouterr().out.splitlines() if "not allowed" in line]
    assert said == [
        "Anna>   not allowed: Anna cannot bid now: it is Anna's turn to start an auction (no trade is "
        "possible); you may: auction",
        "Anna>   not allowed: Anna owes nothing now: it is Anna's turn to start an auction (no trade is "
        "possible); you may: auction",
        "Anna>   not allowed: a trade needs a family both players own (horse: Anna has 0, Ben has 0); "
        "you may: auction"]


def test_a_refused_payment_offers_payments_that_can_be_typed(monkeypatch, capsys):
    """A refused 'pay 10' of 20 owed answered "you may: pay 20 exactly (no change is given)",
    and 'pay 20' was refused in turn (there is no note of 20): the moves offered are the
    view's, as they are typed."""
    assert _play(monkeypatch, ["youre-bluffing", "--players", "3", "--seed", "1"],
                 ["auction", "bid 1", "bid 20", "pay 10", "quit"]) == 0
    said = [line for line in capsys.readouterr().out.splitlines() if "not allowed" in line]
    assert len(said) == 1 and said[0].endswith("less than the 20 owed; you may: pay 10+10"), said


def test_a_move_out_of_turn_is_answered_with_the_moves_the_player_has(monkeypatch, capsys):
    """Cards laid while the others may call Bløff were refused with "the call window is open"
    and nothing of what the player may do then (call or pass)."""
    assert _play(monkeypatch, ["bloff", "--players", "3", "--seed", "2"], ["play AS", "play 4C", "quit"]) == 0
    said = [line for line in capsys.readouterr().out.splitlines() if "not allowed" in line]
    assert len(said) == 1 and said[0].endswith("the call window is open; you may: call, pass"), \
        said


def test_play_says_a_refused_undo_in_words_without_the_rule_id(monkeypatch, capsys):
    """Undo across an animal turned up printed "cannot undo: ... what was seen cannot be
    taken back [rule: undo-reveals]"; the panels say it without the id, and so does the
    terminal now."""
    assert _play(monkeypatch, ["youre-bluffing", "--players", "3", "--seed", "5", "--names", "Anna,Ben,Carla"],
                 ["auction", "undo", "quit"]) == 0
    said = [line for line in capsys.readouterr().out.splitlines() if "cannot undo" in line]
    assert len(said) == 1 and said[0].endswith("what was seen cannot be taken back"), said


@pytest.mark.parametrize("game, says", [
    (["auction", "--option", "format=classic", "--human", "1"], "you may: pass or bid 10 or more"),
    (["youre-bluffing"], "you may: auction"),
    (["bloff"], "you may: play CARDS: one or more of your cards"),
    (["bluffer"], "you may: write TEXT"),
    (["bidder-up"], "you may: move SPACE, one of "),
])
def test_play_answers_a_word_that_is_no_move_with_the_moves_the_player_has_now(monkeypatch, capsys, game, says):
    """An unknown word was answered with every move of the game (an auction's listed the
    moves of all ten formats); now with the player's own moves, as 'help' lists them."""
    assert _play(monkeypatch, game + ["--players", "3", "--seed", "3"], ["xyzzy now", "quit"]) == 0
    said = [line for line in capsys.readouterr().out.splitlines() if "not allowed" in line]
    assert len(said) == 1 and "not allowed: 'xyzzy now' is not a move; " + says in said[0], said
    assert "raise NOTE" not in said[0] and "gamble" not in said[0] and "unknown action" not in said[0]


def test_a_name_that_reads_like_the_moves_is_not_taken_for_them(monkeypatch, capsys):
    """The moves were read from the first line of the view that began "you may:", and a
    seat's name begins a line of the view."""
    assert _play(monkeypatch, ["youre-bluffing", "--players", "3", "--seed", "3", "--names", "Ana,You may: bid 500,Cy"],
                 ["frobnicate", "quit"]) == 0
    said = [line for line in capsys.readouterr().out.splitlines() if "not allowed" in line]
    assert len(said) == 1 and said[0].endswith("'frobnicate' is not a move; you may: auction"), said


def test_play_of_bidder_up_shows_how_a_move_pays_its_notes(monkeypatch, capsys):
    """'help' listed the spaces and their costs but not how to write a move that pays."""
    assert _play(monkeypatch, ["bidder-up", "--players", "3", "--seed", "5"], ["help", "move pen-2", "quit"]) == 0
    out = capsys.readouterr().out
    assert "e.g. 'move hilltop pay 0')" in out           # its lowest note: 0-notes pay by count
    assert "not allowed: this move costs 1 note (their number counts, not their value), 0 given" in out


def test_simulate_of_auctions_names_the_auctioneer_seat(capsys, tmp_path):
    """The summary read "0 truthful 0, 1 truthful 2, ...": seat 0 runs every auction and
    never bids ("they themselves may not bid"), so its count is the lots it kept by its
    right of first refusal ("Winning bid awarded?") or got free ("Nobody bids?"), which
    truthful bidders of the same values leave it none of; it read as a bidder that never won."""
    out = tmp_path / "a.csv"
    assert cli.main(["simulate", "auction", "--option", "format=second-hand", "--players", "4", "--games", "3",
                     "--seed", "1", "--agents", "truthful", "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert ": 0 truthful (the auctioneer) 0, 1 truthful " in said
    assert "the lots it kept by its right of first refusal or that nobody bid for" in " ".join(said.split())
    assert said.count("(the auctioneer)") == 1, "only seat 0 is named"
    assert cli.main(["simulate", "bloff", "--players", "3", "--games", "2", "--seed", "1", "--out",
                     str(tmp_path / "b.csv")]) == 0
    assert "auctioneer" not in capsys.readouterr().out


def test_simulate_of_auctions_says_its_winners_are_the_lots_won(capsys, tmp_path):
    """The summary said "wins by seat" of the buyers, beside scores that are money: the buyer
    of a lot has paid for it and scores below the auctioneer."""
    out = tmp_path / "a.csv"
    assert cli.main(["simulate", "auction", "--option", "format=classic", "--players", "4", "--games", "3",
                     "--seed", "1", "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert re.search(r"; lots won by seat: 0 \w+ \(the auctioneer\) ", said) and "wins by seat" not in said
    # what the counts are and why a buyer's score is below 0, under the counts in lines of their own
    note = " ".join(line.strip() for line in said.splitlines()[2:])
    assert note.startswith("a lot is won by its buyer, or by the auctioneer, who never bids") and \
        "the seat that pays for a lot scores below 0 (the buyer, or the auctioneer keeping it" in note, said
    assert all(len(line) <= 100 for line in said.splitlines()[2:]), said
    for row in rows(out):
        for w in row["winners"].split(";"):
            # the buyer paid for the lot, or the auctioneer kept it (paying the high bidder, or
            # free when nobody bid): a lot's winner never gains money by it
            assert int(row[f"score_{int(w)}"]) <= 0
    assert cli.main(["simulate", "bloff", "--players", "3", "--games", "2", "--seed", "1", "--out",
                     str(tmp_path / "b.csv")]) == 0
    assert "wins by seat (ties shared): " in capsys.readouterr().out


def test_at_a_shared_screen_each_player_reads_what_happened_since_their_last_turn(monkeypatch, capsys):
    """Anna's move was said before the screen was cleared for Ben: Ben never read that she had
    opened an auction (nor, in a horse-trade, that he was challenged). After the hand-over each
    player reads the table's words since they last had the screen."""
    assert _play(monkeypatch, ["bidder-up", "--players", "3", "--human", "0,1", "--names", "Anna,Ben,Carla",
                               "--seed", "1"], ["", "move pen-2", "", "pass", "pass", "", "quit"]) == 0
    out = capsys.readouterr().out
    bens = out.split("pass the screen to Ben")[1].split("pass the screen to Anna")[0]
    assert "Anna moves to Pen 2 (small)." in bens
    annas = out.split("pass the screen to Anna")[2]
    assert "Since your last turn:" in annas
    assert annas.index("Ben passes.") < annas.index("Carla bids 10.") < annas.index("Carla wins the sheep for 10.")
    assert "Since your last turn:" not in out.split("pass the screen to Ben")[1].split("Ben>")[0], \
        "Ben's first turn: nothing to say 'since'"


def test_play_names_the_seat_numbers_ignores_an_empty_line_and_reads_spaces_in_any_case(monkeypatch, capsys):
    """With --names the moves still number the seats ('trade 1 ...') and nothing said which
    number was whose; Enter alone was refused as "empty action"; 'Move Pen-2' could not be
    reached: space ids are lower case."""
    assert _play(monkeypatch, ["bidder-up", "--players", "3", "--names", "Anna,Ben,Carla", "--seed", "1"],
                 ["", "help", "Move Pen-2", "quit"]) == 0
    out = capsys.readouterr().out
    assert out.count("A move names a player by name or seat number: 0 Anna, 1 Ben, 2 Carla.") == 2  # start, help
    assert "empty action" not in out and "not allowed" not in out
    assert "Anna moves to Pen 2 (small)." in out
    assert " (the die shows 2)" in out.split("Anna moves")[0] and "(the die shows" not in out.split("Anna moves")[1], \
        "the die shows while the move is to be made"


def test_bidder_up_names_the_board_moves_for_a_word_it_does_not_know():
    from bluffkit.core.errors import NotationError
    from bluffkit.core.game import make_game
    with pytest.raises(NotationError) as err:
        make_game("bidder-up").parse("help me")
    assert "on the board move, trade" in str(err.value) and "in an auction bid" in str(err.value)


def test_the_end_of_play_names_the_winners_and_what_the_numbers_are(monkeypatch, capsys):
    """"Game over. Anna -10, Ben 0, Carla 10" named no winner and did not say the numbers
    were money (an auction) or points that do not decide (Bluffer: the rounds do)."""
    assert _play(monkeypatch, ["auction", "--option", "format=classic", "--players", "3", "--human", "1",
                               "--names", "Anna,Ben,Carla", "--seed", "5"], ["pass"] * 30) == 0
    assert "Game over: the lot goes to Anna. Money won or lost: Anna -10, Ben 0, Carla 10" in capsys.readouterr().out
    from bluffkit.core.game import make_game
    assert "rounds won decide" in make_game("bluffer").scores_are


def test_replay_says_the_end_in_the_games_own_words(capsys, tmp_path):
    """'replay' printed an auction's money won or lost as "final scores" beside "winner:
    seat 0", the seat with the lowest (the buyer: an auction's winners hold the lot), and
    "final scores" of Bløff, which keeps none. It now says them as 'play' does."""
    assert quiet(["simulate", "auction", "--players", "3", "--games", "2", "--seed", "1", "--out",
                  tmp_path / "a.csv", "--logs", tmp_path / "al"]) == 0
    code, out, err = run(["replay", tmp_path / "al" / "game-0.jsonl"], capsys)
    assert code == 0 and err == "", err
    assert "final scores" not in out and "winner" not in out, out
    assert re.search(r"^Money won or lost: seat 0 -?\d+, seat 1 -?\d+, seat 2 -?\d+$", out, re.M), out
    assert re.search(r"^the lot goes to seat \d", out, re.M), out
    code, out, err = run(["replay", tmp_path / "al", "--no-progress"], capsys)
    assert code == 0 and all(", the lot goes to seat " in line for line in out.splitlines()[:-1]), out
    assert quiet(["simulate", "bloff", "--players", "3", "--games", "1", "--seed", "1", "--out",
                  tmp_path / "b.csv", "--logs", tmp_path / "bl"]) == 0
    code, out, err = run(["replay", tmp_path / "bl" / "game-0.jsonl"], capsys)
    assert code == 0 and "scores" not in out and re.search(r"^winner: seat \d$", out, re.M), out


def test_a_bot_fraction_out_of_range_is_named_not_an_unknown_agent(capsys, tmp_path):
    """'shade 1.5' was answered "unknown agent 'shade 1.5'; choose from ... 'shade F'", not
    saying that F is the trouble; it is now, and nothing is written."""
    for game, spec in (("auction", "shade 1.5"), ("auction", "shade half"), ("bluffer", "spot 2")):
        code, out, err = run(["simulate", game, "--players", "3", "--games", "1", "--seed", "1", "--agents", spec,
                              "--out", tmp_path / "x.csv"], capsys)
        word = spec.split()[0]
        assert code == 2 and err.startswith(f"bluffkit: '{spec}': {word} takes a fraction from 0 to 1"), err
        assert not (tmp_path / "x.csv").exists()


def test_replay_reads_logs_named_after_its_options(sim, capsys):
    """'replay LOG --moves LOG2' and 'replay LOG --no-progress LOG2' gave argparse's top-level
    usage ("unrecognized arguments"); the logs after an option are logs too."""
    a, b = sorted((sim / "logs").iterdir())[:2]
    code, out, err = run(["replay", a, "--moves", b], capsys)
    assert code == 2 and "--moves prints the steps of one log" in err and "usage" not in err, err
    code, out, err = run(["replay", a, "--no-progress", b], capsys)
    assert code == 0 and out.splitlines()[-1] == "2 logs: 2 valid, 0 refused", out


def test_simulate_says_the_variant_it_played(capsys, tmp_path):
    code, out, err = run(["simulate", "youre-bluffing", "--variant", "quick", "--players", "3", "--games", "1",
                          "--seed", "1", "--out", tmp_path / "y.csv", "--no-progress"], capsys)
    assert code == 0 and out.startswith("1 game of youre-bluffing (quick, 3 players) -> "), out


def test_replay_does_not_print_the_seed_of_an_unfinished_game(monkeypatch, capsys, tmp_path):
    """'play' keeps the seed of a game left unfinished off the screen; 'replay' printed it,
    and with it every draw still to come (--seed N deals the same game)."""
    log = tmp_path / "left.jsonl"
    assert _play(monkeypatch, ["youre-bluffing", "--players", "3", "--seed", "424242", "--save", str(log)],
                 ["auction", "quit"]) == 0
    capsys.readouterr()
    assert cli.main(["replay", str(log)]) == 0
    assert cli.main(["replay", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "424242" not in out and out.count("seed not shown (the game is not finished)") == 2, out


def test_at_a_shared_screen_a_move_taken_back_is_not_told_to_the_next_player(monkeypatch, capsys):
    """The backlog kept the words of a move that Anna took back: Ben read that she had gone
    to the Market and then to Pen 1."""
    assert _play(monkeypatch, ["bidder-up", "--option", "board=fairground", "--players", "3", "--human", "0,1",
                               "--names", "Anna,Ben,Carla", "--seed", "0"],
                 ["", "move hilltop", "undo", "move pen-1", "", "quit"]) == 0
    out = capsys.readouterr().out
    assert "took back 1 move" in out
    bens = out.split("pass the screen to Ben")[1]
    assert "Anna moves to Pen 1 (small)." in bens and "Anna moves to Market" not in bens


def test_replay_of_an_unfinished_game_tells_its_moves_without_what_they_hide(monkeypatch, capsys, tmp_path):
    """With the seed kept off the screen, 'replay --moves' still printed the deal's notation,
    every hand, and each face-down play's cards."""
    from bluffkit.core import log as gamelog
    log = tmp_path / "left.jsonl"
    assert _play(monkeypatch, ["bloff", "--players", "3", "--human", "1", "--seed", "5", "--save", str(log)],
                 ["quit"]) == 0
    capsys.readouterr()
    assert cli.main(["replay", "--moves", str(log)]) == 0
    out = capsys.readouterr().out
    record, _ = gamelog.read(log)
    hidden = [str(a) for _, a in record.moves]                 # the notation: 'deal AS,...', 'play 9H'
    assert hidden and not any(h in out for h in hidden), out
    assert "The cards are dealt" in out and "as the table heard them" in out


def test_a_script_move_that_cannot_be_read_is_named_in_play(monkeypatch, capsys):
    """In ``play`` a scripted move the game cannot read ("foo") said only "Seat 1's agent
    raised NotationError", where README says the seat and the move's number are named. Its
    words and the reader's reason stay unsaid: a script's move may be a face-down offer
    ("trade 0 cow 10+10+7": "there is no note worth 7")."""
    code = _play(monkeypatch, ["youre-bluffing", "--players", "3", "--seed", "1", "--agents", "script:pass;foo,random"],
                 ["auction", "quit"])
    err = capsys.readouterr().err
    assert code == 2
    assert "seat 1's script, move 2, cannot be read" in err and "NotationError" not in err, err
    code = _play(monkeypatch, ["horse-trading", "--players", "3", "--seed", "1", "--agents",
                               "script:trade 0 8 10+10+7,random"], ["auction", "quit"])
    err = capsys.readouterr().err
    assert "seat 1's script, move 1, cannot be read" in err, err
    assert "10+10+7" not in err and "worth 7" not in err, err


def test_a_script_that_cannot_go_on_leaves_the_game_saved_and_keeps_its_notes_hidden(monkeypatch, capsys, tmp_path):
    """A scripted bot's refused move printed the engine's reason: "seat 1 does not hold 500
    (holds 50+10+10+10+0+0)", the bot's whole hand, on the human's terminal, and ended in
    exit 2 with nothing saved. It now says whose script and which move broke which rule,
    and the game is left as 'quit' leaves it, saved where --save said."""
    out = tmp_path / "x.jsonl"
    code = _play(monkeypatch, ["youre-bluffing", "--players", "3", "--seed", "1", "--agents",
                               "script:bid 10;pay 10;trade 0 goat 500,script:pass", "--save", str(out)],
                 ["auction", "sell", "quit"])
    shown, err = capsys.readouterr()
    assert code == 2
    assert err.count("\n") == 1 and "seat 1's script, move 3, was refused (rule: notes-not-held)" in err
    assert "holds" not in err.replace("what seat 1 holds", "") and "50+10" not in err and "500" not in err
    assert "Seat 1 pays 10 to seat 0." in shown and "(left unfinished" in shown
    from bluffkit.core.game import make_game
    from bluffkit.session import Session
    assert Session.load(out).moves[-1][1] == make_game("youre-bluffing").parse("pay 10")


@pytest.mark.parametrize("argv, close, says", [
    (["games"], ">&-", "standard output is closed"),
    (["play", "bloff", "--players", "3", "--seed", "1"], "<&-", "reads the moves from standard input, which is closed"),
])
@pytest.mark.slow      # (a process of its own, a terminal or a signal: with the slow tests)
def test_a_closed_standard_stream_is_said_in_one_line(argv, close, says):
    """Started with stdout or stdin closed, Python's sys.stdout/sys.stdin is None: `games`
    and `simulate` ended in AttributeError at the last flush, `play` in "lost sys.stdin"."""
    proc = subprocess.run(f"{sys.executable} -m bluffkit.cli {' '.join(argv)} {close}", shell=True,
                          executable="/bin/bash", capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr.count("\n") == 1 and says in proc.stderr, proc.stderr


def test_a_log_file_made_while_the_game_lasted_is_not_replaced_and_another_name_is_asked(monkeypatch, capsys,
                                                                                         tmp_path):
    """--save was checked when given; a file made at that name while the game lasted was
    replaced at the end, and a save that failed lost the game. The file is now left as it
    is, and the player is asked for another name (Enter gives up)."""
    target, other = tmp_path / "race.jsonl", tmp_path / "other.jsonl"
    lines, prompts = iter(["quit", str(target), str(other)]), []

    def ask(prompt=""):
        prompts.append(prompt)
        line = next(lines)
        if line == "quit":
            target.write_text("an earlier game\n", encoding="utf-8")     # someone saves there meanwhile
        return line
    monkeypatch.setattr("builtins.input", ask)
    assert cli.main(["play", "bloff", "--seed", "1", "--save", str(target)]) == 0
    shown, err = capsys.readouterr()
    assert "exists already" in err and target.read_text(encoding="utf-8") == "an earlier game\n"
    assert "that file exists already" in shown, "the name typed first is the same file: refused at once"
    assert prompts[-2:] == ["  Another file name to save the game to (Enter: leave it unsaved): "] * 2
    assert f"saved to {other}" in shown and '"end"' in other.read_text(encoding="utf-8")


def test_a_log_that_cannot_be_saved_and_no_other_name_leaves_the_game_unsaved(monkeypatch, capsys, tmp_path):
    target = tmp_path / "gone.jsonl"
    lines, prompts = iter(["quit", ""]), []

    def ask(prompt=""):
        prompts.append(prompt)
        line = next(lines)
        if line == "quit":
            target.mkdir()                      # its place is taken by a folder meanwhile
        return line
    monkeypatch.setattr("builtins.input", ask)
    assert cli.main(["play", "bloff", "--seed", "1", "--save", str(target)]) == 2
    shown, err = capsys.readouterr()
    assert "could not save the log" in err and "Another file name" in prompts[-1] and "(left unfinished)" in shown


def test_asked_for_another_name_save_word_and_sigterm(monkeypatch, capsys, tmp_path):
    """At the question for another file name, 'save other.jsonl' (as typed all game long)
    saved to a file named 'save other.jsonl'; a SIGTERM there ended with status 2, not 143."""
    target, other = tmp_path / "race.jsonl", tmp_path / "other.jsonl"
    lines = iter(["quit", f"save {other}"])

    def ask(prompt=""):
        line = next(lines)
        if line == "quit":
            target.write_text("an earlier game\n", encoding="utf-8")
        return line
    monkeypatch.setattr("builtins.input", ask)
    assert cli.main(["play", "bloff", "--seed", "1", "--save", str(target)]) == 0
    assert f"saved to {other}" in capsys.readouterr().out and other.exists()
    target.unlink()
    calls = []

    def stop(prompt=""):
        calls.append(prompt)
        if len(calls) == 1:
            target.write_text("an earlier game\n", encoding="utf-8")
            return "quit"
        raise cli._Terminated()
    monkeypatch.setattr("builtins.input", stop)
    assert cli.main(["play", "bloff", "--seed", "1", "--save", str(target)]) == 143


def test_overwrite_needs_save_and_the_save_file_may_be_named_again(monkeypatch, capsys, tmp_path):
    assert _play(monkeypatch, ["bloff", "--overwrite"], ["quit"]) == 2
    assert "give --save FILE with it" in capsys.readouterr().err
    x, y = tmp_path / "x.jsonl", tmp_path / "y.jsonl"
    x.write_text("old\n", encoding="utf-8")
    assert _play(monkeypatch, ["bloff", "--seed", "1", "--save", str(x), "--overwrite"],
                 [f"save {y}", f"save {x}", "quit"]) == 0
    shown = capsys.readouterr().out
    assert "exists already" not in shown and '"end"' in x.read_text(encoding="utf-8") and not y.exists()


def test_every_command_says_what_it_does_in_its_help():
    """'bluffkit COMMAND --help' opens with a sentence on what the command does, not only its usage."""
    import argparse
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name, command in sub.choices.items():
        assert command.description and command.description.endswith("."), f"{name}: no description"
        assert len(command.description) > 30, name


def test_simulate_refuses_money_too_large_for_parquet_in_words(capsys, tmp_path):
    """Parquet's integers are 64-bit: a table of notes worth 10**18 each is refused in one
    line (a CSV takes it), and no file is left behind."""
    out = tmp_path / "big.parquet"
    code, _, err = run(["simulate", "auction", "--players", "3", "--games", "2", "--seed", "1", "--agents", "random",
                        "--out", str(out), "--option", "denominations=[0,1000000000000000000]",
                        "--option", "start_money=[0,1000]"], capsys)
    assert_one_error_line(code, "", err, "too large for Parquet", "write a .csv")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("suffix, error", [
    (".csv", OSError(28, "No space left on device")),
    (".parquet", OSError("Error writing bytes to file. Detail: [errno 28] No space left on device"))])
def test_simulate_names_the_table_it_cannot_write_and_keeps_the_old_one(capsys, tmp_path, monkeypatch, suffix, error):
    """A full disk said only "No space left on device" (pandas and pyarrow name no file), or
    pyarrow's "Error writing bytes to file"; the old table stays as it was."""
    import pandas as pd
    out = tmp_path / f"t{suffix}"
    out.write_bytes(b"the old table")

    def full(*args, **kwargs):
        raise error

    monkeypatch.setattr(pd.DataFrame, "to_csv" if suffix == ".csv" else "to_parquet", full)
    code, _, err = run(["simulate", "bloff", "--players", "3", "--games", "2", "--seed", "1", "--out", str(out)], capsys)
    assert_one_error_line(code, "", err, f"{out}: cannot write the table (no space left on device)", "not saved")
    assert out.read_bytes() == b"the old table" and [p.name for p in tmp_path.iterdir()] == [out.name]


@pytest.mark.parametrize("text", ["_1000", "1__000", "1e3_", "1_e3", "1_000_", "1._5e3"])
def test_games_written_with_stray_underscores_are_refused(tmp_path, capsys, text):
    """Python's Decimal reads "_1000", "1__000" and "1e3_" as 1000; --games took them."""
    code = cli.main(["simulate", "bloff", "--players", "3", "--games", text, "--seed", "1",
                     "--out", str(tmp_path / "a.csv")])
    assert code == 2 and "--games takes a whole number of games" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_chunk_is_written_as_games_is_and_refused_by_its_own_name(tmp_path, capsys):
    """--chunk 1e3 was refused with argparse's "invalid int value" though --games takes
    that form, and --chunk 0 was refused as "chunk must be ..." without the dashes."""
    base = ["tournament", "bloff", "--players", "3", "--agents", "random", "--games", "6", "--seed", "1",
            "--workers", "0", "--no-progress"]
    assert cli.main(base + ["--chunk", "3e0", "--out", str(tmp_path / "t")]) == 0
    assert len(list((tmp_path / "t" / "parts").iterdir())) == 2
    capsys.readouterr()
    assert cli.main(base + ["--chunk", "0", "--out", str(tmp_path / "u")]) == 2
    assert "--chunk takes a whole number of games per part, 1 or more" in capsys.readouterr().err
    assert not (tmp_path / "u").exists()


def test_an_option_of_none_true_or_false_is_read_as_python_writes_them(tmp_path):
    """--option bank=None was refused ("bank must ... be None (unlimited)"): only JSON's null
    was read; the docs' tables write options as Python does."""
    for value in ("None", "null"):
        assert cli._options([f"bank={value}"]) == {"bank": None}
    assert cli._options(["a=True", "b=False", "c=[1,2]", "d=text"]) == {"a": True, "b": False, "c": (1, 2), "d": "text"}
    assert cli.main(["simulate", "youre-bluffing", "--players", "3", "--games", "2", "--seed", "1", "--option",
                     "bank=None", "--out", str(tmp_path / "a.csv")]) == 0


def test_the_bidder_up_board_is_not_printed_again_before_every_bid(monkeypatch, capsys):
    """A student bidding in a Bidder Up! auction at the terminal was shown the whole board
    (six lines of farms and pens) again before each bid. Now an unchanged board is one line,
    and Enter alone shows it whole again."""
    assert _play(monkeypatch, ["bidder-up", "--seed", "3", "--human", "1"], ["bid 10", "bid 30", "", "quit"]) == 0
    out = capsys.readouterr().out
    views = out.split("-- seat 1's view --")
    assert len(views) == 5, out                            # before 10, before 30, Enter alone, then quit
    assert [v.count("Pens 1:") for v in views[:4]] == [1, 0, 0, 1], out
    assert views[1].rstrip().endswith("(the board as above; Enter alone shows it again)")
    assert views[2].rstrip().endswith("(the board as above; Enter alone shows it again)")
    assert "highest bid: 40 by seat 2" in views[3] and "highest bid: 40 by seat 2" in views[4]


def test_bluffers_view_does_not_repeat_the_reveal_just_narrated(monkeypatch, capsys):
    """Bluffer's view after a question repeated the reveal the narration had just given
    ("last question: Reveal: ..."); Enter alone, with no narration above, still shows it."""
    assert _play(monkeypatch, ["bluffer", "--seed", "3"], ["write a fish", "", "quit"]) == 0
    out = capsys.readouterr().out
    assert out.count("Reveal: #1") == 2, out                  # the narration's, then Enter alone's view
    after = out[out.index("Reveal: #1"):]
    first_view = after[:after.index("seat 0> ")]
    assert "last question:" not in first_view and "question: What was" in first_view
    assert "last question: Reveal: #1" in after[after.index("seat 0> "):]


def test_bluffers_view_after_a_refusal_does_not_repeat_the_reveal_either(monkeypatch, capsys):
    """A refused move says no new words, and its view came with the reveal told a few lines
    above it ("last question: Reveal: ..."), after every refusal again."""
    assert _play(monkeypatch, ["bluffer", "--seed", "3"], ["write a fish", "vote 1", "vote 2", "", "quit"]) == 0
    out = capsys.readouterr().out
    assert out.count("not allowed") == 2, out
    assert out.count("Reveal: #1") == 2, out                  # the narration's, then Enter alone's view
    refused, refused_again, enter_alone = out.split("seat 0> ")[-4:-1]
    assert "not allowed" in refused and "not allowed" in refused_again and "last question" not in refused + refused_again
    assert "last question: Reveal: #1" in enter_alone, out


@pytest.mark.parametrize("game", ["youre-bluffing", "bloff"])
def test_a_views_names_line_up_with_wide_characters(monkeypatch, capsys, game):
    """A name in Chinese or Japanese characters (two columns each on a terminal) pushed
    its line's colon out of line with the others."""
    import unicodedata
    assert _play(monkeypatch, [game, "--names", "Ana,李小龍,Cy"], ["quit"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("   ") and ": " in line][:3]
    shown = [sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line.split(": ")[0]) for line in rows]
    assert len(rows) == 3 and len(set(shown)) == 1, rows


def test_simulate_out_ending_with_a_slash_is_refused(tmp_path, capsys):
    """`--out x.csv/` names a folder, but the table was written to a file x.csv."""
    out = tmp_path / "x.csv"
    assert cli.main(["simulate", "bloff", "--players", "3", "--games", "2", "--seed", "1", "--agents", "random",
                     "--out", f"{out}/"]) == 2
    assert "ends with a slash, which names a folder" in capsys.readouterr().err
    assert not out.exists()


def test_after_the_hand_over_the_board_is_shown_whole_again(monkeypatch, capsys):
    """The hand-over clears the screen: the board a player saw at their last turn is no
    longer above, so their next view shows it whole, not "the board as above". What they
    are told since their last turn is what the others did, not their own bid again."""
    assert _play(monkeypatch, ["bidder-up", "--players", "3", "--human", "1,2", "--names", "Anna,Ben,Carla",
                               "--seed", "1"], ["", "bid 20", "", "bid 30", "", "quit"]) == 0
    out = capsys.readouterr().out
    turns = out.split("pass the screen to Ben")
    assert len(turns) == 3, out                              # Ben's first turn, and his second
    bens_second = turns[2].split("Ben> ")[0]
    assert "Pens 1:" in bens_second and "(the board as above" not in bens_second, bens_second
    since = bens_second.split("Since your last turn:")[1]
    assert "Carla bids 30." in since and "Ben bids 20." not in since, since


def test_ctrl_c_whose_log_cannot_be_saved_asks_for_another_name(monkeypatch, tmp_path):
    """Ctrl-C leaves as 'quit' does: when the log cannot go where it was to go (a file made
    there meanwhile), another name is asked, and the game is saved there."""
    target, other = tmp_path / "race.jsonl", tmp_path / "other.jsonl"
    asked = []

    def ask(prompt=""):
        asked.append(prompt)
        if len(asked) == 1:
            target.write_text("an earlier game\n", encoding="utf-8")
            raise KeyboardInterrupt
        return str(other)
    monkeypatch.setattr("builtins.input", ask)
    assert cli.main(["play", "bloff", "--seed", "1", "--save", str(target)]) == 130
    assert len(asked) == 2 and "Another file name" in asked[1], asked
    assert other.exists() and target.read_text(encoding="utf-8") == "an earlier game\n"


def test_seeds_up_to_the_largest_are_taken_and_digits_of_other_scripts_are_not_a_player_count(capsys):
    """--seed takes 0 to 2**1024 - 1, both ends included; --players reads ASCII digits, as
    the moves read numbers."""
    from bluffkit.core.seeding import MAX_SEED
    assert MAX_SEED == 2**1024 - 1
    assert cli._seed(str(MAX_SEED)) == MAX_SEED and cli._seed("0") == 0
    with pytest.raises(BluffkitError, match=r"--seed takes a whole number from 0 to 2\*\*1024 - 1"):
        cli._seed(str(MAX_SEED + 1))
    assert cli.main(["play", "bloff", "--players", "\u0663"]) == 2
    assert "--players takes a whole number of players" in capsys.readouterr().err


def test_a_player_count_quoted_with_spaces_is_read_as_games_is(tmp_path, capsys):
    """--games " 3" was taken and --players " 3" refused as an "invalid int value"; both
    allow ASCII spaces around the number now, and neither takes other scripts' spaces."""
    assert cli.main(["simulate", "bloff", "--players", " 3 ", "--games", " 2", "--seed", "1",
                     "--out", str(tmp_path / "a.csv")]) == 0
    assert cli.main(["play", "bloff", "--players", "\u20073"]) == 2
    assert "--players takes a whole number of players" in capsys.readouterr().err


def test_a_player_count_with_a_line_end_is_read_as_games_is(tmp_path):
    """--games "2\\r" (a number read from a file written on Windows) was taken and --players
    "3\\r" refused: the whole-number options strip the ASCII white space --games strips."""
    assert cli.main(["simulate", "bloff", "--players", "3\r", "--games", "2\r", "--seed", "1\n",
                     "--out", str(tmp_path / "a.csv")]) == 0


# -- what simulate, tournament and games print; the bounds of --games ---------------------------

def test_simulate_shares_a_tied_win_between_its_winners_and_names_the_logs(capsys, tmp_path, monkeypatch):
    """The summary counts a win shared by two seats as half a win each, names each seat's bot
    and says where the logs went."""
    from bluffkit.analysis import simulate as sim

    def two_games(game, agents, games, seed, *, logs=None, progress=False, on_played=None):
        df = pd.DataFrame({"winners": ["0;1", "0"], "length": [10, 20]})
        on_played(df)
        return df
    monkeypatch.setattr(sim, "simulate", two_games)
    code, out, err = run(["simulate", "bloff", "--players", "3", "--games", "2", "--seed", "1",
                          "--agents", "random,caller,honest", "--out", tmp_path / "t.csv",
                          "--logs", tmp_path / "logs"], capsys)
    assert code == 0, err
    first, second = out.splitlines()
    assert first.endswith(f"-> {tmp_path / 't.csv'}, logs in {tmp_path / 'logs'}")
    assert second == "mean length 15.0 actions; wins by seat (ties shared): 0 random 1.5, 1 caller 0.5, 2 honest 0"


def test_games_reach_up_to_a_million_millions_and_no_further(capsys, tmp_path):
    """--games takes 1 to 10**12, both ends included (the refusal past it names --games)."""
    base = ["simulate", "bloff", "--players", "3", "--seed", "1"]
    code, out, err = run(base + ["--games", "1e12", "--out", tmp_path / "t.txt"], capsys)
    assert code == 2 and "--out must name a file ending in .csv or .parquet" in err, err
    code, out, err = run(base + ["--games", "1000000000001", "--out", tmp_path / "t.csv"], capsys)
    assert code == 2 and "--games takes a whole number of games from 1 to 10**12" in err, err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name", ["games", "games.json", "games.csv.txt"])
def test_out_without_a_table_suffix_is_refused(capsys, tmp_path, name):
    """--out is a .csv or .parquet file: any other name is refused before a game is played."""
    code, out, err = run(["simulate", "bloff", "--players", "3", "--games", "2", "--seed", "1",
                          "--out", tmp_path / name], capsys)
    assert code == 2 and ".csv or .parquet" in err and list(tmp_path.iterdir()) == []


def test_decimals_and_time_left_in_words():
    """Scores under 10 without an interval get two decimals, from 10 one; the time left is in
    minutes up to an hour and a half, then in hours."""
    assert cli._decimals([], [9.99]) == 2 and cli._decimals([], [10.0]) == 1
    assert cli._time_left(59) == "under a minute left" and cli._time_left(0.5) == "done in a moment"
    assert cli._time_left(4800) == "about 80 min left" and cli._time_left(5400) == "about 1.5 h left"


def test_a_tournament_says_its_line_ups_and_what_a_resumed_run_found_there(capsys, tmp_path):
    """Two bots at three seats are a round-robin of two line-ups (2+1 and 1+2, docs/scale.md);
    a run again into the same folder plays nothing and says the part was there already; one
    bot is one line-up, whose seats need no balancing (so 2 games at 3 seats get no note);
    three bots at three seats are one line-up whose 2 games leave a seat short of each."""
    base = ["tournament", "bloff", "--players", "3", "--games", "2", "--seed", "1", "--workers", "0",
            "--no-progress"]
    assert cli.main(base + ["--agents", "random,caller", "--out", str(tmp_path / "rr")]) == 0
    head = capsys.readouterr().out.splitlines()[0]
    assert head == f"2 games of bloff (3 players, 2 line-ups, round-robin) -> {tmp_path / 'rr'} " \
                   "(1 part: 1 played now, 0 there already)", head
    assert cli.main(base + ["--agents", "random,caller", "--out", str(tmp_path / "rr")]) == 0
    head = capsys.readouterr().out.splitlines()[0]
    assert head.endswith("(1 part: 0 played now, 1 there already)"), head
    assert cli.main(base + ["--agents", "caller", "--out", str(tmp_path / "one")]) == 0
    out = capsys.readouterr().out
    assert "(3 players, one line-up)" in out.splitlines()[0] and "not a multiple" not in out, out
    assert cli.main(base + ["--agents", "caller,random,honest", "--out", str(tmp_path / "three")]) == 0
    out = capsys.readouterr().out
    assert "(3 players, one line-up)" in out.splitlines()[0] and "not a multiple of 3 (3 seats x 1 line-up)" in out


def test_games_lists_each_games_seat_range(capsys):
    """Bidder Up! seats 2 to 4 players, Horse Trading 3 to 5 (its rulebook's "Players: 3-5")."""
    code, out, _ = run(["games"], capsys)
    titles = dict(line.split(None, 1) for line in out.splitlines() if not line.startswith(" "))
    assert code == 0 and titles["bidder-up"] == "Bidder Up! (board game), 2 to 4 players"
    assert titles["horse-trading"] == "Horse Trading, 3 to 5 players"


def test_replay_counts_one_step_as_a_step(capsys, tmp_path):
    """A log of one move (a game saved at its first move) is "1 step", alone and in a folder."""
    from bluffkit.session import Session
    s = Session("youre-bluffing", ["human", "random", "random"], seed=1)
    s.play("auction")
    one = s.save(tmp_path / "one.jsonl")
    for target in (one, tmp_path):
        code, out, _ = run(["replay", target], capsys)
        assert code == 0 and ", 1 step" in out and "1 steps" not in out, out


def test_a_long_accented_out_name_on_a_host_of_64_characters_writes_its_table(capsys, tmp_path, monkeypatch):
    """The hidden table beside --out holds the name, the machine (up to 64 characters) and
    the process: a name of 88 accented letters (176 bytes, allowed) made it 287 bytes on
    such a host, and the run failed with "File name too long" once every game was played."""
    from bluffkit.analysis import simulate as sim
    monkeypatch.setattr(sim, "_HOST", sim.host_in_names("h" * 64))
    out = tmp_path / ("é" * 88 + ".csv")
    code, _, err = run(["simulate", "bloff", "--players", "3", "--games", "1", "--seed", "1", "--out", out], capsys)
    assert code == 0 and out.is_file(), err
    assert [p.name for p in tmp_path.iterdir()] == [out.name]          # no hidden table left


def test_rules_names_the_page_that_explains_the_options(capsys):
    """`bluffkit rules` said "see the Rules docstring", a word a teacher does not know: it
    names the docs page of the game, which exists."""
    from pathlib import Path

    from bluffkit.core.game import game_names
    from bluffkit.core.spec import spec_of
    root = Path(__file__).resolve().parents[1]
    for name in game_names():
        page = spec_of(name).docs_page
        assert page and (root / "docs" / page).is_file(), (name, page)
        assert cli.main(["rules", name]) == 0
        first = capsys.readouterr().out.splitlines()[0]
        assert first == f"{name}: rule options (explained in docs/{page})", first



@pytest.mark.parametrize("words, rest, quoted", [
    (["simulate", "auction", "--players", "3", "--games", "1", "--seed", "1", "--out", "x.csv",
      "--option", "format=cat", "in", "the", "bag"], "in the bag", "'format=cat in the bag'"),
    (["play", "bluffer", "--option=deck=my", "own", "deck.jsonl"], "own deck.jsonl", "'deck=my own deck.jsonl'"),
])
def test_an_option_value_with_spaces_left_unquoted_is_shown_quoted(words, rest, quoted, capsys, tmp_path,
                                                                    monkeypatch):
    """'--option format=cat in the bag' typed without quotes reached the command as four
    words: argparse said "unrecognized arguments: in the bag" and nothing of the option
    they belong to. The refusal names the option as it would be typed, in quotes."""
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as stop:
        cli.main(words)
    err = capsys.readouterr().err
    assert stop.value.code == 2 and "Traceback" not in err and not (tmp_path / "x.csv").exists()
    assert err.endswith(f"unrecognized arguments: {rest} (a value with spaces is given in quotes, as one word: "
                        f"--option {quoted})\n"), err


def test_play_answers_a_malformed_move_of_a_kind_not_allowed_now_with_the_moves_allowed(monkeypatch, capsys):
    """'bid abc' while the seat may only hold an auction said "a bid must be a whole number",
    the wrong reason: no bid, however written, is allowed now. A malformed move of a kind
    the seat may make now keeps its reason."""
    assert _play(monkeypatch, ["youre-bluffing", "--players", "3", "--seed", "3"], ["bid abc", "quit"]) == 0
    said = [line for line in capsys.readouterr().out.splitlines() if "not allowed" in line]
    assert len(said) == 1 and said[0].endswith("not allowed: 'bid' is not a move now; you may: auction"), said
    assert _play(monkeypatch, ["auction", "--option", "format=classic", "--human", "1", "--players", "3", "--seed", "3"],
                 ["bid abc", "quit"]) == 0
    said = [line for line in capsys.readouterr().out.splitlines() if "not allowed" in line]
    assert len(said) == 1 and "whole number" in said[0] and "'abc'" in said[0], said


@pytest.mark.parametrize("name, options, players", [
    ("youre-bluffing", {}, 3), ("horse-trading", {}, 3), ("bloff", {}, 3), ("bluffer", {}, 3), ("bidder-up", {}, 3),
    ("bidder-up", {"board": "fairground", "variants": ["babies"]}, 3), ("auction", {"format": "classic"}, 3),
    ("auction", {"format": "dutch"}, 4), ("auction", {"format": "secret-count"}, 3),
    ("auction", {"format": "american-count"}, 4), ("auction", {"format": "the-call"}, 2)])
def test_every_move_allowed_is_offered_by_the_you_may_line(name, options, players):
    """A badly written move is answered "'bid' is not a move now" when the view's "you may:"
    line offers no move beginning with its first word: every legal move's first word must be
    found there, or a player would be told a move they may make is not one ("call, pass" in
    Bløff's call window was missed by a reading that split the line at semicolons only)."""
    import random

    import numpy as np

    from bluffkit.cli import _offers
    from bluffkit.core.game import make_game
    from bluffkit.session import Session
    game = make_game(name, **options)
    session, rng, checked = Session(game, ["human"] * players, seed=2), random.Random(2), 0
    for step in range(80):
        session.advance()
        if session.over or not session.to_move:
            break
        seat = session.to_move[0]
        legal = session.legal(seat)
        line = game.describe(game.observe(session.state, seat), session.names, legal=True).rstrip().rsplit("\n", 1)[-1]
        assert line.strip().lower().startswith("you may: "), line
        moves = legal.actions(limit=40)
        moves = list(moves) if moves is not None else [legal.sample(np.random.default_rng(step)) for _ in range(3)]
        for move in moves:
            word = game.notation(move).split()[0]
            assert _offers(line.strip()[len("you may: "):], word), (name, word, line)
            checked += 1
        session.play(rng.choice(moves), seat)
    assert checked > 0
