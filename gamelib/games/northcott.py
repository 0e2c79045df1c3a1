"""Northcott's game: a board of rows, each holding two checkers, one white and one black; a move slides one
checker along its row toward the other, as far as the player likes, without jumping over it.

Played this way (toward the other checker only, either checker by either player) the game is impartial and
ends, and it is Nim in disguise: the empty squares between the two checkers of a row, its *gap*, are a heap.
A move in a row leaves a gap of any size from 0 to one less than before (sliding either checker k squares
closes the gap by k), just as a move on a heap leaves any smaller heap; the two checkers' places beyond the gap
change nothing that follows. So, by induction on the gaps, each row is worth its gap, and by the
Sprague--Grundy theorem the board is worth the nim-sum of its gaps. The same argument gives the remoteness of
Nim with those heaps (:func:`~gamelib.games.nim.nim_remoteness`).

A position is the tuple of the rows, top row first, each the pair ``(white, black)`` of the columns of its
checkers, numbered from 1 (either checker may be on the left). It is typed as ``"1-5, 3-2"``: white's column,
a dash, black's column, for each row.

>>> game = NorthcottsGame()
>>> game.grundy(((1, 5), (3, 2))), game.gaps(((1, 5), (3, 2)))  # gaps 3 and 0: 3 ⊕ 0 = 3
(3, (3, 0))
>>> game.winning_moves(((1, 5), (3, 2)))  # close the gap of row 1 entirely, from either side
[((4, 5), (3, 2)), ((1, 2), (3, 2))]
>>> from gamelib import labelled_moves
>>> for move in labelled_moves(game, ((1, 4),)):
...     print(move.label, move.key, move.words())
1: 1→2 ((1, 1), (1, 2)) slide the white checker of row 1 from column 1 to 2
1: 1→3 ((1, 1), (1, 3)) slide the white checker of row 1 from column 1 to 3
1: 4→3 ((1, 3), (1, 4)) slide the black checker of row 1 from column 4 to 3
1: 4→2 ((1, 2), (1, 4)) slide the black checker of row 1 from column 4 to 2
"""

from __future__ import annotations

import re
from functools import reduce
from operator import xor
from typing import Any, ClassVar

from gamelib.arguments import LimitError, check_int, read_items, show
from gamelib.games.base import Game, Square
from gamelib.games.nim import nim_remoteness
from gamelib.games.presentation import Move, Presentation, Verb, presents
from gamelib.limits import MAX_ITEMS, MAX_NIM_MOVES, MAX_NORTHCOTT_ROWS, MAX_NORTHCOTT_WIDTH, MAX_TEXT_LENGTH
from gamelib.parsing import Limit

Row = tuple[int, int]
#: The colours of a row's two checkers, in the order of its pair.
COLOURS = ("white", "black")
#: A row typed as text: white's column, a dash (or an en dash), black's column.
_TYPED_ROW = r"(?a)\s*([0-9]+)\s*[-\u2013]\s*([0-9]+)\s*"


