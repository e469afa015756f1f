"""A tournament folder in a bad state, and settings that cannot run: refused in one line
that names the file (or the setting), before anything on disk changes.

- an output of the command (``summary.csv``, ``pairwise.csv``) that is a folder;
- a part that cannot be read (garbage, cut short, a device, a folder);
- a number of local workers no machine has, a scheduler that cannot be reached, a
  local cluster that does not start.

Played in this process (``workers=0``), small auctions; where a cluster would start, a
stand-in refuses to.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pandas as pd
import pytest
from paths import ODD_FILES, odd_file

from bluffkit.analysis import tournament_run
from bluffkit.analysis.tournament_run import MAX_WORKERS, OUTPUTS, TournamentError, load, run, write_outputs
from bluffkit.cli import main
from bluffkit.core.errors import RulesError
from bluffkit.core.game import make_game

GAMES, SEED = 6, 1
COMMAND = ["tournament", "auction", "--players", "3", "--agents", "random", "--games", str(GAMES),
           "--seed", str(SEED), "--no-progress"]


@pytest.fixture(scope="module")
def auction():
    return make_game("auction")


def snapshot(folder: Path) -> dict:
    """Every entry under ``folder``: its kind, and a file's bytes and time of change."""
    seen = {}
    for p in sorted(folder.rglob("*")):
        name = str(p.relative_to(folder))
        if p.is_symlink():
            seen[name] = ("link", os.readlink(p))
        elif p.is_dir():
            seen[name] = ("dir",)
        else:
            seen[name] = ("file", p.read_bytes(), p.stat().st_mtime_ns)
    return seen


def command(out: Path, *extra: str) -> list[str]:
    return [*COMMAND, *extra, "--out", str(out)]


@pytest.fixture
def finished(tmp_path, capsys) -> Path:
    """A finished run of the command: 2 parts of 3 games, summary.csv and pairwise.csv."""
    out = tmp_path / "t"
    assert main(command(out, "--workers", "0", "--chunk", "3")) == 0
    capsys.readouterr()
    return out


def refused(argv: list[str], capsys) -> str:
    """The command's one line on stderr, after it exited with 2."""
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("bluffkit: ") and len(err.strip().splitlines()) == 1, err
    return err.strip()


# -- the command's outputs ------------------------------------------------------------------

def test_a_finished_run_asked_again_prints_its_results_and_rewrites_nothing(finished, capsys, monkeypatch):
    """In a folder one may only read (a shared course folder), a finished run asked again
    failed on "summary.csv: cannot write it" without its results: the outputs hold what
    would be written, so nothing is written."""
    was = snapshot(finished)

    def no_writes(*args, **kwargs):
        raise AssertionError("a write to the finished run's folder")
    monkeypatch.setattr(tournament_run.os, "replace", no_writes)
    assert main(command(finished, "--workers", "0", "--chunk", "3")) == 0
    assert "win share" in capsys.readouterr().out
    assert snapshot(finished) == was


@pytest.mark.parametrize("name", OUTPUTS)
def test_an_output_that_is_a_folder_is_refused_before_anything_is_rewritten(finished, capsys, name):
    (finished / name).unlink()
    (finished / name).mkdir()
    was = snapshot(finished)
    err = refused(command(finished, "--workers", "0", "--chunk", "3"), capsys)
    assert f"{finished / name} is a directory" in err and f".{name}." not in err, err
    assert snapshot(finished) == was, "nothing rewritten, no temporary file left"



def test_a_stale_output_is_rewritten_with_the_results(finished, capsys):
    """A finished run asked again leaves an output alone only when it holds the results
    already: one that holds anything else is written again, as the command writes it."""
    from bluffkit.analysis.tournament import pairwise, summary
    (finished / "summary.csv").write_text("stale\n")
    others = (finished / "pairwise.csv").read_bytes()
    assert main(command(finished, "--workers", "0", "--chunk", "3")) == 0
    capsys.readouterr()
    df = load(finished)
    assert (finished / "summary.csv").read_bytes() == summary(df).to_csv(index=False).encode()
    assert (finished / "pairwise.csv").read_bytes() == others == pairwise(df).to_csv(index=False).encode()
    assert sorted(p.name for p in finished.iterdir()) == ["manifest.json", "pairwise.csv", "parts", "summary.csv"]
    right = (finished / "summary.csv").read_bytes()
    (finished / "summary.csv").write_bytes(b"x" * len(right))          # as long as the results, other bytes
    assert main(command(finished, "--workers", "0", "--chunk", "3")) == 0
    assert (finished / "summary.csv").read_bytes() == right


