"""A panel's steps run one at a time, in order, on the kernel thread that made the panel, whatever thread the
kernel hands its messages to (gamelib/widgets/kernel_thread.py). JupyterLab 4.6 sends widget messages to
kernel subshells, each a thread of its own in ipykernel 7, unless the kit's settings say otherwise: here the
kernel's main thread is an event loop running in a thread of the test, and other threads deliver the browser's
messages as ipykernel's subshells do (``widget._handle_msg``, the method ipywidgets registers for its comm).

Every wait is for an event (a future's result, a thread's end, the loop's turn), never a time."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import Future

import pytest

from gamelib import widgets as W
from gamelib.widgets import kernel_thread, panel
from gamelib.widgets.play_panel import PlayPanel


class Kernel:
    """An event loop running in a thread of its own, standing for the kernel's main shell."""

    def __init__(self):
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="kernel-main")
        self.thread.start()

    def run(self, function):
        """Call ``function()`` on the kernel's thread, in its loop, and wait for its result."""
        done: Future = Future()

        def call():
            try:
                done.set_result(function())
            except BaseException as error:  # noqa: BLE001 - handed to the waiting test
                done.set_exception(error)

        self.loop.call_soon_threadsafe(call)
        return done.result()

    def settle(self, is_idle):
        """Wait until ``is_idle()`` holds on the kernel's thread at the end of a turn of its loop (every message
        handed to it so far has been handled, and what they scheduled has run)."""
        done: Future = Future()

        def check():
            if is_idle():
                done.set_result(None)
            else:
                self.loop.call_soon(check)  # once more after what is queued now

        self.loop.call_soon_threadsafe(check)
        done.result()

    def stop(self):
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join()
        self.loop.close()


@pytest.fixture
def kernel(monkeypatch):
    monkeypatch.setattr(kernel_thread, "in_kernel", lambda: True)
    started = Kernel()
    yield started
    started.stop()


def update(value) -> dict:
    """The message the browser sends when a control's value changes."""
    return {"content": {"data": {"method": "update", "state": {"value": value}, "buffer_paths": []}}, "buffers": []}


def click() -> dict:
    """The message the browser sends when a button (ipywidgets' or the kit's) is pressed."""
    return {"content": {"data": {"method": "custom", "content": {"event": "click", "click": True}}}, "buffers": []}


def send_together(deliveries: list[list]) -> None:
    """Each list of (widget, message), delivered in order by a thread of its own (a subshell), all threads
    released at the same moment; returns when every thread has delivered everything."""
    start = threading.Barrier(len(deliveries))

    def deliver(messages):
        start.wait()
        for widget, message in messages:
            widget._handle_msg(message)

    threads = [threading.Thread(target=deliver, args=(messages,), name=f"subshell-{i}")
               for i, messages in enumerate(deliveries)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


class Watch:
    """Records each step of the explorers made while it is on: the thread it ran on, and how many steps ran at
    once (two threads inside a step at the same moment would be counted)."""

    def __init__(self, monkeypatch):
        self.threads, self.most, self.inside = set(), 0, 0
        self.lock = threading.Lock()
        draw = panel.Explorer._draw

        def watched(explorer):
            with self.lock:
                self.inside += 1
                self.most = max(self.most, self.inside)
                self.threads.add(threading.current_thread().name)
            try:
                draw(explorer)
            finally:
                with self.lock:
                    self.inside -= 1

        monkeypatch.setattr(panel.Explorer, "_draw", watched)


def test_two_panels_stepped_hard_from_two_subshells_draw_on_the_kernel_thread_one_step_at_a_time(kernel,
                                                                                                  monkeypatch):
    watch = Watch(monkeypatch)
    sums = kernel.run(lambda: W.sum_explorer("1, 2", "1, 3", rows=8, cols=8))
    scale = kernel.run(lambda: W.grundy_scale_explorer("2, 5, 7", n=3))
    rows = [4, 8, 3, 7, 2, 6, 5] * 6  # the rows slider moves the heap sliders' ranges: the sum explorer's race
    send_together([[(sums.rows_slider, update(value)) for value in rows],
                   [(sums.heap_a, update(value)) for value in [0, 1] * 21],
                   [(scale.slider, update(value)) for value in range(4, 46)]])
    kernel.settle(lambda: not sums._wanted and not sums._scheduled and not scale._wanted and not scale._scheduled)
    assert watch.threads == {"kernel-main"} and watch.most == 1
    # Each control ends on the last value its thread sent, and the picture shown is drawn for those values.
    assert sums.rows_slider.value == rows[-1] == 5 and sums.heap_a.value == 1 and scale.slider.value == 45
    assert sums.heap_a.max == 4  # five rows: heap A from 0 to 4
    assert kernel.run(lambda: sums.values["rows"]) == 5 and "of the 5 × 8 positions" in sums.status_text
    assert "Position (1, " in sums.status_text
    assert scale.status_text.startswith("g(45) = mex")


def test_messages_from_one_subshell_keep_their_order_behind_those_waiting_on_the_kernel_thread(kernel):
    w = kernel.run(lambda: W.grundy_scale_explorer("2, 5, 7", n=3))
    seen: list = []
    kernel.run(lambda: w.slider.observe(lambda change: seen.append((change.new, threading.current_thread().name)),
                                        "value"))
    release = threading.Event()
    kernel.loop.call_soon_threadsafe(release.wait)  # the kernel is busy (a cell running) until released
    try:
        send_together([[(w.slider, update(value)) for value in (5, 9, 6, 12, 7)]])
        kernel.loop.call_soon_threadsafe(w.slider._handle_msg, update(8))  # then one on the kernel's own thread
        assert seen == []  # nothing handled while the kernel is busy
    finally:
        release.set()
    kernel.settle(lambda: not w._wanted and not w._scheduled)
    assert seen == [(5, "kernel-main"), (9, "kernel-main"), (6, "kernel-main"), (12, "kernel-main"),
                    (7, "kernel-main"), (8, "kernel-main")]
    assert w.status_text.startswith("g(8) = mex")


def test_a_play_panels_buttons_are_pressed_on_the_kernel_thread_in_order(kernel, monkeypatch):
    threads = set()
    play_key = PlayPanel.play_key
    monkeypatch.setattr(PlayPanel, "play_key", lambda self, key: (threads.add(threading.current_thread().name),
                                                                 play_key(self, key))[1])
    game = kernel.run(lambda: W.play_subtraction("1, 2, 3", heap=15))
    first = game.buttons[3]  # take 3: 15 -> 12, a P-position; the computer takes 1 (12 -> 11)
    send_together([[(first, click()), (game.undo_button, click()), (first, click())]])
    kernel.settle(lambda: True)
    assert threads == {"kernel-main"}
    assert [m.text for m in game.history] == ["take 3", "take 1"] and game.position == 11
    assert game.status_text.startswith("You took 3 (15 → 12). The computer took 1 (12 → 11).")


def test_outside_a_kernel_a_message_is_handled_where_it_arrives():
    w = W.grundy_scale_explorer("2, 5, 7", n=3)
    assert w.slider._home is None and kernel_thread.kernel_loop() is None
    done = []
    thread = threading.Thread(target=lambda: (w.slider._handle_msg(update(9)), done.append(w.status_text)))
    thread.start()
    thread.join()
    assert done[0].startswith("g(9) = mex")
