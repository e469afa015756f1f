"""Lesson 09's activity, the Bidder Up! board played by four teams in hot seat: what the
lesson tells the teams about the cover screen is what the table does.

A team that lands on a pen holds an auction in its own turn, and the other teams bid in it
(Bidder Up!, "Auction Pens": "All fellow players may shout out bids", 1. Classic), so the
cover comes within a turn, naming the team that bids, not only between turns."""

from __future__ import annotations

import re

from bluffkit import lessons as L
from bluffkit.widgets import BidderUpTable

LESSON = L.ROOT / "09-paying-to-move"
TEAMS = ["Team A", "Team B", "Team C", "Team D"]


def _text() -> str:
    return " ".join((L.source_of(LESSON)).read_text(encoding="utf-8").split())


def test_the_lesson_builds_the_table_this_test_plays():
    assert ('board = BidderUpTable("animal-market", players=4, humans=[0, 1, 2, 3], names=teams)'
            in (L.source_of(LESSON)).read_text(encoding="utf-8"))


def test_a_teams_auction_passes_the_screen_to_the_next_team_within_its_turn():
    # seed 0: Team A rolls 2 and reaches Pen 2 for free
    board = BidderUpTable("animal-market", players=4, humans=[0, 1, 2, 3], names=TEAMS, seed=0)
    assert board.screen == ("cover", 0)
    board._uncover()
    board._roll()
    reach = {str(sid): cost for sid, (_, cost) in board.session.legal(0).key}
    pen = next(s for s, cost in sorted(reach.items()) if s.startswith("pen") and not cost)
    board.click_space(pen)
    state = board.session.state
    assert state.current == 0 and state.phase == "auction", "still Team A's turn, its pen's auction"
    assert board.screen == ("cover", 1)
    assert "Team B to play." in board.cover_text.value

    text = _text()
    # the students' part and the teacher's
    assert re.search(r"Another team's turn may need you too, for a bid in its auction or an answer to its "
                     r"challenge: whenever the screen says \"Team … to play\"", text)
    assert re.search(r"within a turn for each bid in an auction or answer in a horse-trade, the cover screen hides "
                     r"the table and names that team", text)
    assert "between turns the cover screen hides the table" not in text


def test_a_move_that_costs_notes_starts_with_the_cheapest_chosen_as_the_lesson_says():
    # seed 0: Team A rolls 2; a change of 2 spaces costs 1 + 2 = 3 notes (Bidder Up!, "1. Roll and Move")
    board = BidderUpTable("animal-market", players=4, humans=[0, 1, 2, 3], names=TEAMS, seed=0)
    board._uncover()
    board._roll()
    reach = {str(sid): cost for sid, (_, cost) in board.session.legal(0).key}
    board.click_space(next(s for s, cost in sorted(reach.items()) if cost == 3))
    chosen = [int(b.description) for b in board.note_toggles if b.value]
    held = sorted(int(b.description) for b in board.note_toggles)
    assert chosen == held[:3] == [0, 0, 10]
    assert ("choose which notes to pay (the panel starts with the cheapest chosen, the zeros first: click a chosen "
            "note to keep it, another note to pay with it)") in _text()
