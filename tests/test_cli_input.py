"""Bad input on the command line: one line, exit 2, nothing changed; names printed
safely; a shared screen that hides each hand; logs that hold no path.

- ``--option name=value``: a malformed pair, a JSON object, a number too long to read,
  a name given twice or that is not an option.
- ``scenario run``: exit 0 when every expectation holds, 1 when one fails, 2 for a bad
  file (one line on stderr; the other scenarios still run).
- ``play`` with two human seats: seat 1's hand never appears before the prompt that
  passes the screen to seat 1 has been answered.
- No log written by any game (library, ``play --save``, ``simulate --logs``) holds an
  absolute path.
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bluffkit import cli
from bluffkit.core.game import game_names, make_game
from bluffkit.session import Session

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "data" / "scenarios"


def run(argv, capsys):
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def one_line(code, out, err, *words):
    assert code == 2, f"exit status {code}, stderr {err!r}"
    assert "Traceback" not in err + out
    assert err.startswith("bluffkit: ") and err.count("\n") == 1, f"not one line: {err!r}"
    assert "\x1b" not in err and "\x9b" not in err, f"an escape code reached the terminal: {err!r}"
    for w in words:
        assert w in err, f"{w!r} not in {err!r}"


# -- --option name=value -------------------------------------------------------------------------

BAD_OPTIONS = [
    ("tie_break", ["name=value"]),
    ("=shared", ["name=value"]),
    ("tie break=shared", ["an option name is a word"]),
    ("tie\x1b[2J=shared", ["an option name is a word", "\\x1b"]),
    ('tie_break={"a": 1}', ["tie_break", "not an object"]),
    ("tie_break={}", ["tie_break", "not an object"]),
    ("min_bid=" + "9" * 5000, ["min_bid", "too many digits"]),
    ("families=" + "[" * 100_000, ["families", "nested too deeply"]),
    ("name=x", ["name", "not a rule option"]),
    ("variants=[\"short\"]", ["variants", "--variant"]),
    ("min_bid=NaN", ["min_bid", "finite"]),
    ("min_bid=Infinity", ["min_bid", "finite"]),
    ("tie_break=\x1b[31mshared", ["tie_break", "control character"]),
    ("labels=[\"a\\u001b[2J\"]", ["labels", "control character"]),
    ("min_bid=-10", ["min_bid"]),
    ("families=[[[[1]]]]", ["families", "nested too deeply"]),
]


@pytest.mark.parametrize("command", ["rules", "play"])
@pytest.mark.parametrize("pair, words", BAD_OPTIONS, ids=[repr(p[0])[:40] for p in BAD_OPTIONS])
def test_a_bad_option_is_refused_in_one_line(capsys, monkeypatch, tmp_path, command, pair, words):
    import io
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    save = ["--save", tmp_path / "game.jsonl"] if command == "play" else []
    code, out, err = run([command, "horse-trading", "--option", pair, *save], capsys)
    one_line(code, out, err, *words)
    assert out == "", "the game started"
    assert list(tmp_path.iterdir()) == [], "a file was written"


def test_an_option_given_twice_is_refused(capsys):
    code, out, err = run(["rules", "horse-trading", "--option", "tie_break=shared", "--option", "tie_break=none"],
                         capsys)
    one_line(code, out, err, "tie_break is given twice")


def test_good_options_still_read_as_json_or_text(capsys):
    code, out, _ = run(["rules", "bluffer", "--option", "duel_false_answers=[1,2]", "--option", "team_split=halves",
                        "--option", "rounds=2"], capsys)
    assert code == 0
    assert '"halves"' in out and "[1, 2]" in out


# -- scenario run: exit 0, 1 or 2 -----------------------------------------------------------------

def _scenario(tmp_path, name="ht-auction-ben-pays-100", change=None, file="x.json"):
    data = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))
    if change:
        change(data)
    path = tmp_path / file
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_scenario_exit_0_when_every_expectation_holds(capsys, tmp_path):
    code, out, err = run(["scenario", "run", _scenario(tmp_path)], capsys)
    assert code == 0 and err == "" and "7/7 expectations hold" in out


def test_scenario_exit_1_when_an_expectation_fails(capsys, tmp_path):
    def wrong(d):
        d["expect"][-1]["money"]["Carla"] = 200        # the rulebook says 190
    code, out, err = run(["scenario", "run", _scenario(tmp_path, change=wrong)], capsys)
    assert code == 1 and err == "" and "1 FAILED" in out


BAD_SCENARIOS = [
    (lambda d: d["moves"].__setitem__(3, {"by": "Zed", "do": "bid 50"}), ["move 4 'by'", "Zed", "not one of the seats"]),
    (lambda d: d["moves"][2].__setitem__("do", "dance"), ["move 3", "dance"]),
    (lambda d: d["moves"][3].__setitem__("do", "bid 15"), ["move 4", "not allowed"]),
    (lambda d: d.pop("seats"), ["missing key 'seats'"]),
    (lambda d: d.__setitem__("seats", "Anna,Ben"), ["seats", "list of names"]),
    (lambda d: d.__setitem__("moves", {"by": "Anna"}), ["moves", "must be a list"]),
    (lambda d: d["expect"][0].__setitem__("after", 10**30), ["expectation 1 'after'", "move number"]),
    (lambda d: d["expect"][0].__setitem__("after", True), ["expectation 1 'after'"]),
    (lambda d: d["start"].__setitem__("money", {"Ben": 10**40}), ["start"]),
    (lambda d: d["start"].__setitem__("money", {"Ben": [1, 2]}), ["start"]),
    (lambda d: d["start"].__setitem__("leader", ["Carla"]), ["start.leader"]),
    (lambda d: d.__setitem__("start", [d["start"]]), ["start", "must be an object"]),
    (lambda d: d.__setitem__("options", {"tie_break": {"a": 1}}), ["options", "tie_break"]),
    (lambda d: d.__setitem__("options", {"name": 3}), ["options"]),
    (lambda d: d.__setitem__("variants", "short"), ["variants", "list"]),
    (lambda d: d.__setitem__("game", ["horse-trading"]), ["game", "text"]),
    (lambda d: d.__setitem__("seats", ["Anna", "Ben", "Anna"]), ["seats[2]", "named twice"]),
    (lambda d: d["expect"][0].__setitem__("wealth", 3), ["unknown fact", "wealth"]),
    (lambda d: d.__setitem__("title", "\x1b[2Jgone"), None),       # a title with escape codes runs, printed safely
]


@pytest.mark.parametrize("change, words", BAD_SCENARIOS, ids=[str(i) for i in range(len(BAD_SCENARIOS))])
def test_scenario_exit_2_for_a_bad_file_in_one_line(capsys, tmp_path, change, words):
    path = _scenario(tmp_path, change=change)
    before = path.read_bytes()
    code, out, err = run(["scenario", "run", path], capsys)
    assert path.read_bytes() == before and [p.name for p in tmp_path.iterdir()] == ["x.json"]
    assert "\x1b" not in out + err
    if words is None:
        assert code == 0 and "\\x1b[2Jgone" in out
        return
    one_line(code, out, err, str(path), *words)


@pytest.mark.parametrize("data", [b"", b"{", b"\xff\xfe", b"[1, 2]", b"9" * 5000, b"[" * 100_000, b'{"name": NaN}'])
def test_scenario_exit_2_for_a_file_that_is_not_a_scenario(capsys, tmp_path, data):
    path = tmp_path / "x.json"
    path.write_bytes(data)
    code, out, err = run(["scenario", "run", path], capsys)
    one_line(code, out, err, str(path))


def test_a_bad_file_among_good_ones_exits_2_and_the_others_still_run(capsys, tmp_path):
    bad = _scenario(tmp_path, change=lambda d: d["moves"][2].__setitem__("do", "dance"), file="bad.json")
    wrong = _scenario(tmp_path, change=lambda d: d["expect"][-1]["money"].__setitem__("Carla", 200),
                      file="wrong.json")
    code, out, err = run(["scenario", "run", "ht-trade-tie", bad, wrong], capsys)
    assert code == 2
    assert err.count("\n") == 1 and "bad.json" in err and "dance" in err
    assert out.count("==> ") == 2 and "1 FAILED" in out


# -- play: names printed safely, a shared screen ---------------------------------------------------

def _play(argv, stdin: str) -> subprocess.CompletedProcess:
    """``bluffkit play ARGV`` with ``stdin`` typed as through a pipe (not a terminal), run in this
    process from the repository's folder: its exit status and what it wrote to stdout and stderr.
    (The terminal itself is played by the pseudo-terminal tests of test_cli.py.)"""
    import contextlib
    import io
    out, err, typed = io.StringIO(), io.StringIO(), io.StringIO(stdin)
    with contextlib.chdir(ROOT), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        before, sys.stdin = sys.stdin, typed
        try:
            code = cli.main(["play", *argv])
        except SystemExit as e:             # argparse's refusals
            code = e.code if isinstance(e.code, int) else 0 if e.code is None else 1
        finally:
            sys.stdin = before
    return subprocess.CompletedProcess(argv, code, out.getvalue(), err.getvalue())


def _bloff_hands(names, seed):
    """The hands dealt in ``bluffkit play bloff`` with these names and seed (two humans, one bot)."""
    game = make_game("bloff")
    s = Session(game, ["human", "human", "caller"], names=names, seed=seed)
    s.advance()
    return game.facts(s.state, names)["hands"]


def test_two_humans_each_hand_is_shown_only_after_the_handover_prompt():
    names = ["Anna", "Bo", "Cy"]
    hands = _bloff_hands(names, 1)
    res = _play(["bloff", "--players", "3", "--human", "0,1", "--seed", "1", "--names", ",".join(names)],
                "\nplay AS\n\nquit\n")                 # Enter, Anna's move, Enter (Bo's turn), quit
    out = res.stdout
    assert res.returncode == 0, res.stderr
    to_anna = out.index("pass the screen to Anna")
    to_bo = out.index("pass the screen to Bo")
    assert hands["Anna"] not in out[:to_anna], "Anna's hand was shown before the screen was passed to her"
    assert hands["Anna"] in out[to_anna:to_bo]
    assert hands["Bo"] not in out[:to_bo], "Bo's hand was shown before the screen was passed to him"
    assert hands["Bo"] in out[to_bo:], "Bo never saw his hand (has the view changed?)"
    # Anna's hand as it is when Bo has the screen: she laid the ace of spades
    left = hands["Anna"].replace("AS,", "", 1)
    assert left != hands["Anna"] and left in out[to_anna:to_bo], "Anna's hand after her move, as her view says it"
    assert left not in out[to_bo:], "Anna's hand is shown to Bo"


def test_no_hand_is_shown_when_the_handover_prompt_is_not_answered():
    names = ["Anna", "Bo", "Cy"]
    hands = _bloff_hands(names, 2)
    res = _play(["bloff", "--players", "3", "--human", "0,1", "--seed", "2", "--names", ",".join(names)], "")
    assert res.returncode == 0, res.stderr
    assert "pass the screen to Anna" in res.stdout
    assert not any(h in res.stdout for h in hands.values()), "a hand was shown to nobody in particular"


@pytest.mark.slow      # (a process of its own, a terminal or a signal: with the slow tests)
def test_a_hot_seat_whose_output_is_no_terminal_is_warned_that_hands_stay_on_screen():
    res = _play(["bloff", "--players", "3", "--human", "0,1", "--seed", "2"], "")
    assert res.returncode == 0 and "the output is not a terminal, so the screen is not cleared" in res.stderr
    one = _play(["bloff", "--players", "3", "--human", "0", "--seed", "2"], "")
    assert "not a terminal" not in one.stderr, "one player alone has nobody to hide from"


@pytest.mark.parametrize("typed", ["quit\n", "play AS\nundo\nquit\n"])
def test_the_handover_prompt_shows_the_hand_on_enter_alone(typed):
    """What is typed at the hand-over (a move, 'undo', 'quit') is not taken as Enter: the next
    player's hand stays hidden, quit leaves the game, anything else asks again."""
    names = ["Anna", "Bo", "Cy"]
    hands = _bloff_hands(names, 1)
    res = _play(["bloff", "--players", "3", "--human", "0,1", "--seed", "1", "--names", ",".join(names)],
                "\nplay AS\n" + typed)                  # Enter, Anna's move, then at Bo's hand-over
    out = res.stdout
    assert res.returncode == 0, res.stderr
    after = out[out.index("pass the screen to Bo"):]
    assert hands["Bo"] not in out, "Bo's hand was shown though nobody pressed Enter alone"
    assert "left unfinished" in after
    assert after.count("press Enter alone to show Bo's screen") == typed.count("\n") - 1


