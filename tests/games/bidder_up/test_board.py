"""The Bidder Up! boards' geometry and movement (BIDDER-UP.md sections B and C).

Expected sets come from the rulebook's example (Annette, section C) and from a second,
independent reading of the movement rule: every walk over the board drawn with its loop
edges both ways, kept only when it goes clockwise on the loop and never comes back to a
space, compared with what :meth:`Board.destinations` builds step by step.
"""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st
from strategies import FAST

from bluffkit.games.bidder_up.board import (
    BOARD_NAMES,
    Board,
    BoardError,
    Space,
    UnknownSpace,
    cost_of_change,
    load_board,
)

BOARDS = {name: load_board(name) for name in BOARD_NAMES}
AM = BOARDS["animal-market"]


def _clockwise_pairs(board: Board) -> set[tuple[str, str]]:
    n = len(board.loop)
    return {(board.loop[i], board.loop[(i + 1) % n]) for i in range(n)}


def _reference_destinations(board: Board, position: str, steps: int) -> set[str]:
    """The movement rule read as a filter: walk anywhere along the drawn lines (loop either
    way, hill either way), keep the walks that are clockwise on the loop and never visit a
    space twice."""
    lines: dict[str, set[str]] = {s.id: set() for s in board.spaces}
    for a, b in _clockwise_pairs(board) | set(board.hill_edges):
        lines[a].add(b)
        lines[b].add(a)
    clockwise = _clockwise_pairs(board)
    loop = set(board.loop)
    ends: set[str] = set()
    walks = [[position]]
    for _ in range(steps):
        walks = [w + [n] for w in walks for n in sorted(lines[w[-1]])]
    for w in walks:
        loop_steps_ok = all((a, b) in clockwise for a, b in zip(w, w[1:])
                            if a in loop and b in loop)
        if loop_steps_ok and len(set(w)) == len(w):
            ends.add(w[-1])
    return ends


# ------------------------------------------------------------------ the files' shape
@pytest.mark.parametrize("name", BOARD_NAMES)
def test_both_sides_load_with_eight_pens_under_four_tile_positions(name):
    board = BOARDS[name]
    assert board.name == name
    assert len(board.pens()) == 8, "section B: 4 tile positions, each governing two pens"
    for p in range(4):
        pens = board.pens_of_position(p)
        assert len(pens) == 2, f"tile position {p} governs {[s.id for s in pens]}"
    assert {s.pen_size for s in board.pens()} == {1, 2}, "small and double pens"
    assert board.start in board.loop
    assert len(board.junctions) == 4, "the hill cross meets the loop at 4 junctions"
    assert all(s.on_hill == (s.id not in board.loop) for s in board.spaces)
    assert board.of_kind("horse-trade") and board.of_kind("piggy-bank")


def test_the_fairground_has_market_and_raffle_spaces_and_a_raffle_booth_next_to_the_start():
    fg = BOARDS["fairground"]
    assert fg.of_kind("market") and fg.of_kind("raffle")
    assert fg.space(fg.loop[1]).kind == "raffle", "setup: 'a raffle booth next to the start space'"
    assert not AM.of_kind("market") and not AM.of_kind("raffle"), "market and raffle are Fairground only"


def test_first_game_tiles_follow_section_b_and_two_players_section_j():
    assert set(AM.first_game_tiles(3).values()) == {"dutch", "cat-in-the-bag"}, "two tiles, Classic twice"
    assert set(BOARDS["fairground"].first_game_tiles(4).values()) == {"dutch", "cat-in-the-bag", "secret-value"}
    for board in BOARDS.values():
        assert set(board.first_game_tiles(2).values()) == {"cat-in-the-bag", "number-call", "the-call"}
        assert len(board.first_game_tiles(2)) == 3, "Classic on the unassigned position"
    with pytest.raises(ValueError, match="2 to 4 players"):
        AM.first_game_tiles(5)


