"""Bidder Up!: the heuristic bot's choices on positions set up by hand, as its docstring
(bluffkit.agents.bidder_up) says: what a space and an animal are worth to it, the moves
it pays for, horse-trades, tickets, the Piggy Bank and the market."""

from __future__ import annotations

from types import SimpleNamespace

from bluffkit.agents.bidder_up import HeuristicAgent, behind, worth_to
from bluffkit.auctions.rules import ANIMALS
from bluffkit.core.game import make_game
from bluffkit.games.bidder_up import actions as A

COW, HORSE = ANIMALS.index("cow"), ANIMALS.index("horse")


def _obs(players=3, seat=0, board="animal-market", **position):
    g = make_game("bidder-up", board=board)
    s = g.state_from_position(players, current=0, roll=1, **position)
    return g, g.observe(s, seat)


def _with(obs, **changes):
    """``obs`` with some fields changed (a position the engine reaches less directly)."""
    return type(obs)(changes.get(f, getattr(obs, f)) for f in obs._fields)


def _legal(*key):
    """A hand-made choice among ``key`` (no auction under way)."""
    def sample(rng):
        raise AssertionError("the heuristic bot draws no random move here")
    return SimpleNamespace(inner=None, key=key, sample=sample)


# -- what an animal and a space are worth ------------------------------------------------------

def test_a_type_in_the_barn_is_worth_nothing_and_one_not_held_something():
    """One more animal of a type already in the barn adds nothing; a type not held yet
    adds a share of its value; holding one makes the next worth more."""
    _, obs = _obs(pastures=[["cow"], [], []], barns=[["horse"], [], []])
    worth = worth_to(obs, 0)
    assert worth[HORSE] == 0
    assert 0 < worth[ANIMALS.index("pig")] < worth[COW]
    assert all(worth[a] > 0 for a in range(len(ANIMALS)) if a != HORSE)


def test_a_full_pen_is_worth_half_its_lot_and_a_cat_in_the_bag_half_an_average_animal():
    """Animal market, the You're Bluffing! values: a pen holding a goose (40) is worth 20;
    a face-down pen of which no animal was seen, half the average of the ten types'
    values (3,950 / 10 = 395): 197.5."""
    _, obs = _obs()
    bot = HeuristicAgent()
    assert obs.rules.type_values(obs.market) == (10, 40, 90, 160, 350, 350, 500, 650, 800, 1000)
    obs = _with(obs, pens=((1,), *obs.pens[1:]))
    assert bot._space_worth(obs, "pen-1") == 20
    assert obs.pens[6] is None and obs.stacks[1][6] and not obs.seen[6]
    assert bot._space_worth(obs, "pen-7") == 197.5


def test_a_horse_trade_is_worth_something_only_against_another_seat_holding_a_type_it_holds():
    """A trade needs a type both hold [E], and notes to offer."""
    bot = HeuristicAgent()
    _, alone = _obs(pastures=[["cow"], [], []])
    assert bot._space_worth(alone, "trade-1") == 0
    _, shared = _obs(pastures=[["cow"], ["cow"], []])
    assert bot._space_worth(shared, "trade-1") > 0
    _, broke = _obs(pastures=[["cow"], ["cow"], []], money=["", None, None])
    assert bot._space_worth(broke, "trade-1") == 0


def test_the_fairgrounds_market_needs_an_animal_and_the_raffle_a_ticket_in_the_bag():
    bot = HeuristicAgent()
    _, obs = _obs(board="fairground")
    assert obs.bag and not obs.pastures[0]
    assert bot._space_worth(obs, "market-1") == 0
    assert bot._space_worth(obs, "raffle-1") > 0
    assert bot._space_worth(_with(obs, bag=()), "raffle-1") == 0
    assert bot._space_worth(_with(obs, pastures=((COW,), (), ())), "market-1") > 0


# -- moves -------------------------------------------------------------------------------------

def test_it_pays_for_a_move_only_when_the_better_space_is_worth_the_notes():
    """Roll 1: pen-1 is reached free, pen-2 for 1 note. A rooster (worth 5 there) free
    beats a goose (worth 20) for a note."""
    g, obs = _obs(pens={"pen-1": ["rooster"], "pen-2": ["goose"]})
    assert dict(obs.legal.key)["pen-1"][1] == 0 and dict(obs.legal.key)["pen-2"][1] == 1
    assert HeuristicAgent().act(obs, obs.legal, None).space == "pen-1"


