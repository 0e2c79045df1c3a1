"""The one panel base every explorer is built on, the cache of rendered figures, and the message helpers.

:class:`ExplorerWidget` lays out controls, a figure as wide as the cell and a status line; an explorer only
says which controls it has and how to draw (``_redraw``). :class:`StaticFallback` gives every panel a plain
HTML view for front ends without widgets.

Staying responsive on a busy machine is done here, once, for every panel:

* a change sent by the browser shows a busy sign at once (the status line says "working…" and the figure
  dims) before any drawing starts;
* superseded requests are dropped, not queued. In the browser, ipywidgets already merges the changes of one
  control made while its previous message is still being handled into a single message carrying the latest
  value. In the kernel, a change from the browser does not draw at once: it records that a redraw is wanted
  and schedules one on the kernel's event loop, so changes that arrive together (several controls, or
  messages that queued while a picture was being drawn) are drawn once, from the controls' latest values.
  A change made from Python (a notebook cell, a test) still draws at once, so code reading the panel right
  after setting a value sees the new picture.
"""

from __future__ import annotations

import asyncio
import base64
import html
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from gamelib import plots
from gamelib.analysis.periodicity import PeriodNotFoundError
from gamelib.checks import read_items
from gamelib.games.subtraction import SubtractionGame
from gamelib.limits import MAX_ELEMENT, MAX_SET_SIZE, PNG_CACHE_SIZE
from gamelib.parsing import parse_set, shown_value, whole_number

#: Resolution of every figure shown in a panel (dots per inch). The image is shown as wide as the notebook
#: cell (height in proportion); at this resolution a 9-inch figure is 900 pixels wide, about a JupyterLab
#: cell's width, so it is scaled little either way and its smallest labels stay legible.
DPI = 100

#: What the status line says while a picture is being computed.
BUSY_TEXT = "working\u2026"

#: CSS class put on the figure while it is being recomputed; :data:`BUSY_STYLE` dims it.
BUSY_CLASS = "gamelib-busy"

#: The style sheet of the busy sign, shipped inside every panel (ipywidgets has no opacity setting).
BUSY_STYLE = f"<style>.{BUSY_CLASS} {{opacity: 0.35; transition: opacity 0.15s;}}</style>"


PNG_CACHE: OrderedDict[tuple, bytes] = OrderedDict()


def cached_png(key: tuple, draw: Callable[[], Any]) -> bytes:
    """The PNG of the figure ``draw()`` makes, rendered once per ``key`` (the figures are deterministic)."""
    png = PNG_CACHE.get(key)
    if png is None:
        png = plots.figure_to_png(draw(), dpi=DPI)
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


def _info(text: str) -> str:
    return f'<span style="color:#000000">{html.escape(text)}</span>'


def _problem(text: str) -> str:
    return f'<span style="color:#D55E00"><b>\u26a0</b> {html.escape(text)}</span>'


