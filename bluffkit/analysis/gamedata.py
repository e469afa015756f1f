"""Tidy pandas frames from one game of You're Bluffing! / Horse Trading.

Every function here is pure: it reads a game's states and moves and returns a
new :class:`pandas.DataFrame`; nothing is drawn, written or changed. The frames
feed :mod:`bluffkit.analysis.charts`.

All functions take the same four arguments, available from a session or a log:

- ``game``: the game object (its ``rules`` name the families and notes);
- ``states``: every state, ``states[i]`` being the state after ``i`` moves;
- ``moves``: ``moves[i] = (seat or None for chance, action)``, the move from
  ``states[i]`` to ``states[i + 1]`` (a scenario's ``(seat, action, say)`` triples
  are accepted too: only the first two items are read);
- ``names``: the players' names, one per seat.

``step`` in every frame is a state index: in :func:`money_frame` it is the state
the money is read from, in the other frames the number of moves played up to and
including the move that closed the auction or trade, so ``states[step]`` is the
state just after it and the same step in the money frame shows its effect.

>>> from bluffkit.core import scenario as sc
>>> res = sc.run(sc.find("ht-auction-ben-pays-100"))
>>> s = res.scenario
>>> row = auctions_frame(s.game, res.states, s.moves, s.seats).iloc[0]
>>> row.buyer, row.animals, int(row.price), int(row.paid)
('Ben', '9', 60, 100)
"""

from __future__ import annotations

import pandas as pd

from bluffkit.core.money import total
from bluffkit.games.youre_bluffing.actions import Accept, Counter, Pass, Pay
from bluffkit.games.youre_bluffing.narrate import words

MONEY_COLUMNS = ["step", "player", "money"]
AUCTION_COLUMNS = ["step", "leader", "buyer", "animals", "value", "price", "bought_back", "paid"]
TRADE_COLUMNS = ["step", "challenger", "target", "animal", "cards", "offer", "counter", "ties", "winner"]


def _pairs(states, moves, names) -> list[tuple]:
    """``(step, seat, action, before, after)`` for every move, checked for consistency."""
    if len(states) != len(moves) + 1:
        raise ValueError(f"a game with {len(moves)} moves has {len(moves) + 1} states, "
                         f"got {len(states)}")
    if states and len(names) != len(states[0].herds):
        raise ValueError(f"give one name per seat ({len(states[0].herds)}), got {list(names)}")
    return [(i + 1, m[0], m[1], states[i], states[i + 1]) for i, m in enumerate(moves)]


def game_charts(game, states, moves, names) -> dict:
    """The charts of one game (what :class:`bluffkit.widgets.GameCharts` draws; the game
    spec's ``charts``): ``{name: (frame, chart, counted)}``, ``counted`` when the frame
    has one row per event (an auction, a trade) that a summary may count.

    - ``money``: :func:`money_frame` and :func:`bluffkit.analysis.charts.money_chart`;
    - ``auctions``: :func:`auctions_frame` and its price-against-value chart;
    - ``trades``: :func:`trades_frame` and its offer-against-counter chart, titled in the
      ruleset's word for a trade (``narrate.WORDS``: "Cattle trades", YB "The Cattle Trade";
      "Trades", HT "Trade").

    These frames read the whole state: every player's money and the offers laid face down.
    Called on a game still in play they show what no player may know yet, so they are for
    looking back, or for a researcher away from the table; the panel refuses such a game.
    """
    from bluffkit.analysis import charts
    args = (game, states, moves, names)
    money, auctions, trades = money_frame(*args), auctions_frame(*args), trades_frame(*args)
    # the labels tell the two rulesets' words apart, as in the narration (narrate.animals)
    titled = {"title": f"{words(game.rules)['trades']}: offer against counter-offer"}
    return {"money": (money, charts.money_chart(money), False),
            "auctions": (auctions, charts.auction_chart(auctions), True),
            "trades": (trades, charts.trade_chart(trades, **titled), True)}


def money_frame(game, states, moves, names) -> pd.DataFrame:
    """Each player's money at every step: one row per (step, player).

    Columns: ``step`` (state index, 0 is the start), ``player`` (name), ``money``
    (the total value of the player's notes, an offer laid face down in an open trade
    among them, :meth:`game.money_totals`). Money is
    secret during play (YB "Setup": "keep their money hidden"; HT "Setup" 2); this
    frame is for looking back at a finished game.

    >>> from bluffkit.core import scenario as sc
    >>> res = sc.run(sc.find("ht-trade-anna-40-richer"))
    >>> s = res.scenario
    >>> df = money_frame(s.game, res.states, s.moves, s.seats)
    >>> df[df.step == 2].money.tolist()                  # Anna is 40 richer
    [130, 50, 90]
    """
    _pairs(states, moves, names)
    rows = [(step, names[seat], money)
            for step, state in enumerate(states)
            for seat, money in enumerate(game.money_totals(state))]
    return pd.DataFrame(rows, columns=MONEY_COLUMNS)


