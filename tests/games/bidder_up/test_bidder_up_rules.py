"""Bidder Up!, one test per rule (sections of docs/bidder-up.md), each with the
rulebook's numbers where it gives them."""

import re
from collections import Counter

import pytest

from bluffkit.core.errors import IllegalAction, RulesError
from bluffkit.core.game import make_game
from bluffkit.games.bidder_up import actions as A
from bluffkit.games.bidder_up.engine import Table
from bluffkit.games.bidder_up.fair import step_cost
from bluffkit.games.bidder_up.scoring import score_of, value_gain, wool
from bluffkit.testing import assert_refused

SHEEP, DONKEY, COW, HORSE, GOOSE, ROOSTER, PIG = 4, 6, 8, 9, 1, 0, 7


def game(**options):
    return make_game("bidder-up", **options)


# -- B. setup and tiles ---------------------------------------------------------------------

def test_first_game_tiles_come_from_the_board_and_keep_classic_elsewhere():
    assert sorted(game().rules.tiles_for(3)) == ["cat-in-the-bag", "classic", "classic", "dutch"]
    assert sorted(game(board="fairground").rules.tiles_for(4)) == ["cat-in-the-bag", "classic", "dutch",
                                                                     "secret-value"]
    assert sorted(game().rules.tiles_for(2)) == ["cat-in-the-bag", "classic", "number-call", "the-call"]


@pytest.mark.parametrize("tiles, players, says", [
    (("dutch", "secret-count", "american-count", "classic"), 4, "at most 2 different Count"),
    (("classic", "classic", "secret-value", "round-the-table"), 3, "at most 2 different Count"),
    (("second-hand", "dutch", "classic", "classic"), 3, "second-hand is for 4 players;"),
    (("number-call", "dutch", "classic", "classic"), 3, "number-call is for 2 players;"),
    (("classic", "dutch", "classic", "american-count"), 2, "dutch is for 3-4 players, american-count is for 4 "),
])
def test_tiles_must_have_one_or_two_count_auctions_fitting_the_player_count(tiles, players, says):
    with pytest.raises(RulesError, match=says):
        game(tiles=list(tiles)).check_players(players)


def test_tiles_may_be_given_as_names_separated_by_commas():
    """``--option tiles=dutch,classic,...`` was refused: a list had to be written as JSON."""
    assert game(tiles="dutch, cat-in-the-bag,classic,secret-value").rules.tiles == \
        ("dutch", "cat-in-the-bag", "classic", "secret-value")
    with pytest.raises(RulesError, match=r"a list, or names separated by commas\), got \('dutch', 'classic'\)"):
        game(tiles="dutch,classic")


def test_a_bad_tile_or_option_is_refused_in_one_line():
    with pytest.raises(RulesError, match="unknown format"):
        game(tiles=["bingo", "dutch", "classic", "classic"])
    with pytest.raises(RulesError, match="board must be"):
        game(board="zoo")
    with pytest.raises(RulesError, match="2 to 4"):
        game().check_players(5)


def test_more_notes_than_a_hand_may_hold_are_refused_before_any_deal():
    """The two-player deal lays out every note of the box one by one: 10**18 of them ran
    out of memory; the bound is the auctions' (one player may hold them all)."""
    with pytest.raises(RulesError, match=r"notes: at most 1,000 notes in all .* got 1,000,000,000,000,000,046"):
        game(notes=[10, 16, 8, 6, 6, 10**18])
    assert sum(game(notes=[10, 16, 8, 6, 6, 954]).rules.notes) == 1000


def test_the_box_holds_24_raffle_tickets_and_50_notes_in_the_documented_mix():
    """[A] "50 money notes", "1 bag with 24 raffle tickets"; the kinds are the rulebook's
    (H: four action tickets, Value-Gain, Wool-Milk "numbers 0 to 3"), how many of each
    is L5's and the notes' denominations L3's, read as docs/bidder-up.md's defaults: 2 of
    each action ticket, a Value-Gain for cat, dog, sheep, goat, pig and cow, Wool-Milk 0
    x1, 1 x3, 2 x3, 3 x3; ten 0s, sixteen 10s, eight 50s, six 100s, six 200s, four 500s.
    A Fairground game of three deals the whole bag, and its table counts all 50 notes."""
    from collections import Counter

    from bluffkit.games.bidder_up.rules import TICKETS, Rules
    assert len(TICKETS) == 24 and Rules().tickets == TICKETS
    want = {"extra-turn": 2, "move-markers": 2, "horse-trade": 2, "special-horse-trade": 2,
            "wool-milk:0": 1, "wool-milk:1": 3, "wool-milk:2": 3, "wool-milk:3": 3}
    want.update({f"value-gain:{a}": 1 for a in ("cat", "dog", "sheep", "goat", "pig", "cow")})
    assert Counter(TICKETS) == want
    r = Rules()
    assert dict(zip(r.denominations, r.notes)) == {0: 10, 10: 16, 50: 8, 100: 6, 200: 6, 500: 4}
    assert sum(r.notes) == 50
    s = game(board="fairground").new_state(3)
    assert len(s.bag) == 24
    held = [sum(s.bank), sum(s.box), len(s.piggy)] + [sum(m) for m in s.money]
    assert sum(held) == 50, held


def test_the_invariants_hold_before_the_deal():
    for players in (2, 3, 4):
        assert game().invariants(game().new_state(players)) == []


@pytest.mark.parametrize("board, animals", [("animal-market", 20), ("fairground", 30)])
def test_the_deal_uses_a_set_of_2_or_3_and_a_cat_pen_holds_3(board, animals):
    import numpy as np
    g = game(board=board)
    s = g.new_state(3)
    s = g.step(s, None, g.sample_chance(s, np.random.default_rng(3)))
    t = Table.thaw(s)
    assert sum(map(len, s.pens)) + sum(map(len, s.stacks)) == animals
    for i, pen in enumerate(t.lay.pens):
        assert len(s.pens[i]) == (3 if t.cats[i] else pen.size)
    assert abs(len(s.stacks[0]) - len(s.stacks[1])) <= 1, "two roughly equal stacks"


def test_the_first_seated_begins_and_play_goes_clockwise():
    """[B] "Whoever sat down at the table first begins. After that, play proceeds clockwise
    around the table": seat 0 (the first seated) rolls first after the deal, then seats 1,
    2, and seat 0 again, each turn one roll, one move and the space's action."""
    import numpy as np
    g = game()
    for seed in range(3):                        # after a real deal, whatever it deals: seat 0 rolls
        s = g.new_state(3)
        s = g.step(s, None, g.sample_chance(s, np.random.default_rng(seed)))
        assert (s.phase, s.current) == ("roll", 0)
    s = g.state_from_position(3)                 # then round the table from a set position
    order = []
    for _ in range(4):
        assert s.phase == "roll", s.phase
        order.append(s.current)
        s = g.step(s, None, "roll 1")
        s = g.step(s, s.current, "move hill-west" if s.pos[s.current] == "start" else "move hilltop")
    assert order == [0, 1, 2, 0]


# -- C. movement --------------------------------------------------------------------------------

def test_movement_costs_notes_by_count():
    assert [step_cost(k) for k in (1, 2, 3)] == [1, 3, 6]


def annette():
    g = game()
    return g, g.state_from_position(3, current=0, roll=1)


def test_annettes_roll_of_1_reaches_the_goose_or_the_piggy_bank_for_free():
    g, s = annette()
    reach = Table.thaw(s).reachable()
    free = sorted(sp for sp, (_, cost) in reach.items() if cost == 0)
    assert free == ["hill-west", "pen-1"]
    assert reach["pen-2"] == (2, 1), "the cow: one space more for 1 note"


def test_with_zero_pays_count_off_a_hand_of_0_notes_reaches_only_the_free_spaces():
    """L7: 0-notes do not pay a change of the roll, so a space that needs one is not offered
    (it used to be listed, then refused when chosen)."""
    for zero_pays in (True, False):
        g = game(zero_pays_count=zero_pays)
        s = g.state_from_position(3, current=0, roll=1, money=["0+0+0", "0", "0"])
        reach = Table.thaw(s).reachable()
        assert {sp for sp, _ in g.legal(s, 0).key} == set(reach)
        assert {sp for sp, (_, cost) in reach.items() if cost == 0} == {"hill-west", "pen-1"}
        if zero_pays:
            assert reach["pen-2"] == (2, 1)
        else:
            assert max(cost for _, cost in reach.values()) == 0
            assert_refused(g, s, 0, "move pen-2 pay 0", rule="cannot-reach")
    g = game(zero_pays_count=False)
    s = g.state_from_position(3, current=0, roll=1, money=["0+0+10", "0", "0"])
    reach = Table.thaw(s).reachable()
    assert reach["pen-2"] == (2, 1) and max(cost for _, cost in reach.values()) == 1
    assert g.step(s, 0, "move pen-2 pay 10").pos[0] == "pen-2"
    # the space is reachable (the 10 can pay), but a 0-note may not pay the step
    assert_refused(g, s, 0, "move pen-2 pay 0", rule="zero-note")
    fair = game(board="fairground", zero_pays_count=False)
    s = fair.step(fair.state_from_position(3, current=0, roll=2, money=["0+0+10", "0", "0"]), 0, "move hilltop")
    assert s.phase == "market"
    assert_refused(fair, s, 0, "market sheep+1 pay 0", rule="zero-note")
    assert fair.step(s, 0, "market sheep+1 pay 10").phase != "market"
    g, s = raffle_position(["extra-turn", "wool-milk:3", "wool-milk:1"], zero_pays_count=False)
    assert_refused(g, s, 0, "raffle 1 pay 0", rule="zero-note")                  # (and the raffle's cost)
    assert g.step(s, 0, "raffle 1 pay 10").phase == "draw"


def test_moving_counterclockwise_or_paying_the_wrong_count_is_refused():
    """[C] Annette may not move counterclockwise; "to increase her movement by 1 space, she
    places 1 money note": the cow's space costs 1 note, neither none nor 2, and the goose's
    space, the roll itself, costs nothing."""
    g, s = annette()
    assert_refused(g, s, 0, "move piggy-2", rule="cannot-reach")
    assert_refused(g, s, 0, "move pen-2", rule="wrong-count", says="number counts")
    assert_refused(g, s, 0, "move pen-2 pay 0+10", rule="wrong-count", says="1 note")
    assert_refused(g, s, 0, "move pen-1 pay 0", rule="wrong-count", says="0 notes")
    assert_refused(g, s, 0, "move pen-2 pay 500", rule="notes-not-held")
    after = g.step(s, 0, "move pen-2 pay 0")
    assert after.pos[0] == "pen-2" and len(after.piggy) == 1


def test_notes_paid_onto_the_piggy_bank_lie_highest_first_so_the_smallest_are_on_top():
    """[C] notes paid are "placed face-down on the Piggy Bank", [F] whoever lands there
    "takes the top 5": the text does not order one payment's notes on the pile, and
    docs/bidder-up.md's reading lays them highest first, whatever order they are written
    in, so the smallest lie on top. Annette pays 10 + 0 + 50 for 2 spaces more onto a
    pile holding a 500: the pile reads 500, 50, 10, 0 from the bottom."""
    g = game()
    s = g.state_from_position(3, current=0, roll=1, piggy="500")
    s = g.step(s, 0, "move trade-1 pay 10+0+50")
    d = g.rules.denominations
    assert [d[i] for i in s.piggy] == [500, 50, 10, 0]


def test_no_move_may_be_made_by_a_player_out_of_turn():
    g, s = annette()
    assert_refused(g, s, 1, "move pen-1", rule="not-your-turn")
    assert_refused(g, s, 0, "roll 2", rule="chance-move")


def test_a_far_space_is_reached_with_the_notes_it_costs_however_many():
    """[C] "move more or fewer spaces than the roll shows, by paying for it ... and so on":
    no upper limit. With 70 notes (the notes option allows more than the 50 dealt) a roll
    of 1 from the raffle booth reaches the Piggy Bank 12 spaces on for 66 notes; the moves
    were listed with the notes capped at 64, and the move was refused as out of reach."""
    g = game(board="fairground", notes=[80, 16, 8, 6, 6, 4])
    s = g.state_from_position(3, current=0, roll=1, pos=["raffle-1"] * 3, money=["+".join(["0"] * 70), None, None])
    assert dict(g.legal(s, 0).key)["piggy-2"] == (12, 66)
    s = g.step(s, 0, "move piggy-2 pay " + "+".join(["0"] * 66))
    assert s.pos[0] == "piggy-2" and sum(s.money[0]) == 4 + 5, "4 notes left, then the Piggy Bank's top 5"


# -- D. pens -------------------------------------------------------------------------------------

def test_an_empty_pen_is_a_space_like_any_other():
    g = game()
    s = g.state_from_position(3, current=0, roll=1, pens={"pen-2": ["cow"]})
    s = g.step(s, 0, "move pen-1")
    assert s.phase == "roll" and s.current == 1, "nothing to auction: the turn ends"


