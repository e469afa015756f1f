"""Number options have upper bounds, so that every legal setting plays to an end in a
number of moves a class can wait for: refused beyond the bound, in one line naming the
option; at the bound, the bots still finish."""

from __future__ import annotations

import numpy as np
import pytest

from bluffkit import cli
from bluffkit.agents import make_agent
from bluffkit.core.errors import RulesError
from bluffkit.core.game import make_game
from bluffkit.core.play import play
from bluffkit.core.rules import check_value
from bluffkit.games.youre_bluffing.rules import Rules, preset

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


# -- the checks every rule option shares -------------------------------------------------------

@pytest.mark.parametrize("value, says", [
    (10**18 + 1, "beyond any rule (at most 10**18)"),
    (-(10**18) - 1, "beyond any rule (at most 10**18)"),
    ("x" * 1001, "text of 1001 characters (at most 1000)"),
    ([0] * 1001, "a list of 1001 items (at most 1000)"),
    ([[[[0]]]], "nested too deeply"),
    (float("nan"), "must be a finite number"),
])
def test_a_value_past_what_any_rule_takes_is_refused_naming_the_option(value, says):
    """What no rule takes (a number beyond 10**18, text of more than 1000 characters, a list of
    more than 1000 items or nested past three lists, NaN) is refused naming the option."""
    with pytest.raises(RulesError, match="rule option bank") as e:
        check_value("bank", value)
    assert says in str(e.value)


@pytest.mark.parametrize("value", [10**18, -(10**18), "x" * 1000, [0] * 1000, [[[0]]], 1.5, None, True])
def test_a_value_at_the_bounds_passes_the_shared_checks(value):
    """At those bounds a value is left to the game's own checks."""
    check_value("bank", value)


def test_a_list_where_an_option_takes_text_is_refused_in_json_words_from_python_and_the_command_line(capsys):
    """A list (a tuple from Python, or a list read from --option) where the option takes text
    is refused in JSON's words."""
    with pytest.raises(RulesError, match=r"rule option tie_break takes text, got an array"):
        make_game("horse-trading", tie_break=("shared",))
    assert cli.main(["rules", "horse-trading", "--option", 'tie_break=["shared"]']) == 2
    assert "rule option tie_break takes text, got an array" in capsys.readouterr().err


def test_a_numpy_value_equal_to_its_variants_is_taken_and_another_is_refused_naming_the_variants_value():
    """The Quick Game sells two animals a lot: numpy's 2 agrees with it; 1 is refused, saying
    what the variant sets."""
    assert make_game("youre-bluffing", variants=["quick"], lot_size=np.int64(2)).rules.lot_size == 2
    with pytest.raises(RulesError, match="lot_size=1 contradicts the variant 'quick', which sets lot_size to 2"):
        preset("youre_bluffing", ["quick"], lot_size=1)


def test_an_unknown_option_is_named_and_the_known_ones_listed_without_the_rulesets_name():
    """An unknown option, also one whose name is no text, is refused as unknown; the options
    listed are those one can set (a ruleset's own name is not one)."""
    with pytest.raises(RulesError, match="unknown rule option") as e:
        Rules().replace(lots=2)
    known = str(e.value).split("; known: ")[1].split(", ")
    assert "lot_size" in known and "name" not in known
    with pytest.raises(RulesError, match=r"unknown rule option\(s\): 1;"):
        Rules.from_dict({1: 2})


def test_an_option_added_late_is_written_only_when_it_differs_from_its_default():
    """A log's header keeps the shape it had before first_leader existed, unless it is set."""
    assert "first_leader" not in Rules().to_dict()
    assert Rules().replace(first_leader=1).to_dict()["first_leader"] == 1


def test_a_ruleset_read_back_from_its_json_is_the_same_ruleset():
    """The Short game's paydays, written as a JSON list, are read back as the same ruleset."""
    rules = preset("horse_trading", ["short"])
    again = Rules.from_dict(rules.to_dict())
    assert again == rules and isinstance(again.paydays, tuple)
