"""Jupyter panels for bluffkit: thin views over a session, a scenario or a log.

Importing this package sets altair up to draw with no network
(see :mod:`bluffkit.charts_offline`).
"""

from bluffkit import charts_offline
from bluffkit.widgets.bloff import BloffTable
from bluffkit.widgets.auction_lab import AuctionLab
from bluffkit.widgets.bluffer import BlufferTable
from bluffkit.widgets.charts import GameCharts, ScoringExplorer
from bluffkit.widgets.replay import ReplayViewer
from bluffkit.widgets.scenario_player import ScenarioPlayer
from bluffkit.widgets.table import TablePanel

charts_offline.enable()

__all__ = ["AuctionLab", "BloffTable", "BlufferTable", "GameCharts", "ReplayViewer", "ScenarioPlayer", "ScoringExplorer", "TablePanel"]
