"""Engine speed: full random-vs-random games per second and actions per second.

    .venv/bin/python benchmarks/engine_speed.py [--games 200] [--repeats 5]

The bots are the uniform random player (``RandomAgent(bids="any")``: pass or any
legal bid up to its money, each as likely), the one the engine was measured with before
the bots learned to bid in tens, so that figures stay comparable across versions and with
the public engines' uniform random bots. Every rule is on, every move is recorded (the log's inputs) and every acting seat
gets its observation with its legal actions, exactly as in ``bluffkit simulate``.
One process, one core. Each configuration plays the same ``--games`` seeded games
``--repeats`` times, with bluffkit's caches emptied before each repeat, so every
repeat does the same work from cold. The configurations take turns (one repeat of
each per round), so that a slow spell of the machine, whose speed drifts by some
20 % from minute to minute, falls on all of them alike. The table shows the median
and the best repeat.

The bar: twice the fastest public pure-Python engine of this game measured on
these machines (5 players, about 106,000 actions/s), that is 212,000 actions/s for
5 players; the verdict is taken on the median.
"""

from __future__ import annotations

import argparse
import platform
from bluffkit.agents.youre_bluffing import RandomAgent
from bluffkit.core.game import make_game
from bluffkit.core.seeding import game_seeds

from _timing import measure_many as timed

BAR = 212_000


def clear_caches() -> None:
    """Empty the memo tables, so that a repeat does not profit from the one before."""
    from bluffkit.core import money
    from bluffkit.games.youre_bluffing import actions, engine
    money.clear_caches()
    engine._PAIRS.clear()
    actions._BIDS.clear()


def measure(names, players, games: int, repeats: int, seed: int = 1) -> dict:
    """``{(name, players): figures}`` for every game name and player count, measured in
    turn (see ``measure_many``)."""
    seeds = game_seeds(seed, games)
    configs = {(name, n): (make_game(name), seeds, lambda n=n: [RandomAgent(bids="any") for _ in range(n)])
               for name in names for n in players}
    return timed(configs, repeats, before=clear_caches)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=200, help="games per repeat")
    p.add_argument("--repeats", type=int, default=5, help="repeats per configuration")
    args = p.parse_args(argv)
    print(f"bluffkit engine speed, random vs random, {args.games} games x {args.repeats} repeats each "
          f"(Python {platform.python_version()}, one core)")
    print(f"(6 configurations in turn, {args.repeats} rounds; about a minute)", flush=True)
    found = measure(("youre-bluffing", "horse-trading"), (3, 4, 5), args.games, args.repeats)
    print(f"{'game':16s} {'players':>7s} {'games/s':>9s} {'actions/s':>11s} {'best':>11s} {'actions/game':>13s}")
    five = []
    for (name, players), m in found.items():
        print(f"{name:16s} {players:7d} {m['games']:9.0f} {m['median']:11,.0f} {m['best']:11,.0f} "
              f"{m['length']:13.1f}")
        if players == 5:
            five.append(m["median"])
    worst = min(five)
    verdict = "meets" if worst >= BAR else "DOES NOT meet"
    print(f"5 players: {worst:,.0f} actions/s (median) at the slower ruleset; the bar is {BAR:,} "
          f"-> {verdict} the bar")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
