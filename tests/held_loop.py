"""A kernel event loop the tests hold: callbacks wait until the test runs them, as messages from the browser
wait while the kernel is busy. Used by the widget tests that check what a panel does with queued steps, and by
the tests of drawing ahead, whose timers it runs in order of their delays without waiting for any real time."""

from __future__ import annotations


class Handle:
    """What ``call_later`` gives: a timer that can be cancelled before it runs."""

    def __init__(self, callback, args):
        self.callback, self.args, self.cancelled = callback, args, False

    def cancel(self):
        self.cancelled = True


class HeldLoop:
    """Stands in for the kernel's event loop: callbacks wait until the test runs them. ``call_soon`` callbacks
    run first, in order (``callbacks``); then the timers of ``call_later``, earliest first (time here is
    counted, never waited for)."""

    def __init__(self):
        self.callbacks = []
        self.timers = []  # (when, order, handle)
        self.now = 0.0

    def call_soon(self, callback, *args):
        self.callbacks.append((callback, args) if args else callback)

    def call_later(self, delay, callback, *args):
        handle = Handle(callback, args)
        self.timers.append((self.now + delay, len(self.timers), handle))
        return handle

    def run(self):
        """Run every callback and every timer, including those they schedule, until none is left."""
        while True:
            if self.callbacks:
                job = self.callbacks.pop(0)
                callback, args = job if isinstance(job, tuple) else (job, ())
                callback(*args)
                continue
            waiting = [timer for timer in self.timers if not timer[2].cancelled]
            if not waiting:
                self.timers = []
                return
            when, order, handle = min(waiting, key=lambda timer: timer[:2])
            self.timers.remove((when, order, handle))
            self.now = when
            handle.callback(*handle.args)


def from_browser(control, value):
    """Set a control as ipywidgets does for a message from the browser (under its property lock)."""
    control.set_state({"value": value})
