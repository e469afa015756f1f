"""Every chart of bluffkit fits a projected notebook: rendered to SVG offline (vl-convert),
no text runs outside the picture, none is cut short with "…", no seat is labelled as a float,
the picture is no wider than a notebook's output area and its type is large enough to read.

The builders are found, not listed: every public function of a chart module (the
``*charts*`` modules of bluffkit.analysis, bluffkit.widgets.charts, and any bluffkit module
that builds an ``alt.Chart``) whose return annotation is an altair chart, and every widget
class of bluffkit.widgets.charts. Each must be registered with an example
(:func:`bluffkit.analysis.chart_style.builder`); one that is not fails the first test by name.
"""

from __future__ import annotations

import importlib
import inspect
import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import altair as alt
import ipywidgets as W
import pandas as pd
import pytest

import bluffkit
from bluffkit import charts_offline
from bluffkit.analysis import chart_style
from bluffkit.analysis.chart_style import CHART_TITLE_SIZE, FONT, LABEL_SIZE, MAX_WIDTH

ROOT = Path(bluffkit.__file__).parent
CHART_TYPES = re.compile(r"\balt\.(Chart|LayerChart|FacetChart|HConcatChart|VConcatChart|ConcatChart|RepeatChart)\b")


def chart_modules() -> list[str]:
    """The modules that build charts: by name, and any other that calls ``alt.Chart``."""
    paths = set(ROOT.glob("analysis/*charts*.py")) | {ROOT / "widgets" / "charts.py"}
    paths |= {p for p in ROOT.rglob("*.py") if "alt.Chart(" in p.read_text(encoding="utf-8")}
    return sorted(".".join(p.relative_to(ROOT.parent).with_suffix("").parts) for p in paths)


def discover() -> dict[str, object]:
    """Public chart builders (functions annotated to return an altair chart) and chart widgets
    (widget classes of a widgets module), by ``module.name``."""
    found = {}
    for name in chart_modules():
        mod = importlib.import_module(name)
        for attr, obj in vars(mod).items():
            if attr.startswith("_") or getattr(obj, "__module__", None) != name:
                continue
            if inspect.isfunction(obj) and CHART_TYPES.search(str(inspect.signature(obj).return_annotation)):
                found[f"{name}.{attr}"] = obj
            elif inspect.isclass(obj) and issubclass(obj, W.Widget) and ".widgets." in name:
                found[f"{name}.{attr}"] = obj
    return found


BUILDERS = discover()


def test_every_chart_builder_has_an_example():
    assert len(BUILDERS) >= 15, f"too few chart builders found, is the search broken? {sorted(BUILDERS)}"
    unseen = set(chart_style.BUILDERS) - set(BUILDERS)
    assert not unseen, f"registered chart builders the search does not find (annotate their return type): {unseen}"
    missing = [name for name, fn in BUILDERS.items() if not hasattr(fn, "chart_example")]
    assert not missing, ("chart builders the fit test cannot build: register each with "
                         f"bluffkit.analysis.chart_style.builder(example=...): {missing}")


# -- reading the SVG ----------------------------------------------------------------------
def _matrix(transform: str | None):
    """The affine matrix (a, b, c, d, e, f) of an SVG transform attribute."""
    m = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    for op, args in re.findall(r"(\w+)\s*\(([^)]*)\)", transform or ""):
        v = [float(x) for x in re.split(r"[\s,]+", args.strip()) if x]
        if op == "translate":
            t = (1, 0, 0, 1, v[0], v[1] if len(v) > 1 else 0.0)
        elif op == "scale":
            t = (v[0], 0, 0, v[1] if len(v) > 1 else v[0], 0, 0)
        elif op == "rotate":
            r = math.radians(v[0])
            t = (math.cos(r), math.sin(r), -math.sin(r), math.cos(r), 0, 0)
            if len(v) == 3:
                m = _mul(m, (1, 0, 0, 1, v[1], v[2]))
                m = _mul(m, t)
                t = (1, 0, 0, 1, -v[1], -v[2])
        elif op == "matrix":
            t = tuple(v)
        else:
            raise AssertionError(f"unknown SVG transform {op}")
        m = _mul(m, t)
    return m


def _mul(m, n):
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + c * B, b * A + d * B, a * C + c * D, b * C + d * D, a * E + c * F + e, b * E + d * F + f)