def test_write_outputs_leaves_no_temporary_file_and_names_the_file(tmp_path):
    good = pd.DataFrame({"a": [1, 2]})
    write_outputs(tmp_path, {"summary.csv": good, "pairwise.csv": good})
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pairwise.csv", "summary.csv"]
    was = snapshot(tmp_path)

    class Broken:
        def to_csv(self, path=None, index=True):
            raise OSError(28, "No space left on device", str(path))

    with pytest.raises(TournamentError, match=r"pairwise\.csv: cannot write it \(No space left on device\)"):
        write_outputs(tmp_path, {"summary.csv": good.assign(a=[3, 4]), "pairwise.csv": Broken()})
    assert snapshot(tmp_path) == was, "summary.csv not rewritten while pairwise.csv failed; no temporary file"
    write_outputs(tmp_path, {"summary.csv": good, "pairwise.csv": good})
    assert snapshot(tmp_path) == was, "the same tables again: the files are left as they are"

    def unreadable(self):
        raise PermissionError(13, "Permission denied", str(self))
    monkey = pytest.MonkeyPatch()
    monkey.setattr(Path, "read_bytes", unreadable)         # a file one may replace but not read
    try:
        write_outputs(tmp_path, {"summary.csv": good, "pairwise.csv": good})
    finally:
        monkey.undo()
    assert (tmp_path / "summary.csv").read_bytes() == was["summary.csv"][1], "written again, not refused"
    was = snapshot(tmp_path)
    (tmp_path / "pairwise.csv").unlink()
    (tmp_path / "pairwise.csv").mkdir()
    with pytest.raises(TournamentError, match=r"pairwise\.csv is a directory"):
        write_outputs(tmp_path, {"summary.csv": good.assign(a=[3, 4]), "pairwise.csv": good})
    assert snapshot(tmp_path) == {**was, "pairwise.csv": ("dir",)}


def test_a_resume_removes_the_temporary_outputs_a_failed_command_left(auction, tmp_path):
    out = tmp_path / "t"
    run(auction, ["random"], GAMES, SEED, out, players=3, workers=0, echo=None)
    (out / ".summary.csv.tmp").write_text("cut short")                 # the name an earlier command used
    (out / ".pairwise.csv.0a1b2c3d.tmp").write_text("cut short")
    assert run(auction, ["random"], GAMES, SEED, out, players=3, workers=0, echo=None).played == 0
    assert sorted(p.name for p in out.iterdir()) == ["manifest.json", "parts"]


@pytest.mark.parametrize("at", [0, 1])
def test_a_full_disk_names_the_part_says_how_to_resume_and_leaves_a_folder_that_resumes(auction, tmp_path, capsys,
                                                                                        monkeypatch, at):
    """A full disk said only "bluffkit: No space left on device"; on the first part it left a
    hidden temporary part that made the next run refuse the folder ("exists and is not an
    empty folder or a tournament folder")."""
    real, writes = tournament_run.os.fsync, []

    def full(fd):
        writes.append(fd)
        if len(writes) == at + 2:                    # the manifest's write, then the parts'
            raise OSError(28, "No space left on device")
        return real(fd)
    monkeypatch.setattr(tournament_run.os, "fsync", full)
    out = tmp_path / "t"
    assert main(command(out, "--workers", "0", "--chunk", "3")) == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]
    part = out / "parts" / f"part-00000{at}.parquet"
    assert err == (f"bluffkit: {part}: cannot write it (No space left on device); " +
                   ("1 part on disk kept: run the same command again to resume" if at else
                    "no part was written")), err
    left = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*"))
    assert not any(name.endswith(".tmp") for name in left), left
    monkeypatch.setattr(tournament_run.os, "fsync", real)
    assert main(command(out, "--workers", "0", "--chunk", "3")) == 0
    assert load(out).equals(load_fresh(tmp_path / "fresh"))


def test_a_resume_that_cannot_write_its_next_part_says_the_earlier_one_is_kept(auction, tmp_path, capsys,
                                                                               monkeypatch):
    """A resumed run whose first part of its own cannot be written said "no part was
    written" had it counted only this run's parts: the part of the run before is on disk,
    and the same command resumes from it."""
    out = tmp_path / "t"

    def stop(k):
        raise KeyboardInterrupt
    with pytest.raises(KeyboardInterrupt):
        run(auction, ["random"], GAMES, SEED, out, players=3, chunk=3, workers=0, echo=None, on_part=stop)

    def full(fd):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(tournament_run.os, "fsync", full)
    assert main(command(out, "--workers", "0", "--chunk", "3")) == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]     # (after the line saying where the games run)
    assert err == (f"bluffkit: {out / 'parts' / 'part-000001.parquet'}: cannot write it (No space left on device); "
                   "1 part on disk kept: run the same command again to resume"), err
    assert sorted(p.name for p in (out / "parts").iterdir()) == ["part-000000.parquet"]


def load_fresh(out: Path) -> pd.DataFrame:
    assert main(command(out, "--workers", "0", "--chunk", "3")) == 0
    return load(out)


def test_a_part_a_killed_run_left_half_written_does_not_block_the_folder(auction, tmp_path, capsys):
    """A run killed (SIGKILL) while it wrote its first part left ``parts/.part-000000.parquet.*.tmp``
    beside the manifest's absence: the folder was refused as another's."""
    out = tmp_path / "t"
    (out / "parts").mkdir(parents=True)
    (out / "parts" / ".part-000000.parquet.0a1b2c3d.tmp").write_bytes(b"cut short")
    assert main(command(out, "--workers", "0", "--chunk", "3")) == 0
    assert sorted(p.name for p in (out / "parts").iterdir()) == ["part-000000.parquet", "part-000001.parquet"]


