"""Octal games: take-and-break games on rows of tokens (pins), named by a code such as ``0.77`` (Kayles).

Reading a code: :mod:`gamelib.games.octal_codes`.

Positions
---------
A position is a tuple of heap sizes, e.g. ``(3, 5)``; an int ``n`` means the single heap ``(n,)``. Moves
come back as sorted tuples with empty heaps dropped (heap order does not matter in a sum).

Indexing convention (read this before quoting numbers)
------------------------------------------------------
Heap ``n`` of a code always means a row of ``n`` tokens *in that code's own rules*; nothing is shifted. The
two Dawson games are the classic trap: Dawson's chess on ``n`` files is heap ``n`` of ``0.137``, and it
plays exactly like Dawson's Kayles (``0.07``) on a row of ``n + 1`` pins. So
``g_0.137(n) = g_0.07(n + 1)``: the two sequences are the same numbers shifted by one place, the period is
34 in both, the periodic part starts at n = 52 for ``0.137`` and at n = 53 for ``0.07``. OEIS A002187 lists
``0.137``; A002186 lists Kayles (period 12 from n = 71 on). Lessons should name the code with every number.

Periodicity, proven
-------------------
The Guy--Smith theorem: let t be the largest number of tokens one move may remove, and let n0 >= 1 if some
move may split a heap in two (n0 >= 0 will do otherwise). If ``g(n + p) = g(n)`` for every n with
``n0 <= n < 2*n0 + p + t``, then ``g(n + p) = g(n)`` for *every* ``n >= n0``.

Why: take n >= 2*n0 + p + t and compare the moves from heap n + p with those from heap n, assuming the claim
for every smaller heap from n0 on. A move removing k <= t tokens that leaves one heap leaves n + p - k or
n - k, both at least n0 + p, and the two have the same value. A split leaves rows (a, b) with a + b =
n + p - k; the larger row has b >= (n + p - k)/2 >= n0 + p, so (a, b - p) is a split from heap n with the same
value -- *provided b - p >= 1*, because a row of 0 is no row: (a, 0) would be a one-row move from n, which
the code may not allow. With n0 >= 1, b - p >= n0 >= 1 always. With n0 = 0 the proof breaks, and so can the
conclusion: in ``0.04`` (take 2 from the middle only) g(0..3) = 0 passes the check for n0 = 0, p = 1, yet
from heap 4 the move to rows (1, 1) gives g(4) = 1. So when a game splits heaps and the values repeat from
n = 0, this module checks the window for n0 = 1 (that is, up to 2 + p + t) and n = 0 besides.
:meth:`OctalGame.periodicity` computes values until the smallest such ``p`` (and with it the smallest
``n0``) passes that finite check, or it stops at a stated limit and says so.
"""

from __future__ import annotations

from itertools import chain

from gamelib.analysis.heap_values import HeapValues
from gamelib.analysis.progress import ProgressCallback, Work, check_progress
from gamelib.analysis.rare_split import CHUNK, HeapRules, RareSplit, parse_rare_mask
from gamelib.arguments import LimitError, check_int, check_stop
from gamelib.games.heaps import TakeAndBreakGame
from gamelib.games.octal_codes import parse_octal_code
from gamelib.limits import (
    HEAP_WORK_BUDGET,
    MAX_COMPUTED_HEAPS,
    MAX_HEAP_SPLITS,
    MAX_OCTAL_DIGITS,
    MAX_SPLIT_HEAP,
    OCTAL_SEARCH,
)

TYPE_CHECKING = False  # typing itself is not imported at run time: see gamelib/__init__.py
if TYPE_CHECKING:
    import numpy as np

    from gamelib.analysis.periodicity import Periodicity

# gamelib.analysis.periodicity (the period's search and proof) and numpy are imported where they are used: a
# script that only computes values with the compiled loop (benchmarks/octal_values.py) loads neither.

