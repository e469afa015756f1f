"""Game logs: written, read back and replayed; damaged or edited files refused
with the line number and the reason."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from full_disk import HalfWritten
from hypothesis import given, strategies as st
from paths import REPO, TESTS
from strategies import FAST

import bluffkit
from bluffkit.agents.base import make_agent
from bluffkit.core import log as gamelog, logfiles
from bluffkit.core.errors import BluffkitError, LogError
from bluffkit.core.game import make_game
from bluffkit.core.play import play
from bluffkit.games.youre_bluffing.actions import Bid
from bluffkit.session import Session

SCENARIOS = REPO / "data" / "scenarios"


# -- helpers --------------------------------------------------------------------------

def split(data: bytes) -> list[bytes]:
    assert data.endswith(b"\n")
    return data[:-1].split(b"\n")


def join(lines: list[bytes]) -> bytes:
    return b"\n".join(lines) + b"\n"


def dump(obj) -> bytes:
    return json.dumps(obj, separators=(",", ":")).encode()


def refuse(tmp_path: Path, data: bytes, name: str = "bad.jsonl") -> LogError:
    """Read ``data`` from a file; it must be refused with a LogError (and the file
    must be left as it was)."""
    path = tmp_path / name
    path.write_bytes(data)
    with pytest.raises(LogError) as info:
        gamelog.read(path)
    assert path.read_bytes() == data, "reading changed the file"
    err = info.value
    assert isinstance(err.line, int)
    assert f"line {err.line}:" in str(err), str(err)
    assert "\n" not in str(err), "the message should be one line"
    return err


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    """A whole game of You're Bluffing! between bots, saved by its session."""
    session = Session(make_game("youre-bluffing"), ["random", "heuristic", "random", "random"],
                      names=["Anna", "Ben", "Carla", "Dan"], seed=11).run()
    path = session.save(tmp_path_factory.mktemp("log") / "game.jsonl")
    return session, path.read_bytes()


@pytest.fixture
def lines(finished):
    return split(finished[1])


def record(line: bytes) -> dict:
    return json.loads(line)


def first_line(lines, pred) -> int:
    """The 0-based index of the first line whose record satisfies ``pred``."""
    for i, line in enumerate(lines[1:-1], 1):
        if pred(record(line)):
            return i
    raise AssertionError("no such record in the log")


# -- writing and reading back -----------------------------------------------------------

def test_session_log_replays_to_the_same_game(finished, tmp_path):
    session, data = finished
    path = tmp_path / "game.jsonl"
    path.write_bytes(data)
    log, states = gamelog.read(path)
    assert session.over
    assert states[-1] == session.state, "the replay's final state is not the session's"
    assert states == session.states
    assert log.moves == session.moves
    assert log.names == ["Anna", "Ben", "Carla", "Dan"]
    assert log.seed == 11
    assert log.game.rules == session.game.rules
    assert log.end["scores"] == list(session.scores())
    assert log.end["winners"] == list(session.winners())
    assert log.end["steps"] == len(session.moves)
    assert log.lines == list(range(2, len(session.moves) + 2))
    assert log.says == [json.loads(line)["say"] for line in split(data)[1:-1]] and all(log.says)


def test_log_layout(finished):
    session, data = finished
    lines = split(data)
    head = record(lines[0])
    assert head["format"] == "bluffkit-log" and head["version"] == 2
    assert head["bluffkit"] == bluffkit.__version__
    assert head["game"] == "youre-bluffing"
    assert [s["name"] for s in head["seats"]] == session.names
    assert [s["agent"] for s in head["seats"]] == ["random", "heuristic", "random", "random"]
    assert len(lines) == len(session.moves) + 2
    for i, line in enumerate(lines[1:-1], 1):
        rec = record(line)
        assert rec["step"] == i
        assert ("chance" in rec) != ("action" in rec)
        assert len(rec["digest"]) == 16 and int(rec["digest"], 16) >= 0
    assert set(record(lines[-1])) == {"end"}


def test_each_step_record_says_the_sessions_narration_of_that_step(finished, tmp_path):
    """docs/logs.md: a step record's ``say`` is the narration of the step (derived, ignored on
    replay): the session's words for it, as ``play`` said them."""
    session, data = finished
    assert len(session.says) == len(session.moves) and all(session.says)
    steps = [record(line) for line in split(data)[1:-1]]
    assert [rec.get("say") for rec in steps] == session.says
    again = session.save(tmp_path / "again.jsonl")             # the file is written the same way again
    assert [record(line).get("say") for line in split(again.read_bytes())[1:-1]] == session.says


def test_write_then_read_a_simulated_game(tmp_path):
    game = make_game("horse-trading", variants=["double-auction"])
    rec = play(game, [make_agent("random", game) for _ in range(5)], seed=2024)
    seats = [{"name": f"seat {i}", "agent": "random"} for i in range(5)]
    path = gamelog.write(tmp_path / "sub" / "g.jsonl", game, seats, rec.seed, rec.moves)
    log, states = gamelog.read(path)
    assert states[-1] == rec.final.freeze()
    assert log.moves == rec.moves
    assert log.game.rules.variants == ("double-auction",)
    assert log.end["scores"] == list(rec.scores)
    assert [p.name for p in tmp_path.joinpath("sub").iterdir()] == ["g.jsonl"], "a temp file was left"


def test_unfinished_game_reads_back(tmp_path):
    session = Session(make_game("horse-trading"), ["human", "random", "random"], seed=4)
    session.play("auction")
    session.advance()
    path = session.save(tmp_path / "half.jsonl")
    log, states = gamelog.read(path)
    assert log.end == {"steps": len(session.moves), "over": False}
    assert states == session.states


def test_start_position_round_trips(tmp_path):
    from bluffkit.core import scenario
    sc = scenario.find("ht-auction-ben-pays-100")
    moves = [(seat, action) for seat, action, _ in sc.moves]
    seats = [{"name": n, "agent": "human"} for n in sc.seats]
    path = gamelog.write(tmp_path / "sc.jsonl", sc.game, seats, None, moves, start=sc.start)
    log, states = gamelog.read(path)
    assert states == scenario.run(sc).states
    assert log.seed is None and log.start is not None


def test_reading_never_modifies_the_file(finished, tmp_path):
    data = finished[1]
    path = tmp_path / "game.jsonl"
    path.write_bytes(data)
    os.utime(path, (1_000_000_000, 1_000_000_000))
    before = path.stat()
    gamelog.read(path)
    gamelog.read(path, verify=False)
    after = path.stat()
    assert path.read_bytes() == data
    assert (after.st_mtime_ns, after.st_size) == (before.st_mtime_ns, before.st_size)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.jsonl"]


# -- refusals -------------------------------------------------------------------------------

def test_empty_file(tmp_path):
    err = refuse(tmp_path, b"")
    assert err.line == 1
    assert "empty" in err.reason


def test_garbage_bytes(tmp_path):
    err = refuse(tmp_path, bytes(range(256)) * 3)
    assert err.line == 1
    assert "not valid JSON" in err.reason


def test_not_utf8(tmp_path):
    err = refuse(tmp_path, b"\xff\xfe\x00b\x00l\x00u\x00f\x00f\n")
    assert err.line == 1
    assert "UTF-8" in err.reason


def test_not_utf8_inside_the_log(tmp_path, lines):
    bad = list(lines)
    bad[4] = bad[4].replace(b'"step"', b'"st\xe9p"')
    err = refuse(tmp_path, join(bad))
    assert err.line == 5
    assert "UTF-8" in err.reason


@pytest.mark.parametrize("text", [
    '{"name": "yb-scoring-2460", "game": "youre-bluffing"}\n',
    '{"format": "some-other-log", "version": 1}\n',
    '{"format": "bluffkit-lg", "version": 1, "game": "youre-bluffing"}\n',
])
def test_foreign_json(tmp_path, text):
    err = refuse(tmp_path, text.encode())
    assert err.line == 1
    assert "not a bluffkit log" in err.reason


def test_foreign_json_not_an_object(tmp_path):
    err = refuse(tmp_path, b'[{"format": "bluffkit-log"}]\n')
    assert err.line == 1
    assert "JSON object" in err.reason


def test_a_scenario_file_is_not_a_log(tmp_path):
    data = (SCENARIOS / "yb-scoring-2460.json").read_bytes()
    err = refuse(tmp_path, data)
    assert err.line == 1


def test_newer_format_version(tmp_path, lines):
    head = record(lines[0])
    head["version"] = 3
    head["bluffkit"] = "9.4.1"
    err = refuse(tmp_path, join([dump(head)] + lines[1:]))
    assert err.line == 1
    assert "version 3" in err.reason and "newer" in err.reason
    assert "written by bluffkit 9.4.1" in err.reason and "edited" not in err.reason


@pytest.mark.parametrize("version", [0, "1", None, True, 1.5])
def test_bad_format_version(tmp_path, lines, version):
    head = record(lines[0])
    head["version"] = version
    err = refuse(tmp_path, join([dump(head)] + lines[1:]))
    assert err.line == 1
    assert "version" in err.reason


FROZEN = TESTS / "logs"


@pytest.mark.parametrize("extra", [{"seat": 1, "action": "pass"}, {"seat": 0}, {"action": "call"}])
def test_a_chance_record_that_also_names_a_seats_action_is_refused(tmp_path, extra):
    """A step is chance's or one seat's move: a record with both is no move the log can be
    said to hold (which of the two was played?)."""
    shipped = split((FROZEN / "bloff.jsonl").read_bytes())
    deal = record(shipped[1])
    assert "chance" in deal
    edited = list(shipped)
    edited[1] = dump(dict(deal, **extra))
    err = refuse(tmp_path, join(edited))
    assert err.line == 2
    assert "a record is either chance or a seat's action, not both" in err.reason


def test_format_version_0_without_a_writer_is_refused_on_line_1(tmp_path):
    """Format 1 is the first: a header that says 0 (and, as format 1 did, names no bluffkit
    version) is no log of any format, refused as such and not with a KeyError."""
    shipped = split((FROZEN / "horse-trading-short.jsonl").read_bytes())
    head = record(shipped[0])
    assert head["version"] == 1 and "bluffkit" not in head
    head["version"] = 0
    err = refuse(tmp_path, join([dump(head)] + shipped[1:]))
    assert err.line == 1
    assert "bad format version 0" in err.reason


