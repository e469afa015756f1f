"""Each player's farm board as HTML, drawn below the Bidder Up! board: the pasture, the
barn (the complete types), the petting zoo (Fairground Baby Animals, section K), the
notes, the kept raffle tickets (section H), the IOUs (section J) and the Wool-Milk-Sow.

Two builders turn a game into plain :class:`Farm` records, and one function draws them:

- :func:`seat_farms` reads one seat's observation only: that seat's notes face up by
  denomination with their total, every other seat's as a count of face-down notes; its
  own kept tickets by name, the others' as a count; its own face-down horse-trade offer.
- :func:`all_seeing_farms` reads the state: everything face up.

:func:`farms_html` draws the records as cards that wrap (four in a row at 1280 px, two in
a 740 px column), each framed in its pawn's colour and headed by the pawn's number, as the
board's side panel numbers them, so colour is never the only cue. Animals show by icon
and name (:mod:`~bluffkit.games.bidder_up.animal_icons`). The HTML is also well-formed
XML, so tests read it with an XML parser.

>>> f = Farm(seat=0, name="Ann", pasture=("cow", "cow", "goose"), notes=(2, 4, 2, 0, 0, 0),
...          denominations=(0, 10, 50, 100, 200, 500), tickets=("extra-turn",))
>>> html = farms_html([f])
>>> "cow ×2" in html and "Extra Turn" in html and "total 140" in html
True
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from html import escape

from bluffkit.auctions.rules import ANIMALS
from bluffkit.core.money import amount
from bluffkit.games.bidder_up.animal_icons import animal_words, icon_svg, type_of
from bluffkit.games.bidder_up.board_svg import PAWN_COLOURS
from bluffkit.games.bidder_up.state import KEEP, OVER, RESPOND

__all__ = ["Farm", "all_seeing_farms", "farms_html", "seat_farms", "ticket_words"]

FONT = "font-family: 'DejaVu Sans', Verdana, sans-serif"
_TICKETS = {"extra-turn": "Extra Turn", "move-markers": "Move Market Markers", "horse-trade": "Horse-Trade",
            "special-horse-trade": "Special Horse-Trade"}


def ticket_words(name: str) -> str:
    """A raffle ticket as the players call it [H].

    >>> ticket_words("value-gain:cat"), ticket_words("wool-milk:2"), ticket_words("extra-turn")
    ('Value Gain: cat', 'Wool-Milk 2', 'Extra Turn')
    """
    if name in _TICKETS:
        return _TICKETS[name]
    kind, _, arg = name.partition(":")
    if kind == "value-gain":
        return f"Value Gain: {arg}"
    if kind == "wool-milk":
        return f"Wool-Milk {arg}"
    raise ValueError(f"{name!r} is not a raffle ticket")


@dataclass(frozen=True)
class Farm:
    """One seat's farm board, as plain data.

    ``notes``: counts per denomination (face up), or an int (that many face down);
    ``tickets``: names (face up), or an int (face down); ``offer``: a face-up horse-trade
    offer (counts per denomination) or ``None``; ``in_offer``: how many of another seat's
    face-down ``notes`` lie in its horse-trade offer, when the offer is fanned out (the
    option ``offer_count_seen``, section E), else ``None``; ``drawn``: raffle tickets just
    drawn, shown to their drawer; ``zoo``: ``None`` where the game has no petting zoo."""

    seat: int
    name: str
    pasture: tuple = ()
    barn: tuple = ()
    baby_barn: tuple = ()
    zoo: tuple | None = None
    notes: tuple | int = 0
    denominations: tuple = ()
    tickets: tuple | int = 0
    offer: tuple | None = None
    in_offer: int | None = None
    loans: tuple = ()
    sow: bool = False
    current: bool = False
    you: bool = False
    drawn: tuple = ()


def _names(animals) -> tuple:
    from bluffkit.games.bidder_up.actions import name
    return tuple(name(a) for a in animals)


def _at(xs: tuple, s: int) -> tuple:
    return tuple(xs[s]) if s < len(xs) else ()


def seat_farms(obs, names) -> list[Farm]:
    """Every seat's farm as ``obs``'s seat sees it (from the observation only)."""
    r = obs.rules
    me = obs.seat
    # a fanned-out offer's number of notes is public [E]; while the target answers, the
    # challenger's count of notes holds the offer (see the observation's note_counts)
    fanned_by = obs.trade[0] if obs.phase == RESPOND and obs.trade and obs.offer_notes is not None else None
    out = []
    for s, who in enumerate(names):
        mine = s == me
        drawn = obs.drawn if mine and obs.phase == KEEP and isinstance(obs.drawn, tuple) else ()
        out.append(Farm(
            seat=s, name=who, pasture=_names(obs.pastures[s]), barn=_names(obs.barns[s]),
            baby_barn=_names(_at(obs.baby_barns, s)), zoo=_names(_at(obs.baby_zoos, s)) if r.sexes else None,
            notes=tuple(obs.hand) if mine else int(obs.note_counts[s]), denominations=tuple(r.denominations),
            tickets=tuple(obs.my_tickets) if mine else int(obs.ticket_counts[s]),
            offer=tuple(obs.my_offer) if mine and obs.my_offer is not None else None,
            in_offer=int(obs.offer_notes) if s == fanned_by and not mine else None,
            loans=tuple(obs.loans[s]), sow=obs.sow == s, current=obs.current == s and obs.phase != OVER, you=mine,
            drawn=tuple(drawn)))
    return out


def all_seeing_farms(game, state, names) -> list[Farm]:
    """Every seat's farm face up, from the state."""
    t = game.table(state)
    r = game.rules
    money = t.money if t.auction is None else t.auction.money
    offer_by = offer = None
    if t.trade is not None and len(t.trade) > 1:
        offer_by, offer = t.trade[0], t.trade[3]
    return [Farm(
        seat=s, name=who, pasture=_names(t.pastures[s]), barn=_names(t.barns[s]),
        baby_barn=_names(_at(t.baby_barns, s)), zoo=_names(_at(t.baby_zoos, s)) if r.sexes else None,
        notes=tuple(money[s]), denominations=tuple(r.denominations), tickets=tuple(t.tickets[s]),
        offer=tuple(offer) if offer_by == s and offer is not None else None, loans=tuple(t.loans[s]),
        sow=t.sow == s, current=t.current == s and t.phase != OVER,
        drawn=tuple(t.drawn) if t.current == s and t.phase == KEEP else ()) for s, who in enumerate(names)]


