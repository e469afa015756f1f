"""Actions of Bidder Up! as small records whose text round-trips (``parse(str(a)) == a``).

The board's own actions (section C-J of docs/bidder-up.md)::

    move 7 / move 9 pay 10      pawn to space 7 (9: one space more, 1 note)
    trade 2 sheep offer 50+0    challenge seat 2 for a sheep, offer face down
    agree / counter 100         the challenged: accept, or counter-offer face down
    market sheep+2,donkey-1 pay 10+10+0+0 / market none
    raffle 2 pay 10+0 / raffle 0        draw 2 tickets for 2 notes, or none
    keep wool-milk:2            the ticket kept of those drawn
    ticket extra-turn / ticket move-markers sheep+1,dog-1 / end
    raid / loan 200 / gamble / give 50  two players: the Piggy Bank's three options
    chance: deal ANIMALS [stock NOTES] [bag TICKETS], roll 2, tickets a,b, sow 1

Anything else is a move of the embedded auction (``bid 120``, ``pass``, ``sell``,
``pay 100+20``, ...), read by :func:`bluffkit.auctions.actions.parse`.

>>> D = (0, 10, 50, 100, 200, 500)
>>> str(parse("move 9 pay 10", D)), str(parse("market sheep+2,donkey-1 pay 10+10+0+0", D))
('move 9 pay 10', 'market sheep+2,donkey-1 pay 10+10+0+0')
>>> parse("bid 120", D)
Bid(amount=120)
"""

from __future__ import annotations

from dataclasses import dataclass

from bluffkit.auctions.actions import parse as parse_auction
from bluffkit.auctions.rules import ANIMALS, DENOMINATIONS
from bluffkit.core.errors import NotationError, quote, whole_number
from bluffkit.core.money import fmt, parse as parse_notes
from bluffkit.games.bidder_up.rules import ticket_ok

#: A male animal, told apart in the Fairground's Baby Animals variant: its type plus MALE
#: (the females, and every animal in other games, are their type).
MALE = 10


def name(a: int) -> str:
    """An animal's name; a male told apart reads ``cow-m``."""
    return ANIMALS[a % MALE] + ("-m" if a >= MALE else "")


def told_apart(kinds, pool) -> tuple[int, ...]:
    """The animals of types ``kinds`` taken in turn from ``pool`` (a pen's animals, a male
    told apart: its type + :data:`MALE`): where the male and a female of one type lie in
    the pen, the first taken is the male (a reading: the text does not say [K]; see
    docs/bidder-up.md). A type the pool no longer holds stays its type.

    >>> [name(a) for a in told_apart((8, 8, 5), (8, 18, 5))]
    ['cow-m', 'cow', 'goat']
    """
    left = list(pool)
    out = []
    for kind in kinds:
        a = kind % MALE + MALE if kind % MALE + MALE in left else kind % MALE
        if a in left:
            left.remove(a)
        out.append(a)
    return tuple(out)


def _pay(notes, denoms) -> str:
    return f" pay {fmt(notes, denoms)}" if sum(notes) else ""


