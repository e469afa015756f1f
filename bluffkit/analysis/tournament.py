"""Seeded tournaments between bots: one row per game and seat, and their summaries.

A tournament seats a *field* of bots at a game. Its *line-ups* are either fixed (the
bots named one per seat, or one bot for every seat) or a round-robin: every way of
filling the seats from the field, repeats allowed, except a line-up of one bot only.
Game ``i`` plays line-up ``(i // players) % len(line-ups)`` shifted by ``i % players``
(:func:`seating`), so each line-up plays ``players`` games in a row, one in each
rotation, and over every ``players * len(line-ups)`` games each bot sits in each seat
equally often: a seat's advantage does not pass for a bot's skill. Game ``i`` is played
from the ``i``-th game seed of the root seed (:func:`bluffkit.core.seeding.game_seeds`),
so every row is a pure function of the game, its rules, the line-ups, the root seed and
the game's index: the same whatever order or batches the games are played in
(:mod:`bluffkit.analysis.tournament_run` plays them on a dask cluster).

>>> from bluffkit.core.game import make_game
>>> df = tournament(make_game("bloff"), ["honest", "random", "random"], games=30, seed=1)
>>> rates = win_rates(df)
>>> list(rates.columns)
['by', 'who', 'games', 'wins', 'rate', 'se']
>>> lineups(["random", "heuristic"], players=3)
[('random', 'random', 'heuristic'), ('random', 'heuristic', 'heuristic')]
"""

from __future__ import annotations

import math
from itertools import combinations_with_replacement
from statistics import NormalDist
from typing import TYPE_CHECKING

from bluffkit.agents.base import make_agent
from bluffkit.core.errors import RulesError, check_frame, check_whole
from bluffkit.core.game import as_game
from bluffkit.core.play import MAX_GAMES, play
from bluffkit.core.seeding import check_seed, game_seeds

if TYPE_CHECKING:                       # pandas is imported where a frame is built: a worker playing games needs none
    import pandas as pd

#: How a field of bots is seated: one line-up, or every line-up drawn from the field.
MODES = ("fixed", "round-robin")
#: The most line-ups a round-robin may have (each is played by every seating in turn).
MAX_LINEUPS = 100_000

#: The columns of a tournament's frame and their types (the Parquet parts use the same).
COLUMNS = {"game": "int64", "seed": "uint64", "lineup": "int64", "seat": "int64", "agent": "str",
           "won": "float64", "score": "float64", "rank": "int64", "length": "int64"}

#: The measures of :func:`summary`, by the frame column they average.
MEASURES = {"won": "win share", "score": "score", "rank": "rank"}
#: The measures that are shares (0 to 1): their intervals are kept within 0..1.
SHARES = ("won",)


def lineups(field: list[str], players: int, mode: str | None = None) -> list[tuple[str, ...]]:
    """The line-ups of a tournament of ``field`` at ``players`` seats.

    ``mode`` ``"fixed"``: ``field`` names one bot per seat (or one bot for every seat);
    ``"round-robin"``: every multiset of ``players`` bots from the field's distinct
    bots with at least two different bots, in lexicographic order of the field. ``None``
    picks ``"fixed"`` when the field has one bot or one per seat, else ``"round-robin"``."""
    field = list(field)
    if not field or not all(isinstance(a, str) and a.strip() for a in field):
        raise RulesError(f"a tournament needs at least one bot, named by text, got {field!r}")
    if isinstance(players, bool) or not isinstance(players, int) or players < 1:
        raise RulesError(f"players must be a positive whole number, got {players!r}")
    if mode is None:
        mode = "fixed" if len(field) in (1, players) else "round-robin"
    if mode == "fixed":
        if len(field) == 1:
            return [tuple(field) * players]
        if len(field) != players:
            raise RulesError(f"a fixed line-up names one bot per seat (or one for all): {len(field)} bots "
                             f"for {players} players; use round-robin to draw line-ups from a field")
        return [tuple(field)]
    if mode != "round-robin":
        raise RulesError(f"line-ups are {' or '.join(MODES)}, not {mode!r}")
    distinct = list(dict.fromkeys(field))
    if len(distinct) < 2:
        raise RulesError(f"a round-robin needs at least two different bots, got {field!r}")
    if players < 2:
        raise RulesError(f"a round-robin seats different bots together: it needs at least 2 seats, got {players}")
    count = math.comb(len(distinct) + players - 1, players) - len(distinct)
    if count > MAX_LINEUPS:
        raise RulesError(f"a round-robin of {len(distinct)} bots at {players} seats has {count:,} line-ups; "
                         f"at most {MAX_LINEUPS:,}: name fewer bots, or give a fixed line-up")
    return [c for c in combinations_with_replacement(distinct, players) if len(set(c)) > 1]


