"""Test set-up shared by every folder of ``tests/``.

The tests mirror the packages (``tests/core``, ``tests/games/<game>``, ``tests/auctions``,
``tests/agents``, ``tests/analysis``, ``tests/widgets``); the modules they share
(``paths``, ``strategies``, ``mutations``, ``log_mutations``, ``full_disk``, ``plants``) live here, in ``tests/``,
which pytest puts on the import path because this file is here.
"""

import profiles

# Before any test module builds its settings: every count below follows this profile.
profiles.load()


def _no_front_end() -> None:
    """Widgets made outside a kernel talk to ``comm.DummyComm``, which drops every message;
    ipywidgets still serializes each changed trait for it (``send_state`` on every change;
    ``tests/widgets`` took 58 s with it, 52 s without). Telling ipywidgets there is no kernel behind
    the dummy (``kernel = None``, as it checks) skips that work and nothing else: the tests
    read widget state themselves, as the browser would hold it."""
    import comm

    comm.DummyComm.kernel = None


_no_front_end()
