"""The explorers driven from Python: set a control, check the status line and the figure.

Expected values come from the seed texts (the S(2, 5, 7) table of Grundy values), hand computation, or
brute force written here independently of gamelib.
"""

from __future__ import annotations

import time
from functools import cache

import ipywidgets
import pytest

from gamelib import SubtractionGame
from gamelib import widgets as W
from gamelib.limits import MAX_PERIOD_STRIP

from brute import eventual_period, grundy_sequence, outcome_string

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

# The seed's table of Grundy values of S(2, 5, 7) for n = 0 .. 21.
SEED_257 = [0, 0, 1, 1, 0, 2, 1, 3, 2, 2, 0, 3, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2]

def period_of(S, stop):
    """(preperiod, period) of the Grundy values of S, from the brute force alone."""
    return eventual_period(grundy_sequence(S, stop), max(S))


BAD_SET_TEXTS = ["1, x", "0", "", "-3", "99999999", "2.5", "1,,2", "__import__('os')"]




def _all_explorers():
    return [
        W.subtraction_explorer(),
        W.grundy_scale_explorer(),
        W.labelling_player(),
        W.period_explorer(),
        W.period_heatmap_explorer(),
        W.nim_explorer(),
        W.sum_explorer(),
        W.misere_explorer(),
        W.wythoff_explorer(),
        W.chomp_explorer(),
    ]


# ---------------------------------------------------------------------------------------------------------
# What every explorer shares


def test_every_explorer_is_one_vbox_with_a_png_and_a_status_line():
    for w in _all_explorers():
        assert isinstance(w, ipywidgets.VBox), type(w)
        assert isinstance(w.image, ipywidgets.Image) and bytes(w.image.value).startswith(PNG_SIGNATURE)
        # As wide as the cell, height in proportion; drawn wide enough to be scaled little in a ~1000 px cell.
        assert (w.image.layout.width, w.image.layout.height) == ("100%", "auto")
        assert int.from_bytes(bytes(w.image.value)[16:20], "big") >= 700, type(w)  # the PNG's width (IHDR)
        assert w.status.value and "\u26a0" not in w.status.value, (type(w), w.status.value)
        assert "Limits" in w.caps.value


def test_every_slider_and_text_box_waits_for_the_student_to_let_go():
    for w in _all_explorers():
        stack = list(w.children)
        while stack:
            child = stack.pop()
            stack.extend(getattr(child, "children", ()))
            if isinstance(child, (ipywidgets.IntSlider, ipywidgets.Text)):
                assert child.continuous_update is False, (type(w), child.description)


def test_each_step_is_quick_at_the_default_sizes():
    # The target is 0.1 s per step; 1 s here leaves room for a busy shared machine.
    w = W.grundy_scale_explorer()
    start = time.perf_counter()
    for n in (8, 9, 10):
        w.slider.value = n
    assert (time.perf_counter() - start) / 3 < 1.0


# ---------------------------------------------------------------------------------------------------------
# Grundy scale


def test_grundy_scale_explorer_at_nine_matches_the_seed_example():
    w = W.grundy_scale_explorer("2, 5, 7", n=7)
    assert "g(7) = mex{g(5), g(2), g(0)} = mex{2, 1, 0} = 3" in w.status.value  # the seed's worked step
    before = w.image.value
    w.slider.value = 9
    assert "g(9) = mex{g(7), g(4), g(2)} = mex{3, 0, 1} = 2" in w.status.value
    assert "N-position" in w.status.value
    assert w.image.value != before and bytes(w.image.value).startswith(PNG_SIGNATURE)
    w.slider.value = 13  # g(13) = 0 in the seed's table
    assert "g(13) = mex{g(11), g(8), g(6)} = mex{3, 2, 1} = 0, so heap 13 is a P-position" in w.status.value


def test_grundy_scale_explorer_below_the_smallest_move():
    w = W.grundy_scale_explorer("2, 5, 7", n=1)
    assert "g(1) = mex{} = 0" in w.status.value


