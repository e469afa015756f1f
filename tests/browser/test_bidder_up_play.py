"""Bidder Up! on the drawn board in a real browser: Annette rolls, clicks a ringed space
on the board itself, plays her turn with the buttons, and bids in an auction; the time
from each click on the board to the redrawn board is measured in the browser.

Saves ``.tmp/screenshots/panel-bidder-up.png`` (the board mid-game with its pawns and pens,
at 1280 x 720), ``panel-bidder-up-full.png`` (the whole panel, the farm boards below the
board), ``panel-bidder-up-projector.png`` and ``panel-bidder-up-projector-mid-game.png``
(Annette bidding in another's auction, her notes on the screen), and the click-to-board
times in ``.tmp/screenshots/bidder-up-click-ms.json`` (``benchmarks/board_click.py``
prints them against the 100 ms bar).
"""

from __future__ import annotations

import json
import os
import re

import pytest
from playwright.sync_api import Locator, Page, TimeoutError as PlaywrightTimeout, expect

from .conftest import SCREENSHOTS, WAIT_MS, LabServer, cut_buttons, show_file_browser
from .test_lab import BUTTONS, cell_of, open_and_run_all, open_on
from .test_panels_play import click, start

pytestmark = pytest.mark.browser

IDLE = ".jp-NotebookPanel-toolbar .jp-Notebook-ExecutionIndicator[data-status='idle']"
#: The buttons that end a step of Annette's turn without a choice worth testing, first found first clicked.
ONWARD = re.compile(r"^\s*(Sell|Pass|End my turn|Agree \(take the offer\)|Draw none|Leave the market as it is|"
                    r"Keep .*|Raid the Piggy Bank|Accept the price|Stop .*|Take it.*|Cards? 1\b.*|Choose .*)\s*$")


def test_annette_clicks_a_ringed_space_on_the_board_and_bids(page: Page, lab_server: LabServer):
    cell = start(page, lab_server, "bidder-up", "Annette")
    view = cell.locator(".bk-board-view").first
    idle = page.locator(IDLE)
    times: list[float] = []
    parts: list[tuple[float, float]] = []           # (click to arrival, drawing) of each
    clicked_board = bid = False
    misses = 0
    wanted = int(os.environ.get("BLUFFKIT_BOARD_CLICKS", "1"))     # benchmarks/board_click.py asks for more
    for _ in range(40 * wanted):
        expect(idle).to_have_count(1, timeout=WAIT_MS)
        roll = cell.locator(BUTTONS).filter(has_text=re.compile(r"^\s*Roll the die\s*$"))
        ringed = view.locator("[data-space].bk-clickable")
        bid_button = cell.locator(".bk-move").filter(has_text=re.compile(r"^\s*Bid \d+"))
        if bid_button.count() and bid_button.first.is_visible():
            try:                                           # a bid in an auction another player holds
                bid_button.first.click(timeout=5000)
            except PlaywrightTimeout:                      # redrawn meanwhile: look again
                continue
            # her bid, or a run of bidding told in one line that names her ("André and Annette
            # bid up to 40")
            expect(cell.locator(".bk-log")).to_contain_text(
                re.compile(r"Annette (bids|makes a sealed bid)|Annette\b[^.]*\b(bids? up to|make sealed bids)"),
                timeout=WAIT_MS)
            bid = True
            if len(times) >= wanted:
                break
            continue
        if roll.count() and roll.first.is_visible():
            roll.first.click()
            expect(ringed.first).to_be_visible(timeout=WAIT_MS)
            continue
        if ringed.count():
            free = view.locator("[data-space].bk-clickable[data-cost='0']")
            costs = free.count() == 0                      # (read now: the board is redrawn after the click)
            target = (ringed if costs else free).first
            before = view.get_attribute("data-updates") or "0"
            target.click()                                 # on the drawn board itself
            pay = cell.locator(BUTTONS).filter(has_text=re.compile(r"^\s*Move to .* pay"))
            if costs:
                expect(pay.first).to_be_visible(timeout=WAIT_MS)
                before = view.get_attribute("data-updates") or "0"
                pay.first.click()
            page.wait_for_function("([el, n]) => Number(el.dataset.updates || 0) > n",
                                   arg=[view.element_handle(), int(before)], timeout=WAIT_MS)
            times.append(float(view.get_attribute("data-update-ms")))
            parts.append((float(view.get_attribute("data-arrive-ms")), float(view.get_attribute("data-draw-ms"))))
            clicked_board = True
            continue
        owe = cell.locator(BUTTONS).filter(has_text=re.compile(r"you owe"))
        if owe.count():                     # won an auction: the smallest payment allowed, then Pay
            click(cell, "Choose for me")
            expect(owe.first).not_to_have_text(re.compile(r"Pay\s0\snotes"), timeout=WAIT_MS)
            owe.first.click()
            misses = 0
            page.wait_for_timeout(100)
            continue
        offer = cell.locator(BUTTONS).filter(has_text=re.compile(r"^\s*Offer\s\d+\snotes?"))
        if offer.count():                   # a horse-trade: one note face down, then Offer
            cell.locator(".bk-note-btn").first.click()
            expect(offer.first).to_have_text(re.compile(r"Offer\s1\snote"), timeout=WAIT_MS)
            offer.first.click()
            misses = 0
            page.wait_for_timeout(100)
            continue
        onward = cell.locator(BUTTONS).filter(has_text=ONWARD)
        if onward.count():
            onward.first.click()
            misses = 0
        else:                               # the browser has not drawn the new screen yet
            misses += 1
            assert misses < 60, "a screen with no button this test knows: " + cell.inner_text()[-600:]
        page.wait_for_timeout(100)
    assert clicked_board and bid, "Annette never moved on the board and bid"
    refused = cell.locator(".bk-refusal")
    assert refused.count() == 0, refused.first.inner_text()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    (SCREENSHOTS / "bidder-up-click-ms.json").write_text(json.dumps({"players": 4, "click_to_board_ms": times,
                                                                         "arrive_draw_ms": parts}))
    panel = cell.locator(".bk-panel").first
    for suffix in ("", "-projector"):
        if suffix:
            click(cell, "Projector")
            expect(panel).to_have_class(re.compile("bk-projector"), timeout=WAIT_MS)
        expect(idle).to_have_count(1, timeout=WAIT_MS)
        expect(view.locator("svg").first).to_be_visible(timeout=WAIT_MS)
        panel.evaluate("e => e.scrollIntoView({block: 'start'})")
        page.screenshot(path=str(SCREENSHOTS / f"panel-bidder-up{suffix}.png"))
        # every move button shows its whole label: in projector mode the bid row shrank its
        # buttons to "\u2212..." and "Bid ..." before it wrapped
        assert cut_buttons(panel) == [], f"buttons cut short{suffix}"
        if not suffix:                      # the whole panel: the board, the controls and every farm board
            page.set_viewport_size({"width": 1280, "height": 1900})
            page.wait_for_timeout(300)
            panel.evaluate("e => e.scrollIntoView({block: 'start'})")
            page.screenshot(path=str(SCREENSHOTS / "panel-bidder-up-full.png"))
            page.set_viewport_size({"width": 1280, "height": 720})
    print(f"click on the board to the board redrawn: {', '.join(f'{t:.0f}' for t in times)} ms "
          f"(arrived after, drawn in: {parts})")


