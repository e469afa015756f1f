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
['by', 'who', 'games', 'seats', 'wins', 'rate', 'se', 'lo', 'hi']

**Intervals.** A win share (:func:`summary`, :func:`win_rates`) and a head-to-head share
(:func:`pairwise`) are numbers from 0 to 1: their interval is the Wilson score interval, the
shares p whose distance from the share found is within z standard errors *at p*,
sqrt(p (1 - p) / games). The normal interval, share ± z se with se from the data, collapses
to a point for a bot that won every game or none (se = 0: "0.000 (0.000..0.000)" after 20
games, as if the share were known exactly) and passes 0 or 1 after a few games; the Wilson
interval does neither (a bot that won none of 20 games: 0.000 (0.000..0.161)). A game's share
may be a fraction (a shared win, a bot's several seats), but a number from 0 to 1 with mean p
varies at most as much as a win or a loss, p (1 - p), so the interval is, if anything, wide.
A mean score or rank gets Student's t interval, mean ± t se with games - 1 degrees of freedom
(the normal one, mean ± z se, was far too narrow on a handful of games; a rank's is kept
within 1 and the number of seats); when every game gave the same
value there is no spread to estimate it from, and its bounds are ``NaN`` with
``interval`` saying why (as after a single game), not a zero-width interval.
>>> lineups(["random", "heuristic"], players=3)
[('random', 'random', 'heuristic'), ('random', 'heuristic', 'heuristic')]
"""

from __future__ import annotations

import math
from collections.abc import Callable
from itertools import combinations_with_replacement
from statistics import NormalDist
from typing import TYPE_CHECKING

from bluffkit.agents.base import bot_names, make_agent
from bluffkit.core.errors import RulesError, check_frame, check_keys, check_whole
from bluffkit.core.game import as_game
from bluffkit.core.play import MAX_GAMES, check_progress, play
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


def lineups(field: list[str], players: int | None, mode: str | None = None) -> list[tuple[str, ...]]:
    """The line-ups of a tournament of ``field`` (a list of bots' names) at ``players``
    seats (a whole number, numpy's too; ``None``: one per bot of the field).

    ``mode`` ``"fixed"``: ``field`` names one bot per seat (or one bot for every seat);
    ``"round-robin"``: every multiset of ``players`` bots from the field's distinct
    bots with at least two different bots, in lexicographic order of the field. ``None``
    picks ``"fixed"`` when the field has one bot or one per seat, else ``"round-robin"``."""
    field = bot_names(field)
    players = len(field) if players is None else check_whole(players, "players", 1)
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


def play_range(game, table: list[tuple[str, ...]], seed: int, start: int, stop: int,
               tick: Callable[[int], object] | None = None) -> dict[str, list]:
    """Games ``start`` to ``stop - 1`` of the tournament of line-ups ``table`` under root
    ``seed``, as columns (:data:`COLUMNS`), one row per game and seat, in game then seat
    order. ``won`` is the seat's share of the win (1, or 1/k for a win shared by k).
    ``tick(n)``, if given, is called after each game with the number of games played so
    far (it sees nothing of the games and changes none)."""
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
        if tick is not None:
            tick(i - start + 1)
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


#: Games played between two calls of a callable ``progress`` (as :func:`bluffkit.core.play.play_games`).
PROGRESS_EVERY = 50


def tournament(game, agents: list[str], games: int, seed: int, progress: bool | Callable[[int, int], object] = False, *,
               players: int | None = None, mode: str | None = None) -> pd.DataFrame:
    """Play ``games`` games here, in this process; the frame has the columns of
    :data:`COLUMNS`: ``game``, ``seed``, ``lineup``, ``seat``, ``agent``, ``won`` (the
    share of the win), ``score``, ``rank`` (see :func:`ranks`), ``length``: one row per
    game and seat. ``agents`` is a list of bots' names (a text alone is refused: it is not
    a list of one name); ``players`` defaults to one seat per bot named. ``games`` and
    ``players`` are whole numbers (numpy's too). ``progress``: ``True`` for a bar, or a
    function ``progress(done, total)`` called every :data:`PROGRESS_EVERY` games and after
    the last, as :func:`bluffkit.analysis.simulate.simulate` calls it."""
    check_seed(seed)
    game = as_game(game)
    check_progress(progress)
    table = lineups(agents, players, mode)
    check_field(game, len(table[0]), table)
    games = check_whole(games, "games", 1, MAX_GAMES)
    if not progress:
        return frame(play_range(game, table, seed, 0, games))
    import pandas as pd
    parts = []
    if callable(progress):
        for start in range(0, games, PROGRESS_EVERY):
            stop = min(games, start + PROGRESS_EVERY)
            parts.append(frame(play_range(game, table, seed, start, stop)))
            progress(stop, games)
        return pd.concat(parts, ignore_index=True)
    from bluffkit.core.play import progress_bar
    step = 100
    with progress_bar(games, "tournament", "game") as bar:
        for start in range(0, games, step):
            parts.append(frame(play_range(game, table, seed, start, min(games, start + step))))
            bar.update(min(games, start + step) - start)
    return pd.concat(parts, ignore_index=True)


def check_numbers(df: pd.DataFrame, columns, what: str) -> None:
    """Refuse, with a ``ValueError`` naming the column, a frame whose ``columns`` do not hold
    finite numbers (text, ``NaN``, ``inf``: :func:`bluffkit.core.errors.check_frame`), or whose
    share ``won`` is not from 0 to 1: the statistics would fail deep in pandas, or divide by
    a count of zero."""
    import numpy as np
    check_frame(df, columns, what, "tournament(...)", numbers=columns)
    for c in columns:
        if c in SHARES:
            values = df[c].to_numpy(dtype="float64")
            out = (values < 0) | (values > 1)
            if out.any():
                raise ValueError(f"{what}: column {c!r} holds a seat's share of the win, from 0 to 1; "
                                 f"got {values[out][0]:g} in row {int(np.flatnonzero(out)[0]):,}")


#: The columns of :func:`win_rates`.
RATE_COLUMNS = ["by", "who", "games", "seats", "wins", "rate", "se", "lo", "hi"]


def win_rates(df: pd.DataFrame, level: float = 0.95) -> pd.DataFrame:
    """Win rate by agent (``by`` = ``"agent"``) and by seat (``"seat"``), one row each
    (``who``: the bot's name, or the seat's number as text):

    - ``games``: the games it played (a bot holding two seats of a game plays it once);
    - ``seats``: the seats it held in them (a seat holds one a game: ``seats`` = ``games``);
    - ``wins``: the games won, a shared win split (1/k each for k winners);
    - ``rate``: its win share per seat, as :func:`summary`'s "win share": in each game the
      mean of its seats' shares, averaged over its games. When a bot holds the same number
      of seats in every game (a fixed line-up) this is ``wins / seats``; in a round-robin
      each game counts once, however many seats the bot held (honest at seats 2 of 3 in 11
      games and 1 of 3 in 9, winning all 20: ``rate`` = (11 x 0.5 + 9 x 1) / 20 = 0.725,
      not 20 / 31 seats);
    - ``se``: the standard error over its games, sd / sqrt(games), as in :func:`summary`;
    - ``lo``, ``hi``: the Wilson score interval at ``level`` (see the module's docstring).

    The games are the independent draws: two seats of one bot in one game are not two
    chances. ``rate``, ``se``, ``lo`` and ``hi`` by agent are those of :func:`summary`'s
    win share. A frame with a missing column, or a ``won`` that is not a number from 0 to
    1 (text, ``NaN``), or a missing ``game``, ``agent`` or ``seat`` (:func:`~bluffkit.core.errors.check_keys`), is
    refused in words naming the column."""
    import pandas as pd
    check_frame(df, ("game", "agent", "seat", "won"), "win_rates", "tournament(...)")
    check_numbers(df, ("won",), "win_rates")
    check_keys(df, ("game", "agent", "seat"), "win_rates")
    z = _z(level)
    if len(df) == 0:
        return pd.DataFrame(columns=RATE_COLUMNS)
    out = []
    for by in ("agent", "seat"):
        per = df.groupby(["game", by], sort=False)["won"].agg(["mean", "size", "sum"]).reset_index()
        g = per.groupby(by)
        stats = _interval(g["mean"], z, share=True)
        stats["seats"], stats["wins"] = g["size"].sum(), g["sum"].sum().astype("float64")
        stats = stats.reset_index().rename(columns={by: "who", "mean": "rate"})
        out.append(stats.assign(by=by, who=stats["who"].astype(str)))
    return pd.concat(out, ignore_index=True)[RATE_COLUMNS]


def wilson(share, n, z: float):
    """The Wilson score interval ``(lo, hi)`` of a share from 0 to 1 found in ``n`` draws,
    at ``z`` (1.96 for 95 %): the shares p with |share - p| <= z sqrt(p (1 - p) / n). It stays
    within 0..1 and is not a point at 0 or 1. Numbers or arrays (numpy, pandas).

    >>> [round(float(x), 3) for x in wilson(0.0, 20, 1.959963984540054)]
    [0.0, 0.161]
    >>> [round(float(x), 3) for x in wilson(0.5, 20, 1.959963984540054)]
    [0.299, 0.701]
    """
    import numpy as np
    p = np.clip(np.asarray(share, dtype="float64"), 0.0, 1.0)
    n = np.asarray(n, dtype="float64")
    z2 = z * z
    scale = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / scale
    half = z * np.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / scale
    lo, hi = np.clip(centre - half, 0.0, 1.0), np.clip(centre + half, 0.0, 1.0)
    return np.where(p == 0, 0.0, lo), np.where(p == 1, 1.0, hi)      # (exactly: rounding left 1e-17)


#: What the ``interval`` column of :func:`summary` and :func:`pairwise` says.
INTERVALS = {"wilson": "Wilson score", "t": "Student t (mean ± t se, games - 1 degrees of freedom)",
             "one": "none: one game", "flat": "none: every game gave the same value"}


def _t_within(t: float, v: int) -> float:
    """P(|T| < t) for Student's t with a whole ``v`` degrees of freedom, in closed form
    (Abramowitz and Stegun 26.7.3 and 26.7.4: a finite sum in cos² of atan(t / sqrt(v)))."""
    import math
    theta = math.atan(t / math.sqrt(v))
    c, s = math.cos(theta) ** 2, math.sin(theta)
    if v % 2:                               # odd: (2/pi) (theta + sin cos (1 + 2/3 c + 2*4/(3*5) c^2 ...))
        term, total = 1.0, 1.0
        for k in range(1, (v - 1) // 2):
            term *= c * (2 * k) / (2 * k + 1)
            total += term
        return (2 / math.pi) * (theta + (s * math.cos(theta) * total if v > 1 else 0.0))
    term, total = 1.0, 1.0                  # even: sin (1 + 1/2 c + 1*3/(2*4) c^2 ...)
    for k in range(1, v // 2):
        term *= c * (2 * k - 1) / (2 * k)
        total += term
    return s * total


def _t_one(level: float, v: int, z: float) -> float:
    import math
    p = (1 + level) / 2
    if v == 1:
        return math.tan(math.pi * (p - 0.5))
    if v == 2:
        return (2 * p - 1) / math.sqrt(2 * p * (1 - p))
    g = ((z ** 3 + z) / 4, (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96,
         (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384,
         (79 * z ** 9 + 776 * z ** 7 + 1482 * z ** 5 - 1920 * z ** 3 - 945 * z) / 92160)
    t = z + sum(gk / v ** (k + 1) for k, gk in enumerate(g))      # Cornish-Fisher, a start
    if v > 2000:                                                  # (the series is exact enough there)
        return t
    scale = math.exp(math.lgamma((v + 1) / 2) - math.lgamma(v / 2)) / math.sqrt(v * math.pi)
    for _ in range(8):                                            # Newton on the closed form
        step = (_t_within(t, v) - level) / (2 * scale * (1 + t * t / v) ** (-(v + 1) / 2))
        t -= step
        if abs(step) < 1e-12 * t:
            break
    return t


def t_quantile(level: float, df) -> object:
    """The two-sided ``level`` quantile of Student's t with ``df`` degrees of freedom (a
    whole number >= 1, or an array of them): exact for 1 (Cauchy) and 2; for more, the
    Cornish-Fisher series in 1/df refined by Newton's method on the closed-form
    distribution (Abramowitz and Stegun 26.7.3-4), so it agrees with the printed tables at
    every level (12.706, 4.303, 3.182 for 95 % at 1, 2, 3; 5.841 for 99 % at 3). It tends to
    the normal quantile as ``df`` grows, so an interval on a handful of games is as wide as
    the spread of so few allows.

    >>> [round(float(t_quantile(0.95, k)), 3) for k in (1, 2, 3, 10, 1000)]
    [12.706, 4.303, 3.182, 2.228, 1.962]
    """
    import numpy as np
    if not 0 < level < 1:
        raise ValueError(f"level is a probability between 0 and 1, got {level!r}")
    v = np.asarray(df)
    if v.size and (not np.issubdtype(v.dtype, np.number) or (v < 1).any() or (v != np.floor(v)).any()):
        raise ValueError(f"degrees of freedom are whole numbers from 1, got {df!r}")
    z = NormalDist().inv_cdf((1 + level) / 2)
    found = {int(k): _t_one(level, int(k), z) for k in np.unique(v)}
    out = np.vectorize(lambda k: found[int(k)], otypes=[float])(v) if v.ndim else np.asarray(found[int(v)])
    return out if out.ndim else float(out)


def _interval(values, z: float, share: bool = False, level: float = 0.95) -> pd.DataFrame:
    """Count, mean, standard error and interval of each group, with ``interval`` naming it.
    A ``share`` (a number from 0 to 1) gets the Wilson score interval; any other mean
    Student's t interval, mean ± t se with games - 1 degrees of freedom (:func:`t_quantile`:
    the normal mean ± z se was far too narrow on a handful of games), or none (``NaN``
    bounds) when there is no spread to estimate it from: one game, or every game the same
    value (a zero-width interval would claim the mean is known exactly)."""
    import numpy as np
    import pandas as pd
    g = values.agg(["count", "mean", "std"])
    n, mean, sd = g["count"].astype("int64"), g["mean"], g["std"]
    se = sd / n.pow(0.5)
    if share:
        low, high = wilson(mean, n, z)
        lo, hi = pd.Series(low, index=g.index), pd.Series(high, index=g.index)
        how = pd.Series(INTERVALS["wilson"], index=g.index)
    else:
        spread = sd > 1e-12 * np.maximum(1.0, mean.abs())          # (NaN, one game: False)
        t = pd.Series(t_quantile(level, np.maximum(n - 1, 1)), index=g.index)
        lo, hi = (mean - t * se).where(spread), (mean + t * se).where(spread)
        how = pd.Series(np.where(spread, INTERVALS["t"], np.where(n < 2, INTERVALS["one"], INTERVALS["flat"])),
                        index=g.index)
    return pd.DataFrame({"games": n, "mean": mean, "se": se, "lo": lo, "hi": hi, "interval": how})


def _z(level: float) -> float:
    if isinstance(level, bool) or not isinstance(level, (int, float)) or not 0 < level < 1:
        raise ValueError(f"level is a probability between 0 and 1, got {level!r}")
    return NormalDist().inv_cdf((1 + level) / 2)


def summary(df: pd.DataFrame, level: float = 0.95) -> pd.DataFrame:
    """Each bot's mean win share (per seat it held: 1/players when all are equal), score
    and rank, with standard errors and ``level`` confidence intervals, one row per bot and
    measure: ``agent``, ``measure`` (:data:`MEASURES`), ``games`` (games it played),
    ``mean``, ``se``, ``lo``, ``hi``, ``interval`` (which interval, :data:`INTERVALS`);
    the frame's ``attrs["level"]`` keeps ``level``.

    The games are the independent draws: a bot's seats in one game are averaged first
    (a bot holding two seats of a game counts that game once), then
    ``se = sd / sqrt(games)`` over its games (``NaN`` after one game). The win share's
    interval is the Wilson score interval (within 0..1, and not a point for a bot that
    won every game or none); a score's and a rank's is Student's t, mean ± t se (a rank's
    kept within 1 and the number of seats), and
    none (``NaN`` bounds, ``interval`` saying why) after one game or when every game gave
    the same value. See the module's docstring. A frame with a missing column, or one of
    text or ``NaN`` in ``won``, ``score`` or ``rank``, or a missing ``game`` or ``agent``
    (:func:`~bluffkit.core.errors.check_keys`), is refused in words naming it."""
    import pandas as pd
    check_frame(df, ("game", "agent", *MEASURES), "summary", "tournament(...) or load(folder)")
    check_numbers(df, tuple(MEASURES), "summary")
    check_keys(df, ("game", "agent"), "summary")
    z = _z(level)
    per = df.groupby(["game", "agent"], sort=False)[list(MEASURES)].mean().reset_index()
    parts = []
    seats = int(df.groupby("game").size().max()) if len(df) else 1
    for col, measure in MEASURES.items():
        part = _interval(per.groupby("agent")[col], z, share=col in SHARES, level=level).reset_index()
        if col == "rank":                   # a rank lies from 1 to the number of seats
            part["lo"], part["hi"] = part["lo"].clip(lower=1), part["hi"].clip(upper=seats)
            part["interval"] = part["interval"].replace(INTERVALS["t"], INTERVALS["t"] + ", kept within 1 and "
                                                        f"the number of seats ({seats})")
        part.insert(1, "measure", measure)
        parts.append(part)
    out = pd.concat(parts, ignore_index=True)
    order = {m: k for k, m in enumerate(MEASURES.values())}
    out = out.sort_values(["measure", "agent"], key=lambda s: s.map(order) if s.name == "measure" else s,
                          ignore_index=True)
    out.attrs["level"] = level                  # for the chart's title (summary_chart)
    return out


def pairwise(df: pd.DataFrame, level: float = 0.95) -> pd.DataFrame:
    """Head to head: for each ordered pair of different bots that met, ``ahead``: the share
    of their meetings in which ``agent`` finished ahead of ``opponent`` (a better rank;
    an equal rank counts one half), with ``se``, ``lo``, ``hi`` (the Wilson score interval)
    and ``interval`` as in :func:`summary`.

    A game where the bots hold several seats counts once, with the mean over their pairs
    of seats. ``agent`` ahead of ``opponent`` plus the reverse is 1 in every game."""
    check_frame(df, ("game", "seat", "agent", "rank"), "pairwise", "tournament(...) or load(folder)")
    check_numbers(df, ("rank",), "pairwise")
    check_keys(df, ("game", "seat", "agent"), "pairwise")
    z = _z(level)
    seats = df[["game", "seat", "agent", "rank"]]
    pairs = seats.merge(seats, on="game", suffixes=("", "_o"))
    pairs = pairs[pairs["agent"] != pairs["agent_o"]]
    ahead = (pairs["rank"] < pairs["rank_o"]).astype("float64") + 0.5 * (pairs["rank"] == pairs["rank_o"])
    per = pairs.assign(ahead=ahead).groupby(["game", "agent", "agent_o"], sort=False)["ahead"].mean()
    out = _interval(per.reset_index().groupby(["agent", "agent_o"])["ahead"], z, share=True).reset_index()
    out = out.rename(columns={"agent_o": "opponent", "mean": "ahead"})
    return out.sort_values(["agent", "opponent"], ignore_index=True)
