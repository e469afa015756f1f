"""The payments of a large hand, counted instead of listed.

:func:`bluffkit.core.money.payments` lists every valid ``exact_if_possible`` payment in a
fixed order. A hand of hundreds of notes has millions of them (100 notes of each value
paying 20,000: 1.3 million, listed in 2.4 to 5.8 s on 6 December, on a busy 2-core
machine), and every one listed is a tuple in memory. :class:`CountedPayments` is the same sequence, in the same order, reached by
counting: its length and any payment by index (what the random bots draw: one index,
uniformly), without listing the others. The notes of the same hand give the same
payment at the same index either way, so a seeded game plays the same moves.
``payments`` lists a large hand's payments while they number at most
:data:`bluffkit.core.money.LIST_MOST` (100,000) and counts them past that; a question
whose tables would pass :data:`MAX_CELLS` is refused in words.

The order (see :func:`bluffkit.core.money.payments`): when some choice of notes pays the
amount exactly, the exact choices by number of notes, then by the notes as a tuple of
counts (the first value's count first); else the covering choices with no note that could
be left out, by total, then number of notes, then the notes as a tuple.

How it counts. The note values are taken in the order of the denominations, which must
rise (0, 10, 50, ...). ``T[j][x, n]`` is the number of ways the values from position
``j`` on (each at most as many as the hand holds) add up to ``x`` (in units of the
values' common divisor) with ``n`` notes. An exact payment of ``A`` with ``n`` notes is
counted by ``T[0][A, n]``; the payment at an index is found position by position, each
count tried from 0 up and skipped over by the number of payments that start with it.
A covering payment with no note to spare is one whose smallest note ``s`` is needed: its
total ``t`` lies in ``A <= t < A + s``, and the larger notes add up to ``t`` less the
``c`` notes of ``s``. ``O[j][t - A, n]`` counts the covering payments of total ``t``
and ``n`` notes whose notes all lie at position ``j`` or later; with it the same walk
finds the payment at an index.
"""

from __future__ import annotations

import operator
import sys
from collections.abc import Sequence
from math import prod

from bluffkit.core.errors import RulesError

#: The most cells (amounts times note counts, over all positions, both kinds of table) the
#: tables of one payment question may hold: some 160 MB of 8-byte counts.
MAX_CELLS = 20_000_000
#: The most payments of one kind (one total, one number of notes) that are counted: the
#: counts are 64-bit integers.
MAX_COUNT = 2**62


