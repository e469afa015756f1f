"""Bayes' rule for Bløff claims: the formula, exact cases, and the engine's first claims."""

from fractions import Fraction
from math import comb

import numpy as np
import pytest
import sympy as sp

from bluffkit.analysis import bloff_bayes as bb


def test_posterior_is_bayes_rule():
    e = bb.posterior_expr()
    # no bluffing, liars always lay one card: P(lie | 1) = P0 / (P0 + P1)
    assert sp.simplify(e.subs({bb.Q: 0, bb.L: 1}) - bb.P0 / (bb.P0 + bb.PK)) == 0
    # a claim size liars never use is never a lie
    assert e.subs({bb.L: 0, bb.Q: 0, bb.P0: sp.Rational(1, 3), bb.PK: sp.Rational(1, 5)}) == 0


def test_first_claim_of_a_four_player_game_by_hand():
    # N = 39 unseen, K = 4 aces, n = 13: P(X=1)/P(X=0) = 4*13/23, so P(lie | "one ace") = 23/75
    p0 = Fraction(comb(35, 13), comb(39, 13))
    p1 = Fraction(4 * comb(35, 12), comb(39, 13))
    assert bb.hand_law(39, 4, 13)[:2] == [p0, p1]
    assert sum(bb.hand_law(39, 4, 13)) == 1
    assert bb.p_lie(1, 0, 39, 13) == p0 / (p0 + p1) == Fraction(23, 75)


def test_copies_seen_elsewhere_leave_the_prior():
    # two aces revealed outside the claimant's hand: K = 4 - 2 = 2 unseen aces among N = 39, n = 13.
    # P(X=1)/P(X=0) = 2 C(37,12) / C(37,13) = 2 * 13/25, so P(lie | "one ace") = 25/51
    p0, p1 = Fraction(comb(37, 13), comb(39, 13)), Fraction(2 * comb(37, 12), comb(39, 13))
    assert bb.p_lie(1, 0, 39, 13, revealed=2) == p0 / (p0 + p1) == Fraction(25, 51)


def test_hand_law_of_a_small_deck_by_hand():
    # 4 unseen cards, 2 of the rank, the claimant holds 2: C(2,m) C(2,2-m) / C(4,2) = 1/6, 4/6, 1/6
    assert bb.hand_law(4, 2, 2) == [Fraction(1, 6), Fraction(2, 3), Fraction(1, 6)]


def test_rulebook_example_is_a_certain_lie():
    # Anne holds two fours; David says "three fours": "det finnes bare fire i stokken"
    assert bb.p_lie(3, in_hand=2, unseen_cards=39, claimant_cards=13) == 1


def test_claims_of_two_or_more_by_honest_players_are_never_lies():
    for k in (2, 3):
        assert bb.p_lie(k, 0, 39, 13) == 0
        assert bb.naive_p_false(k, 0, 39, 13) > Fraction(1, 2), "the naive reading calls them likely lies"


@pytest.mark.parametrize("call", [
    lambda: bb.p_lie(3, 0, 39, 2, lie_sizes=(1, 1, 1)),
    lambda: bb.p_lie(3, 2, 39, 2),                 # also more than the unseen copies
    lambda: bb.p_lie(1, 0, 39, 0),
    lambda: bb.naive_p_false(3, 0, 39, 2),
], ids=["p_lie", "p_lie beyond the copies", "p_lie of no cards", "naive_p_false"])
def test_a_claim_of_more_cards_than_the_hand_cannot_be_made(call):
    # "Antallet skal derimot stemme": a claim of 3 lays 3 cards, which a hand of 2 has not
    with pytest.raises(ValueError, match=r"a claim of (1 card|\d+ cards) from a hand of \d+ cannot be made"):
        call()
    with pytest.raises(ValueError, match=r"^a claim of 1 card from a hand of 0 cannot"):
        bb.p_lie(1, 0, 39, 0)


def test_a_claim_of_the_whole_hand_by_hand():
    # N = 39, K = 4, n = 2, liars claim 1 or 2 alike: P(X=0) = C(35,2)/C(39,2) = 595/741 and
    # P(X=2) = C(4,2)/C(39,2) = 6/741, so P(lie | 2) = (595/2) / (595/2 + 6) = 595/607
    assert bb.p_lie(2, 0, 39, 2, lie_sizes=(1, 1)) == Fraction(595, 607)
    assert bb.naive_p_false(2, 0, 39, 2) == 1 - Fraction(6, 741)


def test_bluffing_raises_the_posterior():
    honest = bb.p_lie(2, 0, 39, 13, lie_prob=0, lie_sizes=(1, 1))
    bluffer = bb.p_lie(2, 0, 39, 13, lie_prob=Fraction(1, 2), lie_sizes=(1, 1))
    assert 0 < honest < bluffer < 1


def test_a_float_lie_prob_is_read_as_written():
    # as in bloff_probability, 0.1 means 1/10, not the binary float just above it
    tenth = bb.p_lie(1, 0, 39, 13, lie_prob=Fraction(1, 10))
    assert bb.p_lie(1, 0, 39, 13, lie_prob=0.1) == tenth
    assert bb.p_lie(1, 0, 39, 13, lie_prob=np.float64(0.1)) == tenth
    # a float32 0.1 too (its binary value is further from 1/10), and sympy's numbers
    assert bb.p_lie(1, 0, 39, 13, lie_prob=np.float32(0.1)) == tenth
    import sympy as sp
    assert bb.p_lie(1, 0, 39, 13, lie_prob=sp.Float(0.1)) == tenth
    assert bb.p_lie(1, 0, 39, 13, lie_prob=sp.Rational(1, 10)) == tenth


