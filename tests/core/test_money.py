"""Money and scoring: the no-change payment rule and the family multiplier.

The payment functions are checked against a brute-force enumeration written
here from the rule's definition (You're Bluffing!, "Not the Exact Amount? Not
Enough Money?"; Horse Trading, "Paying"), not from the code under test.
"""

from __future__ import annotations

import random
from itertools import product

import pytest
from hypothesis import given, strategies as st

from bluffkit.core.errors import IllegalAction, NotationError, RulesError
from bluffkit.core.money import (
    PAYMENT_RULES,
    PaymentBook,
    can_pay_exactly,
    fmt,
    from_values,
    parse,
    payment_book,
    payment_problem,
    payments,
    total,
)
from bluffkit.games.youre_bluffing.rules import preset
from bluffkit.games.youre_bluffing.scoring import complete_families, score

try:
    from tests.strategies import FAST, D, denominations, hands, money_cases, note_values, rules_and_herds, sub_hands
except ImportError:  # tests/ is not a package: pytest puts tests/ itself on sys.path
    from strategies import FAST, D, denominations, hands, money_cases, note_values, rules_and_herds, sub_hands


# -- the rule, written out by brute force -----------------------------------------

def value(notes, denoms) -> int:
    return sum(c * d for c, d in zip(notes, denoms))


def every_choice(hand):
    """Every choice of notes from ``hand`` (as counts)."""
    return [tuple(p) for p in product(*[range(c + 1) for c in hand])]


def zero_notes(notes, denoms) -> int:
    return sum(c for c, d in zip(notes, denoms) if d == 0)


def brute_valid(hand, amount, denoms, rule="exact_if_possible") -> set:
    """The valid payments of ``amount`` from ``hand``, straight from the rule's words.

    ``any_cover``: any notes worth at least the amount.
    ``exact_if_possible``: if some choice of non-zero notes is worth exactly the
    amount, exactly those exact choices (no zero notes); otherwise every covering
    choice with no zero note and no note that could be left out with the amount
    still covered.
    """
    choices = every_choice(hand)
    if rule == "any_cover":
        return {p for p in choices if value(p, denoms) >= amount}
    no_zero = [p for p in choices if zero_notes(p, denoms) == 0]
    exact = {p for p in no_zero if value(p, denoms) == amount}
    if exact:
        return exact
    out = set()
    for p in no_zero:
        paid = value(p, denoms)
        if paid < amount:
            continue
        removable = any(c and paid - d >= amount for c, d in zip(p, denoms))
        if not removable:
            out.add(p)
    return out


def brute_exact(hand, amount, denoms) -> bool:
    return any(value(p, denoms) == amount for p in every_choice(hand))


# -- text form ---------------------------------------------------------------------

@FAST
@given(st.data())
def test_fmt_parse_round_trip(data):
    denoms = data.draw(denominations())
    notes = data.draw(hands(denoms, max_count=5))
    text = fmt(notes, denoms)
    assert parse(text, denoms) == notes, f"{notes} -> {text!r} did not read back"
    if sum(notes) == 0:
        assert text == "none"
    else:
        values = [int(v) for v in text.split("+")]
        assert values == sorted(values, reverse=True), f"{text!r} is not listed from the highest down"
        assert sum(values) == total(notes, denoms)
        assert len(values) == sum(notes)


@FAST
@given(st.data())
def test_parse_ignores_order_and_fmt_is_canonical(data):
    denoms = data.draw(denominations())
    notes = data.draw(hands(denoms, max_count=4))
    values = note_values(notes, denoms)
    shuffled = data.draw(st.permutations(values))
    text = "+".join(str(v) for v in shuffled) if shuffled else "none"
    assert parse(text, denoms) == notes
    assert from_values(list(shuffled), denoms) == notes
    assert fmt(parse(text, denoms), denoms) == fmt(notes, denoms)


@pytest.mark.parametrize("text", ["25", "50+ten", "50++10", "1000", "-10", "+"])
def test_parse_refuses_what_is_not_notes(text):
    with pytest.raises(NotationError) as e:
        parse(text, D)
    assert "note" in str(e.value)


def test_text_form_examples():
    assert fmt((2, 0, 2, 0, 0, 0), D) == "50+50+0+0"
    assert parse("50+50+0+0", D) == (2, 0, 2, 0, 0, 0)
    assert parse("0+50+0+50", D) == (2, 0, 2, 0, 0, 0)
    assert fmt((0,) * 6, D) == "none"
    assert parse("none", D) == (0,) * 6


