"""The words the You're Bluffing! / Horse Trading charts show: tooltips, titles and the
scoring explorer's families (bluffkit.analysis.charts, gamedata, widgets.charts)."""

from __future__ import annotations

import re

import pytest
import vl_convert as vlc

from bluffkit.analysis import charts, gamedata as gd, scoring_theory as theory
from bluffkit.analysis.chart_style import title_of
from bluffkit.core import scenario as sc
from bluffkit.games.youre_bluffing.rules import preset

YB, HT = preset("youre_bluffing"), preset("horse_trading")
CHANNELS = ("x", "y", "color", "shape", "strokeDash")         # the channels with an axis or a legend


def scenario(name):
    res = sc.run(sc.find(name))
    assert res.ok, f"scenario {name} no longer reproduces its rulebook numbers"
    return res.scenario.game, res.states, res.scenario.moves, res.scenario.seats


def parts(spec):
    """Every single view of a chart spec: the spec itself or its layers."""
    return spec.get("layer", [spec])


def rows(spec, part):
    """The data rows a view of a chart spec carries."""
    return spec["datasets"][part.get("data", spec.get("data"))["name"]]


def tooltip_titles(spec) -> dict:
    """``{field: title}`` of every tooltip of a chart spec (title None where it has none)."""
    return {t["field"]: t.get("title") for p in parts(spec) for t in p.get("encoding", {}).get("tooltip", [])}


def game_chart_specs():
    """The charts GameCharts draws (both games: auctions, a buy-back, trades), and the
    scoring explorer's two charts."""
    out = {}
    for name in ("yb-preemption", "yb-trade-tie", "ht-trade-anna-40-richer"):
        for key, (_, chart, _) in gd.game_charts(*scenario(name)).items():
            out[f"{name} {key}"] = chart.to_dict()
    out["scoring"] = charts.scoring_chart(theory.score_table(HT)).to_dict()
    out["marginal"] = charts.marginal_chart(theory.marginal_frame(YB, [7, 3])).to_dict()
    return out


# -- 1. tooltips in words --------------------------------------------------------------
def test_every_tooltip_is_titled_in_the_words_of_its_chart():
    """The tooltips read "bought_back: true", "counter: 50", "k: 3", "score_before: 1620":
    the frames' column names. Each now has a title, in the words the chart's axes and
    legends use for the same column."""
    specs = game_chart_specs()
    for name, spec in specs.items():
        titles = tooltip_titles(spec)
        assert titles, f"{name}: the chart has tooltips"
        for field, title in titles.items():
            assert title, f"{name}: the tooltip of {field!r} shows the column's name"
            assert "_" not in title, f"{name}: the tooltip of {field!r} reads {title!r}"
        for p in parts(spec):
            for channel in CHANNELS:
                enc = p.get("encoding", {}).get(channel, {})
                field, said = enc.get("field"), enc.get("title")
                if field in titles and said:
                    tip = titles[field]
                    assert said.startswith(tip) or tip.startswith(said), \
                        f"{name}: {field!r} is {said!r} on the {channel} but {tip!r} in the tooltip"
    want = {"yb-preemption auctions": {"kept by the auctioneer", "auctioneer", "price (winning bid)"},
            "ht-trade-anna-40-richer trades": {"counter-offer", "offer", "cards at stake", "moves played"},
            "scoring": {"complete families", "families taken"},
            "marginal": {"score before", "score after", "family completed next", "total gain"}}
    for name, words in want.items():
        assert words <= set(tooltip_titles(specs[name]).values()), (name, tooltip_titles(specs[name]))


def test_bought_back_reads_yes_or_no_and_the_frame_keeps_its_columns():
    """A buy-back read "true"/"false" in the tooltip, while its legend said yes/no."""
    frame = gd.auctions_frame(*scenario("yb-preemption"))
    assert list(frame.columns) == gd.AUCTION_COLUMNS and frame["bought_back"].dtype == bool, \
        "researchers' frame unchanged"
    spec = charts.auction_chart(frame).to_dict()
    points = spec["layer"][1]
    (field,) = [t["field"] for t in points["encoding"]["tooltip"] if t.get("title") == "kept by the auctioneer"]
    shown = [r[field] for r in rows(spec, points)]
    assert shown == ["yes" if b else "no" for b in frame["bought_back"]], shown
    assert "yes" in shown, "the scenario has a buy-back"


