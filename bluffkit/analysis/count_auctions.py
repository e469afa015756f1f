"""Count auctions against value auctions: what a bid of k notes costs, and what theory and
the engine say a bidder should lay.

Rulebook: Bidder Up! (``seeds/001_471d016d4225c3fa.txt``), "Auction Pens": "In Value
auctions, the value of the bid counts (e.g., "120") ... 0-notes are therefore only useful
here for bluffing. In Count auctions, the number of notes bid counts (e.g., "5 notes"). Here
the value of the notes bid is irrelevant -- 0-notes count just as much as any other note."
The count auctions are "3. Dutch Auction", "5. Secret Count", "7. American Count" and "9.
Number Call"; the others, Cat in the Bag included, are value auctions.

**What a count bid costs.** The winner of a count auction hands over the number of notes
bid, and chooses which: the cheapest. So a hand's *cost curve* c(k), the sum of its k
lowest notes, turns a bid in notes into money (:func:`note_cost`, :func:`cost_curve`); the
most notes a bidder will lay for a lot worth v is the largest k with c(k) <= v
(:func:`most_notes`). A hand with many small notes bids many notes cheaply; a rich hand of
a few big notes cannot bid many at any price.

**The symmetric model** (:func:`count_bid_expr`, :func:`count_revenue_expr`). n bidders,
values independent and uniform on [0, H] in money, and every bidder holds the same hand:
z zeros and enough notes of one value w. Then c(k) = w (k - z) for k >= z, so a count bid
is a first-price bid in money, shifted by the z free notes: the equilibrium lays
z + (n - 1) v / (n w) notes and the auctioneer expects (n - 1) H / (n + 1) in money, the same
as in the value auction (Secret Value). The zeros change the number of notes laid, not the
money paid: they matter only when the hands differ.

:func:`simulate_hand` plays the booklet's own rules through the engine, every bidder
starting with the same hand, and returns one row per bid.

>>> D = (0, 10, 50, 100, 200, 500)
>>> start = (2, 4, 1, 0, 0, 0)                 # You're Bluffing!'s start: two 0s, four 10s, one 50
>>> cost_curve(start, D)
[0, 0, 0, 10, 20, 30, 40, 90]
>>> note_cost(start, 5, D), most_notes(start, 35, D)
(30, 5)
>>> count_bid_expr()
z + v*(n - 1)/(n*w)
"""

from __future__ import annotations

from collections.abc import Iterable
from numbers import Integral, Real
from typing import TYPE_CHECKING, cast

import numpy as np
import sympy as sp

from bluffkit.analysis.auction_theory import N as _N, V as _V, equilibrium_bid, expected_revenue
from bluffkit.auctions.rules import DENOMINATIONS, FORMATS, MAX_NOTES, VALUE_BOUND, value_ok
from bluffkit.auctions.sample import cheapest, notes_for
from bluffkit.core.errors import RulesError, as_int, quote
from bluffkit.core.money import total
from bluffkit.core.seeding import check_seed, game_seeds

if TYPE_CHECKING:
    import pandas as pd

N, V = _N, _V
Z, W, H = sp.symbols("z w H", positive=True)

#: The classroom hand of the lesson on count auctions: two 0s and six 10s (60 in money, 8 notes).
CLASS_HAND = (2, 6, 0, 0, 0, 0)

SIM_COLUMNS = ["auction", "format", "pricing", "seat", "value", "bid", "notes", "cost", "won", "price",
               "revenue", "efficient"]


def _hand(hand, denoms) -> tuple[int, ...]:
    if not isinstance(denoms, Iterable) or isinstance(denoms, (str, bytes)) or any(
            isinstance(d, bool) or not isinstance(d, Integral) or d < 0 for d in denoms):
        raise RulesError(f"denoms must be a list of note values, e.g. {DENOMINATIONS}, got {quote(denoms)}")
    if not isinstance(hand, Iterable) or isinstance(hand, (str, bytes)):
        raise RulesError(f"a hand gives one count >= 0 per denomination {tuple(denoms)} (a list such as "
                         f"{CLASS_HAND}), got {quote(hand)}")
    hand = tuple(as_int(c) for c in hand)       # (np.int64 counts, as a numpy array gives them)
    if len(hand) != len(tuple(denoms)) or any(isinstance(c, bool) or not isinstance(c, int) or c < 0 for c in hand):
        raise RulesError(f"a hand gives one count >= 0 per denomination {tuple(denoms)}, got {quote(hand)}")
    if sum(hand) > MAX_NOTES:
        raise RulesError(f"a hand holds at most {MAX_NOTES:,} notes, as in the auction engine; got {sum(hand):,}")
    return hand


