"""The ten auction formats of Bidder Up! and the rule options of one auction.

Every format is cited to the booklet's section "The Auctions" (seeds/001); the
general auction rules ("Auction Pens", "Special Moments During an Auction") hold
in all of them: the auctioneer never bids and always has the right of first
refusal; no change is given; whoever cannot pay must show their money and the
auction is run again, that player capped at what they can pay.

>>> FORMATS["second-hand"].pricing, FORMATS["second-hand"].players
('value', (4, 4))
>>> r = Rules(format="dutch")
>>> r.pricing, r.sealed
('count', False)
>>> Rules(format="bingo")
Traceback (most recent call last):
...
bluffkit.core.errors.RulesError: unknown auction format 'bingo'; the formats are: classic, cat-in-the-bag, dutch, secret-value, secret-count, round-the-table, american-count, second-hand, number-call, the-call
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from bluffkit.core.errors import RulesError, count
from bluffkit.core.money import amount
from bluffkit.core.rules import RuleOptions


@dataclass(frozen=True)
class Format:
    """One auction of the booklet: its number and title, ``pricing`` (``"value"``: the
    bid's value counts; ``"count"``: the number of notes counts), the player counts
    it is for (auctioneer included), how bids are made (``style``), and how a double
    pen is sold (``"package"``: both animals for one price; ``"split"``: the highest
    bid takes the more valuable animal, the second-highest the other). ``sealed_price`` is
    the bid a sealed auction's winner pays, as the textbook names it: ``"first"`` (its own:
    Secret Value, Secret Count) or ``"second"`` (the second-highest: Second Hand); ``""``
    for the auctions bid in the open or called."""

    name: str
    title: str
    number: int
    pricing: str
    players: tuple[int, int]
    style: str
    double: str = "package"
    sealed_price: str = ""

    @property
    def two_player(self) -> bool:
        """An auction for the auctioneer and one other player (Number Call, The Call)."""
        return self.players == (2, 2)


#: The booklet's ten auctions, "The Auctions", 1 to 10.
FORMATS = {f.name: f for f in (
    Format("classic", "Classic", 1, "value", (2, 4), "open"),
    Format("cat-in-the-bag", "Cat in the Bag", 2, "value", (2, 4), "open"),
    Format("dutch", "Dutch Auction", 3, "count", (3, 4), "dutch"),
    Format("secret-value", "Secret Value", 4, "value", (3, 4), "sealed", "split", "first"),
    Format("secret-count", "Secret Count", 5, "count", (3, 4), "sealed-notes", "split", "first"),
    Format("round-the-table", "Round-the-Table", 6, "value", (3, 4), "round"),
    Format("american-count", "American Count", 7, "count", (4, 4), "american"),
    Format("second-hand", "Second Hand", 8, "value", (4, 4), "sealed", sealed_price="second"),
    Format("number-call", "Number Call", 9, "count", (2, 2), "call-count"),
    Format("the-call", "The Call", 10, "value", (2, 2), "the-call"),
)}

#: Bounds on the number options, so that every auction ends in a number of moves a class
#: can wait for: the Dutch count goes down one a move, open bids rise by ``step`` up to
#: what a lot is worth, and a count auction raises one note at a time. The American
#: Count's last raise (``american_final``) lays at most the notes a player holds, so it
#: is bounded by :data:`MAX_NOTES` too (a larger number changes no auction, but it is
#: shown to the players and scales the learning encoders' count feature).
MAX_DUTCH_START = 100
MAX_ANIMAL_VALUE = 10_000
MAX_NOTES = 1_000

#: Why a bidder's value is bounded, in the words of every error that refuses one (the
#: bidders, the lab's value laws and scale, the count-auction hands).
VALUE_BOUND = (f"a bidder's value is at most {MAX_ANIMAL_VALUE:,} (the auctions' MAX_ANIMAL_VALUE: an open "
               f"auction's bids rise a step at a time up to the values, so a far larger value would bid for ever)")


def value_ok(v) -> bool:
    """Whether ``v`` is a value a bidder may hold: a number from 0 to :data:`MAX_ANIMAL_VALUE`
    (nan and inf are not)."""
    return isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= MAX_ANIMAL_VALUE

#: Animal values for "the more valuable of the two animals" and for the lab's bidders. A
#: guess, not the booklet's table: the booklet names only cows 800 ("both cows = 800
#: points"), horses 1,000 and sheep 350 (Animal Market scoring example); the other types
#: take the You're Bluffing! family values, and the goat, which You're Bluffing! values
#: at 350 too, keeps that, so goat and sheep are equally valuable here. The board game
#: supplies its own values (its Animal Market table or the Fairground's market) through
#: ``Rules(animal_values=...)`` or :func:`bluffkit.auctions.embed.start`.
ANIMALS = ("rooster", "goose", "cat", "dog", "sheep", "goat", "donkey", "pig", "cow", "horse")
ANIMAL_VALUES = (10, 40, 90, 160, 350, 350, 500, 650, 800, 1000)
DENOMINATIONS = (0, 10, 50, 100, 200, 500)


@dataclass(frozen=True)
class Rules(RuleOptions):
    """Fields (booklet sections in quotes):

    - ``format``: one of :data:`FORMATS`.
    - ``double``: a double pen ("double pen, B": two animals) instead of a small one.
    - ``step``: Classic and Cat in the Bag: "Each bid must exceed the current highest
      bid by at least 10"; the first bid is at least ``step`` too.
    - ``dutch_start``: Dutch: "count down slowly and evenly, starting from 10" (to 1); at
      most :data:`MAX_DUTCH_START`.
    - ``american_final``: American Count: "raise their bid once more by up to 3 notes"; at
      most :data:`MAX_NOTES`, the most notes a player can hold (a larger last raise could
      never be laid).
    - ``player_limits``: ``True`` keeps each format's player counts ("(3-4 players)");
      ``False`` lets the lab seat 2 to 10 players in any format.
    - ``denominations``, ``start_money``: the notes and each player's money at the
      start (the booklet does not list them: a named default, the You're Bluffing!
      notes with 540 each, so that the booklet's bids of 100 and 120 can be paid).
    - ``payment``: ``"exact_if_possible"`` ("Money is never given as change. Whoever can't
      pay the exact amount must pay a higher price instead") or ``"any_cover"``.
    - ``animal_values``: what makes one animal "more valuable" (see :data:`ANIMAL_VALUES`);
      at most :data:`MAX_ANIMAL_VALUE` each. ``start_money`` holds at most :data:`MAX_NOTES`
      notes.
    - ``second_price_alone``: Second Hand with a single bid: the booklet is silent; the
      price is 0 (``"zero"``, the default: there is no second bid) or the bid itself
      (``"own"``).
    - ``show_against``: "Can't pay, must show. Whoever can't come up with their bid must
      show all of their money." In Second Hand the winner pays the second-highest bid, so
      "their bid" reads two ways: ``"price"`` (default) checks the winner's money against
      the price it must pay, so a bid above one's money costs nothing when the second bid
      is within it; ``"bid"`` checks it against the bid it made, so such a winner shows
      its money and the auction is repeated. Every other format's price is the bid, and
      bids laid as notes (``sealed_bids="notes"``) are held, so there it changes nothing.
    - ``round_ties``: Round-the-Table: the booklet is silent on equal bids; ``"auctioneer"``
      (default, as in the sealed auctions: "the auctioneer may choose") or ``"first"``
      (the earlier bid stands).
    - ``sealed_bids``: Secret Value and Second Hand say "place a secret bid face-down";
      ``"amount"`` (default) reads a bid as a named amount (``bid 120``), ``"notes"`` as
      notes laid face down from the bidder's hand (``lay 100+20``), the bid being their
      total value: a bid can then never exceed what the bidder holds. The notes go back
      to their owners when the bids are revealed, and the winner pays as usual. Other
      formats ignore it (Secret Count always lays notes).
    - ``supply``: where chance draws the lot (and the Cat in the Bag's pen) from. ``0``
      (default, the lab's model, kept so that seeded games replay as before): each animal
      on its own, as if from an endless supply; ``1`` to ``3``: from a full supply of that many of
      each type (``2``, the Animal Market: "the pair is complete"; ``3``, the Fairground: "all 3
      animals of that type"), without
      replacement, so no lot holds more of a type than exist. A parent game with its own
      supply sets the pen itself (:mod:`bluffkit.auctions.embed`).
    - ``call_right``: The Call says "If not, the auctioneer must use their right of first
      refusal"; the general rules, the right included, "apply to all of the auctions
      below". ``"always"`` (default): the auctioneer may also buy after an accepted call;
      ``"on_refusal"``: an accepted call is a sale.
    - ``first_refusal``: the general rules give the auctioneer the right of first refusal
      in every auction ("Winning bid awarded?"); ``True`` (default) keeps it, ``False``
      turns it off for the lab, so that a sealed auction is the textbook one (the highest
      bid buys and pays, the auctioneer only sells): the sale is awarded without the
      auctioneer's ``sell``/``buy`` move. The Call's refused call still makes the
      auctioneer buy ("the auctioneer must use their right of first refusal"), as that is
      how The Call sets its price.
    """

    name: str = "auction"
    format: str = "classic"
    double: bool = False
    step: int = 10
    dutch_start: int = 10
    american_final: int = 3
    player_limits: bool = True
    denominations: tuple = DENOMINATIONS
    start_money: tuple = (2, 4, 2, 2, 1, 0)
    payment: str = "exact_if_possible"
    animal_values: tuple = ANIMAL_VALUES
    second_price_alone: str = "zero"
    show_against: str = "price"
    round_ties: str = "auctioneer"
    call_right: str = "always"
    sealed_bids: str = "amount"
    supply: int = 0
    first_refusal: bool = True

    def __post_init__(self) -> None:
        def need(ok, msg):
            if not ok:
                raise RulesError(msg)

        def count(v, lo=0):
            return isinstance(v, int) and not isinstance(v, bool) and v >= lo

        need(self.format in FORMATS, f"unknown auction format {self.format!r}; the formats are: "
             + ", ".join(FORMATS))
        need(isinstance(self.double, bool), f"double must be True or False, got {self.double!r}")
        need(count(self.step, 1), f"step must be an int >= 1, got {self.step!r}")
        need(count(self.dutch_start, 1) and self.dutch_start <= MAX_DUTCH_START,
             f"dutch_start must be an int from 1 to {MAX_DUTCH_START}, got {self.dutch_start!r}")
        need(count(self.american_final) and self.american_final <= MAX_NOTES,
             f"american_final must be an int from 0 to {MAX_NOTES} (the most notes a player can hold: "
             f"a last raise of more could never be laid), got {self.american_final!r}")
        need(isinstance(self.player_limits, bool), f"player_limits must be True or False, got {self.player_limits!r}")
        for f in ("denominations", "start_money", "animal_values"):
            v = getattr(self, f)
            need(isinstance(v, (tuple, list)) and all(count(x) for x in v), f"{f} must be a list of ints >= 0")
            object.__setattr__(self, f, tuple(v))
        d = self.denominations
        need(len(d) >= 2 and d[0] == 0 and list(d) == sorted(set(d)),
             "denominations must be distinct increasing ints starting with 0")
        need(len(self.start_money) == len(d), f"start_money gives one count per denomination ({len(d)})")
        need(len(self.animal_values) == len(ANIMALS), f"animal_values gives one value per animal ({len(ANIMALS)})")
        need(max(self.animal_values) <= MAX_ANIMAL_VALUE,           # open bids rise by step: a lot must sell
             f"animal_values: at most {MAX_ANIMAL_VALUE} each, got {max(self.animal_values)}")
        need(sum(self.start_money) <= MAX_NOTES,                    # a count auction raises a note at a time
             f"start_money: at most {MAX_NOTES} notes a player, got {sum(self.start_money)}")
        need(self.payment in ("exact_if_possible", "any_cover"),
             f"payment must be exact_if_possible or any_cover, got {self.payment!r}")
        need(self.second_price_alone in ("zero", "own"),
             f"second_price_alone must be zero or own, got {self.second_price_alone!r}")
        need(self.show_against in ("price", "bid"), f"show_against must be price or bid, got {self.show_against!r}")
        need(self.round_ties in ("auctioneer", "first"), f"round_ties must be auctioneer or first, got {self.round_ties!r}")
        need(self.call_right in ("on_refusal", "always"), f"call_right must be on_refusal or always, got {self.call_right!r}")
        need(count(self.supply) and self.supply <= 3, f"supply must be 0, 1, 2 or 3 of each animal, got {self.supply!r}")
        need(self.sealed_bids in ("amount", "notes"), f"sealed_bids must be amount or notes, got {self.sealed_bids!r}")
        need(isinstance(self.first_refusal, bool), f"first_refusal must be True or False, got {self.first_refusal!r}")

    #: Options added after bluffkit 0.1.0: written to a log header only when they differ
    #: from their default, so the headers of earlier logs and golden files stay as they were.
    LATER_OPTIONS: ClassVar[dict] = {"sealed_bids": "amount", "supply": 0, "first_refusal": True,
                                     "show_against": "price"}
    #: Options added after bluffkit 0.2.0, whose Bidder Up! logs record digests of states
    #: holding these rules (an auction in a pen): left out of a state's digest at their
    #: default (:mod:`bluffkit.core.digest`), so those logs replay as recorded.
    DIGEST_OMITS_DEFAULTS: ClassVar[dict] = {"first_refusal": True, "show_against": "price"}

    # the format's properties ------------------------------------------------------------
    @property
    def fmt(self) -> Format:
        return FORMATS[self.format]

    @property
    def pricing(self) -> str:
        return FORMATS[self.format].pricing

    @property
    def sealed(self) -> bool:
        return self.fmt.style in ("sealed", "sealed-notes")

    @property
    def calls_any_amount(self) -> bool:
        """The Call: "the auctioneer calls out the amount they're demanding", any amount
        it can pay (bluffkit.auctions.call), not a bid in steps of ``step``."""
        return self.fmt.style == "the-call"

    @property
    def split(self) -> bool:
        """A double pen sold as two lots (Secret Value, Secret Count)."""
        return self.double and FORMATS[self.format].double == "split"

    def cat_picks(self, pen: int) -> int:
        """How many of the ``pen`` animals face down are picked for the Cat in the Bag: "2
        of the 3 animals are secretly chosen" (double pen), one otherwise; with only 2
        face down, "only 1 of the two is auctioned face-down"."""
        return min(2 if self.double else 1, pen - 1)

    def check_players(self, players: int) -> None:
        lo, hi = self.fmt.players if self.player_limits else (2, 10)
        if isinstance(players, bool) or not isinstance(players, int) or not lo <= players <= hi:
            count = f"{lo} to {hi} players" if lo != hi else f"{lo} players"
            where = f"auction {self.fmt.number}, {self.fmt.title}, is for {count}"
            raise RulesError(f"{where} (auctioneer included), got {players!r}"
                             + ("; turn player_limits off to seat 2 to 10 in the lab (player_limits=False in "
                                "Python, --option player_limits=false on the command line)" if self.player_limits
                                else ""))


def price_words(rules):
    """A price or bid in words: a number of notes where the count is the price ("1 note",
    "3 notes"), else the amount ("120", "1,500": :func:`bluffkit.core.money.amount`)."""
    return (lambda n: count(n, "note")) if rules.pricing == "count" else amount
