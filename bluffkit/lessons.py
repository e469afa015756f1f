"""The form of a bluffkit lesson, read and checked: one module shared by the tests of
``tests/lessons/`` and by ``scripts/build_lessons.py``.

A lesson is a folder ``lessons/NN-slug/`` holding ``NN-slug.md`` (a jupytext MyST
markdown notebook, the single source), ``NN-slug.ipynb`` (its pair, run by nbval) and
``answers.py`` (``ANSWERS = {"1a": fn, ...}``, one function per stated answer that
recomputes it). docs/lessons.md describes the form for authors; this module is its
definition:

- the front matter's ``bluffkit:`` mapping holds :data:`META_KEYS`;
- the level-2 headings are :data:`SECTIONS`, in that order;
- the Timing section has a table whose minutes column sums to the lesson's ``minutes`` (45);
- cells tagged ``teacher`` or ``solution`` are in the teacher's guide only
  (:func:`audience_cells`); every cell of the Solutions section carries one of them;
- a stated answer is ``**Answer 1a: 350**`` in a ``solution`` cell (:func:`parse_value`).
- the worksheet prints none of the forms listed under ``worksheet_gaps`` in the front matter:
  what an exercise would only substitute into (:func:`given_away`).

>>> parse_value("1,640")
Stated(value=Fraction(1640, 1), tolerance=None, text='1,640')
>>> parse_value("2/3").matches(__import__("sympy").Rational(2, 3))
True
>>> parse_value("12.5%").value
Fraction(1, 8)
>>> parse_value("0.62 ± 0.03").matches(0.6401)
True
>>> parse_value("0.62 ± 0.03").matches(0.66)
False
"""

from __future__ import annotations

import html
import importlib.util
import re
import sys
from dataclasses import dataclass, field
from fractions import Fraction
from numbers import Number
from pathlib import Path
from typing import Any

#: The lessons folder of the project.
ROOT = Path(__file__).resolve().parents[1] / "lessons"

#: The keys of the ``bluffkit:`` mapping in a lesson's front matter.
META_KEYS = ("title", "summary", "minutes", "game", "objectives", "prerequisites", "rulebook")

#: The level-2 headings of every lesson, in this order.
SECTIONS = ("Objectives and prerequisites", "Timing", "Background", "Activity", "Debrief",
            "Discussion questions", "Exercises", "Solutions")

#: Cells with one of these tags are in the teacher's guide only.
TEACHER_TAGS = ("teacher", "solution")

#: Every tag a lesson's cell may carry: the two above, and ``hide-input`` (a code cell shown
#: by its output alone). Any other is refused: a misspelt ``teacher`` (``teachers``,
#: ``Teacher``) would put the teacher's notes on the worksheet without a word.
KNOWN_TAGS = TEACHER_TAGS + ("hide-input",)

#: A lesson's length in minutes.
MINUTES = 45

#: The line every lesson shows, untagged, after its title and so before its first panel
#: (docs/lessons.md, "Sections"): a lesson opened in JupyterLab shows its stored panels, whose
#: buttons do nothing until the cells have run, and JupyterLab marks each with its red
#: broken-link sign. The panel notebooks' words, but true on a printed page too (a panel is a
#: note there) and in the worksheet notebook (nothing is shown).
RUN_FIRST = ("**To play, run every cell: Run ▸ Run All Cells.** The panels below are played in JupyterLab: "
             "until their cells have run, their buttons do nothing. A panel marked with a red broken-link sign "
             "is not connected to Python yet.")

MARKER = re.compile(r"\*\*Answer\s+([0-9]+[a-z]?)\s*:\s*([^*]+?)\s*\*\*")
_NUMBER = r"[-+−]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"
_FOLDER = re.compile(r"^\d\d-[a-z0-9-]+$")


class LessonError(ValueError):
    """A lesson that does not have the form; the message names the file and the cell."""


@dataclass(frozen=True)
class Stated:
    """A stated answer: an exact ``value`` (a fraction; a percentage is divided by 100)
    and, for a seeded simulation, a ``tolerance`` (``0.62 ± 0.03``)."""

    value: Fraction
    tolerance: Fraction | None
    text: str

    def matches(self, computed: Any) -> bool:
        """Whether ``computed`` (an int, a float, a Fraction, a numpy or sympy number)
        is the stated answer: exactly for integers and fractions, within 1e-9
        relative for a float, within the tolerance when one is stated."""
        got = as_number(computed)
        if self.tolerance is not None:
            slack = 1e-9 * max(abs(float(self.value)), 1.0)     # 0.65 as a float is not exactly 0.65
            return abs(float(got) - float(self.value)) <= float(self.tolerance) + slack
        if isinstance(got, float):
            return abs(got - float(self.value)) <= 1e-9 * max(abs(float(self.value)), 1e-300)
        return got == self.value


