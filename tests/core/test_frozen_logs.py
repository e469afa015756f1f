"""Frozen logs: one game per configuration. The games bluffkit 0.1.0 had are frozen as
it wrote them, in log format 1, before the game interface changed; a configuration added
later is frozen in the format of the version that added it (format 2, with its
digests: the Bidder Up! board game, bluffkit 0.2.0). Every one must still read and
replay, through the log reader, the session and ``bluffkit replay``; their moves are
checked against the rules, format-1 digests (a checksum of ``repr``) are not compared,
format-2 digests are, and none is called edited. Never rewrite these files (see
docs/logs.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from paths import TESTS

from bluffkit import cli
from bluffkit.core import log as gamelog
from bluffkit.core.errors import LogError
from bluffkit.session import Session
from bluffkit.testing import CONFIGS, config_game

try:
    from tests.log_mutations import MUTATION, mutated, read_or_refuse
except ImportError:  # tests/ is not a package: pytest puts tests/ itself on sys.path
    from log_mutations import MUTATION, mutated, read_or_refuse

FOLDER = TESTS / "logs"
FILES = sorted(FOLDER.glob("*.jsonl"))
NOTE = "log format 1, written by bluffkit 0.1.0: moves replayed and checked; format-1 digests not compared"
#: The games of bluffkit 0.1.0, frozen in format 1.
FORMAT_1_GAMES = {"youre-bluffing", "horse-trading", "bloff", "bluffer", "auction"}
#: Configurations of those games added later (a rule option 0.1.0 did not have): frozen in
#: the format of the version that added them.
LATER_CONFIGS = {"auction-second-hand-show-bid"}
#: Options whose default changed after a frozen log was written: the log keeps the value it
#: was played with and replays under it (docs/logs.md), so it is still its configuration's
#: game. Bidder Up!'s animal_values: You're Bluffing!'s family values since 0.2.0 (RULES.md).
CHANGED_DEFAULTS = {("bidder-up", "animal_values")}


def test_one_frozen_log_per_configuration():
    names = [c[0] for c in CONFIGS]
    have = sorted(p.stem for p in FILES)
    missing = sorted(set(names) - set(have))
    stale = sorted(set(have) - set(names))
    assert not missing, f"configurations without a frozen log in tests/logs: {missing}"
    assert not stale, f"frozen logs without a configuration: {stale}"
    assert sorted(p.name for p in FOLDER.iterdir()) == sorted(p.name for p in FILES), \
        "tests/logs holds only the frozen .jsonl logs"


@pytest.fixture(scope="module", params=FILES, ids=[p.stem for p in FILES])
def frozen(request):
    path = request.param
    data = path.read_bytes()
    log, states = gamelog.read(path)
    assert path.read_bytes() == data, "reading changed a frozen log"
    return path, log, states


def test_frozen_log_reads_and_replays(frozen):
    path, log, states = frozen
    head = json.loads(path.read_bytes().split(b"\n", 1)[0])
    if head["version"] == 1:
        assert "bluffkit" not in head, "a frozen log must stay as 0.1.0 wrote it"
        assert (log.version, log.written_by, log.note) == (1, "0.1.0", NOTE)
    else:
        assert head["version"] == 2 and head["bluffkit"] == log.written_by
        assert tuple(map(int, log.written_by.split("."))) >= (0, 2, 0), "format 2 came with bluffkit 0.2.0"
        assert log.game.name not in FORMAT_1_GAMES or path.stem in LATER_CONFIGS, \
            "a configuration 0.1.0 had is frozen in format 1"
        assert log.note is None or "edited" not in log.note, "a format-2 log's digests hold"
    game = config_game(path.stem)
    recorded = head["options"]          # the options 0.1.0 knew; a later option keeps its old default in the log
    now = game.rules.to_dict()
    now = json.loads(json.dumps(now))   # as JSON holds it: nested tuples are lists there
    assert log.game.name == game.name and all(now[k] == v or k == "name" or (game.name, k) in CHANGED_DEFAULTS
                                              for k, v in recorded.items() if k in now), \
        f"{path.name} is not a game of configuration {path.stem}"
    assert log.game.rules.to_dict() == type(log.game.rules).from_dict(recorded).to_dict(), \
        f"{path.name}: the rules read are not the rules the log records"
    assert len(states) == len(log.moves) + 1 and log.moves, f"{path.name}: no moves replayed"
    assert log.end is not None and log.end["over"], f"{path.name}: the game should be finished"
    final = states[-1]
    assert log.game.is_over(final)
    assert list(log.game.scores(final)) == log.end["scores"]
    assert list(log.game.winners(final)) == log.end["winners"]


def test_frozen_log_replays_through_the_immutable_api(frozen):
    """Each move again through ``game.step`` from the start: the same states as the reader's."""
    path, log, states = frozen
    state = gamelog.start_state(log.game, len(log.seats), log.start)
    assert state == states[0]
    for i, (seat, action) in enumerate(log.moves):
        state = log.game.step(state, seat, log.game.notation(action))
        assert state == states[i + 1], f"{path.name} step {i + 1}: the immutable replay differs"


def test_frozen_log_loads_into_a_session(frozen):
    path, log, states = frozen
    session = Session.load(path)
    assert session.over
    assert session.moves == log.moves
    assert session.states == states
    assert session.names == log.names
    assert len(session.says) == len(log.moves) and all(isinstance(s, str) and s for s in session.says)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_bluffkit_replay_reads_every_frozen_log(path, capsys):
    code = cli.main(["replay", str(path)])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert err == ""
    assert f"{path}: a valid log of " in out
    if json.loads(path.read_bytes().split(b"\n", 1)[0])["version"] == 1:
        assert NOTE in out.splitlines(), "bluffkit replay must say the format-1 digests were not compared"
    else:
        assert NOTE not in out
    assert "edited" not in out


