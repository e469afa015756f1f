"""Charts for the auction lab: pure functions of the frames of :mod:`bluffkit.analysis.auction_sim`.

Each function takes a tidy frame and returns an altair chart; nothing is displayed or written.
Large frames are summarised (histograms, means) or thinned before they go into the chart, so a
chart of a million auctions stays small. Every chart fits a notebook projected at 1280x720
(:mod:`bluffkit.analysis.chart_style`). Test a chart with ``chart.to_dict()``.

>>> from bluffkit.analysis.auction_sim import simulate_sealed
>>> spec = revenue_chart(simulate_sealed(3, 200, seed=1)).to_dict()
>>> spec["facet"]["row"]["field"], spec["spec"]["layer"][0]["mark"]
('n', {'type': 'line', 'interpolate': 'step-after', 'strokeWidth': 2})
"""

from __future__ import annotations

import math

import altair as alt
import numpy as np
import pandas as pd

from bluffkit.analysis.auction_sim import FORMATS, revenue_summary
from bluffkit.analysis.chart_style import (
    LABEL_SIZE,
    MAX_WIDTH,
    OKABE_ITO,
    builder,
    check_max_points,
    finish,
    text_width,
)
from bluffkit.core.errors import check_frame

HEIGHT = 220
_FORMAT_COLOR = alt.Scale(domain=list(FORMATS.values()), range=OKABE_ITO[:2])
_RIGHT = {False: "without the right", True: "with the right"}
_OUTCOMES = {"wins": OKABE_ITO[2], "ties": OKABE_ITO[1], "loses": OKABE_ITO[3]}


#: The most bins of a revenue histogram (each format and number of bidders draws at most
#: bins + 2 rows, and altair refuses charts of more than 5,000 rows).
MAX_BINS = 500
#: The widths of a revenue histogram's bins, times a power of ten: round numbers (0.025, 0.05, 0.1).
_STEPS = (10, 20, 25, 50)


def _finite(df: pd.DataFrame, column: str, chart: str) -> None:
    """Refuse, in words, a frame with no rows or with a value that is not a finite number
    in ``column`` (an empty chart, or one whose every bin edge is null, says nothing):
    :func:`bluffkit.core.errors.check_frame`'s check, as the other charts make it."""
    check_frame(df, [column], chart, numbers=[column], empty="nothing to chart")


def _bin_edges(lo: float, hi: float, bins: int) -> np.ndarray:
    """The edges of at most ``bins`` bins of one round width (1, 2, 2.5 or 5 times a power of
    ten, the smallest that does) holding ``lo`` to ``hi`` (two bins, not one, for values on
    both sides of 0): the multiples of that width, so 0 is an edge, and so is any bound of
    the values that is a multiple of it (first-price revenue, 5 bidders on U[0, 1]: at most
    4/5 = 0.8), wherever the data happen to end. Edges spread from the least value to the
    largest cut a bin at such a bound, and that bin, partly beyond the bound, looked
    emptier than the ones before it.

    >>> _bin_edges(0.07, 0.79, 40)[[0, 1, -1]].tolist()
    [0.06, 0.08, 0.8]
    """
    # at least a billionth of the values' size: edges that floats tell apart
    span = max(hi - lo if hi > lo else 1.0, 1e-9 * max(abs(lo), abs(hi)))
    most = max(bins, 2) if lo < 0 < hi else bins         # (one bin cannot hold both sides of the edge 0)
    power = max(int(np.floor(np.log10(span) - np.log10(bins))) - 1, -300)   # (10.0 ** 301 overflows)
    while True:
        for q in _STEPS:
            def edge(k, q=q, power=power):     # k q 10^power: the decimal, divided by an exact power of ten
                return k * q / 10.0 ** -power if power < 0 else k * (q * 10.0 ** power)
            step = q * 10.0 ** power
            first, last = math.floor(lo / step), math.ceil(hi / step)
            first += (edge(first + 1) <= lo) - (edge(first) > lo)     # (the quotients are rounded: the
            last += (edge(last) < hi) - (edge(last - 1) >= hi)        # edges at or just past the data)
            last = max(last, first + 1)
            if last - first <= most and step * bins >= span:
                return edge(np.arange(first, last + 1))
        power += 1


