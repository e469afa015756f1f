"""Actions of You're Bluffing! / Horse Trading as small records with a text form.

The text form round-trips: ``parse(str(a)) == a``. Families are written by their
animal name; ``parse`` also reads Horse Trading's ranks (``A``, ``2`` .. ``10``).
Notes are written as in :mod:`bluffkit.core.money` (``50+50+0``, ``none``).

>>> str(Bid(60)), parse("bid 60") == Bid(60)
('bid 60', True)
>>> a = parse("trade 1 goat 10+0+0")
>>> a
Trade(target=1, family=5, notes=(2, 1, 0, 0, 0, 0))
>>> str(a)
'trade 1 goat 10+0+0'
>>> parse("trade 1 6 10+0+0") == a
True
>>> parse("draw 9")
Draw(family=8)
"""

from __future__ import annotations

from dataclasses import dataclass

from bluffkit.core.errors import NotationError, quote, whole_number, without_commas
from bluffkit.core.money import Notes, fmt, parse as parse_notes
from bluffkit.games.youre_bluffing.rules import DENOMINATIONS, FAMILIES, RANKS

_D = DENOMINATIONS


@dataclass(frozen=True, slots=True)
class Auction:
    """The leader turns up the top animal and auctions it (YB "The Auctions")."""

    def __str__(self) -> str:
        return "auction"


@dataclass(frozen=True, slots=True)
class Trade:
    """The leader challenges ``target`` for ``family`` with a face-down offer (YB "The Cattle Trade")."""

    target: int
    family: int
    notes: Notes

    def __str__(self) -> str:
        return f"trade {self.target} {FAMILIES[self.family]} {fmt(self.notes, _D)}"


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid in the open auction; any non-leader may bid, in any order."""

    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount}"


@dataclass(frozen=True, slots=True)
class Pass:
    """No (higher) bid from this player for now."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Sell:
    """The leader sells the lot to the highest bidder."""

    def __str__(self) -> str:
        return "sell"


@dataclass(frozen=True, slots=True)
class Buy:
    """The leader's right of preemption: pay the highest bidder the bid and keep the lot."""

    def __str__(self) -> str:
        return "buy"


@dataclass(frozen=True, slots=True)
class Pay:
    """The payer hands over these notes (no change is given)."""

    notes: Notes

    def __str__(self) -> str:
        return f"pay {fmt(self.notes, _D)}"


@dataclass(frozen=True, slots=True)
class Accept:
    """The challenged player takes the offer and gives up the animal(s)."""

    def __str__(self) -> str:
        return "accept"


@dataclass(frozen=True, slots=True)
class Counter:
    """The challenged player's face-down counter-offer; the offers are swapped."""

    notes: Notes

    def __str__(self) -> str:
        return f"counter {fmt(self.notes, _D)}"


@dataclass(frozen=True, slots=True)
class Offer:
    """The challenger's new offer after a tie (You're Bluffing!'s tie rule)."""

    notes: Notes

    def __str__(self) -> str:
        return f"offer {fmt(self.notes, _D)}"


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance: the top card of the animal pile is this family."""

    family: int

    def __str__(self) -> str:
        return f"draw {FAMILIES[self.family]}"


AUCTION, PASS, SELL, BUY, ACCEPT = Auction(), Pass(), Sell(), Buy(), Accept()
_BIDS: dict[int, Bid] = {}


def bid(amount: int) -> Bid:
    """``Bid(amount)``, the same object each time (bids are made very often)."""
    b = _BIDS.get(amount)
    if b is None:
        b = _BIDS[amount] = Bid(amount)
    return b
_SIMPLE: dict[str, Auction | Pass | Sell | Buy | Accept] = {"auction": AUCTION, "pass": PASS, "sell": SELL, "buy": BUY, "accept": ACCEPT}
_NOTES: dict[str, type[Pay] | type[Counter] | type[Offer]] = {"pay": Pay, "counter": Counter, "offer": Offer}
Action = Auction | Trade | Bid | Pass | Sell | Buy | Pay | Accept | Counter | Offer


def text(action, labels: tuple[str, ...] = FAMILIES) -> str:
    """The text form with families named by ``labels`` (Horse Trading: ranks).

    >>> text(Trade(1, 5, (2, 1, 0, 0, 0, 0)), RANKS)
    'trade 1 6 10+0+0'
    >>> parse(text(Draw(8), RANKS))
    Draw(family=8)
    """
    s = str(action)
    if labels is FAMILIES or not hasattr(action, "family"):
        return s
    name = FAMILIES[action.family]
    head, _, rest = s.partition(" ")
    words = rest.split(" ")
    words = [labels[action.family] if w == name else w for w in words]
    return " ".join([head] + words)


def parse_family(word: str) -> int:
    """A family index from an animal name or a Horse Trading rank."""
    w = word.strip().lower()
    if w in FAMILIES:
        return FAMILIES.index(w)
    if w.upper() in RANKS:
        return RANKS.index(w.upper())
    raise NotationError(f"{quote(word)} is not an animal (one of {', '.join(FAMILIES)}) "
                        f"or a rank (A, 2 .. 10)")


def _int(word: str, what: str) -> int:
    try:
        return whole_number(word)
    except ValueError:
        digits = word[1:] if word[:1] in ("+", "-") else word
        if digits.isascii() and digits.isdigit():               # digits, more than Python reads
            raise NotationError(f"{what} of {len(digits.lstrip('0')):,} digits is more than can be read") from None
        hint = without_commas(word) if what == "a bid" else ""             # (a seat is no amount)
        raise NotationError(f"{what} must be a whole number, got {quote(word)}{hint}") from None


def parse(text: str) -> Action | Draw:
    """Read an action (or a chance draw) from its text form."""
    if not isinstance(text, str):
        raise NotationError(f"an action must be text, got {type(text).__name__}")
    words = text.split()
    if not words:
        raise NotationError("empty action")
    head, rest = words[0].lower(), words[1:]
    if head in _SIMPLE:
        if rest:
            raise NotationError(f"{quote(head)} takes nothing after it, got {quote(' '.join(rest))}")
        return _SIMPLE[head]
    if head == "bid":
        if len(rest) != 1:
            raise NotationError("write a bid as 'bid AMOUNT', e.g. 'bid 60'")
        return Bid(_int(rest[0], "a bid"))
    if head in _NOTES:
        if len(rest) != 1:
            raise NotationError(f"write it as '{head} NOTES', e.g. '{head} 50+10' or '{head} none'")
        return _NOTES[head](parse_notes(rest[0], _D))
    if head == "trade":
        if len(rest) != 3:
            raise NotationError("write a trade as 'trade SEAT ANIMAL NOTES', e.g. 'trade 1 goat 10+0+0'")
        return Trade(_int(rest[0], "the seat"), parse_family(rest[1]), parse_notes(rest[2], _D))
    if head == "draw":
        if len(rest) != 1:
            raise NotationError("write a draw as 'draw ANIMAL', e.g. 'draw cow'")
        return Draw(parse_family(rest[0]))
    raise NotationError(f"unknown action {quote(words[0])}; actions are auction, trade, bid, pass, "
                        f"sell, buy, pay, accept, counter, offer (and draw for chance)")
