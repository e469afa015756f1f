"""Auction lab charts (bluffkit.analysis.auction_charts): built from small frames, checked on
``chart.to_dict()``: marks, encoded fields, axis titles and chart titles."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from bluffkit.analysis import auction_charts as ch
from bluffkit.analysis.auction_sim import bids_sample, efficiency_summary, simulate_sealed, what_if_sweep
from bluffkit.analysis.chart_style import title_of


@pytest.fixture(scope="module")
def auctions():
    return pd.concat([simulate_sealed(3, 400, fmt=f, right_of_first_refusal=r, seed=1)
                      for f in ("first", "second") for r in (False, True)], ignore_index=True)


def test_short_strategy_labels():
    assert ch._short_strategy("shade 0.5, equilibrium, equilibrium, equilibrium, equilibrium") == \
        "shade 0.5, 4 × equilibrium"
    assert ch._short_strategy("truthful, shade 0.4, truthful") == "truthful, shade 0.4, truthful"


def layers(spec):
    return spec["spec"]["layer"] if "spec" in spec else spec["layer"]


def data_of(spec, layer=None):
    """The rows of the chart's data set (or of one layer's own data set)."""
    where = layer if layer is not None and "data" in layer else spec
    return pd.DataFrame(spec["datasets"][where["data"]["name"]])


def test_revenue_chart(auctions):
    spec = ch.revenue_chart(auctions[~auctions["right"]], bins=20).to_dict()
    assert title_of(spec) == "What the auctioneer gets: revenue per auction"
    assert spec["facet"]["row"]["field"] == "n"
    steps, rules = layers(spec)
    assert steps["mark"]["type"] == "line" and steps["mark"]["interpolate"] == "step-after", \
        "stepped outlines, not see-through bars drawn over each other"
    assert rules["mark"]["type"] == "rule"
    assert steps["encoding"]["x"]["title"] == "revenue of one auction"
    assert steps["encoding"]["y"]["title"] == "density"
    assert steps["encoding"]["color"]["field"] == "format"
    data = data_of(spec)
    hist = data[data["layer"] == "histogram"]
    frame = auctions[~auctions["right"]]
    edges = ch._bin_edges(float(frame["revenue"].min()), float(frame["revenue"].max()), 20)
    assert 10 <= len(edges) - 1 <= 20, "at most 20 bins, of one round width"
    outlines = hist.groupby("series").size()
    assert (outlines == len(edges) + 1).all() and len(outlines) >= 2, \
        "each outline: every bin and the two ends at 0, on the same edges"
    for fmt, g in hist.groupby("format"):
        g = g.sort_values("i")
        assert g["density"].iloc[0] == 0 and g["density"].iloc[-1] == 0, f"{fmt}: the outline starts and ends at 0"
        widths = g["edge"].diff().shift(-1).fillna(0)        # each point's density holds until the next edge
        assert (g["density"] * widths).sum() == pytest.approx(1.0), f"{fmt}: density does not integrate to 1"
    means = data[data["layer"] == "mean"].set_index("format")["mean"]
    first = auctions[(auctions["format"] == "first-price") & ~auctions["right"]]
    assert means["first-price"] == pytest.approx(first["revenue"].mean())
    with pytest.raises(ValueError, match="bins"):
        ch.revenue_chart(auctions, bins=0)


def test_bids_chart():
    b = pd.concat([bids_sample(3, 30, fmt="first", strategy=["equilibrium", "truthful", "shade"],
                               shade=[None, None, 0.5], seed=1), bids_sample(3, 30, fmt="second", seed=1)])
    spec = ch.bids_chart(b, max_points=100).to_dict()
    assert title_of(spec).startswith("Bids against values")
    assert spec["facet"]["column"]["field"] == "format"
    diagonal, points, theory = layers(spec)
    assert points["mark"]["type"] == "circle" and points["encoding"]["y"]["field"] == "bid"
    assert points["encoding"]["color"]["field"] == "strategy"
    assert theory["encoding"]["y"]["field"] == "equilibrium_bid" and diagonal["encoding"]["y"]["field"] == "value"
    assert points["encoding"]["x"]["title"] == "bidder's value for the lot"
    assert len(data_of(spec)) <= 100, "thinned to max_points"


def test_bids_chart_says_on_the_chart_when_it_draws_some_of_the_bids():
    """A thinned bids chart looked like every bid drawn: its subtitle did not say."""
    many = ch.bids_chart(bids_sample(5, 1000, seed=1), max_points=2000).to_dict()
    assert " ".join(many["title"]["subtitle"]).endswith(
        "1,667 of the 5,000 bids drawn, one in every 3 in the order of the values")
    few = ch.bids_chart(bids_sample(5, 100, seed=1)).to_dict()
    assert "drawn" not in " ".join(few["title"]["subtitle"])


def test_efficiency_chart():
    frames = [simulate_sealed(3, 300, fmt=f, strategy=s, shade=[None, 0.4, None] if s != "truthful" else None, seed=2)
              for f in ("first", "second") for s in ("truthful", ["truthful", "shade", "equilibrium"])]
    spec = ch.efficiency_chart(efficiency_summary(pd.concat(frames))).to_dict()
    assert title_of(spec) == "How often does the bidder who values the lot most win it?"
    bars, whiskers = spec["layer"]
    assert bars["mark"]["type"] == "bar" and whiskers["mark"]["type"] == "rule"
    assert bars["encoding"]["x"]["field"] == "efficient"
    assert bars["encoding"]["x"]["title"] == "share won by the highest value"
    assert bars["encoding"]["y"]["field"] == "row" and bars["encoding"]["color"]["field"] == "format"
    data = data_of(spec)
    assert len(data) == 4 and (data["lo"] <= data["efficient"]).all() and (data["hi"] <= 1).all()
    assert set(data["row"]) == {"truthful (first-price)", "truthful (second-price)",
                                "truthful, shade 0.4, equilibrium (first-price)",
                                "truthful, shade 0.4, equilibrium (second-price)"}, \
        "one row per strategy and format, the format named where a strategy is in both"


def test_right_chart(auctions):
    spec = ch.right_chart(auctions).to_dict()
    assert "right of first refusal" in title_of(spec)
    assert spec["facet"]["column"]["field"] == "format"
    bars, whiskers = layers(spec)
    assert bars["encoding"]["y"]["field"] == "mean"
    assert bars["encoding"]["y"]["title"] == "auctioneer's mean payoff"
    assert bars["encoding"]["color"]["legend"] is None, "the bars are named under them"
    data = data_of(spec)
    assert sorted(data["right"].unique()) == ["with the right", "without the right"]
    got = data.set_index(["format", "right"])["mean"]
    want = auctions.groupby(["format", "right"])["auctioneer_payoff"].mean()
    assert got[("second-price", "with the right")] == pytest.approx(want[("second-price", True)])
    assert got[("first-price", "without the right")] == pytest.approx(want[("first-price", False)])


def test_what_if_chart():
    sweep = what_if_sweep([0.9, 0.6, 0.3], [0.6, 0.4, 0.2], 1, "first", [0.0, 0.2, 0.4, 0.6, 0.8, 1.0])
    spec = ch.what_if_chart(sweep).to_dict()
    assert title_of(spec) == "What if bidder 1 had bid x instead? (first-price auction)"
    line, points, rules = spec["layer"]
    assert line["mark"]["type"] == "line" and line["encoding"]["y"]["field"] == "surplus"
    assert line["encoding"]["x"]["title"] == "bidder 1's bid x"
    assert line["encoding"]["y"]["title"] == "bidder 1's expected surplus"
    assert points["encoding"]["color"]["field"] == "outcome"
    outcome = data_of(spec, points).set_index("x")["outcome"]
    assert outcome[0.0] == "loses" and outcome[0.6] == "ties" and outcome[1.0] == "wins"
    marks = data_of(spec, rules)
    assert marks["at"].tolist() == [0.4, 0.6]


def test_what_if_chart_names_the_bidder_and_draws_a_bid_at_the_value_once():
    """The notebook's "First price: Annette's surplus" said "bidder 0" on its axes and legend,
    and its legend listed "the bid made" under "dashed lines" though that line lay exactly
    under "the bidder's value" (she bid her value), drawn solid in the legend."""
    sweep = what_if_sweep([0.8, 0.6, 0.3], [0.8, 0.4, 0.2], 0, "first", [0.0, 0.4, 0.8, 1.0])
    spec = ch.what_if_chart(sweep, name="Annette").to_dict()
    line, points, rules = spec["layer"]
    assert line["encoding"]["x"]["title"] == "Annette's bid x" and points["encoding"]["color"]["title"] == "Annette"
    assert title_of(spec) == "What if Annette had bid x instead? (first-price auction)"
    marks = data_of(spec, rules)
    assert marks["at"].tolist() == [0.8] and marks["mark"].tolist() == ["the bid made = the bidder's value"]
    assert rules["encoding"]["color"]["title"] == "vertical lines"


@pytest.mark.parametrize("fmt, bids", [("first", [0.8, 0.4, 0.2]), ("second", [0.8, 0.6, 0.3])])
def test_what_if_chart_of_many_bids_draws_the_same_line_and_every_tie(fmt, bids):
    """A sweep of more than 5,000 bids x raised altair's MaxRowsError when drawn. It is
    thinned evenly, keeping the ends of each outcome (the tie at the others' top bid is one
    x), the subtitle says so, and the line through the rows kept is the line through all."""
    xs = [k / 6000 for k in range(6001)][::-1]                   # (given in any order)
    sweep = what_if_sweep([0.8, 0.6, 0.3], bids, bidder=0, fmt=fmt, xs=xs)
    spec = ch.what_if_chart(sweep, name="Annette", max_points=300).to_dict()
    line, points, rules = spec["layer"]
    shown = data_of(spec, points).sort_values("x")
    assert len(shown) <= 300 and len(data_of(spec, line)) == len(shown)
    assert " ".join(spec["title"]["subtitle"]) == (
        f"{len(shown):,} of the 6,001 bids x drawn: about one in every {round(6001 / len(shown))} in the order of x, "
        "with the first and last of each outcome")
    top = max(bids[1:])
    assert shown.loc[shown["outcome"] == "ties", "x"].tolist() == [top], "the tie at the others' top bid is drawn"
    assert {0.0, 1.0} <= set(shown["x"])
    full = sweep.sort_values("x")
    away = (full["x"] - top).abs() > 1e-12                        # (the tie is a jump, not on a line)
    drawn = np.interp(full["x"][away], shown["x"][shown["outcome"] != "ties"],
                      shown["surplus"][shown["outcome"] != "ties"])
    assert drawn == pytest.approx(full["surplus"][away].to_numpy(), abs=1e-12)


@pytest.mark.slow
def test_what_if_chart_of_many_bids_draws_by_default():
    """A sweep of 6,001 bids x, charted with the defaults, raised altair's MaxRowsError."""
    sweep = what_if_sweep([0.8, 0.6, 0.3], [0.8, 0.4, 0.2], 0, "first", [k / 6000 for k in range(6001)])
    spec = ch.what_if_chart(sweep).to_dict()
    assert len(data_of(spec, spec["layer"][1])) <= ch.MAX_SWEEP_POINTS < 5000


