"""The answers of the lesson "Bluffing with zeros", recomputed from bluffkit.

Trades are played through the engine from the rulebooks' positions; the equilibrium and
the deviations come from the sympy derivation in :mod:`bluffkit.analysis.trade_duels`; the
simulated gain from its seeded simulation.
"""

from bluffkit.analysis import trade_duels as td


def a1a():
    """The rulebook's trade for the 6, with Ben countering 50 + 10 instead of 50 + 0."""
    start = {"leader": "Anna", "herds": {"Anna": {"6": 1}, "Ben": {"6": 1}}}
    example = td.trade_result("horse-trading", [("Anna", "trade 1 6 10+0+0"), ("Ben", "counter 50+0")], start)
    assert example["gain"]["Anna"] == 40, "the rulebook's example: Anna gained 40 in money"
    return td.trade_result("horse-trading", [("Anna", "trade 1 6 10+0+0"), ("Ben", "counter 50+10")],
                           start)["gain"]["Anna"]


def a1b():
    start = {"leader": "Anna", "herds": {"Anna": {"cat": 1}, "Ben": {"cat": 1}}}
    moves = [("Anna", "trade 1 cat 10+0"), ("Ben", "counter 10+0"), ("Anna", "offer 50"), ("Ben", "counter 10+10+10")]
    return -td.trade_result("youre-bluffing", moves, start)["gain"]["Anna"]


def a1c():
    start = {"leader": "Anna", "herds": {"Anna": {"3": 1}, "Ben": {"3": 1}}}
    facts = td.trade_result("horse-trading", [("Anna", "trade 1 3 10+0"), ("Ben", "counter 10+0")], start)
    return facts["herds"]["Anna"].get("3", 0)


def a1d():
    return td.allpay_offer_expr().subs({td.V: 60, td.H: 100})


def a1e():
    return td.expected_offer_expr().subs(td.H, 90)


def a3a():
    return td.deviation_gain_expr(td.V / 2)


def a3b():
    return float(td.simulate_duels(100_000, "half", seed=1).gain.mean())


def a3c():
    return td.deviation_gain_expr(0 * td.V)


ANSWERS = {"1a": a1a, "1b": a1b, "1c": a1c, "1d": a1d, "1e": a1e, "3a": a3a, "3b": a3b, "3c": a3c}
