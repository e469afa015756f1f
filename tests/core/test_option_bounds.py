"""Number options have upper bounds, so that every legal setting plays to an end in a
number of moves a class can wait for: refused beyond the bound, in one line naming the
option; at the bound, the bots still finish."""

from __future__ import annotations

import numpy as np
import pytest

from bluffkit.agents import make_agent
from bluffkit.core.errors import RulesError
from bluffkit.core.game import make_game
from bluffkit.core.play import play

BEYOND = [
    ("youre-bluffing", {"no_bid_calls": 11}, "no_bid_calls must be at most 10"),
    ("horse-trading", {"no_bid_calls": 10**5}, "no_bid_calls must be at most 10"),
    ("auction", {"format": "dutch", "dutch_start": 101}, "dutch_start must be an int from 1 to 100"),
    ("auction", {"animal_values": [10**7] * 10}, "animal_values: at most 10000"),
    ("auction", {"format": "american-count", "start_money": [0, 0, 0, 0, 0, 1001]}, "at most 1000 notes"),
    ("bidder-up", {"animal_values": [10**18] * 10}, "animal_values: at most 10000"),
    ("bidder-up", {"board": "fairground", "market_track": [0, 10**6]}, "market_track: at most 10000"),
    ("bidder-up", {"board": "fairground", "market_steps": 0}, "market_steps must be at least 1"),
    ("bidder-up", {"board": "fairground", "market_types": 0}, "market_types must be at least 1"),
    ("bloff", {"max_players": 26}, "max_players must be at most 20"),
]


@pytest.mark.parametrize("name, options, words", BEYOND)
def test_beyond_the_bound_is_refused_in_one_line(name, options, words):
    with pytest.raises(RulesError, match=words):
        make_game(name, **options)


AT = [
    ("youre-bluffing", {"no_bid_calls": 10}, 3, "heuristic"),
    ("auction", {"format": "dutch", "dutch_start": 100}, 4, "truthful"),
    ("auction", {"format": "classic", "animal_values": [10_000] * 10}, 4, "truthful"),
    ("auction", {"format": "american-count", "start_money": [0, 1000, 0, 0, 0, 0]}, 4, "shade"),
    ("bidder-up", {"animal_values": [10_000] * 10}, 3, "random"),
    ("bidder-up", {"board": "fairground", "market_track": [0, 5000, 10_000], "market_start": [1] * 10}, 3, "random"),
]


@pytest.mark.parametrize("name, options, players, bot", AT)
def test_at_the_bound_the_bots_finish(name, options, players, bot):
    game = make_game(name, **options)
    rec = play(game, [make_agent(bot, game) for _ in range(players)], seed=1, max_steps=50_000)
    assert game.is_over(rec.final)


@pytest.mark.parametrize("name, numpy_options, plain_options", [
    ("auction", {"double": np.bool_(True), "step": np.int64(20)}, {"double": True, "step": 20}),
    ("auction", {"start_money": np.array([0, 2, 1, 0, 0, 0])}, {"start_money": [0, 2, 1, 0, 0, 0]}),
    ("bloff", {"max_cards": np.int32(2)}, {"max_cards": 2}),
    ("bidder-up", {"board": np.str_("fairground"), "market_steps": np.int64(2)},
     {"board": "fairground", "market_steps": 2}),
])
def test_numpy_values_are_taken_as_python_values(name, numpy_options, plain_options):
    """A value read from an array (``np.int64(20)``, ``np.bool_(True)``, an array) is the
    same option as Python's: the same rules, a header a log can hold, the same game. (They
    were refused as "a bool: not a number, text, true/false ...".)"""
    import json
    game, plain = make_game(name, **numpy_options), make_game(name, **plain_options)
    assert game.rules == plain.rules
    assert all(type(getattr(game.rules, k)) is type(getattr(plain.rules, k)) for k in plain_options)
    assert json.dumps(game.header()) == json.dumps(plain.header())
    assert _first_moves(game) == _first_moves(plain)


def _first_moves(game, steps: int = 200) -> list:
    """The first ``steps`` moves (chance's too) of a seeded 3-player game of random moves."""
    rng, state, moves = np.random.default_rng(4), game.new_state(3), []
    while len(moves) < steps and not game.is_over(state):
        if game.is_chance(state):
            seat, action = None, game.sample_chance(state, rng)
        else:
            seat = game.to_move(state)[0]
            action = game.legal(state, seat).sample(rng)
        state = game.step(state, seat, action)
        moves.append((seat, str(action)))
    return moves


def test_a_tuple_of_its_own_kind_and_a_huge_array_are_read_or_refused_in_words():
    from collections import namedtuple
    Notes = namedtuple("Notes", "n0 n10 n50 n100 n200 n500")
    assert make_game("auction", start_money=Notes(0, 2, 1, 0, 0, 0)).rules.start_money == (0, 2, 1, 0, 0, 0)
    with pytest.raises(RulesError, match=r"rule option start_money"):
        make_game("auction", start_money=np.zeros(10**6, dtype=int))
