"""Board files: a bad one is refused with its line and reason, and nothing is changed.

Each case edits one line of a shipped board file (or adds or removes lines), writes the
result to a temporary folder, and expects a :class:`BoardError` that blames the line of the
edited entry, found in the original text by what it says, never by number (every edit keeps
the lines in place, or removes a line after the one to blame).
"""

from __future__ import annotations

import hashlib
import json
import re

import pytest

from bluffkit.games.bidder_up.board import BOARDS_DIR, BoardError, load_board, parse_board, shipped_board

AM_PATH = BOARDS_DIR / "animal-market.json"
FG_PATH = BOARDS_DIR / "fairground.json"


def _line_of(text: str, marker: str) -> int:
    """1-based line of the only line that contains ``marker``."""
    hits = [i for i, line in enumerate(text.splitlines(), 1) if marker in line]
    assert len(hits) == 1, f"{marker!r} is on lines {hits}"
    return hits[0]


def _digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _edit_line(text: str, marker: str, old: str, new: str) -> str:
    lines = text.splitlines(keepends=True)
    n = _line_of(text, marker) - 1
    assert old in lines[n], (old, lines[n])
    lines[n] = lines[n].replace(old, new, 1)
    return "".join(lines)


def _drop_line(text: str, marker: str) -> str:
    lines = text.splitlines(keepends=True)
    del lines[_line_of(text, marker) - 1]
    return "".join(lines)


PEN5 = '"id": "pen-5"'
PEN7 = '"id": "pen-7"'
TRADE4 = '"id": "trade-4"'

