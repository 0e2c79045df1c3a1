"""The rare-value (sparse space) method against plain computation, and the published table of solved games.

Reference values come from tests/brute_octal.py (plain recursion over every move, no gamelib). The method
must give exactly the same values whatever its mask -- found, given, useless (0) or wrong -- and whichever of
its paths a heap takes (the Python loop or numpy over the rare heaps, the short search, the numpy blocks, the
full scan); the thresholds between those paths are lowered here so that small heaps go through all of them.

Published data: tczajka/octal-games, SolvedGames.md (plain heap indices): preperiod, period, the largest value
and the first heap with it, the rare mask, the number of rare heaps and the last one.
"""

from __future__ import annotations

import signal

import numpy as np
import pytest
from brute_octal import grundys_game_values, octal_values
from hypothesis import given, settings
from hypothesis import strategies as st
from kernel_paths import both_loops  # noqa: F401 (the fixture below)

import gamelib.analysis.heap_store as heap_store
import gamelib.analysis.numpy_loop as numpy_loop
from gamelib import GrundysGame, OctalGame
from gamelib.analysis.rare_values import best_mask, parse_rare_mask, rare_heaps_of

pytestmark = pytest.mark.usefixtures("both_loops")  # every test with the compiled loop, then the numpy loop

# code: (preperiod, period, (largest value, first heap with it), mask, rare heaps, last rare heap)
SOLVED = {
    "0.45": (498, 20, (8, 37), "f", 11, 198),
    "0.156": (3479, 349, (23, 1032), "1b", 15, 357),
    "0.356": (7315, 142, (19, 86), "1b", 7, 43),
    "0.644": (3256, 442, (64, 333), "7e", 31, 511),
    "0.165": (5181, 1550, (25, 620), None, None, None),  # no sparse split is published for 0.165
}


def computed(game, stop):
    """The values the game's own table computed for heaps 0 .. stop - 1 (not filled from a period)."""
    game.rare_split(stop)
    return game._table.values[:stop].tolist()


@pytest.fixture
def every_path(monkeypatch):
    """Lower the thresholds so that a few hundred heaps go through every path of the method."""
    monkeypatch.setattr(heap_store, "SMALL_HEAP", 6)
    monkeypatch.setattr(numpy_loop, "SHORT_SEARCH", 3)
    monkeypatch.setattr(numpy_loop, "FIRST_BLOCK", 4)


# ------------------------------------------------------------------------------ against plain computation
@pytest.mark.parametrize("code, mask", [
    ("0.16", None), ("0.16", "1e"), ("0.16", 0), ("0.16", "3"),  # found, published, none, a poor one
    ("0.127", None), ("0.127", "1+pos"), ("0.56", "5b"), ("0.77", None), ("4.07", "7"), ("0.007", None),
])
@pytest.mark.parametrize("rare_loop", [96, 2])  # the rare heaps' pairs one by one in Python, or by numpy
def test_values_equal_the_brute_force_on_every_path(every_path, monkeypatch, code, mask, rare_loop):
    monkeypatch.setattr(numpy_loop, "RARE_LOOP", rare_loop)
    assert computed(OctalGame(code, rare_mask=mask), 400) == octal_values(code, 400)


@pytest.mark.parametrize("mask", [None, "fe", 0, "1"])
@pytest.mark.parametrize("rare_loop", [96, 2])
def test_grundys_game_equals_the_brute_force_on_every_path(every_path, monkeypatch, mask, rare_loop):
    monkeypatch.setattr(numpy_loop, "RARE_LOOP", rare_loop)
    assert GrundysGame(rare_mask=mask).grundy_values(600).tolist() == grundys_game_values(600)


codes = st.builds(
    lambda d0, rest: f"{d0}." + "".join(map(str, rest)),
    st.sampled_from([0, 0, 0, 4]),
    st.lists(st.integers(0, 7), min_size=1, max_size=4),
)


@pytest.mark.slow
@given(codes, st.integers(1, 255), st.booleans())
@settings(max_examples=40, deadline=None)
def test_sparse_and_full_scans_agree_on_any_code(code, mask, position):
    full = computed(OctalGame(code, rare_mask=0), 700)
    assert computed(OctalGame(code), 700) == full  # the mask found
    game = OctalGame(code)
    if position and game.rules.split_parity is None:
        return  # the position variant needs splits of one parity (refused: tested below)
    text = f"{mask:x}" + ("+pos" if position else "")
    assert computed(OctalGame(code, rare_mask=text), 700) == full  # any mask given


def test_a_value_too_large_for_16_bits_widens_the_table(monkeypatch):
    monkeypatch.setattr(heap_store, "NARROW_MAX", 5)  # Kayles reaches 6 at heap 11, 8 at heap 27
    kayles = OctalGame("0.77")
    assert computed(kayles, 300) == octal_values("0.77", 300)
    table = kayles._table
    assert table._buffer.dtype == np.uint32 and table.itemsize == 4
    assert table.plain(300) == table.values[:300].tolist() == octal_values("0.77", 300)  # read without numpy too
    assert table.raw(300) == table.values[:300].tobytes()
    with pytest.raises(IndexError, match="heaps 0 .. 399 are not all computed"):
        table.plain(400)


