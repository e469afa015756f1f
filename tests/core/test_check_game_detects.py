"""Proof that the conformance suite (bluffkit.testing) catches what it says it does: each
test plants a leaking or rule-breaking engine and expects the suite's failure in its
words, or checks a case the suite must let pass. Each is kept fast: one seed, one state
or a cut game."""

import copy
import functools
import itertools

import numpy as np
import pytest

from bluffkit.agents.base import make_agent
from bluffkit.core import scenario as sc
from bluffkit.core.errors import IllegalAction
from bluffkit.games.bloff import engine as bloff_engine
from bluffkit.games.bloff.observe import Legal as BloffLegal
from bluffkit.games.youre_bluffing import engine as yb_engine
from bluffkit.testing import _check_narration, assert_refused, check_game, config_game, plain_values


def _before_the_last_move(name: str):
    """A worked example's game, seats, the state before its last move, and that move."""
    s = sc.find(name)
    moves = [(seat, a) for seat, a, _ in s.moves]
    state = s.first_state()
    for seat, action in moves[:-1]:
        state = s.game.step(state, seat, action)
    return s.game, s.players, state, moves[-1]


def test_the_narration_of_the_move_that_ends_the_game_may_name_every_hand():
    """The end of a game is all-seeing: Bidder Up!'s final scoring names every kept raffle
    ticket, as the rulebook's end scoring does, and a seat's view of the ended game holds
    nothing, so every redeal looks alike to it. That narration passes, whatever the seed."""
    game, players, state, (seat, action) = _before_the_last_move("bu-board-fairground-score-4250")
    assert game.is_over(game.step(state, seat, action))
    for seed in (1, 2, 3):
        _check_narration(game, state, seat, action, players, np.random.default_rng(seed), "the end", {})


# ---- a view that hides a seat's secret behind a callable -----------------------------

def _neighbours_hand(t, seat) -> tuple:
    return tuple(t.hands[(seat + 1) % len(t.hands)])


@pytest.mark.parametrize("hide", [
    lambda hand: (lambda: hand),                        # a closure
    lambda hand: functools.partial(tuple, hand),        # a partial
    lambda hand: hand.__getitem__,                      # a bound method of a builtin
], ids=["closure", "partial", "bound-method"])
def test_a_view_holding_a_callable_over_a_neighbours_hand_fails(monkeypatch, hide):
    """Bløff's Legal leaves ``current`` out of its ==: a neighbour's hand put there behind
    a callable, which cannot be compared as a value, fails the check."""
    real = bloff_engine.Table.legal

    def leaky(t, seat, *args, **kwargs):
        legal = copy.copy(real(t, seat, *args, **kwargs))    # (a call's Legal is shared: not changed)
        legal.current = hide(_neighbours_hand(t, seat))
        return legal

    monkeypatch.setattr(bloff_engine.Table, "legal", leaky)
    with pytest.raises(AssertionError, match="observation holds a callable .* cannot read"):
        check_game(config_game("bloff"), 3, seeds=[0], hidden_every=1)


def test_plain_values_refuses_a_callable_but_reads_classes_and_enums():
    import enum

    class Suit(enum.Enum):
        ACE = 1

    assert plain_values((tuple, Suit.ACE)) == ("tuple", "tuple", "<Suit.ACE: 1>")
    for held in (lambda: 1, functools.partial(tuple, ()), (1, 2).__getitem__, len, str.upper):
        with pytest.raises(TypeError, match="holds a callable"):
            plain_values({"x": [held]})


# ---- same seed, same game ------------------------------------------------------------

def test_the_same_seed_must_give_the_same_game():
    """Bots seeded from a count of the times they are made, not from the game's seed."""
    game = config_game("bloff")
    made = itertools.count()

    def agents():
        n = next(made)
        bots = []
        for _ in range(3):
            bot = make_agent("random", game)
            act = bot.act
            bot.act = lambda obs, legal, rng, act=act: act(obs, legal, np.random.default_rng(n + int(rng.integers(1 << 30))))
            bots.append(bot)
        return bots

    with pytest.raises(AssertionError, match="the same seed gave different games"):
        check_game(game, 3, seeds=[0], agents=agents, hidden_every=1)


# ---- legal moves, refusals and probes --------------------------------------------------

def test_a_move_list_ordered_by_a_hidden_hand_is_caught(monkeypatch):
    """Fields and description as they should be; only the moves listed after the first are
    reversed when the next seat holds a card below 4: caught by the moves listed."""
    real = bloff_engine.Table.legal

    def telling(t, seat, *args, **kwargs):
        legal = real(t, seat, *args, **kwargs)
        low = any(c < 4 for c in _neighbours_hand(t, seat))

        class Telling(BloffLegal):
            __slots__ = ()

            def actions(self, limit=None):
                listed = BloffLegal.actions(self, limit)
                return listed if listed is None or not low else listed[:1] + listed[:0:-1]

        told = Telling.__new__(Telling)
        for name in BloffLegal.__slots__:
            setattr(told, name, getattr(legal, name))
        return told

    monkeypatch.setattr(bloff_engine.Table, "legal", telling)
    with pytest.raises(AssertionError, match="legal moves change with information hidden.*moves listed"):
        check_game(config_game("bloff"), 3, seeds=[0], hidden_every=1)


def _refuse_after_touching(monkeypatch):
    """Horse Trading's Table.apply, which takes a note from seat 0 and then refuses a bid
    of 990, as an engine that checks a move late would."""
    real = yb_engine.Table.apply

    def late(t, seat, action, *args, **kwargs):
        if str(action) == "bid 990":
            t.money = ((t.money[0][0] + 1,) + t.money[0][1:],) + t.money[1:]
            raise IllegalAction("too-much", "nobody can bid 990")
        return real(t, seat, action, *args, **kwargs)

    monkeypatch.setattr(yb_engine.Table, "apply", late)


def test_a_refusal_that_changes_the_state_is_caught(monkeypatch):
    _refuse_after_touching(monkeypatch)
    with pytest.raises(AssertionError, match="a refused 'bid 990' by seat 0 changed the state"):
        check_game(config_game("horse-trading"), 3, seeds=[0], illegal_probes=["bid 990"], probes=[],
                   hidden_every=1)


def test_an_illegal_probe_that_is_played_fails_the_suite():
    """A probe said to be illegal that the rules allow (a pass, where passing is allowed)."""
    with pytest.raises(AssertionError, match="played the illegal-move probe 'pass'"):
        check_game(config_game("horse-trading"), 3, seeds=[0], illegal_probes=["pass"], probes=[],
                   hidden_every=1)


def test_assert_refused_fails_when_the_refusal_changes_the_working_copy(monkeypatch):
    game = config_game("horse-trading")
    _refuse_after_touching(monkeypatch)
    with pytest.raises(AssertionError, match="the working copy changed after refusing 'bid 990'"):
        assert_refused(game, game.new_state(3), 0, "bid 990")
