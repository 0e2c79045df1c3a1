"""The one panel base every explorer is built on, the cache of rendered figures, and the message helpers.

:class:`ExplorerWidget` lays out controls, a figure of fixed size and a status line; an explorer only says
which controls it has and how to draw (``_redraw``). :class:`StaticFallback` gives every panel a plain HTML
view for front ends without widgets.
"""

from __future__ import annotations

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

#: Resolution of every figure shown in a panel (dots per inch). The image box of each panel is the size of
#: its largest figure at this resolution, so figures are shown 1:1 and never rescaled.
DPI = 80


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


class ExplorerWidget(StaticFallback, widgets.VBox):
    """What every explorer shares: controls, a fixed-size figure, a status line and a line of limits.

    Attributes: ``image`` (``ipywidgets.Image`` holding PNG bytes), ``status`` (HTML), ``caps`` (HTML, the
    limits), ``status_text`` (the status line as plain text). Call :meth:`redraw` to recompute and redraw.

    >>> from gamelib.widgets import misere_explorer
    >>> w = misere_explorer("1", stop=6)
    >>> bytes(w.image.value)[1:4], w.image.layout.height
    (b'PNG', '172px')
    """

    #: Size of the panel's largest figure in inches (width, height); the image box is this times DPI.
    figure_inches = (9.0, 2.51)

    def _setup(self, controls: list, caps: str) -> None:
        width, height = (round(side * DPI) for side in self.figure_inches)
        self.image = widgets.Image(
            format="png",
            layout=widgets.Layout(width=f"{width}px", height=f"{height}px", object_fit="contain"),
        )
        self.status = widgets.HTML(layout=widgets.Layout(min_height="2.6em"))
        self.caps = widgets.HTML(f'<span style="color:#555555;font-size:85%">{html.escape(caps)}</span>')
        self.children = [*controls, self.image, self.status, self.caps]
        self._status_text = ""
        self.redraw()

    def _static_view(self) -> dict:
        png = bytes(self.image.value)
        return {"image/png": base64.b64encode(png).decode("ascii")} if png else {}

    @property
    def status_text(self) -> str:
        """The status line as plain text (what ``status`` shows)."""
        return self._status_text

    def _show(self, png: bytes, text: str) -> None:
        """Put the figure (PNG bytes) into the image, then (last) the text into the status line."""
        self.image.value = png
        self._status_text = text
        self.status.value = _info(text)

    def _say(self, text: str) -> None:
        self._status_text = text
        self.status.value = _info(text)

    def _complain(self, error: Exception | str) -> None:
        """Show a problem in the status line; the figure stays as it was."""
        self._status_text = str(error)
        self.status.value = _problem(str(error))

    def redraw(self) -> None:
        """Recompute from the controls and redraw; a problem goes to the status line instead."""
        try:
            self._redraw()
        except (TypeError, ValueError, RuntimeError) as error:  # ValueError covers LimitError
            self._complain(error)

    def _redraw(self) -> None:  # pragma: no cover - every explorer defines it
        raise NotImplementedError

    def _watch(self, *controls: widgets.Widget, action: Callable[[], None] | None = None) -> None:
        """Redraw (or run ``action``) whenever one of ``controls`` changes its value."""
        callback = action or self.redraw
        for control in controls:
            control.observe(lambda _change: callback(), names="value")


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
