"""What every panel shares, and the one explorer: controls → a game → a figure → a status sentence.

:class:`Panel` is the frame of every panel (explorers and the play panel): a status line a screen reader
announces, a line stating the limits (one form for every panel, :meth:`~gamelib.parsing.Limit.text`), a note
that appears if the kernel behind the panel stops, a still picture for saved notebooks, and the busy sign.
:class:`Explorer` adds controls (:class:`Control`: text boxes, sliders, check boxes) and one function that
turns their values into a :class:`View` (a figure and the sentence that says what it shows; the sentence is
also the figure's text alternative). Every explorer of the lessons is such a declaration.

Staying responsive on a busy machine is done here, once, for every panel:

* a change sent by the browser shows a busy sign at once (the status line says "working…" and the figure
  dims) before any drawing starts, when the panel's last step took longer than :data:`BUSY_AFTER`: a step
  expected to answer sooner sends nothing before its picture (a sign that dims for a few hundredths of a
  second reads as a flicker, and its messages slowed the step they announced);
* superseded requests are dropped, not queued: a change from the browser records that a redraw is wanted
  and schedules one on the kernel's event loop, so changes that arrive together are drawn once, from the
  controls' latest values. A change made from Python (a notebook cell, a test) still draws at once.
"""

from __future__ import annotations

import asyncio
import gc
import html
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import ipywidgets as widgets

from gamelib import plots
from gamelib.limits import PNG_CACHE_SIZE
from gamelib.parsing import Limit
from gamelib.plots.figure import give_back, png_html
from gamelib.widgets import kernel_thread
from gamelib.widgets.ahead import DrawAhead
from gamelib.widgets.controls import Checkbox, Figure, Slider, Status, TextBox

#: Resolution of every figure shown in a panel (dots per inch): a 9-inch figure is 900 pixels wide, about a
#: JupyterLab cell's width, so it is scaled little either way.
DPI = 100

#: Seconds: a change from the browser shows the busy sign before it is drawn only when the panel's last step
#: took longer than this. Measured on the Grundy scale in Chromium (benchmarks/browser.py): the sign's two
#: messages (and the value's echo) reach the browser while the kernel draws, and the browser's work on them
#: took the CPU the step needed: a step took ~62 ms from the key press to the new picture without them, ~76 ms
#: with them (load 4, same run, alternating).
BUSY_AFTER = 0.1

#: What the status line says while a picture is being computed.
BUSY_TEXT = "working\u2026"
#: CSS class the figure has while it is being recomputed (its ``busy`` is True).
BUSY_CLASS = "gamelib-busy"
#: Shown only when the kernel behind the panel has stopped (ipywidgets then marks every view disconnected).
#: Running the panel's cell alone would not do: the kernel lost the imports of the first code cell too.
RESTART_NOTE = ("This panel has stopped: the Python kernel behind it was restarted or shut down. To use it again, "
                "run the cells above it and then this one (Run \u203a Run All Above Selected Cell), or Run \u203a "
                "Run All Cells.")
#: The style sheet shipped inside every panel: the busy sign, and the note that shows only when disconnected.
PANEL_STYLE = (f"<style>.{BUSY_CLASS} {{opacity: 0.35; transition: opacity 0.15s;}} "
               ".gamelib-restart-note {display: none;} "
               ".jupyter-widgets-disconnected .gamelib-restart-note {display: block; color: #B34000; "
               "font-weight: bold; border-left: 4px solid #B34000; padding-left: 8px;} "
               ".jupyter-widgets-disconnected .gamelib-figure {opacity: 0.35;}</style>")

PNG_CACHE: OrderedDict[tuple, bytes] = OrderedDict()


def cached_png(key: tuple, draw: Callable[[], Any]) -> bytes:
    """The PNG of the figure ``draw()`` makes, rendered once per ``key`` (the figures are deterministic)."""
    png = PNG_CACHE.get(key)
    if png is None:
        figure = draw()
        png = plots.figure_to_png(figure, dpi=DPI, fresh=True)  # straight from its drawing function
        give_back(figure)  # only its pixels are kept: its axes serve the next picture of the same kind
        PNG_CACHE[key] = png
        if len(PNG_CACHE) > PNG_CACHE_SIZE:
            PNG_CACHE.popitem(last=False)
    else:
        PNG_CACHE.move_to_end(key)
    return png


