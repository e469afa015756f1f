"""Charts for the auction lab: pure functions of the frames of :mod:`bluffkit.analysis.auction_sim`.

Each function takes a tidy frame and returns an altair chart; nothing is displayed or written.
Large frames are summarised (histograms, means) or thinned before they go into the chart, so a
chart of a million auctions stays small. Test a chart with ``chart.to_dict()``.

>>> from bluffkit.analysis.auction_sim import simulate_sealed
>>> spec = revenue_chart(simulate_sealed(3, 200, seed=1)).to_dict()
>>> spec["facet"]["row"]["field"], spec["spec"]["layer"][0]["mark"]["type"]
('n', 'bar')
"""

from __future__ import annotations

import altair as alt
import numpy as np
import pandas as pd

from bluffkit.analysis.auction_sim import FORMATS, revenue_summary

WIDTH, HEIGHT = 420, 220
_FORMAT_COLOR = alt.Scale(domain=list(FORMATS.values()), range=["#4c78a8", "#f58518"])


def _format_color(df: pd.DataFrame) -> alt.Color:
    """One colour per format: the fixed pair for first- and second-price, else altair's own."""
    known = set(df["format"]) <= set(FORMATS.values())
    return alt.Color("format:N", scale=_FORMAT_COLOR if known else alt.Undefined, title="auction format")
_RIGHT = {False: "without the right", True: "with the right"}


def revenue_chart(df: pd.DataFrame, column: str = "revenue", bins: int = 40,
                  title: str = "What the auctioneer gets: revenue per auction") -> alt.FacetChart:
    """The distribution of ``column`` (default: revenue) per format, one row of panels per number
    of bidders: overlaid histograms scaled as densities, with a rule at each format's mean.

    ``df`` is :func:`~bluffkit.analysis.auction_sim.simulate_sealed` (several formats or numbers
    of bidders concatenated); the histogram is computed here, so the chart holds ``bins`` rows
    per panel whatever the number of auctions.
    """
    if isinstance(bins, bool) or not isinstance(bins, int) or bins < 1:
        raise ValueError(f"bins must be an integer >= 1, got {bins!r}")
    lo, hi = float(df[column].min()), float(df[column].max())
    edges = np.linspace(lo, hi if hi > lo else lo + 1.0, bins + 1)
    rows = []
    for (fmt, n), g in df.groupby(["format", "n"], sort=True):
        counts, _ = np.histogram(g[column], bins=edges)
        rows.append(pd.DataFrame({"format": fmt, "n": n, "layer": "histogram", "start": edges[:-1],
                                  "end": edges[1:], "density": counts / (len(g) * np.diff(edges))}))
    means = revenue_summary(df, column).groupby(["format", "n"], as_index=False)["mean"].mean()
    data = pd.concat(rows + [means.assign(layer="mean")], ignore_index=True)
    base = alt.Chart().encode(color=_format_color(df))
    bars = base.transform_filter(alt.datum.layer == "histogram").mark_bar(opacity=0.45, binSpacing=0).encode(
        x=alt.X("start:Q", title=f"{column.replace('_', ' ')} of one auction"), x2="end:Q",
        y=alt.Y("density:Q", stack=None, title="density (share of auctions per unit)"), y2=alt.datum(0),
        tooltip=["format:N", alt.Tooltip("start:Q", format=".3f"), alt.Tooltip("density:Q", format=".2f")])
    rules = base.transform_filter(alt.datum.layer == "mean").mark_rule(strokeWidth=2).encode(
        x="mean:Q", tooltip=["format:N", alt.Tooltip("mean:Q", format=".3f", title="mean")])
    return alt.layer(bars, rules, data=data).properties(width=WIDTH, height=HEIGHT).facet(
        row=alt.Row("n:O", title="bidders")).properties(title=title)


