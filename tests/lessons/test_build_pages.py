"""What the built pages show of a lesson, without building a site: a stored panel becomes a
note naming it, and the index escapes what a lesson's front matter says."""

from __future__ import annotations

from bluffkit import lessons as L

from .conftest import TINY, build_lessons, write_tiny


def _with_a_stored_panel(tmp_path, shown: str):
    """A tiny lesson whose first code cell's stored output is a panel (``shown``: its text)."""
    import nbformat

    folder = write_tiny(tmp_path / "lessons")
    nb = nbformat.read(L.source_of(folder).with_suffix(".ipynb"), as_version=4)
    code = next(c for c in nb.cells if c.cell_type == "code")
    code.outputs = [nbformat.v4.new_output("display_data", data={
        "application/vnd.jupyter.widget-view+json": {"model_id": "m1", "version_major": 2, "version_minor": 0},
        "text/plain": shown})]
    nbformat.write(nb, L.source_of(folder).with_suffix(".ipynb"))
    return folder


def test_a_stored_panel_is_shown_on_the_page_as_a_note_naming_it(tmp_path):
    """A panel needs a running kernel: the page shows a note naming it, never the stored
    widget output (which a static page cannot draw)."""
    folder = _with_a_stored_panel(tmp_path, "AuctionLab(seats=4)")
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


def test_a_style_that_imports_from_the_network_is_seen():
    page = '<style>@import url("https://fonts.example/x.css"); body { background: url(//cdn.example/a.png) }</style>'
    assert build_lessons.network_references(page) == ['url("https://', "url(//"]
    assert build_lessons.network_references("<style>body { background: url(img/a.png) }</style>") == []


def test_a_panel_is_shown_as_a_note_naming_it_escaped():
    out = {"output_type": "display_data",
           "data": {"application/vnd.jupyter.widget-view+json": {"model_id": "m"},
                    "text/plain": "<Bidder>Panel(seats=3)\nmore"}}
    note = build_lessons._panel_note(out, "02-second-price.ipynb")
    assert note["data"]["text/plain"] == "<Bidder>Panel"
    assert "<b>&lt;Bidder&gt;Panel</b>" in note["data"]["text/html"]
    assert build_lessons.WIDGET not in note["data"]


def test_every_lessons_page_shows_its_outputs_in_words_not_as_an_object():
    """A page has no MathJax, so it drops an output's LaTeX and shows its plain text: a
    formula stored as IPython's ``Math`` read ``<IPython.core.display.Math object>`` there
    (lesson 07's hypergeometric law). Every output a page shows only as plain text reads."""
    import re

    bare = re.compile(r"<[\w.]+ object( at 0x[0-9a-f]+)?>")
    seen = 0
    for folder in L.lesson_folders():
        for audience in ("teacher",):                   # (the worksheet's cells are some of the teacher's)
            page = build_lessons.document(L.read(folder), audience)
            for k, cell in enumerate(page.cells):
                for out in cell.get("outputs", []):
                    data = out.get("data", {})
                    if set(data) - {"text/plain"}:
                        continue
                    seen += 1
                    text = "".join(data.get("text/plain", ""))
                    assert not bare.search(text), (folder.name, audience, k, text)
    assert seen > 20, seen


def _counts(nb) -> list:
    """Each code cell's execution count, and those of its results: (cell's, [results'])."""
    return [(c.execution_count, [o.get("execution_count") for o in c.outputs if o.output_type == "execute_result"])
            for c in nb.cells if c.cell_type == "code"]


def test_the_worksheet_numbers_its_code_cells_without_the_teachers_gaps(tmp_path):
    """A built worksheet numbered its code cells In [3], then In [5], where a teacher's cell
    was taken out: a student saw a gap and asked what was missing. The worksheet's cells are
    numbered 1, 2, ... (their results' Out [n] too); the teacher's guide keeps the run's."""
    import nbformat

    text = TINY.replace("Because.\n", "Because.\n\n```{code-cell} ipython3\n:tags: [teacher]\n\nx + 1\n```\n")
    text = text.replace("## Exercises\n", "```{code-cell} ipython3\nx * 2\n```\n\n## Exercises\n")
    folder = write_tiny(tmp_path / "lessons", text)
    nb = nbformat.read(L.source_of(folder).with_suffix(".ipynb"), as_version=4)
    for n, cell in enumerate((c for c in nb.cells if c.cell_type == "code"), start=1):
        cell.execution_count = n
        cell.outputs = [nbformat.v4.new_output("execute_result", data={"text/plain": str(n)}, execution_count=n)]
    nbformat.write(nb, L.source_of(folder).with_suffix(".ipynb"))
    lesson = L.read(folder)
    assert _counts(build_lessons.document(lesson, "teacher")) == [(1, [1]), (2, [2]), (3, [3])]
    assert _counts(build_lessons.document(lesson, "worksheet")) == [(1, [1]), (2, [2])]
    assert _counts(L.read_notebook(L.source_of(folder).with_suffix(".ipynb"))) == [(1, [1]), (2, [2]), (3, [3])], "the source is kept"


def test_lesson_07s_worksheet_numbers_its_code_cells_one_by_one():
    """Lesson 07's Debrief has teacher's code cells between the worksheet's."""
    sheet = build_lessons.document(L.read(L.ROOT / "07-is-it-a-lie"), "worksheet")
    counts = [c.execution_count for c in sheet.cells if c.cell_type == "code"]
    assert counts == list(range(1, len(counts) + 1)), counts


def test_a_worksheets_panel_note_names_the_notebook_a_student_holds(tmp_path):
    """The printed worksheet's panel note said "open lesson.ipynb": a student is handed
    NN-slug-worksheet.ipynb, which plays the panels as well once its cells have run."""
    folder = _with_a_stored_panel(tmp_path, "BloffTable(4 players)")
    notes = {audience: next(o for c in build_lessons.document(L.read(folder), audience).cells
                            if c.cell_type == "code" for o in c.outputs)["data"]["text/html"]
             for audience in ("teacher", "worksheet")}
    assert "open 01-tiny-worksheet.ipynb and run every cell" in notes["worksheet"], notes
    assert "open 01-tiny.ipynb and run every cell" in notes["teacher"], notes
