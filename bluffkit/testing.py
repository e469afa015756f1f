"""The conformance suite, shipped with bluffkit and run on every game, preset and variant.

:func:`check_game` plays seeded games and checks, with a message on every failure:

- random playouts end, and whoever must move has a legal action until the end;
- the same seed gives the same moves (the same log);
- replaying the moves through the immutable API, and through a written and re-read
  log, gives the same final state as the fast simulation path;
- every action's text form round-trips (``parse(str(a)) == a``, also in the
  ruleset's own notation);
- the game's conservation laws hold in every state (``game.invariants``);
- no seat's observation depends on what it may not know: redealing everything
  hidden from a seat (``game.hide_from``) leaves its observation unchanged, and its
  legal moves as its bot or panel reads them (``legal.actions``, ``description``);
- whether a seat's move is legal does not depend on what it may not know: each probe
  below that is refused in the real state is refused, in the same words, in a redealt
  one, and each that is played there is played in the redealt one too;
- the narration of a move, which every seat reads, says only what each seat can know
  once the move is made: at sampled steps, the move and others drawn in states redealt by
  ``hide_from`` for each seat, which leave that seat's observation after the move as it is
  and show alike (the spec's ``public_move``: e.g. an offer laid face down shows its
  number of cards), are narrated in the same words;
- an illegal action raises and leaves the working state exactly as it was: the game's
  illegal-move probes (its spec's ``illegal_probes``) must be refused by every seat at
  sampled steps (one that is played fails the suite), and its other probes (``probes``,
  legal only sometimes) are refused without a change or played, the immutable step
  agreeing and every conservation law holding after;
- the same checks at every step of a given line of play (:func:`check_line`: the
  rulebooks' worked examples, which reach on purpose what random games seldom do);
- a move built in code with one field changed (a number one off, a tuple reversed, cut or
  grown, a text in capitals) is refused in words (a :class:`BluffkitError`, never
  another exception), or, if it is played, reads back from its text as the same move, so
  that the log holds what was played.

What is checked for each game (the bots seated first, the probes, the configurations
and their seat counts) comes from the game's spec (:mod:`bluffkit.core.spec`).

>>> from bluffkit.core.game import make_game
>>> report = check_game(make_game("horse-trading"), players=3, seeds=[1])
>>> report["games"], report["steps"] > 100
(1, True)
"""

from __future__ import annotations

import dataclasses
import enum
import json
import types
import zlib

import numpy as np

from bluffkit.agents.base import make_agent, tell_agent
from bluffkit.core import log as gamelog
from bluffkit.core.errors import BluffkitError
from bluffkit.core.play import play, public_move_of
from bluffkit.core.spec import configs, spec_of
from bluffkit.widget_check import game_for


def random_decisions(game, players: int, rng, limit: int | None = None):
    """Each decision of a random game, as ``(state, seat, legal)``: chance draws from
    ``rng``, and after each decision the seat plays ``legal.sample(rng)``. Stops at the end
    of the game or after ``limit`` decisions.

    >>> from bluffkit.core.game import make_game
    >>> steps = list(random_decisions(make_game("bloff"), 3, np.random.default_rng(1), limit=5))
    >>> len(steps), [seat for _, seat, _ in steps][:3]
    (5, [0, 1, 2])
    """
    state, n = game.new_state(players), 0
    while not game.is_over(state) and (limit is None or n < limit):
        if game.is_chance(state):
            state = game.step(state, None, game.sample_chance(state, rng))
            continue
        seat = game.to_move(state)[0]
        legal = game.legal(state, seat)
        yield state, seat, legal
        n += 1
        state = game.step(state, seat, legal.sample(rng))


def narrated(game, state, moves, names):
    """``(sentences, state after)``: ``moves``, pairs of a seat (``None``: chance) and a
    move's text, parsed and played from ``state``, each with its narration (for a test of
    the words a table reads)."""
    out = []
    for seat, move in moves:
        action = game.parse(move)
        after = game.step(state, seat, action)
        out.append(game.narrate(state, seat, action, after, names))
        state = after
    return out, state


def default_agents(game, players: int) -> list:
    """A mix of the game's bots: the ones its spec seats first (``test_bots``), then
    random bots in the other seats. Each is told what its bots module tells a bot seated
    at ``game`` (e.g. a Bluffer bot, the facts of the game's deck)."""
    make = spec_of(game).resolve("test_bots")
    first = [tell_agent(a, game) for a in make()] if make is not None else []
    return (first + [make_agent("random", game) for _ in range(players)])[:players]