class CountedPayments(Sequence):
    """The ``exact_if_possible`` payments of ``amount`` (> 0) from ``hand``, in the order
    :func:`bluffkit.core.money.payments` lists them: ``len``, an index or a slice, ``in``
    and iteration, without the list. ``hand`` must hold at least ``amount`` (its zero
    notes are never paid); ``denoms`` must rise."""

    def __init__(self, hand: tuple[int, ...], amount: int, denoms: tuple[int, ...], unit: int):
        import numpy as np

        self.hand, self.amount, self.denoms = hand, amount, denoms
        self.width = len(hand)
        self.pos = [i for i, d in enumerate(denoms) if d and hand[i]]      # in the order of the tuple
        self.vals = [denoms[i] // unit for i in self.pos]
        self.exact = not amount % unit
        top = self.top = -(-amount // unit)                                 # the amount in units, rounded up
        self.caps = [min(hand[i], top // v) for i, v in zip(self.pos, self.vals)]
        most = self.most = sum(self.caps) + max((min(hand[i], -(-top // v)) for i, v in zip(self.pos, self.vals)),
                                                default=0)
        m = len(self.pos)
        cells = (m + 1) * (top + 1 + max(self.vals, default=1)) * (most + 1)     # T, and O for covering
        if cells > MAX_CELLS:
            raise RulesError(f"a payment of {amount:,} from a hand of {sum(hand):,} notes has too many choices "
                             f"to count ({cells:,} cells); give the players fewer notes")
        if prod(c + 1 for c in self.caps) * (most + 1) >= MAX_COUNT:
            # the counts might not fit in 64 bits: counted first in floating point, which
            # does not overflow, and refused only if they do not fit (sums that pass 2**63 on
            # the way wrap around and come back: the final counts are exact when they fit)
            rough, rough_open = self._count(np.float64)
            if max(float(t.max()) for t in rough + (rough_open or [])) >= MAX_COUNT:
                raise RulesError(f"a payment of {amount:,} from a hand of {sum(hand):,} notes has too many "
                                 f"choices to count (more than {MAX_COUNT:,} of one size); give the players "
                                 f"fewer notes")
        tables, opened = self._count(np.int64)
        self.T, self.open = tables, opened
        if opened is None:
            self.classes = [((top, n), int(k)) for n, k in enumerate(tables[0][top]) if k]
        else:
            self.exact = False
            width = max(self.vals, default=1)
            self.classes = [((top + dt, n), int(k)) for dt in range(width) for n, k in enumerate(opened[0][dt]) if k]
        self._len = sum(k for _, k in self.classes)
        if self._len > sys.maxsize:                 # len() and indexes are machine integers
            raise RulesError(f"a payment of {amount:,} from a hand of {sum(hand):,} notes has too many choices "
                             f"to count ({self._len:.2e}); give the players fewer notes")
        tables[0] = tables[0][:0]       # read only for the classes: not kept

    def _count(self, dtype) -> tuple[list, list | None]:
        """``(T, O)`` in ``dtype`` (see the module docstring): ``T[j]`` for every position
        ``j``; ``O[j]`` when no payment is exact (else ``None``)."""
        import numpy as np
        m, top, most, hand = len(self.pos), self.top, self.most, self.hand
        tables = [np.zeros((top + 1, most + 1), dtype=dtype)] * (m + 1)
        tables[m] = tables[m].copy()
        tables[m][0, 0] = 1
        for j in range(m - 1, -1, -1):
            tables[j] = _bounded(tables[j + 1], self.vals[j], self.caps[j])
        if self.exact and tables[0][top].any():
            return tables, None
        width = max(self.vals, default=1)
        opened = [np.zeros((width, most + 1), dtype=dtype) for _ in range(m + 1)]
        for j in range(m - 1, -1, -1):
            o, v, nxt = opened[j], self.vals[j], tables[j + 1]
            o += opened[j + 1]
            for t in range(top, top + v):                               # totals this note may close
                for c in range(1, min(hand[self.pos[j]], t // v) + 1):
                    # the larger notes add up to t - c*v, less than the amount (t < top + v)
                    o[t - top, c:] += nxt[t - c * v, :most + 1 - c]
        return tables, opened

    def __len__(self) -> int:
        return self._len

    def __getitem__(self, index):
        if isinstance(index, slice):
            return tuple(self._at(i) for i in range(*index.indices(self._len)))
        index = operator.index(index)       # as a tuple: an int, not 1.5 (True is 1 there too)
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("payment index out of range")
        return self._at(index)

    def __iter__(self):
        return (self._at(i) for i in range(self._len))

    def __contains__(self, notes) -> bool:
        from bluffkit.core.money import payment_problem
        return (isinstance(notes, tuple) and len(notes) == self.width
                and payment_problem(self.hand, notes, self.amount, self.denoms) is None)

    def _at(self, k: int) -> tuple[int, ...]:
        c = 0                                               # the class (total, notes) holding index k
        while k >= self.classes[c][1]:
            k -= self.classes[c][1]
            c += 1
        t, n = self.classes[c][0]
        T, vals, caps, pos, opened = self.T, self.vals, self.caps, self.pos, self.open or []
        notes = [0] * self.width
        left, closed = t, self.exact                        # closed: the notes left add up to `left` exactly
        for j, v in enumerate(vals):
            nxt = T[j + 1]
            if not closed:                                  # no note chosen yet: none, or this the smallest
                ways = int(opened[j + 1][t - self.top, n])
                if k < ways:
                    continue
                k -= ways                                   # (none close at this total: k < ways above)
                for c in range(1, min(self.hand[pos[j]], t // v, n) + 1):
                    ways = int(nxt[t - c * v, n - c])
                    if k < ways:
                        notes[pos[j]], left, n, closed = c, t - c * v, n - c, True
                        break
                    k -= ways
                continue
            for c in range(caps[j] + 1):
                if c * v > left or c > n:
                    break
                ways = int(nxt[left - c * v, n - c])
                if k < ways:
                    notes[pos[j]] = c
                    left, n = left - c * v, n - c
                    break
                k -= ways
        return tuple(notes)


def _bounded(nxt, v: int, cap: int):
    """``out[x, n]``: the sum of ``nxt[x - c*v, n - c]`` over ``c`` = 0 .. ``cap`` (0 to
    ``cap`` notes of value ``v`` before the rest), by running sums: ``S`` sums over every
    ``c``, block of ``v`` values after block, and the terms past ``cap`` are taken off."""
    s = nxt.copy()
    rows, cols = s.shape
    for x in range(v, rows, v):
        size = min(v, rows - x)
        s[x:x + size, 1:] += s[x - v:x - v + size, :-1]
    k = cap + 1
    if k * v < rows and k < cols:
        s[k * v:, k:] -= s[:rows - k * v, :cols - k]
    return s
