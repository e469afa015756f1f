"""Run every benchmark in turn (``make bench``); each prints its figures and its verdict.

    .venv/bin/python benchmarks/run_all.py [NAME ...]

NAME picks some of them (``engine_speed``, ``bloff_speed``, ``auction_speed``,
``auction_engine_speed``, ``panel_speed``); with none, all run, in that order (about
two minutes on the 2-core development machine). Each runs in its own process, so one
does not warm the caches of the next.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ALL = ("engine_speed", "bloff_speed", "auction_speed", "auction_engine_speed", "panel_speed")


def main(argv=None) -> int:
    names = list(argv if argv is not None else sys.argv[1:]) or list(ALL)
    unknown = [n for n in names if n not in ALL]
    if unknown:
        print(f"unknown benchmark(s): {', '.join(unknown)}; known: {', '.join(ALL)}", file=sys.stderr)
        return 2
    failed = []
    for name in names:
        print(f"== {name} ==", flush=True)
        if subprocess.run([sys.executable, str(HERE / f"{name}.py")]).returncode:
            failed.append(name)
        print(flush=True)
    if failed:
        print(f"benchmark(s) that stopped with an error: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
