"""The Bidder Up! board drawn as SVG, from a board file and plain data.

:func:`board_svg` draws the loop (with arrows showing clockwise), the hill cross, every space
with an icon for its kind (drawn here from lines and shapes), the pens with what lies in them
(animal names face up; card backs and a count face down, as in a Cat in the Bag pen), the
auction format of each of the 4 tile positions (section B), the pawns, the spaces a move can
reach with their cost in notes (section C), and a side panel with the Piggy Bank, the supply
stacks, the raffle bag, the market values and a legend.

Everything it is given is plain data (strings, ints, tuples, dicts), never an engine object,
so a panel can feed it from one seat's observation and show nothing that seat may not know:
a face-down pen is passed as a count, with names only for the animals every player saw go
back face down (``{"up": names, "down": n}``).

The picture is 1280 x 720 units (the board's 1000 x 700 box, plus a side panel); at 1280 x 720
pixels every text is at least 16 px. For a projector (``projector=True``) the board's words are
24 units (:data:`~bluffkit.games.bidder_up.svg_draw.PROJECTOR_FONT`: 15.5 px on a board 650 px
wide), the cost badges say "+3" beside a drawn note, a long tile takes two lines, and each
label is placed where it covers no other, no space and no place a cost badge may show. The colours are the Okabe-Ito palette (safe for colour
blindness), and each kind also has its own icon, so colour is never the only cue.

>>> from bluffkit.games.bidder_up.board import load_board
>>> svg = board_svg(load_board("animal-market"), pens={"pen-2": ("cow",)}, highlight={"pen-2": 1})
>>> svg.startswith("<svg") and "cow" in svg and "+1 note" in svg
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import lru_cache
from html import escape
from typing import Any

from bluffkit.auctions.rules import FORMATS
from bluffkit.core.money import amount
from bluffkit.games.bidder_up.animal_icons import animal_words, icon_group
from bluffkit.games.bidder_up.board import Board, Space
from bluffkit.games.bidder_up.svg_draw import (
    BOARD_DY,
    BOARD_ONLY_W,
    KIND_COLOURS,
    KIND_NAMES,
    MIN_FONT,
    PANEL_X,
    PAWN_COLOURS,
    PEN_FONT,
    PROJECTOR_FONT,
    ROW_H,
    TILE_LETTERS,
    VIEW_H,
    VIEW_W,
    R,
    Svg,
    kind_icon,
    kind_icon_svg,
    label_width,
    rect_hits_circle,
    rects_meet,
    steps,
    text_width,
)

__all__ = ["BOARD_ONLY_W", "KIND_COLOURS", "KIND_NAMES", "PAWN_COLOURS", "VIEW_H", "VIEW_W", "board_svg",
           "kind_icon_svg", "text_width"]

def _pt(s: Space) -> tuple[float, float]:
    return s.x, s.y + BOARD_DY


def _outward(board: Board, s: Space) -> tuple[float, float]:
    """A unit vector from the board's middle towards the space (pens' contents go that way)."""
    xs = [t.x for t in board.spaces]
    ys = [t.y for t in board.spaces]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    dx, dy = s.x - cx, s.y - cy
    # snap to the side of the loop the space is on
    if abs(dx) / max(1.0, max(xs) - cx) >= abs(dy) / max(1.0, max(ys) - cy):
        return (1.0 if dx > 0 else -1.0), 0.0
    return 0.0, (1.0 if dy > 0 else -1.0)


def _cost_words(notes: int) -> str:
    if notes == 0:
        return "free"
    return f"+{notes} note" + ("" if notes == 1 else "s")


def _pen_contents(value: Any) -> tuple[tuple[str, ...], int]:
    """A pen's entry: names face up, or a count face down, or ``{"up": names, "down": n}``."""
    if isinstance(value, bool):
        raise TypeError(f"a pen holds animal names or a count of face-down animals, got {value!r}")
    if isinstance(value, int):
        if value < 0:
            raise ValueError(f"a pen holds 0 or more face-down animals, got {value}")
        return (), value
    if isinstance(value, Mapping):
        unknown = set(value) - {"up", "down"}
        if unknown:
            raise ValueError(f"a pen entry has the keys 'up' and 'down', got {sorted(unknown)}")
        up, down = _pen_contents(tuple(value.get("up", ())))[0], value.get("down", 0)
        return up, _pen_contents(down)[1]
    if isinstance(value, str) or not isinstance(value, Sequence) or not all(isinstance(a, str) for a in value):
        raise TypeError(f"a pen holds a sequence of animal names or a count, got {value!r}")
    return tuple(value), 0


