"""What a panel step costs besides drawing: no garbage collection in the middle of it, the new picture sent
to the browser as one message (picture, text alternative and the end of the busy sign together), and no busy
sign at all before a step expected to be quick (the panel's last step took less than BUSY_AFTER).

Times are not asserted (benchmarks/run.py prints them); these are the mechanisms behind them.
"""

from __future__ import annotations

import asyncio
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


def record_sent(monkeypatch, widget):
    """The sets of traits ``widget`` sends to the browser from now on, one set per message."""
    sent = []
    monkeypatch.setattr(widget, "send_state",
                        lambda key=None: sent.append({key} if isinstance(key, str) else set(key or ())))
    return sent


def test_the_new_picture_its_words_and_the_end_of_the_busy_sign_are_one_message(monkeypatch):
    from gamelib.widgets import panel

    loop = HeldLoop()
    monkeypatch.setattr(panel, "_running_loop", lambda: loop)
    monkeypatch.setattr(panel, "BUSY_AFTER", -1.0)  # every step counts as slow: the sign shows
    w = W.grundy_scale_explorer("2, 5, 7", n=3)
    sent = record_sent(monkeypatch, w.image)
    from_browser(w.slider, 9)
    assert sent == [{"busy"}]  # the busy sign at once
    loop.run()
    assert sent[1:] == [{"value", "alt", "busy"}]
    assert not w.image.busy and w.image.alt.startswith("g(9) = mex")


def test_a_step_expected_to_be_quick_sends_nothing_before_its_picture(monkeypatch):
    from gamelib.widgets import panel

    loop = HeldLoop()
    monkeypatch.setattr(panel, "_running_loop", lambda: loop)
    monkeypatch.setattr(panel, "BUSY_AFTER", float("inf"))  # every step counts as quick
    w = W.grundy_scale_explorer("2, 5, 7", n=3)
    sent, said = record_sent(monkeypatch, w.image), record_sent(monkeypatch, w.status)
    from_browser(w.slider, 9)
    assert sent == [] and said == [] and not w.busy  # no sign, no message before the picture
    loop.run()
    assert sent == [{"value", "alt"}] and said == [{"value"}]
    assert w.image.alt.startswith("g(9) = mex") and "so heap 9" in w.status_text


class Clock:
    """Stands in for the time module in gamelib.widgets.panel: each reading is ``step`` seconds later."""

    def __init__(self, step):
        self.now, self.step = 0.0, step

    def perf_counter(self):
        self.now += self.step
        return self.now


def test_the_busy_sign_shows_before_a_step_when_the_last_one_was_slow(monkeypatch):
    from gamelib.widgets import panel

    loop = HeldLoop()
    monkeypatch.setattr(panel, "_running_loop", lambda: loop)
    w = W.grundy_scale_explorer("2, 5, 7", n=3)
    monkeypatch.setattr(panel, "time", Clock(step=panel.BUSY_AFTER / 4))  # each step now takes BUSY_AFTER / 4
    from_browser(w.slider, 8)
    loop.run()
    from_browser(w.slider, 9)
    assert not w.busy  # the last step was quick
    loop.run()
    monkeypatch.setattr(panel, "time", Clock(step=2 * panel.BUSY_AFTER))  # each step now takes 2 x BUSY_AFTER
    from_browser(w.slider, 10)
    loop.run()
    from_browser(w.slider, 11)
    assert w.busy and "working" in w.status.value  # the last step was slow: the sign shows at once
    loop.run()
    assert not w.busy and "so heap 11" in w.status_text


def test_a_slider_step_from_the_browser_is_not_echoed_back_but_a_value_set_in_python_is_sent(monkeypatch):
    from gamelib.widgets import panel

    loop = HeldLoop()  # the kernel's loop, held: the step runs when the test runs it, and is read after that
    monkeypatch.setattr(panel, "_running_loop", lambda: loop)
    w = W.grundy_scale_explorer("2, 5, 7", n=3)
    messages = []
    monkeypatch.setattr(w.slider, "_send", lambda msg, buffers=None: messages.append(msg))
    from_browser(w.slider, 9)
    assert w.slider.value == 9 and "so heap 9" not in w.status_text  # the step waits on the loop ...
    loop.run()
    assert messages == [] and "so heap 9" in w.status_text  # ... is drawn when it runs, and nothing is echoed
    w.slider.value = 10  # from Python (a notebook cell): the page must be told
    assert [m["state"] for m in messages] == [{"value": 10}]


def test_a_slow_first_picture_does_not_put_the_busy_sign_before_the_first_step(monkeypatch):
    from gamelib.widgets import panel

    loop = HeldLoop()
    monkeypatch.setattr(panel, "_running_loop", lambda: loop)
    monkeypatch.setattr(panel, "time", Clock(step=2 * panel.BUSY_AFTER))  # every run, the first one too, is slow
    w = W.grundy_scale_explorer("2, 5, 7", n=3)
    from_browser(w.slider, 8)
    assert not w.busy  # the panel's first picture is no measure of a step (cold caches): no sign yet
    loop.run()
    from_browser(w.slider, 9)
    assert w.busy  # that step was slow: the sign shows before the next
    loop.run()


def test_a_step_runs_at_once_beside_another_programs_event_loop():
    """A test process that drives a browser keeps Playwright's event loop running in its main thread between
    calls; that loop is not a kernel's, so a step from the browser is drawn at once, not left waiting on it
    (tests/test_panel_steps.py failed under load when it shared a process with the browser tests)."""

    async def inside_another_loop():
        w = W.grundy_scale_explorer("2, 5, 7", n=3)
        w.slider.set_state({"value": 9})  # as ipywidgets applies a message from the browser
        return w.status_text

    assert asyncio.run(inside_another_loop()).startswith("g(9) = mex")
