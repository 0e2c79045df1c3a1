"""Coin-turning games: a row of coins, some heads up; a move turns over some coins, the rightmost of which must
go from heads to tails. Turning Turtles, Mock Turtles and the Ruler game (Ferguson, *Game Theory*, Part I, section 5).

A position is the tuple of the numbers of the heads-up coins, smallest first: ``(1, 4, 6)``. Turning Turtles
and the Ruler game number their coins from 1, Mock Turtles from 0, as in Ferguson's notes. The coins turned
with the rightmost one may be heads or tails; each is turned over.

Every move ends with the rightmost coin it turns showing tails, so the game ends, and a position is the sum of
its heads-up coins played alone: a move turns one heads coin x down together with some coins left of x, as
if the single heads coin x were replaced by heads coins there; two heads at the same place cancel, as two
equal heaps do in a sum (g ⊕ g = 0). So the Grundy value of a position is the nim-sum of the values of its
single heads coins, :meth:`CoinTurningGame.coin_value`:

* Turning Turtles (turn one or two coins): coin n is worth n, so the game is Nim in disguise;
* Mock Turtles (turn one, two or three coins): coin n (from 0) is worth the n-th odious number (a number with
  an odd count of 1s in binary: 1, 2, 4, 7, 8, 11, ...);
* the Ruler game (turn any run of consecutive coins ending at the rightmost): coin n is worth the largest
  power of 2 dividing n.

The values come from those formulas; ``moves`` follows the rules themselves, so the generic engine
(:func:`gamelib.grundy`) checks the formulas by the definition (tests/test_coins.py).

>>> game = TurningTurtles()
>>> game.moves((2, 3))
[(2,), (1, 2), (), (3,), (1, 3)]
>>> game.grundy((1, 4, 6)), game.winning_moves((1, 4, 6))
(3, [(1, 4, 5)])
>>> [MockTurtles().grundy((n,)) for n in range(8)]
[1, 2, 4, 7, 8, 11, 13, 14]
>>> [RulerGame().grundy((n,)) for n in range(1, 9)]
[1, 2, 1, 4, 1, 2, 1, 8]
"""

from __future__ import annotations

from functools import reduce
from itertools import combinations
from operator import xor
from typing import Any, ClassVar, cast

from gamelib.arguments import LimitError, check_int, read_items, show
from gamelib.games.base import Game, Square
from gamelib.games.presentation import Move, Presentation, Verb, presents
from gamelib.limits import MAX_COIN_MOVES, MAX_ITEMS, MAX_PANEL_COIN, MAX_PLAY_COIN
from gamelib.parsing import Limit


def _words(coins: tuple[int, ...]) -> str:
    """``'5'``, ``'5 and 2'``, ``'7, 5 and 2'``."""
    names = [str(c) for c in coins]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


_COUNTS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _count(n: int) -> str:
    """``'three'`` (numbers up to ten in words, larger ones in digits)."""
    return _COUNTS[n] if n < len(_COUNTS) else str(n)


