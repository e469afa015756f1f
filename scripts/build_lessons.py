"""Build the lessons site, offline: ``make lessons`` (or ``python scripts/build_lessons.py``).

For every lesson folder ``lessons/NN-slug/`` it checks the form (bluffkit.lessons: front
matter, sections in order, a timing table summing to 45, solutions tagged, the .md and
.ipynb of the pair in agreement) and writes, under ``build/lessons/`` (git-ignored):

- ``index.html``: every lesson with its title, summary, minutes and links;
- ``NN-slug/NN-slug-teacher.html``: the teacher's guide (every cell);
- ``NN-slug/NN-slug-worksheet.html`` and ``NN-slug-worksheet.pdf``: the student worksheet (no
  cell tagged ``teacher`` or ``solution``), the PDF printed from the HTML by headless Chromium;
- ``NN-slug/NN-slug-worksheet.ipynb``: the worksheet as a notebook, to hand out.

Each file is named after its lesson, so that the handouts of several lessons keep apart in
a student's downloads (:func:`file_name`).

The HTML shows the outputs committed in ``NN-slug.ipynb`` (nbval checks they are the ones
the code gives; see docs/lessons.md for why the build does not execute). It references no
network script, style or font: the nbconvert template drops require.js, MathJax, mermaid
and the widget manager (all from CDNs); charts are SVG in the outputs; a panel, which needs
a running kernel, is shown as a note saying what to run. The build fails if any
``<script src>`` or ``<link href>`` is a network address, or if Chromium asks for one.

A malformed lesson stops the build with every problem, each naming the file and the cell.

    python scripts/build_lessons.py                  # all lessons -> build/lessons/
    python scripts/build_lessons.py 02 --no-pdf      # one lesson, HTML only
    python scripts/build_lessons.py --check          # only check the form and the answers
    python scripts/build_lessons.py --refresh 02     # jupytext --sync, then run 02-*.ipynb in place
"""

from __future__ import annotations

import argparse
import copy
import html
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from bluffkit import lessons as L  # noqa: E402

OUT = REPO / "build" / "lessons"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
WIDGET = "application/vnd.jupyter.widget-view+json"
NETWORK = re.compile(r"<(?:script|link|img|iframe|source)\b[^>]*\b(?:src|href)\s*=\s*[\"']?\s*(?:https?:)?//", re.I)
CSS_NETWORK = re.compile(r"(?:@import\s+|url\(\s*[\"']?)(?:https?:)?//", re.I)

# The lab template without anything fetched from a CDN: require.js, the widget manager,
# MathJax and mermaid are dropped (a lesson's math is written in plain text and sympy's
# results are shown as text); plus a print style and the worksheet's name line.
TEMPLATE = r"""{%- extends 'lab/index.html.j2' -%}
{%- block html_head_js -%}{%- endblock html_head_js -%}
{%- block jupyter_widgets -%}{%- endblock jupyter_widgets -%}
{%- block html_head_js_mathjax -%}{%- endblock html_head_js_mathjax -%}
{%- block html_head_js_mermaidjs -%}{%- endblock html_head_js_mermaidjs -%}
{%- block extra_css -%}
<style type="text/css">
body { max-width: 60rem; margin: 0 auto; padding: 1rem 1.5rem; }
.bk-doc-header { font: 14px/1.4 sans-serif; color: #444; border-bottom: 1px solid #bbb;
                 margin-bottom: 1rem; padding-bottom: .4rem; display: flex; justify-content: space-between; }
.bk-name-line { font: 15px sans-serif; margin: .3rem 0 1rem; }
.bk-answer { border: 1px solid #999; border-radius: 4px; min-height: 9rem; margin: .6rem 0; padding: .3rem .6rem;
             font: 14px sans-serif; break-inside: avoid-page; }
.bk-panel-note { border: 1px dashed #888; padding: .5rem .8rem; background: #f6f6f0; font: 14px sans-serif; }
.celltag_teacher, .celltag_solution { border-left: 5px solid #c77d00; background: #fff8ec; margin: .4rem 0; }
.celltag_solution { border-left-color: #2a7d2a; background: #f0f8ef; }
.celltag_teacher::before, .celltag_solution::before { display: block; font: bold 11px sans-serif;
  letter-spacing: .08em; padding: 3px 8px 0; color: #8a5700; content: "FOR THE TEACHER"; }
.celltag_solution::before { color: #1f5f1f; content: "SOLUTION"; }
table { border-collapse: collapse; } td, th { border: 1px solid #ccc; padding: 2px 8px; }
.jp-OutputArea-output pre { word-break: normal; overflow-wrap: break-word; }  /* at spaces: not "bløf / f" */
@media print {
  body { max-width: none; padding: 0; }
  .jp-InputPrompt, .jp-OutputPrompt { display: none !important; }
  .jp-CodeCell, .jp-RenderedSVG, .jp-RenderedHTMLCommon table, blockquote { break-inside: avoid-page; }
  h1, h2, h3 { break-after: avoid-page; }
  pre { white-space: pre-wrap; word-break: break-word; }
  .jp-OutputArea-output pre { white-space: pre !important; word-break: normal !important; }  /* see FIT_TABLES */
  svg, .jp-OutputArea-output img { max-width: 100%; height: auto; }  /* a chart wider than the page */
}
</style>
{%- endblock extra_css -%}
{%- block body_header -%}
{{ super() }}
<div class="bk-doc-header"><span>bluffkit lessons · {{ resources.bk_lesson }}</span>
<span>{{ resources.bk_kind }}</span></div>
{%- if resources.bk_kind == "Student worksheet" -%}
<div class="bk-name-line">Name: ______________________________ &nbsp; Date: ______________</div>
{%- endif -%}
{%- endblock body_header -%}
"""


