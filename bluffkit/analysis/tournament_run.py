"""Tournaments on many cores: chunks of games on a dask cluster, one Parquet part each.

:func:`run` plays a tournament (:mod:`bluffkit.analysis.tournament`) into a folder:

- ``manifest.json``: the run's parameters (the game's header: its name, ruleset,
  variants and every rule option; the players, the field of bots and its line-ups, the
  number of games, the root seed, the chunk size) and the format's name and version.
- ``parts/part-KKKKKK.parquet``: chunk ``K``, the rows of games ``K * chunk`` to
  ``(K + 1) * chunk - 1`` (fewer in the last chunk), one row per game and seat, in game
  then seat order, with the columns of :data:`bluffkit.analysis.tournament.COLUMNS`.
- ``summary.csv`` and ``pairwise.csv`` (:data:`OUTPUTS`): the statistics the command
  writes at the end (:func:`write_outputs`), derived from the parts.

Every row is a pure function of the parameters and the game's index, so the content is
the same whatever the number of workers or the chunk size, and a chunk's part is the same
file, byte for byte, whoever plays it. Parts are written by the process that called
:func:`run` (the workers send each part's bytes back), to a temporary name first and then
renamed, so a part on disk is always whole and the workers need no shared folder.

Running again into the same folder with the same parameters resumes: the chunks whose
part exists are not played again. Other parameters are refused with the differences
named, and nothing on disk changes. A worker lost in the middle of a run (a killed
process, a machine gone) costs only the chunks it was playing: the scheduler plays them
again elsewhere, and they come out the same.

Nothing is written before everything that can be checked is: the parameters (a local
cluster has at most :data:`MAX_WORKERS` worker processes, or one per core if the machine
has more), the folder (another run's, other files, a part that cannot be read, an output
that is a folder) and the cluster (a scheduler that cannot be reached, a local cluster
that does not start). A refused run leaves the folder as it was, or absent.

:func:`load` reads a finished run back as one frame, sorted by game and seat.

Nothing here imports dask until a cluster is asked for (``workers=0`` plays in this
process and needs none).
"""

from __future__ import annotations

import functools
import json
import math
import os
import re
import signal
import sys
import threading
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from numbers import Integral
from pathlib import Path

from bluffkit import __version__
from bluffkit.analysis.tournament import COLUMNS, check_field, lineups, play_range
from bluffkit.core import jsonread
from bluffkit.core.errors import BluffkitError, RulesError, check_whole, count, printable, quote
from bluffkit.core.game import as_game
from bluffkit.core.play import check_progress
from bluffkit.core.seeding import check_seed, game_seeds

FORMAT, VERSION = "bluffkit-tournament", 1
MANIFEST, PARTS = "manifest.json", "parts"
_PART = re.compile(r"^part-(\d+)\.parquet$")
#: The hidden mark of a run writing its folder now (:func:`_lock_folder`).
_LOCK = re.compile(r"\.tournament-(?P<host>[A-Za-z0-9_]+)-(?P<pid>[0-9]+)-[0-9a-f]{8}\.lock")
#: The largest chunk the default picks (about ten seconds of a slow game on one core).
MAX_CHUNK = 2000
#: The most chunks (parts) a run may have: parts are numbered with six digits, and the
#: run keeps a list of the chunks to play.
MAX_CHUNKS = 1_000_000
#: The manifest's entries that decide a run's content and layout: a resumed run must match them
#: (the field as typed and the mode asked for are kept for reading; the line-ups say it all).
SAME = ("format", "version", "bluffkit", "game", "players", "lineups", "games", "seed", "chunk")
#: The most worker processes :func:`run` starts on this machine (or one per core, if the
#: machine has more). A bigger number is a slip of the keyboard, not a machine: a larger
#: cluster is started with ``dask worker`` and given as a scheduler. A local cluster never
#: has more workers than chunks left to play.
MAX_WORKERS = 256


def most_workers() -> int:
    """The most worker processes a local cluster here may have: :data:`MAX_WORKERS`, or one
    per core where the machine has more."""
    return max(MAX_WORKERS, os.cpu_count() or 1)


#: Seconds to wait for a scheduler's address to answer at all (see :func:`probe_scheduler`).
PROBE_SECONDS = 5.0
#: Seconds for a scheduler to answer a connection as dask's scheduler does (see
#: :func:`ask_scheduler`; one on a network answers in well under a second).
ANSWER_SECONDS = 10.0
#: Seconds between two reports of the games played within a chunk (:func:`play_part`):
#: progress shows between parts, which may take minutes each.
PULSE_SECONDS = 1.0
#: Seconds between two looks at the cluster's reports while no part comes back.
POLL_SECONDS = 0.2
#: The schemes of scheduler addresses tried with a plain connection first.
PROBED = ("tcp", "tls", "ws", "wss")
#: The files the command derives from the parts at the end (:func:`write_outputs`).
OUTPUTS = ("summary.csv", "pairwise.csv")


class TournamentError(BluffkitError):
    """A tournament folder that cannot be used as asked (other parameters, missing or damaged parts)."""


@dataclass
class Outcome:
    """What :func:`run` did: the folder, how many chunks the run has, how many were
    already there (skipped) and how many were played now."""

    out: Path
    chunks: int
    skipped: int
    played: int


def default_chunk(games: int) -> int:
    """A chunk size for ``games`` games: about a hundred chunks, 50 to :data:`MAX_CHUNK` games each."""
    return max(1, min(games, MAX_CHUNK, max(50, math.ceil(games / 100))))


