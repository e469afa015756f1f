"""Bidder Up! rules at their edges: the boundary of each count the rulebook gives (section
letters of docs/bidder-up.md), one small position each."""

from bluffkit.core.game import make_game
from bluffkit.games.bidder_up.engine import Table
from bluffkit.testing import assert_refused

SHEEP = 4


def game(**options):
    return make_game("bidder-up", **options)


# -- C. movement -----------------------------------------------------------------------------------

def test_a_space_out_of_reach_is_refused_saying_the_loop_is_clockwise():
    """[C] Annette, with a 1, "may not move ... counterclockwise": the refusal says which
    way the outer loop runs."""
    g = game()
    s = g.state_from_position(3, current=0, roll=1)
    assert_refused(g, s, 0, "move piggy-2", rule="cannot-reach", says="the outer loop is clockwise")


def test_a_word_that_names_no_space_is_refused_as_no_space():
    """A typo ('move nowhere') was refused as a space out of reach of the roll, which sent the
    player counting spaces for a space that does not exist."""
    g = game()
    s = g.state_from_position(3, current=0, roll=1)
    assert_refused(g, s, 0, "move nowhere", rule="no-such-space", says="'nowhere' is no space of the board")


def test_out_of_reach_counts_only_the_notes_that_may_pay():
    """[C, L7] With ``zero_pays_count`` off a 0-note pays no step: Annette's 10+0+0 is one
    note to pay with, and the refusal said "3 notes"."""
    g = game(zero_pays_count=False)
    s = g.state_from_position(3, current=0, roll=1, money=["10+0+0", "10", "10"])
    assert_refused(g, s, 0, "move pen-5", rule="cannot-reach",
                   says="with this roll (1) and 1 note (0-notes do not count)")


def test_the_horse_trade_help_names_each_animal_as_its_owners():
    """[E] The trades open to the challenger read "for Bo's cow", not "for a cow of Bo"."""
    from bluffkit.core.errors import by_name
    g = game()
    s = g.state_from_position(3, current=0, roll=1, pastures=[["cow", "goat"], ["cow"], ["goat"]])
    s = g.step(s, 0, "move trade-1 pay 0+0+10")
    said = by_name(g.legal(s, 0).description, ["Ann", "Bo", "Cy"])
    assert said.startswith("trade SEAT ANIMAL offer NOTES, for Bo's cow, Cy's goat (a horse-trade"), said


def test_the_moves_help_shows_paying_for_the_cheapest_change_of_the_roll():
    """[C] "to increase her movement by 1 space, she places 1 money note": the help's
    example of paying as you move is a space one step off the roll, for 1 note, and the
    move as written is legal."""
    import re
    g = game()
    s = g.state_from_position(3, current=0, roll=1)
    said = re.search(r"e\.g\. '(move (\S+) pay ([^']+))'", g.legal(s, 0).description)
    assert said, g.legal(s, 0).description
    move, space, notes = said.groups()
    assert Table.thaw(s).reachable()[space][1] == 1 and "+" not in notes
    assert g.step(s, 0, move).pos[0] == space


# -- D. the Golden Donkeys -------------------------------------------------------------------------

def test_change_for_a_donkey_uses_only_notes_smaller_than_its_own():
    """[D] "Third Golden Donkey: 500"; with ``donkey_short="smaller"`` (L6) a seat the 500 no longer
    reaches is paid the amount in smaller notes: change_for never hands over the note of
    the amount itself, even where the board still shows one."""
    from bluffkit.games.bidder_up.spaces import change_for
    d = (0, 10, 50, 100, 200, 500)
    assert change_for(500, (0, 0, 0, 1, 2, 1), d) == (0, 0, 0, 1, 2, 0)
    assert change_for(500, (0, 0, 0, 0, 0, 3), d) is None


# -- E. horse-trading ------------------------------------------------------------------------------

def test_equal_offers_give_the_animal_to_the_challenger():
    """[E] "Tie: if both players bid the same amount, the challenger gets the animal": Anna
    offers 50 for Ben's sheep, Ben counters 50; Anna takes his sheep (her pair of sheep goes
    to the barn), and each keeps the offer received (140 each to begin with)."""
    g = game()
    s = g.state_from_position(3, current=0, roll=3, pastures=[["sheep", "cow"], ["sheep"], ["cow"]])
    s = g.step(g.step(s, 0, "move trade-1"), 0, "trade 1 sheep offer 50")
    s = g.step(s, 1, "counter 50")
    assert SHEEP in s.barns[0] and SHEEP not in s.pastures[1] + s.barns[1]
    assert g.facts(s, "ABC")["money"] == {"A": 140, "B": 140, "C": 140}


