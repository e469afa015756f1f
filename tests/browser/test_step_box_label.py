"""The Step row's slider names the step while Auto-play runs ("Step 123,456"): in
ipywidgets' 80 px label a step past 9,999 was cut ("Step 123,4..."), 88 px of text in 80.
The label is as wide as the last step's number needs, in the label's type."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from .conftest import WAIT_MS, LabServer
from .test_lab import open_and_run_all

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_a_six_figure_step_is_whole_in_the_sliders_name(page: Page, lab_server: LabServer):
    src = ("from bluffkit.widgets.step_box import StepRow\nimport ipywidgets as W\n"
           "r = StepRow(whose='x', tooltip='t', max=200_000)\nr.slider.value = 123_456\n"
           "r.slider.description = 'Step 123,456'   # (as Auto-play names it)\nW.VBox([r]).add_class('bk-panel')\n")
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "p", "metadata": {}, "outputs": [],
                     "source": src}], "nbformat": 4, "nbformat_minor": 5,
          "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}}}
    (lab_server.root / "step-label.ipynb").write_text(json.dumps(nb))
    page.set_viewport_size({"width": 1280, "height": 720})
    open_and_run_all(page, lab_server, "step-label.ipynb")
    label = page.locator(".widget-slider .widget-label").first
    expect(label).to_have_text("Step 123,456", timeout=WAIT_MS)
    assert label.evaluate("e => e.scrollWidth <= e.clientWidth"), \
        label.evaluate("e => [e.scrollWidth, e.clientWidth]")
