"""Auction engine speed, rule by rule: whole auctions per second for every format.

    .venv/bin/python benchmarks/auction_engine_speed.py [--auctions 2000] [--repeats 3]

Each auction is played through the engine (``bluffkit.auctions``) to its last payment
with every rule on: chance sets out the lot, bidders with private values act on their
observations (truthful, equilibrium, shaded and random bidders, one of each), the
auctioneer settles ties and decides on the right of first refusal, and the payer
chooses the notes. This is the path a classroom game or a replay takes; the
vectorized simulator (``benchmarks/auction_speed.py``) is the one for theory-sized runs.
"""

from __future__ import annotations

import argparse
from bluffkit.agents.auction import Bidder
from bluffkit.auctions.rules import FORMATS
from bluffkit.core.game import make_game
from bluffkit.core.seeding import game_seeds

from _timing import measure

MIX = ("truthful", "equilibrium", "shade", "random")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--auctions", type=int, default=2000)
    p.add_argument("--repeats", type=int, default=3)
    args = p.parse_args(argv)
    print(f"Auction engine speed: {args.auctions} auctions x {args.repeats} repeats per format (median)")
    print(f"{'format':>16s} {'pen':>6s} {'players':>7s} {'auctions/s':>11s} {'actions/s':>10s} {'actions':>8s}")
    seeds = game_seeds(1, args.auctions)
    for name, f in FORMATS.items():
        for double in (False, True):
            game = make_game("auction", format=name, double=double)
            players = f.players[1]
            m = measure(game, seeds, lambda players=players: [Bidder(strategy=MIX[i % len(MIX)]) for i in range(players)],
                        args.repeats)
            print(f"{name:>16s} {'double' if double else 'small':>6s} {players:7d} {m['games']:11,.0f} "
                  f"{m['median']:10,.0f} {m['length']:8.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
