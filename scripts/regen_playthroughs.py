"""Regenerate the golden playthrough files after an intended change of behaviour.

    .venv/bin/python scripts/regen_playthroughs.py

Then read the diff (git diff tests/playthroughs) before committing: every changed
line is a changed step of a game.
"""

from pathlib import Path

from bluffkit.testing import CONFIGS, config_game, playthrough, playthrough_players

OUT = Path(__file__).resolve().parents[1] / "tests" / "playthroughs"


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, *_ in CONFIGS:
        path = OUT / f"{name}.txt"
        path.write_text(playthrough(config_game(name), playthrough_players(name)), encoding="utf-8")
        print(f"wrote {path.relative_to(OUT.parents[1])}")


if __name__ == "__main__":
    main()
