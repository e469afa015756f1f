"""The board drawn as SVG: well-formed, complete, legible, and showing nothing face down."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import pytest

from bluffkit.auctions.rules import ANIMALS, FORMATS
from bluffkit.games.bidder_up.board import BOARD_NAMES, UnknownSpace, load_board
from bluffkit.games.bidder_up.board_svg import board_svg

NS = "{http://www.w3.org/2000/svg}"
BOARDS = {name: load_board(name) for name in BOARD_NAMES}
GLYPH = 0.6       # the estimate of a glyph's width in font sizes, as board_svg documents it


def _parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


def _classes(el: ET.Element) -> set[str]:
    return set((el.get("class") or "").split())


def _texts(root: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in root.iter(f"{NS}text")]


def _busy(board, animals=("rooster", "donkey"), **extra):
    """Every pen full (the longest animal names), four pawns with long names, tiles, the panel."""
    pens = {p.id: tuple(animals[:p.pen_size]) for p in board.pens()}
    pens[board.pens()[-1].id] = 3
    pawns = {"Annette-Marie": board.start, "André": board.start, "Daniel": board.pens()[0].id,
             "Frank": board.of_kind("horse-trade")[-1].id}
    market = {a: (v, a == "sheep") for a, v in zip(ANIMALS, (10, 40, 90, 160, 500, 350, 350, 650, 800, 1000))}
    args = dict(pens=pens, pawns=pawns, tiles=board.first_game_tiles(4), piggy_bank=12, supply=(5, 4),
                raffle=24, market=market, highlight=board.reachable(board.start, 3, budget_notes=10))
    args.update(extra)
    return board_svg(board, **args)


@pytest.mark.parametrize("name", BOARD_NAMES)
def test_every_space_is_drawn_with_its_kind(name):
    board = BOARDS[name]
    root = _parse(board_svg(board))
    groups = {g.get("data-space"): g for g in root.iter(f"{NS}g") if "bk-space" in _classes(g)}
    assert set(groups) == {s.id for s in board.spaces}
    for s in board.spaces:
        g = groups[s.id]
        assert g.get("id") == f"space-{s.id}" and g.get("data-kind") == s.kind
        assert g.find(f"{NS}title").text == s.label
        assert "bk-reachable" not in _classes(g) and g.get("data-cost") is None, "nothing is lit unless asked"
        assert g.find(f"{NS}circle") is not None or g.find(f"{NS}rect") is not None, f"{s.id} has no shape"
    assert {g.get("data-position") for g in root.iter(f"{NS}g") if g.get("class") == "tile"} == {"0", "1", "2", "3"}


def test_annette_highlight_shows_each_cost_in_notes():
    board = BOARDS["animal-market"]
    reach = board.reachable(board.example("start"), 1, budget_notes=1)
    root = _parse(board_svg(board, highlight=reach))
    lit = {g.get("data-space"): g for g in root.iter(f"{NS}g") if "bk-reachable" in _classes(g)}
    assert set(lit) == set(reach)
    for sid, g in lit.items():
        assert "bk-space" in _classes(g) and g.get("data-cost") == str(reach[sid][1])
        assert "cursor: pointer" in g.get("style", ""), "a reachable space shows a hand to click with"
        badge = [g2 for g2 in root.iter(f"{NS}g") if g2.get("class") == "cost" and g2.get("data-space") == sid]
        assert len(badge) == 1, f"the cost badge of {sid} names its space, for a click on it to find"
    # the badges come after every space, so no neighbour's ring covers one (Pen 5's "+3 notes"
    # lay under Pen 6's ring)
    order = [(g.get("class") or "", g.get("data-space")) for g in root.iter(f"{NS}g") if g.get("data-space")]
    last_space = max(i for i, (cls, _) in enumerate(order) if "bk-space" in cls)
    first_cost = min(i for i, (cls, _) in enumerate(order) if cls == "cost")
    assert first_cost > last_space
    words = _texts(root)
    assert words.count("+1 note") == 2, "the cow pen and the hilltop cost 1 note"
    assert words.count("free") == 2, "the goose pen and the piggy bank cost nothing"
    root = _parse(board_svg(board, highlight={"pen-5": 3, "pen-6": (4, 6)}))
    assert "+3 notes" in _texts(root) and "+6 notes" in _texts(root)


@pytest.mark.parametrize("name", BOARD_NAMES)
@pytest.mark.parametrize("width", [1280, 640])
def test_every_text_lies_inside_the_view_box_and_is_legible_at_1280(name, width):
    root = _parse(_busy(BOARDS[name], width=width))
    vx, vy, vw, vh = map(float, root.get("viewBox").split())
    assert (vw, vh) == (1280, 720) and int(root.get("width")) == width
    assert int(root.get("height")) == round(width * 720 / 1280)
    texts = list(root.iter(f"{NS}text"))
    assert len(texts) > 40
    for t in texts:
        words = "".join(t.itertext())
        size = float(t.get("font-size"))
        assert size >= 16, f"{words!r} is {size} units: under 16 px when drawn 1280 wide"
        x, y = float(t.get("x")), float(t.get("y"))
        w = len(words) * size * GLYPH * (1.1 if t.get("font-weight") == "bold" else 1)
        left = {"start": x, "middle": x - w / 2, "end": x - w}[t.get("text-anchor", "start")]
        assert vx <= left and left + w <= vx + vw, f"{words!r} runs out sideways: {left:.0f}..{left + w:.0f}"
        assert vy <= y - size * 0.8 and y + size * 0.25 <= vy + vh, f"{words!r} runs out at y={y}"


@pytest.mark.parametrize("name", BOARD_NAMES)
def test_face_down_pens_show_no_animal_name(name):
    board = BOARDS[name]
    root = _parse(board_svg(board, pens={p.id: 3 for p in board.pens()}, piggy_bank=4, supply=(3, 3)))
    svg = board_svg(board, pens={p.id: 3 for p in board.pens()})
    # every word in the file, but "horse-trading", the name of a space, is not the horse
    words = set(re.findall(r"[a-z]+", re.sub(r"horse-trad(e|ing)", "", svg.lower())))
    for animal in ANIMALS:
        assert animal not in words, f"{animal} shows on a face-down board"
    pens = [g for g in root.iter(f"{NS}g") if g.get("class") == "pen-contents"]
    assert len(pens) == 8
    for g in pens:
        assert ["".join(t.itertext()) for t in g.iter(f"{NS}text")] == ["3 hidden"], g.get("data-pen")
    # face up, the names are there
    up = _parse(board_svg(board, pens={board.pens()[0].id: ("cow",), board.pens()[1].id: {"up": ["goat"], "down": 2}}))
    assert "cow" in _texts(up) and "goat" in _texts(up) and "2 hidden" in _texts(up)
    icons = {g.get("data-animal") for g in up.iter(f"{NS}g") if g.get("class") == "bk-animal-icon"}
    assert icons == {"cow", "goat"}, "each face-up animal has its own icon beside its name"
    empty = _parse(board_svg(board, pens={board.pens()[0].id: ()}))
    assert "empty" in _texts(empty), "an empty pen (supply stack run out) says so"


def test_tiles_pawns_and_panel_say_what_they_are_given():
    board = BOARDS["fairground"]
    root = _parse(_busy(board))
    words = _texts(root)
    for p, fmt in board.first_game_tiles(4).items():
        assert f"{'ABCD'[p]}: {FORMATS[fmt].title}" in words
    assert "A: Classic" in words, "position A keeps the Classic printed on the board"
    seats = [g.get("data-seat") for g in root.iter(f"{NS}g") if g.get("class") == "pawn"]
    assert seats == ["Annette-Marie", "André", "Daniel", "Frank"]
    assert "André: Start" in words
    assert "Piggy Bank: 12 notes" in words and "Supply: 5 + 4 animals" in words and "Raffle bag: 24 tickets" in words
    assert "sheep 500 locked" in words and "horse 1,000" in words
    assert {"Market", "Raffle Booth", "Horse-Trading", "Piggy Bank"} <= set(words)


def test_bad_inputs_are_refused():
    board = BOARDS["animal-market"]
    with pytest.raises(UnknownSpace):
        board_svg(board, pawns={"Annette": "moon"})
    with pytest.raises(UnknownSpace):
        board_svg(board, highlight={"moon": 1})
    with pytest.raises(ValueError, match="not a pen"):
        board_svg(board, pens={"trade-1": ("cow",)})
    with pytest.raises(TypeError):
        board_svg(board, pens={"pen-1": "cow"})
    with pytest.raises(ValueError, match="tile position"):
        board_svg(board, tiles={4: "dutch"})
    with pytest.raises(ValueError, match="unknown auction format"):
        board_svg(board, tiles={0: "bingo"})
    with pytest.raises(ValueError, match="count of notes"):
        board_svg(board, highlight={"pen-1": -1})


def _box(rect: ET.Element) -> tuple[float, float, float, float]:
    return tuple(float(rect.get(k)) for k in ("x", "y", "width", "height"))  # type: ignore[return-value]


def _meet(a, b) -> bool:
    return not (a[0] + a[2] <= b[0] or b[0] + b[2] <= a[0] or a[1] + a[3] <= b[1] or b[1] + b[3] <= a[1])


@pytest.mark.parametrize("name", BOARD_NAMES)
@pytest.mark.parametrize("animals", [("rooster", "donkey"), ("rooster-m", "donkey-m")])
def test_pens_contents_and_tiles_do_not_cover_each_other_or_the_spaces(name, animals):
    board = BOARDS[name]
    root = _parse(_busy(board, animals))
    groups = list(root.iter(f"{NS}g"))
    pen_boxes = [_box(g.find(f"{NS}rect")) for g in groups if g.get("class") == "pen-contents"]
    tile_boxes = [_box(g.find(f"{NS}rect")) for g in groups if g.get("class") == "tile"]
    assert len(pen_boxes) == 8 and len(tile_boxes) == 4
    boxes = pen_boxes + tile_boxes
    for i, a in enumerate(boxes):
        assert 0 <= a[0] and a[0] + a[2] <= 1000 and 10 <= a[1] and a[1] + a[3] <= 710, f"{a} leaves the board"
        for b in boxes[i + 1:]:
            assert not _meet(a, b), f"{a} and {b} overlap"
        for s in board.spaces:
            half = 30 + (8 if s.pen_size == 2 else 0)
            space = (s.x - half, s.y + 10 - 30, 2 * half, 60)
            assert not _meet(a, space), f"{a} covers {s.id}"


def test_a_click_anywhere_on_a_space_finds_its_id_and_pawns_let_the_click_through():
    """What a browser's ``event.target.closest('[data-space]')`` finds, walked by hand."""
    board = BOARDS["fairground"]
    reach = board.reachable("start", 2, budget_notes=3)
    root = _parse(board_svg(board, pawns={"Ann": "start", "Bob": "pen-1"}, highlight=reach))
    parent = {c: p for p in root.iter() for c in p}

    def closest(el):
        while el is not None and el.get("data-space") is None:
            el = parent.get(el)
        return el

    for g in root.iter(f"{NS}g"):
        if "bk-space" not in _classes(g):
            continue
        for el in g.iter():                   # the shape, the icon's lines, the number (a badge: its own group)
            assert closest(el) is g, f"a click on a <{el.tag[len(NS):]}> of {g.get('data-space')} misses it"
    pawns = [g for g in root.iter(f"{NS}g") if g.get("class") == "pawn"]
    assert [g.get("data-seat") for g in pawns] == ["Ann", "Bob"]
    for i, g in enumerate(pawns):
        assert g.get("pointer-events") == "none", "a pawn on a space must not swallow its click"
        assert _texts(g) == [str(i + 1)], "the pawn's number is inside it, so it lets the click through too"
        assert closest(g) is None
    assert sum("bk-reachable" in _classes(g) for g in root.iter(f"{NS}g")) == len(reach)


