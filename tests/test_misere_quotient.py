"""Misère quotients: the published values, MisereSolver's strings, a brute force of misère play written here
(tests/brute_misere.py), and the laws a quotient obeys."""

from __future__ import annotations

import itertools
import random
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from brute_misere import Misere, brute_classes, heap_moves_nim, heap_moves_octal
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib import GrundysGame, LimitError, MisereQuotient, Nim, OctalGame, misere_quotient, outcome
from gamelib.analysis.quotient_certificate import Monoid, certify
from gamelib.analysis.quotient_search import HeapByHeap
from gamelib.games.quotients import check_work, heap_rules, moves_counted

TOO_LARGE_REQUESTS = {
    "misere_quotient": ["misere_quotient('0.77', 10**6)", "misere_quotient('0.77', 30, test_tokens=30)",
                        "misere_quotient('0.75', 10, test_tokens=10**6)"],
    "MisereQuotient": ["misere_quotient('0.77', 4).element_of([1] * 10**6)"],
}


@cache
def quotient(game: str, max_heap: int) -> MisereQuotient:
    return misere_quotient(Nim() if game == "nim" else game, max_heap)


@cache
def brute(game: str) -> Misere:
    return Misere(heap_moves_nim if game == "nim" else lambda n: heap_moves_octal(game, n))


# ---------------------------------------------------------------------------------- the references
def test_0_75_to_heap_10_is_plambeck_and_siegels_r8():
    q = quotient("0.75", 10)
    assert str(q) == "Q = <a,b,c | a2=1,b3=b,bc=ab,c2=b2>; P = {a,b2}"
    assert " ".join(q.pretending) == "1 a b a b c b c b ab2 b"
    assert q.order == 8 and q.elements == ("1", "a", "b", "ab", "b2", "ab2", "c", "ac")
    assert q.generators == ("a", "b", "c") and q.generator_heaps == (1, 2, 5)
    assert q.relations == (("a2", "1"), ("b3", "b"), ("bc", "ab"), ("c2", "b2"))
    assert q.p_portion == ("a", "b2") and not q.is_tame and q.proven


def test_kayles_is_tame_to_heap_4_and_wild_from_heap_5():
    for n in range(1, 5):
        q = quotient("0.77", n)
        assert (str(q), q.is_tame) == (("Q = <a | a2=1>; P = {a}", True) if n == 1 else
                                        ("Q = <a,b | a2=1,b3=b>; P = {a,b2}", True))
    for n in range(5, 9):
        q = quotient("0.77", n)
        assert str(q) == "Q = <a,b,c | a2=1,b3=b,c2=1>; P = {a,b2,ac}"
        assert not q.is_tame
    assert " ".join(quotient("0.77", 8).pretending) == "1 a b ab a c ab b ab2"


def test_two_rows_of_5_pins_cancel_so_the_first_player_wins():
    q = quotient("0.77", 5)
    assert q.pretending[5] == "c" and q.multiply("c", "c") == "1"
    assert q.outcome([5, 5]) == "N" == brute("0.77").outcome((5, 5))


def test_nim_to_heap_7_has_order_10():
    q = quotient("nim", 7)
    assert q.order == 10
    assert str(q) == "Q = <a,b,c | a2=1,b3=b,b2c=c,c2=b2>; P = {a,b2}"
    assert q.is_tame


@pytest.mark.slow
def test_dawsons_kayles_to_heap_30_has_360_elements():
    q = quotient("0.07", 30)
    assert q.order == 360  # Plambeck and Siegel's figure
    assert len(q.p_portion) == 65


def misere_solver_references() -> list:
    rows = []
    for line in (Path(__file__).parent / "misere_solver_quotients.tsv").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            code, heap, text, tame, pretending = line.split("\t")
            heavy = code in ("0.07", "4.7")  # a few seconds each
            rows.append(pytest.param(code, int(heap), text, tame == "true", pretending,
                                     marks=[pytest.mark.slow] if heavy else [], id=f"{code}-to-{heap}"))
    return rows


@pytest.mark.parametrize("code, max_heap, text, tame, pretending", misere_solver_references())
def test_the_same_text_as_misere_solver(code, max_heap, text, tame, pretending):
    q = quotient(code, max_heap)
    assert str(q) == text
    assert q.is_tame == tame
    assert " ".join(q.pretending) == pretending


