"""One auction of Bidder Up!, every format, on a mutable working copy (as for the other
games: see :mod:`bluffkit.games.youre_bluffing.engine`). The booklet's sections are
quoted in the docstrings ("Auction Pens", "Special Moments During an Auction", "The
Auctions").

Phases: chance sets out the lot (``setup``; Cat in the Bag also shuffles the pen face
down and the left neighbour picks, ``pick``); the fellow players bid (``bid``, and
``final`` for the American Count's last raise; ``grab`` when several grab the Dutch
hammer at once); the auctioneer settles ties (``choose``); whoever won must be able
to pay, or shows their money and the auction runs again; the auctioneer sells or
buys (``refuse``, the right of first refusal); the payers pay (``pay``); ``over``.
"""

from __future__ import annotations

from dataclasses import dataclass

from bluffkit.auctions.actions import (ACCEPT, PASS, REFUSE, STOP, TAKE, Bid, Call, Choose, First, Lot, Pay, Pen,
                                       Pick, Place, Raise, Refusal, Shuffle)
from bluffkit.auctions.observe import Observation
from bluffkit.auctions.rules import ANIMALS, Rules
from bluffkit.core.errors import IllegalAction
from bluffkit.core.money import contains, fmt, payment_problem, total
from bluffkit.core.table import TableBase

SETUP, PICK, BID, FINAL, GRAB, CHOOSE, REFUSE_, PAY, OVER = (
    "setup", "pick", "bid", "final", "grab", "choose", "refuse", "pay", "over")
FIELDS = ("rules", "phase", "auctioneer", "money", "start", "pen", "order", "lot", "bids", "placed", "pending",
          "high", "high_bidder", "count", "caps", "shown", "awards", "choosing", "payments", "owners", "reruns",
          "called", "takers", "kept")
NO_CAP = -1


@dataclass(frozen=True, slots=True)
class State:
    """A moment of one auction. ``money`` and ``placed`` (notes laid face down) are note
    counts per seat; ``bids`` each seat's bid (``None``: none yet; 0: no bid);
    ``pending`` the seats still to act; ``high``/``high_bidder`` the open auctions'
    standing bid; ``count`` the Dutch count or the American Count's raises left;
    ``caps`` the most a seat may bid after it could not pay (-1: no cap); ``shown``
    the money shown, ``(seat, notes)``; ``awards`` the lots sold, ``(seat, animals,
    price)``; ``choosing`` the auctioneer's open choice, ``(kind, seats)``; ``payments``
    those still owed, ``(payer, payee, amount, mode)``; ``owners`` at the end,
    ``(animal, seat)``; ``called`` The Call's price (-1 until one is called); ``takers``
    who grabbed at the Dutch count; ``kept`` the lots (indices into ``awards``) the
    auctioneer keeps by its right of first refusal, a purchase that falls through
    taken out."""

    rules: Rules
    phase: str
    auctioneer: int
    money: tuple
    start: tuple
    pen: tuple
    order: tuple
    lot: tuple
    bids: tuple
    placed: tuple
    pending: tuple
    high: int
    high_bidder: int
    count: int
    caps: tuple
    shown: tuple
    awards: tuple
    choosing: tuple
    payments: tuple
    owners: tuple
    reruns: int
    called: int
    takers: tuple
    kept: tuple

    @property
    def players(self) -> int:
        return len(self.money)

    def values(self) -> tuple:
        return tuple(getattr(self, f) for f in FIELDS[1:])