def test_width_none_scales_with_its_container():
    board = BOARDS["animal-market"]
    root = _parse(board_svg(board, width=None))
    assert root.get("width") == "100%" and root.get("height") is None
    assert "max-width: 1280px" in root.get("style") and "height: auto" in root.get("style")
    assert root.get("viewBox") == "0 0 1280 720"
    fixed = _parse(board_svg(board, width=800))
    assert (fixed.get("width"), fixed.get("height"), fixed.get("style")) == ("800", "450", None)
    for bad in (0, -5, 12.5, True, "wide"):
        with pytest.raises(ValueError, match="width"):
            board_svg(board, width=bad)


def test_market_lists_each_animal_by_icon_and_name_and_a_male_reads_as_male():
    board = BOARDS["fairground"]
    market = {a: (10 * (i + 1), a == "goat") for i, a in enumerate(ANIMALS)}
    root = _parse(board_svg(board, market=market, pens={"pen-2": ("cow-m", "cow")}))
    words = _texts(root)
    for i, a in enumerate(ANIMALS):
        assert f"{a} {10 * (i + 1)}" + (" locked" if a == "goat" else "") in words
    icons = [g.get("data-animal") for g in root.iter(f"{NS}g") if g.get("class") == "bk-animal-icon"]
    assert sorted(icons) == sorted(list(ANIMALS) + ["cow", "cow"])
    assert "cow ♂" in words and "cow-m" not in " ".join(words), "a male is named, never shown by its notation"


