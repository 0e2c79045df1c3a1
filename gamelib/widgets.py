"""Interactive explorers for the lessons: each is one call that returns an ipywidgets panel.

Every panel is a ``VBox`` with its controls on top, the figure below them (a PNG in an ``ipywidgets.Image``
of fixed size, so the page does not jump), then a status line (``status``, HTML) that says in words what the
figure shows, and a line stating the size limits. Text boxes are read with :func:`~gamelib.parsing.parse_set`
(never ``eval``); a bad entry puts a message in the status line and leaves the figure as it was. The status
line is always written *after* the figure, so whoever waits for the text sees the new figure too.

All controls and outputs are attributes, so a test (or a curious student) can drive a panel from Python:

>>> w = grundy_scale_explorer("2, 5, 7", n=7)
>>> w.slider.value = 9
>>> print(w.status_text)
g(9) = mex{g(7), g(4), g(2)} = mex{3, 0, 1} = 2, so heap 9 is an N-position.
"""

from __future__ import annotations

import base64
import html
from collections import OrderedDict
from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import islice
from typing import Any

import ipywidgets as widgets

from gamelib import plots
from gamelib.analysis.periodicity import PeriodNotFoundError
from gamelib.analysis.source_algorithms import label_positions
from gamelib.checks import LimitError, check_bool, set_text
from gamelib.games.boards import Chomp, Wythoff
from gamelib.games.nim import HEAP_NAMES, Nim, nim_sum
from gamelib.games.subtraction import SubtractionGame
from gamelib.limits import (
    MAX_CHOMP_COLS,
    MAX_CHOMP_ROWS,
    MAX_ELEMENT,
    MAX_HEATMAP_C,
    MAX_LABELLING_HEAPS,
    MAX_NIM_EXPLORER_HEAP,
    MAX_NIM_EXPLORER_HEAPS,
    MAX_PANEL_STRIP,
    MAX_PANEL_WYTHOFF,
    MAX_PERIOD_ELEMENT,
    MAX_PERIOD_STRIP,
    MAX_SCALE_HEAP,
    MAX_SET_SIZE,
    MAX_SUM_SIDE,
)
from gamelib.parsing import parse_set

#: Resolution of every figure shown in a panel (dots per inch). The image box of each panel is the size of
#: its largest figure at this resolution, so figures are shown 1:1 and never rescaled.
DPI = 80


_PNG_CACHE: OrderedDict[tuple, bytes] = OrderedDict()
#: How many rendered figures are kept, so that going back to a setting shows its figure at once.
PNG_CACHE_SIZE = 64


def _picture(key: tuple, draw: Callable[[], Any]) -> bytes:
    """The PNG of the figure ``draw()`` makes, rendered once per ``key`` (the figures are deterministic)."""
    png = _PNG_CACHE.get(key)
    if png is None:
        png = plots.figure_to_png(draw(), dpi=DPI)
        _PNG_CACHE[key] = png
        if len(_PNG_CACHE) > PNG_CACHE_SIZE:
            _PNG_CACHE.popitem(last=False)
    else:
        _PNG_CACHE.move_to_end(key)
    return png


def _listing(values: Sequence, most: int = 20) -> str:
    """At most ``most`` values separated by commas, with '...' when some are left out."""
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


def _set_box(value: str, description: str = "S =") -> widgets.Text:
    # continuous_update=False: the value arrives when the student presses Enter or leaves the box.
    return widgets.Text(value=value, description=description, continuous_update=False,
                        layout=widgets.Layout(width="260px"), placeholder="e.g. 1, 3, 4")


def _slider(value: int, low: int, high: int, description: str) -> widgets.IntSlider:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{description.rstrip(':')} must be a whole number from {low} to {high}, got {value!r}")
    return widgets.IntSlider(value=value, min=low, max=high, description=description,
                             continuous_update=False)


def _shown(value: object) -> str:
    """A short repr of a value for a message (never the digits of a huge number, never a failing repr)."""
    try:
        text = repr(value) if not (type(value) is int and value.bit_length() > 200) else "a huge number"
    except Exception:
        text = f"an object of type {type(value).__name__}"
    return text if len(text) <= 60 else text[:56] + " ..."


def _whole_number(value: object, name: str) -> int:
    """``value`` as an exact int, for the public methods of the panels: bools, floats, text and complex
    numbers are refused with a TypeError naming ``name`` and the value.

    >>> _whole_number(3, "step")
    3
    >>> _whole_number(2.0, "amount")
    Traceback (most recent call last):
    ...
    TypeError: amount must be a whole number, got 2.0 (a float)
    """
    if isinstance(value, bool) or not hasattr(type(value), "__index__") or isinstance(value, (float, complex)):
        raise TypeError(f"{name} must be a whole number, got {_shown(value)} (a {type(value).__name__})")
    try:
        number = int.__index__(value) if isinstance(value, int) else int.__index__(type(value).__index__(value))
    except Exception:
        raise TypeError(f"{name} must be a whole number, got {_shown(value)}") from None
    return number


