"""The bid box of the You're Bluffing! / Horse Trading table (``TablePanel``): text the panel
reads as the auctions' bid box reads it (``read_amount``), and a Bid button closed, saying
what a bid may be, for an amount that is no bid (no whole number, 0 or less, past all the
money in the game), in public words only: the box and the button are kept from one seat to
the next, so the seat's own money is never their bound (a bid above it is a bluff, asked
about once)."""

from __future__ import annotations

import logging

import pytest

from bluffkit.widget_check import model_state
from bluffkit.widgets import TablePanel


@pytest.fixture(autouse=True)
def handler_errors_fail(caplog):
    """ipywidgets swallows exceptions raised in observers and click handlers (it logs them)."""
    yield
    errors = [r for r in caplog.records if r.levelno >= logging.WARNING and "Exception" in r.getMessage()]
    assert not errors, f"a widget handler raised: {errors[0].getMessage()}"


def bo_bids(game: str = "horse-trading", **kw) -> TablePanel:
    """Bo's first bid at a table of three (Ana, a bot, holds the auction): HT's lowest bid is
    10, YB's 1; all the money the three can ever hold together is 3 x (90 + 50 + 100 + 200 +
    500) = 2,820 (their start and every payday's note: YB and HT "Setup", "Paydays")."""
    kw.setdefault("bots", [["auction", "sell"], None, ["pass"]])
    t = TablePanel(game, players=3, humans=[1], names=["Ana", "Bo", "Cy"], seed=2, **kw)
    assert t.screen == ("seat", 1) and t.session.legal(1).bid
    return t


@pytest.mark.parametrize("typed, bid", [("1e3", 1000), ("1,000", 1000), (" 120 ", 120), ("2.5e2", 250),
                                        ("+30", 30), ("030", 30)])
def test_what_the_browser_sends_is_read_as_the_auctions_box_reads_it(typed, bid):
    """An IntText stripped letters as they were typed: "1e3" bid 13 (and a paste of "1,000"
    could not be set at all). The box is text the panel reads: Bid plays the amount read."""
    t = bo_bids()
    t.amount.set_state({"value": typed})                 # as the browser's message sets it
    b = t.bid_button
    assert not b.disabled and b.description == "Bid", (b.description, b.tooltip)
    n = len(t.session.moves)
    b.click()
    if "Click Bid again" in t.message.value:            # above Bo's money: asked once, then played
        b.click()
    assert t.session.moves[n] == (1, t.game.parse(f"bid {bid}"))


@pytest.mark.parametrize("typed", ["abc", "", "   ", "1.5", "1,00", "1e-3", "0x10", "1_000", "\uff11\uff10",
                                   "\u0663", "-5", "0", "-0", "True", "nan", "inf", "10 20"])
def test_what_is_no_bid_closes_bid_which_says_what_a_bid_may_be(typed):
    t = bo_bids()
    t.amount.set_state({"value": typed})
    b = t.bid_button
    # what reads as no whole number says so ("Bid 10 or more" read as if 1.5 were too little;
    # a projected class sees no tooltip); an empty box, 0 or less, the lowest bid
    words = "Bid 10 or more" if typed.strip() in ("", "-5", "0", "-0") else "Bid a whole number"
    assert b.disabled and b.description == words, (typed, b.description)
    assert "type a whole number" in b.tooltip or "above 0" in b.tooltip
    n, said = len(t.session.moves), list(t.session.says)
    b.click()                                            # from code: plays no bid
    assert len(t.session.moves) == n and t.session.says == said
    assert "bk-refusal" in t.message.value or "can&#x27;t bid" in t.message.value, t.message.value


