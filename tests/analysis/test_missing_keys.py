"""The summaries refuse a frame with a missing value (``None``, nan) in a column they group
by, in words naming the column and the first row: pandas' ``groupby`` leaves such rows out,
so a count or a mean changed without a word (an empty cell of a CSV, or ``pd.concat`` of
frames whose columns differ)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from bluffkit.analysis import auction_sim, bloff_data, bluffer_data, tournament


def _tournament() -> pd.DataFrame:
    return pd.DataFrame({"game": [0, 0, 1, 1, 2, 2], "seat": [0, 1, 0, 1, 0, 1],
                         "agent": ["honest", "random", "random", "honest", "honest", "random"],
                         "won": [1.0, 0.0, 0.0, 1.0, 0.5, 0.5], "score": [3, 1, 2, 4, 2, 2], "rank": [1, 2, 2, 1, 1, 1]})


def _claims() -> pd.DataFrame:
    return pd.DataFrame({"agent": ["honest", "random", "random"], "lie": [False, True, True],
                         "called": [False, True, False], "caught": [False, True, False]})


def _auctions() -> pd.DataFrame:
    return pd.DataFrame({"format": ["first-price"] * 3, "n": [2, 2, 2], "strategy": ["equilibrium"] * 3,
                         "right": [False] * 3, "revenue": [0.2, 0.4, 0.3], "efficient": [True, True, False],
                         "highest_value": [0.5, 0.9, 0.7], "winning_value": [0.5, 0.9, 0.6], "refused": [False] * 3})


def _bluffer() -> pd.DataFrame:
    return pd.DataFrame({"game": [0, 0, 1, 1], "seat": [0, 1, 0, 1], "spot": [0.2, 0.8, 0.2, 0.8],
                         "role": ["leader", "voter", "voter", "leader"], "points": [0, 3, 2, 1]})


CASES = [
    (tournament.summary, _tournament, "game"), (tournament.summary, _tournament, "agent"),
    (tournament.win_rates, _tournament, "game"), (tournament.win_rates, _tournament, "agent"),
    (tournament.win_rates, _tournament, "seat"),
    (tournament.pairwise, _tournament, "game"), (tournament.pairwise, _tournament, "agent"),
    (tournament.pairwise, _tournament, "seat"),
    (bloff_data.lie_summary, _claims, "agent"),
    (auction_sim.revenue_summary, _auctions, "format"), (auction_sim.revenue_summary, _auctions, "n"),
    (auction_sim.efficiency_summary, _auctions, "strategy"), (auction_sim.efficiency_summary, _auctions, "right"),
    (bluffer_data.game_points, _bluffer, "game"), (bluffer_data.game_points, _bluffer, "spot"),
    (bluffer_data.points_by_role, _bluffer, "role"), (bluffer_data.points_by_role, _bluffer, "seat"),
]


@pytest.mark.parametrize("gap", [None, np.nan, pd.NA])
@pytest.mark.parametrize("summary, frame, column", CASES, ids=lambda x: getattr(x, "__name__", x))
def test_a_missing_key_is_refused_naming_the_column_and_row(summary, frame, column, gap):
    df = frame()
    summary(df)                                         # the frame as it is: accepted
    df[column] = df[column].astype(object)
    df.loc[1, column] = gap
    with pytest.raises(ValueError, match=rf"^{summary.__name__}: a value of column '{column}' is missing .* in row 1$"):
        summary(df)


def test_several_missing_keys_are_counted_and_the_first_named():
    df = _tournament()
    df["game"] = df["game"].astype(float)
    df.loc[[2, 4], "game"] = np.nan
    with pytest.raises(ValueError, match=r"^summary: 2 values of column 'game' are missing .*; the first: nan in row 2$"):
        tournament.summary(df)
