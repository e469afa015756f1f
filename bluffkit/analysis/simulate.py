"""Simulate many games and collect one row per game in a pandas DataFrame.

>>> from bluffkit.core.game import make_game
>>> df = simulate(make_game("horse-trading"), ["random"] * 3, games=4, seed=1)
>>> list(df.columns[:4]), len(df)
(['game', 'seed', 'players', 'agent_0'], 4)
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import tempfile
import threading
from pathlib import Path

import pandas as pd

from bluffkit.agents.base import make_agent
from bluffkit.core import log as gamelog
from bluffkit.core.errors import BluffkitError, RulesError, check_whole, count, printable, quote
from bluffkit.core.game import as_game
from bluffkit.core.logfiles import link_to_nowhere
from bluffkit.core.play import MAX_GAMES, check_progress, play_games
from bluffkit.core.seeding import check_seed, game_seeds


def simulate(game, agents: list, games: int, seed: int, *, logs: str | Path | None = None,
             progress=False, on_played=None) -> pd.DataFrame:
    """Play ``games`` games of ``game`` with one agent spec per seat.

    Game ``i`` is played from its own seed (derived from ``seed``), so it can be
    replayed alone. Columns: ``game``, ``seed``, ``players``, ``agent_<seat>``,
    ``score_<seat>``, then ``<field>_<seat>`` for each field of the game's ``summary``
    at the end (``money_<seat>``, the money left, in You're Bluffing! and the auction;
    ``cards_<seat>`` in Bløff; ``round_points_<seat>`` in Bluffer), ``winners`` (seats,
    ``;``-separated, as text: read a CSV back with ``dtype={"winners": str}``), ``length`` (player actions). With ``logs``, each game's log is
    written there as ``game-<i>.jsonl`` (``i`` padded with zeros to the width of the number
    of games: ``game-07.jsonl`` of 12 games, ``game-007.jsonl`` of 100; a folder that already holds such logs, of any
    earlier run, the same one's too, is refused: this run's would overwrite some and mix with the rest), once every game has been played (until then in a
    hidden folder inside it, removed on any failure, so a run that fails or is stopped
    leaves the folder's earlier logs as they were; one left by a run that was killed outright
    is removed by the next run into the same folder), all or none. A folder where another
    run is writing (its hidden folder there) is refused, and a log put there by another run
    meanwhile makes this run keep none of its own (:class:`BluffkitError`). ``progress``: ``True`` for a progress
    bar, or a callable ``progress(done, total)`` (see :func:`bluffkit.core.play.play_games`).
    ``on_played``: called with the table once every game is played, before the logs are
    put in their folder, so that whatever it writes and the logs are kept together or not
    at all: if it fails, no log is left (``bluffkit simulate`` writes ``--out`` there).
    """
    check_seed(seed)
    game = as_game(game)
    if logs is not None and (not isinstance(logs, (str, os.PathLike)) or not str(logs).strip()):
        raise RulesError(f"logs: a folder's path (text) or None, got {quote(logs)}"[:200])
    if on_played is not None and not callable(on_played):
        raise RulesError(f"on_played: a function of the table or None, got {quote(on_played)}"[:200])
    games = check_whole(games, "games", 1, MAX_GAMES)
    check_progress(progress)
    if not isinstance(agents, (list, tuple)):
        raise RulesError(f"agents: a list with one agent per seat (a bot's name or an agent object), "
                         f"got {quote(agents)}"[:200])
    players = game.check_players(len(agents))
    names = [make_agent(a, game).name if isinstance(a, str) else getattr(a, "name", "agent") for a in agents]
    seeds = game_seeds(seed, games)
    width = len(str(games))
    out_dir = Path(logs) if logs is not None else None
    if out_dir is None:
        df = _play(game, agents, names, seeds, players, progress, None, width)
        if on_played is not None:
            on_played(df)
        return df
    if out_dir.exists() and not out_dir.is_dir():
        raise BluffkitError(f"logs folder {out_dir} is a file, not a folder")
    there = sorted(out_dir.glob("game-*.jsonl")) if out_dir.exists() else []
    blocked = [p.name for p in there if p.is_dir()]
    if blocked:
        raise BluffkitError(f"logs folder {out_dir}: {blocked[0]} is a folder, where a game's log would go")
    if there:                                # another run's: overwritten in part, or mixed with these
        raise BluffkitError(f"logs folder {out_dir} already holds {count(len(there), 'game log')} ({there[0].name}, ...) "
                            "of an earlier run (this command's or another's): game logs are never written over, "
                            "so delete them, or give a folder without game logs (a new one, say)")
    if (why := link_to_nowhere(out_dir)) is not None:     # (mkdir said "file exists")
        raise BluffkitError(f"cannot write the logs to the folder {printable(str(out_dir))}: {why}; make that "
                            f"folder first, or give another")
    created = []                             # the folders made here, deepest first
    d = out_dir
    while not d.exists():
        created.append(d)
        d = d.parent
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        with _MINE_LOCK:                     # (a run in another thread of this process: its folder is known)
            busy = _remove_abandoned(out_dir)
            if busy:                         # another run is writing its logs here now
                raise BluffkitError(f"logs folder {printable(str(out_dir))} is being written by another run (its "
                                    f"hidden folder {printable(busy[0])} is there, and its process is alive or "
                                    f"on another machine): give each run a folder of its own, or delete that "
                                    f"hidden folder if no other run is going")
            staging = Path(tempfile.mkdtemp(prefix=f".logs-{_HOST}-{os.getpid()}-", suffix=".tmp", dir=out_dir))
            _MINE.add(staging.name)
    except (OSError, ValueError) as e:       # a file on the way, no right to write, a NUL in the name
        for d in created:
            try:
                d.rmdir()
            except OSError:
                break
        raise BluffkitError(f"cannot write the logs to the folder {printable(str(out_dir))}: "
                            f"{gamelog.os_reason(e)}") from None
    placed: list[Path] = []                 # this run's logs put in the folder so far
    try:
        df = _play(game, agents, names, seeds, players, progress, staging, width, out_dir)
        if on_played is not None:
            on_played(df)
        for f in sorted(staging.iterdir()):
            _place(f, out_dir / f.name, out_dir, placed)
    except BaseException:
        for p in placed:                     # all of this run's logs or none (an interrupt midway)
            p.unlink(missing_ok=True)
        shutil.rmtree(staging, ignore_errors=True)
        _MINE.discard(staging.name)
        for d in created:                    # as they were: made here and still empty
            try:
                d.rmdir()
            except OSError:
                break
        raise
    shutil.rmtree(staging, ignore_errors=True)
    _MINE.discard(staging.name)
    return df


def _place(staged: Path, target: Path, out_dir: Path, placed: list[Path]) -> None:
    """Put a staged log at ``target``, only if nothing is there: another run writing game
    logs into the same folder at the same time (each run's logs are staged apart and only
    checked for at its start) is refused here rather than overwritten or mixed."""
    taken = BluffkitError(f"logs folder {printable(str(out_dir))}: {target.name} was written by another run "
                          f"while this one played (two runs into one folder); this run's logs are not "
                          f"kept: give each run a folder of its own")
    try:
        os.link(staged, target)
    except FileExistsError:
        raise taken from None
    except OSError:                          # a file system without hard links (FAT, some FUSE mounts)
        if os.path.lexists(target):
            raise taken from None
        os.replace(staged, target)
    placed.append(target)


#: The hidden folders this process made (a run in another thread of it is still going).
_MINE: set[str] = set()
_MINE_LOCK = threading.Lock()

#: How much of the host's name a hidden file's name holds (the logs' hidden folders,
#: ``simulate``'s table beside ``--out``, a tournament's mark): all of it (a host name is at
#: most 64 characters on Linux, 63 in DNS), as two machines whose names share a beginning,
#: as the pods of one deployment do, must not take each other's for their own.
HOST_IN_NAMES = 64


def host_in_names(host: str) -> str:
    """The machine named ``host`` as hidden files' names hold it: letters, digits and ``_``."""
    return re.sub(r"[^A-Za-z0-9]", "_", host)[:HOST_IN_NAMES] or "host"