class BuildError(RuntimeError):
    """A lesson the build refuses; the message lists every problem."""


# -- checking -----------------------------------------------------------------------------

def check(lesson: L.Lesson, answers: bool = True) -> None:
    """Raise :class:`BuildError` listing every problem of ``lesson`` (its form, its pair, and
    with ``answers`` its recomputed answers), each naming the file and the cell."""
    found = L.problems(lesson)
    try:
        found += L.pair_differences(lesson)
        found += L.given_away(lesson)
        if answers and not found:
            found += L.check_answers(lesson)
    except L.LessonError as exc:         # a notebook cut short, an answers.py that does not load
        found.append(str(exc))
    if found:
        raise BuildError(f"{lesson.where()} is malformed:\n  - " + "\n  - ".join(found))


# -- the documents ------------------------------------------------------------------------

def _panel_note(output: dict, notebook: str) -> dict:
    """A widget output as a note: panels need a running kernel. ``notebook`` is the one the
    reader holds: the lesson's (``02-second-price.ipynb``) for the teacher, the worksheet's
    notebook for a student."""
    name = str(output.get("data", {}).get("text/plain", "a panel")).strip().split("\n")[0]
    name = re.sub(r"\(.*", "", name) or "panel"
    note = (f'<div class="bk-panel-note">Panel: <b>{html.escape(name)}</b>. It is played in JupyterLab: '
            f"open {html.escape(notebook)} and run every cell (Run ▸ Run All Cells).</div>")
    return {"output_type": "display_data", "metadata": {}, "data": {"text/html": note, "text/plain": name}}


def _number_anew(nb) -> None:
    """Number the code cells of ``nb`` that ran 1, 2, ... in order, and their results' Out [n]
    with them: the worksheet leaves out the teacher's cells, whose numbers would otherwise
    leave gaps (In [3], then In [5]) that a student asks about."""
    count = 0
    for cell in nb.cells:
        if cell.cell_type != "code" or cell.get("execution_count") is None:
            continue
        count += 1
        cell.execution_count = count
        for out in cell.get("outputs", []):
            if out.get("output_type") == "execute_result":
                out["execution_count"] = count


