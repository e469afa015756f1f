"""Run every benchmark in turn (``make bench``), then print one table of every figure with
its spread, its bar and whether the bar is met.

    .venv/bin/python benchmarks/run_all.py [NAME ...] [--peer-kuhhandel PATH] [--peer-cheat PATH]
                                           [-- ARGS for each]

NAME picks some of them (``engine_speed``, ``bloff_speed``, ``auction_speed``,
``auction_engine_speed``, ``panel_speed``, ``log_speed``); with none, all run, in that order (a few
minutes on the 2-core development machine). Each runs in its own process, so one does
not warm the caches of the next.

How the figures are taken (the harness is the project's own, ``benchmarks/_timing.py``):
whatever is compared runs in one process, in turn, one round of each at a time, so that
the drift of a shared machine falls on both alike; a figure is the median over the rounds
(a ratio: the ratio of the two medians) and its spread the lowest and highest round (of a
ratio: the lowest and highest per-round ratio). The table names what each spread is taken
over: "rounds", or, for the engines' actions/s against their bars, which are judged on the
medians of repeats, what they are (``engine_speed``: the two rulesets' medians at 5
players, the slower of which is the figure; ``bloff_speed``: one value, the median itself).
Figures against a peer count what the peer counts (OpenSpiel: whole auctions per second;
Streaker3/kuhhandel and Cheat-RL: games per second). The peers are never part of bluffkit:
``--peer-kuhhandel PATH`` and ``--peer-cheat PATH`` name checkouts of them, passed to
``engine_speed`` and ``bloff_speed`` (without them, those benchmarks print why the
comparison is skipped).
A benchmark reports a figure with a line ``RESULT {json}`` (see ``_timing.result``); the
older benchmarks, which print their verdict in words, are read from their verdict line
("... -> meets the bar", "the bar is ..." before it where they name the bar; their spread
is in their own table above).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ALL = ("engine_speed", "bloff_speed", "auction_speed", "auction_engine_speed", "panel_speed", "log_speed")
VERDICT = re.compile(r"^(?P<what>.*?)the bar is (?P<bar>[^-]+?)\s*-> (?P<verdict>meets|DOES NOT meet)")
VERDICT_ONLY = re.compile(r"^(?P<what>.*?)\s*-> (?P<verdict>meets|DOES NOT meet) the bar")


def rows_from(name: str, text: str) -> list[dict]:
    """The figures a benchmark printed: its ``RESULT`` lines, or else its verdict lines."""
    rows = []
    for line in text.splitlines():
        if line.startswith("RESULT "):
            rows.append(json.loads(line[len("RESULT "):]))
    if rows:
        return rows
    for line in text.splitlines():
        m = VERDICT.search(line) or VERDICT_ONLY.search(line)
        if m:
            bar = m["bar"].strip() if "bar" in m.groupdict() else "(see above)"
            rows.append({"name": f"{name}: {m['what'].strip().rstrip(';,')}", "figure": None, "unit": "",
                         "spread": "(see above)", "bar": bar, "met": m["verdict"] == "meets", "note": ""})
    return rows


def table(rows: list[dict]) -> str:
    def fig(r):
        f = r["figure"]
        if f is None:
            return "(see above)"
        return f"{f:,.2f}{r['unit']}" if r["unit"] == "x" else f"{f:,.4g} {r['unit']}"

    def over(r):
        if r["figure"] is None:
            return r["spread"]
        return f"{r['spread']} ({r.get('spread_of', 'rounds')})"

    cells = [(r["name"], fig(r), over(r), "-" if r["bar"] is None else f"{r['bar']}{'x' if r['unit'] == 'x' else ' ' + r['unit']}",
              "-" if r["met"] is None else ("met" if r["met"] else "NOT met"), r.get("note", "")) for r in rows]
    head = ("figure", "median", "spread: low..high (over what)", "bar", "verdict", "")   # a ratio: of the medians
    widths = [max(len(str(c[i])) for c in cells + [head]) for i in range(5)]

    def line(c):
        return "  ".join(str(x).ljust(w) for x, w in zip(c[:5], widths)) + ("  " + c[5] if c[5] else "")
    return "\n".join([line(head), line(tuple("-" * w for w in widths) + ("",))] + [line(c) for c in cells])


def main(argv=None) -> int:
    args = list(argv if argv is not None else sys.argv[1:])
    extra = []
    if "--" in args:
        args, extra = args[:args.index("--")], args[args.index("--") + 1:]
    if "-h" in args or "--help" in args:
        print(__doc__)
        return 0
    peers: dict[str, list[str]] = {}
    for flag, bench in (("--peer-kuhhandel", "engine_speed"), ("--peer-cheat", "bloff_speed")):
        if flag in args:
            i = args.index(flag)
            if i + 1 >= len(args):
                print(f"{flag} needs a PATH", file=sys.stderr)
                return 2
            peers[bench] = [flag, args[i + 1]]
            del args[i:i + 2]
    names = args or list(ALL)
    unknown = [n for n in names if n not in ALL]
    if unknown:
        print(f"unknown benchmark(s): {', '.join(unknown)}; known: {', '.join(ALL)}", file=sys.stderr)
        if any(n.startswith("-") for n in unknown):
            print(f"options for the benchmarks go after --: run_all.py [NAME ...] -- {' '.join(unknown)}",
                  file=sys.stderr)
        return 2
    failed, rows = [], []
    for name in names:
        print(f"== {name} ==", flush=True)
        out = []
        with subprocess.Popen([sys.executable, str(HERE / f"{name}.py"), *peers.get(name, []), *extra],
                              stdout=subprocess.PIPE,
                              text=True, bufsize=1) as proc:
            for line in proc.stdout:                  # shown as it comes, the RESULT lines kept for the table
                out.append(line)
                if not line.startswith("RESULT "):
                    print(line, end="", flush=True)
        if proc.returncode:
            failed.append(name)
        rows += rows_from(name, "".join(out))
        print(flush=True)
    if rows:
        print("== every figure ==")
        print(table(rows))
    if failed:
        print(f"benchmark(s) that stopped with an error: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
