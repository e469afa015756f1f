"""Errors that bluffkit raises on bad input.

Every error says what was wrong and where, so that a teacher in a notebook or a
user at the command line can fix the input; none of them is raised after a state
or a file has been changed.
"""

from __future__ import annotations


class BluffkitError(Exception):
    """Base class of every error bluffkit raises on purpose."""


class RulesError(BluffkitError, ValueError):
    """A rule option or a game setting is invalid (raised when the rules are built)."""


class NotationError(BluffkitError, ValueError):
    """A text form of an action or of some notes could not be read."""


class IllegalAction(BluffkitError, ValueError):
    """An action that the rules do not allow where it was played.

    ``rule`` names the rule that was broken (a short identifier such as
    ``"bid-too-low"``); the message explains it in words. The state the action
    was played on is unchanged (states are immutable).
    """

    def __init__(self, rule: str, message: str):
        super().__init__(f"{message} [rule: {rule}]")
        self.rule = rule
        self.reason = message


class LogError(BluffkitError):
    """A game log that cannot be read or replayed; ``line`` is 1-based (0: the file as a whole)."""

    def __init__(self, line: int, reason: str, path: str | None = None):
        where = f"{path}: " if path else ""
        at = f"line {line}: " if line else ""
        super().__init__(f"{where}{at}{reason}")
        self.line = line
        self.reason = reason
        self.path = path
