"""The rules of You're Bluffing! / Horse Trading, once, on a mutable working copy.

:class:`Table` holds the same fields as :class:`~bluffkit.games.youre_bluffing.state.State`.
Each rule is one method. The public, immutable API
(:class:`bluffkit.games.youre_bluffing.game.YoureBluffing`) thaws a State into a
Table, applies one action and freezes the result; a simulation keeps one Table
and freezes it only when asked. Both paths run the same methods.

Every action is checked against :class:`~bluffkit.games.youre_bluffing.observe.Legal`
before anything changes, so an illegal action raises
:class:`~bluffkit.core.errors.IllegalAction` and leaves the table as it was.

Rulebook sections are cited as YB (You're Bluffing!, seeds/000) and HT (Horse
Trading, seeds/003).
"""

from __future__ import annotations

from operator import add, mul, sub
from typing import Any, Callable

from bluffkit.core.errors import IllegalAction, plain_problem
from bluffkit.core.money import must_show, show, total
from bluffkit.core.table import TableBase
from bluffkit.games.youre_bluffing import state as S
from bluffkit.games.youre_bluffing.actions import (
    AUCTION,
    BUY,
    SELL,
    Accept,
    Auction,
    Bid,
    Buy,
    Counter,
    Draw,
    Offer,
    Pass,
    Pay,
    Sell,
    Trade,
)
from bluffkit.games.youre_bluffing.observe import (
    OWN_FIELDS,
    PUBLIC_FIELDS,
    BidLegal,
    DecideLegal,
    Legal,
    Observation,
    PayLegal,
    ReofferLegal,
    RespondLegal,
    TurnLegal,
)
from bluffkit.games.youre_bluffing.rules import Rules
from bluffkit.games.youre_bluffing.scoring import scores as score_all
from bluffkit.games.youre_bluffing.state import BID, DECIDE, DRAW, OVER, PAY, REOFFER, RESPOND, TURN, Phase

_EMPTY: tuple = ()
_new = tuple.__new__
if Observation._fields != OWN_FIELDS[:1] + PUBLIC_FIELDS + OWN_FIELDS[1:]:
    raise ImportError("Observation._fields must be the seat, PUBLIC_FIELDS, then the rest of OWN_FIELDS")


#: A seat's view: ``_assemble(t, seat, <the rest of OWN_FIELDS>)``, the table's public fields read as
#: ``t.<name>`` by a function compiled from the field list (:meth:`ObservationBase.builder`), so that
#: each is a plain attribute read, which Python caches: a generic ``attrgetter`` over the same names
#: costs some 70% more instructions per view.
_assemble = Observation.builder(*OWN_FIELDS)
_AUCTION_ONLY = (AUCTION,)
_new_bid_legal = _new_legal = object.__new__
_SELL_ONLY, _SELL_BUY = (SELL,), (SELL, BUY)
_DRAWS = tuple(Draw(f) for f in range(64))


class _Pairs(dict):
    """For ``n`` players, ``pairs[bits * n + seat]``: the (seat, family) pairs for the
    families in ``bits``."""

    def __init__(self, n: int):
        super().__init__()
        self.n = n

    def __missing__(self, key: int) -> tuple[tuple[int, int], ...]:
        bits, seat = divmod(key, self.n)
        pairs = self[key] = tuple((seat, f) for f in range(bits.bit_length()) if bits >> f & 1)
        return pairs


class _PairsByPlayers(dict):
    """_PAIRS[n]: the trade pairs of tables with ``n`` players."""

    def __missing__(self, n: int) -> _Pairs:
        found = self[n] = _Pairs(n)
        return found


_PAIRS = _PairsByPlayers()


class _Masks(dict):
    """``_MASKS[herd]``: the families ``herd`` (a count per family) holds, as bits (bit
    ``f`` set when it holds family ``f``). A table is thawed from a state for every view and
    every step of a session; the few herds a game passes through are worked out once. Kept
    to at most :attr:`MOST` herds (emptied when full)."""

    MOST = 4096

    def __missing__(self, herd: tuple[int, ...]) -> int:
        if len(self) >= self.MOST:
            self.clear()
        found = self[herd] = sum(1 << f for f, c in enumerate(herd) if c)
        return found


