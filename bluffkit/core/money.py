"""Money as counts of notes, and the no-change payment rule.

A hand of money is a tuple of counts, one per denomination (for You're Bluffing!
and Horse Trading the denominations are 0, 10, 50, 100, 200, 500). The text form
lists the notes' values from the highest down, joined by ``+``; an empty hand is
``none``.

>>> D = (0, 10, 50, 100, 200, 500)
>>> fmt((2, 0, 2, 0, 0, 0), D)
'50+50+0+0'
>>> parse('50+50+0+0', D)
(2, 0, 2, 0, 0, 0)
>>> total((2, 0, 2, 0, 0, 0), D)
100

The payment rule (You're Bluffing!, "Not the Exact Amount? Not Enough Money?";
Horse Trading, "Paying"): no change is ever given; a payer who cannot give the
exact sum gives more. Under ``exact_if_possible`` a payment must be exact when
some choice of the payer's notes is exact, and otherwise must cover the amount
with no note that could be left out. Ben, holding two 50s and two 0s, pays a
bid of 60 with 50 + 50:

>>> [fmt(p, D) for p in payments((2, 0, 2, 0, 0, 0), 60, D)]
['50+50']
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from math import gcd
from operator import mul

from bluffkit.core.errors import NotationError

Notes = tuple[int, ...]

PAYMENT_RULES = ("exact_if_possible", "any_cover")


def total(notes: Notes, denoms: tuple[int, ...]) -> int:
    """The value of a hand of notes."""
    return sum(map(mul, notes, denoms))


def count(notes: Notes) -> int:
    """How many notes (cards) a hand holds; this number is public in the games."""
    return sum(notes)


def contains(hand: Notes, part: Notes) -> bool:
    """True when every note of ``part`` is in ``hand``."""
    return all(p <= h for p, h in zip(part, hand))


def fmt(notes: Notes, denoms: tuple[int, ...]) -> str:
    """Text form: values from the highest down, joined by ``+``; ``none`` if empty."""
    parts = []
    for c, d in sorted(zip(notes, denoms), key=lambda cd: -cd[1]):
        parts.extend([str(d)] * c)
    return "+".join(parts) if parts else "none"


def parse(text: str, denoms: tuple[int, ...]) -> Notes:
    """Read the text form back; the order of the values does not matter."""
    text = text.strip()
    counts = [0] * len(denoms)
    if text in ("none", "-", ""):
        return tuple(counts)
    for part in text.split("+"):
        part = part.strip()
        try:
            value = int(part)
        except ValueError:
            raise NotationError(f"{part!r} is not a note value (notes are {_list(denoms)})") from None
        if value not in denoms:
            raise NotationError(f"there is no note worth {value} (notes are {_list(denoms)})")
        counts[denoms.index(value)] += 1
    return tuple(counts)


def from_values(values, denoms: tuple[int, ...]) -> Notes:
    """Counts from a list of note values, e.g. ``[50, 50, 0, 0]``."""
    return parse("+".join(str(v) for v in values), denoms)


def _list(denoms: tuple[int, ...]) -> str:
    return ", ".join(str(d) for d in denoms)


@lru_cache(maxsize=65536)
def can_pay_exactly(hand: Notes, amount: int, denoms: tuple[int, ...]) -> bool:
    """True when some choice of notes from ``hand`` adds up to exactly ``amount``."""
    reach, mask = 1, (1 << (amount + 1)) - 1     # bit k set: k can be paid exactly
    for c, d in zip(hand, denoms):
        for _ in range(c if d else 0):
            reach = (reach | (reach << d)) & mask
    return bool((reach >> amount) & 1)


def payment_problem(hand: Notes, notes: Notes, amount: int, denoms: tuple[int, ...],
                    rule: str = "exact_if_possible") -> str | None:
    """Why ``notes`` is not a valid payment of ``amount`` from ``hand``; ``None`` if it is."""
    if len(notes) != len(denoms) or min(notes) < 0:
        return "a payment must be a set of notes"
    if not contains(hand, notes):
        return f"the payer does not hold {fmt(notes, denoms)}"
    paid = total(notes, denoms)
    if paid < amount:
        return f"{fmt(notes, denoms)} is {paid}, less than the {amount} owed"
    if rule == "any_cover":
        return None
    if notes[denoms.index(0)] if 0 in denoms else 0:
        return "zero notes are never part of a payment"
    if paid == amount:
        return None
    if can_pay_exactly(hand, amount, denoms):
        return f"the payer can pay exactly {amount}, so must not give more (no change is given)"
    smallest = min(d for c, d in zip(notes, denoms) if c)
    if paid - smallest >= amount:
        return (f"{fmt(notes, denoms)} pays more than needed: the {smallest} could be left out "
                f"and {amount} would still be covered")
    return None


@lru_cache(maxsize=64)
def _layout(denoms: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    """The non-zero values' positions from the highest value down, and the values'
    greatest common divisor (10 for 0, 10, 50, ...)."""
    desc = tuple(sorted((i for i, d in enumerate(denoms) if d), key=lambda i: -denoms[i]))
    return desc, gcd(*[d for d in denoms if d]) or 1


def _minimal_payments(hand: Notes, amount: int, denoms: tuple[int, ...]) -> list[tuple[int, int, Notes]]:
    """The ``exact_if_possible`` payments as ``(total, number of notes, notes)``: the exact
    choices (no zero notes) if there are any, else the covering choices with no note
    that could be left out.

    Notes are chosen from the highest value down. For exact payments, ``reach[k]``
    holds as bits the sums (in units of the common divisor) that the values from
    position ``k`` on can make, so the search enters only branches that end in a
    payment. For covering ones, the smallest value used is the last one chosen, and
    its count is exactly the number needed to cover what is left."""
    desc, unit = _layout(denoms)
    order = [i for i in desc if hand[i]]
    m = len(order)
    vals = [denoms[i] for i in order]
    cnts = [hand[i] for i in order]
    rest = [0] * (m + 1)
    acc = 0
    for k in range(m - 1, -1, -1):
        acc += cnts[k] * vals[k]
        rest[k] = acc
    out: list[tuple[int, int, Notes]] = []
    if not m or acc < amount:
        return out
    ctx = (m, vals, cnts, order, [0] * len(hand), out)
    if amount % unit == 0:
        target = amount // unit
        mask = (1 << (target + 1)) - 1
        reach = [1] * (m + 1)
        r = 1
        for k in range(m - 1, -1, -1):
            d, c, step = vals[k] // unit, cnts[k], 1
            while c:                        # c notes of d as parts of 1, 2, 4, ... notes
                take = step if step < c else c
                r = (r | (r << (d * take))) & mask
                c -= take
                step <<= 1
            reach[k] = r
        if (r >> target) & 1:
            _exact(0, amount, 0, 0, ctx, reach, unit)
            return out
    _cover(0, amount, 0, 0, ctx, rest)
    return out


def _exact(k: int, left: int, paid: int, n: int, ctx, reach, unit: int) -> None:
    m, vals, cnts, order, notes, out = ctx
    d, i = vals[k], order[k]
    top = min(cnts[k], left // d)
    if k + 1 == m:
        if top * d == left:
            notes[i] = top
            out.append((paid + left, n + top, tuple(notes)))
            notes[i] = 0
        return
    nxt = reach[k + 1]
    for c in range(top + 1):
        rem = left - c * d
        notes[i] = c
        if rem == 0:
            out.append((paid + c * d, n + c, tuple(notes)))
        elif (nxt >> (rem // unit)) & 1:
            _exact(k + 1, rem, paid + c * d, n + c, ctx, reach, unit)
    notes[i] = 0


def _cover(k: int, left: int, paid: int, n: int, ctx, rest) -> None:
    m, vals, cnts, order, notes, out = ctx
    d, i = vals[k], order[k]
    need = -(-left // d)                # notes of this value that cover what is left
    if need <= cnts[k]:
        notes[i] = need
        out.append((paid + need * d, n + need, tuple(notes)))
    if k + 1 < m:
        after = rest[k + 1]
        for c in range(min(need - 1, cnts[k]) + 1):
            rem = left - c * d
            if after >= rem:
                notes[i] = c
                _cover(k + 1, rem, paid + c * d, n + c, ctx, rest)
    notes[i] = 0


def payments(hand: Notes, amount: int, denoms: tuple[int, ...],
             rule: str = "exact_if_possible") -> tuple[Notes, ...]:
    """Every valid payment of ``amount`` from ``hand``, smallest total first.

    Under ``any_cover`` that is every choice of notes worth at least the amount,
    which can be many; under ``exact_if_possible`` it is the exact ones if any,
    else the covering choices with no superfluous note (never a zero note).
    """
    if rule == "exact_if_possible":
        # Questions with the same answer share one cache entry: zero notes never matter,
        # and every amount strictly between two multiples of the notes' common divisor
        # (e.g. 51..59) has the same payments, as every sum of notes is such a multiple.
        off = amount % _layout(denoms)[1]
        if off:
            amount += 1 - off
        if denoms[0] == 0 and hand[0]:
            hand = (0,) + hand[1:]
    return _payments(hand, amount, denoms, rule)


@lru_cache(maxsize=65536)
def _payments(hand: Notes, amount: int, denoms: tuple[int, ...], rule: str) -> tuple[Notes, ...]:
    if total(hand, denoms) < amount:
        return ()
    if amount <= 0 and rule != "any_cover":
        return ((0,) * len(hand),)           # nothing is owed: the only payment is no notes
    if rule == "any_cover":
        found = [(total(p, denoms), sum(p), p) for p in product(*[range(c + 1) for c in hand])]
        found = [f for f in found if f[0] >= amount]
    else:
        found = _minimal_payments(hand, amount, denoms)
    found.sort()                        # by total, then number of notes, then the notes
    return tuple(p for _, _, p in found)
