"""Charts for Bløff: win rates with their standard errors, and how often claims are lies.

Pure functions of the frames of :mod:`bluffkit.analysis.tournament` and
:mod:`bluffkit.analysis.bloff_data`; every chart fits a notebook projected at 1280x720
(:mod:`bluffkit.analysis.chart_style`).
"""

from __future__ import annotations

import altair as alt
import pandas as pd

from bluffkit.analysis.chart_style import OKABE_ITO, builder, finish

SHARES = {"lies": "claims that were lies", "called": "claims called", "lies_caught": "lies caught"}
_WHO = {"agent": "bot", "seat": "seat"}
_LINEUP = ["caller", "honest", "random", "random"]


def _win_rate_example() -> list:
    from bluffkit.analysis.tournament import tournament, win_rates
    from bluffkit.core.game import make_game
    rates = win_rates(tournament(make_game("bloff"), _LINEUP, games=8, seed=1))
    return [((rates,), {}), ((rates,), {"by": "seat"})]


def _lie_example() -> list:
    from bluffkit.analysis.bloff_data import lie_summary, simulate_claims
    from bluffkit.core.game import make_game
    return [((lie_summary(simulate_claims(make_game("bloff"), _LINEUP[:3], games=3, seed=2)),), {})]


@builder(example=_win_rate_example)
def win_rate_chart(rates: pd.DataFrame, by: str = "agent", title: str = "Win rate (±2 standard errors)") -> alt.LayerChart:
    """Bars of the win rate per bot (``by="agent"``) or per seat (``by="seat"``: "seat 0",
    "seat 1", ...) with ±2 standard-error whiskers, each rate written above its whisker."""
    if by not in _WHO:
        raise ValueError(f"by must be one of {', '.join(_WHO)}, got {by!r}")
    df = rates[rates["by"] == by].assign(lo=lambda d: (d["rate"] - 2 * d["se"]).clip(lower=0),
                                         hi=lambda d: (d["rate"] + 2 * d["se"]).clip(upper=1))
    if by == "seat":
        df = df.assign(who=[f"seat {int(float(w))}" for w in df["who"]])
    base = alt.Chart(df).encode(x=alt.X("who:N", title=_WHO[by], axis=alt.Axis(labelAngle=0)))
    bars = base.mark_bar(color=OKABE_ITO[0]).encode(
        y=alt.Y("rate:Q", title="share of games won", scale=alt.Scale(domain=[0, 1])),
        tooltip=["who", "games", "wins", alt.Tooltip("rate:Q", format=".3f"), alt.Tooltip("se:Q", format=".3f")])
    whiskers = base.mark_rule(color="black", strokeWidth=2).encode(y="lo:Q", y2="hi:Q")
    # the rate written above each whisker: a bot that never won shows "0.00", not a missing bar
    labels = base.mark_text(dy=-8, fontSize=13).encode(y="hi:Q", text=alt.Text("rate:Q", format=".2f"))
    return finish((bars + whiskers + labels).properties(width=420, height=240), title, 520)


@builder(example=_lie_example)
def lie_chart(summary: pd.DataFrame, title: str = "Claims: how often a lie, how often called") -> alt.Chart:
    """Grouped bars per bot: the share of its claims that were lies, of its claims that were
    called, and of its lies that were caught."""
    long = summary.melt(id_vars=["agent"], value_vars=list(SHARES), var_name="share", value_name="value")
    long["share"] = long["share"].map(SHARES)
    order = list(SHARES.values())
    chart = alt.Chart(long).mark_bar().encode(
        x=alt.X("agent:N", title="bot", axis=alt.Axis(labelAngle=0)), xOffset=alt.XOffset("share:N", sort=order),
        y=alt.Y("value:Q", title="share", scale=alt.Scale(domain=[0, 1])),
        color=alt.Color("share:N", sort=order, title=None),
        tooltip=["agent", "share", alt.Tooltip("value:Q", format=".3f")]).properties(width=560, height=240)
    return finish(chart, title, 640, legend="bottom")
