"""A board figure's text alternative says what the picture shows: the position and its outcome (the title), and
which squares are framed, never a list of "P-positions" that makes no sense for one board."""

from __future__ import annotations

import pytest

from gamelib import Chomp, MockTurtles, TurningTurtles
from gamelib.limits import MAX_PANEL_COIN
from gamelib.plots import board_figure
from tests.figure_words import words_outside


def test_a_coin_board_names_the_coins_marked_and_no_p_positions():
    words = board_figure(MockTurtles(), (1, 4, 6), show_winning_moves=True).text_alternative()
    assert words == "Mock Turtles: heads up: 1, 4, 6, N-position. Marked: coins 6, 5 and 0, a winning move."
    plain = board_figure(TurningTurtles(), (3, 5, 6)).text_alternative()
    assert "P-positions" not in plain and plain == "Turning Turtles: heads up: 3, 5, 6, P-position."


def test_a_chomp_board_names_each_winning_bite():
    words = board_figure(Chomp(2, 3), (3, 3), show_winning_moves=True).text_alternative()
    assert "P-positions" not in words and words.endswith("Marked: row 2, column 3, a winning move.")


def _inside_and_apart(fig):
    """The words outside the figure, and the coin numbers drawn over one another (as (left, right) numbers)."""
    outside = words_outside(fig)
    numbers = next(c for ax in fig.axes for c in ax.collections if c.get_gid() == "axis-numbers")
    boxes = [path.transformed(numbers.get_transform()).get_extents().translated(*offset)
             for path, offset in zip(numbers.get_paths(), numbers.get_offset_transform().transform(
                 numbers.get_offsets()), strict=True)]
    named = sorted(zip(boxes, numbers.texts, strict=True), key=lambda pair: pair[0].x0)
    overlapping = [(a, b) for (box_a, a), (box_b, b) in zip(named, named[1:], strict=False) if box_a.x1 > box_b.x0]
    return outside, overlapping, numbers.texts


@pytest.mark.parametrize("game", [MockTurtles(), TurningTurtles()], ids=["mock", "turtles"])
def test_a_row_of_as_many_coins_as_a_panel_draws_keeps_its_words_inside_and_its_numbers_apart(game):
    first = 0 if isinstance(game, MockTurtles) else 1
    for heads, marked in ((tuple(range(first, first + MAX_PANEL_COIN)), True), ((first, first + 1), False)):
        fig = board_figure(game, heads, show_winning_moves=marked)
        outside, overlapping, numbers = _inside_and_apart(fig)
        assert outside == [] and overlapping == [], (heads, outside, overlapping)
        assert str(first + len(heads) - 1) in numbers or str(first + len(heads) - 2) in numbers  # the far end


def test_the_legend_says_whether_the_frames_are_one_move_or_each_a_move():
    def legend(fig):
        return " ".join(t.get_text().replace("\n", " ") for t in fig.texts)

    assert "Blue frames: each a winning move." in legend(board_figure(Chomp(3, 5), (5, 4, 1), True))  # two bites
    assert "Blue frames: a winning move." in legend(board_figure(Chomp(2, 3), (3, 3), True))  # one bite
    assert "Blue frames: a winning move." in legend(board_figure(TurningTurtles(), (3, 5, 8), True))  # coins 8, 6
