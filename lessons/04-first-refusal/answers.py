"""Lesson 04's exercise answers, each recomputed from bluffkit (the engine, a scenario, sympy, a seeded simulation)."""

import sympy as sp

from bluffkit.analysis import auction_theory as th
from bluffkit.analysis.auction_lab import lab_game, payoffs
from bluffkit.analysis.auction_sim import simulate_sealed
from bluffkit.core import scenario
from bluffkit.session import Session


def horse_buy():
    """The booklet's Classic example with the right used: (Annette's, Daniel's) money change."""
    result = scenario.run(scenario.find("bu-classic-horse-120-buy"))
    assert result.ok, "the scenario's rulebook numbers hold"
    cash = result.scenario.game.scores(result.states[-1])
    return cash[0], cash[1]


def classic(bid, keep):
    """Exercise 1's horse: a Classic auction through the engine, Daniel (seat 1) winning with ``bid``,
    Annette (seat 0) keeping (her right) or selling. The money won or lost per seat."""
    game = lab_game("classic")
    s = Session(game, ["human"] * 3, seed=0)
    s.chance("lot horse")
    s.play(f"bid {bid}", 1)
    s.play("pass", 2)
    s.play("pass", 1)
    s.play("buy" if keep else "sell", 0)
    payer = s.to_move[0]
    s.play(str(s.legal(payer).actions(1)[0]), payer)
    assert s.over
    return game.scores(s.state)


PRICE = 140        # exercise 1: the booklet's horse, won this time at 140


def a1a():
    annette, daniel, _ = classic(PRICE, keep=True)
    assert annette == -daniel
    b_annette, b_daniel = horse_buy()      # the rule as the booklet's example plays it
    assert b_annette == -b_daniel
    return daniel


def a1b():
    kept_cash = classic(PRICE, keep=True)[0]          # keeping: the horse (300 to her) and the money paid
    sold_cash = classic(PRICE, keep=False)[0]
    return max(sold_cash, 300 + kept_cash)


def a1c():
    price = -classic(PRICE, keep=True)[0]
    # the smallest value of the horse at which keeping (v0 - price) is not worse than selling (price)
    return next(v for v in range(0, 1001) if v - price >= price)


def second_hand(bids, values, keep):
    game = lab_game("second-hand")
    s = Session(game, ["human"] * 4, seed=0)
    s.chance("lot cow")
    for seat, bid in enumerate(bids, start=1):
        s.play(f"bid {bid}", seat)
    s.play("buy" if keep else "sell", 0)
    payer = s.to_move[0]
    s.play(str(s.legal(payer).actions(1)[0]), payer)
    assert s.over
    return payoffs(game, s.state, values)


def a2a():
    values = [500, 90, 110, 60]
    keep, sell = (second_hand([120, 110, 60], values, k) for k in (True, False))
    assert keep[0]["payoff"] > sell[0]["payoff"], "André keeps the cow: it pays him better"
    return keep[1]["payoff"]


def a3a():
    return th.refusal_probability(4, "second")


def a3b():
    """Derived: what keeping adds over selling, v0 - 2p when v0 > 2p, against the density of the price."""
    p, v0 = sp.symbols("p v_0", positive=True)
    density = 12 * p**2 * (1 - p)                                   # the second-highest of four values, as stated
    assert sp.expand(density - th.order_statistic_density(4, 2).subs(th.Y, p)) == 0
    gain = sp.integrate(sp.integrate(v0 - 2 * p, (v0, 2 * p, 1)) * density, (p, 0, sp.Rational(1, 2)))
    assert gain == th.right_gain(4, "second")
    assert gain == th.auctioneer_payoff(4, "second", right=True) - th.auctioneer_payoff(4, "second")
    return gain


def _sim():
    return simulate_sealed(4, 50_000, fmt="second", strategy="truthful", right_of_first_refusal=True, seed=12)


def a4a():
    return _sim().refused.mean()


def a4b():
    return _sim().auctioneer_payoff.mean()


ANSWERS = {"1a": a1a, "1b": a1b, "1c": a1c, "2a": a2a, "3a": a3a, "3b": a3b, "4a": a4a, "4b": a4b}
