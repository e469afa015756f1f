"""HTML views of Bidder Up! for the panels: the board drawn from one seat's observation
(:func:`bluffkit.games.bidder_up.board_svg.board_svg`: face-down pens as counts, naming only
the animals every player saw go back into one, the spaces
the seat may move to as clickable groups with their cost), every player's farm board below
it (:mod:`bluffkit.games.bidder_up.farm`: the seat's own notes and tickets face up, the
others' as counts), then the text view folded away; all-seeing, the board with every pen
face up, every farm face up, and the facts.

The board takes the width of its container (at most 1280 px) and the farms wrap, so the
view reads at 1280 x 720 and in a 740 px column. Both views are well-formed XML.
"""

from __future__ import annotations

import html
import json
from typing import Any

from bluffkit.auctions.rules import ANIMALS
from bluffkit.games.bidder_up.actions import name
from bluffkit.games.bidder_up.farm import all_seeing_farms, farms_html, seat_farms
from bluffkit.games.bidder_up.layout import layout_of

#: The board's width in the views: ``None``, as wide as the panel allows (at most 1280 px).
BOARD_WIDTH = None
_WRAP = "<div class='bidder-up' style='max-width: 1280px'>"


def _market(obs_or_state, rules) -> dict | None:
    if not rules.fairground:
        return None
    return {a: (rules.market_track[p], i in obs_or_state.locked) for i, (a, p) in enumerate(zip(ANIMALS,
                                                                                             obs_or_state.market))}


def _board(rules, players: int, pens: dict, pos, names, piggy: int, supply, raffle, market, highlight) -> str:
    """The board (SVG, without its side panel) and the side panel (HTML) side by side, the
    panel wrapping below the board in a narrow column."""
    from bluffkit.games.bidder_up.board_svg import BOARD_ONLY_W, board_svg
    from bluffkit.games.bidder_up.side_panel import panel_html
    lay = layout_of(rules.board)
    tiles = dict(enumerate(rules.tiles_for(players)))
    pawns = {n: p for n, p in zip(names, pos)}
    raffle = raffle if rules.fairground else None
    svg = board_svg(lay.board, pens=pens, pawns=pawns, tiles=tiles, highlight=highlight, width=BOARD_WIDTH,
                    panel=False)
    panel = panel_html(lay.board, pawns=pawns, piggy_bank=piggy, supply=supply, raffle=raffle, market=market)
    return ("<div style='display: flex; flex-wrap: wrap; align-items: flex-start; gap: 8px 12px'>"
            f"<div style='flex: 4 1 600px; min-width: 0; max-width: {BOARD_ONLY_W}px'>{svg}</div>"
            f"<div style='flex: 1 1 250px; min-width: 0'>{panel}</div></div>")


def _folded(summary: str, text: str) -> str:
    # wrapped at spaces: JupyterLab breaks a <pre>'s words anywhere ("phase r / oll")
    return (f"<details style='margin-top: 8px'><summary>{summary}</summary>"
            f"<pre style='white-space: pre-wrap; word-break: normal; overflow-wrap: break-word'>{text}</pre>"
            "</details>")


def seat_html(game, obs, names) -> str:
    """The board as ``obs``'s seat (an observation) sees it, the farms, and its text view."""
    board, farms = seat_parts(game, obs, names)
    return f"{_WRAP}{board}{farms}</div>"


def _pen_entry(obs, i: int, up) -> Any:
    """Pen ``i`` for the board: its animals face up; a face-down pen as a count, with the
    animals every player saw go back face down named (``obs.seen``); the pen at auction
    as the auction shows it: the lot, or its animals face down while the Cat in the Bag's
    lot is hidden from the seat (not "empty")."""
    sub = obs.auction
    if sub is not None and obs.pen_at == i:
        if sub.lot:
            return tuple(name(a) for a in sub.lot)
        return {"down": len(sub.pen)} if sub.lot is None else tuple(name(a) for a in sub.pen)
    if up is not None:
        return tuple(name(a) for a in up)
    known = obs.seen[i]
    if not known:
        return obs.stacks[1][i]
    return {"up": tuple(name(a) for a in known), "down": obs.stacks[1][i] - len(known)}


def seat_parts(game, obs, names) -> tuple[str, str]:
    """:func:`seat_html` in two parts, for a panel that shows them apart: the board with
    its side panel, and the farm boards with the text view (both from ``obs`` alone)."""
    lay = layout_of(obs.rules.board)
    pens = {str(p.space): _pen_entry(obs, i, up) for i, (p, up) in enumerate(zip(lay.pens, obs.pens))}
    legal = obs.legal
    highlight = dict(legal.key) if obs.phase == "move" and legal and legal.inner is None and legal.key else None
    svg = _board(obs.rules, len(obs.pos), pens, obs.pos, names, obs.piggy, obs.stacks[0], obs.bag,
                 _market(obs, obs.rules), highlight)
    text = html.escape(game.describe(obs, names, legal=True))
    return svg, f"{farms_html(seat_farms(obs, names))}{_folded('Text view', text)}"


def all_seeing_html(game, state, names) -> str:
    """The board with every pen face up, every farm face up, and the facts of the state."""
    lay = layout_of(game.rules.board)
    pens = {str(p.space): tuple(name(a) for a in pen) for p, pen in zip(lay.pens, state.pens)}
    svg = _board(game.rules, len(state.pos), pens, state.pos, names, len(state.piggy), tuple(map(len, state.stacks)),
                 len(state.bag), _market(state, game.rules), None)
    facts = html.escape(json.dumps(game.facts(state, names), indent=1, default=str, ensure_ascii=False))
    end = end_html(game, state, names) if game.is_over(state) else ""
    return f"{_WRAP}{end}{svg}{farms_html(all_seeing_farms(game, state, names))}{_folded('Facts', facts)}</div>"


def end_html(game, state, names) -> str:
    """The end of the game [I]: who wins, and each player's score with its scoring sheet
    (how it is made: :meth:`~bluffkit.games.bidder_up.game.BidderUpGame.score_sheet`),
    best first; above the board, so that it is the first thing seen."""
    scores, winners = game.scores(state), game.winners(state)
    who = [html.escape(names[w]) for w in winners]
    said = (f"<b>{who[0]}</b> wins" if len(who) == 1 else
            " and ".join(f"<b>{w}</b>" for w in who) + " share the win")
    sheet = game.score_sheet(state, names)
    rows = []
    for s in sorted(range(len(names)), key=lambda s: (-scores[s], s)):
        how = sheet[s][len(f"{names[s]}: "):]          # (a name may hold ": " itself)
        # the sheet under its player's name and points, not in a third column: in the board's
        # column (some 660 px at 1280 x 720) a third column wrapped every sheet
        rows.append(f"<tr><td style='padding: 4px 12px 0 0'><b>{html.escape(names[s])}</b></td>"
                    f"<td style='padding: 4px 0 0; text-align: right'><b>{scores[s]}</b> points</td></tr>"
                    f"<tr><td colspan='2' style='padding: 0 0 4px 12px; font-size: .85em'>{html.escape(how)}</td></tr>")
    return ("<div class='bk-final' style='margin: 0 0 10px; padding: 6px 10px; border: 2px solid #0072B2; "
            "border-radius: 8px'>"
            f"<div style='font-size: 1.2em; margin-bottom: 4px'>The game is over: {said}.</div>"
            "<table class='bk-scores'><tr><th colspan='2' style='text-align: left'>Final scores, with each "
            "scoring sheet</th></tr>" + "".join(rows) + "</table></div>")
