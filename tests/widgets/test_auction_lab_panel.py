"""The auction lab played as a student: headless clicks on its buttons (no kernel, no
browser), asserting on the session and on the drawn text."""

from __future__ import annotations

import logging
import math
import re
from html import unescape

import numpy as np
import pytest

from bluffkit.auctions.actions import PASS, TAKE, Bid, Pay, Place
from bluffkit.widgets import AuctionLab


@pytest.fixture(autouse=True)
def handler_errors_fail(caplog):
    """ipywidgets swallows exceptions raised in click handlers (it logs them): fail on them."""
    yield
    errors = [r for r in caplog.records if r.levelno >= logging.WARNING and "Exception" in r.getMessage()]
    assert not errors, f"a widget handler raised: {errors[0].getMessage()}"


def buttons(lab) -> dict:
    """The move buttons shown now, by their words."""
    out = {}
    for row in lab.controls.children:
        for w in getattr(row, "children", ()):
            out.update({w.description: w} if hasattr(w, "click") else {})
            for x in getattr(w, "children", ()):
                if hasattr(x, "click"):
                    out[x.description] = x
    return out


def visible_text(html: str) -> str:
    """The words of ``html`` a reader sees (no tags, no attributes such as tooltips)."""
    return unescape(re.sub(r"<[^>]*>", "", html))


def test_you_play_from_the_first_click():
    """No Next step needed: the lab sets out the lot and lets the bots act until it is the
    human's move, and the first click on a bid button plays it."""
    lab = AuctionLab(fmt="classic", bidders=3, human=2, seed=5)
    s = lab.session
    assert s.waiting_for == 2, "the lab stops at bidder 2's move by itself"
    assert s.moves[0][0] is None, "chance set out the lot"
    bid = lab.controls.bid_button
    lo = s.legal(2).bid[0]
    assert bid.description == f"Bid {lo}"
    before = len(s.moves)
    bid.click()
    assert s.moves[before] == (2, Bid(lo)), "the first click plays the bid"
    assert lab.refusal.value == ""
    assert s.over or s.waiting_for == 2, "then on to bidder 2's next move, or the end"


def test_the_stepper_moves_in_the_formats_steps_and_the_bid_button_plays_it():
    lab = AuctionLab(fmt="classic", bidders=2, human=1, seed=3)
    s = lab.session
    lo = s.legal(1).bid[0]
    b = buttons(lab)
    assert {"\u221250", "\u221210", "+10", "+50", "Pass"} <= set(b), sorted(b)
    b["+50"].click()
    b["+10"].click()
    b["\u221210"].click()
    assert lab.controls.bid_button.description == f"Bid {lo + 50}"
    b["\u221250"].click()
    b["\u221250"].click()                     # never below the lowest legal bid
    assert lab.controls.amount.value == lo
    b["+50"].click()
    n = len(s.moves)
    lab.controls.bid_button.click()
    assert s.moves[n] == (1, Bid(lo + 50))


@pytest.mark.parametrize("fmt, bidders, most, unit", [("classic", 3, "6,400", ""), ("secret-value", 2, "4,800", ""),
                                                      ("number-call", 1, "46", " notes")])
def test_a_bid_past_all_the_money_at_the_table_is_no_bid(fmt, bidders, most, unit):
    """Every seat of the lab starts with the same notes (1,600 in 23 notes), and an auction
    only moves them: a bid past all of them can never be paid. The box offered any bid of up
    to 12 digits (\"1e12\" showed "Bid at most 999,999,999,999"); it closes past all the
    money now, as Bidder Up!'s does, in public words (never the seat's own 1,600)."""
    lab = AuctionLab(fmt=fmt, bidders=bidders, human=1, seed=2, right=False)
    c = lab.controls
    n = len(lab.session.moves)
    for typed in ("7000", "1e12", "999999"):
        c.amount.value = typed
        assert c.bid_button.disabled and c.bid_button.description == f"Bid at most {most}{unit}", typed
        c.bid_button.click()
        assert len(lab.session.moves) == n, "a closed Bid clicked from code plays nothing"
    assert "1,600" not in c.bid_button.description + c.bid_button.tooltip
    c.amount.value = "1700" if not unit else "30"
    assert not c.bid_button.disabled, "a bid above the seat's own money, within all the money, is a bluff it may make"


def test_a_stepper_kept_off_screen_holds_no_bid():
    """The stepper is kept between draws (not built anew): once off screen, its bid button
    must not keep the "Bid N" of a sealed bid just made, nor its tooltip."""
    lab = AuctionLab(fmt="secret-value", bidders=3, human=1, seed=5)
    s = lab.session
    assert s.waiting_for == 1 and lab.controls.bid_button is not None
    secret = s.legal(1).bid[0] + 70
    assert lab.controls.click(Bid(secret)), "the stepper plays a bid"
    assert (1, Bid(secret)) in s.moves
    kept = list(lab.controls._steppers.values())
    assert kept, "the stepper is kept"
    shown = {id(w) for row in lab.controls.children for w in (row, *getattr(row, "children", ()))}
    hidden = [bid for row, bid in kept if id(row) not in shown]
    assert hidden, "after the sealed bid the stepper should be off screen (else this test checks nothing)"
    for bid in hidden:
        assert str(secret) not in bid.description + bid.tooltip, (bid.description, bid.tooltip)
    if id(lab.controls.amount) not in shown:
        assert lab.controls.amount.value != secret, "the amount box kept off screen holds the sealed bid"
    lab.controls.clear()
    assert lab.controls.amount.value == 0, "a cleared panel's amount box holds no amount typed"


def test_an_illegal_bid_is_refused_in_plain_words_naming_the_player_and_changes_nothing():
    lab = AuctionLab(fmt="classic", bidders=3, human=1, seed=5)
    s = lab.session
    moves, state = list(s.moves), s.state
    lab.controls.amount.value = 5             # typed in the amount box: below the lowest bid
    lab.controls.bid_button.click()
    shown = visible_text(lab.refusal.value)
    assert shown.startswith("Bidder 1 (you) can\u2019t bid 5"), shown
    assert "bid 10 or more" in shown or "at least 10" in shown, shown
    assert "rule" not in shown and "seat" not in shown, "no rule ids or seat numbers in the words"
    assert "title='rule: bid-too-low'" in lab.refusal.value, "the rule id is in the tooltip"
    assert s.moves == moves and s.state is state, "a refused bid changes nothing"
    lab.controls.amount.value = s.legal(1).bid[0]
    lab.controls.bid_button.click()
    assert lab.refusal.value == "" and len(s.moves) > len(moves)


def test_a_typed_move_plays_on_enter_and_a_bad_one_is_refused():
    lab = AuctionLab(fmt="classic", bidders=2, human=1, seed=3)
    s = lab.session
    moves = list(s.moves)
    lab.move.value = "raise the roof"             # Enter (or leaving the box) sends the text
    assert visible_text(lab.refusal.value).startswith("Bidder 1 (you) can\u2019t play"), lab.refusal.value
    assert s.moves == moves and lab.move.value == "raise the roof"
    lab.move.value = "pass"
    assert (1, PASS) in s.moves and lab.move.value == "" and lab.refusal.value == ""


def test_the_lot_line_says_what_is_set_out():
    lab = AuctionLab(fmt="classic", bidders=2, seed=3)      # all bots: nothing has happened yet
    line = visible_text(lab.view.value)
    assert "Lot: not set out yet" in line and "next: chance sets out the lot" in line, line
    assert "the lot is set out" not in line
    lab.step_button.click()
    animal = re.search(r"auctions the (\w+)", lab.said[0]).group(1)
    assert f"Lot: the {animal}" in visible_text(lab.view.value)


def test_the_payoff_is_the_winners_surplus_value_minus_price():
    """Values typed in: the auctioneer 300, bidder 1 280, bidder 2 814. Truthful bidders in
    a Classic auction: bidder 2 wins at 280 (bidder 1 stops at its value); the auctioneer
    sells (it keeps a lot only when it is worth more than twice the price)."""
    lab = AuctionLab(fmt="classic", bidders=2, strategies=["truthful", "truthful"], seed=1)
    lab.typed.value = "300, 280, 814"
    lab.run_button.click()
    s = lab.session
    assert s.over and s.state.awards[0][0] == 2
    price = s.state.awards[0][2]
    assert 270 <= price <= 290, price
    shown = visible_text(lab.view.value)
    assert f"surplus 814 \u2212 {price} = +{814 - price}" in shown, shown
    rows = re.findall(r"<tr[^>]*><td>([^<]*)</td>.*?<td><b>([^<]*)</b></td></tr>", lab.view.value)
    payoff = {name: unescape(value) for name, value in rows}
    assert payoff["Bidder 2"] == f"+{814 - price}", payoff
    assert payoff["Auctioneer"] == f"+{price}" and payoff["Bidder 1"] == "0", payoff
    assert "Payoff = what the animals a player owns are worth to them" in shown


def test_a_human_winner_pays_by_clicking_notes_and_sees_the_surplus():
    lab = AuctionLab(fmt="classic", bidders=1, human=1, right=False, seed=2)
    lab.typed.value = "100, 900"
    s = lab.session
    lab.controls.amount.value = 150
    lab.controls.bid_button.click()
    assert "Pass" not in buttons(lab), "the highest bidder's pass keeps the bid: the button says so"
    buttons(lab)["Stay at 150"].click()         # Classic: one may outbid oneself; nobody else bids
    assert s.waiting_for == 1 and s.legal(1).pay is not None
    notes = lab.controls.notes
    assert [n.description for n in notes][:3] == ["500", "200", "200"], "highest first"
    next(n for n in notes if n.description == "100").value = True
    next(n for n in notes if n.description == "50").value = True
    assert lab.controls.note_button.description.startswith("Pay 2\xa0notes\xa0(150)")
    lab.controls.note_button.click()
    assert s.over and isinstance(s.moves[-1][1], Pay)
    assert "surplus 900 \u2212 150 = +750" in visible_text(lab.view.value)


def test_secret_count_lays_the_notes_clicked_and_dutch_takes_with_a_button():
    lab = AuctionLab(fmt="secret-count", bidders=3, human=1, seed=4)
    s = lab.session
    assert s.waiting_for == 1 and lab.controls.note_button is not None
    zeros = [n for n in lab.controls.notes if n.description == "0"]
    for n in zeros:
        n.value = True
    assert lab.controls.note_button.description.startswith(f"Lay {len(zeros)}\xa0notes\xa0(0)")
    n = len(s.moves)
    lab.controls.note_button.click()
    assert s.moves[n][0] == 1 and isinstance(s.moves[n][1], Place) and sum(s.moves[n][1].notes) == len(zeros)

    lab = AuctionLab(fmt="dutch", bidders=3, human=1, seed=4)
    s = lab.session
    take = buttons(lab)["Take it for 10 notes (grab the hammer)"]      # the count called out
    n = len(s.moves)
    take.click()
    assert s.moves[n] == (1, TAKE)


def test_the_projector_switch_sets_large_type_and_hides_the_settings():
    lab = AuctionLab(fmt="classic", bidders=3, human=1, seed=5)
    assert "bk-lab" in lab._dom_classes and "bk-projector" not in lab._dom_classes
    lab.projector.value = True
    assert "bk-projector" in lab._dom_classes and "bk-settings" in lab.settings._dom_classes
    assert ".bk-lab.bk-projector .bk-settings" in lab.children[0].value, "the style hides the settings"
    lab.projector.value = False
    assert "bk-projector" not in lab._dom_classes


def _lab_lines(lab) -> list[str]:
    """What happened's lines, oldest first, as the page shows them (the projector's box
    holds them newest first in a column drawn from its foot up)."""
    text = lab.events.value
    if "bk-log-up" in text:
        return [unescape(x) for x in re.findall(r"<div>(.*?)</div>", text.split("bk-log-up", 1)[1])][::-1]
    return [unescape(x) for x in text.split("</span><br>", 1)[1].removesuffix("</div>").split("<br>")]


