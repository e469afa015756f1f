"""What every game's working copy (``Table``) shares."""

from __future__ import annotations

import keyword
from typing import Any, Callable

from bluffkit.core.errors import IllegalAction, check_player_move, check_rng, check_seat, check_state, plain_problem


class TableBase:
    """Base of each game's mutable working copy. A table sets ``STATE`` and ``FIELDS``
    (and the number of seats ``n``, e.g. in ``_thawed``) and defines ``to_move()``,
    ``legal(seat, to_move)`` (``to_move`` may be ignored), ``observe(seat, legal,
    to_move)``, ``is_over()``, ``is_chance()``, ``sample_chance(u, rng)``,
    ``apply_chance(outcome)`` and ``_do(seat, action)`` (the rules of a move already
    checked), and may replace ``chance_words()``. This adds ``thaw``/``freeze``/
    ``values``, ``decision()``, ``move()`` and ``run()``, the calls a driver makes (You're
    Bluffing! replaces the last three with its own fast loop), and ``apply()``, which
    checks a move before anything changes."""

    __slots__ = ()
    STATE = None          # the game's frozen State class
    FIELDS: tuple = ()    # its fields, in order
    VALUES_FROM = 1       # values() leaves out the leading fields that never change (the rules)

    # what every table sets or defines (see above), declared for type checking only
    n: int
    is_over: Callable[[], bool]
    is_chance: Callable[[], bool]
    legal: Callable[..., Any]
    _do: Callable[[int, Any], None]

    def __init_subclass__(cls, **kwargs) -> None:
        """A table class that sets ``FIELDS`` gets its field copy and its ``freeze`` compiled
        from them (:func:`compiled_fields`); its subclasses inherit both. A ``freeze`` a
        table writes itself (or inherits from a table that wrote it) is kept."""
        super().__init_subclass__(**kwargs)
        if "FIELDS" in cls.__dict__ or "STATE" in cls.__dict__:
            copy, freeze = compiled_fields(cls.FIELDS, cls.STATE)
            for made, name in ((copy, "_copy_fields"), (freeze, "freeze")):
                if made is not None:        # (named as the class's own, for pickle and tracebacks)
                    made.__module__, made.__qualname__ = cls.__module__, f"{cls.__qualname__}.{name}"
            cls._copy_fields = staticmethod(copy)      # type: ignore[method-assign]
            own = cls.__dict__.get("freeze", cls.freeze)
            if freeze is not None and (own is TableBase.freeze or getattr(own, "compiled", False)):
                cls.freeze = freeze         # type: ignore[method-assign]
            elif not getattr(own, "compiled", False):  # a freeze written by hand (its own, a parent's,
                # a mixin's) may call super().freeze(): the compiled ones above this class must
                # then freeze its fields, not theirs
                for base in cls.__mro__[1:]:
                    checked = getattr(base.__dict__.get("freeze"), "checked", None)
                    if checked is not None:
                        checked.__module__, checked.__qualname__ = base.__module__, f"{base.__qualname__}.freeze"
                        base.freeze = checked  # type: ignore[attr-defined]

    @staticmethod
    def _copy_fields(table, state) -> None:
        """Set each of ``FIELDS`` of ``table`` to ``state``'s (compiled per class)."""

    @classmethod
    def thaw(cls, state):
        """A working copy of ``state``."""
        check_state(state, cls.STATE, cls)
        t = cls.__new__(cls)
        cls._copy_fields(t, state)
        t._thawed()
        return t

    def _thawed(self) -> None:
        """Set up what a table derives from its fields (seat counts, caches)."""

    def freeze(self):
        """The immutable state of this working copy."""
        return self.STATE(*[getattr(self, f) for f in self.FIELDS])

    def values(self) -> tuple:
        """The fields that change, for digests and for checking that a refused move changed nothing."""
        return tuple(getattr(self, f) for f in self.FIELDS[self.VALUES_FROM:])

    def decision(self):
        """``(seat, legal, observation)`` for the first seat to move, or ``None`` when
        chance acts next or the game is over."""
        to_move = self.to_move()
        if not to_move:
            return None
        seat = to_move[0]
        legal = self.legal(seat, to_move)
        return seat, legal, self.observe(seat, legal, to_move)


    def apply(self, seat: int, action, legal=None) -> None:
        """Play ``action`` for ``seat``; raise :class:`IllegalAction`, changing nothing, if
        it is not allowed. ``legal`` may pass ``self.legal(seat)`` when the caller has it."""
        if legal is None:
            check_player_move(self.is_over(), self.is_chance(), seat, self.n, self.chance_words())
            legal = self.legal(seat)
        problem = plain_problem(action) or self.explain(legal, action)
        if problem:
            raise IllegalAction(*problem)
        self._do(seat, action)

    def explain(self, legal, action) -> tuple[str, str] | None:
        """``None`` when ``action`` is in ``legal``, else ``(rule, reason)``."""
        return legal.explain(action, self)

    def chance_words(self) -> str:
        """What chance does next, for the refusal of a player's move while chance acts."""
        return "chance acts"

    def move(self, acts, rngs):
        """One whole move of a simulation: the first seat to move acts on its observation
        (``acts[seat](observation, legal, rngs[seat])``), and the action is checked and
        applied. Returns ``(seat, action)``, or ``None`` when chance acts next or the game
        is over. An illegal action raises, with the table unchanged."""
        d = self.decision()
        if d is None:
            return None
        seat, legal, seen = d
        action = acts[seat](seen, legal, rngs[seat])
        self.apply(seat, action, legal)
        return seat, action

    def run(self, acts, rngs, append, limit: int, checks=None) -> int:
        """The players' moves of a simulation, one :meth:`move` after another, until chance
        acts, the game is over or ``limit`` moves are played; each ``(seat, action)`` is
        passed to ``append``. Returns the number of moves played. ``checks`` (per seat,
        whether to check its actions; ``None``: all) is accepted for the engines that can
        skip the check of a trusted bot; here every action is checked."""
        move = self.move
        done = 0
        while done < limit:
            played = move(acts, rngs)
            if played is None:
                break
            append(played)
            done += 1
        return done


