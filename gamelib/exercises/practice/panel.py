"""``practice("2.3")``: the panel that deals one instance of an exercise after another.

The panel itself is :class:`gamelib.widgets.practice_panel.PracticePanel`, a thin view of a
:class:`~gamelib.exercises.practice.session.PracticeSession`; this is the one place the exercises reach up to
a widget (pyproject's import contracts name it).
"""

from __future__ import annotations

from gamelib.exercises.practice.session import PracticeSession


def practice(exercise: str, seed: int | None = None):
    """A panel to practise ``exercise`` on new numbers: the instance and its seed, an answer box that reads the
    exercise's formats (numbers, tuples, sets, P / N), "Check", "Another one" and the streak. ``seed`` fixes
    the first instance (the next ones follow it).

    >>> panel = practice("2.1", seed=7)
    >>> panel.answer_box.value = "{0}"
    >>> panel.check()
    >>> panel.status_text.startswith("Not yet:")
    True
    >>> panel.another(); panel.session.instance.label
    '2.1, seed 8'
    """
    from gamelib.widgets.practice_panel import PracticePanel

    return PracticePanel(PracticeSession(exercise, seed))
