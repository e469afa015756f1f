"""The drawn views, read as a player reads them: each from a hand-set position (a few
moves at most), the numbers from the rulebooks' examples or counted by hand.

You're Bluffing! and Horse Trading (``render``), the drawings (``art``), Bløff
(``render_bloff``), Bluffer (``render_bluffer``), the panels' prompts (``words``) and one
auction of Bidder Up! (``render_auction``)."""

from __future__ import annotations

import re

import pytest

from bluffkit.core.game import make_game
from bluffkit.testing import config_game
from bluffkit.widgets import art
from bluffkit.widgets.render import all_seeing_view, scores_html, seat_view
from bluffkit.widgets.render_auction import notes_html, payoff_html
from bluffkit.widgets.words import overbid_words, yb_prompt

ABC = ["Anna", "Ben", "Carla"]


def seat_divs(html: str) -> list[str]:
    """Each seat's part of a drawn table, in seat order (its class attribute first)."""
    return re.split(r"<div class='bk-seat(?=[ '])", html)[1:]


def auction_rows(html: str) -> list[str]:
    """The rows of an auction's table of players, one per seat."""
    return re.findall(r"<tr(?: class='bk-turn')?><td>.*?</tr>", html.split("<table class='bk-table'>")[1])


def bid_cell(row: str) -> str:
    """What an auction row shows in its bid column."""
    return re.findall(r"<td>(.*?)</td>", row)[-1]


# -- You're Bluffing! and Horse Trading ------------------------------------------------------

def test_ones_own_money_is_added_up_by_value():
    """YB "Setup": two 0s, four 10s and one 50 each: 90 (seven notes)."""
    g = make_game("youre-bluffing")
    s = g.state_from_position(players=3, leader=0)
    assert "<b>= 90</b>" in seat_view(g, g.observe(s, 0), ABC)


def test_the_seat_to_act_the_leader_and_the_viewer_are_marked_on_their_own_seats():
    g = make_game("youre-bluffing")
    s = g.state_from_position(players=3, leader=0)          # the leader, seat 0, chooses
    seats = seat_divs(seat_view(g, g.observe(s, 2), ABC))
    assert [("bk-act" in d.split("'>")[0], "bk-me" in d.split("'>")[0], "<span class='bk-tag'>leader</span>" in d)
            for d in seats] == [(True, False, True), (False, False, False), (False, True, False)]
    assert all("bk-me" not in d.split("'>")[0] for d in seat_divs(all_seeing_view(g, s, ABC)))


def test_a_scores_table_escapes_the_names():
    html = scores_html(["<b>x</b>", "y"], [3, 5])
    assert "&lt;b&gt;x" in html and "<b>x</b>" not in html


def test_a_trade_names_challenger_and_target_and_counts_the_offers_cards():
    """Anna challenges Ben for his goat with two cards face down (10 and 0)."""
    g = make_game("youre-bluffing")
    s = g.state_from_position(players=3, leader=0, herds=[{"goat": 1}, {"goat": 1}, {}], pile=None)
    s = g.step(s, 0, "trade 1 goat 10+0")
    for html in (seat_view(g, g.observe(s, 2), ABC), all_seeing_view(g, s, ABC)):
        assert "Anna challenges Ben for" in html
        assert "2 face-down notes" in html and "aria-label='2 notes'" in html


def test_one_money_card_face_down_is_one_money_card():
    """Horse Trading's word is "money card": one of them was "1 money cards"."""
    g = make_game("horse-trading")
    s = g.state_from_position(players=3, leader=0, money=["10", None, None], herds=[{"6": 1}, {"6": 1}, {}],
                              pile=None)
    html = seat_view(g, g.observe(s, 1), ABC)
    assert "title='1 money card face down'" in html and "aria-label='1 money card'" in html
    s = g.step(s, 0, "trade 1 6 10")                # an offer of one card
    for html in (seat_view(g, g.observe(s, 2), ABC), all_seeing_view(g, s, ABC)):
        assert "aria-label='1 money card'" in html and "1 face-down money card" in html
        assert "1 money cards" not in html
    assert "title='1 card in the pile face down'" in art.backs(1, "cards in the pile")
    assert "aria-label='1 note'" in art.backs(1, "notes") and "aria-label='2 notes'" in art.backs(2, "notes")


