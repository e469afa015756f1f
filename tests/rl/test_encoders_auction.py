"""The auction's encoding (bluffkit.rl.encoders.auction) at the booklet's worked examples.

Second Hand ("8. Second Hand"): "André auctions off a cow. Annette bids the most with 120,
followed by Frank, who bids 100. Annette ... only has to pay 100." Seats: André 0, Annette 1,
Frank 2, a fourth bidder 3 who passes.
"""

from __future__ import annotations

import numpy as np
import pytest

from bluffkit.auctions.actions import PASS, SELL, Bid, Choose
from bluffkit.core.errors import RulesError
from bluffkit.core.game import make_game

pytest.importorskip("pettingzoo")
from bluffkit.rl.encoders.auction import CHOOSE_START, PAY_INDEX, REFUSAL_START, AuctionEncoder  # noqa: E402


@pytest.fixture
def second_hand():
    g = make_game("auction", format="second-hand")
    return g, AuctionEncoder(g, 4), g.state_from_position(4, auctioneer=0, lot=["cow"])


def test_a_bid_is_an_index_on_the_grid_of_tens(second_hand):
    g, enc, s = second_hand
    mask = enc.mask(g.legal(s, 1))
    allowed = set(np.flatnonzero(mask).tolist())
    grid = {enc.amount_start + k for k in range(1, 55)}          # 10 .. 540: a bid is at least 1
    assert allowed == {0} | grid, f"Annette may pass or bid 10 to 540, the mask allows {sorted(allowed)}"
    assert enc.action(enc.amount_start + 12, g.legal(s, 1)) == Bid(120)
    assert enc.action(0, g.legal(s, 1)) == PASS
    assert enc.action_name(enc.amount_start + 12) == "bid/call/lay 120"
    assert not enc.mask(g.legal(s, 0)).any(), "the auctioneer never bids, so its mask is empty"


def test_the_booklet_sale_played_by_indices(second_hand):
    g, enc, s = second_hand
    for seat, index in [(1, enc.amount_start + 12), (2, enc.amount_start + 10), (3, 0)]:
        s = g.step(s, seat, enc.action(index, g.legal(s, seat)))
    assert s.awards == ((1, (8,), 100),), "Annette wins the cow at Frank's 100"
    legal = g.legal(s, 0)
    assert enc.action(REFUSAL_START, legal) == SELL
    s = g.step(s, 0, SELL)
    legal = g.legal(s, 1)
    assert np.flatnonzero(enc.mask(legal)).tolist() == [PAY_INDEX], "Annette's only move is to pay"
    pay = enc.action(PAY_INDEX, legal)
    assert str(pay) == "pay 100", f"100 is paid with the 100 note, exactly, not {pay}"
    s = g.step(s, 1, pay)
    assert g.scores(s) == (100, -100, 0, 0)


def test_a_sealed_bid_does_not_reach_another_bidders_vector(second_hand):
    g, enc, s = second_hand
    seen = [enc.observation(g.observe(g.step(s, 1, Bid(b)), 2)) for b in (10, 120, 540)]
    assert all(np.array_equal(seen[0], v) for v in seen), "Frank's vector shows Annette's sealed bid"
    own = enc.observation(g.observe(g.step(s, 1, Bid(120)), 1))
    bids = enc.layout["bids"]
    assert own[bids][0] == pytest.approx(120 / 540) and own[bids][4] == 1, "Annette's vector lacks her own bid"


def test_the_bids_turned_over_before_a_rerun_reach_every_vector(second_hand):
    """"Can't pay, must show": Annette (100 + 10 in notes) bids 400, Frank 300, the fourth
    seat passes; she owes Frank's 300, cannot pay, shows, and the auction is run again.
    Everyone saw the bids; every seat's vector keeps them (a pass reads 0, known)."""
    g, enc = second_hand[0], second_hand[1]
    s = g.state_from_position(4, auctioneer=0, lot=["cow"], money=[None, "100+10", None, None])
    for seat, bid in [(1, Bid(400)), (2, Bid(300)), (3, PASS)]:
        s = g.step(s, seat, bid)
    assert s.reruns == 1
    part = enc.layout["revealed"]
    for seat in range(4):
        v = enc.observation(g.observe(s, seat))[part]
        order = [(seat + k) % 4 for k in range(4)]            # rotated: the observer first
        want = [{1: 400, 2: 300, 3: 0}.get(x, 0) / 540 for x in order] + [float(x != 0) for x in order]
        assert v.tolist() == pytest.approx(want), (seat, v)


