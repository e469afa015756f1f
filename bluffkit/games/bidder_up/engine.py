"""The rules of Bidder Up! once, on a mutable working copy (see :mod:`bluffkit.core.table`).

This module holds the setup [B, J], whose move it is, chance, and the turn's frame
[C, I]: roll, move, the space's action, the end of the turn. The space actions live in
:mod:`~bluffkit.games.bidder_up.spaces` (pens and their auctions, horse-trading, the
Piggy Bank, the two-player options) and :mod:`~bluffkit.games.bidder_up.fair` (market,
raffle, tickets); scoring in :mod:`~bluffkit.games.bidder_up.scoring`. Section letters
are those of docs/bidder-up.md.
"""

from __future__ import annotations

from collections import Counter as Multiset
from typing import Any, cast

from bluffkit.auctions.rules import ANIMALS
from bluffkit.core.errors import IllegalAction, count
from bluffkit.core.money import contains, denoms_problem
from bluffkit.core.table import TableBase
from bluffkit.games.bidder_up import actions as A
from bluffkit.games.bidder_up.fair import FairMixin
from bluffkit.games.bidder_up.layout import layout_of
from bluffkit.games.bidder_up.legal import Legal, options, payable
from bluffkit.games.bidder_up.observe import Observation
from bluffkit.games.bidder_up.rules import Rules
from bluffkit.games.bidder_up.scoring import ScoringMixin
from bluffkit.games.bidder_up.spaces import SpacesMixin
from bluffkit.games.bidder_up.state import AUCTION, DRAW, END, FIELDS, GAMBLE, MOVE, OVER, ROLL, SETUP, SOW, State