def test_the_projector_shows_what_happened_in_a_box_three_lines_high_at_the_newest():
    """With four lines the lab ran some 10 px past a 1280×720 screen in Chromium, and the line
    cut off was the newest (the bots' answer); with three only, a student's own bid left the
    screen after the bots' moves. The projector's box is three lines high (CSS), holds the
    last twelve, oldest first, and starts scrolled to the newest at its foot."""
    from bluffkit.widgets.auction_lab import EVENTS, LAB_STYLE, PROJECTOR_EVENTS
    lab = AuctionLab(fmt="classic", bidders=3, human=1, seed=5)
    for _ in range(3):
        if lab.controls.bid_button is not None and lab.session.waiting_for == 1:
            lab.controls.bid_button.click()
    assert len(lab.said) > PROJECTOR_EVENTS == 3
    lab.projector.value = True
    lab.draw()
    assert _lab_lines(lab) == lab.said[-EVENTS:]
    assert "(oldest first; scroll up for older)" in lab.events.value
    # a screen reader, which reads the page's order, gets them oldest first, out of sight
    hidden = lab.events.value.split("<div class='bk-sr-only'>", 1)[1].split("<div class='bk-log-up'", 1)[0]
    assert [unescape(x) for x in re.findall(r"<div>(.*?)</div>", hidden)] == lab.said[-EVENTS:]
    assert "<div class='bk-log-up' aria-hidden='true'>" in lab.events.value
    assert "flex-direction: column-reverse" in LAB_STYLE and "max-height: calc(3 * 1.3em)" in LAB_STYLE


def test_the_lab_words_a_double_cat_in_the_bag_as_two_face_down_animals():
    lab = AuctionLab(fmt="cat-in-the-bag", bidders=3, human=2, double=True, seed=4)
    s = lab.session
    assert s.state.phase == "bid" and s.observe(2).lot is None
    assert "2 face-down animals from the pen (" in lab.view.value, "two of the three are picked"


def test_the_highest_bidder_is_offered_stay_not_drop_out_and_one_button_serves_every_amount():
    lab = AuctionLab(fmt="classic", bidders=1, human=1, right=False, seed=2)
    for amount in (150, 170, 190):
        lab.controls.amount.value = amount
        lab.controls.bid_button.click()
        shown = buttons(lab)
        assert f"Stay at {amount}" in shown and "Drop out" not in shown and "Pass" not in shown
        assert "unless someone bids higher" in shown[f"Stay at {amount}"].tooltip
    assert len([k for k in lab.controls._words if k[1] == "Stay"]) == 1, "relabelled, not made again"


def test_drop_out_passes_until_the_sale_in_an_open_auction():
    """Classic asks every bidder again after each new bid; Drop out passes each time."""
    lab = AuctionLab(fmt="classic", bidders=3, human=1, seed=5)
    s = lab.session
    n = len(s.moves)
    buttons(lab)["Drop out"].click()
    mine = [a for seat, a in s.moves[n:] if seat == 1]
    assert mine and all(a == PASS for a in mine), mine
    assert s.over, "the bots bid on to the sale, bidder 1 passing whenever asked"
    assert "Drop out" not in buttons(lab)


def test_the_auctioneer_who_keeps_the_lot_has_its_value_minus_what_it_pays():
    """Right of first refusal: the auctioneer (value 1,000) keeps a lot won at about 100
    and pays the winner the price: its payoff is 1,000 minus the price, the winner's the
    price it receives."""
    lab = AuctionLab(fmt="classic", bidders=2, strategies=["truthful", "truthful"], right=True, seed=1)
    lab.typed.value = "1000, 100, 200"
    lab.run_button.click()
    s = lab.session
    assert s.over and s.state.kept == (0,), "the auctioneer keeps the lot"
    winner, _, price = s.state.awards[0]
    shown = visible_text(lab.view.value)
    rows = dict(re.findall(r"<tr[^>]*><td>([^<]*)</td>.*?<td><b>([^<]*)</b></td></tr>", lab.view.value))
    assert unescape(rows["Auctioneer"]) == f"+{1000 - price:,}", rows
    assert unescape(rows[f"Bidder {winner}"]) == f"+{price}", rows
    assert "kept by Auctioneer" in shown


def test_only_the_moves_of_the_format_are_shown():
    """American Count: a button per kind of note held to raise, and Pass; no bid stepper.
    Number Call counts notes: the stepper goes in ones and says notes."""
    lab = AuctionLab(fmt="american-count", bidders=3, human=2, seed=1)
    shown = set(buttons(lab))
    assert {"Lay a 10 note", "Lay a 500 note", "Pass"} <= shown and lab.controls.bid_button is None, shown
    lab = AuctionLab(fmt="number-call", human=1, seed=1)
    b = buttons(lab)
    assert {"+1", "+5", "\u22121", "\u22125", "Pass"} <= set(b) and lab.controls.bid_button.description == "Bid 1 note"
    b["+5"].click()
    assert lab.controls.bid_button.description == "Bid 6 notes"


# -- on a projected classroom screen (1280 x 720) ------------------------------------------------

def test_pass_sits_beside_the_bid_stepper_not_on_a_line_of_its_own():
    """The stepper ("Bid 10") and the words ("Pass") were two rows of the move's box: laid
    one under the other, Pass took a line of its own. The words now follow Bid in the
    stepper's own row, and the box lays its rows side by side while they fit; the notes to
    click (a wide row) still take a line of their own."""
    lab = AuctionLab(fmt="second-hand", bidders=3, human=1, seed=1)
    rows = list(lab.controls.children)
    stepper = next(r for r in rows if lab.controls.bid_button in r.children)
    words = next(r for r in rows if any(getattr(b, "description", "") == "Pass" for b in r.children))
    assert stepper is words and stepper.children.index(lab.controls.bid_button) < len(stepper.children) - 1
    assert lab.controls.layout.flex_flow == "row wrap", "the rows one under the other: Pass on a line of its own"
    assert "Pass" in buttons(lab) and lab.controls.bid_button.description.startswith("Bid ")
    lab = AuctionLab(fmt="secret-count", bidders=3, human=1, seed=4)    # notes laid face down
    assert lab.controls.note_button is not None
    picker = next(r for r in lab.controls.children if lab.controls.note_button in r.children[-1].children)
    assert picker.layout.width == "100%", "the notes to click on a line of their own"


def test_the_shade_slider_shows_only_when_a_bidder_shades():
    """The Shade slider showed with every bidder truthful or at equilibrium, where it
    changes nothing."""
    lab = AuctionLab(fmt="second-hand", bidders=3, seed=1)
    assert [d.value for d in lab.strategy_box.children] == ["equilibrium"] * 3
    assert lab.shade.layout.display == "none"
    lab.strategy_box.children[1].value = "shade"
    assert lab.shade.layout.display is None
    lab.bidders.value = 4                            # the strategies are drawn again, bidder 2 still shades
    assert lab.strategy_box.children[1].value == "shade" and lab.shade.layout.display is None
    lab.strategy_box.children[1].value = "truthful"
    assert lab.shade.layout.display == "none"
    assert AuctionLab(fmt="classic", bidders=2, strategies=["truthful", "shade"], seed=1).shade.layout.display is None


def test_one_simulated_auction_says_it_has_no_spread():
    """One auction read "1 auctions ... 0.290 ± nan (sd nan ...)"."""
    from bluffkit.widgets import AuctionLab
    lab = AuctionLab(fmt="classic")
    lab.count.value = 1
    lab.simulate_button.click()
    text = lab.summary.value
    assert "1 auction</b>" in text and "one auction: no spread" in text and "nan" not in text
    lab.count.value = 3
    lab.simulate_button.click()
    assert "3 auctions</b>" in lab.summary.value and "&plusmn;" in lab.summary.value


def test_the_summary_of_a_two_player_format_counts_one_bidder(monkeypatch):
    """Second Hand seats one bidder: its summary read "1 bidders"."""
    import ipywidgets as W

    from bluffkit.widgets import auction_lab as lab_module, charts
    monkeypatch.setattr(lab_module, "cash_charts", lambda df: [None, None])     # (the words alone)
    monkeypatch.setattr(charts, "interactive", lambda chart: W.HTML())
    lab = AuctionLab(fmt="second-hand", bidders=1, seed=1)
    lab.count.value = 1
    lab.simulate_button.click()
    assert "Second Hand, 1 bidder:" in lab.summary.value


def test_a_stopped_simulation_keeps_the_last_results_and_says_where_it_stopped(monkeypatch):
    """The count went to 1,000,000 auctions (some 13 minutes in the slowest format) and the
    kernel's stop button gave a traceback, with the summary still reading as the run before.
    The count stops at MAX_AUCTIONS; a stopped run says so, and the last frame, summary
    and charts stay."""
    import bluffkit.widgets.auction_lab as lab_module
    lab = AuctionLab(fmt="classic", bidders=3, seed=1)
    assert lab_module.MAX_AUCTIONS <= 200_000
    lab.count.value = lab_module.MAX_AUCTIONS + 1
    assert lab.auctions() is None and lab.simulate_button.disabled, "the count stops at MAX_AUCTIONS"
    lab.count.value = 50
    lab.simulate_button.click()
    frame, summary, charts = lab.frame, lab.summary.value, lab.charts.children
    assert len(frame) == 50 and "50 auctions</b>" in summary and charts

    def stopped(*args, progress, **kwargs):
        progress(7, 40)
        raise KeyboardInterrupt
    monkeypatch.setattr(lab_module, "simulate_engine", stopped)
    lab.count.value = 40
    lab.simulate_button.click()                           # no traceback
    assert lab.frame is frame and lab.charts.children == charts
    assert "Stopped after 7 of 40 auctions" in lab.summary.value and "last run" in lab.summary.value
    assert lab.summary.value.endswith(summary), "the last run's summary stays under the note"

    empty = AuctionLab(fmt="classic", bidders=3, seed=1)
    empty.count.value = 40
    empty.simulate_button.click()
    assert empty.frame is None and "Stopped after 7 of 40" in empty.summary.value and "last run" not in \
        empty.summary.value


@pytest.mark.parametrize("typed, count", [("1e3", 1000), ("10,000", 10_000), ("10000", 10_000), (" 2.5e3 ", 2500),
                                          ("200,000", 200_000), ("1", 1)])
def test_the_auctions_box_reads_1e3_and_10_000_as_the_bid_box_does(monkeypatch, typed, count):
    """The Auctions box was the browser's number box, which strips letters as they are
    typed: "1e3" became 13 and "10,000" 10. It is a text box the lab reads itself
    (read_amount, as the bid box), and Simulate runs the count typed."""
    import bluffkit.widgets.auction_lab as lab_module
    from bluffkit.core.errors import BluffkitError
    ran = []

    def engine(fmt, n, total, **kwargs):
        ran.append(total)
        raise BluffkitError("(the test's engine)")
    monkeypatch.setattr(lab_module, "simulate_engine", engine)
    lab = AuctionLab(fmt="classic", bidders=3, seed=1)
    lab.count.set_state({"value": typed})               # as the browser sends it
    assert lab.auctions() == count and lab.count_note.value == "" and not lab.simulate_button.disabled
    lab.simulate_button.click()
    assert ran == [count]


@pytest.mark.parametrize("typed, why", [("abc", "is not a count in the digits 0 to 9"),
                                        ("1.5", "is not a whole number"), ("1e", "is not a count in the digits 0 to 9"),
                                        ("0", "is too few"), ("-5", "is too few"),
                                        ("200001", "is too many"), ("1e999", "is too many"), ("", "how many?"),
                                        ("\uff12\uff10\uff10", "is not a count in the digits 0 to 9")])
def test_the_auctions_box_refuses_what_is_not_a_count_in_words_beside_it(monkeypatch, typed, why):
    """What is not a count of 1 to MAX_AUCTIONS is said beside the box, Simulate is closed
    (saying why), and a click from code runs nothing: no traceback, the last results stay."""
    import bluffkit.widgets.auction_lab as lab_module
    monkeypatch.setattr(lab_module, "simulate_engine", lambda *a, **k: pytest.fail("ran a refused count"))
    lab = AuctionLab(fmt="classic", bidders=3, seed=1)
    lab.summary.value = before = "the last run's summary"
    lab.count.set_state({"value": typed})
    note = visible_text(lab.count_note.value)
    assert why in note and "1 to 200,000" in note and "bk-refusal" in lab.count_note.value, note
    assert lab.simulate_button.disabled and why in lab.simulate_button.tooltip
    assert lab.count_note in lab.tabs.children[1].children[0].children, "beside the box, on its row"
    lab.simulate()
    assert lab.summary.value == before and lab.frame is None
    lab.count.set_state({"value": "1e3"})                # put right: the words go, Simulate opens
    assert lab.count_note.value == "" and not lab.simulate_button.disabled and lab.simulate_button.tooltip == ""


