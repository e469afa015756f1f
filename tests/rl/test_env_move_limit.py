"""The learning environment's default move limit: a game that need not end (two bidders in
You're Bluffing! who always raise, Bløff's caller who always calls wrongly) or that random
play makes very long (Bidder Up! for four on the Fairground: 30,000 moves and more) is cut
short by its spec's ``max_moves``, as Gymnasium's TimeLimit cuts an episode: every agent
truncated, no reward. ``max_moves=None`` still means no limit (docs/rl.md)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from test_env_odd_inputs import play_through  # noqa: E402

from bluffkit.agents.base import make_agent  # noqa: E402
from bluffkit.core.errors import RulesError  # noqa: E402
from bluffkit.core.spec import spec_of, specs  # noqa: E402
from bluffkit.rl import env  # noqa: E402


def _play(e, choose, seed=0):
    """One seeded game with ``choose(allowed indices) -> index``; the seats' truncations."""
    return play_through(e, choose, seed)[1]


def test_every_game_that_need_not_end_has_a_move_limit_in_its_spec():
    for name in ("youre-bluffing", "horse-trading", "bloff", "bidder-up"):
        limit = spec_of(name).max_moves
        assert isinstance(limit, int) and limit >= 1000, (name, limit)
        assert env(name).max_moves == limit, f"{name}: env() takes the spec's limit by default"


@pytest.mark.slow
@pytest.mark.parametrize("name", ["youre-bluffing", "bloff"])
def test_a_policy_that_never_lets_the_game_end_is_cut_short_by_default(name):
    """Always the last index in You're Bluffing! is ``bid +500`` for ever; always the first in
    Bløff calls and lays alternately, with no end in sight. The default limit ends both, every agent
    truncated with no reward, and says so once in a warning."""
    e = env(name)
    assert e.max_moves is not None, "no default limit: this game would never end"
    pick = (lambda allowed: allowed[-1]) if name == "youre-bluffing" else (lambda allowed: allowed[0])
    with pytest.warns(UserWarning, match=rf"cut short after {e.max_moves:,} moves by seats, {name}'s own limit; "
                                         r"give max_moves=None for none, or a number"):
        cut = _play(e, pick)
    assert e.moves == e.max_moves and cut == {a: True for a in e.possible_agents}
    assert not e.game.is_over(e.game_state)


def test_none_means_no_limit_and_a_number_its_own_limit_without_a_warning():
    assert env("bloff", max_moves=None).max_moves is None
    e = env("youre-bluffing", max_moves=50)
    with warnings.catch_warnings():
        warnings.simplefilter("error")                    # a limit asked for is not warned of
        cut = _play(e, lambda allowed: allowed[-1])
    assert e.moves == 50 and all(cut.values())
    assert env("bloff", max_moves="game").max_moves == spec_of("bloff").max_moves


@pytest.mark.parametrize("bad", ["x", "none", "", "Game"])
def test_a_word_other_than_game_is_refused(bad):
    with pytest.raises(RulesError, match=r"^max_moves \('game' for the game's own limit, None for none\) must be an "
                                         r"integer >= 1, got "):
        env("bloff", max_moves=bad)


def test_games_that_always_end_soon_have_no_limit():
    """An auction ends within a few dozen moves, Bluffer after its rounds: no limit needed."""
    assert spec_of("auction").max_moves is None and spec_of("bluffer").max_moves is None
    assert env("auction").max_moves is None and env("bluffer").max_moves is None


@pytest.mark.slow
@pytest.mark.parametrize("name", [s.name for s in specs() if s.max_moves is not None])
def test_the_default_limit_leaves_a_game_the_default_bots_play_far_from_it(name):
    """The limit cuts only runaway games: one seeded game of the default bots at the most
    seats checked ends in under a tenth of it."""
    spec = spec_of(name)
    players = max(spec.seat_counts())
    e = env(name, players)
    e.reset(seed=1)
    rng = np.random.default_rng(1)
    bot = make_agent(spec.default_bot, e.game)
    while e.agents:
        _, _, term, trunc, _ = e.last()
        if term or trunc:
            assert term, f"{name}: the bots' game was cut short"
            e.step(None)
        else:
            e.step_move(bot.act(*e.seat_view(), rng))
    assert e.moves < spec.max_moves / 10, (name, e.moves)
