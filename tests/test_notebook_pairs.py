"""The notebooks in notebooks/ are jupytext pairs: NAME.md (MyST markdown) is the text that
is edited and reviewed, NAME.ipynb the same notebook with its outputs, which nbval runs.
Both are committed, so they must agree; scripts/run_notebooks.sh syncs and executes them.

The start page (index.md) lists every lesson of lessons/ with the summary and the
duration its front matter gives.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import jupytext
import pytest

from bluffkit import lessons

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
START = "hide-when-presented"


class Pair(lessons.Lesson):
    """A notebook pair in notebooks/, checked by the lessons' own pair check."""

    @property
    def source(self) -> Path:
        return self.folder.with_suffix(".md")

    @property
    def notebook(self) -> Path:
        return self.folder.with_suffix(".ipynb")


def pair(name: str, folder: Path = NOTEBOOKS) -> Pair:
    return Pair(folder / name, jupytext.read(folder / f"{name}.md", fmt="md:myst"))


def differences(p: Pair) -> list[str]:
    return lessons.pair_differences(p)


NAMES = sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb"))


def test_every_notebook_has_its_text_and_every_text_its_notebook():
    assert "index" in NAMES, "the start page notebooks/index.ipynb is missing"
    texts = sorted(p.stem for p in NOTEBOOKS.glob("*.md"))
    assert texts == NAMES, (f"without a .md: {sorted(set(NAMES) - set(texts))}; without an .ipynb: "
                            f"{sorted(set(texts) - set(NAMES))} (pair them: jupytext --set-formats ipynb,md:myst "
                            "notebooks/NAME.ipynb, or write NAME.md and run scripts/run_notebooks.sh NAME.ipynb)")


@pytest.mark.parametrize("name", NAMES)
def test_the_pair_agrees(name):
    p = pair(name)
    assert p.nb.metadata.get("jupytext", {}).get("formats") == "ipynb,md:myst", \
        f"notebooks/{name}.md is not paired: its front matter needs jupytext: formats: ipynb,md:myst"
    assert p.nb.metadata.get("kernelspec", {}).get("name") == "python3", f"notebooks/{name}.md has no kernelspec"
    found = differences(p)
    assert not found, "\n".join(found)
    # The widget state is kept in the .ipynb only: the text holds no outputs and no state.
    text = p.source.read_text(encoding="utf-8")
    assert "widget-state" not in text and "widget-view" not in text, f"notebooks/{name}.md holds widget state"


@pytest.mark.parametrize("name", [n for n in NAMES if n != "index"])
def test_a_panel_notebook_opens_with_the_start_line_tagged_in_its_text(name):
    first = pair(name).nb.cells[0]
    assert first.cell_type == "markdown" and lessons.tags(first) == [START], \
        f"the first cell of notebooks/{name}.md must be the '{START}' line that says to run every cell"
    assert "Run All Cells" in first.source


def _shows_panels(name: str) -> bool:
    import nbformat
    nb = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    return any("application/vnd.jupyter.widget-view+json" in o.get("data", {})
               for c in nb.cells if c.cell_type == "code" for o in c.outputs)


@pytest.mark.parametrize("name", [n for n in NAMES if _shows_panels(n)])
def test_the_start_line_is_true_of_a_saved_picture_and_of_a_saved_run(name):
    """The line said "Until then the panels below are a picture of the last run": once
    JupyterLab has saved a run, a panel's place holds a line saying to run the cell
    (bluffkit.lab_save.NOT_SAVED) and no picture; and a picture bears JupyterLab's red
    broken-link sign, which nothing on the page explained. Every panel notebook opens with
    the same line, bluffkit.lab_save.START_LINE, which says both."""
    from bluffkit.lab_save import NOT_SAVED, START_LINE
    first = " ".join(pair(name).nb.cells[0].source.split())
    assert first == START_LINE, f"notebooks/{name}.md: its first cell should read:\n{START_LINE}"
    assert "picture of the last run" not in START_LINE and "broken-link sign" in START_LINE
    assert "run the cell" in START_LINE and "Run the cell" in NOT_SAVED


def test_a_changed_text_is_reported(tmp_path):
    for ext in (".md", ".ipynb"):
        shutil.copy(NOTEBOOKS / f"index{ext}", tmp_path / f"index{ext}")
    assert differences(pair("index", tmp_path)) == []
    md = tmp_path / "index.md"
    md.write_text(md.read_text(encoding="utf-8").replace("## Many games at once", "## Many games"), encoding="utf-8")
    found = differences(pair("index", tmp_path))
    assert found and "index.ipynb" in found[0] and "jupytext --sync" in found[0], found


ROW = re.compile(r"^\|\s*(\d\d)\s*\|\s*\[([^\]]+)\]\(\.\./lessons/([^)/]+)/\3\.ipynb\)\s*\|\s*(\d+) min\s*\|"
                 r"\s*(.+?)\s*\|\s*$", re.M)


