"""Number options have upper bounds, so that every legal setting plays to an end in a
number of moves a class can wait for: refused beyond the bound, in one line naming the
option; at the bound, the bots still finish."""

from __future__ import annotations

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
