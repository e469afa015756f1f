"""Actions of Bløff as small records with a text form that round-trips.

>>> parse("play AS,9S")
Play(cards=(0, 32))
>>> str(parse("play AS,9S")), parse("call") is CALL_, str(PASS_)
('play AS,9S', True, 'pass')
>>> str(parse("deal AS|2H,KC"))
'deal AS|2H,KC'
"""

from __future__ import annotations

from dataclasses import dataclass

from bluffkit.core.errors import NotationError, quote
from bluffkit.games.bloff.cards import cards_text, parse_cards


@dataclass(frozen=True, slots=True)
class Play:
    """Lay these cards face down, claiming that many of the rank in turn."""

    cards: tuple[int, ...]

    def __str__(self) -> str:
        return f"play {cards_text(self.cards)}"


@dataclass(frozen=True, slots=True)
class Call:
    """"Bløff!": turn the last play over."""

    def __str__(self) -> str:
        return "call"


@dataclass(frozen=True, slots=True)
class Pass:
    """Let the last play stand (as far as this player is concerned)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance: each seat's hand after the shuffle and deal."""

    hands: tuple[tuple[int, ...], ...]

    def __str__(self) -> str:
        return "deal " + "|".join(cards_text(h) for h in self.hands)


CALL_, PASS_ = Call(), Pass()


def parse(text: str):
    """``play AS,9S``, ``call``, ``pass``, or chance's ``deal AS,...|2H,...``."""
    if not isinstance(text, str) or not text.split():
        raise NotationError("empty action")
    head, _, rest = text.strip().partition(" ")
    head = head.lower()
    if head == "call" and not rest:
        return CALL_
    if head == "pass" and not rest:
        return PASS_
    if head == "play":
        return Play(parse_cards(rest))          # in the order written: str() gives it back
    if head == "deal":
        return Deal(tuple(parse_cards(h) for h in rest.split("|")))
    raise NotationError(f"unknown action {quote(text)}: write 'play CARDS' (e.g. 'play AS,9S'), 'call' or 'pass'")