# ------------------------------------------------------------------ Annette's example (section C)
def test_annette_roll_of_one_reaches_the_goose_or_the_piggy_bank_in_the_middle():
    start, goose, cow = AM.example("start"), AM.example("goose_pen"), AM.example("cow_pen")
    piggy, red = AM.example("piggy_bank"), AM.example("counterclockwise")
    assert AM.space(goose).kind == "pen" and AM.space(cow).kind == "pen"
    assert AM.space(piggy).kind == "piggy-bank" and AM.space(piggy).on_hill, "the piggy bank in the middle"
    assert AM.destinations(start, 1) == {goose, piggy}
    assert red not in AM.destinations(start, 1), "moving to the red space would be counterclockwise"
    assert AM.exits(red)[0] == start, "the red space is the one just counterclockwise of Annette"
    free = AM.reachable(start, 1, budget_notes=0)
    assert set(free) == {goose, piggy} and cow not in free
    paid = AM.reachable(start, 1, budget_notes=1)
    assert paid[cow] == (2, 1), "1 note moves her 1 space more, to the cow"
    assert paid[goose] == (1, 0) and paid[piggy] == (1, 0)
    assert AM.example("start") == AM.start, "playable from the first turn"


def test_annette_cannot_buy_a_standstill():
    # roll 1 minus 1 space would be 0 spaces: "Stopping in place is not allowed."
    assert AM.destinations(AM.start, 0) == frozenset()
    assert all(steps >= 1 for steps, _ in AM.reachable(AM.start, 1, budget_notes=10).values())
    assert AM.start not in AM.reachable(AM.start, 1, budget_notes=45)


# ------------------------------------------------------------------ direction rules
@pytest.mark.parametrize("name", BOARD_NAMES)
def test_the_loop_is_only_walked_clockwise(name):
    board = BOARDS[name]
    clockwise = _clockwise_pairs(board)
    counter = {(b, a) for a, b in clockwise}
    loop = set(board.loop)
    for position in board.loop:
        for steps in range(1, 9):
            for dest in board.destinations(position, steps):
                path = board.path(position, steps, dest)
                for a, b in zip(path, path[1:]):
                    if a in loop and b in loop:
                        assert (a, b) not in counter, f"{path} walks {a}->{b} counterclockwise"
        # the loop neighbour behind is never one step away
        behind = board.loop[board.loop.index(position) - 1]
        assert behind not in board.destinations(position, 1)


def test_the_hill_goes_any_way_but_never_forward_and_back():
    # from the start: over the hill to the three other arms, or along the loop; never back to hill-west
    assert AM.destinations("start", 3) == {"hill-north", "hill-east", "hill-south", "trade-1"}
    # from the hilltop any arm, down to the junctions; never the hilltop itself
    assert AM.destinations("hilltop", 2) == {"start", "trade-2", "trade-3", "trade-5"}
    # down an arm onto the loop, then clockwise only
    assert AM.destinations("hill-north", 2) == {"pen-3", "hill-west", "hill-east", "hill-south"}
    for board in BOARDS.values():
        for s in board.spaces:
            for steps in range(1, 10):
                assert s.id not in board.destinations(s.id, steps), f"{s.id} back to itself in {steps}"


@pytest.mark.parametrize("name", BOARD_NAMES)
def test_destinations_match_the_rule_read_as_a_filter_over_all_walks(name):
    board = BOARDS[name]
    for s in board.spaces:
        for steps in range(1, 7):
            assert board.destinations(s.id, steps) == _reference_destinations(board, s.id, steps), (s.id, steps)


@pytest.mark.parametrize("name", BOARD_NAMES)
def test_every_space_can_be_reached_from_the_start(name):
    board = BOARDS[name]
    reached = set().union(*(board.destinations(board.start, k) for k in range(1, len(board.spaces))))
    assert reached == {s.id for s in board.spaces} - {board.start}
    assert any(board.start in board.destinations(s.id, 1) for s in board.spaces), "and the start is reached again"


# ------------------------------------------------------------------ cost of changing the roll
def test_cost_table_is_one_three_six_ten():
    assert [cost_of_change(k) for k in range(0, 5)] == [0, 1, 3, 6, 10]
    assert cost_of_change(2) == 1 + 2, "section C: 2 spaces more or fewer cost 1 + 2 = 3 notes"
    for bad in (-1, 1.5, True, "2"):
        with pytest.raises(ValueError):
            cost_of_change(bad)