def test_what_if_chart_of_few_bids_draws_them_all_and_says_nothing_of_thinning():
    sweep = what_if_sweep([0.8, 0.6, 0.3], [0.8, 0.4, 0.2], 0, "first", [k / 100 for k in range(101)])
    spec = ch.what_if_chart(sweep, max_points=101).to_dict()
    assert len(data_of(spec, spec["layer"][1])) == 101 and "subtitle" not in spec["title"]
    for bad in (0, -1, 2.5, True):
        with pytest.raises(ValueError, match="what_if_chart: max_points must be a whole number from 1 to 5,000"):
            ch.what_if_chart(sweep, max_points=bad)


def test_charts_refuse_empty_or_non_finite_frames_in_words():
    """An empty frame drew an empty chart with a normal title, one inf nulled every bin
    edge, an empty sweep raised IndexError and max_points=0 ZeroDivisionError."""
    import numpy as np

    from bluffkit.analysis.auction_charts import bids_chart, revenue_chart, what_if_chart
    from bluffkit.analysis.auction_sim import bids_sample, simulate_sealed, what_if_sweep
    df = simulate_sealed(3, 200, seed=1)
    with pytest.raises(ValueError, match="no rows"):
        revenue_chart(df.iloc[:0])
    with pytest.raises(ValueError, match="revenue_chart: a value of column .revenue. is not a finite number .*inf in row"):
        revenue_chart(df.assign(revenue=np.r_[np.inf, df.revenue.to_numpy()[1:]]))
    with pytest.raises(ValueError, match="bins must be an integer from 1 to 500"):
        revenue_chart(df, bins=2500)
    sweep = what_if_sweep([0.9, 0.6, 0.3], [0.6, 0.4, 0.2], 1, "first", [0.0, 0.5, 1.0])
    with pytest.raises(ValueError, match="no rows"):
        what_if_chart(sweep.iloc[:0])
    b = bids_sample(3, 50, seed=1)
    for bad in (0, -5):
        with pytest.raises(ValueError, match="max_points"):
            bids_chart(b, max_points=bad)
    revenue_chart(df), what_if_chart(sweep), bids_chart(b, max_points=10)


