"""What a move costs on the Bidder Up! board (bluffkit.analysis.move_cost).

The numbers come from the rulebook's section C: "For 2 spaces more or fewer, the player would
have to pay 1 + 2 = 3 notes", and Annette's example (a roll of 1 reaches the goose or the
Piggy Bank in the middle; 1 note more reaches the cow; never counterclockwise). The expected
costs are checked against a brute force over the board's paths (Board.destinations), not
against the module's own use of Board.reachable.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy as sp

from bluffkit.analysis import move_cost as mc
from bluffkit.games.bidder_up.board import shipped_board


def test_the_step_cost_is_the_sum_one_to_k():
    f = mc.step_cost_formula()
    (k,) = f.free_symbols
    assert sp.simplify(f - k * (k + 1) / 2) == 0
    assert f.subs(k, 2) == 1 + 2 == 3                     # "1 + 2 = 3 notes"
    assert [f.subs(k, n) for n in range(1, 5)] == [1, 3, 6, 10]


def test_annettes_roll_of_one():
    am = shipped_board("animal-market")
    goose, cow = am.example("goose_pen"), am.example("cow_pen")
    middle, red = am.example("piggy_bank"), am.example("counterclockwise")
    free = mc.move_costs("animal-market", "start", 1, budget_notes=0)
    assert set(free["space"]) == {goose, middle}
    one = mc.move_costs("animal-market", "start", 1, budget_notes=1).set_index("space")
    assert one.loc[cow, ["steps", "change", "notes"]].tolist() == [2, 1, 1]
    assert red not in one.index                            # never counterclockwise
    assert list(mc.move_costs("animal-market", "start", 1, budget_notes=1)["notes"]) == sorted(one["notes"])


def test_two_more_spaces_cost_three_notes():
    row = mc.move_costs("animal-market", "start", 1).set_index("space").loc["trade-1"]
    assert (row["steps"], row["change"], row["notes"]) == (3, 2, 3)
    row = mc.move_costs("animal-market", "start", 3).set_index("space").loc["pen-1"]
    assert (row["steps"], row["change"], row["notes"]) == (1, 2, 3)  # 2 fewer costs the same


def brute_expected(board, position, target, faces):
    b = shipped_board(board)
    total = 0
    for roll in faces:
        costs = [sum(range(1, abs(steps - roll) + 1)) for steps in range(1, len(b.spaces))
                 if target in b.destinations(position, steps)]
        total += min(costs)
    return Fraction(total, len(faces))


@pytest.mark.parametrize("board,position", [("animal-market", "start"), ("animal-market", "hilltop"),
                                            ("fairground", "trade-2")])
def test_expected_costs_agree_with_a_brute_force(board, position):
    table = mc.reach_costs(board, position)
    assert position not in set(table["space"])
    assert len(table) == len(shipped_board(board).spaces) - 1
    for row in table.itertuples(index=False):
        assert row.expected == brute_expected(board, position, row.space, (1, 2, 3))
        assert row.free == Fraction(sum(getattr(row, f"_{3 + i}") == 0 for i in range(3)), 3)
    assert mc.expected_cost(board, position, table["space"].iloc[0]) == table["expected"].iloc[0]


def test_the_die_and_other_faces():
    assert mc.die_faces() == (1, 2, 3)
    t = mc.reach_costs("animal-market", "start", faces=[2]).set_index("space")
    assert [c for c in t.columns if c.startswith("roll")] == ["roll 2"]
    assert t.loc["pen-2", "expected"] == 0 and t.loc["pen-2", "free"] == 1
    assert mc.expected_cost("animal-market", "start", "pen-3") == Fraction(10 + 6 + 3, 3)


def test_reach_costs_from_the_start_by_hand():
    """Pen 1 is one step clockwise from the start and no other path reaches it (the loop runs
    one way and the start is not passed again): rolls 1, 2, 3 cost 0, 1 (one fewer) and 1 + 2 = 3
    notes (two fewer). With 1 note the roll of 3 cannot pay, so one face in three is free
    (not one in the two that can pay) and no worst case exists. Pen 3 is 5 steps away, round
    the loop or over the hill and north: rolls 1, 2, 3 are 4, 3, 2 short, 10, 6 and 3 notes,
    so the worst is 1 + 2 + 3 + 4 = 10."""
    capped = mc.reach_costs("animal-market", "start", budget_notes=1).set_index("space")
    assert capped.loc["pen-1", ["roll 1", "roll 2", "roll 3"]].tolist() == [0, 1, None]
    assert capped.loc["pen-1", "free"] == Fraction(1, 3) and capped.loc["pen-1", "worst"] is None
    full = mc.reach_costs("animal-market", "start").set_index("space")
    assert full.loc["pen-3", ["roll 1", "roll 2", "roll 3"]].tolist() == [10, 6, 3]
    assert full.loc["pen-3", "worst"] == 10 and full.loc["pen-1", "worst"] == 3


def test_reach_costs_rows_go_round_the_loop_then_over_the_hill():
    """The docstring's order: the loop clockwise from the start (data/boards/animal-market.json),
    then the five hill spaces, which are on no loop."""
    t = mc.reach_costs("animal-market", "start")
    assert t["space"].tolist()[:15] == ["pen-1", "pen-2", "trade-1", "trade-2", "pen-3", "pen-4", "piggy-1",
                                        "trade-3", "pen-5", "pen-6", "trade-4", "trade-5", "pen-7", "pen-8",
                                        "piggy-2"]
    assert set(t["space"].tolist()[15:]) == {"hill-west", "hill-north", "hilltop", "hill-east", "hill-south"}


def test_a_budget_and_bad_input():
    t = mc.reach_costs("animal-market", "start", budget_notes=1).set_index("space")
    assert t.loc["pen-3", "expected"] is None and t.loc["pen-3", "roll 1"] is None
    with pytest.raises(ValueError, match="cannot be reached"):
        mc.expected_cost("animal-market", "start", "pen-3", budget_notes=5)
    with pytest.raises(ValueError, match="stopping in place"):
        mc.expected_cost("animal-market", "start", "start")
    with pytest.raises(ValueError, match="faces"):
        mc.reach_costs("animal-market", "start", faces=[0, 1])
    with pytest.raises(ValueError, match="board"):
        mc.reach_costs(3, "start")
    with pytest.raises(KeyError):
        mc.move_costs("animal-market", "nowhere", 1)


def test_a_target_out_of_reach_of_the_budget_names_the_budget():
    # from the start, pen-3 on a roll of 1 costs 10 notes (section C): 5 notes cannot pay it
    with pytest.raises(ValueError, match=r"^'pen-3' cannot be reached from 'start' on every roll with 5 notes$"):
        mc.expected_cost("animal-market", "start", "pen-3", budget_notes=5)
