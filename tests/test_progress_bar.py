"""``progress=True`` in a notebook draws tqdm's widget bar, not its text bar (the text bar
reprinted itself into the cell's stderr); in a terminal it stays the text bar."""

import subprocess
import sys
import textwrap

import pytest

# two fresh interpreters (about 2 s): with the slow tests
pytestmark = pytest.mark.slow

# A kernel as tqdm.auto recognises one: ipykernel's shell module loaded.
IN_A_KERNEL = """
import ipykernel.zmqshell
"""

RUNS = """
from bluffkit.core.play import progress_bar
from bluffkit.analysis.tournament import tournament
from bluffkit.analysis.bidder_up import simulate_board
seen = []
import tqdm.std
original = tqdm.std.tqdm.__init__
def spy(self, *a, **k):
    seen.append("widget" if any(c.__module__ == "tqdm.notebook" for c in type(self).__mro__) else "text")
    original(self, *a, **k)
tqdm.std.tqdm.__init__ = spy
progress_bar(3, "games", "game").close()
tournament("bloff", ["random", "honest", "caller"], games=3, seed=1, progress=True)
simulate_board(games=1, board="fairground", seed=1, progress=True)
import sys, tempfile
from bluffkit.analysis.tournament_run import run
with tempfile.TemporaryDirectory() as out:
    run("bloff", ["random", "honest", "caller"], 3, 1, out + "/t", workers=0, progress=True, echo=None)
print(seen)
"""


def bars(prelude: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(prelude + RUNS)], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return eval(done.stdout.strip().splitlines()[-1])


def test_progress_true_draws_a_widget_bar_in_a_kernel_and_a_text_bar_in_a_terminal():
    assert bars(IN_A_KERNEL) == ["widget"] * 4
    assert bars("") == ["text"] * 4