def _format_color(df: pd.DataFrame, legend: bool = True) -> alt.Color:
    """One colour per format: the fixed pair for first- and second-price, else the palette's."""
    known = set(df["format"]) <= set(FORMATS.values())
    return alt.Color("format:N", scale=_FORMAT_COLOR if known else alt.Undefined, title="auction format",
                     legend=alt.Undefined if legend else None)


def _short_strategy(label: str) -> str:
    """"shade 0.5, equilibrium, equilibrium" -> "shade 0.5, 2 × equilibrium": a label that fits."""
    runs: list[list] = []
    for part in str(label).split(", "):
        if runs and runs[-1][0] == part:
            runs[-1][1] += 1
        else:
            runs.append([part, 1])
    return ", ".join(p if k == 1 else f"{k} × {p}" for p, k in runs)


def _varies(table: pd.DataFrame, column: str, within: list[str]) -> bool:
    """Whether ``column`` takes more than one value among the rows of ``table`` that agree on
    ``within`` (all rows when ``within`` is empty)."""
    if column not in table.columns or len(table) == 0:
        return False
    if not within:
        return table[column].nunique(dropna=False) > 1
    return bool((table.groupby(within, sort=False, dropna=False)[column].nunique(dropna=False) > 1).any())


def _label(row, parts: list[str]) -> str:
    """The words for one group of auctions: its strategy, number of bidders, right, format."""
    words = []
    for part in parts:
        value = row[part]
        if part == "n":
            words.append(f"{value} bidders")
        elif part == "strategy":
            words.append(_short_strategy(value))
        elif part == "right":
            words.append(_RIGHT.get(bool(value), str(value)))
        else:
            words.append(str(value))
    return ", ".join(words)


# -- examples: small real inputs, the ways each chart is used ------------------------------------
def _revenue_example() -> list:
    from bluffkit.analysis.auction_lab import simulate_engine
    from bluffkit.analysis.auction_sim import simulate_sealed
    sealed = pd.concat([simulate_sealed(n, 2000, fmt=f, strategy="equilibrium" if f == "first" else "truthful", seed=1)
                        for f in ("first", "second") for n in (2, 5)], ignore_index=True)
    lab = simulate_engine("second-hand", 3, 30, seed=1)
    return [((sealed,), {}),
            ((lab,), {"title": "The auctioneer's cash per auction (money / 1,000)"}),
            ((lab, "auctioneer_payoff"), {"title": "The auctioneer's payoff: cash, plus its value of a lot it kept"})]


def _bids_example() -> list:
    from bluffkit.analysis.auction_sim import bids_sample
    bids = pd.concat([bids_sample(5, 60, fmt="first", strategy=["equilibrium"] * 4 + ["shade"], shade=[None] * 4 + [0.5],
                                  seed=3), bids_sample(5, 60, fmt="second", strategy="truthful", seed=4)])
    return [((bids,), {})]


def _efficiency_example() -> list:
    from bluffkit.analysis.auction_sim import efficiency_summary, simulate_sealed
    mixed = ["shade"] + ["equilibrium"] * 4
    runs = pd.concat([simulate_sealed(5, 2000, fmt="first", seed=5),
                      simulate_sealed(5, 2000, fmt="first", strategy=mixed, shade=[0.5, None, None, None, None], seed=6),
                      simulate_sealed(5, 2000, fmt="second", strategy="truthful", seed=7)])
    both = pd.concat([simulate_sealed(3, 500, fmt=f, strategy=["truthful", "shade", "equilibrium"],
                                      shade=[None, 0.4, None], seed=2) for f in ("first", "second")])
    return [((efficiency_summary(runs),), {}), ((efficiency_summary(both),), {})]


def _right_example() -> list:
    from bluffkit.analysis.auction_sim import simulate_sealed
    paired = pd.concat([simulate_sealed(3, 2000, fmt=f, strategy=s, right_of_first_refusal=r, seed=8)
                        for f, s in (("first", "equilibrium"), ("second", "truthful")) for r in (False, True)])
    return [((paired,), {})]


