"""The state of a game of Bidder Up!: an immutable record (a frozen dataclass).

The engine advances a mutable working copy (:class:`bluffkit.games.bidder_up.engine.Table`)
holding exactly these fields (``FIELDS``, derived from the dataclass) and freezes it.
Money is counts of notes per denomination; the Piggy Bank and the two-player gambling
stack are notes in order (denomination indices, bottom first), the animals are type
indices of :data:`bluffkit.auctions.rules.ANIMALS`.

>>> FIELDS[:4]
('rules', 'phase', 'current', 'roll')
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from bluffkit.games.bidder_up.rules import Rules

#: Phases. Chance: ``setup`` (the deal), ``roll``, ``draw`` (raffle tickets), ``sow``
#: (the die decides a Wool-Milk tie), and the embedded auction's own chance moves.
SETUP, ROLL, MOVE, AUCTION, TRADE, RESPOND, MARKET, RAFFLE, DRAW, KEEP, PIGGY, GAMBLE, GIVE, END, SOW, OVER = (
    "setup", "roll", "move", "auction", "trade", "respond", "market", "raffle", "draw", "keep", "piggy", "gamble",
    "give", "end", "sow", "over")


@dataclass(frozen=True, slots=True)
class State:
    """A moment of a game of Bidder Up!.

    ``pos`` each pawn's space; ``money`` each seat's notes; ``piggy`` the Piggy Bank's
    notes (face down, the top last); ``bank`` the notes beside the Golden Donkey on the
    supply board; ``box`` the notes out of play; ``gambling`` the two-player Gambling
    stack (top last); ``pens`` the animals in each pen (board order; a Cat in the Bag
    pen face down); ``stacks`` the two face-down supply stacks (top first);
    ``pastures``/``barns`` each seat's animals (barn: the complete types); ``donkeys``
    Golden Donkeys auctioned so far, which is the payouts so far (under
    ``donkey_pay_per="auction"`` one for an auction that sold two); ``market`` each type's position on the market
    track, ``locked`` the types whose marker is red; ``bag`` the raffle tickets in the
    bag; ``drawn`` the tickets just drawn; ``tickets`` each seat's kept tickets;
    ``used`` an action ticket was revealed this turn; ``extra`` Extra Turns owed;
    ``auction`` the embedded auction's state and ``pen_at`` its pen; ``trade`` an open
    horse-trade ``(challenger, target, animal, offer, count_mode)``; ``ious`` the IOUs
    left per loan; ``loans`` each seat's IOU values; ``sow`` the Wool-Milk-Sow's owner
    (-1: none yet or nobody), ``sow_tied`` the seats tied for it; ``turn`` turns played;
    ``log`` the last event's numbers (for narration); Baby Animals: ``babies`` the baby
    types still on the supply board, ``baby_barns`` each seat's babies in its barn, ``baby_zoos`` in its petting zoo
    (Fairground). There a male is told apart: its type + 10 (``actions.MALE``). ``then``
    the phase a horse-trade returns to: ``"move"`` for one revealed by a ticket before the
    move [H], else ``""`` (the turn ends after the trade). ``seen`` per pen the animals of
    a Cat in the Bag pen that every player saw go back face down (those not picked, two
    from a small pen and one from a double, once the picked are revealed after the sale
    [B, D]): the first ones of ``pens[i]``; ``()``
    while no pen holds any. It is public memory, derived from the moves before."""

    rules: Rules
    phase: str
    current: int
    roll: int
    pos: tuple
    money: tuple
    piggy: tuple
    bank: tuple
    box: tuple
    gambling: tuple
    pens: tuple
    stacks: tuple
    pastures: tuple
    barns: tuple
    donkeys: int
    market: tuple
    locked: tuple
    bag: tuple
    drawn: tuple
    tickets: tuple
    used: bool
    extra: int
    auction: Any
    pen_at: int
    trade: Any
    ious: tuple
    loans: tuple
    sow: int
    sow_tied: tuple
    turn: int
    log: tuple
    babies: tuple = ()
    baby_barns: tuple = ()
    baby_zoos: tuple = ()
    then: str = ""
    seen: tuple = ()

    #: A field added after logs were frozen is left out of a state's digest while it holds
    #: its default (:func:`bluffkit.core.digest.projection`), so their digests still hold.
    DIGEST_OMITS_DEFAULTS: ClassVar[dict] = {"then": ""}
    #: A field derived from the moves before (public memory) is left out of the digest
    #: always: the moves that made it are checked already.
    DIGEST_LEAVES_OUT: ClassVar[frozenset] = frozenset({"seen"})

    @property
    def players(self) -> int:
        return len(self.pos)

    def values(self) -> tuple:
        return tuple(getattr(self, f) for f in FIELDS[1:])


FIELDS = tuple(f.name for f in dataclasses.fields(State))


class TableFields:
    """The fields of the working copy and what it derives, declared once for the type
    checker and for the mixins that hold the rules of each part of the board
    (:mod:`~bluffkit.games.bidder_up.spaces`, :mod:`~bluffkit.games.bidder_up.fair`,
    :mod:`~bluffkit.games.bidder_up.scoring`); a method of another part is looked up on
    the table itself."""

    if not TYPE_CHECKING:           # slots at run time; the type checker reads TableFields
        __slots__ = ()
    if TYPE_CHECKING:
        rules: Rules
        n: int
        lay: Any
        fmts: tuple
        cats: tuple
        _sub: Any
        phase: str
        current: int
        roll: int
        pos: tuple
        money: tuple
        piggy: tuple
        bank: tuple
        box: tuple
        gambling: tuple
        pens: tuple
        stacks: tuple
        pastures: tuple
        barns: tuple
        donkeys: int
        market: tuple
        locked: tuple
        bag: tuple
        drawn: tuple
        tickets: tuple
        used: bool
        extra: int
        auction: Any
        pen_at: int
        trade: Any
        ious: tuple
        loans: tuple
        sow: int
        sow_tied: tuple
        turn: int
        log: tuple
        babies: tuple
        baby_barns: tuple
        baby_zoos: tuple
        then: str
        seen: tuple

        def __getattr__(self, name: str) -> Any: ...
