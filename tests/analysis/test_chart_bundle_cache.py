"""The interactive chart widget's JavaScript bundle is kept on disk
(:func:`bluffkit.charts_offline.offline_widgets`): read from the cache when it is there,
made (as altair makes it) and written whole when it is not, and never read across
versions or from a damaged file; and where that cache lives, and the resolution
:func:`~bluffkit.charts_offline.save` gives a PNG."""

from __future__ import annotations

import altair as alt
import pytest

from bluffkit import charts_offline


@pytest.fixture
def fresh_widget_class(monkeypatch, tmp_path):
    """altair's JupyterChart as if no chart had been drawn in this process, with the
    cache in ``tmp_path``; the class is put back as it was afterwards."""
    monkeypatch.setenv("BLUFFKIT_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(alt.JupyterChart, "_is_offline", False)
    monkeypatch.setattr(alt.JupyterChart, "_esm", alt.JupyterChart._esm)
    return tmp_path / "cache"


def test_the_cache_lives_where_the_environment_says(monkeypatch, tmp_path):
    monkeypatch.setenv("BLUFFKIT_CACHE", str(tmp_path / "here"))
    assert charts_offline.cache_dir() == tmp_path / "here"
    monkeypatch.delenv("BLUFFKIT_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert charts_offline.cache_dir() == tmp_path / "xdg" / "bluffkit"


def test_a_cached_bundle_is_used_without_bundling(fresh_widget_class, monkeypatch):
    path = charts_offline._bundle_file()
    assert path.parent == fresh_widget_class
    path.parent.mkdir(parents=True)
    path.write_text("/* the bundle */", encoding="utf-8")

    def no_bundling(*args, **kwargs):
        raise AssertionError("bundled again although the cache holds the bundle")
    monkeypatch.setattr(alt.JupyterChart, "enable_offline", classmethod(no_bundling))
    charts_offline.offline_widgets()
    assert alt.JupyterChart._esm == "/* the bundle */"
    assert alt.JupyterChart._is_offline


def test_the_file_is_named_after_the_versions(fresh_widget_class, monkeypatch):
    import vl_convert
    before = charts_offline._bundle_file()
    monkeypatch.setattr(vl_convert, "__version__", vl_convert.__version__ + ".post1")
    assert charts_offline._bundle_file() != before
    monkeypatch.undo()
    monkeypatch.setattr(alt, "__version__", alt.__version__ + ".post1")
    assert charts_offline._bundle_file() != before


@pytest.mark.parametrize("damage", ["empty", "not-utf8", "a-folder"])
def test_a_damaged_cache_file_is_made_again(fresh_widget_class, monkeypatch, damage):
    path = charts_offline._bundle_file()
    path.parent.mkdir(parents=True)
    if damage == "empty":
        path.write_bytes(b"")
    elif damage == "not-utf8":
        path.write_bytes(b"\xff\xfe\x00bundle")
    else:
        path.mkdir()
    made = []

    def bundle(cls):
        made.append(1)
        cls._esm, cls._is_offline = "/* made again */", True
    monkeypatch.setattr(alt.JupyterChart, "enable_offline", classmethod(bundle))
    charts_offline.offline_widgets()
    assert made == [1]
    assert alt.JupyterChart._esm == "/* made again */"
    if damage != "a-folder":
        assert path.read_text(encoding="utf-8") == "/* made again */"
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")], "a temporary file was left"


def test_an_unwritable_cache_still_draws(fresh_widget_class, monkeypatch):
    fresh_widget_class.parent.mkdir(exist_ok=True)
    fresh_widget_class.write_text("a file where the folder should be")

    def bundle(cls):
        cls._esm, cls._is_offline = "/* made */", True
    monkeypatch.setattr(alt.JupyterChart, "enable_offline", classmethod(bundle))
    charts_offline.offline_widgets()
    assert alt.JupyterChart._esm == "/* made */"


@pytest.mark.slow
def test_the_cached_bundle_is_altairs_own(fresh_widget_class):
    """Made for real (vl-convert bundles it, 1 to 4 s): the file written is the bundle
    altair's enable_offline() makes, and a second process state reads it back."""
    charts_offline.offline_widgets()
    made = alt.JupyterChart._esm
    assert "vega" in made and len(made) > 100_000
    assert charts_offline._bundle_file().read_text(encoding="utf-8") == made
    alt.JupyterChart._is_offline, alt.JupyterChart._esm = False, "stale"
    charts_offline.offline_widgets()
    assert alt.JupyterChart._esm == made


def test_the_file_is_named_after_the_widget_source(fresh_widget_class, monkeypatch):
    """The name is made from altair's widget source too: an altair whose widget
    JavaScript changed (a patched install, the same version number) never reads the old
    bundle."""
    import altair.jupyter.jupyter_chart as jupyter_chart
    before = charts_offline._bundle_file()
    real = jupyter_chart.load_js_src()
    monkeypatch.setattr(jupyter_chart, "load_js_src", lambda: real + "\n// patched")
    assert charts_offline._bundle_file() != before
    assert charts_offline._bundle_file().parent == before.parent


def test_an_empty_cache_variable_counts_as_unset(monkeypatch, tmp_path):
    """``BLUFFKIT_CACHE=`` (set, empty) is no folder: as with ``XDG_CACHE_HOME``, an empty
    variable counts as unset, so the cache is not made in whatever folder is current."""
    monkeypatch.setenv("BLUFFKIT_CACHE", "")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert charts_offline.cache_dir() == tmp_path / "xdg" / "bluffkit"
    monkeypatch.setenv("XDG_CACHE_HOME", "")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert charts_offline.cache_dir() == tmp_path / "home" / ".cache" / "bluffkit"


def test_a_bundle_whose_writing_fails_midway_leaves_no_file(fresh_widget_class, monkeypatch):
    """Written whole or not at all: when the disk fills up halfway through the bundle, no
    half bundle is left under the name a later kernel reads (nor a temporary file), and the
    chart still draws from the bundle in memory."""
    import builtins
    import os

    from full_disk import HalfWritten
    cache = str(fresh_widget_class)
    bundle = "/* made */" + "x" * 10_000

    def full_disk(real):
        def opener(file, mode="r", *args, **kwargs):
            f = real(file, mode, *args, **kwargs)
            in_cache = isinstance(file, int) or os.fspath(file).startswith(cache)
            return HalfWritten(f) if "w" in mode and in_cache else f
        return opener

    def bundle_it(cls):
        cls._esm, cls._is_offline = bundle, True
    monkeypatch.setattr(alt.JupyterChart, "enable_offline", classmethod(bundle_it))
    with monkeypatch.context() as disk:
        disk.setattr(os, "fdopen", full_disk(os.fdopen))
        disk.setattr(builtins, "open", full_disk(builtins.open))
        charts_offline.offline_widgets()
    assert alt.JupyterChart._esm == bundle
    assert not fresh_widget_class.exists() or list(fresh_widget_class.iterdir()) == [], \
        "a half-written bundle (or a temporary file) was left in the cache"


def _png_size(path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


@pytest.mark.slow
def test_the_scale_factor_sets_a_png_s_resolution(tmp_path):
    """Two PNG exports through vl-convert (about 0.6 s):
    ``save(chart, "x.png", scale_factor=2)`` is the same picture at twice the pixels,
    twice as wide and twice as high as at the default scale of 1."""
    import pandas as pd
    chart = alt.Chart(pd.DataFrame({"x": [1, 2], "y": [3, 1]})).mark_bar().encode(x="x:O", y="y:Q")
    width, height = _png_size(charts_offline.save(chart, tmp_path / "one.png"))
    assert _png_size(charts_offline.save(chart, tmp_path / "two.png", scale_factor=2)) == (2 * width, 2 * height)
