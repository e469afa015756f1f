"""Game specs: what bluffkit knows about each game, in one object per game, and the registry.

Each game package registers one :class:`GameSpec` when it is imported (its
``__init__.py`` calls :func:`register`); a package that plays two rulesets of one
engine registers one spec per ruleset, sharing the factory. The command line, the
bots, the conformance suite and the panels ask the registry (:func:`spec_of`,
:func:`specs`) and never name a game themselves.

Discovery: the first question to the registry imports every subpackage of
:mod:`bluffkit.games` (so a new game is one new package there), then every module
named by an entry point of the group ``bluffkit.games`` (a game installed from
another distribution). Modules named in a spec (bots, views, charts) are imported
only when they are used, so core never imports the agents or the panels.

>>> spec = spec_of("bloff")
>>> spec.title, spec.players, spec.default_bot
('Bløff (Cheat)', (3, 10), 'caller')
>>> spec_of("horse-trading").variants
('double-auction', 'trade-and-auction', 'short')
>>> spec_of(spec.factory("bloff")) is spec            # a game object asks too
True
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from bluffkit.core.errors import RulesError, quote

#: One conformance configuration: (configuration name, game name, variants, rule options).
#: The name is also the golden playthrough's file name.
Config = tuple[str, str, tuple[str, ...], Mapping[str, Any]]


@dataclass(frozen=True)
class GameSpec:
    """Everything outside a game's package needs to know about the game.

    Names and rules:

    - ``name``: the name games are made and logged under (``make_game(name)``);
      ``aliases``: other names that reach this spec.
    - ``title``: the name people read; ``players``: ``(fewest, most)`` seats;
      ``docs_page``: the page under ``docs/`` that explains its rule options (``bluffkit
      rules`` names it).
    - ``factory(name, variants=(), **options)``: the game object (the name asked for is
      passed on, so one factory can serve several rulesets); ``from_header(header)``: the
      game a log header describes.
    - ``presets``: the named rule sets the game starts from; ``preset_option``: the rule
      option that chooses one, when it is an option (e.g. ``format`` of an auction);
      ``variants``: the named variants ``make_game(name, variants=[...])`` takes.

    Bots and views (``"module"`` or ``"module:attribute"`` strings, imported when used):

    - ``bots``: the module holding ``AGENTS`` (name -> bot factory), optionally
      ``from_spec(text)`` (a bot with a parameter) and ``SPEC_HELP``; ``None``: only the
      generic bots of :mod:`bluffkit.agents.generic`. ``default_bot``: the bot that fills
      empty seats. ``test_bots``: a function of no arguments giving the bots the
      conformance suite seats first (the other seats play the random bot).
    - ``text_view(game, observation, names, legal=False) -> str``: a seat's view as text;
      ``seat_html(game, observation, names) -> str``: a seat's view as HTML, drawn from
      its observation alone (it never receives the state, so it cannot show what the
      seat may not know); ``all_seeing_html(game, state, names) -> str``: the table with
      every secret shown, for the teacher, a finished game or a replay (``None``: a plain
      view, drawn from the text view for a seat and from the game's facts all-seeing);
      either may take a keyword ``projector``, told when the panel is on a projector
      (Bidder Up!: the board's words in large type; :func:`bluffkit.widgets.render.seat_view`);
      ``narration_html(game, line) -> str``: one line of the narration as the panels show
      it, escaped HTML, e.g. cards written as the views draw them (``None``: the line
      escaped, as it is);
      ``charts(game, states, moves, names)``: the charts of one game, as
      ``{name: (frame, chart, counted)}`` (``counted``: the frame's rows are events a
      summary may count; ``None``: the game has no charts);
      ``encoder``: the class of the game's fixed encoding for learning agents
      (:class:`bluffkit.rl.encoding.Encoder`; ``None``: not encoded); ``max_moves``: the
      moves by seats after which a learning environment (``bluffkit.rl.env``) cuts a game
      short unless told otherwise, as Gymnasium's TimeLimit does, for a game that need not
      end (bidders who always raise) or that random play makes very long (``None``: the
      game always ends soon by itself).
    - ``public_move(before, seat, action)``: what every seat sees of a move beyond its
      observation after it, as any value that compares (e.g. a payment whose notes all see:
      its notes; an offer laid face down: its number of cards). The narration, which every
      seat reads, may say this much and no more, and agents that watch the game are told it
      (:class:`bluffkit.core.play.Watch`): the conformance suite checks the narration, that
      a move's public form does not change with what a seat cannot see, and that it tells no
      seat more than its observation and the narration do (another move of the same kind,
      narrated alike and leaving that seat's view alike, must show alike;
      ``bluffkit.testing._check_public``) (``None``: only the kind of move, its class, is seen).

    The rulebook's numbers (the facts a worked example checks, ``game.facts``), as the
    scenario player says them:

    - ``fact_words``: a dict, the game's own words for its facts' keys where they are the
      game's alone or mean something else than in another game (Bløff's ``current`` lays
      cards next; ``None``: the shared words); ``phase_words``: a dict, its phases in words
      (``None``: the phase's own name; "over": "the game is over");
      ``fact_value(game, key, value) -> str | None``: a fact's value in words where the
      game says it its own way (a space by the board's name), ``None`` to say it plainly.
    - ``score_kind``: what kind of thing the game's scores are, ``"points"``, ``"money"`` (one auction:
      money won or lost) or ``"none"`` (Bløff keeps no score); the words a game says them in
      are its class's ``scores_are`` ("Money won or lost").

    Checks:

    - ``configs``: the configurations the conformance suite and the golden playthroughs
      cover (:data:`Config`); ``test_players(game)``: the seat counts a configuration is
      checked with (``None``: the first three counts of ``players``);
      ``test_seeds``, ``test_min_steps``: seeds per check and the fewest steps they may
      take together (fewer means the games were implausibly short).
    - ``illegal_probes``: moves that are never legal: tried on every seat at sampled
      steps, each must be refused and change nothing. ``probes``: moves that are legal
      only sometimes: refused without a change, or played, the immutable step agreeing
      and every conservation law holding after.
    - ``scenario_prefixes``: the prefixes of this game's scenario file names;
      ``seat_keys``: the keys of a scenario's start position that name a seat;
      ``seat_list_keys``: those that give lists of seats by name (Bluffer's
      ``round_winners``: one list of names per finished round).
    """

    name: str
    title: str
    factory: Callable[..., Any]
    from_header: Callable[[dict], Any]
    players: tuple[int, int]
    docs_page: str | None = None
    aliases: tuple[str, ...] = ()
    presets: tuple[str, ...] = ()
    preset_option: str | None = None
    variants: tuple[str, ...] = ()
    bots: str | None = None
    default_bot: str = "random"
    test_bots: str | None = None
    text_view: str | None = None
    seat_html: str | None = None
    all_seeing_html: str | None = None
    narration_html: str | None = None
    charts: str | None = None
    encoder: str | None = None
    max_moves: int | None = None
    public_move: str | None = None
    fact_words: str | None = None
    phase_words: str | None = None
    fact_value: str | None = None
    score_kind: str = "points"
    configs: tuple[Config, ...] = field(default=(), hash=False)   # options are dicts
    test_players: Callable[[Any], tuple[int, ...]] | None = None
    test_seeds: int = 3
    test_min_steps: int = 100
    illegal_probes: tuple[str, ...] = ()
    probes: tuple[str, ...] = ()
    scenario_prefixes: tuple[str, ...] = ()
    seat_keys: tuple[str, ...] = ()
    seat_list_keys: tuple[str, ...] = ()
    module: str = field(default="", compare=False)     # the package that registered it

    def __post_init__(self) -> None:
        def need(ok, msg):
            if not ok:
                raise RulesError(f"game spec {self.name!r}: {msg}")

        need(isinstance(self.name, str) and self.name and self.name == self.name.strip(),
             "the name must be a non-empty string without spaces around it")
        need(all(isinstance(a, str) and a for a in self.aliases), "aliases must be non-empty strings")
        need(self.score_kind in ("points", "money", "none"),
             f"score_kind must be 'points', 'money' or 'none', got {self.score_kind!r}")
        need(callable(self.factory) and callable(self.from_header), "factory and from_header must be callable")
        lo, hi = self.players if isinstance(self.players, tuple) and len(self.players) == 2 else (None, None)
        need(isinstance(lo, int) and isinstance(hi, int) and 1 <= lo <= hi,
             f"players must be (fewest, most) with 1 <= fewest <= most, got {self.players!r}")
        for what in ("bots", "test_bots", "text_view", "seat_html", "all_seeing_html", "narration_html", "charts",
                     "encoder"):
            ref = getattr(self, what)
            need(ref is None or (isinstance(ref, str) and ref.strip()), f"{what} must be a 'module:attribute' string")
        need(self.max_moves is None or (type(self.max_moves) is int and self.max_moves >= 1),
             f"max_moves must be None or a whole number >= 1, got {self.max_moves!r}")
        for c in self.configs:
            need(isinstance(c, tuple) and len(c) == 4 and isinstance(c[0], str) and c[1] in self.names,
                 f"a configuration is (name, one of {self.names}, variants, options), got {c!r}")

    @property
    def names(self) -> tuple[str, ...]:
        """The name and the aliases."""
        return (self.name,) + tuple(self.aliases)

    def make(self, name: str | None = None, **kwargs):
        """The game (``name``: which of :attr:`names`; the spec's name by default)."""
        return self.factory(name or self.name, **kwargs)

    def seat_counts(self, game=None) -> tuple[int, ...]:
        """The seat counts the conformance suite checks ``game`` (this spec's game) with."""
        if self.test_players is not None:
            return tuple(self.test_players(game if game is not None else self.make()))
        lo, hi = self.players
        return tuple(range(lo, min(hi, lo + 2) + 1))

    def resolve(self, what: str):
        """The object a reference field (``bots``, ``seat_html``, ...) names, imported now;
        ``None`` when the field is empty."""
        ref = getattr(self, what)
        return None if ref is None else load_ref(ref)


def load_ref(ref: str):
    """The object ``"package.module"`` or ``"package.module:attr.attr"`` names."""
    module, _, attrs = ref.partition(":")
    obj = importlib.import_module(module)
    for attr in filter(None, attrs.split(".")):
        obj = getattr(obj, attr)
    return obj


_SPECS: dict[str, GameSpec] = {}     # by name, in the order registered
_NAMES: dict[str, str] = {}          # every name and alias -> the spec's name
_loaded = False


def register(spec: GameSpec) -> GameSpec:
    """Add ``spec`` to the registry (a game package calls this once when imported).

    A name or alias already taken by another spec is refused; registering a spec again
    under its own name (a module imported twice) replaces it."""
    if not isinstance(spec, GameSpec):
        raise RulesError(f"register takes a GameSpec, got {type(spec).__name__}")
    for n in spec.names:
        owner = _NAMES.get(n)
        if owner is not None and owner != spec.name:
            raise RulesError(f"the game name {n!r} of {spec.module or spec.name} is taken by "
                             f"{_SPECS[owner].module or owner}")
    old = _SPECS.pop(spec.name, None)
    if old is not None:
        for n in old.names:
            _NAMES.pop(n, None)
    _SPECS[spec.name] = spec
    for n in spec.names:
        _NAMES[n] = spec.name
    return spec


def discover() -> None:
    """Import every game package (the subpackages of :mod:`bluffkit.games`, then the
    modules of the ``bluffkit.games`` entry points); each registers its spec."""
    global _loaded
    _loaded = True
    import bluffkit.games as games
    for info in sorted(pkgutil.iter_modules(games.__path__), key=lambda m: m.name):
        if info.ispkg and not info.name.startswith("_"):
            importlib.import_module(f"{games.__name__}.{info.name}")
    from importlib.metadata import entry_points
    for ep in entry_points(group="bluffkit.games"):
        loaded = ep.load()
        if isinstance(loaded, GameSpec):
            register(loaded)


def _load() -> None:
    if not _loaded:
        discover()


def specs() -> list[GameSpec]:
    """Every registered spec, in the order the games registered."""
    _load()
    return list(_SPECS.values())


def names() -> list[str]:
    """Every name a game can be made under (names and aliases), sorted."""
    _load()
    return sorted(_NAMES)


def spec_of(game) -> GameSpec:
    """The spec of ``game``: a game name or alias, or a game object (its ``name``)."""
    _load()
    name = game if isinstance(game, str) else getattr(game, "name", None)
    if name not in _NAMES:
        what = quote(name) if isinstance(game, str) or name is not None else f"object {type(game).__name__}"
        raise RulesError(f"unknown game {what}; known games: {', '.join(sorted(_NAMES))}")
    return _SPECS[_NAMES[name]]


def default_players(game) -> int:
    """The player count a game is played with when none is given: 3 where the game's
    rules allow it, else the fewest they allow (a format of a fixed size: Second Hand 4,
    The Call 2); :class:`RulesError` in words when no count from the spec's range suits."""
    lo, hi = spec_of(game).players
    why = None
    for n in [3] + list(range(lo, hi + 1)):
        if lo <= n <= hi:
            try:
                game.check_players(n) if hasattr(game, "check_players") else game.new_state(n)
            except RulesError as e:
                why = why or e              # the reason at 3 players (else at the fewest)
                continue
            return n
    raise RulesError(f"no player count from {lo} to {hi} suits this {spec_of(game).name} game"
                     + (f" (at {3 if lo <= 3 <= hi else lo} players: {why})" if why else ""))


def siblings(game) -> list[str]:
    """The names of the specs built by the same factory as ``game``'s (the rulesets of
    one engine), ``game``'s own included, in the order registered."""
    factory = spec_of(game).factory
    return [s.name for s in specs() if s.factory == factory]


def configs() -> list[Config]:
    """Every conformance configuration of every game, in registry order."""
    return [c for s in specs() for c in s.configs]
