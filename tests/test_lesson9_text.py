"""Every number lesson 9 prints or states, held up against the definitions (brute_lesson9.py and brute.py, no
gamelib): the executed notebook's outputs are read back, and the claims in its text are recomputed."""

from __future__ import annotations

import ast
import re
from functools import reduce
from itertools import product
from operator import xor

import brute_lesson9 as b9
import nbformat

from tools import lessons

import brute

LESSON = next(x for x in lessons.LESSONS if x.slug.startswith("09"))
CELLS = nbformat.read(LESSON.path, as_version=4).cells
LASKER = b9.lasker_values(201)
KAYLES_EDGES = [(0, 1), (1, 2), (2, 3), (3, 0), (2, 4), (4, 5)]


def printed(code: str) -> str:
    """The text the one code cell containing ``code`` printed."""
    found = [c for c in CELLS if c.cell_type == "code" and code in c.source]
    assert len(found) == 1, code
    return "".join(o.get("text", "") for o in found[0].outputs if o.output_type == "stream")


def markdown(words: str) -> str:
    found = [c.source for c in CELLS if c.cell_type == "markdown" and words in c.source]
    assert len(found) == 1, words
    return found[0]


def lists(text: str) -> list:
    """Every Python list literal printed in ``text``."""
    return [ast.literal_eval(m) for m in re.findall(r"\[[^\[\]]*\]", text)]


def test_staircase_counts_and_winning_moves():
    positions = list(product(range(5), repeat=4))
    agree = sum(b9.staircase_value(p) == reduce(xor, p[::2]) for p in positions)
    assert f"{agree} of {len(positions)} positions" in printed("positions = list(product(range(5), repeat=4))")
    text = printed("print(stairs.value_text((1, 4, 2, 3)))")
    assert f"= {1 ^ 2}" in text
    wins = [m for m in b9.staircase_moves((1, 4, 2, 3)) if b9.staircase_value(m) == 0]
    assert sorted(lists(text)[0]) == sorted(wins)


def test_moore_counts_outcomes_and_the_winning_move():
    heaps = [h for h in product(range(6), repeat=4) if list(h) == sorted(h)]
    text = printed("for k in (1, 2, 3):")
    for k in (1, 2, 3):
        assert f"k = {k}: the theorem and the search agree on {len(heaps)} of {len(heaps)}" in text
    text = printed("moore = MooresNim(2)")
    assert b9.moore_is_p((3, 5, 6, 7), 2) and "-> P" in text.splitlines()[0]
    assert not b9.moore_is_p((1, 2, 3), 2) and "-> N" in text.splitlines()[1]
    wins = [m for m in b9.moore_moves((1, 2, 3), 2) if b9.moore_is_p(tuple(sorted(m)), 2)]
    assert lists(text.splitlines()[2])[0] == wins == [(1, 1, 1)]
    assert 3 ^ 5 ^ 6 ^ 7 == 7 and "although their nim-sum is 7" in markdown("although their nim-sum is 7")
    text = printed('print("g(1, n) for n = 0 to 7:"')
    assert lists(text)[0] == [b9.moore_value((min(1, n), max(1, n)), 2) for n in range(8)]
    assert f"g(1, 2, 3) = {b9.moore_value((1, 2, 3), 2)}" in text and f"(k = 1): {b9.moore_value((1, 2, 3), 1)}" in text


def test_lasker_values_the_sum_and_its_splits():
    assert lists(printed("print([grundy(lasker, (n,)) for n in range(17)])"))[0] == LASKER[:17]
    text = printed("by_pattern = lasker.grundy_values(201).tolist()")
    assert "agrees to 20: True" in text and f"g(200) = {LASKER[200]}" in text
    assert f"2 ⊕ 5 ⊕ 8 = {LASKER[2] ^ LASKER[5] ^ LASKER[7]}" in text and LASKER[7] == 8
    rest = LASKER[2] ^ LASKER[5]
    split_wins = {tuple(sorted((2, 5, a, 7 - a))) for a in range(1, 7) if rest ^ LASKER[a] ^ LASKER[7 - a] == 0}
    take_wins = {tuple(sorted(h for h in (2, 5, m) if h)) for m in range(7) if rest ^ LASKER[m] == 0}
    assert not take_wins and sorted(split_wins) == lists(text.splitlines()[1])[0]
    assert LASKER[8] == 7 and 8 ^ 15 == 7  # "the heap worth 7 is heap 8"


def test_graphs_values_and_the_subtraction_game():
    text = printed("graph = DigraphGame([(0, 1), (1, 2), (0, 2), (2, 3)])")
    values = b9.digraph_values([(0, 1), (1, 2), (0, 2), (2, 3)])
    assert ast.literal_eval(text.split("  P-positions")[0]) == values
    assert lists(text.splitlines()[0])[0] == sorted(v for v, g in values.items() if g == 0)
    assert "cycle, 0 → 1 → 2 → 0" in text
    text = printed("S = {1, 3, 4}")
    assert lists(text)[0] == lists(text)[1] == brute.grundy_sequence({1, 3, 4}, 15)


