"""`make lab` serves a working copy (scripts/lab_workspace.sh), so the tracked notebooks stay clean."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbformat.sign import NotebookNotary

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "lab_workspace.sh"


def _lay_out(target: Path, reset: bool = False) -> str:
    env = {**os.environ, "LAB_RESET": "1" if reset else "0", "JUPYTER": str(Path(sys.executable).with_name("jupyter")),
           "JUPYTER_DATA_DIR": str(target.parent / "data")}
    done = subprocess.run(["bash", str(SCRIPT), str(target)], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.slow
def test_the_copy_holds_notebooks_and_docs_and_keeps_edits_until_reset(tmp_path):
    work = tmp_path / "lab"
    assert _lay_out(work) == ""
    for folder in ("notebooks", "docs") + (("lessons",) if (ROOT / "lessons").is_dir() else ()):
        tracked = sorted(p.relative_to(ROOT) for p in (ROOT / folder).rglob("*")
                         if p.is_file() and ".ipynb_checkpoints" not in p.parts and "__pycache__" not in p.parts)
        assert tracked, folder
        for rel in tracked:
            assert (work / rel).read_bytes() == (ROOT / rel).read_bytes(), f"{rel} not copied"
    assert (work / "notebooks" / "index.ipynb").exists(), "the start page is not in the copy"
    # The copies are trusted, so JupyterLab draws their saved widgets.
    notary = NotebookNotary(data_dir=str(tmp_path / "data"))
    for nb in (work / "notebooks").glob("*.ipynb"):
        assert notary.check_signature(nbformat.read(nb, as_version=4)), f"{nb.name} is not trusted"

    # JupyterLab first opens with the file browser folded away (a projector shows the page at its full width)
    import json
    layout, = (work / ".workspaces").glob("default-*.jupyterlab-workspace")
    saved = json.loads(layout.read_text())
    assert saved["metadata"]["id"] == "default" and saved["data"]["layout-restorer:data"]["left"]["collapsed"] is True
    layout.write_text(layout.read_text().replace('"collapsed": true', '"collapsed": false', 1))
    # A notebook edited in the copy (JupyterLab's autosave, a teacher's notes) is kept ...
    edited = work / "notebooks" / "table.ipynb"
    edited.write_text("my notes")
    (work / "notebooks" / "index.ipynb").unlink()          # ... and a deleted one comes back
    said = _lay_out(work)
    assert edited.read_text() == "my notes"
    assert "notebooks/table.ipynb" in said and "LAB_RESET=1" in said, said
    assert (work / "notebooks" / "index.ipynb").read_bytes() == (ROOT / "notebooks" / "index.ipynb").read_bytes()
    assert '"collapsed": false' in layout.read_text(), "the layout the user left JupyterLab in is kept"

    # A copy of a file the project no longer has (a lesson's notebook renamed by a pull, a
    # teacher's own notebook) is kept and named, so the old copy is not taken for the project's.
    old = work / "notebooks" / "lesson.ipynb"
    old.write_text("an old name")
    said = _lay_out(work)
    assert old.read_text() == "an old name"
    assert "notebooks/lesson.ipynb" in said and "does not have" in said, said
    assert "notebooks/index.ipynb" not in said.split("does not have")[1], said
    old.unlink()

    # ... until asked for the project's versions again.
    assert _lay_out(work, reset=True) == ""
    assert edited.read_bytes() == (ROOT / "notebooks" / "table.ipynb").read_bytes()
    layout, = (work / ".workspaces").glob("default-*.jupyterlab-workspace")
    assert json.loads(layout.read_text())["data"]["layout-restorer:data"]["left"]["collapsed"] is True


def test_make_lab_lays_the_copy_out_with_the_environments_own_jupyter():
    """`make lab VENV=...` served JupyterLab from that environment but laid the copy out
    with ./.venv/bin/jupyter, which a checkout served from another environment lacks."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("MAKE")}     # (not the make running the tests)
    shown = subprocess.run(["make", "-n", "lab", "VENV=/elsewhere/venv", "LAB_DIR=/tmp/lab-copy"], cwd=ROOT, env=env,
                           capture_output=True, text=True, timeout=60).stdout
    assert "JUPYTER=/elsewhere/venv/bin/jupyter bash scripts/lab_workspace.sh /tmp/lab-copy" in shown, shown
