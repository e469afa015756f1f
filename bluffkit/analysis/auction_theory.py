"""Sealed-bid auctions in theory: equilibrium bids, revenue, surplus and the right of first refusal.

**The model.** One lot is sold to ``n >= 2`` bidders. Each bidder knows only their own value
for it; values are independent draws from U[0, 1] (the independent private values model) and
bidders are risk neutral. Bids are sealed; the highest bid wins.

* *First-price*: the winner pays their own bid ("Secret Value" in the Bidder Up! booklet).
  In the symmetric equilibrium a bidder with value v bids b(v) = (n-1)/n v. It is derived
  here, not typed in: a bidder who bids as if their value were x, against rivals using an
  increasing b, wins when every rival's value is below x (probability x^(n-1)), so their
  payoff is (v - b(x)) x^(n-1). At x = v the derivative must vanish (no bidder gains by
  pretending), which is the ODE v b'(v) + (n-1) b(v) = (n-1) v. Its solutions are
  (n-1)/n v + C v^(1-n); a bidder with value 0 bids 0 (never above their value), and
  C v^(1-n) is unbounded at 0 unless C = 0. The same line is E[highest rival value |
  highest rival value < v] (:func:`bid_from_order_statistics`), the textbook check.
* *Second-price* (Vickrey; "Second Hand" in the booklet): the winner pays the second-highest
  bid. Bidding one's value is weakly dominant: the bid decides only *whether* one wins, never
  what one pays; bidding b > v changes the outcome only when the best rival bid lies between
  v and b, and then one pays more than v; bidding b < v changes it only when the best rival
  bid lies between b and v, and then one gives up a win worth more than its price.

**Order statistics.** The highest of n U[0, 1] values has density n y^(n-1), the second
highest n(n-1) y^(n-2) (1-y) (both Beta laws; derived here by differentiating their
distribution functions). The first-price revenue is (n-1)/n times the highest value, the
second-price revenue is the second-highest value, and the integrals give the same mean
(n-1)/(n+1) for both: revenue equivalence (Vickrey 1961; Myerson 1981; Riley and Samuelson
1981), while the variances differ. A bidder's surplus is the value of the win less the price.

**The auctioneer's right of first refusal** (Bidder Up! booklet, ``seeds/001_471d016d4225c3fa.txt``,
"Winning bid awarded?" and the reminder under each auction type; the "Second Hand" example:
André pays Annette the 100 and keeps the cow). After the sale is awarded at price p, the
auctioneer may keep the lot and *pay the winning bidder p*. Model: the auctioneer has a
private value v0 ~ U[0, 1] for the lot, independent of the bidders' values. Selling gives
the auctioneer p, refusing gives v0 - p, so the auctioneer refuses exactly when v0 > 2p.
A refused winner receives p and keeps no lot. **Bidders are modelled as not reacting to the
right**: first-price bidders keep the no-refusal equilibrium bid (n-1)/n v and second-price
bidders keep bidding their values. These are the naive effects of adding the right, not a
new equilibrium; in fact with the right truthful bidding is no longer dominant in the
second-price auction either (a refused winner is paid the price, so winning can pay even
at a price above one's value).

Every function takes ``n`` (a :data:`N` symbol by default, or an integer >= 2: Python's, numpy's
as ``np.arange`` gives them, or sympy's ``Integer``; never True or False) and a format
``"first"`` or ``"second"``, and returns a sympy expression (an exact number for integer n);
:func:`summary` and :func:`textbook_table` give floats.

>>> equilibrium_bid(N, "first")
v*(n - 1)/n
>>> expected_revenue(N, "first"), expected_revenue(N, "second")
((n - 1)/(n + 1), (n - 1)/(n + 1))
>>> revenue_variance(5, "first"), revenue_variance(5, "second")
(4/315, 2/63)
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

import pandas as pd
import sympy as sp

from bluffkit.analysis.auction_sim import format_label
from bluffkit.core.errors import as_int, check_flag, quote

N = sp.Symbol("n", integer=True, positive=True)
"""The number of bidders."""
V, P, Y, V0 = sp.symbols("v p y v_0", positive=True)
"""A bidder's value, the price, an order statistic's value, the auctioneer's value."""
_K = sp.Symbol("k", integer=True, nonnegative=True)   # n = k + 2 while integrating
_HALF = sp.Rational(1, 2)
#: The most bidders the right of first refusal (and :func:`summary`, :func:`textbook_table`)
#: takes: its exact results hold powers such as (n/(2(n-1)))^n, whose digits grow with n.
MAX_BIDDERS = 1000
#: The deepest order statistic (j-th highest) :func:`order_statistic_cdf` and
#: :func:`order_statistic_density` take: the symbolic sum of j terms gets slow beyond.
MAX_ORDER = 20
TABLE_COLUMNS = ["n", "format", "equilibrium_bid", "expected_revenue", "revenue_variance", "revenue_sd",
                 "bidder_surplus", "total_bidder_surplus", "refusal_probability", "auctioneer_payoff_with_right",
                 "winner_surplus_with_right"]


