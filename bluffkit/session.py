"""A game being played: the object that the command line and the panels drive.

A :class:`Session` holds every state so far (undo and scrubbing are indexing into
``states``, a :class:`~bluffkit.core.trail.StateTrail`: a list that keeps the first
states as they are and then only some, playing the others again when asked for), the
moves with their narration, and the seats: each seat is a human, a bot, or a scripted
list of moves. Chance and bots act in
:meth:`Session.advance`; a human's move goes through :meth:`Session.play`, which
refuses an illegal move with the engine's reason and changes nothing.

>>> from bluffkit.core.game import make_game
>>> s = Session(make_game("horse-trading"), ["human", "random", "random"], seed=3)
>>> s.to_move, s.waiting_for
((0,), 0)
>>> _ = s.play("auction")
>>> _ = s.advance()           # chance turns up an animal, the bots bid or pass ...
>>> len(s.moves) >= 2
True
"""

from __future__ import annotations

import contextlib
import copy
from pathlib import Path

import numpy as np

from bluffkit.agents.base import ScriptedAgent, make_agent
from bluffkit.core import log as gamelog
from bluffkit.core.errors import BluffkitError, IllegalAction, NotationError, RulesError, count, is_seat, quote
from bluffkit.core.game import as_game
from bluffkit.core.logfiles import NAME_RULE, name_ok
from bluffkit.core.play import RunawayGame, check_progress, progress_bar, watcher_of
from bluffkit.core.seeding import check_seed, fresh_seed
from bluffkit.core.trail import StateTrail

HUMAN = "human"

#: Who may take a human's move back: ``"own"`` (the default) only the player who made it,
#: asking on their own turn; ``"any"`` any player (a teacher's table, e.g. to replay a
#: lesson's position).
UNDO_RULES = ("own", "any")


def seat_by_name(text: str, names, heads) -> str:
    """``text`` with a player's name, where a move names a seat, written as that seat's
    number, as the game reads it: with Bo at seat 1, ``trade Bo goat 10`` is ``trade 1 goat
    10``. ``heads`` are the game's moves whose first word after the move names a seat (its
    ``seat_moves``, e.g. ``trade`` and ``choose``). A name is matched whole, in any case,
    and may have spaces (the longest one that fits wins, then the one of the same case); a
    number stays a number. A word there that is neither is refused (NotationError), naming
    the players, as is a name that fits two of them only apart from case.

    >>> seat_by_name("trade bo goat 10", ["Ana", "Bo", "Cy"], ("trade",))
    'trade 1 goat 10'
    >>> seat_by_name("choose Seat 2", ["Seat 0", "Seat 1", "Seat 2"], ("choose",))
    'choose 2'
    """
    parts = text.split(None, 1)
    if len(parts) < 2 or parts[0].casefold() not in heads:
        return text
    head, rest = parts
    first = rest.split(None, 1)[0]
    digits = first.lstrip("+-")
    if digits.isascii() and digits.isdigit():     # a seat number, as whole_number reads it
        return text
    fits = []
    for seat, name in enumerate(names):
        words = name.split()
        got = rest.split(None, len(words))
        if words and [w.casefold() for w in got[:len(words)]] == [w.casefold() for w in words]:
            fits.append((len(words), got[:len(words)] == words, seat, got[len(words):]))
    players = ", ".join(f"{i} {quote(n)}" for i, n in enumerate(names))
    if not fits:
        raise NotationError(f"{quote(first)} after {quote(head)} is no player: give a seat number or a name ({players})")
    fits.sort(key=lambda f: (f[0], f[1]), reverse=True)
    if len(fits) > 1 and fits[0][:2] == fits[1][:2]:
        raise NotationError(f"{quote(' '.join(rest.split()[:fits[0][0]]))} could be seat {fits[0][2]} or "
                            f"seat {fits[1][2]}: give the seat number ({players})")
    _, _, seat, after = fits[0]
    return " ".join([head, str(seat), *after])


class AgentError(BluffkitError):
    """An agent object (a bot given as an object, not by name) raised an exception of its
    own while choosing its move for ``seat``; the exception is ``__cause__``. Its words may
    name what that seat holds, so screens say only its kind (:func:`bot_failure`)."""

    def __init__(self, seat: int, error: Exception):
        super().__init__(f"the agent at seat {seat} raised {type(error).__name__}: {error}")
        self.seat, self.error = seat, error


