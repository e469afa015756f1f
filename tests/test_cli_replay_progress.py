"""``bluffkit replay`` of one log shows how far it has got: a long log (thousands of steps,
tens of seconds of checking) was silent until the end, and ``--moves`` printed its first
step only once the whole log had been checked."""

from __future__ import annotations

import json
from pathlib import Path

from bluffkit import cli
from bluffkit.core import log as gamelog

LOG = Path(__file__).resolve().parent / "logs" / "auction-second-hand-show-bid.jsonl"     # (format 2: its digests are compared)


def run(argv, capsys):
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def _damaged_last_step(tmp_path: Path) -> tuple[Path, int]:
    """The log with its last step's digest changed: refused at that step's line."""
    lines = LOG.read_text(encoding="utf-8").splitlines()
    last = json.loads(lines[-2])
    last["digest"] = "0" * len(last["digest"])
    lines[-2] = json.dumps(last)
    path = tmp_path / "edited.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path, last["step"]


def test_replay_moves_prints_each_step_once_it_is_checked(capsys, tmp_path):
    """The steps checked before a refused one are printed; the refusal names its line."""
    path, bad = _damaged_last_step(tmp_path)
    code, out, err = run(["replay", "--moves", path], capsys)
    assert code == 2 and f"line {bad + 1}: the state after step {bad} does not match" in err
    steps = [line for line in out.splitlines() if line[:5].strip().rstrip(".").isdigit()]
    assert len(steps) == bad - 1 and steps[0].startswith("   1.") and steps[-1].startswith(f"{bad - 1:4d}.")


def test_replay_moves_prints_what_it_printed_before(capsys):
    code, out, err = run(["replay", "--moves", LOG], capsys)
    log, states = gamelog.read(LOG)
    assert code == 0 and err == ""
    assert [line[:5] for line in out.splitlines()[:len(log.moves)]] == [f"{i:4d}." for i in range(1, len(log.moves) + 1)]
    assert f"{len(log.moves):4d}. " in out and "a valid log of" in out


def test_replay_of_one_log_shows_progress_lines_without_a_terminal(capsys, monkeypatch):
    monkeypatch.setattr(cli, "PROGRESS_EVERY", 0.0)
    code, out, err = run(["replay", LOG], capsys)
    log, _ = gamelog.read(LOG)
    lines = err.strip().splitlines()
    assert code == 0 and "a valid log of" in out
    assert lines[0] == f"{LOG}: replay: started", lines
    assert f"{len(log.moves):,} done (100.0 %)" in lines[-1] and "steps/s" in err


def test_replay_of_one_log_with_progress_shows_a_bar_of_its_steps(capsys):
    log, _ = gamelog.read(LOG)
    code, out, err = run(["replay", LOG, "--progress"], capsys)
    assert code == 0 and "a valid log of" in out
    assert f"{len(log.moves)}/{len(log.moves)}" in err and "step" in err


def test_no_progress_keeps_one_log_quiet(capsys, monkeypatch):
    monkeypatch.setattr(cli, "PROGRESS_EVERY", 0.0)
    code, out, err = run(["replay", LOG, "--no-progress"], capsys)
    assert code == 0 and err == ""