def as_number(x: Any) -> Fraction | float:
    """A recomputed answer as a Fraction (exact numbers) or a float.

    >>> as_number(3), as_number(__import__("sympy").Rational(1, 3)), as_number(0.5)
    (Fraction(3, 1), Fraction(1, 3), 0.5)
    """
    if isinstance(x, bool):
        raise TypeError(f"an answer must be a number, got the truth value {x!r}")
    if isinstance(x, Fraction):
        return x
    if isinstance(x, int):
        return Fraction(x)
    try:
        import sympy as sp
    except ImportError:     # pragma: no cover - sympy is a dependency
        sp = None
    if sp is not None and isinstance(x, sp.Basic):
        x = sp.nsimplify(x) if x.is_Float else x
        if x.is_Rational:
            return Fraction(int(x.p), int(x.q))
        if x.is_number and x.is_real:
            return float(x)
        raise TypeError(f"an answer must be a number, got the expression {x}")
    if hasattr(x, "item") and callable(x.item):       # numpy scalars
        return as_number(x.item())
    if isinstance(x, float):
        return x
    if isinstance(x, Number):
        return float(x)  # type: ignore[arg-type]
    raise TypeError(f"an answer must be a number, got {type(x).__name__} {x!r}")


def _exact(text: str) -> Fraction:
    return Fraction(text.replace(",", "").replace("−", "-").replace("+", ""))


def parse_value(text: str) -> Stated:
    """A stated answer's number: ``350``, ``1,640``, ``-12.5``, ``2/3``, ``12.5%``,
    ``0.62 ± 0.03`` (or ``+/-``; ``62% ± 3%``). Raises :class:`ValueError` otherwise,
    and for a percentage with a bare tolerance (``62% ± 3`` would be 0.62 ± 3).

    >>> parse_value("62% ± 3%").tolerance
    Fraction(3, 100)
    """
    raw = text.strip()
    s = raw.replace("+/-", "±")
    value, sep, tol = s.partition("±")
    tolerance = None
    if sep:
        tolerance = _one(tol.strip(), raw)
        if tolerance < 0:
            raise ValueError(f"a tolerance must not be negative: {raw!r}")
        if value.strip().endswith("%") and not tol.strip().endswith("%") and tolerance != 0:
            raise ValueError(f"a tolerance after a percentage must be a percentage too: {raw!r}; write "
                             f"e.g. 62% ± 3% (a bare {tol.strip()} is {float(tolerance * 100):g} percentage points)")
    return Stated(_one(value.strip(), raw), tolerance, raw)


def _one(s: str, raw: str) -> Fraction:
    if re.fullmatch(_NUMBER + "%", s):
        return _exact(s[:-1]) / 100
    if re.fullmatch(_NUMBER, s):
        return _exact(s)
    m = re.fullmatch(rf"({_NUMBER})\s*/\s*(\d+)", s)
    if m and int(m.group(2)) != 0:
        return _exact(m.group(1)) / int(m.group(2))
    raise ValueError(f"not a number, fraction or percentage: {raw!r} (write e.g. 350, 1,640, 2/3, 12.5% "
                     "or 0.62 ± 0.03)")


@dataclass
class Marker:
    """One ``**Answer ID: VALUE**`` in a lesson: its exercise ``id``, the stated value
    and the cell (index in the notebook) it is written in."""

    id: str
    stated: Stated
    cell: int


@dataclass
class Lesson:
    """One lesson folder, read: ``nb`` is the notebook of ``NN-slug.md`` (nbformat)."""

    folder: Path
    nb: Any
    meta: dict = field(default_factory=dict)

    @property
    def source(self) -> Path:
        return source_of(self.folder)

    @property
    def notebook(self) -> Path:
        return source_of(self.folder).with_suffix(".ipynb")

    @property
    def answers_file(self) -> Path:
        return self.folder / "answers.py"

    @property
    def name(self) -> str:
        return self.folder.name

    def where(self, index: int | None = None) -> str:
        """``lessons/02-x/02-x.md, cell 7 ("## Timing")``: for error messages."""
        text = str(self.source)
        try:
            text = str(self.source.relative_to(ROOT.parent))
        except ValueError:
            pass
        if index is None:
            return text
        first = self.nb.cells[index].source.strip().splitlines()
        return f'{text}, cell {index + 1} ("{first[0][:50] if first else ""}")'


def source_of(folder: Path) -> Path:
    """The text of the lesson in ``folder``, named after it, as its notebook (``.ipynb``) is:
    ``lessons/02-second-price/02-second-price.md``. Each was ``lesson.md`` and
    ``lesson.ipynb``, and JupyterLab's tabs, which show a file's name, all read
    "lesson.ipynb"."""
    return Path(folder) / f"{Path(folder).name}.md"


