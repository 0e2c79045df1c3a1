"""Every worked example of the seed texts (see /work/shared/notes/seed-examples.md), and every erratum as a computation.

Expected numbers are the ones printed in the seeds (where the seeds are right) or worked out by hand; tables the
seeds print wrongly are never used as expected values.
"""

import itertools
import json
import re
from functools import cache

import pytest

from gamelib import (
    Chomp,
    GameSum,
    Nim,
    RookGame,
    SubtractionGame,
    TakeAwayGame,
    Wythoff,
    grundy_table,
    label_positions,
    mex,
    nim_sum,
    nonzero_digits,
    outcome,
    ptfn,
    ptfn_two_heaps,
)
from gamelib.analysis import engine
from tools import lessons


class Subtract:
    """The minimal game the engine needs: only moves()."""

    def __init__(self, S):
        self.S = tuple(S)

    def moves(self, n):
        return [n - s for s in self.S if s <= n]


def p_set(text):
    return {i for i, c in enumerate(text) if c == "P"}


# ================================================================ 000 — He & Qin, PTFN

G_1378 = [0, 1, 0, 1, 0, 1, 0, 1, 2, 3, 2, 3, 2, 3, 2, 0, 1, 0, 1, 0, 1, 0]
P_1378 = [0, 2, 4, 6, 15, 17, 19, 21]


def test_1378_grundy_values_0_to_21():
    assert SubtractionGame({1, 3, 7, 8}).grundy_values(22).tolist() == G_1378
    assert [engine.grundy(Subtract({1, 3, 7, 8}), n) for n in range(22)] == G_1378


def test_1378_P_positions_up_to_21():
    assert SubtractionGame({1, 3, 7, 8}).p_positions(22) == P_1378
    assert sorted(p_set(ptfn({1, 3, 7, 8}, 22))) == P_1378
    assert [n for n in range(22) if outcome(Subtract({1, 3, 7, 8}), n) == "P"] == P_1378


def test_1378_follower_sets_from_the_text():
    game = SubtractionGame({1, 3, 7, 8})
    assert game.moves(0) == []
    assert game.moves(1) == [0]
    assert game.moves(2) == [1]
    assert sorted(game.moves(3)) == [0, 2]
    assert sorted(game.moves(21)) == [13, 14, 18, 20]


def test_erratum_figure_1_position_row_is_shifted_from_15_on():
    game = SubtractionGame({1, 3, 7, 8})
    # Figure 1 marks 16, 18 and 20 as P; they are N ...
    assert [game.outcome(n) for n in (16, 18, 20)] == ["N", "N", "N"]
    assert [outcome(Subtract({1, 3, 7, 8}), n) for n in (16, 18, 20)] == ["N", "N", "N"]
    # ... and 15, 17, 19, 21 are the P-positions (Figure 2 has them right)
    assert [game.outcome(n) for n in (15, 17, 19, 21)] == ["P", "P", "P", "P"]
    assert [outcome(Subtract({1, 3, 7, 8}), n) for n in (15, 17, 19, 21)] == ["P", "P", "P", "P"]
    # why 16 is N: taking 1 reaches 15, a P-position
    assert 15 in game.winning_moves(16)


def test_erratum_section_3_names_1379_but_the_figure_is_1378():
    # with S = {1, 3, 7, 9} every move is odd, so the P-positions are the even heaps: not Figure 2's row
    assert SubtractionGame({1, 3, 7, 9}).p_positions(22) == list(range(0, 22, 2))
    assert SubtractionGame({1, 3, 7, 9}).p_positions(22) != P_1378


def test_ptfn_figure_2_final_row():
    assert ptfn({1, 3, 7, 8}, 22) == "".join("P" if n in P_1378 else "N" for n in range(22))


def test_ptfn_algorithm_1_needs_its_guard_near_the_end_of_the_array():
    # the printed loop writes X[i + s] for i up to n; with the guard a table of any length works
    for stop in range(0, 12):
        assert ptfn({1, 3, 7, 8}, stop) == "".join("P" if n in P_1378 else "N" for n in range(stop))


def notes_cells_tagged(tag):
    notes = json.loads((lessons.NOTEBOOKS / "notes-on-the-sources.ipynb").read_text())
    return [cell for cell in notes["cells"] if tag in cell["metadata"].get("tags", [])]


