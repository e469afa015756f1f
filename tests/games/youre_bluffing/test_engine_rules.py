"""Rule-by-rule tests of the You're Bluffing! / Horse Trading engine.

Each test checks one rule and names the rulebook section it comes from:

- YB: You're Bluffing! rulebook (shared/seeds/000_24ecb2a39eece5b2.txt)
- HT: Horse Trading rules (shared/seeds/003_cdab582bd47c4f5f.txt)
- DIGEST: shared/RULES.md section 1 (the project's defaults where the rulebooks are silent)

Expected numbers are worked out from the rulebooks by hand; the arithmetic is in the
comments. Everything goes through the public API (``YoureBluffing``).
"""

from __future__ import annotations

import copy

import pytest
from paths import TESTS
from yb_kit import D, F, ht, notes, play, yb

from bluffkit.core.errors import IllegalAction, RulesError
from bluffkit.games.youre_bluffing import PRESETS, VARIANTS, Rules, YoureBluffing, preset
from bluffkit.games.youre_bluffing.actions import Draw
from bluffkit.testing import assert_refused

START = 90  # two 0s, four 10s and one 50 (YB "Setup"; HT "Setup" 2)


def open_auction(g, s, *families):
    """The leader auctions; chance turns up ``families`` (one per animal in the lot)."""
    s = g.step(s, s.leader, "auction")
    for fam in families:
        s = g.step(s, None, f"draw {fam}")
    return s


def pass_round(g, s):
    """Every seat still asked in the current bidding round passes once, in table order."""
    assert s.phase == "bid", f"expected bidding, got phase {s.phase!r}"
    for seat in tuple(g.to_move(s)):
        s = g.step(s, seat, "pass")
    return s


def refused(g, s, seat, action, rule=None) -> IllegalAction:
    """``action`` by ``seat`` raises IllegalAction (with ``rule``, or one of the rules in a
    tuple, if given); ``s`` and a working copy of it are unchanged (the shared rules-test kit)."""
    return assert_refused(g, s, seat, action, rule)


#: Rule ids accepted when the leader tries to bid in their own auction.
LEADER_BIDS = ("leader-does-not-bid", "not-your-turn")


def herd(s, seat, family: str) -> int:
    return s.herds[seat][F[family]]


# ---------------------------------------------------------------------------------------------
# Auction: who may bid and how much
# ---------------------------------------------------------------------------------------------

def test_leader_cannot_bid():
    """YB "The Auctions": "The leader may not take part in the bidding." (HT Auction 2 too)."""
    g = yb()
    s = open_auction(g, g.new_state(players=3), "cow")
    assert s.phase == "bid"
    assert 0 not in g.to_move(s)
    assert not g.legal(s, 0).bid
    refused(g, s, 0, "bid 10", LEADER_BIDS)
    # still refused after another player has bid
    s = g.step(s, 1, "bid 10")
    refused(g, s, 0, "bid 20", LEADER_BIDS)


def test_non_leaders_may_bid_in_any_order():
    """HT Auction 2: "All the other players may now bid for it, in any order"; YB "The
    Auctions": all the other players have the right to bid. Seat 2 may open before seat 1."""
    g = yb()
    s = open_auction(g, g.new_state(players=3), "cow")
    assert set(g.to_move(s)) == {1, 2}
    s = g.step(s, 2, "bid 10")
    assert (s.high_bid, s.high_bidder) == (10, 2)
    s = g.step(s, 1, "bid 20")
    assert (s.high_bid, s.high_bidder) == (20, 1)


def test_a_pass_out_of_turn_order_takes_only_the_passers_turn():
    """HT Auction 2: the others bid "in any order"; YB "The Auctions": all the other
    players have the right to bid. Seat 2 passing before seat 1 has spoken leaves seat 1
    still asked, and seat 1 may bid; with four players seat 3 passing first leaves seats
    1 and 2."""
    g = yb()
    s = open_auction(g, g.new_state(players=3), "cow")
    s = g.step(s, 2, "pass")
    assert s.phase == "bid" and g.to_move(s) == (1,)
    s = g.step(s, 1, "bid 10")
    assert (s.high_bid, s.high_bidder) == (10, 1)
    s4 = open_auction(g, g.new_state(players=4), "cow")
    s4 = g.step(s4, 3, "pass")
    assert g.to_move(s4) == (1, 2)


def test_player_who_passed_may_bid_again_after_a_new_bid():
    """HT Auction 2: bid "as often as they like": a pass does not end a player's auction
    while someone else raises."""
    g = ht()
    s = open_auction(g, g.new_state(players=4), "9")
    s = play(g, s, (1, "bid 10"), (2, "pass"), (3, "bid 20"))
    assert 2 in g.to_move(s)
    s = g.step(s, 2, "bid 30")
    assert (s.high_bid, s.high_bidder) == (30, 2)


def test_yb_any_higher_bid_is_allowed():
    """YB "The Auctions": bids "must always be higher than the previously announced bid";
    no step size, so 11 after 10 is fine, and a first bid may be small (5)."""
    g = yb()
    s = open_auction(g, g.new_state(players=3), "cow")
    s = g.step(s, 1, "bid 5")
    s = g.step(s, 2, "bid 10")
    s = g.step(s, 1, "bid 11")
    assert (s.high_bid, s.high_bidder) == (11, 1)


@pytest.mark.parametrize("amount", [10, 9, 1])
def test_yb_bid_not_higher_than_last_is_refused(amount):
    """YB "The Auctions": every bid must be higher than the previous one (here 10)."""
    g = yb()
    s = open_auction(g, g.new_state(players=3), "cow")
    s = g.step(s, 1, "bid 10")
    err = refused(g, s, 2, f"bid {amount}", "bid-too-low")
    assert "11" in str(err), "the message should name the lowest allowed bid, 11"


def test_ht_first_bid_at_least_10():
    """HT Auction 2: "the first bid is at least 10"."""
    g = ht()
    s = open_auction(g, g.new_state(players=3), "9")
    refused(g, s, 1, "bid 0", "bid-too-low")
    refused(g, s, 1, "bid 5", "bid-too-low")
    s = g.step(s, 1, "bid 10")
    assert s.high_bid == 10


@pytest.mark.parametrize("amount", [15, 25, 55])
def test_ht_bids_are_multiples_of_10(amount):
    """HT Auction 2: "Bids are multiples of 10"."""
    g = ht()
    s = open_auction(g, g.new_state(players=3), "9")
    if amount > 20:
        s = g.step(s, 2, "bid 10")
    refused(g, s, 1, f"bid {amount}", "bid-multiple")


def test_ht_each_bid_at_least_10_higher():
    """HT Auction 2: "each new bid must be at least 10 higher than the last one"; more is
    fine (Ben jumps from 10 to 40 in the HT example)."""
    g = ht()
    s = open_auction(g, g.new_state(players=3), "9")
    s = g.step(s, 1, "bid 40")
    refused(g, s, 2, "bid 40", "bid-too-low")
    refused(g, s, 2, "bid 30", "bid-too-low")
    s2 = g.step(s, 2, "bid 50")
    assert s2.high_bid == 50
    s3 = g.step(s, 2, "bid 100")
    assert s3.high_bid == 100


def test_a_step_that_is_no_multiple_rounds_the_lowest_bid_up_to_one():
    """YB "The Auctions" / HT Auction 2 as options (docs/youre-bluffing.md: ``min_bid``,
    ``bid_step``, ``bid_multiple``): with each bid at least 15 higher and every bid a
    multiple of 10, the lowest bid after 10 is 10 + 15 = 25, not a multiple of 10, so 30.
    The legal range, its description and the random bot all say so."""
    import numpy as np
    g = yb(min_bid=10, bid_step=15, bid_multiple=10)
    s = open_auction(g, g.new_state(players=3), "cow")
    s = g.step(s, 1, "bid 10")
    legal = g.legal(s, 2)
    assert legal.bid == (30, None, 10)
    assert legal.description == "pass, bid 30 or more in steps of 10"
    refused(g, s, 2, "bid 25")
    refused(g, s, 2, "bid 20", "bid-too-low")
    assert g.step(s, 2, "bid 30").high_bid == 30
    sampled = {legal.sample(np.random.default_rng(k)) for k in range(60)}
    bids = {a.amount for a in sampled if a != g.parse("pass")}
    assert bids and min(bids) == 30 and all(b % 10 == 0 for b in bids), sorted(bids)
    assert all(legal.explain(a) is None for a in sampled)


def test_auction_closes_when_all_others_pass_and_leader_chooses():
    """YB "The Auctions" / HT Auction 3: when nobody bids higher the auction closes and the
    leader chooses to sell or to buy it (right of preemption)."""
    g = yb()
    s = open_auction(g, g.new_state(players=4), "cow")
    s = g.step(s, 1, "bid 10")
    s = g.step(s, 2, "pass")
    assert s.phase == "bid", "seat 3 has not answered yet"
    s = g.step(s, 3, "pass")
    assert s.phase == "decide"
    assert g.to_move(s) == (0,)
    legal = g.legal(s, 0)
    assert legal.sell and legal.buy
    refused(g, s, 1, "bid 20", "not-your-turn")


def test_sell_bidder_pays_leader_and_takes_the_animal():
    """YB "The Auctions": "It is the leader who receives the auction money" and the card goes
    to the highest bidder. Seat 1 bids 60 and pays 50 + 10: seat 1 90 - 60 = 30, leader
    90 + 60 = 150."""
    g = yb()
    s = open_auction(g, g.new_state(players=3), "cow")
    s = play(g, s, (1, "bid 60"), (2, "pass"), (0, "sell"))
    assert s.phase == "pay" and g.to_move(s) == (1,)
    s = g.step(s, 1, "pay 50+10")
    assert herd(s, 1, "cow") == 1 and herd(s, 0, "cow") == 0
    assert g.money_totals(s) == (150, 30, 90)
    assert s.phase == "turn" and s.leader == 1, "the player to the left becomes the leader"


def test_ht_auction_example_carla_sells_the_9_to_ben():
    """HT "Auction" example: Carla turns up a 9; Anna 10, Ben 40, Anna 50, Ben 60; Carla sells.
    Ben holds two 50s and two 0s, pays 50 + 50 = 100, gets no change, takes the 9."""
    g = ht()
    anna, ben, carla = 0, 1, 2
    s = g.state_from_position(players=3, leader=carla, money=[None, "50+50+0+0", None],
                              herds=[{}, {}, {}], pile=None)
    s = open_auction(g, s, "9")
    s = play(g, s, (anna, "bid 10"), (ben, "bid 40"), (anna, "bid 50"), (ben, "bid 60"),
             (anna, "pass"))
    assert s.phase == "decide" and (s.high_bid, s.high_bidder) == (60, ben)
    s = g.step(s, carla, "sell")
    assert [str(p) for p in g.legal(s, ben).payments(D)] == ["pay 50+50"]
    s = g.step(s, ben, "pay 50+50")
    assert s.herds[ben][F["cow"]] == 1          # the 9s are the cows (800)
    assert s.money[ben] == notes("0+0")         # no change
    assert g.money_totals(s) == (90, 0, 190)    # Carla 90 + 100


def test_buy_leader_pays_the_bidder_and_keeps_the_animal():
    """YB "The Leader's Right of Preemption": the leader pays the highest bidder the bid and
    takes the card. Seat 1 bids 40: leader 90 - 40 = 50, seat 1 90 + 40 = 130."""
    g = yb()
    s = open_auction(g, g.new_state(players=3), "cow")
    s = play(g, s, (1, "bid 40"), (2, "pass"), (0, "buy"))
    assert s.phase == "pay" and g.to_move(s) == (0,)
    s = g.step(s, 0, "pay 10+10+10+10")
    assert herd(s, 0, "cow") == 1 and herd(s, 1, "cow") == 0
    assert g.money_totals(s) == (50, 130, 90)
    assert s.leader == 1


def test_leader_buying_back_pays_without_change_too():
    """YB "Not the Exact Amount?": "This also applies to the leader when exercising their
    right of preemption." 45 cannot be paid exactly from 50+10+10+10+10 (four 10s make only
    40), so the leader gives the 50 alone; 50 + 10 would hold a superfluous 10."""
    g = yb()
    s = open_auction(g, g.new_state(players=3), "cow")
    s = play(g, s, (1, "bid 45"), (2, "pass"), (0, "buy"))
    assert [str(p) for p in g.legal(s, 0).payments(D)] == ["pay 50"]
    refused(g, s, 0, "pay 50+10", "payment")
    refused(g, s, 0, "pay 10+10+10+10", "payment")
    s = g.step(s, 0, "pay 50")
    assert herd(s, 0, "cow") == 1
    assert g.money_totals(s) == (40, 140, 90)


def test_buy_refused_when_leader_cannot_pay():
    """HT Auction 3: buy it yourself "only if you have enough money"; DIGEST: YB is silent,
    default not allowed (rule option buyback_without_funds="forbidden")."""
    assert PRESETS["youre_bluffing"].buyback_without_funds == "forbidden"
    assert PRESETS["horse_trading"].buyback_without_funds == "forbidden"
    for g, fam in ((yb(), "cow"), (ht(), "9")):
        s = open_auction(g, g.new_state(players=3), fam)
        s = play(g, s, (1, "bid 100"), (2, "pass"))   # the leader holds 90 < 100
        assert s.phase == "decide"
        assert not g.legal(s, 0).buy and g.legal(s, 0).sell
        refused(g, s, 0, "buy", "cannot-buy-back")


