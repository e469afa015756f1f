"""HTML views of Bidder Up! for the panels: the board drawn from one seat's observation
(:func:`bluffkit.games.bidder_up.board_svg.board_svg`: face-down pens as counts, naming only
the animals every player saw go back into one, the spaces
the seat may move to as clickable groups with their cost), every player's farm board below
it (:mod:`bluffkit.games.bidder_up.farm`: the seat's own notes and tickets face up, the
others' as counts), then the text view folded away; all-seeing, the board with every pen
face up, every farm face up, and the facts.

While a pen's auction runs, both views draw it above the board (:func:`auction_html`): the
pen and its lot, the format and the auctioneer, what is public of the bids (an open
auction's highest bid and bidder; of sealed bids only who has bid, and the seat's own bid,
until they are turned over together), and whose move it is, which the farm boards tag
too ("auctioneer", "to bid"); the pen at auction shows its lot, not "empty".

The board takes the width of its container (at most 1280 px) and the farms wrap, so the
view reads at 1280 x 720 and in a 740 px column. Both views are well-formed XML.
"""

from __future__ import annotations

import html
from typing import Any

from bluffkit.auctions.base import Table as AuctionTable
from bluffkit.auctions.engine import FORMAT_TABLES
from bluffkit.auctions.narrate import animals_text, face_down_lot, price_words, settling_lines
from bluffkit.auctions.rules import ANIMALS
from bluffkit.core.facts import fact_text
from bluffkit.core.money import amount, fmt, total
from bluffkit.games.bidder_up.actions import name, told_apart
from bluffkit.games.bidder_up.animal_icons import animal_words, icon_svg
from bluffkit.games.bidder_up.farm import all_seeing_farms, farms_html, seat_farms
from bluffkit.games.bidder_up.layout import layout_of

#: The board's width in the views: ``None``, as wide as the panel allows (at most 1280 px).
BOARD_WIDTH = None
_WRAP = "<div class='bidder-up' style='max-width: 1280px'>"

def auction_asked(sub) -> str:
    """What the seats to move in the auction ``sub`` (a seat's observation of it, or its
    state) are asked, in words: the tag on their farm board and the words of the auction's
    "Now:" line, as its format says them (:meth:`bluffkit.auctions.base.Table.asked`)."""
    return FORMAT_TABLES[sub.rules.format].asked(sub)


#: The style of a tag on a farm board's head ("to bid", "auctioneer"), as its turn mark.
TAG_STYLE = "border: 2px solid #000; border-radius: 10px; padding: 0 6px; white-space: nowrap"


def _market(obs_or_state, rules) -> dict | None:
    if not rules.fairground:
        return None
    return {a: (rules.market_track[p], i in obs_or_state.locked) for i, (a, p) in enumerate(zip(ANIMALS,
                                                                                             obs_or_state.market))}


def _board(rules, players: int, pens: dict, pos, names, piggy: int, supply, raffle, market, highlight,
           projector: bool = False) -> str:
    """The board (SVG, without its side panel) and the side panel (HTML) side by side, the
    panel wrapping below the board in a narrow column; with ``projector``, the board's words
    in large type."""
    from bluffkit.games.bidder_up.board_svg import BOARD_ONLY_W, board_svg
    from bluffkit.games.bidder_up.side_panel import panel_html
    lay = layout_of(rules.board)
    tiles = dict(enumerate(rules.tiles_for(players)))
    pawns = {n: p for n, p in zip(names, pos)}
    raffle = raffle if rules.fairground else None
    svg = board_svg(lay.board, pens=pens, pawns=pawns, tiles=tiles, highlight=highlight, width=BOARD_WIDTH,
                    panel=False, projector=projector)
    panel = panel_html(lay.board, pawns=pawns, piggy_bank=piggy, supply=supply, raffle=raffle, market=market)
    return ("<div style='display: flex; flex-wrap: wrap; align-items: flex-start; gap: 8px 12px'>"
            f"<div style='flex: 4 1 600px; min-width: 0; max-width: {BOARD_ONLY_W}px'>{svg}</div>"
            f"<div style='flex: 1 1 250px; min-width: 0'>{panel}</div></div>")