def _first_items(values: object, name: str, limit: int, example: str) -> list:
    """The items of a collection, reading at most ``limit + 1`` of them (a generator or a huge range is never
    listed whole): more than ``limit`` items is refused with LimitError, a non-collection with TypeError.

    >>> _first_items(iter([1, 2]), "S", 8, "{1, 3, 4}")
    [1, 2]
    """
    if isinstance(values, (str, bytes)) or not hasattr(type(values), "__iter__"):
        raise TypeError(f"{name} must be a collection such as {example}, got {_shown(values)}")
    items = list(islice(values, limit + 1))
    if len(items) > limit:
        raise LimitError(f"{name} has more than {limit:,} items; this takes at most {limit:,}")
    return items


def _read_set(box: widgets.Text, max_element: int = MAX_ELEMENT, name: str = "S") -> tuple[int, ...]:
    try:
        return parse_set(box.value, max_element=max_element, max_size=MAX_SET_SIZE)
    except ValueError as error:
        raise ValueError(f"{name}: {error}") from None


def _as_text(S: object) -> str:
    """A set given as text stays text; a collection becomes "1, 3, 4" for the text box."""
    if isinstance(S, str):
        return S
    if not isinstance(S, (set, frozenset, tuple, list, range)):
        raise TypeError(f'S must be text such as "1, 3, 4" or a collection of numbers, got {_shown(S)}')
    items = _first_items(S, "S", MAX_SET_SIZE, '"1, 3, 4"')
    return ", ".join(str(s) for s in sorted(_whole_number(s, "each number of S") for s in items))


def _period_words(game: SubtractionGame) -> str:
    try:
        p = game.periodicity()
    except PeriodNotFoundError as error:
        return f"no period found ({error})"
    what = "outcomes" if game.misere else "Grundy values"
    return f"the {what} repeat with period {p.period} from n = {p.preperiod} on (proven)"


# --------------------------------------------------------------------------------------------------------


class SubtractionExplorer(ExplorerWidget):
    """See :func:`subtraction_explorer`. Controls: ``text`` (the set S), ``slider`` (how many heaps).

    >>> subtraction_explorer().slider.max   # the limit on the number of heaps
    80
    """

    def __init__(self, S: object = "1, 3, 4", stop: int = 30):
        super().__init__()
        self.text = _set_box(_as_text(S))
        self.slider = _slider(stop, 5, MAX_PANEL_STRIP, "heaps:")
        self.game: SubtractionGame | None = None
        self._watch(self.text, self.slider)
        self._setup([widgets.HBox([self.text, self.slider])],
                    f"Limits: S has at most {MAX_SET_SIZE} numbers, each from 1 to {MAX_ELEMENT}; "
                    f"heaps 0 to {MAX_PANEL_STRIP - 1} at most.")

    def _redraw(self) -> None:
        game = SubtractionGame(_read_set(self.text))
        stop = self.slider.value
        figure = _picture(("strip", game.S, stop), lambda: plots.sequence_strip(game, stop))
        p_positions = game.p_positions(stop)
        self.game = game
        self._show(figure, f"{game.title}, heaps 0 to {stop - 1}: P-positions (Grundy value 0) "
                           f"{_listing(p_positions)}; {_period_words(game)}.")


def subtraction_explorer(S: object = "1, 3, 4", stop: int = 30) -> SubtractionExplorer:
    """Grundy values of a subtraction game as a strip of heaps 0 .. stop - 1, with its P-positions and period.

    Parameters
    ----------
    S : the subtraction set as text, e.g. "1, 3, 4" (or a collection of numbers); at most 8 numbers, each 1 to 30.
    stop : how many heaps to show (heaps 0 .. stop - 1), 5 to 80.

    Returns
    -------
    SubtractionExplorer
        An ipywidgets VBox.
        Attributes: ``text`` (the set, e.g. "1, 3, 4"), ``slider`` (number of heaps), ``image``, ``status``.

    Examples
    --------
    >>> w = subtraction_explorer("1, 3, 4", stop=24)
    >>> print(w.status_text)  # doctest: +NORMALIZE_WHITESPACE
    S = {1, 3, 4}, heaps 0 to 23: P-positions (Grundy value 0) 0, 2, 7, 9, 14, 16, 21, 23; the Grundy
    values repeat with period 7 from n = 0 on (proven).
    >>> w.text.value = "1, x"
    >>> print(w.status_text)  # doctest: +ELLIPSIS
    S: in '1, x', 'x' is not a number; expected at most 8 whole numbers from 1 to 30, ...
    """
    return SubtractionExplorer(S, stop)


# --------------------------------------------------------------------------------------------------------


def mex_sentence(game: SubtractionGame, n: int) -> str:
    """The computation of g(n) written out: ``g(n) = mex{g(n - s), ...} = mex{values} = v`` (S in order).

    >>> mex_sentence(SubtractionGame({2, 5, 7}), 9)
    'g(9) = mex{g(7), g(4), g(2)} = mex{3, 0, 1} = 2'
    >>> mex_sentence(SubtractionGame({2, 5, 7}), 1)
    'g(1) = mex{} = 0'
    """
    followers = [n - s for s in game.S if s <= n]
    value = game.grundy(n)
    if not followers:
        return f"g({n}) = mex{{}} = {value}"
    names = ", ".join(f"g({m})" for m in followers)
    values = ", ".join(str(game.grundy(m)) for m in followers)
    return f"g({n}) = mex{{{names}}} = mex{{{values}}} = {value}"


