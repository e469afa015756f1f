"""Game logs: versioned JSON Lines, the source of truth for a game (see ``docs/logs.md``).

Line 1 is the header::

    {"format": "bluffkit-log", "version": 2, "bluffkit": "0.2.0", "game": "horse-trading",
     "ruleset": "horse_trading", "variants": [], "options": {...every rule option...},
     "seats": [{"name": "Anna", "agent": "human"}, ...], "seed": 7, "start": null}

then one record per step, in order: an action ``{"step": 1, "seat": 0, "action": "auction",
"digest": "..."}`` or a chance outcome ``{"step": 2, "chance": "draw 9", "digest": "..."}``.
``digest`` is :func:`bluffkit.core.digest.state_digest` of the state after the step (a
hash of a documented projection of it). A record may carry derived fields (``"say"``:
narration); replay reads only the inputs and checks the digest. The last line is
``{"end": {"steps": N, "over": true, "scores": [...], "winners": [...]}}``.

Format 1 (bluffkit 0.1.0) had no ``"bluffkit"`` field and recorded a checksum of the
``repr`` of the state, which changes whenever a state's fields change shape: such a
log is read, every move replayed and checked against the rules, but its digests are
not compared, and :attr:`GameLog.note` says so.

Reading refuses, with one line naming the line number and the reason, and never
with a traceback: a file larger than 16 MiB or that is not a regular file
(checked before reading), a file that is not UTF-8 JSON Lines (a byte-order mark at its
very start, as Notepad writes, is read as nothing), a foreign file, a
newer format version (named), an unknown game or bad rules, seats without distinct
names, a deck file outside the places a log may read (:mod:`bluffkit.core.logfiles`), records
out of order, an action that is illegal where it stands, a state that does not
match its recorded digest (an edited log), and a file without its end record
(truncated). Nothing is ever evaluated or unpickled, and the file is never changed.
"""

from __future__ import annotations

import inspect
import json
import os
import re
import tempfile
from dataclasses import dataclass, field
from json.encoder import encode_basestring as _json_text
from pathlib import Path
from typing import NamedTuple

from bluffkit import __version__
from bluffkit.core import jsonread, logfiles
from bluffkit.core.digest import DIGEST_HEX, state_digest, table_digest
from bluffkit.core.errors import (
    SHAPE_ERRORS,
    BluffkitError,
    LogError,
    NotationError,
    RulesError,
    by_name,
    check_flag,
    is_seat,
    json_kind,
    printable,
    quote,
    split_options,
)
from bluffkit.core.game import game_from_header
from bluffkit.core.logfiles import check_deck, check_seats, fail, read_bytes, short
from bluffkit.core.protocols import Game
from bluffkit.core.seeding import MAX_SEED
from bluffkit.core.trail import StateTrail

FORMAT = "bluffkit-log"
VERSION = 2

#: The bluffkit versions that wrote each older format version.
WRITTEN_BY = {1: "0.1.0"}


@dataclass
class GameLog:
    """A log read from a file (or made in memory): the game, seats, seed and moves.

    ``version`` is the log's format version and ``written_by`` the bluffkit version that
    wrote it; ``note`` says what could not be checked in an older format (``None``
    when everything was)."""

    game: Game
    seats: list[dict]
    seed: int | None
    moves: list = field(default_factory=list)      # (seat or None, action)
    start: dict | None = None                      # a scenario's start position, or None
    says: list = field(default_factory=list)       # narration per move ("" if none)
    lines: list = field(default_factory=list)      # line number of each move
    end: dict | None = None
    version: int = VERSION
    written_by: str = __version__
    note: str | None = None

    @property
    def names(self) -> list[str]:
        return [s.get("name", f"seat {i}") for i, s in enumerate(self.seats)]


def start_state(game, players: int, start: dict | None):
    """The first state of a logged game: a new game, or a recorded start position."""
    if start is None:
        return game.new_state(players)
    if not isinstance(start, dict) or not all(isinstance(k, str) for k in start):
        raise RulesError(f"a start position is a mapping of field names to values, got {json_kind(start)}")
    if "players" in start:
        raise RulesError("a start position does not say the number of players: the seats do")
    takes = inspect.signature(game.state_from_position).parameters
    if not any(p.kind is p.VAR_KEYWORD for p in takes.values()):      # (a game that checks its keys itself)
        known = [n for n, p in takes.items() if n != "players" and p.kind is not p.VAR_POSITIONAL]
        unknown = sorted(set(start) - set(known))
        if unknown or "players" in start:
            raise RulesError(f"a start position takes {', '.join(known)}; unknown: {', '.join(unknown or ['players'])}")
    return game.state_from_position(players=players, **start)