def check_game(game, players: int, seeds=(0, 1, 2), agents=None, hidden_every: int = 7,
               illegal_probes=None, probes=None) -> dict:
    """Run the whole suite on ``game`` with ``players`` seats; return counts of what was
    checked (``illegal``: moves refused; ``probes_played``: probes that were legal where
    tried). ``illegal_probes`` and ``probes`` replace the spec's when given."""
    make = agents or (lambda: default_agents(game, players))
    spec = spec_of(game)
    probe_lists = (tuple(spec.illegal_probes if illegal_probes is None else illegal_probes),
                   tuple(spec.probes if probes is None else probes))
    report = {"games": 0, "steps": 0, "observations": 0, "narrations": 0, "narrations_other": 0, "illegal": 0,
              "probes_played": 0, "public_compared": 0}
    for seed in seeds:
        first = play(game, make(), seed)
        again = play(game, make(), seed)
        assert [(s, str(a)) for s, a in first.moves] == [(s, str(a)) for s, a in again.moves], \
            f"seed {seed}: the same seed gave different games"
        _check_record(game, players, seed, first, report, hidden_every, probe_lists)
        report["games"] += 1
    return report


def _same_replayed(replayed, state, read_rules) -> bool:
    """Whether a state read back from a log is the state played, with the rules as the log
    reads them back (``read_rules``: its game's). They differ only where a log holds a
    source whole (a Bluffer deck read from a path is read back as embedded in the log);
    every other field, and every question of a deck, must still be equal."""
    if replayed == state:
        return True
    return getattr(state, "rules", None) is not None and dataclasses.replace(state, rules=read_rules) == replayed


def check_line(game, players: int, state, moves, where: str = "", seed: int = 0) -> dict:
    """The suite's hidden-information and move checks at every step of a given line of
    play (``moves``: ``(seat or None, action)`` from ``state``), such as a rulebook's
    worked example, which reaches on purpose what random games seldom do (a tie, a
    re-offer, a payment by count). At each step: every seat's observation and moves against
    redealt states, the probes and their refusals, the narration of the move made, and the
    move with one field changed. Returns the counts, as :func:`check_game` does."""
    spec = spec_of(game)
    probe_lists = (tuple(spec.illegal_probes), tuple(spec.probes))
    report = {"steps": 0, "observations": 0, "narrations": 0, "narrations_other": 0, "illegal": 0,
              "probes_played": 0, "public_compared": 0}
    rng = np.random.default_rng(seed)
    public = public_move_of(game)
    for i, (seat, action) in enumerate(moves):
        at = f"{where}step {i + 1} ({'chance' if seat is None else f'seat {seat}'}: {action})"
        _check_hidden(game, state, players, rng, at, report)
        # (a worked example starts from a position set out, not dealt: the conservation
        # laws counted from the deal do not hold there)
        _check_illegal(game, state, players, at, report, probe_lists, rng, invariants=False)
        _check_narration(game, state, seat, action, players, rng, at, report, public)
        if seat is not None:
            _check_mutants(game, state, seat, action, at, report, invariants=False)
        state = game.step(state, seat, action)
        report["steps"] += 1
    _check_hidden(game, state, players, rng, f"{where}the end", report)
    return report


