"""What every game's rules object shares: copies with changed options, and JSON.

A game's ``Rules`` is a frozen dataclass that validates itself in ``__post_init__``;
it inherits :class:`RuleOptions` for the plumbing, written once here, and the checks
every option shares: an option is a JSON value a log can hold (a number, text,
true/false, null or a list of them: never an object, NaN or infinity), its text
holds no control characters (escape codes would reach the terminal in narration),
a list is refused where the dataclass declares an option ``str``, ``int``, ``bool`` or
``int | None`` (in words: "rule option format takes text, got an array"), and a value of the wrong kind that trips a game's own check is refused as a
:class:`~bluffkit.core.errors.RulesError` in one line, never another exception.

>>> from bluffkit.games.bloff.rules import Rules
>>> Rules().replace(first_rank={"a": 1})
Traceback (most recent call last):
...
bluffkit.core.errors.RulesError: rule option first_rank takes a number, text, true/false, null or a list, not an object: {"a": 1}
>>> Rules().replace(name="bl\\x1b[2Joff")
Traceback (most recent call last):
...
bluffkit.core.errors.RulesError: rule option name holds the control character '\\x1b'
"""

from __future__ import annotations

import dataclasses
import json
import math
from typing import TYPE_CHECKING, Any, ClassVar

from bluffkit.core.errors import QUOTE_LIMIT, RulesError, json_kind, json_text, unprintable

#: What a game's own checks may raise on a value of the wrong kind (e.g. a list where a
#: name is looked up in a table); :meth:`RuleOptions.replace` turns it into a RulesError.
_FOREIGN = (TypeError, ValueError, OverflowError, KeyError, IndexError, AttributeError, RecursionError)


def _show(value, limit: int = 60) -> str:
    try:
        text = json_text(value)
    except (TypeError, ValueError, RecursionError):
        text = type(value).__name__
    return text if len(text) <= limit else text[:limit - 3] + "..."


#: Bounds no rule needs to pass, so that a message quoting a value stays one short line.
MAX_NUMBER, MAX_TEXT, MAX_ITEMS = 10**18, 1000, 1000


def check_value(name: str, value, depth: int = 0) -> None:
    """Refuse a rule option value a log could not hold or a terminal not show safely, or
    one too big for any rule (a number beyond 10**18, text of more than 1000 characters,
    a list of more than 1000 items)."""
    if value is None or isinstance(value, bool):
        return
    if isinstance(value, int):
        if abs(value) > MAX_NUMBER:
            raise RulesError(f"rule option {name}: {_show(value, 30)} is beyond any rule (at most 10**18)")
        return
    if isinstance(value, float):
        if not math.isfinite(value):
            raise RulesError(f"rule option {name} must be a finite number, got {value!r}")
        return
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            raise RulesError(f"rule option {name}: text of {len(value)} characters (at most {MAX_TEXT}): "
                             f"{_show(value, 40)}")
        bad = unprintable(value)
        if bad is not None:
            raise RulesError(f"rule option {name} holds the control character {bad!r}")
        return
    if isinstance(value, (list, tuple)):
        if len(value) > MAX_ITEMS:
            raise RulesError(f"rule option {name}: a list of {len(value)} items (at most {MAX_ITEMS})")
        if depth >= 3:
            raise RulesError(f"rule option {name}: lists nested too deeply: {_show(value)}")
        for v in value:
            check_value(name, v, depth + 1)
        return
    kind = "an object" if isinstance(value, dict) else f"a {type(value).__name__}"
    raise RulesError(f"rule option {name} takes a number, text, true/false, null or a list, not {kind}: "
                     f"{_show(value)}")


def plain(value):
    """``value`` with numpy's numbers, true/false and arrays made Python's (``np.int64(20)``
    is 20, an array a list), as a value read from an array; anything else as it is."""
    if type(value).__module__ == "numpy" and hasattr(value, "tolist"):
        if getattr(value, "size", 1) > MAX_ITEMS:
            return value                    # (refused by check_value, unread)
        return value.tolist()
    if isinstance(value, (list, tuple)) and any(type(v).__module__ == "numpy" for v in value):
        return [plain(v) for v in value]
    return value


#: What an option declared of these kinds takes, in words: a list there is refused here, in
#: JSON's words (a game's own check said Python's "unhashable type: 'list'").
_KINDS = {"str": "text", "int": "a whole number", "bool": "true or false", "int | None": "a whole number or null"}