class GrundyScaleExplorer(ExplorerWidget):
    """See :func:`grundy_scale_explorer`. Controls: ``text`` (the set S), ``slider`` (the heap n).

    >>> w = grundy_scale_explorer("1, 2", n=3)
    >>> w.game.S, w.slider.max
    ((1, 2), 60)
    """

    figure_inches = (9.0, 3.6)

    def __init__(self, S: object = "2, 5, 7", n: int = 7):
        super().__init__()
        self.text = _set_box(_as_text(S))
        self.slider = _slider(n, 0, MAX_SCALE_HEAP, "heap n:")
        self.game: SubtractionGame | None = None
        self._watch(self.text, self.slider)
        self._setup([widgets.HBox([self.text, self.slider])],
                    f"Limits: S has at most {MAX_SET_SIZE} numbers, each from 1 to {MAX_ELEMENT}; "
                    f"n from 0 to {MAX_SCALE_HEAP}.")

    def _redraw(self) -> None:
        game = SubtractionGame(_read_set(self.text))
        n = self.slider.value
        figure = _picture(("scale", game.S, n), lambda: plots.grundy_scale(game, n))
        kind = "a P" if game.grundy(n) == 0 else "an N"
        self.game = game
        self._show(figure, f"{mex_sentence(game, n)}, so heap {n} is {kind}-position.")


def grundy_scale_explorer(S: object = "2, 5, 7", n: int = 7) -> GrundyScaleExplorer:
    """Slide the Grundy scale along the value table: g(n) is the mex of the values the scale points at.

    Parameters
    ----------
    S : the subtraction set as text, e.g. "2, 5, 7"; at most 8 numbers, each 1 to 30.
    n : the heap the scale is placed under, 0 to 60.

    Returns
    -------
    GrundyScaleExplorer
        An ipywidgets VBox.
        Attributes: ``text`` (the set), ``slider`` (the heap n), ``image``, ``status``.

    Examples
    --------
    >>> w = grundy_scale_explorer()
    >>> print(w.status_text)
    g(7) = mex{g(5), g(2), g(0)} = mex{2, 1, 0} = 3, so heap 7 is an N-position.
    """
    return GrundyScaleExplorer(S, n)


# --------------------------------------------------------------------------------------------------------


class LabellingPlayer(ExplorerWidget):
    """See :func:`labelling_player`. Controls: ``text``, ``slider`` (heaps), ``back_button``,
    ``forward_button``, ``reset_button``; state: ``step`` (0 = nothing labelled), ``steps`` (the total).

    >>> w = labelling_player("1, 2", stop=4)
    >>> w.go(99)            # kept within 0 .. steps
    >>> w.step == w.steps
    True
    """

    figure_inches = (9.0, 3.2)

    def __init__(self, S: object = "1, 3, 4", stop: int = 15):
        super().__init__()
        self.text = _set_box(_as_text(S))
        self.slider = _slider(stop, 3, MAX_LABELLING_HEAPS, "heaps:")
        self.back_button = widgets.Button(description="Step back", icon="step-backward")
        self.forward_button = widgets.Button(description="Step forward", icon="step-forward",
                                             button_style="primary")
        self.reset_button = widgets.Button(description="Reset", icon="refresh")
        self.back_button.on_click(lambda _b: self.go(self.step - 1))
        self.forward_button.on_click(lambda _b: self.go(self.step + 1))
        self.reset_button.on_click(lambda _b: self.go(0))
        self.step = 0
        self.steps = 0
        self.game: SubtractionGame | None = None
        self._labelling: Any = None
        self._watch(self.text, self.slider, action=self._new_game)
        self._setup([widgets.HBox([self.text, self.slider]),
                     widgets.HBox([self.back_button, self.forward_button, self.reset_button])],
                    f"Limits: S has at most {MAX_SET_SIZE} numbers, each from 1 to {MAX_ELEMENT}; "
                    f"heaps 0 to {MAX_LABELLING_HEAPS - 1} at most.")

    def _new_game(self) -> None:
        self.step = 0
        self.redraw()

    def go(self, step: int) -> None:
        """Show the labelling after ``step`` steps (kept between 0 and the number of steps).

        ``step`` must be a whole number (TypeError otherwise, naming the value).
        """
        step = _whole_number(step, "step")
        self.step = min(max(step, 0), self.steps)
        self.redraw()

    def _redraw(self) -> None:
        game = SubtractionGame(_read_set(self.text))
        stop = self.slider.value
        labelling = label_positions(game, range(stop))
        steps = len(labelling.steps)
        step = min(self.step, steps)
        figure = _picture(("labelling", game.S, stop, step), lambda: plots.labelling_figure(game, stop, step))
        self.game, self._labelling, self.steps, self.step = game, labelling, steps, step
        self.back_button.disabled = step == 0
        self.forward_button.disabled = step == steps
        if step == 0:
            text = f"{game.title}, heaps 0 to {stop - 1}: nothing is labelled yet. Press 'Step forward'."
        else:
            record = labelling.steps[step - 1]
            got = {"P": [p for p, v in record.labelled.items() if v == "P"],
                   "N": [p for p, v in record.labelled.items() if v == "N"]}
            new = "; ".join(f"{label}: {_listing(heaps)}" for label, heaps in got.items() if heaps)
            text = f"Step {step} of {steps} ({record.rule}): " + (f"newly labelled {new}." if new else
                                                                   "nothing new is labelled.")
            if step == steps:
                text += " Done: every heap has a label."
        self._show(figure, text)


