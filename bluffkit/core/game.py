"""The interface every bluffkit game implements, and the registry of games.

A game object binds a ruleset. Its methods are pure: they take an immutable
state and return a new one. ``seat`` is an int; chance acts with ``seat=None``.

- ``new_state(players)``: the start of a game.
- ``to_move(state)``: the seats that may act now (several while bidding); ``()``
  when chance acts next or the game is over. ``is_chance(state)``, ``is_over(state)``.
- ``sample_chance(state, rng)``: chance's next outcome drawn with a numpy Generator
  (games with few outcomes also list them in ``chance_outcomes(state)``).
- ``legal(state, seat)``: the legal actions of one seat.
- ``step(state, seat, action)``: the next state, or
  :class:`~bluffkit.core.errors.IllegalAction` naming the rule broken.
- ``observe(state, seat)``: what that seat may know, with its legal actions.
- ``scores(state)``, ``winners(state)`` at the end.
- ``parse(text)`` an action from its text; ``notation(action)`` the text a player of
  this ruleset reads (``parse(notation(a)) == a`` and ``parse(str(a)) == a``).
- ``narrate(before, seat, action, after, names)``: one public sentence per step;
  ``describe(observation, names, legal=False)``: a seat's view as text;
  ``facts(state, names)``: the checkable numbers scenarios compare.
- ``check_players(n)``, ``state_from_position(players=..., **position)``.
- ``header()`` / ``from_header(dict)``: the game and its rules as JSON for logs.
- ``table(state=None, players=None)``: a mutable working copy for fast simulation,
  running the same rule methods (see each game's ``engine`` module). A table has
  ``to_move()``, ``legal(seat)``, ``observe(seat)``, ``decision()`` (the first seat to
  move with its legal actions and observation), ``apply(seat, action)``, ``move(acts,
  rngs)`` (decision, the agent's act, check and apply: one move of a simulation),
  ``run(acts, rngs, append, limit)`` (moves one after another until chance acts or the
  game ends; what :func:`bluffkit.core.play.play` calls), ``is_chance()``, ``sample_chance(u, rng)``, ``apply_chance(outcome)``, ``is_over()``,
  ``values()`` and ``freeze()``.
- A game written on a working copy inherits the immutable API from
  :class:`bluffkit.core.table.TableGame` (Bløff, Bluffer, the auction; You're Bluffing!
  writes its own) and its table's calls from :class:`bluffkit.core.table.TableBase`; its rules inherit ``replace``/``to_dict``/
  ``from_dict`` from :class:`bluffkit.core.rules.RuleOptions` and its observation the named
  fields of :class:`bluffkit.core.observation.ObservationBase`.
- For :mod:`bluffkit.testing`: ``invariants(state)`` (conservation laws, returns the
  violations) and ``hide_from(state, seat, rng)`` (a state the seat cannot tell apart).
"""

from __future__ import annotations

from bluffkit.core.errors import RulesError

_REGISTRY: dict[str, type] = {}


def register(*names: str):
    """Class decorator: make a game class available under ``names``."""
    def deco(cls):
        for name in names:
            _REGISTRY[name] = cls
        return cls
    return deco


def game_names() -> list[str]:
    _load()
    return sorted(_REGISTRY)


def make_game(name: str, **kwargs):
    """The game called ``name`` (e.g. ``"horse-trading"``), built with ``kwargs``."""
    _load()
    if name not in _REGISTRY:
        raise RulesError(f"unknown game {name!r}; known games: {', '.join(sorted(_REGISTRY))}")
    return _REGISTRY[name].create(name, **kwargs)


def game_from_header(header: dict):
    """The game a log header describes (game name and rules)."""
    _load()
    name = header.get("game")
    if name not in _REGISTRY:
        raise RulesError(f"unknown game {name!r}; known games: {', '.join(sorted(_REGISTRY))}")
    return _REGISTRY[name].from_header(header)


def _load() -> None:
    import bluffkit.auctions  # noqa: F401  (registers the auction)
    import bluffkit.games  # noqa: F401  (registers the games)
