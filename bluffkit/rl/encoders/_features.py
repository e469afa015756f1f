"""Building a fixed-length observation vector piece by piece (shared by the encoders).

>>> f = Features()
>>> f.section("phase"); f.one_hot(2, 4); f.value(5, scale=10)
>>> f.section("bids"); f.seats((1, None, 3), me=1, n=3, scale=3)
>>> f.layout()
{'phase': slice(0, 5, None), 'bids': slice(5, 11, None)}
>>> [round(x, 2) for x in f.vector().tolist()]     # seat 1's view: seats 1, 2, 0, then known flags
[0.0, 0.0, 1.0, 0.0, 0.5, 0.0, 1.0, 0.33, 0.0, 1.0, 1.0]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np


class Features:
    """A list of floats with helpers for the usual pieces; :meth:`vector` gives the
    ``float32`` array."""

    __slots__ = ("out", "starts")

    def __init__(self) -> None:
        self.out: list[float] = []
        self.starts: list[tuple[str, int]] = []

    def section(self, name: str) -> None:
        """Name the part of the vector that starts here (see :meth:`layout`)."""
        self.starts.append((name, len(self.out)))

    def layout(self) -> dict[str, slice]:
        """Each named part of the vector: its slice."""
        ends = [start for _, start in self.starts[1:]] + [len(self.out)]
        return {name: slice(start, end) for (name, start), end in zip(self.starts, ends)}

    def value(self, x: float, scale: float = 1.0) -> None:
        """One number, divided by ``scale``."""
        self.out.append(float(x) / scale)

    def flag(self, ok: bool) -> None:
        self.out.append(1.0 if ok else 0.0)

    def one_hot(self, index: int | None, size: int) -> None:
        """``size`` slots, a 1 at ``index`` (none when ``index`` is ``None`` or out of range)."""
        row = [0.0] * size
        if index is not None and 0 <= index < size:
            row[index] = 1.0
        self.out.extend(row)

    def counts(self, values: Iterable[float], scale: float = 1.0) -> None:
        """Each value divided by ``scale``."""
        self.out.extend(float(v) / scale for v in values)

    def seat_one_hot(self, seat: int | None, me: int, n: int) -> None:
        """A seat as a one-hot by its place relative to ``me`` (0: me, 1: my left, ...);
        all zeros for ``None`` or a negative seat."""
        self.one_hot(None if seat is None or seat < 0 else (seat - me) % n, n)

    def seat_set(self, seats: Iterable[int], me: int, n: int) -> None:
        """A set of seats as a multi-hot, relative to ``me``."""
        row = [0.0] * n
        for s in seats:
            if s is not None and 0 <= s < n:
                row[(s - me) % n] = 1.0
        self.out.extend(row)

    def seats(self, values: Sequence[float | None], me: int, n: int, scale: float = 1.0) -> None:
        """One number per seat, rotated so that ``me`` comes first, each followed by a
        known flag (``None``: 0 and not known)."""
        for k in range(n):
            v = values[(me + k) % n]
            self.out.append(0.0 if v is None else float(v) / scale)
        for k in range(n):
            self.out.append(0.0 if values[(me + k) % n] is None else 1.0)

    def __len__(self) -> int:
        return len(self.out)

    def vector(self) -> np.ndarray:
        return np.asarray(self.out, dtype=np.float32)
