"""One auction of Bidder Up!, every format: the names the rest of bluffkit imports.

The rules live in one module per format family (:mod:`~bluffkit.auctions.open_outcry`,
:mod:`~bluffkit.auctions.sealed`, :mod:`~bluffkit.auctions.round_table`,
:mod:`~bluffkit.auctions.dutch`, :mod:`~bluffkit.auctions.american`,
:mod:`~bluffkit.auctions.call`), each a subclass of :class:`bluffkit.auctions.base.Table`
overriding its hooks and registered by format name; settling a sale is shared
(:mod:`~bluffkit.auctions.settlement`). ``Table.new(rules, ...)`` and
``Table.thaw(state)`` give the table of the rules' format.

>>> from bluffkit.auctions.rules import Rules
>>> type(Table.new(Rules(format="dutch"), 4)).__name__
'Dutch'
>>> sorted(FORMAT_TABLES) == sorted(FORMATS)
True
"""

from __future__ import annotations

from bluffkit.auctions import american, call, dutch, open_outcry, round_table, sealed  # noqa: F401  (register)
from bluffkit.auctions.base import FORMAT_TABLES, Table
from bluffkit.auctions.legal import Legal
from bluffkit.auctions.rules import FORMATS  # noqa: F401  (the doctest)
from bluffkit.auctions.state import BID, CHOOSE, FIELDS, FINAL, GRAB, NO_CAP, OVER, PAY, PICK, REFUSE_, SETUP, State

__all__ = ["BID", "CHOOSE", "FIELDS", "FINAL", "FORMAT_TABLES", "GRAB", "Legal", "NO_CAP", "OVER", "PAY", "PICK",
           "REFUSE_", "SETUP", "State", "Table"]
