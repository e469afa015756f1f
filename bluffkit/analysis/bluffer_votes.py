"""Deception and detection in Bluffer: a vote model with one convincing author, and a
table's gullibility estimated from its votes.

Rulebook: ``seeds/004_acaf89846761703d.txt`` (digest ``RULES.md`` section 4), "How to Play a
Question" and "5. Awarding Points": "You earn 2 points for every token bet by other players on
your invented answer. If you bet on the true answer, you also score 1 point." Everyone, the
Leader included, writes a false answer; everyone but the Leader votes, never on their own.

:mod:`bluffkit.analysis.bluffer_theory` derives the expected points when every voter spots the
truth with probability p (*detection*) and a fooled voter picks any false answer but their own
with equal chance. Here one author is better at *deception*: a fooled voter picks that author's
answer with weight w against weight 1 for each other false answer. With n players, the Leader
and the convincing author A (not the Leader):

* A as an author: 2 (1 - p) (n - 2) w / (w + n - 2) (the n - 2 other voters);
* the Leader: 2 (1 - p) ((n - 2) / (w + n - 2) + 1 / (n - 1)) (A, fooled, picks uniformly);
* every other author B: 2 (1 - p) ((n - 3) / (w + n - 2) + 1 / (n - 1));
* each voter also gets p for the truth; the table shares (n - 1)(2 - p), whatever w.

With w = 1 these are bluffer_theory's standard values. :func:`weighted_expected` derives them
with sympy from the vote probabilities; :func:`simulate_weighted` draws votes to check them;
:func:`spot_estimate` reads a table's detection rate (and its standard error) off its votes.

>>> e = weighted_expected()
>>> sp.simplify(e["convincing"] - 2*(1 - p)*(n - 2)*w/(w + n - 2))
0
>>> weighted_expected(4, sp.Rational(1, 4), 3)["convincing"]
9/5
>>> sp.factor(e["table"])
-(n - 1)*(p - 2)
>>> spot_estimate(truth_votes=12, votes=40)
(0.3, 0.07245688373094719)
"""

from __future__ import annotations

import math
from numbers import Integral, Rational, Real
from typing import TYPE_CHECKING

import numpy as np
import sympy as sp

from bluffkit.analysis.bluffer_theory import (
    N as n,  # the same symbols as bluffer_theory
    P as p,
)
from bluffkit.core.errors import RulesError, as_int, check_whole, quote
from bluffkit.core.seeding import check_seed

if TYPE_CHECKING:
    import pandas as pd

w = sp.Symbol("w", positive=True)
ROLES = ("leader", "convincing", "other_author", "voter", "table")


def _vote_share(weight, others):
    """The chance a fooled voter picks an answer of ``weight`` among answers whose weights
    add up to ``weight + others``."""
    return weight / (weight + others)


def _check_symbolic(name: str, value, ok, words: str) -> None:
    """Refuse ``value`` unless it is a sympy expression with a free symbol, or a number
    (not a boolean, not text: sympify would read text as code) that ``ok`` accepts."""
    if isinstance(value, sp.Basic) and value.free_symbols:
        return
    if isinstance(value, (bool, np.bool_, str)) or not isinstance(value, (Real, sp.Basic)):
        raise RulesError(f"{name} must be {words} or a sympy symbol, got {quote(value)}"[:200])
    x = sp.sympify(value if isinstance(value, sp.Basic) else (int(value) if isinstance(value, Integral) else
                                                             value if isinstance(value, Rational) else float(value)))
    if not x.is_real or not x.is_finite or not ok(x):
        raise RulesError(f"{name} must be {words}, got {quote(value)}"[:200])