# -- a part that cannot be read ---------------------------------------------------------------

def garbage(p: Path) -> None:
    p.write_bytes(b"garbage\n")


def cut_short(p: Path) -> None:
    p.write_bytes(p.read_bytes()[:100])


def a_device(p: Path) -> None:
    p.unlink()
    p.symlink_to("/dev/zero")


def a_folder(p: Path) -> None:
    p.unlink()
    p.mkdir()


@pytest.mark.parametrize("damage, said", [(garbage, "not a readable Parquet file"),
                                          (cut_short, "not a readable Parquet file"),
                                          (a_device, "is not a file"),
                                          (a_folder, "is not a file")])
def test_a_part_that_cannot_be_read_is_refused_naming_it(finished, capsys, damage, said):
    part = finished / "parts" / "part-000000.parquet"
    damage(part)
    (finished / "parts" / "part-000001.parquet").unlink()        # unfinished: a resume would play it
    was = snapshot(finished)
    err = refused(command(finished, "--workers", "0", "--chunk", "3"), capsys)
    assert str(part) in err and said in err and "a damaged part: delete it and resume" in err, err
    assert snapshot(finished) == was, "nothing played, nothing rewritten"
    with pytest.raises(TournamentError, match=f"part-000000.parquet.*{said}"):
        load(finished, partial=True)



def test_a_part_whose_agent_column_is_all_nulls_is_refused(finished):
    """A part with the right games and seeds but no bots' names is damaged: its rows would
    be counted as games of no bot."""
    import pyarrow as pa
    import pyarrow.parquet as pq
    part = finished / "parts" / "part-000000.parquet"
    table = pq.read_table(part)
    at = table.schema.get_field_index("agent")
    table = table.set_column(at, table.schema.field(at), pa.nulls(table.num_rows, pa.string()))
    pq.write_table(table, part, write_page_checksum=True)
    assert pq.read_table(part).column("game").to_pylist() == [g for g in range(3) for _ in range(3)]
    for partial in (False, True):
        with pytest.raises(TournamentError) as refused:
            load(finished, partial=partial)
        assert str(refused.value) == (f"{part}: not the columns of a part (game, seed, lineup, seat, agent, won, "
                                      "score, rank, length) (a damaged part: delete it and resume)")


@pytest.mark.parametrize("name", ["part-0.parquet", "part-0000000.parquet", "part-00000.parquet"])
def test_a_part_under_another_name_is_refused_with_the_name_it_should_have(finished, capsys, name):
    """A part renamed part-0.parquet was taken for chunk 0, then refused as
    "part-000000.parquet is not a file (delete it)": a file that was not there."""
    parts = finished / "parts"
    (parts / "part-000000.parquet").rename(parts / name)
    was = snapshot(finished)
    err = refused(command(finished, "--workers", "0", "--chunk", "3"), capsys)
    assert err == (f"bluffkit: {parts / name}: a part of this run is named part-000000.parquet; "
                   "rename it so, or delete it and resume"), err
    assert snapshot(finished) == was
    (parts / name).rename(parts / "part-000000.parquet")
    assert main(command(finished, "--workers", "0", "--chunk", "3")) == 0
    assert len(load(finished)) == GAMES * 3


# -- workers and schedulers -----------------------------------------------------------------------

class NoCluster:
    """Stands in for tournament_run._cluster: a test that reaches it has started a cluster."""

    def __init__(self, *args, **kwargs):
        raise AssertionError("a cluster was started")


def test_more_local_workers_than_a_machine_has_are_refused_before_anything_is_written(auction, tmp_path, capsys,
                                                                                        monkeypatch):
    monkeypatch.setattr(tournament_run, "_cluster", NoCluster)
    monkeypatch.setattr(os, "cpu_count", lambda: 8)
    out = tmp_path / "t"
    for workers in (99999999999999, MAX_WORKERS + 1):
        with pytest.raises(RulesError, match=f"at most {MAX_WORKERS} worker processes"):
            run(auction, ["random"], GAMES, SEED, out, players=3, workers=workers, echo=None)
        assert not out.exists()
    err = refused(command(out, "--workers", "99999999999999"), capsys)
    assert "--workers 99,999,999,999,999: at most 256 worker processes on this machine" in err, err
    assert not out.exists()
    monkeypatch.setattr(os, "cpu_count", lambda: 512)            # a machine with more cores than that
    with pytest.raises(AssertionError, match="a cluster was started"):
        run(auction, ["random"], GAMES, SEED, out, players=3, workers=300, echo=None)


def test_a_scheduler_that_cannot_be_reached_writes_nothing(auction, tmp_path, capsys):
    pytest.importorskip("distributed")
    out = tmp_path / "t"
    err = refused(command(out, "--scheduler", "garbage"), capsys)
    assert "cannot reach the dask scheduler at garbage" in err, err
    assert not out.exists(), "no folder, no manifest"
    run(auction, ["random"], GAMES, SEED, out, players=3, chunk=3, workers=0, echo=None)
    (out / "parts" / "part-000001.parquet").unlink()
    (out / "parts" / ".part-000001.parquet.0a1b2c3d.tmp").write_bytes(b"cut short")
    was = snapshot(out)
    with pytest.raises(TournamentError, match="cannot reach the dask scheduler"):
        run(auction, ["random"], GAMES, SEED, out, players=3, chunk=3, scheduler="garbage", echo=None)
    assert snapshot(out) == was


