"""Actions of an auction, with text forms that round-trip (``parse(str(a)) == a``).

Bidders: ``bid 120`` (a value or a number of notes), ``lay 10+0+0`` (notes laid face
down, Secret Count, or a sealed bid under ``sealed_bids="notes"``; ``bid 10+0+0`` reads
the same), ``pass``, ``take`` (Dutch: grab the hammer), ``raise 10`` /
``stop`` (American Count), ``accept`` / ``refuse`` (The Call); every payer:
``pay 100+20``. The auctioneer: ``call 150`` (The Call), ``choose 2`` (among tied
bids, or who takes the more valuable animal), ``sell`` / ``buy`` / ``buy 1`` (the
right of first refusal). Chance: ``lot cow``, ``pen horse,cow,goat``, ``shuffle 2,0,1``
(the pen face down), ``first 3`` (who grabbed the hammer first), and the left
neighbour's ``pick 2`` (Cat in the Bag).

>>> parse("bid 120"), parse("buy 1,2"), parse("lot cow,horse")
(Bid(amount=120), Refusal(keep=(0, 1)), Lot(animals=(8, 9)))
>>> str(parse("bid 0+0+10", (0, 10, 50, 100, 200, 500))), str(parse("lay 50"))
('lay 10+0+0', 'lay 50')
"""

from __future__ import annotations

from dataclasses import dataclass

from bluffkit.auctions.rules import ANIMALS, DENOMINATIONS
from bluffkit.core.errors import NotationError, quote, whole_number, without_commas
from bluffkit.core.money import MAX_DIGITS, fmt, parse as parse_notes


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid: a value (value auctions) or a number of notes (count auctions)."""

    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount}"


@dataclass(frozen=True, slots=True)
class Place:
    """Secret Count: lay these notes face down as the bid (their number counts); a sealed
    bid under ``sealed_bids="notes"`` (their value counts)."""

    notes: tuple[int, ...]
    denoms: tuple[int, ...] = DENOMINATIONS

    def __str__(self) -> str:
        return f"lay {fmt(self.notes, self.denoms)}"


@dataclass(frozen=True, slots=True)
class Raise:
    """American Count: lay one more note face down."""

    note: int

    def __str__(self) -> str:
        return f"raise {self.note}"


@dataclass(frozen=True, slots=True)
class Word:
    """An action with no argument: ``pass``, ``take``, ``stop``, ``accept``, ``refuse``."""

    word: str

    def __str__(self) -> str:
        return self.word


@dataclass(frozen=True, slots=True)
class Call:
    """The Call: the auctioneer names the price."""

    amount: int

    def __str__(self) -> str:
        return f"call {self.amount}"


@dataclass(frozen=True, slots=True)
class Choose:
    """The auctioneer's choice of a seat (a tie, or who takes the more valuable animal)."""

    seat: int

    def __str__(self) -> str:
        return f"choose {self.seat}"


@dataclass(frozen=True, slots=True)
class Refusal:
    """The right of first refusal: ``keep`` lists the lots (0-based) the auctioneer buys;
    ``(-1,)`` is every lot (``buy``)."""

    keep: tuple[int, ...]

    def __str__(self) -> str:
        if not self.keep:
            return "sell"
        if self.keep == (-1,):
            return "buy"
        return "buy " + ",".join(str(k + 1) for k in self.keep)


@dataclass(frozen=True, slots=True)
class Pay:
    """A payment: the notes handed over."""

    notes: tuple[int, ...]
    denoms: tuple[int, ...] = DENOMINATIONS

    def __str__(self) -> str:
        return f"pay {fmt(self.notes, self.denoms)}"


@dataclass(frozen=True, slots=True)
class Lot:
    """Chance: the animal(s) in the pen to be auctioned."""

    animals: tuple[int, ...]

    def __str__(self) -> str:
        return "lot " + ",".join(ANIMALS[a] for a in self.animals)


@dataclass(frozen=True, slots=True)
class Pen:
    """Chance, Cat in the Bag: the animals shown before they are shuffled face down."""

    animals: tuple[int, ...]

    def __str__(self) -> str:
        return "pen " + ",".join(ANIMALS[a] for a in self.animals)


@dataclass(frozen=True, slots=True)
class Shuffle:
    """Chance, Cat in the Bag: the pen's animals (by index) in their face-down order."""

    order: tuple[int, ...]

    def __str__(self) -> str:
        return "shuffle " + ",".join(map(str, self.order))


@dataclass(frozen=True, slots=True)
class Pick:
    """Cat in the Bag: the left neighbour points at face-down card(s) (1-based)."""

    places: tuple[int, ...]

    def __str__(self) -> str:
        return "pick " + ",".join(map(str, self.places))


