"""The Bidder Up! boards as data: spaces, the clockwise loop, the hill cross, movement and its cost.

The rulebook (seed 001, BIDDER-UP.md section C) moves a pawn the number rolled; "More or
fewer" spaces cost notes by count: the k-th space of change costs k notes, so k spaces of
change cost 1 + 2 + ... + k ("For 2 spaces more or fewer ... 1 + 2 = 3 notes"). "Stopping in
place is not allowed." The outer loop is always walked clockwise; on the hill (the inner
cross) a pawn may go any way, "They just may not move forward and then backward in the same
turn", and back on the loop it goes clockwise again.

The board itself is shown only in the rulebook's illustration (section L1), so each side is a
reconstruction kept as a data file, ``data/boards/<name>.json`` (the format and the design are
in ``docs/bidder-up-board.md``). A file is checked fully before a :class:`Board` is made; a bad
one is refused with a :class:`BoardError` naming the file, the 1-based line of the offending
entry and the reason, and nothing is kept of it.

Movement, precisely: a move of ``steps`` spaces is a path of ``steps`` single steps. From a
loop space the one step along the loop goes to the next space clockwise; a junction (a loop
space where a hill arm starts) also steps onto its arm; from a hill space a step goes to any
neighbour on the cross, junctions included. A path never visits a space twice, its own
starting space included. That is the rulebook's "not forward and then backward" (no step
straight back, no going up an arm and down it again) and "stopping in place is not allowed"
(a path that came back to its start would end where it began). It is a reading: against the
looser one (only the step just made may not be undone) it differs on these boards only for
moves of 9 or more spaces on the Animal Market and 10 or more on the Fairground, which cost at
least 21 notes after a roll of 3 (``docs/bidder-up-board.md``; a test checks the numbers).

>>> board = load_board("animal-market")
>>> sorted(board.destinations("start", 1))
['hill-west', 'pen-1']
>>> board.reachable("start", 1, budget_notes=1)["pen-2"]
(2, 1)
>>> [cost_of_change(k) for k in range(1, 5)]
[1, 3, 6, 10]
"""

from __future__ import annotations

import bisect
import functools
import json
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bluffkit.auctions.rules import FORMATS
from bluffkit.core.datafiles import DATA_DIR
from bluffkit.core.errors import BluffkitError
from bluffkit.core.jsonread import is_version, shown

__all__ = ["BOARDS_DIR", "BOARD_NAMES", "KINDS", "TILE_POSITIONS", "Board", "BoardError", "Space",
           "UnknownSpace", "cost_of_change", "load_board", "parse_board", "shipped_board"]

#: Where the shipped board files are: ``data/boards`` (:mod:`bluffkit.core.datafiles`).
BOARDS_DIR = DATA_DIR / "boards"
#: The two sides of the board (section A).
BOARD_NAMES = ("animal-market", "fairground")
#: What a space can be. ``start`` is where the pawns begin; landing on it does nothing.
KINDS = ("start", "pen", "horse-trade", "piggy-bank", "market", "raffle")
#: "4 tile positions, each governing two pens" (section B): positions 0..3.
TILE_POSITIONS = 4
PENS_PER_POSITION = 2
#: The drawing box of a board file: x in 0..WIDTH, y in 0..HEIGHT.
WIDTH, HEIGHT = 1000.0, 700.0

FORMAT = "bluffkit-board"
VERSION = 1
_TOP_REQUIRED = ("format", "version", "name", "title", "start", "spaces", "loop", "hill")
_TOP_OPTIONAL = ("description", "first_game_tiles", "two_player_tiles", "example_annette")
_SPACE_KEYS = ("id", "kind", "x", "y", "label")
_PEN_KEYS = ("pen_size", "tile_position")
_EXAMPLE_KEYS = ("start", "goose_pen", "cow_pen", "piggy_bank", "counterclockwise")
_ID = re.compile(r"[a-z0-9][a-z0-9-]*\Z")


class BoardError(BluffkitError, ValueError):
    """A board file (or a board built by hand) that breaks the format or the rules of a board.

    ``path`` is the file (or ``"<board>"``), ``line`` the 1-based line of the offending
    entry (``None`` when no single line is to blame), ``reason`` what is wrong. ``str()`` is
    ``"<path>, line <n>: <reason>"`` (``"<path>: <reason>"`` without a line).
    """

    def __init__(self, path: str | Path, line: int | None, reason: str):
        self.path = str(path)
        self.line = line
        self.reason = reason
        super().__init__(self.path, line, reason)

    def __str__(self) -> str:
        if self.line is None:
            return f"{self.path}: {self.reason}"
        return f"{self.path}, line {self.line}: {self.reason}"


