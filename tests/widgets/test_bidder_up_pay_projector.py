"""Bidder Up!'s payment for a lot won [D] on a projector: the notes to pay with, "Choose for
me" and Pay packed under the prompt (the table's projector styles), the controls' column
left at its width so that the board beside it keeps its own."""

from __future__ import annotations

import re

import ipywidgets as W
import numpy as np
import pytest

from bluffkit.widgets import BidderUpTable
from bluffkit.widgets.bidder_up import _STYLE


def _rules(style: str) -> list[tuple[str, str]]:
    """The (selector, declarations) of each rule of a ``<style>`` text."""
    body = re.sub(r"</?style>", "", style)
    return [(sel.strip(), decl) for sel, decl in re.findall(r"([^{}]+)\{([^{}]*)\}", body)]


def test_paying_on_a_projector_does_not_widen_the_controls_column():
    """While a seat pays for a lot won [D] the controls' column keeps its width: widened to
    430 px, it narrowed the board beside it from 509 px to 418 on a 1280 x 720 screen with
    JupyterLab's file browser open. The notes, Pay and What happened fit the column as it is."""
    paying = [(sel, decl) for sel, decl in _rules(_STYLE) if "bk-notes-pay" in sel]
    assert paying, "no projector style for the payment's notes"
    widened = [sel for sel, decl in paying if "bk-bu-controls" in sel and "min-width" in decl]
    assert widened == [], f"the controls' column is widened while paying: {widened}"
    shrunk = [sel for sel, decl in paying if "flex-shrink: 1" in decl]
    assert shrunk == [], f"the board is let shrink while paying: {shrunk}"


def _paying(seed: int = 0) -> BidderUpTable:
    """Annette's table, bots and her random moves played until she pays for a lot she won in
    a Classic auction [D]."""
    t = BidderUpTable("animal-market", players=4, humans=[0], names=["Annette", "Daniel", "André", "Frank"],
                      seed=seed, tiles=("classic", "secret-count", "classic", "classic"))
    s, rng = t.session, np.random.default_rng(seed)
    for _ in range(4000):
        t.said += s.advance()
        a = s.observe(0).auction
        if a is not None and a.legal and a.legal.pay:
            t.refresh()
            return t
        t.said.append(s.play(s.legal(0).sample(rng), 0))
    raise AssertionError("Annette never paid for a lot")


@pytest.mark.slow                      # (some 0.2 s: the game played to a payment)
def test_the_pay_row_is_the_notes_then_pay_and_choose_for_me():
    """The payment's picker as the projector styles lay it out: the notes (toggles), then one
    row of Pay and "Choose for me", in that order (the styles put "Choose for me" after the
    last note and Pay across the column under them)."""
    t = _paying()
    t.projector.value = True
    pickers = [w for w in t.auction_moves.children if "bk-notes-pay" in getattr(w, "_dom_classes", ())]
    assert len(pickers) == 1, t.auction_moves.children
    words, notes, buttons = pickers[0].children
    assert isinstance(words, W.HTML)
    assert notes.children and all("bk-note" in n._dom_classes for n in notes.children)
    said = [b.description for b in buttons.children]
    assert len(said) == 2 and said[0].startswith("Pay ") and said[1] == "Choose for me", said
