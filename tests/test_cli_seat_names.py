"""The names bluffkit makes up for seats: ``bluffkit play`` named them "Seat 0", "Seat 1",
... and ``bluffkit simulate --logs`` "seat 0", "seat 1", ..., so that ``bluffkit replay``
named the same seat two ways. New logs of both name them as the engine's words and the docs
number the seats: "seat 0" (``bluffkit.cli.SEAT_NAME``). A log written before keeps the names
it holds, and replays with them: they are part of what was played."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from bluffkit import cli

ROOT = Path(__file__).resolve().parents[1]


def _names(path: Path) -> list[str]:
    return [s["name"] for s in json.loads(path.read_text(encoding="utf-8").splitlines()[0])["seats"]]


def _replayed_movers(path: Path, capsys) -> set[str]:
    assert cli.main(["replay", str(path), "--moves"]) == 0
    return set(re.findall(r"^ +\d+\. +([^:\n]+):", capsys.readouterr().out, re.M)) - {"chance"}


def test_play_names_the_seats_as_the_engine_numbers_them(monkeypatch, capsys, tmp_path):
    played = tmp_path / "played.jsonl"
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert cli.main(["play", "bloff", "--players", "3", "--seed", "1", "--save", str(played)]) == 0
    assert _names(played) == ["seat 0", "seat 1", "seat 2"]
    assert "\nseat 0> " in capsys.readouterr().out, "the prompt names the seat so too"


@pytest.mark.slow
def test_play_and_simulate_name_the_seats_alike(monkeypatch, capsys, tmp_path):
    played = tmp_path / "played.jsonl"
    monkeypatch.setattr("sys.stdin", io.StringIO("auction\nquit\n"))
    assert cli.main(["play", "youre-bluffing", "--players", "3", "--seed", "1", "--save", str(played)]) == 0
    assert cli.main(["simulate", "youre-bluffing", "--players", "3", "--games", "1", "--seed", "1",
                     "--out", str(tmp_path / "t.csv"), "--logs", str(tmp_path / "logs")]) == 0
    simulated = next((tmp_path / "logs").iterdir())
    capsys.readouterr()
    assert _names(played) == _names(simulated) == ["seat 0", "seat 1", "seat 2"]
    for log in (played, simulated):
        movers = _replayed_movers(log, capsys)
        assert "seat 0" in movers and movers <= {"seat 0", "seat 1", "seat 2"}, (log.name, movers)
    assert cli.SEAT_NAME.format(0) == "seat 0"


def test_a_log_written_before_replays_with_the_names_it_holds(monkeypatch, capsys, tmp_path):
    """A log from an earlier ``play`` ("Seat 0", as it named the seats then) and the stored
    logs ("P0", "seat 0") replay with their own names, and are not written to."""
    old = tmp_path / "old.jsonl"
    monkeypatch.setattr("sys.stdin", io.StringIO("auction\nquit\n"))
    assert cli.main(["play", "youre-bluffing", "--players", "3", "--seed", "1", "--names", "Seat 0,Seat 1,Seat 2",
                     "--save", str(old)]) == 0
    capsys.readouterr()
    stored = [ROOT / "tests" / "logs" / "auction-second-hand-show-bid.jsonl", ROOT / "tests" / "logs" / "bloff.jsonl"]
    for path, names in [(old, ["Seat 0", "Seat 1", "Seat 2"]), (stored[0], ["seat 0", "seat 1", "seat 2", "seat 3"]),
                        (stored[1], ["P0", "P1", "P2", "P3"])]:
        before = path.read_bytes()
        assert _names(path) == names
        assert _replayed_movers(path, capsys) <= set(names), path.name
        assert cli.main(["replay", str(path)]) == 0
        assert f"seats: {names[0]} (" in capsys.readouterr().out, path.name
        assert path.read_bytes() == before, f"{path.name}: a replay never writes the log"


def test_a_seat_named_by_play_starts_a_sentence_with_a_capital(monkeypatch, capsys):
    """``play`` printed "seat 1 passes." at a sentence's start; a name starting a sentence
    is written with a capital ("Seat 1 passes."), within one it stays "seat 0", as the
    engine's refusals and the view write it."""
    monkeypatch.setattr("sys.stdin", io.StringIO("auction\nquit\n"))
    assert cli.main(["play", "youre-bluffing", "--players", "3", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "\n  Seat 1 passes.\n" in out and "  Seat 0 turns up a dog." in out
    assert "Seat 2 passes. No bid: seat 0 offers the lot again" in out
    said = [line for line in out.splitlines() if re.match(r"  \S", line)]      # the table's words
    assert len(said) >= 8 and not any(re.search(r"(^  |[.!?] )seat \d", line) for line in said), said
    assert "-- seat 0's view --" in out, "the view's own words are unchanged"


def test_a_name_given_is_printed_as_typed(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("auction\nquit\n"))
    assert cli.main(["play", "youre-bluffing", "--players", "3", "--seed", "3", "--names", "ana,bo,cy"]) == 0
    assert "\n  bo passes.\n" in capsys.readouterr().out


@pytest.mark.parametrize("line, shown", [
    ("seat 1 passes.", "Seat 1 passes."),
    ("seat 2 passes. No bid: seat 0 offers the lot again.", "Seat 2 passes. No bid: seat 0 offers the lot again."),
    ("Called! seat 1 takes the pile.", "Called! Seat 1 takes the pile."),
    ("seat 1 bids 10.\nseat 2 passes.", "Seat 1 bids 10.\nSeat 2 passes."),
    ("seating plan: seat x", "seating plan: seat x"),
    ("The bids: seat 1 6 notes, seat 2 9 notes.", "The bids: seat 1 6 notes, seat 2 9 notes."),
])
def test_sentence_case(line, shown):
    assert cli.sentence_case(line) == shown
