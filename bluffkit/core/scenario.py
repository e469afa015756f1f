"""Scenarios: a rulebook's worked example as data, run step by step and checked.

A scenario file (JSON, in ``data/scenarios/``) holds::

    {"name": "ht-auction-ben-pays-100",
     "title": "...", "source": "Horse Trading, 'Auction', example",
     "game": "horse-trading", "variants": [], "options": {},
     "seats": ["Anna", "Ben", "Carla"],
     "start": {"leader": "Carla", "money": {"Ben": "50+50+0+0"}, "herds": {}, "pile": null},
     "moves": [{"by": "Carla", "do": "auction", "say": "Carla holds an auction."},
               {"by": "chance", "do": "draw 9", "say": "..."}, ...],
     "expect": [{"after": 9, "money": {"Ben": 0, "Carla": 190}, "note": "Ben pays 100"}]}

In ``start``, seats are named: the keys the game's spec lists as ``seat_keys`` (here
``leader``) name one seat, and per-seat values (``money``, ``herds``) may list only some seats.
``expect`` entries are checked after the given number of moves (0 is the start);
each key other than ``after`` and ``note`` names a fact of the game (see the game's
``facts``), and for per-seat facts only the seats (and families) listed are compared.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from bluffkit.core.errors import BluffkitError
from bluffkit.core.game import make_game
from bluffkit.core.spec import spec_of

SCENARIO_DIR = Path(__file__).resolve().parents[2] / "data" / "scenarios"


class ScenarioError(BluffkitError):
    """A scenario file that cannot be read or does not fit its game."""


@dataclass
class Scenario:
    name: str
    title: str
    source: str
    game: object
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
    narration: list = field(default_factory=list)
    checks: list[Check] = field(default_factory=list)

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
    p = Path(name)
    if p.suffix == ".json" and p.exists():
        return load(p)
    for path in scenario_paths(folder):
        if path.stem == name:
            return load(path)
    names = ", ".join(p.stem for p in scenario_paths(folder))
    raise ScenarioError(f"no scenario called {name!r}; there are: {names}")


def load(path: Path | str) -> Scenario:
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as e:
        raise ScenarioError(f"{path}: cannot read: {e}") from None
    except json.JSONDecodeError as e:
        raise ScenarioError(f"{path}: line {e.lineno}: not valid JSON ({e.msg})") from None
    try:
        return from_dict(data, path)
    except ScenarioError:
        raise
    except BluffkitError as e:
        raise ScenarioError(f"{path}: {e}") from None


def from_dict(data: dict, path: Path | None = None) -> Scenario:
    where = f"{path}: " if path else ""

    def need(ok, msg):
        if not ok:
            raise ScenarioError(where + msg)

    need(isinstance(data, dict), "a scenario is a JSON object")
    for key in ("name", "title", "game", "seats", "moves"):
        need(key in data, f"missing {key!r}")
    seats = data["seats"]
    need(isinstance(seats, list) and all(isinstance(s, str) for s in seats) and len(set(seats)) == len(seats),
         "'seats' must be a list of distinct names")
    game = make_game(data["game"], variants=data.get("variants", []), **data.get("options", {}))
    game.check_players(len(seats))

    def seat(name, what):
        need(name in seats, f"{what}: {name!r} is not one of the seats {seats}")
        return seats.index(name)

    start = dict(data.get("start") or {})
    for key in spec_of(game).seat_keys:          # a seat named in the start position
        if key in start:
            start[key] = seat(start[key], f"start.{key}")
    for key, value in list(start.items()):     # per-seat values, named by seat: one entry per seat
        if isinstance(value, dict) and value and set(value) <= set(seats):
            per = [None] * len(seats)
            for name, v in value.items():
                per[seat(name, f"start.{key}")] = v
            start[key] = per
    moves = []
    for i, m in enumerate(data["moves"], 1):
        need(isinstance(m, dict) and "by" in m and "do" in m, f"move {i} needs 'by' and 'do'")
        by = None if m["by"] == "chance" else seat(m["by"], f"move {i}")
        try:
            action = game.parse(m["do"])
        except BluffkitError as e:
            raise ScenarioError(f"{where}move {i} ({m['do']!r}): {e}") from None
        moves.append((by, action, m.get("say", "")))
    expect = data.get("expect", [])
    for e in expect:
        need(isinstance(e, dict) and isinstance(e.get("after"), int) and 0 <= e["after"] <= len(moves),
             f"each expectation needs 'after': a move number 0..{len(moves)}")
    return Scenario(data["name"], data["title"], data.get("source", ""), game, seats, start, moves,
                    expect, path)


def run(scenario: Scenario, echo=None) -> Result:
    """Play the scenario's moves, narrate each, and check every expectation.

    ``echo`` (e.g. ``print``) receives each line as it happens. An illegal move
    raises :class:`ScenarioError` naming the move."""
    game, names = scenario.game, scenario.seats
    state = scenario.first_state()
    res = Result(scenario, [state])
    by_step: dict[int, list[dict]] = {}
    for e in scenario.expect:
        by_step.setdefault(e["after"], []).append(e)

    def check(step: int, state) -> None:
        facts = game.facts(state, names)
        for e in by_step.get(step, []):
            for key, want in e.items():
                if key in ("after", "note"):
                    continue
                if key not in facts:
                    raise ScenarioError(f"{scenario.name}: unknown fact {key!r} (facts: {', '.join(facts)})")
                if isinstance(want, dict) and isinstance(facts[key], dict):
                    strangers = sorted(set(want) - set(facts[key]) - set(names))
                    if strangers:
                        raise ScenarioError(f"{scenario.name}: expectation {key!r} after move {step} names "
                                            f"{', '.join(strangers)}, who are not seats {names}")
                c = Check(step, key, want, facts[key], e.get("note", ""))
                res.checks.append(c)
                if echo:
                    echo(f"      {'ok  ' if c.ok else 'FAIL'} {key} = {_short(want)}"
                         + ("" if c.ok else f" (actual: {_short(_pick(want, c.actual))})")
                         + (f"   [{c.note}]" if c.note else ""))

    if echo:
        echo(f"{scenario.title}  ({scenario.source})")
    check(0, state)
    for i, (seat, action, say) in enumerate(scenario.moves, 1):
        try:
            after = game.step(state, seat, action)
        except BluffkitError as e:
            who = "chance" if seat is None else names[seat]
            raise ScenarioError(f"{scenario.name}: move {i} ({who}: {action}) is not allowed: {e}") from None
        line = game.narrate(state, seat, action, after, names)
        res.narration.append(say or line)
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
