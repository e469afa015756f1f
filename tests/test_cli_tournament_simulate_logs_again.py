"""``simulate --logs`` run a second time, the same command: refused in words that do not
call it another run, saying how to go on (README, "On the command line")."""

from __future__ import annotations

from bluffkit import cli


def test_the_same_simulate_with_logs_twice_is_refused_as_an_earlier_run_naming_how_to_go_on(capsys, tmp_path):
    logs, out = tmp_path / "logs", tmp_path / "games.csv"
    args = ["simulate", "bloff", "--players", "3", "--games", "2", "--seed", "1", "--agents", "random",
            "--no-progress", "--out", str(out), "--logs", str(logs)]
    assert cli.main(args) == 0
    capsys.readouterr()
    before = {p.name: p.read_bytes() for p in logs.iterdir()}
    table = out.read_bytes()
    assert cli.main(args) == 2
    err = capsys.readouterr().err.strip()
    assert err == (f"bluffkit: logs folder {logs} already holds 2 game logs (game-0.jsonl, ...) of an earlier run "
                   "(this command's or another's): game logs are never written over, so delete them, or give a "
                   "folder without game logs (a new one, say)"), err
    assert "another run:" not in err
    assert {p.name: p.read_bytes() for p in logs.iterdir()} == before and out.read_bytes() == table