@pytest.mark.parametrize("typed, said", [
    ("10.000", "'10.000' may be 10 or 10,000: write one of them."),
    ("200.000", "'200.000' may be 200 or 200,000: write one of them."),
    ("1_000", "'1_000' is not a count in the digits 0 to 9."),
    ("10 000", "'10 000' is not a count in the digits 0 to 9."),
    ("1,00", "'1,00' is not a count in the digits 0 to 9."),
    ("5.", "'5.' is not a count in the digits 0 to 9."),
    ("1\xa0000", "'1\\xa0000' is not a count in the digits 0 to 9."),
    (".5", "'.5' is not a whole number."),
    ("1,000.5", "'1,000.5' is not a whole number."),
])
def test_the_auctions_box_says_no_whole_number_only_of_a_fraction(typed, said):
    """The Auctions box called every count it does not read "not a whole number": "10.000"
    (10, or ten thousand where a dot separates thousands, as the bid box reads it), "1_000"
    and "10 000" are whole; and "10" after a no-break space was said to be "too few", read
    once without it and once with it."""
    lab = AuctionLab(fmt="classic", bidders=3, seed=1)
    lab.count.set_state({"value": typed})
    note = visible_text(lab.count_note.value)
    assert note == f"Auctions: {said} Type 1 to 200,000 (1e3 or 1,000 for a thousand).", note
    assert lab.simulate_button.disabled


@pytest.mark.parametrize("typed", ["\xa010", "10\xa0", "\u200b10"])
def test_the_auctions_box_reads_a_count_as_it_shows(typed):
    """A no-break space around the count (pasted from a page) or a zero-width space was "not
    a count in the digits 0 to 9" over a box that shows "10": read as the bid box reads it."""
    lab = AuctionLab(fmt="classic", bidders=3, seed=1)
    lab.count.set_state({"value": typed})
    assert lab.auctions() == 10 and lab.count_note.value == "" and not lab.simulate_button.disabled


def test_the_auctions_box_says_what_a_thousand_is_typed_as():
    """The words beside a refused count said "1e3 or 10,000 for a thousand", and the box's
    tooltip "1e3 and 10,000 read as 1,000": 10,000 reads as ten thousand."""
    lab = AuctionLab(fmt="classic", bidders=3, seed=1)
    lab.count.set_state({"value": "0"})
    note, tip = visible_text(lab.count_note.value), lab.count.tooltip
    assert "(1e3 or 1,000 for a thousand)" in note and "10,000" not in note, note
    assert "(1e4, 10,000 and 10000 alike)" in tip and "read as 1,000" not in tip, tip
    for typed, count in (("1e3", 1000), ("1,000", 1000), ("1e4", 10_000), ("10,000", 10_000), ("10000", 10_000)):
        lab.count.set_state({"value": typed})
        assert lab.auctions() == count, typed


def test_many_auctions_never_replay_the_auction_on_screen():
    """The Many auctions tab drew its first auction from the lab's own seed: the auction on
    screen with bots in every seat, so one simulated auction gave away the price (and so the
    top value) the bots' private values make. It has a stream of its own."""
    for seed in (1, 7, 11):
        lab = AuctionLab(fmt="secret-value", bidders=3, human=1, seed=seed)
        live = sorted(round(v / 1000, 6) for v in lab.vals)
        lab.count.value = 5
        lab.simulate_button.click()
        for row in lab.frame.itertuples():
            assert round(row.highest_value, 6) not in live and round(row.auctioneer_value, 6) not in live


def test_charts_and_dropdowns_a_redraw_replaces_are_closed():
    """Each Simulate left its two charts (some 1 MB each) open in the browser, and each
    change of bidders its dropdowns."""
    lab = AuctionLab(fmt="secret-value", bidders=3, human=None, seed=2)
    lab.count.value = 20
    lab.simulate_button.click()
    charts, boxes = list(lab.charts.children), list(lab.strategy_box.children)
    lab.simulate_button.click()
    lab.bidders.value = 4
    assert charts and boxes and all(w.comm is None for w in charts + boxes)
    assert all(w.comm is not None for w in list(lab.charts.children) + list(lab.strategy_box.children))


def test_the_auctioneers_choice_of_equally_valuable_animals_says_who_gets_which():
    """A split double pen of two animals of equal value: the buttons say which animal goes to
    whom ("The sheep to B", "Keep the sheep" with one bidder), not a bare "Choose B"; tied
    bidders stay "Choose B"."""
    import ipywidgets

    from bluffkit.auctions import Auction
    from bluffkit.auctions.actions import Choose
    from bluffkit.widgets.auction_moves import MoveControls

    played = []
    controls = MoveControls(played.append)

    def shown(s):
        controls.show(Auction.create(format="secret-value", double=True).observe(s, 0), ["A", "B", "C", "D"])
        found = {}
        stack = [controls]
        while stack:
            w = stack.pop()
            if isinstance(w, ipywidgets.Button) and w.description:
                found[w.description] = w
            stack.extend(getattr(w, "children", ()))
        return found

    g = Auction.create(format="secret-value", double=True)
    s = g.state_from_position(4, auctioneer=0, lot=["sheep", "goat"])
    for seat, move in ((1, "bid 100"), (2, "pass"), (3, "pass")):
        s = g.step(s, seat, move)
    found = shown(s)
    assert {"The sheep to B", "Keep the sheep"} <= set(found) and not any(k.startswith("Choose") for k in found)
    found["Keep the sheep"].click()
    assert [str(a) for a in played] == ["choose 0"]
    assert controls.click(Choose(1)) and [str(a) for a in played] == ["choose 0", "choose 1"], \
        "click() finds the button by its words, as a person would"
    s = g.state_from_position(4, auctioneer=0, lot=["sheep", "cow"])
    for seat, move in ((1, "bid 200"), (2, "bid 200"), (3, "pass")):
        s = g.step(s, seat, move)
    assert {"Choose B", "Choose C"} <= set(shown(s))


def test_your_bidder_may_bid_while_a_script_ahead_of_it_has_run_out():
    """In an open outcry any bidder still to act may bid, not only the first: the lab showed
    "Your move" with a Bid button while a script ahead of you had run out, and refused the
    click ("it is not Bidder 1's move now")."""
    lab = AuctionLab(fmt="classic", bidders=3, human=1, strategies=["equilibrium", "script", "equilibrium"], seed=3)
    lab.script.value = "2: pass"
    s = lab.session
    lab.controls.bid_button.click()
    lab.controls.bid_button.click()                 # bidder 2's script has run out: it is first to move
    assert s.to_move[0] == 2 and 1 in s.to_move and s.waiting_for is None
    assert "Your move" in lab.private.value
    n = len(s.moves)
    lab.controls.bid_button.click()
    assert lab.refusal.value == "" and len(s.moves) > n and s.moves[n][0] == 1, "bidder 1's bid is played"


def test_a_real_move_typed_at_the_wrong_time_is_refused_in_plain_words():
    """The lab answered "pay 10" during the bidding with "they may pass or bid N": the
    engine's list in notation, about "you" in the third person. The moves are offered just
    above, under "Your move", in words."""
    lab = AuctionLab(fmt="classic", bidders=3, human=1, seed=3)
    for move in ("pay 10", "pick 1", "sell"):
        lab.play_move(move)
        said = " ".join(visible_text(lab.refusal.value).split())
        assert f"can’t {move}" in said and "not now; your moves are the ones offered above" in said, said
        assert "they may" not in said and " N" not in said, said
    lab.play_move("frobnicate")
    assert "can’t play “frobnicate”" in visible_text(lab.refusal.value)


def test_after_a_bid_off_the_grid_the_bid_button_offers_the_lowest_bid_the_prompt_names():
    """After a typed 55 the prompt said "bid 65 or more" while the Bid button offered 70
    (it was rounded onto the grid of tens); 65 could only be typed. The button now offers
    the lowest legal bid, and the steps go back onto the grid."""
    lab = AuctionLab(fmt="classic", bidders=2, human=1, strategies=["equilibrium", "script"], seed=3)
    lab.script.value = "2: bid 55"
    s = lab.session
    lab.controls.bid_button.click()
    assert s.moves[-1] == (2, Bid(55)) and s.legal(1).bid[0] == 65
    assert "bid 65 or more" in s.legal(1).description
    assert lab.controls.bid_button.description == "Bid 65"
    buttons(lab)["+10"].click()
    assert lab.controls.bid_button.description == "Bid 70"
    for fmt in ("secret-value", "second-hand", "round-the-table"):     # a sealed bid may be 1: it offers 10
        sealed = AuctionLab(fmt=fmt, human=1, seed=3)
        assert sealed.session.legal(1).bid[0] < 10 and sealed.controls.bid_button.description == "Bid 10", fmt


def test_a_script_run_out_is_said_beside_the_auction_not_above_the_tabs():
    """The lab's word that a script ran out sat above the tabs, under the settings, far from
    the auction it was about (seen at 1280 x 720): it is now under the auction's buttons."""
    lab = AuctionLab(fmt="classic", bidders=2, human=None, strategies=["script", "script"], seed=3)
    lab.script.value = "1: bid 20; 2: pass"
    lab.step(to_end=True)
    assert "run out" in lab.message.value or "ran out" in lab.message.value, lab.message.value
    one = lab.tabs.children[0]
    assert one.children.index(lab.message) == 1 and lab.message not in lab.children


#: The value laws' distribution functions in closed form (beta(2, 5)'s as the binomial sum
#: of the regularized incomplete beta function for whole parameters), apart from bluffkit.
CDFS = {
    "uniform": lambda x: x,
    "beta(0.5, 0.5)": lambda x: 2 / math.pi * np.arcsin(np.sqrt(x)),
    "beta(2, 5)": lambda x: sum(math.comb(6, j) * x ** j * (1 - x) ** (6 - j) for j in range(2, 7)),
}


@pytest.mark.parametrize("law", sorted(CDFS))
def test_equilibrium_bidders_of_one_auction_bid_the_value_laws_equilibrium(law):
    """In a sealed first-price auction the "equilibrium" bidder bids the symmetric
    equilibrium of the value law chosen, b(v) = v - (integral of F^(n-1) up to v) /
    F(v)^(n-1), as Simulate's bidders do (under the beta laws the one-auction bidders bid
    the uniform law's (n-1)/n v before). Checked here by the closed-form F and a fine
    trapezoid rule, apart from bluffkit's own fit; the bids are whole steps of 10."""
    from bluffkit.auctions.actions import Bid
    n, cdf = 3, CDFS[law]
    lab = AuctionLab(fmt="secret-value", bidders=n, values=law, strategies=["equilibrium"] * n, right=False, seed=2)
    lab.step(to_end=True)
    for seat in range(1, n + 1):
        v = lab.vals[seat] / 1000
        xs = np.linspace(0.0, v, 20_001)
        ys = cdf(xs) ** (n - 1)
        area = float(np.sum((ys[1:] + ys[:-1]) / 2) * (xs[1] - xs[0]))
        exact = 1000 * (v - area / float(cdf(np.float64(v))) ** (n - 1))
        bid = next(m.amount for s, m in lab.session.moves if s == seat and isinstance(m, Bid))
        assert exact - 10 - 3 <= bid <= exact + 3, (law, seat, lab.vals[seat], bid, round(exact, 1))


