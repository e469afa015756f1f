"""The state of a game of Bluffer: an immutable record.

A :class:`State` is frozen: every step makes a new one. The engine advances a private
mutable working copy (:class:`bluffkit.games.bluffer.engine.Table`) and freezes it into a
State; both hold exactly the fields of the dataclass, listed in ``FIELDS`` (derived
from it).

>>> FIELDS[:3], Phase.VOTE == "vote", repr(Phase.VOTE)
(('rules', 'deck', 'phase'), True, "'vote'")
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass

from bluffkit.games.bluffer.rules import Rules

#: The author of the true answer in ``order`` and in a :class:`Reveal`.
TRUTH = -1


class Phase(enum.StrEnum):
    """Who acts next (seeds/004 "How to Play a Question", steps 1 to 5). A phase is its
    text (``Phase.ASK == "ask"``) and reads as that text in ``repr``, so a state's
    checksum is the one written before phases were an enum."""

    ASK = "ask"            # chance draws the next question
    WRITE = "write"        # the writers write false answers
    COPY = "copy"          # the leader copies the true answer (rule option leader_copies)
    SHUFFLE = "shuffle"    # chance shuffles the sheets
    VOTE = "vote"          # the voters vote
    OVER = "over"          # the game is over

    __hash__ = str.__hash__

    def __repr__(self) -> str:
        return repr(self.value)


ASK, WRITE, COPY, SHUFFLE, VOTE, OVER = Phase.ASK, Phase.WRITE, Phase.COPY, Phase.SHUFFLE, Phase.VOTE, Phase.OVER


@dataclass(frozen=True, slots=True)
class Reveal:
    """One question scored: who read it, the answers in reading order with their
    authors, every seat's votes (in the order given), and every seat's points."""

    round: int
    leader: int
    qid: str
    order: tuple
    votes: tuple
    gains: tuple


@dataclass(frozen=True, slots=True)
class State:
    """A moment of a game of Bluffer. ``round`` and ``question`` count from 0;
    ``leader`` reads the question (the asker in the two-player game, the reader of
    the writing team in the team game); ``writes`` holds each seat's sheet(s) for the
    question in play; ``order`` the sheets as read; ``votes`` each seat's votes on
    it; ``points`` the round's points, ``totals`` the game's; ``round_winners`` one
    tuple of seats per finished round; ``history`` a :class:`Reveal` per question
    played; ``winners`` the game's winners at the end."""

    rules: Rules
    deck: object
    phase: Phase
    round: int
    question: int
    leader: int
    qid: str
    used: tuple
    writes: tuple
    order: tuple
    votes: tuple
    points: tuple
    totals: tuple
    round_winners: tuple
    history: tuple
    winners: tuple
    truth: str = ""

    @property
    def players(self) -> int:
        return len(self.points)

    def values(self) -> tuple:
        """Everything but the rules and the deck (the digest of a step)."""
        return tuple(getattr(self, f) for f in FIELDS[2:])


#: The State's fields, in order (the working copy holds the same).
FIELDS = tuple(f.name for f in dataclasses.fields(State))

