"""Every bluffkit game as a PettingZoo AEC environment (docs/rl.md).

>>> from bluffkit.rl import env
>>> e = env("auction", format="second-hand")
>>> e.reset(seed=3)
>>> e.agent_selection, e.possible_agents
('player_1', ['player_0', 'player_1', 'player_2', 'player_3'])
>>> seen = e.observe("player_1")
>>> seen["observation"].dtype, seen["action_mask"].dtype, int(e.action_space("player_1").n) == len(seen["action_mask"])
(dtype('float32'), dtype('int8'), True)

The agents are ``player_0`` .. ``player_{n-1}`` (seat ``i`` is ``player_i``); the agent
to act is the first seat of ``game.to_move(state)``. Chance acts inside the
environment, drawn with one numpy Generator seeded by ``reset(seed=...)``, so the same
seed and the same actions give the same game. Each observation is a dict with the
seat's ``observation`` vector (from its :class:`~bluffkit.core.protocols.Observation`
alone, through the game's :class:`~bluffkit.rl.encoding.Encoder`) and the
``action_mask`` of the indices it may play now (all zeros when it is not its move).

Rewards come at the end only (``reward=``):

- ``"win"`` (default): the seat's share of the win (1, or 1/k for a win shared by k;
  ``game.winners``) minus 1/n, so that the rewards of a game sum to zero and a seat
  that wins exactly as often as a fair share scores 0 on average;
- ``"score"``: the seat's score (``game.scores``) minus the mean score of the table;
- a callable ``reward(game, state) -> one number per seat`` of your own (for example
  an auction's surplus at private values): a list, tuple or array of numbers, as many
  as there are seats, each finite. It must take ``(game, state)`` (checked when the
  environment is made). Anything else it returns (one number for the whole table, text,
  True/False, NaN) is refused with a :class:`~bluffkit.core.errors.RulesError` that says
  what it returned; then, or if it raises, the move that ended the game is taken back.

A game cut short by ``max_moves`` (decisions by the seats) is truncated with no reward.
By default (``max_moves="game"``) the limit is the game's own (its spec's ``max_moves``;
none for a game that always ends soon), as Gymnasium's TimeLimit cuts an episode, and a
game it cuts says so in a warning; ``max_moves=None`` is no limit.
"""

from __future__ import annotations

import inspect
import math
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from bluffkit.core.errors import BluffkitError, RulesError, check_whole, plain_problem, quote
from bluffkit.core.seeding import check_seed
from bluffkit.core.spec import default_players, spec_of
from bluffkit.rl.encoding import Encoder, encoder_for

__all__ = ["BluffkitEnv", "NoGameYet", "env"]

Reward = str | Callable[[Any, Any], Sequence[float]]
#: ``max_moves``'s default: the game's own limit (its spec's ``max_moves``)
GAME_LIMIT = "game"


def env(game: Any, players: int | None = None, *, reward: Reward = "win", max_moves: int | str | None = GAME_LIMIT,
        render_mode: str | None = None, **options) -> "BluffkitEnv":
    """The AEC environment of ``game``: a game name (built with ``options``:
    ``variants=[...]`` and rule options, as :func:`bluffkit.core.game.make_game`) or a
    game object. ``players``: the seat count, a whole number (a numpy one too; default:
    the fewest the game and its options allow, at least 3 where they may); ``max_moves``:
    ``"game"`` (the game's own limit), ``None`` (no limit) or a whole number >= 1."""
    if isinstance(game, str):
        from bluffkit.core.game import make_game
        game = make_game(game, **options)
    elif options:
        raise RulesError(f"rule options {sorted(options)} are for a game named by a string; this game is already "
                         "made")
    return BluffkitEnv(game, players, reward=reward, max_moves=max_moves, render_mode=render_mode)


def _seat_rewards(given: Any, n: int) -> list[float]:
    """The ``n`` rewards a reward function gave, as floats; a :class:`RulesError` that says
    what it returned unless that is one number (not True/False, not text) per seat."""
    def shown(x: Any) -> str:
        if isinstance(x, np.ndarray):
            return f"an array of shape {x.shape}"
        return f"{quote(x, 40)} ({type(x).__name__})"

    if isinstance(given, (str, bytes, Mapping)) or not isinstance(given, Iterable) or (
            isinstance(given, np.ndarray) and given.ndim != 1):
        raise RulesError(f"the reward function must return one number per seat ({n} in a list), "
                         f"got {shown(given)}"[:300])
    out = []
    for seat, x in enumerate(given):
        try:
            if isinstance(x, (bool, np.bool_, str, bytes)):
                raise TypeError
            out.append(float(x))
            if not math.isfinite(out[-1]):
                raise ValueError
        except (TypeError, ValueError, OverflowError):
            raise RulesError(f"the reward function must return one finite number per seat; for seat {seat} it gave "
                             f"{shown(x)}"[:300]) from None
    if len(out) != n:
        raise RulesError(f"the reward function gave {len(out)} numbers for {n} seats")
    return out


