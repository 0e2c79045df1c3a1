"""Exercise checks for lesson 6, Misère play.

>>> from gamelib.exercises import check
>>> check("6.1", "N").ok
False
"""

from __future__ import annotations

from gamelib.analysis.engine import outcome
from gamelib.analysis.source_algorithms import ptfn
from gamelib.exercises.core import exercise
from gamelib.exercises.kinds import outcome_checker, set_checker
from gamelib.exercises.lesson4 import nim_move_checker
from gamelib.games.nim import Nim
from gamelib.games.subtraction import SubtractionGame
from gamelib.games.sums import GameSum

_MISERE_NIM = Nim(misere=True)
_MISERE_ONE_FOUR = SubtractionGame({1, 4}, misere=True)
_MISERE_THREE_FIVE = SubtractionGame({3, 5}, misere=True)
_MISERE_TWO_FIVE_SEVEN = SubtractionGame({2, 5, 7}, misere=True)


def _why_not_p(game: SubtractionGame, stop: int):
    """Explain why a listed heap is not a misère P-position below ``stop``."""

    def explain(n: int) -> str:
        if not 0 <= n < stop:
            return f"the question is about heaps 0 to {stop - 1}"
        if not game.moves(n):
            return f"from {n} no move is possible, and in misère play the player who cannot move wins"
        return f"from {n} you can move to {game.winning_moves(n)[0]}, a misère P-position"

    return explain


def _ones_note(after: tuple[int, ...]) -> str:
    if all(h <= 1 for h in after):
        return f"it leaves {sum(after)} heaps of one chip, an even number"
    return "its nim-sum is not 0"


exercise("6.1", expects="'P' or 'N'")(
    outcome_checker(_MISERE_NIM.outcome((2, 2)), "(2, 2) in misère Nim",
                    hint="play it out: whatever your opponent does to one heap, what can you do to the other?")
)

exercise("6.2", expects="the heaps after your move, "
         "e.g. (1, 1, 3)")(
    nim_move_checker(_MISERE_NIM, (1, 1, 5), "it wins misère Nim",
                     hint="only one heap has more than one chip, so your move decides how many 1-heaps your "
                          "opponent faces; in misère play, who should be left to take the last chip?",
                     explain=_ones_note)
)

exercise("6.3", expects="a list of heap sizes, e.g. [2, 6]")(
    set_checker(_MISERE_ONE_FOUR.p_positions(20), "misère P-positions below 20 for S = {1, 4}",
                hint="heap 0 is N in misère play (the player to move cannot move, and wins); work upwards: a "
                     "heap is P when every move from it leads to an N-position.",
                why_not=_why_not_p(_MISERE_ONE_FOUR, 20))
)


def _printed_misere_start(S: tuple[int, ...], stop: int) -> str:
    """PTFN started the way He & Qin print it for misère play: heaps 0 .. s_1 marked N (one too many).

    Only P-positions mark other heaps, as in their Algorithm 1 (with the index guarded).

    >>> _printed_misere_start((1, 2, 3), 8)
    'NNPNNNPN'
    """
    # No heap up to s_1 is P, so none of them marks anything: from heap s_1 + 1 on the scan is plain PTFN,
    # shifted (lesson 6 prints it the same way).
    return "N" * (S[0] + 1) + ptfn(S, stop - S[0] - 1)


_PRINTED_THREE_FIVE = _printed_misere_start(_MISERE_THREE_FIVE.S, 20)
_TRUE_THREE_FIVE = _MISERE_THREE_FIVE.outcomes(20)


def _why_label_is_right(n: int) -> str:
    if not 0 <= n < 20:
        return "the question is about heaps 0 to 19"
    return f"both starts label heap {n} as {_TRUE_THREE_FIVE[n]}"


exercise("6.4", expects="a list of heap sizes, e.g. [7, 8]")(
    set_checker([n for n in range(20) if _PRINTED_THREE_FIVE[n] != _TRUE_THREE_FIVE[n]],
                "heaps below 20 that the printed start labels wrongly for misère S = {3, 5}",
                hint="the correct labels come from ptfn({3, 5}, 20, misere=True); for the printed start, scan "
                     "upwards from heap 4: an unmarked heap is P and marks the heaps 3 and 5 above it as N.",
                why_not=_why_label_is_right)
)

exercise("6.5", expects="a list of heap sizes, e.g. [4, 9]")(
    set_checker(_MISERE_TWO_FIVE_SEVEN.p_positions(20), "misère P-positions below 20 for S = {2, 5, 7}",
                hint="shift the normal-play P-positions of S = {2, 5, 7} (heaps with Grundy value 0) up by "
                     "2, the smallest move, and mark heaps 0 and 1 as N.",
                why_not=_why_not_p(_MISERE_TWO_FIVE_SEVEN, 20))
)


def _misere_sum_outcome() -> str:
    one_three_four = SubtractionGame({1, 3, 4})
    both = GameSum(one_three_four, one_three_four, one_three_four)
    return outcome(both, (1, 3, 8), misere=True)


exercise("6.6", expects="'P' or 'N'")(
    outcome_checker(_misere_sum_outcome(), "(1, 3, 8) in misère play",
                    hint="compute each heap's genus with genus(SubtractionGame({1, 3, 4}), n); Conway's theorem "
                         "(section 6) has two cases: decide which one the three genera put you in.")
)
