"""bluffkit installed rather than run from a checkout: the wheel carries the shipped data.

The decks, boards and scenarios are the project's ``data/`` folder; pyproject.toml maps it into
the wheel as ``bluffkit/data/`` and :mod:`bluffkit.core.datafiles` finds it there. Without them an
installed bluffkit (a cluster's workers, docs/scale.md) could not deal Bidder Up! or Bluffer.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
import tomllib
import zipfile

import pytest
from paths import REPO


def _setuptools() -> dict:
    return tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]


def test_the_package_list_names_every_package_of_the_tree():
    packages = {".".join(p.parent.relative_to(REPO).parts) for p in (REPO / "bluffkit").rglob("__init__.py")}
    listed = {name for name in _setuptools()["packages"] if not name.startswith("bluffkit.data")}
    assert listed == packages


def test_every_shipped_data_file_goes_into_the_wheel():
    config = _setuptools()
    assert config["package-dir"] == {"bluffkit.data": "data"}
    folders = {p.name for p in (REPO / "data").iterdir() if p.is_dir()}
    assert {n for n in config["packages"] if n.startswith("bluffkit.data")} == {f"bluffkit.data.{f}" for f in folders}
    for folder in folders:
        globs = config["package-data"][f"bluffkit.data.{folder}"]
        files = {p.name for p in (REPO / "data" / folder).iterdir()}
        shipped = {p.name for g in globs for p in (REPO / "data" / folder).glob(g)}
        assert files and shipped == files, folder


PLAY = textwrap.dedent("""
    import sys
    from pathlib import Path
    import bluffkit
    from bluffkit.agents.base import make_agent
    from bluffkit.core.datafiles import DATA_DIR
    from bluffkit.core.game import make_game
    from bluffkit.core.play import play
    from bluffkit.core.scenario import list_scenarios, run
    site = Path(sys.argv[1]).resolve()
    assert Path(bluffkit.__file__).resolve().is_relative_to(site), bluffkit.__file__
    assert DATA_DIR == site / "bluffkit" / "data", DATA_DIR
    for name, options in (("bidder-up", {"board": "animal-market"}), ("bidder-up", {"board": "fairground"}),
                          ("bluffer", {})):
        game = make_game(name, **options)
        play(game, [make_agent("random", game) for _ in range(3)], seed=1)
    scenarios = list_scenarios()
    assert all(run(s).ok for s in scenarios)
    print(len(scenarios), "scenarios")
""")


@pytest.mark.slow
def test_an_installed_wheel_deals_every_game_and_reads_every_scenario(tmp_path):
    """The wheel is built as a user builds it (uv fetches setuptools into its build
    environment, from its cache or PyPI, which `make test` needs anyway), unpacked, and
    played from a fresh process outside the checkout."""
    uv = REPO / ".venv-tools" / "bin" / "uv"
    if not uv.exists():
        pytest.skip("no uv in .venv-tools: `make test` installs it")
    source = tmp_path / "source"
    source.mkdir()
    shutil.copy(REPO / "pyproject.toml", source)
    for folder in ("bluffkit", "data"):
        shutil.copytree(REPO / folder, source / folder, ignore=shutil.ignore_patterns("__pycache__"))
    built = subprocess.run([str(uv), "build", "--wheel", "-q", "-o", str(tmp_path / "dist"), str(source)],
                           capture_output=True, text=True, timeout=240)
    assert built.returncode == 0, built.stderr
    (wheel,) = (tmp_path / "dist").glob("bluffkit-*.whl")
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as zipped:
        zipped.extractall(site)
    done = subprocess.run([sys.executable, "-c", PLAY, str(site)], capture_output=True, text=True, timeout=240,
                          cwd=tmp_path, env={"PYTHONPATH": str(site), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    count = len(list((REPO / "data" / "scenarios").glob("*.json")))
    assert done.stdout.split() == [str(count), "scenarios"]
