"""One auction as HTML: from one seat's observation (or all-seeing, from the state)."""

from __future__ import annotations

from html import escape

from bluffkit.auctions.engine import FORMAT_TABLES
from bluffkit.auctions.narrate import animals_text, awards_lines
from bluffkit.core.money import total
from bluffkit.widgets.render import STYLE


def notes_html(notes, d) -> str:
    """Notes as value x count, highest first, and their total: ``200&times;2, 10&times;3, 0 = 430``."""
    parts = [f"{v}&times;{c}" if c > 1 else f"{v}" for c, v in sorted(zip(notes, d), key=lambda cv: -cv[1]) if c]
    return f"{', '.join(parts) or 'none'} = {total(notes, d)}"


_PHASES = {"setup": "the lot is set out", "pick": "the left neighbour picks a face-down card",
           "bid": "bidding", "final": "the last bidder's final raise", "grab": "who grabbed first?",
           "choose": "the auctioneer chooses", "refuse": "the auctioneer: sell, or buy (right of first refusal)",
           "pay": "paying", "over": "the auction is over"}


def auction_html(game, state, names, seat: int | None = None) -> str:
    r = game.rules
    d = r.denominations
    obs = None if seat is None else game.observe(state, seat)
    to_move = set(obs.to_move) if obs is not None else set(game.to_move(state))
    traits = FORMAT_TABLES[r.format]
    sealed_open = state.phase == "bid" and traits.SEALED
    rows = []
    for i, name in enumerate(names):
        if obs is None or i == seat:
            money = notes_html(state.money[i], d)
        else:
            money = f"<span class='bk-secret'>{obs.note_counts[i]} notes</span>"
        bid = state.bids[i] if obs is None else obs.bids[i]
        if traits.OPEN_OUTCRY:
            bid = state.high if i == state.high_bidder else None
        if traits.LAYS_NOTES:
            laid = sum(state.placed[i]) if obs is None else obs.placed_counts[i]
            bid = None if laid is None or (not laid and bid is None) else f"{laid} notes laid"
        elif traits.SHOWS_COUNT and bid is not None:
            bid = "grabs" if bid else "waits"
        elif sealed_open and obs is not None and i != seat and i not in obs.to_move and i != state.auctioneer:
            bid = "sealed"
        role = " (auctioneer)" if i == state.auctioneer and "auctioneer" not in name.lower() else ""
        cls = " class='bk-turn'" if i in to_move else ""
        rows.append(f"<tr{cls}><td>{escape(name)}{role}</td><td>{money}</td>"
                    f"<td>{'' if bid is None else escape(str(bid))}</td></tr>")
    who = "all-seeing view" if seat is None else f"{escape(names[seat])}'s view"
    lot = state.lot if obs is None else obs.lot
    lot_text = (f"a face-down animal from the pen ({animals_text(state.pen)})" if lot is None
                else animals_text(lot) if lot else "not set out yet")
    lines = [STYLE, f"<div class='bk-box'><b>{who}</b> &middot; {escape(r.fmt.title)} "
                    f"({r.pricing} auction{', double pen' if r.double else ''}) &middot; lot: <b>{lot_text}</b> "
                    f"&middot; {_PHASES[state.phase]}</div>",
             f"<table class='bk-table'><tr><th>player</th><th>money</th><th>bid</th></tr>{''.join(rows)}</table>"]
    if traits.SHOWS_COUNT and state.phase == "bid":
        lines.append(f"<div class='bk-box'>The count: <b>{state.count}</b> notes</div>")
    if state.called >= 0:
        lines.append(f"<div class='bk-box'>Called price: <b>{state.called}</b></div>")
    for s, notes in state.shown:
        lines.append(f"<div class='bk-box'>{escape(names[s])} could not pay and showed all their money: "
                     f"{notes_html(notes, d)}.</div>")
    for line in awards_lines(state, names, r):
        lines.append(f"<div class='bk-box'>Sold: {escape(line)}.</div>")
    for payer, payee, amount, mode in state.payments:
        lines.append(f"<div class='bk-box'>{escape(names[payer])} owes {escape(names[payee])} {amount}"
                     f"{' notes' if mode == 'count' else ''}.</div>")
    if state.phase == "over":
        owners = ", ".join(f"{animals_text((a,))}: {escape(names[s])}" for a, s in state.owners)
        scores = ", ".join(f"{escape(n)} {v:+d}" for n, v in zip(names, game.scores(state)))
        lines.append(f"<div class='bk-box'><b>Owners</b>: {owners}. <b>Money won or lost</b>: {scores}.</div>")
    return "\n".join(lines)
