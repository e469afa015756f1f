"""The sealed-bid simulator (bluffkit.analysis.auction_sim): textbook revenues, the published
N = 5, R = 100,000 reproduction, ties, seeds, the what-if sweep and bad settings.

Tolerances: a simulated mean must lie within 5 standard errors of the theory (plus 0.0005 when
the reference is a number printed to 3 decimals); a simulated standard deviation within 5 of
its standard errors, se(sd) ~ sqrt((m4 - sd^4) / R) / (2 sd).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings, strategies as st
from profiles import examples

from bluffkit.analysis import auction_sim as sim
from bluffkit.analysis.auction_sim import (
    bids_sample,
    efficiency_summary,
    first_price_equilibrium,
    revenue_summary,
    simulate_sealed,
    what_if_sweep,
)
from bluffkit.analysis.auction_theory import revenue_variance

TEXTBOOK = {2: 0.333, 3: 0.5, 4: 0.6, 5: 0.667, 10: 0.818}     # expected revenue, both formats
PUBLISHED = {"first": (0.667, 0.112), "second": (0.667, 0.178)}   # N = 5, R = 100,000: mean, sd


def sd_se(x: pd.Series) -> float:
    c = x - x.mean()
    sd = c.std()
    return float(np.sqrt(max((c ** 4).mean() - sd ** 4, 0) / len(x)) / (2 * sd))


@pytest.mark.parametrize("fmt", ["first", "second"])
def test_textbook_revenues(fmt):
    frames = [simulate_sealed(n, 100_000, fmt=fmt, seed=n) for n in TEXTBOOK]
    s = revenue_summary(pd.concat(frames, ignore_index=True))
    assert s["n"].tolist() == list(TEXTBOOK), "one row per number of bidders"
    for row in s.itertuples():
        expected = TEXTBOOK[row.n]
        assert abs(row.mean - expected) < 5 * row.se + 0.0005, \
            f"{fmt}, n={row.n}: simulated {row.mean:.4f}, textbook {expected}, 5 se = {5 * row.se:.4f}"
        exact = (row.n - 1) / (row.n + 1)
        assert abs(row.mean - exact) < 5 * row.se, f"{fmt}, n={row.n}: {row.mean:.4f} vs (n-1)/(n+1) = {exact:.4f}"


@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["first", "second"])
def test_published_reproduction_five_bidders(fmt):
    """N = 5 bidders, R = 100,000 auctions: first-price mean 0.667, sd about 0.112;
    second-price mean 0.667, sd about 0.178 (printed to 3 decimals)."""
    mean, sd = PUBLISHED[fmt]
    df = simulate_sealed(5, 100_000, fmt=fmt, seed=2024)
    x = df["revenue"]
    se = x.std() / np.sqrt(len(x))
    assert abs(x.mean() - mean) < 5 * se + 0.0005, f"{fmt}: mean {x.mean():.4f}, published {mean}"
    assert abs(x.std() - sd) < 5 * sd_se(x) + 0.001, f"{fmt}: sd {x.std():.4f}, published about {sd}"
    theory_sd = float(revenue_variance(5, fmt)) ** 0.5
    assert abs(theory_sd - sd) < 0.001, f"{fmt}: sympy sd {theory_sd:.4f}, published about {sd}"
    assert abs(x.std() - theory_sd) < 5 * sd_se(x), f"{fmt}: simulated sd {x.std():.4f}, sympy {theory_sd:.4f}"


def test_frame_columns_and_accounting():
    df = simulate_sealed(4, 20_000, fmt="second", right_of_first_refusal=True, seed=5)
    assert list(df.columns) == sim.COLUMNS
    assert df["auction"].tolist() == list(range(20_000))
    assert set(df["format"]) == {"second-price"} and set(df["strategy"]) == {"equilibrium"}
    assert df["efficient"].all(), "truthful bidding awards the lot to the highest value"
    sold, refused = df[~df["refused"]], df[df["refused"]]
    assert 0 < len(refused) < len(df), "the right is used sometimes"
    assert (refused["auctioneer_value"] > 2 * refused["price"]).all(), "refused only when v0 > 2p"
    assert (sold["auctioneer_value"] <= 2 * sold["price"]).all(), "sold whenever v0 <= 2p"
    assert np.allclose(refused["revenue"], -refused["price"]) and np.allclose(sold["revenue"], sold["price"])
    assert np.allclose(refused["auctioneer_payoff"], refused["auctioneer_value"] - refused["price"])
    assert np.allclose(refused["winner_surplus"], refused["price"])
    assert np.allclose(sold["winner_surplus"], sold["winning_value"] - sold["price"])
    assert (df["price"] <= df["winning_bid"]).all()
    no_right = simulate_sealed(4, 20_000, fmt="second", seed=5)
    assert not no_right["refused"].any() and no_right["revenue"].equals(no_right["price"])
    assert no_right["auctioneer_value"].equals(df["auctioneer_value"]), "same seed, same auctioneer values"


def test_first_price_bids_follow_the_equilibrium():
    df = simulate_sealed(5, 1000, fmt="first", seed=3)
    assert np.allclose(df["winning_bid"], 0.8 * df["winning_value"]) and df["price"].equals(df["winning_bid"])
    shaded = simulate_sealed(5, 1000, fmt="first", strategy="shade", shade=0.3, seed=3)
    assert np.allclose(shaded["price"], 0.7 * shaded["highest_value"])
    assert set(shaded["strategy"]) == {"shade 0.3"}


def test_same_seed_same_frame_different_seed_different_frame():
    a = simulate_sealed(3, 5000, fmt="first", seed=11)
    assert a.equals(simulate_sealed(3, 5000, fmt="first", seed=11)), "same seed must give the same frame"
    assert a.equals(simulate_sealed(3, 5000, fmt="first", seed=11, chunk_size=333)), "chunking changed the result"
    assert not a["price"].equals(simulate_sealed(3, 5000, fmt="first", seed=12)["price"]), "seeds 11 and 12 agree"
    b = simulate_sealed(3, 5000, fmt="second", seed=11)
    assert a["highest_value"].equals(b["highest_value"]), "same seed, same values in both formats"


def test_progress_bar_counts_auctions_and_does_not_change_the_result(capsys):
    """The bar counted chunks ("first-price auctions: 77/77 chunk" for 1,000,000 auctions)."""
    a = simulate_sealed(2, 3000, seed=4, chunk_size=1000, progress=True)
    err = capsys.readouterr().err
    assert "first-price auctions" in err and "3000/3000" in err and "auction/s" in err, err
    assert "chunk" not in err and "3/3" not in err, err
    assert a.equals(simulate_sealed(2, 3000, seed=4))
    b = simulate_sealed(2, 2500, fmt="second", seed=4, chunk_size=1000, progress=True)
    assert "second-price auctions" in capsys.readouterr().err and b.equals(simulate_sealed(2, 2500, fmt="second", seed=4))


def test_ties_are_broken_uniformly_at_random():
    """Every bidder has the same value, so every auction is a tie among all bidders."""
    def same(rng, shape):
        return np.full(shape, 0.5)
    df = simulate_sealed(4, 40_000, fmt="second", strategy="truthful", values=same, seed=8)
    counts = df["winner"].value_counts().reindex(range(4), fill_value=0)
    sd = np.sqrt(40_000 * 0.25 * 0.75)
    assert (abs(counts - 10_000) < 5 * sd).all(), f"winners of tied auctions are not uniform: {counts.tolist()}"
    assert (df["price"] == 0.5).all() and df["efficient"].all()
    assert not df["winner"].equals(simulate_sealed(4, 40_000, fmt="second", strategy="truthful", values=same,
                                                   seed=9)["winner"]), "tie breaks do not depend on the seed"


def test_mixed_strategies_lose_efficiency():
    df = simulate_sealed(3, 20_000, fmt="first", strategy=["truthful", "shade", "equilibrium"],
                         shade=[None, 0.5, None], seed=6)
    assert set(df["strategy"]) == {"truthful, shade 0.5, equilibrium"}
    e = efficiency_summary(df)
    assert e.loc[0, "efficient"] < 0.95 and e.loc[0, "value_lost"] > 0
    assert set(e.columns) >= {"format", "n", "strategy", "right", "auctions", "efficient", "efficient_se",
                              "value_lost", "refused"}
    assert e.loc[0, "efficient"] == pytest.approx(df["efficient"].mean())


def test_revenue_summary_on_a_hand_made_frame():
    df = pd.DataFrame({"format": ["first-price"] * 4 + ["second-price"] * 2, "n": [2] * 6,
                       "revenue": [0.1, 0.2, 0.3, 0.4, 0.5, 0.5]})
    s = revenue_summary(df)
    assert s["auctions"].tolist() == [4, 2]
    assert s["mean"].tolist() == pytest.approx([0.25, 0.5])
    assert s["sd"].tolist() == pytest.approx([np.std([0.1, 0.2, 0.3, 0.4], ddof=1), 0.0])
    assert s["se"].tolist() == pytest.approx([np.std([0.1, 0.2, 0.3, 0.4], ddof=1) / 2, 0.0])
    with pytest.raises(ValueError, match="price"):
        revenue_summary(df, "price")


def test_bids_sample():
    b = bids_sample(4, 50, fmt="first", seed=2)
    assert list(b.columns) == sim.BID_COLUMNS and len(b) == 200
    assert np.allclose(b["bid"], 0.75 * b["value"]) and np.allclose(b["equilibrium_bid"], b["bid"])
    assert b.groupby("auction")["won"].sum().eq(1).all(), "one winner per auction"
    df = simulate_sealed(4, 50, fmt="first", seed=2)
    assert np.allclose(b.groupby("auction")["value"].max(), df["highest_value"]), "same seed, same values"
    t = bids_sample(2, 10, fmt="second", strategy="shade", shade=0.25, seed=1)
    assert np.allclose(t["bid"], 0.75 * t["value"]) and np.allclose(t["equilibrium_bid"], t["value"])


def test_first_price_equilibrium_for_other_value_laws():
    v = np.linspace(0.2, 1.2, 11)
    assert np.allclose(first_price_equilibrium(4, "uniform(0.2, 1.2)")(v), v - (v - 0.2) / 4)
    u = np.linspace(0, 1, 21)
    for law in ("beta(1, 1)", lambda rng, shape: rng.random(shape)):
        b = first_price_equilibrium(3, law, seed=1)(u)
        assert np.abs(b - 2 / 3 * u).max() < 0.005, f"{law}: the sampled equilibrium is far from 2v/3"
    beta = first_price_equilibrium(3, "beta(2, 5)", seed=1)(u)
    assert (np.diff(beta) >= 0).all() and (beta <= u).all(), "bids rise with the value and stay below it"
    df = simulate_sealed(3, 1000, values="beta(2, 5)", seed=1)
    assert (df["winning_value"] < 1).all() and df["efficient"].all()


@pytest.mark.parametrize("fmt", ["first", "second"])
def test_what_if_sweep_on_a_hand_made_auction(fmt):
    """Values 0.9, 0.6, 0.3 bid 0.6, 0.4, 0.2; bidder 1 (value 0.6) tries other bids."""
    w = what_if_sweep([0.9, 0.6, 0.3], [0.6, 0.4, 0.2], bidder=1, fmt=fmt, xs=[0.1, 0.5, 0.6, 0.7])
    assert list(w.columns) == sim.SWEEP_COLUMNS
    assert [None if pd.isna(x) else int(x) for x in w["winner"]] == [0, 0, None, 1], "no winner on a tie"
    assert w["tied"].tolist() == [1, 1, 2, 1]
    assert w["win_share"].tolist() == [0, 0, 0.5, 1]
    if fmt == "first":
        assert w["price"].tolist() == pytest.approx([0.6, 0.6, 0.6, 0.7])
        assert w["surplus"].tolist() == pytest.approx([0, 0, 0, -0.1])
    else:
        assert w["price"].tolist() == pytest.approx([0.2, 0.5, 0.6, 0.6])
        assert w["surplus"].tolist() == pytest.approx([0, 0, 0, 0])
    assert (w["value"] == 0.6).all() and (w["actual_bid"] == 0.4).all()


@settings(max_examples=examples(50), deadline=None)
@given(st.lists(st.tuples(st.floats(0, 1), st.floats(0, 1)), min_size=2, max_size=6), st.data())
def test_truthful_bidding_is_best_ex_post_in_second_price(rows, data):
    """Whatever the others bid, bidding one's value in a second-price auction is never worse
    than any other bid x; and replaying the recorded bid reproduces the recorded outcome."""
    values, bids = [r[0] for r in rows], [r[1] for r in rows]
    i = data.draw(st.integers(0, len(rows) - 1))
    xs = data.draw(st.lists(st.floats(0, 1.5), min_size=1, max_size=8))
    w = what_if_sweep(values, bids, i, "second", [values[i], bids[i], *xs])
    assert (w["surplus"].iloc[0] >= w["surplus"] - 1e-12).all(), w
    others = max(b for j, b in enumerate(bids) if j != i)
    assert (w["win_share"].iloc[1] == 1) == (bids[i] > others), "the recorded bid wins alone iff it is highest"
    assert w["price"].iloc[1] == sorted(bids)[-2], "the second-price is the second-highest recorded bid"


@pytest.mark.parametrize("kwargs, word", [
    (dict(n_bidders=1), "n_bidders"),
    (dict(n_auctions=0), "n_auctions"),
    (dict(fmt="third"), "fmt"),
    (dict(strategy="bluff"), "strategy"),
    (dict(strategy=["truthful", "shade"]), "strategy"),
    (dict(strategy="shade", shade=-0.1), "shade"),
    (dict(strategy="shade", shade=1.5), "shade"),
    (dict(strategy="shade"), "shade"),
    (dict(shade=0.2), "shade"),
    (dict(values="normal"), "values"),
    (dict(values="beta(0, 1)"), "values"),
    (dict(auctioneer_values="uniform(1, 0)"), "auctioneer_values"),
    (dict(values=lambda rng, shape: np.zeros(3)), "values"),
    (dict(seed=-1), "seed"),
    (dict(chunk_size=0), "chunk_size"),
    (dict(right_of_first_refusal="yes"), "right_of_first_refusal"),
])
def test_bad_settings_raise_value_error_naming_the_setting(kwargs, word):
    args = dict(n_bidders=3, n_auctions=10) | kwargs
    with pytest.raises(ValueError, match=word):
        simulate_sealed(args.pop("n_bidders"), args.pop("n_auctions"), **args)


def test_bad_what_if_arguments():
    with pytest.raises(ValueError, match="bidder"):
        what_if_sweep([0.5, 0.4], [0.5, 0.4], 2, "first", [0.1])
    with pytest.raises(ValueError, match="fmt"):
        what_if_sweep([0.5, 0.4], [0.5, 0.4], 0, "english", [0.1])
    with pytest.raises(ValueError, match="same length"):
        what_if_sweep([0.5, 0.4], [0.5], 0, "first", [0.1])
    with pytest.raises(ValueError, match="xs"):
        what_if_sweep([0.5, 0.4], [0.5, 0.4], 0, "first", [-0.1])


@pytest.mark.parametrize("law", ["beta(inf, 1)", "beta(1, inf)", "beta(nan, 1)", "beta(1e308, 1e308)",
                                 "uniform(-1e308, 1e308)", "uniform(nan, 1)", "uniform(0, inf)"])
def test_value_laws_numpy_cannot_draw_are_refused(law):
    """These gave frames all NaN or all 0, or numpy's OverflowError, and the engine's
    bidders a bare ValueError."""
    from bluffkit.analysis.auction_sim import value_law
    with pytest.raises(ValueError, match="needs"):
        value_law(law)
    assert value_law("beta(1e6, 1e6)")[0] == "beta(1e+06, 1e+06)"


def test_seed_zero_gives_the_same_frame_every_time():
    """0 is a seed like any other (one read as "no seed" drew fresh entropy on each call)."""
    assert simulate_sealed(3, 200, seed=0).equals(simulate_sealed(3, 200, seed=0))
    assert bids_sample(3, 20, fmt="second", seed=0).equals(bids_sample(3, 20, fmt="second", seed=0))


def _constant(x):
    return lambda rng, shape: np.full(shape, x)


def test_the_auctioneer_keeps_the_lot_only_when_that_pays_strictly_better():
    """Truthful second price, every value 0.5: the price is 0.5. An auctioneer's value of 1.0
    gains 0.5 by selling or by keeping (1.0 - 0.5): no better, so it sells. At 1.25 keeping
    pays 0.75: it keeps the lot and pays the winner the price (booklet, right of first refusal)."""
    args = dict(fmt="second", strategy="truthful", values=_constant(0.5), right_of_first_refusal=True, seed=1)
    sold = simulate_sealed(3, 4, auctioneer_values=_constant(1.0), **args)
    assert not sold["refused"].any() and (sold["price"] == 0.5).all()
    assert (sold["revenue"] == 0.5).all() and (sold["auctioneer_payoff"] == 0.5).all()
    kept = simulate_sealed(3, 4, auctioneer_values=_constant(1.25), **args)
    assert kept["refused"].all() and (kept["revenue"] == -0.5).all()
    assert (kept["auctioneer_payoff"] == 0.75).all() and (kept["winner_surplus"] == 0.5).all()


@pytest.mark.parametrize("fmt, price", [("first", 1.0), ("second", 38 / 39)])
def test_forty_bidders_pay_the_top_or_the_second_bid(fmt, price):
    """40 truthful bidders with the values 0, 1/39, ..., 1 in a shuffled order: the highest
    value is 1, the second-highest 38/39; first price pays the top bid, second price the next."""
    grid = np.linspace(0, 1, 40)

    def shuffled(rng, shape):                  # (first price also fits its equilibrium to a sample of the law)
        return rng.permuted(np.broadcast_to(grid, shape), axis=1) if len(shape) == 2 else rng.random(shape)
    df = simulate_sealed(40, 30, fmt=fmt, strategy="truthful", values=shuffled, seed=3)
    assert (df["highest_value"] == 1).all() and (df["winning_value"] == 1).all() and df["efficient"].all()
    assert np.allclose(df["price"], price), df["price"].unique()


def test_bids_sample_numbers_the_bidders_of_each_auction():
    b = bids_sample(3, 4, seed=1)
    assert b["bidder"].tolist() == [0, 1, 2] * 4 and b["auction"].tolist() == [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]
    assert b[b["won"]]["bidder"].tolist() == simulate_sealed(3, 4, seed=1)["winner"].tolist(), \
        "same seed, same winners"


def test_efficiency_summary_on_a_hand_made_frame():
    """Three of four lots to the highest value: share 0.75, standard error sqrt(0.75 x 0.25 / 4);
    the one lot lost 0.4 of value, a mean of 0.1 over four; one lot of four kept."""
    df = pd.DataFrame({"format": "first-price", "n": 3, "efficient": [True, True, True, False],
                       "highest_value": [0.9, 0.8, 0.7, 0.6], "winning_value": [0.9, 0.8, 0.7, 0.2],
                       "refused": [False, True, False, False]})
    e = efficiency_summary(df).iloc[0]
    assert (e["auctions"], e["efficient"], e["refused"]) == (4, 0.75, 0.25)
    assert e["efficient_se"] == pytest.approx((0.75 * 0.25 / 4) ** 0.5)
    assert e["value_lost"] == pytest.approx(0.1)


def test_shade_takes_zero_to_one_and_only_for_shading_bidders():
    full = simulate_sealed(3, 10, fmt="second", strategy="shade", shade=1, seed=1)
    assert (full["winning_bid"] == 0).all() and (full["price"] == 0).all(), "a shade of 1 bids nothing"
    with pytest.raises(ValueError, match=r"shade must be a number in \[0, 1\] for strategy 'shade', got True"):
        simulate_sealed(3, 10, strategy="shade", shade=True)
    with pytest.raises(ValueError, match=r"bidder 0 plays 'truthful' but was given shade=0\.2"):
        simulate_sealed(3, 10, strategy=["truthful", "shade", "shade"], shade=[0.2, 0.1, 0.1])
    with pytest.raises(ValueError, match=r"strategy: give one strategy or one per bidder \(3\), got 2"):
        simulate_sealed(3, 10, strategy=["truthful", "truthful"])


def test_the_documented_limits_are_inclusive(monkeypatch):
    """n_bidders up to MAX_BIDDERS, n_auctions up to MAX_AUCTIONS, bidders x auctions up to
    MAX_SEALED_VALUES (MAX_BID_ROWS for bids_sample): the limit itself is allowed."""
    assert len(simulate_sealed(sim.MAX_BIDDERS, 1, fmt="second", strategy="truthful", seed=1)) == 1
    monkeypatch.setattr(sim, "MAX_AUCTIONS", 6)
    assert len(simulate_sealed(2, 6, seed=1)) == 6
    with pytest.raises(ValueError, match=r"n_auctions: at most 6 in one call"):
        simulate_sealed(2, 7, seed=1)
    monkeypatch.setattr(sim, "MAX_SEALED_VALUES", 12)
    assert len(simulate_sealed(3, 4, seed=1)) == 4
    with pytest.raises(ValueError, match=r"n_auctions: at most 4 auctions of 3 bidders"):
        simulate_sealed(3, 5, seed=1)
    monkeypatch.setattr(sim, "MAX_BID_ROWS", 12)
    assert len(bids_sample(3, 4, seed=1)) == 12
    with pytest.raises(ValueError, match=r"n_auctions: at most 4 auctions of 3 bidders"):
        bids_sample(3, 5, seed=1)


def test_format_labels_are_taken_as_formats():
    assert simulate_sealed(2, 20, fmt="second-price", seed=1).equals(simulate_sealed(2, 20, fmt="second", seed=1))


def test_value_laws_without_spread_or_with_nan_are_refused():
    from bluffkit.analysis.auction_sim import value_law
    with pytest.raises(ValueError, match=r"uniform\(lo, hi\) needs lo < hi"):
        value_law("uniform(0.5, 0.5)")
    with pytest.raises(ValueError, match=r"values: the callable must return finite numbers, got nan"):
        simulate_sealed(3, 5, values=_constant(np.nan))


@pytest.mark.parametrize("values, bids, match", [
    ([0.5, 0.4], [-0.5, 0.4], r"bids must be >= 0"),
    ([np.nan, 0.4], [0.5, 0.4], r"values, bids and xs must be finite numbers"),
    ([0.5], [0.5], r"values and bids must be two lists of the same length >= 2"),
])
def test_what_if_sweep_refuses_negative_bids_nan_values_and_a_lone_bidder(values, bids, match):
    with pytest.raises(ValueError, match=match):
        what_if_sweep(values, bids, 0, "second", [0.1])


@pytest.mark.parametrize("progress", ["yes", "no", 1, None])
def test_a_progress_that_is_not_true_or_false_is_refused(progress):
    """``progress`` is True or False: "no" would show a bar as "yes" does (any text is true)."""
    with pytest.raises(ValueError, match=r"^progress must be True or False, got "):
        simulate_sealed(2, 10, seed=1, progress=progress)


@pytest.mark.parametrize("shade", ["x", "0.2", b"1", object()])
def test_a_shade_that_is_neither_a_number_nor_a_list_is_refused_as_such(shade):
    """"x" was read as a list of one shade and refused as "got 1" shades for 3 bidders."""
    with pytest.raises(ValueError, match=r"^shade: one number in \[0, 1\] or one per bidder \(3\), got "):
        simulate_sealed(3, 10, strategy="shade", shade=shade, seed=1)


def test_a_value_law_that_draws_text_is_refused_in_words():
    def words(rng, shape):
        return np.full(shape, "high")
    with pytest.raises(ValueError, match=r"^values: the callable must return an array of numbers, got ndarray"):
        simulate_sealed(2, 10, values=words, seed=1)
    with pytest.raises(ValueError, match=r"^values: the callable must return an array of numbers, got dict"):
        simulate_sealed(2, 10, values=lambda rng, shape: {"high": 1}, seed=1)


@pytest.mark.parametrize("drawn", [lambda shape: np.full(shape, "0.5"), lambda shape: np.full(shape, True),
                                   lambda shape: np.full(shape, "0.5", dtype=object),
                                   lambda shape: [[0.5, True]] * shape[0], lambda shape: [["0.5", 0.5]] * shape[0]])
def test_a_value_law_that_draws_text_reading_as_a_number_or_truth_values_is_refused(drawn):
    """Text that reads as a number ("0.5") is text, and True is no value: the law is refused as
    one that draws no numbers (numpy would have read "0.5" as 0.5 and True as 1)."""
    with pytest.raises(ValueError, match=r"^values: the callable must return an array of numbers, got (ndarray|list)"):
        simulate_sealed(2, 10, values=lambda rng, shape: drawn(shape), seed=1)


def test_a_value_law_may_draw_fractions_or_whole_numbers():
    """Numbers of any kind are values: whole numbers, and Python's fractions in an array of objects."""
    from fractions import Fraction

    from bluffkit.analysis.auction_sim import value_law
    whole = value_law(lambda rng, shape: np.ones(shape, dtype=int))[1](None, (3, 2))
    thirds = value_law(lambda rng, shape: np.full(shape, Fraction(1, 3), dtype=object))[1](None, (3, 2))
    listed = value_law(lambda rng, shape: [[0.25, 1]] * shape[0])[1](None, (3, 2))
    assert whole.dtype == float and (whole == 1.0).all() and np.allclose(thirds, 1 / 3)
    assert listed.tolist() == [[0.25, 1.0]] * 3, "a list of numbers, whole ones among them, is taken"
