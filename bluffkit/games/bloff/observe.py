"""What one Bløff player may know: their hand, every hand's size, the pile's size and
which of its cards they laid themselves, every claim, and every play turned over by
a call. Never a face-down card of someone else."""

from __future__ import annotations

from bluffkit.core.observation import ObservationBase

_FIELDS = ("seat", "rules", "decks", "phase", "current", "rank", "to_move", "hand", "hand_sizes",
           "pile_size", "my_pile_cards", "my_laid", "claims", "revealed", "pending", "winner", "legal")


class Observation(ObservationBase):
    """One seat's view (immutable). ``claims`` are ``(player, rank, count)``; ``revealed``
    are ``(player, rank, cards, caller, taker)`` (cards turned face up by a call);
    ``my_laid`` every card this seat has laid face down."""

    __slots__ = ()
    _fields = _FIELDS

    @classmethod
    def of(cls, t, seat: int, legal, to_move=None) -> "Observation":
        size, mine, sizes = t.pile_view()
        return tuple.__new__(cls, (
            seat, t.rules, t.decks, t.phase, t.current, t.rank, t.to_move() if to_move is None else to_move,
            t.hands[seat], sizes, size, mine[seat], t.laid[seat],
            t.claims, t.revealed, t.pending, t.winner, legal))


    def __repr__(self) -> str:
        return f"Observation(seat={self.seat}, phase={self.phase!r}, {len(self.hand)} cards)"