def note_cost(hand, k: int, denoms=DENOMINATIONS) -> int:
    """What laying ``k`` notes of ``hand`` costs, choosing the cheapest (Bidder Up!, "Auction
    Pens": in a count auction "0-notes count just as much as any other note")."""
    hand, k = _hand(hand, denoms), as_int(k)
    if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= sum(hand):
        raise RulesError(f"k must be a number of notes from 0 to {sum(hand)} (the notes held), got {k!r}")
    return total(cheapest(hand, k), tuple(denoms))


def cost_curve(hand, denoms=DENOMINATIONS) -> list[int]:
    """c(0), c(1), ..., c(notes held): the money a bid of k notes costs."""
    hand = _hand(hand, denoms)
    return [note_cost(hand, k, denoms) for k in range(sum(hand) + 1)]


def most_notes(hand, budget: float, denoms=DENOMINATIONS) -> int:
    """The most notes of ``hand`` whose cheapest choice is worth no more than ``budget``."""
    hand = _hand(hand, denoms)
    budget = _plain(budget)                      # (np.int64(35) is a number too)
    if isinstance(budget, bool) or not isinstance(budget, (int, float)) or not budget >= 0:     # (nan fails)
        raise RulesError(f"budget must be a number >= 0, got {budget!r}")
    return notes_for(hand, budget, tuple(denoms))


def _amount(x, name: str, what: str, positive: bool):
    """``x`` when it is a finite number >= 0 (> 0 if ``positive``) or a sympy expression with
    symbols in it (these formulas are symbolic by design); else a :class:`RulesError`. Text is
    refused, never read by sympy."""
    if isinstance(x, sp.Basic) and x.free_symbols:
        return x
    if isinstance(x, sp.Basic):
        ok = bool(x.is_extended_real and x.is_finite and (x > 0 if positive else x >= 0))
    else:
        ok = (not isinstance(x, bool) and isinstance(x, Real)
              and bool(0 <= cast(float, x) < float("inf")) and (cast(float, x) > 0 or not positive))                      # (nan fails)
    if not ok:
        raise RulesError(f"{name} must be a number {'> 0' if positive else '>= 0'} ({what}) or a sympy "
                         f"symbol, got {quote(x)}")
    return x


def count_bid_expr(n=N, zeros=Z, unit=W) -> sp.Expr:
    """Notes laid in the symmetric count equilibrium by a bidder of value ``v``: the
    first-price equilibrium bid (:func:`bluffkit.analysis.auction_theory.equilibrium_bid`,
    values uniform) spent in notes of value ``unit`` after the ``zeros`` free notes.
    ``zeros`` is a number >= 0 and ``unit`` a number > 0, or sympy symbols."""
    zeros = _amount(zeros, "zeros", "the free 0-notes of each hand", positive=False)
    unit = _amount(unit, "unit", "the value of each other note", positive=True)
    return zeros + equilibrium_bid(n, "first") / unit


def count_revenue_expr(n=N, high=H) -> sp.Expr:
    """The auctioneer's expected money in the symmetric count equilibrium, values uniform on
    [0, ``high``]: the first-price revenue (n - 1)/(n + 1) scaled to ``high``. The zeros
    drop out: every bidder's first z notes are free, so competition starts after them.
    ``high`` is a number > 0 or a sympy symbol."""
    high = _amount(high, "high", "the top of the values", positive=True)
    return sp.simplify(expected_revenue(n, "first") * high)


