"""The encoding of one Bidder Up! auction (:mod:`bluffkit.auctions`), every format and pen.

Actions (fixed for a game of ``n`` seats; ``K`` is the amount grid's last step):

====================  ============================================================
index                 action
====================  ============================================================
0..4                  ``pass``, ``take``, ``stop``, ``accept``, ``refuse``
5                     ``pay``: the payment owed, with the cheapest notes the rules
                      accept (fewest notes among the cheapest; in count pricing the
                      cheapest notes of the number owed)
6                     ``pick``: the left neighbour points at the first face-down
                      card(s) (Cat in the Bag; they were shuffled, so no choice is
                      better than another)
7..11                 the right of first refusal: ``sell``, ``buy``, ``buy 1``,
                      ``buy 2``, ``buy 1,2``
12..12+n-1            ``choose``: the seat ``k`` places to the chooser's left
                      (``k = 0`` is the chooser itself)
then one per note     ``raise NOTE`` (American Count), in the rules' denominations
then 0..K             an amount on a grid: ``bid A`` / ``call A`` where ``A = k x step``
                      (value pricing, ``step`` from the rules, 10 by default, up to a
                      seat's start money) or ``A = k`` notes (count pricing, up to the
                      notes a seat starts with); ``lay``: in count pricing the ``k``
                      cheapest notes held, in value pricing (``sealed_bids="notes"``)
                      the fewest held notes worth exactly ``A``
====================  ============================================================

Coarser than the rules: bids and calls only on the grid (a bid of 125, or above a
seat's start money, cannot be made), one way to pay and to lay notes, the pick always
the first card(s).

The observation (seats rotated so that the observer comes first) holds the phase, the
auctioneer, who is to move, the lot (zeros and a hidden flag while the Cat in the
Bag's animal is hidden) and the pen, the observer's notes and what it laid, every
seat's note count and laid count (when known), the standing bid and bidder, the bids
the observer may see, the Dutch count or the raises left, the caps, the money shown,
the awards, the open choice, the payments owed to and by the observer, the animals'
owners at the end, The Call's price, the reruns and the bids made before the last rerun
(sealed ones turned over, or Round-the-Table's): only fields of the seat's
:class:`~bluffkit.auctions.observe.Observation`.
"""

from __future__ import annotations

from typing import Any

from bluffkit.auctions.actions import ACCEPT, PASS, REFUSE, STOP, TAKE, Bid, Call, Choose, Pay, Pick, Place, Raise
from bluffkit.auctions.legal import Legal
from bluffkit.auctions.observe import Observation
from bluffkit.auctions.rules import ANIMALS
from bluffkit.auctions.state import BID, CHOOSE, FINAL, GRAB, NO_CAP, OVER, PAY, PICK, REFUSE_, SETUP
from bluffkit.core.errors import RulesError
from bluffkit.core.money import payments, total
from bluffkit.rl.encoders._features import Features
from bluffkit.rl.encoding import MoveTableEncoder

PHASES = (SETUP, PICK, BID, FINAL, GRAB, CHOOSE, REFUSE_, PAY, OVER)
WORDS = (PASS, TAKE, STOP, ACCEPT, REFUSE)
REFUSALS = ("sell", "buy", "buy 1", "buy 2", "buy 1,2")
PAY_INDEX, PICK_INDEX, REFUSAL_START, CHOOSE_START = 5, 6, 7, 12