def bot_failure(session: "Session", error: Exception, who: str = "bot") -> tuple[str, bool]:
    """What a screen or terminal says when a bot, a script or an agent object cannot move:
    ``(words, hidden)``. The words name whose move it was and the broken rule, but not the
    engine's reason, which may name what that player holds (the notes it lacks, its hand);
    ``hidden`` says that a reason was left out (the caller tells where the whole error is)."""
    if isinstance(error, RunawayGame):         # no one's move was refused: the game is too long
        return (f"The game has not ended after {count(session.max_steps, 'step')}, and the bots stop here "
                "(Session's max_steps; save the log to look at it with bluffkit replay, or with "
                "ReplayViewer(path, unfinished=True) away from the players).", False)
    seat = session.to_move[0] if not session.over and session.to_move else None
    name = session.names[seat] if seat is not None else "a player"
    agent = session.agents[seat] if seat is not None else None
    if isinstance(agent, ScriptedAgent) and agent.i >= len(agent.moves) and not isinstance(error, IllegalAction):
        return f"A {who} could not move: {name}'s script ran out after {count(len(agent.moves), 'move')}.", False
    if isinstance(error, IllegalAction):
        why = f"{name}'s move was refused (rule: {error.rule})"
        if isinstance(agent, ScriptedAgent):    # its number, not its words (a face-down offer, a payment)
            why = f"{name}'s script, move {agent.i + 1}, was refused (rule: {error.rule})"
    else:
        cause = error.error if isinstance(error, AgentError) else error
        why = f"{name}'s agent raised {type(cause).__name__}"
        if isinstance(agent, ScriptedAgent) and isinstance(cause, NotationError):
            # its number, not its words nor the reader's reason: "trade 0 cow 10+10+7" is a
            # face-down offer, and "there is no note worth 7" tells of it too
            why = f"{name}'s script, move {agent.i + 1}, cannot be read"
    return (f"A {who} could not move: {why}. The reason is not shown, since it may tell what {name} holds.",
            True)


#: The steps per seat a session plays before it takes its game for one that will not end
#: (see :class:`Session`): random bots' Bløff at eight or ten players, the longest real games,
#: took up to some 34,000 steps in 60 seeded games each (3,400 a seat).
MAX_STEPS_PER_SEAT = 10_000



def _quoted(line: str) -> str:
    """A narration line quoted in a message: in double quotes, or in single ones when the
    line holds double quotes of its own (a Bløff claim: ‘Carla says “one seven”.’).

    >>> _quoted("Bo bids 20."), _quoted("Carla says “one seven”.")
    ('“Bo bids 20.”', '‘Carla says “one seven”.’')
    """
    return f"\u2018{line}\u2019" if "\u201c" in line else f"\u201c{line}\u201d"


def _seed_text(seed: int) -> str:
    """A seed in a message: its digits, or its start and its length when it is long (a seed
    may have 309 digits)."""
    text = str(seed)
    return text if len(text) <= 40 else f"{text[:20]}… ({len(text)} digits)"


