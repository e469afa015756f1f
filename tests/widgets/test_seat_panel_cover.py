"""The hot-seat table's shared parts on a cover: the public scores shown there."""

from __future__ import annotations

from bluffkit.widgets import BidderUpTable

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

