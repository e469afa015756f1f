'''A throwaway game for tests/test_spec.py, copied there into a package of its own at run
time: "Race to seven". Chance picks who starts; in turn each seat adds 1 or 2 to a
running total; the seat that brings it to 7 wins. Nothing is hidden.

Written only against bluffkit.core (protocols, the working-copy base, the spec), as a
game package outside bluffkit would be.'''

from __future__ import annotations

from dataclasses import dataclass, field

from bluffkit.core.errors import IllegalAction, NotationError, RulesError
from bluffkit.core.spec import GameSpec, register
from bluffkit.core.table import TableBase, TableGame

GOAL = 7


@dataclass(frozen=True, slots=True)
class Add:
    k: int

    def __str__(self) -> str:
        return f"add {self.k}"


@dataclass(frozen=True, slots=True)
class First:
    seat: int

    def __str__(self) -> str:
        return f"first {self.seat}"


def parse(text: str):
    head, _, rest = str(text).strip().partition(" ")
    if head in ("add", "first") and rest.isdigit():
        return Add(int(rest)) if head == "add" else First(int(rest))
    raise NotationError(f"write 'add 1' or 'add 2', got {text!r}")


@dataclass(frozen=True, slots=True)
class Rules:
    goal: int = GOAL

    def to_dict(self) -> dict:
        return {"goal": self.goal}


@dataclass(frozen=True, slots=True)
class State:
    rules: Rules
    players: int
    total: int
    turn: int           # -1 until chance picks who starts
    winner: int

    @property
    def phase(self) -> str:
        return "start" if self.turn < 0 else "over" if self.winner >= 0 else "play"


@dataclass(frozen=True)
class Seen:
    seat: int
    total: int
    turn: int
    legal: object = field(default=None, compare=False)

    def to_dict(self) -> dict:
        return {"seat": self.seat, "total": self.total, "turn": self.turn}


class Legal:
    def __init__(self, seat: int, mine: bool):
        self.seat, self.mine = seat, mine

    def explain(self, action, table=None):
        if not self.mine:
            return ("not-your-turn", f"seat {self.seat} may not move now")
        if not isinstance(action, Add) or action.k not in (1, 2):
            return ("add-one-or-two", f"add 1 or add 2, not {action}")
        return None

    def sample(self, rng):
        return Add(int(rng.integers(1, 3)))

    def actions(self, limit=None):
        return (Add(1), Add(2)) if self.mine else ()

    @property
    def description(self) -> str:
        return "add 1 or add 2" if self.mine else "nothing"

    def __bool__(self) -> bool:
        return self.mine


class Table(TableBase):
    __slots__ = ("rules", "players", "total", "turn", "winner", "n")
    STATE = State
    FIELDS = ("rules", "players", "total", "turn", "winner")

    @classmethod
    def new(cls, rules, players):
        return cls.thaw(State(rules, players, 0, -1, -1))

    def _thawed(self) -> None:
        self.n = self.players

    def to_move(self):
        return () if self.turn < 0 or self.winner >= 0 else (self.turn,)

    def legal(self, seat, to_move=None):
        return Legal(seat, seat in self.to_move())

    def observe(self, seat, legal=None, to_move=None):
        return Seen(seat, self.total, self.turn, legal if legal is not None else self.legal(seat))

    def is_over(self) -> bool:
        return self.winner >= 0

    def is_chance(self) -> bool:
        return self.turn < 0

    def sample_chance(self, u, rng=None):
        return First(int(u * self.n))

    def apply_chance(self, outcome) -> None:
        if not isinstance(outcome, First) or not 0 <= outcome.seat < self.n or self.turn >= 0:
            raise IllegalAction("chance", f"chance cannot play {outcome} now")
        self.turn = outcome.seat

    def _do(self, seat, action) -> None:
        self.total = min(self.total + action.k, self.rules.goal)
        if self.total == self.rules.goal:
            self.winner = seat
        else:
            self.turn = (seat + 1) % self.n


class RaceGame(TableGame):
    name = "racegame"
    title = "Race to seven"
    Table = Table
    CHANCE_ONLY = ((First,), "chance-move", "chance picks who starts")

    def __init__(self, rules=None):
        self.rules = rules or Rules()

    @classmethod
    def create(cls, name="racegame", variants=(), **options):
        if variants:
            raise RulesError("Race to seven has no variants")
        return cls(Rules(**options))

    @classmethod
    def from_header(cls, header):
        return cls(Rules(**header.get("options", {})))

    def header(self) -> dict:
        return {"game": self.name, "ruleset": self.name, "variants": [], "options": self.rules.to_dict()}

    def check_players(self, players):
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 3:
            raise RulesError(f"Race to seven is for 2 or 3 players, got {players!r}")
        return players

    def new_state(self, players):
        return Table.new(self.rules, self.check_players(players)).freeze()

    def table(self, state=None, players=None):
        return Table.thaw(state) if state is not None else Table.new(self.rules, self.check_players(players))

    def parse(self, text):
        return parse(text)

    def scores(self, state):
        return tuple(int(s == state.winner) for s in range(state.players))

    def winners(self, state):
        return (state.winner,)

    def summary(self, state) -> dict:
        return {"total": (state.total,) * state.players}

    def narrate(self, before, seat, action, after, names):
        if seat is None:
            return f"{names[after.turn]} starts."
        return f"{names[seat]} adds {action.k}: {after.total}." + (" The race is won." if after.winner >= 0 else "")

    def describe(self, observation, names, legal=False):
        return f"The total is {observation.total}." + (" Add 1 or add 2." if legal else "")

    def facts(self, state, names):
        return {"total": state.total, "winner": names[state.winner] if state.winner >= 0 else None}

    def invariants(self, state):
        return [] if 0 <= state.total <= state.rules.goal else [f"the total {state.total} is out of range"]

    def hide_from(self, state, seat, rng):
        return state                      # nothing is hidden


class Greedy:
    """Adds 2 whenever it may."""

    name = "greedy"

    def act(self, observation, legal, rng):
        return Add(2)


AGENTS = {"greedy": Greedy}


def conformance_bots():
    return [Greedy()]


SPEC = register(GameSpec(
    name="racegame", title=RaceGame.title, factory=RaceGame.create, from_header=RaceGame.from_header,
    players=(2, 3), aliases=("race-to-seven",),
    bots=__name__, default_bot="greedy", test_bots=f"{__name__}:conformance_bots",
    text_view=f"{__name__}:RaceGame.describe",
    configs=(("racegame", "racegame", (), {}), ("racegame-ten", "racegame", (), {"goal": 10})),
    illegal_probes=("add 3", "first 0"), probes=("add 1", "add 2"),
    test_min_steps=6, scenario_prefixes=("race-",), module=__name__,
))
