"""Simulated Bluffer games between bots that spot the truth with given probabilities,
as tidy frames, and the charts of how the points move with how gullible the table is.

Every question of every game gives one row per seat (:func:`question_frame`): the
seat's role (``leader`` or ``voter``; in the team game ``writer`` or ``voter``), its
``spot``, the points it won as an author (``author_points``: 2 per vote by another
player on its answer, and the leader's 2 for a vote on one's own answer) and as a
voter (``voter_points``: 1 for the truth), and ``points`` in all. The expected
values of the same model are derived in :mod:`bluffkit.analysis.bluffer_theory`.

>>> df = simulate(players=4, spots=[0.9, 0.5, 0.2, 0.2], games=3, seed=1)
>>> sorted(df.columns)[:5]
['author_points', 'game', 'players', 'points', 'question']
>>> int((df.points == df.author_points + df.voter_points).all())
1
"""

from __future__ import annotations

import altair as alt
import pandas as pd

from bluffkit.agents.bluffer import BluffBot, deck_facts
from bluffkit.core.errors import RulesError
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
    :func:`bluffkit.core.play.play_games` (a text bar, or a callable)."""
    check_seed(seed)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise RulesError(f"games must be an int >= 1, got {games!r}")
    spots = list(spots) if isinstance(spots, (list, tuple)) else [spots] * players
    if len(spots) != players:
        raise RulesError(f"give one spot per seat ({players}), got {len(spots)}")
    game = make_game("bluffer", **options)
    game.check_players(players)
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
    g = df.groupby(["seat", "spot", "role"])["points"].agg(["count", "mean", "std"]).reset_index()
    g["se"] = g["std"] / g["count"] ** 0.5
    return g.rename(columns={"count": "questions", "mean": "mean_points"})


def game_points(df: pd.DataFrame) -> pd.DataFrame:
    """Each seat's points per game (one row per game and seat)."""
    return df.groupby(["game", "seat", "spot"], as_index=False)["points"].sum()


def spot_sweep(players: int, spots, games: int, seed: int, rest: float = 0.4, progress: bool = False,
               **options) -> pd.DataFrame:
    """For each value of ``spots``, seat 0's spot is set to it and the others' to ``rest``:
    one :func:`simulate` per value, concatenated with a ``spot_0`` column."""
    frames = []
    for k, p in enumerate(spots):
        df = simulate(players, [p] + [rest] * (players - 1), games, seed + k, progress=progress, **options)
        df["spot_0"] = p
        frames.append(df)
    return pd.concat(frames, ignore_index=True)


# charts --------------------------------------------------------------------------------
def points_distribution_chart(df: pd.DataFrame) -> alt.Chart:
    """Histogram of each seat's points per game, one colour per seat (labelled with its spot)."""
    g = game_points(df)
    g["bot"] = g.apply(lambda r: f"seat {r.seat} (spot {r.spot:g})", axis=1)
    return alt.Chart(g).mark_bar(opacity=0.6).encode(
        x=alt.X("points:Q", bin=alt.Bin(maxbins=30), title="points in a game"),
        y=alt.Y("count():Q", title="games", stack=None),
        color=alt.Color("bot:N", title="bot"),
    ).properties(title="How many points a game brings, by how often a bot spots the truth", width=420, height=220)


def points_by_spot_chart(sweep: pd.DataFrame, theory: pd.DataFrame | None = None) -> alt.Chart:
    """Seat 0's mean points per question against its spot, split into points as an author
    and as a voter; ``theory`` (columns ``spot_0``, ``points``) draws the derived line."""
    seat0 = sweep[sweep.seat == 0]
    m = seat0.groupby("spot_0")[["author_points", "voter_points"]].mean().reset_index()
    long = m.melt("spot_0", var_name="as", value_name="mean points per question")
    long["as"] = long["as"].map({"author_points": "as an author (fooling others)", "voter_points": "as a voter (finding the truth)"})
    bars = alt.Chart(long).mark_bar().encode(
        x=alt.X("spot_0:O", title="seat 0's chance of spotting the truth"),
        y=alt.Y("mean points per question:Q", stack="zero"),
        color=alt.Color("as:N", title="points won"),
    )
    chart = bars
    if theory is not None:
        line = alt.Chart(theory).mark_line(point=True, color="black").encode(
            x=alt.X("spot_0:O"), y=alt.Y("points:Q"))
        chart = bars + line
    return chart.properties(title="Spotting the truth pays 1; fooling others pays 2 a vote", width=360, height=240)
