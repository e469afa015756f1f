"""The face-down trade of You're Bluffing! and Horse Trading as a sealed-bid contest.

Rulebooks: You're Bluffing! (``seeds/000_24ecb2a39eece5b2.txt``), "The Cattle Trade";
Horse Trading (``seeds/003_cdab582bd47c4f5f.txt``), "Trade"; digest ``RULES.md`` section 1.
The challenger lays an offer face down; the challenged player accepts it, or counters face
down: "you swap the two offers ... Whoever offered more gets the other player's animal ...
Each player keeps the money they received" (Horse Trading; a tie goes to the challenger;
in You're Bluffing! the challenger offers again, and a second tie gives the animal to the
challenger free). Offers may hold any number of notes, zeros included, "or even offer nothing
at all": the number of cards is seen, their value is not.

**The trade is an all-pay auction in disguise.** Let v_i be what winning the trade (ending
with both animals rather than none) is worth to player i, and b_i the offer. Each pays b_i and
receives b_j, so i's gain is

    u_i = v_i [b_i > b_j] + b_j - b_i.

The term b_j is the rival's choice, not i's, so i chooses b_i to maximise v_i P(win) - b_i:
exactly an all-pay auction, where every bidder pays its bid win or lose. With values
independent and uniform on [0, H] and one rival, the symmetric equilibrium offer solves
b'(v) = v / H (the first-order condition, :func:`allpay_ode`), so b(v) = v^2 / (2H)
(:func:`allpay_offer_expr`); the expected offer is H/6 and the expected gain of a player of
value v is v^2/(2H) + H/6 (:func:`expected_gain_expr`). Accepting an offer a gives the same as
countering with nothing (Horse Trading, where the tie of an empty counter with an empty
offer goes to the challenger): the responder gets a and loses the animal either way.

:func:`simulate_duels` draws many duels and plays them by the payoff above;
:func:`trade_result` plays one trade through the engine from a start position.

>>> allpay_offer_expr()
v**2/(2*H)
>>> expected_gain_expr().subs({H: 1, V: 1})
2/3
>>> deviation_gain_expr(V / 2), deviation_gain_expr(V ** 2 / 2)
(19/60, 1/3)
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from numbers import Real
from typing import TYPE_CHECKING

import numpy as np
import sympy as sp

from bluffkit.core.errors import RulesError, as_int, quote
from bluffkit.core.seeding import check_seed

if TYPE_CHECKING:
    import pandas as pd

V, H, X = sp.symbols("v H x", positive=True)
B = sp.Function("b")

#: How a duellist offers, as a function of its value v and the value scale H.
STRATEGIES = {
    "equilibrium": lambda v, high: v ** 2 / (2 * high),
    "half": lambda v, high: v / 2,
    "nothing": lambda v, high: 0 * v,
}


def allpay_ode() -> sp.Eq:
    """The first-order condition of the symmetric offer b(v) against one rival of value uniform
    on [0, H]: a bidder of value v who offers as if its value were x wins with chance x/H and
    pays b(x); its gain v x / H - b(x) is greatest at x = v."""
    gain = V * X / H - B(X)
    return sp.Eq(sp.diff(gain, X).subs(X, V), 0)


@lru_cache(maxsize=None)          # (solved once: sympy expressions are immutable)
def allpay_offer_expr() -> sp.Expr:
    """The symmetric equilibrium offer, the solution of :func:`allpay_ode` with b(0) = 0."""
    sol = sp.dsolve(allpay_ode(), B(V), ics={B(0): 0})
    return sp.simplify(sol.rhs)


@lru_cache(maxsize=None)
def expected_offer_expr() -> sp.Expr:
    """E[b(v)] for v uniform on [0, H]."""
    return sp.simplify(sp.integrate(allpay_offer_expr() / H, (V, 0, H)))


@lru_cache(maxsize=None)
def expected_gain_expr() -> sp.Expr:
    """The expected gain of a player of value v when both offer the equilibrium: v times the
    chance of winning (v/H), less its own offer, plus the rival's expected offer."""
    return sp.simplify(V * V / H - allpay_offer_expr() + expected_offer_expr())


def deviation_gain_expr(offer: sp.Expr) -> sp.Expr:
    """The expected gain (averaged over the player's own value too, values on [0, 1]) of a player
    who offers ``offer`` (an expression in v, increasing, at most 1/2) against a rival playing the
    equilibrium: it wins when the rival's w^2/2 is below its offer, i.e. w < sqrt(2 offer)."""
    win = sp.sqrt(2 * offer)            # the chance that w^2/2 < offer, for offers at most 1/2
    rival = expected_offer_expr().subs(H, 1)
    return sp.simplify(sp.integrate(V * win - offer, (V, 0, 1)) + rival)