def _key_folded(board: str) -> str:
    """The board's side panel (pawns, Piggy Bank, supply, the legend) folded under the
    board, for a screen without room for it (the panel's projector mode)."""
    at = board.rfind("<div style='flex: 1 1 250px")
    if at < 0:
        return board
    end = len(board) - len("</div>")
    return (board[:at] + "<details class='bk-key' style='flex: 1 1 100%'><summary>Pawns, Piggy Bank, supply "
            "and the key</summary>" + board[at:end] + "</details>" + board[end:])


def _folded(summary: str, text: str) -> str:
    # wrapped at spaces: JupyterLab breaks a <pre>'s words anywhere ("phase r / oll")
    return (f"<details style='margin-top: 8px'><summary>{summary}</summary>"
            f"<pre style='white-space: pre-wrap; word-break: normal; overflow-wrap: break-word'>{text}</pre>"
            "</details>")


def seat_html(game, obs, names, *, projector: bool = False) -> str:
    """The board as ``obs``'s seat (an observation) sees it (a running auction above it),
    the farms, and its text view; with ``projector``, the board's words in a projector's
    large type (what is shown is the same)."""
    board, farms = seat_parts(game, obs, names, projector=projector)
    return f"{_WRAP}{board}{farms}</div>"


def _pen_entry(obs, i: int, up) -> Any:
    """Pen ``i`` for the board: its animals face up; a face-down pen as a count, with the
    animals every player saw go back face down named (``obs.seen``); the pen at auction
    as the auction shows it: the lot, or its animals face down while the Cat in the Bag's
    lot is hidden from the seat (not "empty")."""
    sub = obs.auction
    if sub is not None and obs.pen_at == i:
        if sub.lot is None:
            return {"down": len(sub.pen)}
        return tuple(name(a) for a in told_apart(sub.lot or sub.pen, obs.on_sale))
    if up is not None:
        return tuple(name(a) for a in up)
    known = obs.seen[i]
    if not known:
        return obs.stacks[1][i]
    return {"up": tuple(name(a) for a in known), "down": obs.stacks[1][i] - len(known)}


def seat_parts(game, obs, names, *, projector: bool = False) -> tuple[str, str]:
    """:func:`seat_html` in two parts, for a panel that shows them apart: the board with
    its side panel (a running auction above it), and the farm boards with the text view
    (both from ``obs`` alone; ``projector``: the board's words in large type)."""
    auction, board, farms, more = seat_pieces(game, obs, names, projector=projector)
    return (_sized(auction) + board), farms + more


def _sized(auction: str) -> str:
    """The auction's box in the views' type size (the farm boards' and the side panel's)."""
    return f"<div style='font-size: 16px'>{auction}</div>" if auction else ""


def seat_pieces(game, obs, names, compact: bool = False, *, projector: bool = False) -> tuple[str, str, str, str]:
    """:func:`seat_parts` in four, for a panel that places them itself: the running
    auction (:func:`seat_auction_html`, ``""`` when none; in the type size around it),
    the board with its side panel, the farm boards with the text view, and ``""``. With
    ``compact`` (a 1280 x 720 projector, where the seat's own notes must be on the screen
    with its controls) the board's side panel is folded under it, the seat's own farm
    board is the third piece alone, and the other farm boards, folded, and the text view
    the fourth, and the board's words are in a projector's large type. With ``projector``
    alone the board's words are in the large type and the pieces as without ``compact`` (a
    panel with the room to show them all). From ``obs`` alone, as every piece of a seat's
    view."""
    lay = layout_of(obs.rules.board)
    pens = {str(p.space): _pen_entry(obs, i, up) for i, (p, up) in enumerate(zip(lay.pens, obs.pens))}
    legal = obs.legal
    highlight = dict(legal.key) if obs.phase == "move" and legal and legal.inner is None and legal.key else None
    svg = _board(obs.rules, len(obs.pos), pens, obs.pos, names, obs.piggy, obs.stacks[0], obs.bag,
                 _market(obs, obs.rules), highlight, compact or projector)
    if compact:
        svg = _key_folded(svg)
    sub = obs.auction
    auction = seat_auction_html(obs, names) if sub is not None else ""
    text = _folded('Text view', html.escape(game.describe(obs, names, legal=True)))
    farms = seat_farms(obs, names)
    to_move = tuple(sub.to_move) if sub is not None else ()
    if not compact:
        return auction, svg, mark_auction(farms_html(farms), sub, to_move) + text, ""
    own = [f for f in farms if f.you]
    others = [f for f in farms if not f.you]
    return (auction, svg, mark_auction(farms_html(own), sub, to_move),
            mark_auction(_others_folded(others, sub, to_move), sub, to_move) + text)