class CoinTurningGame(Game):
    """What the three coin games share: positions, moves, values as a nim-sum, the board.

    A subclass says which coins may be turned with the rightmost one (:meth:`partners`) and what one heads
    coin is worth (:meth:`coin_value`). ``coins`` fixes the row to that many coins (positions and the board
    stay within it); None (the default) leaves the row as long as a position needs.
    """

    #: The number of the leftmost coin (Mock Turtles: 0; the others: 1).
    first: ClassVar[int] = 1
    figure_kind: ClassVar[str] = "board"
    choose_several: ClassVar[bool] = True
    #: The most coins one move turns (None: the rule is not a count).
    most_turned: ClassVar[int | None] = None
    position_limit: ClassVar[Limit | None] = Limit("heads-up coins", 1, MAX_PANEL_COIN, most=MAX_PANEL_COIN,
                                                   as_set=True)
    play_limit: ClassVar[Limit | None] = Limit("heads-up coins", 1, MAX_PLAY_COIN, most=MAX_PLAY_COIN, as_set=True)

    def __init__(self, coins: int | None = None):
        self.coins = None if coins is None else check_int(coins, "coins", minimum=1)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({'' if self.coins is None else f'coins={self.coins}'})"

    @property
    def title(self) -> str:
        """How figures, panels and messages name this game."""
        return type(self).__name__.replace("Turtles", " Turtles").replace("Game", " game")

    # -- the rules

    def partners(self, x: int) -> list[tuple[int, ...]]:  # pragma: no cover - each game gives its own
        """The sets of coins left of coin ``x`` that may be turned together with it (the empty set included)."""
        raise NotImplementedError

    def partner_count(self, x: int) -> int:  # pragma: no cover - each game gives its own
        """How many sets :meth:`partners` gives for coin ``x`` (counted without listing them)."""
        raise NotImplementedError

    def coin_value(self, n: int) -> int:  # pragma: no cover - each game gives its own
        """The Grundy value of the position with coin ``n`` alone heads up."""
        raise NotImplementedError

    def check_position(self, position: Any) -> tuple[int, ...]:
        """The heads-up coins as a sorted tuple of plain ints, each a coin of this row, none twice."""
        if isinstance(position, (str, bytes)) or not isinstance(position, (tuple, list, set, frozenset)):
            raise TypeError(f"a position is the tuple of the heads-up coins, such as (1, 4, 6), got {show(position)}")
        items = read_items(position, "position", MAX_ITEMS, "(1, 4, 6)")
        heads = [check_int(c, "each heads-up coin", minimum=self.first) for c in items]
        if len(set(heads)) != len(heads):
            raise ValueError(f"{show(position)} names a coin twice; list each heads-up coin once")
        if self.coins is not None and heads and max(heads) > self.last:
            raise ValueError(f"{show(position)} names coin {max(heads)}, but the row has coins {self.first} to "
                             f"{self.last}")
        return tuple(sorted(heads))

    def read_position(self, text: str, limit: Limit | None = None) -> tuple[int, ...]:
        """The heads-up coins typed in ``text`` (within ``limit``, by default ``position_limit``); a coin typed
        twice is refused, naming it, never quietly read once.

        >>> TurningTurtles().read_position("5, 3")
        (3, 5)
        >>> TurningTurtles().read_position("3, 3, 5")
        Traceback (most recent call last):
        ...
        ValueError: '3, 3, 5' lists coin 3 twice; list each heads-up coin once
        """
        limit = limit or self.position_limit
        assert limit is not None
        coins = Limit(limit.name, limit.low, limit.high, most=limit.most).read_numbers(text)
        twice = next((c for c in coins if coins.count(c) > 1), None)
        if twice is not None:
            raise ValueError(f"{show(text)} lists coin {twice} twice; list each heads-up coin once")
        return self.check_position(coins)

    @property
    def last(self) -> int:
        """The number of the rightmost coin of a fixed row."""
        return self.first + (self.coins or 0) - 1

    def _turned(self, heads: tuple[int, ...]) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        """``(coins turned, rightmost first; position after)`` for every move: the one place the rule is applied."""
        count = sum(self.partner_count(x) for x in heads)
        if count > MAX_COIN_MOVES:
            raise LimitError(f"{self.title} has {count:,} moves from {show(heads)}; listing more than "
                             f"{MAX_COIN_MOVES:,} is refused (grundy and outcome do not need the list)")
        found = []
        for x in reversed(heads):
            for others in self.partners(x):
                turned = (x, *sorted(others, reverse=True))
                found.append((turned, tuple(sorted(set(heads).symmetric_difference(turned)))))
        return found

    def moves(self, position: Any) -> list[tuple[int, ...]]:
        """Every position one move away, as sorted tuples of heads-up coins."""
        return [after for _, after in self._turned(self.check_position(position))]

    def grundy(self, position: Any) -> int:
        """The nim-sum of the values of the heads-up coins (see the module notes)."""
        return reduce(xor, (self.coin_value(c) for c in self.check_position(position)), 0)

    # -- how a position is written, and the board

    def position_text(self, position: Any) -> str:
        """``'heads up: 1, 4, 6'`` (``'all tails'`` when no coin is heads up)."""
        heads = self.check_position(position)
        return "heads up: " + ", ".join(map(str, heads)) if heads else "all tails"

    def value_text(self, position: Any) -> str:
        """The nim-sum of the coins' values, e.g. ``'g = g(1) ⊕ g(4) = 1 ⊕ 4 = 5'``."""
        heads = self.check_position(position)
        if not heads:
            return "g = 0 (no coin is heads up)"
        parts = " \u2295 ".join(f"g({c})" for c in heads)
        values = " \u2295 ".join(str(self.coin_value(c)) for c in heads)
        return f"g = {parts} = {values} = {self.grundy(heads)}" if len(heads) > 1 else f"g = g({heads[0]}) = {values}"

    def squares(self, position: Any) -> list[Square]:
        """One square per coin of the row, from the first coin to the last (of the row, or of the position)."""
        heads = set(self.check_position(position))
        last = self.last if self.coins is not None else max(heads, default=self.first)
        return [Square(c, 0, c - self.first, f"coin {c}", "heads" if c in heads else "tails", filled=c in heads)
                for c in range(self.first, last + 1)]

    def sized_for(self, start: Any) -> CoinTurningGame:
        """The same game on a row that ends at the rightmost heads-up coin of ``start``."""
        heads = self.check_position(start)
        return self if self.coins is not None else type(self)(coins=max(heads, default=self.first) - self.first + 1)

    def chosen_move(self, keys: tuple) -> tuple[int, ...]:
        """The coins chosen on the board, rightmost first: the key of the move that turns them."""
        return tuple(sorted(keys, reverse=True))