@pytest.mark.parametrize("S", [(2, 5, 7), (1, 3, 4), (3, 4, 9), (1, 2, 3)])
def test_mex_sentence_agrees_with_brute_force(S):
    values = grundy_sequence(S, 40)
    game = SubtractionGame(S)
    for n in range(40):
        followers = [n - s for s in S if s <= n]
        expected_values = ", ".join(str(values[m]) for m in followers)
        sentence = W.mex_sentence(game, n)
        assert sentence.endswith(f"= {values[n]}")
        if followers:
            assert f"mex{{{expected_values}}}" in sentence


def test_seed_table_of_257_is_what_the_explorer_reports():
    assert grundy_sequence((2, 5, 7), 22) == SEED_257
    game = SubtractionGame((2, 5, 7))
    for n in range(22):
        assert W.mex_sentence(game, n).endswith(f"= {SEED_257[n]}")
    w = W.grundy_scale_explorer("2, 5, 7", n=0)
    for n in (0, 5, 8, 14, 21):
        w.slider.value = n
        assert f"= {SEED_257[n]}, so heap {n}" in w.status.value


@pytest.mark.parametrize("text", BAD_SET_TEXTS)
def test_bad_set_text_shows_a_message_and_clears_the_old_figure(text):
    w = W.grundy_scale_explorer("2, 5, 7", n=9)
    game = w.game
    w.text.value = text
    assert "\u26a0" in w.status.value  # the warning sign of a problem
    assert "Traceback" not in w.status.value
    assert bytes(w.image.value) == b"" and w.game is game  # no picture of the old S under the message
    w.text.value = "2, 5, 7"  # and it recovers
    assert "g(9) = mex{g(7), g(4), g(2)} = mex{3, 0, 1} = 2" in w.status.value


def test_bad_set_messages_say_what_is_wrong():
    w = W.subtraction_explorer()
    for text, words in [("1, x", "'x' is not a number"), ("0", "less than 1"), ("", "contains no numbers"),
                        ("-3", "negative"), ("99999999", "more than 30"), ("2.5", "not a whole number")]:
        w.text.value = text
        assert words in w.status_text, (text, w.status_text)


# ---------------------------------------------------------------------------------------------------------
# Subtraction, periods, misère


def test_subtraction_explorer_lists_p_positions_and_period():
    w = W.subtraction_explorer("1, 3, 4", stop=24)
    # P-positions of S(1, 3, 4): the heaps whose brute-force Grundy value is 0.
    zeros = [n for n, g in enumerate(grundy_sequence((1, 3, 4), 24)) if g == 0]
    assert zeros == [0, 2, 7, 9, 14, 16, 21, 23]
    assert "P-positions (Grundy value 0) 0, 2, 7, 9, 14, 16, 21, 23;" in w.status_text
    assert "period 7 from n = 0" in w.status_text
    image = w.image.value
    w.slider.value = 40
    assert w.image.value != image and "heaps 0 to 39" in w.status_text
    with pytest.raises(ValueError, match="80"):
        W.subtraction_explorer(stop=500)



def test_period_explorer_proves_the_period_of_257():
    w = W.period_explorer("2, 5, 7")
    assert period_of((2, 5, 7), 400) == (0, 22)
    assert "preperiod 0, period 22 (proven" in w.status_text
    w.text.value = "4, 9, 11"
    pre, period = period_of((4, 9, 11), 600)
    assert f"preperiod {pre}, period {period}" in w.status_text
    w.text.value = "1, 3, 4"
    w.misere.value = True
    pre, period = eventual_period(outcome_string((1, 3, 4), 300, misere=True), 4)
    assert f"(misère): preperiod {pre}, period {period}" in w.status_text