# -- 2. the trade chart's title in the game's word --------------------------------------
def test_game_charts_name_the_trade_as_the_game_does():
    """Horse Trading's trades were titled "Cattle trades", a You're Bluffing! word (YB "The
    Cattle Trade"); its rulebook's section is "Trade"."""
    ht = title_of(gd.game_charts(*scenario("ht-trade-anna-40-richer"))["trades"][1].to_dict())
    assert ht == "Trades: offer against counter-offer" and "attle" not in ht, ht
    yb = title_of(gd.game_charts(*scenario("yb-trade-tie"))["trades"][1].to_dict())
    assert yb == "Cattle trades: offer against counter-offer", yb
    direct = title_of(charts.trade_chart(gd.trades_frame(*scenario("ht-trade-anna-40-richer"))).to_dict())
    assert direct == "Cattle trades: offer against counter-offer", "a direct caller keeps the default"


# -- 3. Horse Trading's ranks with their animal and value --------------------------------
@pytest.mark.slow
def test_the_scoring_explorer_shows_each_rank_with_its_animal_and_value():
    """Horse Trading's families were listed as "A, 2 ... 10" only: nothing said what a rank
    is worth. The list reads "A (rooster, 10)"; the held value is still the label, and
    the marginal chart names the animal under each rank, in its tooltip and in the summary."""
    from bluffkit.widgets import ScoringExplorer
    e = ScoringExplorer("horse-trading", held=("9", "rooster"))
    shown = [lab for lab, _ in e.held.options]
    assert shown[0] == "A (rooster, 10)" and shown[7] == "8 (pig, 650)" and shown[9] == "10 (horse, 1000)", shown
    assert [v for _, v in e.held.options] == list(HT.labels) and e.held.value == ("9", "A")
    assert e.held.label == ("9 (cow, 800)", "A (rooster, 10)")
    assert "Completing <b>10 (horse)</b> adds the most" in e.summary.value, e.summary.value
    spec = e.marginal.chart.to_dict()
    tip = [t["field"] for t in spec["encoding"]["tooltip"] if t["title"] == "family completed next"]
    not_held = {f"{HT.labels[f]} ({HT.families[f]})" for f in range(10) if f not in (0, 8)}     # "2 (goose)"
    assert {r[tip[0]] for r in rows(spec, spec)} == not_held
    assert spec["encoding"]["x"]["field"] == "animal" and e.frame["animal"].tolist()[0] == "2", "frame: the labels"
    drawn = vlc.vegalite_to_svg(spec)                     # what the student sees under the bars
    for lab, animal in (("2", "goose"), ("10", "horse")):
        assert re.search(f"<tspan[^>]*>{lab}</tspan><tspan[^>]*>{animal}</tspan>", drawn), \
            f"the axis label shows {lab} over {animal}"
    e.game_choice.value = "youre-bluffing"
    assert e.held.options[0] == "rooster", "You're Bluffing!'s labels are the animals: listed as they are"
    with pytest.raises(ValueError, match="no animal given for '2'"):
        charts.marginal_chart(theory.marginal_frame(HT, []), animals={"A": "rooster"})


@pytest.mark.slow      # (a chart drawn to SVG: with the slow tests)
def test_the_money_chart_tells_the_players_apart_by_dash_as_well_as_colour():
    """Five players' money lines were told apart by colour alone, and Okabe-Ito's colours
    are of nearly one lightness: on a washed-out projector they merge. Each player's line
    has a dash of its own too, under one legend."""
    import vl_convert as vlc

    from bluffkit.core.game import make_game
    from bluffkit.session import Session
    game = make_game("youre-bluffing")
    s = Session(game, ["random"] * 5, seed=3).run()
    frame = gd.money_frame(game, s.states, s.moves, s.names)
    spec = charts.money_chart(frame).to_dict()
    enc = [p for p in parts(spec) if "encoding" in p][0]["encoding"]
    assert enc["strokeDash"]["field"] == enc["color"]["field"] == "player"
    svg = vlc.vegalite_to_svg(spec)
    assert svg.count(">player<") == 1, "one legend, each player's colour and dash together"
    assert len(set(re.findall(r'stroke-dasharray="([^"]+)"', svg))) >= 4, "the lines are dashed apart"
