"""A kit call reads the forms the kit's own panels take: a graph typed as in its explorer (``"0-1, 0-2"``), a
set as in the panels (``"1, 3, 4"``), a position as in an explorer's box; and a wrong argument is refused in one
sentence naming the value and what is expected (the kernel extension shows it as one line:
tests/test_kit_settings.py)."""

from __future__ import annotations

import pytest

from gamelib import DigraphGame, GreenHackenbush, MooresNim, Nim, NodeKayles, StaircaseNim, SubtractionGame
from gamelib.plots import position_figure
from gamelib.widgets import play_subtraction


@pytest.mark.parametrize(("typed", "given"), [
    (lambda: NodeKayles("0-1, 0-2, 1-2"), lambda: NodeKayles([(0, 1), (0, 2), (1, 2)])),
    (lambda: DigraphGame("0-1, 1-2, (0, 2)"), lambda: DigraphGame([(0, 1), (1, 2), (0, 2)])),
    (lambda: GreenHackenbush("0-1, 1-2, 1-3"), lambda: GreenHackenbush([(0, 1), (1, 2), (1, 3)])),
    (lambda: SubtractionGame("{4, 1, 3}"), lambda: SubtractionGame({1, 3, 4})),
])
def test_a_constructor_reads_what_its_panel_takes(typed, given):
    assert repr(typed()) == repr(given())


def test_a_figure_takes_a_position_typed_as_its_explorer_takes_it():
    for game, typed, position in [(MooresNim(2), "3, 5, 6, 7", (3, 5, 6, 7)), (StaircaseNim(), "3, 0, 5", (3, 0, 5)),
                                  (SubtractionGame({1, 2}), "7", 7)]:
        assert position_figure(game, typed).text_alternative() == position_figure(game, position).text_alternative()


@pytest.mark.parametrize(("call", "words"), [
    (lambda: NodeKayles("0-1, 0-2, …"), "'…' is not an edge"),
    (lambda: NodeKayles([(0, 1), (1, 2), ...]), "edges item 3 is ... (Ellipsis), which stands for the edges left out"),
    (lambda: DigraphGame("0-1, 1>2"), "'1>2' is not an arc; write each arc as u-v"),
    (lambda: DigraphGame("0-1-2"), "is not an arc: an arc joins two vertices"),
    (lambda: SubtractionGame("1, x"), "'x' is not a number"),
])
def test_a_wrong_argument_is_refused_in_one_sentence_naming_it(call, words):
    with pytest.raises(ValueError) as refused:
        call()
    message = str(refused.value)
    assert words in message and "\n" not in message, message


@pytest.mark.parametrize("call", [
    lambda: Nim().grundy((2.0, 3)),
    lambda: play_subtraction("1, 2, 3", 6).move(2.0),
    lambda: Nim().read_position("2.0, 3"),
])
def test_a_whole_number_written_with_a_decimal_point_is_told_so_not_that_it_is_not_whole(call):
    with pytest.raises((TypeError, ValueError)) as refused:
        call()
    message = str(refused.value)
    assert "not a whole number" not in message and "decimal point" in message and "2" in message, message


def test_the_digraph_explorer_says_arc_as_the_lesson_does_never_edge():
    from gamelib.widgets import digraph_explorer, kayles_explorer

    w = digraph_explorer("0-1, 1-2", token=0)
    for typed in ["0-1, 1>2", "0-1-2", "", ", ".join(f"{i}-{i + 1}" for i in range(26)), "(0, 1) x"]:
        w.arcs_box.value = typed
        assert " arc" in w.status_text and "edge" not in w.status_text, (typed, w.status_text)
    kayles = kayles_explorer("0-1, 1-2")
    kayles.edges_box.value = "0-1, 1>2"
    assert "'1>2' is not an edge" in kayles.status_text  # Node Kayles is played on edges


@pytest.mark.parametrize(("call", "said"), [
    (lambda: Nim().outcome("1, 2, 3"), ": write (1, 2, 3), without quotes"),
    (lambda: StaircaseNim().outcome("(3 0 5)"), ": write (3, 0, 5), without quotes"),
    (lambda: MooresNim(2).grundy("7"), ": write (7,), without quotes"),
    (lambda: NodeKayles("0-1, 1-2").grundy("0, 2"), ": write (0, 2), without quotes"),
    (lambda: SubtractionGame("1, 3, 4").outcome("7"), ": write 7, without quotes"),
    (lambda: MooresNim("2"), ": write 2, without quotes"),
])
def test_numbers_given_as_text_where_a_call_wants_numbers_are_shown_as_the_call_takes_them(call, said):
    # Before: "got '1, 2, 3'" and nothing more: a student who typed a panel's form into a call was not told how.
    with pytest.raises(TypeError) as refused:
        call()
    assert str(refused.value).endswith(said), str(refused.value)


@pytest.mark.parametrize("text", ["x", "1, x", "1; 2", "0b101", "(1, 2", "1" * 10, "1, " * 40 + "1"])
def test_text_that_is_not_plain_numbers_gets_no_suggestion(text):
    with pytest.raises(TypeError) as refused:
        Nim().outcome(text)
    assert "without quotes" not in str(refused.value), str(refused.value)


@pytest.mark.parametrize(("call", "said"), [
    (lambda: Nim().outcome((1, -2)), "heap 2 of position (1, -2) must be at least 0, got -2"),
    (lambda: GreenHackenbush.bamboo(1, -2), "stalk 2 must be at least 0, got -2"),
    (lambda: DigraphGame([(0, 1), (1, 2, 3)]), "arcs item 2, (1, 2, 3), is not a pair"),
])
def test_a_refused_item_is_counted_from_1_as_people_count(call, said):
    # Before: 'heap 1 of position' and 'stalk 1' named the second item, counted from 0 as Python indexes.
    with pytest.raises(ValueError) as refused:
        call()
    assert str(refused.value).startswith(said), str(refused.value)
