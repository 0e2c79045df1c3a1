"""A Green Hackenbush figure has room for its title and every word it writes, however narrow the picture, and
the live figure is never stretched past the size it was drawn at."""

from __future__ import annotations

import pytest

from gamelib import GreenHackenbush
from gamelib.plots import position_figure
from gamelib.widgets.controls import Figure
from tests.figure_words import words_outside

# Lesson 8's pictures: the play panel's tree, the explorer's tree, the shapes fused, the stalks; and a lone edge.
LESSON_PICTURES = [
    [(0, 1), (1, 2), (2, 3), (1, 4), (0, 5), (5, 6)],
    [(0, 1), (1, 2), (1, 3), (3, 4)],
    [(0, 1), (1, 2), (2, 3), (3, 1)],
    [(0, 1), (1, 2), (2, 3), (3, 4), (4, 1)],
    [(0, 1), (1, 2), (2, 0)],
    list(GreenHackenbush.bamboo(2, 3, 4).edges),
    [(0, 1)],
    [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6)],  # a tall, narrow stalk
]


@pytest.mark.parametrize("edges", LESSON_PICTURES, ids=range(len(LESSON_PICTURES)))
@pytest.mark.parametrize("marked", [False, True])
def test_the_title_lies_inside_the_figure(edges, marked):
    game = GreenHackenbush(edges)
    fig = position_figure(game, game.start, show_winning_moves=marked)
    assert fig.get_suptitle().startswith("Green Hackenbush: ")
    assert words_outside(fig) == []


@pytest.mark.parametrize("edges, standing", [([(0, 1), (1, 2), (0, 3)], ((0, 3),)), ([(0, 1)], ())])
def test_a_game_in_progress_keeps_its_words_inside_and_says_what_grey_edges_are(edges, standing):
    fig = position_figure(GreenHackenbush(edges), standing, show_winning_moves=False)
    assert words_outside(fig) == []
    assert "dotted grey: edges that have fallen" in [t.get_text() for t in fig.texts]


def test_the_live_figure_is_narrowed_to_the_cell_but_never_stretched():
    css = Figure._css
    rule = css[css.index(".gamelib-figure-img"):].split("}")[0]
    assert "max-width: 100%" in rule and "height: auto" in rule
    assert " width: 100%" not in rule.replace("max-width", "")
