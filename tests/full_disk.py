"""A file on a disk that fills up halfway through the first write: what tests of a save
written whole or not at all (a log, the chart bundle) open in place of the real file."""

from __future__ import annotations


class HalfWritten:
    """Wraps an open file: the first ``write`` stores half its text, then fails as a full
    disk does (``OSError`` 28); everything else is the file's own."""

    def __init__(self, f):
        self.f = f

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.f.close()
        return False

    def __getattr__(self, name):
        return getattr(self.f, name)

    def write(self, text):
        self.f.write(text[: len(text) // 2])
        self.f.flush()
        raise OSError(28, "No space left on device")