def _placeholder_fits(cell) -> None:
    """The Move box beside the board shows its whole example (it was cut after "trade 1 c"),
    and the text view wraps at spaces (JupyterLab broke its words: "phase r / oll")."""
    box = cell.locator("input[placeholder^='e.g. move']").first
    expect(box).to_be_visible(timeout=WAIT_MS)
    text_px, box_px = box.evaluate(
        "e => { const c = document.createElement('canvas').getContext('2d'); const s = getComputedStyle(e);"
        " c.font = `${s.fontSize} ${s.fontFamily}`;"
        " return [c.measureText(e.placeholder).width,"
        " e.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight)]; }")
    assert text_px <= box_px, f"the Move box's example is cut: {text_px:.0f} px of text in {box_px:.0f} px"
    pre = cell.locator("details pre").first
    assert pre.evaluate("e => getComputedStyle(e).wordBreak") == "normal"


def test_the_projector_fits_after_a_roll(page: Page, lab_server: LabServer):
    """Projector mode after a roll: the buttons for the spaces reached (a dozen after some
    rolls) pushed What happened below a 1280 x 720 screen; the spaces are clicked on the board."""
    cell = start(page, lab_server, "bidder-up", "Annette")
    view = cell.locator(".bk-board-view").first
    idle = page.locator(".jp-NotebookPanel-toolbar .jp-Notebook-ExecutionIndicator[data-status='idle']")
    panel = cell.locator(".bk-panel").first
    _placeholder_fits(cell)
    click(cell, "Projector")
    expect(panel).to_have_class(re.compile("bk-projector"), timeout=WAIT_MS)
    expect(idle).to_have_count(1, timeout=WAIT_MS)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    panel.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(SCREENSHOTS / "panel-bidder-up-projector-before-roll.png"))
    click(cell, "Roll the die")
    expect(cell.locator("[data-space].bk-clickable").first).to_be_visible(timeout=WAIT_MS)
    expect(idle).to_have_count(1, timeout=WAIT_MS)
    panel.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(SCREENSHOTS / "panel-bidder-up-projector-rolled.png"))
    widths = cell.locator(".bk-space-btn").evaluate_all("es => es.map(e => e.getBoundingClientRect().width)")
    assert widths and max(widths) <= 1, f"the space buttons take room in projector mode: {widths}"
    assert cut_buttons(panel) == [], "buttons cut short on the projector after a roll"
    # the board, the prompt, What happened and the mover's own farm board on the screen; the
    # other farm boards and the board's legend follow below (the whole panel is some 1,000 px)
    area = panel.evaluate("e => (e.closest('.jp-WindowedPanel-outer') || e.closest('.jp-Notebook'))"
                          ".getBoundingClientRect().bottom")
    for part in (view.locator("svg").first, cell.locator(".bk-log").first,
                 cell.locator(".bk-farm[data-seat='0']").first):
        box = part.bounding_box()
        assert box is not None and box["y"] + box["height"] <= area + 1, f"below the 1280 x 720 screen: {box}, {area}"
    # a keyboard user could not move the pawn here (the board's spaces take no focus, and
    # the space buttons were not drawn): Tab reaches them, each shown while it has the focus
    cell.locator(".bk-legal").first.focus()
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.classList.contains('bk-space-btn')"):
            break
    else:
        raise AssertionError("Tab never reached a space to move to")
    width, height = page.evaluate("() => { const r = document.activeElement.getBoundingClientRect(); "
                                  "return [r.width, r.height]; }")
    assert width > 40 and height > 20, f"the focused space button is not shown: {width} x {height}"
    page.keyboard.press("Enter")
    expect(cell.locator("[data-space].bk-clickable")).to_have_count(0, timeout=WAIT_MS)


