"""Auction engine speed: whole auctions per second, side by side with OpenSpiel.

    .venv/bin/python benchmarks/auction_engine_speed.py [--auctions 2000] [--rounds 7] [--peer PATH]
                                                        [--formats]

The headline: a one-lot sealed first-price auction (Secret Value) with 5 bidders and the
auctioneer, the right of first refusal off (``first_refusal=False``), random bidders,
played through the engine to its last payment with :func:`bluffkit.auctions.series.play_series`
(each acting seat gets its observation and legal actions, every move is recorded; the
random bidder is trusted, so its moves are not checked twice), against OpenSpiel's
``first_sealed_auction`` with 5 players played from a Python loop with random legal
actions (``benchmarks/peer_openspiel.py``). Both run in this process, in turn, one round
of each at a time (``--rounds`` rounds after one warm-up), so that the drift of a
shared machine falls on both alike; the figure is the ratio of the medians, with the
lowest and highest per-round ratio beside it. The bar: at least 1x OpenSpiel.

What differs between the two (so the ratio is read right): OpenSpiel's auction deals
values and takes one bid per player (11 steps with chance's); bluffkit's sets out a lot,
takes the 5 sealed bids, awards the sale, and the winner pays in notes with no change
given; a winner who cannot pay shows their money and the auction is run again (the
booklet's rule), so a bluffkit auction averages more moves (the table prints them).

``--formats`` adds the older table: every format, small and double pen, with the
truthful, equilibrium, shade and random bidders, through :func:`bluffkit.core.play.play`.
"""

from __future__ import annotations

import argparse

import peer_openspiel
from _timing import count, interleaved, measure, median, ratios, result, spread

from bluffkit.agents.auction import Bidder, RandomBidder
from bluffkit.auctions.rules import FORMATS
from bluffkit.auctions.series import play_series
from bluffkit.core.game import make_game
from bluffkit.core.seeding import game_seeds

MIX = ("truthful", "equilibrium", "shade", "random")
BAR = 1.0                     # times OpenSpiel's auctions/s
BIDDERS = 5


def headline_game():
    """Secret Value, one lot, the auctioneer and 5 bidders, no right of first refusal."""
    return make_game("auction", format="secret-value", player_limits=False, first_refusal=False)


def bluffkit_runner(count: int, seed: int = 1):
    game = headline_game()
    agents = [RandomBidder() for _ in range(BIDDERS + 1)]
    moves = []

    def run(count=count) -> int:
        records = play_series(game, agents, count, seed)
        moves.append(sum(r.length for r in records) / count)
        return count
    return run, moves


def immutable_runner(count: int, seed: int = 1):
    """The same auctions through the immutable API alone, as a peer's loop plays a game
    (``new_state``, ``is_over``, ``is_chance``/``sample_chance``, ``to_move``,
    ``legal(...).sample``, ``step``), one Generator for the run: every call works on a
    frozen state, and every step checks the move. Printed beside, without a bar."""
    import numpy as np

    game = headline_game()
    rng = np.random.default_rng(seed)

    def run() -> int:
        for _ in range(count):
            s = game.new_state(BIDDERS + 1)
            while not game.is_over(s):
                if game.is_chance(s):
                    s = game.step(s, None, game.sample_chance(s, rng))
                else:
                    seat = game.to_move(s)[0]
                    s = game.step(s, seat, game.legal(s, seat).sample(rng))
        return count
    return run


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--auctions", type=count(), default=2000, help="auctions per round and side")
    p.add_argument("--rounds", type=count(), default=7)
    p.add_argument("--peer", default=None, metavar="PATH", help="path of an OpenSpiel checkout (built) to use as the peer")
    p.add_argument("--formats", action="store_true", help="also time every format (the older table)")
    args = p.parse_args(argv)

    ours, moves = bluffkit_runner(args.auctions)
    runs = {"bluffkit": ours, "immutable": immutable_runner(max(1, args.auctions // 5))}
    pyspiel, why = peer_openspiel.load(args.peer)
    if pyspiel is not None:
        peer = peer_openspiel.auctions(pyspiel, BIDDERS)
        runs["openspiel"] = lambda: peer(args.auctions)
        print(f"peer: {peer_openspiel.describe(pyspiel)}")
    else:
        print(f"peer skipped: {why}")
    print(f"Sealed first-price auction, 5 bidders, through the engine: {args.auctions} auctions x "
          f"{args.rounds} rounds per side, in turn (one warm-up round)", flush=True)
    rates = interleaved(runs, args.rounds)
    print(f"{'engine':>10s} {'auctions/s':>11s} {'rounds (low..high)':>20s} {'moves/auction':>14s}")
    print(f"{'bluffkit':>10s} {median(rates['bluffkit']):11,.0f} {spread(rates['bluffkit']):>20s} "
          f"{median(moves):14.1f}")
    print(f"{'immutable':>10s} {median(rates['immutable']):11,.0f} {spread(rates['immutable']):>20s} "
          f"{'':>14s}  (bluffkit's immutable API alone, no bar)")
    if pyspiel is not None:
        print(f"{'openspiel':>10s} {median(rates['openspiel']):11,.0f} {spread(rates['openspiel']):>20s} "
              f"{11:14d}")
        rs = ratios(rates["bluffkit"], rates["openspiel"])
        r = median(rates["bluffkit"]) / median(rates["openspiel"])        # the ratio of the medians
        print(f"bluffkit / OpenSpiel: {r:.2f}x (ratio of the medians of {len(rs)} rounds; per round {spread(rs)}); the bar is "
              f"{BAR:g}x -> {'meets' if r >= BAR else 'DOES NOT meet'} the bar")
        result("auctions through the engine vs OpenSpiel first_sealed_auction (5 bidders)", r, "x", rs, BAR,
               f"bluffkit {median(rates['bluffkit']):,.0f}/s, OpenSpiel {median(rates['openspiel']):,.0f}/s")
        im = ratios(rates["immutable"], rates["openspiel"])
        result("the same auctions through the immutable API alone vs OpenSpiel", median(rates["immutable"])
               / median(rates["openspiel"]), "x", im, None, f"{median(rates['immutable']):,.0f}/s; for information")
    else:
        result("auctions through the engine (5 bidders), no peer", median(rates["bluffkit"]), "auctions/s",
               rates["bluffkit"], None, "OpenSpiel not importable: ratio not measured")

    if args.formats:
        print()
        print(f"Every format: {args.auctions} auctions x 3 repeats per format (median)")
        print(f"{'format':>16s} {'pen':>6s} {'players':>7s} {'auctions/s':>11s} {'actions/s':>10s} {'actions':>8s}")
        seeds = game_seeds(1, args.auctions)
        for name, f in FORMATS.items():
            for double in (False, True):
                game = make_game("auction", format=name, double=double)
                players = f.players[1]
                m = measure(game, seeds, lambda players=players: [Bidder(strategy=MIX[i % len(MIX)])
                                                                  for i in range(players)], 3)
                print(f"{name:>16s} {'double' if double else 'small':>6s} {players:7d} {m['games']:11,.0f} "
                      f"{m['median']:10,.0f} {m['length']:8.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
