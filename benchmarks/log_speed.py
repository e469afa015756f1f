"""What ``simulate --logs`` costs: games per second with and without a log of every game.

    .venv/bin/python benchmarks/log_speed.py [--games 100] [--rounds 5] [--players 5]

Plays the same seeded random You're Bluffing! games (``bluffkit simulate``'s path:
:func:`bluffkit.analysis.simulate.simulate`) with and without ``logs`` (each game's log
written into a temporary folder: every step replayed, with the digest of the state after
it), in turn, one round of each at a time after a warm-up round, and prints the games per
second of each and the slowdown (the ratio of the medians; the spread the lowest and
highest per-round ratio). Then it times the state digest alone on the states of a fifth
as many seeded random games of the same size: the direct writer
(:func:`bluffkit.core.digest.state_digest`) against the documented recipe written step by
step (plain data, ``json.dumps`` with sorted keys, SHA-256), which must give the same
digests. No bar: figures for README and docs/logs.md.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from hashlib import sha256
from pathlib import Path

from _timing import count, interleaved, median, ratios, result, spread

from bluffkit.agents.youre_bluffing import RandomAgent
from bluffkit.analysis.simulate import simulate
from bluffkit.core import digest
from bluffkit.core.game import make_game
from bluffkit.core.play import play


def runners(games: int, players: int, folder: Path):
    game = make_game("youre-bluffing")
    agents = ["random"] * players

    def plain() -> int:
        simulate(game, agents, games, 1)
        return games

    def logged() -> int:
        out = folder / "logs"
        simulate(game, agents, games, 1, logs=out)
        shutil.rmtree(out)
        return games
    return {"without logs": plain, "with logs": logged}


def states(games: int, players: int) -> tuple:
    game = make_game("youre-bluffing")
    out = []
    for seed in range(games):
        rec = play(game, [RandomAgent() for _ in range(players)], seed)
        t = game.table(game.new_state(players))
        for seat, action in rec.moves:
            t.apply_chance(action) if seat is None else t.apply(seat, action)
            out.append(t.freeze())
    return game, out


def by_recipe(state, game) -> str:
    return sha256(digest._reference(digest.projection(state, game)).encode("utf-8")).hexdigest()[:digest.DIGEST_HEX]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=count(), default=100, help="games per round and side")
    p.add_argument("--rounds", type=count(), default=5)
    p.add_argument("--players", type=count(3, 5), default=5)
    args = p.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="bluffkit-log-speed-") as tmp:
        runs = runners(args.games, args.players, Path(tmp))
        print(f"You're Bluffing!, {args.players} random players: {args.games} games x {args.rounds} rounds per side, "
              f"in turn (one warm-up round)", flush=True)
        rates = interleaved(runs, args.rounds)
    print(f"{'':>14s} {'games/s':>9s} {'rounds (low..high)':>20s}")
    for key, r in rates.items():
        print(f"{key:>14s} {median(r):9.1f} {spread(r):>20s}")
    slow = ratios(rates["without logs"], rates["with logs"])
    ratio = median(rates["without logs"]) / median(rates["with logs"])
    print(f"with logs: {ratio:.2f} times the time of the same games without (per round {spread(slow)})")
    result(f"simulate --logs: time against no logs (You're Bluffing!, {args.players} players)", ratio, "x", slow,
           None, f"{median(rates['with logs']):.1f} against {median(rates['without logs']):.1f} games/s",
           higher=False)

    game, seen = states(max(1, args.games // 5), args.players)
    assert [digest.state_digest(s, game) for s in seen] == [by_recipe(s, game) for s in seen], \
        "the writer and the recipe disagree"
    times: dict = {"writer": [], "recipe": []}
    for _ in range(args.rounds):
        for key, fn in (("writer", digest.state_digest), ("recipe", by_recipe)):
            start = time.perf_counter()
            for s in seen:
                fn(s, game)
            times[key].append((time.perf_counter() - start) / len(seen) * 1e6)
    print(f"state digest, {len(seen):,} states in game order: the writer {median(times['writer']):.1f} µs "
          f"({spread(times['writer'])}), the recipe step by step {median(times['recipe']):.1f} µs "
          f"({spread(times['recipe'])}); the same digests")
    result("state digest: the writer against the recipe step by step", median(times["recipe"])
           / median(times["writer"]), "x", ratios(times["recipe"], times["writer"]), None,
           f"{median(times['writer']):.1f} against {median(times['recipe']):.1f} µs a state")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