def test_period_explorer_says_when_the_strip_is_cut():
    w = W.period_explorer("7, 19, 20")
    pre, period = period_of((7, 19, 20), 1000)
    assert f"preperiod {pre}, period {period}" in w.status_text
    assert pre + 2 * period <= MAX_PERIOD_STRIP and "only" not in w.status_text
    w.text.value = "5, 12, 17"
    pre, period = period_of((5, 12, 17), 1000)
    assert pre + 2 * period > MAX_PERIOD_STRIP
    assert f"preperiod {pre}, period {period}" in w.status_text
    assert f"heaps 0 to {MAX_PERIOD_STRIP - 1} only" in w.status_text
    w.text.value = "1, 21"  # above the explorer's limit of 20
    assert "more than 20" in w.status_text


def test_period_heatmap_explorer_counts_and_finds_the_longest_period():
    w = W.period_heatmap_explorer(7)
    records = []
    for a in range(1, 6):
        for b in range(a + 1, 7):
            records.append(((a, b, 7), period_of((a, b, 7), 600)))
    assert f"{len(records)} sets" in w.status_text and len(records) == 15
    periods = [period for _, (_, period) in records]
    assert f"Longest period {max(periods)}," in w.status_text
    assert f"Shortest period {min(periods)};" in w.status_text
    common = max(sorted(set(periods)), key=periods.count)
    assert f"most common period is {common} ({periods.count(common)} of them)" in w.status_text
    image = w.image.value
    w.slider.value = 9
    assert "S = {a, b, 9}" in w.status_text and w.image.value != image


def test_misere_explorer_compares_with_brute_force():
    w = W.misere_explorer("1, 3, 4", stop=30)
    normal = [n for n, g in enumerate(grundy_sequence((1, 3, 4), 30)) if g == 0]
    misere = [n for n, o in enumerate(outcome_string((1, 3, 4), 30, misere=True)) if o == "P"]
    listed = lambda values: ", ".join(map(str, values))  # noqa: E731
    assert f"P-positions in normal play: {listed(normal)};" in w.status_text
    assert f"in misère play: {listed(misere)}." in w.status_text
    differ = sorted(set(normal) ^ set(misere))
    assert f"differ at {len(differ)} heaps" in w.status_text


# ---------------------------------------------------------------------------------------------------------
# Labelling


def test_labelling_player_steps_back_and_forth():
    w = W.labelling_player("1, 3, 4", stop=10)
    assert w.step == 0 and w.back_button.disabled and "nothing is labelled yet" in w.status_text
    first = w.image.value
    w.forward_button.click()
    assert w.status_text.startswith("Step 1 of 9 (terminal positions): newly labelled P: 0.")
    w.forward_button.click()
    # Heaps with a move to 0 (take 1, 3 or 4 from 1, 3, 4) are N — the seed's second step.
    assert "Step 2 of 9" in w.status_text and "newly labelled N: 1, 3, 4." in w.status_text
    w.forward_button.click()
    assert "newly labelled P: 2." in w.status_text
    while not w.forward_button.disabled:
        w.forward_button.click()
    assert w.step == 9 and "Done" in w.status_text
    w.back_button.click()
    assert w.step == 8
    w.reset_button.click()
    assert w.step == 0 and w.image.value == first
    w.go(3)
    w.text.value = "1, 2"
    assert w.step == 0  # a new set starts again


def test_labelling_player_slider_names_the_heaps_drawn_and_says_each_step_once():
    w = W.labelling_player("1, 3, 4", stop=15)
    assert (w.slider.description, w.slider.value) == ("heaps 0 to", 14)  # heaps 0 .. 14 are drawn
    assert "heaps 0 to 14" in w.status_text
    w.slider.value = 20
    assert "heaps 0 to 20" in w.status_text
    w.forward_button.click()
    from gamelib.plots import labelling_figure

    shown = labelling_figure(w.game, 21, 1, show_caption=False)
    assert not [t for t in shown.texts if t.get_gid() == "caption"]  # the status line says it, once
    assert [t for t in labelling_figure(w.game, 21, 1).texts if t.get_gid() == "caption"]
    with pytest.raises(ValueError, match="stop"):
        W.labelling_player("1, 3, 4", stop=2)