# -- the payment rule ---------------------------------------------------------------

@FAST
@given(money_cases())
def test_payments_are_exactly_the_choices_without_a_problem(case):
    """``payments`` lists exactly the choices that ``payment_problem`` accepts, and
    both agree with the brute-force reading of the rule."""
    denoms, hand, amount = case
    listed = payments(hand, amount, denoms)
    assert len(set(listed)) == len(listed), f"duplicates in {listed}"
    accepted = {p for p in every_choice(hand) if payment_problem(hand, p, amount, denoms) is None}
    expected = brute_valid(hand, amount, denoms)
    assert set(listed) == accepted
    assert set(listed) == expected, (
        f"payments({hand}, {amount}, {denoms}) = {[fmt(p, denoms) for p in listed]}, "
        f"the rule gives {sorted(fmt(p, denoms) for p in expected)}")
    assert accepted == expected, (
        f"payment_problem accepts {sorted(fmt(p, denoms) for p in accepted)} for {amount} from "
        f"{fmt(hand, denoms)}, the rule gives {sorted(fmt(p, denoms) for p in expected)}")


@FAST
@given(money_cases())
def test_every_payment_covers_the_amount_smallest_first(case):
    denoms, hand, amount = case
    for rule in PAYMENT_RULES:
        listed = payments(hand, amount, denoms, rule)
        paid = [value(p, denoms) for p in listed]
        assert all(v >= amount for v in paid), f"{rule}: a payment below {amount}: {paid}"
        assert all(all(0 <= c <= h for c, h in zip(p, hand)) for p in listed), f"{rule}: notes not held"
        assert paid == sorted(paid), f"{rule}: not smallest total first: {paid}"
        if rule == "exact_if_possible":     # then fewest notes
            keys = [(value(p, denoms), sum(p)) for p in listed]
            assert keys == sorted(keys), f"{rule}: not fewest notes first among equal totals: {keys}"
        # there is a payment exactly when the hand is worth enough
        assert bool(listed) == (value(hand, denoms) >= amount)


def test_payment_book_forgets_at_its_limit_and_still_answers():
    """A book holds at most LIMIT questions (long simulations keep bounded memory);
    answers after a clear are the same as before."""
    book = PaymentBook(D, "exact_if_possible")
    book.LIMIT = 3
    questions = [((0, 2, 2, 1, 0, 0), amount) for amount in (10, 20, 60, 110, 120, 170)]
    first = [book.of(hand, amount) for hand, amount in questions]
    assert 0 < len(book) <= 3
    assert [book.of(hand, amount) for hand, amount in questions] == first
    assert first == [payments(hand, amount, D) for hand, amount in questions]
    assert first[2] == ((0, 1, 1, 0, 0, 0),)          # 60 = 50 + 10, exactly


def test_payment_book_refuses_an_unknown_rule():
    with pytest.raises(RulesError) as e:
        payment_book(D, "give_change")
    assert "give_change" in str(e.value) and "exact_if_possible" in str(e.value)


@FAST
@given(money_cases(), st.data())
def test_exact_payments_win_when_possible(case, data):
    denoms, hand, amount = case
    listed = payments(hand, amount, denoms)
    if can_pay_exactly(hand, amount, denoms):
        assert listed and all(value(p, denoms) == amount for p in listed)
        # a choice that overpays is refused with a reason that says so
        over = data.draw(sub_hands(hand))
        if value(over, denoms) > amount and zero_notes(over, denoms) == 0:
            problem = payment_problem(hand, over, amount, denoms)
            assert problem and "exactly" in problem
    for p in listed:
        assert zero_notes(p, denoms) == 0, f"{fmt(p, denoms)} contains a zero note"


@FAST
@given(money_cases(min_amount=0))
def test_can_pay_exactly_matches_brute_force(case):
    denoms, hand, amount = case
    assert can_pay_exactly(hand, amount, denoms) == brute_exact(hand, amount, denoms)