def _shapes(board):
    """Each space's shape in the drawing's units: (id, the middle of its ends, radius)."""
    return [(s.id, [(s.x - 8, s.y + 10), (s.x + 8, s.y + 10)] if s.pen_size == 2 else [(s.x, s.y + 10)], 30.0)
            for s in board.spaces]


def _hits(box, ends, r) -> bool:
    x, y, w, h = box
    return any(((min(max(cx, x), x + w) - cx) ** 2 + (min(max(cy, y), y + h) - cy) ** 2) ** 0.5 < r - 0.5
               for cx, cy in ends)


PROJECTED_PENS = [("rooster", "donkey"), ("rooster-m", "donkey-m"), ("goose", "cat"), 3, "seen"]


@pytest.mark.parametrize("name", BOARD_NAMES)
@pytest.mark.parametrize("pens", PROJECTED_PENS)
@pytest.mark.parametrize("tiles", ["first", "long"])
def test_on_a_projector_every_word_is_large_and_no_label_covers_another_or_a_space(name, pens, tiles):
    """``projector=True``: every word on the board in 24 units (15.5 px on the projector's
    650 px wide board; 16 units were 10.5 px), and no pen's contents, tile or cost badge
    covers another, a space (a badge only the lower edge of its own) or leaves the board,
    with every space lit at a two-digit cost, the longest animal names (a male "♂") and a
    Cat in the Bag pen of three rows (two animals seen going back, one not)."""
    board = BOARDS[name]
    if pens == 3:
        contents = {p.id: 3 for p in board.pens()}
    elif pens == "seen":
        contents = {p.id: {"up": ("rooster-m", "donkey-m"), "down": 1} for p in board.pens()}
    else:
        contents = {p.id: tuple(pens[:p.pen_size]) for p in board.pens()}
        for p in board.pens():
            if p.tile_position == 3:
                contents[p.id] = {"up": pens[:2], "down": 1}
    formats = board.first_game_tiles(4) if tiles == "first" else \
        {0: "round-the-table", 1: "american-count", 2: "number-call", 3: "secret-value"}
    root = _parse(board_svg(board, pens=contents, tiles=formats, highlight={s.id: 15 for s in board.spaces},
                            pawns={"A": board.start, "B": board.start, "C": board.pens()[0].id, "D": "hilltop"},
                            width=None, panel=False, projector=True))
    sizes = {"".join(t.itertext()): float(t.get("font-size")) for t in root.iter(f"{NS}text")}
    assert min(sizes.values()) >= 24, {w: s for w, s in sizes.items() if s < 24}
    groups = list(root.iter(f"{NS}g"))
    labels = [(g.get("class"), g.get("data-space") or g.get("data-pen") or g.get("data-position"),
               _box(g.find(f"{NS}rect"))) for g in groups if g.get("class") in ("pen-contents", "tile", "cost")]
    assert sum(kind == "cost" for kind, _, _ in labels) == len(board.spaces)
    shapes = _shapes(board)
    for i, (kind, owner, a) in enumerate(labels):
        assert 4 <= a[0] and a[0] + a[2] <= 1000 and 10 <= a[1] and a[1] + a[3] <= 710, f"{kind} {owner} leaves the board"
        for other, _, b in labels[i + 1:]:
            assert not _meet(a, b), f"{kind} {owner} and {other} overlap: {a}, {b}"
        for sid, ends, r in shapes:
            assert (kind, owner) == ("cost", sid) or not _hits(a, ends, r), f"{kind} {owner} covers {sid}"
    if pens == 3:         # still nothing face down named
        assert {w for g in groups if g.get("class") == "pen-contents" for w in _texts(g)} == {"3 hidden"}


