"""An amount of money or points is written one way everywhere a player reads it: with a
thousands comma, as Bidder Up!'s rulebook prints money ("1,500 at the end", "3,050
points"). The narration and the text views wrote "1010" beside a Pay button and a
receipt that wrote "1,010" for the same notes."""

from __future__ import annotations

from bluffkit.core.game import make_game
from bluffkit.core.money import amount
from bluffkit.receipts import notes_said
from bluffkit.testing import narrated
from bluffkit.widgets.words import notes_label

NAMES = ["Ann", "Ben", "Cy"]


def test_amount_writes_a_thousands_comma_and_a_sign():
    assert (amount(90), amount(1010), amount(25970), amount(-1500), amount(0)) == ("90", "1,010", "25,970", "-1,500", "0")


def test_an_auction_of_a_thousand_and_more_is_told_as_the_pay_button_and_the_receipt_tell_it():
    """YB "Auction": Ben bids 1010 for the cow, Ann sells, Ben pays 500+500+10."""
    g = make_game("youre-bluffing")
    s = g.state_from_position(players=3, leader=0, money=[None, "500+500+10", None])
    says, s = narrated(g, s, [(0, "auction"), (None, "draw cow"), (1, "bid 1010"), (2, "pass"), (0, "sell")], NAMES)
    assert says[2:] == ["Ben bids 1,010.", "Cy passes. Nobody bids higher: Ben's 1,010 is the highest bid.",
                        "Ann sells to Ben for 1,010."]
    view = g.describe(g.observe(s, 1), NAMES)
    assert "your notes 500+500+10 = 1,010" in view and "highest bid 1,010 by Ben" in view
    from bluffkit.widgets.words import yb_prompt
    assert "you may pay 1,010: click the notes" in yb_prompt("Ben", g.observe(s, 1), NAMES)
    (paid,), _ = narrated(g, s, [(1, "pay 500+500+10")], NAMES)
    assert paid == "Ben pays 500+500+10 = 1,010 to Ann."
    d = g.rules.denominations
    notes = (0, 1, 0, 0, 0, 2)
    assert notes_said(notes, d) == "500+500+10 = 1,010" and notes_label(3, 1010) == "3\xa0notes\xa0(1,010)"


def test_a_bidder_up_loan_and_a_score_are_written_as_the_rulebook_writes_them():
    """[J] "a 100, 200 or 500 note ... 300, 600 or 1,500"; [I] "2,700 + 350 = 3,050 points", the
    score the scenario player checks at the Animal Market example's end."""
    from bluffkit.core.facts import fact_text
    from bluffkit.core.scenario import find, run
    example = find("bu-board-animal-market-score-3050")
    (check,) = run(example).checks
    assert check.expected == {"Daniel": 3050} and check.actual["Daniel"] == 3050
    assert fact_text(check.key, check.expected, example.game) == "score: Daniel 3,050"
    g = make_game("bidder-up", board="fairground")
    iou = {note: value for note, value, _ in g.rules.loans}
    assert iou[500] == 1500
    from bluffkit.games.bidder_up import actions as A
    from bluffkit.games.bidder_up.narrate import narrate
    state = g.state_from_position(2, current=0, roll=1)
    said = narrate(g, state, 0, A.Loan(500), state, NAMES[:2])
    assert said == "Ann takes a loan: the 500 note with its IOU (1,500 to repay at the end).", said


def test_a_move_typed_with_the_comma_the_narration_writes_is_answered_with_how_to_type_it():
    """Moves take digits alone (a log writes ``bid 1010``); one typed as the screen writes the
    amount is refused, saying how to type it."""
    import pytest

    from bluffkit.core.errors import NotationError
    for game, text, typed in [(make_game("youre-bluffing"), "bid 1,010", "1010"),
                              (make_game("horse-trading"), "bid 1,010", "1010"),
                              (make_game("auction", format="classic"), "bid 1,010", "1010"),
                              (make_game("auction", format="the-call"), "call 1,500", "1500")]:
        with pytest.raises(NotationError, match=rf"\(type it without commas: {typed}\)$"):
            game.parse(text)
    for game, text in [(make_game("youre-bluffing"), "bid 10,0"),            # not a grouped number
                       (make_game("youre-bluffing"), "trade 1,000 cow 10")]:  # a seat is no amount
        with pytest.raises(NotationError) as e:
            game.parse(text)
        assert "without commas" not in str(e.value), text


def test_a_refused_low_bid_names_the_lowest_bid_not_the_step():
    """Classic (open): "a bid must exceed the highest bid (1,000) by at least 10: bid 1,010 or
    more" was read as "the lowest bid now is 10", the step; a one-digit lowest bid was not
    read at all."""
    from bluffkit.core.errors import IllegalAction
    from bluffkit.widgets.words import refusal
    open_reason = IllegalAction("bid-too-low", "a bid must exceed the highest bid (1,000) by at least 10: "
                                "bid 1,010 or more")
    assert refusal("Bo", "bid 1005", open_reason).endswith("the lowest bid now is 1,010")
    assert refusal("Bo", "bid 0", IllegalAction("bid-too-low", "bid at least 1")).endswith("the lowest bid now is 1")
    g = make_game("auction", format="classic")
    s = g.state_from_position(3, auctioneer=0, lot=["horse"])
    s = g.step(s, 1, g.parse("bid 1000"))
    seat = g.to_move(s)[0]
    try:
        g.step(s, seat, g.parse("bid 1005"))
    except IllegalAction as e:
        assert e.reason.endswith("bid 1,010 or more"), e.reason
        assert refusal("Bo", "bid 1005", e).endswith("the lowest bid now is 1,010")
    else:
        raise AssertionError("a bid of 1005 over 1000 was taken")
