"""The explorers driven from Python: set a control, check the status line and the figure.

Expected values come from the seed texts (the S(2, 5, 7) table of Grundy values), hand computation, or
brute force written here independently of gamelib.
"""

from __future__ import annotations

import re
from functools import cache

import ipywidgets
import pytest

from gamelib import SubtractionGame
from gamelib import widgets as W
from gamelib.limits import MAX_PERIOD_STRIP
from gamelib.plots import mex_sentence
from gamelib.widgets.controls import Figure, Slider, Status, TextBox

from brute import eventual_period, grundy_sequence, outcome_string
from held_loop import HeldLoop, from_browser

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
    ]


# ---------------------------------------------------------------------------------------------------------
# What every explorer shares


def test_every_explorer_is_one_explorer_with_a_png_its_text_alternative_and_a_status_line():
    for w in _all_explorers():
        assert isinstance(w, W.Explorer), type(w)
        assert isinstance(w.image, Figure) and bytes(w.image.value).startswith(PNG_SIGNATURE)
        # Drawn wide enough to be scaled little in a ~1000 px cell (the figure is as wide as the cell).
        assert int.from_bytes(bytes(w.image.value)[16:20], "big") >= 700, type(w)  # the PNG's width (IHDR)
        assert isinstance(w.status, Status) and w.status.value and "\u26a0" not in w.status.value
        assert w.image.alt.startswith(w.status_text)  # the sentence is the picture's text alternative
        assert "Limits: " in w.caps.value


def test_every_limit_is_stated_the_same_way_and_sets_have_one_limit_everywhere():
    sets = set()
    for w in [*_all_explorers(), W.play_subtraction(), W.play_nim(), W.chomp_explorer()]:
        words = w.caps.value.split("Limits: ", 1)[1].split("<", 1)[0]
        for part in words.rstrip(".").split("; "):
            # "name from a to b" or "name: at most k numbers, each from a to b": one form, from Limit.text
            assert re.fullmatch(r"[\w ,()-]+( from -?\d+ to \d+|: at most \d+ numbers, each from \d+ to \d+)"
                                r"(\. .*)?", part), (type(w).__name__, part)
            if part.startswith("S"):
                sets.add(part.split(". ")[0].replace("S_a:", "S:").replace("S_b:", "S:"))
    assert sets == {"S: at most 8 numbers, each from 1 to 20"}  # one rule, under the name of each box


def test_the_sum_explorer_names_each_sets_limit_after_its_box():
    w = W.sum_explorer()
    assert "S_a: at most 8 numbers" in w.caps.value and "S_b: at most 8 numbers" in w.caps.value
    assert "S: at most" not in w.caps.value
    w.text_b.value = "1, 99"
    assert w.status_text.startswith("S_b: ") and "99" in w.status_text


def test_every_slider_and_text_box_waits_for_the_student_to_let_go():
    for w in _all_explorers():
        stack = list(w.children)
        while stack:
            child = stack.pop()
            stack.extend(getattr(child, "children", ()))
            # ipywidgets' Text would send each key (or an Enter ahead of the text): the kit's TextBox sends
            # its text on Enter or when the student leaves it.
            assert not isinstance(child, ipywidgets.Text), (type(w), child.description)
            if isinstance(child, ipywidgets.IntSlider):
                assert child.continuous_update is False, (type(w), child.description)


def test_each_step_draws_one_picture_at_the_default_sizes():
    """Each slider step redraws once (no second pass, no picture for the steps between): counted, not timed;
    the time per step is a figure in ``make bench`` (section widgets)."""
    w = W.grundy_scale_explorer()
    pictures = []
    w.image.observe(lambda change: pictures.append(change["new"]), names="value")
    for n in (8, 9, 10):
        w.slider.value = n
    assert len(pictures) == 3 and len(set(pictures)) == 3


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
        sentence = mex_sentence(game, n)
        assert sentence.endswith(f"= {values[n]}")
        if followers:
            assert f"mex{{{expected_values}}}" in sentence


