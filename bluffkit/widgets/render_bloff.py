"""The Bløff table drawn: a seat's view from its observation alone (:func:`seat_html`);
the all-seeing view from the state (:func:`all_seeing_html`). Cards face up are drawn
cards, the others' hands and the pile are card backs with their number, the last claim
is written large in the middle."""

from __future__ import annotations

import re
from html import escape

from bluffkit.core.errors import count as how_many
from bluffkit.games.bloff.cards import RANK_WORDS, card_text, claim_text
from bluffkit.widgets import art
from bluffkit.widgets.render import STYLE

#: The suits' signs, by the letter the notation writes.
SUIT_SIGNS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
#: The cards a call turns, in the narration ("...'s cards are turned: 2H, 2C, JS*."): a list
#: of cards and nothing else, so that words of a player's name are left as they are.
_ONE = r"(?:10|[2-9AJQK])[SHDC]\*?"
_TURNED = re.compile(rf"(cards are turned: )({_ONE}(?:, {_ONE})*)(\.)")
#: One card's text in the narration: rank, suit, ``*`` for the second deck.
_CARD = re.compile(r"\b(10|[2-9AJQK])([SHDC])(\*?)(?![\w*])")


def narration_html(game, line: str) -> str:
    """A narration line as the panels show it (the spec's ``narration_html``): the cards a
    call turns written as the table draws them (2♥, not the typed notation 2H), the rest
    of the line escaped as it is. The log and the terminal keep the notation.

    >>> narration_html(None, "Bo: “Bløff!” Anne's cards are turned: 2H, 10C, JS*. A lie.")
    'Bo: “Bløff!” Anne&#x27;s cards are turned: 2♥, 10♣, J♠*. A lie.'
    >>> narration_html(None, "Bo: “Bløff!” Al (cards are turned: a name).'s cards are turned: 9S. True.")
    'Bo: “Bløff!” Al (cards are turned: a name).&#x27;s cards are turned: 9♠. True.'
    """
    return _TURNED.sub(lambda m: m.group(1) + _CARD.sub(lambda c: c.group(1) + SUIT_SIGNS[c.group(2)] + c.group(3),
                                                      m.group(2)) + m.group(3), escape(line))


def card_parts(card: int) -> tuple[str, str, bool]:
    """``(rank, suit, second deck)`` of a card, e.g. ``("10", "C", False)``."""
    t = card_text(card)
    plain = t.rstrip("*")
    return plain[:-1], plain[-1], t.endswith("*")


def sort_hand(cards) -> list[int]:
    """A hand in the order a player holds it: by rank, then suit."""
    return sorted(cards, key=lambda c: ((c % 52) // 4, c % 4, c // 52))


def cards_html(cards, small: bool = True, first: str = "") -> str:
    """Cards face up, drawn; ``first``: HTML that leads their row (a title), in it."""
    drawn = [art.playing_card(*card_parts(c)) for c in sort_hand(cards)]
    cls = "bk-row bk-hand-small" if small else "bk-row"
    return f"<span class='{cls}'>{first}{''.join(drawn)}</span>" if drawn else f"{first} &mdash;"


def seat_html(game, obs, names, *, hand_to_click: bool = False, hand_beside: bool = False) -> str:
    """The table from the view of ``obs.seat``, drawn from its observation alone: its own
    hand and its own cards in the pile; the others' hands as card backs with their number.
    ``hand_to_click``: the panel draws the hand apart as cards to click while the seat lays
    cards (the Bløff table: under the table, beside it on a projector), so the table only
    counts it then, in a plain sentence ("Your hand, 13 cards: click the cards to lay"); every
    other panel (the scenario player, the replay) draws it here.
    ``hand_beside``: the panel draws the hand beside the table at every other moment too
    (the Bløff table on a projector: a hand of 15 cards drawn in the seat pushed the table
    below a 1280 x 720 screen at a call), so the seat says where it is then (its name's
    line counts it)."""
    apart = hand_to_click and obs.legal.play_from is not None
    hands = [(f"Your hand, {how_many(len(obs.hand), 'card')}: click the card{'s' if len(obs.hand) != 1 else ''} to lay"
              if apart else ("Your hand: on the right" if obs.hand else "Your hand: none") if hand_beside
              else cards_html(obs.hand))
             if i == obs.seat else art.backs(obs.hand_sizes[i]) for i in range(len(names))]
    mine = (f"<div class='bk-box'>Your cards in the pile: {cards_html(obs.my_pile_cards)}</div>"
            if obs.my_pile_cards else "")
    return _draw(game, obs, names, obs.hand_sizes, set(obs.to_move), hands, obs.pile_size,
                 f"{escape(names[obs.seat])}'s view", obs.seat, mine)


def all_seeing_html(game, state, names) -> str:
    """The all-seeing table: every hand shown (the teacher, a finished game, a replay)."""
    hands = [cards_html(h) for h in state.hands]
    return _draw(game, state, names, tuple(map(len, state.hands)), set(game.to_move(state)), hands,
                 len(state.pile), "all-seeing view", None, "")


def _draw(game, src, names, sizes, to_move, hands, pile, who, me, extra) -> str:
    """The table of ``src`` (an observation, or the state for the all-seeing view) with
    each seat's hand already drawn; with two decks in play (a rule, public) the head says
    what a card's ``*`` means."""
    seats = []
    for i, name in enumerate(names):
        cls = "bk-seat" + (" bk-act" if i in to_move else "") + (" bk-me" if i == me else "")
        tag = "<span class='bk-tag bk-tag-act'>to act</span>" if i in to_move else ""
        seats.append(f"<div class='{cls}'><div class='bk-name'>{escape(name)}{tag} "
                     f"<span class='bk-secret'>{how_many(sizes[i], 'card')}</span></div><div>{hands[i]}</div></div>")
    rank = RANK_WORDS[src.rank][1]
    two = (" &middot; two decks: a <b>*</b> marks a card of the second deck"
           if game is not None and game.rules.decks_for(len(names)) == 2 else "")
    now = f" &middot; cards are laid as <b>{rank}</b> now" if src.phase != "over" else ""    # (none are, at the end)
    head = (f"<div class='bk-head'><b>{who}</b>{now}{two}</div>")
    claim = ""
    if src.claims:
        player, rank_, count = src.claims[-1]
        window = " &middot; anyone may call \u201cBløff!\u201d" if src.phase == "call" else ""
        claim = (f"<span>Last claim: <b>{escape(names[player])}</b> says<br><span class='bk-claim'>"
                 f"\u201c{claim_text(count, rank_)}\u201d</span>{window}</span>")
    centre = f"<div class='bk-centre'>{art.backs(pile, 'cards in the pile')}<span>the pile</span>{claim}</div>"
    lines = [STYLE, f"<div class='bk-drawn'>{head}{centre}{extra}<div class='bk-seats'>{''.join(seats)}</div>"]
    if src.revealed:
        player, rank_, cards, caller, taker = src.revealed[-1]
        lines.append(f"<div class='bk-box'>Last call: {escape(names[caller])} called {escape(names[player])}'s "
                     f"\u201c{claim_text(len(cards), rank_)}\u201d: {cards_html(cards)}. "
                     f"{escape(names[taker])} took the pile.</div>")
    if src.phase == "over":
        lines.append(f"<div class='bk-box bk-big'>{escape(names[src.winner])} has no cards left and wins.</div>")
    lines.append("</div>")
    return "\n".join(lines)