def test_buy_allowed_with_exactly_enough_money():
    """HT Auction 3: "only if you have enough money": 90 is enough for a bid of 90."""
    g = ht()
    s = open_auction(g, g.new_state(players=3), "9")
    s = play(g, s, (1, "bid 90"), (2, "pass"))
    assert g.legal(s, 0).buy
    s = play(g, s, (0, "buy"), (0, "pay 50+10+10+10+10"))
    assert herd(s, 0, "cow") == 1
    assert g.money_totals(s) == (0, 180, 90)


def test_buyback_show_and_rerun_option():
    """DIGEST (leader buys back but cannot pay): with buyback_without_funds="show_and_rerun"
    the leader is treated like a bidder who cannot pay (YB "Not Enough Money?"): the leader
    shows all money and the auction is held again."""
    g = yb(buyback_without_funds="show_and_rerun")
    s = open_auction(g, g.new_state(players=3), "cow")
    s = play(g, s, (1, "bid 100"), (2, "pass"), (0, "buy"))
    assert s.phase == "bid"
    assert (0, notes("50+10+10+10+10+0+0")) in s.shown
    assert g.money_totals(s) == (90, 90, 90)
    assert herd(s, 0, "cow") == 0 and s.lot == (F["cow"],)
    # held again: the leader, whose money (90) everyone has seen, may buy back at exactly
    # that ("treated like a bidder": one who can pay the price), not above it
    rerun = play(g, s, (1, "bid 90"), (2, "pass"))
    bought = play(g, rerun, (0, "buy"), (0, "pay 50+10+10+10+10"))
    assert herd(bought, 0, "cow") == 1 and g.money_totals(bought) == (0, 180, 90)
    over = play(g, s, (1, "bid 100"), (2, "pass"))
    assert_refused(g, over, 0, "buy")
    # The leader never bids ("The leader may not take part in the bidding"): the table is
    # told what the cap means for the leader.
    before = play(g, open_auction(g, g.new_state(players=3), "cow"), (1, "bid 100"), (2, "pass"))
    said = g.narrate(before, 0, g.parse("buy"), s, ["Anna", "Ben", "Carla"])
    assert said.endswith("Anna may buy it back for at most 90."), said


def test_a_leader_who_showed_only_zero_notes_may_not_buy_back():
    """DIGEST (leader buys back but cannot pay), option show_and_rerun: the leader is
    treated like a bidder who cannot pay (YB "Not Enough Money?"), who may then offer "no
    more than they have" (HT "Can't pay?"). Anna holds two 0s, worth 0: after showing them
    she may not buy back at 10; she may only sell."""
    g = yb(buyback_without_funds="show_and_rerun")
    s = g.state_from_position(players=3, leader=0, money=["0+0", None, None], herds=[{}, {}, {}])
    s = open_auction(g, s, "cow")
    s = play(g, s, (1, "bid 10"), (2, "pass"), (0, "buy"))
    assert s.phase == "bid" and (0, notes("0+0")) in s.shown
    s = play(g, s, (1, "bid 10"), (2, "pass"))
    assert s.phase == "decide"
    assert g.legal(s, 0).simple == (g.parse("sell"),)
    refused(g, s, 0, "buy")


# ---------------------------------------------------------------------------------------------
# No bid at all
# ---------------------------------------------------------------------------------------------

def test_yb_no_bid_offered_three_times_then_leader_takes_it_free():
    """YB "Not the Exact Amount?": "the leader must offer the card to the other players three
    times ... If, during that time, no bid has been made, the leader gets the offered card
    without paying anything." One or two rounds of passes are not enough."""
    g = yb()
    s = open_auction(g, g.new_state(players=3), "cow")
    for call in (1, 2):
        s = pass_round(g, s)
        assert s.phase == "bid", f"after {call} call(s) the animal is still on offer"
        assert herd(s, 0, "cow") == 0
    s = pass_round(g, s)
    assert herd(s, 0, "cow") == 1
    assert g.money_totals(s) == (90, 90, 90), "the leader pays nothing"
    assert s.phase == "turn" and s.leader == 1


def test_ht_no_bid_called_once_more_then_leader_takes_it_free():
    """HT Auction 4: "No bids at all: call out the animal once more. If still nobody bids,
    you take it for free." One round of passes is not enough; two are."""
    g = ht()
    s = open_auction(g, g.new_state(players=3), "9")
    s = pass_round(g, s)
    assert s.phase == "bid" and herd(s, 0, "cow") == 0
    s = pass_round(g, s)
    assert herd(s, 0, "cow") == 1
    assert g.money_totals(s) == (90, 90, 90)
    assert s.leader == 1


def test_yb_a_late_small_bid_still_buys_the_animal():
    """YB: "If, on the other hand, a player makes a bid, however small, the leader hands them
    the card and receives the money". A bid in the second call round sells the animal."""
    g = yb()
    s = open_auction(g, g.new_state(players=3), "cow")
    s = pass_round(g, s)
    s = g.step(s, 2, "bid 10")
    s = g.step(s, 1, "pass")
    assert s.phase == "decide"
    s = play(g, s, (0, "sell"), (2, "pay 10"))
    assert herd(s, 2, "cow") == 1
    assert g.money_totals(s) == (100, 90, 80)


@pytest.mark.parametrize("ruleset, calls", [("youre-bluffing", 3), ("horse-trading", 2)])
def test_an_auction_held_again_is_offered_the_full_number_of_times(ruleset, calls):
    """YB "Not Enough Money?": "The auction then starts over", and with no bid the leader
    offers the card "three times" before taking it free (HT "Can't pay?": "the auction is
    held again"; Auction 4: called out once more, so twice in all). One silent call, then a
    bid of 100 that Ben (90) cannot pay: the calls of the auction held again count from the
    first, and it takes all of them before Anna takes the animal free."""
    g = YoureBluffing.create(ruleset)
    s = open_auction(g, g.new_state(players=3), "cow" if ruleset == "youre-bluffing" else "9")
    s = pass_round(g, s)
    s = play(g, s, (1, "bid 100"), (2, "pass"), (0, "sell"))
    assert s.phase == "bid" and s.calls == 0
    for _ in range(calls - 1):
        s = pass_round(g, s)
        assert s.phase == "bid" and herd(s, 0, "cow") == 0
    s = pass_round(g, s)
    assert herd(s, 0, "cow") == 1 and g.money_totals(s) == (90, 90, 90)


# ---------------------------------------------------------------------------------------------
# Paying: no change
# ---------------------------------------------------------------------------------------------

def _pay_phase(g, money_of_payer: str | None, bid: int):
    """YB: seat 1 (money ``money_of_payer``) wins ``bid`` for a cow; the leader sells."""
    s = g.state_from_position(players=3, leader=0, money=[None, money_of_payer, None],
                              herds=[{}, {}, {}], pile=None)
    s = open_auction(g, s, "cow")
    s = play(g, s, (1, f"bid {bid}"), (2, "pass"), (0, "sell"))
    assert s.phase == "pay" and g.to_move(s) == (1,)
    return s


def test_payment_must_be_exact_when_possible():
    """YB "Not the Exact Amount?": "It is forbidden to make change. A player who cannot give
    the exact sum must give more" -- so one who can give it exactly must. 60 from
    50+10+10+10+10 is 50 + 10; 50 + 10 + 10 or 50 + 50 would need change."""
    g = yb()
    s = _pay_phase(g, None, 60)
    refused(g, s, 1, "pay 50+10+10", "payment")
    refused(g, s, 1, "pay 10+10+10+10+50", "payment")
    s20 = _pay_phase(g, None, 20)
    refused(g, s20, 1, "pay 50", "payment")
    s = g.step(s, 1, "pay 50+10")
    assert g.money_totals(s) == (150, 30, 90)


def test_payment_more_when_exact_impossible_but_no_superfluous_note():
    """YB "Not the Exact Amount?" / HT "Paying": "If you can't pay the exact amount, you pay
    more." Holding 100, 50 and 10, a bid of 55 cannot be paid exactly; 50 + 10 (60) or the
    100 alone cover it; 100 + 10 or 100 + 50 hold a note that could be left out."""
    g = yb()
    s = _pay_phase(g, "100+50+10", 55)
    valid = {str(p) for p in g.legal(s, 1).payments(D)}
    assert valid == {"pay 50+10", "pay 100"}
    refused(g, s, 1, "pay 100+10", "payment")
    refused(g, s, 1, "pay 100+50", "payment")
    refused(g, s, 1, "pay 50", "payment")           # less than 55
    after = g.step(s, 1, "pay 50+10")
    assert g.money_totals(after) == (150, 100, 90)
    after = g.step(s, 1, "pay 100")
    assert g.money_totals(after) == (190, 60, 90)


def test_small_yb_bid_paid_with_one_note():
    """YB "Not the Exact Amount?": a bid of 5 cannot be paid exactly with 0/10/50 notes, so
    the bidder pays more: a single 10 (10 + 10 would give a superfluous note)."""
    g = yb()
    s = _pay_phase(g, None, 5)
    refused(g, s, 1, "pay 10+10", "payment")
    s = g.step(s, 1, "pay 10")
    assert g.money_totals(s) == (100, 80, 90)


def test_zero_notes_are_never_part_of_a_payment():
    """YB "Setup": the 0s are "bluff cards"; a payment of the exact sum never needs one, so
    adding a 0 to a payment is refused."""
    g = yb()
    s = _pay_phase(g, None, 60)
    refused(g, s, 1, "pay 50+10+0", "payment")
    refused(g, s, 1, "pay 0", "payment")


def test_paying_with_notes_not_held_is_refused():
    """A player pays with their own notes (YB "Not the Exact Amount?"): a 100 that seat 1
    does not hold cannot be paid."""
    g = yb()
    s = _pay_phase(g, None, 60)
    err = refused(g, s, 1, "pay 100", "payment")
    assert "not hold" in str(err)


def test_only_the_payer_may_pay():
    """YB "The Auctions": the highest bidder pays the leader; nobody else pays."""
    g = yb()
    s = _pay_phase(g, None, 60)
    refused(g, s, 0, "pay 50+10", "not-your-turn")
    refused(g, s, 2, "pay 50+10", "not-your-turn")


# ---------------------------------------------------------------------------------------------
# A bidder who cannot pay
# ---------------------------------------------------------------------------------------------

def test_bidder_who_cannot_pay_shows_money_and_the_auction_is_held_again():
    """YB "Not Enough Money?": "A player who realizes they cannot pay the sum they bid at
    auction must show all their money to the other players. The auction then starts over."
    Seat 1 bids 100 holding 90; no money and no animal change hands; the same cow is bid
    for again, by all non-leaders, from the start."""
    g = yb()
    s = open_auction(g, g.new_state(players=3), "cow")
    pile = s.pile
    s = play(g, s, (1, "bid 100"), (2, "pass"), (0, "sell"))
    assert s.phase == "bid"
    assert set(g.to_move(s)) == {1, 2}
    assert s.high_bidder == -1
    assert s.lot == (F["cow"],) and s.pile == pile, "the same animal, no new card"
    assert (1, notes("50+10+10+10+10+0+0")) in s.shown
    assert (1, notes("50+10+10+10+10+0+0")) in g.observe(s, 2).shown, "shown to everybody"
    # ... so a state redealt for another seat keeps the hand shown (hide_from)
    import numpy as np
    for k in range(20):
        assert g.hide_from(s, 2, np.random.default_rng(k)).money[1] == notes("50+10+10+10+10+0+0")
    assert g.money_totals(s) == (90, 90, 90)
    assert all(herd(s, seat, "cow") == 0 for seat in range(3))


def test_bidder_who_showed_money_may_bid_at_most_what_they_hold():
    """HT "Can't pay?": "the auction is held again, and in it they may bid no more than they
    have." Ben held 90 (HT start money), so 100 is refused with its own rule and 90 is fine."""
    g = ht()
    s = open_auction(g, g.new_state(players=3), "9")
    s = play(g, s, (1, "bid 100"), (2, "pass"), (0, "sell"))
    err = refused(g, s, 1, "bid 100", "bid-over-shown-money")
    assert "90" in str(err)
    refused(g, s, 1, "bid 500", "bid-over-shown-money")
    s = g.step(s, 1, "bid 90")
    # the others are not capped
    s = g.step(s, 2, "bid 100")
    assert (s.high_bid, s.high_bidder) == (100, 2)


def test_bidder_whose_shown_money_is_below_the_lowest_bid_may_only_pass():
    """HT "Can't pay?": in the auction held again Ben "may bid no more than they have"
    (90). Once Carla bids 100 the lowest bid is 110 (HT "Auction": +10 or more), so Ben may
    only pass: his Legal offers no bid, so no view, bot or panel offers one either."""
    from bluffkit.games.youre_bluffing.view import options
    from bluffkit.widgets.words import yb_prompt

    g = ht()
    s = open_auction(g, g.new_state(players=3), "9")
    s = play(g, s, (1, "bid 100"), (2, "pass"), (0, "sell"), (1, "bid 50"), (2, "bid 100"))
    assert g.to_move(s) == (1,)
    legal = g.legal(s, 1)
    assert not legal.bid and legal.simple == (g.parse("pass"),)
    assert legal.description == "pass"
    assert legal.actions() == (g.parse("pass"),)
    obs = g.observe(s, 1)
    assert options(obs) == "pass"
    assert "bid" not in yb_prompt("Ben", obs, ["Anna", "Ben", "Carla"])
    err = refused(g, s, 1, "bid 110", "bid-over-shown-money")
    assert "may only pass" in str(err)
    import numpy as np
    assert {str(legal.sample(np.random.default_rng(k))) for k in range(20)} == {"pass"}
    with pytest.raises(IllegalAction, match="no legal action"):      # the leader: nothing to choose
        g.legal(s, 0).sample(np.random.default_rng(0))