def test_seed_table_of_257_is_what_the_explorer_reports():
    assert grundy_sequence((2, 5, 7), 22) == SEED_257
    game = SubtractionGame((2, 5, 7))
    for n in range(22):
        assert mex_sentence(game, n).endswith(f"= {SEED_257[n]}")
    w = W.grundy_scale_explorer("2, 5, 7", n=0)
    for n in (0, 5, 8, 14, 21):
        w.slider.value = n
        assert f"= {SEED_257[n]}, so heap {n}" in w.status.value


@pytest.mark.parametrize("text", BAD_SET_TEXTS)
def test_bad_set_text_shows_a_message_and_clears_the_old_figure(text):
    w = W.grundy_scale_explorer("2, 5, 7", n=9)
    values = w.values
    w.text.value = text
    assert "\u26a0" in w.status.value  # the warning sign of a problem
    assert "Traceback" not in w.status.value
    assert bytes(w.image.value) == b"" and w.image.alt == "" and w.values is values  # no old picture stays
    w.text.value = "2, 5, 7"  # and it recovers
    assert "g(9) = mex{g(7), g(4), g(2)} = mex{3, 0, 1} = 2" in w.status.value


def test_bad_set_messages_say_what_is_wrong():
    w = W.subtraction_explorer()
    for text, words in [("1, x", "'x' is not a number"), ("0", "less than 1"), ("", "contains no numbers"),
                        ("-3", "negative"), ("99999999", "more than 20"), ("2.5", "not a whole number")]:
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
    w.slider.value = 39  # the slider names the last heap drawn
    assert w.image.value != image and "heaps 0 to 39" in w.status_text
    with pytest.raises(ValueError, match="stop .how many heaps. must be a whole number from 5 to"):
        W.subtraction_explorer(stop=500)



def test_period_explorer_proves_the_period_of_257():
    w = W.period_explorer("2, 5, 7")
    assert period_of((2, 5, 7), 400) == (0, 22)
    assert "preperiod 0, period 22 (proven" in w.status_text
    w.text.value = "4, 9, 11"
    pre, period = period_of((4, 9, 11), 600)
    assert f"preperiod {pre}, period {period}" in w.status_text
    assert not hasattr(w, "misere") and "mis" not in w.status_text + w.caps.value  # lesson 3: no misère yet
    w = W.period_explorer("1, 3, 4", misere=False)  # lesson 6 asks for the box
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


def test_nim_explorer_nim_sum_and_winning_moves():
    w = W.nim_explorer((5, 9, 12))
    assert "5 \u2295 9 \u2295 12 = 0: a P-position" in w.status_text
    w.position_box.value = "5, 9"  # nim-sum 12; only heap B can go down: 9 -> 9 ^ 12 = 5
    assert w.values["position"] == (5, 9)
    assert "5 \u2295 9 = 12: an N-position. Winning move: take 4 from heap B." in w.status_text
    w.position_box.value = "5 9 13"  # 5 ^ 9 ^ 13 = 1: heap A 5 -> 4, heap B 9 -> 8, heap C 13 -> 12
    assert ("= 1: an N-position. Winning moves: take 1 from heap A; take 1 from heap B; take 1 from heap C."
            in w.status_text)
    with pytest.raises(ValueError, match="6 numbers, more than the 5 allowed"):
        W.nim_explorer((1, 2, 3, 4, 5, 6))


@pytest.mark.parametrize("text, words", [("5, 64, 12", "64 is more than 63"), ("4.5, 9", "4.5 is not a whole number"),
                                         ("10" + "0" * 12, "is more than 63"), ("-5", "-5 is negative")])
def test_nim_heaps_out_of_range_are_refused_with_the_range_not_clamped(text, words):
    w = W.nim_explorer((5, 9, 12))
    w.position_box.value = text
    assert "\u26a0" in w.status.value and words in w.status_text and "from 0 to 63" in w.status_text
    assert bytes(w.image.value) == b"" and w.values["position"] == (5, 9, 12)


