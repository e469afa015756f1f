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


@pytest.mark.parametrize("kind", sorted(PANELS))
def test_close_leaves_no_widget_of_the_panel_open(kind):
    before = set(_instances)
    panel = played(PANELS[kind])
    made = set(_instances) - before
    assert len(made) > 5
    panel.close()
    gc.collect()
    left = set(_instances) - before
    assert not left, f"{len(left)} of {len(made)} left open: {sorted({type(_instances[k]).__name__ for k in left})}"


def test_a_closed_panel_lets_its_game_go():
    panel = played(PANELS["table"])
    session = weakref.ref(panel.session)
    panel.close()
    del panel
    gc.collect()
    assert session() is None, "the closed panel's game is still held (by an open widget's handlers)"


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
