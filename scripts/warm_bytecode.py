"""Compile the bytecode of the libraries every test worker, notebook kernel and JupyterLab
server imports, once, when the environment is built (``make venv``).

The environment is installed without ``--compile-bytecode``, which compiles every file of
every package (26 s on two cores, most of it sympy, bokeh and tests nobody imports). Python
writes a module's bytecode the first time it is imported instead; importing the libraries
below here, in two processes side by side, does that for the ones that count (about 9 s),
so that the two test workers starting together do not each compile the same ones. A
module left out is compiled at its first import; nothing here is needed for correctness.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

GROUPS = (
    ("bluffkit.widgets", "bluffkit.analysis.charts", "pandas", "altair", "vl_convert", "numpy"),
    ("sympy", "ipykernel.kernelapp", "jupyter_server.serverapp", "jupyterlab", "nbclient", "hypothesis",
     "distributed", "bokeh", "pettingzoo", "playwright.sync_api", "nbval"),
)


def main() -> int:
    start = time.monotonic()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    code = "import importlib, sys\nfor m in sys.argv[1:]:\n    try:\n        importlib.import_module(m)\n" \
           "    except Exception:\n        pass\n"
    procs = [subprocess.Popen([sys.executable, "-c", code, *group], env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL) for group in GROUPS]
    for p in procs:
        try:
            p.wait(timeout=600)
        except subprocess.TimeoutExpired:     # never hold up the build: the imports are only a warm-up
            p.kill()
            p.wait()
    print(f"bytecode compiled for the libraries in common use in {time.monotonic() - start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