def plan(game, agents: list[str], games: int, seed: int, *, players: int | None = None,
         mode: str | None = None, chunk: int | None = None) -> dict:
    """The manifest of a run: every parameter that decides its content and layout,
    checked (the seat count, every bot, the numbers) before anything is played."""
    check_seed(seed)
    game = as_game(game)
    table = lineups(agents, players, mode)
    players = len(table[0])
    check_field(game, players, table)
    games = check_whole(games, "games", 1)                  # (numpy's whole numbers too, as Python ints)
    chunk = None if chunk is None else check_whole(chunk, "chunk", 1)
    size = chunk or default_chunk(games)
    if math.ceil(games / size) > MAX_CHUNKS:
        raise RulesError(f"games: {games:,} games in chunks of {size:,} make {math.ceil(games / size):,} parts; "
                         f"a run has at most {MAX_CHUNKS:,} (at most {MAX_CHUNKS * max(size, MAX_CHUNK):,} games "
                         f"in chunks of {max(size, MAX_CHUNK):,}); split it into several runs")
    return {"format": FORMAT, "version": VERSION, "bluffkit": __version__, "game": game.header(),
            "players": players, "agents": list(agents),
            "mode": "fixed" if len(table) == 1 and mode != "round-robin" else "round-robin",
            "lineups": [list(t) for t in table], "games": games, "seed": int(seed),
            "chunk": size}


def chunk_range(manifest: dict, k: int) -> tuple[int, int]:
    """The games of chunk ``k``: ``[k * chunk, min((k + 1) * chunk, games))``."""
    c = manifest["chunk"]
    return k * c, min((k + 1) * c, manifest["games"])


def chunk_count(manifest: dict) -> int:
    return math.ceil(manifest["games"] / manifest["chunk"])


def part_path(out: Path, k: int) -> Path:
    return Path(out) / PARTS / f"part-{k:06d}.parquet"


def _folder(out) -> Path:
    """``out`` as a folder's path; anything that is no path is refused in words."""
    if not isinstance(out, (str, os.PathLike)) or not str(out).strip():
        got = quote(out) if out is None or isinstance(out, (str, int, float)) else type(out).__name__
        raise TournamentError(f"a tournament's folder is a path (text), got {got}")
    return Path(out)


def read_manifest(out) -> dict:
    """The manifest of the run in ``out``, or a clear error when there is none."""
    from bluffkit.core.errors import LogError
    from bluffkit.core.logfiles import read_bytes
    path = _folder(out) / MANIFEST
    if not os.path.lexists(path):
        raise TournamentError(f"{out}: not a tournament folder (no {MANIFEST})")
    try:
        # a regular file of a bounded size (a pipe or a device there must not hang or fill memory)
        manifest = jsonread.loads(read_bytes(path, "manifest").decode("utf-8"))
    except LogError as e:
        raise TournamentError(f"{path}: {e.reason}") from None
    except jsonread.DuplicateKey as e:
        raise TournamentError(f"{path}: {e}; the manifest is damaged") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise TournamentError(f"{path}: not a readable manifest ({e})") from None
    except (RecursionError, ValueError):    # nested too deeply, or a number too long to read
        raise TournamentError(f"{path}: not a readable manifest (nested too deeply, or a number too long)") from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise TournamentError(f"{path}: not a bluffkit tournament manifest")
    if "version" not in manifest:
        raise TournamentError(f"{path}: no format version; this bluffkit reads {VERSION}")
    if not jsonread.is_version(manifest["version"], VERSION):
        raise TournamentError(f"{path}: format version {jsonread.shown(manifest['version'])}; "
                              f"this bluffkit reads {VERSION}")
    for key in ("games", "seed", "chunk", "players"):      # 6.0 == 6 would pass the comparison with the command's
        v = manifest.get(key)                              # (and a chunk of 0 games divided by zero)
        least = 0 if key == "seed" else 1
        if isinstance(v, bool) or not isinstance(v, int) or v < least:
            raise TournamentError(f"{path}: {key} must be a whole number, {least} or more, got {quote(v)}; "
                                  "the manifest is damaged")
    return manifest


def done_chunks(out, manifest: dict) -> set[int]:
    """The chunks whose part is on disk (under the name :func:`part_path` gives it)."""
    folder = Path(out) / PARTS
    found = set()
    if folder.is_dir():
        for p in folder.iterdir():
            m = _PART.match(p.name)
            if m and int(m[1]) < chunk_count(manifest) and p.name == part_path(out, int(m[1])).name:
                found.add(int(m[1]))
    return found


def _misnamed_parts(out, manifest: dict) -> None:
    """Refuse a file in the parts folder named like a part of this run but not as the run
    names it (``part-0.parquet`` for ``part-000000.parquet``): its chunk would be played
    again beside it. Refuse any other file there too (a copy of a part, ``extra.parquet``,
    a part past the run's last chunk), except hidden ones (a name beginning with ``.`` or
    ``_``, which Parquet readers skip): a tool reading ``parts/`` as one dataset would
    count its rows as games of the run."""
    folder = Path(out) / PARTS
    if not folder.is_dir():
        return
    last = part_path(out, chunk_count(manifest) - 1).name
    for p in sorted(folder.iterdir()):
        m = _PART.match(p.name)
        if m and int(m[1]) < chunk_count(manifest) and p.name != part_path(out, int(m[1])).name:
            raise TournamentError(f"{p}: a part of this run is named {part_path(out, int(m[1])).name}; "
                                  f"rename it so, or delete it and resume")
        if not m and not p.name.startswith((".", "_")) or m and int(m[1]) >= chunk_count(manifest):
            raise TournamentError(f"{p}: not a part of this run (its parts are {part_path(out, 0).name} to "
                                  f"{last}), and other tools read {folder} as one dataset of its games; "
                                  f"move it out of the folder and run again")


def prepare(out, manifest: dict) -> list[int]:
    """Make ``out`` the folder of the run ``manifest`` describes (a new, empty or absent
    folder), or check that it already is (same parameters); return the chunks still to
    play. Refuses, changing nothing, a folder of another run, a folder that holds other
    files, a part that cannot be read or has the wrong number of rows, and an output
    (:data:`OUTPUTS`) that is not a file."""
    todo = check_folder(out, manifest)
    make_folder(out, manifest)
    return todo


