"""Checks of a game's learning-agent encoding played straight against the game's API
(no environment): shared by the encoder tests of tests/rl.

:func:`play` plays one seeded game with random moves drawn from the encoder's mask and
checks, at every move, that the observation vector has its fixed size and is finite,
that the mask allows at least one move, and that every index it allows maps to an action
the seat's ``Legal`` accepts (``legal.explain(action) is None``) and the game then
plays; every few moves it runs the encoded no-leak check (:func:`check_hidden`).
"""

from __future__ import annotations

import numpy as np

from bluffkit.core.errors import RulesError


def check_hidden(game, state, players: int, encoder, rng, report: dict) -> None:
    """The no-leak check of ``bluffkit.testing`` on the encoded vectors: for every seat, a
    state with everything hidden from it dealt again (``game.hide_from``) gives the same
    vector and, for a seat to move, the same mask. Counts in ``report`` (up to 3) how often
    the next seat's vector did change (the redeal was visible to it: the check can fail)."""
    to_move = game.to_move(state)
    watched = [encoder.observation(game.observe(state, w)) for w in range(players)]
    for seat in range(players):
        seen = watched[seat]
        mask = encoder.mask(game.legal(state, seat)) if seat in to_move else None
        for _ in range(2):
            other = game.hide_from(state, seat, rng)
            again = encoder.observation(game.observe(other, seat))
            assert np.array_equal(again, seen), (
                f"seat {seat}'s encoded observation changes with information hidden from it (a leak) at "
                f"positions {np.flatnonzero(again != seen).tolist()[:10]}")
            if mask is not None:
                assert np.array_equal(encoder.mask(game.legal(other, seat)), mask), \
                    f"seat {seat}'s action mask changes with information hidden from it (a leak)"
            report["hidden"] += 1
            if report["visible_redeals"] < 3:
                watcher = (seat + 1) % players
                if not np.array_equal(encoder.observation(game.observe(other, watcher)), watched[watcher]):
                    report["visible_redeals"] += 1


def play(game, players: int, encoder, seed: int, *, prefer: tuple[int, ...] = (), prefer_p: float = 0.7,
         leak_every: int = 50, every_index: int = 4, limit: int = 20_000) -> dict:
    """One game played with random masked moves (uniform over the allowed indices; an
    allowed index of ``prefer``, e.g. ``pass``, taken with probability ``prefer_p`` so
    that auctions end in a few rounds). Every allowed index is checked at every
    ``every_index``-th move, two drawn at random at the others; the no-leak check runs
    every ``leak_every`` moves. Returns counts of what was checked."""
    rng = np.random.default_rng(seed)
    report = {"moves": 0, "indices": 0, "hidden": 0, "visible_redeals": 0, "used": set()}
    state = game.new_state(players)
    while True:
        to_move = game.to_move(state)
        if not to_move:
            if game.is_over(state):
                break
            assert game.is_chance(state), "nobody to move, yet neither chance nor the end"
            state = game.step(state, None, game.sample_chance(state, rng))
            continue
        assert report["moves"] < limit, f"no end after {limit} moves"
        seat = to_move[0]
        observation = game.observe(state, seat)
        legal = observation.legal
        vector = encoder.observation(observation)
        assert vector.dtype == np.float32 and vector.shape == (encoder.obs_size,), (vector.dtype, vector.shape)
        assert np.isfinite(vector).all(), f"non-finite values at {np.flatnonzero(~np.isfinite(vector)).tolist()}"
        mask = encoder.mask(legal)
        assert mask.dtype == np.int8 and mask.shape == (encoder.n_actions,), (mask.dtype, mask.shape)
        assert ((mask == 0) | (mask == 1)).all(), "a mask holds only 0 and 1"
        allowed = np.flatnonzero(mask)
        assert len(allowed), f"seat {seat} is to move but the mask allows nothing ({legal.description})"
        checked = allowed if report["moves"] % every_index == 0 else rng.choice(allowed, min(2, len(allowed)))
        for i in checked:
            action = encoder.action(int(i), legal)
            assert legal.explain(action) is None, \
                f"index {i} ({encoder.action_name(int(i))}) maps to {action}, refused: {legal.explain(action)}"
            report["indices"] += 1
        if report["moves"] % leak_every == 0:
            check_hidden(game, state, players, encoder, rng, report)
        liked = [i for i in prefer if mask[i]]
        if liked and rng.random() < prefer_p:
            index = int(liked[int(rng.integers(len(liked)))])
        else:
            index = int(allowed[int(rng.integers(len(allowed)))])
        report["used"].add(index)
        state = game.step(state, seat, encoder.action(index, legal))
        report["moves"] += 1
    return report


def assert_refuses_masked_out(encoder, legal) -> None:
    """Every index the mask leaves out is refused by ``action`` with a ``RulesError`` that
    names the index; an index out of range too."""
    mask = encoder.mask(legal)
    for i in np.flatnonzero(mask == 0):
        try:
            encoder.action(int(i), legal)
        except RulesError as e:
            assert str(int(i)) in str(e), str(e)
        else:
            raise AssertionError(f"index {i} ({encoder.action_name(int(i))}) is masked out but was accepted")
    for bad in (-1, encoder.n_actions, "3"):
        try:
            encoder.action(bad, legal)
        except RulesError:
            pass
        else:
            raise AssertionError(f"index {bad!r} was accepted")
