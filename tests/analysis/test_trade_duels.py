"""The face-down trade as an all-pay contest: theory, simulation and the engine's trades."""

import pytest
import sympy as sp

from bluffkit.analysis import trade_duels as td
from bluffkit.core.errors import RulesError


def test_equilibrium_offer_solves_the_first_order_condition():
    b = td.allpay_offer_expr()
    assert b == td.V ** 2 / (2 * td.H)
    assert sp.simplify(td.allpay_ode().lhs.subs(sp.Derivative(td.B(td.V), td.V), sp.diff(b, td.V))) == 0
    assert td.expected_offer_expr() == td.H / 6


def test_no_offer_does_better_against_the_equilibrium():
    best = td.deviation_gain_expr(td.V ** 2 / 2)
    assert best == sp.Rational(1, 3)
    for offer in (td.V / 2, td.V / 4, 0 * td.V, td.V ** 2 / 3, td.V ** 3 / 2):
        assert td.deviation_gain_expr(offer) < best, offer


def test_simulation_agrees_with_theory_within_four_standard_errors():
    for strategy, theory in (("equilibrium", 1 / 3), ("half", 19 / 60), ("nothing", 1 / 6)):
        d = td.simulate_duels(20_000, strategy, seed=7)
        assert abs(d.gain.mean() - theory) < 4 * d.gain.sem(), strategy


def test_money_only_changes_hands():
    d = td.simulate_duels(500, "half", "equilibrium", seed=1)
    rival_gain = d.rival_value * ~d.won + d.offer - d.rival_offer
    assert ((d.gain - d.value * d.won) + (rival_gain - d.rival_value * ~d.won)).abs().max() < 1e-12


def test_bad_arguments():
    with pytest.raises(RulesError, match="unknown strategy"):
        td.simulate_duels(10, "bluff")
    with pytest.raises(RulesError, match="duels"):
        td.simulate_duels(0)


def test_engine_trades_match_the_rulebooks():
    # Horse Trading, Trade, example: Anna 10 in three cards, Ben 50 in two; Anna is 40 richer
    r = td.trade_result("horse-trading", [("Anna", "trade 1 6 10+0+0"), ("Ben", "counter 50+0")],
                        {"leader": "Anna", "herds": {"Anna": {"6": 1}, "Ben": {"6": 1}}})
    assert r["gain"] == {"Anna": 40, "Ben": -40, "Carla": 0}
    assert r["herds"]["Ben"] == {"6": 2}
    # Horse Trading: "On a tie, the challenger gets it"
    r = td.trade_result("horse-trading", [("Anna", "trade 1 3 10+0"), ("Ben", "counter 10+0")],
                        {"leader": "Anna", "herds": {"Anna": {"3": 1}, "Ben": {"3": 1}}})
    assert r["herds"]["Anna"] == {"3": 2} and r["gain"]["Anna"] == 0


def test_ties_go_to_the_challenger():
    """Horse Trading, "Trade": on a tie the challenger gets the animal. Two players who both
    offer nothing always tie, so the player (the challenger) wins every duel and gains its
    own value: it pays nothing and receives nothing."""
    d = td.simulate_duels(200, strategy="nothing", rival="nothing", high=300.0, seed=5)
    assert (d.offer == 0).all() and (d.rival_offer == 0).all()
    assert d.won.all()
    assert (d.gain == d.value).all()


def test_half_offers_half_the_value_on_any_scale():
    """``"half"`` offers v / 2, the value in money, whatever the top of the values ``high``
    (on the scale of the values, not as a share of ``high``)."""
    d = td.simulate_duels(200, strategy="half", rival="half", high=1000.0, seed=6)
    assert d.value.max() > 500, "values spread over [0, 1000]"
    assert (d.offer == d.value / 2).all()
    assert (d.rival_offer == d.rival_value / 2).all()
    assert (d.won == (d.value >= d.rival_value)).all(), "the higher value offers more"


def test_one_duel_more_than_the_most_is_refused_with_the_limit():
    with pytest.raises(RulesError, match=r"^duels: at most 10,000,000 in one call .*got 10,000,001$"):
        td.simulate_duels(td.MAX_DUELS + 1)
