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
def paused_gc(agents=()):
    """Pause Python's cyclic garbage collector (nested uses are fine), unless one of
    ``agents`` is not bluffkit's own (:func:`own_agents`): then it runs, as it was or not.

    Playing with bluffkit's own bots creates no reference cycles (every object is freed
    by its reference count), so the collector only costs time: its scans of the young
    objects a game leaves behind. Simulations pause it for the whole batch. An agent of
    a user's own may make cycles (a search tree whose nodes point to their parents): with
    the collector paused they were never freed (500 MB over 1,000 games of one such bot),
    so a game with such an agent is played with the collector on."""
    was = gc.isenabled()
    if agents and not own_agents(agents):
        gc.enable()
    else:
        gc.disable()
    try:
        yield
    finally:
        (gc.enable if was else gc.disable)()


def own_agents(agents) -> bool:
    """Whether every one of ``agents`` is an instance of a class of bluffkit's own agents
    (:mod:`bluffkit.agents`), which make no reference cycles as they play."""
    return all(type(a).__module__.startswith("bluffkit.agents.") for a in agents)


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


def kind_of_move(before, seat, action) -> str:
    """What every seat sees of a move in a game whose spec names no ``public_move``: its kind."""
    return type(action).__name__


def public_move_of(game):
    """The game's ``public_move(before, seat, action)`` (:class:`~bluffkit.core.spec.GameSpec`):
    what every seat sees of a move beyond its observation after it; :func:`kind_of_move`
    for a game whose spec names none."""
    from bluffkit.core.spec import spec_of
    return spec_of(game).resolve("public_move") or kind_of_move


class Watch:
    """The record of a game as each watching agent saw it.

    An agent with a method ``watch(history)`` is given, before each of its moves, the game
    so far as its seat saw it: a tuple with one ``(seat, public, seen)`` triple per move in
    the order played, ``seat`` the mover (``None`` for chance), ``public`` what every seat
    sees of the move beyond the table after it (the game's ``public_move``,
    :func:`public_move_of`: an auction payment's notes where the table sees them, a
    face-down offer by its number of cards, a deal by its kind) and ``seen`` the agent's
    own observation of the table right after the move (as ``game.observe`` gives it, its
    ``legal`` included). Its observation shows the table as it stands; the history is how
    it came to be, as a player remembers it (who paid which notes, who countered with
    nothing). No game is watched unless one of its agents has ``watch``, so the others
    cost nothing; a history holds one observation a move, so a game whose observations
    grow with it (Bløff's claims) costs memory with the square of its length.

    ``acts(acts)`` wraps the seats' ``act`` functions; ``chance(outcome)`` records chance's
    outcome before it is applied; ``new_game(table)`` starts the record of the game
    played on the working copy ``table`` (public forms are read from it before each move,
    the observations from a frozen copy after it); ``end()`` closes it."""

    __slots__ = ("game", "public", "watchers", "histories", "table", "pending")

    def __init__(self, game, agents):
        self.game = game
        self.public = public_move_of(game)
        self.watchers = [watcher_of(a, seat) for seat, a in enumerate(agents)]
        self.histories: list[list] = [[] for _ in agents]
        self.table = None
        self.pending = None          # the last move, until the table after it is seen

    @staticmethod
    def wanted(agents) -> bool:
        """Whether any of ``agents`` watches the game (a ``watch`` that is not a function is
        refused, naming the seat)."""
        return any([watcher_of(a, seat) is not None for seat, a in enumerate(agents)])

    def new_game(self, table) -> None:
        for h in self.histories:
            h.clear()
        self.table, self.pending = table, None

    def _seen(self) -> None:
        """Each watcher's record of the last move, with the table after it as its seat sees
        it (from a frozen copy: a working copy's view would change as the game goes on)."""
        if self.pending is None:
            return
        mover, shown = self.pending
        self.pending = None
        if isinstance(shown, _Failed):      # the move was played, so its public form is a bug: say so
            raise shown.error
        state = self.table.freeze()
        observe = self.game.observe
        for seat, watch in enumerate(self.watchers):
            if watch is not None:
                self.histories[seat].append((mover, shown, observe(state, seat)))

    def end(self) -> None:
        """The game is over: a last move whose public form failed is said as at any other
        move (no seat acts again, so nothing else is recorded)."""
        pending, self.pending = self.pending, None
        if pending is not None and isinstance(pending[1], _Failed):
            raise pending[1].error

    def acts(self, acts: list) -> list:
        return [self._act(seat, act) for seat, act in enumerate(acts)]

    def _shown(self, seat, action):
        """The move's public form, read before the move is applied; a move the rules are
        about to refuse may not have one (a payment of text): its failure waits until the
        move is known to be played."""
        try:
            return self.public(self.table, seat, action)
        except Exception as e:              # (the rules check comes next, and refuses it in words)
            return _Failed(e)

    def _act(self, seat: int, act):
        watch, history = self.watchers[seat], self.histories[seat]

        def acting(observation, legal, rng):
            self._seen()
            if watch is not None:
                try:
                    watch(tuple(history))
                except Exception as e:      # the agent's own failure, not a move the rules refused
                    raise RulesError(f"the agent at seat {seat}: its watch raised {type(e).__name__}: "
                                     f"{e}"[:300]) from e
            action = act(observation, legal, rng)
            self.pending = (seat, self._shown(seat, action))
            return action
        return acting

    def chance(self, outcome) -> None:
        self._seen()
        self.pending = (None, self._shown(None, outcome))