def test_pay_is_closed_until_a_note_is_chosen_and_a_refusal_goes_once_the_notes_change():
    """"Pay 0 notes (0) — you owe ... 150" could be clicked with no note chosen (a refusal
    followed), as You're Bluffing!'s Pay cannot; and a refusal stayed on screen after the
    notes chosen changed."""
    lab = AuctionLab(fmt="classic", bidders=1, human=1, right=False, seed=2)
    lab.typed.value = "100, 900"
    s = lab.session
    lab.controls.amount.value = 150
    lab.controls.bid_button.click()
    buttons(lab)["Stay at 150"].click()
    assert s.waiting_for == 1 and s.legal(1).pay is not None
    pay = lab.controls.note_button
    assert pay.disabled and "choose them first" in pay.tooltip
    next(n for n in lab.controls.notes if n.description == "100").value = True
    assert not pay.disabled
    pay.click()                                      # 100 for 150: refused in words
    assert "bk-refusal" in lab.refusal.value and not s.over
    next(n for n in lab.controls.notes if n.description == "50").value = True
    assert lab.refusal.value == "", "the choice changed: the refusal of the one before goes"
    pay.click()
    assert s.over and isinstance(s.moves[-1][1], Pay)


def _moves_shown(g, s, seat=0):
    """The words of the move controls of ``seat`` on ``s``: each HTML's text, each button's."""
    import re

    import ipywidgets

    from bluffkit.widgets.auction_moves import MoveControls

    controls = MoveControls(lambda a: None)
    controls.show(g.observe(s, seat), ["A", "B", "C", "D"])
    out, stack = [], [controls]
    while stack:
        w = stack.pop()
        if isinstance(w, ipywidgets.HTML):
            out.append(" ".join(re.sub(r"<[^>]+>", " ", w.value).split()))
        elif isinstance(w, ipywidgets.Button) and w.layout.display != "none":
            out.append(f"[{w.description}]")
        stack.extend(getattr(w, "children", ()))
    return out


def test_an_auctioneer_who_cannot_buy_is_told_why_buy_is_missing():
    """[D] "the auctioneer ... must pay the winning bidder their bid": with 110 against a
    bid of 120 only Sell is offered, and the screen says why (its own money and the price:
    nothing another seat holds), not a Buy gone without a word; with Buy there, nothing."""
    from bluffkit.auctions import Auction

    g = Auction.create(format="classic")
    s = g.state_from_position(3, auctioneer=0, money=["100+10", None, None], lot=["horse"])
    for seat, move in ((1, "bid 120"), (2, "pass"), (1, "pass")):
        s = g.step(s, seat, move)
    shown = _moves_shown(g, s)
    assert "[Sell]" in shown and "[Buy]" not in shown
    assert "You cannot buy it yourself: by your right of first refusal you would pay 120, and you have 110. " \
           "Sell." in shown, shown
    s = g.state_from_position(3, auctioneer=0, money=["100+10", None, None], lot=["horse"])
    for seat, move in ((1, "bid 110"), (2, "pass"), (1, "pass")):
        s = g.step(s, seat, move)
    shown = _moves_shown(g, s)
    assert "[Buy]" in shown and not any("cannot buy" in w for w in shown), shown
    # two lots, penniless: buying both is out, buying the cow with the horse's price is not
    g = Auction.create(format="secret-value", double=True)
    s = g.state_from_position(4, auctioneer=0, money=["none", None, None, None], lot=["cow", "horse"])
    for seat, move in ((1, "bid 120"), (2, "bid 200"), (3, "pass")):
        s = g.step(s, seat, move)
    shown = _moves_shown(g, s)
    assert "You cannot buy both lots yourself: by your right of first refusal you would pay 320, and you have 0." \
        in shown, shown
    # a count auction says notes: 3 notes laid against the auctioneer's 2
    g = Auction.create(format="secret-count")
    s = g.state_from_position(3, auctioneer=0, money=["10+10", None, None], lot=["horse"])
    s = g.step(g.step(s, 1, "bid 10+10+10"), 2, "pass")
    assert "You cannot buy it yourself: by your right of first refusal you would pay 3 notes, and you have " \
           "2 notes. Sell." in _moves_shown(g, s)


def test_a_panels_prompt_says_the_choices_in_the_buttons_words():
    """Bidder Up!'s prompt quoted the typed notation beside the buttons ("raise NOTE (one of
    your notes, face down: e.g. raise 10)", "lay NOTES face down", "choose 2 (by seat
    number)", "buy 1" of a single lot whose button is Buy): every choice of every format,
    met in random auctions, is said in words, none in the notation."""
    import numpy as np

    from bluffkit.auctions import Auction
    from bluffkit.widgets.auction_moves import choice_words

    players = {"second-hand": 4, "american-count": 4, "the-call": 2, "number-call": 2}
    said: dict = {}
    for fmt in ("classic", "cat-in-the-bag", "secret-value", "secret-count", "second-hand", "dutch",
                "american-count", "round-the-table", "the-call", "number-call"):
        g = Auction.create(format=fmt, double=fmt in ("secret-count", "secret-value"))
        for seed in range(4):
            rng = np.random.default_rng(seed)
            s = g.new_state(players.get(fmt, 3))
            while not g.is_over(s):
                movers = g.to_move(s)
                if not movers:
                    s = g.step(s, None, g.sample_chance(s, rng))
                    continue
                obs = g.observe(s, movers[0])
                said.setdefault((fmt, s.phase), set()).add(choice_words(obs, ["A", "B", "C", "D"]))
                s = g.step(s, movers[0], obs.legal.sample(rng))
    every = [w for words in said.values() for w in words]
    assert len(said) >= 30, sorted(said)
    for words in every:
        assert not re.search(r"\b[A-Z]{3,}\b|by seat number|e\.g\.|\bbuy 1\b(?!, or buy 2)", words), words
    assert any("lay one more note face down" in w for w in said[("american-count", "bid")])
    assert any("lay notes face down (click your notes, then Lay)" in w for w in said[("secret-count", "bid")])
    assert any(w == "sell, or buy" for w in said[("classic", "refuse")]), said[("classic", "refuse")]


def test_lay_and_pass_share_one_row_under_the_notes():
    """Secret Count: the Lay button and Pass were two rows under a seat's notes (19 notes
    already take three rows on a projector's column); they are one now."""
    import ipywidgets

    from bluffkit.auctions import Auction
    from bluffkit.widgets.auction_moves import MoveControls

    g = Auction.create(format="secret-count")
    s = g.state_from_position(3, auctioneer=0, money=[None, "10+10+50", None], lot=["horse"])
    controls = MoveControls(lambda a: None)
    controls.show(g.observe(s, 1), ["A", "B", "C"])
    rows = [w for w in controls.children if isinstance(w, ipywidgets.Box)]
    bars = [w for row in rows for w in getattr(row, "children", ()) if isinstance(w, ipywidgets.HBox)]
    together = [[b.description for b in bar.children if isinstance(b, ipywidgets.Button)] for bar in bars]
    assert any(words[:1] == ["Lay 0\xa0notes\xa0(0)"] and "Pass" in words for words in together), together


def test_the_labs_end_on_a_projector_says_the_sale_once():
    """At the end the lab heads the screen with the result (Sold: ..., the payoffs), and
    the table under it said the sale and the owners again, on a 720 px screen that has no
    room for them: those lines are marked bk-settled, which the projector leaves out."""
    from bluffkit.auctions import Auction
    from bluffkit.widgets.auction_lab import LAB_STYLE
    from bluffkit.widgets.render_auction import all_seeing_html as auction_view

    g = Auction.create(format="classic")
    s = g.state_from_position(3, auctioneer=0, lot=["horse"])
    for seat, move in ((1, "bid 120"), (2, "pass"), (1, "pass")):
        s = g.step(s, seat, move)
    assert "bk-settled" not in auction_view(g, s, ["A", "B", "C"]), "before the end: the sale still to settle"
    s = g.step(g.step(s, 0, "sell"), 1, "pay 100+10+10")
    assert g.is_over(s)
    page = auction_view(g, s, ["A", "B", "C"])
    assert re.search(r"<div class='bk-box bk-settled'><b>Owners</b>", page), page
    assert ".bk-lab.bk-projector .bk-settled {display: none}" in LAB_STYLE


def test_the_refusal_buttons_are_the_ones_the_prompt_names():
    """The prompt named "sell, or buy" of a single lot while the buttons were Sell, Buy and
    Buy 1 (the same as Buy), and a double pen's "Buy 1,2" beside Buy: a refusal that does
    what Buy does has no button now, in the lab as in Bidder Up!, and clicking it from code
    presses Buy."""
    import ipywidgets

    from bluffkit.auctions import Auction
    from bluffkit.auctions.actions import Refusal
    from bluffkit.widgets.auction_moves import MoveControls, choice_words

    played: list = []
    for fmt, double, moves, want in (
            ("classic", False, ((1, "bid 120"), (2, "pass"), (1, "pass")), ["Sell", "Buy"]),
            ("secret-value", True, ((1, "bid 120"), (2, "bid 200"), (3, "pass")), ["Sell", "Buy", "Buy 1", "Buy 2"])):
        g = Auction.create(format=fmt, double=double)
        s = g.state_from_position(4 if double else 3, auctioneer=0, lot=["cow", "horse"] if double else ["horse"])
        for seat, move in moves:
            s = g.step(s, seat, move)
        obs = g.observe(s, 0)
        controls = MoveControls(played.append)
        controls.show(obs, ["A", "B", "C", "D"])
        buttons = [b.description for row in controls.children for b in getattr(row, "children", ())
                   if isinstance(b, ipywidgets.Button)]
        assert buttons == want, buttons
        assert choice_words(obs, ["A", "B", "C", "D"]) == ", ".join(w.lower() for w in want[:-1]) + ", or " \
            + want[-1].lower()
        every = Refusal((0,)) if not double else Refusal((0, 1))
        assert every in obs.legal.refusals and controls.click(every), "the same as Buy: Buy is pressed"
        assert str(played[-1]) == "buy"


def test_an_auctioneer_without_the_right_never_buys_the_lot_back():
    """Unticking "right of first refusal" must reach the auctioneer's seat: an auctioneer
    who values the lot far above any bid still sells it when the right is off."""
    for seed in (1, 2, 3):
        lab = AuctionLab(fmt="classic", bidders=3, right=False, seed=seed)
        lab.typed.value = "1000, 100, 200, 150"
        lab.run_button.click()
        s = lab.session
        assert s.over and s.state.awards, f"seed {seed}: the lot is sold"
        assert s.state.kept == (), f"seed {seed}: the auctioneer bought the lot back without the right"


def test_ticking_the_right_seats_a_new_auctioneer_who_uses_it():
    """The right checkbox is a setting like the others: ticking it starts a new auction in
    which the auctioneer keeps a lot worth far more to it than the price."""
    lab = AuctionLab(fmt="classic", bidders=2, strategies=["truthful", "truthful"], right=False, seed=1)
    lab.typed.value = "1000, 100, 200"
    old = lab.session
    lab.right.value = True
    assert lab.session is not old, "ticking the right starts a new auction"
    lab.run_button.click()
    assert lab.session.over and lab.session.state.kept == (0,), "the new auctioneer uses its right"


def test_simulate_plays_the_panels_settings():
    """Many auctions must be played with the settings on screen (format, bidders, value law,
    strategies, shade, right, double pen), not the engine's defaults: its frame is the
    engine's for those settings and the lab's own simulation seed."""
    from bluffkit.analysis.auction_lab import SCALE, simulate_engine
    lab = AuctionLab(fmt="cat-in-the-bag", bidders=3, values="beta(2, 5)",
                     strategies=["shade", "truthful", "random"], right=False, seed=4)
    lab.shade.value, lab.double.value = 0.4, True
    lab.count.value = 30
    lab.simulate_button.click()
    want = simulate_engine("cat-in-the-bag", 3, 30, values="beta(2, 5)", scale=SCALE,
                           strategy=["shade", "truthful", "random"], shade=0.4, right=False, double=True,
                           seed=lab.sim_seed())
    assert lab.frame is not None, lab.summary.value
    same = lab.frame.equals(want)
    assert same, f"the lab's frame is not the engine's for its settings: {lab.summary.value}"
    assert not lab.frame["refused"].any(), "no sale is refused with the right off"