def check_folder(out, manifest: dict) -> list[int]:
    """What :func:`prepare` checks, writing nothing: the chunks still to play in ``out``,
    or a :class:`TournamentError` saying what is wrong with the folder and where."""
    out = _folder(out)
    if (out / MANIFEST).exists():
        old = read_manifest(out)
        diff = [k for k in SAME if old.get(k) != manifest.get(k)]
        if diff:
            said = "; ".join(f"{k}: {_short(old.get(k))} there, {_short(manifest.get(k))} asked" for k in diff)
            raise TournamentError(f"{out} holds a tournament with other parameters ({said}); "
                                  f"use another --out folder, or the same parameters to resume it")
        check_outputs(out)
        if (out / PARTS).exists() and not (out / PARTS).is_dir():
            raise TournamentError(f"{out / PARTS} is not a folder; move it away and run again")
        _misnamed_parts(out, manifest)
        done = done_chunks(out, manifest)
        for k in sorted(done):
            _part(out, manifest, k, read=False)
    else:
        _no_file_on_the_way(out)
        if out.exists() and (not out.is_dir() or not _unstarted(out)):
            raise TournamentError(f"{out} exists and is not an empty folder or a tournament folder; "
                                  f"give a new or empty folder")
        done = set()
    return [k for k in range(chunk_count(manifest)) if k not in done]


def _chunk_there(out) -> int | None:
    """The chunk size of the run in ``out``, if it holds a readable manifest with one."""
    if not isinstance(out, (str, os.PathLike)):      # (refused in words by check_folder)
        return None
    try:
        if not os.path.lexists(Path(out) / MANIFEST):
            return None
        there = read_manifest(out).get("chunk")
    except (BluffkitError, OSError, ValueError):      # damaged: check_folder says so
        return None
    return there if type(there) is int else None


def _no_file_on_the_way(out: Path) -> None:
    """Refuse, naming it, a file (not a folder) above ``out`` on its path: the folder could
    not be made there (Python said ``NotADirectoryError``)."""
    for above in Path(os.path.abspath(out)).parents:
        if os.path.lexists(above):
            if not above.is_dir():
                raise TournamentError(f"{out}: {above} is a file, not a folder, so no folder can be made "
                                      f"inside it; give another --out folder")
            return


def make_folder(out, manifest: dict) -> bool:
    """Write what :func:`check_folder` found missing: the parts folder and the manifest of
    a new run; remove the temporary files a stop left behind. Whether this call wrote the
    manifest. The manifest is made only where none is (:func:`_write_atomic`), and a manifest
    found made since :func:`check_folder` looked (by a run the folder's mark did not keep
    out: :func:`_lock_folder`) with other parameters refuses this run before it writes a part."""
    out = Path(out)
    wrote = False
    if not (out / MANIFEST).exists():
        (out / PARTS).mkdir(parents=True, exist_ok=True)
        wrote = _write_atomic(out / MANIFEST, (json.dumps(manifest, indent=1) + "\n").encode(), new=True)
    if not wrote and [k for k in SAME if read_manifest(out).get(k) != manifest.get(k)]:
        raise TournamentError(f"{out}: another run with other parameters began in this folder at the same "
                              f"moment (its manifest was written first); use another --out folder")
    (out / PARTS).mkdir(exist_ok=True)
    stale = [*(out / PARTS).glob(".part-*.tmp"),                        # a write cut short by a stop
             *(p for name in OUTPUTS for p in out.glob(f".{name}*.tmp"))]
    for p in stale:
        if p.is_file() or p.is_symlink():
            p.unlink()
    return wrote


def check_outputs(out) -> None:
    """Refuse an output of the command (:data:`OUTPUTS`) in ``out`` that a file cannot
    replace (a folder, a device), naming it; a missing one is fine."""
    for name in OUTPUTS:
        path = Path(out) / name
        if path.is_dir():
            raise TournamentError(f"{path} is a directory, where the command writes its {name}; "
                                  f"move it away and run again")
        if path.exists() and not path.is_file():
            raise TournamentError(f"{path} is not a regular file, where the command writes its {name}; "
                                  f"move it away and run again")


def _holds(path: Path, data: bytes) -> bool:
    """Whether the file ``path`` holds ``data`` already (one that cannot be read does not)."""
    try:
        return path.is_file() and path.stat().st_size == len(data) and path.read_bytes() == data
    except OSError:
        return False


def write_outputs(out, tables: dict) -> None:
    """Write each frame of ``tables`` (a name of :data:`OUTPUTS` to a pandas frame) into
    ``out`` as CSV: all of them to hidden temporary names first, then each renamed over
    its file. Checked first (:func:`check_outputs`); on any failure no temporary file
    remains and the error names the file, not its temporary name. A file that already
    holds what would be written is left as it is (a finished run asked again, in a folder
    one may only read, prints its results)."""
    out = Path(out)
    check_outputs(out)
    written: dict[Path, Path] = {}
    try:
        for name, table in tables.items():
            path = out / name
            try:
                text = table.to_csv(index=False).encode()
                if _holds(path, text):
                    continue
                tmp = written[path] = path.with_name(f".{name}.{uuid.uuid4().hex[:8]}.tmp")
                tmp.write_bytes(text)
            except OSError as e:
                raise TournamentError(f"{path}: cannot write it ({e.strerror or e})") from None
        for path, tmp in written.items():
            try:
                os.replace(tmp, path)
            except OSError as e:
                raise TournamentError(f"{path}: cannot write it ({e.strerror or e})") from None
    finally:
        for tmp in written.values():
            if tmp.is_file():
                tmp.unlink()


def _unstarted(out: Path) -> bool:
    """``out`` holds nothing, or only what a run stopped before its manifest was written
    leaves: an empty parts folder and a manifest's temporary file."""
    for p in out.iterdir():
        if not ((p.name == PARTS and p.is_dir() and all(_stale_part(q) for q in p.iterdir()))
                or (p.name.startswith(f".{MANIFEST}.") and p.name.endswith(".tmp")) or _LOCK.fullmatch(p.name)):
            return False
    return True


def _stale_part(p: Path) -> bool:
    """A part's temporary file that a run killed while writing it left behind."""
    return p.name.startswith(".part-") and p.name.endswith(".tmp") and p.is_file() and not p.is_symlink()


