"""A tournament's progress between its parts: told as the games are played, not only when
a part is written (a part of the README's example took some 30 s, with no word meanwhile,
where docs/scale.md promises a line every ten seconds), and changing no game or byte."""

from __future__ import annotations

import json

from bluffkit import cli
from bluffkit.analysis import tournament_run
from bluffkit.analysis.tournament_run import play_part, run
from bluffkit.core.game import make_game


def parts(out) -> dict:
    return {p.name: p.read_bytes() for p in sorted((out / "parts").iterdir())}


def test_a_part_tells_the_games_played_so_far_and_is_the_same_bytes(monkeypatch):
    monkeypatch.setattr(tournament_run, "PULSE_SECONDS", 0.0)
    game = make_game("bloff")
    header = json.dumps(game.header(), sort_keys=True)
    told = []
    with_ticks = play_part(header, [["random"] * 3], 1, 4, 9, tick=lambda start, n: told.append((start, n)))
    assert told == [(4, 1), (4, 2), (4, 3), (4, 4), (4, 5)]
    assert with_ticks == play_part(header, [["random"] * 3], 1, 4, 9), "the same part, byte for byte"


def test_a_part_tells_nothing_more_often_than_the_pulse(monkeypatch):
    monkeypatch.setattr(tournament_run, "PULSE_SECONDS", 3600.0)
    game = make_game("bloff")
    told = []
    play_part(json.dumps(game.header(), sort_keys=True), [["random"] * 3], 1, 0, 5,
              tick=lambda start, n: told.append(n))
    assert told == []


def test_progress_is_called_within_a_part_and_the_parts_are_unchanged(tmp_path, monkeypatch):
    game = make_game("bloff")
    plain = tmp_path / "plain"
    run(game, ["random"], 6, 1, plain, players=3, chunk=3, workers=0, echo=None)
    monkeypatch.setattr(tournament_run, "PULSE_SECONDS", 0.0)
    calls = []
    run(game, ["random"], 6, 1, tmp_path / "t", players=3, chunk=3, workers=0, echo=None,
        progress=lambda done, total: calls.append((done, total)))
    done = [d for d, _ in calls]
    assert {1, 2, 4, 5} <= set(done), f"no progress within a part: {calls}"
    assert done == sorted(done) and calls[-1] == (6, 6) and {t for _, t in calls} == {6}
    assert parts(tmp_path / "t") == parts(plain)


def test_the_commands_progress_lines_come_within_a_part(tmp_path, capsys, monkeypatch):
    """One part of 6 games: a line (after "started") before the part is written."""
    monkeypatch.setattr(tournament_run, "PULSE_SECONDS", 0.0)
    monkeypatch.setattr(cli, "PROGRESS_EVERY", 0.0)
    argv = ["tournament", "bloff", "--players", "3", "--agents", "random", "--games", "6", "--seed", "1",
            "--chunk", "6", "--workers", "0", "--out", str(tmp_path / "t")]
    assert cli.main(argv) == 0
    lines = capsys.readouterr().err.strip().splitlines()
    assert lines[:2] == ["playing 6 games in this process", "bloff: 6 games: started"], lines
    assert lines[2].startswith("bloff: 6 games: 1 done (16.7 %)"), lines
    assert lines[-1].startswith("bloff: 6 games: 6 done (100.0 %)"), lines


def test_a_chunk_heard_of_after_its_part_is_written_does_not_count_twice():
    calls = []
    bar = tournament_run._Progress(lambda done, total: calls.append(done), 20, 0)
    bar.within(0, 4)
    bar.update(10, 0)
    bar.within(0, 7)                                  # a late report of the chunk just written
    bar.within(10, 3)
    bar.within(10, 2)                                 # (its worker lost, played again elsewhere)
    bar.update(10, 10)
    assert calls == [4, 10, 13, 20]


def test_nothing_is_told_within_a_part_where_no_progress_is_shown(tmp_path, monkeypatch):
    """With no progress asked for (``--no-progress``), a part is played with no tick: its
    worker sends no events to the scheduler every second for nobody."""
    ticks = []
    real = tournament_run.play_part

    def watched(*args, tick=None, **kwargs):
        ticks.append(tick)
        return real(*args, tick=tick, **kwargs)
    monkeypatch.setattr(tournament_run, "play_part", watched)
    run(make_game("bloff"), ["random"], 4, 1, tmp_path / "t", players=3, chunk=2, workers=0, echo=None)
    assert ticks == [None, None]


def test_a_part_written_with_no_chunk_named_counts_whole():
    calls = []
    bar = tournament_run._Progress(lambda done, total: calls.append(done), 10, 0)
    bar.update(4)
    bar.update(6)
    assert calls == [4, 10]
