"""Game frames, charts, the scoring theory and offline rendering (bluffkit.analysis, charts_offline)."""

from __future__ import annotations

import itertools
import json
import shutil
import subprocess
import sys

import altair as alt
import pandas as pd
import pytest
from hypothesis import given, settings, strategies as st
from profiles import examples

from bluffkit import charts_offline
from bluffkit.analysis import charts, gamedata as gd, scoring_theory as theory
from bluffkit.analysis.chart_style import title_of
from bluffkit.core import log, scenario as sc
from bluffkit.core.game import make_game
from bluffkit.games.youre_bluffing.actions import Pay, Trade
from bluffkit.games.youre_bluffing.rules import preset
from bluffkit.session import Session

YB, HT = preset("youre_bluffing"), preset("horse_trading")
NAMES = ["Ana", "Bo", "Cy"]


@pytest.fixture(scope="module", params=["horse-trading", "youre-bluffing"])
def played(request):
    s = Session(make_game(request.param), ["heuristic", "random", "random"], names=NAMES, seed=1).run()
    return s.game, s.states, s.moves, s.names


def scenario(name):
    res = sc.run(sc.find(name))
    assert res.ok, f"scenario {name} no longer reproduces its rulebook numbers"
    return res.scenario.game, res.states, res.scenario.moves, res.scenario.seats


def rows(spec, layer=None):
    """The data rows a chart spec carries (of one layer, for a layered chart)."""
    part = spec if layer is None else spec["layer"][layer]
    name = part.get("data", spec.get("data"))["name"]
    return spec["datasets"][name]


# -- frames -------------------------------------------------------------------------
def test_money_frame_has_every_step_and_player(played):
    game, states, moves, names = played
    df = gd.money_frame(*played)
    assert list(df.columns) == ["step", "player", "money"]
    assert len(df) == len(states) * len(names), "one row per state and player"
    assert df[df.step == 0].money.tolist() == [90, 90, 90], "everyone starts with 90"
    last = df[df.step == len(moves)].money.tolist()
    assert last == list(game.money_totals(states[-1])), "the last step is the final money"


def test_money_does_not_dip_while_an_offer_lies_face_down(played):
    """The money chart counted only the notes in hand, so a player's line dipped by their
    offer at every trade and rose again at the answer: an offer is the challenger's money
    until the trade settles. Money changes only at a payment, a settled trade or a payday."""
    game, states, moves, names = played
    money = gd.money_frame(*played).set_index(["step", "player"]).money
    offers = 0
    for k, (seat, _action) in enumerate(moves, start=1):
        if states[k].trade is not None and states[k - 1].trade is None:      # an offer laid face down
            offers += 1
            assert money[k, names[seat]] == money[k - 1, names[seat]], f"step {k}: the challenger's money dipped"
    assert offers > 3, "the game has trades to look at"


def test_auctions_cover_every_animal_and_the_buyer_pays(played):
    game, states, moves, names = played
    df = gd.auctions_frame(*played)
    money = gd.money_frame(*played).set_index(["step", "player"]).money
    assert df.animals.str.split("+").str.len().sum() == game.rules.animals, \
        "every animal of the game is auctioned exactly once"
    assert (df.price > 0).sum() == sum(isinstance(a, Pay) for _, a in moves), "one paid auction per Pay"
    for r in df.itertuples():
        assert r.paid >= r.price, f"step {r.step}: paid {r.paid} < price {r.price}"
        assert r.value == game.rules.family_values[game.rules.labels.index(r.animals)] / 4
        if r.bought_back or r.price == 0:
            assert r.buyer == r.leader, f"step {r.step}: a buy-back or free take goes to the leader"
        assert money[r.step - 1, r.buyer] - money[r.step, r.buyer] == r.paid, \
            f"step {r.step}: the buyer's money did not drop by the notes paid"


def test_trades_each_trade_once_and_the_winner_gains(played):
    game, states, moves, names = played
    df = gd.trades_frame(*played)
    assert len(df) == sum(isinstance(a, Trade) for _, a in moves), "every trade finishes once"
    for r in df.itertuples():
        f = game.rules.labels.index(r.animal)
        w = names.index(r.winner)
        assert states[r.step].herds[w][f] > states[r.step - 1].herds[w][f], f"step {r.step}: winner gains"
        if pd.isna(r.counter):
            assert r.winner == r.challenger, "an accepted offer gives the animal to the challenger"
        elif game.rules.trade_tie == "challenger":
            assert (r.winner == r.challenger) == (r.offer >= r.counter), "HT: higher offer wins, tie: challenger"


