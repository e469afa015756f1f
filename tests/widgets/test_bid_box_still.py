"""The bid stepper's buttons stay where they are while a person types (auction_moves.MoveControls)."""

from __future__ import annotations

import re

from bluffkit.auctions import Auction
from bluffkit.widgets.auction_lab import LAB_STYLE
from bluffkit.widgets.auction_moves import MoveControls

#: What a person types, one keystroke after another, and a slip: Bid's words change with each.
TYPED = ["", "1", "12", "1600.5", "99999999"]


def _controls():
    c = MoveControls(lambda action: None, all_money=(4360, 50))
    g = Auction.create(format="classic")
    c.show(g.observe(g.state_from_position(3, auctioneer=0, lot=["horse"]), 1), ["A", "B", "C"])
    return c


def test_the_box_takes_no_room_from_bids_words_nor_gives_it():
    """The box was grown into the room its line left (flex 1 1 64px, up to 110 px), so each
    change of Bid's words as a person typed ("Bid 20 or more", "Bid 1", "Bid 12", "Bid a whole
    number", "Bid at most 4,360") gave the +10 and +50 buttons after it a new place: up to
    36 px in Bidder Up!'s column at 1280 x 720, 27 px on its projector (Chromium). The box is
    now of one width, neither grown nor shrunk, and Bid, which alone changes, stands last."""
    c = _controls()
    said = set()
    for typed in TYPED:
        c.amount.set_state({"value": typed})
        said.add(c.bid_button.description)
        row = next(r for r in c.children if c.amount in getattr(r, "children", ()))
        parts = list(row.children)
        assert parts.index(c.bid_button) > parts.index(c.amount), "Bid stands after the box and its steps"
        assert [b.description for b in parts[parts.index(c.amount) + 1:parts.index(c.bid_button)]] == ["+10", "+50"]
        layout = c.amount.layout
        grow, shrink, _basis = (layout.flex or "0 1 auto").split()
        assert (grow, shrink) == ("0", "0"), f"{typed!r}: the box is grown or shrunk by its line's room: flex {layout.flex}"
        assert layout.width == "64px" and not layout.min_width and not layout.max_width, typed
    assert len(said) == len(TYPED), f"Bid's words change with each keystroke: {said}"


def test_the_lab_gives_its_box_one_width_in_each_mode():
    """The lab has the room: its box is 90 px, and 110 px on the projector (large type), each
    of one width whatever Bid says."""
    widths = dict(re.findall(r"\.bk-lab(\.bk-projector)? \.bk-bid-amount \{width: (\d+)px !important\}", LAB_STYLE))
    assert widths == {"": "90", ".bk-projector": "110"}, widths