def lesson_folders(root: Path = ROOT) -> list[Path]:
    """The lesson folders under ``root`` (``NN-slug`` holding ``NN-slug.md``), in order. A
    folder ``NN-slug`` holding another ``.md`` is one too (a lesson folder copied under a new
    name keeps its files' old names): :func:`read` refuses it, naming the file it wants."""
    if not root.is_dir():
        return []
    return sorted(p for p in root.iterdir() if p.is_dir() and _FOLDER.match(p.name)
                  and (source_of(p).exists() or any(p.glob("*.md"))))


def read(folder: Path) -> Lesson:
    """Read ``folder/NN-slug.md`` (:func:`source_of`) with jupytext (its ``bluffkit:`` front
    matter in ``meta``)."""
    import jupytext  # type: ignore[import-untyped]

    folder = Path(folder)
    source = source_of(folder)
    if not source.exists():
        other = sorted(p.name for p in folder.glob("*.md"))
        named = f" (a lesson's files are named after its folder; found {', '.join(other)})" if other else ""
        raise LessonError(f"{folder}: no {source.name}{named}")
    try:
        nb = jupytext.read(source, fmt="md:myst")
    except Exception as exc:      # jupytext raises many kinds of errors on a malformed file
        raise LessonError(f"{source}: jupytext cannot read it as MyST markdown: {exc}") from exc
    meta = nb.metadata.get("bluffkit")
    return Lesson(folder, nb, meta if isinstance(meta, dict) else {})


def tags(cell) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []) or [])


def for_teacher_only(cell) -> bool:
    return any(t in TEACHER_TAGS for t in tags(cell))


def audience_cells(nb, audience: str) -> list:
    """The cells of the teacher's guide (``"teacher"``: all) or of the student worksheet
    (``"worksheet"``: none tagged ``teacher`` or ``solution``)."""
    if audience == "teacher":
        return list(nb.cells)
    if audience == "worksheet":
        return [c for c in nb.cells if not for_teacher_only(c)]
    raise ValueError(f"audience must be 'teacher' or 'worksheet', got {audience!r}")


def headings(nb, level: int = 2) -> list[tuple[int, str]]:
    """(cell index, text) of every markdown heading of ``level`` (code blocks skipped)."""
    out = []
    mark = "#" * level + " "
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "markdown":
            continue
        fenced = False
        for line in cell.source.splitlines():
            if line.lstrip().startswith(("```", "~~~")):
                fenced = not fenced
            elif not fenced and line.startswith(mark):
                out.append((i, line[len(mark):].strip()))
    return out


def sections(nb) -> dict[str, list[tuple[int, str]]]:
    """Each level-2 section's content as (cell index, text) parts, in order: a markdown cell
    may hold several headings (MyST markdown runs on until ``+++`` or a code cell), so a
    cell can be split between sections. Text before the first ``## `` heading is under ``""``."""
    out: dict[str, list[tuple[int, str]]] = {"": []}
    current = ""
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "markdown":
            out[current].append((i, cell.source))
            continue
        fenced, part = False, []  # type: bool, list[str]
        for line in cell.source.splitlines():
            if line.lstrip().startswith(("```", "~~~")):
                fenced = not fenced
            if not fenced and line.startswith("## "):
                if part:
                    out[current].append((i, "\n".join(part)))
                current, part = line[3:].strip(), [line]
                out.setdefault(current, [])
            else:
                part.append(line)
        if part:
            out[current].append((i, "\n".join(part)))
    return out


def section_cells(lesson: Lesson, name: str) -> list[int]:
    """The indexes of the cells with some part in section ``name`` (case as written)."""
    for key, parts in sections(lesson.nb).items():
        if key.lower() == name.lower():
            return sorted({i for i, _ in parts})
    return []


#: What a timing table of its header alone (or its header and a total row) is told.
_NO_STEPS = "the timing table has no rows of steps (| what | minutes |): one row per step, under the header"


def timing_rows(lesson: Lesson) -> list[tuple[str, int]]:
    """The Timing section's table: (what, minutes) per row. The minutes column is the
    one whose header has the word "min" or "minutes" (not "admin"); the other cells of a
    row, joined, say what. A row's minutes cell may be empty only on its total row."""
    parts = next((p for k, p in sections(lesson.nb).items() if k.lower() == "timing"), [])
    headed = None                               # a cell holding a table's header and no rows
    for i, text in parts:
        if lesson.nb.cells[i].cell_type != "markdown":
            continue
        lines = [ln.strip() for ln in text.splitlines() if ln.strip().startswith("|")]
        if len(lines) < 3:
            if lines and headed is None:
                headed = i
            continue
        header = [h.strip().lower() for h in lines[0].strip("|").split("|")]
        col = next((k for k, h in enumerate(header) if re.search(r"\bmin(ute)?s?\b", h)), None)
        if col is None:
            raise LessonError(f"{lesson.where(i)}: the timing table has no column headed 'minutes'")
        rows = []
        for line in lines[2:]:
            row = [p.strip() for p in line.strip("|").split("|")]
            if len(row) != len(header):
                raise LessonError(f"{lesson.where(i)}: timing row {line!r} has {len(row)} cells, "
                                  f"the header {len(header)}")
            if row[col].strip("*").lower() == "total":
                continue
            what = " ".join(p for k, p in enumerate(row) if k != col).strip()
            if what.strip("* ").lower().startswith("total"):
                continue
            if not row[col].strip("* "):
                raise LessonError(f"{lesson.where(i)}: timing row {line!r} has no minutes")
            try:
                rows.append((what, int(row[col].strip("*"))))
            except ValueError:
                raise LessonError(f"{lesson.where(i)}: timing row {line!r}: minutes {row[col]!r} "
                                  "is not a whole number") from None
        if not rows:
            raise LessonError(f"{lesson.where(i)}: {_NO_STEPS}")
        return rows
    if headed is not None:
        raise LessonError(f"{lesson.where(headed)}: {_NO_STEPS}")
    raise LessonError(f"{lesson.where()}: the Timing section has no table (| step | minutes |)")