def test_budget_caps_the_change():
    for budget, change in ((0, 0), (1, 1), (2, 1), (3, 2), (5, 2), (6, 3), (10, 4)):
        costs = {cost for _, cost in AM.reachable("trade-1", 2, budget_notes=budget).values()}
        assert max(costs) <= budget
        steps = {s for s, _ in AM.reachable("trade-1", 2, budget_notes=budget).values()}
        assert max(abs(s - 2) for s in steps) <= change
    assert set(AM.reachable("trade-1", 2, budget_notes=3)) >= {"pen-3", "hill-north", "trade-2", "piggy-1"}
    assert AM.reachable("trade-1", 2, budget_notes=3)["piggy-1"] == (4, 3), "2 more spaces: 3 notes"
    assert AM.reachable("trade-1", 3, max_change=0) == {d: (3, 0) for d in AM.destinations("trade-1", 3)}


def test_bad_movement_arguments_are_refused():
    with pytest.raises(UnknownSpace, match="no space 'moon'"):
        AM.destinations("moon", 1)
    with pytest.raises(KeyError):
        AM.space("moon")
    for bad in (0, -1, True, 1.0):
        with pytest.raises(ValueError, match="roll"):
            AM.reachable("start", bad)
    with pytest.raises(ValueError, match="budget_notes"):
        AM.reachable("start", 1, budget_notes=-1)
    with pytest.raises(ValueError, match="steps"):
        AM.destinations("start", -1)
    with pytest.raises(ValueError, match="tile position"):
        AM.pens_of_position(4)


@FAST
@given(name=st.sampled_from(BOARD_NAMES), data=st.data(), roll=st.integers(1, 6),
       budget=st.integers(0, 50) | st.none())
def test_each_destination_costs_the_triangle_of_its_smallest_change(name, data, roll, budget):
    board = BOARDS[name]
    position = data.draw(st.sampled_from([s.id for s in board.spaces]))
    got = board.reachable(position, roll, budget_notes=budget)
    longest = len(board.spaces)
    for dest in {s.id for s in board.spaces}:
        changes = [abs(steps - roll) for steps in range(1, longest) if dest in board.destinations(position, steps)]
        affordable = [k for k in changes if budget is None or k * (k + 1) // 2 <= budget]
        if not affordable:
            assert dest not in got, f"{dest} listed though no change within {budget} notes reaches it"
            continue
        k = min(affordable)
        steps, cost = got[dest]
        assert cost == k * (k + 1) // 2, (dest, steps, cost, k)
        assert abs(steps - roll) == k and steps >= 1
        assert dest in board.destinations(position, steps)


def test_a_board_made_by_hand_is_checked_too():
    spaces = (Space("a", "start", 0, None, False, 0, 0, "A"), Space("b", "horse-trade", 0, None, False, 1, 1, "B"))
    with pytest.raises(BoardError) as info:
        Board("tiny", spaces, "a", ("a", "b"), ())
    assert info.value.line is None and "at least 3" in info.value.reason


def _no_straight_back(board: Board, position: str, steps: int) -> set[str]:
    """The looser reading of "may not move forward and then backward in the same turn": only the
    step just made may not be undone; a path may come round to a space again (but not end where
    it began)."""
    ends: set[str] = set()
    walks = [(None, position)]
    for _ in range(steps):
        walks = [(here, nxt) for prev, here in walks for nxt in board.exits(here) if nxt != prev]
    ends = {here for _, here in walks}
    ends.discard(position)
    return ends


@pytest.mark.parametrize("name, agree_up_to", [("animal-market", 8), ("fairground", 9)])
def test_the_two_readings_of_forward_and_back_differ_only_on_long_moves(name, agree_up_to):
    # docs/bidder-up-board.md: "the same destinations for every move of up to 8 steps on the
    # Animal Market and 9 on the Fairground"
    board = BOARDS[name]
    for steps in range(1, agree_up_to + 1):
        for s in board.spaces:
            assert board.destinations(s.id, steps) == _no_straight_back(board, s.id, steps), (s.id, steps)
    assert any(board.destinations(s.id, agree_up_to + 1) != _no_straight_back(board, s.id, agree_up_to + 1)
               for s in board.spaces)
    assert cost_of_change(agree_up_to + 1 - 3) >= 21, "a longer move costs at least 21 notes after a roll of 3"