def test_frames_read_the_same_from_a_log(played, tmp_path):
    game, states, moves, names = played
    path = log.write(tmp_path / "game.jsonl", game, [{"name": n} for n in names], 1, moves)
    lg, states2 = log.read(path)
    for frame in (gd.money_frame, gd.auctions_frame, gd.trades_frame):
        assert frame(game, states, moves, names).equals(frame(lg.game, states2, lg.moves, lg.names)), frame


def test_ht_auction_example_ben_pays_100():
    """HT "Auction" example: sold to Ben for 60, he pays 50 + 50 = 100, no change."""
    df = gd.auctions_frame(*scenario("ht-auction-ben-pays-100"))
    assert df.to_dict("records") == [dict(step=9, leader="Carla", buyer="Ben", animals="9", value=200.0,
                                          price=60, bought_back=False, paid=100)]


def test_ht_trade_example_anna_40_richer():
    """HT "Trade" example: Anna offers 10, Ben counters 50 and takes the 6."""
    df = gd.trades_frame(*scenario("ht-trade-anna-40-richer"))
    assert df.to_dict("records") == [dict(step=2, challenger="Anna", target="Ben", animal="6", cards=1,
                                          offer=10, counter=50, ties=0, winner="Ben")]


def test_yb_double_tie_and_accepted_and_free_take():
    tie = gd.trades_frame(*scenario("yb-trade-tie")).iloc[0]
    assert (tie.offer, tie.counter, tie.ties, tie.winner) == (10, 10, 1, "Anna"), "YB: second tie, challenger free"
    acc = gd.trades_frame(*scenario("ht-final-scores")).iloc[0]
    assert pd.isna(acc.counter) and acc.winner == "Carla" and acc.offer == 50
    free = gd.auctions_frame(*scenario("ht-no-bid-once-more")).to_dict("records")
    assert free == [dict(step=6, leader="Anna", buyer="Anna", animals="2", value=10.0, price=0,
                         bought_back=False, paid=0)], "HT: no bid after two calls, the leader takes it free"


@pytest.mark.slow
@pytest.mark.parametrize("name", [p.stem for p in sc.scenario_paths()
                                  if json.loads(p.read_text(encoding="utf-8"))["game"] in ("youre-bluffing", "horse-trading")])
def test_frames_and_charts_build_for_every_scenario(name):   # the You're Bluffing! / Horse Trading ones
    data = scenario(name)
    for frame, chart in ((gd.money_frame, charts.money_chart), (gd.auctions_frame, charts.auction_chart),
                         (gd.trades_frame, charts.trade_chart)):
        json.dumps(chart(frame(*data)).to_dict())          # empty frames too


def test_states_and_moves_must_match():
    game, states, moves, names = scenario("ht-trade-anna-40-richer")
    with pytest.raises(ValueError, match="states"):
        gd.money_frame(game, states[:-1], moves, names)
    with pytest.raises(ValueError, match="name per seat"):
        gd.trades_frame(game, states, moves, names[:2])


# -- charts -------------------------------------------------------------------------
def test_money_chart_keeps_every_change(played):
    df = gd.money_frame(*played)
    spec = charts.money_chart(df).to_dict()
    assert spec["mark"] == {"type": "line", "interpolate": "step-after", "point": False, "strokeWidth": 2}
    enc = spec["encoding"]
    assert (enc["x"]["field"], enc["y"]["field"], enc["color"]["field"]) == ("step", "money", "player")
    assert enc["color"]["scale"]["domain"] == enc["strokeDash"]["scale"]["domain"] == NAMES, "colours follow the seats"
    kept = rows(spec)
    assert len(kept) < len(df), "unchanged steps are left out"
    for player, g in df.groupby("player"):
        pts = sorted((r["step"], r["money"]) for r in kept if r["player"] == player)
        for step, money in zip(g.step, g.money):
            shown = [m for s, m in pts if s <= step][-1]
            assert shown == money, f"{player} at step {step}: the stepped line shows {shown}, not {money}"