def exercise_numbers(lesson: Lesson) -> list[int]:
    """The numbers of the lesson's exercises: each ``**N.`` that opens a line of the
    Exercises section, and each stated answer's (``Answer 2a`` is exercise 2). A discussion
    exercise has no stated answer, and the worksheet gives it an answer box all the same."""
    found = {int(m.group(1)) for _, text in sections(lesson.nb).get("Exercises", [])
             for m in re.finditer(r"^\*\*(\d+)\.", text, re.M)}
    return sorted(found | {int(m.id.rstrip("abcdefghijklmnopqrstuvwxyz")) for m in markers(lesson)})


def markers(lesson: Lesson) -> list[Marker]:
    """Every stated answer of the lesson; a marker that does not parse raises."""
    out = []
    for i, cell in enumerate(lesson.nb.cells):
        for m in MARKER.finditer(cell.source):
            try:
                stated = parse_value(m.group(2))
            except ValueError as exc:
                raise LessonError(f"{lesson.where(i)}: Answer {m.group(1)}: {exc}") from None
            out.append(Marker(m.group(1), stated, i))
    return out


def load_answers(lesson: Lesson) -> dict:
    """The ``ANSWERS`` mapping of the lesson's ``answers.py`` (imported from its file)."""
    path = lesson.answers_file
    if not path.exists():
        raise LessonError(f"{path}: missing (ANSWERS = {{'1a': fn, ...}}: one function per stated answer)")
    spec = importlib.util.spec_from_file_location(f"bluffkit_lesson_{lesson.name.replace('-', '_')}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module          # dataclasses and pickling look modules up there
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        sys.modules.pop(spec.name, None)
        import traceback
        line = next((f", line {f.lineno}" for f in reversed(traceback.extract_tb(exc.__traceback__))
                     if f.filename == str(path)), "")
        if isinstance(exc, SyntaxError) and exc.lineno:
            line = f", line {exc.lineno}"
        raise LessonError(f"{path}{line}: answers.py cannot be loaded: {type(exc).__name__}: {exc}") from exc
    except BaseException:
        sys.modules.pop(spec.name, None)
        raise
    answers = getattr(module, "ANSWERS", None)
    if not isinstance(answers, dict) or not all(callable(f) for f in answers.values()):
        raise LessonError(f"{path}: ANSWERS must be a dict of exercise ids to functions")
    return answers


def problems(lesson: Lesson) -> list[str]:
    """Everything that keeps ``lesson`` from having the form, each naming its file and cell
    (an empty list: the lesson is well formed). Answers are not recomputed here
    (:func:`check_answers` does that)."""
    out: list[str] = []
    where = lesson.where()
    meta = lesson.nb.metadata.get("bluffkit")
    if not isinstance(meta, dict):
        return [f"{where}: the front matter has no 'bluffkit:' mapping ({', '.join(META_KEYS)})"]
    missing = [k for k in META_KEYS if k not in meta or meta[k] in (None, "", [])]
    if missing:
        out.append(f"{where}: front matter 'bluffkit:' lacks {', '.join(missing)}")
    if meta.get("minutes") != MINUTES:
        out.append(f"{where}: front matter minutes is {meta.get('minutes')!r}, a lesson is {MINUTES}")
    if isinstance(meta.get("summary"), str) and "\n" in meta["summary"].strip():
        out.append(f"{where}: the summary must be one line")
    for key in ("objectives", "prerequisites", "rulebook"):
        if key in meta and not (isinstance(meta[key], list) and all(isinstance(x, str) for x in meta[key])):
            out.append(f"{where}: front matter {key} must be a list of strings")
    formats = str(lesson.nb.metadata.get("jupytext", {}).get("formats", ""))
    if "ipynb" not in formats or "md:myst" not in formats:
        out.append(f"{where}: the jupytext header must pair it: formats: ipynb,md:myst (got {formats!r})")
    kept = str(lesson.nb.metadata.get("jupytext", {}).get("notebook_metadata_filter", ""))
    if "bluffkit" not in kept.split(","):
        out.append(f"{where}: the jupytext header must say notebook_metadata_filter: bluffkit, or "
                   f"jupytext --sync drops the front matter from {lesson.source.name}")
    if not lesson.nb.cells or lesson.nb.cells[0].cell_type != "markdown" or \
            not lesson.nb.cells[0].source.lstrip().startswith("# "):
        out.append(f"{where}: the first cell must be the lesson's title, a '# ' heading")
    found = headings(lesson.nb)
    names = [t for _, t in found]
    if [n.lower() for n in names] != [s.lower() for s in SECTIONS]:
        for k, want in enumerate(SECTIONS):
            if k >= len(found) or found[k][1].lower() != want.lower():
                at = lesson.where(found[k][0]) if k < len(found) else where
                out.append(f"{at}: section {k + 1} must be '## {want}' (sections in order: "
                           f"{' · '.join(SECTIONS)}); the lesson's are: {' · '.join(names) or 'none'}")
                break
    try:
        rows = timing_rows(lesson)
        total = sum(m for _, m in rows)
        if total != MINUTES:
            out.append(f"{where}: the timing table sums to {total} minutes, not {MINUTES} "
                       f"({' + '.join(str(m) for _, m in rows)})")
    except LessonError as exc:
        out.append(str(exc))
    for i, cell in enumerate(lesson.nb.cells):
        if cell.cell_type != "markdown" or not for_teacher_only(cell):
            continue
        hidden = [t for t in (h for j, h in headings(lesson.nb) if j == i) if t.lower() != "solutions"]
        if hidden:
            out.append(f"{lesson.where(i)}: this '{tags(cell)[0]}' cell holds the heading '## {hidden[0]}', so "
                       "the section would vanish from the worksheet: end the cell with +++ before the heading")
    for i in section_cells(lesson, "Solutions"):
        if not for_teacher_only(lesson.nb.cells[i]):
            out.append(f"{lesson.where(i)}: every cell of the Solutions section must be tagged "
                       "'solution' (or 'teacher'), or it is printed on the worksheet")
    try:
        found_markers = markers(lesson)
    except LessonError as exc:
        out.append(str(exc))
        found_markers = []
    seen: dict[str, int] = {}
    for m in found_markers:
        if "solution" not in tags(lesson.nb.cells[m.cell]):
            out.append(f"{lesson.where(m.cell)}: Answer {m.id} is stated outside a 'solution' cell "
                       "(it would be printed on the worksheet)")
        if m.id in seen:
            out.append(f"{lesson.where(m.cell)}: Answer {m.id} is stated twice (also in cell {seen[m.id] + 1})")
        seen[m.id] = m.cell
    if not found_markers:
        out.append(f"{where}: no stated answer (**Answer 1a: 350** in a solution cell)")
    out += worksheet_gaps(lesson)
    out += unknown_tags(lesson)
    for i, cell in enumerate(lesson.nb.cells):
        if cell.cell_type == "code" and "solution" in tags(cell) and "teacher" in tags(cell):
            out.append(f"{lesson.where(i)}: tag a cell 'teacher' or 'solution', not both")
    return out


class RunFirst(NameError):
    """A lesson's cell run before the cell above that makes what it uses (after Kernel ▸ Restart,
    say): a notebook shows the message alone, in plain words, not a traceback."""

    def _render_traceback_(self) -> list[str]:      # IPython: show this instead of a traceback
        return [str(self)]


def made_above(*names: str, by: str):
    """The values of ``names``, made by an earlier cell of the lesson (``by`` says which, in a
    teacher's words: "the class table's cell"), from the notebook's variables: the value of
    one name, or a tuple of them. A cell that uses the class's table or a result of the cells
    above asks for them so (``ours, sim = made_above("ours", "sim", by="...")``): run alone
    after a restart, it says what to run first (:class:`RunFirst`) instead of a NameError.

    >>> x = 3
    >>> made_above("x", by="the cell above")
    3
    """
    where = sys._getframe(1).f_globals           # the notebook's variables (a cell's globals)
    missing = [n for n in names if n not in where]
    if missing:
        raise RunFirst(f"First run {by}, then this cell: it uses {', '.join(missing)}, made there. "
                       "(Run ▸ Run All Above Selected Cell runs every cell above this one.)")
    values = tuple(where[n] for n in names)
    return values[0] if len(values) == 1 else values


#: The helper a lesson's cell asks :func:`made_above` by: the names it assigns from it are read
#: from an earlier cell, not made by the cell itself.
_ASKED = "made_above"


def asked_above(source: str) -> set[str]:
    """The names a cell takes from the cells above through :func:`made_above`
    (``a, b = made_above("a", "b", by=...)``): the string arguments of its calls.

    >>> sorted(asked_above('ours, sim = made_above("ours", "sim", by="the class table")'))
    ['ours', 'sim']
    """
    import ast

    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    return {a.value for node in ast.walk(tree) if isinstance(node, ast.Call)
            and getattr(node.func, "id", getattr(node.func, "attr", None)) == _ASKED
            for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)}


