"""Every lesson: after Kernel > Restart (a kernel that died mid-lesson), a teacher runs a cell on
its own: a panel, the Debrief's table of the class's results, a chart or a simulation of the
Debrief, a solution shown once the class has tried. Every code cell then either imports what it
uses, or takes what an earlier cell made (the class's table, a simulation above) through
``bluffkit.lessons.made_above``, which says in plain words which cell to run first instead of
a NameError's traceback."""

from __future__ import annotations

import ast
import builtins

import pytest

from bluffkit import lessons as L

from .conftest import TINY, problems_of

#: names IPython gives every cell
IPYTHON = {"display", "get_ipython"}

#: cells (lesson, first line) allowed to use an earlier cell's name without made_above, and why:
#: none so far. A cell listed here must say why a teacher never runs it alone.
EXEMPT: dict[tuple[str, str], str] = {}


def _unbound(source: str) -> set[str]:
    """Names ``source`` reads that it neither defines nor imports (nor are builtins)."""
    tree = ast.parse(source)
    defined, used = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (defined if isinstance(node.ctx, (ast.Store, ast.Del)) else used).add(node.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            defined.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, (ast.FunctionDef, ast.Lambda)):
            if isinstance(node, ast.FunctionDef):
                defined.add(node.name)
            args = node.args
            defined.update(a.arg for a in args.args + args.kwonlyargs + args.posonlyargs)
        elif isinstance(node, ast.comprehension):
            defined.update(n.id for n in ast.walk(node.target) if isinstance(n, ast.Name))
    return used - defined - set(dir(builtins)) - IPYTHON


def _code_cells(name: str) -> list[tuple[int, object]]:
    lesson = L.read(L.ROOT / name)
    return [(i, c) for i, c in enumerate(lesson.nb.cells) if c.cell_type == "code"]


def _asks(source: str) -> list[tuple[list[str], list[str]]]:
    """Each ``a, b = made_above("a", "b", by=...)`` of ``source``: (the names assigned, the names asked)."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) \
                and getattr(node.value.func, "id", None) == "made_above":
            target = node.targets[0]
            names = [t.id for t in (target.elts if isinstance(target, ast.Tuple) else [target])
                     if isinstance(t, ast.Name)]
            out.append((names, [a.value for a in node.value.args if isinstance(a, ast.Constant)]))
    return out


@pytest.mark.parametrize("name", [p.name for p in L.lesson_folders()])
def test_every_code_cell_runs_alone_after_a_restart(name):
    """No code cell reads a name it neither imports nor takes through made_above: the panels, the
    class's table and the cells below it, the simulations, the teacher's and the solutions' cells."""
    missing = {c.source.splitlines()[0]: sorted(_unbound(c.source)) for _, c in _code_cells(name)
               if c.source.strip() and _unbound(c.source) and (name, c.source.splitlines()[0]) not in EXEMPT}
    assert not missing, (f"{name}: cells that need an earlier cell after a restart (import the modules; take the "
                         f"class's data with made_above): {missing}")


@pytest.mark.parametrize("name", [p.name for p in L.lesson_folders()])
def test_a_cell_asks_made_above_only_for_what_an_earlier_cell_makes(name):
    """What made_above says to run first is true: each name asked is made by a cell above (not
    itself taken through made_above there), and assigned to the same name in the cell."""
    made: set[str] = set()
    wrong = []
    for i, cell in _code_cells(name):
        for names, asked in _asks(cell.source):
            if names != asked:
                wrong.append(f"cell {i + 1}: {names} = made_above{tuple(asked)}")
            wrong += [f"cell {i + 1}: {n!r} is made by no cell above" for n in asked if n not in made]
        names = L._names(cell.source)
        if names is not None:
            made |= names[0]
    assert not wrong, f"{name}: {wrong}"


def test_the_check_sees_a_name_from_an_earlier_cell():
    assert _unbound("from x import y\nprint(mc.f(y), [k for k in y], (lambda r: r)(1))") == {"mc"}


def test_the_check_counts_a_function_the_cell_defines():
    # lesson 06's Debrief cell defines layable() and uses it in its rules
    assert _unbound("def ok(m):\n    return m > 0\nrules = [lambda r: ok(r)]") == set()


def test_the_check_takes_a_name_from_made_above():
    source = 'from bluffkit.lessons import made_above\nours, sim = made_above("ours", "sim", by="the cell above")\nours.x'
    assert _unbound(source) == set() and _asks(source) == [(["ours", "sim"], ["ours", "sim"])]


def test_made_above_gives_what_the_cells_above_made():
    space = {"class_bids": [1, 2], "sim": "s"}
    exec("from bluffkit.lessons import made_above\n"
         "one = made_above('class_bids', by='x')\nboth = made_above('class_bids', 'sim', by='x')", space)
    assert space["one"] == [1, 2] and space["both"] == ([1, 2], "s")


def test_made_above_says_what_to_run_first_in_plain_words():
    """Run alone, a cell that needs the class's table says which cell to run, not a NameError's traceback
    (IPython shows an exception's ``_render_traceback_`` in its place)."""
    with pytest.raises(L.RunFirst) as caught:
        exec("from bluffkit.lessons import made_above\n"
             "class_bids = made_above('class_bids', by=\"the class table's cell above\")", {})
    shown = caught.value._render_traceback_()
    assert isinstance(caught.value, NameError)          # still a NameError to code that catches one
    assert shown == [str(caught.value)] and "Traceback" not in shown[0]
    assert shown[0].startswith("First run the class table's cell above, then this cell: it uses class_bids")
    assert "Run ▸ Run All Above Selected Cell" in shown[0]


def test_made_above_names_only_what_is_missing():
    with pytest.raises(L.RunFirst, match=r"it uses sim, made there"):
        exec("from bluffkit.lessons import made_above\nours, sim = made_above('ours', 'sim', by='the cells above')",
             {"ours": 1})


def test_an_untagged_cell_may_not_take_a_teacher_cells_name_through_made_above(tmp_path):
    """The worksheet notebook drops the teacher's cells: made_above there could only say to run a
    cell the students do not have. The form's check refuses it as it refuses a bare name."""
    text = TINY.replace("```{code-cell} ipython3\nx = 2 + 3\n```",
                        '```{code-cell} ipython3\n:tags: [teacher]\n\nsecret = 2 + 3\n```\n\n'
                        '```{code-cell} ipython3\nfrom bluffkit.lessons import made_above\n\n'
                        'secret = made_above("secret", by="the cell above")\n```')
    assert text != TINY
    found = [p for p in problems_of(tmp_path, text) if "defined only in a teacher or solution cell" in p]
    assert found and "uses secret" in found[0], problems_of(tmp_path, text)