def test_a_move_box_of_spaces_alone_is_emptied_and_plays_nothing():
    """Spaces (or a control character) typed alone in the Move box play nothing and say
    nothing; they stayed in the box, where a lab drawn afresh has none."""
    lab = AuctionLab(fmt="classic", bidders=2, human=1, seed=3)
    moves = list(lab.session.moves)
    lab.move.value = "\x1e  "
    assert lab.move.value == "" and lab.session.moves == moves and lab.refusal.value == ""


def test_simulate_says_the_mean_its_spread_and_the_shares_of_the_frame_it_played(monkeypatch):
    """The summary's figures, against a frame of four auctions made by hand: cash 0.2, 0.4,
    0.6 and 1.0 (mean 0.55; sample deviation sqrt(0.35 / 3) = 0.342, standard error
    0.342 / 2 = 0.171); won by the bidder who values the lot most in 3 of 4, the right of
    first refusal used in 1 of 4, nobody bid in 2 of 4. The progress bar runs to the count."""
    import bluffkit.widgets.auction_lab as lab_module
    real = lab_module.simulate_engine
    seen = []

    def made(fmt, n, count, *, progress, **kwargs):
        df = real(fmt, n, count, **kwargs)
        df["revenue"] = [0.2, 0.4, 0.6, 1.0]
        df["efficient"] = [True, True, False, True]
        df["refused"] = [False, True, False, False]
        df["winner"] = [1, -1, -1, 3]
        for k in range(1, count + 1):
            progress(k, count)
            seen.append((lab.progress.value, lab.progress.max))
        return df
    monkeypatch.setattr(lab_module, "simulate_engine", made)
    lab = AuctionLab(fmt="classic", bidders=3, seed=1)
    lab.count.value = 4
    lab.simulate_button.click()
    text = visible_text(lab.summary.value)
    assert "4 auctions" in text and "3 bidders" in text
    assert "cash per auction 0.550 \u00b1 0.171 (sd 0.342; money / 1,000)" in text, text
    assert "values the lot most: 75.0%" in text and "right of first refusal used: 25.0%" in text, text
    assert "nobody bid: 50.0%" in text, text
    assert seen == [(1, 4), (2, 4), (3, 4), (4, 4)], "the bar's maximum is the count, filled one auction at a time"


def test_switching_the_projector_redraws_what_happened_without_another_step():
    """The projector shows What happened in its scrolled box (see above); the switch itself
    redraws it, and switching it off shows the plain list again."""
    from bluffkit.widgets.auction_lab import EVENTS
    lab = AuctionLab(fmt="classic", bidders=3, human=1, seed=5)
    for _ in range(3):
        if lab.controls.bid_button is not None and lab.session.waiting_for == 1:
            lab.controls.bid_button.click()
    before = lab.events.value
    assert _lab_lines(lab) == lab.said[-EVENTS:] and "bk-log-up" not in before
    lab.projector.value = True
    assert "bk-log-up" in lab.events.value and _lab_lines(lab) == lab.said[-EVENTS:]
    lab.projector.value = False
    assert lab.events.value == before


def test_choosing_a_bidder_under_you_play_seats_you_in_a_new_auction():
    """"You play" set after the lab is made: a new auction, that bidder yours (named "(you)",
    its own value shown, the others' hidden, the move buttons when it is its turn); set back
    to nobody, every bidder is a bot again."""
    lab = AuctionLab(fmt="secret-value", bidders=3, human=None, seed=2)
    first = lab.session
    assert not any("(you)" in n for n in lab.session.names) and not buttons(lab)
    lab.human.value = 2
    assert lab.session is not first and lab.session.names[2] == "Bidder 2 (you)"
    assert [n for n in lab.session.names if "(you)" in n] == ["Bidder 2 (you)"]
    assert f"{lab.vals[2]:,.0f}" in visible_text(lab.private.value)
    assert "hidden" in visible_text(lab.private.value)
    assert lab.session.waiting_for == 2 and buttons(lab), "a sealed bid: bidder 2 is asked at once"
    lab.human.value = 0
    assert not any("(you)" in n for n in lab.session.names) and not buttons(lab)
    assert lab.session.waiting_for is None


def _controls(g, s, seat, **kw):
    """Seat ``seat``'s move controls on ``s``, with what they play and ask kept in lists."""
    from bluffkit.widgets.auction_moves import MoveControls

    played: list = []
    asked: list = []
    controls = MoveControls(played.append, warn=asked.append, **kw)
    controls.show(g.observe(s, seat), ["A", "B", "C", "D"])
    return controls, played, asked


def _buttons_of(controls) -> list:
    """Every button of ``controls``, in the order drawn."""
    import ipywidgets

    out, stack = [], [controls]
    while stack:
        w = stack.pop(0)
        if isinstance(w, ipywidgets.Button):
            out.append(w)
        stack[:0] = list(getattr(w, "children", ()))
    return out


def _button_words(controls) -> list[str]:
    """The words of every button of ``controls``, in the order drawn."""
    return [b.description for b in _buttons_of(controls)]


def test_the_dutch_take_button_names_a_count_of_one():
    """Dutch: "count down slowly and evenly, starting from 10 ... They must pay the number
    of notes the auctioneer had called out at that moment". Nobody grabs from 10 down to 2;
    at 1 the button names the price, one note, as at every other count."""
    from bluffkit.auctions import Auction

    g = Auction.create(format="dutch")
    s = g.state_from_position(3, auctioneer=0, lot=["horse"])
    for _ in range(10, 1, -1):
        s = g.step(g.step(s, 1, "pass"), 2, "pass")
    assert g.observe(s, 1).count == 1
    assert "[Take it for 1 note (grab the hammer)]" in _moves_shown(g, s, seat=1)


def test_a_bid_of_exactly_ones_money_plays_at_once():
    """Bidder 1 holds 110 (a 100 and a 10): a bid of 110 he can pay, and plays at the first
    click; only a bid above it, which would make him show all his money if it wins (the
    booklet's general rules: the winner who cannot pay), is asked about first."""
    from bluffkit.auctions import Auction

    g = Auction.create(format="classic")
    s = g.state_from_position(3, auctioneer=0, money=[None, "100+10", None], lot=["horse"])
    controls, played, asked = _controls(g, s, 1)
    controls.amount.value = 110
    controls.bid_button.click()
    assert played == [Bid(110)] and asked == []
    controls.amount.value = 120
    controls.bid_button.click()
    assert played == [Bid(110)] and len(asked) == 1


def test_the_stepper_stops_at_the_highest_call_allowed():
    """The Call: a refused call must be bought at it, so the auctioneer holding 250 calls
    from 1 to 250; +10 and +50 at 250 stay there."""
    import ipywidgets

    from bluffkit.auctions import Auction

    g = Auction.create(format="the-call")
    s = g.state_from_position(2, auctioneer=0, money=["100+100+50", None], lot=["horse"])
    assert g.observe(s, 0).legal.call == (1, 250)
    controls, _, _ = _controls(g, s, 0)
    ups = {b.description: b for b in controls.children[0].children if isinstance(b, ipywidgets.Button)}
    controls.amount.value = 250
    ups["+10"].click()
    assert controls.amount.value == 250
    ups["+50"].click()
    assert controls.amount.value == 250 and controls.bid_button.description == "Call 250"


def test_raise_buttons_only_for_the_notes_held():
    """American Count: a raise lays one of one's own notes; bidder 1 holds two 10s and a
    500, so there are two raise buttons, a 10 and a 500, and none for notes he lacks."""
    from bluffkit.auctions import Auction

    g = Auction.create(format="american-count")
    s = g.state_from_position(4, auctioneer=0, money=[None, "10+10+500", None, None], lot=["horse"])
    words = _button_words(_controls(g, s, 1)[0])
    assert [w for w in words if w.startswith("Lay a ")] == ["Lay a 10 note", "Lay a 500 note"], words


def test_lay_is_open_with_no_notes_chosen():
    """Secret Count: "all fellow players bid a secret number of money notes", and none is
    a number the rules take (the engine plays ``bid none``); with nothing to pay, the Lay
    button is open before any note is clicked and lays no notes."""
    from bluffkit.auctions import Auction

    g = Auction.create(format="secret-count")
    s = g.state_from_position(3, auctioneer=0, money=[None, "10+10+50", None], lot=["horse"])
    controls, played, _ = _controls(g, s, 1)
    lay = controls.note_button
    assert lay.description == "Lay 0\xa0notes\xa0(0)" and not lay.disabled
    lay.click()
    assert played == [Place((0,) * len(g.rules.denominations))]
    g.step(s, 1, played[0])                         # the rules take it


def test_every_face_down_card_has_a_button():
    """Cat in the Bag: the auctioneer's left neighbour "points to 1 of the three face-down
    cards" (in a double auction, 2 of the 3): a button for each card, or each pair."""
    from bluffkit.auctions import Auction

    for double, want in ((False, ["Card 1", "Card 2", "Card 3"]),
                         (True, ["Cards 1 and 2", "Cards 1 and 3", "Cards 2 and 3"])):
        g = Auction.create(format="cat-in-the-bag", double=double)
        s = g.state_from_position(3, auctioneer=0, pen=["cow", "horse", "sheep"])
        s = g.step(s, None, "shuffle 2,0,1")
        assert g.observe(s, 1).legal.pick == (2 if double else 1, 3)
        assert _button_words(_controls(g, s, 1)[0]) == want


def _capped(fmt, money, cap):
    """An auction in ``fmt`` where bidder 1 holds ``money`` and, having shown it after a
    winning bid it could not pay, may bid at most ``cap``."""
    import dataclasses

    from bluffkit.auctions import Auction

    g = Auction.create(format=fmt)
    s = g.state_from_position(3, auctioneer=0, money=[None, money, None], lot=["horse"])
    return g, dataclasses.replace(s, caps=(-1, cap, -1))


def test_the_prompt_says_the_highest_bid_call_and_whom_to_pay():
    """The words beside the buttons name both ends of a bounded bid (a bidder who showed
    110 bids 1 to 110), both ends of The Call's price (the auctioneer holding 250 calls 1 to
    250), and the seat a payment goes to; the Pay button says whom it is owed too."""
    from bluffkit.auctions import Auction
    from bluffkit.widgets.auction_moves import choice_words

    g, s = _capped("secret-value", "100+10", 110)
    assert choice_words(g.observe(s, 1), ["A", "B", "C"]) == "pass, or bid 1 to 110"
    g = Auction.create(format="the-call")
    s = g.state_from_position(2, auctioneer=0, money=["100+100+50", None], lot=["horse"])
    assert choice_words(g.observe(s, 0), ["A", "B"]).endswith("call a price from 1 to 250")
    g = Auction.create(format="classic")
    s = g.state_from_position(3, auctioneer=2, money=["100+50", None, "10"], lot=["horse"])
    for seat, move in ((0, "bid 120"), (1, "pass"), (0, "pass"), (2, "sell")):
        s = g.step(s, seat, move)
    names = ["Ann", "Bob", "Cy"]
    assert choice_words(g.observe(s, 0), names) == "pay Cy 120 in notes (no change is given; click your notes, then Pay)"
    controls, _, _ = _controls(g, s, 0)
    assert controls.note_button.description.endswith("\u2014 you owe C 120"), controls.note_button.description
    g = Auction.create(format="dutch")                 # a Count auction: a price in notes, any notes
    s = g.state_from_position(3, auctioneer=2, money=["100+50+10", None, "10"], lot=["horse"])
    for _ in range(40):                                # A takes when the count lets her; Cy sells; A pays
        if g.is_chance(s):
            s = g.step(s, None, g.sample_chance(s, np.random.default_rng(0)))
            continue
        seat = g.to_move(s)[0]
        legal = g.legal(s, seat)
        if legal.pay:
            break
        said = legal.description
        s = g.step(s, seat, "take" if seat == 0 and "take" in said else "sell" if "sell" in said else "pass")
    assert seat == 0 and legal.pay and legal.pay[1] == "count", legal
    words = choice_words(g.observe(s, 0), names)
    assert words.startswith("pay Cy ") and words.endswith(" notes, any notes (their value does not count; click "
                                                          "them, then Pay)"), words