def test_the_start_page_lists_every_lesson_with_its_summary_and_duration():
    page = (NOTEBOOKS / "index.md").read_text(encoding="utf-8")
    rows = {m.group(3): m for m in ROW.finditer(page)}
    folders = lessons.lesson_folders()
    assert folders, "no lessons in lessons/"
    for folder in folders:
        meta = lessons.read(folder).meta
        want = (f"| {folder.name[:2]} | [{meta['title']}](../lessons/{folder.name}/{folder.name}.ipynb) | "
                f"{meta['minutes']} min | {meta['summary']} |")
        fix = f"the row should be:\n{want}\n(scripts/run_notebooks.sh index.ipynb writes the table)"
        assert folder.name in rows, f"notebooks/index.md does not link lessons/{folder.name}; {fix}"
        assert (lessons.source_of(folder).with_suffix(".ipynb")).exists(), f"the start page links {folder.name}/{folder.name}.ipynb, which is missing"
        number, title, _, minutes, summary = rows[folder.name].groups()
        assert (number, title, int(minutes), summary) == (folder.name[:2], meta["title"], meta["minutes"],
                                                          meta["summary"]), fix
    stale = sorted(set(rows) - {f.name for f in folders})
    assert stale == [], f"notebooks/index.md links lessons that do not exist: {stale}"
    assert list(rows) == [f.name for f in folders], "the lessons are not listed in their order"


README_ROW = re.compile(r"^\|\s*(\d\d)\s*\|\s*\[([^\]]+)\]\(([^)/]+)/\3\.md\)\s*\|\s*(.+?)\s*\|\s*$", re.M)


@pytest.mark.slow                      # (every lesson read: some 0.6 s)
def test_the_lessons_readme_lists_every_lesson_with_its_summary():
    """lessons/README.md kept lesson 09's old summary, which gave its warm-up's answer (the
    k-th extra step costs k notes) after the lesson and the start page had dropped it: its
    table is the lessons' own titles and summaries, as the start page's is."""
    page = (ROOT / "lessons" / "README.md").read_text(encoding="utf-8")
    rows = {m.group(3): m.groups() for m in README_ROW.finditer(page)}
    folders = lessons.lesson_folders()
    for folder in folders:
        meta = lessons.read(folder).meta
        want = f"| {folder.name[:2]} | [{meta['title']}]({folder.name}/{folder.name}.md) | {meta['summary']} |"
        assert rows.get(folder.name) == (folder.name[:2], meta["title"], folder.name, meta["summary"]), \
            f"lessons/README.md: the row should be:\n{want}"
    assert list(rows) == [f.name for f in folders], "lessons/README.md lists other lessons, or out of order"


OPENED = sorted([*NOTEBOOKS.glob("*.ipynb"), *(lessons.source_of(f).with_suffix(".ipynb") for f in lessons.lesson_folders())])


def _kernel():
    from jupyter_client.kernelspec import KernelSpecManager
    return KernelSpecManager().get_kernel_spec("python3")


@pytest.mark.parametrize("path", OPENED, ids=[str(p.relative_to(ROOT)) for p in OPENED])
def test_a_notebook_opens_with_every_panel_drawn_and_unchanged(path):
    """Every lesson opened from the start page showed "Error displaying widget: model not
    found" where its panels are (no saved widget state, or state of another run), and
    opening any notebook marked it changed (the kernel's name "Python 3" became "Python 3
    (ipykernel)"), so `make lab` kept the old copy. Every panel shown now has its state,
    with every model it uses, and the kernel is named as the project's kernel names itself."""
    import nbformat
    nb = nbformat.read(path, as_version=4)
    assert not lessons.missing_widget_state(nb), f"{path.name}: a panel is shown without its saved state"
    spec, ks = _kernel(), nb.metadata.kernelspec
    assert (ks.name, ks.display_name, ks.language) == ("python3", spec.display_name, spec.language)


def test_the_widget_check_finds_a_model_a_panel_uses_but_the_notebook_lacks():
    """A planted fault: the state of a panel's children taken out of a saved lesson."""
    import copy
    import re as re_

    import nbformat
    nb = nbformat.read(lessons.source_of(ROOT / "lessons" / "02-second-price").with_suffix(".ipynb"), as_version=4)
    assert not lessons.missing_widget_state(nb)
    state = nb.metadata["widgets"][lessons.WIDGET_STATE]["state"]
    shown = [o["data"][lessons.WIDGET_VIEW]["model_id"] for c in nb.cells if c.cell_type == "code"
             for o in c.get("outputs", []) if lessons.WIDGET_VIEW in o.get("data", {})]
    used = re_.findall(r"IPY_MODEL_([0-9a-f]+)", str(state[shown[0]]["state"]))
    cut = copy.deepcopy(nb)
    del cut.metadata["widgets"][lessons.WIDGET_STATE]["state"][used[0]]
    assert lessons.missing_widget_state(cut) == [used[0]]
    cut.metadata.pop("widgets")
    assert set(lessons.missing_widget_state(cut)) == set(shown)


def test_an_unknown_notebook_is_refused_naming_the_ones_it_takes():
    """scripts/run_notebooks.sh takes names in notebooks/ such as table.ipynb: a name it does
    not know is refused before anything runs, and the names it offers are ones it takes."""
    run = subprocess.run(["bash", str(ROOT / "scripts" / "run_notebooks.sh"), "no-such.ipynb"],
                         env={"PATH": "/usr/bin:/bin", "VENV": "/nonexistent"}, capture_output=True, text=True,
                         timeout=10)
    assert run.returncode == 2, run.stderr
    said = run.stderr.split("the notebooks are:", 1)[1].split()
    assert "table.ipynb" in said and "index.ipynb" in said
    assert all(name.endswith(".ipynb") for name in said), said
