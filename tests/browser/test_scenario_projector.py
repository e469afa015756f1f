"""The scenario player on a 1280 x 720 projector: with the Projector switch on, a worked
example fits JupyterLab's notebook area (some 600 px, the file browser folded) without
scrolling, at a mid step and at the last, for one example of each game: the whole panel
(Back, Next and Reset, the step's narration, the table) for You're Bluffing!, Horse
Trading, Bløff, Bluffer and a stand-alone auction; for the Bidder Up! board at least the
controls, the narration and the board. Before, the panel was 800 to 2,100 px tall and
the teacher scrolled during the lesson. The Bidder Up! board's words, all-seeing and in a
seat's view, are 15 px or more on the projector (they were 8.7 px: the board was drawn in
the notebook's type and 390 px tall), none of its labels meeting another.

The steps are taken as a teacher takes them: Projector clicked, then Next clicked to the
last step. Screenshots: ``.tmp/screenshots/scenario-projector-<example>-<step>.png``.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Locator, Page, expect

from .conftest import SCREENSHOTS, WAIT_MS, LabServer, cut_buttons
from .test_bidder_up_play import WORDS_JS
from .test_lab import BUTTONS, idle, open_and_run_all, soon

pytestmark = pytest.mark.browser

#: One example of each game: (name, the mid step it opens at, its last step, whether the
#: whole panel must fit or only its controls, narration and board).
EXAMPLES = [
    ("yb-scoring-2460", 1, 2, True),                     # You're Bluffing!: the end's score tables
    ("ht-cant-pay", 6, 11, True),                        # Horse Trading: all money shown
    ("bloff-anne-calls-david", 7, 14, True),             # Bløff: "Last call: ... David took the pile."
    ("bluffer-worked-question", 7, 11, True),            # Bluffer: the answer sheets, then the reveal
    ("bu-second-hand-cow-buy", 3, 5, True),              # a stand-alone Bidder Up! auction
    ("bu-board-fairground-score-4250", 2, 5, False),     # the Bidder Up! board, and its final scores
]

#: The panel's box, the notebook's visible area and the parts that must be on screen, in
#: the page's pixels (as test_panels_play.FIT_JS).
FIT_JS = """e => {
  const box = r => ({top: r.top, bottom: r.bottom, height: r.height});
  const area = e.closest('.jp-WindowedPanel-outer') || e.closest('.jp-Notebook');
  const part = s => { const x = e.querySelector(s); return x && x.offsetParent !== null
      ? box(x.getBoundingClientRect()) : null; };
  const shown = [...e.querySelectorAll('button')].filter(b => ['Back', 'Next', 'Reset'].includes(b.textContent.trim())
      && b.offsetParent !== null).map(b => b.getBoundingClientRect());
  const controls = shown.length === 3 ? {top: Math.min(...shown.map(r => r.top)),
      bottom: Math.max(...shown.map(r => r.bottom))} : null;
  return {panel: box(e.getBoundingClientRect()), area: box(area.getBoundingClientRect()),
          controls, narration: part('.bk-narration'), table: part('.bk-scenario-table'),
          board: part(".bk-scenario-table svg[aria-label$=' board']"),
          scrollWidth: e.scrollWidth, clientWidth: e.clientWidth,
          outerScrollWidth: e.parentElement.scrollWidth, outerClientWidth: e.parentElement.clientWidth};
}"""


def notebook(server: LabServer, examples=EXAMPLES, seat: int | None = None,
             path: str = "scenario-projector.ipynb") -> str:
    """A notebook with one player per example, each opened at its mid step (in ``seat``'s view)."""
    cells = [{"cell_type": "code", "execution_count": None, "id": f"p{k}", "metadata": {}, "outputs": [],
              "source": f"from bluffkit.widgets import ScenarioPlayer\n"
                        f"p = ScenarioPlayer({name!r}, seat={seat!r})\np.go({mid})\np"}
             for k, (name, mid, _, _) in enumerate(examples)]
    nb = {"cells": cells, "nbformat": 4, "nbformat_minor": 5,
          "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                      "name": "python3"}}}
    (server.root / path).write_text(json.dumps(nb))
    return path


def check_projector_fit(panel: Locator, name: str, whole: bool) -> None:
    """As test_panels_play.check_fit: no horizontal scrollbar; with the panel's top at the
    top of the notebook's visible area, the whole panel within it (``whole``), or at least
    Back, Next and Reset, the narration and the board."""
    panel.evaluate("e => e.scrollIntoView({block: 'start'})")
    fit = panel.evaluate(FIT_JS)
    assert fit["scrollWidth"] <= fit["clientWidth"] and fit["outerScrollWidth"] <= fit["outerClientWidth"], \
        f"{name}: the panel is wider than its box (a horizontal scrollbar): {fit}"
    area = fit["area"]
    if whole:
        assert fit["panel"]["height"] <= area["height"], \
            (f"{name}: the projector panel is {fit['panel']['height']:.0f} px tall, the notebook shows "
             f"{area['height']:.0f} px at 1280 x 720")
        assert fit["panel"]["bottom"] <= area["bottom"] + 1, f"{name}: the panel ends below the visible area: {fit}"
    for part in ("controls", "narration") + (("table",) if whole else ("board",)):
        got = fit[part]
        assert got is not None, f"{name}: no {part} on screen: {fit}"
        assert area["top"] - 1 <= got["top"] and got["bottom"] <= area["bottom"] + 1, \
            f"{name}: the {part} is not within the visible area ({got} in {area})"


#: Each other seat's herd and money, side by side on the projector: the gap between them.
APART_JS = """e => [...e.querySelectorAll('.bk-seat:not(.bk-me)')].filter(s => s.querySelector('.bk-money'))
  .map(s => { const herd = s.children[1].firstElementChild.getBoundingClientRect();
              const money = s.querySelector('.bk-money').getBoundingClientRect();
              return {seat: s.querySelector('.bk-name').textContent, herdRight: herd.right,
                      moneyLeft: money.left, sameLine: Math.abs(herd.top - money.top) < herd.height}; })"""


def check_herds_apart(panel: Locator, name: str) -> int:
    """The words or cards of a seat's herd end a few pixels before its money begins (the
    italic "no animals" ran into the first note); how many seats were measured."""
    seats = [seat for seat in panel.evaluate(APART_JS) if seat["sameLine"]]
    for seat in seats:
        assert seat["moneyLeft"] - seat["herdRight"] >= 4, f"{name}: {seat['seat']}'s herd touches their money: {seat}"
    return len(seats)


def check_board_words(panel: Locator, name: str) -> None:
    """The Bidder Up! board's words (tiles, pens, costs, pawns) 15 px or more on the screen,
    and no label of the board meeting another or covering a space."""
    seen = panel.locator(".bk-scenario-table svg[aria-label$=' board']").first.evaluate(WORDS_JS)
    small = sorted((round(px, 1), words) for words, px in seen["words"] if px < 15)
    assert seen["words"] and not small, f"{name}: words under 15 px on a {seen['width']:.0f} px board: {small}"
    assert not seen["clashes"], f"{name}: {seen['clashes']}"


def step_through(page: Page, examples, shots: str = "") -> None:
    """Each example's panel (in the page's order): Projector clicked, then Next to the last
    step; at the mid and the last step the panel fits the screen (:func:`check_projector_fit`)
    and a Bidder Up! board's words are large (:func:`check_board_words`); then Projector off."""
    current = page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current")
    if current.count():                 # the file browser folded, as a teacher projecting has it
        current.click()
    expect(page.locator("#jp-left-stack")).to_be_hidden(timeout=WAIT_MS)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    panels = page.locator(".bk-panel").filter(has=page.locator(".bk-narration"))     # (not a board's side panel)
    soon(lambda t: expect(panels).to_have_count(len(examples), timeout=t))
    for k, (name, mid, last, whole) in enumerate(examples):
        panel = panels.nth(k)
        panel.evaluate("e => e.scrollIntoView({block: 'start'})")
        panel.locator(BUTTONS).filter(has_text=re.compile(r"^\s*Projector\s*$")).click()
        soon(lambda t, panel=panel: expect(panel).to_have_class(re.compile(r"\bbk-projector\b"), timeout=t))
        narration = panel.locator(".bk-narration")
        for step in range(mid, last + 1):
            if step > mid:
                panel.locator(BUTTONS).filter(has_text=re.compile(r"^\s*Next\s*$")).click()
            said = f"Step {step} of {last}"
            soon(lambda t, said=said, narration=narration: expect(narration).to_contain_text(said, timeout=t))
            if step not in (mid, last):
                continue
            idle()                                      # the table and the numbers drawn too
            panel.evaluate("e => e.scrollIntoView({block: 'start'})")
            page.wait_for_timeout(200)
            page.screenshot(path=str(SCREENSHOTS / f"scenario-projector-{name}{shots}-{step}.png"))
            assert cut_buttons(panel) == [], f"{name} step {step}: buttons whose label does not fit"
            check_projector_fit(panel, f"{name}{shots} at step {step}", whole)
            measured = check_herds_apart(panel, f"{name} at step {step}")
            assert measured or not name.startswith(("yb-", "ht-")), f"{name}: no seat's herd and money measured"
            if name.startswith("bu-board"):
                check_board_words(panel, f"{name}{shots} at step {step}")
        # Projector off again, as a teacher does before the next example: while a panel is on the
        # projector the notebook's other panels are hidden, the next one's Projector among them
        panel.locator(BUTTONS).filter(has_text=re.compile(r"^\s*Projector\s*$")).click()
        soon(lambda t, panel=panel: expect(panel).not_to_have_class(re.compile(r"\bbk-projector\b"), timeout=t))


def test_every_games_example_fits_the_projector(page: Page, lab_server: LabServer):
    page.set_viewport_size({"width": 1280, "height": 720})
    open_and_run_all(page, lab_server, notebook(lab_server))
    step_through(page, EXAMPLES)


def test_a_seats_view_of_the_bidder_up_board_fits_the_projector_in_large_type(page: Page, lab_server: LabServer):
    """Annette's view (seat 2) of the Fairground scoring example on the projector: the
    board drawn from her observation alone, its words large, the controls, the narration
    and the board on the screen."""
    board = [e for e in EXAMPLES if e[0].startswith("bu-board")]
    page.set_viewport_size({"width": 1280, "height": 720})
    open_and_run_all(page, lab_server, notebook(lab_server, board, seat=2, path="scenario-projector-seat.ipynb"))
    expect(page.locator(".bk-sp-bar select option:checked").first).to_have_text("Annette's view", timeout=WAIT_MS)
    step_through(page, board, "-seat-2")


def test_auto_play_is_a_named_button_that_plays_and_pauses(page: Page, lab_server: LabServer):
    """Auto-play, as a keyboard user presses it: a button named "Auto-play" (ipywidgets'
    Play, icons with no names, is not drawn), pressed with Enter, steps through the example
    in the browser and is named "Pause" while it plays; pressed again it stops where it is."""
    name, path = "ht-cant-pay", "scenario-auto-play.ipynb"
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "p", "metadata": {}, "outputs": [],
                     "source": f"from bluffkit.widgets import ScenarioPlayer\np = ScenarioPlayer({name!r})\n"
                               "p.speed.value = 0.4\np"}],
          "nbformat": 4, "nbformat_minor": 5,
          "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}}}
    (lab_server.root / path).write_text(json.dumps(nb))
    page.set_viewport_size({"width": 1280, "height": 720})
    open_and_run_all(page, lab_server, path)
    panel = page.locator(".bk-panel").filter(has=page.locator(".bk-narration")).first
    assert panel.locator(".widget-play button").count() == 0 or not panel.locator(".widget-play").is_visible()
    # (by its accessible name, as a screen reader finds it: the icon's glyph may come first)
    auto = panel.get_by_role("button", name=re.compile(r"Auto-play$"))
    expect(auto).to_be_visible(timeout=WAIT_MS)
    narration = panel.locator(".bk-narration")
    auto.focus()
    page.keyboard.press("Enter")
    pause = panel.get_by_role("button", name=re.compile(r"Pause$"))
    expect(pause).to_be_visible(timeout=WAIT_MS)
    soon(lambda t: expect(narration).to_contain_text(re.compile(r"Step [2-5] of"), timeout=t))
    pause.click()
    expect(auto).to_be_visible(timeout=WAIT_MS)
    idle()
    stopped = narration.text_content()
    page.wait_for_timeout(1300)                         # (more than three steps at 0.4 s)
    assert narration.text_content() == stopped, "Pause did not stop the steps"
