"""Rules of You're Bluffing! (Kuhhandel) and Horse Trading: one engine, two presets.

Every difference between the two rulebooks, and every point where they are
silent, is a field of :class:`Rules` with a documented default; nothing is a
hidden constant. ``PRESETS`` holds the two rulesets and ``VARIANTS`` the named
variants, each a set of field overrides.

>>> r = preset("horse_trading", variants=["short"])
>>> r.family_size, r.bank is None, r.trade_tie
(2, True, 'challenger')
>>> preset("youre_bluffing").replace(no_bid_calls=0)
Traceback (most recent call last):
...
bluffkit.core.errors.RulesError: no_bid_calls must be an int >= 1, got 0
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from bluffkit.core.errors import RulesError, quote
from bluffkit.core.money import PAYMENT_RULES
from bluffkit.core.rules import RuleOptions, refuse_contradicting

#: The ten families in the order of their values (You're Bluffing!, "Contents": 10
#: families of 4; Horse Trading, "The animals": each rank Ace..10 is one). You're Bluffing!'s
#: text here prints no table of names and values, and Horse Trading's has lost its table
#: ("The number of points a complete set scores:", then nothing): its worked examples give
#: every value, the rules digest (section 1) the names and that Ace..10 are these families in
#: this order.
FAMILIES = ("rooster", "goose", "cat", "dog", "sheep", "goat", "donkey", "pig", "cow", "horse")
#: Points for a complete family (the value is for the whole family).
FAMILY_VALUES = (10, 40, 90, 160, 250, 350, 500, 650, 800, 1000)
#: Horse Trading's names for the same families: the ranks of the first deck.
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")
DENOMINATIONS = (0, 10, 50, 100, 200, 500)
#: The most times an animal nobody bids on may be called (``no_bid_calls``): each call is
#: a round of passes, and a game of ten thousand calls per animal would never end.
MAX_NO_BID_CALLS = 10

#: Horse Trading's money (HT "The money"): the whole second deck (four of each
#: rank), the Jacks, Queens and Kings of the first deck and the 4 jokers. How many
#: cards of each kind the bank holds.
MONEY_CARD_COUNTS = {"joker": 4, "A": 4, "2": 4, "3": 4, "4": 4, "5": 4, "6": 4, "7": 4,
                     "8": 4, "9": 4, "10": 4, "J": 8, "Q": 8, "K": 8}

#: The most notes a player may start with (``start_money``): both rulebooks give 7.
MAX_START_NOTES = 12
#: The most players a table may seat (``max_players``; the rulebooks: 3 to 5): the order in
#: which the others bid is kept for every seat, leader and bidder, n x n x n in all, and a
#: table of a thousand took gigabytes. Bløff's bound is the same.
MAX_PLAYERS = 20

#: What each money card is worth: the ``money_cards`` option of Horse Trading. The
#: rulebook gives only "a 5 is worth 10" and "an 8 is worth 50"; the rest is
#: bluffkit's, chosen so that the cards deal every player count: 5 players need ten
#: 0s and twenty 10s to start, and ten 50s, five 100s, five 200s and five 500s with the
#: paydays (jokers, 2, 3: twelve 0s; A, 4..7: twenty 10s; 8, 9, 10: twelve 50s; J:
#: eight 100s; Q: eight 200s; K: eight 500s). Only the third and fourth paydays use
#: Queens and Kings, so the Short game (two paydays) plays without them, as its rule
#: says. The engine counts values only.
HORSE_TRADING_MONEY_CARDS = (
    ("joker", 0), ("2", 0), ("3", 0),
    ("A", 10), ("4", 10), ("5", 10), ("6", 10), ("7", 10),
    ("8", 50), ("9", 50), ("10", 50),
    ("J", 100),
    ("Q", 200),
    ("K", 500),
)

#: Money cards a variant takes out of the bank (HT "Variants": the Short game plays
#: without the Queens and Kings); applied to rulesets that play with money cards.
VARIANT_MONEY_CARDS_OUT = {"short": ("Q", "K")}

TRADE_TIE_RULES = ("reoffer", "reoffer_free", "challenger")
BUYBACK_RULES = ("forbidden", "show_and_rerun")
TIE_BREAK_RULES = ("money", "shared")
#: What the others see of an auction payment: ``notes``, the notes handed over; ``count``,
#: their number only (the price was called aloud; the faces, and so any overpayment, stay
#: between payer and payee).
PAYMENT_SEEN_RULES = ("notes", "count")


@dataclass(frozen=True)
class Rules(RuleOptions):
    """A complete ruleset. Build one with :func:`preset`; change a field with :meth:`replace`.

    Fields, with the rulebook section each comes from:

    - ``families``, ``family_values``, ``labels``: the animals and their set values
      (YB "Contents"; HT "The animals", where ``labels`` are the ranks; neither text here
      holds the values, which HT's worked examples give: rules digest, section 1). The action
      notation reads and writes the ten animals by name or rank, so ``families`` is
      always the ten animals and ``labels`` either their names or the ranks; the values
      may be changed.
    - ``family_size``: cards per family, 4; 2 in HT's Short game ("Variants").
    - ``payday_family``, ``paydays``: the donkey / the 7s and the notes each player
      gets before their auction, in order 50, 100, 200, 500 (YB "The Golden
      Donkey"; HT "Paydays", whose table is missing: the same amounts are used).
    - ``denominations``, ``start_money``: note values and each player's start, two 0s,
      four 10s and one 50 (YB "Setup"; HT "Setup" 2). The notation writes notes by
      these values, so the denominations are always 0, 10, 50, 100, 200, 500 (both
      rulebooks); how many of each a player starts with may be changed.
    - ``bank``: counts of the notes in the whole game (YB "Contents": 55 notes), or
      ``None`` for HT's bank that "never runs out".
    - ``money_cards``: HT's money, ``(card, value)`` pairs for the cards in the bank
      (see ``HORSE_TRADING_MONEY_CARDS``; the Short game leaves out Q and K), or
      ``None`` (YB has its own notes). The cards must be able to deal the start money
      and every payday to ``max_players`` players.
    - ``min_bid``, ``bid_step``, ``bid_multiple``: YB "The Auctions", "any bid higher
      than the previous" (1, 1, 1); HT "Auction", "multiples of 10, the first at least
      10, each at least 10 higher" (10, 10, 10).
    - ``no_bid_calls``: how often an animal nobody bids on is offered before the
      leader takes it free: YB "Not the Exact Amount? Not Enough Money?", three times;
      HT "Auction", "call out the animal once more" (2); at most :data:`MAX_NO_BID_CALLS`.
    - ``trade_tie``: ``"reoffer"`` (YB "The Cattle Trade": the challenger "must make a
      new offer for the same animal"; the offers stay swapped, bluffkit's reading of "the
      two sums of money are exchanged"; a second tie gives the animal to the challenger
      free, the second offers exchanged as every counter-offer's are, so that neither
      gains), ``"reoffer_free"`` (the same, but at the second tie each takes their own
      offer back: "player B must give their animal to player A for free" read as no notes
      changing hands) or ``"challenger"`` (HT "Trade": the challenger gets it).
    - ``buyback_without_funds``: the leader's right of preemption when the leader
      cannot pay. YB "The Leader's Right of Preemption" does not say; HT "Auction" allows
      it "only if you have enough money", the
      default for both, ``"forbidden"``. ``"show_and_rerun"`` treats the leader like a bidder who
      cannot pay: the leader shows all money and the auction is held again.
    - ``payment``: ``"exact_if_possible"`` (default; YB "A player who cannot give the
      exact sum must give more") or ``"any_cover"`` (any notes worth enough).
    - ``payment_seen``: what the others see of an auction payment: ``"notes"`` (default;
      the narration names them) or ``"count"`` (their number and the price). Neither
      rulebook says; HT "Tips": "Watching who has paid and received what".
    - ``tie_break``: equal scores at the end. HT "End of the game": most money, else
      shared. YB "End of the Game" is silent; default ``"money"`` as HT (which follows
      the German edition).
    - ``lot_size``: animals auctioned together as one lot: 1, or 2 for YB "Quick Game"
      and HT "Variants", Double auction.
    - ``trade_then_auction``: HT "Variants", "Trade and auction": after a trade the
      same player also holds an auction.
    - ``variants``: the names of the variants applied (``VARIANTS``: YB "Quick Game";
      HT "Variants"), kept so that a log says which were played.
    - ``min_players``, ``max_players``: 3 to 5 (HT "Players: 3–5"; the YB text names no
      count, and its 55 notes deal 2 notes of 0 each to at most 5).
    - ``first_leader``: the seat that leads the first round (YB "The players choose who
      will be the leader for the first round"; HT "Choose a start player in any way you
      like"); 0 by default, then the leader moves to the left.
    """

    name: str = "youre_bluffing"
    families: tuple[str, ...] = FAMILIES
    family_values: tuple[int, ...] = FAMILY_VALUES
    labels: tuple[str, ...] = FAMILIES
    family_size: int = 4
    payday_family: int = 6
    paydays: tuple[int, ...] = (50, 100, 200, 500)
    denominations: tuple[int, ...] = DENOMINATIONS
    start_money: tuple[int, ...] = (2, 4, 1, 0, 0, 0)
    bank: tuple[int, ...] | None = (10, 20, 10, 5, 5, 5)
    money_cards: tuple[tuple[str, int], ...] | None = None
    min_bid: int = 1
    bid_step: int = 1
    bid_multiple: int = 1
    no_bid_calls: int = 3
    trade_tie: str = "reoffer"
    buyback_without_funds: str = "forbidden"
    payment: str = "exact_if_possible"
    payment_seen: str = "notes"
    tie_break: str = "money"
    lot_size: int = 1
    trade_then_auction: bool = False
    min_players: int = 3
    max_players: int = 5
    first_leader: int = 0
    variants: tuple[str, ...] = field(default=())

    #: Added late: in a header only off its default (see RuleOptions.LATER_OPTIONS).
    LATER_OPTIONS: ClassVar[dict] = {"first_leader": 0}

    def __post_init__(self) -> None:
        for name in ("families", "family_values", "labels", "paydays", "denominations", "start_money", "bank", "variants"):
            if isinstance(getattr(self, name), list):       # a list given in Python, as from JSON
                object.__setattr__(self, name, tuple(getattr(self, name)))
        if isinstance(self.money_cards, (list, tuple)):     # from JSON: lists of [card, value]
            object.__setattr__(self, "money_cards", tuple(
                tuple(pair) if isinstance(pair, (list, tuple)) else pair for pair in self.money_cards))
        try:
            _validate(self)
        except (TypeError, ValueError, AttributeError) as e:
            if isinstance(e, RulesError):
                raise
            raise RulesError(f"a rule option has the wrong kind of value ({e})") from None

    def to_dict(self) -> dict:
        """As :meth:`RuleOptions.to_dict`, leaving out ``money_cards`` when it is ``None``
        (You're Bluffing!'s own notes), so such rules read as they did before the option."""
        out = super().to_dict()
        if out["money_cards"] is None:
            del out["money_cards"]
        else:
            out["money_cards"] = [list(p) for p in self.money_cards]  # type: ignore[union-attr]  # not None: checked just above
        return out

    # -- derived, cheap -------------------------------------------------
    @property
    def animals(self) -> int:
        """Animals in the game: 40, or 20 in the Short game."""
        return len(self.families) * self.family_size


def _names(choices) -> str:
    """The choices of a rule option as a person reads them: ``'money' or 'shared'``, not a
    Python tuple.

    >>> _names(("money", "shared")), _names(("a", "b", "c"))
    ("'money' or 'shared'", "'a', 'b' or 'c'")
    """
    shown = [repr(c) for c in choices]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1]


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _validate(r: Rules) -> None:
    def need(ok: bool, msg: str) -> None:
        if not ok:
            raise RulesError(msg)

    for name in ("family_size", "min_bid", "bid_step", "bid_multiple", "no_bid_calls",
                 "lot_size", "min_players", "max_players"):
        v = getattr(r, name)
        need(_is_int(v) and v >= 1, f"{name} must be an int >= 1, got {v!r}")
    need(r.no_bid_calls <= MAX_NO_BID_CALLS, f"no_bid_calls must be at most {MAX_NO_BID_CALLS} (an animal "
         f"nobody bids on is called that often before the leader takes it), got {r.no_bid_calls!r}")
    for name in ("families", "family_values", "labels", "paydays", "denominations", "start_money"):
        need(isinstance(getattr(r, name), tuple), f"{name} must be a list of values (on the command line: "
             f"--option '{name}=[...]'), got {quote(getattr(r, name))}")
    n = len(r.families)
    # The notation (actions.py) names the ten animals and the notes by fixed words and
    # values; other families, labels or notes would be written and read wrongly.
    need(r.families == FAMILIES,
         f"families must be the ten animals {', '.join(FAMILIES)} (the action notation names them); "
         f"change family_values to give them other values")
    need(len(r.family_values) == n and all(_is_int(v) and v > 0 for v in r.family_values),
         f"family_values must hold {n} positive ints")
    need(r.labels in (FAMILIES, RANKS),
         "labels must be the animal names or the ranks A, 2 .. 10 (the two names the action "
         f"notation reads), got {r.labels!r}")
    need(r.family_size in (2, 4), f"family_size must be 4 (full game) or 2 (Short game), got {r.family_size}")
    need(_is_int(r.payday_family) and 0 <= r.payday_family < n,
         f"payday_family must be a family index 0..{n - 1}, got {r.payday_family!r}")
    d = r.denominations
    need(d == DENOMINATIONS,
         f"denominations must be {DENOMINATIONS}, the notes of both rulebooks (the action notation "
         f"writes notes by these values), got {d!r}; change start_money, bank or paydays instead")
    need(len(r.paydays) == r.family_size,
         f"paydays must give one amount per {r.families[r.payday_family]} ({r.family_size}), "
         f"got {len(r.paydays)}")
    need(all(_is_int(p) and p in d for p in r.paydays),
         f"paydays: each payday must be a single note, one of {d}, got {r.paydays!r}")
    need(len(r.start_money) == len(d) and all(_is_int(c) and c >= 0 for c in r.start_money),
         f"start_money must give one count (a whole number >= 0) for each of the {len(d)} denominations "
         f"{d}, got {r.start_money!r}")
    need(sum(r.start_money) <= MAX_START_NOTES,
         f"start_money: at most {MAX_START_NOTES} notes per player (both rulebooks give 7), got "
         f"{sum(r.start_money):,}: every payment a hand can make is worked out for the players and bots, "
         f"and their number grows fast with the notes held")
    need(r.trade_tie in TRADE_TIE_RULES, f"trade_tie must be one of {_names(TRADE_TIE_RULES)}, got {r.trade_tie!r}")
    need(r.buyback_without_funds in BUYBACK_RULES,
         f"buyback_without_funds must be one of {_names(BUYBACK_RULES)}, got {r.buyback_without_funds!r}")
    need(r.payment in PAYMENT_RULES, f"payment must be one of {_names(PAYMENT_RULES)}, got {r.payment!r}")
    need(r.payment_seen in PAYMENT_SEEN_RULES,
         f"payment_seen must be one of {_names(PAYMENT_SEEN_RULES)}, got {r.payment_seen!r}")
    need(r.tie_break in TIE_BREAK_RULES, f"tie_break must be one of {_names(TIE_BREAK_RULES)}, got {r.tie_break!r}")
    need(r.lot_size in (1, 2), f"lot_size must be 1 or 2 (Quick game / Double auction), got {r.lot_size}")
    need(isinstance(r.trade_then_auction, bool), "trade_then_auction must be True or False")
    need(r.min_bid % r.bid_multiple == 0, "min_bid must be a multiple of bid_multiple")
    need(3 <= r.min_players <= r.max_players, "min_players must be at least 3 and at most max_players")
    need(_is_int(r.first_leader) and 0 <= r.first_leader < r.max_players,
         f"first_leader must be a seat from 0 to max_players - 1 ({r.max_players - 1}), got {r.first_leader!r}")
    need(r.max_players <= MAX_PLAYERS, f"max_players must be at most {MAX_PLAYERS} (the rulebooks: 3 to 5), "
         f"got {r.max_players!r}")
    need(isinstance(r.variants, tuple) and all(isinstance(v, str) and v in VARIANTS for v in r.variants),
         f"variants must be names from {sorted(VARIANTS)}")
    if r.money_cards is not None:
        _validate_money_cards(r, need)
    if r.bank is not None:
        need(isinstance(r.bank, tuple) and len(r.bank) == len(d) and all(_is_int(c) and c >= 0 for c in r.bank),
             f"bank must give a count for each of the {len(d)} denominations, or be None (unlimited)")
        # the bank must be able to pay the start money and every payday at max_players
        for i, value in enumerate(d):
            needed = r.start_money[i] * r.max_players + r.paydays.count(value) * r.max_players
            need(r.bank[i] >= needed,
                 f"a finite bank needs at least {needed} notes of {value} for {r.max_players} players "
                 f"(start money and paydays), got {r.bank[i]}")


def money_card_supply(rules: Rules) -> dict[int, int]:
    """How many money cards of each value the bank holds (HT "The money"), from
    ``rules.money_cards`` and the decks' ``MONEY_CARD_COUNTS``."""
    supply = {v: 0 for v in rules.denominations}
    for card, value in rules.money_cards or ():
        supply[value] += MONEY_CARD_COUNTS[card]
    return supply


def money_needed(rules: Rules, players: int) -> dict[int, int]:
    """Notes of each value ``players`` players receive in a whole game: the start money
    (HT "Setup" 2) and one note each per payday (HT "Paydays"). No other money ever
    comes from the bank, since no change is given."""
    need = {v: c * players for v, c in zip(rules.denominations, rules.start_money)}
    for value in rules.paydays:
        need[value] += players
    return need


def _validate_money_cards(r: Rules, need) -> None:
    cards: tuple[tuple[str, int], ...] = r.money_cards  # type: ignore[assignment]  # called only when money_cards is set
    need(isinstance(cards, tuple) and all(isinstance(p, tuple) and len(p) == 2 for p in cards),
         "money_cards must be (card, value) pairs, or None")
    names = [c for c, _ in cards]
    need(all(isinstance(c, str) and c in MONEY_CARD_COUNTS for c in names),
         f"money_cards: the cards are {', '.join(MONEY_CARD_COUNTS)}, got {names}")
    need(len(set(names)) == len(names), "money_cards: each card may be given one value only")
    need(all(_is_int(v) and v in r.denominations for _, v in cards),
         f"money_cards: each card must be worth one of {r.denominations}")
    have = money_card_supply(r)
    for value, wanted in money_needed(r, r.max_players).items():
        worth = [c for c, v in cards if v == value]
        need(have[value] >= wanted,
             f"money_cards cannot deal {r.max_players} players their start money and paydays: they "
             f"need {wanted} cards worth {value}, but only {have[value]} are "
             f"({', '.join(worth) or 'no card'})")


#: The named variants, each a set of rule overrides (YB "Quick Game";
#: HT "Variants": Trade and auction, Short game, Double auction).
VARIANTS: dict[str, dict] = {
    "quick": {"lot_size": 2},
    "double-auction": {"lot_size": 2},
    "trade-and-auction": {"trade_then_auction": True},
    "short": {"family_size": 2, "paydays": (50, 100)},
}

PRESETS: dict[str, Rules] = {
    "youre_bluffing": Rules(),
    "horse_trading": Rules(
        name="horse_trading",
        labels=RANKS,
        bank=None,
        money_cards=HORSE_TRADING_MONEY_CARDS,
        min_bid=10,
        bid_step=10,
        bid_multiple=10,
        no_bid_calls=2,
        trade_tie="challenger",
    ),
}

#: Command-line game names and the preset each one starts from.
GAME_NAMES = {"youre-bluffing": "youre_bluffing", "horse-trading": "horse_trading"}

#: Each ruleset's variants. The two-animal lot takes the name its rulebook gives it (YB
#: "Quick Game"; HT "Variants"): "quick" in one, "double-auction" in the other. "Trade and
#: auction" and "Short game" are Horse Trading's variants ("from the model game"), offered
#: for You're Bluffing! too, off by default.
PRESET_VARIANTS: dict[str, tuple[str, ...]] = {
    "youre_bluffing": ("quick", "trade-and-auction", "short"),
    "horse_trading": ("double-auction", "trade-and-auction", "short"),
}


def preset(name: str, variants: list[str] | tuple[str, ...] = (), **options) -> Rules:
    """The ruleset ``name`` (a key of ``PRESETS`` or a game name) with variants and options applied."""
    key = GAME_NAMES.get(name, name)
    if key not in PRESETS:
        raise RulesError(f"unknown ruleset {name!r}; choose one of {_names(sorted(PRESETS) + sorted(GAME_NAMES))}")
    rules = PRESETS[key]
    changes: dict = {}
    sets: dict[str, dict] = {}               # what each variant sets: an option may not contradict it
    for v in variants:
        if v not in PRESET_VARIANTS[key]:
            raise RulesError(f"unknown variant {v!r} of {name}; choose from {', '.join(PRESET_VARIANTS[key])}")
        changes.update(VARIANTS[v])
        sets[v] = dict(VARIANTS[v])
        out = VARIANT_MONEY_CARDS_OUT.get(v)
        if out and rules.money_cards is not None:
            changes["money_cards"] = tuple(p for p in changes.get("money_cards", rules.money_cards)
                                           if p[0] not in out)
            sets[v]["money_cards"] = changes["money_cards"]
    refuse_contradicting(sets, options)
    changes.update(options)
    changes["variants"] = tuple(dict.fromkeys(tuple(variants)))
    return rules.replace(**changes)
