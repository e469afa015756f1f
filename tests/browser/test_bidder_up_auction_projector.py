"""Bidder Up!'s auction screens on a projector (1280 x 720), in several auction formats, for
a bidder and for the auctioneer: the newest line of What happened, under the seat's own farm
board, was below the screen on most of them (some 60 px below on an auctioneer's screen,
its farm board's tags on two lines under a prompt of four). Each case is a table played by
bots and random moves of Annette's until she is asked in an auction of that format, then
drawn once. Saves ``.tmp/screenshots/panel-bidder-up-projector-auction-<case>.png``.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from .conftest import SCREENSHOTS, WAIT_MS, LabServer, cut_buttons, show_file_browser
from .test_bidder_up_play import IDLE, PARTS_JS, _open_panel, _projected
from .test_lab import BUTTONS

pytestmark = pytest.mark.browser

#: Annette's table, asked in an auction of FORMAT (as the bidder, or as the auctioneer:
#: ROLE) from turn TURN on, the players named WHO; the tiles lay the format out with a Count
#: auction beside it [B].
ASKED = '''import numpy as np
from bluffkit.widgets import BidderUpTable
fmt, players, turn, role, NAMES = FORMAT, PLAYERS, TURN, ROLE, WHO
count = "number-call" if players == 2 else "secret-count"
tiles = (fmt, "classic", "classic", "classic") if fmt in ("secret-count", "american-count", "number-call") \\
    else (fmt, count, "classic", "classic")
def asked(seed):
    t = BidderUpTable("animal-market", players=players, humans=[0], names=NAMES[:players],
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

#: The players of the notebook's table; and with a long name of a class (André's, 28 letters
#: and spaces: a run of bidding told in one that names him took five lines)
CLASS = ["Annette", "Daniel", "André", "Frank"]
LONG_NAMES = ["Annette", "Daniel", "Jean Baptiste de la Fontaine", "Frank"]

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
        .replace("TURN", str(turn)).replace("ROLE", repr(role)).replace("WHO", repr(CLASS))
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
    assert _notes_on_screen(fit), f"the seat's notes are not on the screen: {fit}"
    assert fit["farm"] is None or fit["farm"]["bottom"] <= bottom, f"the seat's farm board is cut: {fit}"
    assert cut_buttons(panel) == [], "buttons cut short"


def _notes_on_screen(fit: dict) -> bool:
    """The seat's notes, by value, on the screen: its farm board's Notes row, or the line under
    the board that names them ("6 notes (0 ×2, 50 ×3, 200 ×1), total 350"): on most
    auctioneers' screens the Notes row was below the screen, and the line told only how many
    notes and their total (no change is given: a bid is made knowing which notes one holds)."""
    bottom = fit["area"]["bottom"] + 1
    row = fit["notes"] is not None and fit["notes"]["bottom"] <= bottom
    own = fit["own"]
    return row or (own is not None and own["bottom"] <= bottom and re.search(r"\d notes? \(\d", own["text"]) is not None)


@pytest.mark.parametrize("fmt,players,turn,role", CASES[1:], ids=[f"{c[0]}-{c[3]}" for c in CASES[1:]])
def test_an_auctioneers_screen_with_the_file_browser_open(page: Page, lab_server: LabServer, fmt, players, turn, role):
    """An auctioneer's screen on the projector with JupyterLab's file browser open (the
    controls' column some 335 px wide): the prompt took four to six lines, and her farm
    board's Notes row was 60-190 px below the screen, the board cut at the screen's foot; in
    the Classic auction the turn's head took two lines ("Turn 21, now: Annette's turn (yours)")
    and What happened's box of three lines showed it and "... 1 line left out", the line in
    bold (three lines) scrolled out of its view. The prompt, every move, the whole newest line
    and her notes by value (the line under the board) are on the screen, her farm board folded
    (not cut), her own turn's head one line; with another player's long name too."""
    code = ASKED.replace("FORMAT", repr(fmt)).replace("PLAYERS", str(players)) \
        .replace("TURN", str(turn)).replace("ROLE", repr(role)).replace("WHO", repr(LONG_NAMES))
    case = f"{fmt}-{role}-files"
    _open_panel(page, lab_server, f"panel-bidder-up-auction-{case}.ipynb", code)
    try:
        panel, _ = _projected(page, "Annette", f"panel-bidder-up-projector-auction-{case}.png")
        show_file_browser(page, True)
        panel.evaluate("e => e.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(300)
        page.screenshot(path=str(SCREENSHOTS / f"panel-bidder-up-projector-auction-{case}.png"))
        _all_on_screen(panel, panel.evaluate(PARTS_JS), case)
        head = panel.locator(".bk-log .bk-log-turn").filter(has_text="your turn").first
        lines = head.evaluate("e => e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight)")
        assert lines < 1.5, f"{case}: the head of her own turn takes {lines:.1f} lines"
    finally:
        show_file_browser(page, False)


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


#: Annette's table (the players named WHO), FORMAT's tile beside a Secret Count (a Classic
#: beside a Secret Count), played by bots and random moves of Annette's until she is a bidder in an auction of FORMAT
#: from turn TURN on and WANT holds of her view of the auction ``a`` (the seeds from FIRST on,
#: the first of them the one that comes to it); then AFTER, and the panel drawn once.
WANTED = '''import numpy as np
from bluffkit.widgets import BidderUpTable
fmt, turn = FORMAT, TURN
def asked(seed):
    t = BidderUpTable("animal-market", players=4, humans=[0], names=WHO,
                      seed=seed, tiles=(fmt, "secret-count", "classic", "classic"))
    s, rng = t.session, np.random.default_rng(seed)
    for _ in range(4000):
        t.said += s.advance()
        if s.over:
            return None
        st, obs = s.state, s.observe(0)
        a = obs.auction
        if a is not None and a.legal and st.auction.rules.format == fmt and st.turn >= turn and st.current != 0 \\
                and WANT:
            t.refresh()
            return t
        t.said.append(s.play(s.legal(0).sample(rng), 0))
t = next(t for t in map(asked, range(FIRST, 30)) if t is not None)
AFTER
t'''


def _with_files(page: Page, server: LabServer, case: str, want: str, fmt: str, turn: int = 0, after: str = "",
                then=None, first: int = 0, names=tuple(CLASS)) -> tuple[Locator, dict]:
    """Annette's table of :data:`WANTED` (its players ``names``) on the projector, JupyterLab's
    file browser open (as a teacher leaves it: the notebook some 250 px narrower), ``then(panel)`` done; its
    screenshot saved as ``panel-bidder-up-projector-<case>.png``; the panel and the boxes of
    its parts (:data:`PARTS_JS`). The caller folds the file browser again."""
    code = WANTED.replace("FORMAT", repr(fmt)).replace("TURN", str(turn)).replace("WANT", want) \
        .replace("AFTER", after).replace("FIRST", str(first)).replace("WHO", repr(list(names)))
    _open_panel(page, server, f"panel-bidder-up-{case}.ipynb", code)
    panel, _ = _projected(page, "Annette", f"panel-bidder-up-projector-{case}.png")
    show_file_browser(page, True)
    if then is not None:
        then(panel)
    expect(page.locator(IDLE)).to_have_count(1, timeout=WAIT_MS)
    panel.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    page.screenshot(path=str(SCREENSHOTS / f"panel-bidder-up-projector-{case}.png"))
    return panel, panel.evaluate(PARTS_JS)


#: How far the newest line of What happened, the whole of it (a run of bidding told in one
#: took three lines in bold), ends above the foot of its box of lines: below 0, it is out of
#: the box's view (a box three lines high scrolled it there on an auction screen); and how
#: far the box scrolls (a class cannot scroll).
NEWEST_IN_BOX_JS = """e => { const n = e.querySelector(".bk-log div[style*='padding-left'] > b");
  const box = n && n.closest('.bk-log-lines');
  if (!box) return null;
  return [box.getBoundingClientRect().bottom - n.getBoundingClientRect().bottom, box.scrollHeight - box.clientHeight]; }"""


def _all_on_screen(panel: Locator, fit: dict, where: str) -> None:
    """The prompt, every move button and the newest line of What happened, the whole of it,
    on the screen (and in its box's view, which does not scroll), no button cut short, and
    the seat's own farm board folded or whole on the screen (it was cut at the screen's foot)."""
    bottom = fit["area"]["bottom"] + 1
    assert fit["moves"], f"{where}: no move buttons: {fit}"
    for words, box in fit["moves"]:
        assert box["bottom"] <= bottom, f"{where}: the move button {words!r} is below the screen: {fit}"
    assert fit["prompt"] is not None and fit["prompt"]["bottom"] <= bottom, f"{where}: {fit}"
    assert fit["newest"] is not None and fit["newest"]["bottom"] <= bottom, \
        f"{where}: the newest line of What happened is below the screen (it ends at {bottom}): {fit}"
    seen = panel.evaluate(NEWEST_IN_BOX_JS)
    assert seen is not None and seen[0] >= -1 and seen[1] <= 1, \
        f"{where}: the newest line of What happened is out of its box's view, or the box scrolls: {seen}"
    assert _notes_on_screen(fit), f"{where}: the seat's notes are not on the screen: {fit}"
    assert fit["farm"] is None or fit["farm"]["bottom"] <= bottom, f"{where}: the seat's farm board is cut: {fit}"
    assert cut_buttons(panel) == [], f"{where}: buttons cut short"


#: The players of a table whose names have no spaces, 30 letters each but Annette's (in the
#: Classic case below André, 28 notes in Annette's hand, is paid)
NO_SPACES = ["Annette", "Danielwolkensteinhabsburgerinx", "Andrewolkensteinhabsburgerinxy",
             "Frankwolkensteinhabsburgerinxy"]


#: and of names of 80 letters, the longest a name may be (``bluffkit.core.logfiles.MAX_NAME``),
#: André's, whom Annette pays in the Classic case below, with no spaces
LONGEST = [(first + rest)[:80] for first, rest in (
    ("Annette", " Marie Wolkenstein-Haas von und zu Hohenberg-Stauffenberg Delafontaine Dupontel"),
    ("Daniel", " Jean Wolkenstein-Haas von und zu Hohenberg-Stauffenberg Delafontaine Dupontelle"),
    ("Andre", "wolkensteinhabsburgerinhohenbergstauffenbergdelafontainedupontelmaximilianaxxxxxxx"),
    ("Frank", " Peter Wolkenstein-Haas von und zu Hohenberg-Stauffenberg Delafontaine Dupontelle"))]


@pytest.mark.parametrize("fmt,first,names", [("classic", 0, LONGEST), ("dutch", 2, CLASS), ("cat-in-the-bag", 12, CLASS)],
                         ids=["classic", "dutch", "cat-in-the-bag"])
def test_paying_with_15_notes_or_more_keeps_what_happened_on_the_projector(page: Page, lab_server: LabServer, fmt,
                                                                           first, names):
    """Annette pays for the lot she won holding 15 notes or more, on the projector with the
    file browser open: her notes took three rows, Pay two lines, and the newest line of What
    happened ended at 731-752 px, below the notebook's 690 px (in the Classic auction with 28
    notes and every name 80 letters long, the payee's with no spaces, the notes ended at 726 px,
    Pay at 813 and the newest line at 1,095: the names there are cut now). Every note, Pay,
    the prompt and the newest line of What happened are on the screen, and the board keeps its
    width: the controls' column widened to 430 px while paying narrowed it from 509 px to 418."""
    try:
        panel, fit = _with_files(page, lab_server, f"pay-{fmt}", "a.legal.pay and sum(a.hand) >= 15", fmt,
                                 first=first, names=names)
        bottom = fit["area"]["bottom"] + 1
        board = panel.locator("svg[aria-label$=' board']").first.bounding_box()
        assert board is not None and board["width"] >= 500, f"the board is narrowed while paying: {board}"
        notes = panel.evaluate("e => [...e.querySelectorAll('.bk-bu-auction button.bk-note')]"
                               ".filter(b => b.offsetParent !== null).map(b => b.getBoundingClientRect().bottom)")
        assert len(notes) >= 15 and max(notes) <= bottom, f"a note is below the screen: {notes}, {bottom}"
        assert any(re.match(r"Pay\b", words) for words, _ in fit["moves"]), fit["moves"]
        _all_on_screen(panel, fit, f"paying in {fmt}")
    finally:
        show_file_browser(page, False)