def test_an_auction_names_the_leader_the_highest_bidder_and_who_may_still_bid():
    """Ben (seat 1) leads and puts a cow up; Anna (seat 0) bids 10: the leader's tag is on
    Ben's seat alone, Anna's bid is the highest, and Carla may still bid, until she passes."""
    g = make_game("youre-bluffing")
    s = g.state_from_position(players=3, leader=1)
    s = g.step(g.step(s, 1, "auction"), None, "draw cow")
    assert "No bid yet" in seat_view(g, g.observe(s, 2), ABC)
    s = g.step(s, 0, "bid 10")
    html = seat_view(g, g.observe(s, 2), ABC)
    assert ["<span class='bk-tag'>leader</span>" in d for d in seat_divs(html)] == [False, True, False]
    assert "On sale by Ben." in html and "<span class='bk-big'>10</span> by <b>Anna</b>" in html
    assert "No bid yet" not in html and "May still bid: Carla<" in html
    for view in (html, all_seeing_view(g, s, ABC)):
        assert ["bk-tag-act'>to act<" in d for d in seat_divs(view)] == [False, False, True]
    s = g.step(s, 2, "pass")                       # the bidding is over: Ben sells or buys
    html = seat_view(g, g.observe(s, 2), ABC)
    assert "<span class='bk-big'>10</span> by <b>Anna</b>" in html and "May still bid" not in html


def test_the_head_counts_the_animals_left_and_the_paydays():
    """Every donkey turned up is a payday: all four out, four paydays. One animal left is
    "1 animal", none left "0 animals"."""
    g = make_game("youre-bluffing")
    families = list(g.rules.labels)
    herds = [{f: 4 for f in families[:4]}, {f: 4 for f in families[4:7]}, {f: 4 for f in families[7:]}]
    assert herds[1]["donkey"] == 4
    herds[2]["cow"] = 3
    one = g.state_from_position(players=3, leader=1, herds=herds, pile={"cow": 1})
    html = seat_view(g, g.observe(one, 0), ABC)
    assert "1 animal left to turn up" in html and "paydays so far: 4 " in html
    herds[0]["cow"] = 1
    none = g.state_from_position(players=3, leader=1, herds=herds, pile={})
    html = seat_view(g, g.observe(none, 0), ABC)
    assert "0 animals left to turn up" in html and "paydays so far: 4 " in html


def test_a_scores_table_puts_the_best_first():
    """Most points first; with ``low_wins`` (Bløff's cards left) the fewest first."""
    order = lambda html: re.findall(r"<tr><td>(\w+)</td>", html)          # noqa: E731
    assert order(scores_html(ABC, [5, 20, 10])) == ["Ben", "Carla", "Anna"]
    assert order(scores_html(ABC, [5, 20, 10], low_wins=True)) == ["Anna", "Carla", "Ben"]


def test_a_player_who_cannot_pay_is_named_as_text_beside_the_money_shown():
    """YB "Not Enough Money?": Ben bids 100 holding 90; Anna sells and he must show all his
    money. His name is written as text, not read as HTML."""
    g = make_game("youre-bluffing")
    names = ["Anna", "<b>Ben</b>", "Carla"]
    s = g.state_from_position(players=3)
    for seat, move in ((0, "auction"), (None, "draw cow"), (1, "bid 100"), (2, "pass"), (0, "sell")):
        s = g.step(s, seat, move)
    html = seat_view(g, g.observe(s, 2), names)
    assert "&lt;b&gt;Ben&lt;/b&gt; could not pay and showed all their money" in html
    assert "<b>Ben</b>" not in html and " = 90</span>" in html


