"""The ``bluffkit`` command.

::

    bluffkit scenario list
    bluffkit scenario run NAME [NAME ...] | --all
    bluffkit simulate GAME --players N --games G --seed S --agents random,heuristic --out FILE [--logs DIR]
    bluffkit tournament GAME --players N --agents random,heuristic --games G --seed S
                             [--workers W | --scheduler ADDRESS] --out DIR
    bluffkit replay LOG [--moves]
    bluffkit replay LOG LOG ... | FOLDER           (each verified, one line each)
    bluffkit play GAME --players N [--human 0] [--agents heuristic] [--names Anna,Ben,Carla]
    bluffkit rules GAME [--variant short]
    bluffkit games

``bluffkit games`` lists the games (each game package's spec, see
:mod:`bluffkit.core.spec`): their names, seat counts, presets, variants and bots.
Variants with ``--variant NAME``; any rule option with
``--option name=value``. Exit status: 0 on success, 1 when a scenario's
expectation fails, 2 on bad input (a bad log, setting or move), with one line
saying what was wrong.
"""

from __future__ import annotations

import argparse
import dataclasses
import errno
import io
import json
import math
import os
import re
import shutil
import sys
from pathlib import Path
from typing import cast

from bluffkit.core.errors import BluffkitError, IllegalAction, count, is_seat, printable, whole_number

#: Keywords of ``make_game`` itself: set with the game's name and ``--variant``, not ``--option``.
_NOT_OPTIONS = {"name": "the ruleset is named by the game (and --variant)", "variants": "use --variant NAME"}


def _options(pairs) -> dict:
    """``--option name=value`` pairs as a dict: the value is read as JSON (a number, true,
    null, a list such as [2,3]; Python's None, True and False too) or else taken as text,
    without the spaces around it (``tie_break= shared`` is ``shared``, as JSON reads `` 10 ``
    as 10 and ``--names`` reads each name). A pair without ``=``, a name that is
    not an identifier or given twice, a value that is a JSON object or a number too long
    to read is refused in one line (the rules check the rest)."""
    out = {}
    for pair in pairs or []:
        key, eq, value = pair.partition("=")
        key = key.strip()
        if not eq or not key:
            raise BluffkitError(f"--option takes name=value, got {printable(repr(pair))}")
        if not key.isidentifier():
            raise BluffkitError(f"--option {printable(repr(key))}: an option name is a word such as tie_break")
        if key in _NOT_OPTIONS:
            raise BluffkitError(f"--option {key}: not a rule option; {_NOT_OPTIONS[key]}")
        if key in out:
            raise BluffkitError(f"--option {key} is given twice")
        try:
            out[key] = _PYTHON_WORDS[value.strip()] if value.strip() in _PYTHON_WORDS else json.loads(value)
        except json.JSONDecodeError:
            out[key] = value.strip()
        except (ValueError, RecursionError):
            raise BluffkitError(f"--option {key}: cannot read the value (a number with too many digits, "
                                f"or lists nested too deeply)") from None
        if isinstance(out[key], dict):
            raise BluffkitError(f"--option {key}: takes a number, text, true/false, null or a list "
                                f"such as [2,3], not an object")
        out[key] = _tuples(out[key])
    return out


#: Python's words for JSON's null, true and false, as the docs' option tables write them
#: (``bank=None``): read as those.
_PYTHON_WORDS = {"None": None, "True": True, "False": False}


def _tuples(v):
    return tuple(_tuples(x) for x in v) if isinstance(v, list) else v


#: How a rule option declared a whole number is written in a rules dataclass (``int``, or
#: ``int | None`` for one that may be null).
_WHOLE_KINDS = ("int", "int | None", "None | int", "Optional[int]")


def _game(args):
    from bluffkit.core.errors import RulesError
    from bluffkit.core.game import make_game
    options = _options(args.option)
    try:
        return make_game(args.game, variants=args.variant or [], **options)
    except RulesError as e:
        typed = _as_typed(args, options, str(e))
        if typed is None:
            raise
        raise RulesError(f"{typed} (the rules: {e})") from None


def _as_typed(args, options: dict, refusal: str) -> str | None:
    """The first ``--option`` the rules' ``refusal`` is about whose value is not written
    in the refusal as it was typed, in words naming what was typed and how it was read;
    ``None`` when there is none. The value is read as JSON, so ``format=1e1`` became the
    number 10.0 and the rules said "unknown auction format 10.0", a value nobody typed.
    An option is one the refusal is about when leaving it out changes the refusal (it goes,
    or another takes its place): the others stand as they were, unnamed.

    A whole-number option given a number with a point or an exponent (``step=1e1``,
    ``step=10.0``, ``step=1.5``, ``step=NaN``) is told what it takes (digits); any other
    value that reads otherwise than it was typed (``format=1e1``, ``bank=[1e1,20]``, text
    in quotes with escapes, ``"\\u00e9"``) is told what it was read as. Values read as typed (``step=-1``,
    ``format=first``, ``tie_break="shared"``, ``step=true``) leave the rules' words alone."""
    from bluffkit.core.game import make_game
    try:
        kinds = {f.name: f.type for f in dataclasses.fields(make_game(args.game, variants=args.variant or []).rules)}
    except (BluffkitError, TypeError):      # (the game itself is refused: its own words stand)
        return None
    typed = {k.strip(): v.strip() for k, _, v in (pair.partition("=") for pair in args.option or [])}
    for key, value in options.items():
        if key not in kinds:                 # (no rule option of that name: the refusal is of the name)
            continue
        text = typed.get(key, "")
        whole = isinstance(value, float) and str(kinds.get(key)) in _WHOLE_KINDS
        read = None if whole else _read_as(text, value)
        if not whole and read is None:
            continue
        try:
            make_game(args.game, variants=args.variant or [], **{k: v for k, v in options.items() if k != key})
        except BluffkitError as e:
            if str(e) == refusal:            # refused as before without it: the refusal is not about it
                continue
        except Exception:                    # (another refusal: it was about this option)
            pass
        shown = printable(text)
        shown = shown if len(shown) <= 40 else f"{shown[:40]}… ({len(shown)} characters)"
        if whole:       # (how the number typed is written, not a value the rules take: they say that after)
            if math.isfinite(value) and value.is_integer() and abs(value) < 10**18:
                said = f" ({shown} is written {int(value)})"
            else:
                said = "" if shown == repr(value) else f": {shown} is read as the number {value!r}"
            return f"--option {key}={shown}: {key} takes a whole number, written in digits with no point or " \
                   f"exponent{said}"
        return f"--option {key}={shown}: {shown} is read as {read}"
    return None


def _read_as(text: str, value) -> str | None:
    """What ``--option``'s ``text`` was read as, in words, when a message quoting the value
    would not show what was typed (``1e1``: "the number 10.0"); ``None`` when it would
    (``10``, ``1.5``, ``first``, ``"first"``, ``[10, 20]``, ``true``, ``null``).

    >>> _read_as("1e1", 10.0), _read_as("[1E1, 2]", (10.0, 2)), _read_as("-0", 0)
    ('the number 10.0', 'the list [10.0, 2]', 'the number 0')
    >>> _read_as("10", 10), _read_as("first", "first"), _read_as('"first"', "first"), _read_as("true", True)
    (None, None, None, None)
    """
    from bluffkit.core.errors import quote
    from bluffkit.core.rules import _show, plain
    if value is None or isinstance(value, bool):       # (JSON's words, or Python's: said as they are)
        return None
    if isinstance(value, str):
        if text == value or (text == json.dumps(value, ensure_ascii=False) and "\\" not in text):
            return None                                 # (as typed, or in quotes with no escape)
        return f"the text {printable(quote(value, 40))}"
    if isinstance(value, (int, float)):
        return None if text in (str(value), repr(value)) else f"the number {value!r}"
    if isinstance(value, tuple):
        def squashed(t: str) -> str:
            return "".join(t.split())
        try:
            written = [json.dumps(plain(_lists(value)), ensure_ascii=a, allow_nan=True) for a in (True, False)]
        except (TypeError, ValueError, RecursionError):
            written = []
        if squashed(text) in map(squashed, written):
            return None
        return f"the list {printable(_show(_lists(value), 60))}"
    return None


def _lists(v):
    return [_lists(x) for x in v] if isinstance(v, tuple) else v


def _add_game_args(p) -> None:
    from bluffkit.core.spec import specs
    games = ", ".join(s.name + (f" (--option {s.preset_option}=...)" if s.preset_option else "") for s in specs())
    variants = ", ".join(dict.fromkeys(v for s in specs() for v in s.variants))
    p.add_argument("game", help=f"{games}; see 'bluffkit games'")
    p.add_argument("--variant", action="append", metavar="NAME",
                   help=f"{variants} (repeatable; see 'bluffkit games' for each game's)")
    p.add_argument("--option", action="append", metavar="NAME=VALUE",
                   help="any rule option, e.g. tie_break=shared or bank=[10,20,10,5,5,5] or bank=null "
                        "(the value read as JSON: a number, true/false, null, a list in brackets; None, True "
                        "and False too; else text, without the spaces around it; a whole-number option takes digits, step=10, not 1e1 or "
                        "10.0) (repeatable)")


def cmd_scenario(args) -> int:
    """List or run scenarios. Exit status: 0 when every expectation holds, 1 when one
    fails, 2 when a scenario file is bad (one line on stderr per bad file, naming the
    file, the place and the reason; the other scenarios still run)."""
    from bluffkit.core import scenario as sc
    if args.action == "list":
        if args.names or args.all:
            raise BluffkitError("'scenario list' takes no names and no --all; 'scenario run' does")
        found, bad = [], 0
        for path in sc.scenario_paths():        # a bad file is named on stderr; the others are listed
            try:
                found.append(sc.load(path))
            except sc.ScenarioError as e:
                print(f"bluffkit: {printable(e)}", file=sys.stderr)
                bad += 1
        width = max((len(s.name) for s in found), default=0)
        for s in found:
            print(printable(f"{s.name:{width}s}  {s.title}"))
        return 2 if bad else 0
    if args.all and args.names:
        raise BluffkitError("'scenario run' takes scenario names or --all, not both")
    names = [p.stem for p in sc.scenario_paths()] if args.all else args.names
    if not names:
        raise BluffkitError("name a scenario (see 'bluffkit scenario list') or use --all")
    failed = bad = 0
    for name in names:
        try:
            res = sc.run(sc.find(name), echo=lambda line: print(printable(line)))
        except sc.ScenarioError as e:
            sys.stdout.flush()
            print(f"bluffkit: {printable(e)}", file=sys.stderr)
            bad += 1
            continue
        fails = [c for c in res.checks if not c.ok]
        print(printable(f"==> {name}: {len(res.checks) - len(fails)}/{len(res.checks)} expectations hold"
                        + ("" if not fails else f", {len(fails)} FAILED")))
        print()
        failed += bool(fails)
    return 2 if bad else 1 if failed else 0


def _no_human_bots(agents: list[str]) -> None:
    """``--agents`` names bots; a human seat is given with ``--human`` (``play``), which also
    turns on the shared screen's handover, so that no hand is shown to the wrong player."""
    if any(a.lower() == "human" for a in agents):
        raise BluffkitError("--agents names bots; 'human' is not one (in 'bluffkit play', give the human "
                            "seats with --human, e.g. --human 0,1)")


