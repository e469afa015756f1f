"""Every state of a game so far, without holding every one.

A :class:`~bluffkit.session.Session` keeps the states of its game for undo, scrubbing and
narration: ``states[i]`` is the state after ``i`` moves. Some games' states grow with the
game (Bløff's every claim made, every card laid), so keeping each one costs memory in the
square of the game's length: a Bløff game of three callers that never ends held 1.8 GB
after 30,000 steps. :class:`StateTrail` is that list of states holding the first
:data:`HEAD` (a whole game, for every game people play), then only every ``every``-th
one, the gap doubling whenever more than :data:`MOST` would be kept, and the last. A
state in between is played again from the one kept before it and the moves
(``game.step`` is a function of the state and the move alone, as a log's replay relies
on); the last :data:`WINDOW` states played again are remembered, so reading the states
in order plays each move once more.

>>> from bluffkit.session import Session
>>> from bluffkit.agents.bloff import CallerAgent
>>> s = Session("bloff", [CallerAgent(patience=None, stamina=None) for _ in "abc"], seed=28, max_steps=2000)
>>> s.advance(limit=1500) and s.states
StateTrail(1501 states, 1032 kept)
>>> s.states[1100] == s.game.step(s.states[1099], *s.moves[1099])
True
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any

#: How far apart the kept states are past the first ``HEAD`` to begin with: a state in
#: between costs at most ``every`` steps, this many until the gap first doubles.
EVERY = 64
#: How many states at the start of a game are all kept: every game people play, and most of
#: the bots' (You're Bluffing! takes some 300 to 500 steps, Bløff at three players some 200
#: to 1,400), is read back as played, without a step played again.
HEAD = 1024
#: The most states kept past the head: one more, and every other one of them goes and the
#: gap between them doubles. A Bløff state holds every claim made so far, so a state costs
#: memory in the length of the game; with a bounded number kept (and at most ``WINDOW``
#: played again remembered), a game that never ends takes memory in its length, not in its
#: square.
MOST = 256
#: The most states played again that a trail remembers, a stretch next to the one read last.
WINDOW = 64


class StateTrail(Sequence):
    """``trail[i]``: the state after ``i`` moves of ``moves`` (a list the caller owns and
    keeps in step: ``len(moves) == len(trail) - 1``), from ``first``. Like a list it
    takes ``append``, ``del trail[k:]`` (undo), an index or a slice (a list of states),
    iteration and ``==`` with any sequence of states. It keeps the first ``head`` states,
    then one in ``every`` (which doubles whenever more than ``most`` would be kept), and
    the last."""

    def __init__(self, game, first, moves: list, every: int = EVERY, head: int = HEAD, most: int = MOST):
        for name, value, least in (("every", every, 1), ("head", head, 0), ("most", most, 1)):
            if isinstance(value, bool) or not isinstance(value, int) or value < least:
                raise ValueError(f"{name}: a number of states (a whole number >= {least}), got {value!r}")
        self.game, self.every, self.head, self.most = game, every, head, most
        self._every = every             # the gap to begin with, again once the kept ones are cut away
        self._moves = moves
        self._head = [first] if head else []     # the states 0 .. head - 1
        self._kept = [] if head else [first]     # the states head, head + every, ...
        self._last = first
        self._n = 1
        self._window: list = []         # states played again, remembered: from index _at on
        self._at = -1

    @property
    def moves(self) -> list:
        """The moves the states after the kept ones are played again from."""
        return self._moves

    @moves.setter
    def moves(self, moves: list) -> None:
        self._moves = moves
        self._window, self._at = [], -1

    def copy(self) -> StateTrail:
        """The trail as it is now, with its own list of the moves: it stays as it is while
        this one goes on or is cut short."""
        twin = StateTrail(self.game, self._last, list(self.moves[:self._n - 1]), self._every, self.head, self.most)
        twin._head, twin._kept, twin._n, twin.every = list(self._head), list(self._kept), self._n, self.every
        return twin

    __copy__ = copy

    def __len__(self) -> int:
        return self._n

    def append(self, state) -> None:
        n = self._n
        if n < self.head:
            self._head.append(state)
        elif not (n - self.head) % self.every:
            kept = self._kept
            kept.append(state)
            if len(kept) > self.most:            # keep every other one, twice as far apart
                self._kept, self.every = kept[::2], 2 * self.every
        self._last = state
        self._n = n + 1

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(self._n))]
        i = operator.index(i)
        n = self._n
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(f"state {i} of a trail of {n}")
        if i == n - 1:
            return self._last
        if i < self.head:
            return self._head[i]
        r = (i - self.head) % self.every
        if not r:
            return self._kept[(i - self.head) // self.every]
        at, window = self._at, self._window
        if not at <= i < at + len(window):
            start = i - r                       # the kept state before i
            lo = i - r % WINDOW
            hi = min(lo + WINDOW, start + self.every, n - 1)
            end = at + len(window) - 1
            if window and start <= at and end < lo:         # read in order: on from the last one remembered
                window = self._walk(end, window[-1], lo, hi)
            elif window and start <= at <= lo <= end:       # the same stretch, grown since it was read
                window = window[lo - at:] + self._walk(end, window[-1], end + 1, hi)
            else:
                window = self._walk(start, self._kept[(start - self.head) // self.every], lo, hi)
            self._window, self._at = window, lo
            at = lo
        return window[i - at]

    def _walk(self, index: int, state, lo: int, hi: int) -> list:
        """The states ``lo`` .. ``hi - 1``, played again from ``state``, the one at ``index``
        (``index <= lo``)."""
        out = [state] if index >= lo else []
        step, moves = self.game.step, self._moves
        for j in range(index, hi - 1):
            seat, action = moves[j]
            state = step(state, seat, action)
            if j + 1 >= lo:
                out.append(state)
        return out

    def __iter__(self):
        n, every = self._n, self.every
        yield from self._head[:n - 1]
        step, moves, kept = self.game.step, self._moves, self._kept
        for k, start in enumerate(range(self.head, n - 1, every)):
            state = kept[k]
            yield state
            for j in range(start, min(start + every, n - 1) - 1):
                state = step(state, *moves[j])
                yield state
        yield self._last

    def __delitem__(self, i) -> None:
        """``del trail[k:]``, the only deletion: the states after ``k - 1`` moves go. The
        moves from ``k - 1`` on may be gone already (a session takes them back first)."""
        k, stop, step = i.indices(self._n) if isinstance(i, slice) else (0, 0, 0)
        if step != 1 or stop != self._n:
            raise TypeError("a trail of states is only cut short: del trail[k:]")
        if k >= self._n:
            return
        if k < 1:
            raise ValueError("a trail keeps its first state")
        self._window, self._at = [], -1         # what was played again may be played otherwise now
        head = self.head
        if k <= head:
            del self._head[k:]
            self._kept.clear()
            self.every = self._every
            last = self._head[-1]
        else:                                   # the new last state: kept, or played again from the
            r = (k - 1 - head) % self.every     # moves before it
            kept = self._kept[(k - 1 - head) // self.every]
            last = self._walk(k - 1 - r, kept, k - 1, k)[-1] if r else kept
            del self._kept[-(-(k - head) // self.every):]
        self._last, self._n = last, k

    def __eq__(self, other: Any) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, (str, bytes, bytearray)):
            return len(self) == len(other) and all(a is b or a == b for a, b in zip(self, other))   # as a list does
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"StateTrail({self._n} states, {len(self._head) + len(self._kept)} kept)"