# (case, how to edit the Animal Market text, marker of the line to blame (None: line 1), words of the reason)
CASES = [
    ("dropped label", lambda t: _edit_line(t, PEN5, ', "label": "Pen 5 (double)"', ""), PEN5, "lacks the key 'label'"),
    ("dropped start", lambda t: _drop_line(t, '  "start": "start",'), None, "lacks the key 'start'"),
    ("duplicate id", lambda t: _edit_line(t, TRADE4, '"trade-4"', '"trade-3"'), TRADE4, "'trade-3' is used twice"),
    ("bad kind", lambda t: _edit_line(t, TRADE4, '"horse-trade"', '"casino"'), TRADE4, "unknown kind 'casino'"),
    ("broken JSON", lambda t: _edit_line(t, PEN7, '"x": 367.5', '"x": 367.5.5'), PEN7, "not valid JSON"),
    ("missing comma", lambda t: _edit_line(t, '"title": "Animal Market"', ",\n", "\n"), '"description"',
     "not valid JSON"),
    ("loop gap", lambda t: _edit_line(t, '"trade-3", "pen-5"', '"pen-5", ', ""), PEN5,
     "'pen-5' is on neither the loop nor the hill"),
    ("loop names nothing", lambda t: _edit_line(t, '"trade-3", "pen-5"', '"pen-5"', '"pen-9"'),
     '"trade-3", "pen-5"', "the loop names 'pen-9', which is not a space"),
    ("loop passes twice", lambda t: _edit_line(t, '"trade-3", "pen-5"', '"pen-6"', '"pen-5"'),
     '"trade-3", "pen-5"', "passes 'pen-5' twice"),
    ("pen without tile position", lambda t: _edit_line(t, PEN5, '"tile_position": 2, ', ""), PEN5,
     "lacks the key 'tile_position'"),
    ("position governing 3 pens", lambda t: _edit_line(t, PEN7, '"tile_position": 3', '"tile_position": 2'), PEN7,
     "would govern 3 pens (pen-5, pen-6, pen-7)"),
    ("tile position out of range", lambda t: _edit_line(t, PEN7, '"tile_position": 3', '"tile_position": 4'), PEN7,
     "tile_position is 0..3"),
    ("pen size 3", lambda t: _edit_line(t, PEN7, '"pen_size": 1', '"pen_size": 3'), PEN7, "1 (small) or 2 (double)"),
    ("non-pen with a tile position", lambda t: _edit_line(t, TRADE4, '"kind": "horse-trade", ',
                                                          '"kind": "horse-trade", "tile_position": 1, '),
     TRADE4, "not a pen, but has 'tile_position'"),
    ("hill edge to nowhere", lambda t: _edit_line(t, '["trade-3", "hill-east"]', '"hill-east"', '"hill-far"'),
     '["trade-3", "hill-east"]', "names 'hill-far', which is not a space"),
    ("hill edge along the loop", lambda t: _edit_line(t, '["trade-3", "hill-east"]', '"hill-east"', '"pen-5"'),
     '["trade-3", "hill-east"]', "joins two loop spaces"),
    ("start unknown", lambda t: _edit_line(t, '  "start": "start",', '"start": "start"', '"start": "gate"'),
     '  "start": "start",', "the start 'gate' is not a space"),
    ("start off the loop", lambda t: _edit_line(t, '  "start": "start",', '"start": "start"', '"start": "hilltop"'),
     '  "start": "start",', "the start 'hilltop' is not on the loop"),
    ("unknown top key", lambda t: _edit_line(t, '"title": "Animal Market"', '"title"', '"colour": "green", "title"'),
     '"title": "Animal Market"', "unknown key 'colour'"),
    ("key given twice", lambda t: _edit_line(t, TRADE4, '"label": "Horse-Trading"',
                                             '"label": "Horse-Trading", "label": "Trade"'), TRADE4, "given twice"),
    ("x off the board", lambda t: _edit_line(t, TRADE4, '"x": 632.5', '"x": 1632.5'), TRADE4, "x is a number in"),
    ("example names a trade space as the cow", lambda t: _edit_line(t, '"example_annette"', '"cow_pen": "pen-2"',
                                                                    '"cow_pen": "trade-1"'),
     '"example_annette"', "cow_pen 'trade-1' is a horse-trade space, not a pen"),
    ("a first game without a Count auction", lambda t: _edit_line(t, '"first_game_tiles"', '"dutch"',
                                                                  '"secret-value"'),
     '"first_game_tiles"', "0 Count auctions"),
    ("a two-player tile for four", lambda t: _edit_line(t, '"first_game_tiles"', '"dutch"', '"the-call"'),
     '"first_game_tiles"', "The Call is for 2 players, not 3 and 4"),    # (not "2-2")
    ("a four-player tile for two", lambda t: _edit_line(t, '"two_player_tiles"', '"the-call"', '"second-hand"'),
     '"two_player_tiles"', "Second Hand is for 4 players, not 2"),
    ("a three-or-four tile for two", lambda t: _edit_line(t, '"two_player_tiles"', '"number-call"', '"dutch"'),
     '"two_player_tiles"', "Dutch Auction is for 3-4 players, not 2"),
    ("version 2", lambda t: _edit_line(t, '"version": 1', "1", "2"), '"version": 1', "version 2 is not supported"),
    ("version 1.0", lambda t: _edit_line(t, '"version": 1', "1", "1.0"), '"version": 1',
     "version 1.0 is not supported"),
    ("version true", lambda t: _edit_line(t, '"version": 1', "1", "true"), '"version": 1',
     "version true is not supported"),
    # a key given twice in an object over many lines: the second key's line, not the object's
    ("top key given twice", lambda t: _edit_line(t, '"title": "Animal Market"', '"title": "Animal Market",',
                                                 '"title": "Animal Market", "title": "Market",'),
     '"title": "Animal Market"', "key 'title' is given twice"),
    ("pen size true", lambda t: _edit_line(t, PEN7, '"pen_size": 1', '"pen_size": true'), PEN7,
     "pen_size is 1 (small) or 2 (double), got True"),
    ("blank label", lambda t: _edit_line(t, TRADE4, '"label": "Horse-Trading"', '"label": "  "'), TRADE4,
     "label is a non-empty string"),
    ("loop lists a list", lambda t: _edit_line(t, '"trade-3", "pen-5"', '"pen-5"', '["pen-5"]'),
     '"trade-3", "pen-5"', "the loop lists space ids, got a list"),
    ("hill edge of three", lambda t: _edit_line(t, '["trade-3", "hill-east"]', '"hill-east"]', '"hill-east", "pen-5"]'),
     '["trade-3", "hill-east"]', "a hill edge is a pair of space ids"),
    ("tile position not a number", lambda t: _edit_line(t, '"first_game_tiles"', '"1": "dutch"', '"one": "dutch"'),
     '"first_game_tiles"', "'one' is not a tile position"),
    ("example names no space", lambda t: _edit_line(t, '"example_annette"', '"cow_pen": "pen-2"', '"cow_pen": "pen-9"'),
     '"example_annette"', "cow_pen names 'pen-9', which is not a space"),
    ("tile laid twice", lambda t: _edit_line(t, '"first_game_tiles"', '"3": "cat-in-the-bag"',
                                             '"3": "cat-in-the-bag", "2": "dutch"'),
     '"first_game_tiles"', "the Dutch Auction tile is laid twice"),
]


