"""Streaker3/kuhhandel as the peer of the engine benchmark: the public pure-Python engine
of Kuhhandel (the German edition of You're Bluffing!), played with its own random bot.

No kuhhandel code is in bluffkit. The peer is taken from a checkout given by path
(``--peer-kuhhandel PATH``: PATH holds the package ``kuhhandel/`` with ``engine.py`` and
``bots.py``; PATH is put first on ``sys.path``). When it cannot be imported, :func:`load`
says why and the benchmark skips the peer.

How a game is played there, as its own ``bots.play_game`` does: ``Game(n, seed)``, then
``game.step(bots[game.to_act].act(game))`` until ``game.phase == "over"``, with its
``RandomBot`` in every seat (each choice uniform over the legal kinds of action; a bid
the lowest plus 0 to 200 in tens, up to its cap; a trade offer a random count of each
note). Every step writes its event log (public and private texts), as always there.
Counted in games per second, and actions as its steps (one ``step`` call each).

Its game is its own house rules, not the rulebook's: the whole deck is auctioned before the
first cow trade, the engine composes a buyer's payment itself, and trading stops after
at most 400 trades. So a 3-player game there has fewer actions than bluffkit's and a
5-player game more (:func:`kinds`; ``engine_speed.py --moves`` prints both sides).
"""

from __future__ import annotations

import sys
from pathlib import Path


def load(path: str | None):
    """``(module with Game and RandomBot, None)``, or ``(None, why)``."""
    if not path:
        return None, "no checkout of Streaker3/kuhhandel given (--peer-kuhhandel PATH)"
    root = Path(path).expanduser().resolve()
    if not (root / "kuhhandel" / "engine.py").exists():
        return None, f"no kuhhandel/engine.py under {root}"
    sys.path.insert(0, str(root))
    try:
        from kuhhandel import bots, engine
    except Exception as e:                     # noqa: BLE001 - any import failure skips the peer
        return None, f"kuhhandel cannot be imported from {root} ({type(e).__name__}: {e})"
    return (engine, bots), None


def games(peer, players: int, seed: int = 1):
    """``(play, steps)``: ``play(count) -> count`` plays ``count`` random games with
    ``players`` seats (game ``i`` from seed ``seed + i``, the bots from their own seeds,
    so every round plays the same games); ``steps`` collects the mean steps per game of
    each call."""
    engine, bots = peer
    Game, RandomBot = engine.Game, bots.RandomBot
    steps: list[float] = []

    def play(count: int) -> int:
        done = 0
        for i in range(count):
            s = seed + i
            seats = [RandomBot(s * 10 + k) for k in range(players)]
            g = Game(players, seed=s)
            while g.phase != "over":
                g.step(seats[g.to_act].act(g))
                done += 1
        steps.append(done / count)
        return count
    return play, steps


def kinds(peer, players: int, count: int, seed: int = 1) -> dict[str, float]:
    """The peer's steps per game by kind (``bid``, ``pass``, ``challenge``, ...), over the
    ``count`` games :func:`games` plays."""
    engine, bots = peer
    found: dict[str, int] = {}
    for i in range(count):
        s = seed + i
        seats = [bots.RandomBot(s * 10 + k) for k in range(players)]
        g = engine.Game(players, seed=s)
        while g.phase != "over":
            action = seats[g.to_act].act(g)
            found[action[0]] = found.get(action[0], 0) + 1
            g.step(action)
    return {k: v / count for k, v in found.items()}


def describe(peer) -> str:
    engine, _ = peer
    return f"Streaker3/kuhhandel from {Path(engine.__file__).resolve().parent.parent} (RandomBot in every seat)"
