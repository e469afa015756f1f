"""Hypothesis generators of bad input: mutations of good JSON files and odd values.

The fuzz tests (``tests/**/test_fuzz_*.py``) take every shipped file (scenarios, decks)
and every rule option, mutate them with these generators, and assert that bluffkit
refuses each bad input in one line, under a time limit, changing nothing.

Each fuzz test runs 10 examples in the everyday Hypothesis profile and 100 in the
``deep`` one (see ``profiles.py``); ``BLUFFKIT_FUZZ_EXAMPLES`` sets the count outright.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import signal

from hypothesis import HealthCheck, settings, strategies as st
from profiles import examples

#: Examples per fuzz test; a deadline would only time an example after the fact, so a
#: hang is caught by :func:`time_limit` instead.
FUZZ = settings(max_examples=int(os.environ.get("BLUFFKIT_FUZZ_EXAMPLES") or examples(10)), deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

#: Seconds one example may take before it counts as a hang.
LIMIT = 10.0

ESCAPES = ["\x1b[2J\x1b[H", "\x1b]0;owned\x07", "\x9b31m", "\u202eevil", "\x00", "a\rb", "line\nbreak",
           "\ud800", "\u2028"]


class Hang(AssertionError):
    """An example ran past its time limit."""


@contextlib.contextmanager
def time_limit(seconds: float = LIMIT):
    """Fail with :class:`Hang` when the block runs longer than ``seconds`` (main thread only)."""
    def alarm(signum, frame):
        raise Hang(f"no answer within {seconds} s: a hang")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def odd_scalars():
    """Values of the wrong type or size for almost any option or field."""
    return st.one_of(
        st.none(), st.booleans(),
        st.sampled_from([0, -1, -10**6, 10**9, 10**18, 2**63, 10**100, -(10**100)]),
        st.integers(-1000, 1000),
        st.sampled_from([0.5, -0.5, 1e9, 1e308, math.inf, -math.inf, math.nan, 1.0, 3.0]),
        st.sampled_from(["", " ", "0", "-1", "1e9", "true", "null", "[]", "{}", "x" * 10_000, "é", "名前"]),
        st.sampled_from(ESCAPES),
        st.text(max_size=12),
    )


def odd_values():
    """Odd scalars, and lists and dicts of them (wrong nesting)."""
    return st.recursive(odd_scalars(), lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=3)), max_leaves=6)


def paths(obj, prefix=()):
    """Every place in a JSON value, as a tuple of keys and indices (the root is ``()``)."""
    yield prefix
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from paths(v, prefix + (i,))


def get(obj, path):
    for k in path:
        obj = obj[k]
    return obj


def _set(obj, path, value):
    if not path:
        return value
    get(obj, path[:-1])[path[-1]] = value
    return obj


@st.composite
def mutated_json(draw, obj):
    """A copy of ``obj`` with one to three changes: a value replaced by an odd one or by
    another part of the file, a key or item removed, an unknown key added, a value
    wrapped in a list or an object (wrong nesting), or a number made huge or negative."""
    obj = json.loads(json.dumps(obj))
    for _ in range(draw(st.integers(1, 3))):
        places = list(paths(obj))
        path = draw(st.sampled_from(places))
        here = get(obj, path)
        how = draw(st.sampled_from(["replace", "replace", "delete", "add", "wrap-list", "wrap-dict", "swap",
                                    "number", "string"]))
        if how == "replace":
            obj = _set(obj, path, draw(odd_values()))
        elif how == "delete" and path:
            parent = get(obj, path[:-1])
            del parent[path[-1]]
        elif how == "add" and isinstance(here, (dict, list)):
            if isinstance(here, dict):
                here[draw(st.sampled_from(["extra", "moves", "by", "after", "players", "x\x1b"]))] = draw(odd_values())
            else:
                here.insert(draw(st.integers(0, len(here))), draw(odd_values()))
        elif how == "wrap-list":
            obj = _set(obj, path, [here])
        elif how == "wrap-dict":
            obj = _set(obj, path, {"value": here})
        elif how == "swap":
            other = draw(st.sampled_from(places))
            obj = _set(obj, path, json.loads(json.dumps(get(obj, other))))
        elif how == "number":
            obj = _set(obj, path, draw(st.sampled_from([10**30, -(10**30), -1, 2**64, 1e300, 0])))
        elif how == "string" and isinstance(here, str):
            cut = draw(st.integers(0, len(here)))
            obj = _set(obj, path, here[:cut] + draw(st.sampled_from(ESCAPES + ["", " ", "\t"])) + here[cut:])
    return obj


@st.composite
def mutated_text(draw, text: str):
    """``text`` damaged as a file can be: cut short, a character dropped or inserted, a
    number with thousands of digits, brackets nested thousands deep, or bytes that are not
    UTF-8 (the result is bytes)."""
    data = text.encode("utf-8")
    how = draw(st.sampled_from(["cut", "drop", "insert", "digits", "nest", "bytes"]))
    at = draw(st.integers(0, len(data)))
    if how == "cut":
        return data[:at]
    if how == "drop":
        return data[:at] + data[at + 1:]
    if how == "insert":
        return data[:at] + draw(st.sampled_from([b"{", b"}", b"[", b"]", b",", b'"', b":", b"\\", b"\n", b"\x00",
                                                 b"\x1b[2J", b"NaN", b"-", b"1e999"])) + data[at:]
    if how == "digits":
        digits = b"9" * draw(st.sampled_from([400, 5000, 20_000]))
        return data[:at] + digits + data[at:] if draw(st.booleans()) else data.replace(b": 1", b": " + digits, 1)
    if how == "nest":
        depth = draw(st.sampled_from([100, 5000, 100_000]))
        return data[:at] + b"[" * depth + b"]" * depth + data[at:]
    return data[:at] + draw(st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x80\x80"])) + data[at:]


def dump(obj) -> bytes:
    """JSON as a file would hold it (non-finite floats as JSON's NaN/Infinity, as Python writes
    them; a lone surrogate as its ``\\ud800`` escape)."""
    return json.dumps(obj, ensure_ascii=True, indent=1).encode("ascii")
