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


def _dies(times):
    calls = []

    def start(*args, **kwargs):
        calls.append((args, kwargs))
        if len(calls) <= times:
            raise RuntimeError("Kernel died before replying to kernel_info")
        return "manager", "client"
    return start, calls


def test_a_notebook_kernel_that_dies_while_starting_is_started_again():
    import pytest
    start, calls = _dies(1)
    with pytest.warns(UserWarning, match="died while starting"):
        assert root.retrying_start(start)(kernel_name="k", cwd="d") == ("manager", "client")
    assert calls == [((), {"kernel_name": "k", "cwd": "d"})] * 2


def test_a_kernel_that_always_dies_still_fails_the_notebook_and_other_errors_are_not_retried():
    import pytest
    start, calls = _dies(99)
    with pytest.warns(UserWarning), pytest.raises(RuntimeError, match="died before replying"):
        root.retrying_start(start)()
    assert len(calls) == root.KERNEL_STARTS

    def timeout(*args, **kwargs):
        calls.append(1)
        raise RuntimeError("Kernel didn't respond in 60 seconds")
    calls.clear()
    with pytest.raises(RuntimeError, match="respond"):
        root.retrying_start(timeout)()
    assert calls == [1]


def test_nbval_starts_its_kernels_through_the_retrying_start():
    import nbval.kernel
    assert nbval.kernel.start_new_kernel.__wrapped__.__module__ == "nbval.kernel"