@FAST
@given(money_cases())
def test_any_cover_rule(case):
    """Under ``any_cover`` every choice worth at least the amount is a payment,
    zero notes and superfluous notes included."""
    denoms, hand, amount = case
    listed = payments(hand, amount, denoms, "any_cover")
    expected = brute_valid(hand, amount, denoms, "any_cover")
    assert set(listed) == expected
    assert len(listed) == len(expected)
    for p in every_choice(hand):
        problem = payment_problem(hand, p, amount, denoms, "any_cover")
        assert (problem is None) == (p in expected), (fmt(p, denoms), amount, problem)


@FAST
@given(money_cases(), st.data())
def test_payment_problem_refuses_notes_not_held(case, data):
    denoms, hand, amount = case
    i = data.draw(st.integers(0, len(denoms) - 1))
    notes = list(hand)
    notes[i] += 1                                   # one note more than the payer holds
    for rule in PAYMENT_RULES:
        problem = payment_problem(hand, tuple(notes), amount, denoms, rule)
        assert problem and "does not hold" in problem


@pytest.mark.parametrize("hand", [(2, 4, 1, 0, 0, 0), (0,) * 6, (2, 0, 0, 0, 0, 0)])
def test_amount_zero_is_paid_with_nothing(hand):
    nothing = (0,) * 6
    assert payment_problem(hand, nothing, 0, D) is None
    assert payments(hand, 0, D) == (nothing,)


# -- rulebook examples ---------------------------------------------------------------

BEN = from_values([50, 50, 0, 0], D)            # two 50s and two 0s
START = from_values([50, 10, 10, 10, 10, 0, 0], D)   # everyone's start money, 90


def test_ben_pays_a_60_bid_with_50_plus_50():
    """Horse Trading, "Auction", example: sold for 60, Ben holds two 50s and two 0s,
    pays 50 + 50 = 100 and gets no change."""
    assert payments(BEN, 60, D) == (from_values([50, 50], D),)
    assert payment_problem(BEN, parse("50+50", D), 60, D) is None
    assert "less than" in payment_problem(BEN, parse("50", D), 60, D)
    assert "zero" in payment_problem(BEN, parse("50+50+0", D), 60, D)
    assert not can_pay_exactly(BEN, 60, D)
    assert can_pay_exactly(BEN, 50, D) and can_pay_exactly(BEN, 100, D)


def test_ben_under_any_cover_may_add_zeros():
    listed = {fmt(p, D) for p in payments(BEN, 60, D, "any_cover")}
    assert listed == {"50+50", "50+50+0", "50+50+0+0"}


@pytest.mark.parametrize("amount, paid", [
    (60, ["50+10"]),                   # exact
    (30, ["10+10+10"]),                # exact, the 50 is not needed
    (45, ["50"]),                      # no exact sum: the 50 alone covers it
    (55, ["50+10"]),
    (85, ["50+10+10+10+10"]),          # every note but the zeros
    (90, ["50+10+10+10+10"]),
    (95, []),                          # the start money is worth 90
])
def test_start_money_payments(amount, paid):
    assert [fmt(p, D) for p in payments(START, amount, D)] == paid


def test_overpaying_when_exact_is_possible_is_refused():
    problem = payment_problem(START, parse("50+10+10", D), 60, D)
    assert problem and "exactly 60" in problem
    problem = payment_problem(START, parse("50+10", D), 45, D)
    assert problem and "could be left out" in problem


# -- scoring ------------------------------------------------------------------------

#: The families' values as printed in both rulebooks (Ace/rooster .. 10/horse).
PRINTED_VALUES = (10, 40, 90, 160, 250, 350, 500, 650, 800, 1000)
FAMILY = {"rooster": 0, "goose": 1, "cat": 2, "dog": 3, "sheep": 4, "goat": 5,
          "donkey": 6, "pig": 7, "cow": 8, "horse": 9}


def expected_score(herd, size) -> int:
    full = [f for f, c in enumerate(herd) if c == size]
    return sum(PRINTED_VALUES[f] for f in full) * len(full)


@FAST
@given(rules_and_herds())
def test_score_is_sum_of_complete_families_times_their_number(case):
    rules, herd = case
    got = score(herd, rules)
    assert got == expected_score(herd, rules.family_size), (herd, rules.family_size, got)
    assert set(complete_families(herd, rules)) == {f for f, c in enumerate(herd) if c == rules.family_size}


@FAST
@given(rules_and_herds(complete=False))
def test_no_complete_family_scores_nothing(case):
    rules, herd = case
    assert score(herd, rules) == 0


