"""Charts that draw with no network: the renderer bluffkit uses, and saving files.

Why this module exists. Altair 6's default renderer writes HTML that loads vega,
vega-lite and vega-embed from a CDN (``cdn.jsdelivr.net``). In a classroom that is
offline or behind a filter, JupyterLab and Voila then draw nothing ("Error loading
script"). Its ``mimetype`` renderer is no way out either: it emits a vega-lite v6
mimetype that JupyterLab 4's built-in renderer (vega-lite 5) does not know.

The choice: :func:`enable` turns on altair's ``"svg"`` renderer by default. The
chart is drawn in the kernel by ``vl-convert-python`` (a dependency of bluffkit,
with vega bundled inside it, so no JavaScript is fetched) and the notebook output
is a plain ``image/svg+xml`` picture:

- it draws in JupyterLab, Voila, nbconvert and on GitHub, online or not;
- it is small (9 to 83 KB a chart in bluffkit's notebooks and lessons on 6 December; a
  scatter of 2,000 bids 835 KB) and byte-identical from run to run, so notebooks stay
  stable under nbval;
- it is static: tooltips, zoom and selections do not work. The same chart keeps
  its tooltips in an HTML file written by :func:`save`.

``enable("png")`` gives static PNGs instead (nbval skips PNG outputs).
``enable("interactive")`` uses altair's ``"jupyter"`` renderer with ``offline=True``:
an ``anywidget`` widget (also a dependency) that carries vega's JavaScript in the
widget state. Charts are then interactive with no network, at a cost: about 0.9 MB of
widget state per chart in the notebook, and it needs a live kernel (JupyterLab,
Voila), not a static export.

:func:`save` writes ``.svg`` and ``.png`` through vl-convert and ``.html`` with
``inline=True`` (the JavaScript inside the file, ~0.9 MB), so every file opens
offline too.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

import altair as alt

MODES = ("svg", "png", "interactive")
FORMATS = (".svg", ".png", ".html")


def enable(mode: str = "svg"):
    """Make altair draw charts with no network; ``mode`` is ``"svg"`` (default),
    ``"png"`` or ``"interactive"`` (see the module docstring).

    Returns altair's enabler; used as a context manager, it restores the previous
    renderer on exit:

    >>> with enable():
    ...     alt.renderers.active
    'svg'
    """
    if mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(map(repr, MODES))}, got {mode!r}")
    if mode == "interactive":
        import anywidget  # noqa: F401  (the "jupyter" renderer needs it; fail here, not at draw time)
        offline_widgets()
        return alt.renderers.enable("jupyter", offline=True)
    import vl_convert  # noqa: F401  (the static renderers need it)
    return alt.renderers.enable(mode)


def save(chart: alt.TopLevelMixin, path: str | Path, scale_factor: float = 1.0) -> Path:
    """Write ``chart`` to ``path``: ``.svg``, ``.png`` (``scale_factor`` sets the
    resolution) or ``.html`` (self-contained: vega's JavaScript is inlined so the
    file draws offline), the suffix in any case (``.SVG`` too). Returns the path."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise ValueError(f"save charts as one of {', '.join(FORMATS)}, got {path.name!r}")
    kind = suffix[1:]                   # (altair reads the suffix as written: "SVG" is no format to it)
    if suffix == ".html":
        chart.save(path, format=kind, inline=True)
    elif suffix == ".png":
        chart.save(path, format=kind, scale_factor=scale_factor)
    else:
        chart.save(path, format=kind)
    return path


def cache_dir() -> Path:
    """Where bluffkit keeps files it can make again: ``$BLUFFKIT_CACHE``, else
    ``$XDG_CACHE_HOME/bluffkit``, else ``~/.cache/bluffkit``. Deleting it is always safe."""
    if os.environ.get("BLUFFKIT_CACHE"):
        return Path(os.environ["BLUFFKIT_CACHE"])
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "bluffkit"


def _bundle_file() -> Path:
    """The cache file of the JavaScript bundle of altair's chart widget, named after
    everything it is made from (altair's widget source and version, vl-convert's and
    vega-lite's versions), so that another version never reads it."""
    import vl_convert
    from altair.jupyter.jupyter_chart import load_js_src
    from altair.utils._importers import vl_version_for_vl_convert
    made_of = "\0".join((alt.__version__, getattr(vl_convert, "__version__", "?"), vl_version_for_vl_convert(), load_js_src()))
    return cache_dir() / f"jupyterchart-{hashlib.sha256(made_of.encode()).hexdigest()[:20]}.js"


def offline_widgets() -> None:
    """Make altair's chart widget (``alt.JupyterChart``) carry vega's JavaScript, with no
    network, as ``alt.JupyterChart.enable_offline()`` does. That call has vl-convert
    bundle the JavaScript anew in every process (1.1 to 4 s on 6 December, 1.1 s of CPU,
    on a busy 2-core machine: every notebook kernel that draws an interactive
    chart waited for it); the bundle is kept in :func:`cache_dir` and read from there
    next time. Without a usable cache file (unreadable, empty, or
    the folder not writable) it is simply made again."""
    chart = alt.JupyterChart
    if getattr(chart, "_is_offline", False):
        return
    path: Path | None
    try:
        path = _bundle_file()
    except (OSError, ImportError):
        path = None
    try:
        src = path.read_text(encoding="utf-8") if path is not None and path.is_file() else ""
    except (OSError, UnicodeDecodeError):
        src = ""
    if src and hasattr(chart, "_esm"):
        chart._esm = src
        chart._is_offline = True
        return
    chart.enable_offline()
    if path is None or not getattr(chart, "_is_offline", False) or not isinstance(getattr(chart, "_esm", None), str):
        return
    try:                        # written whole or not at all: a reader never sees half a file
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".jupyterchart-", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(chart._esm)
            os.replace(tmp, path)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
    except OSError:
        pass
