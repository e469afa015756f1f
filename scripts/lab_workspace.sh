#!/usr/bin/env bash
# Lay out the working copy that `make lab` serves: notebooks/, lessons/ (when the project
# has it), docs/ and README.md (which the docs link to), copied into a git-ignored folder
# (.lab/ by default).
#
#     scripts/lab_workspace.sh [DIR]          # copy what is missing; keep every copy already there
#     LAB_RESET=1 scripts/lab_workspace.sh    # replace every copy with the project's version
#
# JupyterLab autosaves the notebooks it opens, so serving the tracked files would rewrite
# the outputs nbval compares against. Serving a copy keeps them clean.
#
# The notebooks copied are marked trusted (`jupyter trust`, with this machine's Jupyter
# secret): JupyterLab draws saved widgets only in a trusted notebook, and these are the
# project's own, so each panel notebook opens with its panels drawn. JUPYTER names the
# jupyter command (default: the project's .venv/bin/jupyter).
#
# JupyterLab's layout is kept in DIR/.workspaces (`--LabApp.workspaces_dir`, given by `make
# lab`): the first start opens on the start page with the file browser folded away
# (scripts/lab-start.jupyterlab-workspace), so a 1280x720 projector shows the page at its full width;
# Ctrl+B or the folder icon on the left shows the files. After that JupyterLab keeps the
# layout the user leaves it in; LAB_RESET=1 starts from the folded layout again.
#
# A copy already in DIR is never overwritten unless LAB_RESET=1 is given: it may hold a
# teacher's notes or a student's moves. New files of the project are copied in on every
# start, and the copies that differ from the project's are listed, so an update to the
# project (a pull, scripts/run_notebooks.sh) is not missed silently; so are the files in DIR's
# notebooks/, lessons/ and docs/ the project does not have (kept, never deleted).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="${1:-$root/.lab}"
reset="${LAB_RESET:-0}"
mkdir -p "$dir"
cd "$root"
jupyter="${JUPYTER:-$root/.venv/bin/jupyter}"
differ=()
copied=()
for folder in notebooks lessons docs README.md; do
  [ -e "$folder" ] || continue
  while IFS= read -r -d '' file; do
    target="$dir/$file"
    if [ ! -e "$target" ] || [ "$reset" = 1 ]; then
      mkdir -p "$(dirname "$target")"
      cp -p "$file" "$target"
      case "$file" in *.ipynb) copied+=("$target") ;; esac
    elif ! cmp -s "$file" "$target"; then
      differ+=("$file")
    fi
  done < <(find "$folder" -type f -not -path '*/.ipynb_checkpoints/*' -not -path '*/__pycache__/*' -print0)
done
workspaces="$dir/.workspaces"
if [ "$reset" = 1 ] || ! ls "$workspaces"/default-*.jupyterlab-workspace > /dev/null 2>&1; then
  mkdir -p "$workspaces"
  rm -f "$workspaces"/default-*.jupyterlab-workspace
  if ! said=$("$jupyter" lab workspaces import "$root/scripts/lab-start.jupyterlab-workspace" \
      --LabWorkspaceImportApp.workspaces_dir="$workspaces" 2>&1); then
    echo "Could not lay out JupyterLab's first layout in ${workspaces#"$root"/}/ (it opens as it likes):" >&2
    echo "$said" >&2
  fi
fi
if [ "${#copied[@]}" -gt 0 ]; then
  "$jupyter" trust "${copied[@]}" > /dev/null
fi
# Files in the copy that the project does not have: a teacher's own notebook, or a copy of a
# project file since moved or removed (a pull that renamed a lesson's notebook leaves the old
# name here beside the new one). Kept, never deleted; listed so an old copy is not taken for
# the project's.
others=()
for folder in notebooks lessons docs; do
  [ -d "$dir/$folder" ] || continue
  while IFS= read -r -d '' copy; do
    rel="${copy#"$dir"/}"
    [ -e "$root/$rel" ] || others+=("$rel")
  done < <(find "$dir/$folder" -type f -not -path '*/.ipynb_checkpoints/*' -not -path '*/__pycache__/*' -print0 | sort -z)
done
if [ "${#differ[@]}" -gt 0 ]; then
  echo "Kept your copies in ${dir#"$root"/}/ of these files, which differ from the project's"
  echo "(make lab LAB_RESET=1 replaces every copy with the project's version):"
  printf '  %s\n' "${differ[@]}"
fi
if [ "${#others[@]}" -gt 0 ]; then
  echo "Kept these files in ${dir#"$root"/}/, which the project does not have (your own, or a project"
  echo "file since moved or removed: the project's file may now be under another name):"
  printf '  %s\n' "${others[@]}"
fi
