"""The practice panel: a thin view of a practice session (``gamelib.exercises.practice.PracticeSession``).

The session deals instances, reads typed answers, checks them and keeps the streak; this panel only shows its
question, passes the answer box to it and shows what it says. It knows the session by what it does (the
attributes below), so this layer imports nothing from the exercises above it.

A session has ``instance`` (with ``question``, ``label`` and ``expects``), ``submit(text)`` giving feedback
(``ok``, ``message``, ``hint``), ``another()`` and ``streak_text``.

>>> from gamelib.exercises.practice import PracticeSession
>>> panel = PracticePanel(PracticeSession("4.3", seed=3))
>>> panel.answer_box.value = "0"
>>> panel.check()
>>> print(panel.status_text)  # doctest: +NORMALIZE_WHITESPACE
Not yet: (27, 26, 0) has nim-sum 1, so it is an N-position. Hint: (27, 26, c) is P exactly when 27 ⊕ 26 ⊕ c = 0: which c
cancels every 1 of 27 ⊕ 26?
>>> panel.answer_box.value = "1"
>>> panel.check()
>>> print(panel.status_text)
Right: 27 ⊕ 26 ⊕ 1 = 0, so (27, 26, 1) is a P-position. 1 right in a row.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from gamelib.widgets.controls import Figure, TextBox
from gamelib.widgets.panel import Panel, info, problem


class PracticePanel(Panel):
    """The question of the session's instance with its seed, an answer box, "Check" and "Another one", the
    streak, and the feedback in the status line (which screen readers announce). Enter in the answer box
    checks too. Nothing is sent anywhere: the answer is checked in the kernel."""

    def __init__(self, session: Any):
        super().__init__()
        self.session = session
        self.image = Figure()  # no picture: only the busy sign of every panel uses it
        self.image.layout.display = "none"
        self.question = widgets.HTML()
        self.answer_box = TextBox(value="", description="Your answer:", layout=widgets.Layout(width="420px"))
        self.check_button = widgets.Button(description="Check", button_style="primary",
                                           tooltip="check your answer")
        self.another_button = widgets.Button(description="Another one", tooltip="deal a new instance")
        self.streak = widgets.HTML()
        self.check_button.on_click(lambda _button: self.check())
        self.another_button.on_click(lambda _button: self.another())
        self.answer_box.on_submit(lambda _box: self.check())
        self._start([self.question, widgets.HBox([self.answer_box, self.check_button, self.another_button]),
                     self.streak], ())
        self._show_instance("Type your answer and press Check (or Enter).")

    def _show_instance(self, status: str) -> None:
        instance = self.session.instance
        self.question.value = (f'<div><b>Practice {html.escape(instance.label)}</b> — '
                               f'{html.escape(instance.question)}<br><span style="color:#555555">Answer: '
                               f'{html.escape(instance.expects)}.</span></div>')
        self.answer_box.placeholder = instance.expects[:60]
        self._show_streak()
        self._say(status)

    def _show_streak(self) -> None:
        words = self.session.streak_text
        self.streak.value = f'<span style="color:#000000"><b>{html.escape(words)}</b></span>' if words else ""

    def check(self) -> None:
        """Check what the answer box holds and say what the session says about it."""
        feedback = self.session.submit(self.answer_box.value)
        self._show_streak()
        if feedback.ok:
            streak = self.session.streak_text
            text = f"Right: {feedback.message}" + (f" {streak[0].upper()}{streak[1:]}." if streak else "")
            self._set_status(text, info(text))
        else:
            text = f"Not yet: {feedback.message}" + (f" Hint: {feedback.hint}" if feedback.hint else "")
            self._set_status(text, problem(text))

    def another(self) -> None:
        """Deal the next instance, empty the answer box and put the keyboard's focus in it; the status line (read
        out by screen readers) says the new question."""
        instance = self.session.another()
        self.answer_box.value = ""
        self._show_instance(f"New instance ({instance.label}): {instance.question}")
        self.answer_box.focus()

    def _static_view(self) -> dict:
        # The same words whatever was dealt, so a saved lesson does not change each time it is run.
        words = f"Practice {self.session.exercise} on new numbers: run this cell in Jupyter to get an instance."
        return {"text/html": f"<p>{html.escape(words)}</p>", "text/plain": f"[PracticePanel: {words}]"}


__all__ = ["PracticePanel"]