def board_svg(board: Board, *, pens: Mapping[str, Any] | None = None, pawns: Mapping[str, str] | None = None,
              tiles: Mapping[Any, str] | None = None, piggy_bank: int | None = None,
              supply: Sequence[int] | None = None, market: Mapping[str, Any] | None = None,
              raffle: int | None = None, highlight: Mapping[str, Any] | None = None,
              width: int | None = VIEW_W, panel: bool = True, projector: bool = False) -> str:
    """The board as an SVG document (a string).

    - ``pens``: pen id -> the animal names lying face up (``("cow",)``), or the number of
      animals lying face down (``3`` for a Cat in the Bag pen), or ``{"up": names, "down": n}``;
      pens not given are drawn without contents, ``()`` as "empty".
    - ``pawns``: seat name -> space id, in seat order (colours and numbers follow that order).
    - ``tiles``: tile position (0..3) -> auction format name (``"dutch"``); others show Classic.
    - ``piggy_bank``: notes on the Piggy Bank (a count); ``supply``: animals in each supply
      stack; ``raffle``: tickets in the raffle bag; ``market``: animal -> value, or
      ``(value, locked)`` (Fairground).
    - ``highlight``: space id -> the notes it costs to move there, or ``(steps, notes)`` as
      :meth:`Board.reachable` gives them.
    - ``width``: the drawn width in pixels (the height follows 1280 : 720), or ``None``: as
      wide as its container (``width="100%"``), at most 1280 px, the height following.

    - ``panel``: ``False`` leaves out the side panel (the view box is then 1004 x 720), for a
      page that shows the panel's facts as HTML beside the board
      (:func:`bluffkit.games.bidder_up.side_panel.panel_html`), legible in a narrow column.
    - ``projector``: the board's words (tiles, pens' contents, pens' numbers, costs, pawns)
      in a projector's large type, each label placed in the free room around the loop so
      that none covers another, a space or a cost badge's place (the drawing is the same
      size; the side panel's type is as without).

    Every space is a group ``<g class="bk-space" data-space="ID">`` (shape, icon, number);
    a highlighted one also has the class ``bk-reachable``, ``data-cost`` (its notes) and a
    pointer cursor, and its cost badge, drawn after every space so that no neighbour's
    ring covers it, is a group ``<g class="cost" data-space="ID">`` of its own, so a click
    handler finds the space from either with ``event.target.closest('[data-space]')``.
    Pawns let clicks through to the space.

    Unknown space ids are refused with the board's ``KeyError``; nothing is drawn half.
    """
    pens, pawns, tiles = dict(pens or {}), dict(pawns or {}), dict(tiles or {})
    highlight = dict(highlight or {})
    for sid in list(pens) + list(pawns.values()) + list(highlight):
        board.space(sid)
    for sid in pens:
        if board.space(sid).kind != "pen":
            raise ValueError(f"{sid!r} is not a pen")
    contents = {sid: _pen_contents(v) for sid, v in pens.items()}
    tile_of: dict[int, str] = {}
    for pos, fmt in tiles.items():
        p = int(pos)
        if not 0 <= p < len(TILE_LETTERS):
            raise ValueError(f"a tile position is 0..3, got {pos!r}")
        if fmt not in FORMATS:
            raise ValueError(f"unknown auction format {fmt!r}; the formats are {', '.join(FORMATS)}")
        tile_of[p] = fmt
    costs: dict[str, int] = {}
    for sid, v in highlight.items():
        notes = v[1] if isinstance(v, tuple) else v
        if isinstance(notes, bool) or not isinstance(notes, int) or notes < 0:
            raise ValueError(f"the cost to reach {sid!r} is a count of notes >= 0, got {v!r}")
        costs[sid] = notes
    if len(pawns) > len(PAWN_COLOURS):
        raise ValueError(f"at most {len(PAWN_COLOURS)} pawns, got {len(pawns)}")

    if width is not None and (isinstance(width, bool) or not isinstance(width, int) or width <= 0):
        raise ValueError(f"width is a number of pixels > 0, or None (as wide as the container), got {width!r}")
    view_w = VIEW_W if panel else BOARD_ONLY_W
    svg = Svg(view_w)
    if width is None:
        size = f'width="100%" style="max-width: {view_w}px; height: auto"'
    else:
        size = f'width="{width}" height="{round(width * VIEW_H / view_w)}"'
    svg.add(f'<svg xmlns="http://www.w3.org/2000/svg" {size} '
            f'viewBox="0 0 {view_w} {VIEW_H}" font-family="DejaVu Sans, Verdana, sans-serif" role="img" '
            f'aria-label="{escape(board.title or board.name)} board">')
    svg.add(f'<title>{escape(board.title or board.name)}</title>')
    svg.add(f'<rect x="0" y="0" width="{view_w}" height="{VIEW_H}" fill="#FFFFFF"/>')
    svg.add(f'<rect x="4" y="{BOARD_DY}" width="996" height="700" rx="18" fill="#FBF6EA" stroke="#B8A680"/>')
    _draw_paths(svg, board)
    if projector:
        _draw_big_tiles(svg, board, tile_of)
    else:
        _draw_tiles(svg, board, tile_of)
    for s in board.spaces:
        _draw_space(svg, s, costs.get(s.id), projector)
    for s in board.spaces:                     # the costs over every ring: a neighbour's ring hid part of one
        if costs.get(s.id) is not None:
            if projector:
                _draw_big_cost(svg, board, s, costs[s.id])
            else:
                _draw_cost(svg, s, costs[s.id])
    if projector:
        placed = _big_pen_boxes(board, tuple((s.id, *contents[s.id]) for s in board.pens() if s.id in contents))
        for s in board.pens():
            if s.id in contents:
                _draw_big_pen_contents(svg, board, s, placed[s.id], *contents[s.id])
    else:
        boxes = _spread({s.id: _pen_box(board, s, *contents[s.id]) for s in board.pens() if s.id in contents})
        for s in board.pens():
            if s.id in contents:
                _draw_pen_contents(svg, s, boxes[s.id], *contents[s.id])
    _draw_pawns(svg, board, pawns, projector)
    if panel:
        _draw_panel(svg, board, pawns, piggy_bank, supply, raffle, market)
    svg.add("</svg>")
    return "\n".join(svg.parts)


