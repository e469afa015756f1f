"""Widget messages handled one at a time (bluffkit.widgets.serial)."""

import threading
import time

import pytest

from bluffkit.widgets import serial


class FakeKernel:
    def __init__(self):
        self.log: list[str] = []
        self.shell_handlers = {"comm_msg": self.comm_msg, "comm_close": self.comm_msg, "execute_request": self.execute}

    def comm_msg(self, stream, idents, msg):
        self.log.append(f"start {msg}")
        time.sleep(0.05)                          # a handler at work: another message arrives meanwhile
        self.log.append(f"end {msg}")

    def execute(self, stream, idents, msg):
        return "ran"


def test_two_widget_messages_from_two_threads_are_handled_one_after_the_other():
    """ipykernel 7 may hand widget messages to several threads (kernel subshells): the value
    typed and the click on Write it were handled at once, and the answer written twice."""
    k = FakeKernel()
    assert serial.serialize_widget_messages(k)
    handler = k.shell_handlers["comm_msg"]
    threads = [threading.Thread(target=handler, args=(None, None, name)) for name in ("value", "click")]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    first, second = k.log[0].split()[1], k.log[2].split()[1]
    assert k.log == [f"start {first}", f"end {first}", f"start {second}", f"end {second}"], k.log


def test_the_handlers_are_wrapped_once_and_other_messages_are_left_alone():
    k = FakeKernel()
    execute = k.shell_handlers["execute_request"]
    serial.serialize_widget_messages(k)
    wrapped = dict(k.shell_handlers)
    assert serial.serialize_widget_messages(k) and k.shell_handlers == wrapped, "a second panel wraps nothing again"
    assert k.shell_handlers["execute_request"] is execute, "cells still run beside widget messages"
    assert all(getattr(k.shell_handlers[kind], "bk_serial", False) for kind in serial.KINDS)
    for kind in ("comm_msg", "comm_close"):                # a widget's message, and its closing
        assert getattr(k.shell_handlers[kind], "bk_serial", False), kind


def test_outside_a_kernel_nothing_is_serialized():
    assert serial.serialize_widget_messages() is False
    assert serial.serialize_widget_messages(object()) is False


class FakeComm:
    def _reply_subshell_for(self, data, default):          # ipykernel 7: the subshell it last replied from
        return "subshell-1"


class FakeManager:
    def __init__(self):
        self.comms = {"a": FakeComm(), "b": FakeComm()}

    def get_comm(self, comm_id):
        return self.comms.get(comm_id)


def test_every_widget_message_is_routed_to_the_main_shell_in_the_order_sent():
    """ipykernel routes a widget's message to the subshell its comm last replied from, so the
    answer box's value and the click beside it could go to two threads and the later be
    handled first; routed to the main shell, they are handled in the order sent."""
    k = FakeKernel()
    k.comm_manager = FakeManager()
    assert k.comm_manager.get_comm("a")._reply_subshell_for(None, "subshell-2") == "subshell-1"
    serial.serialize_widget_messages(k)
    for comm_id in ("a", "b"):
        comm = k.comm_manager.get_comm(comm_id)
        assert comm._reply_subshell_for({"method": "update"}, "subshell-2") is None
    assert k.comm_manager.get_comm("nope") is None
    wrapped = k.comm_manager.get_comm
    serial.serialize_widget_messages(k)
    assert k.comm_manager.get_comm is wrapped, "wrapped once"


def test_building_a_panel_serializes_the_kernels_widget_messages(monkeypatch):
    """Every panel, once built, makes the kernel it runs in handle widget messages one at a
    time (here, with no kernel, the call is seen and does nothing)."""
    from bluffkit.widgets import AuctionLab, BloffTable, ScenarioPlayer, closing
    calls = []
    monkeypatch.setattr(closing, "serialize_widget_messages", lambda: calls.append(1) or False)
    for make in (lambda: BloffTable(players=3, humans=[0], seed=1), lambda: ScenarioPlayer("yb-trade-tie"),
                 lambda: AuctionLab(fmt="classic", bidders=2, human=1, seed=3)):
        before = len(calls)
        make().close()
        assert len(calls) == before + 1, "once per panel built, not once per inner __init__"


def _click(name):
    """A widget message as ipykernel hands it to the handler: a button's click."""
    return {"content": {"comm_id": name, "data": {"method": "custom", "content": {"event": "click"}}}}


def _update(name):
    return {"content": {"comm_id": name, "data": {"method": "update", "state": {"value": 1}}}}


