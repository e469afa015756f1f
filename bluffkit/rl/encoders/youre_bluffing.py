"""You're Bluffing! and Horse Trading for learning agents: one encoding for both rulesets
and every variant (docs/rl.md, "You're Bluffing! and Horse Trading").

Seats are seen from the observing seat: in every per-seat block of the vector and in
the trade targets, position 0 is the seat itself, 1 the next seat round the table, and
so on. Notes are the six denominations 0, 10, 50, 100, 200, 500 of both rulebooks
(YB "Contents", HT "The money").

Actions (fixed indices for a game and a player count ``n``):

- ``auction``, ``pass``, ``sell``, ``buy``, ``accept``: the moves of the same name
  (YB "The Auctions", "The Cattle Trade").
- ``bid +D`` for ``D`` in :data:`BID_RAISES`: ``bid +0`` is the lowest legal bid; any
  other bids the lowest legal bid plus ``D``, rounded up to a multiple of 10 (and of
  the ruleset's bid multiple). A bid above the seat's money is legal (the bidder then
  has to show their money), so bids are not limited by the hand. Coarser than the
  rules: other amounts cannot be bid.
- ``pay #k``: the k-th valid payment (``Legal.payments``: smallest total first, then
  fewest notes) for the first :data:`PAY_CHOICES` of them; under the default rule
  ("exact if possible") there are rarely more.
- ``counter V``, ``offer V`` and ``trade +T FAMILY V``: face-down offers of the notes
  that :func:`offer_notes` builds for ``V`` in :data:`OFFER_KINDS`, a value from
  :data:`OFFER_VALUES` with or without all of the seat's 0-notes added (the bluff of
  the rulebooks' "hidden money"); ``+T`` is the challenged seat, T places after the
  challenger. Coarser than the rules: an offer is the smallest set of notes worth at
  least ``V`` (exact when the hand allows), with no zeros or with every zero; a value
  the hand cannot reach is masked.

The observation is the seat's :class:`~bluffkit.games.youre_bluffing.observe.Observation`
only (its ``legal`` is not read): the phase, the leader, the pile and the lot, every
herd, every seat's number of notes, the seat's own notes, the bank (a finite one),
the paydays, the open auction (high bid, bidder, who may still bid, calls, caps and
the money players had to show), the payment, the open trade (with the face-down
offer's card count only) and the seat's own face-down offer. :data:`OBS_PARTS` lists
the blocks and their sizes.
"""

from __future__ import annotations

from math import lcm

import numpy as np

from bluffkit.core.errors import RulesError, quote
from bluffkit.core.money import payment_book, total
from bluffkit.games.youre_bluffing import actions as A
from bluffkit.games.youre_bluffing.observe import Legal, Observation
from bluffkit.games.youre_bluffing.rules import DENOMINATIONS, FAMILIES
from bluffkit.games.youre_bluffing.state import PHASES
from bluffkit.rl.encoding import Encoder

#: The moves with no argument, at indices 0 .. 4.
SIMPLE = (A.AUCTION, A.PASS, A.SELL, A.BUY, A.ACCEPT)
#: What ``bid +D`` adds to the lowest legal bid (0: the lowest bid itself).
BID_RAISES = (0, 10, 20, 30, 50, 100, 200, 500)
#: How many of the valid payments (smallest first) have an index.
PAY_CHOICES = 4
#: The values a face-down offer is built to reach.
OFFER_VALUES = (0, 10, 20, 30, 50, 70, 100, 150, 200, 300, 500, 1000)
#: Every offer: (value, with the seat's 0-notes added).
OFFER_KINDS = tuple((v, z) for z in (False, True) for v in OFFER_VALUES)

_D = DENOMINATIONS
_ZERO = _D.index(0)
_COVER = payment_book(_D, "exact_if_possible")
_NF = len(FAMILIES)
_ND = len(_D)


#: The largest amount the vector holds as it is (a bid has no cap; past this it is this).
_MOST = 10 ** 15


