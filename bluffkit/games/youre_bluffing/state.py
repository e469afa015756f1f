"""The state of a game of You're Bluffing! / Horse Trading: an immutable record.

A :class:`State` is frozen: every step makes a new one, so undo, replay and a
notebook scrubber are indexing into a list of states. The engine advances a
private mutable working copy (:class:`bluffkit.games.youre_bluffing.engine.Table`)
and freezes it into a State; both hold exactly the fields listed in ``FIELDS``.

Money is counts of notes per denomination (see :mod:`bluffkit.core.money`); herds
are counts of cards per family, one tuple per seat.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum

from bluffkit.games.youre_bluffing.rules import Rules


class Phase(StrEnum):
    """Who must act next. A phase is a string (``Phase.BID == "bid"``), and its repr is
    the string's, so state digests and printed states read as before.

    >>> Phase.BID == "bid", Phase("over") is Phase.OVER, Phase.BID
    (True, True, 'bid')
    """

    TURN = "turn"          # the leader chooses: auction or trade
    DRAW = "draw"          # chance turns up the top animal(s) of the pile
    BID = "bid"            # the non-leaders in ``pending`` may bid or pass
    DECIDE = "decide"      # the leader sells to the highest bidder or buys it back
    PAY = "pay"            # ``payer`` chooses the notes to pay ``amount``
    RESPOND = "respond"    # the challenged player accepts the offer or counters
    REOFFER = "reoffer"    # after a first tie (You're Bluffing!) the challenger offers again
    OVER = "over"          # every family is complete

    __repr__ = str.__repr__


TURN, DRAW, BID, DECIDE, PAY = Phase.TURN, Phase.DRAW, Phase.BID, Phase.DECIDE, Phase.PAY
RESPOND, REOFFER, OVER = Phase.RESPOND, Phase.REOFFER, Phase.OVER
PHASES = tuple(Phase)


@dataclass(frozen=True, slots=True)
class State:
    """Everything about one moment of a game, public and secret.

    - ``phase``, ``leader`` (the seat whose turn it is), ``turn`` (turns completed).
    - ``pile``: cards left in the animal pile, per family; ``lot``: the animals on auction.
    - ``herds``: each seat's animals, per family (face up, public).
    - ``money``: each seat's notes (secret; only the number of notes is public).
    - ``bank``: notes left in a finite bank, or ``None`` when it never runs out.
    - ``paydays``: donkeys (7s) turned up so far.
    - auction: ``draws_left``, ``high_bid``, ``high_bidder`` (-1 for none), ``pending``
      (seats that may still bid before the lot is sold), ``calls`` (rounds with no bid),
      ``caps`` (per seat: the most a player who had to show their money may bid, -1 for
      no cap), ``shown`` (the money players had to show in this auction).
    - payment: ``payer``, ``payee``, ``buying`` (the leader buys the lot back).
    - ``trade``: ``(challenger, target, family, cards, offer, ties)`` while a trade is
      open; ``offer`` is the face-down offer's notes.
    """

    rules: Rules
    phase: Phase
    leader: int
    turn: int
    pile: tuple[int, ...]
    herds: tuple[tuple[int, ...], ...]
    money: tuple[tuple[int, ...], ...]
    bank: tuple[int, ...] | None
    paydays: int
    lot: tuple[int, ...]
    draws_left: int
    high_bid: int
    high_bidder: int
    pending: tuple[int, ...]
    calls: int
    caps: tuple[int, ...]
    shown: tuple[tuple[int, tuple[int, ...]], ...]
    payer: int
    payee: int
    buying: bool
    trade: tuple | None

    @property
    def players(self) -> int:
        return len(self.herds)

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def values(self) -> tuple:
        """The fields in ``FIELDS`` order, rules excluded."""
        return tuple(getattr(self, f) for f in FIELDS[1:])


#: The State's fields in order, from the dataclass (the working copy holds the same).
FIELDS = tuple(f.name for f in fields(State))
