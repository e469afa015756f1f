"""The You're Bluffing! heuristic bot's valuation, worked by hand.

The rulebook scores a herd as (sum of the values of its complete families) x (number of
complete families). The bot projects a herd still being built the same way with each family
counted by the share of it held (``projected_score``'s docstring): (sum of value x share) x
(sum of shares), a share being cards / 4. An animal is worth the projected points it adds
(``marginal_points``), and the bot pays ``rate`` (0.3) money per point. Values (rulebook):
rooster 10, dog 160, pig 650, cow 800, horse 1000.
"""

from __future__ import annotations

import pytest

from bluffkit.agents.youre_bluffing import HeuristicAgent, marginal_points, projected_score
from bluffkit.core.game import make_game
from bluffkit.games.youre_bluffing.actions import PASS, Bid

RULES = make_game("youre-bluffing").rules


def herd(**cards) -> tuple[int, ...]:
    """A herd (cards per family, in the rules' order) from animal names."""
    return tuple(cards.get(name, 0) for name in RULES.families)


@pytest.mark.parametrize("animals, points", [
    ({}, 0),
    # cow 2/4: (800 x 0.5) x 0.5 = 200
    ({"cow": 2}, 200),
    # cow 3/4: (800 x 0.75) x 0.75 = 450
    ({"cow": 3}, 450),
    # cow 2/4, horse 1/4: (800 x 0.5 + 1000 x 0.25) x (0.5 + 0.25) = 650 x 0.75 = 487.5
    ({"cow": 2, "horse": 1}, 487.5),
    # cow 2/4, horse 2/4: (400 + 500) x (0.5 + 0.5) = 900
    ({"cow": 2, "horse": 2}, 900),
    # cow 2/4, rooster 1/4: (400 + 10 x 0.25) x 0.75 = 402.5 x 0.75 = 301.875
    ({"cow": 2, "rooster": 1}, 301.875),
    # complete families score as the rulebook does: "4 pigs, 4 dogs, 4 roosters:
    # 650 + 160 + 10 = 820, x 3 = 2460"
    ({"pig": 4, "dog": 4, "rooster": 4}, 2460),
])
def test_the_projected_score_counts_each_family_by_its_share(animals, points):
    assert projected_score(herd(**animals), RULES) == pytest.approx(points)


@pytest.mark.parametrize("animals, family, cards, points", [
    # {cow 2} -> {cow 3}: 450 - 200 = 250
    ({"cow": 2}, "cow", 1, 250),
    # {} -> {cow 2}: 200 - 0 = 200
    ({}, "cow", 2, 200),
    # {cow 2, horse 1} -> {cow 2, horse 2}: 900 - 487.5 = 412.5 (the multiplier grows from
    # 0.75 to 1; without it the horse would add 1000 x 0.25 = 250)
    ({"cow": 2, "horse": 1}, "horse", 1, 412.5),
    # {cow 2, horse 1} -> {cow 3, horse 1}: (600 + 250) x 1 - 487.5 = 362.5
    ({"cow": 2, "horse": 1}, "cow", 1, 362.5),
    # {cow 2} -> {cow 2, rooster 1}: 301.875 - 200 = 101.875: a rooster (10 a family) adds
    # mostly through the multiplier
    ({"cow": 2}, "rooster", 1, 101.875),
])
def test_an_animal_is_worth_the_projected_points_it_adds(animals, family, cards, points):
    before = herd(**animals)
    assert marginal_points(before, RULES.families.index(family), cards, RULES) == pytest.approx(points)
    assert before == herd(**animals), "the herd given is left as it was"


