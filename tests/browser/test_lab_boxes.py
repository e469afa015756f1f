"""The bid boxes in a real browser (1280 x 720): the stepper's buttons stay where they are while
a person types, in the auction lab, a You're Bluffing! table and Bidder Up!'s auction column,
with the Projector switch off and on, and Bid keeps the steps' line where it kept it.

Each case types, one after another, an empty box, "1", "12", "1600.5" and "99999999" (Bid's
words: "Bid 10 or more", "Bid 1", "Bid 12", "Bid a whole number", "Bid at most 4,360"). The
box grew into the room its line left, so that +10 and +50, after it, moved with each change of
Bid's words: up to 36 px in Bidder Up!'s column, 27 px on its projector.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .conftest import WAIT_MS, LabServer
from .test_bidder_up_play import MID_GAME, _open_panel
from .test_lab import BUTTONS, idle

pytestmark = pytest.mark.browser

TYPED = ["", "1", "12", "1600.5", "99999999"]

PANELS = {
    "lab": 'from bluffkit.widgets import AuctionLab\nAuctionLab(fmt="classic", bidders=3, human=1, seed=5)',
    "youre-bluffing": 'from bluffkit.widgets import TablePanel\nTablePanel("youre-bluffing", players=3, humans=[1], '
                      'names=["Ana", "Bo", "Cy"], seed=2, bots=[["auction", "sell"], None, ["pass"]])',
    "bidder-up": MID_GAME,
}

#: Each visible button of the bid box's row: its words, x and top (px).
ROW_JS = """row => [...row.querySelectorAll('button')].filter(b => b.offsetParent !== null)
    .map(b => [b.textContent.trim(), b.getBoundingClientRect().x, b.getBoundingClientRect().top])"""


def _typed_rows(page: Page, cell) -> list[list]:
    amount = cell.locator(".bk-bid-amount input").first
    row = amount.locator("xpath=ancestor::div[contains(@class,'widget-hbox')][1]")
    rows = []
    for typed in TYPED:
        amount.click()
        amount.fill(typed)
        amount.press("Tab")                  # the box sends its value on leaving it
        idle()
        page.wait_for_timeout(300)           # (Bid's new words laid out)
        rows.append(row.evaluate(ROW_JS))
    return rows


@pytest.mark.parametrize("panel", list(PANELS))
def test_the_steppers_buttons_stay_still_while_a_person_types(page: Page, lab_server: LabServer, panel):
    _open_panel(page, lab_server, f"lab-boxes-{panel}.ipynb", PANELS[panel])
    cell = page.locator(".jp-Notebook .jp-Cell").first
    expect(cell.locator(".bk-bid-amount input").first).to_be_visible(timeout=WAIT_MS)
    for projector in (False, True):
        if projector:
            cell.locator(BUTTONS).filter(has_text=re.compile(r"^\s*Projector\s*$")).first.click()
            expect(cell.locator(".bk-projector").first).to_be_visible(timeout=WAIT_MS)
            idle()
        cell.locator(".bk-bid-amount").first.evaluate("e => e.scrollIntoView({block: 'center'})")
        page.wait_for_timeout(300)
        rows = _typed_rows(page, cell)
        where = f"{panel}{' on the projector' if projector else ''}"
        steps = [{t: round(x, 1) for t, x, _ in row if re.fullmatch(r"[+\u2212]\d*", t)} for row in rows]
        assert len(steps[0]) in (2, 4), f"{where}: the step buttons not found: {rows[0]}"
        assert all(s == steps[0] for s in steps), \
            f"{where}: the step buttons moved as {TYPED} were typed: {steps}"
        # a bid of four digits (Bidder Up!'s money runs to thousands) shows whole in the box
        amount = cell.locator(".bk-bid-amount input").first
        amount.fill("4360")
        cut = amount.evaluate("e => e.scrollWidth - e.clientWidth")
        assert cut <= 0, f"{where}: the box cuts {cut} px off '4360'"
        if panel == "bidder-up" and not projector:
            # the old fault: "Bid at most 4,360" under the steps, where "Bid 30" stood beside them
            for typed, row in zip(TYPED, rows):
                top = {t: y for t, _, y in row}
                bid = next(t for t in top if t.startswith("Bid"))
                assert abs(top[bid] - top["\u221250"]) < 2, f"{where}: {bid!r} ({typed!r}) under the steps: {row}"