def test_bad_pen_entries_tiles_and_pawns_are_refused():
    """A pen holds animal names or a count of face-down animals: a negative count, a
    boolean, or a mistyped key of ``{"up": ..., "down": ...}`` (which would show the pen
    as holding nothing face down) is refused, as are a negative tile position, a
    boolean cost and a fifth pawn (the game has 4)."""
    board = BOARDS["animal-market"]
    with pytest.raises(ValueError, match="0 or more"):
        board_svg(board, pens={"pen-1": -1})
    with pytest.raises(ValueError, match="0 or more"):
        board_svg(board, pens={"pen-1": {"up": ("cow",), "down": -1}})
    with pytest.raises(TypeError):
        board_svg(board, pens={"pen-1": True})
    with pytest.raises(ValueError, match="'up' and 'down'"):
        board_svg(board, pens={"pen-1": {"up": ("cow",), "donw": 2}})
    with pytest.raises(ValueError, match="tile position"):
        board_svg(board, tiles={-1: "dutch"})
    with pytest.raises(ValueError, match="count of notes"):
        board_svg(board, highlight={"pen-1": True})
    with pytest.raises(ValueError, match="at most 4 pawns"):
        board_svg(board, pawns={n: board.start for n in "ABCDE"})
    seen = _parse(board_svg(board, pens={"pen-1": {"up": ("cow",)}}))
    pen = next(g for g in seen.iter(f"{NS}g") if g.get("data-pen") == "pen-1")
    assert _texts(pen) == ["cow"], "an entry without 'down' has nothing face down"