def _agent_names(text: str) -> list[str]:
    """``--agents``: bot names separated by commas (see 'bluffkit games' for each game's)."""
    agents = [a.strip() for a in text.split(",")]
    if not any(agents):
        raise BluffkitError(f"--agents names no bot, got {printable(repr(text))}")
    if not all(agents):                      # "random," or "random,,heuristic": a seat left out?
        raise BluffkitError(f"--agents: an empty name between commas in {printable(repr(text))}")
    return agents


def _log_file(name: str, option: str, replace: bool = False, hint: str = "") -> None:
    """A file a game's log may be saved to: a ``.jsonl`` name (as replay reads a folder's
    logs), where a file can be written (:func:`_writable_file`), and, unless ``replace``,
    no file yet: a game played at the prompt cannot be played again, so the log of an
    earlier one is not replaced by accident (``hint`` says how to replace it)."""
    _writable_through_links(Path(name), option)
    if Path(name).suffix != ".jsonl":
        raise BluffkitError(f"{option} takes a file name ending in .jsonl (a game log), "
                            f"got {printable(repr(name))[:80]}")
    if not replace and os.path.lexists(name):
        raise BluffkitError(f"{option} {printable(name)[:80]}: that file exists already (an earlier game's log?); "
                            f"give a new name{hint}")


#: How much longer than a file's own name the hidden name it is first written under is:
#: ".NAME." and eight characters and ".tmp" (``bluffkit.core.log.write``'s mkstemp).
TEMP_EXTRA = 14


def _writable_file(path: Path, option: str) -> None:
    """Refuse, before any work is done, an output ``path`` that cannot be written: a folder,
    a name too long for the file system, or a place whose nearest existing folder is not
    one or cannot take a new file. Writes nothing that stays."""
    import tempfile
    shown = printable(str(path))
    try:
        if path.is_dir():
            raise BluffkitError(f"{option} {shown} is a folder; give a file name")
        where = path.parent
        while not where.exists() and where != where.parent:
            where = where.parent
        if not where.is_dir():
            raise BluffkitError(f"{option} {shown}: {printable(str(where))} is not a folder")
        longest = os.pathconf(where, "PC_NAME_MAX") if hasattr(os, "pathconf") else 255
        # a file is written under a hidden name beside it first, ".NAME.XXXXXXXX.tmp" (14
        # bytes more), then renamed: a name of 242 bytes passed here and failed only when the
        # game, played to its end, was saved
        def size(part: str) -> int:
            return len(part.encode("utf-8", "surrogateescape"))
        if size(path.name) > longest - TEMP_EXTRA or any(size(part) > longest for part in path.parts[:-1]):
            raise BluffkitError(f"{option} {shown[:60]}...: a name in it is too long for this file system "
                                f"(a file name at most {longest - TEMP_EXTRA} bytes here)")
        with tempfile.TemporaryFile(dir=where):
            pass
    except OSError as e:
        raise BluffkitError(f"{option} {shown[:200]}: cannot write there ({e.strerror or e})") from None


def _name_in_table(out: Path) -> str:
    """The part of ``out``'s name a hidden table's name holds: its first 100 characters, and
    at most 100 bytes of them, so that with the machine's name (up to 64), the process, the
    random part and ".tmp" the hidden name stays within a file system's 255 bytes (a name
    of 88 accented letters, 176 bytes, made it 287 on a host of 64 characters)."""
    part = out.name[:100].encode("utf-8", "surrogateescape")[:100]
    return part.decode("utf-8", "ignore")


def _table_prefix(out: Path) -> str:
    """The start of the hidden name ``simulate`` writes its table under beside ``out``
    until the run is done: the name (:func:`_name_in_table`), the machine and the
    process, so that a later run can tell a table left by a killed run
    (:func:`_remove_abandoned_tables`) from one being written."""
    from bluffkit.analysis.simulate import _HOST, HOST_IN_NAMES
    return f".{_name_in_table(out)}.{_HOST[:HOST_IN_NAMES]}-{os.getpid()}-"


def _remove_abandoned_tables(out: Path) -> None:
    """Remove the hidden tables a ``simulate`` into ``out`` left beside it when it was
    killed outright (``kill -9``, a power cut: nothing could clean up), those of this
    machine whose process is gone; a run still writing keeps its own. Quietly: a file
    that cannot be removed is left as it was."""
    import re

    from bluffkit.analysis.simulate import _HOST, HOST_IN_NAMES, run_state
    left = re.compile(re.escape(f".{_name_in_table(out)}.") + r"(?P<host>[A-Za-z0-9_]+)-(?P<pid>[0-9]+)-[^/]*\.tmp")
    try:
        names = os.listdir(out.parent) if out.parent.is_dir() else []
    except OSError:
        return
    for name in names:
        m = left.fullmatch(name)
        if m and run_state(name, m["host"], m["pid"], here=_HOST[:HOST_IN_NAMES]) == "gone":
            p = out.parent / name
            if p.is_file() and not p.is_symlink():
                try:
                    p.unlink()
                except OSError:
                    pass


def _writable_through_links(path: Path, option: str) -> None:
    """:func:`_writable_file` for the file a write of ``path`` makes: through a symbolic
    link its target, which is what is written (the link's own folder, never written, may
    be read-only)."""
    try:
        link = path.is_symlink()
    except (OSError, ValueError):              # a name too long, a NUL: said by the check itself
        link = False
    _writable_file(Path(os.path.realpath(path)) if link else path, option)


def _not_through_nowhere(path: Path, option: str) -> None:
    """Refuse an output ``path`` whose missing folders would be made where a symbolic link
    to nowhere leads (``simulate --out`` makes a missing folder of the path given): a link
    on the way that leads nowhere, or ``path`` itself a link to a file in a folder that is
    not there (``ln -s /nonexistent/x.csv x.csv`` made ``/nonexistent``). A link to a file
    still to be made, in a folder that is there, is written through as before."""
    shown = printable(str(path))[:200]
    _folder_not_nowhere(path.parent, option, path)
    try:
        if path.is_symlink() and not path.exists():
            folder = Path(os.path.realpath(path)).parent
            if not folder.is_dir():
                raise BluffkitError(f"{option} {shown} is a link to {printable(os.readlink(path))}, whose folder "
                                    f"{printable(str(folder))} is not there; the folders of a link's target are "
                                    f"not made: make that folder first, or give another name")
    except (OSError, ValueError):          # a name too long, a NUL: said by the checks after this one
        return


def _folder_not_nowhere(folder: Path, option: str, named: Path | None = None) -> None:
    """Refuse an output ``folder`` that is, or lies through, a symbolic link to nowhere
    (``tournament --out``: its folder is made where missing; through such a link the system
    said only "File exists"); ``named``: the path the option gave, if not the folder."""
    from bluffkit.core.logfiles import link_to_nowhere
    why = link_to_nowhere(folder)
    if why is not None:
        raise BluffkitError(f"{option} {printable(str(named or folder))[:200]}: {why}; make that folder first, "
                            f"or give another")


def _apart(out: Path, logs: Path) -> None:
    """Refuse, before any game is played, a --logs folder that is --out itself or lies
    inside it (--out would have to be a folder too)."""
    o, d = Path(os.path.abspath(out)), Path(os.path.abspath(logs))
    if d == o or o in d.parents:
        raise BluffkitError(f"--logs {printable(str(logs))[:80]} would put the logs {'in' if d == o else 'under'} "
                            f"--out {printable(str(out))[:80]}, which is a file: give the logs a folder of their own")


#: How to go on after a stopped ``simulate``, which keeps its games in memory until the last.
RESUMABLE = ("; simulate keeps nothing until its last game: for a run that keeps its games "
             "as it plays and resumes after a stop, use bluffkit tournament (docs/scale.md)")


def cmd_simulate(args) -> int:
    from bluffkit.analysis import simulate as simulate_module
    from bluffkit.analysis.simulate import simulate
    args.games, args.seed = _games(args.games), _seed(args.seed)
    game = _game(args)
    _seats(game, args.players)
    agents = _agent_names(args.agents)
    _no_human_bots(agents)
    if len(agents) == 1:
        agents = agents * args.players
    if len(agents) != args.players:
        raise BluffkitError(f"--agents names {len(agents)} agents for {args.players} players")
    out = Path(args.out)
    if args.out.endswith((os.sep, "/")):                  # (a path's last slash names a folder; Path drops it)
        raise BluffkitError(f"--out {printable(args.out)[:80]} ends with a slash, which names a folder; "
                            "give a file name ending in .csv or .parquet")
    if out.suffix not in (".csv", ".parquet"):
        raise BluffkitError(f"--out must name a file ending in .csv or .parquet, got {printable(repr(args.out))}")
    from bluffkit.core.log import replace_target
    _not_through_nowhere(out, "--out")
    _writable_through_links(out, "--out")
    target = replace_target(out, "the table (--out)")          # through a link, its target; no pipe or device
    _remove_abandoned_tables(target)
    progress = sys.stderr.isatty() if args.progress is None else args.progress
    if not progress and args.progress is None:
        progress = _progress_lines(f"{game.name}: {args.games:,} games")      # no terminal: a line now and then
    if args.logs is not None and not args.logs.strip():
        raise BluffkitError("--logs names no folder (an empty name)")
    if args.logs is not None:
        _apart(out, Path(args.logs))
    written: list[Path] = []
    made: list[Path] = []                      # the folders made for --out, deepest first

    def write_out(df) -> None:
        """--out, under a new hidden name beside it until the logs are in place too."""
        import tempfile

        from bluffkit.core.log import _file_mode, os_reason
        d = target.parent
        while not d.exists() and d != d.parent:
            made.append(d)
            d = d.parent
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, name = tempfile.mkstemp(dir=target.parent, prefix=_table_prefix(target), suffix=".tmp")
        os.close(fd)
        written.append(Path(name))
        simulate_module._MINE.add(Path(name).name)
        try:
            if out.suffix == ".csv":
                df.to_csv(name, index=False)
            else:
                df.to_parquet(name, index=False)
        except OverflowError:              # pyarrow's integers are 64-bit; a CSV writes any number
            raise BluffkitError(f"{printable(str(out))}: a number in the table is too large for Parquet's "
                                f"64-bit integers (money beyond 2**63); write a .csv instead") from None
        except OSError as e:               # (pandas and pyarrow name no file: a full disk said only that)
            raise BluffkitError(f"{printable(str(out))}: cannot write the table ({os_reason(e)}); the "
                                f"{len(df):,} rows played are not saved") from None
        os.chmod(name, _file_mode(target))

    placed = False                             # the logs in their folder (simulate has returned)
    try:
        df = simulate(game, agents, args.games, args.seed, logs=args.logs, progress=progress, on_played=write_out)
        placed = True
        os.replace(written[0], target)
        simulate_module._MINE.discard(written[0].name)
    except BaseException as e:
        if isinstance(e, (KeyboardInterrupt, _Terminated)):
            if placed and args.logs:            # stopped between the logs and the table's last rename
                _error(f"bluffkit: stopped; the logs are in {printable(args.logs)}, but the table "
                       f"{printable(str(out))} was not written (run again into a new logs folder)")
            else:
                _error(f"bluffkit: stopped; nothing of this run was saved ({printable(str(out))}"
                       + (f" and the logs folder {printable(args.logs)} are as they were)" if args.logs
                          else " is as it was)") + RESUMABLE)
        for tmp in written:
            tmp.unlink(missing_ok=True)
            simulate_module._MINE.discard(tmp.name)
        for d in made:                         # as they were: made here and still empty
            try:
                d.rmdir()
            except OSError:
                break
        raise
    wins = [0.0] * args.players
    for w in df["winners"]:
        seats = [int(x) for x in str(w).split(";")]
        for s in seats:
            wins[s] += 1 / len(seats)
    print(f"{args.games} game{'s' if args.games != 1 else ''} of {game.name} ({', '.join([*getattr(game.rules, 'variants', ()), f'{args.players} players'])}) -> {out}"
          + (f", logs in {args.logs}" if args.logs else ""))
    print(f"mean length {df['length'].mean():.1f} actions; "
          f"{getattr(game, 'winners_are', 'wins by seat (ties shared)')}: "
          + ", ".join(f"{s} {agents[s]}{_seat_words(game, s)} {w:g}" for s, w in enumerate(wins)))
    note = getattr(game, "winners_note", "")
    if note:                                     # (its own line: the counts stay on one short line)
        import textwrap
        print(textwrap.fill(note, width=100, initial_indent="  ", subsequent_indent="  "))
    return 0


