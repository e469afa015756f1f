"""Bidder Up!'s auction screens on a projector (1280 x 720), in several auction formats, for
a bidder and for the auctioneer: the newest line of What happened, under the seat's own farm
board, was below the screen on most of them (some 60 px below on an auctioneer's screen,
its farm board's tags on two lines under a prompt of four). Each case is a table played by
bots and random moves of Annette's until she is asked in an auction of that format, then
drawn once. Saves ``.tmp/screenshots/panel-bidder-up-projector-auction-<case>.png``.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from .conftest import LabServer, cut_buttons
from .test_bidder_up_play import _open_panel, _projected

pytestmark = pytest.mark.browser

#: Annette's table, asked in an auction of FORMAT (as the bidder, or as the auctioneer:
#: ROLE) from turn TURN on; the tiles lay the format out with a Count auction beside it [B].
ASKED = '''import numpy as np
from bluffkit.widgets import BidderUpTable
fmt, players, turn, role = FORMAT, PLAYERS, TURN, ROLE
count = "number-call" if players == 2 else "secret-count"
tiles = (fmt, "classic", "classic", "classic") if fmt in ("secret-count", "american-count", "number-call") \\
    else (fmt, count, "classic", "classic")
def asked(seed):
    t = BidderUpTable("animal-market", players=players, humans=[0], names=["Annette", "Daniel", "André", "Frank"][:players],
                      seed=seed, tiles=tiles)
    s, rng = t.session, np.random.default_rng(seed)
    for _ in range(4000):
        t.said += s.advance()
        if s.over:
            return None
        st, obs = s.state, s.observe(0)
        if (obs.auction is not None and obs.auction.legal and st.auction.rules.format == fmt and st.turn >= turn
                and (st.current == 0) == (role == "auctioneer")):
            t.refresh()
            return t
        t.said.append(s.play(s.legal(0).sample(rng), 0))
t = next(t for t in map(asked, range(30)) if t is not None)
t'''

CASES = [("american-count", 4, 12, "bidder"), ("secret-value", 4, 12, "auctioneer"),
         ("classic", 4, 12, "auctioneer"), ("number-call", 2, 12, "auctioneer")]


@pytest.mark.parametrize("fmt,players,turn,role", CASES, ids=[f"{c[0]}-{c[3]}" for c in CASES])
def test_the_newest_line_of_what_happened_is_on_the_projected_auction_screen(
        page: Page, lab_server: LabServer, fmt, players, turn, role):
    """The prompt, every move button, the heading and the newest line of What happened are on
    the screen (the notebook's visible area at 1280 x 720, the panel scrolled to its top):
    What happened comes right under the auction's moves, a few lines high, the seat's own
    farm board after it; no button is cut short."""
    code = ASKED.replace("FORMAT", repr(fmt)).replace("PLAYERS", str(players)) \
        .replace("TURN", str(turn)).replace("ROLE", repr(role))
    case = f"{fmt}-{role}"
    _open_panel(page, lab_server, f"panel-bidder-up-auction-{case}.ipynb", code)
    panel, fit = _projected(page, "Annette", f"panel-bidder-up-projector-auction-{case}.png")
    bottom = fit["area"]["bottom"] + 1
    assert fit["moves"], f"no move buttons: {fit}"
    for words, box in fit["moves"]:
        assert box["bottom"] <= bottom, f"the move button {words!r} is below the screen: {fit}"
    assert fit["prompt"] is not None and fit["prompt"]["bottom"] <= bottom, fit
    head = panel.locator(".bk-log b").first.bounding_box()
    assert head is not None and head["y"] + head["height"] <= bottom, f"What happened is below the screen: {head}"
    assert fit["newest"] is not None and fit["newest"]["bottom"] <= bottom, \
        f"the newest line of What happened is below the screen: {fit}"
    assert cut_buttons(panel) == [], "buttons cut short"


#: Annette's table at her own roll (turn 13, no auction), every other seat a bot.
OWN_ROLL = '''import numpy as np
from bluffkit.widgets import BidderUpTable
t = BidderUpTable("animal-market", players=4, humans=[0], names=["Annette", "Daniel", "André", "Frank"], seed=4)
s, rng = t.session, np.random.default_rng(4)
for _ in range(4000):
    t.said += s.advance()
    if s.state.turn >= 12 and s.observe(0).auction is None and s.state.current == 0 and t.screen == ("seat", 0):
        t.refresh()
        break
    t.said.append(s.play(s.legal(0).sample(rng), 0))
t'''


def test_out_of_an_auction_what_happened_keeps_every_line_on_the_projector(page: Page, lab_server: LabServer):
    """Out of an auction What happened stays under the seat's own farm board, every line of
    it shown (the turn before, and the seat's own last move and what came of it): the box
    three lines high that scrolls is the auction screens' alone. At her own roll Annette's
    What happened was cut to three lines, her bid in André's auction scrolled out of view."""
    _open_panel(page, lab_server, "panel-bidder-up-own-roll.ipynb", OWN_ROLL)
    panel, fit = _projected(page, "Annette", "panel-bidder-up-projector-own-roll.png")
    assert fit["moves"] == [], "Annette is asked in no auction"
    lines = panel.locator(".bk-log .bk-log-lines")
    hidden = lines.evaluate("e => e.scrollHeight - e.clientHeight") if lines.count() else 0
    assert hidden <= 1, f"What happened scrolls {hidden} px of its lines out of view out of an auction"
    assert "you" in panel.locator(".bk-log").first.inner_text(), "the seat's own last move is not in view"
