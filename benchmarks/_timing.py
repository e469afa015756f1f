"""The timing loop the engine benchmarks share: the same seeded games, several times."""

from __future__ import annotations

import time

from bluffkit.core.play import paused_gc, play


def measure(game, seeds, make_agents, repeats: int, before=None) -> dict:
    """Play ``game`` from every seed ``repeats`` times, with ``make_agents()`` seating each
    game and ``before()`` (if given) run before each repeat. Returns the median and best
    repeat's ``actions`` and ``games`` per second, and the mean ``length`` (player
    actions per game)."""
    rates = []
    actions = 0
    for _ in range(repeats):
        if before is not None:
            before()
        actions = 0
        start = time.perf_counter()
        with paused_gc():                   # as bluffkit simulate does
            for s in seeds:
                actions += play(game, make_agents(), s).length
        elapsed = time.perf_counter() - start
        rates.append((actions / elapsed, len(seeds) / elapsed))
    rates.sort()
    median = rates[len(rates) // 2]
    return {"median": median[0], "best": rates[-1][0], "games": median[1], "length": actions / len(seeds)}
