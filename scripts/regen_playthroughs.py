"""Regenerate the golden playthrough files (tests/playthroughs/NAME.txt).

    .venv/bin/python scripts/regen_playthroughs.py                  # every configuration
    .venv/bin/python scripts/regen_playthroughs.py bloff bluffer    # only these
    .venv/bin/python scripts/regen_playthroughs.py --new-moves bloff

A golden file stores the moves of one game. By default an existing file keeps its
moves and gets the narration and state digests of the game as it is now (after an
intended change of rules or wording); a configuration without a file gets a new game
played by seeded bots. ``--new-moves`` replaces the moves of the named files by a new
bots' game (when the stored moves are no longer legal, or the bots should play the
file again). A change to a bot alone changes nothing here.

Then read the diff (git diff tests/playthroughs) before committing: every changed
line is a changed step of a game.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bluffkit.core import playthrough as golden
from bluffkit.core.errors import BluffkitError
from bluffkit.testing import CONFIGS, config_game, playthrough_players

OUT = Path(__file__).resolve().parents[1] / "tests" / "playthroughs"


def regenerate(name: str, new_moves: bool = False, folder: Path = OUT) -> str:
    """Write the golden file of configuration ``name``; returns what was done."""
    game = config_game(name)
    path = folder / f"{name}.txt"
    if path.exists() and not new_moves:
        old = path.read_text(encoding="utf-8")
        try:
            text = golden.refresh(game, old)
        except BluffkitError as e:
            raise SystemExit(f"{path}: the stored moves no longer replay ({e}); "
                             f"run again with --new-moves {name} to let the bots play a new game") from e
        done = "unchanged" if text == old else "narration and digests refreshed"
    else:
        done = "new moves by the bots" if path.exists() else "new file, moves by the bots"
        text = golden.playthrough(game, playthrough_players(name))
    folder.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return done


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description="Regenerate the golden playthrough files.")
    p.add_argument("names", nargs="*", help="configurations (default: all of bluffkit.testing.CONFIGS)")
    p.add_argument("--new-moves", action="store_true", help="let the bots play new moves for these files")
    args = p.parse_args(argv)
    known = [c[0] for c in CONFIGS]
    unknown = [n for n in args.names if n not in known]
    if unknown:
        p.error(f"unknown configuration(s) {', '.join(unknown)}; known: {', '.join(known)}")
    if args.new_moves and not args.names:
        p.error("--new-moves needs the names of the files to replay anew")
    for name in args.names or known:
        print(f"tests/playthroughs/{name}.txt: {regenerate(name, args.new_moves)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
