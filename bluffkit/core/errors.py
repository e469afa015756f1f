"""Errors that bluffkit raises on bad input.

Every error says what was wrong and where, so that a teacher in a notebook or a
user at the command line can fix the input; none of them is raised after a state
or a file has been changed.
"""

from __future__ import annotations

import re
import sys
import types
import typing
from collections.abc import Sequence
from numbers import Integral


class BluffkitError(Exception):
    """Base class of every error bluffkit raises on purpose."""


class RulesError(BluffkitError, ValueError):
    """A rule option or a game setting is invalid (raised when the rules are built)."""


class NotationError(BluffkitError, ValueError):
    """A text form of an action or of some notes could not be read."""


#: The longest reason an :class:`IllegalAction` gives, in characters (the rest is cut).
MAX_REASON = 2000


def unknown_move(error: Exception) -> bool:
    """Whether ``error`` says that a typed word is no move of the game at all (each game's
    parser: "unknown action ..."), as against a move written wrong or not allowed now."""
    return isinstance(error, NotationError) and str(error).startswith("unknown action")


class IllegalAction(BluffkitError, ValueError):
    """An action that the rules do not allow where it was played.

    ``rule`` names the rule that was broken (a short identifier such as
    ``"bid-too-low"``); the message explains it in words, cut at
    :data:`MAX_REASON` characters (a move typed with 200,000 notes was told back
    whole, in one line of 600 KB). The state the action was played on is unchanged
    (states are immutable).
    """

    def __init__(self, rule: str, message: str):
        if len(message) > MAX_REASON:
            message = f"{message[:MAX_REASON - 40]}... ({len(message):,} characters in all)"
        super().__init__(f"{message} [rule: {rule}]")
        self.rule = rule
        self.reason = message


class LogError(BluffkitError):
    """A game log that cannot be read or replayed; ``line`` is 1-based (0: the file as a whole)."""

    def __init__(self, line: int, reason: str, path: str | None = None):
        where = f"{path}: " if path else ""
        at = f"line {line}: " if line else ""
        super().__init__(f"{where}{at}{reason}")
        self.line = line
        self.reason = reason
        self.path = path


#: What game code may raise on an untrusted value of the wrong shape (a start position or a
#: scenario read from a file); the readers turn it into one line that names the place.
SHAPE_ERRORS = (TypeError, ValueError, KeyError, IndexError, AttributeError, OverflowError, ZeroDivisionError,
                RecursionError)


def whole_number(text: str) -> int:
    """``int(text)`` for a number as moves write it: ASCII digits after a sign at most
    (a market change is ``+2``). Python's ``int`` also reads ``1_0``, `` 10 `` and other
    scripts' digits (``١٠``), which a move's notation never holds. Raises ValueError
    otherwise.

    >>> whole_number("120"), whole_number("-1"), whole_number("+2")
    (120, -1, 2)
    """
    digits = text[1:] if text[:1] in ("-", "+") else text
    if not (digits.isascii() and digits.isdigit()):
        raise ValueError(f"not a whole number: {text!r}")
    return int(text)


_GROUPED = re.compile(r"[1-9][0-9]{0,2}(,[0-9]{3})+")


def without_commas(text: str) -> str:
    """A hint for an amount typed as the narration writes it, with thousands commas: moves
    take digits alone. ``""`` for anything else (a seat or a list is no amount: a caller
    asks only of an amount).

    >>> without_commas("1,010"), without_commas("10,0"), without_commas("1010"), without_commas("01,010")
    (' (type it without commas: 1010)', '', '', '')
    """
    return f" (type it without commas: {text.replace(',', '')})" if _GROUPED.fullmatch(text) else ""


def json_kind(value) -> str:
    """What a JSON value is, in JSON's words (not Python's: null, not NoneType).

    >>> json_kind(None), json_kind([1]), json_kind({})
    ('null', 'an array', 'an object')
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return {str: "a string", int: "a number", float: "a number", list: "an array", tuple: "an array",
            dict: "an object"}.get(type(value), "a value")


#: How much of a text an error message repeats (see :func:`quote`).
QUOTE_LIMIT = 60


def quote(value, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)``, for an error message that repeats what was typed; a text longer
    than ``limit`` characters is cut, with its length said, so that a pasted page does
    not fill the screen.

    >>> quote("bid 10")
    "'bid 10'"
    >>> quote("x" * 100, limit=10)
    "'xxxxxxxxxx…' (100 characters)"
    >>> quote(list(range(100)), limit=10)
    '[0, 1, 2, … (390 characters)'
    """
    if isinstance(value, str) and len(value) > limit:
        cut = repr(value[:limit])
        return f"{cut[:-1]}…{cut[-1]} ({len(value):,} characters)"
    try:
        text = repr(value)
    except ValueError:                         # an int of more digits than Python writes (4,300)
        what = "" if isinstance(value, int) else f"a {type(value).__name__} holding "
        return f"{what}a number of more than {sys.get_int_max_str_digits():,} digits"
    if len(text) > 2 * limit:                  # a long list, array or other value: its start and its length
        return f"{text[:limit]}… ({len(text):,} characters)"
    return text