# -- G. the market ---------------------------------------------------------------------------------

def test_market_none_refused_binds_a_seat_holding_a_single_note():
    """[G] one step costs 1 note; under ``market_none="refused"`` (L7) a seat that holds
    exactly one note can pay for a change, so it must make one."""
    g = game(board="fairground", market_none="refused")
    s = g.step(g.state_from_position(3, current=0, roll=2, money=["10", "10", "10"]), 0, "move hilltop")
    assert s.phase == "market"
    assert_refused(g, s, 0, "market none", rule="market-none")
    assert g.step(s, 0, "market sheep+1 pay 10").market != s.market


def test_market_none_refused_lets_a_market_of_red_markers_alone():
    """[G] a type complete in a barn is locked; with all ten types locked no type can
    change, so even under ``market_none="refused"`` (L7) the seat leaves the market as it is."""
    g = game(board="fairground", market_none="refused")
    barns = [["rooster", "goose", "cat", "dog"], ["sheep", "goat", "donkey"], ["pig", "cow", "horse"]]
    s = g.step(g.state_from_position(3, current=0, roll=2, barns=barns), 0, "move hilltop")
    assert s.phase == "market" and len(s.locked) == 10
    assert "or market none" in g.legal(s, 0).description
    assert g.step(s, 0, "market none").phase != "market"


def test_market_types_and_market_steps_bound_what_each_says():
    """[G] "up to 3 different animal types", "1, 2, or 3 spaces": the options
    ``market_types`` and ``market_steps`` each bound their own count. With two types and
    three steps, one type moved 3 steps (6 notes) is a change; three types are not."""
    g = game(board="fairground", market_types=2, market_steps=3)
    s = g.step(g.state_from_position(3, current=0, roll=2), 0, "move hilltop")
    after = g.step(s, 0, "market sheep+3 pay 10+10+10+10+0+0")
    assert after.market[SHEEP] == s.market[SHEEP] + 3
    assert_refused(g, s, 0, "market sheep+1,goat+1,pig+1 pay 10+10+0", rule="too-many-types", says="at most 2")


def test_a_type_is_changed_once_on_the_market_and_by_the_markers_ticket():
    """[G] "change the value of up to 3 different animal types. Each may be shifted 1, 2,
    or 3 spaces", "More than 3 steps per animal type are not possible at once": naming a
    type twice is refused, so sheep+1 twice cannot stand in for sheep+2 at 2 notes instead
    of 3; [H] Move Market Markers: "shift up to 2 green animal markers by 1 space each",
    not one marker 2 steps."""
    g = game(board="fairground")
    s = g.step(g.state_from_position(3, current=0, roll=2), 0, "move hilltop")
    assert_refused(g, s, 0, "market sheep+1,sheep+1 pay 10+10", rule="type-twice")
    t = g.state_from_position(3, current=0, roll=2, tickets=[["move-markers"], [], []])
    assert_refused(g, t, 0, "ticket move-markers sheep+1,sheep+1", rule="type-twice")


# -- H. the raffle booth and the action tickets ----------------------------------------------------

def test_the_raffle_booth_with_an_empty_bag_offers_nothing_to_buy():
    """[H] "draw 1, 2, or 3 raffle tickets": with the bag empty there is nothing to draw, so the
    booth asks for no raffle; [I] an empty bag ends the Fairground game after the turn."""
    g = game(board="fairground")
    s = g.step(g.state_from_position(3, current=0, roll=1, bag=[]), 0, "move raffle-1")
    assert s.phase != "raffle" and g.is_over(s)