def test_an_offer_of_no_cards_is_written_in_the_plural():
    """RULES.md: a trade offer may be any number of cards, even none: "0 face-down notes"."""
    g = make_game("youre-bluffing")
    s = g.state_from_position(players=3, leader=0, herds=[{"goat": 1}, {"goat": 1}, {}], pile=None)
    s = g.step(s, 0, "trade 1 goat none")
    html = seat_view(g, g.observe(s, 2), ABC)
    assert "offer: " in html and "0 face-down notes" in html and "0 face-down note<" not in html


def test_after_a_tie_the_table_says_so_once():
    """After a tie the challenger offers again: the trade line says so once (the new offer
    awaited, not also "(after a tie)"); once the new offer is made, "(after a tie)"."""
    g = make_game("youre-bluffing")
    s = g.state_from_position(players=3, leader=0, herds=[{"goat": 1}, {"goat": 1}, {}], pile=None)
    for seat, move in ((0, "trade 1 goat 10+0"), (1, "counter 10")):
        s = g.step(s, seat, move)
    assert s.phase == "reoffer"
    assert seat_view(g, g.observe(s, 2), ABC).count("after a tie") == 1
    s = g.step(s, 0, "offer 10")
    html = seat_view(g, g.observe(s, 2), ABC)
    assert "Anna challenges Ben for" in html and "(after a tie)" in html


def test_a_trade_for_two_animals_counts_both_and_a_new_offer_names_its_maker_as_text():
    """Anna and Ben hold two goats each: the trade is for both (YB "The Cattle Trade"), the
    card drawn with its count. After a tie the challenger's name is text, not HTML."""
    g = make_game("youre-bluffing")
    s = g.state_from_position(players=3, leader=0, herds=[{"goat": 2}, {"goat": 2}, {}], pile=None)
    s = g.step(s, 0, "trade 1 goat 10+0")
    html = seat_view(g, g.observe(s, 2), ABC)
    trade = html.split("<div class='bk-centre'>")[1].split("<div class='bk-seats'>")[0]
    assert "Anna challenges Ben for 2 goats" in trade and "title='goat (family value 350), 2 cards'" in trade
    s = g.step(s, 1, "counter 10")
    assert s.phase == "reoffer"
    html = seat_view(g, g.observe(s, 2), ["<i>Anna</i>", "Ben", "Carla"])
    assert "after a tie, &lt;i&gt;Anna&lt;/i&gt; makes a new offer" in html and "<i>Anna</i>" not in html


def test_a_herd_draws_only_the_animals_it_holds():
    """A herd of one goat is one goat card (no card for the families it lacks); none at all
    says "no animals"."""
    g = make_game("youre-bluffing")
    s = g.state_from_position(players=3, leader=0, herds=[{"goat": 1}, {}, {}], pile=None)
    seats = seat_divs(seat_view(g, g.observe(s, 1), ABC))
    assert seats[0].count("bk-card bk-animal") == 1 and "title='goat (family value 350)'" in seats[0]
    assert "bk-animal" not in seats[1] and "no animals" in seats[1]


def test_horse_trading_speaks_its_own_words_on_the_table():
    """HT "Playing a turn": the player whose turn it is chooses (no leader), and the four cards of
    a rank are a set."""
    g = make_game("horse-trading")
    s = g.state_from_position(players=3, leader=0, herds=[{"6": 1}, {"6": 1}, {}], pile=None)
    html = seat_view(g, g.observe(s, 1), ABC)
    assert "now: the player whose turn it is chooses: an auction or a trade" in html
    assert "(set value " in html and "(family value " not in html


