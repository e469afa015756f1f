"""The scenario player's Step box. The slider's readout was typed in the browser, which read
it itself: "1e3" and "1,000" went to step 1, "1.5" to step 1, and "99" to the last step,
without a word. The readout is gone; beside the slider a text box the player reads as the
bid box reads an amount goes to the step typed, or keeps the step shown and says why not."""

from __future__ import annotations

import pytest

from bluffkit.widgets import ScenarioPlayer
from bluffkit.widgets.scenario_player import PROJECTOR_CSS


@pytest.fixture(scope="module")
def player():
    return ScenarioPlayer("ht-cant-pay")             # steps 0 to 11


def test_the_slider_has_no_readout_to_type_in_and_the_box_is_where_it_was(player):
    assert player.step.readout is False, "the browser reads a typed readout itself: '1e3' is 1"
    row = next(w for w in player.children if "bk-sp-step" in w._dom_classes)
    assert row is player.step_row and row.children[:2] == (player.step, player.step_box)
    assert ".bk-sp-step" in PROJECTOR_CSS, "left out on the projector, as the slider was"


@pytest.mark.parametrize("typed, step", [("7", 7), ("1e1", 10), (" 4 ", 4), ("+2", 2), ("0", 0), ("11", 11),
                                         ("1.1e1", 11)])
def test_a_step_typed_is_shown(player, typed, step):
    player.go(3)
    player.step_box.value = typed
    assert player.step.value == step and player.step_box.value == str(step) and player.step_note.value == ""
    assert f"Step {step} of 11" in player.narration.value or step == 0


@pytest.mark.parametrize("typed, words", [
    ("1e3", "Step: '1e3' (1,000) is past the last step: this example has steps 0 to 11."),
    ("1,000", "Step: '1,000' is past the last step: this example has steps 0 to 11."),
    ("99", "Step: '99' is past the last step: this example has steps 0 to 11."),
    ("12", "Step: '12' is past the last step: this example has steps 0 to 11."),
    ("-1", "Step: '-1' is before the start: this example has steps 0 to 11."),
    ("1.5", "Step: '1.5' is no step: type a whole number from 0 to 11."),
    ("seven", "Step: 'seven' is no step: type a whole number from 0 to 11."),
    ("1.000", "Step: '1.000' may be 1 or 1,000; this example has steps 0 to 11: write 1."),
    ("", "Step: type a step from 0 to 11, then press Enter."),
])
def test_a_step_refused_is_said_and_changes_nothing(player, typed, words):
    player.go(3)
    before = player.narration.value
    player.step_box.value = typed
    assert player.step.value == 3 and player.narration.value == before, "the step shown stays"
    assert player.step_box.value == typed, "what was typed stays in the box, beside its reason"
    assert words.replace("'", "&#x27;") in player.step_note.value and "role='alert'" in player.step_note.value


def test_the_box_follows_the_step_and_a_refusal_goes_with_it(player):
    player.go(3)
    player.step_box.value = "1e3"
    assert player.step_note.value
    player.next.click()
    assert (player.step.value, player.step_box.value, player.step_note.value) == (4, "4", "")
    player.step_box.value = "x"
    player.load("bloff-anne-calls-david")              # steps 0 to 14, at step 0 again
    assert (player.step_box.value, player.step_note.value) == ("0", "")
    assert player.step_box.tooltip == "type a step, 0 to 14, and press Enter"
    player.step_box.value = "14"
    assert player.step.value == 14
    player.load("ht-cant-pay")
