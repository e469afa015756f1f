"""The scenario player switched to another example while it shows one seat's view."""

from __future__ import annotations

from bluffkit.widgets.scenario_player import ScenarioPlayer


def test_choosing_another_example_from_a_seats_view_starts_it_in_the_all_seeing_view():
    """It used to redraw the new example with the old seat (seat 3 of a 3-seat example:
    RulesError) and keep the old slider and names; each later click failed unseen."""
    p = ScenarioPlayer("bu-second-hand-cow-sell")
    p.viewer.value = 3
    p.next.click()
    p.choose.value = "bu-classic-horse-120-sell"
    seats = p.scenario.seats
    assert len(seats) == 3 and p.viewer.value == -1 and p.step.value == 0
    assert [label for label, _ in p.viewer.options] == ["all-seeing"] + [f"{s}'s view" for s in seats]
    assert p.step.max == len(p.scenario.moves)
    p.next.click()
    assert p.step.value == 1 and f"Step 1 of {len(p.result.narration)}" in p.narration.value
    p.viewer.value = 2                  # the new example's last seat, to its end
    p.go(p.step.max)
    assert p.step.value == p.step.max and p.table.value