def _check_record(game, players, seed, rec, report, hidden_every, probe_lists) -> None:
    rng = np.random.default_rng(seed)
    # the steps whose narration is checked: drawn, not every 7th (a round may be 7 steps
    # long), other steps for other seeds and other rules; a move that hides something (its
    # public form is not the move) three times as often
    salt = zlib.crc32(json.dumps(game.header(), sort_keys=True, default=str).encode())
    pick = np.random.default_rng([seed, 1, salt])
    # the steps whose hidden information is checked: drawn too, about one in
    # ``hidden_every`` (every step when it is 1), for the same reason: every 7th step of a
    # game whose question or round takes 7 steps looked at one phase only
    spot = np.random.default_rng([seed, 2, salt])
    looked = 0
    public = public_move_of(game)
    state = game.new_state(players)
    table = game.table(players=players)     # played along, as a simulation does
    for i, (seat, action) in enumerate(rec.moves):
        where = f"seed {seed}, step {i + 1} ({'chance' if seat is None else f'seat {seat}'}: {action})"
        assert not game.is_over(state), f"{where}: a move after the game was over"
        for text in (str(action), game.notation(action)):
            assert game.parse(text) == action, f"{where}: {text!r} does not read back as {action!r}"
        if seat is None:
            assert game.is_chance(state), f"{where}: chance moved when it was not chance's turn"
        else:
            assert seat in game.to_move(state), f"{where}: seat {seat} moved out of turn"
            assert game.legal(state, seat), f"{where}: seat {seat} had to move but no legal action"
        if hidden_every == 1 or spot.random() * hidden_every < 1:
            # the move lists at every other of these steps: listing a large hand's sets of
            # notes is the dearest part of the check
            looked += 1
            _check_hidden(game, state, players, rng, where, report, moves=looked % 2 == 1)
            _check_illegal(game, state, players, where, report, probe_lists, rng)
            if seat is not None:
                _check_mutants(game, state, seat, action, where, report)
        if pick.random() * hidden_every < (3 if public(state, seat, action) != action else 1):
            _check_narration(game, state, seat, action, players, rng, where, report, public)
        if seat is None:
            table.apply_chance(action)
        else:
            first, legal, seen = table.decision()
            assert first == seat and seen == game.observe(state, seat), \
                f"{where}: the observation while playing differs from the state's own"
            table.apply(seat, action, legal)
        state = game.step(state, seat, action)
        problems = game.invariants(state)
        assert not problems, f"{where}: {'; '.join(problems)}"
        report["steps"] += 1
    assert game.is_over(state), f"seed {seed}: the moves end before the game does"
    assert state == rec.final.freeze(), f"seed {seed}: the immutable replay differs from the simulation"
    assert game.scores(state) == rec.scores, f"seed {seed}: scores differ on replay"
    seats = [{"name": f"seat {s}", "agent": a} for s, a in enumerate(rec.agents)]
    recs, end = gamelog.records(game, players, rec.moves)
    text = "\n".join([json.dumps(gamelog.header(game, seats, seed))] + [json.dumps(r) for r in recs]
                     + [json.dumps({"end": end})]) + "\n"
    log, states = gamelog.parse(text)
    assert _same_replayed(states[-1], state, log.game.rules), f"seed {seed}: the log replays to a different final state"
    assert len(states) == len(rec.moves) + 1, f"seed {seed}: the log lost steps"


#: How many other moves :func:`_check_narration` draws in each redealt state, beside the move made.
NARRATION_DRAWS = 4
#: How many other moves :func:`_check_public` lists, and draws, beside the move made.
PUBLIC_ALTERNATIVES = 24
PUBLIC_DRAWS = 8


def _check_public(game, state, seat, action, said, shows, public, names, where, rng=None, report=None) -> None:
    """The public form of a move (``public_move``: what watching agents are told of it)
    tells no seat more than the table does: another move of the same kind the mover could
    make here, narrated in the same words and leaving some other seat's observation after
    it as the move made does, shows the same public form (that seat is told it).
    (A redealt state cannot show this: the move made has the same public form there, so a
    form that names a face-down offer's notes passes the narration's check.)"""
    listed = _legal_of(game, state, seat, game.observe(state, seat)).actions(PUBLIC_ALTERNATIVES)
    # and moves drawn (a game may not list a kind, e.g. offers of any notes) and the move
    # with one field changed (another set of notes of the same count, ...)
    drawn = [_draw(game, state, seat, rng) for _ in range(PUBLIC_DRAWS)] if rng is not None else []
    after = None
    for move in [*(listed or ()), *drawn, *mutants(action)]:
        if type(move) is not type(action) or move == action:
            continue
        try:
            then = game.step(state, seat, move)
        except BluffkitError:
            continue
        if after is None:
            after = game.step(state, seat, action)
            others = [o for o in range(len(names)) if o != seat]
            seen = [game.observe(after, o) for o in others]
        # (not the same move written another way, as "buy" and "buy 1" of one lot)
        if then == after or game.narrate(state, seat, move, then, names) != said:
            continue
        if report is not None:
            report["public_compared"] = report.get("public_compared", 0) + 1
        if public(state, seat, move) == shows:
            continue
        for o, was in zip(others, seen):    # a seat told the two apart by the public form alone
            assert game.observe(then, o) != was, (
                f"{where}: what every seat is told of a move (public_move) says more than seat {o} may know: "
                f"{action} and {move} are narrated alike ({said!r}) and leave seat {o}'s observation alike, "
                f"but are shown as {shows!r} and {public(state, seat, move)!r} (a leak of what the move held)")


