"""The practice panel: a thin view of a practice session (``gamelib.exercises.practice.PracticeSession``).

The session deals instances, reads typed answers, checks them and keeps the streak; this panel only shows its
question, passes the answer box to it and shows what it says. It knows the session by what it does (the
attributes below), so this layer imports nothing from the exercises above it.

A session has ``instance`` (with ``question``, ``label`` and ``expects``), ``submit(text)`` giving feedback
(``ok``, ``message``), ``hint()``, ``asks_for_hint(text)``, ``another()`` and ``streak_text``.

The verdict goes to the status line; the hint, only when asked for (the **Hint** button, or ``hint`` typed in the
box), to a line of its own under the answer, which screen readers announce too.

>>> from gamelib.exercises.practice import PracticeSession
>>> panel = PracticePanel(PracticeSession("4.3", seed=3))
>>> panel.answer_box.value = "0"
>>> panel.check()
>>> print(panel.status_text)
Not yet: (27, 26, 0) has nim-sum 1, so it is an N-position. Press Hint for a hint.
>>> panel.show_hint()
>>> print(panel.hint_text)
Hint: (27, 26, c) is P exactly when 27 ⊕ 26 ⊕ c = 0: which c cancels every 1 of 27 ⊕ 26?
>>> panel.answer_box.value = "1"
>>> panel.check()
>>> print(panel.status_text)
Right: 27 ⊕ 26 ⊕ 1 = 0, so (27, 26, 1) is a P-position. 1 right in a row, with the hint.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from gamelib.widgets.controls import Button, Figure, Status, TextBox
from gamelib.widgets.panel import Panel, info, problem


class PracticePanel(Panel):
    """The question of the session's instance with its seed, an answer box, "Check", "Hint" and "Another one",
    the hint when asked for (``hint_line``, a line of its own that screen readers announce), the streak, and the
    verdict in the status line (announced too). Enter in the answer box checks (``hint`` typed there asks for
    the hint). Nothing is sent anywhere: the answer is checked in the kernel."""

    def __init__(self, session: Any):
        super().__init__()
        self.session = session
        self.image = Figure()  # no picture: only the busy sign of every panel uses it
        self.image.layout.display = "none"
        self.question = widgets.HTML()
        self.answer_box = TextBox(value="", description="Your answer:", layout=widgets.Layout(width="420px"))
        self.check_button = Button(description="Check", button_style="primary",
                                           tooltip="check your answer")
        self.hint_button = Button(description="Hint", icon="lightbulb-o",
                                  tooltip="what to compute for this question (never the answer); a right "
                                          "answer after it is counted with the hint")
        self.another_button = Button(description="Another one", tooltip="deal a new instance")
        self.hint_line = Status()
        self._hint_text = ""
        self.streak = widgets.HTML()
        self.check_button.on_click(lambda _button: self.check())
        self.hint_button.on_click(lambda _button: self.show_hint())
        self.another_button.on_click(lambda _button: self.another())
        self.answer_box.on_submit(lambda _box: self.check())
        self._start([self.question, widgets.HBox([self.answer_box, self.check_button, self.hint_button,
                                                  self.another_button]), self.hint_line, self.streak], ())
        self._show_instance("Type your answer and press Check (or Enter); Hint shows what to compute.")

    @property
    def hint_text(self) -> str:
        """The hint shown, as plain text ("" before it is asked for)."""
        return self._hint_text

    def _show_instance(self, status: str) -> None:
        instance = self.session.instance
        self.question.value = (f'<div><b>Practice {html.escape(instance.label)}</b> — '
                               f'{html.escape(instance.question)}<br><span style="color:#555555">Answer: '
                               f'{html.escape(instance.expects)}.</span></div>')
        self.answer_box.placeholder = instance.expects[:60]
        self._hint_text = self.hint_line.value = ""
        self._show_streak()
        self._say(status)

    def _show_streak(self) -> None:
        words = self.session.streak_text
        self.streak.value = f'<span style="color:#000000"><b>{html.escape(words)}</b></span>' if words else ""

    def check(self) -> None:
        """Check what the answer box holds and say what the session says about it (``hint`` typed in the box
        shows the hint instead)."""
        if self.session.asks_for_hint(self.answer_box.value):
            self.answer_box.value = ""
            self.show_hint()
            return
        feedback = self.session.submit(self.answer_box.value)
        self._show_streak()
        if feedback.ok:
            streak = self.session.streak_text
            text = f"Right: {feedback.message}" + (f" {streak[0].upper()}{streak[1:]}." if streak else "")
            self._set_status(text, info(text))
        else:
            asked = self.session.hinted or not self.session.instance.hint
            text = f"Not yet: {feedback.message}" + ("" if asked else " Press Hint for a hint.")
            self._set_status(text, problem(text))

    def show_hint(self) -> None:
        """Show the exercise's hint for this instance in the hint line (apart from the verdict), and put the
        keyboard's focus back in the answer box. A right answer after it is counted with the hint."""
        self._hint_text = f"Hint: {self.session.hint()}"
        self.hint_line.value = info(self._hint_text)
        self.answer_box.focus()

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
