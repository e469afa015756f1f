"""Rule-by-rule tests of the Bløff (Cheat) engine.

Each test checks one rule and quotes the Norwegian rulebook passage it comes from
(shared/seeds/002_f43980afe81e6751.txt, with an English translation); RULES.md section 3 is
the project's digest of it. Expected values are worked out from the rulebook by hand (the
arithmetic is in the comments). Everything goes through the public API (``Bloff``).

Card text: rank then suit, "AS", "10H", "QD"; a "*" marks the second deck ("JS*").
Ranks in the state are 0 (ace) .. 12 (king).
"""

from __future__ import annotations

import copy
import json

import numpy as np
import pytest
from paths import REPO

from bluffkit.core.errors import IllegalAction, RulesError
from bluffkit.games.bloff import Bloff
from bluffkit.games.bloff.engine import Call, Deal, Pass, Play
from bluffkit.testing import assert_refused

ROOT = REPO
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
ACE, TWO, THREE, FOUR, FIVE, KING = 0, 1, 2, 3, 4, 12


def deck(decks: int = 1) -> list[str]:
    """Every card as text, the second deck's with a star."""
    return [r + s + "*" * d for d in range(decks) for r in RANKS for s in SUITS]


def position(g: Bloff, players: int, fixed: dict[int, str], leader: int = 0, rank: int | None = None):
    """A dealt position: seats in ``fixed`` hold exactly those cards; the rest of the deck
    goes round the other seats one card at a time."""
    taken = {c for text in fixed.values() for c in text.split(",")}
    decks = g.rules.decks_for(players)
    rest = [c for c in deck(decks) if c not in taken]
    others = [s for s in range(players) if s not in fixed]
    hands = {s: [] for s in others}
    for i, c in enumerate(rest):
        hands[others[i % len(others)]].append(c)
    texts = [fixed[s] if s in fixed else ",".join(hands[s]) for s in range(players)]
    return g.state_from_position(players=players, hands=texts, leader=leader, rank=rank)


def cards(g: Bloff, text: str) -> set[int]:
    """Card ids from text (through the game's own notation)."""
    return set(g.parse("play " + text).cards)


def run(g, s, *moves):
    """Apply ``(seat, action text)`` pairs in order."""
    for seat, action in moves:
        s = g.step(s, seat, action)
    return s


def all_pass(g, s):
    """Every seat asked in the open call window passes, in the order asked."""
    assert s.phase == "call"
    for seat in tuple(g.to_move(s)):
        s = g.step(s, seat, "pass")
    return s


def dealt(g, players, seed=1):
    s = g.new_state(players)
    return g.step(s, None, g.sample_chance(s, np.random.default_rng(seed)))


def refused(g, s, seat, action, rule):
    """The action is refused with ``rule`` (the shared rules-test kit); the state, and a
    working copy of it, are left exactly as they were."""
    return assert_refused(g, s, seat, action, rule)


# -- dealing ----------------------------------------------------------------------------------
# "Giver stokker og deler ut hele stokken, ett kort om gangen. Kortene skal fordeles så jevnt som
# mulig, og med fire spillere får alle tretten. Går det ikke opp, får noen ett kort mer enn andre."
# (The dealer shuffles and deals the whole deck, one card at a time. The cards are to be shared as
# evenly as possible, and with four players everyone gets thirteen. If it does not come out even,
# some get one card more than others.)

def test_four_players_get_thirteen_each():
    g = Bloff()
    for seed in range(5):
        s = dealt(g, 4, seed)
        assert [len(h) for h in s.hands] == [13, 13, 13, 13]   # 52 / 4


def test_five_players_get_eleven_or_ten():
    g = Bloff()
    for seed in range(5):
        s = dealt(g, 5, seed)
        # 52 = 5 x 10 + 2: two players get one card more.
        assert sorted(len(h) for h in s.hands) == [10, 10, 10, 11, 11]


