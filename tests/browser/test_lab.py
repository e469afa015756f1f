"""The notebooks' widgets in a real browser: JupyterLab in headless Chromium.

Each test opens a notebook in JupyterLab, runs all its cells, and plays with the widget the
way a person would, by clicking its buttons. Screenshots go to .tmp/screenshots/.
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Locator, Page, expect

from .conftest import REPO, SCREENSHOTS, WAIT_MS, WAIT_S, LabServer, open_notebook, serve_cells

pytestmark = pytest.mark.browser

BUTTONS = "button.jupyter-button, button.widget-button"


def button(page: Page, text: str | re.Pattern) -> Locator:
    """The ipywidgets button whose whole text is ``text`` (icons aside)."""
    pattern = text if isinstance(text, re.Pattern) else re.compile(rf"^\s*{re.escape(text)}\s*$")
    return page.locator(BUTTONS).filter(has_text=pattern)


# A slow machine makes the kernel slow: every wait on the kernel's work counts only the
# time the kernel is idle (or not started yet), never the time it is busy or starting,
# so a loaded machine cannot fail a test by running the notebook slowly. WAIT_S bounds
# that idle time; HARD_S, in wall time, only a kernel that never stops being busy.
HARD_S = 20 * 60
BUSY = ("busy", "starting", "restarting", "autorestarting")


def kernel_state(server: LabServer, name: str) -> str:
    """The execution state of the notebook's kernel, as the server last heard it."""
    for s in server.api("/api/sessions"):
        if s.get("path", "").endswith(name):
            return (s.get("kernel") or {}).get("execution_state", "no kernel")
    return "no session"


def wait_on_kernel(server: LabServer, name: str, check, what: str):
    """Call ``check()`` until it returns something true, and return that; fail once the
    kernel of ``name`` has been idle for WAIT_S seconds in all (busy time is not counted)
    without it, or has died."""
    start = last = time.monotonic()
    idle = 0.0
    state = "no session"
    while True:
        value = check()
        if value:
            return value
        now = time.monotonic()
        state = kernel_state(server, name)
        if state == "dead":
            pytest.fail(f"the kernel of {name} died while waiting for {what}; "
                        f"JupyterLab log:\n{server.log_tail()}", pytrace=False)
        if state not in BUSY:
            idle += now - last
        last = now
        if idle > WAIT_S or now - start > HARD_S:
            pytest.fail(f"{what}: not within {WAIT_S} s of an idle kernel ({now - start:.0f} s in all; "
                        f"kernel state: {state}); JupyterLab log:\n{server.log_tail()}", pytrace=False)
        time.sleep(0.25)


def wait_kernel_idle(server: LabServer, name: str) -> None:
    """Wait until the notebook's session exists and its kernel is idle."""
    wait_on_kernel(server, name, lambda: kernel_state(server, name) == "idle", f"the kernel of {name} to be idle")


def settled(server: LabServer, name: str, assertion, what: str) -> None:
    """Retry a Playwright assertion (``assertion(timeout_ms)``) while the kernel works;
    once the kernel has been idle for WAIT_S s, run it a last time to fail with its message."""
    def check():
        try:
            assertion(1000)
        except AssertionError:
            return False
        return True
    try:
        wait_on_kernel(server, name, check, what)
    except pytest.fail.Exception:
        assertion(1000)
        raise


# In the page: "error: ..." when a cell raised, "done" when every non-empty code cell has
# run (its prompt shows a number), else null.
CELLS_DONE_JS = r"""() => {
    const err = document.querySelector(
        '.jp-Notebook .jp-OutputArea-output[data-mime-type="application/vnd.jupyter.error"]');
    if (err) return 'error: ' + err.innerText.slice(-2000);
    for (const cell of document.querySelectorAll('.jp-Notebook .jp-CodeCell')) {
        const source = cell.querySelector('.jp-InputArea-editor');
        if (source && !source.innerText.trim()) continue;
        const prompt = cell.querySelector('.jp-InputArea-prompt');
        if (!prompt || !/\[\d+\]/.test(prompt.innerText)) return null;
    }
    return 'done';
}"""


