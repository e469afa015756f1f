"""Question decks for Bluffer: strange but true questions, their answers and decoys.

A deck is a UTF-8 text file in JSON Lines form: one JSON object per line.
Line 1 is a header::

    {"format": "bluffkit-deck", "version": 1, "title": "General knowledge", "language": "en"}

and every other line is one question with exactly these fields::

    {"id": "unique-slug", "category": "animals",
     "question": "...", "answer": "...",
     "source": "where the fact can be checked",
     "decoys": ["five or more plausible false answers", ...]}

(each question on a single line). ``id`` is unique in the deck and one word (no
spaces: a question is drawn as ``ask ID``); every string is non-empty, with no
control characters (escape codes, line separators, bidirectional controls); the answer
and the decoys are written on answer sheets, so each must also read as one line of
printable text once its spaces are tidied (no zero-width or other invisible characters,
no unassigned code points: the rule of a written answer); a deck has at least one
question; there are at least five decoys, and no decoy reads the same as the answer or
another decoy (compared as the table hears them, :func:`~bluffkit.games.bluffer.actions.reading`:
in any case, spaces tidied, accents composed, without a final stop, exclamation or question
mark). The bots of a game pick their false answers among the decoys. A final newline is
allowed; blank lines in the middle are not. A teacher's own deck in this format
loads the same way as the shipped one, with :func:`load_deck`.

>>> text = '''{"format": "bluffkit-deck", "version": 1, "title": "Tiny", "language": "en"}
... {"id": "owl-eyes", "category": "animals", "question": "What shape are an owl's eyes?", "answer": "tubes", "source": "Encyclopaedia: Owl", "decoys": ["spheres", "cones", "cubes", "discs", "rings"]}
... '''
>>> deck = parse_deck(text)
>>> deck.title, len(deck.questions)
('Tiny', 1)
>>> deck.questions[0].decoys[:2]
('spheres', 'cones')
>>> sorted(deck.by_category())
['animals']
>>> parse_deck(text.replace('"cubes"', '"Tubes "'), path="tiny.jsonl")
Traceback (most recent call last):
...
bluffkit.games.bluffer.deck.DeckError: tiny.jsonl: line 2: decoy 'Tubes ' is the same as the answer
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from bluffkit.core import jsonread
from bluffkit.core.errors import BluffkitError, json_kind, unprintable
from bluffkit.core.logfiles import DECK_FORMAT, DECKS_DIR
from bluffkit.games.bluffer.actions import clean_text, reading, unprintable_answer

__all__ = ["DECKS_DIR", "DEFAULT_DECK", "Deck", "DeckError", "Question", "deck_lines", "deck_name", "default_deck",
           "load_deck", "parse_deck", "read_embedded"]

FORMAT = DECK_FORMAT            # (core's log files tell a deck from a log by it)
VERSION = 1
MIN_DECOYS = 5
DEFAULT_DECK = DECKS_DIR / "bluffer-general.jsonl"

_HEADER_FIELDS = ("format", "version", "title", "language")
_QUESTION_FIELDS = ("id", "category", "question", "answer", "source", "decoys")


class DeckError(BluffkitError):
    """A deck file that cannot be read: ``"{path}: line {n}: {reason}"`` (``line`` is 1-based)."""

    def __init__(self, line: int, reason: str, path: str | None = None):
        super().__init__(f"{path if path is not None else '<deck>'}: line {line}: {reason}")
        self.line = line
        self.reason = reason
        self.path = path


@dataclass(frozen=True)
class Question:
    """One question: the true ``answer`` and the ``decoys`` (false answers bots may give)."""

    id: str
    category: str
    question: str
    answer: str
    source: str
    decoys: tuple[str, ...]


@dataclass(frozen=True)
class Deck:
    """A titled deck of questions, in file order."""

    title: str
    language: str
    questions: tuple[Question, ...]

    @cached_property
    def by_id(self) -> dict[str, Question]:
        """The questions by id (built once)."""
        return {q.id: q for q in self.questions}

    @cached_property
    def longest(self) -> int:
        """The length of the longest true answer or decoy as a sheet reads it (worked out once)."""
        return max((len(clean_text(t)) for q in self.questions for t in (q.answer, *q.decoys)), default=0)

    def by_category(self) -> dict[str, tuple[Question, ...]]:
        """The questions grouped by category (categories in order of first appearance)."""
        groups: dict[str, list[Question]] = {}
        for q in self.questions:
            groups.setdefault(q.category, []).append(q)
        return {name: tuple(qs) for name, qs in groups.items()}


def _norm(s: str) -> str:
    """How a text reads out, for telling decoys and the answer apart: as the table hears an
    answer (:func:`~bluffkit.games.bluffer.actions.reading`: in any case, without a final
    stop, exclamation or question mark), so that a bot writing a decoy never writes what the
    table takes for the true answer or for another bot's decoy."""
    return reading(s)


