"""How a game is shown in words: its presentation (as Mesa passes a portrayal to its view), kept beside the rules.

A game (:class:`~gamelib.games.base.Game`) knows its positions and moves, and no word; its
:class:`Presentation` says how a panel names them: how a move is made (:meth:`~Presentation.how_to_move`), each
move with its key, button label and verb (:meth:`~Presentation.moves`, as :class:`Move`), what a move changed,
why a move is not allowed, the values after each move, and for a board what the squares are called, the symbol
and caption drawn on each and the words on the button that plays several of them. A presentation holds words
only; it imports the model it speaks of and nothing from the layers above it, so the play session
(:mod:`gamelib.play`), the figures and every panel use it.

A game class is given its presentation once, with :func:`presents`, in the game's own module;
:func:`presentation_of` finds it for a game (the nearest class in the game's class hierarchy that has one,
else the plain :class:`Presentation`, which knows a move by the position it leads to):

>>> from gamelib.games.heap_rows import HeapsGame
>>> class TakeOneOrTwo(HeapsGame):
...     def moves(self, heaps):
...         return [heaps[:i] + (h - k,) + heaps[i + 1:] for i, h in enumerate(heaps) for k in (1, 2) if k <= h]
>>> words = presentation_of(TakeOneOrTwo())
>>> [m.words() for m in words.moves(TakeOneOrTwo(), (2, 1))]
['take 1 from heap A', 'take 2 from heap A', 'take 1 from heap B']
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from gamelib.arguments import numbers_text, show
from gamelib.games.base import Game, OneHeapGame, Square

TYPE_CHECKING = False  # typing itself is not imported at run time: see gamelib/__init__.py
if TYPE_CHECKING:
    from typing import Any

@dataclass(frozen=True)
class Verb:
    """The verb of a move in the three forms a panel's sentences need: ``"take 2"`` (what to do), ``"you took
    2"`` (what was done), ``"taking 2 would have won"``. A presentation gives all three: English makes no rule
    that guesses them ("slide" is "slid", "bite" is "bit").

    >>> SLIDE = Verb("slide", "slid", "sliding")
    >>> SLIDE.form("past")
    'slid'
    """

    do: str
    past: str
    ing: str

    def form(self, name: str) -> str:
        """The form ``name``: ``"do"``, ``"past"`` or ``"ing"``."""
        forms = {"do": self.do, "past": self.past, "ing": self.ing}
        if name not in forms:
            raise ValueError(f"a verb's form is 'do', 'past' or 'ing', got {show(name)}")
        return forms[name]


#: The verbs of the plain presentations: a move that takes chips, and one named by where it leads.
TAKE, MOVE = Verb("take", "took", "taking"), Verb("move", "moved", "moving")


@dataclass(frozen=True)
class Move:
    """One move from a position as a panel offers it: the ``key`` a play session is given (an amount, a
    ``(heap, amount)`` pair, a square ...), the position ``after`` it, the ``label`` on its button, and the
    move in words, its :class:`Verb` and what follows it, which :meth:`words` puts in the form a sentence
    needs. ``group`` is the row of buttons it belongs to (the heap it takes from; None: no heap's own row).

    >>> move = Move((0, 2), (1, 4, 5), "2", TAKE, "2 from heap A")
    >>> move.words(), move.words("past"), move.words("ing")
    ('take 2 from heap A', 'took 2 from heap A', 'taking 2 from heap A')
    """

    key: Hashable
    after: Any
    label: str
    verb: Verb
    rest: str
    group: int | None = 0

    def words(self, form: str = "do") -> str:
        """The move as ``"take 2"`` (``form="do"``), ``"took 2"`` (``"past"``) or ``"taking 2"`` (``"ing"``)."""
        verb = self.verb.form(form)
        return f"{verb} {self.rest}" if self.rest else verb


@dataclass(frozen=True)
class Heap:
    """One heap of a position, as a row of chips shows it: its ``label`` beside the row ("A"; "" for the one heap
    of a one-heap game), its ``name`` in a sentence ("heap A", "the heap") and its ``size``."""

    label: str
    name: str
    size: int


class Presentation:
    """The words a game is shown with; ``rule`` is how a move is made, in a few words. A subclass overrides
    what its game says differently.

    >>> from gamelib import Game
    >>> class TakeOneOrTwo(Game):
    ...     def moves(self, n):
    ...         return [n - s for s in (1, 2) if s <= n]
    >>> words = Presentation("take 1 or 2 chips")
    >>> words.how_to_move(TakeOneOrTwo()), [m.words() for m in words.moves(TakeOneOrTwo(), 3)]
    ('take 1 or 2 chips', ['move to position 2', 'move to position 1'])
    >>> words.why_not(TakeOneOrTwo(), 3, 0)
    '0 is not a move allowed from position 3; allowed: [2, 1]'
    """

    def __init__(self, rule: str = "players take turns"):
        self.rule = rule

    def how_to_move(self, game: Game) -> str:
        """How a move is made, in a few words ("take any number of chips from one heap")."""
        return self.rule

    def moves(self, game: Game, position: Any) -> list[Move]:
        """Every move from ``position`` with its key, button label and words, in the order of the buttons; by
        default a move is known by the position it leads to."""
        return [Move(after, after, game.position_text(after), MOVE, f"to {game.position_text(after)}")
                for after in game.moves(game.check_position(position))]

    def position_text(self, game: Game, position: Any) -> str:
        """A position in a sentence ("at heaps (3, 4) you took 2"): the game's own ``position_text``."""
        return game.position_text(position)

    def change_text(self, game: Game, before: Any, after: Any) -> str:
        """What a move changed, in the brackets after it in a panel's status and log: by default ``'4 → 3'``;
        a game whose positions are long says it shorter. Tuples are written as people write them, ``'(5) → (3)'``.

        >>> Presentation().change_text(None, (5,), (3,)), Presentation().change_text(None, (3, 4), (1, 4))
        ('(5) → (3)', '(3, 4) → (1, 4)')
        """
        def written(position: Any) -> str:
            return numbers_text(position) if isinstance(position, tuple) else str(position)

        return f"{written(before)} \u2192 {written(after)}"

    def why_not(self, game: Game, position: Any, key: Hashable) -> str:
        """Why ``key`` is not a move from ``position``, in a sentence a panel shows (``key`` is one that is not
        allowed). A presentation that can say which rule the move breaks says so; by default the sentence lists
        the moves allowed."""
        allowed = [move.key for move in self.moves(game, position)]
        return f"{show(key)} is not a move allowed from {game.position_text(position)}; allowed: {show(allowed)}"

    def values_text(self, game: Game, position: Any) -> str:
        """The Grundy value of a position and of the position after each move (a play panel shows it)."""
        after = ", ".join(f"{m.label} \u2192 {game.value_text(m.after)}" for m in self.moves(game, position))
        return f"{game.value_text(position)}." + (f" After a move: {after}" if after else "")

    def heaps(self, game: Game, position: Any) -> list[Heap]:
        """Games shown as rows of chips: the heaps of ``position``, in the order of the rows (a move's
        ``group`` is the index of the heap it takes from)."""
        raise TypeError(f"{game.title} is not shown as heaps of chips")

    def winning_squares(self, game: Game, position: Any) -> list:
        """Board games: the keys of the squares a winning move chooses: every winning square when a move is one
        square (Chomp's winning bites); the squares of the first winning move when a move chooses several (the
        coins it turns). Empty at a P-position."""
        wins = [m.key for m in self.moves(game, position) if game.outcome(m.after) == "P"]
        if not game.choose_several:
            return wins
        chosen: Any = wins[0] if wins else ()  # a move choosing several squares has a tuple of them as its key
        return list(chosen)

    def marked_meaning(self, game: Game, count: int) -> str:
        """Board games: what ``count`` squares marked as winning are, said after them ("a winning move", "each a
        winning move"; the squares of a move that chooses several are one move together)."""
        return "a winning move" if game.choose_several or count == 1 else "each a winning move"

    def square_mark(self, game: Game) -> str:
        """Board games: what one square marked as winning is, said with its name ("a winning move"; a square of
        a move that chooses several: "part of a winning move")."""
        return "part of a winning move" if game.choose_several else "a winning move"

    def marked_words(self, game: Game, squares: list[Square]) -> str:
        """Board games: the squares marked as winning, in a sentence (a picture's text alternative says it):
        "row 2, column 3; row 1, column 2, each a winning move"; the squares of one move that chooses several
        by their captions when they have them ("coins 6, 5 and 0, a winning move"), else by their names.

        >>> from gamelib import Chomp, TurningTurtles
        >>> chomp, turtles = Chomp(2, 3), TurningTurtles()
        >>> Presentation().marked_words(chomp, chomp.squares((3, 3))[4:6])
        'row 2, column 2; row 2, column 3, each a winning move'
        >>> words = presentation_of(turtles)
        >>> words.marked_words(turtles, [s for s in turtles.squares((2, 5)) if s.key in (5, 2)])
        'coins 5 and 2, a winning move'
        """
        meaning = self.marked_meaning(game, len(squares))
        if not game.choose_several:
            return "; ".join(sq.name for sq in squares) + f", {meaning}"
        ordered = sorted(squares, key=lambda sq: (sq.row, -sq.col))
        captions = [self.caption(game, sq) for sq in ordered]
        if all(captions):
            noun = self.square_noun(game) if len(captions) > 1 else self.square_noun(game).removesuffix("s")
        else:
            noun, captions = "", [sq.name for sq in sorted(squares, key=lambda sq: (sq.row, sq.col))]
        listed = captions[0] if len(captions) == 1 else ", ".join(captions[:-1]) + " and " + captions[-1]
        return f"{noun} {listed}, {meaning}".lstrip()

    def choice_words(self, game: Game) -> str:
        """Board games whose move chooses several squares: the words on the button that plays them."""
        return "Play the chosen squares"

    def square_noun(self, game: Game) -> str:
        """Board games: what the squares are called in a sentence ("squares"; a row of coins: "coins")."""
        return "squares"

    def symbol(self, game: Game, square: Square) -> str:
        """Board games: the symbol written in a square ("" for none)."""
        return ""

    def caption(self, game: Game, square: Square) -> str:
        """Board games: a short label shown above a square (a coin's number), or "" for none."""
        return ""


class OneHeapPresentation(Presentation):
    """The words of a game on one heap: a move is known by the amount it takes (its key), smallest first.

    >>> from gamelib import SubtractionGame
    >>> [m.words() for m in OneHeapPresentation().moves(SubtractionGame({1, 3}), 4)]
    ['take 1', 'take 3']
    """

    def __init__(self, rule: str = "take chips from the heap"):
        super().__init__(rule)

    def moves(self, game: Game, position: Any) -> list[Move]:
        n = game.check_position(position)
        return [Move(n - after, after, f"take {n - after}", TAKE, str(n - after)) for after in
                sorted(game.moves(n), reverse=True)]

    def heaps(self, game: Game, position: Any) -> list[Heap]:
        """The one heap: ``[Heap("", "the heap", n)]``."""
        return [Heap("", "the heap", game.check_position(position))]


_PRESENTATIONS: dict[type, Presentation] = {}


def presents(game_class: type, presentation: Presentation) -> None:
    """Give ``game_class`` (and its subclasses, unless they have their own) the words ``presentation`` says;
    called once, in the game's module.

    >>> from gamelib import Game
    >>> class Dots(Game):
    ...     pass
    >>> presents(Dots, Presentation("join two dots"))
    >>> presentation_of(Dots()).how_to_move(Dots())
    'join two dots'
    >>> presents(Dots, Presentation())
    Traceback (most recent call last):
    ...
    ValueError: Dots has a presentation already
    """
    if not (isinstance(game_class, type) and issubclass(game_class, Game)):
        raise TypeError(f"presents needs a game class such as Nim, got {show(game_class)}")
    if not isinstance(presentation, Presentation):
        raise TypeError(f"presents needs a Presentation, got {show(presentation)}")
    if game_class in _PRESENTATIONS:
        raise ValueError(f"{game_class.__name__} has a presentation already")
    _PRESENTATIONS[game_class] = presentation


def presentation_of(game: Any) -> Presentation:
    """The presentation of ``game`` (a game or a game class): its class's own, or the nearest ancestor's, or
    the plain one.

    >>> from gamelib import Nim
    >>> presentation_of(Nim()).how_to_move(Nim())
    'take any number of chips from one heap'
    """
    for cls in (game if isinstance(game, type) else type(game)).__mro__:
        found = _PRESENTATIONS.get(cls)
        if found is not None:
            return found
    return _PLAIN


_PLAIN = Presentation()
presents(OneHeapGame, OneHeapPresentation())


def labelled_moves(game: Game, position: Any) -> list[Move]:
    """Every move from ``position`` with its key, button label and words, in the order of the buttons, as the
    game's presentation names them (:meth:`Presentation.moves`).

    >>> from gamelib import TurningTurtles
    >>> [move.words() for move in labelled_moves(TurningTurtles(), (2, 5))][:3]
    ['turn coin 5', 'turn coins 5 and 1', 'turn coins 5 and 2']
    """
    return presentation_of(game).moves(game, position)


__all__ = ["MOVE", "TAKE", "Heap", "Move", "OneHeapPresentation", "Presentation", "Verb", "labelled_moves",
           "presentation_of", "presents"]
