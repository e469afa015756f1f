"""``simulate --out`` makes a missing folder of the path it is given (its help says so),
but not one a symbolic link to nowhere leads to: ``--out x.csv``, a link to
``/nonexistent/x.csv``, made ``/nonexistent`` at the root; a link to nowhere on the way
said Python's "File exists"."""

from __future__ import annotations

import pytest

from bluffkit import cli

ARGS = ["simulate", "bloff", "--players", "3", "--games", "1", "--seed", "1", "--no-progress", "--out"]


def test_out_as_a_link_to_a_file_in_a_missing_folder_is_refused(capsys, tmp_path):
    link = tmp_path / "x.csv"
    link.symlink_to(tmp_path / "gone" / "deeper" / "x.csv")
    assert cli.main(ARGS + [str(link)]) == 2
    err = capsys.readouterr().err
    assert err == (f"bluffkit: --out {link} is a link to {tmp_path}/gone/deeper/x.csv, whose folder "
                   f"{tmp_path}/gone/deeper is not there; the folders of a link's target are not made: make that "
                   f"folder first, or give another name\n")
    assert [p.name for p in tmp_path.iterdir()] == ["x.csv"] and link.is_symlink()


@pytest.mark.parametrize("below", ["x.csv", "sub/x.csv"])
def test_out_through_a_folder_link_to_nowhere_is_refused_in_words(capsys, tmp_path, below):
    link = tmp_path / "tables"
    link.symlink_to(tmp_path / "gone")
    assert cli.main(ARGS + [str(link / below)]) == 2
    err = capsys.readouterr().err
    assert f"{link} is a link to {tmp_path}/gone, which does not exist" in err and "File exists" not in err, err
    assert [p.name for p in tmp_path.iterdir()] == ["tables"]


def test_out_makes_a_missing_folder_of_its_own_path_and_says_so_in_help(capsys, tmp_path):
    assert cli.main(ARGS + [str(tmp_path / "new" / "x.csv")]) == 0
    assert (tmp_path / "new" / "x.csv").is_file()
    with pytest.raises(SystemExit):
        cli.main(["simulate", "--help"])
    assert "on its path that is not there is made" in " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize("below", ["", "sub"])
def test_a_tournament_folder_that_is_a_link_to_nowhere_is_refused_in_words(capsys, tmp_path, below):
    """tournament --out a link to a folder that is not there said "cannot make the
    tournament's folder there (File exists)"."""
    link = tmp_path / "results"
    link.symlink_to(tmp_path / "gone")
    out = link / below if below else link
    args = ["tournament", "bloff", "--games", "2", "--players", "3", "--agents", "random,honest", "--seed", "1",
            "--workers", "0", "--no-progress", "--out", str(out)]
    assert cli.main(args) == 2
    err = capsys.readouterr().err
    assert f"{link} is a link to {tmp_path}/gone, which does not exist" in err and "File exists" not in err, err
    assert [p.name for p in tmp_path.iterdir()] == ["results"]