def test_a_bid_above_ones_money_is_played_at_the_second_click_and_above_the_most_allowed_at_once():
    """A bid above the money held is asked about once and played at the next click (from
    code, ``click`` confirms it); a bid above the most the rules allow is not asked about:
    it is played, for the rules to refuse it in words."""
    from bluffkit.auctions import Auction

    g = Auction.create(format="classic")
    s = g.state_from_position(3, auctioneer=0, money=[None, "100+10", None], lot=["horse"])
    controls, played, asked = _controls(g, s, 1)
    controls.amount.value = 120
    controls.bid_button.click()
    controls.bid_button.click()
    assert played == [Bid(120)] and len(asked) == 1
    controls, played, asked = _controls(g, s, 1)
    assert controls.click(Bid(130)) and played == [Bid(130)] and len(asked) == 1
    g, s = _capped("secret-value", "100+10", 110)
    controls, played, asked = _controls(g, s, 1)
    controls.amount.value = 200
    controls.bid_button.click()
    assert played == [Bid(200)] and asked == []


def test_taking_at_a_count_one_can_pay_plays_at_once():
    """Dutch: at a count of 2 the button says "2 notes"; a bidder holding 2 notes takes at
    once, one holding 1 is asked first (if it wins it must show all its money)."""
    from bluffkit.auctions import Auction

    g = Auction.create(format="dutch")
    for money, questions in (("10+10", 0), ("10", 1)):
        s = g.state_from_position(3, auctioneer=0, money=[None, money, None], lot=["horse"])
        for _ in range(10, 2, -1):
            s = g.step(g.step(s, 1, "pass"), 2, "pass")
        assert g.observe(s, 1).count == 2
        controls, played, asked = _controls(g, s, 1)
        take = next(b for row in controls.children for b in getattr(row, "children", ())
                    if b.description.startswith("Take it"))
        assert take.description == "Take it for 2 notes (grab the hammer)"
        take.click()
        assert (played, len(asked)) == (([TAKE], 0) if not questions else ([], 1)), money


def test_choose_for_me_is_offered_with_just_the_notes_owed():
    """Number Call: the winner of a call of 2 notes, holding exactly 2 notes, is offered
    "Choose for me" (any notes pay: the number counts)."""
    from bluffkit.auctions import Auction

    g = Auction.create(format="number-call")
    s = g.state_from_position(2, auctioneer=0, money=["10", "10+50"], lot=["horse"])
    s = g.step(g.step(s, 1, "bid 2"), 0, "sell")
    assert g.observe(s, 1).legal.pay == (2, "count", 0)
    controls, played, _ = _controls(g, s, 1)
    assert "Choose for me" in _button_words(controls)


def test_a_price_in_notes_opens_pay_only_at_that_many_notes():
    """Number Call, a call of 2 notes won by a bidder holding three: "pay exactly 2 notes (any
    notes: their value does not count)". Pay with one note chosen was open, and its refusal
    ("can't pay 10", a value) fell below a projected screen; it stays closed, saying how many
    to choose, until two are chosen, and then pays them."""
    from bluffkit.auctions import Auction

    g = Auction.create(format="number-call")
    s = g.state_from_position(2, auctioneer=0, money=["10", "10+10+50"], lot=["horse"])
    s = g.step(g.step(s, 1, "bid 2"), 0, "sell")
    assert g.observe(s, 1).legal.pay == (2, "count", 0)
    controls, played, _ = _controls(g, s, 1)
    pay = controls.note_button
    assert pay.disabled and pay.tooltip == "click your notes above to choose them first"
    tens = [n for n in controls.notes if n.description == "10"]
    fifty = next(n for n in controls.notes if n.description == "50")
    tens[0].value = True
    assert pay.disabled and pay.tooltip == "choose 2 notes: 1 chosen", pay.tooltip
    fifty.value = True
    assert not pay.disabled
    tens[1].value = True
    assert pay.disabled and pay.tooltip == "choose 2 notes: 3 chosen"
    tens[1].value = False
    pay.click()
    assert len(played) == 1
    g.step(s, 1, played[0])                         # the rules take it


def test_the_call_offers_the_only_price_an_auctioneer_without_money_may_call():
    """The Call: a refused call must be bought at it, so an auctioneer holding nothing
    (a 0 note) may call 0 alone, and the button offers that, not a call of 10."""
    from bluffkit.auctions import Auction

    g = Auction.create(format="the-call")
    s = g.state_from_position(2, auctioneer=0, money=["0", None], lot=["horse"])
    assert g.observe(s, 0).legal.call == (0, 0)
    controls, played, _ = _controls(g, s, 0)
    assert controls.bid_button.description == "Call 0"
    controls.bid_button.click()
    assert [str(a) for a in played] == ["call 0"]


def test_the_words_of_a_pick_and_the_bid_buttons_tooltip():
    """Cat in the Bag: the prompt says how many cards lie face down to point at (3); the
    Bid button's tooltip says the amount it plays."""
    from bluffkit.auctions import Auction
    from bluffkit.widgets.auction_moves import choice_words

    g = Auction.create(format="cat-in-the-bag")
    s = g.step(g.state_from_position(3, auctioneer=0, pen=["cow", "horse", "sheep"]), None, "shuffle 2,0,1")
    assert choice_words(g.observe(s, 1), ["A", "B", "C"]) == "point at a card of the 3 face down"
    g = Auction.create(format="classic")
    s = g.state_from_position(3, auctioneer=0, lot=["horse"])
    controls, _, _ = _controls(g, s, 1)
    controls.amount.value = 120
    assert (controls.bid_button.description, controls.bid_button.tooltip) == ("Bid 120", "bid 120")


def test_drop_out_is_only_offered_in_an_open_auction_and_a_call_is_no_bid():
    """Drop out passes whenever one is asked again, which only an open auction does: a
    sealed bid has no Drop out. A call clicked from code where a bid is asked plays nothing."""
    from bluffkit.auctions import Auction
    from bluffkit.auctions.actions import Call

    for fmt, offered in (("classic", True), ("secret-value", False)):
        g = Auction.create(format=fmt)
        s = g.state_from_position(3, auctioneer=0, lot=["horse"])
        controls, played, _ = _controls(g, s, 1, drop_out=lambda: None)
        assert ("Drop out" in _button_words(controls)) is offered, fmt
    assert not controls.click(Call(50)) and played == []


@pytest.mark.parametrize("kwargs, said", [
    ({"bidders": 10}, "bidders must be 1 to 9, got 10"),
    ({"bidders": True}, "bidders must be 1 to 9, got True"),
    ({"bidders": 3, "human": 4}, r"human must be a bidder seat 1\.\.3 or None, got 4"),
    ({"double": "yes"}, "right and double are true or false"),
    ({"bidders": 2, "strategies": ["truthful", "bluff"]}, "strategies: a list of"),
    ({"fmt": "english"}, "unknown auction format 'english'; the formats are"),
])
def test_settings_the_lab_cannot_show_are_refused_in_words(kwargs, said):
    """A lab of ten bidders, a seat past the last bidder, a strategy or format that does not
    exist: refused by name before anything is made, not clamped to another setting nor
    left to a widget's TraitError or a KeyError."""
    from bluffkit.core.errors import BluffkitError
    with pytest.raises(BluffkitError, match=said):
        AuctionLab(seed=1, **kwargs)


def test_nine_bidders_is_the_most_and_each_is_seated():
    lab = AuctionLab(fmt="classic", bidders=9, seed=1)
    assert lab.bidders.max == 9 and lab.bidders.value == 9 and len(lab.session.names) == 10


def test_a_two_player_format_with_more_bidders_says_it_is_for_one_and_plays_nothing():
    """Number Call is a two-player auction (the auctioneer and one other player)."""
    lab = AuctionLab(fmt="number-call", bidders=3, seed=1)
    assert lab.session is None
    assert "Number Call is for 1 bidder and the auctioneer:" in visible_text(lab.message.value)


def test_next_step_says_why_it_does_nothing_at_the_end_and_at_your_move():
    lab = AuctionLab(fmt="classic", bidders=2, seed=1)
    lab.run_button.click()
    n = len(lab.session.moves)
    lab.step_button.click()
    assert "This auction is over" in lab.message.value and len(lab.session.moves) == n
    assert lab.typed_row.layout.display == "none", "no move box once the auction is over"
    lab = AuctionLab(fmt="classic", bidders=2, human=1, seed=3)
    n = len(lab.session.moves)
    lab.step_button.click()
    assert "It is your move" in lab.message.value and len(lab.session.moves) == n
    assert lab.typed_row.layout.display is None, "your move may be typed"


def test_a_move_after_the_end_is_refused_as_the_auction_is_over():
    lab = AuctionLab(fmt="classic", bidders=2, human=1, seed=3)
    while not lab.session.over:
        buttons(lab)["Pass"].click()
    assert lab.typed_row.layout.display == "none", "no move box once the auction is over"
    lab._play(PASS)                          # (as a button left over would play it)
    assert "the auction is over" in visible_text(lab.refusal.value)
    assert "not Bidder 1 (you)'s move" not in visible_text(lab.refusal.value)


def test_a_word_that_is_not_a_move_is_answered_with_the_moves_you_have():
    """Bidding opens at 10 in the classic auction (its bid step)."""
    lab = AuctionLab(fmt="classic", bidders=2, human=1, seed=3)
    lab.move.value = "frobnicate"
    said = visible_text(lab.refusal.value)
    assert "that is not a move; you may: pass or bid 10 or more" in said, said


def test_the_private_values_name_each_seat_beside_its_own_value():
    lab = AuctionLab(fmt="classic", bidders=2, seed=1)
    lab.typed.value = "300, 450, 800"
    said = visible_text(lab.private.value)
    assert "Auctioneer 300, Bidder 1 450, Bidder 2 800" in said, said


def test_typed_values_refused_are_quoted_as_text():
    lab = AuctionLab(fmt="classic", bidders=2, seed=1)
    lab.typed.value = "<b>x</b>, 1, 2"
    assert lab.session is None
    assert "<b>x</b>" not in lab.message.value and "&lt;b&gt;x&lt;/b&gt;" in lab.message.value


def test_your_seat_stays_when_the_value_law_changes():
    lab = AuctionLab(fmt="classic", bidders=3, human=2, seed=1)
    lab.values.value = "beta(2, 2)"
    assert lab.human.value == 2 and lab.session.names[2] == "Bidder 2 (you)"


def test_the_auction_count_is_at_least_one():
    lab = AuctionLab(fmt="classic", bidders=2, seed=1)
    lab.count.value = 0
    assert lab.auctions() is None and lab.simulate_button.disabled and "too few" in lab.count_note.value


def test_the_moves_made_before_a_script_runs_out_stay_in_what_happened():
    lab = AuctionLab(fmt="classic", bidders=2, human=None, strategies=["script", "script"], seed=3)
    lab.script.value = "1: bid 20; 2: pass"
    lab.step(to_end=True)
    said = visible_text(lab.events.value)
    assert "ran out" in lab.message.value or "run out" in lab.message.value
    assert "Bidder 1 bids 20" in said and "Bidder 2 passes" in said, said


def test_a_new_auction_starts_what_happened_afresh():
    lab = AuctionLab(fmt="classic", bidders=2, seed=1)
    lab.run_button.click()
    assert lab.said, "the auction was played"
    lab.new_button.click()
    assert lab.said == [] and visible_text(lab.events.value) == "What happened (oldest first)"


def test_two_simulated_auctions_are_counted_in_the_plural():
    lab = AuctionLab(fmt="classic", bidders=2, seed=1)
    lab.count.value = 2
    lab.simulate_button.click()
    assert "2 auctions</b> of" in lab.summary.value, lab.summary.value


def test_a_script_refused_is_quoted_as_text():
    lab = AuctionLab(fmt="classic", bidders=2, strategies=["script", "truthful"], seed=1)
    lab.script.value = "1 bid <i>10</i>"
    assert lab.session is None and "Scripts:" in lab.message.value
    assert "<i>10" not in lab.message.value and "&lt;i&gt;10&lt;/i&gt;" in lab.message.value


