"""A Cat in the Bag pen's leftovers are public [B, D]: "The auctioneer reveals the 3 animals
in the pen ... The other two are placed face-down back in the pen", and the picked one "is
only revealed after the auction ends". So once a sale is settled every player knows the
animals that went back face down; a seat's view says so (``seen``), and only those.

The expected animals are worked out here from the auction itself (the pen shown minus the
lot picked), not from the engine's ``seen``."""

from __future__ import annotations

import dataclasses
from collections import Counter

import numpy as np
import pytest

from bluffkit.agents.bidder_up import HeuristicAgent
from bluffkit.agents.generic import RandomBot
from bluffkit.core.digest import state_digest
from bluffkit.core.game import make_game
from bluffkit.core.play import play

#: (options, whether a pen is refilled over the animals seen in these games: the Animal
#: Market's 20 animals leave its supply stacks nearly empty after the deal)
CONFIGS = [({}, False), ({"board": "fairground"}, True)]


def _games(name, options, seeds):
    game = make_game(name, **options)
    for seed in seeds:
        agents = [HeuristicAgent(), RandomBot(), HeuristicAgent()]
        yield game, play(game, agents, seed).moves


@pytest.mark.parametrize("options, refilled", CONFIGS)
def test_the_animals_that_go_back_face_down_are_known_to_every_seat(options, refilled):
    sales = refills = 0
    for game, moves in _games("bidder-up", options, range(1, 9)):
        cats = game.table(game.new_state(3)).cats
        state, last_auction = game.new_state(3), None
        for seat, action in moves:
            before, state = state, game.step(state, seat, action)
            if state.auction is not None:
                last_auction = state.auction
            if before.auction is not None and state.auction is None:          # a sale settled
                i = before.pen_at
                if cats[i] and len(last_auction.pen) > 1:
                    back = Counter(last_auction.pen) - Counter(a % 10 for a in last_auction.lot)
                    assert Counter(a % 10 for a in state.seen[i]) == back, f"pen {i}: {state.seen[i]} went back?"
                    sales += 1
                    refills += len(state.pens[i]) > len(state.seen[i])
                else:
                    assert not state.seen or not state.seen[i], f"pen {i}: nothing went back face down"
            if before.auction is None and state.auction is not None:          # a pen opened: shown anew
                assert not state.seen or not state.seen[state.pen_at]
            if state.seen != before.seen:
                assert not game.invariants(state), game.invariants(state)
                for s in range(3):
                    seen = game.observe(state, s).seen
                    assert seen == (state.seen or ((),) * len(state.pens)), f"seat {s} sees {seen}"
    assert sales >= 5, f"only {sales} Cat in the Bag sales with animals left: the test checks too little"
    assert refills >= 1 or not refilled, "no pen refilled over the animals seen was checked"


def test_hide_from_keeps_the_animals_all_saw_and_shuffles_the_rest():
    game = make_game("bidder-up")
    checked = 0
    for _, moves in _games("bidder-up", {}, range(1, 30)):
        state = game.new_state(3)
        for seat, action in moves:
            state = game.step(state, seat, action)
            if not state.seen or state.auction is not None:
                continue
            for i, back in enumerate(state.seen):
                if back and len(state.pens[i]) > len(back):
                    pens = set()
                    for r in range(40):
                        other = game.hide_from(state, 0, np.random.default_rng(r))
                        assert other.pens[i][:len(back)] == back, "an animal all saw go back was shuffled away"
                        assert other.seen == state.seen
                        assert not game.invariants(other)
                        pens.add(other.pens[i][len(back):])
                    assert len(pens) > 1, "the unseen animals of the pen are never shuffled"
                    checked += 1
        if checked >= 3:
            break
    assert checked >= 1, "no pen with animals seen and unseen together came up"


def _first_seen():
    """The game and its first state in which a pen holds animals all saw go back."""
    game = make_game("bidder-up")
    state = game.new_state(3)
    for seat, action in next(_games("bidder-up", {}, [2]))[1]:
        state = game.step(state, seat, action)
        if state.seen:
            return game, state
    raise AssertionError("no Cat in the Bag sale left animals in seed 2")


def test_seen_is_left_out_of_the_digest():
    """Public memory derived from the moves: old logs' digests still hold."""
    _, state = _first_seen()
    assert state_digest(dataclasses.replace(state, seen=())) == state_digest(state)


def test_a_seen_that_is_not_in_its_pen_is_named_by_the_invariants():
    game, state = _first_seen()
    i = next(i for i, k in enumerate(state.seen) if k)
    wrong = tuple((9,) * len(k) if j == i else k for j, k in enumerate(state.seen))
    assert any("seen" in p for p in game.invariants(dataclasses.replace(state, seen=wrong)))
    plain = next(j for j, c in enumerate(game.table(state).cats) if not c and state.pens[j])
    bad = tuple(state.pens[plain][:1] if j == plain else k for j, k in enumerate(state.seen))
    assert any("seen" in p for p in game.invariants(dataclasses.replace(state, seen=bad)))


@pytest.mark.parametrize("seen, want", [
    # the Animal Market's values [A]: 10, 40, 90, 160, 350, 350, 500, 650, 800, 1000 (mean 395)
    ((9, 9), 0.5 * (1000 + 1000 + 395) / 3),     # two of the 1000s seen go back: 399.17
    ((0, 0), 0.5 * (10 + 10 + 395) / 3),         # two of the 10s: 69.17
    ((9,), 0.5 * (1000 + 395 + 395) / 3),        # one seen, two never shown
    ((), 0.5 * 395),                             # none seen: half the average animal, 197.5
])
def test_the_heuristic_bot_values_a_face_down_pen_by_the_animals_all_saw_go_back(seen, want):
    """The bot's documented worth of landing on a Cat in the Bag pen (bluffkit.agents.bidder_up:
    half of one of its animals, those all saw go back at their value, the others at the
    average), worked by hand on a pen of three face-down animals."""
    from bluffkit.games.bidder_up.layout import layout_of
    game, state = _first_seen()
    i = next(i for i, k in enumerate(state.seen) if k)
    pen = tuple(seen) + (4,) * (3 - len(seen))          # (the unseen ones' type is not shown to the bot)
    state = dataclasses.replace(state, pens=tuple(pen if j == i else p for j, p in enumerate(state.pens)),
                                seen=tuple(tuple(seen) if j == i else k for j, k in enumerate(state.seen)))
    assert state.rules.animal_values == (10, 40, 90, 160, 350, 350, 500, 650, 800, 1000)
    obs = game.observe(state, 0)
    assert obs.pens[i] is None and obs.seen[i] == tuple(seen), "the pen is face down, its leftovers known"
    worth = HeuristicAgent()._space_worth(obs, layout_of(state.rules.board).pens[i].space)
    assert worth == pytest.approx(want, abs=1e-9)