@pytest.mark.parametrize("animals, lot, other_bids, action", [
    # {cow 2} and a cow: worth 0.3 x 250 = 75. After a bid of 60 the lowest bid in tens is 70: bid;
    # after 70 it is 80, above 75: pass.
    ({"cow": 2}, "cow", 60, Bid(70)),
    ({"cow": 2}, "cow", 70, PASS),
    # {cow 2, horse 1} and a horse: worth 0.3 x 412.5 = 123.75. After 110: bid 120; after 120: pass.
    ({"cow": 2, "horse": 1}, "horse", 110, Bid(120)),
    ({"cow": 2, "horse": 1}, "horse", 120, PASS),
])
def test_the_heuristic_bot_bids_up_to_its_hand_worked_value(animals, lot, other_bids, action):
    """Seat 1 (the bot, 150 in notes: more than it values the lot) has ``animals``; seat 0
    auctions ``lot`` and seat 2 bids ``other_bids``."""
    g = make_game("youre-bluffing")
    s = g.state_from_position(players=3, leader=0, money=[None, "100+50+0+0", None], herds=[{}, animals, {}])
    for seat, move in [(0, "auction"), (None, f"draw {lot}"), (2, f"bid {other_bids}")]:
        s = g.step(s, seat, g.parse(move))
    obs = g.observe(s, 1)
    assert obs.legal.bid[0] == other_bids + 1 and obs.hand_total == 150
    assert HeuristicAgent().act(obs, obs.legal, None) == action


# Every family but the cows in seat 2's herd, complete, and none left in the pile: every turn
# is a trade ("once the animal pile is empty every turn is a trade", RULES.md), and the only
# family two players share is the cows of seats 0 and 1.
_ALL_BUT_COWS = {name: 4 for name in RULES.families if name != "cow"}


@pytest.mark.parametrize("money, offer", [
    # 390 in hand, 0.6 x 390 = 234 above the 180: notes towards 180, largest first, 100 + 50
    # + three 10s (the 200 is too much), and both 0s as a bluff. Valuing one cow (75) it would
    # offer 50 + 10 + 10; valuing each cow as the first (2 x 75 = 150), 100 + 50.
    ("200+100+50+10+10+10+10+0+0", "100+50+10+10+10+0+0"),
    # 190 in hand: it offers at most 0.6 x 190 = 114, so 100 + 10 (and its 0), not 180.
    ("100+50+10+10+10+10+0", "100+10+0"),
])
def test_the_heuristic_trade_for_two_cards_values_both(money, offer):
    """With 2 cows against 2, both cows change hands ("2 v 2 cards of the family trade both",
    RULES.md). Holding two, the bot gains {cow 2} -> {cow 4}: 800 x 1 x 1 - 800 x 0.5 x 0.5
    = 600 points, 180 at 0.3 a point; it offers notes worth about that, at most 0.6 of its money."""
    g = make_game("youre-bluffing")
    s = g.state_from_position(players=3, leader=0, money=[money, None, None],
                              herds=[{"cow": 2}, {"cow": 2}, _ALL_BUT_COWS], pile={})
    obs = g.observe(s, 0)
    assert obs.legal.trades == ((1, RULES.families.index("cow")),) and not obs.legal.simple
    assert marginal_points(herd(cow=2), RULES.families.index("cow"), 2, RULES) == pytest.approx(600)
    assert HeuristicAgent().act(obs, obs.legal, None) == g.parse(f"trade 1 cow {offer}")


@pytest.mark.parametrize("offered, action", [("10+10", "counter 50+0+0"), ("10+10+10", "accept")])
def test_the_heuristic_bot_counters_a_cheap_challenge_and_accepts_a_dear_one(offered, action):
    """Challenged for its one horse by a player who holds the other, the bot weighs half of
    what the horse is worth to it against 10 for each note offered (face down, a note may
    be a 0). The horse adds {horse 1} -> {horse 2}: 1000 x 0.5 x 0.5 - 1000 x 0.25 x 0.25
    = 187.5 points, 56.25 at 0.3 a point, half of it 28.125. Two notes (20) are less: it
    counters with notes towards 56 (a 50; the 10s would pass 56) and its 0s as a bluff.
    Three notes (30) are more: it accepts."""
    g = make_game("youre-bluffing")
    s = g.state_from_position(players=3, leader=0, money=[None, "50+10+10+0+0", None],
                              herds=[{"horse": 1}, {"horse": 1}, {}])
    s = g.step(s, 0, g.parse(f"trade 1 horse {offered}"))
    obs = g.observe(s, 1)
    assert obs.trade[2:5] == (RULES.families.index("horse"), 1, len(offered.split("+")))
    assert HeuristicAgent().act(obs, obs.legal, None) == g.parse(action)