def test_an_empty_pen_still_counts_as_a_space_when_moving():
    """[D] "Supply stack empty: if at least 1 animal can no longer be placed in the pen, it
    stays empty ... Important: when moving, the space still counts completely normally!"
    Annette's roll of 1 [C] with the goose's pen (pen 1) empty: she still reaches it or
    the Piggy Bank for nothing, and the cow one space beyond it for 1 note; with a roll
    of 2 the cow is reached for nothing, the empty pen counted as a step."""
    g = game()
    s = g.state_from_position(3, current=0, roll=1, pens={"pen-2": ["cow"]})
    reach = Table.thaw(s).reachable()
    assert sorted(sp for sp, (_, cost) in reach.items() if cost == 0) == ["hill-west", "pen-1"]
    assert reach["pen-2"] == (2, 1)
    s = g.state_from_position(3, current=0, roll=2, pens={"pen-2": ["cow"]})
    assert Table.thaw(s).reachable()["pen-2"] == (2, 0)
    assert g.step(s, 0, "move pen-2").phase == "auction", "two spaces on: the cow is auctioned"


def test_a_cat_in_the_bag_pen_is_refilled_back_to_three_face_down():
    """[B] Cat in the Bag: "stack 3 animals face-down ... in both pens belonging to that
    auction (regardless of whether they are small pens or double pens)"; [D] "Afterward,
    the pen is refilled". Animal Market, pen 7 (Cat in the Bag) holds a cow, a pig and a
    goose; Ben buys the one picked for 10: the two others stay and one animal of the
    supply joins them, 3 face down again."""
    g = game()
    s = g.state_from_position(3, current=0, roll=1, pos=["trade-5", None, None],
                              pens={"pen-7": ["cow", "pig", "goose"]})
    pen = g.table(s).lay.pen_index["pen-7"]
    supply, before = sum(map(len, s.stacks)), s.stacks
    s = g.step(s, 0, "move pen-7")
    assert s.auction.rules.format == "cat-in-the-bag"
    s = g.step(s, None, "shuffle 0,1,2")
    for seat, move in ((1, "pick 1"), (1, "bid 10"), (2, "pass"), (1, "pass"), (0, "sell"), (1, "pay 10")):
        s = g.step(s, seat, move)
    assert s.auction is None and len(s.pastures[1]) == 1
    assert len(s.pens[pen]) == 3 and sum(map(len, s.stacks)) == supply - 1
    drawn = Counter(a for stack in before for a in stack) - Counter(a for stack in s.stacks for a in stack)
    assert sum(drawn.values()) == 1, "one new animal from the supply"
    assert s.pastures[1][0] in (COW, PIG, GOOSE), "the one sold is one of the three"
    assert Counter(s.pens[pen]) + Counter(s.pastures[1]) == Counter((COW, PIG, GOOSE)) + drawn


def test_a_double_pen_that_cannot_be_filled_stays_empty():
    """"If at least 1 animal can no longer be placed in the pen, it stays empty" [D]."""
    t = Table.thaw(game().state_from_position(3))
    i = t.lay.pen_index["pen-3"]                     # a double pen
    t.pens = t.pens[:i] + ((),) + t.pens[i + 1:]
    t.stacks = ((ROOSTER,), ())
    t._refill(i)
    assert t.pens[i] == () and t.stacks == ((ROOSTER,), ())
    j = t.lay.pen_index["pen-1"]                     # a small pen takes the last one
    t.pens = t.pens[:j] + ((),) + t.pens[j + 1:]
    t._refill(j)
    assert t.pens[j] == (ROOSTER,) and t.stacks == ((), ())


def last_animals(short_pen: str):
    """Animal Market, three players: the double pen-3 holds the two cows, the supply one
    horse, Anna's pasture the other; every other type is in a barn."""
    g = game(short_pen=short_pen)
    barns = [["rooster", "goose", "cat"], ["dog", "sheep", "goat"], ["donkey", "pig"]]
    s = g.state_from_position(3, current=0, roll=3, pens={"pen-3": ["cow", "cow"]}, barns=barns,
                              pastures=[["horse"], None, None])
    assert s.stacks == ((HORSE,), ())
    s = g.step(s, 0, "move pen-3 pay 0+0+10")
    while s.phase == "auction":                     # nobody bids: Anna takes the cows free
        seat = g.to_move(s)[0]
        s = g.step(s, seat, "pass" if seat else "sell")
    return g, s


def test_short_pen_empty_the_last_animal_of_the_supply_stays_there():
    """L6 "a double pen with one animal left in supply", ``short_pen="empty"`` (default):
    "it stays empty" [D], and with every pen empty the game is over, the horse unsold."""
    g, s = last_animals("empty")
    assert g.is_over(s) and s.stacks == ((HORSE,), ()) and all(not p for p in s.pens)
    with pytest.raises(RulesError, match=r"pen-3 holds 2 animals \(a double pen\) or none, not 1"):
        g.state_from_position(3, pens={"pen-3": ["horse"]})


@pytest.mark.slow                   # (a whole conformance run of an option: the full tier, with the others)
def test_short_pen_partial_passes_the_conformance_suite(monkeypatch):
    """The conformance check (leaks, narration, replay) on games whose pens are topped up
    short at the end: the spy proves some were."""
    from bluffkit.auctions import embed
    from bluffkit.games.bidder_up import spaces
    from bluffkit.testing import check_game
    short, fill = [], embed.fill

    def spy(fmt, double, supply, pen=(), partial=False):
        filled, rest = fill(fmt, double, supply, pen, partial)
        short.append(double and not filled.face_down and len(filled.animals) == 1)   # a double pen, one animal
        return filled, rest

    monkeypatch.setattr(spaces.embed, "fill", spy)
    report = check_game(game(short_pen="partial"), 3, seeds=[1, 2])
    assert report["games"] == 2 and any(short), "no pen was topped up short: the option was not reached"


def test_short_pen_partial_the_double_pen_auctions_the_last_animal_alone():
    """``short_pen="partial"``: the pen takes the supply's one horse and auctions it alone,
    so the game ends when "no animals remain on either the supply board or the game
    board" [I]."""
    g, s = last_animals("partial")
    pen = g.table(s).lay.pen_index["pen-3"]
    assert not g.is_over(s) and s.pens[pen] == (HORSE,) and s.stacks == ((), ())
    assert not g.invariants(s)
    # the same end from a position: the double pen holds the horse alone, Anna moves there
    barns = [["rooster", "goose", "cat", "cow"], ["dog", "sheep", "goat"], ["donkey", "pig"]]
    s = g.state_from_position(3, current=0, roll=3, pens={"pen-3": ["horse"]}, barns=barns,
                              pastures=[["horse"], None, None])
    assert s.stacks == ((), ()) and not g.invariants(s)
    with pytest.raises(RulesError, match="pen-3 holds 1 of its 2 animals while the supply still has 19"):
        g.state_from_position(3, pens={"pen-3": ["horse"]})     # short only from the supply's last
    s = g.step(s, 0, "move pen-3 pay 0+0+10")
    assert s.phase == "auction" and s.auction.pen == (HORSE,), "one lot, not a double pen's two"
    while s.phase == "auction":
        seat = g.to_move(s)[0]
        s = g.step(s, seat, "pass" if seat else "sell")
    assert g.is_over(s) and HORSE in s.barns[0] and not any(s.pens) and s.stacks == ((), ())
    with pytest.raises(RulesError, match="short_pen must be empty or partial"):
        game(short_pen="some")


def test_a_fairground_double_pen_gives_the_highest_sealed_bid_the_animal_worth_more_on_the_market():
    """[D] booklet, Secret Value: "In a double auction (double pen), the highest bid applies
    to the more valuable of the two animals; the second-highest bid applies to the less
    valuable one. (On the Fairground, the current market value is what determines this.)"
    With the market of Daniel's example [G] (sheep 500, donkeys 350) the highest bid takes
    the sheep, though the Animal Market's values (sheep 350, donkey 500 [L4]) rank the
    donkey first."""
    g = game(board="fairground")
    s = g.state_from_position(3, current=0, roll=1, pos=["pen-5", "start", "start"],
                              pens={"pen-6": ["sheep", "donkey"]}, market={"sheep": 500, "donkey": 350},
                              money=[None, "50+50+10+10", "50+50"])
    s = g.step(s, 0, "move pen-6")
    assert s.auction.rules.format == "secret-value" and len(s.auction.pen) == 2, "the double Secret Value pen"
    s = g.step(g.step(s, 1, "bid 120"), 2, "bid 100")
    assert s.auction.awards == ((1, (SHEEP,), 120), (2, (DONKEY,), 100))
    for seat, move in ((0, "sell"), (1, "pay 50+50+10+10"), (2, "pay 50+50")):
        s = g.step(s, seat, move)
    assert s.auction is None and s.pastures[1] == (SHEEP,) and s.pastures[2] == (DONKEY,)


def test_a_complete_type_goes_to_the_barn_and_locks_its_market_value():
    g = game(board="fairground")
    t = Table.thaw(g.state_from_position(3, pastures=[["sheep", "sheep"], None, None]))
    t.to_pasture(0, (SHEEP,))
    assert t.barns[0] == (SHEEP,) and SHEEP not in t.pastures[0] and SHEEP in t.locked


# -- E. horse-trading ------------------------------------------------------------------------------

def trade_position(**kw):
    g = game(**kw)
    s = g.state_from_position(3, current=0, roll=3, pastures=[["sheep", "cow"], ["sheep"], ["cow"]],
                              barns=[None, ["horse"], None])
    return g, g.step(s, 0, "move trade-1")


def test_only_types_both_hold_on_their_pastures_can_be_traded():
    g, s = trade_position()
    assert s.phase == "trade"
    assert Table.thaw(s).trade_pairs(0) == ((1, SHEEP), (2, COW))
    assert_refused(g, s, 0, "trade 1 horse offer 10", rule="no-such-trade")
    assert_refused(g, s, 0, "trade 1 sheep offer none", rule="empty-offer")


def test_a_horse_trading_space_with_nobody_to_challenge_ends_the_turn():
    """[E] "Only animal types that both players already own on their pastures are allowed":
    Anna holds a sheep, Ben a cow, Carla nothing, so no type is allowed; the space does
    nothing (docs/bidder-up.md's reading for L7 "a horse-trade landing with no possible
    opponent") and Ben rolls next."""
    g = game()
    s = g.state_from_position(3, current=0, roll=3, pastures=[["sheep"], ["cow"], None])
    s = g.step(s, 0, "move trade-1")
    assert s.phase == "roll" and s.current == 1 and s.trade is None
    assert s.pastures[:2] == ((SHEEP,), (COW,))


def test_an_accepted_offer_buys_the_animal():
    g, s = trade_position()
    s = g.step(s, 0, "trade 2 cow offer 50+10")
    assert s.phase == "respond" and g.to_move(s) == (2,)
    s = g.step(s, 2, "agree")
    assert s.barns[0] == (COW,) and s.pastures[2] == ()
    assert g.facts(s, "ABC")["money"] == {"A": 80, "B": 140, "C": 200}


def test_a_player_without_notes_is_offered_only_to_agree():
    """'help' offered "counter NOTES" to a challenged player holding no notes, who cannot:
    an offer is at least one note (empty_offer=false, L7)."""
    g = game()
    s = g.state_from_position(3, current=0, roll=3, pastures=[["sheep", "cow"], ["sheep"], ["cow"]],
                              barns=[None, ["horse"], None], money=[None, None, "none"])
    s = g.step(g.step(s, 0, "move trade-1"), 0, "trade 2 cow offer 50+10")
    assert g.legal(s, 2).description == "agree (you hold no notes to counter with)"
    assert_refused(g, s, 2, "counter none", rule="empty-offer")
    s = g.step(trade_position()[1], 0, "trade 2 cow offer 50+10")
    assert g.legal(s, 2).description == "agree, or counter NOTES (face down)"
    g = game(empty_offer=True)                                # an empty offer allowed: it may counter
    s = g.state_from_position(3, current=0, roll=3, pastures=[["sheep", "cow"], ["sheep"], ["cow"]],
                              barns=[None, ["horse"], None], money=[None, None, "none"])
    s = g.step(g.step(s, 0, "move trade-1"), 0, "trade 2 cow offer 50+10")
    assert g.legal(s, 2).can_counter and g.legal(s, 2).explain(g.parse("counter none")) is None
    # and the challenger too may offer nothing (L7 "an empty offer"; a bluff, as a 0-note is)
    for empty, phase in ((True, "respond"), (False, None)):
        g = game(empty_offer=empty)
        s = g.state_from_position(3, current=0, roll=3, pastures=[["sheep", "cow"], ["sheep"], ["cow"]],
                                  barns=[None, ["horse"], None], money=["none", None, None])
        s = g.step(s, 0, "move trade-1")
        if empty:
            assert g.step(s, 0, "trade 2 cow offer none").phase == phase
        else:
            assert s.phase != "trade", "with no note to offer and no empty offer, no trade is offered"


