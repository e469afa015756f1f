"""The amount box of an auction's moves (``MoveControls``): an amount that is no bid (0 or
less, or past all the money in the game) closes the "Bid N" button, which says what a bid
may be, in the words the prompt uses; a seat's own money is never the box's bound."""

from __future__ import annotations

import numpy as np
import pytest

from bluffkit.auctions import Auction
from bluffkit.auctions.actions import Bid
from bluffkit.core.money import total
from bluffkit.widget_check import driver_for, model_state
from bluffkit.widgets import BidderUpTable
from bluffkit.widgets.auction_moves import MoveControls


def classic_controls(all_money=None) -> tuple[MoveControls, list]:
    """The controls of the first bidder of a Classic auction (the lowest bid 10), as the lab
    draws them; the actions its buttons play."""
    played: list = []
    controls = MoveControls(played.append, all_money=all_money)
    g = Auction.create(format="classic")
    controls.show(g.observe(g.state_from_position(3, auctioneer=0, lot=["horse"]), 1), ["A", "B", "C"])
    return controls, played


@pytest.mark.parametrize("typed", [-5, 0])
def test_an_amount_of_0_or_less_is_no_bid_button(typed):
    """-5 in the box showed a "Bid -5" button, refused only once clicked. It is closed now,
    saying what a bid may be, as the prompt says it ("bid 10 or more")."""
    c, _ = classic_controls()
    c.amount.value = typed
    b = c.bid_button
    assert b.disabled and b.description == "Bid 10 or more" and "above 0" in b.tooltip
    c.amount.value = 10
    assert not b.disabled and b.description == "Bid 10"


def test_an_amount_past_what_a_bid_holds_is_no_bid_button():
    """Without a bound of the game's own (the lab), the notation's: a bid has at most 12 digits."""
    c, _ = classic_controls()
    c.amount.value = 10 ** 12
    b = c.bid_button
    assert b.disabled and b.description == "Bid at most 999,999,999,999" and "12 digits" in b.tooltip
    c.amount.value = 10 ** 12 - 1
    assert not b.disabled and b.description == "Bid 999,999,999,999"


def test_the_steps_start_from_the_nearest_bid_after_an_amount_that_is_none():
    c, _ = classic_controls(all_money=(1000, 20))
    plus = {b.description: b for row in c.children for b in getattr(row, "children", ())}
    c.amount.value = -5
    plus["+10"].click()                                 # 5, on the grid of tens, kept to the lowest bid
    assert c.amount.value == 10 and not c.bid_button.disabled
    c.amount.value = 10 ** 20
    plus["+50"].click()
    assert c.amount.value == 1000 and c.bid_button.description == "Bid 1,000", "no step past all the money"


@pytest.fixture(scope="module")
def bidding():
    """A Bidder Up! table (three seats at one screen) on a seat's bid in an auction."""
    t = BidderUpTable("fairground", players=3, humans=[0, 1, 2], names=["Annette", "Daniel", "Ben"], seed=1)
    d, rng = driver_for(t), np.random.default_rng(0)
    for _ in range(3000):
        c = t.auction_moves
        if t.viewer is not None and c.layout.display != "none" and c.bid_button is not None and c._kind is Bid:
            return t
        d.click(t, rng)
    raise AssertionError("no human bid in 3000 clicks")


def test_bidder_up_offers_no_bid_past_all_the_money_in_the_game(bidding):
    """99999999999999999999 in Bidder Up!'s box gave "Bid 100,000,000,000,000,000,000" (the
    browser's number had rounded it). Past all the money in the game (its 50 notes [A]:
    4,360), the button is closed and says so; the seat's own money is no bound (a bid above
    it is a bluff the rules allow: asked about once, then played)."""
    t = bidding
    c, r = t.auction_moves, t.game.rules
    everything = total(r.notes, r.denominations)
    assert everything == 4360
    sub = t.session.observe(t.viewer).auction
    holds = total(sub.hand, sub.rules.denominations)
    b = c.bid_button
    for past in (10 ** 20, everything + 1):
        c.amount.value = past
        assert b.disabled and b.description == "Bid at most 4,360", b.description
        assert b.tooltip == "more than all the money in the game (4,360)"
    c.amount.value = everything
    assert not b.disabled and b.description == "Bid 4,360"
    c.amount.value = holds + 10
    assert not b.disabled and b.description == f"Bid {holds + 10:,}"
    # nothing of the seat's money in the box's model (its bound would be read by the next seat)
    assert {k: v for k, v in model_state(c.amount).items() if k in ("max", "min")} == {}
    moves = len(t.session.moves)
    c.amount.value = -5
    assert b.disabled and b.description.startswith("Bid ") and b.description.endswith("or more")
    c.amount.value = sub.legal.bid[0]
    assert not b.disabled
    assert len(t.session.moves) == moves


