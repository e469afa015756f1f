"""Bidder Up!, the board game, for learning agents: both boards, 2 to 4 players, the
variants Baby Animals and Raffle Rush, and every auction format a pen's tile may give
(docs/rl.md, "Bidder Up!"; sections of docs/bidder-up.md in brackets).

Seats are seen from the observing seat: in every per-seat block of the vector, in the
trade targets and in the auctioneer's ``choose``, position 0 is the seat itself, 1 the
next seat round the table, and so on. ``D`` is the number of note denominations (6).

Actions, in this order (``n`` seats, ``S`` spaces on the board):

- ``move SPACE`` [C], one per space of the board: moves there when the roll and the
  seat's notes reach it, paying the cost (a number of notes) with the seat's
  lowest-valued notes (0-notes first, unless ``zero_pays_count`` is off).
- ``trade +T ANIMAL NOTES`` [E]: challenge the seat T places on for that type with a
  face-down offer, one of the :data:`NOTE_KINDS` below; ``agree``, ``counter NOTES``.
  On the Fairground with Baby Animals, where the male is told apart, the challenger
  also chooses the two specimens [K], its own then the other's (``trade +T
  ANIMAL:S:S NOTES``, one of :data:`SPECIMENS`), so that block is four times as long.
- ``market none``, ``market ANIMAL±K`` [G] for K in 1..3 each way: one type per move
  (the rules allow up to three), paid with the lowest notes.
- ``raffle K`` [H] for K = 0 .. ``raffle_max``, paid with the lowest notes; ``keep
  TICKET`` for each kind of ticket; ``end``, ``ticket NAME`` for the action tickets, and
  ``ticket move-markers ANIMAL±1`` (one marker; the rules allow two), at the end of the
  turn or after the roll, before the move (a horse-trade so revealed is played first,
  then the move) [H].
- ``raid``, ``gamble``, ``loan V`` for each loan, ``give V`` for each denomination [J].
- The pen's auction [D] (the moves of :mod:`bluffkit.auctions`): ``pass``, ``take``,
  ``stop``, ``accept``, ``refuse``; ``bid +k``: the lowest legal bid plus the k-th of
  :data:`VALUE_RAISES` (value auctions) or :data:`COUNT_RAISES` (count auctions: notes);
  ``call +k`` (The Call: the lowest price plus the k-th value raise) and ``call top``;
  ``lay NOTES`` (notes face down, one of the :data:`NOTE_KINDS`); ``raise V`` (American
  Count: one note of value V); ``choose +T``; ``sell``, ``buy``, ``buy 1``, ``buy 2``,
  ``buy 1,2``; ``pay #k``: the k-th valid payment (smallest first; in a count auction
  only the lowest notes); ``pick P`` for each set of one or two of the face-down places
  1..4 (Cat in the Bag).

A choice of notes (an offer, a counter-offer, notes laid face down) is one of
:data:`NOTE_KINDS`: the smallest set of notes worth at least V (exact when the hand
allows) for V in :data:`NOTE_VALUES`, with no 0-note or with all of them (the bluff),
or the K lowest-valued notes for K in :data:`NOTE_COUNTS` (a count matters for the
Special Horse-Trade and the count auctions). Every encoded move is tested with the
seat's ``Legal.explain`` before the mask allows it.

Coarser than the rules: bids and calls on the grids above, one market type or marker per
move, notes chosen by those kinds, costs paid with the lowest notes, action tickets revealed after the roll or at the end of the turn
(the rules allow any moment; the game has no reveal between the move and the space's
action either).

:meth:`BidderUpEncoder.mask` reads the seat's notes from its ``Legal``'s ``hand`` (the
seat's own notes only, what its observation shows as ``hand``).

The observation is the seat's :class:`~bluffkit.games.bidder_up.observe.Observation`
only (its ``legal`` is not read): :func:`obs_parts` lists the blocks and their sizes.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

from bluffkit.auctions import actions as X
from bluffkit.auctions.rules import ANIMALS, FORMATS
from bluffkit.auctions.sample import cheapest
from bluffkit.auctions.state import BID as _ABID, CHOOSE, FINAL, GRAB, OVER as _AOVER, PAY, PICK, REFUSE_, SETUP
from bluffkit.core.errors import RulesError
from bluffkit.core.money import payment_book, payments
from bluffkit.games.bidder_up import actions as A, state as S
from bluffkit.games.bidder_up.fair import step_cost
from bluffkit.games.bidder_up.legal import Legal
from bluffkit.games.bidder_up.observe import Observation
from bluffkit.games.bidder_up.rules import ACTION_TICKETS
from bluffkit.rl.encoding import Encoder

_T = len(ANIMALS)
#: The board's phases, in the observation's one-hot order.
PHASES = (S.SETUP, S.ROLL, S.MOVE, S.AUCTION, S.TRADE, S.RESPOND, S.MARKET, S.RAFFLE, S.DRAW, S.KEEP, S.PIGGY,
          S.GAMBLE, S.GIVE, S.END, S.SOW, S.OVER)
#: An auction's phases (:mod:`bluffkit.auctions.state`).
AUCTION_PHASES = (SETUP, PICK, _ABID, FINAL, GRAB, CHOOSE, REFUSE_, PAY, _AOVER)
#: Every kind of raffle ticket (section H, L5).
TICKET_KINDS = (ACTION_TICKETS + tuple(f"value-gain:{a}" for a in ANIMALS)
                + tuple(f"wool-milk:{k}" for k in range(4)))
#: What ``bid +k`` adds to the lowest legal bid: value auctions, count auctions (notes).
VALUE_RAISES = (0, 10, 20, 30, 50, 70, 100, 150, 200, 300, 500, 700, 1000)
COUNT_RAISES = (0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 15, 20)
#: Notes chosen by value: the values a set of notes is built to reach.
NOTE_VALUES = (0, 10, 20, 30, 50, 70, 100, 150, 200, 300, 500, 1000)
#: Notes chosen by number: the K lowest-valued notes.
NOTE_COUNTS = (1, 2, 3, 4, 5, 6, 8, 10)
#: Every choice of notes: ("value", V, with zeros) or ("count", K, False).
NOTE_KINDS = (tuple(("value", v, z) for z in (False, True) for v in NOTE_VALUES)
              + tuple(("count", k, False) for k in NOTE_COUNTS))
#: The auction's words, in index order.
WORDS = (X.PASS, X.TAKE, X.STOP, X.ACCEPT, X.REFUSE)
#: The right of first refusal: sell, buy, buy the first lot, the second, both.
REFUSALS = (X.SELL, X.BUY, X.Refusal((0,)), X.Refusal((1,)), X.Refusal((0, 1)))
#: Cat in the Bag: the face-down places (1-based) a seat may point at, one or two.
PICKS = tuple(c for k in (1, 2) for c in combinations(range(1, 5), k))
PAY_CHOICES = 4
_MARKET_STEPS = (-3, -2, -1, 1, 2, 3)
#: Fairground Baby Animals [K]: the two specimens a horse-trade puts up, the challenger's
#: then the target's (``f`` female, ``m`` male), as ``trade 1 sheep:f:m`` writes them.
SPECIMENS = ("ff", "fm", "mf", "mm")


def notes_of(kind: tuple, hand: tuple[int, ...], denoms: tuple[int, ...]) -> tuple[int, ...] | None:
    """The notes of ``hand`` that a choice of :data:`NOTE_KINDS` stands for, or ``None``
    when the hand cannot make it (worth too little, too few notes, or no 0-note to add).

    >>> D = (0, 10, 50, 100, 200, 500)
    >>> notes_of(("value", 60, False), (2, 4, 2, 0, 0, 0), D), notes_of(("count", 3, False), (2, 4, 2, 0, 0, 0), D)
    ((0, 1, 1, 0, 0, 0), (2, 1, 0, 0, 0, 0))
    """
    how, x, zeros = kind
    if how == "count":
        return cheapest(hand, x) if sum(hand) >= x else None
    if zeros and not hand[0]:
        return None
    if x <= 0:
        notes = (0,) * len(hand)
    else:
        found = payment_book(denoms, "exact_if_possible").of(hand, x)
        if not found:
            return None
        notes = found[0]
    if zeros:
        notes = (hand[0],) + notes[1:]
    return notes


def _cost_notes(hand, k: int, zero_pays: bool):
    """``k`` notes of ``hand``, the lowest-valued first (no 0-notes unless they pay)."""
    if zero_pays:
        return cheapest(hand, k) if sum(hand) >= k else None
    rest = (0,) + tuple(hand[1:])
    return cheapest(rest, k) if sum(rest) >= k else None


class BidderUpEncoder(Encoder):
    """The fixed encoding of Bidder Up! for one board (with its variants) and ``players``
    seats (see the module's docstring)."""

    observation_type, legal_type, seats_field = Observation, Legal, "note_counts"

    def __init__(self, game, players: int) -> None:
        super().__init__(game, players)
        rules = game.rules
        game.check_players(players)
        self.rules = rules
        self.denoms = d = tuple(rules.denominations)
        table = game.table(players=players)
        self.board_layout = table.lay        # the board (the vector's blocks: parts)
        self.spaces = tuple(s.id for s in self.board_layout.board.spaces)
        self.pens = len(self.board_layout.pens)
        self.loans = tuple(v for v, _, _ in rules.loans)
        n, nk = players, len(NOTE_KINDS)
        #: the specimens a horse-trade names, the challenger's then the target's [K]: each
        #: choice on the Fairground with Baby Animals (males told apart), else none
        self.specimens = SPECIMENS if rules.sexes else ("",)
        blocks = (
            ("move", len(self.spaces)),
            ("trade", (n - 1) * _T * len(self.specimens) * nk),
            ("agree", 1),
            ("counter", nk),
            ("market", 1 + _T * len(_MARKET_STEPS)),
            ("raffle", rules.raffle_max + 1),
            ("keep", len(TICKET_KINDS)),
            ("end", 1),
            ("ticket", len(ACTION_TICKETS) - 1 + 2 * _T),
            ("piggy", 2 + len(self.loans)),
            ("give", len(d)),
            ("word", len(WORDS)),
            ("bid", len(VALUE_RAISES)),
            ("call", len(VALUE_RAISES) + 1),
            ("lay", nk),
            ("raise", len(d)),
            ("choose", n),
            ("refusal", len(REFUSALS)),
            ("pay", PAY_CHOICES),
            ("pick", len(PICKS)),
        )
        self.blocks: dict[str, tuple[int, int]] = {}
        start = 0
        for name, size in blocks:
            self.blocks[name] = (start, size)
            start += size
        self.n_actions = start
        self.parts = obs_parts(n, len(self.spaces), self.pens, len(d), len(self.loans))
        self.obs_size = sum(size for _, size in self.parts)
        self._last: tuple = (None, {})

    # -- actions ------------------------------------------------------------------
    def _at(self, block: str, k: int = 0) -> int:
        return self.blocks[block][0] + k

    def _hand(self, legal) -> tuple[int, ...]:
        """The seat's own notes (its ``Legal``'s ``hand``)."""
        return legal.hand

    def candidates(self, legal) -> dict[int, object]:
        """Index -> the action it stands for now, for every index of the current phase that
        the seat's hand can make (not yet checked with ``legal.explain``)."""
        out: dict[int, object] = {}
        if not legal:
            return out
        d, n, seat = self.denoms, self.players, legal.seat
        hand = self._hand(legal)
        if legal.inner is not None:
            inner = legal.inner
            rules = inner.rules
            for k, w in enumerate(WORDS):
                if w in inner.words:
                    out[self._at("word", k)] = w
            if inner.bid:
                lo, hi = inner.bid
                raises = VALUE_RAISES if rules.pricing == "value" else COUNT_RAISES
                for k, r in enumerate(raises):
                    if hi is None or lo + r <= hi:
                        out[self._at("bid", k)] = X.Bid(lo + r)
            if inner.call:
                lo, hi = inner.call
                for k, r in enumerate(VALUE_RAISES):
                    if lo + r <= hi:
                        out[self._at("call", k)] = X.Call(lo + r)
                out[self._at("call", len(VALUE_RAISES))] = X.Call(hi)
            if inner.place:
                for k, kind in enumerate(NOTE_KINDS):
                    notes = notes_of(kind, hand, d)
                    if notes is not None:
                        out[self._at("lay", k)] = X.Place(notes, d)
            if inner.raise_:
                for k, v in enumerate(d):
                    if hand[k]:
                        out[self._at("raise", k)] = X.Raise(v)
            for s in inner.choose:
                out[self._at("choose", (s - seat) % n)] = X.Choose(s)
            for k, refusal in enumerate(REFUSALS):
                if refusal in inner.refusals:
                    out[self._at("refusal", k)] = refusal
            if inner.pay:
                amount, mode, _ = inner.pay
                if mode == "count":
                    if sum(hand) >= amount:
                        out[self._at("pay")] = X.Pay(cheapest(hand, amount), d)
                else:
                    for k, notes in enumerate(payments(hand, amount, d, rules.payment)[:PAY_CHOICES]):
                        out[self._at("pay", k)] = X.Pay(notes, d)
            if inner.pick:
                k_, of = inner.pick
                for k, places in enumerate(PICKS):
                    if len(places) == k_ and max(places) <= of:
                        out[self._at("pick", k)] = X.Pick(places)
            return out
        ph, key, r = legal.phase, legal.key, self.rules
        if ph == S.MOVE:
            for space, (_, cost) in key:
                notes = _cost_notes(hand, cost, r.zero_pays_count)
                if notes is not None and space in self.spaces:
                    out[self._at("move", self.spaces.index(space))] = A.Move(space, notes, d)
            self._tickets(legal.tickets, out)            # revealed after the roll, before the move [H]
        elif ph == S.TRADE:
            offers = [(k, notes_of(kind, hand, d)) for k, kind in enumerate(NOTE_KINDS)]
            for target, animal in key[0]:
                for j, sexes in enumerate(self.specimens):
                    pair = (((target - seat) % n - 1) * _T + animal) * len(self.specimens) + j
                    base = self._at("trade", pair * len(NOTE_KINDS))
                    for k, notes in offers:
                        if notes is not None:
                            out[base + k] = A.Trade(target, animal, notes, d, sexes)
        elif ph == S.RESPOND:
            out[self._at("agree")] = A.AGREE
            for k, kind in enumerate(NOTE_KINDS):
                notes = notes_of(kind, hand, d)
                if notes is not None:
                    out[self._at("counter", k)] = A.Counter(notes, d)
        elif ph == S.MARKET:
            out[self._at("market")] = A.Market((), (0,) * len(d), d)
            for a in range(_T):
                for k, steps in enumerate(_MARKET_STEPS):
                    notes = _cost_notes(hand, step_cost(steps), r.zero_pays_count)
                    if notes is not None:
                        out[self._at("market", 1 + a * len(_MARKET_STEPS) + k)] = A.Market(((a, steps),), notes, d)
        elif ph == S.RAFFLE:
            for k in range(min(key[0], r.raffle_max) + 1):
                notes = _cost_notes(hand, k, r.zero_pays_count)
                if notes is not None:
                    out[self._at("raffle", k)] = A.Raffle(k, notes, d)
        elif ph == S.KEEP:
            for name in key:
                if name in TICKET_KINDS:
                    out[self._at("keep", TICKET_KINDS.index(name))] = A.Keep(name)
        elif ph == S.END:
            out[self._at("end")] = A.END
            self._tickets(key, out)
        elif ph == S.PIGGY:
            for k, option in enumerate((A.RAID, A.GAMBLE) + tuple(A.Loan(v) for v in self.loans)):
                if option in key:
                    out[self._at("piggy", k)] = option
        elif ph == S.GIVE:
            for k, v in enumerate(d):
                if v in key:
                    out[self._at("give", k)] = A.Give(v)
        return out

    def _tickets(self, names, out: dict) -> None:
        """The ``ticket`` indices of the action tickets ``names`` into ``out`` (Move Market
        Markers: one marker one step either way)."""
        plain = [t for t in ACTION_TICKETS if t != "move-markers"]
        for k, name in enumerate(plain):
            if name in names:
                out[self._at("ticket", k)] = A.Ticket(name)
        if "move-markers" in names:
            for a in range(_T):
                for j, step in enumerate((-1, 1)):
                    out[self._at("ticket", len(plain) + 2 * a + j)] = A.Ticket("move-markers", ((a, step),))

    def __getstate__(self) -> dict:
        """The encoder without its remembered move list: a ``Legal`` is never pickled (it
        stands for one moment of one table), and an environment, its encoder with it, may be
        pickled at any step (a checkpoint, a training worker)."""
        state = dict(self.__dict__)
        state["_last"] = (None, {})
        return state

    def _candidates(self, legal) -> dict[int, object]:
        """:meth:`candidates`, remembered for the last ``legal`` (a ``Legal`` stands for one
        moment of one table: the game's ``Legal`` is not to be used after the next move)."""
        last, found = self._last
        if last is not legal:
            found = self.candidates(legal)
            self._last = (legal, found)
        return found

    def _mask(self, legal) -> np.ndarray:
        out = np.zeros(self.n_actions, dtype=np.int8)
        for i, a in self._candidates(legal).items():
            if legal.explain(a) is None:
                out[i] = 1
        return out

    def _action(self, index: int, legal):
        found = self._candidates(legal).get(index)
        if found is None or legal.explain(found) is not None:
            raise RulesError(f"action index {index} ({self.action_name(int(index))}) is not legal now; "
                             f"seat {legal.seat} may: {legal.description}")
        return found

    def _name(self, index: int) -> str:
        name, k = next((block, index - start) for block, (start, size) in self.blocks.items()
                       if start <= index < start + size)

        def kind(j: int) -> str:
            how, x, z = NOTE_KINDS[j]
            return f"{x} notes" if how == "count" else f"{x}" + (" with zeros" if z else "")

        if name == "move":
            return f"move {self.spaces[k]}"
        if name == "trade":
            pair, j = divmod(k, len(NOTE_KINDS))
            pair, sexes = divmod(pair, len(self.specimens))
            offset, animal = divmod(pair, _T)
            pick = "".join(f":{x}" for x in self.specimens[sexes])
            return f"trade +{offset + 1} {ANIMALS[animal]}{pick} offer {kind(j)}"
        if name in ("counter", "lay"):
            return f"{name} {kind(k)}"
        if name == "market":
            if k == 0:
                return "market none"
            a, j = divmod(k - 1, len(_MARKET_STEPS))
            return f"market {ANIMALS[a]}{_MARKET_STEPS[j]:+d}"
        if name == "raffle":
            return f"raffle {k}"
        if name == "keep":
            return f"keep {TICKET_KINDS[k]}"
        if name == "ticket":
            plain = [t for t in ACTION_TICKETS if t != "move-markers"]
            if k < len(plain):
                return f"ticket {plain[k]}"
            a, j = divmod(k - len(plain), 2)
            return f"ticket move-markers {ANIMALS[a]}{(-1, 1)[j]:+d}"
        if name == "piggy":
            return str(((A.RAID, A.GAMBLE) + tuple(A.Loan(v) for v in self.loans))[k])
        if name == "give":
            return f"give {self.denoms[k]}"
        if name == "word":
            return str(WORDS[k])
        if name == "bid":
            return f"bid +{VALUE_RAISES[k]} (value) / +{COUNT_RAISES[k]} notes (count)"
        if name == "call":
            return "call top" if k == len(VALUE_RAISES) else f"call +{VALUE_RAISES[k]}"
        if name == "raise":
            return f"raise {self.denoms[k]}"
        if name == "choose":
            return f"choose +{k}"
        if name == "refusal":
            return str(REFUSALS[k])
        if name == "pay":
            return f"pay #{k}"
        if name == "pick":
            return "pick " + ",".join(map(str, PICKS[k]))
        return name                      # agree, end

    # -- observation --------------------------------------------------------------
    def _observation(self, observation) -> np.ndarray:
        o, n, nd = observation, self.players, len(self.denoms)
        seat = o.seat
        v = np.zeros(self.obs_size, dtype=np.float32)
        pos = 0

        def rel(s) -> int:
            return (s - seat) % n if isinstance(s, int) and s >= 0 else -1

        def one_hot(k: int, width: int) -> None:
            nonlocal pos
            if 0 <= k < width:
                v[pos + k] = 1.0
            pos += width

        def put(values, scale: float = 1.0) -> None:
            nonlocal pos
            for x in values:
                v[pos] = x / scale
                pos += 1

        def seats(values) -> None:
            nonlocal pos
            for s in values:
                if 0 <= rel(s) < n:
                    v[pos + rel(s)] = 1.0
            pos += n

        def per_seat(values) -> tuple:
            return tuple(values[(seat + k) % n] for k in range(n))

        def animals(group) -> None:            # counts per type, then males per type
            nonlocal pos
            for a in group:
                v[pos + a % 10] += 1.0
                if a >= 10:
                    v[pos + _T + a % 10] += 1.0
            pos += 2 * _T

        one_hot(PHASES.index(o.phase) if o.phase in PHASES else -1, len(PHASES))
        one_hot(rel(o.current), n)
        put((o.roll,), 3.0)
        seats(o.to_move)
        for where in per_seat(o.pos):
            one_hot(self.spaces.index(where) if where in self.spaces else -1, len(self.spaces))
        put(o.hand, 10.0)
        put(per_seat(o.note_counts), 10.0)
        put((o.piggy, o.box, o.gambling), 10.0)
        put(o.bank, 5.0)
        sizes = o.stacks[1]
        for p in range(self.pens):
            pen = o.pens[p]
            put((float(pen is None), sizes[p] / 3.0))
            animals(pen if pen is not None else o.seen[p])     # face down: those every player saw go back
        put(o.stacks[0], 10.0)
        for group in per_seat(o.pastures):
            animals(group)
        for barn in per_seat(o.barns):
            for a in barn:
                v[pos + a % 10] = 1.0
            pos += _T
        put((o.donkeys,), 3.0)
        put(o.market, float(max(1, len(self.rules.market_track) - 1)))
        for a in o.locked:
            v[pos + a % 10] = 1.0
        pos += _T
        put((o.bag,), 24.0)
        # what this seat just drew (tickets, or gamble notes), or how many another drew
        drawn = o.drawn
        if isinstance(drawn, tuple):
            put((len(drawn),), 3.0)
            for x in drawn:
                if isinstance(x, str) and x in TICKET_KINDS:
                    v[pos + TICKET_KINDS.index(x)] += 1.0
                elif isinstance(x, int) and 0 <= x < nd:
                    v[pos + len(TICKET_KINDS) + x] += 1.0
        else:
            put((drawn,), 3.0)
        pos += len(TICKET_KINDS) + nd
        for x in o.my_tickets:
            if x in TICKET_KINDS:
                v[pos + TICKET_KINDS.index(x)] += 1.0
        pos += len(TICKET_KINDS)
        put(per_seat(o.ticket_counts), 3.0)
        put((float(o.used), o.extra))
        one_hot(o.pen_at, self.pens)
        # an open horse-trade and this seat's own face-down offer
        if o.trade is not None:
            challenger, target, animal, by_count, put_up = o.trade
            v[pos] = 1.0
            v[pos + 1] = float(bool(by_count))
            if rel(challenger) >= 0:
                v[pos + 2 + rel(challenger)] = 1.0
            if rel(target) >= 0:
                v[pos + 2 + n + rel(target)] = 1.0
            if 0 <= animal < _T:
                v[pos + 2 + 2 * n + animal] = 1.0
            for j, a in enumerate(tuple(put_up)[:2]):
                v[pos + 2 + 2 * n + _T + j] = float(a >= 10)
        pos += 2 + 2 * n + _T + 2
        if o.my_offer is not None:
            v[pos] = 1.0
            v[pos + 1:pos + 1 + nd] = o.my_offer
        pos += 1 + nd
        put(o.ious, 2.0)
        for loans in per_seat(o.loans):
            put((len(loans), sum(loans) / 1000.0))
        one_hot(rel(o.sow), n)
        seats(o.sow_tied)
        put((o.turn,), 100.0)
        for a in o.babies:
            v[pos + a % 10] = 1.0
        pos += _T
        for groups in (o.baby_barns, o.baby_zoos):
            for group in per_seat(groups) if groups else ((),) * n:
                for a in group:
                    v[pos + a % 10] += 1.0
                pos += _T
        pos = self._auction(o.auction, v, pos, rel, n, nd)
        assert pos == self.obs_size, (pos, self.obs_size)
        return v

    def _auction(self, au, v, pos: int, rel, n: int, nd: int) -> int:
        """The embedded auction's observation of this seat, written from ``pos`` (zeros
        when no pen is being auctioned)."""
        end = pos + auction_size(n, nd)
        if au is None:
            return end
        r = au.rules
        # amounts: money / 500; in a count auction a number of notes / 10 (as the notes laid)
        unit = 10.0 if r.pricing == "count" else 500.0
        v[pos] = 1.0
        names = tuple(FORMATS)
        if r.format in names:
            v[pos + 1 + names.index(r.format)] = 1.0
        pos += 1 + len(names)
        v[pos], v[pos + 1] = float(r.double), float(r.pricing == "count")
        pos += 2
        if au.phase in AUCTION_PHASES:
            v[pos + AUCTION_PHASES.index(au.phase)] = 1.0
        pos += len(AUCTION_PHASES)
        if rel(au.auctioneer) >= 0:
            v[pos + rel(au.auctioneer)] = 1.0
        pos += n
        for a in au.pen:
            v[pos + a % 10] += 1.0
        pos += _T
        v[pos] = float(au.lot is None)
        for a in au.lot or ():
            v[pos + 1 + a % 10] += 1.0
        pos += 1 + _T
        seat = au.seat
        order = [(seat + k) % n for k in range(n)]
        for k, s in enumerate(order):
            placed = au.placed_counts[s]
            if placed is not None:
                v[pos + 2 * k], v[pos + 2 * k + 1] = 1.0, placed / 10.0
        pos += 2 * n
        v[pos:pos + nd] = au.my_placed
        pos += nd
        v[pos] = au.high / unit
        pos += 1
        if rel(au.high_bidder) >= 0:
            v[pos + rel(au.high_bidder)] = 1.0
        pos += n
        for k, s in enumerate(order):
            b = au.bids[s]
            if b is not None:
                v[pos + 2 * k], v[pos + 2 * k + 1] = 1.0, b / unit
        pos += 2 * n
        v[pos] = au.count / 10.0
        pos += 1
        for k, s in enumerate(order):
            cap = au.caps[s]
            if cap >= 0:
                v[pos + 2 * k], v[pos + 2 * k + 1] = 1.0, cap / unit
        pos += 2 * n
        for s, _notes in au.shown:
            if rel(s) >= 0:
                v[pos + rel(s)] = 1.0
        pos += n
        for j, (s, lot, price) in enumerate(tuple(au.awards)[:2]):
            base = pos + j * (n + 1 + _T)
            if rel(s) >= 0:
                v[base + rel(s)] = 1.0
            v[base + n] = price / unit
            for a in lot:
                v[base + n + 1 + a % 10] += 1.0
        pos += 2 * (n + 1 + _T)
        if au.choosing:
            for s in au.choosing[1]:
                if rel(s) >= 0:
                    v[pos + rel(s)] = 1.0
        pos += n
        for j, (payer, payee, amount, mode) in enumerate(tuple(au.payments)[:2]):
            base = pos + j * (2 * n + 2)
            if rel(payer) >= 0:
                v[base + rel(payer)] = 1.0
            if rel(payee) >= 0:
                v[base + n + rel(payee)] = 1.0
            v[base + 2 * n] = amount / (10.0 if mode == "count" else 500.0)
            v[base + 2 * n + 1] = float(mode == "count")
        pos += 2 * (2 * n + 2)
        v[pos] = (au.called + 1) / 500.0 if au.called >= 0 else 0.0     # 0: no call (a call of 0 is 1/500)
        v[pos + 1] = au.reruns
        pos += 2
        for k, s in enumerate(order):         # the bids made before the last rerun (sealed or round the table)
            b = au.revealed[s] if au.revealed else None
            if b is not None:
                v[pos + 2 * k], v[pos + 2 * k + 1] = 1.0, b / unit
        pos += 2 * n
        assert pos == end, (pos, end)
        return end


def auction_size(n: int, nd: int) -> int:
    """The length of the embedded auction's block for ``n`` seats and ``nd`` denominations."""
    return (1 + len(FORMATS) + 2 + len(AUCTION_PHASES) + n + _T + 1 + _T + 2 * n + nd + 1 + n + 2 * n + 1
            + 2 * n + n + 2 * (n + 1 + _T) + n + 2 * (2 * n + 2) + 2 + 2 * n)


def obs_parts(n: int, spaces: int, pens: int, nd: int = 6, loans: int = 3) -> tuple[tuple[str, int], ...]:
    """The blocks of the observation vector, in order, with their sizes (seat blocks start
    with the observing seat; an animal block is counts per type, then males per type)."""
    return (
        ("phase (one-hot: " + ", ".join(PHASES) + ")", len(PHASES)),
        ("current player (one-hot, relative seat)", n),
        ("die roll / 3", 1),
        ("to move, per seat", n),
        ("pawns: per seat, space (one-hot, board order)", n * spaces),
        ("own notes per denomination / 10", nd),
        ("notes held per seat / 10", n),
        ("notes on the Piggy Bank, in the box, on the Gambling stack / 10", 3),
        ("notes beside the Golden Donkey per denomination / 5", nd),
        ("pens: per pen, face down, animals / 3, animals (counts, males; face down: those seen going back)", pens * (2 + 2 * _T)),
        ("supply stacks' sizes / 10", 2),
        ("pastures: per seat, animals (counts, males)", n * 2 * _T),
        ("barns: per seat, complete types", n * _T),
        ("Golden Donkeys auctioned / 3", 1),
        ("market positions / track length", _T),
        ("locked market types", _T),
        ("tickets in the bag / 24", 1),
        ("drawn: number / 3, own tickets per kind, own gamble notes per denomination", 1 + len(TICKET_KINDS) + nd),
        ("own tickets per kind", len(TICKET_KINDS)),
        ("tickets held per seat / 3", n),
        ("an action ticket used this turn, Extra Turns owed", 2),
        ("pen being auctioned (one-hot)", pens),
        ("open horse-trade: flag, notes counted, challenger, target (one-hot, relative), type, males put up",
         2 + 2 * n + _T + 2),
        ("own face-down offer: flag, notes per denomination", 1 + nd),
        ("IOUs left per loan / 2", loans),
        ("loans: per seat, IOUs held, their value / 1000", 2 * n),
        ("Wool-Milk-Sow owner (one-hot, relative)", n),
        ("seats tied for the sow", n),
        ("turns played / 100", 1),
        ("babies on the supply board", _T),
        ("babies in the barns, per seat", n * _T),
        ("babies in the petting zoos, per seat", n * _T),
        ("the pen's auction (zeros when none): flag, format, double, count pricing, phase, auctioneer, pen, "
         "lot hidden and lot, notes laid per seat, own notes laid, high bid, high bidder, bids per seat, count, "
         "caps, money shown, two awards, seats to choose from, two payments, the call, reruns, the bids made "
         "before the last rerun",
         auction_size(n, nd)),
    )


__all__ = ["BidderUpEncoder", "notes_of", "obs_parts", "auction_size", "NOTE_KINDS", "NOTE_VALUES",
           "NOTE_COUNTS", "VALUE_RAISES", "COUNT_RAISES", "TICKET_KINDS", "WORDS", "REFUSALS", "PICKS",
           "PAY_CHOICES"]
