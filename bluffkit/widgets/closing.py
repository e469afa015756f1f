"""Closing a whole panel: ``panel.close()``.

A teacher re-runs the cell that makes a panel, again and again over a lesson. ipywidgets'
own ``close()`` closes one widget: the panel's outer box. Its children, the controls it
keeps off screen for later (an auction's amount box and "Bid N" buttons), its charts and
its links stay open, so the kernel keeps the old panel's game and the browser its models
until the kernel restarts, and a closed panel still played when its buttons were clicked
from code. :class:`ClosesWhole` makes ``close()`` close everything the panel holds: each
widget reachable from it (children, layout, style, and the widgets its own fields keep),
an Auto-play stopped first.
"""

from __future__ import annotations

from ipywidgets import Play, Widget


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
    closes the whole panel."""

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
