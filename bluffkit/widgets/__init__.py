"""Jupyter panels for bluffkit: thin views over a session, a scenario or a log.

``from bluffkit.widgets import TablePanel`` loads only the table's own modules: each
panel is imported on first use (PEP 562 module ``__getattr__``), so a notebook's first
panel does not wait for pandas, altair or sympy, which only the chart panels need.

Importing this package also makes altair draw with no network (see
:mod:`bluffkit.charts_offline`) without importing altair: the offline renderer is
switched on when altair is first imported, by a panel, a chart builder of
:mod:`bluffkit.analysis` or the notebook itself (at once if it already was).
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
import warnings
from typing import TYPE_CHECKING, Any

# Each panel and the module that defines it.
_PANELS = {
    "AuctionLab": "bluffkit.widgets.auction_lab",
    "BidderUpTable": "bluffkit.widgets.bidder_up",
    "BloffTable": "bluffkit.widgets.bloff",
    "BlufferTable": "bluffkit.widgets.bluffer",
    "GameCharts": "bluffkit.widgets.charts",
    "ReplayViewer": "bluffkit.widgets.replay",
    "ScenarioPlayer": "bluffkit.widgets.scenario_player",
    "ScoringExplorer": "bluffkit.widgets.charts",
    "TablePanel": "bluffkit.widgets.table",
}

__all__ = ["AuctionLab", "BidderUpTable", "BloffTable", "BlufferTable", "GameCharts", "ReplayViewer", "ScenarioPlayer", "ScoringExplorer",
           "TablePanel"]

if TYPE_CHECKING:
    from bluffkit.widgets.auction_lab import AuctionLab
    from bluffkit.widgets.bidder_up import BidderUpTable
    from bluffkit.widgets.bloff import BloffTable
    from bluffkit.widgets.bluffer import BlufferTable
    from bluffkit.widgets.charts import GameCharts, ScoringExplorer
    from bluffkit.widgets.replay import ReplayViewer
    from bluffkit.widgets.scenario_player import ScenarioPlayer
    from bluffkit.widgets.table import TablePanel


def __getattr__(name: str) -> Any:
    """Import a panel's module the first time the panel is asked for."""
    module = _PANELS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value          # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_PANELS))


def _enable_offline_charts() -> None:
    # What charts_offline.enable() does by default, without importing that module (it
    # imports altair, which may be the import running now).
    try:
        import vl_convert  # noqa: F401  (the "svg" renderer draws with it)
    except ImportError as e:        # a dependency; say so rather than break `import altair`
        warnings.warn(f"bluffkit could not switch altair to its offline renderer: {e}", stacklevel=2)
        return
    sys.modules["altair"].renderers.enable("svg")


class _WhenImported(importlib.abc.MetaPathFinder):
    """Run ``callback`` once, right after the module ``name`` is first imported.

    It finds the module's spec with the other finders and wraps its loader's
    ``exec_module`` for that one import; it then removes itself from ``sys.meta_path``.
    """

    def __init__(self, name: str, callback) -> None:
        self.name, self.callback = name, callback

    def find_spec(self, fullname, path=None, target=None):
        if fullname != self.name:
            return None
        if self in sys.meta_path:
            sys.meta_path.remove(self)
        spec = importlib.util.find_spec(fullname)
        loader = spec.loader if spec is not None else None
        if loader is None or not hasattr(loader, "exec_module"):
            return spec
        exec_module, callback = loader.exec_module, self.callback

        def exec_then_call(module):
            try:
                exec_module(module)
            finally:
                vars(loader).pop("exec_module", None)   # the loader's own method again
            callback()

        loader.exec_module = exec_then_call
        return spec


def _offline_charts_when_altair_is_imported() -> None:
    if "altair" in sys.modules:
        _enable_offline_charts()
    elif not any(isinstance(f, _WhenImported) and f.name == "altair" for f in sys.meta_path):
        sys.meta_path.insert(0, _WhenImported("altair", _enable_offline_charts))


_offline_charts_when_altair_is_imported()
