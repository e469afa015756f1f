"""The weighted vote model of Bluffer: reduces to the standard one, shares the table's
points, and agrees with simulated votes."""

import math

import pytest
import sympy as sp

from bluffkit.analysis import bluffer_theory as bt, bluffer_votes as bv
from bluffkit.core.errors import RulesError


def test_equal_weights_give_the_standard_model():
    e, s = bv.weighted_expected(), bt.standard_expected()
    assert sp.simplify(e["leader"].subs(bv.w, 1) - s["leader"]) == 0
    assert sp.simplify(e["convincing"].subs(bv.w, 1) - s["author"]) == 0
    assert sp.simplify(e["other_author"].subs(bv.w, 1) - s["author"]) == 0


def test_the_table_shares_the_same_points_whatever_the_weight():
    # "5. Awarding Points": every vote pays 2 to an author, or 1 to the voter on the truth
    assert sp.simplify(bv.weighted_expected()["table"] - (bv.n - 1) * (2 - bv.p)) == 0


def test_rational_inputs_stay_exact():
    e = bv.weighted_expected(4, sp.Rational(1, 4), 3)
    assert e["convincing"] == sp.Rational(9, 5) and e["leader"] == sp.Rational(11, 10)
    assert e["other_author"] == sp.Rational(4, 5)


def test_simulation_agrees_within_four_standard_errors():
    d = bv.simulate_weighted(4, 0.25, 3, 20_000, seed=2)
    e = bv.weighted_expected(4, sp.Rational(1, 4), 3)
    expected = [e["leader"], e["convincing"] + e["voter"], e["other_author"] + e["voter"],
                e["other_author"] + e["voter"]]
    for seat, want in enumerate(expected):
        col = d[f"seat_{seat}"]
        assert abs(col.mean() - float(want)) < 4 * col.sem(), seat


def test_spot_estimate_and_bad_counts():
    assert bv.spot_estimate(0, 10) == (0.0, 0.0)
    with pytest.raises(RulesError, match="truth_votes <= votes"):
        bv.spot_estimate(11, 10)
    with pytest.raises(RulesError, match="count"):
        bv.spot_estimate(-1, 10)
    with pytest.raises(RulesError, match="3 to 5"):
        bv.simulate_weighted(6, 0.3, 1, 10)


def test_spot_sweeps_from_neighbouring_seeds_share_no_games():
    """Each point of a sweep plays from its own child of the seed: with ``seed + k`` the
    second point from seed 1 replayed the first point from seed 2, game for game."""
    from bluffkit.analysis.bluffer_data import spot_sweep
    a = spot_sweep(3, [0.5, 0.5], games=4, seed=1, rounds=1)
    b = spot_sweep(3, [0.5, 0.5], games=4, seed=2, rounds=1)
    one, two = a[a.index >= len(a) // 2].reset_index(drop=True), b[b.index < len(b) // 2].reset_index(drop=True)
    assert not (len(one) == len(two) and one.drop(columns="spot_0").equals(two.drop(columns="spot_0")))
    again = spot_sweep(3, [0.5, 0.5], games=4, seed=1, rounds=1)
    assert a.equals(again), "the same seed gives the same sweep"


def test_the_weighted_model_needs_the_three_players_of_the_standard_game():
    # the Leader, the convincing author and at least one other ("Rules of Play for 3 to 5 Players")
    with pytest.raises(RulesError, match=r"^players must be a whole number of at least 3, got 2$"):
        bv.weighted_expected(2, sp.Rational(1, 2), 2)
    assert bv.weighted_expected(3, 0, 1)["leader"] == 2     # both voters fooled, each on the Leader's answer half the time: 2 x 2 x 1/2


def test_the_spot_estimate_is_the_share_on_the_truth_and_its_standard_error():
    # 12 of 40 votes on the truth: 0.3, with standard error sqrt(0.3 * 0.7 / 40)
    share, se = bv.spot_estimate(12, 40)
    assert share == pytest.approx(0.3) and se == pytest.approx(math.sqrt(0.3 * 0.7 / 40))
    assert bv.spot_estimate(3, 4) == (0.75, pytest.approx(math.sqrt(0.75 * 0.25 / 4)))


def test_a_table_that_always_found_the_truth_spots_it_every_time():
    assert bv.spot_estimate(10, 10) == (1.0, 0.0)
    with pytest.raises(RulesError, match=r"need 0 <= truth_votes <= votes and votes > 0, got 11 of 10"):
        bv.spot_estimate(11, 10)


@pytest.mark.parametrize("weight", [0, -1, sp.Integer(0)])
def test_a_weight_of_nothing_is_refused(weight):
    # a weight is how much likelier a fooled voter picks the convincing answer: above 0
    with pytest.raises(RulesError, match=r"^weight must be a number above 0, got "):
        bv.weighted_expected(4, sp.Rational(1, 4), weight)


@pytest.mark.parametrize("weight", [0, -1.0])
def test_simulated_votes_refuse_a_weight_of_nothing(weight):
    with pytest.raises(RulesError, match=rf"weight > 0, got spot=0\.3, weight={weight!r}"):
        bv.simulate_weighted(4, 0.3, weight, 10)
