"""Test set-up shared by every folder of ``tests/``.

The tests mirror the packages (``tests/core``, ``tests/games/<game>``, ``tests/auctions``,
``tests/agents``, ``tests/analysis``, ``tests/widgets``); the modules they share
(``paths``, ``strategies``, ``mutations``, ``log_mutations``) live here, in ``tests/``,
which pytest puts on the import path because this file is here.
"""

import profiles

# Before any test module builds its settings: every count below follows this profile.
profiles.load()
