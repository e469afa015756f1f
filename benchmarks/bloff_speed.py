"""Bløff engine speed: random-vs-random games, actions per second, on one core; and
rule bots side by side with the Cheat-RL environment.

    .venv/bin/python benchmarks/bloff_speed.py [--games 300] [--repeats 5]
                                               [--peer-cheat PATH] [--peer-games 150] [--rounds 7]

Every rule is on, every move is recorded and every acting seat's observation is
built, as in ``bluffkit simulate bloff``. The bar: twice the fastest public Python
engine of this game measured on these machines (3-player random games at about
84,000 actions/s), that is 168,000 actions/s for 3 players; judged on the median.

Side by side with Cheat-RL (``--peer-cheat PATH``, a checkout of it; see
``benchmarks/peer_cheat.py``): 3-player games of rule bots, ours (the honest bot,
:class:`bluffkit.agents.bloff.HonestAgent`, in every seat) and the peer's (its rule bots,
drawn from its pool for every seat as its training draws them; and its honest bot in
every seat), and our random bots, in this process, in turn, one round of each at a
time (``--rounds`` rounds after a warm-up round), each round the same seeded games. The
figure is the ratio of the median games per second (each side counts its own games; a
peer game cut off at its step limit counts as a game, as there), the spread the lowest
and highest per-round ratio. The bar: at least 3x the peer's games/s with rule bots.
Without a peer that comparison is skipped with a line saying why.
"""

from __future__ import annotations

import argparse

import peer_cheat
from _timing import count, interleaved, measure, median, ratios, result, spread

from bluffkit.agents.bloff import HonestAgent, RandomAgent
from bluffkit.core.game import make_game
from bluffkit.core.play import play
from bluffkit.core.seeding import game_seeds

BAR = 168_000
PEER_BAR = 3.0          # times Cheat-RL's games/s, rule bots, 3 players
PLAYERS = 3


def ours(make_agent, games: int, seed: int = 1):
    """``(play, lengths)``: ``play() -> games`` plays the same seeded 3-player games."""
    game, seeds = make_game("bloff"), game_seeds(seed, games)
    lengths: list[float] = []

    def run() -> int:
        actions = 0
        for s in seeds:
            actions += play(game, [make_agent() for _ in range(PLAYERS)], s).length
        lengths.append(actions / games)
        return games
    return run, lengths


def side_by_side(path: str | None, games: int, peer_games: int, rounds: int) -> None:
    peer, why = peer_cheat.load(path)
    if peer is None:
        print(f"peer skipped: {why}")
        return
    print(f"peer: {peer_cheat.describe(peer)}")
    runs, lengths = {}, {}
    runs["bluffkit honest"], lengths["bluffkit honest"] = ours(HonestAgent, games)
    runs["bluffkit random"], lengths["bluffkit random"] = ours(RandomAgent, max(1, games // 3))
    for label, honest in (("Cheat-RL rule bots", False), ("Cheat-RL honest", True)):
        fn, steps = peer_cheat.games(peer, PLAYERS, honest=honest)
        runs[label], lengths[label] = (lambda fn=fn: fn(peer_games)), steps
    print(f"side by side, {PLAYERS} players: {games} games of ours ({max(1, games // 3)} random) and {peer_games} "
          f"of the peer's per round, {rounds} rounds (one warm-up), in turn", flush=True)
    rates = interleaved(runs, rounds)
    print(f"{'engine and bots':20s} {'games/s':>9s} {'rounds (low..high)':>20s} {'actions/game':>13s} {'actions/s':>10s}")
    for key, r in rates.items():
        g, a = median(r), median(lengths[key])
        print(f"{key:20s} {g:9,.1f} {spread(r):>20s} {a:13.1f} {g * a:10,.0f}")
    mine = rates["bluffkit honest"]
    for label in ("Cheat-RL rule bots", "Cheat-RL honest"):
        theirs = rates[label]
        ratio, rs = median(mine) / median(theirs), ratios(mine, theirs)
        print(f"bluffkit honest bots / {label}: {ratio:.2f}x games/s (per round {spread(rs)}); the bar is "
              f"{PEER_BAR:g}x -> {'meets' if ratio >= PEER_BAR else 'DOES NOT meet'} the bar")
        result(f"Bløff honest bots vs {label}, 3 players, games/s", ratio, "x", rs, PEER_BAR,
               f"{median(mine):,.0f} vs {median(theirs):,.0f} games/s")
    rnd = rates["bluffkit random"]
    result("Bløff random bots, 3 players, games/s", median(rnd), "games/s", rnd, None,
           f"{median(lengths['bluffkit random']):.0f} actions a game; for information")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=count(), default=300)
    p.add_argument("--repeats", type=count(), default=5)
    p.add_argument("--peer-cheat", default=None, metavar="PATH", help="a checkout of Cheat-RL to play side by side")
    p.add_argument("--peer-games", type=count(), default=150, help="the peer's games per round")
    p.add_argument("--rounds", type=count(), default=7, help="rounds side by side with the peer")
    p.add_argument("--peer-only", action="store_true", help="only the side-by-side comparison")
    args = p.parse_args(argv)
    side_by_side(args.peer_cheat, args.games, args.peer_games, args.rounds)
    if args.peer_only:
        return 0
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
    result("Bløff random, 3 players, actions/s (median)", three, "actions/s", [three], BAR,
           spread_of="one value: the median of the repeats")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