def _others_folded(farms, sub, to_move) -> str:
    """The farm boards ``farms`` folded, their summary naming each (and the turn's mark,
    the auction's roles), so that the folded boards still say who is who."""
    if not farms:
        return ""
    said = []
    for f in farms:
        # (a no-break space: where the summary wrapped on a projector, the arrow stood alone at
        # the end of a line or the start of the next, a second fold arrow to the eye)
        marks = (["▶\u00a0turn"] if f.current else []) + (["auctioneer"] if sub is not None and f.seat == sub.auctioneer
                                                      else []) + \
            ([auction_asked(sub)] if sub is not None and f.seat in to_move else [])
        said.append(f"{html.escape(f.name)} (" + ", ".join([f"pawn {f.seat + 1}"] + marks) + ")")
    return ("<details class='bk-other-farms' style='margin-top: 6px'><summary>The other farm boards: "
            + "; ".join(said) + f"</summary>{farms_html(farms)}</details>")


def all_seeing_html(game, state, names, *, projector: bool = False) -> str:
    """The board with every pen face up (the pen at auction with the auction's animals),
    a running auction above it with every bid, every farm face up, and the facts; with
    ``projector``, the board's words in a projector's large type."""
    lay = layout_of(game.rules.board)
    pens = {str(p.space): tuple(name(a) for a in pen) for p, pen in zip(lay.pens, state.pens)}
    sub = state.auction
    auction, to_move = "", ()
    if sub is not None and 0 <= state.pen_at < len(lay.pens):
        pens[str(lay.pens[state.pen_at].space)] = tuple(name(a) for a in told_apart(sub.lot or sub.pen, state.drawn))
        to_move = AuctionTable.thaw(sub).to_move()
        auction = _sized(auction_html(sub, names, _pen_words(lay, state.pen_at), to_move, sub.bids,
                                      tuple(map(sum, sub.placed)), sub.lot, seat=None, told=state.drawn))
    svg = _board(game.rules, len(state.pos), pens, state.pos, names, len(state.piggy), tuple(map(len, state.stacks)),
                 len(state.bag), _market(state, game.rules), None, projector)
    facts = html.escape("\n".join(fact_text(k, v, game) for k, v in game.facts(state, names).items()))
    end = end_html(game, state, names) if game.is_over(state) else ""
    farms = mark_auction(farms_html(all_seeing_farms(game, state, names)), sub, to_move)
    return f"{_WRAP}{end}{auction}{svg}{farms}{_folded('Facts', facts)}</div>"


# -- the auction under way ----------------------------------------------------------------------

def _pen_words(lay, i: int) -> str:
    """Pen ``i`` as the board names it: "Pen 2 (small)"."""
    sid = lay.pens[i].space
    return lay.labels.get(sid, str(sid))


def seat_auction_html(obs, names) -> str:
    """The auction under way as ``obs``'s seat sees it (its observation alone: the
    auction's own, :mod:`bluffkit.auctions.observe`, hides what the format hides)."""
    sub = obs.auction
    lay = layout_of(obs.rules.board)
    where = _pen_words(lay, obs.pen_at) if 0 <= obs.pen_at < len(lay.pens) else "a pen"
    return auction_html(sub, names, where, tuple(sub.to_move), sub.bids, sub.placed_counts, sub.lot, seat=obs.seat,
                        told=obs.on_sale)


def _lot_html(animals) -> str:
    return ", ".join(f"{icon_svg(name(a), 22)} {html.escape(animal_words(name(a)))}" for a in animals)