def test_labelling_player_labels_agree_with_brute_force():
    w = W.labelling_player("2, 5, 7", stop=20)
    w.go(w.steps)
    labels = w._labelling.labels
    zeros = {n for n, g in enumerate(grundy_sequence((2, 5, 7), 20)) if g == 0}
    assert {n for n, v in labels.items() if v == "P"} == zeros


# ---------------------------------------------------------------------------------------------------------
# Nim and sums


def test_nim_explorer_nim_sum_and_winning_move():
    w = W.nim_explorer((5, 9, 12))
    assert "5 \u2295 9 \u2295 12 = 0: a P-position" in w.status_text
    w.count.value = 2  # heaps (5, 9): nim-sum 12; only heap B can go down to 5 ^ 12... = 9 ^ 12 = 5
    assert w.heaps == (5, 9)
    assert "5 \u2295 9 = 12: an N-position. Winning move: heap B from 9 to 5." in w.status_text
    assert all(box.layout.display == "none" for box in w.boxes[2:]) and w.sliders is w.boxes
    w.count.value = 3
    w.boxes[2].value = 13  # 5 ^ 9 ^ 13 = 1: heap A 5 -> 4, heap B 9 -> 8, heap C 13 -> 12
    assert "= 1: an N-position. Winning moves: heap A from 5 to 4; heap B from 9 to 8; heap C from 13 to 12." \
        in w.status_text
    with pytest.raises(ValueError):
        W.nim_explorer((1, 2, 3, 4, 5, 6))


def test_nim_heaps_are_bounded_number_boxes_set_exactly():
    w = W.nim_explorer((5, 9, 12))
    assert all(isinstance(box, ipywidgets.BoundedIntText) for box in w.boxes)
    assert all((box.min, box.max, box.continuous_update) == (0, 63, False) for box in w.boxes)
    w.boxes[0].value = 37  # any exact value in one go
    assert w.heaps == (37, 9, 12) and "37 \u2295 9 \u2295 12" in w.status_text
    w.boxes[1].value = 99  # past the bound: clamped to 63, not an error
    assert w.heaps == (37, 63, 12)


def test_sum_explorer_counts_p_positions_and_explains_one():
    w = W.sum_explorer("1, 3, 7, 8", "1, 2, 3", rows=16, cols=16)
    ga, gb = grundy_sequence((1, 3, 7, 8), 16), grundy_sequence((1, 2, 3), 16)
    zeros = sum(1 for x in ga for y in gb if x == y)
    assert f"{zeros} of the 16 \u00d7 16 positions shown are P-positions" in w.status_text
    image = w.image.value
    w.heap_a.value, w.heap_b.value = 10, 6
    value = ga[10] ^ gb[6]
    assert f"g_A(10) \u2295 g_B(6) = {ga[10]} \u2295 {gb[6]} = {value}" in w.status_text
    assert w.image.value != image  # the explained position is outlined on the picture
    w.rows_slider.value = 8  # the position follows the smaller table: heap of A at most 7
    assert w.heap_a.max == 7 and w.heap_a.value == 7 and "Position (7, 6)" in w.status_text
    image = w.image.value
    w.text_b.value = "1, x"
    assert "S_b:" in w.status_text and bytes(w.image.value) == b""  # the old picture is taken away
    w.text_b.value = "2, 3"
    assert w.image.value != image


# ---------------------------------------------------------------------------------------------------------
# Wythoff and Chomp


def test_wythoff_explorer_lists_brute_force_p_positions():
    @cache
    def p_position(a, b):
        moves = [(t, b) for t in range(a)] + [(a, t) for t in range(b)] + [(a - d, b - d) for d in
                                                                             range(1, min(a, b) + 1)]
        return not any(p_position(*m) for m in moves)

    w = W.wythoff_explorer(limit=20)
    pairs = [(a, b) for a in range(20) for b in range(a, 20) if p_position(a, b)]
    assert pairs == [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (9, 15), (11, 18), (12, 20)][:len(pairs)]
    assert ", ".join(map(str, pairs)) in w.status_text


