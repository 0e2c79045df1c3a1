"""Panels on one-heap games: the Grundy strip, the Grundy scale, the labelling algorithm, misère play."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from gamelib import plots
from gamelib.analysis.source_algorithms import label_positions
from gamelib.checks import set_text
from gamelib.games.subtraction import SubtractionGame
from gamelib.limits import (
    MAX_ELEMENT,
    MAX_LABELLING_HEAPS,
    MAX_PANEL_STRIP,
    MAX_SCALE_HEAP,
    MAX_SET_SIZE,
)
from gamelib.parsing import whole_number
from gamelib.plots.text import mex_sentence
from gamelib.widgets.panel import (
    ExplorerWidget,
    cached_png,
    int_slider,
    listing,
    period_words,
    read_set,
    set_box,
    set_box_text,
)

# --------------------------------------------------------------------------------------------------------


class SubtractionExplorer(ExplorerWidget):
    """See :func:`subtraction_explorer`. Controls: ``text`` (the set S), ``slider`` (how many heaps).

    >>> subtraction_explorer().slider.max   # the limit on the number of heaps
    80
    """

    def __init__(self, S: object = "1, 3, 4", stop: int = 30):
        super().__init__()
        self.text = set_box(set_box_text(S))
        self.slider = int_slider(stop, 5, MAX_PANEL_STRIP, "heaps:")
        self.game: SubtractionGame | None = None
        self._watch(self.text, self.slider)
        self._setup([widgets.HBox([self.text, self.slider])],
                    f"Limits: S has at most {MAX_SET_SIZE} numbers, each from 1 to {MAX_ELEMENT}; "
                    f"heaps 0 to {MAX_PANEL_STRIP - 1} at most.")

    def _redraw(self) -> None:
        game = SubtractionGame(read_set(self.text))
        stop = self.slider.value
        figure = cached_png(("strip", game.S, stop), lambda: plots.sequence_strip(game, stop))
        p_positions = game.p_positions(stop)
        self.game = game
        self._show(figure, f"{game.title}, heaps 0 to {stop - 1}: P-positions (Grundy value 0) "
                           f"{listing(p_positions)}; {period_words(game)}.")


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


class GrundyScaleExplorer(ExplorerWidget):
    """See :func:`grundy_scale_explorer`. Controls: ``text`` (the set S), ``slider`` (the heap n).

    >>> w = grundy_scale_explorer("1, 2", n=3)
    >>> w.game.S, w.slider.max
    ((1, 2), 60)
    """

    figure_inches = (9.0, 3.6)

    def __init__(self, S: object = "2, 5, 7", n: int = 7):
        super().__init__()
        self.text = set_box(set_box_text(S))
        self.slider = int_slider(n, 0, MAX_SCALE_HEAP, "heap n:")
        self.game: SubtractionGame | None = None
        self._watch(self.text, self.slider)
        self._setup([widgets.HBox([self.text, self.slider])],
                    f"Limits: S has at most {MAX_SET_SIZE} numbers, each from 1 to {MAX_ELEMENT}; "
                    f"n from 0 to {MAX_SCALE_HEAP}.")

    def _redraw(self) -> None:
        game = SubtractionGame(read_set(self.text))
        n = self.slider.value
        figure = cached_png(("scale", game.S, n), lambda: plots.grundy_scale(game, n))
        kind = "a P" if game.outcome(n) == "P" else "an N"
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
        self.text = set_box(set_box_text(S))
        # The slider reads the last heap drawn ("heaps 0 to 14"), not the count, which read as one heap too many.
        if isinstance(stop, bool) or not isinstance(stop, int) or not 3 <= stop <= MAX_LABELLING_HEAPS:
            raise ValueError(f"stop (how many heaps) must be a whole number from 3 to {MAX_LABELLING_HEAPS}, "
                             f"got {stop!r}")
        self.slider = int_slider(stop - 1, 2, MAX_LABELLING_HEAPS - 1, "heaps 0 to")
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
        step = whole_number(step, "step")
        self.step = min(max(step, 0), self.steps)
        self.redraw()

    def _redraw(self) -> None:
        game = SubtractionGame(read_set(self.text))
        stop = self.slider.value + 1
        labelling = label_positions(game, range(stop))
        steps = len(labelling.steps)
        step = min(self.step, steps)
        # The status line below says what the step did: the figure leaves out its own caption, so it is not said twice.
        figure = cached_png(("labelling", game.S, stop, step),
                            lambda: plots.labelling_figure(game, stop, step, show_caption=False))
        self.game, self._labelling, self.steps, self.step = game, labelling, steps, step
        self.back_button.disabled = step == 0
        self.forward_button.disabled = step == steps
        if step == 0:
            text = f"{game.title}, heaps 0 to {stop - 1}: nothing is labelled yet. Press 'Step forward'."
        else:
            record = labelling.steps[step - 1]
            got = {"P": [p for p, v in record.labelled.items() if v == "P"],
                   "N": [p for p, v in record.labelled.items() if v == "N"]}
            new = "; ".join(f"{label}: {listing(heaps)}" for label, heaps in got.items() if heaps)
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
        Attributes: ``text``, ``slider`` (the last heap drawn, stop - 1), ``back_button``, ``forward_button``,
        ``reset_button``, ``step``, ``steps``, ``image``, ``status``; method ``go(step)``.

    Examples
    --------
    >>> w = labelling_player("1, 3, 4", stop=10)
    >>> w.forward_button.click()
    >>> print(w.status_text)
    Step 1 of 9 (terminal positions): newly labelled P: 0.
    """
    return LabellingPlayer(S, stop)


# --------------------------------------------------------------------------------------------------------


class MisereExplorer(ExplorerWidget):
    """See :func:`misere_explorer`. Controls: ``text`` (the set S), ``slider`` (how many heaps).

    >>> misere_explorer().slider.value
    40
    """

    figure_inches = (9.0, 2.15)

    def __init__(self, S: object = "1, 3, 4", stop: int = 40):
        super().__init__()
        self.text = set_box(set_box_text(S))
        self.slider = int_slider(stop, 5, MAX_PANEL_STRIP, "heaps:")
        self._watch(self.text, self.slider)
        self._setup([widgets.HBox([self.text, self.slider])],
                    f"Limits: S has at most {MAX_SET_SIZE} numbers, each from 1 to {MAX_ELEMENT}; "
                    f"heaps 0 to {MAX_PANEL_STRIP - 1} at most.")

    def _redraw(self) -> None:
        S = read_set(self.text)
        normal, misere = SubtractionGame(S), SubtractionGame(S, misere=True)
        stop = self.slider.value
        figure = cached_png(("misere", S, stop), lambda: plots.outcome_strips([normal, misere], stop))
        a, b = normal.outcomes(stop), misere.outcomes(stop)
        differ = [n for n in range(stop) if a[n] != b[n]]
        text = (f"S = {set_text(S)}, heaps 0 to {stop - 1}. P-positions in normal play: "
                f"{listing(normal.p_positions(stop))}; in misère play: {listing(misere.p_positions(stop))}. "
                f"The outcomes differ at {len(differ)} heaps: {listing(differ, 12)}.")
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
