"""Drawing ahead (gamelib/widgets/ahead.py): after a slider's step from the browser, the kernel draws the
slider's next pictures into the picture cache while it waits. What a step shows must not change: each picture
drawn ahead equals the one the step draws itself, drawing ahead changes no control, and it never draws for a
change made in Python (a notebook cell, a test), for a panel that does not say its views may be made for values
not shown, or while a change waits to be drawn.

A browser change is made as ipywidgets applies one (``set_state``, under the control's property lock), with a
kernel's event loop held by the test (tests/held_loop.py): its callbacks and timers run when the test runs them,
in order, with no real time waited for."""

from __future__ import annotations

import pytest

from gamelib import plots
from gamelib.games.subtraction import SubtractionGame
from gamelib.parsing import Limit
from gamelib.widgets import (
    grundy_scale_explorer,
    kernel_thread,
    labelling_player,
    period_heatmap_explorer,
    sum_explorer,
)
from gamelib.widgets.ahead import AHEAD_PICTURES, neighbours
from gamelib.widgets.panel import DPI, PNG_CACHE, Explorer, View, slider

from held_loop import HeldLoop


@pytest.fixture
def loop(monkeypatch) -> HeldLoop:
    """The kernel's event loop, held by the test: panels schedule their steps and draw ahead on it."""
    held = HeldLoop()
    monkeypatch.setattr(kernel_thread, "kernel_loop", lambda: held)
    return held


def settled(panel, loop) -> None:
    """Run the loop until the panel has drawn what it was asked and nothing is left to draw ahead."""
    loop.run()
    assert not panel._wanted and not panel._scheduled and not panel._ahead.pending


def browser_step(control, value) -> None:
    control.set_state({"value": value})  # as ipywidgets applies a message from the browser




def test_neighbours_put_the_direction_first_and_stay_in_range():
    assert neighbours(5, 1, 0, 9) == [6, 4]
    assert neighbours(5, -1, 0, 9) == [4, 6]
    assert neighbours(0, -1, 0, 9) == [1]
    assert neighbours(9, 1, 0, 9) == [8]


def test_a_browser_step_draws_the_next_value_ahead_as_the_step_itself_would(loop):
    def run():
        PNG_CACHE.clear()
        w = grundy_scale_explorer("2, 5, 7", n=7)
        browser_step(w.slider, 8)
        settled(w, loop)
        return w, dict(PNG_CACHE)

    w, cache = run()
    S = (2, 5, 7)
    assert ("scale", S, 9) in cache  # the next value in the direction of the move
    assert set(cache) == {("scale", S, 7), ("scale", S, 8), ("scale", S, 9)}  # 7 was there: nothing more
    drawn_ahead = cache[("scale", S, 9)]
    expected = plots.figure_to_png(plots.grundy_scale(SubtractionGame(S), 9), dpi=DPI)
    assert drawn_ahead == expected
    w.slider.value = 9  # the next step is answered from the cache, with its own words
    assert bytes(w.image.value) == expected
    assert w.status_text.startswith("g(9) = mex{g(7), g(4), g(2)}")


def test_a_step_down_draws_the_value_below_first(loop):
    def run():
        PNG_CACHE.clear()
        w = period_heatmap_explorer(c=12)
        browser_step(w.slider, 11)
        settled(w, loop)
        return dict(PNG_CACHE)

    keys = {key[1] for key in run()}
    assert keys == {12, 11, 10}


def test_the_focus_on_a_slider_draws_both_neighbours(loop):
    def run():
        PNG_CACHE.clear()
        w = grundy_scale_explorer("1, 2, 3", n=4)
        w.slider._message(w.slider, {"focus": True}, [])
        settled(w, loop)
        return w, dict(PNG_CACHE)

    w, cache = run()
    assert {key[2] for key in cache} == {3, 4, 5}
    assert w.slider.value == 4 and w.status_text.startswith("g(4) =")  # nothing shown changed