def test_count_pricing_pays_with_the_cheapest_notes():
    g = make_game("auction", format="dutch")
    enc = AuctionEncoder(g, 4)
    s = g.state_from_position(4, auctioneer=0, lot=["cow"])
    while s.phase == "bid" and s.count > 3:          # nobody takes until the count is 3
        for seat in g.to_move(s):
            s = g.step(s, seat, enc.action(0, g.legal(s, seat)))
    s = g.step(s, 1, enc.action(1, g.legal(s, 1)))      # Annette takes at 3
    for seat in g.to_move(s):
        s = g.step(s, seat, PASS)
    s = g.step(s, 0, SELL)
    pay = enc.action(PAY_INDEX, g.legal(s, 1))
    assert str(pay) == "pay 10+0+0", f"three notes: the two 0s and a 10 are the cheapest, not {pay}"


def test_choose_is_relative_and_a_bad_index_is_refused():
    g = make_game("auction", format="secret-value")
    enc = AuctionEncoder(g, 4)
    s = g.state_from_position(4, auctioneer=0, lot=["cow"])
    for seat, bid in [(1, 120), (2, 120), (3, 50)]:
        s = g.step(s, seat, Bid(bid))
    legal = g.legal(s, 0)
    assert s.phase == "choose", "a tie goes to the auctioneer's choice"
    assert np.flatnonzero(enc.mask(legal)).tolist() == [CHOOSE_START + 1, CHOOSE_START + 2]
    assert enc.action(CHOOSE_START + 2, legal) == Choose(2)
    with pytest.raises(RulesError, match=r"action index 0 \(pass\) is not allowed for seat 0 now; allowed: 13"):
        enc.action(0, legal)


@pytest.mark.parametrize("options", [dict(step=1000), dict(denominations=(0, 1, 5), start_money=(1, 3, 1)),
                                     dict(step=25, start_money=(0, 2, 0, 0, 0, 0))])
def test_the_call_with_a_grid_coarser_than_its_calls_is_refused(options):
    """The Call's auctioneer may call any amount down to the smallest note; with calls on a
    grid of `step`, an auctioneer holding less than a step had an empty mask while it had
    to move. Such settings are refused when the encoder is made; the default encodes."""
    with pytest.raises(RulesError, match="The Call's calls go down to the smallest note"):
        AuctionEncoder(make_game("auction", format="the-call", **options), 2)
    AuctionEncoder(make_game("auction", format="the-call"), 2)


def test_the_fewest_notes_for_each_amount_are_those_every_subset_gives():
    """Laying notes as a sealed bid (``sealed_bids="notes"``): the mask listed every subset
    of the hand to find the fewest notes for each amount, one second for 60 notes and
    hours for more. A coin change over the amounts gives the same notes (the same one on
    a tie), checked here against every subset of small hands, and a hand of 240 notes."""
    import random
    from itertools import product

    from bluffkit.core.money import total
    from bluffkit.rl.encoders.auction import _fewest_notes

    def every_subset(hand, d, unit, grid):
        fewest = {}
        for notes in product(*(range(c + 1) for c in hand)):
            worth = total(notes, d)
            if sum(notes) and worth % unit == 0 and worth // unit < grid:
                k = worth // unit
                if k not in fewest or sum(notes) < sum(fewest[k]):
                    fewest[k] = notes
        return fewest

    rng = random.Random(7)
    for _ in range(400):
        d = rng.choice([(0, 10, 50, 100, 200, 500), (0, 1, 5), (0, 10, 20, 50, 100)])
        hand = tuple(rng.randint(0, 3) for _ in d)
        unit, grid = rng.choice([1, 5, 10, 20]), rng.randint(1, 80)
        assert _fewest_notes(hand, d, unit, grid) == every_subset(hand, d, unit, grid), (d, hand, unit, grid)
    big = _fewest_notes((40,) * 6, (0, 10, 50, 100, 200, 500), 10, 500)
    assert big[0] == (1, 0, 0, 0, 0, 0) and big[499] == (0, 4, 1, 0, 2, 9)      # 4,990 = 9x500 + 2x200 + 50 + 4x10


def test_the_payment_owed_is_in_the_payers_and_the_payees_vectors(second_hand):
    """The booklet's sale: André sells, so Annette owes him Frank's 100. Her vector's
    payments read 100 owed by her, André's 100 owed to him (over the start money, 540);
    Frank's, nothing."""
    g, enc, s = second_hand
    for seat, move in [(1, Bid(120)), (2, Bid(100)), (3, PASS), (0, SELL)]:
        s = g.step(s, seat, move)
    part = enc.layout["payments"]
    seen = {seat: enc.observation(g.observe(s, seat))[part].tolist() for seat in (0, 1, 2)}
    assert seen == {0: pytest.approx([0, 100 / 540]), 1: pytest.approx([100 / 540, 0]), 2: [0, 0]}, seen