def test_the_higher_counter_offer_wins_and_each_keeps_what_it_received():
    g, s = trade_position()
    s = g.step(s, g.to_move(s)[0], "trade 1 sheep offer 10+0")
    s = g.step(s, 1, "counter 50")
    assert s.barns[1] == (SHEEP, HORSE), "50 beats 10: Ben takes Anna's sheep, a pair for his barn"
    assert SHEEP not in s.pastures[0], "one animal from each side: seat 0 lost its sheep"
    assert g.facts(s, "ABC")["money"] == {"A": 180, "B": 100, "C": 140}, "each keeps the offer received"


@pytest.mark.parametrize("mine, theirs, counter, winner", [
    (["sheep"], ["sheep", "sheep"], "10", 0),          # the challenger wins one of Ben's two
    (["sheep"], ["sheep", "sheep"], "50+50", 1),       # Ben wins Anna's one: his three to the barn
    (["sheep", "sheep"], ["sheep"], "10", 0),          # Anna wins Ben's one: her three to the barn
    (["sheep", "sheep"], ["sheep"], "50+50", 1),       # Ben wins one of Anna's two
])
def test_two_against_one_on_the_fairground_trades_one_animal_each(mine, theirs, counter, winner):
    """[E] "2 against 1? Even on the Fairground, if one of the two players involved already
    owns 2 animals of that type — the horse-trade always concerns only 1 animal from each
    player." Anna offers 50 for a sheep, Ben counters 10 or 100: the higher bid takes one
    sheep, never two, and 3 sheep together are "the complete animal type" for the barn."""
    g = game(board="fairground")
    s = g.state_from_position(3, current=0, roll=3, pastures=[mine, theirs, None])
    s = g.step(s, 0, "move trade-1 pay 0")
    s = g.step(g.step(s, 0, "trade 1 sheep offer 50"), 1, "counter " + counter)
    held = [len(mine), len(theirs)]
    held[winner] += 1
    held[1 - winner] -= 1
    for seat in (0, 1):
        if held[seat] == 3:
            assert SHEEP in s.barns[seat] and SHEEP not in s.pastures[seat], (seat, s.barns[seat])
        else:
            assert s.pastures[seat].count(SHEEP) == held[seat] and SHEEP not in s.barns[seat], \
                (seat, s.pastures[seat])


def test_the_special_horse_trade_counts_notes():
    g = game(board="fairground")
    s = g.state_from_position(3, current=0, roll=2, pastures=[["sheep"], ["sheep"], None],
                              tickets=[["special-horse-trade"], None, None])
    s = g.step(s, 0, "move pen-1")                  # an auction of pen 1's animals
    while s.phase == "auction":
        seat = g.to_move(s)[0]
        s = g.step(s, seat, g.legal(s, seat).sample(__import__("numpy").random.default_rng(0)))
    assert s.phase == "end"
    s = g.step(s, 0, "ticket special-horse-trade")
    s = g.step(s, 0, "trade 1 sheep offer 10+0+0")      # 3 notes worth 10
    s = g.step(s, 1, "counter 50+50")                   # 2 notes worth 100
    assert SHEEP in s.pastures[0] + s.barns[0] and SHEEP not in s.pastures[1], "3 notes beat 2"


# -- F, G, H. piggy bank, market, raffle ---------------------------------------------------------


def test_an_empty_piggy_bank_gives_nothing_and_the_turn_goes_on():
    """[F] "If fewer notes are there (or none at all), they receive correspondingly fewer":
    Anna lands on the Piggy Bank with nothing on it; her notes stay as they were (140 in
    8 notes) and Ben rolls next."""
    g = game()
    s = g.state_from_position(3, current=0, roll=1)
    assert s.piggy == ()
    s = g.step(s, 0, "move hill-west")
    assert g.facts(s, "ABC")["money"]["A"] == 140 and sum(s.money[0]) == 8
    assert s.piggy == () and s.phase == "roll" and s.current == 1


def test_the_market_refuses_a_locked_type_too_many_steps_or_types_and_the_track_end():
    g = game(board="fairground")
    s = g.state_from_position(3, current=0, roll=2, barns=[None, ["cow"], None])
    s = g.step(s, 0, "move hilltop")
    assert s.phase == "market"
    assert_refused(g, s, 0, "market cow+1 pay 10", rule="locked")
    assert_refused(g, s, 0, "market sheep+4 pay 10+10+10+10+0+0", rule="too-many-steps")
    assert_refused(g, s, 0, "market sheep+0", rule="too-many-steps", says="1 to 3 steps")   # [G] "1, 2, or 3 spaces"
    assert_refused(g, s, 0, "market sheep+1,goat+1,pig+1,dog+1 pay 10+10+10+10", rule="too-many-types")
    assert_refused(g, s, 0, "market rooster-2 pay 10+10+0", rule="track-end")
    assert_refused(g, s, 0, "market sheep+2 pay 10+10", rule="wrong-count")
    assert_refused(g, s, 0, "market sheep+1 pay 10+0", rule="wrong-count")      # [G] 1 step, 1 note
    # a move built in code that holds no (type, steps) pairs: one crashed (TypeError), a
    # type of -1 moved the last type's marker, one past the types ended in an IndexError
    from bluffkit.games.bidder_up.actions import Market
    ten = g.parse("market sheep+1 pay 10").notes
    for changes in ((0,), ((-1, 1),), ((10, 1),), ((1, 1, 1),), (("sheep", 1),)):
        assert_refused(g, s, 0, Market(changes, ten), rule="bad-change")
    assert g.step(s, 0, "market none").phase == "roll"


def test_daniels_market_example_sheep_up_two_donkeys_down_one_for_4_notes():
    """[G] "He raises sheep by 2 steps, paying 3 notes for it (1 note for the 1st step + 2
    notes for the 2nd step). Sheep are now worth 500 points. He also lowers the value of
    donkeys by 1 step, paying 1 note for it. They are now only worth 350 points. In total he
    pays 4 notes", face down onto the Piggy Bank."""
    g = game(board="fairground")
    s = g.step(g.state_from_position(3, current=0, roll=2, piggy=""), 0, "move hilltop")
    assert_refused(g, s, 0, "market sheep+2,donkey-1 pay 10+10+10", rule="wrong-count")   # 3 notes, not 4
    s = g.step(s, 0, "market sheep+2,donkey-1 pay 10+10+10+0")
    market = g.facts(s, "ABC")["market"]
    assert (market["sheep"], market["donkey"]) == (500, 350)
    assert len(s.piggy) == 4, "the 4 notes lie on the Piggy Bank"


def test_market_none_refused_makes_a_type_change_unless_none_can():
    """L7, "a market action changing no type": the option market_none. Refused, the player
    changes at least one type while one can change and a note can pay for it; a player with
    no note, or a market of locked types only, still leaves it as it is."""
    g = game(board="fairground", market_none="refused")
    s = g.step(g.state_from_position(3, current=0, roll=2), 0, "move hilltop")
    assert s.phase == "market" and "at least one type changes" in g.legal(s, 0).description
    assert_refused(g, s, 0, "market none", rule="market-none")
    assert_refused(g, s, 0, "market sheep+0", rule="too-many-steps")     # no way round: 0 steps change no type
    assert g.step(s, 0, "market sheep+1 pay 0").phase == "roll"
    broke = g.step(g.state_from_position(3, current=0, roll=2, money=["", "10", "10"]), 0, "move hilltop")
    assert broke.phase == "market" and g.step(broke, 0, "market none").phase == "roll", "no note: none is all there is"
    assert "or market none" in g.legal(broke, 0).description
    zeros = game(board="fairground", market_none="refused", zero_pays_count=False)
    only_zeros = zeros.step(zeros.state_from_position(3, current=0, roll=2, money=["0+0", "10", "10"]), 0,
                            "move hilltop")
    assert only_zeros.phase == "market" and zeros.step(only_zeros, 0, "market none").phase == "roll", \
        "0-notes that may not pay: none is all there is"
    with pytest.raises(RulesError, match="market_none must be allowed or refused"):
        game(board="fairground", market_none="never")


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_market_none_refused_passes_the_conformance_suite(players):
    """The bots, the random draw and every no-leak check under the option."""
    from bluffkit.testing import check_game
    report = check_game(game(board="fairground", market_none="refused"), players, seeds=[0])
    assert report["games"] == 1 and report["narrations"] > 0


def raffle_position(bag, **options):
    g = game(board="fairground", **options)
    s = g.state_from_position(3, current=0, roll=1, bag=bag)
    return g, g.step(s, 0, "move raffle-1")


def test_the_raffle_draws_for_as_many_notes_keeps_one_and_returns_the_rest():
    g, s = raffle_position(["extra-turn", "wool-milk:3", "wool-milk:1"])
    assert_refused(g, s, 0, "raffle 2 pay 10", rule="wrong-count")
    assert_refused(g, s, 0, "raffle 1 pay 10+0", rule="wrong-count")            # [H] 1 ticket, 1 note
    s = g.step(s, 0, "raffle 2 pay 10+0")
    assert len(s.piggy) == 2 and s.phase == "draw"
    assert_refused(g, s, None, "tickets wool-milk:2,wool-milk:3", rule="bad-draw")
    s = g.step(s, None, "tickets extra-turn,wool-milk:3")
    assert g.observe(s, 1).drawn == 2 and g.observe(s, 0).drawn == ("extra-turn", "wool-milk:3")
    s = g.step(s, 0, "keep extra-turn")
    assert s.tickets[0] == ("extra-turn",) and sorted(s.bag) == ["wool-milk:1", "wool-milk:3"]
    assert s.phase == "end", "an action ticket may be revealed the turn it is won"
    s = g.step(s, 0, "ticket extra-turn")
    assert s.phase == "roll" and s.current == 0, "Extra Turn: the same player again"
    assert s.tickets[0] == ()


def test_value_gain_and_wool_milk_tickets_are_not_revealed_during_the_game():
    """[H] "Value-Gain tickets are only revealed at the end of the game"; "Wool-Milk tickets
    ... are only revealed at the end of the game": neither is offered or taken as an action
    ticket, before the move or at the end of the turn."""
    g = game(board="fairground")
    s = g.state_from_position(3, current=0, roll=2, tickets=[["value-gain:sheep", "wool-milk:3"], [], []])
    for when in (s, g.step(g.step(s, 0, "move hilltop"), 0, "market none")):
        assert g.legal(when, 0).tickets == ()
        for name in ("value-gain:sheep", "wool-milk:3"):
            assert_refused(g, when, 0, f"ticket {name}", rule="no-ticket")


def test_more_tickets_than_the_bag_holds_cannot_be_drawn():
    g, s = raffle_position(["wool-milk:1"])
    assert_refused(g, s, 0, "raffle 2 pay 10+0", rule="too-many-tickets")


def test_raffle_overdraw_draw_rest_pays_for_the_tickets_bought_and_draws_what_is_left():
    """L7, "drawing more tickets than the bag holds": the option raffle_overdraw. Refused
    (the default) the booth offers no more than the bag holds; draw_rest lets a player
    "draw 1, 2, or 3" and pay "the corresponding number of money notes" [H] all the same,
    and chance draws what is left. Anything past raffle_max is still refused."""
    g, s = raffle_position(["wool-milk:1", "extra-turn"])
    assert g.legal(s, 0).key == (2, 2)
    err = assert_refused(g, s, 0, "raffle 3 pay 10+10+0", rule="too-many-tickets")
    assert "no more than the bag holds" in str(err)
    g, s = raffle_position(["wool-milk:1", "extra-turn"], raffle_overdraw="draw_rest")
    assert g.legal(s, 0).key == (3, 2)
    assert_refused(g, s, 0, "raffle 4 pay 10+10+0+0", rule="too-many-tickets")
    before = s
    s = g.step(s, 0, "raffle 3 pay 10+10+0")
    assert len(s.piggy) == 3, "three notes paid for three tickets"
    assert g.narrate(before, 0, g.parse("raffle 3 pay 10+10+0"), s, ["A", "B", "C"]) \
        == "A buys 3 raffle tickets (the bag holds 2)."
    assert_refused(g, s, None, "tickets wool-milk:1", rule="bad-draw")
    s = g.step(s, None, "tickets extra-turn,wool-milk:1")
    s = g.step(s, 0, "keep extra-turn")
    assert s.bag == ("wool-milk:1",) and s.tickets[0] == ("extra-turn",)
    with pytest.raises(RulesError, match="raffle_overdraw must be refused or draw_rest"):
        game(board="fairground", raffle_overdraw="some")


def test_buying_as_many_tickets_as_the_bag_holds_says_nothing_of_the_bag():
    """Two tickets bought from a bag of two: each is drawn, so the words only say what was
    bought; "(the bag holds ...)" is for a purchase past the bag under draw_rest."""
    g, s = raffle_position(["wool-milk:1", "extra-turn"], raffle_overdraw="draw_rest")
    move = g.parse("raffle 2 pay 10+0")
    assert g.narrate(s, 0, move, g.step(s, 0, move), ["A", "B", "C"]) == "A buys 2 raffle tickets."


