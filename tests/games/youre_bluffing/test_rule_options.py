"""The rule options of You're Bluffing! and Horse Trading: a value no rulebook could mean is
refused with a RulesError that names the option (DIGEST: every default is a documented,
configurable option; STYLE: rules are validated loudly, never silently replaced), and a value
at the edge of what is allowed is still accepted.

Expected values come from the rulebooks (shared/seeds: YB 000, HT 003) and shared/RULES.md."""

from __future__ import annotations

import pytest

from bluffkit.core.errors import RulesError
from bluffkit.games.youre_bluffing import preset

TEN = (10, 40, 90, 160, 250, 350, 500, 650, 800, 1000)     # YB "Contents" / HT "The animals"


def ht_cards(**changes) -> tuple:
    """Horse Trading's money-card table with the value of some cards changed."""
    return tuple((card, changes.get(card, value)) for card, value in preset("horse_trading").money_cards)


@pytest.mark.parametrize("ruleset, option, value", [
    ("youre_bluffing", "bid_multiple", 0),            # bids are multiples of it: 0 divides nothing
    ("horse_trading", "bid_multiple", 0),
    ("youre_bluffing", "min_bid", True),              # a yes/no is not an amount
    ("youre_bluffing", "bid_step", True),
    ("youre_bluffing", "no_bid_calls", True),
    ("horse_trading", "lot_size", True),
    ("youre_bluffing", "family_values", (0,) + TEN[1:]),           # a family worth nothing
    ("youre_bluffing", "family_values", (True,) + TEN[1:]),
    ("youre_bluffing", "family_values", TEN[:9]),                  # nine values for ten families
    ("youre_bluffing", "payday_family", -1),          # not a family (a Python index of the horse)
    ("youre_bluffing", "payday_family", 10),          # one past the horse
    ("horse_trading", "payday_family", 10),
    ("youre_bluffing", "paydays", (50, 100, 200, 300)),            # no note of 300 exists
    ("youre_bluffing", "paydays", (50.0, 100, 200, 500)),          # a number, not a note (50.0 == 50)
    ("youre_bluffing", "start_money", (3, 4, 1, 0, 0, -1)),        # a negative count of notes
    ("horse_trading", "start_money", (2, 4, 1, -1, 0, 0)),
    ("youre_bluffing", "min_players", 2),             # HT "Players: 3-5"
    ("youre_bluffing", "min_players", 6),             # more than max_players (5)
    ("youre_bluffing", "first_leader", 5),            # seats 0..4 of at most five players
    ("youre_bluffing", "first_leader", True),
    ("youre_bluffing", "bank", (10, 20, 10, 5, 5, 5, 5)),          # seven counts for six notes
    ("youre_bluffing", "bank", (9, 20, 10, 5, 5, 5)),              # 5 players x two 0s = 10 needed
    ("youre_bluffing", "trade_then_auction", 1),
    ("horse_trading", "money_cards", ht_cards(joker=False)),       # worth "no", not worth 0
    ("horse_trading", "money_cards", ht_cards() + (("5", 50),)),   # the 5 worth two values
    ("horse_trading", "money_cards", ht_cards(**{"7": 0})),        # sixteen 10s for 20 needed
    ("horse_trading", "min_bid", 15),                 # HT "Auction": bids are multiples of 10
])
def test_an_odd_value_is_refused_naming_the_option(ruleset, option, value):
    with pytest.raises(RulesError) as info:
        preset(ruleset, **{option: value})
    assert option in str(info.value), str(info.value)


def test_a_finite_bank_is_refused_naming_what_five_players_need():
    """YB "Contents": ten 0s for five players' two 0s each: one fewer cannot start them."""
    with pytest.raises(RulesError, match=r"at least 10 notes of 0 for 5 players.*got 9"):
        preset("youre_bluffing", bank=(9, 20, 10, 5, 5, 5))


def test_a_money_card_table_short_by_a_few_cards_is_refused_with_the_shortage():
    """HT "Setup" 2 and "Paydays": five players need 5 x four 10s = 20 cards worth 10."""
    with pytest.raises(RulesError, match="need 20 cards worth 10, but only 16"):
        preset("horse_trading", money_cards=ht_cards(**{"7": 0}))


@pytest.mark.parametrize("ruleset, options", [
    ("youre_bluffing", {"bank": (10, 20, 10, 5, 5, 5)}),      # YB "Contents": exactly enough for five
    ("youre_bluffing", {"first_leader": 4}),                   # the fifth seat
    ("youre_bluffing", {"min_players": 5}),                    # = max_players
    ("youre_bluffing", {"no_bid_calls": 10}),
    ("horse_trading", {"start_money": (4, 6, 2, 0, 0, 0), "max_players": 3}),   # 12 notes, the most
    ("horse_trading", {"money_cards": None, "max_players": 20}),               # the most seats
    ("youre_bluffing", {"trade_then_auction": True, "lot_size": 2}),
])
def test_a_value_at_the_edge_is_accepted(ruleset, options):
    rules = preset(ruleset, **options)
    assert all(getattr(rules, k) == v for k, v in options.items())


@pytest.mark.parametrize("ruleset, option, bad", [
    ("horse_trading", "start_money", (4, 6, 3, 0, 0, 0)),      # 13 notes
    ("horse_trading", "max_players", 21),
])
def test_one_past_the_edge_is_refused(ruleset, option, bad):
    base = {"start_money": {"max_players": 3}, "max_players": {"money_cards": None}}[option]
    with pytest.raises(RulesError, match=option):
        preset(ruleset, **base, **{option: bad})


def test_rules_naming_an_unknown_variant_are_refused():
    """As a log header could hold them: the variants are names from the rulebooks' lists."""
    with pytest.raises(RulesError, match="variants"):
        preset("youre_bluffing").replace(variants=("bogus",))


@pytest.mark.parametrize("option, value", [
    ("money_cards", ((["A"], 10),)),          # a list where a card's name belongs
    ("variants", ([1],)),
    ("variants", (("short",),)),
])
def test_a_list_where_a_name_belongs_is_refused_naming_the_option(option, value):
    with pytest.raises(RulesError, match=option):
        preset("horse_trading").replace(**{option: value})


def test_a_variant_named_twice_is_played_and_logged_once():
    assert preset("horse_trading", ["short", "short"]).variants == ("short",)


def test_an_option_that_undoes_a_variant_is_refused_naming_both():
    """HT "Variants": the Short game plays pairs; an option of four cards per family would
    silently play the full game under the Short game's name."""
    with pytest.raises(RulesError, match="family_size=4 contradicts the variant 'short'"):
        preset("horse_trading", ["short"], family_size=4)
    with pytest.raises(RulesError, match="lot_size=1 contradicts the variant 'quick'"):
        preset("youre_bluffing", ["quick"], lot_size=1)


def test_each_ruleset_takes_its_own_rulebooks_name_for_the_two_animal_lot():
    """YB "Quick Game" and HT "Variants", Double auction: the same lot, each under its own name."""
    assert preset("youre_bluffing", ["quick"]).lot_size == preset("horse_trading", ["double-auction"]).lot_size == 2
    with pytest.raises(RulesError, match="unknown variant 'quick' of horse_trading"):
        preset("horse_trading", ["quick"])
    with pytest.raises(RulesError, match="unknown variant 'double-auction' of youre_bluffing"):
        preset("youre_bluffing", ["double-auction"])