_MASKS = _Masks()


class _Orders(dict):
    """_ORDER[n][leader][seat]: the other seats from ``seat``'s left, leader left out."""

    def __missing__(self, n: int):
        table = tuple(tuple(tuple(s for s in ((seat + k) % n for k in range(1, n)) if s != leader)
                            for seat in range(n)) for leader in range(n))
        self[n] = table
        return table


_ORDER = _Orders()


class Table(TableBase):
    """Mutable working copy of a game state; see :mod:`bluffkit.games.youre_bluffing.state`."""

    __slots__ = S.FIELDS + ("n", "d", "_counts", "_trades", "_masks", "_worth", "_pairs", "_left", "_floor",
                                 "_floors")
    STATE, FIELDS = S.State, S.FIELDS  # type: ignore[assignment]  # TableBase.STATE is None until a game sets it

    # the fields of State (thaw() sets them), then what _thawed() derives
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
    trade: tuple[int, int, int, int, tuple[int, ...], int] | None
    n: int
    d: tuple[int, ...]
    _counts: tuple[tuple[tuple[int, ...], ...], tuple[int, ...]] | None
    _trades: tuple[tuple[tuple[int, ...], ...], int, tuple[tuple[int, int], ...]] | None
    _masks: list[int]
    _worth: list[int]
    _pairs: _Pairs
    _left: int
    _floor: tuple[int, int | None, int]
    _floors: dict[int, tuple[int, int | None, int]]

    # -- building ---------------------------------------------------------
    @classmethod
    def new(cls, rules: Rules, players: int) -> "Table":
        """The start of a game (YB "Setup"; HT "Setup"): full pile, start money, the seat
        ``first_leader`` (0 by default) leads."""
        t = cls.__new__(cls)
        t.rules = rules
        t.phase, t.leader, t.turn = TURN, rules.first_leader, 0
        t.pile = (rules.family_size,) * len(rules.families)
        t.herds = ((0,) * len(rules.families),) * players
        t.money = (rules.start_money,) * players
        if rules.bank is None:
            t.bank = None
        else:
            t.bank = tuple(b - s * players for b, s in zip(rules.bank, rules.start_money))
        t.paydays, t.n = 0, players
        t._clear_turn()
        t._thawed()
        t._begin_turn()
        return t

    def _thawed(self) -> None:
        """Set what the table keeps beside the state's fields: the number of seats, the
        note values, the families each herd holds (as bits, kept up to date by
        :meth:`_give` and :meth:`_move_animals`), what each seat's notes are worth (kept
        up to date where money moves), the number of cards left in the pile (kept up to
        date by :meth:`apply_chance`), the lowest bid (see :meth:`_bid_floor`) and the
        shared caches."""
        herds, d = self.herds, self.rules.denominations
        if self.phase.__class__ is not Phase:
            self.phase = Phase(self.phase)      # the engine compares phases by identity
        self.n, self.d, self._counts, self._trades = len(herds), d, None, None
        try:
            self._masks = list(map(_MASKS.__getitem__, herds))
        except TypeError:                   # (a herd given as a list, in a state built by hand)
            self._masks = [sum(1 << f for f, c in enumerate(h) if c) for h in herds]
        self._worth = [sum(map(mul, m, d)) for m in self.money]     # (money.total, inlined)
        self._pairs = _PAIRS[len(herds)]
        self._left = sum(self.pile)
        self._floors = {}                   # the lowest bid after a bid of each amount
        self._floor = self._bid_floor()

    def _clear_turn(self) -> None:
        self.lot, self.draws_left = _EMPTY, 0
        self.high_bid, self.high_bidder, self.pending, self.calls = 0, -1, _EMPTY, 0
        self.caps, self.shown = (-1,) * self.n, _EMPTY
        self.payer, self.payee, self.buying, self.trade = -1, -1, False, None

    # -- who acts ---------------------------------------------------------
    def to_move(self) -> tuple[int, ...]:
        """Seats that may act now, in the order a table would ask them; () for chance or the end."""
        p = self.phase
        if p is BID:
            return self.pending
        if p is TURN or p is DECIDE:
            return (self.leader,)
        if p is PAY:
            return (self.payer,)
        if p is RESPOND:
            return (self.trade[1],)  # type: ignore[index]  # a trade is open in this phase
        if p is REOFFER:
            return (self.trade[0],)  # type: ignore[index]  # a trade is open in this phase
        return _EMPTY

    def chance_outcomes(self) -> tuple[tuple[Draw, float], ...]:
        """The next card of the shuffled pile: each family with its share of the pile."""
        if self.phase is not DRAW:
            return _EMPTY
        left = self._left
        return tuple((_DRAWS[f], c / left) for f, c in enumerate(self.pile) if c)

    def sample_chance(self, u: float, rng=None) -> Draw:
        """The chance outcome at ``u`` in [0, 1): the same distribution as
        :meth:`chance_outcomes` (each card of the pile equally likely), without building it.
        (``rng`` is not needed here; games whose chance is a whole shuffle use it.)"""
        pile = self.pile
        k = int(u * self._left)
        for f, c in enumerate(pile):
            if k < c:
                return _DRAWS[f]
            k -= c
        return _DRAWS[max(f for f, c in enumerate(pile) if c)]

    def others_from(self, seat: int) -> tuple[int, ...]:
        """The other seats, starting at ``seat``'s left, the leader left out (auction order)."""
        return _ORDER[self.n][self.leader][seat]

    def trade_options(self, seat: int) -> tuple[tuple[int, int], ...]:
        """(opponent, family) pairs ``seat`` may trade for: both hold cards of the family.

        YB "The Cattle Trade": when two players each own animals of the same family.
        Neither can then hold the complete family, so complete families are safe (HT).
        """
        cache = self._trades
        if cache is not None and cache[0] is self.herds and cache[1] == seat:
            return cache[2]
        masks = self._masks
        mine = masks[seat]
        found = _EMPTY
        if mine:
            pairs, n = self._pairs, self.n
            for o, theirs in enumerate(masks):
                both = mine & theirs
                if both and o != seat:
                    found += pairs[both * n + o]
        self._trades = (self.herds, seat, found)
        return found

    # -- legal actions ----------------------------------------------------
    def legal(self, seat: int, to_move: tuple[int, ...] | None = None) -> Legal:
        """What ``seat`` may do now (empty when it is not that seat's move). ``to_move``,
        part of every table's signature, is not needed here."""
        p = self.phase
        if p is BID and seat in self.pending:
            return self._bid_legal(seat)
        own = self._own(p)
        if own is None or own[0] != seat:
            return Legal(seat, p, rules=self.rules,
                         where=(self.leader, self.high_bidder, self.high_bid, self.to_move(), self.herds, self._left))
        return own[1]

    def _own(self, p: S.Phase):
        """``(seat, legal, to_move)`` for the one seat that acts in phase ``p`` (any phase
        but the bidding), or ``None`` when nobody does (chance's turn, the end). Each
        Legal is the phase's subclass (see :class:`~bluffkit.games.youre_bluffing.observe.TurnLegal`),
        built without the call of ``__init__``: only the fields that vary are set."""
        legal: Legal
        if p is TURN:
            seat = self.leader
            legal = _new_legal(TurnLegal)
            legal.seat, legal.simple, legal.trades = seat, _AUCTION_ONLY if self._left else (), self.trade_options(seat)
            legal.hand, legal.rules, legal.where = self.money[seat], self.rules, (seat, -1, 0, (seat,), self.herds, self._left)
        elif p is DECIDE:
            seat = self.leader
            legal = _new_legal(DecideLegal)
            legal.seat, legal.simple, legal.rules = seat, _SELL_BUY if self._may_buy() else _SELL_ONLY, self.rules
        elif p is PAY:
            seat = self.payer
            legal = _new_legal(PayLegal)
            rules = legal.rules = self.rules
            legal.seat, legal.hand, legal.pay, legal.payment_rule = seat, self.money[seat], self.high_bid, rules.payment
            legal._payments = None
        elif p is RESPOND:
            seat = self.trade[1]  # type: ignore[index]  # a trade is open in this phase
            legal = _new_legal(RespondLegal)
            legal.seat, legal.hand, legal.rules = seat, self.money[seat], self.rules
        elif p is REOFFER:
            seat = self.trade[0]  # type: ignore[index]  # a trade is open in this phase
            legal = _new_legal(ReofferLegal)
            legal.seat, legal.hand, legal.rules = seat, self.money[seat], self.rules
        else:
            return None
        return seat, legal, (seat,)

    def _bid_legal(self, seat: int) -> Legal:
        """A bidder's choice: pass, or any bid from the lowest allowed up (see
        :meth:`_bid_floor`), capped at the money they showed (YB "Not Enough Money?").
        A seat whose shown money is below the lowest bid may only pass: its ``bid`` is
        ``None``, so every reader of the Legal (views, bots, encoders) sees no bid."""
        legal = _new_bid_legal(BidLegal)    # BidLegal(seat, bid, worth), without the call of __init__
        legal.seat, legal.worth = seat, self._worth[seat]
        cap = self.caps[seat]
        if cap < 0:
            legal.bid = self._floor
        else:
            floor = self._floor
            legal.bid = (floor[0], cap, floor[2]) if cap >= floor[0] else None
        return legal

    def _bid_floor(self) -> tuple[int, None, int]:
        """``(lowest bid, None, multiple)`` for a bidder who showed no money (YB "The
        Auctions": any bid higher than the last; HT "Auction": multiples of 10, +10 or
        more). Kept as ``_floor``, set where the auction opens and at every bid."""
        r = self.rules
        if self.high_bidder < 0:
            lo = r.min_bid
        else:
            lo = self.high_bid + r.bid_step
            if lo % r.bid_multiple:
                lo += r.bid_multiple - lo % r.bid_multiple
        return (lo, None, r.bid_multiple)

    def _first(self):
        """``(seat, legal, to_move)`` for the first seat to move, with a short way for the
        bidders (most moves), or ``None`` when chance acts next or the game is over."""
        p = self.phase
        if p is BID:
            to_move = self.pending
            seat = to_move[0]
            return seat, self._bid_legal(seat), to_move
        return self._own(p)

    def decision(self):
        """``(seat, legal, observation)`` for the first seat to move (see :meth:`_first`)."""
        first = self._first()
        if first is None:
            return None
        seat, legal, to_move = first
        return seat, legal, self.observe(seat, legal, to_move)

    def move(self, acts, rngs):
        """As :meth:`TableBase.move` (decision, act and apply): one move of :meth:`run`."""
        played = []
        self.run(acts, rngs, played.append, 1)
        return played[0] if played else None

    def run(self, acts, rngs, append, limit: int, checks=None) -> int:
        """As :meth:`TableBase.run`: the players' moves until chance acts, the game is over
        or ``limit`` moves are played, each one decided, acted on, checked and applied
        here in one loop, with a short way for the bidders (most moves). ``checks[seat]``
        false skips the check of that seat's actions (a trusted bot's, see
        :func:`bluffkit.core.play.play`); ``None`` checks every seat's."""
        observe, bid_legal = self.observe, self._bid_legal
        done = 0
        while done < limit:
            if self.phase is BID:           # the short way: most moves are bids
                to_move = self.pending
                seat = to_move[0]
                legal = bid_legal(seat)
                # A bidder's view, as observe() builds it in this phase: no trade is open
                # and the game is not over; the notes do not move while bidding.
                counts = self._counts
                if counts is None or counts[0] is not self.money:
                    counts = self._counts = (self.money, tuple(map(sum, self.money)))
                seen = _assemble(self, seat, to_move, counts[1], counts[0][seat], self._worth[seat], None, None,
                                 None, legal)
            else:
                first = self._first()
                if first is None:
                    break
                seat, legal, to_move = first
                seen = observe(seat, legal, to_move)
            action = acts[seat](seen, legal, rngs[seat])
            if checks is None or checks[seat]:
                problem = plain_problem(action) or legal.explain(action)
                if problem:
                    raise IllegalAction(*problem)
            _HANDLERS[type(action)](self, seat, action)
            append((seat, action))
            done += 1
        return done

    def _may_buy(self) -> bool:
        """YB "The Leader's Right of Preemption"; HT: "only if you have enough money"."""
        cap = self.caps[self.leader]
        if cap >= 0:
            return self.high_bid <= cap
        if self.rules.buyback_without_funds == "forbidden":
            return self._worth[self.leader] >= self.high_bid
        return True

    # -- applying ---------------------------------------------------------
    def is_chance(self) -> bool:
        return self.phase is DRAW

    def is_over(self) -> bool:
        return self.phase is OVER

    def chance_words(self) -> str:
        return "an animal is turned up"

    def _do(self, seat: int, action) -> None:
        _HANDLERS[type(action)](self, seat, action)

    def apply_chance(self, draw: Draw) -> None:
        """Chance turns up the top card of the pile: ``draw`` names its family."""
        if not isinstance(draw, Draw):
            raise IllegalAction("chance-only-draws", f"chance can only turn up animals, not {draw}")
        if self.phase is not DRAW:
            raise IllegalAction("not-chance-turn", f"chance does not act now (phase {self.phase!r})")
        if not 0 <= draw.family < len(self.pile):
            # no such family: its words cannot name an animal (a Python index of -1 would be the last)
            raise IllegalAction("not-in-pile", f"draw {draw.family} is not possible: the families are "
                                f"0..{len(self.pile) - 1}")
        if not self.pile[draw.family]:
            raise IllegalAction("not-in-pile", f"{draw} is not possible: no such animal is left in the pile")
        f = draw.family
        self.pile = self.pile[:f] + (self.pile[f] - 1,) + self.pile[f + 1:]
        self._left -= 1
        self.lot = self.lot + (f,)
        self.draws_left -= 1
        if f == self.rules.payday_family:
            self._payday()
        if self.draws_left == 0:
            self._open_bidding()

    def _payday(self) -> None:
        """YB "The Golden Donkey"; HT "Paydays": before the auction, every player,
        the leader included, gets one note: 50, 100, 200, 500 for the 1st..4th."""
        value = self.rules.paydays[self.paydays]
        i = self.d.index(value)
        self.paydays += 1
        if self.bank is not None:
            self.bank = self.bank[:i] + (self.bank[i] - self.n,) + self.bank[i + 1:]
        self.money = tuple(m[:i] + (m[i] + 1,) + m[i + 1:] for m in self.money)
        self._worth = [w + value for w in self._worth]

    # auction ---------------------------------------------------------------
    def _start_auction(self) -> None:
        self.phase = DRAW
        self.draws_left = min(self.rules.lot_size, self._left)

    def _open_bidding(self) -> None:
        """Open (or hold again) the auction: every non-leader may bid (YB "The Auctions")."""
        self.phase = BID
        self.high_bid, self.high_bidder, self.calls = 0, -1, 0
        self.pending = self.others_from(self.leader)
        self._floor = self._bid_floor()

    def _bid(self, seat: int, a: Bid) -> None:
        amount = self.high_bid = a.amount
        self.high_bidder = seat
        self.pending = _ORDER[self.n][self.leader][seat]       # everyone else may raise again
        floor = self._floors.get(amount)    # after a bid the lowest next bid depends on its amount only
        if floor is None:
            floor = self._floors[amount] = self._bid_floor()
        self._floor = floor

    def _pass(self, seat: int, a: Pass) -> None:
        """Nobody raising closes the auction. With no bid at all the animal is offered
        again; after ``no_bid_calls`` offers the leader takes it free (YB: three
        times; HT: once more)."""
        pending = self.pending
        self.pending = pending = pending[1:] if pending[0] == seat else tuple(s for s in pending if s != seat)
        if pending:
            return
        if self.high_bidder >= 0:
            self.phase = DECIDE
            return
        self.calls += 1
        if self.calls >= self.rules.no_bid_calls:
            self._give(self.leader, self.lot)
            self._end_turn()
        else:
            self.pending = self.others_from(self.leader)

    def _sell(self, seat: int, a: Sell) -> None:
        self._settle(payer=self.high_bidder, payee=self.leader, buying=False)

    def _buy(self, seat: int, a: Buy) -> None:
        self._settle(payer=self.leader, payee=self.high_bidder, buying=True)

    def _settle(self, payer: int, payee: int, buying: bool) -> None:
        """The payer pays the bid, or, unable to, shows all their money and the auction
        is held again with that player's bids capped at what they hold (YB "Not the
        Exact Amount? Not Enough Money?"; HT "Can't pay?")."""
        held = self._worth[payer]
        if must_show(held, self.high_bid):
            self.shown, self.caps = show(self.shown, self.caps, payer, self.money[payer], held)
            self._open_bidding()
            return
        self.phase, self.payer, self.payee, self.buying = PAY, payer, payee, buying

    def _pay(self, seat: int, a: Pay) -> None:
        self._move_money(seat, self.payee, a.notes)
        self._give(self.leader if self.buying else self.high_bidder, self.lot)
        self._end_turn()

    # trade -----------------------------------------------------------------
    def _trade(self, seat: int, a: Trade) -> None:
        """Challenge ``a.target`` for a family both own. Two against two trades both
        cards, any other count one (YB "The Special Cattle Trade"; HT "Trade")."""
        mine, theirs = self.herds[seat][a.family], self.herds[a.target][a.family]
        cards = 2 if mine == 2 and theirs == 2 else 1
        self._take_money(seat, a.notes)
        self.trade = (seat, a.target, a.family, cards, a.notes, 0)
        self.phase = RESPOND

    def _accept(self, seat: int, a: Accept) -> None:
        challenger, target, family, cards, offer, _ = self.trade  # type: ignore[misc]  # a trade is open in this phase
        self._add_money(target, offer)
        self._move_animals(target, challenger, family, cards)
        self._end_trade()

    def _counter(self, seat: int, a: Counter) -> None:
        """Swap the offers; each keeps what they received; the higher offer takes the
        animal(s). A tie: HT, the challenger wins; YB, the challenger offers again, and
        a second tie gives the animal(s) to the challenger free (``trade_tie``: the second
        offers swapped as any, or with ``reoffer_free`` each taken back by its owner)."""
        challenger, target, family, cards, offer, ties = self.trade  # type: ignore[misc]  # a trade is open in this phase
        mine, theirs = total(offer, self.d), total(a.notes, self.d)
        if mine == theirs and ties and self.rules.trade_tie == "reoffer_free":
            # the second tie under reoffer_free: "for free", each keeps their own offer
            self._add_money(challenger, offer)
            self._move_animals(target, challenger, family, cards)
            self._end_trade()
            return
        self._move_money(target, challenger, a.notes)
        self._add_money(target, offer)              # the challenger's offer, held face down
        if mine == theirs and self.rules.trade_tie != "challenger" and ties == 0:
            self.trade = (challenger, target, family, cards, (0,) * len(self.d), 1)
            self.phase = REOFFER
            return
        if mine >= theirs:
            self._move_animals(target, challenger, family, cards)
        else:
            self._move_animals(challenger, target, family, cards)
        self._end_trade()

    def _offer(self, seat: int, a: Offer) -> None:
        challenger, target, family, cards, _, ties = self.trade  # type: ignore[misc]  # a trade is open in this phase
        self._take_money(seat, a.notes)
        self.trade = (challenger, target, family, cards, a.notes, ties)
        self.phase = RESPOND

    def _end_trade(self) -> None:
        """HT "Trade and auction": after a trade the same player also holds an auction."""
        self.trade = None
        if self.rules.trade_then_auction and self._left:
            self._start_auction()
        else:
            self._end_turn()

    def _auction(self, seat: int, a: Auction) -> None:
        self._start_auction()

    # turns -----------------------------------------------------------------
    def _end_turn(self) -> None:
        self._clear_turn()
        self.turn += 1
        self.leader = (self.leader + 1) % self.n
        self._begin_turn()

    def _begin_turn(self) -> None:
        """Game end when every family is complete; once the pile is empty every turn is
        a trade, and a player with nothing to trade is skipped (YB "Animal Cards
        Exhausted"; HT "End of the game")."""
        if self.all_complete():
            self.phase = OVER
            return
        self.phase = TURN
        if self._left:
            return
        for _ in range(self.n):
            if self.trade_options(self.leader):
                return
            self.leader = (self.leader + 1) % self.n
        raise AssertionError("no player can trade although a family is incomplete")

    def all_complete(self) -> bool:
        if self._left:
            return False
        size = self.rules.family_size
        return all(size in cards for cards in zip(*self.herds))

    # moving things ---------------------------------------------------------
    def _give(self, seat: int, animals: tuple[int, ...]) -> None:
        h = list(self.herds[seat])
        for f in animals:
            h[f] += 1
            self._masks[seat] |= 1 << f
        self.herds = self.herds[:seat] + (tuple(h),) + self.herds[seat + 1:]

    def _move_animals(self, src: int, dst: int, family: int, cards: int) -> None:
        herds = list(self.herds)
        h = herds[src]
        herds[src] = h[:family] + (h[family] - cards,) + h[family + 1:]
        if h[family] == cards:
            self._masks[src] &= ~(1 << family)
        h = herds[dst]
        herds[dst] = h[:family] + (h[family] + cards,) + h[family + 1:]
        self._masks[dst] |= 1 << family
        self.herds = tuple(herds)

    def _take_money(self, seat: int, notes: tuple[int, ...]) -> None:
        money = list(self.money)
        money[seat] = tuple(map(sub, money[seat], notes))
        self.money = tuple(money)
        self._worth[seat] -= sum(map(mul, notes, self.d))

    def _add_money(self, seat: int, notes: tuple[int, ...]) -> None:
        money = list(self.money)
        money[seat] = tuple(map(add, money[seat], notes))
        self.money = tuple(money)
        self._worth[seat] += sum(map(mul, notes, self.d))

    def _move_money(self, src: int, dst: int, notes: tuple[int, ...]) -> None:
        money = list(self.money)
        money[src] = tuple(map(sub, money[src], notes))
        money[dst] = tuple(map(add, money[dst], notes))
        self.money = tuple(money)
        paid = sum(map(mul, notes, self.d))
        self._worth[src] -= paid
        self._worth[dst] += paid

    # seeing ----------------------------------------------------------------
    def observe(self, seat: int, legal: Legal | None = None, to_move=None) -> Observation:
        """What ``seat`` may know now (see :class:`Observation`): the public table, every
        player's number of notes, and only this seat's own notes and own face-down offer."""
        tr = self.trade
        if tr is None:
            trade = my_offer = None
        else:
            trade = (tr[0], tr[1], tr[2], tr[3], sum(tr[4]), tr[5])   # the offer: its card count only
            my_offer = tr[4] if seat == tr[0] else None
        scores = None
        if self.phase is OVER:
            scores = score_all(self.herds, self.rules)
        counts = self._counts
        if counts is None or counts[0] is not self.money:
            counts = self._counts = (self.money, tuple(map(sum, self.money)))
        note_counts, hand, hand_total = counts[1], self.money[seat], self._worth[seat]
        if to_move is None:
            to_move = self.to_move()
        if legal is None:
            legal = self.legal(seat)
        # The seat's own fields are OWN_FIELDS, each in the variable of its name (a test checks
        # the names); the public ones are the table's own, read by name in _assemble.
        return _assemble(self, seat, to_move, note_counts, hand, hand_total, trade, my_offer, scores, legal)


_HANDLERS: dict[type, Callable[[Table, int, Any], None]] = {
    Auction: Table._auction, Trade: Table._trade, Bid: Table._bid, Pass: Table._pass,
    Sell: Table._sell, Buy: Table._buy, Pay: Table._pay, Accept: Table._accept,
    Counter: Table._counter, Offer: Table._offer,
}
