"""A key given twice in one JSON object is refused in a log, a scenario, a Bluffer deck and
a tournament manifest, naming the key and the place. Python's ``json`` kept the last of
the two without a word: a scenario edited by hand with ``"moves"`` twice lost the first.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from paths import REPO

from bluffkit.analysis.tournament_run import TournamentError, read_manifest, run
from bluffkit.core import jsonread, log as gamelog, scenario as sc
from bluffkit.core.errors import LogError
from bluffkit.core.game import make_game
from bluffkit.games.bluffer.deck import DeckError, parse_deck


def twice(line: str, key: str) -> str:
    """``line`` (a JSON object) with ``key``'s pair written a second time, first in the object."""
    obj = json.loads(line)
    pair = json.dumps({key: obj[key]}, separators=(",", ":"))[1:-1]
    return "{" + pair + "," + line.strip()[1:]


def test_loads_refuses_a_key_given_twice_at_any_depth_and_keeps_all_else():
    assert jsonread.loads('{"a": {"b": [1, {"c": 2}]}, "d": null}') == {"a": {"b": [1, {"c": 2}]}, "d": None}
    for text, key in [('{"a": 1, "a": 1}', "a"), ('[{"x": 1}, {"y": 2, "y": 3}]', "y"),
                      ('{"a": {"b": {"c": 1, "c": 2}}}', "c"), ('{"": 1, "": 2}', "")]:
        with pytest.raises(jsonread.DuplicateKey, match=f"the key '{key}' is given twice in one object"):
            jsonread.loads(text)


@pytest.mark.parametrize("line, key", [(0, "seed"), (0, "options"), (2, "action"), (-1, "end")])
def test_a_log_with_a_key_given_twice_is_refused_naming_the_line(tmp_path, line, key):
    lines = (REPO / "tests" / "logs" / "auction-classic.jsonl").read_text(encoding="utf-8").splitlines()
    n = line % len(lines)
    lines[n] = twice(lines[n], key)
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(LogError) as e:
        gamelog.read(path)
    assert f"line {n + 1}: the key '{key}' is given twice in one object" in str(e.value)


def test_a_scenario_with_a_key_given_twice_is_refused(tmp_path):
    text = (REPO / "data" / "scenarios" / "bloff-anne-calls-david.json").read_text(encoding="utf-8")
    path = tmp_path / "twice.json"
    path.write_text(text.replace('"moves":', '"moves": [],\n "moves":', 1), encoding="utf-8")
    with pytest.raises(sc.ScenarioError, match=r"twice.json: the key 'moves' is given twice in one object$"):
        sc.load(path)


def test_a_bluffer_deck_with_a_key_given_twice_is_refused_naming_the_line():
    lines = (REPO / "data" / "decks" / "bluffer-general.jsonl").read_text(encoding="utf-8").splitlines()[:12]
    lines[3] = twice(lines[3], "answer")
    with pytest.raises(DeckError, match=r"line 4.*the key 'answer' is given twice in one object"):
        parse_deck("\n".join(lines) + "\n")


def test_a_manifest_with_a_key_given_twice_is_refused(tmp_path):
    out = tmp_path / "t"
    run(make_game("auction"), ["random"], 6, 1, out, players=3, workers=0, echo=None)
    path: Path = out / "manifest.json"
    path.write_text(twice(path.read_text(encoding="utf-8"), "seed"), encoding="utf-8")
    with pytest.raises(TournamentError, match=r"the key 'seed' is given twice in one object; the manifest is damaged"):
        read_manifest(out)


def test_a_file_saved_with_a_byte_order_mark_is_read(tmp_path):
    """A scenario saved by Windows Notepad (before 2019) starts with a UTF-8 byte-order
    mark: it was refused in Python's words ("Unexpected UTF-8 BOM (decode using
    utf-8-sig)"). The mark changes nothing that is read."""
    assert jsonread.loads('\ufeff{"a": 1}') == {"a": 1}
    text = (REPO / "data" / "scenarios" / "bloff-anne-calls-david.json").read_text(encoding="utf-8")
    path = tmp_path / "bom.json"
    path.write_text("\ufeff" + text, encoding="utf-8")
    plain = tmp_path / "plain.json"
    plain.write_text(text, encoding="utf-8")
    read, expected = sc.load(path), sc.load(plain)
    assert (read.name, read.seats, read.start, read.moves, read.expect) == \
        (expected.name, expected.seats, expected.start, expected.moves, expected.expect)


def test_a_byte_order_mark_is_read_once_at_the_start_only():
    """Past the start it is no mark but a character JSON does not allow, as before."""
    with pytest.raises(json.JSONDecodeError):
        jsonread.loads('\ufeff\ufeff{"a": 1}')
    with pytest.raises(json.JSONDecodeError):
        jsonread.loads('{"a": \ufeff1}')


def test_a_value_is_shown_whole_up_to_its_limit_then_cut_with_its_length():
    assert jsonread.shown("x" * 38) == '"' + "x" * 38 + '"'
    assert jsonread.shown("x" * 39) == '"' + "x" * 39 + "\u2026 (41 characters)"
    assert [jsonread.is_version(v, 1) for v in (1, True, 1.0, "1")] == [True, False, False, False]
