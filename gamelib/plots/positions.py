"""A picture of one position of any game, chosen by the kind of figure the game names (``game.figure_kind``).

:func:`position_figure` is what the explorers and the play panel call; each kind is drawn by a function
registered here with :func:`figure_kind` ("heap" and "heaps" by the strip and the binary table, "board" by
:func:`gamelib.plots.boards.board_figure`). A new kind of picture is one function registered under a new name
in a plots module (imported by ``gamelib/plots/__init__.py``); every panel then shows it.

>>> from gamelib import Nim
>>> position_figure(Nim(), (3, 4, 5)).plotted["nim_sum"]
2
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamelib.arguments import check_bool
from gamelib.games.base import Game
from gamelib.plots.figure import GameFigure

#: Every kind of picture, by name: a function of (game, position, show_winning_moves, width).
FIGURES: dict[str, Callable[[Any, Any, bool, float], GameFigure]] = {}


def figure_kind(name: str) -> Callable[[Callable], Callable]:
    """Register the decorated function as the picture of games whose ``figure_kind`` is ``name``.

    The function is called as ``draw(game, position, show_winning_moves, width)`` and returns a
    :class:`~gamelib.plots.figure.GameFigure`. A name is registered once:

    >>> @figure_kind("dots")
    ... def dots_figure(game, position, show_winning_moves, width):
    ...     ...
    >>> FIGURES["dots"] is dots_figure
    True
    >>> figure_kind("dots")(dots_figure)
    Traceback (most recent call last):
    ...
    ValueError: a figure of kind 'dots' is registered twice
    >>> del FIGURES["dots"]  # this example leaves the registry as it found it
    """

    def register(draw: Callable) -> Callable:
        if name in FIGURES:
            raise ValueError(f"a figure of kind {name!r} is registered twice")
        FIGURES[name] = draw
        return draw

    return register


def position_figure(game: Game, position: Any, show_winning_moves: bool = True, width: float = 8.0) -> GameFigure:
    """A picture of ``position`` in ``game``, drawn as its kind of figure says, the winning moves marked.

    ``plotted`` holds what the kind's function records; ValueError for a game whose kind has no picture.

    >>> from gamelib import Chomp, SubtractionGame
    >>> position_figure(Chomp(2, 3), (3, 1)).plotted["marked"]  # a board: the winning bite is framed
    [(0, 2)]
    >>> position_figure(SubtractionGame({1, 2}), 5).text_alternative()  # a heap: the strip of values
    'S = {1, 2}: Grundy values of heaps 0 to 9. P-positions: 0, 3, 6, 9. Values: 0, 1, 2, 0, 1, 2, 0, 1, 2, 0.'
    """
    if not isinstance(game, Game):
        raise TypeError(f"position_figure needs a gamelib game such as Nim(), got {game!r:.60}")
    draw = FIGURES.get(game.figure_kind)
    if draw is None:
        raise ValueError(f"{game.title} has no picture of its own (figure kind {game.figure_kind!r}); the kinds "
                         f"drawn are {', '.join(sorted(FIGURES))}")
    return draw(game, game.check_position(position), check_bool(show_winning_moves, "show_winning_moves"), width)


__all__ = ["FIGURES", "figure_kind", "position_figure"]
