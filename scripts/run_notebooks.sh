#!/usr/bin/env bash
# Regenerate the notebooks in one command: write the panel notebooks from
# scripts/make_notebooks.py, then execute every notebook in notebooks/ in place.
#
#     scripts/run_notebooks.sh              # every notebook
#     scripts/run_notebooks.sh table.ipynb  # only these (names in notebooks/)
#
# Executing stores two things in each notebook:
# - the outputs, which nbval compares against (`make test`);
# - the widget state (notebook metadata "widgets"), which JupyterLab and nbviewer use to
#   draw every panel as it was at the end of the run as soon as the notebook opens,
#   before any cell has run. nbval ignores notebook metadata, so the state never makes
#   a test fail.
# Run it after changing a panel, a notebook's text or anything its outputs show.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="${VENV:-$root/.venv}"
cd "$root"
"$venv/bin/python" scripts/make_notebooks.py "$@"
cd notebooks
if [ "$#" -gt 0 ]; then notebooks=("$@"); else notebooks=(*.ipynb); fi
for nb in "${notebooks[@]}"; do
  echo "executing $nb"
  "$venv/bin/jupyter" nbconvert --to notebook --execute --inplace \
    --ExecutePreprocessor.store_widget_state=True "$nb" 2>&1 | { grep -v "without encryption" || true; }
  "$venv/bin/python" - "$nb" <<'PY'
import sys
import nbformat
nb = nbformat.read(sys.argv[1], as_version=4)
shown = [o["data"]["application/vnd.jupyter.widget-view+json"]["model_id"]
         for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
         if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
state = nb.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
missing = [m for m in shown if m not in state]
if missing:
    sys.exit(f"{sys.argv[1]}: {len(missing)} displayed widget(s) have no saved state: {missing[:3]}")
print(f"  {len(shown)} panel(s) saved with {len(state)} widget models")
PY
done
