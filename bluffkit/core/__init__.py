"""The engine core shared by every bluffkit game: errors, seeding, money, logs, sessions."""

from bluffkit.core.errors import BluffkitError, IllegalAction, LogError, NotationError, RulesError

__all__ = ["BluffkitError", "IllegalAction", "LogError", "NotationError", "RulesError"]
