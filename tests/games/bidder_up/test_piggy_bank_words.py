"""The two-player Piggy Bank [J] in the words every player reads: a raid and what it took,
a loan with the IOU to repay, and what the gamble's roll does (1: the top note goes unseen
to the opponent; 2: keep the top 2; 3: look at the top 3, give one, keep two)."""

from bluffkit.core.game import make_game

NAMES = ["Anna", "Ben"]


def on_the_piggy_bank(**position):
    """Two players, Anna on the Piggy Bank space, to choose: raid, loan or gamble."""
    g = make_game("bidder-up")
    s = g.state_from_position(2, current=0, roll=1, **position)
    s = g.step(s, 0, "move hill-west")
    assert s.phase == "piggy", s.phase
    return g, s


def said(g, s, seat, text):
    move = g.parse(text)
    after = g.step(s, seat, move)
    return after, g.narrate(s, seat, move, after, NAMES)


def test_a_raid_says_how_many_notes_it_took():
    """"Raid (up to 5 notes)": seven notes on the Piggy Bank, five taken."""
    g, s = on_the_piggy_bank(piggy="10+10+0+50+0+10+0")
    _, text = said(g, s, 0, "raid")
    assert text.startswith("Anna raids the Piggy Bank and takes 5 notes."), text


def test_a_loan_names_its_note_and_what_is_repaid_at_the_end():
    """"Loan (a 100, 200 or 500 note with its IOU; -300, -600 or -1,500 at the end)"."""
    g, s = on_the_piggy_bank()
    _, text = said(g, s, 0, "loan 500")
    assert text == "Anna takes a loan: the 500 note with its IOU (1,500 to repay at the end).", text


def test_a_gamble_of_3_looks_gives_one_to_the_opponent_and_keeps_two():
    g, s = on_the_piggy_bank(gambling="50+10+0+10+50+10")
    s = g.step(s, 0, "gamble")
    s, text = said(g, s, None, "roll 3")
    assert text == "The die shows 3. Anna looks at the top 3 notes of the Gambling stack.", text
    _, text = said(g, s, 0, "give 10")
    assert text.startswith("Anna gives Ben a 10 note and keeps the other two."), text


def test_a_gamble_of_1_gives_the_top_note_unseen_to_the_opponent():
    g, s = on_the_piggy_bank(gambling="50+10+0+10+50+10")
    s = g.step(s, 0, "gamble")
    _, text = said(g, s, None, "roll 1")
    assert text.startswith("The die shows 1. Anna gives Ben the top note of the Gambling stack, unseen."), text


def test_a_gamble_of_2_keeps_the_top_two_notes():
    g, s = on_the_piggy_bank(gambling="50+10+0+10+50+10")
    s = g.step(s, 0, "gamble")
    _, text = said(g, s, None, "roll 2")
    assert text.startswith("The die shows 2. Anna keeps the top 2 notes of the Gambling stack."), text
