"""A chosen note or card says so in its tooltip, which a screen reader reads as the button's
description: ipywidgets marks a pressed toggle by a class alone (no ``aria-pressed``)."""

from bluffkit.games.bloff.cards import card_text
from bluffkit.widgets import AuctionLab, BloffTable
from bluffkit.widgets.seat_panel import note_toggle

RANKS = {"A": "ace", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight",
         "9": "nine", "10": "ten", "J": "jack", "Q": "queen", "K": "king"}
SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def check_follows(toggle, what):
    assert toggle.tooltip == f"{what}: click to choose it", toggle.tooltip
    toggle.value = True
    assert toggle.tooltip == f"{what}: chosen; click again to put it back", toggle.tooltip
    toggle.value = False
    assert toggle.tooltip == f"{what}: click to choose it", toggle.tooltip


def test_a_seats_note_says_when_it_is_chosen():
    check_follows(note_toggle(50, 4), "a note of 50")
    check_follows(note_toggle(10, 1, unit="money card"), "a money card of 10")


def test_a_bloff_card_is_named_in_words_and_says_when_it_is_chosen():
    t = BloffTable(players=4, humans=[0], seed=1)
    assert t.card_toggles
    for toggle in t.card_toggles:
        text = card_text(toggle.card)
        second = text.endswith("*")
        text = text.rstrip("*")
        check_follows(toggle, f"the {RANKS[text[:-1]]} of {SUITS[text[-1]]}" + (" (second deck)" if second else ""))


def test_an_auction_note_says_when_it_is_chosen():
    lab = AuctionLab(fmt="classic", bidders=1, human=1, right=False, seed=2)
    lab.typed.value = "100, 900"
    lab.controls.amount.value = 150
    lab.controls.bid_button.click()
    shown = {}
    for row in lab.controls.children:            # the move buttons shown now, by their words
        for w in (row, *getattr(row, "children", ())):
            shown.update({x.description: x for x in getattr(w, "children", ()) if hasattr(x, "click")})
    shown["Stay at 150"].click()                 # nobody else bids: the winner pays
    notes = lab.controls.notes
    assert notes
    for n in notes:
        check_follows(n, f"a note of {n.description}")


def test_the_chosen_trade_partner_says_so():
    from tests.widgets.test_widget_leaks import trade_panel
    t = trade_panel()
    t.show.click()
    labels = [label for label, _ in t.target.options]
    assert labels and t.target.value is None
    assert list(t.target.tooltips) == [f"{label}: click to trade for it" for label in labels]
    t.target.value = t.target.options[-1][1]
    assert t.target.tooltips[-1] == f"{labels[-1]}: chosen"
    assert list(t.target.tooltips[:-1]) == [f"{label}: click to trade for it" for label in labels[:-1]]
    t.target.value = None
    assert list(t.target.tooltips) == [f"{label}: click to trade for it" for label in labels]
    t.clear_controls()                           # a cover: no partner's title is kept for the next seat
    assert t.target.options == () and list(t.target.tooltips) == []