def test_the_raffles_help_speaks_of_the_bag_only_when_it_holds_fewer_than_may_be_bought():
    """[H] "draw 1, 2, or 3 raffle tickets"; L7 ``raffle_overdraw="draw_rest"``: a purchase past
    the bag draws what is left. The help says so for a bag of 1, and says nothing of the
    bag when it holds as many as may be bought."""
    def help_for(bag, **options):
        g = game(board="fairground", **options)
        s = g.step(g.state_from_position(3, current=0, roll=1, bag=bag), 0, "move raffle-1")
        return g.legal(s, 0).description
    assert "the bag holds" not in help_for(["wool-milk:1", "extra-turn", "wool-milk:2"])
    assert "the bag holds" not in help_for(["wool-milk:1", "extra-turn"])
    assert "(the bag holds 1: what is left is drawn)" in help_for(["wool-milk:1"], raffle_overdraw="draw_rest")


def test_move_market_markers_is_not_offered_when_every_marker_is_red():
    """[H] Move Market Markers moves "up to 2 green animal markers"; [G] a type complete in a
    barn is locked (red). With all ten types locked the ticket has nothing to move: it is
    not offered, and revealing it is refused."""
    g = game(board="fairground")
    barns = [["rooster", "goose", "cat", "dog"], ["sheep", "goat", "donkey"], ["pig", "cow", "horse"]]
    s = g.state_from_position(3, current=0, roll=2, barns=barns, tickets=[["move-markers"], [], []])
    assert len(s.locked) == 10
    assert g.legal(s, 0).tickets == ()
    assert_refused(g, s, 0, "ticket move-markers sheep+1", rule="no-ticket")


def test_tickets_are_offered_only_before_the_move_or_at_the_end_of_the_turn():
    """[H] a player reveals an action ticket in their own turn, before the move or at its
    end: on the market, in the middle of the space's action, no ticket is offered."""
    g = game(board="fairground")
    s = g.state_from_position(3, current=0, roll=2, tickets=[["extra-turn"], [], []])
    assert g.legal(s, 0).tickets == ("extra-turn",)
    s = g.step(s, 0, "move hilltop")
    assert s.phase == "market" and g.legal(s, 0).tickets == ()


def _at_the_end_of_a_turn():
    g = game(board="fairground")
    s = g.state_from_position(3, current=0, roll=2, tickets=[["extra-turn"], [], []])
    s = g.step(g.step(s, 0, "move hilltop"), 0, "market none")
    assert s.phase == "end"
    return g, s


def test_a_ticket_not_held_cannot_be_revealed_at_the_end_of_a_turn():
    """[H] a player reveals "1 of their action tickets": one it holds. Anna holds only an
    Extra Turn; a Horse-Trade she does not hold is refused, and the turn stands as it was."""
    g, s = _at_the_end_of_a_turn()
    assert_refused(g, s, 0, "ticket horse-trade", rule="no-ticket")
    assert_refused(g, s, 0, "ticket move-markers sheep+1", rule="no-ticket")


def test_only_move_market_markers_takes_marker_changes():
    """[H] Extra Turn gives a whole extra turn; it moves no marker, so an Extra Turn
    revealed with changes is refused rather than taken as a plain Extra Turn."""
    g, s = _at_the_end_of_a_turn()
    assert_refused(g, s, 0, "ticket extra-turn sheep+1", rule="no-change", says="only Move Market Markers")
    after = g.step(s, 0, "ticket extra-turn")
    assert after.current == 0 and after.phase == "roll", "the extra turn: Anna again"


def test_every_action_listed_at_the_end_of_a_turn_is_legal():
    """[H] Move Market Markers names the markers it moves ("up to 2 green animal markers"): the
    list of actions at the end of a turn leaves it out (it cannot be listed without its
    changes), so each action listed is one the seat may play."""
    g = game(board="fairground")
    s = g.state_from_position(3, current=0, roll=2, tickets=[["move-markers", "extra-turn"], [], []])
    s = g.step(g.step(s, 0, "move hilltop"), 0, "market none")
    assert s.phase == "end"
    legal = g.legal(s, 0)
    listed = legal.actions()
    assert [str(a) for a in listed] == ["end", "ticket extra-turn"]
    assert all(legal.explain(a) is None for a in listed)


def test_a_lone_wool_milk_0_still_wins_the_sow():
    """[H] Wool-Milk tickets are numbered 0-3; "If no player has a Wool-Milk ticket, the
    sow isn't awarded": a player holding only a 0 holds one, with the highest total (0)
    when nobody else holds any, and takes the sow."""
    g = game(board="fairground")
    t = Table.thaw(g.state_from_position(3, tickets=[[], ["wool-milk:0"], []]))
    t.award_sow()
    assert t.sow == 1 and t.phase == "over"