def header(game, seats: list[dict], seed: int | None, start: dict | None = None) -> dict:
    h = {"format": FORMAT, "version": VERSION, "bluffkit": __version__}
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
        rec["digest"] = table_digest(t, game)
        if says and says[i]:
            rec["say"] = says[i]
        out.append(rec)
    end = {"steps": len(moves), "over": t.is_over()}
    if t.is_over():
        end["scores"] = list(game.scores(t))
        end["winners"] = list(game.winners(t))
    return out, end


#: ``json.dumps(record, separators=(",", ":"), ensure_ascii=False)``, the encoder made once.
_JSON_LINE = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode


def _record_line(record: dict) -> str:
    """A step record's line, as ``json.dumps(record, separators=(",", ":"),
    ensure_ascii=False)`` writes it: a record of ints and text written directly (JSON's
    encoder costs more to set up per line than the writing), any other the encoder's way."""
    parts = []
    for key, value in record.items():
        kind = type(value)
        if type(key) is not str:
            return _JSON_LINE(record)
        if kind is str:
            parts.append(_json_text(key) + ":" + _json_text(value))
        elif kind is int:
            parts.append(_json_text(key) + ":" + int.__repr__(value))
        else:
            return _JSON_LINE(record)
    return "{" + ",".join(parts) + "}"


def write(path: str | os.PathLike, game, seats: list[dict], seed: int | None, moves,
          start: dict | None = None, says=None, replace: bool = True) -> Path:
    """Write a log atomically: the file appears whole or not at all. A ``path`` that is no
    file name, or names a folder, is refused before anything is written; through a symbolic
    link the log replaces the link's target, and a named pipe or a device is refused
    (:func:`replace_target`). With ``replace``
    False a file that exists at ``path``, even one made a moment before, is left as it is
    and the log is refused (the new file is linked in place, which fails if one is there)."""
    if not isinstance(path, (str, os.PathLike)) or not str(path).strip():
        raise BluffkitError(f"a log is saved to a file name (text or a path), got {quote(path)}"[:200])
    check_flag(replace, "replace")
    path = Path(path)
    try:
        folder = path.is_dir()
    except (OSError, ValueError) as e:         # a name too long for the file system
        raise _cannot_save(path, e) from None
    if folder:
        raise BluffkitError(f"{printable(str(path))} is a folder; give the log a file name (e.g. game.jsonl)")
    if replace:
        path = replace_target(path)
    players = len(seats)
    recs, end = records(game, players, moves, start, says)
    lines = [json.dumps(header(game, seats, seed, start), separators=(",", ":"))]
    lines += map(_record_line, recs)
    lines.append(json.dumps({"end": end}, separators=(",", ":")))
    text = "\n".join(lines) + "\n"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # (".NAME." and eight characters and ".tmp": cli.TEMP_EXTRA counts the 14 bytes)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except (OSError, ValueError) as e:          # a file where a folder should be, no right to write, a NUL
        raise _cannot_save(path, e) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.chmod(tmp, _file_mode(path))
        if replace:
            os.replace(tmp, path)
        else:
            _link_new(tmp, path)
    except BaseException as e:
        if os.path.exists(tmp):
            os.unlink(tmp)
        if isinstance(e, OSError):               # a full disk, the name taken by a folder meanwhile
            raise _cannot_save(path, e) from None
        raise
    return path


