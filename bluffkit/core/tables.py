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

Such a ``Legal`` is copied (``copy.copy``, ``copy.deepcopy``) with its table, but it is not
pickled: a pickle would carry the table, and so every secret, to whoever reads it
(:func:`no_pickle`).

This keeps the table off every object a seat is given; it is no sandbox: code in the same
Python process can reach anything by asking for it (see docs/panels.md, "What a seat
sees").

A move list is made for every decision of a simulation, so the keeping is lean: one
dict entry and one weak reference (whose ``key`` says which entry to drop), read back
with ``held.get(id(owner))``.
"""

from __future__ import annotations

import weakref
from typing import Any


class _Ref(weakref.ref):
    """A weak reference to an owner that knows its entry's key (the owner's id)."""

    __slots__ = ("key",)
    key: int


class TableRefs:
    """The table of each object registered, held apart from it (see the module docstring).
    ``held``: ``{id(owner): (table, weak reference)}``, for readers that inline :meth:`get`."""

    __slots__ = ("held", "forget")

    def __init__(self) -> None:
        held: dict[int, tuple[Any, _Ref]] = {}
        self.held = held

        def forget(ref: _Ref) -> None:
            # run as the owner is freed, before its id is given out again
            entry = held.get(ref.key)
            if entry is not None and entry[1] is ref:
                del held[ref.key]

        self.forget = forget

    def put(self, owner: object, table: Any) -> None:
        """Keep ``table`` for ``owner`` (which must take weak references) while it lives."""
        if table is None:
            return
        key = id(owner)
        ref = _Ref(owner, self.forget)
        ref.key = key
        self.held[key] = (table, ref)

    def get(self, owner: object) -> Any:
        """The table kept for ``owner``, or ``None``."""
        entry = self.held.get(id(owner))
        return None if entry is None else entry[0]

    def __len__(self) -> int:
        return len(self.held)


def no_pickle(owner: object) -> TypeError:
    """The refusal to pickle a move list that keeps a table (see the module docstring)."""
    return TypeError(f"a {type(owner).__name__} (a seat's move list) is not pickled: it would carry the game's "
                     f"table, every seat's secrets with it; pickle the observation's public fields instead")