# -- drawing ----------------------------------------------------------------------------------

_CHIP = ("display: inline-flex; align-items: center; gap: 3px; margin: 1px 10px 1px 0; white-space: nowrap; "
         "vertical-align: middle")
_BACK = ('<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="22" viewBox="0 0 {w} 22" '
         'style="vertical-align: middle" aria-hidden="true">{cards}</svg>')


def _backs(n: int) -> str:
    """A small fan of face-down cards (blue backs with a white cross), as on the board."""
    k = max(1, min(n, 3))
    cards = "".join(f'<rect x="{1 + i * 4}" y="{1 + i}" width="13" height="18" rx="2" fill="#0072B2" '
                    f'stroke="#FFFFFF" stroke-width="1.2"/>'
                    f'<path d="M{4 + i * 4},{5 + i} l7,10 m0,-10 l-7,10" stroke="#FFFFFF" stroke-width="1"/>'
                    for i in range(k))
    return _BACK.format(w=16 + 4 * (k - 1), cards=cards)


def _note(value: int) -> str:
    return (f'<span class="bk-note" data-note="{value}" style="display: inline-block; min-width: 1.6em; '
            f'text-align: center; border: 1.5px solid #5C4A2A; border-radius: 3px; background: #F3DEB3; '
            f'padding: 0 3px; font-weight: bold">{value}</span>')


def _chip(inner: str, cls: str = "") -> str:
    c = f' class="{cls}"' if cls else ""
    return f'<span{c} style="{_CHIP}">{inner}</span> '


def _animal_chip(name: str, count: int = 1, extra: str = "") -> str:
    words = escape(animal_words(name)) + (f" ×{count}" if count > 1 else "") + extra
    return _chip(f"{icon_svg(name, 26)}<span>{words}</span>", "bk-animal")


def _order(name: str) -> tuple:
    return ANIMALS.index(type_of(name)), name.endswith("-m")


def _row(label: str, body: str, cls: str, inline: bool = False) -> str:
    """One row of a farm board; ``inline``: side by side with the next (two short rows, such
    as an empty barn and an empty petting zoo, in one line: a projector's column is short)."""
    shape = "display: inline-block; margin-right: 18px; " if inline else ""
    return (f'<div class="{cls}" style="{shape}margin-top: 4px; line-height: 1.7">'
            f'<span style="font-weight: bold; margin-right: 6px; vertical-align: middle">{label}:</span> {body}</div>')