def labelling_player(S: object = "1, 3, 4", stop: int = 15) -> LabellingPlayer:
    """Replay the labelling algorithm step by step (terminal positions, then N, then P, and again).

    Parameters
    ----------
    S : the subtraction set as text, e.g. "1, 3, 4"; at most 8 numbers, each 1 to 30.
    stop : how many heaps to label (heaps 0 .. stop - 1), 3 to 30.

    Returns
    -------
    LabellingPlayer
        An ipywidgets VBox.
        Attributes: ``text``, ``slider`` (number of heaps), ``back_button``, ``forward_button``, ``reset_button``,
        ``step``, ``steps``, ``image``, ``status``; method ``go(step)``.

    Examples
    --------
    >>> w = labelling_player("1, 3, 4", stop=10)
    >>> w.forward_button.click()
    >>> print(w.status_text)
    Step 1 of 9 (terminal positions): newly labelled P: 0.
    """
    return LabellingPlayer(S, stop)


# --------------------------------------------------------------------------------------------------------


class PeriodExplorer(ExplorerWidget):
    """See :func:`period_explorer`. Controls: ``text`` (the set S), ``misere`` (Checkbox).

    >>> w = period_explorer("1, 2, 3", misere=True)
    >>> w.status_text.startswith("S = {1, 2, 3} (misère): preperiod 0, period 4")
    True
    """

    def __init__(self, S: object = "2, 5, 7", misere: bool = False):
        super().__init__()
        self.text = _set_box(_as_text(S))
        self.misere = widgets.Checkbox(value=check_bool(misere, "misere"), description="misère play", indent=False)
        self.game: SubtractionGame | None = None
        self._watch(self.text, self.misere)
        self._setup([widgets.HBox([self.text, self.misere])],
                    f"Limits: S has at most {MAX_SET_SIZE} numbers, each from 1 to {MAX_PERIOD_ELEMENT}; "
                    f"the strip shows at most {MAX_PERIOD_STRIP} heaps.")

    def _redraw(self) -> None:
        game = SubtractionGame(_read_set(self.text, MAX_PERIOD_ELEMENT), misere=self.misere.value)
        p = game.periodicity()
        wanted = p.preperiod + 2 * p.period
        stop = min(max(wanted, 20), MAX_PERIOD_STRIP)
        figure = _picture(("period", game.S, game.misere, stop),
                          lambda: plots.sequence_strip(game, stop, show_period=True))
        first, second, length = p.window
        text = (f"{game.title}: preperiod {p.preperiod}, period {p.period} (proven: the {length} values from "
                f"n = {first} reappear from n = {second}).")
        if wanted > stop:
            text += f" The strip shows heaps 0 to {stop - 1} only."
        self.game = game
        self._show(figure, text)


def period_explorer(S: object = "2, 5, 7", misere: bool = False) -> PeriodExplorer:
    """The preperiod and period of a subtraction game, proven, with the first two periods drawn.

    Parameters
    ----------
    S : the subtraction set as text, e.g. "2, 5, 7"; at most 8 numbers, each 1 to 20.
    misere : start with misère play (the checkbox can change it).

    Returns
    -------
    PeriodExplorer
        An ipywidgets VBox.
        Attributes: ``text``, ``misere`` (Checkbox), ``image``, ``status``.

    Examples
    --------
    >>> w = period_explorer("2, 5, 7")
    >>> print(w.status_text)
    S = {2, 5, 7}: preperiod 0, period 22 (proven: the 7 values from n = 0 reappear from n = 22).
    """
    return PeriodExplorer(S, misere)


# --------------------------------------------------------------------------------------------------------


@lru_cache(maxsize=32)
def _periods_with_largest(c: int) -> tuple[tuple[tuple[int, int, int], int, int], ...]:
    """(S, preperiod, period) for every S = {a, b, c}, a < b < c."""
    found = []
    for a in range(1, c - 1):
        for b in range(a + 1, c):
            p = SubtractionGame((a, b, c)).periodicity()
            found.append(((a, b, c), p.preperiod, p.period))
    return tuple(found)


class PeriodHeatmapExplorer(ExplorerWidget):
    """See :func:`period_heatmap_explorer`. Control: ``slider`` (the largest element c).

    >>> period_heatmap_explorer(4).slider.max
    20
    """

    figure_inches = (8.0, 4.0)

    def __init__(self, c: int = 12):
        super().__init__()
        self.slider = _slider(c, 3, MAX_HEATMAP_C, "c:")
        self._watch(self.slider)
        self._setup([self.slider], f"Limits: c from 3 to {MAX_HEATMAP_C}.")

    def _redraw(self) -> None:
        c = self.slider.value
        figure = _picture(("heatmap", c), lambda: plots.period_heatmap(c))
        records = _periods_with_largest(c)
        longest = max(records, key=lambda r: r[2])
        periods = [r[2] for r in records]
        common = max(sorted(set(periods)), key=periods.count)
        sets = f"{len(records)} set" + ("s" if len(records) > 1 else "")
        text = (f"S = {{a, b, {c}}} with a < b < {c}: {sets}. Longest period {longest[2]}, "
                f"for S = {set_text(longest[0])} (preperiod {longest[1]}). Shortest period {min(periods)}; "
                f"the most common period is {common} ({periods.count(common)} of them).")
        self._show(figure, text)


