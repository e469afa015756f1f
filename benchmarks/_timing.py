"""The timing loop the engine benchmarks share: the same seeded games, several times."""

from __future__ import annotations

import time

from bluffkit.core.play import paused_gc, play


def measure_many(configs: dict, repeats: int, before=None) -> dict:
    """Time several configurations in turn, one repeat of each per round, so that a
    slow spell of the machine falls on all of them alike rather than on whichever ran
    then. ``configs`` maps a key to ``(game, seeds, make_agents)``: each repeat plays
    ``game`` from every seed, seating each game with ``make_agents()``; ``before()``
    (if given) runs before each repeat. Returns, per key, the median and best repeat's
    ``actions`` and ``games`` per second and the mean ``length`` (player actions per
    game)."""
    rates = {key: [] for key in configs}
    lengths = {}
    for _ in range(repeats):
        for key, (game, seeds, make_agents) in configs.items():
            if before is not None:
                before()
            actions = 0
            start = time.perf_counter()
            with paused_gc():               # as bluffkit simulate does
                for s in seeds:
                    actions += play(game, make_agents(), s).length
            elapsed = time.perf_counter() - start
            rates[key].append((actions / elapsed, len(seeds) / elapsed))
            lengths[key] = actions / len(seeds)
    out = {}
    for key, found in rates.items():
        found.sort()
        median = found[len(found) // 2]
        out[key] = {"median": median[0], "best": found[-1][0], "games": median[1], "length": lengths[key]}
    return out


def measure(game, seeds, make_agents, repeats: int, before=None) -> dict:
    """:func:`measure_many` for one configuration."""
    return measure_many({0: (game, seeds, make_agents)}, repeats, before)[0]