def closed_port() -> int:
    """A local port nothing listens on (bound, then let go)."""
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_scheduler_address_where_nothing_listens_is_refused_at_once(auction, tmp_path, capsys):
    """dask's client tries a closed port again and again for its whole 30 s timeout; the
    command says what is wrong at once instead (the bound leaves room for a slow machine)."""
    import time
    pytest.importorskip("distributed")
    out = tmp_path / "t"
    address = f"tcp://127.0.0.1:{closed_port()}"
    start = time.monotonic()
    err = refused(command(out, "--scheduler", address), capsys)
    assert time.monotonic() - start < 20
    assert f"cannot reach the dask scheduler at {address}: nothing listens on 127.0.0.1 port" in err, err
    assert "connection refused" in err and not out.exists()
    err = refused(command(out, "--scheduler", "tcp://127.0.0.1:70000"), capsys)
    assert "cannot reach the dask scheduler at tcp://127.0.0.1:70000: 70000 is not a port number (1 to 65535)" in err
    assert not out.exists()


def test_a_scheduler_address_where_another_service_answers_is_refused_in_words(auction, tmp_path, capsys):
    """An SSH port (a service that talks first) passed the probe, and dask's client read its
    banner as the length of a frame: a MemoryError traceback of 2.82 EiB."""
    import socket
    import threading
    pytest.importorskip("distributed")
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(5)
    server.settimeout(30)

    def banner():
        try:
            while True:
                conn, _ = server.accept()
                conn.sendall(b"SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n")
                conn.close()
        except OSError:
            pass

    threading.Thread(target=banner, daemon=True).start()
    out = tmp_path / "t"
    address = f"tcp://127.0.0.1:{server.getsockname()[1]}"
    try:
        err = refused(command(out, "--scheduler", address), capsys)
    finally:
        server.close()
    assert f"cannot reach the dask scheduler at {address}: " in err and "Traceback" not in err, err
    assert not out.exists()


def test_the_scheduler_probe_tries_tcp_addresses_only_and_names_an_unknown_host(monkeypatch):
    import socket
    pytest.importorskip("distributed")
    tried = []

    def connect(where, timeout):
        tried.append(where)
        raise socket.gaierror(-2, "Name or service not known")

    monkeypatch.setattr(socket, "create_connection", connect)
    for address in ("garbage", "foo://host:1234", "tcp://host"):
        assert tournament_run.probe_scheduler(address) is None          # dask's client says what is wrong
    for address in ("inproc://somewhere/1/2", "inproc://x", "ucx://host:1234"):
        with pytest.raises(OSError, match=r"of the (inproc|ucx):// kind cannot be used here; give a tcp://, tls://, ws:// or wss://"):
            tournament_run.probe_scheduler(address)
    assert tried == [], "only tcp://, tls://, ws:// and wss:// addresses are tried"
    for address in ("tcp://nowhere.example:8786", "nowhere.example:8786", "tls://nowhere.example:8786",
                    "ws://nowhere.example:8786", "wss://nowhere.example:8786"):
        with pytest.raises(OSError, match="no machine called 'nowhere.example' is known"):
            tournament_run.probe_scheduler(address)
    assert tried == [("nowhere.example", 8786)] * 5
    monkeypatch.undo()
    with pytest.raises(OSError, match="no machine called 'a..b' is known"):
        tournament_run.probe_scheduler("tcp://a..b:8786")      # an empty label: a UnicodeError of the codec


def test_a_local_cluster_has_no_more_workers_than_chunks_and_writes_nothing_until_it_is_up(auction, tmp_path,
                                                                                            monkeypatch):
    distributed = pytest.importorskip("distributed")
    asked = []

    def no_cluster(n_workers, **kwargs):
        asked.append(n_workers)
        raise OSError("no processes left")

    monkeypatch.setattr(distributed, "LocalCluster", no_cluster)
    out = tmp_path / "t"
    with pytest.raises(OSError, match="no processes left"):
        run(auction, ["random"], GAMES, SEED, out, players=3, chunk=3, workers=MAX_WORKERS, echo=None)
    assert asked == [2], "two chunks to play: two workers"
    assert not out.exists()


def test_a_run_too_big_to_list_is_refused_before_anything_is_written(auction, tmp_path, capsys):
    """1e12 games made 500 million chunks, and the list of them ran out of memory; thirty
    bots at ten seats made 635 million line-ups. Both are refused in words, at once."""
    out = tmp_path / "t"
    err = refused(["tournament", "bloff", "--players", "3", "--agents", "random", "--games", "1e12", "--seed", "1",
                   "--workers", "0", "--no-progress", "--out", str(out)], capsys)
    assert "make 500,000,000 parts; a run has at most 1,000,000" in err and "started" not in err, err
    assert not out.exists()
    many = ",".join(f"x{i}" for i in range(30))
    err = refused(["tournament", "bluffer", "--players", "10", "--agents", many, "--games", "10", "--seed", "1",
                   "--workers", "0", "--no-progress", "--out", str(out)], capsys)
    assert "a round-robin of 30 bots at 10 seats has 635,745,366 line-ups; at most 100,000" in err, err
    assert not out.exists()
    with pytest.raises(RulesError, match="make 1,000,001 parts"):
        run(auction, ["random"], 1_000_001, SEED, out, players=3, chunk=1, echo=None)


