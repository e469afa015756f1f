"""Cards for Bløff: ids, ranks and text.

A card is an int: ``deck * 52 + rank * 4 + suit``; ranks run Ace (0) to King (12),
suits are S, H, D, C (suits do not matter in the game). The second deck's cards
are written with a ``*``: ``AS*``.

>>> card_text(0), card_text(39), card_text(52 + 40)
('AS', '10C', 'JS*')
>>> parse_cards("AS,10C,JS*")
(0, 39, 92)
>>> rank_of(parse_cards("QD")[0]), RANK_NAMES[11]
(11, 'Q')
"""

from __future__ import annotations

from bluffkit.core.errors import NotationError, number_said, quote

RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
#: Words for the claims, singular and plural (the rulebook's "to ess", "tre firere" in English).
RANK_WORDS = (("ace", "aces"), ("two", "twos"), ("three", "threes"), ("four", "fours"), ("five", "fives"),
              ("six", "sixes"), ("seven", "sevens"), ("eight", "eights"), ("nine", "nines"),
              ("ten", "tens"), ("jack", "jacks"), ("queen", "queens"), ("king", "kings"))
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


def rank_of(card: int) -> int:
    return (card % 52) // 4


#: The most decks a game shuffles (``Rules.decks_for``): a card id past them names no card.
MAX_DECKS = 2


def card_text(card: int) -> str:
    """A card's text (``AS``, ``JS*``); an id that is no card of two decks (a script's
    move can hold any int) is written ``#ID``, so that a refusal names what was sent.

    >>> card_text(104), card_text(-1), card_text(10 ** 5000)
    ('#104', '#-1', '#a number of 5,001 digits')
    """
    if type(card) is not int or not 0 <= card < 52 * MAX_DECKS:
        return f"#{number_said(card)}" if type(card) is int else quote(card)
    c = card % 52
    return RANK_NAMES[c // 4] + SUITS[c % 4] + ("*" * (card // 52))


def cards_text(cards) -> str:
    return ",".join(card_text(c) for c in cards) if cards else "none"


def parse_card(word: str) -> int:
    w = word.strip().upper()
    deck = w.count("*")
    w = w.rstrip("*")
    if len(w) < 2 or w[:-1] not in RANK_NAMES or w[-1] not in SUITS or deck >= MAX_DECKS:
        raise NotationError(f"{quote(word)} is not a card (write rank and suit, e.g. AS, 10H, QD, or JS* "
                            f"for the second deck)")
    return deck * 52 + RANK_NAMES.index(w[:-1]) * 4 + SUITS.index(w[-1])


def parse_cards(text: str) -> tuple[int, ...]:
    text = text.strip()
    if text in ("", "none", "-"):
        return ()
    return tuple(parse_card(w) for w in text.split(","))


def claim_text(count: int, rank: int) -> str:
    """``"two aces"``, ``"one two"``, ``"three fours"``."""
    number = NUMBER_WORDS[count] if count < len(NUMBER_WORDS) else str(count)
    return f"{number} {RANK_WORDS[rank][0 if count == 1 else 1]}"
