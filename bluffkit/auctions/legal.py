"""What one seat may do now in an auction (:class:`Legal`, the protocol of
:class:`bluffkit.core.protocols.Legal`), why a move is refused (:func:`explain`), and
one random legal move (:meth:`Legal.sample`).

A ``Legal`` is made by a table for the moment it stands at and reads that table when
asked to explain, sample or list: use it before the next move on that table, or ask
the game (``game.legal(state, seat)`` reads a working copy of that state which no
later move changes).

>>> from bluffkit.auctions import Auction
>>> g = Auction.create(format="dutch")
>>> legal = g.legal(g.state_from_position(4, lot=["cow"]), 1)
>>> legal.description, legal.actions()
('take or pass', [Word(word='take'), Word(word='pass')])
>>> legal.explain(Bid(3))
('not-now', 'seat 1 cannot bid 3 now; it may: take, pass')
"""

from __future__ import annotations

from itertools import permutations, product

from bluffkit.auctions.actions import ACCEPT, TAKE, Bid, Call, Choose, Pay, Pick, Place, Raise, Refusal
from bluffkit.auctions.rules import price_words
from bluffkit.auctions.sample import cheapest, random_action, stream
from bluffkit.auctions.state import BID, NO_CAP
from bluffkit.core.errors import IllegalAction, RulesError, check_limit, check_rng, count, number_said, quote
from bluffkit.core.money import MAX_DIGITS, contains, denoms_problem, fmt, payment_problem, said, some_payment
from bluffkit.core.tables import TableRefs, _Ref, no_pickle

#: A Legal's fields and how a refusal names them (None: the sell and buy allowed, by name).
_PARTS = (("bid", "bid N"), ("place", "lay NOTES"), ("raise_", "raise NOTE"), ("call", "call N"),
          ("choose", "choose SEAT"), ("refusals", None), ("pay", "pay NOTES"), ("pick", "pick N"))


#: Each Legal's table, held apart from it (see :mod:`bluffkit.core.tables`).
_TABLES = TableRefs()
_HELD, _FORGET = _TABLES.held, _TABLES.forget


def _rebuild(cls, key, table):
    legal = cls.__new__(cls)
    for name, value in zip(cls.__slots__[:-1], key):
        setattr(legal, name, value)
    _TABLES.put(legal, table)
    return legal


def _refusal_words(refusals) -> list[str]:
    """The auctioneer's sell and buy moves allowed, as typed (one lot: ``buy``, not also ``buy 1``)."""
    kept = [str(r) for r in refusals]
    if "buy" in kept and "buy 1" in kept and "buy 2" not in kept:
        kept.remove("buy 1")
    return kept


