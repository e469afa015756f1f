"""Odd rule options are refused in one RulesError line, or the game they make plays.

For every game, hypothesis sets one to three of its rule options to odd values
(wrong types, negative, huge, objects, lists, null, text with escape codes):
``make_game`` either raises :class:`RulesError` in one line or builds a game that
plays to its end with random bots, within a time limit. Failures found in a game's
own rules are listed below as strict expected failures, each with its option and
value, so that each one fails once it is fixed.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, strategies as st
from mutations import FUZZ, odd_values, time_limit

from bluffkit.agents.base import make_agent
from bluffkit.core.errors import BluffkitError, RulesError
from bluffkit.core.game import game_names, make_game
from bluffkit.core.play import RunawayGame, play

GAMES = game_names()
OPTIONS = {name: list(make_game(name).rules.to_dict()) for name in GAMES}

#: Options that ``make_game``'s own signature or a game's ``create`` takes apart before
#: the rules see them; tested one by one below.
SIGNATURE = ("name", "variants")

#: (game, option, value, what went wrong) once found by this fuzzing, each now refused in
#: one line or played to the end.
FOUND = [
    ("youre-bluffing", "name", "x", "make_game took 'name' twice: TypeError"),
    ("bluffer", "name", "x", "make_game took 'name' twice: TypeError"),
    ("youre-bluffing", "variants", None, "list(None) raised TypeError"),
    ("horse-trading", "variants", 3, "list(3) raised TypeError"),
    ("youre-bluffing", "variants", [["short"]], "a list as a variant name raised TypeError (unhashable)"),
    ("bluffer", "deck", "x" * 300, "Path.exists() raised OSError (file name too long)"),
    ("bluffer", "deck", "~no-such-user/mine.jsonl", "expanduser raised RuntimeError"),
    ("bluffer", "questions_per_round", 10**6, "accepted, then the game did not end in 20,000 steps"),
    ("bluffer", "duel_questions", 10**6, "accepted, then the two-player game did not end in 20,000 steps"),
    ("bloff", "max_cards", 2, "accepted, then the random bot played 3 cards: IllegalAction"),
    ("bloff", "max_cards", True, "True accepted as a count"),
]


def players_for(game) -> list[int]:
    """Two player counts the game accepts (the fewest first), or none."""
    ok = []
    for n in range(2, 11):
        try:
            game.check_players(n)
        except BluffkitError:
            continue
        ok.append(n)
        if len(ok) == 2:
            break
    return ok


def check_options(name: str, options: dict) -> None:
    with time_limit():
        try:
            game = make_game(name, **options)
        except RulesError as e:
            msg = str(e)
            assert "\n" not in msg and "\r" not in msg, f"more than one line: {msg!r}"
            assert "\x1b" not in msg and "\x9b" not in msg, f"an escape code in the message: {msg!r}"
            assert len(msg) < 2000, f"not one readable line ({len(msg)} characters)"
            return
        for n in players_for(game):
            rec = play(game, [make_agent("random", game) for _ in range(n)], seed=n, max_steps=20_000)
            assert game.is_over(rec.final), "the game did not end"
        assert game.rules.to_dict() == type(game.rules).from_dict(game.rules.to_dict()).to_dict()


@st.composite
def odd_options(draw, name: str) -> dict:
    fields = [f for f in OPTIONS[name] if f not in SIGNATURE]
    chosen = draw(st.lists(st.sampled_from(fields), min_size=1, max_size=3, unique=True))
    return {f: draw(odd_values()) for f in chosen}


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(data=st.data())
def test_odd_rule_options_are_refused_in_one_line_or_play(name, data):
    options = data.draw(odd_options(name), label="options")
    check_options(name, options)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("value", [{"a": 1}, {}, math.nan, math.inf, "a\x1b[2Jb", [[[[1]]]], object(), 10**19, -(10**30),
                                   "x" * 1001, [0] * 1001],
                         ids=["dict", "empty-dict", "nan", "inf", "escape", "deep-list", "object", "huge", "huge-negative",
                              "long-text", "long-list"])
def test_values_no_log_could_hold_are_refused_for_every_option(name, value):
    """Shared validation (core/rules.py): every option of every game refuses them."""
    for option in OPTIONS[name]:
        if option in SIGNATURE:
            continue
        with pytest.raises(RulesError, match=option):
            make_game(name, **{option: value})


@pytest.mark.parametrize("name", GAMES)
def test_wrong_kinds_that_trip_a_games_own_check_are_one_line(name):
    """A list or a number where a game looks a name up in a table raised TypeError
    before; the shared layer turns such errors into one RulesError line."""
    for option in OPTIONS[name]:
        if option in SIGNATURE:
            continue
        for value in ([1], [None], ["a", "b"], 10**100, -1, "", True):
            check_options(name, {option: value})


@pytest.mark.parametrize("game, option, value, found", FOUND, ids=[f"{g}-{o}" for g, o, _, _ in FOUND])
def test_odd_options_once_found_are_refused_in_one_line_or_play(game, option, value, found):
    try:
        check_options(game, {option: value})
    except RunawayGame as e:
        raise AssertionError(f"{game} {option}={value!r}: validated, then {e} (before: {found})") from None


@pytest.mark.parametrize("name", GAMES)
def test_a_list_where_an_option_takes_one_value_is_refused_in_words(name):
    """``"format": [[1]]`` said "unhashable type: 'list'": an option declared as text, a
    whole number or true/false now says so, in JSON's words."""
    import dataclasses
    rules = type(make_game(name).rules)
    declared = {f.name: f.type for f in dataclasses.fields(rules)}
    words = {"str": "text", "int": "a whole number", "bool": "true or false", "int | None": "a whole number or null"}
    checked = [o for o in OPTIONS[name] if o not in SIGNATURE and declared[o] in words]
    assert checked
    for option in checked:
        for value in ([[1]], [1], ["classic"], []):
            with pytest.raises(RulesError) as e:
                make_game(name, **{option: value})
            assert str(e.value).startswith(f"rule option {option} takes {words[declared[option]]}, got an array: ")