def test_the_notes_transcribe_algorithm_1_and_show_it_writing_past_the_array():
    # Erratum 3 in the notes: the paper's loop, transcribed, in the one cell marked as expected to raise
    [cell] = notes_cells_tagged("raises-exception")
    [stored] = cell["outputs"]
    assert stored["output_type"] == "error" and stored["ename"] == "IndexError"
    namespace: dict = {}
    with pytest.raises(IndexError):  # the call at the end of the cell, as the notebook runs it
        exec("".join(cell["source"]), namespace)
    algorithm_1 = namespace["algorithm_1"]
    # It is the paper's loop: where no P-position lies within 8 of the end (heaps 0 to 14) it labels as ptfn does
    assert "".join("N" if x else "P" for x in algorithm_1([1, 3, 7, 8], 14)) == ptfn({1, 3, 7, 8}, 15)
    with pytest.raises(IndexError):  # heaps 0 to 21, Figure 2: P-position 15 marks 15 + 7 = 22
        algorithm_1([1, 3, 7, 8], 21)
    # the error is the write of line 11, at the cell one past the end
    traceback = re.sub(r"\x1b\[[0-9;]*m", "", "\n".join(stored["traceback"]))  # without its colours
    assert "X[i + s] = 1" in traceback


def inclusive_misere_ptfn(S, stop):
    """The paper's misère start read literally: X[0] .. X[s1] (inclusive) marked N, then the usual scan."""
    s1 = min(S)
    marked = [n <= s1 for n in range(stop)]
    for i in range(stop):
        if not marked[i]:
            for s in S:
                if i + s < stop:
                    marked[i + s] = True
    return "".join("N" if m else "P" for m in marked)


def test_erratum_misere_start_must_not_include_s1():
    S = (1, 3, 7, 8)
    # heap 1 under misère play: the only move is to 0, where the opponent cannot move and so wins
    assert outcome(Subtract(S), 1, misere=True) == "P"
    assert SubtractionGame(S, misere=True).outcome(1) == "P"
    brute = "".join(outcome(Subtract(S), n, misere=True) for n in range(30))
    literal = inclusive_misere_ptfn(S, 30)
    assert literal[1] == "N" and brute[1] == "P"
    assert literal != brute
    # the exclusive start (heaps 0 .. s1 - 1 are the ones without a move) is right
    assert ptfn(S, 30, misere=True) == brute


@pytest.mark.parametrize("S", [(1, 2, 3), (2, 5, 7), (1, 3, 4), (3, 4), (10, 11, 12)])
def test_heap_s1_is_always_a_misere_P_position(S):
    s1 = min(S)
    assert outcome(Subtract(S), s1, misere=True) == "P"
    assert ptfn(S, s1 + 1, misere=True)[s1] == "P"
    assert inclusive_misere_ptfn(S, s1 + 1)[s1] == "N"  # the literal reading gets it wrong


TABLE_A, TABLE_B = SubtractionGame({1, 3, 7, 8}), SubtractionGame({1, 2, 3})


def test_two_heap_ptfn_table_agrees_with_the_grundy_xor_table():
    pn = ptfn_two_heaps({1, 3, 7, 8}, {1, 2, 3}, 16, 16)
    xor = grundy_table(TABLE_A, TABLE_B, 16, 16)
    assert pn.shape == xor.shape == (16, 16)
    assert ((pn == "P") == (xor == 0)).all()
    # and both agree with brute force over the sum's own moves
    both = GameSum(Subtract({1, 3, 7, 8}), Subtract({1, 2, 3}))
    assert all(pn[i, j] == outcome(both, (i, j)) for i in range(16) for j in range(16))


def test_erratum_figure_3_row_8():
    pn = ptfn_two_heaps({1, 3, 7, 8}, {1, 2, 3}, 16, 16)
    xor = grundy_table(TABLE_A, TABLE_B, 16, 16)
    # the printed P/N table marks row 8, columns 5, 8 and 11 as P; the XOR there is 3, 2 and 1
    assert [int(xor[8, c]) for c in (5, 8, 11)] == [3, 2, 1]
    assert [str(pn[8, c]) for c in (5, 8, 11)] == ["N", "N", "N"]
    # by hand: g_A(8) = 2, so row 8 is P exactly where g_B(j) = j mod 4 = 2
    assert [c for c in range(16) if pn[8, c] == "P"] == [2, 6, 10, 14]


def test_erratum_figure_3_xor_row_1():
    # g_A(1) = 1 and g_B(j) = j mod 4, so row 1 is 1 XOR (j mod 4): 1 0 3 2 repeated
    assert grundy_table(TABLE_A, TABLE_B, 16, 16)[1].tolist() == [1, 0, 3, 2] * 4