@FAST
@given(rules_and_herds(), st.randoms(use_true_random=False))
def test_score_does_not_depend_on_incomplete_families(case, rnd):
    rules, herd = case
    size = rules.family_size
    changed = tuple(c if c == size else rnd.randrange(size) for c in herd)
    assert score(changed, rules) == score(herd, rules)


def herd_of(families, size=4, extra=None) -> tuple[int, ...]:
    h = [0] * 10
    for name in families:
        h[FAMILY[name]] = size
    for name, c in (extra or {}).items():
        h[FAMILY[name]] = c
    return tuple(h)


def test_rulebook_score_examples():
    yb, ht = preset("youre_bluffing"), preset("horse_trading")
    # You're Bluffing!, "End of the Game": 4 pigs, 4 dogs, 4 roosters
    assert score(herd_of(["pig", "dog", "rooster"]), yb) == (650 + 160 + 10) * 3 == 2460
    # Horse Trading, "End of the game": Anna 9s and 5s, Ben 10s 7s 3s Aces, Carla 8s 6s 4s 2s
    assert score(herd_of(["cow", "sheep"]), ht) == 2100
    assert score(herd_of(["horse", "donkey", "cat", "rooster"]), ht) == 6400
    assert score(herd_of(["pig", "goat", "dog", "goose"]), ht) == 4800
    # three of a family is not a family
    assert score(herd_of(["cow"], extra={"horse": 3}), yb) == 800
    # the Short game: a pair scores the full set value
    short = preset("horse_trading", ["short"])
    assert score(herd_of(["cow", "sheep"], size=2), short) == 2100


def test_random_herds_sanity():
    """A few thousand plain random herds, as a cheap cross-check beside hypothesis."""
    rnd = random.Random(7)
    yb = preset("youre_bluffing")
    for _ in range(2000):
        herd = tuple(rnd.randint(0, 4) for _ in range(10))
        assert score(herd, yb) == expected_score(herd, 4)


def test_a_hand_that_cannot_pay_is_refused_in_words_by_every_random_payer():
    """A payer whose notes cannot cover the amount never occurs in play (they show their
    money instead), but ``hide_from`` may deal one. The random bots and ``Legal.sample``
    then say so, where they failed with an IndexError."""
    import numpy as np

    from bluffkit.core.errors import IllegalAction
    from bluffkit.core.money import first_payment
    from bluffkit.games.youre_bluffing import state as S
    from bluffkit.games.youre_bluffing.observe import Legal

    d = (0, 10, 50, 100, 200, 500)
    assert first_payment((0, 1, 1, 0, 0, 0), 60, d) == (0, 1, 1, 0, 0, 0)
    with pytest.raises(IllegalAction, match=r"seat 2 owes 100 but holds 50\+10\+0 \(60\): no payment"):
        first_payment((1, 1, 1, 0, 0, 0), 100, d, who="seat 2")
    short = Legal(1, S.PAY, hand=(2, 1, 0, 0, 0, 0), pay=70)
    with pytest.raises(IllegalAction, match="seat 1 owes 70 but holds 10"):
        short.sample(np.random.default_rng(3))
    from bluffkit.agents.base import make_agent
    from bluffkit.core.game import make_game
    game = make_game("youre-bluffing")
    from types import SimpleNamespace
    seen = SimpleNamespace(rules=game.rules, hand=short.hand)    # what the bots read of the view to pay
    for name in ("random", "heuristic"):
        with pytest.raises(IllegalAction, match="seat 1 owes 70 but holds 10"):
            make_agent(name, game).act(seen, short, np.random.default_rng(3))




def _short_payer(game, rng, players: int = 4):
    """A position ``hide_from`` deals in which the payer owes more than its notes hold: from
    seeded random play, each payment's position dealt again as another seat sees it."""
    from bluffkit.agents.base import make_agent

    bot = make_agent("random", game)
    for _ in range(50):
        state = game.new_state(players)
        while not game.is_over(state):
            if game.is_chance(state):
                state = game.step(state, None, game.sample_chance(state, rng))
                continue
            seat = game.to_move(state)[0]
            legal = game.legal(state, seat)
            if legal.pay and legal.pay[1] == "value":
                for other in range(players):
                    if other != seat:
                        for _ in range(20):
                            dealt = game.hide_from(state, other, rng)
                            if total(game.observe(dealt, seat).hand, game.rules.denominations) < legal.pay[0]:
                                return dealt, seat, legal.pay[0]
            state = game.step(state, seat, bot.act(game.observe(state, seat), legal, rng))
    pytest.fail("hide_from dealt no payer short of the price")


