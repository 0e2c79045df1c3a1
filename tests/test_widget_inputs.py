"""Plots, widgets and the play panel under hostile input: sizes, generators, non-integers and non-bools are
refused at once with an error naming the value (or a message in the panel), never taken at face value."""

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamelib
from gamelib import SubtractionGame, play, plots, widgets
from gamelib.arguments import LimitError
from gamelib.games import nim
from gamelib.games.octal import OctalGame
from gamelib.limits import PLOT_OCTAL_SEARCH
from gamelib.plots.one_heap import octal_search_budget

from work import CALL_BUDGET, calls_made

GAME = SubtractionGame({1, 3, 4})


# --- figure sizes --------------------------------------------------------------------------------------

@pytest.mark.parametrize("size", [0, -1, 0.5, 200, 1e9, math.nan, math.inf])
def test_figure_sizes_out_of_range_are_refused_with_the_limit(size):
    with pytest.raises(LimitError, match=r"from 3\.0 to 20\.0 inches"):
        plots.wythoff_heatmap(10, width=size)
    with pytest.raises(LimitError, match="height"):
        plots.wythoff_heatmap(10, height=size)


def test_the_huge_wythoff_picture_is_refused_before_drawing():
    def draw():
        with pytest.raises(LimitError, match="width=200"):
            plots.wythoff_heatmap(100, width=200, height=200)

    calls, _ = calls_made(draw)
    assert calls < 5_000, calls  # refused from its arguments: no figure was started


@pytest.mark.parametrize("draw", [
    lambda w: plots.sequence_strip(GAME, 10, width=w),
    lambda w: plots.outcome_strips([GAME], 10, width=w),
    lambda w: plots.grundy_scale(GAME, 5, width=w),
    lambda w: plots.game_graph(GAME, 5, width=w),
    lambda w: plots.labelling_figure(GAME, 5, width=w),
    lambda w: plots.sum_heatmap(GAME, GAME, 4, 4, width=w),
    lambda w: plots.period_heatmap(5, width=w),
    lambda w: plots.nim_binary_table((1, 2), width=w),
    lambda w: plots.chomp_board((3, 2), width=w),
], ids=["sequence_strip", "outcome_strips", "grundy_scale", "game_graph", "labelling_figure", "sum_heatmap",
        "period_heatmap", "nim_binary_table", "chomp_board"])
def test_every_figure_checks_its_width(draw):
    with pytest.raises(LimitError, match="width"):
        draw(0)
    with pytest.raises(TypeError, match="width"):
        draw("8")
    assert draw(8.0).get_size_inches()[0] == pytest.approx(8.0)


# --- the period search behind a strip ------------------------------------------------------------------

def test_strips_of_octal_games_bound_their_period_search():
    # Treblecross has no known period; long codes split heaps many ways. The strip's search is bounded, and
    # a period the lessons rely on is still proven.
    assert octal_search_budget(OctalGame("0.007")) == PLOT_OCTAL_SEARCH
    assert octal_search_budget(OctalGame("0." + "6" * 30)) < PLOT_OCTAL_SEARCH
    assert octal_search_budget(GAME) is None
    assert plots.sequence_strip(OctalGame("0.156"), 40).plotted["pattern"] == (3479, 349, True)
    for code in ("0.007", "0." + "6" * 30):
        game = OctalGame(code)
        fig = plots.sequence_strip(game, 200)
        # the work done, not the time taken: the search stopped within its budget of heaps (the 30-digit
        # code's whole budget once took 7 s here, when it was 8192)
        assert 200 <= len(game._table) <= octal_search_budget(game)
        assert fig.plotted["pattern"] is None or not fig.plotted["pattern"][2]


# --- generators, huge ranges and unclear errors ----------------------------------------------------------

@pytest.mark.parametrize("request_", [
    lambda: gamelib.remoteness_table(itertools.count(1), 10),
    lambda: gamelib.remoteness_table(range(1, 1001), 10**6),
    lambda: play.PlaySession(SubtractionGame.from_set(itertools.count(1)), 10),
    lambda: gamelib.nim_remoteness(itertools.count()),
    lambda: gamelib.nim_remoteness((10**9, 10**9)),
    lambda: gamelib.nim_remoteness((12,) * 40),
    lambda: gamelib.remoteness(SubtractionGame({1}), 10**9),
    lambda: widgets.subtraction_explorer(range(1, 10**9)),
    lambda: plots.outcome_strips(itertools.repeat(GAME)),
], ids=["remoteness_table-count", "remoteness_table-work", "PlaySession-count", "nim_remoteness-count",
        "nim_remoteness-huge", "nim_remoteness-many", "remoteness-huge",
        "subtraction_explorer-range", "outcome_strips-repeat"])