def _seat_words(game, seat: int) -> str:
    """What ``simulate``'s summary says of ``seat`` after its bot, from the game's optional
    ``summary_seats`` ("0 truthful (the auctioneer) 0": the seat that runs every auction and
    never bids, whose count is the lots it kept); nothing for most seats and games."""
    words = getattr(game, "summary_seats", {}).get(seat)
    return f" ({words})" if words else ""


def cmd_tournament(args) -> int:
    """Play a tournament into the folder ``--out`` (on a dask cluster, see
    :mod:`bluffkit.analysis.tournament_run`), then print each bot's results and the head
    to head table, also written there as ``summary.csv`` and ``pairwise.csv``."""
    from bluffkit.analysis.tournament import pairwise, summary
    from bluffkit.analysis.tournament_run import load, plan, run, write_outputs
    games, args.seed = _games(args.games), _seed(args.seed)
    if args.chunk is not None:
        args.chunk = _whole(args.chunk, "--chunk", 1, 10**12, "a whole number of games per part, 1 or more")
    game = _game(args)
    _seats(game, args.players)                       # (lineups of 1e100 seats: an OverflowError)
    _workers(args.workers)
    agents = _agent_names(args.agents)
    table = plan(game, agents, games, args.seed, players=args.players, mode=args.lineups,   # refused before "started"
                 chunk=args.chunk)["lineups"]
    _folder_not_nowhere(Path(args.out), "--out")
    if args.workers != 0:
        import logging
        logging.getLogger("distributed").setLevel(logging.ERROR)    # dask's own INFO lines would bury the results
    progress = sys.stderr.isatty() if args.progress is None else args.progress
    if not progress and args.progress is None:
        progress = _progress_lines(f"{game.name}: {games:,} games")
    try:
        done = run(game, agents, games, args.seed, args.out, players=args.players, mode=args.lineups,
                   chunk=args.chunk, workers=args.workers, scheduler=args.scheduler, progress=progress,
                   echo=lambda line: print(printable(line), file=sys.stderr, flush=True))
    except (KeyboardInterrupt, _Terminated):
        parts = Path(args.out) / "parts"
        kept = len(list(parts.glob("part-*.parquet"))) if parts.is_dir() else 0
        _error("bluffkit: stopped; " + (f"{kept:,} part{'s' if kept != 1 else ''} on disk in "
                                         f"{printable(args.out)}: run the same command again to resume"
                                         if kept else "no part was written"))
        raise
    df = load(args.out)
    summ, pw = summary(df), pairwise(df)
    write_outputs(args.out, {"summary.csv": summ, "pairwise.csv": pw})
    kind = "one line-up" if len(table) == 1 else f"{len(table)} line-ups, round-robin"
    print(printable(f"{games:,} game{'s' if games != 1 else ''} of {game.name} ({args.players} players, {kind}) "
                    f"-> {args.out} ({done.chunks} part{'s' if done.chunks != 1 else ''}: {done.played} played now, "
                    f"{done.skipped} there already)"))
    cycle = args.players * len(table)
    if games % cycle and any(len(set(lineup)) > 1 for lineup in table):   # (one bot in every seat: nothing to balance)
        print(f"note: {games:,} game{'s' if games != 1 else ''} is not a multiple of {cycle} "
              f"({args.players} seats x {len(table)} "
              f"line-up{'s' if len(table) > 1 else ''}), so seats and line-ups are not exactly balanced")
    wide = summ.pivot(index="agent", columns="measure")
    # each with its decimals; a score's as its intervals need (Bløff scores 0 or 1, You're
    # Bluffing! thousands): two digits of the narrowest one show
    measures = (("win share", 3), ("score", _decimals(wide[('hi', 'score')] - wide[('lo', 'score')],
                                                       wide[('mean', 'score')])), ("rank", 2))
    rows = [[_estimate(wide.loc[bot, ('mean', m)], wide.loc[bot, ('lo', m)], wide.loc[bot, ('hi', m)], k)
             for m, k in measures] for bot in wide.index]
    heads = [f"{m} (95% CI)" for m, _ in measures]
    widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(heads)]
    name_w = max([16] + [len(str(b)) for b in wide.index])
    print(f"\n{'bot':{name_w}s} {'games':>9s}  " + "  ".join(f"{h:{w}s}" for h, w in zip(heads, widths)).rstrip())
    for bot, cells in zip(wide.index, rows):
        print(printable(f"{bot:{name_w}s} {int(wide.loc[bot, ('games', 'win share')]):9,d}  "
                        + "  ".join(f"{c:{w}s}" for c, w in zip(cells, widths)).rstrip()))
    if len(pw):
        print("\nhead to head: the share of their games the first finished ahead of the second (a tie counts one half; 95% CI)")
        for r in pw.itertuples():
            print(printable(f"  {r.agent} vs {r.opponent}: {_estimate(r.ahead, r.lo, r.hi, 3)}, "
                            f"{r.games:,} game{'s' if r.games != 1 else ''}"))
    return 0


def _decimals(widths, means=()) -> int:
    """The decimals that show two digits of the narrowest of ``widths`` (intervals' widths;
    NaN for none): 1 to 4. With no interval, 2 for scores under 10 (Bløff's are 0 or 1: a
    mean of 0.25 is not "0.2"), else 1.

    >>> _decimals([300.0, 250.0]), _decimals([0.066, float("nan")]), _decimals([0.0], [0.25]), _decimals([], [2460])
    (1, 3, 2, 1)
    """
    narrow = min((w for w in widths if math.isfinite(w) and w > 0), default=None)
    if narrow is None:
        top = max((abs(m) for m in means if math.isfinite(m)), default=0.0)
        return 2 if top < 10 else 1
    return max(1, min(4, 1 - math.floor(math.log10(narrow))))


def _estimate(mean: float, lo: float, hi: float, decimals: int) -> str:
    """``mean (lo..hi)``; after a single game there is no interval (its spread is unknown)."""
    if lo != lo or hi != hi:                      # NaN: one game
        return f"{mean:.{decimals}f} (no interval)"
    return f"{mean:.{decimals}f} ({lo:.{decimals}f}..{hi:.{decimals}f})"


def _count(option: str, low: int, high: int, words: str, examples: str):
    """The argparse type of a count option (``--players``, ``--workers``): read as
    ``--games`` is (:func:`_whole`), so that ``1e1`` and ``1_0`` are read alike by every
    number option, and what is refused is said in bluffkit's words (argparse said
    "invalid int value: '1e3'")."""
    def read(text: str) -> int:
        return _whole(text, option, low, high, words, examples)
    read.__name__ = "int"
    return read


#: How ``--games`` and ``--seed`` may be written (their help says it).
WHOLE_FORMS = "digits, grouped with _ or written as 1e6 or 2.5e3 if you like"


def _whole(text: str, option: str, low: int, high: int, words: str, examples: str = "1000, 10_000 or 1e6") -> int:
    """Every whole-number option (``--games``, ``--seed``, ``--chunk``, ``--players``,
    ``--workers``): a whole number from ``low`` to ``high``, as digits after a sign at most
    (``-0`` is 0), also grouped with underscores (``10_000``) or in e-notation (``1e6``,
    ``2.5e3``) when that is a whole number, with ASCII white space around it allowed (a
    quoted ``" 3"``; ``"3\\r"``, read from a file written on Windows). Read exactly (a
    float would round a long seed), in ASCII only (Python also reads other scripts'
    digits); else :class:`BluffkitError` saying what it takes."""
    from decimal import Decimal, InvalidOperation

    def refused(value=None) -> BluffkitError:
        """The refusal, quoting a whole number of more than 15 digits short (:func:`_short`:
        ``--games 1`` and a hundred zeros, cut at 60 characters, looked like a number of 59
        digits) and any other long text cut where it says so."""
        if value is not None and value.is_finite() and value == value.to_integral_value() \
                and not value.is_zero() and value.adjusted() >= 15:     # (its digits counted without making the int)
            got = _short(value)
        else:
            got = printable(repr(text))
            if len(got) > 40:
                got = f"{got[:30]}... ({len(text):,} characters)"
        return BluffkitError(f"{option} takes {words} (e.g. {examples}), got {got}{_beyond_ascii(text)}")
    import re
    if not text.isascii() or not re.fullmatch(_WHOLE_TEXT, text.strip()):     # (Decimal reads "_1000", "1e3_")
        raise refused()
    try:
        value = Decimal(text.strip())
    except InvalidOperation:
        raise refused() from None
    if not value.is_finite() or not low <= value <= high or value != value.to_integral_value():
        raise refused(value)
    return int(value)


def _beyond_ascii(text: str) -> str:
    """The first character of ``text`` beyond ASCII, named (a no-break space around a
    number is invisible, and its escape, ``'\\xa010'``, said nothing to most); ``""`` when
    there is none.

    >>> _beyond_ascii("10\u00a0")
    '; U+00A0 (a no-break space) is not read: a number is written in ASCII digits, with ASCII spaces around it at most'
    """
    import unicodedata
    c = next((c for c in text if not c.isascii()), None)
    if c is None:
        return ""
    name = unicodedata.name(c, "").lower()
    said = f" ({'an' if name[:1] in ('a', 'e', 'i', 'o', 'u') else 'a'} {name})" if name else ""
    return f"; U+{ord(c):04X}{said} is not read: a number is written in ASCII digits, with ASCII spaces around it at most"


#: A number as :func:`_whole` reads it: digits grouped by single underscores, a fraction and
#: an exponent (whether it is whole is checked after).
_WHOLE_TEXT = r"[+-]?[0-9]+(?:_[0-9]+)*(?:\.[0-9]+(?:_[0-9]+)*)?(?:[eE][+-]?[0-9]+)?"


#: ``--players`` and ``--workers``, read as ``--games`` is; the game (or the cluster) checks
#: the count it takes after.
_PLAYERS = _count("--players", -10**100, 10**100, "a whole number of players, at most 10**100",
                  "3, 4 or 1e1; 'bluffkit games' says how many each game takes")