def period_heatmap_explorer(c: int = 12) -> PeriodHeatmapExplorer:
    """Periods of every S = {a, b, c} for one c, as a heatmap over a and b.

    Parameters
    ----------
    c : the largest element of the sets {a, b, c}, 3 to 20.

    Returns
    -------
    PeriodHeatmapExplorer
        An ipywidgets VBox.
        Attributes: ``slider`` (c), ``image``, ``status``.

    Examples
    --------
    >>> w = period_heatmap_explorer(5)
    >>> w.status_text.startswith("S = {a, b, 5} with a < b < 5: 6 sets.")
    True
    """
    return PeriodHeatmapExplorer(c)


# --------------------------------------------------------------------------------------------------------


class NimExplorer(ExplorerWidget):
    """See :func:`nim_explorer`. Controls: ``count`` (number of heaps), ``sliders`` (one per heap).

    >>> w = nim_explorer((1, 2))
    >>> w.count.value = 1
    >>> w.heaps
    (1,)
    """

    figure_inches = (8.0, 4.0)

    def __init__(self, heaps: Sequence[int] = (5, 9, 12)):
        super().__init__()
        heaps = tuple(_first_items(heaps, "heaps", MAX_NIM_EXPLORER_HEAPS, "(5, 9, 12)"))
        if not 1 <= len(heaps) <= MAX_NIM_EXPLORER_HEAPS:
            raise ValueError(f"nim_explorer takes 1 to {MAX_NIM_EXPLORER_HEAPS} heaps, got {heaps}")
        for h in heaps:
            if isinstance(h, bool) or not isinstance(h, int) or not 0 <= h <= MAX_NIM_EXPLORER_HEAP:
                raise ValueError(f"each heap must be a whole number from 0 to {MAX_NIM_EXPLORER_HEAP}, got {h!r}")
        self.count = _slider(len(heaps), 1, MAX_NIM_EXPLORER_HEAPS, "heaps:")
        start = heaps + (1,) * (MAX_NIM_EXPLORER_HEAPS - len(heaps))
        self.sliders = [_slider(h, 0, MAX_NIM_EXPLORER_HEAP, f"heap {HEAP_NAMES[i]}:")
                        for i, h in enumerate(start)]
        self._watch(self.count, *self.sliders)
        self._setup([self.count, *self.sliders],
                    f"Limits: 1 to {MAX_NIM_EXPLORER_HEAPS} heaps, each from 0 to {MAX_NIM_EXPLORER_HEAP}.")

    @property
    def heaps(self) -> tuple[int, ...]:
        """The heaps currently set."""
        return tuple(s.value for s in self.sliders[: self.count.value])

    def _redraw(self) -> None:
        for i, slider in enumerate(self.sliders):
            slider.layout.display = None if i < self.count.value else "none"
        heaps = self.heaps
        figure = _picture(("nim", heaps), lambda: plots.nim_binary_table(heaps))
        total = nim_sum(*heaps)
        sum_text = " \u2295 ".join(map(str, heaps)) + f" = {total}"
        if total == 0:
            text = f"{sum_text}: a P-position. Every move changes the nim-sum to something other than 0."
        else:
            moves = []
            for after in Nim().winning_moves(heaps):
                i = next(k for k in range(len(heaps)) if after[k] != heaps[k])
                moves.append(f"heap {HEAP_NAMES[i]} from {heaps[i]} to {after[i]}")
            text = f"{sum_text}: an N-position. Winning move{'s' if len(moves) > 1 else ''}: " + "; ".join(moves) + "."
        self._show(figure, text)


def nim_explorer(heaps: Sequence[int] = (5, 9, 12)) -> NimExplorer:
    """Nim heaps in binary, the nim-sum, and the winning move; one slider per heap (up to 5 heaps).

    Parameters
    ----------
    heaps : 1 to 5 heap sizes, each 0 to 63.

    Returns
    -------
    NimExplorer
        An ipywidgets VBox.
        Attributes: ``count`` (number of heaps), ``sliders`` (list of 5 sliders; those beyond ``count`` are
        hidden), ``heaps`` (tuple), ``image``, ``status``.

    Examples
    --------
    >>> w = nim_explorer((3, 4, 5))
    >>> print(w.status_text)
    3 ⊕ 4 ⊕ 5 = 2: an N-position. Winning move: heap A from 3 to 1.
    >>> w.sliders[0].value = 1
    >>> print(w.status_text)
    1 ⊕ 4 ⊕ 5 = 0: a P-position. Every move changes the nim-sum to something other than 0.
    """
    return NimExplorer(heaps)


# --------------------------------------------------------------------------------------------------------


