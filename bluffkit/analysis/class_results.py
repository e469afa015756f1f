"""The class's results that a teacher types into a lesson's Debrief cell, checked as they are read.

A slip made in a hurry (a word for a number, a missing entry, a minus sign, ``4.5`` for a count,
``1,000`` for 1000, a group with one bidder, a round typed twice, 30 for 30 %) stops the cell with
one line that names the row and the column, instead of a traceback from deep inside pandas, or
charts quietly drawn from a wrong row.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from numbers import Real

import pandas as pd

from bluffkit.core.errors import BluffkitError

COMMA = "(type 1000, not 1,000)"


class ClassResultsError(BluffkitError, ValueError):
    """A row of the class's results that cannot be right; a notebook shows the message alone."""

    def _render_traceback_(self) -> list[str]:      # IPython: show this instead of a traceback
        return [f"Check the class's results: {self}"]


def _number(n: int, name: str, cell, *, fraction: bool, least: float, most: float | None):
    """The cell as a number of ``name`` (an int unless ``fraction``), or ClassResultsError."""
    if isinstance(cell, bool) or not isinstance(cell, Real) or not math.isfinite(cell):
        raise ClassResultsError(f"row {n}, {name}: {cell!r} is not a number (type digits, e.g. 120)")
    cell = float(cell) if not isinstance(cell, int) else cell      # (numpy's numbers too)
    if not fraction:
        if cell != int(cell):
            raise ClassResultsError(f"row {n}, {name}: {cell} is not a whole number")
        cell = int(cell)
    if cell < least:
        raise ClassResultsError(f"row {n}, {name}: {cell} is negative" if least == 0 and cell < 0
                                else f"row {n}, {name}: {cell} is less than {least}")
    if most is not None and cell > most:
        share = f"{cell / 100:.4f}".rstrip("0").ljust(4, "0")      # 30 -> 0.30, 12.5 -> 0.125
        hint = f" (type {share} for {cell:g} %)" if fraction and most == 1 and cell <= 100 else ""
        raise ClassResultsError(f"row {n}, {name}: {cell} is more than {most}{hint}")
    return cell


