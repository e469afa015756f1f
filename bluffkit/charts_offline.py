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
- it is small (about 6-16 KB per chart) and byte-identical from run to run, so
  notebooks stay stable under nbval;
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
        raise ValueError(f"mode must be one of {MODES}, got {mode!r}")
    if mode == "interactive":
        import anywidget  # noqa: F401  (the "jupyter" renderer needs it; fail here, not at draw time)
        return alt.renderers.enable("jupyter", offline=True)
    import vl_convert  # noqa: F401  (the static renderers need it)
    return alt.renderers.enable(mode)


def save(chart: alt.TopLevelMixin, path: str | Path, scale_factor: float = 1.0) -> Path:
    """Write ``chart`` to ``path``: ``.svg``, ``.png`` (``scale_factor`` sets the
    resolution) or ``.html`` (self-contained: vega's JavaScript is inlined so the
    file draws offline). Returns the path."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise ValueError(f"save charts as one of {', '.join(FORMATS)}, got {path.name!r}")
    if suffix == ".html":
        chart.save(path, inline=True)
    elif suffix == ".png":
        chart.save(path, scale_factor=scale_factor)
    else:
        chart.save(path)
    return path
