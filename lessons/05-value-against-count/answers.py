"""The answers of the lesson "Value against count", recomputed from bluffkit.

Each function recomputes one exercise's answer from the cost curve of a hand, the auction
engine playing the booklet's rules, the sympy theory, or a seeded simulation.
"""

from bluffkit.analysis.count_auctions import V, count_bid_expr, count_revenue_expr, note_cost, simulate_hand
from bluffkit.auctions.sample import cheapest
from bluffkit.core.game import make_game
from bluffkit.core.money import fmt
from bluffkit.session import HUMAN, Session

YB_START = (2, 4, 1, 0, 0, 0)          # You're Bluffing!, Setup: two 0s, four 10s, one 50
ANA = (1, 2, 3, 0, 0, 0)               # exercise 1a: one 0, two 10s, three 50s
BO = (0, 0, 0, 1, 1, 1)                # one 100, one 200, one 500
CALLED = 8                             # exercise 1c: the notes Daniel names


def a1a():
    """Dutch at 5 notes: Ana's five cheapest notes."""
    return note_cost(ANA, 5)


def a1b():
    """One note more than Bo can lay, at Ana's cheapest."""
    return note_cost(ANA, sum(BO) + 1)


def a1c():
    """Number Call: Annette keeps the cow and pays Daniel 8 notes, played through the engine."""
    game = make_game("auction", format="number-call")
    s = Session(game, [HUMAN, HUMAN], names=["Annette", "Daniel"], seed=1)
    s.chance("lot cow")
    s.play(f"bid {CALLED}", seat=1)
    s.play("buy 1", seat=0)
    s.play("pay " + fmt(cheapest(s.state.money[0], CALLED), game.rules.denominations), seat=0)
    return -game.scores(s.state)[0]


def a1d():
    return count_bid_expr(4, 1, 10).subs(V, 80)


def a1e():
    return count_revenue_expr(4, 100)


def _revenue(fmt_name):
    d = simulate_hand(fmt_name, hand=YB_START, high=90, auctions=400, seed=3)
    return float(d.groupby("auction").revenue.first().mean())


def a3a():
    return _revenue("secret-count")


def a3b():
    return _revenue("secret-value")


def a3c():
    return count_revenue_expr(3, 90)


ANSWERS = {"1a": a1a, "1b": a1b, "1c": a1c, "1d": a1d, "1e": a1e, "3a": a3a, "3b": a3b, "3c": a3c}