@pytest.mark.parametrize("name, herds, pile, now", [
    ("youre-bluffing", [{"cow": 1}, {"cow": 1}, {}], None, "the leader chooses: an auction or a trade"),
    ("youre-bluffing", [{"cow": 1}, {"dog": 1}, {}], None,
     "an auction (no trade is possible)"),
    ("youre-bluffing", [{"cow": 1}, {"cow": 3}, "rest"], {},
     "a trade (no animals are left to auction)"),
    ("horse-trading", [{"6": 1}, {}, {}], None,
     "an auction (no trade is possible)"),
    ("horse-trading", [{"6": 1}, {"6": 3}, "rest"], {},
     "a trade (no animals are left to auction)"),
])
def test_the_turn_says_which_choice_is_open(name, herds, pile, now):
    """YB "The Game Begins": "At the start of the game, there are only auctions" and, once
    no animal is left, "cattle trades become mandatory" (HT "Playing a turn"); the table's
    header said "chooses: an auction or a trade" whatever was open. Each seat's view and the
    all-seeing one say the same (the herds and the pile's size are public). With the pile
    empty, the third seat ("rest") holds every other family complete."""
    g = make_game(name)
    if herds[2] == "rest":
        herds = herds[:2] + [{f: 4 for f in g.rules.labels if f not in herds[0]}]
    s = g.state_from_position(players=3, leader=0, herds=herds, pile=pile)
    assert bool(g.legal(s, 0).trades) == ("no trade" not in now), g.legal(s, 0).trades
    for html in [seat_view(g, g.observe(s, seat), ABC) for seat in range(3)] + [all_seeing_view(g, s, ABC)]:
        assert f"now: {now}<" in html, html


def test_a_game_without_views_of_its_own_writes_names_as_text():
    """The plain views (for a game whose spec names no HTML view) escape what they quote."""
    import numpy as np

    from bluffkit.widgets.render import plain_all_seeing_html, plain_seat_html
    g = make_game("bloff")
    s = g.new_state(3)
    s = g.step(s, None, g.sample_chance(s, np.random.default_rng(1)))
    names = ["<i>Anne</i>", "Bo", "Cy"]
    for html in (plain_seat_html(g, g.observe(s, 0), names), plain_all_seeing_html(g, s, names)):
        assert "&lt;i&gt;Anne" in html and "<i>Anne</i>" not in html


# -- the drawings ----------------------------------------------------------------------------

def test_an_animal_cards_spoken_label_gives_its_family_value():
    """RULES.md: a family of roosters is worth 10."""
    label = re.search(r"aria-label='([^']*)'", art.animal_card("rooster", 10, 0)).group(1)
    assert label == "rooster (family value 10)"


def test_playing_cards_have_their_suits_sign_and_colour_and_the_second_decks_star():
    def label_and_fill(rank, suit):
        card = art.playing_card(rank, suit)
        return re.search(r"aria-label='([^']*)'", card).group(1), re.search(r"fill='(#\w+)'[^>]*>Q<", card).group(1)
    assert label_and_fill("Q", "H") == ("Q\u2665", "#CC3311")
    assert label_and_fill("Q", "D") == ("Q\u2666", "#CC3311")
    assert label_and_fill("Q", "S") == ("Q\u2660", "#1b1b1b")
    assert label_and_fill("Q", "C") == ("Q\u2663", "#1b1b1b")
    assert ">*</text>" not in art.playing_card("Q", "S")
    assert art.playing_card("Q", "S", second_deck=True).count(">*</text>") == 1


def test_the_projector_draws_the_notes_at_its_own_width():
    assert art.PROJECTOR_NOTE_WIDTH_EM != art.NOTE_WIDTH_EM
    assert f".bk-projector .bk-note {{width: {art.PROJECTOR_NOTE_WIDTH_EM}em}}" in art.CSS


# -- Bløff -----------------------------------------------------------------------------------

RANKS = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
DECK = [r + s for r in RANKS for s in "SHDC"]


def bloff_position(fixed: dict, sizes):
    """A Bløff deal: the ``fixed`` cards of some seats, the rest of the deck dealt in deck
    order to fill each hand to its size in ``sizes``."""
    g = make_game("bloff")
    rest = iter(c for c in DECK if all(c not in h for h in fixed.values()))
    hands = [list(fixed.get(i, ())) + [next(rest) for _ in range(n - len(fixed.get(i, ())))]
             for i, n in enumerate(sizes)]
    return g, g.state_from_position(len(sizes), hands=[",".join(h) for h in hands])


