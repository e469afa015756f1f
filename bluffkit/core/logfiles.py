"""What a log may make bluffkit read, checked before anything is read: the log file
itself (a regular file of at most :data:`MAX_BYTES`), its seats (distinct names) and a
deck file its rules name (only in ``data/decks`` or the log's own folder). Every
refusal is a :class:`~bluffkit.core.errors.LogError` of one line (see ``docs/logs.md``).
"""

from __future__ import annotations

import os
import stat

from bluffkit.core.datafiles import DATA_DIR
from bluffkit.core.errors import LogError, quote

#: The largest log file read (16 MiB; the longest game a bot plays writes well under 1 MiB).
MAX_BYTES = 16 * 1024 * 1024

#: The largest deck file a log may name.
MAX_DECK_BYTES = 16 * 1024 * 1024

#: The folder of the decks shipped with bluffkit; a log may also name a deck in its own folder.
DECKS_DIR = DATA_DIR / "decks"

#: The format a Bluffer question deck's first line names (``bluffkit.games.bluffer.deck`` reads it).
DECK_FORMAT = "bluffkit-deck"


def is_deck_file(path) -> bool:
    """Whether ``path`` is a regular file whose first line names :data:`DECK_FORMAT`: a
    Bluffer deck, such as a log's folder may hold beside the logs that name it."""
    import json
    if not os.path.isfile(path):            # (a pipe is never opened: it could wait for ever)
        return False
    try:
        with open(path, "rb") as f:
            first = f.readline(4096)
        head = json.loads(first)
    except (OSError, ValueError, RecursionError):
        return False
    return isinstance(head, dict) and head.get("format") == DECK_FORMAT


#: The longest seat name a log may hold.
MAX_NAME = 80
#: What a seat's name must be, in the words of the errors that refuse one.
NAME_RULE = f"text of 1 to {MAX_NAME} printable characters"