def weighted_expected(players=n, spot=p, weight=w) -> dict[str, sp.Expr]:
    """Expected points per question (see the module docstring) by role: ``leader``,
    ``convincing`` (author A's points as an author), ``other_author`` (another non-leader's
    points as an author), ``voter`` (a voter's points for the truth) and ``table`` (all points
    of the question). Seats: the Leader, A, and n - 2 others. Each argument is a number or
    a sympy symbol (the defaults): players a whole number from 3, spot a probability from
    0 to 1, weight a number above 0."""
    _check_symbolic("players", players, lambda x: x.is_integer and x >= 3, "a whole number of at least 3")
    _check_symbolic("spot", spot, lambda x: 0 <= x <= 1, "a probability from 0 to 1 (0.4, not 40)")
    _check_symbolic("weight", weight, lambda x: x > 0, "a number above 0")
    players, spot, weight = sp.sympify(players), sp.sympify(spot), sp.sympify(weight)
    fooled = 1 - spot
    others = players - 2                                   # voters other than A
    # a voter other than A: candidates are A's answer (weight w) and the n - 2 other false
    # answers that are not their own (weight 1 each), the Leader's among them
    to_a = _vote_share(weight, players - 2)
    to_one = _vote_share(1, weight + players - 3)
    # A as a voter: n - 1 candidates of weight 1
    from_a = sp.Integer(1) / (players - 1)
    e = {
        "convincing": 2 * fooled * others * to_a,
        "leader": 2 * fooled * (others * to_one + from_a),
        "other_author": 2 * fooled * ((others - 1) * to_one + from_a),
        "voter": spot,
    }
    e["table"] = e["convincing"] + e["leader"] + (players - 2) * e["other_author"] + (players - 1) * spot
    return {k: sp.simplify(v) for k, v in e.items()}


def spot_estimate(truth_votes: int, votes: int) -> tuple[float, float]:
    """A table's detection rate from its votes: the share of votes on the truth, and that
    share's standard error sqrt(p (1 - p) / votes). Both are whole numbers (numpy's too, as
    a column's sum gives them)."""
    truth_votes, votes = as_int(truth_votes), as_int(votes)
    for name, x in (("truth_votes", truth_votes), ("votes", votes)):
        if isinstance(x, bool) or not isinstance(x, int) or x < 0:
            raise RulesError(f"{name} must be a count (an int >= 0), got {x!r}")
    if votes == 0 or truth_votes > votes:
        raise RulesError(f"need 0 <= truth_votes <= votes and votes > 0, got {truth_votes} of {votes}")
    share = truth_votes / votes
    return share, float(np.sqrt(share * (1 - share) / votes))


#: The most questions :func:`simulate_weighted` plays in one call (a row each).
MAX_QUESTIONS = 10_000_000


def simulate_weighted(players: int, spot: float, weight: float, questions: int, seed: int = 0) -> pd.DataFrame:
    """``questions`` seeded questions under the weighted vote model: seat 0 leads, seat 1 is the
    convincing author. One row per question with each seat's points (columns ``seat_0`` ...),
    scored by the rule: 2 to an author per vote by another player, 1 to a voter on the truth."""
    import pandas as pd

    check_seed(seed)
    players = as_int(players)
    if isinstance(players, bool) or not isinstance(players, int) or not 3 <= players <= 5:
        raise RulesError(f"players: 3 to 5 (Rules of Play for 3 to 5 Players), got {players!r}")
    for name, x in (("spot", spot), ("weight", weight)):
        if isinstance(x, bool) or not isinstance(x, Real) or not math.isfinite(x):
            raise RulesError(f"{name} must be a finite number, got {quote(x)}"[:200])
    if not 0 <= spot <= 1 or not weight > 0:
        raise RulesError(f"spot is a probability and weight > 0, got spot={spot!r}, weight={weight!r}")
    questions = check_whole(questions, "questions", 1, MAX_QUESTIONS)
    rng = np.random.default_rng(seed)
    weights = np.ones(players)
    weights[1] = weight
    points = np.zeros((questions, players))
    for voter in range(1, players):
        spots = rng.random(questions) < spot
        cand = [a for a in range(players) if a != voter]
        prob = weights[cand] / weights[cand].sum()
        picks = rng.choice(cand, size=questions, p=prob)
        points[spots, voter] += 1
        fooled = ~spots
        np.add.at(points, (np.nonzero(fooled)[0], picks[fooled]), 2)
    return pd.DataFrame(points, columns=[f"seat_{i}" for i in range(players)])