class NorthcottsGame(Game):
    """Northcott's game on a board ``width`` columns wide (see the module notes); None (the default) makes the
    board as wide as a position needs. Its value and remoteness come from the gaps; ``moves`` follows the rules
    themselves, so the tests check both against the definition.

    >>> NorthcottsGame().read_position("2-6, 4-1")
    ((2, 6), (4, 1))
    >>> NorthcottsGame(width=5).check_position(((2, 6),))
    Traceback (most recent call last):
    ...
    ValueError: row 1 has a checker in column 6, but the board has columns 1 to 5
    """

    figure_kind: ClassVar[str] = "board"
    choose_several: ClassVar[bool] = True
    position_limit: ClassVar[Limit | None] = Limit("rows", 1, MAX_NORTHCOTT_WIDTH, most=MAX_NORTHCOTT_ROWS,
                                                   unit="rows", each="each with two checkers in columns")
    play_limit: ClassVar[Limit | None] = position_limit

    def __init__(self, width: int | None = None):
        self.width = None if width is None else check_int(width, "width", minimum=2)

    def __repr__(self) -> str:
        return f"NorthcottsGame({'' if self.width is None else f'width={self.width}'})"

    @property
    def title(self) -> str:
        """``"Northcott's game"``."""
        return "Northcott's game"

    # -- the rules

    def check_position(self, position: Any) -> tuple[Row, ...]:
        """The rows as a tuple of pairs of plain ints: two checkers in different columns from 1 (to the width
        of the board, if it has one)."""
        if isinstance(position, (str, bytes)) or not isinstance(position, (tuple, list)):
            raise TypeError(f"a position of {self.title} is a tuple of rows, each the pair (white, black) of its "
                            f"checkers' columns, such as ((1, 5), (3, 2)); got {show(position)}")
        rows = []
        for number, row in enumerate(read_items(position, "position", MAX_ITEMS, "((1, 5), (3, 2))"), 1):
            if isinstance(row, (str, bytes)) or not isinstance(row, (tuple, list)) or len(row) != 2:
                raise TypeError(f"row {number} must be a pair (white, black) of columns, such as (1, 5); got "
                                f"{show(row)}")
            white, black = (check_int(c, f"a column of row {number}", minimum=1) for c in row)
            if white == black:
                raise ValueError(f"row {number} has both checkers in column {white}; each row has two checkers "
                                 "in different columns")
            if self.width is not None and max(white, black) > self.width:
                raise ValueError(f"row {number} has a checker in column {max(white, black)}, but the board has "
                                 f"columns 1 to {self.width}")
            rows.append((white, black))
        return tuple(rows)

    def gaps(self, position: Any) -> tuple[int, ...]:
        """The empty squares between the two checkers of each row: the heaps of the Nim it disguises."""
        return tuple(abs(white - black) - 1 for white, black in self.check_position(position))

    def slides(self, position: Any) -> list[tuple[int, int, int, tuple[Row, ...]]]:
        """Every move as ``(row index, column from, column to, position after)``: for each row, the white
        checker's slides first, the shortest first, then the black checker's."""
        rows = self.check_position(position)
        count = 2 * sum(self.gaps(rows))
        if count > MAX_NIM_MOVES:  # the moves of the Nim it disguises, each made from either side
            raise LimitError(f"{self.position_text(rows)[:60]} has {count:,} moves; listing more than "
                             f"{MAX_NIM_MOVES:,} is refused (grundy and outcome do not need the list)")
        found = []
        for i, (white, black) in enumerate(rows):
            for side, (here, there) in enumerate(((white, black), (black, white))):
                step = 1 if there > here else -1
                for to in range(here + step, there, step):
                    row = (to, black) if side == 0 else (white, to)
                    found.append((i, here, to, rows[:i] + (row,) + rows[i + 1:]))
        return found

    def moves(self, position: Any) -> list[tuple[Row, ...]]:
        """Every position one move away (see :meth:`slides`)."""
        return [after for *_, after in self.slides(position)]

    def grundy(self, position: Any) -> int:
        """The nim-sum of the gaps (see the module notes: each row is a Nim heap of its gap)."""
        return reduce(xor, self.gaps(position), 0)

    def remoteness(self, position: Any) -> int:
        """The remoteness of Nim on the gaps: the rows' game trees are Nim heaps' trees, each move doubled
        (either checker), which changes no remoteness."""
        return nim_remoteness(self.gaps(position))

    # -- how a position is written, typed and drawn

    def position_text(self, position: Any) -> str:
        """``'rows 1-5, 3-2'`` (white's column, then black's, for each row)."""
        rows = self.check_position(position)
        return "rows " + ", ".join(f"{white}-{black}" for white, black in rows) if rows else "no row"

    def value_text(self, position: Any) -> str:
        """The gaps nim-added, e.g. ``'gaps 3 ⊕ 0 = 3'``."""
        gaps = self.gaps(position)
        return f"gaps {' ⊕ '.join(map(str, gaps))} = {self.grundy(position)}" if gaps else "no row: g = 0"

    def read_position(self, text: str, limit: Limit | None = None) -> tuple[Row, ...]:
        """The rows typed in ``text`` as ``"1-5, 3-2"`` (white's column, a dash, black's column; rows separated
        by commas), within ``limit`` (by default :attr:`position_limit`); ValueError or LimitError quoting the
        text and saying what is wrong."""
        limit = limit or self.position_limit
        assert limit is not None
        expected = f"type each row as white's column, a dash, black's column, such as '1-5, 3-2' ({limit.text()})"
        if not isinstance(text, str):
            raise TypeError(f"the rows must be given as text, got {show(text)}; {expected}")
        if len(text) > MAX_TEXT_LENGTH:
            raise LimitError(f"the text is {len(text):,} characters long, but at most {MAX_TEXT_LENGTH:,} are read; "
                             f"{expected}")
        pieces = [piece for piece in re.split(r"[,;]", text.strip().strip("()[]{}"))]
        if not text.strip() or not all(piece.strip() for piece in pieces):
            raise ValueError(f"{show(text)} has an empty row (two commas in a row, or none at all); {expected}")
        rows = []
        for piece in pieces:
            found = re.fullmatch(_TYPED_ROW, piece)
            if found is None:
                raise ValueError(f"{show(text)}: {piece.strip()!r} is not a row; {expected}")
            rows.append((int(found.group(1)), int(found.group(2))))
        return self.position_within(rows, limit)

    def position_within(self, position: Any, limit: Limit) -> tuple[Row, ...]:
        """The rows, if there are at most ``limit.most`` of them and every checker is in a column from
        ``limit.low`` to ``limit.high``; LimitError or ValueError saying which is not."""
        rows = self.check_position(position)
        if len(rows) > (limit.most or 1):
            raise LimitError(f"{self.position_text(rows)} has {len(rows)} rows: {limit.text()}")
        if not rows:
            raise ValueError(f"a position of {self.title} has at least one row: {limit.text()}")
        outside = [c for row in rows for c in row if not limit.low <= c <= limit.high]
        if outside:
            raise (LimitError if max(outside) > limit.high else ValueError)(
                f"{self.position_text(rows)} has a checker in column {outside[0]}: {limit.text()}")
        return rows

    def typed_position(self, position: Any, limit: Limit | None = None) -> str:
        """``'1-5, 3-2'``: the text :meth:`read_position` reads back."""
        return ", ".join(f"{white}-{black}" for white, black in self.check_position(position))

    def squares(self, position: Any) -> list[Square]:
        """Each row's squares, left to right: a checker's square holds a piece (its state is its colour). A
        square's key is ``(row, column)``, both numbered from 1."""
        rows = self.check_position(position)
        width = self.width or max((c for row in rows for c in row), default=2)
        squares = []
        for r, row in enumerate(rows):
            for column in range(1, width + 1):
                colour = COLOURS[row.index(column)] if column in row else ""
                squares.append(Square((r + 1, column), r, column - 1, f"row {r + 1}, column {column}",
                                      f"{colour} checker" if colour else "empty", filled=bool(colour)))
        return squares

    def sized_for(self, start: Any) -> NorthcottsGame:
        """The same game on a board as wide as ``start`` needs, so that the board keeps its size in play."""
        rows = self.check_position(start)
        return self if self.width is not None else NorthcottsGame(max(max(row) for row in rows))

    def chosen_move(self, keys: tuple) -> tuple:
        """The two squares chosen on the board (a checker and where it slides, in either order), left first."""
        return tuple(sorted(keys))