class AuctionEncoder(MoveTableEncoder):
    """Fixed action indices and observation vector of one auction game (module docstring)."""

    observation_type, legal_type, seats_field = Observation, Legal, "note_counts"

    def __init__(self, game: Any, players: int) -> None:
        super().__init__(game, players)
        r = self.rules = game.rules
        d = self.denoms = r.denominations
        self.count_pricing = r.pricing == "count"
        start_worth = total(r.start_money, d)
        start_notes = sum(r.start_money)
        self.unit = 1 if self.count_pricing else r.step
        smallest = min((x for x in d if x), default=0)
        if r.calls_any_amount and smallest < self.unit:
            # a call may be any amount down to the smallest note; the grid goes in steps of
            # ``step``, so an auctioneer with less than a step would have no move at all
            raise RulesError(f"The Call's calls go down to the smallest note ({smallest}), but this encoding's "
                             f"amounts go in steps of step={r.step}: set step to at most {smallest} to encode it")
        self.grid = (start_notes if self.count_pricing else start_worth // r.step) + 1
        self.raise_start = CHOOSE_START + players
        self.amount_start = self.raise_start + len(d)
        self.n_actions = self.amount_start + self.grid
        self.worth_scale = float(max(start_worth, 1))
        self.notes_scale = float(max(start_notes, 1))
        self.amount_scale = self.notes_scale if self.count_pricing else self.worth_scale
        self.value_scale = float(max(max(r.animal_values), 1))
        self.count_scale = float(max(r.dutch_start, r.american_final, 1))
        blank = self._features(None)
        self.obs_size, self.layout = len(blank), blank.layout()

    # actions -----------------------------------------------------------------------
    def _name(self, index: int) -> str:
        if index < PAY_INDEX:
            return str(WORDS[index])
        if index == PAY_INDEX:
            return "pay (cheapest notes)"
        if index == PICK_INDEX:
            return "pick the first face-down card(s)"
        if index < CHOOSE_START:
            return REFUSALS[index - REFUSAL_START]
        if index < self.raise_start:
            k = index - CHOOSE_START
            return "choose myself" if k == 0 else f"choose the seat {k} to my left"
        if index < self.amount_start:
            return f"raise {self.denoms[index - self.raise_start]}"
        a = (index - self.amount_start) * self.unit
        return f"bid/call/lay {a}{' notes' if self.count_pricing else ''}"

    def _moves(self, legal: Any) -> dict[int, Any]:
        """Every index the mask allows now, with the action it stands for."""
        out: dict[int, Any] = {}
        if not legal:
            return out
        ok = legal.explain
        for i, w in enumerate(WORDS):
            if w in legal.words:
                out[i] = w
        if legal.refusals:
            for r in legal.refusals:
                text = str(r)
                if text in REFUSALS:
                    out[REFUSAL_START + REFUSALS.index(text)] = r
        if legal.choose:
            for s in legal.choose:
                out[CHOOSE_START + (s - legal.seat) % self.players] = Choose(s)
        a: Any
        if legal.pick:
            a = Pick(tuple(range(1, legal.pick[0] + 1)))
            if ok(a) is None:
                out[PICK_INDEX] = a
        if legal.raise_:
            for k, note in enumerate(self.denoms):
                a = Raise(note)
                if ok(a) is None:
                    out[self.raise_start + k] = a
        for span, kind in ((legal.bid, Bid), (legal.call, Call)):
            if span:
                lo, hi = span
                # Legal.explain allows exactly the amounts from lo to hi (caps included)
                first = max(0, -(-lo // self.unit))
                last = self.grid - 1 if hi is None else min(self.grid - 1, hi // self.unit)
                for k in range(first, last + 1):
                    out[self.amount_start + k] = kind(k * self.unit)
        if legal.pay or legal.place:
            self._notes(legal, out)
        return out

    def _notes(self, legal: Any, out: dict[int, Any]) -> None:
        """The payment (index 5) and the notes laid (the amount grid). The seat's own notes
        are its ``Legal``'s ``hand`` (what ``legal.explain`` checks a payment against), and
        every candidate is checked with ``legal.explain``."""
        d = self.denoms
        hand = legal.hand
        cheap = sorted((d[i], i) for i in range(len(d)) for _ in range(hand[i]))   # the cheapest notes first
        a: Any
        if legal.pay:
            amount, mode, _ = legal.pay
            if mode == "count":
                found = [_notes_of(cheap[:amount], len(d))] if amount <= len(cheap) else []
            else:
                found = list(payments(hand, amount, d, self.rules.payment)[:1])
            for notes in found:
                a = Pay(notes, d)
                if legal.explain(a) is None:
                    out[PAY_INDEX] = a
        if legal.place:
            if self.count_pricing:
                for k in range(1, min(len(cheap), self.grid - 1) + 1):
                    a = Place(_notes_of(cheap[:k], len(d)), d)
                    if legal.explain(a) is None:
                        out[self.amount_start + k] = a
            else:
                fewest = _fewest_notes(hand, d, self.unit, self.grid)
                for k, notes in fewest.items():
                    a = Place(notes, d)
                    if legal.explain(a) is None:
                        out[self.amount_start + k] = a

    # observations ------------------------------------------------------------------

    def _features(self, o: Any) -> Features:
        """The observation's features; ``None`` gives a vector of the right length (zeros)."""
        n, d = self.players, self.denoms
        f = Features()
        if o is None:
            o = _blank(n, len(d))
        me = o.seat
        values = self.rules.animal_values
        f.section("phase")
        f.one_hot(PHASES.index(o.phase) if o.phase in PHASES else None, len(PHASES))
        f.section("auctioneer")
        f.seat_one_hot(o.auctioneer, me, n)
        f.section("to_move")
        f.seat_set(o.to_move, me, n)
        lot = o.lot
        f.section("lot_hidden")
        f.flag(lot is None)
        f.section("lot")
        f.counts(_animal_counts(lot or ()))
        f.section("lot_value")
        f.value(sum(values[a] for a in lot or ()), self.value_scale)
        f.section("pen")
        f.counts(_animal_counts(o.pen))
        f.value(sum(values[a] for a in o.pen), self.value_scale)
        f.section("hand")
        f.counts(o.hand, self.notes_scale)
        f.value(total(o.hand, d), self.worth_scale)
        f.section("note_counts")
        f.seats(o.note_counts, me, n, self.notes_scale)
        f.section("placed_counts")
        f.seats(o.placed_counts, me, n, self.notes_scale)
        f.section("my_placed")
        f.counts(o.my_placed, self.notes_scale)
        f.value(total(o.my_placed, d), self.worth_scale)
        f.section("high")
        f.value(max(o.high, 0), self.amount_scale)
        f.seat_one_hot(o.high_bidder, me, n)
        f.section("bids")
        f.seats(o.bids, me, n, self.amount_scale)
        f.section("count")
        f.value(max(o.count, 0), self.count_scale)
        f.section("caps")
        f.seats([None if c == NO_CAP else c for c in o.caps], me, n, self.amount_scale)
        f.section("shown")
        shown: list[float | None] = [None] * n
        for s, notes in o.shown:
            shown[s] = total(notes, d)
        f.seats(shown, me, n, self.worth_scale)
        f.section("awards")
        for k in range(2):
            award = o.awards[k] if k < len(o.awards) else None
            f.flag(award is not None)
            f.seat_one_hot(award[0] if award else None, me, n)
            f.value(award[2] if award else 0, self.amount_scale)
            f.value(sum(values[a] for a in award[1]) if award else 0, self.value_scale)
        f.section("choosing")
        f.flag(bool(o.choosing))
        f.seat_set(o.choosing[1] if o.choosing else (), me, n)
        f.section("payments")
        owe = sum(p[2] for p in o.payments if p[0] == me)
        owed = sum(p[2] for p in o.payments if p[1] == me)
        f.value(owe, self.amount_scale)
        f.value(owed, self.amount_scale)
        f.section("owners")
        owned = [0.0] * n
        for a, s in o.owners:
            owned[s] += values[a]
        f.seats(owned, me, n, self.value_scale)
        f.section("kept")
        f.value(len(o.kept))
        f.section("called")
        f.flag(o.called >= 0)
        f.value(max(o.called, 0), self.amount_scale)
        f.section("reruns")
        f.value(o.reruns)
        f.section("revealed")
        f.seats(o.revealed or (None,) * n, me, n, self.amount_scale)
        return f


def _notes_of(picked, width: int) -> tuple[int, ...]:
    """Counts per denomination of the notes ``picked`` (``(value, index)`` pairs)."""
    counts = [0] * width
    for _, i in picked:
        counts[i] += 1
    return tuple(counts)


def _animal_counts(animals) -> list[int]:
    row = [0] * len(ANIMALS)
    for a in animals:
        row[a] += 1
    return row


class _Blank:
    """A stand-in observation with every field empty (to measure the vector's length)."""

    def __init__(self, n: int, width: int) -> None:
        self.seat, self.phase, self.auctioneer, self.to_move = 0, SETUP, 0, ()
        self.lot, self.pen, self.hand, self.my_placed = (), (), (0,) * width, (0,) * width
        self.note_counts = self.placed_counts = self.bids = (None,) * n
        self.caps = (NO_CAP,) * n
        self.high, self.high_bidder, self.count, self.called, self.reruns = 0, -1, 0, -1, 0
        self.shown = self.awards = self.choosing = self.payments = self.owners = self.kept = self.revealed = ()


def _blank(n: int, width: int) -> Any:
    return _Blank(n, width)


def _fewest_notes(hand, denoms, unit: int, grid: int) -> dict[int, tuple]:
    """``{k: notes}``: for each amount ``k * unit`` below ``grid * unit`` that some notes of
    ``hand`` are worth exactly (at least one note), the fewest such notes, the first of
    them in the order of :func:`itertools.product` over the counts (the smallest tuple)
    on a tie. A bounded coin change over the worths, one denomination at a time: time
    grows with the grid and the counts, not with the number of subsets of the hand."""
    top = grid * unit
    best: dict[int, tuple] = {0: (0,) * len(denoms)}           # worth -> the notes; the empty hand first
    for i, (value, have) in enumerate(zip(denoms, hand)):
        nxt: dict[int, tuple] = {}
        for worth, notes in best.items():
            for use in range(have + 1):
                w = worth + use * value
                if w >= top:
                    break
                cand = notes[:i] + (use,) + notes[i + 1:]
                old = nxt.get(w)
                if old is None or (sum(cand), cand) < (sum(old), old):
                    nxt[w] = cand
                if not value:                   # 0-notes: worth nothing, one of them at most is wanted
                    if use >= 1:
                        break
        best = nxt
    out: dict[int, tuple] = {}
    for worth, notes in best.items():
        if sum(notes) and worth % unit == 0:
            out[worth // unit] = notes
    if 0 in denoms and hand[denoms.index(0)] and 0 not in out:
        out[0] = tuple(int(j == denoms.index(0)) for j in range(len(denoms)))
    return out
