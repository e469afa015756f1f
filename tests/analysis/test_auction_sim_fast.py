"""The fast simulator (bluffkit.analysis.auction_sim) gives the frame the plain numpy
computation gives: every column equal, for the same seeds, with ties, mixed strategies,
other value laws, the right of first refusal and any chunk size.

The reference below is the simulator written the obvious way (one array for all
auctions, numpy's reductions over the bidder axis, uniform values drawn with
``rng.uniform``), kept here as the definition of the numbers.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from bluffkit.analysis import auction_sim as sim
from bluffkit.analysis.auction_sim import COLUMNS, first_price_equilibrium, simulate_sealed


def reference(n, m, *, fmt="first", strategy="equilibrium", shade=None, values="uniform",
              right_of_first_refusal=False, seed=0):
    kinds, shades, names = sim._strategies(strategy, shade, n)
    _, draw, bounds = sim.value_law(values)
    if bounds is not None:
        lo, hi = bounds
        draw = lambda rng, shape: rng.uniform(lo, hi, shape)            # noqa: E731
    streams = np.random.SeedSequence(seed).spawn(4)
    rv, ra, rt = (np.random.default_rng(s) for s in streams[:3])
    if fmt == "first":
        if bounds is not None:
            eq = lambda v: v - (v - bounds[0]) / n                        # noqa: E731
        else:
            eq = first_price_equilibrium(n, values, seed=int(streams[3].generate_state(1, dtype=np.uint32)[0]))
    else:
        eq = lambda v: v                                                  # noqa: E731
    vals = draw(rv, (m, n))
    bids = vals * (1.0 - shades)
    cols = [j for j, k in enumerate(kinds) if k == "equilibrium"] if fmt == "first" else []
    if cols:
        bids[:, cols] = eq(vals[:, cols])
    v0 = ra.uniform(0.0, 1.0, m)
    win = bids.argmax(axis=1)
    rows = np.arange(m)
    top = bids[rows, win]
    at_top = bids == top[:, None]
    tied = np.flatnonzero(at_top.sum(axis=1) > 1)
    if tied.size:
        r = rt.random((tied.size, n))
        r[~at_top[tied]] = -1.0
        win[tied] = r.argmax(axis=1)
    value, bid = vals[rows, win], bids[rows, win]
    price = bid if fmt == "first" else np.partition(bids, n - 2, axis=1)[:, n - 2]
    refused = v0 - price > price if right_of_first_refusal else np.zeros(m, dtype=bool)
    label = sim.format_label(fmt)
    return pd.DataFrame({
        "auction": rows, "format": label, "n": n, "strategy": names[0] if len(set(names)) == 1 else ", ".join(names),
        "right": right_of_first_refusal, "winner": win, "winning_value": value, "highest_value": vals.max(axis=1),
        "winning_bid": bid, "price": price, "revenue": np.where(refused, -price, price),
        "winner_surplus": np.where(refused, price, value - price), "efficient": value >= vals.max(axis=1),
        "auctioneer_value": v0, "refused": refused, "auctioneer_payoff": np.where(refused, v0 - price, price)},
        columns=COLUMNS)


def integers(rng, shape):
    """Values 0, 1 or 2: ties at the top in most auctions."""
    return rng.integers(0, 3, shape).astype(float)


CASES = [
    dict(n=5, m=30_000, fmt="first", seed=1),
    dict(n=5, m=30_000, fmt="second", strategy="truthful", seed=2),
    dict(n=3, m=5_000, fmt="first", right_of_first_refusal=True, seed=3),
    dict(n=3, m=5_000, fmt="second", right_of_first_refusal=True, seed=3),
    dict(n=4, m=3_000, fmt="first", strategy=["truthful", "shade", "equilibrium", "equilibrium"],
         shade=[None, 0.3, None, None], seed=4),
    dict(n=4, m=3_000, fmt="first", values="uniform(2, 5)", seed=5),
    dict(n=4, m=3_000, fmt="first", values="beta(2, 5)", seed=5),
    dict(n=3, m=3_000, fmt="second", values=integers, seed=6),
    dict(n=3, m=3_000, fmt="first", strategy="truthful", values=integers, seed=6),
    dict(n=2, m=1, fmt="first", seed=7),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['fmt']}-{c['n']}-{c['seed']}")
@pytest.mark.parametrize("chunk_size", [None, 1, 77, 10 ** 6])
def test_the_frame_is_the_plain_computations(case, chunk_size):
    c = dict(case)
    n, m = c.pop("n"), c.pop("m")
    if chunk_size == 1:
        m = min(m, 300)                             # one auction at a time: keep the test fast
    got = simulate_sealed(n, m, chunk_size=chunk_size, **c)
    want = reference(n, m, **c)
    assert list(got.columns) == COLUMNS and (got.dtypes == want.dtypes).all()
    for col in COLUMNS:
        assert got[col].equals(want[col]), f"column {col} differs"
    if c.get("values") is integers:
        assert (want["winner"] != reference(n, m, **{**c, "seed": c["seed"] + 1})["winner"]).any()


def test_the_columns_are_their_own_arrays():
    """A column written to does not change another (no two share memory)."""
    df = simulate_sealed(4, 500, seed=1)
    before = df.copy()
    df.loc[0, "price"] = -1.0
    df.loc[1, "winning_bid"] = -2.0
    for col in ("winning_bid", "revenue", "auctioneer_payoff", "winning_value"):
        assert df[col].iloc[0] == before[col].iloc[0]
    assert df["price"].iloc[1] == before["price"].iloc[1]


def test_the_closed_form_equilibrium_is_the_formula():
    rng = np.random.default_rng(0)
    v = rng.random(1000)
    for n, lo in ((2, 0.0), (5, 0.0), (4, 2.0)):
        b = first_price_equilibrium(n, "uniform" if lo == 0 else f"uniform({lo}, {lo + 3})")
        x = v * 3 + lo if lo else v
        assert np.array_equal(b(x), x - (x - lo) / n)
        assert b(0.5 + lo) == (0.5 + lo) - 0.5 / n and isinstance(b(0.5 + lo), float)
        assert np.array_equal(b(x.reshape(100, 10)), (x - (x - lo) / n).reshape(100, 10))
        assert np.array_equal(x, v * 3 + lo if lo else v), "the values are not changed"


def test_uniform_values_are_numpys_uniform_draws():
    _, draw, _ = sim.value_law("uniform")
    assert np.array_equal(draw(np.random.default_rng(4), (50, 3)),
                          np.random.default_rng(4).uniform(0.0, 1.0, (50, 3)))


def test_the_helpers_are_numpys_reductions():
    rng = np.random.default_rng(1)
    for shape in ((1, 2), (100, 5), (37, 9)):
        b = rng.integers(0, 4, shape).astype(float)
        win = b.argmax(axis=1)
        assert np.array_equal(sim._column_max(b, np.empty(shape[0])), b.max(axis=1))
        n = shape[1]
        assert np.array_equal(sim._second_highest(b, win, np.empty(shape[0])),
                              np.partition(b, n - 2, axis=1)[:, n - 2])
