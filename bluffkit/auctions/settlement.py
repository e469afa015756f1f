"""Settling a sale, the same in every format (Bidder Up!, "Auction Pens" and "Special
Moments During an Auction"): the award, "can't pay, must show", the auctioneer's right
of first refusal, and payment with no change.

The one "can't pay, must show" rule (:func:`bluffkit.core.money.must_show` and
:func:`bluffkit.core.money.show`, shared with You're Bluffing!'s engine): it is checked **when a sale is awarded to a
bidder**, against the bid that bidder must pay. It is not checked for a purchase by
the right of first refusal: a purchase the auctioneer cannot pay is not offered (the
move is refused and nothing changes), as You're Bluffing!'s default
``buyback_without_funds="forbidden"`` has it (Horse Trading: "only if you have enough
money"). The one case where a purchase allowed at the decision cannot be paid after
all (two lots, no change given for the first) falls through at the payment: the
auctioneer shows its money and the lot goes to its winner at its price (see
:meth:`Settling._due`). See docs/auctions.md, "Can't pay, must show".

>>> must_show(held=90, price=120), must_show(held=120, price=120)
(True, False)
>>> show(shown=(), caps=(-1, -1, -1), seat=1, notes=(1, 2, 0), held=90)
(((1, (1, 2, 0)),), (-1, 90, -1))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bluffkit.auctions.actions import Refusal
from bluffkit.auctions.rules import price_words
from bluffkit.auctions.state import OVER, PAY, REFUSE_
from bluffkit.core.money import must_show, show

if TYPE_CHECKING:
    from bluffkit.auctions.rules import Rules

    class _Table:
        """What an auction table holds (the fields of :class:`bluffkit.auctions.state.State`,
        which ``thaw()`` sets, and what ``_thawed()`` derives) and the helpers settling calls,
        declared for the type checker only: at run time :class:`Settling` is a slotted mixin
        on ``object``, and :class:`bluffkit.auctions.base.Table` holds the slots."""

        rules: Rules
        phase: str
        auctioneer: int
        money: tuple
        start: tuple
        pen: tuple
        order: tuple
        lot: tuple
        bids: tuple
        placed: tuple
        pending: tuple
        high: int
        high_bidder: int
        count: int
        caps: tuple
        shown: tuple
        awards: tuple
        choosing: tuple
        payments: tuple
        owners: tuple
        reruns: int
        revealed: tuple
        RANKS_BIDS: bool
        called: int
        takers: tuple
        kept: tuple
        n: int
        bidders: tuple[int, ...]

        def _set(self, name: str, seat: int, value: Any) -> None: ...
        def payable(self, seat: int) -> int: ...
        def _open_bidding(self) -> None: ...
else:
    _Table = object


class Settling(_Table):
    """The settling half of an auction table (mixed into
    :class:`bluffkit.auctions.base.Table`). ``LAYS_NOTES`` (a format's class attribute):
    the bids are notes laid face down that pay for the sale themselves (Secret Count,
    American Count), so the winner can always pay and the losers take theirs back."""

    __slots__ = ()
    LAYS_NOTES = False

    def _nobody(self) -> None:
        """"Nobody bids? If nobody wants to bid, the auctioneer gets the animal(s) for free.\""""
        self.owners = self.owners + tuple((a, self.auctioneer) for a in self.lot)
        self.awards, self.pending, self.phase = (), (), OVER

    def _award(self, awards: tuple) -> None:
        """"Can't pay, must show. Whoever can't come up with their bid must show all of their
        money. The auction is then repeated. On the repeat, that player may bid at most as
        much as they could actually pay." Notes already laid face down are always enough."""
        placed = self.LAYS_NOTES
        broke = [(s, price) for s, _, price in awards if not placed and must_show(self.payable(s), self._owed(s, price))]
        if broke:
            for s, _ in broke:
                self.shown, self.caps = show(self.shown, self.caps, s, self.money[s], self.payable(s))
            self.awards, self.choosing, self.owners = (), (), ()
            if self.RANKS_BIDS:               # the bids made (turned over, or open round the table) stay known
                self.revealed = self.bids
            self.reruns += 1
            return self._open_bidding()
        self.awards = awards
        self.pending = ()
        self.phase = REFUSE_
        if placed:                            # the losers take their notes back
            winners = {s for s, _, _ in awards}
            self._take_back(s for s in range(self.n) if s not in winners)
        if not self.rules.first_refusal:      # the rule option: no right, the lots are sold
            self._refuse(())

    def _owed(self, seat: int, price: int) -> int:
        """What "their bid" is when a sale to ``seat`` at ``price`` is checked: the price
        (Second Hand may read it as the bid made: the rule option ``show_against``)."""
        return price

    def _take_back(self, seats) -> None:
        """Notes laid face down go back into their owners' hands."""
        for s in seats:
            if sum(self.placed[s]):
                self._set("money", s, tuple(a + b for a, b in zip(self.money[s], self.placed[s])))
                self._set("placed", s, (0,) * len(self.placed[s]))

    def _refusals(self) -> tuple[Refusal, ...]:
        k = len(self.awards)
        options = [(), (-1,)] + ([(0,), (1,), (0, 1)] if k == 2 else [(0,)])
        return tuple(Refusal(o) for o in options if self._refusal_problem(o) is None)

    def _kept(self, keep) -> tuple[int, ...]:
        return tuple(range(len(self.awards))) if keep == (-1,) else tuple(keep)

    def _refusal_problem(self, keep) -> str | None:
        """The auctioneer can buy what it can pay for, counting the money of the lots it
        sells ("have the money for one of the animals paid out to them first"). A purchase
        it cannot pay is refused: "can't pay, must show" is checked on a sale only."""
        kept = self._kept(keep)
        if len(set(kept)) != len(kept):
            return "each lot can be bought once (buy 1, buy 2 or buy 1,2)"
        if any(not isinstance(k, int) or not 0 <= k < len(self.awards) for k in kept):
            return f"there {'is one lot' if len(self.awards) == 1 else 'are two lots'} to keep or sell"
        need = sum(self.awards[k][2] for k in kept)
        gets = sum(p for i, (_, _, p) in enumerate(self.awards) if i not in kept)
        if need > self.payable(self.auctioneer) + gets:
            said = price_words(self.rules)              # (notes, not value, in a count auction)
            return (f"the auctioneer cannot pay {said(need)} for what they would keep (they have "
                    f"{said(self.payable(self.auctioneer))}{f' and would receive {said(gets)}' if gets else ''})")
        return None

    def _refuse(self, keep) -> None:
        """"Either: the auctioneer gives the winning bidder the animal ... receive the winning
        bid. Or: the auctioneer instead uses their right of first refusal and takes the
        animal ... they must pay the winning bidder their bid"; the money of a lot sold is
        paid first, so it can buy the other."""
        kept = self._kept(keep)
        a = self.auctioneer
        placed = self.LAYS_NOTES
        mode = self.rules.pricing
        owners, sells, buys = list(self.owners), [], []
        for i, (s, animals, price) in enumerate(self.awards):
            if i in kept:
                owners.extend((x, a) for x in animals)
                if placed:
                    self._set("money", s, tuple(x + y for x, y in zip(self.money[s], self.placed[s])))
                    self._set("placed", s, (0,) * len(self.placed[s]))
                buys.append((a, s, price, mode))
            else:
                owners.extend((x, s) for x in animals)
                if placed:
                    self._set("money", a, tuple(x + y for x, y in zip(self.money[a], self.placed[s])))
                    self._set("placed", s, (0,) * len(self.placed[s]))
                else:
                    sells.append((s, a, price, mode))
        self.owners, self.kept = tuple(owners), tuple(sorted(kept))
        self.payments = tuple(p for p in sells + buys if p[2] > 0)
        self.phase = PAY
        self._due()

    def _pay(self, notes) -> None:
        payer, payee, _, _ = self.payments[0]
        self._set("money", payer, tuple(a - b for a, b in zip(self.money[payer], notes)))
        self._set("money", payee, tuple(a + b for a, b in zip(self.money[payee], notes)))
        self.payments = self.payments[1:]
        self._due()

    def _due(self) -> None:
        """Before each payment: a purchase by the auctioneer it cannot pay after all (no
        change is given, so paying one lot can leave too little for the other) falls
        through: the auctioneer shows its money and the lot is sold to its winner at the
        price ("Can't pay, must show"; bluffkit's reading, as the booklet is silent)."""
        a = self.auctioneer
        while self.payments:
            payer, payee, amount, mode = self.payments[0]
            if payer != a or not must_show(self.payable(payer), amount):   # notes worth enough can always pay
                return
            self.shown = self.shown + ((a, self.money[a]),)
            lot = self._falling_lot(payee, amount)
            self.kept = tuple(k for k in self.kept if k != lot)
            owners = list(self.owners)
            for x in self.awards[lot][1]:           # one entry per animal of that lot changes hands
                owners[owners.index((x, a))] = (x, payee)
            self.owners = tuple(owners)
            self.payments = self.payments[1:] + ((payee, a, amount, mode),)
        self.phase = OVER

    def _falling_lot(self, payee: int, amount: int) -> int:
        """The kept lot whose purchase (paying ``payee`` ``amount``) is next due: purchases
        are due in the order of the lots, so of the kept lots won by ``payee`` at
        ``amount``, those not yet paid for are the last ones."""
        matching = [k for k in self.kept if self.awards[k][0] == payee and self.awards[k][2] == amount]
        unpaid = sum(1 for p in self.payments if p[:3] == (self.auctioneer, payee, amount))
        return matching[len(matching) - unpaid]