@pytest.mark.slow                   # (a whole conformance run of an option: the full tier, with the others)
def test_raffle_overdraw_draw_rest_passes_the_conformance_suite(monkeypatch):
    """The conformance check (leaks, narration, replay) on two-player Fairground games
    whose seeds buy past the bag (the bag of 8 runs low): the spy proves they do."""
    from bluffkit.games.bidder_up import fair
    from bluffkit.testing import check_game
    past, raffle = [], fair.FairMixin._raffle

    def spy(self, seat, action):
        past.append(action.k > len(self.bag))
        return raffle(self, seat, action)

    monkeypatch.setattr(fair.FairMixin, "_raffle", spy)
    report = check_game(game(board="fairground", raffle_overdraw="draw_rest"), 2, seeds=[2, 3])
    assert report["games"] == 2 and any(past), "no purchase went past the bag: the option was not reached"


def test_buying_the_last_ticket_ends_the_fairground_game():
    g, s = raffle_position(["wool-milk:1"])
    s = g.step(s, 0, "raffle 1 pay 10")
    s = g.step(s, None, "tickets wool-milk:1")
    s = g.step(s, 0, "keep wool-milk:1")
    s = g.step(s, 0, "end")
    assert s.phase == "over" and s.sow == 0


# -- I. scoring -------------------------------------------------------------------------------------

def test_the_scoring_sheet():
    assert score_of((350, 1000), 0, False, 350) == 3050
    assert score_of((500, 800), 0, True, 350) == 4250
    assert score_of((), 0, True, 100) == 100, "no complete type: nothing to multiply"
    assert score_of((500,), 0, False, 0, loans=600) == -100


def test_animals_still_on_the_pasture_score_nothing():
    """[I] "Important: animal types still standing on the pasture (not yet complete) are not
    scored!": a cow on the pasture beside a type in the barn scores that type's value x 1
    (Animal Market sheep 350; Fairground "3 dogs = 150"), a horse on the pasture alone 0."""
    for board, barn, points in (("animal-market", "sheep", 350), ("fairground", "dog", 150)):
        g = game(board=board)
        s = g.state_from_position(3, barns=[[barn], [], []], pastures=[["cow"], ["horse"], []],
                                  money=["", "", ""])
        assert g.scores(s) == (points * 1, 0, 0), board


def test_value_gain_and_wool_milk():
    assert value_gain(["value-gain:sheep"], (SHEEP,)) == 300
    assert value_gain(["value-gain:cow"], (SHEEP,)) == 100
    assert value_gain(["value-gain:cow"], ()) == 0
    assert wool(["wool-milk:1", "wool-milk:2", "wool-milk:2", "extra-turn"]) == (5, 3)


def test_the_rulebooks_points_for_a_baby_and_a_value_gain_are_options():
    """The rulebook's numbers are defaults, none a hidden constant: ``baby_points`` (200 [K])
    and ``value_gain`` ((300, 100) [H]) score as given."""
    g = game(board="fairground", babies=True, baby_points=50, value_gain=[500, 20])
    t = Table.thaw(g.state_from_position(3, current=0, babies=["sheep", "cow", "pig", "dog"],
                                         tickets=[["value-gain:sheep", "value-gain:cow"], None, None]))
    t.to_pasture(0, (SHEEP, SHEEP + 10, SHEEP))         # the type complete: the baby to the barn
    assert t.baby_barns[0] == (SHEEP,)
    assert t.score(0) == (400 + 500 + 20 + 50) * 1 + 140
    t.phase = "over"
    assert "1 x 50 for babies in the barn" in g.score_sheet(t.freeze(), ["A", "B", "C"])[0]
    for bad, said in [({"baby_points": -1}, "baby_points must be an int >= 0"),
                      ({"value_gain": [300]}, "value_gain is two amounts"),
                      ({"value_gain": [300, 10**6]}, "value_gain is two amounts")]:
        with pytest.raises(RulesError, match=said):
            game(**bad)


def test_wool_milk_ties_go_to_the_most_tickets_then_to_the_die():
    g = game(board="fairground")
    t = Table.thaw(g.state_from_position(3, tickets=[["wool-milk:1", "wool-milk:2"], ["wool-milk:3"], None]))
    t.award_sow()
    assert t.sow == 0 and t.phase == "over", "3 = 3: two tickets beat one"
    t = Table.thaw(g.state_from_position(3, tickets=[["wool-milk:3"], ["wool-milk:3"], None]))
    t.award_sow()
    assert t.phase == "sow" and t.sow_tied == (0, 1)
    s = g.step(t.freeze(), None, "sow 1")
    assert s.sow == 1 and s.phase == "over"
    t = Table.thaw(g.state_from_position(3))
    t.award_sow()
    assert t.sow == -1 and t.phase == "over", "nobody holds a Wool-Milk ticket: no sow"
    # [H] "whoever has the highest total wins the Wool-Milk-Sow. In case of a tie, the
    # player with the most Wool-Milk tickets wins": the total comes first, so
    # one ticket of 3 beats two tickets of 1 (a ranking by tickets first gave it to seat 1)
    t = Table.thaw(g.state_from_position(3, tickets=[["wool-milk:3"], ["wool-milk:1", "wool-milk:1"], None]))
    t.award_sow()
    assert t.sow == 0 and t.phase == "over", "3 beats 1 + 1"


def test_babies_in_the_barn_count_before_multiplying_and_in_the_zoo_after():
    """[I] the booklet's scoring sheet as BIDDER-UP.md sums it up, "Score = (sum of barn
    types' values + Value-Gain + 200 per baby in the barn) x (complete types, + 1 for the
    sow) + 200 per baby in the petting zoo + money - loans", with two complete types, where
    the multiplier tells the two places apart."""
    from bluffkit.games.bidder_up.scoring import score_of
    assert score_of((350, 1000), value_gain=0, sow=False, money=0, barn_babies=1) == (350 + 1000 + 200) * 2
    assert score_of((350, 1000), value_gain=0, sow=False, money=0, zoo_babies=1) == (350 + 1000) * 2 + 200
    assert score_of((350, 1000), value_gain=300, sow=True, money=50, loans=300) == (1650) * 3 + 50 - 300


def test_final_ties_by_money_go_to_the_richest_of_the_tied():
    """L7's option ``final_ties="money"``: equal top scores go to the tied player with the
    most money; the default ``"shared"`` shares the win."""
    for ties, winners in (("money", (1,)), ("shared", (0, 1)), (None, (0, 1))):     # None: the default
        g = game(**({} if ties is None else {"final_ties": ties}))
        t = Table.thaw(g.state_from_position(3, barns=[["sheep"], None, None],
                                             money=["none", "200+100+50", "none"]))
        assert t.score(0) == 350 and t.score(1) == 350, "350 x 1 against 350 in money"
        t.phase = "over"
        assert g.winners(t.freeze()) == winners, ties


# -- hidden information ---------------------------------------------------------------------------

def test_a_seat_sees_counts_not_faces():
    g = game(board="fairground")
    s = g.state_from_position(3, current=0, roll=1, piggy="500+10", tickets=[None, ["wool-milk:3"], None])
    obs = g.observe(s, 0)
    assert obs.piggy == 2 and obs.ticket_counts == (0, 1, 0) and obs.my_tickets == ()
    assert obs.note_counts == (8, 8, 8) and "wool-milk:3" not in repr(obs.to_dict())
    cats = [i for i, c in enumerate(Table.thaw(s).cats) if c]
    assert cats and all(obs.pens[i] is None for i in cats)


def test_the_leak_detector_catches_the_piggy_banks_value_shown(monkeypatch):
    """If the observation carried the value of the face-down Piggy Bank, the no-leak check fails."""
    from bluffkit.games.bidder_up import observe
    from bluffkit.testing import check_game
    real = observe.Observation.of.__func__

    def leaky(cls, t, seat, legal, to_move=None):
        obs = real(cls, t, seat, legal, to_move)
        spy = sum(t.rules.denominations[i] for i in t.piggy)
        return tuple.__new__(cls, tuple(spy if f == "box" else v for f, v in zip(cls._fields, obs)))

    monkeypatch.setattr(observe.Observation, "of", classmethod(leaky))
    with pytest.raises(AssertionError, match="leak"):
        check_game(game(), 3, seeds=[0])


# -- K. Baby Animals ------------------------------------------------------------------------------

def test_the_first_to_complete_a_baby_type_takes_the_baby_to_the_barn():
    g = game(variants=["babies"])
    t = Table.thaw(g.state_from_position(3, babies=["sheep", "cow", "pig", "dog"],
                                         pastures=[["sheep"], ["cow"], None]))
    t.to_pasture(0, (SHEEP,))
    assert t.baby_barns[0] == (SHEEP,) and SHEEP not in t.babies
    assert t.score(0) == (350 + 200) * 1 + 140, "+200 before multiplying"
    t.to_pasture(2, (HORSE, HORSE))
    assert t.baby_barns[2] == (), "no baby drawn for the horses"


def test_the_deal_draws_four_babies():
    import numpy as np
    for board in ("animal-market", "fairground"):
        g = game(board=board, variants=["babies"])
        s = g.new_state(3)
        deal = g.sample_chance(s, np.random.default_rng(2))
        assert len(deal.babies) == 4 and g.parse(str(deal)) == deal
        assert len(g.step(s, None, deal).babies) == 4
    assert sum(a >= 10 for a in deal.animals) == 10, "the Fairground tells each type's male apart"


def fairground_babies(**position):
    g = game(board="fairground", variants=["babies"])
    return g, Table.thaw(g.state_from_position(3, babies=["sheep", "cow", "pig", "dog"], **position))


def test_a_female_and_the_male_bring_the_baby_to_the_petting_zoo_then_to_the_barn():
    g, t = fairground_babies(pastures=[["sheep"], None, None])
    t.to_pasture(0, (SHEEP,))
    assert t.baby_zoos[0] == (), "two females are no pair for a baby"
    t.to_pasture(0, (SHEEP + 10,))
    assert t.baby_barns[0] == (SHEEP,) and t.baby_zoos[0] == (), "the type complete at once: the baby to the barn"
    g, t = fairground_babies(pastures=[["sheep"], None, None])
    t.to_pasture(0, (SHEEP + 10,))
    assert t.baby_zoos[0] == (SHEEP,) and SHEEP not in t.babies
    assert t.score(0) == 200 + 140, "in the petting zoo: +200 after multiplying"
    t.to_pasture(0, (SHEEP,))
    assert t.baby_barns[0] == (SHEEP,) and t.baby_zoos[0] == ()
    assert t.score(0) == (400 + 200) * 1 + 140, "in the barn: +200 before multiplying (sheep at 400)"


def test_the_challenger_picks_the_specimens_and_a_baby_is_never_lost():
    g = game(board="fairground", variants=["babies"])
    t = Table.thaw(g.state_from_position(3, current=1, roll=3, babies=["sheep", "cow", "pig", "dog"],
                                         pastures=[["sheep"], ["sheep"], None]))
    t.to_pasture(0, (SHEEP + 10,))                      # Anna: a female and the male, the baby sheep
    assert t.baby_zoos[0] == (SHEEP,)
    s = g.step(t.freeze(), 1, "move hill-north")
    assert_refused(g, s, 1, "trade 0 sheep:m:f offer 50", rule="no-such-specimen")
    d = g.rules.denominations
    for bad in ("fx", "m", "mfm", "MF"):                 # a move built in code, not parsed: refused too
        assert_refused(g, s, 1, A.Trade(0, SHEEP, (0, 0, 1, 0, 0, 0), d, bad), rule="bad-specimens")
    assert_refused(g, s, 1, A.Trade(0, SHEEP, (0, 0, 1, 0, 0, 0), d, ("m", "f")), rule="plain-values")   # (not text)
    s = g.step(s, 1, "trade 0 sheep:f:m offer 50")      # Ben picks: his female against her male
    s = g.step(s, 0, "agree")
    assert s.pastures[1] == (SHEEP, SHEEP + 10) and s.pastures[0] == (SHEEP,), "accepted: she gives her male"
    assert s.baby_zoos == ((SHEEP,), (), ()), "Anna keeps the baby; Ben is not the first"


def test_specimens_are_only_told_apart_with_fairground_babies():
    g, s = trade_position()
    assert_refused(g, s, 0, "trade 1 sheep:f:f offer 10", rule="no-sexes")
# -- J. two players ---------------------------------------------------------------------------------

def two_player(**position):
    g = game()
    s = g.state_from_position(2, current=0, roll=1, **position)
    return g, g.step(s, 0, "move hill-west")


def test_two_players_choose_raid_loan_or_gamble_on_the_piggy_bank():
    g, s = two_player(piggy="10+10+0+50+0+10+0")
    assert s.phase == "piggy"
    assert [str(a) for a in g.legal(s, 0).actions()] == ["raid", "gamble", "loan 100", "loan 200", "loan 500"]
    s = g.step(s, 0, "raid")
    assert len(s.piggy) == 2 and g.facts(s, "AB")["money"]["A"] == 200, "up to 5 notes, the top ones"


