"""The base of every auction format: one auction of Bidder Up! on a mutable working
copy (as for the other games: see :mod:`bluffkit.core.table`), with the hooks a format
overrides. The booklet's sections are quoted in the docstrings ("Auction Pens",
"Special Moments During an Auction", "The Auctions").

A format is a subclass registered by name with :func:`register_format` (one module per
family: :mod:`~bluffkit.auctions.open_outcry`, :mod:`~bluffkit.auctions.sealed`,
:mod:`~bluffkit.auctions.round_table`, :mod:`~bluffkit.auctions.dutch`,
:mod:`~bluffkit.auctions.american`, :mod:`~bluffkit.auctions.call`); settling the sale
is shared (:mod:`~bluffkit.auctions.settlement`). ``Table.new`` and ``Table.thaw``
return the table of the rules' format.

Hooks: ``_start_bidding()`` (who bids first, the count), ``_bidders_to_move()``,
``_legal_bid(seat, phase, cap)``, ``_bid(seat, action)``, ``_too_low(lo)``,
``_explain_more(seat, action)``, ``_waiting(seat)``, ``_chosen(seat)``, the chance
hooks ``sample_chance``/``apply_chance``/``_set_out``, ``lot_hidden_from(seat)`` and
``redraw_bids`` (for :meth:`bluffkit.auctions.game.Auction.hide_from`); class
attributes (the format's traits, which the views read too) ``SEALED`` (bids hidden until
all are in), ``LAYS_NOTES`` (bids laid as notes that pay for the sale), ``OPEN_OUTCRY``,
``SHOWS_COUNT``, ``FACE_DOWN_PEN``, ``RANKS_BIDS`` and ``PRICE_IS_BID`` (the sale's price
is the winning bid itself); and the words of what the seats to move are asked,
:meth:`Table.asked`.
"""

from __future__ import annotations

from bluffkit.auctions.actions import Choose, Lot, Pay, Pick, Refusal
from bluffkit.auctions.legal import Legal, explain
from bluffkit.auctions.observe import Observation
from bluffkit.auctions.rules import ANIMALS, Rules
from bluffkit.auctions.settlement import Settling
from bluffkit.auctions.state import BID, CHOOSE, FIELDS, FINAL, GRAB, NO_CAP, OVER, PAY, PICK, REFUSE_, SETUP, State
from bluffkit.core.errors import IllegalAction, check_state, count, plain_problem
from bluffkit.core.money import total
from bluffkit.core.table import TableBase

#: The table class of each format, by name (filled by :func:`register_format`).
FORMAT_TABLES: dict[str, type[Table]] = {}


def register_format(*names: str):
    """Class decorator: the table of the formats ``names``."""
    def deco(cls):
        for n in names:
            FORMAT_TABLES[n] = cls
        return cls
    return deco


