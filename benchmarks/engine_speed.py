"""Engine speed: full random-vs-random games per second and actions per second.

    .venv/bin/python benchmarks/engine_speed.py [--games 300]

Every rule is on, every move is recorded (the log's inputs) and every acting seat
gets its observation with its legal actions, exactly as in ``bluffkit simulate``.
One process, one core. The bar: twice the fastest public pure-Python engine of
this game measured on these machines (5 players, about 106,000 actions/s), that is
212,000 actions/s for 5 players.
"""

from __future__ import annotations

import argparse
import platform
import time

from bluffkit.agents.youre_bluffing import RandomAgent
from bluffkit.core.game import make_game
from bluffkit.core.play import paused_gc, play
from bluffkit.core.seeding import game_seeds

BAR = 212_000


def measure(name: str, players: int, games: int, seed: int = 1) -> tuple[float, float, float]:
    game = make_game(name)
    seeds = game_seeds(seed, games)
    play(game, [RandomAgent() for _ in range(players)], seeds[0])          # warm up caches
    actions = 0
    start = time.perf_counter()
    with paused_gc():                       # as bluffkit simulate does
        for s in seeds:
            actions += play(game, [RandomAgent() for _ in range(players)], s).length
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / elapsed, actions / games


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=300, help="games per configuration")
    args = p.parse_args(argv)
    print(f"bluffkit engine speed, random vs random, {args.games} games each "
          f"(Python {platform.python_version()}, one core)")
    print(f"{'game':16s} {'players':>7s} {'games/s':>9s} {'actions/s':>11s} {'actions/game':>13s}")
    five = []
    for name in ("youre-bluffing", "horse-trading"):
        for players in (3, 4, 5):
            gps, aps, length = measure(name, players, args.games)
            print(f"{name:16s} {players:7d} {gps:9.0f} {aps:11,.0f} {length:13.1f}")
            if players == 5:
                five.append(aps)
    worst = min(five)
    verdict = "meets" if worst >= BAR else "DOES NOT meet"
    print(f"5 players: {worst:,.0f} actions/s at the slower ruleset; the bar is {BAR:,} -> {verdict} the bar")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
