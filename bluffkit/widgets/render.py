"""The table as HTML: a seat's view is a function of that seat's observation; the
all-seeing view, of the state, is a separate call with its own name.

A seat's view (:func:`seat_html`, and :func:`seat_view` for any game) takes the
game, the observation and the names, never the state, so it cannot show what the
seat may not know: other players' notes appear as a number of cards, a face-down
offer as its number of cards. :func:`all_seeing_html` (:func:`all_seeing_view` for
any game) shows every hand; only the teacher's views call it.
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


def seat_html(game, obs, names) -> str:
    """The table from the view of ``obs.seat``, drawn from its observation ``obs`` alone:
    its own notes, the others' as a number of notes."""
    d = obs.rules.denominations
    money = [f"your notes: {_notes(obs.hand, d)}" if i == obs.seat else
             f'<span class="bk-secret">{obs.note_counts[i]} notes</span>' for i in range(len(names))]
    return _table(obs, names, set(obs.to_move), money, f"{escape(names[obs.seat])}'s view")


def all_seeing_html(game, state, names) -> str:
    """The all-seeing table, every hand shown (the teacher, a finished game, a replay)."""
    d = state.rules.denominations
    money = [_notes(state.money[i], d) for i in range(len(names))]
    return _table(state, names, set(game.to_move(state)), money, "all-seeing view")


def _table(src, names, to_move, money, who) -> str:
    """The table of ``src`` (an observation, or the state for the all-seeing view) with
    each seat's money cell already drawn."""
    rules = src.rules
    rows = []
    for i, name in enumerate(names):
        mark = " (leader)" if i == src.leader else ""
        cls = " class='bk-turn'" if i in to_move else ""
        rows.append(f"<tr{cls}><td class='{'bk-lead' if mark else ''}'>{escape(name)}{mark}</td>"
                    f"<td>{_herd(src.herds[i], rules)}</td><td>{money[i]}</td></tr>")
    head = "<tr><th>player</th><th>animals</th><th>money</th></tr>"
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


def seat_view(game, obs, names) -> str:
    """The table of any bluffkit game from the view of ``obs.seat``, drawn from that seat's
    observation alone (it never sees the state, so it cannot show what the seat may not
    know): the seat view its spec names, or :func:`plain_seat_html` when it names none."""
    from bluffkit.core.spec import spec_of
    view = spec_of(game).resolve("seat_html")
    return (view or plain_seat_html)(game, obs, names)


def all_seeing_view(game, state, names) -> str:
    """The all-seeing table of any bluffkit game, every secret shown: for the teacher, a
    finished game, a replay or a worked example. The all-seeing view its spec names, or
    :func:`plain_all_seeing_html` when it names none."""
    from bluffkit.core.spec import spec_of
    view = spec_of(game).resolve("all_seeing_html")
    return (view or plain_all_seeing_html)(game, state, names)


def plain_seat_html(game, obs, names) -> str:
    """The seat view of a game with no HTML view of its own: the game's text view (its
    spec's ``text_view``, else its ``describe``) of the observation."""
    from bluffkit.core.spec import spec_of
    text = spec_of(game).resolve("text_view") or type(game).describe
    return f"{STYLE}\n<pre class='bk-box'>{escape(text(game, obs, names))}</pre>"


def plain_all_seeing_html(game, state, names) -> str:
    """The all-seeing view of a game with no HTML view of its own: the game's facts."""
    rows = "".join(f"<tr><th>{escape(str(k))}</th><td>{escape(str(v))}</td></tr>"
                   for k, v in game.facts(state, names).items())
    return f"{STYLE}\n<div class='bk-box'><b>all-seeing view</b></div>\n<table class='bk-table'>{rows}</table>"