def _what_if_example() -> list:
    from bluffkit.analysis.auction_sim import what_if_sweep
    xs = [round(k / 100, 2) for k in range(101)]
    second = what_if_sweep([0.8, 0.6, 0.3], [0.8, 0.6, 0.3], bidder=0, fmt="second", xs=xs)
    first = what_if_sweep([0.8, 0.6, 0.3], [0.8, 0.4, 0.2], bidder=0, fmt="first", xs=xs)
    return [((second, "Second price: Annette's surplus against her bid (she values the cow at 0.8)"), {"name": "Annette"}),
            ((first,), {})]


# -- charts ---------------------------------------------------------------------------------------
@builder(example=_revenue_example)
def revenue_chart(df: pd.DataFrame, column: str = "revenue", bins: int = 40,
                  title: str = "What the auctioneer gets: revenue per auction") -> alt.FacetChart:
    """The distribution of ``column`` (default: revenue) per format, one row of panels per number
    of bidders: stepped histograms (outlines, so two formats never hide each other) scaled as
    densities, with a dashed rule at the mean of each outline.

    ``df`` is :func:`~bluffkit.analysis.auction_sim.simulate_sealed` (several formats or numbers
    of bidders concatenated); the histogram is computed here, so the chart holds at most
    ``bins`` + 2 rows per line whatever the number of auctions: the outline starts at 0 on the
    first edge, holds each bin's density (``step-after``) and drops to 0 at the last edge.
    The bins, at most ``bins`` of them, are of one round width (0.025 for revenues from 0 to
    1 and 40 bins) with edges at its multiples, the same for every outline: a bound of the
    revenue that is such a multiple, as 0 and first price's 0.8 with 5 bidders, is an edge
    wherever the auctions happen to end, so no bin is cut by it and drawn too low.

    Auctions that differ are never pooled into one outline: each format, number of bidders,
    strategy and right (of those that are columns of ``df``) has its own outline and its own
    dashed mean, the mean of exactly the auctions of that outline. When a panel holds more
    than one strategy (or auctions with and without the right) of a format, the colours name
    them too ("first-price, truthful"), in the legend.
    """
    if isinstance(bins, bool) or not isinstance(bins, int) or not 1 <= bins <= MAX_BINS:
        raise ValueError(f"bins must be an integer from 1 to {MAX_BINS}, got {bins!r}")
    _finite(df, column, "revenue_chart")
    try:
        edges = _bin_edges(float(df[column].min()), float(df[column].max()), bins)
    except OverflowError:                   # (values near the largest float: no bin width fits them)
        raise ValueError(f"revenue_chart: the values of {column!r} are too large to bin "
                         f"({df[column].min():g} to {df[column].max():g})") from None
    keys = ["format", "n"] + [k for k in ("strategy", "right") if k in df.columns]
    groups = df[keys].drop_duplicates()
    parts = ["format"] + [k for k, within in (("strategy", ["format", "n"]), ("right", ["format", "n", "strategy"]))
                          if _varies(groups, k, [w for w in within if w in keys])]
    field = "format" if parts == ["format"] else "series"
    rows, means = [], []
    average = df.groupby(keys, sort=True)[column].mean()         # each outline's own auctions, no mean of means
    for key, g in df.groupby(keys, sort=True):
        group = dict(zip(keys, key))
        series = _label(group, parts)
        counts, _ = np.histogram(g[column], bins=edges)
        density = counts / (len(g) * np.diff(edges))
        rows.append(pd.DataFrame({"format": group["format"], "n": group["n"], "series": series, "layer": "histogram",
                                  "i": np.arange(len(edges) + 1), "edge": np.r_[edges[0], edges],
                                  "density": np.r_[0.0, density, 0.0]}))
        means.append({"format": group["format"], "n": group["n"], "series": series, "layer": "mean",
                      "mean": float(average[key])})
    data = pd.concat(rows + [pd.DataFrame(means)], ignore_index=True)
    what = column.replace("_", " ")
    if field == "format":
        color = _format_color(df)
    else:
        color = alt.Color("series:N", title=", ".join(["auction format", *parts[1:]]))
    base = alt.Chart().encode(color=color)
    steps = base.transform_filter(alt.datum.layer == "histogram").mark_line(
        interpolate="step-after", strokeWidth=2).encode(
        x=alt.X("edge:Q", title=f"{what} of one auction"), order="i:Q",
        y=alt.Y("density:Q", title="density"),
        tooltip=[f"{field}:N", alt.Tooltip("edge:Q", format=".3f", title="from"),
                 alt.Tooltip("density:Q", format=".2f")])
    rules = base.transform_filter(alt.datum.layer == "mean").mark_rule(strokeWidth=2, strokeDash=[6, 3]).encode(
        x="mean:Q", tooltip=[f"{field}:N", alt.Tooltip("mean:Q", format=".3f", title="mean")])
    chart = alt.layer(steps, rules, data=data).properties(width=600, height=170).facet(
        row=alt.Row("n:O", title=None, header=alt.Header(labelAngle=0, labelAlign="left",
                                                         labelExpr="datum.value + ' bidders'")))
    return finish(chart, title, MAX_WIDTH - 80, legend="bottom",
                  subtitle=f"height: share of auctions per unit of {what}; dashed: the mean")