def _open_panel(page: Page, server: LabServer, name: str, code: str) -> None:
    """Write a one-cell notebook ``name`` holding ``code`` into the served folder, open it at
    1280 x 720 and run it, the file browser folded away as a teacher projecting would."""
    page.set_viewport_size({"width": 1280, "height": 720})
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "panel", "metadata": {}, "outputs": [],
                     "source": code}],
          "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                      "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    (server.root / name).write_text(json.dumps(nb))
    open_and_run_all(page, server, name)
    current = page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current")
    if current.count():
        current.click()


#: Annette's table: her twelfth move made, she is asked to bid in André's
#: auction (Classic, turn 7), every other seat a bot; the clicks are the widget check's.
MID_GAME = '''import numpy as np
from bluffkit.widgets import BidderUpTable
from bluffkit.widget_check import driver_for
t = BidderUpTable("animal-market", players=4, humans=[0], names=["Annette", "Daniel", "André", "Frank"], seed=4)
d, rng = driver_for(t), np.random.default_rng(0)
for _ in range(3000):
    st = t.session.state
    if (sum(1 for s, _ in t.session.moves if s == 0) >= 12 and t.screen == ("seat", 0) and st.auction is not None
            and st.current == 2 and st.auction.phase == "bid"):
        break
    d.click(t, rng)
t'''

#: The bottom of the notebook's visible area, and the boxes of the parts a bidder needs on a
#: projected 1280 x 720 screen: the auction and the prompt, the move buttons, the seat's own
#: notes and farm board (null where folded away), the newest line of What happened and the
#: line under the board naming the seat's own animals and notes (and its words).
PARTS_JS = """e => {
  const box = x => x ? {top: x.getBoundingClientRect().top, bottom: x.getBoundingClientRect().bottom} : null;
  const area = e.closest('.jp-WindowedPanel-outer') || e.closest('.jp-Notebook');
  const seen = x => x.offsetParent !== null;
  const shown = x => x && x.checkVisibility() ? x : null;          // (not inside a folded <details>)
  return {area: box(area), prompt: box(e.querySelector('.bk-legal')),
          moves: [...e.querySelectorAll('.bk-move')].filter(seen).map(b => [b.textContent.trim(), box(b)]),
          notes: box(shown(e.querySelector(".bk-farm[data-seat='0'] .bk-notes"))),
          farm: box(shown(e.querySelector(".bk-bu-farms .bk-farm[data-seat='0']"))),
          newest: box(e.querySelector(".bk-log div[style*='padding-left'] > b")),
          own: (x => x ? {...box(x), text: x.textContent} : null)(e.querySelector('.bk-own-farm')),
          panel: box(e)};
}"""


def _projected(page: Page, who: str, shot: str) -> tuple[Locator, dict]:
    """``who``'s table switched to the projector, scrolled to its top, its screenshot saved
    as ``shot``; the panel and the boxes of its parts (:data:`PARTS_JS`)."""
    cell = open_on(page, who)
    panel = cell.locator(".bk-panel").first
    click(cell, "Projector")
    expect(panel).to_have_class(re.compile("bk-projector"), timeout=WAIT_MS)
    expect(page.locator(IDLE)).to_have_count(1, timeout=WAIT_MS)
    panel.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(500)                      # (the projector's layout drawn)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / shot))
    return panel, panel.evaluate(PARTS_JS)


