"""The lessons site (scripts/build_lessons.py, `make lessons`): built into a temporary folder,
offline, with a teacher's guide, a worksheet (HTML, PDF, notebook) per lesson and an index;
the worksheet holds no teacher or solution cell; no page fetches anything from the network;
a malformed lesson stops the build, naming the file and the cell."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

from bluffkit import lessons as L

from .conftest import FOLDERS, TINY, write_tiny

REPO = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("build_lessons", REPO / "scripts" / "build_lessons.py")
build_lessons = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build_lessons)

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
    assert "01-tiny/lesson.md" in str(err.value) and "sums to 40 minutes" in str(err.value)
    assert not out.exists(), "nothing is written when a lesson is malformed"
    # well formed but with a wrong answer: the answers are checked too, the cell named
    write_tiny(root, TINY.replace("**Answer 1a: 5**", "**Answer 1a: 6**"))
    with pytest.raises(build_lessons.BuildError, match=r"lesson.md, cell \d+ .*Answer 1a states 6"):
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