def test_clicks_handled_back_to_back_are_one_run(clock):
    """Clicks that waited for the kernel (made while a cell ran, or while the click before
    them was handled) are taken up back to back: one run. A click taken up later starts a
    run of its own, though other widgets' messages came in between (a Play widget ticking
    every 40 ms kept one run going, and a click made a second later was dropped); a message
    handled inside another counts once; another thread, or no message, sees no run."""
    runs = []
    inner = serial.serialized(lambda *a: runs.append(("inner", serial.queue_run())))

    def handle(stream, idents, msg):
        runs.append((msg["content"]["comm_id"], serial.queue_run()))
        if msg["content"]["comm_id"] == "waited":
            inner(None, None, _click("nested"))
            runs.append(("waited, after the nested click", serial.queue_run()))
            seen = []
            other = threading.Thread(target=lambda: seen.append(serial.queue_run()))
            other.start()
            other.join()
            runs.append(("other thread", seen[0]))
    handler = serial.serialized(handle)
    assert serial.queue_run() is None
    handler(None, None, _click("first"))
    handler(None, None, _click("waited"))                 # taken up at once: it was waiting
    for _ in range(4):                                     # a chatty widget, every 40 ms
        clock.sleep(serial.QUEUED * 0.8)
        handler(None, None, _update("tick"))
    handler(None, None, _click("later"))
    assert serial.queue_run() is None
    got = dict(runs)
    assert got["first"] == got["waited"] == got["inner"] == got["waited, after the nested click"], runs
    assert got["other thread"] is None and got["tick"] is None, runs
    assert got["later"] not in (None, got["first"]), runs


def test_two_clicks_that_waited_together_play_one_move(monkeypatch):
    """Two clicks on Pass made a second apart while a cell ran were handled one after the
    other once it ended, and both played: Bo passed on the screen before his first pass.
    A click of a later run (made after the first one's result was drawn) is played."""
    from bluffkit.widgets import TablePanel, seat_panel
    run = [7]
    sent = [None]
    monkeypatch.setattr(seat_panel, "queue_run", lambda: run[0])
    monkeypatch.setattr(seat_panel, "click_sent_at", lambda: sent[0])
    t = TablePanel("horse-trading", players=3, humans=[1], names=["Ana", "Bo", "Cy"], seed=2)
    t.show.click()

    def press(word, when):
        sent[0] = when
        [b for b in t.simple_box.children if b.description == word][0].click()
    press("Pass", 100.0)
    press("Pass", 101.0)                                  # made a second later, while the cell still ran
    assert t.session.says.count("Bo passes.") == 1, t.session.says[-3:]
    run[0] = 8
    press("Pass", 105.0)
    assert t.session.says.count("Bo passes.") == 2, t.session.says[-3:]


class Clock:
    """The clock serial reads (``time.monotonic``), moved on by hand: a handler's work and
    the time between two clicks take exactly as long as a test says."""

    def __init__(self):
        self.now = 1000.0

    def monotonic(self):
        return self.now

    def sleep(self, seconds):
        self.now += seconds


@pytest.fixture
def clock(monkeypatch):
    """serial's clock, made by hand, and its runs begun afresh (given back afterwards)."""
    c = Clock()
    monkeypatch.setattr(serial, "time", c)
    monkeypatch.setattr(serial, "_RUNS", {"last_end": float("-inf"), "run": 0, "depth": 0, "current": None})
    return c


def test_the_gap_is_measured_from_the_end_of_the_click_before(clock):
    """A click that waited while a slow one was handled (0.1 s to play a move and redraw the
    table) is taken up as soon as that one ends: the gap is counted from the end of one
    click's handling, not its start. A click made 0.2 s after is a run of its own."""
    runs = []

    def slow(stream, idents, msg):
        runs.append(serial.queue_run())
        clock.sleep(0.1)
    handler = serial.serialized(slow)
    handler(None, None, _click("a"))
    handler(None, None, _click("b"))                      # waited while a was handled
    clock.sleep(0.2)
    handler(None, None, _click("c"))
    assert None not in runs and runs[0] == runs[1] != runs[2], runs


def test_a_click_a_tenth_of_a_second_after_the_last_is_a_run_of_its_own(clock):
    """The kernel takes up a waiting click within a few ms of the last one's end; no person
    sees a result and clicks again that fast, so a click 0.1 s after the last one's end was
    made after it (a double click's second click, queued, is taken up at once)."""
    runs = []
    handler = serial.serialized(lambda *a: runs.append(serial.queue_run()))
    handler(None, None, _click("a"))
    clock.sleep(0.003)                                   # waiting: taken up within a few ms
    handler(None, None, _click("b"))
    clock.sleep(0.1)                                     # made by a person after b's result
    handler(None, None, _click("c"))
    assert None not in runs and runs[0] == runs[1] != runs[2], runs


def _custom(name, event):
    return {"content": {"comm_id": name, "data": {"method": "custom", "content": {"event": event}}}}


def test_a_custom_message_that_is_not_a_click_is_no_click(clock):
    """Only a button's click ({"event": "click"}) is a click: another custom message (a key
    pressed) is handled in no run and does not carry one on, as other widgets' messages do not."""
    seen = []

    def handle(stream, idents, msg):
        seen.append((msg["content"]["comm_id"], serial.queue_run()))
        if msg["content"]["comm_id"] == "key":
            clock.sleep(0.1)                             # a slow key handler
    handler = serial.serialized(handle)
    handler(None, None, _click("a"))
    clock.sleep(0.003)
    handler(None, None, _custom("key", "keydown"))       # taken up at once after a, ends 0.1 s later
    clock.sleep(0.003)
    handler(None, None, _click("b"))                      # 0.106 s after a's end: not queued behind a
    got = dict(seen)
    assert got["key"] is None, seen
    assert None not in (got["a"], got["b"]) and got["a"] != got["b"], seen
