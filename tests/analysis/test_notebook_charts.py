"""The charts a notebook or a lesson shows (their committed SVG outputs) fit a projected notebook as
bluffkit's own charts do (test_chart_fit's checks): a lesson's chart written with altair directly
had 10 px labels and a title wider than its picture, cut on both sides in the browser."""

from __future__ import annotations

import json

import pytest
from paths import REPO
from test_chart_fit import problems

NOTEBOOKS = sorted([*REPO.glob("notebooks/*.ipynb"), *(p for p in REPO.glob("lessons/*/*.ipynb") if p.stem == p.parent.name)])


def svgs(path):
    for k, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
        for out in cell.get("outputs", ()):
            svg = out.get("data", {}).get("image/svg+xml")
            if svg:
                yield k, "".join(svg) if isinstance(svg, list) else svg


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(REPO)))
def test_every_chart_a_notebook_shows_fits_a_projector(path):
    found = [f"cell {k}: {p}" for k, svg in svgs(path) for p in problems(svg)]
    assert not found, found[:5]