def test_sliders_refuse_values_out_of_range_with_the_range():
    w = W.grundy_scale_explorer("2, 5, 7", 7)
    assert isinstance(w.slider, Slider)
    for bad in (61, -1, 10**12):
        with pytest.raises(ValueError, match=r"heap n = .* is out of range: heap n from 0 to 60"):
            w.slider.value = bad
    assert w.slider.value == 7 and "g(7)" in w.status_text


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
    w.rows_slider.value = 8  # the position follows the smaller table, and the slider shows it: heap of A 7
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
    # At first the panel does not give the game away: no outcome in the words or on the board.
    assert "N-position" not in w.status_text + w.hint.value and not any(sq["marked"] for sq in w.board.squares)
    w.hint_toggle.value = True
    # Two-row Chomp: the P-positions are (a, a - 1), so the winning bite takes the bottom-right square.
    assert "N-position. Winning move (marked on the board): bite at row 2, column 5" in w.hint.value
    marked = [sq["name"] for sq in w.board.squares if sq["marked"]]
    assert marked == ["row 2, column 5: chocolate, a winning move"]
    assert w.move(1, 4) and w.position == (5, 4)  # the first player bites the winning square
    assert "P-position" in w.hint.value and not any(sq["marked"] for sq in w.board.squares)
    assert not w.move(0, 0) and "not a move allowed" in w.status_text and w.position == (5, 4)
    assert not w.move(1, 4) and "not a move allowed" in w.status_text
    assert w.move(0, 1) and w.position == (1, 1)
    assert w.move(1, 0) and w.position == (1, 0) and "Game over: the first player won." in w.status_text
    assert "The first player won." in w.report.value
    w.rows_slider.value = 3  # a new size starts a new bar at once
    assert w.position == (5, 5, 5) and w.history == []


def test_every_text_box_of_every_explorer_survives_bad_text():
    for w in _all_explorers():
        boxes = [c for c in vars(w).values() if isinstance(c, TextBox)]
        assert boxes or not any(isinstance(c, ipywidgets.Text) for c in vars(w).values()), type(w).__name__
        for box in boxes:
            good = box.value
            for text in BAD_SET_TEXTS:
                if text == "0" and box is getattr(w, "position_box", None):
                    continue  # one empty Nim heap is a position
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


def test_panels_carry_a_still_picture_with_its_text_alternative_for_saved_notebooks():
    """A saved lesson has no widget state; the panel's output must still show something (see run_notebooks),
    and JupyterLab gives a plain PNG output no alternative text, so the picture is an <img> with alt."""
    w = W.grundy_scale_explorer()
    bundle = w._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle and "image/png" not in bundle
    assert f'<img alt="{w.status_text}" src="data:image/png;base64,' in bundle["text/html"]
    assert "run this cell" in bundle["text/plain"].lower()
    played = W.play_subtraction()._repr_mimebundle_()
    assert 'aria-label="the heap: 15 chips"' in played["text/html"] and "Run this cell to play" in played["text/html"]
    assert bundle["text/html"].endswith("<p>Run this cell to use it.</p>")  # an explorer says it too
    chomp = W.chomp_explorer()._repr_mimebundle_()["text/html"]
    assert '<img alt="Chomp 3 x 5, position (5, 5, 5)."' in chomp  # the saved bar does not give away who wins


def test_every_panel_says_run_this_cell_again_when_its_kernel_is_gone():
    # ipywidgets marks every view of a dead kernel "jupyter-widgets-disconnected"; only then does the note show.
    for w in [W.subtraction_explorer(), W.play_nim(), W.chomp_explorer()]:
        note = w.restart_note.value
        assert 'class="gamelib-restart-note"' in note and "run the cells above it and then this one" in note
        assert ".jupyter-widgets-disconnected .gamelib-restart-note {display: block;" in note
        assert ".gamelib-restart-note {display: none;}" in note
        assert w.children[0] is w.restart_note  # on top, not under the stale picture (which dims)
        # The kit's own views are not marked themselves (anywidget's are not told the kernel stopped): the
        # panel's box is, so the rules reach the picture and the controls through it.
        assert ".jupyter-widgets-disconnected .gamelib-figure {opacity: 0.35;}" in note
    from gamelib.widgets.controls import _CSS  # the controls' own style sheet: they look unavailable too

    assert ".jupyter-widgets-disconnected :is(.gamelib-slider input, .gamelib-text-input" in _CSS


# ---------------------------------------------------------------------------------------------------------
# Responsiveness: the busy sign and dropping superseded requests (the panel base, so every panel)