class SumExplorer(ExplorerWidget):
    """See :func:`sum_explorer`. Controls: ``text_a``, ``text_b`` (the sets), ``rows_slider``,
    ``cols_slider`` (table size), ``heap_a``, ``heap_b`` (a position of the sum to explain).

    >>> [g.S for g in sum_explorer("1", "2").games]
    [(1,), (2,)]
    """

    figure_inches = (8.0, 4.0)

    def __init__(self, S_a: object = "1, 3, 7, 8", S_b: object = "1, 2, 3", rows: int = 16, cols: int = 16):
        super().__init__()
        self.text_a = _set_box(_as_text(S_a), "S_a =")
        self.text_b = _set_box(_as_text(S_b), "S_b =")
        self.rows_slider = _slider(rows, 2, MAX_SUM_SIDE, "rows:")
        self.cols_slider = _slider(cols, 2, MAX_SUM_SIDE, "columns:")
        self.heap_a = _slider(5, 0, MAX_SUM_SIDE - 1, "heap of A:")
        self.heap_b = _slider(7, 0, MAX_SUM_SIDE - 1, "heap of B:")
        self.games: tuple[SubtractionGame, SubtractionGame] | None = None
        self._watch(self.text_a, self.text_b, self.rows_slider, self.cols_slider)
        self._watch(self.heap_a, self.heap_b, action=self._explain)
        self._setup([widgets.HBox([self.text_a, self.text_b]),
                     widgets.HBox([self.rows_slider, self.cols_slider]),
                     widgets.HBox([self.heap_a, self.heap_b])],
                    f"Limits: each set has at most {MAX_SET_SIZE} numbers, each from 1 to {MAX_ELEMENT}; "
                    f"at most {MAX_SUM_SIDE} rows and columns.")

    def _redraw(self) -> None:
        game_a = SubtractionGame(_read_set(self.text_a, name="S_a"))
        game_b = SubtractionGame(_read_set(self.text_b, name="S_b"))
        rows, cols = self.rows_slider.value, self.cols_slider.value
        figure = _picture(("sum", game_a.S, game_b.S, rows, cols),
                          lambda: plots.sum_heatmap(game_a, game_b, rows, cols))
        self.games = (game_a, game_b)
        self.image.value = figure
        with self.hold_trait_notifications():
            self.heap_a.max, self.heap_b.max = rows - 1, cols - 1  # a position inside the table shown
        self._explain()

    def _explain(self) -> None:
        if self.games is None:
            return
        game_a, game_b = self.games
        rows, cols = self.rows_slider.value, self.cols_slider.value
        ga_row, gb_row = game_a.grundy_values(rows), game_b.grundy_values(cols)
        zeros = sum(int(x == y) for x in ga_row for y in gb_row)
        i, j = self.heap_a.value, self.heap_b.value
        ga, gb = game_a.grundy(i), game_b.grundy(j)
        kind = "a P" if ga == gb else "an N"
        text = (f"A: {game_a.title}, B: {game_b.title}. {zeros} of the {rows} \u00d7 {cols} positions shown are "
                f"P-positions (value 0). Position ({i}, {j}): g_A({i}) \u2295 g_B({j}) = {ga} \u2295 {gb} = "
                f"{ga ^ gb}, {kind}-position.")
        self._say(text)


def sum_explorer(S_a: object = "1, 3, 7, 8", S_b: object = "1, 2, 3", rows: int = 16,
                 cols: int = 16) -> SumExplorer:
    """The sum of two subtraction games: the heatmap of g_A(i) XOR g_B(j), and one position explained.

    Parameters
    ----------
    S_a, S_b : the two subtraction sets as text, e.g. "1, 3, 7, 8"; at most 8 numbers each, each 1 to 30.
    rows, cols : heaps 0 .. rows - 1 of game A and 0 .. cols - 1 of game B, 2 to 40 each.

    Returns
    -------
    SumExplorer
        An ipywidgets VBox.
        Attributes: ``text_a``, ``text_b``, ``rows_slider``, ``cols_slider``, ``heap_a``, ``heap_b``, ``image``,
        ``status``.

    Examples
    --------
    >>> w = sum_explorer("1, 2", "1, 2", rows=6, cols=6)
    >>> w.heap_a.value, w.heap_b.value = 4, 1
    >>> print(w.status_text)  # doctest: +NORMALIZE_WHITESPACE
    A: S = {1, 2}, B: S = {1, 2}. 12 of the 6 × 6 positions shown are P-positions (value 0). Position (4,
    1): g_A(4) ⊕ g_B(1) = 1 ⊕ 1 = 0, a P-position.
    """
    return SumExplorer(S_a, S_b, rows, cols)


# --------------------------------------------------------------------------------------------------------


