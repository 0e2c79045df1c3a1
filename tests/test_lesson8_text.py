"""What lesson 8's text claims, held up against a brute force that knows nothing of gamelib (test_coins.py's bit
masks, brute_hackenbush.py) or against gamelib's own budgets where the claim is about them."""

from __future__ import annotations

import re
from functools import reduce
from itertools import combinations
from operator import xor

import brute_hackenbush as brute
import nbformat
import pytest
from test_coins import as_mask, brute_value, flips

from gamelib import LimitError, RulerGame, grundy
from gamelib.limits import MAX_POSITIONS, MOVES_PER_POSITION
from tools import lessons

LESSON = next(x for x in lessons.LESSONS if x.slug.startswith("08"))
CELLS = nbformat.read(LESSON.path, as_version=4).cells


def markdown(words: str) -> str:
    """The one Markdown cell of lesson 8 that contains ``words``."""
    found = [c.source for c in CELLS if c.cell_type == "markdown" and words in c.source]
    assert len(found) == 1, (words, len(found))
    return found[0]


def number(text: str) -> int:
    return int(text.replace(",", ""))


@pytest.mark.slow
def test_the_ruler_game_search_stops_at_coin_15_for_its_moves_not_its_positions_as_the_lesson_says():
    text = markdown("The search stops at coin 15")
    positions, moves = {1 << 15}, 0
    todo = [1 << 15]
    while todo:
        mask = todo.pop()
        for x in range(1, mask.bit_length()):
            if mask >> x & 1:
                for other in flips("ruler", x, 1):
                    moves += 1
                    after = mask ^ (1 << x) ^ other
                    if after not in positions:
                        positions.add(after)
                        todo.append(after)
    stated = [number(n) for n in re.findall(r"\d{1,3}(?:,\d{3})+", text)]
    assert stated == [len(positions), moves, MOVES_PER_POSITION * MAX_POSITIONS] == [16_385, 860_175, 600_000]
    assert len(positions) < MAX_POSITIONS  # so it is not the positions that stop the search
    with pytest.raises(LimitError, match="600,000 moves"):
        grundy(RulerGame(), (15,))
    assert "300,000 positions" not in text


def test_two_mock_turtles_coins_never_make_a_p_position_and_four_can_as_the_explore_task_says():
    text = markdown("Why can two coins never make a P-position?")
    assert "Find four coins that do" in text and "Find two coins that make a P-position" not in text
    assert not [pair for pair in combinations(range(12), 2) if brute_value("mock", as_mask(pair), 0) == 0]
    fours = [four for four in combinations(range(6), 4) if brute_value("mock", as_mask(four), 0) == 0]
    assert fours == [(0, 1, 2, 3), (0, 1, 4, 5), (2, 3, 4, 5)]


def test_the_fusion_rule_counts_edges_not_cycles_where_cycles_share_an_edge():
    text = markdown("**Fusion principle.**")
    assert "count\nedges, not cycles" in text or "count edges, not cycles" in text
    # Two triangles 1-2-3 and 2-3-4 share the edge (2, 3), on a trunk (0, 1): five loops on the trunk, worth
    # 1 + 1 = 2; counted cycle by cycle (1 ⊕ 1 = 0) they would leave the trunk alone, worth 1.
    diamond = [(0, 1), (1, 2), (1, 3), (2, 3), (2, 4), (3, 4)]
    assert brute.value(diamond) == 1 + reduce(xor, [1] * 5) == 2
    assert brute.value(diamond) != 1 + reduce(xor, [1, 1])
    # The house of exercise 8.8 is the same case with the ground as the shared part's vertex.
    assert brute.value([(0, 1), (0, 2), (1, 2), (1, 3), (2, 3)]) == reduce(xor, [1] * 5) == 1


def test_the_mock_turtles_proof_keeps_one_order_a_below_b():
    text = markdown("*Proof of the theorem*, by induction on $n$")
    assert "a < b" in text and "b < a" not in text


def test_the_coin_turning_theorem_states_both_its_conditions():
    theorem = markdown("> **Theorem.** Take a coin-turning game")
    start = theorem.index("> **Theorem.**")
    statement = " ".join(line[1:].strip() for line in theorem[start:].splitlines() if line.startswith(">"))
    assert "depends only on $x$" in statement and "from heads to tails" in statement