def test_the_cat_in_the_bag_is_hidden_from_all_but_the_auctioneer_until_the_sale():
    """Cat in the Bag: the left neighbour picks a face-down card and "the auctioneer alone
    looks at the animal picked" until the sale is awarded: the bidders' vectors say the lot
    is hidden and hold no animal of it; the auctioneer's show it. At the end everyone sees it."""
    g = make_game("auction", format="cat-in-the-bag")
    enc = AuctionEncoder(g, 3)
    rng = np.random.default_rng(0)
    s = g.new_state(3)
    lay, bids_seen = enc.layout, 0
    while not g.is_over(s):
        if g.is_chance(s):
            s = g.step(s, None, g.sample_chance(s, rng))
            continue
        if s.phase == "bid":
            for seat in range(3):
                v = enc.observation(g.observe(s, seat))
                if seat == s.auctioneer:
                    assert v[lay["lot_hidden"]][0] == 0 and v[lay["lot"]].sum() == len(s.lot), "the auctioneer's lot"
                else:
                    assert v[lay["lot_hidden"]][0] == 1 and not v[lay["lot"]].any(), f"seat {seat} sees the lot"
            bids_seen += 1
        seat = g.to_move(s)[0]
        legal = g.legal(s, seat)
        s = g.step(s, seat, enc.action(int(np.flatnonzero(enc.mask(legal))[0]), legal))
    assert bids_seen, "no bid was made"
    for seat in range(3):
        v = enc.observation(g.observe(s, seat))
        assert v[lay["lot_hidden"]][0] == 0 and v[lay["lot"]].sum() == len(s.lot), f"seat {seat} at the end"


def test_the_lot_and_every_seats_money_are_in_the_bidders_vector(second_hand):
    """André's cow on sale, seen by Annette before any bid: the lot is a cow worth 800 (of
    the horse's 1,000, the highest value), the pen holds it, her notes are the start money
    (two 0s, four 10s, two 50s, two 100s, one 200: 11 notes worth 540) and every seat still
    holds 11 notes."""
    g, enc, s = second_hand
    v = enc.observation(g.observe(s, 1))
    lay = enc.layout
    cow = [0.0] * 8 + [1.0, 0.0]
    assert v[lay["lot"]].tolist() == cow and v[lay["lot_value"]].tolist() == pytest.approx([0.8])
    assert v[lay["pen"]].tolist() == pytest.approx(cow + [0.8]), "the pen's cow and its worth"
    assert v[lay["hand"]].tolist() == pytest.approx([2 / 11, 4 / 11, 2 / 11, 2 / 11, 1 / 11, 0, 540 / 540])
    assert v[lay["note_counts"]].tolist() == pytest.approx([1.0] * 4 + [1.0] * 4), "11 of 11 notes each, known"


def test_the_award_and_the_owner_reach_a_bidder_who_lost(second_hand):
    """The booklet's sale seen by Frank (seat 2) once André sold: the first award is
    Annette's (3 places on from Frank round 4 seats) at 100 (of the 540 start money) for a
    cow worth 800 of 1,000, the second award is empty, and the cow's owner is Annette."""
    g, enc, s = second_hand
    for seat, move in [(1, Bid(120)), (2, Bid(100)), (3, PASS), (0, SELL)]:
        s = g.step(s, seat, move)
    v = enc.observation(g.observe(s, 2))
    lay = enc.layout
    first = [1.0, 0, 0, 0, 1.0, 100 / 540, 0.8]
    assert v[lay["awards"]].tolist() == pytest.approx(first + [0.0] * 7), v[lay["awards"]]
    assert v[lay["owners"]].tolist() == pytest.approx([0, 0, 0, 0.8] + [1.0] * 4), v[lay["owners"]]


def test_a_bidder_who_had_to_show_bids_at_most_the_money_shown(second_hand):
    """"Can't pay, must show": Annette (100 + 10) bid 400 and showed her money; in the
    auction held again she may bid at most the 110 she showed. Her mask offers 10 to 110 and
    no more; every vector holds her cap, the money shown and the one rerun."""
    g, enc = second_hand[0], second_hand[1]
    s = g.state_from_position(4, auctioneer=0, lot=["cow"], money=[None, "100+10", None, None])
    for seat, bid in [(1, Bid(400)), (2, Bid(300)), (3, PASS)]:
        s = g.step(s, seat, bid)
    allowed = np.flatnonzero(enc.mask(g.legal(s, 1))).tolist()
    assert allowed == [0] + [enc.amount_start + k for k in range(1, 12)], f"pass or bid 10 .. 110, not {allowed}"
    lay = enc.layout
    v = enc.observation(g.observe(s, 2))                 # Frank: Annette sits 3 places on
    assert v[lay["caps"]].tolist() == pytest.approx([0, 0, 0, 110 / 540, 0, 0, 0, 1.0]), v[lay["caps"]]
    assert v[lay["shown"]].tolist() == pytest.approx([0, 0, 0, 110 / 540, 0, 0, 0, 1.0]), v[lay["shown"]]
    assert v[lay["reruns"]].tolist() == [1.0]