@pytest.mark.parametrize("damage", [lambda m: {**m, "chunk": float(m["chunk"])}, lambda m: {**m, "seed": True},
                                    lambda m: {**m, "chunk": 0}, lambda m: {**m, "games": 0},
                                    lambda m: "[" * 100_000, lambda m: "1" * 5000],
                         ids=["chunk-3.0", "seed-true", "chunk-0", "games-0", "nested", "huge-number"])
def test_a_damaged_manifest_is_refused_in_one_line_and_nothing_changes(auction, tmp_path, capsys, damage):
    """A chunk written 3.0 passed the parameter check (3.0 == 3) and crashed later; a deeply
    nested or huge-number manifest gave Python's own errors. A chunk of 0 games would divide
    by zero when the parts are counted (``load``), and the command would call it a run
    "with other parameters": refused as damaged, by the run, ``load`` and the command."""
    import json
    out = tmp_path / "t"
    run(auction, ["random"], GAMES, SEED, out, players=3, chunk=3, workers=0, echo=None)
    manifest = json.loads((out / "manifest.json").read_text())
    changed = damage(manifest)
    (out / "manifest.json").write_text(changed if isinstance(changed, str) else json.dumps(changed))
    (out / "parts" / "part-000001.parquet").unlink()
    was = snapshot(out)
    damaged = (r"manifest\.json: ((chunk|seed|games) must be a whole number, [01] or more, got "
               r"(3\.0|True|0); the manifest is damaged|not a readable manifest)")
    with pytest.raises(TournamentError, match=damaged):
        run(auction, ["random"], GAMES, SEED, out, players=3, chunk=3, workers=0, echo=None)
    with pytest.raises(TournamentError, match=damaged):
        load(out, partial=True)
    err = refused(command(out, "--workers", "0", "--chunk", "3"), capsys)
    assert re.search(damaged, err) and "other parameters" not in err, err
    assert snapshot(out) == was


@pytest.mark.parametrize("kind", ODD_FILES)
def test_a_manifest_that_is_not_a_regular_file_is_refused_at_once(tmp_path, kind):
    """A pipe named manifest.json must not block the run, nor a device fill the memory:
    refused in one line before a byte is read. A reader that opens the pipe waits for a
    writer forever: the alarm fails the test instead of hanging the suite."""
    import signal

    from bluffkit.analysis.tournament_run import TournamentError, read_manifest
    out = tmp_path / "run"
    out.mkdir()
    odd_file(out / "manifest.json", kind)

    def stuck(*_):
        raise AssertionError("reading the manifest blocked")
    old = signal.signal(signal.SIGALRM, stuck)
    signal.alarm(10)
    try:
        with pytest.raises(TournamentError, match="not a regular file"):
            read_manifest(out)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def test_a_resume_without_chunk_takes_the_folders_and_another_chunk_is_refused(auction, tmp_path, capsys):
    """A run begun with --chunk 2 and resumed without it was refused ("chunk: 2 there, 6
    asked"), though docs/scale.md said a resume keeps the chunk size."""
    out = tmp_path / "t"
    stop = iter(range(10))

    def stop_after_one(k):
        if next(stop) == 0:
            raise KeyboardInterrupt
    with pytest.raises(KeyboardInterrupt):
        run(auction, ["random"], GAMES, SEED, out, players=3, workers=0, echo=None, chunk=2, on_part=stop_after_one)
    outcome = run(auction, ["random"], GAMES, SEED, out, players=3, workers=0, echo=None)
    assert (outcome.chunks, outcome.skipped, outcome.played) == (3, 1, 2)
    assert load(out).equals(load_fresh(tmp_path / "fresh"))
    capsys.readouterr()
    err = refused(command(out, "--workers", "0", "--chunk", "3"), capsys)
    assert "chunk: 2 there, 3 asked" in err


@pytest.mark.parametrize("stop_at", [0, 1])
def test_a_stopped_command_says_what_it_kept_and_how_to_resume(tmp_path, capsys, monkeypatch, stop_at):
    """Ctrl-C ended the command with status 130 and not a word: neither what was kept nor
    that the same command resumes."""
    real, calls = tournament_run.play_part, []

    def stopped(*a, **k):
        calls.append(1)
        if len(calls) > stop_at:
            raise KeyboardInterrupt
        return real(*a, **k)
    monkeypatch.setattr(tournament_run, "play_part", stopped)
    out = tmp_path / "t"
    assert main(command(out, "--workers", "0", "--chunk", "3")) == 130
    last = capsys.readouterr().err.strip().splitlines()[-1]
    assert last == (f"bluffkit: stopped; 1 part on disk in {out}: run the same command again to resume" if stop_at
                    else "bluffkit: stopped; no part was written"), last


