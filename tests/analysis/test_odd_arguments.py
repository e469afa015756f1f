"""Analysis functions refuse odd arguments in words (which argument, what it takes, what was
given) instead of raw Python errors, hangs or huge arrays. Every refusal here is immediate."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bluffkit.analysis import (
    auction_lab,
    auction_sim,
    auction_theory,
    bloff_bayes,
    bluffer_theory,
    count_auctions,
    move_cost,
    trade_duels,
)
from bluffkit.core.errors import RulesError

# -- 1. auction_theory.order_statistic_density checks j like the cdf ---------------------------


@pytest.mark.parametrize("n, j, match", [
    (3, 4, r"j \(which order statistic\) must be at most n = 3, got 4"),
    (3, 10**9, r"j \(which order statistic\) must be at most n = 3, got 1000000000"),
    (auction_theory.N, 10**9, r"j \(which order statistic\) must be at most 20 .*got 1,000,000,000"),
])
def test_order_statistic_density_checks_its_arguments(n, j, match):
    with pytest.raises(ValueError, match=match):
        auction_theory.order_statistic_density(n, j)


def test_order_statistic_cdf_refuses_a_huge_symbolic_j():
    with pytest.raises(ValueError, match=r"j \(which order statistic\) must be at most 20"):
        auction_theory.order_statistic_cdf(auction_theory.N, 10**9)


# -- 2. huge sizes ------------------------------------------------------------------------------


@pytest.mark.parametrize("call", [
    lambda: auction_theory.refusal_probability(n=10**9),
    lambda: auction_theory.right_gain(n=10**9),
    lambda: auction_theory.auctioneer_payoff(10**9, right=True),
    lambda: auction_theory.winner_surplus(10**9, right=True),
    lambda: auction_theory.summary(n=10**9),
    lambda: auction_theory.textbook_table([10**9]),
], ids=["refusal_probability", "right_gain", "auctioneer_payoff", "winner_surplus", "summary", "textbook_table"])
def test_the_right_of_first_refusal_refuses_a_billion_bidders(call):
    with pytest.raises(ValueError, match=r"n \(the number of bidders\) must be at most 1,000 .*got 1,000,000,000"):
        call()


def test_a_billion_bidders_still_work_where_the_result_is_immediate():
    """(A guard: the limit is only where the exact result holds powers of n.)"""
    assert auction_theory.expected_revenue(10**9) == auction_theory.auctioneer_payoff(10**9)


@pytest.mark.parametrize("call", [
    lambda: bluffer_theory.round_leaders(4, questions=10**9),
    lambda: bluffer_theory.round_expected([bluffer_theory.P] * 4, questions=10**9),
    lambda: bluffer_theory.round_variance([0, 0, 0, 0], questions=10**9),
], ids=["round_leaders", "round_expected", "round_variance"])
def test_bluffer_rounds_refuse_a_billion_questions(call):
    with pytest.raises(ValueError, match=r"questions must be at most 1,000 \(a round is 6\), got 1,000,000,000"):
        call()


def test_hand_law_refuses_a_billion_unseen_cards():
    with pytest.raises(ValueError, match=r"unseen_cards must be at most 1,000 .*got 1,000,000,000"):
        bloff_bayes.hand_law(10**9, 4, 10**9)


# -- 3. arrays that would not fit ---------------------------------------------------------------


def test_simulate_sealed_refuses_a_billion_bidders():
    with pytest.raises(ValueError, match=r"n_bidders: at most 100,000 bidders an auction, got 1,000,000,000"):
        auction_sim.simulate_sealed(n_bidders=10**9, n_auctions=1)


def test_bids_sample_refuses_a_frame_too_big():
    with pytest.raises(ValueError, match=r"n_auctions: at most 3,333,333 auctions of 3 bidders .*10,000,000 rows"):
        auction_sim.bids_sample(3, n_auctions=10**9)


def test_simulate_engine_refuses_a_billion_auctions():
    with pytest.raises(RulesError, match=r"auctions: at most 1,000,000 in one call .*got 1,000,000,000"):
        auction_lab.simulate_engine(auctions=10**9)


def test_simulate_duels_refuses_a_billion_duels():
    with pytest.raises(RulesError, match=r"duels: at most 10,000,000 in one call .*got 1,000,000,000"):
        trade_duels.simulate_duels(duels=10**9)


# -- 4. one value where a list is expected ------------------------------------------------------


def test_textbook_table_wants_lists():
    with pytest.raises(ValueError, match=r"ns must be a list of bidder counts, e.g. \[2, 3, 5\], got 5"):
        auction_theory.textbook_table(5)
    with pytest.raises(ValueError, match=r"formats must be a list of formats.*got 'first'"):
        auction_theory.textbook_table([2], "first")


@pytest.mark.parametrize("strategy", [None, 1, 1.5])
def test_simulate_sealed_refuses_a_strategy_that_is_no_name(strategy):
    with pytest.raises(ValueError, match=r"strategy must be one of 'equilibrium', 'truthful', 'shade' or a list "
                                         rf"with one per bidder, got {strategy!r}"):
        auction_sim.simulate_sealed(3, 100, strategy=strategy)


@pytest.mark.parametrize("kwargs, match", [
    ({"spots": 0.5}, r"spots must be a list of spots in \[0, 1\], e.g. \[0, 0.5, 1\], got 0.5"),
    ({"players": 4}, r"players must be a list of player counts from 3 to 5, e.g. \[3, 4, 5\], got 4"),
])
def test_expected_points_frame_wants_lists(kwargs, match):
    with pytest.raises(ValueError, match=match):
        bluffer_theory.expected_points_frame(**kwargs)


@pytest.mark.parametrize("call", [
    lambda: count_auctions.note_cost(5, 3),
    lambda: count_auctions.cost_curve(5),
    lambda: count_auctions.most_notes(None, 30),
    lambda: count_auctions.simulate_hand(hand=7, auctions=1),
], ids=["note_cost", "cost_curve", "most_notes", "simulate_hand"])
def test_count_auctions_refuse_a_hand_that_is_no_list(call):
    with pytest.raises(RulesError, match=r"a hand gives one count >= 0 per denomination \(0, 10, 50, 100, 200, "
                                         r"500\) \(a list such as \(2, 6, 0, 0, 0, 0\)\), got (5|None|7)"):
        call()


def test_count_auctions_refuse_odd_denominations_and_bidders():
    with pytest.raises(RulesError, match=r"denoms must be a list of note values.*got 5"):
        count_auctions.note_cost((2, 4, 1, 0, 0, 0), 3, denoms=5)
    with pytest.raises(RulesError, match=r"bidders must be an int >= 1, got None"):
        count_auctions.simulate_hand(bidders=None, auctions=1)


@pytest.mark.parametrize("faces", [3, 2.5, "123"])
def test_expected_cost_refuses_faces_that_are_no_list(faces):
    with pytest.raises(ValueError, match=r"faces must be a list of whole numbers >= 1 \(the die's faces\), "
                                         r"e.g. \[1, 2, 3\], got "):
        move_cost.expected_cost("animal-market", "start", "pen-2", faces=faces)


@pytest.mark.parametrize("lie_sizes", [1, "x", [float("nan")], [None]])
def test_p_lie_refuses_lie_sizes_that_are_no_list_of_numbers(lie_sizes):
    with pytest.raises(ValueError, match=r"lie_sizes are weights >= 0 of the claim sizes 1, 2, \.\.\., not all 0, "
                                         r"a list such as \(1,\) or \(3, 1\); got "):
        bloff_bayes.p_lie(1, 0, 39, 13, lie_sizes=lie_sizes)


# -- 5. bloff_bayes counts and probabilities ----------------------------------------------------


@pytest.mark.parametrize("kwargs, match", [
    ({"in_hand": -1}, r"in_hand must be an integer >= 0, got -1"),
    ({"revealed": None}, r"revealed must be an integer >= 0, got None"),
    ({"unseen_cards": 39.0}, r"unseen_cards must be an integer >= 0, got 39.0"),
    ({"claimant_cards": "13"}, r"claimant_cards must be an integer >= 0, got '13'"),
    ({"lie_prob": None}, r"lie_prob is a probability from 0 to 1, got None"),
    ({"lie_prob": float("nan")}, r"lie_prob is a probability from 0 to 1, got nan"),
])
def test_p_lie_checks_its_counts_and_probability(kwargs, match):
    args = {"k": 1, "in_hand": 0, "unseen_cards": 39, "claimant_cards": 13} | kwargs
    with pytest.raises(ValueError, match=match):
        bloff_bayes.p_lie(**args)


@pytest.mark.parametrize("args, match", [
    ((None, 4, 13), r"unseen_cards must be an integer >= 0, got None"),
    (("39", 4, 13), r"unseen_cards must be an integer >= 0, got '39'"),
    ((39, [4], 13), r"unseen_copies must be an integer >= 0, got \[4\]"),
    ((39, 4, 13.0), r"claimant_cards must be an integer >= 0, got 13.0"),
])
def test_hand_law_checks_its_counts(args, match):
    with pytest.raises(ValueError, match=match):
        bloff_bayes.hand_law(*args)


def test_p_lie_still_reads_its_valid_arguments():
    assert bloff_bayes.p_lie(1, 0, 39, 13, lie_sizes=(x for x in (1, 1))) == Fraction(23, 127)


# -- 6. trade_duels.simulate_duels --------------------------------------------------------------


@pytest.mark.parametrize("high", [float("nan"), float("inf"), "3", 0, -1, True, 10**400])
def test_simulate_duels_refuses_an_odd_high(high):
    with pytest.raises(RulesError, match=r"high must be a number > 0 and at most 1e\+12 \(the top of the values\)"):
        trade_duels.simulate_duels(10, high=high)


@pytest.mark.parametrize("kwargs", [{"strategy": []}, {"rival": {}}])
def test_simulate_duels_refuses_a_strategy_that_is_no_name(kwargs):
    with pytest.raises(RulesError, match=r"unknown strategy .*; choose from equilibrium, half, nothing"):
        trade_duels.simulate_duels(10, **kwargs)


# -- 7. count_auctions formulas -----------------------------------------------------------------


@pytest.mark.parametrize("kwargs, match", [
    ({"unit": 0}, r"unit must be a number > 0 \(the value of each other note\) or a sympy symbol, got 0"),
    ({"unit": None}, r"unit must be a number > 0 .*got None"),
    ({"unit": float("nan")}, r"unit must be a number > 0 .*got nan"),
    ({"zeros": -1}, r"zeros must be a number >= 0 \(the free 0-notes of each hand\) or a sympy symbol, got -1"),
    ({"zeros": "1"}, r"zeros must be a number >= 0 .*got '1'"),
])
def test_count_bid_expr_checks_its_numbers(kwargs, match):
    with pytest.raises(RulesError, match=match):
        count_auctions.count_bid_expr(**kwargs)


@pytest.mark.parametrize("high", [-1, 0, None, "60", float("inf")])
def test_count_revenue_expr_checks_high(high):
    with pytest.raises(RulesError, match=r"high must be a number > 0 \(the top of the values\) or a sympy symbol"):
        count_auctions.count_revenue_expr(3, high)


# -- 8. auction_lab's typed boxes and the what-if sweep -----------------------------------------


def test_parse_values_refuses_no_text():
    with pytest.raises(RulesError, match=r"values must be text such as '300, 450, 800', got None"):
        auction_lab.parse_values(None, 3)
    with pytest.raises(RulesError, match=r"players must be a whole number >= 1, got None"):
        auction_lab.parse_values("300", None)


@pytest.mark.parametrize("args, match", [
    ((5, 2), r"scripts must be text such as '1: bid 100, pass; 2: bid 120', got 5"),
    (("1: bid 100", None), r"bidders must be a whole number >= 1, got None"),
    (("1: bid 100", 2, 1), r"scripted must be a list of bidders \(1 to 2\), e.g. \[1, 2\], got 1"),
])
def test_parse_scripts_checks_its_arguments(args, match):
    with pytest.raises(RulesError, match=match):
        auction_lab.parse_scripts(*args)


@pytest.mark.parametrize("kwargs, match", [
    ({"values": "x"}, r"values must be a list of numbers, e.g. \[0.9, 0.6, 0.3\], got 'x'"),
    ({"bids": None}, r"bids must be a list of numbers, e.g. \[0.6, 0.4, 0.2\], got None"),
    ({"xs": "3"}, r"xs must be a list of numbers, e.g. \[0.5, 0.7\], got '3'"),
    ({"xs": True}, r"xs must be a list of numbers, e.g. \[0.5, 0.7\], got True"),
    ({"xs": [True, 0.5]}, r"xs must be a list of numbers, e.g. \[0.5, 0.7\], got \[True, 0.5\]"),
])
def test_what_if_sweep_wants_lists_of_numbers(kwargs, match):
    args = {"values": [0.9, 0.6, 0.3], "bids": [0.6, 0.4, 0.2], "bidder": 1, "fmt": "second", "xs": [0.5]} | kwargs
    with pytest.raises(ValueError, match=match):
        auction_sim.what_if_sweep(**args)