class UnknownSpace(BoardError, KeyError):
    """A space id that is not on the board (a :class:`BoardError` and a ``KeyError``)."""


def cost_of_change(k: int) -> int:
    """Notes to pay for moving ``k`` spaces more or fewer than rolled: 1 + 2 + ... + k (section C).

    >>> cost_of_change(0), cost_of_change(2)
    (0, 3)
    """
    if isinstance(k, bool) or not isinstance(k, int) or k < 0:
        raise ValueError(f"a change of spaces is a whole number >= 0, got {k!r}")
    return k * (k + 1) // 2


@dataclass(frozen=True, slots=True)
class Space:
    """One space: ``kind`` (one of :data:`KINDS`); a pen's ``pen_size`` (1 small, 2 double; 0 when
    not a pen) and ``tile_position`` (0..3, the auction tile that governs it; ``None`` when not a
    pen); ``on_hill`` (on the inner cross, not the loop; junctions are loop spaces); drawing
    coordinates ``x``, ``y`` in a 1000 x 700 box; ``label`` in words."""

    id: str
    kind: str
    pen_size: int
    tile_position: int | None
    on_hill: bool
    x: float
    y: float
    label: str


class _Problem(Exception):
    """A rule of boards broken; ``where`` points into the file: ``("space", id)``, ``("loop", i)``,
    ``("hill", i)`` or ``("key", name)``. Turned into a :class:`BoardError` with a line."""

    def __init__(self, reason: str, where: tuple[str, Any]):
        super().__init__(reason)
        self.reason = reason
        self.where = where


