"""What the charts encode, read from ``chart.to_dict()`` on small hand-made frames: the rows
kept, the scales' domains and ranges, the marks' shapes and dashes, the labels and the
whiskers, with every expected value worked out by hand from the builders' docstrings."""

from __future__ import annotations

import math

import altair as alt
import pandas as pd
import pytest

from bluffkit.analysis import (
    auction_charts as ac,
    bloff_charts as bc,
    bluffer_charts as bu,
    charts,
    tournament_charts as tc,
)
from bluffkit.analysis.chart_style import finish, text_width, title_of, wrap


def rows_of(spec, part=None):
    """The data rows of ``part`` of a spec (a layer or a panel), else of the whole chart."""
    where = part if part is not None and "data" in part else spec
    return pd.DataFrame(spec["datasets"][where["data"]["name"]])


def layers(spec):
    return spec["spec"]["layer"] if "spec" in spec else spec["layer"]


def scale_map(encoding):
    """An encoding's scale as {domain value: range value}."""
    scale = encoding["scale"]
    assert len(scale["domain"]) == len(scale["range"])
    return dict(zip(scale["domain"], scale["range"]))


# -- charts.py: the game charts -------------------------------------------------------------
def test_money_chart_keeps_the_last_step_of_a_player_whose_money_never_moved():
    """The docstring keeps, per player, the first and the last step and every change: Ana
    holding 90 from step 0 to 5 keeps steps 0 and 5 (the line runs to the game's end)."""
    frame = pd.DataFrame({"step": list(range(6)) * 2, "player": ["Ana"] * 6 + ["Bo"] * 6,
                          "money": [90] * 6 + [90, 90, 120, 120, 120, 60]})
    data = rows_of(charts.money_chart(frame).to_dict())
    assert data[data.player == "Ana"].step.tolist() == [0, 5]
    assert data[data.player == "Bo"].step.tolist() == [0, 2, 5]
    assert data[data.player == "Bo"].money.tolist() == [90, 120, 60]


def test_money_chart_colours_and_dashes_follow_the_seats():
    """Players seated "Zed, Ana": the colour (and dash) domain keeps that order, not the
    alphabet's, so a player keeps their colour from chart to chart of one table."""
    frame = pd.DataFrame({"step": [0, 0, 1, 1], "player": ["Zed", "Ana"] * 2, "money": [90, 90, 90, 150]})
    enc = charts.money_chart(frame).to_dict()["encoding"]
    assert enc["color"]["scale"]["domain"] == ["Zed", "Ana"]
    assert enc["strokeDash"]["scale"]["domain"] == ["Zed", "Ana"]


def _auctions(**changes):
    frame = pd.DataFrame({"step": [3, 9], "leader": ["Zed", "Zed"], "buyer": ["Ana", "Bo"],
                          "animals": ["A", "B"], "value": [10.0, 20.0], "price": [40, 0],
                          "bought_back": [False, False], "paid": [40, 0]})
    return frame.assign(**changes)


def test_auction_chart_price_equals_value_line_runs_over_the_values_seen():
    """The dashed price = value line "runs over the values seen, so prices far above them do
    not squash the picture": one auction of value 100 bought for 900 draws it to 100."""
    frame = _auctions().iloc[:1].assign(value=100.0, price=900, paid=900)
    spec = charts.auction_chart(frame).to_dict()
    line = layers(spec)[0]
    assert line["mark"]["type"] == "line" and line["mark"]["strokeDash"]
    data = rows_of(spec, line)
    assert data["value"].tolist() == [0.0, 100.0]
    assert data["price"].tolist() == [0.0, 100.0]


def test_auction_chart_colours_every_player_at_the_table_in_seat_order():
    """An auctioneer who never buys is still in the colour (and shape) domain, first, as
    seated: the buyers' colours then match the other charts of the game."""
    spec = charts.auction_chart(_auctions()).to_dict()
    points = layers(spec)[1]["encoding"]
    assert points["color"]["scale"]["domain"] == ["Zed", "Ana", "Bo"]
    assert points["shape"]["scale"]["domain"] == ["Zed", "Ana", "Bo"]


def test_trade_chart_draws_an_accepted_offer_as_a_cross_and_a_counter_as_a_circle():
    """Docstring: an accepted offer "is drawn at 0 as a cross"; countered trades are the
    circles."""
    frame = pd.DataFrame({"step": [4, 8], "challenger": ["Ana", "Bo"], "target": ["Bo", "Ana"],
                          "animal": ["A", "B"], "cards": [1, 1], "offer": [30, 50],
                          "counter": [None, 70], "winner": ["Ana", "Ana"]})
    spec = charts.trade_chart(frame).to_dict()
    points = layers(spec)[1]
    assert scale_map(points["encoding"]["shape"]) == {"accepted": "cross", "countered": "circle"}
    data = rows_of(spec, points).set_index("step")
    assert data.loc[4, "response"] == "accepted" and data.loc[4, "counter_shown"] == 0
    assert data.loc[8, "response"] == "countered" and data.loc[8, "counter_shown"] == 70