def check_frame(df, columns, what: str, made_by: str | None = None, numbers=(), gaps=(),
                empty: str | None = None) -> None:
    """Refuse, with a ``ValueError`` in words, a ``df`` that is not a pandas frame or lacks
    one of ``columns``: ``what`` is the function asking, ``made_by`` the function whose
    frame it takes (pandas said ``KeyError: 'agent'``). ``made_by=None``: ``what`` is a chart
    builder, and the words are those of :func:`bluffkit.analysis.chart_style.builder`
    ("money_chart: the frame has no column 'money'; see help(money_chart) ...").

    ``numbers``: columns that must hold numbers (not text, not True/False), each of them
    finite: text failed deep inside pandas or pyarrow, and altair writes nan and inf as
    null, so a point or a bar vanished without a word. ``gaps``: columns of numbers where a
    missing value (nan, ``None``, ``pd.NA``) means something (an offer accepted, so no
    counter-offer), but inf does not. ``empty``: when given, a frame with no rows is
    refused too, with these words after the reason (``"nothing to chart"``). The message
    names the column, the first value found and its row.

    >>> import pandas as pd
    >>> check_frame(pd.DataFrame({"money": ["3"]}), ["money"], "money_chart", "money_frame(...)", numbers=["money"])
    Traceback (most recent call last):
    ...
    ValueError: money_chart: column 'money' must hold numbers, found text: '3' in row 0
    """
    if not hasattr(df, "columns") or not hasattr(df, "groupby"):
        if made_by is None:
            raise ValueError(f"{what}: give the pandas DataFrame it charts (see help({what})), got {type(df).__name__}")
        raise ValueError(f"{what} takes the frame of {made_by}, got {type(df).__name__}")
    missing = [c for c in dict.fromkeys([*columns, *numbers, *gaps]) if c not in df.columns]
    if missing and made_by is None:
        raise ValueError(f"{what}: the frame has no column {', '.join(map(repr, missing))}; see help({what}) for the "
                         "frame it takes")
    if missing:
        raise ValueError(f"{what} takes the frame of {made_by}; this frame has no column "
                         f"{', '.join(map(repr, missing))}")
    if empty is not None and len(df) == 0:
        raise ValueError(f"{what}: the frame has no rows: {empty}")
    for column in numbers:
        _finite_column(df, column, what, nan=False)
    for column in gaps:
        _finite_column(df, column, what, nan=True)


def check_keys(df, columns, what: str) -> None:
    """Refuse, with a ``ValueError`` naming the column, the first such value and its row, a
    frame with a missing value (``None``, ``NaN``, ``pd.NA``) in one of the ``columns`` it
    groups by: pandas' ``groupby`` leaves such rows out of every group, so a count or a
    mean would change without a word (an empty cell of a CSV, or ``pd.concat`` of frames
    whose columns differ). The words are those of :func:`check_frame`'s check of a column
    of numbers."""
    for column in columns:
        col = df[column]
        if not hasattr(col, "isna") or getattr(col, "ndim", 1) != 1:      # two columns of that name: a frame
            raise ValueError(f"{what}: the frame has {col.shape[1]} columns named {column!r}")
        gaps = col.isna().to_numpy()
        if not gaps.any():
            continue
        first, many = int(gaps.argmax()), int(gaps.sum())
        value, label = (x.item() if hasattr(x, "item") else x for x in (col.iloc[first], col.index[first]))
        where = f"{quote(value, 40)} in row {quote(label, 40)}"
        if many == 1:
            raise ValueError(f"{what}: a value of column {column!r} is missing (None or nan), and {what} groups "
                             f"by it: {where}")
        raise ValueError(f"{what}: {many:,} values of column {column!r} are missing (None or nan), and {what} "
                         f"groups by it; the first: {where}")

