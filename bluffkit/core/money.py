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


def add(a: Notes, b: Notes) -> Notes:
    return tuple(x + y for x, y in zip(a, b))


def sub(a: Notes, b: Notes) -> Notes:
    out = tuple(x - y for x, y in zip(a, b))
    if min(out) < 0:
        raise ValueError(f"cannot take notes {b} from {a}")
    return out


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


def from_values(values: list[int] | tuple[int, ...], denoms: tuple[int, ...]) -> Notes:
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


@lru_cache(maxsize=16384)
def _minimal_payments(hand: Notes, amount: int, denoms: tuple[int, ...]) -> list[tuple[int, int, Notes]]:
    """The ``exact_if_possible`` payments: the exact choices (no zero notes) if there are
    any, else the covering choices with no removable note.

    Notes are chosen from the highest value down; ``reach[k]`` is the set of sums
    (as bits) that the values from position ``k`` on can make, so the search never
    enters a branch that cannot end in a valid payment."""
    order = sorted((i for i, d in enumerate(denoms) if d and hand[i]), key=lambda i: -denoms[i])
    m = len(order)
    rest = [0] * (m + 1)
    for k in range(m - 1, -1, -1):
        rest[k] = rest[k + 1] + hand[order[k]] * denoms[order[k]]
    reach = None
    exact = False
    unit = _unit(denoms)
    if amount % unit == 0 and rest[0] >= amount:
        # sums in units of the notes' common divisor, as bits: bit s set = s units can be made
        target = amount // unit
        mask = (1 << (target + 1)) - 1
        reach = [1] * (m + 1)
        for k in range(m - 1, -1, -1):
            i = order[k]
            d, r = denoms[i] // unit, reach[k + 1]
            for _ in range(hand[i]):
                r = (r | (r << d)) & mask
            reach[k] = r
        exact = bool((reach[0] >> target) & 1)
    out: list[tuple[int, int, Notes]] = []     # (total, number of notes, notes)
    if m and rest[0] >= amount:
        _walk(0, 0, [0] * len(hand), out, order, hand, denoms, amount, exact, reach, rest, unit)
    return out


@lru_cache(maxsize=64)
def _unit(denoms: tuple[int, ...]) -> int:
    """The greatest common divisor of the note values (10 for 0, 10, 50, ...)."""
    return gcd(*[d for d in denoms if d]) or 1


def _walk(k, paid, chosen, out, order, hand, denoms, amount, exact, reach, rest, unit) -> None:
    """Choose how many notes of the k-th value (highest first) go into the payment."""
    i = order[k]
    d = denoms[i]
    last = k + 1 == len(order)
    for c in range(hand[i] + 1):
        now = paid + c * d
        if exact:
            if now > amount:
                break
            if now == amount:
                if c:
                    chosen[i] = c
                    out.append((now, sum(chosen), tuple(chosen)))
                break
            if not last and (reach[k + 1] >> ((amount - now) // unit)) & 1:
                chosen[i] = c
                _walk(k + 1, now, chosen, out, order, hand, denoms, amount, exact, reach, rest, unit)
        else:
            if now >= amount:
                if c:                       # the c-th note of the smallest value was needed
                    chosen[i] = c
                    out.append((now, sum(chosen), tuple(chosen)))
                break
            if not last and now + rest[k + 1] >= amount:
                chosen[i] = c
                _walk(k + 1, now, chosen, out, order, hand, denoms, amount, exact, reach, rest, unit)
    chosen[i] = 0


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
        off = amount % _unit(denoms)
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
