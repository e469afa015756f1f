"""Every panel notebook opens ready: its panels are drawn from the saved widget state before
any cell runs, under a first line that says how to start (issue 14, Notebooks open ready).

Each test opens a notebook in JupyterLab and runs nothing. Screenshots go to
.tmp/screenshots/opened-NAME.png.
"""

from __future__ import annotations

import re

import nbformat
from nbformat.sign import NotebookNotary
import pytest
from playwright.sync_api import Page, expect

from .conftest import REPO, SCREENSHOTS, WAIT_MS, LabServer, open_notebook
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


def _trust(lab_server: LabServer, path) -> None:
    """Mark ``path`` trusted with the server's own Jupyter secret, as ``make lab`` does for its
    working copy (scripts/lab_workspace.sh, with ``jupyter trust``): JupyterLab draws saved
    widgets only in a trusted notebook. Signed here in the test's process, with the same
    notary ``jupyter trust`` uses, on the fixture's JUPYTER_DATA_DIR."""
    data = lab_server.root.parent / "jupyter" / "data"      # the fixture's JUPYTER_DATA_DIR
    assert data.is_dir(), data
    notary = NotebookNotary(data_dir=str(data))
    nb = nbformat.read(path, as_version=4)
    notary.sign(nb)
    assert notary.check_signature(nb), f"{path} was not signed"


# True once at least ``shown`` notebook outputs hold a drawn widget view.
DRAWN_JS = """shown => Array.from(document.querySelectorAll('.jp-Notebook .jp-Cell .jp-OutputArea-output'))
    .filter(o => o.querySelector('.jupyter-widgets .widget-box, .jupyter-widgets.widget-box, .widget-html, .widget-button'))
    .length >= shown"""


@pytest.mark.parametrize("name", _panel_notebooks())
def test_panel_notebook_opens_with_its_panels_drawn(page: Page, lab_server: LabServer, name: str):
    _trust(lab_server, lab_server.root / name)
    nb = nbformat.read(lab_server.root / name, as_version=4)
    shown = sum(WIDGET_VIEW in o.get("data", {}) for c in nb.cells if c.cell_type == "code" for o in c.outputs)
    open_notebook(page, lab_server, name)
    first = page.locator(".jp-NotebookPanel .jp-Notebook .jp-Cell").first
    expect(first).to_be_visible(timeout=WAIT_MS)
    expect(first).to_contain_text(re.compile(r"Run All Cells"))
    wait_kernel_idle(lab_server, name)
    # Every displayed panel is drawn from the saved state: a widget view, no placeholder.
    views = page.locator(".jp-Notebook .jp-OutputArea-output .jupyter-widgets.widget-container, "
                         ".jp-Notebook .jp-OutputArea-output .jupyter-widgets.widget-inline-hbox, "
                         ".jp-Notebook .jp-OutputArea-output .lm-Widget.jupyter-widgets")
    expect(views.first).to_be_visible(timeout=WAIT_MS)
    # (each displayed panel is one top-level output holding widget views; a panel's own
    # Output widgets hold more, hence "at least")
    page.wait_for_function(DRAWN_JS, arg=shown, timeout=WAIT_MS)
    outputs = page.locator(".jp-Notebook .jp-OutputArea-output").filter(has=page.locator(".jupyter-widgets"))
    notebook = page.locator(".jp-Notebook")
    expect(notebook).not_to_contain_text(re.compile(r"Error displaying widget|model not found"))
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    outputs.first.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    page.screenshot(path=str(SCREENSHOTS / f"opened-{name.removesuffix('.ipynb')}.png"))
