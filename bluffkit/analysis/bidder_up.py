"""Simulated games of Bidder Up! (the board game): where the pawns land, and what the notes
paid for moving buy. Section letters are those of docs/bidder-up.md.

:func:`simulate_board` plays seeded games between bots and reads everything from the
recorded actions, which every player sees: each :class:`~bluffkit.games.bidder_up.actions.Move`
names the space landed on and the notes paid for it, "more or fewer [spaces] costs notes by
count, not value", paid onto the Piggy Bank [C]. It returns two tidy frames:

- ``seats``, one row per seat per game: the bot, its final score [I], money, complete
  types, rank and whether it won; its moves, the moves that cost notes and the notes paid for
  moving [C] (and, for comparison, those paid at the market [G] and the Raffle Booth [H]);
- ``visits``, one row per game per space of the board, in board order (the loop clockwise
  from the start, then the hill): the board's label, the space's kind (pen [D],
  horse-trading [E], Piggy Bank [F], market [G], Raffle Booth [H]), a pen's auction format,
  and how often a pawn landed there.

:func:`visits_chart` draws the landings; :func:`movement_cost_chart` (a scatter with a
trend per bot) and :func:`score_by_notes_chart` (mean scores by bins of notes paid) what
paying to move goes with. Like every bluffkit chart they fit a notebook projected at
1280x720 (:mod:`bluffkit.analysis.chart_style`).

The summaries (:func:`visits_per_game`, :func:`score_by_notes`) of a frame with no rows
give a frame with no rows (and their columns); the charts refuse one (there is nothing to
draw). Every one of them refuses, with a ``ValueError`` naming the function and the column,
a frame that is not these frames: a column missing, or one that should hold numbers
holding text, True/False, nan or inf. Counts (``games``, ``players``, ``step``,
``min_seats``) are whole numbers: Python's, numpy's (``np.arange`` gives ``np.int64``) or
sympy's, never True or False.

>>> run = simulate_board(games=2, board="fairground", seed=1, progress=False)
>>> len(run.seats), run.visits.groupby("game")["visits"].sum().tolist() == \\
...     run.seats.groupby("game")["moves"].sum().tolist()
(8, True)
>>> run.visits.iloc[1][["space", "label", "kind"]].tolist()
['raffle-1', 'Raffle Booth', 'raffle']
"""

from __future__ import annotations

import math
from collections import Counter
from typing import NamedTuple

import altair as alt
import pandas as pd

from bluffkit.agents.base import make_agent
from bluffkit.agents.bidder_up import AGENTS
from bluffkit.analysis.chart_style import MAX_ROWS, OKABE_ITO, builder, check_max_points, finish
from bluffkit.analysis.tournament import t_quantile
from bluffkit.auctions.rules import FORMATS
from bluffkit.core.errors import RulesError, as_int, check_frame
from bluffkit.core.game import make_game
from bluffkit.core.money import amount
from bluffkit.core.play import lineup, play_games
from bluffkit.core.seeding import check_seed, game_seeds
from bluffkit.games.bidder_up import actions as A
from bluffkit.games.bidder_up.board import BOARD_NAMES, shipped_board

#: The bots of :mod:`bluffkit.agents.bidder_up`, by name (``heuristic``, ``random``).
BOTS = tuple(AGENTS)

#: A space's kind in words, in legend order, and its colour (Okabe-Ito, colour-blind safe).
KIND_WORDS = {"pen": "pen (auction)", "horse-trade": "horse-trading", "piggy-bank": "Piggy Bank",
              "market": "market", "raffle": "Raffle Booth", "start": "start"}
KIND_COLOURS = dict(zip(KIND_WORDS, (OKABE_ITO[0], OKABE_ITO[1], OKABE_ITO[2], OKABE_ITO[5], OKABE_ITO[3],
                                     OKABE_ITO[6])))


class BoardRun(NamedTuple):
    """What :func:`simulate_board` returns: ``seats`` (one row per seat per game) and
    ``visits`` (one row per game per space)."""

    seats: pd.DataFrame
    visits: pd.DataFrame