def _scaled(amount: int, scale: float) -> float:
    """``amount / scale``, with an amount past :data:`_MOST` read as :data:`_MOST`: a bid of
    10**42 made the vector inf and one of 10**400 could not be made a float at all."""
    return (amount if amount < _MOST else _MOST) / scale


def offer_notes(hand: tuple[int, ...], value: int, zeros: bool) -> tuple[int, ...] | None:
    """The notes of an offer worth at least ``value`` from ``hand``: the exact sum when
    the hand allows it, else the smallest cover (the payment rule's own choice,
    :func:`bluffkit.core.money.payments`), plus every 0-note of the hand when ``zeros``;
    ``None`` when the hand is worth less than ``value`` or, with ``zeros``, holds no
    0-note (the offer would be the same as without).

    >>> offer_notes((2, 4, 1, 0, 0, 0), 30, False), offer_notes((2, 4, 1, 0, 0, 0), 0, True)
    ((0, 3, 0, 0, 0, 0), (2, 0, 0, 0, 0, 0))
    >>> offer_notes((2, 4, 1, 0, 0, 0), 100, False) is None
    True
    """
    if zeros and not hand[_ZERO]:
        return None
    if value <= 0:
        notes = (0,) * _ND
    else:
        if total(hand, _D) < value:
            return None
        found = _COVER.of(hand, value)
        if not found:
            return None
        notes = found[0]
    if zeros:
        notes = notes[:_ZERO] + (hand[_ZERO],) + notes[_ZERO + 1:]
    return notes