_WORKERS = _count("--workers", -10**100, 10**100, "a whole number of worker processes, at most 10**100",
                  "0 to play in this process, 2 or 16")


def _short(n) -> str:
    """A whole number (an int, or a whole :class:`~decimal.Decimal` as typed) as a refusal
    quotes it: with commas up to 15 digits (``1,000``), else in e-notation (``1e100``;
    ``about 1.23e19`` where digits after the first three are left out, not rounded), so that
    a count typed as ``1e100`` is not echoed back as 101 digits. A Decimal's digits are read
    from its exponent: ``1e100000000`` made into an int took minutes, and one of more than
    4,300 digits cannot be written (a ValueError).

    >>> from decimal import Decimal
    >>> _short(Decimal("1e5000")), _short(Decimal("-2.5e100000000")), _short(Decimal("1e3"))
    ('1e5000', '-2.5e100000000', '1,000')
    """
    from decimal import Decimal
    if isinstance(n, Decimal):
        if n.is_zero() or n.adjusted() < 15:
            return f"{int(n):,}"
        sign, digits, _ = n.as_tuple()           # (normalize() overflows the context past 1e999999)
        length, negative = n.adjusted() + 1, bool(sign)
        text = "".join(map(str, digits[:4]))
    else:
        if abs(n) < 10**15:
            return f"{n:,}"
        text, negative = str(abs(n)), n < 0
        length = len(text)
    head = text[:3].rstrip("0")
    mantissa = head[0] + (f".{head[1:]}" if len(head) > 1 else "")
    exact = text[3:].strip("0") == "" and (not isinstance(n, Decimal) or not any(n.as_tuple()[1][3:]))
    return f"{'' if exact else 'about '}{'-' if negative else ''}{mantissa}e{length - 1}"


#: Counts of seats or workers past this (either way) are refused by :func:`_seats` and
#: :func:`_workers` in words of their own that quote the count short (:func:`_short`);
#: nearer ones are left to the game's (or the cluster's) own refusal, which may say more.
FAR = 10**6


def _seats(game, players: int) -> int:
    """``--players`` checked by the game (``game.check_players``). A count far past any
    table (beyond :data:`FAR`) is refused here, saying the game's bound and the count short
    ("--players 1e100: at most 5 players (horse-trading is for 3 to 5 players)"): the
    game's refusal echoed all its digits, and ``tournament`` failed on it before asking the
    game (an ``OverflowError``)."""
    if -FAR <= players <= FAR:
        game.check_players(players)
        return players
    from bluffkit.core.spec import spec_of
    try:
        lo, hi = spec_of(game).players
    except Exception:                            # (a game made outside the registry)
        lo, hi = 1, 0
    takes = []
    for n in range(lo, hi + 1):                  # the counts this configuration seats (an auction's format: fewer)
        try:
            game.check_players(n)
            takes.append(n)
        except BluffkitError:
            pass
    if not takes:
        raise BluffkitError(f"--players {_short(players)}: too many players for {_game_named(game)}"
                            if players > 0 else f"--players {_short(players)}: a count of players is 1 or more")
    fewest, most = min(takes), max(takes)
    span = f"{fewest} to {most}" if fewest != most else f"{most}"
    bound = f"at most {count(most, 'player')}" if players > 0 else f"at least {count(fewest, 'player')}"
    import re
    own = f"{_game_named(game)} is for {span} players"
    try:                                         # the game's own words for the nearest count it refuses
        game.check_players(most + 1 if players > 0 else fewest - 1)
    except BluffkitError as e:                   # ("Bløff is for 3 to 10 players, got 11": without the count)
        said = re.fullmatch(r"(.+?), got -?[0-9][0-9,]*(.*)", str(e), re.S)
        own = said.group(1) + said.group(2) if said else own      # (an auction's hint after the count kept)
    raise BluffkitError(f"--players {_short(players)}: {bound} ({own})")


def _workers(workers: int | None) -> int | None:
    """``--workers``, its bounds checked before the tournament starts, in the option's words
    and the count quoted short (the cluster's own refusal echoed a count of 101 digits with
    commas, and said "workers:" of a count nearer, where the command line's option is
    ``--workers``)."""
    from bluffkit.analysis.tournament_run import most_workers
    most = most_workers()
    if workers is None or 0 <= workers <= most:
        return workers
    if workers < 0:
        raise BluffkitError(f"--workers {_short(workers)}: 0 (play in this process) or more worker processes")
    raise BluffkitError(f"--workers {_short(workers)}: at most {most} worker processes on this machine; for a "
                        "bigger cluster start dask workers and give the address of their scheduler (--scheduler)")


def _games(text: str) -> int:
    """``--games``: a whole number of games from 1 to 10**12 (:func:`_whole`)."""
    return _whole(text, "--games", 1, 10**12, "a whole number of games from 1 to 10**12")


def _seed(text: str | None) -> int | None:
    """``--seed``: a whole number from 0 to 2**1024 - 1, written as ``--games`` is (:func:`_whole`); ``None`` stays."""
    from bluffkit.core.seeding import MAX_SEED
    return None if text is None else _whole(text, "--seed", 0, MAX_SEED, "a whole number from 0 to 2**1024 - 1")


#: Seconds between two progress lines of ``simulate`` when stderr is not a terminal.
PROGRESS_EVERY = 10.0


def _progress_lines(what: str, unit: str = "games"):
    """A progress callable for when stderr is no terminal (a script, a notebook's ``!``
    cell): silent for a run shorter than :data:`PROGRESS_EVERY` seconds; past that, a line
    saying it started, then one at most every ``PROGRESS_EVERY`` seconds with the rate and
    the time left, and one at the end. The rate counts this run's games from its start:
    a resumed tournament tells it how many games were there already (its ``started(done,
    total)``, which :func:`bluffkit.analysis.tournament_run.run` calls before it plays), so
    that they do not count as played in this run's time."""
    import time
    every = PROGRESS_EVERY
    begun = last = time.monotonic()
    said = False
    base = [0, begun]                               # (games done, time) this run's rate counts from

    def report(done: int, total: int) -> None:
        nonlocal last, said
        now = time.monotonic()
        if now - last < every and (done < total or not said):
            return
        if not said:
            print(f"{what}: started", file=sys.stderr, flush=True)
            said = True
        last = now
        games, seconds = done - base[0], now - base[1]
        pace = ""
        if games > 0 and seconds > 0:
            rate = games / seconds
            pace = f", {rate:,.0f} {unit}/s" + (f", {_time_left((total - done) / rate)}" if done < total else "")
        print(f"{what}: {done:,} done ({100 * done / total:.1f} %){pace}", file=sys.stderr, flush=True)

    def started(done: int, total: int) -> None:
        base[:] = [done, time.monotonic()]
    report.started = started                        # type: ignore[attr-defined]
    return report


def _time_left(seconds: float) -> str:
    """The time left in words: "under a minute left", "about 12 min left", "about 3.5 h left"."""
    if seconds != seconds or seconds == float("inf"):
        return "time left not known"
    if seconds < 60:
        return "under a minute left" if seconds >= 1 else "done in a moment"
    if seconds < 5400:
        return f"about {seconds / 60:.0f} min left"
    return f"about {seconds / 3600:,.1f} h left"


class _DefaultBots:
    """The bot that fills empty seats in ``bluffkit play`` when --agents is not given: the
    game spec's ``default_bot`` (``get(name, fallback)``, read like a mapping)."""

    def get(self, name: str, fallback: str = "random") -> str:
        from bluffkit.core.spec import spec_of
        try:
            return spec_of(name).default_bot
        except BluffkitError:
            return fallback


_DEFAULT_BOT = _DefaultBots()


def cmd_games(args) -> int:
    from bluffkit.agents.base import agent_names
    from bluffkit.core.spec import specs
    for s in specs():
        lo, hi = s.players
        print(f"{s.name:16s} {s.title}, {lo} to {hi} players" if lo != hi else
              f"{s.name:16s} {s.title}, {lo} players")
        if s.aliases:
            print(f"{'':16s} also called: {', '.join(s.aliases)}")
        if s.presets and s.preset_option:
            print(f"{'':16s} presets (--option {s.preset_option}=NAME): {', '.join(s.presets)}")
        if s.variants:
            print(f"{'':16s} variants (--variant NAME): {', '.join(s.variants)}")
        print(f"{'':16s} bots: {', '.join(agent_names(s.make()))} (default in play: {s.default_bot})")
    return 0


def cmd_replay(args) -> int:
    """One log: verified and summarised (``--moves``: every step). Several logs, or a folder
    of them: each verified in turn, one line each, and a count at the end; a log refused
    says why on stderr and the others are still read (exit status 2 if any was refused)."""
    paths, decks = _log_paths(args.log)
    if len(paths) == 1 and (args.moves or not decks and not _is_folder(Path(args.log[0]))):
        return _replay_one(paths[0], args.moves, args.progress)     # (--moves on a folder of one log: that log)
    if args.moves:
        raise BluffkitError("--moves prints the steps of one log: name one log, not several or a folder of several")
    from bluffkit.core import log as gamelog
    bar = None
    if args.progress or (args.progress is None and sys.stderr.isatty()):
        from tqdm import tqdm
        bar = tqdm(total=len(paths), desc="logs", unit="log")
    refused = 0
    try:
        for path in paths:
            try:
                log, states = gamelog.read(path)
            except (BluffkitError, OSError) as e:
                refused += 1
                if isinstance(e, OSError) and not isinstance(e, BluffkitError):
                    e = BluffkitError(f"{printable(str(path))}: {e.strerror or e}")
                _say(bar, f"bluffkit: {e}", sys.stderr)
            else:
                _say(bar, f"{printable(str(path))}: {_log_line(log, states[-1])}", sys.stdout)
            if bar is not None:
                bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    skipped = f" ({decks} Bluffer deck{'s' if decks > 1 else ''} beside them not read as logs)" if decks else ""
    print(f"{len(paths)} log{'s' if len(paths) != 1 else ''}: {len(paths) - refused} valid, {refused} refused"
          f"{skipped}")
    return 2 if refused else 0


def _say(bar, line: str, out) -> None:
    """A line of the replay of many logs: above the progress bar while one is shown."""
    if bar is not None:
        bar.write(line, file=out)
    elif out is sys.stderr:
        _error(line)
    else:
        print(line)


def _is_folder(p: Path) -> bool:
    """Whether ``p`` is a folder; a name that cannot be looked up (too long for the file
    system, in a folder that cannot be searched: ``is_dir`` raises for those) is not one,
    and is then read, and refused in words, as any log that cannot be read is."""
    try:
        return p.is_dir()
    except (OSError, ValueError):
        return False


def _log_paths(names: list[str]) -> tuple[list[Path], int]:
    """The logs named, each once: files as given, a folder's ``*.jsonl`` files (not hidden
    ones) in name order, less the Bluffer decks kept beside logs (docs/logs.md); and how
    many such decks were left out. A folder with no log in it is refused. A name that
    cannot be looked up is taken as a log: reading it refuses it, and the others are read."""
    from bluffkit.core.logfiles import is_deck_file
    out: list[Path] = []
    seen: set = set()
    decks: set = set()
    for name in names:
        if not name:
            raise BluffkitError("replay: an empty name is neither a log nor a folder of logs")
        p = Path(name)
        if _is_folder(p):
            found = sorted(q for q in p.glob("*.jsonl") if not q.name.startswith(".") and not q.is_dir())
            logs = [q for q in found if not is_deck_file(q)]
            decks |= {os.path.realpath(q) for q in found} - {os.path.realpath(q) for q in logs}
            if not logs:
                raise BluffkitError(f"{printable(name)}: a folder with no game log (.jsonl) in it")
        else:
            logs = [p]
        for q in logs:
            key = os.path.realpath(q)
            if key not in seen:
                seen.add(key)
                out.append(q)
    return out, len(decks - seen)         # (a deck named as a log is read, and refused, as one)


