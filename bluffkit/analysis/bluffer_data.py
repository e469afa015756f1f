"""Simulated Bluffer games between bots that spot the truth with given probabilities,
as tidy frames (their charts: :mod:`bluffkit.analysis.bluffer_charts`).

Every question of every game gives one row per seat (:func:`question_frame`): the
seat's role (``leader`` or ``voter``; in the team game ``writer`` or ``voter``), its
``spot``, the points it won as an author (``author_points``: 2 per vote by another
player on its answer, and the leader's 2 for a vote on one's own answer) and as a
voter (``voter_points``: 1 for the truth), and ``points`` in all. The expected
values of the same model are derived in :mod:`bluffkit.analysis.bluffer_theory`.

The summaries (:func:`points_by_role`, :func:`game_points`) of a frame with no rows give
a frame with no rows; a frame that lacks one of their columns, or whose ``points`` are
not all finite numbers, is refused with a ``ValueError`` naming the function and the
column (the charts refuse a frame with no rows: nothing to draw). Counts (``players``,
``games``) are whole numbers, numpy's too (``for n in np.arange(2, 6)``), never True or False.

>>> df = simulate(players=4, spots=[0.9, 0.5, 0.2, 0.2], games=3, seed=1)
>>> sorted(df.columns)[:5]
['author_points', 'game', 'players', 'points', 'question']
>>> int((df.points == df.author_points + df.voter_points).all())
1
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from bluffkit.agents.bluffer import BluffBot, check_spot, deck_facts
from bluffkit.core.errors import RulesError, as_int, check_frame, check_keys, quote
from bluffkit.core.game import make_game
from bluffkit.core.play import play_games
from bluffkit.core.seeding import check_seed, game_seeds
from bluffkit.games.bluffer.engine import TRUTH


def question_frame(history, spots, game_no: int = 0, teams=None) -> pd.DataFrame:
    """One row per scored question and seat, from a game's :class:`Reveal` records."""
    n = len(spots)
    rows = []
    for q, r in enumerate(history):
        writers = {a for a, _ in r.order if a != TRUTH}       # the authors of the answers read
        for seat in range(n):
            voter = sum(1 for k in r.votes[seat] if r.order[k - 1][0] == TRUTH) if n > 2 else 0
            role = ("leader" if seat == r.leader else "voter") if teams is None or n == 2 else \
                ("writer" if seat in writers else "voter")
            rows.append({"game": game_no, "question": q, "round": r.round, "seat": seat, "spot": spots[seat],
                         "players": n, "role": role, "author_points": r.gains[seat] - voter,
                         "voter_points": voter, "points": r.gains[seat]})
    return pd.DataFrame(rows)


def simulate(players: int, spots, games: int, seed: int, progress=False, **options) -> pd.DataFrame:
    """Play ``games`` seeded games of Bluffer between :class:`BluffBot` voters with the
    given ``spots`` (one per seat, or one number for all) and return
    :func:`question_frame` rows for every question of every game. ``options`` are
    rule options (e.g. ``rounds=1``); ``progress`` as for
    :func:`bluffkit.core.play.play_games` (a bar: a widget in a notebook, text elsewhere; or a callable)."""
    check_seed(seed)
    players, games = as_int(players), as_int(games)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise RulesError(f"games must be an int >= 1, got {games!r}")
    game = make_game("bluffer", **options)
    game.check_players(players)
    spots = list(spots) if isinstance(spots, (list, tuple, np.ndarray)) else [spots] * players
    if len(spots) != players:
        raise RulesError(f"give one spot per seat ({players}), got {len(spots)}")
    for s in spots:
        check_spot(s, "spots")
    teams = game.rules.teams_of(players) if game.rules.mode_for(players) == "teams" else None
    seeds = game_seeds(seed, games)
    frames = []
    facts = deck_facts(game.deck)                 # the voters know the facts; spot: how often they recall one
    for i, rec in play_games(game, seeds, lambda i: [BluffBot(p, facts=facts) for p in spots],
                             progress=progress, desc="Bluffer games"):
        frames.append(question_frame(rec.final.history, spots, i, teams))
    return pd.concat(frames, ignore_index=True)


def points_by_role(df: pd.DataFrame) -> pd.DataFrame:
    """Mean points per question by seat, spot and role, with standard errors."""
    check_frame(df, ("seat", "spot", "role", "points"), "points_by_role", "simulate(...)", numbers=("points",))
    check_keys(df, ("seat", "spot", "role"), "points_by_role")
    g = df.groupby(["seat", "spot", "role"])["points"].agg(["count", "mean", "std"]).reset_index()
    g["se"] = g["std"] / g["count"] ** 0.5
    return g.rename(columns={"count": "questions", "mean": "mean_points"})


def game_points(df: pd.DataFrame) -> pd.DataFrame:
    """Each seat's points per game (one row per game and seat)."""
    check_frame(df, ("game", "seat", "spot", "points"), "game_points", "simulate(...)", numbers=("points",))
    check_keys(df, ("game", "seat", "spot"), "game_points")
    return df.groupby(["game", "seat", "spot"], as_index=False)["points"].sum()


def spot_sweep(players: int, spots, games: int, seed: int, rest: float = 0.4, progress: bool = False,
               **options) -> pd.DataFrame:
    """For each value of ``spots`` (a list of spot rates), seat 0's spot is set to it and the
    others' to ``rest``: one :func:`simulate` per value, concatenated with a ``spot_0`` column.
    The ``k``-th value plays from the ``k``-th child of ``seed``
    (:func:`~bluffkit.core.seeding.game_seeds`), so two sweeps from neighbouring seeds share
    no games (with ``seed + k`` the second point of seed 1 replayed the first of seed 2)."""
    seed = check_seed(seed)
    players = as_int(players)
    make_game("bluffer", **options).check_players(players)
    if isinstance(spots, (str, bytes)) or not hasattr(spots, "__iter__"):
        raise RulesError(f"spots: a list of spot rates for seat 0, e.g. [0.2, 0.5, 0.8], got {quote(spots)}"[:200])
    spots = list(spots)
    if not spots:
        raise RulesError("spots: give at least one spot rate for seat 0")
    for s in spots:
        check_spot(s, "spots")
    check_spot(rest, "rest")
    frames = []
    seeds = game_seeds(seed, len(spots))
    for k, p in enumerate(spots):
        df = simulate(players, [p] + [rest] * (players - 1), games, seeds[k], progress=progress, **options)
        df["spot_0"] = p
        frames.append(df)
    return pd.concat(frames, ignore_index=True)


def __getattr__(name: str):
    """The charts of these frames live in :mod:`bluffkit.analysis.bluffer_charts` (so this
    module needs no altair); they are also found here by name."""
    if name in ("points_distribution_chart", "points_by_spot_chart"):
        from bluffkit.analysis import bluffer_charts
        return getattr(bluffer_charts, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