def replace_target(path: Path, what: str = "the log") -> Path:
    """Where a write that replaces ``path`` puts its file. Through a symbolic link, the
    link's target, as Python's own file writers write (the link stays a link); a named
    pipe, a device or a socket there is refused, in words naming ``what``: replacing it
    with a file would lose it (a device's node replaced by a file of the log), and writing
    into it saves nothing. A link that leads nowhere (a loop) is refused as Python's
    writers refuse it."""
    import stat
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:                  # a new file (or a link to a file still to be made)
        return target
    except (OSError, ValueError) as e:          # a loop of links, no right to look
        raise BluffkitError(f"cannot save {what} to {printable(str(path))[:200]}: {os_reason(e)}") from None
    kind = ("a named pipe" if stat.S_ISFIFO(mode) else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
            else "a socket" if stat.S_ISSOCK(mode) else None)
    if kind:
        via = f" (the link leads to {printable(str(target))[:120]})" if target != path else ""
        raise BluffkitError(f"cannot save {what} to {printable(str(path))[:200]}: that is {kind}, not a file{via}; "
                            f"give a file name")
    return target


def _cannot_save(path, error: Exception) -> BluffkitError:
    """The error a failed save raises: its words name the file and the reason, and its
    ``why`` holds the reason alone (for a caller that names the file itself)."""
    why = os_reason(error)
    out = BluffkitError(f"cannot save the log to {printable(str(path))[:200]}: {why}")
    out.why = why                              # type: ignore[attr-defined]
    return out


def os_reason(error: Exception) -> str:
    """An operating system's reason in words, without the path it repeats."""
    if isinstance(error, OSError) and error.strerror:
        return error.strerror[0].lower() + error.strerror[1:]
    coded = re.search(r"\[errno (\d+)\]", str(error))      # pyarrow's: "Error writing bytes ... [errno 28] ..."
    if coded:
        words = os.strerror(int(coded[1]))
        return words[0].lower() + words[1:]
    return "the name holds a NUL character" if "null" in str(error) else str(error)


def _link_new(tmp: str, path: Path) -> None:
    """Put ``tmp`` at ``path`` only if nothing is there (then remove ``tmp``)."""
    try:
        os.link(tmp, path)
    except FileExistsError:
        raise BluffkitError(f"{printable(str(path))} exists already; give the log a new name") from None
    except OSError:                            # a file system without hard links: check, then move
        if os.path.lexists(path):
            raise BluffkitError(f"{printable(str(path))} exists already; give the log a new name") from None
        os.replace(tmp, path)
        return
    os.unlink(tmp)


def _file_mode(path: Path) -> int:
    """The mode an ordinary new file gets (or the existing file's, when replacing it)."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


# -- reading ------------------------------------------------------------------------------

class Checked(NamedTuple):
    """A step of a log once :func:`parse` has checked it (played it by the rules and
    compared the state after it with its digest), given to ``on_step``: a long log's
    replay shows progress, or its steps, as they are read."""

    log: GameLog                # the log as read so far (its game, seats, and moves up to this one)
    step: int                   # its number, from 1
    steps: int                  # the steps the file can hold (its records but the header and the end)
    seat: int | None            # None: a move of chance
    action: object
    before: object              # the state before the step, and after it
    after: object
    over: bool                  # whether the end record says the game is over (checked at the end)


def read(path: str | os.PathLike, *, verify: bool = True, on_step=None) -> tuple[GameLog, StateTrail]:
    """Read and replay a log: ``(log, states)`` where ``states[i]`` is the state after
    ``i`` moves (a :class:`~bluffkit.core.trail.StateTrail`: a sequence that keeps some of
    them and plays the others again on demand). Raises :class:`LogError` with the line and the reason; a file that is
    not a regular file or is larger than :data:`~bluffkit.core.logfiles.MAX_BYTES` is
    refused before reading (:func:`~bluffkit.core.logfiles.read_bytes`). ``on_step``: a
    function called with each step's :class:`Checked` once it is checked."""
    check_flag(verify, "verify")
    return parse(read_bytes(path), path=str(path), verify=verify, on_step=on_step)


def _is_header(record: dict) -> bool:
    """Whether a log's record is a header (the first line of a log: its format and game)."""
    return record.keys() >= {"format", "game"}


