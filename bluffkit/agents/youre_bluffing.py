"""Bots for You're Bluffing! / Horse Trading.

- :class:`RandomAgent`: bids in tens, as people do, each time passing or raising by 10
  to 50 at random, and stops at a random price below its money (plus ``overbid``, to
  exercise the can't-pay rule); every other choice is uniform over the legal actions, a
  note selection a uniformly random subset of its notes.
- :class:`HeuristicAgent`: values an animal by what it adds to its own projected
  final score under the family multiplier, bids in tens up to that value (and its
  money), buys back when the price is below its value, and bluffs with zeros in trades.

You're Bluffing! lets the bidders make "whatever bid they choose, which must always be
higher than the previously announced bid" (rulebook, "The Auctions"); Horse Trading bids
in multiples of 10. Both bots bid in tens in both
rulesets (:data:`BID_UNIT`): the notes are 10s and up, and people bid that way.
"""

from __future__ import annotations

from math import lcm
from types import MethodType

from bluffkit.agents.base import uniform_stream
from bluffkit.core.money import first_payment, total
from bluffkit.games.youre_bluffing import state as S
from bluffkit.games.youre_bluffing.actions import ACCEPT, AUCTION, BUY, PASS, SELL, Counter, Offer, Pay, Trade, bid
from bluffkit.games.youre_bluffing.observe import random_choice

#: The unit the bots bid in: tens (a multiple of the rules' own bid multiple).
BID_UNIT = 10

#: The random bot's largest raise over the lowest bid in tens, in units (4: up to +50
#: over the standing bid).
MAX_RAISE = 4


