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

import numpy as np


def _to_int(seq: np.random.SeedSequence) -> int:
    lo, hi = seq.generate_state(2, dtype=np.uint32)
    return int(lo) | (int(hi) << 32)


def check_seed(seed: object, where: str = "seed") -> int:
    """Return ``seed`` as a non-negative int, or raise a clear error."""
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        from bluffkit.core.errors import RulesError

        raise RulesError(f"{where} must be a non-negative integer, got {seed!r}")
    return int(seed)


def game_seeds(seed: int, count: int) -> list[int]:
    """The seeds of ``count`` games played under one top-level ``seed``."""
    seed = check_seed(seed)
    return [_to_int(np.random.SeedSequence(seed, spawn_key=(i,))) for i in range(count)]


def child_rngs(seed: int, count: int) -> list[np.random.Generator]:
    """``count`` independent generators for one game: index 0 is chance, then one per seat.

    Child ``i`` is ``SeedSequence(seed, spawn_key=(i,))``, the same child that
    ``SeedSequence(seed).spawn(count)[i]`` would give, built directly (faster)."""
    seed = check_seed(seed)
    return [np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed, spawn_key=(i,))))
            for i in range(count)]
