"""Count auctions: the cost of a bid in notes, the symmetric theory, and the engine's bids."""

import pytest
import sympy as sp

from bluffkit.analysis import count_auctions as ca
from bluffkit.core.errors import RulesError

D = (0, 10, 50, 100, 200, 500)
YB_START = (2, 4, 1, 0, 0, 0)          # You're Bluffing!, Setup: two 0s, four 10s, one 50


def test_cost_curve_takes_the_cheapest_notes():
    # "0-notes count just as much as any other note" (Bidder Up!, Auction Pens)
    assert ca.cost_curve(YB_START, D) == [0, 0, 0, 10, 20, 30, 40, 90]
    assert ca.note_cost((0, 0, 0, 1, 1, 1), 2, D) == 300, "100 + 200, never the 500"
    assert ca.most_notes(YB_START, 39, D) == 5
    assert ca.most_notes(YB_START, 90, D) == 7
    assert ca.most_notes((0, 0, 0, 1, 1, 1), 99, D) == 0


@pytest.mark.parametrize("bad", [(-1, 0, 0, 0, 0, 0), (1, 2), (1.0, 0, 0, 0, 0, 0)])
def test_a_bad_hand_is_refused(bad):
    with pytest.raises(RulesError, match="one count >= 0 per denomination"):
        ca.note_cost(bad, 0, D)


def test_more_notes_than_held_is_refused():
    with pytest.raises(RulesError, match="from 0 to 7"):
        ca.note_cost(YB_START, 8, D)


def test_theory_shifts_the_first_price_bid_by_the_zeros():
    z, w, v, n = ca.Z, ca.W, ca.V, ca.N
    assert sp.simplify(ca.count_bid_expr() - (z + (n - 1) * v / (n * w))) == 0
    assert ca.count_bid_expr(3, 2, 10).subs(v, 60) == 6
    assert ca.count_revenue_expr(3, 60) == 30
    assert ca.count_revenue_expr(2, 1) == sp.Rational(1, 3)


def test_engine_bids_follow_the_theory_floored_to_whole_notes():
    df = ca.simulate_hand("secret-count", bidders=3, auctions=40, seed=4)
    assert len(df) == 120 and set(df.pricing) == {"count"}
    expected = [2 + int(2 * v / 3 // 10) for v in df.value]
    assert list(df.notes) == expected, "each bidder lays its zeros plus (n-1)/n of its value in tens"
    assert (df.cost == (df.notes - 2) * 10).all()
    won = df[df.won]
    assert (won.revenue == won.cost).all(), "the winner's notes are the auctioneer's money"


def test_efficient_means_the_lot_went_to_the_highest_value():
    """``efficient`` says "whether the lot went to the highest value" (simulate_hand's
    docstring): in each auction it is true exactly when the row that won has the auction's
    largest value. Count bids are whole notes, so close values lay as many notes and the
    auctioneer's choice of tie ("In case of a tie, the auctioneer may choose", Secret Count)
    sometimes gives the lot to a lower value: both outcomes occur in 40 auctions."""
    df = ca.simulate_hand("secret-count", bidders=3, auctions=40, seed=4)
    for i, rows in df.groupby("auction"):
        want = bool(rows.won.any()) and rows[rows.won].value.iloc[0] == rows.value.max()
        assert (rows.efficient == want).all(), \
            f"auction {i}: values {list(rows.value)}, won {list(rows.won)}, efficient {list(rows.efficient)}"
    assert df.efficient.any() and not df.efficient.all(), "both outcomes should occur"


def test_value_auction_bids_in_money():
    df = ca.simulate_hand("secret-value", bidders=3, auctions=20, seed=4)
    assert (df.notes == 0).all() and (df.bid == df.cost).all()
    assert (df.bid % 10 == 0).all()


def test_only_sealed_formats():
    with pytest.raises(RulesError, match="sealed formats"):
        ca.simulate_hand("dutch", auctions=1)


def test_count_bids_are_numbers_of_notes():
    """In a count auction "the number of notes bid counts": ``bid`` is the number of notes
    laid, not their money (the class hand's 0s and 10s make the two differ), and the price is
    in the same unit, the winner's count of notes."""
    df = ca.simulate_hand("secret-count", bidders=3, auctions=20, seed=1)
    laid = df[df.notes > 0]
    assert len(laid) == len(df), "every bidder lays its zeros at least"
    assert (laid.bid == laid.notes).all()
    assert (laid.bid != laid.cost).any(), "counts and money differ on this hand"
    won = df[df.won]
    assert (won.price == won.notes).all()


def test_a_budget_of_nothing_still_lays_the_zeros():
    # "0-notes count just as much as any other note": with no money to spend, the two 0s are free
    assert ca.most_notes(YB_START, 0, D) == 2
    assert ca.most_notes((0, 4, 1, 0, 0, 0), 0, D) == 0
    with pytest.raises(RulesError, match=r"^budget must be a number >= 0, got -1$"):
        ca.most_notes(YB_START, -1, D)


def test_a_hand_may_hold_as_many_notes_as_the_engine_and_no_more():
    from bluffkit.auctions.rules import MAX_NOTES
    assert ca.note_cost((MAX_NOTES, 0, 0, 0, 0, 0), 3, D) == 0
    with pytest.raises(RulesError, match=rf"^a hand holds at most {MAX_NOTES:,} notes, as in the auction engine; "
                                         rf"got {MAX_NOTES + 1:,}$"):
        ca.note_cost((MAX_NOTES, 1, 0, 0, 0, 0), 3, D)


def test_one_bidder_is_told_the_formats_table():
    # Secret Count seats 3 to 4 with the auctioneer: one bidder makes 2
    with pytest.raises(RulesError, match=r"Secret Count, is for 3 to 4 players \(auctioneer included\), got 2"):
        ca.simulate_hand("secret-count", bidders=1, auctions=1)


@pytest.mark.parametrize("call, said", [
    (lambda: ca.count_bid_expr(3, 2, 0), r"^unit must be a number > 0 \(the value of each other note\)"),
    (lambda: ca.count_bid_expr(3, -1, 10), r"^zeros must be a number >= 0 \(the free 0-notes of each hand\)"),
    (lambda: ca.count_revenue_expr(3, 0), r"^high must be a number > 0 \(the top of the values\)"),
    (lambda: ca.count_bid_expr(3, 2, sp.Integer(0)), r"^unit must be a number > 0"),
    (lambda: ca.count_revenue_expr(3, sp.Integer(0)), r"^high must be a number > 0"),
], ids=["unit 0", "zeros -1", "high 0", "sympy unit 0", "sympy high 0"])
def test_symmetric_theory_refuses_a_note_or_a_scale_of_nothing(call, said):
    with pytest.raises(RulesError, match=said):
        call()


def test_numpy_whole_numbers_are_numbers():
    # a hand, a count of notes and a budget read from a numpy array: the same as Python's
    import numpy as np
    hand = np.array(YB_START)
    assert ca.note_cost(hand, np.int64(5), D) == 30
    assert ca.most_notes(hand, np.int64(35), D) == 5
    assert ca.cost_curve(hand, D) == [0, 0, 0, 10, 20, 30, 40, 90]