def _draw_paths(svg: Svg, board: Board) -> None:
    # the hill: a broad green band under the cross, then its paths
    for a, b in board.hill_edges:
        (x1, y1), (x2, y2) = _pt(board.space(a)), _pt(board.space(b))
        svg.add(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#DDEBD3" '
                f'stroke-width="84" stroke-linecap="round"/>')
    for a, b in board.hill_edges:
        (x1, y1), (x2, y2) = _pt(board.space(a)), _pt(board.space(b))
        svg.add(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#6B8E5A" '
                f'stroke-width="6" stroke-dasharray="10,6"/>')
    pts = [_pt(board.space(sid)) for sid in board.loop]
    d = "M" + " L".join(f"{x:.1f},{y:.1f}" for x, y in pts) + " Z"
    svg.add(f'<path d="{d}" fill="none" stroke="#A08A5C" stroke-width="10" stroke-linejoin="round"/>')
    # clockwise arrows half-way between loop neighbours
    for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]):
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        angle = math.degrees(math.atan2(y2 - y1, x2 - x1))
        svg.add(f'<path d="M-7,-7 L7,0 L-7,7 Z" fill="#5C4A2A" '
                f'transform="translate({mx:.1f},{my:.1f}) rotate({angle:.1f})"/>')


def _tile_boxes(board: Board, tile_of: dict[int, str]) -> list[tuple[float, float, float, str]]:
    return list(_placed_tiles(board, tuple(sorted(tile_of.items()))))


@lru_cache(maxsize=64)
def _placed_tiles(board: Board, tiles: tuple[tuple[int, str], ...]) -> tuple[tuple[float, float, float, str], ...]:
    """Where each tile position's tile is drawn (left, top, width, words): inside the loop, as
    near its two pens as it can be without covering a space, a cost badge's place or a tile
    drawn before it. Remembered per board and tiles (a board is frozen), as the search is
    the slowest part of a drawing."""
    tile_of = dict(tiles)
    boxes: list[tuple[float, float, float, str]] = []
    circles = [(*_pt(s), R + (16 if s.pen_size == 2 else 6)) for s in board.spaces]
    badges = [(x - 58, y + R - 6, 116.0, 30.0) for x, y in map(_pt, board.spaces)]   # where a cost may show
    loop = [_pt(board.space(sid)) for sid in board.loop]
    x0, x1 = min(x for x, _ in loop) + R, max(x for x, _ in loop) - R
    y0, y1 = min(y for _, y in loop) + R, max(y for _, y in loop) - R
    for p in range(len(TILE_LETTERS)):
        a, b = board.pens_of_position(p)
        mx, my = (a.x + b.x) / 2, (a.y + b.y) / 2 + BOARD_DY
        words = f"{TILE_LETTERS[p]}: {FORMATS[tile_of.get(p, 'classic')].title}"
        w, h = text_width(words, MIN_FONT, bold=True) + 14, 28.0
        spots = sorted(((x, y) for x in steps(x0 + w / 2, x1 - w / 2) for y in steps(y0 + h / 2, y1 - h / 2)),
                       key=lambda q: math.hypot(q[0] - mx, q[1] - my))
        best = (max(x0, min(mx - w / 2, x1 - w)), max(y0, min(my - h / 2, y1 - h)), w, words)
        for x, y in spots:
            left, top = x - w / 2, y - h / 2
            if all(not rect_hits_circle(left, top, w, h, *c) for c in circles) and \
                    all(not rects_meet((left, top, w, h), r) for r in badges) and \
                    all(not rects_meet((left, top, w, h), (bl, bt, bw, 28.0)) for bl, bt, bw, _ in boxes):
                best = (left, top, w, words)
                break
        boxes.append(best)
    return tuple(boxes)


def _draw_tiles(svg: Svg, board: Board, tile_of: dict[int, str]) -> None:
    for p, (left, top, w, words) in enumerate(_tile_boxes(board, tile_of)):
        x, y = _tile_frame(svg, board, p, tile_of.get(p, "classic"), left, top, w, 28)
        svg.text(x, y + 6, words, anchor="middle", bold=True)