def test_auction_chart_points_and_tooltip():
    spec = charts.auction_chart(gd.auctions_frame(*scenario("ht-auction-ben-pays-100"))).to_dict()
    line, points, ring = spec["layer"]
    assert line["mark"]["type"] == "line" and points["mark"]["type"] == "point"
    # the buyer by colour and by shape (a washed-out projector, a reader who mixes colours up)
    assert points["encoding"]["color"]["field"] == points["encoding"]["shape"]["field"] == "buyer"
    assert rows(spec, 2) == [], "no lot was kept by the auctioneer: no ring"
    assert spec["layer"][2]["encoding"]["opacity"]["legend"] is None, "nor a legend line for rings"
    assert (points["encoding"]["x"]["field"], points["encoding"]["y"]["field"]) == ("value", "price")
    assert {"price", "paid", "buyer", "animals"} <= {t["field"] for t in points["encoding"]["tooltip"]}
    (row,) = rows(spec, 1)
    assert (row["buyer"], row["price"], row["paid"], row["value"]) == ("Ben", 60, 100, 200.0)
    assert rows(spec, 0) == [{"value": 0.0, "price": 0.0}, {"value": 200.0, "price": 200.0}], "price = value"


def test_a_lot_the_auctioneer_kept_is_ringed():
    """A buy-back by the leader (YB "The Leader's Right of Preemption") was told by the
    point's shape, which now says the buyer; a ring around the point says it, with its own
    line in the legend."""
    frame = gd.auctions_frame(*scenario("yb-preemption"))
    spec = charts.auction_chart(frame).to_dict()
    ring = spec["layer"][2]
    assert ring["mark"]["filled"] is False and ring["mark"]["strokeWidth"] >= 2 and ring["mark"]["size"] > 90
    assert ring["encoding"]["opacity"]["field"] == "kept" and ring["encoding"]["opacity"]["scale"]["range"] == [1]
    assert ring["encoding"]["opacity"]["legend"] is not None, "its line in the legend"
    kept = rows(spec, 2)
    assert kept and [r["step"] for r in kept] == frame.loc[frame["bought_back"], "step"].tolist()
    assert all(r["buyer"] == r["leader"] for r in kept), "a kept lot is the auctioneer's own buy"


def test_up_to_56_buyers_each_have_their_own_colour_and_shape():
    """Colour and shape both said the buyer, each from eight, in step: with nine buyers or
    more (a You're Bluffing! of 10 players, a long auction series) two buyers were drawn
    alike. Seven shapes against eight colours differ as pairs up to 56 buyers."""
    from bluffkit.analysis.chart_style import OKABE_ITO
    names = [f"P{i}" for i in range(12)]
    frame = pd.DataFrame({"step": range(12), "animals": "cow", "leader": "P0", "buyer": names, "bought_back": False,
                          "value": 100.0, "price": 50, "paid": 50})
    spec = charts.auction_chart(frame).to_dict()
    shapes = spec["layer"][1]["encoding"]["shape"]["scale"]["range"]
    colours = spec["config"]["range"]["category"]
    assert colours == OKABE_ITO and len(shapes) == len(set(shapes))
    pairs = {(colours[i % len(colours)], shapes[i % len(shapes)]) for i in range(56)}
    assert len(pairs) == 56


def test_trade_chart_offer_against_counter():
    spec = charts.trade_chart(gd.trades_frame(*scenario("ht-trade-anna-40-richer"))).to_dict()
    points = spec["layer"][1]
    assert (points["encoding"]["x"]["field"], points["encoding"]["y"]["field"]) == ("offer", "counter_shown")
    (row,) = rows(spec, 1)
    assert (row["offer"], row["counter"], row["won_by"], row["response"]) == (10, "50", "target", "countered")
    spec = charts.trade_chart(gd.trades_frame(*scenario("ht-final-scores"))).to_dict()
    (row,) = rows(spec, 1)
    assert (row["counter"], row["counter_shown"], row["response"]) == ("accepted", 0.0, "accepted")


def test_scoring_and_marginal_charts():
    spec = charts.scoring_chart(theory.score_table(YB)).to_dict()
    assert [layer["mark"]["type"] for layer in spec["layer"]] == ["line", "point"]
    data = rows(spec)
    assert len(data) == 2 * 11 * 2, "two orders, k = 0..10, score and plain sum"
    dearest3 = [r["points"] for r in data if r["order"] == "dearest" and r["k"] == 3]
    assert sorted(dearest3) == [2450, 7350], "(1000 + 800 + 650) x 3"
    spec = charts.marginal_chart(theory.marginal_frame(YB, [7, 3])).to_dict()
    assert spec["mark"]["type"] == "bar" and spec["encoding"]["y"]["stack"] == "zero"
    assert "pig+dog" in title_of(spec)
    by_animal = {}
    for r in rows(spec):
        by_animal[r["animal"]] = by_animal.get(r["animal"], 0) + r["points"]
    assert by_animal["rooster"] == 840 and len(by_animal) == 8, "the stacked parts add up to the gain"


