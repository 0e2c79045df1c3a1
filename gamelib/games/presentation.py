"""How a game is shown in words: its presentation (as Mesa passes a portrayal to its view), kept beside the rules.

A game (:class:`~gamelib.games.base.Game`) knows its positions and moves; its :class:`Presentation` says how a
panel names them: how a move is made (``how_to_move``), each move with its key, button label and verb
(:meth:`Presentation.moves`), what a move changed (:meth:`Presentation.change_text`) and, for a board, what the
squares are called and the words on the button that plays several of them. A presentation holds words only:
it imports nothing above the model, so the play session (:mod:`gamelib.play`) and every panel can use it.

A game class is given its presentation once, with :func:`presents`; :func:`presentation_of` finds it for a game
(the nearest class in the game's class hierarchy that has one, else the plain :class:`Presentation`, which
knows a move by the position it leads to):

>>> from gamelib.games.heap_rows import HeapsGame
>>> class TakeOneOrTwo(HeapsGame):
...     def moves(self, heaps):
...         return [heaps[:i] + (h - k,) + heaps[i + 1:] for i, h in enumerate(heaps) for k in (1, 2) if k <= h]
>>> words = presentation_of(TakeOneOrTwo())
>>> [m.words() for m in words.moves(TakeOneOrTwo(), (2, 1))]
['take 1 from heap A', 'take 2 from heap A', 'take 1 from heap B']
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from gamelib.arguments import show
from gamelib.games.base import Game, Move


class Presentation:
    """The words a game is shown with. A subclass overrides what its game says differently; the defaults
    take the words the game class still carries, and name a move by the position it leads to.

    >>> from gamelib import SubtractionGame
    >>> words = presentation_of(SubtractionGame({1, 2}))
    >>> words.how_to_move(SubtractionGame({1, 2})), words.change_text(SubtractionGame({1, 2}), 4, 3)
    ('take 1 or 2 chips from the heap', '4 → 3')
    """

    def how_to_move(self, game: Game) -> str:
        """How a move is made, in a few words ("take any number of chips from one heap")."""
        return game.how_to_move

    def moves(self, game: Game, position: Any) -> list[Move]:
        """Every move from ``position`` with its key, button label and words, in the order of the buttons."""
        return game.labelled_moves(position)

    def position_text(self, game: Game, position: Any) -> str:
        """A position in a sentence ("at heaps (3, 4) you took 2")."""
        return game.position_text(position)

    def change_text(self, game: Game, before: Any, after: Any) -> str:
        """What a move changed, in the brackets after it in a panel's status and log."""
        return game.change_text(before, after)

    def why_not(self, game: Game, position: Any, key: Hashable) -> str:
        """Why ``key`` is not a move from ``position``, in a sentence a panel shows."""
        return game.why_not(position, key)

    def choice_words(self, game: Game) -> str:
        """Board games whose move chooses several squares: the words on the button that plays them."""
        return game.choice_words

    def square_noun(self, game: Game) -> str:
        """Board games: what the squares are called in a sentence ("squares"; a row of coins: "coins")."""
        return game.square_noun


_PRESENTATIONS: dict[type, Presentation] = {}
_G = TypeVar("_G", bound=type)


def presents(game_class: type, presentation: Presentation) -> None:
    """Give ``game_class`` (and its subclasses, unless they have their own) the words ``presentation`` says.

    >>> class Dots(Game):
    ...     pass
    >>> presents(Dots, Presentation())
    >>> presents(Dots, Presentation())
    Traceback (most recent call last):
    ...
    ValueError: Dots has a presentation already
    """
    if not (isinstance(game_class, type) and issubclass(game_class, Game)):
        raise TypeError(f"presents needs a game class such as Nim, got {show(game_class)}")
    if game_class in _PRESENTATIONS:
        raise ValueError(f"{game_class.__name__} has a presentation already")
    _PRESENTATIONS[game_class] = presentation


def presented_by(presentation: Presentation) -> Callable[[_G], _G]:
    """Class decorator: ``@presented_by(HeapsPresentation())`` above a game class is :func:`presents`."""

    def register(game_class: _G) -> _G:
        presents(game_class, presentation)
        return game_class

    return register


def presentation_of(game: Game | type) -> Presentation:
    """The presentation of ``game`` (a game or a game class): its class's own, or the nearest ancestor's, or the
    plain one."""
    for cls in (game if isinstance(game, type) else type(game)).__mro__:
        found = _PRESENTATIONS.get(cls)
        if found is not None:
            return found
    return _PLAIN


_PLAIN = Presentation()


__all__ = ["Presentation", "presentation_of", "presented_by", "presents"]