def board_spaces(board: str, players: int = 4) -> pd.DataFrame:
    """The spaces of a board side in board order: the loop clockwise from the start, then
    the hill's spaces by the junction they hang from, the hilltop last (the boards are data
    files, section L1). Columns ``order``, ``space`` (its id), ``label`` (the board's words),
    ``name`` (the label, numbered ``#1``, ``#2``, ... where the board repeats it, so a chart
    tells the spaces apart), ``kind``, ``on_hill`` and ``format`` (a pen's auction for
    ``players`` players, section B; empty for other spaces).

    >>> board_spaces("animal-market").query("kind == 'horse-trade'")["name"].tolist()[:2]
    ['Horse-Trading #1', 'Horse-Trading #2']
    """
    b = shipped_board(_check_board(board))
    game = make_game("bidder-up", board=board)
    players = as_int(players)
    game.check_players(players)
    tiles = game.rules.tiles_for(players)
    where = {s: i for i, s in enumerate(b.loop)}
    hill = [s.id for s in b.spaces if s.id not in where]

    def hangs_from(sid: str) -> int:
        ends = [e for edge in b.hill_edges if sid in edge for e in edge if e != sid and e in where]
        return min((where[e] for e in ends), default=len(where))

    ordered = list(b.loop) + sorted(hill, key=lambda s: (hangs_from(s), hill.index(s)))
    labels = Counter(b.space(s).label for s in ordered)
    seen: Counter = Counter()
    rows = []
    for i, sid in enumerate(ordered):
        s = b.space(sid)
        seen[s.label] += 1
        name = f"{s.label} #{seen[s.label]}" if labels[s.label] > 1 else s.label
        fmt = FORMATS[tiles[s.tile_position]].title if s.kind == "pen" and s.tile_position is not None else ""
        rows.append({"order": i, "space": sid, "label": s.label, "name": name, "kind": s.kind,
                     "on_hill": sid not in where, "format": fmt})
    return pd.DataFrame(rows)


def _check_board(board: object) -> str:
    if board not in BOARD_NAMES:
        raise RulesError(f"board must be one of {', '.join(BOARD_NAMES)}, got {board!r}")
    return str(board)


def _default_bots(players: int) -> list[str]:
    return [("heuristic", "random")[i % 2] for i in range(players)]