#: The most duels :func:`simulate_duels` draws in one call: its frame takes 41 bytes a duel,
#: more while it is built.
MAX_DUELS = 10_000_000
#: The largest value scale ``high`` takes (as the uniform laws of
#: :mod:`bluffkit.analysis.auction_sim`): squared offers of far larger values overflow.
MAX_HIGH = 1e12


def simulate_duels(duels: int = 10_000, strategy: str = "equilibrium", rival: str = "equilibrium",
                   high: float = 1.0, seed: int = 0) -> pd.DataFrame:
    """``duels`` seeded trades between a player offering by ``strategy`` and a rival offering by
    ``rival`` (names of :data:`STRATEGIES`), values uniform on [0, ``high``]; ties go to the
    player (the challenger, as in Horse Trading). Columns ``value``, ``offer``,
    ``rival_value``, ``rival_offer``, ``won`` and ``gain`` (the player's u above). ``duels`` is 1
    to :data:`MAX_DUELS` (10,000,000), a whole number (numpy's too); ``high`` a number > 0, at
    most :data:`MAX_HIGH` (1e12)."""
    import pandas as pd

    check_seed(seed)
    for name in (strategy, rival):
        if not isinstance(name, str) or name not in STRATEGIES:
            raise RulesError(f"unknown strategy {name!r}; choose from {', '.join(STRATEGIES)}")
    duels = as_int(duels)
    if isinstance(duels, bool) or not isinstance(duels, int) or duels < 1:
        raise RulesError(f"duels must be an int >= 1, got {duels!r}")
    if duels > MAX_DUELS:
        raise RulesError(f"duels: at most {MAX_DUELS:,} in one call (run more calls with other seeds), got {duels:,}")
    if isinstance(high, (bool, np.bool_)) or not isinstance(high, Real) or not 0 < high <= MAX_HIGH:   # (nan fails)
        raise RulesError(f"high must be a number > 0 and at most {MAX_HIGH:g} (the top of the values), got {quote(high)}")
    rng = np.random.default_rng(seed)
    v, w = rng.uniform(0, high, size=(2, duels))
    a, b = STRATEGIES[strategy](v, high), STRATEGIES[rival](w, high)
    won = a >= b
    return pd.DataFrame({"value": v, "offer": a, "rival_value": w, "rival_offer": b, "won": won,
                         "gain": v * won + b - a})


def trade_result(game: str, moves: list[tuple[str, str]], start: dict, seats=("Anna", "Ben", "Carla")) -> dict:
    """Play one trade through the engine: ``moves`` as (player, move) pairs from ``start`` (a
    scenario's start: leader, herds, money). Returns the game's facts at the end, with
    ``gain``, each player's money at the end less at the start.

    ``moves`` is a list (or tuple) of pairs of texts, e.g. ``[("Anna", "trade 1 6 10+0+0"),
    ("Ben", "counter 50+0")]``; ``seats`` a list (or tuple) of names. Anything else is
    refused with a :class:`RulesError` (a scenario's own checks then name what is wrong in
    the game, the start and the moves)."""
    from bluffkit.core import scenario

    if not isinstance(moves, (list, tuple)):
        raise RulesError(f"moves must be a list of (player, move) pairs, e.g. [('Anna', 'trade 1 6 10+0+0'), "
                         f"('Ben', 'counter 50+0')], got {quote(moves)}")
    for i, pair in enumerate(moves):
        if not isinstance(pair, (list, tuple)) or len(pair) != 2:
            raise RulesError(f"moves[{i}] must be a (player, move) pair such as ('Anna', 'trade 1 6 10+0+0'), "
                             f"got {quote(pair)}")
    if not isinstance(seats, Iterable):
        raise RulesError(f"seats must be a list of names, e.g. ['Anna', 'Ben', 'Carla'], got {quote(seats)}")
    data = {"name": "trade", "title": "a trade", "source": "lesson", "game": game, "seats": list(seats),
            "start": start, "moves": [{"by": who, "do": do} for who, do in moves], "expect": []}
    sc = scenario.from_dict(data)
    res = scenario.run(sc)
    first = sc.game.facts(res.states[0], sc.seats)
    last = dict(sc.game.facts(res.states[-1], sc.seats))
    last["gain"] = {s: last["money"][s] - first["money"][s] for s in sc.seats}
    return last
