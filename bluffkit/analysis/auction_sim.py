"""Sealed-bid auctions by the million: a vectorized, seeded Monte Carlo, as tidy frames.

Each simulated auction sells one lot to ``n`` bidders with independent private values drawn
from one law (U[0, 1] by default). Every bidder submits one sealed bid; the highest bid wins
and ties are broken uniformly at random. The winner pays their own bid (``fmt="first"``,
"Secret Value" in the Bidder Up! booklet) or the second-highest bid (``fmt="second"``,
"Second Hand"). Strategies, per bidder or for all:

* ``"truthful"``: bid one's value;
* ``"shade"``: bid (1 - shade) x value, ``shade`` in [0, 1];
* ``"equilibrium"``: the symmetric risk-neutral equilibrium for the value law. Second-price:
  the value. First-price: b(v) = v - (integral of F^(n-1) from the bottom of the support to
  v) / F(v)^(n-1), which is (n-1)/n v for U[0, 1] (:mod:`bluffkit.analysis.auction_theory`
  derives it), v - (v - lo)/n for U[lo, hi], and for other laws is computed from a sample of
  131,072 values drawn from the law (exact for that sample's empirical distribution).

**The right of first refusal** (booklet, "Winning bid awarded?"): with
``right_of_first_refusal=True`` the auctioneer, whose own value for the lot is drawn from
``auctioneer_values``, keeps the lot and pays the winner the price when that pays better,
that is when v0 - price > price. Bidders do not change their bids because of the right.

**Randomness.** One seed gives four independent streams (:class:`numpy.random.SeedSequence`
children): bidder values, auctioneer values, tie breaks and the equilibrium sample. So runs
with the same seed see the *same* values whatever the format, strategy or right (paired
comparisons), and the result does not depend on ``chunk_size``. Auctions are simulated in
chunks so the working memory stays bounded; only the result columns grow with ``n_auctions``.

The frame of :func:`simulate_sealed` has one row per auction (see :data:`COLUMNS`):

``auction`` its number; ``format`` "first-price" or "second-price"; ``n`` bidders;
``strategy`` a label of the strategies; ``right`` whether the auctioneer had the right of
first refusal; ``winner`` the index of the winning bidder (0 = first); ``winning_value`` and
``winning_bid`` the winner's; ``highest_value`` the highest value of any bidder; ``price``
the price the sale was awarded at; ``revenue`` the money the auctioneer receives (the price
when sold, minus the price when the right is used); ``winner_surplus`` value - price when
sold, the price when refused (losers' surplus is 0); ``efficient`` whether the winner has the
highest value; ``auctioneer_value`` v0 (drawn even without the right); ``refused`` whether
the right was used; ``auctioneer_payoff`` the revenue, plus v0 when the lot is kept.

>>> df = simulate_sealed(5, 1000, fmt="second", seed=1)
>>> df.shape, bool(df["efficient"].all()), bool((df["price"] <= df["winning_bid"]).all())
((1000, 16), True, True)
>>> what_if_sweep([0.9, 0.6, 0.3], [0.6, 0.4, 0.2], bidder=1, fmt="second", xs=[0.5, 0.7])[["x", "winner", "price"]]
     x  winner  price
0  0.5       0    0.5
1  0.7       1    0.6
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from numbers import Real
from typing import TYPE_CHECKING

import numpy as np

from bluffkit.core.errors import check_frame, check_whole, quote
from bluffkit.core.seeding import check_seed

if TYPE_CHECKING:
    import pandas as pd

FORMATS = {"first": "first-price", "second": "second-price"}
STRATEGIES = ("equilibrium", "truthful", "shade")
COLUMNS = ["auction", "format", "n", "strategy", "right", "winner", "winning_value", "highest_value", "winning_bid",
           "price", "revenue", "winner_surplus", "efficient", "auctioneer_value", "refused", "auctioneer_payoff"]
BID_COLUMNS = ["auction", "format", "n", "bidder", "strategy", "value", "bid", "equilibrium_bid", "won"]
SWEEP_COLUMNS = ["format", "bidder", "value", "actual_bid", "x", "winner", "tied", "win_share", "price", "surplus"]
EQUILIBRIUM_SAMPLE = 2 ** 17
#: Values per chunk of auctions by default: a chunk's arrays stay in the processor's cache,
#: and the results do not depend on it (see :func:`simulate_sealed`).
CHUNK_VALUES = 2 ** 16
_GROUPS = ("format", "n", "strategy", "right")
Draw = Callable[[np.random.Generator, tuple[int, ...]], np.ndarray]


def format_label(fmt: str) -> str:
    """``"first"`` -> ``"first-price"``, ``"second"`` -> ``"second-price"`` (labels pass through)."""
    if isinstance(fmt, str):
        if fmt in FORMATS:
            return FORMATS[fmt]
        if fmt in FORMATS.values():
            return fmt
    raise ValueError(f"fmt (the auction format) must be 'first' or 'second', got {fmt!r}")


_count = check_whole          # a count: a whole number (numpy's too) of at least ``low``


# -- value laws -------------------------------------------------------------------------------

_LAW = re.compile(r"^\s*(uniform|beta)\s*(?:\(\s*([^,()]+?)\s*,\s*([^,()]+?)\s*\))?\s*$")


#: The largest beta parameters and uniform bounds a value law takes: numpy draws all zeros
#: from beta(1e308, 1e308), and hi - lo overflows for uniform(-1e308, 1e308).
MAX_BETA = 1e6
MAX_UNIFORM = 1e12


def value_law(values: str | Draw, what: str = "values") -> tuple[str, Draw, tuple[float, float] | None]:
    """Read a value law: ``"uniform"`` (U[0, 1]), ``"uniform(lo, hi)"``, ``"beta(a, b)"`` or a
    callable ``draw(rng, shape) -> array``. Returns its name, a draw function and, for a uniform
    law, its bounds.

    >>> value_law("beta(2, 5)")[0], value_law("uniform")[2]
    ('beta(2, 5)', (0.0, 1.0))
    """
    if callable(values):
        def draw(rng: np.random.Generator, shape: tuple[int, ...]) -> np.ndarray:
            drawn = values(rng, shape)
            try:
                # numbers only: text that reads as one ("0.5") is text, and True is no value
                # (a list is read element by element: numpy makes [0.5, True] two floats)
                raw = drawn if isinstance(drawn, np.ndarray) else np.asarray(drawn, dtype=object)
                numbers = raw.dtype.kind in "iuf" or (raw.dtype.kind == "O" and all(
                    isinstance(x, Real) and not isinstance(x, bool) for x in raw.flat))
                out = raw.astype(float) if numbers else None
            except (TypeError, ValueError):     # no array at all, or a ragged one
                out = None
            if out is None:
                raise ValueError(f"{what}: the callable must return an array of numbers, got "
                                 f"{type(drawn).__name__} {str(drawn)[:60]!r}") from None
            if out.shape != shape:
                raise ValueError(f"{what}: the callable must return an array of the shape it is asked for, "
                                 f"{shape}, got shape {out.shape}")
            if not np.isfinite(out).all():
                bad = out[~np.isfinite(out)].flat[0]
                raise ValueError(f"{what}: the callable must return finite numbers, got {bad}")
            return out
        return getattr(values, "__name__", "custom"), draw, None
    m = _LAW.match(values) if isinstance(values, str) else None
    try:
        a, b = (float(m.group(2)), float(m.group(3))) if m and m.group(2) else (None, None)
    except ValueError:
        m = None
    if m is None or (m.group(1) == "beta" and a is None):
        raise ValueError(f"{what} must be 'uniform', 'uniform(lo, hi)', 'beta(a, b)' or a callable "
                         f"draw(rng, shape), got {values!r}")
    if m.group(1) == "beta":
        if a is None or b is None or not (0 < a <= MAX_BETA and 0 < b <= MAX_BETA):   # (nan and inf fail)
            raise ValueError(f"{what}: beta(a, b) needs 0 < a, b <= {MAX_BETA:g} (numpy's draws fail beyond), "
                             f"got {values!r}")
        return f"beta({a:g}, {b:g})", lambda rng, shape: rng.beta(a, b, shape), None
    lo, hi = (0.0, 1.0) if a is None or b is None else (a, b)     # a and b are set together
    if not (-MAX_UNIFORM <= lo < hi <= MAX_UNIFORM):                 # (nan and inf fail)
        raise ValueError(f"{what}: uniform(lo, hi) needs lo < hi, each within ±{MAX_UNIFORM:g}, got {values!r}")
    if (lo, hi) == (0.0, 1.0):           # rng.uniform(0, 1) computes 0 + 1 * x: the same numbers, one pass less
        return "uniform", lambda rng, shape: rng.random(shape), (lo, hi)
    return f"uniform({lo:g}, {hi:g})", lambda rng, shape: rng.uniform(lo, hi, shape), (lo, hi)


def first_price_equilibrium(n: int, values: str | Draw = "uniform", *, seed: int | None = None) -> Callable:
    """The symmetric first-price equilibrium bid function for ``n`` bidders with values from ``values``.

    b(v) = v - (integral of F^(n-1) up to v) / F(v)^(n-1): closed form for uniform laws,
    otherwise exact for the empirical law of :data:`EQUILIBRIUM_SAMPLE` seeded draws (meant
    for continuous laws: with ties among values it is not an equilibrium).

    >>> b = first_price_equilibrium(4)
    >>> [round(float(x), 6) for x in b(np.array([0.0, 0.5, 1.0]))]
    [0.0, 0.375, 0.75]
    """
    n = _count(n, "n_bidders", 2)
    _, draw, bounds = value_law(values)
    if bounds is not None:
        lo = bounds[0]

        def closed(v: np.ndarray) -> np.ndarray:
            """v - (v - lo) / n, computed in one new array (the same numbers)."""
            if not isinstance(v, np.ndarray) or v.ndim == 0 or v.dtype != np.float64:
                return v - (v - lo) / n
            out = np.subtract(v, lo) if lo else np.divide(v, n)
            if lo:
                out /= n
            return np.subtract(v, out, out=out)
        return closed
    rng = np.random.default_rng(np.random.SeedSequence(check_seed(seed) if seed is not None else None))
    s = np.sort(draw(rng, (EQUILIBRIUM_SAMPLE,)))
    level = (np.arange(1, s.size) / s.size) ** (n - 1)          # F^(n-1) on [s_k, s_k+1)
    area = np.concatenate([[0.0], np.cumsum(level * np.diff(s))])

    def bid(v: np.ndarray) -> np.ndarray:
        k = np.searchsorted(s, v, side="right")                 # sample points <= v
        below = k == 0
        k = np.maximum(k, 1)
        f = (k / s.size) ** (n - 1)
        return np.where(below, v, v - (area[k - 1] + f * (v - s[k - 1])) / f)
    return bid


# -- strategies -------------------------------------------------------------------------------

def _strategies(strategy: str | Sequence[str], shade: Real | Sequence | None, n: int
                ) -> tuple[tuple[str, ...], np.ndarray, list[str]]:
    """Per-bidder strategy names, shade fractions (0 where unused) and labels ("shade 0.2")."""
    if not isinstance(strategy, (str, Iterable)) or isinstance(strategy, bytes):
        raise ValueError(f"strategy must be one of {', '.join(map(repr, STRATEGIES))} or a list with one per "
                         f"bidder, got {quote(strategy)}")
    kinds = (strategy,) * n if isinstance(strategy, str) else tuple(strategy)
    if len(kinds) != n:
        raise ValueError(f"strategy: give one strategy or one per bidder ({n}), got {len(kinds)}")
    for k in kinds:
        if k not in STRATEGIES:
            raise ValueError(f"strategy must be one of {', '.join(map(repr, STRATEGIES))}, got {k!r}")
    one = shade is None or isinstance(shade, Real)
    if one and shade is not None and "shade" not in kinds:
        raise ValueError(f"shade is only used with strategy 'shade', got shade={shade!r} with strategy={strategy!r}")
    if not one and (isinstance(shade, (str, bytes)) or not hasattr(shade, "__iter__")):   # ("x" is no list of one)
        raise ValueError(f"shade: one number in [0, 1] or one per bidder ({n}), got {shade!r}"[:200])
    shades = (shade,) * n if shade is None or isinstance(shade, Real) else tuple(shade)     # (one)
    if len(shades) != n:
        raise ValueError(f"shade: give one number or one per bidder ({n}), got {len(shades)}")
    out = np.zeros(n)
    for j, (k, s) in enumerate(zip(kinds, shades)):
        if k != "shade":
            if s is not None and not one:
                raise ValueError(f"shade is only used with strategy 'shade'; bidder {j} plays {k!r} "
                                 f"but was given shade={s!r}")
        elif s is None or isinstance(s, bool) or not isinstance(s, Real) or not 0 <= s <= 1:  # type: ignore[operator]  # a Real compares; numbers.Real does not say so
            raise ValueError(f"shade must be a number in [0, 1] for strategy 'shade', got {s!r}")
        else:
            out[j] = float(s)
    return kinds, out, [f"shade {out[j]:g}" if k == "shade" else k for j, k in enumerate(kinds)]


def _bid(vals: np.ndarray, kinds: tuple[str, ...], shades: np.ndarray, fmt: str, eq: Callable) -> np.ndarray:
    eq_cols = [j for j, k in enumerate(kinds) if k == "equilibrium"] if fmt == "first" else []
    if len(eq_cols) == len(kinds):
        return eq(vals)
    if not eq_cols and not shades.any():
        return vals                               # truthful: the bids are the values (not changed after)
    bids = vals * (1.0 - shades) if shades.any() else vals.copy()
    if eq_cols:
        bids[:, eq_cols] = eq(vals[:, eq_cols])
    return bids


def _winners(bids: np.ndarray, tie_rng: np.random.Generator) -> np.ndarray:
    """The index of the highest bid in each row; ties broken uniformly at random."""
    winner = bids.argmax(axis=1)
    m, n = bids.shape
    top = bids.ravel()[np.arange(0, m * n, n) + winner]
    at_top = bids == top[:, None]
    if np.count_nonzero(at_top) == m:          # no row has two bids at its top: nothing to break
        return winner
    tied = np.flatnonzero(at_top.sum(axis=1) > 1)
    if tied.size:
        r = tie_rng.random((tied.size, bids.shape[1]))
        r[~at_top[tied]] = -1.0
        winner[tied] = r.argmax(axis=1)
    return winner


class _Setup:
    """A validated simulation setting and its four random streams."""

    def __init__(self, n_bidders, fmt, strategy, shade, values, auctioneer_values, seed):
        self.n = _count(n_bidders, "n_bidders", 2)
        if self.n > MAX_BIDDERS:          # one auction's values, bids and strategies are held at once
            raise ValueError(f"n_bidders: at most {MAX_BIDDERS:,} bidders an auction, got {self.n:,}")
        self.label = format_label(fmt)
        self.fmt = self.label.split("-")[0]
        self.kinds, self.shades, self.names = _strategies(strategy, shade, self.n)
        self.strategy = self.names[0] if len(set(self.names)) == 1 else ", ".join(self.names)
        _, self.draw, _ = value_law(values)
        _, self.draw0, _ = value_law(auctioneer_values, "auctioneer_values")
        root = np.random.SeedSequence(check_seed(seed) if seed is not None else None)
        streams = root.spawn(4)
        self.rng_values, self.rng_auctioneer, self.rng_ties = (np.random.default_rng(s) for s in streams[:3])
        if self.fmt == "first":
            eq_seed = int(streams[3].generate_state(1, dtype=np.uint32)[0])
            self.eq = first_price_equilibrium(self.n, values, seed=eq_seed)
        else:
            self.eq = lambda v: v                                 # truthful bidding is dominant

    def chunk(self, m: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """``m`` auctions: values (m, n), bids (m, n), winners (m,), auctioneer values (m,)."""
        vals = self.draw(self.rng_values, (m, self.n))
        bids = _bid(vals, self.kinds, self.shades, self.fmt, self.eq)
        v0 = self.draw0(self.rng_auctioneer, (m,))
        return vals, bids, _winners(bids, self.rng_ties), v0


# -- simulation -------------------------------------------------------------------------------

#: The most auctions :func:`simulate_sealed` returns in one frame.
MAX_AUCTIONS = 100_000_000
#: The most bidders an auction of :func:`simulate_sealed` and :func:`bids_sample` takes (a chunk
#: holds at least one whole auction).
MAX_BIDDERS = 100_000
#: The most values (bidders times auctions) one call of :func:`simulate_sealed` draws: some
#: minutes of work.
MAX_SEALED_VALUES = 2_000_000_000
#: The most rows (bidders times auctions) :func:`bids_sample` returns: it is not chunked, and
#: a row takes some 70 bytes and more while it is built.
MAX_BID_ROWS = 10_000_000


def simulate_sealed(n_bidders: int, n_auctions: int, *, fmt: str = "first",
                    strategy: str | Sequence[str] = "equilibrium", shade: Real | Sequence | None = None,
                    values: str | Draw = "uniform", right_of_first_refusal: bool = False,
                    auctioneer_values: str | Draw = "uniform", seed: int | None = None,
                    progress: bool = False, chunk_size: int | None = None) -> pd.DataFrame:
    """Simulate ``n_auctions`` sealed-bid auctions of ``n_bidders``; one row per auction (:data:`COLUMNS`).

    ``strategy`` is one name for every bidder or one per bidder; ``shade`` one fraction or one
    per bidder (``None`` for bidders who do not shade). ``n_bidders`` is 2 to :data:`MAX_BIDDERS`
    (100,000), ``n_auctions`` 1 to :data:`MAX_AUCTIONS` (100,000,000), and the two multiplied at most
    :data:`MAX_SEALED_VALUES` (2,000,000,000). ``chunk_size`` auctions are simulated at
    a time (default: :data:`CHUNK_VALUES` values per chunk); ``progress=True`` shows a bar counting the
    auctions, moved on a chunk at a time.

    >>> df = simulate_sealed(3, 1000, fmt="first", seed=7)
    >>> df.equals(simulate_sealed(3, 1000, fmt="first", seed=7, chunk_size=64))
    True
    >>> bool(np.allclose(df["price"], 2 / 3 * df["winning_value"]))
    True
    """
    import pandas as pd
    from tqdm.auto import tqdm

    s = _Setup(n_bidders, fmt, strategy, shade, values, auctioneer_values, seed)
    total = _count(n_auctions, "n_auctions", 1)
    if total > MAX_AUCTIONS:          # the result columns alone take 48 bytes an auction
        raise ValueError(f"n_auctions: at most {MAX_AUCTIONS:,} in one call (its result columns take "
                         f"{MAX_AUCTIONS * 48 / 1e9:.1f} GB); run more calls with other seeds, got {total:,}")
    if s.n * total > MAX_SEALED_VALUES:
        raise ValueError(f"n_auctions: at most {MAX_SEALED_VALUES // s.n:,} auctions of {s.n:,} bidders in one call "
                         f"({MAX_SEALED_VALUES:,} values, some minutes of work); run more calls with other seeds, "
                         f"got {total:,}")
    if not isinstance(right_of_first_refusal, (bool, np.bool_)):
        raise ValueError(f"right_of_first_refusal must be True or False, got {right_of_first_refusal!r}")
    if not isinstance(progress, (bool, np.bool_)):      # ("yes" or "no" would both show a bar)
        raise ValueError(f"progress must be True or False, got {progress!r}"[:200])
    size = max(1, CHUNK_VALUES // s.n) if chunk_size is None else _count(chunk_size, "chunk_size", 1)
    cols = {k: np.empty(total) for k in ("winning_value", "highest_value", "winning_bid", "price", "auctioneer_value")}
    cols["winner"] = np.empty(total, dtype=np.int64)
    flat = np.arange(0, min(size, total) * s.n, s.n)      # where each auction's row starts in a flat chunk
    with tqdm(total=total, disable=not progress, desc=f"{s.label} auctions", unit="auction",
              smoothing=0) as bar:     # (the rate of the whole run, as core.play.progress_bar)
        for start in range(0, total, size):
            m = min(size, total - start)
            vals, bids, win, v0 = s.chunk(m)
            part = slice(start, start + m)
            cols["winner"][part] = win
            at = np.add(flat[:m], win, out=win)              # the winner's place in the flat (m, n) arrays
            won = np.take(bids.ravel(), at, out=cols["winning_bid"][part])
            np.take(vals.ravel(), at, out=cols["winning_value"][part])
            _column_max(vals, cols["highest_value"][part])
            if s.fmt == "first":
                cols["price"][part] = won
            else:
                _second_highest(bids, cols["winner"][part], cols["price"][part])
            cols["auctioneer_value"][part] = v0
            bar.update(m)
    price, v0, value = cols["price"], cols["auctioneer_value"], cols["winning_value"]
    if right_of_first_refusal:
        refused = v0 - price > price
        revenue = np.where(refused, -price, price)
        surplus = np.where(refused, price, value - price)
        payoff = np.where(refused, v0 - price, price)
    else:                                                 # (the same columns, without the where)
        refused = np.zeros(total, dtype=bool)
        revenue, surplus, payoff = price.copy(), value - price, price.copy()
    return pd.DataFrame({
        "auction": np.arange(total), "format": _text_column(s.label, total), "n": s.n,
        "strategy": _text_column(s.strategy, total), "right": bool(right_of_first_refusal),
        "winner": cols["winner"], "winning_value": value, "highest_value": cols["highest_value"],
        "winning_bid": cols["winning_bid"], "price": price, "revenue": revenue, "winner_surplus": surplus,
        "efficient": value >= cols["highest_value"], "auctioneer_value": v0, "refused": refused,
        "auctioneer_payoff": payoff}, columns=COLUMNS, copy=False)


#: Up to this many bidders, a row's maximum is taken a column at a time (numpy's reduction
#: over a short axis is slow); past it, by numpy's reduction (a Python loop over 100,000
#: bidders took 0.12 to 0.3 s an auction for the highest bid and 0.3 to 0.6 s for the second
#: highest, on 6 December).
NARROW = 32


def _column_max(a: np.ndarray, out: np.ndarray) -> np.ndarray:
    """``a.max(axis=1)`` into ``out``: for a short second axis a column at a time (the same
    numbers, without numpy's slow reduction over a short axis)."""
    if a.shape[1] > NARROW:
        return np.max(a, axis=1, out=out)
    out[:] = a[:, 0]
    for j in range(1, a.shape[1]):
        np.maximum(out, a[:, j], out=out)
    return out


def _second_highest(bids: np.ndarray, win: np.ndarray, out: np.ndarray) -> np.ndarray:
    """The second-highest bid of each row into ``out`` (a tie at the top counts twice): the
    highest of the bids but the winner's, as ``np.partition(bids, n - 2, axis=1)[:, n - 2]``
    gives."""
    n = bids.shape[1]
    if n > NARROW:
        out[:] = np.partition(bids, n - 2, axis=1)[:, n - 2]
        return out
    out.fill(-np.inf)
    for j in range(bids.shape[1]):
        np.maximum(out, bids[:, j], out=out, where=win != j)
    return out


_TEXT: dict = {}


def _text_column(text: str, size: int):
    """A frame column holding ``text`` ``size`` times, of the dtype pandas gives a text
    scalar, built at once when that dtype keeps its text in pyarrow (else the scalar,
    which pandas repeats)."""
    import pandas as pd

    dtype = _TEXT.get("dtype")
    if dtype is None:
        dtype = _TEXT["dtype"] = pd.Series(["x"]).dtype
    if getattr(dtype, "storage", None) != "pyarrow":
        return text
    import pyarrow as pa  # type: ignore[import-untyped]  # (no stubs; pandas' text dtype keeps it)

    return pd.arrays.ArrowStringArray(pa.repeat(pa.scalar(text, pa.large_string()), size), dtype=dtype)


def bids_sample(n_bidders: int, n_auctions: int = 100, *, fmt: str = "first",
                strategy: str | Sequence[str] = "equilibrium", shade: Real | Sequence | None = None,
                values: str | Draw = "uniform", seed: int | None = None) -> pd.DataFrame:
    """Bids against values: one row per bidder per auction (:data:`BID_COLUMNS`).

    With the same seed the values are those of the first ``n_auctions`` rows of
    :func:`simulate_sealed`. ``equilibrium_bid`` is the equilibrium bid at the bidder's value
    (the theory line), ``won`` whether the bidder won. ``n_bidders`` x ``n_auctions`` is at most
    :data:`MAX_BID_ROWS` (10,000,000 rows).

    >>> b = bids_sample(2, 1, seed=3)
    >>> b[["bidder", "value", "bid", "won"]].round(3)
       bidder  value    bid    won
    0       0  0.541  0.271   True
    1       1  0.379  0.189  False
    >>> bool(simulate_sealed(2, 1, seed=3)["highest_value"].item() == b["value"].max())
    True
    """
    import pandas as pd

    s = _Setup(n_bidders, fmt, strategy, shade, values, "uniform", seed)
    auctions = _count(n_auctions, "n_auctions", 1)
    if s.n * auctions > MAX_BID_ROWS:
        raise ValueError(f"n_auctions: at most {MAX_BID_ROWS // s.n:,} auctions of {s.n} bidders (a frame of at "
                         f"most {MAX_BID_ROWS:,} rows, one per bidder and auction), got {auctions:,}")
    vals, bids, win, _ = s.chunk(auctions)
    eq = s.eq(vals) if s.fmt == "first" else vals
    m = len(vals)
    return pd.DataFrame({
        "auction": np.repeat(np.arange(m), s.n), "format": s.label, "n": s.n,
        "bidder": np.tile(np.arange(s.n), m), "strategy": np.tile(np.array(s.names, dtype=object), m),
        "value": vals.ravel(), "bid": bids.ravel(), "equilibrium_bid": eq.ravel(),
        "won": (np.arange(s.n)[None, :] == win[:, None]).ravel()}, columns=BID_COLUMNS)


# -- summaries and the what-if sweep ----------------------------------------------------------

def _group_keys(df: pd.DataFrame, what: str) -> list[str]:
    """The columns of :data:`_GROUPS` that ``df`` has; a ValueError when it has none (pandas
    said ``No group keys passed!``)."""
    keys = [k for k in _GROUPS if k in df.columns]
    if not keys:
        raise ValueError(f"{what} takes the frame of simulate_sealed(...); this frame has none of the columns "
                         f"it groups by ({', '.join(map(repr, _GROUPS))})")
    return keys


def revenue_summary(df: pd.DataFrame, column: str = "revenue") -> pd.DataFrame:
    """Mean, standard deviation and standard error of the mean of ``column``, per format, n,
    strategy and right (those of them that are columns of ``df``). ``se`` is the sampling
    error of the auctions alone: for a value law other than the uniform ones, the fitted
    first-price equilibrium adds an error shared by the whole run (docs/auctions.md).

    ``df`` is a frame of :func:`simulate_sealed` (or one with ``column`` and at least one of
    ``format``, ``n``, ``strategy``, ``right``); ``column`` is the name (text) of one of its
    columns of numbers. Anything else is refused with a ValueError.

    >>> revenue_summary(simulate_sealed(2, 500, seed=1))[["format", "n", "auctions"]].values.tolist()
    [['first-price', 2, 500]]
    """
    check_frame(df, (), "revenue_summary", "simulate_sealed(...)")
    if not isinstance(column, str):
        raise ValueError(f"column must be the name (text) of a column of the frame, e.g. 'revenue', got {quote(column)}")
    if column not in df.columns:
        raise ValueError(f"column {column!r} is not in the frame (columns: {', '.join(map(str, df.columns))})")
    keys = _group_keys(df, "revenue_summary")
    # (here, not at the top: tournament imports the bots, which a sealed-bid simulation needs not)
    from bluffkit.core.errors import check_keys
    check_keys(df, keys, "revenue_summary")
    try:
        out = df.groupby(keys, sort=True)[column].agg(auctions="size", mean="mean", sd="std").reset_index()
    except TypeError:                            # (pandas: "dtype 'str' does not support operation 'mean'")
        raise ValueError(f"column {column!r} must hold numbers to average, it holds {df[column].dtype}") from None
    return out.assign(se=out["sd"] / np.sqrt(out["auctions"]), measure=column)


def efficiency_summary(df: pd.DataFrame) -> pd.DataFrame:
    """Per format, n, strategy and right: the share of auctions won by the highest value
    (``efficient``) with its standard error, the mean value lost by awarding the lot to a
    lower value (``value_lost``), and the share where the auctioneer used the right (``refused``).

    ``df`` is a frame of :func:`simulate_sealed`: it needs the columns ``efficient``,
    ``highest_value``, ``winning_value``, ``refused`` and at least one of ``format``, ``n``,
    ``strategy``, ``right``; anything else is refused with a ValueError. A frame of
    :func:`bluffkit.analysis.auction_lab.simulate_engine` may hold lots nobody bought
    (``winning_value`` NaN): they count as not efficient, and are left out of
    ``value_lost``'s mean (no winner's value to subtract), so its mean is over the lots sold.

    >>> efficiency_summary(simulate_sealed(3, 100, seed=1))[["efficient", "value_lost"]].values.tolist()
    [[1.0, 0.0]]
    """
    check_frame(df, ("efficient", "highest_value", "winning_value", "refused"), "efficiency_summary",
                "simulate_sealed(...)")
    keys = _group_keys(df, "efficiency_summary")
    from bluffkit.core.errors import check_keys
    check_keys(df, keys, "efficiency_summary")
    out = df.assign(value_lost=df["highest_value"] - df["winning_value"]).groupby(keys, sort=True).agg(
        auctions=("efficient", "size"), efficient=("efficient", "mean"), value_lost=("value_lost", "mean"),
        refused=("refused", "mean")).reset_index()
    p = out["efficient"]
    return out.assign(efficient_se=np.sqrt(p * (1 - p) / out["auctions"]))


def _numbers(x: object, name: str, example: str) -> np.ndarray:
    """``x`` as a float array when it is a list, tuple or array of real numbers (not text, not
    True/False), each within the range of a float (about ±1.8e308); else a ValueError saying so."""
    if isinstance(x, Real) and not isinstance(x, (bool, np.bool_)):
        x, ok = [x], True                        # one number: a sweep of one
    elif isinstance(x, np.ndarray):
        ok = x.dtype.kind in "iuf"
    elif isinstance(x, Iterable) and not isinstance(x, (str, bytes)):
        x = list(x)
        ok = all(isinstance(v, Real) and not isinstance(v, (bool, np.bool_)) for v in x)
    else:
        ok = False
    if not ok:
        raise ValueError(f"{name} must be a list of numbers, e.g. {example}, got {quote(x)}")
    try:
        return np.asarray(x, dtype=float)
    except OverflowError:                        # an int (or a Fraction) beyond a float's range: 10**400
        big = next((v for v in x if not _fits_float(v)), x) if isinstance(x, list) else x
        raise ValueError(f"{name}: {quote(big, 20)} is too large; the numbers must be within "
                         f"±{np.finfo(float).max:.3g}") from None


def _fits_float(v: Real) -> bool:
    try:
        float(v)
    except OverflowError:
        return False
    return True


def what_if_sweep(values: Sequence[float], bids: Sequence[float], bidder: int, fmt: str,
                  xs: Sequence[float]) -> pd.DataFrame:
    """One recorded sealed-bid auction replayed with ``bidder`` bidding each x in ``xs`` instead.

    For each x: the ``winner`` (``<NA>`` when the top bid is tied), how many are ``tied`` at the
    top, the bidder's ``win_share`` (1 if they alone bid highest, 1/k if tied with k - 1 others,
    else 0: the chance to win with a random tie break), the ``price`` the winner pays, and the
    bidder's expected ``surplus`` win_share x (value - price). One row per x (:data:`SWEEP_COLUMNS`).
    ``values``, ``bids`` and ``xs`` are lists (or arrays) of finite numbers, within the range of
    a float (a larger one, such as ``10**400``, is refused with a ValueError).
    """
    import pandas as pd

    label = format_label(fmt)
    v = _numbers(values, "values", "[0.9, 0.6, 0.3]")
    b = _numbers(bids, "bids", "[0.6, 0.4, 0.2]")
    x = _numbers(xs, "xs", "[0.5, 0.7]").ravel()
    if v.ndim != 1 or v.shape != b.shape or v.size < 2:
        raise ValueError(f"values and bids must be two lists of the same length >= 2, got {v.shape} and {b.shape}")
    if not (np.isfinite(v).all() and np.isfinite(b).all() and np.isfinite(x).all()):
        raise ValueError("values, bids and xs must be finite numbers")
    bidder = _count(bidder, "bidder", 0)
    if bidder >= v.size:
        raise ValueError(f"bidder must be an index 0..{v.size - 1}, got {bidder}")
    if x.size == 0 or (x < 0).any():
        raise ValueError(f"xs must be a non-empty list of bids >= 0, got {list(x)}")
    if (b < 0).any():
        raise ValueError(f"bids must be >= 0, got {list(b)}")
    all_bids = np.tile(b, (x.size, 1))
    all_bids[:, bidder] = x
    top = all_bids.max(axis=1)
    at_top = all_bids == top[:, None]
    tied = at_top.sum(axis=1)
    price = top if label == "first-price" else np.sort(all_bids, axis=1)[:, -2]
    share = np.where(at_top[:, bidder], 1.0 / tied, 0.0)
    winner = pd.array(np.where(tied == 1, all_bids.argmax(axis=1), -1), dtype="Int64")
    winner[tied > 1] = pd.NA
    return pd.DataFrame({"format": label, "bidder": bidder, "value": v[bidder], "actual_bid": b[bidder], "x": x,
                         "winner": winner, "tied": tied, "win_share": share, "price": price,
                         "surplus": share * (v[bidder] - price)}, columns=SWEEP_COLUMNS)
