"""The benchmarks refuse a bad setting with a usage message that names it, before any
work starts: a count of games, rounds or repeats below one, a player count the game
does not have, an unknown bot. (Their figures are not tested here: ``make bench`` prints
them, with their bars.)"""

from __future__ import annotations

import argparse
import importlib.util
import json
import re
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "benchmarks"


def _load(name: str, monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_count_takes_whole_numbers_in_range_and_says_why_not(monkeypatch):
    count = _load("_timing", monkeypatch).count
    assert count()("3") == 3 and count(0)("0") == 0 and count(3, 5)("5") == 5
    for parse, text, why in ((count(), "0", "0 is out of range: it must be at least 1"),
                             (count(3, 5), "6", "6 is out of range: it must be from 3 to 5"),
                             (count(), "-2", "-2 is out of range"),
                             (count(), "ten", "'ten' is not a whole number"),
                             (count(), "2.5", "'2.5' is not a whole number")):
        with pytest.raises(argparse.ArgumentTypeError, match=why):
            parse(text)


BAD = [
    ("engine_speed", ["--games", "0"], "argument --games: 0 is out of range"),
    ("engine_speed", ["--repeats", "0"], "argument --repeats: 0 is out of range"),
    ("engine_speed", ["--rounds", "-1"], "argument --rounds: -1 is out of range"),
    ("engine_speed", ["--peer-games", "x"], "argument --peer-games: 'x' is not a whole number"),
    ("bloff_speed", ["--games", "0"], "argument --games: 0 is out of range"),
    ("bloff_speed", ["--repeats", "-3"], "argument --repeats: -3 is out of range"),
    ("auction_engine_speed", ["--auctions", "0"], "argument --auctions: 0 is out of range"),
    ("auction_engine_speed", ["--rounds", "0"], "argument --rounds: 0 is out of range"),
    ("auction_speed", ["--bidders", "1"], "argument --bidders: 1 is out of range: it must be at least 2"),
    ("auction_speed", ["--auctions", "0"], "argument --auctions: 0 is out of range"),
    ("bidder_up_speed", ["--games", "0"], "argument --games: 0 is out of range"),
    ("bidder_up_speed", ["--check", "-1"], "argument --check: -1 is out of range: it must be at least 0"),
    ("log_speed", ["--games", "0"], "argument --games: 0 is out of range"),
    ("log_speed", ["--players", "6"], "argument --players: 6 is out of range: it must be from 3 to 5"),
    ("cold_start", ["--repeats", "0"], "argument --repeats: 0 is out of range"),
    ("panel_speed", ["--repeat", "0"], "argument --repeat: 0 is out of range"),
    ("panel_speed", ["--games", "0"], "unrecognized arguments: --games 0"),
    ("board_click", ["--clicks", "x"], "argument --clicks: 'x' is not a whole number"),
    ("instructions", ["--players", "5", "2"], "argument --players: 2 is out of range: it must be from 3 to 5"),
    ("instructions", ["--games", "0"], "argument --games: 0 is out of range"),
    ("scale", ["--players", "6"], "argument --players: 6 is out of range: it must be from 3 to 5"),
    ("scale", ["--agents", "random,nosuch"], "argument --agents: unknown agent 'nosuch'"),
    ("scale", ["--games", "3", "--rounds", "4"], r"--games \(3\) must be at least --rounds \(4\)"),
]


@pytest.mark.parametrize("name, argv, why", BAD, ids=[f"{n} {' '.join(a)}" for n, a, _ in BAD])
def test_a_bad_setting_stops_with_a_usage_message(name, argv, why, monkeypatch, capsys):
    main = _load(name, monkeypatch).main
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    out, err = capsys.readouterr()
    assert "Traceback" not in err and out == ""          # nothing ran: not one line of figures
    assert re.search(why, err), err


def test_moves_by_kind_count_every_player_action_of_the_games(monkeypatch, capsys):
    bench = _load("engine_speed", monkeypatch)
    kinds = bench.our_kinds("youre-bluffing", 3, 2)
    lengths = [bench.play(bench.make_game("youre-bluffing"), [bench.RandomAgent(bids="any") for _ in range(3)], s).length
               for s in bench.game_seeds(1, 2)]
    assert sum(kinds.values()) == pytest.approx(sum(lengths) / 2)
    assert kinds["Auction"] == 40          # each of the 40 animal cards is put up once, by the leader's choice
    assert bench.main(["--moves", "--games", "1"]) == 0
    out = capsys.readouterr().out
    assert "youre-bluffing   3p" in out and "kuhhandel        5p  skipped: no checkout given" in out


def test_the_log_benchmark_runs_and_reports_its_figures(monkeypatch, capsys):
    assert _load("log_speed", monkeypatch).main(["--games", "1", "--rounds", "1", "--players", "3"]) == 0
    out = capsys.readouterr().out
    assert out.count("RESULT ") == 2 and "the same digests" in out


def test_run_all_shows_its_help_and_sends_a_benchmark_option_after_the_double_dash(monkeypatch, capsys):
    main = _load("run_all", monkeypatch).main
    assert main(["--help"]) == 0
    assert "[-- ARGS for each]" in capsys.readouterr().out
    assert main(["--games", "5"]) == 2                 # before any benchmark starts
    out, err = capsys.readouterr()
    assert out == "" and "unknown benchmark(s): --games, 5" in err
    assert "options for the benchmarks go after --: run_all.py [NAME ...] -- --games 5" in err


def _figure(median: float) -> dict:
    return {"median": median, "best": median, "games": 1.0, "length": 1.0}


def test_the_engine_figures_say_their_spread_is_not_over_rounds(monkeypatch, capsys):
    """The engines' actions/s are judged on a median of repeats, not on rounds: the spread
    run_all shows beside You're Bluffing!'s is the two rulesets' medians at 5 players (the
    slower one the figure), and Bløff's is the one median alone."""
    engines = _load("engine_speed", monkeypatch)
    monkeypatch.setattr(engines, "measure", lambda names, players, games, repeats: {
        (name, n): _figure(300_000 if name == "youre-bluffing" else 250_000) for name in names for n in players})
    assert engines.main(["--games", "1", "--repeats", "1"]) == 0
    bloff = _load("bloff_speed", monkeypatch)
    monkeypatch.setattr(bloff, "measure", lambda game, seeds, agents, repeats: _figure(200_000))
    assert bloff.main(["--games", "1", "--repeats", "1"]) == 0
    out = capsys.readouterr().out
    rows = _load("run_all", monkeypatch).rows_from("engines", out)
    assert [(r["figure"], r["spread"], r["spread_of"]) for r in rows] == [
        (250_000, "250,000..300,000", "the two rulesets' medians"),
        (200_000, "200,000", "one value: the median of the repeats")]
    table = _load("run_all", monkeypatch).table(rows).splitlines()
    assert "spread: low..high (over what)" in table[0]
    assert "250,000..300,000 (the two rulesets' medians)" in table[2]
    assert "200,000 (one value: the median of the repeats)" in table[3]


def test_a_figure_over_rounds_says_so_in_the_table(monkeypatch, capsys):
    """A figure taken over rounds (every benchmark's but the engines' own bars) shows its
    lowest and highest round, named as rounds; a line from before the field was written
    reads the same."""
    timing = _load("_timing", monkeypatch)
    timing.result("a ratio", 2.0, "x", [1.5, 2.0, 2.5], 1.0)
    line = capsys.readouterr().out.strip()
    old = json.loads(line[len("RESULT "):])
    del old["spread_of"]
    table = _load("run_all", monkeypatch).table(
        _load("run_all", monkeypatch).rows_from("a", line) + [old]).splitlines()
    assert table[2].split()[:4] == table[3].split()[:4] == ["a", "ratio", "2.00x", "1.5..2.5"]
    assert "1.5..2.5 (rounds)" in table[2] and "1.5..2.5 (rounds)" in table[3]
