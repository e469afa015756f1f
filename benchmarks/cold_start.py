"""Cold start: how long a fresh Python process takes to import bluffkit, each engine with its
bots, and to build a notebook's first panel (``make bench`` runs it last).

    .venv/bin/python benchmarks/cold_start.py [--repeats N]

Every figure is the median over N fresh processes (``python -c ...``, 5 by default; the
spread is printed beside it as min-max); the measurements take turns, one process of
each per round, so a slow spell of the machine falls on all of them alike. Each time is
taken inside the process, from just before the first import to the end of the work, so
the interpreter's own start (40 to 80 ms, the median of 15 ``python -c pass`` on 6
December, 10 to 20 ms of it CPU) is not counted: it is what a student waits for after
running the first cell of a notebook in a fresh kernel. The bar is on the wall
time; the ``cpu`` column (the process's CPU time, median) shows how much of it was the
process's own work, which a machine busy with other work leaves about the same.

- ``import bluffkit``: bar 0.1 s (issue 18, Cold start).
- an engine: ``make_game(name)`` and every bot of the game made, for each game; no bar of
  its own (it is part of the first panel's time), but none of pandas, altair and sympy
  may be loaded (printed in the last column; ``tests/test_cold_start.py`` asserts it).
- a panel built: ``from bluffkit.widgets import P``, the panel constructed as in its
  notebook, and its view rendered without a browser (the display bundle and the state of
  every widget model in it, which is what the notebook sends to JupyterLab): bar 1.5 s
  (issue 14, Notebooks open ready). The auction lab is listed for information, without a
  bar: it draws charts (altair is loaded when it first draws them, not when it is built).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _timing import count  # noqa: E402

HEAVY = ("pandas", "altair", "sympy")

_PROLOGUE = "import time, sys, json\nstart, cpu = time.perf_counter(), time.process_time()\n"
_EPILOGUE = ("elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu\n"
             f"print(json.dumps({{'s': elapsed, 'cpu': cpu, 'heavy': [m for m in {HEAVY!r} if m in sys.modules]}}))\n")

_RENDER = """
import ipywidgets.embed
bundle = panel._repr_mimebundle_()
state = ipywidgets.embed.dependency_state(panel)
assert bundle and state
"""


def _engine(name: str) -> str:
    return f"""
from bluffkit.core.game import make_game
from bluffkit.agents.base import agent_names, make_agent
game = make_game({name!r})
for bot in agent_names(game):
    make_agent(bot, game)
"""


def _panel(cls: str, call: str) -> str:
    return f"from bluffkit.widgets import {cls}\npanel = {call}\n" + _RENDER


def cases() -> list[tuple[str, str, float | None]]:
    """(label, code, bar in seconds or None) for every figure."""
    from bluffkit.core import spec

    out: list[tuple[str, str, float | None]] = [("import bluffkit", "import bluffkit\n", 0.1)]
    for s in spec.specs():
        out.append((f"engine {s.name} + bots", _engine(s.name), None))
    out += [
        ("first panel: TablePanel", _panel(
            "TablePanel", 'TablePanel("horse-trading", players=3, humans=[1], names=["Ana", "Bo", "Cy"], seed=2)'), 1.5),
        ("first panel: ScenarioPlayer", _panel("ScenarioPlayer", 'ScenarioPlayer("ht-auction-ben-pays-100")'), 1.5),
        ("first panel: BloffTable", _panel(
            "BloffTable", 'BloffTable(players=4, humans=[0], names=["Anne", "Bjørn", "Carla", "David"], seed=4)'), 1.5),
        ("first panel: BlufferTable", _panel(
            "BlufferTable", 'BlufferTable(players=4, humans=[0], spot=[0.4, 0.4, 0.4, 0.1], seed=4)'), 1.5),
        ("panel with charts: AuctionLab", _panel("AuctionLab", 'AuctionLab(fmt="second-hand", bidders=3, seed=1)'),
         None),
    ]
    return out


def run_once(code: str) -> dict:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", _PROLOGUE + code + _EPILOGUE], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    if done.returncode:
        raise RuntimeError(f"the cold process failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=count(), default=5, help="fresh processes per figure (default 5)")
    args = parser.parse_args(argv)
    todo = cases()
    times: dict[str, list[float]] = {label: [] for label, _, _ in todo}
    cpu: dict[str, list[float]] = {label: [] for label, _, _ in todo}
    heavy: dict[str, set[str]] = {label: set() for label, _, _ in todo}
    for _ in range(args.repeats):
        for label, code, _ in todo:
            found = run_once(code)
            times[label].append(found["s"])
            cpu[label].append(found["cpu"])
            heavy[label].update(found["heavy"])
    print(f"Cold-process times, median of {args.repeats} fresh processes (min-max), timed inside the process")
    print(f"{'':32} {'median':>8} {'spread':>15} {'cpu':>7}  {'bar':>6}  {'verdict':<14}pandas/altair/sympy loaded")
    missed = 0
    for label, _, bar in todo:
        t = times[label]
        med = statistics.median(t)
        verdict = "" if bar is None else ("meets the bar" if med < bar else "MISSES")
        missed += bar is not None and med >= bar
        bar_text = "-" if bar is None else f"{bar:.1f} s"
        print(f"{label:32} {med:7.3f}s {min(t):6.3f}-{max(t):6.3f}s {statistics.median(cpu[label]):6.3f}s  "
              f"{bar_text:>6}  {verdict:<14}"
              f"{', '.join(sorted(heavy[label])) or 'none'}")
    print("all bars met" if not missed else f"{missed} bar(s) missed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
