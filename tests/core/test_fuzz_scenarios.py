"""Mutated scenario files are refused in one line, never with a traceback or a hang.

Every file in ``data/scenarios/`` is mutated (values of the wrong type or size, keys
removed or added, wrong nesting, unknown seats and moves, damaged text); loading and
running the result either works or raises :class:`ScenarioError` in one line that
names the file; ``bluffkit scenario run`` then exits 2 with that one line on stderr.
"""

from __future__ import annotations

import contextlib
import io
import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, strategies as st
from mutations import FUZZ, dump, mutated_json, mutated_text, odd_values, time_limit

from bluffkit import cli
from bluffkit.core import scenario as sc

FILES = sc.scenario_paths()


def check_one(data: bytes) -> None:
    """Load and run ``data`` as a scenario file, then run it through the command line."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "mutant.json"
        path.write_bytes(data)
        with time_limit():
            try:
                sc.run(sc.load(path))
            except sc.ScenarioError as e:
                msg = str(e)
                assert "\n" not in msg and "\r" not in msg, f"more than one line: {msg!r}"
                assert msg.startswith(f"{path}: "), f"the file is not named first: {msg!r}"
                assert len(msg) < 1000, f"not one readable line: {len(msg)} characters"
            out, err = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = cli.main(["scenario", "run", str(path)])
        assert code in (0, 1, 2), code
        err = err.getvalue()
        if code == 2:
            assert err.count("\n") == 1 and err.startswith("bluffkit: "), f"not one line: {err!r}"
            assert "\x1b" not in err and "\x9b" not in err, f"an escape code reached the terminal: {err!r}"
        else:
            assert err == "", err
        assert path.read_bytes() == data, "the scenario file was changed"
        assert sorted(p.name for p in Path(tmp).iterdir()) == ["mutant.json"], "a file was written"


@pytest.mark.slow
@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
@FUZZ
@given(data=st.data())
def test_mutated_scenario_is_refused_in_one_line(path, data):
    original = json.loads(path.read_text(encoding="utf-8"))
    check_one(dump(data.draw(mutated_json(original), label="scenario")))


#: The keys of each game's start position (``state_from_position``), mutated directly below.
START_KEYS = {"youre-bluffing": ["leader", "money", "herds", "pile", "paydays"],
              "horse-trading": ["leader", "money", "herds", "pile", "paydays"],
              "bloff": ["leader", "hands", "rank"], "bluffer": ["leader", "round", "question", "points", "round_winners"],
              "auction": ["auctioneer", "money", "lot", "pen"],
              "bidder-up": ["current", "roll", "pos", "money", "piggy", "pens", "pastures", "barns", "market",
                            "tickets", "donkeys", "bag", "gambling"]}


@pytest.mark.slow
@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
@FUZZ
@given(data=st.data())
def test_mutated_start_position_is_refused_in_one_line(path, data):
    """The start position goes through the game's own checks: each key set to an odd
    value, as a whole or for one seat."""
    scenario = json.loads(path.read_text(encoding="utf-8"))
    start = scenario.get("start") or {}
    key = data.draw(st.sampled_from(START_KEYS[scenario["game"]]), label="key")
    value = data.draw(odd_values(), label="value")
    if data.draw(st.booleans(), label="for one seat"):
        value = {data.draw(st.sampled_from(scenario["seats"]), label="seat"): value}
    scenario["start"] = {**start, key: value}
    check_one(dump(scenario))


@pytest.mark.slow
@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
@FUZZ
@given(data=st.data())
def test_damaged_scenario_text_is_refused_in_one_line(path, data):
    check_one(data.draw(mutated_text(path.read_text(encoding="utf-8")), label="text"))


#: Start positions a game's ``state_from_position`` once let through to a TypeError (or
#: accepted, to fail later) instead of naming the problem in a RulesError.
START_FAILURES = [
    ("auction", {"lot": 5}, "auctions/game.py: len(lot) of a number raises TypeError"),
    ("auction", {"money": [-1, None, None]}, "auctions/game.py: tuple(-1) raises TypeError"),
    ("bloff", {"hands": [1, 2, 3, 4]}, "bloff/game.py: parse_cards of a number raises AttributeError"),
    ("bloff", {"rank": [1]}, "bloff/game.py accepts a list as the rank; facts then raise TypeError"),
    ("bloff", {"rank": 10**19}, "bloff/game.py accepts any rank; facts then raise IndexError"),
    ("bloff", {"rank": True}, "a bool is no rank"),
    ("bloff", {"leader": 9}, "a leader who is not a seat"),
    ("auction", {"lot": ["cow", 3]}, "a number among the animal names"),
    ("auction", {"money": 7}, "a number where one entry per seat is expected"),
]


@pytest.mark.parametrize("name, start, reason", [
    pytest.param(g, s, r, id=f"{g}-{next(iter(s))}-{i}") for i, (g, s, r) in enumerate(START_FAILURES)])
def test_games_refuse_a_bad_start_position_with_a_rules_error(name, start, reason):
    from bluffkit.core.errors import RulesError
    from bluffkit.core.game import make_game
    game = make_game(name)
    if name == "bloff" and "hands" not in start:
        dealt = game.new_state(4)
        dealt = game.step(dealt, None, game.sample_chance(dealt, __import__("numpy").random.default_rng(1)))
        start = {**start, "hands": list(game.facts(dealt, "ABCD")["hands"].values())}
    try:
        state = game.state_from_position(players=4 if name == "bloff" else 3, **start)
        game.facts(state, ["A", "B", "C", "D"][:4 if name == "bloff" else 3])
    except RulesError:
        return
    raise AssertionError(f"{name} accepted the start position {start}")