def test_it_pays_its_last_note_for_a_move_worth_it():
    """Holding one 10-note, a horse (worth 500) for that note beats a rooster free."""
    g, obs = _obs(pens={"pen-1": ["rooster"], "pen-2": ["horse"]}, money=["10", None, None])
    move = HeuristicAgent().act(obs, obs.legal, None)
    assert move.space == "pen-2"
    g.step(g.state_from_position(3, current=0, roll=1, pens={"pen-1": ["rooster"], "pen-2": ["horse"]},
                                 money=["10", None, None]), 0, move)


def test_the_bot_is_behind_from_players_times_slack_rounds_turns():
    """Nothing auctioned yet, 3 players: behind from turn 3 × 3 = 9, not at 8."""
    _, obs = _obs()
    assert not behind(_with(obs, turn=8))
    assert behind(_with(obs, turn=9))


# -- horse-trades, tickets, the Piggy Bank -----------------------------------------------------

def test_without_notes_it_agrees_to_a_trade_it_would_counter():
    """Challenged for a cow worth far more than 150 to it: it counters with notes when it
    has some, and agrees when it has none."""
    bot = HeuristicAgent()
    _, obs = _obs(pastures=[["cow"], ["cow"], []])
    obs = _with(obs, phase="respond", trade=(1, 0, COW, False))
    assert worth_to(obs, 0)[COW] > 150
    assert isinstance(bot.act(obs, _legal(), None), A.Counter)
    assert bot.act(_with(obs, hand=(0,) * len(obs.hand)), _legal(), None) == A.AGREE


def test_it_keeps_and_plays_the_extra_turn_before_a_horse_trade():
    bot = HeuristicAgent()
    _, obs = _obs()
    assert bot.act(_with(obs, phase="keep"), _legal("horse-trade", "extra-turn"), None) == A.Keep("extra-turn")
    assert bot.act(_with(obs, phase="end"), _legal("end", "horse-trade", "extra-turn"), None) == \
        A.Ticket("extra-turn")


def test_it_raids_a_small_piggy_bank_when_it_may_not_gamble_and_gives_its_smallest_note():
    bot = HeuristicAgent()
    _, obs = _obs()
    assert bot.act(_with(obs, phase="piggy", piggy=1), _legal(A.RAID), None) == A.RAID
    assert bot.act(_with(obs, phase="give"), _legal(50, 10, 100), None) == A.Give(10)


def test_a_counted_offer_is_at_least_one_note():
    bot = HeuristicAgent()
    _, obs = _obs()
    notes = bot._offer(obs, 0.0, True)
    assert sum(notes) == 1


def test_a_refused_empty_market_changes_a_type_it_does_not_hold():
    """market_none=refused: a type must change [L7]. Holding a horse already at the top of
    the track (1,000: no step up), it moves the dearest type it does not hold, the cow
    (700), down a step."""
    g = make_game("bidder-up", board="fairground", market_none="refused")
    s = g.state_from_position(3, current=0, roll=2, money=["10+10+10+10", None, None], pastures=[["horse"], [], []],
                              market={"horse": 1000})
    s = g.step(s, 0, "move hilltop")
    assert s.phase == "market"
    obs = g.observe(s, 0)
    assert obs.rules.type_values(obs.market)[HORSE] == 1000 and obs.rules.type_values(obs.market)[COW] == 700
    action = HeuristicAgent().act(obs, obs.legal, None)
    assert action.changes == ((COW, -1),)
    g.step(s, 0, action)


def test_it_challenges_for_the_animal_worth_most_to_it():
    """Offered a trade for a rooster with seat 1 or a cow with seat 2, it takes the cow."""
    g, obs = _obs(pastures=[["rooster", "cow"], ["rooster"], ["cow"]])
    action = HeuristicAgent().act(_with(obs, phase="trade"), _legal(((1, 0), (2, COW)), False), None)
    assert (action.target, action.animal) == (2, COW)


def test_an_offer_by_value_is_at_least_one_note():
    """Worth nothing, holding no 0-note: it still offers a note, its cheapest."""
    bot = HeuristicAgent()
    _, obs = _obs(money=["50+10", None, None])
    notes = bot._offer(obs, 0.0, False)
    assert sum(notes) == 1 and notes[obs.rules.denominations.index(10)] == 1


def test_a_value_gain_for_a_type_in_the_barn_is_worth_the_completed_amount():
    """A Value-Gain ticket for a type already completed (in the barn, none in the
    pasture) is valued at two thirds of its complete amount: 200 of the rulebook's 300."""
    bot = HeuristicAgent()
    _, obs = _obs(barns=[["cow"], [], []])
    assert not obs.pastures[0]
    assert bot._ticket_worth(obs, "value-gain:cow") == 200
    assert bot._ticket_worth(obs, "value-gain:pig") == 90