class Legal:
    """What one seat may do now (see :meth:`Table.legal`)."""

    __slots__ = ("seat", "phase", "words", "bid", "place", "raise_", "call", "choose", "refusals", "pay", "pick")

    def __init__(self, seat, phase, words=(), bid=None, place=False, raise_=False, call=None, choose=(),
                 refusals=(), pay=None, pick=None):
        self.seat, self.phase, self.words = seat, phase, words
        self.bid = bid              # (lowest, highest or None) for Bid
        self.place = place          # Secret Count: lay notes
        self.raise_ = raise_        # American Count: lay one note
        self.call = call            # The Call: (lowest, highest)
        self.choose = choose        # seats the auctioneer may choose
        self.refusals = refusals    # the Refusal actions allowed
        self.pay = pay              # (amount, mode, payee)
        self.pick = pick            # (how many, of how many face down)

    def __bool__(self) -> bool:
        return bool(self.words or self.bid or self.place or self.raise_ or self.call or self.choose
                    or self.refusals or self.pay or self.pick)

    def _key(self):
        return tuple(getattr(self, f) for f in self.__slots__)

    def __eq__(self, other) -> bool:
        return isinstance(other, Legal) and self._key() == other._key()

    __hash__ = None

    def __repr__(self) -> str:
        shown = {f: getattr(self, f) for f in self.__slots__[2:] if getattr(self, f)}
        return f"Legal(seat={self.seat}, {shown})"