def seating(table: list[tuple[str, ...]], i: int) -> tuple[int, tuple[str, ...]]:
    """Game ``i``'s line-up (its index in ``table``) and its seating: the line-up shifted
    by ``i % players``, after ``players`` games of the line-up before it."""
    n = len(table[0])
    k = (i // n) % len(table)
    r = i % n
    return k, table[k][r:] + table[k][:r]


def ranks(scores, winners) -> list[int]:
    """Each seat's place: 1 for every winner, then by score (a seat's rank is one more
    than the number of seats ahead of it; equal scores share a rank)."""
    won = set(winners)
    out = []
    for s, mine in enumerate(scores):
        if s in won:
            out.append(1)
        else:
            out.append(1 + sum(1 for j, theirs in enumerate(scores) if j in won or theirs > mine))
    return out


def play_range(game, table: list[tuple[str, ...]], seed: int, start: int, stop: int) -> dict[str, list]:
    """Games ``start`` to ``stop - 1`` of the tournament of line-ups ``table`` under root
    ``seed``, as columns (:data:`COLUMNS`), one row per game and seat, in game then seat
    order. ``won`` is the seat's share of the win (1, or 1/k for a win shared by k)."""
    check_seed(seed)
    cols: dict[str, list] = {c: [] for c in COLUMNS}
    seeds = game_seeds(seed, stop)
    for i in range(start, stop):
        k, seats = seating(table, i)
        rec = play(game, [make_agent(a, game) for a in seats], seeds[i])
        share = 1 / len(rec.winners)
        places = ranks(rec.scores, rec.winners)
        for seat, name in enumerate(seats):
            cols["game"].append(i)
            cols["seed"].append(seeds[i])
            cols["lineup"].append(k)
            cols["seat"].append(seat)
            cols["agent"].append(name)
            cols["won"].append(share if seat in rec.winners else 0.0)
            cols["score"].append(float(rec.scores[seat]))
            cols["rank"].append(places[seat])
            cols["length"].append(rec.length)
    return cols


def frame(cols: dict[str, list]) -> pd.DataFrame:
    """Columns of :func:`play_range` as a frame with the types of :data:`COLUMNS`."""
    import pandas as pd
    return pd.DataFrame(cols, columns=list(COLUMNS)).astype({c: t for c, t in COLUMNS.items() if t != "str"})


def check_field(game, players: int, table: list[tuple[str, ...]]) -> None:
    """Refuse a seat count the game does not take or a bot it does not know, before any game."""
    game.check_players(players)
    for name in dict.fromkeys(a for line in table for a in line):
        make_agent(name, game)


def tournament(game, agents: list[str], games: int, seed: int, progress: bool = False, *,
               players: int | None = None, mode: str | None = None) -> pd.DataFrame:
    """Play ``games`` games here, in this process; the frame has the columns of
    :data:`COLUMNS`: ``game``, ``seed``, ``lineup``, ``seat``, ``agent``, ``won`` (the
    share of the win), ``score``, ``rank`` (see :func:`ranks`), ``length``: one row per
    game and seat. ``players`` defaults to one seat per bot named."""
    check_seed(seed)
    game = as_game(game)
    table = lineups(agents, len(agents) if players is None else players, mode)
    check_field(game, len(table[0]), table)
    games = check_whole(games, "games", 1, MAX_GAMES)
    if not progress:
        return frame(play_range(game, table, seed, 0, games))
    import pandas as pd
    from tqdm import tqdm
    parts, step = [], 100
    with tqdm(total=games, desc="tournament", unit="game") as bar:
        for start in range(0, games, step):
            parts.append(frame(play_range(game, table, seed, start, min(games, start + step))))
            bar.update(min(games, start + step) - start)
    return pd.concat(parts, ignore_index=True)


def win_rates(df: pd.DataFrame) -> pd.DataFrame:
    """Win rate by agent and by seat: ``games``, ``wins`` (shared wins split), ``rate`` and
    its standard error ``se`` = sqrt(rate (1 - rate) / games)."""
    import pandas as pd
    check_frame(df, ("agent", "seat", "won"), "win_rates", "tournament(...)")
    out = []
    for by in ("agent", "seat"):
        g = df.groupby(by)["won"].agg(["count", "sum"]).reset_index()
        for key, count, wins in zip(g[by], g["count"], g["sum"]):
            rate = wins / count
            out.append({"by": by, "who": str(key), "games": int(count), "wins": float(wins),
                        "rate": rate, "se": math.sqrt(rate * (1 - rate) / count)})
    return pd.DataFrame(out)


def _interval(values, z: float, share: bool = False) -> pd.DataFrame:
    """Count, mean, standard error and the normal interval of each group; a ``share`` (a
    number from 0 to 1) keeps its interval within 0..1 (the normal interval of a small run
    can pass the ends: "0.750 (0.415..1.085)")."""
    import pandas as pd
    g = values.agg(["count", "mean", "std"])
    se = g["std"] / g["count"].pow(0.5)
    lo, hi = g["mean"] - z * se, g["mean"] + z * se
    if share:
        lo, hi = lo.clip(lower=0.0), hi.clip(upper=1.0)
    return pd.DataFrame({"games": g["count"].astype("int64"), "mean": g["mean"], "se": se, "lo": lo, "hi": hi})


def _z(level: float) -> float:
    if isinstance(level, bool) or not isinstance(level, (int, float)) or not 0 < level < 1:
        raise ValueError(f"level is a probability between 0 and 1, got {level!r}")
    return NormalDist().inv_cdf((1 + level) / 2)


def summary(df: pd.DataFrame, level: float = 0.95) -> pd.DataFrame:
    """Each bot's mean win share (per seat it held: 1/players when all are equal), score
    and rank, with standard errors and normal ``level`` confidence intervals, one row per
    bot and measure: ``agent``, ``measure`` (:data:`MEASURES`), ``games`` (games it
    played), ``mean``, ``se``, ``lo``, ``hi``.

    The games are the independent draws: a bot's seats in one game are averaged first
    (a bot holding two seats of a game counts that game once), then
    ``se = sd / sqrt(games)`` over its games (``NaN`` after one game); the win share's
    interval is kept within 0..1."""
    import pandas as pd
    check_frame(df, ("game", "agent", *MEASURES), "summary", "tournament(...) or load(folder)")
    z = _z(level)
    per = df.groupby(["game", "agent"], sort=False)[list(MEASURES)].mean().reset_index()
    parts = []
    for col, measure in MEASURES.items():
        part = _interval(per.groupby("agent")[col], z, share=col in SHARES).reset_index()
        part.insert(1, "measure", measure)
        parts.append(part)
    out = pd.concat(parts, ignore_index=True)
    order = {m: k for k, m in enumerate(MEASURES.values())}
    return out.sort_values(["measure", "agent"], key=lambda s: s.map(order) if s.name == "measure" else s,
                           ignore_index=True)


def pairwise(df: pd.DataFrame, level: float = 0.95) -> pd.DataFrame:
    """Head to head: for each ordered pair of different bots that met, ``ahead``: the share
    of their meetings in which ``agent`` finished ahead of ``opponent`` (a better rank;
    an equal rank counts one half), with ``se``, ``lo``, ``hi`` as in :func:`summary`.

    A game where the bots hold several seats counts once, with the mean over their pairs
    of seats. ``agent`` ahead of ``opponent`` plus the reverse is 1 in every game."""
    check_frame(df, ("game", "seat", "agent", "rank"), "pairwise", "tournament(...) or load(folder)")
    z = _z(level)
    seats = df[["game", "seat", "agent", "rank"]]
    pairs = seats.merge(seats, on="game", suffixes=("", "_o"))
    pairs = pairs[pairs["agent"] != pairs["agent_o"]]
    ahead = (pairs["rank"] < pairs["rank_o"]).astype("float64") + 0.5 * (pairs["rank"] == pairs["rank_o"])
    per = pairs.assign(ahead=ahead).groupby(["game", "agent", "agent_o"], sort=False)["ahead"].mean()
    out = _interval(per.reset_index().groupby(["agent", "agent_o"])["ahead"], z, share=True).reset_index()
    out = out.rename(columns={"agent_o": "opponent", "mean": "ahead"})
    return out.sort_values(["agent", "opponent"], ignore_index=True)
