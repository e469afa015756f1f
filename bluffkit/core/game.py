"""The interface every bluffkit game implements, and making games by name.

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
  :class:`bluffkit.core.table.TableGame` (Bløff, Bluffer, the auction, Bidder Up!
  and You're Bluffing! all do) and its table's calls from :class:`bluffkit.core.table.TableBase`; its rules inherit ``replace``/``to_dict``/
  ``from_dict`` from :class:`bluffkit.core.rules.RuleOptions` and its observation the named
  fields of :class:`bluffkit.core.observation.ObservationBase`.
- For :mod:`bluffkit.testing`: ``invariants(state)`` (conservation laws, returns the
  violations) and ``hide_from(state, seat, rng)`` (a state the seat cannot tell apart).
- ``summary(state)``: the game's own per-seat numbers worth a column in a simulation's
  table, by name (e.g. ``{"money": (90, 90, 90)}``); core names none of them.

Games are found through their specs (:mod:`bluffkit.core.spec`): each game package
registers one, and :func:`make_game`, :func:`game_names` and :func:`game_from_header`
ask that registry.
"""

from __future__ import annotations

from bluffkit.core.errors import RulesError, quote
from bluffkit.core.spec import names, spec_of


def register(*names: str):
    """Class decorator kept for game modules written before specs: it changes nothing.
    A game is registered by its package's :class:`~bluffkit.core.spec.GameSpec`."""
    def deco(cls):
        return cls
    return deco


def game_names() -> list[str]:
    """Every name a game can be made under, sorted."""
    return names()


def make_game(name: str, /, **kwargs):
    """The game called ``name`` (e.g. ``"horse-trading"``), built with ``kwargs``
    (``variants=[...]`` and rule options)."""
    if not isinstance(name, str):
        raise RulesError(f"a game is named by a string, got {name!r}; known games: {', '.join(names())}")
    if "name" in kwargs:
        raise RulesError(f"'name' is the game's own name ({name!r}), not a rule option")
    variants = kwargs.get("variants", ())
    if not isinstance(variants, (list, tuple)) or not all(isinstance(v, str) for v in variants):
        raise RulesError(f"variants must be a list of variant names, got {quote(variants)}"[:300])
    seen: set[str] = set()
    twice = None
    for v in variants:
        if v in seen:
            twice = v
            break
        seen.add(v)
    if twice is None:
        return spec_of(name).make(name, **kwargs)
    spec_of(name).make(name, **{**kwargs, "variants": list(dict.fromkeys(variants))})   # an unknown one said first
    raise RulesError(f"variants: {quote(twice)} is named twice; name each variant once")   # (taken once without a word)


def as_game(game):
    """``game`` itself when it is a game (from :func:`make_game`), or the game its name
    makes (``"horse-trading"``); anything else is refused in words."""
    if isinstance(game, str):
        return make_game(game)
    if callable(getattr(game, "table", None)) and callable(getattr(game, "observe", None)):
        return game
    raise RulesError(f"a game from make_game(...) or a game's name (one of {', '.join(names())}) is needed here, "
                     f"got {quote(game) if game is None or isinstance(game, (int, float)) else type(game).__name__}")


def game_from_header(header: dict):
    """The game a log header describes (game name and rules)."""
    name = header.get("game") if isinstance(header, dict) else None
    if not isinstance(name, str):
        raise RulesError(f"unknown game {quote(name)}; known games: {', '.join(names())}")
    return spec_of(name).from_header(header)
