"""Golden playthroughs: one seeded game per ruleset and variant, compared line by line.

After an intended change of behaviour, run ``scripts/regen_playthroughs.py`` and
read the diff before committing."""

from pathlib import Path

import pytest

from bluffkit.testing import CONFIGS, config_game, playthrough, playthrough_players

FOLDER = Path(__file__).parent / "playthroughs"


@pytest.mark.parametrize("config", [c[0] for c in CONFIGS])
def test_playthrough_matches_golden_file(config):
    path = FOLDER / f"{config}.txt"
    assert path.exists(), f"no golden playthrough for {config}: run scripts/regen_playthroughs.py"
    want = path.read_text(encoding="utf-8").splitlines()
    got = playthrough(config_game(config), playthrough_players(config)).splitlines()
    for i, (w, g) in enumerate(zip(want, got), 1):
        assert g == w, f"{path.name} line {i} differs:\n  golden: {w}\n  now:    {g}"
    assert len(got) == len(want), f"{path.name}: {len(want)} lines in the golden file, {len(got)} now"


def test_every_golden_file_has_a_config():
    names = {c[0] for c in CONFIGS}
    stale = [p.name for p in FOLDER.glob("*.txt") if p.stem not in names]
    assert not stale, f"golden files without a configuration: {stale}"
