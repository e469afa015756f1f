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

from bluffkit.core.errors import RulesError
from bluffkit.core.rules import RuleOptions
from bluffkit.core.money import PAYMENT_RULES

#: The ten families in the order of their values (You're Bluffing!, "Contents";
#: Horse Trading, "The animals": Ace..10 are these families in this order).
FAMILIES = ("rooster", "goose", "cat", "dog", "sheep", "goat", "donkey", "pig", "cow", "horse")
#: Points for a complete family (the value is for the whole family).
FAMILY_VALUES = (10, 40, 90, 160, 250, 350, 500, 650, 800, 1000)
#: Horse Trading's names for the same families: the ranks of the first deck.
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")
DENOMINATIONS = (0, 10, 50, 100, 200, 500)

#: Horse Trading's money cards (a second deck, plus J, Q, K and the jokers of the
#: first). The rulebook gives only "a 5 is worth 10" and "an 8 is worth 50"; this
#: mapping is bluffkit's, consistent with both. The engine counts values only.
HORSE_TRADING_MONEY_CARDS = {
    "joker": 0, "2": 0, "3": 0, "4": 0,
    "5": 10, "6": 10, "7": 10,
    "8": 50, "9": 50,
    "10": 100, "J": 100, "A": 100,
    "Q": 200,
    "K": 500,
}

TRADE_TIE_RULES = ("reoffer", "challenger")
BUYBACK_RULES = ("forbidden", "show_and_rerun")
TIE_BREAK_RULES = ("money", "shared")