def _game_named(game) -> str:
    """The game's name and its variants: ``youre-bluffing (quick)``."""
    variants = getattr(game.rules, "variants", ())
    return game.name + (f" ({', '.join(variants)})" if variants else "")



def _seed_words(seed, over: bool = True) -> str:
    """A log's seed as its summary says it (a log may record none: ``null``). The seed of an
    unfinished game is not printed, as in ``play``: it deals what is still to come."""
    if seed is None:
        return "no seed recorded"
    return f"seed {seed}" if over else "seed not shown (the game is not finished)"

def _end_words(game, final, names) -> tuple[str | None, str]:
    """The end of a game in its own words: its scores as the game calls them ("final
    scores"; an auction's "Money won or lost", Bluffer's points over the game), ``None``
    where the game keeps no score (Bløff: "Spillet har ingen poengregning"), and who won
    ("winner Anna"; an auction's "the lot goes to Bo", its winners being who holds the lot,
    not the most money)."""
    from bluffkit.core.spec import spec_of
    won = " and ".join(names[w] for w in game.winners(final)) or "nobody"
    take = getattr(game, "winners_take", None)
    who = take.format(won) if take else f"winner {won}"
    if spec_of(game).score_kind == "none":
        return None, who
    label = getattr(game, "scores_are", None) or "final scores"
    from bluffkit.core.money import amount
    return f"{label}: " + ", ".join(f"{n} {amount(p)}" for n, p in zip(names, game.scores(final))), who


def _log_line(log, final) -> str:
    """A valid log in one line: game, players, seed, steps, and the winners (in the game's
    words: an auction's lot goes to its holder)."""
    game, names = log.game, log.names
    if game.is_over(final):
        end = _end_words(game, final, names)[1]
    else:
        end = "not finished"
    note = f" ({log.note})" if log.note else ""          # an old format: what was not checked
    return (f"valid, {_game_named(game)}, {len(names)} players, {_seed_words(log.seed, game.is_over(final))}, "
            f"{count(len(log.moves), 'step')}, {end}{note}")


def _replay_one(path: Path, moves: bool, progress: bool | None = None) -> int:
    """One log, checked step by step, with its progress as ``simulate`` shows it
    (``progress``: ``--progress``, ``None`` when not given): a bar of steps on a terminal, a
    line every :data:`PROGRESS_EVERY` seconds elsewhere, on stderr. ``--moves``: every step,
    printed once the whole log is checked (its end record's "over" is a claim until the
    replay agrees: an unfinished game's moves are told as the table heard them, their
    notation holding what is still hidden, the hands dealt and the cards laid face down,
    and a log cut short and marked over printed those before it was refused). A log refused
    has its steps before the refusal printed so, as the table heard them, then the refusal."""
    from bluffkit.core import log as gamelog
    from bluffkit.core.play import progress_bar
    shown = printable(str(path))
    bar = report = None
    wants_bar = bool(progress or (progress is None and sys.stderr.isatty()))
    if not wants_bar and progress is None:
        report = _progress_lines(f"{shown}: replay", "steps")
    lines: list[tuple[str, str, str]] = []        # each step: its head, its notation, its words

    def checked(c) -> None:
        nonlocal bar
        if wants_bar and bar is None:           # (the steps are counted once the header is read)
            bar = progress_bar(c.steps, shown if len(shown) <= 40 else "…" + shown[-39:], "step")
        if moves:
            game, names = c.log.game, c.log.names
            who = "chance" if c.seat is None else names[c.seat]
            said = game.narrate(c.before, c.seat, c.action, c.after, names)
            lines.append((f"{c.step:4d}. {who:>8}: ", f"{game.notation(c.action):<24}", said))
        if bar is not None:
            bar.update(1)
        elif report is not None:
            report(c.step, c.steps)

    try:
        try:
            log, states = gamelog.read(path, on_step=checked)
        finally:
            if bar is not None:
                bar.close()
    except BluffkitError:
        if lines:           # the steps checked before the refusal, as a game not finished is shown
            for head, _, said in lines:
                print(printable(head + sentence_case(said)))
            print("(the log is refused after this step, shown as the table heard it, without the cards and notes "
                  "it hides)" if len(lines) == 1 else
                  f"(the log is refused after these {count(len(lines), 'step')}, shown as the table heard them, "
                  "without the cards and notes they hide)")
            sys.stdout.flush()
        raise
    game, names = log.game, log.names
    final = states[-1]
    over = game.is_over(final)                  # (the replay's, not the end record's claim)
    if moves:
        for head, notation, said in lines:
            print(printable(head + (f"{notation} {sentence_case(said)}" if over else sentence_case(said))))
        if not over:
            print("(the game is not finished: the moves are shown as the table heard them, without "
                  "the cards and notes they hide)")
    print(f"{printable(path)}: a valid log of {_game_named(game)}, {len(names)} players, "
          f"{_seed_words(log.seed, over)}, {count(len(log.moves), 'step')}")
    if log.note:
        print(log.note)
    print("seats: " + ", ".join(f"{s.get('name')} ({s.get('agent', '?')})" for s in log.seats))
    if over:
        scores, who = _end_words(game, final, names)
        if scores is not None:
            print(printable(scores))
        for line in getattr(game, "score_sheet", lambda state, names: [])(final, names):
            print(printable("  " + line))
        print(printable(who.replace("winner ", "winner: ", 1) if who.startswith("winner ") else who))
    else:
        print("the game is not finished")
    return 0


def cmd_rules(args) -> int:
    from bluffkit.core.spec import spec_of
    game = _game(args)
    page = spec_of(game.name).docs_page
    print(f"{game.name}: rule options" + (f" (explained in docs/{page})" if page else ""))
    for f in dataclasses.fields(game.rules):        # every option (a log leaves some defaults out)
        print(f"  {f.name:22s} {json.dumps(getattr(game.rules, f.name))}")
    return 0


#: Clears a terminal and its scrollback, so that a hand shown there cannot be scrolled back to.
_CLEAR = "\x1b[H\x1b[2J\x1b[3J"


#: The name ``play`` gives a seat that ``--names`` does not name, written into the log it
#: saves: ``seat 0``, ``seat 1``, ..., as ``simulate --logs`` names every seat and as the
#: engine's own words number the seats ("seat 0 cannot bid now", README.md). ``play`` wrote
#: "Seat 0", so that replaying its log and one of simulate's named the same seat two ways; a
#: log written before keeps the names it holds (they are part of what was played).
SEAT_NAME = "seat {}"

#: ``seat 3`` where a sentence of the narration starts: at the line's start, or after a
#: sentence's end within it ("seat 2 passes. No bid: seat 0 offers ..." keeps the second)
_SEAT_AT_START = re.compile(r"(^|[.!?] )seat (?=\d)", re.M)


def sentence_case(line: str) -> str:
    """``line`` of the narration with a seat named as :data:`SEAT_NAME` names it written
    "Seat 1" where it starts a sentence ("Seat 1 passes."), as any name starting a sentence
    is; within a sentence it stays "seat 1" ("No bid: seat 0 offers the lot again"), as the
    engine's refusals write it. A name given with ``--names`` is printed as typed."""
    return _SEAT_AT_START.sub(lambda m: m.group(1) + "Seat ", line)


