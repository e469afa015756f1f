"""A short checksum of a state, recorded in logs after every step."""

from __future__ import annotations

from zlib import crc32


def digest(values: tuple) -> str:
    """CRC-32 of the repr of a state's field values (ints, strings, tuples), as 8 hex digits.

    >>> digest((1, (2, 3), "bid"))
    '0d11ab23'
    """
    return format(crc32(repr(values).encode()), "08x")
