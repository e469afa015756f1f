"""Auction theory (bluffkit.analysis.auction_theory): sympy results against closed forms, numeric
quadrature written here independently, a numeric best-response check, and seeded simulation.

Simulation tolerances are 5 standard errors of the simulated mean (100,000 auctions); quadrature
tolerances are stated where used (midpoint rule on fine grids).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
import sympy as sp

from bluffkit.analysis import auction_theory as th
from bluffkit.analysis.auction_sim import simulate_sealed

N, V = th.N, th.V
SMALL = (2, 3, 4, 5)
FORMATS = ("first", "second")


def grid(k: int = 4000) -> np.ndarray:
    """Midpoints of k equal cells of [0, 1]."""
    return (np.arange(k) + 0.5) / k


def quad_price(n: int, fmt: str, fn) -> float:
    """E[fn(price, winner's value)] by quadrature over the order statistics (densities written out here).

    First-price: the highest value w ~ n w^(n-1), price (n-1)/n w. Second-price: (w, y) = (highest,
    second highest) with joint density n(n-1) y^(n-2) on y < w, price y.
    """
    if fmt == "first":
        w = grid(50_000)
        return float(np.mean(fn((n - 1) / n * w, w) * n * w ** (n - 1)))
    w, y = np.meshgrid(grid(1000), grid(1000), indexing="ij")
    dens = n * (n - 1) * y ** (n - 2) * np.where(y < w, 1.0, np.where(y == w, 0.5, 0.0))   # half the diagonal cells
    return float(np.mean(fn(y, w) * dens))


# -- equilibrium bids -------------------------------------------------------------------------

@pytest.mark.slow
def test_first_price_bid_is_derived_and_agrees_with_the_order_statistic_route():
    b = th.equilibrium_bid(N, "first")
    assert sp.simplify(b - (N - 1) / N * V) == 0, f"first-price bid {b} is not (n-1)/n v"
    assert sp.simplify(th.bid_from_order_statistics(N) - b) == 0, "the two derivations disagree"
    ode = th.first_price_ode(N)
    f = sp.Function("b")
    assert sp.simplify(ode.lhs.subs(f(V), b).doit()) == 0, "the bid does not solve its own ODE"
    assert th.equilibrium_bid(N, "second") == V, "second-price bid is not the value"
    assert th.equilibrium_bid(4, "first") == sp.Rational(3, 4) * V


@pytest.mark.parametrize("n", SMALL)
def test_first_price_bid_is_a_best_response(n):
    """Against rivals bidding (n-1)/n v, the payoff (v - b) P(win) peaks at b = (n-1)/n v."""
    bid = sp.lambdify(V, th.equilibrium_bid(n, "first"))
    bs = np.linspace(0, 1, 100_001)
    for v in (0.2, 0.5, 0.9):
        p_win = np.minimum(1.0, bs * n / (n - 1)) ** (n - 1)   # every rival's bid (n-1)/n v_i below b
        best = bs[np.argmax((v - bs) * p_win)]
        assert best == pytest.approx(bid(v), abs=2e-5), f"n={n}, v={v}: best bid {best}, theory {bid(v)}"


@pytest.mark.parametrize("n", SMALL)
@pytest.mark.parametrize("j", (1, 2))
def test_order_statistic_densities(n, j):
    dens = th.order_statistic_density(n, j)
    assert sp.integrate(dens, (th.Y, 0, 1)) == 1, f"density of order statistic {j} of {n} does not integrate to 1"
    assert sp.integrate(th.Y * dens, (th.Y, 0, 1)) == sp.Rational(n + 1 - j, n + 1), "wrong Beta mean"


# -- revenue and surplus ----------------------------------------------------------------------

@pytest.mark.slow                      # sympy's integrals (0.7 s)
def test_symbolic_revenue_variance_and_surplus():
    for fmt in FORMATS:
        assert sp.simplify(th.expected_revenue(N, fmt) - (N - 1) / (N + 1)) == 0, f"{fmt}: revenue"
        assert sp.simplify(th.bidder_surplus(N, fmt) - 1 / (N * (N + 1))) == 0, f"{fmt}: surplus"
        total = th.bidder_surplus(N, fmt, total=True) + th.expected_revenue(N, fmt)
        assert sp.simplify(total - N / (N + 1)) == 0, f"{fmt}: surplus + revenue is not E[highest value]"
        assert sp.simplify(th.winner_surplus(N, fmt) - th.bidder_surplus(N, fmt, total=True)) == 0, fmt
        assert th.auctioneer_payoff(N, fmt) == th.expected_revenue(N, fmt)
    assert sp.simplify(th.revenue_variance(N, "first") - (N - 1) ** 2 / (N * (N + 1) ** 2 * (N + 2))) == 0
    assert sp.simplify(th.revenue_variance(N, "second") - 2 * (N - 1) / ((N + 1) ** 2 * (N + 2))) == 0


@pytest.mark.parametrize("n", SMALL)
@pytest.mark.parametrize("fmt", FORMATS)
def test_exact_values_against_quadrature(n, fmt):
    mean = th.expected_revenue(n, fmt)
    assert isinstance(mean, sp.Rational) and mean == sp.Rational(n - 1, n + 1), f"n={n} {fmt}: {mean}"
    assert float(mean) == pytest.approx(quad_price(n, fmt, lambda p, w: p), abs=2e-4)
    second = quad_price(n, fmt, lambda p, w: p ** 2)
    assert float(th.revenue_variance(n, fmt)) == pytest.approx(second - float(mean) ** 2, abs=5e-4)
    surplus = quad_price(n, fmt, lambda p, w: w - p)
    assert float(th.bidder_surplus(n, fmt, total=True)) == pytest.approx(surplus, abs=5e-4)


@pytest.mark.slow
def test_textbook_table():
    t = th.textbook_table()
    assert list(t.columns) == th.TABLE_COLUMNS
    assert t["n"].tolist() == [2, 2, 3, 3, 4, 4, 5, 5, 10, 10]
    assert t["format"].tolist() == ["first-price", "second-price"] * 5
    for fmt, g in t.groupby("format"):
        assert g["expected_revenue"].round(3).tolist() == [0.333, 0.5, 0.6, 0.667, 0.818], fmt
    five = t[t["n"] == 5].set_index("format")["revenue_sd"]
    assert five["first-price"] == pytest.approx(0.112, abs=0.001), "published first-price sd is about 0.112"
    assert five["second-price"] == pytest.approx(0.178, abs=0.001), "published second-price sd is about 0.178"
    assert (t["bidder_surplus"] * t["n"]).to_numpy() == pytest.approx(t["total_bidder_surplus"].to_numpy())


def test_bad_arguments():
    with pytest.raises(ValueError, match="n .the number of bidders."):
        th.expected_revenue(1, "first")
    with pytest.raises(ValueError, match="fmt"):
        th.expected_revenue(3, "dutch")
    with pytest.raises(ValueError, match="j "):
        th.order_statistic_cdf(3, 0)
    with pytest.raises(ValueError, match="at most n = 3"):
        th.order_statistic_cdf(3, 4)


# -- the right of first refusal ---------------------------------------------------------------

def test_right_of_first_refusal_symbolic_forms():
    q1, q2 = (N / (2 * N - 2)) ** N, 2 ** -N
    expect = {
        ("first", "refusal"): q1 / (N + 1),
        ("first", "auctioneer"): (N - 1) / (N + 1) + q1 / ((N + 1) * (N + 2)),
        ("second", "refusal"): (N + 3) * q2 / (N + 1),
        ("second", "auctioneer"): (N - 1) / (N + 1) + (N + 5) * q2 / ((N + 1) * (N + 2)),
    }
    for (fmt, what), e in expect.items():
        got = th.refusal_probability(N, fmt) if what == "refusal" else th.auctioneer_payoff(N, fmt, right=True)
        assert all(sp.simplify(got.subs(N, k) - e.subs(N, k)) == 0 for k in range(2, 12)), f"{fmt} {what}: {got}"
    for fmt in FORMATS:
        gain = th.right_gain(N, fmt)
        with_right = th.auctioneer_payoff(N, fmt, right=True)
        assert all(gain.subs(N, k) == with_right.subs(N, k) - th.expected_revenue(k, fmt) for k in range(2, 12)), fmt
        assert all(gain.subs(N, k) > 0 for k in range(2, 12)), f"{fmt}: the right is worth something"


def test_right_of_first_refusal_two_bidders_by_hand():
    """n = 2 worked by hand. Second-price: p = min of two values, density 2(1-p). First-price:
    p = w/2 with w the higher value, so the right is used when v0 > w, and a refused winner
    gets w/2, as much as a winner who buys: the winner's surplus is unchanged."""
    exact = {("second", "refusal"): Fraction(5, 12), ("second", "auctioneer"): Fraction(23, 48),
             ("second", "winner"): Fraction(7, 32), ("first", "refusal"): Fraction(1, 3),
             ("first", "auctioneer"): Fraction(5, 12), ("first", "winner"): Fraction(1, 3)}
    for (fmt, what), value in exact.items():
        got = {"refusal": th.refusal_probability, "winner": lambda n, f: th.winner_surplus(n, f, right=True),
               "auctioneer": lambda n, f: th.auctioneer_payoff(n, f, right=True)}[what](2, fmt)
        assert got == sp.Rational(value.numerator, value.denominator), f"{fmt} {what}: {got}, by hand {value}"


@pytest.mark.parametrize("fmt, refused, auctioneer, winner", [
    ("second", Fraction(5, 12), Fraction(23, 48), Fraction(7, 32)),
    ("first", Fraction(1, 3), Fraction(5, 12), Fraction(1, 3)),
])
def test_summary_gives_the_right_of_first_refusal_worked_by_hand(fmt, refused, auctioneer, winner):
    """summary's three right-of-first-refusal columns at n = 2, worked by hand (refused when v0 > 2p).

    Second-price: p = min of two values, density 2(1-p). P(refuse) = int_0^1/2 (1-2p) 2(1-p) dp
    = 5/12; the auctioneer gets E[p] + E[(1-2p)^2/2] = 1/3 + 7/48 = 23/48; the winner (value
    (1+p)/2 on average given p) gets 1/3 + int_0^1/2 (1-2p)(3p-1)(1-p) dp = 1/3 - 11/96 = 7/32.
    First-price: p = w/2, w ~ 2w: P(refuse) = E[1-w] = 1/3, the auctioneer 1/3 + E[(1-w)^2/2]
    = 5/12, the winner w/2 whether sold or refused: 1/3."""
    s = th.summary(2, fmt)
    assert s["n"] == 2 and s["format"] == f"{fmt}-price"
    got = [s[c] for c in ("refusal_probability", "auctioneer_payoff_with_right", "winner_surplus_with_right")]
    assert got == pytest.approx([float(refused), float(auctioneer), float(winner)], rel=1e-12), fmt


@pytest.mark.parametrize("fmt, bid", [("second", V), ("first", sp.Rational(2, 3) * V)])
def test_summary_names_the_equilibrium_bid(fmt, bid):
    """b(v) = v in the second-price auction, (n-1)/n v = 2v/3 in the first-price one, n = 3."""
    s = th.summary(3, fmt)
    assert sp.sympify(s["equilibrium_bid"], locals={"v": V}) == bid, s["equilibrium_bid"]


def test_the_right_of_first_refusal_takes_at_most_1000_bidders():
    """MAX_BIDDERS (1000) is "at most": n = 1000 gives P(refuse) = (n+3)/(2^n (n+1)) second-price
    and a^n/(n+1) with a = n/(2(n-1)) first-price (the symbolic forms above); 1001 is refused."""
    assert th.refusal_probability(1000, "second") == sp.Rational(1003, 1001 * 2 ** 1000)
    assert th.refusal_probability(1000, "first") == sp.Rational(1000, 1998) ** 1000 / 1001
    for fmt in FORMATS:
        with pytest.raises(ValueError, match=r"must be at most 1,000 .*got 1,001"):
            th.refusal_probability(1001, fmt)


def test_order_statistics_take_j_up_to_20_and_refuse_21():
    """MAX_ORDER (20) is "at most": j = 20 passes the check (for 20 values and for n the symbol;
    the sum itself takes 2 s, so its value is checked in the slow test below) and j = 21 is
    refused (for 21 values and for n the symbol)."""
    assert th._order(20, 20) == th._order(N, 20) == 20
    for n in (21, N):
        for f in (th.order_statistic_cdf, th.order_statistic_density):
            with pytest.raises(ValueError, match=r"j \(which order statistic\) must be at most 20 "):
                f(n, 21)


@pytest.mark.slow                      # the symbolic sum of 20 terms (2 s)
def test_the_lowest_of_20_values_is_the_20th_highest():
    """The 20th highest of 20 values is the lowest: P(min <= y) = 1 - (1-y)^20."""
    assert sp.expand(th.order_statistic_cdf(20, 20) - (1 - (1 - th.Y) ** 20)) == 0


@pytest.mark.parametrize("n", SMALL)
@pytest.mark.parametrize("fmt", FORMATS)
def test_right_of_first_refusal_against_quadrature(n, fmt):
    """v0 ~ U[0, 1]: refused when v0 > 2p, so P(refuse | p) = max(0, 1 - 2p) and
    E[max(p, v0 - p) | p] = p + E[max(0, v0 - 2p)] = p + max(0, 1 - 2p)^2 / 2."""
    def r(p):
        return np.clip(1 - 2 * p, 0, 1)
    checks = {
        "refusal": (th.refusal_probability(n, fmt), lambda p, w: r(p)),
        "auctioneer": (th.auctioneer_payoff(n, fmt, right=True), lambda p, w: p + r(p) ** 2 / 2),
        "winner": (th.winner_surplus(n, fmt, right=True), lambda p, w: (1 - r(p)) * (w - p) + r(p) * p),
    }
    for what, (exact, fn) in checks.items():
        assert float(exact) == pytest.approx(quad_price(n, fmt, fn), abs=5e-4), f"n={n} {fmt} {what}"
    # transfers cancel: auctioneer + winner = value of whoever ends with the lot
    # (E[v0 | v0 > 2p] P(v0 > 2p) = (1 - 4p^2)/2 for p < 1/2)
    welfare = quad_price(n, fmt, lambda p, w: (1 - r(p)) * w + np.where(p < 0.5, (1 - 4 * p ** 2) / 2, 0))
    total = float(th.auctioneer_payoff(n, fmt, right=True) + th.winner_surplus(n, fmt, right=True))
    assert total == pytest.approx(welfare, abs=5e-4), f"n={n} {fmt}: payoffs do not add up to welfare"


@pytest.mark.parametrize("n", SMALL)
@pytest.mark.parametrize("fmt", FORMATS)
def test_theory_against_simulation(n, fmt):
    """One seeded run of 100,000 auctions with the right: the price column is the revenue
    without the right (bidders do not react to the right)."""
    df = simulate_sealed(n, 100_000, fmt=fmt, right_of_first_refusal=True, seed=100 + n)
    r = len(df)
    checks = {
        "price": th.expected_revenue(n, fmt),
        "refused": th.refusal_probability(n, fmt),
        "auctioneer_payoff": th.auctioneer_payoff(n, fmt, right=True),
        "winner_surplus": th.winner_surplus(n, fmt, right=True),
    }
    for column, exact in checks.items():
        x = df[column].astype(float)
        se = x.std() / np.sqrt(r)
        assert abs(x.mean() - float(exact)) < 5 * se, \
            f"n={n} {fmt} {column}: simulated {x.mean():.5f}, theory {float(exact):.5f}, 5 se = {5 * se:.5f}"
    sd_theory = float(sp.sqrt(th.revenue_variance(n, fmt)))
    assert df["price"].std() == pytest.approx(sd_theory, rel=0.02), f"n={n} {fmt}: revenue sd"