def test_figure_3_second_set_is_123_not_1234():
    printed_row_0 = [0, 1, 2, 3] * 4  # g_A(0) = 0, so row 0 of the XOR table is the second game's values
    assert grundy_table(TABLE_A, SubtractionGame({1, 2, 3}), 1, 16)[0].tolist() == printed_row_0
    assert grundy_table(TABLE_A, SubtractionGame({1, 2, 3, 4}), 1, 16)[0].tolist() != printed_row_0


def test_wythoff_by_the_two_dimensional_scan():
    table = ptfn_two_heaps(None, None, 30, 30, diagonal=True)
    assert {(a, b) for a in range(30) for b in range(30) if table[a, b] == "P"} == set(Wythoff().p_positions(30))


# ================================================================ 001 — course note 3

def test_S123_follower_sets_and_outcomes_for_x_0_to_10():
    game = SubtractionGame({1, 2, 3})
    F = [set(), {0}, {0, 1}, {0, 1, 2}, {1, 2, 3}, {2, 3, 4}, {3, 4, 5}, {4, 5, 6}, {5, 6, 7}, {6, 7, 8}, {7, 8, 9}]
    assert [set(game.moves(x)) for x in range(11)] == F
    assert game.outcomes(11) == "PNNNPNNNPNN"


def test_S123_P_iff_divisible_by_4():
    game = SubtractionGame({1, 2, 3})
    assert game.p_positions(400) == list(range(0, 400, 4))
    assert all(outcome(Subtract({1, 2, 3}), x) == ("P" if x % 4 == 0 else "N") for x in range(60))
    assert game.outcome(4 * 10**15) == "P" and game.outcome(4 * 10**15 + 3) == "N"


def test_labelling_algorithm_on_S123():
    labels = label_positions(SubtractionGame({1, 2, 3}), range(11)).labels
    assert "".join(labels[x] for x in range(11)) == "PNNNPNNNPNN"


def test_terminal_positions_P_in_normal_N_in_misere():
    assert SubtractionGame({1, 2, 3}).outcome(0) == "P"
    assert SubtractionGame({1, 2, 3}, misere=True).outcome(0) == "N"


# ================================================================ 002 — textbook §3.2

def test_S123_grundy_values_0_to_13():
    assert SubtractionGame({1, 2, 3}).grundy_values(14).tolist() == [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1]


def test_S123_mex_computations_for_0_to_4():
    g = SubtractionGame({1, 2, 3}).grundy_values(5).tolist()
    assert mex([]) == g[0] == 0
    assert mex([g[0]]) == g[1] == 1
    assert mex([g[0], g[1]]) == g[2] == 2
    assert mex([g[0], g[1], g[2]]) == g[3] == 3
    assert [g[1], g[2], g[3]] == [1, 2, 3] and mex([g[1], g[2], g[3]]) == g[4] == 0


def test_S23_grundy_values_and_heaps_9_and_10():
    game = SubtractionGame({2, 3})
    assert game.grundy_values(14).tolist() == [0, 0, 1, 1, 2, 0, 0, 1, 1, 2, 0, 0, 1, 1]
    assert game.outcome(9) == "N" and game.outcome(10) == "P"


G_257 = [0, 0, 1, 1, 0, 2, 1, 3, 2, 2, 0, 3, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2]


def test_S257_grundy_values_0_to_21():
    assert SubtractionGame({2, 5, 7}).grundy_values(22).tolist() == G_257
    assert [engine.grundy(Subtract({2, 5, 7}), n) for n in range(22)] == G_257


def test_S257_grundy_scale_under_7_and_8():
    g = SubtractionGame({2, 5, 7}).grundy_values(10).tolist()
    scale = (2, 5, 7)
    assert [g[7 - s] for s in scale] == [2, 1, 0] and mex([2, 1, 0]) == 3 == g[7]
    assert [g[8 - s] for s in scale] == [1, 1, 0] and mex([1, 1, 0]) == 2 == g[8]
    assert mex([g[9 - s] for s in scale]) == g[9] == 2


def test_S257_period_22_from_the_start():
    p = SubtractionGame({2, 5, 7}).periodicity()
    assert (p.preperiod, p.period) == (0, 22)
    assert list(p.block) == G_257
    assert p.proven
    # and the next 22 values, computed by the engine, repeat the printed row
    assert [engine.grundy(Subtract({2, 5, 7}), n) for n in range(22, 44)] == G_257


