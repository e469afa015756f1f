"""What the built pages show of a lesson, without building a site: a stored panel becomes a
note naming it, and the index escapes what a lesson's front matter says."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from bluffkit import lessons as L

from .conftest import TINY, write_tiny

REPO = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("build_lessons", REPO / "scripts" / "build_lessons.py")
build_lessons = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build_lessons)


def test_a_stored_panel_is_shown_on_the_page_as_a_note_naming_it(tmp_path):
    """A panel needs a running kernel: the page shows a note naming it, never the stored
    widget output (which a static page cannot draw)."""
    import nbformat

    folder = write_tiny(tmp_path / "lessons")
    nb = nbformat.read(folder / "lesson.ipynb", as_version=4)
    code = next(c for c in nb.cells if c.cell_type == "code")
    code.outputs = [nbformat.v4.new_output("display_data", data={
        "application/vnd.jupyter.widget-view+json": {"model_id": "m1", "version_major": 2, "version_minor": 0},
        "text/plain": "AuctionLab(seats=4)"})]
    nbformat.write(nb, folder / "lesson.ipynb")
    for audience in ("teacher", "worksheet"):
        page = build_lessons.document(L.read(folder), audience)
        shown = [o for c in page.cells if c.cell_type == "code" for o in c.outputs]
        assert len(shown) == 1 and "application/vnd.jupyter.widget-view+json" not in shown[0]["data"], shown
        assert "Panel: <b>AuctionLab</b>" in shown[0]["data"]["text/html"], shown


def test_the_index_escapes_a_lessons_title_and_summary(tmp_path):
    text = TINY.replace('  title: "Tiny"', '  title: "Bids <i>sealed</i> & open"')
    text = text.replace('  summary: "A lesson of one exercise"', '  summary: "Who pays <b>most</b>?"')
    assert text.count("<") == 4
    index = build_lessons.index_page([(L.read(write_tiny(tmp_path / "lessons", text, pair=False)), False)])
    assert "<b>Bids &lt;i&gt;sealed&lt;/i&gt; &amp; open</b>" in index, index
    assert "Who pays &lt;b&gt;most&lt;/b&gt;?" in index and "<i>" not in index, index
