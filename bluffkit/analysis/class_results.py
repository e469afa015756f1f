"""The class's results that a teacher types into a lesson's Debrief cell, checked as they are read.

A slip made in a hurry (a word for a number, a missing entry, a minus sign, ``4.5`` for a count,
``1,000`` for 1000 in a row of a table, a group with one bidder, a round typed twice, 30 for 30 %)
stops the cell with one line that names the row and the column, instead of a traceback from deep
inside pandas, or charts quietly drawn from a wrong row. (In :func:`class_lists`' lists of answers
``1,000`` cannot be told from the two answers 1 and 0.)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from numbers import Real
from typing import Any, cast

import numpy as np
import pandas as pd

from bluffkit.core.errors import BluffkitError

COMMA = "(type 1000, not 1,000)"
OPTIONS = ("words", "choices", "most", "least", "fractions", "groups", "unique", "flags", "optional")


def _plain(cell):
    """A numpy scalar as the Python value it holds (``np.float64(0.3)`` -> 0.3), else the cell."""
    return cell.item() if isinstance(cell, np.generic) else cell


def _shown(value) -> str:
    """A table's value as typed: a whole float (pandas' reading of a column with None) as its int."""
    value = _plain(value)
    return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)


class ClassResultsError(BluffkitError, ValueError):
    """A row of the class's results that cannot be right; a notebook shows the message alone."""

    def _render_traceback_(self) -> list[str]:      # IPython: show this instead of a traceback
        return [f"Check the class's results: {self}"]