def test_the_random_bot_draws_its_price_as_before_when_it_may_only_pass():
    """Seeded games stay as they were: the random bot (bids in tens) drew its price, then
    passed, when its shown money was below the lowest bid; with no bid in its Legal it
    still draws that one number, so its later choices are the same."""
    import numpy as np

    from bluffkit.agents.youre_bluffing import RandomAgent
    g = ht()
    s = open_auction(g, g.new_state(players=3), "9")
    s = play(g, s, (1, "bid 100"), (2, "pass"), (0, "sell"), (1, "bid 50"), (2, "bid 100"))
    capped, obs = g.legal(s, 1), g.observe(s, 1)
    fresh = open_auction(g, g.new_state(players=3), "9")
    later, later_obs = g.legal(fresh, 1), g.observe(fresh, 1)
    for seed in range(30):
        a, b = RandomAgent(overbid=60), RandomAgent(overbid=60)
        ra, rb = np.random.default_rng(seed), np.random.default_rng(seed)
        assert str(a.act(obs, capped, ra)) == "pass"
        b.stream(rb)()                               # the one number the old bid range drew
        assert [str(a.act(later_obs, later, ra)) for _ in range(6)] == \
               [str(b.act(later_obs, later, rb)) for _ in range(6)]


def test_capped_bidder_who_wins_again_pays():
    """HT "Can't pay?": in the auction held again the capped player may win with a bid they
    can pay; then the sale goes through (90 from 50+10+10+10+10)."""
    g = ht()
    s = open_auction(g, g.new_state(players=3), "9")
    s = play(g, s, (1, "bid 100"), (2, "pass"), (0, "sell"))
    s = play(g, s, (1, "bid 90"), (2, "pass"), (0, "sell"))
    assert s.phase == "pay"
    s = g.step(s, 1, "pay 50+10+10+10+10")
    assert herd(s, 1, "cow") == 1
    assert g.money_totals(s) == (180, 0, 90)


def test_capped_bidder_may_bid_exactly_the_money_shown_when_that_is_the_lowest_bid():
    """HT "Can't pay?": in the auction held again Ben "may bid no more than they have"
    (90, shown). Carla bids 80, so the lowest bid is 90 (HT Auction 2: +10 or more): Ben's
    only bid is 90, and it is taken."""
    g = ht()
    s = open_auction(g, g.new_state(players=3), "9")
    s = play(g, s, (1, "bid 100"), (2, "pass"), (0, "sell"), (2, "bid 80"))
    assert g.legal(s, 1).bid == (90, 90, 10)
    refused(g, s, 1, "bid 100", "bid-over-shown-money")
    s = g.step(s, 1, "bid 90")
    assert (s.high_bid, s.high_bidder) == (90, 1)


def test_bidder_who_showed_only_zero_notes_may_only_pass():
    """YB "Not Enough Money?" / HT "Can't pay?": Ben, holding two 0s, bids 10 and must show
    his money (worth 0); in the auction held again he may bid no more than 0, below the
    lowest bid (YB "The Auctions": any bid higher than nothing, so 1): he may only pass."""
    g = yb()
    s = g.state_from_position(players=3, leader=0, money=[None, "0+0", None], herds=[{}, {}, {}])
    s = open_auction(g, s, "cow")
    s = play(g, s, (1, "bid 10"), (2, "pass"), (0, "sell"))
    assert s.phase == "bid" and (1, notes("0+0")) in s.shown
    legal = g.legal(s, 1)
    assert legal.bid is None and legal.simple == (g.parse("pass"),)
    refused(g, s, 1, "bid 1", "bid-over-shown-money")


def test_money_shown_caps_only_the_auction_it_was_shown_in():
    """HT "Can't pay?": "in it" (the auction held again) the player may bid no more than
    they have; YB "Not Enough Money?" likewise. Carla bids 100 holding 90 and shows it;
    Ben buys the cow for 10. In the next auction, led by Ben, nobody has shown money: Carla
    may bid any amount again, even 100, and no shown hand is listed."""
    g = yb()
    s = open_auction(g, g.new_state(players=3), "cow")
    s = play(g, s, (2, "bid 100"), (1, "pass"), (0, "sell"))
    assert (2, notes("50+10+10+10+10+0+0")) in s.shown
    s = play(g, s, (1, "bid 10"), (2, "pass"), (0, "sell"), (1, "pay 10"))
    assert s.leader == 1
    s = open_auction(g, s, "pig")
    assert g.legal(s, 2).bid == (1, None, 1)
    assert g.observe(s, 0).shown == ()
    s = g.step(s, 2, "bid 100")
    assert (s.high_bid, s.high_bidder) == (100, 2)


def test_auction_held_again_does_not_pay_the_donkey_twice():
    """YB "The Golden Donkey": the money is distributed when the donkey is turned over; holding
    the auction again (YB "Not Enough Money?") turns over no new card, so no second payday.
    After the first donkey each holds 90 + 50 = 140."""
    g = yb()
    s = open_auction(g, g.new_state(players=3), "donkey")
    assert g.money_totals(s) == (140, 140, 140)
    bank = s.bank
    s = play(g, s, (1, "bid 500"), (2, "pass"), (0, "sell"))
    assert s.phase == "bid"
    assert g.money_totals(s) == (140, 140, 140)
    assert s.paydays == 1 and s.bank == bank


# ---------------------------------------------------------------------------------------------
# Donkeys (YB) and 7s (HT): paydays
# ---------------------------------------------------------------------------------------------

def test_yb_donkeys_pay_50_100_200_500_to_everyone_before_the_auction():
    """YB "The Golden Donkey": the auction is interrupted, every player including the leader
    gets 50, 100, 200, 500 for the 1st..4th donkey; then the donkey is auctioned. Totals:
    90 -> 140 -> 240 -> 440 -> 940."""
    g = yb()
    s = g.new_state(players=3)
    expected = START
    for k, pay in enumerate((50, 100, 200, 500)):
        leader = s.leader
        owned = herd(s, leader, "donkey")
        s = open_auction(g, s, "donkey")
        expected += pay
        assert s.phase == "bid", "paid before the bidding"
        assert g.money_totals(s) == (expected,) * 3, f"donkey {k + 1} pays {pay} to everyone"
        assert s.paydays == k + 1
        for _ in range(3):                    # nobody bids: the leader keeps it free
            s = pass_round(g, s)
        assert herd(s, leader, "donkey") == owned + 1
    assert g.money_totals(s) == (940, 940, 940)


def test_yb_finite_bank_pays_the_start_money_and_the_donkeys():
    """YB "Contents": 55 money cards, 10x0, 20x10, 10x50, 5x100, 5x200, 5x500. With 3 players
    the start money takes 6 zeros, 12 tens and 3 fifties: the bank keeps
    (4, 8, 7, 5, 5, 5). Each donkey takes one note per player: after all four,
    (4, 8, 4, 2, 2, 2). Every note is in the bank or in a hand."""
    g = yb()
    s = g.new_state(players=3)
    assert s.bank == (4, 8, 7, 5, 5, 5)
    s = open_auction(g, s, "donkey")
    assert s.bank == (4, 8, 4, 5, 5, 5)
    for _ in range(3):
        s = pass_round(g, s)
    for _ in range(3):
        s = open_auction(g, s, "donkey")
        for _ in range(3):
            s = pass_round(g, s)
    assert s.bank == (4, 8, 4, 2, 2, 2)
    held = [sum(m[i] for m in s.money) for i in range(len(D))]
    assert [b + h for b, h in zip(s.bank, held)] == [10, 20, 10, 5, 5, 5]


def test_yb_the_donkey_is_then_auctioned_like_any_other_animal():
    """YB "The Golden Donkey": "Once the money has been distributed, the donkey is put up for
    auction like any other animal": bids, a sale and a payment. Everyone gets 50 first
    (90 + 50 = 140); seat 1 bids 30 and pays 10 + 10 + 10 to the leader: seat 0 140 + 30 =
    170, seat 1 140 - 30 = 110, and seat 1 owns the donkey."""
    g = yb()
    s = open_auction(g, g.new_state(players=3), "donkey")
    assert s.phase == "bid" and g.money_totals(s) == (140, 140, 140)
    s = play(g, s, (1, "bid 30"), (2, "pass"), (0, "sell"), (1, "pay 10+10+10"))
    assert herd(s, 1, "donkey") == 1 and herd(s, 0, "donkey") == 0
    assert g.money_totals(s) == (170, 110, 140)
    assert s.phase == "turn" and s.leader == 1


def test_yb_donkey_payday_bank_with_five_players():
    """YB "Contents": the 55 notes are enough for five players: the start money leaves
    (0, 0, 5, 5, 5, 5), and the first donkey takes the last five 50s."""
    g = yb()
    s = g.new_state(players=5)
    assert s.bank == (0, 0, 5, 5, 5, 5)
    s = open_auction(g, s, "donkey")
    assert s.bank == (0, 0, 0, 5, 5, 5)
    assert g.money_totals(s) == (140,) * 5


def test_a_position_whose_bank_cannot_pay_the_paydays_to_come_is_refused():
    """YB "Contents": 5 notes of 500; "The Golden Donkey": the fourth donkey gives every
    player 500. With 3 players and no donkey turned up, 3 notes of 500 must stay in the
    bank: Anna may hold two 500s (3 left), not three (2 left)."""
    g = yb()
    s = g.state_from_position(players=3, leader=0, money=["500+500", None, None], herds=[{}, {}, {}])
    assert s.bank[D.index(500)] == 3
    with pytest.raises(RulesError) as err:
        g.state_from_position(players=3, leader=0, money=["500+500+500", None, None], herds=[{}, {}, {}])
    message = str(err.value)
    assert "500" in message and "payday" in message, message


def test_a_position_whose_paydays_are_not_the_donkeys_out_is_refused():
    """YB "The Golden Donkey": a payday comes with each donkey turned over, so a position
    with one donkey out of the pile has had exactly one payday."""
    g = yb()
    s = g.state_from_position(players=3, leader=0, herds=[{}, {"donkey": 1}, {}], paydays=1)
    assert s.paydays == 1
    for wrong in (0, 2):
        with pytest.raises(RulesError) as err:
            g.state_from_position(players=3, leader=0, herds=[{}, {"donkey": 1}, {}], paydays=wrong)
        message = str(err.value)
        assert "paydays" in message and "donkey" in message and f"({wrong})" in message, message


def test_ht_sevens_are_paydays_and_the_bank_never_runs_out():
    """HT "Paydays": "Whenever a 7 is turned up for an auction, everybody first gets new money
    from the bank -- including the auctioneer" (DIGEST: 50, 100, 200, 500); HT "The money":
    "the bank never runs out" (no finite bank)."""
    g = ht()
    s = g.new_state(players=3)
    assert s.bank is None
    s = open_auction(g, s, "7")
    assert g.money_totals(s) == (140, 140, 140)
    assert s.bank is None and s.phase == "bid"


def test_ht_fourth_seven_pays_500():
    """HT "Paydays" / DIGEST: the 4th payday is 500 to every player. Three 7s are already
    out (the owners hold them), so the next 7 turned up pays 500: 90 + 500 = 590."""
    g = ht()
    s = g.state_from_position(players=3, leader=1, money=None,
                              herds=[{"7": 2}, {"7": 1}, {}], pile=None)
    assert s.paydays == 3
    s = open_auction(g, s, "7")
    assert g.money_totals(s) == (590, 590, 590)
    assert s.paydays == 4


# ---------------------------------------------------------------------------------------------
# Trades
# ---------------------------------------------------------------------------------------------

def _trade_position(g, herds, leader=0, money=None):
    return g.state_from_position(players=3, leader=leader, money=money, herds=herds, pile=None)


def test_leader_chooses_auction_or_trade():
    """YB "The Game Begins": "the leader chooses between two actions": an auction or a
    cattle trade, once two players own cards of the same family."""
    g = yb()
    s = _trade_position(g, [{"goat": 1}, {"goat": 1}, {}])
    legal = g.legal(s, 0)
    assert legal.auction
    assert legal.trades == ((1, F["goat"]),)


def test_trade_needs_a_family_both_own():
    """YB "The Cattle Trade": "When two players each own animals from the same family" (HT
    Trade 1: "an animal of which both of you own at least one card"). Seat 0 owns a cow and
    seat 1 a goat: no trade is possible."""
    g = yb()
    s = _trade_position(g, [{"cow": 1}, {"goat": 1}, {}])
    assert g.legal(s, 0).trades == ()
    refused(g, s, 0, "trade 1 cow none", "trade-shared-family")
    refused(g, s, 0, "trade 1 goat none", "trade-shared-family")
    refused(g, s, 0, "trade 2 cow none", "trade-shared-family")


def test_trade_cannot_target_oneself():
    """YB "The Cattle Trade": a trade is proposed "to an opponent"."""
    g = yb()
    s = _trade_position(g, [{"cow": 1}, {"cow": 1}, {}])
    refused(g, s, 0, "trade 0 cow none", "trade-target")
    refused(g, s, 0, "trade 7 cow none", "trade-target")


def test_trade_two_against_two_moves_both_cards():
    """YB "The Special Cattle Trade": each owns two cards, "the cattle trade will cover both
    cards": the winner completes the family (HT Trade: "the winner ends up with all four")."""
    g = yb()
    s = _trade_position(g, [{"goat": 2}, {"goat": 2}, {}])
    s = play(g, s, (0, "trade 1 goat none"), (1, "accept"))
    assert (herd(s, 0, "goat"), herd(s, 1, "goat")) == (4, 0)
    # and the target winning a counter takes both of the challenger's
    s = _trade_position(g, [{"goat": 2}, {"goat": 2}, {}])
    s = play(g, s, (0, "trade 1 goat 10"), (1, "counter 50"))
    assert (herd(s, 0, "goat"), herd(s, 1, "goat")) == (0, 4)