@pytest.mark.parametrize("typed", ["99999999999999999999", "2821", "1e999999", "1" * 30 + "e999999"])
def test_past_all_the_money_in_the_game_bid_is_closed(typed):
    """Twenty 9s in the browser's number box were rounded to 10**20 and bid. All the money the
    players can ever hold together is the bound: public, the same for every seat."""
    t = bo_bids()
    t.amount.set_state({"value": typed})
    b = t.bid_button
    assert b.disabled and b.description == "Bid at most 2,820"
    assert b.tooltip == "more than all the money in the game (2,820)"
    t.amount.set_state({"value": "2,820"})
    assert not b.disabled and b.description == "Bid"


def test_the_bound_is_the_games_public_money_in_you_re_bluffing_too():
    t = bo_bids("youre-bluffing")
    t.amount.value = 2821
    assert t.bid_button.disabled and t.bid_button.description == "Bid at most 2,820"
    t.amount.value = 0
    assert t.bid_button.disabled and t.bid_button.description == "Bid 1 or more"
    t.amount.value = 1
    assert not t.bid_button.disabled


def test_an_amount_below_the_lowest_bid_but_above_0_is_refused_by_the_rules_in_their_words():
    """5 in Horse Trading (bids are multiples of 10): Bid stays open and the rules say why."""
    t = bo_bids()
    t.amount.value = 5
    assert not t.bid_button.disabled
    t.bid_button.click()
    assert "the lowest bid now is 10" in t.message.value


def test_the_steps_start_from_the_lowest_bid_after_no_bid_and_stop_at_all_the_money():
    t = bo_bids()
    t.amount.set_state({"value": "abc"})
    t.up.click()
    assert t.amount.value == 20 and not t.bid_button.disabled      # from the lowest bid, 10
    t.amount.set_state({"value": "99999999999999999999"})
    t.up.click()
    assert t.amount.value == 2820, "no step past all the money"
    t.down.click()
    assert t.amount.value == 2810


def test_a_cover_leaves_an_empty_box_and_no_seats_words_on_bid():
    """Hot seat: Bo types an amount and passes; on the cover and on Cy's screen the box holds
    nothing of Bo's, and Bid's words are public."""
    t = TablePanel("youre-bluffing", players=3, humans=[1, 2], names=["Ana", "Bo", "Cy"], seed=2,
                   bots=[["auction", "sell"], None, None])
    t.show.click()
    assert t.viewer == 1
    t.amount.set_state({"value": "1e3"})
    t.click_action(t.game.parse("pass"))
    assert t.screen[0] == "cover"
    assert model_state(t.amount)["value"] == "" and t.bid_button.description == "Bid 1 or more"
    t.show.click()
    assert t.viewer == 2 and model_state(t.amount)["value"] == str(t.session.legal(2).bid[0])
    assert t.bid_button.description == "Bid" and not t.bid_button.disabled


#: Odd amounts typed at every bid of the game played below: each is no bid, or a bid.
ODD = ["", " ", "abc", "\uff11\uff10", "\u0663", "-0", "+10", "1_000", "1e-3", "0x10", "1e999999", "-1e999999",
       "1,0000", "1.0", "12 ", "\u00a010", "10\u200b", "99999999999999999999", "1e3", "0"]


