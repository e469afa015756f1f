"""Every panel notebook opens ready: its panels are drawn from the saved widget state before
any cell runs, under a first line that says how to start (issue 14, Notebooks open ready).

Each test opens a notebook in JupyterLab and runs nothing. Screenshots go to
.tmp/screenshots/opened-NAME.png.
"""

from __future__ import annotations

import re
import urllib.parse

import nbformat
import pytest
from playwright.sync_api import Page, expect

from .conftest import REPO, SCREENSHOTS, WAIT_MS, LabServer
from .test_lab import wait_kernel_idle

pytestmark = pytest.mark.browser

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def _panel_notebooks() -> list[str]:
    """The notebooks that display at least one widget."""
    out = []
    for path in sorted((REPO / "notebooks").glob("*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        if any(WIDGET_VIEW in o.get("data", {}) for c in nb.cells if c.cell_type == "code" for o in c.outputs):
            out.append(path.name)
    return out


@pytest.mark.parametrize("name", _panel_notebooks())
def test_panel_notebook_opens_with_its_panels_drawn(page: Page, lab_server: LabServer, name: str):
    nb = nbformat.read(lab_server.root / name, as_version=4)
    shown = sum(WIDGET_VIEW in o.get("data", {}) for c in nb.cells if c.cell_type == "code" for o in c.outputs)
    page.goto(f"{lab_server.url}/lab/tree/{urllib.parse.quote(name)}?reset")
    first = page.locator(".jp-NotebookPanel .jp-Notebook .jp-Cell").first
    expect(first).to_be_visible(timeout=WAIT_MS)
    expect(first).to_contain_text(re.compile(r"Run All Cells"))
    wait_kernel_idle(lab_server, name)
    # Every displayed panel is drawn from the saved state: a widget view, no placeholder.
    views = page.locator(".jp-Notebook .jp-OutputArea-output .jupyter-widgets.widget-container, "
                         ".jp-Notebook .jp-OutputArea-output .jupyter-widgets.widget-inline-hbox, "
                         ".jp-Notebook .jp-OutputArea-output .lm-Widget.jupyter-widgets")
    expect(views.first).to_be_visible(timeout=WAIT_MS)
    outputs = page.locator(f".jp-Notebook .jp-OutputArea-output[data-mime-type='{WIDGET_VIEW}']")
    expect(outputs).to_have_count(shown, timeout=WAIT_MS)
    for k in range(shown):
        expect(outputs.nth(k).locator(".jupyter-widgets").first).to_be_attached(timeout=WAIT_MS)
    notebook = page.locator(".jp-Notebook")
    expect(notebook).not_to_contain_text(re.compile(r"Error displaying widget|model not found"))
    # Nothing has run: the prompts of the code cells are empty.
    assert page.locator(".jp-Notebook .jp-CodeCell .jp-InputArea-prompt").filter(
        has_text=re.compile(r"\[\d+\]")).count() == 0, "a cell ran; the panels must be drawn without running"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    outputs.first.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    page.screenshot(path=str(SCREENSHOTS / f"opened-{name.removesuffix('.ipynb')}.png"))
