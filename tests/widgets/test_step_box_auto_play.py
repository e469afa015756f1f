"""The Step box while Auto-play runs, in the scenario player and the replay viewer. Auto-play's
timer runs in the browser, and the box's text is the browser's until Enter (or leaving the box)
sends it: each tick wrote the step into the box, over a step half typed ("12" typed across a
tick became "92", then the next step), and a step typed and sent was passed over by the next
tick. Now the box is left empty while Auto-play runs, and a step typed pauses it there."""

from __future__ import annotations

import pytest

from bluffkit.core.game import make_game
from bluffkit.session import Session
from bluffkit.widgets import ReplayViewer, ScenarioPlayer
from bluffkit.widgets.step_box import GO_TO


@pytest.fixture(scope="module")
def game():
    return Session(make_game("horse-trading"), ["random"] * 3, seed=4).run()      # steps 0 to 408


@pytest.fixture(params=["scenario-player", "replay-viewer"])
def panel(request, game):
    p = ScenarioPlayer("ht-cant-pay") if request.param == "scenario-player" else ReplayViewer(game)
    p.step.value = 3
    return p


def tick(panel) -> None:
    """Auto-play's tick, as the browser sends it: the slider one step on."""
    panel.step.value += 1


def test_while_auto_play_runs_its_ticks_leave_the_box_alone(panel):
    panel.play.button.value = True                     # (Auto-play pressed)
    assert panel.step_box.value == "" and panel.step_box.placeholder == GO_TO
    sent = []
    panel.step_box.observe(lambda ch: sent.append(ch["new"]), names=["value", "tooltip", "placeholder"])
    tick(panel)
    tick(panel)
    assert panel.step.value == 5 and sent == [], "a tick wrote into the box, over a step being typed"
    assert panel.step.description == "Step 5", "the step's number, beside the slider"
    panel.play.button.value = False                    # (Pause)
    assert panel.step_box.value == "5" and not panel.play.playing and panel.step.description == "Step"


def test_auto_play_stopping_at_the_last_step_shows_it_in_the_box(panel):
    panel.play.button.value = True
    panel.step.value = panel.step.max
    panel.play.playing = False                         # (the browser's timer stops there)
    assert panel.step_box.value == str(panel.step.max) and panel.play.button.description == "Auto-play"


@pytest.mark.parametrize("typed, step", [("7", 7), ("1e1", 10), ("4", 4)])
def test_a_step_typed_while_auto_play_runs_pauses_it_there(panel, typed, step):
    panel.play.button.value = True
    tick(panel)
    panel.step_box.value = typed                       # (Enter, or leaving the box)
    assert not panel.play.playing and not panel.play.button.value and panel.play.button.description == "Auto-play"
    assert panel.step.description == "Step"
    assert (panel.step.value, panel.play.value, panel.step_box.value, panel.step_note.value) == (step, step, typed
                                                                                                if typed == str(step)
                                                                                                else str(step), "")


def test_a_step_refused_while_auto_play_runs_pauses_it_and_stays_said(panel):
    panel.play.button.value = True
    tick(panel)
    panel.step_box.value = "1e3"
    assert not panel.play.playing and panel.step.value == 4, "the step shown stays"
    assert panel.step_box.value == "1e3" and "&#x27;1e3&#x27; (1,000) is past the last step" in panel.step_note.value
    assert panel.step.description == "Step"
    panel.play.button.value = True                     # Auto-play again: the refusal is old
    assert panel.step_note.value == "" and panel.step_box.value == ""


def test_a_tick_sent_before_the_pause_passes_over_no_step_typed(panel):
    """The browser's timer may tick after Enter sent a step and before the pause reaches it:
    that tick came to the kernel after the step typed, and the step shown moved on past it
    (two times in eight in Chromium at 0.8 s a step). Only a tick while Auto-play runs moves
    the slider; a late one puts the Play back at the step shown, where it goes on from."""
    panel.play.button.value = True
    panel.play.value = 4                               # (a tick: the Play's value, from the browser)
    assert panel.step.value == 4 and panel.step_box.value == ""
    panel.step_box.value = "9"
    panel.play.value = 5                               # (the late tick)
    assert (panel.step.value, panel.play.value, panel.step_box.value) == (9, 9, "9")
    assert not panel.play.playing


def test_a_drag_across_a_long_log_sends_its_step_once_let_go(game):
    """Sent at every step it passed, a drag across a log of 630 steps drew some 65 of them on
    the way, and the browser, busy drawing, followed the mouse three to four times slower.
    The rulebook's examples have 20 steps at most, each a move to talk about: drawn as the thumb reaches it
    (a longer example of one's own: see test_scenario_player)."""
    assert ReplayViewer(game).step.continuous_update is False
    assert ScenarioPlayer("ht-cant-pay").step.continuous_update is True
