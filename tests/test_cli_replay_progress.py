"""``bluffkit replay`` of one log shows how far it has got: a long log (thousands of steps,
tens of seconds of checking) was silent until the end. ``--moves`` prints the steps once
the whole log is checked (the replay's own answer to whether the game is over, not the end
record's claim, decides whether the moves' notation, which holds the hidden cards, is printed)."""

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


def test_replay_moves_prints_the_steps_before_the_one_it_refuses_as_the_table_heard_them(capsys, tmp_path):
    """A log refused at its last step printed none of the steps before it, only the refusal
    naming its line: where the game went wrong could not be seen. The steps checked are
    printed as those of a game not finished are (the replay never found it over): as the
    table heard them, without their notation, which holds what is hidden; then the refusal."""
    path, bad = _damaged_last_step(tmp_path)
    code, out, err = run(["replay", "--moves", path], capsys)
    assert code == 2 and f"line {bad + 1}: the state after step {bad} does not match" in err
    log, _ = gamelog.read(LOG)
    lines = out.splitlines()
    assert [line[:5] for line in lines[:-1]] == [f"{i:4d}." for i in range(1, bad)], out
    assert lines[-1] == (f"(the log is refused after these {bad - 1} steps, shown as the table heard them, without "
                         "the cards and notes they hide)"), out
    notations = {log.game.notation(a) for _, a in log.moves}
    assert not any(f": {n} " in line for line in lines for n in notations), out


def test_replay_moves_keeps_the_hidden_cards_of_a_game_cut_short_and_marked_over(capsys, tmp_path):
    """A Bløff log cut after 30 steps with an end record saying the game is over printed
    every seat's deal and each face-down play, step by step as they were read, before the
    replay found the game not over and refused it. The notation is printed once the replay
    agrees with the end record: here never."""
    from bluffkit.core.game import make_game
    from bluffkit.session import Session
    s = Session(make_game("bloff"), ["random"] * 3, names=["A", "B", "C"], seed=5).run()
    full = s.save(tmp_path / "full.jsonl").read_text(encoding="utf-8").splitlines()
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(full[:31] + [json.dumps({"end": {"steps": 30, "over": True}})]) + "\n", encoding="utf-8")
    deal = json.loads(full[1])["chance"]
    assert deal.startswith("deal ") and "play " in "".join(full[2:31]), "the steps cut hold the deal and plays"
    code, out, err = run(["replay", "--moves", cut], capsys)
    assert code == 2 and "the replay" in err, err
    assert "deal " not in out and deal.split()[1][:8] not in out and "play " not in out, out[:300]


def test_replay_moves_shows_its_progress_too(capsys, monkeypatch):
    """--moves printed no progress at all, though its help promised lines every 10 s."""
    monkeypatch.setattr(cli, "PROGRESS_EVERY", 0.0)
    code, out, err = run(["replay", "--moves", LOG], capsys)
    assert code == 0 and "a valid log of" in out and "steps/s" in err, err


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


def test_replay_moves_says_one_step_before_a_refusal_in_the_singular(capsys, tmp_path):
    """A log refused at its second step printed "(the log is refused after these 1 step,
    ...)": one step checked is "this step"."""
    lines = LOG.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if json.loads(line).get("step") == 2)
    second = json.loads(lines[at])
    second["digest"] = "0" * len(second["digest"])
    lines[at] = json.dumps(second)
    path = tmp_path / "edited.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = run(["replay", "--moves", path], capsys)
    assert code == 2 and f"line {at + 1}: the state after step 2 does not match" in err, err
    said = out.splitlines()
    assert len(said) == 2 and said[0].startswith("   1."), out
    assert said[1] == ("(the log is refused after this step, shown as the table heard it, without the cards and "
                       "notes it hides)"), out