# ------------------------------------------------------------------------------------- the brute force
SMALL = [("0.75", 10), ("0.77", 8), ("0.77", 4), ("nim", 5), ("0.137", 9), ("0.07", 9), ("0.6", 8), ("4.7", 6)]


@pytest.mark.parametrize("game, max_heap", SMALL)
def test_classes_are_those_of_the_definition_from_the_bound_it_states(game, max_heap):
    """With test sums of q.test_tokens tokens, a brute force of the definition finds exactly q's classes and
    P-portion; one token less and it does not (q.test_tokens is the smallest such bound)."""
    q = quotient(game, max_heap)
    heaps = list(range(1, max_heap + 1))
    found = brute_classes(brute(game), heaps, q.test_tokens)
    element = {s: q.element_of(list(s)) for s in found}
    assert len(set(found.values())) == q.order
    pairs = [(s, t) for s in found for t in found]
    assert all((found[s] == found[t]) == (element[s] == element[t]) for s, t in pairs)
    assert all(brute(game).outcome(s) == q.outcome(list(s)) for s in found)
    fewer = brute_classes(brute(game), heaps, q.test_tokens - 1)
    by_class = {}
    for s, c in fewer.items():
        by_class.setdefault(c, set()).add(element.get(s))
    assert len(set(fewer.values())) < q.order or any(len(names) > 1 for names in by_class.values())


def random_sums(max_heap: int, count: int, tokens: int, seed: int) -> list[tuple[int, ...]]:
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        parts, total = [], 0
        while True:
            h = rng.randint(1, max_heap)
            if total + h > tokens:
                break
            parts.append(h)
            total += h
        found.append(tuple(sorted(parts)))
    return found


@pytest.mark.parametrize("game, max_heap, tokens", [("0.75", 10, 40), ("0.77", 8, 34), ("nim", 7, 40),
                                                    ("0.137", 18, 36),
                                                    pytest.param("0.07", 30, 36, marks=pytest.mark.slow)])
def test_sums_far_beyond_the_bound_have_the_outcome_the_quotient_predicts(game, max_heap, tokens):
    q = quotient(game, max_heap)
    for s in random_sums(max_heap, 60, tokens, seed=max_heap):
        assert q.outcome(list(s)) == brute(game).outcome(s), s


def test_the_engine_agrees_on_misere_sums():
    q = quotient("0.77", 8)
    kayles = OctalGame("0.77")
    for s in random_sums(8, 20, 16, seed=3):
        assert q.outcome(list(s)) == outcome(kayles, s, misere=True)


OCTAL_CODES = st.lists(st.integers(0, 7), min_size=1, max_size=3).filter(lambda d: d[-1] != 0).map(
    lambda d: "0." + "".join(map(str, d)))
SMALL_SUMS = st.lists(st.lists(st.integers(1, 7), max_size=4), min_size=2, max_size=8)


@settings(max_examples=40, deadline=None)
@given(OCTAL_CODES, st.integers(0, 7), SMALL_SUMS)
def test_any_octal_games_quotient_gives_the_outcome_a_search_of_misere_play_finds(code, max_heap, sums):
    """For any octal game with at most three digits: the product of a sum's classes is in the P-portion exactly
    when a search of misère play says P; the class of a sum is the product of its parts' classes; the order is
    1 or even."""
    q = misere_quotient(code, max_heap)
    assert q.order == 1 or q.order % 2 == 0
    sums = [[h for h in s if h <= max_heap] for s in sums]
    for s in sums:
        assert q.outcome(s) == brute(code).outcome(tuple(s)), (code, max_heap, s)
    for s, t in itertools.pairwise(sums):
        assert q.element_of(s + t) == q.multiply(q.element_of(s), q.element_of(t))


# ---------------------------------------------------------------------------------------------- the laws
LAW_QUOTIENTS = [("0.75", 10), ("0.77", 8), ("nim", 7), ("0.76", 11), ("0.137", 18)]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(LAW_QUOTIENTS), st.data())
def test_the_monoid_laws(which, data):
    q = quotient(*which)
    x, y, z = (data.draw(st.sampled_from(q.elements)) for _ in range(3))
    assert q.multiply(q.multiply(x, y), z) == q.multiply(x, q.multiply(y, z))
    assert q.multiply(x, y) == q.multiply(y, x)
    assert q.multiply("1", x) == x == q.multiply(x, "1")