_HOST = host_in_names(socket.gethostname())
_STAGING = re.compile(r"\.logs-(?P<host>[A-Za-z0-9_]+)-(?P<pid>[0-9]+)-[^/]*\.tmp")


def _remove_abandoned(out_dir: Path) -> list[str]:
    """Remove the hidden folders of logs left in ``out_dir`` by runs on this machine whose
    process is gone (killed outright, so they could not clean up); return the names of
    those kept: a run still going, or one of another machine sharing the folder."""
    kept = []
    for p in out_dir.iterdir():
        m = _STAGING.fullmatch(p.name)
        if not m or not p.is_dir() or p.is_symlink():
            continue
        state = run_state(p.name, m["host"], m["pid"])
        if state == "gone":
            shutil.rmtree(p, ignore_errors=True)
        elif state == "live":
            kept.append(p.name)
    return sorted(kept)


def run_state(name: str, host: str, pid: str, here: str = _HOST) -> str:
    """The run that made the hidden file or folder ``name``, a run of process ``pid`` on the
    machine ``host`` (this machine's name as those names hold it: ``here``): ``"gone"`` when it was killed outright and left it (on this machine,
    its process is dead, or it is this process's number and this process did not make it:
    a container's pid reused), ``"live"`` when it may still be going (its process alive,
    another user's, or on another machine), ``"none"`` when ``pid`` is no process number
    (0, which ``os.kill`` reads as this process's group, or one too long for the system)."""
    if host != here:
        return "live"
    try:
        if int(pid) <= 0:
            return "none"
        if int(pid) == os.getpid():
            return "live" if name in _MINE else "gone"
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return "gone"
    except (OverflowError, ValueError):          # not a pid
        return "none"
    except PermissionError:                      # another user's process is alive
        pass
    return "live"


