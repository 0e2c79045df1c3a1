"""A game in progress against the computer, or between two people: :class:`PlaySession`.

The session works for any game of the model (:class:`gamelib.Game`): it asks the game for its moves, their
words and the remoteness of positions (how long a game lasts when the winner hurries and the loser stalls),
and keeps the turns, undo, hints and the end-of-game report. It imports neither ipywidgets nor matplotlib;
the panel that shows it is :func:`gamelib.widgets.play_game` (and the lessons' ``play_subtraction``,
``play_nim`` and ``chomp_explorer``).

>>> from gamelib import Nim
>>> session = PlaySession(Nim(), (3, 4, 5))
>>> [m.words() for m in session.winning_moves()]
['take 2 from heap A']
"""

from gamelib.play.session import COMPUTER, FIRST, FRIEND, SECOND, STUDENT, PlayedMove, PlaySession

__all__ = ["COMPUTER", "FIRST", "FRIEND", "SECOND", "STUDENT", "PlayedMove", "PlaySession"]
