"""Bidders with private values for the auction engine (:mod:`bluffkit.auctions`).

A :class:`Bidder` knows what each animal is worth to it (``values``: a mapping from
animal name to value, or one number for whatever is auctioned; by default the
rules' ``animal_values``, which a parent game such as the board game supplies; each a
number from 0 to :data:`~bluffkit.auctions.rules.MAX_ANIMAL_VALUE`, as the rules' own) and
bids by a ``strategy``:

- ``truthful``: up to its value (in an open auction it keeps raising while the price
  is below its value; in a sealed one it bids its value);
- ``equilibrium``: the risk-neutral equilibrium where theory gives one: first-price
  sealed bids (Secret Value, Secret Count, Number Call) and the Dutch auction
  (strategically the same) at (n - 1)/n of the value with n bidders and uniform values
  (or the bid function ``equilibrium_bid`` given, for other value laws); second-price
  (Second Hand) and the open auctions at the value itself. Round-the-Table is bid like a
  first-price auction, which is not an equilibrium there: later bidders see the bids;
- ``shade``: the value less a fixed fraction ``shade`` of it (0.2: bid 80 %), as in
  :mod:`bluffkit.analysis.auction_sim`;
- ``random``: a random bid up to its value, or a pass.

In count auctions a value becomes a number of notes: the most notes whose cheapest
choice from its hand is worth no more than the target (0-notes cost nothing, which is
what makes count auctions different). As the auctioneer it uses the right of first
refusal when the lot is worth more to it than selling: keeping pays ``value - price``,
selling pays ``price``; in The Call it calls half its value (what it is indifferent
at), and it breaks ties at random.
"""

from __future__ import annotations

from collections.abc import Mapping

from bluffkit.agents.base import UniformBuffer, fraction_spec
from bluffkit.agents.generic import RandomBot
from bluffkit.auctions.actions import ACCEPT, PASS, REFUSE, STOP, TAKE, Bid, Call, Choose, Pay, Pick, Place, Raise
from bluffkit.auctions.rules import ANIMAL_VALUES, ANIMALS, MAX_ANIMAL_VALUE, VALUE_BOUND, value_ok
from bluffkit.auctions.sample import cheapest, notes_for, worth_at_most
from bluffkit.core.errors import RulesError, quote
from bluffkit.core.money import first_payment, total

STRATEGIES = ("truthful", "equilibrium", "shade", "random")
_VALUES_RULE = f"values must be numbers from 0 to {MAX_ANIMAL_VALUE:,} (nan and inf are no values): {VALUE_BOUND}"