@pytest.mark.parametrize("kwargs, match", [({"k": 0}, "k must be"), ({"lie_sizes": (0, 0)}, "lie_sizes"),
                                           ({"lie_sizes": (2, -1)}, "weights >= 0"),
                                           ({"lie_sizes": (-1, 2)}, "weights >= 0"),
                                           ({"lie_prob": 2}, "lie_prob"), ({"in_hand": 5}, "accounts for")])
def test_bad_input(kwargs, match):
    args = {"k": 1, "in_hand": 0, "unseen_cards": 39, "claimant_cards": 13} | kwargs
    with pytest.raises(ValueError, match=match):
        bb.p_lie(**args)


def test_engine_first_claims_agree_with_bayes():
    d = bb.first_claims(400, seed=3)
    assert set(d.unseen) == {39} and set(d.claimant_cards) == {13}
    assert not d[d.k >= 2].lie.any(), "the honest bot never lies with two or more cards"
    ones = d[(d.k == 1) & (d.observer_aces == 0)]
    assert abs(ones.lie.mean() - 23 / 75) < 4 * ones.lie.sem()


def test_first_claims_of_three_players_see_seat_one_hand():
    # three players: 52 cards dealt 18, 17, 17 from the dealer's left ("får noen ett kort mer");
    # seat 0 (18 cards) claims, seat 1 holds 17, so 52 - 17 = 35 cards are unseen to it
    d = bb.first_claims(20, players=3)
    assert set(d.unseen) == {35} and set(d.claimant_cards) == {18}


def test_simulate_claims_shows_progress_and_refuses_a_wrong_one():
    from bluffkit.analysis.bloff_data import simulate_claims
    from bluffkit.core.errors import RulesError
    from bluffkit.core.game import make_game
    seen = []
    df = simulate_claims(make_game("bloff"), ["honest", "caller", "random"], games=3, seed=1,
                         progress=lambda done, total: seen.append((done, total)))
    assert len(df) and seen[-1] == (3, 3)
    with pytest.raises(RulesError, match="progress: True, False"):
        simulate_claims(make_game("bloff"), ["honest", "caller", "random"], games=3, seed=1, progress="x")


def _posterior_by_hand(k, big_k, n_all, n, q, ell):
    """P(lie | k) of the module docstring, from hypergeometric terms: P(X=0), P(X=k)."""
    law = [Fraction(comb(big_k, m) * comb(n_all - big_k, n - m), comb(n_all, n)) for m in range(n + 1)]
    lie = ell * (law[0] + q * (1 - law[0]))       # must lie, or may and does, and claims k
    truth = (1 - q) * law[k]                       # holds exactly k and says so
    return lie / (lie + truth)


@pytest.mark.parametrize("q", [Fraction(1, 4), Fraction(1, 2), Fraction(9, 10)])
def test_a_bluffer_who_could_tell_the_truth_lies_with_chance_q(q):
    # "Har du dem, kan du snakke sant, eller lyve likevel": able claimants lie with chance q;
    # first play of four, liars lay one card or two alike
    want1 = _posterior_by_hand(1, 4, 39, 13, q, Fraction(1, 2))
    want2 = _posterior_by_hand(2, 4, 39, 13, q, Fraction(1, 2))
    assert bb.p_lie(1, 0, 39, 13, lie_prob=q, lie_sizes=(1, 1)) == want1
    assert bb.p_lie(2, 0, 39, 13, lie_prob=q, lie_sizes=(1, 1)) == want2


def test_a_claim_of_all_the_unseen_copies_can_be_true():
    # the observer holds two fours; a claim of the other two is true when the claimant holds
    # both (P(X=2) = C(37,11)/C(39,13)), and honest liars lay only one card: never a lie
    assert bb.p_lie(2, 2, 39, 13) == 0
    p0, p2 = Fraction(comb(37, 13), comb(39, 13)), Fraction(comb(37, 11), comb(39, 13))
    assert bb.p_lie(2, 2, 39, 13, lie_sizes=(1, 1)) == (p0 / 2) / (p0 / 2 + p2)
    assert bb.p_lie(4, 0, 39, 13, lie_sizes=(1, 1, 1, 1)) < 1


def test_a_claimant_who_always_lies_always_lies():
    # lie_prob = 1, the top of its range: every claim is a lie, even by one who holds the rank
    assert bb.p_lie(1, 0, 39, 13, lie_prob=1) == 1
    assert bb.p_lie(2, 0, 39, 13, lie_prob=1, lie_sizes=(1, 1)) == 1
    with pytest.raises(ValueError, match=r"lie_prob is a probability from 0 to 1, got 1\.01"):
        bb.p_lie(1, 0, 39, 13, lie_prob=1.01)


def test_too_many_copies_seen_names_both_counts():
    with pytest.raises(ValueError, match=r"the observer accounts for 5 copies of a rank with 4$"):
        bb.p_lie(1, 3, 39, 13, revealed=2)
    with pytest.raises(ValueError, match=r"the observer accounts for 9 copies of a rank with 8$"):
        bb.p_lie(1, 8, 39, 13, revealed=1, decks=2)
