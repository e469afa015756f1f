"""Run every code cell of the lessons alone in a kernel, as a teacher does after Kernel ▸ Restart
(as near as one kernel comes: ``%reset -f`` clears every name, while the modules stay imported,
so a module's own settings, such as ``charts_offline.enable()``, stay as an earlier cell left them).

docs/lessons.md, "Cells that run alone": a kernel dies mid-lesson, the teacher restarts it and
runs one cell (a panel, the class table, a chart of the Debrief, a solution). Each code cell
must then run, or, when it takes what an earlier cell made through
``bluffkit.lessons.made_above``, say in one line which cell to run first ("First run ..., then
this cell: ..."). ``tests/lessons/test_cells_after_restart.py`` holds this statically (the names
each cell reads); this script runs it.

For each lesson notebook it starts one kernel (the environment's ``python3`` kernel, in the
lesson's folder, as nbval runs it) and, for each code cell in order, runs ``%reset -f`` and then
the cell. A cell passes if it raises nothing, or if it stops with :class:`bluffkit.lessons.RunFirst`
shown as its one plain line; any other exception (a NameError's traceback) is a failure.

``--after-all`` runs the lesson first as in class (every cell in order, no reset: each must run,
and a "First run" line there is a failure, since the cells above have run), then each cell again
alone after ``%reset -f``, in a kernel that has run the whole lesson (its modules imported, its
charts set up): the cell alone must run or say what to run first.

    python scripts/check_cells_alone.py                        # every lessons/NN-slug/NN-slug.ipynb
    python scripts/check_cells_alone.py lessons/02-second-price/02-second-price.ipynb --after-all
    python scripts/check_cells_alone.py 02 05                   # lessons by number (or folder)

It prints one line per lesson (cells run, passed, failed, seconds), each failure beneath it
(the cell's number in the notebook, its first line, the exception's last line), and exits 1 on
any failure, 2 on a usage error. It takes minutes (a kernel per lesson); it is not part of
``make test``.
"""

from __future__ import annotations

import argparse
import queue
import re
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

LESSONS = REPO / "lessons"
KERNEL = "python3"
RESET = "%reset -f"
#: How often a kernel that dies while starting is started again (as the tests' conftest.py does).
STARTS = 3
#: How :func:`bluffkit.lessons.made_above` starts the line it shows instead of a traceback.
RUN_FIRST = "First run "
#: The exception it raises (bluffkit.lessons.RunFirst), as the kernel names it.
RUN_FIRST_ERROR = "RunFirst"
_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


class UsageError(Exception):
    """A path that is no lesson notebook, or no lessons at all: said in one line, exit 2."""


@dataclass
class Cell:
    number: int          # 1-based, among all the notebook's cells (as bluffkit.lessons' messages count)
    source: str

    @property
    def first_line(self) -> str:
        lines = [line for line in self.source.strip().splitlines() if line.strip()]
        return lines[0].strip() if lines else ""


@dataclass
class Result:
    notebook: Path
    cells: int = 0
    passed: int = 0
    said_run_first: int = 0
    in_order: int | None = None      # --after-all: the cells that ran in order (None: not run so)
    failures: list[str] = field(default_factory=list)
    seconds: float = 0.0


def code_cells(path: Path) -> list[Cell]:
    """The code cells of the notebook at ``path`` that hold code, numbered among all its cells.

    A file that is not a notebook is a :class:`UsageError`."""
    import nbformat

    try:
        nb = nbformat.read(str(path), as_version=4)
    except Exception as exc:       # nbformat raises many kinds of errors on a file that is no notebook
        raise UsageError(f"{path}: not a notebook ({type(exc).__name__}: {exc})") from exc
    return [Cell(i + 1, cell.source) for i, cell in enumerate(nb.cells)
            if cell.cell_type == "code" and cell.source.strip()]


def last_line(error: dict) -> str:
    """The last line of an error's traceback as the notebook shows it (colours dropped), or
    ``ename: evalue`` when it shows none."""
    lines = [line for line in _ANSI.sub("", "\n".join(error.get("traceback") or [])).splitlines() if line.strip()]
    return lines[-1].strip() if lines else f"{error.get('ename', '?')}: {error.get('evalue', '')}".strip()


