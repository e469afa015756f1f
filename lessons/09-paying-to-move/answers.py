"""Lesson 09's exercise answers, each recomputed from bluffkit (the board, the rulebook's
scenarios, sympy, a seeded simulation of the board game)."""

from functools import lru_cache

from bluffkit.analysis import bidder_up as bu
from bluffkit.analysis import move_cost as mc
from bluffkit.core import scenario
from bluffkit.core.game import make_game

DENOMINATIONS = make_game("bidder-up").rules.denominations      # 0, 10, 50, 100, 200, 500 (L3)


def money(counts):
    """The value of a hand held as counts per denomination."""
    return sum(n * d for n, d in zip(counts, DENOMINATIONS))


def notes(counts):
    return sum(counts)


@lru_cache(maxsize=None)
def run(name):
    result = scenario.run(scenario.find(name))
    assert result.ok, f"the rulebook's numbers of {name} hold"
    return result


def cost(n):
    f = mc.step_cost_formula()
    (k,) = f.free_symbols
    return f.subs(k, n)


def a1a():
    """The largest change of spaces the starting money (counted in notes) pays for."""
    states = run("bu-board-move-two-more-costs-3").states
    start_notes = notes(states[0].money[0])
    # the rulebook's example as the engine plays it: 2 spaces off the roll cost 3 notes
    assert len(states[-1].piggy) - len(states[0].piggy) == 2 * cost(2)
    return max(n for n in range(start_notes + 1) if cost(n) <= start_notes)


def a1b():
    """4 spaces more in one turn against 2 more on each of two turns: the notes saved."""
    return cost(4) - 2 * cost(2)


def a1c():
    """Annette's 3 notes, paid with her cheapest notes: the money they cost."""
    states = run("bu-board-move-two-more-costs-3").states
    paid = notes(states[0].money[0]) - notes(states[1].money[0])
    assert paid == 3
    return money(states[0].money[0]) - money(states[1].money[0])


FROM = "pen-2"        # exercise 2: where Annette's example leaves her


def a2a():
    return mc.expected_cost("animal-market", FROM, "pen-3")


def a2b():
    return mc.expected_cost("animal-market", FROM, "pen-4")


def a2c():
    """The chance that some pen is reachable for free from Pen 2 (faces equally likely)."""
    from fractions import Fraction

    faces = mc.die_faces()
    free = [f for f in faces if (mc.move_costs("animal-market", FROM, f, budget_notes=0)["kind"] == "pen").any()]
    return Fraction(len(free), len(faces))


def a3a():
    """Annette's money after auctioning the cow she paid 1 note to reach, against before."""
    states = run("bu-board-annette-cow-classic-120").states
    assert states[-1].piggy == (0,), "she paid with a 0-note"
    return money(states[-1].money[0]) - money(states[0].money[0])


def a3b():
    """The same detour paid with a 10 instead of a 0: the money gained by it."""
    return a3a() - 10


@lru_cache(maxsize=None)
def sim():
    return bu.simulate_board(games=20, board="animal-market", players=4, seed=11, progress=False).seats


def a4a():
    s = sim()
    h = s[s["bot"] == "heuristic"]
    return h["paid_moves"].sum() / h["moves"].sum()


def a4b():
    s = sim()
    return s["notes_moved"].corr(s["score"])


def a4c():
    s = sim()
    h = s[s["bot"] == "heuristic"]
    return h["notes_moved"].corr(h["score"])


ANSWERS = {"1a": a1a, "1b": a1b, "1c": a1c, "2a": a2a, "2b": a2b, "2c": a2c,
           "3a": a3a, "3b": a3b, "4a": a4a, "4b": a4b, "4c": a4c}
