"""Playing whole games fast: one mutable working copy, agents acting on observations.

:func:`play` is the simulation path. It runs the same rule methods as the
immutable API (the game's ``table``), checks every action against the legal
actions, builds each acting seat's observation, and records every chance outcome
and action, so the record replays through the immutable API to the same state.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from bluffkit.core.errors import BluffkitError, IllegalAction, RulesError, check_whole, quote
from bluffkit.core.seeding import check_seed, child_rngs


@dataclass
class GameRecord:
    """One finished (or stopped) game: its seed, the moves, and the result (``summary``:
    what the game's ``summary`` reports at the end, e.g. each seat's money)."""

    seed: int
    players: int
    agents: list[str]
    moves: list = field(default_factory=list)   # (seat or None for chance, action)
    scores: tuple = ()
    winners: tuple = ()
    summary: dict = field(default_factory=dict)   # the game's own per-seat numbers at the end
    final: object = None                          # the final working copy
    chance_moves: int | None = field(default=None, repr=False)   # counted while playing

    @property
    def length(self) -> int:
        """Number of player actions (chance outcomes not counted)."""
        if self.chance_moves is None:
            return sum(1 for seat, _ in self.moves if seat is not None)
        return len(self.moves) - self.chance_moves


@contextmanager
def paused_gc():
    """Pause Python's cyclic garbage collector (nested uses are fine).

    Playing creates no reference cycles (every object is freed by its reference
    count), so the collector only costs time: its scans of the young objects a game
    leaves behind. Simulations pause it for the whole batch."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


class RunawayGame(BluffkitError):
    """A game that did not end within ``max_steps``."""


CHECKS = ("untrusted", "all")

def is_trusted(agent) -> bool:
    """Whether ``agent`` itself or its own class declares ``trusted = True`` (a built-in bot
    whose moves are built from the ``Legal`` it is given). Not inherited: a subclass that
    does not declare it again is checked, since it may build its moves otherwise (numpy
    numbers, a card it does not hold).

    >>> class Bot: trusted = True
    >>> class Mine(Bot): pass
    >>> is_trusted(Bot()), is_trusted(Mine())
    (True, False)
    """
    own = getattr(agent, "__dict__", {})
    return (own["trusted"] if "trusted" in own else type(agent).__dict__.get("trusted", False)) is True


#: The most games one call of ``simulate`` or ``tournament`` (or ``bluffkit simulate
#: --games``) plays: a bound that refuses a mistyped count in words, where 10**19 failed
#: deep inside.
MAX_GAMES = 10**12