def test_a_loan_needs_its_iou_and_its_note_on_the_supply_board():
    g, s = two_player()
    t = Table.thaw(s)
    t.ious = (2, 2, 0)
    assert_refused(g, t.freeze(), 0, "loan 500", rule="no-loan")
    s = g.step(s, 0, "loan 500")
    assert s.loans[0] == (1500,) and s.ious == (2, 2, 1)


def test_a_loan_whose_note_has_run_out_is_neither_offered_nor_played():
    """[J] BIDDER-UP.md's digest: "Loan: ... a 100, 200 or 500 note with its IOU ... none left of
    that size, no loan" (the booklet: "If no matching IOU note is left on the supply board, the
    player can't take that loan"). With one 500 beside the donkey (``donkey_500s_two=1``),
    Anna's loan takes it; on Ben's turn an IOU for 500 is still there, but no 500 note: the
    loan of 500 is not among his choices and is refused, while the 100 and 200 loans remain."""
    g = game(donkey_500s_two=1)
    s = g.step(g.state_from_position(2, current=0, roll=1), 0, "move hill-west")
    s = g.step(s, 0, "loan 500")
    assert s.ious == (2, 2, 1) and s.bank[5] == 0, (s.ious, s.bank)
    s = g.step(g.step(s, None, "roll 1"), 1, "move hill-west")
    assert s.phase == "piggy" and g.to_move(s) == (1,)
    assert [str(a) for a in g.legal(s, 1).actions()] == ["raid", "gamble", "loan 100", "loan 200"]
    assert_refused(g, s, 1, "loan 500", rule="no-loan")


def test_the_gambles_3_looks_at_three_gives_one_keeps_two():
    g, s = two_player(gambling="50+10+0+10+50+10")
    s = g.step(s, 0, "gamble")
    assert g.is_chance(s)
    s = g.step(s, None, "roll 3")
    assert s.phase == "give" and g.observe(s, 0).drawn == (1, 2, 1) and g.observe(s, 1).drawn == 3
    assert_refused(g, s, 0, "give 500", rule="not-drawn")
    s = g.step(s, 0, "give 10")
    assert g.facts(s, "AB")["money"] == {"A": 200, "B": 150}
    assert len(s.gambling) == 3


def test_the_two_player_deal_puts_5_notes_in_the_box_and_8_tickets_in_the_bag():
    import numpy as np
    g = game(board="fairground")
    s = g.new_state(2)
    deal = g.sample_chance(s, np.random.default_rng(5))
    s = g.step(s, None, deal)
    assert sum(s.box) == 5 and len(s.bag) == 8
    assert s.bank[g.rules.denominations.index(500)] == 4, "Fairground: all 500s beside the donkey"
    g = game(board="fairground", variants=["raffle-rush"])
    s = g.new_state(2)
    s = g.step(s, None, g.sample_chance(s, np.random.default_rng(5)))
    assert 9 <= len(s.bag) <= 11, "raffle rush: the die's roll in extra tickets"
    am = game()
    s = am.new_state(2)
    assert s.bank[am.rules.denominations.index(500)] == 2, "Animal Market: two 500s beside the donkey"


@pytest.mark.parametrize("faces", [(7,), (1, 2, 20), (0,), ()])
def test_die_faces_are_those_of_a_die(faces):
    """A die of 20 spots was accepted, and the first roll of 16 or more left the mover no
    space to reach: the random bot stopped on an IndexError, a human had no move."""
    with pytest.raises(RulesError, match="die_faces must be ints from 1 to 6"):
        make_game("bidder-up", die_faces=faces)


@pytest.mark.parametrize("board", ["animal-market", "fairground"])
def test_every_roll_a_die_may_show_reaches_a_space_from_every_space(board):
    from bluffkit.games.bidder_up.board import load_board
    b = load_board(board)
    assert all(b.destinations(s.id, roll) for s in b.spaces for roll in range(1, 16))


@pytest.mark.parametrize("board", ["animal-market", "fairground"])
@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_a_five_spot_die_plays_to_the_end(board, bot):
    from bluffkit.agents.base import make_agent
    from bluffkit.core.play import play
    game = make_game("bidder-up", board=board, die_faces=(5,))
    rec = play(game, [make_agent(bot, game) for _ in range(3)], seed=2)
    assert game.is_over(rec.final)


@pytest.mark.parametrize("faces", [(2,), (2, 4), (6,), (2, 4, 6)])
def test_a_die_of_even_faces_only_is_refused(faces):
    """With die_faces=[2] two random players of the Animal Market, both without notes, were
    stranded on one colour of its spaces (seeds 21 and 24): the game never ended."""
    with pytest.raises(RulesError, match="die_faces must include an odd face"):
        make_game("bidder-up", die_faces=faces)


def test_the_animal_markets_spaces_are_two_coloured():
    """The reason for the odd face: every step joins spaces of two colours."""
    from bluffkit.games.bidder_up.board import load_board
    b = load_board("animal-market")
    colour = {b.start: 0}
    todo = [b.start]
    while todo:
        here = todo.pop()
        for there in b.exits(here):
            if there not in colour:
                colour[there] = 1 - colour[here]
                todo.append(there)
            assert colour[there] != colour[here], (here, there)
    assert len(colour) == len(b.spaces)


def test_every_layout_the_rules_accept_deals_a_full_pen_everywhere():
    """Cat in the Bag on three positions of the Animal Market (3 animals in each of its
    pens) passed the tile checks, but the deal needed 21 of the 20 animals: a double pen
    got 1 animal and landing there ended every game in "lot: the pen holds 2 animal(s)".
    Such a layout is now refused, and every layout accepted deals each pen its animals [B]."""
    import itertools

    import numpy as np

    from bluffkit.games.bidder_up.engine import Table
    refused = 0
    for board in ("animal-market", "fairground"):
        for tiles in itertools.product(("cat-in-the-bag", "classic", "secret-count"), repeat=4):
            try:
                g = game(board=board, tiles=list(tiles))
            except RulesError as e:            # (no player count can start a game: refused when built)
                refused += "more than one position" in str(e)
                continue
            for players in (2, 3, 4):
                try:
                    g.check_players(players)
                except RulesError as e:
                    refused += "more than one position" in str(e)
                    continue
                s = g.new_state(players)
                s = g.step(s, None, g.sample_chance(s, np.random.default_rng(players)))
                t = Table.thaw(s)
                assert [len(p) for p in s.pens] == [3 if c else pen.size for c, pen in zip(t.cats, t.lay.pens)], \
                    (board, tiles, players)
    assert refused, "Cat in the Bag (or any format but Classic) lies on one position at most"


@pytest.mark.parametrize("tiles", [("dutch", "dutch", "classic", "secret-count"),
                                   ("cat-in-the-bag", "cat-in-the-bag", "cat-in-the-bag", "secret-count")])
def test_a_format_other_than_classic_lies_on_one_position_at_most(tiles):
    """"10 auction tiles" [A], one of each format; Classic is printed on the board."""
    with pytest.raises(RulesError, match="more than one position"):
        game(board="fairground", tiles=list(tiles)).check_players(3)
    game(board="fairground", tiles=["classic", "classic", "dutch", "secret-count"]).check_players(3)


def test_raffle_rush_fills_a_bag_that_tickets_two_leaves_empty():
    """Raffle rush adds the die's roll of tickets [K], so ``tickets_two=0`` leaves a bag."""
    game(board="fairground", tickets_two=0, raffle_rush=True).check_players(2)


@pytest.mark.parametrize("options, players", [({"tickets_two": 0}, 2), ({"tickets": []}, 2), ({"tickets": []}, 3)])
def test_an_empty_raffle_bag_at_the_start_is_refused(options, players):
    """The game ends "immediately after the turn in which a player buys the last raffle
    ticket" [I]; with ``tickets_two=0`` (or no tickets) the bag was empty at the deal and
    every two-player game ended after its first turn."""
    with pytest.raises(RulesError, match="raffle bag needs at least 1 ticket"):
        game(board="fairground", **options).check_players(players)
    game(board="animal-market", **options).check_players(players)      # no raffle there


# -- H. action tickets: "when exactly ... within their normal turn is up to them" ---------------

def early(**kw):
    g = game(board="fairground")
    return g, g.state_from_position(3, current=0, roll=2, tickets=[["move-markers", "extra-turn", "horse-trade"],
                                                                   [], []],
                                    pastures=[["sheep"], ["sheep"], []], **kw)


def test_move_market_markers_may_be_revealed_before_the_move():
    """[H] "The player may reveal 1 of their action tickets per turn ... When exactly they
    perform the ticket's action within their normal turn is up to them": only at the end
    of the turn was offered, so a player could not raise a type before the auction that
    locks it. After the roll, before moving, Move Market Markers now acts at once; the
    move follows, and no other ticket this turn."""
    g, s = early()
    assert "first ticket move-markers" in g.legal(s, 0).description
    assert sorted(g.legal(s, 0).tickets) == ["extra-turn", "horse-trade", "move-markers"]
    after = g.step(s, 0, "ticket move-markers sheep+1,donkey-1")
    assert after.phase == "move" and after.used and after.current == 0 and after.roll == s.roll
    assert after.market[4] == s.market[4] + 1 and after.market[6] == s.market[6] - 1
    assert after.tickets[0] == ("extra-turn", "horse-trade")
    assert g.legal(after, 0).tickets == ()
    assert_refused(g, after, 0, "ticket extra-turn", "no-ticket", "one ticket per turn")
    moved = g.step(after, 0, "move hilltop")                  # a free move to the Market [G]
    assert g.step(moved, 0, "market none").phase == "roll", "the ticket of this turn is used: no end-of-turn reveal"
    unused = g.step(g.step(s, 0, "move hilltop"), 0, "market none")
    assert unused.phase == "end", "without a ticket revealed the turn ends with the chance to reveal one"


def test_move_market_markers_moves_up_to_two_green_markers_one_step_each():
    """[H] "Move Market Markers: shift up to 2 green animal markers by 1 space each, left
    or right"."""
    g, s = early()
    assert g.rules.marker_moves == 2
    assert_refused(g, s, 0, "ticket move-markers sheep+2", rule="too-many-steps")
    assert_refused(g, s, 0, "ticket move-markers sheep+0", rule="too-many-steps")
    assert_refused(g, s, 0, "ticket move-markers sheep+1,donkey-1,pig+1", rule="too-many-types")
    one = g.step(s, 0, "ticket move-markers sheep-1")
    assert one.market[4] == s.market[4] - 1 and one.market[6] == s.market[6]
    two = g.step(s, 0, "ticket move-markers sheep+1,donkey-1")
    assert two.market[4] == s.market[4] + 1 and two.market[6] == s.market[6] - 1


def test_a_revealed_ticket_cannot_be_taken_back():
    """Undo took back a revealed ticket (before the move, or at the end of the turn), so
    a player could show the table an Extra Turn and hide it again: the others had known
    only how many tickets the seat held."""
    from bluffkit.session import Session
    g, s = early()
    ses = Session(g, ["human", "random", "random"], names=["Ann", "Ben", "Cy"], seed=1)
    ses.states = [s]
    ses.play("ticket extra-turn", 0)
    with pytest.raises(IllegalAction, match="undo"):
        ses.undo(0)
    assert ses.state.tickets[0] == ("horse-trade", "move-markers") and ses.state.extra == 1


def test_an_extra_turn_revealed_before_the_move_gives_the_turn_after_this_one():
    g, s = early()
    s = g.step(s, 0, "ticket extra-turn")
    assert s.extra == 1 and s.phase == "move"
    rng = __import__("numpy").random.default_rng(0)
    while s.phase != "roll":                           # the rest of the turn, as a random player
        s = g.step(s, None, g.sample_chance(s, rng)) if g.is_chance(s) else \
            g.step(s, g.to_move(s)[0], g.legal(s, g.to_move(s)[0]).sample(rng))
    assert s.current == 0 and s.extra == 0, "the same player takes one complete additional turn"


def test_a_horse_trade_ticket_before_the_move_is_played_then_the_move_follows():
    """A horse-trade revealed before the move is played at once; once answered, the
    mover moves with the roll it had, and the turn ends only after the space's action."""
    g, s = early()
    assert_refused(g, s, 1, "ticket extra-turn", "not-your-turn")
    assert_refused(g, s, 0, "ticket move-markers", "no-change", "at least one green marker")
    s = g.step(s, 0, "ticket horse-trade")
    assert (s.phase, s.then, s.used) == ("trade", "move", True)
    assert all(g.observe(s, seat).then == "move" for seat in range(3)), "every seat saw the reveal: the move is to come"
    s = g.step(s, 0, "trade 1 sheep offer 10")
    assert s.phase == "respond" and g.to_move(s) == (1,)
    s = g.step(s, 1, "agree")
    assert (s.phase, s.then, s.current, s.roll) == ("move", "", 0, 2)
    assert sorted(s.pastures[0]) == [4, 4] and s.pastures[1] == ()            # the sheep changed hands
    space = next(sp for sp, (_, c) in g.legal(s, 0).key if c == 0 and g.table(s).lay.kind(sp) != "pen")
    s = g.step(s, 0, f"move {space}")
    assert s.phase != "end" and s.then == ""