def test_one_human_has_no_handover_prompt():
    res = _play(["bloff", "--players", "3", "--seed", "1"], "quit\n")
    assert res.returncode == 0 and "pass the screen" not in res.stdout and "your hand" in res.stdout


@pytest.mark.slow      # (a process of its own, a terminal or a signal: with the slow tests)
@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_in_a_terminal_the_screen_is_cleared_before_the_next_humans_prompt():
    """On a terminal the previous hand is cleared (screen and scrollback) before the handover prompt."""
    import pty  # noqa: F401  (POSIX only)
    names = ["Anna", "Bo", "Cy"]
    hands = _bloff_hands(names, 1)
    master, slave = os.openpty()
    # a wide terminal: a hand broken over two lines would read as not shown
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8", TERM="xterm", COLUMNS="1000")
    proc = subprocess.Popen([sys.executable, "-m", "bluffkit.cli", "play", "bloff", "--players", "3", "--human",
                             "0,1", "--seed", "1", "--names", ",".join(names)],
                            stdin=slave, stdout=slave, stderr=slave, env=env, cwd=ROOT, close_fds=True)
    os.close(slave)
    out = b""

    def read_until(marker: bytes, limit: float = 60) -> None:
        nonlocal out
        end = time.monotonic() + limit
        while marker not in out and time.monotonic() < end:
            ready, _, _ = select.select([master], [], [], 0.5)
            if ready:
                try:
                    out += os.read(master, 65536)
                except OSError:
                    break
        assert marker in out, f"{marker!r} never came; got {out[-400:]!r}"

    try:
        read_until(b"pass the screen to Anna")
        os.write(master, b"\n")
        read_until(b"Anna> ")
        os.write(master, b"play AS\n")
        read_until(b"pass the screen to Bo")
        text = out.decode("utf-8", "replace")
        to_bo = text.index("pass the screen to Bo")
        assert "\x1b[2J" in text[text.index("Anna says"):to_bo], "the screen was not cleared before Bo's turn"
        assert hands["Bo"] not in text
        os.write(master, b"\n")
        read_until(b"Bo> ")
        assert hands["Bo"] in out.decode("utf-8", "replace")[to_bo:]
        os.write(master, b"quit\n")
        assert proc.wait(timeout=60) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)