def simulate_board(games: int = 200, board: str = "animal-market", players: int = 4, bots=None, seed: int = 0,
                   variants=(), progress=True, rotate: bool = True) -> BoardRun:
    """Play ``games`` seeded games of Bidder Up! on ``board`` (``"animal-market"`` or
    ``"fairground"``) with ``players`` seats and return a :class:`BoardRun` of two tidy frames.

    ``bots``: one bot name per seat (``"heuristic"``, ``"random"``); default heuristic and
    random in turn. With ``rotate`` (the default) game ``i`` seats the line-up shifted by
    ``i``, so every bot plays every seat equally often. ``variants``: the game's variants
    (``"babies"``, ``"raffle-rush"``). Game ``i`` is played from its own seed derived from
    ``seed``: the same arguments give the same frames. ``progress``: a bar (``True``: a
    widget in a notebook, text elsewhere), ``False``, or a callable ``progress(done, total)``.

    ``seats`` has one row per seat per game: ``board``, ``players``, ``game``, ``seed`` (the
    game's own), ``seat``, ``bot``, ``score`` (points, section I), ``money`` (its notes'
    value at the end), ``barn`` (complete types), ``rank`` (1 best; tied seats share a
    rank), ``won``, ``moves`` (turns it moved: one move a turn, an Extra Turn's included),
    ``paid_moves`` (moves that cost notes), ``notes_moved`` (the notes, by number, paid for
    moving more or fewer spaces than rolled, section C), ``notes_market`` [G] and
    ``notes_raffle`` [H] (notes paid there), ``turns`` (the game's length in turns).
    ``visits`` has one row per game per space (:func:`board_spaces` columns, with ``board``
    and ``game``): ``visits`` (moves that landed there), ``paid_visits`` (of those, the
    ones that cost notes) and ``notes`` (notes paid for them).

    ``games`` and ``players`` are whole numbers (numpy's too). Bad arguments raise
    :class:`~bluffkit.core.errors.RulesError` (a ``ValueError``) saying what was wrong,
    before any game is played.
    """
    games, players = as_int(games), as_int(players)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise RulesError(f"games must be a whole number >= 1, got {games!r}")
    check_seed(seed)
    _check_board(board)
    if not isinstance(variants, (list, tuple)):
        raise RulesError(f"variants must be a list of variant names, got {variants!r}")
    game = make_game("bidder-up", board=board, variants=list(variants))
    if isinstance(players, bool) or not isinstance(players, int):
        raise RulesError(f"players must be a whole number, got {players!r}")
    game.check_players(players)
    bots = _default_bots(players) if bots is None else bots
    if isinstance(bots, str) or not isinstance(bots, (list, tuple)) or not all(isinstance(b, str) for b in bots):
        raise RulesError(f"bots must be a list of bot names (one per seat), got {bots!r}")
    if len(bots) != players:
        raise RulesError(f"give one bot per seat: {players} players, {len(bots)} bots ({', '.join(bots)})")
    for b in bots:
        if b not in BOTS:
            raise RulesError(f"unknown bot {b!r}; the bots of Bidder Up! are {', '.join(BOTS)}")
    bots = list(bots)
    spaces = board_spaces(board, players)
    seeds = game_seeds(seed, games)

    def seated(i: int) -> list[str]:
        return lineup(bots, i) if rotate else bots

    seat_rows, visit_rows = [], []
    for i, rec in play_games(game, seeds, lambda i: [make_agent(b, game) for b in seated(i)],
                             progress=progress, desc=f"Bidder Up! {board} x{players}"):
        names = seated(i)
        tally: dict[int, Counter] = {s: Counter() for s in range(players)}
        landed: Counter = Counter()
        paid_at: Counter = Counter()
        notes_at: Counter = Counter()
        for seat, action in rec.moves:
            if seat is None:
                continue
            kind = type(action)
            if kind is A.Move:
                paid = sum(action.notes)
                tally[seat]["moves"] += 1
                tally[seat]["paid_moves"] += paid > 0
                tally[seat]["notes_moved"] += paid
                landed[action.space] += 1
                paid_at[action.space] += paid > 0
                notes_at[action.space] += paid
            elif kind is A.Market:
                tally[seat]["notes_market"] += sum(action.notes)
            elif kind is A.Raffle:
                tally[seat]["notes_raffle"] += sum(action.notes)
        scores = rec.scores
        for seat in range(players):
            t = tally[seat]
            seat_rows.append({
                "board": board, "players": players, "game": i, "seed": seeds[i], "seat": seat, "bot": names[seat],
                "score": scores[seat], "money": rec.summary["money"][seat], "barn": rec.summary["barn"][seat],
                "rank": 1 + sum(x > scores[seat] for x in scores), "won": seat in rec.winners,
                "moves": t["moves"], "paid_moves": t["paid_moves"], "notes_moved": t["notes_moved"],
                "notes_market": t["notes_market"], "notes_raffle": t["notes_raffle"], "turns": rec.final.turn})
        unknown = set(landed) - set(spaces["space"])
        if unknown:                       # the engine moved a pawn somewhere this board does not have
            raise RulesError(f"game {i}: moves to {sorted(map(str, unknown))}, not spaces of the {board} board")
        for sp in spaces.itertuples(index=False):
            visit_rows.append({"board": board, "game": i, **sp._asdict(), "visits": landed[sp.space],
                               "paid_visits": paid_at[sp.space], "notes": notes_at[sp.space]})
    return BoardRun(pd.DataFrame(seat_rows), pd.DataFrame(visit_rows))


def visits_per_game(visits: pd.DataFrame) -> pd.DataFrame:
    """Per board and space (in board order): ``per_game`` (mean landings per game, all
    pawns together), ``share`` (of all landings on that board), ``visits``, ``paid_share``
    (of the landings there, the share that cost notes) and ``games``. ``visits`` with no rows
    gives a frame with no rows."""
    keys = ["board", "order", "space", "label", "name", "kind", "on_hill", "format"]
    _check_visits(visits, "visits_per_game")
    if len(visits) == 0:
        return pd.DataFrame(columns=[*keys, *_COUNTS, "games", "per_game", "share", "paid_share"])
    g = visits.groupby(keys, as_index=False, sort=True)[["visits", "paid_visits", "notes"]].sum()
    games = visits.groupby("board")["game"].nunique()
    total = g.groupby("board")["visits"].transform("sum")
    g["games"] = g["board"].map(games)
    g["per_game"] = g["visits"] / g["games"]
    g["share"] = g["visits"] / total.where(total > 0, 1)
    g["paid_share"] = g["paid_visits"] / g["visits"].where(g["visits"] > 0, 1)
    return g


