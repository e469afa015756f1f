"""Seeded tournaments between bots: one row per game, and win rates with standard errors.

Seats rotate from game to game (game ``i`` seats the line-up shifted by ``i``), so
every bot plays every seat equally often and a seat's advantage does not pass for a
bot's skill.

>>> from bluffkit.core.game import make_game
>>> df = tournament(make_game("bloff"), ["honest", "random", "random"], games=30, seed=1)
>>> rates = win_rates(df)
>>> list(rates.columns)
['by', 'who', 'games', 'wins', 'rate', 'se']
"""

from __future__ import annotations

import math

import pandas as pd

from bluffkit.agents.base import make_agent
from bluffkit.core.play import lineup, play_games
from bluffkit.core.seeding import check_seed, game_seeds


def tournament(game, agents: list[str], games: int, seed: int, progress: bool = False) -> pd.DataFrame:
    """Play ``games`` games; columns ``game``, ``seed``, ``seat``, ``agent``, ``won`` (the
    share of the win: 1, or 1/k for a win shared by k), ``score``, ``length``: one row
    per game and seat."""
    check_seed(seed)
    game.check_players(len(agents))
    seeds = game_seeds(seed, games)
    rows = []
    for i, rec in play_games(game, seeds, lambda i: [make_agent(a, game) for a in lineup(agents, i)],
                             progress=bool(progress), desc="tournament"):
        share = 1 / len(rec.winners)
        for seat, name in enumerate(lineup(agents, i)):
            rows.append({"game": i, "seed": seeds[i], "seat": seat, "agent": name,
                         "won": share if seat in rec.winners else 0.0, "score": rec.scores[seat],
                         "length": rec.length})
    return pd.DataFrame(rows)


def win_rates(df: pd.DataFrame) -> pd.DataFrame:
    """Win rate by agent and by seat: ``games``, ``wins`` (shared wins split), ``rate`` and
    its standard error ``se`` = sqrt(rate (1 - rate) / games)."""
    out = []
    for by in ("agent", "seat"):
        g = df.groupby(by)["won"].agg(["count", "sum"]).reset_index()
        for key, count, wins in zip(g[by], g["count"], g["sum"]):
            rate = wins / count
            out.append({"by": by, "who": str(key), "games": int(count), "wins": float(wins),
                        "rate": rate, "se": math.sqrt(rate * (1 - rate) / count)})
    return pd.DataFrame(out)
