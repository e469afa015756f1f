"""The Bløff table as HTML: a seat's view from its observation alone (:func:`seat_html`);
the all-seeing view from the state (:func:`all_seeing_html`)."""

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


def seat_html(game, obs, names) -> str:
    """The table from the view of ``obs.seat``, drawn from its observation alone: its own
    hand and its own cards in the pile; the others' hands as a number of cards."""
    hands = ["your hand: " + cards_html(obs.hand) if i == obs.seat else
             f"<span class='bk-secret'>{obs.hand_sizes[i]} cards</span>" for i in range(len(names))]
    lines = _table(obs, names, obs.hand_sizes, set(obs.to_move), hands, obs.pile_size,
                   f"{escape(names[obs.seat])}'s view")
    if obs.my_pile_cards:
        lines.insert(3, f"<div class='bk-box'>Your cards in the pile: {cards_html(obs.my_pile_cards)}</div>")
    return "\n".join(lines)


def all_seeing_html(game, state, names) -> str:
    """The all-seeing table: every hand shown (the teacher, a finished game, a replay)."""
    hands = [cards_html(h) for h in state.hands]
    return "\n".join(_table(state, names, tuple(map(len, state.hands)), set(game.to_move(state)), hands,
                            len(state.pile), "all-seeing view"))


def _table(src, names, sizes, to_move, hands, pile, who) -> list[str]:
    """The lines of the table of ``src`` (an observation, or the state for the all-seeing
    view) with each seat's hand cell already drawn."""
    rows = []
    for i, name in enumerate(names):
        cls = " class='bk-turn'" if i in to_move else ""
        rows.append(f"<tr{cls}><td>{escape(name)}</td><td>{sizes[i]}</td><td>{hands[i]}</td></tr>")
    lines = [STYLE, f"<div class='bk-box'><b>{who}</b> &middot; pile: {pile} cards face down &middot; "
                    f"rank in turn: <b>{RANK_NAMES[src.rank]}</b></div>",
             f"<table class='bk-table'><tr><th>player</th><th>cards</th><th>hand</th></tr>{''.join(rows)}</table>"]
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
    return lines