def chance_table(t):
    """``t`` when chance acts next, else :class:`IllegalAction` ``not-chance-turn`` saying
    who does (or that the game is over): no outcome is drawn for a move that is not chance's."""
    if not t.is_chance():
        seats = t.to_move()
        who = "the game is over" if t.is_over() else \
            f"seat {seats[0]} is to move" if len(seats) == 1 else f"seats {', '.join(map(str, seats))} are to move"
        raise IllegalAction("not-chance-turn", f"chance does not act now: {who}")
    return t


class TableGame:
    """The immutable API (see :mod:`bluffkit.core.game`) of a game whose rules are written
    once on a working copy: every call thaws the state into the game's ``Table``, runs
    the rule method there and, for a step, freezes the result. A game sets ``Table`` and
    ``CHANCE_ONLY`` (the action classes only chance may play, with the rule id and the
    words of the refusal when a player tries one)."""

    Table: type[TableBase] = None  # type: ignore[assignment]  # None until a game sets its Table
    CHANCE_ONLY: tuple = ((), "chance-move", "that is chance's move, not a player's")

    def notation(self, action) -> str:
        return str(action)

    def own(self, state):
        """``state`` if it is this game's (a State, or its working copy); else :class:`RulesError`
        in words (``scores(None)`` failed deep inside with an AttributeError)."""
        check_state(state, self.Table.STATE, self.Table)
        return state

    def to_move(self, state):
        return self.Table.thaw(state).to_move()

    def is_chance(self, state) -> bool:
        return self.Table.thaw(state).is_chance()

    def is_over(self, state) -> bool:
        return self.Table.thaw(state).is_over()

    def sample_chance(self, state, rng):
        """Chance's next outcome, drawn with the numpy Generator ``rng``; refused (as
        :func:`chance_table`) when chance does not act now."""
        check_rng(rng)
        return chance_table(self.Table.thaw(state)).sample_chance(float(rng.random()), rng)

    def legal(self, state, seat):
        t = self.Table.thaw(state)
        return t.legal(check_seat(seat, t.n))

    def observe(self, state, seat):
        t = self.Table.thaw(state)
        return t.observe(check_seat(seat, t.n))

    def step(self, state, seat, action):
        """The state after ``seat`` plays ``action`` (text or record); ``seat=None`` for
        chance. An illegal action raises :class:`IllegalAction` and changes nothing."""
        if isinstance(action, str):
            action = self.parse(action)
        t = self.Table.thaw(state)
        if seat is None:
            problem = plain_problem(action)
            if problem:
                raise IllegalAction(*problem)
            t.apply_chance(action)
        else:
            kinds, rule, words = self.CHANCE_ONLY
            if isinstance(action, kinds):
                raise IllegalAction(rule, words)
            t.apply(seat, action)
        return t.freeze()


