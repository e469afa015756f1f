"""Mutated scenario files are refused in one line, never with a traceback or a hang.

Every file in ``data/scenarios/`` is mutated (values of the wrong type or size, keys
removed or added, wrong nesting, unknown seats and moves, damaged text); loading and
running the result either works or raises :class:`ScenarioError` in one line that
names the file; ``bluffkit scenario run`` then exits 2 with that one line on stderr.
"""

from __future__ import annotations

import contextlib
import io
import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bluffkit import cli
from bluffkit.core import scenario as sc
from mutations import FUZZ, mutated_json, mutated_text, time_limit, dump

FILES = sc.scenario_paths()


def check_one(data: bytes) -> None:
    """Load and run ``data`` as a scenario file, then run it through the command line."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "mutant.json"
        path.write_bytes(data)
        with time_limit():
            try:
                sc.run(sc.load(path))
            except sc.ScenarioError as e:
                msg = str(e)
                assert "\n" not in msg and "\r" not in msg, f"more than one line: {msg!r}"
                assert msg.startswith(f"{path}: "), f"the file is not named first: {msg!r}"
                assert len(msg) < 1000, f"not one readable line: {len(msg)} characters"
            out, err = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = cli.main(["scenario", "run", str(path)])
        assert code in (0, 1, 2), code
        err = err.getvalue()
        if code == 2:
            assert err.count("\n") == 1 and err.startswith("bluffkit: "), f"not one line: {err!r}"
            assert "\x1b" not in err and "\x9b" not in err, f"an escape code reached the terminal: {err!r}"
        else:
            assert err == "", err
        assert path.read_bytes() == data, "the scenario file was changed"
        assert sorted(p.name for p in Path(tmp).iterdir()) == ["mutant.json"], "a file was written"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
@FUZZ
@given(data=st.data())
def test_mutated_scenario_is_refused_in_one_line(path, data):
    original = json.loads(path.read_text(encoding="utf-8"))
    check_one(dump(data.draw(mutated_json(original), label="scenario")))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
@FUZZ
@given(data=st.data())
def test_damaged_scenario_text_is_refused_in_one_line(path, data):
    check_one(data.draw(mutated_text(path.read_text(encoding="utf-8")), label="text"))
