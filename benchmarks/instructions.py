"""CPU instructions per game, counted under valgrind: a figure that does not drift with the
machine's clock (docs/speed.md quotes it beside the games/s ratios).

    .venv/bin/python benchmarks/instructions.py [--players 5 3] [--games 40]
                                                [--peer-kuhhandel PATH] [--peer-games 20]

Each count is the instructions of a process that plays ``--games`` seeded random games
(``RandomAgent(bids="any")``, every rule on, every move recorded, every acting seat's
observation built, as ``engine_speed.py`` plays them), less those of the same process
playing none (start-up and imports), divided by the games. Python's hash seed is fixed
(``PYTHONHASHSEED=0``), yet counts of the same code still move from run to run: on 6
December two counts of the same 20 three-player games came out 5 % apart (11.5 and 12.1 M a
game) and of 10 five-player games 15 % apart (17.0 and 19.6 M), as far apart as with the
seed at 1 or 2 (11.8 and 11.9 M; 19.1 and 16.0 M): a difference of a few percent between
two counts is within that. With a checkout of Streaker3/kuhhandel (``--peer-kuhhandel
PATH``) its random games are counted the same way and the ratio printed; without one, a
line says the peer is skipped. The
games differ in length, so the figure moves with ``--games`` (You're Bluffing! 3 players:
12.1 M over 20 games, 12.3 M over 80): compare counts over the same games. Needs ``valgrind`` on PATH; about a minute per count.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from _timing import count as whole  # noqa: E402

_OURS = """
import sys
sys.path.insert(0, {here!r})
from engine_speed import ours
run, _ = ours({name!r}, {players}, max({games}, 1))
if {games}:
    run()
"""

_PEER = """
import sys
sys.path.insert(0, {here!r})
import peer_kuhhandel
peer, why = peer_kuhhandel.load({path!r})
if peer is None:
    raise SystemExit(why)
play, _ = peer_kuhhandel.games(peer, {players})
if {games}:
    play({games})
"""


def count(code: str) -> int:
    """Instructions of ``python -c code`` under valgrind (callgrind's total)."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                           "-c", code], env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"the counted process failed:\n{done.stderr[-2000:]}")
    found = re.search(r"Collected\s*:\s*([0-9]+)", done.stderr)
    if found is None:
        raise SystemExit(f"valgrind printed no count:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def per_game(template: str, games: int, **fields) -> float:
    """Instructions per game: ``games`` games less none, divided by ``games``."""
    start = count(template.format(here=str(HERE), games=0, **fields))
    return (count(template.format(here=str(HERE), games=games, **fields)) - start) / games


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--players", type=whole(3, 5), nargs="+", default=[5, 3])
    p.add_argument("--games", type=whole(), default=40, help="games per count of ours")
    p.add_argument("--peer-kuhhandel", default=None, metavar="PATH")
    p.add_argument("--peer-games", type=whole(), default=20, help="games per count of the peer's")
    args = p.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not on PATH (apt-get install valgrind); nothing counted")
        return 0
    import peer_kuhhandel
    found, why = peer_kuhhandel.load(args.peer_kuhhandel)
    if found is None:
        print(f"peer skipped: {why}")
        args.peer_kuhhandel = None
    peer_games = f", {args.peer_games} of the peer's" if args.peer_kuhhandel else ""
    print(f"instructions per game, millions (valgrind, PYTHONHASHSEED=0, start-up subtracted; "
          f"{args.games} of our games{peer_games})", flush=True)
    for n in args.players:
        peer = per_game(_PEER, args.peer_games, path=args.peer_kuhhandel, players=n) if args.peer_kuhhandel else None
        for name in ("youre-bluffing", "horse-trading"):
            mine = per_game(_OURS, args.games, name=name, players=n)
            line = f"{name:16s} {n} players: {mine / 1e6:6.2f} M"
            if peer is not None:
                line += f"   kuhhandel {peer / 1e6:6.2f} M   peer / ours {peer / mine:.2f}x"
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
