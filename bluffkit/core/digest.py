"""The digest of a state: a hash of a stable, documented projection of it.

A log records, after every step, the digest of the state the step leads to, so
that a replay can tell an edited log from a faithful one. The digest must stay the
same when the code is reorganised and the game plays the same, so it is computed
from a *projection* of the state, never from ``repr()`` or from the order of fields:

1. The projection of a state is the game's own ``snapshot(state)`` (a dict) if the
   game defines one; otherwise a dict of the state's dataclass fields by name,
   leaving out private fields (a leading ``_``) and the fields in
   :data:`HEADER_FIELDS`, which hold what the log header already records (the
   rules; Bluffer's question deck, which the header names and checksums), and the
   fields the state's class names in ``DIGEST_OMITS_DEFAULTS`` while they hold the
   default given there (a field added after logs were written; the same for a nested
   dataclass), and always those it names in ``DIGEST_LEAVES_OUT`` (public memory
   derived from the moves before, which the digests of those moves cover).
2. The projection is written as canonical JSON (:func:`canonical`): object keys
   sorted, no spaces (``","`` and ``":"``), non-ASCII characters as ``\\uXXXX``;
   tuples and lists as arrays; an enum as its value (a ``StrEnum`` phase is its
   string); a set or frozenset as an array sorted by each element's canonical text;
   a nested dataclass as an object of its fields (private ones left out); ints,
   strings, booleans and ``None`` as themselves. Anything else (a float, bytes, an
   arbitrary object, a dict with a key that is not a string) is refused with
   :class:`TypeError`, so that a new field cannot silently make digests depend on
   how Python prints it.
3. The digest is the first 16 hex digits of the SHA-256 of that text in UTF-8
   (:func:`state_digest`).

>>> from dataclasses import dataclass
>>> from enum import Enum
>>> class Phase(str, Enum):
...     BID = "bid"
>>> @dataclass(frozen=True)
... class S:
...     rules: object
...     phase: Phase
...     money: tuple
...     seen: frozenset
>>> s = S(rules=None, phase=Phase.BID, money=(50, None), seen=frozenset({(1, 2), (0, 3)}))
>>> canonical(projection(s))
'{"money":[50,null],"phase":"bid","seen":[[0,3],[1,2]]}'
>>> state_digest(s)
'8f8601f81719ad9c'

:func:`canonical` and :func:`state_digest` write that text directly (a writer compiled
per state class, which takes the text of a field again while the field holds the very same
unchangeable object, as most fields do from one step to the next, and writes a tuple that
holds the very objects of the one written before and more as that text and the new
elements' text: a game's growing history is not written again at every step); the tests hold them to
the same text as the rules above followed step by step (``_reference``: plain data, then
``json.dumps`` with sorted keys), and to the same refusals. A writer is made the first time
a class is written and read from the class then: ``DIGEST_OMITS_DEFAULTS`` is a class
attribute, and a class changed after that (its fields, its omitted defaults) keeps the
writer it had. A dataclass that is also a str, int, tuple, list, dict or set, and one with a
field name the writer cannot read directly, are written the step-by-step way.

Log format 1 recorded :func:`digest` (a CRC-32 of the ``repr`` of the state's field
values); it is kept for reading such logs' other checksums (Bluffer's deck), but a
format-1 state digest is not compared on replay, since ``repr`` changes whenever a
state's fields change shape.
"""

from __future__ import annotations

import dataclasses
import json
import unicodedata
from enum import Enum
from hashlib import sha256
from json.encoder import encode_basestring_ascii as _quote
from keyword import iskeyword
from operator import is_
from zlib import crc32

from bluffkit.core.table import TableBase

#: Fields of a state that the projection leaves out: what the log header records.
HEADER_FIELDS = frozenset({"rules", "deck"})

#: How many hex digits of the SHA-256 a digest keeps.
DIGEST_HEX = 16


_SCALARS = frozenset({int, str, bool, type(None)})