class YoureBluffingEncoder(Encoder):
    """The fixed encoding of You're Bluffing! / Horse Trading for ``players`` seats (see
    the module's docstring for every index and every block of the vector)."""

    observation_type, legal_type, seats_field = Observation, Legal, "note_counts"

    def __init__(self, game, players: int) -> None:
        super().__init__(game, players)
        rules = game.rules
        if not isinstance(players, int) or not rules.min_players <= players <= rules.max_players:
            raise RulesError(f"{game.name} is for {rules.min_players} to {rules.max_players} players, got {quote(players, 40)}")
        self.rules = rules
        n = players
        self.multiple = lcm(10, rules.bid_multiple)
        self.bid0 = len(SIMPLE)
        self.pay0 = self.bid0 + len(BID_RAISES)
        self.counter0 = self.pay0 + PAY_CHOICES
        self.offer0 = self.counter0 + len(OFFER_KINDS)
        self.trade0 = self.offer0 + len(OFFER_KINDS)
        self.n_actions = self.trade0 + (n - 1) * _NF * len(OFFER_KINDS)
        self.parts = obs_parts(n)
        self.obs_size = sum(size for _, size in self.parts)
        # money scales: the most a seat may hold, roughly (start money and every payday)
        self.money_scale = float(total(rules.start_money, _D) + sum(rules.paydays))

    # -- actions ------------------------------------------------------------------
    def _bid(self, k: int, lo: int) -> int:
        if k == 0:
            return lo
        m = self.multiple
        return -(-(lo + BID_RAISES[k]) // m) * m

    def _decode(self, index: int, legal):
        """The action ``index`` stands for given ``legal`` (``None``: nothing now)."""
        if not isinstance(index, (int, np.integer)) or not 0 <= index < self.n_actions:
            raise RulesError(f"action index must be an int 0..{self.n_actions - 1}, got {quote(index, 40)}")
        index = int(index)
        if index < self.bid0:
            return SIMPLE[index]
        if index < self.pay0:
            if not legal.bid:
                return None
            return A.bid(self._bid(index - self.bid0, legal.bid[0]))
        if index < self.counter0:
            if legal.pay is None:
                return None
            found = legal.payment_notes()
            k = index - self.pay0
            return A.Pay(found[k]) if k < len(found) else None
        if legal.hand is None:
            return None
        if index < self.offer0:
            notes = offer_notes(legal.hand, *OFFER_KINDS[index - self.counter0])
            return None if notes is None else A.Counter(notes)
        if index < self.trade0:
            notes = offer_notes(legal.hand, *OFFER_KINDS[index - self.offer0])
            return None if notes is None else A.Offer(notes)
        k = index - self.trade0
        pair, kind = divmod(k, len(OFFER_KINDS))
        offset, family = divmod(pair, _NF)
        notes = offer_notes(legal.hand, *OFFER_KINDS[kind])
        if notes is None:
            return None
        return A.Trade((legal.seat + offset + 1) % self.players, family, notes)

    def _mask(self, legal) -> np.ndarray:
        out = np.zeros(self.n_actions, dtype=np.int8)
        for i, a in enumerate(SIMPLE):
            if a in legal.simple:
                out[i] = 1
        if legal.bid:
            lo, cap, _ = legal.bid
            for k in range(len(BID_RAISES)):
                amount = self._bid(k, lo)
                if cap is None or amount <= cap:
                    out[self.bid0 + k] = 1
        if legal.pay is not None:
            out[self.pay0:self.pay0 + min(PAY_CHOICES, len(legal.payment_notes()))] = 1
        if legal.notes_for is not None and legal.hand is not None:
            hand = legal.hand
            ok = [offer_notes(hand, v, z) is not None for v, z in OFFER_KINDS]
            if legal.notes_for is A.Counter:
                out[self.counter0:self.offer0] = ok
            elif legal.notes_for is A.Offer:
                out[self.offer0:self.trade0] = ok
            elif legal.notes_for is A.Trade:
                kinds = len(OFFER_KINDS)
                for target, family in legal.trades:
                    start = self.trade0 + (((target - legal.seat) % self.players - 1) * _NF + family) * kinds
                    out[start:start + kinds] = ok
        return out

    def _action(self, index: int, legal):
        action = self._decode(index, legal)
        if action is None or legal.explain(action) is not None:
            raise RulesError(f"action index {index} ({self.action_name(int(index))}) is not legal now; "
                             f"seat {legal.seat} may: {legal.description or 'nothing'}")
        return action

    def _name(self, index: int) -> str:
        if index < self.bid0:
            return str(SIMPLE[index])
        if index < self.pay0:
            return f"bid +{BID_RAISES[index - self.bid0]}"
        if index < self.counter0:
            return f"pay #{index - self.pay0}"

        def kind(k: int) -> str:
            v, z = OFFER_KINDS[k]
            return f"{v}" + (" with zeros" if z else "")

        if index < self.offer0:
            return f"counter {kind(index - self.counter0)}"
        if index < self.trade0:
            return f"offer {kind(index - self.offer0)}"
        pair, k = divmod(index - self.trade0, len(OFFER_KINDS))
        offset, family = divmod(pair, _NF)
        return f"trade +{offset + 1} {self.rules.labels[family]} {kind(k)}"

    # -- observation --------------------------------------------------------------
    def _observation(self, observation) -> np.ndarray:
        o, n = observation, self.players
        seat = o.seat
        rules = self.rules
        size = float(rules.family_size)
        m = self.money_scale
        v = np.zeros(self.obs_size, dtype=np.float32)
        i = 0

        def one_hot(value: int, width: int) -> None:
            nonlocal i
            if 0 <= value < width:
                v[i + value] = 1.0
            i += width

        def rel(s: int) -> int:
            return (s - seat) % n if s is not None and s >= 0 else -1

        one_hot(PHASES.index(o.phase), len(PHASES))
        one_hot(rel(o.leader), n)
        v[i] = o.turn / 100.0
        i += 1
        v[i:i + _NF] = np.asarray(o.pile, dtype=np.float32) / size
        i += _NF
        for f in o.lot:
            v[i + f] += 1.0
        i += _NF
        for k in range(n):
            v[i:i + _NF] = np.asarray(o.herds[(seat + k) % n], dtype=np.float32) / size
            i += _NF
        for k in range(n):
            v[i + k] = o.note_counts[(seat + k) % n] / 10.0
        i += n
        v[i:i + _ND] = o.hand
        i += _ND
        v[i] = o.hand_total / m
        i += 1
        if o.bank is not None:
            v[i:i + _ND] = np.asarray(o.bank, dtype=np.float32) / 10.0
        i += _ND
        v[i] = o.paydays / max(1, rules.family_size)
        i += 1
        # the auction
        v[i] = _scaled(o.high_bid, m)      # (a bid has no cap: one of 10**400 is still a number here)
        i += 1
        one_hot(rel(o.high_bidder), n)
        for s in o.pending:
            v[i + rel(s)] = 1.0
        i += n
        v[i] = o.calls / rules.no_bid_calls
        i += 1
        for k in range(n):
            cap = o.caps[(seat + k) % n]
            if cap >= 0:
                v[i + 2 * k] = 1.0
                v[i + 2 * k + 1] = _scaled(cap, m)
        i += 2 * n
        for s, notes in o.shown:
            j = i + rel(s) * _ND
            v[j:j + _ND] = notes
        i += n * _ND
        # the payment
        one_hot(rel(o.payer), n)
        one_hot(rel(o.payee), n)
        v[i] = float(o.buying)
        i += 1
        # the open trade
        if o.trade is not None:
            challenger, target, family, cards, offer_cards, ties = o.trade
            v[i] = 1.0
            v[i + 1 + rel(challenger)] = 1.0
            v[i + 1 + n + rel(target)] = 1.0
            v[i + 1 + 2 * n + family] = 1.0
            j = i + 1 + 2 * n + _NF
            v[j], v[j + 1], v[j + 2] = cards, offer_cards / 10.0, ties
        i += 1 + 2 * n + _NF + 3
        if o.my_offer is not None:
            v[i] = 1.0
            v[i + 1:i + 1 + _ND] = o.my_offer
        i += 1 + _ND
        for s in o.to_move:
            v[i + rel(s)] = 1.0
        i += n
        assert i == self.obs_size, (i, self.obs_size)
        return v


def obs_parts(n: int) -> tuple[tuple[str, int], ...]:
    """The blocks of the observation vector for ``n`` seats, in order, with their sizes
    (seat blocks start with the observing seat)."""
    return (
        ("phase (one-hot: " + ", ".join(PHASES) + ")", len(PHASES)),
        ("leader (one-hot, relative seat)", n),
        ("turns completed / 100", 1),
        ("pile: cards left per family / family size", _NF),
        ("lot: animals on auction per family", _NF),
        ("herds: per seat, cards per family / family size", n * _NF),
        ("notes held per seat / 10", n),
        ("own notes: count per denomination 0, 10, 50, 100, 200, 500", _ND),
        ("own money / (start money + paydays)", 1),
        ("finite bank: notes left per denomination / 10 (zeros when unlimited)", _ND),
        ("paydays so far / family size", 1),
        ("high bid / money scale (at most 10**15 / money scale)", 1),
        ("high bidder (one-hot, relative; none: zeros)", n),
        ("may still bid, per seat", n),
        ("calls with no bid / calls allowed", 1),
        ("caps per seat: (capped, cap / money scale)", 2 * n),
        ("money shown in this auction: per seat, notes per denomination", n * _ND),
        ("payer (one-hot, relative)", n),
        ("payee (one-hot, relative)", n),
        ("the leader buys the lot back", 1),
        ("open trade: flag, challenger, target (one-hot, relative), family (one-hot), "
         "animals at stake, offer's card count / 10, ties", 1 + 2 * n + _NF + 3),
        ("own face-down offer: flag, notes per denomination", 1 + _ND),
        ("to move, per seat", n),
    )


#: The blocks for 4 seats (docs); :func:`obs_parts` gives them for any count.
OBS_PARTS = obs_parts(4)

__all__ = ["YoureBluffingEncoder", "offer_notes", "obs_parts", "BID_RAISES", "PAY_CHOICES", "OFFER_VALUES",
           "OFFER_KINDS", "SIMPLE"]