def _check_narration(game, state, seat, action, players, rng, where, report, public=None) -> None:
    """The narration of a move is public: every seat reads it. So it may say only what each
    seat can know once the move is made. For each seat ``o`` in turn, what ``o`` cannot see
    before the move is redealt (``hide_from``), and the move made (where it is still legal
    there) and a few others drawn there are played; each that leaves ``o``'s observation
    after the move as it is in the real game (``o`` cannot tell the two apart) must be
    narrated in the same words. A narration that names another seat's cards or notes, what
    a face-down move held, or a card chance dealt to someone else, differs. The move made,
    played again in a redealt state, must show the same public form (``public_move``: what
    watching agents are told of it), which may not read what ``o`` cannot see.

    The game a redealt state is narrated with is :func:`bluffkit.widget_check.game_for`'s
    (Bluffer's redeal deals another true answer onto the card).

    The narration of a move that ends the game is not compared with redealt states when
    the move hides nothing (its public form is the move): the end of a game is all-seeing
    (its scoring may name every hand and every kept ticket, as the rulebooks' end scoring
    does), and a seat's observation of it may hold nothing, so any redeal looks alike to
    it. A last move that hides what it holds (a price paid by count, faces unseen) is
    still told only as the table sees it, and the public form of every move is checked."""
    names = [f"Seat{k}" for k in range(players)]
    after = game.step(state, seat, action)
    said = game.narrate(state, seat, action, after, names)
    public = public or public_move_of(game)
    shows = public(state, seat, action)
    if seat is not None:
        _check_public(game, state, seat, action, said, shows, public, names, where, rng, report)
    ends = game.is_over(after) and shows == action
    for o in range(players):
        seen = game.observe(after, o)
        other = game.hide_from(state, o, rng)
        teller = game_for(game, other)
        tries = [action] + ([] if ends else [_draw(teller, other, seat, rng) for _ in range(NARRATION_DRAWS)])
        for move in tries:
            if move is None:
                continue
            try:
                then = teller.step(other, seat, move)
            except BluffkitError:
                continue                    # not a move there (the mover's hand was redealt)
            if move is action:              # the same move: its public form is all the table sees of it
                assert public(other, seat, move) == shows, (
                    f"{where}: what every seat sees of the move (public_move, which watching agents are told) "
                    f"changes with information hidden from seat {o} (a leak): {shows!r} here, "
                    f"{public(other, seat, move)!r} in a state redealt for seat {o}")
            if ends:
                continue                    # the end is all-seeing: its narration may name any hand
            if teller.observe(then, o) != seen or public(other, seat, move) != shows:
                continue                    # seat o can tell this from the real move
            told = teller.narrate(other, seat, move, then, names)
            assert told == said, (f"{where}: the narration, which every seat reads, changes with information "
                                  f"hidden from seat {o} (a leak): {said!r} here, {told!r} in a state that seat "
                                  f"{o} cannot tell from this one (move {move})")
            report["narrations"] = report.get("narrations", 0) + 1
            if move != action:              # another move that looks alike: what the move hid
                report["narrations_other"] = report.get("narrations_other", 0) + 1


def _draw(game, state, seat, rng):
    """Another move in ``state``: a chance outcome, or one of ``seat``'s legal moves (None if
    it has none, or the redeal dealt a position play never reaches, e.g. a payer who cannot
    pay: ``hide_from`` may, and such a draw is refused in words)."""
    try:
        if seat is None:
            return game.sample_chance(state, rng)
        legal = game.legal(state, seat)
        return legal.sample(rng) if legal else None
    except BluffkitError:
        return None


def _state_types() -> tuple[type, ...]:
    """The state class of every registered game (the games' specs say which)."""
    global _STATE_TYPES
    if _STATE_TYPES is None:
        from bluffkit.core.spec import specs
        found = []
        for spec in specs():
            game = spec.make()
            found.append(type(game.new_state(spec.seat_counts(game)[0])))
        _STATE_TYPES = tuple(dict.fromkeys(found))
    return _STATE_TYPES


_STATE_TYPES: tuple[type, ...] | None = None


def holds_the_game(observation, state) -> object | None:
    """The first object reachable from ``observation`` (through every reference it holds:
    fields, slots, caches, the move list's) that is a game's table or a state of the kind of
    ``state``, else ``None``. A seat's view holds neither: either holds every secret, and a
    table, in a simulation, is the game itself (see :mod:`bluffkit.core.tables`)."""
    import gc

    from bluffkit.core.table import TableBase
    states = (type(state), *_state_types())         # any game's (an auction runs inside a Bidder Up! game)
    skip = (type, types.ModuleType, types.BuiltinFunctionType, types.CodeType, str, bytes, int, float, complex,
            bool, type(None))
    seen_ids, todo = {id(observation)}, [observation]
    while todo:
        obj = todo.pop()
        if isinstance(obj, TableBase) or (isinstance(obj, states) and obj is not observation):
            return obj
        if isinstance(obj, types.MethodType):       # a bound method: what it is bound to
            refs: list = [obj.__self__]
        elif isinstance(obj, types.FunctionType):   # a function: what its closure holds (not its module)
            refs = [c.cell_contents for c in obj.__closure__ or () if c.cell_contents is not None]
            refs += list(obj.__defaults__ or ())
        else:
            refs = gc.get_referents(obj)
        for ref in refs:
            if id(ref) not in seen_ids and not isinstance(ref, skip):
                seen_ids.add(id(ref))
                todo.append(ref)
    return None