@pytest.mark.parametrize("mine,theirs", [(3, 1), (1, 3), (1, 2), (2, 1), (1, 1)])
def test_trade_other_counts_move_one_card(mine, theirs):
    """YB "The Special Cattle Trade": "If one of the two players owns only a single card from
    that family, the cattle trade covers only that one animal" (HT: two or three against
    one: one card). Accepting moves one card to the challenger."""
    g = yb()
    s = _trade_position(g, [{"goat": mine}, {"goat": theirs}, {}])
    s = play(g, s, (0, "trade 1 goat none"), (1, "accept"))
    assert (herd(s, 0, "goat"), herd(s, 1, "goat")) == (mine + 1, theirs - 1)


def test_trade_three_against_one_target_wins_one_card():
    """HT Trade: 3 v 1 is a trade for one card; the target, offering more, takes one of the
    challenger's three (3/1 -> 2/2)."""
    g = ht()
    s = _trade_position(g, [{"6": 3}, {"6": 1}, {}])
    s = play(g, s, (0, "trade 1 6 10"), (1, "counter 50"))
    assert (herd(s, 0, "goat"), herd(s, 1, "goat")) == (2, 2)


def test_accept_gives_the_offer_to_the_target_and_the_animal_to_the_challenger():
    """YB "The Cattle Trade", second possibility / HT Trade 3 "Accept: they take your offer
    and give you the animal". Offer 50 + 0: seat 0 90 - 50 = 40, seat 1 90 + 50 = 140."""
    g = ht()
    s = _trade_position(g, [{"6": 1}, {"6": 1}, {}])
    s = g.step(s, 0, "trade 1 6 50+0")
    assert s.phase == "respond" and g.to_move(s) == (1,)
    s = g.step(s, 1, "accept")
    assert (herd(s, 0, "goat"), herd(s, 1, "goat")) == (2, 0)
    assert g.money_totals(s) == (40, 140, 90)
    assert s.money[1] == notes("50+50+10+10+10+10+0+0+0")
    assert s.phase == "turn" and s.leader == 1


def test_ht_trade_example_anna_and_ben_swap_offers():
    """HT "Trade" example: Anna and Ben own one 6 each. Anna offers a 10 and two 0s; Ben
    counters with a 50 and a 0. They swap; Ben offered more and takes Anna's 6 (two 6s);
    Anna lost her animal but gained 40 (90 - 10 + 50 = 130); Ben 90 - 50 + 10 = 50."""
    g = ht()
    anna, ben = 0, 1
    s = _trade_position(g, [{"6": 1}, {"6": 1}, {}], leader=anna)
    s = play(g, s, (anna, "trade 1 6 10+0+0"), (ben, "counter 50+0"))
    assert herd(s, ben, "goat") == 2 and herd(s, anna, "goat") == 0
    assert g.money_totals(s) == (130, 50, 90)
    assert s.money[anna] == notes("50+50+10+10+10+0")   # kept Ben's 50 and 0
    assert s.money[ben] == notes("10+10+10+10+10+0+0+0")  # kept Anna's 10 and two 0s


def test_the_narration_names_the_trader_who_offered_more():
    """HT "Trade" example: Anna offers a 10 and two 0s (3 cards), Ben counters with a 50
    and a 0 (2 cards): Ben offered more and takes Anna's 6. YB "The Cattle Trade": the
    player who receives more than they offered gives up the animal: Anna offers 50 (1
    card) for the goat, Ben counters 10 + 0 (2 cards); Anna takes Ben's goat."""
    names = ["Anna", "Ben", "Carla"]
    for g, family, offer, counter, said in (
            (ht(), "6", "10+0+0", "50+0",
             "Ben counters with 2 money cards; the offers are swapped. Ben offered more and takes a 6."),
            (yb(), "goat", "50", "10+0",
             "Ben counters with 2 notes; the offers are swapped. Anna offered more and takes 1 goat.")):
        s = _trade_position(g, [{family: 1}, {family: 1}, {}])
        before = g.step(s, 0, f"trade 1 {family} {offer}")
        after = g.step(before, 1, f"counter {counter}")
        assert g.narrate(before, 1, g.parse(f"counter {counter}"), after, names) == said


def test_counter_challenger_offering_more_takes_the_animal_both_keep_what_they_received():
    """HT Trade 3 Counter: "Whoever offered more gets the other player's animal ... even the
    loser of the trade gets the winner's offer." Seat 0 offers 50, seat 1 counters 10 + 0:
    seat 0 takes the goat; seat 0 90 - 50 + 10 = 50, seat 1 90 - 10 + 50 = 130."""
    g = ht()
    s = _trade_position(g, [{"6": 1}, {"6": 1}, {}])
    s = play(g, s, (0, "trade 1 6 50"), (1, "counter 10+0"))
    assert (herd(s, 0, "goat"), herd(s, 1, "goat")) == (2, 0)
    assert g.money_totals(s) == (50, 130, 90)


def test_ht_trade_tie_goes_to_the_challenger():
    """HT Trade 3: "On a tie, the challenger gets it." 10 + 0 against 10: totals unchanged."""
    g = ht()
    s = _trade_position(g, [{"6": 1}, {"6": 1}, {}])
    s = play(g, s, (0, "trade 1 6 10+0"), (1, "counter 10"))
    assert (herd(s, 0, "goat"), herd(s, 1, "goat")) == (2, 0)
    assert g.money_totals(s) == (90, 90, 90)
    assert s.phase == "turn" and s.leader == 1


def test_ht_trade_tie_each_keeps_the_offer_received():
    """HT Trade 3 Counter: "you swap the two offers ... On a tie, the challenger gets it.
    Each player keeps the money they received". Anna offers a 10 and a 0, Ben counters with
    a 10: equal, Anna takes the 6; Anna keeps Ben's 10 (one 0 left of her two), Ben keeps
    Anna's 10 and 0 (three 0s). Start: two 0s, four 10s, one 50 (HT "Setup" 2)."""
    g = ht()
    anna, ben = 0, 1
    s = _trade_position(g, [{"6": 1}, {"6": 1}, {}], leader=anna)
    s = play(g, s, (anna, "trade 1 6 10+0"), (ben, "counter 10"))
    assert herd(s, anna, "goat") == 2 and herd(s, ben, "goat") == 0
    assert s.money[anna] == notes("50+10+10+10+10+0")
    assert s.money[ben] == notes("50+10+10+10+10+0+0+0")


def test_yb_first_tie_challenger_must_offer_again():
    """YB "The Cattle Trade", first possibility: "If ... the offer and the counter-offer are the
    same amount, the player who proposed the cattle trade must make a new offer for the same
    animal" (DIGEST: the offers stay swapped, each keeps what it received). Then B decides
    again; 50 against 10 + 10: A takes the goat; A 90 - 50 + 20 = 60, B 90 - 20 + 50 = 120."""
    g = yb()
    s = _trade_position(g, [{"goat": 1}, {"goat": 1}, {}])
    s = play(g, s, (0, "trade 1 goat 10+0"), (1, "counter 10"))
    assert s.phase == "reoffer" and g.to_move(s) == (0,)
    assert (herd(s, 0, "goat"), herd(s, 1, "goat")) == (1, 1), "nobody has won yet"
    assert s.money[0] == notes("50+10+10+10+10+0"), "A keeps B's 10"
    assert s.money[1] == notes("50+10+10+10+10+0+0+0"), "B keeps A's 10 + 0"
    refused(g, s, 1, "counter 10", "not-your-turn")
    s = g.step(s, 0, "offer 50")
    assert s.phase == "respond" and g.to_move(s) == (1,)
    s = g.step(s, 1, "counter 10+10")
    assert (herd(s, 0, "goat"), herd(s, 1, "goat")) == (2, 0)
    assert g.money_totals(s) == (60, 120, 90)
    assert s.phase == "turn" and s.leader == 1


def test_after_a_tie_the_view_says_a_new_offer_is_awaited_not_an_empty_one():
    """YB "The Cattle Trade": after a tie "the player who proposed the cattle trade must make a
    new offer". Until it is made there is no offer on the table; the view said "with 0
    face-down cards", which reads as an empty offer."""
    from bluffkit.games.youre_bluffing.view import describe
    g = yb()
    s = _trade_position(g, [{"goat": 1}, {"goat": 1}, {}])
    s = play(g, s, (0, "trade 1 goat 10+0"), (1, "counter 10"))
    names = ["Anna", "Ben", "Carla"]
    for seat in range(3):
        text = describe(g.observe(s, seat), names)
        assert "after a tie, Anna makes a new offer" in text and "0 face-down" not in text, text
    s = g.step(s, 0, "offer 50")
    assert "with 1 face-down card (after a tie)" in describe(g.observe(s, 2), names)


def test_yb_second_tie_gives_the_animal_to_the_challenger_for_free():
    """YB "The Cattle Trade": "If they make another counter-offer and the two offers happen to
    be equal again, player B must give their animal to player A for free." Both ties are of
    equal sums, so nobody's total money changes."""
    g = yb()
    s = _trade_position(g, [{"goat": 1}, {"goat": 1}, {}])
    s = play(g, s, (0, "trade 1 goat 10+0"), (1, "counter 10"),
             (0, "offer 50"), (1, "counter 50"))
    assert (herd(s, 0, "goat"), herd(s, 1, "goat")) == (2, 0)
    assert g.money_totals(s) == (90, 90, 90)
    assert s.phase == "turn" and s.leader == 1


def test_yb_second_tie_for_free_under_reoffer_free_hands_each_offer_back():
    """The same second tie read as no notes changing hands ("for free"): with trade_tie
    "reoffer_free" each takes their own second offer back (Anna keeps her 10+0, Ben his
    10), where the default exchanges them as every counter-offer; the table is told so."""
    names = ["Anna", "Ben", "Carla"]
    kept = {}
    for tie in ("reoffer", "reoffer_free"):
        g = yb(trade_tie=tie)
        s = _trade_position(g, [{"goat": 1}, {"goat": 1}, {}])
        s = play(g, s, (0, "trade 1 goat 10+0"), (1, "counter 10"), (0, "offer 10+0"))
        before = s
        s = play(g, s, (1, "counter 10"))
        assert (herd(s, 0, "goat"), herd(s, 1, "goat")) == (2, 0) and g.money_totals(s) == (90, 90, 90)
        kept[tie] = (s.money[0], s.money[1])
        said = g.narrate(before, 1, g.parse("counter 10"), s, names)
        assert ("each takes their own back" in said) is (tie == "reoffer_free"), said
    d = yb().rules.denominations
    zero, ten = d.index(0), d.index(10)
    (a_free, b_free), (a_swap, b_swap) = kept["reoffer_free"], kept["reoffer"]
    assert a_free[zero] == a_swap[zero] + 1 and b_free[zero] == b_swap[zero] - 1, "Anna's 0-note stays hers"
    assert a_free[ten] == a_swap[ten] and b_free[ten] == b_swap[ten]
    with pytest.raises(RulesError, match="trade_tie must be one of"):
        yb(trade_tie="free")


def test_yb_a_higher_second_offer_is_told_as_higher_where_a_second_tie_is_told():
    """Under "reoffer_free" a second tie is told to the table ("for free"), so the
    challenger's higher second offer is "offered more", not "at least as high"; under the
    default a second tie and a higher offer end alike, and the table is not told which."""
    names = ["Anna", "Ben", "Carla"]
    for tie, says in (("reoffer_free", "Anna offered more and takes 1 goat."),
                      ("reoffer", "Anna's offer was at least as high: Anna takes 1 goat.")):
        g = yb(trade_tie=tie)
        s = _trade_position(g, [{"goat": 1}, {"goat": 1}, {}])
        before = play(g, s, (0, "trade 1 goat 10+0"), (1, "counter 10"), (0, "offer 50"))
        s = play(g, before, (1, "counter 10"))
        assert (herd(s, 0, "goat"), herd(s, 1, "goat")) == (2, 0)
        said = g.narrate(before, 1, g.parse("counter 10"), s, names)
        assert said.endswith(says), said


def test_yb_target_may_accept_the_new_offer_after_a_tie():
    """YB "The Cattle Trade": after the new offer "Player B must decide again": accepting is
    one of B's two choices. B takes the 50 and gives up the goat."""
    g = yb()
    s = _trade_position(g, [{"goat": 1}, {"goat": 1}, {}])
    s = play(g, s, (0, "trade 1 goat 10"), (1, "counter 10"), (0, "offer 50"), (1, "accept"))
    assert (herd(s, 0, "goat"), herd(s, 1, "goat")) == (2, 0)
    assert g.money_totals(s) == (40, 140, 90)


def test_yb_nothing_against_nothing_is_a_tie_and_the_challenger_offers_again():
    """YB "The Cattle Trade": an "empty hand" is a permitted offer, and when "the offer and
    the counter-offer are the same amount, the player who proposed the cattle trade must
    make a new offer": nothing against nothing is such a tie; nobody has the goat yet."""
    g = yb()
    s = _trade_position(g, [{"goat": 1}, {"goat": 1}, {}])
    s = play(g, s, (0, "trade 1 goat none"), (1, "counter none"))
    assert s.phase == "reoffer" and g.to_move(s) == (0,)
    assert (herd(s, 0, "goat"), herd(s, 1, "goat")) == (1, 1)
    assert g.money_totals(s) == (90, 90, 90)