def test_generators_and_huge_requests_are_refused_at_once(request_):
    def ask():
        with pytest.raises((LimitError, ValueError), match=r"more than|at most|limit"):
            request_()

    calls, _ = calls_made(ask)
    assert calls < CALL_BUDGET, calls  # judged by the work done, as tests/test_refusals.py judges the API


def test_an_explorer_given_a_generator_names_it_at_once():
    with pytest.raises(TypeError, match="a position of Nim is typed text or the position itself; position must be a "
                                        "tuple of heap sizes such as .3, 4, 5., got count\\(0\\)"):
        widgets.nim_explorer(itertools.count())


def test_nim_remoteness_of_a_number_names_the_argument():
    with pytest.raises(TypeError, match=r"heaps must be a collection such as \(3, 4, 5\), got 5"):
        gamelib.nim_remoteness(5)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=0, max_size=4))
def test_the_nim_position_count_matches_a_search(heaps):
    found, stack = set(), [tuple(sorted(h for h in heaps if h))]
    while stack:
        position = stack.pop()
        if position not in found:
            found.add(position)
            stack.extend(nim._SortedNim().moves(position))
    assert nim.nim_position_count(tuple(sorted((h for h in heaps if h), reverse=True))) == len(found)


def test_show_flags_must_be_bools():
    with pytest.raises(TypeError, match="show_outcome must be True or False, got 'no'"):
        plots.chomp_board((3, 2), show_outcome="no")
    with pytest.raises(TypeError, match="show_winning_moves"):
        plots.chomp_board((3, 2), show_winning_moves=1)
    with pytest.raises(TypeError, match="show_period"):
        plots.sequence_strip(GAME, 10, show_period="yes")


def test_period_explorer_misere_must_be_a_bool():
    with pytest.raises(TypeError, match="misere must be True or False, got 'yes'"):
        widgets.period_explorer("1,2", misere="yes")


def test_subtraction_explorer_names_the_bad_element():
    with pytest.raises(TypeError, match=r"S must be a whole number, got 'a'"):
        widgets.subtraction_explorer({1, "a"})


# --- moves and steps typed with the wrong kind of number -------------------------------------------------

@pytest.mark.parametrize("amount", [2.0, True, 1 + 0j, "2", None])
def test_play_subtraction_refuses_non_integer_moves(amount):
    panel = widgets.play_subtraction("1,2,3", 15)
    with pytest.raises(TypeError, match="each number of a move must be a whole number"):
        panel.move(amount)
    assert panel.history == [] and panel.position == 15
    assert panel.move(2) and panel.history[0].text == "take 2"


def test_play_session_records_plain_ints():
    import numpy as np
    session = play.PlaySession(SubtractionGame({1, 2, 3}), 6)
    session.play(np.int64(2))
    assert type(session.history[0].key) is int and str(session.history[0]) == "you: take 2 (6 → 4)"


def test_play_nim_refuses_non_integer_moves():
    panel = widgets.play_nim((3, 4, 5))
    with pytest.raises(TypeError, match="each number of a move must be a whole number written without a decimal point, "
                                        "got 1.0: write 1"):
        panel.move(0, 1.0)
    with pytest.raises(TypeError, match="got False"):
        panel.move(False, 1)
    assert panel.history == [] and panel.move(0, 2)


def test_labelling_player_go_takes_whole_numbers_only():
    player = widgets.labelling_player()
    for step in (2.5, "3", None):
        with pytest.raises(TypeError, match="step must be a whole number"):
            player.go(step)
    assert player.step == 0
    player.go(3)
    assert player.step == 3 and type(player.step) is int


def test_chomp_moves_take_whole_numbers_only():
    panel = widgets.chomp_explorer()
    with pytest.raises(TypeError, match=r"must be a whole number, got 1\.5"):
        panel.move(1.5, 2)
    with pytest.raises(TypeError, match="got '2'"):
        panel.move(2, "2")
    assert panel.position == panel.game.start
    assert panel.move(2, 2) and panel.position != panel.game.start


# --- every public entry refuses a too-large request in under a second ------------------------------------

