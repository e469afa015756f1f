#!/usr/bin/env bash
# Execute every notebook in place, storing the outputs that nbval compares against.
# The saved widget state is dropped: widgets are rebuilt when the notebook runs.
set -euo pipefail
cd "$(dirname "$0")/../notebooks"
for nb in *.ipynb; do
  ../.venv/bin/jupyter nbconvert --to notebook --execute --inplace "$nb" 2>&1 | grep -v "without encryption" || true
  ../.venv/bin/python - "$nb" <<'PY'
import sys, nbformat
nb = nbformat.read(sys.argv[1], as_version=4)
nb.metadata.pop("widgets", None)
nbformat.write(nb, sys.argv[1])
PY
done