def bids_chart(bids: pd.DataFrame, max_points: int = 2000,
               title: str = "Bids against values, with the equilibrium bid") -> alt.FacetChart:
    """Each bidder's sealed bid against their value (points, coloured by strategy), the
    equilibrium bid (black line) and bid = value (dashed), one panel per format.

    ``bids`` is :func:`~bluffkit.analysis.auction_sim.bids_sample`; at most ``max_points``
    evenly spaced rows are drawn.
    """
    step = max(1, -(-len(bids) // max_points))
    data = bids.iloc[::step].sort_values("value", kind="stable")
    base = alt.Chart().encode(x=alt.X("value:Q", title="bidder's value for the lot"))
    points = base.mark_circle(size=18, opacity=0.5).encode(
        y=alt.Y("bid:Q", title="sealed bid"), color=alt.Color("strategy:N", title="strategy"),
        tooltip=["bidder:Q", alt.Tooltip("value:Q", format=".3f"), alt.Tooltip("bid:Q", format=".3f"), "won:N"])
    theory = base.mark_line(color="black").encode(y="equilibrium_bid:Q")
    diagonal = base.mark_line(color="gray", strokeDash=[4, 4]).encode(y="value:Q")
    return alt.layer(points, theory, diagonal, data=data).properties(width=WIDTH, height=HEIGHT).facet(
        column=alt.Column("format:N", title="auction format")).properties(title=title)


def efficiency_chart(summary: pd.DataFrame,
                     title: str = "How often does the bidder who values the lot most win it?") -> alt.LayerChart:
    """Bars of the share of auctions won by the highest value, per strategy and format, with
    ±2 standard-error whiskers. ``summary`` is :func:`~bluffkit.analysis.auction_sim.efficiency_summary`."""
    data = summary.assign(lo=(summary["efficient"] - 2 * summary["efficient_se"]).clip(lower=0),
                          hi=(summary["efficient"] + 2 * summary["efficient_se"]).clip(upper=1))
    base = alt.Chart(data).encode(x=alt.X("strategy:N", title="bidders' strategy", axis=alt.Axis(labelAngle=-20)),
                                  xOffset="format:N")
    bars = base.mark_bar().encode(
        y=alt.Y("efficient:Q", title="share won by the highest value", scale=alt.Scale(domain=[0, 1])),
        color=_format_color(summary),
        tooltip=["strategy:N", "format:N", "n:Q", alt.Tooltip("efficient:Q", format=".3f"),
                 alt.Tooltip("value_lost:Q", format=".4f", title="mean value lost")])
    whiskers = base.mark_rule(color="black").encode(y="lo:Q", y2="hi:Q")
    return (bars + whiskers).properties(title=title, width=WIDTH, height=HEIGHT)


def right_chart(df: pd.DataFrame,
                title: str = "Is the right of first refusal worth having? The auctioneer's mean payoff"
                ) -> alt.FacetChart:
    """The auctioneer's mean payoff with and without the right of first refusal (±2 standard
    errors), one panel per format. ``df`` is :func:`~bluffkit.analysis.auction_sim.simulate_sealed`
    run with ``right_of_first_refusal=False`` and ``True`` and concatenated."""
    s = revenue_summary(df, "auctioneer_payoff")
    data = s.assign(right=s["right"].map(_RIGHT), lo=s["mean"] - 2 * s["se"], hi=s["mean"] + 2 * s["se"])
    base = alt.Chart().encode(x=alt.X("right:N", sort=list(_RIGHT.values()), title=None, axis=alt.Axis(labelAngle=0)))
    bars = base.mark_bar().encode(
        y=alt.Y("mean:Q", title="auctioneer's mean payoff per auction"),
        color=alt.Color("right:N", sort=list(_RIGHT.values()), title="auctioneer"),
        tooltip=["format:N", "n:Q", "right:N", alt.Tooltip("mean:Q", format=".4f"), alt.Tooltip("se:Q", format=".4f")])
    whiskers = base.mark_rule(color="black").encode(y="lo:Q", y2="hi:Q")
    return alt.layer(bars, whiskers, data=data).properties(width=160, height=HEIGHT).facet(
        column=alt.Column("format:N", title="auction format")).properties(title=title)


def what_if_chart(sweep: pd.DataFrame, title: str | None = None) -> alt.LayerChart:
    """"What if this bidder had bid x instead?": their expected surplus for each bid x, points
    coloured by whether x wins, ties or loses; rules mark the bid they made and their value.
    ``sweep`` is :func:`~bluffkit.analysis.auction_sim.what_if_sweep`."""
    bidder, fmt = int(sweep["bidder"].iloc[0]), str(sweep["format"].iloc[0])
    outcome = np.select([sweep["win_share"] >= 1, sweep["win_share"] > 0], ["wins", "ties"], "loses")
    data = sweep.assign(outcome=outcome, winner=sweep["winner"].astype("float"))
    x = alt.X("x:Q", title=f"bidder {bidder}'s bid x")
    y = alt.Y("surplus:Q", title=f"bidder {bidder}'s expected surplus")
    line = alt.Chart(data).mark_line(color="gray").encode(x=x, y=y)
    points = alt.Chart(data).mark_circle(size=40).encode(
        x=x, y="surplus:Q", color=alt.Color("outcome:N", scale=alt.Scale(domain=["wins", "ties", "loses"]),
                                            title=f"bidder {bidder}"),
        tooltip=[alt.Tooltip("x:Q", format=".3f"), "outcome:N", "winner:Q", alt.Tooltip("price:Q", format=".3f"),
                 alt.Tooltip("surplus:Q", format=".3f")])
    marks = pd.DataFrame({"at": [float(sweep["actual_bid"].iloc[0]), float(sweep["value"].iloc[0])],
                          "mark": ["the bid made", "the bidder's value"]})
    rules = alt.Chart(marks).mark_rule(strokeDash=[4, 4]).encode(
        x="at:Q", color=alt.Color("mark:N", scale=alt.Scale(range=["black", "green"]), title="marked"),
        tooltip=["mark:N", alt.Tooltip("at:Q", format=".3f")])
    title = title or f"What if bidder {bidder} had bid x instead? ({fmt} auction)"
    return alt.layer(line, points, rules).resolve_scale(color="independent").properties(
        title=title, width=WIDTH, height=HEIGHT)
