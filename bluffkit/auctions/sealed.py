"""Sealed bids: Secret Value (4), Secret Count (5) and Second Hand (8), and the ranking
of bids they share with Round-the-Table (Bidder Up!, "The Auctions").

Secret Value and Second Hand bids are named amounts by default; the rule option
``sealed_bids="notes"`` reads "place a secret bid face-down" as notes laid from the
bidder's hand, the bid being their total value (see :class:`bluffkit.auctions.rules.Rules`).
"""

from __future__ import annotations

from bluffkit.auctions.actions import PASS, Bid, Place
from bluffkit.auctions.base import Table, register_format
from bluffkit.auctions.legal import Legal, explain
from bluffkit.auctions.observe import Observation
from bluffkit.auctions.state import BID, CHOOSE, NO_CAP
from bluffkit.core.errors import IllegalAction, plain_problem
from bluffkit.core.money import total

# where the fast path of Sealed.run sets a bidder's own fields in the round's shared view
_SEAT, _TO_MOVE, _HAND, _MY_PLACED, _LEGAL = (Observation._fields.index(f)
                                              for f in ("seat", "to_move", "hand", "my_placed", "legal"))


class Ranked(Table):
    """Bids made once each and then ranked: "Whoever bid the highest amount wins the sale.
    In case of a tie, the auctioneer may choose which of these players wins." A double pen
    in Secret Value and Secret Count: "the highest bid applies to the more valuable of the
    two animals; the second-highest bid applies to the less valuable one"."""

    __slots__ = ()
    RANKS_BIDS = True

    def _legal_bid(self, seat, phase, cap):
        hi = None if cap == NO_CAP else cap
        ok = hi is None or hi >= 1
        return Legal(seat, phase, words=(PASS,), bid=(1, hi) if ok else None, table=self)

    def _bid(self, seat, action) -> None:
        amount = 0 if action == PASS else action.amount
        self._set("bids", seat, amount)
        self._bid_made(seat)

    def _bid_made(self, seat: int) -> None:
        pending = self.pending
        self.pending = pending[1:] if pending[0] == seat else tuple(s for s in pending if s != seat)
        if not self.pending:
            self._rank()

    def _ties_to_auctioneer(self) -> bool:
        return True

    def _price(self, seat: int) -> int:
        """What the winner of a single lot pays: its bid."""
        return self.bids[seat]

    def _rank(self) -> None:
        bids = self.bids
        if not self.rules.split:          # one lot: the best bid, or the auctioneer's choice among the tied
            best, tied = 0, []
            for s in self.bidders:
                b = bids[s]
                if b and b >= best:
                    if b > best:
                        best, tied = b, [s]
                    else:
                        tied.append(s)
            if not tied:
                return self._nobody()
            self.awards = ()
            if len(tied) > 1 and self._ties_to_auctioneer():
                self.phase, self.choosing = CHOOSE, ("winner", tuple(tied))
                return
            s = tied[0]
            self.choosing = ()
            return self._award(((s, self.lot, self._price(s)),))
        if not any(b for b in bids if b):
            return self._nobody()
        self.awards = ()
        self._next_place()

    def _candidates(self) -> tuple[int, ...]:
        """The seats tied for the best bid among those not yet awarded a lot."""
        done = {a[0] for a in self.awards}
        rest = [s for s in self.bidders if s not in done and self.bids[s]]
        if not rest:
            return ()
        best = max(self.bids[s] for s in rest)
        return tuple(s for s in rest if self.bids[s] == best)

    def _next_place(self) -> None:
        """Award the next place (the only one, or the two of a split double pen)."""
        places = 2 if self.rules.split else 1
        while len(self.awards) < places:
            tied = self._candidates()
            if not tied:
                break
            if len(tied) > 1 and self._ties_to_auctioneer():
                self.phase, self.choosing = CHOOSE, ("winner", tied)
                return
            self._place(tied[0])
        self._settle_ranking()

    def _place(self, seat: int) -> None:
        self.awards = self.awards + ((seat, (), self.bids[seat]),)

    def _settle_ranking(self) -> None:
        """A split double pen: "the highest bid applies to the more valuable of the two
        animals; the second-highest bid applies to the less valuable one ... If the two
        animals are equally valuable, or several players tied for the top bid, the
        auctioneer chooses which player bid for which animal." Two animals of one type
        leave nothing to choose. With one bidder the auctioneer chooses too: the seat it
        names gets the first animal, so naming itself keeps that one (free: nobody bid for
        it) and sells the other."""
        awards = list(self.awards)
        lot = self.lot
        if self.rules.split:
            a, b = split_order(self.rules, lot)
            if a != b and self.animal_value(a) == self.animal_value(b) and not self.choosing:
                seats = (awards[0][0], awards[1][0]) if len(awards) == 2 else (awards[0][0], self.auctioneer)
                self.phase, self.choosing = CHOOSE, ("first-animal", seats)
                return
            lots = [(a,), (b,)]
            if len(awards) == 1 and self.choosing == ("chosen", (self.auctioneer,)):
                lots.reverse()              # the auctioneer named itself for the first animal
            awards = [(s, lots[i], price) for i, (s, _, price) in enumerate(awards)]
            if len(awards) == 1:       # nobody bid for the other animal: the auctioneer gets it free
                self.owners = ((lots[1][0], self.auctioneer),)
        else:
            s = awards[0][0]
            awards = [(s, lot, self._price(s))]
        self.choosing = ()
        self._award(tuple(awards))

    def _chosen(self, seat: int) -> None:
        kind, _ = self.choosing
        if kind == "winner":
            self.choosing = ()
            self.phase = BID
            self._place(seat)
            return self._next_place()
        if len(self.awards) == 1:           # one bidder: who gets the first animal
            self.choosing = ("chosen", (seat,))
            return self._settle_ranking()
        first = self.awards[0] if self.awards[0][0] == seat else self.awards[1]
        second = self.awards[1] if first is self.awards[0] else self.awards[0]
        self.awards = (first, second)
        self.choosing = ("chosen", ())
        self._settle_ranking()


