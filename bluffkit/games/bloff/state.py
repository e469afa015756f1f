"""The state of a game of Bløff: an immutable record.

A :class:`State` is frozen: every step makes a new one. The engine advances a private
mutable working copy (:class:`bluffkit.games.bloff.engine.Table`) and freezes it into a
State; both hold exactly the fields of the dataclass, listed in ``FIELDS`` (derived
from it, so the two cannot drift apart).

>>> FIELDS[:4]
('rules', 'decks', 'phase', 'current')
>>> Phase.CALL == "call", repr(Phase.CALL)
(True, "'call'")
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass

from bluffkit.games.bloff.rules import Rules


class Phase(enum.StrEnum):
    """Who acts next. A phase is its text (``Phase.PLAY == "play"``), and reads as that
    text in ``repr`` so that a state's checksum (:func:`bluffkit.core.digest.digest`) is
    the one written before phases were an enum."""

    DEAL = "deal"      # chance shuffles and deals the whole deck
    PLAY = "play"      # ``current`` lays cards face down for the rank in turn
    CALL = "call"      # the seats in ``pending`` may call the last play or let it go
    OVER = "over"      # someone has no cards left

    __hash__ = str.__hash__

    def __repr__(self) -> str:
        return repr(self.value)


DEAL, PLAY, CALL, OVER = Phase.DEAL, Phase.PLAY, Phase.CALL, Phase.OVER


@dataclass(frozen=True, slots=True)
class State:
    """A moment of a game of Bløff. ``plays`` are the face-down plays in the pile since it
    was last taken, as ``(player, rank, cards)``; ``claims`` every claim made, as
    ``(player, rank, count)``; ``revealed`` every play turned over by a call, as
    ``(player, rank, cards, caller, taker)``; ``laid`` per seat every card that seat has
    laid face down (its own memory); ``winner`` is -1 until someone wins."""

    rules: Rules
    decks: int
    phase: Phase
    current: int
    rank: int
    hands: tuple
    plays: tuple
    pending: tuple
    claims: tuple
    revealed: tuple
    laid: tuple
    winner: int
    turn: int

    @property
    def pile(self) -> tuple[int, ...]:
        return tuple(c for _, _, cards in self.plays for c in cards)

    def values(self) -> tuple:
        """The fields in ``FIELDS`` order, rules excluded."""
        return tuple(getattr(self, f) for f in FIELDS[1:])


#: The State's fields, in order (the working copy holds the same).
FIELDS = tuple(f.name for f in dataclasses.fields(State))