def class_table(rows: Iterable[Sequence], columns: Sequence[str], *, words: Sequence[str] = (),
                choices: Mapping[str, Iterable] | None = None, most: Mapping[str, float] | None = None,
                least: Mapping[str, float] | None = None, fractions: Sequence[str] = (),
                groups: Sequence[str] = (), at_least: int = 1, unique: Sequence[str] = (),
                flags: Sequence[str] = (), optional: Sequence[str] = (),
                rules: Sequence[tuple[Callable[[dict], bool], str]] = ()) -> pd.DataFrame:
    """The typed ``rows`` as a DataFrame of ``columns``, every cell checked. Raises ClassResultsError.

    - A column is a **whole number** (``4.0`` is read as 4, ``4.5`` refused) of at least 0, or
      ``least[column]``, and at most ``most[column]`` where given; a ``fractions`` column may
      hold decimals (a fraction column whose most is 1 answers 30 with "type 0.30 for 30 %").
      Neither inf nor nan is a number.
    - A ``words`` column holds text (a word in quotes), one of ``choices[column]`` where given.
    - A ``flags`` column holds ``True`` or ``False``.
    - A cell of an ``optional`` column may also be ``None`` (not asked, not turned over).
    - ``groups``: at least ``at_least`` rows in each group of these columns.
    - ``unique``: these columns together name one row only (a row typed twice is refused).
    - ``rules``: pairs ``(check, words)`` for what ties two columns of a row together; ``check``
      gets the row as a dict by column name (its cells already checked) and returns True when
      the row is right, else the row is refused with ``words``, e.g.
      ``(lambda r: r["truth_votes"] <= r["voters"], "more votes on the truth than voters")``.

    >>> class_table([(1, True, None)], ["bid", "kept", "lie"], flags=["kept", "lie"], optional=["lie"]).shape
    (1, 3)
    >>> class_table([(1, "yes", None)], ["bid", "kept", "lie"], flags=["kept", "lie"], optional=["lie"])
    Traceback (most recent call last):
    ...
    bluffkit.analysis.class_results.ClassResultsError: row 1, kept: 'yes' is not True or False
    """
    rows = list(rows)
    choices = {k: list(v) for k, v in (choices or {}).items()}
    most, least = dict(most or {}), dict(least or {})
    if not rows:
        raise ClassResultsError(f"no rows: type one row per line between the brackets, "
                                f"each ({', '.join(columns)})")
    read = []
    for n, row in enumerate(rows, start=1):
        if not isinstance(row, (tuple, list)) or len(row) != len(columns):
            got = len(row) if isinstance(row, (tuple, list)) else 1
            hint = f"one too many? {COMMA}" if got > len(columns) else "or one too many?"
            raise ClassResultsError(f"row {n} {row!r} has {got} entr{'y' if got == 1 else 'ies'}, not {len(columns)} "
                                    f"({', '.join(columns)}): a missing entry, {hint}")
        cells: list = []
        for name, cell in zip(columns, row):
            if cell is None and name in optional:
                cells.append(cell)
                continue
            if name in flags:
                if not isinstance(cell, bool):
                    raise ClassResultsError(f"row {n}, {name}: {cell!r} is not True or False"
                                            + (" (or None)" if name in optional else ""))
            elif name in words:
                if name in choices and cell not in choices[name]:
                    raise ClassResultsError(f"row {n}, {name}: {cell!r} is not one of "
                                            f"{', '.join(repr(c) for c in choices[name])}")
                if not isinstance(cell, str) or not cell.strip():
                    raise ClassResultsError(f"row {n}, {name}: {cell!r} is not a word (type it in quotes)")
            else:
                cell = _number(n, name, cell, fraction=name in fractions, least=least.get(name, 0),
                               most=most.get(name))
            cells.append(cell)
        for check, said in rules:
            if not check(dict(zip(columns, cells))):
                raise ClassResultsError(f"row {n} {row!r}: {said}")
        read.append(tuple(cells))
    table = pd.DataFrame(read, columns=list(columns))
    if unique:
        twice = table[table.duplicated(list(unique), keep=False)]
        if len(twice):
            first = twice.iloc[0]
            where = ", ".join(f"{c} {first[c]}" for c in unique)
            at = [str(i + 1) for i, same in enumerate((table[list(unique)] == first[list(unique)]).all(axis=1)) if same]
            raise ClassResultsError(f"{where} is typed more than once (rows {' and '.join(at)})")
    if groups:
        sizes = table.groupby(list(groups)).size()
        for key, size in sizes.items():
            if size < at_least:
                key = key if isinstance(key, tuple) else (key,)
                where = ", ".join(f"{g} {k}" for g, k in zip(groups, key))
                raise ClassResultsError(f"{where} has {size} row{'s' if size != 1 else ''}, "
                                        f"at least {at_least} are needed")
    return table


def class_lists(lists: Mapping[str, Sequence], keys: Sequence[str], *, what: str = "situation",
                **options) -> pd.DataFrame:
    """The class's answers typed as one list per key (``{"A": [800, 600, ...], "B": ...}``, the
    students in the same order in every list) as a DataFrame with a column ``"{what} {key}"``
    per key, one row per student; each answer checked as a ``class_table`` cell with
    ``options``. The keys must be exactly ``keys`` and the lists of one length: a ``2,000``
    typed in a list becomes two answers, and is named. Raises ClassResultsError.

    >>> class_lists({"A": [800, 800], "B": [840, 2, 0]}, "AB")
    Traceback (most recent call last):
    ...
    bluffkit.analysis.class_results.ClassResultsError: situation B has 3 answers, situation A 2: one per student (type 1000, not 1,000)
    """
    if not isinstance(lists, Mapping):
        raise ClassResultsError(f"{lists!r} is not a dict of lists ({', '.join(map(repr, keys))})")
    for key in keys:
        if key not in lists:
            raise ClassResultsError(f"{what} {key} is missing: type its answers as {key!r}: [...]")
    for key in lists:
        if key not in keys:
            raise ClassResultsError(f"{key!r} is not a {what} (they are {', '.join(map(repr, keys))})")
    for key in keys:
        if not isinstance(lists[key], (list, tuple)):
            raise ClassResultsError(f"{what} {key}: {lists[key]!r} is not a list (type [800, 600, ...])")
    first = keys[0]
    for key in keys[1:]:
        if len(lists[key]) != len(lists[first]):
            raise ClassResultsError(f"{what} {key} has {len(lists[key])} answers, {what} {first} "
                                    f"{len(lists[first])}: one per student {COMMA}")
    columns = [f"{what} {key}" for key in keys]
    if not lists[first]:
        raise ClassResultsError(f"no answers: type one per student in each list ({', '.join(columns)})")
    return class_table(list(zip(*(lists[key] for key in keys))), columns, **options)