class StaticFallback:
    """Mixin: besides the live widget, offer a still picture of it for places with no live kernel.

    A saved notebook has no widget state (``make notebooks`` strips it), so the live view cannot be shown
    there; ``tools/run_notebooks.py`` keeps these other parts of the output instead: a PNG or HTML of what the
    panel first showed, and a plain-text line saying to run the cell. In a running notebook JupyterLab shows
    the live widget, which outranks them.
    """

    def _static_view(self) -> dict:
        return {}

    def _repr_mimebundle_(self, **kwargs):
        data = super()._repr_mimebundle_(**kwargs)
        if data is not None:
            data["text/plain"] = (f"[{type(self).__name__}: an interactive panel. Run this cell in Jupyter "
                                  "to use it; the picture shows how it starts.]")
            data.update(self._static_view())
        return data


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop running in this thread (the kernel's), or None (plain Python, tests)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class ExplorerWidget(StaticFallback, widgets.VBox):
    """What every explorer shares: controls, a figure as wide as the cell, a status line and a line of limits.

    Attributes: ``image`` (``ipywidgets.Image`` holding PNG bytes), ``status`` (HTML), ``caps`` (HTML, the
    limits), ``status_text`` (the status line as plain text). Call :meth:`redraw` to recompute and redraw.

    >>> from gamelib.widgets import misere_explorer
    >>> w = misere_explorer("1", stop=6)
    >>> bytes(w.image.value)[1:4], w.image.layout.width, w.image.layout.height
    (b'PNG', '100%', 'auto')
    """

    #: Size of the panel's largest figure in inches (width, height), drawn at :data:`DPI`.
    figure_inches = (9.0, 2.51)

    def _setup(self, controls: list, caps: str) -> None:
        self.image = widgets.Image(format="png", layout=widgets.Layout(width="100%", height="auto"))
        self.status = widgets.HTML(layout=widgets.Layout(min_height="2.6em"))
        self.caps = widgets.HTML(f'{BUSY_STYLE}<span style="color:#555555;font-size:85%">'
                                 f'{html.escape(caps)}</span>')
        self.children = [*controls, self.image, self.status, self.caps]
        self._status_text = ""
        self._status_html = ""
        self._wanted: dict[Callable[[], None], None] = {}  # actions asked for and not yet run, in order
        self._scheduled = False  # a run of the wanted actions is waiting on the event loop
        self._running = False  # the wanted actions are being run now
        self.redraw()

    def _static_view(self) -> dict:
        png = bytes(self.image.value)
        return {"image/png": base64.b64encode(png).decode("ascii")} if png else {}

    @property
    def status_text(self) -> str:
        """The status line as plain text (what ``status`` shows)."""
        return self._status_text

    @property
    def busy(self) -> bool:
        """True while the panel shows its busy sign (a change is waiting to be drawn or being drawn)."""
        return BUSY_CLASS in self.image._dom_classes

    def _set_status(self, text: str, shown: str) -> None:
        self._status_text = text
        self._status_html = shown
        self.status.value = shown

    def _show(self, png: bytes, text: str) -> None:
        """Put the figure (PNG bytes) into the image, then (last) the text into the status line."""
        self.image.value = png
        self._set_status(text, _info(text))

    def _say(self, text: str) -> None:
        self._set_status(text, _info(text))

    def _complain(self, error: Exception | str) -> None:
        """Show a problem in the status line; the figure stays as it was."""
        self._set_status(str(error), _problem(str(error)))

    def redraw(self) -> None:
        """Recompute from the controls and redraw; a problem goes to the status line instead.

        When the controls cannot be read (a bad set, a size over a limit) the old figure is taken away, so no
        picture of earlier input (with its old title) stays under the message.
        """
        try:
            self._redraw()
        except (TypeError, ValueError, RuntimeError) as error:  # ValueError covers LimitError
            self.image.value = b""
            self._complain(error)

    def _request(self, action: Callable[[], None], from_browser: bool) -> None:
        """Run ``action`` for a change of a control: at once, or (from the browser) coalesced on the loop.

        A change from the browser shows the busy sign, then waits for the kernel's event loop; every action
        asked for meanwhile is run once, in order, after all the messages already waiting have set their
        controls, so only the latest values are drawn.
        """
        self._wanted[action] = None
        if self._running:
            return  # the run going on picks it up
        loop = _running_loop() if from_browser else None
        if loop is None:
            self._run_wanted()
            return
        if not self.busy:
            self.image.add_class(BUSY_CLASS)
            self.status.value = _info(BUSY_TEXT)
        if not self._scheduled:
            self._scheduled = True
            loop.call_soon(self._run_wanted)

    def _run_wanted(self) -> None:
        self._scheduled = False
        self._running = True
        try:
            while self._wanted:
                action = next(iter(self._wanted))
                del self._wanted[action]
                action()
        finally:
            self._running = False
            if self.busy:
                self.image.remove_class(BUSY_CLASS)
                self.status.value = self._status_html

    def _redraw(self) -> None:  # pragma: no cover - every explorer defines it
        raise NotImplementedError

    def _watch(self, *controls: widgets.Widget, action: Callable[[], None] | None = None) -> None:
        """Redraw (or run ``action``) whenever one of ``controls`` changes its value."""
        callback = action or self.redraw
        for control in controls:
            # ipywidgets holds a property lock on the control while it applies a change sent by the browser.
            control.observe(lambda _change, c=control: self._request(callback, bool(c._property_lock)),
                            names="value")


def set_box(value: str, description: str = "S =") -> widgets.Text:
    """The text box of a set, read when the student presses Enter or leaves the box.

    >>> set_box("1, 3, 4").continuous_update
    False
    """
    # continuous_update=False: the value arrives when the student presses Enter or leaves the box.
    return widgets.Text(value=value, description=description, continuous_update=False,
                        layout=widgets.Layout(width="260px"), placeholder="e.g. 1, 3, 4")


def int_slider(value: int, low: int, high: int, description: str) -> widgets.IntSlider:
    """A slider from ``low`` to ``high`` that moves the panel when let go; a start outside is refused.

    >>> int_slider(5, 1, 9, "n:").max
    9
    """
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{description.rstrip(':')} must be a whole number from {low} to {high}, got {value!r}")
    return widgets.IntSlider(value=value, min=low, max=high, description=description,
                             continuous_update=False)


def read_set(box: widgets.Text, max_element: int = MAX_ELEMENT, name: str = "S") -> tuple[int, ...]:
    """The set typed in ``box`` (read by :func:`~gamelib.parsing.parse_set`; errors start with ``name``).

    >>> read_set(set_box("{4, 1, 3}"))
    (1, 3, 4)
    """
    try:
        return parse_set(box.value, max_element=max_element, max_size=MAX_SET_SIZE)
    except ValueError as error:
        raise ValueError(f"{name}: {error}") from None


def set_box_text(S: object) -> str:
    """A set given as text stays text; a collection becomes "1, 3, 4" for the text box.

    >>> set_box_text({4, 1, 3}), set_box_text("2 5 7")
    ('1, 3, 4', '2 5 7')
    """
    if isinstance(S, str):
        return S
    if not isinstance(S, (set, frozenset, tuple, list, range)):
        raise TypeError(f'S must be text such as "1, 3, 4" or a collection of numbers, got {shown_value(S)}')
    items = read_items(S, "S", MAX_SET_SIZE, '"1, 3, 4"')
    return ", ".join(str(s) for s in sorted(whole_number(s, "each number of S") for s in items))


def period_words(game: SubtractionGame) -> str:
    """The proven period of a subtraction game in words, for a status line.

    >>> period_words(SubtractionGame({1, 2}))
    'the Grundy values repeat with period 3 from n = 0 on (proven)'
    """
    try:
        p = game.periodicity()
    except PeriodNotFoundError as error:
        return f"no period found ({error})"
    what = "outcomes" if game.misere else "Grundy values"
    return f"the {what} repeat with period {p.period} from n = {p.preperiod} on (proven)"
