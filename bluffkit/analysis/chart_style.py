"""One look for every bluffkit chart: the palette, the type sizes and the width budget.

A chart builder (a function ``frame -> chart`` in a ``*charts*`` module) ends with
:func:`finish`, which sets the title (wrapped to the chart's width, never cut) and the
shared configuration. The numbers are chosen for a notebook projected at 1280x720:

- every chart fits :data:`MAX_WIDTH` pixels, the width of a JupyterLab output area at that
  size, so nothing is cut off at the right and nothing is scaled down;
- axis and legend labels are 13 px, axis and legend titles 14 px, chart titles 17 px;
- colours are the Okabe-Ito palette, told apart by colour-blind readers too
  (Okabe & Ito, "Color Universal Design", 2008);
- the font is DejaVu Sans (or Verdana, else the browser's sans-serif): wide, clear letters
  when projected, and since vega lays the chart out with the widest of the usual fonts,
  no label is cut where a narrower one is drawn.

Every builder is registered with :func:`builder` together with an example: a function that
makes small real inputs from bluffkit's own simulations. The chart tests build and render
every registered chart from its example, so a new chart is checked without editing them.

>>> c = finish(alt.Chart(pd.DataFrame({"x": [1]})).mark_point().encode(x="x:Q"), "A title", width=300)
>>> c.to_dict()["config"]["axis"]["labelFontSize"], c.to_dict()["title"]["text"]
(13, ['A title'])
"""

from __future__ import annotations

from numbers import Integral
from typing import Any, Callable, TypeVar

import altair as alt
import pandas as pd

from bluffkit.core.errors import quote

MAX_WIDTH = 820
"""The widest a chart may be, legends and titles included (px)."""

LABEL_SIZE, TITLE_SIZE, CHART_TITLE_SIZE = 13, 14, 17

OKABE_ITO = ["#0072B2", "#E69F00", "#009E73", "#D55E00", "#56B4E9", "#CC79A7", "#000000", "#F0E442"]
"""Blue, orange, bluish green, vermillion, sky blue, reddish purple, black, yellow (last: it is
faint on white)."""

FONT = "DejaVu Sans, Verdana, sans-serif"

MAX_ROWS = 5000
"""The most rows of data altair puts in one chart: past them its default data transformer
raises ``MaxRowsError``. (The limit is also a sensible one for bluffkit's static SVG charts:
a scatter of 2,000 points is some 800 KB.) A chart that draws a sample of its rows draws at
most this many, all its layers' rows counted."""


def check_max_points(value, chart: str) -> int:
    """``value``, a chart builder's ``max_points``, as a Python int when it is a whole number
    (a numpy one too; not a bool, nor a float however round) from 1 to :data:`MAX_ROWS`;
    else a ValueError naming ``chart``, what was given and the range. A larger number was
    taken and then refused by altair (``MaxRowsError``) once the chart had more rows.

    >>> check_max_points(2000, "bids_chart")
    2000
    >>> check_max_points(10_000, "bids_chart")
    Traceback (most recent call last):
    ...
    ValueError: bids_chart: max_points must be a whole number from 1 to 5,000 (altair draws at most 5,000 rows in one chart; of more rows the chart draws a sample and says so in its subtitle), got 10000
    """
    whole = None if isinstance(value, bool) or not isinstance(value, Integral) else int(value)
    if whole is None or not 1 <= whole <= MAX_ROWS:
        raise ValueError(f"{chart}: max_points must be a whole number from 1 to {MAX_ROWS:,} (altair draws at most "
                         f"{MAX_ROWS:,} rows in one chart; of more rows the chart draws a sample and says so in its "
                         f"subtitle), got {quote(value)}")
    return whole

# glyph widths of DejaVu Sans as a share of the font size, rounded up: used to wrap titles
# before vega lays them out
_NARROW, _WIDE = set("iljIft.,:;'!|() -"), set("mwMW%")


def text_width(text: str, size: float, bold: bool = False) -> float:
    """A generous estimate of the width of ``text`` in pixels at font ``size``."""
    em = sum(0.4 if c in _NARROW else 1.0 if c in _WIDE else 0.78 if c.isupper() else 0.64 for c in text)
    return em * size * (1.12 if bold else 1.0)