def test_counts_are_said_in_the_singular_for_one_and_the_plural_otherwise():
    board = BOARDS["fairground"]
    words = _texts(_parse(board_svg(board, piggy_bank=1, raffle=1, highlight={"pen-1": 2, "pen-2": 1})))
    assert {"Piggy Bank: 1 note", "Raffle bag: 1 ticket", "+2 notes", "+1 note"} <= set(words), words
    words = _texts(_parse(board_svg(board, piggy_bank=0, raffle=0)))
    assert {"Piggy Bank: 0 notes", "Raffle bag: 0 tickets"} <= set(words), words


def test_a_market_value_given_alone_is_not_locked():
    words = _texts(_parse(board_svg(BOARDS["animal-market"], market={"cow": 350, "horse": (1000, True)})))
    assert "cow 350" in words and "horse 1,000 locked" in words, words


def test_each_pawn_has_its_seats_colour_and_number_and_stands_at_its_space():
    """Pawns in seat order: the seat's colour (the farm boards' and the side panel's) and
    number wherever the pawn stands, drawn around its own space."""
    from bluffkit.games.bidder_up.board_svg import PAWN_COLOURS

    board = BOARDS["animal-market"]
    pawns = {"Ann": "pen-3", "Bob": board.start, "Cy": "pen-1", "Di": board.start}
    root = _parse(board_svg(board, pawns=pawns))
    drawn = {g.get("data-seat"): g for g in root.iter(f"{NS}g") if g.get("class") == "pawn"}
    assert set(drawn) == set(pawns)
    for i, (seat, sid) in enumerate(pawns.items()):
        g = drawn[seat]
        circle = g.find(f"{NS}circle")
        assert circle.get("fill") == PAWN_COLOURS[i], f"seat {i}'s pawn has another seat's colour"
        assert _texts(g) == [str(i + 1)]
        s = board.space(sid)
        d = ((float(circle.get("cx")) - s.x) ** 2 + (float(circle.get("cy")) - s.y - 10) ** 2) ** 0.5
        assert d <= 40, f"{g.get('data-seat')}'s pawn is {d:.0f} units from {sid}"


def test_a_players_name_is_text_in_the_drawing():
    """A name such as ``<b>&"'`` stays a name: the SVG parses and the pawn's seat, its
    tooltip and the side panel's line give it back as typed."""
    board = BOARDS["fairground"]
    name = "<b>&\"'"
    svg = board_svg(board, pawns={name: board.start, "Bo": "pen-1"})
    assert "<b>" not in svg
    root = _parse(svg)
    pawn = next(g for g in root.iter(f"{NS}g") if g.get("class") == "pawn")
    assert pawn.get("data-seat") == name and pawn.find(f"{NS}title").text == name
    assert any(w.startswith(name + ": ") for w in _texts(root))