class Table(SpacesMixin, FairMixin, ScoringMixin, TableBase):
    """Mutable working copy of a :class:`State`."""

    __slots__ = FIELDS + ("n", "lay", "_sub", "fmts", "cats")
    STATE, FIELDS = State, FIELDS  # type: ignore[assignment]  # TableBase.STATE is None until a game sets it

    @classmethod
    def new(cls, rules: Rules, players: int) -> "Table":
        """A game before the deal [B]: the money dealt (every player the start money, the
        donkey's notes beside the Golden Donkey, the rest in the box), the market at its
        start, the tickets in the bag (two players: chance draws 8 in the deal)."""
        rules.check_players(players)
        t = cls.__new__(cls)
        t.rules, t.n = rules, players
        lay = layout_of(rules.board)            # (each pen's format and cat: _thawed, below)
        d, w = rules.denominations, len(rules.denominations)
        t.phase, t.current, t.roll = SETUP, 0, 0
        t.pos = (lay.start,) * players
        start = rules.start_for(players)      # (check_players: the box holds every player's)
        t.money = (start,) * players
        rest = [c - s * players for c, s in zip(rules.notes, start)]
        bank = [0] * w
        high = {p for p in rules.donkey_pay} | {v for v, _, _ in rules.loans}
        for i, v in enumerate(d):
            if v in high:
                bank[i] = rest[i]
                rest[i] = 0
        if players == 2 and not rules.fairground and 500 in d:      # "two 500s" [J]
            i = d.index(500)
            keep = min(bank[i], rules.donkey_500s_two)
            rest[i] += bank[i] - keep
            bank[i] = keep
        t.bank, t.box, t.gambling, t.piggy = tuple(bank), tuple(rest), (), ()
        t.pens = ((),) * len(lay.pens)
        t.stacks = ((), ())
        t.pastures = t.barns = t.tickets = t.loans = ((),) * players
        t.donkeys = 0
        t.market = rules.market_start
        t.locked = ()
        t.bag = tuple(sorted(rules.tickets)) if rules.fairground and players > 2 else ()
        t.drawn, t.used, t.extra = (), False, 0
        t.auction, t.pen_at, t.trade = None, -1, None
        t.ious = tuple(k for _, _, k in rules.loans) if players == 2 else (0,) * len(rules.loans)
        t.sow, t.sow_tied, t.turn, t.log = -1, (), 0, ()
        t.babies, t.baby_barns, t.baby_zoos = (), ((),) * players, ((),) * players
        t.then, t.seen = "", ()
        t._thawed()
        return t

    def _thawed(self) -> None:
        self.n = len(self.pos)
        self.lay = layout_of(self.rules.board)
        tiles = self.rules.tiles_for(self.n)
        self.fmts = tuple(tiles[p.position] for p in self.lay.pens)     # each pen's format
        self.cats = tuple(f == "cat-in-the-bag" for f in self.fmts)
        self._sub = None
        if self.auction is not None:
            from bluffkit.auctions.game import Auction
            self._sub = Auction(self.auction.rules).table(self.auction)

    # whose move ----------------------------------------------------------------------
    def is_chance(self) -> bool:
        ph = self.phase
        if ph == AUCTION:
            return self._sub.is_chance()
        return ph in (SETUP, ROLL, DRAW, SOW, GAMBLE)

    def is_over(self) -> bool:
        return self.phase == OVER

    def to_move(self) -> tuple[int, ...]:
        ph = self.phase
        if ph == AUCTION:
            return self._sub.to_move()
        if ph in (SETUP, ROLL, DRAW, SOW, GAMBLE, OVER):
            return ()
        if ph == "respond":
            return (self.trade[1],)
        return (self.current,)

    def legal(self, seat: int, to_move=None) -> Legal:
        if to_move is None:
            to_move = self.to_move()
        if self.phase == AUCTION:
            return Legal(seat, AUCTION, self, inner=self._sub.legal(seat))
        if seat not in to_move:
            return Legal(seat, self.phase, self)
        return Legal(seat, self.phase, self, key=options(self, seat))

    def observe(self, seat: int, legal: Legal | None = None, to_move=None) -> Observation:
        return Observation.of(self, seat, legal if legal is not None else self.legal(seat, to_move), to_move)

    def chance_words(self) -> str:
        return {SETUP: "the animals are dealt", ROLL: "the die is rolled", DRAW: "raffle tickets are drawn",
                SOW: "the die decides the Wool-Milk-Sow",
                GAMBLE: "the die is rolled for the gamble"}.get(self.phase, "chance acts in the auction")

    # chance ---------------------------------------------------------------------------
    def sample_chance(self, u: float, rng):
        ph = self.phase
        if ph == AUCTION:
            return self._sub.sample_chance(u, rng)
        if ph in (ROLL, GAMBLE):
            faces = self.rules.die_faces
            return A.Roll(int(faces[int(u * len(faces))]))
        if ph == DRAW:
            bag = list(self.bag)
            picked = [bag[int(i)] for i in rng.choice(len(bag), size=self.roll, replace=False)]
            return A.Tickets(tuple(picked))
        if ph == SOW:
            return A.Sow(int(self.sow_tied[int(u * len(self.sow_tied))]))
        return self._sample_deal(rng)

    def _sample_deal(self, rng) -> A.Deal:
        r = self.rules
        deck = list(r.deck())
        animals = tuple(int(deck[i]) for i in rng.permutation(len(deck)))
        stock: tuple = ()
        bag: tuple = ()
        if self.n == 2:
            notes = [i for i, c in enumerate(self.box) for _ in range(c)]
            notes = [notes[i] for i in rng.permutation(len(notes))]
            stock = tuple(notes[min(r.box_two, len(notes)):])
            if r.fairground:
                extra = int(r.die_faces[int(rng.random() * len(r.die_faces))]) if r.raffle_rush else 0
                k = min(len(r.tickets), r.tickets_two + extra)
                bag = tuple(sorted(r.tickets[i] for i in rng.choice(len(r.tickets), size=k, replace=False)))
        babies = tuple(sorted(int(a) for a in rng.choice(len(ANIMALS), size=4, replace=False))) if r.babies else ()
        return A.Deal(animals, stock, bag, r.denominations, babies)

    def apply_chance(self, outcome: Any) -> None:
        ph = self.phase
        if ph == AUCTION:
            if not self._sub.is_chance():
                raise IllegalAction("not-chance-turn", "it is a player's move in the auction, not chance's")
            self._sub.apply_chance(outcome)
            self._auction_moved()
            return
        want = {SETUP: A.Deal, ROLL: A.Roll, GAMBLE: A.Roll, DRAW: A.Tickets, SOW: A.Sow}.get(ph)
        if want is None:
            raise IllegalAction("not-chance-turn", "it is a player's move, not chance's")
        if type(outcome) is not want:
            raise IllegalAction("bad-chance", f"chance's move now is '{want.__name__.lower()} ...', not {outcome}")
        outcome = cast(Any, outcome)
        if ph == SETUP:
            self._deal(outcome)
        elif ph in (ROLL, GAMBLE):
            if outcome.n not in self.rules.die_faces:
                raise IllegalAction("bad-roll", f"the die shows {', '.join(map(str, self.rules.die_faces))}")
            if ph == GAMBLE:
                self.gambled(outcome.n)
                return
            self.roll = outcome.n
            self.phase = MOVE
        elif ph == DRAW:
            self._tickets_drawn(outcome)
        else:
            if outcome.seat not in self.sow_tied:
                raise IllegalAction("bad-sow", f"the sow goes to one of seats {', '.join(map(str, self.sow_tied))}")
            self.sow, self.sow_tied = outcome.seat, ()
            self.phase = OVER

    def _deal(self, deal: A.Deal) -> None:
        """"Shuffle the remaining animals face-down. Then place them face-up in the pens ...
        stack 3 animals face-down ... in both pens belonging to [Cat in the Bag] ... the
        remaining animals ... in 2 roughly equal stacks" [B]; two players: the box's 5 and
        the Gambling stack, the 8 raffle tickets [J]."""
        r = self.rules
        problem = denoms_problem(deal, r.denominations)     # (the stock is written in them)
        if problem:
            raise IllegalAction(*problem)
        if sorted(deal.animals) != sorted(r.deck()):
            raise IllegalAction("bad-deal", f"the deal gives each of the {len(ANIMALS)} types {r.per_type} times "
                                f"({len(ANIMALS) * r.per_type} animals" + (", one male of each told apart: cow-m)"
                                                                           if r.sexes else ")"))
        rest = list(deal.animals)
        pens = []
        for i in range(len(self.lay.pens)):
            k = self.pen_size(i)
            pens.append(tuple(rest[:k]))
            del rest[:k]
        if self.n == 2:
            pool = Multiset(i for i, c in enumerate(self.box) for _ in range(c))
            stock = Multiset(deal.stock)
            if stock - pool or sum(pool.values()) - len(deal.stock) != min(r.box_two, sum(pool.values())):
                raise IllegalAction("bad-deal", f"the Gambling stack is the shuffled notes but {r.box_two} put in "
                                    "the box")
            box = pool - stock
            self.box = tuple(box[i] for i in range(len(self.box)))
            self.gambling = tuple(reversed(deal.stock))           # the top last
            if r.fairground:
                sizes = {r.tickets_two + (f if r.raffle_rush else 0) for f in (r.die_faces if r.raffle_rush else (0,))}
                if Multiset(deal.bag) - Multiset(r.tickets) or len(deal.bag) not in {min(s, len(r.tickets))
                                                                                     for s in sizes}:
                    raise IllegalAction("bad-deal", f"the raffle bag holds {r.tickets_two} tickets drawn from the "
                                        f"{len(r.tickets)}" + (" plus the die's roll" if r.raffle_rush else ""))
                self.bag = tuple(sorted(deal.bag))
        elif deal.stock or deal.bag:
            raise IllegalAction("bad-deal", "only the two-player deal has a Gambling stack and a bag")
        if r.babies != bool(deal.babies) or (deal.babies and (len(set(deal.babies)) != 4 or len(deal.babies) != 4)):
            raise IllegalAction("bad-deal", "Baby Animals: 4 different babies are drawn to the supply board; "
                                "without the variant, none")
        self.babies = tuple(sorted(deal.babies))
        half = (len(rest) + 1) // 2
        self.pens, self.stacks = tuple(pens), (tuple(rest[:half]), tuple(rest[half:]))
        self.phase = ROLL

    # player moves ----------------------------------------------------------------------
    def _do(self, seat: int, action) -> None:
        ph = self.phase
        if ph == AUCTION:
            self._sub._do(seat, action)
            self._auction_moved()
        elif ph == MOVE:
            if type(action) is A.Ticket:
                self._early_ticket(seat, action)
            else:
                self._move(seat, action)
        else:
            self._space_move(seat, action)

    def pay_piggy(self, seat: int, notes) -> None:
        """Notes paid "face-down on the Piggy Bank space" [C, G, H]: out of the hand, onto
        the pile, the highest note first and the lowest last, on top, whatever order the
        payment was written in (the rulebook does not order one payment's notes; taking
        "the top 5" then takes the smallest notes paid last)."""
        self._take(seat, notes)
        d = self.rules.denominations
        pile = [i for i in sorted(range(len(d)), key=lambda i: -d[i]) for _ in range(notes[i])]
        self.piggy = self.piggy + tuple(pile)

    def _take(self, seat: int, notes) -> None:
        m = self.money[seat]
        self._set_money(seat, tuple(a - b for a, b in zip(m, notes)))

    def _give(self, seat: int, notes) -> None:
        m = self.money[seat]
        self._set_money(seat, tuple(a + b for a, b in zip(m, notes)))

    def _set_money(self, seat: int, m) -> None:
        self.money = self.money[:seat] + (m,) + self.money[seat + 1:]

    def cost_problem(self, seat: int, notes, k: int, what: str):
        """Why ``notes`` do not pay ``k`` notes (by count) of ``seat``'s [C]."""
        if not contains(self.money[seat], notes):
            return ("notes-not-held", f"seat {seat} does not hold those notes")
        if sum(notes) != k:
            return ("wrong-count", f"{what} costs {count(k, 'note')} (their number counts, not their value), "
                    f"{sum(notes)} given")
        if notes[0] and not self.rules.zero_pays_count and self.rules.denominations[0] == 0:
            return ("zero-note", "0-notes do not pay costs under these rules (zero_pays_count=false)")
        return None

    def _move(self, seat: int, action: A.Move) -> None:
        """"Move ... the number of spaces rolled ... more or fewer ... by paying", the notes
        to the Piggy Bank [C]; then the space's action."""
        steps, cost = self.reachable()[action.space]
        self.pay_piggy(seat, action.notes)
        self.pos = self.pos[:seat] + (action.space,) + self.pos[seat + 1:]
        self.log = ("move", seat, action.space, steps, cost)
        self._arrive(action.space)

    def reachable(self) -> dict:
        """The spaces the mover may reach now, ``{space: (steps, notes)}`` [C]: a change of
        the roll costs notes, so it is bounded by the notes that may pay it (all of them, or
        all but the 0-notes when ``zero_pays_count`` is off, L7)."""
        return self.lay.reachable(self.pos[self.current], self.roll, payable(self.rules, self.money[self.current]))

    def end_turn(self) -> None:
        """The space's action is done: action tickets may still be revealed (phase ``end``:
        a player holding a ticket says ``end``); else the turn ends."""
        if self.tickets[self.current] and not self.used:
            self.phase = END
            return
        self.finish_turn()

    def finish_turn(self) -> None:
        """"Immediately after the turn in which the last animal was auctioned" or "the last
        raffle ticket" is bought the game ends [I] (an Extra Turn owed then is lost, or with
        ``last_extra_turn="played"`` played first, L7); else an Extra Turn [H] or the next
        player clockwise."""
        self.turn += 1
        self.used = False
        self.trade = None
        if self.game_ends() and not (self.extra and self.rules.last_extra_turn == "played"):
            self.extra = 0
            self.award_sow()
            return
        if self.extra:
            self.extra -= 1
        else:
            self.current = (self.current + 1) % self.n
        self.phase = ROLL

    def game_ends(self) -> bool:
        """No animal can be auctioned any more (every pen empty after its refill: what the
        supply still holds cannot fill a pen, L6), or on the Fairground the bag is empty."""
        if all(not p for p in self.pens):
            return True
        return self.rules.fairground and not self.bag
