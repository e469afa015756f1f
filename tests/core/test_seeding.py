"""One seed at the top, child seeds below: the children are numpy's, bit for bit."""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from profiles import examples

from bluffkit.core.errors import RulesError
from bluffkit.core.seeding import check_seed, child_rngs, game_seeds


def numpy_children(seed: int, count: int) -> list[np.random.Generator]:
    return [np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed, spawn_key=(i,))))
            for i in range(count)]


@settings(max_examples=examples(100), deadline=None)
@given(st.one_of(st.integers(0, 2**64 - 1), st.integers(0, 2**300)), st.integers(1, 8))
def test_children_are_numpys_spawned_seed_sequences(seed, count):
    ours = [g.random(6).tolist() for g in child_rngs(seed, count)]
    theirs = [g.random(6).tolist() for g in numpy_children(seed, count)]
    assert ours == theirs


@settings(max_examples=examples(100), deadline=None)
@given(st.one_of(st.integers(0, 2**64 - 1), st.integers(0, 2**300)), st.integers(0, 2**40))
def test_game_seeds_are_numpys_spawned_seed_sequences(seed, i):
    """Game i's seed is SeedSequence(seed, spawn_key=(i,))'s first two words, as numpy makes them."""
    lo, hi = np.random.SeedSequence(seed, spawn_key=(i,)).generate_state(2, dtype=np.uint32)
    assert game_seeds(seed, i + 1)[i] == int(lo) | int(hi) << 32
    assert game_seeds(seed, i + 1)[-1] == game_seeds(seed, i + 1)[i]


def test_children_match_spawn_and_word_boundaries():
    for seed in (0, 1, 2**32 - 1, 2**32, 2**64 - 1, 2**64, 2**127 + 3, 2**128, *game_seeds(7, 20)):
        spawned = [np.random.Generator(np.random.PCG64(c)) for c in np.random.SeedSequence(seed).spawn(3)]
        assert [g.integers(0, 2**63, 4).tolist() for g in child_rngs(seed, 3)] == \
            [g.integers(0, 2**63, 4).tolist() for g in spawned]


def test_children_are_independent_streams():
    draws = [tuple(g.random(3).tolist()) for g in child_rngs(5, 6)]
    assert len(set(draws)) == 6


def test_a_bad_seed_is_refused_by_name():
    for bad in (-1, 1.5, "7", True, None):
        try:
            child_rngs(bad, 2)
        except RulesError as e:
            assert "seed" in str(e)
        else:
            raise AssertionError(f"{bad!r} was accepted")
    assert check_seed(np.int64(3)) == 3


def test_a_fresh_seed_is_too_large_to_find_again_from_ones_own_hand():
    """Fresh seeds were below 10**9: a player could try each one until it dealt their own
    hand (about 17 hours of one core), then know every other hand. They now have 64 bits,
    and a game dealt by one is saved and taken up again like any other."""
    from bluffkit.core.seeding import FRESH_SEED_BITS, fresh_seed
    seeds = [fresh_seed() for _ in range(32)]
    assert FRESH_SEED_BITS >= 64 and all(0 <= s < 2 ** FRESH_SEED_BITS for s in seeds)
    assert max(seeds) >= 2 ** 48 and len(set(seeds)) == 32


def test_a_game_dealt_by_a_64_bit_seed_is_saved_and_taken_up_again(tmp_path):
    from bluffkit.core.game import make_game
    from bluffkit.session import Session
    s = Session(make_game("bloff"), ["human", "random", "random"], seed=2 ** 64 - 1)
    s.advance()
    again = Session.load(s.save(tmp_path / "g.jsonl"))
    assert again.seed == 2 ** 64 - 1 and again.states == s.states


class FirstMove:
    """Plays the first legal action (or, where the moves cannot be listed, one drawn from a
    generator of its own), so its moves never depend on the generator it is given; draws
    ``draws`` numbers from that generator on each move, and keeps every one it is given."""

    name = "first"

    def __init__(self, draws: int):
        self.draws, self.given = draws, []

    def act(self, observation, legal, rng):
        self.given.append(rng)
        rng.random(self.draws)
        first = legal.actions(1)
        return first[0] if first else legal.sample(np.random.default_rng(0))


def test_no_agent_can_move_the_deals_by_drawing_from_its_generator():
    """Chance and each seat draw from streams of their own: an agent given chance's
    generator (or one it shares) could draw from it to change the cards to come, or read
    them off before they are dealt. Agents that play alike but draw 0 or 1,000 numbers a
    move must see the same chance outcomes."""
    from bluffkit.core.game import make_game
    from bluffkit.core.play import play

    game = make_game("youre-bluffing")
    quiet = play(game, [FirstMove(0) for _ in range(3)], 3)
    busy = play(game, [FirstMove(1000) for _ in range(3)], 3)
    chance = [m for m in quiet.moves if m[0] is None]
    assert len(chance) > 20, "enough chance moves after the players' moves to tell"
    assert [m for m in busy.moves if m[0] is None] == chance
    assert busy.moves == quiet.moves


def test_each_seat_is_given_its_own_child_generator_and_never_chances(monkeypatch):
    """``play`` documents the seed's children as chance's (index 0) and one per seat (1..n):
    every move of a seat gets that seat's generator, no two seats share one, and none is
    chance's."""
    from bluffkit.core import play as play_module
    from bluffkit.core.game import make_game

    made = []

    def recorded(seed, count):
        made[:] = child_rngs(seed, count)
        return made
    monkeypatch.setattr(play_module, "child_rngs", recorded)
    agents = [FirstMove(1) for _ in range(3)]
    play_module.play(make_game("youre-bluffing"), agents, 3)
    assert len(made) == 4
    for seat, agent in enumerate(agents):
        assert agent.given, f"seat {seat} never moved"
        assert all(rng is made[seat + 1] for rng in agent.given), f"seat {seat} was given another generator"
    assert made[0] not in [rng for agent in agents for rng in agent.given], "a seat was given chance's generator"


def test_play_deals_from_every_bit_of_a_big_seed():
    """Seeds run to 1,024 bits (``MAX_SEED``): a seed cut to its low 32 or 64 bits would
    deal every game of ``5 + 2**64`` as game ``5``'s, so that a seed of a log could be
    found again from a short one."""
    from bluffkit.agents.base import make_agent
    from bluffkit.core.game import make_game
    from bluffkit.core.play import play
    from bluffkit.core.seeding import MAX_SEED

    game = make_game("youre-bluffing")
    bots = [make_agent("random", game) for _ in range(3)]
    base = play(game, bots, 5).moves
    for high in (2**32, 2**64, 2**600, 2**1023):
        assert 5 + high <= MAX_SEED
        assert play(game, bots, 5 + high).moves != base, f"5 + 2**{high.bit_length() - 1} plays as 5"


def test_game_seeds_of_other_counts_differ_and_the_largest_seed_is_the_last_taken():
    assert game_seeds(1, 3) != game_seeds(1, 4) and game_seeds(1, 3) == game_seeds(1, 3)
    assert check_seed(2 ** 1024 - 1) == 2 ** 1024 - 1
    with pytest.raises(RulesError, match=r"^seed must be a whole number from 0 to 2\*\*1024 - 1, got "):
        check_seed(2 ** 1024)
