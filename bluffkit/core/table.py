"""What every game's working copy (``Table``) shares."""

from __future__ import annotations


class TableBase:
    """Base of each game's mutable working copy. A table defines ``to_move()``,
    ``legal(seat, to_move)`` and ``observe(seat, legal, to_move)``; this adds
    ``decision()``, the one call a driver makes per move."""

    __slots__ = ()

    def decision(self):
        """``(seat, legal, observation)`` for the first seat to move, or ``None`` when
        chance acts next or the game is over."""
        to_move = self.to_move()
        if not to_move:
            return None
        seat = to_move[0]
        legal = self.legal(seat, to_move)
        return seat, legal, self.observe(seat, legal, to_move)
