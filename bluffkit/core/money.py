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

from collections.abc import Sequence
from functools import lru_cache
from itertools import product
from math import gcd, prod
from operator import mul
from typing import Any

from bluffkit.core.errors import IllegalAction, NotationError, RulesError, number_said, quote, whole_number

Notes = tuple[int, ...]

#: The most digits an amount written in an auction's or Bidder Up!'s action may have, and a
#: note value: nobody holds a trillion, and Python reads no int of more than 4,300 digits (a
#: page of nines is refused in words). You're Bluffing!'s bids have no such cap, as its
#: rulebook has none (only :data:`bluffkit.core.errors.MOVE_DIGITS`, as for any move).
MAX_DIGITS = 12

PAYMENT_RULES = ("exact_if_possible", "any_cover")


def total(notes: Notes, denoms: tuple[int, ...]) -> int:
    """The value of a hand of notes."""
    return sum(map(mul, notes, denoms))


def amount(n: int) -> str:
    """An amount of money or points as bluffkit's words write it: with a thousands comma,
    as Bidder Up!'s rulebook prints money ("1,500", "3,050") and the panels' buttons and
    receipts write it, so that the narration, a view and a Pay button agree.

    >>> amount(1010), amount(-1500), amount(90)
    ('1,010', '-1,500', '90')
    """
    return f"{n:,}"


def dot_thousands(text: str) -> tuple[int, int] | None:
    """The two readings of a whole number written with a dot and three zeros (``1.000``): where
    a dot begins a fraction, 1; where it separates thousands (German, as the game's first
    edition writes money), 1,000; or ``None`` for any other text (``0.000`` is 0 either way).
    Every box that reads a typed amount refuses such a number, naming both readings, rather
    than taking 1.

    >>> dot_thousands("1.000"), dot_thousands("-12.000"), dot_thousands("0.000"), dot_thousands("1.0")
    ((1, 1000), (-12, -12000), None, None)
    """
    import re
    m = re.fullmatch(r"([+-]?)([0-9]{1,3})\.000", text)
    if m is None or int(m[2]) == 0:
        return None
    whole = -int(m[2]) if m[1] == "-" else int(m[2])
    return whole, whole * 1000


_written = amount    # for the functions below whose parameter ``amount`` hides it


def count(notes: Notes) -> int:
    """How many notes (cards) a hand holds; this number is public in the games."""
    return sum(notes)


def contains(hand: Notes, part: Notes) -> bool:
    """True when every note of ``part`` is in ``hand`` (a count of 0 or more for each note
    value, as ``hand`` has: a shorter tuple, or a negative count, is no set of notes, and is
    not read as one)."""
    return len(part) == len(hand) and all(0 <= p <= h for p, h in zip(part, hand))


def fmt(notes: Notes, denoms: tuple[int, ...]) -> str:
    """Text form: values from the highest down, joined by ``+``; ``none`` if empty."""
    parts = []
    for c, d in sorted(zip(notes, denoms), key=lambda cd: -cd[1]):
        parts.extend([str(d)] * c)
    return "+".join(parts) if parts else "none"


#: Past this many notes a message names a set of notes by counts (see :func:`said`).
SAID_NOTES = 60


def said(notes, denoms: tuple[int, ...]) -> str:
    """A set of notes as a message names it: :func:`fmt`'s text, but a set of more than
    :data:`SAID_NOTES` notes (a script's move can name a billion; no hand holds them) is
    given by counts, ``1,000,000,000 x 0 + 4 x 10``, so that refusing it takes no longer
    than a small one; anything else than a tuple of counts, one per value, is quoted.

    >>> D = (0, 10, 50, 100, 200, 500)
    >>> said((2, 0, 2, 0, 0, 0), D)
    '50+50+0+0'
    >>> said((10 ** 9, 4, 0, 0, 0, 0), D)
    '4 x 10 + 1,000,000,000 x 0 (1,000,000,004 notes)'
    >>> said((1, 2), D)
    '(1, 2)'
    """
    if not (isinstance(notes, tuple) and len(notes) == len(denoms)
            and all(type(c) is int and c >= 0 for c in notes)):
        return quote(notes, 40)
    many = sum(notes)
    if many <= SAID_NOTES:
        return fmt(notes, denoms)
    parts = [f"{number_said(c)} x {d}" for c, d in sorted(zip(notes, denoms), key=lambda cd: -cd[1]) if c]
    return f"{' + '.join(parts)} ({number_said(many)} notes)"