def tens(legal) -> tuple[int, int]:
    """``(first, unit)``: the lowest legal bid rounded up to the bots' unit (a multiple of
    10 and of the rules' bid multiple), and that unit."""
    lo, _cap, step = legal.bid
    unit = lcm(BID_UNIT, step)
    return -(-lo // unit) * unit, unit


class RandomAgent:
    """The random bot. Bidding (``bids="tens"``, the default): it draws a price it will
    go to, uniform from 0 to its money plus ``overbid`` (``overbid`` exercises the
    can't-pay rule), passes when the lowest bid in tens is above that price, and
    otherwise bids the lowest bid in tens plus 0 to :data:`MAX_RAISE` tens (up to that
    price), each as likely; a new price is drawn at each decision, so the higher the
    bidding goes the likelier it drops out. Every other choice is the one of
    :meth:`Legal.sample <bluffkit.games.youre_bluffing.observe.Legal.sample>`
    (:func:`~bluffkit.games.youre_bluffing.observe.random_choice`: uniform over the
    legal actions), from the same buffer of ``rng``'s uniform numbers.

    ``bids="any"`` keeps ``Legal.sample``'s bids too (pass or any legal bid up to its
    money plus ``overbid``, each as likely): with ``overbid=0`` it then plays exactly as
    the generic :class:`bluffkit.agents.generic.RandomBot`, the uniform random player of
    the conformance checks and of the frozen logs."""

    name = "random"
    #: ``act`` returns only legal actions (drawn from, or bounded by, the ``Legal`` it is
    #: given), so a simulation may skip checking them (see :func:`bluffkit.core.play.play`;
    #: the bots' tests check them all).
    trusted = True

    def __init__(self, overbid: int = 0, bids: str = "tens"):
        if bids not in ("tens", "any"):
            raise ValueError(f"bids must be 'tens' or 'any', got {bids!r}")
        self.overbid = overbid
        self.bids = bids
        self._rng = self._u = None               # the generator and its uniform stream
        if bids == "any":                        # Legal.sample's choice, with no call in between
            self.act = MethodType(random_choice, self)   # type: ignore[method-assign]

    def act(self, obs, legal, rng):
        """A legal action for ``obs`` (``bids="tens"``; see the class)."""
        if not legal.bid:
            if legal.phase == S.BID and legal.simple:    # showed too little money to bid: it draws its
                (self._u if rng is self._rng else self.stream(rng))()    # price as ever, then passes
            return random_choice(self, obs, legal, rng)
        u = self._u if rng is self._rng else self.stream(rng)
        _lo, cap, _step = legal.bid
        first, unit = tens(legal)
        most = legal.worth + self.overbid
        if cap is not None and cap < most:
            most = cap
        price = u() * most                       # how far it goes this time
        if first > price:
            return PASS
        raises = min(MAX_RAISE, int((price - first) // unit))
        return bid(first + int(u() * (raises + 1)) * unit)

    def stream(self, rng):
        """The uniform numbers of ``rng``, drawn in blocks (a new generator: a new stream)."""
        self._rng, self._u = rng, uniform_stream(rng)
        return self._u


def projected_score(herd, rules) -> float:
    """A bot's guess of its final score under the family multiplier: each family counts
    by the share of it the herd holds, (sum of value x share) x (sum of shares)."""
    size = rules.family_size
    shares = [c / size for c in herd]
    return sum(v * s for v, s in zip(rules.family_values, shares)) * sum(shares)


def marginal_points(herd, family: int, cards: int, rules) -> float:
    """Projected points gained by adding ``cards`` of ``family`` to ``herd``."""
    after = list(herd)
    after[family] += cards
    return projected_score(after, rules) - projected_score(herd, rules)


def notes_towards(hand, amount: int, denoms, zeros: bool = True):
    """Notes from ``hand`` worth at most about ``amount`` (largest first), padded with all
    the hand's zeros as a bluff."""
    out = [0] * len(hand)
    left = amount
    for i in sorted(range(len(hand)), key=lambda i: -denoms[i]):
        if denoms[i] == 0:
            out[i] = hand[i] if zeros else 0
            continue
        k = min(hand[i], max(0, left) // denoms[i])
        out[i] = k
        left -= k * denoms[i]
    return tuple(out)


def smallest_pay(hand, legal, denoms):
    """The first of ``legal``'s payments (the smallest total, then the fewest notes, then the
    smallest counts), found without listing them all. Under ``any_cover`` that first choice
    is also ``exact_if_possible``'s first: the smallest covering total leaves no note to
    spare, so :func:`~bluffkit.core.money.first_payment` finds it, where listing every
    choice of a hand of many notes takes seconds (or is refused past a million)."""
    if legal.payment_rule != "any_cover":
        return legal.pay_options(denoms)[0]
    return first_payment(hand, legal.pay, denoms, who=f"seat {legal.seat}")


class HeuristicAgent:
    """Values an animal at ``rate`` money per projected point it adds to its herd, bids
    the lowest bid in tens while that is within the value and its money (and passes
    above it); bluffs with zeros."""

    name = "heuristic"

    def __init__(self, rate: float = 0.3):
        self.rate = rate

    def _value(self, obs, families) -> float:
        herd = list(obs.herds[obs.seat])
        gained = 0.0
        for f in families:
            gained += marginal_points(herd, f, 1, obs.rules)
            herd[f] += 1
        return gained * self.rate

    def act(self, obs, legal, rng):
        r, d = obs.rules, obs.rules.denominations
        money = total(obs.hand, d)
        if legal.pay is not None:
            return Pay(smallest_pay(obs.hand, legal, d))
        if legal.bid:
            _lo, cap, _ = legal.bid
            first, _unit = tens(legal)
            limit = min(money, self._value(obs, obs.lot))
            if cap is not None:
                limit = min(limit, cap)
            return bid(first) if first <= limit else PASS
        if legal.sell:
            if legal.buy and self._value(obs, obs.lot) > obs.high_bid:
                return BUY
            return SELL
        if legal.notes_for is Trade:
            best = None
            for target, family in legal.trades:
                theirs = obs.herds[target][family]
                gain = self._value(obs, [family] * (2 if theirs == 2 and obs.herds[obs.seat][family] == 2 else 1))
                if best is None or gain > best[0]:
                    best = (gain, target, family)
            if best and (not legal.auction or best[0] > 0.5 * money and obs.herds[obs.seat][best[2]] * 2 >= r.family_size):
                gain, target, family = best
                return Trade(target, family, notes_towards(obs.hand, int(min(gain, money * 0.6)), d))
            return AUCTION
        if legal.notes_for is Counter:
            _, _, family, cards, offer_cards, _ = obs.trade
            keep = self._value(obs, [family] * cards)
            if keep * 0.5 < 10 * offer_cards:
                return ACCEPT
            return Counter(notes_towards(obs.hand, int(min(keep, money)), d))
        if legal.notes_for is Offer:
            family, cards = obs.trade[2], obs.trade[3]
            return Offer(notes_towards(obs.hand, int(min(self._value(obs, [family] * cards), money)), d))
        simple = legal.simple
        return simple[0]


AGENTS = {"random": RandomAgent, "heuristic": HeuristicAgent}