def _money(counts: tuple, denominations: tuple) -> str:
    chips = "".join(_chip(f"{_note(d)}<span>×{c}</span>") for d, c in zip(denominations, counts) if c)
    total = sum(d * c for d, c in zip(denominations, counts))
    n = sum(counts)
    return (chips or "none ") + f'<span style="white-space: nowrap">({n} note{"" if n == 1 else "s"}, ' \
                                f'total {amount(total)})</span>'


def _farm_html(f: Farm) -> str:
    colour = PAWN_COLOURS[f.seat % len(PAWN_COLOURS)]
    badges = []
    if f.current:
        badges.append('<span class="bk-turn" style="border: 2px solid #000; border-radius: 10px; padding: 0 6px; '
                      f'background: #F0E442; white-space: nowrap">▶ {escape(f.name)}\'s turn</span>')
    if f.you:
        badges.append('<span class="bk-you" style="border: 2px solid #000; border-radius: 10px; padding: 0 6px; '
                      'background: #FFFFFF; white-space: nowrap">your view</span>')
    if f.sow:
        badges.append('<span class="bk-sow" style="border: 2px solid #CC79A7; border-radius: 10px; padding: 0 6px; '
                      'white-space: nowrap">Wool-Milk-Sow</span>')
    head = (f'<div style="display: flex; align-items: center; flex-wrap: wrap; gap: 6px">'
            f'<span style="display: inline-block; width: 28px; height: 28px; line-height: 28px; border-radius: 50%; '
            f'background: {colour}; color: #FFFFFF; text-align: center; font-weight: bold; flex: none" '
            f'aria-label="pawn {f.seat + 1}">{f.seat + 1}</span>'
            f'<span style="font-weight: bold; font-size: 18px; overflow-wrap: anywhere">{escape(f.name)}</span>'
            + "".join(badges) + "</div>")
    rows = [head]
    counts = Counter(f.pasture)
    # the empty ones of the pasture, the barn and the petting zoo side by side, in one line
    empty = [not f.pasture, not f.barn] + ([not f.zoo] if f.zoo is not None else [])
    inline = sum(empty) >= 2
    rows.append(_row("Pasture", "".join(_animal_chip(a, counts[a]) for a in sorted(counts, key=_order))
                     or "empty", "bk-pasture", inline=inline and empty[0]))
    babies = Counter(type_of(a) for a in f.baby_barn)
    rows.append(_row("Barn", "".join(_animal_chip(a, extra=" + baby" if babies[type_of(a)] else "")
                                     for a in sorted(f.barn, key=_order)) or "empty", "bk-barn",
                     inline=inline and empty[1]))
    if f.zoo is not None:
        rows.append(_row("Petting zoo", "".join(_animal_chip(a, extra=" baby") for a in sorted(f.zoo, key=_order))
                         or "empty", "bk-zoo", inline=inline and empty[2]))
    if isinstance(f.notes, int):
        offered = "" if f.in_offer is None else f", {f.in_offer} of them in the horse-trade offer, fanned out"
        rows.append(_row("Notes", _chip(f"{_backs(f.notes)}<span>{f.notes} note{'' if f.notes == 1 else 's'}, "
                                        f"face down{offered}</span>"), "bk-notes bk-face-down"))
    else:
        rows.append(_row("Notes", _money(f.notes, f.denominations), "bk-notes bk-face-up"))
    if f.offer is not None:
        rows.append(_row("Offer, face down", _money(f.offer, f.denominations), "bk-offer"))
    if isinstance(f.tickets, int):
        if f.tickets:
            rows.append(_row("Tickets", _chip(f"{_backs(f.tickets)}<span>{f.tickets} ticket"
                                              f"{'' if f.tickets == 1 else 's'}, face down</span>"),
                             "bk-tickets bk-face-down"))
    elif f.tickets:
        rows.append(_row("Tickets", "".join(_ticket_chip(x) for x in f.tickets), "bk-tickets bk-face-up"))
    if f.drawn:
        rows.append(_row("Drawn, keep one", "".join(_ticket_chip(x) for x in f.drawn), "bk-drawn"))
    if f.loans:
        rows.append(_row("IOUs", ", ".join(amount(v) for v in f.loans) + f" (−{amount(sum(f.loans))} at the end)", "bk-ious"))
    border = "4px solid #000" if f.current else f"3px solid {colour}"
    return (f'<div class="bk-farm" data-seat="{f.seat}" style="flex: 1 1 300px; min-width: 0; box-sizing: border-box; '
            f'border: {border}; outline: {"3px solid " + colour if f.current else "none"}; border-radius: 8px; '
            f'padding: 6px 10px; background: #FBF6EA">' + "".join(rows) + "</div>")