def verdict(error: dict | None, run_first_ok: bool = True) -> tuple[bool, str]:
    """Whether a cell run passed, from its error (the ``ename``, ``evalue`` and ``traceback`` of
    the kernel's ``error`` message; None if it raised nothing), and what it showed.

    A cell run alone that stops with made_above's one line ("First run ..., then this cell")
    passes when ``run_first_ok`` (it is the designed answer); with a traceback around it, or any
    other exception, it fails. Run in order after the cells above (``run_first_ok`` false), that
    line is a failure too: the cell asks for a name no cell above made."""
    if error is None:
        return True, "ran"
    shown = [line for line in _ANSI.sub("", "\n".join(error.get("traceback") or [])).splitlines() if line.strip()]
    one_line = error.get("ename") == RUN_FIRST_ERROR and len(shown) == 1 and shown[0].startswith(RUN_FIRST)
    if one_line and run_first_ok:
        return True, "said what to run first"
    if one_line:
        return False, f"asks for a name no cell above made: {shown[0]}"
    return False, last_line(error)


def notebooks(names: list[str], root: Path | None = None) -> list[Path]:
    """The notebooks named (a notebook's path, a lesson folder, or a lesson's number: ``02``,
    ``2``), each once, in order; none named: every lesson's, ``root/NN-slug/NN-slug.ipynb``
    (root: lessons/; named after its folder, :func:`bluffkit.lessons.source_of`)."""
    root = LESSONS if root is None else root
    if not names:
        found = sorted(p for p in root.glob("*/*.ipynb") if p.stem == p.parent.name)
        if not found:
            raise UsageError(f"no lessons found: no {root}/NN-slug/NN-slug.ipynb")
        return found
    out: list[Path] = []
    for name in names:
        path = Path(name)
        if not path.exists() and name.isascii() and name.isdigit():     # ("²" is a digit to str.isdigit)
            matches = sorted(p for p in root.glob(f"{int(name):02d}-*/*.ipynb") if p.stem == p.parent.name)
            if not matches:
                raise UsageError(f"{name}: no lesson numbered {int(name):02d} in {root}")
            path = matches[0]
        elif path.is_dir():
            if not (path / f"{path.name}.ipynb").is_file():
                raise UsageError(f"{name}: a folder without a {path.name}.ipynb")
            path = path / f"{path.name}.ipynb"
        elif not path.exists():
            raise UsageError(f"{name}: no such file or folder")
        elif path.suffix != ".ipynb":
            raise UsageError(f"{name}: not a notebook (.ipynb)")
        path = path.resolve()
        if path not in out:
            out.append(path)
    return out


class Kernel:
    """One kernel in the notebook's folder, with the repository's bluffkit first on its path;
    shut down on leaving the ``with`` block, whatever the reason (Ctrl-C, an error)."""

    def __init__(self, folder: Path, timeout: float):
        self.folder, self.timeout = folder, timeout
        self.km = self.kc = self.log = None

    def __enter__(self) -> "Kernel":
        try:
            self.start()
        except BaseException:        # Ctrl-C while it starts: no kernel left behind
            self.stop()
            raise
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def start(self) -> None:
        import os

        from jupyter_client.manager import KernelManager

        env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])))
        for attempt in range(1, STARTS + 1):
            self.km = KernelManager(kernel_name=KERNEL)
            # the kernel's own messages (its warning about TCP, a crash) go to a file, read if it dies
            self.log = tempfile.TemporaryFile(mode="w+", encoding="utf-8", errors="replace")
            self.km.start_kernel(cwd=str(self.folder), env=env, stdout=subprocess.DEVNULL, stderr=self.log)
            self.kc = self.km.client()
            self.kc.start_channels()
            try:
                self.kc.wait_for_ready(timeout=120)
                return
            except RuntimeError:         # died while starting (two kernels took the same port): anew
                self.stop()
                if attempt == STARTS:
                    raise

    def stop(self) -> None:
        if self.kc is not None:
            self.kc.stop_channels()
            self.kc = None
        if self.km is not None:
            try:
                self.km.shutdown_kernel(now=True)
            finally:
                self.km = None
        if self.log is not None:
            self.log.close()
            self.log = None

    def run(self, source: str) -> dict | None:
        """Run ``source``; its error (ename, evalue, traceback) or None. A cell that outlasts the
        timeout, or a kernel that dies, is an error too (the kernel is then started anew)."""
        msg_id = self.kc.execute(source, allow_stdin=False, stop_on_error=False)
        deadline = time.monotonic() + self.timeout
        errors: list[dict] = []
        while True:                  # the cell's messages until the kernel is idle again
            if time.monotonic() > deadline:
                self.restart()
                return {"ename": "TimeoutError", "evalue": f"no answer within {self.timeout:g} s", "traceback": []}
            try:
                msg = self.kc.get_iopub_msg(timeout=1)
            except queue.Empty:
                if not self.km.is_alive():
                    said = self.said()
                    self.restart()
                    return {"ename": "KernelDied", "evalue": f"the kernel died{': ' + said if said else ''}",
                            "traceback": []}
                continue
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            if msg["msg_type"] == "error":
                errors.append(msg["content"])
            elif msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                break
        while True:                  # its reply (an error IPython did not publish is there too)
            reply = self.kc.get_shell_msg(timeout=max(1.0, deadline - time.monotonic()))
            if reply["parent_header"].get("msg_id") == msg_id:
                break
        content = reply["content"]
        if errors:
            return errors[-1]
        if content.get("status") == "error":
            return {k: content.get(k) for k in ("ename", "evalue", "traceback")}
        return None

    def said(self) -> str:
        """The last line the kernel wrote to its stderr."""
        self.log.flush()
        self.log.seek(0)
        lines = [line.strip() for line in self.log.read().splitlines()
                 if line.strip() and "without encryption" not in line]     # the warning every kernel gives
        return lines[-1] if lines else ""

    def restart(self) -> None:
        self.stop()
        self.start()


