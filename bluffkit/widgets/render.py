"""The table as HTML: pure functions of a state (all-seeing) or of one seat's observation.

A seat's view is drawn from :meth:`game.observe` only, so it cannot show what the
seat may not know: other players' notes appear as a number of cards, a face-down
offer as its number of cards.
"""

from __future__ import annotations

from html import escape

from bluffkit.core.money import fmt, total

STYLE = """<style>
.bk-table {border-collapse: collapse; font-family: sans-serif; font-size: 14px; margin: 4px 0}
.bk-table td, .bk-table th {border-bottom: 1px solid #ddd; padding: 3px 10px; text-align: left; vertical-align: top}
.bk-lead {font-weight: bold}
.bk-turn {background: #fff6d5}
.bk-secret {color: #888}
.bk-box {font-family: sans-serif; font-size: 14px; margin: 4px 0}
</style>"""


def _herd(herd, rules) -> str:
    parts = [f"{c}&times;{escape(rules.labels[f])}" + (" &#10003;" if c == rules.family_size else "")
             for f, c in enumerate(herd) if c]
    return ", ".join(parts) or "&mdash;"


def _notes(notes, d) -> str:
    return f"{escape(fmt(notes, d))} = {total(notes, d)}"


def table_html(game, state, names, seat: int | None = None) -> str:
    """The table from ``seat``'s view (``None``: the all-seeing view that shows every hand)."""
    rules, d = state.rules, state.rules.denominations
    obs = None if seat is None else game.observe(state, seat)
    src = obs if obs is not None else state
    to_move = set(game.to_move(state)) if obs is None else set(obs.to_move)
    rows = []
    for i, name in enumerate(names):
        if obs is None:
            money = _notes(state.money[i], d)
        elif i == seat:
            money = f"your notes: {_notes(obs.hand, d)}"
        else:
            money = f'<span class="bk-secret">{obs.note_counts[i]} notes</span>'
        mark = " (leader)" if i == src.leader else ""
        cls = " class='bk-turn'" if i in to_move else ""
        rows.append(f"<tr{cls}><td class='{'bk-lead' if mark else ''}'>{escape(name)}{mark}</td>"
                    f"<td>{_herd(src.herds[i], rules)}</td><td>{money}</td></tr>")
    head = "<tr><th>player</th><th>animals</th><th>money</th></tr>"
    who = "all-seeing view" if seat is None else f"{escape(names[seat])}'s view"
    lines = [STYLE, f"<div class='bk-box'><b>{who}</b> &middot; {sum(src.pile)} animals in the pile"
             f" &middot; paydays so far: {src.paydays}</div>",
             f"<table class='bk-table'>{head}{''.join(rows)}</table>"]
    lines.append(f"<div class='bk-box'>{situation(src, names, rules)}</div>")
    return "\n".join(lines)


def situation(src, names, rules) -> str:
    """The open auction or trade in words (public information only)."""
    d = rules.denominations
    out = []
    if src.lot:
        lot = ", ".join(escape(rules.labels[f]) for f in src.lot)
        if src.high_bidder >= 0:
            out.append(f"Auction of <b>{lot}</b>: highest bid <b>{src.high_bid}</b> by {escape(names[src.high_bidder])}.")
        else:
            out.append(f"Auction of <b>{lot}</b>: no bid yet.")
        if src.pending and src.phase == "bid":
            out.append("May still bid: " + ", ".join(escape(names[s]) for s in src.pending) + ".")
    for s, notes in src.shown:
        out.append(f"{escape(names[s])} could not pay and showed all their money: {_notes(notes, d)}.")
    trade = src.trade
    if trade is not None:
        ch, tg, fam, cards, offer, ties = trade
        n = offer if isinstance(offer, int) else sum(offer)       # an observation holds the card count
        out.append(f"Trade: {escape(names[ch])} challenges {escape(names[tg])} for {cards} &times; "
                   f"{escape(rules.labels[fam])} with {n} face-down cards" + (" (after a tie)" if ties else "") + ".")
    if src.phase == "over":
        out.append("The game is over.")
    return " ".join(out) or "&nbsp;"


def view_html(game, state, names, seat: int | None = None) -> str:
    """The table of any bluffkit game, from ``seat``'s view or all-seeing: the HTML view
    its spec names, or :func:`plain_html` when it names none."""
    from bluffkit.core.spec import spec_of
    view = spec_of(game).resolve("html_view")
    return (view or plain_html)(game, state, names, seat)


def plain_html(game, state, names, seat: int | None = None) -> str:
    """The view of a game with no HTML view of its own: a seat's view is the game's text
    view (its spec's ``text_view``, else its ``describe``) of its observation, so nothing
    the seat may not know; the all-seeing view lists the game's facts."""
    if seat is not None:
        from bluffkit.core.spec import spec_of
        text = spec_of(game).resolve("text_view") or type(game).describe
        return f"{STYLE}\n<pre class='bk-box'>{escape(text(game, game.observe(state, seat), names))}</pre>"
    rows = "".join(f"<tr><th>{escape(str(k))}</th><td>{escape(str(v))}</td></tr>"
                   for k, v in game.facts(state, names).items())
    return f"{STYLE}\n<div class='bk-box'><b>all-seeing view</b></div>\n<table class='bk-table'>{rows}</table>"
