"""What one step of a lesson's panel costs in Python (``make bench``, section ``widgets``), build and encode apart.

A step is what a key press on a slider, or Enter in a text box, asks of the kernel: read the controls, make the
view (the model's numbers and the sentence), **build** the figure (``view.draw()``: matplotlib artists),
**encode** it (``figure_to_png``: Agg draws the pixels, then PNG), and send it. Each panel of every lesson with a
slider or a text box is stepped through new values (the panel's picture cache emptied before each step, so
every step draws), and its CPU time (``time.process_time``: this process alone, so other programs on the machine
count little) is printed per part: median, 95th percentile (nearest rank) and the panel's first step. Then the
same values are stepped through again with their pictures in the cache (``hit``): what a step costs when the
panel drew its picture ahead while the kernel waited (gamelib/widgets/ahead.py; the sliders of the explorers
marked ``ahead`` do, after a step from the browser), or when a student goes back to a value already seen.

The goal is for the browser: a new picture on screen within 50 ms of the key press (benchmarks/browser.py).
JupyterLab, the websocket and the browser take about 25 ms of that for any answer, so a step's Python work
must stay under :data:`GOAL_STEP_CPU_MS`; a step over it is named on a line of its own.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

#: Median Python CPU time of a step that leaves the browser its share of the 50 ms goal.
GOAL_STEP_CPU_MS = 25.0
#: Steps per control (each to a value not drawn before in that panel).
STEPS = 9
SETS = ["1, 2", "2, 3", "1, 3, 4", "1, 3, 5", "2, 4, 7", "3, 5", "1, 5", "2, 5, 7", "1, 4", "2, 3, 5"]


def controls() -> list[tuple[str, Callable[[], Any], str, list]]:
    """(lesson and control, make the panel as the lesson does, the control's attribute, values to step to)."""
    from gamelib import MockTurtles
    from gamelib import widgets as w

    def sets(skip: str) -> list[str]:
        return [s for s in SETS if s != skip]

    return [
        ("01 labelling_player: slider", lambda: w.labelling_player(S="1, 3, 4", stop=15), "slider",
         [13, 12, 11, 10, 9, 8, 7, 6, 5]),
        ("01 labelling_player: S box", lambda: w.labelling_player(S="1, 3, 4", stop=15), "text", sets("1, 3, 4")),
        ("01 subtraction_explorer: slider", lambda: w.subtraction_explorer(S="1, 3, 4", stop=30), "slider",
         list(range(30, 30 + STEPS))),
        ("01 subtraction_explorer: S box", lambda: w.subtraction_explorer(S="1, 3, 4", stop=30), "text",
         sets("1, 3, 4")),
        ("02 grundy_scale_explorer: slider", lambda: w.grundy_scale_explorer(S="2, 5, 7", n=7), "slider",
         list(range(8, 8 + STEPS))),
        ("02 grundy_scale_explorer: S box", lambda: w.grundy_scale_explorer(S="2, 5, 7", n=7), "text",
         sets("2, 5, 7")),
        ("03 period_explorer: S box", lambda: w.period_explorer(S="2, 5, 7"), "text", sets("2, 5, 7")),
        ("03 period_heatmap_explorer: slider", lambda: w.period_heatmap_explorer(c=12), "slider",
         [13, 11, 14, 10, 15, 9, 16, 8, 17]),
        ("04 nim_explorer: heaps box", lambda: w.nim_explorer(heaps=(5, 9, 12)), "position_box",
         [f"{6 + i}, 9, 12" for i in range(STEPS)]),
        ("05 sum_explorer: rows slider", _sum, "rows_slider", list(range(17, 17 + STEPS))),
        ("05 sum_explorer: heap of A slider", _sum, "heap_a", [6, 7, 8, 9, 10, 11, 12, 13, 14]),
        ("05 sum_explorer: S_a box", _sum, "text_a", sets("1, 3, 7, 8")),
        ("06 misere_explorer: slider", lambda: w.misere_explorer(S="1, 2, 3", stop=40), "slider",
         list(range(30, 30 + STEPS))),
        ("06 misere_explorer: S box", lambda: w.misere_explorer(S="1, 2, 3", stop=40), "text", sets("1, 2, 3")),
        ("07 wythoff_explorer: slider", lambda: w.wythoff_explorer(limit=30), "slider", list(range(31, 31 + STEPS))),
        ("08 position_explorer: coins box", lambda: w.position_explorer(MockTurtles(), "1, 4, 6"), "position_box",
         ["1, 4", "2, 5, 7", "3", "1, 2, 3", "4, 6", "0, 5", "2, 8", "1, 3, 9", "5"]),
        ("08 hackenbush_explorer: edges box", lambda: w.hackenbush_explorer("0-1, 1-2, 1-3, 3-4"), "picture_box",
         ["0-1", "0-1, 1-2", "0-1, 0-2", "0-1, 1-2, 2-3", "0-1, 1-2, 1-3", "0-1, 0-2, 1-3, 3-4", "0-1, 1-2, 2-0",
          "0-1, 1-2, 1-3, 3-4, 4-5", "0-1, 0-2, 0-3"]),
        ("10 misere_quotient_explorer: slider", lambda: w.misere_quotient_explorer("0.75", 8), "slider",
         [9, 10, 7, 6, 5, 4, 3, 2, 1]),
        ("10 misere_quotient_explorer: sum box", lambda: w.misere_quotient_explorer("0.75", 8), "sum",
         ["5, 5", "1, 5, 5", "2, 4", "3, 3, 3, 5", "7", "1, 2, 3, 4", "6, 8", "", "5, 6, 7, 8"]),
    ]


def _sum() -> Any:
    from gamelib import widgets as w

    return w.sum_explorer(S_a="1, 3, 7, 8", S_b="1, 2, 3", rows=16, cols=16)


@dataclass
class Costs:
    """CPU milliseconds of each step of one control, by part."""

    build: list[float] = field(default_factory=list)
    encode: list[float] = field(default_factory=list)
    total: list[float] = field(default_factory=list)
    hit: list[float] = field(default_factory=list)  # whole steps whose picture was in the cache
    ahead: bool = False  # the control is a slider whose panel draws ahead
    problems: list[str] = field(default_factory=list)

    def other(self) -> list[float]:
        return [t - b - e for t, b, e in zip(self.total, self.build, self.encode, strict=True)]


def nearest_rank(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)] if ordered else float("nan")