def _short(value) -> str:
    text = json.dumps(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _write_atomic(path: Path, data: bytes, new: bool = False) -> bool:
    """Write ``data`` to a hidden temporary name, then rename it to ``path``: the file is
    whole or absent. On any failure (a full disk, a stop) the temporary file is removed.
    With ``new``, only where no file is there: ``False`` when one is (another run put it
    there first); the temporary file is linked to ``path``, which fails if ``path`` exists,
    or, where the file system has no links, renamed (two runs at the same moment are not
    told apart there)."""
    tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex[:8]}.tmp")
    try:
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if new:
            try:
                os.link(tmp, path)
                return True
            except FileExistsError:
                return False
            except OSError:                          # no hard links here (some network and FAT file systems)
                if path.exists():
                    return False
        os.replace(tmp, path)
        return True
    finally:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass


def _schema():
    import pyarrow as pa
    types = {"int64": pa.int64(), "uint64": pa.uint64(), "float64": pa.float64(), "str": pa.string()}
    return pa.schema([(c, types[t]) for c, t in COLUMNS.items()])


@functools.lru_cache(maxsize=8)
def _game(header: str):
    from bluffkit.core.game import game_from_header
    return game_from_header(json.loads(header))


def _part(out, manifest: dict, k: int, read: bool = True):
    """Chunk ``k``'s part in ``out``, checked: a Parquet file (its footer, or with ``read``
    the whole table, returned) with one row per game and seat of the chunk. Anything else
    is a damaged part, refused naming the file."""
    import pyarrow as pa
    import pyarrow.parquet as pq
    path = part_path(out, k)
    if not path.is_file():
        raise TournamentError(f"{path} is not a file (a damaged part: delete it and resume)")
    try:
        table = pq.read_table(path, schema=_schema(), page_checksum_verification=True) if read else None
        rows = table.num_rows if table is not None else pq.read_metadata(path).num_rows
        names = pq.read_schema(path).names if read else list(COLUMNS)
    except (OSError, ValueError, pa.ArrowException) as e:      # (a damaged name may not be UTF-8)
        why = getattr(e, "strerror", None) or "not a readable Parquet file"
        raise TournamentError(f"{path}: {why} (a damaged part: delete it and resume)") from None
    if table is not None and (names != list(COLUMNS) or any(c.null_count for c in table.columns)):
        # a column's name damaged in the footer is read as a column of nothing
        raise TournamentError(f"{path}: not the columns of a part ({', '.join(COLUMNS)}) "
                              f"(a damaged part: delete it and resume)")
    start, stop = chunk_range(manifest, k)
    if rows != (stop - start) * manifest["players"]:
        raise TournamentError(f"{path}: {rows} rows, expected "
                              f"{(stop - start) * manifest['players']} (a damaged part: delete it and resume)")
    # Its games are this chunk's, from this run's seeds: a part copied from another chunk or
    # another run has the right number of rows too.
    try:
        ids = table if table is not None else pq.read_table(path, columns=["game", "seed"])
        games, seeds = ids.column("game").to_pylist(), ids.column("seed").to_pylist()
    except (OSError, KeyError, ValueError, pa.ArrowException):
        raise TournamentError(f"{path}: not a readable Parquet file (a damaged part: delete it and resume)") from None
    want = game_seeds(manifest["seed"], stop)
    n = manifest["players"]
    if games != [g for g in range(start, stop) for _ in range(n)] or \
            seeds != [want[g] for g in range(start, stop) for _ in range(n)]:
        raise TournamentError(f"{path}: not the games {start} to {stop - 1} of this run (seed {manifest['seed']}): "
                              "a part of another chunk or run (delete it and resume)")
    return table


def play_part(header: str, table: list, seed: int, start: int, stop: int, version: str = __version__,
              topic: str | None = None, tick: Callable[[int, int], object] | None = None) -> bytes:
    """Games ``start`` to ``stop - 1`` as the bytes of one Parquet file (the task a worker
    runs; ``header``: the game's header as JSON, the game built once per process).
    ``version``: the bluffkit of the run, which the worker's must be (the rules and bots
    of another version could play other games). While it plays, the games played so far
    are told at most every :data:`PULSE_SECONDS` seconds, as ``(start, n)``: on a dask
    worker as an event of ``topic`` (see :func:`_on_cluster`), in this process to
    ``tick(start, n)``. Neither changes a game or a byte of the part."""
    import io
    if version != __version__:
        raise TournamentError(f"this worker has bluffkit {__version__}, the run is of bluffkit {version}")

    import pyarrow as pa
    import pyarrow.parquet as pq
    cols = play_range(_game(header), [tuple(t) for t in table], seed, start, stop, tick=_pulse(start, topic, tick))
    buf = io.BytesIO()
    pq.write_table(pa.Table.from_pydict(cols, schema=_schema()), buf, write_page_checksum=True)
    return buf.getvalue()


def _pulse(start: int, topic: str | None, tick) -> Callable[[int], None] | None:
    """What :func:`play_part` calls after each game: at most every :data:`PULSE_SECONDS`
    seconds, ``tick(start, n)`` or, on a dask worker, an event ``[start, n]`` of ``topic``
    (nothing outside a worker)."""
    import time
    if topic is not None and tick is None:
        try:
            from distributed import get_worker
            worker = get_worker()
        except (ImportError, ValueError):            # not in a dask worker's task
            return None

        def tick(first: int, n: int) -> None:
            worker.log_event(topic, [first, n])
    if tick is None:
        return None
    last = [time.monotonic()]

    def pulse(n: int) -> None:
        now = time.monotonic()
        if now - last[0] >= PULSE_SECONDS:
            last[0] = now
            tick(start, n)
    return pulse