def _integrate(expr: sp.Expr, x: sp.Symbol, lo: sp.Expr, hi: sp.Expr) -> sp.Expr:
    """The integral of ``expr`` over x from lo to hi, for every n >= 2 at once: with n = k + 2
    (k a non-negative integer) sympy needs no case split on the exponents. The terms are grouped
    by their factor in x (such as x**(k + 3)), each integrated once; then n is put back."""
    groups: dict[sp.Expr, sp.Expr] = {}
    for term in sp.Add.make_args(sp.powsimp(sp.expand(expr.subs(N, _K + 2)))):
        coeff, part = term.as_independent(x, as_Add=False)
        groups[part] = groups.get(part, 0) + coeff
    return sp.Add(*(c * sp.integrate(part, (x, lo, hi), risch=False) for part, c in groups.items())).subs(_K, N - 2)


def _fmt(fmt: str) -> str:
    return format_label(fmt).split("-")[0]


def _at(expr: sp.Expr, n: int | sp.Expr) -> sp.Expr:
    """``expr`` at ``n`` bidders: the symbol itself, or an integer >= 2 (exact result)."""
    if n is N:
        return expr
    n = as_int(n)                                 # (np.int64(3), sympy's Integer(3))
    if isinstance(n, bool) or not isinstance(n, int) or n < 2:
        raise ValueError(f"n (the number of bidders) must be an integer >= 2 or the symbol N, got {n!r}")
    return expr.subs(N, n)


def _at_most(expr: sp.Expr, n: int | sp.Expr, what: str) -> sp.Expr:
    """:func:`_at` for the results whose exact form at n holds powers of n: n at most :data:`MAX_BIDDERS`."""
    _at(N, n)                                     # (checks n first)
    n = as_int(n)
    if n is not N and n > MAX_BIDDERS:
        raise ValueError(f"n (the number of bidders) must be at most {MAX_BIDDERS:,} for {what} (the right of "
                         f"first refusal's exact values hold powers of n), got {n:,}")
    return _at(expr, n)


def _order(n: int | sp.Expr, j: int) -> int:
    """``j`` when it is an order statistic 1..n of n values (and at most :data:`MAX_ORDER`);
    ``n`` is checked first (``order_statistic_cdf(0)`` blamed j for n's fault)."""
    _at(N, n)
    n, j = as_int(n), as_int(j)
    if isinstance(j, bool) or not isinstance(j, int) or j < 1:
        raise ValueError(f"j (which order statistic, 1 = highest) must be an integer >= 1, got {quote(j)}")
    if isinstance(n, int) and j > n:
        raise ValueError(f"j (which order statistic) must be at most n = {n}, got {j}")
    if j > MAX_ORDER:
        raise ValueError(f"j (which order statistic) must be at most {MAX_ORDER} (the symbolic sum of j terms "
                         f"gets slow beyond), got {j:,}")
    return j