@builder(example=_bids_example)
def bids_chart(bids: pd.DataFrame, max_points: int = 2000,
               title: str = "Bids against values, with the equilibrium bid") -> alt.FacetChart:
    """Each bidder's sealed bid against their value (points, coloured by strategy), the
    equilibrium bid (black line, drawn over the points: equilibrium bidders' points lie on
    it) and bid = value (dashed), one panel per format and, when
    ``bids`` holds several numbers of bidders, one row of panels per number ("5 bidders"):
    the equilibrium bid depends on it ((n - 1)/n of the value, first price), so each panel
    draws the line of its own number of bidders.

    ``bids`` is :func:`~bluffkit.analysis.auction_sim.bids_sample` (several concatenated);
    at most ``max_points`` rows are drawn, every k-th in the order of the values (every
    bidder's points keep their share), as the subtitle then says. ``max_points`` is a whole
    number from 1 to :data:`~bluffkit.analysis.chart_style.MAX_ROWS` (5,000, the most rows
    altair draws in one chart; a larger one is refused in words, where it was taken and
    altair then raised ``MaxRowsError``). A panel whose equilibrium bids
    are not one rising line (samples of other value laws concatenated) is refused in words.
    """
    max_points = check_max_points(max_points, "bids_chart")
    _finite(bids, "value", "bids_chart")
    _finite(bids, "equilibrium_bid", "bids_chart")
    panels = ["format", "n"] if "n" in bids.columns else ["format"]
    ordered = bids.sort_values([*panels, "value"], kind="stable")
    span = ordered.groupby(panels, sort=False)["equilibrium_bid"].transform(lambda b: b.max() - b.min())
    drops = ordered.groupby(panels, sort=False)["equilibrium_bid"].diff() < -0.01 * span   # (1 %: the bids of
    # one law sampled with two seeds differ by far less; v/2 against 4v/5 by far more)
    if drops.any():
        bad = ordered.loc[drops].iloc[0]
        where = ", ".join(f"{k} = {bad[k]}" for k in panels)
        raise ValueError(f"bids_chart: the equilibrium bids of the panel {where} do not rise with the value (it "
                         f"holds samples of other value laws?); chart each sample apart")
    # every step-th row in the order of the values, not of the rows: bids_sample's rows go
    # auction by auction, bidder by bidder, so every 5th row of 5 bidders was one bidder's,
    # and the others' strategies vanished from the chart
    step = max(1, -(-len(bids) // max_points))
    data = ordered.iloc[::step].sort_values("value", kind="stable")
    base = alt.Chart().encode(x=alt.X("value:Q", title="bidder's value for the lot"))
    points = base.mark_circle(size=30, opacity=0.6).encode(
        y=alt.Y("bid:Q", title="sealed bid"), color=alt.Color("strategy:N", title="strategy"),
        tooltip=["bidder:Q", alt.Tooltip("value:Q", format=".3f"), alt.Tooltip("bid:Q", format=".3f"), "won:N"])
    theory = base.mark_line(color="black").encode(y="equilibrium_bid:Q")
    diagonal = base.mark_line(color="gray", strokeDash=[4, 4]).encode(y="value:Q")
    # the black line drawn last, over the points: equilibrium bidders' points lie on it and hid it
    chart = alt.layer(diagonal, points, theory, data=data).properties(width=320, height=HEIGHT)
    if "n" in bids.columns and bids["n"].nunique() > 1:
        chart = chart.facet(column=alt.Column("format:N", title=None),
                            row=alt.Row("n:O", title=None, header=alt.Header(labelAngle=0, labelAlign="left",
                                                                             labelExpr="datum.value + ' bidders'")))
    else:
        chart = chart.facet(column=alt.Column("format:N", title=None))
    drawn = "" if len(data) == len(bids) else \
        f"; {len(data):,} of the {len(bids):,} bids drawn, one in every {step} in the order of the values"
    return finish(chart, title, MAX_WIDTH - 80, legend="bottom",
                  subtitle=f"black line: the equilibrium bid; dashed: bid = value{drawn}")


@builder(example=_efficiency_example)
def efficiency_chart(summary: pd.DataFrame,
                     title: str = "How often does the bidder who values the lot most win it?") -> alt.LayerChart:
    """Bars of the share of auctions won by the highest value, per strategy and format, with
    ±2 standard-error whiskers: the Wilson score interval at z = 2 over the ``auctions`` (the
    shares within 2 standard errors *at that share*), so a share of 1 (truthful second
    price) still has a whisker below it, where share ± 2 se from the data was a point.
    ``summary`` is :func:`~bluffkit.analysis.auction_sim.efficiency_summary`.
    Bars run across, one row each, so the strategies' names read level ("shade 0.5, 4 × equilibrium";
    the format is added to the name of a strategy played in both formats, and the number of
    bidders and the right to the name of a strategy played with several: each row is one
    line of ``summary``, never two added up)."""
    from bluffkit.analysis.tournament import wilson
    check_frame(summary, ["efficient"], "efficiency_chart", empty="nothing to chart")   # (it drew an empty frame)
    data = summary.reset_index(drop=True)
    lo, hi = wilson(data["efficient"], data["auctions"], 2.0)
    data = data.assign(lo=lo, hi=hi, strategy=data["strategy"].map(_short_strategy))
    # what tells two lines of one strategy apart: the format, the number of bidders, the right
    rows = pd.Series("", index=data.index, dtype=object)
    for strategy, g in data.groupby("strategy", sort=False):
        parts = [k for k in ("format", "n", "right") if _varies(g, k, [])]
        for i, r in g.iterrows():
            rows[i] = f"{strategy} ({_label(r, parts)})" if parts else strategy
    data["row"] = rows
    if data["row"].duplicated().any():
        twice = data.loc[data["row"].duplicated(), "row"].iloc[0]
        raise ValueError(f"efficiency_chart: the summary has two lines for {twice!r}; give it the lines of "
                         f"efficiency_summary(...), one per format, n, strategy and right")
    base = alt.Chart(data).encode(y=alt.Y("row:N", title=None, sort=list(dict.fromkeys(data["row"]))))
    bars = base.mark_bar().encode(
        x=alt.X("efficient:Q", title="share won by the highest value", scale=alt.Scale(domain=[0, 1])),
        color=_format_color(summary),
        tooltip=["strategy:N", "format:N", "n:Q", alt.Tooltip("efficient:Q", format=".3f"),
                 alt.Tooltip("value_lost:Q", format=".4f", title="mean value lost")])
    whiskers = base.mark_rule(color="black").encode(x="lo:Q", x2="hi:Q")
    chart = (bars + whiskers).properties(width=400, height=max(120, 36 * data["row"].nunique()))
    return finish(chart, title, MAX_WIDTH - 40, legend="bottom",
                  subtitle="whiskers: the Wilson score interval of the share, z = 2 (about 95%)")


@builder(example=_right_example)
def right_chart(df: pd.DataFrame,
                title: str = "Is the right of first refusal worth having?") -> alt.FacetChart:
    """The auctioneer's mean payoff with and without the right of first refusal (±2 standard
    errors), one panel per format. ``df`` is :func:`~bluffkit.analysis.auction_sim.simulate_sealed`
    run with ``right_of_first_refusal=False`` and ``True`` and concatenated. The bars are named
    under them, so there is no legend.

    Each bar is the mean of one group of auctions, never a sum of means: when ``df`` holds
    several numbers of bidders, or several strategies in one format and number of bidders,
    each has its own row of panels, named at its left ("5 bidders", "2 bidders, truthful");
    one number of bidders is named in the subtitle ("3 bidders"), as the revenue chart names it."""
    _finite(df, "auctioneer_payoff", "right_chart")     # (no rows: pandas' IndexError, deep inside)
    s = revenue_summary(df, "auctioneer_payoff")
    for k in ("format", "right"):
        if k not in s.columns:
            raise ValueError(f"right_chart: the frame has no column {k!r}; see help(right_chart) for the frame it takes")
    parts = [k for k, within in (("n", []), ("strategy", ["format", "n"]))
             if _varies(s, k, [w for w in within if w in s.columns])]
    group = [_label(r, parts) for _, r in s.iterrows()] if parts else ""
    data = s.assign(right=s["right"].map(_RIGHT), lo=s["mean"] - 2 * s["se"], hi=s["mean"] + 2 * s["se"], group=group)
    base = alt.Chart().encode(x=alt.X("right:N", sort=list(_RIGHT.values()), title=None, axis=alt.Axis(labelAngle=0)))
    bars = base.mark_bar().encode(
        y=alt.Y("mean:Q", title="auctioneer's mean payoff"),
        color=alt.Color("right:N", sort=list(_RIGHT.values()), legend=None,
                        scale=alt.Scale(range=[OKABE_ITO[4], OKABE_ITO[0]])),
        tooltip=["format:N", "n:Q", *(["group:N"] if parts else []), "right:N", alt.Tooltip("mean:Q", format=".4f"),
                 alt.Tooltip("se:Q", format=".4f")])
    whiskers = base.mark_rule(color="black").encode(y="lo:Q", y2="hi:Q")
    rows = list(dict.fromkeys(data["group"])) if parts else [""]
    layered = alt.layer(bars, whiskers, data=data).properties(width=260, height=HEIGHT)
    width = data["format"].nunique() * 260 + 80
    if parts:
        chart = layered.facet(column=alt.Column("format:N", title=None),
                              row=alt.Row("group:N", title=None, sort=rows,
                                          header=alt.Header(labelAngle=0, labelAlign="left")))
        width += max(text_width(r, LABEL_SIZE) for r in rows)
    else:
        chart = layered.facet(column=alt.Column("format:N", title=None))
    subtitle = "The auctioneer's mean payoff per auction (±2 standard errors)"
    if "n" not in parts and "n" in s.columns:
        subtitle = f"{s['n'].iloc[0]} bidders: the auctioneer's mean payoff per auction (±2 standard errors)"
    return finish(chart, title, width, subtitle=subtitle)


#: The most bids x :func:`what_if_chart` draws by default (altair refuses a chart of over
#: 5,000 rows, :data:`~bluffkit.analysis.chart_style.MAX_ROWS`).
MAX_SWEEP_POINTS = 2000


def _thin_sweep(data: pd.DataFrame, max_points: int) -> pd.DataFrame:
    """At most about ``max_points`` rows of a sweep sorted by x: evenly spaced ones, and the
    first and last row of each run of one outcome (a tie is often a single x, and where the
    outcome changes the line bends or jumps). Within a run the surplus is a straight line
    in x (0 when x loses; value - x when it wins at first price; value minus the others' top
    bid at second price), so the line through the rows kept is the line through them all."""
    n = len(data)
    if n <= max_points:
        return data
    change = data["outcome"].to_numpy()
    ends = np.flatnonzero(np.r_[True, change[1:] != change[:-1]])        # each run's first row
    ends = np.r_[ends, ends[1:] - 1, n - 1]                                # and each run's last
    budget = max(max_points - len(np.unique(ends)), 2)
    even = np.linspace(0, n - 1, budget).round().astype(int)
    return data.iloc[np.unique(np.r_[ends, even])]


@builder(example=_what_if_example)
def what_if_chart(sweep: pd.DataFrame, title: str | None = None, name: str | None = None,
                  max_points: int = MAX_SWEEP_POINTS) -> alt.LayerChart:
    """"What if this bidder had bid x instead?": their expected surplus for each bid x, points
    coloured by whether x wins, ties or loses; vertical lines mark the bid they made and their
    value (one line when the two are the same). ``name``: the bidder's name on the axes and
    the legend (default "bidder N"). ``sweep`` is
    :func:`~bluffkit.analysis.auction_sim.what_if_sweep`: one sweep. Several concatenated
    (other bidders, formats, values or bids) are refused in words: one line through them
    all, titled with the first one's bidder, would say nothing true.

    Of a sweep of more than ``max_points`` bids x, about ``max_points`` are drawn, as the
    subtitle then says: about one in every k in the order of x (evenly spaced when the x are), with
    the first and last x of each outcome (wins, ties, loses), so no tie is lost and the
    line, straight within an outcome, is the line through every x. A chart of every row was refused by altair past
    5,000 rows (``MaxRowsError``): ``max_points`` is a whole number from 1 to 5,000
    (:data:`~bluffkit.analysis.chart_style.MAX_ROWS`), a larger one refused in words."""
    max_points = check_max_points(max_points, "what_if_chart")
    _finite(sweep, "surplus", "what_if_chart")
    for k in ("bidder", "format", "value", "actual_bid"):
        if k in sweep.columns and sweep[k].nunique() > 1:
            found = ", ".join(map(str, list(dict.fromkeys(sweep[k]))[:4]))
            raise ValueError(f"what_if_chart draws one sweep; this frame holds several (column {k!r} has "
                             f"{sweep[k].nunique()} values: {found}): chart each what_if_sweep(...) apart")
    result = ["x", *(k for k in ("winner", "price", "surplus") if k in sweep.columns)]
    if "x" in sweep.columns and sweep.drop_duplicates(result).duplicated("x").any():
        raise ValueError("what_if_chart draws one sweep; this frame holds several (one bid x gives two "
                         "outcomes: other bids of the others?): chart each what_if_sweep(...) apart")
    bidder, fmt = int(sweep["bidder"].iloc[0]), str(sweep["format"].iloc[0])
    outcome = np.select([sweep["win_share"] >= 1, sweep["win_share"] > 0], ["wins", "ties"], "loses")
    data = sweep.assign(outcome=outcome, winner=sweep["winner"].astype("float")).sort_values("x", kind="stable")
    data = _thin_sweep(data, max_points)
    subtitle = None if len(data) == len(sweep) else \
        f"{len(data):,} of the {len(sweep):,} bids x drawn: about one in every {round(len(sweep) / len(data))} " \
        "in the order of x, with the first and last of each outcome"
    who = str(name) if name else f"bidder {bidder}"
    x = alt.X("x:Q", title=f"{who}'s bid x")
    y = alt.Y("surplus:Q", title=f"{who}'s expected surplus")
    line = alt.Chart(data).mark_line(color="gray").encode(x=x, y=y)
    points = alt.Chart(data).mark_circle(size=50).encode(
        x=x, y="surplus:Q", color=alt.Color("outcome:N", scale=alt.Scale(domain=list(_OUTCOMES),
                                                                         range=list(_OUTCOMES.values())),
                                            title=who),
        tooltip=[alt.Tooltip("x:Q", format=".3f"), "outcome:N", "winner:Q", alt.Tooltip("price:Q", format=".3f"),
                 alt.Tooltip("surplus:Q", format=".3f")])
    bid, value = float(sweep["actual_bid"].iloc[0]), float(sweep["value"].iloc[0])
    # the two lines drawn one on the other would show one colour for two names: one line, named for both
    marks = pd.DataFrame({"at": [bid], "mark": ["the bid made = the bidder's value"]}) if bid == value else \
        pd.DataFrame({"at": [bid, value], "mark": ["the bid made", "the bidder's value"]})
    rules = alt.Chart(marks).mark_rule(strokeDash=[4, 4], strokeWidth=2).encode(
        x="at:Q", color=alt.Color("mark:N", scale=alt.Scale(range=["black", OKABE_ITO[0]]), title="vertical lines"),
        tooltip=["mark:N", alt.Tooltip("at:Q", format=".3f")])
    title = title or f"What if {who} had bid x instead? ({fmt} auction)"
    chart = alt.layer(line, points, rules).resolve_scale(color="independent").properties(width=600, height=HEIGHT)
    return finish(chart, title, 680, legend="bottom", subtitle=subtitle)