#: The verb of this game's moves, in the forms a sentence needs ("slide" is not "slided").
SLIDE = Verb("slide", "slid", "sliding")


class NorthcottPresentation(Presentation):
    """Northcott's words: a move is known by the two squares it joins, ``((row, from), (row, to))`` left first,
    labelled ``'1: 1→3'``; "slide the white checker of row 1 from column 1 to 3". On the board a checker is W
    (white) or B (black); a move is played by choosing the checker and the square it slides to.
    """

    def moves(self, game: Game, position: Any) -> list[Move]:
        assert isinstance(game, NorthcottsGame)
        rows = game.check_position(position)
        return [Move(tuple(sorted(((i + 1, here), (i + 1, to)))), after, f"{i + 1}: {here}\u2192{to}", SLIDE,
                     f"the {COLOURS[rows[i].index(here)]} checker of row {i + 1} from column {here} to {to}",
                     group=None)
                for i, here, to, after in game.slides(rows)]

    def change_text(self, game: Game, before: Any, after: Any) -> str:
        """The gap of the row that changed: ``'row 1: gap 3 → 1'``."""
        assert isinstance(game, NorthcottsGame)
        changed = [(i, b, a) for i, (b, a) in enumerate(zip(game.gaps(before), game.gaps(after), strict=True))
                   if b != a]
        return "; ".join(f"row {i + 1}: gap {b} \u2192 {a}" for i, b, a in changed) or "no change"

    def why_not(self, game: Game, position: Any, key: Any) -> str:
        """What a move is, with where the checkers of the rows named are."""
        assert isinstance(game, NorthcottsGame)
        rows = game.check_position(position)
        named = sorted({square[0] for square in key if isinstance(square, tuple) and square
                        and isinstance(square[0], int) and 1 <= square[0] <= len(rows)}) \
            if isinstance(key, tuple) else []
        where = "; ".join(f"row {r}'s checkers are in columns {rows[r - 1][0]} and {rows[r - 1][1]}" for r in named)
        return (f"{show(key)} is not a move: choose a checker and an empty square between it and the other checker "
                f"of its row" + (f" ({where})" if where else ""))

    def choice_words(self, game: Game) -> str:
        return "Slide the chosen checker"

    def square_noun(self, game: Game) -> str:
        return "a checker and the square it slides to"

    def symbol(self, game: Game, square: Square) -> str:
        return {"white checker": "W", "black checker": "B"}.get(square.state, "")


presents(NorthcottsGame, NorthcottPresentation("slide one checker toward the other checker of its row, as far as you "
                                                "like, without jumping over it"))


__all__ = ["COLOURS", "SLIDE", "NorthcottPresentation", "NorthcottsGame"]