def test_empty_offers_are_allowed():
    """YB "The Cattle Trade": "it is permitted to place an empty hand on the table, with no
    money at all"; HT Trade 2: "or even offer nothing at all". Nothing against nothing is a
    tie: HT, the challenger gets the animal."""
    g = ht()
    s = _trade_position(g, [{"6": 1}, {"6": 1}, {}])
    s = g.step(s, 0, "trade 1 6 none")
    assert g.observe(s, 1).trade[4] == 0, "the target sees an offer of no cards"
    s2 = g.step(s, 1, "accept")
    assert (herd(s2, 0, "goat"), herd(s2, 1, "goat")) == (2, 0)
    assert g.money_totals(s2) == (90, 90, 90)
    s3 = g.step(s, 1, "counter none")
    assert (herd(s3, 0, "goat"), herd(s3, 1, "goat")) == (2, 0)


def test_yb_an_offer_of_nothing_but_bluff_cards_is_worth_nothing():
    """YB "The Cattle Trade": "It is also permitted to include in one's offer only bluff
    cards, or nothing but bluff cards." Seat 0 offers two 0s: the others see two cards, but
    the offer is worth 0, so a counter of one 10 is more: seat 1 takes seat 0's goat; seat 0
    90 + 10 = 100, seat 1 90 - 10 = 80 (and holds the two 0s)."""
    g = yb()
    s = _trade_position(g, [{"goat": 1}, {"goat": 1}, {}])
    s = g.step(s, 0, "trade 1 goat 0+0")
    assert g.observe(s, 1).trade[4] == 2 and g.observe(s, 2).trade[4] == 2
    s = g.step(s, 1, "counter 10")
    assert (herd(s, 0, "goat"), herd(s, 1, "goat")) == (0, 2)
    assert g.money_totals(s) == (100, 80, 90)
    assert s.money[1] == notes("50+10+10+10+0+0+0+0")


def test_player_without_money_can_still_trade_with_nothing():
    """HT "End of the game": "a player without any money can still take part in trades by
    offering nothing"."""
    g = ht()
    s = _trade_position(g, [{"6": 1}, {"6": 1}, {}], money=["none", None, None])
    assert g.legal(s, 0).trades
    s = play(g, s, (0, "trade 1 6 none"), (1, "counter 10"))
    assert (herd(s, 0, "goat"), herd(s, 1, "goat")) == (0, 2)
    assert g.money_totals(s) == (10, 80, 90)


def test_trade_offer_with_notes_not_held_is_refused():
    """YB "The Cattle Trade": the offer is "the sum of money of their choice" from one's own
    money; a 500 that seat 0 does not hold cannot be offered."""
    g = yb()
    s = _trade_position(g, [{"goat": 1}, {"goat": 1}, {}])
    refused(g, s, 0, "trade 1 goat 500", "notes-not-held")
    s = g.step(s, 0, "trade 1 goat 10")
    refused(g, s, 1, "counter 100", "notes-not-held")


def test_complete_family_cannot_be_traded():
    """HT Trade: "nobody can trade for a complete set ... they are safe for the rest of the
    game"; DIGEST: trade for a complete family not possible in either ruleset. Seat 0 owns
    all four cows; nobody can challenge for them, nor can seat 0 offer them."""
    for g in (yb(), ht()):
        s = _trade_position(g, [{"cow": 4, "goat": 1}, {"goat": 1}, {"goat": 1}], leader=1)
        assert all(fam != F["cow"] for _, fam in g.legal(s, 1).trades)
        refused(g, s, 1, "trade 0 cow 10", "trade-shared-family")
        s0 = _trade_position(g, [{"cow": 4, "goat": 1}, {"goat": 1}, {}], leader=0)
        refused(g, s0, 0, "trade 1 cow 10", "trade-shared-family")


def test_only_the_challenged_player_answers_a_trade():
    """YB "The Cattle Trade": "player B may react"; the challenger and bystanders may not."""
    g = yb()
    s = _trade_position(g, [{"goat": 1}, {"goat": 1}, {}])
    s = g.step(s, 0, "trade 1 goat 10")
    refused(g, s, 0, "accept", "not-your-turn")
    refused(g, s, 2, "accept", "not-your-turn")
    refused(g, s, 2, "counter 10", "not-your-turn")


# ---------------------------------------------------------------------------------------------
# The empty pile and the end of the game
# ---------------------------------------------------------------------------------------------

# Pile empty: seat 0 and seat 1 share the cows (3/1) and the horses (2/2); seat 2 owns only
# complete families.
ENDGAME = [
    {"rooster": 4, "goose": 4, "cat": 4, "cow": 3, "horse": 2},
    {"dog": 4, "sheep": 4, "goat": 4, "cow": 1, "horse": 2},
    {"donkey": 4, "pig": 4},
]


def test_auction_refused_once_the_pile_is_empty():
    """YB "Animal Cards Exhausted": "cattle trades become mandatory"; HT "End of the game":
    "there are no more auctions: every turn must be a trade"."""
    g = yb()
    s = g.state_from_position(players=3, leader=0, herds=ENDGAME, pile={})
    assert sum(s.pile) == 0 and s.phase == "turn"
    legal = g.legal(s, 0)
    assert not legal.auction and legal.trades
    refused(g, s, 0, "auction", "no-auction")


def test_player_with_nothing_to_trade_is_skipped():
    """YB "Animal Cards Exhausted": players who own only complete families "must pass their
    turn"; HT "End of the game": such a player "is skipped". Seat 2 leads in the position,
    but can trade nothing: seat 0 leads instead."""
    g = yb()
    s = g.state_from_position(players=3, leader=2, herds=ENDGAME, pile={})
    assert s.leader == 0 and g.to_move(s) == (0,)


def test_player_with_nothing_to_trade_is_skipped_after_a_trade():
    """HT "End of the game": "A player who has no animal to trade for ... is skipped". Seat 1
    wins the horses 2 v 2 (ending with four); seat 2, next, is skipped: seat 0 leads."""
    g = yb()
    s = g.state_from_position(players=3, leader=1, herds=ENDGAME, pile={})
    s = play(g, s, (1, "trade 0 horse none"), (0, "accept"))
    assert herd(s, 1, "horse") == 4
    assert s.phase == "turn" and s.leader == 0


def test_game_ends_when_every_family_is_complete_and_scores():
    """YB "End of the Game": "When all the families are complete, the game is over"; score =
    (sum of complete family values) x (number of families). Seat 0 wins the last cow:
    seat 0 (10 + 40 + 90 + 800) x 4 = 3760; seat 1 (160 + 250 + 350 + 1000) x 4 = 7040;
    seat 2 (500 + 650) x 2 = 2300. Seat 1 wins."""
    g = yb()
    s = g.state_from_position(players=3, leader=1, herds=ENDGAME, pile={})
    s = play(g, s, (1, "trade 0 horse none"), (0, "accept"))
    assert not g.is_over(s)
    s = play(g, s, (0, "trade 1 cow none"), (1, "accept"))
    assert g.is_over(s) and s.phase == "over"
    assert g.to_move(s) == ()
    assert g.scores(s) == (3760, 7040, 2300)
    assert g.winners(s) == (1,)
    refused(g, s, 0, "auction", "game-over")


def test_game_ends_when_the_last_auction_completes_every_family():
    """YB "End of the Game": when the last animal completes the last family the game is over.
    The last cow: nobody bids three times, the leader (seat 0, three cows) takes it free:
    seat 0 (10 + 40 + 90 + 800) x 4 = 3760; seat 1 (160 + 250 + 350 + 1000) x 4 = 7040;
    seat 2 (500 + 650) x 2 = 2300."""
    g = yb()
    s = g.state_from_position(players=3, leader=0, herds=[
        {"rooster": 4, "goose": 4, "cat": 4, "cow": 3},
        {"dog": 4, "sheep": 4, "goat": 4, "horse": 4},
        {"donkey": 4, "pig": 4}], pile={"cow": 1})
    assert g.legal(s, 0).auction
    s = open_auction(g, s, "cow")
    for _ in range(3):
        s = pass_round(g, s)
    assert g.is_over(s)
    assert g.scores(s) == (3760, 7040, 2300)
    assert g.winners(s) == (1,)


def test_yb_scoring_example_pigs_dogs_roosters():
    """YB "End of the Game" example: 4 pigs, 4 dogs and 4 roosters: 650 + 160 + 10 = 820,
    x 3 = 2460. (Seat 1: (40 + 90 + 250) x 3 = 1140; seat 2: (350 + 500 + 800 + 1000) x 4 =
    10600.)"""
    g = yb()
    s = g.state_from_position(players=3, leader=0, herds=[
        {"pig": 4, "dog": 4, "rooster": 4},
        {"goose": 4, "cat": 4, "sheep": 4},
        {"goat": 4, "donkey": 4, "cow": 4, "horse": 4}], pile={})
    assert g.is_over(s)
    assert g.scores(s) == (2460, 1140, 10600)


def test_ht_scoring_example_anna_ben_carla():
    """HT "End of the game" example: Anna (9s, 5s) (800 + 250) x 2 = 2100; Ben (10s, 7s, 3s,
    Aces) (1000 + 500 + 90 + 10) x 4 = 6400; Carla (8s, 6s, 4s, 2s) (650 + 350 + 160 + 40)
    x 4 = 4800. Ben wins."""
    g = ht()
    s = g.state_from_position(players=3, leader=0, herds=[
        {"9": 4, "5": 4},
        {"10": 4, "7": 4, "3": 4, "A": 4},
        {"8": 4, "6": 4, "4": 4, "2": 4}], pile={})
    assert g.is_over(s)
    assert g.scores(s) == (2100, 6400, 4800)
    assert g.winners(s) == (1,)


# Seats 0 and 1 tie: (10 + 40 + 250 + 800) x 4 = 4400 and (90 + 160 + 350 + 500) x 4 = 4400;
# seat 2: (650 + 1000) x 2 = 3300.
TIED = [
    {"rooster": 4, "goose": 4, "sheep": 4, "cow": 4},
    {"cat": 4, "dog": 4, "goat": 4, "donkey": 4},
    {"pig": 4, "horse": 4},
]


def test_tie_break_by_money_is_the_default():
    """HT "End of the game": "On a tie, the tied player with the most money wins"; DIGEST:
    YB is silent, default the same (tie_break="money"). Seat 1 holds 100 > 60."""
    for g in (yb(), ht()):
        assert g.rules.tie_break == "money"
        s = g.state_from_position(players=3, leader=0, herds=TIED, pile={},
                                  money=["50+10", "100", "500"])
        assert g.scores(s) == (4400, 4400, 3300)
        assert g.winners(s) == (1,), "money breaks the tie; seat 2's money does not count"


def test_tie_with_equal_money_is_shared():
    """HT "End of the game": "if that is also equal, they share the win"."""
    g = ht()
    s = g.state_from_position(players=3, leader=0, herds=TIED, pile={},
                              money=["50+10", "50+10+0", "500"])
    assert g.winners(s) == (0, 1)
    # The game ends on Anna's last rooster, which nobody bids for (HT Auction 4: called
    # once more, then free): the table is told that Anna and Ben share the win.
    herds = [dict(TIED[0], rooster=3)] + TIED[1:]
    s = g.state_from_position(players=3, leader=0, herds=herds, pile={"rooster": 1},
                              money=["50+10", "50+10+0", "500"])
    s = open_auction(g, s, "A")
    s = pass_round(g, s)
    before = g.step(s, 1, "pass")
    after = g.step(before, 2, "pass")
    assert g.is_over(after) and g.winners(after) == (0, 1)
    said = g.narrate(before, 2, g.parse("pass"), after, ["Anna", "Ben", "Carla"])
    assert said.endswith("Anna and Ben win (shared)."), said
    assert "Anna and Ben wins" not in said


def test_tie_break_shared_option():
    """DIGEST "tie at the end": a rule option; with tie_break="shared" tied players share the
    win whatever their money."""
    g = ht(tie_break="shared")
    s = g.state_from_position(players=3, leader=0, herds=TIED, pile={},
                              money=["50+10", "100", "500"])
    assert g.winners(s) == (0, 1)


def test_winners_refused_before_the_end():
    """YB "End of the Game": the winner is decided when all families are complete."""
    g = yb()
    with pytest.raises(RulesError):
        g.winners(g.new_state(players=3))


# ---------------------------------------------------------------------------------------------
# Variants
# ---------------------------------------------------------------------------------------------

def test_yb_quick_game_auctions_two_animals_as_one_lot():
    """YB "Quick Game": "put two animal cards up for auction at the same time": one lot, one
    price, both cards to the buyer."""
    g = yb("quick")
    s = g.new_state(players=3)
    s = g.step(s, 0, "auction")
    s = g.step(s, None, "draw cow")
    assert g.is_chance(s) and g.to_move(s) == (), "the second animal is turned up too"
    s = g.step(s, None, "draw horse")
    assert s.phase == "bid" and sorted(s.lot) == [F["cow"], F["horse"]]
    s = play(g, s, (1, "bid 10"), (2, "pass"), (0, "sell"), (1, "pay 10"))
    assert herd(s, 1, "cow") == 1 and herd(s, 1, "horse") == 1
    assert g.money_totals(s) == (100, 80, 90)
    assert sum(s.pile) == 38


def test_quick_game_with_one_animal_left_auctions_it_alone():
    """YB "Quick Game" with a single card left in the pile: only that card can be turned up
    (project reading: the lot is as many cards as are left, at most two)."""
    g = yb("quick")
    s = g.state_from_position(players=3, leader=0, herds=[
        {"rooster": 4, "goose": 4, "cat": 4, "cow": 3},
        {"dog": 4, "sheep": 4, "goat": 4, "horse": 4},
        {"donkey": 4, "pig": 4}], pile={"cow": 1})
    s = open_auction(g, s, "cow")
    assert s.phase == "bid" and s.lot == (F["cow"],)