def test_the_game_charts_say_what_their_dashed_line_is():
    """The dashed diagonal of the auction and trade charts was explained in the docstrings
    alone; a class reads it in the subtitle."""
    trades = pd.DataFrame({"step": [4], "challenger": ["Ana"], "target": ["Bo"], "animal": ["A"], "cards": [1],
                           "offer": [30], "counter": [70], "winner": ["Bo"]})
    for chart, said in ((charts.auction_chart(_auctions()), "dashed line: price = value"),
                        (charts.trade_chart(trades), "dashed line: counter = offer (a tie); below it the challenger")):
        subtitle = " ".join(chart.to_dict()["title"]["subtitle"])
        assert subtitle.startswith(said), subtitle


def test_scoring_chart_draws_the_score_solid_and_the_plain_sum_dashed():
    """Docstring: "Solid lines are the score, dashed lines the plain sum of the family
    values". A dash array [dash, gap, ...] is solid when every gap is 0."""
    frame = pd.DataFrame({"order": ["cheapest"] * 3, "k": [0, 1, 2], "families": ["", "a", "a+b"],
                          "value_sum": [0, 10, 30], "score": [0, 10, 60]})
    line = layers(charts.scoring_chart(frame).to_dict())[0]
    assert line["mark"]["type"] == "line"
    dashes = scale_map(line["encoding"]["strokeDash"])
    assert set(dashes) == {charts.SCORE_MEASURES["score"], charts.SCORE_MEASURES["value_sum"]}
    solid, dashed = dashes[charts.SCORE_MEASURES["score"]], dashes[charts.SCORE_MEASURES["value_sum"]]
    assert solid[0] > 0 and all(gap == 0 for gap in solid[1::2]), f"the score's line is not solid: {solid}"
    assert any(gap > 0 for gap in dashed[1::2]), f"the plain sum's line is not dashed: {dashed}"


# -- auction_charts.py -------------------------------------------------------------------------
def _efficiency(**changes):
    return pd.DataFrame({"format": ["second-price"], "n": [3], "strategy": ["truthful"], "right": [False],
                         "auctions": [100], "efficient": [1.0], "value_lost": [0.0], "refused": [0.0],
                         "efficient_se": [0.0]}).assign(**changes)


def test_efficiency_chart_whisker_is_the_wilson_interval_at_z_2():
    """Every one of 100 auctions efficient: the Wilson interval at z = 2 runs from
    1 / (1 + 4/100) = 0.9615... to 1 (centre (1 + 4/200) / 1.04, half-width 0.02 / 1.04)."""
    spec = ac.efficiency_chart(_efficiency()).to_dict()
    data = rows_of(spec)
    assert data["lo"].tolist() == pytest.approx([1 / 1.04], abs=1e-12)
    assert data["hi"].tolist() == pytest.approx([1.0], abs=1e-12)
    whiskers = layers(spec)[1]["encoding"]
    assert (whiskers["x"]["field"], whiskers["x2"]["field"]) == ("lo", "hi")


def test_efficiency_chart_share_axis_runs_from_0_to_1():
    bars = layers(ac.efficiency_chart(_efficiency(efficient=0.5)).to_dict())[0]
    assert bars["mark"]["type"] == "bar"
    assert bars["encoding"]["x"]["field"] == "efficient"
    assert bars["encoding"]["x"]["scale"]["domain"] == [0, 1]


def test_efficiency_chart_refuses_a_summary_with_one_line_twice():
    """Two identical lines would draw one bar name twice: refused, naming the line and the
    summary to give it."""
    twice = pd.concat([_efficiency(), _efficiency()], ignore_index=True)
    with pytest.raises(ValueError, match=r"efficiency_chart: the summary has two lines for 'truthful'.*"
                                         r"efficiency_summary\(\.\.\.\)"):
        ac.efficiency_chart(twice)


