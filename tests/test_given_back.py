"""A panel's figure is made on the axes of its previous one (plots.figure.give_back): the pictures must be the
ones a new figure gives, step after step, for every slider and text box of the lessons."""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

from benchmarks.widget_steps import controls
from gamelib.plots import figure
from gamelib.widgets import panel

CONTROLS = {label: (make, attr, values) for label, make, attr, values in controls()}


def pixels(png):
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGBA"))


@pytest.mark.parametrize("label", sorted(CONTROLS))
def test_pictures_on_given_back_figures_are_those_of_new_ones(label, monkeypatch):
    make, attr, values = CONTROLS[label]
    shown = []
    widget = make()
    for value in values[:5]:
        panel.PNG_CACHE.clear()
        getattr(widget, attr).value = value
        shown.append((value, bytes(widget.image.value), widget.status_text))
    monkeypatch.setattr(figure, "give_back", lambda fig: None)  # from here on, every figure is new
    monkeypatch.setattr(panel, "give_back", lambda fig: None)
    figure._GIVEN_BACK.figures = None
    fresh = make()
    for value, png, words in shown:
        panel.PNG_CACHE.clear()
        getattr(fresh, attr).value = value
        assert fresh.status_text == words
        if png or bytes(fresh.image.value):
            assert (pixels(png) == pixels(bytes(fresh.image.value))).all(), (label, value)


def test_a_figure_given_back_is_taken_again_by_its_own_drawing_only():
    from gamelib import SubtractionGame, plots

    scale = plots.grundy_scale(SubtractionGame({2, 5, 7}), 9)
    figure.give_back(scale)
    strip = plots.sequence_strip(SubtractionGame({2, 5, 7}), 20)
    assert strip is not scale  # another drawing makes its own
    again = plots.grundy_scale(SubtractionGame({2, 5, 7}), 10)
    assert again is scale and again.plotted["equation"].startswith("g(10)")