def test_marginal_chart_stacks_the_new_family_at_the_foot_of_each_bar():
    """The part from the new family itself is drawn first, at the foot of each bar, and
    the families held once more on top of it, as the colour legend lists them."""
    spec = charts.marginal_chart(theory.marginal_frame(YB, [7, 3])).to_dict()
    assert spec["encoding"]["order"]["field"] == "part_order"
    assert spec["encoding"]["color"]["sort"] == ["the new family x (n + 1)", "families held, once more"]
    (calc,) = [t for t in spec["transform"] if t.get("as") == "part_order"]
    assert calc["calculate"] == "datum.part == 'the new family x (n + 1)' ? 0 : 1"


def test_marginal_chart_title_says_what_the_held_sum_is():
    """The title read "(held: pig+dog, worth 810)" beside a panel saying the score is 1620:
    810 is the sum of the face values, the score is it times 2 families."""
    title = title_of(charts.marginal_chart(theory.marginal_frame(YB, [7, 3])).to_dict())
    assert "held: pig+dog, face values 810, score 1620" in title and "worth" not in title, title


@pytest.mark.parametrize("chart, frame, column", [
    (charts.scoring_chart, lambda: theory.score_table(YB), "score"),
    (charts.marginal_chart, lambda: theory.marginal_frame(YB, [7, 3]), "from_new"),
])
@pytest.mark.parametrize("bad", [float("nan"), float("inf"), "810"])
def test_scoring_charts_refuse_a_value_that_would_vanish(chart, frame, column, bad):
    """As the module says of every chart: nan or inf (altair writes null, the point or bar
    vanishes) or text where a number is drawn is refused in words naming the column."""
    df = frame().astype({column: object})
    df.loc[1, column] = bad
    with pytest.raises(ValueError, match=f"{chart.__name__}: .*column '{column}'"):
        chart(df)


# -- scoring theory -------------------------------------------------------------------
def test_rulebook_scores():
    assert theory.score_of(YB, [7, 3, 0]) == 2460, "YB: 4 pigs, 4 dogs, 4 roosters"
    ht = {"Anna": [8, 4], "Ben": [9, 6, 2, 0], "Carla": [7, 5, 3, 1]}
    want = {"Anna": 2100, "Ben": 6400, "Carla": 4800}
    assert {k: theory.score_of(HT, v) for k, v in ht.items()} == want, "HT 'End of the game' example"
    game, states, _, names = scenario("ht-final-scores")
    assert dict(zip(names, game.scores(states[-1]))) == want, "the engine agrees"


def test_score_table():
    t = theory.score_table(YB)
    assert (t.score == t.value_sum * t.k).all(), "score = sum x number of families"
    cheap = t[t.order == "cheapest"].set_index("k")
    assert cheap.loc[0, "score"] == 0 and cheap.loc[2, "families"] == "rooster+goose"
    assert cheap.loc[2, "score"] == (10 + 40) * 2
    assert t.groupby("order").score.apply(lambda s: s.is_monotonic_increasing).all()
    assert t[t.k == 10].score.tolist() == [38500, 38500]
    custom = theory.score_table(HT, {"odd": [0, 2, 4]})
    assert custom.families.tolist() == ["", "A", "A+3", "A+3+5"]
    with pytest.raises(ValueError, match="only once"):
        theory.score_table(YB, {"bad": [1, 1]})


@settings(max_examples=examples(25), deadline=None)
@given(held=st.sets(st.integers(0, 9), max_size=9), data=st.data())
def test_marginal_value_is_v_times_n_plus_1_plus_s(held, data):
    candidate = data.draw(st.sampled_from([f for f in range(10) if f not in held]))
    s, n, v = sum(YB.family_values[f] for f in held), len(held), YB.family_values[candidate]
    got = theory.marginal_value(YB, sorted(held), candidate)
    assert got == (s + v) * (n + 1) - s * n == v * (n + 1) + s