def _finite_column(df, column, what: str, nan: bool) -> None:
    """:func:`check_frame`'s check of one column of numbers (``nan``: missing values pass)."""
    import math
    from numbers import Real

    import numpy as np
    import pandas as pd

    col = df[column]
    if not hasattr(col, "dtype"):                  # two columns of that name: a frame
        raise ValueError(f"{what}: the frame has {col.shape[1]} columns named {column!r}")
    kind = col.dtype

    def row(i: int) -> str:
        value, label = (x.item() if hasattr(x, "item") else x for x in (col.iloc[i], col.index[i]))   # (not np.float64(inf))
        return f"{quote(value, 40)} in row {quote(label, 40)}"

    if pd.api.types.is_numeric_dtype(kind) and not pd.api.types.is_bool_dtype(kind):
        values = col.to_numpy(dtype=float, na_value=np.nan)
        missing = np.isnan(values)
        bad = np.isinf(values) | (missing if not nan else False)
    else:
        items = col.tolist()
        mixed = pd.api.types.is_object_dtype(kind)      # Python objects: numbers may be among them
        text = next((i for i, v in enumerate(items) if not _missing(v) and (
            not mixed or isinstance(v, (bool, str)) or not isinstance(v, Real))), None)
        if text is not None:
            raise ValueError(f"{what}: column {column!r} must hold numbers, found {_words(items[text])}: {row(text)}")
        if not mixed and items:                    # a column of text (or dates...) with nothing in it but gaps
            raise ValueError(f"{what}: column {column!r} must hold numbers, found a column of {kind}")

        def finite(v) -> bool:
            if _missing(v):
                return nan
            try:
                return math.isfinite(float(v))
            except OverflowError:                  # an int too large for a float
                return False
        bad = np.array([not finite(v) for v in items], dtype=bool)
    if bad.any():
        first, many = int(np.argmax(bad)), int(bad.sum())
        kinds = "inf" if nan else "nan or inf"
        if many == 1:
            raise ValueError(f"{what}: a value of column {column!r} is not a finite number ({kinds}): {row(first)}")
        raise ValueError(f"{what}: {many:,} values of column {column!r} are not finite numbers ({kinds}), the first: "
                         f"{row(first)}")


def _missing(value) -> bool:
    """Whether ``value`` is pandas' or numpy's missing value (``None``, nan, ``pd.NA``, ``NaT``)."""
    import pandas as pd
    try:
        return bool(pd.isna(value))
    except (TypeError, ValueError):                    # (a list or an array is not one value)
        return False


def _words(value) -> str:
    """What kind of value a column holds that should hold numbers."""
    if isinstance(value, bool) or type(value).__name__ in ("bool", "bool_"):
        return "True/False"
    if isinstance(value, str):
        return "text"
    return f"a {type(value).__name__}"


def count(n: int, word: str) -> str:
    """``n`` and ``word``, in the plural unless ``n`` is 1.

    >>> count(1, "move"), count(3, "game log")
    ('1 move', '3 game logs')
    """
    return f"{n:,} {word}{'' if n == 1 else 's'}"


#: Nouns whose plural is not the word and an s ("2 sheep", "the two geese").
IRREGULAR_PLURALS = {"sheep": "sheep", "goose": "geese"}

#: Small numbers in words ("the two cows", "two 7s").
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven")


def plural(word: str) -> str:
    """``cow`` -> ``cows``, ``goose`` -> ``geese``, ``sheep`` -> ``sheep``; a mark after the
    noun stays after it (``cow ♂`` -> ``cows ♂``).

    >>> plural("cow"), plural("goose"), plural("sheep"), plural("cow ♂")
    ('cows', 'geese', 'sheep', 'cows ♂')
    """
    head, _, rest = word.partition(" ")
    return " ".join(filter(None, (IRREGULAR_PLURALS.get(head, head + "s"), rest)))