sums_of = st.lists(st.integers(0, 18), max_size=8)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(LAW_QUOTIENTS), sums_of, sums_of, sums_of)
def test_the_classes_are_a_congruence_and_the_p_portion_is_the_outcome(which, u, v, w):
    q = quotient(*which)
    u, v, w = ([h for h in s if h <= q.max_heap] for s in (u, v, w))
    assert q.element_of(u + v) == q.multiply(q.element_of(u), q.element_of(v))
    if q.element_of(u) == q.element_of(v):
        assert q.element_of(u + w) == q.element_of(v + w)
    assert (q.outcome(u) == "P") == (q.element_of(u) in q.p_portion)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(LAW_QUOTIENTS), sums_of)
def test_a_p_sum_has_no_move_to_p_and_an_n_sum_has_one(which, u):
    game, _ = which
    q = quotient(*which)
    s = tuple(sorted(h for h in u if 0 < h <= q.max_heap))
    followers = brute(game).followers(s)
    if q.outcome(list(s)) == "P":
        assert s and all(q.outcome(list(f)) == "N" for f in followers)
    else:
        assert not s or any(q.outcome(list(f)) == "P" for f in followers)


@pytest.mark.parametrize("which", LAW_QUOTIENTS + [pytest.param(("0.07", 30), marks=pytest.mark.slow)])
def test_the_order_is_even_and_the_table_is_the_product(which):
    q = quotient(*which)
    assert q.order % 2 == 0
    table = q.cayley_table()
    assert [row[0] for row in table] == list(q.elements) == table[0]
    rng = random.Random(1)
    for _ in range(50):
        i, j = rng.randrange(q.order), rng.randrange(q.order)
        assert table[i][j] == q.multiply(q.elements[i], q.elements[j])


def test_every_element_is_named_by_its_least_word_and_relations_reduce_words():
    q = quotient("0.75", 10)
    assert q.name("b3") == "b" and q.name("bc") == "ab" and q.name("c2") == "b2" and q.name("b5c3") == "ab"
    assert q.name("1") == "1" and q.name("a2") == "1"
    for word, name in q.relations:
        assert q.name(word) == name and word not in q.elements


def test_the_trivial_quotient_of_dawsons_kayles_with_one_pin():
    q = quotient("0.07", 1)
    assert q.order == 1 and q.elements == ("1",) and q.pretending == ("1", "1")
    assert q.outcome([1, 1, 1]) == "N"  # no move at all: the player to move has won


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 70))
def test_nim_is_tame_at_every_size_and_the_quotient_doubles_with_each_binary_digit(n):
    """Misère Nim with heaps up to n (n >= 2) is the tame quotient of 2 + 2^k elements, k the binary digits of n;
    its P-portion is {a, b2}, a heap of 1 and a sum of two equal heaps, as the lesson says."""
    q = quotient("nim", n)
    assert q.is_tame and q.order == 2 + 2 ** n.bit_length()
    assert q.p_portion == ("a", "b2") and q.generator_heaps == tuple(2 ** i for i in range(n.bit_length()))
    assert quotient("nim", 1).order == 2 and quotient("nim", 1).is_tame


# ------------------------------------------------------------------------------- the bounded definition
def test_the_definition_from_the_stated_bound_gives_the_same_quotient_and_its_certificate():
    q = quotient("0.77", 8)
    bounded = misere_quotient("0.77", 8, test_tokens=q.test_tokens)
    assert str(bounded) == str(q) and bounded.proven and bounded.test_tokens == q.test_tokens == 10


def test_a_bound_too_small_is_refused_or_gives_an_unproven_answer():
    with pytest.raises(ValueError, match="test_tokens=9 is too small"):
        misere_quotient("0.77", 8, test_tokens=9)
    with pytest.raises(ValueError, match="not a congruence"):
        misere_quotient("0.77", 4, test_tokens=1)
    small = misere_quotient("0.77", 4, test_tokens=2)  # sums of two tokens see four classes, not six
    assert str(small) == "Q = <a | a4=1>; P = {a2}" and not small.proven
    assert quotient("0.77", 4).proven