@pytest.mark.parametrize("fmt, in_notes", [("secret-count", True), ("classic", False)])
def test_the_payoffs_say_prices_are_in_notes_only_where_the_price_is_a_count_of_notes(fmt, in_notes):
    """The Secret Count's price is the number of notes laid (docs/auctions.md: pricing
    "count"); the Classic auction's is money."""
    lab = AuctionLab(fmt=fmt, bidders=2, seed=1)
    lab.run_button.click()
    assert lab.session.over
    assert ("paid in notes" in visible_text(lab.view.value)) == in_notes


def test_a_double_click_on_take_does_not_answer_the_question_about_a_count_above_ones_notes(monkeypatch):
    """Dutch: bidder 1 holds one note and the count is 2. The first click of a double click
    on "Take it" asks (if it wins he must show all his money); the second, 80 ms later, was
    sent before he could read that, and takes nothing; a click after reading it takes."""
    from bluffkit.auctions import Auction
    from bluffkit.widgets import seat_panel

    sent = [1000.0]
    monkeypatch.setattr(seat_panel, "click_sent_at", lambda: sent[0])
    g = Auction.create(format="dutch")
    s = g.state_from_position(3, auctioneer=0, money=[None, "10", None], lot=["horse"])
    for _ in range(10, 2, -1):
        s = g.step(g.step(s, 1, "pass"), 2, "pass")
    controls, played, asked = _controls(g, s, 1)
    take = next(b for b in _buttons_of(controls) if b.description.startswith("Take it"))
    take.click()
    assert played == [] and len(asked) == 1
    sent[0] += 0.08
    take.click()
    assert played == [], "the second click of a double click took the lot"
    sent[0] += 5.0
    take.click()
    assert played == [TAKE]


def test_the_labs_words_for_a_lot_of_one_and_the_note_to_lay():
    """A lot of one cat read "Your value for the lot: 236 (each animal)", and Secret Count's
    "e.g. lay 0" read as laying no notes: the example names the note now."""
    one = AuctionLab(fmt="secret-count", bidders=3, human=1, right=False, seed=3)
    two = AuctionLab(fmt="secret-count", bidders=3, human=1, right=False, seed=3, double=True)
    assert "(each animal)" not in one.private.value and "(each animal)" in two.private.value
    cat = AuctionLab(fmt="cat-in-the-bag", bidders=3, human=1, right=False, seed=3)     # (no lot before the pick)
    assert "(each animal)" not in cat.private.value, cat.private.value
    assert "e.g. lay 0: your 0 note" in one.private.value, one.private.value


@pytest.mark.parametrize("lines, hint", [(1, False), (3, False), (4, True), (15, True)])
def test_the_labs_projector_box_says_to_scroll_only_when_it_must(lines, hint):
    """The lab's box is three lines high: "scroll up for older" once there are more lines,
    not when they all fit; it holds the last twelve, oldest first on the page."""
    from bluffkit.widgets.auction_lab import EVENTS
    lab = AuctionLab(fmt="classic", bidders=3, human=1, seed=5)
    lab.projector.value = True
    lab.said = [f"Line {k}." for k in range(1, lines + 1)]
    lab.draw()
    assert ("scroll up for older" in lab.events.value) == hint, lab.events.value
    assert _lab_lines(lab) == lab.said[-EVENTS:]


def test_a_seat_played_with_typed_values_is_not_told_the_others_values_are_hidden():
    """Values typed in the settings are on the lab's screen (and in the browser, Projector or
    not): the seat's box said "The others' values are hidden." beside them. Drawn from a value
    law, they are hidden; typed, the box says where they are."""
    lab = AuctionLab(fmt="second-hand", bidders=3, human=2, seed=3)
    assert "The others' values are hidden." in lab.private.value
    lab.typed.value = "300, 450, 800, 120"
    assert "Your value for the lot: <b>800</b>" in lab.private.value
    assert "values are hidden" not in lab.private.value and "typed in the settings" in lab.private.value
    lab.typed.value = ""
    assert "The others' values are hidden." in lab.private.value


def test_american_counts_prompt_leaves_the_notes_to_its_buttons():
    """American Count's prompt said "pass, or lay one more note face down (a button for each
    of your notes)" beside the buttons "Lay a 10 note", ... that say it: on a projector the
    words in brackets took a line of the controls' column (Bidder Up!: the newest line of
    What happened went below a 1280 x 720 screen)."""
    from bluffkit.auctions import Auction
    from bluffkit.widgets.auction_moves import choice_words
    g = Auction.create(format="american-count")
    s = g.new_state(4)
    while not (g.to_move(s) and g.observe(s, g.to_move(s)[0]).legal.raise_):
        movers = g.to_move(s)
        s = g.step(s, None, g.sample_chance(s, np.random.default_rng(0))) if not movers else \
            g.step(s, movers[0], g.observe(s, movers[0]).legal.sample(np.random.default_rng(0)))
    words = choice_words(g.observe(s, g.to_move(s)[0]), ["A", "B", "C", "D"])
    assert "lay one more note face down" in words and "button" not in words, words


@pytest.mark.parametrize("fmt", ["classic", "cat-in-the-bag", "dutch", "secret-value", "secret-count",
                                 "round-the-table", "american-count", "second-hand", "number-call", "the-call"])
def test_the_move_boxs_example_is_a_move_of_the_format_legal_as_typed(fmt):
    """The move box read "e.g. bid 120 or pass" in every format: in Secret Count, typed,
    "bid 120" was refused ("not now"; the count auctions lay, raise or take notes). At each
    move of one's own, its examples are moves of that format, each legal as typed; playing
    them, as typed, goes on to the end of the auction (a payment included where it is won:
    the others' values are 0). On the projector, where the box is hidden, the prompt says no
    example (:func:`~bluffkit.widgets.auction_lab.without_examples` knows each format's words)."""
    _play_the_typed_examples(fmt)


def test_the_move_boxs_lay_example_joins_two_notes_with_plus():
    """Secret Count's move box said "e.g. lay 10": notes typed "lay 10, 10" were refused,
    the form that lays two (``+``) shown only in the refusal. A seat holding two notes above
    0 is shown it; its example is legal as typed."""
    from bluffkit.widgets.auction_lab import move_examples
    lab = AuctionLab(fmt="secret-count", human=1, seed=2, right=False)
    lab.typed.value = "0, 900, 0, 0"
    s = lab.session
    lay = [e for e in move_examples(s.legal(1)) if e.startswith("lay ")]
    assert len(lay) == 1 and re.fullmatch(r"lay [1-9]\d*\+[1-9]\d*", lay[0]), lay
    assert s.legal(1).explain(s.game.parse(lay[0])) is None
    assert lay[0] in lab.move.placeholder, lab.move.placeholder


def _play_the_typed_examples(fmt: str) -> int:
    """Play the lab's human seat by its move box's examples to the auction's end (the test
    above); the number of moves whose prompt gave an example as typed."""
    from bluffkit.auctions.rules import FORMATS
    from bluffkit.widgets.auction_lab import MOVE_HINT
    lab = AuctionLab(fmt=fmt, human=1, seed=2, right=False)
    lab.typed.value = "0, 900" + ", 0, 0" * (not FORMATS[fmt].two_player)
    s, shown, examples_said = lab.session, [], 0
    for k in range(20):
        if s.over:
            break
        assert 1 in s.to_move
        shown.append(lab.move.placeholder)
        examples = re.fullmatch(r"e\.g\. (.+) \(Enter plays it\)", lab.move.placeholder).group(1).split(" or ")
        for typed in examples:
            assert s.legal(1).explain(s.game.parse(typed)) is None, (typed, s.legal(1).description)
        lab.projector.value = True        # the typed examples left out there (the box is hidden)
        assert "e.g." not in lab.private.value, lab.private.value
        examples_said += "e.g." in s.legal(1).description
        lab.projector.value = False
        first = examples[0].split()[0]
        lab.play_move(examples[-1] if k and first in ("bid", "raise", "lay") else examples[0])
        assert lab.refusal.value == "" and lab.move.value == ""
    assert s.over, shown
    assert lab.move.placeholder == MOVE_HINT or lab.typed_row.layout.display == "none"
    return examples_said


def test_the_projector_leaves_out_typed_examples_the_prompts_do_give():
    """The check above that the projector's prompt says no "e.g." would pass if no prompt had
    one: in the count auctions and the payments they do."""
    assert _play_the_typed_examples("secret-count") > 0


@pytest.mark.parametrize("fmt, said", [
    ("american-count", "pass, or lay one more note face down"),
    ("secret-count", "pass, or lay notes face down (click your notes, then Lay)"),
    ("number-call", "pass, or bid 1 note or more"),
    ("classic", "pass, or bid 10 or more"),
])
def test_on_the_projector_the_prompt_says_the_moves_in_the_buttons_words(fmt, said):
    """On the projector the typed move's box is hidden and the buttons are the moves, but
    the prompt said them in the typed notation beside buttons that name them otherwise:
    "pass or raise NOTE (one of your notes, face down)" over "Lay a 10 note", "lay NOTES
    face down" over the notes and Lay, Number Call's "bid 1 or more" of a count auction
    ("1 note"), Classic's "bid 1010 or more" beside "Bid 1,010". There it says them as
    Bidder Up!'s prompt does (:func:`~bluffkit.widgets.auction_moves.choice_words`); off the
    projector the notation stays, beside the box where it is typed."""
    lab = AuctionLab(fmt=fmt, human=1, right=False, seed=7)
    notation = lab.session.legal(1).description
    lab.projector.value = True
    assert f"</b>: {said}.</div>" in unescape(lab.private.value), lab.private.value
    lab.projector.value = False
    assert f"</b>: {notation}.</div>" in unescape(lab.private.value), lab.private.value


def test_on_the_projector_a_bid_past_999_is_said_as_its_button_says_it():
    """Classic's prompt said "bid 1010 or more" beside the button "Bid 1,010" on the projector."""
    lab = AuctionLab(fmt="classic", bidders=2, human=1, right=False, seed=3)
    lab.projector.value = True
    lab.play_move("bid 1000")
    assert not lab.session.over and lab.session.waiting_for == 1, "the lab goes on to the seat's next bid"
    lo = lab.session.legal(1).bid[0]
    assert lo > 999, lo
    assert f"bid {lo:,} or more" in lab.private.value and f"bid {lo} or more" not in lab.private.value


def test_on_the_projector_the_auctions_buttons_share_the_top_row_with_the_switch():
    """On a 1280 x 720 projector New auction, Next step and Run to the end took a row of
    their own under the Projector switch (some 50 px: with the file browser open What
    happened's newest line fell below the screen); there they stand beside the switch, and
    back in the One auction tab when it is off."""
    lab = AuctionLab(fmt="secret-count", bidders=3, human=3, seed=7)
    one = lab.tabs.children[0]
    assert one.children[0] is lab.one_buttons and lab.one_buttons not in lab.head.children
    lab.projector.value = True
    assert lab.head.children == (lab.title, lab.projector, lab.one_buttons) and lab.one_buttons not in one.children
    assert one.children[0] is lab.message
    lab.new_button.click()                                # still plays there
    assert lab.session.waiting_for == 3
    lab.projector.value = False
    assert one.children[0] is lab.one_buttons and lab.head.children == (lab.title, lab.projector)


def test_on_the_projector_the_prompt_leaves_out_the_typed_examples():
    """The typed move's box is hidden on the projector, where the prompt's examples as typed
    took a line ("(e.g. lay 0: your 0 note)"), and a payment's example of 23 notes ran past
    the screen's right edge ("e.g. pay 500+200+...+0"). Off the projector they stay."""
    from bluffkit.widgets.auction_lab import without_examples
    lab = AuctionLab(fmt="secret-count", bidders=3, human=1, right=False, seed=3)
    assert "e.g. lay 0: your 0 note" in lab.private.value
    lab.projector.value = True
    assert "e.g." not in lab.private.value and "NOTES" not in lab.private.value
    lab.projector.value = False
    assert "e.g. lay 0: your 0 note" in lab.private.value
    assert without_examples("pick 1 of the 3 face-down cards by place, 1 to 3 (e.g. pick 1)") == \
        "pick 1 of the 3 face-down cards by place, 1 to 3"
    assert without_examples("pay 900 to Auctioneer in notes (no change is given), e.g. pay 500+200+200") == \
        "pay 900 to Auctioneer in notes (no change is given)"
    assert without_examples("pass or bid 10 or more") == "pass or bid 10 or more"


