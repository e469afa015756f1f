"""Charts of a tournament: each bot's win share, score and rank with their confidence
intervals, and the head-to-head table.

Pure functions of the frames of :func:`bluffkit.analysis.tournament.summary` and
:func:`bluffkit.analysis.tournament.pairwise`; every chart fits a notebook projected at
1280x720 (:mod:`bluffkit.analysis.chart_style`).
"""

from __future__ import annotations

import altair as alt
import pandas as pd

from bluffkit.analysis.chart_style import OKABE_ITO, builder, finish
from bluffkit.analysis.tournament import MEASURES
from bluffkit.core.errors import check_frame

_AXIS = {"win share": "win share per seat", "score": "mean score", "rank": "mean rank (1 = first)"}


def _example() -> pd.DataFrame:
    from bluffkit.analysis.tournament import tournament
    from bluffkit.core.game import make_game
    return tournament(make_game("bloff"), ["honest", "random", "caller"], games=27, seed=1, players=3,
                      mode="round-robin")


def _summary_example() -> list:
    from bluffkit.analysis.tournament import summary
    return [((summary(_example()),), {})]


def _pairwise_example() -> list:
    from bluffkit.analysis.tournament import pairwise
    return [((pairwise(_example()),), {})]


@builder(example=_summary_example)
def summary_chart(summary: pd.DataFrame, title: str | None = None) -> alt.HConcatChart:
    """Three panels side by side, one per measure (win share, score, rank): a dot per bot
    at its mean and a whisker over its confidence interval (``lo`` to ``hi``). The title
    by default names the intervals' level as :func:`~bluffkit.analysis.tournament.summary`
    kept it (``attrs["level"]``: "95% confidence intervals"), or no level when the frame
    has lost it (a frame put together by hand, or concatenated from frames of other levels:
    frames of one level keep it). The Wilson
    score interval for the win share, Student's t, mean ± t se, for the score and rank (see
    :func:`bluffkit.analysis.tournament.summary`). Where the data give no interval (one
    game, or every game the same value: ``lo`` and ``hi`` are ``NaN``) the dot is hollow,
    with no whisker, and the subtitle says so; never a zero-width whisker. A summary with no
    rows (of a run with no games yet) is refused, in words: it drew three empty frames."""
    check_frame(summary, ["measure"], "summary_chart", empty="no bot played: nothing to chart")
    panels = []
    for k, measure in enumerate(MEASURES.values()):
        df = summary[summary["measure"] == measure].assign(
            interval=lambda d: d["interval"] if "interval" in d.columns else "")
        base = alt.Chart(df).encode(y=alt.Y("agent:N", title="bot" if k == 0 else None,
                                            axis=alt.Axis(labels=k == 0, ticks=k == 0)))
        whisker = base.transform_filter("isValid(datum.lo) && isValid(datum.hi)").mark_rule(
            color="black", strokeWidth=2).encode(
            x=alt.X("lo:Q", title=_AXIS[measure], scale=alt.Scale(zero=measure == "win share")), x2="hi:Q")
        tooltip = ["agent", "measure", "games", alt.Tooltip("mean:Q", format=".3f"),
                   alt.Tooltip("se:Q", format=".3f"), alt.Tooltip("lo:Q", format=".3f"),
                   alt.Tooltip("hi:Q", format=".3f"), "interval:N"]
        dot = base.transform_filter("isValid(datum.lo) && isValid(datum.hi)").mark_point(
            filled=True, size=120, color=OKABE_ITO[k]).encode(x="mean:Q", tooltip=tooltip)
        hollow = base.transform_filter("!isValid(datum.lo) || !isValid(datum.hi)").mark_point(
            filled=False, size=120, strokeWidth=2, color=OKABE_ITO[k]).encode(x="mean:Q", tooltip=tooltip)
        panels.append((whisker + dot + hollow).properties(width=170, height=max(60, 34 * df["agent"].nunique())))
    missing = summary["lo"].isna() | summary["hi"].isna()
    note = "hollow dot: no interval from the data (one game, or every game the same value)" if missing.any() else None
    if title is None:
        level = summary.attrs.get("level")
        shown = f"{100 * level:g}% " if isinstance(level, float) and 0 < level < 1 else ""
        title = f"Each bot's results ({shown}confidence intervals)"
    return finish(alt.hconcat(*panels, spacing=24), title, 700, subtitle=note)


@builder(example=_pairwise_example)
def pairwise_chart(pairwise: pd.DataFrame,
                   title: str = "Head to head: how often the row's bot finished ahead (a tie counts one half)",
                   ) -> alt.LayerChart:
    """A table of squares: row ``agent``, column ``opponent``, coloured by the share of
    their meetings the row's bot finished ahead (a tie counts one half, as in
    :func:`~bluffkit.analysis.tournament.pairwise`; 0.5: even), the share written in it. A
    frame with no rows (one bot in every seat never meets another; a run with no games yet)
    is refused, in words: it drew an empty square."""
    check_frame(pairwise, ["ahead"], "pairwise_chart",
                empty="no two bots met (one bot in every seat, or no game): nothing to chart")
    df = pairwise.assign(label=[f"{a:.2f}" for a in pairwise["ahead"]])
    bots = sorted(set(df["agent"]) | set(df["opponent"]))
    base = alt.Chart(df).encode(
        x=alt.X("opponent:N", title="opponent", sort=bots, axis=alt.Axis(labelAngle=0, orient="top")),
        y=alt.Y("agent:N", title="bot", sort=bots))
    squares = base.mark_rect().encode(
        color=alt.Color("ahead:Q", title="ahead", legend=alt.Legend(format=".0%"), scale=alt.Scale(scheme="blueorange", domain=[0, 1], domainMid=0.5)),
        tooltip=["agent", "opponent", "games", alt.Tooltip("ahead:Q", format=".3f"),
                 alt.Tooltip("lo:Q", format=".3f"), alt.Tooltip("hi:Q", format=".3f")])
    text = base.mark_text(fontSize=14).encode(text="label:N")
    side = 70 * max(2, len(bots))
    return finish((squares + text).properties(width=side, height=side), title, side + 260)
