"""Analysis functions refuse odd arguments in words (which argument, what it takes, what was
given) instead of raw Python errors, hangs or huge arrays. Every refusal here is immediate."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
import sympy as sp

from bluffkit.analysis import (
    auction_lab,
    auction_sim,
    auction_theory,
    bidder_up,
    bloff_bayes,
    bluffer_data,
    bluffer_theory,
    bluffer_votes,
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


# -- 9. numpy (and sympy) integers are counts too ------------------------------------------------


@pytest.mark.parametrize("call", [
    lambda i: auction_theory.expected_revenue(i(3)),
    lambda i: auction_theory.order_statistic_cdf(i(4), i(2)),
    lambda i: auction_theory.right_gain(i(3), "second"),
    lambda i: bluffer_data.simulate(i(3), 0.5, i(1), 1, rounds=1),
    lambda i: bidder_up.board_spaces("fairground", i(3)),
    lambda i: bidder_up.simulate_board(games=i(1), board="fairground", players=i(3), progress=False).seats,
    lambda i: auction_lab.simulate_engine(bidders=i(3), auctions=i(3)),
    lambda i: auction_lab.parse_scripts("1: pass", i(2)),
    lambda i: trade_duels.simulate_duels(duels=i(10)),
    lambda i: bluffer_votes.spot_estimate(i(12), i(40)),
    lambda i: bloff_bayes.p_lie(k=i(1), in_hand=0, unseen_cards=39, claimant_cards=13),
    lambda i: move_cost.move_costs("animal-market", "start", roll=i(1), budget_notes=i(1)),
], ids=["expected_revenue", "order_statistic_cdf", "right_gain", "bluffer_data.simulate", "board_spaces",
        "simulate_board", "simulate_engine", "parse_scripts", "simulate_duels", "spot_estimate", "p_lie", "move_costs"])
def test_a_numpy_integer_count_gives_what_the_plain_int_gives(call):
    """They were refused in words that contradicted themselves ("must be an integer >= 2 ...,
    got np.int64(3)"; "Bluffer is for 2 to 10 players, got np.int64(3)")."""
    got, plain = call(np.int64), call(int)
    assert got.equals(plain) if hasattr(got, "equals") else got == plain


def test_a_loop_over_np_arange_works_and_sympy_integers_are_counts():
    assert [auction_theory.expected_revenue(n, "second") for n in np.arange(2, 6)] == \
        [auction_theory.expected_revenue(n, "second") for n in range(2, 6)]
    assert auction_theory.revenue_variance(sp.Integer(5)) == auction_theory.revenue_variance(5)
    assert auction_theory.refusal_probability(sp.Integer(2)) == auction_theory.refusal_probability(2)
    assert auction_theory.expected_revenue(auction_theory.N) == (auction_theory.N - 1) / (auction_theory.N + 1)


@pytest.mark.parametrize("n", [True, np.bool_(True), 3.0, sp.Symbol("m")], ids=["True", "np.True_", "float", "symbol"])
def test_the_theory_still_refuses_bools_floats_and_other_symbols(n):
    with pytest.raises(ValueError, match=r"n \(the number of bidders\) must be an integer >= 2 or the symbol N"):
        auction_theory.expected_revenue(n)


def test_numpy_counts_still_refuse_a_bool():
    with pytest.raises(RulesError, match=r"duels must be an int >= 1, got True"):
        trade_duels.simulate_duels(duels=True)
    with pytest.raises(RulesError, match=r"truth_votes must be a count \(an int >= 0\), got np\.True_"):
        bluffer_votes.spot_estimate(np.bool_(True), 4)


# -- 10. order_statistic_cdf checks n before j ---------------------------------------------------


@pytest.mark.parametrize("function", [auction_theory.order_statistic_cdf, auction_theory.order_statistic_density])
@pytest.mark.parametrize("n", [0, -3])
def test_order_statistics_blame_n_not_j(function, n):
    """order_statistic_cdf(0) said "j ... must be at most n = 0, got 1"."""
    with pytest.raises(ValueError, match=rf"^n \(the number of bidders\) must be an integer >= 2 or the symbol N, "
                                         rf"got {n}$"):
        function(n)


# -- 11. simulate_engine: a scale too small to bid at --------------------------------------------


@pytest.mark.parametrize("scale", [0.5, 1e-9, 10, 99.9])
def test_simulate_engine_refuses_a_scale_too_small_to_bid_at(scale):
    """At a scale of 0.5 every value was below the smallest bid (10): nobody bid, every lot
    went unsold (winner -1, price 0), without a word."""
    with pytest.raises(RulesError, match=r"bids and payments move in steps of 10 .*give a scale of at least 100 "):
        auction_lab.simulate_engine("second-hand", 3, 20, scale=scale)
    with pytest.raises(RulesError, match=r"give a scale of at least 100 "):
        auction_lab.draw_values("uniform", 3, 1, scale=scale)


def test_the_smallest_scale_is_said_for_the_law_given_and_sells():
    with pytest.raises(RulesError, match=r"values 'uniform\(0, 0\.05\)' times scale 1000 reach at most 50 in money.*"
                                         r"at least 2,000 "):
        auction_lab.simulate_engine("classic", 3, 5, values="uniform(0, 0.05)")
    df = auction_lab.simulate_engine("second-hand", 3, 40, scale=auction_lab.MIN_TOP_MONEY, seed=1)
    assert (df.winner > 0).mean() > 0.9


# -- 12. parse_values: which value is wrong, and how many were typed ------------------------------


@pytest.mark.parametrize("typed, players, match", [
    ("300, 1_000, 3", 3, r"^Value 2 of the 3 typed, '1_000', is not a number \(write 1000, not 1_000\)\. Type 3 "
                         r"values from 0 to 10,000"),
    ("1, nan, 2, 3", 4, r"^Value 2 of the 4 typed, 'nan', is no number \(nan and inf are no "
                        r"values\)\. Type 4 values"),
    ("1; 2; 3; 10001", 4, r"^Value 4 of the 4 typed, '10001', is more than 10,000, the largest value\. Type 4"),
    # (a negative value was told "not a number from 0 to 10,000 (nan and inf are no values)")
    ("-5, 100, 200, 300", 4, r"^Value 1 of the 4 typed, '-5', is below 0: a value is what the lot is worth to a "
                             r"player, 0 or more\. Type 4 values"),
    ("1, -inf, 2", 3, r"^Value 2 of the 3 typed, '-inf', is no number \(nan and inf"),
    ("1, \u22125, 2", 3, r"^Value 2 of the 3 typed, '\u22125', is below 0: a value is what"),     # a minus sign
    ("1, \u2013x, 2", 3, r"^Value 2 of the 3 typed, '\u2013x', is not a number\. Type 3"),
    ("1, 2, x", 3, r"^Value 3 of the 3 typed, 'x', is not a number\. Type 3 values"),
    ("300, 450", 3, r"^2 values typed, 3 needed\. Type 3 values from 0 to 10,000, the auctioneer's first"),
    ("1, 2, 3, 4", 3, r"^4 values typed, 3 needed\. "),
])
def test_parse_values_names_the_value_and_the_count(typed, players, match):
    with pytest.raises(RulesError, match=match):
        auction_lab.parse_values(typed, players)


def test_parse_values_still_reads_plain_numbers():
    assert auction_lab.parse_values("300, 25; 1e3", 3) == [300.0, 25.0, 1000.0]


# -- 13. the command line: --seed is written as --games is ---------------------------------------


def test_seed_takes_the_forms_games_takes(tmp_path, capsys):
    """``--games 1e3`` was a thousand games but ``--seed 1e3`` an "invalid int value"."""
    from bluffkit import cli

    def simulate(seed: str, out: str) -> int:
        return cli.main(["simulate", "youre-bluffing", "--players", "3", "--games", "2", "--seed", seed,
                         "--no-progress", "--out", str(tmp_path / out)])

    assert simulate("1e3", "a.csv") == 0 and simulate("1_000", "b.csv") == 0 and simulate("1000", "c.csv") == 0
    assert (tmp_path / "a.csv").read_bytes() == (tmp_path / "c.csv").read_bytes() == (tmp_path / "b.csv").read_bytes()
    capsys.readouterr()
    for bad in ("1.5", "-1", "1e400", "x", "nan"):
        assert simulate(bad, "bad.csv") == 2
        err = capsys.readouterr().err
        assert err.startswith("bluffkit: --seed takes a whole number from 0 to 2**1024 - 1 (e.g. 1000, 10_000 or "
                              "1e6), got ") and err.count("\n") == 1, err
    assert not (tmp_path / "bad.csv").exists()
    help_text = " ".join(cli.build_parser()._subparsers._group_actions[0].choices["simulate"].format_help().split())
    assert "--seed SEED the same seed plays the same games: 0 to 2**1024 - 1, written as --games is" in help_text