def run(game, agents: list[str], games: int, seed: int, out, *, players: int | None = None,
        mode: str | None = None, chunk: int | None = None, workers: int | None = None,
        scheduler: str | None = None, client=None, progress=False,
        echo: Callable[[str], None] | None = print, on_part: Callable[[int], None] | None = None) -> Outcome:
    """Play the tournament into the folder ``out`` (see the module's docstring), resuming it
    if ``out`` holds part of the same run.

    Where: ``client`` (a ``distributed.Client``) if given; else the scheduler at
    ``scheduler`` (``tcp://host:8786``; its workers need bluffkit installed); else a new
    ``LocalCluster`` of ``workers`` single-threaded worker processes (default: one per
    core), closed at the end; ``workers=0`` plays in this process, without dask.
    ``workers`` is at most :data:`MAX_WORKERS` (or the machine's number of cores, if more),
    and a local cluster has no more workers than chunks left to play.
    ``progress``: ``True`` for a bar, or ``progress(done, total)`` called after each part
    and, while a part is played, about every :data:`PULSE_SECONDS` seconds with the games
    played so far (anything else is refused). ``echo(line)`` prints where the games run (and the
    dashboard's address); ``None`` prints nothing. ``on_part(k)`` is called after part ``k``
    is on disk. ``games``, ``players``, ``chunk`` and ``workers`` are whole numbers (numpy's
    too, not True or False). An ``out`` below a file (``out/file/sub``) is refused, naming it.

    The parameters and the folder are checked, and the cluster reached, before anything
    is written: a refused run leaves ``out`` as it was (or absent)."""
    game = as_game(game)
    manifest = plan(game, agents, games, seed, players=players, mode=mode, chunk=chunk)
    if chunk is None:                                # a resume keeps the folder's chunk size
        there = _chunk_there(out)
        if there is not None and there != manifest["chunk"]:
            try:
                manifest = plan(game, agents, games, seed, players=players, mode=mode, chunk=there)
            except RulesError:                       # not a size this run can take: compared as asked
                pass
    games = manifest["games"]
    check_progress(progress)
    for name, fn, takes in (("echo", echo, "echo(line)"), ("on_part", on_part, "on_part(k)")):
        if not (fn is None or fn is False or callable(fn)):
            raise RulesError(f"{name}: a function {takes} or None, got {quote(fn)}"[:200])
    if workers is not None:
        if isinstance(workers, bool) or not isinstance(workers, Integral) or workers < 0:
            raise RulesError(f"workers must be a whole number, 0 (this process) or more, got {quote(workers)}"[:200])
        workers = int(workers)
    most = most_workers()
    if workers is not None and workers > most:
        raise RulesError(f"workers: at most {most} worker processes on this machine, got {workers:,}; "
                         f"for a bigger cluster start dask workers and give the address of their scheduler")
    if scheduler is not None and (workers is not None or client is not None):
        raise RulesError("give the workers of a new local cluster or the address of a scheduler, not both")
    todo = check_folder(out, manifest)
    total = chunk_count(manifest)
    outcome = Outcome(Path(out), total, total - len(todo), 0)
    if not todo:
        _make_folder(out, manifest)                  # only removes what a stop left behind
        return outcome
    header = json.dumps(manifest["game"], sort_keys=True)
    args = [(header, manifest["lineups"], manifest["seed"], *chunk_range(manifest, k), __version__) for k in todo]
    left = sum(b - a for a, b in (chunk_range(manifest, k) for k in todo))
    bar = _Progress(progress, games, games - left)
    # the games played within a part, told only where progress is shown (no events otherwise)
    within = bar.within if progress else None

    told = f"{left:,} games" + (f" ({games - left:,} of the {games:,} played already)" if left < games else "")
    mine, made = [], []      # mine: this run wrote the manifest; made: the folders it makes, deepest first
    lock: list[Path] = []    # this run's mark in the folder while it writes there
    d = Path(os.path.abspath(out))
    while not d.exists() and d != d.parent:
        made.append(d)
        d = d.parent

    def write(k: int, data: bytes) -> None:
        try:
            _write_atomic(part_path(out, k), data)
        except OSError as e:                         # a full disk, a file too large, the folder gone
            kept = outcome.skipped + outcome.played
            raise TournamentError(f"{part_path(out, k)}: cannot write it ({e.strerror or e}); "
                                  + (f"{count(kept, 'part')} on disk kept: run the same command again to "
                                     f"resume" if kept else "no part was written")) from None
        outcome.played += 1
        start, stop = chunk_range(manifest, k)
        bar.update(stop - start, start)
        if on_part is not None:
            on_part(k)
        ctrl_c.check()                               # a Ctrl-C swallowed on its way: the run stops here


    def begin() -> None:
        """The folder marked as this run's, then made (the manifest, the parts folder)."""
        lock.append(_lock_folder(Path(out)))
        mine.append(_make_folder(out, manifest))

    ctrl_c = _CtrlC()
    try:
        ctrl_c.hold()
        if workers == 0 and client is None:
            begin()
            if echo:
                echo(f"playing {told} in this process")
            bar.start()
            for k, a in zip(todo, args):
                write(k, play_part(*a, tick=within))
        elif client is not None:
            begin()
            bar.start()
            _on_cluster(client, todo, args, write, within)
        else:
            with _cluster(workers, scheduler, echo, len(todo), told) as c:
                ctrl_c.check()                       # (pressed while the cluster started, and dropped)
                begin()                              # once the cluster is up: a scheduler not reached writes nothing
                bar.start()                          # once the cluster is up and its address printed
                _on_cluster(c, todo, args, write, within)
    except BaseException:
        if outcome.played == 0:                      # a run that wrote no part leaves no folder it made,
            _unmake(Path(out), made, lock, manifest=any(mine))    # and a new one no manifest, which
        raise                                        # would refuse the next run's other parameters
    finally:
        try:
            ctrl_c.release()
        finally:                                     # (a Ctrl-C just then still unlocks the folder)
            _unlock(lock)
            bar.close()
    return outcome


class _CtrlC:
    """Ctrl-C during a run, noted as well as raised. dask's scheduler, in this process,
    runs code of its own from the garbage collector, where a KeyboardInterrupt is printed
    as "Exception ignored" and dropped, so the run would play on to its end; the note makes
    the run stop after the part it is writing (:meth:`check`). Held only in the main
    thread, and only while Ctrl-C is Python's own KeyboardInterrupt."""

    def __init__(self):
        self.pressed = False
        self._before = None

    def hold(self) -> None:
        if (threading.current_thread() is threading.main_thread()
                and signal.getsignal(signal.SIGINT) is signal.default_int_handler):
            self._before = signal.signal(signal.SIGINT, self._pressed)

    def _pressed(self, signum, frame):
        self.pressed = True
        raise KeyboardInterrupt

    def check(self) -> None:
        if self.pressed:
            raise KeyboardInterrupt

    def release(self) -> None:
        if self._before is not None:
            signal.signal(signal.SIGINT, self._before)
            self._before = None