class Legal:
    """What ``seat`` may do now: ``words`` (``pass``, ``take``, ...), ``bid`` (lowest,
    highest or ``None``), ``place`` (lay notes), ``raise_`` (lay one note), ``call``
    (lowest, highest), ``choose`` (seats), ``refusals`` (the ``sell``/``buy`` actions
    allowed), ``pay`` (amount, mode, payee), ``pick`` (how many, of how many face down)."""

    __slots__ = ("seat", "phase", "words", "bid", "place", "raise_", "call", "choose", "refusals", "pay", "pick",
                 "__weakref__")

    def __init__(self, seat, phase, words=(), bid=None, place=False, raise_=False, call=None, choose=(),
                 refusals=(), pay=None, pick=None, table=None):
        self.seat, self.phase, self.words = seat, phase, words
        self.bid = bid              # (lowest, highest or None) for Bid
        self.place = place          # Secret Count (and sealed bids laid as notes): lay notes
        self.raise_ = raise_        # American Count: lay one note
        self.call = call            # The Call: (lowest, highest)
        self.choose = choose        # seats the auctioneer may choose
        self.refusals = refusals    # the Refusal actions allowed
        self.pay = pay              # (amount, mode, payee)
        self.pick = pick            # (how many, of how many face down)
        if table is not None:       # the table this was made for, kept off the seat's view (TableRefs.put)
            ref = _Ref(self, _FORGET)
            ref.key = key = id(self)
            _HELD[key] = (table, ref)

    def __bool__(self) -> bool:
        return bool(self.words or self.bid or self.place or self.raise_ or self.call or self.choose
                    or self.refusals or self.pay or self.pick)

    def _key(self):
        return tuple(getattr(self, f) for f in self.__slots__[:-1])

    def __eq__(self, other) -> bool:
        return isinstance(other, Legal) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # unhashable: equal by value, yet mutable

    def __copy__(self):
        """A copy with the same table (kept apart: :mod:`bluffkit.core.tables`)."""
        return _rebuild(type(self), self._key(), _TABLES.get(self))

    def __deepcopy__(self, memo):
        import copy
        return _rebuild(type(self), copy.deepcopy(self._key(), memo), copy.deepcopy(_TABLES.get(self), memo))

    def __reduce_ex__(self, protocol):
        raise no_pickle(self)

    def __repr__(self) -> str:
        shown = {f: getattr(self, f) for f in self.__slots__[2:-1] if getattr(self, f)}
        return f"Legal(seat={self.seat}, {shown})"

    @property
    def hand(self) -> tuple[int, ...]:
        """The seat's own notes, one count per denomination (what a payment or notes laid
        are checked against); the seat may always know its own hand."""
        held = _HELD.get(id(self))
        if held is None:
            raise RulesError("this Legal was made without its table: it holds no hand")
        return tuple(held[0].money[self.seat])

    @property
    def rules(self):
        """The rules of the auction this Legal belongs to (public: the format and its options)."""
        t = _TABLES.get(self)
        return None if t is None else t.rules

    # the protocol ---------------------------------------------------------------------
    def explain(self, action) -> tuple[str, str] | None:
        """``None`` when ``action`` is legal for this seat now, else ``(rule id, reason)``."""
        return explain(_TABLES.get(self), self, action)

    def sample(self, rng):
        """One legal action drawn with the Generator ``rng``: the random bidder's choice
        (see :func:`bluffkit.auctions.sample.random_action`). A seat with no legal action
        now (not its move, or the auction over) is refused with :class:`IllegalAction`
        ``not-your-turn``, as in the other games, rather than given a move it may not make."""
        check_rng(rng)
        if not self:
            t = _TABLES.get(self)
            why = "" if t is None else f": {t._why_not(self.seat)[1]}"
            raise IllegalAction("not-your-turn", f"seat {self.seat} has no legal action now{why}")
        held = _HELD.get(id(self))             # the table (TableRefs.get, inlined: one call a decision)
        return random_action(None if held is None else held[0], self, stream(rng))

    @property
    def description(self) -> str:
        """The legal actions in a few words, e.g. ``"pass or bid 20 or more"``."""
        if not self:
            return "nothing: it is not this seat's move"
        out = [str(w) for w in self.words]
        if self.bid:
            lo, hi = self.bid
            out.append(f"bid {lo} or more" if hi is None else f"bid {lo} to {hi}")
        t = _TABLES.get(self)
        low = self._lowest_note(t)          # a note the seat holds, for the examples
        if self.place:
            # (the example names the note: "lay 0" alone read as laying no notes)
            out.append("lay NOTES face down" + (f" (e.g. lay {low}: your {low} note)" if low is not None else ""))
        if self.raise_:
            out.append("raise NOTE (one of your notes, face down" + (f": e.g. raise {low})" if low is not None
                                                                      else ")"))
        if self.call:
            out.append(f"call {self.call[0]} to {self.call[1]}")
        if self.choose:
            out.append("choose " + " or choose ".join(map(str, self.choose)) + " (by seat number)")
        out += _refusal_words(self.refusals)
        if self.pay:
            amount, mode, payee = self.pay
            out.append(self._pay_words(t, amount, mode, payee))
        if self.pick:
            k, n = self.pick
            out.append(f"pick {k} of the {n} face-down cards by place, 1 to {n} "
                       f"(e.g. pick {','.join(map(str, range(1, k + 1)))})")
        if len(out) == 1:
            return out[0]
        return (", ".join(out[:-1]) + ("," if len(out) > 2 else "") + " or " + out[-1])

    def _lowest_note(self, t) -> int | None:
        if t is None:
            return None
        return next((d for d, c in zip(t.rules.denominations, t.money[self.seat]) if c), None)

    def _pay_words(self, t, amount: int, mode: str, payee: int) -> str:
        """What is owed, as the move is typed, with a payment the seat may make."""
        if mode == "count":
            head = f"pay {count(amount, 'note')} to seat {payee}, any notes (their value does not count)"
        else:
            head = f"pay {amount} to seat {payee} in notes (no change is given)"
        if t is None:
            return head + ": pay NOTES"
        d, hand = t.rules.denominations, t.money[self.seat]
        example: tuple[int, ...] | None
        if mode == "count":
            example = tuple(cheapest(hand, amount))
        else:
            found = some_payment(hand, amount, d, t.rules.payment)
            example = tuple(found) if found is not None else None
        return head + (f", e.g. pay {fmt(example, d)}" if example is not None and sum(example) > 0 else ": pay NOTES")

    def actions(self, limit: int | None = None):
        """Every legal action (at most ``limit``), or ``None`` when they cannot be listed:
        a bid with no upper bound."""
        limit = check_limit(limit)
        if self.bid and self.bid[1] is None:
            return None
        t, out = _TABLES.get(self), list(self.words)
        d = t.rules.denominations if t is not None else ()
        if self.bid:
            out += [Bid(a) for a in range(self.bid[0], self.bid[1] + 1)]
        if self.call:
            out += [Call(a) for a in range(self.call[0], self.call[1] + 1)]
        out += [Choose(s) for s in self.choose]
        out += list(self.refusals)
        if self.raise_:
            out += [Raise(n) for n, c in zip(d, t.money[self.seat]) if c]
        if self.pick:
            out += [Pick(p) for p in permutations(range(1, self.pick[1] + 1), self.pick[0])]
        if self.place or self.pay:
            hand = t.money[self.seat]
            for notes in product(*(range(c + 1) for c in hand)):
                a = (Place if self.place else Pay)(notes, d)
                if self.place or explain(t, self, a) is None:
                    out.append(a)
                if limit is not None and len(out) >= limit:
                    break
        return out if limit is None else out[:limit]