def _tidy(expr: sp.Expr, fmt: str) -> sp.Expr:
    """Write a result of the right of first refusal as a sum of rational functions of n times
    powers of the chance that one value lies where the price is below 1/2: (n/(2(n-1)))^n for
    first-price, (1/2)^n for second-price (every base is positive for n >= 2)."""
    q = sp.Dummy("q")
    e = sp.expand_power_base(sp.powsimp(sp.expand_power_exp(sp.expand(expr)), combine="base", force=True),
                             force=True)
    if fmt == "first":
        power, e = (N / (2 * N - 2)) ** N, e.subs(N ** N, q * (2 * (N - 1)) ** N)
    else:
        power, e = 2 ** -N, e.subs(2 ** N, 1 / q)
    e = sp.cancel(sp.expand_power_base(sp.expand(e), force=True))
    poly, den = sp.Poly(sp.expand(sp.numer(e)), q), sp.denom(e)
    return sum(sp.factor(c / den) * power ** k for (k,), c in poly.terms())


# -- equilibrium bids -------------------------------------------------------------------------

def first_price_ode(n: int | sp.Expr = N) -> sp.Eq:
    """The first-order condition of a first-price bidder, as an ODE for the bid function b(v).

    Bidding b(x) with value v against rivals who use b wins with probability x^(n-1), so the
    payoff is (v - b(x)) x^(n-1); its derivative in x at x = v, divided by v^(n-2), is set to 0.

    >>> first_price_ode()
    Eq(n*v - n*b(v) - v*Derivative(b(v), v) - v + b(v), 0)
    """
    b, x = sp.Function("b"), sp.Symbol("x", positive=True)
    payoff = (V - b(x)) * x ** (N - 1)
    foc = sp.diff(payoff, x).subs(x, V).doit()
    ode = sp.Eq(sp.expand(sp.powsimp(sp.expand(foc / V ** (N - 2)))), 0)
    return ode if n is N else ode.subs(N, _at(N, n))


@lru_cache(maxsize=None)
def _first_price_bid() -> sp.Expr:
    b = sp.Function("b")
    general = sp.dsolve(first_price_ode(), b(V), hint="1st_linear").rhs
    general = sp.expand(general.replace(lambda e: isinstance(e, sp.exp),              # exp(a log v) -> v**a
                                        lambda e: V ** sp.expand(e.args[0] / sp.log(V))))
    (c1,) = general.free_symbols - {V, N}
    # b(0) = 0: the homogeneous solution C v^(1-n) is unbounded at v = 0 (checked at n = 2), so C = 0
    assert sp.limit(general.coeff(c1).subs(N, 2), V, 0, "+") is sp.oo
    return sp.factor(general.subs(c1, 0))


def equilibrium_bid(n: int | sp.Expr = N, fmt: str = "first") -> sp.Expr:
    """The symmetric equilibrium bid as an expression in the value :data:`V`.

    First-price: the solution of :func:`first_price_ode` with b(0) = 0, that is (n-1)/n v.
    Second-price: v, weakly dominant (see the module docstring).

    >>> equilibrium_bid(3, "first"), equilibrium_bid(3, "second")
    (2*v/3, v)
    """
    return _at(_first_price_bid() if _fmt(fmt) == "first" else V, n)


def order_statistic_cdf(n: int | sp.Expr = N, j: int = 1) -> sp.Expr:
    """P(the j-th highest of n U[0, 1] values is <= y): fewer than j values lie above y,

    sum over i < j of C(n, i) (1-y)^i y^(n-i). ``j`` is 1 to n, and at most :data:`MAX_ORDER` (20).

    >>> order_statistic_cdf(N, 1)
    y**n
    """
    j = _order(n, j)
    cdf = sum(sp.expand_func(sp.binomial(N, i)) * (1 - Y) ** i * Y ** (N - i) for i in range(j))
    return _at(sp.factor(cdf), n)


