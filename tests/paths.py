"""Where things are, for tests in any folder of ``tests/``."""

from pathlib import Path

#: The repository's top folder, and the tests' folder (frozen logs, golden playthroughs).
REPO = Path(__file__).resolve().parents[1]
TESTS = REPO / "tests"


#: The kinds of file a reader must refuse without reading (see :func:`odd_file`).
ODD_FILES = ("fifo", "device", "folder")


def odd_file(path: Path, kind: str) -> Path:
    """Put at ``path`` a pipe (which would block a reader), a link to ``/dev/zero`` (which
    would fill its memory) or a folder, by ``kind`` (one of :data:`ODD_FILES`)."""
    import os
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "device":
        path.symlink_to("/dev/zero")
    else:
        path.mkdir()
    return path
