"""The suite's own time limit (the top-level ``conftest.py``, ``TEST_LIMIT``): a test that never
ends writes its stack and ends its process, so a hang (an engine or a bot that never ends a
game) fails the run instead of holding it."""

import os
import re
import subprocess
import sys

import pytest
from paths import REPO

# three pytest runs in fresh interpreters (some 10 s): with the slow tests
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


def run_pytest(tmp_path, limit: str, *args: str) -> subprocess.CompletedProcess:
    """A pytest run of ``HANGING`` with the suite's limit set to ``limit``; the run itself is ended
    at 120 s (it would never end without the limit)."""
    (tmp_path / "test_hang.py").write_text(HANGING)
    (tmp_path / "pytest.ini").write_text("[pytest]\nfaulthandler_timeout = 0\n")
    env = dict(os.environ, PYTHONPATH=str(REPO), BLUFFKIT_TEST_LIMIT=limit, PYTHONDONTWRITEBYTECODE="1")
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "conftest",
                           "-q", *args, "test_hang.py"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)


def test_a_hung_test_fails_its_run_with_its_stack_and_the_others_still_run(tmp_path):
    done = run_pytest(tmp_path, "1", "-n", "1")
    out = done.stdout + done.stderr
    assert done.returncode == 1, out
    assert "crashed while running 'test_hang.py::test_endless_game'" in out, out
    assert re.search(r'test_hang.py", line [67] in test_endless_game', out), out   # the stack says where it hung
    assert "1 failed, 2 passed" in out, out


def test_in_one_process_the_run_stops_at_the_hung_test_saying_where(tmp_path):
    done = run_pytest(tmp_path, "1")
    out = done.stdout + done.stderr
    assert done.returncode != 0, out
    assert "Timeout (0:00:01)!" in out and re.search(r'test_hang.py", line [67] in test_endless_game', out), out


def test_a_wrong_limit_stops_the_run_in_words(tmp_path):
    done = run_pytest(tmp_path, "soon")
    out = done.stdout + done.stderr
    assert done.returncode == 4, out                          # pytest's usage error
    assert "BLUFFKIT_TEST_LIMIT must be a number of seconds, at least 0 (0: no limit), not 'soon'" in out, out


def root_conftest(config):
    return next(plugin for plugin in config.pluginmanager.get_plugins()
                if getattr(plugin, "__file__", None) == str(REPO / "conftest.py"))


@pytest.mark.parametrize("text", ["soon", "-5", "-0.001", "nan", "inf", "1e400", "5 s"])
def test_a_limit_that_is_no_number_of_seconds_is_refused(pytestconfig, text):
    with pytest.raises(ValueError, match="must be a number of seconds, at least 0"):
        root_conftest(pytestconfig).limit_from(text)


def test_the_limit_read(pytestconfig):
    limit_from = root_conftest(pytestconfig).limit_from
    assert [limit_from(t) for t in ("", "  ", "0", "2.5", " 600\n")] == [300.0, 300.0, 0.0, 2.5, 600.0]