def test_a_part_with_any_one_bit_flipped_is_refused_or_reads_the_same(auction, tmp_path):
    """Parts carried no page checksums and a column's name was read loosely: of the flips of
    one bit in a part, some 4 % read without a word as other numbers (a score 17400.0 read
    as 17400.0157 in 149 rows), or as a column of nothing. Each flip of one bit, in every
    seventh byte, is now refused naming the part, or reads the part as written."""
    out = tmp_path / "t"
    run(auction, ["random"], GAMES, SEED, out, players=3, workers=0, echo=None, chunk=GAMES)
    manifest = tournament_run.read_manifest(out)
    path = tournament_run.part_path(out, 0)
    data = path.read_bytes()
    good = tournament_run._part(out, manifest, 0)
    silent = []
    for i in range(0, len(data), 7):
        flipped = bytearray(data)
        flipped[i] ^= 1 << (i % 8)
        path.write_bytes(bytes(flipped))
        try:
            table = tournament_run._part(out, manifest, 0)
        except TournamentError as e:
            assert str(path) in str(e)
            continue
        if not table.equals(good):
            silent.append(i)
    assert not silent, f"flips read as other data at bytes {silent[:10]}"


def test_more_local_workers_than_cores_are_started_with_a_word_saying_so(monkeypatch):
    """``--workers 99`` on a 2-core machine started 99 processes without a word: the line
    saying where the games run now says they are more than the cores and take turns."""
    distributed = pytest.importorskip("distributed")

    class Fake:
        dashboard_link = None

        def __init__(self, *args, **kwargs):
            self.kwargs = kwargs

        def register_worker_callbacks(self, setup):
            pass

        def close(self):
            pass

    monkeypatch.setattr(distributed, "LocalCluster", Fake)
    monkeypatch.setattr(distributed, "Client", Fake)
    monkeypatch.setattr(tournament_run.os, "cpu_count", lambda: 2)
    for workers, note in ((99, True), (2, False), (None, False)):
        said = []
        with tournament_run._cluster(workers, None, said.append, chunks=200) as client:
            assert client is not None
        assert len(said) == 1, said
        assert ("more than this machine's 2 cores" in said[0]) is note, said
    said = []
    with tournament_run._cluster(99, None, said.append, chunks=2):      # no more workers than chunks
        pass
    assert "of 2 worker processes;" in said[0] and "more than" not in said[0], said


@pytest.mark.parametrize("name", ["part-000000 (copy).parquet", "part-000099.parquet", "extra.parquet"])
def test_a_file_in_parts_that_is_no_part_of_the_run_is_refused(finished, capsys, name):
    """A copy of a part, a part past the run's last chunk or any other file in parts/ was
    taken silently: load() read the run's rows, but a tool reading parts/ as one Parquet
    dataset (docs/scale.md) counted the stray file's rows as more games. load() refuses it
    too, as the command does."""
    parts = finished / "parts"
    (parts / name).write_bytes((parts / "part-000000.parquet").read_bytes())
    assert len(pd.read_parquet(parts)) > GAMES * 3, "the stray file's rows are read with the run's"
    was = snapshot(finished)
    err = refused(command(finished, "--workers", "0", "--chunk", "3"), capsys)
    assert err == (f"bluffkit: {parts / name}: not a part of this run (its parts are part-000000.parquet to "
                   f"part-000001.parquet), and other tools read {parts} as one dataset of its games; move it "
                   "out of the folder and run again"), err
    assert snapshot(finished) == was
    for partial in (False, True):
        with pytest.raises(TournamentError) as not_loaded:
            load(finished, partial=partial)
        assert f"bluffkit: {not_loaded.value}" == err, "load() refuses it in the command's words"
    (parts / name).unlink()
    for hidden in (".DS_Store", "_SUCCESS"):             # names Parquet readers skip are left alone
        (parts / hidden).write_bytes(b"")
    assert main(command(finished, "--workers", "0", "--chunk", "3")) == 0
    assert len(pd.read_parquet(parts)) == GAMES * 3


def test_two_runs_begun_together_into_one_new_folder_do_not_mix(auction, tmp_path, monkeypatch):
    """Two tournaments started at the same moment into one new folder both found it new;
    the last to write its manifest took it, and parts of both seeds ended in it. Now the
    first manifest written stands and the other run is refused before it writes a part
    (and leaves that manifest alone); the same run twice simply goes on."""
    out = tmp_path / "both"
    real = tournament_run.check_folder

    def other_run_gets_there_first(folder, manifest, seed):
        todo = real(folder, manifest)
        tournament_run.make_folder(folder, tournament_run.plan(auction, ["random"], GAMES, seed, players=3, chunk=3))
        return todo

    monkeypatch.setattr(tournament_run, "check_folder", lambda f, m: other_run_gets_there_first(f, m, SEED + 1))
    with pytest.raises(TournamentError, match="another run with other parameters began in this folder at the same"):
        run(auction, ["random"], GAMES, SEED, out, players=3, chunk=3, workers=0, echo=None)
    assert tournament_run.read_manifest(out)["seed"] == SEED + 1, "the first run's manifest is kept"
    assert not list((out / "parts").iterdir()), "no part of the refused run"
    same = tmp_path / "same"
    monkeypatch.setattr(tournament_run, "check_folder", lambda f, m: other_run_gets_there_first(f, m, SEED))
    assert run(auction, ["random"], GAMES, SEED, same, players=3, chunk=3, workers=0, echo=None).played == 2
    monkeypatch.undo()
    assert len(load(same)) == GAMES * 3


