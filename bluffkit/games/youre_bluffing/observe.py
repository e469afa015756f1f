"""What one seat may know, and what it may do.

:class:`Observation` is a seat's view: the public table (animals face up, the pile's
size per family, every player's *number* of notes, the open auction, the open
trade's card counts) plus that seat's own notes and its own face-down offer. It
never holds another seat's notes or the value of a face-down offer it did not
make. The legal actions travel with it as :class:`Legal`.
"""

from __future__ import annotations

from operator import le

from bluffkit.core.money import contains, fmt, payment_book, payment_problem
from bluffkit.core.observation import ObservationBase
from bluffkit.games.youre_bluffing import state as S
from bluffkit.games.youre_bluffing.actions import (
    ACCEPT, AUCTION, BUY, PASS, SELL, Accept, Auction, Bid, Buy, Counter, Offer, Pass, Pay, Sell, Trade)

_WHO = {
    S.TURN: "the leader to choose an auction or a trade",
    S.BID: "the bidders",
    S.DECIDE: "the leader to sell or buy the lot",
    S.PAY: "the payer to choose notes",
    S.RESPOND: "the challenged player to accept or counter",
    S.REOFFER: "the challenger to offer again after a tie",
    S.DRAW: "chance to turn up an animal",
    S.OVER: "nobody: the game is over",
}