def test_bluffkit_replay_moves_of_a_frozen_log(capsys):
    path = FOLDER / "horse-trading-short.jsonl"
    assert cli.main(["replay", str(path), "--moves"]) == 0
    out = capsys.readouterr().out
    log, _ = gamelog.read(path)
    assert sum(1 for line in out.splitlines() if line.strip()[:1].isdigit()) == len(log.moves)


# -- an old log is checked by its moves, never called edited ------------------------------------

def lines_of(name: str) -> list[bytes]:
    return (FOLDER / name).read_bytes().rstrip(b"\n").split(b"\n")


def write(tmp_path, lines: list[bytes]) -> Path:
    path = tmp_path / "old.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    return path


def test_an_illegal_move_in_an_old_log_is_refused_naming_its_format(tmp_path):
    lines = lines_of("horse-trading.jsonl")
    i = next(k for k, line in enumerate(lines) if b'"action":"bid ' in line)
    rec = json.loads(lines[i])
    rec["action"] = "sell"
    lines[i] = json.dumps(rec).encode()
    with pytest.raises(LogError) as info:
        gamelog.read(write(tmp_path, lines))
    err = info.value
    assert err.line == i + 1
    assert "is not allowed (a format-1 log, written by bluffkit 0.1.0)" in err.reason
    assert "edited" not in str(err)


def test_old_digests_are_not_compared(tmp_path):
    lines = lines_of("bloff.jsonl")
    for k in range(1, len(lines) - 1):
        rec = json.loads(lines[k])
        rec["digest"] = "00000000"
        lines[k] = json.dumps(rec).encode()
    log, states = gamelog.read(write(tmp_path, lines))
    assert log.note == NOTE


def test_an_old_log_missing_its_end_is_truncated_not_edited(tmp_path):
    lines = lines_of("youre-bluffing-short.jsonl")[:-1]
    with pytest.raises(LogError) as info:
        gamelog.read(write(tmp_path, lines))
    assert "truncated" in info.value.reason and "edited" not in str(info.value)


def test_an_old_log_whose_end_disagrees_is_refused(tmp_path):
    lines = lines_of("auction-dutch.jsonl")
    end = json.loads(lines[-1])
    end["end"]["scores"][0] += 1
    lines[-1] = json.dumps(end).encode()
    with pytest.raises(LogError) as info:
        gamelog.read(write(tmp_path, lines))
    assert info.value.line == len(lines) and "scores" in info.value.reason


# -- damaged old logs: one line naming the line, never a traceback, quickly ----------------------

FUZZED = ["auction-dutch.jsonl", "auction-cat-in-the-bag-double.jsonl", "bluffer-quick-refused-team-scoring.jsonl",
          "horse-trading-all-variants.jsonl", "youre-bluffing-short.jsonl", "bloff.jsonl"]


@pytest.mark.parametrize("name", FUZZED)
def test_damaged_frozen_logs_are_refused_in_one_line(name, tmp_path_factory):
    data = (FOLDER / name).read_bytes()

    @MUTATION
    @given(case=mutated(data))
    def check(case):
        how, damaged = case
        read_or_refuse(tmp_path_factory.mktemp("m"), damaged, how, old_format=True)

    check()


@pytest.mark.parametrize("name", FUZZED)
def test_damage_that_leaves_no_game_is_refused(name, tmp_path):
    """The test above asks only that a damaged log be read or refused in one line (a flipped
    byte inside a name may leave a readable log). These damages leave no game that the log
    could mean, so each is refused, in one line naming the line."""
    lines = (FOLDER / name).read_bytes().split(b"\n")            # (the last is empty)
    end = json.loads(lines[-2])
    assert "end" in end and len(lines) > 5
    end["end"]["scores"][0] += 10
    cases = {
        "the header dropped": lines[1:],
        "the last line cut in half": lines[:-2] + [lines[-2][:len(lines[-2]) // 2]],
        "the first step dropped": lines[:1] + lines[2:],
        "two steps swapped": lines[:2] + [lines[3], lines[2]] + lines[4:],
        "the end's scores edited": lines[:-2] + [json.dumps(end).encode(), b""],
    }
    for how, damaged in cases.items():
        data = b"\n".join(damaged)
        path = tmp_path / "damaged.jsonl"
        path.write_bytes(data)
        with pytest.raises(LogError):
            gamelog.read(path)
        read_or_refuse(tmp_path, data, f"{name}: {how}", old_format=True)


@pytest.mark.parametrize("count", [10 ** 6, 10 ** 9])
def test_a_start_money_of_a_billion_notes_replays_quickly(tmp_path, count):
    """Found by the damage test: rules giving each player a billion 10s made every
    check of an exact payment count the notes one by one (minutes); the log is now
    read, or refused, in moments."""
    import time
    lines = lines_of("horse-trading-all-variants.jsonl")
    head = json.loads(lines[0])
    head["options"]["start_money"] = [2, count, 1, 0, 0, 0]
    lines[0] = json.dumps(head).encode()
    began = time.perf_counter()
    read_or_refuse(tmp_path, b"\n".join(lines) + b"\n", f"start_money {count}", old_format=True)
    assert time.perf_counter() - began < 20