def test_the_projector_shows_the_bidders_own_notes_and_moves_mid_game(page: Page, lab_server: LabServer):
    """Projector mode mid-game, Annette asked to bid in André's auction: her own farm board
    (its Notes row) was at 668-815 px and its notes below the 720 px screen, under a prompt
    that repeated whose turn it was and What happened. Now the auction's box heads the
    controls, What happened follows the moves, her farm board folded after it (the line under
    the board names her animals and notes by value), the others folded: the prompt, every move
    button, her notes and the newest line of What happened are on the screen (the notebook's
    visible area at 1280 x 720, the panel scrolled to its top), and no farm board is cut at
    the screen's foot."""
    _open_panel(page, lab_server, "panel-bidder-up-mid-game.ipynb", MID_GAME)
    panel, fit = _projected(page, "Annette", "panel-bidder-up-projector-mid-game.png")
    bottom = fit["area"]["bottom"] + 1
    assert fit["moves"] and any(words.startswith("Bid") for words, _ in fit["moves"]), fit
    for words, box in fit["moves"]:
        assert box["bottom"] <= bottom, f"the move button {words!r} is below the screen: {fit}"
    for part in ("prompt", "newest", "own"):
        assert fit[part] is not None and fit[part]["bottom"] <= bottom, f"{part} below the screen: {fit}"
    assert re.search(r"\d notes? \(\d", fit["own"]["text"]), f"her notes by value under the board: {fit['own']}"
    assert fit["farm"] is None or fit["farm"]["bottom"] <= bottom, f"her farm board is cut at the screen's foot: {fit}"
    assert "Highest bid" in panel.locator(".bk-legal .bk-auction").first.inner_text()


#: Annette asked to lay notes face down in André's Secret Count auction (turn 3), holding 19
#: notes (a start of 19 each, the box made big enough); her moves and the bots' played on the
#: session, the panel drawn once (a driver's clicks, each redrawing the panel, flooded the
#: notebook's output channel).
LAY_19 = '''import numpy as np
from bluffkit.widgets import BidderUpTable
t = BidderUpTable("animal-market", players=4, humans=[0], names=["Annette", "Daniel", "André", "Frank"], seed=6,
                  tiles=("secret-count", "classic", "classic", "classic"), start_money=(4, 3, 6, 3, 3, 0),
                  notes=(20, 20, 30, 20, 20, 10))
s, rng = t.session, np.random.default_rng(2)
while True:
    t.said += s.advance()
    obs = s.observe(0)
    if obs.auction is not None and obs.auction.legal and obs.auction.legal.place:
        break
    t.said.append(s.play(s.legal(0).sample(rng), 0))
t.refresh()
t'''


def test_the_projector_keeps_what_happened_on_screen_with_19_notes_to_lay(page: Page, lab_server: LabServer):
    """Secret Count on a projector, Annette holding 19 notes: her notes to lay, 58 px wide,
    took three rows under "Click your notes to choose them:", and What happened began at
    641 px, its newest line at 699-723 px, below the notebook's 690 px. Now the notes are
    42 px wide in two rows (their values in 18 px type) and the prompt alone says to click
    them: every note, Lay and Pass, the heading and the newest line of What happened are on
    the screen; a note clicked is laid."""
    _open_panel(page, lab_server, "panel-bidder-up-lay-19.ipynb", LAY_19)
    panel, fit = _projected(page, "Annette", "panel-bidder-up-projector-lay-19.png")
    bottom = fit["area"]["bottom"] + 1
    notes = panel.evaluate("""e => [...e.querySelectorAll('button.bk-note')]
        .filter(b => b.offsetParent !== null)
        .map(b => [b.textContent.trim(), b.getBoundingClientRect().bottom, parseFloat(getComputedStyle(b).fontSize)])""")
    assert len(notes) == 19, notes
    assert all(b <= bottom for _, b, _ in notes), f"a note is below the screen: {notes}"
    assert min(size for _, _, size in notes) >= 16, f"the notes' type is below 16 px: {notes}"
    assert {w for w, _ in fit["moves"]} >= {"Lay 0\xa0notes\xa0(0)", "Pass"}, fit["moves"]   # kept on one line
    assert all(box["bottom"] <= bottom for _, box in fit["moves"]), f"a move below the screen: {fit}"
    head = panel.locator(".bk-log b").first.bounding_box()
    assert head is not None and head["y"] + head["height"] <= bottom, f"What happened is below the screen: {head}"
    assert fit["newest"] is not None and fit["newest"]["bottom"] <= bottom, \
        f"the newest line of What happened is below the screen: {fit}"
    assert "click your notes" in panel.locator(".bk-legal").first.inner_text()
    assert cut_buttons(panel) == [], "buttons cut short"
    # (\s: a note button's "2 notes (200)" is held together by no-break spaces)
    lay = panel.locator(BUTTONS).filter(has_text=re.compile(r"^\s*Lay\s\d+\snotes?"))
    for k in (0, 18):                                 # a 200 and a 0
        panel.locator("button.bk-note").nth(k).click()
    expect(lay.first).to_have_text(re.compile(r"Lay\s2\snotes\s\(200\)"), timeout=WAIT_MS)
    # the two chosen wear a check mark (besides their fill), and every note is still on the screen
    chosen = panel.evaluate("""e => [...e.querySelectorAll('button.bk-note')].filter(b => b.offsetParent !== null)
        .map(b => [b.classList.contains('mod-active'), getComputedStyle(b, '::after').content,
                   b.getBoundingClientRect().bottom])""")
    assert [m for a, m, _ in chosen if a] == ['"\u2713"'] * 2, chosen
    assert all(m in ("none", "normal") for a, m, _ in chosen if not a), chosen
    assert all(b <= bottom for _, _, b in chosen), f"a note is below the screen once chosen: {chosen}"
    lay.first.click()
    expect(panel.locator(".bk-log")).to_contain_text(re.compile(r"Annette\b[^.]*sealed bid"), timeout=WAIT_MS)

