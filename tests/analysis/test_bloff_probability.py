"""Bløff claim odds: the hypergeometric formula against brute force and simulation.

The rulebook (seeds/002_f43980afe81e6751.txt): one deck has four of each rank, two decks are
used with seven or more players, and Anne's two fours make David's "three fours" a sure lie.
Small decks are checked by listing every deal (exact Fractions); the real 52-card deck by a
seeded simulation that shuffles and deals the whole deck, with a tolerance of 3 standard errors.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations_with_replacement, product
from math import comb, sqrt

import numpy as np
import pandas as pd
import pytest

from bluffkit.analysis.bloff_probability import (
    TABLE_COLUMNS,
    certainly_false,
    copies,
    enumerate_exact,
    hand_sizes,
    p_claim_false,
    p_false_expr,
    p_true_expr,
    probability_table,
)

# -- small cases, listed by brute force --------------------------------------------------------

def small_cases(count: int = 300, seed: int = 2):
    """A seeded sample of small situations: 2-3 ranks of 2-4 copies, tiny hands and piles.

    The claim k never exceeds the claimant's hand (k cards must be laid), but may exceed the copies.
    """
    cases = []
    for ranks, cop in product((2, 3), (2, 3, 4)):
        deck = [r for r in range(ranks) for _ in range(cop)]
        for size in (1, 2, 3):
            for hand in combinations_with_replacement(range(ranks), size):
                for revealed, known in product([(), (0,), (1,), (0, 0)], [(), (0,), (1,)]):
                    seen = list(hand) + list(revealed) + list(known)
                    if any(seen.count(r) > cop for r in range(ranks)):
                        continue
                    unseen = len(deck) - len(seen)
                    if not 2 <= unseen <= 8:
                        continue
                    for n in range(1, min(unseen, 4) + 1):
                        rest = unseen - n
                        for others in ([rest], [rest // 2, rest - rest // 2]):
                            for k in range(1, min(cop + 1, n + len(known)) + 1):
                                cases.append(dict(k=k, observer_hand=hand, claimant_cards=n,
                                                  other_places=others, ranks=ranks,
                                                  copies_per_rank=cop, revealed=revealed,
                                                  claimant_known=known))
    rng = random.Random(seed)
    picked = rng.sample(cases, count)
    for i, case in enumerate(picked):
        case["lie_prob"] = (0, Fraction(1, 3), 0, Fraction(3, 4))[i % 4]
    return picked


SMALL = small_cases()


def formula_args(case):
    """What the observer knows in ``case``, as counts for :func:`p_claim_false`."""
    seen = len(case["observer_hand"]) + len(case["revealed"]) + len(case["claimant_known"])
    return dict(k=case["k"], in_hand=case["observer_hand"].count(0),
                revealed=case["revealed"].count(0), decks=1,
                unseen_cards=case["ranks"] * case["copies_per_rank"] - seen,
                claimant_cards=case["claimant_cards"], lie_prob=case["lie_prob"],
                known_in_claimant=case["claimant_known"].count(0),
                copies_per_rank=case["copies_per_rank"])


@pytest.mark.parametrize("case", SMALL, ids=[f"small{i}" for i in range(len(SMALL))])
def test_formula_equals_enumeration(case):
    exact = enumerate_exact(**case)
    assert isinstance(exact, Fraction)
    assert p_claim_false(**formula_args(case)) == exact


@pytest.mark.parametrize("case", [c for c in SMALL if c["lie_prob"] == 0][:40])
def test_sympy_expression_equals_enumeration(case):
    a = formula_args(case)
    big_k = a["copies_per_rank"] - a["in_hand"] - a["revealed"] - a["known_in_claimant"]
    value = p_true_expr().subs({"N": a["unseen_cards"], "K": big_k, "n": a["claimant_cards"],
                                "k": a["k"] - a["known_in_claimant"]}).doit()
    assert Fraction(str(value)) == 1 - enumerate_exact(**case)


def test_enumeration_sees_the_sure_lie_on_a_small_deck():
    # 3 copies; the observer holds two: a claim of two is impossible however the cards lie
    assert enumerate_exact(2, [0, 0, 1], 2, [1], ranks=2, copies_per_rank=3) == 1
    assert enumerate_exact(1, [0, 0, 1], 2, [1], ranks=2, copies_per_rank=3) == Fraction(1, 3)


# -- the rulebook ------------------------------------------------------------------------------

def test_copies_and_deal():
    assert (copies(1), copies(2)) == (4, 8)
    assert hand_sizes(4) == [13] * 4
    assert hand_sizes(3) == [18, 17, 17]
    assert hand_sizes(5) == [11, 11, 10, 10, 10]
    assert hand_sizes(7) == [15] * 6 + [14] and sum(hand_sizes(10)) == 104
    assert hand_sizes(6, decks=2) == [18, 18, 17, 17, 17, 17]


@pytest.mark.parametrize("players, decks", [(0, None), (1, None), (1, 2), (21, None), (21, 1), (60, None)])
def test_hand_sizes_refuse_a_table_the_game_does_not_seat(players, decks):
    """"Bløff er et kortspill for 3 til 10 spillere", and the game's ``min_players`` and
    ``max_players`` options seat 2 to 20 (bluffkit.games.bloff.rules.MAX_PLAYERS)."""
    with pytest.raises(ValueError, match=rf"players: a Bløff table seats 2 to 20 players .*, got {players}"):
        hand_sizes(players, decks)
    assert hand_sizes(2) == [26, 26] and len(hand_sizes(20, 1)) == 20 and sum(hand_sizes(20)) == 104
    assert [type(n) for n in hand_sizes(np.int64(5))] == [int] * 5
    from bluffkit.games.bloff.rules import MAX_PLAYERS
    assert MAX_PLAYERS == 20


@pytest.mark.parametrize("players", [2, 3, 7, 12, 20])
def test_hand_sizes_are_the_games_own_deal(players):
    """The deal worked out here is the one the game makes, at every table size it seats."""
    import numpy as np

    from bluffkit.core.game import make_game
    game = make_game("bloff", min_players=2, max_players=20)
    state = game.new_state(players)
    state = game.step(state, None, game.sample_chance(state, np.random.default_rng(players)))
    assert [len(h) for h in state.hands] == hand_sizes(players)


def test_copies_are_four_a_rank_for_every_deck_up_to_ten():
    """Each deck adds four of each rank (suits do not matter), up to MAX_DECKS = 10 decks."""
    assert [copies(d) for d in (3, 5, 10)] == [12, 20, 40]
    with pytest.raises(ValueError, match="decks: at most 10"):
        copies(11)


def test_rulebook_example_anne_catches_david():
    # Anne holds two fours; David claims three fours: 3 + 2 = 5 > 4
    assert certainly_false(3, in_hand=2, revealed=0, decks=1)
    # Anne's first hand (13 cards, the two aces she played included) is all she has seen;
    # David held 13 cards before laying his three.
    for q in (0, Fraction(1, 4), 1):
        p = p_claim_false(3, in_hand=2, revealed=0, decks=1, unseen_cards=39, claimant_cards=13,
                          lie_prob=q)
        assert p == 1 and isinstance(p, Fraction)


def test_rulebook_example_not_certain_otherwise():
    assert not certainly_false(3, in_hand=1)
    assert 0 < p_claim_false(3, 1, 0, 1, 39, 13) < 1
    # with two decks (eight fours) the same claim is only unlikely
    assert not certainly_false(3, in_hand=2, decks=2)
    assert 0 < p_claim_false(3, 2, 0, 2, 91, 13) < 1
    # fours seen face up elsewhere count like fours in hand
    assert certainly_false(3, in_hand=1, revealed=1)
    assert p_claim_false(3, 1, 1, 1, 38, 13) == 1


def test_cards_seen_going_to_the_claimant_do_not_make_a_lie_certain():
    # the observer saw two fours turned up and picked up by the claimant: "three fours" is possible
    p = p_claim_false(3, in_hand=0, revealed=0, decks=1, unseen_cards=37, claimant_cards=11,
                      known_in_claimant=2)
    assert 0 < p < 1
    assert p_claim_false(2, 0, 0, 1, 37, 11, known_in_claimant=2) == 0


@pytest.mark.parametrize("decks", [1, 2])
def test_certain_rule_agrees_with_probability_one(decks):
    c = copies(decks)
    for j, r, k in product(range(c + 1), range(3), range(1, c + 2)):
        if j + r > c:
            continue
        p = p_claim_false(k, j, r, decks, 52 * decks - 13 - r, 13)
        assert (p == 1) == certainly_false(k, j, r, decks)


# -- the closed form ---------------------------------------------------------------------------

@pytest.mark.slow
def test_sympy_expression_matches_formula_on_a_real_deck():
    e = p_true_expr()
    for big_k, k in product(range(5), range(1, 5)):
        value = Fraction(str(e.subs({"N": 39, "K": big_k, "n": 13, "k": k}).doit()))
        assert 1 - value == p_claim_false(k, 4 - big_k, 0, 1, 39, 13)
    f = p_false_expr().subs({"N": 39, "K": 3, "n": 13, "k": 2, "q": Fraction(1, 2)}).doit()
    assert Fraction(str(f)) == p_claim_false(2, 1, 0, 1, 39, 13, lie_prob=Fraction(1, 2))


def test_lie_probability():
    honest = p_claim_false(2, 1, 0, 1, 39, 13)
    assert p_claim_false(2, 1, 0, 1, 39, 13, lie_prob=1) == 1
    assert p_claim_false(2, 1, 0, 1, 39, 13, lie_prob=0.1) == 1 - Fraction(9, 10) * (1 - honest)


@pytest.mark.parametrize("bad", [
    dict(k=0), dict(in_hand=5), dict(in_hand=-1), dict(unseen_cards=12), dict(lie_prob=1.5),
    dict(lie_prob=True), dict(decks=0), dict(k=2.0)])
def test_bad_input(bad):
    args = dict(k=2, in_hand=1, revealed=0, decks=1, unseen_cards=39, claimant_cards=13) | bad
    with pytest.raises(ValueError):
        p_claim_false(**args)


# -- the table ---------------------------------------------------------------------------------

@pytest.mark.parametrize("decks, rows", [(1, 5 * 4), (2, 9 * 8)])
def test_probability_table(decks, rows):
    t = probability_table(decks, 13)
    c = copies(decks)
    assert isinstance(t, pd.DataFrame) and list(t.columns) == TABLE_COLUMNS and len(t) == rows
    assert set(t.k) == set(range(1, c + 1)) and set(t.in_hand) == set(range(c + 1))
    assert all(isinstance(p, Fraction) for p in t.p_false)
    assert (t.p_false.map(float) == t.p_false_float).all()
    assert (t.certain == (t.in_hand + t.k > c)).all()
    assert (t.loc[t.certain, "p_false"] == 1).all() and (t.loc[~t.certain, "p_false"] < 1).all()
    assert (t.unseen_cards == 52 * decks - 13).all()
    wide = t.pivot(index="in_hand", columns="k", values="p_false")
    assert (wide.diff(axis=0).iloc[1:] >= 0).all().all()   # more in hand: likelier a lie
    assert (wide.diff(axis=1).iloc[:, 1:] >= 0).all().all()  # bigger claim: likelier a lie


def test_probability_table_first_value():
    t = probability_table(1)
    row = t[(t.in_hand == 0) & (t.k == 1)].iloc[0]
    assert row.p_false == Fraction(1150, 6327)   # C(35, 13) / C(39, 13): no four among 13 of 39


# -- seeded simulation of the real deck --------------------------------------------------------

def simulate(decks, players, trials, seed, lie_prob=0.0):
    """Shuffle and deal the whole deck; observer = seat 0, claimant = the last seat.

    Returns, for each count j of fours in the observer's hand, the number of deals and for each
    claim k the number where the claim is false (a claimant holding k fours lies with
    probability ``lie_prob``).
    """
    rng = np.random.default_rng(seed)
    deck = (np.arange(52 * decks) % 13 == 3).astype(np.int8)    # rank 4 is a "four"
    deals = rng.permuted(np.tile(deck, (trials, 1)), axis=1)
    hand = 52 * decks // players
    mine, theirs = deals[:, :hand].sum(axis=1), deals[:, -hand:].sum(axis=1)
    lies = rng.random(trials) < lie_prob
    out = {}
    for j in range(copies(decks) + 1):
        sel = mine == j
        out[j] = (int(sel.sum()), {k: int(((theirs[sel] < k) | lies[sel]).sum())
                                   for k in range(1, copies(decks) + 1)})
    return out, hand


@pytest.mark.slow
@pytest.mark.parametrize("decks, players, trials, lie_prob",
                         [(1, 4, 300_000, 0.0), (2, 8, 200_000, 0.0), (1, 4, 200_000, 0.25)])
def test_formula_matches_simulation(decks, players, trials, lie_prob):
    sim, hand = simulate(decks, players, trials, seed=20240 + decks, lie_prob=lie_prob)
    checked = 0
    for j, (m, false) in sim.items():
        if m < 500:
            continue
        for k, f in false.items():
            p = p_claim_false(k, j, 0, decks, 52 * decks - hand, hand, lie_prob=lie_prob)
            if p == 1:
                assert f == m
            else:
                se = sqrt(float(p) * (1 - float(p)) / m)
                assert abs(f / m - float(p)) <= 3 * se, (j, k, f / m, float(p), se)
            checked += 1
    assert checked >= 16


# -- edges of the arguments, and what refusals say ---------------------------------------------

def test_unseen_cards_may_be_as_many_as_ten_decks_hold_and_no_more():
    # ten decks: 40 of a rank; the claimant holds 1 of 1000 unseen cards, 40 of them the rank:
    # the hypergeometric chance it holds one is 40/1000, so a claim of one is false 24/25 of the time
    assert p_claim_false(1, 0, 0, 10, 1000, 1) == 1 - Fraction(comb(40, 1) * comb(960, 0), comb(1000, 1))
    with pytest.raises(ValueError, match=r"unseen_cards must be at most 1,000 .*got 1,001"):
        p_claim_false(1, 0, 0, 10, 1001, 1)


def test_probability_table_takes_every_card_outside_the_observers_hand_as_unseen():
    # one deck, a hand of 13: the other 39 cards may all be unseen (the first play), not 40
    assert probability_table(1, 13, unseen_cards=39).equals(probability_table(1, 13))
    with pytest.raises(ValueError, match=r"unseen_cards: at most the 39 cards of 1 deck .*got 40"):
        probability_table(1, 13, unseen_cards=40)


def test_a_table_of_as_many_players_as_cards_is_not_told_it_has_more():
    # 52 players and one deck: too many for the game, but not "more than the 52 cards"
    with pytest.raises(ValueError, match=r"seats 2 to 20 players .*got 52$"):
        hand_sizes(52, 1)
    with pytest.raises(ValueError, match=r"got 53 \(53 players are more than the 52 cards"):
        hand_sizes(53, 1)


def test_brute_force_refuses_more_cards_of_a_rank_than_the_deck_holds():
    # two copies of rank 0, and the observer says it holds three
    with pytest.raises(ValueError, match="more cards of rank 0 seen than the deck holds"):
        enumerate_exact(1, [0, 0, 0], 1, [0], ranks=2, copies_per_rank=2)
    with pytest.raises(ValueError, match="more cards of rank 1 seen than the deck holds"):
        enumerate_exact(1, [1], 0, [1], ranks=2, copies_per_rank=2, revealed=[1], claimant_known=[1])


def test_brute_force_counts_the_claimants_known_cards_of_the_claimed_rank():
    # 2 ranks of 2; the observer holds a 0 and knows the claimant holds a 1: "one 1" is true
    assert enumerate_exact(1, [0], 0, [2], ranks=2, copies_per_rank=2, rank=1, claimant_known=[1]) == 0
    # the known card is of the other rank: two cards are unseen, a 0 and a 1, and the
    # claimant's one unseen card is the 1 half of the time
    assert enumerate_exact(1, [1], 1, [1], ranks=2, copies_per_rank=2, rank=1, claimant_known=[0]) == Fraction(1, 2)


@pytest.mark.parametrize("case", SMALL[:12], ids=[f"relabelled{i}" for i in range(12)])
def test_brute_force_does_not_care_which_rank_is_claimed(case):
    # ranks are interchangeable (suits and ranks do not matter but for the claim): swapping the
    # labels 0 and 1 everywhere and claiming rank 1 gives the same odds as claiming rank 0
    swap = {0: 1, 1: 0}
    moved = dict(case, rank=1, **{key: [swap.get(c, c) for c in case[key]]
                                  for key in ("observer_hand", "revealed", "claimant_known")})
    assert enumerate_exact(**moved) == enumerate_exact(**case)
