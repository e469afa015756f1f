"""Bløff's claims and charts say only what the data say: each argument of simulate_claims
checked up front, no share of lies caught for a bot that told none (not 0), and no
interval drawn as a point for a bot that won every game or none.

Checked on ``chart.to_dict()`` and on small seeded simulations (a few Bløff games)."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from bluffkit.analysis.bloff_charts import lie_chart, win_rate_chart
from bluffkit.analysis.bloff_data import lie_summary, simulate_claims
from bluffkit.core.errors import RulesError
from bluffkit.core.game import make_game

BOTS = ["honest", "random", "caller"]


@pytest.fixture(scope="module")
def bloff():
    return make_game("bloff")


def data_of(spec: dict) -> pd.DataFrame:
    return pd.DataFrame(spec["datasets"][spec["data"]["name"]])


# -- simulate_claims: every argument checked before a game is played --------------------------

@pytest.mark.parametrize("agents, games, said", [
    (BOTS, -1, "games must be an integer from 0 to 1,000,000,000,000, got -1"),
    (BOTS, "3", "games must be an integer .* got '3'"),
    (BOTS, 2.0, "games must be an integer .* got 2.0"),
    (BOTS, True, "games must be an integer .* got True"),
    ([], 2, "agents: a list of at least one bot.s name, got an empty list"),
    ("random", 2, r"agents: a list of bots' names, e\.g\. \['random'\], not a text .*got 'random'"),
    (["random", 3, "honest"], 2, "agents: a list of bots' names .text., got 3 among them"),
])
def test_simulate_claims_refuses_bad_arguments_in_words(bloff, agents, games, said):
    """games=-1 raised play.py's ValueError, "3" and 2.0 TypeError, agents=[] ZeroDivisionError,
    games=True played one game, agents="random" was read as the bots 'r', 'a', ..."""
    with pytest.raises(RulesError, match=said):
        simulate_claims(bloff, agents, games, 1)


def test_simulate_claims_of_no_games_is_a_frame_of_no_claims(bloff):
    """games=0 raised pandas' "No objects to concatenate"."""
    from bluffkit.analysis.bloff_data import CLAIM_COLUMNS
    empty = simulate_claims(bloff, BOTS, 0, 1)
    assert list(empty.columns) == list(CLAIM_COLUMNS) and len(empty) == 0
    assert empty["lie"].dtype == bool and empty["count"].dtype == "int64"
    played = simulate_claims(bloff, BOTS, np.int64(2), np.int64(2))
    assert list(played.columns) == list(CLAIM_COLUMNS) and set(played["game"]) == {0, 1}
    pd.testing.assert_frame_equal(played, simulate_claims(bloff, BOTS, 2, 2))


# -- lie_summary and lie_chart: no share of lies caught where no lie was told -----------------

def claims(rows) -> pd.DataFrame:
    return pd.DataFrame(rows, columns=["agent", "lie", "called", "caught"])


def test_a_bot_that_told_no_lies_has_no_share_of_lies_caught():
    """lies_caught was 0.0 for a bot with no lies (as if every lie had got away), drawn as a 0 % bar."""
    df = claims([("honest", False, True, False), ("honest", False, False, False),
                 ("random", True, True, True), ("random", True, False, False), ("random", False, True, False)])
    s = lie_summary(df).set_index("agent")
    assert math.isnan(s.loc["honest", "lies_caught"]), "undefined, not 0"
    assert s.loc["random", "lies_caught"] == 0.5 and s.loc["honest", "lies"] == 0 and s.loc["honest", "claims"] == 2
    spec = lie_chart(s.reset_index()).to_dict()
    bars = data_of(spec)
    assert not ((bars["agent"] == "honest") & (bars["share"] == "lies caught")).any(), "no bar at 0"
    assert len(bars) == 2 * 3 - 1
    assert "no bar of lies caught for honest: told no lies" in " ".join(spec["title"]["subtitle"])
    assert set(spec["encoding"]) >= {"x", "xOffset", "y", "color"}


def test_lie_chart_says_what_each_bar_is_a_share_of():
    """"Lies caught" is a share of a bot's lies, the other bars shares of its claims, and the
    chart did not say so: 0.44 of random's 63 lies read like 0.44 of its 64 claims."""
    df = claims([("random", True, True, True), ("random", True, False, False), ("random", False, True, False),
                 ("caller", True, True, True), ("caller", False, False, False), ("caller", False, False, False)])
    spec = lie_chart(lie_summary(df)).to_dict()
    subtitle = " ".join(spec["title"]["subtitle"])
    assert "shares of each bot's claims" in subtitle and "lies caught: a share of its lies" in subtitle, subtitle
    of = data_of(spec).set_index(["agent", "share"])["of"]
    assert of[("random", "claims that were lies")] == "3 claims" and of[("random", "claims called")] == "3 claims"
    assert of[("random", "lies caught")] == "2 lies" and of[("caller", "lies caught")] == "1 lie"
    assert {"field": "of", "type": "nominal", "title": "of"} in spec["encoding"]["tooltip"]


def test_lie_summary_of_no_claims_is_empty_with_its_columns(bloff):
    """lie_summary(df.iloc[0:0]) raised "Buffer has wrong number of dimensions"."""
    from bluffkit.analysis.bloff_data import SUMMARY_COLUMNS
    df = simulate_claims(bloff, BOTS, 1, 2)
    for empty in (df.iloc[0:0], simulate_claims(bloff, BOTS, 0, 2)):
        s = lie_summary(empty)
        assert list(s.columns) == SUMMARY_COLUMNS and len(s) == 0
    with pytest.raises(ValueError, match="lie_chart: the summary has no rows"):
        lie_chart(lie_summary(df.iloc[0:0]))
    with pytest.raises(ValueError, match="lie_summary: column 'lie' must hold True or False, got 'yes'"):
        lie_summary(df.assign(lie="yes"))


# -- win_rate_chart: never a bare bar at 0 or 1 -----------------------------------------------

def test_the_win_rate_chart_draws_an_interval_for_a_bot_that_never_won():
    """rate ± 2 se with se = 0 drew a whisker of no length: a rate of 0 looked known exactly."""
    from bluffkit.analysis.tournament import tournament, win_rates
    rates = win_rates(tournament(make_game("bloff"), ["honest", "random"], games=20, seed=1, players=3))
    spec = win_rate_chart(rates).to_dict()
    data = data_of(spec).set_index("who")
    z = 2.0
    assert data.loc["random", "rate"] == 0 and data.loc["random", "lo"] == 0
    assert data.loc["random", "hi"] == pytest.approx(z * z / (20 + z * z)), "Wilson's upper end at 0 of 20, z = 2"
    assert data.loc["honest", "lo"] < data.loc["honest", "rate"] < data.loc["honest", "hi"] < 1
    bars = spec["layer"][0]
    assert bars["encoding"]["y"]["title"] == "win share per seat", "bots held several seats a game"
    seats = data_of(win_rate_chart(rates, by="seat").to_dict())
    assert (seats["lo"] < seats["rate"]).all() and (seats["hi"] > seats["rate"]).all()
    assert win_rate_chart(rates, by="seat").to_dict()["layer"][0]["encoding"]["y"]["title"] == "share of games won"
