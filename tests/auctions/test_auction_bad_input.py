"""Bad input to the auctions, refused where it is given, with a message saying what is
allowed: a random move for a seat that has none, chance asked to act on a player's turn,
bidder values and lab scales that are not finite or would make an open auction bid for
ever, and an American Count last raise larger than any hand of notes.
"""

from __future__ import annotations

import numpy as np
import pytest

from bluffkit.agents.auction import Bidder
from bluffkit.analysis.auction_lab import draw_values, lab_game, simulate_engine
from bluffkit.auctions.rules import FORMATS, MAX_ANIMAL_VALUE, MAX_NOTES
from bluffkit.core.errors import IllegalAction, RulesError
from bluffkit.core.game import make_game
from bluffkit.core.play import play


def no_move(legal, rng) -> IllegalAction:
    with pytest.raises(IllegalAction) as e:
        legal.sample(rng)
    assert e.value.rule == "not-your-turn", e.value
    assert f"seat {legal.seat} has no legal action now" in str(e.value), e.value
    return e.value


# 1. Legal.sample ------------------------------------------------------------------------
def test_sample_refuses_a_seat_with_no_move():
    rng = np.random.default_rng(0)
    g = make_game("auction")
    s = g.new_state(3)
    no_move(g.legal(s, 0), rng)                                 # chance sets out the lot first
    s = g.step(s, None, g.sample_chance(s, rng))
    assert "auctioneer" in no_move(g.legal(s, 0), rng).reason, "the auctioneer does not bid"
    s = g.step(s, 1, "bid 10")
    s = g.step(s, 2, "pass")
    s = g.step(s, 1, "pass")
    s = g.step(s, 0, "sell")
    s = g.step(s, 1, "pay 10")
    assert g.is_over(s)
    for seat in range(3):
        assert "over" in no_move(g.legal(s, seat), rng).reason


def auction_cases():
    for fmt, f in FORMATS.items():
        for double in (False, True):
            yield fmt, double, f.players[1]


@pytest.mark.parametrize("fmt, double, players", list(auction_cases()))
def test_every_sampled_move_is_legal_and_a_seat_without_one_is_refused(fmt, double, players):
    """Random auctions of every format: each move ``sample`` gives passes ``explain``, and
    every seat not to move (or any seat at the end) is refused a sample."""
    g = make_game("auction", format=fmt, double=double)
    for seed in range(3):
        rng = np.random.default_rng(seed)
        s = g.new_state(players)
        for _ in range(2000):
            if g.is_over(s):
                break
            if g.is_chance(s):
                s = g.step(s, None, g.sample_chance(s, rng))
                continue
            movers = g.to_move(s)
            for seat in set(range(players)) - set(movers):
                no_move(g.legal(s, seat), rng)
            seat = movers[int(rng.integers(len(movers)))]
            legal = g.legal(s, seat)
            action = legal.sample(rng)
            assert legal.explain(action) is None, (fmt, double, seed, seat, str(action), legal.explain(action))
            s = g.step(s, seat, action)
        assert g.is_over(s), (fmt, double, seed, "the auction did not end")
        for seat in range(players):
            no_move(g.legal(s, seat), rng)


# 5. sample_chance -----------------------------------------------------------------------
def test_sample_chance_refuses_when_chance_does_not_act():
    rng = np.random.default_rng(0)
    g = make_game("auction", format="second-hand")
    s = g.state_from_position(4, lot=["cow"])
    with pytest.raises(IllegalAction, match="seats 1, 2, 3 are to move") as e:
        g.sample_chance(s, rng)
    assert e.value.rule == "not-chance-turn"
    for seat, move in [(1, "bid 120"), (2, "bid 100"), (3, "pass"), (0, "sell"), (1, "pay 100")]:
        s = g.step(s, seat, move)
    assert g.is_over(s)
    with pytest.raises(IllegalAction, match="the game is over") as e:
        g.sample_chance(s, rng)
    assert e.value.rule == "not-chance-turn"


# 2. and 3. Bidder's values ---------------------------------------------------------------
@pytest.mark.parametrize("bad", [float("nan"), float("inf"), -5, MAX_ANIMAL_VALUE + 1, 1e9,
                                 {"cow": float("nan")}, {"horse": float("inf")}, {"cow": 1e9}])
def test_a_bidder_refuses_values_that_are_not_finite_or_too_large(bad):
    with pytest.raises(RulesError, match=f"values must be numbers from 0 to {MAX_ANIMAL_VALUE:,}") as e:
        Bidder(values=bad)
    shown = next(iter(bad.values())) if isinstance(bad, dict) else bad
    assert repr(shown) in str(e.value), "the message names the bad value"


@pytest.mark.parametrize("bad", [(10, 40, 50), [30] * 10, "cow", object()])
def test_a_bidder_refuses_values_that_are_neither_a_number_nor_a_mapping(bad):
    """A list of values (one per animal, as a reader of "values per animal" may try) is
    refused in words, not with the TypeError of a message built from numbers."""
    with pytest.raises(RulesError, match="one number for every animal, or a mapping from animal name to value"):
        Bidder(values=bad)


