"""The kit's own accessible widgets, where ipywidgets falls short: a labelled slider, a figure with a text
alternative, a text box whose Enter acts on exactly its text, a move's button named by its words, a status
line a screen reader announces, and a game board that arrow keys move through. Every widget a panel is made of,
these and ipywidgets' buttons and check boxes (:class:`Button`, :class:`Checkbox`, :class:`ToggleButtons`), is
handled on the kernel thread that made it, one message at a time, in order (:mod:`gamelib.widgets.kernel_thread`).

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
import ipywidgets
import traitlets

from gamelib.parsing import Limit
from gamelib.widgets.kernel_thread import OnKernelThread

STATIC = Path(__file__).with_name("static")
_CSS = (STATIC / "kit.css").read_text(encoding="utf-8")


def _esm(name: str) -> str:
    return (STATIC / name).read_text(encoding="utf-8")


class Slider(OnKernelThread, anywidget.AnyWidget):
    """A slider from ``min`` to ``max`` with a visible label that is also its accessible name; the value is
    sent when the student lets go. A value outside the range is refused (ValueError naming the range), never
    moved into it."""

    _esm = _esm("slider.js")
    _css = _CSS
    # Not echoed back: the page already shows the value it sent, and an echo is one more message for the page
    # to handle while the kernel draws the step (a change made in Python, e.g. a new range, is still sent).
    value = traitlets.Int(0).tag(sync=True, echo_update=False)
    min = traitlets.Int(0).tag(sync=True)
    max = traitlets.Int(100).tag(sync=True)
    description = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self._on_focus: list[Callable[[], object]] = []
        self.on_msg(self._message)

    def on_focus(self, callback: Callable[[], object]) -> None:
        """Call ``callback()`` when the slider gets the keyboard's focus in the browser (a step may follow)."""
        self._on_focus.append(callback)

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("focus") is True:
            for callback in self._on_focus:
                callback()

    def set_state(self, sync_data: dict) -> None:
        """Apply a change sent by the browser. A value outside the range, sent by a page that had not yet heard
        that the range narrowed (the sum explorer's heap sliders follow its table), is not taken: the page is
        sent the value the panel shows, so the slider reads what the picture was drawn for (a refusal raised
        here would reach only the kernel's log, and the page would keep showing the value it sent)."""
        value = sync_data.get("value", self.value)
        if type(value) is not int or not self.min <= value <= self.max:
            super().set_state({key: data for key, data in sync_data.items() if key != "value"})
            self.send_state("value")
            return
        super().set_state(sync_data)

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


class TextBox(OnKernelThread, anywidget.AnyWidget):
    """A one-line text box with a visible label (``description``). The browser sends its text when the student
    presses Enter or leaves the box, in the same message as the Enter, so Enter acts on exactly the text in the
    box however fast it was typed; ``value`` then holds it and Enter calls the functions given to
    :meth:`on_submit`. Python sets ``value`` to change what the box shows.

    >>> box = TextBox(value="1, 2", description="stairs:")
    >>> box.on_submit(lambda b: print("new game from", repr(b.value)))
    >>> box.submit("1, 2, 3")
    new game from '1, 2, 3'
    """

    _esm = _esm("textbox.js")
    _css = _CSS
    # Not echoed back: an echo of an earlier text would overwrite what the student has typed since.
    value = traitlets.Unicode("").tag(sync=True, echo_update=False)
    description = traitlets.Unicode("").tag(sync=True)
    placeholder = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self._on_submit: list[Callable[[TextBox], object]] = []
        self.on_msg(self._message)

    def on_submit(self, callback: Callable[[TextBox], object]) -> None:
        """Call ``callback(box)`` when Enter is pressed in the box (after ``value`` holds its text)."""
        self._on_submit.append(callback)

    def submit(self, text: str | None = None) -> None:
        """What Enter does: ``value`` becomes ``text`` (when given), then the functions given to
        :meth:`on_submit` are called."""
        if text is not None:
            self.set_state({"value": text})
        for callback in self._on_submit:
            callback(self)

    def focus(self) -> None:
        """Put the keyboard's focus in the box (in the browser)."""
        self.send({"focus": True})

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        text = content.get("text") if isinstance(content, dict) else None
        if not isinstance(text, str):
            return
        if content.get("submit") is True:
            self.submit(text)
        else:
            self.set_state({"value": text})


class MoveButton(OnKernelThread, anywidget.AnyWidget):
    """A move's button: ``description`` is the short label shown ("1"), ``name`` the full words a screen
    reader reads as the button's name and the mouse sees as its tooltip ("take 1 from heap A"; ipywidgets'
    Button is named by its label alone). :meth:`on_click` and :meth:`click` as ipywidgets' Button; a
    ``disabled`` button sends no click from the browser.

    >>> b = MoveButton(description="1", name="take 1 from heap A")
    >>> b.on_click(lambda button: print("pressed:", button.name))
    >>> b.click()
    pressed: take 1 from heap A
    """

    _esm = _esm("button.js")
    _css = _CSS
    description = traitlets.Unicode("").tag(sync=True)
    name = traitlets.Unicode("").tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self._on_click: list[Callable[..., object]] = []
        self.on_msg(self._message)

    def on_click(self, callback: Callable[..., object]) -> None:
        """Call ``callback(button)`` when the button is pressed."""
        self._on_click.append(callback)

    def click(self) -> None:
        """Press the button, as a click in the browser does."""
        for callback in self._on_click:
            callback(self)

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("click") is True and not self.disabled:
            self.click()


class _Choosable(OnKernelThread, anywidget.AnyWidget):
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


class Status(OnKernelThread, anywidget.AnyWidget):
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


class Button(OnKernelThread, ipywidgets.Button):
    """ipywidgets' Button, its clicks handled on the kernel thread that made it (see the module notes)."""


class Checkbox(OnKernelThread, ipywidgets.Checkbox):
    """ipywidgets' Checkbox, its changes handled on the kernel thread that made it (see the module notes)."""


class ToggleButtons(OnKernelThread, ipywidgets.ToggleButtons):
    """ipywidgets' ToggleButtons, its changes handled on the kernel thread that made it (see the module notes)."""


__all__ = ["Board", "Button", "Checkbox", "Figure", "MoveButton", "Slider", "Status", "TextBox", "ToggleButtons"]
