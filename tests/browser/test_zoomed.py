"""Panels at 150 % browser zoom on a 1280 x 720 screen, JupyterLab's file browser open: a
page of 853 x 480 CSS pixels, drawn at a device scale factor of 1.5 (as Chromium zooms a
page: the layout of a smaller window, each pixel drawn larger). There Bløff's "Bløff!"
read "Bl…" on the projector, the auction lab's top row on the projector cut its four
buttons ("N…", "New au"), and off the projector a game panel's foot cut "Save log" short: the
buttons keep their words whole, a row that cannot hold them wraps. Screenshots: ``.tmp/screenshots/zoomed-<panel>.png``.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from .conftest import SCREENSHOTS, WAIT_MS, LabServer, cut_buttons, show_file_browser
from .test_lab import BUTTONS, open_and_run_all, soon

pytestmark = pytest.mark.browser

#: Bløff at Anne's first call ("Bløff!" and "Let it go" offered), then the auction lab, both
#: on the projector.
CELLS = {
    "bloff": 'import numpy as np\n'
             'from bluffkit.widgets import BloffTable\n'
             't = BloffTable(players=4, humans=[0], names=["Anne", "Bjørn", "Carla", "David"], seed=4)\n'
             's, rng = t.session, np.random.default_rng(1)\n'
             'while not s.observe(0).legal.call:\n'
             '    s.advance()\n'
             '    if s.observe(0).legal.play_from is not None:\n'
             '        s.play(s.legal(0).sample(rng), 0)\n'
             't.refresh()\n'
             't.projector.value = True\n'
             't',
    "lab": 'from bluffkit.widgets import AuctionLab\n'
           'lab = AuctionLab(fmt="second-hand", bidders=3, seed=1)\n'
           'lab.projector.value = True\n'
           'lab',
}


def test_at_150_percent_zoom_the_projectors_buttons_keep_their_words(page: Page, lab_server: LabServer):
    name = "zoomed.ipynb"
    cells = [{"cell_type": "code", "execution_count": None, "id": key, "metadata": {}, "outputs": [], "source": src}
             for key, src in CELLS.items()]
    (lab_server.root / name).write_text(json.dumps({
        "cells": cells, "nbformat": 4, "nbformat_minor": 5,
        "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}}}))
    # a page of its own: the shared one is drawn at a scale factor of 1 (fixed with its context)
    # (run at 1280 x 720: on the narrow page the kernel's indicator that the run waits for
    # is folded into the notebook toolbar's menu)
    context = page.context.browser.new_context(viewport={"width": 1280, "height": 720}, device_scale_factor=1.5)
    context.set_default_timeout(WAIT_MS)
    try:
        zoomed = context.new_page()
        open_and_run_all(zoomed, lab_server, name)
        zoomed.set_viewport_size({"width": 853, "height": 480})
        show_file_browser(zoomed, True)
        assert zoomed.evaluate("[innerWidth, innerHeight, devicePixelRatio]") == [853, 480, 1.5]
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        for key, panel, button in (("bloff", zoomed.locator(".bk-panel").first, "Bl\u00f8ff!"),
                                   ("lab", zoomed.locator(".bk-lab").first, "Run to the end")):
            soon(lambda t, panel=panel: expect(panel).to_have_class(re.compile(r"\bbk-projector\b"), timeout=t))
            shown = panel.locator(BUTTONS).filter(has_text=re.compile(rf"^\s*{re.escape(button)}\s*$"))
            soon(lambda t, shown=shown: expect(shown).to_be_visible(timeout=t))
            panel.evaluate("e => e.scrollIntoView({block: 'start'})")
            zoomed.wait_for_timeout(300)
            zoomed.screenshot(path=str(SCREENSHOTS / f"zoomed-{key}.png"))
            assert cut_buttons(panel) == [], f"{key} at 150 %: buttons whose label does not fit"
            width = panel.evaluate("e => [e.scrollWidth, e.clientWidth]")
            assert width[0] <= width[1], f"{key} at 150 %: the panel is wider than its box: {width}"
        # Bløff off the projector: its foot's Undo, Log file and Save log (Save log was cut short)
        # (the lab's switch off first: while a panel is on the projector the others are hidden)
        for panel in (zoomed.locator(".bk-lab").first, zoomed.locator(".bk-panel").first):
            panel.locator(BUTTONS).filter(has_text=re.compile(r"^\s*Projector\s*$")).first.click()
            soon(lambda t, panel=panel: expect(panel).not_to_have_class(re.compile(r"\bbk-projector\b"), timeout=t))
        save = panel.locator(BUTTONS).filter(has_text=re.compile(r"^\s*Save log\s*$"))
        save.scroll_into_view_if_needed()
        zoomed.wait_for_timeout(300)
        zoomed.screenshot(path=str(SCREENSHOTS / "zoomed-bloff-notebook.png"))
        assert cut_buttons(panel) == [], "Bløff off the projector at 150 %: buttons whose label does not fit"
    finally:
        context.close()
