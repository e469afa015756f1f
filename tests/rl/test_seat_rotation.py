"""Seats are relative in every encoding (docs/rl.md): a per-seat part lists the observer
first, then its left neighbour and so on round the table.

For a public per-seat part (every seat knows it the same: hand sizes, whose move it is,
the animals owned), this means that seat ``s``'s part is seat 0's turned by ``s`` places:
its entry ``k`` is what seat 0's vector says of seat ``s + k``. Each encoder is played
with random masked moves, and at every position the parts of all the seats' vectors are
checked against one another. A part that was the same for every seat at every position
checked would prove nothing: each must have differed round the table at least once.
"""

from __future__ import annotations

import numpy as np
import pytest

from bluffkit.core.game import make_game

pytest.importorskip("pettingzoo")
from bluffkit.rl.encoding import encoder_for  # noqa: E402


def _positions(game, players, seed, moves, prefer=()):
    """Positions of one game of random masked moves (an allowed index of ``prefer`` taken
    seven times in ten, so that auctions end): every position a seat is to move at, up to
    ``moves`` of them, and the last."""
    rng, enc = np.random.default_rng(seed), encoder_for(game, players)
    state = game.new_state(players)
    played = 0
    while played < moves and not game.is_over(state):
        if game.is_chance(state):
            state = game.step(state, None, game.sample_chance(state, rng))
            continue
        yield state
        seat = game.to_move(state)[0]
        legal = game.legal(state, seat)
        mask = enc.mask(legal)
        liked = [i for i in prefer if mask[i]]
        index = rng.choice(liked) if liked and rng.random() < 0.7 else rng.choice(np.flatnonzero(mask))
        state = game.step(state, seat, enc.action(int(index), legal))
        played += 1
    yield state


def _check_rotation(game, players, parts, games, moves, prefer=()):
    """``parts``: name -> (slice, shape); the shape is ``(halves, players, width)``: one
    entry of ``width`` numbers per seat, or two rows of them (values, then known flags)."""
    enc = encoder_for(game, players)
    differed = set()
    for seed in range(games):
        for state in _positions(game, players, seed, moves, prefer):
            vectors = [enc.observation(game.observe(state, s)) for s in range(players)]
            for name, (where, shape) in parts.items():
                rows = [v[where].reshape(shape) for v in vectors]
                for s in range(1, players):
                    assert np.array_equal(rows[s], np.roll(rows[0], -s, axis=1)), \
                        f"{game.name} {name}: seat {s}'s part is not seat 0's seen from seat {s} " \
                        f"(phase {state.phase}): {rows[s].tolist()} vs seat 0's {rows[0].tolist()}"
                if not np.array_equal(rows[0], np.roll(rows[0], -1, axis=1)):
                    differed.add(name)
    same = sorted(set(parts) - differed)
    assert not same, f"{game.name}: the parts {same} were the same for every seat at every position"


def _by_layout(enc, names, n, *, pairs=(), tail=()):
    """Slices from an encoder's ``layout``: a one-hot or set of seats (n numbers), a part of
    ``pairs`` made by ``Features.seats`` (n values, n known flags), or ``tail``: the last n
    numbers of a part (a seat one-hot after a value)."""
    out = {}
    for name in names:
        out[name] = (enc.layout[name], (1, n, 1))
    for name in pairs:
        out[name] = (enc.layout[name], (2, n, 1))
    for name in tail:
        part = enc.layout[name]
        out[name] = (slice(part.stop - n, part.stop), (1, n, 1))
    return out


def _by_parts(enc, wanted):
    """Slices from an encoder's ``parts`` (name, size) by the start of the name: ``wanted``
    maps a name's start to the width of one seat's entry."""
    out, start = {}, 0
    for name, size in enc.parts:
        for prefix, width in wanted.items():
            if name.startswith(prefix):
                out[prefix] = (slice(start, start + size), (1, size // width, width))
        start += size
    assert set(out) == set(wanted), f"no part named {sorted(set(wanted) - set(out))}"
    return out


def test_an_auctions_per_seat_parts_are_turned_to_the_observer():
    """Classic, 3 seats: open bids, so that every seat knows every number of these parts."""
    game = make_game("auction", format="classic")
    enc = encoder_for(game, 3)
    parts = _by_layout(enc, ["auctioneer", "to_move"], 3, pairs=["note_counts", "owners"], tail=["high"])
    _check_rotation(game, 3, parts, games=6, moves=60)


def test_bloffs_per_seat_parts_are_turned_to_the_observer():
    game = make_game("bloff")
    enc = encoder_for(game, 3)
    parts = _by_layout(enc, ["current", "to_move", "pending", "hand_sizes", "claims_made", "caught_true",
                             "caught_false"], 3)
    _check_rotation(game, 3, parts, games=1, moves=120)


def test_bluffers_per_seat_parts_are_turned_to_the_observer():
    game = make_game("bluffer")
    enc = encoder_for(game, 3)
    parts = _by_layout(enc, ["leader", "to_move"], 3,
                       pairs=["written", "points", "totals", "votes_right", "votes_drawn"])
    _check_rotation(game, 3, parts, games=1, moves=60)


def test_youre_bluffings_per_seat_parts_are_turned_to_the_observer():
    game = make_game("youre-bluffing")
    enc = encoder_for(game, 3)
    parts = _by_parts(enc, {"leader": 1, "herds": 10, "notes held": 1, "high bidder": 1, "may still bid": 1,
                            "payer": 1, "payee": 1, "to move": 1})
    _check_rotation(game, 3, parts, games=1, moves=120, prefer=(1,))


def test_bidder_ups_per_seat_parts_are_turned_to_the_observer():
    game = make_game("bidder-up")
    enc = encoder_for(game, 3)
    parts = _by_parts(enc, {"current player": 1, "to move": 1, "pawns": len(enc.spaces), "notes held": 1,
                            "pastures": 20})
    _check_rotation(game, 3, parts, games=1, moves=150, prefer=(enc.blocks["word"][0],))