#: Daniel challenged by Annette for a sheep on the Fairground with Baby Animals (his petting
#: zoo row drawn), two human seats: Daniel's screen after the cover, on the projector.
CHALLENGED = '''import sys
sys.path.insert(0, "TESTS/widgets")
from test_bidder_up_panel import table, at_position, cheapest_offer
t = at_position(table("fairground", players=3, humans=(0, 1), seed=1, variants=["babies"]), current=0, roll=3,
                babies=["sheep", "cow", "pig", "dog"], pastures=[["sheep", "sheep-m", "cow"], ["sheep", "cow-m"], ["cow"]])
t.show.click()
t.view.click_space("hill-north")
t.trade_target.value = t.trade_target.options[0][1]
t.choose_notes(cheapest_offer(t))
t.notes_button.click()
t.show.click()
t'''


def test_the_projector_shows_the_challenged_players_answer_and_what_happened(page: Page, lab_server: LabServer):
    """Challenged to a horse-trade on a projector (the Fairground's petting zoo row too),
    What happened began at 676 px, below the notebook's 690 px: the prompt took four lines,
    "Click your notes to choose them (face down):" two, the empty barn and petting zoo a
    row each. Now the prompt, Agree, the notes to counter with, Counter and the start of
    the newest line of What happened are on the screen."""
    from pathlib import Path
    tests = Path(__file__).resolve().parents[1]
    _open_panel(page, lab_server, "panel-bidder-up-challenged.ipynb", CHALLENGED.replace("TESTS", str(tests)))
    panel, fit = _projected(page, "Daniel", "panel-bidder-up-projector-challenged.png")
    bottom = fit["area"]["bottom"] + 1
    for words in (r"^\s*Agree", r"^\s*Counter with", r"^\s*50\s*$"):     # the answers, and the notes to counter with
        box = panel.locator(BUTTONS).filter(has_text=re.compile(words)).first.bounding_box()
        assert box is not None and box["y"] + box["height"] <= bottom, f"{words} is below the screen: {box}"
    assert fit["prompt"]["bottom"] <= bottom and fit["newest"] is not None, fit
    assert fit["newest"]["top"] + 20 <= bottom, f"the newest line of What happened is below the screen: {fit}"