def explain(t, legal: Legal, action) -> tuple[str, str] | None:
    """``None`` when ``action`` is legal for ``legal.seat`` on table ``t``; else ``(rule, reason)``."""
    kind, seat, r = type(action), legal.seat, t.rules
    d = r.denominations
    if not legal:
        return t._why_not(seat)
    if kind is Place or kind is Pay:
        odd = denoms_problem(action, d)
        if odd:
            return odd
    if kind is Bid and legal.bid:
        lo, hi = legal.bid
        a = action.amount
        if not isinstance(a, int) or isinstance(a, bool) or a < lo:
            return t._too_low(lo)
        if hi is not None and a > hi:
            return ("over-cap", f"seat {seat} showed their money ({price_words(r)(hi)}): on the repeat they may bid at "
                    "most that")
        if a >= 10 ** MAX_DIGITS:           # as the notation (and so a log) holds it
            return ("bid-too-high", f"a bid has at most {MAX_DIGITS} digits, got {number_said(a)}")
        return None
    if kind is Place and legal.place:
        if len(action.notes) != len(d) or min(action.notes) < 0 or not contains(t.money[seat], action.notes):
            return ("notes-not-held", f"seat {seat} does not hold {said(action.notes, d)}")
        return None
    if kind is Raise and legal.raise_:
        if action.note not in d or not t.money[seat][d.index(action.note)]:
            return ("notes-not-held", f"seat {seat} holds no note of {quote(action.note)}")
        return None
    if kind is Call and legal.call:
        lo, hi = legal.call
        if not isinstance(action.amount, int) or not lo <= action.amount <= hi:
            return ("call-not-payable", f"call a price from {lo:,} to {hi:,}: if it is refused the auctioneer must "
                    "buy at it, so only a price the auctioneer can pay")
        return None
    if kind is Choose and legal.choose:
        if action.seat not in legal.choose:
            return ("not-a-candidate", f"seat {quote(action.seat)} is not among those to choose from: "
                    + " or ".join(f"choose {c}" for c in legal.choose))
        return None
    if kind is Refusal and legal.refusals:
        if action in legal.refusals:
            return None
        return ("cannot-buy", t._refusal_problem(action.keep))
    if kind is Pay and legal.pay:
        amount, mode, _ = legal.pay
        notes = action.notes
        if len(notes) != len(d) or min(notes) < 0:
            return ("bad-payment", "a payment is a set of notes")
        if mode == "count":
            if not contains(t.money[seat], notes):
                return ("notes-not-held", f"seat {seat} does not hold {said(notes, d)}")
            if sum(notes) != amount:
                return ("wrong-count", f"pay exactly {count(amount, 'note')} (any notes: their value does not count)")
            return None
        problem = payment_problem(t.money[seat], notes, amount, d, r.payment)
        if problem:                     # and a payment that would do, from the seat's notes
            found = some_payment(t.money[seat], amount, d, r.payment)
            return ("bad-payment", problem + (f" (e.g. pay {fmt(found, d)})" if found is not None else ""))
        return None
    if kind is Pick and legal.pick:
        k, of = legal.pick
        p = action.places
        if len(p) != k or len(set(p)) != k or not all(isinstance(x, int) and 1 <= x <= of for x in p):
            return ("bad-pick", f"point at {k} of the {of} face-down cards (pick 1..{of})")
        return None
    if action in legal.words:
        return None
    cap = t.caps[seat]
    if cap != NO_CAP and (kind in (Bid, Place) or action in (TAKE, ACCEPT) and t.phase == BID):
        return ("over-cap", f"seat {seat} showed their money ({price_words(r)(cap)}): on the repeat they may bid at "
                "most that")
    more = t._explain_more(seat, action)
    if more:
        return more
    allowed = [str(w) for w in legal.words]
    for f, name in _PARTS:                  # the sell and buy allowed by name, as the words are
        if getattr(legal, f):
            allowed += _refusal_words(legal.refusals) if name is None else [name]
    return ("not-now", f"seat {seat} cannot {action} now; it may: {', '.join(allowed)}")

