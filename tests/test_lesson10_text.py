"""Every number lesson 10 prints or states, held up against misère play searched from the rules
(tests/brute_misere.py, no gamelib) and against MisereSolver's figures: the executed notebook's outputs are read
back."""

from __future__ import annotations

import random

import nbformat
from brute_misere import Misere, brute_classes, heap_moves_nim, heap_moves_octal

from tools import lessons

LESSON = next(x for x in lessons.LESSONS if x.slug.startswith("10"))
CELLS = nbformat.read(LESSON.path, as_version=4).cells
KAYLES = Misere(lambda n: heap_moves_octal("0.77", n))
R8 = Misere(lambda n: heap_moves_octal("0.75", n))
#: Where the order of the quotient grows, heap by heap, as MisereSolver prints it (run outside this repository).
KAYLES_ORDERS = {1: 2, 2: 6, 5: 12, 9: 18, 12: 24, 25: 32, 27: 40}
DAWSON_ORDERS = {2: 2, 4: 6, 10: 12, 14: 24, 25: 144, 27: 176, 30: 360}


def printed(code: str) -> str:
    """The text the one code cell containing ``code`` printed."""
    found = [c for c in CELLS if c.cell_type == "code" and code in c.source]
    assert len(found) == 1, code
    return "".join(o.get("text", "") for o in found[0].outputs if o.output_type == "stream")


def order_at(growth: dict[int, int], heap: int) -> int:
    return max((order for h, order in growth.items() if h <= heap), default=1)


def test_two_rows_of_5_are_n_and_a_pin_more_makes_p():
    assert not KAYLES.is_p((5, 5)) and KAYLES.is_p((1, 5, 5))
    assert "(5, 5) in misère play: N" in printed('print("(5, 5) in misère play:"')
    assert "quotient: N P   search: N P" in printed("q5 = misere_quotient")


def test_kayles_to_4_pins_has_six_classes_and_rows_pretend_as_printed():
    classes = brute_classes(KAYLES, [1, 2, 3, 4], 5)
    assert len(set(classes.values())) == 6
    assert classes[(4,)] == classes[(1,)] and classes[(3,)] == classes[(1, 2)]  # row 4 is a, row 3 is ab
    text = printed("q4 = misere_quotient")
    assert "6 classes:" in text and "class of each row, rows 0 to 4: ('1', 'a', 'b', 'ab', 'a')" in text


def test_kayles_to_4_is_misere_nim_to_3():
    nim = Misere(heap_moves_nim)
    kayles = brute_classes(KAYLES, [1, 2, 3, 4], 5)
    heaps = brute_classes(nim, [1, 2, 3], 5)
    # the same P-positions among sums of rows 1 and 2 (Kayles) and heaps 1 and 2 (Nim)
    assert all(KAYLES.is_p(s) == nim.is_p(s) for s in kayles if set(s) <= {1, 2})
    assert len(set(heaps.values())) == 6
    lines = printed("print(q4)").splitlines()
    assert lines[0] == lines[1] == "Q = <a,b | a2=1,b3=b>; P = {a,b2}"


def test_r8_has_eight_classes_and_the_pretending_row_printed():
    classes = brute_classes(R8, list(range(1, 11)), 6)
    assert len(set(classes.values())) == 8
    row = printed("r8 = misere_quotient").splitlines()[1].split(": ")[1].split()
    letters = {"a": (1,), "b": (2,), "c": (5,)}  # the generators' heaps, as the lesson reads them
    for heap, name in enumerate(row[1:], start=1):
        parts = ()
        for letter in "abc":
            power = 2 if f"{letter}2" in name else int(letter in name)
            parts += letters[letter] * power
        assert classes[(heap,)] == classes[tuple(sorted(parts))], (heap, name)


def test_the_sum_worked_out_is_p_and_forty_random_sums_agree():
    assert R8.is_p((2, 5, 7, 10))
    assert "in the P-portion: True   search: P" in printed("heaps = [2, 5, 7, 10]")
    rng, sums = random.Random(10), []
    while len(sums) < 40:  # the same sums as the lesson's cell
        heaps = sorted(rng.randint(1, 10) for _ in range(rng.randint(2, 4)))
        if sum(heaps) <= 20:
            sums.append(heaps)
    text = printed("rng, game, agree = random.Random(10)")
    assert text.strip() == "40 of 40 sums agree"
    assert any(R8.is_p(tuple(s)) for s in sums) and not all(R8.is_p(tuple(s)) for s in sums)


def test_two_tokens_of_test_sums_are_too_few_for_kayles_to_4():
    fewer = brute_classes(KAYLES, [1, 2, 3, 4], 2)
    assert len(set(fewer.values())) == 4  # what the bounded definition sees
    assert fewer[(1, 1)] == fewer[()] and fewer[(4,)] == fewer[(1,)]  # the row of 2 generates: 1 is a2, 4 is a2
    assert "Kayles to 4, sums of 2 tokens: Q = <a | a4=1>; P = {a2} - proven False" in printed("too_few = ")


def test_the_orders_of_kayles_and_dawsons_kayles_are_misere_solvers():
    text = printed("Kayles, rows up to")
    for heap in (4, 5, 9, 12, 25, 27, 40, 60):
        assert f"rows up to {heap:>2}: {order_at(KAYLES_ORDERS, heap)} elements" in text
    text = printed("Dawson's Kayles, heaps up to")
    for heap in (4, 10, 14, 25, 27, 30):
        assert f"heaps up to {heap:>2}: {order_at(DAWSON_ORDERS, heap)} elements" in text


def test_nim_quotients_are_tame_and_double():
    text = printed("for n in (1, 3, 7, 15):")
    for n, order in ((1, 2), (3, 6), (7, 10), (15, 18)):
        assert f"heaps up to {n:>2}: order {order:>2}, tame True" in text
    assert "Kayles to 4: tame True   Kayles to 5: tame False" in text