def test_grundy_values_never_exceed_the_size_of_S():
    for S in [(1, 2, 3), (2, 3), (2, 5, 7), (1, 3, 7, 8), (1, 2, 4, 8, 16), (3, 5, 6, 9, 10, 13)]:
        values = SubtractionGame(S).grundy_values(500)
        assert values.max() <= len(S)


def test_pigeonhole_bound_of_the_textbook():
    assert SubtractionGame({2, 5, 7}).periodicity().pigeonhole_bound == 7 * (3 + 1) ** 7
    assert SubtractionGame({2, 5, 7}).periodicity().period <= 7 * 4**7


# ================================================================ 003 — blog, simple take-away game

def test_S134_P_positions():
    game = SubtractionGame({1, 3, 4})
    assert game.p_positions(24) == [0, 2, 7, 9, 14, 16, 21, 23]
    assert game.p_positions(700) == [n for n in range(700) if n % 7 in (0, 2)]


def test_S134_21_is_P_with_the_replies_from_17_18_20():
    game = SubtractionGame({1, 3, 4})
    assert game.outcome(21) == "P"
    assert sorted(game.moves(21)) == [17, 18, 20]
    assert sorted(game.winning_moves(17)) == [14, 16]
    assert game.winning_moves(18) == [14]
    assert game.winning_moves(20) == [16]
    assert outcome(Subtract({1, 3, 4}), 21) == "P"


def test_erratum_blog_rule_for_P_needs_the_words_an_N_position():
    # As printed ("every move takes us to a position") the rule holds for every heap; with "an N-position"
    # it picks exactly the P-positions. Lesson 1 shows both lists.
    game = SubtractionGame({1, 3, 4})
    as_printed = [n for n in range(15) if all(m >= 0 for m in game.moves(n))]
    as_meant = [n for n in range(15) if all(outcome(Subtract({1, 3, 4}), m) == "N" for m in game.moves(n))]
    assert as_printed == list(range(15))
    assert as_meant == [0, 2, 7, 9, 14] == game.p_positions(15)


def test_S134_labelling_iterations_of_the_blog():
    steps = label_positions(SubtractionGame({1, 3, 4}), range(24)).steps

    def labelled_after(k, label):
        return {p for step in steps[:k] for p, x in step.labelled.items() if x == label}

    # first iteration (terminal, N, P): P = {0, 2}, N = {1, 3, 4}
    assert labelled_after(3, "P") == {0, 2} and labelled_after(3, "N") == {1, 3, 4}
    # second iteration: P = {0, 2, 7}, N = {1, 3, 4, 5, 6}
    assert labelled_after(5, "P") == {0, 2, 7} and labelled_after(5, "N") == {1, 3, 4, 5, 6}


def test_digit_game_P_iff_multiple_of_10():
    game = TakeAwayGame(nonzero_digits)
    assert game.p_positions(2001) == list(range(0, 2001, 10))
    steps = label_positions(game, range(20)).steps
    assert set(steps[0].labelled) == {0}
    assert set(steps[1].labelled) == set(range(1, 10))
    assert set(steps[2].labelled) == {10}
    assert all(game.outcome(n) == "N" for n in range(11, 20))


# ================================================================ 004 — Chang's notes

def test_S12_P_iff_divisible_by_3():
    assert SubtractionGame({1, 2}).p_positions(300) == list(range(0, 300, 3))
    assert all(outcome(Subtract({1, 2}), n) == ("P" if n % 3 == 0 else "N") for n in range(60))


def test_two_pile_nim_P_iff_equal():
    assert Nim().outcome((1, 1)) == "P"
    assert all(Nim().outcome((1, a)) == "N" for a in range(2, 20))
    assert all(Nim().outcome((a, b)) == ("P" if a == b else "N") for a in range(15) for b in range(15))


CHANG_TABLE = {
    1: [(1, 2, 3), (1, 4, 5), (1, 6, 7), (1, 8, 9), (1, 10, 11), (1, 12, 13)],
    2: [(2, 4, 6), (2, 5, 7), (2, 8, 10), (2, 9, 11), (2, 12, 14), (2, 13, 15)],
    3: [(3, 4, 7), (3, 5, 6), (3, 8, 11), (3, 9, 10), (3, 12, 15), (3, 13, 14)],
    4: [(4, 8, 12), (4, 9, 13), (4, 10, 14), (4, 11, 15)],
    5: [(5, 8, 13), (5, 9, 12), (5, 10, 15), (5, 11, 14)],
}


