"""The auction lab played as a student in a real browser: JupyterLab in headless Chromium,
every move made by clicking the lab's buttons (no typed moves, no Next step).

The notebook is written by the test into the server's own copy of the notebooks (a
Classic auction, three bidders, you are bidder 1), so the tracked notebooks stay as they
are. Screenshots at 1280x720 go to .tmp/screenshots/.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from .conftest import WAIT_MS, LabServer, cut_buttons, show_file_browser
from .test_lab import BUTTONS, cell_of, idle, open_and_run_all, save_screenshot

pytestmark = pytest.mark.browser

NOTEBOOK = "auction-lab-play.ipynb"
SOURCE = ["from bluffkit.widgets import AuctionLab\n",
          "AuctionLab(fmt=\"classic\", bidders=3, human=1, seed=5)"]
PROJECTOR = {"width": 1280, "height": 720}


def write_notebook(server: LabServer, name: str = NOTEBOOK, source=SOURCE) -> None:
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "lab", "metadata": {}, "outputs": [],
                     "source": source}],
          "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    (server.root / name).write_text(json.dumps(nb, indent=1), encoding="utf-8")


def exact(text: str) -> re.Pattern:
    return re.compile(rf"^\s*{re.escape(text)}\s*$")


def test_a_student_plays_the_auction_lab_by_clicking(page: Page, lab_server: LabServer):
    write_notebook(lab_server)
    page.set_viewport_size(PROJECTOR)
    open_and_run_all(page, lab_server, NOTEBOOK)

    projector = page.locator(BUTTONS).filter(has_text=exact("Projector"))
    expect(projector).to_have_count(1, timeout=WAIT_MS)
    cell = cell_of(page, projector)
    lab = cell.locator(".bk-lab").first
    events = cell.locator(".bk-events")

    # Your move at once: the lot is out and the bid buttons are shown, no Next step pressed.
    expect(cell.locator(".bk-lot")).to_contain_text("Lot: the", timeout=WAIT_MS)
    expect(lab).to_contain_text("Your move, Bidder 1 (you)", timeout=WAIT_MS)
    bid = cell.locator(BUTTONS).filter(has_text=re.compile(r"^\s*Bid \d+\s*$"))
    expect(bid).to_have_count(1, timeout=WAIT_MS)

    # The projector switch: large type, the settings hidden, the moves on a 1280x720 screen.
    projector.click()
    expect(lab).to_have_class(re.compile(r"\bbk-projector\b"), timeout=WAIT_MS)
    expect(cell.locator(".bk-settings")).to_be_hidden(timeout=WAIT_MS)
    lab.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)               # let the notebook settle after scrolling
    box = bid.bounding_box()
    assert box is not None and box["y"] + box["height"] <= PROJECTOR["height"], \
        f"the Bid button is below a 1280x720 screen in projector mode: {box}"
    size = page.evaluate("() => parseFloat(getComputedStyle(document.querySelector('.bk-lab .bk-lot')).fontSize)")
    assert size >= 24, f"the lot line is {size}px in projector mode"
    save_screenshot(page, lab, "auction-lab-projector")
    assert cut_buttons(lab) == [], "the lab's buttons must show their whole labels on the projector"
    # The table stays inside the lab's box: the own notes' "500, 200×2, ... = 1,600" in large
    # type pushed the bid column past its right edge ("bi" on the screen) with the file browser
    # open, where the lab is at its narrowest.
    show_file_browser(page, True)
    try:
        over = lab.evaluate("""e => [...e.querySelectorAll('.bk-table th, .bk-table td')]
            .filter(c => c.offsetParent !== null && c.getBoundingClientRect().right > e.getBoundingClientRect().right)
            .map(c => c.textContent.trim())""")
    finally:
        show_file_browser(page, False)
    assert over == [], f"cells past the lab's right edge on the projector: {over}"

    # A bid below the lowest is refused in words that name the player; nothing is played.
    amount = cell.locator(".bk-bid-amount input")
    lowest = int(re.search(r"\d+", bid.inner_text()).group())
    idle()                                   # the projector's redraw done before typing (see test_lesson_play)
    amount.fill("5")
    amount.press("Tab")                      # the amount box sends its value on leaving it
    expect(bid).to_have_text(exact("Bid 5"), timeout=WAIT_MS)
    bid.click()
    refusal = cell.locator(".bk-refusal")
    expect(refusal).to_contain_text("Bidder 1 (you) can\u2019t bid 5", timeout=WAIT_MS)
    assert "rule" not in refusal.inner_text()
    expect(events).not_to_contain_text("Bidder 1 (you) bids")

    # The stepper in tens: back up to the lowest bid, then +50, then Bid.
    plus10 = cell.locator(BUTTONS).filter(has_text=exact("+10"))
    plus50 = cell.locator(BUTTONS).filter(has_text=exact("+50"))
    plus10.click()                           # 5 + 10 on the grid of tens, kept to the lowest bid
    expect(bid).to_have_text(exact(f"Bid {max(lowest, 10)}"), timeout=WAIT_MS)
    plus50.click()
    target = max(lowest, 10) + 50
    expect(bid).to_have_text(exact(f"Bid {target}"), timeout=WAIT_MS)
    bid.click()
    expect(events).to_contain_text(f"Bidder 1 (you) bids {target}", timeout=WAIT_MS)
    expect(refusal).to_have_count(0, timeout=WAIT_MS)

    # What happened, newest line last, stays on the projected screen: with four lines it ran
    # some 10 px below the notebook's area, and the line cut off was the bots' answer.
    lab.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    area = page.locator(".jp-NotebookPanel .jp-WindowedPanel-outer, .jp-NotebookPanel-notebook").first.bounding_box()
    shown = events.bounding_box()
    assert area is not None and shown is not None and shown["y"] + shown["height"] <= area["y"] + area["height"], \
        f"What happened runs below the notebook's area at 1280x720 in projector mode: {shown} in {area}"

    # Then drop out (pass whenever asked); if bidder 1 had won, it pays by clicking notes.
    payoffs = cell.locator(".bk-payoff")
    drop = cell.locator(BUTTONS).filter(has_text=exact("Drop out"))
    pay = cell.locator(BUTTONS).filter(has_text=re.compile(r"^\s*Pay\s\d+\snotes?"))
    expect(payoffs.or_(drop).or_(pay).first).to_be_visible(timeout=WAIT_MS)
    if drop.count():
        drop.click()
        expect(payoffs.or_(pay).first).to_be_visible(timeout=WAIT_MS)
    if pay.count():
        owed = int(re.search(r"you owe .* (\d+)", pay.inner_text()).group(1))
        notes = cell.locator(".bk-note")
        for i in range(notes.count()):       # highest first: take each note that still fits
            value = int(notes.nth(i).inner_text())
            if 0 < value <= owed:
                notes.nth(i).click()
                owed -= value
        assert owed == 0
        expect(pay).to_contain_text(re.compile(r"\(\d+\)"))
        marks = notes.evaluate_all(
            "bs => bs.map(b => [b.classList.contains('mod-active'), getComputedStyle(b, '::after').content])")
        assert all(m == '"\u2713"' for a, m in marks if a) and any(a for a, _ in marks), marks
        assert all(m in ("none", "normal") for a, m in marks if not a), marks
        pay.click()
    expect(payoffs).to_be_visible(timeout=WAIT_MS)
    expect(cell.locator(".bk-payoff + table")).to_contain_text("Bidder 1 (you)")
    text = lab.inner_text()
    assert "surplus" in text and "\u2212" in text, "the winner's surplus is shown as value \u2212 price"
    save_screenshot(page, lab, "auction-lab-payoffs")

    # The Many auctions tab's Auctions box keeps what is typed and reads it as the bid box
    # does: the browser's number box stripped letters as they were typed ("1e3" became 13).
    projector.click()
    expect(lab).not_to_have_class(re.compile(r"\bbk-projector\b"), timeout=WAIT_MS)
    cell.locator(".lm-TabBar-tab").filter(has_text="Many auctions").click()
    count = cell.locator(".widget-text").filter(has=page.locator("label", has_text=exact("Auctions"))).locator("input")
    simulate = cell.locator(BUTTONS).filter(has_text=exact("Simulate"))
    count.fill("abc")
    expect(cell.get_by_text("Auctions: 'abc' is not a count in the digits 0 to 9.")).to_be_visible(timeout=WAIT_MS)
    expect(simulate).to_be_disabled(timeout=WAIT_MS)
    show_file_browser(page, True)          # the narrowest row: the words beside the box took Simulate's width
    count.fill("10.000")
    expect(cell.get_by_text("Auctions: '10.000' may be 10 or 10,000: write one of them.", exact=False)
           ).to_be_visible(timeout=WAIT_MS)
    assert cut_buttons(lab) == [], "Simulate must show its whole label beside the words"
    count.fill("1e3")
    expect(simulate).to_be_enabled(timeout=WAIT_MS)
    expect(count).to_have_value("1e3")
    expect(cell.locator(".bk-refusal")).to_have_count(0)


#: Lesson 05's lab (Secret Count, equilibrium bots, values typed by the teacher), the class
#: in the last seat so that What happened holds three lines at its move, on the projector;
#: and under it lesson 05's step 5, the Dutch Auction, the class first to the hammer: paying.
COUNT_NOTEBOOK = "auction-lab-count.ipynb"
COUNT_SOURCE = ["from IPython.display import display\n",
                "from bluffkit.widgets import AuctionLab\n",
                "lab = AuctionLab(fmt=\"secret-count\", bidders=3, human=3, strategies=[\"equilibrium\"] * 3, "
                "right=False, seed=7)\n",
                "lab.typed.value = \"0, 300, 600, 450\"\n",
                "lab.projector.value = True\n",
                "display(lab)\n",
                "dutch = AuctionLab(fmt=\"dutch\", bidders=3, human=1, strategies=[\"equilibrium\"] * 3, right=False, "
                "seed=2)\n",
                "dutch.typed.value = \"0, 450, 300, 600\"\n",
                "dutch.projector.value = True\n",
                "dutch.play_move(\"take\")\n",
                "display(dutch)\n",
                # a double pen, the class paying while the other winner owes too
                "pen = AuctionLab(fmt=\"secret-value\", double=True, bidders=3, human=1, strategies=[\"truthful\"] * 3, "
                "right=False, seed=1)\n",
                "pen.projector.value = True\n",
                "pen.play_move(\"bid 900\")\n",
                "display(pen)\n",
                # the end of an auction in each format, on the projector
                "from bluffkit.auctions.rules import FORMATS\n",
                "for f in FORMATS:\n",
                "    end = AuctionLab(fmt=f, seed=11, right=False)\n",
                "    end.projector.value = True\n",
                "    end.step(to_end=True)\n",
                "    display(end)\n"]


def bottoms_on_screen(page: Page, lab, items) -> tuple[float, list[float]]:
    """The foot of the notebook's area and where each of ``items`` ends, with ``lab``'s top
    at the area's top (as a teacher scrolls it): JupyterLab shows a notebook down to some
    690 px of a 1280 x 720 screen, with its file browser open or folded."""
    lab.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)               # let the notebook settle after scrolling
    area = page.locator(".jp-NotebookPanel .jp-WindowedPanel-outer, .jp-NotebookPanel-notebook").first.bounding_box()
    top = lab.bounding_box()
    assert area is not None and top is not None
    ends = []
    for item in items:
        box = item.bounding_box()
        assert box is not None, item
        ends.append(round(box["y"] + box["height"] - top["y"] + area["y"]))
    return round(area["y"] + area["height"]), ends


def newest_lines_on_screen(page: Page, labs) -> list[int]:
    """Where the newest line of What happened ends in each lab of ``labs`` (a locator), with
    that lab's top at the notebook area's top, as :func:`bottoms_on_screen` measures, in one
    look (no scrolling)."""
    top = page.locator(".jp-NotebookPanel .jp-WindowedPanel-outer, .jp-NotebookPanel-notebook").first.bounding_box()
    assert top is not None
    return [round(y + top["y"]) for y in labs.evaluate_all("""ls => ls.map(l =>
        l.querySelector('.bk-events .bk-log-up > div').getBoundingClientRect().bottom - l.getBoundingClientRect().top)""")]


def test_a_count_auctions_notes_moves_and_what_happened_fit_the_projector(page: Page, lab_server: LabServer):
    """Lesson 05 on a 1280x720 projector. Secret Count, the file browser folded: the 23 notes
    took two rows under "Click your notes to choose them:", "Lay N notes" sat at the screen's
    foot and What happened below it. The notes now take one row, that line stands beside Lay
    and Pass. With the file browser open the newest line of What happened ended at 746 px, and
    paying in the Dutch Auction (step 5), file browser folded, at 739 px (the sale, what is owed
    and a two-line prompt before it): the auction's buttons now share the top row with the
    Projector switch, the prompt leaves out the typed examples and the table's sale while the
    class pays, and in both, in either state of the file browser, the moves and the newest
    line of What happened are on the screen. So too paying in a double pen (Secret Value),
    where the other winner's debt stays said (its line was left out with the class's own),
    before and after notes are clicked; and at the end of an auction in each of the ten
    formats, where the newest line was at 760 to 864 px (the payoffs, the values and the
    table above it): What happened now comes right under the payoffs."""
    write_notebook(lab_server, COUNT_NOTEBOOK, COUNT_SOURCE)
    page.set_viewport_size(PROJECTOR)
    open_and_run_all(page, lab_server, COUNT_NOTEBOOK)
    show_file_browser(page, False)
    lay = page.locator(BUTTONS).filter(has_text=re.compile(r"^\s*Lay\s\d+\snotes?"))
    expect(lay).to_have_count(1, timeout=WAIT_MS)
    cell = cell_of(page, lay)
    labs = cell.locator(".bk-lab.bk-projector")
    expect(labs).to_have_count(13, timeout=WAIT_MS)
    lab, dutch, pen = labs.nth(0), labs.nth(1), labs.nth(2)
    expect(labs.nth(12).locator(".bk-payoff")).to_be_visible(timeout=WAIT_MS)    # the ten ended auctions
    expect(lab).to_contain_text("Your move, Bidder 3 (you)", timeout=WAIT_MS)
    lines = lab.locator(".bk-events .bk-log-up > div")
    expect(lines).to_have_count(3, timeout=WAIT_MS)     # the lot, and the two bots' sealed bids
    assert "Bidder 2 makes a sealed bid" in lines.first.inner_text()   # (drawn from its foot up: newest first)
    pay = dutch.locator(BUTTONS).filter(has_text=re.compile(r"^\s*Pay\s\d+\snotes?"))
    expect(pay).to_have_count(1, timeout=WAIT_MS)
    sold = dutch.locator(".bk-events .bk-log-up > div").first
    expect(sold).to_contain_text("sells the", timeout=WAIT_MS)
    expect(dutch.locator(".bk-settling").first).to_be_hidden()  # the sale is What happened's newest line
    owes = pen.locator(".bk-box").filter(has_text=exact("Bidder 2 owes Auctioneer 810."))
    expect(owes).to_be_visible(timeout=WAIT_MS)
    expect(pen.locator(".bk-box").filter(has_text="Bidder 1 (you) owes")).to_be_hidden()
    pen_pay = pen.locator(BUTTONS).filter(has_text=re.compile(r"^\s*Pay\s\d+\snotes?"))
    pen_newest = pen.locator(".bk-events .bk-log-up > div").first
    for clicked in (False, True):
        if clicked:                          # Pay's words grow: "Pay 3 notes (900) — you owe Auctioneer 900"
            for i in range(3):
                pen.locator(".bk-note").nth(i).click()
            expect(pen_pay).to_contain_text("(900)", timeout=WAIT_MS)
        for browser_open in (False, True):
            show_file_browser(page, browser_open)
            foot, (pay_end, owes_end, newest) = bottoms_on_screen(page, pen, [pen_pay, owes, pen_newest])
            assert max(pay_end, owes_end, newest) <= foot, \
                f"a double pen paying{', notes clicked' if clicked else ''}, file browser " \
                f"{'open' if browser_open else 'folded'}: Pay ends at {pay_end}, the other's debt at {owes_end}, " \
                f"What happened's newest line at {newest}, the screen at {foot}"
    for browser_open in (False, True):
        show_file_browser(page, browser_open)
        newest = newest_lines_on_screen(page, labs)[3:]
        assert max(newest) <= foot, f"the end of an auction, file browser {'open' if browser_open else 'folded'}: " \
            f"What happened's newest line ends at {newest} (ten formats in order), the screen at {foot}"
    for browser_open in (False, True):
        show_file_browser(page, browser_open)
        foot, (lay_end, newest) = bottoms_on_screen(page, lab, [lay, lines.first])
        assert lay_end <= foot and newest <= foot, \
            f"Secret Count, file browser {'open' if browser_open else 'folded'}: Lay ends at {lay_end}, " \
            f"What happened's newest line at {newest}, the screen at {foot}"
        foot, (pay_end, newest) = bottoms_on_screen(page, dutch, [pay, sold])
        assert pay_end <= foot and newest <= foot, \
            f"Dutch Auction paying, file browser {'open' if browser_open else 'folded'}: Pay ends at {pay_end}, " \
            f"What happened's newest line at {newest}, the screen at {foot}"
        assert cut_buttons(lab) == [] and cut_buttons(dutch) == []
    show_file_browser(page, False)
    tops = {round(b["y"]) for b in lab.locator(".bk-note").evaluate_all(
        "bs => bs.map(b => b.getBoundingClientRect()).map(r => ({y: r.top}))")}
    assert len(tops) == 1, f"the 23 notes take {len(tops)} rows"
    expect(lab.get_by_text("Click your notes to choose them")).to_be_visible()
    size = lab.evaluate("e => parseFloat(getComputedStyle(e.querySelector('.bk-events')).fontSize)")
    assert size >= 18, f"What happened is in {size}px type on the projector"
    save_screenshot(page, lab, "auction-lab-count-projector")
    save_screenshot(page, dutch, "auction-lab-dutch-paying-projector")
