"""Lesson 04's exercise answers, each recomputed from bluffkit (the engine, a scenario, sympy, a seeded simulation)."""

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


def a1a():
    annette, daniel = horse_buy()
    assert annette == -daniel
    return daniel


def a1b():
    annette_cash, _ = horse_buy()          # keeping: the horse (300 to her) and the money paid
    return max(-annette_cash, 300 + annette_cash)


def a1c():
    annette_cash, _ = horse_buy()
    price = -annette_cash
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
    values = [500, 90, 100, 60]
    keep, sell = (second_hand([120, 100, 60], values, k) for k in (True, False))
    assert keep[0]["payoff"] > sell[0]["payoff"], "André keeps the cow: it pays him better"
    return keep[1]["payoff"]


def a3a():
    return th.refusal_probability(2, "second")


def a3b():
    return th.right_gain(2, "second")


def _sim():
    return simulate_sealed(2, 50_000, fmt="second", strategy="truthful", right_of_first_refusal=True, seed=8)


def a4a():
    return _sim().refused.mean()


def a4b():
    return _sim().auctioneer_payoff.mean()


ANSWERS = {"1a": a1a, "1b": a1b, "1c": a1c, "2a": a2a, "3a": a3a, "3b": a3b, "4a": a4a, "4b": a4b}
