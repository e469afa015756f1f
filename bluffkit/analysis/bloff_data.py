"""Bløff games as tidy frames: every claim, whether it was a lie, and what became of it.

>>> from bluffkit.core.game import make_game
>>> df = simulate_claims(make_game("bloff"), ["honest", "random", "caller"], games=5, seed=2)
>>> sorted(df.columns)[:4]
['agent', 'called', 'caller', 'caller_agent']
>>> list(lie_summary(df).columns)
['agent', 'claims', 'lies', 'called', 'lies_caught']
"""

from __future__ import annotations

import pandas as pd

from bluffkit.agents.base import bot_names, make_agent
from bluffkit.core.errors import RulesError, check_frame, check_keys, check_whole, quote
from bluffkit.core.game import as_game
from bluffkit.core.play import MAX_GAMES, lineup, play_games
from bluffkit.core.seeding import check_seed, game_seeds
from bluffkit.games.bloff.cards import RANK_NAMES
from bluffkit.games.bloff.engine import Call, Play, is_lie
from bluffkit.games.bloff.game import Bloff

#: The columns of :func:`claims_frame` and :func:`simulate_claims`, and their types.
CLAIM_COLUMNS = {"game": "int64", "player": "int64", "agent": "object", "rank": "object", "count": "int64",
                 "lie": "bool", "called": "bool", "caller": "float64", "caller_agent": "object", "caught": "bool"}
#: The columns of :func:`lie_summary`.
SUMMARY_COLUMNS = ["agent", "claims", "lies", "called", "lies_caught"]


def claims_frame(game, moves, agents: list[str], game_index: int = 0) -> pd.DataFrame:
    """One row per claim of one game of ``game``, from its moves: ``player``, ``agent``,
    ``rank``, ``count``, ``lie`` (a card not of the claimed rank), ``called``,
    ``caller`` (the caller's seat, ``NaN`` when nobody called), ``caller_agent`` (missing when
    nobody called: ``None`` here, ``NaN`` once games are joined, so test it with ``isna()``), ``caught``
    (called and a lie); the columns and types of :data:`CLAIM_COLUMNS` (a game of no claims
    too). The moves are replayed on the game's table, so the rank claimed is the one the
    rules had in turn."""
    rows, open_row = [], None
    t = game.table(players=len(agents))
    for seat, action in moves:
        if seat is None:
            t.apply_chance(action)
            continue
        if isinstance(action, Play):
            open_row = {"game": game_index, "player": seat, "agent": agents[seat], "rank": RANK_NAMES[t.rank],
                        "count": len(action.cards), "lie": is_lie(t.rank, action.cards), "called": False,
                        "caller": None, "caller_agent": None, "caught": False}
            rows.append(open_row)
        elif isinstance(action, Call) and open_row is not None:
            open_row.update(called=True, caller=seat, caller_agent=agents[seat], caught=open_row["lie"])
        t.apply(seat, action)
    return _typed(pd.DataFrame(rows, columns=list(CLAIM_COLUMNS)))


def _typed(df: pd.DataFrame) -> pd.DataFrame:
    return df.astype({c: t for c, t in CLAIM_COLUMNS.items() if t != "object"})


def simulate_claims(game, agents: list[str], games: int, seed: int, *, progress=False) -> pd.DataFrame:
    """The claims of ``games`` seeded games of Bløff (seats rotating as in a tournament),
    one row per claim (:data:`CLAIM_COLUMNS`).

    ``agents`` is a list of bots' names, one per seat (a text alone is refused: it is not
    a list of one name); ``games`` a whole number from 0 (numpy's too, not True or
    False): ``games=0`` gives a frame of no rows with the columns and types of a frame of
    claims, so that code which sums or groups it works as on any other. ``seed`` a whole
    number. Each is checked, in words naming it, before any game is played.
    ``progress``: ``True`` for a bar (a widget in a notebook, text elsewhere), or a callable ``progress(done, total)`` (see
    :func:`bluffkit.core.play.play_games`).
    """
    game = as_game(game)
    if not isinstance(game, Bloff):
        raise RulesError(f"simulate_claims counts the claims of Bløff, not of {game.name}")
    agents = bot_names(agents)
    try:
        game.check_players(len(agents))
    except RulesError as e:
        raise RulesError(f"agents: one bot per seat; {e}") from None
    for name in dict.fromkeys(agents):
        make_agent(name, game)                      # an unknown bot, refused before any game
    games = check_whole(games, "games", 0, MAX_GAMES)
    check_seed(seed)
    agents = list(agents)
    frames = [claims_frame(game, rec.moves, lineup(agents, i), i) for i, rec in
              play_games(game, game_seeds(seed, games), lambda i: [make_agent(a, game) for a in lineup(agents, i)],
                         progress=progress, desc="Bløff games")]
    if not frames:                                   # games=0: no claims, the columns and types of claims
        return _typed(pd.DataFrame(columns=list(CLAIM_COLUMNS)))
    return pd.concat(frames, ignore_index=True)


def lie_summary(df: pd.DataFrame) -> pd.DataFrame:
    """By agent: claims made, share that were lies, share called, share of lies caught
    (:data:`SUMMARY_COLUMNS`). ``lies_caught`` is ``NaN`` for a bot that told no lies: no
    share of its lies can be caught or not (0 would say they all got away). A frame of no
    claims gives a summary of no rows, with the columns. ``lie``, ``called`` and ``caught``
    must hold True or False; anything else is refused in words naming the column."""
    check_frame(df, ("agent", "lie", "called", "caught"), "lie_summary", "simulate_claims(...)")
    check_keys(df, ("agent",), "lie_summary")
    flags = {}
    for c in ("lie", "called", "caught"):
        col = df[c]
        if col.dtype != bool:
            if not col.map(lambda v: v is True or v is False or type(v).__name__ == "bool_").all():
                shown = next(v for v in col if not (v is True or v is False or type(v).__name__ == "bool_"))
                raise ValueError(f"lie_summary: column {c!r} must hold True or False, got {quote(shown, 20)}")
            col = col.astype(bool)
        flags[c] = col
    if len(df) == 0:
        return pd.DataFrame({"agent": pd.Series(dtype=object), "claims": pd.Series(dtype="int64"),
                             **{c: pd.Series(dtype="float64") for c in SUMMARY_COLUMNS[2:]}})
    by = df["agent"]
    lies = flags["lie"].groupby(by).sum()
    caught = (flags["lie"] & flags["caught"]).groupby(by).sum()
    out = pd.DataFrame({"claims": by.groupby(by).size(), "lies": flags["lie"].groupby(by).mean(),
                        "called": flags["called"].groupby(by).mean(),
                        "lies_caught": (caught / lies).where(lies > 0)})
    out.index.name = "agent"
    return out.reset_index()[SUMMARY_COLUMNS]