@dataclass(frozen=True)
class Rules(RuleOptions):
    """A complete ruleset. Build one with :func:`preset`; change a field with :meth:`replace`.

    Fields, with the rulebook section each comes from:

    - ``families``, ``family_values``, ``labels``: the animals and their set values
      (YB "Contents"; HT "The animals", where ``labels`` are the ranks).
    - ``family_size``: cards per family, 4; 2 in HT's Short game ("Variants").
    - ``payday_family``, ``paydays``: the donkey / the 7s and the notes each player
      gets before their auction, in order 50, 100, 200, 500 (YB "The Golden
      Donkey"; HT "Paydays", whose table is missing: the same amounts are used).
    - ``denominations``, ``start_money``: note values and each player's start, two 0s,
      four 10s and one 50 (YB "Setup"; HT "Setup" 2).
    - ``bank``: counts of the notes in the whole game (YB "Contents": 55 notes), or
      ``None`` for HT's bank that "never runs out".
    - ``min_bid``, ``bid_step``, ``bid_multiple``: YB "any bid higher than the
      previous" (1, 1, 1); HT "multiples of 10, the first at least 10, each at
      least 10 higher" (10, 10, 10).
    - ``no_bid_calls``: how often an animal nobody bids on is offered before the
      leader takes it free: YB three times; HT "call out the animal once more" (2).
    - ``trade_tie``: ``"reoffer"`` (YB: offers stay swapped, the challenger offers
      again; a second tie gives the animal to the challenger free) or
      ``"challenger"`` (HT: the challenger gets it).
    - ``buyback_without_funds``: the leader's right of preemption when the leader
      cannot pay. Neither rulebook says; default ``"forbidden"`` (HT: "only if you
      have enough money"). ``"show_and_rerun"`` treats the leader like a bidder who
      cannot pay: the leader shows all money and the auction is held again.
    - ``payment``: ``"exact_if_possible"`` (default; YB "A player who cannot give the
      exact sum must give more") or ``"any_cover"`` (any notes worth enough).
    - ``tie_break``: equal scores at the end. HT: most money, else shared. YB is
      silent; default ``"money"`` as HT (which follows the German edition).
    - ``lot_size``: animals auctioned together as one lot: 1, or 2 for YB's Quick
      game and HT's Double auction.
    - ``trade_then_auction``: HT's "Trade and auction" variant: after a trade the
      same player also holds an auction.
    - ``min_players``, ``max_players``: 3 to 5 (both rulebooks).
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
    min_bid: int = 1
    bid_step: int = 1
    bid_multiple: int = 1
    no_bid_calls: int = 3
    trade_tie: str = "reoffer"
    buyback_without_funds: str = "forbidden"
    payment: str = "exact_if_possible"
    tie_break: str = "money"
    lot_size: int = 1
    trade_then_auction: bool = False
    min_players: int = 3
    max_players: int = 5
    variants: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        try:
            _validate(self)
        except (TypeError, ValueError, AttributeError) as e:
            if isinstance(e, RulesError):
                raise
            raise RulesError(f"a rule option has the wrong kind of value ({e})") from None

    # -- derived, cheap -------------------------------------------------
    @property
    def animals(self) -> int:
        """Animals in the game: 40, or 20 in the Short game."""
        return len(self.families) * self.family_size


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
    for name in ("families", "family_values", "labels", "paydays", "denominations", "start_money"):
        need(isinstance(getattr(r, name), tuple), f"{name} must be a tuple")
    n = len(r.families)
    need(all(isinstance(f, str) and f and " " not in f for f in r.families),
         "families must be names without spaces")
    need(n >= 1 and len(set(r.families)) == n, "families must be distinct names")
    need(len(r.family_values) == n and all(_is_int(v) and v > 0 for v in r.family_values),
         f"family_values must hold {n} positive ints")
    need(len(r.labels) == n and len(set(r.labels)) == n, f"labels must hold {n} distinct names")
    need(r.family_size in (2, 4), f"family_size must be 4 (full game) or 2 (Short game), got {r.family_size}")
    need(_is_int(r.payday_family) and 0 <= r.payday_family < n,
         f"payday_family must be a family index 0..{n - 1}, got {r.payday_family!r}")
    d = r.denominations
    need(len(d) >= 2 and d[0] == 0 and all(_is_int(x) for x in d) and list(d) == sorted(set(d)),
         "denominations must be distinct increasing ints starting with 0")
    need(len(r.paydays) == r.family_size,
         f"paydays must give one amount per {r.families[r.payday_family]} ({r.family_size}), "
         f"got {len(r.paydays)}")
    need(all(p in d for p in r.paydays), f"each payday must be a single note, one of {d}")
    need(len(r.start_money) == len(d) and all(_is_int(c) and c >= 0 for c in r.start_money),
         f"start_money must give a count for each of the {len(d)} denominations")
    need(r.trade_tie in TRADE_TIE_RULES, f"trade_tie must be one of {TRADE_TIE_RULES}, got {r.trade_tie!r}")
    need(r.buyback_without_funds in BUYBACK_RULES,
         f"buyback_without_funds must be one of {BUYBACK_RULES}, got {r.buyback_without_funds!r}")
    need(r.payment in PAYMENT_RULES, f"payment must be one of {PAYMENT_RULES}, got {r.payment!r}")
    need(r.tie_break in TIE_BREAK_RULES, f"tie_break must be one of {TIE_BREAK_RULES}, got {r.tie_break!r}")
    need(r.lot_size in (1, 2), f"lot_size must be 1 or 2 (Quick game / Double auction), got {r.lot_size}")
    need(isinstance(r.trade_then_auction, bool), "trade_then_auction must be True or False")
    need(r.min_bid % r.bid_multiple == 0, "min_bid must be a multiple of bid_multiple")
    need(3 <= r.min_players <= r.max_players, "min_players must be at least 3 and at most max_players")
    need(isinstance(r.variants, tuple) and all(v in VARIANTS for v in r.variants),
         f"variants must be names from {sorted(VARIANTS)}")
    if r.bank is not None:
        need(isinstance(r.bank, tuple) and len(r.bank) == len(d) and all(_is_int(c) and c >= 0 for c in r.bank),
             f"bank must give a count for each of the {len(d)} denominations, or be None (unlimited)")
        # the bank must be able to pay the start money and every payday at max_players
        for i, value in enumerate(d):
            needed = r.start_money[i] * r.max_players + r.paydays.count(value) * r.max_players
            need(r.bank[i] >= needed,
                 f"a finite bank needs at least {needed} notes of {value} for {r.max_players} players "
                 f"(start money and paydays), got {r.bank[i]}")


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
        min_bid=10,
        bid_step=10,
        bid_multiple=10,
        no_bid_calls=2,
        trade_tie="challenger",
    ),
}

#: Command-line game names and the preset each one starts from.
GAME_NAMES = {"youre-bluffing": "youre_bluffing", "horse-trading": "horse_trading"}


def preset(name: str, variants: list[str] | tuple[str, ...] = (), **options) -> Rules:
    """The ruleset ``name`` (a key of ``PRESETS`` or a game name) with variants and options applied."""
    key = GAME_NAMES.get(name, name)
    if key not in PRESETS:
        raise RulesError(f"unknown ruleset {name!r}; choose one of {sorted(PRESETS)} "
                         f"or {sorted(GAME_NAMES)}")
    rules = PRESETS[key]
    changes: dict = {}
    for v in variants:
        if v not in VARIANTS:
            raise RulesError(f"unknown variant {v!r}; choose from {sorted(VARIANTS)}")
        changes.update(VARIANTS[v])
    changes.update(options)
    changes["variants"] = tuple(dict.fromkeys(tuple(variants)))
    return rules.replace(**changes)
