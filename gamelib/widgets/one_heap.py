"""Explorers of one-heap games, each a declaration on :class:`~gamelib.widgets.panel.Explorer`: the Grundy
strip, the Grundy scale, the labelling algorithm step by step, misère play beside normal play."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import ipywidgets as widgets

from gamelib import plots
from gamelib.analysis.periodicity import PeriodNotFoundError
from gamelib.analysis.source_algorithms import label_positions
from gamelib.arguments import check_int, read_items, set_text, show
from gamelib.games.subtraction import SubtractionGame
from gamelib.limits import MAX_LABELLING_HEAPS, MAX_PANEL_STRIP, MAX_SCALE_HEAP, MAX_SET_SIZE
from gamelib.parsing import Limit
from gamelib.plots.text import mex_sentence
from gamelib.widgets.controls import Button
from gamelib.widgets.panel import Control, Explorer, View, listing, slider, text_box


def set_box_text(S: object) -> str:
    """A set given as text stays text; a collection becomes "1, 3, 4" for the text box.

    >>> set_box_text({4, 1, 3}), set_box_text("2 5 7")
    ('1, 3, 4', '2 5 7')
    """
    if isinstance(S, str):
        return S
    if not isinstance(S, (set, frozenset, tuple, list, range)):
        raise TypeError(f'S must be text such as "1, 3, 4" or a collection of numbers, got {show(S)}')
    items = read_items(S, "S", MAX_SET_SIZE, '"1, 3, 4"')
    return ", ".join(str(s) for s in sorted(check_int(s, "S", minimum=None) for s in items))


def set_control(S: object, attr: str = "text", name: str = "S", label: str = "S =") -> Control:
    """The text box of a subtraction set, read within the one limit on sets of every panel."""
    limit = replace(SubtractionGame.set_limit, name=name)  # the limits line and errors name this box: S_a, S_b
    return text_box(attr, name, label, set_box_text(S), limit.read_numbers, limit, placeholder="e.g. 1, 3, 4")


def last_heap_control(stop: object, smallest: int, largest: int) -> Control:
    """The slider "heaps 0 to n" of a strip: it names the last heap drawn (``stop - 1``), as every panel does."""
    stop = check_int(stop, "stop (how many heaps)", minimum=None)
    if not smallest + 1 <= stop <= largest + 1:
        raise ValueError(f"stop (how many heaps) must be a whole number from {smallest + 1} to {largest + 1}, "
                         f"got {stop}")
    return slider("slider", "last", Limit("the last heap", smallest, largest), stop - 1, "heaps 0 to")


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


def _strip(values: dict) -> View:
    game, stop = SubtractionGame(values["S"]), values["last"] + 1
    return View(("strip", game.S, stop), lambda: plots.sequence_strip(game, stop),
                f"{game.title}, heaps 0 to {stop - 1}: P-positions (Grundy value 0) {listing(game.p_positions(stop))}; "
                f"{period_words(game)}.")


def subtraction_explorer(S: object = "1, 3, 4", stop: int = 30) -> Explorer:
    """Grundy values of a subtraction game as a strip of heaps 0 .. stop - 1, with its P-positions and period.

    Parameters
    ----------
    S : the subtraction set as text, e.g. "1, 3, 4" (or a collection of numbers); at most 8 numbers, each 1 to 20.
    stop : how many heaps to show (heaps 0 .. stop - 1), 5 to 60.

    Returns
    -------
    Explorer
        An ipywidgets VBox. Attributes: ``text`` (the set), ``slider`` (the last heap drawn, stop - 1),
        ``image``, ``status``.

    Examples
    --------
    >>> w = subtraction_explorer("1, 3, 4", stop=24)
    >>> print(w.status_text)  # doctest: +NORMALIZE_WHITESPACE
    S = {1, 3, 4}, heaps 0 to 23: P-positions (Grundy value 0) 0, 2, 7, 9, 14, 16, 21, 23; the Grundy
    values repeat with period 7 from n = 0 on (proven).
    >>> w.text.value = "1, x"
    >>> print(w.status_text)  # doctest: +ELLIPSIS
    S: in '1, x', 'x' is not a number; expected at most 8 whole numbers from 1 to 20, ...
    """
    return Explorer([[set_control(S), last_heap_control(stop, 4, MAX_PANEL_STRIP - 1)]], _strip, ahead=True)


def _scale(values: dict) -> View:
    game, n = SubtractionGame(values["S"]), values["n"]
    kind = "a P" if game.outcome(n) == "P" else "an N"
    return View(("scale", game.S, n), lambda: plots.grundy_scale(game, n),
                f"{mex_sentence(game, n)}, so heap {n} is {kind}-position.")


def grundy_scale_explorer(S: object = "2, 5, 7", n: int = 7) -> Explorer:
    """Slide the Grundy scale along the value table: g(n) is the mex of the values the scale points at.

    Parameters
    ----------
    S : the subtraction set as text, e.g. "2, 5, 7"; at most 8 numbers, each 1 to 20.
    n : the heap the scale is placed under, 0 to 60.

    Returns
    -------
    Explorer
        An ipywidgets VBox. Attributes: ``text`` (the set), ``slider`` (the heap n), ``image``, ``status``.

    Examples
    --------
    >>> w = grundy_scale_explorer()
    >>> print(w.status_text)
    g(7) = mex{g(5), g(2), g(0)} = mex{2, 1, 0} = 3, so heap 7 is an N-position.
    """
    return Explorer([[set_control(S), slider("slider", "n", Limit("heap n", 0, MAX_SCALE_HEAP), n)]], _scale,
                    ahead=True)


def _misere(values: dict) -> View:
    S, stop = values["S"], values["last"] + 1
    normal, misere = SubtractionGame(S), SubtractionGame(S, misere=True)
    a, b = normal.outcomes(stop), misere.outcomes(stop)
    differ = [n for n in range(stop) if a[n] != b[n]]
    return View(("misere", S, stop), lambda: plots.outcome_strips([normal, misere], stop),
                f"S = {set_text(S)}, heaps 0 to {stop - 1}. P-positions in normal play: "
                f"{listing(normal.p_positions(stop))}; in misère play: {listing(misere.p_positions(stop))}. "
                f"The outcomes differ at {len(differ)} heaps: {listing(differ, 12)}.")


def misere_explorer(S: object = "1, 3, 4", stop: int = 40) -> Explorer:
    """Normal and misère play of the same subtraction game, one P/N strip above the other.

    Parameters
    ----------
    S : the subtraction set as text, e.g. "1, 3, 4"; at most 8 numbers, each 1 to 20.
    stop : how many heaps to show, 5 to 60.

    Returns
    -------
    Explorer
        An ipywidgets VBox. Attributes: ``text``, ``slider`` (the last heap drawn), ``image``, ``status``.

    Examples
    --------
    >>> w = misere_explorer("1, 2, 3", stop=9)
    >>> print(w.status_text)  # doctest: +NORMALIZE_WHITESPACE
    S = {1, 2, 3}, heaps 0 to 8. P-positions in normal play: 0, 4, 8; in misère play: 1, 5. The outcomes
    differ at 5 heaps: 0, 1, 4, 5, 8.
    """
    return Explorer([[set_control(S), last_heap_control(stop, 4, MAX_PANEL_STRIP - 1)]], _misere, ahead=True)


class LabellingPlayer(Explorer):
    """See :func:`labelling_player`. Besides the explorer's controls: ``back_button``, ``forward_button``,
    ``reset_button``; state: ``step`` (0 = nothing labelled), ``steps`` (how many the algorithm takes).

    >>> w = labelling_player("1, 2", stop=4)
    >>> w.go(w.steps); w.step == w.steps
    True
    """

    def __init__(self, S: object, stop: int):
        self.back_button = Button(description="Step back", icon="step-backward")
        self.forward_button = Button(description="Step forward", icon="step-forward", button_style="primary")
        self.reset_button = Button(description="Reset", icon="refresh")
        self.back_button.on_click(lambda _b: self.go(self.step - 1))
        self.forward_button.on_click(lambda _b: self.go(self.step + 1))
        self.reset_button.on_click(lambda _b: self.go(0))
        self.step: int = 0
        self.steps: int = 0
        self.game: SubtractionGame | None = None
        self._labelling: Any = None
        self._drawn: tuple | None = None
        super().__init__([[set_control(S), last_heap_control(stop, 2, MAX_LABELLING_HEAPS - 1)]], self._view,
                         extra=[widgets.HBox([self.back_button, self.forward_button, self.reset_button])],
                         ahead=self._picture)

    def go(self, step: int) -> None:
        """Show the labelling after ``step`` steps, 0 to ``steps`` (ValueError outside, naming the range)."""
        step = Limit("step", 0, self.steps).check(step)
        self.step = step
        self.redraw()

    def _picture(self, values: dict) -> View:
        """The picture ``values`` would show, without its words, changing nothing (to draw it ahead)."""
        game, stop = SubtractionGame(values["S"]), values["last"] + 1
        step = self.step if (game.S, stop) == self._drawn else 0
        return View(("labelling", game.S, stop, step),
                    lambda: plots.labelling_figure(game, stop, step, show_caption=False), "")

    def _view(self, values: dict) -> View:
        game, stop = SubtractionGame(values["S"]), values["last"] + 1
        if (game.S, stop) != self._drawn:  # a new set or size starts again from nothing labelled
            self.step, self._drawn = 0, (game.S, stop)
        labelling = label_positions(game, range(stop))
        steps, step = len(labelling.steps), self.step
        self.game, self._labelling, self.steps = game, labelling, steps
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
        # The status line says what the step did: the figure leaves out its own caption, so it is not said twice.
        return replace(self._picture(values), status=text)


def labelling_player(S: object = "1, 3, 4", stop: int = 15) -> LabellingPlayer:
    """Replay the labelling algorithm step by step (terminal positions, then N, then P, and again).

    Parameters
    ----------
    S : the subtraction set as text, e.g. "1, 3, 4"; at most 8 numbers, each 1 to 20.
    stop : how many heaps to label (heaps 0 .. stop - 1), 3 to 30.

    Returns
    -------
    LabellingPlayer
        An ipywidgets VBox. Attributes: ``text``, ``slider`` (the last heap drawn, stop - 1), ``back_button``,
        ``forward_button``, ``reset_button``, ``step``, ``steps``, ``image``, ``status``; method ``go(step)``.

    Examples
    --------
    >>> w = labelling_player("1, 3, 4", stop=10)
    >>> w.forward_button.click()
    >>> print(w.status_text)
    Step 1 of 9 (terminal positions): newly labelled P: 0.
    """
    return LabellingPlayer(S, stop)


__all__ = ["grundy_scale_explorer", "labelling_player", "misere_explorer", "period_words", "set_box_text",
           "set_control", "subtraction_explorer"]