def open_and_run_all(page: Page, server: LabServer, name: str) -> None:
    """Open ``name`` in JupyterLab, wait for its kernel, Run > Run All Cells, and wait until
    every cell has run (fails at once, with the traceback, if a cell raises)."""
    open_notebook(page, server, name)
    expect(page.locator(".jp-NotebookPanel .jp-Notebook .jp-Cell").first).to_be_visible(timeout=WAIT_MS)
    wait_kernel_idle(server, name)
    # The toolbar's kernel indicator too: the page is connected to the idle kernel.
    expect(page.locator(".jp-NotebookPanel-toolbar .jp-Notebook-ExecutionIndicator[data-status='idle']")
           ).to_have_count(1, timeout=WAIT_MS)
    page.locator(".lm-MenuBar-item").filter(has_text=re.compile(r"^\s*Run\s*$")).click()
    page.locator(".lm-Menu-content .lm-Menu-item").filter(
        has=page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^\s*Run All Cells\s*$"))).click()
    outcome = wait_on_kernel(server, name, lambda: page.evaluate(CELLS_DONE_JS), f"every cell of {name} to run")
    if outcome != "done":
        pytest.fail(f"a cell of {name} raised in JupyterLab:\n{outcome}", pytrace=False)
    _OPEN[:] = [server, name]


#: The server and notebook that :func:`open_and_run_all` opened last: what :func:`soon` waits on.
_OPEN: list = []


def soon(assertion) -> None:
    """A Playwright assertion on what a click or a cell makes the page show: retried while
    the notebook's kernel works (see :func:`settled`)."""
    server, name = _OPEN
    settled(server, name, assertion, "the page to show what the test waits for")


def idle() -> None:
    """Wait until the open notebook's kernel is idle: every message sent has been handled and
    its redraw sent (a value typed before that may be drawn over by a redraw still on its way)."""
    server, name = _OPEN
    wait_on_kernel(server, name, lambda: kernel_state(server, name) not in BUSY, "the kernel to go idle")


def open_on(page: Page, who: str) -> Locator:
    """The cell of the table open on ``who``'s view: a table with one human seat shows it
    at once, its cover screen (and the cover's Show button) hidden."""
    panel = page.locator(".bk-panel").filter(has_text=re.compile(rf"{who}['\u2019]s view|your view"))
    soon(lambda t: expect(panel).to_have_count(1, timeout=t))
    show = panel.locator(BUTTONS).filter(has_text=re.compile(r"^\s*Show "))
    expect(show).to_be_hidden()
    return cell_of(page, panel)


def cell_of(page: Page, element: Locator) -> Locator:
    """The notebook cell holding ``element``, as a locator that stays on that cell when
    the widget's contents change."""
    index = element.evaluate(
        "e => Array.from(document.querySelectorAll('.jp-Notebook .jp-Cell')).indexOf(e.closest('.jp-Cell'))")
    assert index >= 0, "the widget is not inside a notebook cell"
    return page.locator(".jp-Notebook .jp-Cell").nth(index)


def save_screenshot(page: Page, widget: Locator, name: str) -> None:
    """Scroll ``widget`` into view and save the page as .tmp/screenshots/NAME.png."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    # Centre the widget when it fits in the window, else show its top.
    widget.evaluate("""e => e.scrollIntoView({block:
        e.getBoundingClientRect().height < window.innerHeight - 150 ? 'center' : 'start'})""")
    page.wait_for_timeout(300)  # let the notebook settle after scrolling
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def test_every_assertion_waits_as_long_as_an_action(page: Page):
    """expect()'s default of 5 s failed a notebook's first cell on a loaded machine (drawn
    after 5 s): the browser tests' assertions wait WAIT_MS, as their actions do."""
    assert expect._timeout == WAIT_MS


def test_scenario_player_reaches_ben_pays_100(page: Page, lab_server: LabServer):
    open_and_run_all(page, lab_server, "scenario-player.ipynb")

    next_any = button(page, "Next")
    soon(lambda t: expect(next_any.first).to_be_visible(timeout=t))
    cell = cell_of(page, next_any.first)
    next_button = cell.locator(BUTTONS).filter(has_text=re.compile(r"^\s*Next\s*$"))
    for text in ("Back", "Next", "Reset"):
        expect(cell.locator(BUTTONS).filter(has_text=re.compile(rf"^\s*{text}\s*$"))).to_have_count(1)
    narration = cell.locator(".bk-narration").first
    expect(narration).to_be_visible()
    target = cell.locator(".bk-expect").filter(has_text="Ben pays 100")

    # After Run All the panel waits at step 0 for the class (the notebook's second cell steps
    # a player of its own, not shown): the outcome is not on screen before Next is pressed.
    soon(lambda t: expect(narration).to_contain_text("Step 0: the start. Press Next to begin.", timeout=t))
    expect(target, "'Ben pays 100' ticked before any Next").to_have_count(0)
    expect(page.locator(".jp-OutputArea-output").filter(has_text="The panel above is at step 0")).to_have_count(1)

    # Step with Next until the narration says the last step ("Step 9 of 9"); the list of
    # the rulebook's numbers is another widget and may be drawn a moment later.
    last_step = re.compile(r"Step (\d+) of \1\b")
    clicks = 0
    while not last_step.search(narration.inner_text()):
        assert clicks < 12, (f"the last step not reached after {clicks} clicks on Next; "
                             f"narration: {narration.inner_text()!r}")
        before = narration.inner_text()
        next_button.click()
        clicks += 1
        soon(lambda t, before=before: expect(narration).not_to_have_text(before, use_inner_text=True, timeout=t))
        if clicks == 6:                      # Ben has just bid 60: the auction is open
            soon(lambda t: expect(narration).to_contain_text("Ben bids 60", timeout=t))
            save_screenshot(page, cell.locator(".jp-OutputArea-output").first, "scenario-player-mid-auction")
    soon(lambda t: expect(target.first, "'Ben pays 100' is ticked at the last step").to_be_visible(timeout=t))
    expect(target.first).to_contain_text("Ben pays 100")
    print(f"'Ben pays 100' shown after {clicks} clicks on Next")

    save_screenshot(page, cell.locator(".jp-OutputArea-output").first, "scenario-player")

    # Carla's view: the Example list the browser holds names the examples by number and
    # source, not by titles that may tell what Carla cannot see
    view = cell.get_by_label("View", exact=True)
    example = cell.get_by_label("Example", exact=True)
    view.select_option(label="Carla's view")

    def numbered(timeout_ms):             # (ipywidgets writes an option's spaces as no-break spaces)
        first = example.evaluate("e => e.options[0].text").replace("\xa0", " ")
        assert first.startswith("Example 1: "), f"the Example list in Carla's view starts {first!r}"
    soon(numbered)
    texts = [x.replace("\xa0", " ") for x in example.evaluate("e => Array.from(e.options, o => o.text)")]
    assert not any("Ben pays 50 + 50" in x for x in texts), texts
    chosen = example.evaluate("e => e.options[e.selectedIndex].text").replace("\xa0", " ")
    assert "Horse Trading rules, 'Auction', example" in chosen, chosen


def test_table_human_bids(page: Page, lab_server: LabServer):
    open_and_run_all(page, lab_server, "table.ipynb")

    # The notebook holds two tables: work inside Bo's (his the one human seat, so no cover).
    cell = open_on(page, "Bo")

    amount = cell.locator(".bk-bid-amount input")
    bid = cell.locator(BUTTONS).filter(has_text=re.compile(r"^\s*Bid\s*$"))
    soon(lambda t: expect(amount).to_be_visible(timeout=t))
    soon(lambda t: expect(bid).to_be_visible(timeout=t))

    # The lowest legal bid, as the table states it ("bid N or more"); 10 (the least bid in
    # Horse Trading) when it does not say.
    legal = cell.locator(".bk-legal")
    minimum = 10
    if legal.count():
        found = re.search(r"bid (\d+) or more", legal.first.inner_text())
        if found:
            minimum = int(found.group(1))
    # a bid above the lowest, typed and then Bid clicked at once: the box sends its value as
    # the click leaves it, just before the click (both must be handled in that order)
    wanted = minimum + 20
    amount.fill(str(wanted))
    bid.click()

    log = cell.locator(".bk-log").first
    soon(lambda t: expect(log).to_contain_text(f"Bo bids {wanted}.", timeout=t))
    print(f"Bo bid {wanted}; the log: {log.inner_text()!r}")

    save_screenshot(page, cell.locator(".jp-OutputArea-output").first, "table")


def test_charts_draw_offline(page: Page, lab_server: LabServer):
    """The scoring explorer's interactive charts and the game charts draw in the browser
    with no network (this machine reaches no CDN): vega comes from vl-convert."""
    open_and_run_all(page, lab_server, "scoring-explorer.ipynb")
    drawn = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .vega-embed").locator("svg, canvas")
    soon(lambda t: expect(drawn.first).to_be_visible(timeout=t))
    assert drawn.count() >= 2, "both charts of the scoring explorer should draw"
    save_screenshot(page, drawn.first, "scoring-explorer")
    open_and_run_all(page, lab_server, "game-charts.ipynb")
    panel = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
    charts = panel.locator(".vega-embed svg, .vega-embed canvas")
    soon(lambda t: expect(charts.first).to_be_visible(timeout=t))
    assert charts.count() >= 3, "the money, auction and trade charts should all draw"
    save_screenshot(page, charts.first, "game-charts")


def test_bloff_table_lays_a_card(page: Page, lab_server: LabServer):
    """Bløff at the table: open on Anne's view, click a card, lay it as the rank in turn (the notebook's
    own table cell; its probability tables and simulations are nbval's to run)."""
    open_and_run_all(page, lab_server, serve_cells(lab_server, REPO / "notebooks" / "bloff.ipynb",
                                                   "bloff-table.ipynb", "BloffTable("))
    cell = open_on(page, "Anne")
    card = cell.locator(".bk-card-btn").first          # a card of the drawn hand, clicked
    soon(lambda t: expect(card).to_be_visible(timeout=t))
    card.click()
    lay = cell.locator(BUTTONS).filter(has_text=re.compile(r"Say"))
    soon(lambda t: expect(lay).to_contain_text("one ace", timeout=t))
    lay.click()
    log = cell.locator(".bk-log").first
    soon(lambda t: expect(log).to_contain_text("Anne says", timeout=t))
    save_screenshot(page, cell.locator(".jp-OutputArea-output").first, "bloff-table")


def test_bluffer_table_writes_and_reveals(page: Page, lab_server: LabServer):
    """Bluffer on one shared screen: open on Anne's view, type a false answer, see the reveal (the
    notebook's own table cell; its theory and simulations are nbval's to run)."""
    open_and_run_all(page, lab_server, serve_cells(lab_server, REPO / "notebooks" / "bluffer.ipynb",
                                                   "bluffer-table.ipynb", "BlufferTable("))
    cell = open_on(page, "Anne")
    save_screenshot(page, cell.locator(".jp-OutputArea-output").first, "bluffer-start")
    answer = cell.locator("input[placeholder='your false answer']").first
    soon(lambda t: expect(answer).to_be_visible(timeout=t))
    cell.locator(BUTTONS).filter(has_text=re.compile(r"^\s*Leader['\u2019]s screen\s*$")).click()
    hide = cell.locator(BUTTONS).filter(has_text=re.compile(r"^\s*Hide the leader['\u2019]s screen\s*$"))
    soon(lambda t: expect(hide).to_be_visible(timeout=t))
    hide.click()
    soon(lambda t: expect(answer).to_be_visible(timeout=t))
    answer.press_sequentially("a purple cow", delay=10)
    # a person's click: the button held down a moment, during which the box, left, sends its answer
    cell.locator(BUTTONS).filter(has_text=re.compile(r"^\s*Write it\s*$")).click(delay=150)
    reveal = cell.locator(".bk-reveal").first
    soon(lambda t: expect(reveal).to_contain_text("A Purple Cow", timeout=t))   # as read out (as_read)
    soon(lambda t: expect(reveal).to_contain_text("Anne", timeout=t))
    # the click that left the box wrote nothing more: the answer written on leaving it is the
    # click's own (a second write was refused in red: "Anne has written the most answers", or
    # the click, let go after the kernel had written, found the box empty: "type ... first")
    idle()
    expect(cell.locator(".bk-refusal")).to_have_count(0)
    # question 2: Ben leads and Anne votes once the sheets are read
    answer.fill("a green horse")
    cell.locator(BUTTONS).filter(has_text=re.compile(r"^\s*Write it\s*$")).click()
    soon(lambda t: expect(cell.locator(".bk-sheet-btn").first).to_be_visible(timeout=t))
    idle()
    expect(cell.locator(".bk-refusal")).to_have_count(0)
    save_screenshot(page, cell.locator(".jp-OutputArea-output").first, "bluffer-reveal")


def test_auction_lab_runs_one_auction(page: Page, lab_server: LabServer):
    """The Auction lab in the second-price notebook: run one auction to its end (the
    notebook's own lab cell; its simulations and charts are nbval's to run)."""
    open_and_run_all(page, lab_server, serve_cells(lab_server, REPO / "notebooks" / "second-price-auctions.ipynb",
                                                   "second-price-lab.ipynb", "AuctionLab("))
    run = button(page, "Run to the end")
    soon(lambda t: expect(run).to_have_count(1, timeout=t))
    cell = cell_of(page, run)
    run.click()
    soon(lambda t: expect(cell.locator(".jp-OutputArea-output").first).to_contain_text("Owners", timeout=t))
    save_screenshot(page, cell.locator(".jp-OutputArea-output").first, "auction-lab")

    # Every bidder's strategy menu on a 1280 x 720 screen, for each number of bidders the
    # slider allows, the file browser open and folded: six bidders' menus ran past the
    # right edge in one row, to "Bidde" with the file browser open, "equ" with it folded.
    from .conftest import show_file_browser
    page.set_viewport_size({"width": 1280, "height": 720})
    lab = cell.locator(".bk-lab").first
    handle = cell.locator(".bk-settings .noUi-handle").first
    shown = cell.locator(".bk-settings .widget-dropdown").filter(has_text=re.compile(r"^\s*Bidder \d"))
    start = shown.count()                       # (the notebook's lab: 3 bidders)
    handle.focus()
    for _ in range(start - 1):
        handle.press("ArrowLeft")                 # (the slider's own step: one bidder fewer)
        idle()
    for bidders in range(1, 10):
        if bidders > 1:
            handle.focus()
            handle.press("ArrowRight")
        soon(lambda t, n=bidders: expect(shown).to_have_count(n, timeout=t))
        idle()
        for files in (True, False):
            show_file_browser(page, files)
            past = lab.evaluate("""lab => {
                const edge = Math.min(lab.getBoundingClientRect().right, window.innerWidth);
                return [...lab.querySelectorAll('.bk-settings .widget-dropdown, .bk-settings .widget-slider, '
                                                + '.bk-settings .widget-checkbox')]
                    .filter(e => e.offsetParent !== null && e.getBoundingClientRect().right > edge + 1)
                    .map(e => e.innerText.trim().split('\\n')[0]);
            }""")
            assert not past, (f"{bidders} bidders, file browser {'open' if files else 'folded'}: past the "
                              f"lab's right edge at 1280 x 720: {past}")
            if bidders in (6, 9):
                save_screenshot(page, lab, f"auction-lab-{bidders}-bidders-{'files' if files else 'folded'}")
    # on the projector the settings (the menus among them) are hidden: nothing runs past the edge
    projector = cell.locator(BUTTONS).filter(has_text=re.compile(r"^\s*Projector\s*$"))
    projector.click()
    soon(lambda t: expect(lab).to_have_class(re.compile(r"\bbk-projector\b"), timeout=t))
    for files in (True, False):
        show_file_browser(page, files)
        expect(shown.first).to_be_hidden()
        wide = lab.evaluate("lab => lab.getBoundingClientRect().right <= Math.min(window.innerWidth, "
                            "lab.parentElement.getBoundingClientRect().right) + 1 && lab.scrollWidth <= lab.clientWidth + 1")
        assert wide, f"the lab on the projector, file browser {'open' if files else 'folded'}, is wider than its place"
    projector.click()
    soon(lambda t: expect(shown).to_have_count(9, timeout=t))

    # Many auctions: the cash chart's x axis says cash, as its title does, and 0 is labelled
    # (it read "revenue of one auction", labelled -0.5, -0.3, -0.1, 0.1, ...)
    cell.locator(".lm-TabBar-tab").filter(has_text="Many auctions").click()
    count = cell.get_by_label("Auctions", exact=True)
    count.fill("300")
    count.press("Enter")
    idle()
    cell.locator(BUTTONS).filter(has_text=re.compile(r"^\s*Simulate\s*$")).click()
    chart = cell.locator(".vega-embed svg").first
    soon(lambda t: expect(chart).to_contain_text("cash of one auction", timeout=t))
    labels = chart.evaluate("svg => [...svg.querySelectorAll('.role-axis-label text')].map(t => t.textContent)")
    assert "0.0" in labels or "0" in labels, f"no 0 among the cash axis's labels: {labels}"
    save_screenshot(page, chart, "auction-lab-cash-chart")