def test_chomp_explorer_two_rows():
    w = W.chomp_explorer(2, 5)
    # At first the panel does not give the game away: no outcome in the words or in the picture.
    assert "N-position" not in w.status_text and "show who wins' above" in w.status_text
    hidden = w.image.value
    w.analysis.value = True
    assert w.image.value != hidden
    # Two-row Chomp: the P-positions are (a, a - 1), so the winning bite takes the bottom-right square.
    assert "Position (5, 5): an N-position. Winning bite: row 2, column 5." in w.status_text
    image = w.image.value
    assert w.eat(2, 5) and w.position == (5, 4)
    assert "a P-position" in w.status_text and w.image.value != image
    image = w.image.value
    assert not w.eat(1, 1) and "poisoned" in w.status_text and w.position == (5, 4)
    assert not w.eat(2, 5) and "no square" in w.status_text and w.image.value == image
    w.row_picker.value, w.col_picker.value = 1, 2
    w.eat_button.click()
    assert w.position == (1, 1)
    w.eat(2, 1)
    assert w.position == (1, 0) and "only the poison is left" in w.status_text
    w.rows_slider.value = 3
    assert w.position == (5, 5, 5)


def test_every_text_box_of_every_explorer_survives_bad_text():
    for w in _all_explorers():
        boxes = [c for c in vars(w).values() if isinstance(c, ipywidgets.Text)]
        for box in boxes:
            good = box.value
            for text in BAD_SET_TEXTS:
                box.value = text
                assert "\u26a0" in w.status.value, (type(w).__name__, text)
                assert bytes(w.image.value) == b""  # no stale picture under the message
            box.value = good
            assert "\u26a0" not in w.status.value and bytes(w.image.value).startswith(PNG_SIGNATURE)


def test_a_bad_set_given_at_the_start_is_shown_not_raised():
    w = W.subtraction_explorer("1, x")
    assert "\u26a0" in w.status.value and bytes(w.image.value) == b""
    w.text.value = "1, 2"
    assert bytes(w.image.value).startswith(PNG_SIGNATURE) and "S = {1, 2}" in w.status_text


def test_panels_carry_a_still_picture_for_saved_notebooks():
    """A saved lesson has no widget state; the panel's output must still show something (see run_notebooks)."""
    from gamelib.play import play_subtraction

    bundle = W.grundy_scale_explorer()._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["image/png"] and "run this cell" in bundle["text/plain"].lower()
    played = play_subtraction()._repr_mimebundle_()
    assert "heap" in played["text/html"].lower()


# ---------------------------------------------------------------------------------------------------------
# Responsiveness: the busy sign and dropping superseded requests (the panel base, so every panel)


class _HeldLoop:
    """Stands in for the kernel's event loop: callbacks wait until the test runs them."""

    def __init__(self):
        self.callbacks = []

    def call_soon(self, callback):
        self.callbacks.append(callback)

    def run(self):
        while self.callbacks:
            self.callbacks.pop(0)()


def _from_browser(control, value):
    """Set a control as ipywidgets does for a message from the browser (under its property lock)."""
    control.set_state({"value": value})


def test_changes_from_the_browser_show_the_busy_sign_and_draw_only_the_latest(monkeypatch):
    from gamelib.widgets import panel

    loop = _HeldLoop()
    monkeypatch.setattr(panel, "_running_loop", lambda: loop)
    w = W.grundy_scale_explorer("2, 5, 7", n=3)
    drawn = []
    original = w._redraw
    monkeypatch.setattr(w, "_redraw", lambda: (drawn.append(w.slider.value), original())[1])
    before = w.image.value
    for n in (4, 5, 6, 7, 8, 9):  # six slider messages queued while the kernel was busy
        _from_browser(w.slider, n)
    assert drawn == [] and w.image.value == before  # nothing computed yet ...
    assert w.busy and panel.BUSY_CLASS in w.image._dom_classes and "working" in w.status.value  # ... but it shows
    assert len(loop.callbacks) == 1  # one run scheduled, not six
    loop.run()
    assert drawn == [9]  # the last position, drawn once; the five superseded ones never computed
    assert not w.busy and "working" not in w.status.value
    assert "so heap 9" in w.status.value and w.image.value != before