def _apply(m, x, y):
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


# advance widths of DejaVu Sans (Bitstream Vera metrics), the font bluffkit's charts ask for
# first and the widest of the usual sans-serif fonts (Verdana is close; Arial and Helvetica are
# narrower), as a share of the font size
_EM = {**dict.fromkeys("0123456789$", 0.636), **dict.fromkeys(" ,.", 0.318), **dict.fromkeys(":;/|\\", 0.337),
       **dict.fromkeys("ijl", 0.278), **dict.fromkeys("()[]", 0.39), **dict.fromkeys("+<=>^~#×±", 0.838),
       "!": 0.4, '"': 0.46, "%": 0.95, "&": 0.78, "'": 0.275, "*": 0.5, "-": 0.361, "?": 0.531, "@": 1.0,
       "_": 0.5, "{": 0.636, "}": 0.636, "…": 1.0, "–": 0.5, "—": 1.0, "·": 0.318,
       "A": 0.684, "B": 0.686, "C": 0.698, "D": 0.77, "E": 0.632, "F": 0.575, "G": 0.775, "H": 0.752,
       "I": 0.295, "J": 0.295, "K": 0.656, "L": 0.557, "M": 0.863, "N": 0.748, "O": 0.787, "P": 0.603,
       "Q": 0.787, "R": 0.695, "S": 0.635, "T": 0.611, "U": 0.732, "V": 0.684, "W": 0.989, "X": 0.685,
       "Y": 0.611, "Z": 0.685, "a": 0.613, "b": 0.635, "c": 0.55, "d": 0.635, "e": 0.615, "f": 0.352,
       "g": 0.635, "h": 0.634, "k": 0.579, "m": 0.974, "n": 0.634, "o": 0.612, "p": 0.635, "q": 0.635,
       "r": 0.411, "s": 0.521, "t": 0.392, "u": 0.634, "v": 0.592, "w": 0.818, "x": 0.592, "y": 0.592,
       "z": 0.525, "ø": 0.612, "é": 0.615, "å": 0.613, "Ø": 0.787}


def estimated_width(text: str, size: float, bold: bool) -> float:
    """A conservative width in pixels: DejaVu Sans widths (0.8 em for any other letter),
    12% more for bold, and 4% to spare."""
    return sum(_EM.get(ch, 0.8) for ch in text) * size * (1.12 if bold else 1.0) * 1.04


def texts(svg: str):
    """Each visible line of text: (string, font size, vega role, corner points in SVG coordinates)."""
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"

    def walk(el, m, role):
        m = _mul(m, _matrix(el.get("transform")))
        own = next((c[5:] for c in (el.get("class") or "").split() if c.startswith("role-")), None)
        if own:     # a facet's header keeps its name: "row-header title-text"
            role = f"{role} {own}" if re.search(r"-(header|title|footer)\b", role) else own
        if el.get("opacity") == "0" or el.get("display") == "none":
            return
        if el.tag == f"{ns}text":
            size = float(el.get("font-size", "11px").rstrip("px"))
            bold = el.get("font-weight") in ("bold", "700")
            anchor = el.get("text-anchor", "start")
            lines, y = [], 0.0
            spans = el.findall(f"{ns}tspan")
            if spans:
                for s in spans:
                    y += float(s.get("dy", "0").rstrip("px") or 0)
                    lines.append((s.text or "", y))
            else:
                lines.append((el.text or "", 0.0))
            for line, dy in lines:
                w = estimated_width(line, size, bold)
                x0 = {"start": 0.0, "middle": -w / 2, "end": -w}[anchor]
                box = [(x0, dy - 0.8 * size), (x0 + w, dy - 0.8 * size), (x0, dy + 0.24 * size),
                       (x0 + w, dy + 0.24 * size)]
                yield line, size, role, [_apply(m, x, yy) for x, yy in box]
            return
        for child in el:
            yield from walk(child, m, role)

    yield from walk(root, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), "")


FLOAT_SEAT = re.compile(r"\bseat\s*\d+\.\d|^\d+\.0$")