def test_a_count_auction_says_its_bound_in_notes():
    """Number Call's bid is a number of notes: its bound is the number of notes in the game."""
    c = MoveControls(lambda a: None, all_money=(4360, 50))
    g = Auction.create(format="number-call", player_limits=False)
    c.show(g.observe(g.state_from_position(4, auctioneer=0, lot=["horse"]), 1), ["A", "B", "C", "D"])
    c.amount.value = 51
    assert c.bid_button.disabled and c.bid_button.description == "Bid at most 50 notes"
    c.amount.value = 0
    assert c.bid_button.disabled and c.bid_button.description == "Bid 1 note or more"


def test_a_call_of_0_stays_open_where_the_rules_allow_it_and_names_no_ones_money():
    """The Call's auctioneer holding only a 0 note may call 0 [The Call]: 0 stays a call, -1
    is none; the closed button names no highest price (the caller's own money)."""
    g = Auction.create(format="the-call")
    c = MoveControls(lambda a: None)
    c.show(g.observe(g.state_from_position(2, auctioneer=0, money=["0", None], lot=["horse"]), 0), ["A", "B"])
    assert c.bid_button.description == "Call 0" and not c.bid_button.disabled
    c.amount.value = -1
    assert c.bid_button.disabled and c.bid_button.description == "Call 0 or more"
    assert c.bid_button.tooltip == "call 0 or more"


@pytest.mark.parametrize("typed, label", [("1e3", "Bid 1,000"), ("2.5e3", "Bid 2,500"), ("1,000", "Bid 1,000"),
                                          ("120", "Bid 120"), (" 130 ", "Bid 130")])
def test_the_box_reads_what_was_typed_as_the_browser_sends_it(typed, label):
    """The box is text the panel reads: "1e3" typed left 13 in an IntText (it strips letters
    as they are typed) and offered "Bid 13"; a paste of 1e3 read 1. Thousands commas, as the
    panels write amounts, and whole e-notation read as the command line reads them."""
    c, played = classic_controls()
    c.amount.set_state({"value": typed})               # as the browser's message sets it
    assert c.bid_button.description == label and not c.bid_button.disabled
    c.bid_button.click()
    assert played == [Bid(int(label.split()[1].replace(",", "")))]


@pytest.mark.parametrize("typed", ["abc", "1.5", "1,00", "1e-3", "", "\u0661\u0660", "1.000"])
def test_what_is_no_whole_number_is_no_bid(typed):
    c, played = classic_controls()
    c.amount.set_state({"value": typed})
    b = c.bid_button
    words = "Bid a whole number" if typed else "Bid 10 or more"    # (an empty box: the lowest bid)
    assert b.disabled and b.description == words and "type a whole number" in b.tooltip
    b.click()                                           # from code: nothing to play
    assert played == []


def test_twenty_nines_typed_are_read_whole_and_past_all_the_money():
    c, _ = classic_controls(all_money=(4360, 50))
    c.amount.set_state({"value": "99999999999999999999"})
    assert c.bid_button.disabled and c.bid_button.description == "Bid at most 4,360"
    c.amount.set_state({"value": "1e999999"})           # no number of a million digits is made
    assert c.bid_button.disabled and c.bid_button.description == "Bid at most 4,360"


@pytest.mark.parametrize("typed, label", [("1e1000000", "Bid at most 4,360"), ("-1e1000000", "Bid 10 or more"),
                                          ("1" * 30 + "e999999", "Bid at most 4,360")])
def test_an_exponent_past_what_a_decimal_holds_is_read_as_past_all_the_money(typed, label):
    """"1e1000000" typed raised decimal.Overflow in the box's observer (a traceback in the
    kernel's log), and the button kept the last amount's "Bid 10", its click raising again.
    It is an amount past every bound, as "1e999999" is (and below 0 with its sign)."""
    from bluffkit.widgets.auction_moves import read_amount
    assert read_amount(typed) == (-10 ** 100 if typed.startswith("-") else 10 ** 100)
    c, played = classic_controls(all_money=(4360, 50))
    c.amount.set_state({"value": typed})
    assert c.bid_button.disabled and c.bid_button.description == label