# -- several groups in one frame: each drawn apart, never summed or pooled ------------------------

def test_right_chart_draws_one_bar_group_per_number_of_bidders():
    """Two numbers of bidders in one frame stacked their bars: ~1.00 and ~1.08, drawn as
    "the auctioneer's mean payoff", where the means are 0.33/0.42 (2 bidders) and 0.67/0.67 (5)."""
    df = pd.concat([simulate_sealed(n, 2000, fmt="first", right_of_first_refusal=r, seed=8)
                    for n in (2, 5) for r in (False, True)])
    spec = ch.right_chart(df).to_dict()
    assert spec["facet"]["column"]["field"] == "format" and spec["facet"]["row"]["field"] == "group", \
        "one row of panels per number of bidders"
    data = data_of(spec)
    assert not data.duplicated(["format", "group", "right"]).any(), "two bars in one place are stacked: a sum of means"
    got = data.set_index(["group", "right"])["mean"]
    want = df.groupby(["n", "right"])["auctioneer_payoff"].mean()
    for n in (2, 5):
        for right, words in ch._RIGHT.items():
            assert got[(f"{n} bidders", words)] == pytest.approx(want[(n, right)]), (n, right)
    assert got.max() < 0.75, "no bar reaches the sum of two means"


def test_right_chart_names_the_strategies_when_they_differ_in_one_format():
    df = pd.concat([simulate_sealed(3, 1000, fmt="first", strategy=s, right_of_first_refusal=r, seed=8)
                    for s in ("equilibrium", "truthful") for r in (False, True)])
    data = data_of(ch.right_chart(df).to_dict())
    assert sorted(data["group"].unique()) == ["equilibrium", "truthful"]
    got = data.set_index(["group", "right"])["mean"]
    want = df.groupby(["strategy", "right"])["auctioneer_payoff"].mean()
    assert got[("truthful", "with the right")] == pytest.approx(want[("truthful", True)])
    assert got[("equilibrium", "without the right")] == pytest.approx(want[("equilibrium", False)])