def play(game, agents, seed: int, *, max_steps: int = 200_000, check: str = "untrusted") -> GameRecord:
    """Play one game with ``agents`` (one per seat) from ``seed``; return its record.

    ``check``: ``"untrusted"`` (the default) checks every action (against the seat's
    legal actions, and that it holds plain numbers, :func:`~bluffkit.core.errors.plain_problem`)
    except those of an agent whose class declares ``trusted`` (:func:`is_trusted`: a
    built-in bot whose ``act`` only returns
    an action built from the ``Legal`` it is given: the random bots, Bløff's honest and
    caller bots, the random bidder), on the engines that can skip it (You're Bluffing!'s,
    Bløff's and the auctions' skip both checks; the other games check every action); ``"all"`` checks every action, as the tests of the
    bots do. The rules themselves are applied the same either way. An agent's move the rules refuse raises
    :class:`IllegalAction` naming the seat, its agent, the step and the seed.

    The table's ``run`` plays the players' moves until chance acts; chance's outcomes
    come from here. The seed's children drive chance (index 0, through the table's
    ``sample_chance(u, rng)``) and each seat's agent (1..n). ``max_steps`` counts
    every move, chance's included. The cyclic garbage collector is paused while the
    game is played (see :func:`paused_gc`).
    """
    seed = check_seed(seed)
    if check not in CHECKS:
        raise RulesError(f"check must be one of {', '.join(CHECKS)}, not {quote(check)}"[:200])
    max_steps = check_whole(max_steps, "max_steps", 1)
    if not isinstance(agents, (list, tuple)) or not all(callable(getattr(a, "act", None)) for a in agents):
        raise RulesError(f"agents: a list with one agent per seat (an object with act(observation, legal, rng)), "
                         f"got {quote(agents)}"[:200])
    n = len(agents)
    t = game.table(players=n)
    rngs = child_rngs(seed, n + 1)
    chance = rngs[0]
    moves: list[tuple[int | None, Any]] = []
    append = moves.append
    run = t.run
    acts = [a.act for a in agents]
    agent_rngs = rngs[1:]
    checks = None if check == "all" else tuple(not is_trusted(a) for a in agents)
    if checks is not None and all(checks):
        checks = None                       # None: check every seat's actions
    draws, k, chances = (), 0, 0            # chance's uniform numbers, drawn in blocks
    with paused_gc():
        while True:
            try:
                run(acts, agent_rngs, append, max_steps - len(moves), checks)   # players, until chance acts
            except IllegalAction as e:          # say whose agent, in which game and at which step
                seat = t.to_move()[0]
                name = getattr(agents[seat], "name", type(agents[seat]).__name__)
                if name == "script":            # a script's refusal names its seat and move already
                    raise
                raise IllegalAction(e.rule, f"seat {seat}'s agent ({name}) played a move the rules refuse, at step "
                                            f"{len(moves) + 1} of the game with seed {seed}: {e.reason}") from None
            if len(moves) >= max_steps and not t.is_over():
                raise RunawayGame(f"game with seed {seed} did not end within {max_steps} steps")
            if not t.is_chance():
                break
            if k == len(draws):
                draws, k = chance.random(64).tolist(), 0
            outcome = t.sample_chance(draws[k], chance)
            k += 1
            t.apply_chance(outcome)
            append((None, outcome))
            chances += 1
    rec = GameRecord(seed, n, [getattr(a, "name", type(a).__name__) for a in agents], moves)
    rec.final, rec.chance_moves = t, chances
    rec.scores = game.scores(t)
    rec.winners = game.winners(t)
    rec.summary = game.summary(t)
    return rec


def check_progress(progress) -> None:
    """Refuse, in words, a ``progress`` that is not ``True``, ``False`` (or ``None``) or a
    function ``progress(done, total)``: a text such as ``"x"`` was taken for no bar."""
    if not (progress is None or isinstance(progress, bool) or callable(progress)):
        raise RulesError(f"progress: True, False (or None) or a function progress(done, total), "
                         f"got {quote(progress)}"[:200])
    if callable(progress) and not isinstance(progress, bool):
        import inspect
        try:
            inspect.signature(progress).bind(0, 1)
        except TypeError:                   # (found before any game, not after the first 50)
            raise RulesError(f"progress: a function progress(done, total); {quote(progress, 60)} does not "
                             f"take those two arguments") from None
        except ValueError:                  # no signature to read (some builtins): called as it is
            pass


def play_games(game, seeds, seat_agents, *, progress=False, desc: str = "games", unit: str = "game",
               every: int = 50):
    """Play game ``i`` from ``seeds[i]`` with the agents ``seat_agents(i)`` returns; yield
    ``(i, record)`` for each, in order.

    ``progress``: ``False``; ``True`` for a text bar (``desc``, ``unit``); or a callable
    ``progress(done, total)``, called every ``every`` games and after the last. The
    cyclic garbage collector is paused while the games are played (see :func:`paused_gc`).
    A ``progress`` of another kind is refused (:func:`check_progress`) before any game."""
    check_progress(progress)
    total = len(seeds)
    bar = None
    if progress is True:
        from tqdm import tqdm
        bar = tqdm(total=total, desc=desc, unit=unit)
    try:
        with paused_gc():
            for i, seed in enumerate(seeds):
                yield i, play(game, seat_agents(i), seed)
                if bar is not None:
                    bar.update(1)
                elif callable(progress) and (i % every == every - 1 or i == total - 1):
                    progress(i + 1, total)
    finally:
        if bar is not None:
            bar.close()


def lineup(agents: list, i: int) -> list:
    """Game ``i``'s seating in a tournament: the line-up shifted by ``i``, so that every
    agent plays every seat equally often."""
    k = i % len(agents)
    return agents[k:] + agents[:k]
