"""Bidder Up! on a projector (1280 x 720) with players' names of 30 letters, with spaces and
without: the auctioneer's screen and the seat's own roll, with JupyterLab's file browser
folded and open. Measured before: the auctioneer's prompt took eleven lines and What
happened's newest line ended at 710-712 px (the notebook shows down to 690 px), a name with
no space ran past the column's edge, cut off; at her own roll the head of her farm board
took five lines and What happened began at 669 px, its newest line at 756 px. Paying for a
lot won with 16 notes, all four names 30 letters long, What happened's newest line ended at
616-636 px with the file browser folded and 729-795 px with it open. Saves
``.tmp/screenshots/panel-bidder-up-projector-long-names-<case>.png``.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page

from .conftest import SCREENSHOTS, LabServer, show_file_browser
from .test_bidder_up_auction_projector import ASKED, OWN_ROLL, WANTED, _all_on_screen
from .test_bidder_up_play import PARTS_JS, _open_panel, _projected

pytestmark = pytest.mark.browser

LONG = "Annette Marie Wolkenstein-Haas"
SOLID = "Annettewolkensteinhabsburgerin"
OTHER = "Jeanbaptistedelafontainedupont"

#: The controls' parts whose words run past the column's edge (a name with no space, cut off).
CUT_JS = """e => [...e.querySelectorAll('.bk-bu-controls .bk-legal, .bk-bu-controls .bk-log')]
  .filter(x => x.scrollWidth > x.clientWidth + 1).map(x => x.className)"""


def _both_states(page: Page, panel: Locator, case: str, check) -> None:
    """``check(panel, fit, where)`` with the file browser folded, then open (the screenshots
    ``...-<case>.png`` and ``...-<case>-files.png``); the file browser folded again after."""
    try:
        for files in (False, True):
            show_file_browser(page, files)
            panel.evaluate("e => e.scrollIntoView({block: 'start'})")
            page.wait_for_timeout(300)
            where = f"{case}{'-files' if files else ''}"
            page.screenshot(path=str(SCREENSHOTS / f"panel-bidder-up-projector-long-names-{where}.png"))
            check(panel, panel.evaluate(PARTS_JS), where)
    finally:
        show_file_browser(page, False)


@pytest.mark.parametrize("fmt", ["classic", "secret-value"])
def test_an_auctioneer_named_with_30_letters_on_the_projector(page: Page, lab_server: LabServer, fmt):
    """Annette ("Annettewolkensteinhabsburgerin") holds the auction, a bidder as long-named
    won it: the prompt, Sell and Buy, the whole newest line of What happened and her notes
    are on the screen in both file-browser states, and no name runs past the column's edge."""
    names = [SOLID, "Daniel", OTHER, "Frank"]
    code = ASKED.replace("FORMAT", repr(fmt)).replace("PLAYERS", "4").replace("TURN", "12") \
        .replace("ROLE", repr("auctioneer")).replace("WHO", repr(names))
    _open_panel(page, lab_server, f"panel-bidder-up-long-names-{fmt}.ipynb", code)
    panel, _ = _projected(page, "Annette", f"panel-bidder-up-projector-long-names-{fmt}.png")

    def check(panel: Locator, fit: dict, where: str) -> None:
        _all_on_screen(panel, fit, where)
        assert panel.evaluate(CUT_JS) == [], f"{where}: words run past the controls' column"
        assert SOLID in panel.locator(".bk-legal").first.inner_text().replace("\n", ""), \
            f"{where}: the prompt does not say her whole name"
    _both_states(page, panel, fmt, check)


