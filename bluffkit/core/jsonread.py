"""Reading JSON that people may have edited: a key given twice in one object is refused.

Python's ``json`` keeps the last of two equal keys without a word, so a scenario or log
edited by hand with ``"moves"`` twice would quietly lose the first. The readers of logs,
scenarios, Bluffer decks and tournament manifests read through :func:`loads`, which
raises :class:`DuplicateKey` (a ``ValueError``) naming the key; each reader says where.

>>> loads('{"a": 1, "b": {"c": 2}}')
{'a': 1, 'b': {'c': 2}}
>>> loads('{"a": 1, "b": {"c": 2, "c": 3}}')
Traceback (most recent call last):
...
bluffkit.core.jsonread.DuplicateKey: the key 'c' is given twice in one object
"""

from __future__ import annotations

import json

from bluffkit.core.errors import json_text, quote


class DuplicateKey(ValueError):
    """A key given twice in one JSON object."""

    def __init__(self, key: str):
        self.key = key
        super().__init__(f"the key {quote(key)} is given twice in one object")


def _unique(pairs: list) -> dict:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen = set()
        for key, _ in pairs:
            if key in seen:
                raise DuplicateKey(key)
            seen.add(key)
    return out


_DECODER = json.JSONDecoder(object_pairs_hook=_unique)


def loads(text: str):
    """``json.loads(text)``, refusing a key given twice in one object (:class:`DuplicateKey`).

    A byte-order mark (BOM, U+FEFF) at the very start of ``text`` is read as nothing: an
    editor such as Windows Notepad (before 2019) starts a UTF-8 file with one, and it
    changes nothing that is read (``json.loads`` refused it in its own words, naming a
    Python codec). A reader of lines (a log) passes each line and says itself where a
    BOM may not stand (:func:`bluffkit.core.log.parse`: only before the first).

    >>> loads('\ufeff{"a": 1}')
    {'a': 1}
    """
    if not isinstance(text, str):
        raise TypeError(f"JSON text must be a str, not {type(text).__name__}")
    return _DECODER.decode(text[1:] if text.startswith("\ufeff") else text)


def shown(value, limit: int = 40) -> str:
    """A value read from a JSON file, for a message, as the file writes it (``true``, not
    ``True``; a character that would not show as itself escaped, so that none acts on the
    terminal or hides: :func:`~bluffkit.core.errors.json_text`),
    cut past ``limit`` characters with its length said (a number may have thousands of
    digits); a value JSON cannot write, by its kind.

    >>> shown(True), shown(1.0), shown("1"), shown(10 ** 60, limit=10), shown(object())
    ('true', '1.0', '"1"', '1000000000… (61 characters)', 'object')
    """
    try:
        text = json_text(value)
    except (TypeError, ValueError):                 # (not JSON, or an int past Python's digits)
        return type(value).__name__
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text)} characters)"


def is_version(value, version: int) -> bool:
    """Whether a file's ``"version"`` reads as the whole number ``version``: JSON's ``true``
    and ``1.0`` do not, though Python takes each for 1 (the readers of decks, boards and
    tournament manifests; a log's reader, which reads two versions, checks the same way).

    >>> [is_version(v, 1) for v in (1, True, 1.0, "1", 2)]
    [True, False, False, False, False]
    """
    return type(value) is int and value == version
