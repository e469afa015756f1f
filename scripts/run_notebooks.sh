#!/usr/bin/env bash
# Regenerate the notebooks in one command: bring every notebook in notebooks/ up to date
# with its text, then execute the notebooks in place.
#
#     scripts/run_notebooks.sh              # every notebook
#     scripts/run_notebooks.sh table.ipynb  # only these are executed (names in notebooks/)
#
# Each notebook is a jupytext pair: notebooks/NAME.md (MyST markdown) is the text, the one
# to edit and review; notebooks/NAME.ipynb is the same notebook with its outputs. Both are
# committed. The steps:
# 1. the start page's table of lessons (notebooks/index.md, between its two comments) is
#    written from the front matter of every lessons/NN-slug/NN-slug.md;
# 2. `jupytext --sync` brings every .ipynb up to date with its .md (it keeps the outputs of
#    the cells whose code did not change; whichever file of a pair is newer is read);
# 3. each notebook named (default: every one) is executed in place. That stores
#    - the outputs, which nbval compares against (`make test`);
#    - the widget state (notebook metadata "widgets", never in the .md), which JupyterLab
#      and nbviewer use to draw every panel as it was at the end of the run as soon as
#      the notebook opens, before any cell has run. nbval ignores notebook metadata, so
#      the state never makes a test fail;
# 4. every displayed panel is checked to have its state saved.
# Run it after changing a panel, a notebook's text or anything its outputs show. A change to
# markdown only needs step 2: `jupytext --sync notebooks/*.md`.
#
# A new notebook: write notebooks/NAME.md with the front matter of the others (its
# `formats: ipynb,md:myst` pairs it), start it with the "hide-when-presented" cell that says
# to run every cell if it shows panels (the words of bluffkit.lab_save.START_LINE), then run
# this script with NAME.ipynb.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="${VENV:-$root/.venv}"
cd "$root"
for nb in "$@"; do
  if [ ! -e "notebooks/${nb%.ipynb}.md" ]; then
    echo "no notebook notebooks/${nb%.ipynb}.md; the notebooks are:$(cd notebooks && for f in *.md; do printf ' %s' "${f%.md}.ipynb"; done)" >&2
    exit 2
  fi
done

PYTHONPATH="$root${PYTHONPATH:+:$PYTHONPATH}" "$venv/bin/python" - notebooks/index.md <<'PY'
import sys
from pathlib import Path

from bluffkit import lessons

START = "<!-- The rows are written from each lesson's front matter"
END = "<!-- end of the lessons -->"
page = Path(sys.argv[1])
text = page.read_text(encoding="utf-8")
if START not in text or END not in text:
    sys.exit(f"{page}: the lessons table is not marked; it lies between a line starting "
             f"{START!r} and the line {END!r}")
head, rest = text.split(START, 1)
marker, rest = rest.split("\n", 1)
_, tail = rest.split(END, 1)
rows = ["| # | lesson | duration | summary |", "| --- | --- | --- | --- |"]
for folder in lessons.lesson_folders():
    meta = lessons.read(folder).meta
    missing = [k for k in ("title", "summary", "minutes") if not meta.get(k)]
    if missing:
        sys.exit(f"{lessons.source_of(folder)}: its bluffkit front matter has no {', '.join(missing)}")
    cell = lambda s: " ".join(str(s).split()).replace("|", "\\|")  # noqa: E731
    rows.append(f"| {folder.name[:2]} | [{cell(meta['title'])}](../lessons/{folder.name}/{folder.name}.ipynb) "
                f"| {cell(meta['minutes'])} min | {cell(meta['summary'])} |")
new = f"{head}{START}{marker}\n\n" + "\n".join(rows) + f"\n\n{END}{tail}"
if new != text:
    page.write_text(new, encoding="utf-8")
    print(f"{page}: the lessons table written ({len(rows) - 2} lessons)")
PY

"$venv/bin/jupytext" --sync --quiet notebooks/*.md 2>&1 | { grep -v "Notebook is not trusted" || true; }

cd notebooks
if [ "$#" -gt 0 ]; then notebooks=("$@"); else notebooks=(*.ipynb); fi
for nb in "${notebooks[@]}"; do
  nb="${nb%.ipynb}.ipynb"
  echo "executing $nb"
  "$venv/bin/jupyter" nbconvert --to notebook --execute --inplace \
    --ExecutePreprocessor.store_widget_state=True "$nb" 2>&1 | { grep -v "without encryption" || true; }
  # The text stays the newer file of the pair, so the next sync reads it.
  touch "${nb%.ipynb}.md"
  "$venv/bin/python" - "$nb" <<'PY'
import sys
import nbformat
nb = nbformat.read(sys.argv[1], as_version=4)
shown = [o["data"]["application/vnd.jupyter.widget-view+json"]["model_id"]
         for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
         if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
state = nb.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
from bluffkit.lessons import missing_widget_state
missing = missing_widget_state(nb)
if missing:
    sys.exit(f"{sys.argv[1]}: {len(missing)} displayed widget(s) have no saved state: {missing[:3]}")
print(f"  {len(shown)} panel(s) saved with {len(state)} widget models")
PY
done