def _plain(value):
    """``value`` as plain JSON data (dicts, lists, ints, strings, booleans, None)."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is tuple or kind is list:
        for v in value:
            if type(v) not in _SCALARS:
                return [_plain(v) for v in value]
        return value                           # json writes a tuple of scalars as an array
    if isinstance(value, Enum):
        return _plain(value.value)
    if isinstance(value, bool):
        return bool(value)
    if isinstance(value, int):                 # an int subclass that is not an enum
        return int(value)
    if isinstance(value, str):
        return str(value)
    if isinstance(value, (tuple, list)):       # a named tuple, a list subclass
        return [_plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((_plain(v) for v in value), key=_text)
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if isinstance(k, Enum):
                k = k.value
            if not isinstance(k, str):
                raise TypeError(f"a digest needs text keys, not {k!r} ({type(k).__name__})")
            out[str(k)] = _plain(v)
        return out
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        # a field added after logs were frozen (the class's DIGEST_OMITS_DEFAULTS) is left
        # out while it holds its default, so that those logs' digests stay as recorded
        omit = getattr(value, "DIGEST_OMITS_DEFAULTS", {})
        out_always = getattr(value, "DIGEST_LEAVES_OUT", ())
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)
                if not f.name.startswith("_") and f.name not in out_always
                and not (f.name in omit and getattr(value, f.name) == omit[f.name])}
    raise TypeError(f"a digest covers ints, text, booleans, None, tuples, lists, sets, dicts, enums "
                    f"and dataclasses; not {type(value).__name__} ({value!r:.60})")


def _text(plain) -> str:
    return json.dumps(plain, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def _reference(value) -> str:
    """The canonical text by the module's rules, step by step: plain data, then JSON."""
    return _text(_plain(value))


_MISSING = object()
_INTS = {int}
_TUPLES = {tuple}
_INTS_AND_TUPLES = {int, tuple}
_SAME_TEXT = frozenset({int, str, bool, type(None)})   # immutable: the same object, the same text
#: Per dataclass (and the fields it leaves out): the function writing an instance's
#: fields as canonical JSON, or ``None`` for a class that is not a dataclass.
_WRITERS: dict = {}


def _writer(kind: type | None, leave_out=frozenset()):
    """The function writing the public fields of a ``kind`` instance (less ``leave_out``)
    as a canonical JSON object, sorted by name, or ``None`` if ``kind`` is no dataclass
    (or one the rules write otherwise: a dataclass that is also a str, an int, a tuple...).

    It is compiled for the class, one line a field. Each field remembers the last value it
    wrote and that value's text (a field's entry: ``[key, (value, text)]``) and takes the
    text again while the field holds that very object, if the object cannot change: an
    int, a string, a boolean, None, an enum member of such a value, or a tuple of ints (or
    of such tuples, all the way down). From one step of a game to the next most fields
    hold the same objects, so a state is written mostly from what was written before."""
    key = kind if not leave_out else (kind, leave_out)
    try:
        return _WRITERS[key]
    except KeyError:
        pass
    fn = None
    if (dataclasses.is_dataclass(kind) and isinstance(kind, type) and not issubclass(kind, _WRITTEN_AS_DATA)
            and not any(map(_odd_name, dataclasses.fields(kind)))):
        omit = getattr(kind, "DIGEST_OMITS_DEFAULTS", {})
        out_always = getattr(kind, "DIGEST_LEAVES_OUT", ())
        fields = sorted((f.name for f in dataclasses.fields(kind)
                         if not f.name.startswith("_") and f.name not in leave_out and f.name not in out_always))
        entries = [[_quote(name) + ":", (_MISSING, "")] for name in fields]
        defaults = [omit.get(name, _MISSING) for name in fields]
        lines = ["def write(s):", "    out = []", "    a = out.append"]
        for i, name in enumerate(fields):
            lines += [f"    v = s.{name}", f"    m = E{i}[1]"]
            if defaults[i] is _MISSING:
                lines.append(f"    a(m[1] if v is m[0] else F(E{i}, v))")
            else:        # left out while it holds its default (a field added after logs were frozen)
                lines += ["    if v is m[0]:", "        a(m[1])", f"    elif v != D{i}:", f"        a(F(E{i}, v))"]
        lines.append('    return "{" + ",".join(out) + "}"')
        scope: dict[str, object] = {"F": _field}
        scope.update({f"E{i}": e for i, e in enumerate(entries)})
        scope.update({f"D{i}": d for i, d in enumerate(defaults)})
        exec(compile("\n".join(lines), f"<bluffkit digest writer of {kind.__qualname__}>", "exec"), scope)
        fn = scope["write"]
    _WRITERS[key] = fn
    return fn