def test_a_horse_trade_ticket_needs_a_possible_trade_before_the_move_too():
    g, s = early(money=["", "10+10", "10+10"])                # no note to offer
    assert "horse-trade" not in g.legal(s, 0).tickets
    assert_refused(g, s, 0, "ticket horse-trade", "no-ticket", "no horse-trade is possible")


def test_a_state_at_rest_digests_as_before_the_then_field():
    """``then`` came after logs were frozen: at its default it is left out of the digest
    (the frozen logs' digests are checked in test_frozen_logs)."""
    from bluffkit.core.digest import projection
    g, s = early()
    assert "then" not in projection(s, g)
    assert projection(g.step(s, 0, "ticket horse-trade"), g)["then"] == "move"


@pytest.mark.slow
@pytest.mark.parametrize("variant", [{}, {"babies": True}, {"raffle_rush": True}], ids=["plain", "babies", "rush"])
def test_random_games_that_reveal_tickets_before_the_move_keep_every_invariant_and_end(variant):
    """Random play on the Fairground (the raffle's tickets) where the mover reveals an
    action ticket before moving whenever it may (a horse-trade played, then the move):
    every step keeps the game's invariants, the trade comes back to the move, and every
    game ends."""
    import numpy as np

    from bluffkit.games.bidder_up import actions as A
    g = game(board="fairground", **variant)
    early = trades = 0
    for players in (2, 3, 4):
        for seed in range(4):
            rng, s = np.random.default_rng(seed), g.new_state(players)
            for _ in range(20000):
                if g.is_over(s):
                    break
                if g.is_chance(s):
                    s = g.step(s, None, g.sample_chance(s, rng))
                    continue
                seat = g.to_move(s)[0]
                legal = g.legal(s, seat)
                act = legal.sample(rng)
                if s.phase == "move" and legal.tickets:
                    name = legal.tickets[int(rng.random() * len(legal.tickets))]
                    green = next(a for a in range(10) if a not in s.locked)
                    act = A.Ticket(name, ((green, 1 if s.market[green] + 1 < len(s.rules.market_track) else -1),)
                                   if name == "move-markers" else ())
                    assert legal.explain(act) is None, act
                    early += 1
                    trades += name.endswith("horse-trade")
                    before = s
                    s = g.step(s, seat, act)
                    assert s.phase == ("trade" if name.endswith("horse-trade") else "move")
                    assert (s.current, s.roll) == (before.current, before.roll)
                    continue
                s = g.step(s, seat, act)
                assert not g.invariants(s)
                if s.phase == "move" and s.then:
                    raise AssertionError("then is cleared when the trade comes back to the move")
            assert g.is_over(s), (players, seed)
    assert early >= 8 and trades >= 2, (early, trades)


@pytest.mark.parametrize("board, animal, points", [("animal-market", "cow", 800), ("fairground", "dog", 150)])
def test_the_scoring_examples_hold_with_the_default_values(board, animal, points):
    """[I] Animal Market: "the point value for that whole animal type (e.g., both cows =
    800 points)"; Fairground: "the market value of the whole animal type (e.g., 3 dogs =
    150 points)", with the market board at its start. One complete type and no money."""
    g = game(board=board)
    s = g.state_from_position(3, barns=[[animal], [], []], money=["", "", ""])
    assert g.scores(s)[0] == points


# -- L3, L6: readings the text leaves open, as options ------------------------------------------

def test_the_readings_left_open_default_as_the_docs_say():
    """L6 "two donkeys in one pen; running out of donkey ... notes", L7 "final ties": the
    defaults of docs/bidder-up.md's table of options: each donkey sold pays
    (``donkey_pay_per="donkey"``), a seat the donkey's note no longer reaches is not paid
    (``donkey_short="unpaid"``), and equal top scores share the win
    (``final_ties="shared"``)."""
    from bluffkit.games.bidder_up.rules import Rules
    for rules in (Rules(), game().rules, game(board="fairground").rules):
        assert (rules.donkey_pay_per, rules.donkey_short, rules.final_ties) == ("donkey", "unpaid", "shared")


def test_two_players_may_start_with_other_money():
    """L3: "the starting money (3–4 and 2 players)": ``start_money_two`` (default: the
    same as ``start_money``)."""
    g = game(start_money_two=[0, 4, 1, 0, 0, 0])
    two, three = g.state_from_position(2), g.state_from_position(3)
    assert two.money == ((0, 4, 1, 0, 0, 0),) * 2 and three.money == (g.rules.start_money,) * 3
    assert game().state_from_position(2).money == (game().rules.start_money,) * 2
    assert not g.invariants(two)
    with pytest.raises(RulesError, match="start_money_two"):
        game(start_money_two=[1, 2])


@pytest.mark.parametrize("per, paid", [("donkey", (100, 200)), ("auction", (100,)), (None, (100, 200))])
def test_two_golden_donkeys_sold_in_one_pen_pay_per_donkey_or_once(per, paid):
    """[D] "If a Golden Donkey was auctioned ... all players receive extra money"; L6 "two
    donkeys in one pen": each pays (default, the first and the second amount), or with
    ``donkey_pay_per="auction"`` the auction pays once. ``None``: the option not given."""
    import numpy as np
    g = game(**({} if per is None else {"donkey_pay_per": per}))
    s = g.state_from_position(3, current=0, roll=1, pos=["trade-3", None, None], pens={"pen-5": ["donkey", "donkey"]})
    s = g.step(s, 0, "move pen-5")
    rng = np.random.default_rng(0)
    while s.auction is not None:
        if g.is_chance(s):
            s = g.step(s, None, g.sample_chance(s, rng))
        else:
            seat = g.to_move(s)[0]
            s = g.step(s, seat, g.legal(s, seat).sample(rng))
    assert s.donkeys == len(paid)
    assert tuple(v for v, _ in s.log[3]) == paid and all(len(seats) == 3 for _, seats in s.log[3])
    with pytest.raises(RulesError, match="donkey_pay_per"):
        game(donkey_pay_per="pen")


@pytest.mark.parametrize("pens, words", [
    ({"pen-5": ["donkey"]}, "pen-5 holds 2 animals (a double pen) or none, not 1"),
    ({"pen-2": ["cow", "cow"]}, "pen-2 holds 1 animal (a small pen) or none, not 2"),
])
def test_a_position_with_a_pen_part_filled_is_refused(pens, words):
    """[D] a pen holds its 1 or 2 animals, or "stays empty": a position with a double pen
    holding one animal was accepted, and the first move onto it ended in an error from
    the auction instead."""
    with pytest.raises(RulesError, match=re.escape(words)):
        game().state_from_position(3, current=0, roll=1, pens=pens)
    s = game().state_from_position(3, pens={"pen-5": ["donkey", "cow"], "pen-2": ["cow"]})
    assert sorted(map(len, s.pens)) == [0] * (len(s.pens) - 2) + [1, 2], "full pens, and empty ones, are a position"


def test_a_cat_in_the_bag_pen_may_hold_one_to_three_animals():
    g = game(tiles=["cat-in-the-bag", "classic", "dutch", "secret-value"])
    cat = next(p.space for i, p in enumerate(g.table(g.new_state(3)).lay.pens) if g.table(g.new_state(3)).cats[i])
    kinds = ["cow", "horse", "pig", "dog"]
    for k in (1, 2, 3):
        assert len(g.state_from_position(3, pens={cat: kinds[:k]}).pens[g.table(g.new_state(3)).lay.pen_index[cat]]) == k
    with pytest.raises(RulesError, match="0 to 3 animals face down \\(Cat in the Bag\\), not 4"):
        g.state_from_position(3, pens={cat: kinds})


def _donkey_auction(free_donkey_pays: bool, moves):
    """A Golden Donkey alone in the small Classic pen-1, auctioned by seat 0 with ``moves``
    (then whatever the auction still asks, paying with the first valid notes)."""
    g = game(free_donkey_pays=free_donkey_pays)
    s = g.state_from_position(3, current=0, roll=1, pos=["start", None, None], pens={"pen-1": ["donkey"]})
    s = g.step(s, 0, "move pen-1")
    for seat, action in moves:
        s = g.step(s, seat, action)
    while s.auction is not None:
        seat = g.to_move(s)[0]
        s = g.step(s, seat, g.legal(s, seat).sample(__import__("numpy").random.default_rng(0)))
    return s


@pytest.mark.parametrize("pays", [True, False])
def test_a_donkey_nobody_bids_for_pays_unless_free_donkey_pays_is_off(pays):
    """L6 "a donkey taken free": "Nobody bids? ... the auctioneer gets the animal(s) for
    free"; "If a Golden Donkey was auctioned ... all players receive extra money" [D].
    Default: it was auctioned, so it pays 100 to every player; ``free_donkey_pays=False``:
    it pays nothing, and the count of donkeys paid (which picks the next amount) stays 0."""
    s = _donkey_auction(pays, [(1, "pass"), (2, "pass")])
    assert s.pastures[0] == (6,), "the auctioneer took the donkey for free"
    assert s.donkeys == (1 if pays else 0)
    assert s.log[3] == (((100, (0, 1, 2)),) if pays else ())
    assert all(m[3] == (1 if pays else 0) for m in s.money), "each player's 100s"


@pytest.mark.parametrize("pays", [True, False])
@pytest.mark.parametrize("choice", ["sell", "buy"])
def test_a_donkey_won_or_bought_back_pays_either_way(pays, choice):
    s = _donkey_auction(pays, [(1, "bid 10"), (2, "pass"), (1, "pass"), (0, choice)])
    owner = 1 if choice == "sell" else 0
    assert 6 in s.pastures[owner] and s.donkeys == 1 and s.log[3][0][0] == 100


@pytest.mark.parametrize("short", ["unpaid", "smaller"])
def test_the_third_donkey_when_the_500s_run_out_is_unpaid_or_paid_in_smaller_notes(short):
    """L6, "running out of donkey ... notes": the option donkey_short. The Third Golden Donkey pays
    500 ("all players receive extra money" [D]), from the auctioneer round the table; seat 1
    holds three of the four 500s, so one is left beside the donkey for seat 0. Unpaid (the
    default) seats 1 and 2 get nothing; smaller, each gets 200 + 200 + 100 of the board's."""
    g = game(donkey_short=short)
    s = g.state_from_position(3, current=0, roll=1, pos=["start", None, None], pens={"pen-1": ["donkey"]},
                              money=[None, "500+500+500", None], donkeys=2)
    bank = s.bank
    assert bank[5] == 1 and bank[4] == 6 and bank[3] == 6, bank
    s = g.step(s, 0, "move pen-1")
    for seat, action in [(1, "pass"), (2, "pass")]:
        s = g.step(s, seat, action)
    assert s.auction is None and s.donkeys == 3
    if short == "unpaid":
        assert s.log[3] == ((500, (0,)),) and s.bank == bank[:5] + (0,)
        assert s.money[2][3:] == (0, 0, 0)
    else:
        assert s.log[3] == ((500, (0, 1, 2)),)
        assert s.bank == (bank[0], bank[1], bank[2], 4, 2, 0), "two 100s and four 200s paid out"
        assert s.money[2][3:] == (1, 2, 0) and s.money[1][3:] == (1, 2, 3)
    assert not g.invariants(s), "every note still counted once"
    with pytest.raises(RulesError, match="donkey_short must be unpaid or smaller"):
        game(donkey_short="change")


def test_the_donkeys_notes_go_round_the_table_from_the_auctioneer():
    """L6, "running out of donkey ... notes", as above on the Fairground with Ben the
    auctioneer: the "Third Golden Donkey: 500" to "all players ... from the supply
    board" [D], paid from the auctioneer round the table (clockwise, as the turns go
    [B]). Anna holds two of the four 500s, so the two left beside the donkey reach Ben
    and Cy, and Anna, the last in that order, is not paid."""
    g = game(board="fairground")
    s = g.state_from_position(3, current=1, roll=1, pos=[None, "raffle-1", None], pens={"pen-1": ["donkey"]},
                              money=["500+500", None, None], donkeys=2)
    assert s.bank[5] == 2, s.bank
    s = g.step(s, 1, "move pen-1")
    for seat, action in [(2, "pass"), (0, "pass")]:
        s = g.step(s, seat, action)
    assert s.auction is None and s.donkeys == 3 and s.pastures[1] == (DONKEY,)
    assert s.log[3] == ((500, (1, 2)),)
    assert [m[5] for m in s.money] == [2, 1, 1] and s.bank[5] == 0


def test_change_for_pays_the_amount_exactly_in_smaller_notes_or_not_at_all():
    """donkey_short="smaller" looks for the amount in the board's smaller notes, exactly,
    the fewest notes (the payment search of core.money). Six kinds of 40 small notes and
    no exact way (even notes for an odd amount) once took a search minutes."""
    from bluffkit.games.bidder_up.spaces import change_for
    d = (0, 2, 4, 6, 8, 10, 12, 1001)
    assert change_for(1001, (0,) + (40,) * 6 + (0,), d) is None
    assert change_for(1000, (0,) + (40,) * 6 + (0,), d) == (0, 0, 0, 0, 15, 40, 40, 0), "the larger notes first"
    assert change_for(30, (0, 0, 0, 1, 1, 0), (0, 10, 50, 100, 200, 500)) is None, "nothing below 30 to pay with"


