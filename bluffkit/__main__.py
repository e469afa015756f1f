"""``python -m bluffkit``: the ``bluffkit`` command (:mod:`bluffkit.cli`)."""

import sys

from bluffkit.cli import main

if __name__ == "__main__":
    sys.exit(main())