def test_a_dealt_position_whose_payer_cannot_pay_is_refused_by_the_auction_bots():
    """The same through the auctions' random bidder and heuristic bot, on a position
    ``hide_from`` deals (the payer's notes dealt again, as another seat sees them)."""
    import numpy as np

    from bluffkit.agents.base import make_agent
    from bluffkit.core.errors import IllegalAction
    from bluffkit.core.game import make_game

    game = make_game("auction", format="classic")
    rng = np.random.default_rng(11)
    dealt, payer, price = _short_payer(game, rng)
    for name in ("random", "truthful", "shade 0.5", "equilibrium"):
        agent = make_agent(name, game)
        with pytest.raises(IllegalAction, match=f"seat {payer} owes {price} but holds"):
            agent.act(game.observe(dealt, payer), game.legal(dealt, payer), rng)


# -- a large hand's payments, counted -------------------------------------------------

@FAST
@given(money_cases())
def test_counted_payments_are_the_rules_payments_in_the_documented_order(case):
    """:class:`CountedPayments`, the payments reached by counting, are exactly the
    brute-force reading of the rule, in the order ``payments`` documents: by total, then
    number of notes, then the notes as a tuple (exact payments all have one total)."""
    from math import gcd

    from bluffkit.core.paycount import CountedPayments
    denoms, hand, amount = case
    if value(hand, denoms) < amount:
        return                                  # (a short hand is answered before counting)
    unit = gcd(*[d for d in denoms if d])
    counted = CountedPayments(hand, amount, denoms, unit)
    expected = sorted(brute_valid(hand, amount, denoms), key=lambda p: (value(p, denoms), sum(p), p))
    assert list(counted) == expected
    assert len(counted) == len(expected) and counted[-1:] == tuple(expected[-1:])
    assert all(counted[i] == p for i, p in enumerate(expected))
    assert all(p in counted for p in expected[:5])
    assert not any(p in counted for p in every_choice(hand)[:40] if p not in set(expected))


def test_a_hand_of_hundreds_of_notes_gives_its_payments_by_index_without_listing_them(monkeypatch, request):
    """50 notes of each value pay 8,000 in 62,340 ways (100 of each pay 20,000 in 1.3
    million, listed in some 5 s). Past ``LIST_MOST`` payments (lowered here, so that the
    full list to compare with is quick to make) ``payments`` answers with the counted
    sequence, whose payments at any index are those of the full list (the listing
    function is asked for that list here, once), so a seeded random bot draws the same
    payment either way; the random bot and ``Legal.actions`` take theirs from it."""
    import numpy as np

    from bluffkit.core import money
    from bluffkit.core.money import _layout, _minimal_payments
    from bluffkit.core.paycount import CountedPayments
    from bluffkit.games.youre_bluffing import state as S
    from bluffkit.games.youre_bluffing.actions import Pay
    from bluffkit.games.youre_bluffing.observe import Legal
    hand, d = (0, 50, 50, 50, 50, 50), (0, 10, 50, 100, 200, 500)
    monkeypatch.setattr(money, "LIST_MOST", 10_000)     # counted past 10,000 (100,000 by default)
    money.clear_caches()                        # nothing this hand asked before, listed, is kept
    request.addfinalizer(money.clear_caches)    # nor is what is counted here, once LIST_MOST is back
    for amount in (8_000, 5_555):             # exact, and covering (no note to spare)
        counted = payments(hand, amount, d)
        assert isinstance(counted, CountedPayments)
        listed = _minimal_payments(hand, amount, d, *_layout(d))
        assert len(counted) == len(listed) > 20_000
        rng = np.random.default_rng(amount)
        for i in [0, 1, len(listed) - 1] + [int(x) for x in rng.integers(0, len(listed), 300)]:
            assert counted[i] == listed[i], i
        assert counted[:3] == listed[:3] and listed[7] in counted and (0, 0, 0, 0, 0, 1) not in counted
    legal = Legal(2, S.PAY, hand=hand, pay=8_000)
    pay = legal.sample(np.random.default_rng(4))
    assert legal.explain(pay) is None and value(pay.notes, d) == 8_000
    assert legal.actions(limit=4) == tuple(Pay(p) for p in payments(hand, 8_000, d)[:4])