def _game_limit(game: Any) -> int | None:
    """The moves by seats after which ``game`` is cut short by default: its spec's
    ``max_moves`` (``None`` for a game without a spec: a game object made elsewhere)."""
    try:
        return spec_of(game).max_moves
    except RulesError:
        return None


class NoGameYet(BluffkitError, AttributeError):
    """``agent_selection`` read before the first :meth:`BluffkitEnv.reset`: there is no agent to
    act yet. An ``AttributeError`` too, as PettingZoo's own environments give one then, so
    that ``hasattr(table, "agent_selection")`` is False until the first reset."""


class BluffkitEnv(AECEnv):
    """One bluffkit game as a PettingZoo AEC environment (see the module's docstring)."""

    metadata = {"name": "bluffkit", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: Any, players: int | None = None, *, reward: Reward = "win",
                 max_moves: int | str | None = GAME_LIMIT, render_mode: str | None = None) -> None:
        super().__init__()
        if players is None:
            players = default_players(game)
        players = check_whole(players, "players", 1)          # (np.int64(3) too: a count read from an array)
        #: the limit is the game's own (told in a warning when it cuts a game short)
        self.game_limit = isinstance(max_moves, str) and max_moves == GAME_LIMIT
        if self.game_limit:
            max_moves = _game_limit(game)
        elif max_moves is not None:
            max_moves = check_whole(max_moves, f"max_moves ({GAME_LIMIT!r} for the game's own limit, None for none)", 1)
        if hasattr(game, "check_players"):
            game.check_players(players)
        if callable(reward):
            if inspect.isbuiltin(reward) or isinstance(reward, np.ufunc):   # (print, np.add: they take any arguments)
                raise RulesError(f"reward: a function (game, state) -> one number per seat; {quote(reward, 60)} "
                                 f"is a builtin (write a Python function)")
            try:
                inspect.signature(reward).bind(game, None)
            except TypeError:
                raise RulesError(f"reward: a function (game, state) -> one number per seat; "
                                 f"{quote(reward, 60)} does not take those two arguments") from None
            except ValueError:              # (a callable whose signature Python cannot read)
                raise RulesError(f"reward: a function (game, state) -> one number per seat; {quote(reward, 60)} "
                                 f"has no signature to check (write a Python function)") from None
        elif not (isinstance(reward, str) and reward in ("win", "score")):
            raise RulesError(f"reward must be 'win', 'score' or a function (game, state) -> one number per seat, "
                             f"got {quote(reward, 60)}")
        if render_mode not in (None, "ansi"):
            raise RulesError(f"render_mode must be None or 'ansi', got {quote(render_mode, 40)}")
        self.game, self.players = game, players
        self.encoder: Encoder = encoder_for(game, players)
        self.reward_kind, self.max_moves, self.render_mode = reward, max_moves, render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.metadata = dict(self.metadata, name=f"bluffkit_{getattr(game, 'name', 'game')}")
        enc = self.encoder
        self._obs_space = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(-np.inf, np.inf, (enc.obs_size,), np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (enc.n_actions,), np.int8)})
        self._act_space = gymnasium.spaces.Discrete(enc.n_actions)
        self._rng: np.random.Generator | None = None
        self.game_state: Any = None
        self.moves = 0
        #: every move and chance outcome so far, hidden ones included: for analysis after the
        #: game, like ``game_state``; an agent should not read it
        self.history: list[tuple[int | None, Any]] = []
        # no game yet: no agents (num_agents is 0) and nothing to tell of them, until reset
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict] = {}

    def __getattr__(self, name: str) -> Any:
        """Called only for an attribute not set: ``agent_selection`` before the first reset is
        refused in words (:class:`NoGameYet`)."""
        if name == "agent_selection":
            raise NoGameYet("agent_selection: no game yet, so no agent to act: call reset() first")
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    # spaces --------------------------------------------------------------------------
    def observation_space(self, agent: str) -> gymnasium.spaces.Dict:
        self.seat(agent)                    # (an unknown agent is refused)
        return self._obs_space

    def action_space(self, agent: str) -> gymnasium.spaces.Discrete:
        self.seat(agent)
        return self._act_space

    def seat(self, agent: str) -> int:
        """The seat of ``agent`` (``"player_2"`` is seat 2)."""
        try:
            return self.possible_agents.index(agent)
        except ValueError:
            raise RulesError(f"unknown agent {quote(agent, 40)}; the agents are {', '.join(self.possible_agents)}") from None

    # the AEC API ---------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game. With ``seed`` the chance draws start afresh from it (same seed, same
        actions: same game); without, they go on from the last Generator (a new one at
        the first reset). ``options``: none are read (None or a dict, as PettingZoo allows)."""
        if options is not None and not isinstance(options, dict):
            raise RulesError(f"reset's options: None or a dict (none are read), got {quote(options, 40)}"[:200])
        if seed is not None or self._rng is None:
            self._rng = np.random.default_rng(None if seed is None else check_seed(seed, "reset's seed"))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.game_state = self.game.new_state(self.players)
        self.moves = 0
        self.history = []
        self._skip_agent_selection = None
        self._advance()

    def _advance(self) -> None:
        """Let chance act until a seat is to move or the game is over; then set
        ``agent_selection``, and the rewards at the end."""
        game, rng = self.game, self._rng
        while not game.is_over(self.game_state) and game.is_chance(self.game_state):
            outcome = game.sample_chance(self.game_state, rng)
            self.game_state = game.step(self.game_state, None, outcome)
            self.history.append((None, outcome))
        if game.is_over(self.game_state):
            for a, r in zip(self.possible_agents, self.final_rewards()):
                self.rewards[a] = float(r)
                self.terminations[a] = True
            self.agent_selection = self.agents[0]
            return
        movers = game.to_move(self.game_state)
        if not movers:
            raise RulesError(f"{game.name}: nobody is to move, yet the game is not over and chance does not act")
        self.agent_selection = self.possible_agents[movers[0]]
        if self.max_moves is not None and self.moves >= self.max_moves:
            for a in self.agents:
                self.truncations[a] = True
            if self.game_limit:
                warnings.warn(f"cut short after {self.max_moves:,} moves by seats, {self.game.name}'s own limit; give "
                              f"max_moves=None for none, or a number (every agent is truncated, with no reward)",
                              UserWarning, stacklevel=4)

    def final_rewards(self) -> list[float]:
        """Each seat's reward for the game just ended (see the module's docstring)."""
        game, state, n = self.game, self.game_state, self.players
        kind = self.reward_kind
        if callable(kind):
            try:
                given = kind(game, state)
            except Exception as e:
                raise RulesError(f"the reward function failed at the end of the game with {type(e).__name__}: "
                                 f"{str(e)[:200]}; the last move is taken back") from e
            try:
                return _seat_rewards(given, n)
            except RulesError as e:
                raise RulesError(f"{e}; the last move is taken back") from None
        if kind == "score":
            scores = [float(x) for x in game.scores(state)]
            mean = sum(scores) / n
            return [s - mean for s in scores]
        winners = tuple(game.winners(state))
        share = 1.0 / len(winners) if winners else 0.0
        return [(share if s in winners else 0.0) - 1.0 / n for s in range(n)]

    def agent_iter(self, max_iter: int = 2**63):
        """As PettingZoo's, refused in words before :meth:`reset` (PettingZoo's own failed
        there with an AttributeError from inside it)."""
        self._need_reset()
        return super().agent_iter(max_iter)

    def _need_reset(self) -> None:
        if self.game_state is None:
            raise RulesError("no game yet: call reset() first")

    def _need_agents(self) -> None:
        """Refuse a move once the game is over and every agent has been removed."""
        self._need_reset()
        if not self.agents:
            raise RulesError("the game is over and every agent is done: call reset() for a new game")

    def last(self, observe: bool = True):
        self._need_agents()
        return super().last(observe)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        self._need_reset()
        seat = self.seat(agent)
        seen = self.game.observe(self.game_state, seat)
        mask = np.zeros(self.encoder.n_actions, np.int8)
        # Only the agent to act gets a mask (PettingZoo's classic games do the same): where
        # several seats act at once, the others act after it, once agent_selection is theirs.
        if (agent == self.agent_selection and not self.game.is_over(self.game_state)
                and seat in self.game.to_move(self.game_state)
                and not self.truncations.get(agent)):      # (a game cut short: no move is left)
            mask = self.encoder.mask(self.game.legal(self.game_state, seat))
        return {"observation": self.encoder.observation(seen), "action_mask": mask}

    def legal_mask(self, agent: str | None = None) -> np.ndarray:
        """The action mask of ``agent`` (default: the agent to act)."""
        self._need_reset()
        return self.observe(self.agent_selection if agent is None else agent)["action_mask"]

    def step(self, action: int | None) -> None:
        self._need_agents()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise RulesError(f"{agent} is done ({'the game is over' if self.terminations[agent] else 'cut short'}): "
                                 f"step(None) removes it, got {quote(action, 40)}"[:200])
            self._was_dead_step(action)
            return
        seat = self.seat(agent)
        if action is None or isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            raise RulesError(f"{agent} acts with an action index (an int from 0 to {self.encoder.n_actions - 1}), "
                             f"got {quote(action, 40)}")
        legal = self.game.legal(self.game_state, seat)
        self._apply(agent, seat, self.encoder.action(int(action), legal))

    def step_move(self, move: Any) -> None:
        """Play a bluffkit action (or its text) for the agent to act, instead of an index:
        a seat played by a bluffkit bot (:meth:`seat_view` gives what the bot is shown)
        or by a person. An illegal move is refused with the rule's reason and changes
        nothing."""
        self._need_agents()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            raise RulesError(f"{agent} has no move: the game is "
                             f"{'over' if self.terminations[agent] else 'cut short (max_moves)'}; step(None) removes it")
        seat = self.seat(agent)
        if move is None or isinstance(move, (bool, int, float, np.number)):
            raise RulesError(f"step_move takes a move (a bluffkit action, or its text such as 'pass'), got "
                             f"{quote(move, 40)}; an action index goes to step()")
        if isinstance(move, str):
            move = self.game.parse(move)
        why = plain_problem(move) or self.game.legal(self.game_state, seat).explain(move)
        if why is not None:                 # (plain numbers and notes first, as every other path checks)
            try:
                shown = str(move)
            except Exception:               # (a move built in code that cannot be written: notes of 5)
                shown = quote(move, 60)
            raise RulesError(f"{agent} (seat {seat}) cannot play {shown}: {why[1]} [rule: {why[0]}]")
        self._apply(agent, seat, move)

    def seat_view(self, agent: str | None = None) -> tuple[Any, Any]:
        """``(observation, legal)`` of ``agent`` (default: the agent to act): what a bluffkit
        bot's ``act(observation, legal, rng)`` is given."""
        self._need_reset()
        seat = self.seat(self.agent_selection if agent is None else agent)
        return self.game.observe(self.game_state, seat), self.game.legal(self.game_state, seat)

    def _apply(self, agent: str, seat: int, move: Any) -> None:
        """Play ``move``, let chance act, and reward at the end; all or nothing: if anything
        fails (the reward function, or an interrupt), the environment is as it was before
        the move, the chance draws too, and the error goes on as it was raised."""
        rng = self._rng
        assert rng is not None              # (set by reset, which _need_agents has asked for)
        saved = (self.game_state, len(self.history), self.moves, rng.bit_generator.state,
                 dict(self.rewards), dict(self._cumulative_rewards), dict(self.terminations),
                 dict(self.truncations), self.agent_selection)
        try:
            self._cumulative_rewards[agent] = 0.0
            self.game_state = self.game.step(self.game_state, seat, move)
            self.history.append((seat, move))
            self.moves += 1
            for a in self.agents:
                self.rewards[a] = 0.0
            self._advance()
        except BaseException:
            (self.game_state, n, self.moves, rng.bit_generator.state, self.rewards, self._cumulative_rewards,
             self.terminations, self.truncations, self.agent_selection) = saved
            del self.history[n:]
            raise
        self._accumulate_rewards()

    def action_name(self, index: int) -> str:
        """A short text for an action index (refused in words as ``step`` refuses it)."""
        return self.encoder.action_name(index)

    def render(self) -> str | None:
        """``"ansi"``: the game's facts as text (seats named ``player_i``): the whole table,
        secrets included (``game.facts``), for the person watching, never for an agent."""
        if self.render_mode != "ansi" or self.game_state is None:
            return None
        facts = self.game.facts(self.game_state, self.possible_agents)
        return "\n".join(f"{k}: {v}" for k, v in facts.items())

    def close(self) -> None:
        pass