def test_double_auction_with_a_seven_in_the_lot_still_pays_out():
    """HT "Variants", Double auction: "auction them together as one lot. Paydays are paid as
    usual." A 7 and a 9: everyone gets 50 (90 + 50 = 140); nobody bids twice over, so the
    leader takes both free."""
    g = ht("double-auction")
    s = g.new_state(players=3)
    s = open_auction(g, s, "7", "9")
    assert g.money_totals(s) == (140, 140, 140)
    s = pass_round(g, pass_round(g, s))
    assert herd(s, 0, "donkey") == 1 and herd(s, 0, "cow") == 1
    assert s.leader == 1


def test_quick_game_lot_of_two_donkeys_pays_both_paydays():
    """YB "The Golden Donkey" with "Quick Game": each donkey turned over pays out, in order:
    the first 50 and the second 100, so 90 + 50 + 100 = 240 each before the bidding."""
    g = yb("quick")
    s = open_auction(g, g.new_state(players=3), "donkey", "donkey")
    assert s.phase == "bid"
    assert g.money_totals(s) == (240, 240, 240)
    assert s.paydays == 2
    assert s.bank == (4, 8, 4, 2, 5, 5)


def test_double_auction_buyer_gets_both_and_leader_may_buy_both():
    """HT "Variants", Double auction: one lot, so the leader's buy-back keeps both animals."""
    g = ht("double-auction")
    s = open_auction(g, g.new_state(players=3), "9", "A")
    s = play(g, s, (2, "bid 20"), (1, "pass"), (0, "buy"), (0, "pay 10+10"))
    assert herd(s, 0, "cow") == 1 and herd(s, 0, "rooster") == 1
    assert g.money_totals(s) == (70, 90, 110)


def test_trade_and_auction_variant_same_player_also_auctions():
    """HT "Variants", Trade and auction: "after a trade, the same player also holds an
    auction"."""
    g = ht("trade-and-auction")
    s = _trade_position(g, [{"6": 1}, {"6": 1}, {}])
    s = play(g, s, (0, "trade 1 6 none"), (1, "accept"))
    assert s.leader == 0 and g.is_chance(s), "seat 0 now turns up an animal"
    s = g.step(s, None, "draw 9")
    assert set(g.to_move(s)) == {1, 2}
    refused(g, s, 0, "bid 10", LEADER_BIDS)
    s = play(g, s, (1, "bid 10"), (2, "pass"), (0, "sell"), (1, "pay 10"))
    assert herd(s, 1, "cow") == 1
    assert s.leader == 1 and s.phase == "turn"


def test_without_trade_and_auction_a_trade_ends_the_turn():
    """HT "Playing a turn": "do one of two things: hold an auction or start a trade"."""
    g = ht()
    s = _trade_position(g, [{"6": 1}, {"6": 1}, {}])
    s = play(g, s, (0, "trade 1 6 none"), (1, "accept"))
    assert s.leader == 1 and s.phase == "turn"


def test_trade_and_auction_with_an_empty_pile_is_just_a_trade():
    """HT "End of the game": no auctions once the pile is empty, even in Trade and auction."""
    g = ht("trade-and-auction")
    s = g.state_from_position(players=3, leader=1, herds=ENDGAME, pile={})
    s = play(g, s, (1, "trade 0 10 none"), (0, "accept"))
    assert s.phase == "turn" and s.leader == 0


def test_short_game_pairs_and_twenty_animals():
    """HT "Variants", Short game: two cards of each animal taken out (20 animals); "You now
    need only pairs instead of sets of four; a pair scores the full set value"."""
    g = ht("short")
    assert g.rules.family_size == 2 and g.rules.animals == 20
    s = g.new_state(players=3)
    assert s.pile == (2,) * 10
    end = g.state_from_position(players=3, leader=0, herds=[
        {"9": 2, "5": 2},
        {"10": 2, "7": 2, "3": 2, "A": 2},
        {"8": 2, "6": 2, "4": 2, "2": 2}], pile={})
    assert g.is_over(end)
    # as the HT example, with pairs: 2100, 6400, 4800
    assert g.scores(end) == (2100, 6400, 4800)


def test_short_game_with_shared_tie_break_option():
    """HT "Variants" Short game combined with a rule option: both apply."""
    g = YoureBluffing.create("horse-trading", variants=["short"], tie_break="shared")
    assert g.rules.family_size == 2 and g.rules.tie_break == "shared"
    assert g.rules.bank is None and g.rules.trade_tie == "challenger"
    assert g.rules.variants == ("short",)


def test_short_game_trade_is_one_card_and_pair_is_safe():
    """HT Short game with HT Trade: owners of one card each trade one card; the pair then is a
    complete set and cannot be traded for."""
    g = ht("short")
    s = g.state_from_position(players=3, leader=0, herds=[{"6": 1}, {"6": 1}, {}], pile=None)
    s = play(g, s, (0, "trade 1 6 none"), (1, "accept"))
    assert (herd(s, 0, "goat"), herd(s, 1, "goat")) == (2, 0)
    assert all(fam != F["goat"] for _, fam in g.legal(s, s.leader).trades)


def test_short_game_second_seven_pays_100():
    """HT "Paydays" in the Short game: only two 7s remain; they pay the first two amounts of
    the payday table (DIGEST: 50, 100). One 7 is out, so the next pays 100: 90 + 100 = 190."""
    g = ht("short")
    s = g.state_from_position(players=3, leader=0, herds=[{}, {"7": 1}, {}], pile=None)
    assert s.paydays == 1
    s = open_auction(g, s, "7")
    assert g.money_totals(s) == (190, 190, 190)


def test_variant_table_names_every_rulebook_variant():
    """YB "Quick Game"; HT "Variants": Trade and auction, Short game, Double auction."""
    assert preset("youre_bluffing", ["quick"]).lot_size == 2
    assert preset("horse_trading", ["double-auction"]).lot_size == 2
    assert preset("horse_trading", ["trade-and-auction"]).trade_then_auction is True
    assert preset("horse_trading", ["short"]).family_size == 2
    assert set(VARIANTS) >= {"quick", "double-auction", "trade-and-auction", "short"}


def test_presets_differ_as_the_digest_says():
    """DIGEST table "Differences between the two rulesets"."""
    yb_r, ht_r = PRESETS["youre_bluffing"], PRESETS["horse_trading"]
    assert yb_r.bank == (10, 20, 10, 5, 5, 5) and ht_r.bank is None
    assert (yb_r.min_bid, yb_r.bid_step, yb_r.bid_multiple) == (1, 1, 1)
    assert (ht_r.min_bid, ht_r.bid_step, ht_r.bid_multiple) == (10, 10, 10)
    assert (yb_r.no_bid_calls, ht_r.no_bid_calls) == (3, 2)
    assert (yb_r.trade_tie, ht_r.trade_tie) == ("reoffer", "challenger")
    assert yb_r.paydays == ht_r.paydays == (50, 100, 200, 500)
    assert yb_r.start_money == ht_r.start_money == (2, 4, 1, 0, 0, 0)


# ---------------------------------------------------------------------------------------------
# Rules validation
# ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("option,value", [
    ("no_bid_calls", 0),
    ("no_bid_calls", -1),
    ("min_bid", 0),
    ("bid_step", 0),
    ("lot_size", 3),
    ("family_size", 3),
    ("trade_tie", "loser"),
    ("buyback_without_funds", "maybe"),
    ("tie_break", "coin"),
    ("payment", "with_change"),
    ("bank", (1, 1, 1, 1, 1, 1)),
    ("paydays", (50, 100)),
    ("trade_then_auction", "yes"),
])
def test_bad_option_value_raises_rules_error_naming_the_option(option, value):
    """DIGEST: every default is a documented, configurable rule option; a bad value is refused
    loudly, with a message that names the option."""
    with pytest.raises(RulesError) as info:
        PRESETS["youre_bluffing"].replace(**{option: value})
    assert option in str(info.value)


def test_unknown_option_name_is_refused():
    """DIGEST: options are named fields of the rules; a misspelt one must not pass silently."""
    with pytest.raises(RulesError) as info:
        PRESETS["horse_trading"].replace(no_bid_cals=2)
    assert "no_bid_cals" in str(info.value)
    with pytest.raises(RulesError) as info:
        YoureBluffing.create("horse-trading", tiebreak="shared")
    assert "tiebreak" in str(info.value)
    with pytest.raises(RulesError):
        Rules.from_dict({**PRESETS["youre_bluffing"].to_dict(), "colour": "red"})


def test_unknown_variant_and_ruleset_are_refused():
    with pytest.raises(RulesError) as info:
        YoureBluffing.create("horse-trading", variants=["turbo"])
    assert "turbo" in str(info.value)
    with pytest.raises(RulesError):
        YoureBluffing.create("kuhhandel-deluxe")


@pytest.mark.parametrize("players", [2, 6, 0])
def test_three_to_five_players(players):
    """YB: the 55 notes are enough for five; HT "Overview": "Players: 3-5"."""
    for g in (yb(), ht()):
        with pytest.raises(RulesError) as info:
            g.new_state(players=players)
        assert str(players) in str(info.value)


def test_yb_the_pile_holds_40_animals_10_families_of_4():
    """YB "Contents": "40 "animal" cards (10 families of 4)"; "Setup": they are stacked face
    down in the middle of the table, so the game starts with four of each family to turn
    up and none owned."""
    g = yb()
    for players in (3, 4, 5):
        s = g.new_state(players=players)
        assert s.pile == (4,) * 10 and sum(s.pile) == 40
        assert all(sum(h) == 0 for h in s.herds)


def test_ht_the_animal_pile_is_the_forty_cards_ace_to_10_four_of_each():
    """HT "The animals": "Take the Aces to 10s of the first deck (40 cards) ... each rank is
    one kind of animal, and the four cards of a rank are its set"; "Setup" 1: "Shuffle the
    40 animals and put them face down in the middle as the animal pile"."""
    g = ht()
    s = g.new_state(players=3)
    assert s.pile == (4,) * 10 and sum(s.pile) == 40
    assert g.rules.labels == ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_start_money_is_90_each(players):
    """YB "Setup" / HT "Setup" 2: two 0s, four 10s and one 50 (90 in all); seat 0 leads."""
    for g in (yb(), ht()):
        s = g.new_state(players=players)
        assert g.money_totals(s) == (90,) * players
        assert s.money == ((2, 4, 1, 0, 0, 0),) * players
        assert g.to_move(s) == (0,) and g.legal(s, 0).auction
        assert g.legal(s, 0).trades == (), "nobody owns animals yet: only auctions"


# ---------------------------------------------------------------------------------------------
# Acting out of turn, chance and players
# ---------------------------------------------------------------------------------------------

def test_non_leader_cannot_start_a_turn():
    """YB "The Game Begins": "On each turn, the leader chooses" an auction or a trade."""
    g = yb()
    s = g.new_state(players=3)
    refused(g, s, 1, "auction", "not-your-turn")
    s = _trade_position(g, [{"goat": 1}, {"goat": 1}, {}])
    refused(g, s, 1, "trade 0 goat none", "not-your-turn")


def test_only_the_leader_sells_or_buys():
    """YB "The Auctions": the leader closes the auction and chooses."""
    g = yb()
    s = open_auction(g, g.new_state(players=3), "cow")
    s = play(g, s, (1, "bid 10"), (2, "pass"))
    refused(g, s, 1, "sell", "not-your-turn")
    refused(g, s, 2, "buy", "not-your-turn")


def test_highest_bidder_is_not_asked_again_until_outbid():
    """HT Auction 3: the auction closes "when nobody bids any higher"; the highest bidder
    has nobody to outbid and may not pass or raise against themself."""
    g = yb()
    s = open_auction(g, g.new_state(players=3), "cow")
    s = g.step(s, 1, "bid 10")
    assert g.to_move(s) == (2,)
    refused(g, s, 1, "pass", ("already-highest", "not-your-turn"))
    refused(g, s, 1, "bid 20", ("already-highest", "not-your-turn"))


def test_sell_or_buy_refused_during_bidding():
    """YB "The Auctions": the leader closes the auction only when there are no more bidders."""
    g = yb()
    s = open_auction(g, g.new_state(players=3), "cow")
    s = g.step(s, 1, "bid 10")
    refused(g, s, 0, "sell")
    refused(g, s, 0, "buy")


def test_player_cannot_play_a_chance_draw():
    """YB "The Auctions": the leader "turns over the top card"; which animal it is, is chance."""
    g = yb()
    s = g.step(g.new_state(players=3), 0, "auction")
    refused(g, s, 0, "draw horse", "draw-is-chance")
    refused(g, g.new_state(players=3), 0, "draw horse", "draw-is-chance")


def test_chance_cannot_play_a_bid():
    """Chance only turns up animals; bids are the players' (YB "The Auctions")."""
    g = yb()
    s = g.step(g.new_state(players=3), 0, "auction")
    refused(g, s, None, "bid 10", "chance-only-draws")
    refused(g, s, None, "auction", "chance-only-draws")


def test_players_wait_while_chance_turns_up_the_animal():
    """YB "The Auctions": bidding starts once the card is turned over."""
    g = yb()
    s = g.step(g.new_state(players=3), 0, "auction")
    refused(g, s, 1, "bid 10", "chance-turn")
    refused(g, s, 0, "auction", "chance-turn")


def test_chance_waits_for_the_players():
    """No card is turned up before the leader chooses an auction."""
    g = yb()
    s = g.new_state(players=3)
    refused(g, s, None, "draw cow", "not-chance-turn")


