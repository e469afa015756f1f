"""Golden playthroughs: one game per ruleset and variant, stored as its moves and
replayed: the test compares each step's notation, narration and state digest, and
the end. The bots chose the moves once; a change to a bot changes nothing here.

After an intended change of behaviour, run ``scripts/regen_playthroughs.py`` (it keeps
the moves and refreshes the narration and digests) and read the diff before
committing. The files are the code's own output: they catch a change, not a wrong rule
(the rules tests and the rulebooks' worked examples do that)."""

from __future__ import annotations

import importlib.util

import pytest
from paths import REPO, TESTS

from bluffkit.core import playthrough as golden
from bluffkit.core.errors import BluffkitError
from bluffkit.core.game import make_game
from bluffkit.testing import CONFIGS, config_game, playthrough_players

FOLDER = TESTS / "playthroughs"
ROOT = REPO


@pytest.mark.parametrize("config", [c[0] for c in CONFIGS])
def test_playthrough_replays_its_golden_file(config):
    path = FOLDER / f"{config}.txt"
    assert path.exists(), f"no golden playthrough for {config}: run scripts/regen_playthroughs.py {config}"
    text = path.read_text(encoding="utf-8")
    game = config_game(config)
    gold = golden.read(text)
    assert gold.players == playthrough_players(config), f"{path.name}: {gold.players} players"
    assert len(gold.steps) > 3 and gold.scores is not None, f"{path.name}: not a whole game"
    problems = golden.check(game, text)
    assert not problems, f"{path.name} differs from the game now:\n" + "\n".join(problems)


def test_every_golden_file_has_a_config():
    names = {c[0] for c in CONFIGS}
    stale = [p.name for p in FOLDER.glob("*.txt") if p.stem not in names]
    assert not stale, f"golden files without a configuration: {stale}"


# -- the check fails when it should --------------------------------------------------------------

@pytest.fixture(scope="module")
def bloff_text():
    return (FOLDER / "bloff.txt").read_text(encoding="utf-8")


def edit_step(text: str, number: int, column: int, value: str) -> str:
    lines = text.split("\n")
    k = 3 + number
    parts = lines[k].split(golden.SEP, 4)
    parts[column] = value
    lines[k] = golden.SEP.join(parts)
    return "\n".join(lines)


def test_a_changed_narration_is_caught(bloff_text):
    problems = golden.check(config_game("bloff"), edit_step(bloff_text, 5, 4, "P3 thinks it over."))
    assert len(problems) == 1 and problems[0].startswith("line 9 (step 5): the narration differs")


def test_a_changed_digest_is_caught(bloff_text):
    problems = golden.check(config_game("bloff"), edit_step(bloff_text, 7, 3, "0" * 16))
    assert len(problems) == 1 and "line 11 (step 7): the state after" in problems[0]


def test_a_move_no_longer_allowed_stops_the_replay(bloff_text):
    problems = golden.check(config_game("bloff"), edit_step(bloff_text, 2, 2, "call"))
    assert problems and "line 6 (step 2)" in problems[0] and "no longer allowed" in problems[0]


def test_a_changed_state_with_the_same_narration_is_caught(bloff_text):
    """Other rules (two decks from 4 players) deal the same cards text differently:
    the digest of the first state after the deal no longer matches."""
    game = config_game("bloff-two-decks")
    problems = golden.check(game, bloff_text)
    assert problems, "a game under other rules must not replay the golden file unchanged"


def test_a_changed_end_is_caught(bloff_text):
    lines = bloff_text.rstrip("\n").split("\n")
    assert lines[-1] == "# end: scores [1, 0, 0, 0], winners [0]"
    lines[-1] = "# end: scores [0, 1, 0, 0], winners [1]"
    problems = golden.check(config_game("bloff"), "\n".join(lines) + "\n")
    assert problems == ["end: scores [1, 0, 0, 0], winners [0]; golden: scores [0, 1, 0, 0], winners [1]"]


@pytest.mark.parametrize("end", ["# end: scores [1, 0, 0, 0], winners [1]", "# end: scores [1, 0, 0, 2], winners [0]"],
                         ids=["winners alone", "scores alone"])
def test_an_end_that_changes_the_winners_alone_or_the_scores_alone_is_caught(bloff_text, end):
    """The end is two facts: a file whose winners no longer match while the scores do
    (a changed tie-break), or whose scores no longer match while the winners do, must be
    reported as surely as one where both changed."""
    lines = bloff_text.rstrip("\n").split("\n")
    assert lines[-1] == "# end: scores [1, 0, 0, 0], winners [0]"
    lines[-1] = end
    problems = golden.check(config_game("bloff"), "\n".join(lines) + "\n")
    golden_part = end.removeprefix("# end: ")
    assert problems == [f"end: scores [1, 0, 0, 0], winners [0]; golden: {golden_part}"]