_COUNTS = ["visits", "paid_visits", "notes"]
_VISIT_KEYS = ("board", "game", "order", "space", "label", "name", "kind", "on_hill", "format")
_SEAT_KEYS = ("board", "bot", "score", "notes_moved")


def _check_visits(visits, what: str, chart: bool = False) -> None:
    """A chart (``chart=True``) refuses a frame with no rows too, in a chart builder's words."""
    check_frame(visits, _VISIT_KEYS, what, None if chart else "simulate_board(...).visits",
                numbers=("game", "order", *_COUNTS), empty="nothing to chart" if chart else None)


def _check_seats(seats, what: str, columns=_SEAT_KEYS, chart: bool = False) -> None:
    check_frame(seats, columns, what, None if chart else "simulate_board(...).seats",
                numbers=[c for c in columns if c not in ("board", "bot")], empty="nothing to chart" if chart else None)


def _board_title(board: str) -> str:
    return shipped_board(board).title or board


# -- charts ----------------------------------------------------------------------------------------
def _visits_example() -> list:
    one = simulate_board(games=3, board="fairground", seed=1, progress=False).visits
    two = simulate_board(games=3, board="animal-market", seed=2, progress=False).visits
    return [((one,), {}), ((pd.concat([two, one], ignore_index=True),), {})]


def _cost_example() -> list:
    one = simulate_board(games=4, board="animal-market", seed=3, progress=False).seats
    two = simulate_board(games=4, board="fairground", seed=4, progress=False).seats
    return [((one,), {}), ((pd.concat([one, two], ignore_index=True),), {})]


@builder(example=_visits_example)
def visits_chart(visits: pd.DataFrame, title: str = "Where the pawns land") -> alt.Chart | alt.FacetChart:
    """How often a pawn lands on each space, per game (all pawns together): one bar per
    space in board order (the loop clockwise from the start, then the hill), by the board's
    labels, coloured by the space's kind (pens [D], horse-trading [E], Piggy Bank [F], market
    [G], Raffle Booth [H]). ``visits`` is :func:`simulate_board`'s; with several boards, one
    panel per board side by side. A frame with no rows is refused."""
    _check_visits(visits, "visits_chart", chart=True)
    g = visits_per_game(visits)
    g["kind_words"] = g["kind"].map(KIND_WORDS)
    g["board_title"] = g["board"].map(_board_title)
    boards = list(dict.fromkeys(g.sort_values("board")["board_title"]))
    kinds = [k for k in KIND_WORDS if k in set(g["kind"])]
    colour = alt.Color("kind_words:N", title="space", sort=[KIND_WORDS[k] for k in kinds],
                       scale=alt.Scale(domain=[KIND_WORDS[k] for k in kinds], range=[KIND_COLOURS[k] for k in kinds]))
    rows = int(g.groupby("board")["space"].nunique().max())
    chart = alt.Chart(g).mark_bar().encode(
        y=alt.Y("name:N", sort=alt.EncodingSortField("order", op="min"), title=None),
        x=alt.X("per_game:Q", title="landings per game (all pawns)"),
        color=colour,
        tooltip=[alt.Tooltip("board_title:N", title="board"), alt.Tooltip("name:N", title="space"),
                 alt.Tooltip("kind_words:N", title="kind"), alt.Tooltip("format:N", title="auction"),
                 alt.Tooltip("per_game:Q", title="landings per game", format=".2f"),
                 alt.Tooltip("share:Q", title="share of all landings", format=".1%"),
                 alt.Tooltip("paid_share:Q", title="landings that cost notes", format=".0%"),
                 alt.Tooltip("visits:Q", title="landings in all"), alt.Tooltip("games:Q", title="games")])
    games = sorted(set(g["games"]))
    sub = f"{' and '.join(map(str, games))} simulated games; the board's labels, the loop from the start, " \
          "then the hill"
    if (g.groupby(["board", "label"])["space"].nunique() > 1).any():
        sub += "; a label the board repeats is numbered in that order (#1 the first)"
    if len(boards) == 1:
        chart = chart.properties(width=440, height=18 * rows)
        return finish(chart, f"{title}: {boards[0]}", 720, legend="right", subtitle=sub)
    chart = chart.properties(width=170, height=18 * rows).facet(
        column=alt.Column("board_title:N", title=None, sort=boards, header=alt.Header(labelFontWeight="bold")),
        spacing=16).resolve_scale(y="independent")
    return finish(chart, title, 780, legend="bottom", subtitle=sub)


