"""Every whole-number option reads a number the same way (:func:`bluffkit.cli._whole`):
``--players`` refused ``1e3`` and ``1_000`` in argparse's words ("invalid int value")
while ``--games`` and ``--seed`` took them, and ``--seed -0`` and ``--games -0`` were
refused while ``--players -0`` was read as 0."""

from __future__ import annotations

import pytest

from bluffkit import cli
from bluffkit.core.errors import BluffkitError

FORMS = {"4": 4, "+4": 4, "4.0": 4, "4e0": 4, "0.4e1": 4, " 4 ": 4, "4\r": 4, "1_000": 1000, "1e3": 1000,
         "-0": 0, "0": 0}
REFUSED = ["", "x", "1.5", "1e-1", "1__0", "_1", "1_", "0x10", "nan", "inf", "1e400", "\u0663", "\uff13", "4,000"]


@pytest.mark.parametrize("text, value", FORMS.items())
def test_each_option_reads_a_number_alike(text, value):
    read = [cli._PLAYERS(text), cli._WORKERS(text), cli._seed(text)]
    assert read == [value] * 3
    if value >= 1:
        assert cli._games(text) == value


@pytest.mark.parametrize("text", REFUSED)
def test_each_option_refuses_the_same_texts_in_words_naming_it(text):
    for option, read in (("--players", cli._PLAYERS), ("--workers", cli._WORKERS), ("--seed", cli._seed),
                         ("--games", cli._games)):
        with pytest.raises(BluffkitError, match=rf"^{option} takes a whole number .*\(e\.g\. .*\), got "):
            read(text)


def test_games_minus_zero_is_zero_games_and_refused_as_zero_is():
    """-0 is read as 0 (it was refused as no number), then refused where 0 is."""
    assert cli._whole("-0", "--games", 0, 10, "a count") == 0 == cli._seed("-0")
    with pytest.raises(BluffkitError) as minus:
        cli._games("-0")
    with pytest.raises(BluffkitError) as zero:
        cli._games("0")
    assert str(minus.value).replace("'-0'", "'0'") == str(zero.value)


def test_players_in_e_notation_reach_the_game_and_a_bad_one_is_said_in_bluffkit_words(capsys):
    args = ["simulate", "bloff", "--games", "1", "--seed", "1", "--out", "never.csv", "--players"]
    assert cli.main(args + ["1e3"]) == 2
    assert capsys.readouterr().err == "bluffkit: Bløff is for 3 to 10 players, got 1000\n"
    assert cli.main(args + ["-0"]) == 2
    assert capsys.readouterr().err == "bluffkit: Bløff is for 3 to 10 players, got 0\n"
    assert cli.main(args + ["3.5"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bluffkit: --players takes a whole number of players") and "invalid int" not in err


@pytest.mark.parametrize("text, named", [("\u00a010", "U+00A0 (a no-break space)"), ("10\u2009", "U+2009 (a thin space)"),
                                         ("1\u3000000", "U+3000 (an ideographic space)"),
                                         ("\u0663", "U+0663 (an arabic-indic digit three)")])
def test_a_number_refused_for_a_character_beyond_ascii_names_it(text, named):
    """A no-break or thin space pasted around ``--games 10`` (from a document, or a
    keyboard that types them) was refused as "got '\\xa010'": the escape said nothing of a
    space a person cannot see. The refusal names the character and what is read."""
    for option, read in (("--players", cli._PLAYERS), ("--seed", cli._seed), ("--games", cli._games)):
        with pytest.raises(BluffkitError) as refused:
            read(text)
        assert str(refused.value).startswith(f"{option} takes a whole number")
        assert str(refused.value).endswith(f"; {named} is not read: a number is written in ASCII digits, with "
                                           "ASCII spaces around it at most"), str(refused.value)