def test_bloff_others_hands_are_drawn_as_many_backs_as_they_hold():
    g, s = bloff_position({}, (47, 3, 2))
    html = seat_view(g, g.observe(s, 1), ABC)
    assert "aria-label='47 cards'" in html and "aria-label='2 cards'" in html
    assert "bk-count'>47<" in html and "bk-count'>2<" in html


def test_bloff_rulebook_example_the_claim_the_call_and_who_takes_the_pile():
    """Bløff's worked example: Anne "two aces" (true), Bjørn the 9 of spades as "one two",
    Carla two threes (true), David "three fours" with a four, a jack and a ten. Anne calls;
    David takes all 8 cards; Anne goes on with fives."""
    names = ["Anne", "Bjørn", "Carla", "David"]
    g, s = bloff_position({0: ["AS", "AH", "4H", "4D"], 1: ["9S"], 2: ["3S", "3H"], 3: ["4C", "JS", "10S"]},
                          (13, 13, 13, 13))

    def nobody_calls(s):
        while s.phase == "call":
            s = g.step(s, g.to_move(s)[0], "pass")
        return s
    s = g.step(s, 0, "play AS,AH")
    html = seat_view(g, g.observe(s, 2), names)
    assert "Last claim: <b>Anne</b> says" in html and "\u201ctwo aces\u201d" in html
    s = nobody_calls(s)
    s = nobody_calls(g.step(s, 1, "play 9S"))
    s = nobody_calls(g.step(s, 2, "play 3S,3H"))
    s = g.step(g.step(s, 3, "play 4C,JS,10S"), 0, "call")
    for html in (seat_view(g, g.observe(s, 1), names), all_seeing_view(g, s, names)):
        assert "Last call: Anne called David's \u201cthree fours\u201d" in html
        assert "David took the pile." in html and "Anne took the pile" not in html
        assert "David <span class='bk-secret'>18 cards</span>" in html        # 13 - 3 + 8
        assert "cards are laid as <b>fives</b>" in html


def test_bloff_a_true_claim_called_the_caller_takes_the_pile():
    """"All true, the caller takes it" (RULES.md, Bløff)."""
    names = ["Anne", "Bjørn", "Carla"]
    g, s = bloff_position({0: ["AS", "AH"]}, (18, 17, 17))
    s = g.step(g.step(s, 0, "play AS,AH"), 1, "call")
    html = all_seeing_view(g, s, names)
    assert "Last call: Bjørn called Anne's \u201ctwo aces\u201d" in html and "Bjørn took the pile." in html
    # the cards turned over, then a sentence: "...: [A♠ A♥]. Bjørn took the pile."
    assert "</span></span>. Bjørn took the pile." in html, html[html.index("Last call"):]


def test_bloff_the_end_says_who_won_and_no_rank_still_to_lay():
    """"Førstemann ut har vunnet": Anne's last card stands and she wins; the end's head
    line no longer says which rank "cards are laid as now" (nobody lays any more)."""
    g, s = bloff_position({0: ["AS"]}, (1, 26, 25))
    s = g.step(s, 0, "play AS")
    while s.phase == "call":
        s = g.step(s, g.to_move(s)[0], "pass")
    html = all_seeing_view(g, s, ["Anne", "Bjørn", "Carla"])
    assert "Anne has no cards left and wins." in html and "cards are laid as" not in html


# -- Bluffer ---------------------------------------------------------------------------------

FOUR = ["Anne", "Ben", "Chloé", "Dev"]


def bluffer_vote(names=FOUR):
    """Anne reads a question; each writes an answer; read as #1 the truth, #2 Anne's, #3
    Ben's, #4 Chloé's, #5 Dev's; the others vote next."""
    g = make_game("bluffer")
    s = g.step(g.state_from_position(4, leader=0), None, "ask octopus-hearts")
    for seat, text in enumerate(["two", "nine", "five", "one"]):
        s = g.step(s, seat, f"write {text}")
    return g, g.step(s, None, "shuffle 4,0,1,2,3")


