"""A picture of one position of any game, and everything a panel needs to show it: one view per kind of picture.

A game names its kind of picture (``game.figure_kind``); the kind's :class:`KindView`, registered once with
:func:`figure_kind`, gives

* the drawing (:func:`position_figure` calls it): ``draw(game, position, hints, width)``, where ``hints=False``
  leaves out what would give the game away (``hides`` says what, in words);
* how a play panel presents positions and moves (``play``: :data:`MOVE_BUTTONS`, :data:`SQUARES` or
  :data:`HEAP_ROWS`; :mod:`gamelib.widgets.play_views` builds each) and how the keyboard works with it (``keys``);
* the text alternative (``describe``, by default :func:`picture_text`): the explorer, the play panel and a saved
  notebook's still view all say what they show with it.

The kinds are those registered in :data:`FIGURES` (the guide's table of them, docs/guides/contributing.md, is
read from it): "heap" (the strip of values), "heaps" (a row of chips per heap, for any game on tuples of heaps),
"board", and more. A game whose kind has no picture ("moves") is shown in words, with a button per move. A new
kind is one function registered under a new name in a plots module imported by ``gamelib/plots/__init__.py``.

>>> from gamelib import Nim
>>> position_figure(Nim(), (3, 4, 5)).plotted["nim_sum"]
2
>>> view_of(Nim()).play == HEAP_ROWS, view_of(Nim()).describe(Nim(), (3, 4, 5), True, False)
(True, 'Nim, heaps (3, 4, 5). Winning move: take 2 from heap A.')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gamelib.arguments import check_bool
from gamelib.games.base import Game
from gamelib.games.presentation import presentation_of
from gamelib.limits import MAX_LISTED_MOVES
from gamelib.plots.figure import GameFigure

#: How a play panel presents positions and moves (:mod:`gamelib.widgets.play_views` builds each): the picture
#: (or the position in words) with a button per move; the squares of a board, chosen by click or arrow keys and
#: Enter; a row of chips per heap, each with the buttons of the moves that take from it.
MOVE_BUTTONS, SQUARES, HEAP_ROWS = "a button per move", "squares to choose", "a row of buttons per heap"

Draw = Callable[[Any, Any, bool, float], GameFigure]


def picture_text(game: Game, position: Any, hints: bool, values: bool) -> str:
    """What a picture of ``position`` shows, in words (its text alternative): the game and the position; with
    ``values`` its value and outcome; with ``hints`` its winning moves (what the picture marks).

    >>> from gamelib import SubtractionGame
    >>> picture_text(SubtractionGame({1, 2}), 4, hints=True, values=True)
    'S = {1, 2}, heap 4. g(4) = 1: an N-position. Winning move: take 1.'
    >>> picture_text(SubtractionGame({1, 2}), 3, hints=True, values=False)
    'S = {1, 2}, heap 3. No move wins from here.'

    Past :data:`~gamelib.limits.MAX_LISTED_MOVES` winning moves, it names that many and counts the others:

    >>> from gamelib import MooresNim
    >>> print(picture_text(MooresNim(2), (7, 7, 7, 7), hints=True, values=False))  # doctest: +ELLIPSIS
    Moore's Nim with k = 2, heaps (7, 7, 7, 7). 40 winning moves, among them: take 7 from heap A; ...; and 32 more.
    """
    words = presentation_of(game)
    text = f"{game.title}, {words.position_text(game, position)}."
    wins = [m for m in words.moves(game, position) if game.outcome(m.after) == "P"] if hints or values else []
    if values:
        text += f" {game.value_text(position)}: {'an N' if wins else 'a P'}-position."
    if hints and len(wins) > MAX_LISTED_MOVES:
        text += f" {len(wins)} winning moves, among them: " + "; ".join(m.words() for m in wins[:MAX_LISTED_MOVES]) + \
            f"; and {len(wins) - MAX_LISTED_MOVES} more."
    elif hints and wins:
        text += f" Winning move{'s' if len(wins) > 1 else ''}: " + "; ".join(m.words() for m in wins) + "."
    elif hints:
        text += " Every move leaves an N-position." if values else " No move wins from here."
    return text


@dataclass(frozen=True)
class KindView:
    """Everything a panel needs to show the positions of one kind of picture (see the module notes).

    >>> from gamelib import Chomp
    >>> board = view_of(Chomp(2, 3))
    >>> board.kind, board.play == SQUARES, board.hides
    ('board', True, 'the outcome and the winning squares')
    >>> board.describe(Chomp(2, 3), (3, 1), False, False)  # hints off: nothing that gives the game away
    'Chomp 2 x 3, position (3, 1).'
    """

    kind: str
    draw: Draw | None
    play: str = MOVE_BUTTONS
    #: What the drawing leaves out when ``hints`` is False (a game being played), in words.
    hides: str = "the winning moves"
    #: How the keyboard works with the play panel's presentation, in words.
    keys: str = "Tab reaches each move's button; Enter or Space plays it"
    describe: Callable[[Game, Any, bool, bool], str] = picture_text


#: Every kind of picture, by name.
FIGURES: dict[str, KindView] = {}
#: The view of a game whose kind has no picture of its own: the position in words and a button per move.
NO_PICTURE = KindView("moves", None, hides="")


def view_of(game: Game) -> KindView:
    """The view of ``game``'s kind of picture (:data:`NO_PICTURE` when it has none).

    >>> from gamelib import Game, SubtractionGame
    >>> view_of(SubtractionGame({1, 2})).kind, view_of(Game()).draw is None
    ('heap', True)
    """
    return FIGURES.get(game.figure_kind, NO_PICTURE)


def figure_kind(name: str, play: str = MOVE_BUTTONS, hides: str = "the winning moves",
                keys: str = KindView.keys, describe: Callable[[Game, Any, bool, bool], str] = picture_text
                ) -> Callable[[Callable], Callable]:
    """Register the decorated function as the drawing of games whose ``figure_kind`` is ``name``, with the rest
    of the kind's view (:class:`KindView`: ``play``, ``hides``, ``keys``, ``describe``).

    The function is called as ``draw(game, position, hints, width)`` and returns a
    :class:`~gamelib.plots.figure.GameFigure`. A name is registered once:

    >>> @figure_kind("dots")
    ... def dots_figure(game, position, show_winning_moves, width):
    ...     ...
    >>> FIGURES["dots"].draw is dots_figure, FIGURES["dots"].play == MOVE_BUTTONS
    (True, True)
    >>> figure_kind("dots")(dots_figure)
    Traceback (most recent call last):
    ...
    ValueError: a figure of kind 'dots' is registered twice
    >>> del FIGURES["dots"]  # this example leaves the registry as it found it
    """

    def register(draw: Callable) -> Callable:
        if name in FIGURES:
            raise ValueError(f"a figure of kind {name!r} is registered twice")
        if play not in (MOVE_BUTTONS, SQUARES, HEAP_ROWS):
            raise ValueError(f"play must be one of {MOVE_BUTTONS!r}, {SQUARES!r}, {HEAP_ROWS!r}, got {play!r}")
        FIGURES[name] = KindView(name, draw, play, hides, keys, describe)
        return draw

    return register


def position_figure(game: Game, position: Any, show_winning_moves: bool = True, width: float = 8.0) -> GameFigure:
    """A picture of ``position`` in ``game``, drawn as its kind of figure says, the winning moves marked.

    ``position`` is the position itself, or text as the game's explorer takes it (``"3, 5, 6, 7"``).
    ``plotted`` holds what the kind's function records; ValueError for a game whose kind has no picture.

    >>> from gamelib import Chomp, SubtractionGame
    >>> position_figure(Chomp(2, 3), (3, 1)).plotted["marked"]  # a board: the winning bite is framed
    [(0, 2)]
    >>> position_figure(SubtractionGame({1, 2}), 5).text_alternative()  # a heap: the strip of values
    'S = {1, 2}: Grundy values of heaps 0 to 9. P-positions: 0, 3, 6, 9. Values: 0, 1, 2, 0, 1, 2, 0, 1, 2, 0.'
    """
    if not isinstance(game, Game):
        raise TypeError(f"position_figure needs a gamelib game such as Nim(), got {game!r:.60}")
    draw = view_of(game).draw
    if draw is None:
        raise ValueError(f"{game.title} has no picture of its own (figure kind {game.figure_kind!r}); the kinds "
                         f"drawn are {', '.join(sorted(FIGURES))}")
    if isinstance(position, str) and game.position_limit is not None:  # typed, as the explorers take it
        position = game.read_position(position)
    return draw(game, game.check_position(position), check_bool(show_winning_moves, "show_winning_moves"), width)


__all__ = ["FIGURES", "HEAP_ROWS", "MOVE_BUTTONS", "NO_PICTURE", "SQUARES", "KindView", "figure_kind", "picture_text",
           "position_figure", "view_of"]
