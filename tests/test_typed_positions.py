"""Typed positions are read as typed or refused with the reason: nothing is quietly changed (a coin listed twice,
a stray separator, a path typed as one edge), and the examples in a message are in the box's own format."""

from __future__ import annotations

import pytest

from gamelib import GreenHackenbush, MockTurtles, RulerGame, TurningTurtles
from gamelib.games.hackenbush import PICTURE_LIMIT
from gamelib.widgets import hackenbush_explorer, play_game, position_explorer


@pytest.mark.parametrize("game", [TurningTurtles(), MockTurtles(), RulerGame()])
def test_a_coin_listed_twice_is_refused_naming_it(game):
    with pytest.raises(ValueError, match="'3, 3, 5' lists coin 3 twice"):
        game.read_position("3, 3, 5")
    assert game.read_position("5, 3") == (3, 5)


def test_the_coin_panels_refuse_a_coin_listed_twice():
    w = position_explorer(MockTurtles(), "1, 4, 6")
    w.position_box.value = "5, 5"
    assert "lists coin 5 twice" in w.status_text and not w.image.value
    panel = play_game(TurningTurtles(), "3, 5")
    panel.start_box.value = "3, 3, 5"
    assert not panel.new_game() and "lists coin 3 twice" in panel.status_text and panel.position == (3, 5)


@pytest.mark.parametrize("text, words", [
    ("0-1, 1-2;", "'0-1, 1-2;' ends with ';' after its last edge"),
    ("0-1, 1-2,", "ends with ',' after its last edge"),
    ("; 0-1", "starts with ';' before its first edge"),
    ("0-1-2", "'0-1-2' is not an edge: an edge joins two vertices, written u-v (such as 0-1); write the path 0-1-2 "
              "as '0-1, 1-2'"),
])
def test_a_typed_picture_with_stray_text_is_refused_naming_it(text, words):
    with pytest.raises(ValueError) as refused:
        PICTURE_LIMIT.read_edges(text)
    assert words in str(refused.value)


def test_separators_between_edges_are_still_read():
    assert PICTURE_LIMIT.read_edges(" 0-1; 1-2 ,(1, 3) ") == ((0, 1), (1, 2), (1, 3))


def test_a_typed_picture_cut_off_the_ground_gets_its_example_in_the_box_format():
    with pytest.raises(ValueError) as typed:
        GreenHackenbush.from_text("0-1, 2-3")
    assert str(typed.value) == ("edge 2-3 of the picture is not joined to the ground (vertex 0) by a path of edges; "
                                "every edge must be, e.g. '0-1, 1-2, 1-3'")
    with pytest.raises(ValueError, match=r"edge \(2, 3\) .* e.g. \[\(0, 1\)"):  # from Python: Python's format
        GreenHackenbush([(0, 1), (2, 3)])
    w = hackenbush_explorer()
    w.picture_box.value = "0-1, 2-3"
    assert "edge 2-3 of the picture" in w.status_text and "[(" not in w.status_text