#: Dataclasses of these kinds are written as the data they also are (``_plain`` looks at
#: that first), not as objects of their fields.
_WRITTEN_AS_DATA = (int, str, tuple, list, dict, set, frozenset, Enum)


def _odd_name(field) -> bool:
    """A field name the compiled writer cannot read as ``s.name`` (not an identifier, a
    keyword, or one Python would read as another name); such a class is written the
    reference way."""
    name = field.name
    return not name.isidentifier() or iskeyword(name) or unicodedata.normalize("NFKC", name) != name


def _field(entry: list, v) -> str:
    """``"key":text`` of a field's value ``v``; remembered in ``entry`` if ``v`` cannot change.

    A tuple that holds the very objects of the tuple written last for the field, and more
    after them (a history growing by a step: Bløff's claims), is written as that text and
    the new elements' text: a long game's history is not written again at every step."""
    kind = type(v)
    text = None
    if kind is tuple:
        last = entry[1]
        before = last[0]
        if type(before) is tuple and 0 < len(before) < len(v) and all(map(is_, before, v)):
            tail = _int_tuple_text(v[len(before):])
            if tail is not None:
                text = last[1][:-1] + "," + tail[1:]
                entry[1] = (v, text)
                return text
        text = _int_tuple_text(v) if v else "[]"
        same = text is not None
    elif kind in _SAME_TEXT:
        same = True
    else:
        same = isinstance(v, Enum) and type(v.value) in _SAME_TEXT
    text = entry[0] + (text if text is not None else _fast(v))
    if same:
        entry[1] = (v, text)
    return text


#: The text of the tuples of ints met inside tuples (a player's notes, herd or hand), by
#: id, with the tuple: from one state to the next most of them are the very same objects.
_INNER: dict = {}
_INNER_KEEP = 4096


def _int_tuple_text(value: tuple) -> str | None:
    """The text of a non-empty tuple of ints and tuples of them (nested alike: Bløff's
    turned-over plays, ``(player, rank, cards, caller, taker)``); ``None`` for any other
    tuple. An inner tuple's text is kept (``_INNER``) and taken again for the very same
    object."""
    kinds = set(map(type, value))
    if kinds == _INTS:
        return "[" + ",".join(map(int.__repr__, value)) + "]"
    if kinds == _TUPLES or kinds == _INTS_AND_TUPLES:
        parts = []
        memo = _INNER
        for v in value:
            if type(v) is int:
                parts.append(int.__repr__(v))
                continue
            hit = memo.get(id(v))
            if hit is not None and hit[0] is v:     # the same inner tuple as in an earlier state
                parts.append(hit[1])
                continue
            text = _int_tuple_text(v) if v else "[]"
            if text is None:
                return None
            if len(memo) >= _INNER_KEEP:
                memo.clear()
            memo[id(v)] = (v, text)                 # (the tuple is held, so its id is not reused)
            parts.append(text)
        return "[" + ",".join(parts) + "]"
    return None


