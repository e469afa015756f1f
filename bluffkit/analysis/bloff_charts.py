"""Charts for Bløff: win rates with their standard errors, and how often claims are lies.

Pure functions of the frames of :mod:`bluffkit.analysis.tournament` and
:mod:`bluffkit.analysis.bloff_data`.
"""

from __future__ import annotations

import altair as alt
import pandas as pd


def win_rate_chart(rates: pd.DataFrame, by: str = "agent", title: str = "Win rate (±2 standard errors)") -> alt.LayerChart:
    """Bars of the win rate per bot (or per seat) with ±2 standard-error whiskers."""
    df = rates[rates["by"] == by].assign(lo=lambda d: (d["rate"] - 2 * d["se"]).clip(lower=0),
                                         hi=lambda d: (d["rate"] + 2 * d["se"]).clip(upper=1))
    base = alt.Chart(df).encode(x=alt.X("who:N", title=by))
    bars = base.mark_bar().encode(y=alt.Y("rate:Q", title="share of games won", scale=alt.Scale(domain=[0, 1])),
                                  tooltip=["who", "games", "wins", alt.Tooltip("rate:Q", format=".3f"),
                                           alt.Tooltip("se:Q", format=".3f")])
    whiskers = base.mark_rule(color="black").encode(y="lo:Q", y2="hi:Q")
    return (bars + whiskers).properties(title=title, width=320, height=220)


def lie_chart(summary: pd.DataFrame, title: str = "Claims: how often a lie, how often called") -> alt.Chart:
    """Grouped bars per bot: share of its claims that were lies, that were called, and of
    its lies that were caught."""
    long = summary.melt(id_vars=["agent"], value_vars=["lies", "called", "lies_caught"], var_name="share",
                        value_name="value")
    return alt.Chart(long).mark_bar().encode(
        x=alt.X("share:N", title=None), y=alt.Y("value:Q", title="share", scale=alt.Scale(domain=[0, 1])),
        color="share:N", column=alt.Column("agent:N", title="bot"),
        tooltip=["agent", "share", alt.Tooltip("value:Q", format=".3f")]).properties(title=title, width=150, height=200)
