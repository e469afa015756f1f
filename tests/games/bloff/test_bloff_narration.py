"""Bløff's words and result as the rulebook gives them: the narration of the rulebook's own
example (the claim, the call, who takes the pile and who goes on) and of a true claim called,
and the score (no points: the first one out has won)."""

import json

from paths import REPO

from bluffkit.games.bloff import Bloff

ANNE, BJORN, CARLA, DAVID = range(4)
NAMES = ["Anne", "Bjørn", "Carla", "David"]


def _all_pass(g, s):
    for seat in tuple(g.to_move(s)):
        s = g.step(s, seat, "pass")
    return s


def _example_start(g):
    data = json.loads((REPO / "data" / "scenarios" / "bloff-anne-calls-david.json").read_text())
    hands = [data["start"]["hands"][n] for n in data["seats"]]
    return g.state_from_position(players=4, hands=hands, leader=data["seats"].index(data["start"]["leader"]))


def test_bloff_scores_are_one_for_the_first_out_and_nothing_else():
    """The rulebook: «Spillet har ingen poengregning. Førstemann ut har vunnet.» (The game has
    no scoring. The first one out has won.) Seat 0 lays its last card and no one calls: 1 to
    it, 0 to the others."""
    g = Bloff()
    hands = ["AS", ",".join(f"{r}{s}" for r in ("2", "3", "4", "5", "6", "7", "8") for s in "SHDC"),
             ",".join(f"{r}{s}" for r in ("9", "10", "J", "Q", "K") for s in "SHDC") + ",AH,AD,AC"]
    s = g.state_from_position(players=3, hands=hands)
    s = _all_pass(g, g.step(s, 0, "play AS"))
    assert g.is_over(s) and g.winners(s) == (0,)
    assert g.scores(s) == (1, 0, 0)


def test_bloff_narration_of_the_rulebook_example():
    """The rulebook's example: David says «tre firere» (three fours); Anne calls, the jack and
    the ten give him away, «han må ta opp alle de åtte kortene» (he must take up all eight
    cards), and Anne goes on with fives."""
    g = Bloff()
    s = _example_start(g)
    s = _all_pass(g, g.step(s, ANNE, "play AS,AH"))
    s = _all_pass(g, g.step(s, BJORN, "play 9S"))
    s = _all_pass(g, g.step(s, CARLA, "play 3S,3H"))
    play = g.parse("play 4D,JS,10S")
    s2 = g.step(s, DAVID, play)
    said = g.narrate(s, DAVID, play, s2, NAMES)
    assert "three fours" in said
    call = g.parse("call")
    s3 = g.step(s2, ANNE, call)
    told = g.narrate(s2, ANNE, call, s3, NAMES)
    assert "David takes the pile (8 cards)" in told and "lie" in told.lower() and "All true" not in told
    assert "Anne goes on with fives" in told


def test_bloff_narration_of_a_true_call():
    """The rulebook: «Stemte alt, tar anklageren haugen i stedet.» (If all was true, the
    accuser takes the pile instead.) Bjørn, left of Anne, calls her true two aces, takes the
    two cards and goes on with twos, the next rank."""
    g = Bloff()
    s = _example_start(g)
    play = g.parse("play AS,AH")                      # "to ess", true
    s1 = g.step(s, ANNE, play)
    call = g.parse("call")
    s2 = g.step(s1, BJORN, call)
    told = g.narrate(s1, BJORN, call, s2, NAMES)
    assert "Bjørn takes the pile (2 cards)" in told and "A lie" not in told
    assert "Bjørn goes on with twos" in told           # left of Anne, the next rank


def test_the_help_claims_one_card_as_the_narration_says_it():
    """A play of one card is said "one ace" ("Anna says “one ace”"); the help said
    "claimed as aces" even where only one card may be laid."""
    from bluffkit.core.game import make_game
    from bluffkit.session import Session
    for options, claimed in (({}, "claimed as aces"), ({"max_cards": 1}, "one card, face down, claimed as one ace")):
        g = make_game("bloff", **options)
        s = Session(g, ["human", "random", "random"], names=["Anna", "Ben", "Cy"], seed=1)
        s.advance()                                     # the deal
        assert s.to_move == (0,) and g.observe(s.state, 0).rank == 0
        assert claimed in g.describe(s.observe(0), s.names, True)