def test_node_kayles_square_with_a_tail():
    every = frozenset(range(6))
    neighbours = {v: {w for e in KAYLES_EDGES for w in e if v in e} for v in every}
    text = printed("kayles.winning_picks(kayles.start)")
    assert f"g = {b9.kayles_value(every, KAYLES_EDGES)} (one piece)" in text
    wins = [v for v in sorted(every) if b9.kayles_value(every - neighbours[v], KAYLES_EDGES) == 0]
    assert lists(text.splitlines()[0])[0] == wins
    for vertex, value in [(2, 0), (3, 0), (4, 2)]:
        assert b9.kayles_value(every - neighbours[vertex], KAYLES_EDGES) == value
        assert f"pick vertex {vertex}: leaves" in text
    assert "removes 1, 2, 3 and 4" in markdown("Picking vertex 2 removes")


def test_dawsons_chess_values_p_positions_and_period():
    by_rule = b9.dawsons_chess_values(200)
    text = printed("paths = [NodeKayles.path(n)")
    assert lists(text)[0] == by_rule[1:31]
    assert lists(text)[1] == [n for n in range(1, 60) if by_rule[n] == 0]
    period_text = printed("period = octal.periodicity()")
    preperiod, period, proven = period_text.split()
    preperiod, period = int(preperiod), int(period)
    assert proven == "True" and all(by_rule[n] == by_rule[n + period] for n in range(preperiod, 200 - period))
    assert by_rule[preperiod - 1] != by_rule[preperiod - 1 + period]


# --- The statements a game theorist would change (issue 41), each as the lesson now makes it


def test_a_sum_of_moore_positions_is_described_right_and_shown_not_to_nim_add():
    # Was: "a sum of two Moore's Nim positions is *not* a Moore's Nim position: a move there may touch k heaps of
    # each part" (in a sum a move touches one part; the single Moore position lets one move take from both).
    text = markdown("The theorem gives the **outcome**")
    assert "touch $k$ heaps of each part" not in text and ") (" not in text
    assert "a move is made in one group only" in text and "up to $k$ heaps in all" in text
    assert all(b9.moore_value(tuple(sorted((a, c))), 2) == a + c for a in range(5) for c in range(5))  # "a + b"
    printed_ = printed('print("g(1) ⊕ g(2, 3) =",')
    one, two_three, whole = b9.moore_value((1,), 2), b9.moore_value((2, 3), 2), b9.moore_value((1, 2, 3), 2)
    assert f"g(1) ⊕ g(2, 3) = {one} ⊕ {two_three} = {one ^ two_three}" in printed_ and one ^ two_three != whole


def test_the_moore_proof_gives_the_heaps_already_in_c_a_0_when_r_plus_c_is_at_most_k():
    text = markdown("3. *From an unbalanced position some move balances it.*")
    case = text[text.index("If $r + c \\le k$"):]
    assert case.index("give every heap of $C$ a 0") < case.index("add to $C$ $r$ heaps")


def test_the_summary_says_finite_and_what_a_cycle_does_as_ferguson_3_4():
    summary = markdown("## Summary")
    assert "**finite directed graph without cycles** is a game" in summary
    assert "the function is not defined" not in summary and "Ferguson §3.4" in summary
    cycles = markdown("On a graph with a **cycle**")
    assert "both $g(0) = 0, g(1) = 1$ and $g(0) = 1, g(1) = 0$" in cycles and "no\nvalues do" in cycles
    assert "$g = 0$ mean a P-position any more" in cycles
    # The search the lesson prints, and the facts themselves, from the definitions (no gamelib).
    text = printed("for arcs in ([(0, 1), (1, 0)], [(0, 1), (1, 2), (2, 0)]):")
    for arcs in ([(0, 1), (1, 0)], [(0, 1), (1, 2), (2, 0)]):
        n = len(arcs)
        fits = [g for g in product(range(n + 1), repeat=n)
                if all(g[u] == b9.mex(g[v] for w, v in arcs if w == u) for u in range(n))]
        assert f"a cycle of {n}: the mex rule holds for {len(fits)} ways of giving values: {fits}" in text
    assert "for 2 ways" in text and "for 0 ways" in text


def test_the_heap_200_remark_is_made_once_and_the_intro_does_not_say_search_is_the_only_method():
    every = "\n".join(c.source for c in CELLS if c.cell_type == "markdown")
    assert every.count("200") == 1
    intro = markdown("## What you will learn")
    assert "searching is the only method known" not in intro and "octal game" in intro
    assert "Search is the only general method" not in every


def test_dawson_posed_his_game_misere():
    text = markdown("In **Dawson's chess**")
    assert "Dawson posed it as a misère game" in text and "last-move-wins rule" not in text


def test_the_exercises_say_which_order_they_want_and_each_has_its_practice():
    assert "the order says which heaps your move took from" in markdown("**Exercise 9.4**")
    assert "in any order" in markdown("**Exercise 9.6**")
    code = [c.source.strip() for c in CELLS if c.cell_type == "code"]
    for k in range(1, 11):
        assert code[code.index(f'answer = None\ncheck("9.{k}", answer)') + 1] == f'practice("9.{k}")'
