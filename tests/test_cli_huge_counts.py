"""A count far past any table is refused quoting it short, with its bound: ``--players
1e100`` echoed 101 digits in the game's refusal ("horse-trading is for 3 to 5 players, got
1000...0"), ``--workers 1e100`` 101 digits with commas, and ``tournament --players 1e100``
ended in an ``OverflowError`` traceback before the game was asked."""

from __future__ import annotations

import re

import pytest

from bluffkit import cli

COMMON = ["--games", "1", "--seed", "1"]


@pytest.mark.parametrize("argv", [
    ["simulate", "horse-trading", *COMMON, "--out", "never.csv", "--players", "1e100"],
    ["play", "horse-trading", "--players", "1e100"],
    ["tournament", "horse-trading", *COMMON, "--agents", "random", "--out", "never", "--players", "1e100"],
])
def test_players_far_past_the_table_is_quoted_short_with_the_bound(argv, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert err == "bluffkit: --players 1e100: at most 5 players (horse-trading is for 3 to 5 players)\n", err
    assert not list(tmp_path.iterdir()), "nothing is written"


def test_players_far_below_says_the_fewest(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cli.main(["simulate", "bloff", *COMMON, "--out", "never.csv", "--players=-1e100"]) == 2
    assert capsys.readouterr().err == "bluffkit: --players -1e100: at least 3 players (Bløff is for 3 to 10 players)\n"


def test_workers_far_past_the_machine_is_quoted_short_with_the_bound(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    argv = ["tournament", "horse-trading", "--players", "3", *COMMON, "--agents", "random", "--out", "never"]
    assert cli.main([*argv, "--workers", "1e100"]) == 2
    err = capsys.readouterr().err
    assert re.fullmatch(r"bluffkit: --workers 1e100: at most \d+ worker processes on this machine; .*\n", err), err
    assert cli.main([*argv, "--workers=-1e100"]) == 2
    assert capsys.readouterr().err == "bluffkit: --workers -1e100: 0 (play in this process) or more worker processes\n"
    assert not list(tmp_path.iterdir())


def test_no_refusal_of_a_number_option_is_longer_than_its_words(capsys, tmp_path, monkeypatch):
    """Every number option, given a number of 101 digits (or 1e100; a seed 1e400), says so in a line
    that a terminal shows whole: no run of more than 15 digits is echoed."""
    monkeypatch.chdir(tmp_path)
    base = {"simulate": ["simulate", "horse-trading", "--players", "3", *COMMON, "--out", "never.csv"],
            "tournament": ["tournament", "horse-trading", "--players", "3", *COMMON, "--agents", "random",
                           "--out", "never"]}
    for cmd, option in [("simulate", "--players"), ("simulate", "--games"), ("simulate", "--seed"),
                        ("tournament", "--players"), ("tournament", "--games"), ("tournament", "--workers"),
                        ("tournament", "--chunk")]:
        exponent = 400 if option == "--seed" else 100          # (a seed may be up to 2**1024 - 1)
        for typed in (f"1e{exponent}", "1" + "0" * exponent):
            argv = list(base[cmd])
            if option in argv:
                del argv[argv.index(option):argv.index(option) + 2]
            assert cli.main([*argv, option, typed]) == 2
            err = capsys.readouterr().err
            assert not re.search(r"\d{16}", err.replace(",", "")), f"{cmd} {option} {typed[:8]}...: {err}"
            assert option in err and f"1e{exponent}" in err, err


@pytest.mark.parametrize("n, said", [(4, "4"), (1000, "1,000"), (10**15 - 1, "999,999,999,999,999"),
                                     (10**100, "1e100"), (-10**100, "-1e100"), (25 * 10**20, "2.5e21"),
                                     (123456789012345678901, "about 1.23e20")])
def test_short(n, said):
    assert cli._short(n) == said


def test_a_count_near_the_table_keeps_the_games_own_words(capsys):
    assert cli.main(["simulate", "bloff", *COMMON, "--out", "never.csv", "--players", "1000"]) == 2
    assert capsys.readouterr().err == "bluffkit: Bløff is for 3 to 10 players, got 1000\n"


@pytest.mark.parametrize("typed, said", [("1e5000", "1e5000"), ("1" + "0" * 5000, "1e5000"),
                                         ("1" * 4301, "about 1.11e4300"), ("1e100000000", "1e100000000"),
                                         ("-2.5e999999999999999999", "-2.5e999999999999999999")])
@pytest.mark.parametrize("option", ["--games", "--seed", "--players"])
def test_a_number_past_what_python_writes_is_refused_at_once(option, typed, said, capsys, tmp_path, monkeypatch):
    """The refusal counted a number's digits by making its int and writing it: past 4,300
    digits that raised a ValueError (a traceback; argparse's "invalid int value" for --players),
    and 1e100000000 took minutes. Its digits are read from the exponent now."""
    monkeypatch.chdir(tmp_path)
    argv = {"--games": "1", "--seed": "1", "--players": "3"}
    argv[option] = typed
    assert cli.main(["simulate", "horse-trading", *[f"{k}={v}" for k, v in argv.items()], "--out", "never.csv"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"bluffkit: {option} takes ") and err.endswith(f", got {said}\n"), err[:300]
    assert not list(tmp_path.iterdir())


def test_an_auctions_own_words_after_its_count_are_kept(capsys, tmp_path, monkeypatch):
    """The auction's refusal goes on after the count (how to seat more in the lab): the far
    count's words keep all of it, where they fell back to "auction is for 2 to 4 players"."""
    monkeypatch.chdir(tmp_path)
    assert cli.main(["simulate", "auction", "--option", "format=classic", *COMMON, "--out", "never.csv",
                     "--players=1e100"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bluffkit: --players 1e100: at most 4 players (auction 1, Classic, is for 2 to 4 players "
                          "(auctioneer included); turn player_limits off"), err


@pytest.mark.parametrize("typed, said", [
    ("2500", "--workers 2,500: at most 256 worker processes on this machine; for a bigger cluster"),
    ("-1", "--workers -1: 0 (play in this process) or more worker processes"),
])
def test_a_near_count_of_workers_is_refused_in_the_options_words(typed, said, capsys, tmp_path, monkeypatch):
    """A count of workers past the machine's, or below 0, within a million was refused by the
    tournament in its keyword's words ("workers: at most 256 ..., got 2,500"), a far one by
    the command line ("--workers 1e15: at most 256 ..."): both in the option's words now."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("os.cpu_count", lambda: 8)
    argv = ["tournament", "horse-trading", "--players", "3", *COMMON, "--agents", "random", "--out", "never"]
    assert cli.main([*argv, f"--workers={typed}"]) == 2
    assert capsys.readouterr().err.startswith(f"bluffkit: {said}")
    assert not list(tmp_path.iterdir())
