"""A board figure's text alternative says what the picture shows: the position and its outcome (the title), and
which squares are framed, never a list of "P-positions" that makes no sense for one board."""

from __future__ import annotations

from gamelib import Chomp, MockTurtles, TurningTurtles
from gamelib.plots import board_figure


def test_a_coin_board_names_the_coins_marked_and_no_p_positions():
    words = board_figure(MockTurtles(), (1, 4, 6), show_winning_moves=True).text_alternative()
    assert words == "Mock Turtles: heads up: 1, 4, 6, N-position. Marked: coins 6, 5 and 0, a winning move."
    plain = board_figure(TurningTurtles(), (3, 5, 6)).text_alternative()
    assert "P-positions" not in plain and plain == "Turning Turtles: heads up: 3, 5, 6, P-position."


def test_a_chomp_board_names_each_winning_bite():
    words = board_figure(Chomp(2, 3), (3, 3), show_winning_moves=True).text_alternative()
    assert "P-positions" not in words and words.endswith("Marked: row 2, column 3, a winning move.")
