"""Bidder Up!'s What happened folds a run of bidding lines into one (``bidding_run``): the
passes it names are those that still stand. In Classic and Cat in the Bag everyone is asked
again after each new bid ("as soon as no higher bid comes", the booklet's Classic), so a
pass before a later bid no longer stands; in Round-the-Table each player is asked once."""

from __future__ import annotations

import re
from html import unescape

from bluffkit.widgets import BidderUpTable
from bluffkit.widgets.bidder_up import bidding_run

NAMES = ["Annette", "Daniel", "Ben", "Carla"]


def _text(html: str) -> str:
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def _classic_at_pen_1(tiles=None) -> BidderUpTable:
    """Annette (seat 0) has rolled a 1 and moves to Pen 1, whose auction (Classic in the first
    game) asks Daniel, Ben and Carla; every seat human, nothing played but that."""
    t = BidderUpTable("animal-market", players=4, humans=range(4), names=NAMES, seed=3,
                      **({"tiles": tiles} if tiles else {}))
    s = t.session
    s.states, s.moves, s.says = [t.game.state_from_position(4, current=0, roll=1)], [], []
    s._histories.clear()
    t.said, t.viewer = [], None
    t.said.append(s.play("move pen-1", 0))
    return t


def test_the_fold_does_not_say_the_highest_bidder_passes_above_the_prompt_asking_him_to_stay():
    """Annette's Classic auction in Pen 1: Daniel passes, Ben bids 10, Carla passes, Daniel
    bids 20, Ben and Carla pass. The fold said "Daniel, Carla and Ben pass" right above
    "Daniel, you may: stay at 20": his pass came before his bid, and no longer stands."""
    t = _classic_at_pen_1()
    s = t.session
    for seat, move in [(1, "pass"), (2, "bid 10"), (3, "pass"), (1, "bid 20"), (2, "pass"), (3, "pass")]:
        t.said.append(s.play(move, seat))
    assert s.state.auction.rules.fmt.name == "classic" and s.to_move == (1,)
    t.refresh()
    if t.screen[0] == "cover":
        t.show.click()
    happened, prompt = _text(t.events.value), _text(t.legal_text.value)
    assert "Daniel , you may: stay at 20" in prompt, prompt
    assert "Ben and Daniel bid up to 20, Daniel highest; Ben and Carla pass (6 moves)." in happened, happened
    assert "Daniel, Carla" not in happened


def test_only_the_passes_after_the_last_bid_are_named_where_everyone_is_asked_again():
    lines = ["Team C passes.", "Team A bids 10.", "Team D bids 20.", "Team C passes.", "Team D passes.",
             "Team A bids 30.", "Team D bids 100.", "Team A passes.", "Team C passes."]
    names = ["Team A", "Team B", "Team C", "Team D"]
    assert bidding_run(lines, names) == \
        "Team A and Team D bid up to 100, Team D highest; Team A and Team C pass (9 moves)."
    # a pass before a later bid, and none after: no pass is named
    assert bidding_run(["Ann passes.", "Ben bids 10.", "Cy bids 20."], ["Ann", "Ben", "Cy"]) == \
        "Ben and Cy bid up to 20, Cy highest (3 moves)."
    # the bidders who passed after the last bid, all but the highest: "the others"
    assert bidding_run(["Ann bids 10.", "Ann passes.", "Ben bids 20.", "Cy bids 30.", "Ann passes.", "Ben passes."],
                       ["Ann", "Ben", "Cy"]) == "Ann, Ben and Cy bid up to 30, Cy highest; the others pass (6 moves)."


def test_where_each_player_is_asked_once_every_pass_is_named():
    """Round-the-Table: "one bid each, from the left"; a pass is final."""
    assert bidding_run(["Ann passes.", "Ben bids 10.", "Cy bids 20."], ["Ann", "Ben", "Cy"], again=False) == \
        "Ben and Cy bid up to 20, Cy highest; Ann passes (3 moves)."


def test_the_panel_asks_the_auctions_format_whether_a_pass_still_stands():
    """The panel reads the format of the run's auction: Classic asks again, Round-the-Table
    ("one bid each, from the left") does not."""
    classic = _classic_at_pen_1()
    assert classic.session.state.auction.rules.fmt.name == "classic" and classic._asks_again(1)
    rt = _classic_at_pen_1(tiles=("round-the-table", "dutch", "cat-in-the-bag", "classic"))
    assert rt.session.state.auction.rules.fmt.name == "round-the-table" and not rt._asks_again(1)
