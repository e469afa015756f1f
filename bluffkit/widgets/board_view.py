"""A drawn view whose spaces can be clicked: the Bidder Up! board in the table panel.

:class:`BoardView` shows an HTML string (``value``, as :class:`ipywidgets.HTML` does)
that holds an SVG whose spaces are groups marked ``data-space="ID"``. A click on a space
named in ``clickable`` sends ``{"space": ID}`` to Python, where the panel plays it as a
move (and refuses it, with the engine's reason, if it is not legal: the browser's list
is only a convenience). It is an `anywidget <https://anywidget.dev>`_ widget: its
JavaScript is the short module below, shipped inside the widget, with no network.

The browser also measures the time from a click to the redrawn board (the next ``value``
on screen: the frame that paints it, then the first task after that paint) and keeps the last figure, in milliseconds,
in the ``data-update-ms`` attribute of the view's element, for the browser tests; with
``data-arrive-ms`` (the click to the new board's arrival from the kernel) and
``data-draw-ms`` (putting it into the page) beside it.
"""

from __future__ import annotations

import anywidget
import traitlets

_ESM = r"""
function render({ model, el }) {
  el.classList.add("bk-board-view");
  let clickedAt = null;
  function draw() {
    const arrived = performance.now();
    const html = model.get("value");
    el.innerHTML = html;
    const ok = new Set(model.get("clickable"));
    for (const g of el.querySelectorAll("[data-space]")) {
      g.classList.toggle("bk-clickable", ok.has(g.dataset.space));
    }
    if (clickedAt !== null && html.includes("<svg")) {
      const t0 = clickedAt;
      clickedAt = null;
      el.dataset.arriveMs = (arrived - t0).toFixed(1);
      el.dataset.drawMs = (performance.now() - arrived).toFixed(1);
      // the frame that paints the new board, then a task after that paint
      requestAnimationFrame(() => setTimeout(() => {
        el.dataset.updateMs = (performance.now() - t0).toFixed(1);
        el.dataset.updates = String(Number(el.dataset.updates || 0) + 1);
      }, 0));
    }
  }
  function marks() {
    const ok = new Set(model.get("clickable"));
    for (const g of el.querySelectorAll("[data-space]")) {
      g.classList.toggle("bk-clickable", ok.has(g.dataset.space));
    }
  }
  el.addEventListener("click", (event) => {
    const g = event.target.closest ? event.target.closest("[data-space]") : null;
    if (!g || !el.contains(g)) return;
    clickedAt = performance.now();
    model.send({ space: g.dataset.space });
  });
  model.on("change:value", draw);
  model.on("change:clickable", marks);
  draw();
}
export default { render };
"""

_CSS = """
.bk-board-view svg {max-width: 100%; height: auto}
.bk-board-view .bk-clickable {cursor: pointer}
.bk-board-view .bk-clickable:hover circle {stroke-width: 5}
"""


class BoardView(anywidget.AnyWidget):
    """An HTML view (``value``) whose spaces named in ``clickable`` call the handlers
    registered with :meth:`on_space` when clicked in the browser."""

    _esm = traitlets.Unicode(_ESM).tag(sync=True)
    _css = traitlets.Unicode(_CSS).tag(sync=True)
    value = traitlets.Unicode("").tag(sync=True)
    clickable = traitlets.List(traitlets.Unicode(), default_value=[]).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._space_handlers: list = []
        self.on_msg(self._message)

    def on_space(self, handler) -> None:
        """Call ``handler(space_id)`` when a space is clicked (any space: the handler
        decides; ``clickable`` only marks the ones worth clicking)."""
        self._space_handlers.append(handler)

    def click_space(self, space: str) -> None:
        """What a click on ``space`` in the browser does (for tests and scripts)."""
        self._message(self, {"space": space}, [])

    def _message(self, _widget, content, _buffers) -> None:
        space = content.get("space") if isinstance(content, dict) else None
        if not isinstance(space, str):
            return                          # not a click on a space: nothing to do
        for handler in self._space_handlers:
            handler(space)