def _names(source: str) -> tuple[set[str], set[str]] | None:
    """(names a code cell defines, names it reads), or None if it is not plain Python."""
    import ast

    try:
        tree = ast.parse(source)
    except SyntaxError:                # IPython magics and the like: not checked
        return None
    defined: set[str] = set()
    used: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (defined if isinstance(node.ctx, (ast.Store, ast.Del)) else used).add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            defined.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            defined.update((a.asname or a.name).split(".")[0] for a in node.names)
    asked = asked_above(source)          # taken from an earlier cell (made_above), not made here
    return defined - asked, used | asked


def worksheet_gaps(lesson: Lesson) -> list[str]:
    """Untagged code cells that read a name defined only in a ``teacher`` or ``solution``
    cell: the worksheet notebook (without those cells) would fail there."""
    out = []
    shared: set[str] = set()
    private: set[str] = set()
    for i, cell in enumerate(lesson.nb.cells):
        if cell.cell_type != "code":
            continue
        names = _names(cell.source)
        if names is None:
            continue
        defined, used = names
        if for_teacher_only(cell):
            private |= defined - shared
            continue
        missing = sorted((used - defined - shared) & private)
        if missing:
            out.append(f"{lesson.where(i)}: uses {', '.join(missing)}, defined only in a teacher or solution "
                       "cell; the worksheet notebook would fail here")
        shared |= defined
    return out