@pytest.mark.slow
def test_a_hot_seat_game_played_through_the_panel_to_its_end_keeps_the_bid_box_public():
    """You're Bluffing!, three people at one screen, played to its end through the panel's
    buttons. At every bid the odd amounts above are typed: the closed Bid's words, and the box's
    model, are the same for every seat and every holding at the same lowest bid (nothing of
    the seat's own money), and an amount the box reads is offered from 1 to all the money."""
    import numpy as np

    from bluffkit.agents.base import make_agent
    from bluffkit.widgets.auction_moves import read_amount
    t = TablePanel("youre-bluffing", players=3, humans=[0, 1, 2], names=["Ana", "Bo", "Cy"], seed=3)
    bot, rng = make_agent("random", t.game), np.random.default_rng(1)
    seen: dict = {}
    holdings: dict = {}
    for _ in range(3000):
        if t.session.over:
            break
        if t.screen[0] != "seat":
            t.show.click()
            continue
        seat = t.viewer
        obs = t.session.observe(seat)
        if obs.legal.bid:
            lo = obs.legal.bid[0]
            for typed in ODD:
                t.amount.set_state({"value": typed})
                b, n = t.bid_button, read_amount(typed)
                assert b.disabled == (n is None or not 1 <= n <= 2820), (typed, b.description)
                box = {k: v for k, v in model_state(t.amount).items() if k not in ("layout", "style")}
                assert "max" not in box and "min" not in box
                words = seen.setdefault((lo, typed), (b.description, b.tooltip, box))
                assert words == (b.description, b.tooltip, box), (lo, typed)
                holdings.setdefault(lo, set()).add(obs.hand_total)
        action = bot.act(obs, obs.legal, rng)
        if not t.click_action(action):
            t.typed.value = str(action)
            t.typed_button.click()
    assert t.session.over, "the game did not end in 3000 clicks"
    assert len({lo for lo, _ in seen}) > 5, "too few bids seen"
    assert any(len(h) > 1 for h in holdings.values()), "no lowest bid seen at two holdings"


def test_the_stepper_wraps_rather_than_squeezing_its_buttons():
    """On a projector's column "Bid at most 2,820" beside the box squeezed the step buttons to
    "\u2212." and "+." (Chromium, 1280 x 720): the row wraps, as the auctions' stepper does."""
    t = bo_bids()
    assert t.stepper.layout.flex_flow == "row wrap"
    assert list(t.stepper.children) == [t.down, t.amount, t.up, t.bid_button]


@pytest.mark.parametrize("typed", ["1.000", "2.000", "12.000", "-1.000"])
def test_a_thousand_written_with_a_dot_is_no_bid_rather_than_a_bid_of_1(typed):
    """"1.000", a thousand where a dot separates thousands (the game's first edition is
    German), bid 1 in You're Bluffing!, whose lowest bid is 1: it is no bid now, and the
    closed Bid says how to type one."""
    t = bo_bids("youre-bluffing")
    t.amount.set_state({"value": typed})
    assert t.bid_button.disabled and "type a whole number, e.g. 120, 1,000 or 1e3" in t.bid_button.tooltip
    t.amount.set_state({"value": "1.0"})
    assert not t.bid_button.disabled


def test_a_closed_bid_clicked_from_code_quotes_no_number_of_a_hundred_digits():
    """"-1e999" reads as -10**100: the closed Bid clicked from code played it, and the rules'
    refusal quoted all 101 digits; it now says the button's words. -5 is still played and
    refused in the rules' words."""
    t = bo_bids()
    n = len(t.session.moves)
    t.amount.set_state({"value": "-1e999"})
    t.bid_button.click()
    assert len(t.session.moves) == n and "0000000000" not in t.message.value
    assert "Bid 10 or more" in t.message.value
    t.amount.set_state({"value": "-5"})
    t.bid_button.click()
    assert "can&#x27;t bid -5" in t.message.value


@pytest.mark.parametrize("typed, said", [
    ("-1e999", "Bid 10 or more: an amount above 0."),
    ("abc", "Bid a whole number: 10 or more."),
    ("1e999", "Bid at most 2,820: all the money in the game."),
])
def test_a_closed_bid_clicked_from_code_says_its_words_once(typed, said):
    """``button.click()`` runs a closed button's handlers: the refusal put the button's words
    beside its tooltip, which says them again ("Bid 10 or more: bid 10 or more: an amount
    above 0."). It says them once, then why; nothing is played."""
    t = bo_bids()
    n, said_before = len(t.session.moves), list(t.session.says)
    t.amount.set_state({"value": typed})
    t.bid_button.click()
    assert len(t.session.moves) == n and t.session.says == said_before
    assert t.message.value.count("10 or more") + t.message.value.count("at most") == 1, t.message.value
    assert said in t.message.value, t.message.value