def test_a_bid_past_all_the_money_already_made_can_still_be_outbid():
    """A bid above all the money in the game is legal (typed in the Move box: a bluff that
    cannot be paid, "any bid higher than the last" [You're Bluffing!; Bidder Up!'s Classic]).
    The next bidder's box then opened on the lowest bid the rules allow, 5,010, closed as
    "Bid at most 4,360", and +10 put 4,360 in it, a bid the rules refuse, with Bid open.
    The box's bound is never below the rules' lowest bid (public: the highest bid and a step)."""
    g = Auction.create(format="classic")
    s = g.step(g.state_from_position(3, auctioneer=0, lot=["horse"]), 1, Bid(5000))
    seat = g.to_move(s)[0]
    assert g.observe(s, seat).legal.bid == (5010, None)
    played: list = []
    c = MoveControls(played.append, all_money=(4360, 50))
    c.show(g.observe(s, seat), ["A", "B", "C"])
    b = c.bid_button
    assert c.amount.value == 5010 and not b.disabled and b.description == "Bid 5,010"
    plus = {x.description: x for row in c.children for x in getattr(row, "children", ())}
    plus["+10"].click()
    assert c.amount.value >= 5010 and not b.disabled
    c.amount.value = 5010
    b.click()
    assert played == [Bid(5010)]


def test_a_closed_bid_button_says_the_same_whatever_the_seat_holds():
    """The box and its button are kept from one seat to the next (hot seat): closed, their
    words are public only. Two bidders of a Classic auction, one holding 10 and one 1,500
    (a bid above one's money is a legal bluff, so neither bound is theirs): the same words,
    the same box model, for every amount that is no bid."""
    from bluffkit.widget_check import model_state
    g = Auction.create(format="classic")
    seen = []
    for money in (["0", "10", "10"], ["0", "500+500+500", "10"]):
        s = g.state_from_position(3, auctioneer=0, money=money, lot=["horse"])
        c = MoveControls(lambda a: None, all_money=(4360, 50))
        c.show(g.observe(s, 1), ["A", "B", "C"])
        shown = []
        for typed in ("-5", "0", "abc", "1e20", str(10 ** 20)):
            c.amount.set_state({"value": typed})
            b = c.bid_button
            assert b.disabled
            box = {k: v for k, v in model_state(c.amount).items() if k not in ("layout", "style")}   # (ids)
            shown.append((b.description, b.tooltip, box))
        seen.append(shown)
    assert seen[0] == seen[1]


@pytest.mark.parametrize("value, kept, label", [
    (True, "", "Bid 10 or more"), (False, "", "Bid 10 or more"), (None, "", "Bid 10 or more"),
    (20.0, 20, "Bid 20"), (20.5, "20.5", "Bid a whole number"), (-0.0, 0, "Bid 10 or more"),
    (float("nan"), "nan", "Bid a whole number"), (float("inf"), "inf", "Bid a whole number"),
    (1e20, 10 ** 20, "Bid at most 999,999,999,999"), (np.int64(30), 30, "Bid 30"),
    (np.float64(40.0), 40, "Bid 40"), (np.bool_(True), "", "Bid 10 or more"),
])
def test_the_box_set_from_code_takes_whole_numbers_and_keeps_the_rest_as_no_bid(value, kept, label):
    """``box.value = True`` sent the text "True" to the browser, and ``box.value = 20.5``
    raised a TraitError in the cell that set it (an IntText had bid 20). A whole number of
    any kind is that amount; one that is not whole is kept as its text, no bid (the button
    says so); True, False and None leave the box empty."""
    from decimal import Decimal
    c, played = classic_controls()
    c.amount.value = value
    assert c.amount.value == kept and type(c.amount.value) is type(kept)
    assert model_state(c.amount)["value"] == (str(kept) if kept else "")
    assert c.bid_button.description == label and c.bid_button.disabled == (label.endswith(("more", "number"))
                                                                          or "most" in label)
    c.amount.value = Decimal("50")
    assert c.amount.value == 50 and c.bid_button.description == "Bid 50"