def test_drawing_ahead_on_the_sum_explorer_changes_no_control_and_draws_what_the_step_shows(loop):
    def run():
        PNG_CACHE.clear()
        w = sum_explorer("1, 3, 7, 8", "1, 2, 3", rows=16, cols=16)
        w.heap_a.value = 15  # the last row: a smaller table moves it
        browser_step(w.rows_slider, 15)
        settled(w, loop)
        ranges = [(s.min, s.max, s.value) for s in (w.heap_a, w.heap_b)]
        return w, ranges, dict(PNG_CACHE)

    w, ranges, cache = run()
    assert ranges == [(0, 14, 14), (0, 15, 7)]  # as the step to 15 rows left them
    ahead_key = ("sum", (1, 3, 7, 8), (1, 2, 3), 14, 16, (13, 7))  # 14 rows: heap of A moved into the table
    assert ahead_key in cache
    drawn_ahead = cache[ahead_key]
    PNG_CACHE.pop(ahead_key)
    w.rows_slider.value = 14  # the step itself, drawn anew
    assert (w.heap_a.max, w.heap_a.value) == (13, 13)
    assert bytes(w.image.value) == drawn_ahead


def test_at_most_the_stated_number_of_pictures_per_step(loop):
    def run():
        PNG_CACHE.clear()
        w = sum_explorer("1, 3, 7, 8", "1, 2, 3", rows=16, cols=16)
        w.heap_b._message(w.heap_b, {"focus": True}, [])  # both neighbours missing
        settled(w, loop)
        return len(PNG_CACHE)

    assert run() == 1 + AHEAD_PICTURES


def test_no_drawing_ahead_for_changes_from_python_or_without_an_event_loop(monkeypatch):
    PNG_CACHE.clear()
    w = grundy_scale_explorer("2, 5, 7", n=7)
    browser_step(w.slider, 8)  # no kernel loop (plain Python, a test): drawn at once, nothing ahead
    w.slider.value = 9
    held = HeldLoop()
    monkeypatch.setattr(kernel_thread, "kernel_loop", lambda: held)
    w.slider.value = 10  # from Python, with the kernel's loop running
    assert held.callbacks == [] and held.timers == []  # nothing was scheduled
    assert {key[2] for key in PNG_CACHE} == {7, 8, 9, 10}


def test_an_explorer_draws_ahead_only_when_it_says_so():
    view = lambda values: View(("test", values["n"]), lambda: None, "")  # noqa: E731
    assert Explorer([[slider("slider", "n", Limit("n", 0, 9), 3)]], view)._ahead is None
    assert Explorer([[slider("slider", "n", Limit("n", 0, 9), 3)]], view, ahead=True)._ahead is not None


def test_the_labelling_player_draws_the_next_size_ahead_without_changing_its_step(loop):
    def run():
        PNG_CACHE.clear()
        w = labelling_player("1, 3, 4", stop=15)
        w.go(3)  # the slider's step starts the new size from nothing labelled
        browser_step(w.slider, 13)
        settled(w, loop)
        return w, dict(PNG_CACHE)

    w, cache = run()
    S = (1, 3, 4)
    assert w.step == 0 and w.status_text.startswith("S = {1, 3, 4}, heaps 0 to 13: nothing is labelled yet")
    assert ("labelling", S, 13, 0) in cache  # heaps 0 to 12, nothing labelled: the next step down
    drawn_ahead = cache[("labelling", S, 13, 0)]
    PNG_CACHE.pop(("labelling", S, 13, 0))
    w.go(2)
    w.slider.value = 12  # the step itself, drawn anew: it too starts from nothing labelled
    assert w.step == 0 and bytes(w.image.value) == drawn_ahead


def test_a_problem_shown_leaves_nothing_to_draw_ahead_and_no_error(loop):
    def run():
        PNG_CACHE.clear()
        w = grundy_scale_explorer("2, 5, 7", n=7)
        w.text.value = "1, x"
        browser_step(w.slider, 8)
        settled(w, loop)
        return w, dict(PNG_CACHE)

    w, cache = run()
    assert w.status_text.startswith("S: in '1, x'")
    assert set(cache) == {("scale", (2, 5, 7), 7)}


@pytest.mark.parametrize("values", [[8, 9, 10, 9, 8], [8, 7, 6]])
def test_steps_drawn_ahead_show_what_steps_without_it_show(values, loop):
    def run():
        PNG_CACHE.clear()
        w = grundy_scale_explorer("2, 5, 7", n=7)
        shown = []
        for value in values:
            browser_step(w.slider, value)
            settled(w, loop)
            shown.append((bytes(w.image.value), w.image.alt))
        return shown

    with_ahead = run()
    PNG_CACHE.clear()
    w = grundy_scale_explorer("2, 5, 7", n=7)
    without = []
    for value in values:
        PNG_CACHE.clear()
        w.slider.value = value
        without.append((bytes(w.image.value), w.image.alt))
    assert with_ahead == without