def test_bluffer_two_votes_on_a_false_answer_give_its_author_four():
    """Bluffer "Awarding Points": 2 to an author for each other player's vote on their
    answer: Chloé and Dev vote for Ben's, Ben votes for Anne's: Ben +4, Anne +2."""
    g, s = bluffer_vote()
    for seat, k in ((2, 3), (3, 3), (1, 2)):
        s = g.step(s, seat, f"vote {k}")
    html = seat_view(g, g.observe(s, 2), FOUR)
    assert "<td>Chloé, Dev</td><td>+4 to Ben</td>" in html and "<td>Ben</td><td>+2 to Anne</td>" in html
    assert "(read by Anne): Anne +2, Ben +4</div>" in html


def test_bluffer_your_vote_is_marked_on_the_sheet_you_voted_for_only():
    g, s = bluffer_vote()
    s = g.step(s, 2, "vote 3")
    sheets = re.findall(r"<div class='bk-sheet'><span class='bk-sheet-no'>#(\d)</span>(.*?)</div>(?:</div>)?",
                        seat_view(g, g.observe(s, 2), FOUR))
    assert [k for k, text in sheets if "your vote" in text] == ["3"] and len(sheets) == 5


def test_bluffer_the_reveal_tells_the_voters_by_seat_when_two_share_a_name():
    """Ben and Chloé are both "Sam": Chloé's vote on Ben's answer is no vote on her own."""
    names = ["Anne", "Sam", "Sam", "Dev"]
    g, s = bluffer_vote(names)
    for seat, k in ((2, 3), (3, 3), (1, 1)):
        s = g.step(s, seat, f"vote {k}")
    html = seat_view(g, g.observe(s, 3), names)
    assert "<td>Sam, Dev</td><td>+4 to Sam</td>" in html and "own answer" not in html


# -- the prompts -----------------------------------------------------------------------------

def test_the_overbid_question_says_what_is_held_and_what_is_bid():
    assert overbid_words(90, 200).startswith("You hold 90: if a bid of 200 wins")


def test_horse_trading_prompts_follow_the_rulebooks_auction():
    """HT "Auction" example: Carla turns up a 9; Anna 10, Ben 40, Anna 50, Ben 60; sold for
    60; Carla sells. Bids rise by 10 or more, so after Anna's 10 Ben may bid 20."""
    g = make_game("horse-trading")
    s = g.state_from_position(players=3, leader=2, herds=[{}, {}, {}], pile=None)
    s = g.step(g.step(g.step(s, 2, "auction"), None, "draw 9"), 0, "bid 10")
    assert "you may bid 20 or more (bids go up in tens), or pass" in yb_prompt("Ben", g.observe(s, 1), ABC)
    for seat, move in ((1, "bid 40"), (0, "bid 50"), (1, "bid 60"), (0, "pass")):
        s = g.step(s, seat, move)
    assert "you may sell to Ben for 60" in yb_prompt("Carla", g.observe(s, 2), ABC)


def test_the_prompt_escapes_the_players_name():
    g = make_game("youre-bluffing")
    s = g.state_from_position(players=3, leader=0)
    said = yb_prompt("<b>x</b>", g.observe(s, 0), ["<b>x</b>", "y", "z"])
    assert "&lt;b&gt;x" in said and "<b>x</b>" not in said


# -- an auction ------------------------------------------------------------------------------

D = (0, 10, 50, 100, 200, 500)


def test_auction_notes_are_listed_highest_first():
    assert notes_html((2, 0, 0, 1, 0, 0), D) == "100, 0&times;2&nbsp;=&nbsp;100"      # two 0s and a 100


def test_auction_each_seat_shows_its_own_count_of_notes():
    g = config_game("auction-classic")
    s = g.state_from_position(3, money=["100+50", "10", "0+0+0"], lot=["cow"])
    rows = auction_rows(seat_view(g, g.observe(s, 1), ["Ana", "Bo", "Cy"]))
    assert "'>2 notes<" in rows[0] and "'>3 notes<" in rows[2]