def check_kind(name: str, value, declared) -> None:
    """Refuse a list where the option is declared ``str``, ``int``, ``bool`` or ``int |
    None``; a single value of the wrong kind is left to the game's own check, which names
    what the option takes."""
    key = declared if isinstance(declared, str) else getattr(declared, "__name__", None)
    kind = _KINDS.get(key) if isinstance(key, str) else None
    if kind is not None and isinstance(value, (list, tuple)):
        raise RulesError(f"rule option {name} takes {kind}, got {json_kind(value)}: {_show(value)}")


def refuse_contradicting(variants: dict[str, dict], options: dict) -> None:
    """Refuse a rule option given beside a variant that sets the same option to another
    value (``variants``: each chosen variant's name and the options it sets). One game let
    the option win and went on calling the variant by name, another let the variant win:
    either way something asked for was replaced without a word. An option given with the
    value its variant sets is taken."""
    def same(a, b) -> bool:
        try:
            return json.dumps(plain(a), sort_keys=True) == json.dumps(plain(b), sort_keys=True)
        except (TypeError, ValueError, OverflowError, RecursionError):
            return False                             # not a value a rule option takes: never the same
    for name, sets in variants.items():
        for key, value in sets.items():
            if key in options and not same(options[key], value):
                raise RulesError(f"rule option {key}={_show(options[key], 40)} contradicts the variant {name!r}, "
                                 f"which sets {key} to {_show(value, 40)}: give the variant or the option, "
                                 f"not both")


class RuleOptions:
    """``replace``, ``to_dict`` and ``from_dict`` for a frozen rules dataclass."""

    __slots__ = ()
    if TYPE_CHECKING:
        __dataclass_fields__: ClassVar[dict[str, Any]]     # each subclass is a dataclass

    #: Options added late, with their defaults: written by :meth:`to_dict` (so to a log's
    #: header) only when they differ from the default, so that the headers of games that do
    #: not use them stay as they were before the options existed (not every option added
    #: since 0.2.0 is listed: only those added since the auctions began the list).
    LATER_OPTIONS: ClassVar[dict] = {}

    @classmethod
    def _check_known(cls, names) -> None:
        """Refuse option names the rules do not have, listing the ones they do."""
        known = [f.name for f in dataclasses.fields(cls)]
        unknown = [n for n in names if n not in known]
        if unknown:
            shown = ", ".join(sorted(_show(n) if not (isinstance(n, str) and n.isidentifier() and len(n) <= QUOTE_LIMIT)
                                     else n for n in unknown))
            options = [k for k in known if k != "name"]       # a ruleset's own name is no option to set
            raise RulesError(f"unknown rule option(s): {shown}; known: {', '.join(options)}")

    @classmethod
    def _build(cls, make, changes: dict):
        """``make()`` with ``changes`` checked first; a game's check that trips on a value of
        the wrong kind becomes a :class:`RulesError` naming the options."""
        cls._check_known(changes)
        kinds = {f.name: f.type for f in dataclasses.fields(cls)}
        for name, value in changes.items():
            check_value(name, value)
            check_kind(name, value, kinds[name])
        try:
            return make()
        except RulesError:
            raise
        except _FOREIGN as e:
            shown = ", ".join(f"{k}={_show(v, 40)}" for k, v in changes.items())
            why = " ".join(str(e).split())[:120] if not isinstance(e, RecursionError) else "nested too deeply"
            if len(shown) > 200:
                shown = shown[:197] + "..."
            raise RulesError(f"a rule option has a value of the wrong kind ({shown}): {type(e).__name__}: {why}") \
                from None

    def replace(self, **changes):
        """A copy with some options changed, validated like any other ruleset (numpy's
        numbers and arrays are taken as Python's: :func:`plain`)."""
        changes = {k: plain(v) for k, v in changes.items()}
        return self._build(lambda: dataclasses.replace(self, **changes), changes)

    def to_dict(self) -> dict:
        """Every option as plain JSON values (tuples become lists), but those of
        :attr:`LATER_OPTIONS` at their default."""
        out = {}
        later = self.LATER_OPTIONS
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            if f.name in later and v == later[f.name]:
                continue
            out[f.name] = list(v) if isinstance(v, tuple) else v
        return out

    @classmethod
    def from_dict(cls, data):
        """Rebuild a ruleset from :meth:`to_dict`; unknown or bad options are refused."""
        if not isinstance(data, dict):
            raise RulesError(f"rules must be a JSON object, got {json_kind(data)}")
        return cls._build(lambda: cls(**{k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}), data)
