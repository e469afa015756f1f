"""The timing loop the engine benchmarks share: the same seeded games, several times."""

from __future__ import annotations

import argparse
import time

from bluffkit.core.play import paused_gc, play


def count(least: int = 1, most: int | None = None):
    """An ``argparse`` type: a whole number from ``least`` (to ``most``), so that a bad
    setting stops the benchmark with a usage message saying which, not a traceback."""
    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if n < least or (most is not None and n > most):
            within = f"at least {least}" if most is None else f"from {least} to {most}"
            raise argparse.ArgumentTypeError(f"{n} is out of range: it must be {within}")
        return n
    parse.__name__ = "count"          # (argparse names the type in its messages)
    return parse


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


# -- side by side: interleaved rounds, ratio of medians, the spread printed -----------------

def interleaved(runs: dict, rounds: int, warmup: int = 1) -> dict:
    """Time several callables side by side in one process: each round runs every one of
    ``runs`` (``key -> fn() -> units of work done``) once, in turn, so that a slow spell of
    a shared machine falls on all of them alike. ``warmup`` untimed rounds first. Returns
    ``key -> list of rates`` (units per second, one per round, in round order)."""
    rates: dict = {key: [] for key in runs}
    for r in range(warmup + rounds):
        for key, fn in runs.items():
            with paused_gc():
                start = time.perf_counter()
                done = fn()
                elapsed = time.perf_counter() - start
            if r >= warmup:
                rates[key].append(done / elapsed)
    return rates


def median(xs) -> float:
    s = sorted(xs)
    m = len(s) // 2
    return s[m] if len(s) % 2 else (s[m - 1] + s[m]) / 2


def spread(xs) -> str:
    """A figure's spread over the rounds: the lowest and highest round (one value alone
    when there is only one)."""
    if len(xs) == 1:
        return f"{xs[0]:,.3g}" if xs[0] < 100 else f"{xs[0]:,.0f}"
    return f"{min(xs):,.3g}..{max(xs):,.3g}" if min(xs) < 100 else f"{min(xs):,.0f}..{max(xs):,.0f}"


def ratios(ours, theirs) -> list:
    """Round-by-round ratios of two interleaved series (ours / theirs)."""
    return [a / b for a, b in zip(ours, theirs)]


def result(name: str, figure: float, unit: str, rounds, bar: float | None, note: str = "",
           higher: bool = True, spread_of: str = "rounds") -> dict:
    """One figure for the summary table of ``benchmarks/run_all.py``: printed as a line
    ``RESULT {json}`` that run_all collects. ``rounds`` are the per-round values (the
    spread), or whatever other values the spread is taken over, named by ``spread_of``
    (the table shows it beside the spread); ``bar`` the figure to reach (at least; at most
    when ``higher`` is false), ``None`` when there is no bar."""
    import json

    met = None if bar is None else (figure >= bar if higher else figure <= bar)
    row = {"name": name, "figure": figure, "unit": unit, "spread": spread(rounds), "spread_of": spread_of,
           "bar": None if bar is None else ("" if higher else "<= ") + f"{bar:g}", "met": met, "note": note}
    print("RESULT " + json.dumps(row), flush=True)
    return row
