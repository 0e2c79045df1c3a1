"""Misère quotients of the kit's heap games: Nim, octal games and the other take-and-break games.

:func:`misere_quotient` reads the game and hands what each heap may become to
:mod:`gamelib.analysis.quotient_search` (the quotient, heap by heap, proven) or to
:mod:`gamelib.analysis.quotient_definition` (the bounded definition); :class:`~gamelib.analysis.misere_quotient.
MisereQuotient` writes the answer.
"""

from __future__ import annotations

from gamelib.analysis.misere_quotient import MisereQuotient
from gamelib.arguments import LimitError, check_int, show
from gamelib.games.heaps import TakeAndBreakGame
from gamelib.games.nim import Nim
from gamelib.games.octal import OctalGame
from gamelib.limits import (
    MAX_TEST_TOKENS,
    MISERE_DEFINITION_POSITIONS,
    MISERE_DEFINITION_WORK,
    MISERE_QUOTIENT_MOVES,
    MISERE_QUOTIENT_WORK,
    QUOTIENT_HEAP_COST,
)

TYPE_CHECKING = False  # typing itself is not imported at run time: see gamelib/__init__.py
if TYPE_CHECKING:
    from collections.abc import Callable


def heap_rules(game: object) -> tuple[str, Callable[[int], list[tuple[int, ...]]]]:
    """How a game is named and what one heap of it may become (tuples of the heaps left), for the quotient.

    >>> name, moves = heap_rules("0.77")
    >>> name, sorted(moves(3))
    ('Kayles (0.77)', [(1,), (1, 1), (2,)])
    >>> heap_rules(Nim())[1](3)
    [(), (1,), (2,)]
    """
    if isinstance(game, str):
        game = OctalGame(game)
    if isinstance(game, Nim):
        return "Nim", lambda n: [()] + [(m,) for m in range(1, n)] if n else []
    if isinstance(game, TakeAndBreakGame):
        take_and_break = game

        def moves(n: int) -> list[tuple[int, ...]]:
            found = sorted(tuple(sorted(h for h in parts if h)) for parts in take_and_break.heap_moves(n))
            larger = [parts for parts in found if any(h >= n for h in parts)]
            if larger:
                raise ValueError(f"{take_and_break.title}: heap {n} can become {list(larger[0])}, with a heap as "
                                 "large as itself; a quotient is built heap by heap from smaller heaps")
            return found

        return game.title, moves
    raise TypeError(f"misere_quotient needs Nim(), an octal game (OctalGame('0.77') or the code '0.77') or "
                    f"another take-and-break game of the kit, got {show(game)}")


def moves_counted(game: object) -> Callable[[int], int] | None:
    """The number of moves of the heaps 1 .. H together, as a function of H, for Nim and the octal games (no move
    listed); None for another game, whose moves are counted by listing them.

    >>> moves_counted("0.77")(4), moves_counted(Nim())(4)  # Kayles: rows 1 to 4 have 1, 2, 3 and 4 moves
    (10, 10)
    """
    if isinstance(game, str):
        game = OctalGame(game)
    if isinstance(game, Nim):
        return lambda top: top * (top + 1) // 2
    if isinstance(game, OctalGame):
        digits = game.digits

        def count(top: int) -> int:
            total = 0
            for k, digit in enumerate(digits):
                left = top - k  # the largest heap left after taking k
                total += bool(digit & 1 and 1 <= k <= top)  # the whole heap of exactly k
                total += max(left, 0) if digit & 2 and k else 0  # one heap of 1 .. left
                total += max(left, 0) ** 2 // 4 if digit & 4 else 0  # sum over j = 2 .. left of j // 2 splits
            return total

        return count
    return None


def check_work(game: object, title: str, moves: Callable[[int], list[tuple[int, ...]]], max_heap: int) -> None:
    """LimitError, before any search, when building the quotient up to ``max_heap`` needs more than
    MISERE_QUOTIENT_MOVES moves listed and checked (each heap counted as QUOTIENT_HEAP_COST more); it says the
    work and the largest heap within the limit."""
    count = moves_counted(game)
    if count is not None:
        counted = count

        def work_of(top: int) -> int:
            return counted(top) + QUOTIENT_HEAP_COST * top

        work = work_of(max_heap)
        if work <= MISERE_QUOTIENT_MOVES:
            return
        low, high = 0, max_heap  # the largest heap within the limit: work_of(low) <= limit < work_of(high)
        while high - low > 1:
            middle = (low + high) // 2
            low, high = (middle, high) if work_of(middle) <= MISERE_QUOTIENT_MOVES else (low, middle)
        needs = f"{work:,}"
    else:
        work = 0
        for heap in range(1, max_heap + 1):
            work += len(moves(heap)) + QUOTIENT_HEAP_COST
            if work > MISERE_QUOTIENT_MOVES:
                low, needs = heap - 1, f"more than {MISERE_QUOTIENT_MOVES:,}"
                break
        else:
            return
    raise LimitError(f"max_heap={max_heap:,}: the quotient of {title} is built heap by heap, and up to heap "
                     f"{max_heap:,} every heap's moves are listed, kept and checked against the classes found: "
                     f"{needs} moves (each heap counted as {QUOTIENT_HEAP_COST} more); this kit takes on at most "
                     f"{MISERE_QUOTIENT_MOVES:,} (MISERE_QUOTIENT_MOVES), which for this game is max_heap={low:,}")


