"""The lessons site (scripts/build_lessons.py, `make lessons`): built into a temporary folder,
offline, with a teacher's guide, a worksheet (HTML, PDF, notebook) per lesson and an index;
the worksheet holds no teacher or solution cell; no page fetches anything from the network;
a malformed lesson stops the build, naming the file and the cell."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bluffkit import lessons as L

from .conftest import FOLDERS, TINY, build_lessons, write_tiny

REPO = Path(__file__).resolve().parents[2]

SCRIPT_OR_LINK = re.compile(r"<(script|link)\b[^>]*?\b(src|href)\s*=\s*[\"']?([^\"' >]+)", re.I)
LESSON = "02-second-price"

# Builds a lesson with its PDF, printed by headless Chromium: left to make test.
pytestmark = pytest.mark.slow


def network_in_tags(page: str) -> list[str]:
    """Every <script src> or <link href> that is a network address (checked here on its own,
    not with the builder's own function)."""
    return [url for _, _, url in SCRIPT_OR_LINK.findall(page) if re.match(r"(https?:)?//", url, re.I)]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """Lesson 02 built with its PDF (answers are recomputed by test_answers.py, not here)."""
    if not any(f.name == LESSON for f in FOLDERS):
        pytest.fail(f"lessons/{LESSON} is missing", pytrace=False)
    out = tmp_path_factory.mktemp("site")
    written = build_lessons.build(L.ROOT, out, [LESSON], pdf=True, answers=False, log=lambda *_: None)
    return out, written


@pytest.mark.slow
def test_every_document_is_written(site):
    out, written = site
    folder = out / LESSON
    for kind in ("teacher.html", "worksheet.html", "worksheet.pdf", "worksheet.ipynb"):
        name = f"{LESSON}-{kind}"                 # named after the lesson, to keep apart in downloads
        assert (folder / name).is_file() and (folder / name).stat().st_size > 1000, name
        assert folder / name in written
    assert sorted(p.name for p in folder.iterdir()) == sorted(f"{LESSON}-{k}" for k in (
        "teacher.html", "worksheet.html", "worksheet.pdf", "worksheet.ipynb"))
    pdf = (folder / f"{LESSON}-worksheet.pdf").read_bytes()
    assert pdf.startswith(b"%PDF-") and len(re.findall(rb"/Type\s*/Page\b", pdf)) >= 2, "a printed worksheet of pages"


def test_the_index_lists_the_lesson(site):
    out, _ = site
    index = (out / "index.html").read_text()
    meta = L.read(L.ROOT / LESSON).meta
    for text in (meta["title"], meta["summary"].replace("'", "&#x27;"), f"{meta['minutes']} min"):
        assert text in index, text
    for kind in ("teacher.html", "worksheet.html", "worksheet.pdf", "worksheet.ipynb"):
        link = f"{LESSON}-{kind}"
        assert f'href="{LESSON}/{link}"' in index
        assert (out / LESSON / link).exists()


def test_the_worksheet_has_no_teacher_or_solution_cells(site):
    out, _ = site
    teacher = (out / LESSON / f"{LESSON}-teacher.html").read_text()
    sheet = (out / LESSON / f"{LESSON}-worksheet.html").read_text()
    lesson = L.read(L.ROOT / LESSON)
    for m in L.markers(lesson):
        assert f"Answer {m.id}:" in teacher and f"Answer {m.id}:" not in sheet
    tagged = re.compile(r'class="[^"]*\bcelltag_(teacher|solution)\b')
    assert {m.group(1) for m in tagged.finditer(teacher)} == {"teacher", "solution"}
    assert not tagged.search(sheet), "a teacher or solution cell is on the worksheet"
    assert "Teacher's guide" in teacher and "Student worksheet" in sheet and "Name:" in sheet
    assert sheet.count('class="bk-answer"') == 4 and 'class="bk-answer"' not in teacher, "a box per exercise"
    for title in L.SECTIONS[:-1]:
        assert f">{title}<" in sheet.replace("¶", ""), f"the worksheet has the section {title}"
    nb = json.loads((out / LESSON / f"{LESSON}-worksheet.ipynb").read_text())
    sources = "\n".join("".join(c["source"]) for c in nb["cells"])
    assert "**Answer" not in sources and "Debrief script" not in sources
    assert all(not c.get("outputs") for c in nb["cells"] if c["cell_type"] == "code")
    assert "bluffkit" not in nb["metadata"], "the lesson's front matter (its summary) is not in the handout"


def test_no_page_fetches_from_the_network(site):
    out, _ = site
    for page in [out / "index.html", *sorted((out / LESSON).glob("*.html"))]:
        text = page.read_text()
        assert network_in_tags(text) == [], f"{page.name}: {network_in_tags(text)[:3]}"
        assert build_lessons.network_references(text) == []
        assert "require.js" not in text and "mathjax" not in text.lower(), page.name


def test_the_checks_see_a_network_script():
    page = '<html><script src="https://cdnjs.cloudflare.com/require.js"></script><link href="//x.org/a.css"></html>'
    assert network_in_tags(page) == ["https://cdnjs.cloudflare.com/require.js", "//x.org/a.css"]
    assert len(build_lessons.network_references(page)) == 2


def test_a_malformed_lesson_stops_the_build(tmp_path):
    root = tmp_path / "lessons"
    write_tiny(root, TINY.replace("| Everything | 45 |", "| Everything | 40 |").replace(
        "**Answer 1a: 5**", "**Answer 1a: 6**"))
    out = tmp_path / "site"
    with pytest.raises(build_lessons.BuildError) as err:
        build_lessons.build(root, out, pdf=False, log=lambda *_: None)
    assert "01-tiny/01-tiny.md" in str(err.value) and "sums to 40 minutes" in str(err.value)
    assert not out.exists(), "nothing is written when a lesson is malformed"
    # well formed but with a wrong answer: the answers are checked too, the cell named
    write_tiny(root, TINY.replace("**Answer 1a: 5**", "**Answer 1a: 6**"))
    with pytest.raises(build_lessons.BuildError, match=r"01-tiny.md, cell \d+ .*Answer 1a states 6"):
        build_lessons.build(root, out, pdf=False, log=lambda *_: None)
    assert build_lessons.main(["--root", str(root), "--out", str(out), "--no-pdf"]) == 1


def test_the_tiny_lesson_builds(tmp_path):
    root = tmp_path / "lessons"
    write_tiny(root)
    out = tmp_path / "site"
    build_lessons.build(root, out, pdf=False, log=lambda *_: None)
    sheet = (out / "01-tiny" / "01-tiny-worksheet.html").read_text()
    assert "What is 2 + 3?" in sheet and "Because." not in sheet and "Answer 1a" not in sheet
    assert "Because." in (out / "01-tiny" / "01-tiny-teacher.html").read_text()
    # the notebook to hand out: not run, so no In [n] at all, nor a gap
    import nbformat
    handout = nbformat.read(out / "01-tiny" / "01-tiny-worksheet.ipynb", as_version=4)
    assert [(c.execution_count, c.outputs) for c in handout.cells if c.cell_type == "code"] == [(None, [])]


def _tree(folder: Path) -> dict:
    """Every file under ``folder`` with its bytes (Python's own bytecode caches left out)."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts}


def _two_lessons(root: Path) -> None:
    import shutil
    shutil.copytree(write_tiny(root), root / "02-tiny")
    for ext in (".md", ".ipynb"):           # (a lesson's files are named after its folder)
        (root / "02-tiny" / f"01-tiny{ext}").rename(L.source_of(root / "02-tiny").with_suffix(ext))


def test_a_build_that_fails_midway_leaves_the_site_as_it_was(tmp_path, monkeypatch):
    """Pages are made apart and put in place only once all are made: a write that fails on
    the second lesson leaves the first lesson's pages and the index as they were."""
    root, out = tmp_path / "lessons", tmp_path / "site"
    _two_lessons(root)
    build_lessons.build(root, out, pdf=False, log=lambda *_: None)
    before = _tree(out)
    real = build_lessons.write_html

    def failing(lesson, audience, path, exporter):
        if lesson.name == "02-tiny":
            raise OSError(28, "No space left on device", str(path))
        return real(lesson, audience, path, exporter)

    monkeypatch.setattr(build_lessons, "write_html", failing)
    (L.source_of(root / "01-tiny")).write_text((L.source_of(root / "01-tiny")).read_text().replace(
        "Add two numbers.", "Add two whole numbers."))
    import jupytext
    jupytext.write(jupytext.read(L.source_of(root / "01-tiny")), L.source_of(root / "01-tiny").with_suffix(".ipynb"))
    with pytest.raises(build_lessons.BuildError, match="No space left on device.*is as it was"):
        build_lessons.build(root, out, pdf=False, log=lambda *_: None)
    assert _tree(out) == before, "the site changed although the build failed"
    assert [p.name for p in out.iterdir() if p.name.startswith(".")] == [], "a staging folder was left"


@pytest.mark.parametrize("where", ["out", "under", "lesson"])
def test_an_output_folder_that_is_a_file_is_refused_before_anything_is_written(tmp_path, where):
    root = tmp_path / "lessons"
    write_tiny(root)
    blocker = tmp_path / "site"
    out = {"out": blocker, "under": blocker / "sub"}.get(where, tmp_path / "site2")
    if where == "lesson":
        out.mkdir()
        blocker = out / "01-tiny"
    blocker.write_text("a teacher's file")
    with pytest.raises(build_lessons.BuildError, match="is a file|a file is where"):
        build_lessons.build(root, out, pdf=False, log=lambda *_: None)
    assert blocker.read_text() == "a teacher's file"
    assert build_lessons.main(["--root", str(root), "--out", str(out), "--no-pdf"]) == 1


def test_building_one_lesson_keeps_the_others_in_the_index(tmp_path):
    """``make lessons LESSONS=02`` into a built site: the index still lists every lesson
    built, and the rebuilt lesson loses a PDF it was not printed with this time."""
    root, out = tmp_path / "lessons", tmp_path / "site"
    _two_lessons(root)
    build_lessons.build(root, out, pdf=False, log=lambda *_: None)
    stale = out / "02-tiny" / "02-tiny-worksheet.pdf"
    stale.write_bytes(b"%PDF- an old printout")
    build_lessons.build(root, out, ["1"], pdf=False, log=lambda *_: None)
    assert "02-tiny/02-tiny-worksheet.pdf" in (out / "index.html").read_text(), "a PDF in the site is linked"
    build_lessons.build(root, out, ["2"], pdf=False, log=lambda *_: None)
    index = (out / "index.html").read_text()
    assert index.count("<tr><td>") == 2 and "01-tiny/01-tiny-teacher.html" in index
    assert not stale.exists() and "02-tiny-worksheet.pdf" not in index


def test_lessons_are_chosen_once_and_by_a_bare_number(tmp_path):
    root = tmp_path / "lessons"
    _two_lessons(root)
    assert build_lessons.select(["2", "02", "02-tiny", "1"], root) == [root / "01-tiny", root / "02-tiny"]
    with pytest.raises(build_lessons.BuildError, match="no lesson '3'"):
        build_lessons.select(["3"], root)


@pytest.mark.parametrize("mode", ["--check", "--refresh"])
def test_a_lessons_folder_with_no_lesson_is_refused_by_check_and_refresh(tmp_path, mode, capsys):
    """A mistyped --root checks nothing: that is said and fails, as the build does, not an
    empty success."""
    empty = tmp_path / "no-lessons"
    empty.mkdir()
    for root in (empty, tmp_path / "missing"):
        assert build_lessons.main(["--root", str(root), mode]) == 1
        assert f"no lessons found in {root}" in capsys.readouterr().err


def test_a_broken_notebook_or_answers_file_is_named(tmp_path):
    """A notebook cut short and an answers.py that does not load are refused in words
    naming the file, every lesson's problems listed, and nothing is written."""
    root, out = tmp_path / "lessons", tmp_path / "site"
    _two_lessons(root)
    nb = L.source_of(root / "01-tiny").with_suffix(".ipynb")
    nb.write_text(nb.read_text()[:200])
    (root / "02-tiny" / "answers.py").write_text("def a1a(:\n")
    with pytest.raises(build_lessons.BuildError) as err:
        build_lessons.build(root, out, pdf=False, log=lambda *_: None)
    text = str(err.value)
    assert "01-tiny/01-tiny.ipynb: not a readable notebook" in text
    assert "02-tiny/answers.py, line 1: answers.py cannot be loaded: SyntaxError" in text
    assert not out.exists()
    assert build_lessons.main(["--root", str(root), "--check"]) == 1


def test_a_build_that_fails_while_putting_pages_in_place_puts_every_folder_back(tmp_path, monkeypatch):
    """The case: the rename of the second lesson's folder fails after the first was
    replaced. Every folder is put back and the index is the old one."""
    root, out = tmp_path / "lessons", tmp_path / "site"
    _two_lessons(root)
    build_lessons.build(root, out, pdf=False, log=lambda *_: None)
    (L.source_of(root / "01-tiny")).write_text((L.source_of(root / "01-tiny")).read_text().replace(
        "Add two numbers.", "Add two whole numbers."))
    import jupytext
    jupytext.write(jupytext.read(L.source_of(root / "01-tiny")), L.source_of(root / "01-tiny").with_suffix(".ipynb"))
    before = _tree(out)
    real = Path.rename

    def failing(self, target):
        if Path(target).name == "02-tiny" and ".building-" in str(self):
            raise OSError(13, "Permission denied", str(target))
        return real(self, target)

    monkeypatch.setattr(Path, "rename", failing)
    with pytest.raises(build_lessons.BuildError, match="Permission denied.*is as it was"):
        build_lessons.build(root, out, pdf=False, log=lambda *_: None)
    monkeypatch.undo()
    assert _tree(out) == before, "a folder or the index changed although the build failed"
    assert [p.name for p in out.iterdir() if p.name.startswith(".")] == [], "a staging or old folder was left"


@pytest.mark.parametrize("where", [".", "01-tiny", "01-tiny/pages"])
def test_an_output_folder_inside_the_lessons_folder_is_refused(tmp_path, where):
    """--out lessons/ once replaced a lesson's sources with its pages and deleted them."""
    root = tmp_path / "lessons"
    write_tiny(root)
    before = _tree(root)
    with pytest.raises(build_lessons.BuildError, match="inside the lessons folder"):
        build_lessons.build(root, root / where, pdf=False, log=lambda *_: None)
    assert _tree(root) == before


def test_an_old_copy_left_by_an_earlier_build_is_cleared_and_one_that_cannot_go_is_said(tmp_path, monkeypatch):
    root, out = tmp_path / "lessons", tmp_path / "site"
    write_tiny(root)
    build_lessons.build(root, out, pdf=False, log=lambda *_: None)
    (out / ".01-tiny.old").write_text("left by a build whose clean-up failed")
    build_lessons.build(root, out, pdf=False, log=lambda *_: None)
    assert not (out / ".01-tiny.old").exists()
    real = build_lessons.shutil.rmtree

    def stuck(path, *a, **k):
        if Path(path).name == ".01-tiny.old":
            raise OSError(1, "Operation not permitted", str(path))
        return real(path, *a, **k)

    monkeypatch.setattr(build_lessons.shutil, "rmtree", stuck)
    said = []
    build_lessons.build(root, out, pdf=False, log=said.append)
    assert any("could not be removed" in s and ".01-tiny.old" in s for s in said), said
    assert (out / "01-tiny" / "01-tiny-teacher.html").exists()


def test_an_interrupted_build_puts_every_folder_back(tmp_path, monkeypatch):
    """Ctrl+C (or any error) while the pages are put in place: every folder goes back."""
    root, out = tmp_path / "lessons", tmp_path / "site"
    _two_lessons(root)
    build_lessons.build(root, out, pdf=False, log=lambda *_: None)
    before = _tree(out)
    real = build_lessons.os.replace

    def interrupted(src, dst):
        raise KeyboardInterrupt

    monkeypatch.setattr(build_lessons.os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        build_lessons.build(root, out, pdf=False, log=lambda *_: None)
    monkeypatch.setattr(build_lessons.os, "replace", real)
    assert _tree(out) == before and [p.name for p in out.iterdir() if p.name.startswith(".")] == []


def test_a_folder_that_cannot_be_put_back_is_said_and_put_back_by_the_next_build(tmp_path, monkeypatch):
    root, out = tmp_path / "lessons", tmp_path / "site"
    _two_lessons(root)
    build_lessons.build(root, out, pdf=False, log=lambda *_: None)
    before = _tree(out)
    real = Path.rename

    def failing(self, target):
        if Path(target).name == "02-tiny" and ".building-" in str(self):
            raise OSError(13, "Permission denied", str(target))
        if self.name == ".01-tiny.old" and Path(target).name == "01-tiny":
            raise OSError(13, "Permission denied", str(target))
        return real(self, target)

    monkeypatch.setattr(Path, "rename", failing)
    with pytest.raises(build_lessons.BuildError, match=r"is not as it was: .*\.01-tiny\.old"):
        build_lessons.build(root, out, pdf=False, log=lambda *_: None)
    monkeypatch.undo()
    assert (out / ".01-tiny.old").exists(), "the old pages wait beside the site"
    build_lessons.build(root, out, pdf=False, log=lambda *_: None)          # puts them back, then builds
    assert _tree(out).keys() == before.keys()
    assert [p.name for p in out.iterdir() if p.name.startswith(".")] == []


def test_a_printed_output_too_wide_for_the_page_wraps_or_shrinks(tmp_path):
    """Lesson 07's PDF cut a worked example's narration (one long line) at the page's edge,
    in 6.5 px type: the print style's ``white-space: pre !important`` overrode the wrap the
    fit set. A one-line output now wraps in its own type; a wide table shrinks first."""
    from playwright.sync_api import sync_playwright
    style = re.search(r"<style type=\"text/css\">(.*?)</style>", build_lessons.TEMPLATE, re.S).group(1)
    line = "Anne: “Bløff!” David's cards are turned: the jack and the ten expose him, and he must take " * 3
    table = "\n".join("  ".join(f"col{c}={r * c:>8}" for c in range(12)) for r in range(4))
    page_html = (f"<html><head><style>{style}</style></head><body>"
                 f"<div class='jp-OutputArea-output'><pre id='line'>{line}</pre></div>"
                 f"<div class='jp-OutputArea-output'><pre id='table'>{table}</pre></div></body></html>")
    path = tmp_path / "page.html"
    path.write_text(page_html)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(build_lessons.CHROMIUM), headless=True,
                                    args=build_lessons.CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": build_lessons.A4_WIDTH_PX, "height": 1000})
        page.emulate_media(media="print")
        page.goto(path.as_uri())
        page.evaluate(build_lessons.FIT_TABLES)
        got = {name: page.evaluate(f"""() => {{ const e = document.getElementById('{name}'); const s = getComputedStyle(e);
                   return [e.scrollWidth <= e.clientWidth + 1, s.whiteSpace, parseFloat(s.fontSize)]; }}""")
               for name in ("line", "table")}
        browser.close()
    fits, white, size = got["line"]
    assert fits and white == "pre-wrap" and size > 10, f"the narration line: {got['line']}"
    fits, white, size = got["table"]
    assert fits and size < 13, f"the wide table shrinks (or wraps at the last): {got['table']}"


def _fitted(tmp_path, body: str, script: str, prepare: str = "() => null"):
    """``body`` in a page with the worksheet's style, laid out for print at the width of the
    A4 page; ``prepare`` evaluated there, then ``FIT_TABLES``, then ``script`` (its result is
    returned)."""
    from playwright.sync_api import sync_playwright
    style = re.search(r"<style type=\"text/css\">(.*?)</style>", build_lessons.TEMPLATE, re.S).group(1)
    path = tmp_path / "page.html"
    path.write_text(f"<html><head><style>{style}</style></head><body>{body}</body></html>", encoding="utf-8")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(build_lessons.CHROMIUM), headless=True,
                                    args=build_lessons.CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": build_lessons.A4_WIDTH_PX, "height": 1000})
            page.emulate_media(media="print")
            page.goto(path.as_uri())
            page.evaluate(prepare)
            page.evaluate(build_lessons.FIT_TABLES)
            return page.evaluate(script)
        finally:
            browser.close()


def test_a_printed_narration_of_several_lines_wraps_in_its_own_type(tmp_path):
    """Lessons 02 and 04 printed a worked example's narration, followed by a short line
    ("the rulebook's numbers hold: True"), in 6.5 px and 7 px type: the fit took any output of
    more than one line for a table. Lines of prose wrap in the output's own type."""
    line = "Daniel bids 60. The bids are revealed: Annette, the highest bidder, wins the sale at the " * 2
    got = _fitted(tmp_path, f"<div class='jp-OutputArea-output'><pre id='n'>{line}\nthe rulebook's numbers hold: "
                            "True\n</pre></div>",
                  """() => { const e = document.getElementById('n'); const s = getComputedStyle(e);
                     return [e.scrollWidth <= e.clientWidth + 1, s.whiteSpace, parseFloat(s.fontSize)]; }""")
    fits, white, size = got
    assert fits and white == "pre-wrap" and size >= 13, f"the narration: {got}"


def test_a_printed_table_that_just_fits_keeps_room_at_the_edge(tmp_path):
    """Lesson 04's table of the class's sales lost the end of its last column ("best score",
    460 printed "46") at the page's edge: measured on screen it fitted to within a pixel, and
    Chromium prints a monospaced line a little wider. A table is fitted with room to spare,
    and keeps its columns (no wrap)."""
    fill = """() => {
        const e = document.getElementById('t');
        e.textContent = 'x'.repeat(100);
        const r = document.createRange(); r.selectNodeContents(e);
        const per = r.getBoundingClientRect().width / 100;
        const n = Math.floor(e.clientWidth * 0.997 / per);              // characters a row
        const row = k => Array.from({length: n}, (_, i) => String(k * 1000 + i).padStart(10)).join('').slice(-n);
        e.textContent = [1, 2, 3].map(row).join('\\n') + '\\n'; }"""
    got = _fitted(tmp_path, "<div class='jp-OutputArea-output'><pre id='t'></pre></div>", """() => {
        const e = document.getElementById('t'); const r = document.createRange(); r.selectNodeContents(e);
        return [r.getBoundingClientRect().width / e.clientWidth, getComputedStyle(e).whiteSpace]; }""", fill)
    share, white = got
    assert share <= 1 - build_lessons.FIT_SLACK + 1e-6 and white == "pre", f"the table: {got}"


def test_a_printed_chart_wider_than_the_page_is_scaled_to_it(tmp_path):
    """Lesson 03's chart of 20,000 simulated prices (an SVG picture 739 px wide) was cut at
    the page's edge, at 0.9 of its axis running to 1.0: a picture is scaled to the page."""
    svg = ("<svg xmlns='http://www.w3.org/2000/svg' width='1200' height='200'>"
           "<rect width='1200' height='200' fill='blue'/></svg>")
    import base64
    src = "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()
    got = _fitted(tmp_path, f"<div class='jp-RenderedSVG jp-OutputArea-output'><img id='c' src='{src}'></div>",
                  """() => { const e = document.getElementById('c');
                     return [e.getBoundingClientRect().width, e.parentElement.clientWidth]; }""")
    width, room = got
    assert 0 < width <= room, f"the chart's width and the page's: {got}"


def test_a_printed_code_cell_taller_than_half_a_page_may_break(tmp_path):
    """Lesson 07's PDF left a page nearly empty (two lines of text): the simulation cell
    after them (code, a table and a chart), kept on one page, moved whole to the next. A
    cell taller than half a page may break across pages; a short one is kept whole."""
    got = _fitted(tmp_path, "<div class='jp-Cell jp-CodeCell' id='tall' style='height: 800px'></div>"
                            "<div class='jp-Cell jp-CodeCell' id='short' style='height: 200px'></div>",
                  """() => ['tall', 'short'].map(id => getComputedStyle(document.getElementById(id)).breakInside)""")
    assert got == ["auto", "avoid-page"], f"break-inside of a tall and a short code cell: {got}"


@pytest.mark.parametrize("folder", FOLDERS, ids=[f.name for f in FOLDERS])
def test_every_exercise_has_an_answer_box_on_the_worksheet(folder):
    """Lessons 05 to 08's exercise 2 (a strategy to argue, a question to discuss) had no box:
    the boxes came from the stated answers only. Every "**N." of the Exercises section has one."""
    lesson = L.read(folder)
    nb = build_lessons.document(lesson, "worksheet")
    boxes = re.findall(r'<div class="bk-answer"><b>Exercise (\d+)</b></div>', nb.cells[-1].source)
    headed = sorted({int(n) for _, text in L.sections(lesson.nb)["Exercises"]
                     for n in re.findall(r"^\*\*(\d+)\.", text, re.M)})
    assert [int(b) for b in boxes] == L.exercise_numbers(lesson) and set(headed) <= set(map(int, boxes)), boxes
