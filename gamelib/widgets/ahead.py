"""Drawing ahead: while the kernel waits after a slider's step, the pictures of the slider's next values are
drawn into the picture cache, so that the next key press is answered from it.

A key press on a slider asks for the value next to the one shown, almost always in the direction of the last
move. :class:`DrawAhead` draws that picture, then the one on the other side (usually cached already: the
slider came from there), one picture per turn of the kernel's event loop, each only while no change is waiting
to be drawn. A step that arrives meanwhile waits for at most the one picture being drawn (and is answered from
the cache if it asked for that one). What a step shows never depends on it: the cache holds the same PNG the
step would have drawn (the figures are deterministic; the key names every input of the picture).

It costs at most :data:`AHEAD_PICTURES` pictures per step or focus of a slider, and nothing while nobody moves
one: a student who moves a slider steadily draws each picture once, as without it; one who stops or turns
back leaves at most one picture drawn for nothing.
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Callable
from typing import Any

from gamelib.widgets import kernel_thread

#: Pictures drawn ahead after a step (or when a slider gets the focus): the next value in the direction of
#: the last move, then the one behind.
AHEAD_PICTURES = 2
#: Seconds the kernel waits after a step's picture is sent before drawing ahead, so that drawing ahead takes
#: less of the CPU the page needs to show that picture (15-40 ms from the kernel's message to the painted
#: frame in Chromium, load 3-4), yet is done before the next step of a held arrow key (repeated about every
#: 33 ms), which then waits at most for the rest of its own picture. In Chromium (benchmarks/browser.py,
#: alternating 0.002, 0.015, 0.03 and 0.06 s, load 3-5) the medians differed by less than the runs' spread.
AHEAD_DELAY = 0.02
#: Seconds between two pictures drawn ahead: a message that came meanwhile is taken first.
AHEAD_YIELD = 0.002


def neighbours(value: int, direction: int, low: int, high: int) -> list[int]:
    """The values next to ``value`` within ``low`` .. ``high``, the one in ``direction`` (+1 or -1) first.

    >>> neighbours(5, -1, 0, 9), neighbours(9, 1, 0, 9), neighbours(0, 1, 0, 0)
    ([4, 6], [8], [])
    """
    step = 1 if direction >= 0 else -1
    return [v for v in (value + step, value - step) if low <= v <= high]


class DrawAhead:
    """Draws ahead for one explorer. It is given the explorer's parts as functions, so it knows nothing of
    widgets: ``read()`` the controls' values, ``show(values)`` the view of any values (it must change nothing:
    it is called for values not shown), ``cached(view)`` whether the view's picture is in the cache, ``draw(view)``
    puts it there, and ``idle()`` whether the explorer has no change waiting or being drawn.

    :meth:`moved` records a slider's step (its name in the values, its range, the direction);
    :meth:`schedule` draws ahead on the kernel's event loop (none: nothing is done, as in plain Python).
    """

    def __init__(self, read: Callable[[], dict], show: Callable[[dict], Any], cached: Callable[[Any], bool],
                 draw: Callable[[Any], object], idle: Callable[[], bool]):
        self._read, self._show, self._cached, self._draw, self._idle = read, show, cached, draw, idle
        self._slider: tuple[str, int, int] | None = None  # (name in the values, low, high) of the last moved
        self._direction = 1
        self._waiting: asyncio.TimerHandle | None = None  # the next drawing ahead, on the event loop

    @property
    def pending(self) -> bool:
        """True while a drawing ahead waits on the event loop."""
        return self._waiting is not None

    def moved(self, name: str, low: int, high: int, direction: int) -> None:
        """A slider (``name`` in the values, range ``low`` .. ``high``) moved in ``direction`` (0: only focused)."""
        self._slider = (name, low, high)
        if direction:
            self._direction = 1 if direction > 0 else -1

    def schedule(self, delay: float = AHEAD_DELAY) -> None:
        """Draw ahead in ``delay`` seconds on the running event loop (instead of any drawing ahead waiting), if
        there is a loop and a slider has moved."""
        loop = kernel_thread.kernel_loop()
        if loop is None:
            return
        if self._slider is not None:
            if self._waiting is not None:
                self._waiting.cancel()
            self._waiting = loop.call_later(delay, self._next, loop, AHEAD_PICTURES)

    def _next(self, loop: asyncio.AbstractEventLoop, left: int) -> None:
        """Draw the first neighbour not in the cache, then come back for the next one (``left`` at most)."""
        self._waiting = None
        if left <= 0 or self._slider is None or not self._idle():
            return
        name, low, high = self._slider
        try:
            values = self._read()
            views = [self._show({**values, name: v}) for v in neighbours(values[name], self._direction, low, high)]
        except (TypeError, ValueError, RuntimeError, KeyError):  # a problem shown now: nothing to draw ahead
            return
        missing = [view for view in views if not self._cached(view)]
        if not missing:
            return
        collecting = gc.isenabled()
        gc.disable()  # as a step (panel.py): the figure's garbage is collected young, after it is drawn
        try:
            self._draw(missing[0])
        except (TypeError, ValueError, RuntimeError):
            return
        finally:
            if collecting:
                gc.enable()
                gc.collect(0)
        self._waiting = loop.call_later(AHEAD_YIELD, self._next, loop, left - 1)


__all__ = ["AHEAD_DELAY", "AHEAD_PICTURES", "AHEAD_YIELD", "DrawAhead", "neighbours"]
