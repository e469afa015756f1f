#!/usr/bin/env bash
# Serve one notebook as an app with Voila, for projecting: its panels and outputs, no
# code cells, nothing fetched from the network (`make present NOTEBOOK=...` runs this).
#
#     scripts/present.sh [NOTEBOOK] [VOILA OPTIONS...]
#
# NOTEBOOK is a path, or a name in notebooks/ ("table" or "table.ipynb"); without one,
# Voila lists the notebooks in notebooks/. The options go to voila, e.g. --port=8870 or
# --no-browser. VOILA names the voila command (default: the project's .venv/bin/voila).
# The page uses the template in share/jupyter/voila/templates/bluffkit: Voila's lab
# template without its links to a CDN.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
voila="${VOILA:-$root/.venv/bin/voila}"
nb="${1:-}"
[ "$#" -gt 0 ] && shift
if [ -z "$nb" ]; then
  nb="$root/notebooks"
elif [ ! -e "$nb" ]; then
  for try in "$root/notebooks/$nb" "$root/notebooks/$nb.ipynb"; do
    if [ -e "$try" ]; then nb="$try"; break; fi
  done
fi
if [ ! -e "$nb" ]; then
  echo "no notebook $nb; the notebooks are: $(cd "$root/notebooks" && echo *.ipynb)" >&2
  exit 2
fi
echo "serving $nb with Voila (Ctrl-C stops it)"
export JUPYTER_PATH="$root/share/jupyter${JUPYTER_PATH:+:$JUPYTER_PATH}"
exec "$voila" "$nb" --template=bluffkit --theme=light --Voila.ip=127.0.0.1 "$@"
