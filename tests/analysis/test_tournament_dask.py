"""Tournaments on a dask cluster: the parts two worker processes write are the bytes one
process writes; a run stopped half way resumes without playing a finished chunk again; a
worker killed in the middle of a run loses no game; the command runs on a scheduler.

One LocalCluster (two single-threaded worker processes, each with a nanny that restarts
it) serves the whole module and is closed at the end; every wait has a timeout.
"""

from __future__ import annotations

import os
import re
import signal
import threading
import time
from pathlib import Path

import pandas as pd
import pytest

from bluffkit.analysis.tournament_run import load, run
from bluffkit.cli import main
from bluffkit.core.game import make_game

# A LocalCluster of two worker processes: seconds to start, so left to make test.
pytestmark = pytest.mark.slow

FIELD = ["honest", "caller", "random"]
GAMES, SEED, CHUNK = 120, 11, 10        # Bløff, 3 players, round-robin: 12 parts of 10 games


def bloff_run(out, **where):
    return run(make_game("bloff"), FIELD, GAMES, SEED, out, players=3, mode="round-robin", chunk=CHUNK,
               echo=None, **where)


def parts(out: Path) -> dict:
    return {p.name: p.read_bytes() for p in sorted((out / "parts").iterdir())}


def _warm() -> None:
    import pyarrow as pa

    import bluffkit.analysis.tournament_run  # noqa: F401
    pa.array([0])                            # pyarrow's first array imports pandas


@pytest.fixture(scope="module")
def client():
    import logging
    # imported here, not at the top: both test workers import every module to collect it, and
    # distributed takes some 0.7 s; only the worker that runs this file needs it
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                                       silence_logs=logging.ERROR)
    c = distributed.Client(cluster, timeout="60s")
    try:
        c.wait_for_workers(2, timeout=60)
        c.run(_warm)                         # the workers' imports belong to starting them, not to a test
        yield c
    finally:
        c.close(timeout=30)
        cluster.close(timeout=30)


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """The run played in this test process, without dask."""
    out = tmp_path_factory.mktemp("reference") / "t"
    bloff_run(out, workers=0)
    return out


def test_two_workers_write_the_bytes_one_process_writes(client, reference, tmp_path):
    done = bloff_run(tmp_path / "t", client=client)
    assert (done.chunks, done.played) == (12, 12)
    assert parts(tmp_path / "t") == parts(reference), "each part the same file, byte for byte"
    pd.testing.assert_frame_equal(load(tmp_path / "t"), load(reference))


class Stop(Exception):
    pass


def test_a_stopped_run_resumes_without_playing_a_finished_chunk_again(client, reference, tmp_path):
    out = tmp_path / "t"
    written = []

    def stop_after_four(k):
        written.append(k)
        if len(written) == 4:
            raise Stop
    with pytest.raises(Stop):
        bloff_run(out, client=client, on_part=stop_after_four)
    assert sorted(int(n[5:11]) for n in parts(out)) == sorted(written)
    first = parts(out)
    played = []
    again = bloff_run(out, client=client, on_part=played.append)
    assert (again.skipped, again.played) == (4, 8)
    assert not set(played) & set(written), "a finished chunk played again"
    assert {n: b for n, b in parts(out).items() if n in first} == first, "the finished parts untouched"
    assert parts(out) == parts(reference)


def test_the_command_runs_on_a_scheduler_and_resumes(client, reference, tmp_path, capsys):
    address = client.scheduler.address
    argv = ["tournament", "bloff", "--players", "3", "--agents", ",".join(FIELD), "--lineups", "round-robin",
            "--games", str(GAMES), "--seed", str(SEED), "--chunk", str(CHUNK), "--scheduler", address,
            "--out", str(tmp_path / "t"), "--no-progress"]
    box: dict = {}
    worker = threading.Thread(target=lambda: box.update(rc=main(argv)), daemon=True)
    worker.start()
    worker.join(timeout=120)
    assert box.get("rc") == 0, capsys.readouterr()
    out, err = capsys.readouterr()
    assert re.search(rf"playing [0-9,]+ games on the dask scheduler at {re.escape(address)}", err) and "dashboard" in err
    assert "120 games of bloff (3 players, 7 line-ups, round-robin)" in out and "12 played now" in out
    assert "honest vs random" in out
    assert parts(tmp_path / "t") == parts(reference)
    summary = pd.read_csv(tmp_path / "t" / "summary.csv")
    assert set(summary["agent"]) == set(FIELD) and set(summary["measure"]) == {"win share", "score", "rank"}
    assert main(argv) == 0 and "0 played now, 12 there already" in capsys.readouterr().out
    other = list(argv)
    other[other.index("--seed") + 1] = "12"             # the same folder, another seed
    assert main(other) == 2
    assert "seed: 11 there, 12 asked" in capsys.readouterr().err


def test_a_worker_killed_in_the_middle_of_a_run_loses_no_game(client, reference, tmp_path):
    """Last in the module: its nanny restarts the killed worker, which takes a while on a loaded machine."""
    client.wait_for_workers(2, timeout=60)
    pids = client.run(os.getpid)
    killed = {}

    def kill_a_busy_worker(k):
        # At a part's writing the next chunk has just been sent; on a quick machine the chunks
        # before it may all be done and it not yet with a worker, so the check waits a little
        # for one to be busy, and else tries again at the next part (the last check below fails
        # if no part ever found one).
        if killed:
            return
        busy: dict = {}
        deadline = time.monotonic() + 0.5
        while not busy and time.monotonic() < deadline:
            busy = {w: len(tasks) for w, tasks in client.processing().items() if tasks}
            if not busy:
                time.sleep(0.002)
        if not busy:
            return
        victim = max(busy, key=busy.get)
        os.kill(pids[victim], signal.SIGKILL)
        killed.update(worker=victim, chunks=busy[victim], after=k)

    done = bloff_run(tmp_path / "t", client=client, on_part=kill_a_busy_worker)
    assert killed and killed["chunks"] >= 1, f"no part found a worker playing a chunk to kill: {killed}"
    assert done.played == 12
    assert parts(tmp_path / "t") == parts(reference)
    pd.testing.assert_frame_equal(load(tmp_path / "t"), load(reference))
    assert pids[killed["worker"]] not in client.run(os.getpid).values(), "the killed worker still plays"


def _pulse(seconds: float) -> float:
    from bluffkit.analysis import tournament_run
    before, tournament_run.PULSE_SECONDS = tournament_run.PULSE_SECONDS, seconds
    return before


def test_the_workers_tell_the_games_played_within_a_part(client, tmp_path):
    """Progress came only when a part was written (some 30 s each in the README's example);
    the workers now tell the games they have played meanwhile, and the parts are the same."""
    game = make_game("youre-bluffing")
    field = ["random", "heuristic"]
    run(game, field, 60, SEED, tmp_path / "here", players=3, chunk=30, workers=0, echo=None)
    client.run(_pulse, 0.0)
    calls = []
    try:
        run(game, field, 60, SEED, tmp_path / "t", players=3, chunk=30, client=client, echo=None,
            progress=lambda done, total: calls.append(done))
    finally:
        client.run(_pulse, 1.0)
    assert set(calls) - {30, 60}, f"no progress within a part: {calls}"
    assert calls == sorted(calls) and calls[-1] == 60
    assert parts(tmp_path / "t") == parts(tmp_path / "here"), "each part the same file, byte for byte"