def test_changes_of_several_controls_from_the_browser_collapse_into_one_draw(monkeypatch):
    from gamelib.widgets import panel

    loop = _HeldLoop()
    monkeypatch.setattr(panel, "_running_loop", lambda: loop)
    w = W.grundy_scale_explorer("2, 5, 7", n=3)
    drawn = []
    original = w._redraw
    monkeypatch.setattr(w, "_redraw", lambda: (drawn.append((w.text.value, w.slider.value)), original())[1])
    _from_browser(w.text, "1, 2")
    _from_browser(w.slider, 7)
    _from_browser(w.text, "1, 3")
    loop.run()
    assert drawn == [("1, 3", 7)]
    assert "g(7)" in w.status_text


def test_a_change_from_python_draws_at_once_even_with_a_loop_running(monkeypatch):
    from gamelib.widgets import panel

    loop = _HeldLoop()
    monkeypatch.setattr(panel, "_running_loop", lambda: loop)
    w = W.grundy_scale_explorer("2, 5, 7", n=3)
    w.slider.value = 9  # a notebook cell setting the value reads the new picture on its next line
    assert loop.callbacks == [] and "so heap 9" in w.status.value and not w.busy


def test_a_problem_while_busy_ends_the_busy_sign_with_the_message(monkeypatch):
    from gamelib.widgets import panel

    loop = _HeldLoop()
    monkeypatch.setattr(panel, "_running_loop", lambda: loop)
    w = W.grundy_scale_explorer("2, 5, 7", n=3)
    _from_browser(w.text, "1, x")
    assert w.busy
    loop.run()
    assert not w.busy and "\u26a0" in w.status.value and "working" not in w.status.value


def test_period_heatmap_explorer_writes_every_period_up_to_its_largest_c():
    from gamelib.limits import MAX_HEATMAP_C
    from gamelib.plots import period_heatmap

    w = W.period_heatmap_explorer(12)
    for c in (12, 13, 16, MAX_HEATMAP_C):  # from c = 13 on the fixed 4-inch figure had colours only
        fig = period_heatmap(c, height=w.figure_height(c))
        labels = [a for a in fig.axes[0].get_children() if a.get_gid() == "value-labels"]
        sets = (c - 1) * (c - 2) // 2  # pairs 1 <= a < b < c
        assert len(labels) == 1 and len(labels[0].get_paths()) == sets, c
    w.slider.value = MAX_HEATMAP_C
    height = int.from_bytes(bytes(w.image.value)[20:24], "big")
    assert height > 4.0 * 100  # the picture shown grew with c


def test_chomp_bar_can_be_bitten_by_clicking_its_squares():
    w = W.chomp_explorer(3, 5)
    assert sorted(w.squares) == [(r, c) for r in range(1, 4) for c in range(1, 6)]
    assert w.squares[(1, 1)].disabled and not w.squares[(3, 5)].disabled  # the poison is not a move
    image = w.image.value
    w.squares[(2, 4)].click()  # eats rows 2-3 from column 4 on
    assert w.position == (5, 3, 3) and w.image.value != image
    assert w.squares[(2, 4)].disabled and w.squares[(3, 5)].disabled and not w.squares[(2, 3)].disabled
    assert w.squares[(1, 5)].description == "1,5" and "row 1, column 5" in w.squares[(1, 5)].tooltip
    w.rows_slider.value = 2  # a new bar: a new grid of its size, all squares back
    assert sorted(w.squares) == [(r, c) for r in range(1, 3) for c in range(1, 6)]
    assert w.position == (5, 5) and not w.squares[(2, 5)].disabled
    assert "above" in w.status_text  # the box is above the picture, and the words say so