def test_changes_from_the_browser_show_the_busy_sign_and_draw_only_the_latest(monkeypatch):
    from gamelib.widgets import panel

    loop = HeldLoop()
    monkeypatch.setattr(panel, "_running_loop", lambda: loop)
    monkeypatch.setattr(panel, "BUSY_AFTER", -1.0)  # every step counts as slow: the sign shows
    w = W.grundy_scale_explorer("2, 5, 7", n=3)
    drawn = []
    original = w._show_view
    monkeypatch.setattr(w, "_show_view", lambda values: (drawn.append(values["n"]), original(values))[1])
    before = w.image.value
    for n in (4, 5, 6, 7, 8, 9):  # six slider messages queued while the kernel was busy
        from_browser(w.slider, n)
    assert drawn == [] and w.image.value == before  # nothing computed yet ...
    assert w.busy and w.image.busy and "working" in w.status.value  # ... but it shows
    assert len(loop.callbacks) == 1  # one run scheduled, not six
    loop.run()
    assert drawn == [9]  # the last position, drawn once; the five superseded ones never computed
    assert not w.busy and "working" not in w.status.value
    assert "so heap 9" in w.status.value and w.image.value != before


def test_changes_of_several_controls_from_the_browser_collapse_into_one_draw(monkeypatch):
    from gamelib.widgets import panel

    loop = HeldLoop()
    monkeypatch.setattr(panel, "_running_loop", lambda: loop)
    w = W.grundy_scale_explorer("2, 5, 7", n=3)
    drawn = []
    original = w._show_view
    monkeypatch.setattr(w, "_show_view", lambda values: (drawn.append((w.text.value, values["n"])),
                                                         original(values))[1])
    from_browser(w.text, "1, 2")
    from_browser(w.slider, 7)
    from_browser(w.text, "1, 3")
    loop.run()
    assert drawn == [("1, 3", 7)]
    assert "g(7)" in w.status_text


def test_a_change_from_python_draws_at_once_even_with_a_loop_running(monkeypatch):
    from gamelib.widgets import panel

    loop = HeldLoop()
    monkeypatch.setattr(panel, "_running_loop", lambda: loop)
    w = W.grundy_scale_explorer("2, 5, 7", n=3)
    w.slider.value = 9  # a notebook cell setting the value reads the new picture on its next line
    assert loop.callbacks == [] and "so heap 9" in w.status.value and not w.busy


def test_a_problem_while_busy_ends_the_busy_sign_with_the_message(monkeypatch):
    from gamelib.widgets import panel

    loop = HeldLoop()
    monkeypatch.setattr(panel, "_running_loop", lambda: loop)
    monkeypatch.setattr(panel, "BUSY_AFTER", -1.0)
    w = W.grundy_scale_explorer("2, 5, 7", n=3)
    from_browser(w.text, "1, x")
    assert w.busy
    loop.run()
    assert not w.busy and "\u26a0" in w.status.value and "working" not in w.status.value


def test_period_heatmap_explorer_writes_every_period_up_to_its_largest_c():
    from gamelib.limits import MAX_HEATMAP_C
    from gamelib.plots import period_heatmap
    from gamelib.widgets.periods import figure_height

    w = W.period_heatmap_explorer(12)
    for c in (12, 13, 16, MAX_HEATMAP_C):  # from c = 13 on the fixed 4-inch figure had colours only
        fig = period_heatmap(c, height=figure_height(c))
        labels = [a for a in fig.axes[0].get_children() if a.get_gid() == "value-labels"]
        sets = (c - 1) * (c - 2) // 2  # pairs 1 <= a < b < c
        assert len(labels) == 1 and len(labels[0].get_paths()) == sets, c
    w.slider.value = MAX_HEATMAP_C
    height = int.from_bytes(bytes(w.image.value)[20:24], "big")
    assert height > 4.0 * 100  # the picture shown grew with c