@pytest.mark.parametrize("verify", [True, False])
def test_a_format_1_record_without_its_digest_is_refused_checked_or_not(tmp_path, verify):
    """Format-1 digests are not compared, but every record of a log has one: a record that
    lost it is refused, whether the moves are verified or not."""
    shipped = split((FROZEN / "horse-trading-short.jsonl").read_bytes())
    assert record(shipped[0])["version"] == 1
    rec = record(shipped[3])
    assert rec["step"] == 3
    del rec["digest"]
    edited = list(shipped)
    edited[3] = dump(rec)
    path = tmp_path / "no-digest.jsonl"
    path.write_bytes(join(edited))
    with pytest.raises(LogError) as info:
        gamelog.read(path, verify=verify)
    assert info.value.line == 4
    assert "step 3 has no digest" in info.value.reason


def test_unknown_game(tmp_path, lines):
    head = record(lines[0])
    head["game"] = "chess"
    err = refuse(tmp_path, join([dump(head)] + lines[1:]))
    assert err.line == 1
    assert "unknown game" in err.reason and "chess" in err.reason


def test_game_name_does_not_match_its_rules(tmp_path, lines):
    head = record(lines[0])
    head["game"] = "horse-trading"          # the options are You're Bluffing!'s
    err = refuse(tmp_path, join([dump(head)] + lines[1:]))
    assert err.line == 1
    assert "horse-trading" in err.reason


@pytest.mark.parametrize("key, value, words", [
    ("no_bid_calls", 0, "no_bid_calls"),
    ("payment", "make_change", "payment"),
    ("tie_break", "coin", "tie_break"),
    ("family_size", 3, "family_size"),
    ("bank", [1, 2], "bank"),
    ("secret_option", 1, "secret_option"),
])
def test_bad_rules_option(tmp_path, lines, key, value, words):
    head = record(lines[0])
    head["options"][key] = value
    err = refuse(tmp_path, join([dump(head)] + lines[1:]))
    assert err.line == 1
    assert words in err.reason


def test_missing_rules(tmp_path, lines):
    head = record(lines[0])
    del head["options"]
    err = refuse(tmp_path, join([dump(head)] + lines[1:]))
    assert err.line == 1
    assert "rules" in err.reason


def test_wrong_number_of_seats(tmp_path, lines):
    head = record(lines[0])
    head["seats"] = head["seats"][:2]
    err = refuse(tmp_path, join([dump(head)] + lines[1:]))
    assert err.line == 1
    assert "3 to 5 players" in err.reason
    assert "start position" not in err.reason, "the log has no start position"


@pytest.mark.parametrize("start", [
    {"leader": 9},
    {"pile": {"cow": -1}},
    pytest.param({"herds": [{"cow": 9}, {}, {}, {}]}),
    pytest.param({"surprise": 1}),
    pytest.param({"money": [5, None, None, None]}),
])
def test_bad_start_position(tmp_path, lines, start):
    head = record(lines[0])
    head["start"] = start
    end = dump({"end": {"steps": 0, "over": False}})
    err = refuse(tmp_path, join([dump(head), end]))
    assert err.line == 1
    assert "start" in err.reason


@pytest.mark.parametrize("pens", [[1], [], 3, 2.5, "x", {"p1": 5}])
def test_a_bidder_up_start_with_pens_of_the_wrong_shape_is_refused_in_one_line(tmp_path, pens):
    """``pens`` not an object once ended the replay in an AttributeError traceback."""
    s = Session(make_game("bidder-up"), ["random"] * 3, seed=1)
    s.advance(limit=3)
    head = record(s.save(tmp_path / "g.jsonl").read_text(encoding="utf-8").splitlines()[0])
    head["start"] = {"pens": pens}
    err = refuse(tmp_path, join([dump(head), dump({"end": {"steps": 0, "over": False}})]))
    assert err.line == 1 and "bad start position: pens" in err.reason


def test_deeply_nested_json(tmp_path):
    err = refuse(tmp_path, b"[" * 100_000 + b"\n")
    assert err.line == 1