@pytest.mark.parametrize("bad, named", [({"unicorn": 3}, "'unicorn'"), ({3: 4, "cow": 1}, "3")])
def test_a_bidder_names_the_unknown_animals(bad, named):
    with pytest.raises(RulesError, match="unknown animal") as e:
        Bidder(values=bad)
    assert f"unknown animal(s) {named};" in str(e.value) and "rooster, goose" in str(e.value)


def test_a_bidder_takes_values_up_to_the_bound():
    assert Bidder(MAX_ANIMAL_VALUE).values[0] == MAX_ANIMAL_VALUE
    assert Bidder(0).values[0] == 0
    assert Bidder(values={"cow": MAX_ANIMAL_VALUE}).values[8] == MAX_ANIMAL_VALUE


def test_an_open_auction_with_bidders_at_the_bound_ends():
    """Values far above the bidders' money, at the bound: bids rise to what they can pay,
    the winner shows its money, the auction runs again capped, and it ends."""
    rec = play(lab_game("classic"), [Bidder(500), Bidder(MAX_ANIMAL_VALUE), Bidder(MAX_ANIMAL_VALUE)], 0,
               max_steps=20_000)
    assert rec.final.is_over()


# 3. and 4. the lab's scale and value laws ------------------------------------------------
@pytest.mark.parametrize("bad", [float("inf"), float("nan"), -float("inf")])
def test_simulate_engine_refuses_a_scale_that_is_not_finite(bad):
    with pytest.raises(RulesError, match="scale must be a finite number > 0"):
        simulate_engine("classic", 3, 1, scale=bad)


@pytest.mark.parametrize("options", [dict(scale=1e9), dict(scale=MAX_ANIMAL_VALUE + 1),
                                     dict(values="uniform(0, 1e12)"), dict(values="uniform(0, 11)"),
                                     dict(values="beta(2, 2)", scale=2e4)])
def test_simulate_engine_refuses_values_beyond_the_bound_before_playing(options):
    # (simulate_engine's bound is the money each seat holds, below MAX_ANIMAL_VALUE)
    with pytest.raises(RulesError, match="each seat holds 1,600 in notes.*give a scale of at most"):
        simulate_engine("classic", 3, 3, **options)


def test_a_callable_value_law_is_held_to_the_bound_by_its_draws():
    def huge(rng, shape):
        return rng.uniform(100, 200, shape)
    with pytest.raises(RulesError, match="each seat holds 1,600 in notes.*lower the scale"):
        simulate_engine("classic", 3, 2, values=huge)
    with pytest.raises(RulesError, match=f"at most {MAX_ANIMAL_VALUE:,}"):
        draw_values(huge, 3, 1)


def test_the_bound_itself_is_allowed():
    from bluffkit.analysis.auction_lab import LAB_MONEY_TOTAL
    df = simulate_engine("second-hand", 3, 2, scale=LAB_MONEY_TOTAL)     # (the money each seat holds)
    assert len(df) == 2
    assert max(draw_values("uniform(0, 10)", 3, 1)) <= MAX_ANIMAL_VALUE


@pytest.mark.parametrize("scale", [float("inf"), float("nan"), 1e9])
def test_draw_values_refuses_a_scale_beyond_the_bound(scale):
    with pytest.raises(RulesError, match="scale"):
        draw_values("uniform", 3, 1, scale=scale)


# 6. american_final ------------------------------------------------------------------------
@pytest.mark.parametrize("bad", [MAX_NOTES + 1, 10**18])
def test_american_final_is_at_most_the_notes_a_player_can_hold(bad):
    with pytest.raises(RulesError, match=f"american_final must be an int from 0 to {MAX_NOTES}"):
        make_game("auction", format="american-count", american_final=bad)
    assert make_game("auction", format="american-count", american_final=MAX_NOTES).rules.american_final == MAX_NOTES


@pytest.mark.parametrize("money, may", [("0", "sell"), ("200", "sell, buy")])
def test_a_move_out_of_turn_names_the_sell_and_buy_the_auctioneer_may_make(money, may):
    """An auctioneer who cannot pay the bid may only sell: the refusal of another move says
    so, as the move list does, not "sell/buy"."""
    g = make_game("auction", format="classic")
    s = g.state_from_position(3, auctioneer=0, money=[money, "200+100", None], lot=["cow"])
    for seat, m in [(1, "bid 120"), (2, "pass"), (1, "pass")]:
        s = g.step(s, seat, m)
    assert g.legal(s, 0).explain(g.parse("bid 10")) == ("not-now", f"seat 0 cannot bid 10 now; it may: {may}")


@pytest.mark.parametrize("bid", [float("nan"), -5, "x", MAX_ANIMAL_VALUE + 1])
def test_a_bid_function_giving_no_bid_is_named_in_words(bid):
    """equilibrium_bid is the user's own function: a NaN ended in a ValueError deep in the
    bot, and a negative bid made it lay notes it did not hold."""
    game = make_game("auction", format="secret-value")
    with pytest.raises(RulesError, match=r"equilibrium_bid\(\d+\) gave .*a bid function gives a number from 0"):
        play(game, [Bidder(strategy="equilibrium", equilibrium_bid=lambda v: bid) for _ in range(3)], 1)
    assert play(game, [Bidder(strategy="equilibrium", equilibrium_bid=lambda v: v / 2) for _ in range(3)], 1).scores