def test_chomp_bar_is_bitten_by_choosing_its_squares_and_tells_each_square_and_its_state():
    w = W.chomp_explorer(3, 5)
    squares = w.board.squares
    assert w.board.columns == 5 and len(squares) == 15
    assert squares[0] == {"name": "row 1, column 1: poison", "symbol": "\u2620", "enabled": False, "marked": False,
                          "look": "fixed"}
    assert squares[14]["name"] == "row 3, column 5: chocolate" and squares[14]["enabled"]
    w.board.choose(1 * 5 + 3)  # row 2, column 4, as a click or Enter on it does: eats rows 2-3 from column 4 on
    assert w.position == (5, 3, 3)
    names = {sq["name"] for sq in w.board.squares}
    assert "row 2, column 4: eaten" in names and "row 3, column 5: eaten" in names
    assert not w.board.squares[8]["enabled"]  # an eaten square is not a move
    w.board.choose(8)  # choosing it does nothing
    assert w.position == (5, 3, 3) and len(w.history) == 1
    w.cols_slider.value = 3  # a new bar: a board of its size, all squares back
    assert w.board.columns == 3 and len(w.board.squares) == 9 and w.position == (3, 3, 3)


# ---------------------------------------------------------------------------------------------------------
# Readable at every size a slider allows: no text under 8 points (11 px at the panels' 100 dpi) is drawn


READABLE = 8.0


def text_sizes(fig):
    """(font size in points, text) of everything written on a figure: Text artists and label collections."""
    import matplotlib.text

    found = [(t.get_fontsize(), t.get_text()) for t in fig.findobj(matplotlib.text.Text)
             if t.get_visible() and t.get_text().strip()]
    for ax in fig.axes:
        for collection in ax.collections:
            texts = getattr(collection, "texts", None)
            if texts:  # glyph outlines scaled from 1 point: the transform's scale is the size in pixels
                size = collection.get_transform().get_matrix()[0, 0] * 72 / fig.dpi
                found += [(size, t) for t in texts]
    return found


def _sliders(w):
    return [c.widget for c in w.controls if isinstance(c.widget, Slider)]


@pytest.mark.parametrize("make", [
    lambda: W.subtraction_explorer("1, 3, 4"), lambda: W.grundy_scale_explorer("1, 2, 3"),
    lambda: W.labelling_player("1, 3, 4"), lambda: W.misere_explorer("4, 9, 11"),
    lambda: W.period_heatmap_explorer(), lambda: W.sum_explorer(), lambda: W.wythoff_explorer(),
], ids=["subtraction", "scale", "labelling", "misere", "heatmap", "sum", "wythoff"])
def test_every_figure_is_readable_at_both_ends_of_every_slider(make):
    w = make()
    for slider in _sliders(w):
        for value in (slider.min, slider.max):
            slider.value = value
            fig = w._show_view(w.read()).draw()
            small = [(round(size, 1), text) for size, text in text_sizes(fig) if size < READABLE - 1e-6]
            assert not small, (slider.description, value, small[:5])


def test_strips_keep_the_letters_in_their_cells_up_to_the_sliders_end():
    for w in (W.subtraction_explorer("1, 3, 4"), W.misere_explorer("4, 9, 11")):
        w.slider.value = w.slider.max
        fig = w._show_view(w.read()).draw()
        gids = {c.get_gid() for c in fig.axes[0].collections}
        assert {"p-labels", "n-labels"} <= gids, (w.status_text[:30], gids)


@pytest.mark.parametrize("S", ["1, 2, 3", "1, 2, 3, 4, 5, 6, 7, 8", "2, 5, 7", "18, 19, 20"])
def test_the_grundy_scale_names_every_move_up_to_the_sliders_end(S):
    w = W.grundy_scale_explorer(S, n=0)
    for n in (w.slider.max, 30):
        w.slider.value = n
        fig = w._show_view(w.read()).draw()
        labels = next(c for c in fig.axes[0].collections if c.get_gid() == "scale-labels")
        assert labels.texts == [f"−{s}" for s in sorted(w.values["S"]) if s <= n], (S, n)


def test_a_game_whose_positions_are_not_typed_is_explored_at_the_position_given():
    from gamelib import Chomp

    w = W.position_explorer(Chomp(2, 3), (3, 3))
    assert not w.controls and "Winning move: bite at row 2, column 3." in w.status_text
    assert w.image.alt.startswith(w.status_text) and bytes(w.image.value).startswith(PNG_SIGNATURE)