def listing(values: Sequence, most: int = 20) -> str:
    """At most ``most`` values separated by commas, with '...' when some are left out.

    >>> listing([1, 2, 3], most=2), listing([])
    ('1, 2, ...', 'none')
    """
    shown = ", ".join(str(v) for v in list(values)[:most])
    return shown + (", ..." if len(values) > most else "") if shown else "none"


def info(text: str) -> str:
    """A plain sentence as HTML."""
    return f'<span style="color:#000000">{html.escape(text)}</span>'


def problem(text: str) -> str:
    """A problem as HTML: a warning sign and the message, in a colour that reads on white (contrast > 4.5)."""
    return f'<span style="color:#B34000"><b>\u26a0</b> {html.escape(text)}</span>'


def limits_line(limits: Sequence[Limit], note: str = "") -> widgets.HTML:
    """The line under a panel stating its limits (hidden when there is nothing to state)."""
    words = "; ".join(limit.text() for limit in limits)
    words = (words + "." if words else "") + (f" {note}." if note else "")
    line = widgets.HTML(f'<span style="color:#555555;font-size:85%">Limits: {html.escape(words.strip())}</span>'
                        if words else "")
    line.layout.display = None if words else "none"
    return line


def restart_note() -> widgets.HTML:
    """The top line of a panel: the style sheet of panels and the note that shows (first, above the stale
    picture, which dims) only when the kernel behind the panel has stopped."""
    return widgets.HTML(f'{PANEL_STYLE}<div class="gamelib-restart-note" role="alert">{html.escape(RESTART_NOTE)}'
                        '</div>')


