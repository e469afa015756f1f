"""Lesson 02's exercise answers, each recomputed from bluffkit (the engine, sympy, a seeded simulation)."""

import sympy as sp

from bluffkit.analysis import auction_theory as th
from bluffkit.analysis.auction_lab import lab_game, payoffs
from bluffkit.analysis.auction_sim import simulate_sealed, what_if_sweep
from bluffkit.session import Session


def second_hand(bids, values):
    """A Second Hand auction of a cow played through the engine ("8. Second Hand"): bidders
    1..3 bid ``bids``; the auctioneer sells; the winner pays. Returns (price, winner, payoffs)."""
    game = lab_game("second-hand")
    s = Session(game, ["human"] * 4, seed=0)
    s.chance("lot cow")
    for seat, bid in enumerate(bids, start=1):
        s.play(f"bid {bid}", seat)
    s.play("sell", 0)
    winner, _, price = s.state.awards[0]
    s.play(str(s.legal(winner).actions(1)[0]), winner)     # pay with the fewest notes
    assert s.over
    return price, winner, payoffs(game, s.state, [0] + list(values))


VALUES = [150, 100, 110]       # Annette, Frank, Daniel (only Annette's value is asked about)


def a1a():
    """The booklet's auction with Daniel bidding 110 instead of 60."""
    price, winner, _ = second_hand([120, 100, 110], VALUES)
    assert winner == 1, "Annette (bidder 1) wins"
    return price


def a1b():
    return second_hand([120, 100, 110], VALUES)[2][1]["payoff"]


def a1c():
    price, winner, _ = second_hand([90, 100, 110], VALUES)
    assert winner == 3, "Daniel (bidder 3) wins"
    return price


def a2a():
    sweep = what_if_sweep([90, 100, 60], [90, 100, 60], bidder=0, fmt="second", xs=[120])
    return sweep["surplus"].item()


def a3a():
    """Four bidders: the second-highest value against its density, as the exercise asks."""
    derived = sp.integrate(th.Y * th.order_statistic_density(4, 2), (th.Y, 0, 1))
    assert derived == th.expected_revenue(4, "second")
    return derived * 1000


def a3b():
    return th.bidder_surplus(4, "second") * 1000


def a4a():
    df = simulate_sealed(3, 20_000, fmt="second", strategy=["shade", "truthful", "truthful"],
                         shade=[0.2, None, None], seed=5)
    return df["efficient"].mean()


ANSWERS = {"1a": a1a, "1b": a1b, "1c": a1c, "2a": a2a, "3a": a3a, "3b": a3b, "4a": a4a}