#: Names of a few famous octal games (the key is the code as :class:`OctalGame` writes it).
OCTAL_NAMES = {
    "0.77": "Kayles",
    "0.07": "Dawson's Kayles",
    "0.137": "Dawson's chess",
    "0.007": "Treblecross",
}


class OctalGame(TakeAndBreakGame):
    """The octal game with the given code, e.g. ``OctalGame("0.77")`` for Kayles (see the module notes).

    Parameters
    ----------
    code : text such as ``'0.77'``, ``'.07'``, ``'0.137'`` or ``'4.07'`` (octal digits; see
        :func:`parse_octal_code` for what is accepted).
    rare_mask : None (the default: the rare-value method finds its mask as the values grow), or the mask to
        use, as the published tables write it (``'1e'``, ``'1+pos'``) or as a number (``0x1e``); ``0``
        turns the method off (every heap fully scanned). It changes only the speed, never a value.

    Normal play only (who cannot move loses). Heap n is a row of n tokens under this code's own rules, with
    no shift: quote Dawson's chess as ``0.137`` heap n (n files) and Dawson's Kayles as ``0.07`` heap n + 1
    (n + 1 pins) -- the same game, the same value. Values of heaps beyond the computed range come from the
    proven period (:meth:`periodicity`), so ``grundy(10**18)`` is instant once the period is known.

    >>> kayles = OctalGame("0.77")
    >>> kayles.title
    'Kayles (0.77)'
    >>> kayles.moves(4)
    [(1, 1), (1, 2), (2,), (3,)]
    >>> kayles.grundy_values(12).tolist()
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    >>> kayles.grundy((3, 5)), kayles.outcome((3, 5))
    (7, 'N')
    >>> kayles.winning_moves(5)  # knock down the middle pin and copy every move after that
    [(2, 2)]
    >>> p = kayles.periodicity()
    >>> p.preperiod, p.period
    (71, 12)
    >>> kayles.grundy(10**18)
    1

    Positions, moves, values and outcomes come from :class:`~gamelib.games.heaps.TakeAndBreakGame` (the XOR of
    the heaps' values); this class says what one heap can become and what it is worth.

    >>> OctalGame("0.07").moves((2, 5))
    [(1, 2, 2), (2, 3), (5,)]
    >>> OctalGame("0.137").grundy(5), OctalGame("0.07").grundy(6)
    (3, 3)
    >>> OctalGame("0.07").outcome((1, 4, 5)), OctalGame("0.137").outcomes(10)
    ('N', 'PNNNPNNNPN')
    >>> OctalGame("0.07").p_positions(30)
    [0, 1, 5, 9, 15, 21, 25, 29]
    >>> OctalGame("0.77").winning_moves((1, 2, 4))
    [(1, 1, 2, 2), (1, 2, 3), (1, 4)]
    """

    misere = False

    def __init__(self, code: str, rare_mask: int | str | None = None):
        self.digits = parse_octal_code(code)
        self.code = f"{self.digits[0]}." + ("".join(map(str, self.digits[1:])) or "0")
        self.name = OCTAL_NAMES.get(self.code)
        #: t in the Guy--Smith theorem: the most tokens one move removes (0 if no move removes any).
        self.largest_removal = len(self.digits) - 1
        self.splits = any(d & 4 for d in self.digits)
        #: What one heap may become, as the value computation reads it (see :mod:`gamelib.analysis.rare_values`).
        self.rules = HeapRules(
            whole=tuple(k for k, d in enumerate(self.digits) if d & 1),
            take=tuple(k for k, d in enumerate(self.digits) if d & 2 and k > 0),
            split=tuple(k for k, d in enumerate(self.digits) if d & 4),
        )
        mask = None if rare_mask is None else parse_rare_mask(rare_mask)
        self._table = HeapValues(self.rules, self.title, mask)
        self._periodicity: Periodicity | None = None
        self._searched_up_to = 0  # a search that found no period went this far

    def __repr__(self) -> str:
        return f"OctalGame({self.code!r})"

    @property
    def title(self) -> str:
        """How plots and messages name this game, e.g. ``Kayles (0.77)`` or ``octal game 0.35``."""
        return f"{self.name} ({self.code})" if self.name else f"octal game {self.code}"

    # ------------------------------------------------------------------------------------------- moves
    def heap_moves(self, n: int) -> set[tuple[int, ...]]:
        """What one heap of n tokens can become: tuples of 0, 1 or 2 non-empty heaps (listed for heaps with at
        most :data:`~gamelib.limits.MAX_HEAP_SPLITS` splits, over every splitting digit).

        >>> sorted(OctalGame("0.07").heap_moves(5))
        [(1, 2), (3,)]
        """
        n = check_int(n, "heap")
        if self.splits and n > MAX_SPLIT_HEAP:
            raise LimitError(
                f"a heap of {n:,} in {self.title} can be split in about {n // 2:,} ways; moves are listed for "
                f"heaps up to {MAX_SPLIT_HEAP:,}"
            )
        ways = sum((n - k) // 2 for k, digit in enumerate(self.digits) if digit & 4 and n - k >= 2)
        if ways > MAX_HEAP_SPLITS:  # every splitting digit adds its own splits: a long code has many
            raise LimitError(
                f"a heap of {n:,} in {self.title} can be split in {ways:,} ways; moves are listed for heaps with "
                f"at most {MAX_HEAP_SPLITS:,} splits (grundy() and outcome() need no list)"
            )
        results: set[tuple[int, ...]] = set()
        for k, digit in enumerate(self.digits):
            rest = n - k
            if rest < 0:
                break
            if digit & 1 and rest == 0:
                results.add(())
            if digit & 2 and rest > 0 and k > 0:
                results.add((rest,))
            if digit & 4:
                results.update((a, rest - a) for a in range(1, rest // 2 + 1))
        return results

    # ------------------------------------------------------------------------------------ Grundy values
    def heap_value(self, n: int) -> int:
        """The value of a single heap of n: computed from the rules, or through the proven period."""
        table = self._table
        if n < len(table):
            return table.value(n)
        if self._periodicity is None and n < MAX_COMPUTED_HEAPS:
            # a quarter more than asked for, so that asking heap after heap does not search again each time
            self._compute(min(MAX_COMPUTED_HEAPS, max(n + 1, len(table) + len(table) // 4, 1024)))
            if n < len(table):
                return table.value(n)
        return self.periodicity().value(n)

    def grundy_values(self, stop: int, progress: ProgressCallback | None = None) -> np.ndarray:
        """Grundy values of single heaps 0 .. stop - 1 (an unsigned numpy array, as small a type as fits).

        Values are computed from the rules, looking for the period on the way: once it is proven, the rest
        is filled from it. Beyond the memory bound (``MAX_COMPUTED_HEAPS`` heaps) only a proven period gives
        values (:class:`PeriodNotFoundError` if the default search finds none). ``progress`` is called now
        and then on a long computation (see :meth:`periodicity`).

        >>> OctalGame("0.07").grundy_values(10).tolist()
        [0, 0, 1, 1, 2, 0, 3, 1, 1, 0]
        >>> len(OctalGame("0.77").grundy_values(10**7))
        10000000
        """
        stop = check_stop(stop)
        progress = check_progress(progress)
        p = self._periodicity
        if p is None and stop > len(self._table):
            if stop <= MAX_COMPUTED_HEAPS:
                self._compute(stop, progress)
            else:
                self.periodicity(progress=progress)
            p = self._periodicity
        if p is None:
            values = self._table.values[:stop]
            return values.astype(_smallest_type(int(values.max(initial=0))))
        from gamelib.analysis.periodicity import fill_periodic

        cycle = self._table.values[: p.preperiod + p.period]
        return fill_periodic(cycle.astype(_smallest_type(int(cycle.max()))), p.preperiod, p.period, stop)

    def rare_split(self, stop: int | None = None) -> RareSplit:
        """How the values of heaps 0 .. stop - 1 split into rare and common (the rare-value method).

        ``stop`` defaults to the heaps computed so far (after :meth:`periodicity`: the heaps its proof used).
        The mask is the one given to the game, or else the one leaving the fewest rare heaps among these.

        >>> split = OctalGame("0.16").rare_split(20000)
        >>> split.mask_text, split.rare_count, split.last_rare
        ('1e', 53, 13935)
        """
        if stop is not None:
            self._table.compute(check_stop(stop, limit=MAX_COMPUTED_HEAPS))
        return self._table.split(stop)

    # -------------------------------------------------------------------------------------- periodicity
    def periodicity(self, max_search: int | None = None, progress: ProgressCallback | None = None,
                    budget: int | None = None) -> Periodicity:
        """The minimal preperiod and period of the single-heap values, proven by the Guy--Smith theorem.

        Values are computed (by the rare-value method, :mod:`gamelib.analysis.rare_values`) and checked now
        and then; the search stops as soon as a period passes the theorem's finite check. So any
        ``max_search`` is accepted: it only says how far to go at most (default :data:`OCTAL_SEARCH` heaps).
        When the search gets there without a proof it raises :class:`PeriodNotFoundError`
        (``checked_up_to`` says how far it got); some octal games have no known period at all,
        Treblecross (``0.007``) among them. It stops with :class:`~gamelib.LimitError` only when the work it
        really did passes ``budget`` (default :data:`~gamelib.limits.HEAP_WORK_BUDGET`, about a minute) or
        it reaches the memory bound (:data:`~gamelib.limits.MAX_COMPUTED_HEAPS` heaps); the error says how far
        it got.

        ``progress``: a function called about twice a second with a
        :class:`~gamelib.analysis.progress.SearchProgress`, and once at the end (``print`` will do; in a
        notebook, :func:`gamelib.widgets.progress.progress_bar` draws a bar). Interrupting the search (the
        notebook's stop button) keeps every value computed so far: asking again goes on from there.

        >>> p = OctalGame("0.137").periodicity()
        >>> p.preperiod, p.period, p.proven
        (52, 34, True)
        >>> OctalGame("0.1").periodicity(max_search=2**20).period  # stops after a handful of heaps
        1
        >>> from gamelib import PeriodNotFoundError
        >>> try:
        ...     OctalGame("0.007").periodicity(max_search=256)
        ... except PeriodNotFoundError as error:
        ...     print(error.checked_up_to)
        256
        """
        from gamelib.analysis.periodicity import PeriodNotFoundError

        if self._periodicity is not None:
            return self._periodicity
        max_search = OCTAL_SEARCH if max_search is None else check_int(max_search, "max_search", minimum=1)
        progress = check_progress(progress)
        found = self._compute(max_search, progress, budget)
        if found is not None:
            return found
        reached = min(max_search, MAX_COMPUTED_HEAPS)
        if max_search > MAX_COMPUTED_HEAPS:
            raise LimitError(
                f"{self.title}: no period passes the Guy-Smith check among heaps 0 .. {reached - 1:,}, and values "
                f"are kept for at most {MAX_COMPUTED_HEAPS:,} heaps (MAX_COMPUTED_HEAPS): the search stops there"
            )
        raise PeriodNotFoundError(
            f"{self.title}: no period passes the Guy-Smith check among heaps 0 .. {reached - 1:,} (search limit "
            f"{max_search:,} heaps; ask for more with periodicity(max_search=...))",
            checked_up_to=reached,
        )

    def _compute(self, stop: int, progress: ProgressCallback | None = None,
                 budget: int | None = None) -> Periodicity | None:
        """Compute values up to ``stop`` (at most the memory bound), checking now and then for a proven
        period; stop there when one is found. Returns the period, or None."""
        from gamelib.analysis.periodicity import guy_smith_scan

        budget = HEAP_WORK_BUDGET if budget is None else check_int(budget, "budget", minimum=1)
        goal = min(stop, MAX_COMPUTED_HEAPS)
        table = self._table
        work = Work(budget, self.title, goal, progress)
        t = self.largest_removal
        with table.lock:  # one search at a time; it also guards self._periodicity
            if self._periodicity is not None:
                return self._periodicity
            size = min(goal, max(64, len(table))) if goal > self._searched_up_to else goal
            while True:
                table.ensure(size, work=work)
                if size > self._searched_up_to:
                    values = table.values[:size]
                    found, needed = guy_smith_scan(values, t, self.splits)
                    if found is not None:
                        split = table.split(size)
                        self._periodicity = self._proven(values, *found, split)
                        work.report(size, split.rare_count, "proven")
                        return self._periodicity
                    self._searched_up_to = size
                else:
                    needed = None
                if size >= goal:
                    if progress is not None:
                        work.report(size, table.split(size).rare_count, "done")
                    return None
                step = size + max(64, size // 8)  # a check costs far less than computing size/8 heaps
                if needed is not None and size < needed <= step:
                    step = needed  # exactly where the pattern the values show would be proven
                size = min(goal, step)

    def _proven(self, values: np.ndarray, preperiod: int, period: int, split: RareSplit) -> Periodicity:
        from gamelib.analysis.periodicity import Periodicity, theorem_start

        t = self.largest_removal
        start = theorem_start(preperiod, self.splits)
        end = 2 * start + period + t  # the theorem needs g(n + p) = g(n) for preperiod <= n < end
        prefix, block = _plain_tuple(values[:preperiod]), _plain_tuple(values[preperiod : preperiod + period])
        if preperiod:
            start_text = (
                f"g({preperiod - 1}) = {values[preperiod - 1]} differs from g({preperiod - 1 + period}) = "
                f"{values[preperiod - 1 + period]}, so the repetition cannot start earlier"
            )
        else:
            start_text = "the repetition starts at the very beginning"
        split_text = (
            " (the theorem starts at n0 = 1, not 0, when a move can split a heap: a split leaving an empty row "
            "is no split)" if start != preperiod else ""
        )
        explanation = (
            f"Heaps 0 .. {len(values) - 1} were computed from the rules. From n = {preperiod} on, each value "
            f"equals the value {period} places later, as far as was computed. The octal-game periodicity "
            f"theorem (Guy and Smith) says it is enough to check this for n = {preperiod} .. {end - 1}, that "
            f"is up to 2*{start} + {period} + {t} - 1, where t = {t} is the most tokens one move removes"
            f"{split_text}: then g(n + {period}) = g(n) for every n >= {preperiod}, for ever. A smaller period "
            f"would have passed the same check, so {period} is the smallest; and {start_text}."
        )
        return Periodicity(
            kind="grundy",
            preperiod=preperiod,
            period=period,
            block=block,
            prefix=prefix,
            window=(preperiod, preperiod + period, end - preperiod),
            proven=True,
            checked_up_to=len(values),
            explanation=explanation,
            pigeonhole_bound=None,
            title=self.title,
            rare=split,
        )


def _plain_tuple(values: np.ndarray) -> tuple[int, ...]:
    """``values`` as a tuple of Python ints, made a chunk at a time: no list of them all beside the tuple (0.354's
    preperiod is 10 million values: 80 MB as a tuple, and as much again as a list)."""
    return tuple(chain.from_iterable(values[start : start + CHUNK].tolist() for start in range(0, len(values), CHUNK)))


def _smallest_type(largest: int) -> type:
    """The smallest unsigned numpy type holding 0 .. largest."""
    import numpy as np

    for kind in (np.uint8, np.uint16, np.uint32):
        if largest <= np.iinfo(kind).max:
            return kind
    return np.uint64


__all__ = ["MAX_OCTAL_DIGITS", "OCTAL_NAMES", "OCTAL_SEARCH", "OctalGame", "parse_octal_code"]
