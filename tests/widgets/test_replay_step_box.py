"""The replay viewer's Step box. The slider's readout was typed in the browser, which read
it itself (``parseInt``): "1e3", "1,000" and "1.5" went to step 1, and "99" to step 99 or to
the last step, without a word. The readout is gone; beside the slider the box the scenario
player has (bluffkit.widgets.step_box) goes to the step typed, or keeps the step shown and
says why not, in the game's steps."""

from __future__ import annotations

import pytest

from bluffkit.core.game import make_game
from bluffkit.session import Session
from bluffkit.widgets import ReplayViewer


@pytest.fixture(scope="module")
def game():
    return Session(make_game("horse-trading"), ["random"] * 3, seed=4).run()      # steps 0 to 408


@pytest.fixture(scope="module")
def viewer(game):
    return ReplayViewer(game)


def said(words: str) -> str:
    return words.replace("'", "&#x27;")


def test_the_slider_has_no_readout_to_type_in_and_the_box_is_beside_it(viewer):
    assert viewer.step.readout is False, "the browser reads a typed readout itself: '1e3' is step 1"
    assert viewer.step_row in viewer.children
    assert viewer.step_row.children[:2] == (viewer.step, viewer.step_box)
    assert any(".bk-step-box input" in getattr(w, "value", "") for w in viewer.children), "centred, as the readout"


def test_the_projector_keeps_the_row_as_it_kept_the_slider(viewer):
    viewer.projector.value = True
    try:
        assert viewer.step_row in viewer.children and viewer.step_row.layout.display is None
        assert viewer.step_box.layout.display is None and "bk-sp-step" not in viewer.step_row._dom_classes
        viewer.step_box.value = "12"
        assert viewer.step.value == 12
    finally:
        viewer.projector.value = False


@pytest.mark.parametrize("typed, step", [("7", 7), ("1e2", 100), (" 4 ", 4), ("+2", 2), ("0", 0), ("408", 408),
                                         ("4.08e2", 408)])
def test_a_step_typed_is_shown(viewer, typed, step):
    viewer.step.value = 3
    viewer.step_box.value = typed
    assert viewer.step.value == step and viewer.step_box.value == str(step) and viewer.step_note.value == ""
    assert f"<b>&#9654; {step}." in viewer.events.value or step == 0


@pytest.mark.parametrize("typed, words", [
    ("1e3", "Step: '1e3' (1,000) is past the last step: this game has steps 0 to 408."),
    ("1,000", "Step: '1,000' is past the last step: this game has steps 0 to 408."),
    ("409", "Step: '409' is past the last step: this game has steps 0 to 408."),
    ("-1", "Step: '-1' is before the start: this game has steps 0 to 408."),
    ("1.5", "Step: '1.5' is no step: type a whole number from 0 to 408."),
    ("1.000", "Step: '1.000' may be 1 or 1,000; this game has steps 0 to 408: write 1."),
    ("", "Step: type a step from 0 to 408, then press Enter."),
])
def test_a_step_refused_is_said_and_changes_nothing(viewer, typed, words):
    viewer.step.value = 3
    before = (viewer.table.value, viewer.events.value)
    viewer.step_box.value = typed
    assert viewer.step.value == 3 and (viewer.table.value, viewer.events.value) == before, "the step shown stays"
    assert viewer.step_box.value == typed, "what was typed stays in the box, beside its reason"
    assert said(words) in viewer.step_note.value and "role='alert'" in viewer.step_note.value


def test_the_box_follows_the_slider_and_another_log_clears_a_refusal(viewer, game):
    viewer.step.value = 3
    viewer.step_box.value = "1e3"
    assert viewer.step_note.value
    viewer.step.value = 4                               # (the slider moved: dragged, or Auto-play's tick in the browser)
    assert (viewer.step.value, viewer.step_box.value, viewer.step_note.value) == (4, "4", "")
    viewer.step.value = 0
    viewer.step_box.value = "x"
    assert viewer.step_note.value
    assert viewer.load(game)                            # the same steps, at step 0 again: nothing changed the slider
    assert (viewer.step_box.value, viewer.step_note.value) == ("0", "")
    assert viewer.step_box.tooltip == "type a step, 0 to 408, and press Enter"


def test_with_no_game_shown_a_step_typed_is_told_how_to_open_one(game):
    r = ReplayViewer()
    r.step_box.value = "0"
    r.step_box.value = "3"
    assert "no game is shown yet" in r.step_note.value and "Log file box" in r.error.value and r.step.value == 0
    assert r.load("") is False and "no game is shown yet" in r.step_note.value, "still none shown"
    assert r.load(game) and r.step_note.value == ""
    r.step_box.value = "3"
    assert r.step.value == 3


def test_while_a_long_log_is_read_the_step_row_says_what_becomes_of_a_step_typed(tmp_path, monkeypatch, game):
    """The kernel reads the Step box only once the whole log is read (a Bløff log of 17,000
    steps: some 7 to 11 s): a step typed meanwhile waited without a word, an old refusal
    still under the slider. While the reading says how far it is, the row says that a step
    typed now is shown once the log is read (or refused then, with the game's steps)."""
    from bluffkit.widgets import replay
    monkeypatch.setattr(replay, "READING_EVERY", 0.0)
    path = game.save(tmp_path / "g.jsonl")
    r = ReplayViewer(game)
    r.step_box.value = "1e3"
    notes = []
    r.step_note.observe(lambda ch: notes.append(ch["new"]), names="value")
    assert r.load(path)
    assert any("a step typed now is shown once it is read" in x for x in notes), notes[:3]
    assert r.step_note.value == "" and r.step_box.value == "0"
    r.step_box.value = "409"                            # (typed while reading: read against the whole game)
    assert "past the last step: this game has steps 0 to 408" in r.step_note.value
    r.step_box.value = "1e2"
    assert r.step.value == 100


def test_a_log_read_and_refused_takes_the_readings_words_away(tmp_path, monkeypatch, game):
    from bluffkit.widgets import replay
    monkeypatch.setattr(replay, "READING_EVERY", 0.0)
    half = Session(make_game("horse-trading"), ["random"] * 3, seed=5)
    half.advance(limit=12)
    path = half.save(tmp_path / "half.jsonl")
    r = ReplayViewer(game)
    r.step.value = 5
    assert r.load(path) is False and "Not shown" in r.error.value
    assert (r.step.value, r.step_box.value, r.step_note.value) == (5, "5", "")
    r.step_box.value = "x"
    refused = r.step_note.value
    assert r.load(tmp_path / "missing.jsonl") is False and r.step_note.value == refused, "a refusal not read over stays"