#: The most points :func:`movement_cost_chart` plots (altair refuses a chart of over 5,000 rows).
MAX_POINTS = 4000


def _sampled_with_trend(df: pd.DataFrame, max_points: int, games: str) -> tuple[pd.DataFrame, str]:
    """``max_points`` of ``df``'s seats drawn at random (seeded), as ``layer`` "point", and
    each board's and bot's least-squares line over every seat, as two rows of ``layer``
    "trend" at the ends of its notes (none for a bot whose seats all paid the same); and the
    subtitle saying so, ``games`` its count of games ("2,000 games"). Points and lines
    together are at most :data:`MAX_ROWS` rows: fewer points are drawn when ``max_points``
    and the lines' rows pass it (``max_points=5000`` made a chart of 5,004 rows, which
    altair refused), and the subtitle gives the number drawn."""
    import numpy as np
    lines = []
    for (board, bot), g in df.groupby(["board_title", "bot"], sort=True):
        x, y = g["notes_moved"].to_numpy(float), g["score"].to_numpy(float)
        if np.ptp(x) == 0:
            continue
        slope, icept = np.polyfit(x, y, 1)
        ends = np.array([x.min(), x.max()])
        lines.append(pd.DataFrame({"board_title": board, "bot": bot, "layer": "trend", "order": [0, 1],
                                   "notes_moved": ends, "score": icept + slope * ends}))
    drawn = min(max_points, MAX_ROWS - 2 * len(lines))
    shown = df.sample(drawn, random_state=0).sort_index().assign(layer="point")
    data = pd.concat([shown, *lines], ignore_index=True)
    return data, (f"{drawn:,} of the {len(df):,} seats drawn at random, one point each "
                  f"({games}); lines: each bot's straight-line trend over every seat")


@builder(example=_cost_example)
def movement_cost_chart(seats: pd.DataFrame, title: str = "What paying to move buys",
                        max_points: int = MAX_POINTS) -> alt.LayerChart | alt.FacetChart:
    """Each seat's final score [I] against the notes it paid in the game for moving more or
    fewer spaces than it rolled [C], one point per seat and game, coloured by bot, with a
    straight trend line per bot (least squares). ``seats`` is :func:`simulate_board`'s;
    with several boards, one panel per board. A trend is a correlation, not a cause: a bot
    that pays to reach a full pen also bids there. A frame with no rows is refused.

    Of more than ``max_points`` seats (1,000 four-player games and more), ``max_points`` drawn
    at random (seeded: the same frame draws the same points) are plotted, as the subtitle
    says, and the trend lines are worked out here from every seat: a chart holding every
    row was refused by altair past 5,000 rows (``MaxRowsError``), and a browser draws tens of
    thousands of points slowly. ``max_points`` is a whole number from 1 to 5,000
    (:data:`~bluffkit.analysis.chart_style.MAX_ROWS`), a larger one refused in words; the
    points and the trend lines' rows together are at most 5,000."""
    _check_seats(seats, "movement_cost_chart", ("board", "game", "seat", "bot", "score", "notes_moved", "paid_moves",
                                                 "moves", "rank"), chart=True)
    df = seats[["board", "game", "seat", "bot", "score", "notes_moved", "paid_moves", "moves", "rank"]].copy()
    df["board_title"] = df["board"].map(_board_title)
    boards = list(dict.fromkeys(df.sort_values("board")["board_title"]))
    bots = sorted(set(df["bot"]))
    colour = alt.Color("bot:N", title="bot", sort=bots, scale=alt.Scale(domain=bots, range=OKABE_ITO[:len(bots)]),
                       legend=alt.Legend(symbolOpacity=1))
    x = alt.X("notes_moved:Q", title="notes paid for moving in a game (notes)")
    y = alt.Y("score:Q", title="final score (points)")
    points = alt.Chart().mark_circle(size=45, opacity=0.45).encode(
        x=x, y=y, color=colour,
        tooltip=[alt.Tooltip("board_title:N", title="board"), "game:Q", "seat:Q", "bot:N",
                 alt.Tooltip("score:Q", title="score (points)", format=","),
                 alt.Tooltip("notes_moved:Q", title="notes paid for moving"),
                 alt.Tooltip("paid_moves:Q", title="moves that cost notes"), alt.Tooltip("moves:Q", title="moves"),
                 alt.Tooltip("rank:Q", title="rank")])
    trend = alt.Chart().transform_regression("notes_moved", "score", groupby=["bot"]).mark_line(
        strokeWidth=3).encode(x=x, y=y, color=colour, tooltip=["bot:N"])
    games = df.groupby("board")["game"].nunique()
    counted = f"{' and '.join(map(amount, sorted(set(games))))} games"
    sub = f"one point per seat and game ({counted}); lines: each bot's straight-line trend"
    max_points = check_max_points(max_points, "movement_cost_chart")
    if len(df) > max_points:
        df, sub = _sampled_with_trend(df, max_points, counted)
        points = points.transform_filter(alt.datum.layer == "point")
        trend = alt.Chart().transform_filter(alt.datum.layer == "trend").mark_line(strokeWidth=3).encode(
            x=x, y=y, color=colour, order="order:Q", tooltip=["bot:N"])
    if len(boards) == 1:
        chart = alt.layer(points, trend, data=df).properties(width=560, height=340)
        return finish(chart, f"{title}: {boards[0]}", 720, legend="right", subtitle=sub)
    chart = alt.layer(points, trend, data=df).properties(width=290, height=300).facet(
        column=alt.Column("board_title:N", title=None, sort=boards, header=alt.Header(labelFontWeight="bold")),
        spacing=20).resolve_scale(x="independent", y="independent")
    return finish(chart, title, 780, legend="bottom", subtitle=sub)


