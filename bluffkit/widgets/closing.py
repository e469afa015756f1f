"""Closing a whole panel: ``panel.close()``.

A teacher re-runs the cell that makes a panel, again and again over a lesson. ipywidgets'
own ``close()`` closes one widget: the panel's outer box. Its children, the controls it
keeps off screen for later (an auction's amount box and "Bid N" buttons), its charts and
its links stay open, so the kernel keeps the old panel's game and the browser its models
until the kernel restarts. :class:`ClosesWhole` makes ``close()`` close everything the
panel holds: each widget reachable from it (children, layout, style, and the widgets its
own fields keep), an Auto-play stopped first. (A closed panel's Python object still works
if code calls it; the browser can no longer reach it.)

And since a class re-runs cells without closing anything, a panel made by a cell closes
the panels that the same cell's last run made (:func:`replaces`), once the new panel is
built (a run that fails leaves the old panel as it was): JupyterLab names the cell in each
request it sends the kernel (``cellId``), and a run is one request. Panels made by one run
(two tables side by side) stay together; a panel made elsewhere (a console, Voila, a
script, a button's handler) closes nothing; ``closing.AUTO = False`` keeps every panel.

A panel built in a kernel also makes the kernel handle widget messages one at a time
(:mod:`bluffkit.widgets.serial`).
"""

from __future__ import annotations

import functools
import weakref

from ipywidgets import Play, Widget

from bluffkit.widgets.serial import serialize_widget_messages

#: Whether a panel made by a notebook cell closes those that the cell's last run made. A
#: teacher who runs one cell twice on purpose, to keep two panels, sets it to False.
AUTO = True

#: For each cell (JupyterLab's ``cellId``): the request that ran it last and the panels that
#: run made (weakly: a panel let go is not kept alive here).
_BY_CELL: dict[str, tuple[str, list]] = {}


def this_run() -> tuple[str, str] | None:
    """``(cell id, request id)`` of the notebook cell whose run is executing now, or None
    when the code does not run from a notebook cell (no kernel, or a request that names no
    cell: a console, Voila, a button's handler)."""
    try:
        from IPython import get_ipython
        kernel = getattr(get_ipython(), "kernel", None)
        parent = kernel.get_parent() if kernel is not None else None
    except Exception:                    # noqa: BLE001  (no IPython, or another kernel: no cell)
        return None
    if not isinstance(parent, dict):
        return None
    cell = (parent.get("metadata") or {}).get("cellId")
    request = (parent.get("header") or {}).get("msg_id")
    if not (isinstance(cell, str) and cell and isinstance(request, str) and request):
        return None
    return cell, request


def replaces(panel, run: tuple[str, str] | None = None) -> None:
    """Note that ``panel`` was made by the cell run ``run`` (by default :func:`this_run`),
    and close the panels that an earlier run of the same cell made."""
    run = this_run() if run is None else run
    if run is None or not AUTO:
        return
    cell, request = run
    last = _BY_CELL.get(cell)
    if last is not None and last[0] != request:
        for ref in last[1]:
            old = ref()
            if old is not None and old is not panel and old.comm is not None:
                old.close()
        last = None
    if last is None:
        last = _BY_CELL[cell] = (request, [])
    last[1].append(weakref.ref(panel))


def held_widgets(root) -> list:
    """Every open widget reachable from ``root``: through children, layout and style, and
    through the fields of each widget (the instance attributes of a panel or a control:
    widgets, and lists, tuples, sets and dicts of them). Functions, sessions and other
    objects are not entered, so nothing outside the panel is reached."""
    out, seen, stack = [], set(), [root]
    while stack:
        x = stack.pop()
        if id(x) in seen:
            continue
        seen.add(id(x))
        if isinstance(x, Widget):
            if x.comm is None and x is not root:
                continue
            out.append(x)
            stack.extend(vars(x).values())               # its fields, _trait_values among them
        elif isinstance(x, (list, tuple, set, frozenset)):
            stack.extend(x)
        elif isinstance(x, dict):
            stack.extend(x.values())
    return out


class ClosesWhole:
    """A mixin for panels (put before the ipywidgets box in the bases): ``close()``
    closes the whole panel, and a panel made by a notebook cell closes those its earlier
    runs made (:func:`replaces`)."""

    def __init_subclass__(cls, **kwargs):
        """Each panel class's ``__init__`` (its own, or the one it inherits, say a mixin's
        before it) is wrapped: when the outermost one (the class the cell asked for) has
        built the panel, :func:`replaces` closes the cell's last panels; when it fails,
        what it built is closed and the old panels are left open."""
        super().__init_subclass__(**kwargs)
        init = cls.__init__

        @functools.wraps(init)
        def built(self, *args, **kw):
            depth = self.__dict__.get("_bk_depth", 0)
            self.__dict__["_bk_depth"] = depth + 1
            try:
                init(self, *args, **kw)
            except BaseException:
                if depth == 0:
                    _close_quietly(self)
                raise
            finally:
                self.__dict__["_bk_depth"] = depth
            if depth == 0:
                replaces(self)
                serialize_widget_messages()         # one widget message at a time (see serial)
        cls.__init__ = built                            # type: ignore[method-assign]

    def close(self) -> None:
        """Close this panel and every widget it holds (see :func:`held_widgets`), so that
        the browser drops their models and the kernel the panel's game: run it before a
        cell makes the panel again (docs/panels.md, "Closing a panel")."""
        widgets = held_widgets(self)
        for w in widgets:
            if isinstance(w, Play) and w.comm is not None:
                w.playing = False                        # its timer lives in the browser
        for w in widgets:
            if w is self:
                super().close()                          # type: ignore[misc]  # the ipywidgets box
            elif w.comm is not None:
                w.close()


def _close_quietly(panel) -> None:
    """Close what a panel whose building failed had made (maybe nothing: then nothing)."""
    try:
        if getattr(panel, "_trait_values", None) is not None:
            panel.close()
    except Exception:                    # noqa: BLE001  (half built: the error raised is the one to see)
        pass