def parse(data: bytes | str, *, path: str | None = None, verify: bool = True,
          on_step=None) -> tuple[GameLog, StateTrail]:
    """Like :func:`read`, from the file's contents (``path`` names it in errors, and its
    folder is where a deck named by the log may be). ``data`` is text or bytes (a
    ``bytearray`` too); anything else (``None``, a number, a path) is refused with a
    :class:`LogError`. ``on_step``: as :func:`read`'s."""
    if not isinstance(data, (str, bytes, bytearray)):
        hint = " (to read a file, use read(path))" if isinstance(data, os.PathLike) else ""
        raise fail(0, f"a log's contents are text or bytes, got {quote(data, 40)} "
                      f"({type(data).__name__}){hint}", path)
    if isinstance(data, str):
        try:
            data = data.encode("utf-8")
        except UnicodeEncodeError:
            raise fail(0, "the text is not valid Unicode", path) from None
    if len(data) > logfiles.MAX_BYTES:
        raise fail(0, f"the log is {len(data)} bytes, more than a log may be ({logfiles.MAX_BYTES} bytes)", path)
    raw_lines = data.split(b"\n")
    while raw_lines and not raw_lines[-1].strip():   # the file's last newline, and blank lines an editor
        raw_lines.pop()                              # or a shell's echo left after the end: nothing
    if not any(line.strip() for line in raw_lines):          # nothing, or blank lines only
        raise fail(1, "the file is empty, not a bluffkit log", path)

    def load(i: int) -> dict:
        try:
            text = raw_lines[i].decode("utf-8")
        except UnicodeDecodeError:
            raise fail(i + 1, "not UTF-8 text (is this a bluffkit log?)", path) from None
        if not text.strip():
            raise fail(i + 1, "blank line inside the log", path)
        if i > 0 and text.startswith("\ufeff"):      # (at the file's start it is harmless: loads drops it)
            raise fail(i + 1, "the line starts with a byte-order mark (BOM), which only the start of a file "
                              "may hold (two files joined?)", path)
        try:
            obj = jsonread.loads(text)
        except json.JSONDecodeError as e:
            why = re.sub(r" (starting )?at$", "", e.msg.lower())     # ("unterminated string starting at")
            raise fail(i + 1, f"not valid JSON at column {e.colno} ({why}); "
                               f"the line may be cut off or damaged", path) from None
        except jsonread.DuplicateKey as e:
            raise fail(i + 1, str(e), path) from None
        except (RecursionError, ValueError):
            raise fail(i + 1, "not a log record (nested too deeply, or a number too long to read)",
                        path) from None
        if not isinstance(obj, dict):
            raise fail(i + 1, f"expected a JSON object ({{...}}), found {json_kind(obj)}", path)
        return obj

    def finished() -> bool:
        """Whether the last record ends a finished game (``"end": {"over": true, ...}``): a
        game saved unfinished ends with ``"over": false``, a file cut short with no end."""
        try:
            end = load(len(raw_lines) - 1).get("end")
        except LogError:
            return False
        return isinstance(end, dict) and end.get("over") is True

    head = load(0)
    log = _read_header(head, path)
    players = len(log.seats)
    try:
        state = start_state(log.game, players, log.start)
    except (BluffkitError, *SHAPE_ERRORS) as e:
        raise fail(1, f"bad start position: {printable(str(e)) or type(e).__name__}", path) from None
    t = log.game.table(state)
    states = StateTrail(log.game, state, log.moves)     # log.moves grows with it, a move before its state
    compare = verify and log.version >= 2
    old = "" if log.version == VERSION else f" (a format-{log.version} log, written by bluffkit {log.written_by})"
    before, steps, over = state, len(raw_lines) - 2, on_step is not None and finished()

    for i in range(1, len(raw_lines)):
        rec = load(i)
        line = i + 1
        if "end" in rec:
            if i != len(raw_lines) - 1:
                after = i + 1 + next(k for k, x in enumerate(raw_lines[i + 1:]) if x.strip())
                try:
                    joined = _is_header(load(after))
                except LogError:
                    joined = False
                raise fail(after + 1, "another log's header after the end record: the file holds two logs "
                           "(a log is one game; replay takes several files)" if joined
                           else "records after the end record", path)
            _check_end(rec, log, t, line, path)
            return log, states
        expected = len(log.moves) + 1
        step = rec.get("step")
        if "step" not in rec and _is_header(rec):
            raise fail(line, f"a second header where step {expected} was expected: the file holds the start of "
                             f"another log (two logs joined?)", path)
        if "step" not in rec:
            raise fail(line, f"a record without its step number where step {expected} was expected", path)
        if type(step) is not int or step != expected:
            raise fail(line, f"step {short(step)} found where step {expected} was expected "
                              f"(records missing or out of order)", path)
        try:
            if "chance" in rec:
                if "seat" in rec or "action" in rec:
                    raise fail(line, "a record is either chance or a seat's action, not both", path)
                move = (None, _parse_move(log.game, _text(rec, "chance", line, path, finished), line, path))
                t.apply_chance(move[1])
            elif "action" in rec:
                seat = rec.get("seat")
                if not is_seat(seat, players):
                    raise fail(line, f"seat {short(seat)} is not a seat of this game (0..{players - 1})", path)
                move = (seat, _parse_move(log.game, _text(rec, "action", line, path, finished), line, path))
                t.apply(seat, move[1])
            else:
                raise fail(line, "a record needs 'chance' or 'seat' and 'action'", path)
        except LogError:
            raise
        except BluffkitError as e:
            who = "chance" if "chance" in rec else log.names[rec["seat"]]
            if not finished():
                # a game not finished can be taken up again: its moves' notation (cards laid, an
                # answer written) and the refusal that reads it stay off the screen, as replay
                # keeps them (the file holds them, at this line)
                # (nor the rule's id: "no-passing" says the move was a pass)
                whose = "a move of chance" if who == "chance" else f"{who}'s move"
                raise fail(line, f"step {expected} ({whose}) is not allowed{old}; the move, the rule and "
                                  f"the reason are not shown, since the game is not finished", path) from None
            raise fail(line, f"step {expected} ({who}: {short(rec.get('chance') or rec.get('action'))}) "
                              f"is not allowed{old}: {_by_name(str(e), log.names)}", path) from None
        recorded = rec.get("digest")
        if "digest" not in rec:
            raise fail(line, f"step {expected} has no digest (every record of a log has one)", path)
        if not isinstance(recorded, str):
            hexes = f"{DIGEST_HEX} hex digits" if log.version >= 2 else "8 hex digits"
            raise fail(line, f"step {expected}'s 'digest' must be text ({hexes}), got {short(recorded)}", path)
        if verify and not compare and not FORMAT1_DIGEST.fullmatch(recorded):
            raise fail(line, f"step {expected}'s digest {short(recorded)} is no format-{log.version} checksum "
                              f"(8 hex digits), as later formats write them: was the header's version changed?", path)
        after = t.freeze()
        if compare and recorded != state_digest(after, log.game):
            raise fail(line, f"the state after step {expected} does not match the one recorded "
                              f"(the log was edited, or written under other rules)", path)
        log.moves.append(move)
        say = rec.get("say", "")
        log.says.append(say if isinstance(say, str) else "")
        log.lines.append(line)
        states.append(after)
        if on_step is not None:
            on_step(Checked(log, expected, steps, move[0], move[1], before, after, over))
        before = after
    raise fail(len(raw_lines) + 1, "the log ends without its end record (the file is truncated)", path)


