"""Test set-up shared by every folder of ``tests/``.

The tests mirror the packages (``tests/core``, ``tests/games/<game>``, ``tests/auctions``,
``tests/agents``, ``tests/analysis``, ``tests/widgets``); the modules they share
(``paths``, ``strategies``, ``mutations``, ``log_mutations``, ``full_disk``, ``plants``) live here, in ``tests/``,
which pytest puts on the import path because this file is here.
"""

import sys

import profiles
import pytest

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


@pytest.fixture(autouse=True)
def _close_the_tests_widgets():
    """Every widget a test made is closed when it ends. ipywidgets keeps each open widget
    (``Widget._active_widgets``) until it is closed, and a worker that had run the panel tests
    held some 130,000 of them, with their panels and games: 2 million objects that every
    collection of the oldest generation walked again (a ``gc.collect()`` took over a second).
    Widgets made before the test (at import, or by a fixture of a wider scope) are left open."""
    widget = sys.modules.get("ipywidgets.widgets.widget")
    before = set(widget._instances) if widget is not None else set()
    yield
    widget = sys.modules.get("ipywidgets.widgets.widget")
    if widget is None:
        return
    for key in [k for k in widget._instances if k not in before]:
        made = widget._instances.get(key)
        if made is not None:
            made.close()


def pytest_collection_finish(session) -> None:
    """Everything imported and collected lives to the end of the run: moved out of the
    garbage collector's sight (``gc.freeze``), so that each collection, and each test's own
    ``gc.collect()``, walks only what the tests made since."""
    import gc
    gc.collect()
    gc.freeze()


#: The test files that take longest, run first: with ``--dist loadfile`` a file runs whole on
#: one worker, and one of these left for the end kept one worker busy while the other idled.
FIRST = ("tests/widgets/test_widget_leaks.py", "tests/core/test_conformance.py", "tests/widgets/test_close.py",
         "tests/test_cli_input.py", "tests/test_cli.py", "tests/widgets/test_bidder_up_panel.py")


def pytest_collection_modifyitems(session, config, items) -> None:
    rank = {name: k for k, name in enumerate(FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0], len(FIRST)))   # (stable: the rest as collected)