def _lock_folder(out: Path) -> Path:
    """Mark ``out`` as written by this run now: a hidden file
    ``.tournament-HOST-PID-XXXXXXXX.lock``, removed when the run ends (:func:`_unlock`).
    Another run's mark whose process is alive (or on another machine) refuses this run,
    writing nothing more: two runs writing one folder at once would remove each other's
    half-written parts and, failing, the folder the other writes in. A mark left by a run
    killed outright (its process gone) is removed. Two runs begun at the same moment may
    both be refused; run one of them again."""
    from bluffkit.analysis.simulate import _HOST, _MINE, _MINE_LOCK, run_state
    try:
        out.mkdir(parents=True, exist_ok=True)
        with _MINE_LOCK:                             # (a run in another thread of this process)
            mark = out / f".tournament-{_HOST}-{os.getpid()}-{uuid.uuid4().hex[:8]}.lock"
            mark.touch(exist_ok=False)
            _MINE.add(mark.name)
    except OSError as e:
        raise TournamentError(f"{out}: cannot make the tournament's folder there ({e.strerror or e})") from None
    busy = []
    try:
        for p in out.iterdir():
            m = _LOCK.fullmatch(p.name)
            if m is None or p.name == mark.name:
                continue
            state = run_state(p.name, m["host"], m["pid"])
            if state == "gone":
                try:
                    p.unlink(missing_ok=True)
                except OSError:                      # another user's, or not a file: dead all the same
                    pass
            elif state == "live":
                busy.append(p.name)
    except BaseException as e:                       # (a stop, a folder that cannot be read): no mark left
        _unlock([mark])
        if isinstance(e, OSError):
            raise TournamentError(f"{out}: cannot read the folder ({e.strerror or e})") from None
        raise
    if busy:
        _unlock([mark])
        raise TournamentError(f"{out} is being written by another run now (its mark {busy[0]} is there, and its "
                              f"process is alive or on another machine); wait for it to end, or give another --out "
                              f"folder (delete that file if no other run is going)")
    return mark


def _unlock(marks: list[Path]) -> None:
    """Remove this run's marks (:func:`_lock_folder`), once."""
    from bluffkit.analysis.simulate import _MINE
    while marks:
        mark = marks.pop()
        try:
            mark.unlink(missing_ok=True)
        except OSError:
            pass
        _MINE.discard(mark.name)


def _make_folder(out, manifest: dict) -> bool:
    """:func:`make_folder`, an error of the system (no right to write, no space) said in words
    naming the folder."""
    try:
        return make_folder(out, manifest)
    except OSError as e:
        raise TournamentError(f"{out}: cannot make the tournament's folder there ({e.strerror or e})") from None


def _unmake(out: Path, made: list[Path], lock: list[Path], manifest: bool = True) -> None:
    """Take back what a run that failed before its first part wrote: while it still holds
    the folder's mark (``lock``: no other run writes there meanwhile), the manifest if this
    run wrote it (``manifest``) and then an empty parts folder of no run (no manifest is
    there); then the mark; then the folders the run made (``out`` and any above it), each
    if still empty."""
    try:
        if manifest:
            (out / MANIFEST).unlink(missing_ok=True)
        if not (out / MANIFEST).exists() and (out / PARTS).is_dir() and not any((out / PARTS).iterdir()):
            (out / PARTS).rmdir()
    except OSError:
        pass
    _unlock(lock)
    try:
        for d in made:
            d.rmdir()
    except OSError:                                  # not empty: kept, and the folders above it too
        pass


class _Progress:
    """A tqdm bar (``progress`` true) or calls of ``progress(done, total)``, after each part
    and as the games within a part are played (:meth:`within`): the count shown is the
    games of the parts written plus those played so far in the chunks still playing."""

    def __init__(self, progress, total: int, done: int):
        self.progress, self.fn, self.bar, self.total, self.done = progress, None, None, total, done
        self.playing: dict[int, int] = {}            # games played so far in a chunk, by its first game
        self.written: set[int] = set()               # the chunks (their first games) whose part is written
        if callable(progress):
            self.fn = progress

    def within(self, start: int, n: int) -> None:
        """``n`` games of the chunk beginning at game ``start`` played, its part not yet written."""
        more = n - self.playing.get(start, 0)
        if more <= 0 or start in self.written:       # (played again elsewhere, or heard late: never backwards)
            return
        self.playing[start] = n
        self._show(more)

    def _show(self, more: int) -> None:
        if self.bar is not None:
            self.bar.update(more)
        elif self.fn is not None:
            self.fn(self.done + sum(self.playing.values()), self.total)

    def start(self) -> None:
        told = getattr(self.fn, "started", None)     # the command's progress lines: the games there already
        if callable(told):
            told(self.done, self.total)
        if self.progress is True:
            from bluffkit.core.play import progress_bar
            self.bar = progress_bar(self.total, "tournament", "game", initial=self.done, file=sys.stderr)

    def update(self, n: int, start: int | None = None) -> None:
        """The part of ``n`` games beginning at game ``start`` written."""
        self.done += n
        if start is None:                            # (no chunk named: none of its games were told)
            self._show(n)
            return
        self.written.add(start)
        self._show(n - self.playing.pop(start, 0))

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