def score_by_notes(seats: pd.DataFrame, step: int | None = None, min_seats: int = 5) -> pd.DataFrame:
    """Mean final score [I] by bins of the notes paid for moving in a game [C], per board and
    bot: ``low`` (the bin's first count of notes), ``bin`` (its words: ``"5–9"``, the last
    ``"30+"`` holding the few seats beyond the 95th percentile), ``seats``, ``mean``, ``se``
    (standard error of the mean), ``low_ci`` and ``high_ci`` (Student's t interval at 95 %,
    mean -/+ t se with seats - 1 degrees of freedom; ``NaN`` for a bin of one seat, or one
    where every seat scored the same: no spread to estimate it from). The seats are counted
    as independent draws, which two seats of one bot in one game are not quite (they share
    the game's deal and pens): the interval is a guide, narrower than the truth. ``step``:
    the bins' width in notes (default: about five bins up to the 95th percentile). A bin of
    fewer than ``min_seats`` seats is left out (its mean says little). ``seats`` with no rows
    gives a frame with no rows.

    >>> df = pd.DataFrame({"board": "fairground", "bot": "random", "score": [100, 300, 500, 900, 50],
    ...                    "notes_moved": [0, 1, 6, 7, 3]})
    >>> score_by_notes(df, step=5, min_seats=2)[["bin", "seats", "mean"]].values.tolist()
    [['0–4', 3, 150.0], ['5–9', 2, 700.0]]
    """
    step, min_seats = _bins(step, min_seats)
    _check_seats(seats, "score_by_notes")
    if len(seats) == 0:
        return pd.DataFrame(columns=["board", "bot", "low", "seats", "mean", "se", "low_ci", "high_ci", "bin"])
    notes = seats["notes_moved"]
    q95 = float(notes.quantile(0.95))
    if step is None:
        step = max(1, math.ceil(q95 / 5))
    top = step * max(1, math.ceil(q95 / step))
    low = (notes.clip(upper=top) // step * step).astype(int)
    g = seats.assign(low=low).groupby(["board", "bot", "low"], as_index=False)["score"].agg(
        seats="count", mean="mean", sd="std")
    g = g[g["seats"] >= min_seats].reset_index(drop=True)
    g["mean"] = g["mean"].astype(float)
    g["se"] = (g["sd"] / g["seats"] ** 0.5).astype(float)          # NaN for one seat
    spread = g["se"].fillna(0.0) > 0
    t = pd.Series(t_quantile(0.95, (g["seats"] - 1).clip(lower=1).to_numpy()), index=g.index) if len(g) else 0.0
    g["low_ci"] = (g["mean"] - t * g["se"]).where(spread)
    g["high_ci"] = (g["mean"] + t * g["se"]).where(spread)
    g["bin"] = [f"{lo}+" if lo >= top and notes.max() > top else f"{lo}–{lo + step - 1}" if step > 1 else str(lo)
                for lo in g["low"]]
    return g.drop(columns="sd")


def _bins(step, min_seats) -> tuple:
    """``step`` (``None`` or a whole number >= 1) and ``min_seats`` (a whole number >= 1) as ints."""
    step, min_seats = as_int(step), as_int(min_seats)
    for name, v in (("step", step), ("min_seats", min_seats)):
        if (v is not None or name == "min_seats") and (isinstance(v, bool) or not isinstance(v, int) or v < 1):
            raise ValueError(f"{name} must be a whole number >= 1, got {v!r}")
    return step, min_seats


def _bins_example() -> list:
    one = simulate_board(games=5, board="fairground", seed=5, progress=False).seats
    two = simulate_board(games=5, board="animal-market", seed=6, progress=False).seats
    return [((one,), {"min_seats": 1}), ((pd.concat([two, one], ignore_index=True),), {"step": 4, "min_seats": 2})]


@builder(example=_bins_example)
def score_by_notes_chart(seats: pd.DataFrame, step: int | None = None, min_seats: int = 5,
                         title: str = "Final score by the notes paid for moving") -> alt.LayerChart | alt.FacetChart:
    """The mean final score [I] of the seats that paid about the same number of notes for
    moving in a game [C] (:func:`score_by_notes`), per bot, with 95% intervals (Student's t;
    none for a bin of one seat); with several boards, one panel per board. Fewer seats in a bin, wider
    its interval: the tooltip gives the count. ``step`` and ``min_seats``: as for
    :func:`score_by_notes`. A frame with no rows is refused, as is one where no bin holds
    ``min_seats`` seats."""
    step, min_seats = _bins(step, min_seats)
    _check_seats(seats, "score_by_notes_chart", chart=True)
    g = score_by_notes(seats, step, min_seats)
    if len(g) == 0:
        raise ValueError(f"score_by_notes_chart: no bin of notes holds {min_seats} seats of a bot or more "
                         f"({len(seats):,} seats in all): nothing to chart; lower min_seats or simulate more games")
    g["board_title"] = g["board"].map(_board_title)
    boards = list(dict.fromkeys(g.sort_values("board")["board_title"]))
    bots = sorted(set(g["bot"]))
    order = [b for _, b in sorted(set(zip(g["low"], g["bin"])))]
    colour = alt.Color("bot:N", title="bot", sort=bots, scale=alt.Scale(domain=bots, range=OKABE_ITO[:len(bots)]))
    x = alt.X("bin:O", sort=order, title="notes paid for moving in a game (notes)", axis=alt.Axis(labelAngle=0))
    off = alt.XOffset("bot:N", sort=bots)
    tip = [alt.Tooltip("board_title:N", title="board"), "bot:N", alt.Tooltip("bin:O", title="notes paid for moving"),
           alt.Tooltip("mean:Q", title="mean score (points)", format=",.0f"),
           alt.Tooltip("low_ci:Q", title="95% from", format=",.0f"), alt.Tooltip("high_ci:Q", title="95% to", format=",.0f"),
           alt.Tooltip("seats:Q", title="seats (games x seats)")]
    bars = alt.Chart().mark_rule(strokeWidth=2).encode(x=x, xOffset=off, y=alt.Y("low_ci:Q", title="mean final score (points)"),
                                                       y2="high_ci:Q", color=colour, tooltip=tip)
    dots = alt.Chart().mark_point(filled=True, size=70, opacity=1).encode(
        x=x, xOffset=off, y=alt.Y("mean:Q", title="mean final score (points)"), color=colour, tooltip=tip)
    sub = f"dots: mean score; bars: 95% t interval (seats taken as independent); bins of fewer than {min_seats} seats left out"
    if len(boards) == 1:
        chart = alt.layer(bars, dots, data=g).properties(width=540, height=320)
        return finish(chart, f"{title}: {boards[0]}", 720, legend="right", subtitle=sub)
    chart = alt.layer(bars, dots, data=g).properties(width=290, height=300).facet(
        column=alt.Column("board_title:N", title=None, sort=boards, header=alt.Header(labelFontWeight="bold")),
        spacing=20).resolve_scale(x="independent", y="independent")
    return finish(chart, title, 780, legend="bottom", subtitle=sub)
