"""What a seat's view of Bidder Up! says, fact by fact, from positions set up by hand: the
public facts it must show (the Piggy Bank's count, the raffle bag on the Fairground only,
the market markers, a revealed ticket's effects) and the seat's own choices in an
auction, each drawn from the observation; the names in the projector's folded farm boards
are text; the final scores are listed best first."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from types import SimpleNamespace

import pytest

from bluffkit.core.game import make_game
from bluffkit.games.bidder_up import view
from bluffkit.games.bidder_up.svg_draw import (
    KIND_COLOURS,
    VIEW_H,
    Svg,
    kind_icon_svg,
    rect_hits_circle,
    rects_meet,
    steps,
    text_width,
)

NAMES = ["Annette", "Daniel", "Frank"]


def _box(page: str) -> str:
    """The auction's box of a view, in plain words ("" when none)."""
    m = re.search(r"<div class='bk-auction'.*?</div>", page, re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", m.group(0)).split()) if m else ""


def _words(page: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", page).split())


def _seat_box(game, state, seat: int) -> str:
    return _box(view.seat_html(game, game.observe(state, seat), NAMES))


# -- the auction's box ----------------------------------------------------------------------------

def test_the_first_seat_as_highest_bidder_is_named_in_an_open_auction():
    """Classic is bid aloud [C]: Annette (the first seat) bids 30 on Daniel's pen, and every
    seat reads her bid and her name, not "No bid yet"."""
    g = make_game("bidder-up", board="fairground")
    s = g.state_from_position(3, current=1, roll=3, pens={"pen-2": ["cow", "sheep"]})
    s = g.step(s, 1, "move pen-2")
    assert s.auction.rules.format == "classic"
    s = g.step(s, 0, "bid 30")
    for seat in range(3):
        box = _seat_box(g, s, seat)
        assert "Highest bid: 30 by Annette" in box and "No bid yet" not in box, f"{NAMES[seat]} sees: {box}"


@pytest.mark.parametrize("move, says", [("take", "You grab."), ("pass", "You wait.")])
def test_a_dutch_bidder_is_told_its_own_choice_and_the_others_only_that_it_chose(move, says):
    """Dutch [C]: the bidders decide at each count face down. Annette sees what she chose;
    Frank, still to choose, sees only that she has chosen."""
    g = make_game("bidder-up", board="fairground")
    s = g.state_from_position(3, current=1, roll=1, pos=["start", "pen-3", "start"], pens={"pen-4": ["cow"]})
    s = g.step(s, 1, "move pen-4")
    assert s.auction.rules.format == "dutch"
    s = g.step(s, 0, move)
    annette, frank = _seat_box(g, s, 0), _seat_box(g, s, 2)
    assert says in annette, annette
    assert "(grab or wait, told when the count is called off or the hammer is grabbed): Annette." in frank, frank
    assert "You grab" not in frank and "You wait" not in frank, frank


def test_a_pass_said_aloud_in_round_the_table_reads_no_bid():
    """Round-the-Table [C]: each bidder in turn says a bid or passes, aloud. Frank passes
    and Annette bids 20: every seat reads "Frank no bid", before and after the hammer."""
    g = make_game("bidder-up", board="animal-market",
                  tiles=("round-the-table", "secret-value", "dutch", "cat-in-the-bag"))
    s = g.state_from_position(3, current=1, roll=3, money=["100+50+10", "100+50", "100+10"])
    s = g.step(s, 1, "move pen-2 pay 50")
    assert s.auction.rules.format == "round-the-table"
    s = g.step(s, 2, "pass")
    for seat in range(3):
        box = _seat_box(g, s, seat)
        assert "Bids: Frank no bid." in box, f"{NAMES[seat]} sees: {box}"
    s = g.step(s, 0, "bid 20")
    for seat in range(3):
        box = _seat_box(g, s, seat)
        assert "The bids: Annette 20, Frank no bid." in box, f"{NAMES[seat]} sees: {box}"


# -- the board's side panel, from the observation --------------------------------------------------

def test_the_side_panel_counts_the_piggy_banks_notes_and_the_raffle_bags_tickets():
    """The Piggy Bank's notes lie face down, their number seen [F]; on the Fairground the
    raffle bag's tickets are counted too [H]; the Animal Market has no raffle."""
    g = make_game("bidder-up", board="fairground")
    s = g.state_from_position(3, current=0, roll=2, piggy="10+50")
    for seat in range(3):
        words = _words(view.seat_html(g, g.observe(s, seat), NAMES))
        assert "Piggy Bank: 2 notes" in words, words
        assert f"Raffle bag: {len(s.bag)} tickets" in words, words
    market = make_game("bidder-up", board="animal-market")
    s = market.state_from_position(3, current=0, roll=2, piggy="10")
    words = _words(view.seat_html(market, market.observe(s, 1), NAMES))
    assert "Piggy Bank: 1 note " in words + " " and "Raffle bag" not in words, words


def test_no_market_value_is_locked_before_a_red_marker_is_put_on_it():
    """[G] A red marker locks a type's value; at the start none lies on the track."""
    g = make_game("bidder-up", board="fairground")
    s = g.state_from_position(3, current=0, roll=2)
    page = view.seat_html(g, g.observe(s, 0), NAMES)
    market = re.findall(r'<div class="bk-market".*?</div>', page, re.S)
    assert market, "the Fairground's side panel lists the market"
    assert not any("locked" in _words(row) for row in market), [_words(row) for row in market]


# -- the observation's public facts ------------------------------------------------------------------

def test_a_special_horse_trade_is_known_to_every_seat_as_soon_as_its_ticket_is_revealed():
    """[H] The Special Horse-Trade's ticket is shown: before the challenger picks whom to
    challenge, every seat knows the number of notes will count."""
    g = make_game("bidder-up", board="fairground")
    s = g.state_from_position(3, current=0, roll=3, money=["0+0+0+10", "50+10", "50"],
                              pastures=[["cow"], ["cow"], []], tickets=[["special-horse-trade"], [], []])
    s = g.step(s, 0, "ticket special-horse-trade")
    for seat in range(3):
        trade = g.observe(s, seat).trade
        assert trade[0] == 0 and trade[3], f"seat {seat} sees {trade}"


def test_an_extra_turn_revealed_is_known_to_every_seat():
    """[H] An Extra Turn ticket is revealed: every seat knows one more turn is owed."""
    g = make_game("bidder-up", board="fairground")
    s = g.state_from_position(3, current=0, roll=2, tickets=[["move-markers", "extra-turn"], [], []],
                              pastures=[["sheep"], ["sheep"], []])
    assert all(g.observe(s, seat).extra == 0 for seat in range(3))
    s = g.step(s, 0, "ticket extra-turn")
    assert [g.observe(s, seat).extra for seat in range(3)] == [1, 1, 1]


# -- names are text; the end ------------------------------------------------------------------------

def test_the_projectors_folded_farm_boards_keep_the_names_as_text():
    """The projector folds the other farm boards under a summary naming each player: a
    name such as <b>&"' stands there as text."""
    g = make_game("bidder-up", board="fairground")
    names = ['<b>&"\'', "Daniel", "Frank"]
    s = g.state_from_position(3, current=0, roll=2)
    pieces = view.seat_pieces(g, g.observe(s, 1), names, compact=True)
    folded = pieces[3]
    assert "<b>&" not in folded
    summary = re.search(r"<summary>The other farm boards: (.*?)</summary>", folded, re.S).group(1)
    assert summary.startswith("&lt;b&gt;&amp;&quot;&#x27; (pawn 1"), summary
    for piece in pieces:
        if piece:
            ET.fromstring(f"<div>{piece}</div>")


def test_the_final_scores_are_listed_best_first():
    """[I] The end: each player's score, best first (the winner at the top)."""
    scores = (120, 300, 210)
    game = SimpleNamespace(scores=lambda st: scores, winners=lambda st: (1,),
                           score_sheet=lambda st, names: [f"{n}: sheet of {n}" for n in names])
    page = view.end_html(game, None, NAMES)
    order = re.findall(r"<tr><td style='padding: 4px 12px 0 0'><b>(.*?)</b>", page)
    assert order == ["Daniel", "Frank", "Annette"], order
    assert "<b>Daniel</b> wins" in page


# -- text kept inside the picture ---------------------------------------------------------------------

@pytest.mark.parametrize("view_w", [1280, 1004])
def test_a_text_at_either_edge_is_moved_two_units_inside_the_picture(view_w):
    """A text placed past the left or the right edge is moved in, 2 units from the edge of
    the picture it is drawn in (the board alone is 1004 units wide)."""
    svg = Svg(view_w)
    svg.text(0, 50, "Pen 1")
    svg.text(view_w, 80, "Pen 8 (double)")
    left, right = (float(re.search(r'x="([-0-9.]+)"', p).group(1)) for p in svg.parts)
    assert left == pytest.approx(2.0)
    assert right + text_width("Pen 8 (double)", 16) == pytest.approx(view_w - 2)


def test_a_text_below_the_picture_is_moved_up_and_bold_text_says_so():
    """Kept 2 units above the picture's foot: a text whose foot lies 1 unit above it moves
    up too."""
    svg = Svg()
    svg.text(100, VIEW_H, "Pen 8", bold=True)
    svg.text(100, VIEW_H - 5, "Pen 7")
    feet = [float(re.search(r'y="([-0-9.]+)"', p).group(1)) + 16 * 0.25 for p in svg.parts]
    assert feet == [pytest.approx(VIEW_H - 2)] * 2, feet
    assert 'font-weight="bold"' in svg.parts[0] and "font-weight" not in svg.parts[1]


def test_each_kind_of_space_has_its_boards_colour_in_the_legend():
    for kind, colour in KIND_COLOURS.items():
        assert f'fill="{colour}"' in kind_icon_svg(kind), kind


def test_the_geometry_of_labels_and_spaces():
    """Boxes that only share an edge do not meet; a box inside a space's ring hits it; the
    steps between two ends include both ends when they are a whole number of steps apart."""
    assert not rects_meet((0, 0, 10, 10), (10, 0, 10, 10)) and rects_meet((0, 0, 10, 10), (9, 9, 10, 10))
    assert rect_hits_circle(29.5, -5, 10, 10, 0, 0, 30) and not rect_hits_circle(30, -5, 10, 10, 0, 0, 30)
    assert steps(0, 24) == [0, 12, 24] and steps(0, 23) == [0, 12] and steps(5, 4) == [5]
