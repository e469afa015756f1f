"""The class's results that a teacher types into a lesson's Debrief cell, checked as they are read.

A slip made in a hurry (a word for a number, a cell left empty, a minus sign, a group with one
bidder) stops the cell with one line that names the row and the column, instead of a traceback
from deep inside pandas, or charts quietly drawn from a wrong row.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from numbers import Real

import pandas as pd

from bluffkit.core.errors import BluffkitError


class ClassResultsError(BluffkitError, ValueError):
    """A row of the class's results that cannot be right; a notebook shows the message alone."""

    def _render_traceback_(self) -> list[str]:      # IPython: show this instead of a traceback
        return [f"Check the class's results: {self}"]


def class_table(rows: Iterable[Sequence], columns: Sequence[str], *, words: Sequence[str] = (),
                choices: dict[str, Iterable] | None = None, most: dict[str, Real] | None = None,
                groups: Sequence[str] = (), at_least: int = 1, flags: Sequence[str] = (),
                optional: Sequence[str] = ()) -> pd.DataFrame:
    """The typed ``rows`` as a DataFrame of ``columns``: every column a number of zero or more
    (at most ``most[column]`` where given) except the ``words`` columns, whose cells are taken
    as typed, and the ``flags`` columns, each cell ``True`` or ``False``; a word column listed
    in ``choices`` one of its values; a cell of an ``optional`` column may also be ``None``
    (not asked, not turned over); when ``groups`` is given, at least ``at_least`` rows in each
    group. Raises ClassResultsError.

    >>> class_table([(1, True, None)], ["bid", "kept", "lie"], flags=["kept", "lie"], optional=["lie"]).shape
    (1, 3)
    >>> class_table([(1, "yes", None)], ["bid", "kept", "lie"], flags=["kept", "lie"], optional=["lie"])
    Traceback (most recent call last):
    ...
    bluffkit.analysis.class_results.ClassResultsError: row 1, kept: 'yes' is not True or False
    """
    rows = list(rows)
    choices = {k: list(v) for k, v in (choices or {}).items()}
    if not rows:
        raise ClassResultsError("no rows: type one row per line between the brackets")
    for n, row in enumerate(rows, start=1):
        if not isinstance(row, (tuple, list)) or len(row) != len(columns):
            got = len(row) if isinstance(row, (tuple, list)) else 1
            raise ClassResultsError(f"row {n} {row!r} has {got} entries, not {len(columns)} "
                                    f"({', '.join(columns)}): a cell left empty, or one too many?")
        for name, cell in zip(columns, row):
            if cell is None and name in optional:
                continue
            if name in flags:
                if not isinstance(cell, bool):
                    raise ClassResultsError(f"row {n}, {name}: {cell!r} is not True or False"
                                            + (" (or None)" if name in optional else ""))
                continue
            if name in words:
                if name in choices and cell not in choices[name]:
                    raise ClassResultsError(f"row {n}, {name}: {cell!r} is not one of "
                                            f"{', '.join(repr(c) for c in choices[name])}")
                continue
            if isinstance(cell, bool) or not isinstance(cell, Real) or cell != cell:
                raise ClassResultsError(f"row {n}, {name}: {cell!r} is not a number (type digits, e.g. 120)")
            if cell < 0:
                raise ClassResultsError(f"row {n}, {name}: {cell} is negative")
            if most and name in most and cell > most[name]:
                raise ClassResultsError(f"row {n}, {name}: {cell} is more than {most[name]}")
    table = pd.DataFrame(rows, columns=list(columns))
    if groups:
        sizes = table.groupby(list(groups)).size()
        for key, size in sizes.items():
            if size < at_least:
                key = key if isinstance(key, tuple) else (key,)
                where = ", ".join(f"{g} {k}" for g, k in zip(groups, key))
                raise ClassResultsError(f"{where} has {size} row{'s' if size != 1 else ''}, "
                                        f"at least {at_least} are needed")
    return table
