"""Widget messages handled one at a time (bluffkit.widgets.serial)."""

import threading
import time

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