@pytest.mark.parametrize("case, edit, marker, words", CASES, ids=[c[0] for c in CASES])
def test_a_bad_board_file_is_refused_with_its_line(tmp_path, case, edit, marker, words):
    before = _digest(AM_PATH)
    original = AM_PATH.read_text(encoding="utf-8")
    bad = edit(original)
    assert bad != original, "the edit changed nothing"
    path = tmp_path / "animal-market.json"
    path.write_text(bad, encoding="utf-8")
    with pytest.raises(BoardError) as info:
        load_board(path)
    err = info.value
    expected_line = 1 if marker is None else _line_of(original, marker)
    assert err.line == expected_line, f"{case}: blamed line {err.line}, expected {expected_line}: {err}"
    assert words in err.reason, f"{case}: {err.reason!r}"
    assert str(err) == f"{path}, line {expected_line}: {err.reason}"
    assert err.path == str(path)
    assert _digest(AM_PATH) == before, "the shipped file is unchanged"


def test_an_unreachable_island_on_the_hill_is_refused_at_its_first_space(tmp_path):
    text = AM_PATH.read_text(encoding="utf-8")
    island = ('    {"id": "island-a", "kind": "horse-trade", "x": 400.0, "y": 300.0, "label": "Island"},\n'
              '    {"id": "island-b", "kind": "horse-trade", "x": 420.0, "y": 300.0, "label": "Island"},\n')
    lines = text.splitlines(keepends=True)
    at = _line_of(text, '"id": "start"')          # insert before the first space
    lines[at - 1:at - 1] = [island]
    text = "".join(lines)
    text = text.replace('    ["start", "hill-west"],', '    ["island-a", "island-b"],\n    ["start", "hill-west"],')
    path = tmp_path / "island.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BoardError) as info:
        load_board(path)
    assert info.value.line == _line_of(text, '"id": "island-a"')
    assert "cannot be reached from the start" in info.value.reason


def test_a_tile_position_with_one_pen_blames_the_spaces_list(tmp_path):
    text = _drop_line(AM_PATH.read_text(encoding="utf-8"), '"id": "pen-8"')
    with pytest.raises(BoardError) as info:
        parse_board(text, "pens.json")
    assert info.value.line == _line_of(text, '"spaces": [')
    assert "tile position 3 governs 1 pen(s) (pen-7)" in info.value.reason


def test_files_that_are_not_boards_at_all(tmp_path):
    cases = {"empty.json": ("", 1), "list.json": ("[1, 2]\n", 1), "bom.json": ("\ufeff{}", 1)}
    for name, (text, line) in cases.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        with pytest.raises(BoardError) as info:
            load_board(path)
        assert info.value.line == line, name
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{\n"name": "caf\xe9"}')
    with pytest.raises(BoardError, match="line 2: the file is not UTF-8"):
        load_board(path)
    with pytest.raises(BoardError, match="nested too deeply"):
        parse_board("[" * 100_000)
    with pytest.raises(BoardError, match="cannot read"):
        load_board(tmp_path / "missing.json")
    with pytest.raises(BoardError, match="unknown board 'moon'; the boards are animal-market, fairground"):
        load_board("moon")


