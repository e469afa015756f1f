"""One auction as HTML: a seat's view from its observation alone (:func:`seat_html`);
the all-seeing view from the state (:func:`all_seeing_html`); the payoffs at the end
(:func:`payoff_html`) and a refused move in plain words (:func:`refusal_html`)."""

from __future__ import annotations

from html import escape

from bluffkit.auctions.engine import FORMAT_TABLES
from bluffkit.auctions.narrate import animals_text, face_down_lot, owed, settling_lines
from bluffkit.auctions.rules import price_words
from bluffkit.auctions.sealed import split_order
from bluffkit.core.errors import by_name, count as how_many, split_options
from bluffkit.core.money import amount, total
from bluffkit.widgets.render import STYLE
from bluffkit.widgets.words import plus_form


def notes_html(notes, d) -> str:
    """Notes as value x count, highest first, and their total: ``200&times;2, 10&times;3, 0 = 430``
    (``&nbsp;`` around the ``=``, so that a line wrapped at a comma keeps the total with its
    last note: the lab's projected table wraps them, see :data:`~bluffkit.widgets.auction_lab.LAB_STYLE`)."""
    parts = [f"{v}&times;{c}" if c > 1 else f"{v}" for c, v in sorted(zip(notes, d), key=lambda cv: -cv[1]) if c]
    return f"{', '.join(parts) or 'none'}&nbsp;=&nbsp;{amount(total(notes, d))}"


_PHASES = {"setup": "next: chance sets out the lot", "pick": "the left neighbour picks a face-down card",
           "bid": "bidding", "final": "the last bidder's final raise", "grab": "who grabbed first?",
           "choose": "the auctioneer chooses", "refuse": "the auctioneer: sell, or buy (right of first refusal)",
           "pay": "paying", "over": "the auction is over"}


def seat_html(game, obs, names) -> str:
    """The auction from the view of ``obs.seat``, drawn from its observation alone: its own
    notes, the others' as a number of notes; others' sealed bids as "sealed". At the end
    it shows who owns what, not the money won or lost (the faces of the others' notes
    are hidden)."""
    seat, to_move = obs.seat, set(obs.to_move)
    money = [notes_html(obs.hand, game.rules.denominations) if i == seat else
             f"<span class='bk-secret'>{how_many(obs.note_counts[i], 'note')}</span>" for i in range(len(names))]
    sealed = set()
    if obs.phase == "bid" and FORMAT_TABLES[game.rules.format].SEALED:
        sealed = {i for i in range(len(names)) if i != seat and i not in to_move and i != obs.auctioneer}
    name = names[seat]
    who = f"Your view ({escape(name[:-6])})" if name.endswith(" (you)") else f"{escape(name)}'s view"
    return _draw(game, obs, names, to_move, money, obs.bids, obs.placed_counts, sealed, obs.lot, who, scores=None,
                 seat=seat)


def all_seeing_html(game, state, names, values=None) -> str:
    """The all-seeing auction: every seat's notes and bids, and at the end the money each
    won or lost (the teacher, a finished auction, a replay). With ``values`` (each seat's
    value of an animal, as in the lab) the end shows the payoffs instead
    (:func:`payoff_html`)."""
    d = game.rules.denominations
    money = [notes_html(m, d) for m in state.money]
    scores = game.scores(state) if state.phase == "over" and values is None else None
    return _draw(game, state, names, set(game.to_move(state)), money, state.bids, tuple(map(sum, state.placed)),
                 set(), state.lot, "all-seeing view", scores)


def settling_payers(src) -> list[int | None]:
    """Who pays in each line of :func:`~bluffkit.auctions.narrate.settling_lines` that is a
    payment owed (its payer); ``None`` for the others (a bidder who could not pay and showed
    all their money; a lot sold)."""
    return [None] * (len(src.shown) + len(src.awards)) + [payer for payer, *_ in owed(src)]


def lot_order(rules, lot) -> tuple:
    """The lot's animals in the order the view says them: a split double pen's (Secret Value,
    Secret Count) in the order of its sale, the more valuable first, as "the highest bid
    applies to the more valuable of the two animals" and ``buy 1`` names it (lot 1 of the
    lines "Sold: lot 1: the cow ...; lot 2: the goose ..."), not in the order they were set
    out; equally valuable, in the lot's order (the first is the auctioneer's choice). Any
    other lot as it was set out.

    >>> from bluffkit.auctions.rules import ANIMALS, Rules
    >>> r = Rules(format="secret-count", double=True)
    >>> [ANIMALS[a] for a in lot_order(r, (ANIMALS.index("goose"), ANIMALS.index("cow")))]
    ['cow', 'goose']
    """
    lot = tuple(lot)
    return split_order(rules, lot) if rules.split and len(lot) == 2 else lot