def problems(svg: str) -> list[str]:
    """Everything a reader of the chart would find cut, cramped or odd."""
    root = ET.fromstring(svg)
    _, _, width, height = (float(v) for v in root.get("viewBox", "").split())
    found = []
    if width > MAX_WIDTH:
        found.append(f"the chart is {width:.0f} px wide, more than a notebook's {MAX_WIDTH} px")
    for line, size, role, corners in texts(svg):
        xs, ys = [p[0] for p in corners], [p[1] for p in corners]
        if min(xs) < -0.5 or max(xs) > width + 0.5 or min(ys) < -0.5 or max(ys) > height + 0.5:
            found.append(f"{role} {line!r} runs outside the {width:.0f}x{height:.0f} picture "
                         f"(x {min(xs):.0f}..{max(xs):.0f}, y {min(ys):.0f}..{max(ys):.0f})")
        if "…" in line:
            found.append(f"{role} {line!r} is cut short")
        if FLOAT_SEAT.search(line) and (role.startswith("legend") or "seat" in line):
            found.append(f"{role} {line!r} names a seat as a float")
        floor = CHART_TITLE_SIZE - 1 if role == "title-text" else LABEL_SIZE
        if line.strip() and size < floor:
            found.append(f"{role} {line!r} is {size:g} px, smaller than {floor} px")
    return found


def render(chart) -> str:
    """The SVG a notebook shows for ``chart`` (bluffkit's offline renderer)."""
    with charts_offline.enable("svg"):
        return chart._repr_mimebundle_()["image/svg+xml"]


def charts_of(result) -> list:
    """The altair charts a builder made: itself, or those inside a widget."""
    if not isinstance(result, W.Widget):
        return [result]
    found, todo = [], [result]
    while todo:
        w = todo.pop()
        if isinstance(w, alt.JupyterChart):
            found.append(w.chart)
        todo.extend(getattr(w, "children", ()))
    return found


# -- the checker catches what it should ----------------------------------------------------------
def _bars(labels):
    """A bar chart in bluffkit's font and type sizes, without the rest of its style."""
    df = pd.DataFrame({"who": labels, "n": range(len(labels))})
    return alt.Chart(df).mark_bar().encode(x="n:Q", color="who:N").configure(font=FONT, padding=12) \
        .configure_axis(labelFontSize=13, titleFontSize=13).configure_legend(labelFontSize=13, titleFontSize=13)


def test_the_checker_finds_cut_and_outside_text():
    ok = _bars(["seat 0", "seat 1"]).properties(width=200)
    assert problems(render(ok)) == [], "a small plain chart has nothing wrong"
    cut = _bars(["a label much longer than the legend allows it to be"]).configure_legend(labelLimit=60)
    assert any("cut short" in p for p in problems(render(cut))), "vega's ellipsis is seen"
    wide = _bars(["x"]).properties(width=900)
    assert any("wide" in p for p in problems(render(wide)))
    narrow = _bars(["seat 0", "seat 1"]).configure(font="sans-serif", padding=0)
    assert any("runs outside" in p for p in problems(render(narrow))), \
        "a legend laid out for a narrow font, with no room to spare, runs out where a wider font is drawn"
    floats = _bars(["seat 0.0 (spot 0.8)", "seat 1.0 (spot 0.4)"])   # what the Bluffer chart once showed
    assert any("float" in p for p in problems(render(floats)))
    small = alt.Chart(pd.DataFrame({"n": [1]})).mark_bar().encode(x="n:Q")
    assert any("smaller than" in p for p in problems(render(small))), "vega's 10 px default labels are too small"
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50"><g transform="translate(90,20)">'
           '<text font-size="14px" transform="rotate(-90)">a long rotated title</text></g></svg>')
    (p,) = problems(svg)
    assert "runs outside" in p and "y -" in p, "a rotated text is checked along its rotated extent"


# -- every chart ---------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(BUILDERS))
def test_chart_fits(name):
    fn = BUILDERS[name]
    example = getattr(fn, "chart_example", None)
    if example is None:
        pytest.fail(f"{name} has no example: the fit test cannot build it (see chart_style.builder)")
    calls = example()
    assert calls, f"{name}: its example makes no chart"
    for args, kwargs in calls:
        drawn = charts_of(fn(*args, **kwargs))
        assert drawn, f"{name}: the widget holds no chart"
        for chart in drawn:
            found = problems(render(chart))
            assert not found, f"{name}{tuple(kwargs) or ''}:\n  " + "\n  ".join(found)