class Session:
    """One game: ``seats`` lists, per seat, ``"human"``, a bot name (``"random"``,
    ``"heuristic"``), an agent object, or a list of moves to play in order. ``undo``
    (one of :data:`UNDO_RULES`) says whose moves a player may take back. A session keeps
    every state for undo (``states``, see :mod:`bluffkit.core.trail`, which holds only some
    of a long game's), and a game of bots that never ends would still grow without end: past
    ``max_steps`` steps (default :data:`MAX_STEPS_PER_SEAT` times the seats) :meth:`advance`
    and :meth:`run` stop, before a bot's or chance's step, with
    :class:`~bluffkit.core.play.RunawayGame`, the session as it was (a person may still move)."""

    def __init__(self, game, seats, *, names=None, seed: int = 0, start: dict | None = None, undo: str = "own",
                 max_steps: int | None = None):
        if max_steps is None:
            max_steps = MAX_STEPS_PER_SEAT * (len(seats) if isinstance(seats, (list, tuple)) and seats else 1)
        if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1:
            raise RulesError(f"max_steps: a number of steps (a whole number >= 1), got {quote(max_steps)}"[:200])
        self.max_steps = max_steps
        if undo not in UNDO_RULES:
            raise RulesError(f"undo must be one of {', '.join(map(repr, UNDO_RULES))}, got {undo!r}")
        self.undo_rule = undo
        self.game = game = as_game(game)
        if not isinstance(seats, (list, tuple)):
            raise RulesError(f"seats: a list with one entry per seat (\"human\", a bot's name, an agent "
                             f"or a list of moves), got {type(seats).__name__}")
        n = game.check_players(len(seats))
        self.seed = check_seed(seed)
        #: True for a session loaded from a log that names no seed (``"seed": null``): the
        #: session goes on drawing from a fresh seed (``seed``, see :meth:`load`), and its
        #: saved log names no seed either
        self.seed_unknown = False
        if names is None:
            names = [f"Player {i + 1}" for i in range(n)]
        if not isinstance(names, (list, tuple)) or len(names) != n:
            got = f"{len(names)} names" if isinstance(names, (list, tuple)) else "no list of names"
            raise RulesError(f"give {n} distinct names, one per seat; got {got}: {quote(names)}"[:300])
        for i, name in enumerate(names):           # as a log must hold them (a saved game loads again)
            if not name_ok(name):
                raise RulesError(f"the name of seat {i} must be {NAME_RULE}, got {name!r}"[:300])
        if len(set(names)) != n:
            twice = sorted({x for x in names if names.count(x) > 1})
            raise RulesError(f"give {n} distinct names, one per seat; {quote(twice[0])} is given twice"[:300])
        self.names = list(names)
        self.kinds: list[str] = []
        self.agents: list = []
        for spec in seats:
            if spec == HUMAN:
                self.kinds.append(HUMAN)
                self.agents.append(None)
            elif isinstance(spec, (list, tuple)):
                self.kinds.append("script")
                self.agents.append(ScriptedAgent(spec, parse=game.parse))
            else:
                agent = make_agent(spec, game)
                watcher_of(agent, len(self.agents))     # (a watch that is not a function: refused now)
                self.kinds.append(getattr(agent, "name", str(spec)))
                self.agents.append(agent)
        self.start = copy.deepcopy(start)    # the caller's dict may change; the log replays this one
        self.moves: list = []        # (seat or None, action)
        self.states = StateTrail(game, gamelog.start_state(game, n, self.start), self.moves)
        self.says: list[str] = []
        self._histories: dict[int, list] = {}    # history(seat), built as it is asked for
        self._public = None
        #: per step, whether it showed hidden information (see :meth:`shows`), taken when the
        #: step was made: a fact of the game's public record, as its narration is
        self.shown_steps: list[bool] = []

    # -- looking -------------------------------------------------------------------
    @property
    def state(self):
        return self.states[-1]

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def over(self) -> bool:
        return self.game.is_over(self.state)

    @property
    def to_move(self) -> tuple[int, ...]:
        return self.game.to_move(self.state)

    @property
    def waiting_for(self) -> int | None:
        """The human seat the game is waiting for, or None (bots or chance to act, or the end)."""
        tm = self.to_move
        for seat in tm:
            if self.kinds[seat] == HUMAN:
                return seat
            break
        return None

    def observe(self, seat: int):
        return self.game.observe(self.state, seat)

    def legal(self, seat: int):
        return self.game.legal(self.state, seat)

    def seats(self) -> list[dict]:
        return [{"name": n, "agent": k} for n, k in zip(self.names, self.kinds)]

    # -- moving ----------------------------------------------------------------------
    def _rng(self, who: int) -> np.random.Generator:
        """The generator for chance (``who`` 0) or a bot (seat + 1) at the current step.

        It depends only on the seed, the actor and the step number, so after an undo
        the same position draws the same animal and the bots choose the same way:
        taking moves back cannot be used to fish for a better draw."""
        return np.random.default_rng(np.random.SeedSequence(self.seed, spawn_key=(who, len(self.moves))))

    def history(self, seat: int) -> tuple:
        """The game so far as ``seat`` saw it, as an agent's ``watch(history)`` is given it
        (:class:`bluffkit.core.play.Watch`): one ``(mover, public, seen)`` per move, ``mover``
        ``None`` for chance, ``public`` what every seat sees of the move beyond the table
        after it, ``seen`` the seat's observation right after it. Undo takes back its end
        with the moves."""
        if not is_seat(seat, self.players):
            raise RulesError(f"history: a seat is an int from 0 to {self.players - 1}, got {quote(seat)}"[:200])
        public = self._public
        if public is None:
            from bluffkit.core.play import public_move_of
            public = self._public = public_move_of(self.game)
        have = self._histories.setdefault(seat, [])
        while len(have) < len(self.moves):
            i = len(have)
            mover, action = self.moves[i]
            have.append((mover, public(self.states[i], mover, action), self.game.observe(self.states[i + 1], seat)))
        return tuple(have)

    def _push(self, seat, action, after) -> str:
        say = self.game.narrate(self.state, seat, action, after, self.names)
        self.shows(len(self.moves) - 1)         # (the record so far, for a session whose moves were set)
        self.shown_steps.append(self._showed(self.state, seat, action, after))
        self.states.append(after)
        self.moves.append((seat, action))
        self.says.append(say)
        return say

    def play(self, action, seat: int | None = None) -> str:
        """A move for ``seat`` (default: the first seat to move); returns its narration.

        Raises :class:`IllegalAction` with the rule broken (:class:`NotationError` for text
        that is no move, or a name that is no player's); the session is unchanged."""
        if seat is None:
            tm = self.to_move
            if not tm:
                raise IllegalAction("no-one-to-move", "the game is over" if self.over
                                    else "chance acts next, not a player")
            seat = tm[0]
        if isinstance(action, str):
            action = self.game.parse(seat_by_name(action, self.names, getattr(self.game, "seat_moves", ())))
        after = self.game.step(self.state, seat, action)
        return self._push(seat, action, after)

    def chance(self, outcome=None) -> str:
        """Chance acts: ``outcome`` if given (e.g. ``"draw cow"``), else drawn from the seed."""
        if not self.game.is_chance(self.state):
            raise IllegalAction("not-chance-turn", "chance does not act now")
        if outcome is None:
            outcome = self.game.sample_chance(self.state, self._rng(0))
        elif isinstance(outcome, str):
            outcome = self.game.parse(outcome)
        after = self.game.step(self.state, None, outcome)
        return self._push(None, outcome, after)

    def advance(self, limit: int | None = None, hold=None) -> list[str]:
        """Let chance and the bots act until a human must move, the game ends, or
        ``limit`` steps have been taken; returns the narration of those steps.

        ``hold(state)``, if given, is asked before each chance move: when it says True,
        chance waits (a panel lets a human roll their own die with :meth:`chance`)."""
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 0):
            raise RulesError(f"limit: a number of steps (a whole number >= 0) or None, got {quote(limit)}"[:200])
        if hold is not None and not callable(hold):
            raise RulesError(f"hold: a function of the state (True: chance waits) or None, got {quote(hold)}"[:200])
        said: list[str] = []
        while limit is None or len(said) < limit:
            if self.over:
                break
            if self.game.is_chance(self.state):
                if hold is not None and hold(self.state):
                    break
                self._check_length()
                said.append(self.chance())
                continue
            seat = self.to_move[0]
            if self.kinds[seat] == HUMAN:
                break
            self._check_length()
            obs = self.observe(seat)
            watch = watcher_of(self.agents[seat], seat)
            if watch is not None:
                try:
                    watch(self.history(seat))
                except Exception as e:          # the agent's own failure, whatever its kind (not a move refused)
                    raise AgentError(seat, e) from e
            try:
                action = self.agents[seat].act(obs, obs.legal, self._rng(seat + 1))
            except BluffkitError:
                raise
            except Exception as e:              # an agent object's own failure (not bluffkit's)
                raise AgentError(seat, e) from e
            said.append(self.play(action, seat))
        return said

    def _check_length(self) -> None:
        if len(self.moves) >= self.max_steps:
            raise RunawayGame(f"the game has not ended after {count(self.max_steps, 'step')} (Session's max_steps): "
                              "bots that never finish it? The session is kept as it is; save() keeps its log")

    def run(self) -> "Session":
        """Play to the end (every seat must be a bot or a script)."""
        self.advance()
        if not self.over:
            raise RulesError(f"the game waits for a human at seat {self.waiting_for}; use play()")
        return self

    def undo(self, seat: int | None = None) -> int:
        """Take back moves up to and including the last human move (at a table of bots
        alone, the last move); returns how many moves were taken back. At a table with
        people, before any of them has moved it is refused (``nothing-to-undo``): a bot's
        move taken back would be played again as it was.

        ``seat`` is the player asking (default: the seat the game waits for). Refused
        with :class:`IllegalAction`, changing nothing, when a step to take back showed
        hidden information to anyone (the game's ``reveals``, or the end of the game,
        where every hand is shown), when another player (a bot, a script or a person) has
        moved since the human's move (a move stands once it has been answered: what the
        others did in answer depends on what they hold, so taking the move back would let
        a player try a move, see the answer and choose again), or when the undo rule is
        ``"own"`` and the move to take back is another player's."""
        k, problem = self.undo_problem(seat)
        if problem is not None:
            raise problem
        if k < 0:                           # a table of bots alone, before any move
            return 0
        n = len(self.moves) - k
        for seat_, _ in self.moves[k:]:
            if seat_ is not None and isinstance(self.agents[seat_], ScriptedAgent):
                self.agents[seat_].i -= 1            # the script will play that move again
        del self.moves[k:], self.says[k:], self.states[k + 1:], self.shown_steps[k:]
        for have in self._histories.values():
            del have[k:]
        return n

    def undo_problem(self, seat: int | None = None) -> tuple[int, IllegalAction | None]:
        """``(k, refusal)``: the first step :meth:`undo` would take back (-1: none, at a table
        of bots alone before any move), and why it is refused (``None``: it is not), without
        changing anything. A panel asks it to show Undo only where it can act."""
        if seat is not None and not is_seat(seat, self.players):
            raise RulesError(f"undo: {seat!r} is not a seat of this {self.players}-player game")
        k = len(self.moves) - 1
        while k > 0 and (self.moves[k][0] is None or self.kinds[self.moves[k][0]] != HUMAN):
            k -= 1
        if k < 0 or self.moves[k][0] is None or self.kinds[self.moves[k][0]] != HUMAN:
            if HUMAN in self.kinds:         # a bot's seeded move would only be played again
                return k, IllegalAction("nothing-to-undo", "no player at the table has made a move to take back yet")
            if k < 0:                       # a table of bots alone, before any move
                return k, None
            k = len(self.moves) - 1         # ... else its last move
        mover = self.moves[k][0]
        for i in range(k, len(self.moves)):
            if self.shows(i):
                # (a step's words may not name what it showed: Bluffer's last answer written
                # starts the reading, "Dev writes an answer in secret.")
                what = (f"{_quoted(self.says[i])} ended the game, which shows every hand"
                        if self.game.is_over(self.states[i + 1])
                        else f"after {_quoted(self.says[i])} the table saw something that was hidden until then")
                return k, IllegalAction("undo-reveals", f"{what}: what was seen cannot be taken back")
        if mover is not None and self.kinds[mover] == HUMAN:
            for i in range(k + 1, len(self.moves)):
                other = self.moves[i][0]
                if other is not None and other != mover:
                    return k, IllegalAction("undo-answered", f"{self.names[other]} has moved since "
                                            f"({_quoted(self.says[i])}): a move stands once another "
                                            f"player has answered it")
        asking = self.waiting_for if seat is None else seat
        if (self.undo_rule == "own" and mover is not None and self.kinds[mover] == HUMAN
                and asking is not None and asking != mover):
            return k, IllegalAction("undo-own-moves", f"only {self.names[mover]} may take back their move "
                                    f"(a table made with undo='any' lets anyone)")
        return k, None

    def shows(self, i: int) -> bool:
        """Whether step ``i`` (from 0) showed hidden information to anyone: the game's
        ``reveals``, or the end of the game (every hand is shown then). Taken when the step
        is made and kept in ``shown_steps`` (for the steps of a loaded log, on first asking)."""
        done = self.shown_steps
        if len(done) > len(self.moves):         # (moves set from outside, fewer: taken again)
            del done[:]
        for j in range(len(done), min(i + 1, len(self.moves))):
            (seat, action), before, after = self.moves[j], self.states[j], self.states[j + 1]
            done.append(self._showed(before, seat, action, after))
        return done[i] if 0 <= i < len(done) else False

    def _showed(self, before, seat, action, after) -> bool:
        reveals = getattr(self.game, "reveals", None)
        return self.game.is_over(after) or bool(reveals and reveals(before, seat, action, after))

    # -- the end and files -----------------------------------------------------------
    def scores(self) -> tuple[int, ...]:
        return self.game.scores(self.state)

    def winners(self) -> tuple[int, ...]:
        return self.game.winners(self.state)

    def save(self, path: str | Path, replace: bool = True) -> Path:
        """Write the game so far as a log (see :mod:`bluffkit.core.log`); with ``replace``
        False, a file that is at ``path`` is left as it is and the save refused."""
        return gamelog.write(path, self.game, self.seats(), None if self.seed_unknown else self.seed,
                             self.moves, self.start, self.says,
                             replace=replace)

    @classmethod
    def load(cls, path: str | Path, seats=None, undo: str = "own", *, seed: int | None = None,
             progress=False) -> "Session":
        """A session from a log, at its last step; seats default to humans (``None``), else
        one agent per seat of the log.

        A log that names no seed (``"seed": null``: written by hand, or by another tool)
        replays as any log does, from its moves, but cannot be continued as it was dealt:
        no seed is known to draw the rest from. The session goes on from a fresh seed
        (:func:`~bluffkit.core.seeding.fresh_seed`, the operating system's entropy, kept in
        ``seed``, so an undo draws the same again), its ``seed_unknown`` is True, and a log it
        saves names no seed (none dealt the whole game) but holds every draw and move made, so
        it replays exactly. Two sessions loaded from one such log play on differently.

        ``seed``: the seed such a log goes on from instead of a fresh one (a whole number from
        0 to 2**1024 - 1, checked as every seed is, :func:`~bluffkit.core.seeding.check_seed`),
        so that a continuation can be played again: two sessions loaded from one seedless log
        with one ``seed`` draw alike. The session is still ``seed_unknown`` and its saved log
        still names no seed: ``seed`` did not deal the moves before. A log that names its seed
        goes on from that seed, as it was dealt; a ``seed`` given for it is refused
        (:class:`RulesError`, which does not say the log's seed: an unfinished game's seed
        deals every hand to come), unless it is that very seed: another would deal the rest of
        a game the log's seed began, and the log saved would name a seed that dealt only part
        of it.

        ``progress``: ``True`` for a bar of the steps read (each is played by the rules and
        checked against its digest: a Bløff log of 17,000 steps takes some 7 to 11 s), or a
        function ``progress(done, total)`` called every 100 steps and at the last, as
        :func:`~bluffkit.core.play.play_games` takes it."""
        check_progress(progress)
        if seed is not None:
            seed = check_seed(seed)
        with _reading(progress) as on_step:
            log, states = gamelog.read(path, on_step=on_step)
        if seed is not None and log.seed is not None and seed != log.seed:
            # (the log's own seed is not said: an unfinished game's seed deals every hand to come)
            raise RulesError(f"seed={_seed_text(seed)}: this log names a seed of its own and goes on from it, as "
                             f"it was dealt; seed= is for a log that names none (\"seed\": null)")
        if seats is not None and (not isinstance(seats, (list, tuple)) or len(seats) != len(log.seats)):
            raise RulesError(f"seats: the log has {len(log.seats)} seats ({', '.join(map(str, log.names))}): give one "
                             f"agent per seat, or None for humans; got {quote(seats, 60)}"[:300])
        s = cls(log.game, seats or [HUMAN] * len(log.seats), names=log.names,
                seed=log.seed if log.seed is not None else fresh_seed() if seed is None else seed,
                start=log.start, undo=undo)
        s.seed_unknown = log.seed is None          # (saved again, it names no seed it was not dealt by)
        s.moves = states.moves = list(log.moves)    # the trail replays the session's moves
        s.states = states
        s.says = [log.game.narrate(states[i], m[0], m[1], states[i + 1], s.names) for i, m in enumerate(log.moves)]
        return s


@contextlib.contextmanager
def _reading(progress):
    """The ``on_step`` of :meth:`Session.load` for its ``progress`` (``None`` for none), and
    the bar closed when the reading ends, read whole or refused."""
    if not progress:
        yield None
        return
    bar = None

    def seen(checked) -> None:
        nonlocal bar
        if progress is True:
            if bar is None:
                bar = progress_bar(checked.steps, "reading the log", "step")
            bar.update(1)
        elif checked.step % 100 == 0 or checked.step == checked.steps:
            progress(checked.step, checked.steps)
    try:
        yield seen
    finally:
        if bar is not None:
            bar.close()
