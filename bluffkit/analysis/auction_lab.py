"""Many auctions of any Bidder Up! format through the engine, as a tidy frame.

:func:`bluffkit.analysis.auction_sim.simulate_sealed` is the fast, vectorized model of
first- and second-price sealed bids. This module plays the booklet's own formats rule
by rule (:mod:`bluffkit.auctions`): open outcry, the Dutch count, count pricing paid in
notes, no change, can't-pay-must-show, the auctioneer's right of first refusal. It is
slower (thousands of auctions a second, not millions) but it is the real game.

Each auction: seat 0 is the auctioneer and seats 1..n the bidders; chance sets out a
lot; every seat draws a private value from ``values`` (on [0, 1], times ``scale`` in
money; with a double pen, for each animal; a draw below 0, which ``uniform(lo, hi)`` with
``lo < 0`` or a callable law may give, is a value of 0: the lot is worth nothing to that
seat, and the value columns read 0; such a seat bids no money, but in a count format it
still lays its 0-notes, which cost it nothing, and may win with them) and plays as a
:class:`~bluffkit.agents.auction.Bidder` with its ``strategy`` (``equilibrium`` bidders of
first-price formats use the equilibrium bid function of the value law). The frame has
the columns of ``simulate_sealed``, in units of ``scale``: ``winner`` is the bidder
(1..n) the sale was awarded to (-1: nobody bid; in a split double pen, the winner of the
more valuable animal), ``winning_value`` and ``highest_value`` values of the lot (a
double pen's package is worth twice a bidder's value), ``winning_bid`` the winner's own
bid and ``price`` what the sale was awarded at (both in money / ``scale`` in value
auctions, in notes in count auctions), ``revenue`` the auctioneer's cash gain,
``winner_surplus`` the winner's cash gain plus the value of what it ends up owning,
``refused`` whether the auctioneer kept the (first) lot, ``auctioneer_payoff`` its cash
gain plus its value of what it kept.

``scale`` is bounded both ways: the most the value law gives times ``scale`` is at most
:data:`LAB_MONEY_TOTAL` (1,600, the money each seat holds: a bid above it could not be
paid, so a larger value would give prices held down by the money; for one auction's
values, :func:`draw_values`, :data:`~bluffkit.auctions.rules.MAX_ANIMAL_VALUE`, 10,000)
and at least :data:`MIN_TOP_MONEY` (100). Bids and payments in money move in steps of 10 (the smallest note, and an open
auction's raise), and a bidder bids its value rounded down to a step: at a scale of 10 or
less no value reaches a step, nobody bids, and every lot went unsold without a word; at 100
the rounding still costs about a tenth of the revenue, at the default 1,000 about 1 %.

The lab panel's other sums live here too: :func:`draw_values` (one auction's private
values), :func:`parse_values` and :func:`parse_scripts` (what is typed in its boxes) and
:func:`summary` (the statistics of a simulated frame).

>>> df = simulate_engine("second-hand", bidders=3, auctions=20, seed=1)
>>> len(df), sorted(set(df.format))
(20, ['Second Hand'])
>>> parse_values("300, 450; 800", 3)
[300.0, 450.0, 800.0]
>>> parse_scripts("1: bid 100, pass; 2: bid 120", 2)
{1: ['bid 100', 'pass'], 2: ['bid 120']}
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Sequence
from decimal import Decimal, InvalidOperation
from numbers import Integral, Real
from typing import TYPE_CHECKING

import numpy as np

from bluffkit.agents.auction import STRATEGIES, Bidder
from bluffkit.analysis.auction_sim import COLUMNS, first_price_equilibrium, value_law
from bluffkit.auctions.rules import FORMATS, MAX_ANIMAL_VALUE, VALUE_BOUND
from bluffkit.core.errors import RulesError, as_int, check_frame, quote
from bluffkit.core.game import make_game
from bluffkit.core.money import dot_thousands
from bluffkit.core.play import play_games
from bluffkit.core.seeding import check_seed, game_seeds

if TYPE_CHECKING:
    import pandas as pd

#: Money per unit of value: values are drawn on [0, 1] and count as money times this.
SCALE = 1000

#: The most auctions :func:`simulate_engine` plays in one call: the engine plays thousands a
#: second, and the values of all auctions are drawn at once.
MAX_ENGINE_AUCTIONS = 1_000_000

#: The most bidders of a lab auction (beside the auctioneer): the lab's slider's top.
MAX_LAB_BIDDERS = 9

#: The least money the value law times ``scale`` must reach: ten steps of 10, the smallest
#: note and an open auction's raise (a value below 10 cannot bid at all).
MIN_TOP_MONEY = 100

#: Start money for the lab: enough notes (1,600 in all) that a value of up to 1,000 can be paid.
LAB_MONEY = (2, 10, 4, 4, 2, 1)
#: What each seat of :func:`simulate_engine` holds in money (:data:`LAB_MONEY` in the
#: booklet's notes 0, 10, 50, 100, 200 and 500): the most a value may be there, as a bid
#: above it could not be paid (the bidders' bids are held to their money).
LAB_MONEY_TOTAL = 1600


def lab_game(fmt: str, double: bool = False, **options):
    """The auction game the lab plays: lab money, and any number of bidders, except in the
    two-player formats (Number Call, The Call), whose rules name one other player."""
    options.setdefault("start_money", LAB_MONEY)
    two = fmt in FORMATS and FORMATS[fmt].two_player
    return make_game("auction", format=fmt, double=double, player_limits=two, **options)


#: The spawn key of the stream the first-price equilibrium is fitted from in
#: :func:`simulate_engine` (past every auction's child).
FIT_STREAM = 2**63


def simulate_engine(fmt: str = "second-hand", bidders: int = 3, auctions: int = 1000, *, values="uniform",
                    scale: int = 1000, strategy="truthful", shade: float = 0.2, right: bool = True,
                    double: bool = False, seed: int = 0, progress=False) -> pd.DataFrame:
    """Play ``auctions`` seeded auctions of format ``fmt`` through the engine (see the module
    docstring). ``strategy``: one for all bidders or one per bidder; ``right``: whether the
    auctioneer uses its right of first refusal (it keeps a lot worth more to it than twice
    the price); ``progress``: ``True`` for a bar (a widget in a notebook, text elsewhere), or a callable ``progress(done, total)``
    (the lab panel's bar). ``auctions`` is 1 to :data:`MAX_ENGINE_AUCTIONS` (1,000,000);
    Number Call and The Call, for 2 players ("The Auctions" 9 and 10), take ``bidders=1``;
    ``bidders`` and ``auctions`` are whole numbers (numpy's too). ``scale``: see the module
    docstring (for the uniform law, 100 to 1,600: each seat holds :data:`LAB_MONEY_TOTAL`,
    and a value above it would be held down by the money, not played at its worth)."""
    import pandas as pd

    check_seed(seed)
    bidders, auctions = as_int(bidders), as_int(auctions)
    check_scale(scale)
    if not isinstance(fmt, str) or fmt not in FORMATS:          # (a list is no key: "unhashable type")
        raise RulesError(f"unknown auction format {fmt!r}; the formats are: {', '.join(FORMATS)}")
    if isinstance(bidders, bool) or not isinstance(bidders, int) or not 1 <= bidders <= MAX_LAB_BIDDERS:
        raise RulesError(f"bidders must be 1 to {MAX_LAB_BIDDERS}, got {bidders!r}")
    if isinstance(auctions, bool) or not isinstance(auctions, int) or auctions < 1:
        raise RulesError(f"auctions must be an int >= 1, got {auctions!r}")
    if auctions > MAX_ENGINE_AUCTIONS:
        raise RulesError(f"auctions: at most {MAX_ENGINE_AUCTIONS:,} in one call (the engine plays thousands a "
                         f"second; run more calls with other seeds), got {auctions:,}")
    if not isinstance(right, bool):
        raise RulesError(f"right must be True or False (the auctioneer uses its right of first refusal), "
                         f"got {right!r}")
    check_strategies(strategy, bidders)
    strategies = list(strategy) if isinstance(strategy, (list, tuple)) else [strategy] * bidders
    draw = money_law(values, scale, most=LAB_MONEY_TOTAL)
    money_eq = equilibrium_in_money(bidders, values, seed, scale)
    if FORMATS[fmt].two_player and bidders != 1:
        # (the rules' own words advise player_limits=False, which this function does not
        # take: lab_game seats the two-player formats by their rules, one bidder)
        raise RulesError(f"{FORMATS[fmt].title} is for 2 players, the auctioneer and 1 bidder: give bidders=1, "
                         f"got {bidders}")
    game = lab_game(fmt, double)
    game.check_players(bidders + 1)
    seeds = game_seeds(seed, auctions)
    rng = np.random.default_rng(seed)
    vals = np.clip(draw(rng, (auctions, bidders + 1)), 0.0, None)
    check_drawn(vals, scale, most=LAB_MONEY_TOTAL)
    title = FORMATS[fmt].title
    def seat_agents(i: int) -> list:
        money = [float(v) * scale for v in vals[i]]
        return [Bidder(values=money[0], strategy="truthful", use_right=right)] + [
            Bidder(values=money[k + 1], strategy=strategies[k], shade=shade, equilibrium_bid=money_eq)
            for k in range(bidders)]

    rows = [_row(rec.final, vals[i], i, title, bidders, strategies, right, scale, game)
            for i, rec in play_games(game, seeds, seat_agents, progress=progress,
                                     desc=f"{title} auctions", unit="auction")]
    return pd.DataFrame(rows, columns=COLUMNS)


def check_strategies(strategy, bidders: int) -> None:
    """``strategy`` one for all ``bidders``, or a list of one per bidder; anything else (a
    list of another length, a name no bot plays) is a :class:`RulesError`."""
    many = isinstance(strategy, (list, tuple))
    if (many and len(strategy) != bidders) or any(s not in STRATEGIES for s in (strategy if many else (strategy,))):
        raise RulesError(f"strategy: one of {', '.join(STRATEGIES)} for all, or one per bidder ({bidders})")


def _row(t, v, i, title, n, strategies, right, scale, game) -> dict:
    state = t.freeze()
    cash = game.scores(state)
    owned: dict[int, int] = {}
    for _, seat in state.owners:
        owned[seat] = owned.get(seat, 0) + 1
    awards = state.awards
    winner = awards[0][0] if awards else -1
    kept = 0 in state.kept
    count = game.rules.pricing == "count"
    unit = 1 if count else scale
    size = len(state.lot) if not game.rules.split else 1
    price = awards[0][2] if awards else 0
    bid = state.bids[winner] if winner > 0 and state.bids[winner] is not None else price
    if winner > 0 and not t.RANKS_BIDS:
        bid = price                        # the winning bid is the price the sale was awarded at
    bidder_values = v[1:] * size
    return {"auction": i, "format": title, "n": n,
            "strategy": strategies[0] if len(set(strategies)) == 1 else "mixed", "right": right,
            "winner": winner, "winning_value": float(v[winner] * size) if winner > 0 else np.nan,
            "highest_value": float(bidder_values.max()), "winning_bid": bid / unit, "price": price / unit,
            "revenue": cash[0] / scale,
            "winner_surplus": (cash[winner] / scale + float(v[winner]) * owned.get(winner, 0)) if winner > 0 else 0.0,
            "efficient": bool(winner > 0 and v[winner] >= v[1:].max()),
            "auctioneer_value": float(v[0]), "refused": kept,
            "auctioneer_payoff": cash[0] / scale + float(v[0]) * owned.get(0, 0)}


def check_scale(scale) -> float:
    """``scale`` (money per unit of value) when it is a finite number > 0 (numpy's too); else a
    :class:`RulesError` saying so. (:func:`money_law` holds the law times it to its bounds.)"""
    if isinstance(scale, Real) and not isinstance(scale, (int, float, np.bool_)):     # np.int64(500), a Fraction
        scale = float(scale)
    if isinstance(scale, bool) or not isinstance(scale, (int, float)) or not 0 < scale < math.inf:   # (nan fails)
        raise RulesError(f"scale must be a finite number > 0 (money per unit of value), got {quote(scale)}")
    return scale


def equilibrium_in_money(bidders: int, values, seed: int, scale: float = SCALE) -> Callable | None:
    """The first-price equilibrium bid of ``bidders`` bidders whose values follow the law
    ``values`` (:func:`~bluffkit.analysis.auction_sim.first_price_equilibrium`), as a
    function of a value in money (``scale`` money is a value of 1), for the "equilibrium"
    bidders of :class:`~bluffkit.agents.auction.Bidder` (``equilibrium_bid``); None for a
    single bidder. The fit's draws are a stream of their own of ``seed``: not the values'
    (the seed's own stream) nor any auction's (the seed's children 0, 1, ...)."""
    try:
        fit = int(np.random.SeedSequence(seed, spawn_key=(FIT_STREAM,)).generate_state(1, np.uint64)[0])
        eq = first_price_equilibrium(bidders, values, seed=fit) if bidders > 1 else None
    except ValueError as e:
        raise RulesError(str(e)) from None
    if eq is None:
        return None
    # rounded to a billionth: 2/3 of 60 is 40, not the 39.99999999999999 of 0.06 * 2/3 * 1000,
    # which a bid in steps of 10 or a count of notes would take down a whole step
    return lambda v: round(float(eq(np.array([v / scale]))[0]) * scale, 9)


def money_law(values, scale, most: float = MAX_ANIMAL_VALUE) -> Callable:
    """The draw function of the value law ``values`` (see
    :func:`bluffkit.analysis.auction_sim.value_law`), once the most it can give times
    ``scale`` is known to stay within :data:`~bluffkit.auctions.rules.MAX_ANIMAL_VALUE`:
    1 for ``uniform`` and the beta laws, ``hi`` for ``uniform(lo, hi)``; that top times
    ``scale`` must also reach :data:`MIN_TOP_MONEY` (100): below, bids rounded to steps of
    10 sell little or nothing. A callable law has no known top: its draws are checked
    against the upper bound by :func:`check_drawn`. ``most``: a lower bound than
    ``MAX_ANIMAL_VALUE``, the money each seat holds (:func:`simulate_engine`:
    :data:`LAB_MONEY_TOTAL`), which a value may not pass: a bidder bids no more than it
    holds, so values above it would give prices held down by the money, not the law."""
    check_scale(scale)
    try:
        _, draw, bounds = value_law(values)
    except ValueError as e:
        raise RulesError(str(e)) from None
    top = None if callable(values) else bounds[1] if bounds is not None else 1.0
    if top is not None and top * scale > most and most < MAX_ANIMAL_VALUE:     # (the lower bound first: said once)
        raise RulesError(f"values {values!r} times scale {scale:g} reach {_big(top * scale)} in money, but "
                         f"{_money_words(most)}: give a scale of at most {_down(most / top)}, or lower the "
                         f"law's upper bound")
    if top is not None and top * scale > MAX_ANIMAL_VALUE:
        raise RulesError(f"values {values!r} times scale {scale:g} reach {_big(top * scale)}, but {VALUE_BOUND}: "
                         f"lower the scale or the law's upper bound")
    if top is not None and top * scale < MIN_TOP_MONEY:
        raise RulesError(f"values {values!r} times scale {scale:g} reach at most {top * scale:,.4g} in money, but bids "
                         f"and payments move in steps of 10 (the smallest note, an open auction's raise): a value "
                         f"below 10 cannot bid, so few lots or none would sell; give a scale of at least "
                         f"{MIN_TOP_MONEY / top:,.6g} (so that values reach {MIN_TOP_MONEY} in money: ten steps)")
    return draw


def _down(x: float) -> str:
    """``x`` > 0 in six significant digits, rounded down, so that the scale advised is taken
    ("266.667" for 800/3 was itself refused).

    >>> _down(800 / 3), _down(1600.0), _down(1.6e-9)
    ('266.666', '1,600', '1.6e-09')
    """
    step = 10.0 ** (math.floor(math.log10(x)) - 5)
    return f"{math.floor(x / step + 1e-9) * step:,.6g}"


def _big(x: float) -> str:
    """A sum of money too big for a lab, in words a message can hold: in full up to a
    thousand million million, else in powers of ten (``1e+308`` is not 309 digits).

    >>> _big(2_500_000), _big(1e308)
    ('2,500,000', '1e+308')
    """
    return f"{x:,.0f}" if x < 1e15 else f"{x:.3g}"


def check_drawn(vals, scale, most: float = MAX_ANIMAL_VALUE) -> None:
    """Refuse drawn values (on the law's scale, before ``scale``) above the bound, or above
    ``most`` (see :func:`money_law`)."""
    drawn = float(np.max(vals, initial=0.0)) * scale
    if not drawn <= most and most < MAX_ANIMAL_VALUE:           # (the lower bound first: said once)
        raise RulesError(f"values: a draw times scale {scale:g} gives {_big(drawn)} in money, but "
                         f"{_money_words(most)}: lower the scale")
    if not drawn <= MAX_ANIMAL_VALUE:
        raise RulesError(f"values: a draw times scale {scale:g} gives {_big(drawn)}, but {VALUE_BOUND}")


def _money_words(most: float) -> str:
    """Why a value may not pass ``most``, the money each seat holds."""
    return (f"each seat holds {most:,.0f} in notes, and a bid above what a bidder holds cannot be paid, so "
            f"prices would be held down by the money, not by the values")


#: The most seats of one lab auction: the auctioneer and up to :data:`MAX_LAB_BIDDERS` bidders.
MAX_LAB_PLAYERS = MAX_LAB_BIDDERS + 1


def draw_values(law: str, players: int, seed: int, scale: float = SCALE) -> list[float]:
    """The private values of one auction's ``players`` seats (the auctioneer first): drawn
    from the value law ``law`` on [0, 1] with ``default_rng(seed)``, times ``scale``, rounded
    to a whole amount of money, as typed values are (see :func:`parse_values`): the lab shows
    a value as a whole amount, and a truthful bidder shown a value of 550 bids 550, where a
    drawn 549.6 bid 540; the law times ``scale`` may reach at most
    :data:`~bluffkit.auctions.rules.MAX_ANIMAL_VALUE`; a draw below 0 is a value of 0 (as in
    :func:`simulate_engine`). ``players`` is 1 to :data:`MAX_LAB_PLAYERS` (10)."""
    if isinstance(players, bool) or not isinstance(players, Integral) or not 1 <= players <= MAX_LAB_PLAYERS:
        raise RulesError(f"players must be a whole number from 1 to {MAX_LAB_PLAYERS} (the auctioneer and up "
                         f"to {MAX_LAB_BIDDERS} bidders), got {quote(players)}")
    players = int(players)
    check_seed(seed)
    rng = np.random.default_rng(seed)
    draw = money_law(law, scale)
    vals = np.clip(draw(rng, (players,)), 0.0, None)
    check_drawn(vals, scale)
    return [float(round(float(v) * scale)) for v in vals]


def parse_values(text: str, players: int) -> list[float]:
    """Values typed in, the auctioneer's first, separated by commas (or semicolons): each a
    whole number from 0 to :data:`~bluffkit.auctions.rules.MAX_ANIMAL_VALUE` (an open
    auction's bids rise a step at a time up to the values, so a value of a billion would bid
    for ever; ``nan`` and ``inf`` are no values). A value is money, and the auctions' money
    is notes of whole amounts (0, 10, 50, 100, 200 and 500: "The Auctions" are paid in
    them): a value such as 450.5 is refused in words, rather than shown as 450 while the
    sums took 450.5. Each is read exactly, as written (``0.9999999999999999999`` is not 1,
    which a float would have made of it); ``1.000`` is refused, naming both its readings (1,
    or 1000 where a dot separates thousands), as a bid box refuses it. A count that is off because a value was written
    with a thousands comma (``1,000``: two values, 1 and 000, since commas separate values)
    says so; where the count is right all the same ("0, 1,000, 300" for four), the value
    written with a leading 0 (``000``; ``050``, ``000.0`` too) is refused, the thousands
    comma named, as it is for the part of one that is not whole ("1,000.5": ``000.5``), and
    for a value past the largest ("20,000, 5" and "20,000.5, 5" for three). A decimal comma
    ("1,5, 3" for two: 1.5 and 3, or 1, 5 and 3?) is named with both readings where the
    count is off and the text also spaces its values apart (:func:`_decimal_comma`), after
    the count read with commas separating values ("3 values read (commas separate values),
    2 needed."; "1,5, 3" for four named the comma but not that the count was off); where
    the count is right ("1,5, 3" for three) the values are read, commas between them, as
    commas alone ("1,5,3") always are: the other reading has too few values, and is not
    whole money.

    >>> parse_values("300, 450; 800", 3)
    [300.0, 450.0, 800.0]
    """
    if isinstance(players, bool) or not isinstance(players, Integral) or players < 1:
        raise RulesError(f"players must be a whole number >= 1, got {quote(players)}")
    players = int(players)
    if not isinstance(text, str):
        raise RulesError(f"values must be text such as '300, 450, 800', got {quote(text)}")
    values = (300, 450, 800, 120, 610, 75, 930, 240, 520, 365, 700)       # (as many as asked, up to these)
    example = ", ".join(map(str, values[:players])) + (", ..." if players > len(values) else "")
    how = (f"Type {players} values from 0 to {MAX_ANIMAL_VALUE:,}, the auctioneer's first then each bidder's, "
           f"separated by commas (e.g. {example}).")
    items = [x.strip() for x in text.replace(";", ",").split(",") if x.strip()]
    typed = []
    for i, item in enumerate(items, 1):
        value = _typed_value(item)
        if value is None:
            negative = _typed_value("-" + item[1:]) if item and item[0] in "\u2212\u2013\u2014" else None
            dashed = negative is not None and negative.is_finite() and negative < 0   # −5, as a word processor writes it
            spaced = re.fullmatch(r"[0-9.]+(?:\s+[0-9.]+)+", item)      # "1,5 3": values apart by a space
            why = ("is below 0: a value is what the lot is worth to a player, 0 or more" if dashed else
                   "is not a number" + (" (write 1000, not 1_000)" if "_" in item else
                                        f" (values are separated by commas: write {', '.join(item.split())}"
                                        f"{_spaced_after_comma(text, items[:i - 1], item, items[i:])})"
                                        if spaced else ""))
            raise RulesError(f"Value {i} of the {len(items)} typed, {quote(item, 30)}, {why}. {how}")
        if not (value.is_finite() and 0 <= value <= MAX_ANIMAL_VALUE):      # (value_ok, read exactly)
            why = ("is no number (nan and inf are no values)" if not value.is_finite() else
                   "is below 0: a value is what the lot is worth to a player, 0 or more" if value < 0 else
                   f"is more than {MAX_ANIMAL_VALUE:,}, the largest value")
            raise RulesError(f"Value {i} of the {len(items)} typed, {quote(item, 30)}, {why}. {how}")
        if (readings := dot_thousands(item)) is not None:       # 1.000: 1, or a thousand where a dot separates thousands
            whole, thousand = readings
            write = (f"{whole} or {thousand}" if thousand <= MAX_ANIMAL_VALUE else
                     f"{whole}; {thousand} is more than {MAX_ANIMAL_VALUE:,}, the largest value")
            raise RulesError(f"Value {i} of the {len(items)} typed, {quote(item, 30)}, is {whole} where a dot begins a "
                             f"fraction, and {thousand} where a dot separates thousands (write {write}). {how}")
        if value != value.to_integral_value():
            low = math.floor(value)
            split = [x for x in _thousands(text) if x.split(",")[1] == item]
            past = [x for x in _thousands(text, bound=False) if x.split(",")[1] == item]
            if past and not split:      # "20,000.5, 5" for three was told "write 0 or 1", as "20,000, 5" was "write 0"
                raise RulesError(f"Value {i} of the {len(items)} typed, {quote(item, 30)}, is not a whole number: "
                                 f"commas separate values, so {past[0]} is two values, and {past[0].replace(',', '')} "
                                 f"is more than {MAX_ANIMAL_VALUE:,}, the largest value. {how}")
            comma = f"commas separate values, so {split[0]} is two values; " if split else ""
            write = f"{_unsplit(split[0])}, not {split[0]}" if split else f"{low} or {low + 1}"
            raise RulesError(f"Value {i} of the {len(items)} typed, {quote(item, 30)}, is not a whole number: {comma}"
                             f"values are money, in whole amounts as the notes are (write {write}). {how}")
        typed.append(float(int(value)))
    if len(typed) != players:
        if (said := _decimal_comma(text)) is not None:      # the count first, as where no comma is named
            raise RulesError(f"{len(typed)} value{'s' if len(typed) != 1 else ''} read (commas separate values), "
                             f"{players} needed. {said} {how}")
        split = _thousands(text)
        comma = (f": commas separate values, so {' and '.join(split)} "
                 f"{'is two values' if len(split) == 1 else 'are two values each'}; write "
                 + "; ".join(f"{_unsplit(x)}, not {x}" for x in split)) if split else ""
        raise RulesError(f"{len(typed)} value{'s' if len(typed) != 1 else ''} typed, {players} needed{comma}. {how}")
    for i, item in enumerate(items, 1):         # "1,000, 300" for 3 read as 1, 0, 300 without a word
        if re.match(r"0\d", item):                # (000, 050; 000.0 and 05e1 too)
            split = [x for x in _thousands(text) if x.split(",")[1] == item] or _thousands(text)
            past = [x for x in _thousands(text, bound=False) if x.split(",")[1] == item]
            why = (f"commas separate values, so {split[0]} is two values; write {_unsplit(split[0])}, "
                   f"not {split[0]}" if split else
                   # "20,000, 5" for three was told "write 0": 20000 is past the largest value
                   f"commas separate values, so {past[0]} is two values, and {_unsplit(past[0])} is more than "
                   f"{MAX_ANIMAL_VALUE:,}, the largest value" if past else f"write {int(typed[i - 1])}")
            raise RulesError(f"Value {i} of the {len(items)} typed, {quote(item, 30)}, begins with a 0: {why}. {how}")
    return typed


def _spaced_after_comma(text: str, before: list[str], item: str, after: Sequence[str] = ()) -> str:
    """For ``item``, values spaced apart (``"5 3"``), whose first is joined to the value
    before it by a comma with no space after it (``"1,5 3"``): the other reading, a decimal
    comma (1.5 and 3, as many countries write 1.5), with the values to write for it, whole
    (``"1, 3 or 2, 3"``); ``""`` where no such comma joins them. ``before``: the values
    typed before ``item``; ``after``: those typed after it, kept in the values to write.

    >>> _spaced_after_comma("1,5 3", ["1"], "5 3")
    "; if '1,5' is 1.5, written with a decimal comma: a value is whole money, so write 1, 3 or 2, 3"
    """
    words = item.split()
    last = before[-1] if before else ""
    if not (last.isascii() and last.isdigit() and words[0].isascii() and words[0].isdigit()
            and re.search(rf"(?<![\w.]){re.escape(last)},{re.escape(words[0])}\s", text)):
        return ""
    one = Decimal(f"{last}.{words[0]}")
    low = math.floor(one)
    writes = " or ".join(", ".join([*before[:-1], str(c), *words[1:], *after])
                         for c in ([low] if one == low else [low, low + 1]))
    whole = "" if one == low else " a value is whole money, so"
    return f"; if {quote(f'{last},{words[0]}')} is {one}, written with a decimal comma:{whole} write {writes}"


def _decimal_comma(text: str) -> str | None:
    """Why ``text``, whose count of values is off, may have been meant otherwise: a comma
    with no space after it stands between digits where it cannot be a thousands comma (the
    digits around it are not grouped in threes, as in ``1,5``: a decimal comma, as many
    countries write 1.5) while the text also separates values by ``, `` or ``;``: "1,5, 3"
    is 1.5 and 3 to one who writes a decimal comma, and 1, 5 and 3 to one who does not. Both
    readings are named, as ``1.000``'s are; ``None`` when there is no such comma.
    (:func:`parse_values` asks only when the count is off: where it is right, the text is
    read with a comma between each two values, and the other reading has too few.)

    Commas alone ("1,5,3", "300,450,800") are not asked about: the one separator leaves no
    other way of telling values apart.

    >>> _decimal_comma("1,5, 3")
    "'1,5' is 1.5 where a comma begins a fraction, and the two values 1 and 5 where a comma separates values, as the rest of the text is separated by ', ' (write 1, 5 for two values; a value is whole money, so for one write 1 or 2)."
    >>> _decimal_comma("1,5,3"), _decimal_comma("0, 1,000, 300"), _decimal_comma("300,450,800, 1")
    (None, None, None)
    """
    if not re.search(r";|,\s", text.strip()):
        return None
    sep = repr("; " if ";" in text else ", ")
    for m in re.finditer(r"(?<![\w.,+\-\u2212\u2013\u2014])\+?[0-9]+(?:,[0-9]+)+(?![\w.]|,[0-9])", text):
        chain = m.group()
        if re.fullmatch(r"\+?[0-9]{1,3}(?:,[0-9]{3})+", chain):     # 1,000 or 300,450: a thousands comma may be meant
            continue
        parts = chain.split(",")
        if len(parts) == 2:
            one = Decimal(".".join(parts))
            low = math.floor(one)
            whole = f"for one write {low}" if one == low else f"a value is whole money, so for one write {low} or {low + 1}"
            return (f"{quote(chain)} is {'.'.join(parts)} where a comma begins a fraction, and the two values "
                    f"{parts[0]} and {parts[1]} where a comma separates values, as the rest of the text is separated "
                    f"by {sep} (write {', '.join(parts)} for two values; {whole}).")
        return (f"{quote(chain)} has commas with no space after them, each of which may begin a fraction (a decimal "
                f"comma) or separate two values, as the rest of the text is separated by {sep}; a value is whole "
                f"money.")
    return None


def _thousands(text: str, bound: bool = True) -> list[str]:
    """The numbers of ``text`` that look written with a thousands comma and are within the
    values' bound (``1,000``, ``2,500``, ``10,000``, ``1,000.5``; with ``bound=False`` past it
    too, ``20,000``): a number of one or two digits, not 0, a comma and three digits (and a
    fraction), neither part of a longer number.

    >>> _thousands("0, 1,000, 300, 600"), _thousands("300,450,800"), _thousands("5,2"), _thousands("3, 1,000.5")
    (['1,000'], [], [], ['1,000.5'])
    >>> _thousands("20,000, 5"), _thousands("20,000, 5", bound=False)
    ([], ['20,000'])
    """
    found = re.findall(r"(?<![\d.,])([1-9]\d?,\d{3}(?:\.\d+)?)(?![\d.]|,\d)", text)
    return [x for x in found if not bound or Decimal(x.replace(",", "")) <= MAX_ANIMAL_VALUE]


def _unsplit(x: str) -> str:
    """A number written with a thousands comma as it should be typed: ``1,000`` -> ``1000``,
    ``1,000.0`` -> ``1000``; one that is not whole, the whole numbers either side:
    ``1,000.5`` -> ``1000 or 1001``."""
    value = Decimal(x.replace(",", ""))
    low = math.floor(value)
    return str(low) if value == low else f"{low} or {low + 1}"


def _typed_value(item: str) -> Decimal | None:
    """A value as typed in the lab's box (``300``, ``2.5``, ``1e3``, ``-1``), read exactly (a
    float read 0.9999999999999999999 as 1), or ``None``: Python's float and Decimal also read
    ``1_000``, other scripts' digits (``١٠``) and spaces inside, which the box does not."""
    if not item.isascii() or "_" in item or any(c.isspace() for c in item):
        return None
    try:
        return Decimal(item)
    except InvalidOperation:
        return None


def parse_scripts(text: str, bidders: int, scripted=()) -> dict[int, list[str]]:
    """The moves of each scripted bidder, from ``"1: bid 100, pass; 2: ..."``; every bidder
    in ``scripted`` must have some. ``text`` is text, ``bidders`` a whole number >= 1 and
    ``scripted`` a list of bidders 1 to ``bidders``."""
    if not isinstance(text, str):
        raise RulesError(f"scripts must be text such as '1: bid 100, pass; 2: bid 120', got {quote(text)}")
    bidders = as_int(bidders)
    if isinstance(bidders, bool) or not isinstance(bidders, int) or bidders < 1:
        raise RulesError(f"bidders must be a whole number >= 1, got {quote(bidders)}")
    if not isinstance(scripted, Iterable) or isinstance(scripted, (str, bytes)):
        raise RulesError(f"scripted must be a list of bidders (1 to {bidders}), e.g. [1, 2], got {quote(scripted)}")
    out = {}
    for part in text.split(";"):
        if not part.strip():
            continue
        who, sep, moves = part.partition(":")
        who = who.strip()
        if not sep or not (who.isascii() and who.isdigit()) or not 1 <= int(who) <= bidders:
            raise RulesError(f"Scripts: write 'BIDDER: move, move; ...' with bidders 1 to {bidders}; "
                             f"got {part.strip()!r}")
        out[int(who)] = [m.strip() for m in moves.split(",") if m.strip()]
    for k in scripted:
        if isinstance(k, bool) or not isinstance(k, Integral) or not 1 <= int(k) <= bidders:
            said = int(k) if isinstance(k, Integral) and not isinstance(k, bool) else k     # (not np.int64(3))
            raise RulesError(f"scripted: bidders 1 to {bidders}, got {quote(said)}"[:200])
        if k not in out:
            raise RulesError(f"Scripts: bidder {k} plays a script: give its moves, e.g. '{k}: bid 100, pass'")
    return out


def summary(df: pd.DataFrame) -> dict:
    """The statistics the lab shows of a :func:`simulate_engine` frame: ``auctions``, the
    auctioneer's mean cash ``revenue`` with its standard error ``se`` and deviation ``sd``,
    and the shares ``efficient`` (won by the bidder who values the lot most), ``refused``
    (the right of first refusal used) and ``nobody`` (nobody bid). With one auction there is
    no spread: ``se`` and ``sd`` are NaN. Anything but such a frame is refused with a ValueError."""
    check_frame(df, ("revenue", "efficient", "refused", "winner"), "summary", "simulate_engine(...)")
    if len(df) == 0:
        raise RulesError("no auctions to sum up: run at least one")
    sd = float(df.revenue.std())
    return {"auctions": len(df), "revenue": float(df.revenue.mean()), "se": sd / len(df) ** 0.5, "sd": sd,
            "efficient": float(df.efficient.mean()), "refused": float(df.refused.mean()),
            "nobody": float((df.winner < 0).mean())}


def textbook_revenue(fmt: str, bidders: int, values="uniform", strategy="truthful", double: bool = False) -> float | None:
    """The textbook's expected revenue, (n - 1)/(n + 1) for ``bidders`` = n >= 2
    (:func:`bluffkit.analysis.auction_theory.expected_revenue`, the same for the first and
    the second price; written out here to keep sympy off the lab's import), where the lab
    plays its model: one lot, values uniform on [0, 1], sealed bids of money, every bidder
    a bot bidding the equilibrium of its format's price (``Format.sealed_price``): Secret
    Value's first price ("The Auctions" 4) or Second Hand's second price ("The Auctions" 8:
    its value; ``equilibrium`` there is ``truthful``); else ``None``. ``strategy`` is checked
    as :func:`simulate_engine` checks it (a list of one per bidder).

    >>> textbook_revenue("secret-value", 6, strategy="equilibrium")
    0.7142857142857143
    >>> textbook_revenue("secret-value", 6), textbook_revenue("classic", 3), textbook_revenue("second-hand", 1)
    (None, None, None)
    """
    if isinstance(bidders, int) and not isinstance(bidders, bool) and bidders >= 1:
        check_strategies(strategy, bidders)
    kinds = set(strategy) if isinstance(strategy, (list, tuple)) else {strategy}
    f = FORMATS.get(fmt) if isinstance(fmt, str) else None
    price = f.sealed_price if f is not None and f.pricing == "value" else ""
    bids = {"first": {"equilibrium"}, "second": {"truthful", "equilibrium"}}.get(price, set())
    if values != "uniform" or double or not isinstance(bidders, int) or bidders < 2 or not kinds <= bids:
        return None
    return (bidders - 1) / (bidders + 1)


def below_theory(df: pd.DataFrame, fmt: str, values="uniform", strategy="truthful", double: bool = False,
                 scale: float = SCALE) -> str:
    """Why the auctioneer's mean cash in ``df`` (a :func:`simulate_engine` frame of format
    ``fmt``, its other settings given) lies below the textbook's figure, in one line for a
    student ('' when there is nothing to say): the figure (:func:`textbook_revenue`) is for
    bids of any amount and no right of first refusal. In the lab, bids and payments in money
    move in steps of 10 (the smallest note, "The Auctions"; a bot bids its amount rounded
    down to one: about 5 money, 0.005 of a value at the lab's scale of 1,000, less); and the
    auctioneer who keeps a lot by its right of first refusal pays the winner the price
    instead of receiving it ("Winning bid awarded?"), a cash below 0: the mean cash is the
    mean price less twice the price of the lots kept. With 6 bidders in Secret Value each
    costs about 0.005: 0.714 in theory, some 0.704 in the lab."""
    n = int(df.n.iloc[0]) if len(df) else 0
    count = FORMATS[fmt].pricing == "count"
    cash, kept = float(df.revenue.mean()), float(df.refused.mean())
    said = []
    theory = None if count else textbook_revenue(fmt, n, values, strategy, double)
    if theory is not None:
        said.append(f"Theory: (n - 1)/(n + 1) = {theory:.3f}, for bids of any amount and no right of first refusal. "
                    f"Here bids move in steps of 10 money ({10 / scale:.3f}), each rounded down, which takes about "
                    f"{5 / scale:.3f} off the price: the mean price is {float(df.price.mean()):.3f}.")
    if kept > 0:
        lost = "" if count else f": {float(df.price.mean()) - cash:.3f} off the mean cash"
        said.append(f"The auctioneer kept {kept:.1%} of the lots by its right of first refusal, paying the winner "
                    f"the price instead of receiving it (the cash below 0){lost}.")
    return " ".join(said)


def payoffs(game, state, values) -> list[dict]:
    """Each seat's payoff at the end of one lab auction, in money: what it paid (``-``) or
    received (``+``), the animals it owns with their worth to it (``values[seat]`` for
    each animal, the lab's one value per seat), and ``payoff`` = worth + cash. For the
    winner who pays, that is its surplus, value minus price; for the auctioneer who
    sells, the price received; for one who keeps the lot by its right of first refusal,
    its value minus what it pays the winner. Keys: ``seat``, ``animals``, ``worth``,
    ``cash``, ``payoff``.

    A Classic auction of a cow: bidder 1 values it at 280 and bids up to 270; bidder 2, who
    values it at 814, bids 280 over that and pays 280; its surplus is 814 - 280 = 534, the
    auctioneer's payoff the price.

    >>> from bluffkit.session import Session
    >>> from bluffkit.agents.auction import Bidder
    >>> g, values = lab_game("classic"), [300, 280, 814]
    >>> s = Session(g, [Bidder(v, use_right=False) for v in values], seed=1)
    >>> _ = s.chance("lot cow"); _ = s.advance()
    >>> [(p["seat"], p["worth"], p["cash"], p["payoff"]) for p in payoffs(g, s.state, values)]
    [(0, 0.0, 280, 280.0), (1, 0.0, 0, 0.0), (2, 814.0, -280, 534.0)]
    """
    cash = game.scores(state)
    owned: dict[int, list[int]] = {}
    for animal, seat in state.owners:
        owned.setdefault(seat, []).append(animal)
    out = []
    for seat, money in enumerate(cash):
        animals = tuple(owned.get(seat, ()))
        worth = float(values[seat]) * len(animals)
        out.append({"seat": seat, "animals": animals, "worth": worth, "cash": int(money),
                    "payoff": worth + money})
    return out
