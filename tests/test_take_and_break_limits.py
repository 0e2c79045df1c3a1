"""Listing the moves of a take-and-break position is limited by the moves really listed, not only by the size of
one heap: a long code splits a heap in many ways at once (0.777...7, 64 digits, splits a heap of 100,000 in
about 3.2 million ways: 13 s and 0.9 GB for one heap), and a position may hold many heaps. Beyond the limits
the answer is a LimitError that names the position and the count; below them nothing changes.

Expected counts come from the code's digits read here: a digit with 4 at k tokens splits a heap of n in
(n - k) // 2 ways.
"""

from __future__ import annotations

import pytest

import gamelib.games.heaps as heaps_module
from gamelib import GrundysGame, LimitError, OctalGame
from gamelib.limits import MAX_HEAP_SPLITS, MAX_SPLIT_HEAP


def splits_of(code: str, n: int) -> int:
    before, after = code.split(".")
    digits = [int(before or "0")] + [int(d) for d in after]
    return sum((n - k) // 2 for k, d in enumerate(digits) if d & 4 and n - k >= 2)


@pytest.mark.parametrize("code, heap", [("0." + "4" * 64, 20_000), ("4." + "7" * 64, 5_000), ("0.7777", 60_000)])
def test_a_heap_with_too_many_splits_is_refused_by_its_count(code, heap):
    count = splits_of(code, heap)
    assert count > MAX_HEAP_SPLITS and heap <= MAX_SPLIT_HEAP  # the heap's size alone was no reason to refuse
    with pytest.raises(LimitError, match=f"a heap of {heap:,} .* {count:,} ways"):
        OctalGame(code).moves(heap)


def test_below_the_limits_every_move_is_still_listed():
    assert splits_of("0.77", MAX_SPLIT_HEAP) <= MAX_HEAP_SPLITS
    kayles = OctalGame("0.77")
    assert len(kayles.moves(MAX_SPLIT_HEAP)) == splits_of("0.77", MAX_SPLIT_HEAP) + 2  # and two from the end
    long_code = "0." + "4" * 64
    assert len(OctalGame(long_code).moves(3000)) == len({(a, 3000 - k - a) for k in range(1, 65)
                                                         for a in range(1, (3000 - k) // 2 + 1)})
    assert OctalGame("0.33").moves(10**18) == [(10**18 - 2,), (10**18 - 1,)]  # no split: two moves


def test_a_position_with_too_many_moves_in_all_is_refused(monkeypatch):
    monkeypatch.setattr(heaps_module, "MAX_HEAP_GAME_MOVES", 1000)
    kayles = OctalGame("0.77")
    assert len(kayles.moves((400, 401))) <= 1000 - 2  # 200 + 200 splits and 2 + 2 takes, some equal
    with pytest.raises(LimitError, match=r"\(600, 601\) .* more than 1,000 moves"):
        kayles.moves((600, 601))  # 601 moves from each heap
    with pytest.raises(LimitError, match=r"more than 1,000 moves"):
        kayles.winning_moves((600, 601))
    with pytest.raises(LimitError, match=r"more than 1,000 moves"):
        GrundysGame().moves(tuple(range(100, 140)))
    assert kayles.winning_moves((300, 301)) == [m for m in kayles.moves((300, 301)) if kayles.grundy(m) == 0]
