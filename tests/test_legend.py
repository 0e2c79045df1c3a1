"""Hand-drawn legends (gamelib/plots/legend.py): every entry's handle and words, in order, none on another,
all inside the figure."""

from __future__ import annotations

import pytest
from figure_words import words_outside
from matplotlib.backends.backend_agg import FigureCanvasAgg

from gamelib import SubtractionGame, plots

FIGURES = {
    "labelling_figure": (lambda: plots.labelling_figure(SubtractionGame({1, 3, 4}), 15, 5, show_caption=False),
                         ["labelled P", "labelled N", "not labelled yet", "labelled in this step",
                          "the moves that decide"]),
    "game_graph": (lambda: plots.game_graph(SubtractionGame({1, 3, 4}), 12),
                   ["P-position", "N-position", "a move", "winning move (to a P-position)"]),
    "wythoff_heatmap": (lambda: plots.wythoff_heatmap(30),
                        ["φ = (1 + √5)/2 ≈ 1.6180", "P-position", "N-position", "b = φ·a", "b = a / φ"]),
}


@pytest.mark.parametrize("name", sorted(FIGURES))
def test_legend_entries_in_order_apart_and_inside_the_figure(name):
    make, words = FIGURES[name]
    fig = make()
    labels = [t for t in fig.texts if t.get_gid() == "legend"]
    assert [t.get_text() for t in labels] == words
    assert words_outside(fig) == []
    renderer = FigureCanvasAgg(fig).get_renderer()
    boxes = [t.get_window_extent(renderer) for t in labels]
    handles = [a.get_window_extent(renderer) for a in fig.artists + fig.lines + fig.patches
               if a.get_gid() == "legend-handle"]
    assert len(handles) == len([w for w in words if not w.startswith("φ")])
    every = boxes + handles
    for i, one in enumerate(every):  # no word or handle drawn over another
        for other in every[i + 1:]:
            assert not one.overlaps(other), (name, one, other)
