"""The analysis helpers that take a frame refuse one they cannot use in words (the function,
the column, what was found), never a KeyError, TypeError or pyarrow error from deep inside,
and never a chart with a point silently gone (altair writes nan and inf as null).

The rule for a frame with no rows, one per kind of function: a summary gives a frame with
no rows; a chart of simulations refuses it (nothing to draw); a chart of one game
(:mod:`bluffkit.analysis.charts`) draws an empty chart, since a game may hold no trade."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from bluffkit.analysis import bidder_up, bluffer_charts, bluffer_data, charts, gamedata
from bluffkit.core.errors import check_frame


@pytest.fixture(scope="module")
def board():
    return bidder_up.simulate_board(games=2, board="fairground", seed=1, progress=False)


@pytest.fixture(scope="module")
def bluffer():
    return bluffer_data.simulate(players=3, spots=0.5, games=1, seed=1, rounds=1)


@pytest.fixture(scope="module")
def sweep():
    return bluffer_data.spot_sweep(3, [0.2, 0.8], games=1, seed=1, rounds=1)


@pytest.fixture(scope="module")
def game():
    """The frames of one short game of Horse Trading between bots (money, auctions, trades)."""
    from bluffkit.core.game import make_game
    from bluffkit.session import Session
    s = Session(make_game("horse-trading"), ["heuristic", "random", "random"], names=["Ana", "Bo", "Cy"], seed=1).run()
    frames = (gamedata.money_frame(s.game, s.states, s.moves, s.names),
              gamedata.auctions_frame(s.game, s.states, s.moves, s.names),
              gamedata.trades_frame(s.game, s.states, s.moves, s.names))
    assert all(len(f) for f in frames) and frames[2]["counter"].isna().any(), "the game lacks a kind of row"
    return frames


# -- 1. bidder_up: empty frames and text columns --------------------------------------------------


def test_bidder_up_summaries_of_no_rows_are_frames_with_no_rows(board):
    """score_by_notes said "cannot convert float NaN to integer", visits_per_game a pandas
    TypeError ("operation 'rtruediv' not supported")."""
    bins = bidder_up.score_by_notes(board.seats.iloc[0:0])
    assert len(bins) == 0 and list(bins.columns) == list(bidder_up.score_by_notes(board.seats, min_seats=1).columns)
    per_game = bidder_up.visits_per_game(board.visits.iloc[0:0])
    assert len(per_game) == 0 and list(per_game.columns) == list(bidder_up.visits_per_game(board.visits).columns)


@pytest.mark.parametrize("chart, frame", [
    (bidder_up.visits_chart, "visits"), (bidder_up.movement_cost_chart, "seats"),
    (bidder_up.score_by_notes_chart, "seats"),
], ids=["visits_chart", "movement_cost_chart", "score_by_notes_chart"])
def test_bidder_up_charts_refuse_a_frame_with_no_rows(board, chart, frame):
    with pytest.raises(ValueError, match=rf"^{chart.__name__}: the frame has no rows: nothing to chart$"):
        chart(getattr(board, frame).iloc[0:0])


@pytest.mark.parametrize("call, match", [
    (lambda b: bidder_up.score_by_notes_chart(b.seats.assign(notes_moved="3")),
     r"^score_by_notes_chart: column 'notes_moved' must hold numbers, found text: '3' in row 0$"),
    (lambda b: bidder_up.score_by_notes(b.seats.assign(score=np.where(b.seats.index == 2, np.inf, 1.0))),
     r"^score_by_notes: a value of column 'score' is not a finite number \(nan or inf\): inf in row 2$"),
    (lambda b: bidder_up.visits_chart(b.visits.assign(visits="3")),
     r"^visits_chart: column 'visits' must hold numbers, found text: '3' in row 0$"),
    (lambda b: bidder_up.movement_cost_chart(b.seats.assign(score=True)),
     r"^movement_cost_chart: column 'score' must hold numbers, found True/False: True in row 0$"),
    (lambda b: bidder_up.score_by_notes(b.seats.drop(columns="bot")),
     r"^score_by_notes takes the frame of simulate_board\(\.\.\.\)\.seats; this frame has no column 'bot'$"),
    (lambda b: bidder_up.visits_chart(b.seats),
     r"^visits_chart: the frame has no column 'order', .*; see help\(visits_chart\) for the frame it takes$"),
], ids=["text-notes", "inf-score", "text-visits", "bool-score", "no-bot", "seats-for-visits"])
def test_bidder_up_refuses_columns_it_cannot_use_in_words(board, call, match):
    with pytest.raises(ValueError, match=match):
        call(board)


def test_score_by_notes_chart_refuses_bins_that_all_fall_short_of_min_seats(board):
    with pytest.raises(ValueError, match=r"^score_by_notes_chart: no bin of notes holds 1000 seats of a bot or more "
                                         r"\(8 seats in all\): nothing to chart; lower min_seats"):
        bidder_up.score_by_notes_chart(board.seats, min_seats=1000)


# -- 1. bluffer_data and its charts -------------------------------------------------------------


@pytest.mark.parametrize("call, match", [
    (lambda df: bluffer_data.points_by_role(df.drop(columns="role")),
     r"^points_by_role takes the frame of simulate\(\.\.\.\); this frame has no column 'role'$"),
    (lambda df: bluffer_data.game_points(pd.DataFrame()),
     r"^game_points takes the frame of simulate\(\.\.\.\); this frame has no column 'game', 'seat', 'spot', 'points'$"),
    (lambda df: bluffer_data.game_points(df.assign(points=df["points"].astype(str))),
     r"^game_points: column 'points' must hold numbers, found text: '\d+' in row 0$"),
    (lambda df: bluffer_charts.points_distribution_chart(df.iloc[0:0]),
     r"^points_distribution_chart: the frame has no rows: nothing to chart$"),
], ids=["no-role", "empty-frame", "text-points", "chart-of-no-rows"])
def test_bluffer_frames_are_refused_in_words(bluffer, call, match):
    with pytest.raises(ValueError, match=match):
        call(bluffer)


def test_bluffer_summaries_of_no_rows_are_frames_with_no_rows(bluffer):
    assert len(bluffer_data.points_by_role(bluffer.iloc[0:0])) == 0
    assert len(bluffer_data.game_points(bluffer.iloc[0:0])) == 0


# -- 8. points_by_spot_chart: theory is a frame or None ---------------------------------------------


@pytest.mark.parametrize("theory", ["x", "https://example.org/data.json", [0.1, 0.2], {"spot_0": [0.2]}],
                         ids=["text", "url", "list", "dict"])
def test_points_by_spot_chart_refuses_a_theory_that_is_no_frame(sweep, theory):
    """A text was taken as the address of the data (altair's URL data), and drew nothing."""
    with pytest.raises(ValueError, match=r"^points_by_spot_chart: theory takes the frame of the model's points "
                                         r"\(columns spot_0 and points\) or None, got (str|list|dict)$"):
        bluffer_charts.points_by_spot_chart(sweep, theory)


def test_points_by_spot_chart_checks_the_theory_frame_and_still_draws_it(sweep):
    with pytest.raises(ValueError, match=r"theory takes the frame of .*; this frame has no column 'points'$"):
        bluffer_charts.points_by_spot_chart(sweep, pd.DataFrame({"spot_0": [0.2, 0.8]}))
    with pytest.raises(ValueError, match=r"^points_by_spot_chart: theory: a value of column 'points' is not a finite"):
        bluffer_charts.points_by_spot_chart(sweep, pd.DataFrame({"spot_0": [0.2, 0.8], "points": [0.5, np.nan]}))
    spec = bluffer_charts.points_by_spot_chart(sweep, pd.DataFrame({"spot_0": [0.2, 0.8], "points": [0.4, 0.6]}))
    assert len(spec.to_dict()["layer"]) == 2


# -- 1. and 2. charts of one game: text, nan and inf ------------------------------------------------


@pytest.mark.parametrize("chart, which, column", [
    (charts.money_chart, 0, "money"), (charts.auction_chart, 1, "value"), (charts.trade_chart, 2, "offer"),
], ids=["money_chart", "auction_chart", "trade_chart"])
def test_game_charts_refuse_text_where_they_draw_numbers(game, chart, which, column):
    frame = game[which]
    with pytest.raises(ValueError, match=rf"^{chart.__name__}: column '{column}' must hold numbers, found text: "):
        chart(frame.assign(**{column: frame[column].astype(str)}))
    assert chart(frame.iloc[0:0]).to_dict()        # (no rows: an empty chart, as a game with no trade draws)


@pytest.mark.parametrize("chart, which, column, bad", [
    (charts.money_chart, 0, "money", np.inf), (charts.money_chart, 0, "step", np.nan),
    (charts.auction_chart, 1, "value", np.nan), (charts.auction_chart, 1, "price", -np.inf),
    (charts.trade_chart, 2, "offer", np.inf), (charts.trade_chart, 2, "counter", np.inf),
], ids=["money-inf", "step-nan", "value-nan", "price-minus-inf", "offer-inf", "counter-inf"])
def test_game_charts_refuse_nan_and_inf_where_altair_would_drop_the_point(game, chart, which, column, bad):
    """altair wrote null and the point or the step vanished without a word."""
    frame = game[which]
    broken = frame.assign(**{column: frame[column].astype(float).where(frame.index != 3, bad)})
    with pytest.raises(ValueError, match=rf"^{chart.__name__}: a value of column '{column}' is not a finite number "
                                         rf"\((nan or )?inf\): -?(nan|inf) in row 3$"):
        chart(broken)


def test_trade_chart_still_draws_an_accepted_offer_without_a_counter(game):
    trades = game[2]
    data = charts.trade_chart(trades).to_dict()["datasets"]
    (rows,) = [r for r in data.values() if len(r) == len(trades)]
    assert sum(r["counter"] == "accepted" for r in rows) == int(trades["counter"].isna().sum())


# -- the shared check --------------------------------------------------------------------------------


def test_check_frame_reads_numbers_held_as_python_objects():
    mixed = pd.DataFrame({"x": [1, 2.5, None]}, dtype=object)
    check_frame(mixed, ["x"], "f", "g(...)", gaps=["x"])               # a gap where gaps may be
    with pytest.raises(ValueError, match=r"^f: a value of column 'x' is not a finite number \(nan or inf\): None "
                                         r"in row 2$"):
        check_frame(mixed, ["x"], "f", "g(...)", numbers=["x"])
    with pytest.raises(ValueError, match=r"^f: column 'x' must hold numbers, found True/False: True in row 1$"):
        check_frame(pd.DataFrame({"x": [1, True]}, dtype=object), ["x"], "f", "g(...)", numbers=["x"])


def test_a_chart_missing_a_column_is_told_so_and_its_own_key_errors_are_not():
    """A chart function's KeyError for a column the frame lacks becomes "the frame has no
    column"; one for a column the frame has is the function's own fault and is raised as
    it is (told as a missing column, it would send the user looking for a column that is there)."""
    from bluffkit.analysis.chart_style import _frame_checked

    @_frame_checked
    def reads(df, key):
        return {}[key] if key in df.columns else df[key]

    frame = pd.DataFrame({"price": [1, 2]})
    with pytest.raises(ValueError, match=r"^reads: the frame has no column 'value'; see help\(reads\)"):
        reads(frame, "value")
    with pytest.raises(KeyError, match="price"):
        reads(frame, "price")


def test_right_chart_refuses_a_frame_with_no_rows_in_words():
    """It said "IndexError: single positional indexer is out-of-bounds"."""
    from bluffkit.analysis.auction_charts import right_chart
    from bluffkit.analysis.auction_sim import simulate_sealed
    df = simulate_sealed(3, 10, fmt="second", strategy="truthful", right_of_first_refusal=True, seed=1)
    with pytest.raises(ValueError, match=r"^right_chart: the frame has no rows: nothing to chart$"):
        right_chart(df.iloc[0:0])


def test_efficiency_chart_refuses_a_summary_with_no_rows_in_words():
    """It drew an empty frame, with a legend of formats no bar had."""
    from bluffkit.analysis.auction_charts import efficiency_chart
    from bluffkit.analysis.auction_sim import efficiency_summary, simulate_sealed
    summary = efficiency_summary(simulate_sealed(3, 10, fmt="first", seed=1))
    with pytest.raises(ValueError, match=r"^efficiency_chart: the frame has no rows: nothing to chart$"):
        efficiency_chart(summary.iloc[0:0])