def test_auction_one_note_is_one_note():
    g = config_game("auction-classic")
    s = g.state_from_position(3, money=["100", "50", "10+10"], lot=["cow"])
    html = seat_view(g, g.observe(s, 2), ["Ana", "Bo", "Cy"])
    assert html.count("bk-secret'>1 note<") == 2 and "1 notes" not in html
    g = config_game("auction-american-count")
    s = g.step(g.state_from_position(4, lot=["cow"]), 1, "raise 0")
    for html in (seat_view(g, g.observe(s, 2), ["Ana", "Bo", "Cy", "Di"]), all_seeing_view(g, s, ["Ana", "Bo", "Cy", "Di"])):
        assert bid_cell(auction_rows(html)[1]) == "1 note laid"
    g = config_game("auction-dutch")                # the count goes down from 10 while nobody takes
    s = g.state_from_position(3, lot=["cow"])
    for _ in range(9):
        s = g.step(g.step(s, 1, "pass"), 2, "pass")
    assert "The count: <b>1</b> note</div>" in seat_view(g, g.observe(s, 1), ["Ana", "Bo", "Cy"])


def test_secret_count_shows_each_bidders_notes_after_the_reveal():
    """Bidder Up! "5. Secret Count": bidders "place the notes simultaneously face-down on
    the table, then show how many notes they bid". Bo lays 2 notes and Cy 3: once shown,
    the bid column says so, also after Bo's notes went back to him and Cy's paid."""
    g = config_game("auction-secret-count")
    s = g.step(g.step(g.state_from_position(3, lot=["cow"]), 1, "lay 0+10"), 2, "lay 10+10+10")
    for state in (s, g.step(s, 0, "sell")):
        for html in (all_seeing_view(g, state, ["Ana", "Bo", "Cy"]), seat_view(g, g.observe(state, 1), ["Ana", "Bo", "Cy"])):
            rows = auction_rows(html)
            assert (bid_cell(rows[1]), bid_cell(rows[2])) == ("2 notes laid", "3 notes laid")


def test_auction_payoffs_sign_money_paid_and_received():
    """Bidder Up! "Second Hand": André auctions a cow; Annette bids 120, Frank 100; Annette
    pays 100. Worth 800 to her, her payoff is 800 - 100 = 700."""
    rows = [{"seat": 0, "animals": (), "worth": 0.0, "cash": 100, "payoff": 100.0},
            {"seat": 1, "animals": (8,), "worth": 800.0, "cash": -100, "payoff": 700.0},
            {"seat": 2, "animals": (), "worth": 0.0, "cash": 0, "payoff": 0.0}]
    html = payoff_html(rows, ["André", "Annette", "Frank"])
    assert "<td>800</td><td>&minus;100</td><td><b>+700</b></td>" in html
    assert "<td>+100</td><td><b>+100</b></td>" in html and "<td>0</td><td><b>0</b></td>" in html
    assert "paid 100: surplus 800 &minus; 100 = <b>+700</b>" in html


def test_a_surplus_paid_over_the_price_says_no_change_is_given():
    """Bidder Up! "Second Hand": Annette bids 120, Frank 100, and Annette owes 100; holding
    one 200 note she pays 200: "Money is never given as change. Whoever can't pay the exact amount
    must pay a higher price instead" (the booklet's auction rules).
    The surplus line said "paid 200" under "Sold: ... for 100" with no word of why."""
    from bluffkit.analysis.auction_lab import payoffs
    from bluffkit.core.game import make_game
    from bluffkit.widgets.render_auction import owed_prices
    g = make_game("auction", format="second-hand", player_limits=False)
    s = g.state_from_position(3, lot=["cow"], money=["100+10", "200", "100"])
    s = g.step(g.step(s, 1, "bid 120"), 2, "bid 100")
    s = g.step(s, 0, "sell")
    s = g.step(s, 1, "pay 200")
    assert g.is_over(s) and owed_prices(s) == {1: 100}
    html = payoff_html(payoffs(g, s, [0, 800, 0]), ["André", "Annette", "Frank"], owed=owed_prices(s))
    assert ("paid 200 (the price 100, paid in notes: no change is given): surplus 800 &minus; 200 = "
            "<b>+600</b>") in html, html