def plain_values(obj, _depth: int = 0):
    """Everything ``obj`` holds, as plain nested tuples: the values of every field, slot and
    attribute, those an ``__eq__`` leaves out included (a move list's, say), so that two
    views compare whole. Classes and modules count by name. A function or any other
    callable (a lambda, a ``functools.partial``, a bound method) is refused with a
    ``TypeError``: what it would give is not a value to compare, and a view that holds one
    could hide another seat's cards behind it; so is an iterator (see :func:`_held`). A
    seat's view holds plain values."""
    if _depth > 60:
        return "..."
    kind = type(obj)
    if kind in _PLAIN:                               # the most common values first, by their exact type
        return obj
    if kind is float:
        return "nan" if obj != obj else obj          # (nan is not equal to itself)
    if kind is tuple or kind is list:
        d = _depth + 1
        return (kind.__name__,) + tuple([plain_values(x, d) for x in obj])
    if isinstance(obj, np.generic):                  # a numpy number: its value, not its equality
        obj = obj.item()
    if isinstance(obj, float) and obj != obj:
        return "nan"
    if obj is None or isinstance(obj, (str, bytes, int, float, complex)):
        return obj
    if isinstance(obj, enum.Enum):
        return repr(obj)
    if isinstance(obj, (type, types.ModuleType)):
        return getattr(obj, "__qualname__", getattr(obj, "__name__", type(obj).__name__))   # by name, not address
    if callable(obj):
        name = getattr(obj, "__qualname__", getattr(obj, "__name__", ""))
        raise TypeError(f"holds a callable ({type(obj).__name__} {name!r}), which the check cannot read: "
                        f"a seat's view must hold plain values")
    d = _depth + 1
    if isinstance(obj, (tuple, list)):
        return (type(obj).__name__,) + tuple(plain_values(x, d) for x in obj)
    if isinstance(obj, (set, frozenset)):
        return (type(obj).__name__,) + tuple(sorted(repr(plain_values(x, d)) for x in obj))
    if isinstance(obj, dict):
        return ("dict",) + tuple(sorted((repr(k), plain_values(v, d)) for k, v in obj.items()))
    if isinstance(obj, np.ndarray):
        return ("ndarray",) + tuple(plain_values(x, d) for x in obj.tolist())
    slots = _slots(type(obj))
    if not slots and not hasattr(obj, "__dict__"):   # a container or value of C (a deque, a read-only dict)
        return (type(obj).__name__,) + _held(obj, d)
    fields = [(name, plain_values(getattr(obj, name), d)) for name in slots if hasattr(obj, name)]
    fields += [(k, plain_values(v, d)) for k, v in sorted(getattr(obj, "__dict__", {}).items())]
    return (type(obj).__name__,) + tuple(fields)


#: The values :func:`plain_values` gives back as they are, by their exact type (a subclass,
#: an ``IntEnum`` say, goes the long way).
_PLAIN = frozenset({str, int, bool, bytes, complex, type(None)})


_SLOT_NAMES: dict[type, tuple[str, ...]] = {}


def _slots(cls: type) -> tuple[str, ...]:
    """The slot names of ``cls`` and its bases (not ``__weakref__`` or ``__dict__``), as
    :func:`plain_values` reads them (each class's worked out once)."""
    names = _SLOT_NAMES.get(cls)
    if names is None:
        names = _SLOT_NAMES[cls] = tuple(name for c in cls.__mro__ for name in _slot_names(c)
                                         if name not in ("__weakref__", "__dict__"))
    return names


def _slot_names(cls: type) -> tuple[str, ...]:
    """The slots ``cls`` names (as ``cls.__slots__`` reads): ``__slots__ = "cards"`` is one
    slot, not five."""
    slots = getattr(cls, "__slots__", ())
    return (slots,) if isinstance(slots, str) else tuple(slots)


def _held(obj, d: int) -> tuple:
    """What an object with neither slots nor attributes holds (:func:`plain_values`): a
    mapping's items, a finite collection's values (a deque, a ``bytearray``, an ``array``,
    a ``range``), or the value its ``repr`` writes (a ``Decimal``, a date); an iterator, which
    reading would use up, is refused with a ``TypeError``, and a bare object counts by kind."""
    from collections.abc import Collection, Iterator, Mapping
    if isinstance(obj, Mapping):
        return tuple(sorted((repr(k), plain_values(v, d)) for k, v in obj.items()))
    if isinstance(obj, Iterator):
        raise TypeError(f"holds an iterator ({type(obj).__name__}), which the check cannot read without using "
                        f"it up: a seat's view must hold plain values")
    if isinstance(obj, Collection):
        return tuple(plain_values(x, d) for x in obj)
    shown = repr(obj)
    return () if " at 0x" in shown else (shown,)     # (an address differs from run to run)