def _by_name(reason: str, names) -> str:
    """An engine's refusal with the log's names for its seats, as the step it refuses is
    named ("step 3 (Bo: 'pass') ...: Bo has passed"); the moves after "may:" stay as they
    are written (a move names a seat by number)."""
    head, seat, moves = split_options(reason)
    if moves is None:
        return by_name(reason, names)
    who = by_name(f"seat {seat}", names) if seat is not None else "it"
    return f"{by_name(head, names)}; {who} may: {moves}"


def _parse_move(game, text: str, line: int, path):
    """The action (or chance outcome) ``text`` names; a text the game cannot read at all
    (even one its parser trips on, e.g. a number of thousands of digits) is refused as the
    game's own refusal of a notation is (:class:`NotationError`): quoted in a finished game's
    log, kept off the screen in one that is not (the text can be the cards a player laid)."""
    try:
        return game.parse(text)
    except BluffkitError:
        raise
    except (ValueError, TypeError, OverflowError) as e:
        raise NotationError(f"{short(text)} is not an action of this game ({e})") from None


def _text(rec: dict, key: str, line: int, path, shown) -> str:
    """A record's move as text. One that is not text is refused; ``shown()`` says whether
    the game is finished, and in a game that is not, the refusal names only the kind of
    value (an array), not the value: it can hold the cards a Bløff player laid face down or
    a deal's hands, which replay keeps hidden as it keeps an illegal move hidden."""
    v = rec.get(key)
    if not isinstance(v, str):
        raise fail(line, f"'{key}' must be text, got {short(v) if shown() else json_kind(v)}", path)
    return v


