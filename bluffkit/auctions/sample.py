"""One random legal move of an auction (:meth:`bluffkit.auctions.legal.Legal.sample`),
the choice of the ``random`` bot: a bidder that values each animal at the rules'
``animal_values`` and bids a uniform fraction of that value (or passes), as the
``random`` :class:`bluffkit.agents.auction.Bidder` does with its default values; as
the auctioneer it keeps a lot worth more to it than selling, calls half the lot's
value, and breaks ties at random; a payer pays the first valid payment.

The uniform numbers come from the Generator in blocks of 64, one stream per Generator
(:func:`uniform`), so a seat's moves draw exactly what the bidder's did.
"""

from __future__ import annotations

from functools import partial
from itertools import chain

from bluffkit.auctions.actions import ACCEPT, PASS, REFUSE, STOP, TAKE, Bid, Call, Choose, Pay, Pick, Place, Raise
from bluffkit.core.money import first_payment, total

_JUST_PASS = (PASS,)
_BIDS: dict = {}
_STREAMS: dict = {}      # id(rng) -> (rng, next uniform); the rng is held, so its id is not reused
_KEEP = 64


def stream(rng):
    """``u()``: the next uniform float on [0, 1) of ``rng``'s stream (``rng.random(64)`` a
    block) at each call; the one stream of ``rng`` that :func:`uniform` draws from too."""
    hit = _STREAMS.get(id(rng))
    if hit is None or hit[0] is not rng:
        if len(_STREAMS) >= _KEEP:
            del _STREAMS[next(iter(_STREAMS))]
        blocks = iter(lambda: rng.random(64).tolist(), None)
        hit = _STREAMS[id(rng)] = (rng, partial(next, chain.from_iterable(blocks)))
    return hit[1]


def uniform(rng):
    """The next uniform float on [0, 1) of ``rng``'s stream (``rng.random(64)`` a block)."""
    return stream(rng)()


def cheapest(hand, k: int) -> tuple[int, ...]:
    """The ``k`` lowest-valued notes of ``hand`` (as counts)."""
    out = [0] * len(hand)
    for i in range(len(hand)):
        take = min(hand[i], k)
        out[i], k = take, k - take
    return tuple(out)


def notes_for(hand, amount: float, denoms) -> int:
    """The most notes whose cheapest choice from ``hand`` is worth at most ``amount``."""
    k, cost = 0, 0
    for c, d in zip(hand, denoms):
        for _ in range(c):
            if cost + d > amount:
                return k
            k, cost = k + 1, cost + d
    return k


def worth_at_most(hand, amount: float, denoms) -> tuple[int, ...]:
    """Notes of ``hand`` worth as much as possible but no more than ``amount``, taken
    from the highest down (a bid laid as notes in a value auction)."""
    out = [0] * len(hand)
    for i in range(len(hand) - 1, 0, -1):
        out[i] = min(hand[i], int(amount // denoms[i]))
        amount -= out[i] * denoms[i]
    return tuple(out)


def lot_value(t, seat: int, values) -> float:
    """The lot's value to ``seat``: a face-down Cat in the Bag is worth the average of
    the pen times the animals picked; a split double pen its more valuable animal."""
    r = t.rules
    if t.FACE_DOWN_PEN and t.lot_hidden_from(seat):
        vals = [values[a] for a in t.pen]
        return sum(vals) / len(vals) * r.cat_picks(len(t.pen))
    lot = t.lot
    if len(lot) == 1:                 # one animal: its value, split or not
        return values[lot[0]]
    if r.split:
        return max(values[a] for a in lot)
    return sum(values[a] for a in lot)


def random_action(t, legal, u):
    """The random bidder's move for ``legal.seat`` on table ``t``; ``u()`` gives uniforms."""
    r, seat = t.rules, legal.seat
    d = r.denominations
    hand = t.money[seat]
    values = r.animal_values     # ints: every sum and product below is exact, as with floats
    if legal.pay:
        amount, mode, _ = legal.pay
        if mode == "count":
            return Pay(cheapest(hand, amount), d)
        return Pay(first_payment(hand, amount, d, r.payment, f"seat {seat}"), d)
    if legal.pick:
        k, of = legal.pick
        places = list(range(1, of + 1))
        chosen = [places.pop(int(u() * len(places))) for _ in range(k)]
        return Pick(tuple(sorted(chosen)))
    if legal.choose:
        c = legal.choose
        return Choose(c[int(u() * len(c))])
    if legal.refusals:
        return max(legal.refusals, key=partial(_keeping, t, values))
    if legal.call:
        lo, hi = legal.call
        half = -int(-lot_value(t, seat, values) / 2 // 10) * 10        # half its value, rounded up to 10
        return Call(max(lo, min(hi, half)))
    target = u() * lot_value(t, seat, values)
    count = r.pricing == "count"
    amount = notes_for(hand, target, d) if count else int(target // r.step * r.step)
    words = legal.words
    plain = words == _JUST_PASS          # (the common case: tested by identity, no word compared)
    if not plain and (ACCEPT in words or REFUSE in words):
        return ACCEPT if ACCEPT in words and t.called <= target else REFUSE
    if not plain and TAKE in words:
        return TAKE if t.count <= amount else PASS
    if legal.raise_ or not plain and STOP in words:
        if legal.raise_ and sum(t.placed[seat]) < amount:
            return Raise(d[next(i for i, c in enumerate(hand) if c)])
        return STOP if STOP in words else PASS
    if legal.place:
        if not count:
            notes = worth_at_most(hand, amount, d)
            return Place(notes, d) if sum(notes) else PASS
        k = min(amount, sum(hand))
        return Place(cheapest(hand, k), d) if k else PASS
    if legal.bid:
        lo, hi = legal.bid
        if t.OPEN_OUTCRY:
            return PASS if t.high_bidder == seat or lo > amount else Bid(lo)
        bid = amount if hi is None else min(amount, hi)
        if bid < lo:
            return PASS
        made = _BIDS.get(bid)                 # bids are frozen records: one of each amount will do
        if made is None:
            if len(_BIDS) > 4096:
                _BIDS.clear()
            made = _BIDS[bid] = Bid(bid)
        return made
    return PASS


def _keeping(t, values, option) -> float:
    """What an option of the right of first refusal is worth to the auctioneer: keeping a
    lot won at price p pays (value - p), selling pays p."""
    d = t.rules.denominations
    hand = t.money[t.auctioneer]
    kept = set(range(len(t.awards))) if option.keep == (-1,) else set(option.keep)
    out = 0.0
    for i, (_s, animals, price) in enumerate(t.awards):
        money = price if t.rules.pricing == "value" else total(cheapest(hand, price), d)
        out += (sum(values[a] for a in animals) - money) if i in kept else money
    return out
