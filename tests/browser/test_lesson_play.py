"""A lesson's class activity in a real browser: lesson 02 (second-price auctions) opened in
JupyterLab in headless Chromium, every cell run, and its hot seat played by clicking: the
auction lab's "You play" seat bids its own value (the lesson's dominant strategy) in a
Second Hand auction, pays if it wins, and the payoffs are shown.

The lesson notebook is copied into the server's own folder (JupyterLab autosaves; the
tracked lesson notebook is an nbval reference). Screenshots go to .tmp/screenshots/.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from bluffkit import lessons as L

from .conftest import WAIT_MS, LabServer, cut_buttons, serve_cells
from .test_lab import BUTTONS, cell_of, idle, open_and_run_all, save_screenshot, soon

pytestmark = pytest.mark.browser

LESSON = "02-second-price"
NOTEBOOK = f"lesson-{LESSON}.ipynb"
PROJECTOR = {"width": 1280, "height": 720}


def exact(text: str) -> re.Pattern:
    return re.compile(rf"^\s*{re.escape(text)}\s*$")


def test_a_student_plays_the_lessons_hot_seat(page: Page, lab_server: LabServer):
    # The lesson's text and its hot-seat cell; its simulations and charts are nbval's to run.
    # the class gets new values each run; the test the values of a known seed
    serve_cells(lab_server, L.source_of(L.ROOT / LESSON).with_suffix(".ipynb"), NOTEBOOK, "AuctionLab(", {"right=False)": "right=False, seed=7)"})
    page.set_viewport_size(PROJECTOR)
    open_and_run_all(page, lab_server, NOTEBOOK)

    # The lesson's text is there, with the teacher's notes (this is the teacher's notebook).
    headings = page.locator(".jp-RenderedMarkdown h2")
    for title in L.SECTIONS:                  # JupyterLab adds an anchor (¶) to each heading
        expect(headings.filter(has_text=re.compile(rf"^\s*{re.escape(title)}\W*$"))).to_have_count(1)
    expect(page.locator(".jp-Notebook")).to_contain_text("Hot seat (5 min)")

    # The hot seat: the auction lab of the Activity section, bidder 1 is "you".
    labs = page.locator(".bk-lab")
    expect(labs).to_have_count(1, timeout=WAIT_MS)
    cell = cell_of(page, labs.first)
    lab = cell.locator(".bk-lab").first
    projector = cell.locator(BUTTONS).filter(has_text=exact("Projector"))
    soon(lambda t: expect(lab).to_contain_text("Your move, Bidder 1 (you)", timeout=t))
    # As a teacher who scrolled to the lab's settings: the note above the lab on screen.
    lab.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.evaluate(f"{SCROLLER}.scrollTop -= 300")
    page.wait_for_timeout(300)
    before = page.evaluate(f"[{SCROLLER}.scrollTop, document.querySelector('.bk-lab').getBoundingClientRect().top]")
    assert shown_texts(page), "the teacher's note above the lab is on screen before Projector"
    projector.click()
    expect(lab).to_have_class(re.compile(r"\bbk-projector\b"), timeout=WAIT_MS)
    idle()          # the projector's redraw done: it drew the amount box over a value typed meanwhile
    # The projected screen shows the panel alone: no word of the notes around it, nothing moved.
    page.wait_for_timeout(300)
    assert shown_texts(page) == [], "a cell beside the panel shows on the projected screen"
    assert page.evaluate(f"{SCROLLER}.scrollTop") == before[0], "the notebook scrolled when Projector was pressed"
    # the panel's cell keeps its place in the notebook: the next cell still starts below it (a
    # cell taken out of the layout let the cells after it move up, and the notebook's scroll with them)
    assert cell.evaluate("c => { const n = c.nextElementSibling; return !n || "
                         "n.getBoundingClientRect().top >= c.getBoundingClientRect().bottom - 1; }"), \
        "the panel's cell left the notebook's layout"
    expect(cell.locator(".jp-InputArea")).to_be_hidden()
    expect(page.locator(".jp-NotebookPanel-toolbar")).to_be_visible()     # JupyterLab's own UI stays

    # Bid your value: read it off the panel, type it, click Bid.
    value_text = cell.locator(".bk-box").filter(has_text="Your value for the lot").first.inner_text()
    value = int(re.search(r"Your value for the lot:\s*([\d,]+)", value_text).group(1).replace(",", ""))
    amount = cell.locator(".bk-bid-amount input")
    amount.fill(str(value))
    amount.press("Tab")                       # the amount box sends its value on leaving it
    bid = cell.locator(BUTTONS).filter(has_text=exact(f"Bid {value}"))
    soon(lambda t: expect(bid).to_have_count(1, timeout=t))
    bid.click()
    events = cell.locator(".bk-events")
    expect(cell.locator(".bk-refusal")).to_have_count(0)

    # The bots bid, the auctioneer sells; if bidder 1 won, it pays by clicking its notes.
    payoffs = cell.locator(".bk-payoff")
    pay = cell.locator(BUTTONS).filter(has_text=re.compile(r"^\s*Pay\s\d+\snotes?"))
    soon(lambda t: expect(payoffs.or_(pay).first).to_be_visible(timeout=t))
    if pay.count():
        owed = int(re.search(r"you owe .* (\d+)", pay.inner_text()).group(1))
        notes = cell.locator(".bk-note")
        for i in range(notes.count()):        # highest first: take each note that still fits
            note = int(notes.nth(i).inner_text())
            if 0 < note <= owed:
                notes.nth(i).click()
                owed -= note
        assert owed == 0, "bidder 1 can pay the second-highest bid exactly with the lab's notes"
        pay.click()
    soon(lambda t: expect(payoffs).to_be_visible(timeout=t))
    table = cell.locator(".bk-payoff + table")
    expect(table).to_contain_text("Bidder 1 (you)")
    expect(lab).to_contain_text("Second Hand")
    # The lesson's point: bidding your value never leaves you worse off than not winning.
    row = table.locator("tr").filter(has_text="Bidder 1 (you)")
    payoff = row.locator("td").last.inner_text().strip().replace("\u2212", "-").replace("+", "").replace(",", "")
    assert int(payoff) >= 0, f"bidding the value {value} gave bidder 1 a payoff of {payoff}"
    assert "Bidder 1 (you)" in events.inner_text(), "the move list names the student's seat"
    save_screenshot(page, lab, "lesson-02-hot-seat")

    # Projector off: the notebook is back as it was, where it was (a cell taken out of the
    # layout while on the projector shortened the notebook and moved its scroll up).
    lab.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.evaluate(f"{SCROLLER}.scrollTop -= 300")
    page.wait_for_timeout(300)
    assert shown_texts(page) == [], "a cell beside the panel shows on the projected screen"
    scrolled = page.evaluate(f"{SCROLLER}.scrollTop")
    projector.click()
    expect(lab).not_to_have_class(re.compile(r"\bbk-projector\b"), timeout=WAIT_MS)
    page.wait_for_timeout(300)
    expect(cell.locator(".jp-InputArea")).to_be_visible()
    assert shown_texts(page), "the notes around the lab are back on screen after Projector off"
    assert page.evaluate(f"{SCROLLER}.scrollTop") == scrolled        # (the panel's own height changes: type sizes)


#: The notebook's scrolling box.
SCROLLER = "document.querySelector('.jp-NotebookPanel .jp-WindowedPanel-outer')"


def shown_texts(page: Page) -> list[str]:
    """The markdown cells with words a viewer sees on screen: a point of the cell's text on screen
    and not covered (by the panel's cell on the projector) nor hidden."""
    return page.evaluate("""() => [...document.querySelectorAll('.jp-NotebookPanel .jp-MarkdownCell .jp-RenderedMarkdown')]
        .filter(md => [...md.querySelectorAll('p, li, h1, h2, h3')].some(e => {
            const r = e.getBoundingClientRect();
            if (r.width === 0 || r.height === 0 || r.bottom <= 0 || r.top >= innerHeight) return false;
            const y = Math.max(r.top, 0) + Math.min(r.height, innerHeight - Math.max(r.top, 0)) / 2;
            const hit = document.elementFromPoint(r.left + 4, y);
            return !!hit && e.contains(hit);
        })).map(md => md.innerText.slice(0, 60))""")


#: The type of the explorer's words: its labels, its list and its summary, in px.
TYPE_JS = """e => [...e.querySelectorAll('.widget-label, select, .widget-html-content .bk-box')]
    .filter(x => x.offsetParent !== null && x.textContent.trim())
    .map(x => [x.textContent.trim().slice(0, 20), parseFloat(getComputedStyle(x).fontSize)])"""


def test_lesson_01s_scoring_explorer_has_the_projector_switch(page: Page, lab_server: LabServer):
    """Lesson 01 projects the scoring explorer, which had no Projector switch: its list of
    families and its summary in 13 px type, the teacher's notes around it on the screen.
    The game panels' switch: large type (20 px or more), the notebook showing the panel
    alone, no button cut; off again, the notes are back."""
    name = serve_cells(lab_server, L.source_of(L.ROOT / "01-animal-worth").with_suffix(".ipynb"), "lesson-01-animal-worth.ipynb",
                       "ScoringExplorer(")
    page.set_viewport_size(PROJECTOR)
    open_and_run_all(page, lab_server, name)
    panel = page.locator(".bk-panel").filter(has=page.locator("select[multiple]"))
    expect(panel).to_have_count(1)
    cell = cell_of(page, panel)
    panel.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.evaluate(f"{SCROLLER}.scrollTop -= 300")
    page.wait_for_timeout(300)
    assert shown_texts(page), "the lesson's note above the explorer is on screen before Projector"
    projector = cell.locator(BUTTONS).filter(has_text=exact("Projector"))
    projector.click()
    expect(panel).to_have_class(re.compile(r"\bbk-projector\b"), timeout=WAIT_MS)
    page.wait_for_timeout(300)
    assert shown_texts(page) == [], "a cell beside the explorer shows on the projected screen"
    small = [(words, px) for words, px in panel.evaluate(TYPE_JS) if px < 20]
    assert not small, f"words under 20 px on the projector: {small}"
    assert cut_buttons(panel) == [], "buttons whose label does not fit"
    save_screenshot(page, panel, "lesson-01-explorer-projector")
    projector.click()
    expect(panel).not_to_have_class(re.compile(r"\bbk-projector\b"), timeout=WAIT_MS)
    panel.evaluate("e => e.scrollIntoView({block: 'start'})")      # (smaller type: a shorter panel)
    page.evaluate(f"{SCROLLER}.scrollTop -= 300")
    page.wait_for_timeout(300)
    assert shown_texts(page), "the notes around the explorer are back after Projector off"