def _tile_frame(svg: Svg, board: Board, p: int, fmt: str, left: float, top: float, w: float,
                h: float) -> tuple[float, float]:
    """Tile ``p``'s box and the dotted lines from its middle to its two pens; its middle."""
    x, y = left + w / 2, top + h / 2
    for pen in board.pens_of_position(p):
        px, py = _pt(pen)
        svg.add(f'<line x1="{x:.1f}" y1="{y:.1f}" x2="{px:.1f}" y2="{py:.1f}" stroke="#8C6D3F" '
                f'stroke-width="2" stroke-dasharray="3,4"/>')
    svg.add(f'<g class="tile" data-position="{p}" data-format="{fmt}">'
            f'<rect x="{left:.1f}" y="{top:.1f}" width="{w:.1f}" height="{h:.0f}" rx="6" fill="#F3DEB3" '
            f'stroke="#8C6D3F" stroke-width="2"/></g>')
    return x, y


def _draw_space(svg: Svg, s: Space, cost: int | None, projector: bool = False) -> None:
    """A space as one group (shape, icon, number, and when it can be reached its ring),
    which a click handler finds by ``data-space``; its cost badge is drawn later
    (:func:`_draw_cost`)."""
    x, y = _pt(s)
    fill = KIND_COLOURS[s.kind]
    sid = escape(s.id)
    if cost is None:
        svg.add(f'<g class="space bk-space" id="space-{sid}" data-space="{sid}" data-kind="{s.kind}">'
                f'<title>{escape(s.label)}</title>')
    else:
        svg.add(f'<g class="space bk-space bk-reachable" id="space-{sid}" data-space="{sid}" data-kind="{s.kind}" '
                f'data-cost="{cost}" style="cursor: pointer" role="button" '
                f'aria-label="{escape(s.label)}: {_cost_words(cost)}">'
                f'<title>{escape(s.label)}: move here, {_cost_words(cost)}</title>')
        half = R + 9 + (8 if s.pen_size == 2 else 0)
        ring = (f'x="{x - half:.1f}" y="{y - R - 9:.1f}" width="{2 * half:.1f}" height="{2 * R + 18}" '
                f'rx="{R + 9}"')
        # a white halo under a black dashed ring: it shows on every colour of the board
        svg.add(f'<rect class="reachable" {ring} fill="#FFFFFF" fill-opacity="0.35" stroke="#FFFFFF" '
                f'stroke-width="11"/>')
        svg.add(f'<rect {ring} fill="none" stroke="#000000" stroke-width="5" stroke-dasharray="9,4"/>')
    if s.kind == "pen" and s.pen_size == 2:   # a double pen: a wider, rounded box
        svg.add(f'<rect x="{x - R - 8:.1f}" y="{y - R:.1f}" width="{2 * R + 16}" height="{2 * R}" rx="{R}" '
                f'fill="{fill}" stroke="#000" stroke-width="2"/>')
    else:
        svg.add(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{R}" fill="{fill}" stroke="#000" stroke-width="2"/>')
    if s.kind == "pen" and projector:        # the number larger, the fence smaller under it
        kind_icon(svg, "pen", x, y + 15, 0.55)
        svg.text(x, y + 4, s.id.removeprefix("pen-"), size=PROJECTOR_FONT, anchor="middle", bold=True)
    elif s.kind == "pen":
        kind_icon(svg, "pen", x, y + 9, 0.7)
        svg.text(x, y - 5, s.id.removeprefix("pen-"), size=18, anchor="middle", bold=True)
    else:
        kind_icon(svg, s.kind, x, y)
    svg.add("</g>")


Box = tuple[float, float, float, float, bool]   # left, top, width, height, beside the loop (not above or below)


def _pen_box(board: Board, s: Space, up: tuple[str, ...], down: int) -> Box:
    """Where a pen's contents go: outside the loop, next to the pen."""
    x, y = _pt(s)
    ox, oy = _outward(board, s)
    rows = len(up) + (1 if down else 0) or 1
    # the box is sized by a font's usual width (0.55 em); the texts' own bounds use the
    # wider estimate of text_width
    hidden = f"{down} hidden"
    box_w = max([len(animal_words(n)) * PEN_FONT * 0.55 + 36 for n in up]
                + [len(hidden) * MIN_FONT * 0.55 + 34 if down else 0.0] + [100.0])
    box_h = rows * ROW_H + 10
    if ox:       # left or right of the loop
        bx = x + ox * (R + 14) - (box_w if ox < 0 else 0)
        by = y - box_h / 2
    else:        # above or below
        bx = x - box_w / 2
        by = y + (R + 12 if oy < 0 else R + 24) * oy - (box_h if oy < 0 else 0)
    return _clamp((bx, by, box_w, box_h, bool(ox)))


def _clamp(b: Box) -> Box:
    bx, by, w, h, side = b
    return (min(max(bx, 8), PANEL_X - 12 - w), min(max(by, BOARD_DY + 4), BOARD_DY + 696 - h), w, h, side)


def _spread(boxes: dict[str, Box]) -> dict[str, Box]:
    """Neighbouring pens' boxes pushed apart along the loop's side (long names, a male's ♂,
    would otherwise meet), each half the overlap and a gap, a few rounds."""
    out = dict(boxes)
    for _ in range(12):
        moved = False
        ids = sorted(out)
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                ra, rb = out[a], out[b]
                if not rects_meet(ra[:4], rb[:4]) or ra[4] != rb[4]:
                    continue
                k = 1 if ra[4] else 0            # beside the loop: apart up and down; else sideways
                first, second = (a, b) if ra[k] <= rb[k] else (b, a)
                f, g = out[first], out[second]
                push = (f[k] + f[k + 2] + 6 - g[k]) / 2
                out[first] = _clamp(tuple(v - push if n == k else v for n, v in enumerate(f)))  # type: ignore[arg-type]
                out[second] = _clamp(tuple(v + push if n == k else v for n, v in enumerate(g)))  # type: ignore[arg-type]
                moved = True
        if not moved:
            break
    return out


def _draw_pen_contents(svg: Svg, s: Space, box: Box, up: tuple[str, ...], down: int) -> None:
    bx, by, box_w, box_h, _ = box
    row_h = ROW_H
    hidden = f"{down} hidden"
    _open_pen_box(svg, s, bx, by, box_w, f"{box_h}")
    row_y = by + 5 + row_h / 2
    if not up and not down:
        svg.text(bx + box_w / 2, row_y + 6, "empty", size=PEN_FONT, anchor="middle", fill="#444444")
    for name in up:
        svg.add(icon_group(name, bx + 15, row_y, 24))
        svg.text(bx + 30, row_y + 6, animal_words(name), size=PEN_FONT)
        row_y += row_h
    if down:
        _card_backs(svg, bx, row_y, down)
        svg.text(bx + 32, row_y + 6, hidden)
    svg.add("</g>")


def _open_pen_box(svg: Svg, s: Space, bx: float, by: float, box_w: float, height: str) -> None:
    """The group of pen ``s``'s contents opened, with its frame (the caller closes it)."""
    svg.add(f'<g class="pen-contents" data-pen="{escape(s.id)}">'
            f'<rect x="{bx:.1f}" y="{by:.1f}" width="{box_w:.1f}" height="{height}" rx="6" fill="#FFFFFF" '
            f'stroke="#E69F00" stroke-width="2"/>')


def _card_backs(svg: Svg, bx: float, row_y: float, down: int) -> None:
    """A small fan of card backs (up to three) at the left of a pen's row of hidden animals."""
    for i in range(min(down, 3)):
        cx = bx + 5 + i * 3.5
        svg.add(f'<rect x="{cx:.1f}" y="{row_y - 10 + i * 1.5:.1f}" width="16" height="20" rx="2" '
                f'fill="#0072B2" stroke="#FFFFFF" stroke-width="1.5"/>')
        svg.add(f'<path d="M{cx + 3:.1f},{row_y - 6 + i * 1.5:.1f} l10,12 m0,-12 l-10,12" stroke="#FFFFFF" '
                f'stroke-width="1.2"/>')


def _draw_cost(svg: Svg, s: Space, notes: int) -> None:
    """The cost to reach a space, on a badge over the lower edge of its ring, drawn after
    every space (so no neighbour's ring covers it) and, like the space, clicked to move there."""
    x, y = _pt(s)
    words = _cost_words(notes)
    w = text_width(words, MIN_FONT, bold=True) + 10
    top = y + R - 2
    svg.add(f'<g class="cost" data-space="{s.id}" style="cursor: pointer"><rect x="{x - w / 2:.1f}" y="{top:.1f}" '
            f'width="{w:.1f}" height="22" rx="5" fill="#FFFFFF" stroke="#000000" stroke-width="2"/>')
    svg.text(x, top + 17, words, anchor="middle", bold=True)
    svg.add("</g>")


# -- the projector's large type -------------------------------------------------------------------
# Each label is a box placed where it covers no space (with its ring), no place a cost badge
# may show (under every space, lit or not, so that a roll moves no label) and no label
# placed before it, as near its own place as that allows; the boards' free room is around
# the loop (above, below, beside it) and between the loop and the hill cross.

BIG = PROJECTOR_FONT
BIG_LINE = 28        # a line of a tile, a row of a pen's contents
BIG_BADGE_H = 28
BIG_ICON = 20
#: the widest cost badge ("+15" and its note: 90 units)
BIG_BADGE_W = 92.0


@lru_cache(maxsize=8)
def _big_badge_at(board: Board) -> dict[str, tuple[float, float]]:
    """Where each space's cost badge shows in large type (its middle, its top): under the
    space over the lower edge of its ring, moved sideways as little as keeps it off a
    neighbour (on the Animal Market, Pen 5's lay over Pen 6), else beside or above it."""
    shapes = [(s.id, *_pt(s), s.pen_size == 2) for s in board.spaces]

    def clear(sid: str, mid: float, top: float) -> bool:
        rect = (mid - BIG_BADGE_W / 2, top, BIG_BADGE_W, float(BIG_BADGE_H))
        return all(other == sid or all(not rect_hits_circle(*rect, cx, y, R + 3)
                                       for cx in ((x - 8, x + 8) if double else (x,)))
                   for other, x, y, double in shapes) and 0 <= rect[0] and rect[0] + rect[2] <= PANEL_X - 12
    out = {}
    for (sid, x, y, _), s in zip(shapes, board.spaces):
        ox = _outward(board, s)[0] if s.id in board.loop else 0.0
        # beside the loop, 8 units inwards first: the room outside is the pens' contents'
        tries = [(x + dx, y + R - 2) for dx in (-8 * ox, 0, 12, -12, 24, -24, 36, -36, 48, -48)]
        tries += [(x + R + 4 + BIG_BADGE_W / 2, y - BIG_BADGE_H / 2), (x - R - 4 - BIG_BADGE_W / 2, y - BIG_BADGE_H / 2),
                  (x, y - R - BIG_BADGE_H + 2)]
        out[sid] = next((t for t in tries if clear(sid, *t)), tries[0])
    return out


def _big_badge_spots(board: Board) -> list[tuple[float, float, float, float]]:
    return [(mid - BIG_BADGE_W / 2, top, BIG_BADGE_W, float(BIG_BADGE_H)) for mid, top in _big_badge_at(board).values()]


def _big_circles(board: Board) -> list[tuple[float, float, float]]:
    """Every space with its ring around it (a double pen as two circles, one at each end)."""
    out = []
    for s in board.spaces:
        x, y = _pt(s)
        out += [(x - 8, y, R + 9.0), (x + 8, y, R + 9.0)] if s.pen_size == 2 else [(x, y, R + 9.0)]
    return out


def _free(rect: tuple[float, float, float, float], circles, rects) -> bool:
    return all(not rect_hits_circle(*rect, *c) for c in circles) and all(not rects_meet(rect, r) for r in rects)


def _tile_lines(letter: str, title: str) -> tuple[str, ...]:
    """A tile's words in one line, or two when one would be wider than 200 units (the room
    between the loop and the hill cross): split at the space or hyphen that makes the
    longer line shortest ("D: Cat in" / "the Bag")."""
    words = f"{letter}: {title}"
    if label_width(words, BIG, bold=True) <= 200:
        return (words,)
    cuts = [i + 1 for i, c in enumerate(title) if c == "-"] + [i for i, c in enumerate(title) if c == " "]
    if not cuts:
        return (words,)
    best = min(cuts, key=lambda i: max(label_width(f"{letter}: {title[:i]}".rstrip(), BIG, True),
                                       label_width(title[i:].lstrip(), BIG, True)))
    return f"{letter}: {title[:best]}".rstrip(), title[best:].lstrip()


@lru_cache(maxsize=64)
def _placed_big_tiles(board: Board, tiles: tuple[tuple[int, str], ...]
                      ) -> tuple[tuple[float, float, float, float, tuple[str, ...]], ...]:
    """The tiles in large type (left, top, width, height, lines): inside the loop, as near
    their two pens as they can be without covering a space, a badge's place or a tile."""
    tile_of = dict(tiles)
    circles, placed = _big_circles(board), list(_big_badge_spots(board))
    loop = [_pt(board.space(sid)) for sid in board.loop]
    x0, x1 = min(x for x, _ in loop) + R, max(x for x, _ in loop) - R
    y0, y1 = min(y for _, y in loop) + R, max(y for _, y in loop) - R
    out = []
    for p in range(len(TILE_LETTERS)):
        a, b = board.pens_of_position(p)
        mx, my = (a.x + b.x) / 2, (a.y + b.y) / 2 + BOARD_DY
        lines = _tile_lines(TILE_LETTERS[p], FORMATS[tile_of.get(p, "classic")].title)
        w = max(label_width(t, BIG, bold=True) for t in lines) + 14
        h = BIG_LINE * len(lines) + 8.0
        spots = sorted(((x, y) for x in steps(x0 + w / 2, x1 - w / 2, 6) for y in steps(y0 + h / 2, y1 - h / 2, 6)),
                       key=lambda q: math.hypot(q[0] - mx, q[1] - my))
        best = (max(x0, min(mx - w / 2, x1 - w)), max(y0, min(my - h / 2, y1 - h)), w, h, lines)
        for x, y in spots:
            rect = (x - w / 2, y - h / 2, w, h)
            if _free(rect, circles, placed):
                best = (*rect, lines)
                break
        placed.append(best[:4])
        out.append(best)
    return tuple(out)


def _draw_big_tiles(svg: Svg, board: Board, tile_of: dict[int, str]) -> None:
    for p, (left, top, w, h, lines) in enumerate(_placed_big_tiles(board, tuple(sorted(tile_of.items())))):
        x, _ = _tile_frame(svg, board, p, tile_of.get(p, "classic"), left, top, w, h)
        for i, line in enumerate(lines):
            svg.text(x, top + 4 + BIG_LINE * i + 21, line, size=BIG, anchor="middle", bold=True)


def _draw_big_cost(svg: Svg, board: Board, s: Space, notes: int) -> None:
    """:func:`_draw_cost` in large type: "+3" and a drawn note (on the Fairground the spaces
    are 106 units apart, and "+3 notes" in large type is 130 wide), or "free", at the
    space's badge place (:func:`_big_badge_at`)."""
    mid, top = _big_badge_at(board)[s.id]
    words = "free" if notes == 0 else f"+{notes}"
    tw = label_width(words, BIG, bold=True)
    w = tw + 10 + (23 if notes else 0)
    left = mid - w / 2
    svg.add(f'<g class="cost" data-space="{s.id}" style="cursor: pointer"><title>{_cost_words(notes)}</title>'
            f'<rect x="{left:.1f}" y="{top:.1f}" width="{w:.1f}" height="{BIG_BADGE_H}" rx="5" fill="#FFFFFF" '
            f'stroke="#000000" stroke-width="2"/>')
    svg.text(left + 5, top + 22, words, size=BIG, bold=True)
    if notes:      # a note, as the farm boards draw one
        nx = left + 5 + tw + 2
        svg.add(f'<rect x="{nx:.1f}" y="{top + 7:.1f}" width="20" height="14" rx="2" fill="#F3DEB3" '
                f'stroke="#5C4A2A" stroke-width="1.5"/><circle cx="{nx + 10:.1f}" cy="{top + 14:.1f}" r="3" '
                f'fill="none" stroke="#5C4A2A" stroke-width="1.2"/>')
    svg.add("</g>")


BigBox = tuple[float, float, float, float, bool]     # left, top, width, height, with icons


@lru_cache(maxsize=1)
def _near() -> tuple[tuple[int, int], ...]:
    """The moves of a label from its place to try, nearest first (every 4 units, up to 200;
    made on the first projector drawing, not on import)."""
    return tuple(sorted(((dx, dy) for dx in range(-200, 201, 4) for dy in range(-200, 201, 4)
                         if dx * dx + dy * dy <= 200 ** 2), key=lambda d: (math.hypot(*d), d)))


def _big_pen_size(up: tuple[str, ...], down: int, icons: bool) -> tuple[float, float]:
    lead = (BIG_ICON + 9) if icons else 4
    rows = [label_width(animal_words(n), BIG) + lead for n in up]
    if down:
        rows.append(label_width(f"{down} hidden", BIG) + ((16 + 7 + 9) if icons else 4))
    if not up and not down:
        rows.append(label_width("empty", BIG) + 4)
    return max(rows) + 4, BIG_LINE * len(rows) + 6.0


@lru_cache(maxsize=256)
def _big_pen_boxes(board: Board, pens: tuple[tuple[str, tuple[str, ...], int], ...]) -> dict[str, BigBox]:
    """Where each pen's contents go in large type: outside the loop, next to the pen (above
    it, below its badge's place, or beside it), else as near there as there is room; the
    pictures left out of a box that finds no room with them (beside the loop the room to
    the frame is 125 units: "donkey ♂" and its picture take 150)."""
    circles, taken = _big_circles(board), list(_big_badge_spots(board))
    loop = [_pt(board.space(sid)) for sid in board.loop]
    inner = (min(x for x, _ in loop) + R, min(y for _, y in loop) + R,
             max(x for x, _ in loop) - min(x for x, _ in loop) - 2 * R,
             max(y for _, y in loop) - min(y for _, y in loop) - 2 * R)
    taken.append(inner)
    wanted: dict[str, Box] = {}
    for sid, up, down in pens:
        s = board.space(sid)
        x, y = _pt(s)
        ox, oy = _outward(board, s)
        w, h = _big_pen_size(up, down, True)
        half = R + (8 if s.pen_size == 2 else 0)
        if ox:
            bx, by = (x + half + 12 if ox > 0 else x - half - 12 - w), y - h / 2
        else:
            bx = x - w / 2
            by = y - R - 10 - h if oy < 0 else y + R - 2 + BIG_BADGE_H + 2
        wanted[sid] = (bx, by, w, h, bool(ox))
    wanted = _spread(wanted)
    out: dict[str, BigBox] = {}
    for sid, up, down in pens:
        bx, by, _, _, _ = wanted[sid]
        found = None
        cx, cy = bx + wanted[sid][2] / 2, by + wanted[sid][3] / 2
        near = []                 # (how far it moved, the box), with the pictures and without
        for icons in (True, False):
            w, h = _big_pen_size(up, down, icons)
            for dx, dy in _near():
                left, top = cx - w / 2 + dx, cy - h / 2 + dy
                if 8 <= left <= PANEL_X - 12 - w and BOARD_DY + 4 <= top <= BOARD_DY + 698 - h and \
                        _free((left, top, w, h), circles, taken):
                    near.append((math.hypot(dx, dy) + (0 if icons else 40), (left, top, w, h, icons)))
                    break
        if near:                  # the pictures left out rather than the box moved 40 units more
            found = min(near)[1]
        if found is None:                 # no room anywhere near: where it belongs, over what is there
            w, h = _big_pen_size(up, down, True)
            found = (*_clamp((bx, by, w, h, False))[:4], True)
        taken.append(found[:4])
        out[sid] = found
    return out


def _draw_big_pen_contents(svg: Svg, board: Board, s: Space, box: BigBox, up: tuple[str, ...], down: int) -> None:
    bx, by, box_w, box_h, icons = box
    x, y = _pt(s)
    # a box moved away from its pen: a dotted line to the pen from its nearest side
    nx, ny = min(max(x, bx), bx + box_w), min(max(y, by), by + box_h)
    if math.hypot(nx - x, ny - y) > R + 30:
        svg.add(f'<line x1="{nx:.1f}" y1="{ny:.1f}" x2="{x:.1f}" y2="{y:.1f}" stroke="#E69F00" stroke-width="3" '
                f'stroke-dasharray="4,4"/>')
    _open_pen_box(svg, s, bx, by, box_w, f"{box_h:.0f}")
    row_y = by + 3 + BIG_LINE / 2
    if not up and not down:
        svg.text(bx + box_w / 2, row_y + 8, "empty", size=BIG, anchor="middle", fill="#444444")
    lead = BIG_ICON + 9 if icons else 4
    for name in up:
        if icons:
            svg.add(icon_group(name, bx + 4 + BIG_ICON / 2, row_y, BIG_ICON))
        svg.text(bx + lead, row_y + 8, animal_words(name), size=BIG)
        row_y += BIG_LINE
    if down:
        if icons:
            _card_backs(svg, bx, row_y, down)
        svg.text(bx + ((16 + 7 + 9) if icons else 4), row_y + 8, f"{down} hidden", size=BIG)
    svg.add("</g>")


def _draw_pawns(svg: Svg, board: Board, pawns: dict[str, str], projector: bool = False) -> None:
    here: dict[str, list[int]] = {}
    for i, sid in enumerate(pawns.values()):
        here.setdefault(sid, []).append(i)
    names = list(pawns)
    for sid, seats in here.items():
        x, y = _pt(board.space(sid))
        for j, i in enumerate(seats):
            angle = math.radians(-135 + 90 * j)     # around the space, clockwise from its upper left
            radius, size = (17, PROJECTOR_FONT) if projector else (13, MIN_FONT)
            px, py = x + math.cos(angle) * (R + 2), y + math.sin(angle) * (R + 2)
            svg.add(f'<g class="pawn" data-seat="{escape(names[i])}" pointer-events="none">'
                    f'<title>{escape(names[i])}</title>'
                    f'<circle cx="{px:.1f}" cy="{py:.1f}" r="{radius}" fill="{PAWN_COLOURS[i]}" stroke="#FFFFFF" '
                    f'stroke-width="3"/>')
            svg.text(px, py + (9 if projector else 6), str(i + 1), size=size, anchor="middle", bold=True, fill="#FFFFFF")
            svg.add("</g>")


def _draw_panel(svg: Svg, board: Board, pawns: dict[str, str], piggy_bank: int | None,
                supply: Sequence[int] | None, raffle: int | None, market: Mapping[str, Any] | None) -> None:
    x = PANEL_X
    y = 34.0
    svg.text(x, y, board.title or board.name, size=20, bold=True)
    y += 28
    if pawns:
        for i, (name, sid) in enumerate(pawns.items()):
            svg.add(f'<circle cx="{x + 10}" cy="{y - 6:.1f}" r="10" fill="{PAWN_COLOURS[i]}"/>')
            svg.text(x + 10, y, str(i + 1), anchor="middle", bold=True, fill="#FFFFFF")
            where = board.space(sid).label
            if len(name[:10]) + len(where) > 20:
                where = where.split(" (")[0]
            svg.text(x + 26, y, f"{name[:10]}: {where}"[:22])
            y += 24
        y += 4
    facts = []
    if piggy_bank is not None:
        facts.append(f"Piggy Bank: {piggy_bank} note" + ("" if piggy_bank == 1 else "s"))
    if supply is not None:
        facts.append("Supply: " + " + ".join(str(n) for n in supply) + " animals")
    if raffle is not None:
        facts.append(f"Raffle bag: {raffle} ticket" + ("" if raffle == 1 else "s"))
    for line in facts:
        svg.text(x, y, line[:24])
        y += 24
    if market:
        svg.text(x, y + 4, "Market", bold=True)
        y += 26
        for animal, v in market.items():
            value, locked = (v if isinstance(v, tuple) else (v, False))
            svg.add(icon_group(animal, x + 11, y - 6, 20))
            svg.text(x + 25, y, f"{animal_words(animal)} {amount(value)}" + (" locked" if locked else ""))
            y += 21
        y += 4
    kinds = [k for k in KIND_NAMES if board.of_kind(k)]
    y = max(y + 10, VIEW_H - 26 * (len(kinds) + 2) - 30)
    svg.text(x, y, "Spaces", bold=True)
    y += 10
    for kind in kinds:
        svg.add(f'<circle cx="{x + 14}" cy="{y + 12:.1f}" r="13" fill="{KIND_COLOURS[kind]}" stroke="#000" '
                f'stroke-width="1.5"/>')
        kind_icon(svg, kind, x + 14, y + 12, 0.6)
        svg.text(x + 34, y + 18, KIND_NAMES[kind])
        y += 26
    for i in range(3):   # a card back: an animal lying face down
        svg.add(f'<rect x="{x + 4 + i * 5}" y="{y + 2 + i * 1.5:.1f}" width="14" height="19" rx="2" fill="#0072B2" '
                f'stroke="#FFFFFF" stroke-width="1.5"/>')
    svg.text(x + 34, y + 18, "face down")
    y += 26
    svg.add(f'<circle cx="{x + 14}" cy="{y + 12:.1f}" r="12" fill="none" stroke="#000" stroke-width="3" '
            f'stroke-dasharray="5,3"/>')
    svg.text(x + 34, y + 18, "reachable, cost")
