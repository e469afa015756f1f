"""bluffkit.lab_save: a notebook JupyterLab saves keeps the saved models of the panels it
was opened with and never the live game's (the browser test test_open_ready.py checks it in
JupyterLab itself)."""

from __future__ import annotations

import json

from bluffkit.lab_save import NOT_SAVED, WIDGET_STATE, WIDGET_VIEW, keep_widget_state, missing_models, shown_models


def _nb(shown, state):
    cells = [{"cell_type": "code", "outputs": [{"output_type": "display_data",
                                                "data": {WIDGET_VIEW: {"model_id": m}}} for m in shown]}]
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


def _notes(nb) -> int:
    return sum(NOT_SAVED in o["data"].get("text/plain", "") for c in nb["cells"] for o in c["outputs"])


def test_the_panels_opened_with_keep_their_models_and_those_they_refer_to(tmp_path):
    (tmp_path / "n.ipynb").write_text(json.dumps(_nb(["aa"], OLD)))
    new = _nb(["aa"], None)
    keep_widget_state({"type": "notebook", "content": new}, "n.ipynb", Manager(tmp_path))
    assert sorted(new["metadata"]["widgets"][WIDGET_STATE]["state"]) == ["aa", "bb", "cc"]
    assert shown_models(new) == ["aa"] and _notes(new) == 0


def test_a_panel_of_this_run_is_not_saved_but_says_to_run_the_cell(tmp_path):
    """Its model is in no saved state: saving it would write the live game (a seat's hand)."""
    (tmp_path / "n.ipynb").write_text(json.dumps(_nb(["aa"], OLD)))
    new = _nb(["ee", "aa"], {})
    keep_widget_state({"type": "notebook", "content": new}, "n.ipynb", Manager(tmp_path))
    assert shown_models(new) == ["aa"] and _notes(new) == 1
    assert "ee" not in new["metadata"]["widgets"][WIDGET_STATE]["state"]
    fresh = _nb(["ee"], {})                               # a new file: nothing saved before
    keep_widget_state({"type": "notebook", "content": fresh}, "new.ipynb", Manager(tmp_path))
    assert shown_models(fresh) == [] and _notes(fresh) == 1


def test_a_file_that_is_not_a_notebook_is_saved_as_it_is(tmp_path):
    model = {"type": "file", "content": "text"}
    keep_widget_state(model, "n.txt", Manager(tmp_path))
    assert model == {"type": "file", "content": "text"}


def test_live_models_sent_with_the_notebook_are_never_saved(tmp_path):
    """With "Save Widget State Automatically" turned back on, JupyterLab sends every live
    model: Ann's hand among them. Only the file's own models of what is still shown stay,
    in the file's own copy."""
    (tmp_path / "n.ipynb").write_text(json.dumps(_nb(["aa"], OLD)))
    live = {"aa": {"state": {"changed": "live"}}, "bb": {}, "cc": {}, "ll": {"state": {"value": "Ann's hand: AS KS"}}}
    new = _nb(["aa", "ll"], live)
    keep_widget_state({"type": "notebook", "content": new}, "n.ipynb", Manager(tmp_path))
    saved = new["metadata"]["widgets"][WIDGET_STATE]["state"]
    assert sorted(saved) == ["aa", "bb", "cc"] and saved["aa"] == OLD["aa"]
    assert "AS KS" not in json.dumps(new) and shown_models(new) == ["aa"] and _notes(new) == 1
    fresh = _nb(["aa"], {"aa": {"state": {}}})           # Save As: no file before, nothing kept
    keep_widget_state({"type": "notebook", "content": fresh}, "other.ipynb", Manager(tmp_path))
    assert fresh["metadata"]["widgets"][WIDGET_STATE]["state"] == {} and _notes(fresh) == 1


def test_other_formats_of_a_widget_output_are_kept():
    new = _nb(["zz"], {})
    new["cells"][0]["outputs"][0]["data"].update({"image/png": "iVBOR", "text/plain": "IntSlider(...)"})
    keep_widget_state({"type": "notebook", "content": new}, "x.ipynb", None)
    data = new["cells"][0]["outputs"][0]["data"]
    assert data["image/png"] == "iVBOR" and data["text/plain"] == NOT_SAVED and WIDGET_VIEW not in data


def test_odd_files_never_stop_a_save(tmp_path):
    """An old file that is not a notebook, or states that are not objects: the panel of this
    run still becomes the note, and nothing raises."""
    for i, old in enumerate(([], {"metadata": None}, {"metadata": {"widgets": {WIDGET_STATE: "x"}}}, "text")):
        (tmp_path / f"o{i}.ipynb").write_text(json.dumps(old))
        for state in (None, {}, "x"):
            nb = _nb(["aa"], {})
            if state != {}:
                nb["metadata"]["widgets"][WIDGET_STATE]["state"] = state
            keep_widget_state({"type": "notebook", "content": nb}, f"o{i}.ipynb", Manager(tmp_path))
            assert _notes(nb) == 1
    (tmp_path / "bad.ipynb").write_text("{not json")
    nb = _nb(["aa"], {})
    keep_widget_state({"type": "notebook", "content": nb}, "bad.ipynb", Manager(tmp_path))
    assert _notes(nb) == 1


def test_a_loop_of_references_ends():
    old = _nb(["aa"], {"aa": {"x": "IPY_MODEL_bb"}, "bb": {"x": "IPY_MODEL_aa"}})
    assert sorted(missing_models(_nb(["aa"], {}), old)) == ["aa", "bb"]


def test_a_code_cell_without_a_list_of_outputs_never_stops_a_save(tmp_path):
    """A code cell whose ``outputs`` is null (a hand-edited or damaged file) holds no
    widget view: the save goes on, keeps no state, and leaves the cell as it was."""
    (tmp_path / "n.ipynb").write_text(json.dumps(_nb(["aa"], OLD)))
    for path, manager in (("n.ipynb", Manager(tmp_path)), ("x.ipynb", None)):
        nb = {"cells": [{"cell_type": "code", "outputs": None}], "metadata": {}}
        keep_widget_state({"type": "notebook", "content": nb}, path, manager)
        assert nb["cells"] == [{"cell_type": "code", "outputs": None}]
        assert nb["metadata"]["widgets"][WIDGET_STATE]["state"] == {}
