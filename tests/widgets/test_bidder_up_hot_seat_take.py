"""Lesson 09 plays Bidder Up! in hot seat on a projector, every team human. A team holding
fewer notes than the Dutch count is asked once before "Take it for 10 notes (grab the
hammer)" plays (if it wins it cannot pay: it shows all its money and the auction is run
again, the booklet's "Can't pay, must show"), in notes, and the question goes with the
team's screen: the next team's screen does not carry it."""

from __future__ import annotations

import re
from html import unescape

import numpy as np
import pytest

from bluffkit.widget_check import driver_for
from bluffkit.widgets import BidderUpTable

TEAMS = ["Team A", "Team B", "Team C", "Team D"]


def _said(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", "", html))


def _dutch_take_beyond_notes(seed: int = 0) -> BidderUpTable:
    t = BidderUpTable("animal-market", players=4, humans=list(range(4)), names=TEAMS, seed=seed)
    t.projector.value = True
    driver, rng = driver_for(t), np.random.default_rng(seed)
    for _ in range(3000):
        s = t.session
        if t.screen[0] == "seat" and not s.over and t.screen[1] in s.to_move:
            sub = s.observe(t.screen[1]).auction
            if sub is not None and sub.rules.fmt.name == "dutch" and sub.phase == "bid" and sub.count > sum(sub.hand):
                return t
        if not driver.click(t, rng):
            break
    pytest.fail("no team was asked in a Dutch Auction at a count above its notes")


@pytest.mark.slow
def test_a_team_that_cannot_pay_the_count_is_asked_once_and_the_next_team_sees_nothing_of_it():
    t = _dutch_take_beyond_notes()
    s, me = t.session, t.screen[1]
    sub = s.observe(me).auction
    buttons = {b.description: b for row in t.auction_moves.children for b in getattr(row, "children", ())}
    take = buttons[f"Take it for {sub.count} notes (grab the hammer)"]
    moves = len(s.moves)
    take.click()
    said = _said(t.message.value)
    held = f"{sum(sub.hand)} notes" if sum(sub.hand) else "no notes"
    assert len(s.moves) == moves, "the first click asks, and plays nothing"
    assert said.startswith(f"You hold {held}: if you take it at {sub.count} notes and win, you cannot pay"), said
    buttons["Pass"].click()                              # the team thinks again, and passes
    assert len(s.moves) == moves + 1 and str(s.moves[-1][1]) == "pass"
    assert t.screen[0] == "cover" and "You hold" not in t.message.value
    t.show.click()
    assert t.screen[0] == "seat" and t.screen[1] != me and "You hold" not in t.message.value
