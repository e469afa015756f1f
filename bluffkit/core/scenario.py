"""Scenarios: a rulebook's worked example as data, run step by step and checked.

A scenario file (JSON, in ``data/scenarios/``) holds::

    {"name": "ht-auction-ben-pays-100",
     "title": "...", "source": "Horse Trading, 'Auction', example",
     "game": "horse-trading", "variants": [], "options": {},
     "seats": ["Anna", "Ben", "Carla"],
     "start": {"leader": "Carla", "money": {"Ben": "50+50+0+0"}},
     "moves": [{"by": "Carla", "do": "auction", "say": "Carla holds an auction."},
               {"by": "chance", "do": "draw 9", "say": "..."}, ...],
     "expect": [{"after": 9, "money": {"Ben": 0, "Carla": 190}, "note": "Ben pays 100"}]}

In ``start``, seats are named: the keys the game's spec lists as ``seat_keys`` (here
``leader``) name one seat, those it lists as ``seat_list_keys`` (Bluffer's ``round_winners``)
lists of seats, and per-seat values (``money``, ``herds``) may list only some seats.
``expect`` entries are checked after the given number of moves (0 is the start);
each key other than ``after`` and ``note`` names a fact of the game (see the game's
``facts``), and for per-seat facts only the seats (and families) listed are compared.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from bluffkit.core import jsonread, logfiles
from bluffkit.core.datafiles import DATA_DIR
from bluffkit.core.errors import SHAPE_ERRORS, BluffkitError, LogError, by_name as seat_names, json_text, quote
from bluffkit.core.game import make_game
from bluffkit.core.protocols import Game
from bluffkit.core.spec import spec_of

SCENARIO_DIR = DATA_DIR / "scenarios"


class ScenarioError(BluffkitError):
    """A scenario file that cannot be read or does not fit its game."""


@dataclass
class Scenario:
    name: str
    title: str
    source: str
    game: Game
    seats: list[str]
    start: dict
    moves: list          # (seat index or None, action, say)
    expect: list[dict]
    path: Path | None = None

    @property
    def players(self) -> int:
        return len(self.seats)

    def first_state(self):
        from bluffkit.core.log import start_state
        return start_state(self.game, self.players, self.start)


@dataclass
class Check:
    after: int
    key: str
    expected: object
    actual: object
    note: str = ""

    @property
    def ok(self) -> bool:
        return _matches(self.expected, self.actual)


@dataclass
class Result:
    scenario: Scenario
    states: list = field(default_factory=list)
    #: each move's words: the example's own commentary where it has one (which may tell
    #: what only the all-seeing view shows), else the game's narration
    narration: list = field(default_factory=list)
    checks: list[Check] = field(default_factory=list)
    #: each move as the game narrates it to every seat (what the table sees)
    public: list = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks)


def _matches(expected, actual, depth: int = 0) -> bool:
    """Per-seat facts compare only the seats listed; inside a seat's counts (herds) a
    family that is not held counts as 0."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        return all((k in actual and _matches(v, actual[k], depth + 1)) or (depth > 0 and v == 0 and k not in actual)
                   for k, v in expected.items())
    return expected == actual


def scenario_paths(folder: Path | None = None) -> list[Path]:
    return sorted((folder or SCENARIO_DIR).glob("*.json"))


def list_scenarios(folder: Path | None = None) -> list[Scenario]:
    return [load(p) for p in scenario_paths(folder)]


def find(name: str, folder: Path | None = None) -> Scenario:
    """The scenario called ``name`` (or the file at that path)."""
    if not logfiles.is_file_name(name):
        raise ScenarioError(f"a scenario is named by its name or the path of its file, got {quote(name)}"[:200])
    p = Path(name)
    try:
        is_file = p.suffix == ".json" and p.exists()
    except (OSError, ValueError):          # a name too long for a path, or with a NUL in it
        is_file = False
    if is_file:
        return load(p)
    for path in scenario_paths(folder):
        if path.stem == name:
            return load(path)
    try:
        there = ("a folder" if p.is_dir() else "a file" if p.is_file()
                 else "a device or another special file" if p.exists() else None)
    except (OSError, ValueError):
        there = None
    if there is not None:                  # a path, but not of a scenario file
        raise ScenarioError(f"{_show(name, 80)} is {there}, not a scenario: give a scenario's name "
                            f"(see 'bluffkit scenario list') or a scenario file ending in .json")
    if p.suffix == ".json" or "/" in name or os.sep in name:     # a path: its file is missing
        raise ScenarioError(f"no scenario file at {_show(name, 80)} (no such file), and no scenario of that name: "
                            f"give a scenario's name (see 'bluffkit scenario list') or the path of a scenario file")
    import difflib
    stems = [p.stem for p in scenario_paths(folder)]
    close = difflib.get_close_matches(name.lower(), stems, n=1, cutoff=0.75) if len(name) <= 200 else []
    hint = f"did you mean {close[0]!r}? " if close else ""
    raise ScenarioError(f"no scenario called {_show(name, 80)}; {hint}there are: {', '.join(stems)}")