@pytest.mark.slow
@pytest.mark.parametrize("names", ["A\x1b[2Jnna,Bo,Cy", "Anna,B\x9b31mo,Cy", "Anna,Bo,C\u202ey"])
def test_names_with_escape_codes_are_refused_and_shown_safely(names):
    """A name a log cannot hold is refused (a saved game would not load again), and the
    refusal shows its escape codes as text, not to the terminal."""
    res = _play(["bloff", "--players", "3", "--seed", "1", "--names", names], "help\nquit\n")
    assert res.returncode == 2 and "printable characters" in res.stderr, res.stderr
    out = res.stdout + res.stderr
    assert "\x1b" not in out and "\x9b" not in out and "\u202e" not in out
    assert "\\x1b[2Jnna" in res.stderr or "\\x9b31mo" in res.stderr or "\\u202ey" in res.stderr


# -- no log holds an absolute path -------------------------------------------------------------------

def _strings(obj):
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield k
            yield from _strings(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _strings(v)


def assert_no_path(log: Path, *dirs: Path) -> None:
    text = log.read_text(encoding="utf-8")
    for d in dirs:
        assert str(d) not in text, f"{log.name} names {d}"
    for line in text.splitlines():
        for s in _strings(json.loads(line)):
            assert not os.path.isabs(s) and not s.startswith("~"), f"{log.name} holds the path {s!r}"


def _own_deck(tmp_path) -> Path:
    lines = (ROOT / "data" / "decks" / "bluffer-general.jsonl").read_text(encoding="utf-8").splitlines()[:12]
    path = tmp_path / "decks" / "mine.jsonl"
    path.parent.mkdir()
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("name", game_names())
def test_no_log_written_by_any_game_holds_an_absolute_path(tmp_path, name):
    options = {"deck": str(_own_deck(tmp_path)), "rounds": 1} if name == "bluffer" else {}
    game = make_game(name, **options)
    players = next(n for n in range(2, 11) if _seats(game, n))
    s = Session(game, ["random"] * players, seed=3).run()
    log = s.save(tmp_path / "game.jsonl")
    assert_no_path(log, ROOT, tmp_path, Path.home())
    Session.load(log)                                   # and it reads back


def _seats(game, n) -> bool:
    try:
        game.check_players(n)
        return True
    except Exception:
        return False


def test_logs_of_the_command_line_hold_no_path(tmp_path, capsys, monkeypatch):
    import io
    deck = _own_deck(tmp_path)
    assert cli.main(["simulate", "bluffer", "--option", f"deck={deck}", "--option", "rounds=1", "--players", "3",
                     "--games", "2", "--seed", "1", "--out", str(tmp_path / "g.csv"),
                     "--logs", str(tmp_path / "logs")]) == 0
    monkeypatch.setattr("sys.stdin", io.StringIO("write an aglet\nquit\n"))
    assert cli.main(["play", "bluffer", "--option", f"deck={deck}", "--players", "3", "--seed", "1",
                     "--save", str(tmp_path / "mine.jsonl")]) == 0
    logs = sorted((tmp_path / "logs").glob("*.jsonl")) + [tmp_path / "mine.jsonl"]
    assert len(logs) == 3
    for log in logs:
        assert_no_path(log, ROOT, tmp_path, Path.home())
    deck.unlink()                                       # the logs replay without the deck file
    for log in logs:
        assert cli.main(["replay", str(log)]) == 0


def test_play_names_seats_by_the_numbers_its_moves_take():
    """The seats were named Player 1..N while moves and messages number them from 0: 'choose 3'
    picked Player 4."""
    res = _play(["auction", "--option", "format=secret-value", "--players", "4", "--seed", "3"], "choose 3\nquit\n")
    assert res.returncode == 0, res.stderr
    assert "Tied: seat 0 chooses among seat 1, seat 2 and seat 3." in res.stdout
    assert "Seat 0 chooses seat 3. " in res.stdout and "Seat 3 wins the rooster" in res.stdout


@pytest.mark.parametrize("extra, says", [
    (["--agents", "random,random,random"], "--agents names 3 bots for 2 bot seats"),
    (["--agents", "random,,heuristic"], "--agents: an empty name between commas"),
    (["--save", ""], "--save names no file"),
])
def test_play_refuses_bots_that_do_not_fit_the_seats_and_an_empty_save(extra, says):
    res = _play(["bloff", "--players", "3", "--seed", "1"] + extra, "quit\n")
    assert res.returncode == 2 and says in res.stderr, res.stderr


def test_play_saves_only_to_a_jsonl_name():
    """'save 100' or 'save 2 horse 50' (a move typed after save) made files of those names."""
    res = _play(["bloff", "--players", "3", "--seed", "1"], "save 100\nsave 2 horse 50\nquit\n")
    assert res.returncode == 0, res.stderr
    assert res.stdout.count("save takes a file name ending in .jsonl (a game log)") == 2
    res = _play(["bloff", "--players", "3", "--seed", "1", "--save", "mine.txt"], "quit\n")
    assert res.returncode == 2 and "--save takes a file name ending in .jsonl" in res.stderr


# -- what a hostile command line met ------------------------------------------------------------

@pytest.mark.parametrize("argv, words", [
    (["play", "bloff", "--human", "0", "--human", "1"], ["--human is given twice"]),
    (["simulate", "bloff", "--players", "3", "--games", "2", "--seed", "1", "--seed", "2", "--out", "x.csv"],
     ["--seed is given twice"]),
    (["replay", "a.jsonl", "--progress", "--no-progress"], ["--progress is given twice (--progress and --no-progress)"]),
    (["replay", "a.jsonl", "--no-prog", "--no-progress"], ["--no-progress is given twice"]),
    (["play", "bloff", "--seed", "1", "--se", "2"], ["--seed is given twice"]),
    (["play", "bloff", "--seed=1", "--seed", "2"], ["--seed is given twice"]),
    (["play", "bloff", "--human", "0", "--hum", "1"], ["--human is given twice"]),
    (["play", "bloff", "--names", ""], ["--names names no one"]),
    (["play", "bloff", "--names", ",,"], ["--names names no one"]),
    (["play", "bloff", "--names", "Chance,B,C"], ["'chance' names chance's moves"]),
    (["play", "auction", "--names", "1,0,2"], ["'1' starts with a number"]),
    (["play", "youre-bluffing", "--names", "Ana,7 Up,Cy"], ["'7 Up' starts with a number"]),
    (["play", "bloff", "--human", "\u0967"], ["--human takes seat numbers"]),
    (["simulate", "bloff", "--players", "3", "--games", "\u0661\u0662", "--seed", "1", "--out", "x.csv"],
     ["--games takes a whole number"]),
    (["scenario", "run", "yb-trade-tie", "--all"], ["scenario names or --all, not both"]),
    (["scenario", "run", "--all", "yb-trade-tie"], ["scenario names or --all, not both"]),
])
def test_an_option_given_twice_or_empty_is_refused_before_anything(capsys, monkeypatch, tmp_path, argv, words):
    """argparse kept the last of two: '--human 0 --human 1' made seat 0 a bot, '--seed 1 --seed
    2' played seed 2; '--names ""' quietly gave the default names; 'chance' named a seat."""
    import io
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    one_line(*run(argv, capsys), *words)
    assert list(tmp_path.iterdir()) == []


def test_variants_and_options_may_still_be_given_more_than_once(capsys):
    code, out, _ = run(["rules", "horse-trading", "--variant", "short", "--variant", "trade-and-auction",
                        "--option", "tie_break=shared", "--option", "min_bid=10"], capsys)
    assert code == 0


@pytest.mark.parametrize("what, says", [("folder", "is a folder, not a scenario"),
                                        ("csv", "is a file, not a scenario")])
def test_scenario_run_on_a_path_that_is_no_scenario_says_what_it_is(capsys, tmp_path, what, says):
    path = tmp_path if what == "folder" else tmp_path / "x.csv"
    if what == "csv":
        path.write_text("a,b\n", encoding="utf-8")
    code, out, err = run(["scenario", "run", path], capsys)
    assert code == 2 and says in err and "there are:" not in err


def test_a_tournament_that_fails_before_its_first_part_leaves_no_folder(capsys, tmp_path):
    """It left tt1/manifest.json, and the next run there with other bots was refused as a
    tournament 'with other parameters'."""
    out = tmp_path / "a" / "b" / "tt1"
    code, _, err = run(["tournament", "bloff", "--players", "3", "--agents", "script:play AS", "--games", "2",
                        "--seed", "1", "--out", out, "--workers", "0"], capsys)
    assert code == 2 and "script for seat" in err and list(tmp_path.iterdir()) == []
    code, _, _ = run(["tournament", "bloff", "--players", "3", "--agents", "random", "--games", "2",
                      "--seed", "1", "--out", out, "--workers", "0"], capsys)
    assert code == 0 and (out / "manifest.json").exists()


def test_help_shows_the_view_with_the_moves_once_then_the_prompt():
    """The view was drawn again after 'help', pushing its list of moves up the screen."""
    res = _play(["bloff", "--players", "3", "--human", "0", "--seed", "2"], "help\n")
    views = res.stdout.count("-- seat 0's view")
    assert views == 2, res.stdout                    # the turn's view, then help's with the moves
    assert res.stdout.rstrip().endswith("(left unfinished)")
    assert res.stdout.rindex("you may:") > res.stdout.rindex("-- seat 0's view")


def test_every_view_says_what_the_player_may_do_without_help():
    """After winning a bid the view looked as before and the prompt was bare: the player
    had to guess 'pay 10+10' (or type help). The view now ends with the moves open, a long
    list cut with a pointer to help."""
    res = _play(["youre-bluffing", "--seed", "1"], "auction\nbid 20\n")
    last = res.stdout.rsplit("-- seat 0's view", 1)[1]
    assert "Seat 1 sells to seat 0 for 20" in res.stdout and "   you may: pay 10+10\nseat 0> " in last, last
    res = _play(["bidder-up", "--seed", "1"], "")
    may = [line for line in res.stdout.splitlines() if line.lower().startswith("you may:")]
    assert may and all(len(line) <= 110 for line in may) and may[0].endswith("... (help lists them all)"), may


def test_save_says_when_it_will_make_a_folder(tmp_path):
    """'save /nonexistent/x.jsonl' was taken without a word, and at the end the folders
    were made: a mistyped path made folders. The answer now says that it will."""
    res = _play(["bloff", "--seed", "1"], f"save {tmp_path}/typo/x.jsonl\nsave {tmp_path}/y.jsonl\n")
    assert f"the folder {tmp_path}/typo is not there yet and will be made" in res.stdout, res.stdout[-800:]
    assert res.stdout.count("will be made") == 1, "a folder that is there is not mentioned"
    res = _play(["bloff", "--seed", "1", "--save", f"{tmp_path}/new/z.jsonl"], "quit\n")
    assert f"The folder {tmp_path}/new of --save is not there yet" in res.stdout and (tmp_path / "new/z.jsonl").exists()


def test_the_end_of_input_leaves_the_prompt_on_a_line_of_its_own():
    """Ctrl-D at the prompt printed "Seat 0> (left unfinished)" on one line."""
    res = _play(["bloff", "--seed", "1"], "")
    assert res.stdout.rstrip().endswith("seat 0> \n(left unfinished)"), res.stdout[-200:]


def test_names_lose_the_spaces_around_them():
    """`--names 'Ana, Bo'` kept " Bo", which the table then printed misaligned and a move
    naming Bo could not find."""
    res = _play(["bloff", "--seed", "1", "--names", "Ana, Bo , Cy"], "quit\n")
    assert "The cards are dealt: Ana 18, Bo 17, Cy 17." in res.stdout, res.stdout[:400]



@pytest.mark.parametrize("argv, words", [
    (["play", "bloff", "--players", "4", "--human", "4"], ["--human: 4 is not a seat of a 4-player game (0..3)"]),
    (["play", "bloff", "--players", "4", "--agents", "random,random"],
     ["--agents names 2 bots for 3 bot seats", "one name fills every bot seat"]),
    (["play", "bloff", "--agents", ""], ["--agents names no bot"]),
    (["play", "bloff", "--agents", " , "], ["--agents names no bot"]),
])
def test_play_refuses_seats_and_bots_that_do_not_fit_the_table_in_one_line(capsys, monkeypatch, tmp_path, argv, words):
    """The seats of a 4-player game are 0 to 3: seat 4 is none of them. Bots are one name
    for every bot seat or one per bot seat, not fewer (the last would fill the rest). An
    --agents that names nobody says so, not that a name between commas is empty."""
    import io
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    one_line(*run(argv, capsys), *words)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("word", ["quit", "exit"])
def test_exit_leaves_the_game_as_quit_does(word, tmp_path, capsys, monkeypatch):
    """'exit' is the other word for 'quit' (the game's first line names both): the game is
    left, its log written to the --save file, and nothing else is asked."""
    import io
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{word}\nplay AS\n"))
    assert cli.main(["play", "bloff", "--players", "3", "--seed", "1", "--save", str(tmp_path / "g.jsonl")]) == 0
    out = capsys.readouterr().out
    assert "'quit' (or 'exit')" in out and "left unfinished" in out
    assert "is not a move" not in out and "says “one ace”" not in out, "the word was taken as a move"
    assert (tmp_path / "g.jsonl").is_file()
