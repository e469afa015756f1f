"""What one seat may know in an auction.

Everyone sees the lot (in Cat in the Bag only the pen's animals, until the sale is
awarded; the auctioneer alone looks at the animal picked), how many notes every seat
holds, the open bids (Classic, Cat in the Bag, Round-the-Table, the calls, the Dutch
count, how many notes each has laid in the American Count), the money a player had to
show and the bids made before the auction was run again (``revealed``), the awards, the payments owed and who owns what at the end. A seat sees its own
notes and what it laid face down. Sealed bids (Secret Value, Secret Count, Second
Hand) and the Dutch grabs stay hidden until all are in; notes laid face down never
show their faces to others.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bluffkit.core.observation import ObservationBase

if TYPE_CHECKING:
    from bluffkit.auctions.rules import Rules

_FIELDS = ("seat", "rules", "phase", "auctioneer", "to_move", "pen", "lot", "hand", "note_counts",
           "placed_counts", "my_placed", "high", "high_bidder", "bids", "count", "caps", "shown", "awards",
           "choosing", "payments", "owners", "kept", "called", "reruns", "revealed", "legal")


class Observation(ObservationBase):
    """One seat's view (immutable). ``lot`` is ``None`` while the Cat in the Bag's animal
    is hidden from this seat; ``bids`` shows only this seat's own bid while sealed bids
    are being made; ``revealed`` the bids made before the auction was run again (everyone
    saw them: sealed bids are turned over together, Round-the-Table's are said aloud)."""

    __slots__ = ()
    _fields = _FIELDS

    # the fields, read as properties (ObservationBase sets them from _fields)
    seat: int
    rules: Rules
    phase: str
    auctioneer: int
    to_move: tuple[int, ...]
    pen: tuple[int, ...]
    lot: tuple[int, ...] | None
    hand: tuple[int, ...]
    note_counts: tuple[int, ...]
    placed_counts: tuple[int | None, ...]
    my_placed: tuple[int, ...]
    high: int
    high_bidder: int
    bids: tuple[int | None, ...]
    count: int  # type: ignore[assignment]  # the field shadows tuple.count, as at run time
    caps: tuple[int, ...]
    shown: tuple
    awards: tuple
    choosing: tuple
    payments: tuple
    owners: tuple
    kept: tuple
    called: int
    reruns: int
    revealed: tuple
    legal: Any

    @classmethod
    def of(cls, t, seat: int, legal, to_move=None) -> "Observation":
        phase = t.phase
        bids = t.bids
        money, placed = t.money, t.placed
        counts = tuple(map(sum, money))
        laid_counts = tuple(map(sum, placed))
        laid: tuple[int | None, ...] = laid_counts
        if phase == "bid" and t.SEALED:
            own = bids[seat]          # a seat still to bid has none yet: everyone's is hidden
            bids = (None,) * len(bids) if own is None else tuple(b if s == seat else None for s, b in enumerate(bids))
            if t.laid:                        # notes laid "simultaneously face-down": not yet counted
                counts = tuple(c if s == seat else c + p for s, (c, p) in enumerate(zip(counts, laid_counts)))
                laid = tuple(p if s == seat else None for s, p in enumerate(laid_counts))
        return _build(t, seat, phase, t.to_move() if to_move is None else to_move,
                      None if t.FACE_DOWN_PEN and t.lot_hidden_from(seat) else t.lot, money[seat], counts, laid,
                      placed[seat], bids, legal)

    def __repr__(self) -> str:
        return f"Observation(seat={self.seat}, phase={self.phase!r})"


#: The observation from a table ``t``: the fields named here in this order, every other one
#: the table's attribute of the same name (built from ``_FIELDS``, never written out twice).
_build = Observation.builder("seat", "phase", "to_move", "lot", "hand", "note_counts", "placed_counts", "my_placed",
                             "bids", "legal")
