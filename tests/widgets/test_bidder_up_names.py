"""Bidder Up! on a projector with long player names (30 letters, with spaces or none): the
seat's own farm board's head, the auctioneer's prompt and What happened's line in bold keep
what a class needs on a 1280 x 720 screen, each name whole wherever a sentence says it (a
heading may cut it short, the whole in its tooltip). The positions themselves are measured
in tests/browser/test_bidder_up_long_names.py."""

from __future__ import annotations

import re
from html import unescape

import numpy as np
import pytest

from bluffkit.widgets import BidderUpTable
from bluffkit.widgets.bidder_up import _STYLE, bidding_run

LONG = "Annette Marie Wolkenstein-Haas"          # 30 letters and signs
SOLID = "Annettewolkensteinhabsburgerin"         # 30 letters, no space
OTHER = "Jeanbaptistedelafontainedupont"


def _card(farms: str, seat: int) -> str:
    start = farms.find(f'data-seat="{seat}"')
    return farms[start:] if start >= 0 else ""


def _text(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", "", html))


@pytest.mark.parametrize("name", [LONG, SOLID])
def test_the_own_farm_boards_head_says_the_name_once_on_a_projector(name):
    """Out of an auction, at her own roll, the head of Annette's farm board said her name
    twice ("Annette Marie Wolkenstein-Haas" and "▶ Annette Marie Wolkenstein-Haas's turn"),
    five lines of the controls' column with the file browser open: What happened began at
    669 px. On a projector the name is a heading on one line, cut short where it must be
    ("…", the whole in its tooltip), and the turn's mark says "▶ your turn"; off the
    projector the board is as the view draws it."""
    t = BidderUpTable(players=3, humans=[0], names=[name, "Daniel", "Ben"], seed=3)
    t.show.click()
    assert t.roll_button.layout.display is None, "her own roll"
    off = _card(t.farms.value, 0)
    assert f"▶ {name}'s turn" in off and "bk-farm-name" not in off
    t.projector.value = True
    own = _card(t.farms.value, 0)
    head = own[:own.find("</div>")]
    assert f'class="bk-farm-name" title="{name}"' in head, head
    assert ">▶ your turn</span>" in head and f"{name}'s turn</span>" not in head, head
    assert _text(head).count(name) == 1, "the name is said once in the head"
    assert name in _text(t.legal_text.value), "the prompt says the whole name"
    rule = re.search(r"\.bk-farm \.bk-farm-name \{([^}]*)\}", _STYLE)
    assert rule and "nowrap" in rule[1] and "ellipsis" in rule[1], "one line, cut with … on a projector"
    t.projector.value = False
    assert _card(t.farms.value, 0) == off


def test_a_run_of_bidding_says_each_name_once():
    """A run of bidding told in one said a long name twice ("Daniel, Jean Baptiste de la
    Fontaine and Frank bid up to 30, Frank highest; Daniel and Jean Baptiste de la Fontaine
    pass"), the line in bold five lines on a projector: the bidders who all passed but the
    highest are "the others"; any other passer is named."""
    lines = ["Daniel bids 10.", f"{OTHER} bids 20.", "Frank bids 30.", "Daniel passes.", f"{OTHER} passes."]
    said = bidding_run(lines, ["Daniel", OTHER, "Frank"])
    assert said == f"Daniel, {OTHER} and Frank bid up to 30, Frank highest; the others pass (5 moves)."
    assert said.count(OTHER) == 1
    # a passer who never bid, or one bidder passing: named
    assert bidding_run(["Ann bids 10.", "Ben bids 20.", "Cy passes."], ["Ann", "Ben", "Cy"]) == \
        "Ann and Ben bid up to 20, Ben highest; Cy passes (3 moves)."
    assert bidding_run(["Ann bids 10.", "Ben bids 20.", "Ann passes."], ["Ann", "Ben"]) == \
        "Ann and Ben bid up to 20, Ben highest; Ann passes (3 moves)."


def _auctioneer_asked(names, fmt="secret-value") -> BidderUpTable:
    """Annette's table, she the auctioneer of a FORMAT auction asked to sell or buy (turn 12
    on; the moves played on the session, the panel drawn once)."""
    for seed in range(30):
        t = BidderUpTable("animal-market", players=4, humans=[0], names=names, seed=seed,
                          tiles=(fmt, "secret-count", "classic", "classic"))
        s, rng = t.session, np.random.default_rng(seed)
        for _ in range(4000):
            t.said += s.advance()
            if s.over:
                break
            st, obs = s.state, s.observe(0)
            if (obs.auction is not None and obs.auction.legal and obs.auction.legal.refusals
                    and st.auction.rules.format == fmt and st.turn >= 12 and st.current == 0):
                t.refresh()
                return t
            t.said.append(s.play(s.legal(0).sample(rng), 0))
    raise AssertionError("Annette was never asked to sell or buy")


@pytest.mark.slow                                      # (some 0.5 s of a game played to the screen)
def test_the_auctioneers_prompt_on_a_projector_keeps_every_name_whole_and_short():
    """Annette, named with 30 letters and no space, holds a Secret Value auction that
    Jean-Baptiste won: on a projector with the file browser open the prompt took eleven lines
    (the box said "held by" her name on a line of its own, the ask her name again, and who pays
    whom in the prompt's 24 px type), her name ran past the column's edge, cut off, and What
    happened's newest line was at 712 px. On a projector the box says "held by you" (the ask
    under it names her), what Sell and Buy do is under the ask in the box's type (class
    ``bk-prompt-more``), every name whole there, and a name with no space breaks at the
    column's edge; off the projector the prompt is as before."""
    t = _auctioneer_asked([SOLID, "Daniel", OTHER, "Frank"])
    off = t.legal_text.value
    assert f"held by <b>{SOLID}</b>" in off and "bk-prompt-more" in off
    t.projector.value = True
    on = t.legal_text.value
    assert "held by <b>you</b>" in on and f"<b>{SOLID}</b>, you may: sell" in on
    more = re.search(r"<span class='bk-prompt-more'>(.*?)</span>", on)
    assert more and f"Sell: {OTHER} pays you" in _text(more[1]) and f"you pay {OTHER}" in _text(more[1])
    assert re.search(r"\.bk-projector \.bk-legal \.bk-prompt-more \{[^}]*display: block; font-size: 18px", _STYLE)
    assert re.search(r"\.bk-projector \.bk-bu-controls \{overflow-wrap: anywhere\}", _STYLE)
    t.projector.value = False
    assert t.legal_text.value == off
