"""Game logs: versioned JSON Lines, the source of truth for a game.

Line 1 is the header::

    {"format": "bluffkit-log", "version": 1, "game": "horse-trading", "ruleset": "horse_trading",
     "variants": [], "options": {...every rule option...}, "seats": [{"name": "Anna", "agent": "human"}, ...],
     "seed": 7, "start": null}

then one record per step, in order: a chance outcome ``{"step": 1, "chance": "draw cow",
"digest": "..."}`` or an action ``{"step": 2, "seat": 1, "action": "bid 60", "digest": "..."}``.
``digest`` is a checksum of the whole state after the step. A record may carry
derived fields (``"say"``: narration); replay reads only the inputs and checks the
digest. The last line is ``{"end": {"steps": N, "over": true, "scores": [...],
"winners": [...]}}``.

Reading refuses, with the line number and the reason and never with a traceback,
a file that is not UTF-8 JSON Lines, a foreign file, a newer format version, an
unknown game or bad rules, records out of order, an action that is illegal where
it stands, a state that does not match its recorded digest (an edited log), and a
file without its end record (truncated). Nothing is ever evaluated or unpickled.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from bluffkit.core.digest import digest
from bluffkit.core.errors import BluffkitError, LogError, is_seat
from bluffkit.core.game import game_from_header

FORMAT = "bluffkit-log"
VERSION = 1


@dataclass
class GameLog:
    """A log read from a file (or made in memory): the game, seats, seed and moves."""

    game: object
    seats: list[dict]
    seed: int | None
    moves: list = field(default_factory=list)      # (seat or None, action)
    start: dict | None = None                      # a scenario's start position, or None
    says: list = field(default_factory=list)       # narration per move ("" if none)
    lines: list = field(default_factory=list)      # line number of each move
    end: dict | None = None

    @property
    def names(self) -> list[str]:
        return [s.get("name", f"seat {i}") for i, s in enumerate(self.seats)]


def start_state(game, players: int, start: dict | None):
    """The first state of a logged game: a new game, or a recorded start position."""
    if start is None:
        return game.new_state(players)
    return game.state_from_position(players=players, **start)


def header(game, seats: list[dict], seed: int | None, start: dict | None = None) -> dict:
    h = {"format": FORMAT, "version": VERSION}
    h.update(game.header())
    h.update({"seats": seats, "seed": seed, "start": start})
    return h


def records(game, players: int, moves, start: dict | None = None, says=None) -> tuple[list[dict], dict]:
    """The step records of ``moves`` (with digests) and the end record, replaying as it goes."""
    t = game.table(start_state(game, players, start))
    out = []
    for i, (seat, action) in enumerate(moves):
        if seat is None:
            t.apply_chance(action)
            rec = {"step": i + 1, "chance": game.notation(action)}
        else:
            t.apply(seat, action)
            rec = {"step": i + 1, "seat": seat, "action": game.notation(action)}
        rec["digest"] = digest(t.values())
        if says and says[i]:
            rec["say"] = says[i]
        out.append(rec)
    end = {"steps": len(moves), "over": t.is_over()}
    if t.is_over():
        end["scores"] = list(game.scores(t))
        end["winners"] = list(game.winners(t))
    return out, end


def write(path: str | os.PathLike, game, seats: list[dict], seed: int | None, moves,
          start: dict | None = None, says=None) -> Path:
    """Write a log atomically: the file appears whole or not at all."""
    path = Path(path)
    players = len(seats)
    recs, end = records(game, players, moves, start, says)
    lines = [json.dumps(header(game, seats, seed, start), separators=(",", ":"))]
    lines += [json.dumps(r, separators=(",", ":"), ensure_ascii=False) for r in recs]
    lines.append(json.dumps({"end": end}, separators=(",", ":")))
    text = "\n".join(lines) + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.chmod(tmp, _file_mode(path))
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return path


def _file_mode(path: Path) -> int:
    """The mode an ordinary new file gets (or the existing file's, when replacing it)."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def read(path: str | os.PathLike, *, verify: bool = True) -> tuple[GameLog, list]:
    """Read and replay a log: ``(log, states)`` where ``states[i]`` is the state after
    ``i`` moves. Raises :class:`LogError` with the line and the reason."""
    path = str(path)
    try:
        data = Path(path).read_bytes()
    except OSError as e:
        raise LogError(0, f"cannot read the file ({e.strerror or e})", path) from None
    return parse(data, path=path, verify=verify)


def parse(data: bytes | str, *, path: str | None = None, verify: bool = True) -> tuple[GameLog, list]:
    """Like :func:`read`, from the file's contents."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    raw_lines = data.split(b"\n")
    if raw_lines and raw_lines[-1] == b"":
        raw_lines.pop()
    if not raw_lines:
        raise LogError(1, "the file is empty, not a bluffkit log", path)

    def load(i: int) -> dict:
        try:
            text = raw_lines[i].decode("utf-8")
        except UnicodeDecodeError:
            raise LogError(i + 1, "not UTF-8 text (is this a bluffkit log?)", path) from None
        if not text.strip():
            raise LogError(i + 1, "blank line inside the log", path)
        try:
            obj = json.loads(text)
        except json.JSONDecodeError as e:
            raise LogError(i + 1, f"not valid JSON ({e.msg}, column {e.colno}); "
                                  f"the line may be cut off or edited", path) from None
        except (RecursionError, ValueError):
            raise LogError(i + 1, "not a log record (nested too deeply or not readable as JSON)", path) from None
        if not isinstance(obj, dict):
            raise LogError(i + 1, f"expected a JSON object, found {type(obj).__name__}", path)
        return obj

    head = load(0)
    log = _read_header(head, path)
    players = len(log.seats)
    try:
        state = start_state(log.game, players, log.start)
    except (BluffkitError, TypeError, ValueError) as e:
        raise LogError(1, f"bad start position: {e}", path) from None
    t = log.game.table(state)
    states = [state]

    for i in range(1, len(raw_lines)):
        rec = load(i)
        line = i + 1
        if "end" in rec:
            if i != len(raw_lines) - 1:
                after = raw_lines[i + 1].strip()
                raise LogError(line + 1, "a blank line after the end record" if not after
                               else "records after the end record", path)
            _check_end(rec, log, t, line, path)
            return log, states
        expected = len(log.moves) + 1
        step = rec.get("step")
        if type(step) is not int or step != expected:
            raise LogError(line, f"step {rec.get('step')!r} found where step {expected} was expected "
                                 f"(records missing or out of order)", path)
        try:
            if "chance" in rec:
                if "seat" in rec or "action" in rec:
                    raise LogError(line, "a record is either chance or a seat's action, not both", path)
                move = (None, log.game.parse(_text(rec, "chance", line, path)))
                t.apply_chance(move[1])
            elif "action" in rec:
                seat = rec.get("seat")
                if not is_seat(seat, players):
                    raise LogError(line, f"seat {seat!r} is not a seat of this game (0..{players - 1})", path)
                move = (seat, log.game.parse(_text(rec, "action", line, path)))
                t.apply(seat, move[1])
            else:
                raise LogError(line, "a record needs 'chance' or 'seat' and 'action'", path)
        except LogError:
            raise
        except BluffkitError as e:
            who = "chance" if "chance" in rec else log.names[rec["seat"]]
            raise LogError(line, f"step {expected} ({who}: {rec.get('chance') or rec.get('action')!r}) "
                                 f"is not allowed: {e}", path) from None
        if "digest" not in rec:
            raise LogError(line, f"step {expected} has no digest (every record of a version {VERSION} log has one)",
                           path)
        if verify and rec["digest"] != digest(t.values()):
            raise LogError(line, f"the state after step {expected} does not match the one recorded "
                                 f"(the log was edited, or written under other rules)", path)
        log.moves.append(move)
        log.says.append(rec.get("say", ""))
        log.lines.append(line)
        states.append(t.freeze())
    raise LogError(len(raw_lines) + 1, "the log ends without its end record (the file is truncated)", path)


def _text(rec: dict, key: str, line: int, path) -> str:
    v = rec.get(key)
    if not isinstance(v, str):
        raise LogError(line, f"'{key}' must be text, got {v!r}", path)
    return v


def _read_header(head: dict, path) -> GameLog:
    if head.get("format") != FORMAT:
        raise LogError(1, f"not a bluffkit log: the first line has no \"format\": \"{FORMAT}\"", path)
    version = head.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise LogError(1, f"bad format version {version!r}", path)
    if version > VERSION:
        raise LogError(1, f"log format version {version} is newer than this bluffkit reads ({VERSION})", path)
    try:
        game = game_from_header(head)
    except BluffkitError as e:
        raise LogError(1, f"bad game or rules: {e}", path) from None
    except (TypeError, ValueError) as e:
        raise LogError(1, f"bad rules: {e}", path) from None
    seats = head.get("seats")
    if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
        raise LogError(1, "'seats' must be a list of objects such as {\"name\": \"Anna\"}", path)
    try:
        game.check_players(len(seats))
    except BluffkitError as e:
        raise LogError(1, str(e), path) from None
    seed = head.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise LogError(1, f"'seed' must be an integer or null, got {seed!r}", path)
    start = head.get("start")
    if start is not None and not isinstance(start, dict):
        raise LogError(1, "'start' must be an object or null", path)
    return GameLog(game, seats, seed, start=start)


def _check_end(rec: dict, log: GameLog, t, line: int, path) -> None:
    end = rec["end"]
    if not isinstance(end, dict) or end.get("steps") != len(log.moves):
        raise LogError(line, f"the end record says {end.get('steps') if isinstance(end, dict) else end!r} "
                             f"steps, but the log has {len(log.moves)}", path)
    if bool(end.get("over")) != t.is_over():
        raise LogError(line, "the end record says the game is "
                             + ("over" if end.get("over") else "not over") + ", but the replay disagrees", path)
    if t.is_over():
        scores = list(log.game.scores(t))
        if end.get("scores") != scores:
            raise LogError(line, f"the end record's scores {end.get('scores')} do not match the replay's {scores}",
                           path)
        winners = list(log.game.winners(t))
        if end.get("winners") != winners:
            raise LogError(line, f"the end record's winners {end.get('winners')} do not match the replay's "
                                 f"{winners}", path)
    log.end = end