@dataclass(frozen=True, slots=True)
class Board:
    """One side of the board. ``loop`` lists the outer loop clockwise (it closes from its last
    space back to its first); ``hill_edges`` are the inner cross's connections, walked either
    way, including those from the 4 junctions on the loop. Built by :func:`load_board`; a board
    made by hand is checked the same way (errors then carry no line)."""

    name: str
    spaces: tuple[Space, ...]
    start: str
    loop: tuple[str, ...]
    hill_edges: tuple[tuple[str, str], ...]
    title: str = ""
    first_game: tuple[tuple[int, str], ...] = ()
    two_player_game: tuple[tuple[int, str], ...] = ()
    examples: tuple[tuple[str, str], ...] = ()
    _by_id: dict[str, Space] = field(init=False, repr=False, compare=False)
    _exits: dict[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)
    _memo: dict[tuple[str, int], frozenset[str]] = field(init=False, repr=False, compare=False)
    _reach_memo: dict[tuple[str, int, int], dict[str, tuple[int, int]]] = field(init=False, repr=False,
                                                                                 compare=False)

    def __post_init__(self) -> None:
        try:
            by_id, exits = _check_graph(self.spaces, self.start, self.loop, self.hill_edges)
        except _Problem as p:
            raise BoardError("<board>" if not self.name else f"<board {self.name}>", None, p.reason) from None
        object.__setattr__(self, "_by_id", by_id)
        object.__setattr__(self, "_exits", exits)
        object.__setattr__(self, "_memo", {})
        object.__setattr__(self, "_reach_memo", {})

    # ----------------------------------------------------------------- looking up
    def space(self, id: str) -> Space:
        """The space with this id; :class:`UnknownSpace` (a ``KeyError``) if there is none."""
        try:
            return self._by_id[id]
        except (KeyError, TypeError):
            raise UnknownSpace(self.name, None, f"there is no space {id!r} on the {self.title or self.name} "
                                                f"board") from None

    def pens(self) -> tuple[Space, ...]:
        """The 8 pens, in file order."""
        return tuple(s for s in self.spaces if s.kind == "pen")

    def pens_of_position(self, p: int) -> tuple[Space, ...]:
        """The two pens that tile position ``p`` (0..3) governs (section B)."""
        if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < TILE_POSITIONS:
            raise ValueError(f"a tile position is 0..{TILE_POSITIONS - 1}, got {p!r}")
        return tuple(s for s in self.pens() if s.tile_position == p)

    def of_kind(self, kind: str) -> tuple[Space, ...]:
        """The spaces of one kind, in file order."""
        if kind not in KINDS:
            raise ValueError(f"unknown kind {kind!r}; the kinds are {', '.join(KINDS)}")
        return tuple(s for s in self.spaces if s.kind == kind)

    @property
    def junctions(self) -> tuple[str, ...]:
        """The loop spaces where the hill begins, in loop order."""
        return tuple(s for s in self.loop if len(self._exits[s]) > 1)

    def exits(self, id: str) -> tuple[str, ...]:
        """Where one step from this space may go (ignoring where the pawn came from)."""
        self.space(id)
        return self._exits[id]

    def first_game_tiles(self, players: int) -> dict[int, str]:
        """The tiles "circled in the illustration" for a first game (section B) or, with 2
        players, the two-player tiles (section J): tile position -> auction format. Positions
        not listed keep the Classic auction printed on the board."""
        if players == 2:
            return dict(self.two_player_game)
        if players in (3, 4):
            return dict(self.first_game)
        raise ValueError(f"Bidder Up! is for 2 to 4 players, got {players!r}")

    def example(self, role: str) -> str:
        """A space of Annette's example (section C), by role: ``start``, ``goose_pen``,
        ``cow_pen``, ``piggy_bank`` or ``counterclockwise`` (the space marked in red)."""
        roles = dict(self.examples)
        if role not in roles:
            raise KeyError(f"the {self.title or self.name} board has no example space {role!r}; "
                           f"it has {', '.join(roles) or 'none'}")
        return roles[role]

    # ----------------------------------------------------------------- movement
    def destinations(self, position: str, steps: int) -> frozenset[str]:
        """Spaces reached by moving exactly ``steps`` spaces from ``position`` (section C): the
        ends of every path of that length that follows the loop clockwise, the hill either way,
        and visits no space twice (the start included). ``steps`` 0 reaches nothing.

        >>> b = load_board("animal-market")
        >>> sorted(b.destinations("start", 2))
        ['hilltop', 'pen-2']
        """
        self.space(position)
        if isinstance(steps, bool) or not isinstance(steps, int) or steps < 0:
            raise ValueError(f"steps is a whole number >= 0, got {steps!r}")
        if steps >= len(self.spaces):
            return frozenset()
        key = (position, steps)
        found = self._memo.get(key)
        if found is None:
            found = frozenset(self._walk(position, steps))
            self._memo[key] = found
        return found

    def _walk(self, position: str, steps: int) -> set[str]:
        ends: set[str] = set()
        exits = self._exits
        path = [position]
        on_path = {position}

        def go(here: str, left: int) -> None:
            if left == 0:
                ends.add(here)
                return
            for nxt in exits[here]:
                if nxt not in on_path:
                    on_path.add(nxt)
                    path.append(nxt)
                    go(nxt, left - 1)
                    path.pop()
                    on_path.discard(nxt)

        if steps > 0:
            go(position, steps)
        return ends

    def reachable(self, position: str, roll: int, budget_notes: int | None = None,
                  max_change: int | None = None) -> dict[str, tuple[int, int]]:
        """Every space the mover may end on, with ``(steps, notes)`` of the cheapest way: moving
        ``roll ± k`` spaces costs :func:`cost_of_change` ``(k)`` notes (section C), never more
        than ``budget_notes`` (the notes the mover holds; ``None``: no cap), never a change of
        more than ``max_change`` spaces (``None``: no cap). Steps are at least 1. When both
        ``roll - k`` and ``roll + k`` reach a space, the fewer steps are given.

        >>> b = load_board("animal-market")
        >>> b.reachable("start", 1, budget_notes=0)
        {'hill-west': (1, 0), 'pen-1': (1, 0)}
        """
        self.space(position)
        if isinstance(roll, bool) or not isinstance(roll, int) or roll < 1:
            raise ValueError(f"a roll is a whole number >= 1, got {roll!r}")
        for name, value in (("budget_notes", budget_notes), ("max_change", max_change)):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
                raise ValueError(f"{name} is None or a whole number >= 0, got {value!r}")
        longest = len(self.spaces) - 1          # no path without repeats is longer
        top = max(roll - 1, longest - roll)     # a larger change reaches nothing
        if max_change is not None:
            top = min(top, max_change)
        if budget_notes is not None:            # the largest change the notes pay for
            top = min(top, int((math.isqrt(8 * budget_notes + 1) - 1) // 2))
        key = (position, roll, top)
        found = self._reach_memo.get(key)
        if found is None:
            out: dict[str, tuple[int, int]] = {}
            for k in range(max(0, roll - longest), top + 1):   # a smaller change overshoots every path
                cost = cost_of_change(k)
                for steps in sorted({roll - k, roll + k}):
                    if 1 <= steps <= longest:
                        for d in sorted(self.destinations(position, steps)):
                            if d not in out:
                                out[d] = (steps, cost)
            found = dict(sorted(out.items()))
            self._reach_memo[key] = found
        return dict(found)

    def path(self, position: str, steps: int, destination: str) -> tuple[str, ...]:
        """One path of exactly ``steps`` steps from ``position`` to ``destination`` (both ends
        included), the first in exit order; for drawing a move. ``ValueError`` if there is none."""
        if destination not in self.destinations(position, steps):
            raise ValueError(f"{destination!r} is not {steps} step(s) from {position!r}")
        exits = self._exits
        path = [position]

        def go(here: str, left: int) -> bool:
            if left == 0:
                return here == destination
            for nxt in exits[here]:
                if nxt not in path:
                    path.append(nxt)
                    if go(nxt, left - 1):
                        return True
                    path.pop()
            return False

        go(position, steps)
        return tuple(path)


# --------------------------------------------------------------------- the board's graph
def _check_graph(spaces: tuple[Space, ...], start: str, loop: tuple[str, ...],
                 hill: tuple[tuple[str, str], ...]) -> tuple[dict[str, Space], dict[str, tuple[str, ...]]]:
    """The rules every board keeps, whatever made it; returns the spaces by id and each
    space's exits. Raises :class:`_Problem` pointing at the entry to blame."""
    by_id: dict[str, Space] = {}
    for s in spaces:
        if s.id in by_id:
            raise _Problem(f"space id {s.id!r} is used twice", ("space", s.id))
        by_id[s.id] = s
    if start not in by_id:
        raise _Problem(f"the start {start!r} is not a space of the board", ("key", "start"))
    for s in spaces:
        if s.kind not in KINDS:
            raise _Problem(f"unknown kind {s.kind!r}; the kinds are {', '.join(KINDS)}", ("space", s.id))
    if len(loop) < 3:
        raise _Problem(f"the loop has {len(loop)} space(s); a loop needs at least 3", ("key", "loop"))
    seen: set[str] = set()
    for i, sid in enumerate(loop):
        if sid not in by_id:
            raise _Problem(f"the loop names {sid!r}, which is not a space", ("loop", i))
        if sid in seen:
            raise _Problem(f"the loop passes {sid!r} twice; it is one clockwise cycle", ("loop", i))
        seen.add(sid)
    if start not in seen:
        raise _Problem(f"the start {start!r} is not on the loop", ("key", "start"))
    for s in spaces:
        if s.kind == "start" and s.id != start:
            raise _Problem(f"space {s.id!r} is of kind 'start' but the board starts at {start!r}", ("space", s.id))
    nbrs: dict[str, list[str]] = {sid: [] for sid in by_id}
    edges: set[frozenset[str]] = set()
    for i, edge in enumerate(hill):
        if len(edge) != 2:
            raise _Problem(f"a hill edge joins 2 spaces, got {len(edge)}", ("hill", i))
        a, b = edge
        for end in (a, b):
            if end not in by_id:
                raise _Problem(f"the hill edge names {end!r}, which is not a space", ("hill", i))
        if a == b:
            raise _Problem(f"the hill edge joins {a!r} to itself", ("hill", i))
        if a in seen and b in seen:
            raise _Problem(f"the hill edge joins two loop spaces, {a!r} and {b!r}; the hill is the inner cross",
                           ("hill", i))
        if frozenset((a, b)) in edges:
            raise _Problem(f"the hill edge {a!r}-{b!r} is given twice", ("hill", i))
        edges.add(frozenset((a, b)))
        nbrs[a].append(b)
        nbrs[b].append(a)
    for s in spaces:
        on_hill = s.id not in seen and bool(nbrs[s.id])
        if s.id not in seen and not nbrs[s.id]:
            raise _Problem(f"space {s.id!r} is on neither the loop nor the hill", ("space", s.id))
        if s.on_hill != on_hill:
            raise _Problem(f"space {s.id!r} has on_hill={s.on_hill} but it is "
                           f"{'on the hill' if on_hill else 'a loop space'}", ("space", s.id))
    exits: dict[str, tuple[str, ...]] = {}
    for i, sid in enumerate(loop):
        exits[sid] = (loop[(i + 1) % len(loop)], *nbrs[sid])
    for s in spaces:
        if s.on_hill:
            exits[s.id] = tuple(nbrs[s.id])
    # every space reachable from the start, and the start from every space (no dead end)
    reach = _reached(start, exits)
    back = _reached(start, {a: tuple(b for b in by_id if a in exits[b]) for a in by_id})
    for s in spaces:
        if s.id not in reach:
            raise _Problem(f"space {s.id!r} cannot be reached from the start {start!r}", ("space", s.id))
        if s.id not in back:
            raise _Problem(f"a pawn on {s.id!r} could never get back to the loop", ("space", s.id))
    _check_pens(spaces)
    return by_id, exits


def _reached(origin: str, exits: dict[str, tuple[str, ...]]) -> set[str]:
    seen, todo = {origin}, [origin]
    while todo:
        for nxt in exits[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def _check_pens(spaces: tuple[Space, ...]) -> None:
    """Pens have a size and a tile position, other spaces neither; each of the 4 positions
    governs exactly two pens (section B)."""
    governed: dict[int, list[str]] = {p: [] for p in range(TILE_POSITIONS)}
    for s in spaces:
        if s.kind == "pen":
            if s.pen_size not in (1, 2):
                raise _Problem(f"pen {s.id!r} has pen_size {s.pen_size!r}; a pen is small (1) or double (2)",
                               ("space", s.id))
            if s.tile_position is None:
                raise _Problem(f"pen {s.id!r} has no tile position (0..{TILE_POSITIONS - 1})", ("space", s.id))
            if s.tile_position not in governed:
                raise _Problem(f"pen {s.id!r} has tile position {s.tile_position!r}; the positions are "
                               f"0..{TILE_POSITIONS - 1}", ("space", s.id))
            pens = governed[s.tile_position]
            pens.append(s.id)
            if len(pens) > PENS_PER_POSITION:
                raise _Problem(f"tile position {s.tile_position} would govern {len(pens)} pens "
                               f"({', '.join(pens)}); each of the 4 positions governs exactly two pens",
                               ("space", s.id))
        elif s.pen_size != 0 or s.tile_position is not None:
            raise _Problem(f"space {s.id!r} is not a pen but has a pen size or a tile position", ("space", s.id))
    for p, pens in governed.items():
        if len(pens) != PENS_PER_POSITION:
            raise _Problem(f"tile position {p} governs {len(pens)} pen(s) ({', '.join(pens) or 'none'}); "
                           f"each of the 4 positions governs exactly two pens", ("key", "spaces"))


# --------------------------------------------------------------------- reading a file
class _Loc:
    """Where a JSON value starts (``line``) and, for an object or array, where its parts are."""

    __slots__ = ("line", "keys", "items")

    def __init__(self, line: int):
        self.line = line
        self.keys: dict[str, tuple[int, _Loc]] = {}
        self.items: list[_Loc] = []


class _Locator:
    """Walks JSON text (already known to parse) and records the line of every value and key,
    so that a check can blame the line of the offending entry. Refuses a key given twice in
    one object (``json`` would silently keep the last)."""

    _decoder = json.JSONDecoder()

    def __init__(self, text: str, path: str):
        self.text = text
        self.path = path
        self.newlines = [i for i, c in enumerate(text) if c == "\n"]

    def line_at(self, i: int) -> int:
        return bisect.bisect_left(self.newlines, i) + 1

    def skip(self, i: int) -> int:
        text = self.text
        while i < len(text) and text[i] in " \t\r\n":
            i += 1
        return i

    def walk(self, i: int) -> tuple[_Loc, int]:
        i = self.skip(i)
        loc = _Loc(self.line_at(i))
        text = self.text
        if text[i] == "{":
            i = self.skip(i + 1)
            if text[i] == "}":
                return loc, i + 1
            while True:
                i = self.skip(i)
                key_line = self.line_at(i)
                key, i = json.decoder.scanstring(text, i + 1)  # type: ignore[attr-defined]
                i = self.skip(i) + 1                            # the colon
                value, i = self.walk(i)
                if key in loc.keys:
                    raise BoardError(self.path, key_line, f"key {key!r} is given twice in one object")
                loc.keys[key] = (key_line, value)
                i = self.skip(i)
                if text[i] == ",":
                    i += 1
                    continue
                return loc, i + 1
        if text[i] == "[":
            i = self.skip(i + 1)
            if text[i] == "]":
                return loc, i + 1
            while True:
                item, i = self.walk(i)
                loc.items.append(item)
                i = self.skip(i)
                if text[i] == ",":
                    i += 1
                    continue
                return loc, i + 1
        _, end = self._decoder.raw_decode(text, i)
        return loc, end


def load_board(name_or_path: str | Path) -> Board:
    """The board of one side, by name (``"animal-market"`` or ``"fairground"``: a file in
    ``data/boards``) or from a board file's path. Refuses a bad file with :class:`BoardError`.

    >>> load_board("fairground").space("raffle-1").label
    'Raffle Booth'
    >>> load_board("moon")
    Traceback (most recent call last):
    ...
    bluffkit.games.bidder_up.board.BoardError: moon: unknown board 'moon'; the boards are animal-market, fairground
    """
    by_name = isinstance(name_or_path, str) and "/" not in name_or_path and "\\" not in name_or_path \
        and not name_or_path.endswith(".json")
    if by_name:
        name = str(name_or_path)
        names = sorted(p.stem for p in BOARDS_DIR.glob("*.json"))
        if not _ID.match(name) or name not in names:
            raise BoardError(name, None, f"unknown board {name!r}; the boards are {', '.join(names)}")
        path = BOARDS_DIR / f"{name}.json"
    else:
        path = Path(name_or_path)
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise BoardError(path, None, f"cannot read the board file: {e.strerror or e}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw[:e.start].count(b"\n") + 1
        raise BoardError(path, line, "the file is not UTF-8 text") from None
    board = parse_board(text, path)
    if by_name and board.name != path.stem:
        raise BoardError(path, _Locator(text, str(path)).walk(0)[0].keys["name"][1].line,
                         f"the board is named {board.name!r} but its file is {path.name!r}")
    return board


@functools.cache
def shipped_board(name: str) -> Board:
    """The board of a shipped side by name, read once per process (a :class:`Board` is
    immutable; a file that fails to load is not remembered, so the next call reads it again).
    For simulations that start many games; :func:`load_board` always reads the file."""
    return load_board(name)


def parse_board(text: str, path: str | Path = "<board>") -> Board:
    """A :class:`Board` from the text of a board file (see :func:`load_board`)."""
    where = str(path)
    if text.startswith("\ufeff"):      # a byte-order mark (Windows Notepad's): read as nothing,
        text = text[1:]                 # as every bluffkit file is (bluffkit.core.jsonread.loads)
    try:
        data = json.loads(text)
        root, _ = _Locator(text, where).walk(0)
    except json.JSONDecodeError as e:
        raise BoardError(where, e.lineno, f"not valid JSON: {e.msg} (column {e.colno})") from None
    except RecursionError:
        raise BoardError(where, None, "the JSON is nested too deeply to be a board") from None
    return _Reader(where, root).board(data)


class _Reader:
    """Checks the decoded file against the format, blaming lines through the locator."""

    def __init__(self, path: str, root: _Loc):
        self.path = path
        self.root = root
        self.space_lines: dict[str, int] = {}

    def fail(self, line: int | None, reason: str) -> BoardError:
        return BoardError(self.path, line, reason)

    def key_line(self, loc: _Loc, key: str) -> int:
        return loc.keys[key][0] if key in loc.keys else loc.line

    def value_line(self, loc: _Loc, key: str) -> int:
        return loc.keys[key][1].line if key in loc.keys else loc.line

    def keys(self, obj: Any, loc: _Loc, required: tuple[str, ...], optional: tuple[str, ...], what: str) -> None:
        if not isinstance(obj, dict):
            raise self.fail(loc.line, f"{what} is a JSON object, got {_kind(obj)}")
        for k in required:
            if k not in obj:
                raise self.fail(loc.line, f"{what} lacks the key {k!r}")
        for k in obj:
            if k not in required and k not in optional:
                raise self.fail(self.key_line(loc, k), f"unknown key {k!r} in {what} "
                                                       f"(allowed: {', '.join(required + optional)})")

    def board(self, data: Any) -> Board:
        root = self.root
        self.keys(data, root, _TOP_REQUIRED, _TOP_OPTIONAL, "the board")
        if data["format"] != FORMAT:
            raise self.fail(self.value_line(root, "format"), f"format is {data['format']!r}, expected {FORMAT!r}")
        if not is_version(data["version"], VERSION):
            raise self.fail(self.value_line(root, "version"), f"version {shown(data['version'])} is not supported "
                                                              f"(this bluffkit reads version {VERSION})")
        name = data["name"]
        if not isinstance(name, str) or not _ID.match(name):
            raise self.fail(self.value_line(root, "name"), f"name is lower-case letters, digits and dashes, "
                                                           f"got {name!r}")
        for key in ("title", "description"):
            if key in data and (not isinstance(data[key], str) or not data[key].strip()):
                raise self.fail(self.value_line(root, key), f"{key} is a non-empty string")
        spaces = self.spaces(data["spaces"], root.keys["spaces"][1])
        ids = {s.id for s in spaces}
        if not isinstance(data["start"], str):
            raise self.fail(self.value_line(root, "start"), f"start is a space id, got {_kind(data['start'])}")
        loop = self.id_list(data["loop"], root.keys["loop"][1], "the loop")
        hill = self.hill(data["hill"], root.keys["hill"][1])
        loop_set = set(loop)
        hill_ends = {end for edge in hill for end in edge}
        spaces = tuple(Space(s.id, s.kind, s.pen_size, s.tile_position,
                             s.id not in loop_set and s.id in hill_ends, s.x, s.y, s.label) for s in spaces)
        try:
            _check_graph(spaces, data["start"], loop, hill)
        except _Problem as p:
            raise self.fail(self.line_of(p.where), p.reason) from None
        first = self.tiles(data, "first_game_tiles", (3, 4))
        two = self.tiles(data, "two_player_tiles", (2,))
        examples = self.example(data, ids, spaces)
        return Board(name, spaces, data["start"], loop, hill, data["title"], first, two, examples)

    def spaces(self, items: Any, loc: _Loc) -> tuple[Space, ...]:
        if not isinstance(items, list) or not items:
            raise self.fail(loc.line, "spaces is a non-empty list of spaces")
        out: list[Space] = []
        seen: set[str] = set()
        for item, iloc in zip(items, loc.items):
            kind = item.get("kind") if isinstance(item, dict) else None
            pen = kind == "pen"
            what = f"space {item['id']!r}" if isinstance(item, dict) and isinstance(item.get("id"), str) else "a space"
            if kind in KINDS and not pen and isinstance(item, dict):
                for key in _PEN_KEYS:
                    if key in item:
                        raise self.fail(self.key_line(iloc, key), f"{what} is of kind {kind!r}, not a pen, "
                                                                  f"but has {key!r}")
            self.keys(item, iloc, _SPACE_KEYS + (_PEN_KEYS if pen else ()), (), what)
            sid = item["id"]
            if not isinstance(sid, str) or not _ID.match(sid):
                raise self.fail(self.value_line(iloc, "id"), f"a space id is lower-case letters, digits and "
                                                             f"dashes, got {sid!r}")
            if sid in seen:
                raise self.fail(iloc.line, f"space id {sid!r} is used twice")
            seen.add(sid)
            self.space_lines[sid] = iloc.line
            if kind not in KINDS:
                raise self.fail(self.value_line(iloc, "kind"), f"space {sid!r} has unknown kind {kind!r}; "
                                                               f"the kinds are {', '.join(KINDS)}")
            coords = []
            for key, top in (("x", WIDTH), ("y", HEIGHT)):
                v = item[key]
                if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or not 0 <= v <= top:
                    raise self.fail(self.value_line(iloc, key), f"space {sid!r}: {key} is a number in 0..{top:g}, "
                                                                f"got {v!r}")
                coords.append(float(v))
            label = item["label"]
            if not isinstance(label, str) or not label.strip():
                raise self.fail(self.value_line(iloc, "label"), f"space {sid!r}: label is a non-empty string")
            size, position = 0, None
            if pen:
                size, position = item["pen_size"], item["tile_position"]
                if isinstance(size, bool) or size not in (1, 2):
                    raise self.fail(self.value_line(iloc, "pen_size"), f"pen {sid!r}: pen_size is 1 (small) or "
                                                                       f"2 (double), got {size!r}")
                if isinstance(position, bool) or not isinstance(position, int) or not 0 <= position < TILE_POSITIONS:
                    raise self.fail(self.value_line(iloc, "tile_position"),
                                    f"pen {sid!r}: tile_position is 0..{TILE_POSITIONS - 1}, got {position!r}")
            out.append(Space(sid, kind, size, position, False, coords[0], coords[1], label))
        try:
            _check_pens(tuple(out))
        except _Problem as p:
            raise self.fail(self.line_of(p.where), p.reason) from None
        return tuple(out)

    def id_list(self, items: Any, loc: _Loc, what: str) -> tuple[str, ...]:
        if not isinstance(items, list):
            raise self.fail(loc.line, f"{what} is a list of space ids, got {_kind(items)}")
        for item, iloc in zip(items, loc.items):
            if not isinstance(item, str):
                raise self.fail(iloc.line, f"{what} lists space ids, got {_kind(item)}")
        return tuple(items)

    def hill(self, items: Any, loc: _Loc) -> tuple[tuple[str, str], ...]:
        if not isinstance(items, list) or not items:
            raise self.fail(loc.line, "hill is a non-empty list of edges, each a pair of space ids")
        out = []
        for item, iloc in zip(items, loc.items):
            if not isinstance(item, list) or len(item) != 2 or not all(isinstance(e, str) for e in item):
                raise self.fail(iloc.line, f"a hill edge is a pair of space ids, got {item!r}")
            out.append((item[0], item[1]))
        return tuple(out)

    def tiles(self, data: dict, key: str, players: tuple[int, ...]) -> tuple[tuple[int, str], ...]:
        if key not in data:
            return ()
        value, loc = data[key], self.root.keys[key][1]
        if not isinstance(value, dict):
            raise self.fail(loc.line, f"{key} maps tile positions to auction formats, got {_kind(value)}")
        out: list[tuple[int, str]] = []
        for pos, fmt in value.items():
            line = loc.keys[pos][0]
            if pos not in {str(p) for p in range(TILE_POSITIONS)}:
                raise self.fail(line, f"{key}: {pos!r} is not a tile position (\"0\"..\"{TILE_POSITIONS - 1}\")")
            if not isinstance(fmt, str) or fmt not in FORMATS or fmt == "classic":
                raise self.fail(line, f"{key}: {fmt!r} is not an auction tile (Classic is printed on the board); "
                                      f"the tiles are {', '.join(f for f in FORMATS if f != 'classic')}")
            low, high = FORMATS[fmt].players
            if not all(low <= n <= high for n in players):
                raise self.fail(line, f"{key}: {FORMATS[fmt].title} is for {low}{f'-{high}' if high != low else ''} players, not "
                                      f"{' and '.join(map(str, players))}")
            if fmt in (f for _, f in out):
                raise self.fail(line, f"{key}: the {FORMATS[fmt].title} tile is laid twice; there is one of each")
            out.append((int(pos), fmt))
        counts = sum(FORMATS[f].pricing == "count" for _, f in out)
        if not 1 <= counts <= 2:
            raise self.fail(loc.line, f"{key}: {counts} Count auctions; lay at least 1 and at most 2 (section B)")
        return tuple(sorted(out))

    def example(self, data: dict, ids: set[str], spaces: tuple[Space, ...]) -> tuple[tuple[str, str], ...]:
        key = "example_annette"
        if key not in data:
            return ()
        value, loc = data[key], self.root.keys[key][1]
        self.keys(value, loc, _EXAMPLE_KEYS, (), key)
        kinds = {s.id: s.kind for s in spaces}
        need = {"goose_pen": "pen", "cow_pen": "pen", "piggy_bank": "piggy-bank"}
        for role in _EXAMPLE_KEYS:
            sid, line = value[role], self.value_line(loc, role)
            if not isinstance(sid, str) or sid not in ids:
                raise self.fail(line, f"{key}: {role} names {sid!r}, which is not a space")
            if role in need and kinds[sid] != need[role]:
                raise self.fail(line, f"{key}: {role} {sid!r} is a {kinds[sid]} space, not a {need[role]}")
        return tuple((role, value[role]) for role in _EXAMPLE_KEYS)

    def line_of(self, where: tuple[str, Any]) -> int | None:
        what, ref = where
        root = self.root
        if what == "key":
            return self.value_line(root, ref)
        if what in ("loop", "hill"):
            items = root.keys[what][1].items
            return items[ref].line if ref < len(items) else root.keys[what][1].line
        return self.space_lines.get(ref)


def _kind(value: Any) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "true or false", type(None): "null",
            int: "a number", float: "a number"}.get(type(value), type(value).__name__)
