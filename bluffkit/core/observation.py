"""What every game's observation shares: an immutable tuple with named fields."""

from __future__ import annotations

from operator import itemgetter


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
        """Every field but ``rules`` and ``legal``, as plain values."""
        return {k: v for k, v in zip(self._fields, self) if k not in ("rules", "legal")}