@pytest.mark.parametrize("make", [lambda: 10 ** 5000, lambda: -10 ** 5000, lambda: __import__("decimal").Decimal("1e5000"),
                                  lambda: __import__("fractions").Fraction(10 ** 5000, 3)])
def test_a_number_of_thousands_of_digits_set_from_code_is_past_every_bound_not_an_error(make):
    """``box.value = 10 ** 5000`` raised a ValueError in the cell that set it (Python writes no
    int of more than 4,300 digits, and the box is sent to the browser as text), leaving the
    box with a value it could not send; ``Decimal("1e1000000")`` took a minute to become an
    int first. Such a number is sent in e-notation, which reads as past every bound, as the
    number does: the button is closed, at most all the money (none past it is played)."""
    c, played = classic_controls(all_money=(4360, 50))
    value = make()
    c.amount.value = value
    sent = model_state(c.amount)["value"]
    assert len(sent) < 20 and "E+" in sent, sent[:30]
    b = c.bid_button
    label = "Bid at most 4,360" if value > 0 else "Bid 10 or more"
    assert b.disabled and b.description == label
    c.amount.set_state({"value": sent})                  # the browser's text, sent back: the same words
    assert b.disabled and b.description == label
    if value > 0:
        b.click()
        assert played == []


def test_a_numpy_float_set_from_code_is_read_without_a_warning():
    import warnings
    c, _ = classic_controls()
    with warnings.catch_warnings():
        warnings.simplefilter("error")               # (no overflow told from comparing with 10**100)
        c.amount.value = np.float32(30.0)
        c.amount.value = np.float16(40.0)
    assert c.amount.value == 40 and c.bid_button.description == "Bid 40"


def test_a_decimal_past_every_bound_is_kept_as_its_text_at_once():
    from decimal import Decimal
    c, _ = classic_controls(all_money=(4360, 50))
    c.amount.value = Decimal("1e1000000")               # (int() of it took a minute)
    assert c.amount.value == "1.0E+1000000" and c.bid_button.description == "Bid at most 4,360"


def test_the_box_refuses_in_words_what_is_no_number_nor_text():
    from traitlets import TraitError
    c, _ = classic_controls()
    with pytest.raises(TraitError, match="a whole number, or the text typed in the box"):
        c.amount.value = [10]
    assert c.amount.value == 10


def test_a_closed_bid_at_most_button_clicked_from_code_plays_nothing():
    """"Bid at most 4,360", closed, clicked from code (``button.click()``, or ``click(Bid(...))``,
    which plays an action as a person would) bid 10**20: a bid the rules allow (a bluff past
    all the money, typed in the Move box), but no button on the screen offers it. 0 or less
    is still played, and refused in the rules' words."""
    c, played = classic_controls(all_money=(4360, 50))
    c.amount.value = 10 ** 20
    c.bid_button.click()
    assert played == []
    assert c.click(Bid(10 ** 20)) is False and played == []
    assert c.click(Bid(4360)) is True and played == [Bid(4360)]
    c.amount.value = 0
    c.bid_button.click()
    assert played == [Bid(4360), Bid(0)]


def test_a_closed_button_clicked_from_code_plays_no_bid_of_more_digits_than_a_bid_holds():
    """"-1e999" reads as -10**100, and the closed button clicked from code played it: the
    refusal quoted a number of 101 digits. A bid of 0 or less is played and refused in the
    rules' words only within the digits a bid holds."""
    c, played = classic_controls(all_money=(4360, 50))
    c.amount.value = "-1e999"
    c.bid_button.click()
    assert played == []
    c.amount.value = "-5"
    c.bid_button.click()
    assert played == [Bid(-5)]


def warned_controls(all_money=(4360, 50)):
    """The Classic bidder's controls with a message line (``warn``), as the panels give them."""
    played: list = []
    said: list = []
    c = MoveControls(played.append, warn=said.append, all_money=all_money)
    g = Auction.create(format="classic")
    c.show(g.observe(g.state_from_position(3, auctioneer=0, lot=["horse"]), 1), ["A", "B", "C"])
    return c, played, said


