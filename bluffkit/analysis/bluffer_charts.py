"""Charts of simulated Bluffer games: how many points a game brings each seat, and how the
points move with how often a seat spots the truth.

Pure functions of the frames of :mod:`bluffkit.analysis.bluffer_data` (also importable from
there); every chart fits a notebook projected at 1280x720 (:mod:`bluffkit.analysis.chart_style`).
A frame with no rows is refused (there is nothing to draw), as is one that lacks a column the
chart draws or holds text, True/False, nan or inf where it draws numbers: a ``ValueError``
naming the chart and the column.
"""

from __future__ import annotations

import math

import altair as alt
import pandas as pd

from bluffkit.analysis.bluffer_data import game_points
from bluffkit.analysis.chart_style import OKABE_ITO, builder, finish
from bluffkit.core.errors import check_frame

AS = {"author_points": "as an author (fooling others)", "voter_points": "as a voter (finding the truth)"}


def seat_label(seat, spot) -> str:
    """"seat 0: spots 80%": a seat by its number, with how often it spots the truth."""
    return f"seat {int(seat)}: spots {float(spot):.0%}"


def _distribution_example() -> list:
    from bluffkit.analysis.bluffer_data import simulate
    return [((simulate(4, [0.8, 0.4, 0.4, 0.1], games=12, seed=1, rounds=1),), {})]


def _by_spot_example() -> list:
    from bluffkit.analysis import bluffer_theory as bt
    from bluffkit.analysis.bluffer_data import spot_sweep
    spots = [0.0, 0.5, 1.0]
    sweep = spot_sweep(4, spots, games=3, seed=2, rest=0.4, rounds=1)
    theory = pd.DataFrame({"spot_0": s, "points": bt.round_points([s, 0.4, 0.4, 0.4])[0] / 6} for s in spots)
    return [((sweep, theory), {})]


@builder(example=_distribution_example)
def points_distribution_chart(df: pd.DataFrame) -> alt.FacetChart:
    """Histogram of each seat's points per game, one row of bars per seat (labelled with how
    often it spots the truth), in seat order, on a shared axis: side by side, not drawn over
    each other. The bins are whole points, as narrow as keeps them to about 30 (1 point
    while the points spread over 30 or less). ``df`` is
    :func:`~bluffkit.analysis.bluffer_data.simulate`'s."""
    check_frame(df, ("game", "seat", "spot", "points"), "points_distribution_chart",
                numbers=("seat", "spot", "points"), empty="nothing to chart")
    g = game_points(df)
    g["bot"] = [seat_label(s, p) for s, p in zip(g["seat"], g["spot"])]
    order = list(dict.fromkeys(g.sort_values("seat")["bot"]))
    spread = float(g["points"].max() - g["points"].min()) if len(g) else 0.0
    step = max(1, math.ceil(spread / 30))
    chart = alt.Chart(g).mark_bar().encode(
        x=alt.X("points:Q", bin=alt.Bin(step=step), title="points in a game", axis=alt.Axis(format="d")),
        y=alt.Y("count():Q", title="games"),
        color=alt.Color("bot:N", sort=order, legend=None, scale=alt.Scale(range=OKABE_ITO)),
        tooltip=["bot:N", alt.Tooltip("points:Q", bin=alt.Bin(step=step)), alt.Tooltip("count():Q", title="games")],
    ).properties(width=500, height=80).facet(
        row=alt.Row("bot:N", sort=order, title=None, header=alt.Header(labelAngle=0, labelAlign="left")))
    return finish(chart, "Points per game, by how often a bot spots the truth", 680)


@builder(example=_by_spot_example)
def points_by_spot_chart(sweep: pd.DataFrame, theory: pd.DataFrame | None = None) -> alt.LayerChart:
    """Seat 0's mean points per question against its spot, split into points as an author
    and as a voter; ``theory`` (a frame with columns ``spot_0``, ``points``, or ``None``) draws
    the derived line. ``sweep`` is :func:`~bluffkit.analysis.bluffer_data.spot_sweep`'s."""
    what = "points_by_spot_chart"
    check_frame(sweep, ("seat", "spot_0", *AS), what, numbers=("seat", "spot_0", *AS), empty="nothing to chart")
    if theory is not None:             # (altair would read a text as the address of data)
        check_frame(theory, ("spot_0", "points"), f"{what}: theory", "the model's points (columns spot_0 and points) "
                    "or None", numbers=("spot_0", "points"))
    seat0 = sweep[sweep.seat == 0]
    if len(seat0) == 0:
        raise ValueError(f"{what}: the frame has no rows of seat 0 (seats: "
                         f"{', '.join(map(str, sorted(set(sweep.seat))))}): nothing to chart")
    m = seat0.groupby("spot_0")[list(AS)].mean().reset_index()
    long = m.melt("spot_0", var_name="as", value_name="mean points per question")
    long["as"] = long["as"].map(AS)
    x = alt.X("spot_0:O", title="seat 0's chance of spotting the truth", axis=alt.Axis(format=".0%", labelAngle=0))
    bars = alt.Chart(long).mark_bar().encode(
        x=x, y=alt.Y("mean points per question:Q", stack="zero", title="mean points per question"),
        color=alt.Color("as:N", title="points won", sort=list(AS.values())),
        tooltip=[alt.Tooltip("spot_0:O", format=".0%"), "as:N",
                 alt.Tooltip("mean points per question:Q", format=".3f")])
    chart = bars
    sub = None
    if theory is not None:
        line = alt.Chart(theory).mark_line(point=alt.OverlayMarkDef(color="black", size=50), color="black").encode(
            x=x, y=alt.Y("points:Q", title="mean points per question"))
        chart = bars + line
        sub = "black line: the points the model expects"
    return finish(chart.properties(width=520, height=260), "Spotting the truth pays 1; fooling others pays 2 a vote",
                  520, legend="bottom", subtitle=sub)