#: How many of a seat's legal moves the no-leak check compares under a redeal: the first
#: ones listed (an auction's bids can be a long list).
MOVES_COMPARED = 64


def move_list(legal) -> tuple:
    """What a seat's bot or panel reads of its legal moves: whether it has any, their
    description, and the first :data:`MOVES_COMPARED` as text (``None``: they cannot be
    listed, e.g. an answer to write). A Legal's own fields are compared with the
    observation; this compares what its methods compute from them."""
    listed = legal.actions(MOVES_COMPARED)
    return bool(legal), legal.description, None if listed is None else tuple(map(str, listed))


def _check_hidden(game, state, players, rng, where, report, moves: bool = True) -> None:
    """Each seat's observation is the same, compared whole, in two states redealt by
    ``hide_from`` for it; with ``moves``, its move list too (:func:`move_list`, on one redeal).
    A redealt state must keep the game's invariants (no new violation): else the seat's
    view would be compared with a table that its view rules out."""
    given = set(game.invariants(state))
    for seat in range(players):
        seen = game.observe(state, seat)
        found = holds_the_game(seen, state)
        assert found is None, f"{where}: seat {seat}'s observation holds the game's {type(found).__name__} (a leak)"
        whole = _whole(seen, f"{where}: seat {seat}'s observation")
        listed = ()
        if moves:
            legal = _legal_of(game, state, seat, seen)
            listed = move_list(legal)
            _check_listed(legal, listed, f"{where}: seat {seat}")
        for k in range(2):
            other = game.hide_from(state, seat, rng)
            again = game.observe(other, seat)
            assert again == seen, \
                f"{where}: seat {seat}'s observation changes with information hidden from it (a leak)"
            assert _whole(again, f"{where}: seat {seat}'s observation in a redealt state") == whole, (
                f"{where}: seat {seat}'s observation holds, where its == does not look, something that changes "
                f"with information hidden from it (a leak)")
            # (a position set up by hand may break an invariant already: only new ones count)
            broken = [p for p in game_for(game, other).invariants(other) if p not in given]
            assert not broken, (f"{where}: hide_from for seat {seat} dealt a position the rules rule out, so the "
                                f"check compares the seat's view with an impossible table: {broken[0]}")
            if moves and k == 0:
                dealt = move_list(_legal_of(game, other, seat, again))
                assert dealt == listed, (f"{where}: seat {seat}'s legal moves change with information hidden from "
                                         f"it (a leak): {_first_difference(listed, dealt)}")
                # the text view (the command line's screen, and the panels' own text view),
                # written by the redealt state's game (Bluffer's redeal deals another card)
                names = [f"Seat{j}" for j in range(players)]
                text = game.describe(seen, names, True)
                assert game_for(game, other).describe(again, names, True) == text, (
                    f"{where}: seat {seat}'s text view changes with information hidden from it (a leak)")
            report["observations"] += 1


def _check_listed(legal, listed: tuple, where: str) -> None:
    """Every move a seat's Legal lists (the first :data:`MOVES_COMPARED`, those
    :func:`move_list` read) is one its own ``explain`` allows: a bot that plays from the
    list, or a panel's button drawn from it, must not be refused."""
    if listed[2] is None:
        return
    for action in legal.actions(MOVES_COMPARED):
        refused = legal.explain(action)
        assert refused is None, (f"{where} is offered {_cut(str(action))}, which its own Legal refuses: "
                                 f"{refused[1] if isinstance(refused, tuple) else refused}")


def _whole(view, what: str):
    """:func:`plain_values` of a seat's view, its refusal of a callable as the suite's failure."""
    try:
        return plain_values(view)
    except TypeError as e:
        raise AssertionError(f"{what} {e}") from None


def _legal_of(game, state, seat, seen):
    """The Legal that seat ``seat``'s observation ``seen`` carries (what its bot and its panel
    are handed), or ``game.legal(state, seat)`` for an observation without one."""
    legal = getattr(seen, "legal", None)
    return legal if legal is not None else game.legal(state, seat)


def _first_difference(moves: tuple, dealt: tuple) -> str:
    """Where two :func:`move_list` results differ, in words."""
    for what, a, b in zip(("has a move", "description", "moves listed"), moves, dealt):
        if a != b:
            return f"{what} {_cut(a)} here, {_cut(b)} in the redealt state"
    return "the same"                       # (not reached: the two differ)


