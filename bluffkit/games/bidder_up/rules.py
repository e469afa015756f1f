"""Rules of Bidder Up!, the board game (seeds/001; sections A-L as docs/bidder-up.md cites them).

Every number the rulebook gives is a default here, quoted; every point it leaves
open (section L) is a named option with a documented default; nothing is a hidden
constant. The side of the board is the option ``board``; the first-game tiles of
each side (and of the two-player game) are :data:`FIRST_GAME_FORMATS`, laid
on the tile positions the board file names.

>>> r = Rules(board="fairground")
>>> r.tiles_for(4)
('classic', 'dutch', 'secret-value', 'cat-in-the-bag')
>>> r.per_type, Rules().per_type
(3, 2)
>>> Rules(tiles=("second-hand", "dutch", "classic", "classic")).check_players(3)
Traceback (most recent call last):
...
bluffkit.core.errors.RulesError: tiles: second-hand is for 4 players; "make sure every chosen auction suits your player count" (3 players)

Rules that no player count they allow can start a game with are refused when they are
built, not when a game starts, with the reason at each count:

>>> Rules(tiles=("dutch", "number-call", "classic", "classic"), min_players=3)
Traceback (most recent call last):
...
bluffkit.core.errors.RulesError: no player count from min_players 3 to max_players 4 can start a game with these rules: with 3 players: tiles: number-call is for 2 players; "make sure every chosen auction suits your player count" (3 players); with 4 players: tiles: number-call is for 2 players; "make sure every chosen auction suits your player count" (4 players)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from bluffkit.auctions.rules import ANIMALS, FORMATS, MAX_ANIMAL_VALUE, MAX_NOTES, Rules as AuctionRules
from bluffkit.core.errors import RulesError, quote
from bluffkit.core.rules import RuleOptions

BOARDS = ("animal-market", "fairground")

#: The first game's formats, named in the text: "Animal Market, first game: ... Dutch ...
#: Cat in the Bag, and the Classic auction (twice)"; "Fairground, first game: Dutch, Secret
#: Value, Cat in the Bag, and Classic"; two players: "Cat in the Bag, Number Call, and The
#: Call" (sections B, J). On which tile position each lies ("circled in the illustration")
#: is the board file's (``first_game_tiles``, ``two_player_tiles``).
FIRST_GAME_FORMATS = {
    "animal-market": ("dutch", "cat-in-the-bag", "classic"),
    "fairground": ("dutch", "cat-in-the-bag", "secret-value", "classic"),
    "two-player": ("cat-in-the-bag", "number-call", "the-call", "classic"),
}

#: The raffle tickets' kinds (section H). Action tickets are revealed during play, the
#: others at the end.
ACTION_TICKETS = ("extra-turn", "move-markers", "horse-trade", "special-horse-trade")

#: Default mix of the 24 tickets (L5; the rulebook names the kinds, not how many of
#: each): 2 of each action ticket (8), a Value-Gain ticket for six types (6), and ten
#: Wool-Milk tickets numbered 0 x1, 1 x3, 2 x3, 3 x3 (10).
TICKETS = (("extra-turn",) * 2 + ("move-markers",) * 2 + ("horse-trade",) * 2 + ("special-horse-trade",) * 2
           + tuple(f"value-gain:{a}" for a in ("cat", "dog", "sheep", "goat", "pig", "cow"))
           + ("wool-milk:0",) + ("wool-milk:1",) * 3 + ("wool-milk:2",) * 3 + ("wool-milk:3",) * 3)


def ticket_ok(name) -> bool:
    """Whether ``name`` is a ticket: an action ticket, ``value-gain:ANIMAL`` or ``wool-milk:N`` (0-3)."""
    if not isinstance(name, str):
        return False
    if name in ACTION_TICKETS:
        return True
    kind, _, arg = name.partition(":")
    return (kind == "value-gain" and arg in ANIMALS) or (kind == "wool-milk" and arg in ("0", "1", "2", "3"))


_FIRST_GAME: dict = {}          # (board, players) -> the first game's 4 formats


def _count(v, lo: int = 0) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= lo


def _and(counts) -> str:
    """``[2, 3, 4]`` as "2, 3 and 4"."""
    words = [str(n) for n in counts]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _players(span) -> str:
    """``(4, 4)`` as "4 players", ``(2, 4)`` as "2-4 players"."""
    return f"{span[0]} players" if span[0] == span[1] else f"{span[0]}-{span[1]} players"


#: The auction formats' readings that a Bidder Up! game passes to every pen's auction, with
#: the stand-alone auctions' defaults (docs/auctions.md; a gap of the booklet each).
AUCTION_OPTIONS = ("second_price_alone", "show_against", "round_ties", "call_right", "sealed_bids", "dutch_start",
                   "american_final")


@dataclass(frozen=True)
class Rules(RuleOptions):
    """A Bidder Up! ruleset. Fields (rulebook sections of docs/bidder-up.md in brackets):

    - ``board``: ``"animal-market"`` or ``"fairground"`` [B]; the board data file of that
      name (data/boards/) gives the spaces, pens and tile positions [L1].
    - ``tiles``: the format on each of the 4 tile positions, or ``None`` for the first
      game of the side (:data:`FIRST_GAME_FORMATS`, on the positions the board file
      names; two players: Cat in the Bag, Number Call, The Call, Classic) [B, J]. Checked for the player count: "at least 1 and at
      most 2 different Count auctions", every format suiting the player count, no format
      but Classic on two positions (the box holds one tile of each [A]; so the deal fills
      every pen [B], Cat in the Bag's with 3 animals).
    - ``babies``: the Baby Animals variant [K]: 4 of the 10 babies lie on the supply
      board. Animal Market: whoever first completes one of those types (its female and its
      male: the Animal Market keeps one of each) takes its baby to the barn. Fairground:
      each animal's sex is told apart; whoever first owns a female and the male takes the
      baby to the petting zoo, and to the barn on completing the type; in a horse-trade
      the challenger picks the two specimens; a baby is never lost. ``baby_points`` (200)
      a baby, in the barn before multiplying, in the petting zoo after.
    - ``value_gain``: what a Value-Gain ticket adds, ``(300, 100)``: "+300 ... if you
      have the pictured animal type complete", else "by 100" with any other complete
      type [H].
    - ``raffle_rush``: the variant "roll the die once and throw in that many extra
      tickets" [K]; with 3-4 players all 24 tickets are in the bag already, so it adds
      tickets only to the two-player bag of 8.
    - ``die_faces``: the cow-spot die, 1 to 3 spots (the gamble lists 1, 2, 3) [L2]; any
      faces from 1 to 6 may be set (from every space of both boards a move of up to 15
      spaces reaches some space; a larger roll could leave a player no move), at least one
      of them odd: every step on the Animal Market changes the colour of a two-colouring of
      its spaces, so with even faces only a player who cannot pay for a longer or shorter
      move never leaves one colour, and two such players were stranded for ever. The
      two-player gamble reads a roll above 3 as a 3 [J lists 1, 2, 3].
    - ``denominations``, ``notes``: the 50 notes, how many of each [L3]: ten 0s, sixteen
      10s, eight 50s, six 100s, six 200s, four 500s (the donkeys pay 100, 200 and 500 to
      up to 4 players; the 10s make the booklet's bids of 120 payable); at most 1,000 notes
      in all (the auctions' ``MAX_NOTES``: one player may come to hold them all).
    - ``start_money``: each player's notes at the start, two 0s, four 10s, two 50s (140,
      8 notes) [L3]; the 100s, 200s and 500s lie beside the Golden Donkey, the rest of
      the starting notes go back to the box. When the box's ``notes`` cannot deal them to
      the fewest players the rules allow, and so no game can start, they are refused when
      the rules are built, with the most of each note; a count of players the box cannot
      deal is refused by :meth:`check_players`.
    - ``start_money_two``: the starting notes with two players [L3: the text leaves open
      whether they differ]; ``None`` (default): ``start_money``. Checked against ``notes``
      likewise.
    - ``donkey_pay``: "First Golden Donkey: 100, Second: 200, Third: 500" [D]; paid to each
      player from the auctioneer on, while the supply board has the note (L6).
      ``donkey_pay_per`` [L6, "two donkeys in one pen"]: ``"donkey"`` (default: each Golden
      Donkey sold pays its amount, so two in one pen pay the next two) or ``"auction"`` (an
      auction selling donkeys pays once, the next amount; the state's ``donkeys`` then
      counts payouts, one for such an auction). ``free_donkey_pays`` [L6, "a donkey taken
      free"]: ``True`` (default: "If a Golden Donkey was auctioned", it pays even when
      nobody bid and the auctioneer took it for free) or ``False`` (a donkey nobody bid
      for pays nothing and is not counted among the First, Second, Third).
      ``donkey_short`` [L6, "running out of donkey ... notes"]: ``"unpaid"`` (default: a
      player is paid while the supply board has the note, so once the notes beside the
      donkey run out, say after loans took them, the players after are not paid) or
      ``"smaller"`` (a player the note no longer reaches is paid the same amount in the
      supply board's smaller notes, when they make it up exactly; else not paid).
    - ``animal_values``: the Animal Market's values per type of ``ANIMALS`` (rooster ..
      horse): the text fixes cow 800, horse 1,000, sheep 350 [L4]; the others are the You're
      Bluffing! family values (rooster 10 .. pig 650, the goat 350 as the sheep), as the
      project's digest of the rules (RULES.md, section 2) says. At most the auctions' ``MAX_ANIMAL_VALUE`` (10,000) each, as is every
      value of ``market_track``.
    - ``market_track``, ``market_start``: the Fairground's market board, its values from
      left to right and each type's start position (index into the track) [L4]: sheep
      +2 steps -> 500, donkey -1 step -> 350, horse 800, dogs 150. ``track_ends`` [L4, "the
      track's ends"]: ``"refuse"`` (default: a step past an end is refused) or ``"stop"``
      (the marker stops at the end; the steps beyond it are lost, and paid for all the same).
    - ``market_types``, ``market_steps``: "up to 3 different animal types", "1, 2, or 3
      spaces" [G], each at least 1; ``marker_moves``: Move Market Markers, "up to 2 green animal markers
      by 1 space each" [H].
    - ``tickets``: the bag's 24 tickets (:data:`TICKETS`) [L5]; ``tickets_two``: "draw 8
      raffle tickets" with two players [J]; ``raffle_max``: draw "1, 2, or 3" [H]. On the
      Fairground the bag holds at least 1 ticket at the start (an empty bag would end the
      game after its first turn, [I]).
    - ``piggy_take``: "the top 5 money notes" [F]; ``raid``: two players, "up to 5" [J].
    - ``loans``: the IOUs, (note, IOU value, how many): 100 -> 300, 200 -> 600, 500 ->
      1,500, two of each of the 6 [J, L5]; ``box_two``: "Draw 5 notes ... place them
      unseen in the box" [J]; ``donkey_500s_two``: Animal Market, "two 500s" beside the
      donkey with two players (Fairground: all) [J].
    - ``refill_from``: which supply stack refills a pen [L6]: ``"taller"`` (default; the
      first on a tie, the other when one is empty) or ``"first"`` (the first until empty).
    - ``short_pen`` [L6, "a double pen with one animal left in supply"]: ``"empty"``
      (default: "if at least 1 animal can no longer be placed in the pen, it stays empty"
      [D], so the supply's last animals may stay there, and the game ends when no pen holds
      an animal) or ``"partial"`` (the pen takes what the supply has left: a double pen
      auctions its one animal alone, a Cat in the Bag pen is topped up with fewer than 3,
      so every animal is auctioned, "no animals remain on either the supply board or the
      game board" [I]).
    - ``empty_offer``: a horse-trade offer of no notes [L7]; default ``False``: at least
      one note (a 0-note is the bluff the text describes).
    - ``offer_count_seen``: whether the table sees how many notes a horse-trade offer or
      counter holds [E: "you may cover your bid with your hand, or ... deliberately fan out
      the face-down notes — because even though the number of notes bid is technically
      irrelevant, a few 0-notes can be useful here for bluffing"]: ``False`` (default: the
      bid covered, its number unseen) or ``True`` (the notes fanned out face down: every
      seat sees their number, so 0-notes make an offer look bigger).
    - ``final_ties``: equal top scores [L7]: ``"shared"`` (default: all of them win) or
      ``"money"`` (the most money among them).
    - ``zero_pays_count``: 0-notes pay movement, market and raffle costs, "the value of
      the notes given up doesn't matter" [C, G, H, L7]; ``True``.
    - ``last_extra_turn`` [L7, "Extra Turn on the last turn"]: ``"lost"`` (default: "the game
      ends immediately after the turn" in which the last animal is auctioned or the last
      ticket bought [I], so an Extra Turn owed then is not played) or ``"played"`` (the
      additional turn is "immediately after your turn" [H]: it is played, then the game ends).
    - ``market_none`` [L7, "a market action changing no type"]: ``"allowed"`` (default: "up
      to 3 different animal types" [G] includes none, at no cost) or ``"refused"`` (a player
      on the market changes at least one type, unless none can be changed: every type
      locked, or no note to pay with).
    - ``raffle_overdraw`` [L7, "drawing more tickets than the bag holds"]: ``"refused"``
      (default: the booth offers no more tickets than the bag holds, so nobody pays for a
      ticket that is not there) or ``"draw_rest"`` (a player may still "draw 1, 2, or 3
      raffle tickets" and pay "the corresponding number of money notes" [H], and draws
      what is left in the bag).
    - The auction formats' own readings, as the stand-alone auctions have them
      (:class:`bluffkit.auctions.rules.Rules`, docs/auctions.md), for every pen's auction
      [D]: ``second_price_alone`` (``"zero"``), ``show_against`` (``"price"``),
      ``round_ties`` (``"auctioneer"``), ``call_right`` (``"always"``), ``sealed_bids``
      (``"amount"``), ``dutch_start`` (10), ``american_final`` (3): see :data:`AUCTION_OPTIONS`.
    - ``min_players``, ``max_players``: 2 to 4 [A, J].

    Fixed readings of the text (not options, see docs/bidder-up.md): a horse-trade with
    no possible opponent does nothing; an action ticket is revealed at the end of the turn,
    after the space's action, or before the move, once the die is rolled (its action at
    once: a horse-trade is played, then the move follows). Not between the move and the
    space's action: moving shows nothing new, so that moment adds no choice but the order
    of a horse-trade and the move's payment.
    """

    name: str = "bidder-up"
    board: str = "animal-market"
    tiles: tuple | None = None
    babies: bool = False
    baby_points: int = 200
    value_gain: tuple = (300, 100)
    raffle_rush: bool = False
    die_faces: tuple = (1, 2, 3)
    denominations: tuple = (0, 10, 50, 100, 200, 500)
    notes: tuple = (10, 16, 8, 6, 6, 4)
    start_money: tuple = (2, 4, 2, 0, 0, 0)
    start_money_two: tuple | None = None
    donkey_pay: tuple = (100, 200, 500)
    donkey_pay_per: str = "donkey"
    free_donkey_pays: bool = True
    donkey_short: str = "unpaid"
    animal_values: tuple = (10, 40, 90, 160, 350, 350, 500, 650, 800, 1000)
    market_track: tuple = (0, 50, 100, 150, 200, 250, 300, 350, 400, 450, 500, 600, 700, 800, 900, 1000)
    market_start: tuple = (1, 2, 2, 3, 8, 6, 8, 10, 12, 13)
    market_types: int = 3
    market_steps: int = 3
    marker_moves: int = 2
    tickets: tuple = TICKETS
    tickets_two: int = 8
    raffle_max: int = 3
    piggy_take: int = 5
    raid: int = 5
    loans: tuple = ((100, 300, 2), (200, 600, 2), (500, 1500, 2))
    box_two: int = 5
    donkey_500s_two: int = 2
    refill_from: str = "taller"
    short_pen: str = "empty"
    empty_offer: bool = False
    offer_count_seen: bool = False
    final_ties: str = "shared"
    zero_pays_count: bool = True
    track_ends: str = "refuse"
    market_none: str = "allowed"
    last_extra_turn: str = "lost"
    raffle_overdraw: str = "refused"
    # the auction formats' readings, with the stand-alone auctions' defaults (AUCTION_OPTIONS)
    second_price_alone: str = AuctionRules.second_price_alone
    show_against: str = AuctionRules.show_against
    round_ties: str = AuctionRules.round_ties
    call_right: str = AuctionRules.call_right
    sealed_bids: str = AuctionRules.sealed_bids
    dutch_start: int = AuctionRules.dutch_start
    american_final: int = AuctionRules.american_final
    min_players: int = 2
    max_players: int = 4

    def __post_init__(self) -> None:
        def need(ok, msg):
            if not ok:
                raise RulesError(msg)

        need(self.board in BOARDS, f"board must be one of {', '.join(BOARDS)}, got {self.board!r}")
        for f in ("babies", "raffle_rush", "empty_offer", "zero_pays_count", "free_donkey_pays", "offer_count_seen"):
            need(isinstance(getattr(self, f), bool), f"{f} must be true or false, got {getattr(self, f)!r}")
        need(_count(self.baby_points), f"baby_points must be an int >= 0, got {self.baby_points!r}")
        for f in ("die_faces", "denominations", "notes", "start_money", "donkey_pay", "animal_values",
                  "market_track", "market_start", "value_gain"):
            v = getattr(self, f)
            need(isinstance(v, (tuple, list)) and all(_count(x) for x in v),
                 f"{f} must be a list of ints >= 0, got {quote(list(v) if isinstance(v, tuple) else v)}"[:300])
            object.__setattr__(self, f, tuple(v))
        d = self.denominations
        need(len(d) >= 2 and d[0] == 0 and list(d) == sorted(set(d)),
             "denominations must be distinct increasing ints starting with 0")
        need(len(self.notes) == len(d) and len(self.start_money) == len(d),
             f"notes and start_money give one count per denomination ({len(d)})")
        need(sum(self.notes) <= MAX_NOTES,    # one player may hold them all: the auctions' bound
             f"notes: at most {MAX_NOTES:,} notes in all (the rulebook has 50; the auctions' bound on a hand), "
             f"got {sum(self.notes):,}")
        need(self.die_faces and all(1 <= x <= 6 for x in self.die_faces),     # a die; a roll of 16 could
             f"die_faces must be ints from 1 to 6 (a die's faces), got {self.die_faces!r}")  # reach no space
        need(any(x % 2 for x in self.die_faces),        # the Animal Market's spaces are two-coloured
             f"die_faces must include an odd face: with even faces only, a player without notes never "
             f"leaves one colour of the Animal Market's spaces and can be stranded, got {self.die_faces!r}")
        need(all(p in d for p in self.donkey_pay), f"donkey_pay must be note values ({d})")
        need(len(self.animal_values) == len(ANIMALS) and len(self.market_start) == len(ANIMALS),
             f"animal_values and market_start give one entry per type ({', '.join(ANIMALS)})")
        for f in ("animal_values", "market_track"):     # what a pen is auctioned at: the auctions' bound
            need(not getattr(self, f) or max(getattr(self, f)) <= MAX_ANIMAL_VALUE,
                 f"{f}: at most {MAX_ANIMAL_VALUE} each (the auctions' bound), got {max(getattr(self, f), default=0)}")
        need(len(self.value_gain) == 2 and max(self.value_gain) <= MAX_ANIMAL_VALUE
             and self.baby_points <= MAX_ANIMAL_VALUE,
             f"value_gain is two amounts (the pictured type complete, another), baby_points one, each at most "
             f"{MAX_ANIMAL_VALUE}; got {self.value_gain!r} and {self.baby_points!r}")
        need(len(self.market_track) >= 2 and all(i < len(self.market_track) for i in self.market_start),
             "market_start must index the market_track")
        for f in ("market_types", "market_steps", "marker_moves", "tickets_two", "raffle_max", "piggy_take",
                  "raid", "box_two", "donkey_500s_two", "min_players", "max_players"):
            need(_count(getattr(self, f)), f"{f} must be an int >= 0, got {getattr(self, f)!r}")
        for f in ("market_types", "market_steps"):               # "1, 2, or 3 spaces", "up to 3 types" [G]
            need(getattr(self, f) >= 1, f"{f} must be at least 1 (a market move moves a marker), "
                 f"got {getattr(self, f)!r}")
        need(2 <= self.min_players <= self.max_players <= 4,
             f"min_players and max_players: the game is for 2 to 4 players, got {self.min_players!r} to "
             f"{self.max_players!r}")
        need(isinstance(self.tickets, (tuple, list)) and all(ticket_ok(t) for t in self.tickets),
             "tickets: names such as extra-turn, move-markers, horse-trade, special-horse-trade, "
             "value-gain:sheep, wool-milk:2")
        object.__setattr__(self, "tickets", tuple(self.tickets))
        loans = self.loans
        need(isinstance(loans, (tuple, list)) and all(isinstance(x, (tuple, list)) and len(x) == 3
                                                       and all(_count(y) for y in x) and x[0] in d for x in loans),
             "loans: a list of (note value, IOU value, how many)")
        object.__setattr__(self, "loans", tuple(tuple(x) for x in loans))
        values = [x[0] for x in self.loans]       # a loan is asked for by its note ("loan 100")
        need(len(set(values)) == len(values), f"loans: one entry per note value, got {', '.join(map(str, values))}")
        # Upper bounds: what the box holds (every count here is drawn, moved or offered one by
        # one, and a learning agent's actions are listed up to them).
        in_box, kinds = sum(self.notes), len(ANIMALS)
        bag = len(self.tickets)
        for f, most, what in (("raffle_max", max(3, bag), "the tickets in the bag, or the rulebook's 3"),
                              ("tickets_two", max(8, bag), "the tickets in the bag, or the rulebook's 8"),
                              ("market_types", kinds, "the animal types"),
                              ("market_steps", max(3, len(self.market_track) - 1),
                               "the steps of the market track, or the rulebook's 3"),
                              ("marker_moves", kinds, "the animal types"),
                              ("piggy_take", in_box, "the notes in the game"),
                              ("raid", in_box, "the notes in the game"),
                              ("box_two", in_box, "the notes in the game"),
                              ("donkey_500s_two", in_box, "the notes in the game")):
            why = (f"the notes in the game: notes={list(self.notes)} gives {in_box}; give more notes or a "
                   f"smaller {f}" if what == "the notes in the game" else what)
            need(getattr(self, f) <= most, f"{f} can be at most {most} ({why}), got {getattr(self, f)!r}")
        need(self.refill_from in ("taller", "first"), f"refill_from must be taller or first, got {self.refill_from!r}")
        need(self.short_pen in ("empty", "partial"), f"short_pen must be empty or partial, got {self.short_pen!r}")
        need(self.donkey_pay_per in ("donkey", "auction"),
             f"donkey_pay_per must be donkey or auction, got {self.donkey_pay_per!r}")
        if self.start_money_two is not None:
            v = self.start_money_two
            need(isinstance(v, (tuple, list)) and len(v) == len(d) and all(_count(x) for x in v),
                 f"start_money_two: one count of notes per denomination ({len(d)}), or null for start_money; "
                 f"got {v!r}")
            object.__setattr__(self, "start_money_two", tuple(v))
        need(self.final_ties in ("shared", "money"), f"final_ties must be shared or money, got {self.final_ties!r}")
        need(self.track_ends in ("refuse", "stop"), f"track_ends must be refuse or stop, got {self.track_ends!r}")
        need(self.market_none in ("allowed", "refused"),
             f"market_none must be allowed or refused, got {self.market_none!r}")
        need(self.last_extra_turn in ("lost", "played"),
             f"last_extra_turn must be lost or played, got {self.last_extra_turn!r}")
        need(self.donkey_short in ("unpaid", "smaller"),
             f"donkey_short must be unpaid or smaller, got {self.donkey_short!r}")
        need(self.raffle_overdraw in ("refused", "draw_rest"),
             f"raffle_overdraw must be refused or draw_rest, got {self.raffle_overdraw!r}")
        try:                            # the auctions' own check, in their words
            AuctionRules(**self.auction_options())
        except RulesError as e:
            raise RulesError(f"{e} (an option of every pen's auction)") from None
        if isinstance(self.tiles, str) and "," in self.tiles:     # --option tiles=dutch,classic,...
            object.__setattr__(self, "tiles", tuple(t.strip() for t in self.tiles.split(",")))
        if self.tiles is not None:
            need(isinstance(self.tiles, (tuple, list)) and len(self.tiles) == 4,
                 f"tiles: one format for each of the 4 tile positions (a list, or names separated by commas), "
                 f"got {quote(self.tiles)}")
            odd = next((t for t in self.tiles if not isinstance(t, str)), None)
            need(odd is None, f"tiles: each position takes a format's name, got {quote(odd)}; the formats are: "
                 + ", ".join(FORMATS))
            bad = [t for t in self.tiles if t not in FORMATS]
            need(not bad, f"tiles: unknown format(s) {', '.join(map(repr, bad))}; the formats are: "
                 + ", ".join(FORMATS))
            object.__setattr__(self, "tiles", tuple(self.tiles))
        # Rules that no player count they allow can start a game with are refused here, not
        # when a game starts: start_money=[20, 0, 0, 0, 0, 0] was taken (the box holds ten 0s
        # [L3]), and so were tiles of 3 Count auctions and a Fairground bag of no tickets, and
        # every game was then refused. A count some games can start with stays (a log of one
        # reads); the others are refused when such a game starts.
        reasons: dict[str, list[int]] = {}          # each reason, with the counts it holds at
        for n in range(self.min_players, self.max_players + 1):
            unstartable = self._unstartable(n)
            if unstartable is None:
                break
            reasons.setdefault(unstartable, []).append(n)
        else:
            n = self.min_players
            if self._unstartable(n, notes=False) is None:       # the fewest lack only the start money
                f = "start_money_two" if n == 2 and self.start_money_two is not None else "start_money"
                need(False, f"{f} can be at most {[c // n for c in self.notes]} (one count per note of {list(d)}: "
                            f"the notes in the game, notes={list(self.notes)}, dealt to {n} players, the fewest "
                            f"these rules allow; give more notes or a smaller {f}), got {list(self.start_for(n))}")
            raise RulesError(f"no player count from min_players {self.min_players} to max_players "
                             f"{self.max_players} can start a game with these rules: "
                             + "; ".join(f"with {_and(ns)} players: {r}" for r, ns in reasons.items()))

    #: Added late: in a header only off their defaults (see RuleOptions.LATER_OPTIONS).
    LATER_OPTIONS: ClassVar[dict] = {**{k: getattr(AuctionRules, k) for k in AUCTION_OPTIONS},
                                     "offer_count_seen": False}

    # derived -------------------------------------------------------------------------
    def auction_options(self) -> dict:
        """The options every pen's auction is run with (:data:`AUCTION_OPTIONS`)."""
        return {k: getattr(self, k) for k in AUCTION_OPTIONS}

    @property
    def variants(self) -> tuple:
        """The named variants these rules play."""
        return tuple(v for v, on in (("babies", self.babies), ("raffle-rush", self.raffle_rush)) if on)

    @property
    def fairground(self) -> bool:
        return self.board == "fairground"

    @property
    def per_type(self) -> int:
        """A set: "only 20 of the 30 animals" on the Animal Market, so 2; all 3 on the Fairground [B]."""
        return 3 if self.fairground else 2

    @property
    def sexes(self) -> bool:
        """The animals' sex is told apart: the Fairground's Baby Animals [K]."""
        return self.babies and self.fairground

    def deck(self) -> tuple:
        """Every animal once, as the engine names them: the type, a told-apart male its type
        + 10."""
        if self.sexes:
            return tuple(a + k for a in range(10) for k in (0, 0, 10))
        return tuple(a for a in range(10) for _ in range(self.per_type))

    @property
    def donkeys(self) -> int:
        """Golden donkeys in play: "The Animal Market has only 2 donkeys" [D]."""
        return self.per_type

    def tiles_for(self, players: int) -> tuple:
        """The 4 positions' formats for ``players``: the option, or the first game's as the
        board file lays them (Classic where no tile lies)."""
        if self.tiles is not None:
            return self.tiles
        key = (self.board, players)
        found = _FIRST_GAME.get(key)
        if found is None:
            from bluffkit.games.bidder_up.layout import layout_of
            laid = layout_of(self.board).board.first_game_tiles(players)
            found = _FIRST_GAME[key] = tuple(laid.get(p, "classic") for p in range(4))
        return found

    def start_for(self, players: int) -> tuple:
        """Each player's starting notes in a game of ``players``: ``start_money_two`` with
        two players when it is set, else ``start_money`` [L3, J]."""
        return self.start_money_two if players == 2 and self.start_money_two is not None else self.start_money

    def _short_of_notes(self, start: tuple, players: int) -> str:
        """What ``players`` players' starting notes ``start`` need beyond the box's ``notes``
        [L3], in words ("" when the box holds them)."""
        return "; ".join(f"{s * players} notes of {v} ({s} each), the box has {c}"
                         for v, c, s in zip(self.denominations, self.notes, start) if s * players > c)

    def check_players(self, players: int) -> None:
        """Refuse a player count the rules or the tiles do not suit [A, B, J], a Fairground
        raffle bag empty at the start [I], and a count whose starting notes the box does
        not hold [L3]."""
        if isinstance(players, bool) or not isinstance(players, int) \
                or not self.min_players <= players <= self.max_players:
            raise RulesError(f"Bidder Up! is for {self.min_players} to {self.max_players} players, got {players!r}")
        why = self._unstartable(players)
        if why is not None:
            raise RulesError(why)

    def _unstartable(self, players: int, notes: bool = True) -> str | None:
        """Why a game of ``players`` (a count from min_players to max_players) cannot start
        under these rules, or ``None``: the tiles [A, B, J], the Fairground's raffle bag [I],
        and last the start money the box's notes must deal [L3] (left out with ``notes``
        False)."""
        tiles = self.tiles_for(players)
        counts = sorted({t for t in tiles if FORMATS[t].pricing == "count"}, key=tiles.index)
        if not 1 <= len(counts) <= 2:
            return ("tiles: 1 or 2 different Count auctions (\"Always lay out at least 1 and at most 2 different Count "
                    f"auctions\"), got {len(counts)}" + (f": {', '.join(counts)}" if counts else ""))
        twice = sorted({t for t in tiles if t != "classic" and tiles.count(t) > 1})
        if twice:                    # "10 auction tiles" [A], one per format; Classic is printed on the board
            return (f"tiles: {', '.join(twice)} on more than one position; the box holds one tile of each format "
                    "(only Classic, printed on the board, may show on several)")
        unfit = [t for t in dict.fromkeys(tiles) if not FORMATS[t].players[0] <= players <= FORMATS[t].players[1]]
        if unfit:
            return (f"tiles: {', '.join(f'{t} is for {_players(FORMATS[t].players)}' for t in unfit)}"
                    f"; \"make sure every chosen auction suits your player count\" ({players} players)")
        if self.fairground:        # the game ends after the turn the last ticket is bought [I]
            rush = min(self.die_faces) if self.raffle_rush else 0        # at least the die's lowest face [K]
            bag = len(self.tickets) if players > 2 else min(self.tickets_two + rush, len(self.tickets))
            if bag < 1:
                return ("tickets: the Fairground's raffle bag needs at least 1 ticket at the start (an empty bag "
                        f"would end the game after the first turn); tickets holds {len(self.tickets)}"
                        + (f" and tickets_two is {self.tickets_two}" if players == 2 else ""))
        short = self._short_of_notes(self.start_for(players), players) if notes else ""
        if short:
            return f"notes: {players} players' start money needs more notes than the box holds: {short}"
        return None

    def market_value(self, position: int) -> int:
        return self.market_track[position]

    def type_values(self, market) -> tuple:
        """Each type's value with the markers at ``market`` (a position per type): the
        Animal Market's table, the Fairground's market [L4]."""
        if self.fairground:
            return tuple(self.market_track[p] for p in market)
        return self.animal_values