def document(lesson: L.Lesson, audience: str):
    """The notebook of one audience, from the lesson's ``.ipynb`` (its outputs included), ready
    for a static page: no widget state, panels as notes, sympy shown as text."""
    import nbformat

    nb = copy.deepcopy(L.read_notebook(lesson.notebook))
    nb.cells = L.audience_cells(nb, audience)
    if audience == "worksheet":          # room to write, one box per exercise; In [n] without gaps
        exercises = L.exercise_numbers(lesson)
        boxes = "".join(f'<div class="bk-answer"><b>Exercise {k}</b></div>' for k in exercises)
        nb.cells.append(nbformat.v4.new_markdown_cell(f"## Your answers\n\n{boxes}"))
        _number_anew(nb)
    nb.metadata.pop("widgets", None)
    nb.metadata["title"] = lesson.meta.get("title", lesson.name)
    held = file_name(lesson.name, "worksheet.ipynb") if audience == "worksheet" else lesson.notebook.name
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        outputs = []
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            if WIDGET in data:
                outputs.append(nbformat.from_dict(_panel_note(out, held)))
                continue
            if "text/latex" in data and "text/plain" in data:
                data.pop("text/latex")
            for mime in [m for m in data if m.startswith("application/vnd.vega")]:
                data.pop(mime)
            outputs.append(out)
        cell.outputs = outputs
    return nb


def exporter():
    from jinja2 import DictLoader
    from nbconvert import HTMLExporter
    from nbconvert.preprocessors import TagRemovePreprocessor

    html_exporter = HTMLExporter(template_name="lab", template_file="bluffkit_lesson.html.j2", embed_images=True,
                                 extra_loaders=[DictLoader({"bluffkit_lesson.html.j2": TEMPLATE})])
    # a cell tagged hide-input (e.g. the code that draws a chart) shows its output only
    html_exporter.register_preprocessor(TagRemovePreprocessor(remove_input_tags={"hide-input"}), enabled=True)
    return html_exporter


def network_references(page: str) -> list[str]:
    """Network addresses a page would fetch by itself: script and link sources, images,
    CSS imports and urls (links a reader clicks are allowed).

    >>> network_references('<a href="https://x.org">x</a><script src="a.js"></script>')
    []
    >>> network_references('<script src="https://cdn.example/require.js"></script>')
    ['<script src="https://']
    """
    return [m.group(0) for m in NETWORK.finditer(page)] + [m.group(0) for m in CSS_NETWORK.finditer(page)]


def write_html(lesson: L.Lesson, audience: str, path: Path, html_exporter) -> Path:
    nb = document(lesson, audience)
    kind = "Teacher's guide" if audience == "teacher" else "Student worksheet"
    body, _ = html_exporter.from_notebook_node(
        nb, resources={"metadata": {"name": lesson.meta.get("title", lesson.name)},
                       "bk_lesson": lesson.meta.get("title", lesson.name), "bk_kind": kind})
    bad = network_references(body)
    if bad:
        raise BuildError(f"{path}: the page would fetch from the network: {bad[:3]}")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(body, encoding="utf-8")
    if audience == "worksheet":
        import nbformat

        sheet = document(lesson, "worksheet")
        sheet.metadata.pop("title", None)
        # nor the lesson's front matter (a teacher's summary, notes), which a student reads
        # in the notebook's metadata as easily as in its cells
        sheet.metadata.pop("bluffkit", None)
        for cell in sheet.cells:          # a worksheet notebook for students: no stored outputs
            if cell.cell_type == "code":
                cell.outputs, cell.execution_count = [], None
        nbformat.write(sheet, path.with_suffix(".ipynb"))
    return path


def file_name(lesson: str, kind: str) -> str:
    """The name of one of a lesson's documents: ``02-second-price-worksheet.pdf`` for
    ``kind`` ``worksheet.pdf`` (``kind`` empty: the common start, ``02-second-price-``)."""
    return f"{lesson}-{kind}"