def lot_value(lot, rules) -> float:
    """The value of a lot of animal cards, counted per card.

    A family's value is for the whole family (YB "End of the Game": "4 cows = 800
    points"; HT "The animals": "The value is for the whole set, not for each card"),
    so one card is worth ``family_value / family_size``: a 9 in Horse Trading is
    800 / 4 = 200. This is a yardstick for prices, not a score: a card earns nothing
    until its family is complete, and then the family multiplier applies (see
    :mod:`bluffkit.analysis.scoring_theory`).

    >>> from bluffkit.games.youre_bluffing.rules import preset
    >>> lot_value((8,), preset("horse_trading")), lot_value((0, 9), preset("youre_bluffing"))
    (200.0, 252.5)
    """
    return sum(rules.family_values[f] for f in lot) / rules.family_size


def auctions_frame(game, states, moves, names) -> pd.DataFrame:
    """One row per finished auction (YB "The Auctions"; HT "Auction").

    An auction ends when its lot leaves the table: the state before a move has a
    lot and the state after has none. The move that does it is either a ``Pay``
    (the bid is paid, by the highest bidder or, after a buy-back, by the leader: YB
    "The Leader's Right of Preemption") or the last ``Pass`` when nobody bid (the
    leader takes the lot free: YB three calls, HT "call out the animal once more").
    A bidder who cannot pay does not end the auction: it is held again (YB "Not the
    Exact Amount? Not Enough Money?"; HT "Can't pay?").

    Columns: ``step``; ``leader`` (the auctioneer); ``buyer`` (who got the lot);
    ``animals`` (the lot's labels joined by ``+``; two cards in YB's Quick game and
    HT's Double auction); ``value`` (:func:`lot_value`, per card of a complete
    family); ``price`` (the winning bid, 0 when taken free); ``bought_back`` (the
    leader used the right of preemption); ``paid`` (the notes' total actually handed
    over; it may exceed the price because no change is given).
    """
    rules = game.rules
    rows = []
    for step, _seat, action, before, after in _pairs(states, moves, names):
        if not before.lot or after.lot:
            continue
        if isinstance(action, Pay):
            buyer = before.leader if before.buying else before.high_bidder
            price, paid = before.high_bid, total(action.notes, rules.denominations)
            bought_back = before.buying
        elif isinstance(action, Pass) and before.high_bidder < 0:
            buyer, price, paid, bought_back = before.leader, 0, 0, False
        else:
            raise ValueError(f"move {step} ({action}) took the lot off the table, "
                             f"but only a payment or the last pass with no bid can")
        rows.append((step, names[before.leader], names[buyer],
                     "+".join(rules.labels[f] for f in before.lot), lot_value(before.lot, rules),
                     price, bool(bought_back), paid))
    df = pd.DataFrame(rows, columns=AUCTION_COLUMNS)
    return df.astype({"step": "int64", "value": "float64", "price": "int64",
                      "bought_back": "bool", "paid": "int64"})


def trades_frame(game, states, moves, names) -> pd.DataFrame:
    """One row per finished cattle trade (YB "The Cattle Trade"; HT "Trade").

    A trade is open while the state's ``trade`` field is set; it finishes with the
    move after which the field is empty: an ``Accept`` or a ``Counter`` that is not
    a first tie under YB's re-offer rule (a tie there keeps the trade open and the
    challenger offers again, so a trade appears once, with its last offers).

    Columns: ``step``; ``challenger``; ``target``; ``animal`` (label); ``cards``
    (cards at stake: 2 when both hold two, else 1, YB "The Special Cattle Trade");
    ``offer`` (the value of the challenger's face-down offer, read from the
    state's ``trade`` field before the response); ``counter`` (the value of the
    counter-offer from the ``Counter`` action, missing when the offer was
    accepted); ``ties`` (tied rounds before this one: 0, or 1 after a YB re-offer);
    ``winner`` (who holds the animal(s) afterwards, read from the herds, so a YB
    second tie or HT's "on a tie, the challenger gets it" need no special case).

    >>> from bluffkit.core import scenario as sc
    >>> res = sc.run(sc.find("ht-trade-anna-40-richer"))
    >>> s = res.scenario
    >>> trades_frame(s.game, res.states, s.moves, s.seats).iloc[0].to_dict()
    ... # doctest: +NORMALIZE_WHITESPACE
    {'step': 2, 'challenger': 'Anna', 'target': 'Ben', 'animal': '6', 'cards': 1,
     'offer': 10, 'counter': 50, 'ties': 0, 'winner': 'Ben'}
    """
    rules = game.rules
    rows = []
    for step, _seat, action, before, after in _pairs(states, moves, names):
        if before.trade is None or after.trade is not None:
            continue
        challenger, target, family, cards, offer_notes, ties = before.trade
        if isinstance(action, Accept):
            counter = None
        elif isinstance(action, Counter):
            counter = total(action.notes, rules.denominations)
        else:
            raise ValueError(f"move {step} ({action}) closed a trade, but only accept or counter can")
        gained = after.herds[challenger][family] - before.herds[challenger][family]
        winner = challenger if gained > 0 else target
        rows.append((step, names[challenger], names[target], rules.labels[family], cards,
                     total(offer_notes, rules.denominations), counter, ties, names[winner]))
    df = pd.DataFrame(rows, columns=TRADE_COLUMNS)
    df = df.astype({"step": "int64", "cards": "int64", "offer": "int64", "ties": "int64"})
    df["counter"] = pd.array(df["counter"].tolist(), dtype="Int64")
    return df
