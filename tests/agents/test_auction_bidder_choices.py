"""The auction lab's Bidder on positions set up by hand: what its docstring and
docs/auctions.md say it does with its values, its strategy and, as the auctioneer, the
right of first refusal."""

from __future__ import annotations

import numpy as np
import pytest

from bluffkit.agents.auction import Bidder, from_spec
from bluffkit.auctions.actions import PASS, TAKE, Bid
from bluffkit.core.errors import RulesError
from bluffkit.core.game import make_game


def _view(fmt, players, seat=1, money=None, lot=("cow",), pen=None, **options):
    """``seat``'s view of a fresh auction of ``lot`` (seat 0 the auctioneer)."""
    g = make_game("auction", format=fmt, **options)
    kw = {"pen": list(pen)} if pen is not None else {"lot": list(lot)}
    return g, g.observe(g.state_from_position(players, money=money, **kw), seat)


def _act(bidder, obs):
    return bidder.act(obs, obs.legal, np.random.default_rng(0))


# -- what the bidder is built from -------------------------------------------------------------

def test_an_unknown_strategy_is_refused_naming_the_strategies():
    with pytest.raises(RulesError, match=r"^unknown strategy 'greedy'; choose from truthful, equilibrium, "
                                         r"shade, random$"):
        Bidder(strategy="greedy")


def test_a_shade_given_as_text_is_refused_in_words():
    """shade is a number: the text "0.5" is refused with the rule, not a TypeError."""
    with pytest.raises(RulesError, match=r"^shade is a fraction from 0 to 1, got '0.5'$"):
        Bidder(strategy="shade", shade="0.5")


def test_true_is_no_value():
    """values is a number or a mapping; True is neither a value nor a mapping."""
    with pytest.raises(RulesError, match="one number for every animal, or a mapping"):
        Bidder(values=True)


def test_a_shade_fraction_from_the_command_line_is_the_fraction_shaved_off():
    """'shade 0.3' bids 70 % of the value: a cow worth 100 bids 70."""
    _, obs = _view("secret-value", 4)
    bot = from_spec("shade 0.3")
    assert (bot.strategy, bot.shade) == ("shade", 0.3)
    assert _act(Bidder(values=100, strategy="shade", shade=0.3), obs) == Bid(70)
    bot.values = dict.fromkeys(range(10), 100.0)
    assert _act(bot, obs) == Bid(70)


# -- what a lot is worth -----------------------------------------------------------------------

def test_a_double_pen_is_the_sum_of_its_animals_and_a_split_one_its_dearer_animal():
    """A package double pen (Classic) is worth both animals; a split double pen (Secret
    Value) is "bid for its more valuable animal"."""
    values = {"cow": 300, "horse": 500}
    _, package = _view("classic", 3, lot=("cow", "horse"), double=True)
    _, split = _view("secret-value", 4, lot=("cow", "horse"), double=True)
    assert Bidder(values).value(package) == 800
    assert Bidder(values).value(split) == 500


@pytest.mark.parametrize("double, worth", [(False, 300), (True, 600)])
def test_a_cat_in_the_bag_is_worth_the_average_of_the_pen_times_the_animals_picked(double, worth):
    """Pen of cow, horse, rooster worth 300, 600, 0 to the bidder: one face-down animal is
    worth the average, 300; a double pen picks 2 of the 3, worth 600."""
    _, obs = _view("cat-in-the-bag", 3, pen=("cow", "horse", "rooster"), double=double)
    assert obs.lot is None
    assert Bidder({"cow": 300, "horse": 600, "rooster": 0}).value(obs) == worth


# -- bids --------------------------------------------------------------------------------------

def test_a_sealed_bid_is_rounded_down_to_the_step():
    """A cow worth 99 to a truthful bidder bids 90, never above its value."""
    _, obs = _view("secret-value", 4)
    assert _act(Bidder(values=99), obs) == Bid(90)


@pytest.mark.parametrize("fmt, players, bid", [("secret-value", 4, 600), ("secret-value", 3, 450),
                                               ("second-hand", 4, 900), ("round-the-table", 4, 600)])
def test_an_equilibrium_bidder_bids_n_minus_one_over_n_in_first_price_and_its_value_in_second(fmt, players, bid):
    """n bidders (the auctioneer is none): first price (n - 1)/n of a value of 900 (3
    bidders: 600, 2 bidders: 450); Second Hand the value itself."""
    _, obs = _view(fmt, players)
    assert _act(Bidder(values=900, strategy="equilibrium"), obs) == Bid(bid)


def test_an_equilibrium_bidder_takes_the_dutch_count_at_half_its_value_with_two_bidders():
    """Dutch, 3 players (2 bidders): the equilibrium bidder's target is half of 100, 50;
    its hand 0,0,10,10,10,10,50,50,100,100,200: 6 notes cost 40, 7 cost 90. At a count of 7
    it passes, the truthful bidder (7 notes for 90 <= 100) takes."""
    _, obs = _view("dutch", 3, dutch_start=7)
    assert obs.count == 7 and obs.hand == (2, 4, 2, 2, 1, 0)
    assert _act(Bidder(values=100, strategy="equilibrium"), obs) == PASS
    assert _act(Bidder(values=100), obs) == TAKE
    _, obs = _view("dutch", 3, dutch_start=6)
    assert _act(Bidder(values=100, strategy="equilibrium"), obs) == TAKE