TOO_LARGE = {
    "sequence_strip": lambda: plots.sequence_strip(GAME, 10**9),
    "outcome_strips": lambda: plots.outcome_strips([GAME], 10**9),
    "grundy_scale": lambda: plots.grundy_scale(GAME, 10**9),
    "game_graph": lambda: plots.game_graph(GAME, 10**9),
    "labelling_figure": lambda: plots.labelling_figure(GAME, 10**9),
    "sum_heatmap": lambda: plots.sum_heatmap(GAME, GAME, 10**9, 10),
    "period_heatmap": lambda: plots.period_heatmap(10**9),
    "nim_binary_table": lambda: plots.nim_binary_table((2**40,)),
    "nim_binary_table-many": lambda: plots.nim_binary_table((1,) * 10**6),
    "wythoff_heatmap": lambda: plots.wythoff_heatmap(10**9),
    "chomp_board": lambda: plots.chomp_board((10**9,)),
    "chomp_board-rows": lambda: plots.chomp_board((3,) * 10**6),
    "figure_to_png": lambda: plots.figure_to_png(plots.GameFigure(figsize=(2, 1)), dpi=10**6),
    "subtraction_explorer": lambda: widgets.subtraction_explorer("1, 3, 4", 10**9),
    "grundy_scale_explorer": lambda: widgets.grundy_scale_explorer("2, 5, 7", 10**9),
    "labelling_player": lambda: widgets.labelling_player("1, 3, 4", 10**9),
    "period_explorer": lambda: widgets.period_explorer(range(1, 10**9)),
    "period_heatmap_explorer": lambda: widgets.period_heatmap_explorer(10**9),
    "nim_explorer": lambda: widgets.nim_explorer((10**9,)),
    "sum_explorer": lambda: widgets.sum_explorer("1", "2", 10**9, 10),
    "misere_explorer": lambda: widgets.misere_explorer("1, 3, 4", 10**9),
    "wythoff_explorer": lambda: widgets.wythoff_explorer(10**9),
    "chomp_explorer": lambda: widgets.chomp_explorer(10**9, 5),
    "remoteness": lambda: gamelib.remoteness(SubtractionGame({1, 2}), 10**9),
    "remoteness_table": lambda: gamelib.remoteness_table({1, 2}, 10**9),
    "nim_remoteness": lambda: gamelib.nim_remoteness((10**6, 10**6)),
    "PlaySession of a subtraction game": lambda: play.PlaySession(SubtractionGame({1, 2}), 10**9),
    "PlaySession of Nim": lambda: play.PlaySession(nim.Nim(), (10**9,)),
    "play_subtraction": lambda: widgets.play_subtraction("1, 2", 10**9),
    "play_nim": lambda: widgets.play_nim((10**9, 1)),
}


@pytest.mark.parametrize("entry", sorted(TOO_LARGE))
def test_every_entry_refuses_a_too_large_request_within_the_work_budget(entry):
    def ask():
        with pytest.raises(ValueError) as refused:  # LimitError is a ValueError
            TOO_LARGE[entry]()
        return refused

    calls, refused = calls_made(ask)
    assert calls < CALL_BUDGET, (entry, calls)
    message = str(refused.value)
    assert any(word in message for word in ("limit", "at most", "too big", "from", "below", "more than")), message


def test_a_heap_value_sent_before_the_page_heard_of_the_narrowed_table_is_answered_with_the_value_drawn(monkeypatch):
    w = widgets.sum_explorer("1, 2", "1, 2", rows=16, cols=16)
    w.rows_slider.set_state({"value": 2})  # from the browser: heap A's range becomes 0 .. 1, heap A 1
    assert (w.heap_a.min, w.heap_a.max, w.heap_a.value) == (0, 1, 1)
    sent = []
    monkeypatch.setattr(w.heap_a, "send_state", lambda key=None: sent.append((key, w.heap_a.value)))
    # The page still had heap A from 0 to 15 and stepped it to 6 (or sent something that is not a heap).
    for value in (6, -1, 2.5, "3"):
        w.heap_a.set_state({"value": value})
    assert w.heap_a.value == 1 and sent == [("value", 1)] * 4  # the page is told the value the picture shows
    assert "Position (1, 7): g_A(1)" in w.status_text
    w.heap_a.set_state({"value": 0})  # a value in range is taken as before, and nothing is sent back
    assert w.heap_a.value == 0 and len(sent) == 4 and "Position (0, 7)" in w.status_text
