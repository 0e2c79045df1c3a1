"""What a panel step costs besides drawing: no garbage collection in the middle of it, and the new picture sent
to the browser as one message (picture, text alternative and the end of the busy sign together).

Times are not asserted (benchmarks/run.py prints them); these are the mechanisms behind them.
"""

from __future__ import annotations

import gc

from gamelib import widgets as W

from held_loop import HeldLoop, from_browser


def watch_collector(monkeypatch, w):
    """Record, at each view the panel makes, whether the garbage collector may run."""
    seen = []
    original = w._show_view
    monkeypatch.setattr(w, "_show_view", lambda values: (seen.append(gc.isenabled()), original(values))[1])
    return seen


def test_no_collection_while_a_step_draws_and_the_collector_back_after(monkeypatch):
    w = W.grundy_scale_explorer("2, 5, 7", n=3)
    seen = watch_collector(monkeypatch, w)
    assert gc.isenabled()
    w.slider.value = 9
    assert seen == [False]
    assert gc.isenabled()
    assert "so heap 9" in w.status_text


def test_the_collector_is_back_after_a_step_that_fails():
    w = W.grundy_scale_explorer("2, 5, 7", n=3)
    w.text.value = "1, x"
    assert "\u26a0" in w.status.value and gc.isenabled()


def test_a_collector_turned_off_by_the_notebook_stays_off(monkeypatch):
    w = W.grundy_scale_explorer("2, 5, 7", n=3)
    gc.disable()
    try:
        w.slider.value = 8
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_the_new_picture_its_words_and_the_end_of_the_busy_sign_are_one_message(monkeypatch):
    from gamelib.widgets import panel

    loop = HeldLoop()
    monkeypatch.setattr(panel, "_running_loop", lambda: loop)
    w = W.grundy_scale_explorer("2, 5, 7", n=3)
    sent = []
    monkeypatch.setattr(w.image, "send_state",
                        lambda key=None: sent.append({key} if isinstance(key, str) else set(key or ())))
    from_browser(w.slider, 9)
    assert sent == [{"busy"}]  # the busy sign at once
    loop.run()
    assert sent[1:] == [{"value", "alt", "busy"}]
    assert not w.image.busy and w.image.alt.startswith("g(9) = mex")