def order_statistic_density(n: int | sp.Expr = N, j: int = 1) -> sp.Expr:
    """Density of the j-th highest of n U[0, 1] values, in :data:`Y` (the derivative of the cdf).
    ``j`` is 1 to n, and at most :data:`MAX_ORDER` (20).

    >>> order_statistic_density(N, 2)
    -n*y**(n - 2)*(n - 1)*(y - 1)
    """
    _at(N, n)
    j = _order(n, j)
    return _at(sp.factor(sp.diff(order_statistic_cdf(N, j), Y)), n)


def bid_from_order_statistics(n: int | sp.Expr = N) -> sp.Expr:
    """E[highest rival value | highest rival value < v]: the first-price bid by a second route.

    The highest of the n-1 rival values has cdf y^(n-1); given it is below v its cdf is
    (y/v)^(n-1). This is what a second-price winner with value v pays on average, so bidding
    it in a first-price auction gives the same expected payment (revenue equivalence).

    >>> bid_from_order_statistics(4)
    3*v/4
    """
    cdf = (Y / V) ** (N - 1)
    return _at(sp.factor(_integrate(Y * sp.diff(cdf, Y), Y, 0, V)), n)


# -- revenue and surplus ----------------------------------------------------------------------

@lru_cache(maxsize=None)
def _sale(fmt: str) -> tuple[sp.Expr, sp.Expr, sp.Expr, sp.Expr]:
    """How the sale is driven by one order statistic :data:`Y`: its density, the price and the
    winner's expected value as functions of it, and the Y at which the price is 1/2.

    First-price: Y is the highest value, the price b(Y), and the winner's value Y. Second-price:
    Y is the second-highest value and the price; given Y = y the highest value w has the joint
    density n(n-1) y^(n-2) of (highest, second) on y < w, integrated over w in (y, 1).
    """
    if fmt == "first":
        bid = _first_price_bid().subs(V, Y)
        return order_statistic_density(N, 1), bid, Y, sp.solve(sp.Eq(bid, _HALF), Y)[0]
    w = sp.Symbol("w", positive=True)
    joint = N * (N - 1) * Y ** (N - 2)
    winner_value = sp.factor(_integrate(w * joint, w, Y, 1) / _integrate(joint, w, Y, 1))
    return order_statistic_density(N, 2), Y, winner_value, _HALF


@lru_cache(maxsize=None)
def _moment(fmt: str, k: int) -> sp.Expr:
    density, price, _, _ = _sale(fmt)
    return sp.factor(_integrate(price ** k * density, Y, 0, 1))


def expected_revenue(n: int | sp.Expr = N, fmt: str = "first") -> sp.Expr:
    """E[price], by integrating the price against its order-statistic density.

    >>> [expected_revenue(k, "second") for k in (2, 3, 10)]
    [1/3, 1/2, 9/11]
    """
    return _at(_moment(_fmt(fmt), 1), n)


def revenue_variance(n: int | sp.Expr = N, fmt: str = "first") -> sp.Expr:
    """Var[price] = E[price^2] - E[price]^2.

    First-price: the variance of (n-1)/n times the highest value; second-price: the variance
    of the second-highest value.

    >>> revenue_variance(N, "first")
    (n - 1)**2/(n*(n + 1)**2*(n + 2))
    >>> revenue_variance(N, "second")
    2*(n - 1)/((n + 1)**2*(n + 2))
    """
    return _at(_variance(_fmt(fmt)), n)


@lru_cache(maxsize=None)
def _variance(fmt: str) -> sp.Expr:
    return sp.factor(sp.simplify(_moment(fmt, 2) - _moment(fmt, 1) ** 2))


@lru_cache(maxsize=None)
def _interim_surplus(fmt: str) -> sp.Expr:
    """A bidder's expected surplus given their value v (before the right of first refusal)."""
    win = order_statistic_cdf(N, 1).subs({N: N - 1, Y: V})      # P(all n-1 rivals are below v)
    if fmt == "first":
        return (V - _first_price_bid()) * win
    rival = order_statistic_density(N, 1).subs(N, N - 1)         # density of the highest rival value
    return _integrate((V - Y) * rival, Y, 0, V)


