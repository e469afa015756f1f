"""The Dutch auction (3) (Bidder Up!, "The Auctions")."""

from __future__ import annotations

from bluffkit.auctions.actions import PASS, TAKE, First
from bluffkit.auctions.base import Table, register_format
from bluffkit.auctions.legal import Legal
from bluffkit.auctions.state import BID, GRAB, NO_CAP
from bluffkit.core.errors import IllegalAction


@register_format("dutch")
class Dutch(Table):
    """"The auctioneer ... count[s] down slowly and evenly, starting from 10. Whoever grabs
    the auction hammer first wins the sale. They must pay the number of notes the
    auctioneer had called out at that moment." At each count every fellow player decides,
    unseen, whether to grab (``take``) or wait (``pass``)."""

    __slots__ = ()
    SEALED = True
    SHOWS_COUNT = True

    def _start_bidding(self) -> None:
        self.count = self.rules.dutch_start

    def _legal_bid(self, seat, phase, cap):
        ok = cap == NO_CAP or self.count <= cap
        return Legal(seat, phase, words=(TAKE, PASS) if ok else (PASS,), table=self)

    def _waiting(self, seat):
        return ("already-bid", f"seat {seat} has decided at {self.count}; who grabbed is shown when all have decided")

    def _bid(self, seat, action) -> None:
        self._set("bids", seat, 1 if action == TAKE else 0)
        if action == TAKE:
            self.takers = self.takers + (seat,)
        self.pending = tuple(s for s in self.pending if s != seat)
        if not self.pending:
            self._dutch_count()

    def _dutch_count(self) -> None:
        """When several grab at the same count, chance says who was first; when nobody
        grabs down to 1, nobody bid."""
        takers = self.takers
        if len(takers) == 1:
            self.takers = ()
            return self._award(((takers[0], self.lot, self.count),))
        if takers:
            self.phase = GRAB
            return
        self.count -= 1
        if self.count == 0:
            return self._nobody()
        self.bids = (None,) * self.n
        self.pending = self.bidders

    def sample_chance(self, u, rng):
        if self.phase == GRAB:
            return First(self.takers[min(int(u * len(self.takers)), len(self.takers) - 1)])
        return super().sample_chance(u, rng)

    def apply_chance(self, outcome) -> None:
        if self.phase != GRAB:
            return super().apply_chance(outcome)
        if not isinstance(outcome, First) or outcome.seat not in self.takers:
            raise IllegalAction("bad-grab", f"one of those who grabbed ({self.takers}) was first")
        self.takers = ()
        self._award(((outcome.seat, self.lot, self.count),))

    def redraw_bids(self, seat, bids, money, placed, rng, changes) -> None:
        """Others' decisions at this count are drawn again."""
        if self.phase != BID:
            return
        for s in self.bidders:
            if s != seat and bids[s] is not None:
                bids[s] = int(rng.integers(0, 2))
        changes["takers"] = tuple(s for s in self.bidders if bids[s] == 1)
