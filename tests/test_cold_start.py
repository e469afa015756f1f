"""A notebook's first panel must not wait for pandas, altair or sympy (issue 18, Cold start).

Each check runs in a fresh Python process, since the test process has imported
everything already. What is checked is which modules are loaded (``sys.modules``), not
how long it took: timings on a shared machine drift, the set of modules does not.
``benchmarks/cold_start.py`` prints the times.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("pandas", "altair", "sympy")

# Records, for each heavy package, the bluffkit lines that imported it first, so a
# failure names the import to move rather than only the package.
_WATCH = """
import importlib.abc, json, sys, traceback
HEAVY = %r
FIRST = {}

class Watch(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name in HEAVY and name not in FIRST:
            FIRST[name] = [f"{f.filename.split('bluffkit', 1)[-1]}:{f.lineno}: {f.line}"
                           for f in traceback.extract_stack() if "/bluffkit/" in f.filename]
        return None

sys.meta_path.insert(0, Watch())
""" % (HEAVY,)

_REPORT = """
print(json.dumps({"loaded": sorted(m for m in HEAVY if m in sys.modules), "first": FIRST}))
"""


def _run(body: str, watch: bool = True) -> dict:
    code = (_WATCH if watch else "import json, sys\nHEAVY = %r\nFIRST = {}\n" % (HEAVY,)) + body + _REPORT
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, f"the cold process failed:\n{done.stderr[-3000:]}"
    return json.loads(done.stdout.strip().splitlines()[-1])


def _explain(result: dict) -> str:
    return "\n".join(f"{name} imported by:\n    " + "\n    ".join(result["first"].get(name, ["?"]))
                     for name in result["loaded"])


def test_import_bluffkit_loads_nothing_heavy():
    result = _run("import bluffkit\nimport bluffkit.widgets\n")
    assert result["loaded"] == [], _explain(result)


@pytest.mark.slow
def test_engines_bots_and_panels_load_no_pandas_altair_or_sympy():
    """Every game's engine and views, every bot of every game, one game played, every
    panel module, and the panels that draw no chart built, in one fresh process."""
    body = """
import bluffkit
from bluffkit.agents.base import agent_names, make_agent
from bluffkit.core import spec
from bluffkit.core.game import make_game
from bluffkit.session import Session

played = []
for s in spec.specs():
    for name in s.names:
        game = make_game(name)
    for ref in ("text_view", "seat_html", "all_seeing_html"):
        s.resolve(ref)
    for bot in agent_names(game):
        make_agent(bot, game)
    seats = [s.default_bot] * s.players[0]
    session = Session(game, seats, seed=1).run()
    played.append((s.name, len(session.moves)))

import bluffkit.widgets as widgets
from bluffkit.widgets import (auction_lab, bloff, bluffer, render, render_auction, render_bloff, render_bluffer,
                              replay, scenario_player, seat_panel, table)
from bluffkit.widgets import AuctionLab, BloffTable, BlufferTable, ReplayViewer, ScenarioPlayer, TablePanel

for name in widgets.__all__:
    assert name in widgets._PANELS, name
TablePanel("horse-trading", players=3, humans=[1], names=["Ana", "Bo", "Cy"], seed=2)
ScenarioPlayer("ht-auction-ben-pays-100")
ReplayViewer(session)
BloffTable(players=4, humans=[0], seed=4)
BlufferTable(players=4, humans=[0], seed=4)
assert all(moves > 0 for _, moves in played), played
"""
    result = _run(body)
    assert result["loaded"] == [], _explain(result)


@pytest.mark.slow      # (a process of its own, a terminal or a signal: with the slow tests)
def test_panels_are_imported_only_when_asked_for():
    result = _run("""
from bluffkit.widgets import TablePanel
assert TablePanel.__name__ == "TablePanel"
others = ("auction_lab", "bloff", "bluffer", "charts", "replay", "scenario_player")
loaded = [m for m in others if "bluffkit.widgets." + m in sys.modules]
assert loaded == [], f"importing TablePanel also imported {loaded}"
""")
    assert result["loaded"] == [], _explain(result)


@pytest.mark.slow      # (a process of its own, a terminal or a signal: with the slow tests)
def test_a_panel_outside_a_kernel_loads_no_kernel():
    """A panel built in plain Python (a script, a test) asked ipykernel whether a kernel
    runs, which imported it with zmq and tornado: some 60 ms of the first panel's cold start.
    No kernel runs unless ipykernel is loaded already."""
    result = _run("""
from bluffkit.widgets import TablePanel
t = TablePanel("youre-bluffing", players=3, humans=[0], seed=1)
t.click_action(t.session.legal(0).simple[0])
kernel = [m for m in ("ipykernel", "ipykernel.kernelbase", "zmq", "tornado") if m in sys.modules]
assert kernel == [], f"a panel outside a kernel imported {kernel}"
""")
    assert result["loaded"] == [], _explain(result)


@pytest.mark.slow
def test_altair_draws_offline_whenever_it_is_imported():
    """``import bluffkit.widgets`` switches altair to the offline ``svg`` renderer, both when
    altair is imported after it (by a chart builder) and when it was imported before."""
    after = subprocess.run([sys.executable, "-c", "import bluffkit.widgets\n"
                            "from bluffkit.analysis.bloff_charts import win_rate_chart\n"
                            "import altair; print(altair.renderers.active)"],
                           cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True,
                           timeout=120)
    assert after.returncode == 0, after.stderr[-2000:]
    assert after.stdout.split() == ["svg"], after.stdout
    before = subprocess.run([sys.executable, "-c", "import altair, bluffkit.widgets; print(altair.renderers.active)"],
                            cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True,
                            timeout=120)
    assert before.returncode == 0, before.stderr[-2000:]
    assert before.stdout.split() == ["svg"], before.stdout
