"""A kernel event loop the tests hold: callbacks wait until the test runs them, as messages from the browser
wait while the kernel is busy. Used by the widget tests that check what a panel does with queued steps."""

from __future__ import annotations


class HeldLoop:
    """Stands in for the kernel's event loop: callbacks wait until the test runs them."""

    def __init__(self):
        self.callbacks = []

    def call_soon(self, callback):
        self.callbacks.append(callback)

    def run(self):
        while self.callbacks:
            self.callbacks.pop(0)()


def from_browser(control, value):
    """Set a control as ipywidgets does for a message from the browser (under its property lock)."""
    control.set_state({"value": value})
