"""bluffkit.lab_save: a notebook JupyterLab saves keeps the saved models of the panels it
shows (the browser test test_open_ready.py checks it in JupyterLab itself)."""

from __future__ import annotations

import json

from bluffkit.lab_save import WIDGET_STATE, WIDGET_VIEW, keep_widget_state, missing_models


def _nb(shown, state):
    cells = [{"cell_type": "code", "outputs": [{"data": {WIDGET_VIEW: {"model_id": m}}} for m in shown]}]
    meta = {} if state is None else {"widgets": {WIDGET_STATE: {"version_major": 2, "version_minor": 0,
                                                                "state": state}}}
    return {"cells": cells, "metadata": meta}


class Manager:
    def __init__(self, root):
        self.root = root

    def _get_os_path(self, path):
        return str(self.root / path)


OLD = {"aa": {"state": {"children": ["IPY_MODEL_bb"]}}, "bb": {"state": {"layout": "IPY_MODEL_cc"}},
       "cc": {"state": {}}, "dd": {"state": {}}}


def test_the_shown_models_and_those_they_refer_to_come_from_the_file_replaced(tmp_path):
    (tmp_path / "n.ipynb").write_text(json.dumps(_nb(["aa"], OLD)))
    new = _nb(["aa", "ee"], {"ee": {"state": {}}})
    keep_widget_state({"type": "notebook", "content": new}, "n.ipynb", Manager(tmp_path))
    assert sorted(new["metadata"]["widgets"][WIDGET_STATE]["state"]) == ["aa", "bb", "cc", "ee"]


def test_no_state_at_all_gets_one(tmp_path):
    (tmp_path / "n.ipynb").write_text(json.dumps(_nb(["aa"], OLD)))
    new = _nb(["aa"], None)
    keep_widget_state({"type": "notebook", "content": new}, "n.ipynb", Manager(tmp_path))
    assert sorted(new["metadata"]["widgets"][WIDGET_STATE]["state"]) == ["aa", "bb", "cc"]


def test_what_needs_nothing_or_cannot_be_read_is_saved_as_it_is(tmp_path):
    whole = _nb(["aa"], {"aa": {"state": {}}})
    for model, path in [({"type": "notebook", "content": json.loads(json.dumps(whole))}, "n.ipynb"),
                        ({"type": "notebook", "content": _nb(["aa"], {})}, "new.ipynb"),
                        ({"type": "file", "content": "text"}, "n.txt")]:
        before = json.dumps(model)
        keep_widget_state(model, path, Manager(tmp_path))
        assert json.dumps(model) == before
    (tmp_path / "bad.ipynb").write_text("{not json")
    model = {"type": "notebook", "content": _nb(["aa"], {})}
    keep_widget_state(model, "bad.ipynb", Manager(tmp_path))
    assert model["content"]["metadata"]["widgets"][WIDGET_STATE]["state"] == {}


def test_a_loop_of_references_ends():
    old = _nb(["aa"], {"aa": {"x": "IPY_MODEL_bb"}, "bb": {"x": "IPY_MODEL_aa"}})
    assert sorted(missing_models(_nb(["aa"], {}), old)) == ["aa", "bb"]


def test_odd_files_never_stop_a_save(tmp_path):
    """Valid JSON that is not a notebook, or states that are not objects: saved as they are."""
    for i, old in enumerate(([], {"metadata": None}, {"metadata": {"widgets": {WIDGET_STATE: "x"}}}, "text")):
        (tmp_path / f"o{i}.ipynb").write_text(json.dumps(old))
        for state in (None, {}, "x"):
            nb = _nb(["aa"], {})
            if state != {}:
                nb["metadata"]["widgets"][WIDGET_STATE]["state"] = state
            keep_widget_state({"type": "notebook", "content": nb}, f"o{i}.ipynb", Manager(tmp_path))
    nb = _nb(["aa"], {})
    nb["metadata"]["widgets"][WIDGET_STATE]["state"] = None
    (tmp_path / "good.ipynb").write_text(json.dumps(_nb(["aa"], OLD)))
    keep_widget_state({"type": "notebook", "content": nb}, "good.ipynb", Manager(tmp_path))
    assert sorted(nb["metadata"]["widgets"][WIDGET_STATE]["state"]) == ["aa", "bb", "cc"]
