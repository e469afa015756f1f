"""Bots for Bidder Up!, the board game.

- ``random``: the generic bot (:meth:`Legal.sample <bluffkit.games.bidder_up.legal.Legal.sample>`).
- :class:`HeuristicAgent`: values each type by what one more animal of it adds to its own
  projected final score (section I's multiplier), bids up to that in the pens' auctions
  (the truthful :class:`~bluffkit.agents.auction.Bidder` with those values), but never
  more than its money (a winner who cannot pay is shown up and the auction run again,
  section D), values a
  space by what landing there is worth (a full pen: half its lot's value to the table as
  the auctioneer's gain; a Cat in the Bag pen: half of one of its animals, those every
  player saw go back face down at their value, the others at the average; the Piggy Bank: its notes; a trade: its chance; market and
  raffle: a small fixed worth), pays for movement only when the better space is worth the
  notes, and always pays costs with its lowest notes that may pay them (no 0-notes when
  ``zero_pays_count`` is off, L7); it never picks a move, market change or raffle it
  could not then pay for.
- Its patience (so that the game ends, section I: the pens must empty): the bot is
  *behind* when the game has lasted at least ``players × (SLACK_ROUNDS + PACE_ROUNDS ×
  animals auctioned)`` turns (``obs.turn``; the animals auctioned are those of the deck
  no longer in a pen or a supply stack). Behind, it heads for the pens: it moves to a
  pen holding animals when it can pay for one (the cheapest, then the most valuable), or
  else to the space from which it expects to pay the fewest notes to reach such a pen,
  counting what it pays now, 1 note for the turn lost, and the mean over the die's
  faces of the cheapest move from there onto a pen holding animals (ties: fewer notes
  now, then the space's usual worth). Two such bots cannot then stall the game by
  raiding or gambling the Piggy Bank, or by shunning pens worth less than a note; each
  animal auctioned buys ``PACE_ROUNDS`` rounds of the usual play. The rule reads only
  the observation, so the same position always gives the same move.
"""

from __future__ import annotations

from collections import Counter as Multiset

from bluffkit.agents.auction import Bidder
from bluffkit.agents.generic import RandomBot
from bluffkit.auctions.rules import ANIMALS, MAX_ANIMAL_VALUE
from bluffkit.auctions.sample import cheapest, worth_at_most
from bluffkit.core.money import total
from bluffkit.games.bidder_up import actions as A
from bluffkit.games.bidder_up.layout import HORSE_TRADE, MARKET, PEN, PIGGY_BANK, RAFFLE, layout_of
from bluffkit.games.bidder_up.legal import cost_notes, payable

#: What one note given up is worth to the bot when it pays by count (movement, market,
#: raffle): about a 10-note plus the count it could bid with.
NOTE_WORTH = 30

#: The bot's patience (see the module docstring): rounds of play before the first animal
#: is auctioned, and rounds more for each animal auctioned, before it heads for the pens.
#: Games of the heuristic bot with 3-4 players, or with a random bot, keep well within it
#: (they auction an animal about every round).
SLACK_ROUNDS = 3
PACE_ROUNDS = 4

#: Notes a pen out of reach is counted as costing (behind, from a space that reaches no
#: pen holding animals with some face of the die, however much it pays).
FAR = 100


def type_values(obs) -> tuple:
    """Each type's value as ``obs`` shows the market."""
    return obs.rules.type_values(obs.market)


def behind(obs) -> bool:
    """Whether the game lags behind the bot's patience (see the module docstring)."""
    left = sum(obs.stacks[0]) + sum(obs.stacks[1])
    sold = len(obs.rules.deck()) - left
    return obs.turn >= len(obs.pos) * (SLACK_ROUNDS + PACE_ROUNDS * max(sold, 0))


def pen_distance(obs, space: str, full: frozenset) -> float:
    """The mean over the die's faces of the fewest notes a move from ``space`` pays to
    end on one of the pens ``full`` (:data:`FAR` where no move reaches one)."""
    lay = layout_of(obs.rules.board)
    faces = obs.rules.die_faces
    total_notes = 0.0
    for roll in faces:
        reach = lay.reachable(space, roll, 64)
        total_notes += min((reach[p][1] for p in full if p in reach), default=FAR)
    return total_notes / len(faces)


