"""The Bløff table as HTML: from one seat's observation (or all-seeing, from the state)."""

from __future__ import annotations

from html import escape

from bluffkit.games.bloff.cards import RANK_NAMES, card_text, claim_text
from bluffkit.widgets.render import STYLE

_RED = {"H", "D"}


def cards_html(cards) -> str:
    out = []
    for c in cards:
        t = card_text(c)
        suit = t.rstrip("*")[-1]
        sym = {"S": "&spades;", "H": "&hearts;", "D": "&diams;", "C": "&clubs;"}[suit]
        color = "#c00" if suit in _RED else "#000"
        out.append(f"<span style='color:{color};white-space:nowrap'>{escape(t.rstrip('*')[:-1])}{sym}"
                   f"{'*' if t.endswith('*') else ''}</span>")
    return " ".join(out) or "&mdash;"


def bloff_html(game, state, names, seat: int | None = None) -> str:
    obs = None if seat is None else game.observe(state, seat)
    src = obs if obs is not None else state
    sizes = obs.hand_sizes if obs is not None else tuple(map(len, state.hands))
    to_move = set(obs.to_move) if obs is not None else set(game.to_move(state))
    rows = []
    for i, name in enumerate(names):
        if obs is None:
            hand = cards_html(state.hands[i])
        elif i == seat:
            hand = "your hand: " + cards_html(obs.hand)
        else:
            hand = f"<span class='bk-secret'>{sizes[i]} cards</span>"
        cls = " class='bk-turn'" if i in to_move else ""
        rows.append(f"<tr{cls}><td>{escape(name)}</td><td>{sizes[i]}</td><td>{hand}</td></tr>")
    pile = obs.pile_size if obs is not None else len(state.pile)
    who = "all-seeing view" if seat is None else f"{escape(names[seat])}'s view"
    lines = [STYLE, f"<div class='bk-box'><b>{who}</b> &middot; pile: {pile} cards face down &middot; "
                    f"rank in turn: <b>{RANK_NAMES[src.rank]}</b></div>",
             f"<table class='bk-table'><tr><th>player</th><th>cards</th><th>hand</th></tr>{''.join(rows)}</table>"]
    if obs is not None and obs.my_pile_cards:
        lines.append(f"<div class='bk-box'>Your cards in the pile: {cards_html(obs.my_pile_cards)}</div>")
    if src.claims:
        player, rank, count = src.claims[-1]
        window = " &middot; <b>the call window is open</b>" if src.phase == "call" else ""
        lines.append(f"<div class='bk-box'>Last claim: {escape(names[player])} says "
                     f"\u201c{claim_text(count, rank)}\u201d{window}</div>")
    if src.revealed:
        player, rank, cards, caller, taker = src.revealed[-1]
        lines.append(f"<div class='bk-box'>Last call: {escape(names[caller])} called {escape(names[player])}'s "
                     f"\u201c{claim_text(len(cards), rank)}\u201d: {cards_html(cards)}; "
                     f"{escape(names[taker])} took the pile.</div>")
    if src.phase == "over":
        lines.append(f"<div class='bk-box'><b>{escape(names[src.winner])} has no cards left and wins.</b></div>")
    return "\n".join(lines)
