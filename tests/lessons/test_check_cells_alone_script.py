"""``scripts/check_cells_alone.py``, which runs each lesson cell alone in a kernel (docs/lessons.md,
"Cells that run alone"): its pure parts, with no kernel started. How it reads a notebook's code
cells, how it tells a cell that says what to run first from one that fails, and its usage errors."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import nbformat
import pytest

from bluffkit import lessons as L

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "check_cells_alone.py"


def _load():
    spec = importlib.util.spec_from_file_location("check_cells_alone", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module          # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


S = _load()


def _notebook(path: Path, *cells) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(src) if kind == "code" else nbformat.v4.new_markdown_cell(src)
                for kind, src in cells]
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, str(path))
    return path


def _shown(exc: BaseException) -> dict:
    """The kernel's error message for ``exc`` as IPython sends it: its ``_render_traceback_`` if it
    has one (made_above's RunFirst), else a coloured traceback ending in ``Name: value``."""
    render = getattr(exc, "_render_traceback_", None)
    traceback = render() if render else [
        "\x1b[31m---------------------------------------------------------------------------\x1b[39m",
        "\x1b[31mNameError\x1b[39m                                 Traceback (most recent call last)",
        "Cell \x1b[32mIn[3]\x1b[39m, line 1\n\x1b[32m----> 1\x1b[39m print(ours)",
        f"\x1b[31m{type(exc).__name__}\x1b[39m: {exc}"]
    return {"ename": type(exc).__name__, "evalue": str(exc), "traceback": traceback}


def _run_first() -> L.RunFirst:
    with pytest.raises(L.RunFirst) as caught:
        exec("from bluffkit.lessons import made_above\nours = made_above('ours', by=\"the class table's cell\")", {})
    return caught.value


# ---- reading the code cells ---------------------------------------------------------------

def test_it_reads_the_code_cells_numbered_among_all_cells(tmp_path):
    path = _notebook(tmp_path / "n.ipynb", ("md", "# Title"), ("code", "x = 1"), ("md", "text"),
                     ("code", "  \n"), ("code", "\n\nimport math\nmath.pi"))
    cells = S.code_cells(path)
    assert [(c.number, c.source) for c in cells] == [(2, "x = 1"), (5, "\n\nimport math\nmath.pi")]
    assert cells[1].first_line == "import math"           # the first line that says something


def test_its_cell_numbers_are_those_of_the_lessons_messages():
    """In lesson 02's notebook, cell N of a failure is the notebook's Nth cell, as bluffkit.lessons'
    messages count the cells of the lesson's .md (test_structure holds the pair in agreement cell by cell)."""
    path = L.source_of(L.lesson_folders()[1]).with_suffix(".ipynb")
    raw = json.loads(path.read_text(encoding="utf-8"))["cells"]
    cells = S.code_cells(path)
    assert len(cells) > 5 and len(cells) == sum(c["cell_type"] == "code" and "".join(c["source"]).strip() != ""
                                                 for c in raw)
    assert all(raw[c.number - 1]["cell_type"] == "code" and "".join(raw[c.number - 1]["source"]) == c.source
               for c in cells)


# ---- pass or fail -------------------------------------------------------------------------

def test_a_cell_that_raises_nothing_passes():
    assert S.verdict(None) == (True, "ran")


def test_a_cell_run_alone_that_says_what_to_run_first_passes():
    ok, shown = S.verdict(_shown(_run_first()))
    assert ok and shown == "said what to run first"


def test_a_name_error_traceback_fails_with_its_last_line():
    try:
        exec("print(ours)", {})
    except NameError as exc:
        error = _shown(exc)
    assert S.verdict(error) == (False, "NameError: name 'ours' is not defined")


@pytest.mark.parametrize("around", [["Traceback (most recent call last)", "  File ..."], [], ["  File ..."]],
                         ids=["traceback", "line-twice", "frames"])
def test_made_above_shown_as_more_than_its_line_fails(around):
    """A RunFirst the notebook shows with a traceback (or anything else) around it is not the one plain line."""
    exc = _run_first()
    error = {"ename": "RunFirst", "evalue": str(exc), "traceback": [str(exc)] * (not around) + around + [f"RunFirst: {exc}"]}
    ok, shown = S.verdict(error)
    assert not ok and shown.startswith("RunFirst: First run the class table's cell")


def test_another_exception_that_starts_like_made_above_fails():
    error = {"ename": "ValueError", "evalue": "First run x", "traceback": ["First run x"]}
    assert S.verdict(error) == (False, "First run x")


def test_in_order_the_run_first_line_is_a_failure():
    """Run after the cells above (--after-all), made_above finding nothing means it asks for a name
    no cell above made."""
    ok, shown = S.verdict(_shown(_run_first()), run_first_ok=False)
    assert not ok and "no cell above made" in shown and "First run the class table's cell" in shown


def test_an_error_without_a_traceback_is_named_by_its_exception():
    assert S.last_line({"ename": "TimeoutError", "evalue": "no answer within 300 s", "traceback": []}) \
        == "TimeoutError: no answer within 300 s"


def test_the_lesson_line_names_each_failure_by_cell_and_first_line(tmp_path):
    result = S.Result(L.source_of(tmp_path).with_suffix(".ipynb"), cells=3, passed=2, said_run_first=1, seconds=4.2,
                      failures=["cell 7 `print(ours)`, alone: NameError: name 'ours' is not defined"])
    head, fail = S.line(result).splitlines()
    assert head.endswith(": 3 cells run alone, 2 passed (1 said what to run first), 1 failed, 4 s")
    assert fail == "  FAIL cell 7 `print(ours)`, alone: NameError: name 'ours' is not defined"
    result.in_order = 3
    assert "3 cells run in order, 3 passed, 0 failed; then 3 cells run alone" in S.line(result)


# ---- usage errors, before any kernel starts -------------------------------------------------

@pytest.fixture
def no_kernel(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("a kernel was started")
    monkeypatch.setattr(S, "Kernel", refuse)


def test_every_lesson_by_default(no_kernel):
    assert S.notebooks([]) == sorted(L.source_of(p).with_suffix(".ipynb") for p in L.lesson_folders()) and len(S.notebooks([])) == 9


def test_a_lesson_by_number_or_folder_once(no_kernel):
    second = L.source_of(L.lesson_folders()[1]).with_suffix(".ipynb")
    assert S.notebooks(["02", "2", str(second.parent), str(second)]) == [second.resolve()]


@pytest.mark.parametrize("make, said", [
    (lambda d: d / "missing.ipynb", "no such file or folder"),
    (lambda d: (d / "notes.txt").write_text("x") and d / "notes.txt", "not a notebook (.ipynb)"),
    (lambda d: d, "a folder without a "),
    (lambda d: (d / "broken.ipynb").write_text("{not json") and d / "broken.ipynb", "not a notebook (")],
    ids=["missing", "not-ipynb", "folder-without-lesson", "not-json"])
def test_a_path_that_is_no_notebook_is_refused_in_one_line(tmp_path, capsys, no_kernel, make, said):
    path = make(tmp_path)
    assert S.main([str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"check_cells_alone: {path}: {said}") and "Traceback" not in err


def test_a_lesson_number_that_is_no_lesson_is_refused(capsys, no_kernel):
    assert S.main(["42"]) == 2
    assert "42: no lesson numbered 42" in capsys.readouterr().err


def test_no_lessons_found_is_refused(tmp_path, monkeypatch, capsys, no_kernel):
    monkeypatch.setattr(S, "LESSONS", tmp_path)
    assert S.main([]) == 2
    assert f"no lessons found: no {tmp_path}/NN-slug/NN-slug.ipynb" in capsys.readouterr().err


def test_a_broken_notebook_among_good_ones_stops_before_any_kernel(tmp_path, capsys, no_kernel):
    good = _notebook(L.source_of(tmp_path / "a").with_suffix(".ipynb"), ("code", "x = 1"))
    (tmp_path / "b.ipynb").write_text("{}")
    assert S.main([str(good), str(tmp_path / "b.ipynb")]) == 2
    assert "b.ipynb: not a notebook" in capsys.readouterr().err


def test_a_superscript_digit_is_no_lesson_number(capsys, no_kernel):
    """"²" is a digit to str.isdigit, and int("²") raised a ValueError's traceback."""
    assert S.main(["²"]) == 2
    err = capsys.readouterr().err
    assert "²: no such file or folder" in err and "Traceback" not in err


@pytest.mark.parametrize("typed", ["-1", "0", "nan", "inf", "soon"])
def test_a_timeout_is_a_number_of_seconds_above_0(typed, capsys, no_kernel):
    """-1 failed every cell at its %reset; nan ran every cell without a limit."""
    with pytest.raises(SystemExit) as stop:
        S.main([f"--timeout={typed}", "01"])
    assert stop.value.code == 2
    assert "--timeout: a number of seconds" in capsys.readouterr().err
