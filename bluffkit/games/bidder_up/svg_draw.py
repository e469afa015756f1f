"""Drawing parts the Bidder Up! board and its side panel share: the picture's units, the
Okabe-Ito palette of the kinds of space and of the pawns, text placed by its estimated
width (:func:`text_width`) and kept inside the view box, the icon of each kind of space
(drawn from lines and shapes), and the geometry that keeps boxes apart.

>>> text_width("free", 16)
38.4
>>> kind_icon_svg("market").startswith("<svg")
True
"""

from __future__ import annotations

import math
from html import escape

__all__ = ["BOARD_DY", "BOARD_ONLY_W", "CHAR", "KIND_COLOURS", "KIND_NAMES", "MIN_FONT", "PANEL_X", "PAWN_COLOURS",
           "PEN_FONT", "PROJECTOR_FONT", "R", "ROW_H", "TILE_LETTERS", "VIEW_H", "VIEW_W", "Svg", "kind_icon", "kind_icon_svg",
           "label_width", "rect_hits_circle", "rects_meet", "steps", "text_width"]

#: The picture's units: 1280 x 720 (the board's 1000 x 700 box at (0, 10), the panel right of it);
#: without the panel, 1004 x 720.
VIEW_W, VIEW_H = 1280, 720
BOARD_ONLY_W = 1004
BOARD_DY = 10
PANEL_X = 1012
#: The smallest font, in units (= px when drawn 1280 wide).
MIN_FONT = 16
#: The font of the animals lying face up in the pens: larger, as they matter most and the
#: board is often drawn narrower than 1280 (18 units are 13 px in a 740 px column).
PEN_FONT = 18
ROW_H = 26        # a row of a pen's contents
#: The board's words on a projector (``board_svg(..., projector=True)``): the board beside
#: the controls of a 1280 x 720 screen is some 650 px wide for its 1004 units, so 16 units
#: were 10.5 px there, too small for the back of a classroom; 24 units are 15.5 px and more.
PROJECTOR_FONT = 24
#: Okabe-Ito colours per kind of space.
KIND_COLOURS = {"pen": "#E69F00", "horse-trade": "#56B4E9", "piggy-bank": "#CC79A7", "market": "#009E73",
                "raffle": "#F0E442", "start": "#FFFFFF"}
KIND_NAMES = {"pen": "Pen (auction)", "horse-trade": "Horse-Trading", "piggy-bank": "Piggy Bank",
              "market": "Market", "raffle": "Raffle Booth", "start": "Start"}
#: Pawns: Okabe-Ito blue, vermillion, black, bluish green; the vermillion and the green
#: darkened in their hue so that the white number on them reads at 5.5:1 and 5.3:1.
PAWN_COLOURS = ("#0072B2", "#B34700", "#000000", "#007A5A")
TILE_LETTERS = "ABCD"
R = 30            # a space's radius
CHAR = 0.6        # estimated glyph width, in font sizes (sans-serif, generous)


def text_width(s: str, size: float, bold: bool = False) -> float:
    """The width a text is assumed to take: ``CHAR`` (0.6, 0.66 bold) font sizes per character,
    more than a sans-serif font's average, so that an estimate inside the view box is inside."""
    return len(s) * size * (CHAR * 1.1 if bold else CHAR)


#: The advance of each printable ASCII character in DejaVu Sans (the board's first font),
#: regular then bold, in fiftieths of an em (the character's code minus 48); Verdana's
#: are close. For placing a projector's large words, where room is short and the
#: generous :func:`text_width` wastes it (or falls short: "+12" in bold is 0.74 em a glyph).
_ADVANCE = ("@DGZP`W>DDIZ@B@APPPPPPPPPPAAZZZKbRRSWPMWV??QL[UWNWSPOURaRORDADZIIOPKPOBPP>>M>aPOPPEJDPNYNNJPAPZ",
            "AGJZSb\\?GGJZCECBSSSSSSSSSSDDZZZMbWVUZRRYZCCWPbZ[U[WTRYWgWTTGBGZIIRTNTRFTTAAQAdTRTTINHTQ^PQMTBTZ")


def label_width(s: str, size: float, bold: bool = False) -> float:
    """The width a text takes in DejaVu Sans, with 4 % to spare (any other character
    counted as a full em; ♂ and ♀ are 0.9 em).

    >>> round(label_width("+12", 24, bold=True), 1), round(text_width("+12", 24, bold=True), 1)
    (56.4, 47.5)
    """
    table = _ADVANCE[bool(bold)]
    ems = sum((ord(table[ord(c) - 32]) - 48) / 50 if " " <= c <= "~" else 0.9 if c in "\u2642\u2640" else 1.0
              for c in s)
    return (ems * 1.04 + 0.02) * size