def simulate_hand(fmt: str = "secret-count", hand=CLASS_HAND, bidders: int = 3, auctions: int = 200, *,
                  high: int = 60, strategy: str = "equilibrium", seed: int = 0) -> pd.DataFrame:
    """``auctions`` seeded auctions of format ``fmt`` through the engine: every bidder starts
    with ``hand`` (counts of the notes 0, 10, 50, 100, 200, 500), draws a private value
    uniform on [0, ``high``] and bids by ``strategy`` (a
    :class:`~bluffkit.agents.auction.Bidder`); the auctioneer always sells. One row per
    bidder and auction: ``bid`` as the format counts it (notes or money), ``notes`` laid,
    ``cost`` (the money those notes are worth, or the bid), ``won``, the auction's
    ``price`` (in the format's unit), the auctioneer's ``revenue`` in money, and whether the
    lot went to the highest value (``efficient``).

    ``fmt`` is the name of a sealed format (text); ``bidders`` and ``auctions`` are whole
    numbers >= 1 and ``high`` a number above 0, at most 10,000 (numpy numbers are taken
    too; True and False are not); ``seed`` a whole number >= 0."""
    import pandas as pd

    from bluffkit.agents.auction import Bidder
    from bluffkit.auctions.actions import Bid, Place
    from bluffkit.core.game import make_game
    from bluffkit.core.play import play_games

    seed = check_seed(seed)
    if not isinstance(fmt, str) or fmt not in FORMATS or FORMATS[fmt].style not in ("sealed", "sealed-notes"):
        sealed = [f for f, x in FORMATS.items() if x.style in ("sealed", "sealed-notes")]
        raise RulesError(f"simulate_hand plays the sealed formats ({', '.join(sealed)}), got {quote(fmt)}")
    auctions, bidders = _plain(auctions), _plain(bidders)
    if isinstance(auctions, bool) or not isinstance(auctions, int) or auctions < 1:
        raise RulesError(f"auctions must be an int >= 1, got {quote(auctions)}")
    high = _plain(high)
    if not value_ok(high) or not high > 0:
        raise RulesError(f"high must be a number above 0: {VALUE_BOUND}; got {quote(high)}")
    if isinstance(bidders, bool) or not isinstance(bidders, int) or bidders < 1:
        raise RulesError(f"bidders must be an int >= 1, got {quote(bidders)}")
    game = make_game("auction", format=fmt, start_money=_hand(hand, DENOMINATIONS))
    game.check_players(bidders + 1)
    rng = np.random.default_rng(seed)
    values = rng.uniform(0, high, size=(auctions, bidders))
    pricing = FORMATS[fmt].pricing
    rows = []

    def agents(i):
        return [Bidder(0, use_right=False)] + [Bidder(float(v), strategy=strategy) for v in values[i]]

    for i, rec in play_games(game, game_seeds(seed, auctions), agents):
        state = rec.final.freeze()
        winner = state.awards[0][0] if state.awards else -1
        price = state.awards[0][2] if state.awards else 0
        revenue = game.scores(state)[0]
        bids = {seat: a for seat, a in rec.moves if seat is not None and isinstance(a, (Bid, Place))}
        top = float(values[i].max())
        for k in range(bidders):
            seat, action = k + 1, bids.get(k + 1)
            if isinstance(action, Place):
                notes, cost = sum(action.notes), total(action.notes, DENOMINATIONS)
                bid = notes
            elif isinstance(action, Bid):
                notes, cost, bid = 0, action.amount, action.amount
            else:
                notes, cost, bid = 0, 0, 0
            rows.append({"auction": i, "format": FORMATS[fmt].title, "pricing": pricing, "seat": seat,
                         "value": float(values[i][k]), "bid": bid, "notes": notes, "cost": cost,
                         "won": seat == winner, "price": price, "revenue": revenue,
                         "efficient": winner > 0 and float(values[i][winner - 1]) >= top})
    return pd.DataFrame(rows, columns=SIM_COLUMNS)


def _plain(x):
    """``x`` as a Python number when it is a numpy one (``np.int64(60)``, ``np.float64(0.5)``;
    not a numpy bool), else ``x`` itself: the checks above take Python numbers."""
    if isinstance(x, np.integer):
        return int(x)
    if isinstance(x, np.floating):
        return float(x)
    return x