def cmd_play(args) -> int:
    """Play in the terminal. Every name and line is printed with escape codes shown as
    text. With two or more human seats the screen is shared: before a human sees their
    hand, the previous hand is cleared from the screen (on a terminal) and a prompt asks
    to pass the screen and press Enter; nothing private is shown before that."""
    from bluffkit.core.seeding import fresh_seed
    from bluffkit.receipts import receipts_for
    from bluffkit.session import HUMAN, Session
    if sys.stdin is None:                      # started with <&-: no move could be read
        raise BluffkitError("play reads the moves from standard input, which is closed (started with <&-?)")
    game = _game(args)
    if args.players is None:                   # 3, or the only count a format allows (The Call: 2)
        from bluffkit.core.spec import default_players
        args.players = default_players(game)
    _seats(game, args.players)
    if args.save is not None and not args.save.strip():
        raise BluffkitError("--save names no file (an empty name)")
    if args.overwrite and not args.save:
        raise BluffkitError("--overwrite lets --save replace a file; give --save FILE with it")
    if args.save:
        _log_file(args.save, "--save", args.overwrite, ", or add --overwrite to replace it")
    describe = game.describe
    try:
        listed = [whole_number(h.strip()) for h in ("0" if args.human is None else args.human).split(",")
                  if h.strip() != ""]
        humans = set(listed)
    except ValueError:
        raise BluffkitError(f"--human takes seat numbers separated by commas, got {printable(repr(args.human))}") \
            from None
    if not humans:
        raise BluffkitError(f"--human takes seat numbers separated by commas, got {printable(repr(args.human))}")
    if len(listed) != len(humans):
        twice = sorted({h for h in listed if listed.count(h) > 1})
        raise BluffkitError(f"--human names seat{'s' if len(twice) > 1 else ''} {', '.join(map(str, twice))} twice: "
                            "each seat once, e.g. --human 0,1")
    bad = sorted(h for h in humans if not is_seat(h, args.players))
    if bad:
        raise BluffkitError(f"--human: {', '.join(map(str, bad))} {'is not a seat' if len(bad) == 1 else 'are not seats'} "
                            f"of a {args.players}-player game (0..{args.players - 1})")
    bots = _agent_names(args.agents) if args.agents is not None else [_DEFAULT_BOT.get(game.name, "heuristic")]
    _no_human_bots(bots)
    if len(bots) > 1 and len(bots) != args.players - len(humans):
        raise BluffkitError(f"--agents names {len(bots)} bots for {count(args.players - len(humans), 'bot seat')} "
                            "(one name fills every bot seat)")
    seats, k = [], 0
    for s in range(args.players):              # the bots fill the other seats in order
        if s in humans:
            seats.append(HUMAN)
        else:
            seats.append(bots[min(k, len(bots) - 1)])
            k += 1
    # Moves name seats by number from 0 ("choose 2", "trade for 8 with seat 1"): so do the names
    if args.names is not None and not args.names.strip(","):
        raise BluffkitError(f"--names names no one ({printable(repr(args.names))}); give each seat a name, "
                            "separated by commas, e.g. --names Ana,Bo,Cy")
    # each name as typed, without the spaces around it ('--names "Ana, Bo"'); else SEAT_NAME's
    names = [n.strip() for n in args.names.split(",")] if args.names else [SEAT_NAME.format(i) for i in range(args.players)]
    number = next((n for n in names if n.split() and _is_number(n.split()[0])), None)
    if number is not None:                     # a move reads a number as a seat ('trade 1 ...')
        raise BluffkitError(f"--names: {printable(repr(number))} starts with a number, which moves read as a seat "
                            "number; give that seat a name that starts with a word")
    if any(n.strip().lower() == "chance" for n in names):   # as scenarios refuse it
        raise BluffkitError("--names: 'chance' names chance's moves in replays and scenarios; "
                            "give that seat another name")
    seed = _seed(args.seed)
    seed = fresh_seed() if seed is None else seed
    session = Session(game, seats, names=names, seed=seed)
    shared = len(humans) > 1                   # several people take turns at one screen
    tty = sys.stdout.isatty()

    gone: list[bool] = []                      # a write to the terminal failed: it is gone

    def say(text: str = "") -> None:
        text = printable(text, newlines=True)
        if tty:                                # long lines broken at the terminal's width (a file keeps them whole)
            text = _fit(text, max(40, shutil.get_terminal_size().columns))
        try:
            print(text)
        except OSError:                        # the terminal is gone (its hang-up kept away): the game is
            gone.append(True)                  # still saved, with nothing more to say to it
            _quiet_terminal()

    def ask(prompt: str) -> str:
        sys.stdout.flush()
        return input(printable(prompt))

    say(f"{game.name}, {args.players} players. Type a move (the view ends with yours; 'help' lists them all), 'undo', "
        f"'save FILE' (the log is written when the game ends or you quit) or 'quit' (or 'exit').")
    # a move that names a player ('trade 1 ...', 'choose 2') takes the seat's number or the
    # name (Session.play, the game's seat_moves): which number is whose
    seat_numbers = ("A move names a player by name or seat number: " + ", ".join(f"{i} {n}" for i, n in enumerate(names))
                    + "." if args.names and getattr(game, "seat_moves", ()) else "")
    if seat_numbers:
        say(seat_numbers)
    if args.save and not Path(args.save).parent.exists():
        say(f"The folder {Path(args.save).parent} of --save is not there yet and will be made when the log is written.")
    if shared and not tty:                      # piped or redirected: the hand-over cannot clear the screen
        print("bluffkit: the output is not a terminal, so the screen is not cleared when the seat changes: "
              "each player's hand stays above the next one's. Play several people at one screen in a terminal.",
              file=sys.stderr)

    # --overwrite lets the file named with --save be replaced; any other file that is there
    # when the log is written (even one made while the game lasted) is left as it is
    replaceable = {os.path.abspath(args.save)} if args.save and args.overwrite else set()

    def save(path) -> bool:
        try:
            say(f"  saved to {session.save(path, replace=os.path.abspath(path) in replaceable)}")
            return True
        except (OSError, BluffkitError) as e:
            why = getattr(e, "why", None) or getattr(e, "strerror", None) or e    # (the reason alone)
            print(printable(f"bluffkit: could not save the log to {path}: {why}"),
                  file=sys.stderr)
            return False

    def save_somewhere(path, ask_again: bool) -> bool:
        """Save to ``path``; if that fails, ask for another name (a game played cannot be
        played again), until one works or the player gives up (Enter, or no more input)."""
        if save(path):
            return True
        while ask_again:
            try:
                path = ask("  Another file name to save the game to (Enter: leave it unsaved): ").strip()
            except (EOFError, KeyboardInterrupt):
                say()
                return False
            except _Terminated:                # SIGTERM: the command ends as SIGTERM ends it (143)
                say()
                raise
            if path.lower().startswith("save "):  # as typed at the prompt all game long
                path = path[5:].strip()
            if not path:
                return False
            try:
                _log_file(path, "save")
            except BluffkitError as e:
                say(f"  {e}")
                continue
            if save(path):
                return True
        return False

    # The log is written when the game ends or is left, never while it lasts: it holds
    # every hand and face-down offer (docs/logs.md), and the player at the prompt could read it.
    save_to = [args.save]

    leaving = []                               # leave() has begun: a signal in it ends the command

    def leave(ask_again: bool = True) -> int:
        leaving.append(True)
        # the seed of a game left unfinished stays off the screen: every hand and draw follows
        # from it, and a saved log can be taken up again (Session.load); the log keeps it
        if save_to[0] and not save_somewhere(save_to[0], ask_again):   # a game left unfinished is saved too
            if not session.over:
                say("(left unfinished)")
            return 2
        if not session.over:
            say("(left unfinished" + ("; its log keeps the seed, to deal it again)" if save_to[0] else ")"))
        return 0

    def left_at_prompt(e: BaseException) -> int:
        """The game left at a prompt: Ctrl-D (the next words on a line of their own) and Ctrl-C
        as 'quit' does; SIGTERM and SIGHUP likewise, asking no other file name; a terminal
        found gone (a read or a write failing with EIO) as SIGHUP; input that cannot be read
        at all (``nohup`` makes it so) in words, with status 2; a closed pipe as ``_run``
        ends one (141). The game is saved in every case."""
        if isinstance(e, BrokenPipeError):
            leave(False)
            return 141
        if isinstance(e, OSError) and e.errno in (errno.EIO, errno.ENXIO):
            _quiet_terminal()
            return leave(False) or GONE
        if isinstance(e, OSError):
            print(printable(f"bluffkit: cannot read the moves from standard input: {e.strerror or e} "
                            "(play needs a terminal or a file of moves to read)"), file=sys.stderr)
            leave(False)
            return 2
        say()
        if isinstance(e, _Terminated):
            return leave(False) or 128 + e.signum
        status = leave() or (130 if isinstance(e, KeyboardInterrupt) else 0)
        return GONE if gone and status == 0 else status        # Ctrl-D from a terminal that hung up

    def at_table() -> int:
        """The game at the terminal, to its end or until the player leaves."""
        at_screen = None                           # the human who may see the screen now
        # At a shared screen each human is shown, after the hand-over, what the table said since
        # they last had the screen: the other human's moves were said before the screen was cleared.
        # The table's words are the session's, one a step (public narration), which undo trims.
        said = session.says
        seen: dict[int, int] = {}                  # a human: how many of those lines they have seen
        view_again = True                          # False right after 'help', which showed the view
        again = False                              # True after Enter alone: the view whole
        boards: dict[int, str] = {}                # a seat: the board last shown above its view (_board_once)
        receipted: dict[int, list[str]] = {}       # a seat: the receipts last said to it (bluffkit.receipts)
        told: list[str] = []                       # the table's words last said, still above the prompt
        while True:
            before = len(said)
            try:
                lines = session.advance()
            except BluffkitError as e:             # a script (--agents script:...) that cannot go on
                from bluffkit.session import bot_failure
                for line in said[before:]:         # the moves made up to it
                    say("  " + sentence_case(line))
                words, _ = bot_failure(session, e)  # not the engine's reason: it may name the bot's notes
                print(printable(f"bluffkit: {words}"), file=sys.stderr)
                return leave() or 2
            seat = session.waiting_for
            if shared and seat is not None and seat != at_screen:     # (None: the game is over)
                if tty:
                    print(_CLEAR, end="")          # the last hand shown leaves the screen and its scrollback
                say("=" * 60)
                try:
                    answer = ask(f"{session.names[seat]}'s turn: pass the screen to {session.names[seat]}, "
                                 f"then press Enter when only they can see it. ").strip()
                    while answer:                  # anything but Enter alone shows no hand
                        if answer in ("quit", "exit"):
                            return leave()
                        answer = ask(f"(nothing is played here: press Enter alone to show {session.names[seat]}'s "
                                     f"screen, or type quit) ").strip()
                except (EOFError, KeyboardInterrupt, _Terminated, OSError) as e:
                    return left_at_prompt(e)
                at_screen = seat
                boards.clear()                     # the screen was cleared: the board is shown whole again
                receipted.clear()                  # (and the receipts said again)
                told = []                          # (and what was said on it)
                lines = said[min(seen.get(seat, 0), len(said)):]
                if seen.get(seat) is not None and lines:
                    say("Since your last turn:")
            if at_screen is not None:
                seen[at_screen] = len(said)
            for line in lines:
                say("  " + sentence_case(line))
            if lines:                              # (a refusal, help or undo says no new words: the
                told = lines                       # reveal told before them is still just above)
            if session.over:
                won = [session.names[w] for w in session.winners()]
                who = getattr(game, "winners_take", "{} win" + ("s" if len(won) == 1 else ""))
                scores = _end_words(game, session.state, session.names)[0]
                say(_game_over(said[-1] if said else "", scores, won, who))
                for line in getattr(game, "score_sheet", lambda state, names: [])(session.state, session.names):
                    say("  " + line)               # how each score was made, where the game has a sheet
                say(f"(seed {seed}: --seed {seed} deals this game again)")
                return leave()
            assert seat is not None                # advance() stops at a human's turn or at the end
            if view_again:
                seen_now = session.observe(seat)
                view = _board_once(describe(seen_now, session.names), boards, seat, again)
                say(view if again else _not_twice(view, told))
                got = receipts_for(session, seat)  # which notes came face down, a trade's swap (bluffkit.receipts)
                if got and (again or receipted.get(seat) != got):
                    for line in got:               # said once until they change (Enter alone: again)
                        say("   " + line)
                receipted[seat] = got
                may = _may_line(describe(seen_now, session.names, legal=True))
                if may:                        # what the player may do, without typing help
                    say(may)
            view_again, again = True, False
            try:
                text = ask(f"{session.names[seat]}> ").strip()
            except (EOFError, KeyboardInterrupt, _Terminated, OSError) as e:
                return left_at_prompt(e)
            if not text:                           # Enter alone: the view again, whole, nothing refused
                again = True
                continue
            if text in ("quit", "exit"):
                return leave()
            if text == "undo":
                try:
                    say(f"  took back {count(session.undo(seat), 'move')}")
                    receipted.clear()              # (what is said now is said again)
                except BluffkitError as e:         # (the rule's id is not said, as on the panels)
                    say(f"  cannot undo: {e.reason if isinstance(e, IllegalAction) else e}")
                for h in seen:                     # what was taken back is no longer to be told
                    seen[h] = min(seen[h], len(said))
                continue
            if text == "save":
                say("  save takes a file name: save FILE (e.g. save mygame.jsonl)")
                continue
            if text.startswith("save "):
                try:                               # the file named at the start may be named again
                    named = os.path.abspath(text[5:].strip()) in {os.path.abspath(p) for p in (save_to[0], args.save) if p}
                    _log_file(text[5:].strip(), "save", named)
                except BluffkitError as e:
                    say(f"  {e}")
                    continue
                save_to[0] = text[5:].strip()
                made = Path(save_to[0]).parent   # a folder not there yet is made then: say so (a typo makes one)
                making = "" if made.exists() else f"; the folder {made} is not there yet and will be made"
                say(f"  the log will be written to {save_to[0]} when the game ends or you quit "
                    f"(it holds every player's hidden cards, so not before){making}")
                continue
            if text == "help":
                whole = describe(session.observe(seat), session.names, legal=True)
                say(whole)
                _board_once(whole, boards, seat, True)
                if seat_numbers:
                    say(seat_numbers)
                view_again = False                 # the view with its moves is the last thing shown
                continue
            try:
                say("  " + sentence_case(session.play(text, seat)))
                receipted.pop(seat, None)          # (a receipt after this move is new, whatever its words)
                if at_screen is not None:
                    seen[at_screen] = len(said)
            except BluffkitError as e:
                say("  not allowed: " + _refusal(e, session.names, text,
                                                 describe(session.observe(seat), session.names, legal=True)))


    try:
        return at_table()
    except _Terminated as e:                   # SIGTERM or SIGHUP while the table plays on:
        if leaving:                            # (not while the game is being saved or left)
            raise
        return leave(False) or 128 + e.signum   # the game is saved as at a prompt
    except KeyboardInterrupt:                  # and Ctrl-C, as at a prompt
        if leaving:
            raise
        say()
        return leave() or 130


