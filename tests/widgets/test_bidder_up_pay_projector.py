"""Bidder Up!'s payment for a lot won [D] on a projector: the notes to pay with, "Choose for
me" and Pay packed under the prompt (the table's projector styles), the controls' column
left at its width so that the board beside it keeps its own."""

from __future__ import annotations

import re

import ipywidgets as W
import numpy as np
import pytest

from bluffkit.widgets import BidderUpTable
from bluffkit.widgets.bidder_up import _STYLE, _cut_names


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


def _paying(seed: int = 0, names=("Annette", "Daniel", "André", "Frank")) -> BidderUpTable:
    """Annette's table (its players ``names``), bots and her random moves played until she pays
    for a lot she won in a Classic auction [D]."""
    t = BidderUpTable("animal-market", players=4, humans=[0], names=list(names),
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


def test_a_long_name_is_cut_in_the_words_only_its_whole_in_the_tooltip():
    """:func:`_cut_names` puts each name of more than 12 letters of the words (not of a tag's
    attributes) in a ``bk-name-cut`` span, the whole name its tooltip; the longest name first
    (one name inside another's is not cut twice), a short name as it was, the words the same.
    The span shows the name's first 10 letters (a space at their end left out), the rest in a
    ``bk-name-rest`` span within it, which the projector's style takes off the screen (a
    screen reader still says it) and replaces by "…": cut by the browser at 8em, the name
    kept its 8em whatever was left of it, a gap after the "…"."""
    long, longer = "Annette Marie Wolkenstein", "Annette Marie Wolkenstein-Haas"
    html = (f"<div title='{long}'><b>{longer}</b> owes {long} 60. Daniel's turn; "
            f"O&#x27;Brien-Wolkensteinhaas pays.</div>")
    cut = _cut_names(html, [longer, "Daniel", long, "O'Brien-Wolkensteinhaas"])
    spans = re.findall(r"<span class='bk-name-cut' title='([^']*)'>([^<]*)"
                       r"<span class='bk-name-rest'>([^<]*)</span></span>", cut)
    assert spans == [(longer, "Annette Ma", "rie Wolkenstein-Haas"), (long, "Annette Ma", "rie Wolkenstein"),
                     ("O&#x27;Brien-Wolkensteinhaas", "O&#x27;Brien-Wo", "lkensteinhaas")], cut
    spaced = _cut_names("Ana Maria Schmidt pays.", ["Ana Maria Schmidt"])
    assert "title='Ana Maria Schmidt'>Ana Maria<span class='bk-name-rest'> Schmidt</span>" in spaced, spaced
    assert cut.startswith(f"<div title='{long}'>"), "a name is cut inside a tag"
    assert re.sub(r"<[^>]*>", "", cut) == re.sub(r"<[^>]*>", "", html), "the words changed"
    assert _cut_names(html, ["Daniel", "Frank"]) == html


def test_a_long_name_is_cut_while_paying_on_a_projector_only():
    """On a projector, while the seat pays for a lot won [D], a cut name (``bk-name-cut``) is
    no wider than 8em, "…" where it is cut: with four names of 30 letters and the file browser
    open, What happened's newest line ended at 714-729 px, below the notebook's 690 px (at
    1,089-1,140 px with names of 80 letters). No such rule off the projector or out of a payment."""
    cut = [(sel, decl) for sel, decl in _rules(_STYLE) if "bk-name-cut" in sel]
    assert cut and all("bk-projector" in sel and "bk-notes-pay" in sel for sel, _ in cut), cut
    decl = " ".join(d for _, d in cut)
    assert "text-overflow: ellipsis" in decl and "max-width: 8em" in decl and "nowrap" in decl, decl
    assert any(sel.endswith(".bk-name-cut::after") and "content: '\u2026'" in d for sel, d in cut), cut
    rest = [d for sel, d in _rules(_STYLE) if sel.endswith(".bk-name-rest") and "bk-notes-pay" in sel]
    assert rest and "position: absolute" in rest[0] and "clip: rect(0 0 0 0)" in rest[0], cut


LONG_NAMES = ["Annette Marie Wolkenstein-Haas", "Danielwolkensteinhabsburgerinx", "André Jean Baptiste Delafontai",
              "Frank Peter Hohenberg-Stauffen"]


@pytest.mark.slow                      # (some 0.3 s: the game played to a payment)
def test_paying_with_long_names_on_a_projector_the_names_are_cut_in_the_prompt_and_what_happened():
    """Annette pays on the projector, every name 30 letters long: each name in the prompt (the
    auction's box) and What happened is in a ``bk-name-cut`` span, its tooltip the whole name;
    the Pay button says the payee's whole name; off the projector no name is cut."""
    t = _paying(names=LONG_NAMES)
    assert "bk-name-cut" not in t.legal_text.value + t.events.value
    t.projector.value = True
    for part in (t.legal_text.value, t.events.value):
        bare = re.sub(r"<span class='bk-name-cut' title='[^']*'>[^<]*<span class='bk-name-rest'>[^<]*</span></span>",
                      "", part)
        assert "bk-name-cut" in part and not any(n in bare for n in LONG_NAMES), part
    pay = next(b for b in t.auction_moves.children[0].children[2].children if b.description.startswith("Pay "))
    assert any(n in pay.description for n in LONG_NAMES), pay.description
    t.projector.value = False
    assert "bk-name-cut" not in t.legal_text.value + t.events.value