def test_a_reachable_space_tells_a_screen_reader_its_cost():
    board = BOARDS["animal-market"]
    root = _parse(board_svg(board, highlight={"pen-1": 3, "pen-2": 0}))
    lit = {g.get("data-space"): g for g in root.iter(f"{NS}g") if "bk-reachable" in _classes(g)}
    for sid, words in (("pen-1", "+3 notes"), ("pen-2", "free")):
        g = lit[sid]
        assert g.get("role") == "button" and g.get("aria-label") == f"{board.space(sid).label}: {words}"


def test_the_arrows_on_the_loop_point_clockwise():
    """"On the outer loop (the outer circle), pawns always move clockwise": each arrow
    between two neighbours on the loop points from one to the next in the loop's clockwise
    order (clockwise on the screen)."""
    for board in BOARDS.values():
        pts = [(board.space(sid).x, board.space(sid).y) for sid in board.loop]
        area = sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]))
        assert area > 0, f"{board.name}: the loop's order is not clockwise on the screen (y down)"
        root = _parse(board_svg(board))
        turns = [p.get("transform") for p in root.iter(f"{NS}path") if "rotate(" in (p.get("transform") or "")]
        assert len(turns) == len(pts)
        for (x1, y1), (x2, y2), t in zip(pts, pts[1:] + pts[:1], turns):
            a = math.radians(float(re.search(r"rotate\(([-\d.]+)\)", t)[1]))
            assert math.cos(a) * (x2 - x1) + math.sin(a) * (y2 - y1) > 0, f"{board.name}: an arrow points back"


def test_without_the_side_panel_nothing_of_it_is_drawn():
    board = BOARDS["fairground"]
    root = _parse(board_svg(board, pawns={"Ann": board.start}, piggy_bank=3, panel=False))
    assert root.get("viewBox") == "0 0 1004 720"
    words = _texts(root)
    assert not any(w.startswith(("Piggy Bank:", "Ann:")) or w in ("Spaces", "face down") for w in words), words


def test_on_a_projector_the_words_say_the_costs_the_formats_and_whats_hidden():
    board = BOARDS["fairground"]
    tiles = {0: "dutch", 1: "the-call", 2: "number-call", 3: "secret-value"}
    root = _parse(board_svg(board, pens={"pen-1": {"up": ("cow",), "down": 2}, "pen-2": 3}, tiles=tiles,
                            highlight={"pen-3": 6, "pen-4": 0, "pen-5": 1}, projector=True))
    pens = {g.get("data-pen"): _texts(g) for g in root.iter(f"{NS}g") if g.get("class") == "pen-contents"}
    assert pens == {"pen-1": ["cow", "2 hidden"], "pen-2": ["3 hidden"]}
    costs = {g.get("data-space"): (_texts(g), g.find(f"{NS}title").text)
             for g in root.iter(f"{NS}g") if g.get("class") == "cost"}
    assert costs == {"pen-3": (["+6"], "+6 notes"), "pen-4": (["free"], "free"), "pen-5": (["+1"], "+1 note")}
    assert [len(g.findall(f"{NS}rect")) for sid in ("pen-3", "pen-4")
            for g in root.iter(f"{NS}g") if g.get("class") == "cost" and g.get("data-space") == sid] == [2, 1], \
        "a cost in notes has a drawn note beside it; free has none"
    tile_words = " ".join(w for g in root.iter(f"{NS}g") if g.get("class") == "tile" for w in _texts(g))
    drawn = " ".join(_texts(root))
    for p, fmt in tiles.items():
        assert f"{'ABCD'[p]}: {FORMATS[fmt].title.split()[0]}" in drawn, (fmt, tile_words)


def test_tiles_name_their_format_pens_their_number_and_a_lit_spaces_tooltip_its_cost():
    board = BOARDS["animal-market"]
    root = _parse(board_svg(board, tiles={1: "dutch"}, highlight={"pen-2": 3}))
    formats = {g.get("data-position"): g.get("data-format") for g in root.iter(f"{NS}g") if g.get("class") == "tile"}
    assert formats == {"0": "classic", "1": "dutch", "2": "classic", "3": "classic"}
    spaces = {g.get("data-space"): g for g in root.iter(f"{NS}g") if "bk-space" in _classes(g)}
    for i, pen in enumerate(board.pens(), 1):
        assert str(i) in _texts(spaces[pen.id]), f"{pen.id} shows its number"
    assert spaces["pen-2"].find(f"{NS}title").text == f"{board.space('pen-2').label}: move here, +3 notes"