def _fast(value) -> str:
    """``canonical(value)``, the same text as :func:`_reference` gives, written directly
    for what states hold most (ints, text, tuples of them, string enums, dataclasses);
    anything else goes the reference way (which also refuses what it cannot write)."""
    kind = type(value)
    if kind is int:
        return int.__repr__(value)
    if kind is tuple or kind is list:
        if not value:
            return "[]"
        if set(map(type, value)) == _INTS:
            return "[" + ",".join(map(int.__repr__, value)) + "]"
        return "[" + ",".join(map(_fast, value)) + "]"
    if kind is str:
        return _quote(value)
    if value is None:
        return "null"
    if kind is bool:
        return "true" if value else "false"
    if isinstance(value, Enum):
        return _fast(value.value)
    if kind is dict and all(type(k) is str for k in value):
        return "{" + ",".join(_quote(k) + ":" + _fast(value[k]) for k in sorted(value)) + "}"
    write = _WRITERS.get(kind, _MISSING)
    if write is _MISSING:
        write = _writer(kind)
    if write is not None:
        return write(value)
    return _reference(value)


def canonical(value) -> str:
    """``value`` as canonical JSON text (see the module's rules).

    >>> canonical({"b": (1, True), "a": frozenset({"y", "x"})})
    '{"a":["x","y"],"b":[1,true]}'
    """
    return _fast(value)


def _state_writer(state):
    """The writer of the fields of ``state`` a projection takes (see :func:`projection`)."""
    write = _writer(type(state), HEADER_FIELDS)
    if write is None:
        return lambda s: _reference(projection(s))     # (which refuses a state that is no dataclass)
    return write


def projection(state, game=None) -> dict:
    """The part of ``state`` a digest covers: ``game.snapshot(state)`` if the game has
    one, else the state's public dataclass fields, less :data:`HEADER_FIELDS`, the
    class's ``DIGEST_LEAVES_OUT`` and its ``DIGEST_OMITS_DEFAULTS`` at their defaults."""
    snap = getattr(game, "snapshot", None)
    if snap is not None:
        out = snap(state)
        if not isinstance(out, dict):
            raise TypeError(f"{type(game).__name__}.snapshot must return a dict, not {type(out).__name__}")
        return out
    if not dataclasses.is_dataclass(state) or isinstance(state, type):
        raise TypeError(f"a state must be a dataclass instance to be digested, not {type(state).__name__}")
    omit = getattr(state, "DIGEST_OMITS_DEFAULTS", {})          # as for a nested dataclass (see _plain)
    out_always = getattr(state, "DIGEST_LEAVES_OUT", ())
    return {f.name: getattr(state, f.name) for f in dataclasses.fields(state)
            if not f.name.startswith("_") and f.name not in HEADER_FIELDS and f.name not in out_always
            and not (f.name in omit and getattr(state, f.name) == omit[f.name])}


def state_digest(state, game=None) -> str:
    """The digest a log records after a step: the first :data:`DIGEST_HEX` hex digits of
    the SHA-256 of the canonical JSON of :func:`projection`."""
    if getattr(game, "snapshot", None) is None:               # the fields written straight from the state
        text = _state_writer(state)(state)
    else:
        text = canonical(projection(state, game))
    return sha256(text.encode("utf-8")).hexdigest()[:DIGEST_HEX]


def table_digest(table, game=None) -> str:
    """``state_digest(table.freeze(), game)``, without making the state: a working copy
    (:class:`bluffkit.core.table.TableBase`) holds the state's fields under their names, the
    very objects ``freeze`` hands on, so its fields are written as the state's (a table with
    a ``freeze`` of its own is frozen first; the ``freeze`` compiled from a table's fields,
    :func:`bluffkit.core.table.compiled_fields`, is not its own)."""
    freeze = getattr(type(table), "freeze", None)
    if getattr(game, "snapshot", None) is None and (freeze is TableBase.freeze or getattr(freeze, "compiled", False)):
        write = _writer(getattr(table, "STATE", None), HEADER_FIELDS)
        if write is not None:
            return sha256(write(table).encode("utf-8")).hexdigest()[:DIGEST_HEX]
    return state_digest(table.freeze(), game)


def digest(values: tuple) -> str:
    """Log format 1's checksum: CRC-32 of the ``repr`` of some values, as 8 hex digits
    (still Bluffer's deck checksum; not used for states any more).

    >>> digest((1, (2, 3), "bid"))
    '0d11ab23'
    """
    return format(crc32(repr(values).encode()), "08x")
