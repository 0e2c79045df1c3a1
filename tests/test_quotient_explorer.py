"""The misère quotient's picture (the view of kind "quotient") and its explorer, driven from Python."""

from __future__ import annotations

import pytest

from gamelib import misere_quotient
from gamelib.plots import FIGURES, view_of
from gamelib.plots.quotients import cayley_table_figure, quotient_words
from gamelib.widgets import misere_quotient_explorer


def test_the_picture_is_the_table_with_the_p_portion_marked_and_the_pretending_row():
    q = misere_quotient("0.75", 10)
    fig = cayley_table_figure(q, heaps=(2, 5))
    assert fig.plotted["table"] == q.cayley_table() and fig.plotted["pretending"] == list(q.pretending)
    assert fig.plotted["marked"] == q.multiply("b", "c") == "ab"
    markers = [c for c in fig.axes[0].collections if c.get_gid() == "p-markers"]
    in_p = sum(cell in q.p_portion for row in q.cayley_table() for cell in row)
    assert len(markers) == 1 and len(markers[0].get_paths()) == in_p == 16
    names = [c for c in fig.axes[0].collections if c.get_gid() == "pretending"][0].texts
    assert names == list(q.pretending)


def test_a_large_quotient_gets_its_pretending_row_and_says_so():
    q = misere_quotient("0.07", 25)
    assert q.order > 40
    fig = cayley_table_figure(q)
    assert fig.plotted["table"] is None
    assert "is drawn for quotients of at most 40 elements" in fig.text_alternative()


def test_the_view_is_registered_and_its_words_are_the_text_alternative():
    q = misere_quotient("0.77", 5)
    view = view_of(q)
    assert view is FIGURES["quotient"]
    words = view.describe(q, (5, 5), True, True)
    assert words == quotient_words(q, (5, 5))
    assert "c: c, ac, bc, abc, b2c, ab2c, 1, a, b, ab, b2, ab2" in words  # the row of c, in words
    assert words.endswith("The sum 5 + 5 is c·c = 1, not in the P-portion: an N-position (the player to move wins).")


def test_the_explorer_shows_the_quotient_and_what_a_typed_sum_is():
    w = misere_quotient_explorer("0.77", 4)
    assert w.status_text.startswith("Q = <a,b | a2=1,b3=b>; P = {a,b2} (Kayles (0.77), heaps 0 to 4: 6 elements, tame")
    w.slider.value = 5
    assert w.status_text.startswith(str(misere_quotient("0.77", 5)))
    w.sum.value = "1, 5, 5"
    assert w.status_text.endswith("The sum 1 + 5 + 5 is a·c·c = a, in the P-portion: a P-position (the player to "
                                  "move loses).")
    assert w.image.alt.startswith(w.status_text) and "Pretending, heaps 0 to 5: 1, a, b, ab, a, c." in w.image.alt
    assert bytes(w.image.value)[1:4] == b"PNG"


@pytest.mark.parametrize("box, text, words", [
    ("game", "0.8", "game: octal code '0.8' contains '8'"),
    ("game", "", "game: type an octal code such as 0.77 (Kayles), or Nim"),
    ("sum", "5, x", "sum of heaps: in '5, x', 'x' is not a number"),
    ("sum", "1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6, 1", "at most 12 whole numbers"),
])
def test_bad_input_is_a_message_in_the_panel_and_the_picture_goes(box, text, words):
    w = misere_quotient_explorer("0.75", 6)
    getattr(w, box).value = text
    assert words in w.status_text
    assert bytes(w.image.value) == b""
    getattr(w, box).value = "5" if box == "sum" else "0.75"
    assert w.status_text.startswith("Q = ") and bytes(w.image.value)[1:4] == b"PNG"


def test_a_sum_beyond_the_slider_waits_and_the_quotient_stays():
    w = misere_quotient_explorer("0.77", 5)
    w.sum.value = "5, 5"
    w.slider.value = 4
    assert w.status_text.endswith("The sum 5 + 5 has a heap of 5, above the largest heap, 4: move the slider up or "
                                  "change the sum.")
    assert w.status_text.startswith("Q = <a,b | a2=1,b3=b>") and bytes(w.image.value)[1:4] == b"PNG"
    w.slider.value = 5
    assert w.status_text.endswith("The sum 5 + 5 is c·c = 1, not in the P-portion: an N-position (the player to "
                                  "move wins).")


def test_nim_by_name_and_a_bad_start_refused():
    assert misere_quotient_explorer("nim", 3).status_text.startswith("Q = <a,b | a2=1,b3=b>; P = {a,b2} (Nim, heaps 0")
    with pytest.raises(ValueError, match="largest heap"):
        misere_quotient_explorer("0.77", 31)
    with pytest.raises(TypeError, match="code must be an octal code"):
        misere_quotient_explorer(0.77, 5)
