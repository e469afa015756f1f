"""What every game's observation shares: an immutable tuple with named fields.

A subclass lists its fields in ``_fields``; each reads as an attribute. Two ways
build one by name, never by position:

- :meth:`ObservationBase.from_fields` takes every field as a keyword (checked: a
  missing or unknown name raises ``TypeError``);
- :meth:`ObservationBase.builder` makes a fast constructor for the hot path of a
  simulation: the fields a table holds under the same name are read from it, the
  others are the builder's parameters, named like the fields.

>>> class Seen(ObservationBase):
...     _fields = ("seat", "phase", "hand")
>>> Seen.from_fields(seat=1, phase="bid", hand=(2, 0)).phase
'bid'
>>> class Table:
...     phase = "bid"
>>> build = Seen.builder("seat", "hand")
>>> build(Table(), seat=0, hand=(1, 1))
(0, 'bid', (1, 1))
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import Any


class ObservationBase(tuple):
    """A seat's view as a tuple (cheap to build at every move) whose fields, listed in the
    subclass's ``_fields``, read as attributes. ``rules`` and ``legal`` travel with it
    but are left out of :meth:`to_dict`."""

    __slots__ = ()
    _fields: tuple = ()

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        for i, name in enumerate(cls._fields):
            setattr(cls, name, property(itemgetter(i), doc=f"field {i}: {name}"))

    def to_dict(self) -> dict:
        """Every field but ``rules`` and ``legal``, as plain values that JSON writes: an
        observation held in a field (Bidder Up!'s auction) as its own ``to_dict``, a record
        (Bluffer's reveals) as a dict of its fields, a set as a sorted list, an enum as
        its value; numbers, text and tuples of them as they are. A field holding anything
        else (a game of one's own keeping an object there) raises ``TypeError`` naming the
        field and the kind, rather than a dict that JSON cannot write."""
        out = {}
        for k, v in zip(self._fields, self):
            if k not in ("rules", "legal"):
                try:
                    out[k] = _plain(v)
                except _NotPlain as e:
                    raise TypeError(f"{type(self).__name__}.to_dict: the field {k!r} holds {e.args[0]}, which "
                                    "JSON cannot write; keep numbers, text, tuples, lists, dicts, sets, enums, "
                                    "records (dataclasses) or observations there") from None
        return out

    @classmethod
    def from_fields(cls, **fields):
        """An observation with every field given by name (``TypeError`` names any field
        missing or unknown)."""
        missing = [f for f in cls._fields if f not in fields]
        unknown = sorted(set(fields) - set(cls._fields))
        if missing or unknown:
            raise TypeError(f"{cls.__name__} needs the fields {', '.join(cls._fields)}"
                            + (f"; missing: {', '.join(missing)}" if missing else "")
                            + (f"; unknown: {', '.join(unknown)}" if unknown else ""))
        return tuple.__new__(cls, [fields[f] for f in cls._fields])

    @classmethod
    def builder(cls, *given: str):
        """A fast constructor by name: ``build(src, *given)``. Each field named in
        ``given`` is the parameter of that name (pass it by keyword, or, where every
        call counts, in the order of ``given``); every other field is ``src``'s
        attribute of the same name. The function is generated once from ``_fields`` (as
        :func:`collections.namedtuple` builds its constructor), so the order of the
        fields is never written out by hand."""
        unknown = [g for g in given if g not in cls._fields]
        if unknown or len(set(given)) != len(given):
            raise TypeError(f"{cls.__name__}.builder: {', '.join(unknown) or 'a repeated name'} "
                            f"is not one field of {', '.join(cls._fields)}")
        params = "".join(f", {g}" for g in given)
        items = ", ".join(f if f in given else f"src.{f}" for f in cls._fields)
        code = f"def build(src{params}):\n    return _new(_cls, ({items},))\n"
        namespace: dict[str, Any] = {"_new": tuple.__new__, "_cls": cls}
        exec(code, namespace)                   # the names come from _fields, never from input
        build = namespace["build"]
        build.__qualname__ = f"{cls.__name__}.builder"
        build.__doc__ = f"A {cls.__name__}: {', '.join(given)} by keyword, the rest read from src."
        return build


def keyword_maker(fields: tuple) -> Callable[..., Any]:
    """``make(cls, *, field=..., ...)``: a constructor of an
    :class:`~bluffkit.core.observation.ObservationBase` subclass that takes every field of
    ``fields`` by name (a missing or unknown one is a ``TypeError``), as fast as building the
    tuple by position."""
    names = ", ".join(fields)
    scope: dict = {}
    exec(f"def make(cls, *, {names}):\n    return _new(cls, ({names},))", {"_new": tuple.__new__}, scope)
    return scope["make"]


def by_keyword(cls, fields: dict):
    """An observation of class ``cls`` built from a mapping of its fields by name."""
    return cls.make(**fields)


_SCALARS = frozenset({int, float, str, bool, type(None)})


def _plain(value):
    """``value`` as :meth:`ObservationBase.to_dict` gives it (see there)."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if isinstance(value, ObservationBase):
        return value.to_dict()
    if isinstance(value, (tuple, list)):
        if all(type(v) in _SCALARS for v in value):
            return value
        return tuple(_plain(v) for v in value)
    if isinstance(value, dict):             # (JSON's keys are text: any other key is written as text)
        return {k if type(k) in _SCALARS else str(_plain(k)): _plain(v) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        return sorted((_plain(v) for v in value), key=lambda v: (not isinstance(v, (int, float)), v
                                                                  if isinstance(v, (int, float)) else repr(v)))
    if type(value).__module__ == "numpy" and getattr(value, "shape", None) == ():   # a numpy number (or 0-d array)
        plain = value.item()
        if type(plain) in _SCALARS:
            return plain
        raise _NotPlain(f"a numpy {type(value).__name__} ({plain!r})")     # (a date, a complex number)
    import dataclasses
    from enum import Enum
    if isinstance(value, Enum):
        return _plain(value.value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value) if not f.name.startswith("_")}
    if isinstance(value, (int, float, str)):      # a subclass of a number or of text: JSON writes it
        return value
    raise _NotPlain(f"a {type(value).__module__}.{type(value).__qualname__}")


class _NotPlain(Exception):
    """Raised by :func:`_plain` for a kind JSON cannot write (told in words by ``to_dict``)."""