def denoms_problem(action, denoms: tuple[int, ...]) -> tuple[str, str] | None:
    """``None`` unless ``action`` carries note values (its ``denoms``, with which it is
    written out) other than the game's ``denoms``: such a move would be played by its
    counts and then written, in the log too, in values no reader of the game takes.

    >>> from bluffkit.auctions.actions import Pay
    >>> denoms_problem(Pay((0, 2, 0, 0, 0, 0)), (0, 10, 50, 100, 200, 500)) is None
    True
    >>> denoms_problem(Pay((2, 0, 0, 0, 0, 0), (7, 10, 50, 100, 200, 500)), (0, 10, 50, 100, 200, 500))[0]
    'bad-notes'
    """
    given = getattr(action, "denoms", denoms)
    if type(given) is tuple and given == denoms:       # (an array's == is no truth value)
        return None
    return ("bad-notes", f"{type(action).__name__}.denoms is {quote(given, 60)}, but this game's notes are "
            f"{_list(denoms)} (build a move with game.parse, or with denoms=game.rules.denominations)")


def parse(text: str, denoms: tuple[int, ...]) -> Notes:
    """Read the text form back; the order of the values does not matter."""
    text = text.strip()
    counts = [0] * len(denoms)
    if text in ("none", "-", ""):
        return tuple(counts)
    for part in text.split("+"):
        part = part.strip()
        try:
            if len(part) > MAX_DIGITS:
                raise ValueError(part)
            value = whole_number(part)
        except ValueError:
            raise NotationError(f"{quote(part)} is not a note value (notes are {_list(denoms)})") from None
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
    if amount < 0:
        return False
    reach, mask = 1, (1 << (amount + 1)) - 1     # bit k set: k can be paid exactly
    for c, d in zip(hand, denoms):
        if not d:
            continue
        c = min(c, amount // d)                  # more notes of d than that never add up to amount
        k = 1
        while c > 0:                             # c notes as groups of 1, 2, 4, ... and the rest
            g = min(k, c)
            reach = (reach | (reach << (g * d))) & mask
            c -= g
            k *= 2
    return bool((reach >> amount) & 1)


def payment_problem(hand: Notes, notes: Notes, amount: int, denoms: tuple[int, ...],
                    rule: str = "exact_if_possible") -> str | None:
    """Why ``notes`` is not a valid payment of ``amount`` from ``hand``; ``None`` if it is."""
    if len(notes) != len(denoms) or min(notes) < 0:
        return "a payment must be a set of notes"
    if not contains(hand, notes):
        return f"the payer does not hold {said(notes, denoms)}"
    paid = total(notes, denoms)
    if paid < amount:
        worth = f" is {_written(paid)}," if sum(notes) > 1 else " is"          # (one note: "10 is less than ...")
        return f"{fmt(notes, denoms)}{worth} less than the {_written(amount)} owed"
    if rule == "any_cover":
        return None
    if notes[denoms.index(0)] if 0 in denoms else 0:
        return "zero notes are never part of a payment"
    if paid == amount:
        return None
    if can_pay_exactly(hand, amount, denoms):
        return f"the payer can pay exactly {_written(amount)}, so must not give more (no change is given)"
    smallest = min(d for c, d in zip(notes, denoms) if c)
    if paid - smallest >= amount:
        return (f"{fmt(notes, denoms)} pays more than needed: the {_written(smallest)} could be left out "
                f"and {_written(amount)} would still be covered")
    return None


def _layout(denoms: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    """The non-zero values' positions from the highest value down, and the values'
    greatest common divisor (10 for 0, 10, 50, ...)."""
    desc = tuple(sorted((i for i, d in enumerate(denoms) if d), key=lambda i: -denoms[i]))
    return desc, gcd(*[d for d in denoms if d]) or 1


class PaymentBook(dict):
    """The valid payments for one set of denominations under one payment rule,
    remembered per question ``(hand, amount)``; see :func:`payments`.

    Questions with the same answer share one entry under ``exact_if_possible``: zero
    notes never matter, and every amount strictly between two multiples of the
    notes' common divisor (e.g. 51..59) has the same payments, as every sum of notes
    is such a multiple. A book forgets everything once it holds ``LIMIT`` questions,
    so long simulations use bounded memory. Payments counted rather than listed (see
    :func:`payments`) are not kept there: only the last such question is."""

    LIMIT = 65536

    def __init__(self, denoms: tuple[int, ...], rule: str):
        super().__init__()
        if rule not in PAYMENT_RULES:
            raise RulesError(f"unknown payment rule {rule!r}; choose from {', '.join(PAYMENT_RULES)}")
        self.denoms, self.rule = denoms, rule
        self.desc, self.unit = _layout(denoms)
        self.exact_first = rule == "exact_if_possible"
        self.zero = denoms.index(0) if 0 in denoms else -1
        self.rising = all(a < b for a, b in zip(denoms, denoms[1:]))
        self._counted: Any = None       # the last question whose payments were counted (CountedPayments)

    def of(self, hand: Notes, amount: int) -> Sequence[Notes]:
        """Every valid payment of ``amount`` from ``hand``, smallest total first, then
        fewest notes."""
        if self.exact_first:
            off = amount % self.unit
            if off:
                amount += 1 - off
            z = self.zero
            if z >= 0 and hand[z]:
                hand = hand[:z] + (0,) + hand[z + 1:]
        key = (hand, amount)
        found = self.get(key)
        if found is None:
            found = self._find(hand, amount)
            if type(found) is tuple:            # a counted sequence is not kept: it holds its tables
                if len(self) >= self.LIMIT:
                    self.clear()
                self[key] = found
        return found

    def _find(self, hand: Notes, amount: int) -> Sequence[Notes]:
        denoms = self.denoms
        if not self.exact_first:
            if total(hand, denoms) < amount:
                return ()
            choices = prod(c + 1 for c in hand)
            if choices > MAX_CHOICES:
                raise RulesError(f"payment any_cover: a hand of {sum(hand)} notes has {choices:,} choices of notes "
                                 f"to list, more than {MAX_CHOICES:,}; use the payment rule exact_if_possible, "
                                 f"or a bank that keeps hands smaller")
            found = [(total(p, denoms), sum(p), p) for p in product(*[range(c + 1) for c in hand])]
            found = [f for f in found if f[0] >= amount]
            found.sort()                # by total, then number of notes, then the notes
            return tuple(p for _, _, p in found)
        if amount <= 0:
            return ((0,) * len(hand),)  # nothing is owed: the only payment is no notes
        if (self.rising and sum(hand) > LIST_NOTES and _choices(hand, amount, denoms) > LIST_CHOICES
                and total(hand, denoms) >= amount):
            return self._many(hand, amount)
        return _minimal_payments(hand, amount, denoms, self.desc, self.unit)   # () when the hand is short

    def _many(self, hand: Notes, amount: int) -> Sequence[Notes]:
        """The payments of a hand that may have very many: listed while they are at most
        ``LIST_MOST``, else counted (:class:`bluffkit.core.paycount.CountedPayments`; the
        last counted question is kept, tables and all)."""
        last = self._counted
        if last is not None and last.hand == hand and last.amount == amount:
            return last
        out = _Bounded()
        try:
            return _minimal_payments(hand, amount, self.denoms, self.desc, self.unit, out)
        except _TooMany:
            pass
        from bluffkit.core.paycount import CountedPayments
        counted = self._counted = CountedPayments(hand, amount, self.denoms, self.unit)
        return counted


class _TooMany(Exception):
    """A listing of payments past ``LIST_MOST``."""


class _Bounded(list):
    """A list that stops a listing of payments past ``LIST_MOST``."""

    def append(self, item) -> None:
        if len(self) >= LIST_MOST:
            raise _TooMany
        super().append(item)


#: Above this bound on the number of a hand's ``exact_if_possible`` payments (see
#: :func:`_choices`) the listing stops once it holds ``LIST_MOST`` payments, and they are
#: then counted (:class:`bluffkit.core.paycount.CountedPayments`): the same payments at
#: the same indices, without millions of tuples.
LIST_CHOICES = 200_000
LIST_MOST = 100_000
#: A hand of at most this many notes is always listed (the bound is not worked out: at 6
#: values no such hand comes near ``LIST_CHOICES``), which keeps the common case fast.
LIST_NOTES = 30


def _choices(hand: Notes, amount: int, denoms: tuple[int, ...]) -> int:
    """A bound on the number of payments of ``amount`` from ``hand``: the choices of how
    many notes of each value, none beyond what covers the amount alone."""
    return prod(min(c, -(-amount // d)) + 1 for c, d in zip(hand, denoms) if d and c)


#: The most choices of notes ``any_cover`` lists for one payment (every choice of a hand's
#: notes is looked at; a hand of dozens of notes of every value has billions).
MAX_CHOICES = 1_000_000

_BOOKS: dict[tuple, PaymentBook] = {}


def payment_book(denoms: tuple[int, ...], rule: str = "exact_if_possible") -> PaymentBook:
    """The (shared) :class:`PaymentBook` of ``denoms`` under ``rule``."""
    book = _BOOKS.get((denoms, rule))
    if book is None:
        book = _BOOKS[denoms, rule] = PaymentBook(denoms, rule)
    return book


def clear_caches() -> None:
    """Forget every remembered payment question (for timing from cold)."""
    for book in _BOOKS.values():
        book.clear()
        book._counted = None
    can_pay_exactly.cache_clear()


def payments(hand: Notes, amount: int, denoms: tuple[int, ...],
             rule: str = "exact_if_possible") -> Sequence[Notes]:
    """Every valid payment of ``amount`` from ``hand``, smallest total first (then
    fewest notes).

    Under ``any_cover`` that is every choice of notes worth at least the amount,
    which can be many; under ``exact_if_possible`` it is the exact ones if any,
    else the covering choices with no superfluous note (never a zero note).

    A tuple; under ``exact_if_possible``, for a hand of more than ``LIST_NOTES`` notes
    (note values rising) with more than ``LIST_MOST`` payments, a sequence reached by
    counting (:class:`bluffkit.core.paycount.CountedPayments`: ``len``, an index, a
    slice, ``in``), with the same payment at each index. Ties of total and number of
    notes are ordered by the notes as a tuple of counts.
    """
    return payment_book(denoms, rule).of(hand, amount)


def first_payment(hand: Notes, amount: int, denoms: tuple[int, ...], rule: str = "exact_if_possible",
                  who: str = "the payer") -> Notes:
    """The first of :func:`payments` (the smallest), or :class:`IllegalAction` in words when
    ``hand`` cannot pay ``amount``: never in play, where a payer who cannot pay shows their
    money instead, but a position dealt by ``hide_from`` may hold such a hand. A hand that
    :func:`payments` would count rather than list gives its first payment without counting
    (:func:`smallest_payment`): a hand of a thousand notes of twenty values has too many
    payments to count, but one first."""
    if rule == "exact_if_possible" and amount > 0 and sum(hand) > LIST_NOTES \
            and _choices(hand, amount, denoms) > LIST_CHOICES and all(a < b for a, b in zip(denoms, denoms[1:])) \
            and _direct_cells(hand, amount, denoms) <= MAX_DIRECT_CELLS:
        first = smallest_payment(hand, amount, denoms)
        if first is None:
            raise cannot_pay(who, amount, hand, denoms)
        return first
    found = payments(hand, amount, denoms, rule)
    if not found:
        raise cannot_pay(who, amount, hand, denoms)
    return found[0]


def some_payment(hand: Notes, amount: int, denoms: tuple[int, ...], rule: str = "exact_if_possible") -> Notes | None:
    """The first payment (:func:`first_payment`), or ``None`` when the hand cannot pay: the
    example a refusal or a "Choose for me" button gives."""
    try:
        return first_payment(hand, amount, denoms, rule)
    except IllegalAction:
        return None


#: The most cells (note values times totals) :func:`smallest_payment`'s table may hold when
#: :func:`first_payment` takes it (some 160 MB); past it the payments are listed or counted.
MAX_DIRECT_CELLS = 20_000_000


def _direct_cells(hand: Notes, amount: int, denoms: tuple[int, ...]) -> int:
    """The cells of :func:`smallest_payment`'s table for this question."""
    unit = gcd(*[d for d in denoms if d]) or 1       # the unit smallest_payment counts in
    vals = [d // unit for d, c in zip(denoms, hand) if d and c]
    return (len(vals) + 1) * (-(-amount // unit) + max(vals, default=0) + 1)


def smallest_payment(hand: Notes, amount: int, denoms: tuple[int, ...]) -> Notes | None:
    """The first ``exact_if_possible`` payment of ``amount`` (> 0) from ``hand`` in the order
    of :func:`payments`, found without listing or counting the others (``None``: the hand
    is short). The payment of the smallest total the hand can make that covers the amount
    (the amount itself when it can be paid exactly; a smallest covering total leaves no note
    to spare, since any note less falls short), with the fewest notes, and of those the
    smallest tuple of counts: ``best[j][x]``, the fewest notes of the values from ``j`` on
    that add up to ``x``, then each count taken as small as keeps that fewest."""
    import numpy as np
    if amount <= 0:
        return (0,) * len(hand)                      # nothing is owed: no notes (as payments says)
    unit = gcd(*[d for d in denoms if d]) or 1
    pos = [i for i, d in enumerate(denoms) if d and hand[i]]
    if not pos or total(hand, denoms) < amount:
        return None
    vals = [denoms[i] // unit for i in pos]
    top = -(-amount // unit) + max(vals)             # a smallest covering total lies below the amount + a note
    big = np.iinfo(np.int64).max // 4
    best = [np.full(top + 1, big, dtype=np.int64) for _ in range(len(pos) + 1)]
    best[-1][0] = 0
    for j in range(len(pos) - 1, -1, -1):
        v, nxt, here = vals[j], best[j + 1], best[j]
        for c in range(min(hand[pos[j]], top // v) + 1):
            np.minimum(here[c * v:], nxt[:top + 1 - c * v] + c, out=here[c * v:])
    reach = np.nonzero(best[0][-(-amount // unit):] < big)[0]
    if not len(reach):
        return None
    left = -(-amount // unit) + int(reach[0])        # the smallest total the hand makes that covers the amount
    notes = [0] * len(hand)
    for j, v in enumerate(vals):
        want = int(best[j][left])
        c = next(c for c in range(min(hand[pos[j]], left // v) + 1) if c + int(best[j + 1][left - c * v]) == want)
        notes[pos[j]] = c
        left -= c * v
    return tuple(notes)


def cannot_pay(who: str, amount: int, hand: Notes, denoms: tuple[int, ...]) -> IllegalAction:
    """The refusal of a payment that no choice of ``hand`` can make."""
    return IllegalAction("cannot-pay", f"{who} owes {_written(amount)} but holds {fmt(hand, denoms)} "
                                       f"({_written(total(hand, denoms))}): no payment is possible")


def _minimal_payments(hand: Notes, amount: int, denoms: tuple[int, ...],
                      desc: tuple[int, ...], unit: int, out: list | None = None) -> tuple[Notes, ...]:
    """The ``exact_if_possible`` payments (``amount`` > 0), sorted: the exact choices (no
    zero notes) by number of notes if there are any, else the covering choices with no
    note that could be left out, by total and then number of notes.

    ``desc`` lists the positions of the non-zero values from the highest down; the
    notes are chosen in that order. ``unit`` is the values' greatest common divisor:
    an amount that is not a multiple of it cannot be paid exactly. ``rest[k]`` is what the values from position ``k``
    on are worth together, so each count starts at the fewest notes that still let
    the rest pay what is left. For exact payments the last value pays the rest
    exactly or not at all; for covering ones, the smallest value used is the last
    one chosen, and its count is exactly the number needed to cover what is left.
    ``out``, the list the payments are gathered in, may stop the listing (``_Bounded``)."""
    vals, cnts, order = [], [], []
    acc = 0
    for i in desc:
        c = hand[i]
        if c:
            d = denoms[i]
            order.append(i)
            vals.append(d)
            cnts.append(c)
            acc += c * d
    if acc < amount:
        return ()
    m = len(order)
    rest = [acc]
    for k in range(m - 1):
        acc -= cnts[k] * vals[k]
        rest.append(acc)
    rest.append(0)
    notes = [0] * len(hand)
    if out is None:
        out = []
    if not amount % unit:                   # else no sum of notes is exactly the amount
        _exact(0, amount, 0, m, vals, cnts, order, notes, out, rest)
    if out:
        out.sort()                          # (number of notes, notes)
        return tuple(p for _, p in out)
    _cover(0, amount, 0, 0, m, vals, cnts, order, notes, out, rest)
    out.sort()                              # (total, number of notes, notes)
    return tuple(p for _, _, p in out)


def _exact(k: int, left: int, n: int, m: int, vals, cnts, order, notes, out, rest) -> None:
    """Exact payments of ``left`` from the values at ``k`` on, ``n`` notes chosen so far."""
    d, i = vals[k], order[k]
    top = cnts[k]
    if left // d < top:
        top = left // d
    if k + 1 == m:
        if top * d == left:
            notes[i] = top
            out.append((n + top, tuple(notes)))
            notes[i] = 0
        return
    lo = 0
    if left > rest[k + 1]:
        lo = -(-(left - rest[k + 1]) // d)
    if k + 2 == m:                          # the next value is the last one: it pays the rest
        d2, i2 = vals[k + 1], order[k + 1]
        for c in range(lo, top + 1):
            rem = left - c * d
            if not rem % d2:
                notes[i] = c
                notes[i2] = rem // d2
                out.append((n + c + rem // d2, tuple(notes)))
        notes[i] = notes[i2] = 0
        return
    for c in range(lo, top + 1):
        rem = left - c * d
        notes[i] = c
        if rem:
            _exact(k + 1, rem, n + c, m, vals, cnts, order, notes, out, rest)
        else:
            out.append((n + c, tuple(notes)))
    notes[i] = 0


def _cover(k: int, left: int, paid: int, n: int, m: int, vals, cnts, order, notes, out, rest) -> None:
    """Covering payments of ``left`` from the values at ``k`` on with no note to spare."""
    d, i = vals[k], order[k]
    need = -(-left // d)                    # notes of this value that cover what is left
    cnt = cnts[k]
    if need <= cnt:
        notes[i] = need
        out.append((paid + need * d, n + need, tuple(notes)))
    if k + 1 < m:
        lo = 0
        if left > rest[k + 1]:
            lo = -(-(left - rest[k + 1]) // d)
        for c in range(lo, (need - 1 if need - 1 < cnt else cnt) + 1):
            notes[i] = c
            _cover(k + 1, left - c * d, paid + c * d, n + c, m, vals, cnts, order, notes, out, rest)
    notes[i] = 0


# ---- can't pay, must show ------------------------------------------------------------

def must_show(held: int, price: int) -> bool:
    """"Can't pay, must show" (Bidder Up!: "Whoever can't come up with their bid must show
    all of their money"; You're Bluffing!: "Not Enough Money?"; Horse Trading: "Can't
    pay?"): ``held`` is what the buyer can pay (the value of its notes, or their number in
    a count auction), ``price`` its bid. One rule for every game that auctions."""
    return held < price


def show(shown: tuple, caps: tuple, seat: int, notes: tuple, held: int) -> tuple[tuple, tuple]:
    """The record of ``seat`` showing ``notes``: ``shown`` gains ``(seat, notes)`` and the
    seat's cap becomes ``held``: "On the repeat, that player may bid at most as much as
    they could actually pay." Returns the new ``(shown, caps)``; the caller then runs the
    auction again."""
    return shown + ((seat, notes),), caps[:seat] + (held,) + caps[seat + 1:]