class TurningTurtles(CoinTurningGame):
    """Turning Turtles: turn over one or two coins; the rightmost one turned goes from heads to tails.

    Coins are numbered from 1, and coin n is worth n: the game is Nim with a heap of n for each heads-up coin n
    (turning n and m < n is taking n - m from that heap; turning n alone is emptying it).

    >>> TurningTurtles().grundy((3, 5)), TurningTurtles().outcome((2, 7, 5))
    (6, 'P')
    """

    most_turned = 2

    def partners(self, x: int) -> list[tuple[int, ...]]:
        """Nothing, or any one coin left of ``x``."""
        return [()] + [(y,) for y in range(self.first, x)]

    def partner_count(self, x: int) -> int:
        """1 + the coins left of x."""
        return 1 + x - self.first

    def coin_value(self, n: int) -> int:
        """n."""
        return n


class MockTurtles(CoinTurningGame):
    """Mock Turtles: turn over one, two or three coins; the rightmost one turned goes from heads to tails.

    Coins are numbered from 0, and coin n is worth the n-th odious number (OEIS A000069): 2n when n has an odd
    number of 1s in binary, 2n + 1 when the number is even.

    >>> [MockTurtles().grundy((n,)) for n in range(10)]
    [1, 2, 4, 7, 8, 11, 13, 14, 16, 19]
    """

    first = 0
    most_turned = 3
    position_limit = Limit("heads-up coins", 0, MAX_PANEL_COIN - 1, most=MAX_PANEL_COIN, as_set=True)
    play_limit = Limit("heads-up coins", 0, MAX_PLAY_COIN - 1, most=MAX_PLAY_COIN, as_set=True)

    def partners(self, x: int) -> list[tuple[int, ...]]:
        """Nothing, one or two coins left of ``x``."""
        left = range(self.first, x)
        return [()] + [(y,) for y in left] + list(combinations(left, 2))

    def partner_count(self, x: int) -> int:
        """1 + m + m(m - 1)/2, for the m coins left of x."""
        m = x - self.first
        return 1 + m + m * (m - 1) // 2

    def coin_value(self, n: int) -> int:
        """The n-th odious number, counting from n = 0."""
        return 2 * n + (1 - n.bit_count() % 2)


class RulerGame(CoinTurningGame):
    """The Ruler game: turn over any run of consecutive coins; the rightmost one turned goes from heads to tails.

    Coins are numbered from 1, and coin n is worth the largest power of 2 dividing n (1, 2, 1, 4, 1, 2, 1, 8,
    ...: the marks of a ruler).

    >>> RulerGame().grundy((12,)), RulerGame().moves((3,))
    (4, [(), (2,), (1, 2)])
    """


    def partners(self, x: int) -> list[tuple[int, ...]]:
        """The runs of coins just left of ``x``: none, ``x - 1``, ``x - 1`` and ``x - 2``, ..."""
        return [tuple(range(x - k, x)) for k in range(0, x - self.first + 1)]

    def partner_count(self, x: int) -> int:
        """1 + the coins left of x."""
        return 1 + x - self.first

    def coin_value(self, n: int) -> int:
        """The largest power of 2 dividing n."""
        return n & -n