class MisereExplorer(ExplorerWidget):
    """See :func:`misere_explorer`. Controls: ``text`` (the set S), ``slider`` (how many heaps).

    >>> misere_explorer().slider.value
    40
    """

    figure_inches = (9.0, 2.15)

    def __init__(self, S: object = "1, 3, 4", stop: int = 40):
        super().__init__()
        self.text = _set_box(_as_text(S))
        self.slider = _slider(stop, 5, MAX_PANEL_STRIP, "heaps:")
        self._watch(self.text, self.slider)
        self._setup([widgets.HBox([self.text, self.slider])],
                    f"Limits: S has at most {MAX_SET_SIZE} numbers, each from 1 to {MAX_ELEMENT}; "
                    f"heaps 0 to {MAX_PANEL_STRIP - 1} at most.")

    def _redraw(self) -> None:
        S = _read_set(self.text)
        normal, misere = SubtractionGame(S), SubtractionGame(S, misere=True)
        stop = self.slider.value
        figure = _picture(("misere", S, stop), lambda: plots.outcome_strips([normal, misere], stop))
        a, b = normal.outcomes(stop), misere.outcomes(stop)
        differ = [n for n in range(stop) if a[n] != b[n]]
        text = (f"S = {set_text(S)}, heaps 0 to {stop - 1}. P-positions in normal play: "
                f"{_listing(normal.p_positions(stop))}; in misère play: {_listing(misere.p_positions(stop))}. "
                f"The outcomes differ at {len(differ)} heaps: {_listing(differ, 12)}.")
        self._show(figure, text)


def misere_explorer(S: object = "1, 3, 4", stop: int = 40) -> MisereExplorer:
    """Normal and misère play of the same subtraction game, one P/N strip above the other.

    Parameters
    ----------
    S : the subtraction set as text, e.g. "1, 3, 4"; at most 8 numbers, each 1 to 30.
    stop : how many heaps to show, 5 to 80.

    Returns
    -------
    MisereExplorer
        An ipywidgets VBox.
        Attributes: ``text``, ``slider`` (number of heaps), ``image``, ``status``.

    Examples
    --------
    >>> w = misere_explorer("1, 2, 3", stop=9)
    >>> print(w.status_text)  # doctest: +NORMALIZE_WHITESPACE
    S = {1, 2, 3}, heaps 0 to 8. P-positions in normal play: 0, 4, 8; in misère play: 1, 5. The outcomes
    differ at 5 heaps: 0, 1, 4, 5, 8.
    """
    return MisereExplorer(S, stop)


# --------------------------------------------------------------------------------------------------------


class WythoffExplorer(ExplorerWidget):
    """See :func:`wythoff_explorer`. Control: ``slider`` (the limit of both heaps).

    >>> wythoff_explorer().slider.max
    60
    """

    figure_inches = (8.0, 4.0)

    def __init__(self, limit: int = 30):
        super().__init__()
        self.slider = _slider(limit, 5, MAX_PANEL_WYTHOFF, "limit:")
        self._watch(self.slider)
        self._setup([self.slider], f"Limits: heaps below {MAX_PANEL_WYTHOFF} at most.")

    def _redraw(self) -> None:
        limit = self.slider.value
        figure = _picture(("wythoff", limit), lambda: plots.wythoff_heatmap(limit))
        pairs = [(a, b) for a, b in Wythoff().p_positions(limit) if a <= b]
        text = (f"Wythoff's game, both heaps below {limit}: the P-positions (a, b) with a \u2264 b are "
                f"{_listing(pairs, 12)} (and their mirror images). The k-th pair has b - a = k.")
        self._show(figure, text)


def wythoff_explorer(limit: int = 30) -> WythoffExplorer:
    """The P-positions of Wythoff's game, with the golden-ratio lines they follow.

    Parameters
    ----------
    limit : both heaps below this, 5 to 60.

    Returns
    -------
    WythoffExplorer
        An ipywidgets VBox.
        Attributes: ``slider`` (limit), ``image``, ``status``.

    Examples
    --------
    >>> print(wythoff_explorer(8).status_text)  # doctest: +NORMALIZE_WHITESPACE
    Wythoff's game, both heaps below 8: the P-positions (a, b) with a ≤ b are (0, 0), (1, 2), (3, 5), (4,
    7) (and their mirror images). The k-th pair has b - a = k.
    """
    return WythoffExplorer(limit)


# --------------------------------------------------------------------------------------------------------


@lru_cache(maxsize=16)
def _chomp_game(rows: int, cols: int) -> Chomp:
    """One Chomp object per board size, so its table of outcomes is worked out only once."""
    return Chomp(rows, cols)


def _bites(rows: tuple[int, ...]) -> dict[tuple[int, ...], tuple[int, int]]:
    """Each position one bite away, with the square (row, column), counted from 1, that was eaten."""
    found: dict[tuple[int, ...], tuple[int, int]] = {}
    for r, length in enumerate(rows):
        for c in range(length):
            if r == 0 and c == 0:
                continue
            found.setdefault(rows[:r] + tuple(min(x, c) for x in rows[r:]), (r + 1, c + 1))
    return found