def misere_quotient(game: object, max_heap: int, *, test_tokens: int | None = None) -> MisereQuotient:
    """The misère quotient of ``game`` restricted to sums of heaps 0 .. ``max_heap`` (the *bounded* quotient).

    Two sums of these heaps are equivalent when no third sum of the same heaps tells them apart under misère
    play; the classes form a finite commutative monoid, and a sum is a P-position exactly when the product of its
    heaps' classes is in the P-portion (Plambeck 2005; Plambeck and Siegel 2008; Siegel, *Combinatorial Game
    Theory*, ch. V). It is exact for this set of heaps: a larger ``max_heap`` may split classes (Kayles' quotient
    stays at 40 elements from heap 27 on as far as it has been computed here; Dawson's Kayles' keeps growing).

    Parameters
    ----------
    game : ``Nim()``, an ``OctalGame`` (or its code, such as ``'0.77'``), or another take-and-break game of the
        kit (``GrundysGame()``, ``LaskersNim()``)
    max_heap : the largest heap, a whole number from 0 up; LimitError at once when the heaps up to it have more
        moves than :data:`~gamelib.limits.MISERE_QUOTIENT_MOVES` to list and check (Kayles: about heap 1,400),
        and, during the search, when the quotient needs more work than
        :data:`~gamelib.limits.MISERE_QUOTIENT_WORK` (it says up to which heap it is proven)
    test_tokens : None (the default): the quotient is computed heap by heap and *proven* for every sum of these
        heaps, however large (a finite certificate, :mod:`gamelib.analysis.quotient_certificate`); its
        ``test_tokens`` then says from which bound the definition itself would give it. A whole number T: the
        definition is applied with test sums of at most T tokens, by brute force (:mod:`gamelib.analysis.
        quotient_definition`); its answer is exact as far as such sums see, and ``proven`` says whether it also
        passes the certificate (then it is the quotient for every sum); ValueError when T is too small for the
        classes to form a monoid of even order.

    Returns
    -------
    A :class:`~gamelib.analysis.misere_quotient.MisereQuotient`; its ``str`` is MisereSolver's.

    Examples
    --------
    >>> q = misere_quotient("0.77", 5)  # Kayles: the row of 5 pins is c, and c·c = 1
    >>> print(q)
    Q = <a,b,c | a2=1,b3=b,c2=1>; P = {a,b2,ac}
    >>> q.element_of([5, 5]), q.outcome([5, 5])
    ('1', 'N')
    >>> misere_quotient(Nim(), 7).order
    10
    >>> misere_quotient("0.75", 10, test_tokens=6).order  # the definition, with test sums of 6 tokens at most
    8
    """
    title, moves = heap_rules(game)
    max_heap = check_int(max_heap, "max_heap")
    check_work(game, title, moves, max_heap)
    if test_tokens is None:
        from gamelib.analysis.quotient_search import quotient

        search = quotient(moves, max_heap, MISERE_QUOTIENT_WORK, title)
        return MisereQuotient(search.monoid.table, search.monoid.p, search.phi, game=title, proven=True)
    test_tokens = check_int(test_tokens, "test_tokens")
    if test_tokens > MAX_TEST_TOKENS:
        raise LimitError(f"test_tokens={test_tokens:,}: the definition looks at every sum of that many tokens beside "
                         f"every other, so this kit takes at most {MAX_TEST_TOKENS} (MAX_TEST_TOKENS); "
                         "test_tokens=None proves the quotient for every sum instead")
    from gamelib.analysis.quotient_certificate import Monoid, certify
    from gamelib.analysis.quotient_definition import bounded_quotient

    options = [moves(n) for n in range(max_heap + 1)]
    table, p, phi = bounded_quotient(options, test_tokens, MISERE_DEFINITION_WORK,
                                     MISERE_DEFINITION_POSITIONS, title)
    failure, _ = certify(Monoid(table, p), phi, options)  # what the bound saw may still be the whole truth
    return MisereQuotient(table, p, phi, game=title, proven=failure is None, test_tokens=test_tokens)


__all__ = ["misere_quotient"]