def test_right_chart_whiskers_are_the_mean_plus_minus_two_standard_errors():
    """Whiskers at mean ± 2 sd / sqrt(auctions), sd the sample standard deviation (n - 1):
    payoffs 1, 2, 3 (mean 2, sd 1) give 2 ± 2/sqrt(3); payoffs 0, 4 (mean 2, sd 2 sqrt 2)
    give 2 ± 4."""
    df = pd.DataFrame({"format": ["first-price"] * 5, "n": [3] * 5, "strategy": ["equilibrium"] * 5,
                       "right": [False, False, False, True, True],
                       "auctioneer_payoff": [1.0, 2.0, 3.0, 0.0, 4.0]})
    spec = ac.right_chart(df).to_dict()
    data = rows_of(spec).set_index("right")
    without, with_ = data.loc["without the right"], data.loc["with the right"]
    assert (without["mean"], without["lo"], without["hi"]) == pytest.approx(
        (2.0, 2 - 2 / math.sqrt(3), 2 + 2 / math.sqrt(3)))
    assert (with_["mean"], with_["lo"], with_["hi"]) == pytest.approx((2.0, -2.0, 6.0))
    whiskers = layers(spec)[1]["encoding"]
    assert (whiskers["y"]["field"], whiskers["y2"]["field"]) == ("lo", "hi")


# -- bloff_charts.py ---------------------------------------------------------------------------
def _rates(**changes):
    return pd.DataFrame({"by": ["agent", "agent"], "who": ["caller", "honest"], "games": [10, 10],
                         "wins": [4, 6], "rate": [0.4, 0.6], "se": [0.15, 0.15]}).assign(**changes)


def test_win_rate_chart_rate_axis_runs_from_0_to_1():
    bars = layers(bc.win_rate_chart(_rates()).to_dict())[0]
    assert bars["mark"]["type"] == "bar"
    assert bars["encoding"]["y"]["field"] == "rate"
    assert bars["encoding"]["y"]["scale"]["domain"] == [0, 1]


def test_win_rate_chart_refuses_a_rate_above_1():
    with pytest.raises(ValueError, match=r"win_rate_chart: column 'rate' must hold rates from 0 to 1"):
        bc.win_rate_chart(_rates(rate=[0.4, 1.2]))


# -- bluffer_charts.py -------------------------------------------------------------------------
AUTHOR, VOTER = "as an author (fooling others)", "as a voter (finding the truth)"


def test_points_by_spot_chart_draws_seat_0_only_split_author_and_voter():
    """Docstring: "Seat 0's mean points per question ... split into points as an author and
    as a voter". Seat 0 scores (0, 1) then (2, 0) as author and voter: means 1 and 0.5; seat
    1's 10s are not in the chart."""
    sweep = pd.DataFrame({"seat": [0, 1, 0, 1], "spot_0": [0.5] * 4,
                          "author_points": [0.0, 10.0, 2.0, 10.0], "voter_points": [1.0, 10.0, 0.0, 10.0]})
    spec = bu.points_by_spot_chart(sweep).to_dict()
    data = rows_of(spec)
    assert sorted(data["as"]) == sorted([AUTHOR, VOTER])
    means = dict(zip(data["as"], data["mean points per question"]))
    assert means == {AUTHOR: pytest.approx(1.0), VOTER: pytest.approx(0.5)}
    assert set(data["spot_0"]) == {0.5}
    enc = spec["encoding"]
    assert enc["y"]["stack"] == "zero", "the two parts stack into seat 0's total"
    assert enc["color"]["sort"] == [AUTHOR, VOTER]


def test_points_distribution_chart_rows_run_by_seat_number():
    """One row per seat, labelled "seat 0: spots 80%", seat 0 first and seat 10 after seat 2
    (by number, not by spot or by the label's letters). Points spread over 100 give bins of
    ceil(100 / 30) = 4 whole points: at most 30 bins (3-point bins would take 34)."""
    df = pd.DataFrame({"game": [0, 0, 0, 1, 1, 1], "seat": [10, 2, 0, 10, 2, 0],
                       "spot": [0.1, 0.4, 0.8, 0.1, 0.4, 0.8], "points": [0, 45, 100, 30, 60, 10]})
    spec = bu.points_distribution_chart(df).to_dict()
    order = ["seat 0: spots 80%", "seat 2: spots 40%", "seat 10: spots 10%"]
    assert spec["facet"]["row"]["field"] == "bot"
    assert spec["facet"]["row"]["sort"] == order
    assert spec["spec"]["encoding"]["color"]["sort"] == order
    assert spec["spec"]["encoding"]["x"]["bin"] == {"step": 4}
    assert sorted(rows_of(spec)["bot"].unique()) == sorted(order)


def test_points_distribution_chart_bins_small_spreads_by_whole_points():
    """A spread of 10 points: bins one point wide (whole points, never fractions)."""
    df = pd.DataFrame({"game": [0, 0, 1, 1], "seat": [0, 1, 0, 1], "spot": [0.5, 0.5, 0.5, 0.5],
                       "points": [0, 10, 4, 6]})
    spec = bu.points_distribution_chart(df).to_dict()
    assert spec["spec"]["encoding"]["x"]["bin"] == {"step": 1}