def _cut(value, most: int = 200) -> str:
    text = repr(value)
    return text if len(text) <= most else text[:most - 3] + "..."


def _refused(game, state, seat, action) -> BluffkitError | None:
    """The error refusing ``action`` by ``seat`` in ``state`` (None: it is played)."""
    try:
        game.table(state).apply(seat, action)
    except BluffkitError as e:
        return e
    return None


def mutants(action):
    """Copies of the move record ``action`` with one field changed as a script's slip
    would: an int one off, -1 or 0; a tuple reversed, without its first item, with its
    last twice, each int in it one more, or each tuple in it cut to its first item; a text
    in capitals, with a space, or empty.

    >>> from bluffkit.games.bluffer.actions import Vote
    >>> [m.number for m in mutants(Vote(2))]
    [3, 1, -1, 0]
    """
    import dataclasses
    if not dataclasses.is_dataclass(action) or isinstance(action, type):
        return
    for f in dataclasses.fields(action):
        v = getattr(action, f.name)
        if type(v) is int:
            changed: list = [v + 1, v - 1, -1, 0]
        elif type(v) is tuple and v:
            changed = [v[::-1], v[1:], v + v[-1:], tuple(x + 1 if type(x) is int else x for x in v),
                       tuple(x[0] if type(x) is tuple and x else x for x in v)]
        elif type(v) is str:
            changed = [v.upper(), v + " ", ""]
        else:
            continue
        for c in dict.fromkeys(x for x in changed if x != v):
            yield dataclasses.replace(action, **{f.name: c})


def _check_mutants(game, state, seat, action, where, report, invariants: bool = True) -> None:
    """Each of :func:`mutants` of the move made: refused in words, or played, read back from
    its text (and the ruleset's notation) as itself, and keeping every conservation law
    (``invariants``: not from a position set out by hand, where they are not counted)."""
    for m in mutants(action):
        try:
            then = game.step(state, seat, m)
        except BluffkitError as e:
            assert str(e), f"{where}: an empty refusal of {m!r}"
            continue
        except Exception as e:                  # (a crash is a failure of the suite, with its move)
            raise AssertionError(f"{where}: {m!r} by seat {seat} ended in {type(e).__name__}: {e}") from e
        for text in (str(m), game.notation(m)):
            try:
                back = game.parse(text)
            except BluffkitError as e:
                raise AssertionError(f"{where}: {m!r} by seat {seat} is played, but its text {text!r} cannot be "
                                     f"read back ({e}): a log of it could not be replayed") from None
            assert back == m, (f"{where}: {m!r} by seat {seat} is played, but its text {text!r} reads back as "
                               f"{back!r}: the log would hold another move")
        problems = game.invariants(then) if invariants else ()
        assert not problems, f"{where}: after {m!r} by seat {seat}, which was played: {'; '.join(problems)}"
        report["mutants_played"] = report.get("mutants_played", 0) + 1


def _check_illegal(game, state, players, where, report, probe_lists, rng=None, invariants: bool = True) -> None:
    """Each probe by each seat: refused with the state unchanged, or played as the immutable
    step plays it. With ``rng``, also whether it is legal must not depend on what the seat
    cannot see: in a state redealt by ``hide_from`` for that seat, a probe refused here is
    refused in the same words, and one played here is played there too (a move refused only
    in some deals tells the seat something about the deal)."""
    illegal, probes = probe_lists
    for seat in range(players):
        # the refusals seat `seat` reads are the same when what it cannot see is redealt:
        # an error message is a place a student looks
        other = game.hide_from(state, seat, rng) if rng is not None else None
        for text in illegal + probes:
            action = game.parse(text)
            t = game.table(state)
            before = t.values()
            try:
                t.apply(seat, action)
            except BluffkitError as e:
                assert t.values() == before, f"{where}: a refused {text!r} by seat {seat} changed the state ({e})"
                assert str(e), f"{where}: an empty error message"
                if other is not None:
                    told = _refused(game, other, seat, action)
                    assert told is not None, (f"{where}: {text!r} by seat {seat} is refused here ({e}) but played "
                                              f"in a state redealt with what seat {seat} cannot see: whether a move "
                                              f"is legal changes with information hidden from it (a leak)")
                    assert str(told) == str(e), (f"{where}: the refusal of {text!r} that seat {seat} reads changes "
                                                 f"with information hidden from it (a leak): {str(e)!r} against "
                                                 f"{str(told)!r}")
                report["illegal"] += 1
                continue
            assert text not in illegal, \
                f"{where}: seat {seat} played the illegal-move probe {text!r}, which no rule allows"
            if other is not None:
                told = _refused(game, other, seat, action)
                assert told is None, (
                    f"{where}: {text!r} by seat {seat} is played here but refused in a state redealt with what "
                    f"seat {seat} cannot see ({told}): whether a move is legal changes with information hidden "
                    f"from it (a leak)")
            after = t.freeze()
            assert game.step(state, seat, action) == after, \
                f"{where}: {text!r} by seat {seat} gives a different state through the immutable API"
            problems = game.invariants(after) if invariants else ()
            assert not problems, f"{where}: after {text!r} by seat {seat}: {'; '.join(problems)}"
            report["probes_played"] += 1