def test_revenue_chart_draws_each_strategy_apart_with_the_mean_of_its_own_auctions():
    """Strategies were pooled into one outline, and its dashed "mean" was the unweighted mean
    of the strategies' means: 0.624, where the outline drawn had a mean of 0.501."""
    df = pd.concat([simulate_sealed(3, 2000, seed=1), simulate_sealed(3, 200, strategy="truthful", seed=2)])
    spec = ch.revenue_chart(df, bins=20).to_dict()
    steps, rules = layers(spec)
    assert steps["encoding"]["color"]["field"] == "series" and rules["encoding"]["color"]["field"] == "series"
    assert steps["encoding"]["color"].get("legend", {}) is not None, "the colours are named in a legend"
    data = data_of(spec)
    means = data[data["layer"] == "mean"].set_index("series")["mean"]
    assert set(means.index) == {"first-price, equilibrium", "first-price, truthful"}
    for strategy in ("equilibrium", "truthful"):
        assert means[f"first-price, {strategy}"] == pytest.approx(df.loc[df["strategy"] == strategy, "revenue"].mean())
    hist = data[data["layer"] == "histogram"]
    for series, g in hist.groupby("series"):
        g = g.sort_values("i")
        widths = g["edge"].diff().shift(-1).fillna(0)
        assert (g["density"] * widths).sum() == pytest.approx(1.0), f"{series}: one outline, its own auctions"
        drawn_mean = ((g["edge"] + widths / 2) * g["density"] * widths).sum()      # the mean of what is drawn
        assert drawn_mean == pytest.approx(means[series], abs=0.05), series