class Bidder:
    """A bidder (and auctioneer) with private values; see the module docstring.
    ``use_right=False``: as the auctioneer it always sells when it may; ``equilibrium_bid``:
    a bid function (money to money) for the first-price formats under another value law."""

    def __init__(self, values=None, strategy: str = "truthful", shade: float = 0.2, name: str | None = None,
                 use_right: bool = True, equilibrium_bid=None):
        if strategy not in STRATEGIES:
            raise RulesError(f"unknown strategy {strategy!r}; choose from {', '.join(STRATEGIES)}")
        if not (isinstance(shade, (int, float)) and 0 <= shade <= 1):
            raise RulesError(f"shade is a fraction from 0 to 1, got {shade!r}")
        self._follow, self._from = values is None, ANIMAL_VALUES     # values from the rules
        if values is None:
            values = dict(zip(ANIMALS, ANIMAL_VALUES))
        if isinstance(values, (int, float)) and not isinstance(values, bool):
            # one value for every animal (the lab's bidders, one per seat and auction: the short way)
            if not value_ok(values):
                raise RulesError(f"{_VALUES_RULE}, got {values!r}")
            self.values = dict.fromkeys(range(len(ANIMALS)), float(values))
            self._finish(strategy, shade, name, use_right, equilibrium_bid)
            return
        if not isinstance(values, Mapping):
            raise RulesError(f"values: one number for every animal, or a mapping from animal name to value "
                             f"(e.g. {{{ANIMALS[0]!r}: 10}}), got {quote(values)}"[:300])
        unknown = [a for a in values if a not in ANIMALS]
        if unknown:
            raise RulesError(f"values: unknown animal(s) {', '.join(map(quote, unknown))}; the animals: "
                             f"{', '.join(ANIMALS)}"[:300])
        bad = {a: v for a, v in values.items() if not value_ok(v)}
        if bad:
            raise RulesError(f"{_VALUES_RULE}, got {bad}")
        self.values = {ANIMALS.index(a): float(v) for a, v in values.items()}
        self._finish(strategy, shade, name, use_right, equilibrium_bid)

    def _finish(self, strategy, shade, name, use_right, equilibrium_bid) -> None:
        self.strategy, self.shade, self.use_right = strategy, shade, use_right
        self.equilibrium_bid = equilibrium_bid
        self.name = name or (strategy if strategy != "shade" else f"shade {shade:g}")
        self.u = UniformBuffer()
        self._last = None           # (what the target depends on, target, amount): see act

    # what the lot is worth ---------------------------------------------------------------
    def value(self, obs) -> float:
        """The lot's value to this seat; a face-down Cat in the Bag is worth the average of
        the pen; a split double pen is bid for its more valuable animal."""
        lot = obs.lot
        if lot is None:                   # as many face-down animals as are picked
            vals = [self.values.get(a, 0.0) for a in obs.pen]
            return sum(vals) / len(vals) * obs.rules.cat_picks(len(obs.pen))
        if obs.rules.split:
            return max(self.values.get(a, 0.0) for a in lot)
        return sum(self.values.get(a, 0.0) for a in lot)

    def target(self, obs, rng) -> float:
        v = self.value(obs)
        s = self.strategy
        if s == "shade":
            return (1 - self.shade) * v
        if s == "random":
            return self.u(rng) * v
        if s == "equilibrium" and obs.rules.format in ("secret-value", "secret-count", "round-the-table",
                                                      "number-call", "dutch"):
            if self.equilibrium_bid is not None:
                bid = self.equilibrium_bid(v)
                if isinstance(bid, bool) or not isinstance(bid, (int, float)) or not 0 <= bid <= MAX_ANIMAL_VALUE:
                    raise RulesError(f"equilibrium_bid({v:g}) gave {quote(bid)}: a bid function gives a number from "
                                     f"0 to {MAX_ANIMAL_VALUE:,} for each value (nan and inf are no bids)"[:300])
                return float(bid)
            n = len(obs.note_counts) - 1
            return (n - 1) / n * v if n > 1 else 0.0
        return v

    def _amount(self, obs, target: float) -> int:
        """A target value as the unit the auction counts in."""
        if obs.rules.pricing == "count":
            return notes_for(obs.hand, target, obs.rules.denominations)
        step = obs.rules.step
        return int(target // step * step)

    # acting ------------------------------------------------------------------------------
    def act(self, obs, legal, rng):
        if self._follow and obs.rules.animal_values != self._from:
            self._from = obs.rules.animal_values
            self.values = {i: float(v) for i, v in enumerate(self._from)}
        d = obs.rules.denominations
        if legal.pay:
            amount, mode, _ = legal.pay
            if mode == "count":
                return Pay(cheapest(obs.hand, amount), d)
            return Pay(first_payment(obs.hand, amount, d, obs.rules.payment, f"seat {legal.seat}"), d)
        if legal.pick:
            k, of = legal.pick
            places = list(range(1, of + 1))
            chosen = []
            for _ in range(k):
                chosen.append(places.pop(int(self.u(rng) * len(places))))
            return Pick(tuple(sorted(chosen)))
        if legal.choose:
            c = legal.choose
            return Choose(c[int(self.u(rng) * len(c))])
        if legal.refusals:
            return self._refuse(obs, legal)
        if legal.call:
            lo, hi = legal.call
            half = -int(-self.value(obs) / 2 // 10) * 10        # half its value, rounded up to 10
            return Call(max(lo, min(hi, half)))
        if self.strategy == "random":
            target = self.target(obs, rng)
            amount = self._amount(obs, target)
        else:                   # the same lot, rules, table, hand and bidder: the same target (an open auction asks often)
            key = (obs.lot, obs.pen, obs.rules, len(obs.note_counts), obs.hand, self.strategy, self.shade,
                   self.equilibrium_bid)
            last = self._last
            if last is not None and last[0] == key and last[3] == self.values:
                target, amount = last[1], last[2]
            else:
                target = self.target(obs, rng)
                amount = self._amount(obs, target)
                self._last = (key, target, amount, dict(self.values))
        style = obs.rules.fmt.style
        if ACCEPT in legal.words or REFUSE in legal.words:
            return ACCEPT if ACCEPT in legal.words and obs.called <= target else REFUSE
        if TAKE in legal.words:
            return TAKE if obs.count <= amount else PASS
        if legal.raise_ or STOP in legal.words:
            laid = sum(obs.my_placed)
            if legal.raise_ and laid < amount:
                i = next(i for i, c in enumerate(obs.hand) if c)
                return Raise(d[i])
            return STOP if STOP in legal.words else PASS
        if legal.place:
            if obs.rules.pricing == "value":            # a value bid laid as notes (sealed_bids="notes")
                notes = worth_at_most(obs.hand, amount, d)
                return Place(notes, d) if sum(notes) else PASS
            k = min(amount, sum(obs.hand))
            return Place(cheapest(obs.hand, k), d) if k else PASS
        if legal.bid:
            lo, hi = legal.bid
            if style == "open":
                if obs.high_bidder == obs.seat or lo > amount:
                    return PASS
                return Bid(lo)
            bid = amount if hi is None else min(amount, hi)
            return Bid(bid) if bid >= lo else PASS
        return PASS

    def _refuse(self, obs, legal):
        """Keep the lots whose value to the auctioneer beats selling them: keeping a lot won
        at price p pays (value - p), selling pays p."""
        from bluffkit.auctions.actions import SELL
        if not self.use_right and SELL in legal.refusals:
            return SELL
        def worth(option):
            kept = set(range(len(obs.awards))) if option.keep == (-1,) else set(option.keep)
            out = 0.0
            for i, (_s, animals, price) in enumerate(obs.awards):
                money = price if obs.rules.pricing == "value" else \
                    total(cheapest(obs.hand, price), obs.rules.denominations)
                out += (sum(self.values.get(a, 0.0) for a in animals) - money) if i in kept else money
            return out
        return max(legal.refusals, key=worth)


class RandomBidder(RandomBot):
    """The generic random bot (:meth:`bluffkit.auctions.legal.Legal.sample`), marked
    ``trusted``: it only ever returns an action drawn from the ``Legal`` it is given, so a
    simulation may skip re-checking its moves (``check="untrusted"``, see
    :func:`bluffkit.core.play.play`); tests/auctions/test_auction_series.py plays every
    format with every move checked to hold it to that."""

    trusted = True


AGENTS = {
    # the generic bot: Legal.sample draws exactly what Bidder(strategy="random") with the
    # rules' animal values would (tests/auctions/test_auction_embed.py plays both side by side)
    "random": RandomBidder,
    "truthful": lambda: Bidder(strategy="truthful", name="truthful"),
    "equilibrium": lambda: Bidder(strategy="equilibrium", name="equilibrium"),
    "shade": lambda: Bidder(strategy="shade", name="shade 0.2"),
}


SPEC_HELP = ", 'shade F' (F: the fraction shaved off, e.g. shade 0.5)"


def from_spec(spec: str):
    """A bidder from its recorded name: ``"shade 0.5"`` (or ``"shade:0.5"``); ``None`` otherwise."""
    f = fraction_spec(spec, "shade")
    return None if f is None else Bidder(strategy="shade", shade=f)