def test_a_bidder_without_values_follows_the_rules_animal_values_and_one_with_values_keeps_them():
    values = (10, 40, 90, 160, 350, 350, 500, 650, 300, 1000)       # a cow worth 300
    _, obs = _view("secret-value", 4, animal_values=values)
    assert _act(Bidder(), obs) == Bid(300)
    assert _act(Bidder(values={"cow": 120}), obs) == Bid(120)


def test_an_open_bidder_bids_the_lowest_bid_equal_to_its_value():
    """Classic, first bid at least 10: a cow worth 10 bids 10; worth 9, it passes."""
    _, obs = _view("classic", 3)
    assert obs.legal.bid[0] == 10
    assert _act(Bidder(values=10), obs) == Bid(10)
    assert _act(Bidder(values=9), obs) == PASS


def test_an_open_bidder_does_not_outbid_itself():
    """Classic: seat 1 bid 200, seat 2 passed; seat 1, the highest bidder, may raise
    itself but a truthful bidder has no reason to: it passes."""
    g, _ = _view("classic", 3)
    s = g.step(g.state_from_position(3, lot=["cow"]), 1, "bid 200")
    s = g.step(s, 2, "pass")
    obs = g.observe(s, 1)
    assert obs.high_bidder == 1 and obs.legal.bid
    assert _act(Bidder(values=800), obs) == PASS


def test_notes_laid_are_at_most_the_hand():
    """Secret Count: a cow worth far more than its 10 + 50 lays both notes."""
    g, obs = _view("secret-count", 3, money=[None, "10+50", None])
    assert _act(Bidder(values=10_000), obs) == g.parse("lay 10+50")


def test_a_random_bidder_bids_below_its_value_at_times():
    """'random: a random bid up to its value': over 20 draws the bids differ, each at most
    the value."""
    _, obs = _view("secret-value", 4)
    bidder, rng = Bidder(values=1000, strategy="random"), np.random.default_rng(3)
    bids = [bidder.act(obs, obs.legal, rng) for _ in range(20)]
    amounts = {b.amount for b in bids if b != PASS}
    assert len(amounts) > 3 and max(amounts) <= 1000


# -- the auctioneer ----------------------------------------------------------------------------

def _refusal(value, use_right=True):
    """Classic, 3 players: seat 1 bids 200 for the cow and everyone passes; the auctioneer
    to whom the cow is worth ``value`` uses its right of first refusal."""
    g = make_game("auction", format="classic")
    s = g.step(g.state_from_position(3, lot=["cow"]), 1, "bid 200")
    s = g.step(g.step(s, 2, "pass"), 1, "pass")
    obs = g.observe(s, 0)
    return g, _act(Bidder(values={"cow": value}, use_right=use_right), obs)


@pytest.mark.parametrize("value, word", [(0, "sell"), (250, "sell"), (399, "sell"), (401, "buy"), (500, "buy"),
                                         (10_000, "buy")])
def test_the_auctioneer_keeps_a_lot_worth_more_than_twice_the_price(value, word):
    """Keeping pays value - 200, selling pays 200: it keeps a cow worth more than 400."""
    g, action = _refusal(value)
    assert str(action).split()[0] == word


def test_an_auctioneer_without_the_right_always_sells():
    g, action = _refusal(10_000, use_right=False)
    assert action == g.parse("sell")


@pytest.mark.parametrize("value, call", [(810, 410), (800, 400), (0, 1)])
def test_the_auctioneer_calls_half_its_value_rounded_up_to_ten(value, call):
    """The Call: half of 810 is 405, called as 410; a cow worth nothing calls the lowest
    call, 1."""
    g, obs = _view("the-call", 2, seat=0)
    action = _act(Bidder(values={"cow": value}), obs)
    assert action.amount == call
    g.step(g.state_from_position(2, lot=["cow"]), 0, action)


@pytest.mark.parametrize("spec, shade, bid", [("shade 0", 0.0, 100), ("shade:1", 1.0, None), ("shade:0.25", 0.25, 70)])
def test_shade_specs_take_the_fractions_from_0_to_1_with_a_space_or_a_colon(spec, shade, bid):
    """'shade 0' shaves nothing off (bids the value, 100), 'shade:1' all of it (bids
    nothing: passes); 75 of 100 rounds down to 70."""
    _, obs = _view("secret-value", 4)
    bot = from_spec(spec)
    assert (bot.strategy, bot.shade) == ("shade", shade)
    bot.values = dict.fromkeys(range(10), 100.0)
    assert _act(bot, obs) == (PASS if bid is None else Bid(bid))


def test_an_equilibrium_bidder_alone_bids_nothing_in_first_price():
    """(n - 1)/n of the value with n = 1 bidder is 0. Secret Value with 2 players (the
    lab's player_limits=False): it passes. Number Call counts notes and 0-notes cost
    nothing: worth 0, its two 0-notes are still a bid of 2."""
    _, obs = _view("secret-value", 2, player_limits=False)
    assert _act(Bidder(values=900, strategy="equilibrium"), obs) == PASS
    _, obs = _view("number-call", 2)
    assert obs.hand[0] == 2 and obs.rules.denominations[0] == 0
    assert _act(Bidder(values=900, strategy="equilibrium"), obs) == Bid(2)


def test_a_bid_function_giving_true_is_refused_in_words():
    """True is no bid (no number from 0 to 10,000), though Python counts it as 1."""
    _, obs = _view("secret-value", 4)
    with pytest.raises(RulesError, match=r"^equilibrium_bid\(900\) gave True: a bid function gives a number"):
        _act(Bidder(values=900, strategy="equilibrium", equilibrium_bid=lambda v: True), obs)