def test_revenue_chart_keeps_the_right_apart_too():
    df = pd.concat([simulate_sealed(3, 500, right_of_first_refusal=r, seed=1) for r in (False, True)])
    data = data_of(ch.revenue_chart(df, column="auctioneer_payoff", bins=10).to_dict())
    means = data[data["layer"] == "mean"].set_index("series")["mean"]
    assert set(means.index) == {"first-price, without the right", "first-price, with the right"}
    assert means["first-price, with the right"] == pytest.approx(df.loc[df["right"], "auctioneer_payoff"].mean())


def test_bids_chart_draws_one_equilibrium_line_per_number_of_bidders():
    """2 and 5 bidders in one frame drew one line zig-zagging between v/2 and 4v/5."""
    b = pd.concat([bids_sample(2, 100, seed=1), bids_sample(5, 40, seed=2)])
    spec = ch.bids_chart(b).to_dict()
    assert spec["facet"]["row"]["field"] == "n" and "bidders" in spec["facet"]["row"]["header"]["labelExpr"], \
        "one row of panels per number of bidders, each labelled"
    data = data_of(spec)
    for n, g in data.groupby("n"):
        g = g.sort_values("value")
        assert g["equilibrium_bid"].to_numpy() == pytest.approx((n - 1) / n * g["value"].to_numpy()), n
        assert g["equilibrium_bid"].is_monotonic_increasing, f"{n} bidders: one rising line"


def test_bids_chart_refuses_a_panel_of_two_value_laws():
    b = pd.concat([bids_sample(3, 200, seed=1), bids_sample(3, 200, values="beta(2, 5)", seed=2)])
    with pytest.raises(ValueError, match="bids_chart: the equilibrium bids of the panel format = first-price, n = 3 "
                                         "do not rise with the value"):
        ch.bids_chart(b)
    ch.bids_chart(pd.concat([bids_sample(3, 200, values="beta(2, 5)", seed=s) for s in (1, 2)]))   # one law, two seeds


def test_revenue_chart_bins_do_not_straddle_the_largest_first_price_revenue():
    """First-price revenue with 5 bidders on U[0, 1] is at most 4/5 = 0.8 and its density rises
    up to there. Bins spread from the least revenue to the largest put 0.8 inside a bin (from
    0.7985 to 0.8235, with second price beside it): that bin, partly beyond 0.8, fell to a
    density of 0.36 after 5.68, as if fewer auctions fetched nearly 0.8."""
    df = pd.concat([simulate_sealed(5, 20_000, fmt="first", seed=1),
                    simulate_sealed(5, 20_000, fmt="second", strategy="truthful", seed=1)], ignore_index=True)

    def outline(frame, fmt="first-price"):
        data = data_of(ch.revenue_chart(frame).to_dict())
        g = data[(data["layer"] == "histogram") & (data["format"] == fmt)].sort_values("i")
        return g["edge"].to_numpy()[1:], g["density"].to_numpy()[1:-1]

    edges, density = outline(df)
    assert 0.8 in edges.tolist(), f"0.8 is an edge, no bin straddles it: {edges}"
    below = density[edges[:-1] < 0.8]
    assert below[-1] == below.max() and below[-1] > 5, f"the density rises up to 0.8: {below[-4:]}"
    assert (density[edges[:-1] >= 0.8] == 0).all()
    step = edges[1] - edges[0]
    assert np.diff(edges) == pytest.approx(np.full(len(edges) - 1, step)), "bins of one width"
    assert edges / step == pytest.approx(np.round(edges / step)), "edges at the multiples of the width: 0 is one"
    # the edges do not move with where the data end: leave out the largest auctions
    trimmed, _ = outline(df[df["revenue"] < df["revenue"].quantile(0.99)])
    assert trimmed.tolist() == edges[:len(trimmed)].tolist()
    alone, density = outline(df[df["format"] == "first-price"])
    assert 0.8 == alone[-1] and density[-1] == density.max()


