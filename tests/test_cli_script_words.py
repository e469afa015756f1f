"""A script of no moves (``script:``, ``script:;``) said it "has run out after 0 moves"."""

from __future__ import annotations

import pytest

from bluffkit import cli


@pytest.mark.parametrize("script", ["script:", "script:;", "script: ; "])
def test_a_script_of_no_moves_says_it_names_none(capsys, tmp_path, script):
    code = cli.main(["simulate", "youre-bluffing", "--players", "3", "--games", "1", "--seed", "1", "--no-progress",
                     "--agents", f"{script},random,random", "--out", str(tmp_path / "a.csv")])
    err = capsys.readouterr().err
    assert code == 2 and err == ("bluffkit: the script for seat 0 names no moves, and a move is asked of it "
                                 "(script:MOVE;MOVE;...)\n"), err
    assert list(tmp_path.iterdir()) == []
