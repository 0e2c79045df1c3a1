"""Bad input at the door of the value tables (HeapRules, HeapValues): refused with a message naming the value,
before anything reaches the compiled loop, which trusts its arguments (a move of -1 tokens made it read the
heap after the one it computes, past the end of the table; a float heap count came back as ctypes' "argument 3:
wrong type"; a negative budget was taken and reported as "past its budget of -1").

Every test runs with the compiled loop and with the numpy loop. The values a fixed table must still give come
from tests/brute_octal.py (plain recursion over every move, no gamelib).
"""

from __future__ import annotations

import sys

import pytest
from brute_octal import octal_values
from kernel_paths import both_loops  # noqa: F401 (the fixture below)

from gamelib import LimitError, OctalGame
from gamelib.analysis.heap_values import HeapValues
from gamelib.analysis.rare_split import HeapRules

pytestmark = pytest.mark.usefixtures("both_loops")  # every test with the compiled loop, then the numpy loop


@pytest.mark.parametrize("rules, shown", [
    (dict(take=(-1,)), "-1"),  # the compiled loop read g(n + 1), past the table's end at its last heap
    (dict(take=(0,), split=(1,)), "0"),  # "take 0 tokens, leave one heap": a move that changes nothing
    (dict(split=(-3,)), "-3"),  # rows of n + 3 tokens in all: values read past the table's end
    (dict(whole=(-2,)), "-2"),
    (dict(whole=(0,)), "0"),  # removing a heap of size 0
    (dict(take=(1.5,)), "1.5"),
    (dict(take=(True,)), "True"),
    (dict(split=("2",)), "'2'"),
    (dict(take=(2**64 + 1,)), "18446744073709551617"),  # ctypes would keep the low 64 bits: a move of 1
])
def test_moves_a_heap_cannot_make_are_refused_before_any_value_is_computed(rules, shown):
    with pytest.raises((TypeError, ValueError), match=f"got {shown}"):
        HeapValues(HeapRules(**rules), "a game")


def test_the_rules_of_every_octal_code_and_of_grundys_game_are_still_accepted():
    assert HeapRules(split=(0,), unequal=True).split == (0,)  # Grundy's game: split without taking
    game = OctalGame("4.0" + "7" * 63)  # every kind of move, up to the longest code
    assert game.rules.split[0] == 0 and game.rules.take[-1] == 64
    with pytest.raises(TypeError, match="unequal must be True or False, got 1"):
        HeapRules(split=(0,), unequal=1)


@pytest.mark.parametrize("stop, error, shown", [
    (1.5, TypeError, "1.5"), (2000.0, TypeError, "2000.0"), ("7", TypeError, "'7'"), (None, TypeError, "None"),
    (True, TypeError, "True"), (-1, ValueError, "-1"),
])
def test_a_heap_count_that_is_not_a_whole_number_is_refused_by_name(stop, error, shown):
    table = OctalGame("0.16")._table
    with pytest.raises(error, match=f"stop must be .*got {shown}"):
        table.compute(stop)
    assert len(table) == 1  # nothing computed


@pytest.mark.parametrize("budget, error, shown", [
    (-1, ValueError, "-1"), (0, ValueError, "0"), (1.5, TypeError, "1.5"), ("1", TypeError, "'1'"),
])
def test_a_budget_that_is_not_a_positive_whole_number_is_refused_by_name(budget, error, shown):
    table = OctalGame("0.16")._table
    with pytest.raises(error, match=f"budget must be .*got {shown}"):
        table.compute(2000, budget=budget)
    assert len(table) == 1


def test_a_budget_too_large_for_the_compiled_loop_is_still_a_budget():
    table = OctalGame("0.16")._table
    table.compute(3000, budget=10**30)  # far beyond an int64: no limit in effect, and the right values
    assert table.plain(3000) == octal_values("0.16", 3000)
    with pytest.raises(LimitError, match="budget of 1 "):  # and a tiny one still stops the work
        OctalGame("0.16")._table.compute(3000, budget=1)


@pytest.mark.parametrize("read", ["value", "plain", "raw"])
@pytest.mark.parametrize("index, error, shown", [(True, TypeError, "True"), (1.5, TypeError, "1.5"),
                                                 ("3", TypeError, "'3'")])
def test_reading_a_table_takes_whole_numbers_only(read, index, error, shown):
    table = OctalGame("0.16")._table
    table.compute(100)
    with pytest.raises(error, match=f"got {shown}"):
        getattr(table, read)(index)
    assert table.value(99) == octal_values("0.16", 100)[99] and len(table.raw(100)) == 100 * table.itemsize


def test_a_position_mask_for_a_game_without_splits_is_refused_with_the_reason_that_holds():
    # 0.1 and 0.3 never split a heap: the old message said "this game's splits remove both" even and odd
    with pytest.raises(ValueError, match="octal game 0.3: .*'[+]pos'.* no move of this game splits a heap") as error:
        OctalGame("0.3", rare_mask="1+pos")
    assert "splits remove both" not in str(error.value)
    with pytest.raises(ValueError, match="this game's splits remove both"):
        OctalGame("0.376", rare_mask="fe+pos")  # splits taking 2 or 3 tokens: the old reason, still right


def test_raw_bytes_never_mix_a_narrow_table_with_the_width_of_a_wider_one(monkeypatch):
    # Another thread may widen the table (a value past 65,535) between raw()'s look at the store and its look at
    # the width: raw() read 4 bytes a value from the 2-byte store, past its end. Here the widening is made to
    # happen exactly there, inside _known.
    table = OctalGame("0.77")._table
    table.compute(1024)
    assert table.itemsize == 2 and len(table._store) == 1024
    known = table._known

    def widened_meanwhile(stop):
        table._widen()
        return known(stop)

    monkeypatch.setattr(table, "_known", widened_meanwhile)
    data = table.raw(1024)
    width = len(data) // 1024
    values = [int.from_bytes(data[i : i + width], sys.byteorder) for i in range(0, len(data), width)]
    assert width in (2, 4) and values == octal_values("0.77", 1024)
