"""Where the files bluffkit ships beside its code lie: the Bluffer question decks, the Bidder Up!
boards and the rulebooks' worked examples (``data/decks``, ``data/boards``, ``data/scenarios``).

In a checkout, and in the editable install ``make`` makes of it, they are the project's own
``data/`` folder. An installed wheel (``pip install`` of the project, e.g. on a cluster's workers:
docs/scale.md) carries the same files inside the package, as ``bluffkit/data/``: pyproject.toml
maps the one folder onto the other, so there is one copy of each file in the project.

>>> sorted(p.name for p in DATA_DIR.iterdir() if p.is_dir())
['boards', 'decks', 'scenarios']
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["DATA_DIR"]

_PACKAGE = Path(__file__).resolve().parents[1]

#: The shipped data: ``bluffkit/data`` in an installed wheel, else the checkout's ``data/``.
DATA_DIR = _PACKAGE / "data" if (_PACKAGE / "data").is_dir() else _PACKAGE.parent / "data"