class Table(Settling, TableBase):
    """Mutable working copy of a :class:`State`; the base of the formats' tables."""

    __slots__ = FIELDS + ("n", "bidders")
    STATE, FIELDS = State, FIELDS  # type: ignore[assignment]  # TableBase.STATE is None until a game sets it
    SEALED = False          # bids are hidden until all are in (Secret Value, Secret Count, Second Hand, Dutch)
    OPEN_OUTCRY = False     # bids are shouted, each above the last (Classic, Cat in the Bag)
    PRICE_IS_BID = True     # the price is the winning bid (not Second Hand's second price)
    SHOWS_COUNT = False     # the auctioneer counts down aloud (Dutch)
    FACE_DOWN_PEN = False   # the pen lies face down and the left neighbour picks (Cat in the Bag)
    RANKS_BIDS = False      # each bidder's bid is kept and ranked (sealed bids, Round-the-Table)
    laid = False            # sealed bids are notes laid face down (their number hidden until the reveal)
    #: What the seats to move are asked in each phase, in the words of the views ("Now: Daniel to bid").
    ASKED = {PICK: "to pick", BID: "to bid", FINAL: "to bid", CHOOSE: "to choose", REFUSE_: "to sell or buy",
             PAY: "to pay"}

    @classmethod
    def asked(cls, sub) -> str:
        """What the seats to move in the auction ``sub`` (its state, or a seat's observation
        of it) are asked, in words: :attr:`ASKED` by its phase (a format whose moves are no
        bids says its own)."""
        return cls.ASKED.get(sub.phase, "to act")

    @classmethod
    def new(cls, rules: Rules, players: int, auctioneer: int = 0, money=None, lot=None, pen=None) -> "Table":
        t = object.__new__(FORMAT_TABLES[rules.format])
        t.rules, t.n = rules, players
        t.auctioneer = auctioneer
        t.money = tuple(money) if money is not None else (rules.start_money,) * players
        d = rules.denominations
        t.start = (total(rules.start_money, d),) * players if money is None else tuple(total(m, d) for m in t.money)
        t.pen = tuple(pen or lot or ())
        t.order, t.lot = (), tuple(lot or ())
        t.placed = ((0,) * len(d),) * players
        t.bids, t.pending = (None,) * players, ()
        t.high, t.high_bidder, t.count = 0, -1, 0
        t.caps = (NO_CAP,) * players
        t.shown = t.awards = t.choosing = t.payments = t.owners = t.takers = t.kept = t.revealed = ()
        t.reruns, t.called = 0, -1
        t._seat_bidders()
        t.phase = SETUP
        t._set_out(lot, pen)
        return t

    @classmethod
    def thaw(cls, state):
        """A working copy of ``state``, of its format's table class."""
        check_state(state, State, TableBase)
        t = object.__new__(FORMAT_TABLES[state.rules.format])
        Table._copy_fields(t, state)
        t._thawed()
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

    def lot_hidden_from(self, seat: int) -> bool:
        """Whether ``seat`` does not see the animals of the lot (Cat in the Bag)."""
        return False

    def face_down_left(self) -> tuple[int, ...]:
        """The pen's animals left face down after the auction (Cat in the Bag)."""
        return ()

    # whose move -------------------------------------------------------------------------
    def is_chance(self) -> bool:
        return self.phase == SETUP or self.phase == GRAB

    def is_over(self) -> bool:
        return self.phase == OVER

    def to_move(self) -> tuple[int, ...]:
        ph = self.phase
        if ph == BID:
            return self._bidders_to_move()
        if ph == FINAL:
            return self.pending[:1]
        if ph == PICK:
            return (self.bidders[0],)
        if ph in (CHOOSE, REFUSE_):
            return (self.auctioneer,)
        if ph == PAY:
            return (self.payments[0][0],)
        return ()

    def _bidders_to_move(self) -> tuple[int, ...]:
        """Who may bid now: every fellow player still to act, at once."""
        return self.pending

    def legal(self, seat: int, to_move=None) -> Legal:
        if to_move is None:
            to_move = self.to_move()
        ph = self.phase
        if seat not in to_move:
            return Legal(seat, ph, table=self)
        if ph == PICK:
            return Legal(seat, ph, pick=(self.rules.cat_picks(len(self.pen)), len(self.pen)), table=self)
        if ph == CHOOSE:
            return Legal(seat, ph, choose=self.choosing[1], table=self)
        if ph == REFUSE_:
            return Legal(seat, ph, refusals=self._refusals(), table=self)
        if ph == PAY:
            payer, payee, amount, mode = self.payments[0]
            return Legal(seat, ph, pay=(amount, mode, payee), table=self)
        return self._legal_bid(seat, ph, self.caps[seat])

    def _legal_bid(self, seat: int, phase: str, cap: int) -> Legal:
        raise NotImplementedError       # pragma: no cover

    def run(self, acts, rngs, append, limit: int, checks=None) -> int:
        """As :meth:`bluffkit.core.table.TableBase.run` (the players' moves of a simulation
        until chance acts, the auction is over or ``limit`` moves are played), in one loop:
        the first seat to move acts on its observation with its legal actions, and the
        action is checked and applied. ``checks[seat]`` false skips the check of that
        seat's actions (a trusted bot's, see :func:`bluffkit.core.play.play`); ``None``
        checks every seat's. An illegal action raises, with the table unchanged."""
        done = 0
        of = Observation.of
        while done < limit:
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

    def observe(self, seat: int, legal: Legal | None = None, to_move=None) -> Observation:
        return Observation.of(self, seat, legal if legal is not None else self.legal(seat, to_move), to_move)

    # chance ---------------------------------------------------------------------------
    def _set_out(self, lot, pen) -> None:
        """A lot given at the start: the bidding opens."""
        if lot:
            self._open_bidding()

    def sample_chance(self, u: float, rng):
        return Lot(self._draw_animals(rng, self.lot_size()))

    def _draw_animals(self, rng, k: int) -> tuple[int, ...]:
        """``k`` animals for the pen: each on its own (``supply=0``), or without replacement
        from a supply of ``supply`` of each type."""
        per = self.rules.supply
        if not per:
            if k == 1:        # the same draw as with size=1 (the tests compare), without making an array
                return (int(rng.integers(len(ANIMALS))),)
            return tuple(rng.integers(len(ANIMALS), size=k).tolist())
        return tuple(int(i) // per for i in rng.choice(len(ANIMALS) * per, size=k, replace=False))

    def _too_many(self, animals) -> str | None:
        """Why ``animals`` cannot come from the supply (more of a type than it holds)."""
        per = self.rules.supply
        if per and any(animals.count(a) > per for a in set(animals)):
            return f"the supply holds {per} of each animal: no more in one pen"
        return None

    def apply_chance(self, outcome) -> None:
        if self.phase != SETUP:
            raise IllegalAction("not-chance-turn", "it is a player's move, not chance's")
        if not isinstance(outcome, Lot) or len(outcome.animals) != self.lot_size():
            raise IllegalAction("bad-lot", f"the pen holds {count(self.lot_size(), 'animal')} (lot A or lot A,B)")
        too_many = self._too_many(outcome.animals)
        if too_many:
            raise IllegalAction("bad-lot", too_many)
        self.lot = self.pen = outcome.animals
        self._open_bidding()

    def chance_words(self) -> str:
        return "the lot is set out" if self.phase == SETUP else "chance decides who grabbed first"

    # moves ----------------------------------------------------------------------------
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
        else:
            self._bid(seat, action)

    def _chosen(self, seat: int) -> None:
        raise NotImplementedError       # pragma: no cover

    def explain(self, legal: Legal, action) -> tuple[str, str] | None:
        """``None`` when ``action`` is legal for ``legal.seat``; else ``(rule, reason)``."""
        return explain(self, legal, action)

    def _too_low(self, lo: int) -> tuple[str, str]:
        return ("bid-too-low", f"bid at least {lo:,}")

    def _explain_more(self, seat: int, action) -> tuple[str, str] | None:
        """A format's own reason to refuse ``action`` when it is not among the legal ones."""
        return None

    def _waiting(self, seat: int) -> tuple[str, str] | None:
        """Why a fellow player who is not to move cannot bid now (a format's words)."""
        return None

    def _why_not(self, seat: int) -> tuple[str, str]:
        if not isinstance(seat, int) or not 0 <= seat < self.n:
            return ("no-such-seat", f"there is no seat {seat!r}")
        if self.phase == OVER:
            return ("game-over", "the auction is over")
        if seat == self.auctioneer and self.phase in (BID, FINAL, PICK):
            return ("auctioneer-does-not-bid", "the auctioneer runs the auction and may not bid in it")
        if self.phase == BID and seat not in self.pending:
            why = self._waiting(seat)
            if why:
                return why
        return ("not-your-turn", f"it is not seat {seat}'s move ({self.phase}); "
                f"waiting for {', '.join(map(str, self.to_move())) or 'chance'}")

    # bidding ----------------------------------------------------------------------------
    def _open_bidding(self) -> None:
        """The bidding starts (again, after a player could not pay): every fellow player
        may bid, laid notes go back to their owners."""
        self.phase = BID
        self.bids = (None,) * self.n
        self.high, self.high_bidder, self.called, self.takers = 0, -1, -1, ()
        self.count = 0
        self.pending = self.bidders
        self._start_bidding()
        if not any(map(any, self.placed)):            # nothing laid face down: nothing goes back
            return
        d = self.rules.denominations
        back = list(self.money)
        for s, notes in enumerate(self.placed):       # notes laid face down go back to their owners
            if sum(notes):
                back[s] = tuple(a + b for a, b in zip(back[s], notes))
        self.money = tuple(back)
        self.placed = ((0,) * len(d),) * self.n

    def _start_bidding(self) -> None:
        """A format's start of the bidding (the Dutch count, The Call's first caller)."""

    def _bid(self, seat: int, action) -> None:
        raise NotImplementedError       # pragma: no cover

    def redraw_bids(self, seat: int, bids: list, money: list, placed: list, rng, changes: dict) -> None:
        """For :meth:`Auction.hide_from`: draw again the bids ``seat`` cannot see (sealed
        formats), changing ``bids``, ``money``, ``placed`` and ``changes`` in place."""
