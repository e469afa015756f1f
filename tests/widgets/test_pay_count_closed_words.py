"""A payment of a number of notes (the count auctions: "any notes", their value does not
count) is closed until exactly that many notes are chosen. With 12 chosen for a debt of 10
Pay was greyed with nothing on the screen saying why (lesson 05, the Dutch Auction on a
projector): only its tooltip did, which a class does not see. A line beside it says why."""

from __future__ import annotations

import re
from html import unescape

from bluffkit.auctions import Auction
from bluffkit.widgets.auction_moves import MoveControls


def _paying(notes="0+0+10+10+10+10+10+10+10+10+10+10+50", count=10):
    """Bidder 1 took the Dutch Auction's horse at ``count`` and pays it, holding ``notes``."""
    g = Auction.create(format="dutch")
    s = g.state_from_position(3, auctioneer=0, money=[None, notes, None], lot=["horse"])
    for _ in range(10, count, -1):
        s = g.step(g.step(s, 1, "pass"), 2, "pass")
    s = g.step(s, 1, "take")
    s = g.step(s, 2, "pass")
    s = g.step(s, 0, "sell")                         # the auctioneer sells (no right of first refusal used)
    assert g.observe(s, 1).legal.pay is not None, "bidder 1 owes the count"
    played: list = []
    c = MoveControls(played.append)
    c.show(g.observe(s, 1), ["Auctioneer", "Bidder 1", "Bidder 2"])
    return c, played


def _why(c) -> str:
    return unescape(re.sub(r"<[^>]+>", "", c._why.value)) if c._why is not None and c._why.layout.display != "none" \
        else ""


def _shown(c) -> list:
    out, stack = [], [c]
    while stack:
        w = stack.pop(0)
        out.append(w)
        stack.extend(getattr(w, "children", ()))
    return out


def test_too_many_notes_chosen_says_on_screen_why_pay_is_closed():
    c, played = _paying()
    assert _why(c) == "", "nothing chosen yet: the prompt says to click the notes"
    c.choose((2, 10, 0, 0, 0, 0))                    # 12 notes for a debt of 10
    assert c.note_button.disabled
    assert _why(c) == "Pay needs exactly 10 notes: 12 are chosen; click 2 of them again to unchoose them."
    assert c._why in _shown(c), "the words are drawn, beside Pay"
    c.choose((0, 9, 0, 0, 0, 0))
    assert _why(c) == "Pay needs exactly 10 notes: 9 are chosen; click 1 more."
    c.choose((0, 10, 0, 0, 0, 0))                    # the right count: open, and the line goes
    assert not c.note_button.disabled and _why(c) == ""
    c.note_button.click()
    assert played and str(played[0]).startswith("pay")


def test_a_payment_of_money_and_laying_notes_have_no_such_line():
    """Only a payment of a number of notes is closed for a wrong count."""
    g = Auction.create(format="secret-count")
    s = g.state_from_position(3, auctioneer=0, money=[None, "0+10+10", None], lot=["horse"])
    c = MoveControls(lambda a: None)
    c.show(g.observe(s, 1), ["Auctioneer", "Bidder 1", "Bidder 2"])
    assert c.note_button is not None and c._why is None


def test_the_line_is_closed_with_the_notes_when_the_controls_are_cleared():
    c, _ = _paying()
    why = c._why
    c.choose((2, 10, 0, 0, 0, 0))
    c.clear()
    assert why.comm is None and c._why is None, "retired with the seat's notes"