class Legal:
    """The actions one seat may take now.

    - ``auction``: may start an auction; ``trades``: (opponent, family) pairs to challenge for.
    - ``bid``: ``(lowest, cap, multiple)``: any multiple of ``multiple`` from ``lowest``
      up, at most ``cap`` (``None``: no cap; a player may bid more than they hold and
      then must show their money); passing is then allowed too.
    - ``sell``/``buy``: the leader's choice after the bidding; ``accept``: take an offer.
    - ``notes_for``: the action (Trade, Counter, Offer) whose notes are any choice from ``hand``.
    - ``pay``: the amount owed; the payment is any valid choice (see :meth:`payments`).
    """

    __slots__ = ("seat", "phase", "simple", "trades", "bid", "hand", "notes_for", "pay",
                 "payment_rule", "_payments")

    def __init__(self, seat, phase, simple=(), bid=None, trades=(), hand=None, notes_for=None,
                 pay=None, payment_rule="exact_if_possible"):
        self.seat, self.phase, self.simple, self.bid, self.trades = seat, phase, simple, bid, trades
        self.hand, self.notes_for, self.pay, self.payment_rule = hand, notes_for, pay, payment_rule
        self._payments = None

    @property
    def any(self) -> bool:
        """True when the seat may do something now."""
        return bool(self.simple or self.trades or self.notes_for is not None or self.pay is not None)

    def __bool__(self) -> bool:
        return self.any

    def key(self) -> tuple:
        return (self.seat, self.phase, self.simple, self.bid, self.trades, self.hand,
                self.notes_for, self.pay, self.payment_rule)

    def __eq__(self, other) -> bool:
        return isinstance(other, Legal) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return f"Legal(seat={self.seat}, phase={self.phase!r}, simple={self.simple}, bid={self.bid}, " \
               f"trades={self.trades}, notes_for={getattr(self.notes_for, '__name__', None)}, pay={self.pay})"

    # ``simple`` holds the legal actions that take no argument; these read it.
    auction = property(lambda self: AUCTION in self.simple, doc="may start an auction")
    sell = property(lambda self: SELL in self.simple, doc="may sell the lot")
    buy = property(lambda self: BUY in self.simple, doc="may buy the lot back")
    accept = property(lambda self: ACCEPT in self.simple, doc="may accept an offer")

    def payment_notes(self, denoms) -> tuple:
        """Every valid payment as notes, smallest first (cached)."""
        if self.pay is None:
            return ()
        found = self._payments
        if found is None:
            found = self._payments = payment_book(denoms, self.payment_rule).of(self.hand, self.pay)
        return found

    def payments(self, denoms) -> tuple:
        """Every valid payment as Pay actions, smallest first."""
        return tuple(Pay(p) for p in self.payment_notes(denoms))

    def explain(self, action, table) -> tuple[str, str] | None:
        """``None`` when ``action`` is legal, else ``(rule, reason)``."""
        kind = type(action)
        if kind is Bid:
            if self.bid:
                lo, cap, step = self.bid
                amount = action.amount
                if type(amount) is int and amount >= lo and not amount % step and (cap is None or amount <= cap):
                    return None
        elif kind is self.notes_for:        # trade, counter, offer: any notes the seat holds
            notes, hand = action.notes, self.hand
            if (type(notes) is tuple and len(notes) == len(hand) and all(map(le, notes, hand))
                    and min(notes) >= 0 and (kind is not Trade or (action.target, action.family) in self.trades)):
                return None
        elif kind is Pay:                   # checked by the rule, without listing every payment
            if self.pay is not None and not payment_problem(self.hand, action.notes, self.pay, table.d,
                                                            self.payment_rule):
                return None
        elif action in self.simple:         # auction, pass, sell, buy, accept: legal as listed
            return None
        who = f"seat {self.seat}"
        problem = self._problem(action, kind, who, table)
        if problem is not None and self.any:
            problem = (problem[0], f"{problem[1]}; seat {self.seat} may: {self.describe(table)}")
        return problem

    def describe(self, table) -> str:
        """The legal actions in a few words, e.g. ``'sell, buy'`` or ``'pass, bid 70 or more'``."""
        out = [str(a) for a in self.simple]
        if self.bid:
            lo, cap, step = self.bid
            out.append(f"bid {lo} or more" + (f" in steps of {step}" if step > 1 else "")
                       + (f" up to {cap}" if cap is not None else "") if cap is None or cap >= lo else "")
        if self.trades:
            out.append("trade for " + ", ".join(f"{table.rules.labels[f]} with seat {t}" for t, f in self.trades))
        if self.notes_for is Counter:
            out.append("counter NOTES")
        elif self.notes_for is Offer:
            out.append("offer NOTES")
        if self.pay is not None:
            out.append(f"pay {self.pay} or more (no change)")
        return ", ".join(o for o in out if o)

    def _problem(self, action, kind, who, table) -> tuple[str, str] | None:
        if not self.any:
            if self.phase == S.BID and self.seat == table.leader:
                return ("leader-does-not-bid", "the leader does not bid in their own auction")
            if self.phase == S.BID and self.seat == table.high_bidder:
                return ("already-highest", f"{who} already holds the highest bid ({table.high_bid}); "
                        f"waiting for the others to raise or pass")
            waiting = ", ".join(str(s) for s in table.to_move())
            return ("not-your-turn", f"{who} cannot act now: waiting for {_WHO[self.phase]}"
                    + (f" (seat {waiting})" if waiting else ""))
        if kind is Bid:
            if not self.bid:
                if self.phase == S.BID and self.seat == table.leader:
                    return ("leader-does-not-bid", "the leader does not bid in their own auction")
                if self.phase == S.BID and self.seat == table.high_bidder:
                    return ("already-highest", f"{who} already holds the highest bid ({table.high_bid})")
                return ("not-bidding", f"{who} cannot bid now")
            lo, cap, step = self.bid
            if type(action.amount) is not int or action.amount < lo:
                return ("bid-too-low", f"a bid must be at least {lo} here, got {action.amount}")
            if action.amount % step:
                return ("bid-multiple", f"bids are multiples of {step}, got {action.amount}")
            if cap is not None and action.amount > cap:
                return ("bid-over-shown-money", f"{who} showed their money ({cap}) and may bid at most that")
            return None
        if kind in (Pass, Auction, Sell, Buy, Accept):
            if action in self.simple:
                return None
            return {
                Pass: ("not-bidding", f"{who} cannot pass now: waiting for {_WHO[self.phase]}"),
                Auction: ("no-auction", "no auction is possible: " + (
                    "the animal pile is empty, every turn is a trade" if self.phase == S.TURN
                    else f"waiting for {_WHO[self.phase]}")),
                Sell: ("not-deciding", f"nothing to sell now: waiting for {_WHO[self.phase]}"),
                Buy: ("cannot-buy-back", "the leader may buy the lot back only after the bidding "
                      "and only with enough money to pay the bid" if self.phase == S.DECIDE
                      else f"nothing to buy now: waiting for {_WHO[self.phase]}"),
                Accept: ("nothing-to-accept", f"no offer is waiting for {who}"),
            }[kind]
        if kind is Pay:
            if self.pay is None:
                return ("not-paying", f"{who} owes nothing now: waiting for {_WHO[self.phase]}")
            problem = payment_problem(self.hand, action.notes, self.pay, table.d, self.payment_rule)
            return ("payment", problem) if problem else None
        if kind in (Trade, Counter, Offer):
            if self.notes_for is not kind:
                return ("not-now", f"{who} cannot {str(action).split()[0]} now: waiting for {_WHO[self.phase]}")
            if len(action.notes) != len(self.hand) or min(action.notes) < 0 or not contains(self.hand, action.notes):
                return ("notes-not-held", f"{who} does not hold {fmt(action.notes, table.d)} "
                        f"(holds {fmt(self.hand, table.d)})")
            if kind is Trade and (action.target, action.family) not in self.trades:
                return _trade_problem(action, table)
            return None
        return ("unknown-action", f"{action!r} is not an action of this game")