def farm_line(f: Farm) -> str:
    """``f``'s farm board in one short line of words, for its own seat's screen: "Yours:
    pasture goat ×2, donkey ♂; barn pig, cow + baby; 5 notes (0 ×1, 10 ×1, 50 ×3), total 160" (and the petting
    zoo), an empty part left out; the barn holds one animal per complete type [D], with its
    baby beside it [K], as the farm board shows it. The market [G] and a horse-trade [E] are decided on the types a
    player holds, a bid or a price called on its money; on a 1280 x 720 projector the seat's
    farm board, under its controls, went below the screen when they were tall (the market's
    notes to pay, an offer, The Call's price with the file browser open), so the panel
    draws this line under the board. Its notes are named by value, lowest first, as the farm
    board's Notes row shows them (no change is given [D]: a bid is made knowing which notes
    one holds; on most auctioneers' screens the Notes row was below the screen too), each
    held together by a no-break space. From the seat's own :class:`Farm` (:func:`seat_farms`):
    its notes face up are what its screen shows already; another seat's face-down count is
    not told here.

    >>> farm_line(Farm(seat=0, name="Ann", pasture=("goat", "goat", "donkey-m"), barn=("pig", "cow"),
    ...                baby_barn=("cow",), notes=(1, 1, 3, 0, 0, 0), denominations=(0, 10, 50, 100, 200, 500)))
    '<div class="bk-own-farm"><b>Yours:</b> pasture goat ×2, donkey ♂; barn pig, cow + baby; 5 notes (0\xa0×1, 10\xa0×1, 50\xa0×3), total 160</div>'
    >>> farm_line(Farm(seat=0, name="Ann", pasture=("sheep",), notes=(0, 1), denominations=(0, 10)))
    '<div class="bk-own-farm"><b>Yours:</b> pasture sheep; barn empty; 1 note (10\xa0×1), total 10</div>'
    >>> farm_line(Farm(seat=0, name="Ann", notes=(2, 0), denominations=(0, 10)))
    '<div class="bk-own-farm"><b>Yours:</b> no animals yet; 2 notes (0\xa0×2), total 0</div>'
    >>> farm_line(Farm(seat=0, name="Ann", notes=(0, 0), denominations=(0, 10)))
    '<div class="bk-own-farm"><b>Yours:</b> no animals yet; 0 notes, total 0</div>'
    """
    babies = {type_of(a) for a in f.baby_barn}

    def words(animals, extra) -> str:
        counts = Counter(animals)
        return ", ".join(escape(animal_words(a)) + extra(a) + (f" ×{counts[a]}" if counts[a] > 1 else "")
                         for a in sorted(counts, key=_order))
    parts = [f"{where} {words(animals, extra)}" for where, animals, extra in
             (("pasture", f.pasture, lambda a: ""),
              ("barn", f.barn, lambda a: " + baby" if type_of(a) in babies else ""),     # (as _farm_html)
              ("petting zoo", f.zoo or (), lambda a: " baby")) if animals]
    if parts and not f.barn:                   # (an empty barn said: no type complete yet)
        parts.insert(1 if f.pasture else 0, "barn empty")
    parts = parts or ["no animals yet"]
    if not isinstance(f.notes, int):           # (its own notes, face up on its own screen only)
        n = sum(f.notes)
        kinds = ", ".join(f"{amount(d)}\u00a0\u00d7{c}" for d, c in sorted(zip(f.denominations, f.notes)) if c)
        parts.append(f"{n} note{'' if n == 1 else 's'}{f' ({kinds})' if n else ''}, total "
                     f"{amount(sum(d * c for d, c in zip(f.denominations, f.notes)))}")
    return f'<div class="bk-own-farm"><b>Yours:</b> {"; ".join(parts)}</div>'


def _ticket_chip(name: str) -> str:
    return _chip(f'<span style="border: 1.5px solid #5C4A2A; border-radius: 3px; background: #FFFFFF; '
                 f'padding: 0 5px">{escape(ticket_words(name))}</span>', "bk-ticket")


def farms_html(farms: list[Farm]) -> str:
    """The farm boards as one block of cards that wrap to the width they are given."""
    return (f'<div class="bk-farms" style="display: flex; flex-wrap: wrap; gap: 8px; margin-top: 8px; '
            f'font-size: 16px; {FONT}; color: #000">' + "".join(_farm_html(f) for f in farms) + "</div>")
