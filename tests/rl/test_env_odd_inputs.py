"""The AEC environment refuses a reward function that does not give one number per seat, in
words that say what it returned (it raised a TypeError from deep inside), and takes numpy
integers for its counts (``players=np.int64(3)`` was refused)."""

from __future__ import annotations

from decimal import Decimal

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from bluffkit.core.errors import RulesError  # noqa: E402
from bluffkit.rl import env as make_env  # noqa: E402


def play_out(e, seed: int = 1) -> list[float]:
    """A seeded game played to the end by the first legal index; the seats' final rewards."""
    e.reset(seed=seed)
    rewards = {}
    while e.agents:
        agent = e.agent_selection
        obs, reward, term, trunc, _ = e.last()
        if term or trunc:
            rewards[agent] = reward
            e.step(None)
        else:
            e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    return [rewards[a] for a in e.possible_agents]


@pytest.mark.parametrize("reward, match", [
    (lambda game, state: 1.0, r"must return one number per seat \(3 in a list\), got 1\.0 \(float\)"),
    (lambda game, state: np.float64(2.5), r"got np\.float64\(2\.5\) \(float64\)"),
    (lambda game, state: None, r"got None \(NoneType\)"),
    (lambda game, state: "1 0 0", r"got '1 0 0' \(str\)"),
    (lambda game, state: {0: 1.0, 1: 0.0, 2: 0.0}, r"got \{0: 1\.0, 1: 0\.0, 2: 0\.0\} \(dict\)"),
    (lambda game, state: np.zeros((3, 1)), r"got an array of shape \(3, 1\)"),
    (lambda game, state: [1.0, "x", 0.0], r"must return one number per seat; for seat 1 it gave 'x' \(str\)"),
    (lambda game, state: [1.0, None, 0.0], r"for seat 1 it gave None \(NoneType\)"),
    (lambda game, state: [True, False, False], r"for seat 0 it gave True \(bool\)"),
    (lambda game, state: [1.0, 0.0], r"the reward function gave 2 numbers for 3 seats"),
], ids=["float", "np-float", "None", "text", "dict", "2d-array", "text-item", "None-item", "bools", "short"])
def test_a_reward_function_that_does_not_give_one_number_per_seat_is_refused(reward, match):
    e = make_env("auction", 3, reward=reward)
    with pytest.raises(RulesError, match=match):
        play_out(e)


def test_a_reward_function_may_give_a_list_an_array_or_other_numbers():
    by_list = play_out(make_env("auction", 3, reward=lambda game, state: [1.0, 0.0, -1.0]))
    assert by_list == [1.0, 0.0, -1.0]
    assert play_out(make_env("auction", 3, reward=lambda game, state: np.array([1, 0, -1]))) == by_list
    assert play_out(make_env("auction", 3, reward=lambda game, state: (Decimal(1), 0, Decimal(-1)))) == by_list


def test_numpy_counts_are_taken_and_play_the_same_game():
    e = make_env("auction", np.int64(3), max_moves=np.int64(40))
    assert e.players == 3 and type(e.players) is int and e.max_moves == 40 and type(e.max_moves) is int
    assert e.possible_agents == ["player_0", "player_1", "player_2"]
    plain = make_env("auction", 3, max_moves=40)
    assert play_out(e, seed=5) == play_out(plain, seed=5)
    assert e.history == plain.history


@pytest.mark.parametrize("players", [np.bool_(True), True, np.float64(3.0), "3"])
def test_other_seat_counts_are_still_refused(players):
    with pytest.raises(RulesError, match=r"players must be an integer >= 1, got "):
        make_env("auction", players)
