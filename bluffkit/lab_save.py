"""A notebook saved in JupyterLab keeps the panels it shows (``make lab``).

The panel notebooks open with their panels drawn from the widget state saved in the file.
When JupyterLab saves a notebook (it autosaves every two minutes) it writes the widget
state of the running kernel (``saveState``, set by ``make lab``), which lacks the panels
drawn from the file until their cells run again: on the next open each such output would
read "Error displaying widget: model not found". :func:`keep_widget_state`, the server's
``pre_save_hook``, copies those panels' models from the file being replaced into the
notebook being saved, with the models they refer to.

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


def keep_widget_state(model: dict, path: str, contents_manager=None, **_) -> None:
    """The ``pre_save_hook``: into the notebook ``model`` about to be saved at ``path``,
    the saved widget models its outputs show that its own state lacks, from the file it
    replaces. Anything else (a file that is not a notebook, a new file, a file that cannot
    be read) is saved as it is."""
    if model.get("type") != "notebook" or not isinstance(model.get("content"), dict) or contents_manager is None:
        return
    nb = model["content"]
    try:
        if all(m in _state(nb) for m in shown_models(nb)):
            return
        os_path = contents_manager._get_os_path(path)
        if not os.path.isfile(os_path):
            return
        with open(os_path, encoding="utf-8") as f:
            old = json.load(f)
        found = missing_models(nb, old if isinstance(old, dict) else {})
        if not found:
            return
        widgets = nb.setdefault("metadata", {}).setdefault("widgets", {})
        saved = widgets.setdefault(WIDGET_STATE, {"version_major": 2, "version_minor": 0, "state": {}})
        if not isinstance(saved.get("state"), dict):
            saved["state"] = {}
        saved["state"].update(found)
    except (OSError, ValueError, AttributeError, TypeError, KeyError):
        return                  # saved as it is: this hook only ever adds what it can read
