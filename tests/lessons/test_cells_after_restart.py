"""Every lesson: after Kernel > Restart, a teacher who scrolls to a panel (or to the
Debrief's table of the class's results) and runs that cell alone gets the panel, not a
NameError: each such cell imports what it uses. The lessons say to run every cell; these
are the cells run again on their own when a kernel has died mid-lesson."""

from __future__ import annotations

import ast
import builtins

import pytest

from bluffkit import lessons as L

#: what marks the cells run alone: the panels, and the table the teacher types in
ALONE = ("AuctionLab(", "ScenarioPlayer(", "BidderUpTable(", "TablePanel(", "BloffTable(", "BlufferTable(",
         "ScoringExplorer(", "class_table(", "class_lists(")
#: names IPython gives every cell
IPYTHON = {"display", "get_ipython"}


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


@pytest.mark.parametrize("name", [p.name for p in L.lesson_folders()])
def test_a_panel_cell_runs_alone_after_a_restart(name):
    lesson = L.read(L.ROOT / name)
    cells = [c.source for c in lesson.nb.cells if c.cell_type == "code" and any(k in c.source for k in ALONE)]
    assert cells, f"{name}: no panel cell found"
    missing = {c.splitlines()[0]: _unbound(c) for c in cells if _unbound(c)}
    assert not missing, f"{name}: cells that need an earlier cell after a restart: {missing}"


def test_the_check_sees_a_name_from_an_earlier_cell():
    assert _unbound("from x import y\nprint(mc.f(y), [k for k in y], (lambda r: r)(1))") == {"mc"}


def test_the_check_counts_a_function_the_cell_defines():
    # lesson 06's Debrief cell defines layable() and uses it in its rules
    assert _unbound("def ok(m):\n    return m > 0\nrules = [lambda r: ok(r)]") == set()


def _imported(source: str) -> set[str]:
    """Names ``source`` binds by an import."""
    return {(a.asname or a.name).split(".")[0] for node in ast.walk(ast.parse(source))
            if isinstance(node, (ast.Import, ast.ImportFrom)) for a in node.names}


@pytest.mark.parametrize("name", [p.name for p in L.lesson_folders()])
def test_a_teacher_cell_that_needs_only_imports_runs_alone(name):
    """The teacher runs a teacher's cell on its own: the value cards printed before class, sympy's answer shown
    once the class has tried. One that needs no earlier cell's data (only modules) imports them itself,
    so that it runs alone after a restart, or before the cells above it have run."""
    lesson = L.read(L.ROOT / name)
    cells = [c for c in lesson.nb.cells if c.cell_type == "code"]
    modules = set().union(*(_imported(c.source) for c in cells))
    missing = {c.source.splitlines()[0]: _unbound(c.source) for c in cells
               if "teacher" in c.metadata.get("tags", []) and _unbound(c.source)
               and _unbound(c.source) <= modules}
    assert not missing, f"{name}: teacher's cells that need an import from an earlier cell: {missing}"