def _number(n: int, name: str, cell, *, fraction: bool, least: float, most: float | None):
    """The cell as a number of ``name`` (an int unless ``fraction``), or ClassResultsError."""
    try:                            # (any Real but an int may be inf or nan: numpy's long double too)
        finite = isinstance(cell, Real) and (isinstance(cell, int) or math.isfinite(cell))
    except (OverflowError, ValueError, TypeError):
        finite = False
    if isinstance(cell, bool) or not finite:
        raise ClassResultsError(f"row {n}, {name}: {cell!r} is not a number (type digits, e.g. 120)")
    whole = cast(int, math.floor(abs(cell)))      # 10**400 is no float: str() of it may be refused
    if whole >= 10 ** 15:
        raise ClassResultsError(f"row {n}, {name}: a number of about {whole.bit_length() * 3 // 10 + 1} digits is too big")
    cell = float(cell) if not isinstance(cell, int) else cell
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
    - ``groups``: at least ``at_least`` rows in each group of these columns (a row with None in
      them, an optional column left blank, is in no group, and no row typed twice for ``unique``).
    - ``unique``: these columns together name one row only (a row typed twice is refused).
    - ``rules``: pairs ``(check, words)`` for what ties two columns of a row together; ``check``
      gets the row as a dict by column name (its cells already checked) and returns True when
      the row is right, else the row is refused with ``words``, e.g.
      ``(lambda r: r["truth_votes"] <= r["voters"], "more votes on the truth than voters")``;
      a check that raises (a None it did not expect) names the row too.
    - Every column an option names is one of ``columns``: a misspelt one is refused, not left
      unchecked. numpy's numbers are read (and shown) as the Python values they hold; a number of
      16 digits or more is refused as too big.

    >>> class_table([(1, True, None)], ["bid", "kept", "lie"], flags=["kept", "lie"], optional=["lie"]).shape
    (1, 3)
    >>> class_table([(1, "yes", None)], ["bid", "kept", "lie"], flags=["kept", "lie"], optional=["lie"])
    Traceback (most recent call last):
    ...
    bluffkit.analysis.class_results.ClassResultsError: row 1, kept: 'yes' is not True or False
    """
    if isinstance(rows, (str, bytes, Mapping)) or not isinstance(rows, Iterable):
        raise ClassResultsError(f"{rows!r} is not a list of rows: type [(...), (...), ...], "
                                f"each ({', '.join(columns)})")
    rows = list(rows)
    _check_options(columns, words=words, choices=choices, most=most, least=least, fractions=fractions,
                   groups=groups, unique=unique, flags=flags, optional=optional)
    choices = {k: list(v) for k, v in (choices or {}).items()}
    most, least = dict(most or {}), dict(least or {})
    if not rows:
        raise ClassResultsError(f"no rows: type one row per line between the brackets, "
                                f"each ({', '.join(columns)})")
    read = []
    for n, row in enumerate(rows, start=1):
        if not isinstance(row, (tuple, list)):
            raise ClassResultsError(f"row {n} {_plain(row)!r} is not a row: type it in brackets, "
                                    f"({', '.join(columns)})")
        row = tuple(_plain(cell) for cell in row)
        if len(row) != len(columns):
            got = len(row)
            hint = f"one too many? {COMMA}" if got > len(columns) else "an entry is missing"
            raise ClassResultsError(f"row {n} {row!r} has {got} entr{'y' if got == 1 else 'ies'}, not {len(columns)} "
                                    f"({', '.join(columns)}): {hint}")
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
                if name in choices and not (isinstance(cell, str) and cell in choices[name]):
                    raise ClassResultsError(f"row {n}, {name}: {cell!r} is not one of "
                                            f"{', '.join(repr(c) for c in choices[name])}")
                if not isinstance(cell, str) or not cell.strip():
                    raise ClassResultsError(f"row {n}, {name}: {cell!r} is not a word (type it in quotes)")
            else:
                cell = _number(n, name, cell, fraction=name in fractions, least=least.get(name, 0),
                               most=most.get(name))
            cells.append(cell)
        for check, said in rules:
            try:
                right = bool(check(dict(zip(columns, cells))))
            except Exception as error:      # a check that cannot be made of this row: name the row
                raise ClassResultsError(f"row {n} {row!r}: cannot check that {said!r} "
                                        f"({type(error).__name__}: {error})") from None
            if not right:
                raise ClassResultsError(f"row {n} {row!r}: {said}")
        read.append(tuple(cells))
    table = pd.DataFrame(read, columns=list(columns))
    if unique:
        keyed = table.dropna(subset=list(unique))      # a key with None (optional) names no row
        twice = keyed[keyed.duplicated(list(unique), keep=False)]
        if len(twice):
            first = twice.iloc[0]
            where = ", ".join(f"{c} {_shown(first[c])}" for c in unique)
            at = [str(i + 1) for i, same in zip(keyed.index, (keyed[list(unique)] == first[list(unique)]).all(axis=1))
                  if same]
            raise ClassResultsError(f"{where} is typed more than once (rows {' and '.join(at)})")
    if groups:
        sizes = table.dropna(subset=list(groups)).groupby(list(groups)).size()
        for key, size in sizes.items():
            if size < at_least:
                key = key if isinstance(key, tuple) else (key,)
                where = ", ".join(f"{g} {_shown(k)}" for g, k in zip(groups, key))
                raise ClassResultsError(f"{where} has {size} row{'s' if size != 1 else ''}, "
                                        f"at least {at_least} are needed")
    return table


def _check_options(columns: Sequence[str], **options) -> None:
    """Every column an option names is one of ``columns`` (a misspelt column would go unchecked),
    and no column is named twice."""
    twice = sorted({c for c in columns if list(columns).count(c) > 1})
    if twice:
        raise ClassResultsError(f"the columns name {', '.join(map(repr, twice))} twice")
    for option, named in options.items():
        if named is None:
            continue
        if isinstance(named, str):
            raise ClassResultsError(f"{option}={named!r}: type a list of columns, [{named!r}]")
        for name in named:
            if name not in columns:
                raise ClassResultsError(f"{name!r} ({option}) is not a column: they are {', '.join(columns)}")


def class_lists(lists: Mapping[str, Sequence], keys: Sequence[str], *, what: str = "situation",
                **options) -> pd.DataFrame:
    """The class's answers typed as one list per key (``{"A": [800, 600, ...], "B": ...}``; the
    lists may differ in length, as each is read on its own) as a long DataFrame of columns
    ``what`` and ``"answer"``, one row per answer. Each answer is checked as a ``class_table``
    cell of the column ``"{what} {key}"`` with ``options`` (so ``most={"situation A": 1000}``),
    and named by its place in its list. The keys must be exactly ``keys``. Raises ClassResultsError.

    >>> class_lists({"A": [800, 800, 600], "B": [840, "eight hundred"]}, "AB")
    Traceback (most recent call last):
    ...
    bluffkit.analysis.class_results.ClassResultsError: row 2, situation B: 'eight hundred' is not a number (type digits, e.g. 120)
    """
    if not isinstance(lists, Mapping):
        raise ClassResultsError(f"{lists!r} is not a dict of lists ({', '.join(map(repr, keys))})")
    if not keys:
        raise ClassResultsError(f"no {what}s to read the answers of")
    for key in keys:
        if key not in lists:
            raise ClassResultsError(f"{what} {key} is missing: type its answers as {key!r}: [...]")
    for key in lists:
        if key not in keys:
            raise ClassResultsError(f"{key!r} is not a {what} (they are {', '.join(map(repr, keys))})")
    for key in keys:
        if not isinstance(lists[key], (list, tuple)):
            raise ClassResultsError(f"{what} {key}: {lists[key]!r} is not a list (type [800, 600, ...])")
    columns = [f"{what} {key}" for key in keys]
    rules = options.pop("rules", ())
    _check_options(columns, **{option: named for option, named in options.items() if option in OPTIONS})
    read = []
    for key, column in zip(keys, columns):
        if not lists[key]:
            raise ClassResultsError(f"{what} {key} has no answers: type at least one ({column})")
        only: dict[str, Any] = {      # the options of this column alone (at_least as given)
            option: ({k: v for k, v in named.items() if k == column} if isinstance(named, Mapping)
                     else [c for c in named if c == column] if isinstance(named, (list, tuple)) else named)
            for option, named in options.items()}
        table = class_table([(answer,) for answer in lists[key]], [column], rules=rules, **only)
        read += [(key, answer) for answer in table[column]]
    return pd.DataFrame(read, columns=[what, "answer"])