def _paying_lab(projector: bool):
    """Lesson 05's Dutch Auction (its values typed), the class first to the hammer: it pays."""
    lab = AuctionLab(fmt="dutch", bidders=3, human=1, strategies=["equilibrium"] * 3, right=False, seed=2)
    lab.typed.value = "0, 450, 300, 600"
    lab.projector.value = projector
    lab.play_move("take")
    assert lab.session.legal(1).pay, "the seed makes bidder 1 first to the hammer"
    return lab


def test_paying_on_the_projector_the_sale_is_said_by_what_happened_and_pay_not_twice_more():
    """Paying in the Dutch Auction on a projector (lesson 05), the table's "Sold: the cow to
    Bidder 1 (you) for 10 notes." and "Bidder 1 (you) owes Auctioneer 10 notes." came
    before the prompt, and What happened's newest line, which says the sale, fell below a
    1280 x 720 screen. The lines are marked bk-settling, which the projector leaves out while
    the lab's player pays: the Pay button says what is owed to whom."""
    from bluffkit.widgets.auction_lab import LAB_STYLE
    lab = _paying_lab(projector=True)
    assert "bk-paying" in lab.view._dom_classes
    assert re.search(r"<div class='bk-box bk-settling'>Sold: the \w+ to Bidder 1 \(you\) for 10 notes", lab.view.value)
    assert ".bk-lab.bk-projector .bk-paying .bk-settling {display: none}" in LAB_STYLE
    assert "sells the" in _lab_lines(lab)[-1] and "Bidder 1 (you) for 10 notes" in _lab_lines(lab)[-1]
    assert any("you owe Auctioneer 10" in b.replace("\xa0", " ") for b in buttons(lab))
    buttons(lab)["Choose for me"].click()
    next(b for d, b in buttons(lab).items() if d.startswith("Pay")).click()
    assert lab.session.over and "bk-paying" not in lab.view._dom_classes


def test_paying_on_the_projector_a_bidder_who_showed_all_their_money_stays_said():
    """The projector leaves out the table's lines of the sale and of what is owed while the
    lab's player pays (What happened and Pay say them); it left out too the line of a bidder
    who could not pay and showed all their money (RULES.md: "a bidder who cannot pay must show
    all money and the auction is held again"), which neither says."""
    lab = AuctionLab(fmt="secret-value", bidders=2, human=1, strategies=["truthful", "script"], right=False, seed=3)
    lab.script.value = "2: bid 5000, bid 10"
    lab.typed.value = "0, 900, 100"
    lab.projector.value = True
    lab.play_move("bid 500")
    lab.play_move("bid 500")
    assert lab.session.legal(1).pay and "bk-paying" in lab.view._dom_classes
    lines = re.findall(r"<div class='([^']*)'>([^<]*)", lab.view.value)
    assert [c for c, line in lines if line.startswith("Bidder 2 could not pay and showed all their money")] == \
        ["bk-box"], lines
    assert ("bk-box bk-settling", "Sold: the goose to Bidder 1 (you) for 500.") in lines, lines
    assert ("bk-box bk-settling", "Bidder 1 (you) owes Auctioneer 500.") in lines, lines


def test_the_projector_says_where_typed_values_are_in_one_line():
    """With values typed, the seat's box added "values drawn from a value law are hidden",
    a line of a projected screen that hides the settings: there it says only where they are."""
    lab = _paying_lab(projector=True)
    assert "The others' values are the ones typed in the settings.</span>" in lab.private.value
    lab.projector.value = False
    assert "values drawn from a value law are hidden" in lab.private.value


def test_paying_in_a_double_pen_the_other_winners_debt_stays_said():
    """Paying in a double pen (Secret Value, two winners) on the projector, the table left out
    the other winner's public "Bidder 2 owes Auctioneer 810." with the player's own sale and
    debt: of what is owed only the paying seat's own line is left out (Pay says it); the sales
    are What happened's newest line. The prompt leaves out the amount and the payee, which
    the Pay button says."""
    lab = AuctionLab(fmt="secret-value", double=True, bidders=3, human=1, strategies=["truthful"] * 3, right=False,
                     seed=1)
    lab.projector.value = True
    lab.play_move("bid 900")
    assert lab.session.legal(1).pay and "bk-paying" in lab.view._dom_classes
    lines = dict((line, c) for c, line in re.findall(r"<div class='([^']*)'>([^<]*)</div>", lab.view.value))
    assert lines["Bidder 2 owes Auctioneer 810."] == "bk-box", lines
    assert lines["Bidder 1 (you) owes Auctioneer 900."] == "bk-box bk-settling", lines
    assert lines["Sold: lot 2: the rooster to Bidder 2 for 810."] == "bk-box bk-settling", lines
    assert "sells the rooster to Bidder 2 for 810" in _lab_lines(lab)[-1]
    assert "</b>: pay in notes (no change is given).</div>" in lab.private.value
    assert any("you owe Auctioneer 900" in b.replace("\xa0", " ") for b in buttons(lab))
    lab.projector.value = False
    assert "pay 900 to Auctioneer in notes" in lab.private.value


def test_at_the_end_on_the_projector_what_happened_comes_under_the_payoffs():
    """At the end of an auction on the projector What happened came after the payoffs, the
    private values and the table, its newest line at 760 to 905 px, below a 1280 x 720
    screen: the lab is marked bk-over then, and its style puts the lab's word and the
    payoffs (bk-view) first, What happened (bk-happened) next."""
    from bluffkit.widgets.auction_lab import LAB_STYLE
    lab = AuctionLab(fmt="classic", bidders=3, human=1, strategies=["truthful"] * 3, seed=3)
    assert "bk-over" not in lab._dom_classes
    assert {"bk-message", "bk-view", "bk-happened"} <= {c for w in (lab.message, lab.view, lab.events)
                                                        for c in w._dom_classes}
    lab.drop_out()
    assert lab.session.over and "bk-over" in lab._dom_classes
    assert ".bk-lab.bk-projector.bk-over .bk-message, .bk-lab.bk-projector.bk-over .bk-view {order: -2}" in LAB_STYLE
    assert ".bk-lab.bk-projector.bk-over .bk-happened {order: -1}" in LAB_STYLE
    lab.new_button.click()
    assert "bk-over" not in lab._dom_classes
    lab.typed.value = "1, 2"                  # refused: no auction, no end shown
    assert lab.session is None and "bk-over" not in lab._dom_classes


def test_the_bidders_strategy_menus_wrap_onto_more_rows():
    """Six bidders' menus (210 px each) ran past a 1280 x 720 screen's right edge in one row
    that did not wrap; the browser check is tests/browser/test_lab.py."""
    lab = AuctionLab(fmt="secret-value", bidders=6, seed=2)
    assert lab.strategy_box.layout.flex_flow == "row wrap"
    lab.bidders.value = 9                          # (the menus made anew keep to the box's rows)
    assert len(lab.strategy_box.children) == 9 and lab.strategy_box.layout.flex_flow == "row wrap"
    lab.close()


def _simulated(monkeypatch, fmt="secret-value", bidders=6, strategy="equilibrium"):
    """A lab whose Simulate played 4 auctions with known cash: 0.6, 0.8, -0.3 (a lot the
    auctioneer kept by its right, paying the winner 0.3) and 0.7."""
    import bluffkit.widgets.auction_lab as lab_module
    from bluffkit.analysis.auction_lab import simulate_engine as real

    def made(fmt, n, count, *, progress, **kwargs):
        df = real(fmt, n, count, **kwargs)
        df["revenue"] = [0.6, 0.8, -0.3, 0.7]
        df["price"] = [0.6, 0.8, 0.3, 0.7]
        df["refused"] = [False, False, True, False]
        df["auctioneer_payoff"] = [0.6, 0.8, 0.5, 0.7]
        return df
    monkeypatch.setattr(lab_module, "simulate_engine", made)
    lab = AuctionLab(fmt=fmt, bidders=bidders, strategies=[strategy] * bidders, seed=1)
    lab.count.value = 4
    lab.simulate_button.click()
    return lab


def test_the_cash_chart_says_cash_on_its_axis_labels_0_and_says_what_lies_below_it(monkeypatch):
    """The chart titled the auctioneer's cash had an x axis of "revenue of one auction", and
    its labels skipped 0 (-0.5, -0.3, -0.1, 0.1, ...: every other one dropped); the lots
    kept by the right of first refusal, below 0, were too few to see, and unsaid."""
    lab = _simulated(monkeypatch)
    cash, payoff = (chart.chart.to_dict() for chart in lab.charts.children)
    x = cash["spec"]["layer"][0]["encoding"]["x"]
    assert "cash" in " ".join(cash["title"]["text"]) and x["title"] == "cash of one auction"
    assert 0.0 in x["axis"]["values"] and min(x["axis"]["values"]) < 0 < max(x["axis"]["values"])
    said = " ".join(cash["title"]["subtitle"])
    assert "unit of cash" in said and "below 0: a lot the auctioneer kept by its right of first refusal" in said
    assert "(25.0% of the auctions)" in said, said
    y = payoff["spec"]["layer"][0]["encoding"]["x"]
    assert "payoff" in " ".join(payoff["title"]["text"]) and y["title"] == "payoff of one auction"
    assert "below 0" not in " ".join(payoff["title"]["subtitle"])
    lab.close()


def test_the_summary_says_why_the_cash_lies_below_the_theory(monkeypatch):
    """The lab said 0.705 +/- 0.001 for Secret Value with 6 equilibrium bidders, and a student
    who knows (n - 1)/(n + 1) = 0.714 saw a gap of 9 standard errors, unexplained: bids in
    steps of 10, rounded down, and the lots kept by the right of first refusal."""
    lab = _simulated(monkeypatch)
    text = visible_text(lab.summary.value)
    assert "Theory: (n - 1)/(n + 1) = 0.714, for bids of any amount and no right of first refusal." in text, text
    assert "steps of 10 money (0.010), each rounded down, which takes about 0.005 off the price: the mean " \
           "price is 0.600." in text, text
    assert "The auctioneer kept 25.0% of the lots by its right of first refusal, paying the winner the price " \
           "instead of receiving it (the cash below 0): 0.150 off the mean cash." in text, text
    lab.close()
    other = _simulated(monkeypatch, "classic", 3, "truthful")      # no textbook figure: the right alone
    text = visible_text(other.summary.value)
    assert "Theory" not in text and "The auctioneer kept 25.0% of the lots" in text, text
    other.close()



def test_simulate_of_a_two_player_format_with_more_bidders_says_it_in_the_panels_words():
    """``AuctionLab(fmt="number-call", bidders=3)`` shows "choose another number of bidders";
    its Simulate said "give bidders=1, got 3" (simulate_engine's words for Python) to a
    student looking at a Bidders slider. It now says the panel's words and runs nothing."""
    lab = AuctionLab(fmt="number-call", bidders=3, seed=1)
    lab.simulate()
    said = re.sub("<[^>]+>", "", lab.summary.value)
    assert said == "Cannot simulate: Number Call is for 1 bidder and the auctioneer: choose another number of " \
                   "bidders.", said
    assert lab.frame is None and lab.progress.value == 0


def test_projector_shows_the_one_auction_tab():
    """The projector hides the tabs (the one auction is shown): with Many auctions chosen it
    showed the simulation, and New auction, beside the switch, changed an auction nobody
    could reach. Projector on chooses One auction; off leaves it chosen (a tab remembered
    from before would be state drawn from no screen, which the leak checks refuse)."""
    lab = AuctionLab(fmt="second-hand", bidders=3, seed=1)
    lab.tabs.selected_index = 1
    lab.projector.value = True
    assert lab.tabs.selected_index == 0
    assert lab.one_buttons in lab.head.children
    lab.projector.value = False
    assert lab.tabs.selected_index == 0
    lab.tabs.selected_index = 1                 # (Many auctions chosen again by hand)
    assert lab.tabs.selected_index == 1
