"""The event loop of the IPython kernel a panel runs in: where it schedules its steps and draws ahead.

A change from the browser is drawn on the kernel's event loop, so that changes arriving together are drawn once
(:mod:`gamelib.widgets.panel`), and pictures are drawn ahead while the kernel waits (:mod:`gamelib.widgets.ahead`).
:func:`kernel_loop` is that loop: the running loop of this thread, in a kernel's process only. Outside a kernel
(plain Python, a test) there is none and a step runs at once, also when another program keeps an event loop
running in the thread: a test process driving a browser keeps Playwright's loop running in its main thread
between its calls, and a step left on that loop waited for the next call (tests/test_panel_steps.py failed
under load when it shared a process with the browser tests).
"""

from __future__ import annotations

import asyncio
import sys


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


__all__ = ["in_kernel", "kernel_loop"]
