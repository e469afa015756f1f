"""Boundaries of the auction rules of Bidder Up! ("The Auctions", "Special Moments During an
Auction"): the smallest and largest values a rule allows, and the words of the refusals at
those edges. Expected values come from the booklet; seat 0 is the auctioneer unless a test
says otherwise."""

from __future__ import annotations

import numpy as np
from test_auction_rules import game, run

from bluffkit.testing import assert_refused


def test_the_seat_one_past_the_last_is_no_seat():
    # three players sit in seats 0, 1 and 2: seat 3 is no seat at the table
    g = game("classic")
    s = g.state_from_position(3, auctioneer=0, lot=["cow"])
    assert_refused(g, s, 3, "bid 10", "no-such-seat")
    t = g.table(s)
    assert t.explain(t.legal(3), g.parse("bid 10"))[0] == "no-such-seat", "the working copy's words"


def test_a_refused_auctioneer_bid_says_the_auctioneer_may_not_bid():
    # "Important: they themselves may not bid in the auction."
    g = game("classic")
    s = g.state_from_position(3, auctioneer=0, lot=["cow"])
    err = assert_refused(g, s, 0, "bid 10", "auctioneer-does-not-bid")
    assert "may not bid" in err.reason, err.reason


def test_a_classic_bid_too_low_names_the_highest_bid_and_the_least_raise():
    # "Each bid must exceed the current highest bid by at least 10": after 120, 125 is refused
    # and the words name the highest bid, 120, and the least bid allowed, 130
    g = game("classic")
    s = g.step(g.state_from_position(3, auctioneer=0, lot=["horse"]), 1, "bid 120")
    err = assert_refused(g, s, 2, "bid 125", "bid-too-low")
    assert "(120)" in err.reason and "130" in err.reason, err.reason


def test_a_cat_in_the_bag_pen_holds_at_most_three_animals():
    # "The auctioneer reveals the 3 animals in the pen"
    g = game("cat-in-the-bag")
    s = g.state_from_position(3, auctioneer=0)
    assert_refused(g, s, None, "pen cow,horse,goat,sheep", "bad-pen")


def test_round_the_table_a_bid_is_at_least_1_and_0_is_no_bid():
    # every player "bids exactly once": a bid names an amount; bidding nothing is a pass
    g = game("round-the-table")
    s = g.state_from_position(3, auctioneer=0, lot=["cow"])
    assert g.legal(s, 1).bid == (1, None)
    assert_refused(g, s, 1, "bid 0", "bid-too-low")


def test_a_second_sealed_bid_is_refused_as_bids_are_revealed_together():
    # "all fellow players simultaneously place a secret bid ... They then all reveal their bids
    # together": a bidder who has bid waits for the others
    g = game("secret-value")
    s = g.step(g.state_from_position(3, auctioneer=0, lot=["cow"]), 1, "bid 100")
    err = assert_refused(g, s, 1, "bid 120", "already-bid")
    assert "revealed together" in err.reason, err.reason


def test_a_second_dutch_decision_at_a_count_is_refused_in_the_dutch_words():
    # Dutch: no bid is made; at each count a fellow player grabs the hammer or not, and the
    # refusal says so ("has decided at 10", as the narration does), not "made its bid"
    g = game("dutch")
    s = g.step(g.state_from_position(3, auctioneer=0, lot=["cow"]), 1, "pass")
    err = assert_refused(g, s, 1, "take", "already-bid")
    assert "decided at 10" in err.reason and "bid" not in err.reason, err.reason


def test_dutch_each_count_is_a_new_decision_for_every_bidder():
    # "count down slowly and evenly, starting from 10": at 9 nobody has yet grabbed or waited
    g = game("dutch")
    s = run(g, g.state_from_position(3, auctioneer=0, lot=["cow"]), (1, "pass"), (2, "pass"))
    assert g.observe(s, 1).count == 9
    assert s.bids == (None, None, None)
    assert g.observe(s, 1).bids == (None, None, None), "seat 1 has not decided at 9"
    s = g.step(s, 1, "take")
    assert g.observe(s, 2).bids == (None, None, None), "seat 1's grab at 9 is hidden from seat 2"


def test_sealed_bidders_played_in_a_loop_each_see_their_own_hand():
    # a seat sees its own notes and only their count for the others: with different hands,
    # each bidder of a loop of sealed bids is shown its own
    g = game("secret-value")
    money = ["200+100", "50+10", "500+100+10"]
    s = g.state_from_position(3, auctioneer=0, money=money, lot=["cow"])
    t = g.table(s)
    seen = {}

    def bidder(obs, legal, rng):
        seen[obs.seat] = obs.hand
        return legal.sample(rng)

    rngs = [np.random.default_rng(i) for i in range(3)]
    t.run([bidder] * 3, rngs, lambda move: None, 2)
    assert set(seen) == {1, 2}
    for seat in (1, 2):
        assert seen[seat] == s.money[seat], f"seat {seat} is shown another hand"
    assert seen[1] != seen[2]


def test_dutch_a_state_drawn_for_another_seat_does_not_keep_the_real_grab():
    # a grab is made unseen: the states drawn for seat 2 must not carry seat 1's real grab in
    # the list of those who grabbed while its decision itself is drawn again
    g = game("dutch")
    s = g.step(g.state_from_position(3, auctioneer=0, lot=["cow"]), 1, "take")
    assert s.takers == (1,)
    rng = np.random.default_rng(5)
    drawn = [g.hide_from(s, 2, rng) for _ in range(30)]
    for d in drawn:
        assert d.takers == tuple(b for b in (1, 2) if d.bids[b] == 1), (d.bids, d.takers)
    assert any(d.takers == () for d in drawn), "seat 1's grab is never drawn away"


def test_number_call_names_at_least_1_note_and_a_cap_of_1_still_allows_it():
    # "The other player directly names the number of notes they're willing to pay": 0 notes is
    # no bid (that is a pass); a player holding one note may still name 1
    g = game("number-call")
    s = g.state_from_position(2, auctioneer=0, lot=["cow"])
    assert g.legal(s, 1).bid == (1, None)
    assert_refused(g, s, 1, "bid 0", "bid-too-low")
    t = g.table(s)
    assert t._legal_bid(1, "bid", 1).bid == (1, 1), "a cap of one note allows a bid of 1"



def test_a_repeated_split_pen_gives_each_animal_once():
    # "Can't pay, must show ... The auction is then repeated": B alone bids 1000 with 540, so
    # the cow left free to the auctioneer on that sale is not kept into the repeat; on the repeat
    # nobody bids and the auctioneer gets both animals, each once
    g = game("secret-value", double=True)
    s = g.state_from_position(3, auctioneer=0, lot=["cow", "horse"])
    s = run(g, s, (1, "bid 1000"), (2, "pass"))
    assert s.phase == "bid" and s.reruns == 1, "B could not pay: the auction is repeated"
    assert s.owners == ()
    s = run(g, s, (1, "pass"), (2, "pass"))
    assert s.phase == "over" and sorted(s.owners) == sorted(((s.lot[0], 0), (s.lot[1], 0)))


def test_american_count_a_raise_without_notes_says_there_are_none_left():
    # "If they raise, they place 1 note face-down": a seat holding no note is told why it cannot
    g = game("american-count")
    full = (2, 4, 2, 2, 1, 0)
    s = g.state_from_position(4, 0, [full, (0,) * 6, full, full], lot=["cow"])
    err = assert_refused(g, s, 1, "raise 10", "cannot-raise")
    assert "no notes left" in err.reason, err.reason