def bidder_surplus(n: int | sp.Expr = N, fmt: str = "first", *, total: bool = False) -> sp.Expr:
    """A bidder's expected surplus before the values are drawn (or all bidders', ``total=True``).

    Integrates the interim surplus over v ~ U[0, 1]: first-price (v - b(v)) v^(n-1), second-price
    E[(v - Y) ; Y < v] with Y the highest rival value. Losers pay nothing in either format.

    >>> bidder_surplus(N, "first"), bidder_surplus(N, "second", total=True)
    (1/(n*(n + 1)), 1/(n + 1))
    """
    per = _ex_ante_surplus(_fmt(fmt))
    return _at(sp.factor(N * per) if check_flag(total, "total") else per, n)


@lru_cache(maxsize=None)
def _ex_ante_surplus(fmt: str) -> sp.Expr:
    return sp.factor(_integrate(_interim_surplus(fmt), V, 0, 1))


# -- the right of first refusal ---------------------------------------------------------------

@lru_cache(maxsize=None)
def _with_right(fmt: str, what: str) -> sp.Expr:
    """E[``what``] with the right, integrating first over v0 ~ U[0, 1], then over the price.

    Given the price p < 1/2 the auctioneer sells when v0 < 2p and refuses when v0 > 2p; given
    p >= 1/2 they always sell (v0 <= 1 <= 2p)."""
    density, price, winner_value, half_at = _sale(fmt)
    sold, refused = {
        "auctioneer": (P, V0 - P),
        "winner": (winner_value - P, P),
        "refusal": (sp.Integer(0), sp.Integer(1)),
    }[what]
    low = sp.integrate(sold, (V0, 0, 2 * P)) + sp.integrate(refused, (V0, 2 * P, 1))   # p < 1/2
    # the price rises with Y and reaches 1/2 at Y = half_at <= 1 (first-price: n/(2(n-1)) <= 1 for n >= 2)
    return _tidy(_integrate(low.subs(P, price) * density, Y, 0, half_at)
                 + _integrate(sold.subs(P, price) * density, Y, half_at, 1), fmt)


def refusal_probability(n: int | sp.Expr = N, fmt: str = "first") -> sp.Expr:
    """P(the auctioneer uses the right of first refusal) = P(v0 > 2 price). An integer ``n`` is
    at most :data:`MAX_BIDDERS` (1000): the exact value holds powers of n.

    >>> refusal_probability(N, "second")
    (n + 3)/(2**n*(n + 1))
    >>> refusal_probability(2, "first")
    1/3
    """
    return _at_most(_with_right(_fmt(fmt), "refusal"), n, "refusal_probability")


def auctioneer_payoff(n: int | sp.Expr = N, fmt: str = "first", *, right: bool = False) -> sp.Expr:
    """The auctioneer's expected payoff: the price without the right, max(p, v0 - p) with it.
    With the right, an integer ``n`` is at most :data:`MAX_BIDDERS` (1000).

    >>> auctioneer_payoff(N, "second", right=True)
    (n - 1)/(n + 1) + (n + 5)/(2**n*(n + 1)*(n + 2))
    >>> auctioneer_payoff(2, "second", right=True)
    23/48
    """
    f = _fmt(fmt)
    if check_flag(right, "right"):
        return _at_most(_with_right(f, "auctioneer"), n, "auctioneer_payoff(right=True)")
    return _at(_moment(f, 1), n)


def right_gain(n: int | sp.Expr = N, fmt: str = "first") -> sp.Expr:
    """What the right of first refusal is worth to the auctioneer: E[max(0, v0 - 2p)], the
    payoff with the right less the payoff without it (bidders not reacting to the right).
    An integer ``n`` is at most :data:`MAX_BIDDERS` (1000): the exact value holds powers of n.

    >>> right_gain(N, "first")
    (n/(2*n - 2))**n/((n + 1)*(n + 2))
    """
    f = _fmt(fmt)
    return _at_most(_tidy(_with_right(f, "auctioneer") - _moment(f, 1), f), n, "right_gain")


