"""Where a move list keeps the table it explains, out of a seat's reach.

The auctions' and Bidder Up!'s ``Legal`` (what a seat may do now) explain a refused move,
draw a random legal one and read the seat's own notes from the table they were made for,
on demand. That table holds every secret of the game (the sealed bids, the other seats'
notes, the face-down pen) and, in a simulation, is the game being played. A ``Legal`` is
handed to the seat's agent with its observation, so it must not hold the table as an
attribute, where a look at ``obs.legal`` (or its ``__slots__``) would find it and an agent
could read or change it: "a seat's view shows exactly what that player may know". The
table is kept here instead, by the ``Legal``'s identity, for as long as the ``Legal``
lives (a weak reference drops it then).

This keeps the table off every object a seat is given; it is no sandbox: code in the same
Python process can reach anything by asking for it (see docs/panels.md, "What a seat
sees").
"""

from __future__ import annotations

import weakref
from typing import Any


class TableRefs:
    """The table of each object registered, held apart from it (see the module docstring)."""

    __slots__ = ("_by_id",)

    def __init__(self) -> None:
        self._by_id: dict[int, tuple[Any, weakref.ref]] = {}

    def put(self, owner: object, table: Any) -> None:
        """Keep ``table`` for ``owner`` (which must take weak references) while it lives."""
        if table is None:
            return
        key, by_id = id(owner), self._by_id

        def forget(_ref: weakref.ref, key: int = key) -> None:
            by_id.pop(key, None)            # run as the owner is freed, before its id is given out again

        by_id[key] = (table, weakref.ref(owner, forget))

    def get(self, owner: object) -> Any:
        """The table kept for ``owner``, or ``None``."""
        entry = self._by_id.get(id(owner))
        return None if entry is None else entry[0]

    def __len__(self) -> int:
        return len(self._by_id)
