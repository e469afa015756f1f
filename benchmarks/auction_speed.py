"""Sealed-bid auction simulator speed: many auctions at once, on one core, side by side
with the least numpy that computes the same auctions.

    .venv/bin/python benchmarks/auction_speed.py [--auctions 100000] [--bidders 5] [--rounds 9]

Times :func:`bluffkit.analysis.auction_sim.simulate_sealed` from the seed to the finished
frame (values drawn, equilibrium bids, winners with random tie breaks, prices, the
auctioneer's value and every column of the frame), for first- and second-price auctions,
and beside it :func:`minimal`: plain numpy drawing the same values (U[0, 1]), bidding the
equilibrium ((n - 1)/n of the value; second price: the value), taking the winner (argmax,
ties broken at random) and the price, and nothing else. The two take turns, one round of
each at a time (``--rounds`` after one warm-up), in this process; the figure is the ratio
of the medians (minimal's time / simulate_sealed's), with the lowest and highest per-round
ratio beside it.

The bars: ``simulate_sealed`` at least 0.8x the minimal computation (first price, the
issue's bar; second price printed too), and 100,000 auctions of 5 bidders in under one
second (scaled to ``--auctions``).
"""

from __future__ import annotations

import argparse

import numpy as np
from _timing import count, interleaved, median, ratios, result, spread

from bluffkit.analysis.auction_sim import simulate_sealed

RATIO_BAR = 0.8
BAR = 1.0           # seconds per 100,000 auctions


def minimal(n: int, m: int, fmt: str, seed: int):
    """The same auctions in the fewest numpy steps: winners and prices."""
    rng = np.random.default_rng(seed)
    values = rng.random((m, n))
    bids = values * ((n - 1) / n) if fmt == "first" else values
    winner = bids.argmax(axis=1)
    rows = np.arange(m)
    top = bids[rows, winner]
    tied = np.flatnonzero((bids == top[:, None]).sum(axis=1) > 1)
    if tied.size:                                  # random tie break among the top bids
        r = rng.random((tied.size, n))
        r[bids[tied] != top[tied, None]] = -1.0
        winner[tied] = r.argmax(axis=1)
    price = top if fmt == "first" else np.partition(bids, n - 2, axis=1)[:, n - 2]
    return winner, price


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--auctions", type=count(), default=100_000)
    p.add_argument("--bidders", type=count(2), default=5)
    p.add_argument("--rounds", type=count(), default=9)
    args = p.parse_args(argv)
    n, m = args.bidders, args.auctions
    simulate_sealed(n, 1000, seed=0)                      # warm up imports and caches
    bar = BAR * m / 100_000
    print(f"simulate_sealed vs minimal numpy: {m:,} auctions of {n} bidders, {args.rounds} rounds each, in turn")
    print(f"{'format':>8s} {'simulate_sealed s':>18s} {'minimal s':>10s} {'ratio':>6s} {'rounds (low..high)':>19s}")
    for fmt in ("first", "second"):
        seeds = iter(range(10 ** 6))
        rates = interleaved({"bluffkit": lambda fmt=fmt, seeds=seeds: simulate_sealed(n, m, fmt=fmt, seed=next(seeds))
                             is not None,
                             "minimal": lambda fmt=fmt, seeds=seeds: minimal(n, m, fmt, next(seeds)) is not None},
                            args.rounds)
        rs = ratios(rates["bluffkit"], rates["minimal"])
        ours, theirs = 1 / median(rates["bluffkit"]), 1 / median(rates["minimal"])
        r = median(rates["bluffkit"]) / median(rates["minimal"])          # the ratio of the medians
        print(f"{fmt + '-price':>8s} {ours:18.4f} {theirs:10.4f} {r:6.2f} {spread(rs):>19s}")
        result(f"simulate_sealed vs minimal numpy, {fmt} price ({n} bidders, {m:,} auctions)", r, "x", rs,
               RATIO_BAR if fmt == "first" else None,
               f"{ours * 1000:.1f} ms vs {theirs * 1000:.1f} ms" + ("" if fmt == "first" else "; the bar is on first price"))
        times = [1 / x for x in rates["bluffkit"]]
        result(f"simulate_sealed {m:,} auctions, {fmt} price", ours, "s", times, bar, "lower is better",
               higher=False)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
