"""The farm boards and the side panel as HTML: what each part says, for a seat and for the
all-seeing table, by icon and name, never by id; and a seat's view built from a scripted
position (scenario API) shows the numbers of that position."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from bluffkit.auctions.rules import ANIMALS
from bluffkit.core.game import make_game
from bluffkit.games.bidder_up import view
from bluffkit.games.bidder_up.animal_icons import animal_words, icon_svg, type_of
from bluffkit.games.bidder_up.board import load_board
from bluffkit.games.bidder_up.board_svg import PAWN_COLOURS
from bluffkit.games.bidder_up.farm import Farm, farms_html, seat_farms, ticket_words
from bluffkit.games.bidder_up.rules import TICKETS
from bluffkit.games.bidder_up.side_panel import panel_html

D = (0, 10, 50, 100, 200, 500)
NAMES = ["Annette", "Bruno", "Chiara"]


def _classes(el) -> set[str]:
    return set((el.get("class") or "").split())


def _text(el) -> str:
    return " ".join(" ".join(el.itertext()).split())


def _farms(html: str) -> dict[int, ET.Element]:
    root = ET.fromstring(html)
    return {int(el.get("data-seat")): el for el in root.iter() if "bk-farm" in _classes(el)}


def _row(farm: ET.Element, cls: str) -> str:
    rows = [el for el in farm.iter() if cls in _classes(el)]
    assert len(rows) == 1, f"one {cls} row"
    return _text(rows[0])


def test_a_farm_says_every_part_by_name_and_count():
    f = Farm(seat=2, name="Chiara", pasture=("cow", "cow", "cow-m", "goose"), barn=("horse", "pig"),
             baby_barn=("pig",), zoo=("sheep",), notes=(1, 3, 1, 0, 0, 1), denominations=D,
             tickets=("wool-milk:2", "value-gain:cat"), loans=(300, 600), sow=True, current=True, you=True)
    farm = _farms(farms_html([f]))[2]
    assert _row(farm, "bk-pasture") == "Pasture: goose cow ×2 cow ♂"
    assert _row(farm, "bk-barn") == "Barn: pig + baby horse"
    assert _row(farm, "bk-zoo") == "Petting zoo: sheep baby"
    assert _row(farm, "bk-notes") == "Notes: 0 ×1 10 ×3 50 ×1 500 ×1 (6 notes, total 580)"
    assert _row(farm, "bk-tickets") == "Tickets: Wool-Milk 2 Value Gain: cat"
    assert _row(farm, "bk-ious") == "IOUs: 300, 600 (−900 at the end)"
    words = _text(farm)
    assert "▶ Chiara's turn" in words and "your view" in words and "Wool-Milk-Sow" in words
    assert PAWN_COLOURS[2] in ET.tostring(farm, encoding="unicode") and words.startswith("3 Chiara"), \
        "the pawn's colour and its number, as on the board"
    icons = [el.get("aria-label") for el in farm.iter() if "bk-animal" in _classes(el) and el.get("aria-label")]
    assert icons == ["goose", "cow", "cow ♂", "pig", "horse", "sheep"], "an icon beside each animal's name"


def test_another_seats_farm_shows_counts_face_down():
    f = Farm(seat=0, name="Annette", notes=9, denominations=D, tickets=2, zoo=None)
    farm = _farms(farms_html([f]))[0]
    assert _row(farm, "bk-notes") == "Notes: 9 notes, face down"
    assert _row(farm, "bk-tickets") == "Tickets: 2 tickets, face down"
    assert _row(farm, "bk-pasture") == "Pasture: empty" and _row(farm, "bk-barn") == "Barn: empty"
    assert not [el for el in farm.iter() if "bk-zoo" in _classes(el)], "no petting zoo without the babies"
    inline = [el for el in farm.iter() if {"bk-pasture", "bk-barn"} & set(_classes(el))]
    assert all("display: inline-block" in el.get("style", "") for el in inline), \
        "an empty pasture and an empty barn share one line (a projector's column is short)"
    assert "▶" not in _text(farm) and "your view" not in _text(farm)
    one = _farms(farms_html([Farm(seat=1, name="B", notes=1, tickets=1)]))[1]
    assert "1 note, face down" in _text(one) and "1 ticket, face down" in _text(one)


def test_names_not_ids():
    assert {ticket_words(t) for t in TICKETS} == {
        "Extra Turn", "Move Market Markers", "Horse-Trade", "Special Horse-Trade", "Value Gain: cat",
        "Value Gain: dog", "Value Gain: sheep", "Value Gain: goat", "Value Gain: pig", "Value Gain: cow",
        "Wool-Milk 0", "Wool-Milk 1", "Wool-Milk 2", "Wool-Milk 3"}
    for a in ANIMALS:
        assert animal_words(a) == a and animal_words(a + "-m") == a + " ♂" and type_of(a + "-m") == a
        svg = ET.fromstring(icon_svg(a))
        assert len(list(svg)) >= 3, f"{a}'s icon is a drawing of a few shapes"
        assert not any(el.tag.endswith(("image", "text", "use")) for el in svg.iter()), \
            f"{a}'s icon needs no font, image or outside reference"
    assert len({icon_svg(a) for a in ANIMALS}) == 10, "each animal has its own icon"
    with pytest.raises(ValueError, match="not an animal"):
        animal_words("unicorn")
    with pytest.raises(ValueError, match="not a raffle ticket"):
        ticket_words("golden-ticket")


def test_side_panel_lists_the_pawns_counts_market_and_legend():
    board = load_board("fairground")
    html = panel_html(board, pawns={"Ann": "start", "Bo": "hilltop"}, piggy_bank=1, supply=(4, 3), raffle=20,
                      market={a: (100 * i, a == "dog") for i, a in enumerate(ANIMALS)})
    root = ET.fromstring(html)
    words = _text(root)
    for part in ("1 Ann: Start", "2 Bo: Market (hilltop)", "Piggy Bank: 1 note", "Supply: 4 + 3 animals",
                 "Raffle bag: 20 tickets", "dog 300 locked", "horse 900", "Pen (auction)", "Raffle Booth",
                 "face down", "reachable, cost in notes"):
        assert part in words, part
    assert [el.get("aria-label") for el in root.iter() if el.get("class") == "bk-animal"] == list(ANIMALS)
    sizes = {el.get("style") for el in root.iter() if "font-size" in (el.get("style") or "")}
    assert all(int(s.split("font-size: ")[1].split("px")[0]) >= 16 for s in sizes), "legible: at least 16 px"
    am = ET.fromstring(panel_html(load_board("animal-market")))
    legend = _text(next(el for el in am.iter() if el.get("class") == "bk-legend"))
    assert legend == "Spaces Pen (auction) Horse-Trading Piggy Bank Start face down reachable, cost in notes", \
        "the legend lists the board's own kinds"


def test_side_panel_counts_an_empty_piggy_bank_and_raffle_bag_and_a_plain_market_value_is_unlocked():
    """Nothing on the Piggy Bank or in the raffle bag is still a count that the table sees;
    a market value given alone has no red marker on it."""
    html = panel_html(load_board("fairground"), piggy_bank=0, raffle=0, market={"sheep": 500})
    words = _text(ET.fromstring(html))
    assert "Piggy Bank: 0 notes" in words and "Raffle bag: 0 tickets" in words, words
    assert "sheep 500" in words and "locked" not in words, words


def test_side_panel_draws_each_pawn_in_its_seats_colour():
    html = panel_html(load_board("fairground"), pawns={"Ann": "start", "Bo": "start", "Cy": "hilltop"})
    badges = [el for el in ET.fromstring(html).iter() if el.get("class") == "bk-panel-pawn"]
    colours = [el[0].get("style").split("background: ")[1].split(";")[0] for el in badges]
    assert colours == list(PAWN_COLOURS[:3]), colours


def test_side_panel_keeps_a_boards_own_title_as_text():
    """A board file's title is the board maker's words: "Bob & Ann's <farm>" stands as text."""
    import dataclasses
    board = dataclasses.replace(load_board("fairground"), title="Bob & Ann's <farm>")
    root = ET.fromstring(panel_html(board))
    assert _text(root).startswith("Bob & Ann's <farm>"), _text(root)


def test_a_scripted_position_shows_its_numbers_in_each_seats_view():
    game = make_game("bidder-up", board="fairground", variants=["babies"])
    state = game.state_from_position(3, current=1, roll=2, pos=["start", "pen-2", "hilltop"],
                                     money=["10+10+50", "0+0+10+50", "500"],
                                     pastures=[["cow", "cow-m"], [], ["horse"]], tickets=[["extra-turn"], [], []])
    for seat in range(3):
        page = view.seat_html(game, game.observe(state, seat), NAMES)
        farms = _farms(page)
        assert f"▶ {NAMES[1]}'s turn" in _text(farms[1]) and "your view" in _text(farms[seat])
        assert _row(farms[0], "bk-pasture") == "Pasture: cow cow ♂"
        assert _row(farms[2], "bk-pasture") == "Pasture: horse"
        own = {0: "(3 notes, total 70)", 1: "(4 notes, total 60)", 2: "(1 note, total 500)"}[seat]
        assert _row(farms[seat], "bk-notes").endswith(own)
        for other in set(range(3)) - {seat}:
            n = (3, 4, 1)[other]
            assert _row(farms[other], "bk-notes") == f"Notes: {n} note{'' if n == 1 else 's'}, face down"
        assert ("Extra Turn" in page) == (seat == 0), "a kept ticket is named only to its holder"
        assert _row(farms[0], "bk-tickets") == ("Tickets: Extra Turn" if seat == 0 else
                                                "Tickets: 1 ticket, face down")
    obs = game.observe(state, 1)
    lit = [el for el in ET.fromstring(view.seat_html(game, obs, NAMES)).iter() if "bk-reachable" in _classes(el)]
    assert {el.get("data-space") for el in lit} == {s for s, _ in obs.legal.key}, "the seat to move sees its moves"
    assert seat_farms(obs, NAMES)[0].zoo == (), "the Fairground babies have a petting zoo"


def test_all_seeing_view_has_the_board_panel_farms_and_facts():
    game = make_game("bidder-up", board="animal-market")
    state = game.state_from_position(2, current=0, money=["10+50", "0+0"], tickets=None)
    root = ET.fromstring(view.all_seeing_html(game, state, NAMES[:2]))
    svg = next(el for el in root.iter() if el.tag.endswith("svg") and el.get("viewBox"))
    assert svg.get("width") == "100%" and svg.get("viewBox") == "0 0 1004 720"
    farms = _farms(view.all_seeing_html(game, state, NAMES[:2]))
    assert _row(farms[0], "bk-notes").endswith("(2 notes, total 60)")
    assert _row(farms[1], "bk-notes").endswith("(2 notes, total 0)")
    assert "Facts" in _text(root) and "Piggy Bank:" in _text(root)
    facts = _text(root)[_text(root).index("Facts"):]
    assert "{" not in facts and "notes in hand: " in facts, "the facts in words, one per line, not JSON"
    assert "pawn on: " in facts and '"pos"' not in facts


# -- the face-up farm boards and a seat's (sections D, E, H, K) ----------------------------------

def test_the_face_up_farms_show_each_seats_notes_while_a_pen_is_auctioned():
    """[D] during a pen's auction the players still hold their notes (they bid with them):
    the face-up farm boards show the same notes as before Annette's free move to the pen."""
    from bluffkit.games.bidder_up.farm import all_seeing_farms
    g = make_game("bidder-up")
    s = g.state_from_position(3, current=0, roll=1)
    before = [f.notes for f in all_seeing_farms(g, s, "ABC")]
    s = g.step(s, 0, "move pen-1")
    assert s.phase == "auction"
    assert [f.notes for f in all_seeing_farms(g, s, "ABC")] == before