def _changes(changes) -> str:
    return ",".join(f"{ANIMALS[a]}{d:+d}" for a, d in changes) or "none"


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance, the setup: the animals face down in board order (pens, a Cat in the Bag pen
    3, then the two supply stacks, top first); two players: the Gambling ``stock`` (top
    first, after the box's notes) and the raffle ``bag``; Baby Animals: the 4 ``babies``
    drawn to the supply board."""

    animals: tuple[int, ...]
    stock: tuple[int, ...] = ()
    bag: tuple[str, ...] = ()
    denoms: tuple[int, ...] = DENOMINATIONS
    babies: tuple[int, ...] = ()

    def __str__(self) -> str:
        out = "deal " + ",".join(name(a) for a in self.animals)
        if self.stock:
            out += " stock " + ",".join(str(self.denoms[i]) for i in self.stock)
        if self.bag:
            out += " bag " + ",".join(self.bag)
        if self.babies:
            out += " babies " + ",".join(ANIMALS[a] for a in self.babies)
        return out


@dataclass(frozen=True, slots=True)
class Roll:
    """Chance: the die shows ``n``."""

    n: int

    def __str__(self) -> str:
        return f"roll {self.n}"


@dataclass(frozen=True, slots=True)
class Move:
    """Move the pawn to ``space``, paying ``notes`` (their number) for the change."""

    space: object
    notes: tuple[int, ...]
    denoms: tuple[int, ...] = DENOMINATIONS

    def __str__(self) -> str:
        return f"move {self.space}{_pay(self.notes, self.denoms)}"


@dataclass(frozen=True, slots=True)
class Trade:
    """Horse-trade: challenge ``target`` for ``animal``, with ``notes`` offered face down.
    Fairground Baby Animals: ``sexes``, the specimens the challenger chooses, its own and
    the target's (``"m"`` or ``"f"``; ``trade 1 sheep:f:m offer 50``); ``""``: females
    where there are any."""

    target: int
    animal: int
    notes: tuple[int, ...]
    denoms: tuple[int, ...] = DENOMINATIONS
    sexes: str = ""

    def __str__(self) -> str:
        pick = f":{self.sexes[0]}:{self.sexes[1]}" if self.sexes else ""
        return f"trade {self.target} {ANIMALS[self.animal]}{pick} offer {fmt(self.notes, self.denoms)}"


@dataclass(frozen=True, slots=True)
class Counter:
    """The challenged player's face-down counter-offer."""

    notes: tuple[int, ...]
    denoms: tuple[int, ...] = DENOMINATIONS

    def __str__(self) -> str:
        return f"counter {fmt(self.notes, self.denoms)}"


@dataclass(frozen=True, slots=True)
class Market:
    """Change the market values: ``changes`` ``(type, steps)``, paying ``notes``."""

    changes: tuple
    notes: tuple[int, ...]
    denoms: tuple[int, ...] = DENOMINATIONS

    def __str__(self) -> str:
        return f"market {_changes(self.changes)}{_pay(self.notes, self.denoms)}"


@dataclass(frozen=True, slots=True)
class Raffle:
    """Draw ``k`` tickets, paying ``notes`` (k of them); 0: draw none."""

    k: int
    notes: tuple[int, ...]
    denoms: tuple[int, ...] = DENOMINATIONS

    def __str__(self) -> str:
        return f"raffle {self.k}{_pay(self.notes, self.denoms)}"


@dataclass(frozen=True, slots=True)
class Tickets:
    """Chance: the tickets drawn from the bag."""

    names: tuple[str, ...]

    def __str__(self) -> str:
        return "tickets " + ",".join(self.names)


@dataclass(frozen=True, slots=True)
class Keep:
    """Keep this one of the tickets drawn (the others go back into the bag)."""

    name: str

    def __str__(self) -> str:
        return f"keep {self.name}"


@dataclass(frozen=True, slots=True)
class Ticket:
    """Reveal an action ticket (Move Market Markers with its ``changes``)."""

    name: str
    changes: tuple = ()

    def __str__(self) -> str:
        return f"ticket {self.name}" + (f" {_changes(self.changes)}" if self.changes else "")


@dataclass(frozen=True, slots=True)
class Word:
    """``agree``, ``end``, ``raid``, ``gamble``."""

    word: str

    def __str__(self) -> str:
        return self.word


@dataclass(frozen=True, slots=True)
class Loan:
    """Two players: take the ``value`` note with its IOU."""

    value: int

    def __str__(self) -> str:
        return f"loan {self.value}"


@dataclass(frozen=True, slots=True)
class Give:
    """Gamble on a 3: the note (value) given to the opponent."""

    value: int

    def __str__(self) -> str:
        return f"give {self.value}"


@dataclass(frozen=True, slots=True)
class Sow:
    """Chance: the die decides who of the tied wins the Wool-Milk-Sow."""

    seat: int

    def __str__(self) -> str:
        return f"sow {self.seat}"


AGREE, END, RAID, GAMBLE = Word("agree"), Word("end"), Word("raid"), Word("gamble")
_WORDS = {w.word: w for w in (AGREE, END, RAID, GAMBLE)}
CHANCE = (Deal, Roll, Tickets, Sow)


def _int(text: str, what: str) -> int:
    try:
        return whole_number(text)
    except ValueError:
        raise NotationError(f"{what} takes a whole number, got {quote(text[:30])}") from None


def _animal(text: str, male: bool = False) -> int:
    w = text.strip().lower()
    if male and w.endswith("-m") and w[:-2] in ANIMALS:
        return ANIMALS.index(w[:-2]) + MALE
    if w not in ANIMALS:
        raise NotationError(f"{quote(text)} is not an animal ({', '.join(ANIMALS)})")
    return ANIMALS.index(w)


def parse_changes(text: str) -> tuple:
    """``sheep+2,donkey-1`` as ``((4, 2), (6, -1))``; ``none`` as ``()``."""
    text = text.strip()
    if text in ("none", ""):
        return ()
    out = []
    for part in text.split(","):
        part = part.strip()
        cut = max(part.rfind("+"), part.rfind("-"))
        if cut <= 0:
            raise NotationError(f"{quote(part)}: write a type and its steps, e.g. sheep+2 or donkey-1")
        out.append((_animal(part[:cut]), _int(part[cut:], "a market change")))
    return tuple(out)


def _with_pay(rest: str, denoms) -> tuple[str, tuple]:
    head, sep, notes = rest.partition(" pay ")
    if not sep and rest.startswith("pay "):
        head, notes, sep = "", rest[4:], " pay "
    return head.strip(), parse_notes(notes, denoms) if sep else (0,) * len(denoms)


def _space(text: str):
    text = text.strip()
    if not text or " " in text:
        raise NotationError(f"move takes one space, got {quote(text)}")
    return _int(text, "move") if text.lstrip("-").isdigit() else text.lower()   # ids are lower-case


def parse(text: str, denoms: tuple[int, ...] = DENOMINATIONS):
    """An action of Bidder Up! or of its embedded auction from its text."""
    if not isinstance(text, str) or not text.split():
        raise NotationError("empty action")
    text = " ".join(text.split())
    head, _, rest = text.partition(" ")
    head = head.lower()
    if head in _WORDS and not rest:
        return _WORDS[head]
    if head == "roll":
        if not rest:                # typed at the table: the die is chance's, rolled for the player
            raise NotationError("the die is rolled for you at the start of your turn (chance's move; a log or "
                                "scenario writes its face, e.g. roll 3)")
        return Roll(_int(rest, "roll"))
    if head == "sow":
        return Sow(_int(rest, "sow"))
    if head == "loan":
        return Loan(_int(rest, "loan"))
    if head == "give":
        return Give(_int(rest, "give"))
    if head == "move":
        where, notes = _with_pay(rest, denoms)
        return Move(_space(where), notes, denoms)
    if head == "trade":
        words = rest.split(" ")
        if len(words) < 4 or words[2] != "offer":
            raise NotationError(f"write 'trade SEAT ANIMAL offer NOTES', got {quote(text)}")
        kind, *sexes = words[1].split(":")
        if sexes and (len(sexes) != 2 or not all(x in ("m", "f") for x in sexes)):
            raise NotationError(f"{quote(words[1])}: the specimens are written ANIMAL:S:S, each S m or f "
                                f"(yours, then theirs), e.g. sheep:m:f")
        return Trade(_int(words[0], "trade"), _animal(kind), parse_notes(" ".join(words[3:]), denoms), denoms,
                     "".join(sexes))
    if head == "counter":
        return Counter(parse_notes(rest, denoms), denoms)
    if head == "market":
        what, notes = _with_pay(rest, denoms)
        return Market(parse_changes(what), notes, denoms)
    if head == "raffle":
        k, notes = _with_pay(rest, denoms)
        return Raffle(_int(k, "raffle"), notes, denoms)
    if head in ("tickets", "keep", "ticket"):
        words = rest.split(" ")
        names = tuple(words[0].split(",")) if words[0] else ()
        bad = [n for n in names if not ticket_ok(n)]
        if bad or not names:
            raise NotationError(f"{quote((bad or [rest])[0])} is not a raffle ticket")
        if head == "tickets":
            return Tickets(names)
        if len(names) != 1 or (head == "keep" and len(words) > 1):
            raise NotationError(f"{head} takes one ticket, got {quote(rest)}")
        if head == "keep":
            return Keep(names[0])
        return Ticket(names[0], parse_changes(" ".join(words[1:])) if len(words) > 1 else ())
    if head == "deal":
        parts = rest.split(" ")
        if len(parts) % 2 != 1 or len(parts) > 7:
            raise NotationError("write 'deal ANIMALS [stock NOTES] [bag TICKETS] [babies ANIMALS]'")
        animals = tuple(_animal(a, male=True) for a in parts[0].split(","))
        stock: tuple = ()
        bag: tuple = ()
        babies: tuple = ()
        for key, val in zip(parts[1::2], parts[2::2]):
            if key == "stock":
                values = [_int(v, "stock") for v in val.split(",")]
                if any(v not in denoms for v in values):
                    raise NotationError(f"stock: notes are {', '.join(map(str, denoms))}")
                stock = tuple(denoms.index(v) for v in values)
            elif key == "bag":
                bag = tuple(val.split(","))
                if not all(ticket_ok(b) for b in bag):
                    raise NotationError(f"bag: {quote(val)} holds a name that is no raffle ticket")
            elif key == "babies":
                babies = tuple(_animal(a) for a in val.split(","))
            else:
                raise NotationError(f"deal: unknown part {quote(key)} (stock, bag, babies)")
        return Deal(animals, stock, bag, denoms, babies)
    try:
        return parse_auction(text, denoms)
    except NotationError as e:
        if not str(e).startswith("unknown action"):
            raise
    if rest and head in _WORDS:     # a board word with more after it ("end now")
        raise NotationError(f"{quote(head)} takes nothing after it, got {quote(rest)}")
    # not the auction verbs alone: the board's are as many ('help' lists those of the moment)
    raise NotationError(f"unknown action {quote(text)}: on the board move, trade, counter, agree, market, raffle, "
                        f"keep, ticket, end, raid, gamble, loan, give; in an auction bid, lay, pass, take, raise, "
                        f"stop, accept, refuse, call, choose, pick, sell, buy, pay ('help' lists yours now)") from None