def test_free_donkey_pays_is_true_or_false():
    with pytest.raises(RulesError, match="free_donkey_pays must be true or false"):
        game(free_donkey_pays="no")


def test_a_position_filled_from_few_animals_leaves_a_double_pen_empty():
    """Pens filled "as a deal would" from the 3 animals left: a double pen that cannot be
    filled "stays empty" [D] (it was given one animal, and moving onto it crashed)."""
    g = game()
    barns = [["rooster", "goose", "cat"], ["dog", "sheep", "goat"], ["donkey", "pig"]]
    s = g.state_from_position(3, current=0, roll=3, barns=barns, pastures=[[], [], ["cow"]],
                              money=["10+10+10+0", "10+10", "10+10"])
    t = g.table(s)
    assert all(len(p) in (0, pen.size) for p, pen, cat in zip(s.pens, t.lay.pens, t.cats) if not cat)
    assert sum(map(len, s.pens)) == 3 and not g.invariants(s)
    assert s.pens[t.lay.pen_index["pen-3"]] == ()
    moved = g.step(s, 0, "move pen-3 pay 10+10+10")          # the empty double pen: nothing to auction
    assert moved.auction is None and moved.pos[0] == "pen-3" and not g.invariants(moved)


# -- L4, L7: the track's ends and an Extra Turn owed when the game ends ----------------------------

def _at_the_market(**options):
    """Seat 0 on the Fairground's Market (hilltop) with the sheep at the track's top (1,000)
    and the cow one step below it (900)."""
    g = game(board="fairground", **options)
    s = g.state_from_position(3, current=0, roll=2, market={"sheep": 1000, "cow": 900})
    return g, g.step(s, 0, "move hilltop")


def test_a_step_past_the_tracks_end_is_refused_by_default():
    g, s = _at_the_market()
    assert g.rules.track_ends == "refuse"
    assert_refused(g, s, 0, "market sheep+1 pay 10", "track-end", "past the end of the market track")
    assert_refused(g, s, 0, "market cow+2 pay 10+10+10", "track-end")
    assert g.step(s, 0, "market cow+1 pay 10").market[8] == 15


def test_track_ends_stop_lets_a_marker_stop_at_the_end_and_the_steps_are_paid():
    """L4, the other reading: the marker stops at the end; the steps beyond are lost, paid for
    all the same (1 + 3 notes here), and the sentence every seat hears says so."""
    g, s = _at_the_market(track_ends="stop")
    move = g.parse("market sheep+1,cow+2 pay 10+10+10+10")
    after = g.step(s, 0, move)
    assert (after.market[4], after.market[8]) == (15, 15)
    assert sum(after.money[0]) == sum(s.money[0]) - 4
    said = g.narrate(s, 0, move, after, ["Ann", "Ben", "Cy"])
    assert "sheep +1, cow +2 (4 notes)" in said and "(sheep, cow stopped at the end of the track.)" in said
    down = g.step(s, 0, "market sheep-2 pay 10+10+10")
    assert down.market[4] == 13 and "stopped" not in g.narrate(s, 0, g.parse("market sheep-2 pay 10+10+10"),
                                                              down, ["Ann", "Ben", "Cy"])


def test_track_ends_stop_holds_for_move_market_markers_too():
    g = game(board="fairground", track_ends="stop")
    s = g.state_from_position(3, current=0, roll=2, market={"sheep": 1000}, tickets=[["move-markers"], [], []])
    after = g.step(s, 0, "ticket move-markers sheep+1")
    assert after.market[4] == 15 and after.phase == "move"
    assert_refused(game(board="fairground"), game(board="fairground").state_from_position(
        3, current=0, roll=2, market={"sheep": 1000}, tickets=[["move-markers"], [], []]),
        0, "ticket move-markers sheep+1", "track-end")


def _last_ticket_with_an_extra_turn(**options):
    """Seat 0 reveals an Extra Turn, moves to the raffle booth and buys the bag's last
    ticket: the game ends after this turn [I]."""
    g = game(board="fairground", **options)
    s = g.state_from_position(3, current=0, roll=1, tickets=[["extra-turn"], [], []], bag=["wool-milk:1"])
    for seat, move in ((0, "ticket extra-turn"), (0, "move raffle-1"), (0, "raffle 1 pay 10"),
                       (None, "tickets wool-milk:1"), (0, "keep wool-milk:1")):
        s = g.step(s, seat, g.parse(move) if seat is None else move)
    return g, s


def test_an_extra_turn_owed_when_the_game_ends_is_lost_by_default():
    g, s = _last_ticket_with_an_extra_turn()
    assert g.rules.last_extra_turn == "lost"
    assert g.is_over(s) and s.extra == 0 and s.sow == 0


def test_last_extra_turn_played_gives_the_turn_then_ends_the_game():
    """L7, the other reading: "immediately after your turn, take one complete additional
    turn" [H] comes first; the game ends after it."""
    import numpy as np
    g, s = _last_ticket_with_an_extra_turn(last_extra_turn="played")
    assert not g.is_over(s) and (s.phase, s.current, s.extra) == ("roll", 0, 0)
    assert not g.invariants(s)
    rng, turn = np.random.default_rng(3), s.turn
    while not g.is_over(s):
        assert s.current == 0 or s.turn > turn, "the extra turn is seat 0's"
        s = g.step(s, None, g.sample_chance(s, rng)) if g.is_chance(s) else \
            g.step(s, g.to_move(s)[0], g.legal(s, g.to_move(s)[0]).sample(rng))
        assert not g.invariants(s)
    assert s.turn == turn + 1 and s.sow == 0


@pytest.mark.parametrize("option, value, says", [
    ("track_ends", "wrap", "track_ends must be refuse or stop"),
    ("last_extra_turn", True, "last_extra_turn must be lost or played"),
])
def test_the_readings_are_named(option, value, says):
    with pytest.raises(RulesError, match=says):
        game(**{option: value})


@pytest.mark.parametrize("board", ["animal-market", "fairground"])
def test_random_and_heuristic_games_end_with_both_other_readings(board):
    """Both readings off their defaults: bots of either kind keep the invariants and end."""
    from bluffkit.agents.base import make_agent
    from bluffkit.core.play import play
    g = game(board=board, track_ends="stop", last_extra_turn="played")
    for players, kinds in ((2, ["random", "random"]), (3, ["heuristic", "random", "heuristic"])):
        rec = play(g, [make_agent(k, g) for k in kinds], seed=players, check="all")
        assert rec.final.is_over() and not g.invariants(rec.final.freeze()), (players, kinds)


def test_a_box_too_small_for_the_start_money_names_the_note_short():
    """Five 0s deal the start money of two players (4) but not of three (6): the rules are
    built, and a game of 3 is refused, naming the note short [L3]."""
    g = game(notes=[5, 16, 8, 6, 6, 4])
    g.new_state(2)
    with pytest.raises(RulesError, match=r"needs more notes than the box holds: 6 notes of 0 \(2 each\), the box has 5"):
        g.new_state(3)
    with pytest.raises(RulesError, match=r"needs more notes than the box holds: 6 notes of 0"):
        g.check_players(3)                                  # (as a session checks its seats)


def test_start_money_the_box_cannot_deal_is_refused_when_the_rules_are_built():
    """start_money=[20, 0, 0, 0, 0, 0] was taken (`bluffkit rules` printed it as a ruleset),
    and every game then refused it: the box holds ten 0s [L3]. Refused when the rules are
    built, naming the option, the most of each note for the fewest players and the value."""
    with pytest.raises(RulesError) as e:
        game(start_money=[20, 0, 0, 0, 0, 0])
    assert str(e.value) == (
        "start_money can be at most [5, 8, 4, 3, 3, 2] (one count per note of [0, 10, 50, 100, 200, 500]: the notes "
        "in the game, notes=[10, 16, 8, 6, 6, 4], dealt to 2 players, the fewest these rules allow; give more notes "
        "or a smaller start_money), got [20, 0, 0, 0, 0, 0]")
    game(start_money=[5, 8, 4, 3, 3, 2], max_players=2)             # the most two players can be dealt
    with pytest.raises(RulesError, match=r"^start_money can be at most \[3, 5, 2, 2, 2, 1\] .* dealt to 3 players"):
        game(start_money=[4, 0, 0, 0, 0, 0], min_players=3)
    with pytest.raises(RulesError, match=r"^start_money_two can be at most \[5, 8, 4, 3, 3, 2\] .* got \[6, 0, 0, 0, 0, 0\]"):
        game(start_money_two=[6, 0, 0, 0, 0, 0], max_players=2)


def test_start_money_some_player_counts_can_be_dealt_is_taken():
    """Rules some games can start with are kept (a log of such a game reads again); a count
    the box cannot deal is refused when a game of it starts, naming the note short [L3]."""
    g = game(start_money=[20, 0, 0, 0, 0, 0], start_money_two=[2, 4, 2, 0, 0, 0])   # two players: their own
    g.new_state(2)
    with pytest.raises(RulesError, match=r"3 players' start money needs more notes than the box holds: 60 notes of 0"):
        g.new_state(3)
    g = game(start_money_two=[6, 0, 0, 0, 0, 0])                                      # 3 and 4 players can start
    g.new_state(3)
    with pytest.raises(RulesError, match=r"2 players' start money needs more notes than the box holds: 12 notes of 0"):
        g.check_players(2)


@pytest.mark.parametrize("bad", [[-1, 4, 2, 0, 0, 0], [2.0, 4, 2, 0, 0, 0], [float("nan"), 0, 0, 0, 0, 0],
                                 [10**17, 0, 0, 0, 0, 0], [10**30, 0, 0, 0, 0, 0], "2,4,2,0,0,0", None, 140,
                                 [None] * 6, [2, 4, 2]])
def test_odd_start_money_is_refused_naming_it(bad):
    for option in ("start_money", "start_money_two") if bad is not None else ("start_money",):   # (two: null
        with pytest.raises(RulesError) as e:                                                       # is a value)
            game(**{option: bad}, max_players=2)
        assert option in str(e.value), str(e.value)


def test_rules_no_player_count_can_start_a_game_with_are_refused_when_built():
    """Tiles of three Count auctions, a Fairground bag of no tickets: every game was refused
    when it started. The rules are refused, with the reason at the fewest players."""
    with pytest.raises(RulesError, match=r"^no player count from min_players 2 to max_players 4 can start a game "
                                         r"with these rules: with 2, 3 and 4 players: tiles: 1 or 2 different Count "
                                         r"auctions .* got 3: dutch, secret-count, american-count$"):
        game(tiles=["dutch", "secret-count", "american-count", "classic"])
    with pytest.raises(RulesError, match=r"with 2 players: tickets: the Fairground's raffle bag needs at least 1 ticket"
                                         r".*; with 3 and 4 players: tickets: "):
        game(board="fairground", tickets=[])
    with pytest.raises(RulesError, match=r"with 2 players: tiles: 1 or 2 different Count .* got 0$"):
        game(start_money=[20, 0, 0, 0, 0, 0], tiles=["classic"] * 4, max_players=2)   # (not the start money alone)
    game(tiles=["second-hand", "dutch", "classic", "classic"])      # 4 players can: refused at 3, when it starts
    with pytest.raises(RulesError, match="second-hand is for 4 players"):
        game(tiles=["second-hand", "dutch", "classic", "classic"], max_players=3)


def test_a_pen_is_refilled_from_the_taller_stack_or_the_first_as_the_option_says():
    """L6 leaves open which of the two supply stacks refills a pen; ``refill_from`` names the
    reading: "taller" (the default; the first on a tie) or "first" (the first until it is
    empty). Each stack shrinks by the pen's size, the other keeps its animals."""
    for option, sizes, shrinks in (("taller", (2, 3), 1), ("taller", (3, 3), 0), ("taller", (3, 2), 0),
                                   ("first", (2, 3), 0)):
        g = game(refill_from=option)
        t = Table.thaw(g.state_from_position(3, pens={}))         # every pen empty: all 20 in the supply
        i = next(k for k, pen in enumerate(t.lay.pens) if pen.size == 1 and t.pen_format(k) != "cat-in-the-bag")
        supply = [a for stack in t.stacks for a in stack]
        assert len(supply) >= sum(sizes), "stacks of the sizes asked for, the tie a tie"
        t.stacks = (tuple(supply[:sizes[0]]), tuple(supply[sizes[0]:sizes[0] + sizes[1]]))
        before = t.stacks
        t.pens = t.pens[:i] + ((),) + t.pens[i + 1:]
        t._refill(i)
        assert len(t.stacks[shrinks]) == sizes[shrinks] - 1 and t.stacks[1 - shrinks] == before[1 - shrinks], \
            (option, sizes)
        assert t.pens[i] == (before[shrinks][0],), "the stack's top animal goes to the pen"