def test_her_own_roll_named_with_30_letters_on_the_projector(page: Page, lab_server: LabServer):
    """At her own roll, out of an auction, the head of Annette's farm board ("Annette Marie
    Wolkenstein-Haas" and "▶ Annette Marie Wolkenstein-Haas's turn") took five lines: on the
    projector it takes two at most, her name whole in its tooltip, and What happened's
    heading and newest line are on the screen in both file-browser states."""
    code = OWN_ROLL.replace('names=["Annette", "Daniel", "André", "Frank"]',
                            f'names={[LONG, "Daniel", "André", "Frank"]!r}')
    _open_panel(page, lab_server, "panel-bidder-up-long-names-roll.ipynb", code)
    panel, _ = _projected(page, "Annette", "panel-bidder-up-projector-long-names-roll.png")

    def check(panel: Locator, fit: dict, where: str) -> None:
        bottom = fit["area"]["bottom"] + 1
        name = panel.locator(".bk-bu-farms .bk-farm-name").first
        assert name.get_attribute("title") == LONG, f"{where}: the whole name is not in the tooltip"
        lines = panel.locator(".bk-bu-farms .bk-farm[data-seat='0'] > div").first.evaluate(
            "e => e.getBoundingClientRect().height")
        assert lines <= 70, f"{where}: the head of her farm board is {lines:.0f} px high (two lines: 62)"
        head = panel.locator(".bk-log b").first.bounding_box()
        assert head is not None and head["y"] + head["height"] <= bottom, f"{where}: What happened is below: {head}"
        assert fit["newest"] is not None and fit["newest"]["bottom"] <= bottom, \
            f"{where}: the newest line of What happened is below the screen ({bottom}): {fit}"
        assert fit["prompt"] is not None and fit["prompt"]["bottom"] <= bottom, f"{where}: {fit}"
    _both_states(page, panel, "roll", check)


#: Four names of 30 letters, with spaces and without (Annette pays Daniel)
ALL_LONG = [LONG, "Danielwolkensteinhabsburgerinx", "André Jean Baptiste Delafontai", "Frank Peter Hohenberg-Stauffen"]

#: The cut names (bk-name-cut) of the prompt and What happened: their tooltips and widths
CUT_NAMES_JS = """e => [...e.querySelectorAll('.bk-bu-controls :is(.bk-legal, .bk-log) .bk-name-cut')]
  .map(x => [x.title, x.textContent, x.getBoundingClientRect().width, parseFloat(getComputedStyle(x).fontSize)])"""

#: The cut names whose box holds more than it shows: cut by the browser at 8em, the box kept
#: its 8em whatever of the name was left, a gap after the "…"
GAP_JS = """e => [...e.querySelectorAll('.bk-bu-controls :is(.bk-legal, .bk-log) .bk-name-cut')]
  .filter(x => x.scrollWidth > x.clientWidth + 1).map(x => [x.title, x.scrollWidth, x.clientWidth])"""


def test_paying_with_four_names_of_30_letters_on_the_projector(page: Page, lab_server: LabServer):
    """Annette pays Daniel for the lot she won [D] with 16 notes, all four names 30 letters
    long: the auction's box, the prompt and What happened said each name whole some eight
    times, and What happened's newest line ended at 750 px with the file browser open, below
    the notebook's 690 px. On the projector each
    name there is cut to its first letters and "…" (8em at most), as wide as what it shows (cut
    by the browser at 8em, it kept its 8em, a gap after the "…"), the whole name in its tooltip; the notes,
    Pay, "Choose for me", the prompt and the whole newest line are on the screen in both
    file-browser states, and the board keeps its width (509 px with the file browser open)."""
    code = WANTED.replace("FORMAT", repr("classic")).replace("TURN", "0").replace("AFTER", "").replace("FIRST", "0") \
        .replace("WANT", "a.legal.pay and sum(a.hand) == 16").replace("WHO", repr(ALL_LONG))
    _open_panel(page, lab_server, "panel-bidder-up-long-names-pay.ipynb", code)
    panel, _ = _projected(page, "Annette", "panel-bidder-up-projector-long-names-pay.png")

    def check(panel: Locator, fit: dict, where: str) -> None:
        bottom = fit["area"]["bottom"] + 1
        _all_on_screen(panel, fit, where)
        said = [words for words, _ in fit["moves"]]
        assert any(w.startswith("Pay ") for w in said) and "Choose for me" in said, said
        notes = panel.evaluate("e => [...e.querySelectorAll('.bk-bu-auction button.bk-note')]"
                               ".filter(b => b.offsetParent !== null).map(b => b.getBoundingClientRect().bottom)")
        assert len(notes) == 16 and max(notes) <= bottom, f"{where}: a note is below the screen: {notes}, {bottom}"
        board = panel.locator("svg[aria-label$=' board']").first.bounding_box()
        assert board is not None and board["width"] >= 500, f"{where}: the board is narrowed: {board}"
    _both_states(page, panel, "pay", check)
    cut = panel.evaluate(CUT_NAMES_JS)
    assert set(ALL_LONG[:2]) <= {t for t, _, _, _ in cut} <= set(ALL_LONG), cut
    assert all(t == words and w <= 8 * size + 1 for t, words, w, size in cut), cut
    assert panel.evaluate(GAP_JS) == [], "a cut name is wider than what it shows (a gap after its \u2026)"
