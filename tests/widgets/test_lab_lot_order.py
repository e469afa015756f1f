"""A split double pen's lot and its sale say the animals in one order (render_auction)."""

from __future__ import annotations

import re
from html import unescape

import pytest

from bluffkit.auctions import Auction
from bluffkit.widgets.render_auction import all_seeing_html, seat_html

NAMES = ["Ann", "Bo", "Cy", "Di"]


def _lines(html: str) -> list[str]:
    html = re.sub(r"<style>.*?</style>", "", html, flags=re.S).replace("</div>", "</div>\n")
    return [unescape(re.sub(r"<[^>]*>", "", x)).strip() for x in html.splitlines()]


def _said(lines, head):
    return next(x for x in lines if x.startswith(head))


@pytest.mark.parametrize("fmt, moves", [
    ("secret-count", ((1, "lay 10+10+10"), (2, "lay 10"), (3, "pass"), (0, "sell"))),
    ("secret-value", ((1, "bid 120"), (2, "bid 60"), (3, "pass"), (0, "sell"))),
])
def test_a_split_double_pens_lot_is_said_in_the_order_it_is_sold(fmt, moves):
    """Secret Count / Secret Value, a double pen of a goose and a cow set out in that order:
    the highest bid takes the more valuable animal (the cow), which is lot 1 of the sale
    ("buy 1"). The view said "Lot: the goose and the cow" over "Sold: lot 1: the cow ...;
    lot 2: the goose ...": the lot is now said in the sale's order, the cow first, from the
    first bid to the end, in a seat's view and the all-seeing one."""
    g = Auction.create(format=fmt, double=True)
    s = g.state_from_position(4, auctioneer=0, lot=["goose", "cow"])
    views = [seat_html(g, g.observe(s, 2), NAMES), all_seeing_html(g, s, NAMES)]
    for seat, move in moves:
        s = g.step(s, seat, move)
    assert s.phase in ("pay", "over"), s.phase
    for view in views + [seat_html(g, g.observe(s, 2), NAMES), all_seeing_html(g, s, NAMES)]:
        lines = _lines(view)
        assert _said(lines, "Lot:") == "Lot: the cow and the goose", lines
    sold = [x for x in _lines(all_seeing_html(g, s, NAMES)) if x.startswith("Sold:")]
    assert sold[0].startswith("Sold: lot 1: the cow to Bo") and sold[1].startswith("Sold: lot 2: the goose to Cy"), sold


def test_a_double_pen_sold_as_one_package_keeps_the_order_it_was_set_out_in():
    """Classic's double pen is one lot ("as a package"): nothing to order, said as set out."""
    g = Auction.create(format="classic", double=True)
    s = g.state_from_position(3, auctioneer=0, lot=["goose", "cow"])
    assert _said(_lines(all_seeing_html(g, s, NAMES[:3])), "Lot:").startswith("Lot: the goose and the cow ·")
