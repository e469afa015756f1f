"""What one seat may know in Bidder Up! (section A-J of docs/bidder-up.md; every hidden
thing listed in issue 15, point 3).

Public: the pawns, the roll, the face-up pens, how many animals lie face down in a Cat
in the Bag pen and in each supply stack, the animals of such a pen every player saw go
back face down after its last auction (``seen``), pastures and barns, the market, the notes
beside the Golden Donkey, the Golden Donkeys auctioned, how many notes each seat holds
(a face-down horse-trade offer still counted with its owner), how many lie on the
Piggy Bank, in the box and on the Gambling stack, how many tickets are in the bag and
each seat holds, revealed tickets, IOUs, the sow. Own: the seat's notes, its kept
tickets, the tickets it just drew, the notes it looked at in a gamble, its own
face-down offer. Never: another seat's notes, the Piggy Bank's notes (face down), the
box, the Gambling stack, the supply stacks' animals and a Cat in the Bag pen's others, the
bag's tickets, another seat's tickets or offer. In an auction the auction's own
observation (:mod:`bluffkit.auctions.observe`) shows the bids as its format allows.
"""

from __future__ import annotations

from typing import Any

from bluffkit.core.observation import ObservationBase, keyword_maker
from bluffkit.games.bidder_up.state import GIVE, KEEP, RESPOND


def fans(rules, by_count: bool) -> bool:
    """Whether a horse-trade's notes lie fanned out, their number seen (``offer_count_seen``
    [E]); never in a Special Horse-Trade (``by_count``), where the number of notes is the
    bid ("Both players may cover their bid with their hand as usual" [H])."""
    return bool(rules.offer_count_seen) and not by_count


def fanned(state) -> bool:
    """:func:`fans` for the horse-trade under way (``state.trade``, of a state or a table)."""
    trade = state.trade
    if trade is None:
        return False
    return fans(state.rules, trade[0] if len(trade) == 1 else trade[4])


_FIELDS = ("seat", "rules", "phase", "current", "roll", "to_move", "pos", "hand", "note_counts", "piggy", "bank",
           "box", "gambling", "pens", "stacks", "pastures", "barns", "donkeys", "market", "locked", "bag",
           "drawn", "my_tickets", "ticket_counts", "used", "extra", "auction", "pen_at", "trade", "my_offer",
           "offer_notes", "ious", "loans", "sow", "sow_tied", "turn", "log", "babies", "baby_barns", "baby_zoos", "then", "seen", "on_sale", "legal")


class Observation(ObservationBase):
    """One seat's view (immutable). ``pens``: per pen its animals, or ``None`` when face
    down (then ``pen_sizes`` in ``stacks``' place: ``stacks`` is ``(sizes of the two
    stacks, sizes of the pens)``); ``drawn``: the tickets or gamble notes this seat just
    drew, or their number for the others; ``trade``: ``(challenger, target, type,
    notes counted, the two animals put up)`` of an open horse-trade; ``then``: ``"move"``
    while a horse-trade revealed by a ticket before the move is played (the move comes
    next; everyone saw the reveal); ``seen``: per pen the animals of a face-down Cat in
    the Bag pen that every player saw go back after its last auction (the first of the
    pen's animals; ``()`` for none); ``on_sale``: the animals of the pen at auction as
    told apart (Baby Animals' male: type + ``actions.MALE``), public as the pen is (set out
    face up [D], or shown by the Cat in the Bag's auctioneer: the booklet's "2. Cat in the
    Bag"), ``()`` without an auction; ``auction``: the embedded auction's observation of
    this seat."""

    __slots__ = ()
    _fields = _FIELDS
    make = classmethod(keyword_maker(_FIELDS))

    seat: int
    rules: Any
    phase: str
    current: int
    roll: int
    to_move: tuple
    pos: tuple
    hand: tuple
    note_counts: tuple
    piggy: int
    bank: tuple
    box: int
    gambling: int
    pens: tuple
    stacks: tuple
    pastures: tuple
    barns: tuple
    donkeys: int
    market: tuple
    locked: tuple
    bag: int
    drawn: Any
    my_tickets: tuple
    ticket_counts: tuple
    used: bool
    extra: int
    auction: Any
    pen_at: int
    trade: Any
    my_offer: Any
    offer_notes: Any
    ious: tuple
    loans: tuple
    sow: int
    sow_tied: tuple
    turn: int
    log: tuple
    babies: tuple
    baby_barns: tuple
    baby_zoos: tuple
    seen: tuple
    legal: Any

    @classmethod
    def of(cls, t, seat: int, legal, to_move=None) -> "Observation":
        sub = None
        if t._sub is not None:
            sub = t._sub.observe(seat, legal.inner if legal is not None and legal.inner is not None else None)
            hand, counts = sub.hand, sub.note_counts
        else:
            hand, counts = t.money[seat], tuple(map(sum, t.money))
        trade = my_offer = offer_notes = None
        if t.trade is not None and len(t.trade) > 1:
            c, target, animals, offer, by_count = t.trade
            trade = (c, target, animals[0] % 10, by_count, animals)
            if seat == c:
                my_offer = offer
            if fanned(t):                     # [E] the notes fanned out face down
                offer_notes = sum(offer)
            if t.phase == RESPOND:
                counts = counts[:c] + (counts[c] + sum(offer),) + counts[c + 1:]
        elif t.trade is not None:
            trade = (t.current, -1, -1, t.trade[0], ())
        mine = seat == t.current and t.phase in (KEEP, GIVE)
        return cls.make(
            seat=seat, rules=t.rules, phase=t.phase, current=t.current, roll=t.roll,
            to_move=t.to_move() if to_move is None else to_move, pos=t.pos, hand=hand, note_counts=counts,
            piggy=len(t.piggy), bank=t.bank, box=sum(t.box), gambling=len(t.gambling),
            pens=tuple(None if cat else p for cat, p in zip(t.cats, t.pens)),
            stacks=(tuple(map(len, t.stacks)), tuple(map(len, t.pens))),
            pastures=t.pastures, barns=t.barns, donkeys=t.donkeys, market=t.market, locked=t.locked,
            bag=len(t.bag), drawn=t.drawn if mine else len(t.drawn), my_tickets=t.tickets[seat],
            ticket_counts=tuple(map(len, t.tickets)), used=t.used, extra=t.extra, auction=sub, pen_at=t.pen_at,
            trade=trade, my_offer=my_offer, offer_notes=offer_notes, ious=t.ious, loans=t.loans, sow=t.sow, sow_tied=t.sow_tied,
            turn=t.turn, log=t.log, babies=t.babies, baby_barns=t.baby_barns,
            baby_zoos=t.baby_zoos, then=t.then, seen=t.seen or ((),) * len(t.pens),
            on_sale=t.drawn if sub is not None else (), legal=legal)

    def __repr__(self) -> str:
        return f"Observation(seat={self.seat}, phase={self.phase!r})"
