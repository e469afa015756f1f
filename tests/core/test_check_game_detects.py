"""Proof that the conformance suite (bluffkit.testing) catches what it says it does: each
test plants a leaking or rule-breaking engine and expects the suite's failure in its
words, or checks a case the suite must let pass. Each is kept fast: one seed, one state
or a cut game."""

import numpy as np

from bluffkit.core import scenario as sc
from bluffkit.testing import _check_narration


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
