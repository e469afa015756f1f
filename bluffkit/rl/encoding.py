"""A game's fixed encoding for learning agents: numbers in, numbers out.

Each game that :func:`bluffkit.rl.env` wraps has one :class:`Encoder` subclass, named by the
``encoder`` field of the game's spec (:class:`bluffkit.core.spec.GameSpec`) and imported only
when asked for. An encoder is
built for one game object (its rules, presets and variants) and one seat count, and
fixes, for the whole game:

- ``n_actions``: the size of the discrete action space. Index ``i`` always stands for
  the same kind of move (documented per game in docs/rl.md and in the encoder's
  docstring); :meth:`Encoder.mask` marks which indices are legal now and
  :meth:`Encoder.action` turns a legal index into the bluffkit action it stands for.
- ``obs_size``: the length of the flat ``float32`` observation vector.
  :meth:`Encoder.observation` reads the seat's :class:`~bluffkit.core.protocols.Observation`
  and nothing else: it never receives the state, so the vector cannot hold more than
  the seat may know (the no-leak check runs on the vectors too).

An encoding may cover fewer moves than the rules allow (a bid rounded to a grid, a
payment drawn as the fewest cards that cover it): each encoder's docstring says which.
What it covers must be legal: an index the mask allows always maps to a legal action.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from bluffkit.core.errors import RulesError, check_whole

#: How many allowed action indices a refusal lists (then how many there are in all): a hand
#: of many notes can allow hundreds of thousands of payments.
ALLOWED_SHOWN = 20


class Encoder:
    """One game's fixed action and observation encoding (see the module's docstring).

    Subclasses set ``n_actions`` and ``obs_size`` in ``__init__`` and implement the
    three methods; ``_name`` is optional (one short text per valid index, for docs and
    error messages: :meth:`action_name` checks the index first)."""

    n_actions: int = 0
    obs_size: int = 0

    def __init__(self, game: Any, players: int) -> None:
        self.game, self.players = game, players

    def observation(self, observation: Any) -> np.ndarray:
        """The seat's observation as a ``float32`` vector of length ``obs_size``."""
        raise NotImplementedError

    def mask(self, legal: Any) -> np.ndarray:
        """An ``int8`` vector of length ``n_actions``: 1 where the index maps to a legal
        action now. At least one index is legal whenever the seat is to move."""
        raise NotImplementedError

    def action(self, index: int, legal: Any) -> Any:
        """The bluffkit action that ``index`` stands for now (``RulesError`` when the mask
        does not allow it, naming the index and the legal moves)."""
        raise NotImplementedError

    def action_name(self, index: Any) -> str:
        """A short text for ``index`` (docs, error messages); refused (``RulesError``) as
        :meth:`index_of` refuses it, so ``True`` or an index out of range names nothing."""
        return self._name(self.index_of(index))

    def _name(self, index: int) -> str:
        """The short text for a valid ``index`` (subclasses name their actions here)."""
        return f"action {index}"

    def index_of(self, index: Any) -> int:
        """``index`` as an int, refused (``RulesError``) unless it is a whole number, not a
        truth value or a float (``True`` and ``1.0`` are no index), from 0 to ``n_actions - 1``."""
        if isinstance(index, (bool, np.bool_)) or not isinstance(index, (int, np.integer)):
            raise RulesError(f"an action index is an int from 0 to {self.n_actions - 1}, got {index!r} "
                             f"({type(index).__name__})")
        if not 0 <= index < self.n_actions:
            raise RulesError(f"action index {index} is out of range 0..{self.n_actions - 1}")
        return int(index)


def encoder_for(game: Any, players: int) -> Encoder:
    """The encoder of ``game`` (a bluffkit game object) for ``players`` seats."""
    from bluffkit.core.spec import spec_of, specs

    spec = spec_of(game)
    if spec.encoder is None:
        encoded = ", ".join(s.name for s in specs() if s.encoder)
        raise RulesError(f"no learning-agent encoding for {spec.name!r}; encoded games: {encoded or 'none'}")
    players = check_whole(players, "players", 1)        # (np.int64(3) too, as env() takes it)
    if hasattr(game, "check_players"):                  # each game's own range (Classic: 2 to 4)
        game.check_players(players)
    return spec.resolve("encoder")(game, players)


class MoveTableEncoder(Encoder):
    """An encoder that lists the moves it allows now as ``{index: action}``
    (``_moves(legal)``) and builds its vector from named features
    (``_features(observation)``, a :class:`bluffkit.rl.encoders._features.Features`):
    the mask, the action and the vector follow from those two."""

    def _moves(self, legal: Any) -> dict[int, Any]:
        raise NotImplementedError

    def _features(self, observation: Any) -> Any:
        raise NotImplementedError

    def mask(self, legal: Any) -> np.ndarray:
        m = np.zeros(self.n_actions, np.int8)
        for i in self._moves(legal):
            m[i] = 1
        return m

    def action(self, index: int, legal: Any) -> Any:
        index = self.index_of(index)
        moves = self._moves(legal)
        if index not in moves:
            shown = sorted(moves)[:ALLOWED_SHOWN]
            allowed = ", ".join(f"{i} ({self.action_name(i)})" for i in shown) or "none"
            if len(moves) > len(shown):
                allowed += f", ... ({len(moves):,} in all)"
            raise RulesError(f"action index {index} ({self.action_name(index)}) is not allowed for seat "
                             f"{legal.seat} now; allowed: {allowed}; the rules allow {legal.description}")
        return moves[index]

    def observation(self, observation: Any) -> np.ndarray:
        return self._features(observation).vector()