def winner_surplus(n: int | sp.Expr = N, fmt: str = "first", *, right: bool = False) -> sp.Expr:
    """The winning bidder's expected surplus: value less price if sold, the price if refused.

    Without the right this equals the total bidder surplus (:func:`bidder_surplus`), by a
    different route (the price's law and the winner's expected value given the price).
    With the right, an integer ``n`` is at most :data:`MAX_BIDDERS` (1000).

    >>> winner_surplus(2, "second", right=True)
    7/32
    """
    f = _fmt(fmt)
    if check_flag(right, "right"):
        return _at_most(_with_right(f, "winner"), n, "winner_surplus(right=True)")
    return _at(_winner_surplus(f), n)


@lru_cache(maxsize=None)
def _winner_surplus(fmt: str) -> sp.Expr:
    density, price, winner_value, _ = _sale(fmt)
    return sp.factor(_integrate((winner_value - price) * density, Y, 0, 1))


# -- numbers ----------------------------------------------------------------------------------

def summary(n: int, fmt: str = "first") -> dict[str, object]:
    """The theory for ``n`` bidders in one format, as floats (one row of :func:`textbook_table`).
    ``n`` is a whole number (a numpy one too) from 2 to :data:`MAX_BIDDERS` (1000): the row
    holds the right of first refusal. Not the symbol :data:`N`: a float needs a number.

    >>> s = summary(5, "second")
    >>> round(s["expected_revenue"], 3), round(s["revenue_sd"], 3)
    (0.667, 0.178)
    """
    n = as_int(n)                                 # (np.arange(2, 6) holds np.int64; not check_whole: n may be N)
    if n is N or isinstance(n, bool) or not isinstance(n, int) or n < 2:
        got = "the symbol N" if n is N else repr(n)
        raise ValueError(f"n (the number of bidders) must be an integer >= 2 for summary and textbook_table "
                         f"(their rows are floats), got {got}")
    _at_most(N, n, "summary and textbook_table")
    var = revenue_variance(n, fmt)
    return {"n": n, "format": format_label(fmt), "equilibrium_bid": str(equilibrium_bid(n, fmt)),
            "expected_revenue": float(expected_revenue(n, fmt)), "revenue_variance": float(var),
            "revenue_sd": float(sp.sqrt(var)), "bidder_surplus": float(bidder_surplus(n, fmt)),
            "total_bidder_surplus": float(bidder_surplus(n, fmt, total=True)),
            "refusal_probability": float(refusal_probability(n, fmt)),
            "auctioneer_payoff_with_right": float(auctioneer_payoff(n, fmt, right=True)),
            "winner_surplus_with_right": float(winner_surplus(n, fmt, right=True))}


def textbook_table(ns: Iterable[int] = (2, 3, 4, 5, 10), formats: Iterable[str] = ("first", "second")) -> pd.DataFrame:
    """One row per number of bidders and format: the equilibrium bid, the revenue's mean,
    variance and standard deviation, the bidders' surplus, and the right of first refusal.
    ``ns``: a list (or tuple, range, numpy array) of bidder counts, whole numbers (numpy
    ones too), each 2 to :data:`MAX_BIDDERS` (1000); ``formats``: a list of ``"first"`` and
    ``"second"``.

    >>> t = textbook_table((2, 5))
    >>> t[["n", "format", "expected_revenue"]].round(3).values.tolist()
    [[2, 'first-price', 0.333], [2, 'second-price', 0.333], [5, 'first-price', 0.667], [5, 'second-price', 0.667]]
    """
    if not _many(ns):
        raise ValueError(f"ns must be a list of bidder counts, e.g. [2, 3, 5], got {quote(ns)}")
    if not _many(formats):
        raise ValueError(f"formats must be a list of formats, e.g. ['first', 'second'], got {quote(formats)}")
    formats = tuple(formats)
    return pd.DataFrame([summary(n, f) for n in ns for f in formats], columns=TABLE_COLUMNS)


def _many(x: object) -> bool:
    """Whether ``x`` is a collection of items (a list, tuple, range, array...), not one value or text."""
    return isinstance(x, Iterable) and not isinstance(x, (str, bytes, sp.Basic))