def auction_html(src, names, where: str, to_move, bids, laid, lot, seat: int | None, told=()) -> str:
    """The auction of ``src`` (a seat's observation of it, or for the all-seeing view its
    state, ``seat`` None) above the board: the pen and its lot, the format and who holds
    it, the bids as the format shows them, and whose move it is. ``bids`` each seat's bid
    as the source shows it (a seat's observation: the others' sealed bids ``None`` until
    they are turned over), ``laid`` the notes each has laid (``None``: not seen), ``lot``
    ``None`` while a Cat in the Bag's animal is hidden from the seat; ``told`` the pen's
    animals as told apart (Baby Animals' male [K]: its ♂ is shown on the lot and the pen).

    Open (Classic, Cat in the Bag): the highest bid and its bidder. Sealed (Secret Value,
    Secret Count, Second Hand) and the Dutch hammer: who has bid or decided and who has
    not (public: it is seen), the seat's own bid, the count; every bid only once turned
    over (the all-seeing view: each bid, marked not yet turned over). Round-the-Table's
    bids, said aloud; the American Count's notes laid; The Call's price."""
    r = src.rules
    traits = FORMAT_TABLES[r.format]
    n = len(names)
    boss = src.auctioneer

    def who(s: int) -> str:
        return html.escape(names[s]) if 0 <= s < n else "?"

    price = price_words(r)

    def bid_words(v) -> str:
        return "no bid" if not v else price(v)

    pen = told_apart(src.pen, told)

    def word(a: int) -> str:
        return animal_words(name(a))

    if lot is None:
        lot_words = html.escape(face_down_lot(r, pen, word))
    elif lot:
        lot_words = _lot_html(told_apart(lot, told))
        if seat is None and traits.FACE_DOWN_PEN and len(src.pen) > 1 and src.phase in ("pick", "bid"):
            lot_words += (" (face down: the bidders see " + html.escape(face_down_lot(r, pen, word)) + ")")
    elif src.pen:
        lot_words = "to be picked face down from the pen (" + html.escape(animals_text(pen, word)) + ")"
    else:
        lot_words = "not set out yet"
    lines = [f"<b>Auction</b> in {html.escape(where)}: <b>{html.escape(r.fmt.title)}</b>, held by <b>{who(boss)}</b>. "
             f"On sale: <b>{lot_words}</b>."]
    bidders = [s for s in range(n) if s != boss]
    phase = src.phase
    sealed_now = phase == "bid" and traits.SEALED
    if traits.OPEN_OUTCRY and phase in ("bid", "final"):
        lines.append(f"Highest bid: <b class='bk-high'>{price(src.high)}</b> by <b>{who(src.high_bidder)}</b>."
                     if src.high_bidder >= 0 else "No bid yet.")
    elif traits.SHOWS_COUNT and phase == "bid":
        decided = [s for s in bidders if s not in to_move]
        words = f"The count: <b>{price(src.count)}</b>."
        if seat is None:
            words += " " + "; ".join(f"{who(s)} {'grabs' if bids[s] else 'waits'}" for s in decided
                                     if bids[s] is not None) + ("." if decided else "")
        elif decided:
            words += (" Chosen at this count (grab or wait, told when the count is called off or the hammer "
                      "is grabbed): " + ", ".join(who(s) for s in decided) + ".")
            if seat in decided and bids[seat] is not None:
                words += f" You {'grab' if bids[seat] else 'wait'}."
        lines.append(words.rstrip())
    elif sealed_now:
        made = [s for s in bidders if s not in to_move]
        if seat is None:                         # all-seeing: every bid, not yet turned over
            said = [f"{who(s)} {bid_words(bids[s])}" for s in made if bids[s] is not None]
            lines.append("Sealed bids, not yet turned over: " + (", ".join(said) if said else "none yet") + ".")
        else:
            lines.append("Sealed bids made: " + (", ".join(who(s) for s in made) if made else "none yet") + ".")
            if seat in made and bids[seat] is not None:
                lines.append(f"Your sealed bid: <b>{bid_words(bids[seat])}</b>.")
    elif traits.LAYS_NOTES and phase in ("bid", "final"):
        shown = [f"{who(s)} {laid[s]}" for s in bidders if laid[s] is not None]
        lines.append("Notes laid face down: " + (", ".join(shown) if shown else "none yet") + ".")
    elif traits.RANKS_BIDS and phase == "bid":       # Round-the-Table: said aloud
        said = [f"{who(s)} {bid_words(bids[s])}" for s in bidders if bids[s] is not None]
        lines.append("Bids: " + (", ".join(said) if said else "none yet") + ".")
    elif traits.RANKS_BIDS and phase in ("choose", "refuse", "pay"):     # turned over, or said aloud
        said = [f"{who(s)} {bid_words(bids[s])}" for s in bidders if bids[s] is not None]
        if said:
            lines.append("The bids: " + ", ".join(said) + ".")
    if getattr(src, "called", -1) >= 0:
        lines.append(f"Called price: <b>{price(src.called)}</b>.")
    revealed = getattr(src, "revealed", ())
    if phase == "bid" and any(revealed):
        lines.append("The bids last time: " + ", ".join(f"{who(s)} {price(b)}" for s, b in enumerate(revealed) if b)
                     + ".")
    d = r.denominations
    # the lots as told apart, in the order the sale gives the animals (the first given of a
    # type takes its male [K]: told_apart, as the sale does, over its owners in order: an
    # animal nobody bid on, the auctioneer's free, comes before the lots won; once sold or
    # bought the owners hold the lots too, after those)
    owners = tuple(getattr(src, "owners", ()) or ())
    won = sum(len(an) for _, an, _ in src.awards)
    free = [a for a, _ in (owners[:len(owners) - won] if src.phase in ("pay", "over") else owners)]
    lots, given = [], told_apart(free + [a for _, an, _ in src.awards for a in an], told)[len(free):]
    for _, an, _ in src.awards:
        lots.append(given[:len(an)])
        given = given[len(an):]
    lines += [line + "." for line in settling_lines(src, names, r,
                                                     lambda notes: f"{html.escape(fmt(notes, d))} = {amount(total(notes, d))}",
                                                     lambda i, _an: animals_text(lots[i], word))]
    if to_move:
        doing = auction_asked(src)
        movers = [who(s) + (" (you)" if s == seat else "") for s in to_move]
        each = " and ".join([", ".join(movers[:-1]), movers[-1]]) if len(movers) > 1 else movers[0]
        lines.append(f"<span class='bk-auction-now'>Now: <b>{each}</b> {doing}.</span>")
    return ("<div class='bk-auction' style='margin: 0 0 8px; padding: 4px 10px; border: 2px solid #E69F00; "
            "border-radius: 8px; background: #FFFFFF; line-height: 1.5'>" + " ".join(lines) + "</div>")


