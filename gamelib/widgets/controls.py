"""The kit's own accessible widgets, where ipywidgets falls short: a labelled slider, a figure with a text
alternative, a status line a screen reader announces, and a game board that arrow keys move through.

ipywidgets' slider gives its handle no name (axe-core's rule ``aria-input-field-name``) and its ``Image`` no
alternative text (``image-alt``); its buttons cannot be moved through with arrow keys. These are small
`anywidget <https://anywidget.dev>`_ views (their JavaScript and CSS are in ``static/``), used by every panel.

>>> Slider(value=3, min=1, max=9, description="heap n:").value
3
>>> Slider(value=3, min=1, max=9, description="heap n:").value = 12
Traceback (most recent call last):
...
gamelib.arguments.LimitError: heap n = 12 is out of range: heap n from 1 to 9
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from gamelib.parsing import Limit

STATIC = Path(__file__).with_name("static")
_CSS = (STATIC / "kit.css").read_text(encoding="utf-8")


def _esm(name: str) -> str:
    return (STATIC / name).read_text(encoding="utf-8")


class Slider(anywidget.AnyWidget):
    """A slider from ``min`` to ``max`` with a visible label that is also its accessible name; the value is
    sent when the student lets go. A value outside the range is refused (ValueError naming the range), never
    moved into it."""

    _esm = _esm("slider.js")
    _css = _CSS
    value = traitlets.Int(0).tag(sync=True)
    min = traitlets.Int(0).tag(sync=True)
    max = traitlets.Int(100).tag(sync=True)
    description = traitlets.Unicode("").tag(sync=True)

    @traitlets.validate("value")
    def _value_in_range(self, proposal: Any) -> int:
        return self.limit.check(proposal["value"])

    @property
    def limit(self) -> Limit:
        """The slider's range as a :class:`~gamelib.parsing.Limit` (named after its label)."""
        return Limit(self.description.rstrip(": ="), self.min, self.max)

    def set_range(self, low: int, high: int) -> None:
        """Change the range; a value outside the new range moves to its nearest end (the slider shows it)."""
        self.min, self.max = min(self.min, low), max(self.max, high)
        self.value = min(max(self.value, low), high)
        self.min, self.max = low, high


class _Choosable(anywidget.AnyWidget):
    """A widget with parts the browser can choose (a click, or Enter on one): the browser sends
    ``{"choose": index}``, and :meth:`choose` calls the function given to :meth:`on_choose` when
    :meth:`can_choose` allows that index."""

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self._choose: Callable[[int], None] | None = None
        self.on_msg(self._message)

    def can_choose(self, index: int) -> bool:
        raise NotImplementedError

    def on_choose(self, callback: Callable[[int], None]) -> None:
        """Call ``callback(index)`` when part ``index`` is chosen in the browser (or by :meth:`choose`)."""
        self._choose = callback

    def choose(self, index: int) -> None:
        """Choose part ``index`` as a click on it would (a part that cannot be chosen does nothing)."""
        if self._choose is not None and self.can_choose(index):
            self._choose(index)

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        index = content.get("choose") if isinstance(content, dict) else None
        if type(index) is int:
            self.choose(index)


class Figure(_Choosable):
    """A PNG figure at its own size (narrowed to fit the cell, never stretched), with ``alt``, its text
    alternative; dimmed while ``busy``. Parts of it may be clicked: ``spots`` lists them, each a dict with
    ``points`` (a line through the part, as fractions of the figure's width and height from its top-left
    corner) and ``name``; a click near one calls the function given to :meth:`on_choose` with its index.
    (A click is the mouse's way only: the panel offers the same choices as buttons, for the keyboard.)"""

    _esm = _esm("figure.js")
    _css = _CSS
    value = traitlets.Bytes(b"").tag(sync=True)
    alt = traitlets.Unicode("").tag(sync=True)
    busy = traitlets.Bool(False).tag(sync=True)
    spots = traitlets.List(traitlets.Dict()).tag(sync=True)

    def can_choose(self, index: int) -> bool:
        """A spot can be chosen when there is one at ``index``."""
        return 0 <= index < len(self.spots)


class Status(anywidget.AnyWidget):
    """A status line (``value`` is HTML made by gamelib) that screen readers announce when it changes."""

    _esm = _esm("status.js")
    _css = _CSS
    value = traitlets.Unicode("").tag(sync=True)

    def take_focus(self) -> None:
        """Move the keyboard's focus to the status line, if it was in the same panel (or nowhere): after a
        move whose button has gone, so the next Enter does not press another one."""
        self.send({"focus": True})


class Board(_Choosable):
    """A board of squares, row by row (``columns`` per row). Each square is a dict with ``name`` (its
    accessible name), ``symbol``, ``look`` ("piece", "empty" or "fixed"), ``enabled``, ``marked`` (a winning
    move), on boards where several squares are chosen ``chosen``, and optionally ``caption`` (shown above the
    square, e.g. a coin's number). Choosing a square (click, or Enter on
    it) calls the function given to :meth:`on_choose` with its index."""

    _esm = _esm("board.js")
    _css = _CSS
    squares = traitlets.List(traitlets.Dict()).tag(sync=True)
    columns = traitlets.Int(1).tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)

    def can_choose(self, index: int) -> bool:
        """A square can be chosen when it is there and enabled."""
        return 0 <= index < len(self.squares) and bool(self.squares[index].get("enabled"))


__all__ = ["Board", "Figure", "Slider", "Status"]
