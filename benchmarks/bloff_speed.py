"""Bløff engine speed: random-vs-random games, actions per second, on one core.

    .venv/bin/python benchmarks/bloff_speed.py [--games 300] [--repeats 5]

Every rule is on, every move is recorded and every acting seat's observation is
built, as in ``bluffkit simulate bloff``. The bar: twice the fastest public Python
engine of this game measured on these machines (3-player random games at about
84,000 actions/s), that is 168,000 actions/s for 3 players; judged on the median.
"""

from __future__ import annotations

import argparse
from bluffkit.agents.bloff import RandomAgent
from bluffkit.core.game import make_game
from bluffkit.core.seeding import game_seeds

from _timing import measure

BAR = 168_000


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--repeats", type=int, default=5)
    args = p.parse_args(argv)
    game = make_game("bloff")
    print(f"Bløff engine speed, random vs random, {args.games} games x {args.repeats} repeats")
    print(f"{'players':>7s} {'games/s':>9s} {'actions/s':>11s} {'best':>11s} {'actions/game':>13s}")
    three = None
    for players in (3, 4, 5, 7):
        m = measure(game, game_seeds(1, args.games), lambda players=players: [RandomAgent() for _ in range(players)],
                    args.repeats)
        print(f"{players:7d} {m['games']:9.0f} {m['median']:11,.0f} {m['best']:11,.0f} {m['length']:13.1f}")
        if players == 3:
            three = m["median"]
    print(f"3 players: {three:,.0f} actions/s (median); the bar is {BAR:,} -> "
          f"{'meets' if three >= BAR else 'DOES NOT meet'} the bar")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
