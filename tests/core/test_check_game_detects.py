"""Proof that the conformance suite (bluffkit.testing) catches what it says it does: each
test plants a leaking or rule-breaking engine and expects the suite's failure in its
words, or checks a case the suite must let pass. Each is kept fast: one seed, one state
or a cut game."""

import copy
import functools

import numpy as np
import pytest

from bluffkit.core import scenario as sc
from bluffkit.games.bloff import engine as bloff_engine
from bluffkit.testing import _check_narration, check_game, config_game, plain_values


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

