"""``panel.close()`` closes the whole panel (bluffkit/widgets/closing.py): a teacher who
re-runs a panel's cell, closing the old one first, leaves no widget of it open in the
browser's widget manager, nor its game in the kernel; a panel beside it is untouched."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

import numpy as np
import pytest
from ipywidgets.widgets.widget import _instances

from bluffkit.widget_check import driver_for
from bluffkit.widgets import (
    AuctionLab,
    BidderUpTable,
    BloffTable,
    BlufferTable,
    GameCharts,
    ReplayViewer,
    ScenarioPlayer,
    ScoringExplorer,
    TablePanel,
)

LOGS = Path(__file__).resolve().parents[1] / "logs"

PANELS = {
    "table": lambda: TablePanel("horse-trading", players=3, humans=[0, 1, 2], seed=2),
    "bidder-up": lambda: BidderUpTable("fairground", players=3, humans=[0, 1, 2], seed=2),
    "bloff": lambda: BloffTable(players=4, humans=[0, 1, 2, 3], seed=1),
    "bluffer": lambda: BlufferTable(players=4, humans=[0, 1, 2, 3], seed=1),
    "lab": lambda: AuctionLab(),
    "scenario": lambda: ScenarioPlayer(),
    "replay": lambda: ReplayViewer(str(LOGS / "auction-classic.jsonl")),
}


def played(make, clicks: int = 60):
    """A panel, played ``clicks`` clicks through its own controls where it has a driver (the
    auction controls it keeps off screen are made by then)."""
    panel = make()
    try:
        drive = driver_for(panel)
    except (TypeError, KeyError, ValueError):
        return panel
    rng = np.random.default_rng(0)
    for _ in range(clicks):
        if not drive.click(panel, rng):
            break
    return panel


#: The panels whose close the fast loop checks (half a second each); the others with the slow tests.
FAST = ("table", "bidder-up", "bloff", "bluffer")


def kinds(names) -> list:
    return [k if k in FAST else pytest.param(k, marks=pytest.mark.slow) for k in names]


@pytest.mark.parametrize("kind", kinds(sorted(PANELS)))
def test_close_leaves_no_widget_of_the_panel_open(kind):
    before = set(_instances)
    panel = played(PANELS[kind])
    made = set(_instances) - before
    assert len(made) > 5
    panel.close()
    gc.collect()
    left = set(_instances) - before
    assert not left, f"{len(left)} of {len(made)} left open: {sorted({type(_instances[k]).__name__ for k in left})}"


@pytest.mark.parametrize("kind", [k if k == "table" else pytest.param(k, marks=pytest.mark.slow)
                                  for k in ("table", "bidder-up", "bloff", "bluffer", "lab")])
def test_a_closed_panel_lets_its_game_go(kind):
    assert_closed_and_let_go(played(PANELS[kind]), "by an open widget's handlers")


def assert_closed_and_let_go(panel, held_by: str) -> None:
    """Close ``panel`` and drop it: its game must go too (nothing else holds it)."""
    session = weakref.ref(panel.session)
    panel.close()
    del panel
    gc.collect()
    assert session() is None, f"the closed panel's game is still held ({held_by})"


def test_ipywidgets_own_close_would_leave_the_children_open():
    # what the mixin is for: the box's close() alone closes the box
    from ipywidgets import VBox
    panel = played(PANELS["table"])
    VBox.close(panel)
    assert sum(w.comm is not None for w in panel.children) > 0
    panel.close()
    assert all(w.comm is None for w in panel.children)


def test_closing_one_panel_leaves_the_other_whole():
    a, b = played(PANELS["table"]), played(PANELS["bloff"])
    open_b = {id(w) for w in _instances.values()} & {id(w) for w in b.children}
    a.close()
    assert all(w.comm is not None for w in b.children) and open_b
    moves = len(b.session.moves)
    drive, rng = driver_for(b), np.random.default_rng(1)
    for _ in range(10):
        drive.click(b, rng)
    assert len(b.session.moves) > moves
    b.close()


def test_close_stops_an_auto_play_first():
    # (an Auto-play's timer lives in the browser: a closed, unseen player kept stepping)
    player = ScenarioPlayer()
    player.play.playing = True
    seen = []
    player.play.observe(lambda ch: seen.append(ch["new"]), names="playing")
    player.close()
    assert seen == [False] and player.play.comm is None and player.play.link.comm is None


def test_the_charts_close_whole_too():
    before = set(_instances)
    ScoringExplorer("horse-trading").close()
    GameCharts(str(LOGS / "horse-trading-all-variants.jsonl")).close()
    gc.collect()
    assert not set(_instances) - before


# -- a cell run again closes the panels its earlier runs made ----------------------------------

class _Kernel:
    def __init__(self):
        self.parent = {}

    def get_parent(self):
        return self.parent


@pytest.fixture
def kernel(monkeypatch):
    """A stand-in for the kernel: ``kernel.run(cell, request)`` sets the request being run."""
    import IPython

    from bluffkit.widgets import closing
    k = _Kernel()
    shell = type("Shell", (), {"kernel": k})()
    monkeypatch.setattr(IPython, "get_ipython", lambda: shell)
    monkeypatch.setattr(closing, "_BY_CELL", {})

    def run(cell, request):
        k.parent = {"header": {"msg_id": request}, "metadata": {"cellId": cell} if cell else {}}
    k.run = run
    return k


def test_a_cell_run_again_closes_the_panels_its_last_run_made(kernel):
    kernel.run("cell-a", "req-1")
    first, beside = PANELS["bloff"](), PANELS["bloff"]()      # one run, two panels: both stay
    kernel.run("cell-b", "req-2")
    other = PANELS["bloff"]()                                  # another cell
    assert first.comm and beside.comm and other.comm
    kernel.run("cell-a", "req-3")                              # cell a again
    again = PANELS["bloff"]()
    assert first.comm is None and beside.comm is None and all(w.comm is None for w in first.children)
    assert again.comm is not None and other.comm is not None
    for p in (again, other):
        p.close()


def test_panels_made_outside_a_notebook_cell_close_nothing(kernel):
    kernel.run(None, "req-1")                                  # a console, Voila, a handler
    a = PANELS["bloff"]()
    kernel.run(None, "req-2")
    b = PANELS["bloff"]()
    assert a.comm is not None and b.comm is not None
    from bluffkit.widgets import closing
    assert closing._BY_CELL == {}
    a.close()
    b.close()


def test_no_kernel_no_cell():
    from bluffkit.widgets.closing import this_run
    assert this_run() is None


def test_a_cell_run_again_that_fails_leaves_the_last_panel_open(kernel):
    from bluffkit.core.errors import BluffkitError
    kernel.run("cell-a", "req-1")
    good = PANELS["replay"]()
    before = set(_instances)
    kernel.run("cell-a", "req-2")
    with pytest.raises(BluffkitError, match="ReplayViewer shows a log file"):
        ReplayViewer(["game.jsonl"])                   # built halfway, then refused
    gc.collect()
    assert good.comm is not None and all(w.comm is not None for w in good.children)
    assert not set(_instances) - before, "the half-built panel's widgets are closed"
    kernel.run("cell-a", "req-3")
    again = PANELS["replay"]()                         # a run that works replaces it
    assert good.comm is None and again.comm is not None
    again.close()


def test_auto_close_can_be_turned_off(kernel, monkeypatch):
    from bluffkit.widgets import closing
    monkeypatch.setattr(closing, "AUTO", False)
    kernel.run("cell-a", "req-1")
    first = PANELS["bloff"]()
    kernel.run("cell-a", "req-2")
    second = PANELS["bloff"]()
    assert first.comm is not None and second.comm is not None
    first.close()
    second.close()


def test_a_users_own_panel_classes_replace_and_fail_alike(kernel):
    """A class written by a user (a bare box with the mixin, or a mixin of their own before a
    panel) is wrapped as the panels are: replaced once built, the old one kept on a failure."""
    import ipywidgets as W

    from bluffkit.widgets.closing import ClosesWhole

    class MyBox(ClosesWhole, W.VBox):
        pass

    class Loud:
        def __init__(self, *args, fail=False, **kw):
            super().__init__(*args, **kw)
            if fail:
                raise ValueError("the mixin refuses")

    class LoudTable(Loud, BloffTable):
        pass

    kernel.run("cell-a", "req-1")
    first = MyBox([W.Label("one")])
    kernel.run("cell-a", "req-2")
    second = MyBox([W.Label("two")])
    assert first.comm is None and second.comm is not None
    second.close()
    kernel.run("cell-b", "req-3")
    table = LoudTable(players=4, humans=[0], seed=1)
    before = set(_instances)
    kernel.run("cell-b", "req-4")
    with pytest.raises(ValueError, match="the mixin refuses"):
        LoudTable(players=4, humans=[0], seed=1, fail=True)
    gc.collect()
    assert table.comm is not None and not set(_instances) - before
    table.close()


def test_panels_made_by_one_run_stay_together_when_they_replace_the_last_run(kernel):
    """Run again, a cell that makes two tables side by side closes the one its last run made
    and keeps both its new tables open."""
    kernel.run("cell-a", "req-1")
    old = PANELS["bloff"]()
    kernel.run("cell-a", "req-2")
    left, right = PANELS["bloff"](), PANELS["bloff"]()
    assert old.comm is None
    assert left.comm is not None and right.comm is not None
    assert all(w.comm is not None for w in left.children)
    for p in (left, right):
        p.close()


def test_a_panel_made_by_a_cell_and_closed_lets_its_game_go(kernel):
    """The panels a cell's run made are noted weakly: one closed and let go is not kept
    alive (nor its game) until the cell runs again."""
    kernel.run("cell-a", "req-1")
    assert_closed_and_let_go(PANELS["table"](), "for its cell")


def test_close_reaches_widgets_a_panel_keeps_in_a_set():
    """A user's panel may keep widgets in a set (or a frozenset) field: close() closes them."""
    import ipywidgets as W

    from bluffkit.widgets.closing import ClosesWhole

    class MyBox(ClosesWhole, W.VBox):
        pass

    box = MyBox([W.Label("shown")])
    box.spare = {W.Label("kept in a set")}
    box.frozen = frozenset({W.Label("kept in a frozenset")})
    held = [*box.spare, *box.frozen]
    assert all(w.comm is not None for w in held)
    box.close()
    assert box.comm is None and all(w.comm is None for w in held)
