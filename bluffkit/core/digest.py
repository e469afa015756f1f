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
   dataclass).
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

Log format 1 recorded :func:`digest` (a CRC-32 of the ``repr`` of the state's field
values); it is kept for reading such logs' other checksums (Bluffer's deck), but a
format-1 state digest is not compared on replay, since ``repr`` changes whenever a
state's fields change shape.
"""

from __future__ import annotations

import dataclasses
import json
from enum import Enum
from hashlib import sha256
from zlib import crc32

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
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)
                if not f.name.startswith("_") and not (f.name in omit and getattr(value, f.name) == omit[f.name])}
    raise TypeError(f"a digest covers ints, text, booleans, None, tuples, lists, sets, dicts, enums "
                    f"and dataclasses; not {type(value).__name__} ({value!r:.60})")


def _text(plain) -> str:
    return json.dumps(plain, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def canonical(value) -> str:
    """``value`` as canonical JSON text (see the module's rules).

    >>> canonical({"b": (1, True), "a": frozenset({"y", "x"})})
    '{"a":["x","y"],"b":[1,true]}'
    """
    return _text(_plain(value))


def projection(state, game=None) -> dict:
    """The part of ``state`` a digest covers: ``game.snapshot(state)`` if the game has
    one, else the state's public dataclass fields, less :data:`HEADER_FIELDS`."""
    snap = getattr(game, "snapshot", None)
    if snap is not None:
        out = snap(state)
        if not isinstance(out, dict):
            raise TypeError(f"{type(game).__name__}.snapshot must return a dict, not {type(out).__name__}")
        return out
    if not dataclasses.is_dataclass(state) or isinstance(state, type):
        raise TypeError(f"a state must be a dataclass instance to be digested, not {type(state).__name__}")
    omit = getattr(state, "DIGEST_OMITS_DEFAULTS", {})          # as for a nested dataclass (see _plain)
    return {f.name: getattr(state, f.name) for f in dataclasses.fields(state)
            if not f.name.startswith("_") and f.name not in HEADER_FIELDS
            and not (f.name in omit and getattr(state, f.name) == omit[f.name])}


def state_digest(state, game=None) -> str:
    """The digest a log records after a step: the first :data:`DIGEST_HEX` hex digits of
    the SHA-256 of the canonical JSON of :func:`projection`."""
    return sha256(canonical(projection(state, game)).encode("utf-8")).hexdigest()[:DIGEST_HEX]


def digest(values: tuple) -> str:
    """Log format 1's checksum: CRC-32 of the ``repr`` of some values, as 8 hex digits
    (still Bluffer's deck checksum; not used for states any more).

    >>> digest((1, (2, 3), "bid"))
    '0d11ab23'
    """
    return format(crc32(repr(values).encode()), "08x")