class _Failed:
    """A public form that could not be read (see :meth:`Watch._shown`)."""

    __slots__ = ("error",)

    def __init__(self, error: Exception):
        self.error = error


def watcher_of(agent, seat: int):
    """``agent.watch`` when the agent watches the game, else ``None``; a ``watch`` that is
    not a function is refused in words (it was ignored, and the agent never told)."""
    try:
        watch = getattr(agent, "watch", None)
    except Exception as e:                  # (a property of the agent's own that fails)
        raise RulesError(f"the agent at seat {seat}: reading its watch raised {type(e).__name__}: {e}"[:300]) from e
    if watch is not None and not callable(watch):
        raise RulesError(f"the agent at seat {seat} has a watch that is not a function "
                         f"(watch(history) is called before each of its moves), got {quote(watch, 60)}"[:300])
    return watch


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
    game is played, when every agent is bluffkit's own (see :func:`paused_gc`).
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
    watch = None
    if Watch.wanted(agents):                # an agent that keeps the public record (see Watch)
        watch = Watch(game, agents)
        watch.new_game(t)
        acts = watch.acts(acts)
    draws, k, chances = (), 0, 0            # chance's uniform numbers, drawn in blocks
    with paused_gc(agents):
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
            if watch is not None:
                watch.chance(outcome)
            t.apply_chance(outcome)
            append((None, outcome))
            chances += 1
    if watch is not None:
        watch.end()
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


def progress_bar(total: int, desc: str, unit: str, **kw):
    """The bar of ``progress=True``: tqdm's widget bar in a notebook's kernel, its text bar
    elsewhere (``tqdm.auto``; a terminal never imports IPython for it).

    Its rate, and the time left it gives, are of the whole run so far (games done since the
    bar began, over the time since; tqdm's ``smoothing=0``), as the command's progress lines
    away from a terminal count them: tqdm's default, a moving average of the last few tenths of a
    second, swung with the load of a shared machine (a 100,000-game run of 8.5 minutes
    showed 32 to 428 games a second and foretold its end at 4 to 26 minutes; the average
    foretold 6.4 to 8.4)."""
    from tqdm.auto import tqdm
    kw.setdefault("smoothing", 0)
    return tqdm(total=total, desc=desc, unit=unit, **kw)


def play_games(game, seeds, seat_agents, *, progress=False, desc: str = "games", unit: str = "game",
               every: int = 50):
    """Play game ``i`` from ``seeds[i]`` with the agents ``seat_agents(i)`` returns; yield
    ``(i, record)`` for each, in order.

    ``progress``: ``False``; ``True`` for a bar (``desc``, ``unit``; :func:`progress_bar`); or a callable
    ``progress(done, total)``, called every ``every`` games and after the last. The
    cyclic garbage collector is paused while the games are played, and runs during a game
    with an agent that is not bluffkit's own (see :func:`paused_gc`). A ``progress`` of
    another kind is refused (:func:`check_progress`) before any game."""
    check_progress(progress)
    total = len(seeds)
    bar = None
    if progress is True:
        bar = progress_bar(total, desc, unit)
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