# -- tournament_charts.py ----------------------------------------------------------------------
def _summary():
    rows = []
    for agent, (won, score, rank) in {"caller": (0.6, 12.0, 1.4), "honest": (0.4, 8.0, 1.6)}.items():
        for measure, mean in (("win share", won), ("score", score), ("rank", rank)):
            rows.append({"agent": agent, "measure": measure, "games": 10, "mean": mean, "se": 0.1,
                         "lo": mean - 0.2, "hi": mean + 0.2, "interval": "t"})
    return pd.DataFrame(rows)


def test_summary_chart_panels_win_share_score_rank_with_dots_at_the_mean():
    """Three panels (win share, score, rank); a dot per bot at its mean, a whisker from lo to
    hi; only the win share's axis starts at 0 (a share), the score's and rank's fit the data."""
    spec = tc.summary_chart(_summary()).to_dict()
    panels = spec["hconcat"]
    assert len(panels) == 3
    titles = [p["layer"][0]["encoding"]["x"]["title"] for p in panels]
    assert titles == ["win share per seat", "mean score", "mean rank (1 = first)"]
    assert [p["layer"][0]["encoding"]["x"]["scale"]["zero"] for p in panels] == [True, False, False]
    for panel in panels:
        whisker, dot, hollow = panel["layer"]
        assert (whisker["encoding"]["x"]["field"], whisker["encoding"]["x2"]["field"]) == ("lo", "hi")
        assert dot["encoding"]["x"]["field"] == "mean" and hollow["encoding"]["x"]["field"] == "mean"
        assert dot["encoding"]["y"]["field"] == "agent"
    score = rows_of(spec, panels[1])
    assert set(score["measure"]) == {"score"}
    assert dict(zip(score["agent"], score["mean"])) == {"caller": 12.0, "honest": 8.0}


def test_pairwise_chart_rows_are_the_bot_columns_the_opponent_coloured_around_one_half():
    """Docstring: "row ``agent``, column ``opponent``, coloured by the share ... (0.5: even),
    the share written in it": y is the agent, x the opponent, the colours run over 0..1 with
    0.5 in the middle, and a share of 0.75 reads "0.75"."""
    pairs = pd.DataFrame({"agent": ["caller", "honest"], "opponent": ["honest", "caller"], "games": [8, 8],
                          "ahead": [0.75, 0.25], "lo": [0.4, 0.1], "hi": [0.9, 0.6]})
    spec = tc.pairwise_chart(pairs).to_dict()
    squares, text = layers(spec)
    for layer in (squares, text):
        assert layer["encoding"]["y"]["field"] == "agent"
        assert layer["encoding"]["x"]["field"] == "opponent"
    color = squares["encoding"]["color"]
    assert color["field"] == "ahead"
    assert color["scale"]["domain"] == [0, 1] and color["scale"]["domainMid"] == 0.5
    assert text["encoding"]["text"]["field"] == "label"
    labels = rows_of(spec).set_index("agent")["label"]
    assert labels["caller"] == "0.75" and labels["honest"] == "0.25"


def test_pairwise_chart_title_says_a_tie_counts_one_half():
    """``pairwise``: "an equal rank counts one half". Two bots that tied every game (in
    Bløff every loser ranks 2) read 0.50 each, though neither ever finished ahead: the
    title must say how a tie is counted, or 0.50 reads "ahead half the time"."""
    pairs = pd.DataFrame({"agent": ["honest", "random"], "opponent": ["random", "honest"], "games": [8, 8],
                          "ahead": [0.5, 0.5], "lo": [0.2, 0.2], "hi": [0.8, 0.8]})
    assert "a tie counts one half" in title_of(tc.pairwise_chart(pairs).to_dict())


# -- chart_style.py ----------------------------------------------------------------------------
def test_a_long_title_is_wrapped_never_cut():
    """The module's docstring: the title is "wrapped to the chart's width, never cut". A
    60-word title at 300 px comes back whole, in lines that each fit."""
    title = " ".join(f"word{k}" for k in range(60))
    lines = wrap(title, 300)
    assert len(lines) > 1
    assert " ".join(lines) == title
    assert all(text_width(line, 17, bold=True) <= 300 for line in lines)
    chart = finish(alt.Chart(pd.DataFrame({"x": [1]})).mark_point().encode(x="x:Q"), title, 300)
    assert title_of(chart.to_dict()) == title