def test_classes_of_odd_order_are_never_made_a_quotient():
    """Three classes, x·x·x = 1 (a cycle of three) with heap 1 as x: a monoid, but no misère quotient has odd
    order beyond 1, so whatever found these classes looked too little."""
    table = np.array([[0, 1, 2], [1, 2, 0], [2, 0, 1]])
    with pytest.raises(ValueError, match="3 elements, an odd order"):
        MisereQuotient(table, np.array([False, True, False]), [0, 1], game="a test", proven=False)


def test_the_certificate_catches_a_wrong_pretending_function():
    q = quotient("0.77", 8)
    table = np.array([[q.elements.index(q.multiply(x, y)) for y in q.elements] for x in q.elements])
    p = np.array([x in q.p_portion for x in q.elements])
    phi = [q.elements.index(x) for x in q.pretending]
    _, moves = heap_rules("0.77")
    options = [moves(n) for n in range(9)]
    assert certify(Monoid(table, p), phi, options)[0] is None
    wrong = phi[:5] + [q.elements.index("b")] + phi[6:]  # the row of 5 pretending to be b
    failure, _ = certify(Monoid(table, p), wrong, options)
    assert failure is not None and 5 in failure.heaps
    assert (brute("0.77").outcome(tuple(failure.heaps)) == "P") != (failure.kind == "P")


def test_a_search_past_its_budget_says_how_far_it_is_proven():
    _, moves = heap_rules("0.07")
    search = HeapByHeap(moves, 500, "Dawson's Kayles")
    with pytest.raises(LimitError, match=r"proven up to heap \d+ \(order \d+\)"):
        while search.heap < 30:
            search.advance()


@settings(max_examples=40, deadline=None)
@given(OCTAL_CODES, st.integers(0, 60))
def test_the_moves_counted_are_the_moves_listed(code, top):
    _, moves = heap_rules(code)
    assert moves_counted(code)(top) == sum(len(moves(n)) for n in range(1, top + 1))


@pytest.mark.parametrize("game", ["0.77", "0.3", Nim(), GrundysGame()])
def test_the_limit_is_the_work_and_names_the_largest_heap_within_it(game):
    """The refusal states the moves to list and the largest heap the limit allows, and that heap is allowed."""
    title, moves = heap_rules(game)
    with pytest.raises(LimitError, match=r"MISERE_QUOTIENT_MOVES\), which for this game is max_heap=") as refused:
        check_work(game, title, moves, 10**6)
    largest = int(str(refused.value).rsplit("max_heap=", 1)[1].replace(",", ""))
    assert largest > 400
    check_work(game, title, moves, largest)  # no error
    with pytest.raises(LimitError):
        check_work(game, title, moves, largest + 1)


# ------------------------------------------------------------------------------------------ bad input
@pytest.mark.parametrize("call, error, words", [
    (lambda: misere_quotient(3, 5), TypeError, "needs Nim()"),
    (lambda: misere_quotient("0.8", 5), ValueError, "'8'"),
    (lambda: misere_quotient("0.77", -1), ValueError, "max_heap"),
    (lambda: misere_quotient("0.77", "5"), TypeError, "max_heap"),
    (lambda: misere_quotient("0.77", True), TypeError, "max_heap"),
    (lambda: misere_quotient("0.77", 5, test_tokens=2.5), TypeError, "test_tokens"),
    (lambda: misere_quotient("0.77", 5000), LimitError, "12,552,500 moves"),
    (lambda: misere_quotient("0.3", 10**12), LimitError, "MISERE_QUOTIENT_MOVES"),
    (lambda: quotient("0.77", 8).element_of([3, 9]), ValueError, "heap 9 is above max_heap=8"),
    (lambda: quotient("0.77", 8).outcome([9, 12, 3]), ValueError, "heaps 9, 12 are above"),
    (lambda: quotient("0.77", 8).outcome("5 5"), TypeError, "heap"),
    (lambda: quotient("0.77", 8).multiply("a", "d"), ValueError, "'d' is not a generator"),
    (lambda: quotient("0.77", 8).multiply("a", "a+b"), ValueError, "unknown element"),
    (lambda: quotient("0.77", 8).multiply("a", 3), TypeError, "a word in the generators"),
    (lambda: quotient("0.77", 8).name(""), ValueError, "unknown word"),
])
def test_bad_input_gets_a_clear_error(call, error, words):
    with pytest.raises(error, match=words):
        call()
