"""Actions of Bluffer as small records with a text form that round-trips.

>>> parse("write  a purple   cow"), str(parse("vote 3")), parse("done") is DONE_
(Write(text='a purple cow'), 'vote 3', True)
>>> str(parse("shuffle 2,0,1")), str(parse("ask octopus-hearts"))
('shuffle 2,0,1', 'ask octopus-hearts')
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from bluffkit.core.errors import NotationError, quote, whole_number


@dataclass(frozen=True, slots=True)
class Ask:
    """Chance: the next question, by its id in the deck."""

    qid: str

    def __str__(self) -> str:
        return f"ask {self.qid}"


@dataclass(frozen=True, slots=True)
class Write:
    """Write a false answer on your sheet (in secret)."""

    text: str

    def __str__(self) -> str:
        return f"write {self.text}"


@dataclass(frozen=True, slots=True)
class Copy:
    """The leader writes the true answer on the Answer sheet, in their own words if they
    like (rule option ``leader_copies``)."""

    text: str

    def __str__(self) -> str:
        return f"copy {self.text}"


@dataclass(frozen=True, slots=True)
class Done:
    """Two-player game: the asker has written all the false answers they want."""

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class Shuffle:
    """Chance: the sheets in reading order, as indices into the sheets in seat order
    (each writer's answers in the order written) with the true answer last."""

    order: tuple[int, ...]

    def __str__(self) -> str:
        return "shuffle " + ",".join(map(str, self.order))


@dataclass(frozen=True, slots=True)
class Vote:
    """Bet on answer ``number`` (1-based, as the leader read it)."""

    number: int

    def __str__(self) -> str:
        return f"vote {self.number}"


DONE_ = Done()


def clean_text(text: str) -> str:
    """An answer as the engine stores it: in Unicode's composed form (NFC: two answers that
    look the same on the sheets are the same text) with surrounding and repeated spaces
    removed.

    >>> clean_text("  cafe\u0301  au   lait ") == "caf\u00e9 au lait"
    True
    """
    return " ".join(unicodedata.normalize("NFC", text).split())


def _form(text: str) -> str:
    """``text`` as a sheet shows it: tidied (:func:`clean_text`), without a final full stop,
    exclamation or question mark (an answer of those alone stays as written), the first
    letter a capital (a letter whose capital is two letters, as "ß", stays as it is)."""
    text = clean_text(text)
    text = text.rstrip(" .!?") or text
    first = text[:1].upper()
    return (first if len(first) == 1 else text[:1]) + text[1:]


def reading(text: str) -> str:
    """What an answer sounds like read out: its form on a sheet (:func:`as_read`) without
    capitals. The leader reads the sheets out ("How to Play a Question", 3: "They read the
    question, then give the answers one after another", "behind the screen, out of sight of
    prying eyes"), so answers that differ only in capitals or a final stop are the same
    answer to the table: they
    are shown alike, and with ``own_answer_vote="refused"`` every answer that reads like
    one's own is refused. Two answers a sheet shows alike always read the same.

    >>> reading("The Aztecs."), reading("the  aztecs") == reading("THE AZTECS!")
    ('the aztecs', True)
    >>> reading("\u0131stanbul") == reading("istanbul")     # (both shown "Istanbul")
    True
    """
    return _form(text).casefold()


def as_read(answers) -> tuple[str, ...]:
    """The ``answers`` (in reading order) as the table hears them: in a seat's observation
    (what its bot or learning agent is given), on the sheets a panel draws, in the narration
    and in the terminal: each beginning with a capital, without a final stop,
    and answers that read the same (:func:`reading`) all written as that reading, with a
    capital first letter. A written answer's capitals and stops must not tell it from the
    card's answer or from an identical one, no more than when the leader reads them aloud;
    and what a group of alike answers shows depends only on how they read, so that an
    author learns nothing of how the others wrote theirs. Only the words and spelling a
    player chose still show, as handwriting would.

    >>> as_read(["the Aztecs", "the aztecs.", "the Inca", "Paris!", "an ému", "...", "\u00dfaint"])
    ('The aztecs', 'The aztecs', 'The Inca', 'Paris', 'An ému', '...', 'ßaint')
    """
    answers = list(answers)
    keys = [reading(text) for text in answers]
    alike = {k for k in keys if keys.count(k) > 1}
    return tuple(_form(k) if k in alike else _form(text) for text, k in zip(answers, keys))


def unprintable_answer(text: str) -> str | None:
    """The first character of ``text`` that no answer sheet holds, or ``None``: an answer
    is one line of printable text (``str.isprintable``: no control, format, zero-width or
    unassigned characters). The engine refuses such an answer; a deck refuses such a decoy.

    >>> unprintable_answer("pale blue"), unprintable_answer("pale\u200bblue")
    (None, '\u200b')
    """
    if text.isprintable():
        return None
    return next(ch for ch in text if not ch.isprintable())


def parse(text: str):
    """``write TEXT``, ``done``, ``vote N``, ``copy TEXT`` (the leader's true answer), or
    chance's ``ask ID`` and ``shuffle 2,0,1``.
    The text of an answer is read with surrounding and repeated spaces removed."""
    if not isinstance(text, str) or not text.split():
        raise NotationError("empty action")
    head, _, rest = text.strip().partition(" ")
    head, rest = head.lower(), rest.strip()
    if head == "write":
        if not rest:
            raise NotationError("write what? give the answer after 'write' (e.g. 'write a purple cow')")
        return Write(clean_text(rest))
    if head == "done" and not rest:
        return DONE_
    if head == "copy":
        if not rest:
            raise NotationError("copy what? give the true answer after 'copy'")
        return Copy(clean_text(rest))
    if head == "vote":
        if not (rest.isascii() and rest.isdigit()) or len(rest) > 6:      # (no sheet has a million answers)
            raise NotationError(f"vote needs an answer number (e.g. 'vote 3'), got {quote(rest[:20])}")
        return Vote(whole_number(rest))
    if head == "ask" and rest and " " not in rest:
        return Ask(rest)
    if head == "shuffle":
        try:
            return Shuffle(tuple(whole_number(w.strip()) for w in rest.split(",")))
        except ValueError:
            raise NotationError(f"a shuffle lists sheet indices, e.g. 'shuffle 2,0,1', got {quote(rest)}") from None
    raise NotationError(f"unknown action {quote(text)}: write 'write TEXT', 'vote N' or 'done'")
