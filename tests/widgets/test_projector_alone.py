"""A panel on the projector shows alone in its notebook (bluffkit/widgets/art.py ``CSS``): the
cells around it (a teacher's note, values printed) and its own cell's code and other outputs
are hidden while any panel's root has ``bk-projector``; the browser test in
tests/browser/test_lesson_play.py measures it in JupyterLab."""

from __future__ import annotations

from bluffkit.widgets import art
from bluffkit.widgets.render import STYLE


def _rules() -> str:
    return " ".join(art.CSS.split())


def test_the_other_cells_are_hidden_while_a_panel_is_on_the_projector():
    assert ".jp-Notebook:has(.bk-projector:not(.jupyter-widgets-disconnected)) .jp-Cell:not(:has(.bk-projector:not(.jupyter-widgets-disconnected))) {visibility: hidden}" in _rules()


def test_the_panels_cell_shows_only_the_panel_and_nothing_moves():
    """Hidden with ``visibility``, never ``display`` or a fixed position: a cell taken out of
    the layout shortened the notebook and moved its scroll, so Projector off did not bring the
    notebook back where it was."""
    rules = _rules()
    for hidden in (".jp-Cell-inputWrapper", ".jp-OutputArea-promptOverlay",
                   ".jp-OutputArea-child:not(:has(.bk-projector:not(.jupyter-widgets-disconnected)))"):
        assert f".jp-Cell:has(.bk-projector:not(.jupyter-widgets-disconnected)) {hidden}" in rules
    live = rules[rules.index(".jp-Notebook:has("):rules.index(".bk-panel.bk-projector {")]
    assert "visibility: hidden" in live and "display" not in live and "position" not in live, live


def test_every_panel_brings_the_rule():
    # every drawn view carries the panels' style sheet, so a panel on the page brings the rule
    assert art.CSS in STYLE
