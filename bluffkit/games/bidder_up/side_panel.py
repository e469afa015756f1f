"""The Bidder Up! board's side panel as HTML, for a page that draws the board without it
(``board_svg(..., panel=False)``): the pawns with their number, colour and space, the
Piggy Bank's note count, the supply stacks' sizes, the raffle bag's count, the Fairground
market (each type by icon and name, its value, and "locked" for a red marker), and the
legend of the kinds of space. As HTML its text keeps its size however narrow the board
is drawn, and it wraps beside or below the board.

It takes the same plain data as :func:`~bluffkit.games.bidder_up.board_svg.board_svg`.

>>> from bluffkit.games.bidder_up.board import load_board
>>> html = panel_html(load_board("fairground"), pawns={"Ann": "pen-2"}, piggy_bank=3,
...                   market={"sheep": (500, True)})
>>> "Pen 2 (double)" in html and "Piggy Bank: 3 notes" in html and "sheep 500 locked" in html
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from bluffkit.core.money import amount
from bluffkit.games.bidder_up.animal_icons import animal_words, icon_svg
from bluffkit.games.bidder_up.board import Board
from bluffkit.games.bidder_up.svg_draw import KIND_NAMES, PAWN_COLOURS, kind_icon_svg

__all__ = ["panel_html"]

_ROW = "display: flex; align-items: center; gap: 6px; margin: 2px 0"
_HEAD = "font-weight: bold; margin: 8px 0 2px 0"
_SECTION = "flex: 1 1 230px; min-width: 0"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def panel_html(board: Board, *, pawns: Mapping[str, str] | None = None, piggy_bank: int | None = None,
               supply: Sequence[int] | None = None, raffle: int | None = None,
               market: Mapping[str, Any] | None = None) -> str:
    """The side panel as one HTML block (well-formed XML)."""
    pawns = dict(pawns or {})
    for sid in pawns.values():
        board.space(sid)
    parts = [f'<div style="font-weight: bold; font-size: 20px; flex: 1 1 100%">{escape(board.title or board.name)}'
             '</div>']
    first = []
    for i, (who, sid) in enumerate(pawns.items()):
        first.append(f'<div class="bk-panel-pawn" style="{_ROW}">'
                     f'<span style="display: inline-block; width: 22px; height: 22px; line-height: 22px; '
                     f'border-radius: 50%; background: {PAWN_COLOURS[i]}; color: #FFFFFF; text-align: center; '
                     f'font-weight: bold; flex: none">{i + 1}</span>'
                     f'<span style="overflow-wrap: anywhere">{escape(who)}: {escape(board.space(sid).label)}</span>'
                     f'</div>')
    facts = []
    if piggy_bank is not None:
        facts.append(f"Piggy Bank: {_plural(piggy_bank, 'note')}")
    if supply is not None:
        facts.append("Supply: " + " + ".join(str(n) for n in supply) + " animals")
    if raffle is not None:
        facts.append(f"Raffle bag: {_plural(raffle, 'ticket')}")
    first += [f'<div style="margin: 2px 0">{escape(f)}</div>' for f in facts]
    if first:
        parts.append(f'<div style="{_SECTION}">' + "".join(first) + "</div>")
    if market:
        rows = []
        for animal, v in market.items():
            value, locked = (v if isinstance(v, tuple) else (v, False))
            rows.append(f'<div class="bk-market" style="{_ROW}">{icon_svg(animal, 24)}'
                        f'<span>{escape(animal_words(animal))} {amount(value)}'
                        + (" locked" if locked else "") + "</span></div>")
        parts.append(f'<div style="{_SECTION}"><div style="{_HEAD}">Market</div><div style="display: grid; '
                     f'grid-template-columns: repeat(auto-fill, minmax(125px, 1fr)); column-gap: 8px">'
                     + "".join(rows) + "</div></div>")
    kinds = [k for k in KIND_NAMES if board.of_kind(k)]
    legend = [f'<div style="{_ROW}">{kind_icon_svg(k)}<span>{escape(KIND_NAMES[k])}</span></div>' for k in kinds]
    legend.append(f'<div style="{_ROW}">{kind_icon_svg("face-down")}<span>face down</span></div>')
    legend.append(f'<div style="{_ROW}">{kind_icon_svg("reachable")}<span>reachable, cost in notes</span></div>')
    parts.append(f'<div class="bk-legend" style="{_SECTION}"><div style="{_HEAD}">Spaces</div>' + "".join(legend)
                 + "</div>")
    return ('<div class="bk-panel" style="display: flex; flex-wrap: wrap; column-gap: 18px; font-size: 16px; '
            "line-height: 1.3; font-family: 'DejaVu Sans', Verdana, sans-serif\">" + "".join(parts) + "</div>")
