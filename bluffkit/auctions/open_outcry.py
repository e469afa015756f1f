"""Open outcry: Classic (1) and Cat in the Bag (2) (Bidder Up!, "The Auctions")."""

from __future__ import annotations

from bluffkit.auctions.actions import PASS, Pen, Shuffle
from bluffkit.auctions.base import Table, register_format
from bluffkit.auctions.legal import Legal
from bluffkit.auctions.state import BID, NO_CAP, PICK, SETUP
from bluffkit.core.errors import IllegalAction


@register_format("classic")
class Classic(Table):
    """Classic: "All fellow players may shout out bids as often as they like, in any
    order. It's also allowed to outbid yourself. Each bid must exceed the current highest
    bid by at least 10." "As soon as no higher bid comes" (every fellow player passes) the
    sale is awarded; a double pen goes "as a package"."""

    __slots__ = ()
    OPEN_OUTCRY = True

    def _legal_bid(self, seat, phase, cap):
        hi = None if cap == NO_CAP else cap
        lo = self.high + self.rules.step if self.high_bidder >= 0 else self.rules.step
        ok = hi is None or lo <= hi
        return Legal(seat, phase, words=(PASS,), bid=(lo, hi) if ok else None, table=self)

    def _too_low(self, lo):
        if self.high_bidder >= 0:
            return ("bid-too-low", f"a bid must exceed the highest bid ({self.high:,}) by at least "
                    f"{self.rules.step:,}: bid {lo:,} or more")
        return super()._too_low(lo)

    def _bidders_to_move(self) -> tuple[int, ...]:
        """Every fellow player still to act, "in any order": listed from the highest bidder's
        left round the table, so that the highest bidder (who may outbid themself) comes last
        and a table that asks one seat at a time, as a session does, asks the others first."""
        pending, hb = self.pending, self.high_bidder
        if hb < 0 or len(pending) < 2:
            return pending
        n = self.n
        return tuple(sorted(pending, key=lambda s: (s - hb - 1) % n))

    def _waiting(self, seat):
        return ("passed", f"seat {seat} has passed and may bid again only after someone else bids")

    def _bid(self, seat, action) -> None:
        if action == PASS:
            self.pending = tuple(s for s in self.pending if s != seat)
            if not self.pending:
                if self.high_bidder < 0:
                    self._nobody()
                else:
                    self._award(((self.high_bidder, self.lot, self.high),))
        else:
            self.high, self.high_bidder = action.amount, seat
            self.pending = self.bidders


@register_format("cat-in-the-bag")
class CatInTheBag(Classic):
    """Cat in the Bag: "The auctioneer reveals the 3 animals in the pen ... then shuffle
    them face-down. Their left neighbor then points to 1 of the three face-down cards ...
    Only the auctioneer may look at it secretly. The other two are placed face-down back
    in the pen." Then "the usual rules of the Classic auction"; the animal "is only
    revealed after the auction ends"."""

    __slots__ = ()
    FACE_DOWN_PEN = True

    def lot_hidden_from(self, seat: int) -> bool:
        # "If only 1 animal remains there, it's auctioned openly"
        return seat != self.auctioneer and len(self.pen) != 1 and self.phase in (SETUP, PICK, BID)

    def _set_out(self, lot, pen) -> None:
        if lot:
            self._open_bidding()
        elif pen:
            self._after_pen()

    def sample_chance(self, u, rng):
        if not self.pen:
            return Pen(self._draw_animals(rng, 3))
        return Shuffle(tuple(int(i) for i in rng.permutation(len(self.pen))))

    def apply_chance(self, outcome) -> None:
        if self.phase != SETUP:
            raise IllegalAction("not-chance-turn", "it is a player's move, not chance's")
        if not self.pen:
            if not isinstance(outcome, Pen) or not 1 <= len(outcome.animals) <= 3:
                raise IllegalAction("bad-pen", "Cat in the Bag shows the pen's 1 to 3 animals first (pen A,B,C)")
            too_many = self._too_many(outcome.animals)
            if too_many:
                raise IllegalAction("bad-pen", too_many)
            self.pen = outcome.animals
            return self._after_pen()
        if not isinstance(outcome, Shuffle) or sorted(outcome.order) != list(range(len(self.pen))):
            raise IllegalAction("bad-shuffle", f"the pen's {len(self.pen)} animals are shuffled face down: "
                                f"each index 0..{len(self.pen) - 1} once")
        self.order = outcome.order
        self.phase = PICK

    def _after_pen(self) -> None:
        """"If only 1 animal remains there, it's auctioned openly"; else chance shuffles the
        pen face down next."""
        if len(self.pen) == 1:
            self.lot = self.pen
            self._open_bidding()
        else:
            self.phase = SETUP

    def face_down_left(self) -> tuple[int, ...]:
        """The pen's animals not picked, in their face-down order: "The other two are placed
        face-down back in the pen"."""
        if not self.order:
            return ()
        rest = list(self.lot)
        out = []
        for i in self.order:
            a = self.pen[i]
            if a in rest:
                rest.remove(a)
            else:
                out.append(a)
        return tuple(out)
