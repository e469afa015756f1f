"""Altair charts of one game and of the scoring rule: pure functions ``frame -> chart``.

Each function takes a tidy frame from :mod:`bluffkit.analysis.gamedata` or
:mod:`bluffkit.analysis.scoring_theory` and returns an :class:`altair.Chart` (or a
layer of charts) that fits a notebook projected at 1280x720
(:mod:`bluffkit.analysis.chart_style`). Nothing is displayed or written, and no altair
setting is changed: choose a renderer with :func:`bluffkit.charts_offline.enable` and write
files with :func:`bluffkit.charts_offline.save`. Test a chart with
``chart.to_dict()``.

A frame with no rows draws an empty chart (a game may end with no auction or no trade).
A frame that lacks a column the chart draws, or holds text, True/False, nan or inf where it
draws numbers, is refused with a ``ValueError`` naming the chart, the column and the first
such value: altair writes nan and inf as null, and the point would vanish without a word.

>>> import pandas as pd
>>> df = pd.DataFrame({"step": [0, 0, 1, 1], "player": ["Ana", "Bo"] * 2, "money": [90, 90, 90, 150]})
>>> spec = money_chart(df).to_dict()
>>> spec["mark"]["type"], spec["encoding"]["x"]["field"], spec["encoding"]["color"]["field"]
('line', 'step', 'player')
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping

import altair as alt
import pandas as pd

from bluffkit.analysis.chart_style import builder, finish
from bluffkit.core.errors import check_frame

WIDTH, HEIGHT = 600, 280
_WON_BY = ["challenger", "target"]
_RESPONSES = ["countered", "accepted"]


#: The auction chart's shapes of buyers: seven, against the palette's eight colours, so
#: that colour and shape together tell up to 56 buyers apart.
BUYER_SHAPES = ["circle", "square", "triangle-up", "diamond", "cross", "triangle-down", "triangle-right"]


def _players(*columns: pd.Series) -> list[str]:
    """Player names in order of first appearance, so colours follow the seats."""
    seen: dict[str, None] = {}
    for col in columns:
        for name in col:
            seen.setdefault(str(name), None)
    return list(seen)


@functools.lru_cache(maxsize=1)
def _played(game: str) -> tuple:
    """A short game between bots (the game charts' example input)."""
    from bluffkit.core.game import make_game
    from bluffkit.session import Session
    s = Session(make_game(game), ["heuristic", "random", "random"], names=["Ana", "Bo", "Cy"], seed=1).run()
    return s.game, s.states, s.moves, s.names


def _game_example(frame: str) -> list:
    from bluffkit.analysis import gamedata
    return [((getattr(gamedata, frame)(*_played("horse-trading")),), {})]     # (GameCharts draws both games)


def _scoring_example() -> list:
    from bluffkit.analysis.scoring_theory import score_table
    from bluffkit.games.youre_bluffing.rules import preset
    return [((score_table(preset("youre_bluffing")),), {})]


def _marginal_example() -> list:
    from bluffkit.analysis.scoring_theory import marginal_frame
    from bluffkit.games.youre_bluffing.rules import preset
    return [((marginal_frame(preset("youre_bluffing"), [6, 7]),), {})]


def _diagonal(top: float, x: str, y: str) -> alt.Chart:
    """A dashed ``y = x`` line from 0 to ``top``: where the two axes are equal."""
    line = pd.DataFrame({x: [0.0, float(top)], y: [0.0, float(top)]})
    return alt.Chart(line).mark_line(color="gray", strokeDash=[4, 4]).encode(x=f"{x}:Q", y=f"{y}:Q")


@builder(example=lambda: _game_example("money_frame"))
def money_chart(frame: pd.DataFrame, title: str = "Money during the game") -> alt.Chart:
    """Each player's money over the game, one stepped line per player.

    ``frame`` is :func:`~bluffkit.analysis.gamedata.money_frame`. Money changes
    only at some moves (payments, paydays, trades), so the chart keeps, per player,
    the first and last step and every step where the money changed, and draws the
    line as steps (``interpolate="step-after"``): the picture is the same as with
    every row, with far less data in the chart.
    """
    check_frame(frame, ("step", "player", "money"), "money_chart", numbers=("step", "money"))
    df = frame.sort_values(["player", "step"], kind="stable")
    changed = df.groupby("player", sort=False)["money"].diff().ne(0)
    last = df["step"].eq(df.groupby("player", sort=False)["step"].transform("max"))
    data = df[changed | last].sort_values(["step", "player"], kind="stable").reset_index(drop=True)
    order = _players(frame["player"])
    chart = alt.Chart(data).mark_line(interpolate="step-after", point=False, strokeWidth=2).encode(
        x=alt.X("step:Q", title="moves played"),
        y=alt.Y("money:Q", title="money"),
        color=alt.Color("player:N", scale=alt.Scale(domain=order), title="player"),
        # a dash per player too: on a washed-out projector four or five colours of one
        # lightness merge (one legend: the same field, title and domain; a sort would split it)
        strokeDash=alt.StrokeDash("player:N", scale=alt.Scale(domain=order), title="player"),
        tooltip=[alt.Tooltip("player:N", title="player"), alt.Tooltip("step:Q", title="moves played"),
                 alt.Tooltip("money:Q", title="money")],
    ).properties(width=WIDTH, height=HEIGHT)
    return finish(chart, title, WIDTH, legend="bottom")


@builder(example=lambda: _game_example("auctions_frame"))
def auction_chart(frame: pd.DataFrame, title: str = "Auction prices against card value") -> alt.LayerChart:
    """Price paid against the lot's value, one point per auction.

    ``frame`` is :func:`~bluffkit.analysis.gamedata.auctions_frame`; ``value`` is the
    lot's cards each counted at family value / family size (a lot of two cards, in the
    Quick game and the Double auction, adds its two cards). The dashed line is price = value: points
    above it paid more than the lot's cards' shares of their families (YB "The Auctions": "another
    player may just as easily pay far more than an animal's point value"); it runs over
    the values seen, so prices far above them do not squash the picture. The buyer is told
    by colour and by shape (one legend: on a washed-out projector, or to a reader who does
    not tell the colours apart, the shapes still do), and a lot the auctioneer kept (a
    buy-back by the leader) by a ring around its point; free takes sit at price 0.
    """
    check_frame(frame, ("step", "animals", "leader", "buyer", "bought_back"), "auction_chart",
                numbers=("step", "value", "price", "paid"))
    top = max([1.0, *frame["value"].tolist()])
    data = frame.copy()
    data["bought_back_shown"] = ["yes" if b else "no" for b in data["bought_back"]]   # (the tooltip's words)
    players = _players(frame["leader"], frame["buyer"])
    x = alt.X("value:Q", title="the lot's value, a card counted at family value / family size")
    y = alt.Y("price:Q", title="price (winning bid)")
    tooltip = [alt.Tooltip("step:Q", title="moves played"), alt.Tooltip("animals:N", title="animals"),
               alt.Tooltip("leader:N", title="auctioneer"), alt.Tooltip("buyer:N", title="buyer"),
               alt.Tooltip("value:Q", format=".1f", title="the lot's value"),
               alt.Tooltip("price:Q", title="price (winning bid)"),
               alt.Tooltip("paid:Q", title="paid (no change given)"),
               alt.Tooltip("bought_back_shown:N", title="kept by the auctioneer")]
    points = alt.Chart(data).mark_point(size=90, filled=True, opacity=0.85).encode(
        x=x, y=y,
        # colour and shape both say the buyer (one legend: the same field, title and domain)
        color=alt.Color("buyer:N", scale=alt.Scale(domain=players), title="buyer"),
        # seven shapes against the eight colours: the pairs differ for up to 56 buyers
        shape=alt.Shape("buyer:N", scale=alt.Scale(domain=players, range=BUYER_SHAPES), title="buyer"),
        tooltip=tooltip,
    )
    kept = data[data["bought_back"]].assign(kept="kept by the auctioneer")
    legend = (alt.Legend(title=None, symbolType="square", symbolFillColor="transparent", symbolStrokeColor="#1b1b1b",
                         symbolStrokeWidth=2, symbolSize=200) if len(kept) else None)   # (none kept: no legend line)
    ring = alt.Chart(kept).mark_point(shape="square", size=260, filled=False, strokeWidth=2, color="#1b1b1b").encode(
        x=x, y=y, tooltip=tooltip,
        opacity=alt.Opacity("kept:N", scale=alt.Scale(domain=["kept by the auctioneer"], range=[1]), legend=legend),
    )
    return finish(alt.layer(_diagonal(top, "value", "price"), points, ring).properties(width=WIDTH, height=HEIGHT),
                  title, WIDTH, legend="bottom", subtitle="dashed line: price = value")


@builder(example=lambda: _game_example("trades_frame"))
def trade_chart(frame: pd.DataFrame, title: str = "Cattle trades: offer against counter-offer") -> alt.LayerChart:
    """The challenger's offer against the counter-offer, one point per trade.

    ``frame`` is :func:`~bluffkit.analysis.gamedata.trades_frame`. Below the dashed
    line (counter < offer) the challenger takes the animal, above it the target
    does (YB "The Cattle Trade"; HT "Trade"); on the line is a tie. An accepted
    offer has no counter: it is drawn at 0 as a cross, as if the target had offered
    nothing, which is what accepting amounts to. Colour says who won the animal.
    ``counter`` is a number, or missing (nan, ``None``) where the offer was accepted.
    """
    check_frame(frame, ("step", "challenger", "target", "animal", "winner"), "trade_chart",
                numbers=("offer", "cards"), gaps=("counter",))
    data = frame.copy()
    accepted = data["counter"].isna()
    data["response"] = accepted.map({True: "accepted", False: "countered"})
    data["counter_shown"] = data["counter"].astype("Float64").fillna(0).astype("float64")
    # shown as text: "accepted" where there was no counter (a NaN would not survive JSON)
    data["counter"] = [("accepted" if acc else str(int(c))) for acc, c in zip(accepted, data["counter_shown"])]
    data["won_by"] = (data["winner"] == data["challenger"]).map({True: "challenger", False: "target"})
    top = max([1.0, *data["offer"].tolist(), *data["counter_shown"].tolist()])
    points = alt.Chart(data).mark_point(size=90, filled=True, opacity=0.8).encode(
        x=alt.X("offer:Q", title="offer (challenger)"),
        y=alt.Y("counter_shown:Q", title="counter-offer (target; accepted = 0)"),
        color=alt.Color("won_by:N", sort=_WON_BY, title="animal won by"),
        shape=alt.Shape("response:N", sort=_RESPONSES, title="response",
                        scale=alt.Scale(domain=_RESPONSES, range=["circle", "cross"])),
        tooltip=[alt.Tooltip("step:Q", title="moves played"), alt.Tooltip("challenger:N", title="challenger"),
                 alt.Tooltip("target:N", title="target"), alt.Tooltip("animal:N", title="animal"),
                 alt.Tooltip("cards:Q", title="cards at stake"), alt.Tooltip("offer:Q", title="offer"),
                 alt.Tooltip("counter:N", title="counter-offer"), alt.Tooltip("winner:N", title="animal won by")],
    )
    return finish(alt.layer(_diagonal(top, "offer", "counter_shown"), points).properties(width=WIDTH, height=HEIGHT),
                  title, WIDTH, legend="bottom",
                  subtitle="dashed line: counter = offer (a tie); below it the challenger takes the animal")


SCORE_MEASURES = {"score": "score (sum x families)", "value_sum": "sum of values (no multiplier)"}


@builder(example=_scoring_example)
def scoring_chart(frame: pd.DataFrame, title: str = "The family multiplier") -> alt.LayerChart:
    """Score against the number of complete families (YB "End of the Game").

    ``frame`` is :func:`~bluffkit.analysis.scoring_theory.score_table`. Solid lines
    are the score, dashed lines the plain sum of the family values: the gap between
    them is what the multiplier adds, and it grows with every family.
    """
    check_frame(frame, ("order", "k", "families"), "scoring_chart", numbers=("k", *SCORE_MEASURES))
    data = frame.melt(id_vars=["order", "k", "families"], value_vars=list(SCORE_MEASURES),
                      var_name="measure", value_name="points")
    data["measure"] = data["measure"].map(SCORE_MEASURES)
    measures = list(SCORE_MEASURES.values())
    base = alt.Chart(data).encode(
        x=alt.X("k:Q", title="complete families", axis=alt.Axis(tickMinStep=1)),
        y=alt.Y("points:Q", title="points"),
        color=alt.Color("order:N", title="families taken", sort=list(dict.fromkeys(frame["order"]))),
        tooltip=[alt.Tooltip("order:N", title="families taken"), alt.Tooltip("k:Q", title="complete families"),
                 alt.Tooltip("families:N", title="which families"), alt.Tooltip("measure:N", title="line"),
                 alt.Tooltip("points:Q", title="points")],
    )
    lines = base.mark_line().encode(
        strokeDash=alt.StrokeDash("measure:N", title="line", sort=measures,
                                  scale=alt.Scale(domain=measures, range=[[1, 0], [4, 4]]),
                                  legend=alt.Legend(symbolType="stroke", symbolStrokeColor="gray",
                                                    symbolStrokeWidth=2)))
    points = base.mark_point(filled=True, size=40).encode(detail="measure:N")
    return finish(alt.layer(lines, points).properties(width=WIDTH, height=HEIGHT), title, WIDTH, legend="bottom")


MARGINAL_PARTS = {"from_new": "the new family x (n + 1)", "from_held": "families held, once more"}


@builder(example=_marginal_example)
def marginal_chart(frame: pd.DataFrame, title: str | None = None,
                   animals: Mapping[str, str] | None = None) -> alt.Chart:
    """What completing each family would add, split in its two parts.

    ``frame`` is :func:`~bluffkit.analysis.scoring_theory.marginal_frame`. Each bar
    is ``v (n + 1) + S``: the new family's value under the raised multiplier, and
    the families already held counted once more. Families run from the cheapest.
    The default title names the families held, the sum of their face values S and the
    score now (S times their number), so S is not read as the score.

    ``animals``: where the frame's ``animal`` labels are not the animals' names (Horse
    Trading's ranks, which stand for the You're Bluffing! families in order, RULES.md
    section 1), the animal of each label, e.g. ``{"A": "rooster"}``: the axis then shows
    each rank over its animal and the tooltip names both ("A (rooster)").
    """
    check_frame(frame, ("family", "animal", "held_families"), "marginal_chart",
                numbers=("value", "marginal", "score_before", "score_after", "held_sum", *MARGINAL_PARTS))
    if title is None:
        if len(frame):
            held, s = frame["held_families"].iloc[0] or "none", int(frame["held_sum"].iloc[0])
            score = int(frame["score_before"].iloc[0])
            title = f"Points for completing one more family (held: {held}, face values {s}, score {score})"
        else:
            title = "Points for completing one more family"
    data = frame.melt(id_vars=["family", "animal", "value", "marginal", "score_before", "score_after"],
                      value_vars=list(MARGINAL_PARTS), var_name="part", value_name="points")
    data["part"] = data["part"].map(MARGINAL_PARTS)
    parts = list(MARGINAL_PARTS.values())
    order = frame.sort_values(["value", "family"])["animal"].tolist()
    axis = alt.Axis(labelAngle=0)
    shown = "animal"
    if animals is not None:
        missing = [lab for lab in order if lab not in animals]
        if missing:
            raise ValueError(f"marginal_chart: no animal given for {missing[0]!r} in animals; "
                             f"give one for each of {', '.join(order)}")
        # two lines under each bar: the rank, then its animal
        axis = alt.Axis(labelAngle=0, labelExpr=f"{json.dumps({lab: [lab, animals[lab]] for lab in order})}"
                                                "[datum.value]")
        data["animal_shown"] = [f"{lab} ({animals[lab]})" for lab in data["animal"]]
        shown = "animal_shown"
    chart = alt.Chart(data).mark_bar().encode(
        x=alt.X("animal:N", sort=order, title="family completed next", axis=axis),
        y=alt.Y("points:Q", stack="zero", title="points gained"),
        color=alt.Color("part:N", sort=parts, title="part"),
        order=alt.Order("part_order:Q"),
        tooltip=[alt.Tooltip(f"{shown}:N", title="family completed next"), alt.Tooltip("value:Q", title="family value"),
                 alt.Tooltip("part:N", title="part"), alt.Tooltip("points:Q", title="points gained (this part)"),
                 alt.Tooltip("marginal:Q", title="total gain"), alt.Tooltip("score_before:Q", title="score before"),
                 alt.Tooltip("score_after:Q", title="score after")],
    ).transform_calculate(part_order=f"datum.part == '{parts[0]}' ? 0 : 1").properties(
        width=WIDTH, height=HEIGHT)
    return finish(chart, title, WIDTH, legend="bottom")