def wrap(text: str, width: float, size: float = CHART_TITLE_SIZE, bold: bool = True) -> list[str]:
    """``text`` broken at spaces into lines that fit ``width`` pixels at font ``size``."""
    if not isinstance(text, str):
        raise ValueError(f"a chart's title is text, got {type(text).__name__}")
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size, bold) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


def finish(chart: Any, title: str | None, width: float, legend: str = "right", subtitle: str | None = None) -> Any:
    """``chart`` with the title (and ``subtitle``) wrapped to ``width`` (the pixel width of the
    whole chart, legends included) and the shared configuration: type sizes, palette, legends
    at ``legend`` ("right", "bottom" or "top") with no label cut short."""
    if title:
        sub = wrap(subtitle, width, TITLE_SIZE, bold=False) if subtitle else alt.Undefined
        chart = chart.properties(title=alt.Title(wrap(title, width), anchor="start", fontSize=CHART_TITLE_SIZE,
                                                 subtitle=sub))
    return chart.configure(
        font=FONT, padding=12,
        range=alt.RangeConfig(category=OKABE_ITO),
    ).configure_axis(
        labelFontSize=LABEL_SIZE, titleFontSize=TITLE_SIZE, labelLimit=MAX_WIDTH, titleLimit=MAX_WIDTH,
        labelSeparation=6,
    ).configure_legend(
        labelFontSize=LABEL_SIZE, titleFontSize=TITLE_SIZE, labelLimit=MAX_WIDTH, titleLimit=MAX_WIDTH,
        orient=legend, symbolSize=120,
    ).configure_header(
        labelFontSize=TITLE_SIZE, titleFontSize=TITLE_SIZE, labelLimit=MAX_WIDTH, titleLimit=MAX_WIDTH,
    ).configure_title(fontSize=CHART_TITLE_SIZE, subtitleFontSize=TITLE_SIZE, limit=0)


def title_of(spec: dict) -> str:
    """The title of a chart's ``to_dict()`` spec as one line (a wrapped title's lines joined)."""
    title = spec.get("title", "")
    text = title.get("text", "") if isinstance(title, dict) else title
    return " ".join(text) if isinstance(text, list) else str(text)


Call = tuple[tuple, dict]
F = TypeVar("F", bound=Callable[..., Any])

BUILDERS: dict[str, Callable[..., Any]] = {}
"""Every registered chart builder, by ``module.name``."""


def builder(example: Callable[[], list[Call]]) -> Callable[[F], F]:
    """Register a chart builder with ``example``: a function returning a list of
    ``(args, kwargs)`` calls with small real inputs, the ways the builder is used.

    A builder function (its first argument the frame it charts) given something that is
    not a frame, or a frame without a column it reads (another function's frame, an empty
    one), is refused with a ``ValueError`` that names the builder and the column, not
    with pandas' ``KeyError``."""
    def register(fn: F) -> F:
        if not isinstance(fn, type):
            fn = _frame_checked(fn)
        fn.chart_example = example  # type: ignore[attr-defined]  # read by the chart tests
        BUILDERS[f"{fn.__module__}.{fn.__qualname__}"] = fn
        return fn
    return register


def _frame_checked(fn: F) -> F:
    """``fn`` refusing, in words, a first argument that is no frame and a frame that lacks a
    column ``fn`` reads."""
    import functools
    name = fn.__name__

    @functools.wraps(fn)
    def checked(*args, **kwargs):
        frame = args[0] if args else None
        if args and not isinstance(frame, pd.DataFrame):
            raise ValueError(f"{name}: give the pandas DataFrame it charts (see help({name})), "
                             f"got {type(frame).__name__}")
        try:
            return fn(*args, **kwargs)
        except KeyError as e:
            key = e.args[0] if e.args else None
            if frame is None or (isinstance(key, str) and key in frame.columns):
                raise
            what = f"no column {key!r}" if isinstance(key, str) and key.isidentifier() else \
                f"not the columns it reads ({str(key)[:120]})"
            raise ValueError(f"{name}: the frame has {what}; see help({name}) for the frame it takes") from None
    return checked  # type: ignore[return-value]