def _play(game, agents, names, seeds, players, progress, out_dir, width, shown_dir=None) -> pd.DataFrame:
    """The table of the games; with ``out_dir`` (the hidden staging folder) each game's log
    written there, a failure named as the log's place in ``shown_dir``, where it would go.

    The table is gathered column by column (a list per column), not as a dict per game: a
    dict of some fifteen keys per game held about 2.3 KB a game of 3-player You're
    Bluffing! until the frame was made (357 MB at 100,000 games, for a frame of 13 MB);
    the lists hold less (a 4-player Second Hand auction: some 1.9 KB a game as dicts, 0.9 KB
    as lists; 100,000 of them 310 MB to 198 MB for the whole process), and give the same frame."""
    columns: dict[str, list] = {}
    played = 0

    def put(key: str, value) -> None:
        column = columns.get(key)
        if column is None:                   # (a field first seen now: the games before had none)
            column = columns[key] = [None] * played
        column.append(value)

    for i, rec in play_games(game, seeds, lambda i: [make_agent(a, game) for a in agents],
                             progress=progress if callable(progress) else bool(progress), desc=f"{game.name} x{players}"):
        put("game", i)
        put("seed", seeds[i])
        put("players", players)
        for s in range(players):
            put(f"agent_{s}", names[s])
        for s in range(players):
            put(f"score_{s}", rec.scores[s])
        for key, values in rec.summary.items():
            for s in range(players):
                put(f"{key}_{s}", values[s])
        put("winners", ";".join(str(w) for w in rec.winners))
        put("length", rec.length)
        played += 1
        for column in columns.values():      # (a field this game's summary lacks: none)
            if len(column) < played:
                column.append(None)
        if out_dir is not None:
            seat_info = [{"name": f"seat {s}", "agent": names[s]} for s in range(players)]
            name = f"game-{i:0{width}d}.jsonl"
            try:
                gamelog.write(out_dir / name, game, seat_info, seeds[i], rec.moves)
            except BluffkitError as e:       # named where it goes, not in the staging folder
                why = getattr(e, "why", None)
                if why is None:
                    raise
                raise BluffkitError(f"cannot save the log {printable(str(shown_dir / name))}: {why}; "
                                    f"no log of this run is kept") from None
    return pd.DataFrame(columns)