def test_chance_cannot_turn_up_an_animal_not_in_the_pile():
    """YB "Contents": four of each family; with all four cows owned, no cow is left to draw."""
    g = yb()
    s = g.state_from_position(players=3, leader=0, herds=[{"cow": 2}, {"cow": 2}, {}], pile=None)
    s = g.step(s, 0, "auction")
    refused(g, s, None, "draw cow", "not-in-pile")


def test_chance_cannot_turn_up_a_family_outside_the_ten():
    """YB "Contents": ten families. A draw of family -1 or 10 is refused in words and
    changes nothing, though a Python index -1 would name the horse (a draw of 10 once
    ended in an IndexError while the refusal was being worded)."""
    g = yb()
    s = g.step(g.new_state(3), 0, "auction")
    for family in (-1, 10):
        err = refused(g, s, None, Draw(family), "not-in-pile")
        assert f"draw {family} is not possible: the families are 0..9" in str(err), str(err)


def test_unreadable_action_text_is_refused_without_change():
    """An action that cannot be read is refused before anything happens."""
    from bluffkit.core.errors import NotationError
    g = yb()
    s = open_auction(g, g.new_state(players=3), "cow")
    before = copy.deepcopy(s)
    for text in ("bid ten", "bid", "shout 10", "pay 30", ""):
        with pytest.raises(NotationError):
            g.step(s, 1, text)
    assert s == before


def test_no_such_seat():
    g = yb()
    s = g.new_state(players=3)
    refused(g, s, 3, "auction", "no-such-seat")


def test_a_game_that_does_not_end_within_max_steps_is_stopped():
    """``play`` refuses to run on past ``max_steps`` moves (players' and chance's) and
    names the game's seed; with room enough the same game ends."""
    from bluffkit.agents.youre_bluffing import RandomAgent
    from bluffkit.core.play import RunawayGame, play
    g = yb()
    with pytest.raises(RunawayGame) as e:
        play(g, [RandomAgent() for _ in range(3)], 7, max_steps=25)
    assert "seed 7" in str(e.value) and "25 steps" in str(e.value)
    done = play(g, [RandomAgent() for _ in range(3)], 7)
    assert done.final.is_over()
    steps = len(done.moves)
    assert play(g, [RandomAgent() for _ in range(3)], 7, max_steps=steps).moves == done.moves
    with pytest.raises(RunawayGame):
        play(g, [RandomAgent() for _ in range(3)], 7, max_steps=steps - 1)


# ---------------------------------------------------------------------------------------------
# Rule options and the notation: a ruleset reads and writes its own names and notes
# ---------------------------------------------------------------------------------------------

def _notation_problems(g) -> list[str]:
    """Play an auction to its payment and check that the ruleset's notation writes, and
    reads back, the animal and the notes the narration names: the families by
    ``rules.labels``, the notes by ``rules.denominations``."""
    from bluffkit.core.money import fmt, total
    from bluffkit.games.youre_bluffing.actions import Draw
    r, names = g.rules, ["Anna", "Ben", "Carla"]
    problems = []
    if r.labels != r.families and r.labels != ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10"):
        problems.append(f"the animals are named neither by the families {r.families} nor by the ranks")
    s = g.step(g.new_state(players=3), 0, "auction")
    draw = Draw(F["cow"])
    cow = r.labels[F["cow"]]
    text = g.notation(draw)
    if text != f"draw {cow}":
        problems.append(f"draw: notation {text!r} for {cow}")
    try:
        if g.parse(text) != draw:
            problems.append(f"draw: {text!r} reads back as {g.parse(text)!r}")
    except Exception as e:                  # the ruleset's own name refused
        problems.append(f"draw: {text!r} does not read back: {e}")
    after = g.step(s, None, draw)
    if r.labels[F["cow"]] not in g.narrate(s, None, draw, after, names):
        problems.append(f"draw: narration does not name {r.labels[F['cow']]}")
    s = after
    lowest = g.legal(s, 1).bid[0]
    s = g.step(s, 1, f"bid {lowest}")
    s = g.step(s, 2, "pass")
    s = g.step(s, 0, "sell")
    for pay in g.legal(s, 1).payments(r.denominations):
        text = g.notation(pay)
        written = fmt(pay.notes, r.denominations)
        if text != f"pay {written}":
            problems.append(f"pay: notation {text!r}, the notes are {written} ({total(pay.notes, r.denominations)})")
        try:
            back = g.parse(text)
        except Exception as e:              # a real note value refused
            problems.append(f"pay: {text!r} does not read back: {e}")
            continue
        if back != pay:
            problems.append(f"pay: {text!r} reads back as {back!r}")
        said = g.narrate(s, 1, pay, g.step(s, 1, pay), names)
        if f"{total(pay.notes, r.denominations):,}" not in said:          # (as the narration writes it)
            problems.append(f"pay: narration {said!r} does not name {total(pay.notes, r.denominations)}")
    return problems


@pytest.mark.parametrize("name", ["youre-bluffing", "horse-trading"])
def test_the_presets_notation_agrees_with_the_narration(name):
    """The check below passes on the rulebooks' own rules (so it can tell)."""
    from bluffkit.core.game import make_game
    assert _notation_problems(make_game(name)) == []


@pytest.mark.parametrize("name,option,value", [
    ("youre-bluffing", "denominations", (0, 1, 5, 10, 20, 50)),
    ("horse-trading", "denominations", (0, 5, 25, 100, 200, 500)),
    ("youre-bluffing", "families", ("hen", "goose", "cat", "dog", "sheep", "goat", "donkey", "pig", "cow", "horse")),
    ("youre-bluffing", "labels", ("hen", "gander", "tom", "hound", "ewe", "billy", "ass", "hog", "heifer", "mare")),
    ("horse-trading", "labels", ("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")),
])
def test_custom_names_and_notes_are_written_as_the_rules_say_or_refused(name, option, value):
    """Issue "one game interface": custom ``denominations`` gave a notation that disagreed
    with the narration and refused real note values (``pay 5`` with a 5 note); custom
    families and labels likewise. A ruleset either writes and reads its own names and
    notes, or refuses the option with a message naming it."""
    from bluffkit.core.game import make_game
    try:
        g = make_game(name, **{option: value})
    except RulesError as e:
        assert option in str(e), f"the refusal must name the option: {e}"
        return
    assert _notation_problems(g) == []


# ---------------------------------------------------------------------------------------------
# Horse Trading's money cards deal every player count
# ---------------------------------------------------------------------------------------------

def _money_pile(short: bool) -> list[str]:
    """HT "The money": the whole second deck (four of each rank), the Jacks, Queens and
    Kings of the first deck and the 4 jokers; HT "Variants", Short game: "the Queens and
    Kings out of the bank"."""
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    pile = [r for r in ranks for _ in range(4)] + [r for r in ("J", "Q", "K") for _ in range(4)]
    pile += ["joker"] * 4
    if short:
        pile = [c for c in pile if c not in ("Q", "K")]
    return pile