def _game_over(told: str, scores: str | None, won: list[str], who: str) -> str:
    """The line that ends ``play``: the winners (``who``, the game's words, e.g. "{} wins")
    and the scores, unless the table's last words ``told`` gave both already.

    >>> _game_over("Every family is complete. Scores: Ana 90, Bo 40. Ana wins.", "final scores: Ana 90, Bo 40",
    ...            ["Ana"], "{} wins")
    'Game over.'
    >>> _game_over("Bo passes.", "final scores: Ana 90, Bo 40", ["Ana"], "{} wins")
    'Game over: Ana wins. Scores: Ana 90, Bo 40'
    >>> _game_over("Scores: Ana 90, Bo 40.", "final scores: Ana 90, Bo 40", ["Ana"], "{} wins")   # no winner said
    'Game over: Ana wins. Scores: Ana 90, Bo 40'
    """
    if scores is not None and scores.split(": ", 1)[-1] in told and f"{' and '.join(won)} win" in told:
        return "Game over."
    return f"Game over: {who.format(' and '.join(won))}." + (
        " " + scores.replace("final scores", "Scores", 1) if scores is not None else "")


#: The longest "you may: ..." line shown under every view; a longer one (Bidder Up!'s
#: spaces to move to, with their costs) is cut, and 'help' lists the whole.
MAY_WIDTH = 110


def _may_line(helped: str) -> str:
    r"""The "you may: ..." line of a view with its moves (``describe(..., legal=True)``), cut
    at a comma or an "or" to :data:`MAY_WIDTH` characters with a pointer to ``help``; ``""``
    where the view has none (the game's own words for a seat with nothing to do).

    >>> _may_line("view\n   you may: pay 10+10")
    '   you may: pay 10+10'
    >>> _may_line("   You may: move SPACE, one of " + ", ".join(f"pen-{i} (pay 1 note)" for i in range(9)))
    '   You may: move SPACE, one of pen-0 (pay 1 note), pen-1 (pay 1 note), ... (help lists them all)'
    """
    line = next((x for x in reversed(helped.splitlines()) if x.strip().lower().startswith("you may:")), "")
    if len(line) <= MAY_WIDTH:
        return line
    cut = max(line.rfind(", ", 0, MAY_WIDTH - 24), line.rfind(" or ", 0, MAY_WIDTH - 24))
    return (line[:cut] if cut > 0 else line[:MAY_WIDTH - 24]).rstrip(",") + ", ... (help lists them all)"


def _board_once(view: str, boards: dict, seat: int, whole: bool = False) -> str:
    """A view whose board (the lines above its part that begins ``-- ``, as Bidder Up!'s
    view above an auction) is the one last shown to ``seat`` says so in one line instead of
    printing it again before every bid; ``whole`` (Enter alone, help) prints it all. The
    board shown is kept in ``boards``.

    >>> boards = {}
    >>> _board_once("Board\\npens\\n-- auction\\nbid 10", boards, 0)
    'Board\\npens\\n-- auction\\nbid 10'
    >>> _board_once("Board\\npens\\n-- auction\\nbid 20", boards, 0)
    '(the board as above; Enter alone shows it again)\\n-- auction\\nbid 20'
    """
    head, mark, tail = view.partition("\n-- ")
    if not mark or not head.strip():
        return view
    if boards.get(seat) == head and not whole:
        return f"(the board as above; Enter alone shows it again){mark}{tail}"
    boards[seat] = head
    return view


def _not_twice(view: str, told: list[str]) -> str:
    """``view`` without a line ``last ...: TEXT`` (what happened last) whose TEXT (30
    characters or more) ends a line of the narration ``told`` just above it: Bluffer's
    view repeated the reveal the narration had just given, as "last question: Reveal: ...".
    A line of the table as it stands (an open horse-trade) stays, narrated or not.

    >>> _not_twice("view\\n   last question: Reveal: #1 'Bern': the true answer.\\n   you may: write TEXT",
    ...            ["Seat 2 votes. Reveal: #1 'Bern': the true answer."])
    'view\\n   you may: write TEXT'
    """
    def told_above(line: str) -> bool:
        label, _, text = line.partition(": ")
        return label.strip().startswith("last ") and len(text) >= 30 and any(t.endswith(text) for t in told)
    return "\n".join(line for line in view.split("\n") if not told_above(line))


def _fit(text: str, width: int) -> str:
    r"""``text`` with each line longer than ``width`` broken at its spaces, the rest of the
    line indented two spaces more than the line: what ``bluffkit play`` prints on a terminal,
    so that a long line (the moves after ``help``, Bidder Up!'s pens) does not run on under
    the terminal's own wrapping from its left edge. A word longer than the width stays whole.
    Widths are the terminal's columns (:func:`~bluffkit.core.errors.columns`: a Chinese
    character takes two).

    >>> print(_fit("  you may: pay 10+10, pay 10+0, pass", 20))
      you may: pay
        10+10, pay 10+0,
        pass
    >>> print(_fit("\u674e\u5c0f\u9f8d \u674e\u5c0f\u9f8d \u674e", 14))
    \u674e\u5c0f\u9f8d \u674e\u5c0f\u9f8d
      \u674e
    """
    from bluffkit.core.errors import columns
    out = []
    for line in text.split("\n"):
        if columns(line) <= width:
            out.append(line)
            continue
        body = line.lstrip(" ")
        lead = line[:len(line) - len(body)]
        now, rest = lead, lead + "  "
        for word in body.split(" "):
            if now.strip() and columns(now) + 1 + columns(word) > width:
                out.append(now)
                now = rest + word
            else:
                now = f"{now} {word}" if now.strip() else now + word
        out.append(now)
    return "\n".join(out)


def _offers(moves: str, word: str) -> bool:
    """Whether the list of moves of a view's "you may:" line (``moves``) offers a move
    beginning with ``word`` ("bid" in "pass or bid 10 or more"; "pass" in "call, pass")."""
    import re
    return re.search(rf"(^|; |, | or ){re.escape(word)}\b", moves, re.IGNORECASE) is not None


def _refusal(error: BluffkitError, names, typed: str = "", helped: str = "") -> str:
    """A refused move in the players' words: the engines number the seats ("seat 0 cannot
    bid now; seat 0 may: auction"); the player at the prompt reads their names ("Anna cannot
    bid now; you may: auction"). The moves after "may:" are those of the view ``helped``,
    in the forms they are typed (a trade names its partner by seat number). The rule's id
    (``[rule: not-bidding]``) is not said, as the panels do not show it (a script reads it
    as :attr:`IllegalAction.rule <bluffkit.core.errors.IllegalAction>`). A word
    that is no move of the game is answered with the moves the player has now, as 'help'
    (``helped``: the view 'help' shows) lists them, not with every move of the game."""
    import re

    from bluffkit.core.errors import by_name, quote, split_options, unknown_move
    # the view's last line lists the moves (a name that begins a line earlier, "You may: ...", is not it)
    yours = re.fullmatch(r"\s*you may: (.*)", helped.rstrip().rsplit("\n", 1)[-1], re.IGNORECASE)
    if unknown_move(error) and yours:
        # the game's list of every move of every phase (or format) is long and mostly
        # beside the point: the moves this player has now, as 'help' lists them
        return f"{quote(typed)} is not a move; you may: {yours[1]}"
    word = typed.split()[0].lower() if typed.split() else ""
    if yours and word and not isinstance(error, IllegalAction) and not _offers(yours[1], word):
        # a move of a kind the player may not make now, and badly written ('bid abc' while
        # only 'auction' is allowed): how to write it is beside the point
        return f"{quote(word)} is not a move now; you may: {yours[1]}"
    reason = error.reason if isinstance(error, IllegalAction) else str(error)
    head, _, moves = split_options(reason)
    if yours and (moves or isinstance(error, IllegalAction)):   # the view's moves, as they are typed: the
        moves = yours[1]                       # engine's words ("pay 20 exactly") may not be ('pay 20'), and a
                                               # move out of turn ("the call window is open") said none
    return by_name(head, names) + (f"; you may: {moves}" if moves else "")