#: The front-matter key that names, for each exercise (or part) a result of the lesson would
#: answer by a substitution, the forms of that result the worksheet must not print
#: (docs/lessons.md, "Exercises"): ``worksheet_gaps: {"1e": ["H/6"]}``.
GAPS_KEY = "worksheet_gaps"

#: The outputs a worksheet shows as text: plain and rich text, and a chart's SVG (its titles).
_SHOWN = ("text/", "image/svg+xml")


#: The characters a page shows as a minus sign or a dash between two terms, read as ``-``:
#: the minus sign, the hyphen, the non-breaking hyphen, the figure dash, the en and em dashes,
#: and the small and full-width hyphen-minus.
_MINUSES = "\u2212\u2010\u2011\u2012\u2013\u2014\ufe63\uff0d"

#: Characters a page does not show (zero-width spaces and joiners, the word joiner, the soft
#: hyphen, the byte-order mark): dropped, so that they hide no form.
_INVISIBLE = "\u200b\u200c\u200d\u2060\u00ad\ufeff"

_READ_AS = str.maketrans({**{c: "-" for c in _MINUSES}, **{c: None for c in _INVISIBLE}})


def _squash(text: str) -> str:
    r"""``text`` without white space (the no-break spaces too) or invisible characters, but one
    space between two letters or digits, and between a decimal point and a digit (``H/6. 5``,
    the end of a sentence, is not ``H/6.5``); every minus sign or dash between terms one
    character, ``-`` (:data:`_MINUSES`): ``v² / (2H)`` is ``v²/(2H)``, ``2(1 – p)`` is
    ``2(1-p)``, ``twice\n the  price`` is ``twice the price``. The space kept tells words
    apart, so that :func:`_shows` can find a form as a whole word.

    >>> _squash("2(1 \u2013 p) = v\u00b2/(2\u200bH)")
    '2(1-p)=v²/(2H)'
    """
    text = text.translate(_READ_AS)

    def space(m: re.Match) -> str:
        at, end = m.start(), m.end()
        if not at or end >= len(text):
            return ""
        before, after = text[at - 1], text[end]
        return " " if (before + after).isalnum() or (before == "." and after.isdigit()) else ""
    return re.sub(r"\s+", space, text)


