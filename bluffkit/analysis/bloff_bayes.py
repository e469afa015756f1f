"""Is it a lie? Bayes' rule at the Bløff table: the number of cards claimed is evidence.

Rulebook: ``seeds/002_f43980afe81e6751.txt`` (Norwegian; digest ``RULES.md`` section 3). A
player lays one or more cards face down and says how many, of the rank in turn; "Antallet
skal derimot stemme" (the number must be true), the rank need not be. "Har du ingen kort av
verdien det er din tur til å legge, må du legge noe annet og lyve. Har du dem, kan du snakke
sant, eller lyve likevel" (holding none of the rank you must lie; holding some you may tell
the truth, or lie anyway).

:mod:`bluffkit.analysis.bloff_probability` asks how likely the claimant *holds* k cards of
the rank. This module asks the Bayesian question: given that the claimant *said* k, how
likely is it a lie? That needs a model of how players claim (the likelihood):

* the claimant's hand holds X cards of the rank, X hypergeometric: n cards drawn from the N
  cards the observer has not seen, K of them of the rank (the prior);
* holding X = m >= 1, the claimant tells the truth with probability 1 - q and lays all m
  (a claim of k = m); otherwise it lies, as it must when m = 0;
* a liar claims k cards with probability l_k (the *lie sizes*).

Bayes' rule then gives (:func:`posterior_expr`)

    P(lie | k) = l_k (P(X=0) + q P(X>=1)) / ( l_k (P(X=0) + q P(X>=1)) + (1 - q) P(X=k) ).

bluffkit's honest and caller bots (:mod:`bluffkit.agents.bloff`) are this model with q = 0 and
l_1 = 1: they lay every card of the rank they hold, and one card when they hold none. Against
them a claim of two or more is never a lie, however unlikely it is that they hold that many:
the naive reading "a claim of k is true if they hold at least k" gets it the wrong way round.
:func:`first_claims` plays the first claim of many seeded games through the engine to check.

>>> from fractions import Fraction
>>> p_lie(1, in_hand=0, unseen_cards=39, claimant_cards=13)
Fraction(23, 75)
>>> p_lie(2, in_hand=1, unseen_cards=39, claimant_cards=13)
Fraction(0, 1)
>>> p_lie(3, in_hand=2, unseen_cards=39, claimant_cards=13)   # Anne's two fours: David lies
Fraction(1, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from math import comb, isfinite
from numbers import Rational, Real
from typing import TYPE_CHECKING

import sympy as sp

from bluffkit.analysis.bloff_probability import MAX_CARDS, _probability, check_count, copies
from bluffkit.core.errors import as_int, count, quote

if TYPE_CHECKING:
    import pandas as pd

P0, PK, Q, L = sp.symbols("P_0 P_k q l_k", nonnegative=True)

#: The honest and caller bots' lies: always one card.
ONE_CARD = (1,)

# MAX_CARDS (from bloff_probability): the most unseen cards hand_law, and so p_lie, take.


def _cards(unseen_cards: int, unseen_copies: int, claimant_cards: int) -> None:
    check_count(unseen_cards, "unseen_cards")
    check_count(unseen_copies, "unseen_copies")
    check_count(claimant_cards, "claimant_cards")
    if unseen_cards > MAX_CARDS:
        raise ValueError(f"unseen_cards must be at most {MAX_CARDS:,} (ten decks are 520 cards), got {unseen_cards:,}")


def posterior_expr() -> sp.Expr:
    """P(lie | a claim of k), by Bayes' rule, in the symbols ``P_0`` = P(X = 0), ``P_k`` = P(X = k)
    (k >= 1), ``q`` (an able claimant lies anyway) and ``l_k`` (a liar claims k)."""
    prior_lie = P0 + Q * (1 - P0)                # must lie, or may and does
    lie = L * prior_lie                          # P(lie and claim k)
    truth = (1 - Q) * PK                         # P(truth and claim k): holds exactly k, tells it
    return lie / (lie + truth)


def hand_law(unseen_cards: int, unseen_copies: int, claimant_cards: int) -> list[Fraction]:
    """P(X = m) for m = 0 .. claimant_cards: the hypergeometric prior of the claimant's count.
    Each argument is an integer >= 0; ``unseen_cards`` at most :data:`MAX_CARDS` (1000)."""
    _cards(unseen_cards, unseen_copies, claimant_cards)
    big_n, big_k, n = unseen_cards, unseen_copies, claimant_cards
    if not 0 <= big_k <= big_n or not 0 <= n <= big_n:
        raise ValueError(f"{big_n} unseen cards cannot hold {big_k} unseen copies and the claimant's {n} cards")
    return [Fraction(comb(big_k, m) * comb(big_n - big_k, n - m), comb(big_n, n)) for m in range(n + 1)]


def p_lie(k: int, in_hand: int, unseen_cards: int, claimant_cards: int, *, revealed: int = 0, decks: int = 1,
          lie_prob: float | Fraction = 0, lie_sizes: Sequence = ONE_CARD) -> Fraction:
    """P(lie | the claimant said k), exactly (see the module docstring). ``in_hand`` and
    ``revealed``: copies of the rank the observer holds or knows to be elsewhere;
    ``claimant_cards``: the claimant's hand before the play, the k cards included, at least k
    (the number claimed is the number laid: "Antallet skal derimot stemme"); ``lie_sizes``:
    l_1, l_2, ... (normalised; missing sizes are 0). A claim of more than the unseen copies is
    a certain lie. ``in_hand``, ``revealed``, ``unseen_cards`` and ``claimant_cards`` are
    integers >= 0 (``unseen_cards`` at most :data:`MAX_CARDS`); ``lie_prob`` a number from 0 to 1
    (a float is read as written, 0.1 as 1/10, as in :mod:`~bluffkit.analysis.bloff_probability`)
    and ``lie_sizes`` a list of numbers. Whole numbers may be numpy's too."""
    k = as_int(k)
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise ValueError(f"k must be a number of cards >= 1, got {k!r}")
    check_count(in_hand, "in_hand")
    check_count(revealed, "revealed")
    _cards(unseen_cards, 0, claimant_cards)
    _laid(k, claimant_cards)
    if isinstance(lie_sizes, Iterable) and not isinstance(lie_sizes, (str, bytes)):
        lie_sizes = tuple(lie_sizes)
    if (not isinstance(lie_sizes, tuple) or not all(_finite(x) for x in lie_sizes) or any(x < 0 for x in lie_sizes) or sum(lie_sizes) <= 0):
        raise ValueError(f"lie_sizes are weights >= 0 of the claim sizes 1, 2, ..., not all 0, a list such as "
                         f"(1,) or (3, 1); got {quote(lie_sizes)}")
    if not _finite(lie_prob) or not 0 <= lie_prob <= 1:
        raise ValueError(f"lie_prob is a probability from 0 to 1, got {quote(lie_prob)}")
    q = _probability(lie_prob)                   # a float as written, as in bloff_probability: 0.1 is 1/10
    big_k = copies(decks) - in_hand - revealed
    if big_k < 0:
        raise ValueError(f"the observer accounts for {in_hand + revealed} copies of a rank with {copies(decks)}")
    if k > big_k:
        return Fraction(1)
    law = hand_law(unseen_cards, big_k, claimant_cards)
    weights = [Fraction(x) for x in lie_sizes]
    ell = weights[k - 1] / sum(weights) if k <= len(weights) else Fraction(0)
    pk = law[k] if k < len(law) else Fraction(0)
    value = posterior_expr().subs({P0: law[0], PK: pk, Q: q, L: ell})
    if value is sp.nan:
        raise ValueError(f"a claim of {k} cannot happen under this model (neither a truth nor a lie makes it)")
    return Fraction(int(value.p), int(value.q))