def _draw(game, src, names, to_move, money, bids, laid, sealed, lot, who, scores, seat=None) -> str:
    """The auction of ``src`` (an observation, or the state for the all-seeing view) with
    each seat's money cell drawn, its bid, the number of notes it laid (``None``: hidden)
    and the seats whose bids are ``sealed``; ``lot`` ``None``: the Cat in the Bag's hidden
    animal; ``scores``: the money won or lost, shown at the end when given; ``seat``: the
    seat whose view it is (``None``: all-seeing)."""
    r = game.rules
    d = r.denominations
    traits = FORMAT_TABLES[r.format]
    rows = []
    for i, name in enumerate(names):
        bid = bids[i]
        if traits.OPEN_OUTCRY:
            bid = src.high if i == src.high_bidder else None
        if traits.LAYS_NOTES:
            bid = None if laid[i] is None or (not laid[i] and bid is None) else f"{how_many(laid[i] or bid, 'note')} laid"
        elif traits.SHOWS_COUNT and bid is not None:
            bid = "grabs" if bid else "waits"
        elif i in sealed:
            bid = "sealed"
        role = " (auctioneer)" if i == src.auctioneer and "auctioneer" not in name.lower() else ""
        cls = " class='bk-turn'" if i in to_move else ""
        # the row's tint alone is lost on a projected screen: the words say it too
        act = " <span class='bk-tag bk-tag-act'>to act</span>" if i in to_move else ""
        rows.append(f"<tr{cls}><td>{escape(name)}{role}{act}</td><td class='bk-notes-cell'>{money[i]}</td>"
                    f"<td>{'' if bid is None else amount(bid) if type(bid) is int else escape(str(bid))}</td></tr>")
    if lot is None:
        lot_text = face_down_lot(src.rules, src.pen)
    elif lot:
        lot_text = animals_text(lot_order(r, lot))
    elif src.pen:
        lot_text = f"to be picked from the pen ({animals_text(src.pen)})"
    else:
        lot_text = "not set out yet"
    standing = ""
    if traits.OPEN_OUTCRY and src.phase == "bid":
        standing = (f" &middot; highest bid <b>{price_words(src.rules)(src.high)}</b> by {escape(names[src.high_bidder])}"
                    if src.high_bidder >= 0 else " &middot; no bid yet")
    lines = [STYLE, f"<div class='bk-box bk-lot'>Lot: <b>{escape(lot_text)}</b>{standing}</div>",
             f"<div class='bk-box'><b>{who}</b> &middot; {escape(r.fmt.title)} "
             f"({r.pricing} auction{', double pen' if r.double else ''}) &middot; {_PHASES[src.phase]}</div>",
             f"<table class='bk-table'><tr><th>player</th><th>money</th><th>bid</th></tr>{''.join(rows)}</table>"]
    if traits.SHOWS_COUNT and src.phase == "bid":
        lines.append(f"<div class='bk-box'>The count: <b>{src.count}</b> note{'' if src.count == 1 else 's'}</div>")
    if src.called >= 0:
        lines.append(f"<div class='bk-box'>Called price: <b>{src.called}</b></div>")
    # (at the end: "bk-settled", which a panel that heads the screen with the result, the
    # auction lab, may leave out on a projector; in a seat's view "bk-settling" on the lines
    # of the lots sold and of the seat's own payment owed, which the lab leaves out on a
    # projector while its player pays: What happened's newest line (or, after another
    # winner's payment, the one before it) says the sale of every lot, and Pay what is owed
    # to whom; another winner's payment owed in a double pen, which neither says, and a
    # bidder who could not pay and showed all their money, the first lines, stay)
    over = " bk-settled" if src.phase == "over" else ""
    settling = settling_lines(src, names, r, lambda notes: notes_html(notes, d))
    payers = settling_payers(src)
    first, sales = len(src.shown), len(src.awards)
    said = [seat is not None and (first <= k < first + sales or payers[k] == seat)
            for k in range(len(settling))]
    lines += [f"<div class='bk-box{over}{' bk-settling' if out else ''}'>{line}.</div>"
              for line, out in zip(settling, said)]
    if src.phase == "over":
        owners = ", ".join(f"{animals_text((a,))}: {escape(names[s])}" for a, s in src.owners)
        won = "" if scores is None else \
            " <b>Money won or lost</b>: " + ", ".join(f"{escape(n)} {v:+,d}" for n, v in zip(names, scores)) + "."
        lines.append(f"<div class='bk-box bk-settled'><b>Owners</b>: {owners or 'nobody'}.{won}</div>")
    return "\n".join(lines)


