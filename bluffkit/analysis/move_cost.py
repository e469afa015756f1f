"""What a move costs on the Bidder Up! board: the notes to reach each space, roll by roll,
and what that costs on average before the die is rolled. Section letters are those of
docs/bidder-up.md (the rulebook, seed 001, ordered in BIDDER-UP.md).

The rule (section C): "The 1st space more or fewer per turn costs 1 note, the 2nd space
more or fewer costs an additional 2 notes, the 3rd space costs an additional 3 notes, and
so on"; "For 2 spaces more or fewer, the player would have to pay 1 + 2 = 3 notes". A
change of k spaces costs 1 + 2 + ... + k = k(k + 1)/2 notes (:func:`step_cost_formula`),
counted by number, not value. The die's faces are the game's option ``die_faces`` (1, 2, 3:
the reading of section L2), each equally likely.

- :func:`move_costs`: for one roll, every space the mover can end on, with the steps, the
  change and the notes of the cheapest way (the board's :meth:`Board.reachable`);
- :func:`reach_costs`: before the roll, per space, the notes for each face of the die, the
  expected notes and the chance of getting there for free;
- :func:`expected_cost`: the expected notes to reach one space, an exact fraction.

>>> expected_cost("animal-market", "start", "pen-2")     # the cow of Annette's example
Fraction(2, 3)
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

import pandas as pd
import sympy as sp

from bluffkit.core.errors import as_int, quote
from bluffkit.core.game import make_game
from bluffkit.games.bidder_up.board import Board, cost_of_change, shipped_board


def step_cost_formula() -> sp.Expr:
    """The notes for a change of k spaces, 1 + 2 + ... + k, summed by sympy (section C).

    >>> step_cost_formula()
    k*(k + 1)/2
    >>> f = step_cost_formula(); (k,) = f.free_symbols
    >>> [f.subs(k, n) for n in range(5)]
    [0, 1, 3, 6, 10]
    """
    i, k = sp.symbols("i k", integer=True, nonnegative=True)
    return sp.factor(sp.summation(i, (i, 1, k)))


def die_faces(board: str = "animal-market") -> tuple[int, ...]:
    """The faces of the die, the game's option ``die_faces`` (section L2: 1, 2, 3)."""
    return tuple(make_game("bidder-up", board=board).rules.die_faces)


def _board(board: str | Board) -> Board:
    if isinstance(board, Board):
        return board
    if not isinstance(board, str):
        raise ValueError(f"board must be a board name ('animal-market', 'fairground') or a Board, got {board!r}")
    return shipped_board(board)


def _faces(board: str | Board, faces) -> tuple[int, ...]:
    if faces is None:
        return die_faces(board if isinstance(board, str) else "animal-market")
    if not isinstance(faces, Iterable) or isinstance(faces, (str, bytes)):
        raise ValueError(f"faces must be a list of whole numbers >= 1 (the die's faces), e.g. [1, 2, 3], "
                         f"got {quote(faces)}")
    faces = tuple(as_int(f) for f in faces)
    if not faces or any(isinstance(f, bool) or not isinstance(f, int) or f < 1 for f in faces):
        raise ValueError(f"faces must be whole numbers >= 1 (the die's faces), got {faces!r}")
    return faces


def move_costs(board: str | Board, position: str, roll: int, budget_notes: int | None = None) -> pd.DataFrame:
    """Every space a pawn on ``position`` can end on after rolling ``roll`` (section C), one
    row each, cheapest first: ``space``, ``label`` (the board's words), ``kind``, ``steps``,
    ``change`` (spaces more or fewer than rolled), ``notes`` (k(k + 1)/2 for a change of k).
    ``budget_notes``: the notes the mover holds (their number), ``None`` for no cap. ``roll``
    and ``budget_notes`` are whole numbers (numpy's too).

    >>> move_costs("animal-market", "start", 1, budget_notes=1)[["space", "notes"]].values.tolist()
    [['hill-west', 0], ['pen-1', 0], ['hilltop', 1], ['pen-2', 1]]
    """
    b = _board(board)
    roll = as_int(roll)
    rows = []
    for sid, (steps, notes) in b.reachable(position, roll, as_int(budget_notes)).items():
        s = b.space(sid)
        change = abs(steps - roll)
        assert cost_of_change(change) == notes
        rows.append({"space": sid, "label": s.label, "kind": s.kind, "steps": steps, "change": change,
                     "notes": notes})
    df = pd.DataFrame(rows, columns=["space", "label", "kind", "steps", "change", "notes"])
    return df.sort_values(["notes", "space"], kind="stable").reset_index(drop=True)


def reach_costs(board: str | Board, position: str, faces=None, budget_notes: int | None = None) -> pd.DataFrame:
    """Before the roll: for every space of the board but ``position``, the notes of the
    cheapest move there for each face of the die (columns ``roll 1``, ``roll 2``, ...; ``None``
    where the budget cannot pay it), ``expected`` (the mean over equally likely faces, a
    Fraction; ``None`` if some face cannot reach it), ``free`` (the chance of reaching it for
    no notes, a Fraction) and ``worst`` (the most notes any face needs). Rows in the board's
    loop order, then the hill. ``faces``: default the game's die (1, 2, 3).

    >>> t = reach_costs("animal-market", "start").set_index("space")
    >>> t.loc["pen-2", ["roll 1", "roll 2", "roll 3", "expected"]].tolist()
    [1, 0, 1, Fraction(2, 3)]
    """
    b = _board(board)
    faces = _faces(board, faces)
    budget_notes = as_int(budget_notes)
    by_face = {f: b.reachable(position, f, budget_notes) for f in faces}
    hill = [s.id for s in b.spaces if s.id not in b.loop]
    rows = []
    for sid in list(b.loop) + hill:
        if sid == position:
            continue
        costs = [by_face[f][sid][1] if sid in by_face[f] else None for f in faces]
        known = [c for c in costs if c is not None]
        s = b.space(sid)
        rows.append({"space": sid, "label": s.label, "kind": s.kind,
                     **{f"roll {f}": c for f, c in zip(faces, costs)},
                     "expected": Fraction(sum(known), len(faces)) if len(known) == len(faces) else None,
                     "free": Fraction(sum(c == 0 for c in known), len(faces)),
                     "worst": max(known) if len(known) == len(faces) else None})
    return pd.DataFrame(rows, dtype=object)


def expected_cost(board: str | Board, position: str, target: str, faces=None,
                  budget_notes: int | None = None) -> Fraction:
    """The expected notes (section C) of the cheapest move from ``position`` to ``target``
    over the faces of the die, equally likely: an exact Fraction. ``ValueError`` if some
    face cannot reach ``target`` (within ``budget_notes``).

    >>> expected_cost("animal-market", "start", "pen-3")
    Fraction(19, 3)
    """
    b = _board(board)
    b.space(target)
    if target == position:
        raise ValueError(f"{target!r} is where the pawn stands: stopping in place is not allowed (section C)")
    row = reach_costs(b, position, _faces(board, faces), budget_notes).set_index("space").loc[target]
    if row["expected"] is None:
        raise ValueError(f"{target!r} cannot be reached from {position!r} on every roll"
                         + (f" with {budget_notes} notes" if budget_notes is not None else ""))
    return row["expected"]