def worth_to(obs, seat: int) -> dict:
    """Each type's worth to ``seat``: one more animal of it, as a share of the type's value
    times the multiplier the seat would then have (its barn's types, + 1)."""
    r = obs.rules
    vals = type_values(obs)
    held = Multiset(a % 10 for a in obs.pastures[seat])       # a male told apart is its type + 10
    barn = len(obs.barns[seat])
    out = {}
    for a in range(len(ANIMALS)):
        if a in obs.barns[seat]:
            out[a] = 0.0
            continue
        share = (held[a] + 1) / r.per_type
        out[a] = vals[a] * share * (barn + 1) * (0.6 + 0.4 * share)
    return out


class _Within(Bidder):
    """The truthful bidder, valuing a lot at no more than ``cap`` (the seat's money)."""

    cap = float("inf")

    def value(self, obs) -> float:
        return min(super().value(obs), self.cap)


class HeuristicAgent:
    """See the module docstring."""

    name = "heuristic"

    def act(self, obs, legal, rng):
        if legal.inner is not None:
            worth = worth_to(obs, obs.seat)
            # no more than its money: a winner who cannot pay shows all its money and the
            # auction is run again [D], a loss of face and of time the bot has no use for
            # (a worth past the auctions' bound bids no differently: no hand holds that much)
            bidder = _Within(values={ANIMALS[a]: min(v, MAX_ANIMAL_VALUE) for a, v in worth.items()},
                             strategy="truthful")
            bidder.cap = total(obs.auction.hand, obs.auction.rules.denominations)
            return bidder.act(obs.auction, legal.inner, rng)
        ph = obs.phase
        hand, d = obs.hand, obs.rules.denominations
        if ph == "move":
            return self._move(obs, legal)
        if ph == "trade":
            worth = worth_to(obs, obs.seat)
            target, animal = max(legal.key[0], key=lambda ta: worth[ta[1]])
            offer = self._offer(obs, worth[animal] * 0.5, legal.key[1])
            return A.Trade(target, animal, offer, d)
        if ph == "respond":
            worth = worth_to(obs, obs.seat)
            animal, by_count = obs.trade[2], obs.trade[3]
            if worth[animal] > 150 and sum(hand):
                return A.Counter(self._offer(obs, worth[animal] * 0.6, by_count), d)
            return A.AGREE
        if ph == "market":
            return self._market(obs)
        if ph == "raffle":
            k = min(legal.key[0], 1 if payable(obs.rules, hand) >= 4 else 0)
            return A.Raffle(k, cost_notes(obs.rules, hand, k), d)
        if ph == "keep":
            return A.Keep(max(legal.key, key=lambda n: self._ticket_worth(obs, n)))
        if ph == "end":
            for name in ("extra-turn", "special-horse-trade", "horse-trade"):
                if name in legal.key:
                    return A.Ticket(name)
            return A.END
        if ph == "piggy":
            return A.RAID if obs.piggy >= 3 or A.GAMBLE not in legal.key else A.GAMBLE
        if ph == "give":
            return A.Give(min(legal.key))
        return legal.sample(rng)

    def _offer(self, obs, amount: float, by_count: bool):
        """Notes worth about ``amount`` (by count: that many notes' worth of the cheapest),
        at least one note, padded with a 0-note as a bluff when it has one."""
        hand, d = obs.hand, obs.rules.denominations
        if by_count:
            k = max(1, min(sum(hand), int(amount // 60) + 1))
            return cheapest(hand, k)
        notes = list(worth_at_most(hand, amount, d))
        if hand[0] and d[0] == 0:
            notes[0] = 1
        if not sum(notes):
            notes = list(cheapest(hand, 1))
        return tuple(notes)

    def _space_worth(self, obs, space) -> float:
        lay = layout_of(obs.rules.board)
        kind = lay.kind(space)
        vals = type_values(obs)
        if kind == PEN:
            i = lay.pen_index[space]
            pen = obs.pens[i]
            if pen is None:                 # face down: one of them, the ones all saw go back known
                down, known = obs.stacks[1][i], obs.seen[i]
                if not down:
                    return 0.0
                mean = (sum(vals[a % 10] for a in known) + (down - len(known)) * sum(vals) / len(vals)) / down
                return 0.5 * mean
            return 0.5 * sum(vals[a % 10] for a in pen)
        if kind == PIGGY_BANK:
            return 40.0 * min(obs.piggy, obs.rules.piggy_take) + (60 if len(obs.pos) == 2 else 0)
        if kind == HORSE_TRADE:
            mine = {a % 10 for a in obs.pastures[obs.seat]}
            shared = any(mine & {a % 10 for a in p} for s, p in enumerate(obs.pastures) if s != obs.seat)
            return 120.0 if shared and sum(obs.hand) else 0.0
        if kind == MARKET and obs.rules.fairground:
            return 60.0 if obs.pastures[obs.seat] else 0.0
        if kind == RAFFLE and obs.rules.fairground and obs.bag:
            return 80.0
        return 0.0

    def _move(self, obs, legal):
        r = obs.rules
        can = payable(r, obs.hand)
        moves = [kv for kv in legal.key if kv[1][1] <= can] or list(legal.key)   # a free move always exists

        def usual(kv):
            return self._space_worth(obs, kv[0]) - NOTE_WORTH * kv[1][1]

        if behind(obs):
            lay = layout_of(r.board)
            full = frozenset(p.space for i, p in enumerate(lay.pens) if obs.stacks[1][i])
            there = [kv for kv in moves if kv[0] in full]
            if there:
                best = max(there, key=lambda kv: (-kv[1][1], usual(kv)))
            elif full:
                best = max(moves, key=lambda kv: (-(kv[1][1] + 1 + pen_distance(obs, kv[0], full)),
                                                  -kv[1][1], usual(kv)))
            else:                                                       # pragma: no cover (game over)
                best = max(moves, key=lambda kv: (usual(kv), -kv[1][1]))
        else:
            best = max(moves, key=lambda kv: (usual(kv), -kv[1][1]))
        space, (_, cost) = best
        return A.Move(space, cost_notes(r, obs.hand, cost), r.denominations)

    def _market(self, obs):
        r, d, hand = obs.rules, obs.rules.denominations, obs.hand
        held = Multiset(a % 10 for a in obs.pastures[obs.seat])
        mine = [a for a, c in held.most_common() if a not in obs.locked and obs.market[a] + 1 < len(r.market_track)]
        # one type one step up (1 note): legal for any market_types and market_steps >= 1 [G]
        if mine and payable(r, hand) >= 3 and min(r.market_types, r.market_steps) >= 1:
            return A.Market(((mine[0], 1),), cost_notes(r, hand, 1), d)
        if r.market_none == "refused" and payable(r, hand) >= 1:      # a type must change (L7)
            for a in sorted(range(len(obs.market)), key=lambda a: -obs.market[a]):    # the dearest of the others down
                if a not in obs.locked and a not in held:
                    return A.Market(((a, -1 if obs.market[a] > 0 else 1),), cost_notes(r, hand, 1), d)
            for a in range(len(obs.market)):
                if a not in obs.locked:
                    return A.Market(((a, 1 if obs.market[a] + 1 < len(r.market_track) else -1),),
                                    cost_notes(r, hand, 1), d)
        return A.Market((), cost_notes(r, hand, 0), d)

    def _ticket_worth(self, obs, name: str) -> float:
        kind, _, arg = name.partition(":")
        if kind == "wool-milk":
            return 100 + 50 * int(arg)
        if kind == "value-gain":    # what the rules' value_gain adds (300/100 by default), discounted
            held = {ANIMALS[a % 10] for a in obs.pastures[obs.seat]}   # (the type may not be completed)
            complete, other = obs.rules.value_gain
            return complete * 2 / 3 if ANIMALS.index(arg) in obs.barns[obs.seat] or arg in held else other * 9 / 10
        return {"extra-turn": 150, "special-horse-trade": 120, "horse-trade": 110}.get(name, 80)


def money_of(obs) -> int:
    return total(obs.hand, obs.rules.denominations)


AGENTS = {"random": RandomBot, "heuristic": HeuristicAgent}
