"""Bidder Up!, the board game, at the table: the board drawn, hot seat, bots in the other
seats (docs/bidder-up.md, rulebook sections C-K).

A thin view over a :class:`bluffkit.session.Session`, drawn from the observation of the
seat on screen only (:mod:`bluffkit.games.bidder_up.view`). A turn, as the rulebook has it:

- **roll** [C]: the player to move rolls the die with the *Roll the die* button;
- **move** [C]: the spaces the pawn can reach are ringed on the board with their cost in
  notes; click one on the board (or its button below, named as the board shows it: a pen
  by its number, another space by the numbered pen next to it or its place on the hill,
  :func:`space_names`). A move that costs notes asks which notes to lay face down on the
  Piggy Bank (the cheapest are chosen to start with);
- **the space's action**: a pen's auction [D] with the auction controls of the auction lab
  (:mod:`bluffkit.widgets.auction_moves`; the auctioneer's Sell and Buy say in their
  tooltips who pays whom for what, by the right of first refusal); a horse-trade [E] (whom, which animal, the offer
  chosen from your own notes); the Piggy Bank [F] (two players: raid, loan or gamble [J]);
  the market [G] (steps per type, 1, 3 or 6 notes); the raffle [H] (how many tickets, the
  one to keep); an action ticket to reveal on the move screen (before moving) or at the
  end of the turn, beside *End my turn* (a ticket held but not playable now is named);
- after a horse-trade each trader is told what they gave and received, and which animal
  changed hands (:func:`bluffkit.games.bidder_up.receipts.bidder_up_trade_receipt`), until their next move;
  after a take from the Piggy Bank [F] or the Gambling stack [J], or in an auction whose
  price is a number of notes [D] (a payment, or the notes the winners laid, which reach the
  seller as it sells), the one who got the notes is told which, until their next move
  (:func:`bluffkit.games.bidder_up.receipts.bidder_up_receipts`): the narration counts them face down;
- **the end** [I]: who wins, and each player's points with their scoring sheet, above the
  board (:func:`bluffkit.games.bidder_up.view.end_html`); *Scores* counts what the farm
  boards show during the game.

Between human seats a cover screen hides the table; a refused move shows the engine's
reason and changes nothing; Undo and Save log work as at every table.

>>> t = BidderUpTable(players=3, humans=[0], names=["Annette", "Daniel", "Ben"], seed=3)
>>> t.roll_button.description, t.roll_button.layout.display is None
('Roll the die', True)
>>> t.roll_button.click()
>>> t.session.state.phase, len(t.view.clickable) > 0
('move', True)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache
from html import escape, unescape

import ipywidgets as W

from bluffkit.auctions.actions import BUY, PASS, Bid, Place
from bluffkit.auctions.narrate import lots_said
from bluffkit.auctions.rules import ANIMALS
from bluffkit.auctions.sample import cheapest
from bluffkit.auctions.state import NO_CAP
from bluffkit.core.errors import by_name, count, said_together
from bluffkit.core.game import make_game
from bluffkit.core.money import amount, fmt, total
from bluffkit.games.bidder_up import actions as A
from bluffkit.games.bidder_up.fair import step_cost
from bluffkit.games.bidder_up.farm import farm_line, seat_farms, ticket_words
from bluffkit.games.bidder_up.layout import PEN, layout_of
from bluffkit.games.bidder_up.legal import cost_notes, payable
from bluffkit.games.bidder_up.narrate import pen_words, sex_word
from bluffkit.games.bidder_up.observe import fans
from bluffkit.games.bidder_up.rules import ACTION_TICKETS
from bluffkit.games.bidder_up.spaces import specimen, trade_pairs
from bluffkit.games.bidder_up.view import TAG_STYLE, auction_asked, seat_pieces
from bluffkit.receipts import receipts_for
from bluffkit.widgets.art import FIT_COLUMN
from bluffkit.widgets.auction_moves import MoveControls, choice_words, shown_refusals
from bluffkit.widgets.board_view import BoardView
from bluffkit.widgets.seat_panel import (
    _HIDE,
    _SHOW,
    EVENTS,
    SeatPanel,
    choose_counts,
    chosen_counts,
    live,
    note,
    note_toggle,
    receipt_html,
    retire,
    slotted,
)
from bluffkit.widgets.words import notes_label


def _button(text: str, on_click, cls: str = "", tooltip: str = "") -> W.Button:
    b = W.Button(description=text, tooltip=tooltip or text, layout=W.Layout(width="auto"))
    if cls:
        b.add_class(cls)
    b.on_click(live(lambda _: on_click()))
    return b


@lru_cache(maxsize=None)
def space_names(board: str) -> dict:
    """Every space of the board side ``board`` in words that tell it from every other one
    and that the drawn board shows (only the pens carry a number there): a pen as the board
    file names it (``Pen 2 (small)``); a space of the loop by the numbered pen next to it
    along the loop (``Horse-Trading next to Pen 2``; ``Raffle Booth between Pen 4 and
    Pen 5`` when two are as near); a space of the hill by its arm of the cross
    (``Piggy Bank (hill, west)``), its centre as named (``Horse-Trading (hilltop)``).
    Were two spaces still alike, each gets its id too.

    >>> names = space_names("animal-market")
    >>> names["trade-1"], names["pen-2"], names["hill-west"], names["hilltop"]
    ('Horse-Trading next to Pen 2', 'Pen 2 (small)', 'Piggy Bank (hill, west)', 'Horse-Trading (hilltop)')
    >>> space_names("fairground")["raffle-2"]
    'Raffle Booth between Pen 4 and Pen 5'
    """
    lay = layout_of(board)
    b = lay.board
    loop = list(b.loop)
    pens = [sid for sid in lay.labels if lay.kind(sid) == PEN]
    hill = [b.space(sid) for sid in lay.labels if b.space(sid).on_hill]
    cx = sum(h.x for h in hill) / len(hill) if hill else 0.0
    cy = sum(h.y for h in hill) / len(hill) if hill else 0.0

    def pen_words(sid) -> str:                          # "Pen 2", as the board numbers it
        return lay.labels[sid].split(" (")[0]

    def nearest_pens(sid) -> list:
        i, n = loop.index(sid), len(loop)
        found = []
        for step in (-1, 1):                             # back along the loop, then on
            k = next((k for k in range(1, n) if loop[(i + step * k) % n] in pens), None)
            if k is not None:
                found.append((k, loop[(i + step * k) % n]))
        near = min((k for k, _ in found), default=None)
        return list(dict.fromkeys(p for k, p in found if k == near))

    names = {}
    for sid, label in lay.labels.items():
        s = b.space(sid)
        if lay.kind(sid) in (PEN, "start"):
            names[sid] = label
        elif s.on_hill:
            dx, dy = s.x - cx, s.y - cy
            if max(abs(dx), abs(dy)) < 1:
                names[sid] = label                       # the centre of the cross
            else:
                arm = ("west" if dx < 0 else "east") if abs(dx) >= abs(dy) else ("north" if dy < 0 else "south")
                names[sid] = f"{label[:-1]}, {arm})" if label.endswith(")") else f"{label} ({arm} of the hill)"
        elif sid in loop and nearest_pens(sid):
            near = [pen_words(p) for p in nearest_pens(sid)]
            names[sid] = f"{label} next to {near[0]}" if len(near) == 1 else f"{label} between {' and '.join(near)}"
        else:
            names[sid] = label
    seen = list(names.values())
    return {sid: f"{w} [{sid}]" if seen.count(w) > 1 else w for sid, w in names.items()}


#: What the seat on screen is asked to do now, by the game's phase, and inside an auction by
#: the auction's own phase: the tag on its farm board, apart from the mark of whose turn it is.
ASKED = {"roll": "to roll", "move": "to move", "trade": "to challenge", "respond": "to answer the challenge",
         "market": "to set the market", "raffle": "to draw tickets", "keep": "to keep a ticket",
         "piggy": "to choose", "give": "to give a note", "end": "to end the turn"}
#: Inside an auction the words are the format's own (``auction_asked``, imported above): its farm
#: boards tag the players to move in an auction with them.


def mark_turn(farms: str, mover: str, seat: int | None, asked: str) -> str:
    """The farm boards ``farms`` (HTML, :func:`~bluffkit.games.bidder_up.farm.farms_html`),
    whose mover's board says "▶ Daniel's turn" (the pawn that moves), with the board of
    ``seat``, the seat on screen, tagged with what it is asked to do now (``asked``: "to
    bid"): in an auction during Daniel's turn Annette is asked to bid while it stays
    Daniel's turn. ``mover`` is not used (the board names the mover itself); it is kept for
    callers. A board the view tagged already (the players to move in an auction:
    :func:`~bluffkit.games.bidder_up.view.mark_auction`) is left as it is.

    >>> html = ('<div class="bk-farm" data-seat="0"><span class="bk-you" style="x">your view</span></div>'
    ...         '<div class="bk-farm" data-seat="1"><span class="bk-turn" style="y">▶ Daniel’s turn</span></div>')
    >>> out = mark_turn(html, "Daniel", 0, "to bid")
    >>> out.count("bk-asked"), out.index("to bid") < out.index("Daniel")
    (1, True)
    """
    if seat is None or not asked:
        return farms
    tag = f'<span class="bk-asked" style="{TAG_STYLE}; background: #56B4E9">{escape(asked)}</span>'
    card = re.search(rf'<div class="bk-farm" data-seat="{seat}"', farms)
    if card is None:
        return farms
    if 'class="bk-asked"' in farms[card.end():farms.find("</div>", card.end())]:
        return farms
    you = re.compile(r'<span class="bk-you"[^>]*>your view</span>').search(farms, card.end())
    if you is None:
        return farms
    return farms[:you.end()] + tag + farms[you.end():]


def own_line(f) -> str:
    """The seat's own farm board ``f`` (:class:`~bluffkit.games.bidder_up.farm.Farm`, the
    seat's own) in the line under the board on a projector: its animals and notes by value
    (:func:`~bluffkit.games.bidder_up.farm.farm_line`), then what else its farm board shows:
    its kept raffle tickets by name [H], its IOUs [J] and the Wool-Milk-Sow, so that the line
    says all the board says while the board is folded (:func:`fold_own_farm`).

    >>> from bluffkit.games.bidder_up.farm import Farm
    >>> own_line(Farm(seat=0, name="Ann", pasture=("cow",), notes=(1, 0), denominations=(0, 10),
    ...               tickets=("extra-turn", "value-gain:cat"), loans=(500,), sow=True))
    '<div class="bk-own-farm"><b>Yours:</b> pasture cow; barn empty; 1 note (0\xa0×1), total 0; tickets Extra Turn, Value Gain: cat; IOU 500 (−500 at the end); the Wool-Milk-Sow</div>'
    """
    line = farm_line(f)
    more = []
    if isinstance(f.tickets, tuple) and f.tickets:
        more.append(f"ticket{'s' if len(f.tickets) > 1 else ''} " + ", ".join(escape(ticket_words(t)) for t in f.tickets))
    if f.loans:
        more.append(f"IOU{'s' if len(f.loans) > 1 else ''} " + ", ".join(amount(v) for v in f.loans)
                    + f" (\u2212{amount(sum(f.loans))} at the end)")
    if f.sow:
        more.append("the Wool-Milk-Sow")
    return line[:-len("</div>")] + "".join(f"; {m}" for m in more) + "</div>" if more else line


#: The marks on a farm board's head (whose turn, the auction's roles, what the seat is
#: asked, the Wool-Milk-Sow): what the summary of a folded own farm board repeats.
_MARKS = re.compile(r'<span class="bk-(?:turn|auctioneer|asked|sow)"[^>]*>[^<]*</span>')


def fold_own_farm(farms: str) -> str:
    """The seat's own farm board ``farms`` (HTML, the one board of a projector's column)
    folded, its summary "Your farm board" with the marks of its head ("▶ Annette's turn",
    "auctioneer", "to sell or buy"), as the other boards are folded. On a projector, while the
    seat is asked in an auction, the board took some 190-260 px under the auction's moves and
    What happened, and its Notes row was below a 1280 x 720 screen on most auctioneers'
    screens and while paying (the farm board cut at the screen's foot); what it shows is said
    under the board (its animals, notes by value, tickets and IOUs: :meth:`BidderUpTable.seat_html`),
    the notes to lay or pay among the moves. The board itself is unchanged inside.

    >>> html = ('<div class="bk-farm" data-seat="0"><div><span>Ann</span><span class="bk-you" style="x">your view'
    ...         '</span><span class="bk-auctioneer" style="y">auctioneer</span></div><div>Notes</div></div>')
    >>> out = fold_own_farm(html)
    >>> out.startswith("<details class='bk-own-folded'") and out.count("auctioneer</span>") == 2
    True
    >>> fold_own_farm("")
    ''
    """
    if 'class="bk-farm"' not in farms:
        return farms
    head = farms[:farms.find("</div>")]                 # the first card's head (its first row)
    marks = " ".join(_MARKS.findall(head))
    return (f"<details class='bk-own-folded' style='margin-top: 4px'><summary><b>Your farm board</b> {marks}"
            f"</summary>{farms}</details>")


#: A farm board's name in its head, as the board draws it (:mod:`bluffkit.games.bidder_up.farm`).
_FARM_NAME = '<span style="font-weight: bold; font-size: 18px; overflow-wrap: anywhere">'


def own_head(farms: str, seat: int | None, name: str) -> str:
    """The head of the seat's own farm board ``farms`` (HTML) on a projector, on two lines
    however long its player's name ``name``: the name, a heading, on one line (cut short with
    "…" where it does not fit, the whole name in its tooltip: class ``bk-farm-name``), and
    the mark of the seat's own turn "▶ your turn" (its name said in the head beside it and in
    the prompt). With a name of 30 letters the head took five lines of the controls' column
    (its name on two, "▶ Annette Marie Wolkenstein-Haas's turn" on two more), and What happened
    began below a 1280 x 720 screen out of an auction. The board's rows are unchanged; a name
    said in a sentence (the prompt, What happened) is never cut.

    >>> html = ('<div class="bk-farm" data-seat="0"><div><span>1</span>' + _FARM_NAME + 'Ann</span>'
    ...         '<span class="bk-turn" style="x">▶ Ann\\'s turn</span></div></div>')
    >>> out = own_head(html, 0, "Ann")
    >>> 'class="bk-farm-name" title="Ann"' in out, ">▶ your turn</span>" in out, "Ann's" in out
    (True, True, False)
    >>> own_head(html, 1, "Ann") == html
    True
    """
    if seat is None:
        return farms
    card = re.search(rf'<div class="bk-farm" data-seat="{seat}"', farms)
    if card is None:
        return farms
    end = farms.find("</div>", card.end())                # the end of the card's head (its first row)
    head = farms[card.end():end]
    said = escape(name)
    head = head.replace(_FARM_NAME + said + "</span>",
                        f'<span class="bk-farm-name" title="{said}" style="font-weight: bold; font-size: 18px">'
                        f"{said}</span>", 1)
    head = re.sub(r'(<span class="bk-turn")([^>]*>)\u25b6 ' + re.escape(said) + "'s turn</span>",
                  lambda m: f'{m[1]} title="{said}&#x27;s turn"{m[2]}\u25b6 your turn</span>', head, count=1)
    return farms[:card.end()] + head + farms[end:]


# -- "What happened", turn by turn -------------------------------------------------------------
#: Bidding lines that say no more than who bid (the amounts of an open auction, as the table
#: heard them; a sealed bid as made, nothing more): a run of them is told in one line.
_CHATTER = re.compile(r"^(?P<who>.+?) (?:(?P<bid>bids) (?P<amount>\d[\d,]*(?: notes?)?)|(?P<stay>stays at) \S+(?: notes?)?"
                      r"|(?P<passes>passes)|(?P<sealed>makes a sealed bid))\.$")
#: Runs of bidding lines this long or longer are told in one line.
RUN = 3


def count_words(n: int) -> str:
    """``"1 line left out"``, ``"4 lines left out"``."""
    return f"{n} line{'s' if n != 1 else ''} left out"


def bidding_run(lines: list[str], names, again: bool = True) -> str | None:
    """``lines``, a run of bidding lines of one auction, in one line (None: they are not
    all bidding lines): who bid, up to how much and by whom; who made a sealed bid; who
    passed ("the others pass" when they are all the bidders but the highest, two or more:
    each name said once, where a bidder's long name said twice took two lines more of the
    line in bold on a projector). Read from the lines alone, so it tells nothing they do not.

    ``again``: the auction asks every fellow player again after each new bid, as Classic and
    Cat in the Bag do ("as soon as no higher bid comes", the booklet's Classic: a player who
    passed may bid again after someone else bids). Only the passes after the run's last bid
    still stand then, and only they are named: the line named the highest bidder among those
    who pass ("Team D highest; Team D, Team A and Team C pass"), from a pass before its own
    bid, right above a prompt asking that team to stay or bid. Where a pass is final
    (Round-the-Table asks each player once) every pass is named.

    >>> bidding_run(["Frank bids 10.", "André bids 20.", "Frank stays at 20.", "Frank bids 30.",
    ...              "André passes."], ["Frank", "André"])
    'Frank and André bid up to 30, Frank highest; André passes (5 moves).'
    >>> bidding_run(["Ben bids 990.", "Ana bids 1,010.", "Ben passes."], ["Ana", "Ben"])
    'Ben and Ana bid up to 1,010, Ana highest; Ben passes (3 moves).'
    >>> bidding_run(["Dan bids 10.", "Jean Baptiste de la Fontaine bids 20.", "Frank bids 30.", "Dan passes.",
    ...              "Jean Baptiste de la Fontaine passes."], ["Dan", "Jean Baptiste de la Fontaine", "Frank"])
    'Dan, Jean Baptiste de la Fontaine and Frank bid up to 30, Frank highest; the others pass (5 moves).'
    >>> bidding_run(["Ben makes a sealed bid.", "Cy makes a sealed bid.", "Ana makes a sealed bid."], ["Ana", "Ben", "Cy"])
    'Ben, Cy and Ana make sealed bids (3 moves).'
    >>> bidding_run(["Ben bids 10.", "Nobody bids: Ana gets the cow free."], ["Ana", "Ben"]) is None
    True
    >>> bidding_run(["Ana passes.", "Ben bids 10.", "Cy passes.", "Ana bids 20.", "Cy passes."], ["Ana", "Ben", "Cy"])
    'Ben and Ana bid up to 20, Ana highest; Cy passes (5 moves).'
    >>> bidding_run(["Ana passes.", "Ben bids 10.", "Cy bids 20."], ["Ana", "Ben", "Cy"], again=False)
    'Ben and Cy bid up to 20, Cy highest; Ana passes (3 moves).'
    """
    known = set(names)
    bidders: list[str] = []
    sealed: list[str] = []
    passed: list[str] = []
    top: tuple[int, str, str] | None = None
    for line in lines:
        m = _CHATTER.match(line)
        if m is None or m["who"] not in known:
            return None
        who = m["who"]
        if m["bid"]:
            bidders += [who] if who not in bidders else []
            value = int(m["amount"].split()[0].replace(",", ""))   # (1,010: as the narration writes it)
            if top is None or value > top[0]:
                top = (value, m["amount"], who)
        elif m["sealed"]:
            sealed += [who] if who not in sealed else []
        elif m["passes"]:
            passed += [who] if who not in passed else []
        if m["bid"] and again:               # everyone is asked again: the passes before it no longer stand
            passed.clear()
    parts = []
    if top is not None:
        parts.append(f"{said_together(bidders)} {'bid' if len(bidders) > 1 else 'bids'} up to {top[1]}"
                     + (f", {top[2]} highest" if len(bidders) > 1 else ""))
    if sealed:
        parts.append(f"{said_together(sealed)} make sealed bids" if len(sealed) > 1 else f"{sealed[0]} makes a sealed bid")
    if passed and top is not None and len(passed) > 1 and set(passed) == set(bidders) - {top[2]}:
        parts.append("the others pass")        # (named just before: each name said once)
    elif passed:
        parts.append(f"{said_together(passed)} {'pass' if len(passed) > 1 else 'passes'}")
    return "; ".join(parts) + f" ({len(lines)} moves)." if parts else None


def own_sealed_words(action, denominations) -> str | None:
    """What a seat's own sealed move was, for its own eyes only (the table heard "makes a
    sealed bid" of a bid and of a pass alike): ``"120"``, ``"2 notes (10+50)"``, ``"a pass,
    no bid"``; ``None`` for a move that is not a sealed bid.

    >>> from bluffkit.auctions.actions import PASS, Bid, Place
    >>> own_sealed_words(Bid(120), (0, 10)), own_sealed_words(PASS, (0, 10)), own_sealed_words(Place((1, 1), (0, 10)), (0, 10))
    ('120', 'a pass, no bid', '2 notes (10+0)')
    >>> own_sealed_words(Place((0, 0), (0, 10)), (0, 10))
    'no notes laid, no bid'

    """
    if isinstance(action, Bid):
        return str(action.amount)
    if isinstance(action, Place):
        if not sum(action.notes):
            return "no notes laid, no bid"
        return f"{count(sum(action.notes), 'note')} ({fmt(action.notes, denominations)})"
    if action == PASS:
        return "a pass, no bid"
    return None


def specimens(obs, seat: int, action: A.Trade) -> str:
    """The specimens a horse-trade puts up, written out (``"fm"``: the challenger's female
    for the target's male) under the Fairground's Baby Animals, where the challenger
    chooses them [K]: ``action.sexes``, or the default, a female where there is one; ``""``
    in every other game."""
    if not obs.rules.sexes:
        return ""
    if action.sexes:
        return action.sexes
    return "".join("m" if specimen(obs.pastures[who], action.animal) >= A.MALE else "f"
                   for who in (seat, action.target))


def trade_options(obs, seat: int, pairs, names) -> list:
    """The horse-trade dropdown: ``(label, (target, type, specimens))`` for each pair
    ``trade_pairs`` allows [E]; with Baby Animals on the Fairground, one entry for each
    choice of the two specimens [K] ("the challenger may decide which two specimens
    (male/female) are horse-traded against each other"): "Daniel's sheep ♀ for your sheep ♂"."""
    out = []
    for t, a in pairs:
        if not obs.rules.sexes:
            out.append((f"{names[t]}'s {ANIMALS[a]}", (t, a, "")))
            continue
        held = [[x for x, kind in (("f", a), ("m", a + A.MALE)) if kind in obs.pastures[who]] for who in (seat, t)]
        for mine in held[0]:
            for theirs in held[1]:
                label = f"{names[t]}'s {ANIMALS[a]} {_SIGN[theirs]} for your {ANIMALS[a]} {_SIGN[mine]}"
                out.append((label, (t, a, mine + theirs)))
    return out


#: A specimen letter of the notation (``trade 1 sheep:f:m``) as the trade dropdown shows it
#: (the farm boards mark a male "sheep ♂"; the list names both, to be read at a glance).
_SIGN = {"f": "\u2640", "m": "\u2642"}


#: The table's own styles: on a projector the auction's box at the top of the controls in
#: the farm boards' type, without its "Now:" line (the prompt under it asks the seat, the
#: farm boards tag the others): in the prompt's large type it took five lines, and the
#: seat's own notes and the last line of what happened went below a 1280 x 720 screen. Its
#: lines and padding outweigh the box's own (its ``style``: lines 1.5 apart, which this rule
#: did not change): a Secret Count seller who buys the other lot pays under the box's eight
#: lines and her receipt of the notes of the lot sold, and with the file browser open and 15
#: notes or more (three rows) Pay's second line was below the screen.
_STYLE = ("<style>.bk-projector .bk-legal .bk-auction {font-size: 16px; line-height: 1.35 !important; "
          "padding: 2px 8px !important}"
          ".bk-projector .bk-legal .bk-auction-now {display: none}"
          ".bk-projector .bk-farm > div {line-height: 1.45 !important; margin-top: 2px !important}"
          ".bk-projector .bk-farm {padding: 4px 8px !important}"
          # while the seat is asked in an auction, What happened right under the auction's
          # moves (and a refusal's message line), the seat's own farm board after it, as on the
          # market's screen: under the farm board the newest line of What happened was below a
          # 1280 x 720 screen on most auction screens (an auctioneer's farm board, its tags on
          # two lines, under a prompt of four lines, took it some 60 px below). What happened
          # there in the farm boards' type, its heading in the projector's, three lines high
          # (it scrolls to the rest: _draw_events), so the farm board follows close
          ".bk-projector .bk-bu-controls:has(> .bk-bu-auction > *) > :is(.bk-bu-farms, .bk-bu-more-farms, .bk-side) "
          "{order: 1}"
          ".bk-projector .bk-bu-controls:has(> .bk-bu-auction > *) .bk-log .bk-box {font-size: 18px; line-height: 1.3}"
          ".bk-projector .bk-bu-controls:has(> .bk-bu-auction > *) .bk-log .bk-box > b:first-child {font-size: 22px}"
          ".bk-projector .bk-bu-controls:has(> .bk-bu-auction > *) .bk-log .bk-log-turn "
          "{margin-top: 2px !important}"
          # each turn's head in the auction box's 16 px type: in 18 px, with the file browser open,
          # "Turn 21, now: Annette's turn (yours)" took two lines of the three, the newest line's
          # second out of view
          ".bk-projector .bk-bu-controls:has(> .bk-bu-auction > *) .bk-log .bk-log-turn {font-size: 16px}"
          # every line shows, in an auction and out of one (the box of every table's What
          # happened, art.PROJECTOR_LOG_LINES high, cut the seat's own last move off at its
          # roll); in an auction a box three lines high (3.9em, 5.2em under "... 1 line left
          # out") scrolled a newest line of three in bold (a run of bidding told in one, long
          # names) out of its view, which a class cannot scroll: the seat's own farm board,
          # which it kept close above the screen's foot, is folded there now (fold_own_farm)
          ".bk-projector .bk-bu-controls .bk-log .bk-log-lines {max-height: none}"
          # the seat's own farm board folded on an auction screen: its summary, "Your farm
          # board" and the marks of its head, in the type of the other boards' summary, the
          # marks wrapping
          ".bk-projector .bk-own-folded > summary {line-height: 1.45}"
          ".bk-projector .bk-own-folded > summary > span {white-space: normal !important; margin-left: 4px}"
          # a farm board's marks wrap on a projector: "▶ Maximiliana Wolkenstein-Habsburg's turn"
          # on one line ran past the seat's own board (335 px with the file browser open), cut
          # after "Habsburg's"
          ".bk-projector .bk-farm :is(.bk-turn, .bk-asked, .bk-auctioneer, .bk-sow) {white-space: normal !important}"
          # the seat's own farm board's name on one line, "…" where it does not fit (the whole
          # name in its tooltip and in the prompt: own_head), no wider than 8em so that "▶ your
          # turn" follows it on its line; a short name as before (a name given a width of its
          # own pushed "to answer the challenge" to a line more)
          ".bk-projector .bk-farm .bk-farm-name {flex: 0 1 auto; min-width: 0; max-width: 8em; white-space: nowrap; overflow: hidden; "
          "text-overflow: ellipsis}"
          # the question before a bid above the seat's money (a take in the Dutch auction above its
          # notes) in the auction box's type, in bold only what the seat holds: in the message's
          # large bold type it took eight lines of the controls' column, What happened began below
          # a 1280 x 720 screen and, in a Dutch auction, the question's last word was cut at the
          # screen's foot
          ".bk-projector .bk-message .bk-overbid {font-size: 16px; line-height: 1.3; font-weight: normal}"
          # what the auctioneer's Sell and Buy do (who pays whom how much), a price refused in the
          # Number Call, the repeat's cap: under the ask "Annette, you may: sell, or buy." in 18 px
          # type on a projector, every name whole. In the prompt's 24 px type, with a winner's name
          # of 30 letters said twice, the prompt took eleven lines of the controls' column and What
          # happened's newest line was below a 1280 x 720 screen with the file browser open
          ".bk-projector .bk-legal .bk-prompt-more {display: block; font-size: 18px; line-height: 1.3; "
          "margin-top: 4px}"
          # a name of no spaces ("Annettewolkensteinhabsburgerin") breaks where the column ends: in
          # the prompt's and What happened's type it ran past the column's edge, cut off
          ".bk-projector .bk-bu-controls {overflow-wrap: anywhere}"
          # the notes to lay or pay in an auction (Secret Count: a bid of 19 notes) in rows of ten
          # on a projector, their values in 18 px type: three rows of 58 px wide notes pushed
          # What happened below a 1280 x 720 screen
          ".bk-projector .bk-bu-auction .jupyter-button.bk-note {min-width: 40px !important; height: 34px; "
          "min-height: 34px; padding: 0 4px; margin: 2px; font-size: 18px !important}"
          # (laying notes, the prompt says "click your notes, then Lay": the picker's own line goes;
          # and paying, where it says "click your notes, then Pay")
          ".bk-projector .bk-bu-auction :is(.bk-notes-lay, .bk-notes-pay) > .widget-html:first-child {display: none}"
          # paying for a lot won, the notes packed tighter than to lay (26 px wide, 28 high: ten
          # or eleven to a row in the 339 px column beside the board with the file browser
          # open), "Choose for me" after the last of them and Pay under them across the column,
          # in 17 px type, What happened close under it: with 15 notes or more the notes took
          # three rows or four, Pay ("Pay 0 notes (0) - you owe André 60") two lines and "Choose
          # for me" one more, and the newest line of What happened was below a 1280 x 720 screen
          # (at 700 px with 28 notes). The column widened to 430 px for it narrowed the board
          # from 509 px to 418 while the file browser was open
          ".bk-projector .bk-bu-auction .bk-notes-pay {flex-flow: row wrap; align-items: stretch}"
          ".bk-projector .bk-bu-auction .bk-notes-pay > .widget-hbox {display: contents}"
          ".bk-projector .bk-bu-auction .bk-notes-pay .jupyter-button.bk-note {min-width: 26px !important; "
          "height: 28px; min-height: 28px; padding: 0 2px; margin: 1px}"
          ".bk-projector .bk-bu-auction .bk-notes-pay .jupyter-button:not(.bk-note) {order: 2; flex: 1 1 100%; "
          "margin: 3px 1px 0; padding: 0 4px; min-height: 34px; font-size: 17px !important; line-height: 1.2}"
          ".bk-projector .bk-bu-auction .bk-notes-pay .jupyter-button:not(.bk-note) ~ .jupyter-button {order: 1; "
          "flex: 0 0 auto; width: auto; height: 28px; min-height: 28px; margin: 1px 1px 1px 6px; padding: 0 8px; "
          "white-space: nowrap}"
          # why Pay is closed (a wrong count of notes chosen), under it across the column
          ".bk-projector .bk-bu-auction .bk-notes-pay .bk-notes-why {order: 3; flex: 1 1 100%; font-size: 16px}"
          ".bk-projector .bk-bu-controls:has(.bk-notes-pay) .bk-log .bk-box {margin-top: 0}"
          # and there a name of more than 12 letters (_cut_names) no wider than 8em, "…" where it
          # is cut, the whole name in its tooltip: with four names of 30 letters and the file
          # browser open the auction's box, the prompt and What happened's lines said them whole
          # some eight times over, and What happened's newest line ended at 714-795 px, below the
          # notebook's 690 px (1,089-1,140 px with names of 80 letters)
          # (the name's first letters then "…", the rest off the screen, a screen reader saying it:
          # cut by the browser alone at 8em, the name kept its 8em whatever of it was shown, a
          # gap after the "…"; the browser's own cut stays for a name of wide letters)
          ".bk-projector .bk-bu-controls:has(.bk-notes-pay) :is(.bk-legal, .bk-log) .bk-name-cut {display: inline-block; "
          "max-width: 8em; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; vertical-align: bottom}"
          ".bk-projector .bk-bu-controls:has(.bk-notes-pay) :is(.bk-legal, .bk-log) .bk-name-cut::after "
          "{content: '\u2026'}"
          ".bk-projector .bk-bu-controls:has(.bk-notes-pay) :is(.bk-legal, .bk-log) .bk-name-rest {position: absolute; "
          "width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap}"
          # the horse-trade's words above its list wrap on a projector ("Challenge (whom, for which
          # anim" was cut off with the file browser open)
          ".bk-projector .bk-trade-label {white-space: normal; height: auto; line-height: 1.3}"
          # the market's steps: an animal's name in 3.8em on a projector (110 px left 90 px of the
          # 210 px list, and its values read "0 (100" and "0 (150"); name and list in 18 px type
          # (in 20 px "+3 → 1000", cow's and horse's widest choice, was cut in the closed list)
          ".bk-projector .bk-market-step .widget-label {width: 3.8em; min-width: 3.8em; font-size: 18px !important}"
          ".bk-projector .bk-market-step select {font-size: 18px}"
          # and two lists to a row, 34 px high, in a controls' column of 430 px or more (the board
          # beside it narrower while the file browser is open): one list to a row, the ten lists
          # took 440 px, and the notes to pay and Pay were below a 1280 x 720 screen
          ".bk-projector .bk-bu-market > .widget-hbox {display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); "
          "column-gap: 6px}"
          ".bk-projector .bk-market-step {width: auto !important; min-width: 0; height: 34px}"
          ".bk-projector .bk-market-step select {min-width: 0; height: 34px}"
          ".bk-projector .bk-bu-controls:has(.bk-market-step) {min-width: 430px !important; flex-shrink: 0 !important}"
          ".bk-projector :has(> .bk-bu-controls .bk-market-step) > :not(.bk-bu-controls) "
          "{min-width: 0 !important; flex-shrink: 1 !important}"
          # the market's notes to pay as an auction's, its words above them in the farm boards' type
          ".bk-projector .bk-bu-controls:has(.bk-market-step) .bk-bu-notes .jupyter-button.bk-note-btn "
          "{min-width: 40px !important; height: 34px; min-height: 34px; padding: 0 4px; margin: 2px; "
          "font-size: 18px !important}"
          ".bk-projector .bk-bu-controls:has(.bk-market-step) .bk-bu-notes .bk-box {font-size: 16px; line-height: 1.3}"
          # ten to a row from ten notes (a hand of 19 took three rows, and Pay's foot was the screen's)
          ".bk-projector .bk-bu-controls:has(.bk-market-step) .bk-bu-notes .widget-hbox:has(> :nth-child(10)) "
          ".jupyter-button.bk-note-btn {min-width: 36px !important; padding: 0 3px; margin: 1px}"
          # and once a marker has moved (the notes to pay shown), What happened right under Pay, the
          # seat's own farm board after it, and the lists 30 px high: under the notes it began below
          # a 1280 x 720 screen (some 190 px below with 19 notes)
          ".bk-projector .bk-bu-controls:has(.bk-market-step):has(> .bk-bu-notes:not([style*='display: none'])) "
          "> .bk-bu-notes ~ :not(.bk-log):not(.bk-message) {order: 1}"
          ".bk-projector .bk-bu-controls:has(> .bk-bu-notes:not([style*='display: none'])) .bk-market-step, "
          ".bk-projector .bk-bu-controls:has(> .bk-bu-notes:not([style*='display: none'])) .bk-market-step select "
          "{height: 30px}"
          # the Move box and Play move (off the projector) on two lines where the controls' column
          # is too narrow for both (the file browser open): "Play move" was cut short to "Play". The
          # box no narrower than 21em beside the button (its example, 197 px, and "Move" fit), nor
          # wider than its 24em (SeatPanel's width for the placeholder)
          ".bk-bu-controls > .bk-side {flex-wrap: wrap}"
          ".bk-bu-controls > .bk-side > .widget-text {flex: 1 1 21em; max-width: min(100%, 24em) !important}"
          ".bk-bu-controls > .bk-side > .jupyter-button {flex-shrink: 0; width: auto}"
          # and a long button's words wrap, as on a projector (the file browser open, "Move the markers
          # (up to 2 types, one st..." and "Reveal Move Market Markers (choose bel..." were cut off)
          ".bk-panel:not(.bk-projector) .bk-bu-controls .widget-button {white-space: normal; height: auto; "
          "min-height: var(--jp-widgets-inline-height); line-height: 1.3}"
          # the end on a projector: the final scores beside the board, not above it (the board
          # went below the screen), the board no taller than the screen leaves it
          ".bk-panel.bk-projector:not(.bk-scenario) .bidder-up:has(> .bk-final) {display: grid; "
          "grid-template-columns: minmax(0, 1fr) auto; column-gap: 12px; align-items: start}"
          ".bk-panel.bk-projector:not(.bk-scenario) .bidder-up:has(> .bk-final) > * {grid-column: 1 / -1}"
          ".bk-panel.bk-projector:not(.bk-scenario) .bidder-up:has(> .bk-final) > :has(svg[aria-label$=' board']) "
          "{grid-column: 1; grid-row: 1}"
          ".bk-panel.bk-projector:not(.bk-scenario) .bidder-up > .bk-final {grid-column: 2; grid-row: 1; "
          "max-width: 24em; font-size: 17px}"
          ".bk-panel.bk-projector:not(.bk-scenario) .bidder-up:has(> .bk-final) svg[aria-label$=' board'] "
          "{max-height: calc(100vh - 200px); width: auto; max-width: 100%}</style>")


#: A name longer than this many letters is cut on a projector's payment screen (:func:`_cut_names`),
#: to its first :data:`_CUT_SHOWN` letters
_CUT_NAME, _CUT_SHOWN = 12, 10


def _cut_names(html: str, names: Iterable[str]) -> str:
    """``html`` (the prompt, What happened) with each name of more than :data:`_CUT_NAME`
    letters in a ``bk-name-cut`` span whose tooltip is the whole name, in the words only (not
    in a tag's attributes): on a projector, while the seat pays for a lot won [D], the span
    shows the name's first :data:`_CUT_SHOWN` letters and "…", the rest of the name in a
    ``bk-name-rest`` span within it, off the screen (:data:`_STYLE`); its words are the whole
    name."""
    long = sorted({escape(n) for n in names if len(n) > _CUT_NAME}, key=len, reverse=True)
    if not long:
        return html
    name = re.compile("|".join(map(re.escape, long)))
    parts = re.split(r"(<[^>]*>)", html)
    for i in range(0, len(parts), 2):
        parts[i] = name.sub(_cut_span, parts[i])
    return "".join(parts)


def _cut_span(m: re.Match) -> str:
    """The ``bk-name-cut`` span of the name ``m`` matched (in HTML): its first letters shown
    (a space at their end left out), the rest in a ``bk-name-rest`` span."""
    whole = unescape(m.group(0))
    shown = whole[:_CUT_SHOWN].rstrip()
    return (f"<span class='bk-name-cut' title='{m.group(0)}'>{escape(shown)}"
            f"<span class='bk-name-rest'>{escape(whole[len(shown):])}</span></span>")


class BidderUpTable(SeatPanel):
    """Bidder Up! on the ``board`` (``"animal-market"`` or ``"fairground"``) for 2 to 4
    players: ``humans`` the human seats, the others ``bots`` (``"heuristic"``, ``"random"``,
    or one per seat)."""

    # (short enough for the box beside the board: the text view lists the moves open now)
    placeholder = "e.g. move pen-2, bid 120, end"

    def __init__(self, board: str = "animal-market", players: int = 4, humans=(0,), bots: str = "heuristic",
                 names=None, seed: int | None = None, variants=(), undo: str = "own", **options_):
        game = make_game("bidder-up", variants=list(variants) if isinstance(variants, Iterable) and not isinstance(variants, (str, bytes)) else variants,
                         board=board, **options_)
        self.layout_ = layout_of(game.rules.board)
        #: spaces round the board: the loop from the start, then the hill; the space buttons
        #: after a roll go cheapest first and, at one cost, in this order
        loop = list(self.layout_.board.loop)
        self._board_order = {sid: i for i, sid in enumerate(loop + [s for s in self.layout_.labels if s not in loop])}
        self._choosing = False
        self._need: int | None = None
        self._verb, self._play = "Pay", None
        self._notes_wrong = ""               # why the notes chosen cannot pay the cost (see _label_notes)
        self._after_notes: Callable[[], None] | None = None     # the market's check of its markers, after
        self.roll_button = _button("Roll the die", self._roll, "bk-go", "roll the die to start your turn")
        self.spaces_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        # past all the money in the game (the 50 notes [A]: public) the amount box offers no bid
        notes = game.rules.notes
        self.auction_moves = MoveControls(lambda action: self.try_move(str(action)),
                                          warn=self._warn, on_choice=self.drop_refusal,
                                          all_money=(total(notes, game.rules.denominations), sum(notes)))
        self.auction_moves.add_class("bk-bu-auction")          # (its notes drawn small on a projector: _STYLE)
        # its words above it, so that the whole width of the controls' column is the list's:
        # "Daniel's sheep ♀ for your sheep ♂" in Projector's large type, where a label beside
        # it cut off the words that tell two trades apart
        # (the column's width less the list's margins: at 100% it ran 2 px past the panel's edge)
        self.trade_target = W.Dropdown(options=(), tooltip="whom to challenge, for which animal",
                                       layout=W.Layout(width=FIT_COLUMN, max_width="36em"))
        trade_words = W.Label("Challenge (whom, for which animal):")
        trade_words.add_class("bk-trade-label")
        self.trade_box = W.VBox([trade_words, self.trade_target])
        self.market_steps: dict[int, W.Dropdown] = {}
        self.market_box = W.VBox()
        self.market_box.add_class("bk-bu-market")                # (its lists two to a row on a projector: _STYLE)
        self.buttons_box = slotted(W.HBox(layout=W.Layout(flex_flow="row wrap")), "row")
        self.notes_title = W.HTML()
        # room above for a chosen note, which rises 6 px with a 3 px outline (as the table's)
        self.note_row = W.HBox(layout=W.Layout(flex_flow="row wrap", align_items="flex-end", padding="10px 0 0 0"))
        self.note_toggles: list[W.ToggleButton] = []
        self.notes_button = _button("Pay", self._pay_pending, "bk-go")
        self.notes_box = W.VBox([self.notes_title, self.note_row, self.notes_button])
        self.notes_box.add_class("bk-bu-notes")
        self.farms = W.HTML()                      # every farm board, beside the board with the controls
        # on a projector: the seat's own farm board alone in farms, the others folded here with
        # the text view, below what happened (see seat_pieces); else the text view is in farms
        self.more_farms = W.HTML()
        self.farms.add_class("bk-bu-farms")          # (after What happened on a projector's auction screen: _STYLE)
        self.more_farms.add_class("bk-bu-more-farms")
        self.events_before = self.more_farms       # on a projector, what happened under the own farm board
        self.message_before = self.farms           # off it, a refusal or a question above the farm boards
        self._farms_html = self._more_html = self._auction_html = ""
        self._head = ""                            # whose turn it is, above the prompt of a seat asked in it
        self._receipt = ""                         # the receipts (bluffkit.receipts.receipts_for), above the prompt
        self._body = ""                            # the prompt's own words (see _prompt)
        self._turns: list = []                     # per step: (its move, its turn, the mover): see step_turns
        super().__init__(game, players, humans, bots, names, seed,
                         [self.roll_button, self.spaces_box, self.auction_moves, self.trade_box, self.market_box,
                          self.buttons_box, self.notes_box, self.farms, self.more_farms], undo=undo)
        self.view.on_space(self.click_space)
        self.controls.add_class("bk-bu-controls")
        self.style_sheet.value += _STYLE
        self.set_projector(False)

    def __repr__(self) -> str:
        return f"BidderUpTable({self.game.rules.board!r}, {self.session.players} players, {self.repr_tail()})"

    scores_unit = ("points on the farm boards", False)

    def public_scores(self, obs):
        """What everyone can count on the farm boards now [I]: the barn's animals at today's
        values, with its babies, times its complete types, plus the petting zoo, less the
        loans; money, Value-Gain tickets and the Wool-Milk-Sow count only at the end (notes
        and tickets are held hidden; the sow is awarded at the end)."""
        from bluffkit.games.bidder_up.scoring import score_of
        r = obs.rules
        values = r.type_values(obs.market)
        return tuple(score_of([values[a] for a in obs.barns[s]], 0, False, 0, sum(obs.loans[s]),
                              len(obs.baby_barns[s]), len(obs.baby_zoos[s]), r.baby_points)
                     for s in range(len(obs.pos)))

    #: The board beside its controls in both layouts (see set_projector), the whole width
    #: once the game is over (the controls gone).
    TABLE_WIDTHS = ("60%", "40%")
    ROW_ALWAYS = True

    def make_view(self) -> BoardView:
        return BoardView()

    def seat_html(self, obs) -> str:
        """The board (with its side panel, and a running auction above it) for the view;
        the farm boards, the seat's own notes among them, go beside it under the controls
        (drawn in :meth:`draw_seat`), so that at 1280 x 720 a player sees the board, the
        moves and their notes at once. On a projector the seat's own farm board comes
        first, what happened under it, the other farm boards and the board's key folded
        (:func:`~bluffkit.games.bidder_up.view.seat_pieces`), and the seat's own animals in
        one line right under the board (:func:`~bluffkit.games.bidder_up.farm.farm_line`):
        its farm board goes below a 1280 x 720 screen when the controls are tall (the
        market's lists and the notes to pay [G], a horse-trade's offer [E], a payment, an
        auctioneer's prompt with the file browser open), while the board's column has room
        under the board: the line names the seat's notes by value too, as its farm board's
        Notes row does (no change is given [D]: a bid is paid with the notes one holds)."""
        self._auction_html, board, self._farms_html, self._more_html = seat_pieces(
            self.game, obs, self.session.names, compact=bool(self.projector.value))
        if self.projector.value:
            line = "".join(own_line(f) for f in seat_farms(obs, self.session.names) if f.you)
            at = board.find("<details class='bk-key'")
            at = at if at >= 0 else board.rfind("</div>")
            board = (board[:at] + "<div class='bk-own-farm-line' style='flex: 1 1 100%; font-size: 16px; "
                     f"line-height: 1.3; margin-top: 4px'>{line}</div>" + board[at:])
        return board

    def set_projector(self, on: bool) -> None:
        """The board and its controls side by side in both layouts (the controls are what
        a player clicks next to the board); the projector's large type as at every table.
        The seat on screen's board, farm boards and prompt are drawn again for the layout
        (from its observation alone, as every redraw; the controls and a choice in them
        stay as they are); at the end, the all-seeing board, its words in the type of the
        screen."""
        super().set_projector(on)
        self.board.layout.flex_flow, self.board.layout.align_items = "row", "flex-start"
        seat = self.viewer
        if getattr(self, "_turns", None) is None:
            return
        if self.session.over:
            self.view.value = self.end_html()
            return
        if seat is None or self.screen != ("seat", seat):
            return
        obs = self.session.observe(seat)
        self.view.value = self.seat_html(obs)
        self._draw_farms(seat, obs)
        if obs.legal is not None and obs.legal.inner is not None and obs.auction is not None:
            self._body = self._auction_prompt(escape(self.session.names[seat]), obs,   # (a payment's words)
                                              pen_words(obs.on_sale))
        self._show_prompt()

    # -- "What happened", turn by turn ----------------------------------------------------
    def step_turns(self) -> list[tuple[int, int]]:
        """For each step of the game, its turn and the player whose turn it was (both
        public: the board shows the pawn to move); remembered, so that a redraw reads only
        the states of the steps new since the last one (an undo cuts the remembered ones)."""
        s = self.session
        moves, known = s.moves, self._turns
        k = 0
        while k < len(known) and k < len(moves) and known[k][0] is moves[k]:
            k += 1
        del known[k:]
        for i in range(k, len(moves)):
            before = s.states[i]
            known.append((moves[i], before.turn, before.current))
        return [(turn, mover) for _, turn, mover in known]

    def _draw_events(self) -> None:
        """ "What happened", turn by turn, newest first: the turn now (headed by whose turn
        it is), the turn before it, and the turn of the last move of the seat on screen (its
        own move and what came of it stay in view however long the bidding after it);
        a run of bidding lines is told in one (:func:`bidding_run`), the seat's own lines
        are marked "you", the newest line is in bold. Fewer lines on the projector. Only
        the public narration is shown, and only the seat on screen's own moves are marked."""
        s = self.session
        said = self.said
        if not said or len(said) != len(s.moves) or not hasattr(self, "_turns"):
            super()._draw_events()            # (a table not in step with its narration: plain lines)
            return
        turns = self.step_turns()
        groups: list[list[int]] = []         # the steps of each turn, in order
        for i, (turn, _) in enumerate(turns):
            if groups and turns[groups[-1][0]][0] == turn:
                groups[-1].append(i)
            else:
                groups.append([i])
        viewer = self.viewer
        mine = [i for i, (seat, _) in enumerate(s.moves) if seat is not None and seat == viewer]
        own = mine[-1] if mine else None
        now = None if s.over else s.state.turn
        projector = self.projector.value
        shown: list[tuple[int, int, list[int]]] = []     # (turn, mover, steps)
        if now is not None and (not groups or turns[groups[-1][0]][0] != now):
            shown.append((now, s.state.current, []))       # a turn with no step yet (a human's roll waits)
        for g in reversed(groups):         # the turn now and the one before (on the projector, one with lines)
            if any(steps for _, _, steps in shown) and (projector or len(shown) >= 2):
                break
            shown.append((turns[g[0]][0], turns[g[0]][1], g))
        if own is not None and not any(own in steps for _, _, steps in shown):
            g = next(g for g in groups if own in g)
            shown.append((turns[g[0]][0], turns[g[0]][1], g))
        names = s.names
        out, bold = [], True
        for turn, mover, steps in shown:
            # "Turn 2, now: Daniel's turn" (a trailing ", now" read on into the bold newest line);
            # on a projector the seat's own turn is "your turn", its name said by the prompt and
            # the auction's box (a name of 20-30 letters, "Turn 21, now: Maximiliana Wolkenstein-
            # Habsburg's turn (yours)", took two lines or three of the controls' column)
            whose = f"{escape(names[mover])}'s turn"
            if viewer is not None and mover == viewer:
                whose = "your turn" if projector else whose + " (yours)"
            head = f"Turn {turn + 1}{', now' if turn == now else ''}: {whose}"
            out.append(f"<div class='bk-log-turn' style='margin-top: 4px'><b>{head}</b></div>")
            items = self._items(steps, own)
            cap = 2 if projector else EVENTS // 2 if turn == now else EVENTS // 2 - 1
            for text, is_own, gap in self._keep(items, own, cap):
                if gap:
                    out.append(f"<div style='padding-left: 12px'>\u2026 {count_words(gap)}</div>")
                    continue
                line = escape(text)
                if bold:
                    line, bold = f"<b>{line}</b>", False
                if is_own:
                    line = (f"<span class='bk-own' style='border: 1px solid #0072B2; border-radius: 6px; "
                            f"padding: 0 4px; margin-right: 4px'>you</span>{line}")
                out.append(f"<div style='padding-left: 12px'>{line}</div>")
        # on the projector every line shows (_STYLE): in an auction right under its moves, the
        # seat's own farm board folded after it (fold_own_farm); out of one under the farm board
        body = f"<div class='bk-log-lines'>{''.join(out)}</div>" if projector else "".join(out)
        html = ("<div class='bk-box'><b>What happened</b> <span class='bk-secret'>(newest first)</span>"
                + body + "</div>")
        self.events.value = _cut_names(html, names) if self._paying_on_projector() else html

    def _draw_screen(self, seat: int | None, obs) -> None:
        """As :meth:`SeatPanel._draw_screen`, then "What happened" again: a cover or the end
        has no seat on screen, so no line is marked as a seat's own there."""
        viewer = self.viewer
        super()._draw_screen(seat, obs)
        if self.viewer != viewer:
            self._draw_events()

    def _items(self, steps: list[int], own: int | None) -> list[tuple[str, list[int]]]:
        """The lines of one turn's ``steps`` in order, each with its steps, a run of
        :data:`RUN` or more bidding lines told in one (:func:`bidding_run`)."""
        said, names = self.said, self.session.names
        items: list[tuple[str, list[int]]] = []
        run: list[int] = []
        moves, viewer = self.session.moves, self.viewer
        d = self.session.game.rules.denominations

        def yours(text: str, steps: list[int]) -> str:
            """A sealed bid of the seat on screen, with what it was (its own eyes only)."""
            if viewer is None or not text.endswith("."):
                return text
            own = [w for i in steps if moves[i][0] == viewer and said[i].endswith(" makes a sealed bid.")
                   for w in [own_sealed_words(moves[i][1], d)] if w is not None]
            return text[:-1] + f" (yours: {own[-1]})." if own else text

        def close() -> None:
            told = bidding_run([said[i] for i in run], names, self._asks_again(run[0])) if len(run) >= RUN else None
            if told is not None:
                items.append((yours(told, run), list(run)))
            else:
                items.extend((yours(said[i], [i]), [i]) for i in run)
            run.clear()

        for i in steps:
            if _CHATTER.match(said[i]):
                run.append(i)
                continue
            close()
            items.append((said[i], [i]))
        close()
        return items

    def _asks_again(self, step: int) -> bool:
        """Whether the auction of ``step`` asks every fellow player again after each new bid
        (Classic, Cat in the Bag: an open outcry), so that a pass before a later bid no longer
        stands (see :func:`bidding_run`)."""
        sub = getattr(self.session.states[step], "auction", None)
        return sub is None or getattr(getattr(sub, "rules", None), "fmt", None) is None or sub.rules.fmt.style == "open"

    def _keep(self, items, own: int | None, cap: int) -> list[tuple[str, bool, int]]:
        """At most ``cap`` of one turn's ``items``, newest first, as ``(text, the seat's
        own, 0)``, with ``("", False, n)`` where ``n`` lines are left out. Kept first: the
        seat's own last line and the one after it (what came of it), the newest, the seat's
        other lines, the mover's first move of the turn (its move on the board), then the
        newest others."""
        viewer = self.viewer
        moves = self.session.moves
        n = len(items)
        at = next((k for k, (_, steps) in enumerate(items) if own in steps), None) if own is not None else None
        order = []
        if at is not None:
            order += [at, at + 1]
        order.append(n - 1)
        if viewer is not None:                      # the seat's other lines of the turn, newest first
            order += [k for k in range(n - 1, -1, -1) if any(moves[i][0] == viewer for i in items[k][1])]
        first = next((k for k, (_, steps) in enumerate(items) if moves[steps[0]][0] is not None), None)
        if first is not None:
            order.append(first)
        order += list(range(n - 1, -1, -1))
        keep: list[int] = []
        for k in order:
            if 0 <= k < n and k not in keep and len(keep) < cap:
                keep.append(k)
        out: list[tuple[str, bool, int]] = []
        last = n
        for k in sorted(keep, reverse=True):
            if last - k > 1:
                out.append(("", False, last - k - 1))
            text, steps = items[k]
            out.append((text, viewer is not None and any(moves[i][0] == viewer for i in steps), 0))
            last = k
        if last > 0:
            out.append(("", False, last))
        return out

    def show_own_move(self) -> None:
        self.view.clickable = []                 # the spaces of the move just made are no longer to click
        super().show_own_move()

    # -- the die: a human rolls their own ---------------------------------------------------
    def hold_chance(self, state) -> bool:
        """Chance waits for a human seat's roll at the start of its turn [C]."""
        return state.phase == "roll" and self.session.kinds[state.current] == "human"

    def chance_seat(self) -> int | None:
        s = self.session
        return s.state.current if not s.over and self.hold_chance(s.state) else None

    def _warn(self, text: str) -> None:
        """A warning of the auction controls, for the seat on screen only: the question
        before a bid (or a take) above what the seat holds, what the seat holds in bold
        ("You hold 500:"), the question's class ``bk-overbid`` (on a projector in the farm
        boards' type: _STYLE)."""
        if not self.covered():
            held, colon, rest = text.partition(": ")
            words = f"<b>{escape(held)}:</b> {escape(rest)}" if colon else escape(text)
            self.message.value = note(words, error=True).replace("'bk-box bk-refusal'",
                                                                 "'bk-box bk-refusal bk-overbid'", 1)

    def try_move(self, text: str) -> None:
        """As :meth:`SeatPanel.try_move`; 'roll' typed rolls the die as its button does, and
        another move typed before one's roll says to roll first (the engine's words, "the
        next step is chance", speak of the game, not the panel)."""
        if self.clicks.stale():              # a double click's second click (see SeatPanel.try_move)
            return
        if text.strip().lower() == "roll":
            self.typed.value = ""
            self._roll()
            return
        if text.strip() and self.viewer is not None and self.chance_seat() == self.viewer \
                and not text.strip().lower().startswith("roll"):
            self.message.value = note("Roll the die first: press <b>Roll the die</b>.", error=True)
            return
        super().try_move(text)

    def _roll(self) -> None:
        if self.clicks.stale():              # the second click of a double click on the die
            return
        if self.viewer is None:
            self.covered()                   # (says why: a cover, or the game is over)
            return
        if self.chance_seat() != self.viewer:
            self.message.value = note("It is not your roll now.", error=True)
            return
        self.message.value = ""
        self.said.append(self.session.chance())
        self.refresh()
        self.clicks.done()

    # -- drawing ----------------------------------------------------------------------------
    def clear_controls(self) -> None:
        """Every control blank and hidden: no notes to click (a hand, or a face-down offer
        left chosen, would show), no payment waiting for its notes, no spaces to click."""
        self._play, self._need = None, None
        self._notes_wrong, self._after_notes = "", None
        for box in (self.spaces_box, self.buttons_box, self.market_box, self.note_row):
            retire(box.children)
            box.children = ()
        self.note_toggles, self.market_steps = [], {}
        self.auction_moves.clear()
        self.trade_target.options = ()
        self.notes_title.value = self.farms.value = self.more_farms.value = self._head = self._receipt = ""
        self._body = ""
        self.notes_button.description = "Pay"
        self.notes_button.disabled, self.notes_button.tooltip = False, "Pay"    # (the market may close it)
        self.view.clickable = []
        for box in (self.roll_button, self.spaces_box, self.auction_moves, self.trade_box, self.market_box,
                    self.buttons_box, self.notes_box, self.more_farms):
            box.layout.display = _HIDE

    def label(self, space) -> str:
        """A space in words, as the board shows it and told from every other space
        (``Pen 2 (small)``, ``Horse-Trading next to Pen 2``: :func:`space_names`)."""
        return space_names(self.game.rules.board).get(space, str(space))

    def asked(self, seat: int, obs) -> str:
        """What ``seat`` (on screen, with its observation ``obs``) is asked to do now, in
        words ("to bid", "to roll"), or "" when nothing: apart from whose turn it is."""
        if self.chance_seat() == seat:
            return ASKED["roll"]
        legal = obs.legal
        if legal is None or not legal:
            return ""
        sub = obs.auction
        if legal.inner is not None and sub is not None:
            return auction_asked(sub)
        return ASKED.get(obs.phase, "to act")

    def _draw_farms(self, seat: int, obs) -> None:
        """The farm boards of the seat's view (:meth:`seat_html` drew them), the seat on
        screen's tagged with what it is asked to do; on a projector, while the seat is asked
        in an auction, its own farm board folded (:func:`fold_own_farm`)."""
        farms = mark_turn(self._farms_html, self.session.names[obs.current], seat, self.asked(seat, obs))
        if self.projector.value:
            farms = own_head(farms, seat, self.session.names[seat])
        if self.projector.value and obs.legal is not None and obs.legal.inner is not None and obs.auction is not None:
            farms = fold_own_farm(farms)
        self.farms.value = farms
        self.more_farms.value = self._more_html
        self.more_farms.layout.display = _SHOW if self._more_html else _HIDE

    def draw_seat(self, seat: int, obs) -> None:
        s = self.session
        me = escape(s.names[seat])
        asked = self.asked(seat, obs)
        mover = s.names[obs.current]
        self._draw_farms(seat, obs)
        # another player's turn (their auction, their horse-trade): say whose, and what this seat is asked
        # (not on a projector: the farm boards and the auction above the board say it there)
        self._head = (f"<div class='bk-turn-line'>\u25b6 <b>{escape(mover)}'s turn</b>; {me}, you are asked "
                      f"<b>{escape(asked)}</b> now.</div>" if obs.current != seat and asked else "")
        self._receipt = receipt_html(receipts_for(s, seat))
        if self.chance_seat() == seat:
            self.roll_button.layout.display = _SHOW
            self._prompt(f"<b>{me}</b>, it is your turn: roll the die.")
            return
        legal = obs.legal
        if legal is None or not legal:
            self._prompt(f"<b>{me}</b>: nothing to do now.")
            return
        if legal.inner is not None:
            self._draw_auction(me, obs)
            return
        draw = getattr(self, f"_draw_{obs.phase}", None)
        if draw is None:                    # a phase with no controls of its own: the move box
            self._prompt(f"<b>{me}</b>, you may: {escape(by_name(legal.description, self.session.names))}")
            return
        draw(me, obs, legal)

    def _prompt(self, text: str) -> None:
        self._body = text
        self._show_prompt()

    def _paying_on_projector(self) -> bool:
        """Whether the seat on screen pays for a lot it won [D] on a projector: its prompt's and
        What happened's long names are cut there (:func:`_cut_names`)."""
        seat = self.viewer
        if not self.projector.value or seat is None or self.session.over or self.screen != ("seat", seat):
            return False
        sub = self.session.observe(seat).auction
        return sub is not None and bool(sub.legal) and bool(sub.legal.pay)

    def _show_prompt(self) -> None:
        """The prompt: the receipts (a horse-trade's, notes got face down), whose turn it
        is when the seat is asked in another's (not on a projector, where the farm boards
        and the auction drawn above the board say so and the room is the controls'), then
        the prompt's own words."""
        head = self._receipt + ("" if self.projector.value else self._head)
        html = f"<div class='bk-box'>{head}{self._body}</div>" if head or self._body else ""
        self.legal_text.value = _cut_names(html, self.session.names) if self._paying_on_projector() else html

    def _draw_move(self, me, obs, legal) -> None:
        reach = dict(legal.key)
        first = " You may first reveal an action ticket." if legal.tickets else ""
        self._prompt(f"<b>{me}</b>, you rolled <b>{obs.roll}</b>. Click a ringed space on the board to move "
                     f"there; each step more or fewer than the roll costs notes, laid face down on the Piggy "
                     f"Bank.{first}")
        self.view.clickable = [str(sid) for sid in reach]
        buttons = []
        for sid, (_, cost) in sorted(legal.key, key=lambda k: (k[1][1], self._board_order.get(k[0], 0))):
            words = f"{self.label(sid)}: " + (count(cost, 'note') if cost else "free")
            buttons.append(_button(words, lambda sid=sid: self.click_space(str(sid)), "bk-space-btn",
                                   f"move your pawn to {self.label(sid)}"))
        self.spaces_box.children = buttons
        self.spaces_box.layout.display = _SHOW
        self._ticket_buttons(obs, legal, "first")

    def _ticket_buttons(self, obs, legal, when: str, extra=()) -> None:
        """A button for each action ticket the seat may reveal now [H] (``when``: the
        words for the moment), after the buttons ``extra``."""
        buttons = list(extra)
        when = f" {when}" if when else ""
        for t in legal.tickets:
            if t == "move-markers":
                buttons.append(_button(f"Reveal Move Market Markers{when} (choose below)",
                                       lambda: self._markers(obs), "bk-go"))
            else:
                buttons.append(_button(f"Reveal {ticket_words(t)}{when}", lambda t=t: self.try_move(f"ticket {t}"),
                                       "bk-go"))
        self.buttons_box.children = buttons
        self.buttons_box.layout.display = _SHOW if buttons else _HIDE

    def _draw_auction(self, me, obs) -> None:
        """The auction as the view draws it (:func:`~bluffkit.games.bidder_up.view.seat_auction_html`:
        the lot, the format, who holds it, what is public of the bids, whose move), at the
        top of the controls, then what this seat may do; the board beside it unmoved."""
        sub = obs.auction
        words = pen_words(obs.on_sale)          # the male marked as the narration marks it [K]
        self._prompt(self._auction_prompt(me, obs, words))
        self.auction_moves.show(sub, self.session.names, words)
        self._explain_refusals(sub, words)
        self.auction_moves.layout.display = _SHOW

    def _auction_prompt(self, me, obs, words) -> str:
        """What the seat may do in its auction (:meth:`_draw_auction`'s prompt), in the
        buttons' words (``words``: the lot's animals as :func:`pen_words` says them); drawn
        again when the projector is switched (its payment's words)."""
        sub = obs.auction
        names = self.session.names
        high = ""
        if sub.rules.calls_any_amount and sub.legal and sub.legal.call:
            # [The Call] "If not, the auctioneer must ... buy the animal themselves for the
            # amount called, paying that amount to their fellow player"
            other = next((names[s] for s in range(len(names)) if s != sub.auctioneer), "the other player")
            high += (f" If {escape(other)} refuses your price, you must buy it yourself at that price, "
                     f"paying it to {escape(other)}.")
        cap = sub.caps[sub.seat] if 0 <= sub.seat < len(sub.caps) else NO_CAP
        if cap != NO_CAP and sub.phase == "bid":
            # "On the repeat, that player may bid at most as much as they could actually pay"
            # (the booklet's "Can't pay, must show"): a Dutch take above it is not offered
            most = count(cap, 'note') if sub.rules.pricing == "count" else amount(cap)
            high += f" You showed all your money: on this repeat you may bid at most {most}."
        # (the Dutch count, counted down aloud from 10, the price of the hammer now: in the box)
        # in the buttons' words, not the typed notation; on a projector a payment without the
        # payee and amount its Pay button says ("Pay 0 notes (0) — you owe André 60")
        may = choice_words(sub, names, words, owed_on_button=bool(self.projector.value))
        shown = set(shown_refusals(sub.legal, len(sub.awards))) if sub.legal else set()
        # what Sell and Buy do, on the screen and not in their tooltips alone (a class sees no tooltip)
        high += "".join(f" {escape(said)}" for r, said in self._refusals_said(sub, words) if r in shown)
        # (on a projector in the auction box's type, under the ask: _STYLE)
        more = f"<span class='bk-prompt-more'>{high}</span>" if high else ""
        box = self._auction_html
        if self.projector.value and sub.seat == sub.auctioneer and 0 <= sub.seat < len(names):
            # the auctioneer's own screen: "held by you", her name said by the ask under it (a
            # name of 30 letters took a line of the box's own, the ask's first line another)
            box = box.replace(f", held by <b>{escape(names[sub.seat])}</b>. ", ", held by <b>you</b>. ", 1)
        return f"{box}<b>{me}</b>, you may: {escape(may)}.{more}"

    def _explain_refusals(self, sub, words=None) -> None:
        """The auctioneer's Sell and Buy buttons say in their tooltips what they do, by the
        right of first refusal [D]: who pays whom how much, and who gets which animal, in
        ``words`` (:func:`~bluffkit.games.bidder_up.narrate.pen_words`, as the narration). (A
        refusal that does what Buy does, ``buy 1`` of a single lot, ``buy 1,2`` of two, has no
        button: :func:`~bluffkit.widgets.auction_moves.shown_refusals`.)"""
        buttons = {b.description: b for row in self.auction_moves.children for b in getattr(row, "children", ())
                   if isinstance(b, W.Button)}
        for r, said in self._refusals_said(sub, words):
            b = buttons.get(str(r).capitalize())
            if b is not None:
                b.tooltip = said

    def _refusals_said(self, sub, words=None) -> list[tuple]:
        """Each of the auctioneer's refusals with what it does, in words (the tooltips of
        Sell and Buy, and the prompt): "Sell: Frank pays you 60 and gets the cow."."""
        legal = sub.legal
        if not legal or not legal.refusals:
            return []
        names = self.session.names
        by_count = sub.rules.pricing == "count"
        every = set(range(len(sub.awards)))
        lot = lots_said(sub, words)
        out = []
        for r in legal.refusals:
            kept = every if r == BUY else set(r.keep)
            parts = []
            for i, (seat, animals, price) in enumerate(sub.awards):
                what = lot(i, animals) if animals else "the lot"
                who = names[seat] if 0 <= seat < len(names) else "the winner"
                said = count(price, 'note') if by_count else amount(price)       # 1 note, 2 notes; 30; 1,500
                parts.append(f"you pay {who} {said} and keep {what}" if i in kept
                             else f"{who} pays you {said} and gets {what}")
            if not kept:
                head = "Sell"
            elif kept == every:
                one = "it" if len(sub.awards[0][1]) <= 1 else "them"     # (a double pen's package: "them")
                head = f"Buy {one if len(every) == 1 else 'both lots'} yourself, by your right of first refusal"
            else:
                head = (f"Buy lot {' and '.join(str(k + 1) for k in sorted(kept))} yourself, by your right of "
                        "first refusal, and sell the other")
            out.append((r, f"{head}: " + "; ".join(parts) + "."))
        return out

    def _draw_trade(self, me, obs, legal) -> None:
        pairs, by_count = legal.key
        names = self.session.names
        then = f" Then you move: you rolled <b>{obs.roll}</b>." if obs.then else ""   # a ticket before the move
        fan = fans(obs.rules, by_count)                          # [E] fanned out: the number is seen
        self._prompt(f"<b>{me}</b>: horse-trading. Challenge a player for a type you both have on your "
                     "pastures and offer notes face down" + (" (the number of notes counts)." if by_count else
                                                             " (fanned out: everyone sees how many)." if fan else ".")
                     + then)
        options = trade_options(obs, legal.seat, pairs, names)
        self.trade_target.options = options
        self.trade_target.value = options[0][1] if options else None
        self.trade_box.layout.display = _SHOW
        self._notes(obs, "Offer", None, lambda notes: self._trade(notes), start=())

    def _trade(self, notes) -> None:
        target = self.trade_target.value
        if target is None:
            self.message.value = note("Choose whom to challenge, and for which animal.", error=True)
            return
        d = self.game.rules.denominations
        self.try_move(str(A.Trade(target[0], target[1], notes, d, target[2])))

    def _draw_respond(self, me, obs, legal) -> None:
        challenger, by_count = legal.key[0], legal.key[2]
        names = self.session.names
        can_counter = legal.can_counter          # no notes (and empty_offer=false): only agreeing
        which = ANIMALS[obs.trade[2]]
        if obs.rules.sexes:                     # [K] the specimens the challenger picked
            theirs, mine = obs.trade[4]
            which = f"{sex_word(mine)} {which} (against their {sex_word(theirs)})"
        laid = "" if obs.offer_notes is None else f" ({count(obs.offer_notes, 'note')}, fanned out)"
        self._prompt(f"<b>{me}</b>: {escape(names[challenger])} challenges you for your {which}, "
                     f"offer face down{laid}: "
                     + ("agree, or counter with notes" + (" (the number of notes counts)." if by_count
                                                                    else " (fanned out: everyone sees how many)."
                                                                    if laid else ".") if can_counter
                        else "you hold no notes to counter with, so agree."))
        self.buttons_box.children = [_button("Agree (take the offer)", lambda: self.try_move("agree"), "bk-go")]
        self.buttons_box.layout.display = _SHOW
        d = self.game.rules.denominations
        if can_counter:
            self._notes(obs, "Counter with", None, lambda notes: self.try_move(str(A.Counter(notes, d))), start=())

    def _draw_market(self, me, obs, legal) -> None:
        r = obs.rules
        must = bool(legal.key[1])           # market_none="refused" and a type can change (L7)
        steps = "1 step (1 note)" if r.market_steps == 1 else (
            f"1 to {r.market_steps} steps each (" + ", ".join(str(step_cost(k)) for k in range(1, r.market_steps + 1))
            + " notes)")
        self._prompt(f"<b>{me}</b>: the market. Move up to {count(r.market_types, 'green marker')} {steps}"
                     + (": at least one must move." if must else ", or leave the market as it is."))
        self._market_steps(obs, r.market_steps, lambda: self._market_cost())
        self.buttons_box.children = [] if must else [
            _button("Leave the market as it is", lambda: self.try_move("market none"))]
        self.buttons_box.layout.display = _HIDE if must else _SHOW
        self._market_cost()

    def _market_steps(self, obs, most: int, changed) -> None:
        r = obs.rules
        track = r.market_track
        rows, self.market_steps = [], {}
        for a in range(len(ANIMALS)):
            if a in obs.locked:
                continue
            at = obs.market[a]
            opts = [(f"{k:+d}\u2009\u2192\u2009{amount(track[at + k])}" if k else f"0 ({amount(track[at])})", k)
                    for k in range(-most, most + 1) if 0 <= at + k < len(track)]
            dd = W.Dropdown(options=opts, value=0, description=ANIMALS[a], layout=W.Layout(width="210px"))
            dd.add_class("bk-market-step")
            dd.observe(lambda ch: changed(), names="value")
            self.market_steps[a] = dd
            rows.append(dd)
        self.market_box.children = [W.HBox(rows, layout=W.Layout(flex_flow="row wrap"))]
        self.market_box.layout.display = _SHOW

    def market_changes(self) -> tuple:
        """The market changes chosen, as ``(type, steps)``."""
        return tuple((a, dd.value) for a, dd in self.market_steps.items() if dd.value)

    def _market_cost(self) -> None:
        changes = self.market_changes()
        cost = sum(step_cost(k) for _, k in changes)
        obs = self.session.observe(self.viewer) if self.viewer is not None else None
        if obs is None:
            return
        d = self.game.rules.denominations
        self._notes(obs, "Change the market:", cost,
                    lambda notes: self.try_move(str(A.Market(self.market_changes(), notes, d))))
        legal = self.session.legal(self.viewer) if self.viewer is not None else None   # market_none, L7
        must = legal is not None and legal.phase == "market" and bool(legal.key[1])
        self._after_notes = lambda: self._markers_ready(self.notes_button, self.game.rules.market_types, must)
        self._after_notes()
        # no marker moved yet (every step costs notes): no notes to click and no "pay 0 notes"
        # under "This costs 0 notes"; on a projector they pushed the rows below the screen
        if not changes:
            self.notes_box.layout.display = _HIDE

    def _markers_ready(self, go: W.Button, most: int, must: bool) -> None:
        """Close ``go`` (Pay for the market, Move the markers) while the markers chosen
        cannot be played, saying why: none chosen where one must move, or more types than
        ``most`` (the rules' market_types or marker_moves, [G, H])."""
        changes = self.market_changes()
        why = ("Move at least one marker first" if must and not changes else
               f"At most {count(most, 'type')} at once" if len(changes) > most else
               self._notes_wrong if go is self.notes_button else "")
        go.disabled, go.tooltip = bool(why), why or ("Pay" if go is self.notes_button else go.description)

    def _draw_raffle(self, me, obs, legal) -> None:
        most, bag = legal.key
        most = min(most, payable(self.game.rules, obs.hand))    # 0-notes pay no cost with zero_pays_count off (L7)
        left = f" The bag holds only {count(bag, 'ticket')}: you draw what is left." if most > bag else ""
        buy = f"Draw 1 to {most} tickets" if most > 1 else "Draw 1 ticket"
        keep = "keep one" if most > 1 else "keep it"
        self._prompt(f"<b>{me}</b>: the Raffle Booth. {buy}, one note each, and {keep}; or draw none.{left}"
                     if most else f"<b>{me}</b>: the Raffle Booth. You have no note that may pay for a ticket.")
        buttons = [_button("Draw none", lambda: self.try_move("raffle 0"))]
        for k in range(1, most + 1):
            label = f"Draw {k} ticket{'s' if k > 1 else ''} ({count(k, 'note')})" if k <= bag else \
                f"Buy {k} tickets ({count(k, 'note')}), draw {bag}"
            buttons.append(_button(label, lambda k=k: self._ask_raffle(k), "bk-go"))
        self.buttons_box.children = buttons
        self.buttons_box.layout.display = _SHOW

    def _ask_raffle(self, k: int) -> None:
        obs = self.session.observe(self.viewer) if self.viewer is not None else None
        if obs is None:
            return
        d = self.game.rules.denominations
        self._notes(obs, f"Buy {k} tickets:" if k > obs.bag else f"Draw {k} ticket{'s' if k > 1 else ''}:", k,
                    lambda notes: self.try_move(str(A.Raffle(k, notes, d))))

    def _draw_keep(self, me, obs, legal) -> None:
        keep = ("Keep it face down." if len(obs.drawn) == 1 else
                "Keep one face down; the others go back into the bag.")
        self._prompt(f"<b>{me}</b>: you drew {', '.join(escape(ticket_words(t)) for t in obs.drawn)}. {keep}")
        self.buttons_box.children = [_button(f"Keep {ticket_words(t)}", lambda t=t: self.try_move(f"keep {t}"),
                                             "bk-go") for t in legal.key]
        self.buttons_box.layout.display = _SHOW

    def _draw_end(self, me, obs, legal) -> None:
        # asked whatever the seat holds: a turn that ended by itself would tell the table the
        # seat holds no ticket to reveal
        held = [t for t in dict.fromkeys(obs.my_tickets) if t in ACTION_TICKETS and t not in legal.tickets]
        why = ""
        if held:                            # the seat's own tickets: why no button reveals them
            trade = [t for t in held if t.endswith("horse-trade")]
            need = ("a type on your pasture that another player also has on theirs"
                    if not trade_pairs(obs.pastures, obs.seat) else
                    "a note to offer")          # [E] a type both hold, and an offer (spaces.can_trade)
            why = (" Held, but not playable now: " + ", ".join(ticket_words(t) for t in held)
                   + (f" (a horse-trade needs {need})" if trade else "") + ".")
        self._prompt(f"<b>{me}</b>: the end of your turn. " + ("Reveal one action ticket, or end your turn."
                                                             if legal.tickets else
                                                             "No ticket of yours can be revealed now: end your turn.")
                     + why)
        self._ticket_buttons(obs, legal, "", [_button("End my turn", lambda: self.try_move("end"), "bk-stop")])

    def _markers(self, obs) -> None:
        r = obs.rules
        go = _button(f"Move the markers (up to {count(r.marker_moves, 'type')}, one step each)",
                     lambda: self.try_move(str(A.Ticket("move-markers", self.market_changes()))), "bk-go")
        self._market_steps(obs, 1, lambda: self._markers_ready(go, r.marker_moves, True))
        self.market_box.children = (*self.market_box.children, go)
        self._markers_ready(go, r.marker_moves, True)

    def _draw_piggy(self, me, obs, legal) -> None:
        """The two-player Piggy Bank [J]: raid, a loan with its IOU, or gamble; "none left of
        that size, no loan": with no loan offered, the words name only the moves offered.
        A loan's IOU is repaid at the end ("-300, -600 or -1,500"): the words say what each
        loan offered costs, as the choice is made (the buttons' tooltips too)."""
        iou = {note: value for note, value, _ in obs.rules.loans}
        loans = [a.value for a in legal.key if isinstance(a, A.Loan)]
        costs = "; ".join(f"{amount(iou[v])} for the {v}" for v in loans if v in iou)
        self._prompt(f"<b>{me}</b>: the Piggy Bank: " + (
            f"raid it, take a loan with its IOU (repaid at the end: {costs}), or gamble." if loans
            else "raid it or gamble (no loan is left to take)."))
        words = {"raid": "Raid the Piggy Bank", "gamble": "Gamble (roll the die)"}

        def say(a) -> str:
            return f"Take a loan of {a.value} (with its IOU)" if isinstance(a, A.Loan) else words[str(a)]

        def tip(a) -> str:
            if isinstance(a, A.Loan) and a.value in iou:
                return f"take the {a.value} note and its IOU: {amount(iou[a.value])} to repay at the end"
            return say(a)
        self.buttons_box.children = [_button(say(a), lambda a=a: self.try_move(str(a)), "bk-go", tip(a))
                                     for a in legal.key]
        self.buttons_box.layout.display = _SHOW

    def _draw_give(self, me, obs, legal) -> None:
        """The gamble's 3 [J]: "they take the top 3 notes, look at them, and give 1 to their
        opponent": the notes drawn (the seat's own view: ``obs.drawn``, indexes of the
        denominations) are named, so the choice is made seeing them."""
        d = obs.rules.denominations
        drawn = sorted((d[i] for i in obs.drawn), reverse=True) if isinstance(obs.drawn, tuple) else []
        shown = said_together(drawn)
        keep = {3: "Give one of them to your opponent and keep the other two.",
                2: "Give one of them to your opponent and keep the other (the stack held only two).",
                1: "The stack held only this one: give it to your opponent."}.get(len(drawn), "")
        self._prompt(f"<b>{me}</b>: the gamble shows 3: you drew <b>{shown}</b>. {keep}")
        self.buttons_box.children = [_button(f"Give the {v}", lambda v=v: self.try_move(f"give {v}"), "bk-go")
                                     for v in legal.key]
        self.buttons_box.layout.display = _SHOW

    # -- notes: the seat's own, chosen by clicking them -------------------------------------
    def _notes(self, obs, verb: str, need: int | None, play, start=None) -> None:
        """The seat's own notes as toggles and the button that plays them with ``play``;
        ``need`` the number of notes a cost asks for (None: any number), ``start`` the
        notes chosen to begin with (default: the cheapest ``need``)."""
        d = self.game.rules.denominations
        self._need, self._verb, self._play = need, verb, play
        held = [i for i in range(len(d)) for _ in range(obs.hand[i])]
        if [t.index for t in self.note_toggles] != held:      # type: ignore[attr-defined]
            retire(self.note_row.children)
            toggles = []
            for i in held:
                t = note_toggle(d[i], i)
                t.layout.width, t.layout.min_width = "auto", "46px"
                t.observe(self._note_clicked, names="value")
                toggles.append(t)
            self.note_toggles = toggles
            self.note_row.children = toggles
        if start is None:                  # the cheapest notes that may pay (not 0-notes with zero_pays_count off)
            start = (cost_notes(self.game.rules, obs.hand, need or 0) or cheapest(obs.hand, need or 0))
        self.choose_notes(start or (0,) * len(d))
        self.notes_box.layout.display = _SHOW

    def chosen_notes(self) -> tuple[int, ...]:
        """The notes chosen by clicking, as a count per denomination."""
        return chosen_counts(self.note_toggles, len(self.game.rules.denominations))

    def choose_notes(self, notes) -> None:
        """Click the toggles so that exactly ``notes`` (a count per denomination) are chosen."""
        self._choosing = True                      # one label at the end, not one per toggle
        try:
            choose_counts(self.note_toggles, notes)
        finally:
            self._choosing = False
        self._label_notes()

    def _note_clicked(self, _change=None) -> None:
        """A note clicked: the button's words follow, and a refusal of the choice before goes."""
        self._label_notes()
        if not self._choosing:
            self.drop_refusal()

    def _label_notes(self) -> None:
        if self._choosing:
            return
        c = self.chosen_notes()
        n, worth = sum(c), total(c, self.game.rules.denominations)
        need = self._need
        if need is None:
            self.notes_title.value = "<div class='bk-box'>Click notes to choose them (face down):</div>"
            self.notes_button.description = f"{self._verb} {notes_label(n, worth)}"
            # an offer or counter: closed while no note is chosen, unless the rules take an empty
            # offer [L7] (the engine still refuses a click from code)
            closed = not n and not self.game.rules.empty_offer
            self.notes_button.disabled = closed
            self.notes_button.tooltip = ("click your notes above to choose them first" if closed
                                         else self.notes_button.description)
        else:
            self.notes_title.value = (f"<div class='bk-box'>This costs <b>{count(need, 'note')}</b>, any notes "
                                      f"(each counts as one). Click your notes to choose them:</div>")
            self.notes_button.description = f"{self._verb} pay {notes_label(n, worth)}"
            # a cost is so many notes: closed, saying so, while another number is chosen (it
            # was open and then refused); the market's markers may close it too
            self._notes_wrong = (f"choose {count(need, 'note')}: {n} chosen" if n != need else
                                 "0-notes do not pay costs here: choose others" if payable(self.game.rules, c) != n
                                 else "")
            self.notes_button.disabled = bool(self._notes_wrong)
            self.notes_button.tooltip = self._notes_wrong or self.notes_button.description
            if self._after_notes is not None:
                self._after_notes()

    def _pay_pending(self) -> None:
        if self.viewer is None or self._play is None:
            return
        self._play(self.chosen_notes())

    # -- clicks on the board ---------------------------------------------------------------
    def click_space(self, space: str) -> None:
        """A click on ``space`` (on the board or its button): move there if the roll (and
        notes) allow it; a move that costs notes first asks which notes to pay."""
        if self.viewer is None:
            self.covered()                   # (says why: a cover, or the game is over)
            return
        legal = self.session.legal(self.viewer)
        if legal is None or legal.phase != "move" or legal.inner is not None or legal.key is None:
            self.message.value = note(f"This is not the moment to move a pawn ({escape(self.label(space))}).",
                                      error=True)
            return
        reach = {str(sid): (sid, cost) for sid, (_, cost) in legal.key}
        if space not in reach:
            self.try_move(f"move {space}")          # refused with the engine's reason
            return
        sid, cost = reach[space]
        d = self.game.rules.denominations
        if not cost:
            self.try_move(str(A.Move(sid, (0,) * len(d), d)))
            return
        obs = self.session.observe(self.viewer)
        self._notes(obs, f"Move to {self.label(sid)}:", cost,
                    lambda notes: self.try_move(str(A.Move(sid, notes, d))))
        self.message.value = note(f"{escape(self.label(sid))} costs {count(cost, 'note')}: choose them below, "
                                  "then press the button.")

    def click_action(self, action) -> bool:
        """Play ``action`` through the panel's own controls, as a person would click it
        (for the tests and the widget check); False when no control plays it."""
        if self.auction_moves.layout.display != _HIDE:
            return self.auction_moves.click(action)
        if isinstance(action, A.Move) and self.spaces_box.layout.display != _HIDE:
            self.click_space(str(action.space))
            if self.notes_box.layout.display != _HIDE and sum(action.notes):
                self.choose_notes(action.notes)
                self.notes_button.click()
            return True
        if isinstance(action, A.Trade) and self.trade_box.layout.display != _HIDE and self.viewer is not None:
            obs = self.session.observe(self.viewer)
            if action.sexes and not obs.rules.sexes:
                return False                    # no control chooses specimens here: typed, and refused
            wanted = (action.target, action.animal, specimens(obs, self.viewer, action))
            if wanted not in [v for _, v in self.trade_target.options]:
                return False
            self.trade_target.value = wanted
            self.choose_notes(action.notes)
            self.notes_button.click()
            return True
        if isinstance(action, A.Counter) and self.notes_box.layout.display != _HIDE:
            self.choose_notes(action.notes)
            self.notes_button.click()
            return True
        if isinstance(action, A.Market) and self.market_steps:
            if not action.changes:
                return self._click_word("Leave the market as it is")
            for a, dd in self.market_steps.items():
                dd.value = dict(action.changes).get(a, 0)
            self.choose_notes(action.notes)
            self.notes_button.click()
            return True
        if isinstance(action, A.Raffle) and self.buttons_box.layout.display != _HIDE:
            if action.k == 0:
                return self._click_word("Draw none")
            if not (self._click_word(f"Draw {action.k} ticket") or self._click_word(f"Buy {action.k} tickets")):
                return False
            self.choose_notes(action.notes)
            self.notes_button.click()
            return True
        if isinstance(action, A.Ticket) and action.name == "move-markers":
            if not self._click_word("Reveal Move Market Markers"):
                return False
            for a, dd in self.market_steps.items():
                dd.value = dict(action.changes).get(a, 0)
            return self._click_word("Move the markers", self.market_box.children)
        words = {A.AGREE: "Agree", A.END: "End my turn", A.RAID: "Raid", A.GAMBLE: "Gamble"}
        if isinstance(action, A.Word) and action in words:
            return self._click_word(words[action])
        if isinstance(action, A.Keep):
            return self._click_word(f"Keep {ticket_words(action.name)}")
        if isinstance(action, A.Ticket) and not action.changes:
            return self._click_word(f"Reveal {ticket_words(action.name)}")
        if isinstance(action, A.Loan):
            return self._click_word(f"Take a loan of {action.value}")
        if isinstance(action, A.Give):
            return self._click_word(f"Give the {action.value}")
        return False

    def _click_word(self, start: str, boxes=None) -> bool:
        for b in (boxes if boxes is not None else self.buttons_box.children):
            if isinstance(b, W.Button) and b.description.startswith(start):
                b.click()
                return True
        return False
