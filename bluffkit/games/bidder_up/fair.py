"""The Fairground's market [G] and Raffle Booth [H], and the action tickets revealed
before the move or at the end of a turn [H] (section letters of docs/bidder-up.md)."""

from __future__ import annotations

from collections import Counter as Multiset
from typing import TYPE_CHECKING

from bluffkit.core.errors import number_said, quote
from bluffkit.games.bidder_up import actions as A
from bluffkit.games.bidder_up.rules import ACTION_TICKETS
from bluffkit.games.bidder_up.state import DRAW, KEEP, MOVE, TRADE, TableFields


def step_cost(k: int) -> int:
    """Notes for ``k`` steps: "The 1st step ... 1 note, the 2nd ... an additional 2 notes,
    and the 3rd ... an additional 3" [C, G]: 1 + 2 + ... + k.

    >>> [step_cost(k) for k in range(4)]
    [0, 1, 3, 6]
    """
    k = abs(k)
    return k * (k + 1) // 2


class FairMixin(TableFields):
    """Market, raffle and tickets, for :class:`bluffkit.games.bidder_up.engine.Table`."""

    if not TYPE_CHECKING:           # slots at run time; the type checker reads TableFields
        __slots__ = ()

    def market_problem(self, changes, most_types: int, most_steps: int):
        """Why ``changes`` (``(type, steps)``) cannot be made on the market: more types than
        ``most_types``, a type twice, more steps than ``most_steps``, a red marker
        ("its market value is locked"), or a step past the track's end (L4; with
        ``track_ends="stop"`` the marker stops there instead, see :meth:`_shift`); or
        ``changes`` that are no such pairs (a script's move can hold anything)."""
        if type(changes) is not tuple or not all(type(c) is tuple and len(c) == 2 and type(c[0]) is int
                                                 and type(c[1]) is int for c in changes):
            return ("bad-change", f"changes are (type, steps) pairs of whole numbers, e.g. ((2, 1),); got "
                    f"{quote(changes, 60)}")
        if any(not 0 <= a < len(self.market) for a, _ in changes):
            return ("bad-change", f"the animal types are 0 to {len(self.market) - 1}; got {quote(changes, 60)}")
        types = [a for a, _ in changes]
        if len(types) > most_types:
            return ("too-many-types", f"at most {most_types} different animal types at once")
        if len(set(types)) != len(types):
            return ("type-twice", "each type is changed once")
        for a, k in changes:
            if not 1 <= abs(k) <= most_steps:
                return ("too-many-steps", (f"1 to {most_steps} steps" if most_steps > 1 else "1 step")
                        + f" per type, got {'+' if k > 0 else ''}{number_said(k)}")
            if a in self.locked:
                return ("locked", "that type is complete in a barn: its market value is locked (red marker)")
            if not 0 <= self.market[a] + k < len(self.rules.market_track) and self.rules.track_ends == "refuse":
                return ("track-end", "the marker cannot move past the end of the market track")
        return None

    def _shift(self, changes) -> None:
        """Move the markers; a step past an end (``track_ends="stop"``, L4) is lost."""
        m = list(self.market)
        top = len(self.rules.market_track) - 1
        for a, k in changes:
            m[a] = min(max(m[a] + k, 0), top)
        self.market = tuple(m)

    def _market(self, seat: int, action: A.Market) -> None:
        """Change up to 3 types by 1-3 steps, 1/3/6 notes each, to the Piggy Bank [G]."""
        self.pay_piggy(seat, action.notes)
        self._shift(action.changes)
        self.log = ("market", seat, action.changes, sum(action.notes))
        self.end_turn()

    def _raffle(self, seat: int, action: A.Raffle) -> None:
        """"Draw 1, 2, or 3 raffle tickets ... place the corresponding number of money notes
        ... on the Piggy Bank" [H]; 0: draw none. Chance draws next: with
        ``raffle_overdraw="draw_rest"`` (L7) no more than the bag holds."""
        if not action.k:
            self.log = ("raffle", seat, 0)
            self.end_turn()
            return
        self.pay_piggy(seat, action.notes)
        self.roll = min(action.k, len(self.bag))     # the tickets to draw: what is left (raffle_overdraw, L7)
        self.phase = DRAW

    def _tickets_drawn(self, outcome: A.Tickets) -> None:
        from bluffkit.core.errors import IllegalAction
        names = outcome.names
        if len(names) != self.roll or Multiset(names) - Multiset(self.bag):
            raise IllegalAction("bad-draw", f"chance draws {self.roll} of the tickets in the bag")
        left = Multiset(self.bag) - Multiset(names)
        self.bag = tuple(sorted(left.elements()))
        self.drawn = tuple(names)
        self.phase = KEEP

    def _keep(self, seat: int, action: A.Keep) -> None:
        """"They may keep only 1 of them ... Any further tickets drawn go back into the
        raffle bag" [H]."""
        rest = list(self.drawn)
        rest.remove(action.name)
        self.bag = tuple(sorted(self.bag + tuple(rest)))
        self.tickets = self.tickets[:seat] + (tuple(sorted(self.tickets[seat] + (action.name,))),) \
            + self.tickets[seat + 1:]
        self.log = ("raffle", seat, len(self.drawn))
        self.drawn = ()
        self.end_turn()

    def usable_tickets(self, seat: int) -> tuple:
        """The action tickets ``seat`` may reveal now (one per turn), after the roll and
        before the move or at the end of the turn [H: "When exactly they perform the
        ticket's action within their normal turn is up to them"]: a horse-trade ticket
        needs a possible trade, Move Market Markers a green marker."""
        if self.used:
            return ()
        out = []
        for name in dict.fromkeys(self.tickets[seat]):
            if name not in ACTION_TICKETS:
                continue
            if name.endswith("horse-trade") and not self.can_trade(seat):
                continue
            if name == "move-markers" and len(self.locked) == len(self.market):
                continue
            out.append(name)
        return tuple(out)

    def _end_action(self, seat: int, action) -> None:
        """``end``, or reveal an action ticket: Extra Turn ("immediately after your turn,
        take one complete additional turn"), Move Market Markers ("up to 2 green ... by 1
        space each"), Horse-Trade, Special Horse-Trade ("the number of notes bid counts")
        [H]. It leaves the game."""
        if action == A.END:
            self.finish_turn()
            return
        if self._reveal(seat, action):
            self.end_turn()
        else:
            self.phase, self.trade = TRADE, (action.name == "special-horse-trade",)

    def _early_ticket(self, seat: int, action) -> None:
        """Reveal an action ticket after the roll, before the move [H]: its action at once
        (a horse-trade is played, and ``then`` brings the move back after it); the move is
        still to come, and no ticket more this turn."""
        if not self._reveal(seat, action):
            self.phase, self.trade, self.then = TRADE, (action.name == "special-horse-trade",), MOVE

    def _reveal(self, seat: int, action) -> bool:
        """The ticket leaves the seat's hand and the game; Extra Turn and Move Market
        Markers act at once (True); a horse-trade is still to be played (False)."""
        mine = list(self.tickets[seat])
        mine.remove(action.name)
        self.tickets = self.tickets[:seat] + (tuple(mine),) + self.tickets[seat + 1:]
        self.used = True
        self.log = ("ticket", seat, action.name)
        if action.name == "extra-turn":
            self.extra += 1
        elif action.name == "move-markers":
            self._shift(action.changes)
        else:
            return False
        return True
