"""The American Count (7) (Bidder Up!, "The Auctions")."""

from __future__ import annotations

from bluffkit.auctions.actions import PASS, STOP, Raise
from bluffkit.auctions.base import Table, register_format
from bluffkit.auctions.legal import Legal
from bluffkit.auctions.state import BID, FINAL, NO_CAP


@register_format("american-count")
class AmericanCount(Table):
    """"Players raise their bids in turn ... If they raise, they place 1 note face-down in
    front of them ... If they pass, they drop out"; "until only 1 player remains"; "The
    highest bidder may then, as a final step, raise their bid once more by up to 3 notes."
    "Anyone who passed takes back any notes they'd already bid"; the winner's notes pay."""

    __slots__ = ()
    LAYS_NOTES = True

    def _bidders_to_move(self):
        return self.pending[:1]

    def _can_raise(self, seat: int, cap: int) -> bool:
        return sum(self.money[seat]) > 0 and (cap == NO_CAP or sum(self.placed[seat]) < cap)

    def _legal_bid(self, seat, phase, cap):
        if phase == FINAL:
            return Legal(seat, phase, words=(STOP,), raise_=self.count > 0 and self._can_raise(seat, cap), table=self)
        return Legal(seat, phase, words=(PASS,), raise_=self._can_raise(seat, cap), table=self)

    def _waiting(self, seat):
        return ("dropped-out", f"seat {seat} has passed and cannot rejoin the auction")

    def _explain_more(self, seat, action):
        if type(action) is Raise and self.phase in (BID, FINAL) and seat in self.to_move():
            cap = self.caps[seat]
            return ("cannot-raise", f"seat {seat} cannot raise: it has no notes left" +
                    (f", or has laid the {cap} it can" if cap != NO_CAP else "") +
                    ("" if self.phase == BID else ", or has added the most allowed"))
        return None

    def _bid(self, seat, action) -> None:
        if self.phase == FINAL:
            return self._final(seat, action)
        if action == PASS:
            notes = self.placed[seat]
            self._set("money", seat, tuple(a + b for a, b in zip(self.money[seat], notes)))
            self._set("placed", seat, (0,) * len(notes))
            self.pending = self.pending[1:]
            if not self.pending:
                return self._nobody()
        else:
            self._lay_one(seat, action.note)
            self.high_bidder = seat
            self.pending = self.pending[1:] + (seat,)
        if len(self.pending) == 1:
            self.phase, self.count = FINAL, self.rules.american_final

    def _lay_one(self, seat: int, note: int) -> None:
        i = self.rules.denominations.index(note)
        m, p = list(self.money[seat]), list(self.placed[seat])
        m[i] -= 1
        p[i] += 1
        self._set("money", seat, tuple(m))
        self._set("placed", seat, tuple(p))

    def _final(self, seat: int, action) -> None:
        """The last raise, up to ``american_final`` notes; a last player who has laid no
        note at all has not bid."""
        if type(action) is Raise:
            self._lay_one(seat, action.note)
            self.count -= 1
            if self.count:
                return
        pile = sum(self.placed[seat])
        if not pile:
            return self._nobody()
        self._award(((seat, self.lot, pile),))