class BidLegal(Legal):
    """A bidder's Legal: pass, or bid ``bid = (lowest, cap, multiple)``. The same as
    ``Legal(seat, "bid", (PASS,), bid)``, built with two fields (bidders are most of a
    game's moves); the others are the class's own."""

    __slots__ = ()
    phase, simple, trades, hand, notes_for, pay = S.BID, (PASS,), (), None, None, None
    payment_rule, _payments = "exact_if_possible", None

    def __init__(self, seat, bid):
        self.seat, self.bid = seat, bid


def _trade_problem(a: Trade, t) -> tuple[str, str]:
    names = t.rules.labels
    if not isinstance(a.target, int) or not 0 <= a.target < t.n or a.target == t.leader:
        return ("trade-target", f"seat {a.target} is not another player to trade with")
    if not isinstance(a.family, int) or not 0 <= a.family < len(names):
        return ("trade-family", f"there is no family {a.family!r}")
    return ("trade-shared-family", f"a trade needs a family both players own: seat {t.leader} has "
            f"{t.herds[t.leader][a.family]} and seat {a.target} has {t.herds[a.target][a.family]} "
            f"{names[a.family]}")


_OBS_FIELDS = ("seat", "rules", "phase", "leader", "turn", "to_move", "pile", "lot", "herds",
               "note_counts", "hand", "hand_total", "bank", "paydays", "high_bid", "high_bidder", "pending",
               "calls", "caps", "shown", "payer", "payee", "buying", "trade", "my_offer",
               "scores", "legal")


class Observation(ObservationBase):
    """One seat's view (built by ``Table.observe``) of the table (immutable); all fields
    are public except ``hand``, ``hand_total`` and ``my_offer``.

    Fields: ``seat``, ``rules``, ``phase``, ``leader``, ``turn``, ``to_move``, ``pile``,
    ``lot``, ``herds``, ``note_counts`` (how many notes each seat holds), ``hand`` (this
    seat's notes), ``hand_total`` (what they are worth), ``bank``, ``paydays``, the
    auction (``high_bid``, ``high_bidder``, ``pending``, ``calls``, ``caps``, ``shown``), the payment (``payer``, ``payee``,
    ``buying``), ``trade`` = ``(challenger, target, family, cards, offer_cards, ties)``
    (the face-down offer shows only its number of cards), ``my_offer`` (this seat's own
    face-down offer), ``scores`` (when the game is over) and ``legal``.
    """

    __slots__ = ()
    _fields = _OBS_FIELDS


    def __repr__(self) -> str:
        return f"Observation(seat={self.seat}, phase={self.phase!r}, hand={self.hand})"