def _shows(text: str, form: str) -> bool:
    r"""Whether the squashed ``text`` holds the squashed ``form`` as a whole: not as part of a
    longer number or word (``H/6`` is not in ``H/60`` nor in ``H/6.5``, ``5`` not in ``0.5``,
    nor ``2(1-p)`` in ``12(1-p)``). The space :func:`_squash` keeps between two letters or
    digits only marks where a word ends: within the form it may be there or not (``v²/(2H)``
    is in ``v²/(2 H)``).

    >>> _shows(_squash("E[b] = H / 6."), _squash("H/6")), _shows(_squash("H/60"), _squash("H/6"))
    (True, False)
    >>> _shows(_squash("E[b] = H/6.5"), _squash("H/6")), _shows(_squash("at H/6. 5 players"), _squash("H/6"))
    (False, True)
    >>> _shows(_squash("keep at twice\n the price"), _squash("twice the price"))
    True
    >>> _shows(_squash("b(v) = v²/(2 H)"), _squash("v²/(2H)"))
    True

    Nor is a number part of a fraction: ``l₁ = 1`` is not in ``l₁ = 1/3``, nor ``3`` in
    ``1/3``. A comma is never read as a thousands comma: squashed, the list ``1, 200`` is
    ``1,200``, and a form in a list must be found.

    >>> [_shows(_squash(t), _squash(f)) for t, f in [("l₁ = 1/3", "l₁ = 1"), ("p = 1/3", "3"),
    ...     ("l₁ = 1, l₂ = 0", "l₁ = 1"), ("x = 1, 200", "x = 1"), ("p = 1/2.", "p = 1/2")]]
    [False, False, True, True, True]
    """
    chars = form.replace(" ", "")
    if not chars:
        return False
    alnum = r"[^\W_]"                     # a letter or digit, as str.isalnum() reads it
    # a number is not part of a decimal (0.5) or a fraction (1/3); a comma is not read as a
    # thousands comma (squashed, "1, 200" reads as "1,200": a list must not hide a form)
    before = (f"(?<!{alnum})" if chars[0].isalnum() else "") + (r"(?<!\d\.)(?<!\d/)" if chars[0].isdigit() else "")
    after = (f"(?!{alnum})" if chars[-1].isalnum() else "") + \
        (r"(?!\.\d)(?!/\d)" if chars[-1].isdigit() else "")
    return re.search(before + " ?".join(map(re.escape, chars)) + after, text) is not None


def _shown_text(cell) -> str:
    """What a worksheet cell shows: its source and, for a code cell, the text of its stored
    outputs, HTML's and SVG's entities read as the characters they show (a chart's title
    "v₀ > 2p" is stored as ``v₀ &gt; 2p``)."""
    parts = [cell.source if isinstance(cell.source, str) else "".join(cell.source)]
    for out in cell.get("outputs", []) if cell.cell_type == "code" else []:
        if out.get("text"):
            parts.append(out["text"] if isinstance(out["text"], str) else "".join(out["text"]))
        for kind, value in (out.get("data") or {}).items():
            if value and kind.startswith(_SHOWN) and isinstance(value, (str, list)):
                parts.append(value if isinstance(value, str) else "".join(value))
    return html.unescape("\n".join(parts))


def given_away(lesson: Lesson) -> list[str]:
    """A problem per worksheet cell that prints what an exercise would only substitute into:
    the forms listed under :data:`GAPS_KEY` in the front matter, looked for (white space
    ignored, as whole words and numbers: :func:`_shows`) in every cell the worksheet keeps, the Debrief's included, in its source and in
    what the lesson's ``.ipynb`` stored as its outputs (text, sympy's text, a chart's SVG). The
    worksheet is printed and handed out at the start of the class: such a result goes in a
    ``teacher`` cell, with a gap on the worksheet to copy it into."""
    gaps = lesson.meta.get(GAPS_KEY)
    if gaps is None:
        return []
    where = lesson.where()
    if not isinstance(gaps, dict) or not all(isinstance(v, list) and v and all(isinstance(f, str) and _squash(f)
                                                                                 for f in v) for v in gaps.values()):
        return [f"{where}: front matter {GAPS_KEY} must map an exercise ('1e') to a list of the forms of what it "
                "would substitute into (['H/6'])"]
    out = []
    try:
        stated = {m.id for m in markers(lesson)}
        numbers = {str(n) for n in exercise_numbers(lesson)}
    except LessonError:                # a marker that does not parse: problems() names it
        stated, numbers = set(), set()
    for key in gaps:
        if str(key) not in stated | numbers:
            out.append(f"{where}: front matter {GAPS_KEY} names exercise {key}, which the lesson does not have")
    cells = read_notebook(lesson.notebook).cells if lesson.notebook.exists() else lesson.nb.cells
    for i, cell in enumerate(cells):
        if for_teacher_only(cell):
            continue
        shown = _squash(_shown_text(cell))
        source = _squash(html.unescape(cell.source if isinstance(cell.source, str) else "".join(cell.source)))
        for key, forms in gaps.items():
            for form in forms:
                if _shows(shown, _squash(form)):
                    at = lesson.where(i) if i < len(lesson.nb.cells) else f"{lesson.notebook}, cell {i + 1}"
                    how = "" if _shows(source, _squash(form)) else f" in the output {lesson.notebook.name} stored"
                    out.append(f"{at}: the worksheet prints {form!r}{how}, which leaves exercise {key} only a "
                               "substitution: show it in a 'teacher' cell and leave a gap on the worksheet "
                               "(or ask the exercise for more)")
    return out