def in_words(n: int) -> str:
    """``n`` in words while :data:`NUMBER_WORDS` has it (``two``), else in figures."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def the_things(words, plural_of=plural) -> str:
    """Things named by ``words``, each with "the"; equal words are said together, where the
    first of them stands, in the plural ``plural_of`` gives (none: "").

    >>> the_things(["cow", "cat", "cow"]), the_things(["goose", "goose"]), the_things(["8", "A"])
    ('the two cows and the cat', 'the two geese', 'the 8 and the A')
    """
    words = [str(w) for w in words]
    return said_together(f"the {w}" if words.count(w) == 1 else f"the {in_words(words.count(w))} {plural_of(w)}"
                         for w in dict.fromkeys(words))


def said_together(words) -> str:
    """Words in a sentence: ``Anna``, ``Anna and Ben``, ``Anna, Ben and Carla`` (none: "").

    >>> said_together(["Anna", "Ben", "Carla"]), said_together(["Anna"]), said_together([])
    ('Anna, Ben and Carla', 'Anna', '')
    """
    words = [str(w) for w in words]
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else "".join(words)


def check_names(names, players: int) -> None:
    """Refuse ``names`` unless it is a sequence (a list, a tuple) of ``players`` texts, one per seat:
    a game's ``describe`` and ``facts`` name every seat (a short list raised IndexError or
    left a seat out)."""
    if not isinstance(names, Sequence) or len(names) != players or not all(isinstance(n, str) for n in names):
        shown = quote(names) if isinstance(names, str) else repr(names)
        raise RulesError(f"names: one name (text) per seat, {players} in all, got {shown[:120]}")


_OPTIONS = re.compile(r"; (?:seat (\d+)|it) may: ")


def split_options(reason: str) -> tuple[str, int | None, str | None]:
    """``(head, seat, moves)``: an engine's refusal cut where it lists what the seat may do
    ("...; seat 1 may: pass, bid 20 or more"; ``seat`` ``None`` for "it may:"); ``moves``
    is ``None`` when it lists none. The moves are in notation, as they are typed.

    >>> split_options("seat 1 cannot sell now; seat 1 may: pass")
    ('seat 1 cannot sell now', 1, 'pass')
    >>> split_options("no such card")
    ('no such card', None, None)
    """
    m = _OPTIONS.search(reason)
    if m is None:
        return reason, None, None
    return reason[:m.start()], (int(m[1]) if m[1] is not None else None), reason[m.end():]


def by_name(text: str, names) -> str:
    """``text`` with each ``seat N`` (and ``(seats N, M)``) that is a seat of ``names`` by
    its name: an engine's words (which number the seats) said to the people at the table.

    >>> by_name("seat 1 cannot act now: waiting for the bidders (seat 0, 2)", ["Ana", "Bo", "Cy"])
    'Bo cannot act now: waiting for the bidders (Ana, Cy)'
    >>> by_name("seat 7 is not another player to trade with", ["Ana", "Bo"])
    'seat 7 is not another player to trade with'
    >>> by_name("seats 0, 1 are to move; the sow goes to one of seats 0 and 2", ["Ana", "Bo", "Cy"])
    'Ana, Bo are to move; the sow goes to one of Ana and Cy'
    >>> by_name("seat 0: '140 to seat 1' is not a note value", ["Ana", "Bo"])
    "Ana: '140 to seat 1' is not a note value"
    >>> by_name("it is seat 0's turn, not seat 1's: 'pay 10 to seat 1'", ["Ana", "Bo"])
    "it is Ana's turn, not Bo's: 'pay 10 to seat 1'"
    >>> print(by_name("seat 1: unknown action " + '"' + "it's seat 1" + '"', ["Ana", "Bo"]))
    Bo: unknown action "it's seat 1"
    """
    import re

    def one(n: str) -> str:
        k = int(n)
        return str(names[k]) if 0 <= k < len(names) else f"seat {k}"

    def named(part: str) -> str:
        part = re.sub(r"\(seats? ([\d, ]+)\)",
                      lambda m: "(" + ", ".join(one(k) for k in re.findall(r"\d+", m.group(1))) + ")", part)
        part = re.sub(r"\bseats (\d+(?:, \d+)*(?:,? (?:and|or) \d+)?)\b",     # a list: each seat
                      lambda m: re.sub(r"\d+", lambda k: one(k.group(0)), m.group(1)), part)
        return re.sub(r"\bseat (\d+)\b", lambda m: one(m.group(1)), part)

    # what the player typed, quoted in the text ('140 to seat 2', or "it's seat 1" where it
    # holds an apostrophe), is shown as typed; not the ' of "seat 0's turn"
    parts = re.split(r"((?<!\w)'[^']*'(?!\w)|\"[^\"]*\")", text)
    return "".join(p if i % 2 else named(p) for i, p in enumerate(parts))


def is_seat(seat, players: int) -> bool:
    """True when ``seat`` is a seat (an int, not a bool) of a ``players``-player game."""
    return not isinstance(seat, bool) and isinstance(seat, int) and 0 <= seat < players


def check_player_move(over: bool, chance: bool, seat, players: int, chance_words: str) -> None:
    """The checks every game makes before a player's move: the game is not over, chance
    is not the one to act (``chance_words`` says what chance does next), and ``seat``
    is a seat of the game. Raises :class:`IllegalAction`; changes nothing."""
    if over:
        raise IllegalAction("game-over", "the game is over; no more moves")
    if chance:
        raise IllegalAction("chance-turn", f"the next step is chance: {chance_words}, not a player's move")
    if not is_seat(seat, players):
        raise IllegalAction("no-such-seat", f"there is no seat {seat!r} (seats are 0..{players - 1})")


_PLAIN = object()      # what _impure returns for plain data
_FIELDS: dict[type, tuple[str, ...]] = {}
_KINDS: dict[type, tuple] = {}    # an action record class: its fields' kinds (_kinds)


#: The most digits a number in a move may have. Moves are written out (the log, the
#: narration, the notation), and Python writes no int of more than 4,300 digits (or what
#: ``sys.set_int_max_str_digits`` sets); a number one step past the largest allowed (the
#: next lowest bid) must still be written.
MOVE_DIGITS = min(4000, sys.get_int_max_str_digits() - 10) if sys.get_int_max_str_digits() else 4000
_LONG = 10 ** MOVE_DIGITS


def digit_count(n: int) -> int:
    """How many digits ``n`` has, without writing it out (a number of 5,000 digits cannot be).

    >>> digit_count(0), digit_count(9), digit_count(10), digit_count(-10 ** 4300), digit_count(10 ** 4301 - 1)
    (1, 1, 2, 4301, 4301)
    """
    n = abs(n)
    d = max(1, int((n.bit_length() - 1) * 0.30102999566398120) + 1)
    while n >= 10 ** d:
        d += 1
    while d > 1 and n < 10 ** (d - 1):
        d -= 1
    return d


def number_said(n: int) -> str:
    """``n`` with thousands marked (``1,000``) for a message, or, past
    :data:`MOVE_DIGITS` digits, how many digits it has (Python writes no int of more than
    4,300).

    >>> number_said(12000), number_said(10 ** 5000)
    ('12,000', 'a number of 5,001 digits')
    """
    if type(n) is not int:                  # (a bool, a float or anything else: as it is)
        return quote(n, 40)
    return f"{n:,}" if -_LONG < n < _LONG else f"a number of {digit_count(n):,} digits"


def _too_long(value):
    """The first int in ``value`` (plain data: ints, text, tuples, action records) of more
    than :data:`MOVE_DIGITS` digits, or ``None``."""
    kind = type(value)
    if kind is int:
        return None if -_LONG < value < _LONG else value
    if kind is tuple:
        for x in value:
            long = _too_long(x)
            if long is not None:
                return long
        return None
    for name in _FIELDS.get(kind, ()):
        long = _too_long(getattr(value, name))
        if long is not None:
            return long
    return None


def _impure(value):
    """The first part of ``value`` that is not plain data (a Python int, text, ``None``, a
    tuple of them, or an action record of them), or ``_PLAIN``."""
    kind = type(value)
    if kind is int or kind is str or value is None or isinstance(value, str):   # (numpy's text is text)
        return _PLAIN
    if kind is tuple:
        for x in value:
            k = type(x)
            if k is not int and k is not str:
                bad = _impure(x)
                if bad is not _PLAIN:
                    return bad
        return _PLAIN
    names = _FIELDS.get(kind)
    if names is None:
        names = tuple(getattr(kind, "__dataclass_fields__", None) or ())
        if not names:
            return value
        _FIELDS[kind] = names
    for name in names:
        bad = _impure(getattr(value, name))
        if bad is not _PLAIN:
            return bad
    return _PLAIN


def _kind_of(hint):
    """``(check, words)`` for a field annotated ``hint`` (an action record's): ``check(value)``
    says whether plain data ``value`` is of that kind, ``words`` name the kind for a message;
    ``None`` for an annotation that says no more than "anything" (``object``)."""
    if hint is int:
        return (lambda v: type(v) is int), "a whole number"
    if hint is str:
        return (lambda v: isinstance(v, str)), "text"
    if hint is tuple or hint is typing.Tuple:       # (a bare Tuple: any tuple, as tuple)
        return (lambda v: type(v) is tuple), "a tuple"
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            inner = _kind_of(args[0])
            if inner is None:
                return (lambda v: type(v) is tuple), "a tuple"
            each, words = inner
            words = {"a whole number": "whole numbers", "text": "texts"}.get(words, words.replace("a tuple", "tuples", 1))
            return (lambda v: type(v) is tuple and all(each(x) for x in v)), f"a tuple of {words}"
        # a fixed-length tuple, such as tuple[int, str]: each place its own kind ("anything"
        # where a place's kind is not read)
        if args == ((),) or not args:
            return (lambda v: v == ()), "an empty tuple"
        places = [_kind_of(a) for a in args]
        checks = [k[0] if k is not None else (lambda v: True) for k in places]
        words = ", ".join(k[1] if k is not None else "anything" for k in places)
        return (lambda v: type(v) is tuple and len(v) == len(checks) and all(c(x) for c, x in zip(checks, v)),
                f"a tuple of {len(checks)} ({words})")
    if origin in (typing.Union, types.UnionType) and type(None) in args:
        # an optional field (X | None, Optional[X]): None, or a value of X's kind
        rest = [a for a in args if a is not type(None)]
        inner = _kind_of(rest[0]) if len(rest) == 1 else None
        if inner is None:
            return None
        each, words = inner
        return (lambda v: v is None or each(v)), f"{words} or None"
    return None


def _kinds(kind) -> tuple:
    """Each field of the action record class ``kind`` whose annotation names a kind, with
    its check and words (:func:`_kind_of`); cached per class."""
    got = _KINDS.get(kind)
    if got is None:
        try:
            hints = typing.get_type_hints(kind)
        except Exception:                   # (an annotation that cannot be resolved: not checked)
            hints = {}
        got = tuple((name, k) for name in _FIELDS.get(kind, ()) if (k := _kind_of(hints.get(name))) is not None)
        _KINDS[kind] = got
    return got


def plain_problem(action) -> tuple[str, str] | None:
    """``None`` when every field of the action record ``action`` holds plain data: Python
    ints (not bools, floats or numpy numbers), text, ``None`` and tuples of them; else
    ``("plain-values", reason)``. A numpy number equals an int and passes a game's own
    checks, but a state that holds one cannot be logged (the digest and the notation read
    ints), so a move is refused before it is played: nothing is changed. A field ``notes``
    (every game's notes: a count per note value) must be a tuple of ints of 0 or more, else
    ``("bad-notes", reason)``; its length is the game's own rule to check. A number of more
    than :data:`MOVE_DIGITS` digits is refused too (``"number-too-long"``): it could not be
    written out."""
    kind = type(action)
    names = _FIELDS.get(kind)
    if names is None:
        names = tuple(getattr(kind, "__dataclass_fields__", None) or ())
        _FIELDS[kind] = names
    for name in names:
        value = getattr(action, name)
        bad = _impure(value)
        if bad is _PLAIN and name == "notes" and not (type(value) is tuple
                                                      and all(type(c) is int and c >= 0 for c in value)):
            # every game's notes are a tuple of counts, one per note value: a number, None or a
            # tuple of text reached the rules' arithmetic and ended in a TypeError there, and a
            # negative count was read as notes received (Bidder Up!)
            return ("bad-notes", f"{kind.__name__}.notes holds {quote(value, 40)}; notes are a tuple of "
                    "counts of 0 or more, how many of each note value (e.g. (1, 2, 0, 0, 0, 0))")
        long = _too_long(value) if bad is _PLAIN else None
        if long is not None:
            return ("number-too-long", f"{kind.__name__}.{name} holds a number of {digit_count(long):,} digits; "
                    f"a move's numbers have at most {MOVE_DIGITS:,} digits (a log and the narration write them out)")
        if bad is not _PLAIN:
            numpy_number = type(bad).__module__ == "numpy" and hasattr(bad, "dtype") and bad.dtype.kind in "iuf"
            hint = " (a numpy number: convert it with int(...))" if numpy_number else ""
            return ("plain-values", f"{kind.__name__}.{name} holds {quote(bad, 40)} of type "
                    f"{type(bad).__name__}{hint}; a move holds whole numbers as Python ints, text, "
                    "and tuples of them")
    for name, (check, words) in _kinds(kind):
        # plain data of another kind than the field's (None, a number for a tuple of cards, a
        # tuple of text for one of numbers) reached a game's rules and ended in a TypeError there
        value = getattr(action, name)
        if not check(value):
            return ("plain-values", f"{kind.__name__}.{name} holds {quote(value, 40)}; it takes {words}")
    return None


def check_flag(value, name: str) -> bool:
    """``value`` if it is True or False; else :class:`RulesError` naming ``name``. A text such
    as ``"False"`` is true to Python, and a switch read that way does the opposite of what
    was asked (a file replaced, another formula given)."""
    if not isinstance(value, bool):
        raise RulesError(f"{name} must be True or False, got {quote(value)}"[:200])
    return value


def as_int(value):
    """``value`` as a Python int when it is a whole number of another integer type
    (numpy's, as ``np.arange`` gives them; sympy's ``Integer``), else ``value`` unchanged (a
    bool too, and a float however round): the check that follows (``isinstance(value,
    int)``, with its own message) then takes ``np.int64(3)``, which it used to refuse in
    words that called 3 no integer.

    >>> import numpy as np
    >>> as_int(np.int64(3)), as_int(True), as_int(3.0), as_int("3")
    (3, True, 3.0, '3')
    """
    if type(value) is int or isinstance(value, bool) or not isinstance(value, Integral):
        return value
    return int(value)


def check_whole(value, name: str, low: int = 0, high: int | None = None) -> int:
    """``value`` as a Python int when it is a whole number (a numpy one too, read from an
    array; not a bool, nor a float however round) from ``low`` to ``high`` (no bound when
    ``None``); else :class:`RulesError` naming ``name``. The check of a count that the
    analysis functions, simulations and environments share (where no message of their
    own is promised)."""
    whole = None if isinstance(value, bool) or not isinstance(value, Integral) else int(value)
    if whole is None or whole < low or (high is not None and whole > high):
        bounds = f">= {low}" if high is None else f"from {low:,} to {high:,}"
        raise RulesError(f"{name} must be an integer {bounds}, got {quote(value)}"[:200])
    return whole


def check_header(header) -> dict:
    """``header`` if it is a log header's dict (``from_header``); else :class:`RulesError`."""
    if not isinstance(header, dict):
        raise RulesError(f"a log header is a dict (the first line of a log, read as JSON, or what "
                         f"game.header() gives), got {quote(header, 40)}"[:200])
    return header


def check_observation(observation) -> None:
    """:class:`RulesError` unless ``observation`` is a seat's view (``game.observe(state, seat)``)."""
    from bluffkit.core.observation import ObservationBase
    if not isinstance(observation, ObservationBase):
        raise RulesError(f"describe takes a seat's observation (game.observe(state, seat)), got "
                         f"{quote(observation, 40)}"[:200])


def check_rng(rng) -> None:
    """:class:`RulesError` unless ``rng`` draws as a numpy Generator does (``random`` and
    ``integers``): ``None`` or a seed given where a generator is wanted failed deep inside."""
    if not callable(getattr(rng, "random", None)) or not callable(getattr(rng, "integers", None)):
        raise RulesError(f"rng: a numpy Generator (numpy.random.default_rng(seed)), got {quote(rng, 40)}"[:200])


def check_state(state, kind: type, table: type | None = None) -> None:
    """:class:`RulesError` unless ``state`` is a ``kind`` (a game's frozen State) or, when
    given, a ``table`` (its working copy, copied by ``thaw``): another game's state, ``None``
    or a dict would fail deep inside with an AttributeError."""
    if not isinstance(state, kind) and (table is None or not isinstance(state, table)):
        plain = state is None or isinstance(state, (str, int, float, dict, list, tuple))
        got = quote(state, 40) if plain else f"a {type(state).__qualname__} of {type(state).__module__}"
        raise RulesError(f"a state of this game is needed (a {kind.__qualname__} of {kind.__module__}, made by "
                         f"new_state or step), got {got}"[:300])


_MOST = 2 ** 63 - 1     # the largest limit itertools.islice takes: more than any list of actions


def check_limit(limit) -> int | None:
    """``limit`` of ``Legal.actions(limit)``: ``None`` (all) or an int >= 0; else :class:`RulesError`
    (a negative one would cut actions off the end of the list, as a slice does)."""
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 0):
        raise RulesError(f"limit must be None or a whole number >= 0, got {limit!r}")
    return limit if limit is None or limit <= _MOST else _MOST      # (islice takes no more)


def check_seat(seat, players: int) -> int:
    """``seat`` if it is a seat of a ``players``-player game; else :class:`RulesError`. A
    game checks it before it shows a seat's view, so that no index can reach another
    seat's secrets (``-1`` would be the last seat's)."""
    if not is_seat(seat, players):
        raise RulesError(f"there is no seat {seat!r} (seats are 0..{players - 1})")
    return seat


#: Characters that are shown as escapes by :func:`printable`: the bidirectional controls (they
#: reorder what a terminal shows); control characters, separators and surrogates are found by
#: their Unicode category.
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def right_aligned(name: str, width: int = 10) -> str:
    """``name`` padded on the left to ``width`` columns of a terminal, where an East Asian
    wide character takes two and a combining accent none (``f"{name:>10}"`` counts each as
    one, and the names of a view's lines no longer line up).

    >>> right_aligned("Cy"), right_aligned("\u674e\u5c0f\u9f8d")
    ('        Cy', '    \u674e\u5c0f\u9f8d')
    >>> len(right_aligned("Chloe\u0301"))              # "Chloé" with a combining accent: 5 columns
    11
    """
    return " " * max(0, width - columns(name)) + name


def columns(text: str) -> int:
    """How many columns of a terminal ``text`` takes: an East Asian wide character two, a
    combining accent none, any other character one.

    >>> columns("Ana"), columns("\u674e\u5c0f\u9f8d"), columns("Chloe\u0301")
    (3, 6, 5)
    """
    import unicodedata
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def printable(text, newlines: bool = False) -> str:
    """``text`` made safe to print on a terminal: escape codes and other control
    characters, line and paragraph separators, bidirectional controls and lone
    surrogates are shown as Python escapes, so a name cannot move the cursor, recolour
    the screen or hide the text after it. ``newlines=True`` keeps line breaks (``\\n``).
    So are the characters that show as nothing where they stand (the zero-width space and
    its kin, :data:`_ZERO_WIDTH`, and the invisible letters :func:`json_text` escapes,
    :data:`_INVISIBLE`), with which "Ana\\u3164" would print as "Ana", the name of another
    seat; an emoji's selector is kept, as :func:`json_text` keeps it. The joiners U+200C and
    U+200D are kept: they shape Persian and Indic words and join emoji.

    >>> printable("Ann\\x1b[2J")
    'Ann\\\\x1b[2J'
    >>> printable("two\\nlines"), printable("two\\nlines", newlines=True)
    ('two\\\\nlines', 'two\\nlines')
    >>> printable("Bjørn, Chloé")
    'Bjørn, Chloé'
    >>> printable("Ana\u3164"), printable("Ana\u200b"), printable("\u2764\ufe0f")
    ('Ana\\\\u3164', 'Ana\\\\u200b', '\u2764\ufe0f')
    """
    text = str(text)
    if text.isprintable() and _INVISIBLE.isdisjoint(text):
        return text
    return "".join(ch if (ch == "\n" and newlines) or not (_unsafe(ch) or ch in _ZERO_WIDTH or (
        ch in _INVISIBLE and not _shows_emoji(text, i))) else _escaped(ch) for i, ch in enumerate(text))


#: The format characters that show as nothing and join nothing: the soft hyphen (shown only
#: where a line breaks, which a terminal's line never does), the zero-width space, the word
#: joiner, the invisible operators, the Mongolian vowel separator and the byte order mark.
_ZERO_WIDTH = frozenset("\u00ad\u180e\u200b\u2060\u2061\u2062\u2063\u2064\ufeff")


def _escaped(ch: str) -> str:
    """``ch`` as a Python escape (``repr`` shows a printable one as itself: "\\u3164")."""
    shown = repr(ch)[1:-1]
    if shown != ch:
        return shown
    n = ord(ch)
    return f"\\x{n:02x}" if n < 0x100 else f"\\u{n:04x}" if n < 0x10000 else f"\\U{n:08x}"


#: Characters Python counts printable that show as nothing (or as a blank) where they stand:
#: the Hangul fillers, the braille blank, the combining grapheme joiner, the Khmer inherent
#: vowels, the Mongolian variation selectors and the variation selectors (Unicode's
#: Default_Ignorable_Code_Point letters and marks, and U+2800). The other invisible ones
#: (U+180E, U+200B-U+200F, U+2060-U+2064, U+FEFF and the like) are format characters,
#: which ``str.isprintable`` already refuses.
_INVISIBLE = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180f\u2800\u3164\uffa0"
                       + "".join(map(chr, range(0xFE00, 0xFE10))) + "".join(map(chr, range(0xE0100, 0xE01F0))))


