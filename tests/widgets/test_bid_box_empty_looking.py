"""A bid box that looks empty says what an empty box says (auction_moves.closed_bid_words)."""

from __future__ import annotations

import pytest

from bluffkit.auctions import Auction
from bluffkit.widgets import TablePanel
from bluffkit.widgets.auction_moves import MoveControls

#: What shows nothing in a text box: a zero-width space, the byte order mark, a word joiner,
#: a soft hyphen, a no-break space, a Hangul filler, and these mixed with plain spaces.
LOOKS_EMPTY = ["\u200b", "\ufeff", "\u2060", "\u00ad", "\u00a0", "\u3164", " \u200b \u200b ", "\u200c\u200d"]


@pytest.mark.parametrize("typed", LOOKS_EMPTY)
def test_an_auction_box_that_looks_empty_says_the_lowest_bid(typed):
    """A zero-width space pasted into the lab's box said "Bid a whole number" over a box that
    shows nothing: a person sees an empty box and is told to type a whole number in words
    they cannot match to it. It says what the empty box says, and so does a click on it."""
    played: list = []
    said: list = []
    c = MoveControls(played.append, warn=said.append, all_money=(4360, 50))
    g = Auction.create(format="classic")
    c.show(g.observe(g.state_from_position(3, auctioneer=0, lot=["horse"]), 1), ["A", "B", "C"])
    c.amount.set_state({"value": ""})
    empty = (c.bid_button.description, c.bid_button.tooltip)
    c.bid_button.click()
    empty_said = list(said)
    c.amount.set_state({"value": typed})            # as the browser's message sets it
    b = c.bid_button
    assert (b.description, b.tooltip) == empty == ("Bid 10 or more",
                                                   "type a whole number, e.g. 120, 1,000 or 1e3: bid 10 or more")
    assert b.disabled
    b.click()
    assert played == [] and said == empty_said * 2, said


@pytest.mark.parametrize("typed", ["\u200b", " \ufeff "])
def test_a_tables_box_that_looks_empty_says_the_lowest_bid(typed):
    """The You're Bluffing! / Horse Trading table's box reads the same words."""
    t = TablePanel("horse-trading", players=3, humans=[1], names=["Ana", "Bo", "Cy"], seed=2,
                   bots=[["auction", "sell"], None, ["pass"]])
    assert t.screen == ("seat", 1) and t.session.legal(1).bid
    t.amount.set_state({"value": typed})
    assert t.bid_button.disabled and t.bid_button.description == "Bid 10 or more", t.bid_button.description


@pytest.mark.parametrize("typed", ["abc", "1\u200ba", "1 2", "\u202e21", "\u2067\u202e21\u2069", "\u060012"])
def test_what_shows_something_is_still_no_whole_number(typed):
    """A right-to-left override before "21" draws "12" (it bid 21); an Arabic number sign shows."""
    played: list = []
    c = MoveControls(played.append)
    g = Auction.create(format="classic")
    c.show(g.observe(g.state_from_position(3, auctioneer=0, lot=["horse"]), 1), ["A", "B", "C"])
    c.amount.set_state({"value": typed})
    assert c.bid_button.description == "Bid a whole number"


@pytest.mark.parametrize("typed", ["12\u200b", "\u200b12", "1\u200b2", "\ufeff1\u00ad2\u2060", "\u00a012\u00a0",
                                   "\u300012"])
def test_a_box_that_shows_12_bids_12(typed):
    """What shows as nothing, pasted in with the number, is left out: the box shows "12",
    and Bid said "Bid a whole number"."""
    played: list = []
    c = MoveControls(played.append)
    g = Auction.create(format="classic")
    c.show(g.observe(g.state_from_position(3, auctioneer=0, lot=["horse"]), 1), ["A", "B", "C"])
    c.amount.set_state({"value": typed})
    assert not c.bid_button.disabled and c.bid_button.description == "Bid 12", c.bid_button.description
