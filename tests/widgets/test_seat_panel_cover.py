"""The hot-seat table's shared parts on a cover and across a switch of the Projector: the
public scores shown on a cover, and a message of Save log that does not outstay its screen."""

from __future__ import annotations

import numpy as np

from bluffkit.widgets import BidderUpTable, TablePanel

NAMES = ["Annette", "Daniel", "Ben", "Carla"]


def hot_seat() -> BidderUpTable:
    """Lesson 09's table: four teams at one screen, each seat human (a cover between them)."""
    return BidderUpTable("animal-market", players=4, humans=[0, 1, 2, 3], names=NAMES, seed=3)


def test_scores_pressed_on_a_cover_show_there_and_are_every_seats_alike():
    """Scores pressed while the cover ("Annette to play", Show) was up showed nothing until a
    seat's view was opened. The scores are public: the cover shows them, the same as every
    seat's view would, and they stay when the cover comes back for the next seat."""
    t = hot_seat()
    assert t.screen[0] == "cover"
    t.scores_button.value = True
    shown = t.scores.value
    assert "Scores now" in shown and "points on the farm boards" in shown
    seat = t.screen[1]
    t.show.click()
    assert t.screen == ("seat", seat) and t.scores.value == shown, "the seat's view shows the same scores"
    t.viewer = None                                   # the cover again, for the same seat
    t.refresh()
    assert t.screen[0] == "cover" and t.scores.value == shown
    t.scores_button.value = False
    assert t.scores.value == ""


def test_scores_on_a_cover_tell_nothing_that_seats_see_differently(monkeypatch):
    """Only scores that every seat's observation gives alike reach a cover: a count that
    differed by seat (so held something private) is not shown there."""
    t = hot_seat()
    monkeypatch.setattr(BidderUpTable, "public_scores", lambda self, obs: (obs.seat, 0, 0, 0))
    t.scores_button.value = True
    assert t.screen[0] == "cover" and t.scores.value == ""


def test_the_save_log_refusal_leaves_with_a_switch_to_the_projector_or_a_redraw():
    """Save log pressed before the end says "The log can be saved once the game is over";
    it stayed on screen after a switch to the Projector, which hides Save log. It now goes
    with the switch, and with the next redraw; a refused move's reason stays."""
    t = hot_seat()
    t.show.click()
    t.save_button.click()
    assert "once the game is over" in t.message.value
    t.projector.value = True
    assert t.message.value == ""
    t.projector.value = False
    t.save_button.click()
    assert "once the game is over" in t.message.value
    t.refresh()
    assert t.message.value == ""
    t.typed.value = "end"                             # a move refused (the die is rolled first)
    refusal = t.message.value
    assert refusal and "once the game is over" not in refusal
    t.projector.value = True
    t.refresh()
    assert t.message.value == refusal, "a refusal of the game's is still to be read"


def _asked_to_replace(tmp_path):
    """A Horse Trading table played to its end (the human seat's moves legal, at random),
    Save log clicked on another game's log: the question before replacing it on screen."""
    t = TablePanel("horse-trading", players=3, humans=[0], bots="heuristic", seed=1)
    s, rng = t.session, np.random.default_rng(0)
    for _ in range(2000):
        s.advance()
        if s.over:
            break
        s.play(s.legal(0).sample(rng), 0)
    t.refresh()
    other = tmp_path / "other.jsonl"
    other.write_text("another game's log\n")
    t.save_path.value = str(other)
    t.save_button.click()
    assert "click Save log again" in t.message.value
    return t, other


def test_the_question_before_replacing_a_log_goes_with_its_words(tmp_path):
    """"... exists already: click Save log again to replace it" taken off the screen by a
    switch to the Projector is asked again at the next click, not answered by it."""
    t, other = _asked_to_replace(tmp_path)
    t.projector.value = True
    t.projector.value = False
    assert t.message.value == ""
    t.save_button.click()
    assert "click Save log again" in t.message.value and other.read_text() == "another game's log\n"
    t.save_button.click()
    assert "Saved the log" in t.message.value and other.read_text() != "another game's log\n"


def test_the_question_before_replacing_a_log_is_answered_only_while_it_is_on_screen(tmp_path):
    """"... exists already: click Save log again to replace it", then a move typed after the
    end ("The game is over: no more moves.") took the question off the screen; the next click
    on Save log replaced the other file without the question on screen. It asks again."""
    t, other = _asked_to_replace(tmp_path)
    t.typed.value = "pass"                              # typed after the end: refused, in its place
    assert "The game is over" in t.message.value
    t.save_button.click()
    assert "click Save log again" in t.message.value and other.read_text() == "another game's log\n"
    t.save_button.click()
    assert "Saved the log" in t.message.value and other.read_text() != "another game's log\n"


def test_scores_given_as_lists_reach_a_cover_too(monkeypatch):
    """``cover_scores`` put every seat's scores in a set: a panel whose ``public_scores``
    gives a list (unhashable) raised TypeError on the cover. They are compared in turn: alike,
    shown; one seat's different, not shown."""
    t = hot_seat()
    monkeypatch.setattr(BidderUpTable, "public_scores", lambda self, obs: [10, 20, 30, 40])
    t.scores_button.value = True
    assert t.screen[0] == "cover" and t.cover_scores() == [10, 20, 30, 40]
    assert "Scores now" in t.scores.value and "40" in t.scores.value
    monkeypatch.setattr(BidderUpTable, "public_scores", lambda self, obs: [obs.seat, 0, 0, 0])
    assert t.cover_scores() is None
    monkeypatch.setattr(BidderUpTable, "public_scores", lambda self, obs: np.array([5, 6, 7, 8]))
    assert list(t.cover_scores()) == [5, 6, 7, 8]
    monkeypatch.setattr(BidderUpTable, "public_scores", lambda self, obs: np.array([obs.seat, 6, 7, 8]))
    assert t.cover_scores() is None
