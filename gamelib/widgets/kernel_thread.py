"""Where a panel's work runs: on the thread of the IPython kernel that made it, one message at a time, in order.

JupyterLab 4.6 sends widget messages to kernel *subshells* unless told not to (its setting
``commsOverSubshells``), and ipykernel 7 runs each subshell on a thread of its own. A panel's steps then ran on
two threads at once, beside a running cell and beside each other, and a later step could overtake an earlier
one (the sum explorer drew 40 x 16 under a rows slider reading 2). The kit's settings turn that off, but only
where the kit is installed; a student's own JupyterLab keeps the default. So the guard is here, in the kernel:

* :class:`OnKernelThread`, a mixin of every widget a panel is made of, records the kernel thread (and its event
  loop) that made the widget, and hands each message the widget receives on another thread to that loop,
  in the order the messages came; a message that arrives on that thread while others wait goes behind them.
  Messages on that thread with none waiting are handled at once, as before.
* :func:`kernel_loop` is the event loop of the IPython kernel running in this thread: what a panel schedules
  its steps on (:mod:`gamelib.widgets.panel`) and draws ahead on (:mod:`gamelib.widgets.ahead`). Outside a
  kernel (plain Python, a test, another program's loop such as Playwright's in a test process) there is none,
  and a step runs at once.
"""

from __future__ import annotations

import asyncio
import sys
import threading
from collections.abc import Callable
from typing import Any


def in_kernel() -> bool:
    """True in the process of a running IPython kernel (ipykernel), where panels talk to a browser."""
    kernelbase = sys.modules.get("ipykernel.kernelbase")
    return kernelbase is not None and kernelbase.Kernel.initialized()


def kernel_loop() -> asyncio.AbstractEventLoop | None:
    """The kernel's event loop running in this thread, or None (no kernel, or no loop running here)."""
    if not in_kernel():
        return None
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class Home:
    """A kernel thread and its event loop: where the messages of the widgets made there are handled, in order.

    :meth:`run` handles a message's work at once on this thread when nothing waits; otherwise (another thread,
    or messages still waiting here) it goes to the back of the loop's queue, which runs in order.
    """

    def __init__(self, thread: threading.Thread, loop: asyncio.AbstractEventLoop):
        self.thread, self.loop = thread, loop
        self._lock = threading.Lock()
        self._waiting = 0  # handed to the loop and not yet run

    def run(self, work: Callable[[], object]) -> None:
        with self._lock:
            if threading.current_thread() is self.thread and not self._waiting:
                handoff = False
            else:
                self._waiting += 1
                handoff = True
        if not handoff:
            work()
            return
        self.loop.call_soon_threadsafe(self._run_waiting, work)

    def _run_waiting(self, work: Callable[[], object]) -> None:
        try:
            work()
        finally:
            with self._lock:
                self._waiting -= 1


#: The home of each kernel thread that has made a widget (one per thread: its queue keeps their order).
_HOMES: dict[threading.Thread, Home] = {}
_HOMES_LOCK = threading.Lock()


def home() -> Home | None:
    """The :class:`Home` of this thread when it is a kernel's and its loop runs; else None."""
    loop = kernel_loop()
    if loop is None:
        return None
    thread = threading.current_thread()
    with _HOMES_LOCK:
        found = _HOMES.get(thread)
        if found is None or found.loop is not loop:
            found = _HOMES[thread] = Home(thread, loop)
        return found


class OnKernelThread:
    """Mixin for a widget (before the ipywidgets class in its bases): every message from the browser is handled
    on the kernel thread that made the widget, in the order the messages came, whatever thread the kernel
    delivers it on (see the module notes)."""

    def __init__(self, *args: Any, **kwargs: Any):
        self._home = home()
        super().__init__(*args, **kwargs)

    def _handle_msg(self, msg: dict) -> None:
        handle = super()._handle_msg  # type: ignore[misc]
        place = self._home
        if place is None:
            handle(msg)
        else:
            place.run(lambda: handle(msg))


__all__ = ["Home", "OnKernelThread", "home", "in_kernel", "kernel_loop"]
