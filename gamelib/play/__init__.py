"""Play a game against the computer: a one-heap subtraction game or Nim.

The computer plays perfectly. From an N-position it moves to a P-position and wins as fast as it can; from a
P-position (every move loses) it makes the move that keeps the game going longest, so the student gets as
many chances as possible to go wrong — or to notice the pattern. "Fast" and "long" are measured by the
*remoteness* of a position (Steinhaus): the number of moves the game lasts when the winner hurries and the
loser stalls.

* :func:`remoteness` and :func:`remoteness_table` compute it (in :mod:`gamelib.analysis.engine`; importable here);
* :mod:`gamelib.play.rules` says how a session sees each game (move keys, texts, values);
* :class:`PlaySession` (:mod:`gamelib.play.session`) is the game itself (positions, moves, undo, the
  report), without any widget: this package imports neither ipywidgets nor matplotlib;
* :func:`play_subtraction` and :func:`play_nim` wrap a session in an ipywidgets panel; they live in
  :mod:`gamelib.widgets.play` and are importable from here too.

Every choice the computer makes is deterministic: among equally good moves it takes the first one in the
order the buttons are shown (smallest amount first; for Nim, heap A first).
"""

from __future__ import annotations

from typing import Any

from gamelib.analysis.engine import nim_remoteness, remoteness, remoteness_table  # documented here before
from gamelib.play.rules import NimRules, SubtractionRules
from gamelib.play.session import COMPUTER, STUDENT, PlayedMove, PlaySession

__all__ = [
    "COMPUTER",
    "STUDENT",
    "NimRules",
    "PlaySession",
    "PlayWidget",
    "PlayedMove",
    "SubtractionRules",
    "nim_remoteness",
    "play_nim",
    "play_subtraction",
    "remoteness",
    "remoteness_table",
]

#: The view's names, documented as ``gamelib.play.play_subtraction`` etc.
_VIEW = ("PlayWidget", "play_nim", "play_subtraction")


def __getattr__(name: str) -> Any:
    """``gamelib.play.play_subtraction``, ``play_nim`` and ``PlayWidget``, imported only when asked for (PEP 562).

    The panel is a layer above the session (it needs ipywidgets); importing it lazily keeps
    ``import gamelib.play`` free of ipywidgets while the documented names keep working.

    >>> from gamelib.play import play_subtraction
    >>> play_subtraction.__module__
    'gamelib.widgets.play'
    """
    if name in _VIEW:
        from gamelib.widgets import play as view  # the one upward import, allowed in the contract

        return getattr(view, name)
    raise AttributeError(f"module 'gamelib.play' has no attribute {name!r}")