def _signed(x: float) -> str:
    """A whole amount with its sign: ``+524``, ``&minus;290``, ``0``."""
    x = round(x)
    return f"+{x:,}" if x > 0 else f"&minus;{-x:,}" if x < 0 else "0"


def payoff_html(rows, names, unit: str = "", me: int | None = None, sold=(), owed=None) -> str:
    """The payoffs of :func:`bluffkit.analysis.auction_lab.payoffs` as a table with words:
    what each seat owns and its worth to it, the money paid (&minus;) or received (+),
    and the payoff, worth plus money: for the winner who pays, its surplus, value minus
    price. ``me``: the seat to speak to as "you"; ``sold``: the sales in words (the
    lines of :func:`~bluffkit.auctions.narrate.awards_lines`), shown first; ``owed``: the
    price each seat owed (seat -> money), where notes may pay more than the price, since no
    change is given (:func:`owed_prices`): a surplus line then says so."""
    body, said = [], []
    for p in rows:
        i = p["seat"]
        name = escape(names[i])
        owns = escape(animals_text(p["animals"])) if p["animals"] else "&mdash;"
        worth = f"{p['worth']:,.0f}" if p["animals"] else "&mdash;"
        cls = " class='bk-turn'" if i == me else ""
        body.append(f"<tr{cls}><td>{name}</td><td>{owns}</td><td>{worth}</td>"
                    f"<td>{_signed(p['cash'])}</td><td><b>{_signed(p['payoff'])}</b></td></tr>")
        if p["animals"] and p["cash"] < 0:
            price = (owed or {}).get(i)
            over = (f" (the price {price:,}, paid in notes: no change is given)"
                    if price is not None and -p["cash"] > price else "")
            said.append(f"{name} values {escape(animals_text(p['animals']))} at {p['worth']:,.0f} and paid "
                        f"{-p['cash']:,}{over}: surplus {p['worth']:,.0f} &minus; {-p['cash']:,} = "
                        f"<b>{_signed(p['payoff'])}</b>.")
    head = "<tr><th>player</th><th>owns</th><th>worth to them</th><th>money</th><th>payoff</th></tr>"
    why = ("Payoff = what the animals a player owns are worth to them, plus the money they received (+), "
           "minus the money they paid (&minus;)" + (f"; prices in {unit.strip()} are paid in notes, the money "
                                                    "column is their value" if unit else "") + ".")
    lot = (f"Sold: <b>{'; '.join(escape(x) for x in sold)}</b>" if sold else "Not sold: <b>nobody bid</b>")
    return (f"{STYLE}<div class='bk-box bk-lot'>{lot}</div>"
            + "".join(f"<div class='bk-box'>{line}</div>" for line in said)
            + f"<div class='bk-box bk-payoff'><b>Payoffs</b> &middot; {why}</div>"
            f"<table class='bk-table'>{head}{''.join(body)}</table>")


def owed_prices(state) -> dict[int, int]:
    """What each seat owed for the lots of a settled auction (seat -> price): the winner's
    price, or the auctioneer's where it kept a lot by its right of first refusal."""
    owed: dict[int, int] = {}
    for i, (seat, _animals, price) in enumerate(state.awards):
        payer = state.auctioneer if i in state.kept else seat
        owed[payer] = owed.get(payer, 0) + price
    return owed


def refusal_html(name: str, move: str, rule: str, reason: str, names) -> str:
    """A refused move in plain words that name the player, e.g. "Bidder 2 can't bid 5:
    bid at least 10"; the rule's id only in the tooltip. Notes typed with commas or spaces
    between them ("lay 0, 0") are shown the form that works (:func:`~bluffkit.widgets.words.plus_form`)."""
    head, _, moves = split_options(reason)      # (cut before naming the seats: "seat N may:" marks the cut)
    head = by_name(head, names)                 # seats by name, quoted input as typed
    if head == f"{name} cannot {move} now":       # the engine names the player and the move already
        head = "not now"
    # the moves the engine lists are in notation ("bid N"); "Your move" above says them in words
    reason = head + ("; your moves are the ones offered above" if moves else "")
    # notes typed with commas or spaces between them ("lay 0, 0"): the form that works, "lay 0+0"
    typed = move[len("play \u201c"):-1] if move.startswith("play \u201c") and move.endswith("\u201d") else move
    plus = plus_form(typed, reason)
    reason += f"; {plus}" if plus else ""
    return (f"<div class='bk-box bk-refusal' role='alert' style='color:#b00020' title='rule: {escape(rule)}'>"
            f"<b>{escape(name)} can&rsquo;t {escape(move)}</b>: {escape(reason)}.</div>")