def json_text(value) -> str:
    """``value`` as JSON for a message that quotes a file: letters of any script as they are
    ("Bjørn", not ``"Bj\\u00f8rn"``), every character a page or terminal would not show as
    itself escaped as JSON escapes it: control characters, bidirectional and zero-width
    marks, spaces other than the plain space (a no-break space looks like one), separators,
    surrogates and unassigned code points, and the letters and marks that show as nothing
    (a Hangul filler, the braille blank: :data:`_INVISIBLE`), with which "Ana\\u3164" would
    read as "Ana". Raises what ``json.dumps`` raises.

    >>> print(json_text(["Bjørn", "Chloé\u200b", "a\u00a0b", "\u202eevil", 1, "Ana\u3164"]))
    ["Bjørn", "Chloé\\u200b", "a\\u00a0b", "\\u202eevil", 1, "Ana\\u3164"]

    The emoji selector (U+FE0F, or U+FE0E for text) right after a symbol or another emoji is
    part of how it shows ("❤️", "↔️", the keycap "1️⃣": names a class may well give a seat) and
    is kept; after a letter it shows nothing and is escaped.

    >>> print(json_text(["\u2764\ufe0f", "\u2194\ufe0f", "1\ufe0f\u20e3", "Ana\ufe0f", "1\ufe0f"]))
    ["❤️", "↔️", "1️⃣", "Ana\\ufe0f", "1\\ufe0f"]
    """
    import json
    text = json.dumps(value, ensure_ascii=False)
    if text.isprintable() and _INVISIBLE.isdisjoint(text):
        return text
    return "".join(ch if ch.isprintable() and (ch not in _INVISIBLE or _shows_emoji(text, i))
                   else json.dumps(ch, ensure_ascii=True)[1:-1] for i, ch in enumerate(text))