class _cluster:
    """A client of the scheduler at ``scheduler``, or of a new LocalCluster (closed on exit)
    of ``workers`` processes (default: one per core), at most one per chunk to play."""

    def __init__(self, workers: int | None, scheduler: str | None, echo, chunks: int | None = None, told: str = ""):
        self.workers, self.scheduler, self.echo, self.chunks, self.told = workers, scheduler, echo, chunks, told
        self.cluster = self.client = None

    def __enter__(self):
        import logging

        from distributed import Client, LocalCluster
        if self.scheduler is not None:
            try:
                probe_scheduler(self.scheduler)
                ask_scheduler(self.scheduler)
                self.client = Client(self.scheduler, timeout="30s")
            except (OSError, TimeoutError, ValueError) as e:
                raise TournamentError(f"cannot reach the dask scheduler at {self.scheduler}: {e}") from None
            except Exception as e:       # another service (an SSH port): its reply read as dask's frames
                raise TournamentError(f"cannot reach the dask scheduler at {self.scheduler}: the dask client failed "
                                      f"there ({type(e).__name__}: {clip(printable(str(e)), 80)}); is a dask "
                                      f"scheduler of this version listening at that address?") from None
            where = f"the dask scheduler at {self.scheduler} ({len(self.client.nthreads())} workers now)"
        else:
            n = self.workers or os.cpu_count() or 1
            if self.chunks:
                n = min(n, self.chunks)
            before = _clusters()
            try:
                self.cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                                            dashboard_address=":0", silence_logs=logging.ERROR)
                self.client = Client(self.cluster)
                self.client.register_worker_callbacks(setup=_ignore_ctrl_c)
            except BaseException:                   # Ctrl-C while the cluster starts: stopped in words only
                self.__exit__()
                _forget_clusters(before)
                raise
            where = f"a local dask cluster of {n} worker process{'es' if n > 1 else ''}"
            cores = os.cpu_count() or 1
            if n > cores:                   # taken (a user may mean it), but never without a word
                where += (f" (more than this machine's {cores} core{'s' if cores > 1 else ''}: the games are "
                          f"pure Python, so the extra processes take turns and add memory, not speed)")
        if self.echo:
            self.echo(f"playing {self.told + ' ' if self.told else ''}on {where}; {dashboard(self.client)}")
        return self.client

    def __exit__(self, *exc):
        if self.client is not None:
            self.client.close()
        if self.cluster is not None:
            self.cluster.close()


def _clusters() -> set:
    """dask's clusters of this process that it closes at exit (none known: empty)."""
    try:
        from distributed.deploy.spec import SpecCluster
        return set(SpecCluster._instances)
    except Exception:                                # (another dask)
        return set()


def _forget_clusters(before: set) -> None:
    """Drop the clusters made since ``before`` (a stop left one half started) from dask's
    list of clusters to close at exit: closing one whose workers had not started fails
    (dask asserts they had) and printed a traceback after the command's "stopped" line.
    Their worker processes end with this process."""
    try:
        from distributed.deploy.spec import SpecCluster
        for c in set(SpecCluster._instances) - before:
            SpecCluster._instances.discard(c)
    except Exception:                                # (another dask: nothing to drop)
        pass


def probe_scheduler(address: str, seconds: float = PROBE_SECONDS) -> None:
    """Raise :class:`OSError` at once when nothing listens at a TCP, TLS or WebSocket
    ``address`` (``tcp://HOST:PORT``, ``HOST:PORT``, ``tls://``, ``ws://``, ``wss://``), or
    after ``seconds`` when the host does not answer. dask's client would keep trying a
    closed port for its whole 30 s timeout. An address of another scheme dask knows is
    refused: ``inproc://`` names a scheduler inside one Python process, not one a command
    can reach, and ``ucx://`` needs UCX support bluffkit does not install. An address dask
    cannot read is left to the client, which says what is wrong with it."""
    import socket

    from distributed.comm.addressing import parse_address, parse_host_port
    try:
        scheme, where = parse_address(address)
    except ValueError:
        return
    if scheme not in PROBED:
        if scheme in ("inproc", "ucx"):
            raise OSError(f"scheduler addresses of the {scheme}:// kind cannot be used here; give a "
                          f"{', '.join(s + '://' for s in PROBED[:-1])} or {PROBED[-1]}:// address")
        return
    try:
        host, port = parse_host_port(where)
    except ValueError:
        return
    if not 0 < port < 65536:
        raise OSError(f"{port} is not a port number (1 to 65535)")
    try:
        with socket.create_connection((host, port), timeout=seconds):
            pass
    except (socket.gaierror, UnicodeError):   # (UnicodeError: a name with an empty or over-long label)
        raise OSError(f"no machine called {host!r} is known") from None
    except socket.timeout:
        raise OSError(f"no answer from {host} port {port} within {seconds:g} s") from None
    except ConnectionRefusedError:
        raise OSError(f"nothing listens on {host} port {port} (connection refused)") from None


def ask_scheduler(address: str, seconds: float | None = None) -> None:
    """Raise :class:`OSError` unless a dask scheduler answers at the ``tcp://`` or ``ws://``
    ``address`` (or ``HOST:PORT``) within ``seconds`` (default :data:`ANSWER_SECONDS`): its connection's first exchange and
    its ``identity``. Something that accepts the connection and never answers (a silent
    port, a web server waiting for its request, such as dask's dashboard) would hold
    dask's client with no word for minutes, its timeout not covering that exchange; a
    service that answers otherwise (a web proxy, an SSH port) has its reply read by dask
    as frames of absurd sizes. Both are refused in words naming no dask internals. Other
    schemes (``tls://``, ``wss://``, which need the cluster's certificates) are left to
    the client. Asked in a thread of its own, so a notebook's running event loop is no
    obstacle."""
    import asyncio
    import concurrent.futures

    from distributed.comm import connect
    from distributed.comm.addressing import parse_address
    try:
        scheme, _ = parse_address(address)
    except ValueError:
        return
    if scheme not in ("tcp", "ws"):
        return
    seconds = ANSWER_SECONDS if seconds is None else seconds
    not_dask = ("something answers at that address, but not as a dask scheduler (another service, such as "
                "a web server or a proxy?); give the address of the scheduler itself (tcp://HOST:8786 by default)")

    silent = (f"something accepts connections at that address but did not answer as a dask scheduler "
              f"within {seconds:g} s (another service, such as a web server or dask's dashboard?); "
              f"give the address of the scheduler itself (tcp://HOST:8786 by default)")

    async def identity():
        comm = await asyncio.wait_for(connect(address, timeout=seconds), seconds)
        try:
            await comm.write({"op": "identity"})
            return await comm.read()
        finally:
            comm.abort()

    def ask():
        return asyncio.run(asyncio.wait_for(identity(), seconds))

    pool = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="bluffkit-scheduler")
    try:
        reply = pool.submit(ask).result(timeout=seconds + 5)
    except (TimeoutError, asyncio.TimeoutError, concurrent.futures.TimeoutError):
        raise OSError(silent) from None
    except OSError as e:
        if "timed out" in str(e).lower():        # (dask's own connect timeout, said as an OSError)
            raise OSError(silent) from None
        raise OSError(not_dask) from None
    except Exception:                            # dask read another protocol's bytes as its frames
        raise OSError(not_dask) from None
    finally:
        pool.shutdown(wait=False)
    if not isinstance(reply, dict) or reply.get("type") != "Scheduler":
        raise OSError(not_dask)