def compiled_fields(fields: tuple, state_class=None) -> tuple[Callable, Callable | None]:
    """``(copy, freeze)`` for a table of ``fields``: ``copy(table, state)`` sets each field of
    ``table`` to ``state``'s, and ``freeze(table)`` is ``state_class(table.<field>, ...)`` in
    the order of ``fields`` (``None`` without a ``state_class``). Generated once per class,
    as :func:`collections.namedtuple` builds its constructor: each field a plain attribute
    read and write, which Python caches (a loop of ``getattr``/``setattr`` by name took four
    times as long: a view or a step of a session thaws a table from its state each time).

    ``freeze.checked`` is the same ``freeze`` for a class whose subclass has fields or a state
    class of its own and calls ``super().freeze()``: it freezes that subclass's, by name
    (``TableBase`` swaps it in when such a subclass is made; a reference kept to the compiled
    ``freeze`` before then no longer pickles).

    >>> from collections import namedtuple
    >>> from types import SimpleNamespace
    >>> Pair = namedtuple("Pair", "a b")
    >>> copy, freeze = compiled_fields(("a", "b"), Pair)
    >>> table = SimpleNamespace(); copy(table, Pair(1, 2)); table.b = 3; freeze(table)
    Pair(a=1, b=3)
    """
    given, fields = fields, tuple(fields)
    if not all(isinstance(f, str) and f.isascii() and f.isidentifier() and not keyword.iskeyword(f)
               and not f.startswith("__") for f in fields):
        raise TypeError(f"a table's FIELDS are attribute names, got {fields!r}")
    namespace: dict[str, Any] = {"_State": state_class, "_FIELDS": given}
    body = "".join(f"    table.{f} = state.{f}\n" for f in fields) or "    pass\n"
    exec(f"def copy(table, state):\n{body}", namespace)     # the names come from FIELDS, never from input
    freeze = None
    if state_class is not None:
        args = ", ".join(f"self.{f}" for f in fields)
        exec(f"def freeze(self):\n    return _State({args})\n", namespace)
        # the same for a class with subclasses that have fields or a state class of their own
        # and call super().freeze(): they are frozen by their own (by name), not by these
        exec(f"def checked(self):\n    if self.FIELDS is not _FIELDS or self.STATE is not _State:\n"
             f"        return self.STATE(*[getattr(self, f) for f in self.FIELDS])\n"
             f"    return _State({args})\n", namespace)
        freeze, checked = namespace["freeze"], namespace["checked"]
        for f in (freeze, checked):
            f.__doc__ = "The immutable state of this working copy."
            f.compiled = True       # (a table's own freeze is kept: see TableBase.__init_subclass__)
        freeze.checked = checked
    return namespace["copy"], freeze