def _sheet_norm(s: str) -> str:
    """How a text reads on a sheet, in any case: the comparison of decks read before a
    deck's decoys were compared as the table hears them (:func:`read_embedded`: a log's
    deck was checked when its game began)."""
    return clean_text(s).casefold()


def _check_fields(obj: dict, expected: tuple[str, ...], what: str, fail) -> None:
    unknown = [k for k in obj if k not in expected]
    if unknown:
        fail(f"unknown field {_quote(unknown[0])} in the {what} (allowed: {', '.join(expected)})")
    for name in expected:
        if name not in obj:
            fail(f"missing field {name!r} in the {what}")


def _string(obj: dict, name: str, fail) -> str:
    value = obj[name]
    if not isinstance(value, str):
        fail(f"field {name!r} must be a string, not {json_kind(value)}")
    if not value.strip():
        fail(f"field {name!r} is an empty string")
    _printable(value, f"field {name!r}", fail)
    return value


def _printable(value: str, what: str, fail) -> None:
    bad = unprintable(value)
    if bad is not None:
        fail(f"{what} holds the control character {bad!r} (escape codes and the like are not allowed)")


def _writable(value: str, what: str, fail) -> None:
    """Refuse an answer or decoy that could not be written on a sheet (the engine's rule,
    :func:`~bluffkit.games.bluffer.actions.unprintable_answer`, once its spaces are tidied
    as the engine and the bots tidy them): a bot copying the answer or writing the decoy
    would play an illegal move."""
    bad = unprintable_answer(clean_text(value))
    if bad is not None:
        fail(f"{what} holds {bad!r} (U+{ord(bad):04X}), which is not printable; the answer and the decoys are "
             f"written as answers, one line of printable text")


def _quote(text: str, limit: int = 60) -> str:
    """``repr(text)``, cut short: a message stays one readable line."""
    r = repr(text)
    return r if len(r) <= limit else r[:limit - 4] + "...'"


def _parse_header(obj, fail) -> tuple[str, str]:
    if not isinstance(obj, dict):
        fail(f"the header must be a JSON object, not {type(obj).__name__}")
    if "format" not in obj or obj["format"] != FORMAT:
        fail(f"missing or wrong header: format must be {FORMAT!r}, got {jsonread.shown(obj.get('format'))}")
    version = obj.get("version")
    if not jsonread.is_version(version, VERSION):
        fail(f"wrong header: unsupported version {jsonread.shown(version)} (this loader reads version {VERSION})")
    _check_fields(obj, _HEADER_FIELDS, "header", fail)
    return _string(obj, "title", fail), _string(obj, "language", fail)


def _parse_question(obj, seen: set[str], fail, norm=_norm) -> Question:
    if not isinstance(obj, dict):
        fail(f"a question must be a JSON object, not {type(obj).__name__}")
    if obj.get("format") == FORMAT:
        fail("a second header; the header belongs on line 1 only")
    _check_fields(obj, _QUESTION_FIELDS, "question", fail)
    id_, category, question, answer, source = (
        _string(obj, name, fail) for name in ("id", "category", "question", "answer", "source")
    )
    if len(id_.split()) != 1 or id_ != id_.strip():
        fail(f"id {_quote(id_)} has spaces; an id is one word, e.g. 'owl-eyes' (a question is drawn as 'ask ID')")
    if id_ in seen:
        fail(f"duplicate id {_quote(id_)}")
    _writable(answer, "field 'answer'", fail)
    decoys = obj["decoys"]
    if not isinstance(decoys, list):
        fail(f"field 'decoys' must be a list of strings, not {type(decoys).__name__}")
    for i, d in enumerate(decoys, 1):
        if not isinstance(d, str):
            fail(f"decoy {i} must be a string, not {json_kind(d)}")
        if not d.strip():
            fail(f"decoy {i} is an empty string")
        _printable(d, f"decoy {i}", fail)
        _writable(d, f"decoy {i}", fail)
    if len(decoys) < MIN_DECOYS:
        fail(f"only {len(decoys)} decoys; at least {MIN_DECOYS} are needed")
    seen_decoys: dict[str, str] = {}
    for d in decoys:
        if norm(d) == norm(answer):
            fail(f"decoy {_quote(d)} is the same as the answer")
        if norm(d) in seen_decoys:
            fail(f"decoy {_quote(d)} repeats decoy {_quote(seen_decoys[norm(d)])}")
        seen_decoys[norm(d)] = d
    seen.add(id_)
    return Question(id_, category, question, answer, source, tuple(decoys))