def test_a_board_file_that_starts_with_a_byte_order_mark_is_read(tmp_path):
    """Windows Notepad (before 2019) starts a UTF-8 file with a byte-order mark: a board saved
    so was refused in Python's words ("Unexpected UTF-8 BOM (decode using utf-8-sig)"), where
    a log or a scenario is read."""
    path = tmp_path / "animal-market.json"
    path.write_text("\ufeff" + AM_PATH.read_text(encoding="utf-8"), encoding="utf-8")
    assert load_board(path) == load_board(AM_PATH)


def test_the_shipped_files_are_one_entry_a_line_so_errors_point_at_entries():
    for path in (AM_PATH, FG_PATH):
        text = path.read_text(encoding="utf-8")
        data = json.loads(text)
        for space in data["spaces"]:
            assert _line_of(text, f'"id": {json.dumps(space["id"])}') > 0
        assert re.search(r'"format": "bluffkit-board"', text)
        assert load_board(path).name == path.stem


def test_a_failed_load_leaves_nothing_behind(tmp_path):
    good = load_board("animal-market")
    bad = tmp_path / "animal-market.json"
    bad.write_text(_edit_line(AM_PATH.read_text(encoding="utf-8"), TRADE4, '"horse-trade"', '"casino"'))
    with pytest.raises(BoardError):
        load_board(bad)
    again = load_board("animal-market")
    assert again == good and again.space("trade-4").kind == "horse-trade"


def test_shipped_boards_are_read_once_and_equal_a_fresh_load():
    assert shipped_board("fairground") is shipped_board("fairground")
    assert shipped_board("fairground") == load_board("fairground")
    with pytest.raises(BoardError):
        shipped_board("moon")


@pytest.mark.parametrize("where, value", [("first_game_tiles", None), ("example_annette", "start")])
def test_a_list_where_a_name_belongs_is_refused_in_words(tmp_path, where, value):
    """A list as a tile's format or as a space of Annette's example raised
    TypeError: unhashable type: 'list'."""
    data = json.loads(AM_PATH.read_text(encoding="utf-8"))
    if where == "first_game_tiles":
        pos = next(iter(data[where]))
        data[where][pos] = ["dutch"]
    else:
        data[where][value] = ["pen-1"]
    path = tmp_path / "b.json"
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    with pytest.raises(BoardError, match=r"\['(dutch|pen-1)'\](, which)? is not"):
        load_board(path)


def test_an_empty_hill_is_refused_at_the_hill(tmp_path):
    """[L1] Every board has the hill, the inner cross: an empty list of hill edges is
    refused at the ``hill`` key's line, in words about the hill."""
    text = AM_PATH.read_text(encoding="utf-8")
    bad = re.sub(r'"hill": \[.*?\n  \]', '"hill": []', text, flags=re.S)
    assert bad != text
    with pytest.raises(BoardError) as info:
        parse_board(bad, "hill.json")
    assert info.value.line == _line_of(bad, '"hill": []')
    assert "hill is a non-empty list of edges" in info.value.reason


def test_a_board_read_by_name_must_carry_that_name(tmp_path, monkeypatch):
    """A board asked for by name is the file of that name, and the file says so: a
    Fairground saved as ``animal-market.json`` is refused at its ``name`` line."""
    from bluffkit.games.bidder_up import board as board_module
    text = FG_PATH.read_text(encoding="utf-8")
    (tmp_path / "animal-market.json").write_text(text, encoding="utf-8")
    monkeypatch.setattr(board_module, "BOARDS_DIR", tmp_path)
    with pytest.raises(BoardError) as info:
        load_board("animal-market")
    assert info.value.line == _line_of(text, '"name": "fairground"')
    assert "named 'fairground' but its file is 'animal-market.json'" in info.value.reason
