"""The scenario player's Step box, typed in as a teacher types in it, at 1280 x 720. The
slider's readout was edited in the browser, which read it itself: "1e3" and "1,000" went to
step 1 and "99" to the last step, without a word. The readout is gone (nothing there to type
in); the box beside the slider goes to the step typed, or keeps the step shown and says why
not under it. On the projector the slider and the box are left out, as the slider was.
Screenshots: ``.tmp/screenshots/scenario-step-box-*.png``."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from .conftest import SCREENSHOTS, WAIT_MS, LabServer
from .test_lab import BUTTONS, idle, open_and_run_all, soon

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_a_step_typed_in_the_step_box_is_shown_or_refused_in_words(page: Page, lab_server: LabServer):
    path = "scenario-step-box.ipynb"
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "p", "metadata": {}, "outputs": [],
                     "source": "from bluffkit.widgets import ScenarioPlayer\np = ScenarioPlayer('ht-cant-pay')\n"
                               "p.go(3)\np"}],
          "nbformat": 4, "nbformat_minor": 5,
          "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}}}
    (lab_server.root / path).write_text(json.dumps(nb))
    page.set_viewport_size({"width": 1280, "height": 720})
    open_and_run_all(page, lab_server, path)
    panel = page.locator(".bk-scenario").first
    narration, row = panel.locator(".bk-narration"), panel.locator(".bk-sp-step")
    soon(lambda t: expect(narration).to_contain_text("Step 3 of 11", timeout=t))
    expect(row.locator(".widget-readout")).to_be_hidden()             # (it was contenteditable)
    box = row.locator("input[type=text]")
    expect(box).to_have_value("3", timeout=WAIT_MS)
    slider, typed_box = row.locator(".widget-slider").bounding_box(), box.bounding_box()
    assert abs(slider["y"] + slider["height"] / 2 - (typed_box["y"] + typed_box["height"] / 2)) < 8, \
        "the box beside the slider, on its line, where the readout was"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    for typed, why in (("1e3", "'1e3' (1,000) is past the last step: this example has steps 0 to 11"),
                       ("1,000", "'1,000' is past the last step"), ("99", "'99' is past the last step"),
                       ("1.5", "'1.5' is no step")):
        box.fill(typed)
        box.press("Enter")
        soon(lambda t, why=why: expect(row.locator(".bk-step-note")).to_contain_text(why, timeout=t))
        idle()
        expect(narration).to_contain_text("Step 3 of 11")            # the step shown stays
        expect(box).to_have_value(typed)
        if typed == "1e3":
            page.screenshot(path=str(SCREENSHOTS / "scenario-step-box-refused.png"))
            # the box keeps the focus after Enter: its ring (3 px, 2 px out) whole, not cut to
            # an "L" by a row that scrolls what overflows it
            assert row.evaluate("e => [getComputedStyle(e).overflowX, getComputedStyle(e).overflowY]") \
                == ["visible", "visible"]

    box.fill("7")
    box.press("Enter")
    soon(lambda t: expect(narration).to_contain_text("Step 7 of 11", timeout=t))
    expect(row.locator(".bk-step-note")).to_have_count(0)
    box.fill("1e1")
    box.press("Enter")
    soon(lambda t: expect(narration).to_contain_text("Step 10 of 11", timeout=t))
    soon(lambda t: expect(box).to_have_value("10", timeout=t))
    panel.locator(BUTTONS).filter(has_text=re.compile(r"^\s*Next\s*$")).click()
    soon(lambda t: expect(box).to_have_value("11", timeout=t))
    page.screenshot(path=str(SCREENSHOTS / "scenario-step-box.png"))

    panel.locator(BUTTONS).filter(has_text=re.compile(r"^\s*Projector\s*$")).click()
    soon(lambda t: expect(panel).to_have_class(re.compile(r"\bbk-projector\b"), timeout=t))
    expect(box).to_be_hidden()
    page.screenshot(path=str(SCREENSHOTS / "scenario-step-box-projector.png"))


def test_the_replay_viewers_step_box_is_the_same_and_stays_on_the_projector(page: Page, lab_server: LabServer):
    """The replay viewer's slider had the same readout ("1e3", "1,000" and "1.5" went to step 1).
    Its box reads a game's steps (here 0 to 408), and is typed in while Auto-play runs; on
    the projector the row stays, as the slider did. Screenshots:
    ``.tmp/screenshots/replay-step-box-*.png``."""
    path = "replay-step-box.ipynb"
    source = ("from bluffkit.core.game import make_game\nfrom bluffkit.session import Session\n"
              "from bluffkit.widgets import ReplayViewer\n"
              "r = ReplayViewer(Session(make_game('horse-trading'), ['random'] * 3, seed=4).run())\n"
              "r.step.value = 3\nr")
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "r", "metadata": {}, "outputs": [],
                     "source": source}],
          "nbformat": 4, "nbformat_minor": 5,
          "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}}}
    (lab_server.root / path).write_text(json.dumps(nb))
    page.set_viewport_size({"width": 1280, "height": 720})
    open_and_run_all(page, lab_server, path)
    panel = page.locator(".bk-panel").first
    events = panel.locator(".bk-events")
    row = panel.locator(".widget-hbox").filter(has=page.locator(".widget-slider")).filter(
        has=page.locator("input[type=text]")).first
    soon(lambda t: expect(events).to_contain_text("3. ", timeout=t))
    expect(row.locator(".widget-readout")).to_be_hidden()             # (it was contenteditable)
    box = row.locator("input[type=text]")
    expect(box).to_have_value("3", timeout=WAIT_MS)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for typed, why in (("1e3", "'1e3' (1,000) is past the last step: this game has steps 0 to 408"),
                       ("1,000", "'1,000' is past the last step"), ("1.5", "'1.5' is no step")):
        box.fill(typed)
        box.press("Enter")
        soon(lambda t, why=why: expect(row.locator(".bk-step-note")).to_contain_text(why, timeout=t))
        idle()
        expect(events.locator("li > b")).to_contain_text("3. ")              # the step shown stays
        if typed == "1e3":
            page.screenshot(path=str(SCREENSHOTS / "replay-step-box-refused.png"))
    box.fill("1e2")
    box.press("Enter")
    soon(lambda t: expect(events.locator("li > b")).to_contain_text("100. ", timeout=t))
    expect(row.locator(".bk-step-note")).to_have_count(0)

    # Auto-play (0.8 s a step): its ticks wrote the step into the box over a step being typed
    # ("12" typed across a tick became "92", then the next step), and a step typed and sent
    # was passed over by the next tick. The box is empty while it plays (the step's number in
    # the slider's name), and a step typed there pauses Auto-play at it.
    auto = panel.get_by_role("button", name=re.compile(r"Auto-play$"))
    auto.click()
    pause = panel.get_by_role("button", name=re.compile(r"Pause$"))
    expect(pause).to_be_visible(timeout=WAIT_MS)
    soon(lambda t: expect(box).to_have_value("", timeout=t))
    expect(box).to_have_attribute("placeholder", "go to")
    soon(lambda t: expect(row.locator(".widget-label").first).to_have_text(re.compile(r"^Step 1\d\d$"), timeout=t))
    box.click()
    box.type("12", delay=1000)                          # (a tick between the two keys)
    page.screenshot(path=str(SCREENSHOTS / "replay-step-box-typed-while-playing.png"))
    assert box.input_value() == "12", "a tick wrote over the step being typed"
    box.press("Enter")
    expect(auto).to_be_visible(timeout=WAIT_MS)
    soon(lambda t: expect(events.locator("li > b")).to_contain_text("12. ", timeout=t))
    page.wait_for_timeout(1700)                         # (two ticks, had it gone on)
    idle()
    expect(events.locator("li > b")).to_contain_text("12. ")
    expect(box).to_have_value("12")
    expect(row.locator(".widget-label").first).to_have_text("Step")

    panel.locator(BUTTONS).filter(has_text=re.compile(r"^\s*Projector\s*$")).click()
    soon(lambda t: expect(panel).to_have_class(re.compile(r"\bbk-projector\b"), timeout=t))
    expect(box).to_be_visible()
    slider, typed_box = row.locator(".widget-slider").bounding_box(), box.bounding_box()
    assert abs(slider["y"] + slider["height"] / 2 - (typed_box["y"] + typed_box["height"] / 2)) < 8, \
        "the box beside the slider, on its line, on the projector too"
    box.fill("408")
    box.press("Enter")
    soon(lambda t: expect(events.locator("li > b")).to_contain_text("408. ", timeout=t))
    page.screenshot(path=str(SCREENSHOTS / "replay-step-box-projector.png"))