# ------------------------------------------------------------------------------------------------ masks
def test_the_mask_found_is_the_one_with_fewest_rare_heaps():
    values = OctalGame("0.16", rare_mask=0).grundy_values(3000)  # every pair examined: no mask involved
    mask, position, rare = best_mask(values, split_parity=0)
    counts = {m: int(np.count_nonzero(rare_heaps_of(values, m, False, 0) > 0)) for m in range(1, 64)}
    assert (mask, position) == (0x1e, False) and rare == counts[0x1e] == min(counts.values())


def test_masks_are_read_as_the_tables_print_them():
    assert parse_rare_mask(" 1E ") == (0x1e, False) and parse_rare_mask("0x5b") == (0x5b, False)
    assert parse_rare_mask("1+pos") == (1, True) and parse_rare_mask(0) == (0, False)
    for bad, error in [("1g", ValueError), ("pos", ValueError), (-1, ValueError), (2**16, ValueError),
                       (1.5, TypeError), (True, TypeError), ("1" * 40, ValueError)]:
        with pytest.raises(error, match="rare_mask"):
            parse_rare_mask(bad)
    with pytest.raises(ValueError, match="an even number of tokens, or every one an odd"):
        OctalGame("0.376", rare_mask="fe+pos")  # its splits take 2 or 3 tokens


# ------------------------------------------------------------------------------------ the published table
@pytest.mark.parametrize("code", SOLVED)
def test_published_solved_games(code):
    preperiod, period, largest, mask, rare, last = SOLVED[code]
    p = OctalGame(code).periodicity(max_search=2**15)
    assert (p.preperiod, p.period, p.proven, p.largest_value()) == (preperiod, period, True, largest)
    assert p.checked_up_to >= 2 * preperiod + 2 * period + OctalGame(code).largest_removal
    if mask is not None:
        assert (p.rare.mask_text, p.rare.rare_count, p.rare.last_rare) == (mask, rare, last)
        assert p.rare.sparse and f"the last at heap {last:,}" in str(p)


def test_published_rare_heaps_of_0_16_and_grundys_game_begin_as_computed_plainly():
    split = OctalGame("0.16").rare_split(2000)
    truth = octal_values("0.16", 2000)
    assert [n for n in range(2000) if bin(truth[n] & 0x1e).count("1") % 2 == 0] == list(split.rare_heaps)
    grundy = GrundysGame(rare_mask="fe").rare_split(1500)
    plain = grundys_game_values(1500)
    found = GrundysGame().rare_split(1500)  # values below 64 so far: masks that differ in bits 6, 7 tie
    assert found.rare_heaps == grundy.rare_heaps and found.mask & 0x3f == 0xfe & 0x3f
    assert [n for n in range(1500) if bin(plain[n] & 0xfe).count("1") % 2 == 0] == list(grundy.rare_heaps)
    assert sum(grundy.value_counts) == 1500 and grundy.rare_values == tuple(plain[n] for n in grundy.rare_heaps)


def test_an_interrupt_at_any_moment_keeps_every_value_right():
    """A real asynchronous interrupt (a timer signal raising KeyboardInterrupt, as the notebook's stop button
    does) may land anywhere in the computation; the values kept must all be right, and the next call go on."""
    game = OctalGame("0.16")
    kept = []

    def interrupt(*_):
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, interrupt)
    try:
        # From half a millisecond, far less than 2**22 values take anywhere, to a fifth of a second: a busy
        # machine moves where each interrupt lands, never whether the first one lands in the middle.
        for delay in (0.0005, 0.005, 0.05, 0.08, 0.13, 0.21):
            try:
                signal.setitimer(signal.ITIMER_REAL, delay)
                game.rare_split(2**22)
            except KeyboardInterrupt:
                kept.append(len(game._table))
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
    finally:
        signal.signal(signal.SIGALRM, previous)
    assert kept == sorted(kept) and kept[0] < 2**22  # interrupted part way, and each later call went on
    stop = kept[-1] + 1000
    assert computed(game, stop) == computed(OctalGame("0.16"), stop)  # the same as a run never interrupted


def test_a_split_says_rare_heap_or_rare_heaps_as_the_count_needs():
    # Every heap of 0.51 but heap 0 has value 1 (by the plain values below), so under mask 1 heap 0 alone is rare.
    values = octal_values("0.51", 3000)
    one = OctalGame("0.51").rare_split(3000)
    assert one.rare_heaps == tuple(n for n, v in enumerate(values) if v & 1 == 0) == (0,)
    assert "1 rare heap among heaps 0 .. 2,999" in str(one)
    many = OctalGame("0.16").rare_split(3000)
    assert f"{many.rare_count:,} rare heaps among" in str(many) and many.rare_count > 1
