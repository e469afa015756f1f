"""nbval compares a chart by its words (the root conftest.py), not by its SVG bytes."""

import importlib.util
from pathlib import Path

spec = importlib.util.spec_from_file_location("root_conftest", Path(__file__).parents[1] / "conftest.py")
root = importlib.util.module_from_spec(spec)
spec.loader.exec_module(root)

SVG = ('<svg><g><text x="1" y="2">Bids &amp; values</text><path d="M0,0L10,10"/>'
       '<text x="3"><tspan>seat</tspan> Ana</text></g></svg>')


def test_words_of_an_svg_in_order():
    assert root.svg_words(SVG) == "Bids & values\nseat Ana"
    assert root.svg_words([SVG[:20], SVG[20:]]) == "Bids & values\nseat Ana"


def test_moved_marks_compare_equal_and_changed_words_do_not():
    moved = SVG.replace("M0,0L10,10", "M1,1L11,12").replace('x="1"', 'x="9"')
    relabelled = SVG.replace("Ana", "Bo")
    out = lambda svg: [{"output_type": "display_data", "data": {"image/svg+xml": svg, "text/plain": "x"}}]  # noqa: E731
    assert root._words_only(out(SVG)) == root._words_only(out(moved))
    assert root._words_only(out(SVG)) != root._words_only(out(relabelled))
    original = out(SVG)
    root._words_only(original)
    assert original[0]["data"]["image/svg+xml"] == SVG, "the notebook's own outputs are not changed"
