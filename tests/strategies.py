"""Hypothesis generators shared by the property tests.

Money cases are kept small on purpose: the tests check the payment functions
against a brute-force enumeration of every choice of notes, so a hand holds at
most a few notes of each value.
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings, strategies as st
from profiles import examples

from bluffkit.games.youre_bluffing.rules import preset

#: The notes of You're Bluffing! and Horse Trading.
D = (0, 10, 50, 100, 200, 500)

#: Modest settings: no example database on disk, no per-example deadline; 50 examples in
#: the everyday profile (``profiles.py``).
FAST = settings(max_examples=examples(50), deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow])


@st.composite
def denominations(draw) -> tuple[int, ...]:
    """Either the games' notes or a small made-up set: distinct increasing values,
    usually starting with a worthless 0 note (the bluff card)."""
    if draw(st.booleans()):
        return D
    values = draw(st.lists(st.integers(1, 60), min_size=1, max_size=4, unique=True))
    zero = draw(st.booleans())
    return tuple(([0] if zero else []) + sorted(values))


def hands(denoms: tuple[int, ...], max_count: int = 3):
    """A hand: how many notes of each value (a few of each at most)."""
    return st.tuples(*[st.integers(0, max_count) for _ in denoms])


def note_values(hand: tuple[int, ...], denoms: tuple[int, ...]) -> list[int]:
    """The hand as a flat list of note values."""
    return [d for c, d in zip(hand, denoms) for _ in range(c)]


@st.composite
def money_cases(draw, min_amount: int = 1):
    """``(denominations, hand, amount)``; the amount is at least ``min_amount`` and
    sometimes more than the hand is worth."""
    denoms = draw(denominations())
    hand = draw(hands(denoms))
    worth = sum(c * d for c, d in zip(hand, denoms))
    amount = draw(st.one_of(
        st.integers(min_amount, max(min_amount, worth)),          # payable (mostly)
        st.integers(min_amount, max(min_amount, worth + 60)),     # maybe not
        st.sampled_from(note_values(hand, denoms) or [min_amount]).map(lambda v: max(v, min_amount)),
    ))
    return denoms, hand, amount


@st.composite
def sub_hands(draw, hand: tuple[int, ...]):
    """A choice of notes from ``hand``."""
    return tuple(draw(st.integers(0, c)) for c in hand)


#: The rulesets whose scoring is checked: both games, and the Short game (pairs).
RULESETS = {
    "youre_bluffing": preset("youre_bluffing"),
    "horse_trading": preset("horse_trading"),
    "youre_bluffing short": preset("youre_bluffing", ["short"]),
    "horse_trading short": preset("horse_trading", ["short"]),
}


def rulesets():
    return st.sampled_from(sorted(RULESETS)).map(RULESETS.__getitem__)


@st.composite
def herds(draw, rules, complete: bool | None = None):
    """A herd under ``rules``: per family, 0..family_size cards. With
    ``complete=False`` no family is complete."""
    top = rules.family_size - 1 if complete is False else rules.family_size
    return tuple(draw(st.integers(0, top)) for _ in rules.families)


@st.composite
def rules_and_herds(draw, complete: bool | None = None):
    rules = draw(rulesets())
    return rules, draw(herds(rules, complete))