@pytest.mark.parametrize("at", [0, 1, 2, 7, -2])
def test_truncated_mid_line(tmp_path, finished, lines, at):
    """The file ends in the middle of line ``at`` (0-based index)."""
    at %= len(lines)
    data = finished[1]
    start = sum(len(line) + 1 for line in lines[:at])
    cut = data[:start + len(lines[at]) // 2]
    err = refuse(tmp_path, cut)
    assert err.line == at + 1
    assert "not valid JSON" in err.reason and "cut off" in err.reason


@pytest.mark.parametrize("keep", [1, 2, 30, -1])
def test_truncated_at_a_line_boundary(tmp_path, lines, keep):
    """Whole lines kept, the end record lost."""
    kept = lines[:keep]
    err = refuse(tmp_path, join(kept))
    assert err.line == len(kept) + 1
    assert "truncated" in err.reason and "end record" in err.reason


def test_records_swapped(tmp_path, lines):
    swapped = list(lines)
    swapped[5], swapped[6] = swapped[6], swapped[5]
    err = refuse(tmp_path, join(swapped))
    assert err.line == 6
    assert "step 6 found where step 5 was expected" in err.reason
    assert "out of order" in err.reason


def test_two_logs_joined_and_a_record_without_its_step_are_said_so(tmp_path, lines):
    """A log's header again in the middle (two files joined) was refused as "step None
    found where step 1 was expected", and a line cut inside a string as "(unterminated
    string starting at)"."""
    err = refuse(tmp_path, join(lines[:1] + lines))
    assert err.line == 2 and err.reason.startswith("a second header where step 1 was expected"), err.reason
    err = refuse(tmp_path, join(lines + lines))                  # cat a.jsonl b.jsonl
    assert err.line == len(lines) + 1 and err.reason.startswith("another log's header after the end record"), \
        err.reason
    no_step = record(lines[3])
    del no_step["step"]
    err = refuse(tmp_path, join(lines[:3] + [dump(no_step)] + lines[4:]))
    assert err.line == 4 and err.reason == "a record without its step number where step 3 was expected", err.reason
    err = refuse(tmp_path, join(lines[:2] + [lines[2][:4]]))                # '{"st': cut inside a name
    assert "(unterminated string);" in err.reason, err.reason


def test_a_cut_line_names_the_column_where_json_stopped(tmp_path, lines):
    """Line 2 cut inside a text: the text opens at the 23rd character of
    ``{"step": 1, "chance": "dr``, and JSON counts from there the string it never closes."""
    err = refuse(tmp_path, join(lines[:1] + [b'{"step": 1, "chance": "dr']))
    assert err.line == 2
    assert err.reason.startswith("not valid JSON at column 23 (unterminated string);"), err.reason


def test_record_missing(tmp_path, lines):
    err = refuse(tmp_path, join(lines[:9] + lines[10:]))
    assert err.line == 10
    assert "step 10 found where step 9 was expected" in err.reason


def test_edited_action_still_legal_is_caught_by_the_digest(tmp_path, finished, lines):
    session, _ = finished
    game = session.game

    def raisable(rec):
        return rec.get("action", "").startswith("bid ")

    # find a bid that could legally have been one higher
    for i, line in enumerate(lines[1:-1], 1):
        rec = record(line)
        if not raisable(rec):
            continue
        higher = Bid(int(rec["action"].split()[1]) + 1)
        try:
            game.step(session.states[i - 1], rec["seat"], higher)
        except Exception:
            continue
        break
    else:
        pytest.fail("no bid in the log could be raised legally")
    rec["action"] = game.notation(higher)
    edited = list(lines)
    edited[i] = dump(rec)
    err = refuse(tmp_path, join(edited))
    assert err.line == i + 1
    assert f"step {i}" in err.reason and "does not match" in err.reason and "edited" in err.reason
    # without checking the digests the edit goes through
    log, _ = gamelog.parse(join(edited)[: sum(len(x) + 1 for x in edited[: i + 1])]
                           + dump({"end": {"steps": i, "over": False}}) + b"\n", verify=False)
    assert log.moves[-1] == (rec["seat"], higher)


def test_edited_chance_is_caught_by_the_digest(tmp_path, lines):
    i = first_line(lines, lambda r: "chance" in r)
    rec = record(lines[i])
    family = rec["chance"].split()[1]
    rec["chance"] = "draw " + ("horse" if family != "horse" else "cow")
    edited = list(lines)
    edited[i] = dump(rec)
    err = refuse(tmp_path, join(edited))
    assert err.line == i + 1
    assert "does not match" in err.reason


@pytest.fixture(scope="module")
def bloff_mid(tmp_path_factory):
    """The lines of a Bløff game between three bots, saved after its deal and five moves,
    unfinished (its end record says ``"over": false``)."""
    session = Session(make_game("bloff"), ["random"] * 3, names=["Anne", "Bjørn", "Carla"], seed=4)
    session.advance(limit=6)
    assert not session.over
    return split(session.save(tmp_path_factory.mktemp("bloff") / "mid.jsonl").read_bytes())


def test_an_unfinished_logs_refused_move_is_not_quoted(tmp_path, lines, bloff_mid):
    """A game not finished can be taken up again, so replay shows its moves as the table heard
    them; the refusal of an edited move quoted it whole, the cards a Bløff player laid face
    down and which of them it did not hold. A game saved mid-play (its end record says
    ``"over": false``) or cut short names the step, the player and the line, not the move,
    the rule broken or its reason; the same move in a finished log is quoted."""
    saved = list(bloff_mid)
    assert record(saved[-1])["end"]["over"] is False
    i = first_line(saved, lambda r: r.get("action", "").startswith("play "))
    rec = record(saved[i])
    rec["action"] = "play 2S,3C,5H,7D"
    saved[i] = dump(rec)
    for cut, data in (("saved mid-play", join(saved)), ("cut short", join(saved[:-1]))):
        err = refuse(tmp_path, data, f"{cut}.jsonl")
        assert err.line == i + 1 and "[rule: " not in err.reason, (cut, str(err))     # ("no-passing": a pass)
        assert not any(c in str(err) for c in ("2S", "3C", "5H", "7D", "hold")), (cut, str(err))
        assert "the move, the rule and the reason are not shown, since the game is not finished" in err.reason
    i = first_line(lines, lambda r: r.get("action", "").startswith("bid "))
    rec = record(lines[i])
    rec["action"] = "sell"
    edited = list(lines)
    edited[i] = dump(rec)
    assert "'sell'" in refuse(tmp_path, join(edited), "finished.jsonl").reason


@pytest.mark.parametrize("end", [{"steps": 6}, {"steps": 6, "over": None}, {"steps": 6, "over": "true"},
                                 {"steps": 6, "over": 1}])
def test_an_end_record_not_saying_over_true_keeps_a_refused_move_hidden(tmp_path, bloff_mid, end):
    """Only ``"over": true`` marks a finished game (docs/logs.md: an unfinished game is
    saved with ``"over": false``). An end record without 'over', or with null, "true" or 1
    there, is no finished game's: a move the rules refuse before it stays unquoted, so the
    cards laid face down (2S, 3C, 5H, 7D) and which of them the player did not hold are not
    shown."""
    saved = list(bloff_mid)
    i = first_line(saved, lambda r: r.get("action", "").startswith("play "))
    rec = record(saved[i])
    rec["action"] = "play 2S,3C,5H,7D"
    saved[i] = dump(rec)
    saved[-1] = dump({"end": end})
    err = refuse(tmp_path, join(saved))
    assert err.line == i + 1, str(err)
    assert "the move, the rule and the reason are not shown, since the game is not finished" in err.reason
    assert not any(c in str(err) for c in ("2S", "3C", "5H", "7D", "hold")), str(err)


def test_a_move_that_is_not_text_is_named_by_its_kind_until_the_game_is_finished(tmp_path, lines, bloff_mid):
    """A move recorded as something else than text is refused. In a game not finished the
    refusal says only what kind of value it is: quoted, a list of the cards a Bløff player
    laid face down, or a deal written as a list of hands, would show what replay keeps
    hidden. In a finished game the value is quoted, as an illegal move is."""
    saved = list(bloff_mid)
    i = first_line(saved, lambda r: r.get("action", "").startswith("play "))
    rec = record(saved[i])
    rec["action"] = ["2S", "3C", "5H", "7D"]
    edited = list(saved)
    edited[i] = dump(rec)
    for cut, data in (("saved mid-play", join(edited)), ("cut short", join(edited[:-1]))):
        err = refuse(tmp_path, data, f"{cut}.jsonl")
        assert err.line == i + 1 and err.reason == "'action' must be text, got an array", (cut, str(err))
    deal = record(saved[1])
    hands = deal["chance"].removeprefix("deal ").split("|")
    deal["chance"] = hands
    err = refuse(tmp_path, join(saved[:1] + [dump(deal)] + saved[2:]))
    assert err.line == 2 and err.reason == "'chance' must be text, got an array", str(err)
    assert hands[0][:2] not in str(err)
    i = first_line(lines, lambda r: r.get("action", "").startswith("bid "))
    rec = record(lines[i])
    rec["action"] = ["bid", 10]
    err = refuse(tmp_path, join(lines[:i] + [dump(rec)] + lines[i + 1:]), "finished.jsonl")
    assert err.line == i + 1 and err.reason == "'action' must be text, got ['bid', 10]", str(err)


def test_edited_action_illegal_is_caught_by_the_rules(tmp_path, lines):
    i = first_line(lines, lambda r: r.get("action", "").startswith("bid "))
    rec = record(lines[i])
    rec["action"] = "sell"
    edited = list(lines)
    edited[i] = dump(rec)
    err = refuse(tmp_path, join(edited))
    assert err.line == i + 1
    assert "'sell'" in err.reason and "is not allowed" in err.reason
    assert "rule: not-deciding" in err.reason
    # the reason names the players as the step does ("step 3 (Ben: 'sell') ...: Ben cannot
    # ..."; it gave "seat 1", and with names counted from 1 "Player 2" was seat 1); the
    # moves after "may:" stay as written
    who = ["Anna", "Ben", "Carla", "Dan"][rec["seat"]]
    assert f"({who}: 'sell') is not allowed" in err.reason and f"; {who} may: " in err.reason, err.reason
    assert f"seat {rec['seat']} " not in err.reason.split(" may: ")[0], err.reason


def test_unreadable_action(tmp_path, lines):
    i = first_line(lines, lambda r: "action" in r)
    rec = record(lines[i])
    rec["action"] = "bid lots"
    edited = list(lines)
    edited[i] = dump(rec)
    err = refuse(tmp_path, join(edited))
    assert err.line == i + 1
    assert "whole number" in err.reason


@pytest.mark.parametrize("seat", [4, 9, -1, "1", None])
def test_record_with_a_bad_seat(tmp_path, lines, seat):
    """The game has four seats, 0 to 3: seat 4 is one past the last."""
    i = first_line(lines, lambda r: "action" in r)
    rec = record(lines[i])
    rec["seat"] = seat
    edited = list(lines)
    edited[i] = dump(rec)
    err = refuse(tmp_path, join(edited))
    assert err.line == i + 1
    assert f"seat {seat!r} is not a seat of this game (0..3)" in err.reason, err.reason


def test_a_step_record_without_chance_or_action_is_named(tmp_path, lines):
    """A record whose 'action' key is misspelt is refused at its own line, for what it
    lacks (not one line later, as a step out of order)."""
    i = first_line(lines, lambda r: "action" in r)
    rec = record(lines[i])
    rec["acton"] = rec.pop("action")
    err = refuse(tmp_path, join(lines[:i] + [dump(rec)] + lines[i + 1:]))
    assert err.line == i + 1 and err.reason == "a record needs 'chance' or 'seat' and 'action'", str(err)


def test_record_after_the_end_record(tmp_path, lines):
    err = refuse(tmp_path, join(lines + [lines[3]]))
    assert err.line == len(lines) + 1
    assert "after the end record" in err.reason


def test_end_record_with_edited_scores(tmp_path, lines):
    end = record(lines[-1])
    end["end"]["scores"][0] += 10
    err = refuse(tmp_path, join(lines[:-1] + [dump(end)]))
    assert err.line == len(lines)
    assert "scores" in err.reason and "do not match" in err.reason


def test_end_record_with_wrong_step_count(tmp_path, lines):
    end = record(lines[-1])
    end["end"]["steps"] -= 1
    err = refuse(tmp_path, join(lines[:-1] + [dump(end)]))
    assert err.line == len(lines)
    assert "steps" in err.reason


def test_end_record_too_early(tmp_path, lines):
    end = dump({"end": {"steps": 20, "over": True, "scores": [0, 0, 0, 0]}})
    err = refuse(tmp_path, join(lines[:21] + [end]))
    assert err.line == 22
    assert "replay disagrees" in err.reason


def test_end_record_says_not_over_for_a_finished_game(tmp_path, lines):
    """The game the log replays is over; an end record saying it is not (as a game saved
    mid-play says) disagrees with the replay."""
    end = dump({"end": {"steps": len(lines) - 2, "over": False}})
    err = refuse(tmp_path, join(lines[:-1] + [end]))
    assert err.line == len(lines)
    assert err.reason == "the end record says the game is not over, but the replay disagrees", err.reason


def test_end_record_with_edited_winners(tmp_path, lines):
    end = record(lines[-1])
    winners = end["end"]["winners"]
    end["end"]["winners"] = [s for s in range(4) if s not in winners][:1]
    err = refuse(tmp_path, join(lines[:-1] + [dump(end)]))
    assert err.line == len(lines)
    assert "winners" in err.reason


def test_blank_line_inside(tmp_path, lines):
    err = refuse(tmp_path, join(lines[:4] + [b""] + lines[4:]))
    assert err.line == 5
    assert "blank line" in err.reason


def test_blank_lines_after_the_end_are_nothing_and_a_record_after_them_is_named(tmp_path, lines):
    """A log with an empty line added at its end (``echo >> game.jsonl``) was refused as
    'a blank line after the end record' though every record was whole."""
    path = tmp_path / "g.jsonl"
    path.write_bytes(join(lines) + b"\n\r\n  \n")
    log, states = gamelog.read(path)
    assert len(states) == len(lines) - 1
    err = refuse(tmp_path, join(lines + [b"", lines[1]]))
    assert err.line == len(lines) + 2 and err.reason == "records after the end record"


def test_missing_file(tmp_path):
    with pytest.raises(LogError) as info:
        gamelog.read(tmp_path / "nope.jsonl")
    assert "cannot read" in info.value.reason


# -- writing is atomic ------------------------------------------------------------------------

@pytest.fixture
def old_file(tmp_path):
    path = tmp_path / "keep.jsonl"
    path.write_bytes(b"the old contents\n")
    return path


@pytest.fixture
def game_record():
    game = make_game("horse-trading")
    rec = play(game, [make_agent("random", game) for _ in range(3)], seed=5)
    seats = [{"name": f"seat {i}", "agent": "random"} for i in range(3)]
    return game, seats, rec


def assert_untouched(path: Path):
    assert path.read_bytes() == b"the old contents\n", "the existing file was changed"
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name], "a temporary file was left"


def test_write_failing_in_json_dumps_leaves_the_old_file(old_file, game_record, monkeypatch):
    """A failure while the records are written as JSON lines (the 40th line)."""
    game, seats, rec = game_record
    real = gamelog._record_line
    calls = []

    def dumps(*a, **k):
        calls.append(1)
        if len(calls) == 40:
            raise RuntimeError("boom in dumps")
        return real(*a, **k)

    monkeypatch.setattr(gamelog, "_record_line", dumps)
    with pytest.raises(RuntimeError, match="boom in dumps"):
        gamelog.write(old_file, game, seats, rec.seed, rec.moves)
    monkeypatch.undo()
    assert_untouched(old_file)


def test_write_failing_in_notation_leaves_the_old_file(old_file, game_record, monkeypatch):
    game, seats, rec = game_record
    real = game.notation
    calls = []

    def notation(action):
        calls.append(1)
        if len(calls) == len(rec.moves) // 2:
            raise RuntimeError("boom in notation")
        return real(action)

    monkeypatch.setattr(game, "notation", notation)
    with pytest.raises(RuntimeError, match="boom in notation"):
        gamelog.write(old_file, game, seats, rec.seed, rec.moves)
    assert_untouched(old_file)


def test_write_failing_mid_file_leaves_the_old_file(old_file, game_record, monkeypatch):
    """The disk fills up half-way through writing the text."""
    game, seats, rec = game_record
    real_fdopen = os.fdopen

    monkeypatch.setattr(gamelog.os, "fdopen", lambda fd, *a, **k: HalfWritten(real_fdopen(fd, *a, **k)))
    with pytest.raises(BluffkitError, match="cannot save the log to .*: no space left on device"):
        gamelog.write(old_file, game, seats, rec.seed, rec.moves)
    monkeypatch.undo()
    assert_untouched(old_file)