class ChompExplorer(ExplorerWidget):
    """See :func:`chomp_explorer`. Controls: ``rows_slider``, ``cols_slider`` (board), ``row_picker``,
    ``col_picker`` (the square to eat, counted from 1 at the top left), ``eat_button``, ``reset_button``;
    state: ``position`` (row lengths, top first), ``game`` (a :class:`~gamelib.Chomp`).

    >>> w = chomp_explorer(2, 2)
    >>> w.eat(1, 2), w.position     # eats the right column: (1, 1)
    (True, (1, 1))
    >>> w.reset(); w.position
    (2, 2)
    """

    figure_inches = (8.0, 3.95)

    def __init__(self, rows: int = 3, cols: int = 5):
        super().__init__()
        self.rows_slider = _slider(rows, 1, MAX_CHOMP_ROWS, "rows:")
        self.cols_slider = _slider(cols, 1, MAX_CHOMP_COLS, "columns:")
        self.row_picker = widgets.BoundedIntText(value=1, min=1, max=MAX_CHOMP_ROWS, description="row:",
                                                 layout=widgets.Layout(width="140px"))
        self.col_picker = widgets.BoundedIntText(value=2, min=1, max=MAX_CHOMP_COLS, description="column:",
                                                 layout=widgets.Layout(width="140px"))
        self.eat_button = widgets.Button(description="Eat", button_style="primary")
        self.reset_button = widgets.Button(description="New bar", icon="refresh")
        self.analysis = widgets.Checkbox(value=False, description="show who wins and the winning bites",
                                         indent=False, layout=widgets.Layout(width="auto"))
        self.eat_button.on_click(lambda _b: self.eat(self.row_picker.value, self.col_picker.value))
        self.reset_button.on_click(lambda _b: self.reset())
        self.game = _chomp_game(self.rows_slider.value, self.cols_slider.value)
        self.position = self.game.start
        self._watch(self.rows_slider, self.cols_slider, action=self.reset)
        self.analysis.observe(lambda _change: self.redraw(), names="value")
        self._setup([widgets.HBox([self.rows_slider, self.cols_slider]),
                     widgets.HBox([self.row_picker, self.col_picker, self.eat_button, self.reset_button]),
                     self.analysis],
                    f"Limits: at most {MAX_CHOMP_ROWS} rows and {MAX_CHOMP_COLS} columns. The poisoned square "
                    "is row 1, column 1; whoever is left with only the poison loses.")

    def reset(self) -> None:
        """A whole bar of the size the sliders show."""
        self.game = _chomp_game(self.rows_slider.value, self.cols_slider.value)
        self.position = self.game.start
        self.redraw()

    def eat(self, row: int, col: int) -> bool:
        """Eat the square at ``row``, ``col`` (from 1, top left) and everything below and right of it.

        Returns False (saying why in the panel) when no square is left there; ``row`` and ``col`` must be
        whole numbers (TypeError otherwise, naming the value).
        """
        row, col = _whole_number(row, "row"), _whole_number(col, "col")
        r, c = row - 1, col - 1
        if not (0 <= r < self.game.rows and 0 <= c < self.position[r]):
            self._complain(f"There is no square at row {row}, column {col} any more: pick a square that is left.")
            return False
        if r == 0 and c == 0:
            self._complain("That is the poisoned square: eating it is not a move. Pick another square.")
            return False
        self.position = self.position[:r] + tuple(min(x, c) for x in self.position[r:])
        self.redraw()
        return True

    def _redraw(self) -> None:
        position = self.position
        rows, cols = self.game.rows, self.game.cols
        shown = self.analysis.value
        figure = _picture(("chomp", position, rows, cols, shown),
                          lambda: plots.chomp_board(position, rows, cols, show_outcome=shown))
        bites = _bites(position)
        if not bites:
            text = f"Position {position}: only the poison is left, so the player to move has lost."
        elif not shown:
            text = f"Position {position}. Take turns biting; tick the box below to see who can win from here."
        elif self.game.outcome(position) == "P":
            text = f"Position {position}: a P-position. Every bite leaves a winning position for the other player."
        else:
            wins = [bites[after] for after in self.game.winning_moves(position)]
            squares = "; ".join(f"row {r}, column {c}" for r, c in sorted(wins))
            text = f"Position {position}: an N-position. Winning bite{'s' if len(wins) > 1 else ''}: {squares}."
        self._show(figure, text)


def chomp_explorer(rows: int = 3, cols: int = 5) -> ChompExplorer:
    """A Chomp bar to bite into; ticking ``analysis`` shows the outcome and the winning bites.

    Parameters
    ----------
    rows, cols : the size of the bar, 1 to 6 rows and 1 to 7 columns.

    Returns
    -------
    ChompExplorer
        An ipywidgets VBox.
        Attributes: ``rows_slider``, ``cols_slider``, ``row_picker``, ``col_picker``, ``eat_button``,
        ``reset_button``, ``analysis`` (Checkbox, off at first), ``position``, ``game``, ``image``, ``status``;
        methods ``eat(row, col)``, ``reset()``.

    Examples
    --------
    >>> w = chomp_explorer(2, 3)
    >>> print(w.status_text)
    Position (3, 3). Take turns biting; tick the box below to see who can win from here.
    >>> w.analysis.value = True
    >>> print(w.status_text)
    Position (3, 3): an N-position. Winning bite: row 2, column 3.
    >>> w.eat(2, 3)
    True
    >>> w.position
    (3, 2)
    """
    return ChompExplorer(rows, cols)


__all__ = [
    "ExplorerWidget",
    "chomp_explorer",
    "grundy_scale_explorer",
    "labelling_player",
    "mex_sentence",
    "misere_explorer",
    "nim_explorer",
    "period_explorer",
    "period_heatmap_explorer",
    "subtraction_explorer",
    "sum_explorer",
    "wythoff_explorer",
]