def mark_auction(farms: str, sub, to_move) -> str:
    """The farm boards ``farms`` (HTML) with the auction's roles on their heads: the
    auctioneer's "auctioneer" beside the turn's mark, and each player to move in it tagged
    with what they are asked ("to bid"), so that the turn's mark alone no longer reads as
    whose move it is while the others bid. ``sub`` None (no auction): unchanged."""
    if sub is None:
        return farms
    doing = auction_asked(sub)
    tags = {sub.auctioneer: f'<span class="bk-auctioneer" style="{TAG_STYLE}; background: #FFFFFF">auctioneer</span>'}
    for s in to_move:
        tag = f'<span class="bk-asked" style="{TAG_STYLE}; background: #56B4E9">{html.escape(doing)}</span>'
        tags[s] = tags[s] + tag if s in tags else tag
    for s, tag in tags.items():
        card = farms.find(f'<div class="bk-farm" data-seat="{s}"')
        if card < 0:
            continue
        end = farms.find("</div>", card)          # the end of the card's head (its first row)
        farms = farms[:end] + tag + farms[end:]
    return farms


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
                    f"<td style='padding: 4px 0 0; text-align: right'><b>{amount(scores[s])}</b> points</td></tr>"
                    f"<tr><td colspan='2' style='padding: 0 0 4px 12px; font-size: .85em'>{html.escape(how)}</td></tr>")
    return ("<div class='bk-final' style='margin: 0 0 10px; padding: 6px 10px; border: 2px solid #0072B2; "
            "border-radius: 8px'>"
            f"<div style='font-size: 1.2em; margin-bottom: 4px'>The game is over: {said}.</div>"
            "<table class='bk-scores'><tr><th colspan='2' style='text-align: left'>Final scores, with each "
            "scoring sheet</th></tr>" + "".join(rows) + "</table></div>")
