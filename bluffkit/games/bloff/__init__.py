"""Bløff (Cheat / Bullshit / I Doubt It): lay cards face down and say what they are."""

from bluffkit.games.bloff.game import Bloff
from bluffkit.games.bloff.rules import Rules

__all__ = ["Bloff", "Rules"]
