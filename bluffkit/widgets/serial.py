"""One widget message at a time.

ipywidgets handles a message from the browser (a click, a value typed) by setting the
widget's state and calling its handlers, and the panels' handlers assume that no other
message is handled meanwhile: a click reads the answer box, plays a move and redraws the
table. ipykernel 7 with JupyterLab 4.4 and later can send widget messages over kernel
*subshells*, each handled in a thread of its own, so two messages could be handled at
once. Measured in Chromium: typing an answer in Bluffer and clicking **Write it** sent
the box's value and the click; the value was handled in a subshell's thread while the
click was handled in the main thread, both wrote the answer, and the second write was
refused in red ("Anne has written the most answers allowed").

:func:`serialize_widget_messages` wraps the running kernel's handlers of widget messages
(``comm_msg``, ``comm_close``) in one lock, so that they are handled one at a time
whatever thread each arrives on, and routes every widget message to the kernel's main
shell, so that they are handled in the order the browser sent them (in the same run,
the click on Write it was once handled before the answer typed just before it; a bid
typed and clicked at once could have been played at the amount before). That is how
widgets were handled before subshells: while a cell runs, a click waits for it (and
:func:`queue_run` tells the clicks that waited together, so that a panel plays only the
first of them that makes a move). It holds
for every widget in that kernel, other libraries' too, until the kernel restarts. A panel
installs it when it is built (see :mod:`bluffkit.widgets.closing`); outside a kernel
(tests, scripts, the terminal) it does nothing.
"""

from __future__ import annotations

import sys
import threading
import time

#: Held while the kernel handles one widget message (re-entrant: a handler may send
#: messages of its own).
LOCK = threading.RLock()

#: The kernel message types the lock covers.
KINDS = ("comm_msg", "comm_close")


#: Seconds from the end of one click's handling to the start of the next within which the
#: next was waiting already (the kernel takes up a waiting message within a few ms; a person
#: cannot see the first one's result and click in that time, and a test driving a browser
#: that clicks as soon as the kernel reports idle should not be taken for a queued click).
QUEUED = 0.02

#: The runs of clicks handled back to back (see :func:`queue_run`): the end of the last
#: click handled, the last run's number, how deep the handling of messages is nested, and
#: the thread and run of the click being handled.
_RUNS: dict = {"last_end": float("-inf"), "run": 0, "depth": 0, "current": None}


def queue_run() -> int | None:
    """The number of the run of clicks that the click being handled belongs to, or None when
    no serialized click is being handled in this thread. Clicks handled back to back, each
    begun within :data:`QUEUED` of the end of the click before (other widgets' messages
    between them, a Play widget's ticks, do not count), were all waiting while the first of
    them was handled, or while a cell ran: none was made on the screen another of the run
    drew (two clicks on **Pass** made while a cell ran)."""
    current = _RUNS["current"]
    return current[1] if current is not None and current[0] == threading.get_ident() else None


def _is_click(args, kwargs) -> bool:
    """Whether the widget message a handler was given (``(stream, idents, msg)``) is a
    button's click (ipywidgets: ``{"method": "custom", "content": {"event": "click"}}``)."""
    msg = kwargs.get("msg", kwargs.get("parent", args[-1] if args else None))
    try:
        data = msg["content"]["data"]
        return data.get("method") == "custom" and (data.get("content") or {}).get("event") == "click"
    except (TypeError, KeyError, AttributeError):
        return False


def serialized(handler):
    """``handler`` run under :data:`LOCK`, a click counted in its run (:func:`queue_run`)."""
    def run(*args, **kwargs):
        with LOCK:
            click = _RUNS["depth"] == 0 and _is_click(args, kwargs)
            if click:
                if time.monotonic() - _RUNS["last_end"] > QUEUED:
                    _RUNS["run"] += 1
                _RUNS["current"] = (threading.get_ident(), _RUNS["run"])
            _RUNS["depth"] += 1
            try:
                return handler(*args, **kwargs)
            finally:
                _RUNS["depth"] -= 1
                if click:
                    _RUNS["last_end"], _RUNS["current"] = time.monotonic(), None
    run.bk_serial = True                          # type: ignore[attr-defined]
    run.__wrapped__ = handler                     # type: ignore[attr-defined]
    return run


def serialize_widget_messages(kernel=None) -> bool:
    """Make ``kernel`` (by default the running IPython kernel) handle widget messages one
    at a time: its ``shell_handlers`` for :data:`KINDS` are wrapped once in :func:`serialized`.
    Its comm manager's comms are routed to the main shell. Returns whether a kernel's
    handlers are serialized now (``False`` outside a kernel); a kernel with no comm manager
    is serialized but not routed."""
    if kernel is None:
        if "ipykernel.kernelbase" not in sys.modules:   # no kernel runs (importing it costs some 60 ms)
            return False
        try:
            from ipykernel.kernelbase import Kernel
            if not Kernel.initialized():
                return False
            kernel = Kernel.instance()
        except Exception:                         # noqa: BLE001  (no ipykernel: nothing to serialize)
            return False
    handlers = getattr(kernel, "shell_handlers", None)
    if not isinstance(handlers, dict):
        return False
    for kind in KINDS:
        handler = handlers.get(kind)
        if handler is not None and not getattr(handler, "bk_serial", False):
            handlers[kind] = serialized(handler)
    manager = getattr(kernel, "comm_manager", None)
    get_comm = getattr(manager, "get_comm", None)
    if manager is not None and callable(get_comm) and not getattr(get_comm, "bk_serial", False):
        manager.get_comm = to_main_shell(get_comm)
    return True


def _main_shell(data, default):
    """A comm's route for the messages it receives: the kernel's main shell (``None``)."""
    return None


def to_main_shell(get_comm):
    """``get_comm`` (the kernel's comm manager's) giving comms whose messages from the
    browser are handled by the main shell, in the order they were sent. ipykernel routes a
    comm's message to the subshell its comm last replied from (``_reply_subshell_for``), so
    the messages of two widgets (the answer box, the button beside it) could be handled in
    two threads, the later one first."""
    def found(comm_id):
        comm = get_comm(comm_id)
        if comm is not None and getattr(comm, "_reply_subshell_for", _main_shell) is not _main_shell:
            comm._reply_subshell_for = _main_shell
        return comm
    found.bk_serial = True                        # type: ignore[attr-defined]
    return found
