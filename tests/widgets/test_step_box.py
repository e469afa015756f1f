"""The Step row the scenario player and the replay viewer share (bluffkit.widgets.step_box):
a slider without the readout the browser read itself, and a box read as the bid box reads an
amount, with a refusal in words. A replayed game may have 17,000 steps: its numbers are
written with thousands' commas, and typed with or without them."""

from __future__ import annotations

import pytest

from bluffkit.widgets.step_box import StepRow, step_words


@pytest.fixture()
def row():
    r = StepRow(whose="this game", tooltip="the step of the game shown")
    r.slider.max = 17287
    return r


@pytest.mark.parametrize("typed, step", [("17,287", 17287), ("17287", 17287), ("1,000", 1000), ("1e4", 10000),
                                         ("1.5e3", 1500)])
def test_a_long_games_step_is_read_with_or_without_commas(row, typed, step):
    row.box.value = typed
    assert row.slider.value == step and row.box.value == str(step) and row.note.value == ""


def test_a_long_games_steps_are_named_with_commas(row):
    assert row.box.tooltip == "type a step, 0 to 17,287, and press Enter"
    assert step_words("20,000", 17287, "this game") == \
        "Step: '20,000' is past the last step: this game has steps 0 to 17,287."
    assert step_words("2e4", 17287, "this game") == \
        "Step: '2e4' (20,000) is past the last step: this game has steps 0 to 17,287."
    assert step_words("x", 17287, "this game") == "Step: 'x' is no step: type a whole number from 0 to 17,287."


def test_a_panel_with_nothing_to_step_through_says_so_for_anything_typed(row):
    row.refuse = "Step: nothing to step through yet."
    row.box.value = "3"
    assert row.slider.value == 0 and "nothing to step through yet" in row.note.value
    row.refuse = ""
    row.box.value = "4"
    assert row.slider.value == 4 and row.note.value == ""


@pytest.mark.parametrize("typed, words", [
    ("1.000\u200b", "Step: '1.000' may be 1 or 1,000; this example has steps 0 to 11: write 1."),
    ("\u200b", "Step: type a step from 0 to 11, then press Enter."),
    ("\u00a07\u00a0", ""),
])
def test_the_step_box_reads_the_text_as_it_shows(typed, words):
    """What shows as nothing is left out before the box's words are chosen: "1.000" with a
    zero-width space after it was "no step", an invisible character alone "no step"."""
    assert step_words(typed, 11, "this example") == words
