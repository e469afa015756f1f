"""Refusals in plain words that name the player; the rule id only in a tooltip."""

import pytest

from bluffkit.core.errors import IllegalAction
from bluffkit.widgets import BloffTable, BlufferTable, TablePanel
from bluffkit.widgets.words import plain_reason, refusal, refusal_html


def test_the_example_of_the_issue():
    e = IllegalAction("bid-multiple", "bids are multiples of 10, got 15")
    assert refusal("Bo", "bid 15", e, step=10) == "Bo can't bid 15: bids go up in tens"


@pytest.mark.parametrize("reason, plain", [
    ("seat 2 cannot act now: waiting for the bidders (seat 0, 1); seat 2 may: pass", "Cy cannot act now: waiting for "
     "the bidders (Ana, Bo)"),
    ("seat 1 does not hold 50 (holds 10+10)", "Bo does not hold 50 (holds 10+10)"),
])
def test_seats_become_names_and_the_options_in_notation_go(reason, plain):
    assert plain_reason(reason, ["Ana", "Bo", "Cy"]) == plain


def test_the_rule_id_is_only_in_the_tooltip():
    html = refusal_html("Bo", "bid 15", IllegalAction("bid-multiple", "bids are multiples of 10, got 15"), step=10)
    assert "title='rule: bid-multiple'" in html
    assert html.count("bid-multiple") == 1 and "[rule" not in html


def test_a_bid_off_the_step_in_the_panel():
    t = TablePanel("horse-trading", players=3, humans=[1], names=["Ana", "Bo", "Cy"], seed=2)
    t.show.click()
    states = list(t.session.states)
    t.amount.value = 15
    t.bid_button.click()
    assert "Bo can&#x27;t bid 15: bids go up in tens" in t.message.value
    assert t.session.states == states


def test_a_typed_move_is_refused_in_words_and_enter_plays_a_typed_move():
    t = TablePanel("horse-trading", players=3, humans=[1], names=["Ana", "Bo", "Cy"], seed=2)
    t.show.click()
    moves = list(t.session.moves)
    t.typed.value = "sell"                 # Enter in the box (the box sends its value on Enter)
    assert "Bo can&#x27;t sell" in t.message.value and "seat 1" not in t.message.value
    assert t.session.moves == moves
    t.typed.value = "bid 20"
    assert t.session.moves[len(moves)] == (1, t.game.parse("bid 20")) and t.message.value == ""


def test_bloff_and_bluffer_refusals_name_the_player():
    b = BloffTable(players=4, humans=[0], names=["Anne", "Bjørn", "Carla", "David"], seed=1)
    b.show.click()
    b.lay.click()                          # no card chosen
    assert "Anne can&#x27;t lay those cards" in b.message.value and "title='rule: " in b.message.value
    u = BlufferTable(players=3, humans=[0], names=["Anne", "Ben", "Chloé"], seed=1)
    u.show.click()
    u.answer.value = "  "
    u.write.click()
    assert u.message.value.count("Anne can&#x27;t") == 1


def test_a_refusal_says_the_player_cannot_move_once():
    """Cards laid in Bløff's call window read "Bo can't lay those cards: it is not their turn:
    Bo cannot lay cards now: the call window is open", the refusal said three ways; and the
    claimant's own pass was answered as a call ("a player cannot call their own play")."""
    b = BloffTable(players=3, humans=[0, 1], names=["Anne", "Bjørn", "Carla"], seed=1)
    b.show.click()
    b.card_toggles[0].value = True
    b.lay.click()
    b.show.click()                          # Bjørn's screen: the call window is open
    from bluffkit.games.bloff.cards import card_text
    b.typed.value = f"play {card_text(b.session.observe(1).hand[0])}"
    assert ("Bjørn can&#x27;t lay those cards: it is not their turn: the call window is open"
            in b.message.value), b.message.value
    e = b.session.game.legal(b.session.state, 0).explain(b.session.game.parse("pass"))
    assert e == ("own-play", "a player does not let their own play go: the others call it or let it go"), e


def test_a_bid_typed_at_the_leaders_turn_says_what_the_leader_may_do():
    """A bid typed when the seat is to choose an auction or a trade used to say only "Ana
    cannot bid now", naming nothing to do instead. At the first turn only an auction is
    open (YB "The Game Begins"), and the refusal says so, as the table's header does."""
    t = TablePanel("youre-bluffing", players=3, humans=[0], names=["Ana", "Bo", "Cy"], seed=2)
    t.show.click()
    moves = list(t.session.moves)
    t.typed.value = "bid 35"
    assert ("Ana can&#x27;t bid 35: it is Ana&#x27;s turn to start an auction (no trade is possible)"
            in t.message.value), t.message.value
    assert t.session.moves == moves


def test_a_word_that_is_no_move_is_not_answered_with_every_move_of_the_game():
    """A typed word the game does not know was answered with the parser's list of every move
    of every phase (an auction panel's: all ten formats'); Bidder Up!'s said "'help' lists
    yours", and the panels have no help. Now the panels point at the moves they show, and the
    lab, whose bidder is always the one typing, lists them."""
    from bluffkit.widgets import AuctionLab, BidderUpTable
    for table in (TablePanel("horse-trading", players=3, humans=[0], seed=2),
                  BidderUpTable(players=3, humans=[0], seed=3), BloffTable(players=3, humans=[0], seed=1)):
        table.show.click()
        if isinstance(table, BidderUpTable):
            table.roll_button.click()               # (before the roll, the panel asks for it)
        states = list(table.session.states)
        table.try_move("frobnicate now")
        said = table.message.value
        assert "it is not a move of this game (the panel shows the moves open now)" in said, said
        assert "help" not in said and "raise" not in said and "unknown action" not in said
        assert table.session.states == states
    lab = AuctionLab(fmt="classic", bidders=3, human=1, seed=3)
    lab.play_move("frobnicate")
    assert "that is not a move; you may: pass or bid 10 or more" in lab.refusal.value
    assert "raise" not in lab.refusal.value and "lay NOTES" not in lab.refusal.value


def test_a_rule_options_name_goes_to_the_tooltip_not_the_players_line():
    """Bluffer's "an answer has at most 60 characters (max_answer_length)" showed the option's
    name to the class; the teacher finds it in the tooltip, beside the rule id."""
    e = IllegalAction("answer-too-long", "an answer has at most 60 characters (max_answer_length); "
                                         "yours has 61")
    html = refusal_html("Bo", "write x", e)
    line = html.split(">", 1)[1]
    assert "max_answer_length" not in line and "at most 60 characters; yours has 61" in line, line
    assert "title='rule: answer-too-long; option: max_answer_length'" in html
    assert plain_reason("more than the 6 places on the board (max_answers) or (two words)", []) == \
        "more than the 6 places on the board or (two words)", "words in brackets stay"
