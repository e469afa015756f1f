"""Bots for You're Bluffing! / Horse Trading.

- :class:`RandomAgent`: uniform over the legal actions, bids bounded by its own money
  (plus ``overbid``, to exercise the can't-pay rule); a note selection is a uniformly
  random subset of its notes.
- :class:`HeuristicAgent`: values an animal by what it adds to its own projected
  final score under the family multiplier, bids up to that (in money), buys back
  when the price is below its value, and bluffs with zeros in trades.
"""

from __future__ import annotations

from bluffkit.agents.base import uniform_stream
from bluffkit.core.money import total
from bluffkit.games.youre_bluffing.actions import ACCEPT, AUCTION, BUY, PASS, SELL, Counter, Offer, Pay, Trade, bid
from bluffkit.games.youre_bluffing.observe import random_choice


class RandomAgent:
    """The random bot of :meth:`Legal.sample <bluffkit.games.youre_bluffing.observe.Legal.sample>`
    (uniform over the legal actions, bids bounded by its own money), with ``overbid``
    added to that bound to exercise the can't-pay rule. Its ``act`` is the very function
    ``Legal.sample`` runs (:func:`~bluffkit.games.youre_bluffing.observe.random_choice`),
    taking the same uniform numbers from a buffer of ``rng``'s numbers kept per generator,
    so with ``overbid=0`` it plays exactly as the generic
    :class:`bluffkit.agents.generic.RandomBot`. It stays this game's ``random``: asking
    the generator for each number, as ``sample(rng)`` must (it keeps no state between
    calls), costs some 6% of a simulation."""

    name = "random"
    act = random_choice                     # act(observation, legal, rng)
    #: ``act`` returns only actions drawn from the ``Legal`` it is given, so a simulation
    #: may skip checking them (see :func:`bluffkit.core.play.play`; its tests check them all).
    trusted = True

    def __init__(self, overbid: int = 0):
        self.overbid = overbid
        self._rng = self._u = None               # the generator and its uniform stream

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


class HeuristicAgent:
    """Bids up to ``rate`` money per projected point an animal adds; bluffs with zeros."""

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
            return Pay(legal.payment_notes(d)[0])
        if legal.bid:
            lo, cap, _ = legal.bid
            limit = min(money, self._value(obs, obs.lot))
            if cap is not None:
                limit = min(limit, cap)
            return bid(lo) if lo <= limit else PASS
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