def test_the_face_up_farms_show_the_tickets_just_drawn_to_keep_one():
    """[H] "draw 1, 2, or 3 raffle tickets ... they may keep only 1 of them": while Annette
    chooses, the face-up farm boards show her the two she drew, and nobody else any."""
    from bluffkit.games.bidder_up.farm import all_seeing_farms
    g = make_game("bidder-up", board="fairground")
    s = g.step(g.state_from_position(3, current=0, roll=1, bag=["extra-turn", "wool-milk:3", "wool-milk:1"]),
               0, "move raffle-1")
    s = g.step(g.step(s, 0, "raffle 2 pay 10+0"), None, "tickets extra-turn,wool-milk:3")
    assert s.phase == "keep"
    assert [f.drawn for f in all_seeing_farms(g, s, "ABC")] == [("extra-turn", "wool-milk:3"), (), ()]


def test_a_petting_zoo_is_drawn_only_on_the_fairgrounds_baby_animals_side():
    """[K] the petting zoo is the Fairground's with Baby Animals; on the Animal Market a
    baby goes straight to the barn, so no seat's farm board shows a petting zoo there."""
    from bluffkit.games.bidder_up.farm import farms_html, seat_farms
    for board, zoo in (("animal-market", False), ("fairground", True)):
        g = make_game("bidder-up", board=board, variants=["babies"])
        s = g.state_from_position(3, babies=["sheep", "cow", "pig", "dog"])
        farms = seat_farms(g.observe(s, 0), "ABC")
        assert [f.zoo is not None for f in farms] == [zoo] * 3, board
        assert ("Petting zoo" in farms_html(farms)) == zoo, board


