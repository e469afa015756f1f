"""Tournaments on many cores: You're Bluffing! games per second on a LocalCluster of 1 and of 2 workers.

    .venv/bin/python benchmarks/scale.py [--games 200000] [--rounds 4] [--players 3] [--agents random]

``make bench-scale`` runs it (it is not part of ``make bench``: the full size takes tens of
minutes on the 2-core development machine). Each configuration plays ``--games`` games in
all, through :func:`bluffkit.analysis.tournament_run.run` (chunks on the workers, one
Parquet part each, written by this process), in ``--rounds`` rounds that take turns, one
round of 1 worker then one of 2 workers, so that a slow spell of the shared machine falls
on both alike. Two LocalClusters (1 and 2 single-threaded worker processes) are started
once, warmed up (the workers' imports are not timed) and closed at the end.

Figures: games per second of each (median over the rounds, the lowest and highest round),
the speed-up of 2 workers over 1 (the median of the per-round ratios; the bar: at least
1.7x, near-linear on 2 cores), and what 100 cores would play in an hour at the 2-worker
rate per worker. On a machine other people load, the clock measures their load as much as
the cluster: so the CPU seconds the workers spent are counted too (``time.process_time`` in
each worker), and games per CPU second of 2 workers over 1 says whether splitting the work
costs anything (1.00: nothing).
"""

from __future__ import annotations

import argparse
import logging
import shutil
import sys
import tempfile
import time
from pathlib import Path

from bluffkit.agents.base import make_agent
from bluffkit.analysis.tournament_run import run
from bluffkit.core.errors import RulesError
from bluffkit.core.game import make_game

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _timing import count, median, result, spread  # noqa: E402

BAR = 1.7


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=count(), default=200_000, help="games per configuration, over all rounds")
    p.add_argument("--rounds", type=count(), default=4)
    p.add_argument("--players", type=count(3, 5), default=3)
    p.add_argument("--agents", default="random")
    p.add_argument("--seed", type=count(0), default=1)
    args = p.parse_args(argv)
    game = make_game("youre-bluffing")
    agents = [a.strip() for a in args.agents.split(",")]
    try:                                    # refused here, before any cluster starts
        for name in agents:
            make_agent(name, game)
    except RulesError as e:
        p.error(f"argument --agents: {e}")
    if args.games < args.rounds:
        p.error(f"--games ({args.games}) must be at least --rounds ({args.rounds}): every round plays a share")
    from distributed import Client, LocalCluster
    logging.getLogger("distributed").setLevel(logging.ERROR)     # no INFO lines as the clusters close

    per_round = args.games // args.rounds
    print(f"You're Bluffing!, {args.players} players, {'/'.join(agents)}: {args.games:,} games per configuration "
          f"in {args.rounds} rounds of {per_round:,}", flush=True)
    setups = {}
    tmp = Path(tempfile.mkdtemp(prefix="bluffkit-scale-"))
    try:
        for n in (1, 2):
            cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=":0",
                                   silence_logs=logging.ERROR)
            client = Client(cluster)
            run(game, agents, 4 * n, args.seed, tmp / f"warm{n}", players=args.players, chunk=1, client=client,
                echo=None)
            setups[n] = (cluster, client)
        rates: dict[int, list[float]] = {1: [], 2: []}
        per_cpu: dict[int, list[float]] = {1: [], 2: []}
        for r in range(args.rounds):
            for n, (_, client) in setups.items():
                out = tmp / f"r{r}w{n}"
                cpu = sum(client.run(time.process_time).values())
                start = time.perf_counter()
                done = run(game, agents, per_round, args.seed + r, out, players=args.players, client=client, echo=None)
                elapsed = time.perf_counter() - start
                cpu = sum(client.run(time.process_time).values()) - cpu
                assert done.played == done.chunks
                rates[n].append(per_round / elapsed)
                per_cpu[n].append(per_round / cpu)
                print(f"round {r + 1}: {n} worker{'s' if n > 1 else ' '}  {per_round / elapsed:8,.1f} games/s "
                      f"({elapsed:,.0f} s, {done.chunks} parts); the workers' CPU: {cpu:,.0f} s, "
                      f"{per_round / cpu:,.1f} games per CPU second, {cpu / elapsed:.2f} cores busy", flush=True)
                shutil.rmtree(out)
    finally:
        for cluster, client in setups.values():
            client.close()
            cluster.close()
        shutil.rmtree(tmp, ignore_errors=True)
    ratios = [b / a for a, b in zip(rates[1], rates[2])]
    one, two, ratio = median(rates[1]), median(rates[2]), median(ratios)
    efficiency = [b / a for a, b in zip(per_cpu[1], per_cpu[2])]
    per_hour = two / 2 * 100 * 3600
    print(f"\n1 worker:  {one:8,.1f} games/s (rounds {spread(rates[1])})")
    print(f"2 workers: {two:8,.1f} games/s (rounds {spread(rates[2])})")
    print(f"speed-up of 2 workers: {ratio:.2f}x (rounds {spread(ratios)}); the bar is {BAR}x -> "
          f"{'meets' if ratio >= BAR else 'DOES NOT meet'} the bar")
    print(f"games per worker CPU second, 2 workers over 1: {median(efficiency):.2f} (rounds {spread(efficiency)}): "
          f"1.00 would mean splitting the work over two workers costs nothing")
    print(f"at {two / 2:,.0f} games/s per worker, 100 cores would play about {per_hour:,.0f} games an hour")
    result("scale: 2 workers over 1, You're Bluffing! on a LocalCluster", ratio, "x", ratios, BAR)
    result("scale: games/s on 2 workers", two, "games/s", rates[2], None)
    result("scale: games per worker CPU second, 2 workers over 1", median(efficiency), "x", efficiency, None)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
