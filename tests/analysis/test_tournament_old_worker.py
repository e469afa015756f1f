"""A worker whose bluffkit is from before the progress events: its ``play_part`` takes no
``topic``, and the run failed with "TypeError: ... unexpected keyword argument 'topic'"
instead of the refusal naming the versions."""

from __future__ import annotations

import pytest

from bluffkit import __version__
from bluffkit.analysis import tournament_run
from bluffkit.analysis.tournament_run import TournamentError, run
from bluffkit.core.game import make_game

distributed = pytest.importorskip("distributed")

pytestmark = pytest.mark.slow


def old_play_part(header, table, seed, start, stop, version=__version__):
    raise AssertionError("not reached: the worker refuses the keyword first")


def test_a_worker_without_the_progress_events_is_named_as_another_bluffkit(tmp_path, monkeypatch):
    monkeypatch.setattr(tournament_run, "play_part", old_play_part)
    with distributed.Client(processes=False, n_workers=1, threads_per_worker=1, dashboard_address=":0") as client:
        with pytest.raises(TournamentError, match=rf"a worker runs another bluffkit than this run's {__version__} "
                                                  rf".*give every worker bluffkit {__version__}"):
            run(make_game("bloff"), ["random"], 4, 1, tmp_path / "t", players=3, chunk=2, client=client,
                echo=None, progress=lambda done, total: None)
        # with no progress shown, no topic is sent: such a worker reaches its own checks
        with pytest.raises(TournamentError, match="not reached"):
            run(make_game("bloff"), ["random"], 4, 1, tmp_path / "u", players=3, chunk=2, client=client, echo=None)