def test_the_end_on_a_projector_puts_the_final_scores_beside_the_board(page: Page, lab_server: LabServer):
    """The end of a game on a projector: the final scores filled 58 % of the width above the
    board, the rest of the screen blank and the board below it. Now the board and the final
    scores stand side by side, both on the screen, across the whole width; and the board's
    words, drawn in the notebook's type at the end (10.5 px), are 15 px or more, as a seat's
    board on the projector, no label meeting another."""
    code = ('from bluffkit.widgets import BidderUpTable\n'
            't = BidderUpTable("animal-market", players=3, humans=[], names=["Annette", "Daniel", "Frank"], seed=2)\n'
            't.projector.value = True\nt')
    _open_panel(page, lab_server, "panel-bidder-up-end.ipynb", code)
    panel = page.locator(".bk-panel.bk-projector").first
    expect(panel.locator(".bk-final")).to_be_visible(timeout=WAIT_MS)
    panel.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(500)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "panel-bidder-up-projector-end.png"))
    fit = panel.evaluate("""e => { const r = x => x.getBoundingClientRect();
        const area = r(e.closest('.jp-WindowedPanel-outer') || e.closest('.jp-Notebook'));
        const board = r(e.querySelector("svg[aria-label$=' board']")), end = r(e.querySelector('.bk-final'));
        return {area: [area.left, area.right, area.bottom], board: [board.left, board.right, board.bottom],
                end: [end.left, end.right, end.bottom]}; }""")
    (left, right, bottom), board, end = fit["area"], fit["board"], fit["end"]
    assert end[0] >= board[1], f"the final scores are not beside the board: {fit}"
    assert board[2] <= bottom + 1 and end[2] <= bottom + 1, f"below the 1280 x 720 screen: {fit}"
    assert end[1] >= left + 0.8 * (right - left), f"the screen's right side is left blank: {fit}"
    seen = panel.locator("svg[aria-label$=' board']").first.evaluate(WORDS_JS)
    small = sorted((round(px, 1), words) for words, px in seen["words"] if px < 15)
    assert seen["words"] and not small, f"the end's board: words under 15 px on a {seen['width']:.0f} px board: {small}"
    assert not seen["clashes"], f"the end's board: {seen['clashes']}"


#: Both boards on a projector after Annette's roll (every space she may reach lit with its
#: cost), the pens holding the longest names: the Fairground with Baby Animals (the males
#: "donkey ♂" beside the loop; Annette holding 19 notes and four animals on her pasture), the
#: Animal Market; the Cat in the Bag pens face down.
BOTH_BOARDS = '''import sys
sys.path.insert(0, "TESTS/widgets")
from IPython.display import display
from test_bidder_up_panel import table, at_position
fair = at_position(table("fairground", seed=1, variants=["babies"], notes=(20, 20, 30, 20, 20, 10)), current=0, roll=3,
                   babies=["sheep", "cow", "pig", "dog"], pos=["start", "start", "pen-1", "trade-3"],
                   pastures=[["sheep", "sheep-m", "goat", "pig-m"], None, None, None],
                   money=["+".join(["100"] * 4 + ["50"] * 5 + ["10"] * 6 + ["0"] * 4), None, None, None],
                   pens={"pen-1": ["rooster-m"], "pen-2": ["goat-m", "rooster"], "pen-3": ["donkey", "goose"],
                         "pen-4": ["goose"], "pen-5": ["donkey-m"], "pen-6": ["donkey", "rooster"],
                         "pen-7": ["cat", "dog", "goat"], "pen-8": ["horse", "pig"]})
market = at_position(table("animal-market", seed=1), current=0, roll=3, pos=["start", "start", "pen-1", "trade-4"],
                     pens={"pen-1": ["rooster"], "pen-2": ["donkey"], "pen-3": ["goose", "horse"], "pen-4": ["rooster"],
                           "pen-5": ["donkey", "sheep"], "pen-6": ["goose", "cow"], "pen-7": ["cat", "dog"],
                           "pen-8": ["pig", "goat", "cat"]})
for t in (fair, market):
    t.projector.value = True
display(fair)
market'''

#: The board's words as drawn (font size times the drawing's scale, in px), and the boxes
#: of its labels (pens' contents, tiles, cost badges) that meet another, a space (a badge
#: may cover the lower edge of its own), or that a word runs out of.
WORDS_JS = """svg => {
  const box = e => e.getBoundingClientRect();
  const scale = svg.getScreenCTM().a;
  const words = [...svg.querySelectorAll('text')].map(t => [t.textContent, parseFloat(getComputedStyle(t).fontSize) * scale]);
  const labels = [...svg.querySelectorAll('g.tile, g.pen-contents, g.cost')].map(g => ({
    name: `${g.getAttribute('class')} ${g.dataset.space || g.dataset.pen || g.dataset.position}`,
    space: g.classList.contains('cost') ? g.dataset.space : null, r: box(g.querySelector('rect'))}));
  const spaces = [...svg.querySelectorAll('g.bk-space')].map(g => {
    const shape = [...g.children].filter(c => ['circle', 'rect'].includes(c.tagName) && !c.getAttribute('stroke-dasharray')
                                              && !c.classList.contains('reachable')).pop();
    return {id: g.dataset.space, r: box(shape)};
  });
  const meet = (a, b) => !(a.right <= b.left + 0.5 || b.right <= a.left + 0.5 || a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5);
  const covers = (a, s) => {          // a box over a circle, or a double pen's rounded box
    const rad = s.r.height / 2, cy = s.r.top + rad;
    return [s.r.left + rad, s.r.right - rad, (s.r.left + s.r.right) / 2].some(cx => {
      const x = Math.min(Math.max(Math.min(Math.max(cx, a.left), a.right), s.r.left + rad), s.r.right - rad);
      const nx = Math.min(Math.max(x, a.left), a.right), ny = Math.min(Math.max(cy, a.top), a.bottom);
      return Math.hypot(x - nx, cy - ny) < rad - 0.5;
    });
  };
  const clashes = [];
  labels.forEach((a, i) => {
    labels.slice(i + 1).forEach(b => { if (meet(a.r, b.r)) clashes.push(`${a.name} meets ${b.name}`); });
    spaces.forEach(s => { if (s.id !== a.space && covers(a.r, s)) clashes.push(`${a.name} covers ${s.id}`); });
  });
  for (const t of svg.querySelectorAll('text')) {
    if (t.closest('g.bk-space, g.pawn')) continue;
    const r = box(t), x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
    const home = labels.find(l => l.r.left <= x && x <= l.r.right && l.r.top <= y && y <= l.r.bottom);
    if (!home || r.left < home.r.left - 1 || r.right > home.r.right + 1)
      clashes.push(`${t.textContent} runs out of ${home ? home.name : 'every label'}`);
  }
  return {words, clashes, width: box(svg).width, bottom: box(svg).bottom};
}"""


