"""The answers of the lesson "Deception and detection", recomputed from bluffkit.

The worked question is played through the engine from its scenario; the expectations come
from the sympy derivations of :mod:`bluffkit.analysis.bluffer_theory` and
:mod:`bluffkit.analysis.bluffer_votes`; the simulated means from seeded simulations.
"""

import sympy as sp

from bluffkit.analysis import bluffer_theory as bt
from bluffkit.analysis import bluffer_votes as bv
from bluffkit.analysis.bluffer_data import simulate
from bluffkit.core import scenario


def _worked_gains():
    result = scenario.run(scenario.find("bluffer-worked-question"))
    return result.scenario.game.facts(result.states[-1], result.scenario.seats)["last_gains"]


def a1a():
    return _worked_gains()["Anne"]


def a1b():
    return sum(_worked_gains().values())


def a1c():
    return bt.standard_expected()["leader"].subs(bt.P, sp.Rational(2, 5))


def a1d():
    e = bt.standard_expected()
    (p,) = sp.solve(sp.Eq(e["leader"], e["non_leader"]).subs(bt.N, 5), bt.P)
    return p


def a1e():
    return bv.weighted_expected(4, sp.Rational(1, 4), 3)["convincing"]


def a1f():
    four = bv.weighted_expected(4, bv.p, bv.w)
    (w,) = sp.solve(sp.Eq(four["convincing"], four["leader"]), bv.w)
    return w


def a3a():
    games = simulate(4, [0.4] * 4, games=300, seed=3, rounds=1)
    return float(games[games.role == "leader"].points.mean())


def a3b():
    return float(bv.simulate_weighted(4, 0.25, 3, 20_000, seed=1).seat_1.mean())


def a3c():
    e = bv.weighted_expected(4, sp.Rational(1, 4), 3)
    return e["convincing"] + e["voter"]


ANSWERS = {"1a": a1a, "1b": a1b, "1c": a1c, "1d": a1d, "1e": a1e, "1f": a1f, "3a": a3a, "3b": a3b, "3c": a3c}