#: The verb of this game's moves, in the forms a sentence needs.
TURN = Verb("turn", "turned", "turning")


class CoinsPresentation(Presentation):
    """The words of a coin-turning game: ``rule`` (how a move is made) and ``most`` (the most coins one move
    turns, in words: "one or two"; "" when the rule is not a count). A move is known by the coins it turns,
    rightmost first: ``(6, 2)`` is "turn coins 6 and 2". The board shows H or T on each coin, its number above.

    >>> from gamelib.games.presentation import presentation_of
    >>> [m.words() for m in presentation_of(TurningTurtles()).moves(TurningTurtles(), (2,))]
    ['turn coin 2', 'turn coins 2 and 1']
    """

    def __init__(self, rule: str, most: str = ""):
        super().__init__(rule)
        self.most = most

    def moves(self, game: Game, position: Any) -> list[Move]:
        coins = cast(CoinTurningGame, game)
        return [Move(turned, after, "turn " + _words(turned), TURN,
                     ("coins " if len(turned) > 1 else "coin ") + _words(turned), group=turned[0])
                for turned, after in coins._turned(coins.check_position(position))]

    def choice_words(self, game: Game) -> str:
        return "Turn the chosen coins"

    def square_noun(self, game: Game) -> str:
        return "coins"

    def symbol(self, game: Game, square: Square) -> str:
        return "H" if square.filled else "T"

    def caption(self, game: Game, square: Square) -> str:
        return str(square.key)

    def why_not(self, game: Game, position: Any, key: Any) -> str:
        """Which rule turning the coins ``key`` breaks, in words.

        >>> from gamelib.games.presentation import presentation_of
        >>> words = presentation_of(TurningTurtles())
        >>> words.why_not(TurningTurtles(), (2, 4, 5), (7,))
        'coin 7 shows tails: the rightmost coin you turn must show heads'
        >>> words.why_not(TurningTurtles(), (2, 4, 5), (5, 4, 2))
        'Turning Turtles turns one or two coins; you chose three (5, 4 and 2)'
        """
        row = cast(CoinTurningGame, game)
        heads = row.check_position(position)
        coins = key if isinstance(key, tuple) else (key,)
        if not coins or not all(type(c) is int for c in coins):
            return super().why_not(row, heads, key)
        outside = [c for c in coins if c < row.first or (row.coins is not None and c > row.last)]
        if outside:
            upto = f" to {row.last}" if row.coins is not None else " up"
            return f"there is no coin {outside[0]}: the coins are numbered from {row.first}{upto}"
        twice = [c for c in coins if coins.count(c) > 1]
        if twice:
            return f"coin {twice[0]} is chosen twice; choose each coin once"
        turned = tuple(sorted(coins, reverse=True))
        if turned[0] not in heads:
            return f"coin {turned[0]} shows tails: the rightmost coin you turn must show heads"
        if row.most_turned is not None and len(turned) > row.most_turned:
            return f"{row.title} turns {self.most} coins; you chose {_count(len(turned))} ({_words(turned)})"
        return self.shape_rule(turned) or super().why_not(row, heads, key)

    def shape_rule(self, turned: tuple[int, ...]) -> str:
        """Which rule a set of coins of an allowed count, the rightmost heads, breaks ('' if none is known)."""
        return ""


class RulerPresentation(CoinsPresentation):
    """The Ruler game's words: a move turns a run of coins next to each other."""

    def shape_rule(self, turned: tuple[int, ...]) -> str:
        """Coins that are not a run next to each other."""
        if turned != tuple(range(turned[0], turned[0] - len(turned), -1)):
            return f"the Ruler game turns a run of coins next to each other; coins {_words(turned)} are not a run"
        return ""


_HEADS_TO_TAILS = "the rightmost coin turned must go from heads to tails"
presents(TurningTurtles, CoinsPresentation(f"turn over one or two coins; {_HEADS_TO_TAILS}", "one or two"))
presents(MockTurtles, CoinsPresentation(f"turn over one, two or three coins; {_HEADS_TO_TAILS}", "one, two or three"))
presents(RulerGame, RulerPresentation(f"turn over a run of coins next to each other; {_HEADS_TO_TAILS}"))


__all__ = ["CoinTurningGame", "CoinsPresentation", "MockTurtles", "RulerGame", "RulerPresentation", "TurningTurtles"]