def test_a_hand_of_many_notes_but_few_payments_is_listed_as_before():
    """Hands of hundreds of notes whose payments are few (odd note values, one huge
    note) are listed, as before counting: the bound that sends a hand towards counting
    overstates their number, and counting them would build tables of no use (the first
    was refused as too large to count, the second took 635 MB). Each payment listed is
    one the rule allows, once, in the documented order."""
    for hand, amount, d in (((0, 100, 200, 700), 8000, (0, 3, 7, 10)), ((0, 600, 600, 600), 3601, (0, 2, 4, 9999)),
                            ((0, 500, 500), 5000, (0, 7, 10))):
        found = payments(hand, amount, d)
        assert type(found) is tuple and found and len(set(found)) == len(found)
        assert all(payment_problem(hand, p, amount, d) is None for p in found)
        assert list(found) == sorted(found, key=lambda p: (value(p, d), sum(p), p))


def test_billions_of_payments_are_counted_exactly(monkeypatch):
    """Twenty note values (1 to 20), 50 notes of each, paying 160: some 20 billion
    payments, more than a crude bound let through (the auction bots' first payment was
    refused as too many to count, mid-game). Counted exactly: the number equals a count
    made independently with Python's integers, the first pays with the fewest notes and
    the last with the most; past the 64-bit counts the question is still refused in words."""
    from bluffkit.core import paycount
    from bluffkit.core.paycount import CountedPayments
    d, hand = tuple(range(21)), (0,) + (50,) * 20
    ways = [1] + [0] * 160                      # payments of each total, at most 50 notes of each value
    for v in range(1, 21):
        ways = [sum(ways[x - c * v] for c in range(0, min(50, x // v) + 1)) for x in range(161)]
    counted = CountedPayments(hand, 160, d, 1)
    assert len(counted) == ways[160] > 2**34
    assert counted[0] == (0,) * 20 + (8,)                              # 8 x 20: the fewest notes
    assert counted[-1] == (0, 50, 50, 2, 1) + (0,) * 16                 # 50 x 1, 50 x 2, 2 x 3, 1 x 4
    assert payment_problem(hand, counted[12345], 160, d) is None
    monkeypatch.setattr(paycount, "MAX_COUNT", 2**20)
    with pytest.raises(RulesError, match="too many choices to count .more than 1,048,576 of one size"):
        CountedPayments(hand, 160, d, 1)


@FAST
@given(money_cases())
def test_the_smallest_payment_found_directly_is_the_first_of_the_payments(case):
    """:func:`smallest_payment` (which lists and counts nothing) gives the first payment
    of the documented order, as ``payments`` lists them; ``None`` for a short hand."""
    from bluffkit.core.money import smallest_payment
    denoms, hand, amount = case
    if any(a >= b for a, b in zip(denoms, denoms[1:])):
        return                                  # (the direct way is for rising note values)
    expected = sorted(brute_valid(hand, amount, denoms), key=lambda p: (value(p, denoms), sum(p), p))
    assert smallest_payment(hand, amount, denoms) == (expected[0] if expected else None)


def test_a_hand_too_large_to_count_still_gives_its_first_payment():
    """The auction bots pay with the first payment: a hand of 1,000 notes of twenty values
    paying 1,000 has too many payments to count (the bots stopped mid-game), but its first
    is found directly; where counting works, the two agree."""
    from bluffkit.core.money import first_payment
    from bluffkit.core.paycount import CountedPayments
    d, hand = tuple(range(21)), (0,) + (50,) * 20
    with pytest.raises(RulesError, match="too many choices to count"):
        payments(hand, 1_000, d)
    assert first_payment(hand, 1_000, d) == (0,) * 20 + (50,)
    assert first_payment(hand, 160, d) == CountedPayments(hand, 160, d, 1)[0]
    big, dd = (0, 50, 50, 50, 50, 50), (0, 10, 50, 100, 200, 500)
    for amount in (8_000, 5_555, 7):
        assert first_payment(big, amount, dd) == CountedPayments(big, amount, dd, 10)[0]
    with pytest.raises(IllegalAction, match="no payment is possible"):
        first_payment((0,) + (1,) * 20, 1_000, d)


def test_a_payment_too_large_to_count_is_refused_in_words():
    from bluffkit.core.paycount import CountedPayments
    with pytest.raises(RulesError, match="too many choices to count"):
        CountedPayments((0, 900, 900, 900, 900, 900), 500_000, (0, 10, 50, 100, 200, 500), 10)
    counted = CountedPayments((0, 40, 40, 40), 1_000, (0, 10, 50, 100), 10)
    assert counted[True] == counted[1] and counted[-1] == counted[len(counted) - 1]
    with pytest.raises(TypeError):
        counted[1.5]
    with pytest.raises(IndexError):
        counted[len(counted)]


def test_the_direct_first_payment_keeps_to_a_small_table():
    """A note worth a million and an amount of 400 million: the direct way's table would
    take gigabytes, so the payments are listed (one payment: 400 of the large note)."""
    from bluffkit.core.money import MAX_DIRECT_CELLS, _direct_cells, first_payment
    hand, d = (0, 500, 500), (0, 1, 1_000_000)
    assert _direct_cells(hand, 400_000_000, d) > MAX_DIRECT_CELLS
    assert first_payment(hand, 400_000_000, d) == (0, 0, 400)


def test_more_payments_than_a_machine_integer_are_refused_in_words():
    """Twenty values, 50 notes of each, paying 700: some 3.3e19 payments, more than len()
    can give; refused in words (the first payment is still found directly)."""
    from bluffkit.core.money import first_payment
    d, hand = tuple(range(21)), (0,) + (50,) * 20
    with pytest.raises(RulesError, match=r"too many choices to count \(3\.29e\+19\)"):
        payments(hand, 700, d)
    assert first_payment(hand, 700, d) == (0,) * 20 + (35,)


def test_the_cell_limit_refuses_one_cell_past_it(monkeypatch):
    """:data:`~bluffkit.core.paycount.MAX_CELLS` bounds the cells of the tables (positions
    plus one, times amounts, times note counts). Paying 60 from two 10s and two 50s, in
    units of 10: positions 2 (+1); the amount 6 in units, and the covering tables reach
    up to the largest value (5) past it: 6 + 1 + 5 = 12 amounts; notes: at most 2 of 1 and
    1 of 5 in an exact payment, plus 2 more of one value covering: 5, so 6 counts.
    3 x 12 x 6 = 216 cells: refused under a limit of 215, counted under 216."""
    from bluffkit.core import paycount
    from bluffkit.core.paycount import CountedPayments
    hand, d = (0, 2, 2), (0, 10, 50)
    monkeypatch.setattr(paycount, "MAX_CELLS", 215)
    with pytest.raises(RulesError, match=r"too many choices to count \(216 cells\)"):
        CountedPayments(hand, 60, d, 10)
    monkeypatch.setattr(paycount, "MAX_CELLS", 216)
    counted = CountedPayments(hand, 60, d, 10)
    assert list(counted) == [(0, 1, 1)]                 # 10 + 50, the one exact payment


# -- sets of notes, refusals and boundaries ---------------------------------------------

def test_a_set_of_notes_is_held_only_with_a_count_of_zero_or_more_for_each_value():
    """A negative count, or a tuple of the wrong length, is no set of notes: Bidder Up!'s
    offers and costs are checked by ``contains`` alone, and a count of -1 would hand a
    seat a note it never had."""
    from bluffkit.core.money import contains
    hand = (1, 1, 0, 0, 0, 0)
    assert contains(hand, (1, 0, 0, 0, 0, 0))
    assert not contains(hand, (0, -1, 0, 0, 0, 0))
    assert not contains(hand, (1, 1, 0, 0, 0))
    assert not contains(hand, (0, 0, 1, 0, 0, 0))


def test_a_message_names_up_to_sixty_notes_one_by_one():
    """:func:`said` writes a set of notes out in full up to ``SAID_NOTES`` (60) notes, and
    by counts past it."""
    from bluffkit.core.money import said
    assert said((0, 60, 0, 0, 0, 0), D) == "+".join(["10"] * 60)
    assert said((0, 61, 0, 0, 0, 0), D) == "61 x 10 (61 notes)"


def test_a_note_value_of_thirteen_digits_is_not_read_as_a_number():
    """A note value has at most 12 digits (``MAX_DIGITS``); one of 13 is refused as no note
    value at all, not looked up among the notes."""
    with pytest.raises(NotationError, match="is not a note value"):
        parse("1" * 13, D)
    with pytest.raises(NotationError, match="there is no note worth 111111111111"):
        parse("1" * 12, D)


def test_a_payment_with_a_negative_count_is_refused_as_no_set_of_notes():
    hand = (0, 2, 1, 0, 0, 0)
    assert payment_problem(hand, (0, -1, 2, 0, 0, 0), 50, D) == "a payment must be a set of notes"
    assert payment_problem(hand, (0, 1, 0, 0, 0), 10, D) == "a payment must be a set of notes"


def test_any_cover_lists_up_to_its_limit_of_choices_and_refuses_one_past(monkeypatch):
    """``MAX_CHOICES`` is the most choices of notes ``any_cover`` looks at: a hand of one 10,
    one 50 and one 100 has 2 x 2 x 2 = 8 choices, listed under a limit of 8; with a second
    100 it has 12, refused in words."""
    from bluffkit.core import money
    monkeypatch.setattr(money, "MAX_CHOICES", 8)
    book = PaymentBook(D, "any_cover")          # (a book of its own: nothing remembered)
    assert book.of((0, 1, 1, 1, 0, 0), 150) == ((0, 0, 1, 1, 0, 0), (0, 1, 1, 1, 0, 0))
    with pytest.raises(RulesError, match="has 12 choices of notes to list, more than 8"):
        book.of((0, 1, 1, 2, 0, 0), 150)


def test_nothing_owed_is_paid_with_no_notes_by_the_direct_way_too():
    from bluffkit.core.money import smallest_payment
    assert smallest_payment((2, 1, 1, 0, 0, 0), 0, D) == (0, 0, 0, 0, 0, 0)


def test_showing_money_caps_that_seat_alone():
    """"On the repeat, that player may bid at most as much as they could actually pay":
    seat 1 shows 50+10 and is capped at 60; seats 0 and 2 keep their caps."""
    from bluffkit.auctions.state import NO_CAP
    from bluffkit.core.money import show
    shown, caps = show((), (NO_CAP, NO_CAP, 200), 1, (0, 1, 1, 0, 0, 0), 60)
    assert shown == ((1, (0, 1, 1, 0, 0, 0)),)
    assert caps == (NO_CAP, 60, 200)


def test_a_counted_payment_past_the_end_is_refused_by_name():
    from bluffkit.core.paycount import CountedPayments
    counted = CountedPayments((0, 40, 40, 40), 1_000, (0, 10, 50, 100), 10)
    with pytest.raises(IndexError, match="payment index out of range"):
        counted[len(counted)]
    with pytest.raises(IndexError, match="payment index out of range"):
        counted[-len(counted) - 1]


def test_payments_are_counted_up_to_a_machine_integer_and_refused_one_past(monkeypatch):
    """``len`` and indexes are machine integers: as many payments as ``sys.maxsize`` are
    counted, one more is refused in words (the machine's bound lowered here to the number
    of ways 40 notes each of 10, 50 and 100 pay 1,000, counted here by hand)."""
    import re
    from types import SimpleNamespace

    from bluffkit.core import paycount
    from bluffkit.core.paycount import CountedPayments
    ways = sum(1 for b in range(41) for c in range(41)
               if 0 <= 1_000 - 50 * b - 100 * c <= 400 and not (1_000 - 50 * b - 100 * c) % 10)
    hand, d = (0, 40, 40, 40), (0, 10, 50, 100)
    monkeypatch.setattr(paycount, "sys", SimpleNamespace(maxsize=ways))
    assert len(CountedPayments(hand, 1_000, d, 10)) == ways
    monkeypatch.setattr(paycount, "sys", SimpleNamespace(maxsize=ways - 1))
    with pytest.raises(RulesError, match=re.escape(f"too many choices to count ({ways:.2e})")):
        CountedPayments(hand, 1_000, d, 10)


def test_a_payment_short_of_the_amount_says_its_sum_only_when_it_is_more_than_one_note():
    """"10 is 10, less than the 20 owed" read oddly: one note is its own value."""
    from bluffkit.core.money import payment_problem
    d = (0, 10, 50)
    assert payment_problem((0, 3, 1), (0, 1, 0), 20, d) == "10 is less than the 20 owed"
    assert payment_problem((0, 3, 1), (0, 2, 0), 30, d) == "10+10 is 20, less than the 30 owed"