class _Clock:
    """Times the two drawing parts of a step: the figure built (the view's draw) and encoded (figure_to_png)."""

    def __init__(self) -> None:
        self.build = self.encode = 0.0

    def install(self) -> Callable[[], None]:
        from gamelib import plots
        from gamelib.widgets import panel

        original_png, original_cached = plots.figure_to_png, panel.cached_png

        def figure_to_png(fig: Any, dpi: int = 90, fresh: bool = False) -> bytes:
            start = time.process_time()
            try:
                return original_png(fig, dpi=dpi, fresh=fresh)
            finally:
                self.encode += time.process_time() - start

        def cached_png(key: tuple, draw: Callable[[], Any]) -> bytes:
            def timed_draw() -> Any:
                start = time.process_time()
                try:
                    return draw()
                finally:
                    self.build += time.process_time() - start

            return original_cached(key, timed_draw)

        plots.figure_to_png, panel.cached_png = figure_to_png, cached_png

        def uninstall() -> None:
            plots.figure_to_png, panel.cached_png = original_png, original_cached

        return uninstall


def measure(make: Callable[[], Any], attr: str, values: list) -> Costs:
    from gamelib.widgets import panel
    from gamelib.widgets.controls import Slider

    clock, costs = _Clock(), Costs()
    uninstall = clock.install()
    try:
        widget = make()
        control = getattr(widget, attr)
        costs.ahead = isinstance(control, Slider) and widget._ahead is not None
        for value in values:
            panel.PNG_CACHE.clear()
            clock.build = clock.encode = 0.0
            start = time.process_time()
            control.value = value
            costs.total.append(1000 * (time.process_time() - start))
            costs.build.append(1000 * clock.build)
            costs.encode.append(1000 * clock.encode)
            if not bytes(widget.image.value):
                costs.problems.append(f"{value!r}: {widget.status_text}")
        for value in values:  # every picture in the cache
            control.value = value
        for value in reversed(values[:-1]):
            start = time.process_time()
            control.value = value
            costs.hit.append(1000 * (time.process_time() - start))
    finally:
        uninstall()
    return costs


def report() -> list[str]:
    """Measure every control and print the table; returns the names of the controls over the goal."""
    print(f"{'lesson: panel: control':<38} {'build':>6} {'encode':>7} {'other':>6} {'step':>6} {'p95':>6} "
          f"{'first':>6} {'hit':>5} {'ahead':>5}   median step goal < {GOAL_STEP_CPU_MS:.0f} ms")
    misses = []
    for label, make, attr, values in controls():
        costs = measure(make, attr, values)
        med = statistics.median
        step = med(costs.total)
        ok = step < GOAL_STEP_CPU_MS
        ahead = "yes" if costs.ahead else "no"
        print(f"{label:<38} {med(costs.build):6.1f} {med(costs.encode):7.1f} {med(costs.other()):6.1f} "
              f"{step:6.1f} {nearest_rank(costs.total, 0.95):6.1f} {costs.total[0]:6.1f} {med(costs.hit):5.1f} "
              f"{ahead:>5}   {'met' if ok else 'NOT met'}")
        for problem in costs.problems:
            print(f"    (no picture at {problem})")
        if not ok:
            misses.append(label)
    print("  CPU milliseconds per step (medians; p95 = nearest rank of the step; first = the panel's first step).")
    print("  build = the figure's artists (view.draw); encode = figure_to_png (Agg pixels and PNG); other = the "
          "model, the words, the widgets.")
    print("  hit = a whole step whose picture is in the cache; ahead = the panel draws the slider's next pictures "
          "while the kernel waits after a step from the browser (each drawn ahead costs a step's build + encode).")
    for label in misses:
        print(f"  MISSES the goal: {label}")
    if not misses:
        print(f"  every control's median step is under {GOAL_STEP_CPU_MS:.0f} ms of CPU")
    return misses