@dataclass(frozen=True, slots=True)
class First:
    """Chance, Dutch: of those who grabbed at the same count, who was first."""

    seat: int

    def __str__(self) -> str:
        return f"first {self.seat}"


PASS, TAKE, STOP, ACCEPT, REFUSE = (Word(w) for w in ("pass", "take", "stop", "accept", "refuse"))
SELL, BUY = Refusal(()), Refusal((-1,))
WORDS = {w.word: w for w in (PASS, TAKE, STOP, ACCEPT, REFUSE)}


def _ints(text: str, what: str) -> tuple[int, ...]:
    try:
        out = tuple(whole_number(w.strip()) for w in text.split(","))
    except ValueError:
        raise NotationError(f"{what} takes whole numbers separated by commas, got {quote(text)}") from None
    return out


def _one(text: str, what: str) -> int:
    """Exactly one whole number."""
    n = _ints(text, what)
    if len(n) != 1:
        hint = without_commas(text.strip()) if what == "call" else ""       # (a seat is no amount)
        raise NotationError(f"{what} takes one number, got {quote(text)}{hint}")
    return n[0]


def _animals(text: str) -> tuple[int, ...]:
    out = []
    for w in text.split(","):
        w = w.strip().lower()
        if w not in ANIMALS:
            raise NotationError(f"{quote(w)} is not an animal ({', '.join(ANIMALS)})")
        out.append(ANIMALS.index(w))
    return tuple(out)


def parse(text: str, denoms: tuple[int, ...] = DENOMINATIONS):
    """An action from its text (see the module docstring)."""
    if not isinstance(text, str) or not text.split():
        raise NotationError("empty action")
    head, _, rest = " ".join(text.split()).partition(" ")     # (tabs and runs of spaces: one space)
    head = head.lower()
    if not rest and head in WORDS:
        return WORDS[head]
    if head == "sell" and not rest:
        return SELL
    if head == "lay" and rest:
        return Place(parse_notes(rest, denoms), denoms)
    if head == "bid" and rest:
        if "+" in rest or rest == "none":
            return Place(parse_notes(rest, denoms), denoms)
        if rest.isascii() and rest.isdigit() and len(rest) <= MAX_DIGITS:
            return Bid(int(rest))
        if rest.isascii() and rest.isdigit():
            raise NotationError(f"a bid has at most {MAX_DIGITS} digits, got {len(rest):,}")
        raise NotationError(f"a bid is a whole number (bid 120) or notes (bid 10+0+0), got {quote(rest)}"
                             + without_commas(rest))
    if head == "pay" and rest:
        return Pay(parse_notes(rest, denoms), denoms)
    if head == "raise" and rest:
        n = _ints(rest, "raise")
        if len(n) != 1 or n[0] not in denoms:
            raise NotationError(f"raise lays one note ({', '.join(map(str, denoms))}), got {quote(rest)}")
        return Raise(n[0])
    if head == "call" and rest:
        return Call(_one(rest, "call"))
    if head == "choose" and rest:
        return Choose(_one(rest, "choose"))
    if head == "buy":
        if not rest:
            return BUY
        lots = _ints(rest, "buy")
        if min(lots) < 1:
            raise NotationError(f"lots count from 1 (buy 1, buy 2, buy 1,2), got {quote(rest)}")
        return Refusal(tuple(sorted(k - 1 for k in lots)))
    if head == "lot" and rest:
        return Lot(_animals(rest))
    if head == "pen" and rest:
        return Pen(_animals(rest))
    if head == "shuffle" and rest:
        return Shuffle(_ints(rest, "shuffle"))
    if head == "pick" and rest:
        return Pick(_ints(rest, "pick"))
    if head == "first" and rest:
        return First(_one(rest, "first"))
    if not rest and head in _NEEDS:                # a known move without what it takes
        raise NotationError(f"{head} takes {_NEEDS[head]}")
    if rest and (head in WORDS or head == "sell"):  # a known word with more after it ("pass pass")
        raise NotationError(f"{quote(head)} takes nothing after it, got {quote(rest)}")
    raise NotationError(f"unknown action {quote(text)}: bid N, bid NOTES, pass, take, raise NOTE, stop, accept, refuse, "
                        "lay NOTES, call N, choose SEAT, sell, buy [LOTS], pay NOTES")


#: What a move written without its argument lacks, said in the refusal ("bid" alone).
_NEEDS = {"bid": "an amount or notes: bid 120, or bid 10+0+0", "lay": "notes: lay 10+0", "pay": "notes: pay 50+10",
          "raise": "one note: raise 10", "call": "a number: call 3", "choose": "a seat: choose 2"}