def index_page(done: list[tuple[L.Lesson, bool]]) -> str:
    """The site's index: a row per lesson of ``done`` (the lesson, whether its PDF is there)."""
    rows = []
    for lesson, pdf in done:
        m = lesson.meta
        where = f"{lesson.name}/{file_name(lesson.name, '')}"
        links = [f'<a href="{where}teacher.html">teacher\'s guide</a>',
                 f'<a href="{where}worksheet.html">worksheet</a>']
        if pdf:
            links.append(f'<a href="{where}worksheet.pdf">worksheet (PDF)</a>')
        links.append(f'<a href="{where}worksheet.ipynb">worksheet notebook</a>')
        rows.append(f"<tr><td>{html.escape(lesson.name[:2])}</td><td><b>{html.escape(str(m['title']))}</b><br>"
                    f"{html.escape(str(m['summary']))}</td><td>{int(m['minutes'])} min</td>"
                    f"<td>{' · '.join(links)}</td></tr>")
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>bluffkit lessons</title>
<style>
body {{ font: 16px/1.45 sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #222; }}
table {{ border-collapse: collapse; width: 100%; }}
td, th {{ border-bottom: 1px solid #ccc; padding: .5rem; text-align: left; vertical-align: top; }}
</style></head>
<body>
<h1>bluffkit lessons</h1>
<p>Ready-to-teach 45-minute lessons. Each has a teacher's guide (timing, what to do at each step,
model answers, worked solutions) and a student worksheet. To run a lesson's class activity, open its
notebook (<code>lessons/NN-slug/NN-slug.ipynb</code>) in JupyterLab (<code>make lab</code>) and run every cell.</p>
<table><tr><th>#</th><th>Lesson</th><th>Time</th><th>Documents</th></tr>
{chr(10).join(rows)}
</table></body></html>
"""


# -- PDF ------------------------------------------------------------------------------------

#: Run on a page laid out for print, at the width of the A4 page inside its margins: an
#: output too wide for the page (a printed table) gets a smaller type, down to 6.5 px,
#: rather than its rows wrapping in the middle of a column; one still too wide wraps. An
#: output whose too-wide lines are sentences (no run of spaces between columns: a worked
#: example's narration, a formula) wraps at once, in its own type, however many lines it has
#: (a narration followed by "the rulebook's numbers hold: True" was set in 6.5 px type). The
#: wrap is set ``important``: the print style's ``white-space: pre !important`` overrode it,
#: and a narration line was cut off at the page's edge. A table is fitted with room to spare
#: (``FIT_SLACK`` of the width): Chromium prints a monospaced line a few pixels wider than
#: the page laid out on screen measures it, and a table measured to fit exactly lost the end
#: of its last column at the page's edge. A code cell is kept on one page (with its output)
#: unless it is taller than half a page: lesson 07's simulation cell, kept whole, moved to
#: the next page and left the page before it nearly empty.
FIT_SLACK = 0.02
FIT_TABLES = """() => {
  const wrap = pre => { pre.style.setProperty('white-space', 'pre-wrap', 'important');
                        pre.style.setProperty('overflow-wrap', 'break-word', 'important'); };
  const textWidth = pre => { const r = document.createRange(); r.selectNodeContents(pre);
                             return r.getBoundingClientRect().width; };
  const room = pre => pre.clientWidth * (1 - %s);
  for (const pre of document.querySelectorAll('.jp-OutputArea-output pre')) {
    const width = textWidth(pre);
    if (width <= room(pre)) continue;
    const lines = pre.textContent.replace(/\\s+$/, '').split('\\n');
    const longest = Math.max(...lines.map(l => l.length));
    const wide = lines.filter(l => l.length * width / longest > room(pre));
    if (!wide.some(l => /\\S {2,}\\S/.test(l))) { wrap(pre); continue; }
    let size = parseFloat(getComputedStyle(pre).fontSize);
    while (textWidth(pre) > room(pre) && size > 6.5) {
      size -= 0.5;
      pre.style.fontSize = size + 'px';
    }
    if (textWidth(pre) > room(pre)) { wrap(pre); }
  }
  for (const cell of document.querySelectorAll('.jp-CodeCell'))
    if (cell.getBoundingClientRect().height > %s / 2) cell.style.setProperty('break-inside', 'auto');
}"""
#: The PDF's margins, in millimetres: top and bottom, left and right.
MARGIN_MM = (15, 12)
#: The A4 page (210 x 297 mm) inside those margins, in CSS pixels (96 to the inch).
A4_WIDTH_PX = round((210 - 2 * MARGIN_MM[1]) / 25.4 * 96)
A4_HEIGHT_PX = round((297 - 2 * MARGIN_MM[0]) / 25.4 * 96)
FIT_TABLES %= (FIT_SLACK, A4_HEIGHT_PX)


class Printer:
    """Headless Chromium (Debian's, through Playwright) that prints local pages to PDF and
    refuses, and reports, every request that is not a local file."""

    def __init__(self):
        if not (CHROMIUM.exists()):
            raise BuildError(f"{CHROMIUM} is missing: the PDF worksheets need Debian's chromium "
                             "(bash scripts/ensure_chromium.sh), or build with --no-pdf")
        from playwright.sync_api import sync_playwright

        self._pw = sync_playwright().start()
        self.browser = self._pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)

    def pdf(self, page_path: Path, pdf_path: Path, title: str) -> Path:
        context = self.browser.new_context()
        asked: list[str] = []

        def route(r):
            if r.request.url.startswith(("file:", "data:", "about:")):
                r.continue_()
            else:
                asked.append(r.request.url)
                r.abort()

        context.route("**/*", route)
        page = context.new_page()
        try:
            page.set_viewport_size({"width": A4_WIDTH_PX, "height": 1000})
            page.emulate_media(media="print")
            page.goto(page_path.resolve().as_uri(), wait_until="load")
            page.evaluate(FIT_TABLES)
            page.pdf(path=str(pdf_path), format="A4", print_background=True,
                     margin={side: f"{MARGIN_MM[side in ('left', 'right')]}mm"
                             for side in ("top", "bottom", "left", "right")},
                     display_header_footer=True, header_template="<span></span>",
                     footer_template=f'<div style="font-size:8px;width:100%;text-align:center">'
                                     f'{html.escape(title)} · page <span class="pageNumber"></span> of '
                                     f'<span class="totalPages"></span></div>')
        finally:
            context.close()
        if asked:
            raise BuildError(f"{page_path}: the page asked the network for {asked[:3]}")
        return pdf_path

    def close(self):
        self.browser.close()
        self._pw.stop()


# -- refresh (for authors) ------------------------------------------------------------------

def refresh(lesson: L.Lesson) -> None:
    """``jupytext --sync`` the pair, then run the lesson's ``.ipynb`` in place so its stored
    outputs (what nbval compares and the site shows) are current, with the widget state of
    its panels, so that JupyterLab draws them when the lesson opens (the pages and the
    worksheet notebook leave the state out: :func:`document`)."""
    import nbformat

    py = sys.executable
    subprocess.run([py, "-m", "jupytext", "--sync", str(lesson.source)], check=True, cwd=REPO)
    subprocess.run([py, "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute", "--inplace",
                    "--ExecutePreprocessor.store_widget_state=True",
                    "--ExecutePreprocessor.record_timing=False", str(lesson.notebook)], check=True, cwd=REPO)
    missing = L.missing_widget_state(nbformat.read(lesson.notebook, as_version=4))
    if missing:
        raise SystemExit(f"{lesson.notebook}: {len(missing)} widget model(s) shown or used without their saved state")
    # executing rewrites the notebook; sync again so the text file's header matches it
    subprocess.run([py, "-m", "jupytext", "--sync", str(lesson.source)], check=True, cwd=REPO)


# -- main -----------------------------------------------------------------------------------

def select(names: list[str], root: Path) -> list[Path]:
    """The lesson folders ``names`` choose (all without names), each once, in the lessons'
    order: a number (``02``, or ``2``), a folder name, or its start (``02-second``). A
    ``root`` with no lesson is refused: a mistyped ``--root`` would check and build nothing."""
    folders = L.lesson_folders(root)
    if not folders:
        raise BuildError(f"no lessons found in {root} (folders NN-slug holding NN-slug.md)")
    if not names:
        return folders
    chosen: set[Path] = set()
    for n in names:
        key = n.zfill(2) if n.isdigit() and len(n) < 2 else n
        hits = [f for f in folders if f.name == key or f.name.startswith(key + "-") or f.name[:2] == key]
        if not hits:
            raise BuildError(f"no lesson {n!r} in {root} (lessons: {', '.join(f.name for f in folders) or 'none'})")
        chosen.update(hits)
    return [f for f in folders if f in chosen]


def _where_to(out: Path, lessons: list[L.Lesson], root: Path | None = None) -> None:
    """Refuse, before anything is written, an output folder the site cannot go into: a file,
    a folder under a file, a file where a lesson's folder goes, or the lessons' own folder
    (``root``) or a folder inside it, where a lesson's pages would replace its sources."""
    if root is not None:
        where, source = out.resolve(), root.resolve()
        if where == source or source in where.parents:
            raise BuildError(f"--out {out} is inside the lessons folder {root}: the pages would replace the "
                             "lessons' own files; build into another folder (default build/lessons)")
    for above in [out, *out.parents]:
        if above.exists():
            if not above.is_dir():
                raise BuildError(f"--out {out}: {above} is a file, not a folder")
            break
    for lesson in lessons:
        target = out / lesson.name
        if target.exists() and not target.is_dir():
            raise BuildError(f"{target}: a file is where lesson {lesson.name}'s folder goes; move it away")


class NotPutBack(OSError):
    """A build failed while putting its pages in place, and these old lesson folders could
    not be put back (each waits as ``.NAME.old`` in the site; the next build puts it back)."""

    def __init__(self, paths: list[Path], cause: BaseException):
        super().__init__(f"{cause}; and these old folders could not be put back: "
                         f"{', '.join(map(str, paths))} (the next build puts them back)")
        self.paths = paths


class OldCopiesLeft(Exception):
    """The site is built, but the old copies of these lesson folders could not be removed."""

    def __init__(self, paths: list[Path]):
        super().__init__(", ".join(map(str, paths)))
        self.paths = paths


def _swap_in(made: list[tuple[str, Path]], out: Path, index_text: str) -> None:
    """Put each new lesson folder (``made``: its name and its staging folder) in place of the
    one in ``out``, then the index, keeping the old folders aside until all are in place; if
    any rename fails, every folder already swapped is put back, so that the site is as it
    was (the error is raised again)."""
    done: list[tuple[Path, Path, Path | None]] = []       # (the new one's staging path, target, old)
    try:
        for name, new in made:
            target = out / name
            old = out / f".{name}.old"
            if old.exists() or old.is_symlink():             # left by a build whose clean-up failed
                if not target.exists():                      # ... the only copy of the old pages: back
                    old.rename(target)
                else:
                    old.unlink() if old.is_symlink() or old.is_file() else shutil.rmtree(old)
            if target.exists():
                target.rename(old)
                done.append((new, target, old))
            else:
                done.append((new, target, None))
            new.rename(target)
        index = out / ".index.html.new"
        index.write_text(index_text, encoding="utf-8")
        os.replace(index, out / "index.html")
    except BaseException as exc:            # a full disk, a refused rename, Ctrl+C: put back what moved
        lost = []
        for new, target, old in reversed(done):
            try:
                if target.exists() and not new.exists():
                    target.rename(new)
                if old is not None and old.exists() and not target.exists():
                    old.rename(target)
            except OSError:
                lost.append(old if old is not None else target)
        try:
            (out / ".index.html.new").unlink(missing_ok=True)
        except OSError:
            pass
        if lost:
            raise NotPutBack(lost, exc) from exc
        raise
    left = []
    for _, _, old in done:
        if old is None:
            continue
        try:
            old.unlink() if old.is_symlink() else shutil.rmtree(old)
        except OSError:
            left.append(old)
    if left:                                    # the site is new; only the old copies stay
        raise OldCopiesLeft(left)


def build(root: Path = L.ROOT, out: Path = OUT, names: list[str] | None = None, pdf: bool = True,
          answers: bool = True, log=print) -> list[Path]:
    """Check every chosen lesson (all of them before writing anything), then write the site.
    Returns the files written."""
    folders = select(list(names or []), root)
    lessons = [L.read(f) for f in folders]
    failures = []
    for lesson in lessons:
        try:
            check(lesson, answers=answers)
        except BuildError as exc:
            failures.append(str(exc))
    if failures:
        raise BuildError("\n".join(failures))
    _where_to(out, lessons, root)
    try:
        out.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".building-", dir=out))
    except OSError as exc:
        raise BuildError(f"--out {out}: cannot write there ({exc.strerror or exc})") from None
    html_exporter = exporter()
    printer = None
    made: list[tuple[L.Lesson, Path]] = []
    try:
        printer = Printer() if pdf else None
        for lesson in lessons:
            start = time.monotonic()
            folder = staging / lesson.name
            files = [write_html(lesson, "teacher", folder / file_name(lesson.name, "teacher.html"), html_exporter)]
            sheet = write_html(lesson, "worksheet", folder / file_name(lesson.name, "worksheet.html"), html_exporter)
            files += [sheet, sheet.with_suffix(".ipynb")]
            if printer is not None:
                files.append(printer.pdf(sheet, folder / file_name(lesson.name, "worksheet.pdf"),
                                         str(lesson.meta["title"])))
            made.append((lesson, folder))
            log(f"{lesson.name}: {', '.join(p.name for p in files)} ({time.monotonic() - start:.1f} s)")
        # every page is made: only now does the site change, a lesson's folder at a time (a
        # lesson built again replaces its folder whole: no PDF left from an earlier build),
        # then the index, which lists every lesson whose pages the site will hold
        new = {lesson.name: folder for lesson, folder in made}
        index_text = index_page(built_lessons(root, out, new))
        try:
            _swap_in([(lesson.name, folder) for lesson, folder in made], out, index_text)
        except OldCopiesLeft as exc:
            log(f"warning: the site is built, but the old copies {exc} could not be removed; remove them by hand "
                "(the next build of those lessons tries again)")
    except NotPutBack as exc:
        raise BuildError(f"the site in {out} is not as it was: {exc}") from None
    except OSError as exc:
        raise BuildError(f"{exc.filename or out}: cannot write ({exc.strerror or exc}); the site in {out} "
                         "is as it was") from None
    finally:
        if printer is not None:
            printer.close()
        shutil.rmtree(staging, ignore_errors=True)
    written = [p for lesson, _ in made for p in sorted((out / lesson.name).iterdir())] + [out / "index.html"]
    log(f"wrote {out / 'index.html'}")
    return written


def built_lessons(root: Path, out: Path, new: dict[str, Path] | None = None) -> list[tuple[L.Lesson, bool]]:
    """Every lesson of ``root`` whose pages are in ``out`` (built before) or in ``new`` (a
    lesson's name to the folder its pages were just made in), with whether its PDF is
    there: the index lists them all, so that building one lesson keeps the others' rows."""
    done = []
    for folder in L.lesson_folders(root):
        pages = (new or {}).get(folder.name, out / folder.name)
        if (pages / file_name(folder.name, "teacher.html")).exists():
            done.append((L.read(folder), (pages / file_name(folder.name, "worksheet.pdf")).exists()))
    return done


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("lessons", nargs="*", help="lesson numbers or folder names (default: all)")
    ap.add_argument("--out", type=Path, default=OUT, help=f"output folder (default {OUT.relative_to(REPO)})")
    ap.add_argument("--root", type=Path, default=L.ROOT, help="the lessons folder")
    ap.add_argument("--no-pdf", action="store_true", help="skip the PDF worksheets (no Chromium needed)")
    ap.add_argument("--check", action="store_true", help="only check the form and recompute the answers")
    ap.add_argument("--refresh", action="store_true",
                    help="jupytext --sync and re-run each chosen lesson's .ipynb in place (needs a kernel)")
    args = ap.parse_args(argv)
    try:
        if args.refresh:
            for folder in select(args.lessons, args.root):
                print(f"refreshing {folder.name}")
                refresh(L.read(folder))
            return 0
        if args.check:                   # every lesson's problems, not only the first lesson's
            failed = []
            for folder in select(args.lessons, args.root):
                try:
                    check(L.read(folder))
                    print(f"{folder.name}: ok")
                except (BuildError, L.LessonError) as exc:
                    failed.append(str(exc))
            if failed:
                raise BuildError("\n".join(failed))
            return 0
        build(args.root, args.out, args.lessons, pdf=not args.no_pdf)
    except (BuildError, L.LessonError) as exc:
        print(f"build_lessons: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
