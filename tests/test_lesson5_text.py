"""Lesson 5's statements a game theorist would change (issue 41), as the lesson now makes them."""

from __future__ import annotations

import nbformat

from tools import lessons

LESSON = next(x for x in lessons.LESSONS if x.slug.startswith("05"))
CELLS = nbformat.read(LESSON.path, as_version=4).cells


def markdown(words: str) -> str:
    found = [c.source for c in CELLS if c.cell_type == "markdown" and words in c.source]
    assert len(found) == 1, words
    return found[0]


def test_both_hypotheses_of_sprague_grundy_have_an_example():
    text = markdown("Chang's notes sum it up in one line")
    assert "Both hypotheses are needed." in text
    assert "Without *finitely many moves*" in text and "Without *always ends*" in text


def test_every_game_is_equivalent_to_a_nim_heap_not_to_nim():
    assert "is equivalent to Nim." not in markdown("Chang's notes sum it up in one line")
    assert "is equivalent to a Nim heap." in markdown("Chang's notes sum it up in one line")


def test_poker_nims_reversible_move_returns_the_heaps_not_the_stocks():
    text = markdown("is called **reversible**")
    assert "to $x$ itself" not in text and "back to the heaps of $x$" in text and "stocks are not as they were" in text
