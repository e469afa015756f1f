"""Charts for Bløff: win rates with their intervals, and how often claims are lies.

Pure functions of the frames of :mod:`bluffkit.analysis.tournament` and
:mod:`bluffkit.analysis.bloff_data`; every chart fits a notebook projected at 1280x720
(:mod:`bluffkit.analysis.chart_style`).
"""

from __future__ import annotations

import altair as alt
import pandas as pd

from bluffkit.analysis.chart_style import OKABE_ITO, builder, finish
from bluffkit.analysis.tournament import wilson
from bluffkit.core.errors import check_frame

SHARES = {"lies": "claims that were lies", "called": "claims called", "lies_caught": "lies caught"}
#: What each share of :data:`SHARES` is a share of: the bot's claims, or its lies.
OF = {"lies": "claims", "called": "claims", "lies_caught": "lies"}
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
def win_rate_chart(rates: pd.DataFrame, by: str = "agent", title: str = "Win rate (Wilson interval, z = 2)") -> alt.LayerChart:
    """Bars of the win rate per bot (``by="agent"``) or per seat (``by="seat"``: "seat 0",
    "seat 1", ...) with whiskers over the rates within 2 standard errors of it, each rate
    written above its whisker. ``rates`` is :func:`bluffkit.analysis.tournament.win_rates`.

    The whiskers are the Wilson score interval at z = 2 over the ``games`` (the rates p
    whose distance from the rate found is at most 2 sqrt(p (1 - p) / games), the standard
    error at p), not rate ± 2 ``se``, which would collapse to a bare bar for a bot that won
    every game or none (``se`` = 0), as if its rate were known exactly. The axis reads "share of games
    won" when every bot held one seat a game, else "win share per seat" (a bot's seats of
    a game averaged, as ``win_rates`` says)."""
    if by not in _WHO:
        raise ValueError(f"by must be one of {', '.join(_WHO)}, got {by!r}")
    check_frame(rates, ("by", "who", "games", "rate"), "win_rate_chart", numbers=("games", "rate"))
    df = rates[rates["by"] == by]
    for c in ("games", "rate"):
        if (df[c] < (1 if c == "games" else 0)).any() or (c == "rate" and (df[c] > 1).any()):
            raise ValueError(f"win_rate_chart: column {c!r} must hold " + ("whole numbers >= 1" if c == "games" else
                             "rates from 0 to 1") + "; see help(win_rate_chart) for the frame it takes")
    lo, hi = wilson(df["rate"], df["games"], 2.0)
    df = df.assign(lo=lo, hi=hi)
    if by == "seat":
        df = df.assign(who=[f"seat {int(float(w))}" for w in df["who"]])
    per_seat = "seats" in df.columns and (df["seats"] != df["games"]).any()
    base = alt.Chart(df).encode(x=alt.X("who:N", title=_WHO[by], axis=alt.Axis(labelAngle=0)))
    bars = base.mark_bar(color=OKABE_ITO[0]).encode(
        y=alt.Y("rate:Q", title="win share per seat" if per_seat else "share of games won",
                scale=alt.Scale(domain=[0, 1])),
        tooltip=["who", "games", *(["seats"] if "seats" in df.columns else []), "wins",
                 alt.Tooltip("rate:Q", format=".3f"), alt.Tooltip("se:Q", format=".3f"),
                 alt.Tooltip("lo:Q", format=".3f"), alt.Tooltip("hi:Q", format=".3f")])
    whiskers = base.mark_rule(color="black", strokeWidth=2).encode(y="lo:Q", y2="hi:Q")
    # the rate written above each whisker: a bot that never won shows "0.00", not a missing bar
    labels = base.mark_text(dy=-8, fontSize=13).encode(y="hi:Q", text=alt.Text("rate:Q", format=".2f"))
    return finish((bars + whiskers + labels).properties(width=420, height=240), title, 520,
                  subtitle="whiskers: the Wilson score interval, never a point at 0 or 1")


@builder(example=_lie_example)
def lie_chart(summary: pd.DataFrame, title: str = "Claims: how often a lie, how often called") -> alt.Chart:
    """Grouped bars per bot: the share of its claims that were lies, of its claims that were
    called, and of its lies that were caught. ``summary`` is
    :func:`bluffkit.analysis.bloff_data.lie_summary`. A bot that told no lies has no share
    of lies caught (``NaN``): no bar is drawn there (not a bar at 0, which would say every
    lie got away), and the subtitle names the bot.

    The bars have two denominators, so the subtitle says which bars are shares of the
    bot's claims and which of its lies, and each bar's tooltip says of how many ("of 120
    claims", "of 45 lies")."""
    if len(summary) == 0:
        raise ValueError("lie_chart: the summary has no rows (no claims): nothing to chart")
    told = summary.assign(told=(summary["lies"] * summary["claims"]).round())     # lies told: a count
    long = told.melt(id_vars=["agent", "claims", "told"], value_vars=list(SHARES), var_name="share", value_name="value")
    undefined = long[long["value"].isna()]
    long = long.dropna(subset=["value"])
    out_of = long["told"].where(long["share"] == "lies_caught", long["claims"])
    long = long.assign(of=[f"{n:,.0f} {OF[k] if n != 1 else OF[k][:-1]}" for n, k in zip(out_of, long["share"])])
    long = long[["agent", "share", "value", "of"]]
    long["share"] = long["share"].map(SHARES)
    order = list(SHARES.values())
    chart = alt.Chart(long).mark_bar().encode(
        x=alt.X("agent:N", title="bot", axis=alt.Axis(labelAngle=0)),
        xOffset=alt.XOffset("share:N", sort=order),
        y=alt.Y("value:Q", title="share", scale=alt.Scale(domain=[0, 1])),
        color=alt.Color("share:N", sort=order, title=None),
        tooltip=["agent", "share", alt.Tooltip("value:Q", format=".3f"), alt.Tooltip("of:N", title="of")]
    ).properties(width=560, height=240)
    note = "claims that were lies, claims called: shares of each bot's claims; lies caught: a share of its lies"
    if len(undefined):
        truthful = undefined.loc[undefined["share"] == "lies_caught", "agent"].astype(str).tolist()
        if truthful:
            note += f"; no bar of lies caught for {', '.join(truthful)}: told no lies"
    return finish(chart, title, 640, legend="bottom", subtitle=note)
