"""OpenSpiel as the peer of the auction benchmark: its ``first_sealed_auction``, played
from a Python loop with random legal actions, as OpenSpiel's own Python examples play a
game (``state.legal_actions()``, a random choice, ``state.apply_action``; chance nodes
sampled from ``state.chance_outcomes()``).

No OpenSpiel code is in bluffkit. The peer is the ``pyspiel`` module: installed with the
optional extra (``pip install bluffkit[bench]``, which pulls ``open_spiel`` from PyPI), or
taken from a checkout given by path (``--peer PATH``: PATH, PATH/build/python or
PATH/python is put first on ``sys.path``; the checkout must be built). When ``pyspiel``
cannot be imported, :func:`load` says why and the benchmark skips the peer.

What one auction is there: chance deals each of the ``players`` bidders a private value
(1 to ``max_value``, uniform), each bids in turn (any whole bid from 0 to one below its
value), the highest bid wins and pays it, chance breaks a tie. Counted in auctions
(games) per second.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

GAME = "first_sealed_auction"


def load(path: str | None = None):
    """``(pyspiel, None)``, or ``(None, why)`` when it cannot be imported."""
    if path:
        root = Path(path).expanduser().resolve()
        if not root.exists():
            return None, f"no OpenSpiel checkout at {root}"
        for p in (root / "build" / "python", root / "python", root):
            if p.exists():
                sys.path.insert(0, str(p))
    try:
        import pyspiel
    except ImportError as e:
        where = f" from {path}" if path else ""
        return None, (f"pyspiel (OpenSpiel) cannot be imported{where} ({e}); install the benchmark extra "
                      "(pip install 'bluffkit[bench]') or give a built checkout with --peer PATH")
    return pyspiel, None


def auctions(pyspiel, players: int = 5, seed: int = 1):
    """A function ``play(count) -> count`` playing ``count`` random auctions of
    ``first_sealed_auction`` with ``players`` bidders, from one Python ``random.Random``."""
    game = pyspiel.load_game(GAME, {"players": players})
    rng = random.Random(seed)
    choice, choices = rng.choice, rng.choices

    def play(count: int) -> int:
        for _ in range(count):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, probs = zip(*state.chance_outcomes())
                    state.apply_action(choices(outcomes, probs)[0])
                else:
                    state.apply_action(choice(state.legal_actions()))
        return count
    return play


def describe(pyspiel) -> str:
    game = pyspiel.load_game(GAME, {"players": 5})
    return f"OpenSpiel {getattr(pyspiel, '__version__', '?')} {GAME} {game.get_parameters()}"
