"""The agent interface, scripted seats, and the registry of bots by name."""

from __future__ import annotations

import math
from functools import partial
from itertools import chain
from types import SimpleNamespace
from typing import Protocol

import numpy as np

from bluffkit.agents.generic import RandomBot
from bluffkit.core.errors import IllegalAction, NotationError, RulesError, count, quote


class Agent(Protocol):
    """A bot: ``act`` returns one legal action for the seat the observation belongs to."""

    name: str

    def act(self, observation, legal, rng: np.random.Generator): ...


class ScriptedAgent:
    """Plays a fixed list of moves (text or action records), in order.

    Raises a clear error when asked for a move after the script has run out, and one
    naming the seat and the move's number for a move it cannot read or one the rules do
    not allow where it stands (with the rule it breaks).
    """

    name = "script"

    def __init__(self, moves, parse=None):
        self.moves = list(moves)
        self.parse = parse
        self.i = 0

    def act(self, observation, legal, rng):
        if not self.moves:                      # ("script:", "script:;": not "run out after 0 moves")
            raise RulesError(f"the script for seat {observation.seat} names no moves, and a move is asked of it "
                             f"(script:MOVE;MOVE;...)")
        if self.i >= len(self.moves):
            raise RulesError(f"the script for seat {observation.seat} has run out after "
                             f"{count(len(self.moves), 'move')}")
        move = written = self.moves[self.i]
        where = f"the script for seat {observation.seat}, move {self.i + 1}"
        if isinstance(move, str) and self.parse is not None:
            try:
                move = self.parse(move)
            except NotationError as e:
                shown = "" if quote(written) in str(e) else f" ({quote(written)})"
                raise NotationError(f"{where}{shown}: {e}") from None
        explain = getattr(legal, "explain", None)
        wrong = explain(move) if explain is not None else None
        if wrong is not None:
            shown = f" ({quote(written)})" if isinstance(written, str) else ""
            raise IllegalAction(wrong[0], f"{where}{shown}: {wrong[1]}")
        self.i += 1
        return move


def uniform_stream(rng: np.random.Generator):
    """A callable of no arguments giving the uniform floats of ``rng`` one by one, drawn
    in blocks of 64 (one numpy call per block; each call of the stream runs in C)."""
    blocks = iter(lambda: rng.random(64).tolist(), None)      # never ends
    return partial(next, chain.from_iterable(blocks))


class UniformBuffer:
    """Uniform floats drawn from a Generator in blocks: ``u(rng)`` is the next one of
    :func:`uniform_stream` for ``rng`` (a new stream when the generator changes)."""

    __slots__ = ("rng", "next")

    def __init__(self):
        self.rng, self.next = None, None

    def __call__(self, rng: np.random.Generator) -> float:
        if rng is not self.rng:
            self.rng, self.next = rng, uniform_stream(rng)
        return self.next()


def fraction_spec(spec: str, word: str) -> float | None:
    """The number P of a bot spec ``"WORD P"`` (or ``"WORD:P"``) when P is in [0, 1];
    ``None`` for any other spec. ``WORD`` with a P that is no fraction from 0 to 1 ("shade
    1.5", "shade half") is refused in words, not taken for an unknown bot.

    >>> fraction_spec("shade 0.5", "shade"), fraction_spec("random", "shade")
    (0.5, None)
    """
    head, _, rest = spec.replace(":", " ").partition(" ")
    if head != word or not rest.strip():
        return None
    try:
        p = float(rest)
    except ValueError:
        p = math.nan
    if not 0 <= p <= 1:
        raise RulesError(f"{quote(spec)}: {word} takes a fraction from 0 to 1 (e.g. {word} 0.5), "
                         f"got {quote(rest.strip())}"[:200])
    return p


def _agent_module(game):
    """The module of ``game``'s bots, as the game's spec names it (``AGENTS``, and maybe
    ``from_spec`` and ``SPEC_HELP``); a game without one, or no game, has the generic
    random bot only."""
    from bluffkit.core.spec import spec_of
    module = spec_of(game).resolve("bots") if game is not None else None
    return module if module is not None else _GENERIC