#: The emoji that take a presentation selector but are not of Unicode's category So (Unicode's
#: emoji-variation-sequences): "‼️", "⁉️", "ℹ️", "↔️", "◻️" to "◾️", "⤴️", "⤵️", "〰️", "〽️".
_EMOJI_NOT_SO = frozenset("\u203c\u2049\u2139\u2194\u25fb\u25fc\u25fd\u25fe\u2934\u2935\u3030\u303d")


def _shows_emoji(text: str, i: int) -> bool:
    """Whether ``text[i]``, an emoji or text presentation selector, follows a symbol (Unicode's
    category So: "❤", "☀"), or another emoji that takes one (:data:`_EMOJI_NOT_SO`: "↔️"), or
    begins a keycap ("1️⃣": a digit, ``#`` or ``*``, the selector and U+20E3), whose look it chooses."""
    import unicodedata
    if text[i] not in "\ufe0e\ufe0f" or i == 0:
        return False
    before = text[i - 1]
    return (unicodedata.category(before) == "So" or before in _EMOJI_NOT_SO
            or (before in "#*0123456789" and text[i + 1:i + 2] == "\u20e3"))


def unprintable(text: str) -> str | None:
    """The first control character of ``text`` (one :func:`printable` escapes, but for the
    characters it escapes because they show as nothing), or ``None``.

    >>> unprintable("tubes"), unprintable("tu\\x07bes")
    (None, '\\x07')
    """
    if text.isprintable():
        return None
    return next((ch for ch in text if _unsafe(ch)), None)


def _unsafe(ch: str) -> bool:
    import unicodedata
    return ch in _BIDI or unicodedata.category(ch) in ("Cc", "Cs", "Zl", "Zp")