@pytest.mark.parametrize("short", [False, True], ids=["full", "short"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_money_cards_deal_the_start_money_and_every_payday(players, short):
    """HT "Setup" 2: each player takes two 0s, four 10s and one 50; "Paydays": every player
    gets 50, 100, 200, 500 at the 1st..4th 7 (two 7s, 50 and 100, in the Short game, whose
    bank has no Queens or Kings). The rules' money-card table must let the cards of the
    bank pay all of it, card by card (the first table had only 12 cards worth 10)."""
    g = ht("short") if short else ht()
    value = dict(g.rules.money_cards)
    assert value["5"] == 10 and value["8"] == 50, "HT examples: a 5 is worth 10, an 8 is worth 50"
    pile = _money_pile(short)
    assert set(value) == set(pile), "the table gives a value to exactly the bank's cards"
    per_player = [0, 0, 10, 10, 10, 10, 50] + ([50, 100] if short else [50, 100, 200, 500])
    for seat in range(players):
        for wanted in per_player:
            card = next((c for c in pile if value[c] == wanted), None)
            assert card is not None, f"no card worth {wanted} left for player {seat + 1} of {players}"
            pile.remove(card)
    assert g.rules.paydays == ((50, 100) if short else (50, 100, 200, 500))
    assert g.money_totals(g.new_state(players)) == (90,) * players


def test_a_money_card_table_that_cannot_deal_is_refused():
    """The first table (5, 6, 7 worth 10: twelve 10s) cannot start four players (sixteen
    10s): such a table is refused, naming the option and the shortage."""
    first = (("joker", 0), ("2", 0), ("3", 0), ("4", 0), ("5", 10), ("6", 10), ("7", 10), ("8", 50),
             ("9", 50), ("10", 100), ("J", 100), ("A", 100), ("Q", 200), ("K", 500))
    with pytest.raises(RulesError) as info:
        ht(money_cards=first)
    assert "money_cards" in str(info.value) and "worth 10" in str(info.value)
    assert ht(money_cards=first, max_players=3).rules.max_players == 3, "12 tens start three players"
    with pytest.raises(RulesError) as info:
        ht(money_cards=(("joker", 0), ("5", 7)))
    assert "money_cards" in str(info.value)
    with pytest.raises(RulesError) as info:
        ht(money_cards=(("joker", 0), ("Z", 10)))
    assert "money_cards" in str(info.value)


def test_money_cards_survive_a_log_header():
    """The table is part of the rules: written to a log header and read back the same."""
    import json
    for g in (ht(), ht("short")):
        back = YoureBluffing.from_header(json.loads(json.dumps(g.header())))
        assert back.rules == g.rules and back.rules.money_cards == g.rules.money_cards
    assert "money_cards" not in yb().rules.to_dict(), "You're Bluffing! has its own notes"


# ---------------------------------------------------------------------------------------------
# The game interface: phases, observations by name, the Legal protocol, the random bot
# ---------------------------------------------------------------------------------------------

def _positions(g):
    """A state in every phase a player acts in: turn (with a trade), bid, decide, pay,
    respond, reoffer (You're Bluffing!'s tie rule)."""
    out = {}
    s = _trade_position(g, [{"goat": 1}, {"goat": 1}, {}])
    out["turn"] = s
    s = open_auction(g, s, "cow")
    out["bid"] = s
    s = play(g, s, (1, "bid 10"), (2, "pass"))
    out["decide"] = s
    out["pay"] = g.step(s, 0, "sell")
    s = g.step(out["turn"], 0, "trade 1 goat 10")
    out["respond"] = s
    out["reoffer"] = g.step(s, 1, "counter 10")
    return out


def test_phases_are_an_enum_that_reads_as_text():
    """Phases are ``Phase`` members; comparisons with the old strings keep working, and the
    repr is the string's (state digests in logs are unchanged)."""
    from bluffkit.games.youre_bluffing.state import PHASES, Phase
    g = yb()
    for name, s in _positions(g).items():
        assert isinstance(s.phase, Phase) and s.phase == name and repr(s.phase) == repr(name)
    assert [str(p) for p in PHASES] == ["turn", "draw", "bid", "decide", "pay", "respond", "reoffer", "over"]


def test_the_observation_is_built_by_name_from_the_state_fields():
    """The observation's public fields are the State's own by name (all but the notes, the
    open trade and the draws left), and the table's builder and the keyword constructor
    agree field by field."""
    import dataclasses

    from bluffkit.games.youre_bluffing.observe import OWN_FIELDS, PUBLIC_FIELDS, Observation
    from bluffkit.games.youre_bluffing.state import FIELDS, State
    assert FIELDS == tuple(f.name for f in dataclasses.fields(State))
    assert set(PUBLIC_FIELDS) == set(FIELDS) - {"money", "trade", "draws_left"}
    g = yb()
    for name, s in _positions(g).items():
        for seat in range(3):
            obs = g.observe(s, seat)
            again = Observation.from_fields(**dict(zip(Observation._fields, obs)))
            assert again == obs and type(again) is Observation
            for f in PUBLIC_FIELDS:
                assert getattr(obs, f) == getattr(s, f), f"{name}: field {f} differs from the state's"
            assert obs.hand == s.money[seat] and set(OWN_FIELDS) <= set(obs._fields)
    with pytest.raises(TypeError) as info:
        Observation.from_fields(seat=0)
    assert "missing" in str(info.value)
    import inspect

    from bluffkit.games.youre_bluffing import engine
    assert Observation._fields == OWN_FIELDS[:1] + PUBLIC_FIELDS + OWN_FIELDS[1:]
    code = engine._assemble.__code__
    assert code.co_varnames[:code.co_argcount] == ("src",) + OWN_FIELDS
    assert code.co_names == ("_new", "_cls") + PUBLIC_FIELDS, "the public fields are read by name"
    src = inspect.getsource(engine.Table.observe).split("return _assemble(self, ")[1]
    call = src.split(")")[0]
    assert tuple(a.strip() for a in call.split(",")) == OWN_FIELDS, \
        "Table.observe passes each of the seat's own fields in the variable of its name"


def test_legal_follows_the_protocol_in_every_phase():
    """``explain(action)`` needs no table; ``sample(rng)`` draws a legal action; ``actions()``
    lists legal actions (``None`` for uncapped bidding); ``description`` says them."""
    import numpy as np

    from bluffkit.core.protocols import Legal as LegalProtocol
    rng = np.random.default_rng(5)
    for g in (yb(), ht()):
        for name, s in _positions(g).items():
            (seat,) = g.to_move(s)[:1]
            legal = g.legal(s, seat)
            assert isinstance(legal, LegalProtocol) and legal.seat == seat
            assert legal.description, f"{name}: an empty description"
            for _ in range(20):
                a = legal.sample(rng)
                assert legal.explain(a) is None, f"{name}: sampled {a} is not legal: {legal.explain(a)}"
                g.step(s, seat, a)                          # and the engine takes it
            listed = legal.actions(limit=50)
            if name == "bid" and legal.bid[1] is None:
                assert listed is None, "bids without a cap are not a list"
            else:
                assert listed and len(listed) <= 50
                assert all(legal.explain(a) is None for a in listed)
            other = (seat + 1) % 3
            refusal = g.legal(s, other).explain(g.parse("pass"))
            if other not in g.to_move(s):
                assert refusal is not None and refusal[0] in ("not-your-turn", "leader-does-not-bid",
                                                              "already-highest"), refusal
    g = ht()
    pay = g.legal(_positions(g)["pay"], 1)            # Ben owes 10 from the start money
    assert [str(a) for a in pay.actions()] == ["pay 10"]
    assert pay.explain(g.parse("pay 10+10")) == (
        "payment", "the payer can pay exactly 10, so must not give more (no change is given); "
        "seat 1 may: pay 10 exactly (no change is given)")
    # it said "must not give more ...; may: pay 10 or more": "or more" only when no exact sum is held
    from bluffkit.games.youre_bluffing.observe import Legal
    from bluffkit.games.youre_bluffing.state import PAY
    only_fifty = Legal(1, PAY, hand=notes("50"), pay=10, rules=g.rules)
    assert only_fifty.description == "pay 10 or more (no change is given)"
    assert Legal(1, PAY, hand=notes("50+10"), pay=10, rules=g.rules).description == \
        "pay 10 exactly (no change is given)"
    assert Legal(1, PAY, hand=notes("50+10"), pay=10, rules=g.rules, payment_rule="any_cover").description == \
        "pay 10 or more (no change is given)"


def test_a_refusal_to_the_seat_awaited_does_not_say_it_waits_for_someone():
    """The leader who typed 'pay 10' at their turn read "owes nothing now: waiting for the
    leader to choose an auction or a trade": a refusal to the seat that is to move says it
    is that seat's turn, and what to do."""
    moves = ("pass", "auction", "sell", "buy", "accept", "pay 10", "counter 10", "offer 10")
    for g in (yb(), ht()):
        for name, s in _positions(g).items():
            seat = g.to_move(s)[0]
            legal = g.legal(s, seat)
            for text in moves:
                problem = legal.explain(g.parse(text))
                if problem is None or problem[0] == "payment":
                    continue
                assert "waiting for the" not in problem[1], (name, text, problem)
    g = yb()
    legal = g.legal(_positions(g)["turn"], 0)
    assert legal.explain(g.parse("pay 10")) == (
        "not-paying", "seat 0 owes nothing now: it is seat 0's turn to choose an auction or a trade; "
        "seat 0 may: auction, trade for goat with seat 1")
    assert legal.explain(g.parse("trade 1 cow 10")) == (
        "trade-shared-family", "a trade needs a family both players own (cow: seat 0 has 0, seat 1 has 0); "
        "seat 0 may: auction, trade for goat with seat 1")


def test_sample_draws_what_the_random_agent_plays():
    """``Legal.sample(rng)`` is the uniform random bot: the generic ``RandomBot`` (unbuffered
    draws) and the game's ``RandomAgent(bids="any")`` (buffered draws) play the same seeded
    games (the game's default random bot bids in tens instead)."""
    from bluffkit.agents.generic import RandomBot
    from bluffkit.agents.youre_bluffing import RandomAgent
    from bluffkit.core.play import play as play_game
    for g in (yb(), ht("short"), yb("quick", "trade-and-auction")):
        for seed in (1, 2):
            a = play_game(g, [RandomBot() for _ in range(4)], seed).moves
            b = play_game(g, [RandomAgent(bids="any") for _ in range(4)], seed).moves
            assert a == b, f"{g} seed {seed}: the two random bots part at move " \
                           f"{next(i for i, (x, y) in enumerate(zip(a, b)) if x != y)}"


@pytest.mark.slow
@pytest.mark.parametrize("path", sorted(
    str(p) for pattern in ("youre-bluffing*.jsonl", "horse-trading*.jsonl")
    for p in TESTS.joinpath("logs").glob(pattern)))
def test_the_random_bot_replays_the_frozen_logs(path):
    """The frozen logs were played by bluffkit 0.1.0's random bot in sessions from their
    seeds; ``RandomBot`` (``Legal.sample``) plays the very same moves."""
    import json

    from bluffkit.agents.generic import RandomBot
    from bluffkit.core.game import game_from_header
    from bluffkit.session import Session
    lines = [json.loads(line) for line in open(path, encoding="utf-8")]
    head = lines[0]
    assert all(seat["agent"] == "random" for seat in head["seats"])
    game = game_from_header(head)
    want = [(r.get("seat"), r.get("action") or r.get("chance")) for r in lines[1:] if "step" in r]
    s = Session(game, [RandomBot() for _ in head["seats"]], seed=head["seed"]).run()
    assert [(seat, game.notation(a)) for seat, a in s.moves] == want


@pytest.mark.parametrize("name, players", [("youre-bluffing", 3), ("youre-bluffing", 5), ("horse-trading", 4)])
def test_every_view_a_simulation_hands_a_bot_is_the_states_own(name, players):
    """``Table.run`` builds a bidder's view in its short way for bids; every view it hands
    an agent, bidding or not, equals ``game.observe(state, seat)`` on the replayed state."""
    from bluffkit.agents.youre_bluffing import RandomAgent
    from bluffkit.core.game import make_game
    from bluffkit.core.play import play

    class Seeing(RandomAgent):
        def __init__(self, seen):
            super().__init__(overbid=30)
            self.seen = seen

        def act(self, obs, legal, rng):
            self.seen.append(obs)
            return super().act(obs, legal, rng)

    game = make_game(name)
    bids = 0
    for seed in range(3):
        seen: list = []
        rec = play(game, [Seeing(seen) for _ in range(players)], seed)
        views = iter(seen)
        state = game.new_state(players)
        for seat, action in rec.moves:
            if seat is not None:
                view = next(views)
                assert view == game.observe(state, seat), f"seed {seed}: the view of seat {seat} before {action}"
                bids += view.legal.bid is not None
            state = game.step(state, seat, action)
        assert next(views, None) is None
    assert bids > 100


# -- narration tells the table no more than it sees ------------------------------------------

def _third_seat_sees_the_same(g, a, b, seat=2):
    oa, ob = g.observe(a, seat), g.observe(b, seat)
    return all(getattr(oa, f) == getattr(ob, f) for f in oa._fields if f != "legal")


@pytest.mark.parametrize("ruleset", ["horse-trading", "youre-bluffing"])
def test_a_tie_the_others_cannot_see_is_not_narrated(ruleset):
    """HT "each of you counts the money you received in secret": an equal counter-offer
    gives the challenger the animal, and a third player sees the same as when the
    challenger offered more. The narration, read by every seat ("What happened"), said
    "Anna wins the tie" in the one case and "Anna offered more" in the other. YB: the
    first tie is public (the challenger must offer again), the second is not."""
    g = YoureBluffing.create(ruleset)
    names = ["Anna", "Ben", "Carla"]
    s = g.state_from_position(players=3, leader=0, herds=[{"3": 1}, {"3": 1}, {}])
    counter = g.parse("counter 10")
    texts, ends = [], []
    for offer in ("10+0", "50+0"):                  # equal to Ben's 10, or more
        if ruleset == "youre-bluffing":              # the public first tie, then the offer again
            t = g.step(g.step(s, 0, "trade 1 3 10"), 1, counter)
            assert "must offer again" in g.narrate(g.step(s, 0, "trade 1 3 10"), 1, counter, t, names)
            before = g.step(t, 0, g.parse(f"offer {offer}"))
        else:
            before = g.step(s, 0, f"trade 1 3 {offer}")
        after = g.step(before, 1, counter)
        texts.append(g.narrate(before, 1, counter, after, names))
        ends.append(after)
    assert _third_seat_sees_the_same(g, *ends), "the test needs positions Carla cannot tell apart"
    assert texts[0] == texts[1], texts
    assert "Anna takes" in texts[0] and "tie" not in texts[0]


def test_every_tuple_option_may_be_given_as_a_list():
    """bank=[...] was refused ("must give a count for each of the 6 denominations") while the
    same tuple, and start_money or paydays as lists, were taken."""
    from bluffkit.core.game import make_game
    from bluffkit.games.youre_bluffing.rules import Rules
    as_list = make_game("youre-bluffing", bank=[100] * 6, start_money=[2, 4, 1, 0, 0, 0], paydays=[50, 100, 200, 500])
    as_tuple = make_game("youre-bluffing", bank=(100,) * 6, start_money=(2, 4, 1, 0, 0, 0), paydays=(50, 100, 200, 500))
    assert as_list.rules == as_tuple.rules and isinstance(as_list.rules.bank, tuple)
    assert Rules(bank=[50] * 6).bank == (50,) * 6


def test_horse_trading_names_a_refused_familys_animal_beside_its_rank():
    """Horse Trading's families are the ranks Ace..10 (RULES.md section 1: Ace = rooster ...
    10 = horse), and a trade may name either; a refusal of "trade 1 horse" said only "10"."""
    from bluffkit.core.game import make_game
    g = make_game("horse-trading")
    s = g.new_state(3)
    for text in ("trade 1 horse 10", "trade 1 10 10"):
        problem = g.legal(s, 0).explain(g.parse(text))
        assert problem is not None and problem[0] == "trade-shared-family", problem
        assert problem[1].startswith("a trade needs an animal both players own (10, the horse: seat 0 has 0"), problem


def test_a_refusal_while_the_auction_is_decided_words_the_choice_as_each_rulebook_does():
    """While the leader chooses after the bidding, another seat is told what it waits for in
    its ruleset's words: YB "The Leader's Right of Preemption" (buy it back), HT "Auction" 3
    ("Buy it yourself", by the auctioneer)."""
    from bluffkit.session import Session
    for game, waiting in (("youre-bluffing", "waiting for the leader to sell the lot or buy it back"),
                          ("horse-trading", "waiting for the auctioneer to sell the lot or buy it")):
        s = Session(game, ["human"] * 3, seed=5)
        s.play("auction")
        s.chance("draw cow")
        s.play("bid 10", 1)
        s.play("pass", 2)
        problem = s.legal(1).explain(s.game.parse("pass"))
        assert problem is not None and waiting in problem[1], problem


# ---------------------------------------------------------------------------------------------
# The first leader
# ---------------------------------------------------------------------------------------------

def test_the_first_leader_is_a_rule_option():
    """YB: "The players choose who will be the leader for the first round"; HT: "Choose a
    start player in any way you like". Seat 0 by default; ``first_leader`` names another,
    and the lead then moves to the left as always."""
    assert yb().new_state(players=3).leader == 0
    g = ht(first_leader=2)
    s = g.new_state(players=3)
    assert s.leader == 2 and g.to_move(s) == (2,)
    s = play(g, s, (2, "auction"), (None, "draw 9"), (0, "bid 10"), (1, "pass"), (2, "sell"), (0, "pay 10"))
    assert s.phase == "turn" and s.leader == 0, "to the left of seat 2 of 3 is seat 0"
    with pytest.raises(RulesError, match="first_leader 3 is not a seat of a 3-player game"):
        ht(first_leader=3).new_state(players=3)
    with pytest.raises(RulesError, match="first_leader must be a seat"):
        ht(first_leader=-1)


def test_a_trades_cards_are_named_in_words():
    """Horse Trading's animals are a deck's ranks: a trade gave "1 x 5" to its winner; now
    "a 5", "an 8", "two 7s" (You're Bluffing! keeps "1 cow", "2 geese")."""
    from bluffkit.games.youre_bluffing.narrate import animals
    ht, yb = preset("horse-trading"), preset("youre-bluffing")
    rank = {label: f for f, label in enumerate(ht.labels)}
    assert [animals(ht, rank["5"], 1), animals(ht, rank["8"], 1), animals(ht, rank["A"], 1)] == ["a 5", "an 8", "an A"]
    assert [animals(ht, rank["7"], 2), animals(ht, rank["10"], 4), animals(ht, rank["A"], 2)] == ["two 7s", "four 10s", "two A's"]
    fam = {name: f for f, name in enumerate(yb.families)}
    assert [animals(yb, fam["cow"], 1), animals(yb, fam["goose"], 2)] == ["1 cow", "2 geese"]


@pytest.mark.parametrize("herds, pile, todo", [
    ([{"cow": 1}, {"dog": 1}, {}], None, "start an auction (no trade is possible)"),
    ([{"cow": 1}, {"cow": 1}, {}], None, "choose an auction or a trade"),
    ([{"cow": 1}, {"cow": 3}, "rest"], {}, "choose a trade (no animals are left to auction)"),
])
def test_a_refusal_at_the_turn_says_which_choice_is_open(herds, pile, todo):
    """YB "The Game Begins": "At the start of the game, there are only auctions"; "Once there
    are no more 'animal' cards to auction, cattle trades become mandatory". A bid typed at the
    leader's turn was refused with "it is seat 0's turn to choose an auction or a trade;
    seat 0 may: auction", under a header that said only an auction was open."""
    g = yb()
    if herds[2] == "rest":
        herds = herds[:2] + [{f: 4 for f in g.rules.labels if f not in herds[0]}]
    s = g.state_from_position(players=3, leader=0, herds=herds, pile=pile)
    rule, why = g.legal(s, 0).explain(g.parse("bid 10"))
    assert rule == "not-bidding" and f"it is seat 0's turn to {todo}; seat 0 may: " in why, why
    # and a seat that waits is told the same ("waiting for the leader to choose an auction or
    # a trade" stood under a header saying only an auction was open)
    rule, why = g.legal(s, 1).explain(g.parse("bid 10"))
    assert rule == "not-your-turn" and why == f"seat 1 cannot act now: waiting for the leader to {todo} (seat 0)", why
