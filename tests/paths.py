"""Where things are, for tests in any folder of ``tests/``."""

from pathlib import Path

#: The repository's top folder, and the tests' folder (frozen logs, golden playthroughs).
REPO = Path(__file__).resolve().parents[1]
TESTS = REPO / "tests"