def test_the_face_up_farms_lay_a_horse_trade_offer_by_its_challenger_only():
    """[E] the challenger makes "a face-down offer": on the face-up farm boards it lies by
    the challenger (Anna's 50 + 10), not by the player challenged nor anyone else."""
    from bluffkit.games.bidder_up.farm import all_seeing_farms
    g = make_game("bidder-up")
    s = g.state_from_position(3, current=0, roll=3, pastures=[["sheep", "cow"], ["sheep"], ["cow"]])
    s = g.step(g.step(s, 0, "move trade-1"), 0, "trade 2 cow offer 50+10")
    assert s.phase == "respond"
    offers = [f.offer for f in all_seeing_farms(g, s, "ABC")]
    assert offers[1:] == [None, None] and offers[0] == g.parse("counter 50+10").notes


def test_a_fanned_out_offer_is_counted_on_the_challengers_farm_board():
    """[E] with the offer fanned out (``offer_count_seen``) every seat sees how many notes
    the challenger laid: Cy's farm boards show Ana's 4 notes as lying in the offer, and no
    offer by Ben, who was challenged."""
    from bluffkit.games.bidder_up.farm import seat_farms
    g = make_game("bidder-up", offer_count_seen=True)
    s = g.state_from_position(3, current=0, roll=3, money=["0+0+0+10", "50+10", "50"], pastures=[["cow"], ["cow"], []])
    s = g.step(g.step(s, 0, "move trade-1"), 0, "trade 1 cow offer 0+0+0+10")
    assert [f.in_offer for f in seat_farms(g.observe(s, 2), ["Ana", "Ben", "Cy"])] == [4, None, None]


def test_the_projectors_own_farm_line_names_the_babies_in_the_barn():
    """The line under the board on a projector ("Yours: ...") said "barn pig, horse" where
    the farm board says "pig + baby": a baby in the barn scores 200 before multiplying [K],
    and it is the seat's own. The barn holds one animal per complete type [D]."""
    from bluffkit.games.bidder_up.farm import farm_line
    f = Farm(seat=2, name="Chiara", pasture=("cow", "cow", "cow-m", "goose"), barn=("horse", "pig"),
             baby_barn=("pig",), zoo=("sheep",), notes=(1, 3, 1, 0, 0, 1), denominations=D, you=True)
    assert farm_line(f) == ('<div class="bk-own-farm"><b>Yours:</b> pasture goose, cow ×2, cow ♂; '
                            'barn pig + baby, horse; petting zoo sheep baby; 6 notes (0\xa0×1, 10\xa0×3, 50\xa0×1, 500\xa0×1), '
                            'total 580</div>')
