"""Odd inputs to the analysis helpers (and to reading a log) are refused in words, with the
project's own errors, instead of a TypeError, AttributeError, KeyError or OverflowError from
deep inside; numpy integers are taken where a plain int is, and give the same results."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from paths import TESTS

from bluffkit.analysis import auction_sim, auction_theory, count_auctions, scoring_theory, trade_duels
from bluffkit.core import log as gamelog
from bluffkit.core.errors import LogError, RulesError
from bluffkit.games.youre_bluffing.rules import preset

# -- 1. auction_sim: summaries take simulate_sealed's frame; the sweep refuses huge values ------


@pytest.fixture(scope="module")
def sealed():
    return auction_sim.simulate_sealed(3, 50, seed=1)


@pytest.mark.parametrize("summarize", [auction_sim.revenue_summary, auction_sim.efficiency_summary],
                         ids=["revenue_summary", "efficiency_summary"])
@pytest.mark.parametrize("df", [None, [1, 2], "revenue", {"revenue": [1.0]}], ids=["None", "list", "text", "dict"])
def test_summaries_refuse_what_is_not_a_frame(summarize, df):
    name = summarize.__name__
    with pytest.raises(ValueError, match=rf"{name} takes the frame of simulate_sealed\(\.\.\.\), got "
                                         rf"{type(df).__name__}"):
        summarize(df)


def test_efficiency_summary_names_the_columns_a_frame_lacks(sealed):
    with pytest.raises(ValueError, match=r"efficiency_summary takes the frame of simulate_sealed\(\.\.\.\); this "
                                         r"frame has no column 'highest_value', 'refused'"):
        auction_sim.efficiency_summary(sealed.drop(columns=["highest_value", "refused"]))


@pytest.mark.parametrize("summarize, df", [
    (auction_sim.revenue_summary, pd.DataFrame({"revenue": [0.1, 0.2]})),
    (auction_sim.efficiency_summary, pd.DataFrame({"efficient": [True], "highest_value": [0.5],
                                                   "winning_value": [0.5], "refused": [False]})),
], ids=["revenue_summary", "efficiency_summary"])
def test_summaries_refuse_a_frame_without_any_column_to_group_by(summarize, df):
    with pytest.raises(ValueError, match=r"this frame has none of the columns it groups by \('format', 'n', "
                                         r"'strategy', 'right'\)"):
        summarize(df)


def test_revenue_summary_wants_a_column_of_numbers_by_name(sealed):
    with pytest.raises(ValueError, match=r"column must be the name \(text\) of a column of the frame, e\.g\. "
                                         r"'revenue', got \['revenue'\]"):
        auction_sim.revenue_summary(sealed, ["revenue"])
    with pytest.raises(ValueError, match=r"column 'format' must hold numbers to average"):
        auction_sim.revenue_summary(sealed, "format")
    with pytest.raises(ValueError, match=r"column 'profit' is not in the frame \(columns: auction, format"):
        auction_sim.revenue_summary(sealed, "profit")


def test_summaries_of_a_simulated_frame_are_unchanged(sealed):
    r = auction_sim.revenue_summary(sealed)
    assert r[["format", "n", "auctions"]].values.tolist() == [["first-price", 3, 50]]
    assert r["mean"].item() == pytest.approx(sealed["revenue"].mean())
    assert auction_sim.efficiency_summary(sealed)["efficient"].item() == 1.0


@pytest.mark.parametrize("kwargs, match", [
    ({"values": [10**400, 2]}, r"values: 1000000000000000000.*\(401 characters\) is too large; the numbers must "
                               r"be within ±1\.8e\+308"),
    ({"bids": [0.5, -10**400]}, r"bids: -1000000000000000000.* is too large"),
    ({"xs": 10**400}, r"xs: 1000000000000000000.* is too large"),
    ({"values": [2, 10**5000]}, r"values: a number of more than 4,300 digits is too large"),
])
def test_what_if_sweep_refuses_numbers_too_large_for_a_float(kwargs, match):
    args = {"values": [0.9, 0.6], "bids": [0.6, 0.4], "bidder": 1, "fmt": "second", "xs": [0.5]} | kwargs
    with pytest.raises(ValueError, match=match):
        auction_sim.what_if_sweep(**args)


def test_what_if_sweep_still_takes_large_ints_a_float_holds():
    w = auction_sim.what_if_sweep([10**300, 2], [np.int64(3), 1], 1, "second", [0, 4])
    assert w["winner"].tolist() == [0, 1] and w["price"].tolist() == [0.0, 3.0]


# -- 2. scoring_theory: orders is a mapping, held a list --------------------------------------

YB = preset("youre_bluffing")


@pytest.mark.parametrize("orders", [[[1, 2]], "cheapest", 5], ids=["list", "text", "int"])
def test_score_table_wants_a_mapping_of_orders(orders):
    with pytest.raises(RulesError, match=r"orders must be a mapping of names to lists of family indexes, e\.g\. "
                                         r"\{'mine': \[7, 3, 0\]\}, got "):
        scoring_theory.score_table(YB, orders=orders)


@pytest.mark.parametrize("held", [None, 7, "73", {7: 1}], ids=["None", "int", "text", "dict"])
def test_marginal_frame_wants_a_list_of_families(held):
    with pytest.raises(RulesError, match=r"held must be a list of family indexes 0\.\.9 or names, e\.g\. \[7, 3\] or \['pig', 'dog'\], got "):
        scoring_theory.marginal_frame(YB, held=held)


def test_score_table_names_the_order_that_is_no_list():
    with pytest.raises(RulesError, match=r"order 'mine' must be a list of family indexes 0\.\.9 or names, .*got None"):
        scoring_theory.score_table(YB, orders={"mine": None})


def test_family_indexes_may_be_numpy_ints_and_give_the_same_frames():
    assert scoring_theory.marginal_frame(YB, np.array([7, 3])).equals(scoring_theory.marginal_frame(YB, [7, 3]))
    assert scoring_theory.score_table(YB, {"a": np.arange(3)}).equals(scoring_theory.score_table(YB, {"a": [0, 1, 2]}))
    assert scoring_theory.marginal_value(YB, [np.int64(7)], np.int64(3)) == scoring_theory.marginal_value(YB, [7], 3)
    with pytest.raises(RulesError, match=r"held: True is neither a family index 0\.\.9"):
        scoring_theory.marginal_frame(YB, [True])


# -- 3. count_auctions.simulate_hand: fmt is text; numpy counts are taken ----------------------


@pytest.mark.parametrize("fmt", [["x"], {"secret-count": 1}, None, 3], ids=["list", "dict", "None", "int"])
def test_simulate_hand_wants_a_format_name(fmt):
    with pytest.raises(RulesError, match=r"simulate_hand plays the sealed formats \(.*secret-count.*\), got "):
        count_auctions.simulate_hand(fmt=fmt, auctions=1)


def test_simulate_hand_takes_numpy_numbers_and_gives_the_same_frame():
    plain = count_auctions.simulate_hand(high=60, bidders=3, auctions=4, seed=2)
    numpy = count_auctions.simulate_hand(high=np.int64(60), bidders=np.int64(3), auctions=np.int64(4),
                                         seed=np.int64(2))
    assert numpy.equals(plain)
    assert count_auctions.simulate_hand(high=np.float64(60.0), auctions=4, seed=2).equals(plain)


@pytest.mark.parametrize("high", [np.int64(10_001), np.int64(0), np.bool_(True)], ids=["too-high", "zero", "np-bool"])
def test_simulate_hand_still_refuses_numpy_values_out_of_bounds(high):
    with pytest.raises(RulesError, match=r"high must be a number above 0: a bidder's value is at most 10,000"):
        count_auctions.simulate_hand(high=high, auctions=1)


def test_simulate_hand_still_refuses_a_bool_count():
    with pytest.raises(RulesError, match=r"auctions must be an int >= 1, got True"):
        count_auctions.simulate_hand(auctions=True)


# -- 4. trade_duels.trade_result: moves is a list of pairs -------------------------------------

START = {"leader": "Anna", "herds": {"Anna": {"6": 1}, "Ben": {"6": 1}}}


@pytest.mark.parametrize("moves", [None, 5, "trade 1 6 10"], ids=["None", "int", "text"])
def test_trade_result_wants_a_list_of_moves(moves):
    with pytest.raises(RulesError, match=r"moves must be a list of \(player, move\) pairs, e\.g\. .*got "):
        trade_duels.trade_result("horse-trading", moves, START)


def test_trade_result_wants_pairs_and_a_list_of_seats():
    with pytest.raises(RulesError, match=r"moves\[1\] must be a \(player, move\) pair .*got 'Ben'"):
        trade_duels.trade_result("horse-trading", [("Anna", "trade 1 6 10+0+0"), "Ben"], START)
    with pytest.raises(RulesError, match=r"seats must be a list of names, e\.g\. .*got None"):
        trade_duels.trade_result("horse-trading", [], START, seats=None)


def test_trade_result_of_a_rulebook_trade_is_unchanged():
    r = trade_duels.trade_result("horse-trading", [("Anna", "trade 1 6 10+0+0"), ("Ben", "counter 50+0")], START)
    assert r["gain"] == {"Anna": 40, "Ben": -40, "Carla": 0}


# -- 6. log.parse: the contents are text or bytes ------------------------------------------------


@pytest.mark.parametrize("data", [None, 5, ["{}"], Path("game.jsonl")], ids=["None", "int", "list", "path"])
def test_parse_refuses_what_is_not_text_or_bytes(data):
    with pytest.raises(LogError, match=r"^game\.jsonl: a log's contents are text or bytes, got ") as caught:
        gamelog.parse(data, path="game.jsonl")
    assert caught.value.line == 0


def test_parse_points_a_path_to_read():
    with pytest.raises(LogError, match=r"\(PosixPath|WindowsPath\) \(to read a file, use read\(path\)\)"):
        gamelog.parse(Path("game.jsonl"))


def test_parse_still_reads_text_bytes_and_bytearray():
    data = (TESTS / "logs" / "bloff.jsonl").read_bytes()
    log, states = gamelog.parse(data)
    for same in (data.decode("utf-8"), bytearray(data)):
        again, again_states = gamelog.parse(same)
        assert again.moves == log.moves and len(again_states) == len(states)


# -- 7. auction_theory.textbook_table: numpy arrays of bidder counts -----------------------------


def test_textbook_table_takes_a_numpy_array_of_counts():
    table = auction_theory.textbook_table(np.arange(2, 6))
    assert table.equals(auction_theory.textbook_table([2, 3, 4, 5]))
    assert auction_theory.summary(np.int64(3)) == auction_theory.summary(3)


ROWS = r"n \(the number of bidders\) must be an integer >= 2 for summary and textbook_table \(their rows are floats\)"


@pytest.mark.parametrize("ns, match", [
    (np.array([2.0, 3.0]), ROWS + r", got np\.float64"),
    (np.array([1, 2]), ROWS + r", got 1$"),
    (np.array([2, 2000]), r"n \(the number of bidders\) must be at most 1,000 .*got 2,000"),
    (np.array([True]), ROWS + r", got np\.True_"),
])
def test_textbook_table_still_refuses_arrays_of_other_counts(ns, match):
    """(Not offering the symbol N there: a row of floats refuses it, below.)"""
    with pytest.raises(ValueError, match=match):
        auction_theory.textbook_table(ns)
    with pytest.raises(ValueError, match=match):
        auction_theory.summary(ns[0] if ns[0] != 2 else ns[1])


@pytest.mark.parametrize("call", [lambda: auction_theory.summary(auction_theory.N),
                                  lambda: auction_theory.textbook_table([auction_theory.N])],
                         ids=["summary", "textbook_table"])
def test_summary_refuses_the_symbol_n_in_words(call):
    """A row of floats needs a number of bidders: the symbol N gave sympy's TypeError."""
    with pytest.raises(ValueError, match=r"n \(the number of bidders\) must be an integer >= 2 for summary and "
                                         r"textbook_table \(their rows are floats\), got the symbol N"):
        call()