def clip(text: str, most: int) -> str:
    """``text`` at most ``most`` characters long, cut between words (then "...") rather than
    inside one."""
    if len(text) <= most:
        return text
    cut = text[:most - 3].rstrip()
    if " " in cut:
        cut = cut[:cut.rindex(" ")].rstrip(" ,;:(")
    return cut + "..."


def _ignore_ctrl_c() -> None:
    """Run on each worker process of the command's own LocalCluster (restarted ones too):
    ignore Ctrl-C, which a terminal sends to every process of the command. The command
    alone stops: it keeps the parts written and closes the cluster in order, without a
    traceback from each worker."""
    import signal
    import threading
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def dashboard(client) -> str:
    """Where to watch the cluster: the dashboard's address (it needs bokeh)."""
    import importlib.util
    link = getattr(client, "dashboard_link", None)
    if importlib.util.find_spec("bokeh") is None:
        return "dashboard: install bokeh to see it" + (f" at {link}" if link else "")
    return f"dashboard: {link}" if link else "no dashboard"


def _on_cluster(client, todo: list[int], args: list[tuple], write: Callable[[int, bytes], None],
                within: Callable[[int, int], None] | None = None) -> None:
    """Play the chunks on ``client``'s cluster, a few per worker thread in flight at a
    time, writing each part as it comes back; on any stop, the chunks in flight are
    cancelled. ``within(start, n)``: told, in this thread, the games played so far in each
    chunk still playing, as its worker reports them (:func:`play_part`'s events, read
    every :data:`POLL_SECONDS` seconds while no part comes back)."""
    import time

    from distributed import as_completed
    token = uuid.uuid4().hex[:10]
    topic = f"bluffkit-tournament-{token}-played" if within is not None else None
    heard: dict[int, int] = {}                       # (filled in the client's own thread)
    hearing = threading.Lock()

    def hear(event) -> None:
        try:
            start, n = event[1]
            with hearing:
                heard[start] = max(n, heard.get(start, 0))
        except (TypeError, ValueError):              # (not one of play_part's events)
            pass

    def tell() -> None:
        with hearing:
            news = list(heard.items())
            heard.clear()
        for start, n in news:
            if within is not None:
                within(start, n)

    limit = max(4, 2 * sum(client.nthreads().values()))
    pending = iter(zip(todo, args))
    chunk_of: dict = {}

    def submit():
        for k, a in pending:
            told = {"topic": topic} if topic is not None else {}      # (a worker of another bluffkit may take none)
            f = client.submit(play_part, *a, **told, key=f"bluffkit-tournament-{token}-{k}")
            chunk_of[f.key] = k
            return f
        return None

    if topic is not None:
        client.subscribe_topic(topic, hear)
    futures = [f for f in (submit() for _ in range(limit)) if f is not None]
    flying = {f.key: f for f in futures}
    done = as_completed(futures)
    try:
        while not done.is_empty():
            if not done.has_ready():
                time.sleep(POLL_SECONDS)
                if topic is not None:
                    tell()
                continue
            f = next(done)
            nxt = submit()                          # keep the workers busy while this part is written
            if nxt is not None:
                flying[nxt.key] = nxt
                done.add(nxt)
            k = chunk_of.pop(f.key)
            try:
                data = f.result()
            except Exception as e:
                start, stop = args[todo.index(k)][3:5]
                if isinstance(e, TypeError) and "'topic'" in str(e):     # a bluffkit from before the progress events
                    raise TournamentError(f"chunk {k} (games {start} to {stop - 1}): a worker runs another bluffkit "
                                          f"than this run's {__version__} (its play_part takes no progress events): "
                                          f"give every worker bluffkit {__version__}") from e
                raise TournamentError(f"chunk {k} (games {start} to {stop - 1}) failed: {type(e).__name__}: {e}") from e
            del flying[f.key]
            f.release()
            write(k, data)
    finally:
        if flying:
            client.cancel(list(flying.values()))
        if topic is not None:
            try:
                client.unsubscribe_topic(topic)
            except Exception:                        # (a client closing): nothing more will come
                pass


def load(out, partial: bool = False):
    """The rows of the run in ``out`` as one frame sorted by game and seat (the columns of
    :data:`bluffkit.analysis.tournament.COLUMNS`). An unfinished run is refused, naming
    the chunks missing, unless ``partial``. A part that cannot be read or has the wrong
    number of rows is refused, naming it; so is any other file in the parts folder (a part
    past the run's last chunk, a copy, a part under another name), in the words :func:`run`
    refuses it in: other tools read that folder as the run's games."""
    import pyarrow as pa

    from bluffkit.analysis.tournament import frame
    manifest = read_manifest(out)
    _misnamed_parts(out, manifest)
    total, done = chunk_count(manifest), sorted(done_chunks(out, manifest))
    missing = total - len(done)
    if missing and not partial:
        first = next(k for k in range(total) if k not in set(done))
        raise TournamentError(f"{out}: {missing} of {total} chunks not played yet (the first: chunk {first}); "
                              f"run the same tournament again to finish it")
    tables = [_part(out, manifest, k) for k in done]
    if not tables:
        return frame({c: [] for c in COLUMNS})
    df = pa.concat_tables(tables).to_pandas()
    df = df.astype({c: t for c, t in COLUMNS.items() if t != "str"})
    return df.sort_values(["game", "seat"], ignore_index=True)