class Svg:
    def __init__(self, view_w: int = VIEW_W) -> None:
        self.parts: list[str] = []
        self.view_w = view_w

    def add(self, s: str) -> None:
        self.parts.append(s)

    def text(self, x: float, y: float, s: str, size: int = MIN_FONT, anchor: str = "start",
             bold: bool = False, fill: str = "#000000") -> None:
        """A text, moved as little as needed to keep its estimated box inside the view box."""
        w = text_width(s, size, bold)
        left = {"start": x, "middle": x - w / 2, "end": x - w}[anchor]
        if left < 2:
            x += 2 - left
        elif left + w > self.view_w - 2:
            x -= left + w - (self.view_w - 2)
        top, bottom = y - size * 0.8, y + size * 0.25
        if top < 2:
            y += 2 - top
        elif bottom > VIEW_H - 2:
            y -= bottom - (VIEW_H - 2)
        weight = ' font-weight="bold"' if bold else ""
        self.add(f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}"{weight} '
                 f'fill="{fill}">{escape(s)}</text>')


def kind_icon(svg: Svg, kind: str, x: float, y: float, scale: float = 1.0) -> None:
    """A kind's icon, drawn from lines and shapes, centred at (x, y), about 36 units wide."""
    g = f'<g transform="translate({x:.1f},{y:.1f}) scale({scale})" fill="none" stroke="#000" stroke-width="2.2">'
    if kind == "pen":           # a fence: two rails, four posts
        body = ('<path d="M-15,-4 H15 M-15,8 H15 M-12,-12 V14 M-4,-12 V14 M4,-12 V14 M12,-12 V14"/>')
    elif kind == "horse-trade":  # two arrows, one each way
        body = ('<path d="M-14,-5 H12 M6,-11 L12,-5 L6,1 M14,7 H-12 M-6,1 L-12,7 L-6,13"/>')
    elif kind == "piggy-bank":  # a pig: body, snout, ear, legs, the coin slot
        body = ('<ellipse cx="-2" cy="2" rx="13" ry="9"/><ellipse cx="13" cy="1" rx="3" ry="4"/>'
                '<path d="M-10,-6 L-7,-12 L-4,-7 M-8,11 V15 M5,11 V15 M-6,-3 H2"/>')
    elif kind == "market":      # a rising chart with its arrow
        body = ('<path d="M-14,14 H14 M-10,14 V6 M-3,14 V1 M4,14 V-4 M-14,0 L-2,-8 L4,-4 L13,-13 '
                'M7,-13 H13 V-7"/>')
    elif kind == "raffle":      # a ticket with notched ends and a perforation
        body = ('<path d="M-15,-9 H15 V-3 A3,3 0 0 0 15,3 V9 H-15 V3 A3,3 0 0 0 -15,-3 Z"/>'
                '<path d="M5,-9 V9" stroke-dasharray="2,2"/>')
    else:                        # the start: a flag
        body = '<path d="M-8,14 V-13 M-8,-13 L12,-6 L-8,1"/>'
    svg.add(g + body + "</g>")


def kind_icon_svg(kind: str, size: int = 26) -> str:
    """A kind of space as a small inline SVG for HTML (its colour and its icon), as the
    board draws it; ``face-down`` is a card back, ``reachable`` the dashed ring."""
    svg = Svg()
    if kind == "face-down":
        for i in range(3):
            svg.add(f'<rect x="{-12 + i * 5}" y="{-10 + i * 1.5:.1f}" width="14" height="19" rx="2" fill="#0072B2" '
                    f'stroke="#FFFFFF" stroke-width="1.5"/>')
    elif kind == "reachable":
        svg.add('<circle cx="0" cy="0" r="11" fill="none" stroke="#000" stroke-width="3" stroke-dasharray="5,3"/>')
    else:
        svg.add(f'<circle cx="0" cy="0" r="13" fill="{KIND_COLOURS[kind]}" stroke="#000" stroke-width="1.5"/>')
        kind_icon(svg, kind, 0, 0, 0.6)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="-14 -14 28 28" '
            f'aria-hidden="true" style="vertical-align: middle; flex: none">' + "".join(svg.parts) + "</svg>")


def steps(low: float, high: float, step: float = 12.0) -> list[float]:
    n = max(0, int((high - low) // step))
    return [low + i * step for i in range(n + 1)]


def rects_meet(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return not (a[0] + a[2] <= b[0] or b[0] + b[2] <= a[0] or a[1] + a[3] <= b[1] or b[1] + b[3] <= a[1])


def rect_hits_circle(left: float, top: float, w: float, h: float, x: float, y: float, r: float) -> bool:
    nx, ny = min(max(x, left), left + w), min(max(y, top), top + h)
    return math.hypot(x - nx, y - ny) < r
