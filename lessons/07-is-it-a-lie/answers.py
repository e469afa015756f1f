"""The answers of the lesson "Is it a lie?", recomputed from bluffkit.

Exact posteriors from :mod:`bluffkit.analysis.bloff_bayes` (Bayes' rule over the
hypergeometric prior); the simulated shares from the engine's seeded deals.
"""

from fractions import Fraction
from functools import lru_cache

from bluffkit.analysis import bloff_bayes as bb
from bluffkit.core import scenario

PLAYERS = 5
START = {"unseen_cards": 41, "claimant_cards": 11}      # the first play of a game of five: 11, 11, 10, 10, 10 cards


def a1a():
    return bb.naive_p_false(1, 0, **START)


def a1b():
    return bb.p_lie(1, 0, **START)


def a1c():
    return bb.naive_p_false(2, 1, **START)


def a1d():
    return bb.p_lie(1, 2, **START)


def a1e():
    return bb.p_lie(2, 1, **START, lie_prob=Fraction(1, 4), lie_sizes=(1, 1))


def _david_plays():
    """Anne's view as David lays "three fours" in the rulebook's example (the scenario
    bloff-anne-calls-david, four players): the cards she does not see (the deck less her hand
    and her own cards in the pile) and David's hand; and the number of cards he lays."""
    example = scenario.find("bloff-anne-calls-david")
    result = scenario.run(example)
    k = next(i for i, (seat, action, _) in enumerate(example.moves) if seat == 3 and hasattr(action, "cards"))
    before = result.states[k]
    deck = sum(len(h) for h in before.hands) + len(before.pile)
    anne_seen = len(before.hands[0]) + sum(len(cards) for seat, _, cards in before.plays if seat == 0)
    return {"unseen_cards": deck - anne_seen, "claimant_cards": len(before.hands[3])}, len(example.moves[k][1].cards)


def a1f():
    position, claim = _david_plays()                     # Anne holds one four; David bluffs as in 1e
    return bb.p_lie(claim, 1, **position, lie_prob=Fraction(1, 4), lie_sizes=(1, 1, 1))


@lru_cache(maxsize=None)
def _claims():
    sim = bb.first_claims(1500, players=PLAYERS, seed=2)
    seen = sim[["unseen", "claimant_cards"]].drop_duplicates().values.tolist()
    assert seen == [[START["unseen_cards"], START["claimant_cards"]]], seen
    return sim


def _share(j):
    sim = _claims()
    return float(sim[(sim.k == 1) & (sim.observer_aces == j)].lie.mean())


def a3a():
    return _share(0)


def a3b():
    return _share(1)


def a3c():
    return bb.p_lie(1, 1, **START)


ANSWERS = {"1a": a1a, "1b": a1b, "1c": a1c, "1d": a1d, "1e": a1e, "1f": a1f, "3a": a3a, "3b": a3b, "3c": a3c}