def build_parser() -> argparse.ArgumentParser:
    from bluffkit import __version__
    p = argparse.ArgumentParser(prog="bluffkit", description="Bluffing and auction games for the classroom.")
    p.add_argument("--version", action="version", version=f"bluffkit {__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND",
                           help="one of the commands below; 'bluffkit COMMAND --help' for its options")

    s = sub.add_parser("scenario", help="list or run the rulebooks' worked examples",
                       description="List the rulebooks' worked examples, or play them and check their numbers.")
    s.add_argument("action", choices=["list", "run"],
                   help="list: every example's name and title; run: play the examples named, checking every number")
    s.add_argument("names", nargs="*", default=[],       # (no default: argparse called it required)
                   help="run: scenario names (see 'list'), or paths of scenario JSON files")
    s.add_argument("--all", action="store_true", help="run: every scenario")
    s.set_defaults(func=cmd_scenario)

    s = sub.add_parser("simulate", help="play many games between bots, one row per game",
                       description="Play many games between bots and write one row per game (seed, agents, scores, the game's own numbers) as CSV or Parquet; --logs DIR writes every game's log too.")
    _add_game_args(s)
    s.add_argument("--players", type=_PLAYERS, required=True, help="players in every game (the auctioneer counts)")
    s.add_argument("--games", required=True, help=f"how many games, 1 to 10**12 ({WHOLE_FORMS})")
    s.add_argument("--seed", required=True, help=f"the same seed plays the same games: 0 to 2**1024 - 1, "
                                                 f"written as --games is ({WHOLE_FORMS})")
    s.add_argument("--agents", default="random", help="one per seat, comma-separated, or one for all "
                                                       "(default: random; each game's bots: 'bluffkit games')")
    s.add_argument("--out", required=True, help="a .csv or .parquet file (replaced if it exists; a folder "
                   "on its path that is not there is made)")
    s.add_argument("--logs", help="also write each game's log into this folder (every step and its state "
                                  "digest: about five times slower, some 50 KB a game)")
    s.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="show a progress bar (default: when stderr is a terminal)")
    s.set_defaults(func=cmd_simulate)

    s = sub.add_parser("tournament", help="a tournament of bots, on every core or a dask cluster, into a folder",
                       description="Play many games between the bots named (one line-up, or every way of seating them with "
                                   "--lineups round-robin), in chunks on every core or a dask cluster, into a folder that "
                                   "a second run resumes.")
    _add_game_args(s)
    s.add_argument("--players", type=_PLAYERS, required=True, help="players in every game")
    s.add_argument("--agents", required=True,
                   help="the field: one bot per seat, one for all, or any other number of bots (a round-robin)")
    s.add_argument("--lineups", choices=["fixed", "round-robin"],
                   help="fixed: the bots as named, one per seat; round-robin: every line-up of the field "
                        "(default: fixed when one bot or one per seat is named)")
    s.add_argument("--games", required=True, help=f"how many games, 1 to 10**12 ({WHOLE_FORMS})")
    s.add_argument("--seed", required=True, help=f"the same seed plays the same games: 0 to 2**1024 - 1, "
                                                 f"written as --games is ({WHOLE_FORMS})")
    where = s.add_mutually_exclusive_group()
    where.add_argument("--workers", type=_WORKERS,
                       help="worker processes of a local dask cluster (default: one per core; 0: this process)")
    where.add_argument("--scheduler", metavar="ADDRESS", help="an existing dask scheduler, e.g. tcp://10.0.0.5:8786")
    s.add_argument("--chunk", help="games per part, written as --games is (default: about a hundred parts, "
                                   "at most 2000 games each)")
    s.add_argument("--out", required=True,
                   help="the folder for the parts and manifest; run again with the same folder to resume")
    s.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="show a progress bar (default: when stderr is a terminal)")
    s.set_defaults(func=cmd_tournament)

    s = sub.add_parser("replay", help="verify a game log and summarise it (or many: one line each)",
                       description="Verify a game log (every move replayed and every state's digest checked) and summarise it; a folder: one line per log.")
    s.add_argument("log", nargs="+", help="a game log (.jsonl) written by simulate --logs, play --save or a panel; "
                                          "several, or a folder of them: each verified, one line each")
    s.add_argument("--moves", action="store_true", help="print every step (of one log)")
    s.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="a progress bar on stderr: of the steps of one log (default: when stderr is a "
                        "terminal, otherwise a line every 10 s), of the logs when several (default: when stderr "
                        "is a terminal)")
    s.set_defaults(func=cmd_replay)

    s = sub.add_parser("play", help="play in the terminal against bots",
                       description="Play in the terminal against bots, or with others at one screen (--human 0,1); 'help' during the game lists your moves.")
    _add_game_args(s)
    s.add_argument("--players", type=_PLAYERS, default=None,
                   help="players, you included (default 3, or the only count the game allows)")
    s.add_argument("--human", default="0", help="human seats, comma-separated (default 0)")
    s.add_argument("--agents", help="bots for the other seats (default: the game's own; see 'bluffkit games')")
    s.add_argument("--names", help="seat names, comma-separated (default: seat 0, seat 1, ..., as moves "
                                   "and messages number the seats)")
    s.add_argument("--seed", default=None,
                   help="the deal (default: a fresh one each run, which nobody can know from an earlier run; "
                        "give the seed printed at the end to play that deal again): 0 to 2**1024 - 1, "
                        f"{WHOLE_FORMS}")
    s.add_argument("--save", help="write the log here at the end (a new file, unless --overwrite)")
    s.add_argument("--overwrite", action="store_true", help="let --save replace a file that exists")
    s.set_defaults(func=cmd_play)

    s = sub.add_parser("rules", help="print a ruleset's options",
                       description="Print every rule option of a game (with its variants and --option settings) and its value.")
    _add_game_args(s)
    s.set_defaults(func=cmd_rules)

    s = sub.add_parser("games", help="list the games, their variants and bots",
                       description="List the games, their variants, player counts and bots.")
    s.set_defaults(func=cmd_games)
    return p


def _stdout_closed() -> bool:
    """Whether standard output is a pipe whose reader has gone (``| head``): what it
    still holds cannot be written."""
    import select
    try:
        fd = sys.stdout.fileno()
        poll = select.poll()
        poll.register(fd, select.POLLOUT)
        return any(ev & select.POLLERR for _, ev in poll.poll(0))   # a pipe with no reader
    except (OSError, ValueError, AttributeError):  # no descriptor (output captured in this process)
        return False


def _error(text: str) -> None:
    """One line on standard error, unless nobody reads it any more (``2>&1 | head``), or
    it was closed when the command started (``2>&-``: Python's ``sys.stderr`` is None)."""
    if sys.stderr is None:
        return
    try:
        print(text, file=sys.stderr)
    except (BrokenPipeError, ValueError):
        pass


class _Terminated(BaseException):
    """SIGTERM (a scheduler stopping a job, ``kill``) or SIGHUP (the terminal window
    closed): raised so that the cleanups of a command (hidden folders of logs, a
    half-written --out, the log of a game being played) run as for Ctrl-C. ``signum``:
    which; the command exits with 128 + it, as the signal would have ended it."""

    signum = 15

    def __init__(self, signum: int = 15):
        super().__init__(signum)
        self.signum = signum


def _terminated(signum, frame):
    raise _Terminated(signum)


#: The status of ``play`` when its terminal is gone: SIGHUP's (128 + 1), whether the hang-up
#: came as a signal or, with hang-ups ignored, as a read or write that failed.
GONE = 129


#: The output descriptors that were a terminal when the command began (noted then: once
#: the terminal hangs up, asking whether a descriptor is one fails).
_TERMINALS: set[int] = set()


def _note_terminals() -> None:
    import contextlib
    _TERMINALS.clear()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError, AttributeError):
            if os.isatty(stream.fileno()):
                _TERMINALS.add(stream.fileno())


def _quiet_terminal() -> None:
    """The terminal is gone: what is still printed to it goes nowhere (a write to a closed
    terminal fails); output to a file or a pipe is left as it is."""
    import contextlib
    for fd in sorted(_TERMINALS):
        with contextlib.suppress(OSError):
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, fd)
            os.close(null)


def _hung_up(signum, frame):
    """SIGHUP, the terminal window closed: the command stops as for SIGTERM (a game's log
    is saved), printing nothing more to the gone terminal."""
    _quiet_terminal()
    raise _Terminated(signum)


def _lenient_streams() -> list:
    """Read bytes that are not UTF-8 on stdin as escapes (a move typed in another encoding
    is then refused as unreadable, in words) and write characters the terminal's encoding
    lacks as escapes (a file name of such bytes), as Python does in the C locale; under a
    strict locale both ended in a traceback. Returns what to set back when the command
    ends (``main`` is also called in a caller's process; a stream read from cannot be set
    back, so stdin stays lenient once ``play`` has read it)."""
    changed = []
    for stream, errors in ((sys.stdin, "surrogateescape"), (sys.stdout, "backslashreplace")):
        try:
            if getattr(stream, "errors", None) == "strict":
                cast(io.TextIOWrapper, stream).reconfigure(errors=errors)
                changed.append(stream)
        except (AttributeError, ValueError, OSError):
            pass                               # not a text stream that can be changed: left as it is
    return changed


def _strict_again(streams: list) -> None:
    for stream in streams:
        try:
            stream.reconfigure(errors="strict")
        except (AttributeError, ValueError, OSError):
            pass


def _is_number(word: str) -> bool:
    """Whether a move would read ``word`` as a number (:func:`core.errors.whole_number`)."""
    try:
        whole_number(word)
    except ValueError:
        return False
    return True


def _once(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """Make every option of ``parser`` and its commands refuse being given twice (argparse
    keeps the last one silently: '--human 0 --human 1' made seat 0 a bot), however it is
    written: in full, shortened ('--se'), with '=' or as '--no-...'. Options that add up
    ('--variant', '--option': ``append``) may repeat."""
    def once(cls):
        class Once(cls):                     # type: ignore[valid-type, misc]
            def __call__(self, parser, namespace, values, option_string=None):
                first = getattr(self, "_given_as", None)
                if first is not None:
                    raise BluffkitError(f"{option_string} is given twice; give it once" if first == option_string
                                        else f"{self.option_strings[0]} is given twice ({first} and {option_string}); "
                                             "give it once")
                self._given_as = option_string
                super().__call__(parser, namespace, values, option_string)
        return Once

    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in set(action.choices.values()):
                _once(sub)
        elif action.option_strings and not isinstance(action, (argparse._AppendAction, argparse._HelpAction,
                                                                argparse._VersionAction)):
            action.__class__ = once(type(action))
    return parser


def _unquoted_option(argv, rest: list) -> str:
    """The ``--option`` whose value the words left over (``rest``) continue, shown quoted:
    ``--option format=cat in the bag`` typed without quotes reaches the command as four
    words, and argparse named only "in the bag". ``""`` when no ``--option`` value is
    followed by them."""
    import shlex
    words = list(sys.argv[1:] if argv is None else argv)
    for i, word in enumerate(words):
        if word == "--option" and i + 1 < len(words):
            value, after = words[i + 1], i + 2
        elif word.startswith("--option="):
            value, after = word[len("--option="):], i + 1
        else:
            continue
        run = []
        while after < len(words) and not words[after].startswith("-") and words[after] in rest:
            run.append(words[after])
            after += 1
        if run and "=" in value:
            typed = printable(shlex.quote(" ".join([value, *run])))
            return f" (a value with spaces is given in quotes, as one word: --option {typed})"
    return ""


def main(argv=None) -> int:
    import signal
    import threading
    if sys.stdout is None:                     # started with >&-: nothing could be printed, not even --help
        _error("bluffkit: standard output is closed (started with >&-?); give it a file or >/dev/null")
        return 2
    changed = _lenient_streams()
    installed, before, before_hup, hup = False, None, None, None
    try:
        parser = _once(build_parser())
        try:
            args, rest = parser.parse_known_args(argv)
        except BluffkitError as e:             # an option given twice
            _error(f"bluffkit: {printable(str(e))}")
            return 2
        if rest and getattr(args, "func", None) is cmd_scenario and not any(w.startswith("-") for w in rest):
            args.names = [*args.names, *rest]  # 'scenario run --all NAME': argparse reads no name after --all
        elif rest and getattr(args, "func", None) is cmd_replay and not any(w.startswith("-") for w in rest):
            args.log = [*args.log, *rest]      # 'replay LOG --moves LOG2': nor a log after --moves
        elif rest:
            parser.error(f"unrecognized arguments: {' '.join(rest)}" + _unquoted_option(argv, rest))
        hup = getattr(signal, "SIGHUP", None)  # (not on Windows)
        _note_terminals()
        if threading.current_thread() is threading.main_thread():
            before = signal.signal(signal.SIGTERM, _terminated)
            if hup is not None and signal.getsignal(hup) is not signal.SIG_IGN:   # (nohup: left ignored)
                before_hup = signal.signal(hup, _hung_up)
            else:
                hup = None
            installed = True
        return _run(args)
    except _Terminated as e:
        return 128 + e.signum
    finally:
        if installed:
            signal.signal(signal.SIGTERM, signal.SIG_DFL if before is None else before)
            if hup is not None:
                signal.signal(hup, signal.SIG_DFL if before_hup is None else before_hup)
        _strict_again(changed)


def _run(args) -> int:
    try:
        status = args.func(args)
        sys.stdout.flush()                      # a closed pipe shows here, not at exit
        return status
    except BluffkitError as e:
        _error(f"bluffkit: {e}")
        return 2
    except BrokenPipeError as e:
        if _stdout_closed():                    # the reader stopped (| head): stop quietly, as a pipe's writer does
            try:
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            except (OSError, ValueError):       # (an output captured in this process has no descriptor)
                pass
            return 141
        _error(f"bluffkit: {e.strerror or e}")
        return 2
    except OSError as e:
        where = f"{printable(str(e.filename))}: " if e.filename else ""
        _error(f"bluffkit: {where}{e.strerror or e}")
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