def load(path: Path | str) -> Scenario:
    """Read and check a scenario file. Anything wrong with it (not UTF-8 JSON, a missing
    or mistyped key, an unknown seat or move, a start position the game refuses) raises
    :class:`ScenarioError` in one line naming the file, the place and the reason."""
    if not logfiles.is_file_name(path):
        raise ScenarioError(f"a scenario is read from a file name (text or a path), got {quote(path)}"[:200])
    path = Path(path)
    try:            # a regular file of at most a log's size: a FIFO or a device would hang or fill memory
        raw = logfiles.read_bytes(path, "scenario")
    except LogError as e:
        raise ScenarioError(f"{path}: {e.reason}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw[:e.start].count(b"\n") + 1
        raise ScenarioError(f"{path}: line {line}: not UTF-8 text (byte 0x{raw[e.start]:02x})") from None
    try:
        data = jsonread.loads(text)
    except json.JSONDecodeError as e:
        raise ScenarioError(f"{path}: line {e.lineno}: not valid JSON ({e.msg}, column {e.colno})") from None
    except jsonread.DuplicateKey as e:
        raise ScenarioError(f"{path}: {e}") from None
    except (RecursionError, ValueError):
        raise ScenarioError(f"{path}: not readable JSON (nested too deeply, or a number with too many digits)") from None
    return from_dict(data, path)


#: The keys of a scenario file, and those of a move and of an expectation.
KEYS = ("name", "title", "source", "game", "variants", "options", "seats", "start", "moves", "expect")
REQUIRED = ("name", "title", "game", "seats", "moves")
MOVE_KEYS = ("by", "do", "say")

#: What game code may raise on a value of the wrong shape; a scenario turns it into one line.
_FOREIGN = SHAPE_ERRORS


def _kind(v) -> str:
    return {dict: "an object", list: "a list", str: "text", bool: "true/false", type(None): "null",
            int: "a number", float: "a number"}.get(type(v), type(v).__name__)


def _show(v, limit: int = 60) -> str:
    """A value for a message: JSON, cut short, what would not show as itself escaped
    (:func:`~bluffkit.core.errors.json_text`)."""
    try:
        s = json_text(v)
    except (TypeError, ValueError, RecursionError):
        s = repr(v)
    return s if len(s) <= limit else s[:limit - 3] + "..."


def _why(e: BaseException) -> str:
    """The reason an exception gives, in one line (the type when it is not bluffkit's own)."""
    msg = " ".join(str(e).split()) if not isinstance(e, RecursionError) else "nested too deeply"
    if len(msg) > 300:
        msg = msg[:297] + "..."
    return msg if isinstance(e, BluffkitError) else f"{type(e).__name__}: {msg}" if msg else type(e).__name__


def from_dict(data, path: Path | None = None) -> Scenario:
    """A :class:`Scenario` from a file's JSON; :class:`ScenarioError` names what is wrong."""
    where = f"{path}: " if path else "scenario: "

    def fail(place: str, msg: str):
        raise ScenarioError(f"{where}{place}: {msg}" if place else f"{where}{msg}")

    def need(ok, place: str, msg: str) -> None:
        if not ok:
            fail(place, msg)

    def text(v, place: str, empty: bool = False) -> str:
        need(isinstance(v, str) and (empty or v.strip() != ""), place,
             f"must be {'text' if empty else 'non-empty text'}, got {_kind(v)} {_show(v)}")
        return v

    need(isinstance(data, dict), "", f"a scenario is a JSON object, got {_kind(data)}")
    for key in REQUIRED:
        need(key in data, "", f"missing key {key!r}")
    unknown = [k for k in data if k not in KEYS]
    need(not unknown, "", f"unknown key {_show(unknown[0]) if unknown else ''} (keys: {', '.join(KEYS)})")
    name, title = text(data["name"], "name"), text(data["title"], "title")
    source = text(data.get("source", ""), "source", empty=True)
    game_name = text(data["game"], "game")
    variants = data.get("variants", [])
    need(isinstance(variants, list), "variants", f"must be a list of variant names, got {_kind(variants)}")
    for i, v in enumerate(variants):
        text(v, f"variants[{i}]")
    options = data.get("options", {})
    need(isinstance(options, dict), "options", f"must be an object of rule options, got {_kind(options)}")
    # (given there too, it reached make_game twice: "TypeError: ... got multiple values for keyword argument")
    need("variants" not in options, "options", f"\"variants\" is no rule option: variants are named in the "
         f"scenario's own key, \"variants\": {_show(options.get('variants'))}")
    seats = data["seats"]
    need(isinstance(seats, list) and seats, "seats", f"must be a non-empty list of names, got {_show(seats)}")
    for i, s in enumerate(seats):
        text(s, f"seats[{i}]")
        need(s != "chance", f"seats[{i}]", "'chance' names chance's moves, not a seat")
        need(s not in seats[:i], f"seats[{i}]", f"{_show(s)} is named twice")
    try:
        game = make_game(game_name, variants=list(variants), **options)
    except BluffkitError as e:
        fail("game" if "unknown game" in str(e) else "options", _why(e))
    except _FOREIGN as e:
        fail("options", f"not rule options of {game_name} ({_why(e)})")
    try:
        game.check_players(len(seats))
    except BluffkitError as e:
        fail("seats", _why(e))

    def seat(v, place: str) -> int:
        need(isinstance(v, str) and v in seats, place, f"{_show(v)} is not one of the seats {_show(seats, 200)}")
        return seats.index(v)

    start = data.get("start")
    need(start is None or isinstance(start, dict), "start", f"must be an object or null, got {_kind(start)}")
    start = dict(start or {})
    need("players" not in start, "start.players", "the players are the seats; do not give them again")
    for key in spec_of(game).seat_keys:          # a seat named in the start position
        if key in start:
            start[key] = seat(start[key], f"start.{key}")
    for key in spec_of(game).seat_list_keys:     # lists of seats named, e.g. each finished round's winners
        if key in start and isinstance(start[key], list):
            start[key] = [[seat(v, f"start.{key}") for v in group] if isinstance(group, list) else group
                          for group in start[key]]
    by_name = []                                # the keys given per seat by name
    unnamed = [k for k, v in start.items() if isinstance(v, dict) and not set(v) & set(seats)]
    for key, value in list(start.items()):     # per-seat values, named by seat: one entry per seat
        if isinstance(value, dict) and value and set(value) & set(seats):
            per = [None] * len(seats)
            for who, v in value.items():
                per[seat(who, f"start.{key}")] = v
            start[key] = per
            by_name.append(key)
    moves = data["moves"]
    need(isinstance(moves, list), "moves", f"must be a list of moves, got {_kind(moves)}")
    parsed = []
    for i, m in enumerate(moves, 1):
        place = f"move {i}"
        need(isinstance(m, dict), place, f"must be an object with 'by' and 'do', got {_kind(m)}")
        need("by" in m and "do" in m, place, "needs 'by' (a seat or \"chance\") and 'do' (the move)")
        extra = [k for k in m if k not in MOVE_KEYS]
        need(not extra, place, f"unknown key {_show(extra[0]) if extra else ''} (keys: {', '.join(MOVE_KEYS)})")
        by = None if m["by"] == "chance" else seat(m["by"], f"{place} 'by'")
        do = text(m["do"], f"{place} 'do'")
        say = text(m.get("say", ""), f"{place} 'say'", empty=True)
        try:
            action = game.parse(do)
        except BluffkitError as e:
            fail(f"{place} ({_show(do)})", _why(e))
        except _FOREIGN as e:
            fail(f"{place} ({_show(do)})", f"not a move of {game.name} ({_why(e)})")
        parsed.append((by, action, say))
    expect = data.get("expect", [])
    need(isinstance(expect, list), "expect", f"must be a list of expectations, got {_kind(expect)}")
    for i, ex in enumerate(expect, 1):
        place = f"expectation {i}"
        need(isinstance(ex, dict), place, f"must be an object such as {{\"after\": 3, \"money\": ...}}, got {_kind(ex)}")
        after = ex.get("after")
        need(type(after) is int and 0 <= after <= len(parsed), f"{place} 'after'",
             f"must be a move number 0..{len(parsed)}, got {_show(after)}")
        text(ex.get("note", ""), f"{place} 'note'", empty=True)
        need(len(ex) > (2 if "note" in ex else 1), place, "checks nothing: name a fact such as \"money\"")
        for key, keys in (getattr(game, "fact_keys", dict)() or {}).items():
            for who, part in (ex.get(key) or {}).items() if isinstance(ex.get(key), dict) else ():
                strange = [k for k in part if k not in keys] if isinstance(part, dict) else []
                need(not strange, f"{place} {_show(key)}", f"{_show(strange[0]) if strange else ''} for "
                     f"{_show(who)} is not one of {_show(list(keys), 300)}")
    scenario = Scenario(name, title, source, game, list(seats), start, parsed, expect, path)
    try:                                   # the start position is the game's to check
        game.facts(scenario.first_state(), list(seats))
    except BluffkitError as e:
        why = _seat_names(_why(e), by_name, seats)
        # (an object naming no seat is passed on as it is, a pile's: the hint is for one the
        # refusal names, or an empty one)
        named = [k for k in unnamed if k in why or start[k] == {}]
        if "per seat" in why and named:
            why += (f"; {_show(named[0])} is an object naming none of the seats: name them "
                    f"({{{_show(seats[0])}: ...}}) or leave it out")
        fail("start", why)
    except _FOREIGN as e:
        fail("start", f"not a start position of {game.name} ({_seat_names(_why(e), by_name, seats)})")
    return scenario


def _seat_names(message: str, keys: list[str], seats: list[str]) -> str:
    """``message`` with the ``key[i]`` (or ``key of seat i``) it starts with, of a key the
    scenario gave per seat by name, written ``key.NAME``, as the file names it (the game
    numbers the seats)."""
    for key in keys:                       # only where the message starts: the rest may repeat the file's text
        m = re.match(rf"({re.escape(key)})(?:\[(\d+)\]| of seat (\d+))", message)
        if m and int(m[2] or m[3]) < len(seats):
            return f"{key}.{seats[int(m[2] or m[3])]}{message[m.end():]}"
    return message


def run(scenario: Scenario, echo=None) -> Result:
    """Play the scenario's moves, narrate each, and check every expectation.

    ``echo`` (e.g. ``print``) receives each line as it happens. An illegal move
    raises :class:`ScenarioError` naming the move."""
    game, names = scenario.game, scenario.seats
    where = f"{scenario.path or scenario.name}: "
    state = scenario.first_state()
    res = Result(scenario, [state])
    by_step: dict[int, list[dict]] = {}
    for ex in scenario.expect:
        by_step.setdefault(ex["after"], []).append(ex)

    def check(step: int, state) -> None:
        try:
            facts = game.facts(state, names)
        except _FOREIGN as e:              # a position the game accepted but cannot describe
            raise ScenarioError(f"{where}after move {step}: the game cannot state its facts ({_why(e)}); "
                                f"is the start position sound?") from None
        for ex in by_step.get(step, []):
            lines: list[str] = []                # echoed once the expectation is read: its note on its last line
            try:
                check_one(ex, step, facts, lines)
            finally:
                if echo:
                    note = ex.get("note", "")
                    for i, line in enumerate(lines):
                        echo(line + (f"   [{note}]" if note and i == len(lines) - 1 else ""))

    def check_one(ex: dict, step: int, facts: Mapping, lines: list[str]) -> None:
        """Check one expectation; each check's line goes to ``lines``."""
        for key, want in ex.items():
            if key in ("after", "note"):
                continue
            if key not in facts:
                raise ScenarioError(f"{where}expectation after move {step}: unknown fact {_show(key)} "
                                    f"(facts: {', '.join(facts)})")
            if isinstance(want, dict) and isinstance(facts[key], dict):
                strangers = sorted(set(want) - set(facts[key]) - set(names))
                if strangers:
                    raise ScenarioError(f"{where}expectation {_show(key)} after move {step} names "
                                        f"{_show(strangers, 120)}, who are not seats {_show(names, 200)}")
            c = Check(step, key, want, facts[key], ex.get("note", ""))
            res.checks.append(c)
            lines.append(f"      {'ok  ' if c.ok else 'FAIL'} {key} = {_short(want)}"
                         + ("" if c.ok else f" (actual: {_short(_pick(want, c.actual))})"))

    if echo:
        echo(f"{scenario.title}  ({scenario.source})")
    check(0, state)
    for i, (seat, action, say) in enumerate(scenario.moves, 1):
        try:
            after = game.step(state, seat, action)
        except (BluffkitError, *_FOREIGN) as e:
            who = "chance" if seat is None else names[seat]
            raise ScenarioError(f"{where}move {i} ({_show(who)}: {_show(game.notation(action))}) is not allowed: "
                                f"{seat_names(_why(e), names)}") from None     # (the game numbers the seats)
        try:
            line = game.narrate(state, seat, action, after, names)
        except _FOREIGN as e:
            raise ScenarioError(f"{where}move {i}: the game cannot narrate it ({_why(e)}); "
                                f"is the start position sound?") from None
        res.narration.append(say or line)
        res.public.append(line)
        if echo:
            who = "chance" if seat is None else names[seat]
            echo(f"{i:3d}. {who:>8}: {game.notation(action):<22} {say or line}")
        state = after
        res.states.append(state)
        check(i, state)
    return res


def _pick(want, actual):
    if isinstance(want, dict) and isinstance(actual, dict):
        return {k: _pick(v, actual.get(k)) for k, v in want.items()}
    return actual


def _short(v) -> str:
    return json.dumps(v, ensure_ascii=False)