def test_write_failing_on_rename_leaves_the_old_file(old_file, game_record, monkeypatch):
    game, seats, rec = game_record

    def replace(src, dst):
        raise OSError(13, "Permission denied")

    monkeypatch.setattr(gamelog.os, "replace", replace)
    with pytest.raises(BluffkitError, match="cannot save the log to .*: permission denied"):
        gamelog.write(old_file, game, seats, rec.seed, rec.moves)
    monkeypatch.undo()
    assert_untouched(old_file)


def test_failed_write_to_a_new_path_leaves_nothing(tmp_path, game_record, monkeypatch):
    game, seats, rec = game_record
    monkeypatch.setattr(game, "notation", lambda action: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        gamelog.write(tmp_path / "new.jsonl", game, seats, rec.seed, rec.moves)
    assert list(tmp_path.iterdir()) == []


def test_write_replaces_an_existing_file_whole(old_file, game_record):
    game, seats, rec = game_record
    gamelog.write(old_file, game, seats, rec.seed, rec.moves)
    log, states = gamelog.read(old_file)
    assert log.moves == rec.moves
    assert sorted(p.name for p in old_file.parent.iterdir()) == [old_file.name]


def test_write_of_a_new_log_leaves_the_log_alone(tmp_path, game_record):
    """A new log (``replace=False``) is linked in place from its hidden first copy, which
    is then removed: a second name of the whole log, hands and all, must not stay beside it."""
    game, seats, rec = game_record
    path = tmp_path / "new.jsonl"
    gamelog.write(path, game, seats, rec.seed, rec.moves, replace=False)
    assert [p.name for p in tmp_path.iterdir()] == ["new.jsonl"] and path.stat().st_nlink == 1
    assert gamelog.read(path)[0].moves == rec.moves


def test_a_new_log_gets_a_new_files_mode_and_a_replaced_one_keeps_its(tmp_path, game_record):
    """A log is written to a hidden file made readable by its owner alone, then put in
    place: a new log gets the mode any new file gets (0o666 less the umask, here 0o027:
    0o640), and a log written over another keeps the mode the old file had (0o604)."""
    game, seats, rec = game_record
    path = tmp_path / "modes.jsonl"
    mask = os.umask(0o027)
    try:
        gamelog.write(path, game, seats, rec.seed, rec.moves[:3])
        assert path.stat().st_mode & 0o777 == 0o640, oct(path.stat().st_mode)
        path.chmod(0o604)
        gamelog.write(path, game, seats, rec.seed, rec.moves[:4])
        assert path.stat().st_mode & 0o777 == 0o604, oct(path.stat().st_mode)
    finally:
        os.umask(mask)


def test_write_of_a_new_log_refuses_an_existing_file(old_file, game_record):
    """``replace=False`` never writes over a file: the old one stays whole, and no hidden
    copy of the log is left beside it."""
    game, seats, rec = game_record
    with pytest.raises(BluffkitError, match="keep.jsonl exists already; give the log a new name"):
        gamelog.write(old_file, game, seats, rec.seed, rec.moves[:3], replace=False)
    assert_untouched(old_file)


def test_a_log_written_to_a_folder_is_refused_in_words(tmp_path, game_record):
    """A folder's name is no log's: it is refused before anything is written, saying so."""
    game, seats, rec = game_record
    folder = tmp_path / "logs"
    folder.mkdir()
    with pytest.raises(BluffkitError, match="logs is a folder; give the log a file name"):
        gamelog.write(folder, game, seats, rec.seed, rec.moves[:3])
    assert list(folder.iterdir()) == [] and [p.name for p in tmp_path.iterdir()] == ["logs"]


def test_write_through_a_link_replaces_its_target_and_keeps_the_link(old_file, game_record):
    """The log replaced the symbolic link itself with a file, and left its target as it
    was; Python's own writers write through a link."""
    game, seats, rec = game_record
    link = old_file.parent / "link.jsonl"
    link.symlink_to(old_file.name)
    gamelog.write(link, game, seats, rec.seed, rec.moves)
    assert link.is_symlink() and os.readlink(link) == old_file.name
    assert gamelog.read(old_file)[0].moves == rec.moves
    assert sorted(p.name for p in old_file.parent.iterdir()) == [old_file.name, "link.jsonl"]
    dangling = old_file.parent / "new-link.jsonl"
    dangling.symlink_to("made.jsonl")                   # a link to a file still to be made: made
    gamelog.write(dangling, game, seats, rec.seed, rec.moves)
    assert dangling.is_symlink() and gamelog.read(old_file.parent / "made.jsonl")[0].moves == rec.moves


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_write_refuses_a_named_pipe_or_a_loop_of_links_and_leaves_them(tmp_path, game_record):
    """A named pipe (and, as root, a device such as /dev/full) was replaced by a file of
    the log: the pipe is refused in words and left where it was."""
    import stat
    game, seats, rec = game_record
    pipe = tmp_path / "pipe.jsonl"
    os.mkfifo(pipe)
    link = tmp_path / "to-pipe.jsonl"
    link.symlink_to(pipe.name)
    loop = tmp_path / "loop.jsonl"
    loop.symlink_to("loop.jsonl")
    for path, words in ((pipe, "that is a named pipe, not a file; give a file name"),
                        (link, "that is a named pipe, not a file (the link leads to"),
                        (loop, "too many levels of symbolic links")):
        with pytest.raises(BluffkitError, match=re.escape(words)):
            gamelog.write(path, game, seats, rec.seed, rec.moves)
    assert stat.S_ISFIFO(pipe.lstat().st_mode) and link.is_symlink() and loop.is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["loop.jsonl", "pipe.jsonl", "to-pipe.jsonl"]


# -- files that are never read: too large, not regular ------------------------------------------

def refuse_file(path) -> LogError:
    """``path`` must be refused as a whole (line 0), in one line, without changing it."""
    with pytest.raises(LogError) as info:
        gamelog.read(path)
    err = info.value
    assert err.line == 0, str(err)
    assert "\n" not in str(err)
    return err


def test_a_file_over_the_size_limit_is_refused_before_reading(tmp_path, finished, monkeypatch):
    path = tmp_path / "big.jsonl"
    path.write_bytes(finished[1])
    monkeypatch.setattr(logfiles, "MAX_BYTES", len(finished[1]) - 1)
    # (the reader opens the file with os.open and reads it through os.fdopen)
    monkeypatch.setattr(logfiles.os, "fdopen", lambda *a, **k: pytest.fail("the file was read"))
    err = refuse_file(path)
    assert f"{len(finished[1])} bytes" in err.reason and "more than a log may be" in err.reason
    assert path.stat().st_size == len(finished[1])


def test_the_documented_size_limit():
    assert logfiles.MAX_BYTES == 16 * 1024 * 1024
    assert "16 MiB" in (REPO / "docs" / "logs.md").read_text(encoding="utf-8")


def test_text_over_the_size_limit_is_refused(monkeypatch, finished):
    monkeypatch.setattr(logfiles, "MAX_BYTES", 100)
    with pytest.raises(LogError, match="more than a log may be"):
        gamelog.parse(finished[1])


def test_a_fifo_is_refused_without_blocking(tmp_path):
    import signal

    def stuck(*_):
        raise AssertionError("reading a FIFO blocked")

    path = tmp_path / "pipe.jsonl"
    os.mkfifo(path)
    old = signal.signal(signal.SIGALRM, stuck)
    signal.alarm(10)
    try:
        err = refuse_file(path)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    assert "not a regular file" in err.reason


def test_a_reason_is_cut_to_its_longest():
    """A refusal is one line: a reason longer than MAX_REASON (a seat name of thousands of
    characters quoted in it) is cut, and says so."""
    err = logfiles.fail(3, "x" * 1000, "a.jsonl")
    assert len(err.reason) == logfiles.MAX_REASON and err.reason.endswith("x...")
    assert logfiles.fail(3, "y" * logfiles.MAX_REASON, "a.jsonl").reason == "y" * logfiles.MAX_REASON


@pytest.mark.parametrize("where", ["/dev/zero", "folder"])
def test_a_device_or_folder_is_refused(tmp_path, where):
    path = tmp_path if where == "folder" else Path(where)
    err = refuse_file(path)
    assert "not a regular file" in err.reason


# -- seats ---------------------------------------------------------------------------------

@pytest.mark.parametrize("seats, words", [
    ([{"name": "Anna"}, {"name": "Ben"}, {"name": "Anna"}, {"name": "Dan"}], "both named 'Anna'"),
    ([{"name": "Anna"}, {"name": 7}, {"name": "Carla"}, {"name": "Dan"}], "seat 1 needs a name"),
    ([{"name": "Anna"}, {}, {"name": "Carla"}, {"name": "Dan"}], "seat 1 needs a name"),
    ([{"name": "Anna"}, {"name": ""}, {"name": "Carla"}, {"name": "Dan"}], "seat 1 needs a name"),
    ([{"name": "Anna"}, {"name": "Be\nn"}, {"name": "Carla"}, {"name": "Dan"}], "seat 1 needs a name"),
    ([{"name": "Anna"}, {"name": "B" * 500}, {"name": "Carla"}, {"name": "Dan"}], "seat 1 needs a name"),
    ([{"name": "Anna", "agent": ["x"]}, {"name": "Ben"}, {"name": "Carla"}, {"name": "Dan"}], "'agent'"),
])
def test_seats_need_distinct_names(tmp_path, lines, seats, words):
    head = record(lines[0])
    head["seats"] = seats
    err = refuse(tmp_path, join([dump(head)] + lines[1:]))
    assert err.line == 1
    assert words in err.reason


def test_the_writer_field_and_a_seat_name_at_their_longest_are_read(tmp_path, bloff_mid):
    """docs/logs.md: a seat's name is 1 to 80 printable characters; the 'bluffkit' field
    names a version, at most 40 characters. At those lengths the log is read; one
    character more is refused on line 1, naming what is wrong."""
    head = record(bloff_mid[0])
    head["bluffkit"] = "9" * 40
    head["seats"][1]["name"] = "B" * 80
    path = tmp_path / "longest.jsonl"
    path.write_bytes(join([dump(head)] + bloff_mid[1:]))
    log, _ = gamelog.read(path)
    assert log.written_by == "9" * 40 and log.names[1] == "B" * 80
    longer = dict(head, bluffkit="9" * 41)
    err = refuse(tmp_path, join([dump(longer)] + bloff_mid[1:]))
    assert err.line == 1 and "'bluffkit' must name the bluffkit version" in err.reason, str(err)
    head["seats"][1]["name"] = "B" * 81
    err = refuse(tmp_path, join([dump(head)] + bloff_mid[1:]))
    assert err.line == 1 and "seat 1 needs a name" in err.reason, str(err)


def test_an_agent_with_an_escape_code_is_refused(tmp_path, lines):
    """A seat's 'agent' is printable text, as its name is: an escape code ("\\x1b[2J" clears a
    terminal) is refused, and the refusal shows it escaped."""
    head = record(lines[0])
    head["seats"][1]["agent"] = "random\x1b[2J"
    err = refuse(tmp_path, join([dump(head)] + lines[1:]))
    assert err.line == 1
    assert "seat 1's 'agent' must be a short text" in err.reason
    assert "\x1b" not in str(err)


def test_a_log_with_duplicate_names_never_reaches_the_session(tmp_path, lines):
    head = record(lines[0])
    head["seats"][2]["name"] = head["seats"][0]["name"]
    path = tmp_path / "dup.jsonl"
    path.write_bytes(join([dump(head)] + lines[1:]))
    with pytest.raises(LogError, match="both named"):
        Session.load(path)


def test_messages_stay_on_one_line_whatever_the_record_holds(tmp_path, lines):
    i = first_line(lines, lambda r: "action" in r)
    rec = record(lines[i])
    rec["action"] = "bid\n12\r\x00" + "9" * 500
    edited = list(lines)
    edited[i] = dump(rec)
    err = refuse(tmp_path, join(edited))
    assert err.line == i + 1
    assert len(str(err)) < 600, "a message quotes a short piece of the bad record, not all of it"


# -- payments are checked by the rule, not by listing every payment ----------------------------

def big_hand_log(tmp_path, pay: str) -> Path:
    """Horse Trading under "any_cover" with Ben holding 25 notes of every value (26^5
    choices of notes): Ben buys a 9 for 10 and pays ``pay``."""
    game = make_game("horse-trading", payment="any_cover")
    money = "+".join(f"{v}" for v in (500, 200, 100, 50, 10) for _ in range(25))
    start = {"leader": 0, "money": [None, money, None]}
    parse = game.parse
    moves = [(0, parse("auction")), (None, parse("draw 9")), (1, parse("bid 10")), (2, parse("pass")),
             (0, parse("sell")), (1, parse("pay 10"))]
    seats = [{"name": n, "agent": "human"} for n in ("Anna", "Ben", "Carla")]
    path = gamelog.write(tmp_path / "pay.jsonl", game, seats, None, moves, start=start)
    data = path.read_bytes().replace(b'"action":"pay 10"', f'"action":"{pay}"'.encode())
    path.write_bytes(data)
    return path


@pytest.mark.parametrize("pay, line", [("pay 10", None), ("pay 500+500", None), ("pay 0", 7),
                                       ("pay " + "+".join(["500"] * 26), 7)])
def test_a_payment_from_a_huge_hand_is_checked_fast(tmp_path, pay, line):
    import time

    from bluffkit.core.money import clear_caches
    clear_caches()
    began = time.perf_counter()
    path = big_hand_log(tmp_path, pay)
    if line is None:
        try:
            log, states = gamelog.read(path)
        except LogError as e:                 # a valid payment, but not the one the digest recorded
            assert pay != "pay 10" and e.line == 7 and "does not match" in e.reason, str(e)
        else:
            assert str(log.moves[-1][1]) == "pay 10"
    else:
        err = refuse(tmp_path, path.read_bytes(), "bad-pay.jsonl")
        assert err.line == line and "is not allowed" in err.reason, str(err)
    assert time.perf_counter() - began < 10, "checking one payment listed the hand's millions of payments"


# -- the digest is the documented projection ---------------------------------------------------

def by_hand(state) -> str:
    """The recipe of docs/logs.md, for states of ints, text and tuples."""
    import dataclasses
    import hashlib
    omit = getattr(state, "DIGEST_OMITS_DEFAULTS", {})
    out = getattr(state, "DIGEST_LEAVES_OUT", ())
    fields = {f.name: getattr(state, f.name) for f in dataclasses.fields(state)
              if not f.name.startswith("_") and f.name not in ("rules", "deck") and f.name not in out
              and not (f.name in omit and getattr(state, f.name) == omit[f.name])}
    text = json.dumps(fields, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def test_recorded_digests_follow_the_documented_recipe(finished):
    session, data = finished
    recs = [record(line) for line in split(data)[1:-1]]
    for i, rec in enumerate(recs, 1):
        assert rec["digest"] == by_hand(session.states[i]), f"step {i}: the digest is not the documented one"


@pytest.mark.parametrize("name", ["bloff", "auction", "horse-trading", "bidder-up"])
def test_every_game_digest_follows_the_documented_recipe(name):
    from bluffkit.core.digest import state_digest
    game = make_game(name, **({"board": "fairground"} if name == "bidder-up" else {}))
    players = 3 if name != "auction" else game.rules.fmt.players[0]
    rec = play(game, [make_agent("random", game) for _ in range(players)], seed=3)
    state = game.new_state(players)
    for i, (seat, action) in enumerate(rec.moves[:60], 1):
        state = game.step(state, seat, action)
        if getattr(state, "auction", None) is not None:       # a nested dataclass: beyond the short recipe
            continue
        assert state_digest(state, game) == by_hand(state), f"{name} step {i}"


def test_nested_dataclasses_are_written_as_objects_of_their_fields():
    """Bluffer's history holds Reveal records: each is an object of its fields."""
    import dataclasses

    from bluffkit.core.digest import canonical, projection
    game = make_game("bluffer")
    rec = play(game, [make_agent("random", game) for _ in range(3)], seed=3)
    state = rec.final.freeze()
    data = json.loads(canonical(projection(state, game)))
    assert "rules" not in data and "deck" not in data
    assert data["history"], "the game should have scored questions"
    first = state.history[0]
    assert data["history"][0] == json.loads(canonical({f.name: getattr(first, f.name)
                                                       for f in dataclasses.fields(first)}))
    assert set(data["history"][0]) == {f.name for f in dataclasses.fields(first)}


def test_the_digest_ignores_field_order_and_reads_enums_by_value():
    import dataclasses
    import enum

    from bluffkit.core.digest import canonical, projection, state_digest

    class Phase(str, enum.Enum):
        BID = "bid"

    @dataclasses.dataclass(frozen=True)
    class A:
        rules: object
        phase: object
        seen: object
        money: tuple

    @dataclasses.dataclass(frozen=True)
    class B:
        money: tuple
        seen: object
        phase: object
        _cache: object = None

    class StrPhase(enum.StrEnum):
        BID = "bid"

    a = A(rules="whatever", phase=Phase.BID, seen=frozenset({3, 1, 2}), money=(1, (2, None)))
    b = B(money=(1, [2, None]), seen={2, 3, 1}, phase="bid", _cache=object())
    c = B(money=(1, (2, None)), seen=frozenset({1, 2, 3}), phase=StrPhase.BID)
    assert canonical(projection(a)) == '{"money":[1,[2,null]],"phase":"bid","seen":[1,2,3]}'
    assert state_digest(a) == state_digest(b) == state_digest(c), \
        "a phase turned from a string into a StrEnum must keep its digest"
    d = B(money=(1, (2, None)), seen=(1, 2, 3), phase=StrPhase.BID)
    assert by_hand(d) == state_digest(d), "the documented recipe reads a StrEnum as its string"


@pytest.mark.parametrize("value", [1.5, b"x", object(), {1: 2}])
def test_the_digest_refuses_what_it_cannot_write_stably(value):
    from bluffkit.core.digest import canonical
    with pytest.raises(TypeError):
        canonical({"field": value})


def test_a_game_snapshot_replaces_the_fields():
    from bluffkit.core.digest import canonical, projection, state_digest

    class Game:
        def snapshot(self, state):
            return {"only": state.money}

    state = type("S", (), {"money": (5, 6)})()
    assert projection(state, Game()) == {"only": (5, 6)}
    assert state_digest(state, Game()) != state_digest(state, type("G", (), {
        "snapshot": lambda self, s: {"only": (6, 5)}})())
    assert canonical(projection(state, Game())) == '{"only":[5,6]}'


# -- a Bluffer deck named by a log -------------------------------------------------------------

DECKS = REPO / "data" / "decks"


@pytest.fixture
def deck_log(tmp_path):
    """A short Bluffer game played with a copy of the shipped deck kept in folder ``a``,
    its log saved in the same folder and naming the deck by its path, as a log written
    by hand or by an older bluffkit may (bluffkit itself embeds such a deck in the log)."""
    a = tmp_path / "a"
    a.mkdir()
    deck = a / "mydeck.jsonl"
    deck.write_bytes((DECKS / "bluffer-general.jsonl").read_bytes())
    game = make_game("bluffer", deck=str(deck), rounds=1, questions_per_round=3)
    rec = play(game, [make_agent("random", game) for _ in range(3)], seed=5)
    seats = [{"name": f"P{i}", "agent": "random"} for i in range(3)]
    path = gamelog.write(a / "game.jsonl", game, seats, rec.seed, rec.moves)
    assert record(split(path.read_bytes())[0])["options"]["deck"] == "embedded", "bluffkit writes no path"
    path.write_bytes(with_deck(path, str(deck)))
    return path, rec


def with_deck(path: Path, deck: str) -> bytes:
    """The log at ``path`` with its header naming ``deck`` (and no embedded deck)."""
    lines = split(path.read_bytes())
    head = record(lines[0])
    head["options"]["deck"] = deck
    head.pop("deck", None)
    return join([dump(head)] + lines[1:])


def test_a_deck_in_the_log_folder_is_read(deck_log):
    path, rec = deck_log
    log, states = gamelog.read(path)
    from bluffkit.core.digest import state_digest
    assert state_digest(states[-1]) == state_digest(rec.final.freeze())


def test_a_deck_elsewhere_is_refused_until_a_copy_is_next_to_the_log(deck_log, tmp_path):
    path, rec = deck_log
    b = tmp_path / "b"
    b.mkdir()
    moved = b / "game.jsonl"
    moved.write_bytes(path.read_bytes())
    err = refuse(b, moved.read_bytes(), "game.jsonl")
    assert err.line == 1 and "outside the places a log may read a deck from" in err.reason
    assert "next to the log" in err.reason
    (b / "mydeck.jsonl").write_bytes((tmp_path / "a" / "mydeck.jsonl").read_bytes())
    log, states = gamelog.read(moved)
    from bluffkit.core.digest import state_digest
    assert state_digest(states[-1]) == state_digest(rec.final.freeze())
    assert log.game.rules.deck == str(b / "mydeck.jsonl"), "the copy beside the log is the deck read"


@pytest.mark.parametrize("deck", ["/dev/zero", "/etc/passwd", "../../../../../../etc/passwd", "/proc/self/environ"])
def test_a_deck_outside_the_allowed_places_is_never_read(deck_log, tmp_path, deck, monkeypatch):
    path, _ = deck_log
    from bluffkit.games.bluffer import deck as deckmod
    monkeypatch.setattr(deckmod, "load_deck", lambda p: pytest.fail(f"{p} was read"))
    err = refuse(tmp_path, with_deck(path, deck), "elsewhere.jsonl")
    assert err.line == 1 and "outside" in err.reason


def test_a_deck_in_a_folder_beside_the_logs_whose_name_starts_alike_is_refused(deck_log, tmp_path):
    """The log's folder is ``a``; ``a-x`` is another folder, though its path starts with
    ``a``'s: a log may not read a deck from there."""
    path, _ = deck_log
    sibling = tmp_path / "a-x"
    sibling.mkdir()
    deck = sibling / "d.jsonl"
    deck.write_bytes((DECKS / "bluffer-general.jsonl").read_bytes())
    assert str(deck).startswith(str(path.parent)) and not (path.parent / "d.jsonl").exists()
    err = refuse(path.parent, with_deck(path, str(deck)), "sibling.jsonl")
    assert err.line == 1 and "outside the places a log may read a deck from" in err.reason


def test_a_fifo_named_as_a_deck_is_refused(deck_log):
    path, _ = deck_log
    fifo = path.parent / "pipe.jsonl"
    os.mkfifo(fifo)
    err = refuse(path.parent, with_deck(path, str(fifo)), "fifo-deck.jsonl")
    assert err.line == 1 and "not a regular file" in err.reason


def test_a_link_next_to_the_log_leading_elsewhere_is_refused(deck_log):
    path, _ = deck_log
    link = path.parent / "link.jsonl"
    link.symlink_to("/etc/passwd")
    err = refuse(path.parent, with_deck(path, str(link)), "link-deck.jsonl")
    assert err.line == 1 and "outside" in err.reason


def test_an_oversized_deck_is_refused(deck_log, monkeypatch):
    path, _ = deck_log
    monkeypatch.setattr(logfiles, "MAX_DECK_BYTES", 1000)
    err = refuse(path.parent, path.read_bytes(), "big-deck.jsonl")
    assert err.line == 1 and "more than a deck may be" in err.reason


def test_a_shipped_deck_by_name_is_read_and_an_unknown_name_refused(tmp_path):
    game = make_game("bluffer", rounds=1, questions_per_round=3)
    rec = play(game, [make_agent("random", game) for _ in range(3)], seed=2)
    seats = [{"name": f"P{i}", "agent": "random"} for i in range(3)]
    path = gamelog.write(tmp_path / "g.jsonl", game, seats, rec.seed, rec.moves)
    assert gamelog.read(path)[1][-1] == rec.final.freeze()
    err = refuse(tmp_path, with_deck(path, "nonesuch"), "unknown.jsonl")
    assert err.line == 1 and "nonesuch" in err.reason


# -- damaged logs, generated: one line naming the line, never another exception, quickly --------

try:
    from tests.log_mutations import MUTATION, mutated, read_or_refuse
except ImportError:  # tests/ is not a package: pytest puts tests/ itself on sys.path
    from log_mutations import MUTATION, mutated, read_or_refuse



def scenario_log() -> bytes:
    """A log that starts from a scenario's position (numbers in the header's ``start``)."""
    import tempfile

    from bluffkit.core import scenario
    sc = scenario.find("ht-auction-ben-pays-100")
    moves = [(seat, action) for seat, action, _ in sc.moves]
    seats = [{"name": n, "agent": "human"} for n in sc.seats]
    with tempfile.TemporaryDirectory() as d:
        return gamelog.write(Path(d) / "sc.jsonl", sc.game, seats, None, moves, start=sc.start).read_bytes()


def bloff_log() -> bytes:
    import tempfile
    game = make_game("bloff")
    rec = play(game, [make_agent("random", game) for _ in range(3)], seed=4)
    seats = [{"name": f"P{i}", "agent": "random"} for i in range(3)]
    with tempfile.TemporaryDirectory() as d:
        return gamelog.write(Path(d) / "b.jsonl", game, seats, rec.seed, rec.moves).read_bytes()


@pytest.mark.slow
@pytest.mark.parametrize("source", ["session", "scenario", "bloff"])
def test_damaged_logs_are_refused_in_one_line(source, finished, tmp_path_factory):
    data = {"session": lambda: finished[1], "scenario": scenario_log, "bloff": bloff_log}[source]()
    gamelog.parse(data)                                   # the undamaged log reads

    @MUTATION
    @given(case=mutated(data))
    def check(case):
        how, damaged = case
        read_or_refuse(tmp_path_factory.mktemp("m"), damaged, how)

    check()


def test_an_action_with_thousands_of_digits_is_refused(tmp_path):
    """The auction's parser tripped on a number of 5000 digits (Python refuses to read
    it); it now refuses such a bid in words, and the log is refused in one line."""
    lines = split((TESTS / "logs" / "auction-cat-in-the-bag.jsonl").read_bytes())
    i = first_line(lines, lambda r: r.get("action", "").startswith("bid "))
    rec = record(lines[i])
    rec["action"] = "bid " + "9" * 5000
    edited = list(lines)
    edited[i] = dump(rec)
    err = refuse(tmp_path, join(edited))
    assert err.line == i + 1 and "a bid has at most 12 digits, got 5,000" in err.reason
    assert len(str(err)) < 500


def test_an_option_added_after_frozen_logs_enters_a_digest_only_when_turned_on():
    """Bidder Up! logs of 0.2.0 digest states that hold an auction's rules; the later
    first_refusal option is left out at its default (so they replay) and counts when off."""
    from bluffkit.auctions.rules import Rules
    from bluffkit.core.digest import canonical
    on, off = Rules(format="secret-value"), Rules(format="secret-value", first_refusal=False)
    assert "first_refusal" not in canonical(on) and '"first_refusal":false' in canonical(off)
    assert canonical(on) != canonical(off)


def test_a_log_with_very_many_seats_is_refused_at_once(tmp_path, lines):
    """Checking that seat names differ was quadratic: 50,000 seats took 24 s to refuse."""
    import time
    head = record(lines[0])
    head["seats"] = [{"name": f"p{i}"} for i in range(50_000)]
    t0 = time.perf_counter()
    err = refuse(tmp_path, join([dump(head), dump({"end": {"steps": 0, "over": False}})]))
    assert "3 to 5 players" in err.reason
    assert time.perf_counter() - t0 < 5, "refusing 50,000 seats should take well under a second"


@pytest.mark.parametrize("field, value, words", [
    ("over", "false", "'over' must be true or false"),
    ("over", [True], "'over' must be true or false"),
    ("over", 1, "'over' must be true or false"),
    ("steps", "float", "steps, but the log has"),
    ("steps", True, "steps, but the log has"),
    ("scores", "floats", "scores"),
    ("winners", "floats", "winners"),
])
def test_an_end_record_of_the_wrong_types_is_refused(tmp_path, lines, field, value, words):
    """A finished log whose end record said ``"over": "false"``, ``"steps": 6.0`` or
    scores as floats replayed as sound."""
    end = record(lines[-1])
    body = end["end"]
    if value == "float":
        body[field] = float(body[field])
    elif value == "floats":
        body[field] = [float(x) for x in body[field]]
    else:
        body[field] = value
    err = refuse(tmp_path, join(lines[:-1] + [dump(end)]))
    assert err.line == len(lines) and words in err.reason


@FAST
@given(st.dictionaries(st.one_of(st.sampled_from(["step", "seat", "action", "digest", "say"]), st.text(max_size=4),
                                 st.integers(0, 3)),
                       st.one_of(st.integers(-10**30, 10**30), st.text(max_size=8), st.booleans(), st.none(),
                                 st.lists(st.integers(), max_size=2)), max_size=6))
def test_a_log_line_is_what_json_writes(record):
    """A step record's line (``bluffkit.core.log``), written directly for ints and text."""
    assert gamelog._record_line(record) == json.dumps(record, separators=(",", ":"), ensure_ascii=False)


def test_a_deck_file_is_told_from_a_log_by_its_first_line(tmp_path):
    """``logfiles.is_deck_file``: what ``bluffkit replay FOLDER`` leaves out of a folder."""
    deck = REPO / "data" / "decks" / "bluffer-general.jsonl"
    assert logfiles.is_deck_file(deck)
    for name, data in (("log.jsonl", b'{"format":"bluffkit-log","version":2}\n'), ("bad.jsonl", b"\xff\xfe"),
                       ("list.jsonl", b"[1,2]\n"), ("deep.jsonl", b"[" * 100_000 + b"\n")):
        (tmp_path / name).write_bytes(data)
        assert not logfiles.is_deck_file(tmp_path / name), name
    os.mkfifo(tmp_path / "pipe.jsonl")
    assert not logfiles.is_deck_file(tmp_path / "pipe.jsonl") and not logfiles.is_deck_file(tmp_path)


def test_a_header_whose_seed_or_ruleset_contradicts_is_refused_on_line_1(tmp_path):
    """A seed of -1 and a 'ruleset' or 'variants' at odds with the options were read as a
    valid log (they were never compared)."""
    import json as _json

    from bluffkit.core import log as gamelog
    from bluffkit.core.errors import LogError
    from bluffkit.core.game import make_game
    game = make_game("horse-trading", variants=["short"])
    good = tmp_path / "good.jsonl"
    gamelog.write(good, game, [{"name": n} for n in ("A", "B", "C")], 5, [])
    lines = good.read_text(encoding="utf-8").splitlines()
    for key, value, says in (("seed", -1, "'seed' must be a whole number from 0 to 2\\*\\*1024 - 1, or null, got -1"),
                             ("seed", 2**1024, "'seed' must be a whole number from 0 to 2\\*\\*1024 - 1, or null, got 1797"),
                             ("ruleset", "junk", "'ruleset' is 'junk', but the log's options are those of"),
                             ("variants", [], "'variants' is \\[\\], but the log's options are those of \\['short'\\]")):
        head = _json.loads(lines[0])
        head[key] = value
        bad = tmp_path / f"{key}.jsonl"
        bad.write_text("\n".join([_json.dumps(head)] + lines[1:]) + "\n", encoding="utf-8")
        with pytest.raises(LogError, match=f"line 1: {says}"):
            gamelog.read(bad)
    assert gamelog.read(good)[0].seed == 5


def test_a_later_log_with_its_version_set_to_1_is_refused(tmp_path):
    """Format 1 named no writer and its digests are not compared: setting a format-2 log's
    version to 1 made an edited move pass as valid."""
    import json as _json

    from bluffkit.core import log as gamelog
    from bluffkit.core.errors import LogError
    from bluffkit.core.game import make_game
    good = tmp_path / "good.jsonl"
    gamelog.write(good, make_game("bloff"), [{"name": n} for n in ("A", "B", "C")], 5, [])
    lines = good.read_text(encoding="utf-8").splitlines()
    head = _json.loads(lines[0])
    head["version"] = 1
    bad = tmp_path / "v1.jsonl"
    bad.write_text("\n".join([_json.dumps(head)] + lines[1:]) + "\n", encoding="utf-8")
    with pytest.raises(LogError, match="line 1: a log of format 1 names no bluffkit version, but this one says"):
        gamelog.read(bad)


def test_a_later_log_set_to_format_1_without_its_writer_is_refused_at_its_first_digest(tmp_path, game_record):
    """With the ``bluffkit`` field taken out too, a format-2 log read as format 1: its
    digests went uncompared and an edited move replayed as valid. Format 1's digests are
    8 hex digits, later ones are not."""
    import json as _json
    game, seats, rec = game_record
    good = tmp_path / "good.jsonl"
    gamelog.write(good, game, seats, rec.seed, rec.moves)
    lines = good.read_text(encoding="utf-8").splitlines()
    head = _json.loads(lines[0])
    head["version"] = 1
    del head["bluffkit"]
    bad = tmp_path / "v1.jsonl"
    bad.write_text("\n".join([_json.dumps(head)] + lines[1:]) + "\n", encoding="utf-8")
    first = _json.loads(lines[1])["digest"]
    with pytest.raises(LogError, match=re.escape(f"line 2: step 1's digest '{first}' is no format-1 checksum "
                                                 "(8 hex digits), as later formats write them: was the header's "
                                                 "version changed?")):
        gamelog.read(bad)
    old = REPO / "tests" / "logs" / "horse-trading-short.jsonl"      # a real format-1 log still reads
    log, _ = gamelog.read(old)
    assert log.version == 1 and "format-1 digests not compared" in log.note


@pytest.mark.parametrize("line, kind", [("null", "null"), ("3.5", "a number"), ("[1]", "an array"),
                                        ('"x"', "a string"), ("true", "true")])
def test_a_record_that_is_not_an_object_is_named_in_jsons_words(tmp_path, line, kind):
    """The reason said 'found NoneType' or 'found float', Python's words."""
    from bluffkit.core import log as gamelog
    from bluffkit.core.errors import LogError
    bad = tmp_path / "x.jsonl"
    bad.write_text(line + "\n", encoding="utf-8")
    with pytest.raises(LogError, match=rf"line 1: expected a JSON object \(\{{\.\.\.\}}\), found {kind}$"):
        gamelog.read(bad)


@pytest.mark.parametrize("name, option, value", [("horse-trading", "first_leader", 2), ("bidder-up", "dutch_start", 5),
                                                 ("bidder-up", "second_price_alone", "own"),
                                                 ("auction", "first_refusal", False)])
def test_an_option_added_later_is_in_a_header_only_off_its_default(name, option, value):
    """A game that does not use an option added late writes the header it wrote before the
    option existed: the header leaves the option out at its default (``LATER_OPTIONS``)."""
    from bluffkit.core.game import make_game
    plain, changed = make_game(name), make_game(name, **{option: value})
    assert option in type(plain.rules).LATER_OPTIONS
    assert option not in plain.header()["options"]
    assert changed.header()["options"][option] == value
    assert getattr(type(changed).from_header(changed.header()).rules, option) == value
    assert getattr(type(plain).from_header(plain.header()).rules, option) == getattr(plain.rules, option)


def test_every_later_option_off_its_default_survives_the_rules_header_alone_or_together():
    """``RuleOptions.to_dict`` skips a later option only at its default: each of the auction's
    later options set alone (whatever its place among the fields), and all of them at once,
    must come back from the header's JSON as set, while every other option is always written."""
    import dataclasses

    from bluffkit.auctions.rules import Rules
    off = {"show_against": "bid", "sealed_bids": "notes", "supply": 1, "first_refusal": False}
    assert set(off) == set(Rules.LATER_OPTIONS)
    always = [f.name for f in dataclasses.fields(Rules) if f.name not in off]
    assert list(Rules().to_dict()) == always
    for changes in [{k: v} for k, v in off.items()] + [off]:
        rules = Rules().replace(**changes)
        header = json.loads(json.dumps(rules.to_dict()))
        assert {k: header.get(k) for k in off} == {k: changes.get(k) for k in off}, changes
        assert Rules.from_dict(header) == rules, changes


def test_a_file_of_exactly_the_size_limit_is_read(tmp_path, finished, monkeypatch):
    """"At most 16 MiB" (docs/logs.md): a log of the limit's size itself is read, as file and
    as text; one byte more is refused (above)."""
    path = tmp_path / "edge.jsonl"
    path.write_bytes(finished[1])
    monkeypatch.setattr(logfiles, "MAX_BYTES", len(finished[1]))
    (read, _), (parsed, _) = gamelog.read(path), gamelog.parse(finished[1])
    assert read.moves == parsed.moves and len(read.moves) > 100 and read.seats == parsed.seats


# -- what may be read, checked before reading: odd names, odd files, odd seats, odd decks -------

def test_a_deck_file_is_told_by_its_first_4096_bytes_at_most(tmp_path, monkeypatch):
    """``bluffkit replay FOLDER`` looks at every ``*.jsonl`` file there: one huge line (no
    line break in a file of megabytes) is never read whole to tell a deck from a log."""
    import io
    path = tmp_path / "one-line.jsonl"
    path.write_bytes(b'{"format":"bluffkit-deck",' + b" " * (1 << 20) + b"}\n")
    got = []

    class Counted(io.BufferedReader):
        def readline(self, size=-1):
            line = super().readline(size)
            got.append(len(line))
            return line

    monkeypatch.setattr(logfiles, "open", lambda p, mode: Counted(io.FileIO(p, mode.replace("b", ""))), raising=False)
    assert not logfiles.is_deck_file(path)
    assert got and max(got) <= 4096


def test_short_and_one_line_quote_a_value_as_the_messages_do():
    """``short`` keeps a repr of exactly its limit whole and cuts a longer one to the limit,
    ending in "..."; ``one_line`` writes a control character as Python writes it in a
    string (a line break as backslash-n), never dropping it."""
    assert logfiles.short("x" * 58) == "'" + "x" * 58 + "'"            # 60 characters
    assert logfiles.short("x" * 59) == "'" + "x" * 56 + "..."          # 61 cut to 60
    assert logfiles.one_line("Be\nn\x1b[2J\tend") == "Be\\nn\\x1b[2J\\tend"
    err = logfiles.fail(2, "bad\rreason", "odd\nname.jsonl")
    assert err.reason == "bad\\rreason" and err.path == "odd\\nname.jsonl" and "\n" not in str(err)


@pytest.mark.parametrize("name, words", [
    (b"game.jsonl", "a log is read from a file name (text or a path), got b'game.jsonl'"),
    ("   ", "a log is read from a file name (text or a path), got '   '"),
    ("a\x00b.jsonl", "cannot read the file (embedded null byte)"),
])
def test_a_name_that_is_no_file_name_is_refused_in_words(name, words):
    """Bytes or a blank name name no file (``str(b"x")`` would open a file called "b'x'"),
    and a name holding a NUL cannot be opened: each is refused as a whole (line 0), in words."""
    with pytest.raises(LogError) as info:
        logfiles.read_bytes(name)
    assert info.value.line == 0 and words in str(info.value)


def test_a_refusal_names_what_was_to_be_read(tmp_path, monkeypatch):
    """``read_bytes`` also reads scenarios and other small files: its refusals say which."""
    with pytest.raises(LogError, match="a scenario is read from a file name"):
        logfiles.read_bytes(None, "scenario")
    path = tmp_path / "big.json"
    path.write_bytes(b"{}" * 10)
    monkeypatch.setattr(logfiles, "MAX_BYTES", 5)
    with pytest.raises(LogError, match="more than a scenario may be"):
        logfiles.read_bytes(path, "scenario")


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="needs Linux's /proc")
def test_a_file_whose_size_is_not_known_ahead_is_read_up_to_the_limit_only(monkeypatch):
    """A file the system gives as 0 bytes long though it holds more (``/proc``'s, or one
    that grows while it is read) passes the size check: the read itself stops one byte
    past the limit, and that is refused as too large."""
    monkeypatch.setattr(logfiles, "MAX_BYTES", 100)
    assert os.stat("/proc/self/status").st_size == 0
    assert len(logfiles.read_bytes("/proc/self/status")) == 101
    with pytest.raises(LogError, match="the log is 101 bytes, more than a log may be"):
        gamelog.read("/proc/self/status")


@pytest.mark.parametrize("seats, words", [
    ({}, "'seats' must be a list of objects"),
    ("Anna", "'seats' must be a list of objects"),
    (["Anna", "Ben", "Carla"], "'seats' must be a list of objects"),
    ([{"name": "Anna"}, {"name": "   "}], "seat 1 needs a name"),
    ([{"name": "Anna", "agent": "a" * 81}], "seat 0's 'agent' must be a short text"),
])
def test_seats_of_the_wrong_shape_or_a_blank_name_are_refused_on_line_1(seats, words):
    """docs/logs.md: "seats without a name each of their own" are refused, so is a seats
    entry that is no list of objects and an agent longer than a name may be (80)."""
    with pytest.raises(LogError) as info:
        logfiles.check_seats(seats, "g.jsonl")
    assert info.value.line == 1 and words in info.value.reason
    assert logfiles.check_seats([{"name": "A", "agent": "a" * 80}], None) == [{"name": "A", "agent": "a" * 80}]


def deck_head(deck) -> dict:
    return {"game": "bluffer", "options": {"deck": deck, "rounds": 1}}


def test_a_deck_named_by_its_bare_file_name_is_the_one_beside_the_log(tmp_path):
    """A deck option ending in ``.jsonl`` names a file, not a deck shipped with bluffkit:
    the header returned names the copy in the log's folder, never a file of the
    folder bluffkit happens to run in."""
    (tmp_path / "only-here-4417.jsonl").write_bytes((DECKS / "bluffer-general.jsonl").read_bytes())
    head = logfiles.check_deck(deck_head("only-here-4417.jsonl"), tmp_path / "g.jsonl")
    assert head["options"] == {"deck": str(tmp_path / "only-here-4417.jsonl"), "rounds": 1}


def test_a_log_read_as_text_may_name_a_shipped_deck_only(tmp_path):
    """A log given as text has no folder of its own: a deck named by path is refused
    (only data/decks is named), whatever folder bluffkit runs in."""
    deck = tmp_path / "mydeck.jsonl"
    deck.write_bytes((DECKS / "bluffer-general.jsonl").read_bytes())
    with pytest.raises(LogError) as info:
        logfiles.check_deck(deck_head(str(deck)), None)
    assert info.value.line == 1 and "may read a deck from (data/decks); put a copy" in info.value.reason


@pytest.mark.parametrize("deck, words", [
    ("a\x00b/c.jsonl", "is not a deck name or a file name"),
    ("x" * 1001, "is not a deck name or a file name"),
    ("/nowhere-4417/", "is outside the places a log may read a deck from"),
    ("sub-4417/deck", "is outside the places a log may read a deck from"),
])
def test_an_odd_deck_option_is_refused_in_words(tmp_path, deck, words):
    """A NUL, a name of over 1000 characters or a folder's path is no deck, and a relative
    path (a ``/`` in it) names a file, not a shipped deck, here one outside the log's
    folder: each is refused on line 1, never an exception of the file system; a deck
    option that is no text is the game's to refuse, untouched here."""
    with pytest.raises(LogError) as info:
        logfiles.check_deck(deck_head(deck), tmp_path / "g.jsonl")
    assert info.value.line == 1 and words in info.value.reason
    assert logfiles.check_deck(deck_head(5), tmp_path / "g.jsonl") == deck_head(5)


@pytest.mark.parametrize("to", ["/etc/passwd", "/nowhere-4417/deck.jsonl"])
def test_a_link_beside_the_log_leading_out_is_named_even_when_dangling(tmp_path, to):
    """A deck named by a path elsewhere is looked for beside the log; a link there leading
    out of the folder (to a file or to nothing) is refused naming the link beside the log."""
    (tmp_path / "deck.jsonl").symlink_to(to)
    with pytest.raises(LogError) as info:
        logfiles.check_deck(deck_head("/elsewhere-4417/deck.jsonl"), tmp_path / "g.jsonl")
    assert info.value.line == 1
    reason = info.value.reason      # (the link's path is quoted, cut to 60 characters)
    assert reason.startswith(f"the deck file '{str(tmp_path)[:40]}") and reason.endswith(" leads outside the log's folder")
    assert "elsewhere" not in reason


def test_a_deck_of_exactly_the_size_limit_is_taken(tmp_path, monkeypatch):
    """"A regular file of at most 16 MiB" (docs/logs.md): the limit itself is allowed."""
    deck = tmp_path / "deck.jsonl"
    deck.write_bytes((DECKS / "bluffer-general.jsonl").read_bytes())
    monkeypatch.setattr(logfiles, "MAX_DECK_BYTES", deck.stat().st_size)
    assert logfiles.check_deck(deck_head(str(deck)), tmp_path / "g.jsonl") == deck_head(str(deck))
    monkeypatch.setattr(logfiles, "MAX_DECK_BYTES", deck.stat().st_size - 1)
    with pytest.raises(LogError, match="more than a deck may be"):
        logfiles.check_deck(deck_head(str(deck)), tmp_path / "g.jsonl")


def test_a_shipped_deck_named_by_its_path_and_a_deck_beside_a_log_in_a_linked_folder_are_taken(tmp_path):
    """A deck in data/decks may be named by its full path; and a log read through a link
    to its folder may name the deck beside it (the folder is compared as the link leads)."""
    shipped = str(DECKS / "bluffer-general.jsonl")
    assert logfiles.check_deck(deck_head(shipped), tmp_path / "g.jsonl") == deck_head(shipped)
    real = tmp_path / "real"
    real.mkdir()
    (real / "deck.jsonl").write_bytes((DECKS / "bluffer-general.jsonl").read_bytes())
    (tmp_path / "linked").symlink_to(real)
    deck = str(tmp_path / "linked" / "deck.jsonl")
    assert logfiles.check_deck(deck_head(deck), tmp_path / "linked" / "g.jsonl") == deck_head(deck)


def test_two_seats_of_one_name_are_both_named():
    """The refusal names both seats holding the name, the first and the second."""
    seats = [{"name": "Anna"}, {"name": "Ben"}, {"name": "Carla"}, {"name": "Ben"}]
    with pytest.raises(LogError, match="seats 1 and 3 are both named 'Ben'; every seat needs its own name"):
        logfiles.check_seats(seats, "g.jsonl")


def test_a_reason_of_control_characters_is_cut_once_they_are_escaped():
    """``MAX_REASON`` is the longest reason a refusal gives: a reason full of control
    characters, each written as four (a bell as backslash-x07), is cut after escaping,
    not before (1000 bells were 1000 times four characters, less the cut), and between two
    escapes, never inside one (a lone backslash before the "..." reads as an escape of its
    own)."""
    err = logfiles.fail(1, "\x07" * 1000, None)
    assert err.reason == "\\x07" * 99 + "..."             # 396 + 3: a 100th escape does not fit before the "..."
    assert logfiles.fail(1, "\x07" * 100, None).reason == "\\x07" * 100      # 400 characters: whole
    assert logfiles.fail(1, "a" * 396 + "\x1b" + "b", None).reason == "a" * 396 + "..."   # not a*396 + "\\" + "..."
    assert logfiles.fail(1, "a" * 396 + "\x1b", None).reason == "a" * 396 + "\\x1b"    # 400: whole
    assert logfiles.fail(1, "a" * 401, None).reason == "a" * 397 + "..."


def test_a_terminal_named_as_a_log_is_opened_without_taking_it_as_the_processs_own(monkeypatch):
    """``read_bytes`` opens a name before it can tell a device from a log; a terminal
    device (``/dev/tty1``) opened so by a process with no terminal of its own would become
    that process's controlling terminal (POSIX ``open``: unless ``O_NOCTTY`` is given). The
    open asks for no controlling terminal, and the device is then refused in words."""
    flags = []
    real = os.open

    def spy(path, how, *args, **kwargs):
        flags.append(how)
        return real(path, how, *args, **kwargs)

    monkeypatch.setattr(logfiles.os, "open", spy)
    with pytest.raises(gamelog.LogError, match="not a regular file"):
        logfiles.read_bytes("/dev/null")
    assert flags and all(how & os.O_NOCTTY and how & os.O_NONBLOCK for how in flags)


def test_a_move_the_parser_trips_on_is_kept_hidden_until_the_game_is_finished(tmp_path, lines, bloff_mid,
                                                                           monkeypatch):
    """A text a game's parser trips on with a plain ValueError (not its own refusal) was quoted
    in the refusal whatever the game's state: in a game not finished it is kept off the screen,
    as any refused move is there (it can be the cards a Bløff player laid face down); in a
    finished game it is quoted with what the parser said."""
    from bluffkit.games.bloff.game import Bloff
    from bluffkit.games.youre_bluffing.game import YoureBluffing
    saved = list(bloff_mid)
    i = first_line(saved, lambda r: r.get("action", "").startswith("play "))
    laid = record(saved[i])["action"]
    real = Bloff.parse

    def trips(self, text):
        if text == laid:
            raise ValueError(f"cannot read {text}")
        return real(self, text)

    monkeypatch.setattr(Bloff, "parse", trips)
    err = refuse(tmp_path, join(saved), "mid.jsonl")
    assert err.line == i + 1 and "not shown, since the game is not finished" in err.reason, str(err)
    assert laid.removeprefix("play ") not in str(err), str(err)
    j = first_line(lines, lambda r: r.get("action", "").startswith("bid "))
    bid = record(lines[j])["action"]
    real_yb = YoureBluffing.parse
    monkeypatch.setattr(YoureBluffing, "parse",
                        lambda self, text: (_ for _ in ()).throw(OverflowError("too big")) if text == bid
                        else real_yb(self, text))
    err = refuse(tmp_path, join(lines), "finished.jsonl")
    assert err.line == j + 1 and f"'{bid}' is not an action of this game (too big)" in err.reason, str(err)


@pytest.mark.parametrize("name, version, hexes", [("horse-trading-short.jsonl", 1, 8),
                                                  ("auction-second-hand-show-bid.jsonl", 2, 16)])
@pytest.mark.parametrize("digest, said", [(10 ** 29, "100000000000000000000000000000"), (None, "None"),
                                          (["9fb7"], "['9fb7']")])
def test_a_digest_of_the_wrong_type_is_said_to_be_so_not_missing(tmp_path, name, version, hexes, digest, said):
    """A record whose digest was a number was refused as having "no digest"; it has one,
    of the wrong type, and says so as the other fields' type errors do."""
    shipped = split((FROZEN / name).read_bytes())
    assert record(shipped[0])["version"] == version
    rec = record(shipped[3])
    rec["digest"] = digest
    edited = list(shipped)
    edited[3] = dump(rec)
    path = tmp_path / "typed.jsonl"
    path.write_bytes(join(edited))
    with pytest.raises(LogError) as info:
        gamelog.read(path)
    assert info.value.line == 4
    assert info.value.reason == f"step 3's 'digest' must be text ({hexes} hex digits), got {said}"


def test_ruleset_and_variants_are_checked_when_given_and_a_header_without_them_is_read_by_its_options(tmp_path):
    """docs/logs.md: they must agree with the options when given; the options decide the rules."""
    shipped = split((FROZEN / "horse-trading-short.jsonl").read_bytes())
    head = record(shipped[0])
    assert "ruleset" in head and "variants" in head
    path = tmp_path / "h.jsonl"
    for key in ("ruleset", "variants"):
        bare = {k: v for k, v in head.items() if k != key}
        path.write_bytes(join([dump(bare), *shipped[1:]]))
        log, _ = gamelog.read(path)
        assert log.game.header()[key] == head[key]
        path.write_bytes(join([dump({**head, key: "other" if key == "ruleset" else ["other"]}), *shipped[1:]]))
        with pytest.raises(LogError, match=f"'{key}' is .*, but the log's options are those of"):
            gamelog.read(path)
