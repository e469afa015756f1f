"""Many auctions of any Bidder Up! format through the engine, as a tidy frame.

:func:`bluffkit.analysis.auction_sim.simulate_sealed` is the fast, vectorized model of
first- and second-price sealed bids. This module plays the booklet's own formats rule
by rule (:mod:`bluffkit.auctions`): open outcry, the Dutch count, count pricing paid in
notes, no change, can't-pay-must-show, the auctioneer's right of first refusal. It is
slower (thousands of auctions a second, not millions) but it is the real game.

Each auction: seat 0 is the auctioneer and seats 1..n the bidders; chance sets out a
lot; every seat draws a private value for it from ``values`` (on [0, 1], times
``scale`` in money), and plays as a :class:`~bluffkit.agents.auction.Bidder` with its
``strategy``. The frame has the columns of ``simulate_sealed`` (values, prices and
revenue divided by ``scale``, so the two compare): ``winner`` is the bidder (1..n) the
sale was awarded to (-1: nobody bid), ``price`` the award price (in count auctions the
number of notes), ``revenue`` the auctioneer's cash gain, ``refused`` whether the
auctioneer kept the lot, ``auctioneer_payoff`` its cash gain plus its value of the lot
if it kept it.

>>> df = simulate_engine("second-hand", bidders=3, auctions=20, seed=1)
>>> len(df), sorted(set(df.format))
(20, ['Second Hand'])
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from bluffkit.agents.auction import STRATEGIES, Bidder
from bluffkit.analysis.auction_sim import COLUMNS, value_law
from bluffkit.auctions.rules import FORMATS
from bluffkit.core.errors import RulesError
from bluffkit.core.game import make_game
from bluffkit.core.play import paused_gc, play
from bluffkit.core.seeding import check_seed, game_seeds

#: Start money for the lab: enough notes (1,600 in all) that a value of up to 1,000 can be paid.
LAB_MONEY = (2, 10, 4, 4, 2, 1)


def lab_game(fmt: str, double: bool = False, **options):
    """The auction game the lab plays: lab money, and any number of bidders, except in the
    two-player formats (Number Call, The Call), whose rules name one other player."""
    options.setdefault("start_money", LAB_MONEY)
    two = fmt in FORMATS and FORMATS[fmt].players == (2, 2)
    return make_game("auction", format=fmt, double=double, player_limits=two, **options)


def simulate_engine(fmt: str = "second-hand", bidders: int = 3, auctions: int = 1000, *, values="uniform",
                    scale: int = 1000, strategy="truthful", shade: float = 0.8, right: bool = True,
                    double: bool = False, seed: int = 0, progress=False) -> pd.DataFrame:
    """Play ``auctions`` seeded auctions of format ``fmt`` through the engine (see the module
    docstring). ``strategy``: one for all bidders or one per bidder; ``right``: whether the
    auctioneer uses its right of first refusal (it keeps a lot worth more to it than twice
    the price); ``progress``: ``True`` for a text bar, or a callable ``progress(done, total)``
    (the lab panel's bar)."""
    check_seed(seed)
    if fmt not in FORMATS:
        raise RulesError(f"unknown auction format {fmt!r}; the formats are: {', '.join(FORMATS)}")
    if isinstance(bidders, bool) or not isinstance(bidders, int) or not 1 <= bidders <= 9:
        raise RulesError(f"bidders must be 1 to 9, got {bidders!r}")
    if isinstance(auctions, bool) or not isinstance(auctions, int) or auctions < 1:
        raise RulesError(f"auctions must be an int >= 1, got {auctions!r}")
    strategies = list(strategy) if isinstance(strategy, (list, tuple)) else [strategy] * bidders
    if len(strategies) != bidders or any(s not in STRATEGIES for s in strategies):
        raise RulesError(f"strategy: one of {', '.join(STRATEGIES)} for all, or one per bidder ({bidders})")
    try:
        _, draw, _ = value_law(values)
    except ValueError as e:
        raise RulesError(str(e)) from None
    game = lab_game(fmt, double)
    game.check_players(bidders + 1)
    seeds = game_seeds(seed, auctions)
    rng = np.random.default_rng(seed)
    vals = np.clip(draw(rng, (auctions, bidders + 1)), 0.0, None)
    title = FORMATS[fmt].title
    rows = []
    bar = None
    if progress is True:
        from tqdm import tqdm
        bar = tqdm(total=auctions, desc=f"{title} auctions", unit="auction")
    with paused_gc():
        for i in range(auctions):
            money = [float(v) * scale for v in vals[i]]
            agents = [Bidder(values=money[0], strategy="truthful", use_right=right)]
            agents += [Bidder(values=money[k + 1], strategy=strategies[k], shade=shade) for k in range(bidders)]
            rec = play(game, agents, seeds[i])
            rows.append(_row(rec.final, vals[i], i, title, bidders, strategies, right, scale, game))
            if bar is not None:
                bar.update(1)
            elif callable(progress) and (i % 50 == 49 or i == auctions - 1):
                progress(i + 1, auctions)
    if bar is not None:
        bar.close()
    return pd.DataFrame(rows, columns=COLUMNS)


def _row(t, v, i, title, n, strategies, right, scale, game) -> dict:
    awards = t.awards
    winner = awards[0][0] if awards else -1
    price = awards[0][2] if awards else 0
    kept = any(s == 0 for _, s in t.owners) and bool(awards)
    cash = game.scores(t.freeze())[0] / scale
    bidder_values = v[1:]
    return {"auction": i, "format": title, "n": n,
            "strategy": strategies[0] if len(set(strategies)) == 1 else "mixed", "right": right,
            "winner": winner, "winning_value": float(v[winner]) if winner > 0 else np.nan,
            "highest_value": float(bidder_values.max()), "winning_bid": price, "price": price,
            "revenue": cash,
            "winner_surplus": (float(v[winner]) - price / scale if not kept else price / scale) if winner > 0
            else 0.0,
            "efficient": bool(winner > 0 and v[winner] >= bidder_values.max()),
            "auctioneer_value": float(v[0]), "refused": kept,
            "auctioneer_payoff": cash + (float(v[0]) if any(s == 0 for _, s in t.owners) else 0.0)}
