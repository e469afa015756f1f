"""The typed interface every bluffkit game implements (checked by mypy).

A game package provides a :class:`Game` (pure methods over immutable states), its
:class:`State`, the :class:`Observation` one seat may see, and a :class:`Legal`
object that travels with each observation. Bots implement :class:`Bot` and see only
``(observation, legal, rng)``. Core, the command line, the testing kit and the
panels talk to games through these protocols and the registry of game specs
(:mod:`bluffkit.core.spec`), never through a game's own modules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

import numpy as np

#: An action record: a small frozen object whose ``str`` is its text form
#: (``game.parse(str(a)) == a``).
Action = Any


@runtime_checkable
class State(Protocol):
    """An immutable game state (a frozen dataclass). ``phase`` names the stage of play."""

    @property
    def phase(self) -> Any: ...


@runtime_checkable
class Legal(Protocol):
    """What one seat may do now, handed to bots and panels with the observation.

    - ``seat``: the seat these actions are for.
    - ``explain(action)``: ``None`` when ``action`` is legal here, else ``(rule id, reason)``.
    - ``sample(rng)``: one legal action drawn with the numpy Generator ``rng`` (the
      generic random bot plays this).
    - ``actions(limit)``: every legal action when they can be listed (at most ``limit``
      of them; ``None`` when the set is not enumerable, e.g. any text to write).
    - ``description``: the legal actions in a few words, for panels and error messages.
    """

    seat: int

    def explain(self, action: Action) -> tuple[str, str] | None: ...

    def sample(self, rng: np.random.Generator) -> Action: ...

    def actions(self, limit: int | None = None) -> Sequence[Action] | None: ...

    @property
    def description(self) -> str: ...


@runtime_checkable
class Observation(Protocol):
    """What one seat may know now, with named fields; ``legal`` travels with it."""

    @property
    def seat(self) -> int: ...

    def to_dict(self) -> dict: ...


@runtime_checkable
class Bot(Protocol):
    """A seat played by code: returns one legal action for the observed seat."""

    name: str

    def act(self, observation: Any, legal: Any, rng: np.random.Generator) -> Action: ...


@runtime_checkable
class Game(Protocol):
    """A ruleset bound to one game: pure functions of immutable states.

    ``seat`` is an int; chance acts with ``seat=None``. See :mod:`bluffkit.core.game`
    for what each method means."""

    name: str
    rules: Any

    def new_state(self, players: int) -> Any: ...

    def to_move(self, state: Any) -> tuple[int, ...]: ...

    def is_chance(self, state: Any) -> bool: ...

    def is_over(self, state: Any) -> bool: ...

    def sample_chance(self, state: Any, rng: np.random.Generator) -> Action: ...

    def legal(self, state: Any, seat: int) -> Any: ...

    def step(self, state: Any, seat: int | None, action: Action) -> Any: ...

    def observe(self, state: Any, seat: int) -> Any: ...

    def scores(self, state: Any) -> Sequence[Any]: ...

    def winners(self, state: Any) -> Sequence[int]: ...

    def parse(self, text: str) -> Action: ...

    def notation(self, action: Action) -> str: ...

    def narrate(self, before: Any, seat: int | None, action: Action, after: Any,
                names: Sequence[str]) -> str: ...

    def facts(self, state: Any, names: Sequence[str]) -> Mapping[str, Any]: ...

    def header(self) -> dict: ...

    def table(self, state: Any = None, players: int | None = None) -> Any: ...