def check(path: Path, after_all: bool = False, timeout: float = 300.0) -> Result:
    """Run ``path``'s code cells alone (``after_all``: in order first, then alone)."""
    cells = code_cells(path)
    result = Result(path)
    start = time.monotonic()
    with Kernel(path.parent, timeout) as kernel:
        if after_all:
            result.in_order = 0
            for cell in cells:
                ok, shown = verdict(kernel.run(cell.source), run_first_ok=False)
                result.in_order += ok
                if not ok:
                    result.failures.append(f"cell {cell.number} `{cell.first_line}`, in order: {shown}")
        for cell in cells:
            reset = kernel.run(RESET)
            if reset is not None:
                raise RuntimeError(f"{path}: {RESET} failed before cell {cell.number}: {last_line(reset)}")
            ok, shown = verdict(kernel.run(cell.source))
            result.cells += 1
            if ok:
                result.passed += 1
                result.said_run_first += shown == "said what to run first"
            else:
                result.failures.append(f"cell {cell.number} `{cell.first_line}`, alone: {shown}")
    result.seconds = time.monotonic() - start
    return result


def line(result: Result) -> str:
    """One line per lesson, then a line per failure."""
    try:
        name = str(result.notebook.relative_to(REPO))
    except ValueError:
        name = str(result.notebook)
    alone = (f"{result.cells} cells run alone, {result.passed} passed "
             f"({result.said_run_first} said what to run first), {result.cells - result.passed} failed")
    if result.in_order is not None:
        alone = (f"{result.cells} cells run in order, {result.in_order} passed, "
                 f"{result.cells - result.in_order} failed; then {alone}")
    head = f"{name}: {alone}, {result.seconds:.0f} s"
    return "\n".join([head] + [f"  FAIL {f}" for f in result.failures])


def _stop_on_sigterm(signum, frame):
    raise KeyboardInterrupt


def _seconds(text: str) -> float:
    """``--timeout``: a number of seconds above 0 (``-1`` failed every cell, ``nan`` ran without a limit)."""
    import math
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a number of seconds, got {text!r}") from None
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"a number of seconds above 0, got {text!r}")
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("lessons", nargs="*", help="lesson notebooks, folders or numbers (default: every lesson)")
    parser.add_argument("--after-all", action="store_true",
                        help="run every cell in order first (no reset), then each cell alone after %%reset -f")
    parser.add_argument("--timeout", type=_seconds, default=300.0, help="seconds a cell may take (default 300)")
    args = parser.parse_args(argv)
    try:
        paths = notebooks(args.lessons)
        for path in paths:           # every notebook readable before the first kernel starts
            code_cells(path)
    except UsageError as err:
        print(f"check_cells_alone: {err}", file=sys.stderr)
        return 2
    from jupyter_client.kernelspec import NoSuchKernel

    signal.signal(signal.SIGTERM, _stop_on_sigterm)
    failed = 0
    try:
        for n, path in enumerate(paths, 1):
            print(f"[{n}/{len(paths)}] {path.parent.name}: running {len(code_cells(path))} code cells "
                  f"{'in order, then ' if args.after_all else ''}alone ...", file=sys.stderr, flush=True)
            result = check(path, after_all=args.after_all, timeout=args.timeout)
            print(line(result), flush=True)
            failed += bool(result.failures)
    except KeyboardInterrupt:
        print("check_cells_alone: interrupted; the kernel is shut down", file=sys.stderr)
        return 130
    except (RuntimeError, NoSuchKernel) as err:      # no kernel to start, or one that fails at %reset
        print(f"check_cells_alone: {err}", file=sys.stderr)
        return 1
    if failed:
        print(f"{failed} of {len(paths)} lessons have cells that do not run alone", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
