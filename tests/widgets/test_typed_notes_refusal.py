"""Notes typed with commas or spaces between them ("lay 0, 0", "lay 0 0 0") are no move:
the notation joins notes with + ("lay 0+0+10", bluffkit.core.money.parse). The refusal said
only "'0, 0' is not a note value"; it now shows the form that works."""

from __future__ import annotations

import re
from html import unescape

import pytest

from bluffkit.auctions import Auction
from bluffkit.core.errors import BluffkitError
from bluffkit.widgets.auction_lab import AuctionLab
from bluffkit.widgets.words import refusal


def _said(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", "", html))


@pytest.mark.parametrize("typed, shown", [("lay 0, 0", "lay 0+0"), ("lay 0 0 0", "lay 0+0+0"),
                                          ("lay 10,50", "lay 10+50")])
def test_the_labs_refusal_of_notes_typed_apart_shows_them_joined_with_plus(typed, shown):
    lab = AuctionLab(fmt="secret-count", bidders=3, human=1, right=False, seed=3)
    lab.play_move(typed)
    said = _said(lab.refusal.value)
    assert "is not a note value" in said and f"join notes with +: {shown}" in said, said
    lab.play_move(shown)                      # the form shown is one the notation reads
    assert "is not a note value" not in _said(lab.refusal.value)


def test_a_word_for_a_note_gets_an_example_in_the_games_notes():
    lab = AuctionLab(fmt="secret-count", bidders=3, human=1, right=False, seed=3)
    lab.play_move("lay ten")
    assert "join notes with +, e.g. lay 0+0+10" in _said(lab.refusal.value)


def test_other_refusals_say_nothing_of_plus():
    lab = AuctionLab(fmt="secret-count", bidders=3, human=1, right=False, seed=3)
    for typed in ("lay 7", "bid 18", "fly"):
        lab.play_move(typed)
        assert lab.refusal.value and "join notes" not in _said(lab.refusal.value), typed


def test_the_panels_refusal_in_words_shows_the_plus_form_too():
    """The table panels' refusals (Bidder Up!'s typed move, You're Bluffing!'s) go through
    :func:`bluffkit.widgets.words.refusal`."""
    g = Auction.create(format="secret-count")
    with pytest.raises(BluffkitError) as e:
        g.parse("lay 0, 10")
    said = refusal("Ben", "lay 0, 10", e.value, ["Ana", "Ben"])
    assert said.startswith("Ben can't play \u201clay 0, 10\u201d") and said.endswith("; join notes with +: lay 0+10"), said
