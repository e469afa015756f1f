"""Speed of Bidder Up! (the board game): random games per second on both sides with 3
and 4 players, and, with ``--check N``, N seeded random games on every configuration
(both sides, 2-4 players, the baby animals, the raffle rush) checking every invariant after every step and
that each game ends.

    PYTHONPATH=. .venv/bin/python benchmarks/bidder_up_speed.py               # games/s
    PYTHONPATH=. .venv/bin/python benchmarks/bidder_up_speed.py --check 10000 # invariants
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np  # noqa: E402
from _timing import count  # noqa: E402

from bluffkit.agents.generic import RandomBot  # noqa: E402
from bluffkit.core.game import make_game  # noqa: E402

CONFIGS = [("animal-market", ()), ("animal-market", ("babies",)), ("fairground", ()), ("fairground", ("babies",)),
           ("fairground", ("raffle-rush",))]


def speed(games: int, repeats: int) -> None:
    from _timing import measure_many
    configs = {(board, n): (make_game("bidder-up", board=board), range(games),
                            lambda n=n: [RandomBot() for _ in range(n)])
               for board in ("animal-market", "fairground") for n in (3, 4)}
    for (board, n), r in measure_many(configs, repeats).items():
        print(f"{board:14s} {n} players: {r['games']:7.1f} games/s, {r['median']:9.0f} actions/s, "
              f"{r['length']:6.0f} actions a game")


def check(games: int) -> int:
    """Play ``games`` seeded random games per configuration, checking the invariants after
    every step; returns the number of failures."""
    failures = 0
    for board, variants in CONFIGS:
        game = make_game("bidder-up", board=board, variants=list(variants))
        for n in (2, 3, 4):
            start = time.perf_counter()
            for seed in range(games):
                rng = np.random.default_rng(seed)
                t = game.table(players=n)
                steps = 0
                while not t.is_over():
                    if t.is_chance():
                        t.apply_chance(t.sample_chance(float(rng.random()), rng))
                    else:
                        seat, legal, _ = t.decision()
                        t.apply(seat, legal.sample(rng), legal)
                    steps += 1
                    problems = game.invariants(t)
                    if problems or steps > 20_000:
                        failures += 1
                        print(f"{board} {variants} {n}p seed {seed} step {steps}: {problems or 'no end'}")
                        break
                else:
                    final = game.invariants(t)
                    if final:
                        failures += 1
            took = time.perf_counter() - start
            print(f"{board:14s} {'+'.join(variants) or '-':12s} {n} players: {games} games checked in {took:.1f}s")
    return failures


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=count(), default=20, help="games per configuration for the speed")
    ap.add_argument("--repeats", type=count(), default=3)
    ap.add_argument("--check", type=count(0), default=0, metavar="N", help="check N seeded games per configuration")
    args = ap.parse_args(argv)
    if args.check:
        bad = check(args.check)
        print(f"{bad} failure(s)")
        return int(bad > 0)
    speed(args.games, args.repeats)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
