"""The two-player calls: Number Call (9) and The Call (10) (Bidder Up!, "The Auctions")."""

from __future__ import annotations

from bluffkit.auctions.actions import ACCEPT, PASS, REFUSE, Call
from bluffkit.auctions.base import Table, register_format
from bluffkit.auctions.legal import Legal
from bluffkit.auctions.state import BID, NO_CAP, REFUSE_
from bluffkit.core.money import total


@register_format("number-call")
class NumberCall(Table):
    """Number Call: "The other player directly names the number of notes they're willing
    to pay" (``bid N``, or ``pass``)."""

    __slots__ = ()

    def _legal_bid(self, seat, phase, cap):
        hi = None if cap == NO_CAP else cap
        ok = hi is None or hi >= 1
        return Legal(seat, phase, words=(PASS,), bid=(1, hi) if ok else None, table=self)

    def _bid(self, seat, action) -> None:
        if action == PASS:
            self._nobody()
        else:
            self._award(((seat, self.lot, action.amount),))


@register_format("the-call")
class TheCall(Table):
    """The Call: "the auctioneer calls out the amount they're demanding. The other player
    then says whether they're willing to pay it. If not, the auctioneer must use their
    right of first refusal and buy the animal themselves for the amount called, paying that
    amount to their fellow player." After an accepted call: the rule option ``call_right``."""

    __slots__ = ()

    @classmethod
    def asked(cls, sub) -> str:
        """The bidding is no bid: the auctioneer "calls out the amount they're demanding", and
        the other player "then says whether they're willing to pay it"."""
        if sub.phase == BID:
            return "to call a price" if sub.called < 0 else "to accept or refuse the call"
        return super().asked(sub)

    def _start_bidding(self) -> None:
        self.pending = (self.bidders[0],)

    def _bidders_to_move(self):
        return (self.auctioneer,) if self.called < 0 else self.pending

    def _legal_bid(self, seat, phase, cap):
        if seat == self.auctioneer and self.called < 0:
            # a refused call must be bought at it, so the auctioneer calls what it can pay;
            # with no money at all it can only call 0 (bluffkit's reading: the booklet is silent)
            most = total(self.money[seat], self.rules.denominations)
            return Legal(seat, phase, call=(min(1, most), most), table=self)
        ok = cap == NO_CAP or self.called <= cap
        return Legal(seat, phase, words=(ACCEPT, REFUSE) if ok else (REFUSE,), table=self)

    def _bid(self, seat, action) -> None:
        if type(action) is Call:
            self.called = action.amount
        elif action == ACCEPT:
            self._award(((seat, self.lot, self.called),))
            if self.phase == REFUSE_ and self.rules.call_right == "on_refusal":
                self._refuse(())              # an accepted call is a sale
        else:
            self.awards = ((seat, self.lot, self.called),)
            self._refuse((0,))