def check_answers(lesson: Lesson) -> list[str]:
    """Recompute every stated answer with ``answers.py``: a problem per marker with no
    function, function with no marker, failing function, or disagreeing value."""
    out = []
    answers = load_answers(lesson)
    stated = {m.id: m for m in markers(lesson)}
    for key in sorted(set(answers) - set(stated)):
        out.append(f"{lesson.answers_file}: ANSWERS[{key!r}] has no '**Answer {key}: ...**' in {lesson.source.name}")
    for key, m in stated.items():
        if key not in answers:
            out.append(f"{lesson.where(m.cell)}: Answer {key} has no function in answers.py (ANSWERS[{key!r}])")
            continue
        try:
            got = answers[key]()
            ok = m.stated.matches(got)
        except Exception as exc:       # report every answer, not only the first failure
            out.append(f"{lesson.where(m.cell)}: Answer {key}: answers.py raised {type(exc).__name__}: {exc}")
            continue
        if not ok:
            out.append(f"{lesson.where(m.cell)}: Answer {key} states {m.stated.text}, "
                       f"but answers.py recomputes {got!r}")
    return out


def read_notebook(path: Path):
    """``nbformat.read(path)``, a file that is not a notebook (cut short, not JSON, not
    nbformat 4) refused with a :class:`LessonError` naming it."""
    import nbformat

    try:
        return nbformat.read(path, as_version=4)
    except Exception as exc:       # NotJSONError, a JSON error, a schema error, an unreadable file
        raise LessonError(f"{path}: not a readable notebook ({type(exc).__name__}: {str(exc)[:200]}); "
                          f"write it again from {path.with_suffix('.md').name}: jupytext --sync {path.with_suffix('.md')}") from None


def unknown_tags(lesson: Lesson) -> list[str]:
    """A problem per cell of the lesson's ``.md`` carrying a tag not in :data:`KNOWN_TAGS`."""
    import difflib

    out = []
    for i, cell in enumerate(lesson.nb.cells):
        for tag in tags(cell):
            if tag not in KNOWN_TAGS:
                near = difflib.get_close_matches(str(tag).lower(), KNOWN_TAGS, n=1, cutoff=0.6)
                hint = f" (did you mean {near[0]!r}?)" if near else ""
                out.append(f"{lesson.where(i)}: unknown tag {tag!r}{hint}; a lesson's cells may be tagged "
                           f"{', '.join(repr(t) for t in KNOWN_TAGS)}, and an unknown one would leave a teacher's "
                           "cell on the worksheet")
    return out


def pair_differences(lesson: Lesson) -> list[str]:
    """Where the notebook of a pair (``NN-slug.ipynb``) disagrees with its text (``NN-slug.md``):
    cell kinds, sources, tags, the ``bluffkit`` front matter; each message names the pair's
    own files. Run ``jupytext --sync`` on the text to fix."""
    if not lesson.notebook.exists():
        return [f"{lesson.notebook}: missing; create it with jupytext --sync {lesson.source}"]
    ipynb = read_notebook(lesson.notebook)
    fix = f"(run: jupytext --sync {lesson.where()})"
    nb, md = lesson.notebook.name, lesson.source.name
    out = []
    if ipynb.metadata.get("bluffkit") != lesson.nb.metadata.get("bluffkit"):
        out.append(f"{lesson.notebook}: its bluffkit front matter differs from {md} {fix}")
    a, b = lesson.nb.cells, ipynb.cells
    for i, (x, y) in enumerate(zip(a, b)):
        if (x.cell_type, x.source.strip(), tags(x)) != (y.cell_type, y.source.strip(), tags(y)):
            out.append(f"{lesson.where(i)} differs from cell {i + 1} of {nb} {fix}")
            break
    if len(a) != len(b):
        out.append(f"{lesson.where()} has {len(a)} cells, {nb} {len(b)} {fix}")
    if not out:                        # and jupytext's own comparison of the pair (cell metadata too)
        from jupytext.compare import NotebookDifference, compare_notebooks  # type: ignore[import-untyped]

        try:
            compare_notebooks(lesson.nb, ipynb, fmt="md:myst")
        except NotebookDifference as exc:
            out.append(f"{lesson.where()}: jupytext finds {nb} different: {str(exc)[:500]} {fix}")
    return out


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def missing_widget_state(nb) -> list[str]:
    """The widget models a saved notebook ``nb`` (an nbformat node) needs but does not hold:
    each panel shown in an output, and every model a held model refers to
    (``IPY_MODEL_<id>``), all the way down. Empty: JupyterLab draws every panel when the
    notebook opens."""
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    wanted = [o["data"][WIDGET_VIEW]["model_id"] for c in nb.cells if c.cell_type == "code"
              for o in c.get("outputs", []) if WIDGET_VIEW in o.get("data", {})]
    seen, missing = set(), []
    while wanted:
        m = wanted.pop()
        if m in seen:
            continue
        seen.add(m)
        if m not in state:
            missing.append(m)
            continue
        wanted.extend(re.findall(r"IPY_MODEL_([0-9a-f]+)", str(state[m].get("state", {}))))
    return missing