def test_right_chart_names_the_number_of_bidders():
    """The revenue chart names its rows "3 bidders"; the right chart of one number of
    bidders said nowhere how many there were."""
    df = pd.concat([simulate_sealed(3, 500, fmt="first", right_of_first_refusal=r, seed=8) for r in (False, True)])
    spec = ch.right_chart(df).to_dict()
    assert "3 bidders" in " ".join(spec["title"]["subtitle"])
    two = pd.concat([df, *(simulate_sealed(5, 500, fmt="first", right_of_first_refusal=r, seed=8) for r in (False, True))])
    spec = ch.right_chart(two).to_dict()
    assert "bidders" not in " ".join(spec["title"]["subtitle"]), "each row is named at its left"
    assert set(data_of(spec)["group"]) == {"3 bidders", "5 bidders"}


def test_bids_chart_draws_the_equilibrium_line_over_the_points():
    """The subtitle names a black line for the equilibrium bid, but equilibrium bidders' points
    lie on it and, drawn after it, hid it."""
    spec = ch.bids_chart(bids_sample(5, 60, seed=3)).to_dict()
    marks = [(layer["mark"]["type"], layer["encoding"]["y"]["field"]) for layer in layers(spec)]
    assert marks.index(("line", "equilibrium_bid")) > marks.index(("circle", "bid")), marks
    theory = layers(spec)[marks.index(("line", "equilibrium_bid"))]
    assert theory["mark"]["color"] == "black" and "black line: the equilibrium bid" in " ".join(spec["title"]["subtitle"])


def test_efficiency_chart_gives_each_number_of_bidders_its_own_bar():
    """Two numbers of bidders of one strategy made two bars on one row, stacked past 1."""
    s = efficiency_summary(pd.concat([simulate_sealed(3, 500, fmt="first", strategy=["shade", "equilibrium", "equilibrium"],
                                                      shade=[0.5, None, None], seed=3),
                                      simulate_sealed(3, 500, fmt="first", seed=4),
                                      simulate_sealed(5, 500, fmt="first", seed=4)]))
    data = data_of(ch.efficiency_chart(s).to_dict())
    assert not data["row"].duplicated().any(), "one bar a row"
    rows = data.set_index("row")["efficient"]
    assert set(rows.index) == {"shade 0.5, 2 × equilibrium", "equilibrium (3 bidders)", "equilibrium (5 bidders)"}
    assert rows["equilibrium (5 bidders)"] == 1.0 and rows["shade 0.5, 2 × equilibrium"] < 1


def test_what_if_chart_refuses_several_sweeps():
    a = what_if_sweep([0.9, 0.6, 0.3], [0.6, 0.4, 0.2], 1, "first", [0.0, 0.5, 1.0])
    b = what_if_sweep([0.9, 0.6, 0.3], [0.6, 0.4, 0.2], 0, "first", [0.0, 0.5, 1.0])
    with pytest.raises(ValueError, match=r"what_if_chart draws one sweep; this frame holds several \(column 'bidder'"):
        ch.what_if_chart(pd.concat([a, b]))
    c = what_if_sweep([0.9, 0.6, 0.3], [0.7, 0.4, 0.2], 1, "first", [0.0, 0.5, 1.0])   # bidder 1; bidder 0 bid more
    with pytest.raises(ValueError, match="what_if_chart draws one sweep; this frame holds several .one bid x gives two"):
        ch.what_if_chart(pd.concat([a, c]))


