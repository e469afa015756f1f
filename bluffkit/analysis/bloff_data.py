"""Bløff games as tidy frames: every claim, whether it was a lie, and what became of it.

>>> from bluffkit.core.game import make_game
>>> df = simulate_claims(make_game("bloff"), ["honest", "random", "caller"], games=5, seed=2)
>>> sorted(df.columns)[:4]
['agent', 'called', 'caller', 'caller_agent']
"""

from __future__ import annotations

import pandas as pd

from bluffkit.agents.base import make_agent
from bluffkit.core.errors import RulesError, check_frame
from bluffkit.core.game import as_game
from bluffkit.core.play import lineup, play_games
from bluffkit.core.seeding import game_seeds
from bluffkit.games.bloff.cards import RANK_NAMES
from bluffkit.games.bloff.engine import Call, Play, is_lie
from bluffkit.games.bloff.game import Bloff


def claims_frame(game, moves, agents: list[str], game_index: int = 0) -> pd.DataFrame:
    """One row per claim of one game of ``game``, from its moves: ``player``, ``agent``,
    ``rank``, ``count``, ``lie`` (a card not of the claimed rank), ``called``,
    ``caller``, ``caller_agent``, ``caught`` (called and a lie). The moves are replayed
    on the game's table, so the rank claimed is the one the rules had in turn."""
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
    return pd.DataFrame(rows)


def simulate_claims(game, agents: list[str], games: int, seed: int) -> pd.DataFrame:
    """The claims of ``games`` seeded games of Bløff (seats rotating as in a tournament)."""
    game = as_game(game)
    if not isinstance(game, Bloff):
        raise RulesError(f"simulate_claims counts the claims of Bløff, not of {game.name}")
    frames = []
    for i, rec in play_games(game, game_seeds(seed, games),
                             lambda i: [make_agent(a, game) for a in lineup(agents, i)]):
        frames.append(claims_frame(game, rec.moves, lineup(agents, i), i))
    return pd.concat(frames, ignore_index=True)


def lie_summary(df: pd.DataFrame) -> pd.DataFrame:
    """By agent: claims made, share that were lies, share called, share of lies caught."""
    check_frame(df, ("agent", "lie", "called", "caught"), "lie_summary", "simulate_claims(...)")
    g = df.groupby("agent")
    out = pd.DataFrame({"claims": g.size(), "lies": g["lie"].mean(), "called": g["called"].mean(),
                        "lies_caught": g.apply(lambda x: x.loc[x["lie"], "caught"].mean() if x["lie"].any() else 0.0,
                                               include_groups=False)})
    return out.reset_index()