def test_a_double_pen_refilled_from_stacks_of_equal_height_takes_the_first_stacks_top_two():
    """L6 "which stack refills", the default ``refill_from="taller"``: of two stacks of 10
    (the Animal Market's 20 animals, every pen empty) neither is taller, so the first
    refills the double pen with its top two animals and the second keeps all 10."""
    t = Table.thaw(game().state_from_position(3, pens={}))
    first, second = t.stacks
    assert len(first) == len(second) == 10
    i = t.lay.pen_index["pen-3"]                     # a double pen
    t._refill(i)
    assert t.pens[i] == first[:2] and t.stacks == (first[2:], second)


# -- the auction formats' own readings, in every pen's auction [D] ---------------------------------
# The booklet is silent on, e.g., the price of a Second Hand auction with a single bid ("wins
# the sale, at the value of the second-highest bid"): the stand-alone auctions name each reading
# as an option (docs/auctions.md), and the board game passes them to every pen's auction.

def _second_hand_horse(**options):
    g = game(tiles=("second-hand", "dutch", "classic", "classic"), **options)
    s = g.state_from_position(4, current=0, roll=1, money=["10", "500", "100", "100"],
                              pens={"pen-1": ["horse"], "pen-2": ["cow"]})
    s = g.step(s, 0, g.parse("move pen-1"))
    for seat, word in ((1, "bid 500"), (2, "pass"), (3, "pass")):
        s = g.step(s, seat, g.parse(word))
    return g, s


@pytest.mark.parametrize("reading, price", [("zero", 0), ("own", 500)])
def test_a_single_second_hand_bid_pays_as_the_option_says(reading, price):
    g, s = _second_hand_horse(second_price_alone=reading)
    assert s.auction.awards == ((1, (HORSE,), price),)


@pytest.mark.parametrize("option, value", [("second_price_alone", "own"), ("show_against", "bid"),
                                           ("round_ties", "first"), ("call_right", "on_refusal"),
                                           ("sealed_bids", "notes"), ("dutch_start", 7), ("american_final", 1)])
def test_each_auction_reading_reaches_the_pens_auction(option, value):
    g = game(**{option: value})
    assert getattr(g.rules, option) == value and g.rules.auction_options()[option] == value
    s = g.state_from_position(4, current=0, roll=1, money=["10", "500", "100", "100"],
                              pens={"pen-1": ["horse"], "pen-2": ["cow"]})
    s = g.step(s, 0, g.parse("move pen-1"))
    assert getattr(s.auction.rules, option) == value
    assert getattr(make_game("bidder-up").rules, option) == getattr(s.auction.rules.__class__(), option), \
        "the board game's default is the stand-alone auctions' default"


def test_a_bad_auction_reading_is_refused_in_the_auctions_words():
    with pytest.raises(RulesError, match=r"round_ties must be auctioneer or first, got 'bogus' \(an option of every "
                                         r"pen's auction\)"):
        game(round_ties="bogus")
    with pytest.raises(RulesError, match="dutch_start"):
        game(dutch_start=0)


# -- a horse-trade offer covered or fanned out [E] --------------------------------------------------
# "If you like, you may cover your bid with your hand, or, for example, deliberately fan out the
# face-down notes — because even though the number of notes bid is technically irrelevant, a few
# 0-notes can be useful here for bluffing..."

def _before_the_offer(g):
    """Ana (four notes) on the horse-trading space, Ben (two) and she each holding a cow."""
    s = g.state_from_position(3, current=0, roll=3, money=["0+0+0+10", "50+10", "50"],
                              pastures=[["cow"], ["cow"], []])
    return g.step(s, 0, "move trade-1")


def _offer_of_four(**options):
    from bluffkit.testing import public_move_of
    g = game(**options)
    s = _before_the_offer(g)
    offered = g.step(s, 0, "trade 1 cow offer 0+0+0+10")
    countered = g.step(offered, 1, "counter 50")
    names = ["Ana", "Ben", "Cy"]
    said = (g.narrate(s, 0, g.parse("trade 1 cow offer 0+0+0+10"), offered, names),
            g.narrate(offered, 1, g.parse("counter 50"), countered, names))
    public = public_move_of(g)(s, 0, g.parse("trade 1 cow offer 0+0+0+10"))
    return g, offered, said, public


def test_an_offer_covered_by_hand_shows_no_number_of_notes():
    """[E] "you may cover your bid with your hand": while Ben answers, no seat learns how
    many notes Ana laid, neither from the offer nor from her hand's count of notes."""
    g, offered, said, public = _offer_of_four()
    assert g.rules.offer_count_seen is False
    assert all(g.observe(offered, seat).offer_notes is None for seat in range(3))
    assert said == ("Ana challenges Ben for a cow, offer face down.", "Ben counters: Ben gets the cow.")
    assert public == ("Trade", (1, COW, ""))
    # nor do the hands' counts: the four notes under Ana's hand still count as hers
    before = _before_the_offer(g)
    for seat in range(3):
        assert g.observe(offered, seat).note_counts == g.observe(before, seat).note_counts == (4, 2, 1), seat


def test_once_the_offers_change_hands_the_public_counts_tell_what_they_can():
    """docs/bidder-up.md: a covered offer's number is unseen while it lies, but the note counts
    are public [E, as BIDDER-UP.md sums it up: "Accept (take the money, give the animal)";
    "offers swapped ... each player keeps the money they received"]: an accepted offer's
    number, and a swap's difference, can be read from Cy's view of the counts. The docs say
    so; this pins that they are right."""
    g = game()
    assert g.rules.offer_count_seen is False
    s = _before_the_offer(g)
    offered = g.step(s, 0, "trade 1 cow offer 0+0+0+10")
    assert g.observe(offered, 2).note_counts == (4, 2, 1)
    taken = g.step(offered, 1, "agree")
    assert g.observe(taken, 2).note_counts == (0, 6, 1), "Ben took Ana's four notes"
    swapped = g.step(offered, 1, "counter 50")
    assert g.observe(swapped, 2).note_counts == (1, 5, 1), "four for one: the difference, three"


def test_an_offer_fanned_out_shows_its_number_of_notes_to_every_seat():
    g, offered, said, public = _offer_of_four(offer_count_seen=True)
    assert [g.observe(offered, seat).offer_notes for seat in range(3)] == [4, 4, 4]
    assert said == ("Ana challenges Ben for a cow, offer face down (4 notes).",
                    "Ben counters with 1 note: Ben gets the cow.")
    assert public == ("Trade", (1, COW, ""), 4)
    # the faces stay hidden: Cy's view is the same whatever the four notes are
    import numpy as np
    for k in range(5):
        other = g.hide_from(offered, 2, np.random.default_rng(k))
        assert g.observe(other, 2) == g.observe(offered, 2)


@pytest.mark.parametrize("board, players", [pytest.param("animal-market", 3, marks=pytest.mark.slow),
                                            pytest.param("fairground", 4, marks=pytest.mark.slow),
                                            ("animal-market", 2)])
def test_the_suite_passes_with_the_offers_fanned_out(board, players):
    from bluffkit.testing import check_game
    report = check_game(game(board=board, offer_count_seen=True), players=players, seeds=[1])
    assert report["games"] == 1 and report["observations"] > 0


def test_a_special_horse_trade_stays_covered_even_when_offers_lie_fanned_out():
    # [H] "Special Horse-Trade: ... the number of notes bid counts ... Both players may cover
    # their bid with their hand as usual": there the number is the bid, never shown.
    from bluffkit.testing import public_move_of
    g = game(board="fairground", offer_count_seen=True)
    s = g.state_from_position(3, current=0, roll=3, money=["0+0+0+10", "50+10", "50"],
                              pastures=[["cow"], ["cow"], []], tickets=[["special-horse-trade"], [], []])
    s = g.step(s, 0, "ticket special-horse-trade")
    offered = g.step(s, 0, "trade 1 cow offer 0+0+0+10")
    assert all(g.observe(offered, seat).offer_notes is None for seat in range(3))
    assert [g.observe(offered, seat).note_counts for seat in range(3)] == \
        [g.observe(s, seat).note_counts for seat in range(3)] == [(4, 2, 1)] * 3, "the bid's number, unseen"
    assert g.narrate(s, 0, g.parse("trade 1 cow offer 0+0+0+10"), offered, ["Ana", "Ben", "Cy"]).endswith(
        "offer face down.")
    assert public_move_of(g)(s, 0, g.parse("trade 1 cow offer 0+0+0+10")) == ("Trade", (1, COW, ""))
    countered = g.step(offered, 1, "counter 50+10")
    said = g.narrate(offered, 1, g.parse("counter 50+10"), countered, ["Ana", "Ben", "Cy"])
    assert said == "Ben counters: Ana gets the cow.", said


def test_the_text_view_shows_the_open_horse_trade():
    """The terminal's view of a seat says a horse-trade is open (it said only "phase
    respond"), the number of notes only when fanned out, the offer's notes only to its maker."""
    names = ["Ana", "Ben", "Cy"]
    for seen, says in ((False, ""), (True, " (4 notes, fanned out)")):
        g, offered, _, _ = _offer_of_four(offer_count_seen=seen)
        head = f"Horse-trade: Ana challenges Ben for a cow, offer face down{says}"
        assert g.describe(g.observe(offered, 0), names).splitlines()[-1] == head + "; your offer 10+0+0+0."
        for seat in (1, 2):
            assert g.describe(g.observe(offered, seat), names).splitlines()[-1] == head + "."


def test_the_end_says_who_wins_the_wool_milk_sow_and_why():
    """The sow went to the highest Wool-Milk total, or on a tie to the most Wool-Milk tickets
    [H], without a word: the end showed only "+ 1 for the Wool-Milk-Sow" on a sheet."""
    from bluffkit.agents.base import make_agent
    from bluffkit.core.play import play
    from bluffkit.games.bidder_up.scoring import wool
    g = make_game("bidder-up", board="fairground")
    names = ["P0", "P1", "P2"]
    said = 0
    for seed in range(12):
        rec = play(g, [make_agent("heuristic", g) for _ in range(3)], seed)
        final = rec.final.freeze()
        if final.sow < 0 or rec.moves[-1][0] is None:          # no sow, or the die gave it (narrated apart)
            continue
        totals = [wool(final.tickets[k]) for k in range(3)]
        last = g.narrate(rec_state_before_last(g, rec), rec.moves[-1][0], rec.moves[-1][1], final, names)
        assert f"{names[final.sow]} wins the Wool-Milk-Sow: the highest Wool-Milk total, {totals[final.sow][0]}" \
            in last, last
        assert max(w[0] for w in totals) == totals[final.sow][0]
        said += 1
        if said >= 2:
            break
    assert said >= 1


def rec_state_before_last(g, rec):
    """The state before a played game's last move, replayed from its seed's moves."""
    s = g.new_state(rec.players)
    for seat, action in rec.moves[:-1]:
        s = g.step(s, seat, action)
    return s


@pytest.mark.parametrize("money, market", [("10+10+0", {}), ("50", {"sheep": 1000, "goose": 1000}), ("", {})])
def test_the_markets_words_say_what_the_seat_has_to_pay_with_and_a_change_it_can_make(money, market):
    """The market's form [G] said only "1, 3, 6 notes for 1-3 steps": it now says how many
    notes the seat has to pay with and gives a change that seat can make, which is played."""
    import re
    g = game(board="fairground")
    s = g.step(g.state_from_position(3, current=0, roll=2, money=[money, "10", "10"], market=market), 0,
               "move hilltop")
    said = g.legal(s, 0).description
    notes = len(money.split("+")) if money else 0
    assert f"you have {notes} note" in said and "or market none" in said, said
    example = re.search(r"e\.g\. '(market [^']+)'", said)
    assert (example is None) == (notes == 0), said
    if example:
        assert "sheep+1" not in example[1], said                  # (the sheep's marker at the top of the track)
        assert g.step(s, 0, example[1]).phase == "roll"           # the change given can be made


def test_every_male_specimen_is_called_male_the_rooster_too():
    """[K] the challenger picks the two specimens, told apart as male and female: the first
    animal of the list (the rooster) is no exception."""
    from bluffkit.games.bidder_up.narrate import sex_word
    assert [sex_word(a) for a in (ROOSTER, ROOSTER + A.MALE, SHEEP, SHEEP + A.MALE)] == ["female", "male", "female", "male"]


def test_the_move_fact_counts_its_notes_onto_the_piggy_bank_one_or_more():
    """[C] "For 2 spaces more or fewer, the player would have to pay 1 + 2 = 3 notes", face
    down onto the Piggy Bank: a move's cost in words, one note singular."""
    from bluffkit.games.bidder_up.narrate import fact_value
    g = game()
    assert fact_value(g, "moved", {"steps": 2, "cost": 3}) == "2 spaces, paying 3 notes onto the Piggy Bank"
    assert fact_value(g, "moved", {"steps": 1, "cost": 1}) == "1 space, paying 1 note onto the Piggy Bank"
    assert fact_value(g, "moved", {"steps": 3, "cost": 0}) == "3 spaces, paying nothing"
