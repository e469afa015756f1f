"""Engine speed: full random-vs-random games per second and actions per second.

    .venv/bin/python benchmarks/engine_speed.py [--games 200] [--repeats 5]
                                                [--peer-kuhhandel PATH] [--peer-games 60] [--rounds 15]
    .venv/bin/python benchmarks/engine_speed.py --moves [--games 200] [--peer-kuhhandel PATH]

``--moves`` only prints what a game is made of on each side (player actions per game by
kind, untimed): the peer plays its own house rules, so its games differ in length from
bluffkit's (see ``peer_kuhhandel.py``).

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

Side by side with that engine (``--peer-kuhhandel PATH``, a checkout of
Streaker3/kuhhandel; see ``benchmarks/peer_kuhhandel.py``): both rulesets at 3 and 5
players and the peer at 3 and 5 players, with its own random bot, in this process, in
turn, one round of each at a time (``--rounds`` rounds after a warm-up round), each
round the same seeded games (``--games`` of ours, ``--peer-games`` of the peer's). The
figure is the ratio of the median games per second (each side counts its own games),
the spread the lowest and highest per-round ratio. 15 rounds by default: on the 2-core
development machine, whose speed drifts, single rounds range over a factor of two, and the
median of 7 rounds came out anywhere from 2.6x to 4.2x in four runs of one afternoon; the
medians of 15 in three runs stayed within 6 % of each other. The bars: at least 3.5x the peer's
games/s at 5 players and 3x at 3 players, under both rulesets. Without a peer that
comparison is skipped with a line saying why.
"""

from __future__ import annotations

import argparse
import platform

import peer_kuhhandel
from _timing import count, interleaved, measure_many as timed, median, ratios, result, spread

from bluffkit.agents.youre_bluffing import RandomAgent
from bluffkit.core.game import make_game
from bluffkit.core.play import play
from bluffkit.core.seeding import game_seeds

BAR = 212_000
#: times the peer's games per second, by player count
PEER_BARS = {5: 3.5, 3: 3.0}


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


def ours(name: str, players: int, games: int, seed: int = 1):
    """``(play, lengths)``: ``play() -> games`` plays the same seeded random games from
    cold caches, as :func:`measure` does; ``lengths`` the mean player actions per game."""
    seeds = game_seeds(seed, games)
    game = make_game(name)
    lengths: list[float] = []

    def run() -> int:
        clear_caches()
        actions = 0
        for s in seeds:
            actions += play(game, [RandomAgent(bids="any") for _ in range(players)], s).length
        lengths.append(actions / games)
        return games
    return run, lengths


def side_by_side(path: str | None, games: int, peer_games: int, rounds: int) -> None:
    """Both rulesets and the peer at 3 and 5 players, in turn; print the ratios of the
    medians (games/s) and a ``RESULT`` line for each."""
    peer, why = peer_kuhhandel.load(path)
    if peer is None:
        print(f"peer skipped: {why}")
        return
    print(f"peer: {peer_kuhhandel.describe(peer)}")
    runs, lengths = {}, {}
    for players in (5, 3):
        for name in ("youre-bluffing", "horse-trading"):
            runs[name, players], lengths[name, players] = ours(name, players, games)
        fn, steps = peer_kuhhandel.games(peer, players)
        runs["kuhhandel", players], lengths["kuhhandel", players] = (lambda fn=fn: fn(peer_games)), steps
    print(f"side by side: {games} games of ours and {peer_games} of the peer's per round, {rounds} rounds "
          f"(one warm-up), {len(runs)} configurations in turn", flush=True)
    rates = interleaved(runs, rounds)
    print(f"{'engine':16s} {'players':>7s} {'games/s':>9s} {'rounds (low..high)':>20s} {'actions/game':>13s} "
          f"{'actions/s':>10s}")
    for (name, players), r in rates.items():
        g, a = median(r), median(lengths[name, players])
        print(f"{name:16s} {players:7d} {g:9,.1f} {spread(r):>20s} {a:13.1f} {g * a:10,.0f}")
    for players in (5, 3):
        theirs = rates["kuhhandel", players]
        for name in ("youre-bluffing", "horse-trading"):
            mine = rates[name, players]
            ratio = median(mine) / median(theirs)
            rs = ratios(mine, theirs)
            bar = PEER_BARS[players]
            act = ratio * median(lengths[name, players]) / median(lengths["kuhhandel", players])
            print(f"{name} / kuhhandel, {players} players: {ratio:.2f}x games/s (per round {spread(rs)}), "
                  f"{act:.2f}x actions/s; the bar is {bar:g}x -> {'meets' if ratio >= bar else 'DOES NOT meet'} the bar")
            result(f"{name} vs Streaker3/kuhhandel, {players} players, games/s", ratio, "x", rs, bar,
                   f"{median(mine):,.0f} vs {median(theirs):,.0f} games/s; {act:.2f}x in actions/s")


def our_kinds(name: str, players: int, count: int, seed: int = 1) -> dict[str, float]:
    """Player actions per game by kind (``Bid``, ``Pass``, ``Auction``, ``Pay``, ...), over
    the ``count`` games :func:`ours` plays; chance's moves are not actions."""
    game, found = make_game(name), {}
    for s in game_seeds(seed, count):
        for seat, action in play(game, [RandomAgent(bids="any") for _ in range(players)], s).moves:
            if seat is not None:
                kind = type(action).__name__
                found[kind] = found.get(kind, 0) + 1
    return {k: v / count for k, v in found.items()}


def moves(path: str | None, games: int) -> None:
    """Print what a game is made of on each side: player actions per game by kind, for
    You're Bluffing! and (given a checkout) the peer, at 3 and 5 players."""
    peer, why = peer_kuhhandel.load(path) if path else (None, "no checkout given (--peer-kuhhandel PATH)")
    print(f"actions per game by kind, {games} seeded games each (uniform random bots; the peer: its RandomBot)")
    for players in (3, 5):
        for label, found in (("youre-bluffing", our_kinds("youre-bluffing", players, games)),
                             ("kuhhandel", peer_kuhhandel.kinds(peer, players, games) if peer else None)):
            if found is None:
                print(f"{label:16s} {players}p  skipped: {why}")
                continue
            shown = ", ".join(f"{k} {v:.1f}" for k, v in sorted(found.items(), key=lambda kv: -kv[1]))
            print(f"{label:16s} {players}p  {sum(found.values()):6.1f}: {shown}")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=count(), default=200, help="games per repeat")
    p.add_argument("--repeats", type=count(), default=5, help="repeats per configuration")
    p.add_argument("--peer-kuhhandel", default=None, metavar="PATH",
                   help="a checkout of Streaker3/kuhhandel to play side by side")
    p.add_argument("--peer-games", type=count(), default=60, help="the peer's games per round")
    p.add_argument("--rounds", type=count(), default=15,
                   help="rounds side by side with the peer (15: on a machine whose speed drifts, the median of 7 "
                        "moved by a third from run to run)")
    p.add_argument("--peer-only", action="store_true", help="only the side-by-side comparison")
    p.add_argument("--moves", action="store_true",
                   help="only print each side's actions per game by kind (--games games each), untimed")
    args = p.parse_args(argv)
    if args.moves:
        moves(args.peer_kuhhandel, args.games)
        return 0
    side_by_side(args.peer_kuhhandel, args.games, args.peer_games, args.rounds)
    if args.peer_only:
        return 0
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
    result("engine, 5 players, actions/s at the slower ruleset (median)", worst, "actions/s", five, BAR,
           spread_of="the two rulesets' medians")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
