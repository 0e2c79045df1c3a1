"""The generic engine: Grundy values, P/N outcomes and remoteness of *any* impartial game given by its moves.

One bottom-up search, :func:`evaluate`, computes a value for every position from its followers' values;
what the value is depends only on the rule that combines them (:func:`grundy_rule`, :func:`outcome_rule`,
:func:`remoteness_rule`).

A game is any object with a method ``moves(position)`` that returns the positions reachable in one move.
Positions must be hashable (ints, tuples, ...). The game must end: no position may be reached from itself.

Normal play: a player who cannot move loses. Misère play: a player who cannot move wins.

The search is iterative (no recursion), so long games such as S = {1} from a heap of 200,000 work, and it
stops with :class:`~gamelib.LimitError` after :data:`~gamelib.arguments.MAX_POSITIONS` positions instead of
running for minutes.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable

from gamelib.arguments import (
    LimitError,
    check_bool,
    check_int,
    check_stop,
    check_subtraction_set,
    read_at_most,
    read_items,
    show,
)
from gamelib.limits import (
    MAX_ITEMS,
    MAX_POSITIONS,
    MAX_REMOTENESS_WORK,
    MAX_SUBTRACTION,
    MOVES_PER_POSITION,
)

TYPE_CHECKING = False  # typing itself is not imported at run time: see gamelib/__init__.py
if TYPE_CHECKING:
    from typing import Any, Protocol
else:
    Protocol = object  # annotations are never evaluated at run time: Game is only read by type checkers


class Game(Protocol):
    """What the engine needs of a game: the positions one move away."""

    def moves(self, position: Any) -> Iterable[Any]: ...


def mex(values: Iterable[int]) -> int:
    """The minimum excludant: the smallest whole number >= 0 that is not in ``values``.

    >>> mex([0, 1, 3])
    2
    >>> mex([])
    0
    >>> mex({1, 2, 3})
    0
    >>> mex(range(10**12))  # a range is answered from its ends, without listing it
    1000000000000

    At most ``MAX_ITEMS`` values are read from any other collection (an endless generator is refused).
    """
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise TypeError(f"mex needs a collection of whole numbers such as [0, 1, 3], got {show(values)}")
    if isinstance(values, range):
        return _range_mex(values)
    items = read_at_most(values, MAX_ITEMS, "the collection given to mex")
    return _mex([check_int(v, "each value given to mex") for v in items])


def _range_mex(values: range) -> int:
    if not values:
        return 0
    low = min(values[0], values[-1])
    if low < 0:
        raise ValueError(f"each value given to mex must be at least 0, got {low} (in {values!r})")
    if 0 not in values:
        return 0
    # 0 is in the range: with steps of 1 it holds 0 .. its largest value; with larger steps it misses 1
    return max(values[0], values[-1]) + 1 if abs(values.step) == 1 else 1


def _mex(values: list[int]) -> int:
    """mex of values already known to be whole numbers >= 0 (the engine's own, unchecked)."""
    seen = set(values)
    m = 0
    while m in seen:
        m += 1
    return m


def grundy_rule(follower_values: list[int]) -> int:
    """The ``combine`` of :func:`evaluate` for Grundy values: the mex of the followers' values (unchecked,
    since the engine made them itself).

    >>> grundy_rule([0, 2]), grundy_rule([])
    (1, 0)
    """
    return _mex(follower_values)


def _misere_rule(game: object, misere: bool | None) -> bool:
    """The play rule: the argument if given, else the game's own ``misere`` attribute, else normal play."""
    if misere is None:
        return bool(getattr(game, "misere", False))
    return check_bool(misere, "misere")


def check_game(game: object) -> None:
    """Refuse anything that is not a game: the engine needs a ``moves(position)`` method.

    >>> check_game(42)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: the game must be an object with a moves(position) method, got 42 of type int; ...
    """
    if not callable(getattr(game, "moves", None)):
        raise TypeError(
            f"the game must be an object with a moves(position) method, got {show(game)} of type "
            f"{type(game).__name__}; the order of the arguments is (game, position)"
        )


def evaluate(
    game: Game,
    root: Hashable,
    combine: Callable[[list], Any],
    memo: dict,
    max_positions: int,
    moves_spent: list[int] | None = None,
    max_moves: int | None = None,
) -> Any:
    """Value of ``root`` from the values of its followers, computed bottom-up without recursion.

    ``combine`` turns the list of the followers' values into the position's value: :func:`grundy_rule` gives
    Grundy values, :func:`outcome_rule` P/N outcomes, :func:`remoteness_rule` the remoteness. ``memo`` may be
    shared between calls (it then counts towards ``max_positions``); so may ``moves_spent``, a one-item list counting
    the moves listed, so that several calls share one budget of moves (``max_moves``, by default
    ``MOVES_PER_POSITION`` per allowed position). Beyond either budget: :class:`~gamelib.LimitError`.

    >>> class OneTwo:
    ...     def moves(self, n):
    ...         return [n - s for s in (1, 2) if s <= n]
    >>> memo = {}
    >>> evaluate(OneTwo(), 6, len, memo, 100)  # the value here: how many moves there are
    2
    >>> sorted(memo.items())[:3]
    [(0, 0), (1, 1), (2, 2)]
    """
    check_game(game)
    try:
        hash(root)
    except TypeError:
        raise TypeError(f"positions must be hashable (use a tuple, not a list), got {root!r}") from None
    followers: dict = {}
    if max_moves is None:
        max_moves = MOVES_PER_POSITION * max_positions
    if moves_spent is None:
        moves_spent = [0]
    moves_listed = moves_spent[0]  # the work grows with the number of moves, not only with the positions
    stack = [root]
    while stack:
        position = stack[-1]
        if position in memo:
            stack.pop()
            continue
        kids = followers.get(position)
        if kids is None:
            kids = list(game.moves(position))
            followers[position] = kids
            moves_listed += len(kids)
            moves_spent[0] = moves_listed
            if len(followers) + len(memo) > max_positions or moves_listed > max_moves:
                raise LimitError(
                    f"the game from {show(root)} has more than {max_positions:,} positions or {max_moves:,} "
                    "moves; this is the limit of the generic engine"
                )
            pending = [k for k in kids if k not in memo]
            if pending:
                stack.extend(pending)
                continue
        try:
            memo[position] = combine([memo[k] for k in kids])
        except KeyError:
            raise ValueError(
                f"position {position!r} can be reached from itself: an impartial game must always end"
            ) from None
        del followers[position]
        stack.pop()
    return memo[root]


def outcome_rule(misere: bool) -> Callable[[list], str]:
    """The ``combine`` of :func:`evaluate` for P/N outcomes: N exactly when some follower is P.

    A position without followers is P in normal play, N in misère play.

    >>> outcome_rule(False)([]), outcome_rule(False)(["N", "P"]), outcome_rule(True)([])
    ('P', 'N', 'N')
    """
    def combine(follower_outcomes: list) -> str:
        if not follower_outcomes:
            return "N" if misere else "P"
        return "N" if "P" in follower_outcomes else "P"

    return combine


def _refuse_misere(game: object) -> None:
    if getattr(game, "misere", False):
        raise ValueError(
            "Grundy values describe normal play; this game is played misère. "
            "Use outcome() for misère play, or the normal-play version of the game for Grundy values."
        )


def grundy(game: Game, position: Hashable, *, max_positions: int = MAX_POSITIONS) -> int:
    """The Grundy value of ``position``: the mex of the Grundy values of its followers (normal play).

    Works for any object with ``moves(position)``. Here is S = {1, 2, 3} written as a tiny class:

    >>> class OneTwoThree:
    ...     def moves(self, n):
    ...         return [n - s for s in (1, 2, 3) if s <= n]
    >>> [grundy(OneTwoThree(), n) for n in range(9)]
    [0, 1, 2, 3, 0, 1, 2, 3, 0]
    """
    _refuse_misere(game)
    return evaluate(game, position, grundy_rule, {}, max_positions)


def grundy_of_each(game: Game, positions: Iterable[Hashable], *,
                   max_positions: int = MAX_POSITIONS) -> dict:
    """The Grundy value of each of ``positions``, as a dict from position to value, found in one search.

    Asking :func:`grundy` position by position searches the positions they share again each time; here each
    position is valued once and the values are shared, so a check over hundreds of positions of one game takes
    about as long as the largest of them alone. ``max_positions`` limits all the positions valued together.

    >>> class OneTwoThree:
    ...     def moves(self, n):
    ...         return [n - s for s in (1, 2, 3) if s <= n]
    >>> grundy_of_each(OneTwoThree(), [9, 4, 6])
    {9: 1, 4: 0, 6: 2}
    """
    check_game(game)
    _refuse_misere(game)
    if isinstance(positions, (str, bytes)) or not isinstance(positions, Iterable):
        raise TypeError(f"grundy_of_each needs a collection of positions such as [0, 1, 2], got {show(positions)}")
    asked = read_at_most(positions, MAX_ITEMS, "the positions given to grundy_of_each")
    memo: dict = {}
    moves_spent = [0]
    values: dict = {}
    for position in asked:
        try:
            values[position] = evaluate(game, position, grundy_rule, memo, max_positions, moves_spent)
        except LimitError as error:
            raise LimitError(f"{error} (valued {len(values):,} of the {len(asked):,} positions asked for, "
                             f"{len(memo):,} positions valued in all)") from None
    return values


def outcome(game: Game, position: Hashable, misere: bool | None = None, *,
            max_positions: int = MAX_POSITIONS) -> str:
    """``'P'`` if the previous player wins from ``position`` with best play, ``'N'`` if the next player does.

    Computed from the definition alone: a position is N exactly when some move leads to a P-position.
    With ``misere=None`` the game's own rule is used (its ``misere`` attribute), otherwise normal play.

    >>> class OneTwo:
    ...     def moves(self, n):
    ...         return [n - s for s in (1, 2) if s <= n]
    >>> "".join(outcome(OneTwo(), n) for n in range(7))
    'PNNPNNP'
    >>> "".join(outcome(OneTwo(), n, misere=True) for n in range(7))
    'NPNNPNN'
    """
    rule = _misere_rule(game, misere)
    return evaluate(game, position, outcome_rule(rule), {}, max_positions)


def winning_moves(game: Game, position: Hashable, misere: bool | None = None, *,
                  max_positions: int = MAX_POSITIONS) -> list:
    """The followers of ``position`` that are P-positions: the moves that win. Empty for a P-position.

    >>> class OneTwoThree:
    ...     def moves(self, n):
    ...         return [n - s for s in (1, 2, 3) if s <= n]
    >>> winning_moves(OneTwoThree(), 10)
    [8]
    >>> winning_moves(OneTwoThree(), 8)
    []
    """
    check_game(game)
    rule = _misere_rule(game, misere)
    memo: dict = {}
    combine = outcome_rule(rule)
    return [m for m in game.moves(position) if evaluate(game, m, combine, memo, max_positions) == "P"]


# ---------------------------------------------------------------------------------------------------------
# Remoteness (Steinhaus): how long the game lasts when the winner hurries and the loser stalls


def remoteness_rule(follower_values: list) -> int:
    """Remoteness from the followers' remoteness: win as fast as possible, else lose as slowly as possible.

    A position is P exactly when its remoteness is even (0 for a position without moves). It is the
    ``combine`` of :func:`evaluate` for :func:`remoteness`.

    >>> remoteness_rule([]), remoteness_rule([1, 2, 3]), remoteness_rule([1, 3])
    (0, 3, 4)
    """
    if not follower_values:
        return 0
    winning = [r for r in follower_values if r % 2 == 0]  # followers that are P-positions
    return 1 + (min(winning) if winning else max(follower_values))


def remoteness(game: Any, position: Hashable, *, max_positions: int = MAX_POSITIONS) -> int:
    """The Steinhaus remoteness of ``position``: how many moves are left when both sides play their best.

    The player who can win plays to win as quickly as possible; the player who must lose plays to make the
    game last as long as possible. A position without moves has remoteness 0. Remoteness is even exactly
    at P-positions (normal play). Works for any game with a ``moves(position)`` method.

    >>> from gamelib import SubtractionGame
    >>> [remoteness(SubtractionGame({1, 2}), n) for n in range(7)]
    [0, 1, 1, 2, 3, 3, 4]
    """
    S = getattr(game, "S", None)
    if type(position) is int and isinstance(S, tuple) and S and type(S[0]) is int and S[0] > 0 \
            and position // S[0] >= max_positions:
        # a subtraction game: heaps n, n - s1, n - 2 s1, ... are all reached, so refuse before exploring
        raise LimitError(f"remoteness: the game from heap {show(position)} has more than {max_positions:,} positions "
                         "(the limit of positions explored)")
    return evaluate(game, position, remoteness_rule, {}, max_positions)


def remoteness_table(S: Iterable[int], stop: int) -> list[int]:
    """Remoteness of heaps 0, 1, ..., stop - 1 in the subtraction game S (normal play).

    >>> remoteness_table({1, 2}, 7)
    [0, 1, 1, 2, 3, 3, 4]
    >>> remoteness_table({2, 5, 7}, 10)
    [0, 0, 1, 1, 2, 1, 1, 1, 1, 3]
    """
    S = check_subtraction_set(read_items(S, "S", MAX_SUBTRACTION, "{1, 3, 4}"))
    stop = check_stop(stop, limit=10**6)
    if stop * len(S) > MAX_REMOTENESS_WORK:
        raise LimitError(f"remoteness_table: {stop:,} heaps x {len(S):,} moves is more than this kit computes at "
                         f"once (limit {MAX_REMOTENESS_WORK:,} heap-move pairs)")
    table: list[int] = []
    for n in range(stop):
        table.append(remoteness_rule([table[n - s] for s in S if s <= n]))
    return table
