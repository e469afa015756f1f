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

from bluffkit.core.errors import RulesError, check_whole, number_said, quote

#: How many allowed action indices a refusal lists (then how many there are in all): a hand
#: of many notes can allow hundreds of thousands of payments.
ALLOWED_SHOWN = 20


class Encoder:
    """One game's fixed action and observation encoding (see the module's docstring).

    Subclasses set ``n_actions`` and ``obs_size`` in ``__init__``, name the game's
    observation and ``Legal`` classes (``observation_type``, ``legal_type``) and the
    observation's field that holds one entry per seat (``seats_field``), and implement
    ``_observation``, ``_mask`` and ``_action``; ``_name`` is optional (one short text per
    valid index, for docs and error messages: :meth:`action_name` checks the index first).
    The public methods check what they are given first (:meth:`check_observation`,
    :meth:`check_legal`), so that a wrong argument is refused in words, not encoded."""

    n_actions: int = 0
    obs_size: int = 0
    observation_type: type[Any] | None = None       # None: any (a new encoder that names none)
    legal_type: type[Any] | None = None
    seats_field: str | None = None                  # None: the seat count is not checked

    def __init__(self, game: Any, players: int) -> None:
        self.game, self.players = game, players

    def observation(self, observation: Any) -> np.ndarray:
        """The seat's observation as a ``float32`` vector of length ``obs_size``."""
        self.check_observation(observation)
        return self._observation(observation)

    def mask(self, legal: Any) -> np.ndarray:
        """An ``int8`` vector of length ``n_actions``: 1 where the index maps to a legal
        action now. At least one index is legal whenever the seat is to move."""
        self.check_legal(legal)
        return self._mask(legal)

    def action(self, index: int, legal: Any) -> Any:
        """The bluffkit action that ``index`` stands for now (``RulesError`` when the mask
        does not allow it, naming the index and the legal moves)."""
        index = self.index_of(index)
        self.check_legal(legal)
        return self._action(index, legal)

    def _observation(self, observation: Any) -> np.ndarray:
        raise NotImplementedError

    def _mask(self, legal: Any) -> np.ndarray:
        raise NotImplementedError

    def _action(self, index: int, legal: Any) -> Any:
        raise NotImplementedError

    def _game_words(self) -> str:
        return f"{self.players} seats of {getattr(self.game, 'name', 'this game')}"

    def check_observation(self, observation: Any) -> None:
        """``RulesError`` unless ``observation`` is a seat's view of this encoder's game, of
        its rules and seat count (``game.observe(state, seat)``): another game's, ``None`` or a
        ``Legal`` failed deep inside, and another seat count's or ruleset's was encoded
        without a word (seats dropped, or a vector of another length)."""
        kind = self.observation_type
        if observation is None or (kind is not None and not isinstance(observation, kind)):
            raise RulesError(f"this encoder is for {self._game_words()}: it takes a seat's observation "
                             f"(game.observe(state, seat)), got {_shown(observation)}")
        rules = getattr(observation, "rules", None)
        if rules is not self.game.rules and rules != getattr(self.game, "rules", None):
            raise RulesError(f"this encoder is for {self._game_words()} under other rules than the observation's: "
                             "encode an observation with the encoder of the game that made it")
        if self.seats_field is not None:
            seats = len(getattr(observation, self.seats_field))
            if seats != self.players:
                raise RulesError(f"this encoder is for {self._game_words()}; the observation is of a {seats}-seat game")

    def check_legal(self, legal: Any) -> None:
        """``RulesError`` unless ``legal`` is a seat's ``Legal`` of this encoder's game
        (``game.legal(state, seat)``) for one of its seats."""
        kind = self.legal_type
        if legal is None or (kind is not None and not isinstance(legal, kind)):
            raise RulesError(f"this encoder is for {self._game_words()}: it takes a seat's Legal "
                             f"(game.legal(state, seat)), got {_shown(legal)}")
        seat = getattr(legal, "seat", None)
        if type(seat) is not int or not 0 <= seat < self.players:
            raise RulesError(f"this encoder is for {self._game_words()}; the Legal is of seat {quote(seat, 40)}")

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
            raise RulesError(f"an action index is an int from 0 to {self.n_actions - 1}, got {quote(index, 40)} "
                             f"({type(index).__name__})")
        if not 0 <= index < self.n_actions:
            said = number_said(int(index))          # (how many digits, past what Python writes out)
            said = str(int(index)) if said[-1].isdigit() else f"({said})"
            raise RulesError(f"action index {said} is out of range 0..{self.n_actions - 1}")
        return int(index)


def _shown(value: Any) -> str:
    """A wrong argument, for a message: plain values as typed (cut), others by their class."""
    if type(value) in (type(None), bool, int, float, str, bytes, list, tuple, dict, set):
        return quote(value, 40)
    name = type(value).__qualname__
    return f"{'an' if name[:1] in 'AEIOU' else 'a'} {name} of {type(value).__module__}"


def encoder_for(game: Any, players: int) -> Encoder:
    """The encoder of ``game`` for ``players`` seats: a bluffkit game object, or a game's
    name (made with its default rules, as :func:`bluffkit.core.game.make_game` makes it)."""
    from bluffkit.core.spec import spec_of, specs

    if isinstance(game, str):
        from bluffkit.core.game import make_game
        game = make_game(game)
    spec = spec_of(game)                                # (None or a number: refused there, in words)
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

    def _mask(self, legal: Any) -> np.ndarray:
        m = np.zeros(self.n_actions, np.int8)
        for i in self._moves(legal):
            m[i] = 1
        return m

    def _action(self, index: int, legal: Any) -> Any:
        moves = self._moves(legal)
        if index not in moves:
            shown = sorted(moves)[:ALLOWED_SHOWN]
            allowed = ", ".join(f"{i} ({self.action_name(i)})" for i in shown) or "none"
            if len(moves) > len(shown):
                allowed += f", ... ({len(moves):,} in all)"
            raise RulesError(f"action index {index} ({self.action_name(index)}) is not allowed for seat "
                             f"{legal.seat} now; allowed: {allowed}; the rules allow {legal.description}")
        return moves[index]

    def _observation(self, observation: Any) -> np.ndarray:
        return self._features(observation).vector()
