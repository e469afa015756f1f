"""What every game's rules object shares: copies with changed options, and JSON.

A game's ``Rules`` is a frozen dataclass that validates itself in ``__post_init__``;
it inherits :class:`RuleOptions` for the plumbing, written once here.
"""

from __future__ import annotations

import dataclasses

from bluffkit.core.errors import RulesError


class RuleOptions:
    """``replace``, ``to_dict`` and ``from_dict`` for a frozen rules dataclass."""

    __slots__ = ()

    @classmethod
    def _check_known(cls, names) -> None:
        """Refuse option names the rules do not have, listing the ones they do."""
        known = [f.name for f in dataclasses.fields(cls)]
        unknown = set(names) - set(known)
        if unknown:
            raise RulesError(f"unknown rule option(s): {', '.join(sorted(unknown))}; known: {', '.join(known)}")

    def replace(self, **changes):
        """A copy with some options changed, validated like any other ruleset."""
        self._check_known(changes)
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict:
        """Every option as plain JSON values (tuples become lists)."""
        out = {}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            out[f.name] = list(v) if isinstance(v, tuple) else v
        return out

    @classmethod
    def from_dict(cls, data):
        """Rebuild a ruleset from :meth:`to_dict`; unknown or bad options are refused."""
        if not isinstance(data, dict):
            raise RulesError(f"rules must be a JSON object, got {type(data).__name__}")
        cls._check_known(data)
        return cls(**{k: tuple(v) if isinstance(v, list) else v for k, v in data.items()})