@pytest.mark.parametrize("typed, words", [
    ("abc", "Bid a whole number: 10 or more."),
    ("", "Bid 10 or more: type a whole number, e.g. 120, 1,000 or 1e3."),
    ("-1e999", "Bid 10 or more: an amount above 0."),
    ("1e20", "Bid at most 4,360: all the money in the game."),
])
def test_a_closed_bid_clicked_from_code_says_why_once_and_plays_nothing(typed, words):
    """A closed "Bid N" clicked from code (``button.click()`` runs a disabled button's
    handlers) was silent, where the table's says why: it says the button's words once, then
    why, on the panel's message line, and plays nothing."""
    c, played, said = warned_controls()
    c.amount.set_state({"value": typed})
    label = c.bid_button.description
    c.bid_button.click()
    assert played == [] and said == [words]
    assert c.bid_button.description == label and c.bid_button.disabled


def test_a_closed_bid_says_at_most_the_digits_of_a_bid_where_no_money_bounds_it():
    c, played, said = warned_controls(all_money=None)
    c.amount.value = 10 ** 12
    c.bid_button.click()
    assert played == [] and said == ["Bid at most 999,999,999,999: a bid has at most 12 digits."]


def test_a_closed_call_says_why_in_its_own_verb():
    g = Auction.create(format="the-call")
    played: list = []
    said: list = []
    c = MoveControls(played.append, warn=said.append)
    c.show(g.observe(g.state_from_position(2, auctioneer=0, money=["0", None], lot=["horse"]), 0), ["A", "B"])
    c.amount.value = "x"
    c.bid_button.click()
    assert played == [] and said == ["Call a whole number: 0 or more."]


def test_bidder_up_s_closed_bid_clicked_from_code_says_why_on_its_message_line(bidding):
    """Bidder Up!'s auction: the closed button clicked from code plays nothing and says why
    (its words once), as the table's does."""
    t = bidding
    c = t.auction_moves
    moves = len(t.session.moves)
    c.amount.value = 10 ** 20
    c.bid_button.click()
    assert len(t.session.moves) == moves
    assert "Bid at most 4,360</b> all the money in the game." in t.message.value.replace(":</b>", "</b>"), \
        t.message.value
    c.amount.value = t.session.observe(t.viewer).auction.legal.bid[0]


def test_the_amount_box_keeps_bid_on_the_steps_line_at_its_least_width():
    """On a 1280 x 720 screen (Bidder Up!'s column, file browser folded: 440 px) "Bid at most
    4,360", typed past all the money, went to a line of its own under the steps, where "Bid 30"
    stood beside them (Chromium): the box is 64 px, the least a box grown into its line's room
    ever was, so that Bid keeps the stepper's line wherever it kept it then (and, never grown,
    moves none of the steps as Bid's words change: tests/widgets/test_bid_box_still.py)."""
    c, _ = classic_controls()
    layout = c.amount.layout
    assert (layout.flex, layout.width) == ("0 0 auto", "64px")
    row = next(r for r in c.children if c.amount in getattr(r, "children", ()))
    assert row.layout.flex_flow == "row wrap" and c.bid_button in row.children


def test_on_a_projector_bidder_up_s_pay_prompt_leaves_the_payee_and_amount_to_the_pay_button():
    """On a projector Bidder Up!'s prompt said "pay André 60 in notes (...)" above the button
    "Pay 0 notes (0) — you owe André 60", a line of the column said twice; off the projector
    the prompt names them, as before."""
    t = BidderUpTable("fairground", players=3, humans=[0, 1, 2], names=["Annette", "Daniel", "Ben"], seed=1)
    d, rng = driver_for(t), np.random.default_rng(0)
    for _ in range(6000):
        obs = t.session.observe(t.viewer) if t.viewer is not None else None
        sub = getattr(obs, "auction", None) if obs is not None and obs.legal is not None and obs.legal.inner else None
        if sub is not None and sub.legal is not None and sub.legal.pay and sub.legal.pay[1] != "count":
            break
        d.click(t, rng)
    else:
        raise AssertionError("no human auction payment in 6000 clicks")
    owed, _, payee = sub.legal.pay
    named = f"pay {t.session.names[payee]} {owed:,} in notes"
    assert named in t.legal_text.value.replace("\xa0", " "), t.legal_text.value
    t.projector.value = True
    shown = t.legal_text.value.replace("\xa0", " ")
    assert named not in shown and "pay in notes (no change is given; click your notes, then Pay)" in shown, shown
    assert f"you owe {t.session.names[payee]} {owed:,}" in t.auction_moves.note_button.description.replace("\xa0", " ")