def test_behind_it_heads_for_a_pen_holding_animals_not_an_empty_one():
    """Behind its patience, roll 1: the empty pen-1 is free, pen-2 holding a goose costs a
    note. It pays for the pen that can be auctioned."""
    g, obs = _obs(pens={"pen-2": ["goose"]})
    obs = _with(obs, turn=500)
    assert behind(obs) and obs.pens[0] == ()
    assert HeuristicAgent().act(obs, obs.legal, None).space == "pen-2"


def test_a_refused_empty_market_steps_a_type_at_the_bottom_up():
    """market_none=refused, holding the horse at the top and every other type at the
    track's bottom (0): no type can go down, so the one it changes goes up, a legal move."""
    g = make_game("bidder-up", board="fairground", market_none="refused")
    market = {a: 0 for a in ANIMALS if a != "horse"} | {"horse": 1000}
    s = g.state_from_position(3, current=0, roll=2, money=["10+10+10+10", None, None], pastures=[["horse"], [], []],
                              market=market)
    s = g.step(s, 0, "move hilltop")
    obs = g.observe(s, 0)
    action = HeuristicAgent().act(obs, obs.legal, None)
    assert len(action.changes) == 1 and action.changes[0][1] == 1 and action.changes[0][0] != HORSE
    g.step(s, 0, action)


def test_an_animal_worth_more_than_the_auctions_bound_is_bid_for_within_its_money():
    """Animal values up to 10,000: a horse completing a third type in the barn is worth
    far more than 10,000 to it; it bids as for any dear animal, the lowest bid, 10."""
    g = make_game("bidder-up", animal_values=(10, 40, 90, 160, 350, 350, 500, 650, 800, 10_000))
    s = g.state_from_position(2, current=0, roll=2, pens={"pen-2": ["horse"]}, pastures=[[], ["horse"]],
                              barns=[[], ["cow", "pig"]])
    s = g.step(s, 0, "move pen-2")
    obs = g.observe(s, 1)
    assert obs.legal.inner is not None and worth_to(obs, 1)[HORSE] > 10_000
    action = HeuristicAgent().act(obs, obs.legal, None)
    assert str(action) == "bid 10"
    g.step(s, 1, action)


def test_it_bids_up_to_its_money_and_no_further():
    """A horse worth far more than its 10 + 50 (60): it opens at 10; outbid to 60, it
    passes rather than bid 70 it could not pay [D]."""
    g = make_game("bidder-up")
    s = g.state_from_position(3, current=0, roll=2, pens={"pen-2": ["horse"]}, money=[None, "10+50", None],
                              pastures=[[], ["horse"], []])
    s = g.step(s, 0, "move pen-2")
    obs = g.observe(s, 1)
    assert obs.legal.inner is not None and worth_to(obs, 1)[HORSE] > 60
    bot = HeuristicAgent()
    action = bot.act(obs, obs.legal, None)
    assert str(action) == "bid 10"
    s = g.step(g.step(s, 1, action), 2, "bid 60")
    obs = g.observe(s, 1)
    assert obs.legal.inner.bid[0] == 70
    assert str(bot.act(obs, obs.legal, None)) == "pass"


def test_it_does_not_pay_a_note_for_a_space_worth_just_the_note():
    """A note given up is worth about 30 to it (NOTE_WORTH): a goose valued 60 (a pen
    worth 30) for 1 note is no better than a worthless space reached free, so it pays
    nothing."""
    g = make_game("bidder-up", animal_values=(0, 60, 90, 160, 350, 350, 500, 650, 800, 1000))
    s = g.state_from_position(3, current=0, roll=1, pens={"pen-1": ["rooster"], "pen-2": ["goose"]})
    obs = g.observe(s, 0)
    bot = HeuristicAgent()
    assert bot._space_worth(obs, "pen-2") == 30 and dict(obs.legal.key)["pen-2"][1] == 1
    move = bot.act(obs, obs.legal, None)
    assert dict(obs.legal.key)[move.space][1] == 0


def test_it_keeps_the_higher_wool_milk_ticket():
    """The Wool-Milk-Sow goes to the highest Wool-Milk total: of Wool-Milk 1 and 3 it keeps 3."""
    _, obs = _obs(board="fairground")
    assert HeuristicAgent().act(_with(obs, phase="keep"), _legal("wool-milk:1", "wool-milk:3"), None) == \
        A.Keep("wool-milk:3")
