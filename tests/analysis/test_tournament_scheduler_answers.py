"""``--scheduler`` at an address where something other than a dask scheduler listens:
refused in words within a bounded time, writing nothing (docs/scale.md, "Failures")."""

from __future__ import annotations

import socket
import threading
import time

import pytest

from bluffkit.analysis import tournament_run
from bluffkit.cli import main

COMMAND = ["tournament", "auction", "--players", "3", "--agents", "random", "--games", "6",
           "--seed", "1", "--no-progress"]


def listener(reply: bytes | None):
    """A local port that accepts connections and then says nothing (``reply`` None) or
    answers whatever it is sent with ``reply`` (an HTTP proxy's refusal); its address and
    a function that closes it."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    held = []

    def serve():
        try:
            while True:
                conn, _ = server.accept()
                held.append(conn)
                if reply is not None:
                    conn.recv(100)
                    conn.sendall(reply)
        except OSError:
            pass

    threading.Thread(target=serve, daemon=True).start()

    def close():
        server.close()
        for c in held:
            c.close()
    return f"tcp://127.0.0.1:{server.getsockname()[1]}", close


def refused_within(argv, capsys, seconds: float) -> str:
    """The command's one line on stderr after it exited with 2, within ``seconds``."""
    box: dict = {}
    worker = threading.Thread(target=lambda: box.update(rc=main(argv)), daemon=True)
    start = time.monotonic()
    worker.start()
    worker.join(timeout=seconds)
    assert not worker.is_alive(), f"no answer after {seconds} s"
    assert box.get("rc") == 2, box
    err = capsys.readouterr().err
    assert err.startswith("bluffkit: ") and len(err.strip().splitlines()) == 1, err
    assert time.monotonic() - start < seconds
    return err.strip()


@pytest.mark.slow
def test_a_port_that_accepts_and_never_answers_is_refused_within_the_bound(tmp_path, capsys, monkeypatch):
    """A silent listener (or a web server waiting for its request, as dask's dashboard
    port): dask's client waited there with no word for minutes."""
    pytest.importorskip("distributed")
    monkeypatch.setattr(tournament_run, "ANSWER_SECONDS", 0.5)
    address, close = listener(None)
    out = tmp_path / "t"
    try:
        err = refused_within([*COMMAND, "--scheduler", address, "--out", str(out)], capsys, 20)
    finally:
        close()
    assert f"cannot reach the dask scheduler at {address}: something accepts connections at that address " \
           "but did not answer as a dask scheduler within 0.5 s" in err, err
    assert not out.exists()


@pytest.mark.slow
def test_a_port_that_answers_another_protocol_is_refused_in_bluffkits_words(tmp_path, capsys):
    """An HTTP proxy's "426 Upgrade Required": dask read it as a frame of 3 EiB, and the
    refusal quoted its MemoryError cut mid-word."""
    pytest.importorskip("distributed")
    address, close = listener(b"HTTP/1.1 426 Upgrade Required\r\nserver: keryx\r\ncontent-length: 0\r\n\r\n")
    out = tmp_path / "t"
    assert main([*COMMAND, "--chunk", "3", "--workers", "0", "--out", str(out)]) == 0      # a run to resume
    (out / "parts" / "part-000001.parquet").unlink()
    capsys.readouterr()
    was = {p: p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}
    try:
        err = refused_within([*COMMAND, "--chunk", "3", "--scheduler", address, "--out", str(out)], capsys, 20)
    finally:
        close()
    assert {p: p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()} == was, "the folder changed"
    assert err == (f"bluffkit: cannot reach the dask scheduler at {address}: something answers at that address, "
                   "but not as a dask scheduler (another service, such as a web server or a proxy?); give the "
                   "address of the scheduler itself (tcp://HOST:8786 by default)"), err


def test_clip_cuts_between_words():
    text = "Unable to allocate 3.07 EiB for an array with shape (3543824036068086856,) and data type uint8"
    assert tournament_run.clip(text, 80) == "Unable to allocate 3.07 EiB for an array with shape (3543824036068086856,)..."
    assert tournament_run.clip("short", 80) == "short"
    assert len(tournament_run.clip(text, 30)) <= 30 and text.startswith(tournament_run.clip(text, 30)[:-3])


def test_dasks_own_connect_timeout_is_said_as_the_silent_port(monkeypatch):
    """dask's connect may give up first, with an OSError of its own ("Timed out trying to
    connect ..."): the same words as a port that never answers, naming the bound."""
    comm = pytest.importorskip("distributed.comm")

    async def gives_up(address, timeout=None, **kwargs):
        raise OSError(f"Timed out trying to connect to {address} after {timeout} s")

    monkeypatch.setattr(comm, "connect", gives_up)
    with pytest.raises(OSError) as e:
        tournament_run.ask_scheduler("tcp://127.0.0.1:9", seconds=0.5)
    assert str(e.value).startswith("something accepts connections at that address but did not answer as a dask "
                                   "scheduler within 0.5 s"), e.value
    assert "Timed out" not in str(e.value)