#: Every ruleset and variant the suite and the golden playthroughs cover, from the games'
#: specs when this module was imported: (file name, game, variants, options).
CONFIGS = configs()


def config_game(name: str):
    """The game of the named configuration (any registered game's, see :data:`CONFIGS`)."""
    from bluffkit.core.game import make_game
    for key, game, variants, options in configs():
        if key == name:
            return make_game(game, variants=list(variants), **dict(options))
    raise KeyError(name)


def config_players(name: str) -> tuple[int, ...]:
    """The player counts the suite runs the named configuration with (the game spec's
    ``test_players``: 3 to 5 for most games, the counts an auction format is for)."""
    game = config_game(name)
    return spec_of(game).seat_counts(game)


def playthrough_players(name: str) -> int:
    """The player count of the named configuration's golden playthrough: 4 where it can."""
    counts = config_players(name)
    return 4 if 4 in counts else max(counts)


def playthrough(game, players: int = 4, seed: int = 7) -> str:
    """The golden file's text of one seeded game (see :mod:`bluffkit.core.playthrough`)."""
    from bluffkit.core.playthrough import playthrough as golden
    return golden(game, players=players, seed=seed)


# ---- the rules-test kit --------------------------------------------------------------

def assert_refused(game, state, seat, action, rule=None, says: str = "", table: bool = True):
    """Assert that ``action`` by ``seat`` (``None`` for chance) is refused where ``state``
    stands, and return the :class:`~bluffkit.core.errors.IllegalAction`.

    Checks, each with a message: :meth:`step` raises ``IllegalAction``; its rule is
    ``rule`` (or one of a tuple of rules) when given, and the message names it
    (``[rule: ...]``) with a reason in words that contains ``says``; ``state`` is left
    exactly as it was; and, with ``table``, a mutable working copy asked to apply the
    same action refuses it too and is left unchanged. The rule tests of every game use
    this one check.

    >>> from bluffkit.core.game import make_game
    >>> g = make_game("horse-trading")
    >>> err = assert_refused(g, g.new_state(3), 1, "auction", rule="not-your-turn")
    >>> err.rule
    'not-your-turn'
    """
    import copy

    from bluffkit.core.errors import IllegalAction
    before = copy.deepcopy(state)
    try:
        game.step(state, seat, action)
    except IllegalAction as e:
        err = e
    else:
        raise AssertionError(f"{action!r} by seat {seat} was played; it should be refused"
                             + (f" ({rule})" if rule else ""))
    if rule is not None:
        allowed = rule if isinstance(rule, tuple) else (rule,)
        assert err.rule in allowed, f"{action!r} by seat {seat}: rule {err.rule!r} ({err.reason}), expected {rule!r}"
        assert f"[rule: {err.rule}]" in str(err), f"the message does not name the rule: {err}"
    assert isinstance(err.reason, str) and err.reason.strip(), f"{action!r}: a refusal must say why"
    assert says.lower() in err.reason.lower(), f"the message {err.reason!r} does not say {says!r}"
    assert state == before, f"refusing {action!r} changed the state"
    if table:
        parsed = game.parse(action) if isinstance(action, str) else action
        t = game.table(state)
        values = t.values()
        try:
            if seat is None:
                t.apply_chance(parsed)
            else:
                t.apply(seat, parsed)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"the working copy played {action!r} by seat {seat}, which step refused")
        assert t.values() == values, f"the working copy changed after refusing {action!r}"
    return err


#: The panel no-leak check (:mod:`bluffkit.widget_check`), imported on first use so that
#: the conformance suite does not load ipywidgets.
_WIDGET_CHECK = ("WidgetLeak", "check_panel", "check_screen", "compare_trees", "driver_for", "widget_tree")


def __getattr__(name: str):
    if name in _WIDGET_CHECK:
        from bluffkit import widget_check
        return getattr(widget_check, name)
    raise AttributeError(f"module 'bluffkit.testing' has no attribute {name!r}")
