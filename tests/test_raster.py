"""The fast PNG path (gamelib/plots/raster.py) draws the pixels matplotlib's savefig draws.

Pixels are compared with savefig's own PNG read back by Pillow: a line of text placed a pixel off, a bitmap
kept for another font size or dpi, a lost rotation or a lost alpha channel would each show as a difference.
"""

from __future__ import annotations

import io

import numpy as np
import pytest
from matplotlib.figure import Figure
from PIL import Image

from gamelib import SubtractionGame, plots
from gamelib.plots import raster


def savefig_pixels(fig, dpi):
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi)
    return np.asarray(Image.open(io.BytesIO(buffer.getvalue())).convert("RGBA"))


def read_png(png):
    image = Image.open(io.BytesIO(png))
    return image.mode, np.asarray(image.convert("RGBA"))


FIGURES = {
    "grundy_scale": lambda: plots.grundy_scale(SubtractionGame({2, 5, 7}), 11),
    "sequence_strip": lambda: plots.sequence_strip(SubtractionGame({1, 3, 4}), 30),
    "sum_heatmap": lambda: plots.sum_heatmap(SubtractionGame({1, 3, 7, 8}), SubtractionGame({1, 2, 3}), 16, 16),
    "wythoff_heatmap": lambda: plots.wythoff_heatmap(30),
    "game_graph": lambda: plots.game_graph(SubtractionGame({1, 2}), 8),
}


@pytest.mark.parametrize("name", sorted(FIGURES))
@pytest.mark.parametrize("dpi", [100, 72])
def test_the_same_pixels_as_savefig(name, dpi):
    fig = FIGURES[name]()
    expected = savefig_pixels(fig, dpi)
    mode, first = read_png(raster.render_png(fig, dpi))
    assert mode == "RGB"  # the figures are opaque: no alpha channel is sent
    assert first.shape == expected.shape
    assert (first == expected).all()
    # Drawn again: every line of text now comes from the kept bitmaps, placed the same way.
    assert (read_png(raster.render_png(FIGURES[name](), dpi))[1] == expected).all()


def test_kept_text_is_kept_per_size_and_turns_with_its_angle():
    def figure(size):
        fig = Figure(figsize=(3, 2), dpi=100)
        fig.text(0.1, 0.5, "g(n) = mex{...}", fontsize=size)
        fig.text(0.8, 0.5, "g(n) = mex{...}", fontsize=size, rotation=90, ha="center", va="center")
        return fig

    for size in (10, 14, 10):  # 10 again: its bitmap is kept, the 14-point one must not be taken for it
        fig = figure(size)
        assert (read_png(raster.render_png(fig, 100))[1] == savefig_pixels(fig, 100)).all()


def test_a_transparent_figure_keeps_its_alpha_channel():
    fig = Figure(figsize=(2, 1), dpi=50)
    fig.patch.set_alpha(0.0)
    fig.text(0.2, 0.4, "P")
    mode, pixels = read_png(raster.render_png(fig, 50))
    assert mode == "RGBA" and pixels[0, 0, 3] == 0
    assert (pixels == savefig_pixels(fig, 50)).all()


def test_the_figure_is_left_as_it_was():
    fig = plots.sequence_strip(SubtractionGame({1, 2}), 10)
    canvas, dpi = fig.canvas, fig.dpi
    raster.render_png(fig, 72)
    assert fig.canvas is canvas and fig.dpi == dpi


def test_png_bytes_refuses_what_is_not_rgba():
    with pytest.raises(ValueError, match=r"\(height, width, 4\)"):
        raster.png_bytes(np.zeros((3, 4, 3), dtype=np.uint8))


def test_a_moved_mark_over_the_kept_picture_draws_what_savefig_draws():
    # The sum explorer's sliders move the mark alone: the rest is drawn once and kept (the figure's top_layer).
    # Every step, the first included, then another S of the same size and another table size, must give
    # savefig's pixels: a kept picture taken for another figure, or the mark drawn out of order, would show.
    from gamelib.plots.figure import give_back

    a, b, other = SubtractionGame({1, 3, 7, 8}), SubtractionGame({1, 2, 3}), SubtractionGame({2, 5})
    steps = [(a, 16, (6, 3)), (a, 16, (7, 3)), (a, 16, (15, 15)), (a, 16, (0, 0)), (a, 16, None),
             (other, 16, (7, 3)), (other, 16, (8, 3)), (a, 17, (8, 3)), (a, 16, (9, 3))]
    for game, rows, mark in steps:
        fig = plots.sum_heatmap(game, b, rows, 16, mark=mark)
        assert fig.top_layer is not None and len(fig.top_layer[1]) == (0 if mark is None else 2)
        mode, pixels = read_png(plots.figure_to_png(fig, dpi=90, fresh=True))
        assert mode == "RGB"
        assert np.array_equal(pixels, savefig_pixels(fig, 90)), (game, rows, mark)
        assert not any(artist.get_animated() for artist in fig.top_layer[1])  # left as it was
        give_back(fig)  # as a panel does: the next step takes this figure again


def test_a_figure_changed_after_it_was_drawn_is_drawn_whole():
    # A notebook may change a figure before it is shown: without fresh=True the kept picture of the rest is
    # never used, so the change shows (a kept picture from the same inputs would hide it).
    a, b = SubtractionGame({1, 3, 7, 8}), SubtractionGame({1, 2, 3})
    plots.figure_to_png(plots.sum_heatmap(a, b, 16, 16, mark=(2, 2)), dpi=90, fresh=True)  # the rest is kept
    fig = plots.sum_heatmap(a, b, 16, 16, mark=(3, 3))
    fig.axes[0].set_facecolor("red")
    fig.suptitle("changed after the drawing")
    mode, pixels = read_png(plots.figure_to_png(fig, dpi=90))
    assert np.array_equal(pixels, savefig_pixels(fig, 90))
    with pytest.raises(TypeError, match="fresh must be True or False"):
        plots.figure_to_png(fig, dpi=90, fresh="yes")
