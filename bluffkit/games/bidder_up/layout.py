"""What the engine reads from a board file (:mod:`bluffkit.games.bidder_up.board`): the
start, the pens in board order with their size and tile position, and what each space
does [L1]. One :class:`Layout` per side, made once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

#: Space kinds the engine acts on; any other kind (start, path) does nothing.
PEN, HORSE_TRADE, PIGGY_BANK, MARKET, RAFFLE = "pen", "horse-trade", "piggy-bank", "market", "raffle"
_ALIASES = {"trade": HORSE_TRADE, "horse": HORSE_TRADE, "horsetrade": HORSE_TRADE, "piggy": PIGGY_BANK,
            "piggybank": PIGGY_BANK, "bank": PIGGY_BANK, "raffle-booth": RAFFLE, "booth": RAFFLE}


def _kind(text) -> str:
    k = str(text).lower().replace("_", "-").replace(" ", "-")
    return _ALIASES.get(k, _ALIASES.get(k.replace("-", ""), k))


@dataclass(frozen=True)
class PenInfo:
    """A pen: its ``space``, ``size`` (1 small, 2 double) and tile ``position`` (0-3)."""

    space: object
    size: int
    position: int


@dataclass(frozen=True)
class Layout:
    board: Any
    start: Any
    pens: tuple
    kinds: dict
    labels: dict
    pen_index: dict
    _reach: dict = field(default_factory=dict, compare=False, repr=False)

    def kind(self, space) -> str:
        return self.kinds.get(space, "")

    def reachable(self, pos, roll: int, notes: int) -> dict:
        """:meth:`Board.reachable <bluffkit.games.bidder_up.board.Board.reachable>`, remembered
        (the budget capped where it stops mattering: no move changes the roll by more spaces
        than the board has, so no move costs more than 1 + 2 + ... + that many notes)."""
        n = len(self.kinds)
        budget = min(notes, n * (n + 1) // 2)
        key = (pos, roll, budget)
        found = self._reach.get(key)
        if found is None:
            found = self._reach[key] = self.board.reachable(pos, roll, budget)
        return found


@lru_cache(maxsize=None)
def layout_of(name: str) -> Layout:
    """The layout of the board side ``name`` (``animal-market`` or ``fairground``)."""
    from bluffkit.games.bidder_up.board import load_board
    board = load_board(name)
    spaces = list(board.spaces.values()) if isinstance(board.spaces, dict) else list(board.spaces)
    pens = tuple(PenInfo(s.id, int(s.pen_size), int(s.tile_position or 0))
                 for s in spaces if _kind(s.kind) == PEN)
    kinds = {s.id: _kind(s.kind) for s in spaces}
    labels = {s.id: getattr(s, "label", "") or str(s.id) for s in spaces}
    return Layout(board, board.start, pens, kinds, labels, {p.space: i for i, p in enumerate(pens)})
