"""One seed at the top, child seeds below: the children are numpy's, bit for bit."""

import numpy as np
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