def test_the_projector_draws_the_boards_words_large_and_apart(page: Page, lab_server: LabServer):
    """On a projector (1280 x 720) the board beside the controls is some 660 px wide: its
    words (the tiles "B: Dutch Auction", the pens' animals, their numbers, the costs, the
    pawns) were 16 units, 10.5 px, too small for the back of a classroom. Now on both
    boards, after a roll (the costs shown) and with the longest names in the pens, every
    word is 15 px or more, and no label meets another, covers a space or is too narrow
    for its words; the board is still on the screen. Then Annette moves to the Fairground's
    market (:func:`_the_market_fits`)."""
    from pathlib import Path
    tests = Path(__file__).resolve().parents[1]
    _open_panel(page, lab_server, "panel-bidder-up-board-words.ipynb", BOTH_BOARDS.replace("TESTS", str(tests)))
    panels = page.locator(".bk-panel.bk-projector")
    expect(panels).to_have_count(2, timeout=WAIT_MS)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for i, board in enumerate(("fairground", "animal-market")):
        panel = panels.nth(i)
        svg = panel.locator("svg[aria-label$=' board']").first
        expect(svg).to_be_visible(timeout=WAIT_MS)
        expect(panel.locator("g.cost").first).to_be_attached(timeout=WAIT_MS)
        panel.evaluate("e => e.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(500)
        page.screenshot(path=str(SCREENSHOTS / f"panel-bidder-up-projector-words-{board}.png"))
        seen = svg.evaluate(WORDS_JS)
        small = sorted((round(px, 1), words) for words, px in seen["words"] if px < 15)
        assert not small, f"{board}: words under 15 px on a {seen['width']:.0f} px board: {small}"
        assert any(words.startswith("+") for words, _ in seen["words"]), f"{board}: no cost shown"
        assert not seen["clashes"], f"{board}: {seen['clashes']}"
        area = panel.evaluate("e => (e.closest('.jp-WindowedPanel-outer') || e.closest('.jp-Notebook'))"
                              ".getBoundingClientRect().bottom")
        assert seen["bottom"] <= area + 1, f"{board}: the board goes below the screen: {seen['bottom']}, {area}"
    # the second board's Projector off: a panel on the projector leaves the notebook's other
    # cells unseen, the first board's once its own Projector is off (_the_market_fits)
    panels.nth(1).locator(BUTTONS).filter(has_text=re.compile(r"^\s*Projector\s*$")).first.click()
    expect(panels).to_have_count(1, timeout=WAIT_MS)
    _the_market_fits(page, panels.first)


#: Every type list of the market, the notes to pay with, Pay, and the widest choice of each list
#: as drawn (its words' width, the room in the closed list), each list's box.
MARKET_JS = """e => {
  const box = x => { const r = x.getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; };
  const area = box(e.closest('.jp-WindowedPanel-outer') || e.closest('.jp-Notebook'));
  const seen = x => x.offsetParent !== null;
  const c = document.createElement('canvas').getContext('2d');
  const lists = [...e.querySelectorAll('.bk-market-step select')].filter(seen).map(s => {
    const st = getComputedStyle(s);
    c.font = `${st.fontSize} ${st.fontFamily}`;
    return {widest: Math.max(...[...s.options].map(o => c.measureText(o.text).width)),
            room: s.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight), ...box(s)};
  });
  const notes = [...e.querySelectorAll('.bk-note-btn')].filter(seen).map(box);
  const pay = [...e.querySelectorAll('.jupyter-button')].filter(b => seen(b) && /pay/.test(b.textContent))
    .map(b => ({words: b.textContent.trim(), ...box(b)}));
  const happened = e.querySelector('.bk-log b');
  // what shows the seat's own animals: its farm board, or a line of the controls that names them
  const own = [...e.querySelectorAll(".bk-own-farm, .bk-farm[data-seat='0']")].filter(seen)
    .map(x => ({words: x.textContent.replace(/\\s+/g, ' '), ...box(x)}));
  return {area, lists, notes, pay, own, happened: happened && box(happened)};
}"""


def _the_market_fits(page: Page, panel: Locator) -> None:
    """The Fairground's market on a projector [G]: its ten type lists, one to a row, took 440 px
    of the controls' column with the file browser open, and the notes to pay and Pay were below
    the 1280 x 720 screen. Annette (19 notes) moves to the market and changes three types (the
    rulebook's sheep +2 and donkeys -1, 4 notes, and a cow +1, 5 notes in all): with the file
    browser open and folded every type list shows its widest choice whole, and the lists, her
    notes, Pay and the heading of What happened (under her farm board it began some 190 px
    below the screen) are on the screen, and so are the animals she holds, which she moves
    the markers for: her farm board went below the screen once the notes to pay were shown
    (its top some 115 px below the screen with the file browser open), and now a line under
    the board, where its column has room, names her pasture and barn; off the projector, the
    file browser open, every button's words and the Move box's example show whole."""
    panel = cell_of(page, panel).locator(".bk-panel").first      # (this panel, whatever its classes)
    panel.evaluate("e => e.scrollIntoView({block: 'start'})")
    panel.locator("[data-space='hilltop']").first.click()             # on the board: the market, 1 note away
    move = panel.locator(BUTTONS).filter(has_text=re.compile(r"^\s*Move to .* pay"))
    expect(move.first).to_be_visible(timeout=WAIT_MS)
    move.first.click()
    lists = panel.locator(".bk-market-step")
    expect(lists).to_have_count(10, timeout=WAIT_MS)
    pay = panel.locator(BUTTONS).filter(has_text=re.compile(r"pay\s\d+\snotes?"))
    for animal, steps, cost in (("sheep", 2, 3), ("donkey", -1, 4), ("cow", 1, 5)):
        choice = lists.filter(has_text=animal).locator("select")
        choice.select_option(index=choice.evaluate("s => [...s.options].findIndex(o => /^0\\s/.test(o.text))") + steps)
        expect(pay.first).to_contain_text(re.compile(rf"pay\s{cost}\snotes"), timeout=WAIT_MS)
    idle = page.locator(IDLE)
    try:                                  # (the file browser folded again for the next tests, whatever happens)
        for shown in (True, False):
            show_file_browser(page, shown)
            expect(idle).to_have_count(1, timeout=WAIT_MS)
            panel.evaluate("e => e.scrollIntoView({block: 'start'})")
            page.wait_for_timeout(300)
            page.screenshot(path=str(SCREENSHOTS / f"panel-bidder-up-projector-market{'-files' if shown else ''}.png"))
            fit = panel.evaluate(MARKET_JS)
            bottom = fit["area"]["bottom"] + 1
            where = "the file browser open" if shown else "the file browser folded"
            assert len(fit["lists"]) == 10 and fit["notes"] and len(fit["pay"]) == 1, fit
            cut = [x for x in fit["lists"] if x["widest"] > x["room"] + 0.5]
            assert not cut, f"{where}: a type list's choice is cut: {cut}"
            for part in (*fit["lists"], *fit["notes"], *fit["pay"]):
                assert part["bottom"] <= bottom, f"{where}: below the screen: {part}, the screen ends at {bottom}"
            assert fit["happened"] and fit["happened"]["bottom"] <= bottom, f"{where}: What happened is below: {fit}"
            mine = [x for x in fit["own"] if x["top"] >= fit["area"]["top"] - 1 and x["bottom"] <= bottom
                    and all(w in x["words"] for w in ("sheep ♂", "goat", "pig ♂")) and re.search("barn", x["words"], re.I)]
            assert mine, f"{where}: Annette's pasture and barn are not on the screen: {fit['own']}, the screen ends at {bottom}"
            assert cut_buttons(panel) == [], f"{where}: buttons cut short"
        # off the projector, the file browser open: the controls' column beside the board is 339 px,
        # and "Play move" beside the Move box was cut short to "Play"
        show_file_browser(page, True)
        panel.locator(BUTTONS).filter(has_text=re.compile(r"^\s*Projector\s*$")).first.click()
        expect(panel).not_to_have_class(re.compile("bk-projector"), timeout=WAIT_MS)
        expect(idle).to_have_count(1, timeout=WAIT_MS)
        assert cut_buttons(panel) == [], "off the projector, the file browser open: buttons cut short"
        _placeholder_fits(panel)
    finally:
        show_file_browser(page, False)
