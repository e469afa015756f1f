"""The running auction on the Bidder Up! views: the all-seeing view and every seat's view
draw the pen's lot, the format, what is public of the bids and whose move it is, from the
start of the auction to its end; a seat's view shows only what the format lets it know
(sealed bids stay hidden until they are turned over together)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from bidder_up_walk import random_step

from bluffkit.auctions.rules import ANIMALS
from bluffkit.core.game import make_game
from bluffkit.core.scenario import find, run
from bluffkit.games.bidder_up import view
from bluffkit.games.bidder_up.actions import MALE
from bluffkit.testing import narrated

SVG = "{http://www.w3.org/2000/svg}"


def _box(page: str) -> str:
    """The auction's box of a view, in plain words ("" when none)."""
    m = re.search(r"<div class='bk-auction'.*?</div>", page, re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", m.group(0)).split()) if m else ""


def _pen(page: str, pen: str) -> list[str]:
    g = next(g for g in ET.fromstring(page).iter(f"{SVG}g") if g.get("data-pen") == pen)
    return [" ".join(t.itertext()) for t in g.iter(f"{SVG}text")]


def _card(page: str, seat: int) -> str:
    start = page.index(f'<div class="bk-farm" data-seat="{seat}"')
    end = page.find('<div class="bk-farm" data-seat=', start + 1)
    return page[start:end if end >= 0 else len(page)]


def _pages(game, state, names) -> list[str]:
    """The all-seeing page of ``state`` and every seat's."""
    return [view.all_seeing_html(game, state, names)] + [view.seat_html(game, game.observe(state, k), names)
                                                          for k in range(len(names))]


def test_the_rulebook_classic_auction_is_drawn_from_its_start_to_its_end():
    """Annette auctions the cow in Pen 2 (Classic) and Daniel wins at 120: the pen showed
    "empty" and nothing said what was on sale, the bids, or that the others bid while
    Annette's board said it was her turn."""
    sc = find("bu-board-annette-cow-classic-120")
    game, names = sc.game, sc.seats
    states = run(sc).states
    auctions = [st for st in states if st.auction is not None]
    assert len(auctions) == 5, "from Annette's move to the cow to Daniel's payment"
    for k, st in enumerate(auctions):
        pages = [view.all_seeing_html(game, st, names)] + [view.seat_html(game, game.observe(st, s), names)
                                                            for s in range(len(names))]
        for page in pages:
            box = _box(page)
            assert "Auction in Pen 2 (small): Classic , held by Annette" in box and "On sale: cow" in box, box
            assert _pen(page, "pen-2") == ["cow"], "the pen at auction shows its lot, not 'empty'"
            annette = _card(page, 0)
            assert "Annette’s turn" in annette or "Annette's turn" in annette
            assert ">auctioneer</span>" in annette
            if k in (1, 2):                      # Daniel's 120 stands; Frank passes, then Daniel
                assert "Highest bid: 120 by Daniel" in box, box
            if k == 2:
                assert "Now: Daniel" in box and ">to bid</span>" in _card(page, 1)
                assert "bk-asked" not in _card(page, 2) and "bk-asked" not in annette
            if k == 3:                           # the hammer: Annette sells or buys
                assert "the cow to Daniel for 120" in box and "Now: Annette" in box
                assert ">to sell or buy</span>" in annette
    assert "bk-auction" not in view.all_seeing_html(game, states[-1], names), "the auction is over"


def test_sealed_bids_are_seen_only_by_their_bidder_until_turned_over():
    """Second Hand: Annette bids 120 and Frank 100, face down. Everyone sees who has bid;
    only the bidder sees the amount; the all-seeing view every bid; then all see them."""
    sc = find("bu-board-second-hand-cow-buy")
    game, names = sc.game, sc.seats          # André, Annette, Frank, Daniel
    states = run(sc).states
    after_frank = states[3]
    assert after_frank.auction.phase == "bid"
    boxes = [_box(view.seat_html(game, game.observe(after_frank, s), names)) for s in range(4)]
    for s, box in enumerate(boxes):
        assert "Sealed bids made: Annette, Frank" in box and "Now: Daniel" in box, box
        assert ("120" in box) == (s == 1) and ("100" in box) == (s == 2), f"{names[s]} sees: {box}"
    assert "Your sealed bid: 120" in boxes[1] and "Your sealed bid: 100" in boxes[2]
    assert "Annette 120, Frank 100" in _box(view.all_seeing_html(game, after_frank, names))
    turned = states[4]
    assert turned.auction.phase == "refuse"
    for s in range(4):
        box = _box(view.seat_html(game, game.observe(turned, s), names))
        assert "The bids: Annette 120, Frank 100" in box and "Now: André" in box, box


#: Tiles that put every format on the board, for the player counts each allows.
TILES = [(4, ("secret-value", "american-count", "round-the-table", "second-hand")),
         (4, ("dutch", "secret-count", "classic", "cat-in-the-bag")),
         (3, ("secret-value", "round-the-table", "dutch", "cat-in-the-bag")),
         (2, ("number-call", "the-call", "classic", "cat-in-the-bag"))]


def _auction_states(game, players: int, rng, most: int, share: float):
    """Up to ``most`` states of a random game of ``game`` with an auction under way, each
    taken with chance ``share``."""
    t = game.table(players=players)
    checked = 0
    while not t.is_over() and checked < most:
        random_step(t, rng)
        state = t.freeze()
        if state.auction is None or rng.random() > share:
            continue
        checked += 1
        yield state


def _seats_see_nothing_hidden(game, state, names, rng, drawn: bool = False) -> None:
    """Each seat's page of ``state`` is the page of a state it cannot tell apart from it
    (``hide_from``); with ``drawn``, the page draws the auction's box."""
    for s in range(len(names)):
        page = view.seat_html(game, game.observe(state, s), names)
        assert not drawn or "class='bk-auction'" in page
        other = game.hide_from(state, s, rng)
        assert view.seat_html(game, game.observe(other, s), names) == page, \
            f"{names[s]}'s view of a {state.auction.rules.format} auction ({state.auction.phase}) " \
            "changes with what the seat cannot see"


@pytest.mark.slow      # (every format's auction played through (the Baby Animals auction stays in the fast loop): with the slow tests)
def test_a_seats_auction_shows_nothing_the_seat_cannot_know_in_every_format():
    """At auction steps of seeded games in every format, each seat's page is the same for
    every state the seat cannot tell apart (``hide_from``: others' notes and sealed bids
    drawn again, a Cat in the Bag's pen shuffled again); the all-seeing view and every
    seat's view draw the auction."""
    formats: set = set()
    for players, tiles in TILES:
        game = make_game("bidder-up", board="animal-market", tiles=tiles)
        names = ["Annette", "Daniel", "André", "Frank"][:players]
        rng = np.random.default_rng(players)
        for state in _auction_states(game, players, rng, 50, 0.4):
            formats.add(state.auction.rules.format)
            assert "class='bk-auction'" in view.all_seeing_html(game, state, names)
            _seats_see_nothing_hidden(game, state, names, np.random.default_rng(0), drawn=True)
    assert formats >= {"secret-value", "second-hand", "dutch", "secret-count", "cat-in-the-bag", "number-call",
                       "the-call", "round-the-table", "american-count", "classic"}, formats


def test_with_baby_animals_the_lot_keeps_its_male_on_the_box_and_the_pen():
    """[K] Baby Animals tell the male apart: a pen of the male and a female cow set out for
    auction still shows the cow ♂ in the auction's box and on the pen, to every seat and in
    the all-seeing view (the pen was face up: the male is public), and the sale takes the
    male to the winner's pasture with the female (a double pen is one lot)."""
    game = make_game("bidder-up", board="fairground", variants=["babies"])
    names = ["Annette", "Daniel", "Frank"]
    s = game.state_from_position(3, current=0, roll=3, babies=["sheep", "cow", "pig", "dog"],
                                 pens={"pen-2": ["cow-m", "cow"]})
    s = game.step(s, 0, "move pen-2")
    assert s.auction is not None and s.auction.rules.format == "classic"
    for page in _pages(game, s, names):
        assert "On sale: cow ♂, cow ." in _box(page), _box(page)
        assert sorted(_pen(page, "pen-2")) == ["cow", "cow ♂"], _pen(page, "pen-2")
    for seat, move in ((1, "bid 10"), (2, "pass"), (1, "pass")):
        s = game.step(s, seat, move)
    for page in _pages(game, s, names):
        assert "Won at the hammer: the cow ♂ and the cow to Daniel for 10" in _box(page), _box(page)
    for seat, move in ((0, "sell"), (1, "pay 10")):
        s = game.step(s, seat, move)
    assert s.auction is None and sorted(s.pastures[1]) == [8, 18], "Daniel's pasture: the cow and the cow ♂"


def test_a_cat_in_the_bag_shuffle_tells_the_male_apart_as_the_pen_does():
    """[K] With Baby Animals on the Fairground the panel shows "cow ♂" in the pen; the
    shuffle sentence, which names the pen's animals, read "the goose and the two cows"."""
    game = make_game("bidder-up", board="fairground", variants=["babies"],
                     tiles=("cat-in-the-bag", "classic", "secret-value", "dutch"))
    s = game.state_from_position(3, current=0, roll=1, babies=["sheep", "cow", "pig", "dog"],
                                 pens={"pen-1": ["cow-m", "goose", "cow"]})
    s = game.step(s, 0, "move pen-1 pay 0")
    assert s.auction is not None and s.auction.rules.format == "cat-in-the-bag"
    shuffle = game.parse("shuffle 2,0,1")
    said = game.narrate(s, None, shuffle, game.step(s, None, shuffle), ["Anna", "Bo", "Cy"])
    assert said == "Anna shuffles the pen's animals (the goose, the cow ♂ and the cow) face down.", said


def _lot_line(game, state, seat: int, names) -> str:
    """What a seat's text view says of the auction's lot."""
    text = game.describe(game.observe(state, seat), names)
    return text.split("lot: ", 1)[1].split("\n", 1)[0]


def test_a_cat_in_the_bag_text_view_and_sale_tell_the_male_apart_as_the_panel_does():
    """[K] The panel shows the pen of a Cat in the Bag as "cow ♂" and "cow" (public: the
    auctioneer shows the pen) and its picked animal to the auctioneer alone: each seat's
    text view said "the goose and the two cows", and the win and the sale "the cow" while
    the male went to the winner. The bidders' text does not change with the pick redealt."""
    game = make_game("bidder-up", board="fairground", variants=["babies"],
                     tiles=("cat-in-the-bag", "classic", "secret-value", "dutch"))
    names = ["Anna", "Ben", "Cy"]
    s = game.state_from_position(3, current=0, roll=1, babies=["sheep", "cow", "pig", "dog"],
                                 pens={"pen-1": ["cow-m", "goose", "cow"]})
    s = game.step(s, 0, "move pen-1 pay 0")
    pen = "the goose, the cow ♂ and the cow"
    _, s = narrated(game, s, [(None, "shuffle 2,0,1")], names)
    assert _lot_line(game, s, 0, names) == f"to be picked from the pen ({pen})"
    for seat in (1, 2):
        assert _lot_line(game, s, seat, names) == f"a face-down animal from the pen ({pen})"
    _, s = narrated(game, s, [(1, "pick 1"), (1, "bid 10"), (2, "pass")], names)
    assert s.auction.phase == "bid" and s.auction.lot == (ANIMALS.index("cow"),)
    assert _lot_line(game, s, 0, names) == "the cow ♂", "the auctioneer looked, as the panel shows it"
    rng = np.random.default_rng(1)
    for seat in (1, 2):
        seen = game.describe(game.observe(s, seat), names)
        assert f"lot: a face-down animal from the pen ({pen})" in seen, seen
        for _ in range(4):
            assert game.describe(game.observe(game.hide_from(s, seat, rng), seat), names) == seen
    said, s = narrated(game, s, [(1, "pass"), (0, "sell")], names)
    assert said == ["Ben stays at 10. Ben wins the cow ♂ for 10.", "Anna sells the cow ♂ to Ben for 10."], said
    assert all("the cow ♂ to Ben for 10" in game.describe(game.observe(s, k), names) for k in range(3))
    _, s = narrated(game, s, [(1, "pay 10")], names)
    assert s.pastures[1] == (ANIMALS.index("cow") + MALE,), "Ben's pasture: the cow ♂"


def _cows_at_secret_value():
    """The Fairground with Baby Animals: seat 0 moves onto pen 6, a Secret Value double pen
    holding the male and a female cow."""
    game = make_game("bidder-up", board="fairground", variants=["babies"])
    s = game.state_from_position(3, current=0, roll=1, pos=["pen-5", "start", "start"],
                                 babies=["sheep", "cow", "pig", "dog"], pens={"pen-6": ["cow-m", "cow"]})
    s = game.step(s, 0, "move pen-6")
    assert s.auction.rules.format == "secret-value"
    return game, s


def test_a_split_double_pen_names_each_lots_cow_as_the_sale_gives_it():
    """Secret Value, a double pen of the male and a female cow split between two bidders:
    the first lot takes the male (the sale's order, Ben's pasture gets it), and the win,
    the sale and the text view say so: "the cow ♂" to Ben, "the cow" to Cy."""
    game, s = _cows_at_secret_value()
    names = ["Anna", "Ben", "Cy"]
    assert _lot_line(game, s, 1, names) == "the cow ♂ and the cow"
    said, s = narrated(game, s, [(1, "bid 30"), (2, "bid 20"), (0, "buy 2")], names)
    assert said[1].endswith(" Ben wins the cow ♂ for 30; Cy wins the cow for 20."), said
    assert said[2] == "Anna sells the cow ♂ to Ben for 30; buys the cow and owes Cy 20.", said
    text = game.describe(game.observe(s, 2), names)
    assert "lot 1: the cow ♂ to Ben for 30" in text and "lot 2: the cow won by Cy for 20" in text, text
    _, s = narrated(game, s, [(1, "pay 10+10+10"), (0, "pay 10+10")], names)
    assert s.pastures[:2] == ((ANIMALS.index("cow"),), (ANIMALS.index("cow") + MALE,)), "Ben's is the male"


def test_a_double_pen_sold_whole_names_the_male_in_the_win_and_the_sale():
    """Classic, the male and a female cow as one lot: "Ben wins the cow ♂ and the cow"."""
    game = make_game("bidder-up", board="fairground", variants=["babies"])
    names = ["Anna", "Ben", "Cy"]
    s = game.state_from_position(3, current=0, roll=3, babies=["sheep", "cow", "pig", "dog"],
                                 pens={"pen-2": ["cow-m", "cow"]})
    s = game.step(s, 0, "move pen-2")
    said, _ = narrated(game, s, [(1, "bid 10"), (2, "pass"), (1, "pass"), (0, "sell")], names)
    assert said[2:] == ["Ben stays at 10. Ben wins the cow ♂ and the cow for 10.",
                        "Anna sells the cow ♂ and the cow to Ben for 10."], said


def test_a_split_double_pen_with_one_bidder_gives_the_male_as_the_box_says():
    """Secret Value, a double pen of the male and a female cow, one bid: the winner takes
    one cow and the auctioneer the other free, which the sale gives first, so it is the
    male. The box said "the cow ♂ to Daniel" while Annette's pasture got the male; the
    award lines follow the sale's order now."""
    game, s = _cows_at_secret_value()
    names = ["Annette", "Daniel", "Frank"]
    for seat, move in ((1, "bid 30"), (2, "pass")):
        s = game.step(s, seat, move)
    for page in _pages(game, s, names):
        assert "Won at the hammer: the cow to Daniel for 30" in _box(page), _box(page)
    for seat, move in ((0, "sell"), (1, "pay 10+10+10")):
        s = game.step(s, seat, move)
    assert s.pastures[0] == (18,) and s.pastures[1] == (8,), "Annette's free cow is the male, Daniel's the female"


def test_a_seats_baby_animals_auction_shows_nothing_the_seat_cannot_know():
    """As above, with Baby Animals on the Fairground (a male told apart on the lot and the
    pen, a Cat in the Bag's pen among them): a seat's page does not change with what it
    cannot see."""
    game = make_game("bidder-up", board="fairground", variants=["babies"],
                     tiles=("cat-in-the-bag", "classic", "secret-value", "dutch"))
    names = ["Annette", "Daniel", "André"]
    males = 0
    for seed in range(3):
        for state in _auction_states(game, 3, np.random.default_rng(seed), 25, 0.5):
            males += any(a >= 10 for a in state.drawn)
            _seats_see_nothing_hidden(game, state, names, np.random.default_rng(seed))
    assert males, "no auction of a pen with a male was looked at"


def _on_sale(box: str) -> str:
    """What a box says is on sale, up to the sentence's end."""
    return box.split("On sale: ", 1)[1].split(" . ", 1)[0]


def test_a_cat_in_the_bag_lot_is_named_to_the_auctioneer_alone_while_bidding():
    """[Cat in the Bag] "Only the auctioneer may look at it secretly" and the animal "is
    only revealed after the auction ends": while Daniel and Frank bid on Annette's face-down
    pick, the bidders see a face-down animal of the three shown, the auctioneer sees the
    animal itself (and no word for the others), the all-seeing view both."""
    game = make_game("bidder-up", board="animal-market", tiles=("dutch", "secret-value", "classic", "cat-in-the-bag"))
    names = ["Annette", "Daniel", "Frank"]
    s = game.state_from_position(3, current=0, roll=3, pos=["pen-6", "start", "start"],
                                 pens={"pen-7": ["cow", "pig", "horse"]})
    s = game.step(s, 0, "move pen-7")
    s = game.step(s, None, game.sample_chance(s, np.random.default_rng(0)))
    s = game.step(s, 1, "pick 2")
    s = game.step(s, 1, "bid 10")
    assert s.auction.rules.format == "cat-in-the-bag" and s.auction.phase == "bid"
    lot = ANIMALS[s.auction.lot[0]]
    seen = "a face-down animal from the pen (the pig, the cow and the horse)"
    everyone, annette, daniel, frank = map(_box, _pages(game, s, names))
    assert _on_sale(everyone) == f"{lot} (face down: the bidders see {seen})", everyone
    assert _on_sale(annette) == lot, annette
    for box in (daniel, frank):
        assert _on_sale(box) == seen, box
        assert "Highest bid: 10 by Daniel" in box


def test_the_american_count_shows_how_many_notes_each_bidder_laid_never_their_faces():
    """[American Count] each raise lays 1 note face down: every seat sees how many each
    bidder laid, none sees a face (Daniel's 500 and 10); a bidder whose laid notes the
    viewer is not shown (None) is left out of the line, not written "Daniel None"."""
    game = make_game("bidder-up", board="animal-market",
                     tiles=("secret-value", "american-count", "round-the-table", "second-hand"))
    names = ["Annette", "Daniel", "André", "Frank"]
    s = game.state_from_position(4, current=0, roll=1, pos=["pen-3", "start", "start", "start"],
                                 money=["100+100", "500+10", "200+50", "100+0"], pens={"pen-4": ["cow"]})
    s = game.step(s, 0, "move pen-4")
    for seat, move in ((1, "raise 500"), (2, "raise 50"), (3, "raise 0"), (1, "raise 10")):
        s = game.step(s, seat, move)
    assert s.auction.rules.format == "american-count" and s.auction.phase == "bid"
    for page in _pages(game, s, names):
        box = _box(page)
        assert "Notes laid face down: Daniel 2, André 1, Frank 1." in box, box
        assert "500" not in box and "50" not in box, box
    sub = game.observe(s, 3).auction
    box = _box(view.auction_html(sub, names, "Pen 4 (small)", tuple(sub.to_move), sub.bids, (0, None, 1, 1),
                                 sub.lot, seat=3))
    assert "Notes laid face down: André 1, Frank 1." in box and "None" not in box, box


def test_the_bids_before_a_rerun_leave_out_who_did_not_bid():
    """[Secret Value] Daniel bids 500 holding 100, André passes, Frank bids 100: Daniel
    cannot pay and shows his money, the auction is run again, and every view recalls the
    bids turned over, Daniel's 500 and Frank's 100: André's pass and the auctioneer are no
    bid, not "André 0"."""
    game = make_game("bidder-up", board="animal-market",
                     tiles=("secret-value", "american-count", "round-the-table", "second-hand"))
    names = ["Annette", "Daniel", "André", "Frank"]
    s = game.state_from_position(4, current=0, roll=1, money=["100+100", "50+50", "100+100", "100+100"],
                                 pens={"pen-1": ["cow"]})
    s = game.step(s, 0, "move pen-1")
    for seat, move in ((1, "bid 500"), (2, "pass"), (3, "bid 100")):
        s = game.step(s, seat, move)
    assert s.auction.phase == "bid" and s.auction.reruns == 1
    for page in _pages(game, s, names):
        box = _box(page)
        assert "The bids last time: Daniel 500, Frank 100." in box, box
        assert "Daniel could not pay and showed all their money: 50+50 = 100" in box, box


def _the_call(money: str):
    """Annette, holding ``money``, moves to Pen 4 (The Call on this board) and holds its
    cow's auction; Daniel holds 100+50. The game, the names and the state."""
    game = make_game("bidder-up", board="animal-market", tiles=("number-call", "the-call", "classic", "cat-in-the-bag"))
    s = game.state_from_position(2, current=0, roll=1, pos=["pen-3", "start"], money=[money, "100+50"],
                                 pens={"pen-4": ["cow"]})
    s = game.step(s, 0, "move pen-4")
    assert s.auction.rules.format == "the-call"
    return game, ["Annette", "Daniel"], s


def test_the_call_draws_a_called_price_of_0():
    """[The Call] an auctioneer holding only 0-notes can call no more than 0 (a refused call
    is bought at it): the call of 0 is drawn for both seats and the all-seeing view as
    any other, "Called price: 0", while Daniel decides."""
    game, names, s = _the_call(money="0+0")
    s = game.step(s, 0, "call 0")
    for page in _pages(game, s, names):
        box = _box(page)
        assert "Called price: 0 ." in box and "Now: Daniel" in box, box


def test_the_call_asks_the_auctioneer_to_call_and_the_other_to_accept_or_refuse():
    """[The Call] "the auctioneer calls out the amount they're demanding. The other player then
    says whether they're willing to pay it": neither is a bid, and the box and the farm boards'
    tags said "to bid" for both. Every view now says what each is asked."""
    game, names, s = _the_call(money="100+50")
    for page in _pages(game, s, names):
        assert re.search(r"Now: Annette (\(you\) )?to call a price", _box(page)), _box(page)
        assert ">to call a price</span>" in _card(page, 0) and ">to bid</span>" not in page
    s = game.step(s, 0, "call 100")
    for page in _pages(game, s, names):
        assert "Called price: 100" in _box(page), _box(page)
        assert re.search(r"Now: Daniel (\(you\) )?to accept or refuse the call", _box(page)), _box(page)
        assert ">to accept or refuse the call</span>" in _card(page, 1) and ">to bid</span>" not in page
