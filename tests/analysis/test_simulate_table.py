"""``simulate``'s table is gathered column by column: the same frame as one dict per game
gave, in far less memory until the frame is made (docs/scale.md, "Limits")."""

import gc
import tracemalloc

import pandas as pd
import pytest

from bluffkit.agents.base import make_agent
from bluffkit.analysis.simulate import simulate
from bluffkit.core.game import make_game
from bluffkit.core.play import play_games
from bluffkit.core.seeding import game_seeds


def by_rows(game, agents, games, seed) -> pd.DataFrame:
    """The table as a dict per game, the columns in the order docs/scale.md gives."""
    seeds, rows, n = game_seeds(seed, games), [], len(agents)
    for i, rec in play_games(game, seeds, lambda i: [make_agent(a, game) for a in agents]):
        row = {"game": i, "seed": seeds[i], "players": n}
        row.update({f"agent_{s}": agents[s] for s in range(n)})
        row.update({f"score_{s}": rec.scores[s] for s in range(n)})
        for key, values in rec.summary.items():
            row.update({f"{key}_{s}": values[s] for s in range(n)})
        row["winners"] = ";".join(str(w) for w in rec.winners)
        row["length"] = rec.length
        rows.append(row)
    return pd.DataFrame(rows)


@pytest.mark.parametrize("name, options, agents", [
    ("youre-bluffing", {}, ["random"] * 3),
    ("auction", {"format": "second-hand"}, ["truthful"] * 4),
    ("bloff", {}, ["random", "honest", "caller"]),
])
def test_the_table_is_the_one_a_row_per_game_gives(name, options, agents):
    game = make_game(name, **options)
    pd.testing.assert_frame_equal(simulate(game, agents, 6, 3), by_rows(game, agents, 6, 3))


def peak(game, agents, games) -> int:
    gc.collect()
    tracemalloc.start()
    try:
        simulate(game, agents, games, 1)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.slow
def test_the_table_takes_little_memory_a_game_until_the_frame_is_made():
    # 4-player auctions of about 20 columns: a dict per game held some 1.9 KB a game
    # more for each game played; the column lists some 0.9 KB.
    game, agents = make_game("auction", format="second-hand"), ["truthful"] * 4
    simulate(game, agents, 5, 1)
    per_game = (peak(game, agents, 800) - peak(game, agents, 400)) / 400
    assert per_game < 1300, per_game