#: (format, the screen wanted, what the notebook does then, the button Annette clicks): a bid
#: of 2,000 in a Classic auction; the Dutch auction's count above the notes she holds.
QUESTIONS = [("classic", "a.legal.bid is not None", "t.auction_moves.amount.value = 2000",
              r"^\s*Bid\s2,?000"),
             ("dutch", "a.phase == 'bid' and a.count > sum(a.hand)", "", r"^\s*Take it")]


@pytest.mark.parametrize("fmt,want,after,button", QUESTIONS, ids=[q[0] for q in QUESTIONS])
def test_the_question_before_a_bid_above_ones_money_fits_the_projector(
        page: Page, lab_server: LabServer, fmt, want, after, button):
    """A bid above the money Annette holds (a Take in the Dutch auction at a count above her
    notes) asks her first whether she means it (YB "Not Enough Money?", the booklet's rule
    for Bidder Up!'s auctions): on the projector, in the message's large bold type, the
    question took some eight lines of the controls' column, What happened began at
    675-690 px, and in the Dutch auction the question's last word was cut at the screen's
    foot. With the file browser open the whole question, the prompt, every move button and
    the newest line of What happened are on the screen."""
    def ask(panel: Locator) -> None:
        panel.locator(BUTTONS).filter(has_text=re.compile(button)).first.click()
        expect(panel.locator(".bk-refusal")).to_contain_text("anyway", timeout=WAIT_MS)

    try:
        panel, fit = _with_files(page, lab_server, f"question-{fmt}", want, fmt, 12, after, ask)
        bottom = fit["area"]["bottom"] + 1
        question = panel.locator(".bk-refusal").first.bounding_box()
        assert question is not None and question["y"] + question["height"] <= bottom, \
            f"the question goes below the screen: {question}, the screen ends at {bottom}"
        _all_on_screen(panel, fit, f"the question in {fmt}")
    finally:
        show_file_browser(page, False)
