"""Bots for Bløff (Cheat).

- :class:`RandomAgent`: uniform over its choices: lays 1 to 4 random cards (fewer if it
  holds fewer), and calls or passes with even odds.
- :class:`HonestAgent`: honest when it can, lying only when it must: it lays every
  card of the rank in turn; holding none, it lays one card it least needs. It calls
  only a claim it knows is false (more of the rank than could exist).
- :class:`CallerAgent`: plays like the honest bot, and calls when the probability that
  the last claim is false, computed exactly from what it has seen
  (:mod:`bluffkit.analysis.bloff_probability`), is at least ``threshold``.
"""

from __future__ import annotations

from bluffkit.agents.base import UniformBuffer
from bluffkit.games.bloff.cards import rank_of
from bluffkit.games.bloff.engine import CALL_, PASS_, Play


class RandomAgent:
    name = "random"

    def __init__(self):
        self.u = UniformBuffer()

    def act(self, obs, legal, rng):
        u = self.u
        if legal.call:
            return CALL_ if u(rng) < 0.5 else PASS_
        hand = list(legal.play_from)
        k = 1 + int(u(rng) * min(4, len(hand)))
        picked = []
        for _ in range(k):
            picked.append(hand.pop(int(u(rng) * len(hand))))
        return Play(tuple(sorted(picked)))


def known_count(obs, rank: int) -> int:
    """Cards of ``rank`` this seat can place outside the last play: its own hand, and its
    own cards in the pile."""
    return sum(1 for c in obs.hand if rank_of(c) == rank) + sum(1 for c in obs.my_pile_cards if rank_of(c) == rank)


class HonestAgent:
    name = "honest"

    def __init__(self):
        self.u = UniformBuffer()

    def play(self, obs, legal, rng):
        mine = tuple(c for c in legal.play_from if rank_of(c) == obs.rank)
        if mine:
            return Play(mine)
        # must lie: lay the card whose rank comes up last in the cycle
        far = max(legal.play_from, key=lambda c: ((rank_of(c) - obs.rank) % 13, c))
        return Play((far,))

    def certainly_false(self, obs) -> bool:
        player, rank, count = obs.claims[-1]
        return count + known_count(obs, rank) > 4 * obs.decks

    def act(self, obs, legal, rng):
        if legal.call:
            return CALL_ if self.certainly_false(obs) else PASS_
        return self.play(obs, legal, rng)


class CallerAgent(HonestAgent):
    name = "caller"

    def __init__(self, threshold: float = 0.5):
        super().__init__()
        self.threshold = threshold

    def act(self, obs, legal, rng):
        if legal.call:
            if self.certainly_false(obs):
                return CALL_
            return CALL_ if p_false(obs) >= self.threshold else PASS_
        return self.play(obs, legal, rng)


def p_false(obs) -> float:
    """The probability that the last claim is false, from this seat's knowledge: its own
    hand and its own cards in the pile; every other card is unseen (a hypergeometric
    model, see :func:`bluffkit.analysis.bloff_probability.p_claim_false`; a claimant who
    holds the cards is assumed to play them)."""
    from bluffkit.analysis import bloff_probability as bp
    player, rank, count = obs.claims[-1]
    in_hand = sum(1 for c in obs.hand if rank_of(c) == rank)
    mine_in_pile = sum(1 for c in obs.my_pile_cards if rank_of(c) == rank)
    unseen = sum(obs.hand_sizes) + obs.pile_size - len(obs.hand) - len(obs.my_pile_cards)
    return float(bp.p_claim_false(count, in_hand, mine_in_pile, obs.decks, unseen, obs.hand_sizes[player] + count))


AGENTS = {"random": RandomAgent, "honest": HonestAgent, "caller": CallerAgent}