def _registry(game) -> dict:
    """The bots of ``game`` by name."""
    return _agent_module(game).AGENTS


#: The bots of a game whose spec names no bots module: the generic random bot.
_GENERIC = SimpleNamespace(AGENTS={"random": RandomBot})


def agent_names(game=None) -> list[str]:
    return sorted(_registry(game))


def _as_listed(text: str) -> list[str]:
    """Bots given as the command line writes them, as the list to give in Python: the
    names between commas, up to a script, which is one bot, commas and all
    (``"random,script:auction,pass"``: ``['random', 'script:auction,pass']``)."""
    parts = text.split(",")
    first = next((i for i, p in enumerate(parts) if p.strip().startswith("script:")), len(parts))
    return [p.strip() for p in parts[:first]] + ([",".join(parts[first:]).strip()] if first < len(parts) else [])


def bot_names(agents, what: str = "agents") -> list[str]:
    """``agents`` as a list of bots' names (one per seat, or a field to draw from), refused
    with a :class:`RulesError` naming ``what``: a text alone, which would be read letter by
    letter ("unknown agent 'r'"), something that is no list, an empty list, or a name that
    is not a text or is blank.

    >>> bot_names(("random", "honest"))
    ['random', 'honest']
    >>> bot_names("random")
    Traceback (most recent call last):
    ...
    bluffkit.core.errors.RulesError: agents: a list of bots' names, e.g. ['random'], not a text (it would be read letter by letter), got 'random'
    """
    if isinstance(agents, (str, bytes)):
        example = _as_listed(agents) if isinstance(agents, str) else [agents]
        raise RulesError(f"{what}: a list of bots' names, e.g. {example!r}, not a text (it would be read letter "
                         f"by letter), got {quote(agents)}"[:300])
    try:
        names = list(agents)
    except TypeError:
        raise RulesError(f"{what}: a list of bots' names, got {quote(agents)}"[:200]) from None
    if not names:
        raise RulesError(f"{what}: a list of at least one bot's name, got an empty list")
    bad = next((a for a in names if not isinstance(a, str) or not a.strip()), None)
    if bad is not None:
        raise RulesError(f"{what}: a list of bots' names (text), got {quote(bad)} among them"[:200])
    return names


def make_agent(spec, game=None):
    """An agent from a spec: an agent object (returned as is), a name, or a script of moves:
    ``script:m1;m2;...`` (or ``script:m1,m2,...`` when no move holds a comma; on the command
    line, where commas separate the seats, and for Bløff's ``play AS,9S``, use ``;``)."""
    if not isinstance(spec, str):
        if hasattr(spec, "act"):
            return spec
        raise RulesError(f"an agent must be a name or an object with act(), got {spec!r}")
    if spec.startswith("script:"):
        moves = spec[7:].split(";" if ";" in spec else ",")
        return ScriptedAgent([m.strip() for m in moves if m.strip()],
                             parse=game.parse if game is not None else None)
    module = _agent_module(game)
    agents = module.AGENTS
    if spec not in agents:
        # A name is read as written: "random " is no bot, and neither is "shade 0.5 ".
        made = getattr(module, "from_spec", lambda _: None)(spec) if spec == spec.strip() else None
        if made is not None:
            return _told(module, made, game)
        extra = getattr(module, "SPEC_HELP", "")
        raise RulesError(f"unknown agent {quote(spec)}; choose from {', '.join(sorted(agents))}{extra} "
                         f"or script:MOVE;MOVE;...")
    return _told(module, agents[spec](), game)


def tell_agent(agent, game):
    """``agent`` told what its game's bots module tells a bot seated at ``game`` from
    outside the observations (its ``tell(agent, game)``, if any)."""
    return _told(_agent_module(game), agent, game)


def _told(module, agent, game):
    """``agent`` after its module's ``tell(agent, game)``, if any: what a bot built by name
    is told about the game from outside its observations (e.g. the facts a Bluffer bot knows)."""
    tell = getattr(module, "tell", None)
    return tell(agent, game) if tell is not None and game is not None else agent
