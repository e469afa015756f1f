"""Hypothesis generators of damaged logs, and the check that a log reader refuses
them properly: one line, naming the line, a :class:`LogError` and nothing else."""

from __future__ import annotations

import re
from datetime import timedelta

from hypothesis import HealthCheck, settings, strategies as st

try:
    from tests.profiles import examples
except ImportError:  # tests/ is not a package: pytest puts tests/ itself on sys.path
    from profiles import examples

from bluffkit.core import log as gamelog
from bluffkit.core.errors import LogError

#: Few examples, each under a time limit: a damaged log is refused (or read) quickly.
MUTATION = settings(max_examples=examples(15), deadline=timedelta(seconds=10), database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

_NUMBER = re.compile(rb"-?\d+")


def _flip(data: bytes, draw) -> bytes:
    i = draw(st.integers(0, len(data) - 1))
    return data[:i] + bytes([draw(st.integers(0, 255))]) + data[i + 1:]


def _truncate(data: bytes, draw) -> bytes:
    return data[:draw(st.integers(0, len(data) - 1))]


def _swap(data: bytes, draw) -> bytes:
    lines = data.split(b"\n")
    i = draw(st.integers(0, len(lines) - 1))
    j = draw(st.integers(0, len(lines) - 1))
    lines[i], lines[j] = lines[j], lines[i]
    return b"\n".join(lines)


def _drop_or_repeat(data: bytes, draw) -> bytes:
    lines = data.split(b"\n")
    i = draw(st.integers(0, len(lines) - 1))
    if draw(st.booleans()):
        del lines[i]
    else:
        lines.insert(i, lines[draw(st.integers(0, len(lines) - 1))])
    return b"\n".join(lines)


def _huge(data: bytes, draw) -> bytes:
    spots = list(_NUMBER.finditer(data))
    if not spots:
        return data
    m = spots[draw(st.integers(0, len(spots) - 1))]
    big = draw(st.sampled_from([b"1000000", b"1000000000", str(2 ** 63).encode(), b"1" + b"0" * 30,
                                b"-1000000000000", b"9" * 4400, b"-1"]))
    return data[:m.start()] + big + data[m.end():]


MUTATIONS = {"flip": _flip, "truncate": _truncate, "swap": _swap, "drop-or-repeat": _drop_or_repeat,
             "huge": _huge}


@st.composite
def mutated(draw, data: bytes) -> tuple[str, bytes]:
    """``(how, damaged)``: one to three mutations of the log ``data``."""
    hows = draw(st.lists(st.sampled_from(sorted(MUTATIONS)), min_size=1, max_size=3))
    for how in hows:
        if data:
            data = MUTATIONS[how](data, draw)
    return "+".join(hows), data


def read_or_refuse(tmp_path, data: bytes, how: str, old_format: bool = False) -> None:
    """Read ``data`` from a file: it is read, or refused with one :class:`LogError` line
    that names its line, without changing the file (any other exception fails)."""
    path = tmp_path / "mutated.jsonl"
    path.write_bytes(data)
    try:
        gamelog.read(path)
    except LogError as e:
        text = str(e)
        lines = data.count(b"\n") + 2
        assert isinstance(e.line, int) and 0 <= e.line <= lines, f"{how}: line {e.line} of {lines}: {text}"
        assert "\n" not in text and "\r" not in text, f"{how}: not one line: {text!r}"
        assert e.line == 0 or f"line {e.line}: " in text, f"{how}: the line is not named: {text}"
        assert "Traceback" not in text
        if old_format:
            assert "edited" not in text, f"{how}: an old-format log called edited: {text}"
    assert path.read_bytes() == data, f"{how}: reading changed the file"