class StaticFallback:
    """Mixin: besides the live widget, a still view for places with no live kernel.

    A saved notebook has no widget state (``make notebooks`` strips it), so the live view cannot be shown
    there; ``tools/run_notebooks.py`` keeps these other parts of the output instead: HTML of what the panel
    first showed (its figure with its text alternative) and a plain-text line saying to run the cell.
    """

    def _static_view(self) -> dict:
        return {}

    def _repr_mimebundle_(self, **kwargs: Any) -> dict | None:
        data = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        if data is not None:
            data["text/plain"] = (f"[{type(self).__name__}: an interactive panel. Run this cell in Jupyter "
                                  "to use it; the picture shows how it starts.]")
            data.update(self._static_view())
        return data


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The kernel's event loop running in this thread (:func:`~gamelib.widgets.kernel_thread.kernel_loop`), or
    None (plain Python, a test: a step runs at once)."""
    return kernel_thread.kernel_loop()


class Panel(StaticFallback, widgets.VBox):
    """The frame of every panel: ``restart_note`` (on top: shown only when the kernel has stopped), ``status``
    (a :class:`~gamelib.widgets.controls.Status`; ``status_text`` is its plain text), ``caps`` (the limits,
    hidden when there are none), and the busy sign on ``image`` while a change is being drawn."""

    image: Figure

    def _start(self, children: list, limits: Sequence[Limit], note: str = "", status_at: int | None = None) -> None:
        """Show ``children`` with the status line after them, or before ``children[status_at]`` (a play panel's
        moves: the focus a move sends to the status line is then one Tab away from the next move)."""
        self.status = Status()
        self.caps = limits_line(limits, note)
        self.restart_note = restart_note()
        at = len(children) if status_at is None else status_at
        self.children = [self.restart_note, *children[:at], self.status, *children[at:], self.caps]
        self._status_text = ""
        self._status_html = ""
        self._wanted: dict[Callable[[], None], None] = {}  # actions asked for and not yet run, in order
        self._scheduled = False  # a run of the wanted actions is waiting on the event loop
        self._running = False  # the wanted actions are being run now
        self._last_step = 0.0  # seconds the last run of wanted actions took (the busy sign follows it)

    @property
    def status_text(self) -> str:
        """The status line as plain text (what ``status`` shows)."""
        return self._status_text

    def _set_status(self, text: str, shown: str) -> None:
        self._status_text = text
        self._status_html = shown
        self.status.value = shown

    def _say(self, text: str) -> None:
        self._set_status(text, info(text))

    def _complain(self, error: Exception | str) -> None:
        """Show a problem in the status line."""
        self._set_status(str(error), problem(str(error)))

    @property
    def busy(self) -> bool:
        """True while the panel shows its busy sign (a change is waiting to be drawn or being drawn, and the
        panel's last step took longer than :data:`BUSY_AFTER`)."""
        return self.image.busy

    def _request(self, action: Callable[[], None], from_browser: bool) -> None:
        """Run ``action`` for a change of a control: at once, or (from the browser) coalesced on the loop."""
        self._wanted[action] = None
        if self._running:
            return  # the run going on picks it up
        loop = _running_loop() if from_browser else None
        if loop is None:
            self._run_wanted()
            return
        if not self.busy and self._last_step > BUSY_AFTER:
            self.image.busy = True
            self.status.value = info(BUSY_TEXT)
        if not self._scheduled:
            self._scheduled = True
            loop.call_soon(self._run_wanted)

    def _run_wanted(self) -> None:
        started = time.perf_counter()
        self._scheduled = False
        self._running = True
        # No garbage collection while a step draws: a figure is thousands of objects in reference cycles, and
        # collections during the step moved them to older generations, where they waited for a full collection
        # of the kernel's whole heap (50-150 ms, every 20-30 steps). Collected young, after the answer is sent,
        # the step's garbage costs ~1-2 ms.
        collecting = gc.isenabled()
        gc.disable()
        try:
            while self._wanted:
                action = next(iter(self._wanted))
                del self._wanted[action]
                action()
        finally:
            self._running = False
            if self.busy:
                self.image.busy = False
                self.status.value = self._status_html
            self._last_step = time.perf_counter() - started
            if collecting:
                gc.enable()
                gc.collect(0)

    def _watch(self, controls: Sequence[widgets.Widget], action: Callable[[], None]) -> None:
        """Run ``action`` whenever one of ``controls`` changes its value."""
        for control in controls:
            # ipywidgets holds a property lock on the control while it applies a change sent by the browser.
            control.observe(lambda _change, c=control: self._request(action, bool(c._property_lock)),
                            names="value")


# --------------------------------------------------------------------------------------------------------
# Controls: what a setting is, how it is shown and how its value is read


@dataclass
class Control:
    """One setting of an explorer: the ``widget`` shown, the ``name`` its value has in the view's dict, the
    ``attr`` the panel keeps the widget under, and how its value is read (``read``: raises ValueError or
    TypeError with a message naming the setting)."""

    attr: str
    name: str
    widget: widgets.Widget
    read: Callable[[], Any]
    limit: Limit | None = None


def text_box(attr: str, name: str, label: str, value: str, reader: Callable[[str], Any],
             limit: Limit | None = None, width: str = "260px", placeholder: str = "", called: str = "") -> Control:
    """A text box read when the student presses Enter or leaves it; ``reader`` turns its text into the value
    (never ``eval``); a problem is reported as "``called`` (default ``name``): what is wrong". Its label is
    shown whole (``width`` is the label and the box together)."""
    box = TextBox(value=value, description=label, placeholder=placeholder, layout=widgets.Layout(width=width))

    def read() -> Any:
        try:
            return reader(box.value)
        except ValueError as error:
            raise ValueError(f"{called or name}: {error}") from None

    return Control(attr, name, box, read, limit)


def slider(attr: str, name: str, limit: Limit, value: int, label: str | None = None) -> Control:
    """A slider over ``limit``'s range; a start outside it is refused with the range."""
    widget = Slider(value=limit.check(value), min=limit.low, max=limit.high, description=label or f"{limit.name}:")
    return Control(attr, name, widget, lambda: widget.value, limit)


def check_box(attr: str, name: str, label: str, value: bool) -> Control:
    """A check box (on or off: it looks like what it is)."""
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, got {value!r}")
    box = Checkbox(value=value, description=label, indent=False, layout=widgets.Layout(width="auto"))
    return Control(attr, name, box, lambda: box.value)


@dataclass(frozen=True)
class View:
    """What an explorer shows for its controls' values: the figure (drawn by ``draw``, cached under ``key``)
    and ``status``, the sentence that says what it shows (also the figure's text alternative, with ``alt``
    added when the picture holds more than the sentence says; ``warning``: said as a problem with the input)."""

    key: tuple
    draw: Callable[[], Any]
    status: str
    alt: str = ""
    warning: bool = False


class Explorer(Panel):
    """Controls → a game → a figure → a status sentence: ``show(values)`` gives the :class:`View` of the
    controls' current values. A value that cannot be read, or a view that cannot be made, puts the message in
    the status line and takes the figure away (no picture of earlier input stays under the message).

    Attributes: the controls' widgets (under their ``attr`` names), ``image`` (the figure: PNG bytes in
    ``image.value``, its text alternative in ``image.alt``), ``status``, ``caps``, ``status_text``,
    ``values`` (the values last drawn). With ``ahead=True`` (``show`` changes nothing, so it may be called for
    values not shown), or a function giving the view of values not shown, a slider's next pictures are drawn
    while the kernel waits (:mod:`~gamelib.widgets.ahead`).

    >>> from gamelib.widgets import grundy_scale_explorer
    >>> w = grundy_scale_explorer("2, 5, 7", n=7)
    >>> w.slider.value = 9
    >>> print(w.status_text)
    g(9) = mex{g(7), g(4), g(2)} = mex{3, 0, 1} = 2, so heap 9 is an N-position.
    >>> w.image.alt == w.status_text and bytes(w.image.value)[1:4]
    b'PNG'
    """

    def __init__(self, rows: Sequence[Sequence[Control]], show: Callable[[dict], View], note: str = "",
                 extra: Sequence[widgets.Widget] = (), ahead: bool | Callable[[dict], View] = False):
        super().__init__()
        self.controls = [control for row in rows for control in row]
        for control in self.controls:
            setattr(self, control.attr, control.widget)
        self.image = Figure()
        self.values: dict = {}
        self._show_view = show
        boxes = [widgets.HBox([c.widget for c in row]) if len(row) > 1 else row[0].widget for row in rows if row]
        limits = [c.limit for c in self.controls if c.limit is not None]
        self._start([*boxes, *extra, self.image], limits, note)
        self._watch([c.widget for c in self.controls], self._draw)
        self._stepped = False  # a slider stepped in the browser since the last drawing
        self._ahead = DrawAhead(self.read, show if ahead is True else ahead, lambda view: view.key in PNG_CACHE,
                                lambda view: cached_png(view.key, view.draw),
                                lambda: not self._wanted and not self._running) if ahead else None
        for control in self.controls if ahead else ():
            if isinstance(control.widget, Slider):
                control.widget.observe(lambda change, c=control: self._moved(c, change.new - change.old), "value")
                control.widget.on_focus(partial(self._moved, control, 0))
        self.redraw()
        self._last_step = 0.0  # the first picture (fonts and caches still cold) says nothing of a step's time

    def _moved(self, control: Control, direction: int) -> None:
        """A slider stepped in the browser (``direction``: the change) or got the focus there (0): draw its next
        pictures ahead once the step is shown."""
        if self._ahead is not None and (control.widget._property_lock or not direction):
            self._ahead.moved(control.name, control.widget.min, control.widget.max, direction)
            self._stepped = self._stepped or bool(direction)
            if not direction and not self._wanted and not self._running:
                self._ahead.schedule(delay=0)  # a step may follow at once: its picture first

    def _run_wanted(self) -> None:
        super()._run_wanted()
        if self._ahead is not None and self._stepped:  # after a slider's step from the browser
            self._stepped = False
            self._ahead.schedule()

    def read(self) -> dict:
        """The controls' values by name (ValueError or TypeError naming the setting that cannot be read)."""
        return {control.name: control.read() for control in self.controls}

    def redraw(self) -> None:
        """Read the controls, make the view and show it; a problem goes to the status line instead.

        Controls a view changes while it is made (a range that follows another control) draw once more
        after it, from their new values, never in the middle of it."""
        self._request(self._draw, from_browser=False)

    def _draw(self) -> None:
        try:
            values = self.read()
            view = self._show_view(values)
            png = cached_png(view.key, view.draw)
        except (TypeError, ValueError, RuntimeError) as error:  # ValueError covers LimitError
            self.image.value = b""
            self.image.alt = ""
            self._complain(error)
            return
        self.values = values
        with self.image.hold_sync():  # one message: the picture, its words, and the busy sign gone if done
            self.image.value = png
            self.image.alt = view.status + (f" {view.alt}" if view.alt else "")
            if not self._wanted:
                self.image.busy = False
        (self._complain if view.warning else self._say)(view.status)  # last: who waits for it sees the picture

    def _static_view(self) -> dict:
        png = bytes(self.image.value)
        return {"text/html": f"{png_html(png, self.image.alt)}<p>Run this cell to use it.</p>"} if png else {}


__all__ = ["Control", "Explorer", "Panel", "StaticFallback", "View", "cached_png", "check_box", "listing",
           "slider", "text_box"]