def test_efficiency_chart_gives_a_share_of_one_a_whisker():
    """Truthful second price always sells to the highest value: share 1 and se 0. The whisker
    is the Wilson interval over the auctions, not a point at 1."""
    summary = efficiency_summary(simulate_sealed(3, 400, fmt="second", strategy="truthful", seed=3))
    assert float(summary["efficient"].iloc[0]) == 1.0 and float(summary["efficient_se"].iloc[0]) == 0.0
    layers = ch.efficiency_chart(summary).to_dict()
    rows = [r for d in layers["datasets"].values() for r in d if "lo" in r]
    assert rows and all(r["hi"] == 1.0 and 0.98 < r["lo"] < 1.0 for r in rows), rows


def test_revenue_chart_refuses_values_too_large_to_bin_in_words():
    """Revenues near the largest float left no bin width that fits them: an OverflowError
    from deep in the binning; a ValueError naming the column and the values now."""
    import pandas as pd
    df = pd.DataFrame({"format": ["first-price"] * 2, "n": [3, 3], "revenue": [-1e308, 1e308]})
    with pytest.raises(ValueError, match="the values of 'revenue' are too large to bin"):
        ch.revenue_chart(df)


def test_bids_chart_of_many_rows_keeps_every_bidders_points():
    """2,000 auctions of 5 bidders, one shading: the rows were thinned to every 5th, all of
    them bidder 0's, and the four equilibrium bidders vanished from the chart."""
    import collections

    from bluffkit.analysis.auction_sim import bids_sample
    bids = bids_sample(5, 2000, fmt="first", strategy=["shade"] + ["equilibrium"] * 4,
                       shade=[0.5, None, None, None, None], seed=3)
    spec = ch.bids_chart(bids).to_dict()
    rows = [r for data in spec["datasets"].values() for r in data]
    assert len(rows) <= 2000
    shown = collections.Counter(r["bidder"] for r in rows)
    assert set(shown) == {0, 1, 2, 3, 4} and all(250 <= k <= 550 for k in shown.values()), shown


@pytest.mark.parametrize("bad", [5001, 10_000, 10**9, -3, 0, 2.5, 1e4, float("nan"), float("inf"), "10000", None, True])
def test_charts_refuse_a_max_points_altair_cannot_draw_in_words(bad):
    """bids_chart(..., max_points=10_000) of 10,000 bids took the number and altair then
    raised MaxRowsError (the most rows it draws in one chart is 5,000); what_if_chart with
    max_points=6000 likewise. Each names itself, what it was given and the range."""
    bids = bids_sample(2, 5, seed=1)
    sweep = what_if_sweep([0.8, 0.6, 0.3], [0.8, 0.4, 0.2], 0, "first", [0.1, 0.5])
    for name, chart, frame in (("bids_chart", ch.bids_chart, bids), ("what_if_chart", ch.what_if_chart, sweep)):
        with pytest.raises(ValueError) as e:
            chart(frame, max_points=bad)
        assert str(e.value).startswith(f"{name}: max_points must be a whole number from 1 to 5,000 ") and \
            str(e.value).endswith(f"got {bad!r}"), str(e.value)


@pytest.mark.slow                      # a chart of 3,000 points drawn through to_dict: some 0.3 s
def test_bids_chart_draws_up_to_5000_bids_and_says_it_drew_a_sample():
    """The most points a caller may ask for is drawn (altair's limit, not past it), a numpy
    whole number is taken as one, and the subtitle says how many of the bids were drawn."""
    many = bids_sample(5, 1200, seed=1)                          # 6,000 bids
    spec = ch.bids_chart(many, max_points=np.int64(5000)).to_dict()
    assert len(data_of(spec)) == 3000
    assert " ".join(spec["title"]["subtitle"]).endswith(
        "3,000 of the 6,000 bids drawn, one in every 2 in the order of the values")
