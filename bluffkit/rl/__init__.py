"""Every bluffkit game as a PettingZoo AEC environment, for learning agents (docs/rl.md)."""
