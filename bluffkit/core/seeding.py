"""One seed at the top, child seeds below.

A session, a match or a simulation takes one integer seed. Every game and
every agent gets a child seed derived from it with :class:`numpy.random.SeedSequence`,
so that game ``i`` of a simulation can be replayed alone from its own seed
(which is written in its log).

>>> game_seeds(1, 3) == game_seeds(1, 3)
True
>>> len(set(game_seeds(1, 100)))
100
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.random.bit_generator import ISeedSequence

#: The largest seed (1,024 bits, 309 digits): far more than a fresh seed's 64 bits, and a
#: number every log writes and reads (a seed of thousands of digits could not be saved).
MAX_SEED = 2**1024 - 1


def check_seed(seed: object, where: str = "seed") -> int:
    """Return ``seed`` as a whole number from 0 to :data:`MAX_SEED`, or raise a clear error."""
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= seed <= MAX_SEED:
        from bluffkit.core.errors import RulesError, quote

        raise RulesError(f"{where} must be a whole number from 0 to 2**1024 - 1, got {quote(seed)}"[:200])
    return int(seed)


#: How many bits a fresh seed has. A player who sees their own hand could try every seed
#: until one deals it, and then know every other hand and every draw to come: at 10**9
#: seeds (30 bits) that took some 17 hours of one core; at 64 bits it is out of reach.
FRESH_SEED_BITS = 64


def fresh_seed() -> int:
    """A new seed of :data:`FRESH_SEED_BITS` bits from the operating system's entropy: the
    deal of a table made without a seed, which nobody can know from an earlier run, nor
    find again from their own hand by trying every seed. The session keeps it, so the
    game can still be saved and replayed (``--seed`` takes it back: a seed is at most :data:`MAX_SEED`)."""
    import secrets
    return secrets.randbits(FRESH_SEED_BITS)


class GameSeeds(Sequence):
    """The seeds of ``count`` games played under one top-level ``seed``, each worked out
    when asked for, so a run of a billion games starts at once.

    >>> seeds = game_seeds(1, 10**9)
    >>> len(seeds), seeds[3] == game_seeds(1, 4)[3], list(game_seeds(1, 3)) == [seeds[0], seeds[1], seeds[2]]
    (1000000000, True, True)
    """

    __slots__ = ("seed", "count", "_mixed")
    seed: int
    count: int  # type: ignore[assignment]  # the slot shadows Sequence.count (the number of seeds)

    def __init__(self, seed: int, count: int):
        self.seed, self.count = check_seed(seed), count
        self._mixed = _mixed_pool(_words(self.seed))      # (what every game's seed shares, mixed once)

    def __len__(self) -> int:
        return self.count

    def __eq__(self, other) -> bool:
        if isinstance(other, GameSeeds):
            return (self.seed, self.count) == (other.seed, other.count)
        return isinstance(other, (list, tuple)) and len(other) == self.count and list(self) == list(other)

    def __hash__(self) -> int:
        return hash((GameSeeds, self.seed, self.count))

    def __repr__(self) -> str:
        return f"game_seeds({self.seed}, {self.count})"

    def __getitem__(self, i):                      # type: ignore[override]
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(self.count))]
        if i < 0:
            i += self.count
        if not 0 <= i < self.count:
            raise IndexError(f"game {i} of {self.count}")
        lo, hi = _state_words(_Child(self._mixed, i).pool, 2)   # SeedSequence(seed, spawn_key=(i,))'s
        return lo | hi << 32


def game_seeds(seed: int, count: int) -> GameSeeds:
    """The seeds of ``count`` games played under one top-level ``seed`` (game ``i`` is
    ``SeedSequence(seed, spawn_key=(i,))``), as a sequence worked out on demand."""
    return GameSeeds(seed, count)


def child_rngs(seed: int, count: int) -> list[np.random.Generator]:
    """``count`` independent generators for one game: index 0 is chance, then one per seat.

    Child ``i`` is ``SeedSequence(seed, spawn_key=(i,))``, the same child that
    ``SeedSequence(seed).spawn(count)[i]`` would give. Its seed words are worked out
    here (see :class:`_Child`), sharing the mixing of ``seed`` between the children,
    which is several times faster than building each SeedSequence; the streams are
    the same, bit for bit (tests compare them with numpy's). These generators cannot
    ``spawn()`` children of their own (numpy raises ``TypeError``); an agent that needs
    more streams derives them from numbers it draws."""
    pool = _mixed_pool(_words(check_seed(seed)))
    # _Child is a seed sequence by duck typing (numpy's ISeedSequence: generate_state), which PCG64 accepts
    return [np.random.Generator(np.random.PCG64(_Child(pool, i))) for i in range(count)]  # type: ignore[arg-type]


# numpy's SeedSequence (after M. E. O'Neill's seed_seq), for a pool of 4 words.
_M32 = 0xFFFFFFFF
_INIT_A, _MULT_A, _INIT_B, _MULT_B = 0x43B0D7E5, 0x931E8875, 0x8B51F9DD, 0x58F38DED
_MIX_L, _MIX_R = 0xCA01F9DD, 0x4973F715


def _words(n: int) -> list[int]:
    """An int as 32-bit words, the lowest first (0 is one word)."""
    out = [n & _M32]
    n >>= 32
    while n:
        out.append(n & _M32)
        n >>= 32
    return out


def _mixed_pool(entropy: list[int]) -> tuple[list[int], int]:
    """SeedSequence's pool after mixing in ``entropy`` (padded to the pool's 4 words, as
    numpy does when a spawn key follows), and the hash constant reached."""
    entropy = entropy + [0] * (4 - len(entropy))
    hc, pool = _INIT_A, []
    for w in entropy[:4]:
        w ^= hc
        hc = hc * _MULT_A & _M32
        w = w * hc & _M32
        pool.append(w ^ w >> 16)
    for src in range(4):
        for dst in range(4):
            if src != dst:
                hc = _mix(pool, dst, pool[src], hc)
    for w in entropy[4:]:
        for dst in range(4):
            hc = _mix(pool, dst, w, hc)
    return pool, hc


def _mix(pool: list[int], dst: int, value: int, hc: int) -> int:
    """Hash ``value`` and mix it into ``pool[dst]``; return the next hash constant."""
    value ^= hc
    hc = hc * _MULT_A & _M32
    value = value * hc & _M32
    value ^= value >> 16
    r = (_MIX_L * pool[dst] - _MIX_R * value) & _M32
    pool[dst] = r ^ r >> 16
    return hc


class _Child(ISeedSequence):
    """``SeedSequence(seed, spawn_key=(i,))`` for a bit generator: the seed's mixed pool
    with the spawn key mixed in, and numpy's ``generate_state``."""

    __slots__ = ("pool",)

    def __init__(self, mixed: tuple[list[int], int], i: int):
        pool, hc = mixed
        pool = list(pool)
        for w in _words(i):
            for dst in range(4):
                hc = _mix(pool, dst, w, hc)
        self.pool = pool

    def generate_state(self, n_words: int, dtype=np.uint32) -> np.ndarray:
        wide = dtype is np.uint64 or np.dtype(dtype) == np.uint64
        n = 2 * n_words if wide else n_words
        out = _state_words(self.pool, n)
        if wide:
            return np.array([out[j] | out[j + 1] << 32 for j in range(0, n, 2)], dtype=np.uint64)
        return np.array(out, dtype=np.uint32)


def _state_words(pool: list[int], n: int) -> list[int]:
    """numpy's ``SeedSequence.generate_state`` of a mixed pool: ``n`` 32-bit words, as ints."""
    hc, out = _INIT_B, []
    for k in range(n):
        w = pool[k & 3] ^ hc
        hc = hc * _MULT_B & _M32
        w = w * hc & _M32
        out.append(w ^ w >> 16)
    return out