def test_the_heuristic_bot_challenges_for_the_family_worth_most_to_it():
    """With the pile empty every turn is a trade. Holding a cow and a horse, the bot can
    challenge seat 1 for a cow or seat 2 for a horse (one card each: 1 against 3). A cow
    adds {cow 1, horse 1} -> {cow 2, horse 1}: (400 + 250) x 0.75 - (200 + 250) x 0.5 =
    262.5 points; a horse adds (200 + 500) x 0.75 - 225 = 300: it challenges for the horse."""
    g = make_game("youre-bluffing")
    others = {name: 4 for name in RULES.families if name not in ("cow", "horse")}
    s = g.state_from_position(players=3, leader=0, money=["100+50+10+0", None, None],
                              herds=[{"cow": 1, "horse": 1}, {"cow": 3}, {**others, "horse": 3}], pile={})
    obs = g.observe(s, 0)
    cow, horse = RULES.families.index("cow"), RULES.families.index("horse")
    assert set(obs.legal.trades) == {(1, cow), (2, horse)} and not obs.legal.auction
    action = HeuristicAgent().act(obs, obs.legal, None)
    assert (action.target, action.family) == (2, horse), action


def test_the_heuristic_trade_for_one_of_two_cards_values_one():
    """Two cows against one: one cow changes hands (only "2 v 2 cards of the family trade
    both", RULES.md). The bot gains {cow 2} -> {cow 3}: 450 - 200 = 250 points, 75 at 0.3 a
    point (within 0.6 of its 390): notes towards 75, largest first, 50 + 10 + 10, and its
    0s as a bluff (valuing both cows, 180, it would offer 100 + 50 + three 10s)."""
    g = make_game("youre-bluffing")
    others = {name: 4 for name in RULES.families if name != "cow"}
    s = g.state_from_position(players=3, leader=0, money=["200+100+50+10+10+10+10+0+0", None, None],
                              herds=[{"cow": 2}, {"cow": 1}, {**others, "cow": 1}], pile={})
    obs = g.observe(s, 0)
    action = HeuristicAgent().act(obs, obs.legal, None)
    assert action.family == RULES.families.index("cow")
    assert action.notes == g.parse("trade 1 cow 50+10+10+0+0").notes


def test_the_heuristic_new_offer_after_a_tie_values_both_cards():
    """2 cows against 2 and equal offers: the challenger makes a new offer (You're Bluffing!'s
    tie rule). Both cows are still at stake, worth 600 points (180 at 0.3 a point) to the
    bot, so it offers notes towards 180 from its hand, largest first, and its 0s as a bluff."""
    g = make_game("youre-bluffing")
    others = {name: 4 for name in RULES.families if name != "cow"}
    s = g.state_from_position(players=3, leader=0, money=["200+100+50+10+10+10+10+0+0", "50+50+10", None],
                              herds=[{"cow": 2}, {"cow": 2}, others], pile={})
    for seat, move in [(0, "trade 1 cow 100+10"), (1, "counter 50+50+10")]:
        s = g.step(s, seat, g.parse(move))
    obs = g.observe(s, 0)
    assert obs.trade[3] == 2, "both cows are at stake"
    action = HeuristicAgent().act(obs, obs.legal, None)
    d = RULES.denominations
    paid = sum(n * v for n, v in zip(action.notes, d))
    # towards 180 from its notes: no 200, then 50s and 10s up to 180 exactly
    assert paid == 180, action
    assert action.notes[d.index(0)] == obs.hand[d.index(0)], "every 0 it holds, as a bluff"
    assert all(k <= held for k, held in zip(action.notes, obs.hand))