#: A digest as format 1 wrote it (:func:`bluffkit.core.digest.digest`, a CRC-32): a log whose
#: header says format 1 and whose digests are longer was written later with its version
#: changed, and its states would go unchecked.
FORMAT1_DIGEST = re.compile(r"[0-9a-f]{8}")


def _read_header(head: dict, path) -> GameLog:
    if head.get("format") != FORMAT:
        raise fail(1, f"not a bluffkit log: the first line has no \"format\": \"{FORMAT}\"", path)
    version = head.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise fail(1, f"bad format version {short(version)}", path)
    writer = head.get("bluffkit")
    if version > VERSION:
        by = ""
        if isinstance(writer, str):
            by = f", written by bluffkit {writer if len(writer) <= 30 and writer.isprintable() else short(writer, 30)}"
        raise fail(1, f"log format version {version}{by} is newer than this bluffkit {__version__} "
                       f"reads (format {VERSION} and older): read it with a newer bluffkit", path)
    if version >= 2:
        if not isinstance(writer, str) or not writer.strip() or len(writer) > 40:
            raise fail(1, "'bluffkit' must name the bluffkit version that wrote the log, "
                           f"got {short(writer)}", path)
    else:
        if "bluffkit" in head:              # format 1 named no writer: a later log with its version edited
            raise fail(1, f"a log of format {version} names no bluffkit version, but this one says "
                           f"{short(writer)}: was its version changed?", path)
        writer = WRITTEN_BY[version]
    seed = head.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED):
        # (the bound of every seed bluffkit takes: a log it replays is one Session.load takes up)
        raise fail(1, f"'seed' must be a whole number from 0 to 2**1024 - 1, or null, got {short(seed)}", path)
    start = head.get("start")
    if start is not None and not isinstance(start, dict):
        raise fail(1, "'start' must be an object or null", path)
    head = check_deck(head, path)
    try:
        game = game_from_header(head)
    except BluffkitError as e:
        raise fail(1, f"bad game or rules: {e}", path) from None
    except (TypeError, ValueError, OverflowError, MemoryError, RecursionError) as e:
        raise fail(1, f"bad rules: {e}", path) from None
    said = json.loads(json.dumps({k: v for k, v in game.header().items() if k in ("ruleset", "variants")}))
    for key, value in said.items():          # what the header says of the rules beside their options
        if key in head and head[key] != value:
            raise fail(1, f"'{key}' is {short(head[key])}, but the log's options are those of {short(value)}", path)
    seats = check_seats(head.get("seats"), path)
    try:
        game.check_players(len(seats))
    except BluffkitError as e:
        raise fail(1, str(e), path) from None
    log = GameLog(game, seats, seed, start=start, version=version, written_by=writer)
    if version < VERSION:
        log.note = (f"log format {version}, written by bluffkit {writer}: moves replayed and checked; "
                    f"format-{version} digests not compared")
    return log


def _as_json(value) -> str:
    return json.dumps(value, separators=(",", ":"))


def _check_end(rec: dict, log: GameLog, t, line: int, path) -> None:
    end = rec["end"]
    steps = end.get("steps") if isinstance(end, dict) else end
    if not isinstance(end, dict) or type(steps) is not int or steps != len(log.moves):
        raise fail(line, f"the end record says {short(steps)} steps, but the log has {len(log.moves)}", path)
    if type(end.get("over")) is not bool:
        raise fail(line, f"the end record's 'over' must be true or false, got {short(end.get('over'))}", path)
    if end["over"] != t.is_over():
        raise fail(line, "the end record says the game is "
                          + ("over" if end["over"] else "not over") + ", but the replay disagrees", path)
    if t.is_over():            # compared as written (JSON), so that 3.0 is not taken for 3
        scores = list(log.game.scores(t))
        if _as_json(end.get("scores")) != _as_json(scores):
            raise fail(line, f"the end record's scores {short(end.get('scores'))} do not match the replay's "
                              f"{scores}", path)
        winners = list(log.game.winners(t))
        if _as_json(end.get("winners")) != _as_json(winners):
            raise fail(line, f"the end record's winners {short(end.get('winners'))} do not match the "
                              f"replay's {winners}", path)
    log.end = end
