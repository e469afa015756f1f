"""A notebook saved in JupyterLab keeps the panels it was opened with, and never what a
game showed since (``make lab``).

The panel notebooks open with their panels drawn from the widget state saved in the file
(a seat's cover screen, the start of a game). JupyterLab saves a notebook every two
minutes. Were it to save the live widget state, the file would hold whatever screen was up
at that moment: a seat's hand in a hot-seat game, the Bluffer leader's true answer, the
end of a lab auction whose seed the next class plays again; anyone could read it in the
file. So ``make lab`` leaves JupyterLab's ``saveState`` off, and :func:`keep_widget_state`,
the server's ``pre_save_hook``, makes the saved file agree with itself:

- a panel output whose model the file saved before (a panel not run again) keeps that
  model, with the models it refers to;
- a panel output drawn by this run of the kernel (its model in no saved state) becomes a
  line saying to run the cell: on the next open it would otherwise read "Error displaying
  widget: model not found", and saving its state would write the live game to disk.

Started by ``make lab`` and the browser tests as
``--ContentsManager.pre_save_hook=bluffkit.lab_save.keep_widget_state``.
"""

from __future__ import annotations

import json
import os
import re

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
_REF = re.compile(r"IPY_MODEL_([0-9a-f]+)")

#: What a widget drawn by a run that was not saved shows on the next open.
NOT_SAVED = ("This output was drawn by a run of the notebook and is not saved with it (a panel may have "
             "shown a player's screen). Run the cell, or Run All Cells, to draw it again.")

#: The first line of every panel notebook in notebooks/ (a markdown cell tagged
#: ``hide-when-presented``), true of both things a panel's place may hold before its cell
#: runs: the picture saved with the notebook, which JupyterLab marks with its red
#: broken-link sign (the widget has no kernel behind it), or, once a run was saved, the
#: line :data:`NOT_SAVED`. "A picture of the last run" was said of both.
START_LINE = ("**To play, run every cell: Run ▸ Run All Cells.** Until then the panels below do nothing: each "
              "is either a picture saved with the notebook, marked with a red broken-link sign (it is not "
              "connected to Python yet), or, if the notebook was saved after its cell ran, a line saying to "
              "run the cell.")


def shown_models(nb: dict) -> list[str]:
    """The model ids of the widget views the notebook's outputs display."""
    return [o["data"][WIDGET_VIEW].get("model_id") for c in nb.get("cells", []) if c.get("cell_type") == "code"
            for o in c.get("outputs", []) if isinstance(o.get("data"), dict) and WIDGET_VIEW in o["data"]]


def _state(nb: dict) -> dict:
    """The saved widget models of ``nb`` by id; ``{}`` where there are none (or the file is
    not shaped as a notebook)."""
    state = ((nb.get("metadata") or {}).get("widgets") or {}).get(WIDGET_STATE) or {}
    found = state.get("state") if isinstance(state, dict) else None
    return found if isinstance(found, dict) else {}


def missing_models(nb: dict, old: dict) -> dict:
    """The models of ``old``'s saved state that the views ``nb`` shows need and ``nb``'s
    state lacks: each missing shown model and every model it refers to (``IPY_MODEL_id``),
    all the way down."""
    have, there = _state(nb), _state(old)
    out: dict = {}
    todo = [m for m in shown_models(nb) if m not in have]
    while todo:
        m = todo.pop()
        if m in out or m in have or m not in there:
            continue
        out[m] = there[m]
        todo.extend(_REF.findall(json.dumps(there[m])))
    return out


def _unsaved_note(output: dict) -> dict:
    """The output that stands for a widget whose state is not saved: its other formats (an
    image a widget library gave as a fallback) kept, the view and its text replaced."""
    data = {k: v for k, v in output["data"].items() if k not in (WIDGET_VIEW, "text/plain", "text/html")}
    data.update({"text/plain": NOT_SAVED, "text/html": f"<p><i>{NOT_SAVED}</i></p>"})
    return {"output_type": "display_data", "metadata": {}, "data": data}


def _read_old(path: str, contents_manager) -> dict:
    """The notebook the save replaces, as JSON; ``{}`` when there is none or it cannot be read."""
    try:
        os_path = contents_manager._get_os_path(path) if contents_manager is not None else None
        if not os_path or not os.path.isfile(os_path):
            return {}
        with open(os_path, encoding="utf-8") as f:
            read = json.load(f)
    except (OSError, ValueError, AttributeError, TypeError):
        return {}
    return read if isinstance(read, dict) else {}


def _write(nb: dict, kept: dict) -> None:
    """``nb``'s widget state set to ``kept`` alone, and each widget output whose model is not
    in it turned into :data:`NOT_SAVED`."""
    meta = nb.get("metadata")
    if not isinstance(meta, dict):
        meta = nb["metadata"] = {}
    widgets = meta.get("widgets")
    if not isinstance(widgets, dict):
        widgets = meta["widgets"] = {}
    widgets[WIDGET_STATE] = {"version_major": 2, "version_minor": 0, "state": kept}
    for cell in nb.get("cells") or []:
        if not isinstance(cell, dict) or cell.get("cell_type") != "code" or not isinstance(cell.get("outputs"), list):
            continue
        cell["outputs"] = [
            _unsaved_note(o) if isinstance(o, dict) and isinstance(o.get("data"), dict) and WIDGET_VIEW in o["data"]
            and (o["data"][WIDGET_VIEW] or {}).get("model_id") not in kept else o for o in cell["outputs"]]


def keep_widget_state(model: dict, path: str, contents_manager=None, **_) -> None:
    """The ``pre_save_hook``: the notebook ``model`` about to be saved at ``path`` keeps, of
    widget state, only the models the file it replaces held that its outputs still show
    (with the models they refer to), taken from that file; a widget output whose model is
    not among them becomes :data:`NOT_SAVED`. So whatever JupyterLab sends (a user may turn
    "Save Widget State Automatically" back on, which sends every live model), no model of
    the live kernel reaches the file. A file that is not a notebook is saved as it is."""
    if model.get("type") != "notebook" or not isinstance(model.get("content"), dict):
        return
    nb = model["content"]
    try:
        old = _read_old(path, contents_manager)
        probe = dict(nb, metadata={})                   # as if nothing were saved with it
        kept = missing_models(probe, old)
    except (ValueError, AttributeError, TypeError, KeyError):
        kept = {}                                        # nothing readable: keep no state at all
    try:
        _write(nb, kept)
    except (ValueError, AttributeError, TypeError, KeyError):
        pass                    # a notebook too malformed to walk holds no outputs JupyterLab drew
