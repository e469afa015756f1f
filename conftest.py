"""pytest set-up for the whole tree: nbval compares a chart by the words it shows.

A chart drawn as SVG differs in its bytes whenever the renderer's version, fonts
or rounding move a point, though nothing a reader sees has changed. nbval would
compare those bytes; here an SVG output is compared by its text (titles, axis
labels, legends, marks' labels) in order, so a changed or missing label, a
changed number printed on the chart and every error still fail the notebook.

A notebook's kernel that dies while starting (two kernels starting at once can pick the
same free port) is started again, up to three times (``retrying_start``).
"""

from __future__ import annotations

import copy
import html
import re

_TEXT = re.compile(r"<text\b[^>]*>(.*?)</text>", re.S)
_TAG = re.compile(r"<[^>]+>")


def svg_words(svg) -> str:
    """The text an SVG shows, one line per ``<text>`` element, in document order.

    >>> svg_words('<svg><g><text x="1">Bids</text><path d="M0"/><text>per <tspan>seat</tspan></text></g></svg>')
    'Bids\\nper seat'
    """
    if isinstance(svg, list):
        svg = "".join(svg)
    return "\n".join(html.unescape(_TAG.sub("", t)).strip() for t in _TEXT.findall(svg))


def _words_only(outputs):
    outputs = copy.deepcopy(outputs)
    for out in outputs:
        data = out.get("data") if isinstance(out, dict) else None
        if isinstance(data, dict) and "image/svg+xml" in data:
            data["image/svg+xml"] = svg_words(data["image/svg+xml"])
    return outputs


try:
    from nbval.plugin import IPyNbCell
except ImportError:      # nbval is a test dependency; without it there is nothing to adjust
    pass
else:
    _compare = IPyNbCell.compare_outputs

    def _compare_words(self, test, ref, skip_compare=None):
        return _compare(self, _words_only(test), _words_only(ref), skip_compare)

    IPyNbCell.compare_outputs = _compare_words


KERNEL_STARTS = 3


def retrying_start(start, tries: int = KERNEL_STARTS):
    """``start`` (nbval's ``start_new_kernel``), started again when the kernel dies before it
    answers. Two kernels that start at once (one per pytest-xdist worker, and the browser
    tests' JupyterLab server's) can pick the same free port: jupyter_client chooses the ports
    and releases them, and the kernel binds them a moment later, so the one that loses the
    race dies ("Kernel died before replying to kernel_info"). A kernel started again picks new
    ports. A kernel that dies every time still fails the notebook, with that error."""
    def start_new_kernel(*args, **kwargs):
        for attempt in range(1, tries + 1):
            try:
                return start(*args, **kwargs)
            except RuntimeError as err:
                if "died" not in str(err) or attempt == tries:
                    raise
                import warnings
                warnings.warn(f"a notebook kernel died while starting ({err}); starting it again "
                              f"(try {attempt + 1} of {tries})", stacklevel=2)
        raise AssertionError("unreachable")
    start_new_kernel.__wrapped__ = start      # type: ignore[attr-defined]
    return start_new_kernel


try:
    import nbval.kernel as _kernel
except ImportError:
    pass
else:
    _kernel.start_new_kernel = retrying_start(getattr(_kernel.start_new_kernel, "__wrapped__",
                                                      _kernel.start_new_kernel))


def pytest_xdist_make_scheduler(config, log):
    """Which tests share a pytest-xdist worker under ``--dist loadfile`` (``make test``,
    ``make check``): a whole file to one worker (a notebook's cells run in order on its one
    kernel; a module's fixtures are built once), and every file of ``tests/browser/`` to
    the same worker, so that one JupyterLab server, one Chromium and one page that has
    loaded JupyterLab serve every browser test (each costs the machine seconds)."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class FilesBrowserTogether(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            scope = super()._split_scope(nodeid)
            return "tests/browser/" if scope.startswith("tests/browser/") else scope

    return FilesBrowserTogether(config, log)


def pytest_collection_modifyitems(config, items):
    """The longest files run first: the browser tests, then the notebooks, then the files
    with tests marked ``slow`` (most such tests first), each file's items in their own
    order. pytest-xdist hands out files in this order, so the many short test files fill
    in around the long ones at the end instead of one worker finishing a long file alone
    (the panels' no-leak sweep, some 45 s, used to start last of all). The order is the
    same in every worker, as pytest-xdist requires."""
    slow: dict[str, int] = {}
    for item in items:
        if item.get_closest_marker("slow") is not None:
            slow[str(item.path)] = slow.get(str(item.path), 0) + 1

    def rank(item):
        path = str(item.path)
        if "/tests/browser/" in path:
            return (0, 0)
        if path.endswith(".ipynb"):
            return (1, 0)
        return (2, -slow[path]) if path in slow else (3, 0)
    items.sort(key=rank)                # (a stable sort: within a rank, the collection order)