class Table(TableBase):
    """Mutable working copy of a :class:`State`."""

    __slots__ = FIELDS + ("n", "bidders")
    STATE, FIELDS = State, FIELDS

    @classmethod
    def new(cls, rules: Rules, players: int, auctioneer: int = 0, money=None, lot=None, pen=None) -> "Table":
        t = cls.__new__(cls)
        t.rules, t.n = rules, players
        t.auctioneer = auctioneer
        t.money = tuple(money) if money is not None else (rules.start_money,) * players
        d = rules.denominations
        t.start = tuple(total(m, d) for m in t.money)
        t.pen = tuple(pen or lot or ())
        t.order, t.lot = (), tuple(lot or ())
        t.placed = ((0,) * len(d),) * players
        t.bids, t.pending = (None,) * players, ()
        t.high, t.high_bidder, t.count = 0, -1, 0
        t.caps = (NO_CAP,) * players
        t.shown = t.awards = t.choosing = t.payments = t.owners = t.takers = t.kept = ()
        t.reruns, t.called = 0, -1
        t._seat_bidders()
        t.phase = SETUP
        if lot:
            t._open_bidding()
        elif pen and rules.format == "cat-in-the-bag":
            t._after_pen()
        return t

    def _thawed(self) -> None:
        self.n = len(self.money)
        self._seat_bidders()

    def _seat_bidders(self) -> None:
        a = self.auctioneer
        self.bidders = tuple((a + k) % self.n for k in range(1, self.n))

    # helpers ----------------------------------------------------------------------------
    @property
    def style(self) -> str:
        return self.rules.fmt.style

    def _set(self, name: str, seat: int, value) -> None:
        old = getattr(self, name)
        setattr(self, name, old[:seat] + (value,) + old[seat + 1:])

    def payable(self, seat: int) -> int:
        """What ``seat`` can pay: the value of its notes, or their number (count auctions)."""
        m = self.money[seat]
        return total(m, self.rules.denominations) if self.rules.pricing == "value" else sum(m)

    def lot_size(self) -> int:
        return 2 if self.rules.double else 1

    def animal_value(self, a: int) -> int:
        return self.rules.animal_values[a]

    # whose move -------------------------------------------------------------------------
    def is_chance(self) -> bool:
        return self.phase == SETUP or self.phase == GRAB

    def is_over(self) -> bool:
        return self.phase == OVER

    def to_move(self) -> tuple[int, ...]:
        ph = self.phase
        if ph == BID:
            style = self.style
            if style in ("round", "american"):
                return self.pending[:1]
            if style == "the-call" and self.called < 0:
                return (self.auctioneer,)
            return self.pending
        if ph == FINAL:
            return self.pending[:1]
        if ph == PICK:
            return (self.bidders[0],)
        if ph in (CHOOSE, REFUSE_):
            return (self.auctioneer,)
        if ph == PAY:
            return (self.payments[0][0],)
        return ()

    def legal(self, seat: int, to_move=None) -> Legal:
        if to_move is None:
            to_move = self.to_move()
        ph = self.phase
        if seat not in to_move:
            return Legal(seat, ph)
        r, style = self.rules, self.style
        cap = self.caps[seat]
        if ph == PICK:
            return Legal(seat, ph, pick=(self._pick_size(), len(self.pen)))
        if ph == CHOOSE:
            return Legal(seat, ph, choose=self.choosing[1])
        if ph == REFUSE_:
            return Legal(seat, ph, refusals=self._refusals())
        if ph == PAY:
            payer, payee, amount, mode = self.payments[0]
            return Legal(seat, ph, pay=(amount, mode, payee))
        if ph == FINAL:
            hand = self.money[seat]
            raises = self.count > 0 and sum(hand) > 0 and (cap == NO_CAP or sum(self.placed[seat]) < cap)
            return Legal(seat, ph, words=(STOP,), raise_=raises)
        # bidding
        hi = None if cap == NO_CAP else cap
        if style == "open":
            lo = self.high + r.step if self.high_bidder >= 0 else r.step
            ok = hi is None or lo <= hi
            return Legal(seat, ph, words=(PASS,), bid=(lo, hi) if ok else None)
        if style in ("sealed", "round", "call-count"):
            ok = hi is None or hi >= 1
            return Legal(seat, ph, words=(PASS,), bid=(1, hi) if ok else None)
        if style == "sealed-notes":
            return Legal(seat, ph, words=(PASS,), place=True)
        if style == "dutch":
            ok = cap == NO_CAP or self.count <= cap
            return Legal(seat, ph, words=(TAKE, PASS) if ok else (PASS,))
        if style == "american":
            hand = self.money[seat]
            ok = sum(hand) > 0 and (cap == NO_CAP or sum(self.placed[seat]) < cap)
            return Legal(seat, ph, words=(PASS,), raise_=ok)
        if style == "the-call":
            if seat == self.auctioneer and self.called < 0:
                # a refused call must be bought at it, so the auctioneer calls what it can pay;
                # with no money at all it can only call 0 (bluffkit's reading: the booklet is silent)
                most = total(self.money[seat], r.denominations)
                return Legal(seat, ph, call=(min(1, most), most))
            ok = cap == NO_CAP or self.called <= cap
            return Legal(seat, ph, words=(ACCEPT, REFUSE) if ok else (REFUSE,))
        raise AssertionError(style)   # pragma: no cover

    def observe(self, seat: int, legal: Legal | None = None, to_move=None) -> Observation:
        return Observation.of(self, seat, legal if legal is not None else self.legal(seat, to_move), to_move)

    # chance ---------------------------------------------------------------------------
    def sample_chance(self, u: float, rng):
        if self.phase == GRAB:
            return First(self.takers[min(int(u * len(self.takers)), len(self.takers) - 1)])
        if self.rules.format == "cat-in-the-bag":
            if not self.pen:
                return Pen(tuple(int(a) for a in rng.integers(len(ANIMALS), size=3)))
            return Shuffle(tuple(int(i) for i in rng.permutation(len(self.pen))))
        return Lot(tuple(int(a) for a in rng.integers(len(ANIMALS), size=self.lot_size())))

    def apply_chance(self, outcome) -> None:
        if self.phase == GRAB:
            if not isinstance(outcome, First) or outcome.seat not in self.takers:
                raise IllegalAction("bad-grab", f"one of those who grabbed ({self.takers}) was first")
            self.takers = ()
            return self._award(((outcome.seat, self.lot, self.count),))
        if self.phase != SETUP:
            raise IllegalAction("not-chance-turn", "it is a player's move, not chance's")
        cat = self.rules.format == "cat-in-the-bag"
        if cat and not self.pen:
            if not isinstance(outcome, Pen) or not 1 <= len(outcome.animals) <= 3:
                raise IllegalAction("bad-pen", "Cat in the Bag shows the pen's 1 to 3 animals first (pen A,B,C)")
            self.pen = outcome.animals
            return self._after_pen()
        if cat:
            if not isinstance(outcome, Shuffle) or sorted(outcome.order) != list(range(len(self.pen))):
                raise IllegalAction("bad-shuffle", f"the pen's {len(self.pen)} animals are shuffled face down: "
                                    f"each index 0..{len(self.pen) - 1} once")
            self.order = outcome.order
            self.phase = PICK
            return
        if not isinstance(outcome, Lot) or len(outcome.animals) != self.lot_size():
            raise IllegalAction("bad-lot", f"the pen holds {self.lot_size()} animal(s) (lot A or lot A,B)")
        self.lot = self.pen = outcome.animals
        self._open_bidding()

    def _after_pen(self) -> None:
        """Cat in the Bag: "If only 1 animal remains there, it's auctioned openly"."""
        if len(self.pen) == 1:
            self.lot = self.pen
            self._open_bidding()
        else:
            self.phase = SETUP      # chance shuffles the pen face down next

    def _pick_size(self) -> int:
        return self.rules.cat_picks(len(self.pen))

    # moves ----------------------------------------------------------------------------
    def chance_words(self) -> str:
        return "the lot is set out" if self.phase == SETUP else "chance decides who grabbed first"

    def _do(self, seat: int, action) -> None:
        kind = type(action)
        if kind is Pick:
            self.lot = tuple(self.pen[self.order[p - 1]] for p in action.places)
            self._open_bidding()
        elif kind is Choose:
            self._chosen(action.seat)
        elif kind is Refusal:
            self._refuse(action.keep)
        elif kind is Pay:
            self._pay(action.notes)
        elif self.phase == FINAL:
            self._final(seat, action)
        else:
            self._bid(seat, action)

    def explain(self, legal: Legal, action) -> tuple[str, str] | None:
        """``None`` when ``action`` is legal for ``legal.seat``; else ``(rule, reason)``."""
        kind, seat, r = type(action), legal.seat, self.rules
        d = r.denominations
        if not legal:
            return self._why_not(seat)
        if kind is Bid and legal.bid:
            lo, hi = legal.bid
            a = action.amount
            if not isinstance(a, int) or isinstance(a, bool) or a < lo:
                if self.style == "open" and self.high_bidder >= 0:
                    return ("bid-too-low", f"a bid must exceed the highest bid ({self.high}) by at least {r.step}: "
                            f"bid {lo} or more")
                return ("bid-too-low", f"bid at least {lo}")
            if hi is not None and a > hi:
                return ("over-cap", f"seat {seat} showed it can pay only {hi}: on the repeat it may bid at most that")
            return None
        if kind is Place and legal.place:
            if len(action.notes) != len(d) or min(action.notes) < 0 or not contains(self.money[seat], action.notes):
                return ("notes-not-held", f"seat {seat} does not hold {fmt(action.notes, d) if len(action.notes) == len(d) else action.notes}")
            return None
        if kind is Raise and legal.raise_:
            if action.note not in d or not self.money[seat][d.index(action.note)]:
                return ("notes-not-held", f"seat {seat} holds no note of {action.note}")
            return None
        if kind is Call and legal.call:
            lo, hi = legal.call
            if not isinstance(action.amount, int) or not lo <= action.amount <= hi:
                return ("call-not-payable", f"call a price from {lo} to {hi}: if it is refused the auctioneer must "
                        "buy at it, so only a price the auctioneer can pay")
            return None
        if kind is Choose and legal.choose:
            if action.seat not in legal.choose:
                return ("not-a-candidate", f"choose one of seats {', '.join(map(str, legal.choose))}")
            return None
        if kind is Refusal and legal.refusals:
            if action in legal.refusals:
                return None
            return ("cannot-buy", self._refusal_problem(action.keep))
        if kind is Pay and legal.pay:
            amount, mode, _ = legal.pay
            notes = action.notes
            if len(notes) != len(d) or min(notes) < 0:
                return ("bad-payment", "a payment is a set of notes")
            if mode == "count":
                if not contains(self.money[seat], notes):
                    return ("notes-not-held", f"seat {seat} does not hold {fmt(notes, d)}")
                if sum(notes) != amount:
                    return ("wrong-count", f"pay exactly {amount} notes (any notes: their value does not count)")
                return None
            problem = payment_problem(self.money[seat], notes, amount, d, r.payment)
            return ("bad-payment", problem) if problem else None
        if kind is Pick and legal.pick:
            k, of = legal.pick
            p = action.places
            if len(p) != k or len(set(p)) != k or not all(isinstance(x, int) and 1 <= x <= of for x in p):
                return ("bad-pick", f"point at {k} of the {of} face-down cards (pick 1..{of})")
            return None
        if action in legal.words:
            return None
        cap = self.caps[seat]
        if cap != NO_CAP and (kind in (Bid, Place) or action in (TAKE, ACCEPT) and self.phase == BID):
            return ("over-cap", f"seat {seat} showed it can pay only {cap}: on the repeat it may bid at most that")
        if kind is Raise and self.style == "american" and self.phase in (BID, FINAL) and seat in self.to_move():
            return ("cannot-raise", f"seat {seat} cannot raise: it has no notes left" +
                    (f", or has laid the {cap} it can" if cap != NO_CAP else "") +
                    ("" if self.phase == BID else ", or has added the most allowed"))
        allowed = [str(w) for w in legal.words] + [name for name, ok in (
            ("bid N", legal.bid), ("bid NOTES", legal.place), ("raise NOTE", legal.raise_), ("call N", legal.call),
            ("choose SEAT", legal.choose), ("sell/buy", legal.refusals), ("pay NOTES", legal.pay),
            ("pick N", legal.pick)) if ok]
        return ("not-now", f"seat {seat} cannot {action} now; it may: {', '.join(allowed)}")

    def _why_not(self, seat: int) -> tuple[str, str]:
        if not isinstance(seat, int) or not 0 <= seat < self.n:
            return ("no-such-seat", f"there is no seat {seat!r}")
        if self.phase == OVER:
            return ("game-over", "the auction is over")
        if seat == self.auctioneer and self.phase in (BID, FINAL, PICK):
            return ("auctioneer-does-not-bid", "the auctioneer runs the auction and may not bid in it")
        if self.phase == BID and self.style in ("sealed", "sealed-notes", "dutch") and seat not in self.pending:
            return ("already-bid", f"seat {seat} has made its bid; bids are revealed together")
        if self.phase == BID and self.style == "open" and seat not in self.pending:
            return ("passed", f"seat {seat} has passed; it may bid again only after someone else bids")
        if self.phase == BID and self.style == "american" and seat not in self.pending:
            return ("dropped-out", f"seat {seat} has passed and cannot rejoin the auction")
        return ("not-your-turn", f"it is not seat {seat}'s move ({self.phase}); "
                f"waiting for {', '.join(map(str, self.to_move())) or 'chance'}")

    # bidding ----------------------------------------------------------------------------
    def _open_bidding(self) -> None:
        """The bidding starts (again, after a player could not pay): every fellow player
        may bid; the American Count and Round-the-Table go round from the auctioneer's
        left; the Dutch count starts at 10."""
        self.phase = BID
        self.bids = (None,) * self.n
        self.high, self.high_bidder, self.called, self.takers = 0, -1, -1, ()
        self.count = self.rules.dutch_start if self.style == "dutch" else 0
        self.pending = self.bidders if self.style != "the-call" else (self.bidders[0],)
        d = self.rules.denominations
        back = list(self.money)
        for s, notes in enumerate(self.placed):       # notes laid face down go back to their owners
            if sum(notes):
                back[s] = tuple(a + b for a, b in zip(back[s], notes))
        self.money = tuple(back)
        self.placed = ((0,) * len(d),) * self.n

    def _bid(self, seat: int, action) -> None:
        style = self.style
        if style == "open":
            # Classic: "shout out bids as often as they like, in any order ... outbid yourself";
            # "As soon as no higher bid comes" (every fellow player passes) the sale is awarded.
            if action == PASS:
                self.pending = tuple(s for s in self.pending if s != seat)
                if not self.pending:
                    self._close_open()
            else:
                self.high, self.high_bidder = action.amount, seat
                self.pending = self.bidders
        elif style in ("sealed", "round", "sealed-notes"):
            # Secret Value / Second Hand / Secret Count: "all fellow players simultaneously place a
            # secret bid"; Round-the-Table: "every player bids exactly once, in turn".
            if type(action) is Place:
                self._set("money", seat, tuple(a - b for a, b in zip(self.money[seat], action.notes)))
                self._set("placed", seat, action.notes)
                amount = sum(action.notes)
            else:
                amount = 0 if action == PASS else action.amount
            self._set("bids", seat, amount)
            self.pending = tuple(s for s in self.pending if s != seat)
            if not self.pending:
                self._rank()
        elif style == "dutch":
            self._set("bids", seat, 1 if action == TAKE else 0)
            if action == TAKE:
                self.takers = self.takers + (seat,)
            self.pending = tuple(s for s in self.pending if s != seat)
            if not self.pending:
                self._dutch_count()
        elif style == "american":
            self._american(seat, action)
        elif style == "call-count":
            # Number Call: "The other player directly names the number of notes".
            if action == PASS:
                self._nobody()
            else:
                self._award(((seat, self.lot, action.amount),))
        else:                                   # the-call
            if type(action) is Call:
                self.called = action.amount
            elif action == ACCEPT:
                self._award(((seat, self.lot, self.called),))
                if self.phase == REFUSE_ and self.rules.call_right == "on_refusal":
                    self._refuse(())              # an accepted call is a sale
            else:
                # "If not, the auctioneer must use their right of first refusal and buy the animal
                # themselves for the amount called, paying that amount to their fellow player."
                self.awards = ((seat, self.lot, self.called),)
                self._refuse((0,))

    def _close_open(self) -> None:
        if self.high_bidder < 0:
            self._nobody()
        else:
            self._award(((self.high_bidder, self.lot, self.high),))

    def _dutch_count(self) -> None:
        """Dutch: "Whoever grabs the auction hammer first wins the sale. They must pay the
        number of notes the auctioneer had called out at that moment." When several grab at
        the same count, chance says who was first; when nobody grabs down to 1, nobody bid."""
        takers = self.takers
        if len(takers) == 1:
            self.takers = ()
            return self._award(((takers[0], self.lot, self.count),))
        if takers:
            self.phase = GRAB
            return
        self.count -= 1
        if self.count == 0:
            return self._nobody()
        self.bids = (None,) * self.n
        self.pending = self.bidders

    def _american(self, seat: int, action) -> None:
        """American Count: "raise (place 1 note face-down) or pass ... until only 1 player
        remains"; "Anyone who passed takes back any notes they'd already bid"."""
        if action == PASS:
            notes = self.placed[seat]
            self._set("money", seat, tuple(a + b for a, b in zip(self.money[seat], notes)))
            self._set("placed", seat, (0,) * len(notes))
            self.pending = self.pending[1:]
            if not self.pending:
                return self._nobody()
        else:
            self._lay_one(seat, action.note)
            self.high_bidder = seat
            self.pending = self.pending[1:] + (seat,)
        if len(self.pending) == 1:
            self.phase, self.count = FINAL, self.rules.american_final

    def _lay_one(self, seat: int, note: int) -> None:
        i = self.rules.denominations.index(note)
        m, p = list(self.money[seat]), list(self.placed[seat])
        m[i] -= 1
        p[i] += 1
        self._set("money", seat, tuple(m))
        self._set("placed", seat, tuple(p))

    def _final(self, seat: int, action) -> None:
        """"The highest bidder may then, as a final step, raise their bid once more by up to 3
        notes." A last player who has laid no note at all has not bid."""
        if type(action) is Raise:
            self._lay_one(seat, action.note)
            self.count -= 1
            if self.count:
                return
        pile = sum(self.placed[seat])
        if not pile:
            return self._nobody()
        self._award(((seat, self.lot, pile),))

    # ranking sealed bids -------------------------------------------------------------------
    def _rank(self) -> None:
        """Sealed bids and Round-the-Table: "Whoever bid the highest amount wins the sale. In
        case of a tie, the auctioneer may choose which of these players wins." Second Hand:
        at "the value of the second-highest bid". A double pen in Secret Value and Secret
        Count: "the highest bid applies to the more valuable of the two animals; the
        second-highest bid applies to the less valuable one"."""
        bids = self.bids
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
            if len(tied) > 1 and not (self.style == "round" and self.rules.round_ties == "first"):
                self.phase, self.choosing = CHOOSE, ("winner", tied)
                return
            self._place(tied[0])
        self._settle_ranking()

    def _place(self, seat: int) -> None:
        self.awards = self.awards + ((seat, (), self.bids[seat]),)

    def _settle_ranking(self) -> None:
        awards = list(self.awards)
        lot = self.lot
        if self.rules.split:
            a, b = sorted(lot, key=self.animal_value, reverse=True)
            if len(awards) == 2 and self.animal_value(a) == self.animal_value(b) and not self.choosing:
                # "If the two animals are equally valuable ... the auctioneer chooses which
                # player bid for which animal."
                self.phase, self.choosing = CHOOSE, ("first-animal", (awards[0][0], awards[1][0]))
                return
            lots = [(a,), (b,)]
            awards = [(s, lots[i], price) for i, (s, _, price) in enumerate(awards)]
            if len(awards) == 1:       # nobody bid for the other animal: the auctioneer gets it free
                self.owners = ((b, self.auctioneer),)
        else:
            s, _, price = awards[0]
            if self.rules.format == "second-hand":
                price = self._second_price(s)
            awards = [(s, lot, price)]
        self.choosing = ()
        self._award(tuple(awards))

    def _second_price(self, winner: int) -> int:
        """Second Hand: "wins the sale, at the value of the second-highest bid"; several tied
        at the top: the chosen one pays "the full price"."""
        others = [self.bids[s] for s in self.bidders if s != winner and self.bids[s]]
        if others:
            return max(others)
        return 0 if self.rules.second_price_alone == "zero" else self.bids[winner]

    def _chosen(self, seat: int) -> None:
        kind, _ = self.choosing
        if kind == "winner":
            self.choosing = ()
            self.phase = BID
            self._place(seat)
            return self._next_place()
        first = self.awards[0] if self.awards[0][0] == seat else self.awards[1]
        second = self.awards[1] if first is self.awards[0] else self.awards[0]
        self.awards = (first, second)
        self.choosing = ("chosen", ())
        self._settle_ranking()

    # award, show, refuse, pay ---------------------------------------------------------------
    def _nobody(self) -> None:
        """"Nobody bids? If nobody wants to bid, the auctioneer gets the animal(s) for free.\""""
        self.owners = self.owners + tuple((a, self.auctioneer) for a in self.lot)
        self.awards, self.pending, self.phase = (), (), OVER

    def _award(self, awards: tuple) -> None:
        """"Can't pay, must show. Whoever can't come up with their bid must show all of their
        money. The auction is then repeated. On the repeat, that player may bid at most as
        much as they could actually pay." Notes already laid face down are always enough."""
        placed = self.style in ("sealed-notes", "american")
        broke = [(s, price) for s, _, price in awards if not placed and self.payable(s) < price]
        if broke:
            for s, _ in broke:
                self.shown = self.shown + ((s, self.money[s]),)
                self._set("caps", s, self.payable(s))
            self.awards, self.choosing, self.owners = (), (), ()
            self.reruns += 1
            return self._open_bidding()
        self.awards = awards
        self.pending = ()
        self.phase = REFUSE_
        if placed:                            # the losers take their notes back
            winners = {s for s, _, _ in awards}
            for s in range(self.n):
                if s not in winners and sum(self.placed[s]):
                    self._set("money", s, tuple(a + b for a, b in zip(self.money[s], self.placed[s])))
                    self._set("placed", s, (0,) * len(self.placed[s]))

    def _refusals(self) -> tuple[Refusal, ...]:
        k = len(self.awards)
        options = [(), (-1,)] + ([(0,), (1,), (0, 1)] if k == 2 else [(0,)])
        return tuple(Refusal(o) for o in options if self._refusal_problem(o) is None)

    def _kept(self, keep) -> tuple[int, ...]:
        return tuple(range(len(self.awards))) if keep == (-1,) else tuple(keep)

    def _refusal_problem(self, keep) -> str | None:
        """The auctioneer can buy what it can pay for, counting the money of the lots it
        sells ("have the money for one of the animals paid out to them first")."""
        kept = self._kept(keep)
        if len(set(kept)) != len(kept):
            return "each lot can be bought once (buy 1, buy 2 or buy 1,2)"
        if any(not isinstance(k, int) or not 0 <= k < len(self.awards) for k in kept):
            return f"there {'is one lot' if len(self.awards) == 1 else 'are two lots'} to keep or sell"
        need = sum(self.awards[k][2] for k in kept)
        gets = sum(p for i, (_, _, p) in enumerate(self.awards) if i not in kept)
        if need > self.payable(self.auctioneer) + gets:
            return (f"the auctioneer cannot pay {need} for what it would keep (it has "
                    f"{self.payable(self.auctioneer)}{f' and would receive {gets}' if gets else ''})")
        return None

    def _refuse(self, keep) -> None:
        """"Either: the auctioneer gives the winning bidder the animal ... receive the winning
        bid. Or: the auctioneer instead uses their right of first refusal and takes the
        animal ... they must pay the winning bidder their bid"; the money of a lot sold is
        paid first, so it can buy the other."""
        kept = self._kept(keep)
        a = self.auctioneer
        placed = self.style in ("sealed-notes", "american")
        mode = self.rules.pricing
        owners, sells, buys = list(self.owners), [], []
        for i, (s, animals, price) in enumerate(self.awards):
            if i in kept:
                owners.extend((x, a) for x in animals)
                if placed:
                    self._set("money", s, tuple(x + y for x, y in zip(self.money[s], self.placed[s])))
                    self._set("placed", s, (0,) * len(self.placed[s]))
                buys.append((a, s, price, mode))
            else:
                owners.extend((x, s) for x in animals)
                if placed:
                    self._set("money", a, tuple(x + y for x, y in zip(self.money[a], self.placed[s])))
                    self._set("placed", s, (0,) * len(self.placed[s]))
                else:
                    sells.append((s, a, price, mode))
        self.owners, self.kept = tuple(owners), tuple(sorted(kept))
        self.payments = tuple(p for p in sells + buys if p[2] > 0)
        self.phase = PAY
        self._due()

    def _pay(self, notes) -> None:
        payer, payee, _, _ = self.payments[0]
        self._set("money", payer, tuple(a - b for a, b in zip(self.money[payer], notes)))
        self._set("money", payee, tuple(a + b for a, b in zip(self.money[payee], notes)))
        self.payments = self.payments[1:]
        self._due()

    def _due(self) -> None:
        """Before each payment: a purchase by the auctioneer it cannot pay after all (no
        change is given, so paying one lot can leave too little for the other) falls
        through: the auctioneer shows its money and the lot is sold to its winner at the
        price ("Can't pay, must show"; bluffkit's reading, as the booklet is silent)."""
        a = self.auctioneer
        while self.payments:
            payer, payee, amount, mode = self.payments[0]
            if payer != a or self.payable(payer) >= amount:     # notes worth enough can always pay
                return
            self.shown = self.shown + ((a, self.money[a]),)
            lot = self._falling_lot(payee, amount)
            self.kept = tuple(k for k in self.kept if k != lot)
            owners = list(self.owners)
            for x in self.awards[lot][1]:           # one entry per animal of that lot changes hands
                owners[owners.index((x, a))] = (x, payee)
            self.owners = tuple(owners)
            self.payments = self.payments[1:] + ((payee, a, amount, mode),)
        self.phase = OVER

    def _falling_lot(self, payee: int, amount: int) -> int:
        """The kept lot whose purchase (paying ``payee`` ``amount``) is next due: purchases
        are due in the order of the lots, so of the kept lots won by ``payee`` at
        ``amount``, those not yet paid for are the last ones."""
        matching = [k for k in self.kept if self.awards[k][0] == payee and self.awards[k][2] == amount]
        unpaid = sum(1 for p in self.payments if p[:3] == (self.auctioneer, payee, amount))
        return matching[len(matching) - unpaid]