def test_a_stop_while_the_local_cluster_starts_leaves_dask_nothing_to_close_at_exit(monkeypatch):
    """Ctrl-C while the command's LocalCluster started left it, half started, in dask's list
    of clusters to close at exit; closing it there failed (dask asserts its workers had
    started) and printed a 28-line traceback after the command's "stopped" line."""
    distributed = pytest.importorskip("distributed")
    from distributed.deploy.spec import SpecCluster

    class HalfStarted:
        def __init__(self, *args, **kwargs):
            self.keep = self                       # (alive until the test ends)
            SpecCluster._instances.add(self)
            monkeypatch.setattr(HalfStarted, "made", self, raising=False)
            raise KeyboardInterrupt

    monkeypatch.setattr(distributed, "LocalCluster", HalfStarted)
    with pytest.raises(KeyboardInterrupt):
        tournament_run._cluster(2, None, None, 4).__enter__()
    assert HalfStarted.made not in SpecCluster._instances


def _mark(folder: Path, pid: int) -> Path:
    """The mark a run of process ``pid`` on this machine leaves in its folder while it writes."""
    from bluffkit.analysis.simulate import _HOST
    mark = folder / f".tournament-{_HOST}-{pid}-0123abcd.lock"
    mark.touch()
    return mark


def test_a_folder_another_run_writes_now_is_refused_and_a_killed_runs_mark_is_not(finished, capsys, tmp_path):
    """Two runs of the same tournament into one folder at once: the second removed the
    first's half-written part as left by a stop, the first failed, and (having made the
    folder) removed the folder the second was writing in. A run now marks its folder while
    it writes, and another run is refused while that mark's process lives."""
    import subprocess
    import sys
    parts = finished / "parts"
    part = parts / "part-000001.parquet"
    part.unlink()                                        # a run to resume, another run writing it now
    live = _mark(finished, os.getppid())
    (parts / ".part-000001.parquet.1a2b3c4d.tmp").write_bytes(b"half written")
    was = snapshot(finished)
    err = refused(command(finished, "--workers", "0", "--chunk", "3"), capsys)
    assert "is being written by another run now" in err and live.name in err, err
    assert snapshot(finished) == was, "the other run's half-written part and mark are left alone"
    live.unlink()
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    stale = _mark(finished, int(gone.stdout))            # a run killed outright: its process is gone
    assert main(command(finished, "--workers", "0", "--chunk", "3")) == 0
    assert not stale.exists() and not [p for p in finished.iterdir() if p.name.endswith(".lock")]
    assert len(load(finished)) == GAMES * 3
    fresh = tmp_path / "new"                             # a new folder holding only a killed run's mark
    fresh.mkdir()
    _mark(fresh, int(gone.stdout))
    assert main(command(fresh, "--workers", "0", "--chunk", "3")) == 0


def test_a_file_system_without_links_still_gets_its_manifest(auction, tmp_path, monkeypatch):
    """The manifest is made only where none is by linking its temporary file to its name;
    where the file system has no hard links (some network and FAT drives) it is renamed."""
    def no_links(src, dst):
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(tournament_run.os, "link", no_links)
    out = tmp_path / "fat"
    assert run(auction, ["random"], GAMES, SEED, out, players=3, chunk=3, workers=0, echo=None).played == 2
    assert tournament_run.read_manifest(out)["seed"] == SEED and not list(out.glob(".*.tmp"))


def test_a_failed_new_run_takes_back_its_manifest_before_it_lets_the_folder_go(auction, tmp_path, monkeypatch):
    """A new run stopped in its first game removed its mark first and its manifest after:
    another run could take the folder in between and lose the manifest under it."""
    out = tmp_path / "t"
    seen = []
    real = tournament_run._unlock
    monkeypatch.setattr(tournament_run, "_unlock",
                        lambda marks: (seen.append(bool(marks) and (out / "manifest.json").exists()), real(marks)))

    def stopped(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(tournament_run, "play_part", stopped)
    with pytest.raises(KeyboardInterrupt):
        run(auction, ["random"], GAMES, SEED, out, players=3, chunk=3, workers=0, echo=None)
    assert seen and seen[0] is False, "the manifest was still there when the mark went"
    assert not tmp_path.joinpath("t").exists()


def test_a_run_stopped_before_its_manifest_leaves_no_folder(auction, tmp_path, monkeypatch):
    """A full disk (or a stop) while the new manifest was written left the run's own empty
    folder and parts folder behind."""
    def full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(tournament_run.os, "fsync", full)
    with pytest.raises(TournamentError, match="No space left"):
        run(auction, ["random"], GAMES, SEED, tmp_path / "new" / "t", players=3, chunk=3, workers=0, echo=None)
    assert list(tmp_path.iterdir()) == []


def test_a_dead_runs_mark_that_cannot_be_removed_neither_stops_the_run_nor_leaves_its_own(auction, tmp_path):
    """A mark of a killed run that could not be removed (a folder of that name) raised
    IsADirectoryError and left this run's own mark, still counted as a live run of this
    process: every later run there was refused until the kernel restarted."""
    import subprocess
    import sys

    from bluffkit.analysis.simulate import _HOST, _MINE
    gone = int(subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                              text=True).stdout)
    out = tmp_path / "t"
    (out / f".tournament-{_HOST}-{gone}-0123abcd.lock").mkdir(parents=True)
    assert run(auction, ["random"], GAMES, SEED, out, players=3, chunk=3, workers=0, echo=None).played == 2
    mine = [p.name for p in out.iterdir() if p.name.endswith(".lock") and p.is_file()]
    assert mine == [] and not [m for m in _MINE if m.startswith(".tournament-")]


