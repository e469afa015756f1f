"""Every bluffkit game as a PettingZoo AEC environment, for learning agents (docs/rl.md).

``bluffkit.rl.env(GAME, **options)`` builds the environment; importing this package
imports PettingZoo and Gymnasium (``import bluffkit`` alone does not)."""

from bluffkit.rl.encoding import Encoder, encoder_for
from bluffkit.rl.env import BluffkitEnv, env

__all__ = ["BluffkitEnv", "Encoder", "encoder_for", "env"]
