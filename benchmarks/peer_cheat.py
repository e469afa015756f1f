"""Cheat-RL as the peer of the Bløff benchmark: the public pure-Python Cheat environment
of the Cheat-RL project (``cheat_env``), played by its own rule bots (``agents/bots.py``).

No Cheat-RL code is in bluffkit. The peer is taken from a checkout given by path
(``--peer-cheat PATH``: PATH holds ``cheat_env/`` and ``agents/``; PATH is put first on
``sys.path``). When it cannot be imported, :func:`load` says why and the benchmark skips
the peer.

How a game is played there, as its training loop (``main.py``) plays one, without the
learning agent: ``env.reset()``, then for each turn ``env._get_state()`` (the acting
seat's state vector), the seat's bot chooses from its hand and the rank in turn, and
``env.step(action)`` (which builds the next state vector) until the game ends or is cut
off at ``max_episode_steps`` (250, as there). Every seat plays a rule bot drawn from
its pool of four (80/20, one third, honest, 60/40), as its opponents are drawn there.
Counted in games (episodes, cut-off ones too) per second, and actions as its steps.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

MAX_STEPS = 250


def load(path: str | None):
    """``(CheatEnviroment, the bot pool, the honest bot), None`` or ``(None, why)``."""
    if not path:
        return None, "no checkout of Cheat-RL given (--peer-cheat PATH)"
    root = Path(path).expanduser().resolve()
    if not (root / "cheat_env" / "environment.py").exists():
        return None, f"no cheat_env/environment.py under {root}"
    sys.path.insert(0, str(root))
    try:
        from agents import bots
        from cheat_env.environment import CheatEnviroment
    except Exception as e:                     # noqa: BLE001 - any import failure skips the peer
        return None, f"Cheat-RL cannot be imported from {root} ({type(e).__name__}: {e})"
    pool = (bots.bot_strategy_80_20, bots.bot_strategy_one_third, bots.bot_100_0, bots.bot_strategy_60_40)
    return (CheatEnviroment, pool, bots.bot_100_0), None


def games(peer, players: int = 3, seed: int = 1, honest: bool = False):
    """``(play, steps)``: ``play(count) -> count`` plays ``count`` games with ``players``
    seats (the module ``random``, which the environment and bots draw from, seeded with
    ``seed`` at each call, so every round plays the same games); bots drawn from the pool,
    or every seat the honest bot when ``honest``. ``steps`` collects the mean steps per
    game of each call."""
    Env, pool, honest_bot = peer
    env = Env([f"Bot_{k}" for k in range(players)], max_episode_steps=MAX_STEPS)
    steps: list[float] = []

    def play(count: int) -> int:
        random.seed(seed)
        done = 0
        for _ in range(count):
            seats = [honest_bot] * players if honest else [random.choice(pool) for _ in range(players)]
            env.reset()
            terminated = truncated = False
            while not terminated and not truncated:
                i = env.current_player_index
                env._get_state()
                action = seats[i](env.players[i], env.current_rank_to_play)
                _, _, terminated, truncated, _ = env.step(action)
                done += 1
        steps.append(done / count)
        return count
    return play, steps


def describe(peer) -> str:
    Env = peer[0]
    return f"Cheat-RL cheat_env from {Path(sys.modules[Env.__module__].__file__).resolve().parent.parent}"