def test_the_dutch_count_is_in_the_vector_over_its_start():
    """Dutch: the count starts at 10 notes and goes down by one each round nobody takes;
    the count part reads it over 10."""
    g = make_game("auction", format="dutch")
    enc = AuctionEncoder(g, 4)
    s = g.state_from_position(4, auctioneer=0, lot=["cow"])
    part = enc.layout["count"]
    assert enc.observation(g.observe(s, 1))[part].tolist() == pytest.approx([1.0])
    for seat in g.to_move(s):
        s = g.step(s, seat, PASS)
    assert s.count == 9
    assert enc.observation(g.observe(s, 1))[part].tolist() == pytest.approx([0.9])


def test_secret_count_lays_any_number_of_notes_up_to_all_of_them():
    """Secret Count: the most notes laid face down wins, so laying all 11 of one's notes is
    a move; the mask offers pass and lay 1 .. 11 notes."""
    g = make_game("auction", format="secret-count")
    enc = AuctionEncoder(g, 3)
    s = g.state_from_position(3, auctioneer=0, lot=["cow"])
    allowed = np.flatnonzero(enc.mask(g.legal(s, 1))).tolist()
    assert allowed == [0] + [enc.amount_start + k for k in range(1, 12)], allowed
    laid = enc.action(enc.amount_start + 11, g.legal(s, 1))
    assert sum(laid.notes) == 11


def test_the_seats_tied_for_the_auctioneers_choice_are_in_every_vector():
    """Secret Value: Annette (1) and Frank (2) both bid 120, so André (0) chooses between
    them, openly. The choosing part reads an open choice and the two tied seats, turned to
    the observer: 1 and 2 places on for André, 2 and 3 for the fourth seat."""
    g = make_game("auction", format="secret-value")
    enc = AuctionEncoder(g, 4)
    s = g.state_from_position(4, auctioneer=0, lot=["cow"])
    for seat, bid in [(1, 120), (2, 120), (3, 50)]:
        s = g.step(s, seat, Bid(bid))
    part = enc.layout["choosing"]
    assert enc.observation(g.observe(s, 0))[part].tolist() == [1, 0, 1, 1, 0]
    assert enc.observation(g.observe(s, 3))[part].tolist() == [1, 0, 0, 1, 1]


def test_the_notes_a_seat_laid_face_down_are_counted_and_worth_in_its_vector():
    """Secret Count: Annette (1) lays two 0-notes and a 10 face down. She knows what she laid:
    3 notes of her 11 (known), two 0s and a 10 of 11 each, worth 10 of the 540 start money."""
    g = make_game("auction", format="secret-count")
    enc = AuctionEncoder(g, 3)
    s = g.step(g.state_from_position(3, auctioneer=0, lot=["cow"]), 1, "lay 0+0+10")
    v = enc.observation(g.observe(s, 1))
    lay = enc.layout
    placed = v[lay["placed_counts"]].tolist()
    assert (placed[0], placed[3]) == pytest.approx((3 / 11, 1.0)), placed
    assert v[lay["my_placed"]].tolist() == pytest.approx([2 / 11, 1 / 11, 0, 0, 0, 0, 10 / 540])


def test_the_auctioneer_keeping_the_lot_is_in_every_vector(second_hand):
    """The right of first refusal: in the booklet's sale André buys the cow himself instead
    of selling it; every seat's vector says one lot was kept."""
    g, enc, s = second_hand
    for seat, move in [(1, Bid(120)), (2, Bid(100)), (3, PASS), (0, g.parse("buy"))]:
        s = g.step(s, seat, move)
    for seat in range(4):
        assert enc.observation(g.observe(s, seat))[enc.layout["kept"]].tolist() == [1.0], seat


def test_a_call_of_0_is_a_call():
    """The Call: an auctioneer holding only two 0-notes may call 0 (a refused call is bought
    at it). The other player's vector reads a call made, at 0."""
    g = make_game("auction", format="the-call")
    enc = AuctionEncoder(g, 2)
    s = g.state_from_position(2, auctioneer=0, lot=["cow"], money=["0+0", None])
    s = g.step(s, 0, "call 0")
    assert enc.observation(g.observe(s, 1))[enc.layout["called"]].tolist() == [1.0, 0.0]


def test_no_lot_is_hidden_before_a_classic_auction_begins():
    """lot_hidden is Cat in the Bag's: in a Classic auction nothing is hidden, not even
    before the lot is set out, when the lot is still empty."""
    g = make_game("auction", format="classic")
    enc = AuctionEncoder(g, 3)
    s = g.new_state(3)
    for seat in range(3):
        assert enc.observation(g.observe(s, seat))[enc.layout["lot_hidden"]].tolist() == [0.0], seat