def test_auction_a_sealed_bid_is_shown_to_its_bidder_and_sealed_to_the_others():
    g, names = config_game("auction-secret-value"), ["Ana", "Bo", "Cy"]
    s = g.step(g.state_from_position(3, lot=["cow"]), 1, "bid 30")
    assert bid_cell(auction_rows(seat_view(g, g.observe(s, 1), names))[1]) == "30"
    assert bid_cell(auction_rows(seat_view(g, g.observe(s, 2), names))[1]) == "sealed"


def test_auction_an_open_bid_stands_on_the_bidders_row_only():
    g, names = config_game("auction-classic"), ["Ana", "Bo", "Cy"]
    s = g.step(g.state_from_position(3, lot=["cow"]), 1, "bid 30")
    for html in (seat_view(g, g.observe(s, 2), names), all_seeing_view(g, s, names)):
        assert [bid_cell(r) for r in auction_rows(html)] == ["", "30", ""]


def test_auction_dutch_the_seat_that_grabbed_grabs_and_the_others_wait():
    g, names = config_game("auction-dutch"), ["Ana", "Bo", "Cy"]
    s = g.step(g.step(g.state_from_position(3, lot=["cow"]), 1, "take"), 2, "pass")
    for html in (seat_view(g, g.observe(s, 2), names), all_seeing_view(g, s, names)):
        assert [bid_cell(r) for r in auction_rows(html)] == ["", "grabs", "waits"]


def test_auction_rows_escape_the_names():
    g = config_game("auction-classic")
    s = g.state_from_position(3, lot=["cow"])
    html = seat_view(g, g.observe(s, 1), ["<b>x</b>", "y", "z"])
    assert "&lt;b&gt;x" in html and "<b>x</b>" not in html


def test_an_animal_cards_badge_and_spoken_label_count_its_cards_and_name_a_ranks_animal():
    """One card has no "×1" badge; two say "×2" and "2 cards"; a Horse Trading rank says
    its animal and "set" too."""
    assert "bk-badge" not in art.animal_card("cow", 350, 7) + art.animal_card("cow", 350, 7, count=1)
    two = art.animal_card("cow", 350, 7, count=2)
    assert "&times;2</span>" in two and "aria-label='cow (family value 350), 2 cards'" in two
    rank = art.animal_card("7", 500, 6, "donkey", set_word="set")
    assert "aria-label='7, donkey (set value 500)'" in rank, rank


def test_a_note_is_coloured_by_its_value_and_named_by_its_unit():
    for value, colour in art.NOTE_COLOURS.items():
        assert f"fill='{colour}'" in art.note_svg(value), value
    assert "title='a money card of 10'" in art.note_svg(10, "money card")


def test_a_hand_of_notes_shows_each_value_held_and_says_when_it_holds_none():
    d = (0, 10, 50, 100)
    assert art.notes_html((0, 0, 0, 0), d) == "<i>no notes</i>"
    assert art.notes_html((0, 0, 0, 0), d, "money cards", "money card") == "<i>no money cards</i>"
    hand = art.notes_html((0, 2, 1, 0), d)
    assert hand.count("class='bk-stack'") == 2 and hand.count("<svg") == 3
    assert hand.count("bk-stack-n") == 1 and "&times;2" in hand, "only a value held twice or more is counted"


def test_an_empty_pile_says_empty_and_one_of_makes_a_noun_singular():
    assert "empty</span>" in art.backs(0, "cards") and "<svg" not in art.backs(0, "cards")
    assert "title='no cards'" in art.backs(0, "cards")
    assert art.one_of("cards of the deck") == "card of the deck"


def test_a_second_decks_card_says_so_to_a_screen_reader():
    assert "aria-label='Q\u2660 * (second deck)'" in art.playing_card("Q", "S", second_deck=True)


def test_a_light_animals_head_is_outlined_and_a_dark_ones_is_not():
    """The white goose and rooster on a light ground: an outline keeps them visible."""
    for animal in ("goose", "rooster"):
        assert "stroke='#555'" in art.head_svg(animal), animal
    assert "stroke='#555'" not in art.head_svg("cow")