def test_a_file_of_another_game_is_named_at_once(bloff_text):
    assert golden.check(make_game("bluffer"), bloff_text) == ["line 1: the file is a game of bloff, not bluffer"]


def test_an_action_written_otherwise_is_caught(bloff_text):
    """Step 2 (line 6) is P0's "play KC"; the parser reads "play kc" as the same move."""
    text = bloff_text.replace(" | play KC | ", " | play kc | ", 1)
    assert golden.check(config_game("bloff"), text) == [
        "line 6 (step 2): the action is now written 'play KC', not 'play kc'"]


def test_an_end_that_no_longer_matches_whether_the_game_is_over_is_caught(bloff_text):
    lines = bloff_text.rstrip("\n").split("\n")
    not_over = "\n".join([*lines[:-1], "# end: not over"]) + "\n"
    assert golden.check(config_game("bloff"), not_over) == [
        "end: the game is now over after the stored moves; the file says it is not"]
    short = "\n".join([*lines[:-2], lines[-1]]) + "\n"        # the last step (P1's call that ends it) gone
    assert golden.check(config_game("bloff"), short) == ["end: the stored moves no longer finish the game"]


def test_an_unknown_actor_is_named_with_its_line(bloff_text):
    with pytest.raises(golden.PlaythroughError, match=r"^line 7: unknown actor 'P7' \(chance or P0\.\.P3\)$"):
        golden.read(bloff_text.replace(" | P1 | ", " | P7 | ", 1))       # step 3, P1's pass


def test_the_differences_listed_stop_at_the_most_with_a_line_that_says_so(bloff_text):
    text = bloff_text
    for number in range(2, golden.MAX_PROBLEMS + 5):
        text = edit_step(text, number, 4, "Someone thinks it over.")
    problems = golden.check(config_game("bloff"), text)
    assert len(problems) == golden.MAX_PROBLEMS + 1 and problems[-1] == "... (more differences not listed)", problems
    assert all("the narration differs" in p for p in problems[:-1]), problems


def test_a_missing_or_damaged_file_is_named(bloff_text):
    with pytest.raises(golden.PlaythroughError, match="line 6: step '3' where step 2 was expected"):
        golden.read(edit_step(bloff_text, 2, 0, "   3"))
    with pytest.raises(golden.PlaythroughError, match="line 1"):
        golden.read("# a note\n" + bloff_text)
    assert isinstance(golden.PlaythroughError(1, "x"), BluffkitError)


def test_golden_files_store_the_moves_not_the_bots(bloff_text):
    """Replaying does not run a bot: the moves come from the file."""
    import bluffkit.agents.bloff as bots

    class Broken:
        def __init__(self, *a, **k):
            raise AssertionError("a bot was built while replaying a golden file")

    saved = bots.HonestAgent, bots.CallerAgent, bots.RandomAgent
    bots.HonestAgent = bots.CallerAgent = bots.RandomAgent = Broken
    try:
        assert golden.check(config_game("bloff"), bloff_text) == []
    finally:
        bots.HonestAgent, bots.CallerAgent, bots.RandomAgent = saved


# -- the regeneration script ------------------------------------------------------------------

def regen_module():
    spec = importlib.util.spec_from_file_location("regen_playthroughs", ROOT / "scripts" / "regen_playthroughs.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_regen_keeps_the_moves_and_refreshes_the_rest(tmp_path, bloff_text):
    regen = regen_module()
    stale = edit_step(bloff_text, 5, 4, "P3 thinks it over.")
    (tmp_path / "bloff.txt").write_text(stale, encoding="utf-8")
    assert regen.regenerate("bloff", folder=tmp_path) == "narration and digests refreshed"
    assert (tmp_path / "bloff.txt").read_text(encoding="utf-8") == bloff_text
    assert regen.regenerate("bloff", folder=tmp_path) == "unchanged"


def test_regen_writes_a_missing_file_with_the_bots(tmp_path):
    regen = regen_module()
    assert regen.regenerate("auction-the-call", folder=tmp_path) == "new file, moves by the bots"
    text = (tmp_path / "auction-the-call.txt").read_text(encoding="utf-8")
    assert golden.check(config_game("auction-the-call"), text) == []
    assert text == (FOLDER / "auction-the-call.txt").read_text(encoding="utf-8")
