"""Actions of Bluffer as small records with a text form that round-trips.

>>> parse("write  a purple   cow"), str(parse("vote 3")), parse("done") is DONE_
(Write(text='a purple cow'), 'vote 3', True)
>>> str(parse("shuffle 2,0,1")), str(parse("ask octopus-hearts"))
('shuffle 2,0,1', 'ask octopus-hearts')
"""

from __future__ import annotations

import functools
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


def _capital(word: str) -> str:
    first = word[:1].upper()
    return (first if len(first) == 1 else word[:1]) + word[1:]    # ("ß" has no one-letter capital)


def _title(text: str) -> str:
    """Every word of ``text`` with a capital first letter, each part of a hyphenated word
    too ("Tim Berners-Lee")."""
    return " ".join("-".join(_capital(part) for part in word.split("-")) for word in text.split(" "))


@functools.lru_cache(maxsize=4096)
def reading(text: str) -> str:
    """What an answer sounds like read out: tidied, without capitals and without a final
    full stop, exclamation or question mark. The leader reads the sheets out ("How to Play
    a Question", 3: "They read the question, then give the answers one after another",
    "behind the screen, out of sight of prying eyes"), so answers that differ only in
    capitals or a final stop are the same answer to the table: they are shown alike
    (:func:`as_read`), and with ``own_answer_vote="refused"`` every answer that reads like
    one's own is refused. Two answers shown alike always read the same.

    >>> reading("The Aztecs."), reading("the  aztecs") == reading("THE AZTECS!")
    ('the aztecs', True)
    >>> reading("\u0131stanbul") == reading("istanbul")     # (both shown "Istanbul")
    True
    """
    text = clean_text(text)
    # (through capitals first, so that letters a capital makes alike read alike: "ıstanbul")
    # (composed again after casefold, which decomposes some letters: "ΐ")
    return unicodedata.normalize("NFC", _title(text.rstrip(" .!?") or text).casefold())


def as_read(answers) -> tuple[str, ...]:
    """The ``answers`` (in reading order) as the table hears them: in a seat's observation
    (what its bot or learning agent is given), on the sheets a panel draws, in the narration
    and in the terminal: how each reads (:func:`reading`: no capitals, no final stop),
    written with a capital at the start of every word, as a title ("Franz Kafka", "A Purple
    Cow"). Capitals are not heard, so none a player typed, nor any the card has, tells a
    written answer from the card's or from an identical one: answers that read the same are
    written alike. Only the words and spelling a player chose still show.

    >>> as_read(["the Aztecs", "The aztecs.", "Franz kafka", "Paris!", "an ému", "...", "\u00dfaint"])
    ('The Aztecs', 'The Aztecs', 'Franz Kafka', 'Paris', 'An Ému', '...', 'Ssaint')
    >>> as_read(["Tim Berners-Lee", "tim berners-lee"])
    ('Tim Berners-Lee', 'Tim Berners-Lee')

    What a sheet shows is a function of how it reads, so two answers shown alike read alike
    and the other way round ("ß" reads, and so shows, as "ss").
    """
    return tuple(map(_shown, answers))


@functools.lru_cache(maxsize=4096)
def _shown(text: str) -> str:
    """One answer as :func:`as_read` writes it. (Kept, as :func:`reading` is, for the
    answers of the last questions: every seat's legal votes, view and sheets read the same
    few answers again at every step.)"""
    return _title(reading(text))


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
