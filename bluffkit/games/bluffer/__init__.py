"""Bluffer: invent a false answer to a strange but true question; vote for the truth."""

from bluffkit.games.bluffer.game import Bluffer
from bluffkit.games.bluffer.rules import Rules

__all__ = ["Bluffer", "Rules"]