def split_order(rules, lot) -> tuple[int, int]:
    """The two animals of a split double pen, the more valuable first ("the highest bid
    applies to the more valuable of the two animals"); equally valuable, in the lot's order:
    the first is the one the auctioneer's choice gives (``choosing`` ``"first-animal"``)."""
    values = rules.animal_values      # (from the rules, as Table.animal_value: the narration has no table)
    a, b = sorted(lot, key=values.__getitem__, reverse=True)
    return a, b


class Sealed(Ranked):
    """"All fellow players simultaneously place a secret bid face-down on the table. They
    then all reveal their bids together." With ``sealed_bids="notes"`` a bid is notes laid
    from the hand (its value the notes' total); they go back to their owners when the bids
    are revealed, and the winner pays as usual (it holds its bid, so it can)."""

    __slots__ = ()
    SEALED = True

    @property
    def laid(self) -> bool:  # type: ignore[override]  # Table.laid is a class constant; here the rules decide
        """Whether bids are notes laid face down."""
        return self.LAYS_NOTES or self.rules.sealed_bids == "notes"

    def _legal_bid(self, seat, phase, cap):
        if self.LAYS_NOTES or self.rules.sealed_bids == "notes":
            return Legal(seat, phase, words=(PASS,), place=True, table=self)
        hi = None if cap == NO_CAP else cap
        ok = hi is None or hi >= 1
        return Legal(seat, phase, words=(PASS,), bid=(1, hi) if ok else None, table=self)

    def _waiting(self, seat):
        return ("already-bid", f"seat {seat} has made its bid; bids are revealed together")

    def _bid(self, seat, action) -> None:
        if type(action) is Place:
            self._set("money", seat, tuple(a - b for a, b in zip(self.money[seat], action.notes)))
            self._set("placed", seat, action.notes)
            notes = action.notes
            amount = sum(notes) if self.rules.pricing == "count" else total(notes, self.rules.denominations)
        else:
            amount = action.amount if type(action) is Bid else 0        # (a legal action: a bid or a pass)
        bids = self.bids
        self.bids = bids[:seat] + (amount,) + bids[seat + 1:]
        pending = self.pending                    # (as _bid_made)
        self.pending = pending = pending[1:] if pending[0] == seat else tuple(s for s in pending if s != seat)
        if not pending:
            self._rank()

    def run(self, acts, rngs, append, limit: int, checks=None) -> int:
        """As :meth:`bluffkit.auctions.base.Table.run`, with a short way for the sealed bids
        named as amounts (the most moves): what the bidders' observations share is worked
        out once per round of bids (the money does not move while they bid), the rest of
        the observation as :meth:`Observation.of` builds it (the same tuple: the tests
        compare them), and the bid applied directly. Every other moment, and bids laid
        as notes, go the general way."""
        if self.laid:
            return super().run(acts, rngs, append, limit, checks)
        done = 0
        of = Observation.of
        round_of: tuple = (None, None, -1)      # the money, laid notes and reruns the template was made for
        view: list = []
        legals: dict = {}
        new = tuple.__new__
        while done < limit:
            pending = self.pending
            if self.phase == BID and pending and self.bids[pending[0]] is None:
                seat = pending[0]
                key = (seat, self.caps[seat])
                legal = legals.get(key)
                if legal is None:     # the same for a seat in every round of bids at this table, its cap aside
                    legal = legals[key] = self._legal_bid(seat, BID, key[1])
                money, placed = self.money, self.placed
                if round_of[0] is not money or round_of[1] is not placed or round_of[2] != self.reruns:
                    round_of = (money, placed, self.reruns)     # a new round of bids: what every bidder sees
                    view = list(of(self, seat, legal, pending))
                view[_SEAT], view[_TO_MOVE], view[_HAND], view[_MY_PLACED], view[_LEGAL] = \
                    seat, pending, money[seat], placed[seat], legal
                seen = new(Observation, view)
                action = acts[seat](seen, legal, rngs[seat])
                if checks is None or checks[seat]:
                    problem = plain_problem(action) or explain(self, legal, action)
                    if problem:
                        raise IllegalAction(*problem)
                self._bid(seat, action)
            else:
                to_move = self.to_move()
                if not to_move:
                    break
                seat = to_move[0]
                legal = self.legal(seat, to_move)
                action = acts[seat](of(self, seat, legal, to_move), legal, rngs[seat])
                if checks is None or checks[seat]:
                    problem = plain_problem(action) or explain(self, legal, action)
                    if problem:
                        raise IllegalAction(*problem)
                self._do(seat, action)
            append((seat, action))
            done += 1
        return done

    def _rank(self) -> None:
        if not self.LAYS_NOTES and self.rules.sealed_bids == "notes":
            self._take_back(range(self.n))      # notes laid as a value bid: revealed, then back in hand
        super()._rank()

    def redraw_bids(self, seat, bids, money, placed, rng, changes) -> None:
        """Others' sealed bids are drawn again; bids laid as notes: a random handful of the
        same notes instead."""
        if self.phase != BID:
            return
        width = len(self.rules.denominations)
        for s in self.bidders:
            if s == seat or bids[s] is None:
                continue
            if not self.laid:
                bids[s] = int(rng.integers(0, 300))
                continue
            notes = [i for i, c in enumerate(tuple(a + b for a, b in zip(money[s], placed[s]))) for _ in range(c)]
            laid = rng.permutation(len(notes))[:int(rng.integers(0, len(notes) + 1))]
            p = [0] * width
            for j in laid:
                p[notes[j]] += 1
            money[s] = tuple(a + b - c for a, b, c in zip(money[s], placed[s], p))
            placed[s] = tuple(p)
            bids[s] = sum(p) if self.rules.pricing == "count" else total(placed[s], self.rules.denominations)


@register_format("secret-value")
class SecretValue(Sealed):
    """Secret Value (4): the highest bid wins and pays its bid."""

    __slots__ = ()


@register_format("secret-count")
class SecretCount(Sealed):
    """Secret Count (5): "bid a secret number of money notes. They place the notes
    simultaneously face-down on the table, then show how many notes they bid (but not the
    face of the notes). Whoever bid the most notes wins the sale." The notes laid pay."""

    __slots__ = ()
    LAYS_NOTES = True


@register_format("second-hand")
class SecondHand(Sealed):
    """Second Hand (8): "Whoever bid the highest amount wins the sale, at the value of the
    second-highest bid"; several tied at the top: the chosen one pays "the full price"."""

    __slots__ = ()
    PRICE_IS_BID = False

    def _price(self, winner: int) -> int:
        others = [self.bids[s] for s in self.bidders if s != winner and self.bids[s]]
        if others:
            return max(others)
        return 0 if self.rules.second_price_alone == "zero" else self.bids[winner]

    def _owed(self, seat: int, price: int) -> int:
        """"Whoever can't come up with their bid must show": under ``show_against="bid"``
        the winner's own bid, not the second-highest it would pay."""
        return self.bids[seat] if self.rules.show_against == "bid" else price
