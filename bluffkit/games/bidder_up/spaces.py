"""The spaces of both sides: pens and their auctions [D], horse-trading [E], the Piggy
Bank [F] and its two-player options [J] (section letters of docs/bidder-up.md).

The auction of a pen runs through :mod:`bluffkit.auctions.embed`: :func:`~bluffkit.auctions.embed.start`
gives the auction's game and state, the mover as auctioneer, every seat's notes moved
into it; the players' auction moves step its table; :func:`~bluffkit.auctions.embed.settle`
hands back the money, the owners and a Cat in the Bag's face-down leftovers;
:func:`~bluffkit.auctions.embed.fill` refills the pen from the supply.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bluffkit.auctions import embed
from bluffkit.auctions.game import Auction
from bluffkit.auctions.rules import ANIMALS
from bluffkit.core.money import can_pay_exactly, smallest_payment, total
from bluffkit.games.bidder_up import actions as A
from bluffkit.games.bidder_up.actions import MALE
from bluffkit.games.bidder_up.layout import HORSE_TRADE, MARKET, PEN, PIGGY_BANK, RAFFLE
from bluffkit.games.bidder_up.state import (
    AUCTION,
    END,
    GAMBLE,
    GIVE,
    KEEP,
    PIGGY,
    RAFFLE as RAFFLE_,
    RESPOND,
    TRADE,
    TableFields,
)

DONKEY = ANIMALS.index("donkey")


def change_for(value: int, bank: tuple, d: tuple) -> tuple | None:
    """Note counts (per denomination of ``d``) from ``bank``, each note worth less than
    ``value``, that add up to ``value`` exactly (the fewest notes:
    :func:`~bluffkit.core.money.smallest_payment`), or ``None``.

    >>> change_for(500, (0, 0, 0, 3, 1, 0), (0, 10, 50, 100, 200, 500))    # 200 + 100 + 100 + 100
    (0, 0, 0, 3, 1, 0)
    >>> change_for(500, (0, 0, 0, 0, 2, 0), (0, 10, 50, 100, 200, 500)) is None
    True
    """
    smaller = tuple(c if 0 < v < value else 0 for c, v in zip(bank, d))
    return smallest_payment(smaller, value, d) if can_pay_exactly(smaller, value, d) else None


def donkey_notes(value: int, bank: tuple, seats, d: tuple, short: str) -> tuple[tuple, list]:
    """One Golden Donkey's pay [D]: ``value`` to each of ``seats`` in turn, from ``bank``
    (the supply board), while it has the note; with ``short="smaller"`` (L6) a seat the
    note no longer reaches is paid the amount in the board's smaller notes
    (:func:`change_for`), when they make it up. Returns the bank left and ``(seat, notes)``
    per seat paid: what the sale pays (:meth:`SpacesMixin._donkeys`), and what a panel
    replays from the public board to tell a seat's own notes apart from the donkey's.

    >>> d = (0, 10, 50, 100, 200, 500)
    >>> donkey_notes(100, (0, 0, 4, 1, 0, 0), [2, 0, 1], d, "smaller")
    ((0, 0, 0, 0, 0, 0), [(2, (0, 0, 0, 1, 0, 0)), (0, (0, 0, 2, 0, 0, 0)), (1, (0, 0, 2, 0, 0, 0))])
    >>> donkey_notes(100, (0, 0, 4, 1, 0, 0), [2, 0, 1], d, "unpaid")
    ((0, 0, 4, 0, 0, 0), [(2, (0, 0, 0, 1, 0, 0))])
    """
    j = d.index(value)
    paid = []
    for s in seats:
        if bank[j]:
            notes: tuple | None = tuple(int(x == j) for x in range(len(d)))
        elif short == "smaller":
            notes = change_for(value, bank, d)
        else:
            notes = None
        if notes is not None:
            bank = tuple(b - n for b, n in zip(bank, notes))
            paid.append((s, notes))
    return bank, paid


def specimen(pasture, kind: int, sex: str = "") -> int:
    """The animal of type ``kind`` on ``pasture`` that a horse-trade puts up: the one of sex
    ``sex`` (``"m"``/``"f"``), or, with none given, a female where there is one [K] (the
    challenger's default; the panel's list reads it too)."""
    if sex == "m" or (not sex and kind not in pasture):
        return kind + MALE if kind + MALE in pasture else kind
    return kind


def trade_pairs(pastures, seat: int) -> tuple:
    """``(opponent, type)`` a horse-trade of ``seat`` may concern, from the pastures (public):
    "Only animal types that both players already own on their pastures" [E]."""
    mine = {a % MALE for a in pastures[seat]}
    return tuple((t, a) for t in range(len(pastures)) if t != seat
                 for a in sorted(mine & {x % MALE for x in pastures[t]}))


class SpacesMixin(TableFields):
    """Pens, horse-trading and the Piggy Bank, for :class:`bluffkit.games.bidder_up.engine.Table`."""

    if not TYPE_CHECKING:           # slots at run time; the type checker reads TableFields
        __slots__ = ()

    # arriving ------------------------------------------------------------------------
    def _arrive(self, space) -> None:
        """"Then the player carries out the action of the space their pawn landed on" [C]."""
        kind = self.lay.kind(space)
        fair = self.rules.fairground
        if kind == PEN:
            i = self.lay.pen_index[space]
            if self.pens[i]:
                self._start_auction(i)
                return
        elif kind == HORSE_TRADE and self.can_trade(self.current):
            self.phase, self.trade = TRADE, (False,)
            return
        elif kind == PIGGY_BANK:
            if self.n == 2:
                self.phase = PIGGY
                return
            self._piggy_take(self.current, self.rules.piggy_take)
        elif kind == MARKET and fair:
            self.phase = "market"
            return
        elif kind == RAFFLE and fair and self.bag:
            self.phase = RAFFLE_
            return
        self.end_turn()

    # pens ----------------------------------------------------------------------------
    def pen_size(self, i: int) -> int:
        """How many animals pen ``i`` is dealt: 1 or 2 by its size; a Cat in the Bag pen 3
        face down [B]."""
        return 3 if self.cats[i] else self.lay.pens[i].size

    def pen_problem(self, i: int, count: int, supply: int | None = None) -> str | None:
        """Why pen ``i`` cannot hold ``count`` animals: a pen is full or "stays empty" [D]
        (with ``short_pen="partial"``, L6, a double pen holds one animal once the supply,
        ``supply`` animals, is empty; ``None``: the supply is not known yet); a Cat in the
        Bag pen holds up to 3, face down [B]."""
        if self.cats[i]:
            return None if 0 <= count <= 3 else f"holds 0 to 3 animals face down (Cat in the Bag), not {count}"
        size = self.pen_size(i)
        if count in (0, size):
            return None
        if self.rules.short_pen == "partial" and 0 < count < size:
            return None if not supply else (f"holds {count} of its {size} animals while the supply still has "
                                            f"{supply} (short_pen=partial tops a pen up short only from the last)")
        return (f"holds {size} animal{'s' if size > 1 else ''} (a {'double' if size == 2 else 'small'} pen) "
                f"or none, not {count}")

    def pen_format(self, i: int) -> str:
        """The format on pen ``i``'s tile position ("Classic applies wherever no tile lies")."""
        return self.fmts[i]

    def type_values(self) -> tuple:
        """Each type's value now: the Animal Market's table, the Fairground's market [L4]."""
        return self.rules.type_values(self.market)

    def _start_auction(self, i: int) -> None:
        """"Whoever moves to one of the pens auctions off animals to their fellow players"
        [D]: the pen's animals under its tile's format, the mover the auctioneer."""
        pen = self.lay.pens[i]
        fmt = self.pen_format(i)
        types = tuple(a % MALE for a in self.pens[i])
        # a double pen topped up with one animal (short_pen="partial", L6) auctions it alone
        double = embed.auctioned_double(fmt, types, pen.size == 2)
        game, sub = embed.start(embed.AuctionPen(fmt, types, double), self.current, self.money,
                                animal_values=self.type_values(), denominations=self.rules.denominations,
                                **self.rules.auction_options())
        self.drawn = self.pens[i]                       # the pen's animals as told apart (a male)
        w = len(self.rules.denominations)
        self.money = ((0,) * w,) * self.n               # the notes are in the auction now
        self.pens = self.pens[:i] + ((),) + self.pens[i + 1:]
        self._remember(i, ())
        self.auction, self.pen_at, self.phase = sub, i, AUCTION
        self._sub = game.table(sub)

    def _auction_moved(self) -> None:
        self.auction = self._sub.freeze()
        if self._sub.is_over():
            self._settle()

    def _settle(self) -> None:
        """The sale is settled: the animals to their owners' pastures, complete types to the
        barn; the pen refilled; then the Golden Donkeys pay every player [D] (a donkey nobody
        bid for too, unless ``free_donkey_pays`` is off, L6)."""
        sale = embed.settle(Auction(self.auction.rules), self.auction)
        sold = sum(1 for _, animals, _ in self.auction.awards for a in animals if a % MALE == DONKEY)
        i = self.pen_at
        self.money = tuple(sale.money)
        self.auction, self._sub, self.pen_at = None, None, -1
        # the animals as told apart: the first sold of a type takes its male [K] (a reading)
        given = A.told_apart([animal for animal, _ in sale.owners] + list(sale.pen), self.drawn)
        self.drawn = ()
        by_seat: dict[int, list[int]] = {}
        for (_, seat), animal in zip(sale.owners, given):
            by_seat.setdefault(seat, []).append(animal)
        left = given[len(sale.owners):]
        self.pens = self.pens[:i] + (left,) + self.pens[i + 1:]
        self._remember(i, left)
        for seat, animals in sorted(by_seat.items()):
            self.to_pasture(seat, animals)
        self._refill(i)
        donkeys = sum(1 for a, _ in sale.owners if a % MALE == DONKEY)
        if not self.rules.free_donkey_pays:        # only the donkeys of a lot someone won (or the auctioneer bought back)
            donkeys = min(donkeys, sold)
        paid = self._donkeys(min(donkeys, 1) if self.rules.donkey_pay_per == "auction" else donkeys)
        self.log = ("sold", self.current, tuple(sale.owners), paid)      # no prices: a count auction's notes are face down
        self.end_turn()

    def _remember(self, i: int, animals: tuple) -> None:
        """Pen ``i``'s animals every player saw go back face down: a Cat in the Bag's
        auctioneer "reveals the 3 animals in the pen", "the other two are placed face-down
        back in the pen" and the picked one "is only revealed after the auction ends" (the
        booklet's "2. Cat in the Bag"), so those left are known to all; none once the pen is
        auctioned again."""
        seen = self.seen or ((),) * len(self.pens)
        seen = seen[:i] + (animals,) + seen[i + 1:]
        self.seen = seen if any(seen) else ()

    def _refill(self, i: int) -> None:
        """"Afterward, the pen is refilled ... from the supply stack"; "if at least 1 animal
        can no longer be placed in the pen, it stays empty" [D], or with ``short_pen="partial"``
        it takes what is left (L6). Which stack: ``refill_from`` (L6); when it runs short the
        other stack gives the rest."""
        a, b = self.stacks
        first = 0 if self.rules.refill_from == "first" or len(a) >= len(b) else 1
        order = self.stacks[first] + self.stacks[1 - first]
        pen = self.lay.pens[i]
        filled, rest = embed.fill(self.pen_format(i), pen.size == 2, embed.Supply(order), self.pens[i],
                                  partial=self.rules.short_pen == "partial")
        took = len(order) - len(rest.animals)
        mine = self.stacks[first]
        stacks = [None, None]
        stacks[first] = mine[took:]
        stacks[1 - first] = self.stacks[1 - first][max(0, took - len(mine)):]
        self.stacks = (stacks[0], stacks[1])
        self.pens = self.pens[:i] + (tuple(filled.animals),) + self.pens[i + 1:]

    def _donkeys(self, count: int) -> tuple:
        """"First Golden Donkey: 100, Second: 200, Third: 500" to all players, after the
        sale; from the auctioneer round the table, while the supply board has the note
        (L6; with ``donkey_short="smaller"`` a seat the note no longer reaches is paid the
        amount in the board's smaller notes, when they make it up). Returns ``(value,
        seats paid)`` per donkey."""
        out = []
        d = self.rules.denominations
        for _ in range(count):
            k = self.donkeys
            self.donkeys += 1
            if k >= len(self.rules.donkey_pay):
                continue
            value = self.rules.donkey_pay[k]
            order = [(self.current + x) % self.n for x in range(self.n)]
            self.bank, paid = donkey_notes(value, self.bank, order, d, self.rules.donkey_short)
            for s, notes in paid:
                self._give(s, notes)
            out.append((value, tuple(s for s, _ in paid)))
        return tuple(out)

    def to_pasture(self, seat: int, animals) -> None:
        """"Won animals go onto the new owner's pasture"; the complete type "moves to the
        barn" [D]; on the Fairground its market value is locked (marker red) [G]."""
        past = list(self.pastures[seat]) + list(animals)
        barn = list(self.barns[seat])
        sexes = self.rules.sexes
        for a in sorted({x % MALE for x in animals}):
            if sexes and a in self.babies and a in past and a + MALE in past:
                # [K] Fairground: "Whoever first owns 1 female and 1 male ... petting zoo"
                self.babies = tuple(b for b in self.babies if b != a)
                self.baby_zoos = self._with(self.baby_zoos, seat, a)
            if sum(1 for x in past if x % MALE == a) >= self.rules.per_type:
                past = [x for x in past if x % MALE != a]
                barn.append(a)
                if a in self.babies and not sexes:
                    # [K] Animal Market: "Whoever has both together first ... directly in the barn"
                    self.babies = tuple(b for b in self.babies if b != a)
                    self.baby_barns = self._with(self.baby_barns, seat, a)
                if a in self.baby_zoos[seat]:      # "as soon as the player owns all the animals of that type"
                    self.baby_zoos = self.baby_zoos[:seat] + (tuple(b for b in self.baby_zoos[seat] if b != a),) \
                        + self.baby_zoos[seat + 1:]
                    self.baby_barns = self._with(self.baby_barns, seat, a)
                if a not in self.locked:
                    self.locked = tuple(sorted(self.locked + (a,)))
        self.pastures = self.pastures[:seat] + (tuple(sorted(past)),) + self.pastures[seat + 1:]
        self.barns = self.barns[:seat] + (tuple(sorted(barn)),) + self.barns[seat + 1:]

    @staticmethod
    def _with(per_seat: tuple, seat: int, a: int) -> tuple:
        return per_seat[:seat] + (tuple(sorted(per_seat[seat] + (a,))),) + per_seat[seat + 1:]

    # horse-trading ---------------------------------------------------------------------
    def trade_pairs(self, seat: int) -> tuple:
        """``(opponent, type)`` a horse-trade may concern (:func:`trade_pairs`)."""
        return trade_pairs(self.pastures, seat)

    def specimen_of(self, seat: int, kind: int, sex: str) -> int:
        """The animal of type ``kind`` on ``seat``'s pasture that a horse-trade puts up
        (:func:`specimen`)."""
        return specimen(self.pastures[seat], kind, sex)

    def can_trade(self, seat: int) -> bool:
        """A horse-trade is possible: a type shared with a fellow player, and a note to offer
        (unless ``empty_offer``). "A horse-trade landing with no possible opponent" does
        nothing (L7)."""
        return bool(self.trade_pairs(seat)) and (bool(sum(self.money[seat])) or self.rules.empty_offer)

    def _trade(self, seat: int, action: A.Trade) -> None:
        """The challenge and the face-down offer [E]."""
        self._take(seat, action.notes)
        sexes = action.sexes or "  "
        mine = self.specimen_of(seat, action.animal, sexes[0].strip())
        theirs = self.specimen_of(action.target, action.animal, sexes[1].strip())
        self.trade = (seat, action.target, (mine, theirs), action.notes, self.trade[0])
        self.phase = RESPOND

    def _respond(self, seat: int, action) -> None:
        """Accept (take the money, give the animal) or counter: "the two bids are then
        swapped ... Whoever bid more receives the opponent's animal ... each player keeps
        the money they received"; a tie goes to the challenger; always one animal against
        one [E]. The Special Horse-Trade counts notes [H]."""
        c, t, (mine, theirs), offer, by_count = self.trade
        self._give(t, offer)
        if action == A.AGREE:
            winner, counter = c, None
        else:
            counter = action.notes
            self._take(t, counter)
            self._give(c, counter)
            d = self.rules.denominations
            worth = (sum(offer), sum(counter)) if by_count else (total(offer, d), total(counter, d))
            winner = c if worth[0] >= worth[1] else t
        loser = t if winner == c else c
        animal = theirs if winner == c else mine          # "receives the opponent's animal"
        self._lose(loser, animal)
        self.to_pasture(winner, (animal,))
        self.log = ("trade", c, t, animal % MALE, winner, counter is None)     # the offers stay face down
        self.trade = None
        if self.then:                      # a ticket's trade before the move: the move is still to come [H]
            self.phase, self.then = self.then, ""
            return
        self.end_turn()

    def _lose(self, seat: int, animal: int) -> None:
        past = list(self.pastures[seat])
        past.remove(animal)
        self.pastures = self.pastures[:seat] + (tuple(past),) + self.pastures[seat + 1:]

    # the Piggy Bank ----------------------------------------------------------------------
    def _piggy_take(self, seat: int, k: int) -> None:
        """"Takes the top 5 money notes ... If fewer notes are there (or none at all), they
        receive correspondingly fewer" [F]."""
        k = min(k, len(self.piggy))
        top = self.piggy[len(self.piggy) - k:]
        self.piggy = self.piggy[:len(self.piggy) - k]
        got = [0] * len(self.rules.denominations)
        for i in top:
            got[i] += 1
        self._give(seat, tuple(got))
        self.log = ("piggy", seat, k)

    def _piggy_choice(self, seat: int, action) -> None:
        """Two players: "A) Raid ... B) Take out a loan ... C) Gamble" [J]."""
        if action == A.RAID:
            self._piggy_take(seat, self.rules.raid)
        elif action == A.GAMBLE:
            self.phase = GAMBLE
            return
        else:
            d = self.rules.denominations
            k = next(i for i, (v, _, _) in enumerate(self.rules.loans) if v == action.value)
            j = d.index(action.value)
            self.bank = self.bank[:j] + (self.bank[j] - 1,) + self.bank[j + 1:]
            self._give(seat, tuple(int(x == j) for x in range(len(d))))
            self.ious = self.ious[:k] + (self.ious[k] - 1,) + self.ious[k + 1:]
            self.loans = self.loans[:seat] + (self.loans[seat] + (self.rules.loans[k][1],),) + self.loans[seat + 1:]
            self.log = ("loan", seat, action.value)
        self.end_turn()

    def gambled(self, n: int) -> None:
        """The gamble's roll [J]: 1, the top note "unseen" to the opponent; 2, keep the top
        2; 3, look at the top 3, give 1 to the opponent, keep 2 (fewer if the stack is
        short). A die with more faces (``die_faces``) makes a roll above 3 a 3."""
        seat, other = self.current, 1 - self.current
        take = {1: 1, 2: 2}.get(n, 3)
        top = self.gambling[max(0, len(self.gambling) - take):]
        self.gambling = self.gambling[:len(self.gambling) - len(top)]
        self.log = ("gamble", seat, n, len(top))
        if n >= 3 and top:
            self.drawn, self.phase = tuple(top), GIVE
            return
        w = len(self.rules.denominations)
        got = tuple(sum(1 for i in top if i == x) for x in range(w))
        self._give(other if n == 1 else seat, got)
        self.end_turn()

    def _give_note(self, seat: int, action: A.Give) -> None:
        d = self.rules.denominations
        w = len(d)
        left = list(self.drawn)
        left.remove(d.index(action.value))
        self._give(1 - seat, tuple(int(x == d.index(action.value)) for x in range(w)))
        self._give(seat, tuple(sum(1 for i in left if i == x) for x in range(w)))
        self.drawn = ()
        self.end_turn()

    # dispatch -------------------------------------------------------------------------------
    def _space_move(self, seat: int, action) -> None:
        ph = self.phase
        if ph == TRADE:
            self._trade(seat, action)
        elif ph == RESPOND:
            self._respond(seat, action)
        elif ph == PIGGY:
            self._piggy_choice(seat, action)
        elif ph == GIVE:
            self._give_note(seat, action)
        elif ph == KEEP:
            self._keep(seat, action)
        elif ph == END:
            self._end_action(seat, action)
        elif ph == RAFFLE_:
            self._raffle(seat, action)
        else:
            self._market(seat, action)