@cache
def nim_outcome(heaps):
    """Brute-force outcome of a Nim position given as a sorted tuple (normal play)."""
    followers = {tuple(sorted(heaps[:i] + (t,) + heaps[i + 1:])) for i, h in enumerate(heaps) for t in range(h)}
    return "N" if any(nim_outcome(f) == "P" for f in followers) else "P"


@pytest.mark.parametrize("smallest", sorted(CHANG_TABLE))
def test_chang_three_pile_table_lists_exactly_the_P_positions(smallest):
    listed = CHANG_TABLE[smallest]
    for triple in listed:
        assert Nim().outcome(triple) == "P", triple
        assert engine.outcome(Nim(), triple) == "P", triple
    # the rows list every P-triple s <= a <= b with this smallest pile s and middle pile a <= 13
    candidates = [(smallest, a, b) for a in range(smallest, 14) for b in range(a, 32)]
    assert [t for t in candidates if nim_outcome(t) == "P"] == listed
    assert [t for t in candidates if Nim().outcome(t) == "P"] == listed


def test_nim_sums_of_the_notes():
    assert nim_sum(5, 9, 12) == 0
    assert nim_sum(3, 11, 14) == 6
    assert Nim().outcome((5, 9, 12)) == "P" and Nim().outcome((3, 11, 14)) == "N"


@pytest.mark.parametrize("triple", [(1, 4, 5), (2, 4, 6), (3, 12, 15), (4, 8, 12), (5, 9, 12)])
def test_binary_columns_of_P_positions_have_even_parity(triple):
    for bit in range(5):
        assert sum((h >> bit) & 1 for h in triple) % 2 == 0
    assert nim_sum(*triple) == 0


def test_chomp_3_by_5_example_moves_are_legal():
    game = Chomp(3, 5)
    assert game.start == (5, 5, 5)
    # the first pictures are garbled in our copy; the later ones read (5, 4, 4), (5, 4, 1), (1, 1, 1)
    assert any((5, 4, 4) in game.moves(first) for first in game.moves(game.start))
    assert (5, 4, 1) in game.moves((5, 4, 4))
    assert (1, 1, 1) in game.moves((5, 4, 1))
    # gamelib's judgement of the last picture: the player to move bites below the poison and wins
    assert game.winning_moves((1, 1, 1)) == [(1, 0, 0)]
    assert game.outcome((1, 0, 0)) == "P"


def test_rook_game_is_two_heap_nim():
    assert all(RookGame().outcome((x, y)) == Nim().outcome((x, y)) for x in range(12) for y in range(12))


def test_misere_nim_single_heap_of_one_is_P():
    assert Nim(misere=True).outcome((1,)) == "P"
    assert engine.outcome(Nim(), (1,), misere=True) == "P"


def test_more_subtraction_sets_of_the_notes():
    # {1, 3}: every move is odd, so P exactly at even heaps
    assert SubtractionGame({1, 3}).p_positions(100) == list(range(0, 100, 2))
    # {10, 11, 12}: heaps 0..9 have no move (P); 10..21 reach one of them; 22 only reaches 10..12
    assert SubtractionGame({10, 11, 12}).p_positions(100) == [n for n in range(100) if n % 22 < 10]
    # powers of 2 (all that fit in the heap): P exactly at multiples of 3
    powers = TakeAwayGame(lambda n: [1 << k for k in range(n.bit_length())])
    assert powers.p_positions(200) == list(range(0, 200, 3))
    # {2, 3, 5, 7}: checked against the engine
    assert SubtractionGame({2, 3, 5, 7}).outcomes(80) == "".join(
        outcome(Subtract({2, 3, 5, 7}), n) for n in range(80))


def test_sprague_grundy_a_sum_of_nim_chomp_and_rook():
    chomp = Chomp(2, 3)
    game = GameSum(Nim(), chomp, RookGame())
    for nim_heaps, bar, square in itertools.product([(1,), (2, 3)], [(3, 3), (3, 1), (2, 2)], [(1, 0), (2, 3)]):
        position = (nim_heaps, bar, square)
        expected = nim_sum(*nim_heaps) ^ chomp.grundy(bar) ^ (square[0] ^ square[1])
        assert engine.grundy(game, position) == expected
    # a Chomp bar is equivalent to the Nim heap of its Grundy value: their sum is a P-position
    g = chomp.grundy((3, 3))
    assert engine.outcome(GameSum(chomp, Nim()), ((3, 3), (g,))) == "P"