def test_an_unfinished_run_with_an_output_that_is_a_folder_plays_nothing(auction, tmp_path):
    """The outputs are checked with the folder, before any chunk is played: not after the
    games, when the run could only fail at its end."""
    out = tmp_path / "t"
    run(auction, ["random"], GAMES, SEED, out, players=3, chunk=3, workers=0, echo=None)
    (out / "parts" / "part-000001.parquet").unlink()
    (out / "summary.csv").mkdir()
    was = snapshot(out)
    with pytest.raises(TournamentError, match=re.escape(f"{out / 'summary.csv'} is a directory")):
        run(auction, ["random"], GAMES, SEED, out, players=3, chunk=3, workers=0, echo=None)
    assert snapshot(out) == was, "the missing chunk was played"


@pytest.mark.parametrize("port", [0, 65536])
def test_a_scheduler_port_out_of_range_is_named_and_never_tried(monkeypatch, port):
    import socket
    pytest.importorskip("distributed")
    tried = []
    monkeypatch.setattr(socket, "create_connection", lambda where, timeout: tried.append(where))
    with pytest.raises(OSError, match=rf"^{port} is not a port number \(1 to 65535\)$"):
        tournament_run.probe_scheduler(f"tcp://127.0.0.1:{port}")
    assert tried == []


def test_an_out_that_is_a_file_is_refused_in_words_and_kept(auction, tmp_path):
    out = tmp_path / "results"
    out.write_text("mine")
    with pytest.raises(TournamentError, match="exists and is not an empty folder or a tournament folder"):
        run(auction, ["random"], GAMES, SEED, out, players=3, chunk=3, workers=0, echo=None)
    assert out.read_text() == "mine" and [p.name for p in tmp_path.iterdir()] == ["results"]


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_an_output_that_is_no_regular_file_is_refused_before_anything_is_played(auction, tmp_path, kind):
    out = tmp_path / "t"
    run(auction, ["random"], GAMES, SEED, out, players=3, chunk=3, workers=0, echo=None)
    (out / "parts" / "part-000001.parquet").unlink()
    odd_file(out / "pairwise.csv", kind)
    was = snapshot(out / "parts")                   # (a pipe cannot be read without a writer)
    with pytest.raises(TournamentError, match=re.escape(f"{out / 'pairwise.csv'} is not a regular file")):
        run(auction, ["random"], GAMES, SEED, out, players=3, chunk=3, workers=0, echo=None)
    assert snapshot(out / "parts") == was, "the missing chunk was played"


def test_a_run_with_no_part_yet_loads_partially_as_an_empty_frame_of_its_columns(auction, tmp_path):
    from bluffkit.analysis.tournament import COLUMNS
    out = tmp_path / "t"
    run(auction, ["random"], GAMES, SEED, out, players=3, chunk=3, workers=0, echo=None)
    for p in (out / "parts").iterdir():
        p.unlink()
    df = load(out, partial=True)
    assert len(df) == 0 and list(df.columns) == list(COLUMNS)


def test_a_ctrl_c_dropped_on_its_way_still_stops_the_run_after_the_part_it_was_writing(tmp_path, capsys,
                                                                                      monkeypatch):
    """dask's scheduler, in the command's process, runs code from the garbage collector,
    where a KeyboardInterrupt is printed as "Exception ignored" and dropped: a Ctrl-C then
    let the run play on to its last game. Here a Ctrl-C is pressed while the first part is
    written and dropped on its way; the run still stops there, as Ctrl-C stops it, keeping
    that part, and Ctrl-C is Python's own again afterwards."""
    import signal
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        def dropped(k):
            try:
                signal.raise_signal(signal.SIGINT)
            except KeyboardInterrupt:
                pass                                  # as the garbage collector's callback drops it
        argv = [*command(tmp_path / "t", "--workers", "0", "--chunk", "2")]
        monkeypatch.setattr(tournament_run, "play_part", _counted(tournament_run.play_part, dropped))
        assert main(argv) == 130
        assert "stopped; 1 part on disk in" in capsys.readouterr().err
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    finally:
        signal.signal(signal.SIGINT, before)


def _counted(play, after_first):
    """``play_part`` that calls ``after_first(k)`` once its first part is played."""
    calls = []

    def play_part(*args, **kwargs):
        out = play(*args, **kwargs)
        if not calls:
            after_first(len(calls))
        calls.append(1)
        return out
    return play_part