def parse_deck(text: str, path: str | Path | None = None, *, heard: bool = True) -> Deck:
    """Read a deck from its text (see the module docstring for the format).

    ``path`` only names the deck in error messages. Raises :class:`DeckError`
    with the 1-based line number and the reason. ``heard=False`` tells decoys apart as
    written on a sheet, in any case, not as the table hears them (the check of a deck
    embedded in a log, which its game checked when it began: a log saved before the
    stricter check still replays).
    """
    where = str(path) if path is not None else None
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()  # the final newline
    if lines and lines[0].startswith("\ufeff"):
        lines[0] = lines[0][1:]

    def failer(n: int):
        def fail(reason: str):
            raise DeckError(n, reason, where)

        return fail

    if not lines:
        raise DeckError(1, "the deck is empty; line 1 must be the header", where)
    title = language = ""
    questions: list[Question] = []
    seen: set[str] = set()
    for n, line in enumerate(lines, 1):
        fail = failer(n)
        line = line.rstrip("\r")
        if not line.strip():
            fail("blank line (blank lines are allowed only at the end of the file)")
        problem = None
        try:
            obj = jsonread.loads(line)
        except json.JSONDecodeError as exc:
            problem = f"not valid JSON: {exc.msg} (column {exc.colno})"
        except jsonread.DuplicateKey as exc:
            problem = str(exc)
        except RecursionError:
            problem = "not valid JSON: nested too deeply"
        except ValueError:
            problem = "not valid JSON: a number with too many digits"
        if problem:
            fail(problem)
        if n == 1:
            title, language = _parse_header(obj, fail)
        else:
            questions.append(_parse_question(obj, seen, fail, _norm if heard else _sheet_norm))
    if not questions:
        raise DeckError(len(lines) + 1, "the deck has no questions: one per line must follow the header", where)
    return Deck(title, language, tuple(questions))


#: The largest deck file read (50 times the shipped deck): a game's log embeds a deck that
#: is not shipped, and a log may be at most 16 MiB (``bluffkit.core.logfiles.MAX_BYTES``),
#: its text escaped as JSON (up to 6 bytes a character).
MAX_DECK_BYTES = 2 * 1024 * 1024


def load_deck(path: str | Path) -> Deck:
    """Read a deck file (UTF-8 JSON Lines, at most :data:`MAX_DECK_BYTES`). Raises
    :class:`DeckError` on any fault."""
    p = Path(path)
    try:
        size = p.stat().st_size
        if size > MAX_DECK_BYTES:
            raise DeckError(0, f"the file is {size:,} bytes, more than a deck may be ({MAX_DECK_BYTES:,} bytes: "
                               "a game's log holds the deck, and a log may be at most 16 MiB)", str(p))
        data = p.read_bytes()
    except OSError as exc:
        raise DeckError(0, f"cannot read the file: {exc.strerror or exc}", str(p)) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise DeckError(line, f"not UTF-8 text (byte 0x{data[exc.start]:02x} cannot be decoded)", str(p)) from None
    return parse_deck(text, p)


def default_deck() -> Deck:
    """The deck shipped with bluffkit: ``data/decks/bluffer-general.jsonl``."""
    return load_deck(DEFAULT_DECK)


# --- decks in logs: by name, or embedded ---------------------------------------------------------


def deck_name(spec: str) -> str | None:
    """The name of the deck ``spec`` among the decks shipped in ``data/decks`` (``"general"``
    for ``.../data/decks/bluffer-general.jsonl``), or ``None`` for a file elsewhere. A log
    names a shipped deck so and embeds any other, never writing a path.

    >>> deck_name("general"), deck_name(str(DECKS_DIR / "bluffer-general.jsonl")), deck_name("/tmp/mine.jsonl")
    ('general', 'general', None)
    """
    from bluffkit.games.bluffer.rules import is_deck_path
    if not is_deck_path(spec):
        return spec
    path = Path(spec).expanduser()
    try:
        shipped = path.resolve().parent == DECKS_DIR.resolve()
    except (OSError, RuntimeError):
        return None
    name = path.name
    if shipped and name.startswith("bluffer-") and name.endswith(".jsonl") and len(name) > len("bluffer-.jsonl"):
        short = name[len("bluffer-"):-len(".jsonl")]
        if not is_deck_path(short):
            return short
    return None


def deck_lines(deck: Deck) -> list[dict]:
    """The deck as the JSON objects of its file, header first: what a log embeds."""
    head = {"format": FORMAT, "version": VERSION, "title": deck.title, "language": deck.language}
    return [head] + [{"id": q.id, "category": q.category, "question": q.question, "answer": q.answer,
                      "source": q.source, "decoys": list(q.decoys)} for q in deck.questions]


def read_embedded(lines, where: str = "the log's embedded deck") -> Deck:
    """A deck from :func:`deck_lines`, checked like a file: :class:`DeckError` names the
    item (``line`` 1 is the header); its decoys told apart as written (``heard=False``:
    its game checked them when it began, and a log saved before they were compared as the
    table hears them replays as it was played)."""
    if not isinstance(lines, list) or not lines:
        raise DeckError(1, "an embedded deck is a list: the header, then one object per question", where)
    try:
        text = "\n".join(json.dumps(obj, ensure_ascii=True, allow_nan=False) for obj in lines)
    except (TypeError, ValueError, RecursionError):
        raise DeckError(1, "an embedded deck holds only JSON objects of text", where) from None
    return parse_deck(text, where, heard=False)