def test_marginals_add_up_along_any_order():
    for order in itertools.islice(itertools.permutations([9, 0, 4, 6]), 10):
        gains = [theory.marginal_value(YB, order[:i], f) for i, f in enumerate(order)]
        assert sum(gains) == theory.score_of(YB, order)


def test_marginal_frame_and_errors():
    df = theory.marginal_frame(YB, [7, 3])
    assert len(df) == 8 and 7 not in df.family.tolist()
    assert (df.from_new + df.from_held == df.marginal).all()
    assert (df.score_after - df.score_before == df.marginal).all()
    assert df.score_before.unique().tolist() == [1620]
    assert len(theory.marginal_frame(YB)) == 10
    with pytest.raises(ValueError, match="already held"):
        theory.marginal_value(YB, [3], 3)
    with pytest.raises(ValueError, match="family index"):
        theory.marginal_value(YB, [], 10)


# -- offline rendering ------------------------------------------------------------------
def small_chart():
    return charts.marginal_chart(theory.marginal_frame(HT, [9]))


@pytest.mark.slow
def test_enable_draws_svg_in_the_kernel():
    with charts_offline.enable():
        assert alt.renderers.active == "svg"
        bundle = small_chart()._repr_mimebundle_()
        assert list(bundle) == ["image/svg+xml"] and bundle["image/svg+xml"].startswith("<svg")
        assert small_chart()._repr_mimebundle_() == bundle, "the same chart draws byte-identically"
    with charts_offline.enable("interactive"):
        assert (alt.renderers.active, alt.renderers.options) == ("jupyter", {"offline": True})
    with pytest.raises(ValueError, match="mode"):
        charts_offline.enable("cdn")


@pytest.mark.slow
def test_save_formats(tmp_path):
    c = small_chart()
    assert charts_offline.save(c, tmp_path / "c.svg").read_text().startswith("<svg")
    assert charts_offline.save(c, tmp_path / "c.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    html = charts_offline.save(c, tmp_path / "c.html").read_text()
    assert "cdn.jsdelivr" not in html and "<script src" not in html, "html must carry vega inline"
    assert len(html) > 300_000, "the inlined vega bundle is in the file"
    with pytest.raises(ValueError, match="svg"):
        charts_offline.save(c, tmp_path / "c.jpg")
    # the suffix in any case: "c.SVG" passed the check and failed in altair ("Unsupported format: 'SVG'")
    assert charts_offline.save(c, tmp_path / "up.SVG").read_text().startswith("<svg")
    assert charts_offline.save(c, tmp_path / "up.PNG").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "<script src" not in charts_offline.save(c, tmp_path / "up.Html").read_text()


NO_NET_SCRIPT = """
import socket, altair as alt
from bluffkit import charts_offline
from bluffkit.analysis import charts, scoring_theory
from bluffkit.games.youre_bluffing.rules import preset
try:
    socket.create_connection(("cdn.jsdelivr.net", 443), timeout=2)
    raise SystemExit("the network is reachable: this test proves nothing")
except OSError:
    pass
charts_offline.enable()
svg = charts.scoring_chart(scoring_theory.score_table(preset("horse_trading")))._repr_mimebundle_()
print(svg["image/svg+xml"][:4])
"""


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("unshare") is None, reason="needs unshare to cut the network")
def test_svg_renderer_needs_no_network():
    probe = subprocess.run(["unshare", "-n", "true"], capture_output=True)
    if probe.returncode != 0:
        pytest.skip("cannot make a network namespace here (needs root or user namespaces)")
    out = subprocess.run(["unshare", "-n", sys.executable, "-c", NO_NET_SCRIPT],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stdout.strip() == "<svg", out.stderr[-2000:]


def test_the_win_rate_chart_writes_each_rate_so_a_bot_that_never_won_shows_zero():
    """A rate of 0 drew no bar at all, which read as missing data on a projector."""
    from bluffkit.analysis.bloff_charts import win_rate_chart
    rates = pd.DataFrame({"by": ["agent"] * 2, "who": ["caller", "random"], "games": [40, 40], "wins": [25, 0],
                          "rate": [0.625, 0.0], "se": [0.077, 0.0]})
    spec = win_rate_chart(rates).to_dict()
    text = [layer for layer in spec["layer"] if layer["mark"]["type"] == "text"]
    assert len(text) == 1 and text[0]["encoding"]["text"] == {"field": "rate", "format": ".2f", "type": "quantitative"}