@pytest.mark.parametrize("players", range(3, 11))
def test_the_whole_deck_is_dealt_as_evenly_as_possible(players):
    # "deler ut hele stokken" (deals the whole deck); "så jevnt som mulig" (as evenly as possible).
    g = Bloff()
    size = 104 if players >= 7 else 52          # two decks from seven players (see below)
    for seed in range(3):
        s = dealt(g, players, seed)
        dealt_cards = sorted(c for h in s.hands for c in h)
        assert dealt_cards == list(range(size))           # every card exactly once
        sizes = [len(h) for h in s.hands]
        assert max(sizes) - min(sizes) <= 1
        assert set(sizes) <= {size // players, -(-size // players)}
        assert s.pile == () and s.phase == "play"


def test_two_decks_from_seven_players():
    # "Er dere sju eller flere ... Da kan dere stokke sammen to kortstokker" (If you are seven or
    # more ... you can shuffle two decks together.)
    g = Bloff()
    s = dealt(g, 7)
    assert s.decks == 2
    # 104 = 7 x 14 + 6: six hands of 15 and one of 14.
    assert sorted(len(h) for h in s.hands) == [14] + [15] * 6
    s6 = dealt(g, 6)
    assert s6.decks == 1 and sum(len(h) for h in s6.hands) == 52


def test_second_deck_cards_are_written_with_a_star():
    # Two decks: every card of the first deck appears twice; the second copy is "XX*".
    g = Bloff()
    s = dealt(g, 8)
    held = {c for h in s.hands for c in h}
    assert cards(g, "JS*") <= held and cards(g, "JS") <= held
    assert cards(g, "JS*") != cards(g, "JS")


@pytest.mark.parametrize("players", [7, 10])
def test_never_two_decks_when_switched_off(players):
    # "kan dere" (you may): a choice, so two_decks_from=None keeps one deck for any count.
    g = Bloff.create(two_decks_from=None)
    s = dealt(g, players)
    assert s.decks == 1
    assert sorted(c for h in s.hands for c in h) == list(range(52))
    # 7 players: 52 = 7 x 7 + 3 -> 8,8,8,7,7,7,7; 10 players: 52 = 10 x 5 + 2 -> 6,6,5 x 8.
    expected = {7: [7, 7, 7, 7, 8, 8, 8], 10: [5] * 8 + [6, 6]}[players]
    assert sorted(len(h) for h in s.hands) == expected


@pytest.mark.parametrize("players", [3, 4, 6, 10])
def test_three_to_ten_players_accepted(players):
    # "Bløff er et kortspill for 3 til 10 spillere" (a card game for 3 to 10 players).
    g = Bloff()
    assert g.new_state(players).phase == "deal"


@pytest.mark.parametrize("players", [0, 1, 2, 11, 12, True, "4", 4.0])
def test_other_player_counts_refused(players):
    # "3 til 10 spillere" (3 to 10 players).
    g = Bloff()
    with pytest.raises(RulesError):
        g.new_state(players)


def test_a_deal_with_a_repeated_card_is_refused():
    g = Bloff()
    s = g.new_state(4)
    good = g.sample_chance(s, np.random.default_rng(3))
    hands = [list(h) for h in good.hands]
    hands[1][0] = hands[0][0]                      # one card twice, another missing
    with pytest.raises(IllegalAction) as info:
        g.step(s, None, Deal(tuple(tuple(sorted(h)) for h in hands)))
    assert info.value.rule == "bad-deal"
    assert s == g.new_state(4)


def test_a_deal_with_a_missing_card_is_refused():
    g = Bloff()
    s = g.new_state(4)
    good = g.sample_chance(s, np.random.default_rng(3))
    short = (good.hands[0][1:],) + good.hands[1:]  # 51 cards
    with pytest.raises(IllegalAction) as info:
        g.step(s, None, Deal(short))
    assert info.value.rule == "bad-deal"


def test_an_uneven_deal_is_refused():
    # "så jevnt som mulig" (as evenly as possible): 14/12/13/13 is not.
    g = Bloff()
    s = g.new_state(4)
    h = g.sample_chance(s, np.random.default_rng(4)).hands
    uneven = (tuple(sorted(h[0] + h[1][:1])), h[1][1:], h[2], h[3])
    with pytest.raises(IllegalAction) as info:
        g.step(s, None, Deal(uneven))
    assert info.value.rule == "bad-deal"


@pytest.mark.parametrize("hands", [3, 5])
def test_a_deal_to_another_number_of_hands_is_refused(hands):
    # A deal is for the players at the table: 52 cards dealt evenly to 3 or 5 hands are no
    # deal for four players, however whole and even.
    g = Bloff()
    s = g.new_state(4)
    other = g.sample_chance(g.new_state(hands), np.random.default_rng(5))
    assert len(other.hands) == hands
    with pytest.raises(IllegalAction) as info:
        g.step(s, None, other)
    assert info.value.rule == "bad-deal"
    assert s == g.new_state(4)


@pytest.mark.parametrize("players, size", [(4, 52), (7, 104)])
def test_a_refused_deal_names_the_cards_of_the_deck_in_play(players, size):
    # One deck is 52 cards, two (from seven players) 104.
    g = Bloff()
    s = g.new_state(players)
    h = g.sample_chance(s, np.random.default_rng(6)).hands
    with pytest.raises(IllegalAction, match=f"a deal gives all {size} cards, as evenly as possible, to {players} hands"):
        g.step(s, None, Deal((h[0][1:],) + h[1:]))


def test_the_deal_goes_one_card_at_a_time_from_the_first_seat():
    # "ett kort om gangen" (one card at a time), from seat 0, the first to play: with five
    # players the 52nd card is the second seat's, so seats 0 and 1 hold 11 and the rest 10.
    g = Bloff()
    for seed in range(3):
        assert [len(h) for h in dealt(g, 5, seed).hands] == [11, 11, 10, 10, 10]


def test_a_move_the_rules_refuse_stops_a_played_game():
    # "Du kan ikke stå over" (you cannot pass): an agent passing on its turn to lay cards is
    # refused in a played game too, not only through step.
    from bluffkit.core.play import play

    class Passer:
        name = "passer"

        def act(self, obs, legal, rng):
            return Pass()

    with pytest.raises(IllegalAction, match=r"^seat 0's agent \(passer\) played a move the rules refuse, at step 2 "):
        play(Bloff(), [Passer(), Passer(), Passer()], 1)


def test_one_deck_deal_refused_when_two_decks_are_in_play():
    # Seven players play with two decks (104 cards): a 52-card deal does not give the whole deck.
    g = Bloff()
    s = g.new_state(7)
    one_deck = Bloff.create(two_decks_from=None)
    d = one_deck.sample_chance(one_deck.new_state(7), np.random.default_rng(5))
    with pytest.raises(IllegalAction) as info:
        g.step(s, None, d)
    assert info.value.rule == "bad-deal"


def test_a_position_must_hold_every_card_exactly_once():
    g = Bloff()
    full = deck()
    hands = [",".join(full[i::4]) for i in range(4)]
    assert g.state_from_position(players=4, hands=hands).phase == "play"
    missing = [",".join(full[i::4][1:] if i == 0 else full[i::4]) for i in range(4)]
    with pytest.raises(RulesError):
        g.state_from_position(players=4, hands=missing)
    repeated = list(hands)
    repeated[1] = hands[1] + ",AS"                 # AS is in seat 0's hand too
    with pytest.raises(RulesError):
        g.state_from_position(players=4, hands=repeated)



def test_a_position_with_an_empty_hand_is_refused_not_stuck():
    """"Førstemann ut har vunnet" and "Hver tur legges det minst ett kort": a seat without
    cards has won, so a position giving one an empty hand is refused in words; it was
    taken, and the seat's turn then had a Legal saying "play one card" with no card."""
    g = Bloff()
    full = deck()
    hands = [",".join(full[:26]), "", ",".join(full[26:])]
    with pytest.raises(RulesError, match=r"hands\[1\] holds no card"):
        g.state_from_position(players=3, hands=hands)


# -- claims -----------------------------------------------------------------------------------
# "Første utspill skal være ess, nestemann legger toere, den neste treere, og slik klatrer verdien
# ett hakk for hver tur. Etter tierne kommer knekter, damer og konger, og etter kongene begynner
# rekka på ess igjen." (The first play is to be aces, the next player lays twos, the next threes,
# and so the rank climbs one step each turn. After the tens come jacks, queens and kings, and after
# the kings the sequence starts on aces again.)

def test_the_first_claim_is_aces():
    g = Bloff()
    s = dealt(g, 4)
    assert s.rank == ACE and g.to_move(s) == (0,)
    card = s.hands[0][0]
    s = g.step(s, 0, Play((card,)))
    assert s.claims == ((0, ACE, 1),)


def test_the_rank_climbs_from_aces_to_kings_and_back_to_aces():
    g = Bloff()
    s = dealt(g, 4, seed=11)
    for turn in range(14):
        seat = turn % 4                            # the turn goes on to the left each time
        assert g.to_move(s) == (seat,)
        s = all_pass(g, g.step(s, seat, Play((s.hands[seat][0],))))
    ranks = [rank for _, rank, _ in s.claims]
    # A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, then A again.
    assert ranks == list(range(13)) + [ACE]
    assert s.rank == TWO


def test_after_kings_come_aces():
    g = Bloff()
    s = position(g, 4, {0: "KS,KH,2C"}, leader=0, rank=KING)
    s = all_pass(g, g.step(s, 0, "play KS,KH"))
    assert s.claims[-1] == (0, KING, 2)
    assert s.current == 1 and s.rank == ACE


@pytest.mark.parametrize("rank", [13, -1, True])
def test_a_first_rank_that_is_no_rank_is_refused(rank):
    # The ranks are ace (0) to king (12): thirteen of them, and "etter kongene begynner rekka på
    # ess igjen" (after the kings the sequence starts on aces again). A 13 names no card.
    with pytest.raises(RulesError, match="first_rank must be 0 \\(ace\\) .. 12 \\(king\\)"):
        Bloff.create(first_rank=rank)


def test_a_game_may_open_on_kings():
    g = Bloff.create(first_rank=KING)
    s = dealt(g, 4)
    assert s.rank == KING
    s = all_pass(g, g.step(s, 0, Play((s.hands[0][0],))))
    assert s.claims == ((0, KING, 1),) and s.rank == ACE     # after the kings, aces


def test_suits_do_not_matter():
    # "Sorten betyr ingenting, bare verdien teller." (The suit means nothing, only the rank counts.)
    g = Bloff()
    s = position(g, 4, {0: "AS,AH,AD,AC,5S"})
    s = g.step(s, 0, "play AS,AD,AC")              # three different suits: all aces, all true
    s = g.step(s, 1, "call")
    assert s.revealed[-1][4] == 1                  # the caller takes the pile


def test_at_least_one_card_no_passing():
    # "Du kan ikke stå over. Hver tur legges det minst ett kort" (You cannot pass. Every turn at
    # least one card is laid.)
    g = Bloff()
    s = dealt(g, 4)
    err = refused(g, s, 0, "play none", "at-least-one-card")
    assert "at least one" in err.reason
    assert g.parse("play none") == Play(())


def test_the_player_to_move_cannot_pass():
    # "Du kan ikke stå over." (You cannot pass.)
    g = Bloff()
    s = dealt(g, 4)
    with pytest.raises(IllegalAction):
        g.step(s, 0, "pass")
    with pytest.raises(IllegalAction):
        g.step(s, 0, "call")                       # and there is nothing to call either
    assert g.legal(s, 0).call is False


def test_the_cards_must_be_in_the_players_hand():
    # "legger ett eller flere kort" (lays one or more cards): from the hand.
    g = Bloff()
    s = position(g, 4, {0: "AS,2H,3D"})
    err = refused(g, s, 0, "play AS,KC", "cards-not-held")
    assert err.reason.endswith("does not hold KC"), "only the card not held is named"
    refused(g, s, 0, "play AS*", "cards-not-held")  # no second deck with four players


def test_a_card_cannot_be_laid_twice_in_one_play():
    g = Bloff()
    s = position(g, 4, {0: "AS,2H,3D"})
    err = refused(g, s, 0, Play((0, 0)), "cards-not-held")
    assert "named twice" in err.reason and "does not hold" not in err.reason, err.reason


def test_the_count_claimed_is_the_count_laid():
    # "Antallet skal derimot stemme. Sier du «tre sjuere», skal det ligge tre kort der, uansett hva
    # de er." (The count, however, must be right. If you say "three sevens", three cards must lie
    # there, whatever they are.)
    g = Bloff()
    s = position(g, 4, {0: "7S,2H,KD,9C,5S"}, rank=6)   # sevens in turn
    s = g.step(s, 0, "play 7S,2H,KD")
    assert s.claims[-1] == (0, 6, 3)
    assert len(s.pile) == 3 and len(s.hands[0]) == 2
    assert set(s.pile) == cards(g, "7S,2H,KD")


def test_a_lie_is_allowed_and_the_claim_is_still_the_rank_in_turn():
    # "Har du ingen kort av verdien ... må du legge noe annet og lyve." (If you have no cards of the
    # rank ... you must lay something else and lie.) The claim is still the rank in turn.
    g = Bloff()
    s = position(g, 4, {1: "9S,JH"}, leader=1, rank=TWO)
    s = g.step(s, 1, "play 9S")
    assert s.claims[-1] == (1, TWO, 1)


def test_a_player_holding_the_rank_may_still_lie():
    """"Har du dem, kan du snakke sant, eller lyve likevel for å bli kvitt et dårlig kort."
    (If you have them, you can tell the truth, or lie anyway to get rid of a bad card.)
    Rulebook, the section on laying cards. Seat 0 holds the ace of hearts, aces are in turn,
    and it lays the king of spades instead: legal, claimed as one ace, and a call finds the lie."""
    g = Bloff()
    s = position(g, 4, {0: "AH,KS,QS"})            # aces in turn, and seat 0 holds one
    assert g.legal(s, 0).explain(g.parse("play KS")) is None
    assert g.legal(s, 0).explain(g.parse("play AH")) is None   # or the truth
    s = g.step(s, 0, "play KS")
    assert s.claims[-1] == (0, ACE, 1)             # "one ace"
    s = g.step(s, 1, "call")
    assert s.revealed[-1][3:] == (1, 0)            # a lie: the liar (seat 0) takes the pile
    assert cards(g, "AH,KS,QS") == set(s.hands[0])


def test_the_pile_grows_until_someone_calls():
    # "haugen vokser helt til noen roper" (the pile grows until someone calls).
    g = Bloff()
    s = dealt(g, 4)
    for seat, n in ((0, 2), (1, 1), (2, 3)):
        s = all_pass(g, g.step(s, seat, Play(s.hands[seat][:n])))
    assert len(s.pile) == 2 + 1 + 3
    assert [len(h) for h in s.hands] == [11, 12, 10, 13]


# -- the call window --------------------------------------------------------------------------
# "Tror du at noen nettopp løy, roper du «bløff». Alle kan rope, men det må skje før nestemann har
# lagt sine kort. Etter det er løgnen trygg, begravd i haugen." (If you think someone just lied,
# you call "bløff". Anyone can call, but it must happen before the next player has laid their cards.
# After that the lie is safe, buried in the pile.) "turen går videre med klokka" (the turn goes on
# clockwise).

@pytest.mark.parametrize("player, asked", [(0, (1, 2, 3)), (2, (3, 0, 1)), (3, (0, 1, 2))])
def test_every_other_player_is_asked_from_the_players_left(player, asked):
    g = Bloff()
    s = position(g, 4, {player: "AS,2S,3S"}, leader=player)
    s = g.step(s, player, "play AS")
    assert s.phase == "call"
    assert tuple(g.to_move(s)) == asked
    for seat in asked:
        assert g.legal(s, seat).call is True


def test_passes_go_round_in_the_direction_of_play():
    g = Bloff()
    s = position(g, 4, {1: "2S,3S"}, leader=1, rank=TWO)
    s = g.step(s, 1, "play 2S")
    s = g.step(s, 2, "pass")
    assert tuple(g.to_move(s)) == (3, 0)
    s = g.step(s, 3, "pass")
    assert tuple(g.to_move(s)) == (0,)


def test_a_player_cannot_call_their_own_play():
    g = Bloff()
    s = position(g, 4, {0: "AS,2S,3S"})
    s = g.step(s, 0, "play 2S")                    # a lie: "one ace"
    err = refused(g, s, 0, "call", "own-play")
    assert "own" in err.reason
    assert g.legal(s, 0).call is False
    refused(g, s, 0, "pass", "own-play")


def test_nobody_lays_cards_while_the_window_is_open():
    g = Bloff()
    s = position(g, 4, {0: "AS,2S,3S"})
    s = g.step(s, 0, "play AS")
    refused(g, s, 1, Play((s.hands[1][0],)), "not-your-turn")


def test_once_everyone_passed_the_left_player_lays_the_next_rank():
    g = Bloff()
    s = position(g, 4, {0: "AS,2S,3S"})
    s = all_pass(g, g.step(s, 0, "play AS"))
    assert s.phase == "play"
    assert g.to_move(s) == (1,)
    assert s.rank == TWO and len(s.pile) == 1


def test_a_play_cannot_be_called_after_the_window_closed():
    # "det må skje før nestemann har lagt sine kort" (it must happen before the next player has laid
    # their cards): once everyone passed, nobody may call the play any more...
    g = Bloff()
    s = position(g, 4, {0: "2S,3S,4S"})
    s = all_pass(g, g.step(s, 0, "play 2S"))       # a lie, but nobody called
    for seat in (2, 3):
        err = refused(g, s, seat, "call", "no-call-window")
        assert "call" in err.reason and "everyone let the last play go" in err.reason
    # ... and after the next player has laid, a call turns over the *new* play.
    s = g.step(s, 1, Play((s.hands[1][0],)))
    s = g.step(s, 0, "call")
    player, rank, laid, caller, taker = s.revealed[-1]
    assert (player, rank, caller) == (1, TWO, 0)
    assert cards(g, "2S") & set(laid) == set()


def test_a_seat_that_passed_cannot_call_later_in_the_same_window():
    g = Bloff()
    s = position(g, 4, {0: "2S,3S,4S"})
    s = g.step(s, 0, "play 2S")
    s = g.step(s, 1, "pass")
    refused(g, s, 1, "call", "already-answered")
    refused(g, s, 1, "pass", "already-answered")


def test_a_pass_out_of_turn_takes_only_the_passing_seat_out_of_the_window():
    # "Alle kan rope, men det må skje før nestemann har lagt sine kort" (Anyone can call, but it must
    # happen before the next player has laid their cards): seat 3 may answer before seats 1 and 2,
    # and its pass lets the play go for seat 3 alone.
    g = Bloff()
    s = position(g, 4, {0: "KS,AH,QS"})
    s = g.step(s, 0, "play KS")                    # a lie: "one ace"
    assert tuple(g.to_move(s)) == (1, 2, 3)
    s = g.step(s, 3, "pass")
    assert s.phase == "call"
    assert tuple(g.to_move(s)) == (1, 2)           # seats 1 and 2 have not answered yet
    refused(g, s, 3, "call", "already-answered")
    s = g.step(s, 1, "call")
    player, rank, laid, caller, taker = s.revealed[-1]
    assert (player, rank, caller, taker) == (0, ACE, 1, 0)     # the liar takes the pile
    assert set(laid) == cards(g, "KS")


def test_nothing_to_call_before_the_first_play():
    g = Bloff()
    s = dealt(g, 4)
    refused(g, s, 2, "call", "no-call-window")


# -- resolving a call -------------------------------------------------------------------------
# "Kortene fra det siste utspillet snus, og én av to ting skjer: Var ett eller flere av kortene noe
# annet enn det som ble sagt, må løgneren ta opp hele haugen på hånden. Stemte alt, tar anklageren
# haugen i stedet." (The cards of the last play are turned, and one of two things happens: if one
# or more of the cards was something other than what was said, the liar must take the whole pile
# into their hand. If everything was true, the accuser takes the pile instead.)
# "Etter oppgjøret fortsetter spillet som før: spilleren til venstre for den som ble anklaget,
# legger neste verdi i rekka." (After the settlement play goes on as before: the player to the left
# of the accused lays the next rank in the sequence.)

def _pile_of_five(g):
    """Seat 0 "one ace" (AS, true), seat 1 "two twos" (2S + 9S), then seat 2 "two threes"."""
    s = position(g, 4, {0: "AS,KS", 1: "2S,9S,KH", 2: "3S,3H,QS,KD"})   # seat 3: the other 43
    s = all_pass(g, g.step(s, 0, "play AS"))
    s = all_pass(g, g.step(s, 1, "play 2S,9S"))
    return s


def test_one_wrong_card_makes_the_liar_take_the_whole_pile():
    g = Bloff()
    s = _pile_of_five(g)
    s = g.step(s, 2, "play 3S,QS")                 # "two threes": the queen is a lie
    s = g.step(s, 3, "call")
    # the pile was 1 + 2 + 2 = 5 cards; seat 2 had 4, laid 2, takes 5: 7.
    assert len(s.hands[2]) == 2 + 5
    assert cards(g, "AS,2S,9S,3S,QS") <= set(s.hands[2])
    assert s.pile == ()
    assert [len(h) for h in s.hands] == [1, 1, 7, 43]   # seat 3 (52 - 2 - 3 - 4 = 43) keeps its own
    player, rank, laid, caller, taker = s.revealed[-1]
    assert (player, rank, caller, taker) == (2, THREE, 3, 2)
    assert set(laid) == cards(g, "3S,QS")


def test_all_true_makes_the_caller_take_the_whole_pile():
    g = Bloff()
    s = _pile_of_five(g)
    s = g.step(s, 2, "play 3S,3H")                 # "two threes": true
    s = g.step(s, 3, "call")
    # seat 3 had 43 and takes all 5 cards: 48; seat 2 keeps its other 2.
    assert [len(h) for h in s.hands] == [1, 1, 2, 48]
    assert cards(g, "AS,2S,9S,3S,3H") <= set(s.hands[3])
    assert s.pile == ()
    assert s.revealed[-1][3:] == (3, 3)


def test_an_earlier_lie_in_the_pile_does_not_count():
    # Only "det siste utspillet" (the last play) is turned: seat 1's 9S is buried.
    g = Bloff()
    s = _pile_of_five(g)
    s = g.step(s, 2, "play 3S,3H")
    s = g.step(s, 0, "call")
    assert s.revealed[-1][4] == 0                  # the caller (seat 0) takes it, not seat 1
    assert len(s.hands[0]) == 1 + 5


@pytest.mark.parametrize("lie", [True, False])
@pytest.mark.parametrize("caller", [3, 0, 1])
def test_play_goes_on_left_of_the_accused_whoever_called(lie, caller):
    g = Bloff()
    s = _pile_of_five(g)
    s = g.step(s, 2, "play 3S,QS" if lie else "play 3S,3H")
    s = g.step(s, caller, "call")
    assert s.phase == "play"
    assert g.to_move(s) == (3,)                    # left of seat 2, the accused
    assert s.rank == FOUR                          # the next rank after threes


def test_the_first_caller_settles_it_even_out_of_turn():
    # "Roper flere samtidig, teller den som ropte først." (If several call at once, the one who
    # called first counts.) Seat 3 calls before seat 1 has answered: seat 3's call counts.
    g = Bloff()
    s = position(g, 4, {0: "AS,AH,KS"})
    held = len(s.hands[3])
    s = g.step(s, 0, "play AS,AH")                 # true
    s = g.step(s, 3, "call")
    assert s.revealed[-1][3:] == (3, 3)            # seat 3 called and takes the pile
    assert len(s.hands[3]) == held + 2
    refused(g, s, 2, "call", "no-call-window")     # a later call is too late


class _Always:
    """A seat that always gives the same answer in the call window."""

    def __init__(self, answer):
        self.name, self.answer = f"always {answer}", answer

    def act(self, obs, legal, rng):
        return self.answer


def test_calls_at_once_go_to_the_nearest_in_the_direction_of_play():
    """"Roper flere samtidig, teller den som ropte først. Er det umulig å avgjøre, gjelder ropet
    fra den som sitter nærmest i spilleretningen." (If several call at once, the one who
    called first counts. If that cannot be told, the call of the one sitting nearest in the
    direction of play applies.) Rulebook, the section on calling. Seat 2 lays a lie; seats 3
    and 1 would both call, seat 0 lets it go. From seat 2 the direction of play is 3, 0, 1:
    seat 3 sits nearest, so its call counts and seat 1 never answers."""
    from bluffkit.session import HUMAN, Session

    full = deck()
    hands = ["", "", "2S,3S", ""]
    rest = [c for c in full if c not in ("2S", "3S")]
    for i, c in enumerate(rest):
        seat = (0, 1, 3)[i % 3]
        hands[seat] += ("," if hands[seat] else "") + c
    s = Session(Bloff(), [_Always(Pass()), _Always(Call()), HUMAN, _Always(Call())],
                start={"hands": hands, "leader": 2, "rank": FIVE})
    held = {seat: len(h) for seat, h in enumerate(s.state.hands)}
    s.play("play 2S", 2)                           # "one five": a lie
    while s.state.phase == "call":                 # the bots answer, in the order asked
        s.advance(limit=1)
    player, rank, laid, caller, taker = s.state.revealed[-1]
    assert (player, rank, caller, taker) == (2, FIVE, 3, 2)
    assert len(s.state.hands[1]) == held[1]       # seat 1's call came too late to count
    assert s.moves[-1] == (3, Call())


def test_a_pass_does_not_stop_a_later_call():
    g = Bloff()
    s = position(g, 4, {0: "KS,AH,QS"})
    s = g.step(s, 0, "play KS")                    # a lie: "one ace"
    s = g.step(s, 1, "pass")
    s = g.step(s, 2, "call")
    player, rank, laid, caller, taker = s.revealed[-1]
    assert (player, caller, taker) == (0, 2, 0)
    assert len(s.hands[0]) == 3
    assert g.to_move(s) == (1,) and s.rank == TWO


def test_the_window_closes_after_the_first_call():
    g = Bloff()
    s = position(g, 4, {0: "KS,AH,QS"})
    s = g.step(s, 0, "play KS")
    s = g.step(s, 1, "call")
    assert s.phase == "play" and s.pending == ()
    # The refusal says why: the play was called, not let go ("Etter oppgjøret fortsetter
    # spillet som før": after the settlement play goes on).
    for seat, word in ((2, "call"), (3, "pass")):
        err = refused(g, s, seat, word, "no-call-window")
        assert "was called already" in err.reason and "let" not in err.reason


# -- going out --------------------------------------------------------------------------------
# "Den som legger sitt siste kort, har ikke vunnet helt ennå. Utspillet må først overleve en
# eventuell anklage. Roper noen «bløff» og kortene holder, er spillet vunnet. Ble det løyet, tas
# haugen opp, og spillet fortsetter." (Whoever lays their last card has not quite won yet. The
# play must first survive a possible accusation. If someone calls "bløff" and the cards hold, the
# game is won. If there was a lie, the pile is taken up and the game goes on.)
# "Førstemann ut har vunnet" (The first one out has won.)

def test_laying_the_last_card_is_not_yet_a_win():
    g = Bloff()
    s = position(g, 3, {0: "AS"})
    s = g.step(s, 0, "play AS")
    assert s.hands[0] == ()
    assert s.phase == "call" and not g.is_over(s)
    assert s.winner == -1
    with pytest.raises(RulesError):
        g.winners(s)
    assert tuple(g.to_move(s)) == (1, 2)


def test_the_last_card_wins_if_nobody_calls():
    g = Bloff()
    s = position(g, 3, {0: "KD"})                  # even a lie survives when nobody calls
    s = all_pass(g, g.step(s, 0, "play KD"))
    assert g.is_over(s)
    assert g.winners(s) == (0,)
    assert g.to_move(s) == ()


def test_the_last_card_wins_if_called_and_true():
    g = Bloff()
    s = position(g, 3, {0: "AS"})
    held = len(s.hands[2])
    s = g.step(s, 0, "play AS")
    s = g.step(s, 2, "call")
    assert g.is_over(s) and g.winners(s) == (0,)
    assert len(s.hands[2]) == held + 1            # the caller took the one-card pile


def test_the_last_card_called_and_a_lie_takes_the_pile_and_play_goes_on():
    g = Bloff()
    s = position(g, 3, {0: "AS,2H"})
    s = all_pass(g, g.step(s, 0, "play AS"))      # one card left
    s = g.step(s, 1, Play((s.hands[1][0],)))       # "one two"
    s = all_pass(g, s)
    s = g.step(s, 2, Play((s.hands[2][0],)))       # "one three"
    s = all_pass(g, s)
    s = g.step(s, 0, "play 2H")                    # "one four": a lie, and the last card
    s = g.step(s, 1, "call")
    assert not g.is_over(s) and s.winner == -1
    assert len(s.hands[0]) == 4                    # the pile: AS + 1 + 1 + 2H
    assert g.to_move(s) == (1,) and s.rank == FIVE


def test_no_move_after_the_game_is_over():
    g = Bloff()
    s = all_pass(g, g.step(position(g, 3, {0: "AS"}), 0, "play AS"))
    for seat, action in ((1, "call"), (1, "pass"), (1, Play((s.hands[1][0],)))):
        with pytest.raises(IllegalAction) as info:
            g.step(s, seat, action)
        assert info.value.rule == "game-over"


# -- hidden information -----------------------------------------------------------------------
# "Alt legges med baksiden opp i en felles haug ... Ingen ser om det stemmer" (Everything is laid
# face down in a common pile ... Nobody sees whether it is true.) "Kortene fra det siste utspillet
# snus" (The cards of the last play are turned face up.)

def _mid_game(g, seed=21, laid=None):
    """Four players, some plays in the pile, one call settled, one play awaiting answers.
    ``laid``, a dict, gets per seat the cards it laid face down, play by play (worked out
    here from the moves, not read from the state)."""
    s = dealt(g, 4, seed)
    laid = {} if laid is None else laid

    def lay(s, seat, n):
        cards = tuple(s.hands[seat][:n])
        laid.setdefault(seat, []).append(cards)
        return g.step(s, seat, Play(cards))
    for seat, n in ((0, 2), (1, 1)):
        s = all_pass(g, lay(s, seat, n))
    s = lay(s, 2, 3)
    s = g.step(s, 3, "call")                       # turned face up: public
    s = all_pass(g, lay(s, 3, 2))
    s = lay(s, 0, 1)
    s = g.step(s, 1, "pass")
    return s


# The fields of a seat's view (to_dict: all but rules and legal), and those of them that hold
# card ids. A field added to the view fails the test below until it is placed in one list.
VIEW_FIELDS = {"seat", "decks", "phase", "current", "rank", "to_move", "hand", "hand_sizes", "pile_size",
               "my_pile_cards", "my_laid", "claims", "revealed", "pending", "winner"}
CARD_FIELDS = {"hand", "my_pile_cards", "my_laid"}       # and the cards of each revealed play


def test_the_observation_holds_what_the_seat_may_know():
    g = Bloff()
    laid: dict = {}
    s = _mid_game(g, laid=laid)
    for seat in range(4):
        o = g.observe(s, seat)
        assert o.seat == seat
        assert tuple(o.hand) == tuple(s.hands[seat])
        assert tuple(o.hand_sizes) == tuple(len(h) for h in s.hands)
        assert o.pile_size == len(s.pile)
        mine = [c for p, _, laid_now in s.plays if p == seat for c in laid_now]
        assert sorted(o.my_pile_cards) == sorted(mine)
        # every card it laid, in the pile or taken since (it remembers what it laid), play by play
        assert tuple(o.my_laid) == tuple(c for cards in laid[seat] for c in sorted(cards))
        assert tuple(o.claims) == tuple(s.claims)
        assert tuple(o.revealed) == tuple(s.revealed) and len(o.revealed) == 1
        assert o.rank == s.rank and o.current == s.current


@pytest.mark.parametrize("laid", ["AS", "AS,AH,KD"])
def test_every_seat_sees_the_players_hand_shrink_by_the_cards_laid(laid):
    # "Alt legges med baksiden opp i en felles haug" (everything is laid face down in a common pile):
    # nobody sees the cards, but everyone sees how many left the hand. On a working copy (the table
    # a simulation plays on, move after move), as on the states a step returns.
    g = Bloff()
    s = position(g, 4, {0: "AS,AH,KD,5C,9H"})      # the other 47 cards: 16, 16 and 15
    before = (5, 16, 16, 15)
    n = len(laid.split(","))
    after = (5 - n, 16, 16, 15)
    t = g.table(s)
    for seat in range(4):
        assert tuple(t.observe(seat).hand_sizes) == before
    t.apply(0, g.parse("play " + laid))
    for seat in range(4):
        seen = t.observe(seat)
        assert tuple(seen.hand_sizes) == after, seat
        assert seen.pile_size == n
    stepped = g.step(s, 0, "play " + laid)
    for seat in range(4):
        assert tuple(g.observe(stepped, seat).hand_sizes) == after


def test_the_observation_never_holds_another_seats_cards():
    g = Bloff()
    laid: dict = {}
    s = _mid_game(g, laid=laid)
    revealed = {c for _, _, laid, _, _ in s.revealed for c in laid}
    for seat in range(4):
        d = g.observe(s, seat).to_dict()
        assert not {"hands", "plays", "pile"} & set(d)
        secret = [tuple(s.hands[o]) for o in range(4) if o != seat]

        def walk(v, secret=secret, seat=seat):
            if isinstance(v, tuple):
                assert v not in secret, f"seat {seat} sees another hand: {v}"
                for x in v:
                    walk(x)
        for value in d.values():
            walk(value)
        # card ids only appear in the seat's own hand, the cards it laid and the revealed plays
        assert set(d) == VIEW_FIELDS, f"a field of the view is not in VIEW_FIELDS: {set(d) ^ VIEW_FIELDS}"
        shown = {c for f in CARD_FIELDS for c in d[f]} | {c for r in d["revealed"] for c in r[2]}
        own = set(s.hands[seat]) | {c for cards in laid[seat] for c in cards}
        assert shown <= own | revealed, f"seat {seat} is shown cards it never held nor saw: {shown - own - revealed}"
        hidden = {c for o in range(4) if o != seat for c in s.hands[o]} - revealed - own
        hidden |= {c for p, _, cards in s.plays if p != seat for c in cards}
        assert hidden and not shown & hidden
        for f in VIEW_FIELDS - CARD_FIELDS - {"revealed", "claims", "to_move", "pending", "hand_sizes"}:
            assert isinstance(d[f], (int, str)), f"{f} is {d[f]!r}: a field that holds no cards is one number or word"
        assert [c[2] for c in d["claims"]] == [2, 1, 3, 2, 1] and all(len(c) == 3 for c in d["claims"]), d["claims"]


def test_redealing_what_a_seat_cannot_see_leaves_its_observation_unchanged():
    g = Bloff()
    s = _mid_game(g)
    for seat in range(4):
        o = g.observe(s, seat)
        redeals = [g.hide_from(s, seat, np.random.default_rng(100 + k)) for k in range(10)]
        assert any(h.hands != s.hands for h in redeals)   # the redeal really moves hidden cards
        for h in redeals:
            assert g.observe(h, seat) == o
            assert h.hands[seat] == s.hands[seat]
            assert [len(x) for x in h.hands] == [len(x) for x in s.hands]
            assert sorted([c for hand in h.hands for c in hand] + list(h.pile)) == list(range(52))


def test_other_hands_do_not_change_the_observation():
    # Swap a card between seats 1 and 2: seat 0 cannot tell the two states apart.
    g = Bloff()
    base = position(g, 4, {0: "AS,2S,3S", 1: "4S,5S", 2: "6S,7S"})
    rest = g.observe(base, 0)
    swapped = position(g, 4, {0: "AS,2S,3S", 1: "4S,6S", 2: "5S,7S"})
    assert g.observe(swapped, 0) == rest
    # a face-down card of someone else in the pile is not seen either
    a = g.step(position(g, 4, {1: "KS,AS", 0: "2S,3S,4S"}, leader=1), 1, "play KS")
    b = g.step(position(g, 4, {1: "KH,AS", 0: "2S,3S,4S"}, leader=1), 1, "play KH")
    assert g.observe(a, 0) == g.observe(b, 0)
    assert g.observe(a, 1) != g.observe(b, 1)     # the player knows what they laid


def test_redealing_keeps_cards_the_seat_saw_taken_up():
    # "Davids kort snus ... han må ta opp alle de åtte kortene i haugen" (David's cards are turned
    # ... he must take up all eight cards of the pile). Anne saw 4D, JS, 10S turned face up and knows
    # David also took her own AS, AH: a redeal she "cannot tell apart" keeps them in David's hand.
    g = Bloff()
    s = _rulebook_example(g)
    anne, david = 0, 3
    known = cards(g, "4D,JS,10S,AS,AH")
    for k in range(10):
        h = g.hide_from(s, anne, np.random.default_rng(k))
        assert known <= set(h.hands[david]), f"seed {k}: {sorted(known - set(h.hands[david]))} moved"


# -- the rulebook example ---------------------------------------------------------------------
# "Fire spillere. Anne begynner og legger to kort: «to ess». Det stemmer. Bjørn har ingen toere,
# legger ♠️9 og sier «én toer». Ingen reagerer. Carla legger to treere, helt sant, og David sier
# «tre firere» mens han kvitter seg med en firer, en knekt og en tier." (Four players. Anne begins
# and lays two cards: "two aces". It is true. Bjørn has no twos, lays the 9 of spades and says "one
# two". Nobody reacts. Carla lays two threes, all true, and David says "three fours" while getting
# rid of a four, a jack and a ten.)
# "Hun roper «bløff». Davids kort snus, knekten og tieren avslører ham, og han må ta opp alle de
# åtte kortene i haugen. Anne sitter til venstre for David, så hun fortsetter med femmere" (She
# calls "bløff". David's cards are turned, the jack and the ten expose him, and he must take up all
# eight cards of the pile. Anne sits to the left of David, so she goes on with fives.)

ANNE, BJORN, CARLA, DAVID = range(4)


def _example_start(g):
    data = json.loads((ROOT / "data" / "scenarios" / "bloff-anne-calls-david.json").read_text())
    start = data["start"]
    hands = [start["hands"][name] for name in data["seats"]]
    assert data["seats"] == ["Anne", "Bjørn", "Carla", "David"]
    return g.state_from_position(players=4, hands=hands, leader=data["seats"].index(start["leader"]))


def _rulebook_example(g):
    s = _example_start(g)
    s = all_pass(g, g.step(s, ANNE, "play AS,AH"))        # "to ess", true
    s = all_pass(g, g.step(s, BJORN, "play 9S"))          # "én toer", a lie nobody calls
    s = all_pass(g, g.step(s, CARLA, "play 3S,3H"))       # two threes, true
    s = g.step(s, DAVID, "play 4D,JS,10S")                # "tre firere"
    return g.step(s, ANNE, "call")


def test_rulebook_example_before_the_call():
    g = Bloff()
    s = _example_start(g)
    assert cards(g, "4S,4H") <= set(s.hands[ANNE])      # "Anne har selv to firere på hånden"
    assert not any(c // 4 == TWO for c in s.hands[BJORN])  # "Bjørn har ingen toere"
    s = all_pass(g, g.step(s, ANNE, "play AS,AH"))
    assert s.claims[-1] == (ANNE, ACE, 2)
    s = all_pass(g, g.step(s, BJORN, "play 9S"))
    assert s.claims[-1] == (BJORN, TWO, 1)
    s = all_pass(g, g.step(s, CARLA, "play 3S,3H"))
    assert s.claims[-1] == (CARLA, THREE, 2)
    s = g.step(s, DAVID, "play 4D,JS,10S")
    assert s.claims[-1] == (DAVID, FOUR, 3)
    assert len(s.pile) == 2 + 1 + 2 + 3                    # eight cards
    assert tuple(g.to_move(s)) == (ANNE, BJORN, CARLA)    # Anne sits left of David
    # Anne's two fours and "three fours" make five of a rank a single deck holds four of.
    assert sum(1 for c in s.hands[ANNE] if c // 4 == FOUR) + 3 > 4


def test_rulebook_example_david_takes_all_eight_cards():
    g = Bloff()
    s = _rulebook_example(g)
    player, rank, laid, caller, taker = s.revealed[-1]
    assert (player, rank, caller, taker) == (DAVID, FOUR, ANNE, DAVID)
    assert set(laid) == cards(g, "4D,JS,10S")
    # David: 13 - 3 + 8 = 18; Anne 13 - 2 = 11; Bjørn 13 - 1 = 12; Carla 13 - 2 = 11.
    assert [len(h) for h in s.hands] == [11, 12, 11, 18]
    assert cards(g, "AS,AH,9S,3S,3H,4D,JS,10S") <= set(s.hands[DAVID])
    assert s.pile == ()


def test_rulebook_example_anne_goes_on_with_fives():
    g = Bloff()
    s = _rulebook_example(g)
    assert s.phase == "play"
    assert g.to_move(s) == (ANNE,)
    assert s.rank == FIVE
    s = g.step(s, ANNE, "play 5S")
    assert s.claims[-1] == (ANNE, FIVE, 1)


def test_rulebook_example_lie_is_seen_by_everyone():
    g = Bloff()
    s = _rulebook_example(g)
    for seat in range(4):
        o = g.observe(s, seat)
        assert o.revealed[-1][:2] == (DAVID, FOUR)
        assert set(o.revealed[-1][2]) == cards(g, "4D,JS,10S")
        assert o.pile_size == 0 and o.hand_sizes[DAVID] == 18


# -- illegal actions, text forms --------------------------------------------------------------

@pytest.mark.parametrize("seat, action, rule", [
    (0, "play none", "at-least-one-card"),
    (0, "play KC", "cards-not-held"),
    (1, "play 4C", "not-your-turn"),
    (1, "call", "no-call-window"),
    (2, "pass", "no-call-window"),
])
def test_illegal_actions_in_play_leave_the_state_unchanged(seat, action, rule):
    g = Bloff()
    s = position(g, 4, {0: "AS,2S,3S", 1: "4C,5C"})
    refused(g, s, seat, action, rule)
    # the same state still takes a legal move
    assert g.step(s, 0, "play AS").claims == ((0, ACE, 1),)


@pytest.mark.parametrize("seat, action, rule", [
    (0, "call", "own-play"),
    (1, "play 4C", "not-your-turn"),
    (0, "play 2S", "not-your-turn"),
])
def test_illegal_actions_in_the_call_window_leave_the_state_unchanged(seat, action, rule):
    g = Bloff()
    s = g.step(position(g, 4, {0: "AS,2S,3S", 1: "4C,5C"}), 0, "play AS")
    refused(g, s, seat, action, rule)


def test_unknown_seat_and_dealing_by_a_player_are_refused():
    g = Bloff()
    s = dealt(g, 4)
    before = copy.deepcopy(s)
    with pytest.raises(IllegalAction) as info:
        g.step(s, 7, "play AS")
    assert info.value.rule == "no-such-seat"
    d = g.sample_chance(g.new_state(4), np.random.default_rng(0))
    with pytest.raises(IllegalAction) as info:
        g.step(s, 0, d)
    assert info.value.rule == "deal-is-chance"
    with pytest.raises(IllegalAction) as info:
        g.step(s, None, d)
    assert info.value.rule == "not-chance-turn"
    assert s == before


def test_players_wait_for_the_deal():
    g = Bloff()
    s = g.new_state(4)
    with pytest.raises(IllegalAction) as info:
        g.step(s, 0, "play AS")
    assert info.value.rule == "chance-turn"
    assert g.to_move(s) == () and g.is_chance(s)


@pytest.mark.parametrize("action", [
    Play((0,)), Play((0, 1, 36, 39)), Play((40, 92)), Play(()), Call(), Pass(),
])
def test_text_forms_round_trip(action):
    g = Bloff()
    assert g.parse(str(action)) == action
    assert g.parse(g.notation(action)) == action


@pytest.mark.parametrize("text", ["call now", "pass 2", "call AS", "pass please"])
def test_a_call_or_pass_with_more_after_it_is_not_read_as_one(text):
    # A call turns the last play over ("Kortene fra det siste utspillet snus"): a typo must not
    # turn cards over, nor let a play go unanswered.
    from bluffkit.core.errors import NotationError
    from bluffkit.games.bloff.actions import parse
    g = Bloff()
    with pytest.raises(NotationError):
        parse(text)
    with pytest.raises(NotationError):
        g.parse(text)
    s = g.step(position(g, 4, {0: "KS,AH,QS"}), 0, "play KS")
    with pytest.raises(NotationError):
        g.step(s, 1, text)
    assert tuple(g.to_move(s)) == (1, 2, 3) and s.revealed == ()


def test_card_text_examples():
    g = Bloff()
    assert str(g.parse("play AS,10H,QD,JS*")) == "play AS,10H,QD,JS*"
    assert g.parse("play 10H").cards == (9 * 4 + 1,)   # tens: rank 9, hearts: suit 1
    assert g.parse("play JS*").cards == (52 + 10 * 4,)


def test_deal_text_round_trips():
    g = Bloff()
    s = g.new_state(5)
    d = g.sample_chance(s, np.random.default_rng(9))
    assert g.parse(str(d)) == d
    assert g.step(s, None, str(d)) == g.step(s, None, d)


def test_an_unsorted_play_round_trips():
    g = Bloff()
    s = position(g, 4, {0: "AS,2H,3D"})
    a = Play((5, 0))                                # 2H, AS: step accepts it
    assert g.step(s, 0, a) == g.step(s, 0, g.parse(str(a)))
    assert g.parse(str(a)) == a


def test_passing_on_ones_turn_names_the_no_passing_rule():
    # "Du kan ikke stå over." (You cannot pass.) At the start nobody has laid a card.
    g = Bloff()
    s = dealt(g, 4)
    assert s.claims == ()
    with pytest.raises(IllegalAction) as info:
        g.step(s, 0, "pass")
    assert info.value.rule != "no-call-window"
    assert "laid cards" not in info.value.reason


def test_a_second_answer_in_the_same_window_is_explained():
    g = Bloff()
    s = position(g, 4, {0: "2S,3S,4S"})
    s = g.step(s, 0, "play 2S")
    s = g.step(s, 1, "pass")
    assert s.phase == "call"                        # seats 2 and 3 may still call
    with pytest.raises(IllegalAction) as info:
        g.step(s, 1, "call")
    assert "nothing to call" not in info.value.reason


# -- the deck's limits, the legal-actions object, the bots ---------------------------------------

def test_a_table_of_more_than_twenty_is_refused():
    """The rulebook seats 3 to 10; a large class may raise max_players to 20. With 26 players
    and two decks (four cards each) the caller bots' games never ended: nearly every claim
    is a lie, called, and the liar takes back its one card."""
    for n in (21, 53, 105):
        with pytest.raises(RulesError, match="max_players must be at most 20"):
            Bloff.create(max_players=n)
    g = Bloff.create(two_decks_from=None, max_players=20)
    s = g.step(g.new_state(20), None, g.sample_chance(g.new_state(20), np.random.default_rng(0)))
    assert sorted({len(h) for h in s.hands}) == [2, 3] and sum(len(h) for h in s.hands) == 52


@pytest.mark.parametrize("decks", [None, 7])
def test_twenty_bots_play_to_the_end(decks):
    from bluffkit.agents import make_agent
    from bluffkit.core.play import play
    g = Bloff.create(two_decks_from=decks, max_players=20)
    for bot in ("caller", "honest", "random"):
        rec = play(g, [make_agent(bot, g) for _ in range(20)], seed=1, max_steps=20_000)
        assert g.is_over(rec.final)


def test_the_legal_actions_explain_themselves_without_the_table():
    from bluffkit.core.protocols import Legal
    g = Bloff()
    s = dealt(g, 4)
    play = g.legal(s, 0)
    assert isinstance(play, Legal)
    assert play.explain(Call()) == g.legal(s, 0).explain(Call(), None)
    assert play.explain(Call())[0] == "no-passing"
    assert g.legal(s, 1).explain(Play((s.hands[1][0],)))[0] == "not-your-turn"
    assert g.legal(s, 1).explain(Call())[0] == "no-call-window"
    s = g.step(s, 0, Play((s.hands[0][0],)))
    assert g.legal(s, 0).explain(Call())[0] == "own-play"
    assert g.legal(s, 1).explain(Call()) is None
    assert g.legal(s, 1).actions() == (Call(), Pass()) and g.legal(s, 1).description == "call or pass"
    assert g.legal(s, 0).actions() == () and g.legal(s, 0).description == "nothing now"


def test_a_sampled_play_is_legal_and_honours_max_cards():
    g = Bloff.create(max_cards=2)
    s = dealt(g, 4)
    legal = g.legal(s, 0)
    rng = np.random.default_rng(5)
    for _ in range(200):
        a = legal.sample(rng)
        assert legal.explain(a) is None and 1 <= len(a.cards) <= 2, a
    listed = legal.actions()
    assert len(listed) == 13 + 13 * 12 // 2 and all(legal.explain(a) is None for a in listed)
    assert len(legal.actions(limit=5)) == 5
    assert legal.description == "play 1 to 2 of your 13 cards"


@pytest.mark.parametrize("max_cards", [1, 2])
def test_every_bot_honours_max_cards(max_cards):
    """A play of more than ``max_cards`` is refused ("too-many-cards"): every bot must keep to
    it, the honest ones holding more of the rank included."""
    from bluffkit.agents.base import agent_names, make_agent
    from bluffkit.core.play import play
    g = Bloff.create(max_cards=max_cards)
    names = agent_names(g)
    for seed in range(3):
        rec = play(g, [make_agent(names[(seed + i) % len(names)], g) for i in range(4)], seed)
        plays = [a for seat, a in rec.moves if isinstance(a, Play)]
        assert plays and max(len(a.cards) for a in plays) <= max_cards


def _observation_after_fourteen_claims(hidden_play_by_claimant: bool = False):
    """Seat 2's view: seat 0 laid four jacks, seat 1 called and took them; then twelve claims
    of one true card each were called and turned over (so seat 1 laid nothing unseen), and now
    seat 1 lays four cards and says "four jacks". With ``hidden_play_by_claimant``, one of
    seat 1's plays in between was let go instead (its card never seen)."""
    from bluffkit.games.bloff.cards import parse_cards
    from bluffkit.games.bloff.observe import Legal, Observation, by_keyword
    J = 10
    jacks = parse_cards("JS,JH,JD,JC")
    claims = [(0, J, 4)]
    revealed = [(0, J, jacks, 1, 1)]
    for j in range(1, 13):
        claimant, rank = j % 3, (J + j) % 13
        claims.append((claimant, rank, 1))
        if hidden_play_by_claimant and j == 4:
            continue                                    # seat 1's claim of twos: everyone let it go
        caller = (claimant + 1) % 3
        revealed.append((claimant, rank, (rank * 4 + j % 4,), caller, caller))
    claims.append((1, J, 4))
    hand = tuple(c for c in range(52) if c // 4 not in (J,))[:15]
    return by_keyword(Observation, dict(
        seat=2, rules=Bloff().rules, decks=1, phase="call", current=1, rank=J, to_move=(2, 0), hand=hand,
        hand_sizes=(17, 16, 15), pile_size=4, my_pile_cards=(), my_laid=(), claims=tuple(claims),
        revealed=tuple(revealed), pending=(2, 0), winner=-1, legal=Legal(2, "call", call=True)))


def test_the_caller_counts_the_cards_it_saw_turned_over():
    """A player who picked up four jacks at a call, and has laid nothing unseen since, holds
    them: their "four jacks" is no lie (the model's claimant plays what it holds), and the
    caller lets it go. Without counting them, four jacks in 20 unseen cards look unlikely."""
    from bluffkit.agents.bloff import CallerAgent, p_false, reveal_claims, seen_cards
    from bluffkit.analysis.bloff_probability import p_claim_false
    obs = _observation_after_fourteen_claims()
    outside, inside = seen_cards(obs)
    from bluffkit.games.bloff.cards import parse_cards
    jacks = set(parse_cards("JS,JH,JD,JC"))
    assert jacks <= set(inside)
    assert p_false(obs) == 0.0
    assert CallerAgent().act(obs, obs.legal, np.random.default_rng(0)) == Pass()
    blind = p_claim_false(4, 0, 0, 1, 17 + 16 + 4, 16 + 4)     # what it would say knowing nothing
    assert blind > 0.5
    # one play of seat 1 nobody turned over: the jacks may have gone into it
    obs = _observation_after_fourteen_claims(hidden_play_by_claimant=True)
    assert reveal_claims(obs) == [0] + [j for j in range(1, 13) if j != 4]
    assert not jacks & set(seen_cards(obs)[1])
    assert p_false(obs) > 0.5


def test_the_help_shows_plays_from_the_hand_that_are_legal_as_typed():
    """'help' offered "play AS,9S" whatever the hand held: the examples now come from the
    seat's own cards (the truth where it holds the rank in turn, and a bluff), and each is
    legal as typed; they show in that seat's view only."""
    import re

    import numpy as np

    from bluffkit.core.game import make_game
    from bluffkit.testing import random_decisions
    for options in ({}, {"max_cards": 2}):
        g = make_game("bloff", **options)
        checked = 0
        for s, seat, _legal in random_decisions(g, 4, np.random.default_rng(3), limit=400):
            obs = g.observe(s, seat)
            text = g.describe(obs, ["A", "B", "C", "D"], legal=True)
            for example in re.findall(r"play ([0-9AJQK][^ )]*) \((?:true|a bluff)\)", text):
                assert obs.legal.explain(g.parse("play " + example)) is None, (example, text)
                checked += 1
        assert checked > 20


def test_a_cap_of_one_card_is_worded_in_the_singular():
    g = Bloff.create(max_cards=1)
    s = position(g, 4, {0: "AS,2H,3D"})
    err = refused(g, s, 0, "play AS,2H", "too-many-cards")
    assert err.reason.startswith("at most 1 card in one play"), err.reason


def test_a_second_deck_card_is_the_rank_it_shows():
    """With two decks (from seven players) a card of the second deck ("AS*") is an ace like
    the first deck's: a claim of "one ace" laid with it is true, and the caller takes the
    pile ("Stemte alt, tar anklageren haugen i stedet")."""
    g = Bloff()
    s = position(g, 7, {0: "AS*,2H", 1: "3C,4C"}, leader=0)
    assert g.rules.decks_for(7) == 2 and s.rank == ACE
    s = g.step(s, 0, "play AS*")
    s = g.step(s, 1, "call")
    assert cards(g, "AS*") <= set(s.hands[1]) and not cards(g, "AS*") & set(s.hands[0]), "the caller takes it"
    assert len(s.hands[0]) == 1 and len(s.hands[1]) == 3


# -- rule options, card notation, the legal-actions object (second look) -----------------------

@pytest.mark.parametrize("options, named", [
    ({"max_cards": 0}, "max_cards must be None or an int >= 1"),
    ({"max_cards": -2}, "max_cards must be None or an int >= 1"),
    ({"two_decks_from": 1}, "two_decks_from must be a player count or None"),
    ({"two_decks_from": 0}, "two_decks_from must be a player count or None"),
    ({"min_players": 6, "max_players": 5}, "min_players must not exceed max_players"),
    ({"min_players": 1}, "min_players must be an int >= 2"),
])
def test_an_odd_rule_option_is_refused_naming_the_option(options, named):
    # "legges det minst ett kort" (at least one card is laid): a cap of no card would leave the
    # player to move with nothing legal; two decks "from one player" or a table of at least six
    # and at most five players names no game.
    with pytest.raises(RulesError, match="^" + named.replace("(", "\\(")):
        Bloff.create(**options)


def test_the_rulebook_sets_no_cap_on_the_cards_of_one_play():
    # "legger ett eller flere kort" (lays one or more cards): no upper limit by default.
    g = Bloff()
    assert g.rules.max_cards is None
    s = position(g, 4, {0: "AS,AH,2S,3S,4S,5S,6S"})
    s = g.step(s, 0, "play AS,AH,2S,3S,4S,5S")          # six cards, claimed as "six aces"
    assert s.claims[-1] == (0, ACE, 6) and len(s.hands[0]) == 1


def test_card_notation_and_action_words_are_read_in_any_case():
    g = Bloff()
    # ids: deck * 52 + rank * 4 + suit (S, H, D, C); 10H = 9 * 4 + 1, JS* = 52 + 10 * 4, QD = 11 * 4 + 2
    assert g.parse("play as,10h,js*") == g.parse("play AS,10H,JS*") == Play((0, 37, 92))
    assert g.parse("Play Qd") == Play((46,))
    assert g.parse("CALL") == Call() and g.parse("Pass") == Pass()


def test_an_empty_play_is_written_as_it_is_read():
    # "play none" reads as a play of no cards (refused: "minst ett kort"); it is written so too,
    # in the log and in the refusal.
    g = Bloff()
    assert str(Play(())) == "play none" and g.parse(str(Play(()))) == Play(())


@pytest.mark.parametrize("text", ["play AX", "play 1S", "play AS,,9S", "play AS,", "play AS**", "play QD***",
                                  "play 11H", "play S"])
def test_a_word_that_names_no_card_is_a_notation_error(text):
    # A card is a rank and a suit, with one "*" for the second deck (two decks at most: "to
    # kortstokker"); anything else is refused as notation, not read as some other card.
    from bluffkit.core.errors import NotationError
    g = Bloff()
    with pytest.raises(NotationError, match="is not a card"):
        g.parse(text)


def test_a_claim_of_more_cards_than_the_number_words_is_said_in_figures():
    # Two decks hold eight of each rank, and a lie may lay any number of cards ("Sier du «tre
    # sjuere», skal det ligge tre kort der, uansett hva de er").
    from bluffkit.games.bloff.cards import claim_text
    assert claim_text(1, TWO) == "one two" and claim_text(8, FOUR) == "eight fours"
    assert claim_text(9, ACE) == "9 aces" and claim_text(12, KING) == "12 kings"


def test_one_card_at_most_is_described_as_one_card():
    from bluffkit.games.bloff.observe import Legal
    from bluffkit.games.bloff.state import PLAY
    assert Legal(0, PLAY, play_from=(0, 1, 2), max_cards=1, current=0).description == "play one card"
    assert Legal(0, PLAY, play_from=(7,), current=0).description == "play one card"
    assert Legal(0, PLAY, play_from=(0, 1, 2), max_cards=2, current=0).description == "play 1 to 2 of your 3 cards"


def test_the_random_draw_calls_or_passes_with_even_odds():
    # Legal.draw: "call or pass with even odds" from one uniform number.
    from bluffkit.games.bloff.observe import Legal
    from bluffkit.games.bloff.state import CALL
    lg = Legal(1, CALL, call=True)
    assert lg.draw(lambda: 0.25) == Call() and lg.draw(lambda: 0.75) == Pass()