# -- I. scoring ------------------------------------------------------------------------------------

def test_the_most_points_win_alone_even_by_ten():
    """[I] the player with the most points wins: 350 for a barn of sheep against 360 in
    money goes to the money, however close; only equal scores are ties (L7)."""
    g = game()
    t = Table.thaw(g.state_from_position(3, barns=[["sheep"], None, None], money=["none", "200+100+50+10", "none"]))
    assert (t.score(0), t.score(1)) == (350, 360)
    t.phase = "over"
    assert g.winners(t.freeze()) == (1,)



# -- J. two players --------------------------------------------------------------------------------

def test_the_gambles_1_gives_the_top_note_to_the_opponent_and_2_keeps_the_top_two():
    """[J] Gamble: on a 1 "they take the top note from the Gambling stack and 'gift' it,
    unseen, to their opponent"; on a 2 "they take the top 2 notes from the stack and keep
    both". The stack 50, 10, 0, 10, 50, 10 (the last on top): a 1 gives Ben the 10 on
    top; a 2 gives Anna the 10 and the 50 (140 each to begin with)."""
    g = game()
    s = g.step(g.state_from_position(2, current=0, roll=1, gambling="50+10+0+10+50+10"), 0, "move hill-west")
    s = g.step(s, 0, "gamble")
    one = g.step(s, None, "roll 1")
    assert g.facts(one, "AB")["money"] == {"A": 140, "B": 150} and len(one.gambling) == 5
    two = g.step(s, None, "roll 2")
    assert g.facts(two, "AB")["money"] == {"A": 200, "B": 140} and len(two.gambling) == 4


def test_a_gamble_rolled_above_3_on_a_larger_die_counts_as_a_3():
    """[J] the gamble reads a 1, 2 or 3; with a die of more faces (``die_faces``, L2) a
    roll of 5 is the 3: look at the top 3 notes, give 1, keep 2."""
    g = game(die_faces=[1, 2, 3, 4, 5])
    s = g.step(g.state_from_position(2, current=0, roll=1, gambling="50+10+0+10+50+10"), 0, "move hill-west")
    s = g.step(g.step(s, 0, "gamble"), None, "roll 5")
    assert s.phase == "give" and len(s.drawn) == 3 and len(s.gambling) == 3


def test_move_market_markers_says_which_markers_it_moved():
    """[H] "shift up to 2 green animal markers by 1 space each": the markers move in sight
    of the table, so the sentence every seat reads names them, as the market's does [G]."""
    g = game(board="fairground")
    s = g.state_from_position(3, current=0, roll=2, tickets=[["move-markers"], [], []])
    after = g.step(s, 0, "ticket move-markers sheep+1,goat-1")
    said = g.narrate(s, 0, g.parse("ticket move-markers sheep+1,goat-1"), after, ["Ann", "Bo", "Cy"])
    assert said == "Ann reveals the ticket Move Market Markers: sheep +1, goat -1.", said


def test_the_moves_before_moving_show_how_move_market_markers_is_typed():
    """[H] Move Market Markers names the markers it moves: before the move, as at the end of
    the turn, the help gives its form, not a bare 'ticket move-markers' that is refused."""
    g = game(board="fairground")
    s = g.state_from_position(3, current=0, roll=2, tickets=[["move-markers"], [], []])
    said = g.legal(s, 0).description
    assert ", or first ticket move-markers TYPE+STEPS,... (the green markers to move, e.g. 'ticket move-markers " in said, said


def test_the_horse_trade_help_tells_how_to_choose_the_specimens_with_baby_animals():
    """[K] "the challenger may decide which two specimens (male/female) are horse-traded":
    with Baby Animals on the Fairground the help gives the form (``sheep:f:m``); else not."""
    def help_for(**options):
        g = game(board="fairground", **options)
        s = g.state_from_position(3, current=0, roll=3, pastures=[["sheep"], ["sheep"], []])
        s = g.step(s, 0, "move hill-east")
        assert s.phase == "trade", s.phase
        return g.legal(s, 0).description
    assert "ANIMAL:S:S, each S m or f, yours then theirs (e.g. sheep:m:f;" in help_for(babies=True)
    assert "ANIMAL:S:S" not in help_for()
