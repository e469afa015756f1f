"""The suite's own time limit (pyproject.toml: ``faulthandler_timeout`` with
``faulthandler_exit_on_timeout``): a test that never ends writes its stack and ends its
process, so a hang (an engine or a bot that never ends a game) fails the run instead of
holding it."""

import os
import re
import subprocess
import sys

import pytest
from paths import REPO

# two pytest runs in fresh interpreters (some 5 s): with the slow tests
pytestmark = pytest.mark.slow

HANGING = """
def test_before():
    pass

def test_endless_game():
    while True:
        pass

def test_after():
    pass
"""

#: Where the stack of the hung test says it was (the loop's ``while`` or its ``pass``).
HUNG_HERE = re.compile(r'test_hang.py", line [67] in test_endless_game')


def run_pytest(tmp_path, *args: str) -> subprocess.CompletedProcess:
    """A pytest run of ``HANGING`` under bluffkit's own pytest settings, its limit cut to
    1 s; the run itself is ended at 120 s (it would never end without the limit)."""
    (tmp_path / "test_hang.py").write_text(HANGING)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return subprocess.run([sys.executable, "-m", "pytest", "-c", str(REPO / "pyproject.toml"),
                           "--rootdir", str(tmp_path), "-p", "no:cacheprovider", "-q",
                           "-o", "faulthandler_timeout=1", *args, "test_hang.py"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)


def test_the_limit_is_five_minutes_and_ends_the_test(pytestconfig):
    assert float(pytestconfig.getini("faulthandler_timeout")) == 300
    assert pytestconfig.getini("faulthandler_exit_on_timeout") is True


def test_a_hung_test_fails_its_run_with_its_stack_and_the_others_still_run(tmp_path):
    done = run_pytest(tmp_path, "-n", "1")
    out = done.stdout + done.stderr
    assert done.returncode == 1, out
    assert "crashed while running 'test_hang.py::test_endless_game'" in out, out
    assert HUNG_HERE.search(out), out                          # the stack says where it hung
    assert "1 failed, 2 passed" in out, out


def test_in_one_process_the_run_stops_at_the_hung_test_saying_where(tmp_path):
    done = run_pytest(tmp_path)
    out = done.stdout + done.stderr
    assert done.returncode != 0, out
    assert "Timeout (0:00:01)!" in out and HUNG_HERE.search(out), out