def short(value, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters, for error messages."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def one_line(text: str) -> str:
    """``text`` with its control characters (line breaks above all) escaped."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


#: The longest reason a refusal gives (a longer one is cut).
MAX_REASON = 400


def fail(line: int, reason: str, path) -> LogError:
    """The error that refuses a log: one line, naming the line (0: the whole file). The
    reason's control characters are escaped (each is then 4 to 10 characters) and it is cut
    to at most :data:`MAX_REASON` characters, between two of the reason's characters."""
    return LogError(line, _cut(reason, MAX_REASON), None if path is None else one_line(str(path)))


def _cut(text: str, limit: int) -> str:
    """``text`` as :func:`one_line` writes it, cut to at most ``limit`` characters ("..."
    ending a cut one) between two characters, never inside an escape such as ``\\x1b``.

    >>> _cut("a\\nb", 10), _cut("ab\\x1bcdef", 8), _cut("abcdefghijk", 8)
    ('a\\\\nb', 'ab...', 'abcde...')
    """
    line = one_line(text[:limit + 1])
    if len(line) <= limit and len(text) <= limit:
        return line
    kept, used = [], 0
    for c in text[:limit]:
        piece = one_line(c)
        if used + len(piece) > limit - 3:
            break
        kept.append(piece)
        used += len(piece)
    return "".join(kept) + "..."


def link_to_nowhere(folder) -> str | None:
    """Why ``folder`` (a ``Path``) cannot be made: it is, or lies through, a symbolic link to
    nowhere (making it, the system said only "File exists"): "x is a link to /gone, which
    does not exist (or links back to itself)", names escaped; ``None`` where none is (or
    the name cannot be looked at: too long, a NUL, which the checks after this one say).
    Used by every output folder: ``simulate --logs``, ``simulate --out``'s folder,
    ``tournament --out``."""
    from bluffkit.core.errors import printable
    try:
        for link in (folder, *folder.parents):
            if link.is_symlink() and not link.exists():
                return (f"{printable(str(link))} is a link to {printable(os.readlink(link))}, which does not exist "
                        f"(or links back to itself)")
    except (OSError, ValueError):
        return None
    return None


def is_file_name(path) -> bool:
    """Whether ``path`` names a file: text or a path, not empty (``None`` or a number is no
    name: ``str(None)`` would open a file called ``None``)."""
    return not isinstance(path, bytes) and isinstance(path, (str, os.PathLike)) and bool(str(path).strip())


def read_bytes(path: str | os.PathLike, what: str = "log") -> bytes:
    """The contents of a log file (or of another small file, ``what`` it is, for the
    messages). A file that is not a regular file (a folder, a device, a FIFO: opened
    without blocking) or is larger than :data:`MAX_BYTES` is refused before a byte is
    read, with :class:`LogError` (line 0); so is a ``path`` that is no file name (``None``,
    a number: ``str(None)`` would open a file called ``None``)."""
    if not is_file_name(path):
        raise LogError(0, f"a {what} is read from a file name (text or a path), got {quote(path)}"[:200])
    path = str(path)
    try:
        # a FIFO must not block; a terminal named as the file must not become this process's own
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except (OSError, ValueError) as e:
        raise fail(0, f"cannot read the file ({getattr(e, 'strerror', None) or e})", path) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise fail(0, f"not a regular file (a folder, device or pipe is never read as a {what})", path)
        if info.st_size > MAX_BYTES:
            raise fail(0, f"the file is {info.st_size} bytes, more than a {what} may be "
                           f"({MAX_BYTES} bytes, bluffkit.core.logfiles.MAX_BYTES)", path)
        with os.fdopen(fd, "rb") as f:
            fd = -1
            data = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise fail(0, f"cannot read the file ({e.strerror or e})", path) from None
    finally:
        if fd >= 0:
            os.close(fd)
    return data


def name_ok(name) -> bool:
    """Whether ``name`` may name a seat (:data:`NAME_RULE`): a log holds it, and every
    sentence of the game says it."""
    return isinstance(name, str) and bool(name.strip()) and len(name) <= MAX_NAME and name.isprintable()


def check_seats(seats, path) -> list[dict]:
    """The header's seats: objects with distinct names (text), and optionally an agent."""
    if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
        raise fail(1, "'seats' must be a list of objects such as {\"name\": \"Anna\"}", path)
    names: dict[str, int] = {}              # name -> its seat (a list made this quadratic)
    for i, s in enumerate(seats):
        name = s.get("name")
        if not name_ok(name):
            raise fail(1, f"seat {i} needs a name: {NAME_RULE}, got {short(name)}", path)
        if name in names:
            raise fail(1, f"seats {names[name]} and {i} are both named {name!r}; "
                           f"every seat needs its own name", path)
        agent = s.get("agent", "")
        if not isinstance(agent, str) or len(agent) > MAX_NAME or not agent.isprintable():
            raise fail(1, f"seat {i}'s 'agent' must be a short text, got {short(agent)}", path)
        names[name] = i
    return seats


def _names_a_file(spec: str) -> bool:
    """Whether a ``deck`` option names a file rather than a deck shipped with bluffkit
    (the same test the game makes: a ``/`` in it, or a name ending in ``.jsonl``)."""
    return "/" in spec or spec.endswith(".jsonl")


def _inside(path: str, folder: str) -> bool:
    return os.path.commonpath([path, folder]) == folder


def check_deck(head: dict, path=None) -> dict:
    """The header, checked before its game is built: a ``deck`` option (Bluffer's
    question deck) may only name a regular file of at most :data:`MAX_DECK_BYTES` in
    ``data/decks`` or in the log's own folder, never a device, a pipe or a file
    elsewhere. A deck named by a path outside those places is looked for under the same
    file name in the log's folder (the header's deck checksum confirms it is the
    same deck); the header returned names the file that will be read. Raises
    :class:`LogError` (line 1)."""
    options = head.get("options")
    spec = options.get("deck") if isinstance(options, dict) else None
    if not isinstance(spec, str) or not isinstance(options, dict):
        return head
    if "\x00" in spec or len(spec) > 1000:
        raise fail(1, f"the deck option {short(spec)} is not a deck name or a file name", path)
    decks = os.path.realpath(DECKS_DIR)
    folder = os.path.realpath(os.path.dirname(os.path.abspath(path))) if path is not None else None
    allowed = [decks] + ([folder] if folder else [])
    if _names_a_file(spec):
        target = os.path.realpath(spec)
        if not any(_inside(target, a) for a in allowed):
            here = os.path.join(folder, os.path.basename(spec)) if folder and os.path.basename(spec) else None
            if here is None or not os.path.lexists(here):
                where = "data/decks" + (f" or the log's folder {folder}" if folder else "")
                raise fail(1, f"the deck file {short(spec)} is outside the places a log may read a deck "
                               f"from ({where}); put a copy of it next to the log", path)
            target = os.path.realpath(here)
            if not any(_inside(target, a) for a in allowed):
                raise fail(1, f"the deck file {short(here)} leads outside the log's folder", path)
            head = dict(head, options=dict(options, deck=here))
    else:
        target = os.path.realpath(os.path.join(decks, f"bluffer-{spec}.jsonl"))
        if not _inside(target, decks):
            raise fail(1, f"the deck name {short(spec)} leads outside data/decks", path)
    try:
        info = os.stat(target)
    except OSError:
        return head                         # no such file: the game names the decks it knows
    if not stat.S_ISREG(info.st_mode):
        raise fail(1, f"the deck {short(spec)} is not a regular file (a device, pipe or folder "
                       f"is never read as a deck)", path)
    if info.st_size > MAX_DECK_BYTES:
        raise fail(1, f"the deck file {short(spec)} is {info.st_size} bytes, more than a deck may be "
                       f"({MAX_DECK_BYTES} bytes)", path)
    return head