def _laid(k: int, claimant_cards: int) -> None:
    """A claim of k lays k cards of the claimant's hand ("Antallet skal derimot stemme": the
    number must be true), so a hand of fewer than k cards cannot make it."""
    if k > claimant_cards:
        raise ValueError(f"a claim of {count(k, 'card')} from a hand of {claimant_cards} cannot be made: the claimant lays "
                         f"the number of cards claimed (the rulebook), so k is at most claimant_cards")


def _finite(x: object) -> bool:
    """Whether ``x`` is a finite real number (not True/False, not text)."""
    if isinstance(x, bool) or not isinstance(x, Real):
        return False
    return isinstance(x, Rational) or isfinite(x)          # (a huge int does not fit a float)


def naive_p_false(k: int, in_hand: int, unseen_cards: int, claimant_cards: int, *, revealed: int = 0,
                  decks: int = 1) -> Fraction:
    """The reading "true if the claimant holds at least k" (no model of how players claim):
    :func:`bluffkit.analysis.bloff_probability.p_claim_false` with q = 0. The arguments are
    :func:`p_lie`'s: ``claimant_cards`` is the whole hand before the play, at least k."""
    from bluffkit.analysis.bloff_probability import p_claim_false

    _laid(check_count(k, "k", low=1), check_count(claimant_cards, "claimant_cards"))
    return p_claim_false(k, in_hand, revealed, decks, unseen_cards, claimant_cards)


def first_claims(games: int = 1000, claimant: str = "honest", players: int = 4, seed: int = 0) -> pd.DataFrame:
    """The first claim of ``games`` seeded games of four (or ``players``) through the engine:
    the deal, then seat 0 (``claimant``, a Bløff bot name) lays cards as aces (checked legal
    by the engine). One row per
    game: ``k`` claimed, ``lie`` (a card not an ace), and what seat 1, the next player and
    the first who may call, holds of the rank (``observer_aces``) and sees (``unseen``:
    the cards not in its hand; ``claimant_cards``: seat 0's hand before the play)."""
    import pandas as pd

    from bluffkit.agents.base import make_agent
    from bluffkit.core.game import make_game
    from bluffkit.core.seeding import check_seed, child_rngs, game_seeds
    from bluffkit.games.bloff.cards import rank_of
    from bluffkit.games.bloff.engine import Play, is_lie

    check_seed(seed)
    games, players = as_int(games), as_int(players)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be an int >= 1, got {games!r}")
    game = make_game("bloff")
    agent = make_agent(claimant, game)
    rank = game.rules.first_rank
    rows = []
    seeds = game_seeds(seed, games)
    for i in range(games):
        t = game.table(players=players)
        chance, mine = child_rngs(seeds[i], 2)           # the deal, then the claimant's choices
        deal = t.sample_chance(chance.random(), chance)
        t.apply_chance(deal)
        state = t.freeze()
        obs = game.observe(state, 0)
        play = agent.act(obs, obs.legal, mine)
        game.step(state, 0, play)                          # refused with a clear error if illegal
        if not isinstance(play, Play):
            raise RuntimeError("the first move after the deal was not a play")
        hands = deal.hands
        rows.append({"game": i, "k": len(play.cards), "lie": is_lie(rank, play.cards),
                     "observer_aces": sum(1 for c in hands[1] if rank_of(c) == rank),
                     "unseen": sum(len(h) for h in hands) - len(hands[1]), "claimant_cards": len(hands[0])})
    return pd.DataFrame(rows)
