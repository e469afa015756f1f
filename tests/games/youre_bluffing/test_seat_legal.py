"""What a seat is offered and told: the bids a capped bidder may make, the words of a
refused bid or trade, each from the rulebooks (YB: shared/seeds/000; HT: shared/seeds/003)."""

from __future__ import annotations

import pytest

from bluffkit.core.errors import IllegalAction
from bluffkit.games.youre_bluffing import YoureBluffing


def ht() -> YoureBluffing:
    return YoureBluffing.create("horse-trading")


def yb() -> YoureBluffing:
    return YoureBluffing.create("youre-bluffing")


def play(g, s, *moves):
    for seat, action in moves:
        s = g.step(s, seat, action)
    return s


def refusal(g, s, seat, action) -> str:
    try:
        g.step(s, seat, action)
    except IllegalAction as e:
        return str(e)
    raise AssertionError(f"{action!r} by seat {seat} was accepted")


def _rerun(g):
    """HT "Can't pay?": Ben (seat 1, 90 in hand: HT "Setup" 2) bid 100 for a 9, Carla
    passed, Anna sold: Ben shows his money and the auction is held again."""
    s = play(g, g.new_state(players=3), (0, "auction"), (None, "draw 9"))
    return play(g, s, (1, "bid 100"), (2, "pass"), (0, "sell"))


def test_a_bidder_who_showed_90_is_offered_every_bid_from_10_to_90():
    """HT "Auction": multiples of 10, the first at least 10; "Can't pay?": no more than he has."""
    g = ht()
    s = _rerun(g)
    legal = g.legal(s, 1)
    assert legal.actions() == (g.parse("pass"),) + tuple(g.parse(f"bid {a}") for a in range(10, 100, 10))
    assert legal.description == "pass, bid 10 or more in steps of 10 up to 90"


def test_a_capped_bid_refused_names_the_money_shown():
    g = ht()
    s = _rerun(g)
    assert "showed their money (90) and may bid at most that" in refusal(g, s, 1, "bid 100")


def test_a_bid_too_low_names_the_lowest_bid():
    """HT "Auction": each bid at least 10 higher: after 40, the lowest is 50."""
    g = ht()
    s = play(g, g.new_state(players=3), (0, "auction"), (None, "draw 9"), (1, "bid 40"))
    assert "a bid must be at least 50 here, got 40" in refusal(g, s, 2, "bid 40")


def test_a_refused_trade_names_what_each_player_owns_of_the_family():
    """YB "The Cattle Trade": a trade needs a family both own. Seat 0 bought a cow, seat 1
    owns none: the refusal counts one cow for seat 0 and none for seat 1."""
    g = yb()
    s = play(g, g.new_state(players=3), (0, "auction"), (None, "draw cow"), (1, "pass"), (2, "pass"),
             (1, "pass"), (2, "pass"), (1, "pass"), (2, "pass"))
    assert s.herds[0][8] == 1 and s.leader == 1
    said = refusal(g, s, 1, "trade 0 cow none")
    assert "seat 1 has 0, seat 0 has 1" in said, said


def test_a_counter_of_a_negative_number_of_notes_is_refused():
    """YB "The Cattle Trade": an offer is notes the player holds; minus one note held is none."""
    from bluffkit.games.youre_bluffing.actions import Counter, Trade
    g = yb()
    s = play(g, g.new_state(players=3), (0, "auction"), (None, "draw cow"), (1, "bid 10"), (2, "pass"),
             (0, "sell"), (1, "pay 10"))
    s = play(g, s, (1, "auction"), (None, "draw cow"), (2, "pass"), (0, "bid 10"), (2, "pass"),
             (1, "sell"), (0, "pay 10"))
    assert s.herds[0][8] == s.herds[1][8] == 1 and s.leader == 2
    s = play(g, s, (2, "auction"), (None, "draw goat"), (0, "pass"), (1, "pass"), (0, "pass"), (1, "pass"),
             (0, "pass"), (1, "pass"))
    s = g.step(s, 0, Trade(1, 8, (0, 1, 0, 0, 0, 0)))
    assert g.legal(s, 1).explain(Counter((0, -1, 1, 0, 0, 0))) is not None
    with pytest.raises(IllegalAction):
        g.step(s, 1, Counter((0, -1, 1, 0, 0, 0)))


def test_a_yes_is_not_a_bid_of_one():
    """YB "The Auctions": a bid is an amount of money."""
    from bluffkit.games.youre_bluffing.actions import Bid
    g = yb()
    s = play(g, g.new_state(players=3), (0, "auction"), (None, "draw cow"))
    assert g.legal(s, 1).explain(Bid(True)) is not None
