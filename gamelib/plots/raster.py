"""A figure to PNG bytes, fast: the same pixels as matplotlib's ``savefig(format="png")``, in less time.

A panel redraws its figure at every step of a slider, so what ``savefig`` spends on work that repeats is
paid on every key press. Measured on the Grundy scale (900 x 340 pixels), three costs repeat:

* every line of text is laid out and rasterised by FreeType again (``FT2Font.set_text``: about half a
  millisecond for a 50-character line, twice per line: once to measure it, once to draw it), although most
  lines (axis labels, legends, the row names) are the same at every step. :class:`TextCachingRenderer` keeps
  each line's bitmap, keyed by everything that shapes it, and only places it; it reuses one renderer per
  picture size, so matplotlib's own cache of text sizes (kept per renderer) is also hit;
* a new renderer allocates and clears a canvas every time (reused here, per thread);
* Pillow's PNG encoder tries five row filters on every row; :func:`png_bytes` writes the rows unfiltered
  with zlib at level 1 (the figures are flat colours: the file is as small), and without the alpha channel
  when the picture is opaque (a quarter less to compress, send and decode).

The pixels are those ``savefig`` draws (tests/test_raster.py compares them); only the encoding differs.

>>> from gamelib.plots.figure import GameFigure
>>> png = render_png(GameFigure(figsize=(2, 1)), dpi=50)
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n", png_size(png)
(True, (100, 50))
"""

from __future__ import annotations

import struct
import threading
import zlib
from collections import OrderedDict
from math import cos, radians, sin
from typing import Any

import matplotlib
import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg, RendererAgg, get_hinting_flag
from matplotlib.figure import Figure

#: Lines of text whose bitmaps are kept (a bitmap is a few kilobytes; the lessons' panels write a few
#: hundred different lines).
TEXT_CACHE_SIZE = 2048
#: A renderer (its canvas) is kept for reuse only up to this many pixels: 4 megapixels is 16 MB, four
#: times a panel's largest picture; a bigger one is made for its figure and dropped after.
KEPT_RENDERER_PIXELS = 4_000_000
#: Renderers kept per thread (one per picture size and dpi).
KEPT_RENDERERS = 4

_TEXT_IMAGES: OrderedDict[tuple, tuple[np.ndarray, float, float, float]] = OrderedDict()
_TEXT_LOCK = threading.Lock()
_KEPT = threading.local()


def _font_key(prop: Any) -> tuple:
    """What of a ``FontProperties`` shapes the glyphs (the object itself may change after it is used)."""
    return (tuple(prop.get_family()), prop.get_style(), prop.get_variant(), prop.get_weight(),
            prop.get_stretch(), prop.get_size_in_points(), prop.get_file(), prop.get_math_fontfamily())


class TextCachingRenderer(RendererAgg):
    """matplotlib's Agg renderer that rasterises each line of plain text once and keeps its bitmap.

    A bitmap depends only on the string, the font, its size, the dpi, the hinting and antialiasing (it is
    placed at whole pixels afterwards, rotated by Agg as matplotlib does), so a kept one draws the same
    pixels. Mathematical text goes the usual way.
    """

    def _text_key(self, s: str, prop: Any, antialiased: bool) -> tuple:
        return (s, _font_key(prop), self.dpi, get_hinting_flag(), matplotlib.rcParams["text.hinting_factor"],
                antialiased)

    def _rasterise(self, s: str, prop: Any, antialiased: bool) -> tuple[Any, tuple]:
        """Lay out and rasterise one line, keep its bitmap; returns the font (laid out) and what is kept."""
        font = self._prepare_font(prop)
        font.set_text(s, 0, flags=get_hinting_flag())
        font.draw_glyphs_to_bitmap(antialiased=antialiased)
        xo, yo = font.get_bitmap_offset()
        kept = (np.array(font.get_image(), dtype=np.uint8), font.get_descent() / 64.0, xo / 64.0, yo / 64.0)
        with _TEXT_LOCK:
            _TEXT_IMAGES[self._text_key(s, prop, antialiased)] = kept
            if len(_TEXT_IMAGES) > TEXT_CACHE_SIZE:
                _TEXT_IMAGES.popitem(last=False)
        return font, kept

    def get_text_width_height_descent(self, s: str, prop: Any, ismath: Any) -> tuple[float, float, float]:
        # A line is measured before it is drawn: the one layout serves both (the bitmap is kept for the draw).
        if ismath:
            return super().get_text_width_height_descent(s, prop, ismath)
        font, _ = self._rasterise(s, prop, bool(matplotlib.rcParams["text.antialiased"]))
        width, height = font.get_width_height()
        return width / 64.0, height / 64.0, font.get_descent() / 64.0

    def draw_text(self, gc: Any, x: float, y: float, s: str, prop: Any, angle: float, ismath: Any = False,
                  mtext: Any = None) -> None:
        if ismath:
            super().draw_text(gc, x, y, s, prop, angle, ismath, mtext)
            return
        antialiased = bool(gc.get_antialiased())
        key = self._text_key(s, prop, antialiased)
        with _TEXT_LOCK:
            kept = _TEXT_IMAGES.get(key)
            if kept is not None:
                _TEXT_IMAGES.move_to_end(key)
        if kept is None:
            _, kept = self._rasterise(s, prop, antialiased)
        image, descent, xo, yo = kept
        # As RendererAgg.draw_text: the descent turns with the text; the bitmap is placed at whole pixels.
        x = round(x + xo + descent * sin(radians(angle)))
        y = round(y + yo + descent * cos(radians(angle)))
        self._renderer.draw_text_image(image, x, y + 1, angle, gc)


class _KitCanvas(FigureCanvasAgg):
    """An Agg canvas drawing with a :class:`TextCachingRenderer` kept (per thread) for its size and dpi."""

    _lastKey: Any = None

    def get_renderer(self) -> RendererAgg:
        width, height = self.figure.bbox.size
        key = (width, height, self.figure.dpi)
        if width * height > KEPT_RENDERER_PIXELS:
            if self._lastKey != key:
                self.renderer = TextCachingRenderer(width, height, self.figure.dpi)
                self._lastKey = key
            return self.renderer
        kept: OrderedDict = getattr(_KEPT, "renderers", None) or OrderedDict()
        _KEPT.renderers = kept
        renderer = kept.pop(key, None) or TextCachingRenderer(width, height, self.figure.dpi)
        kept[key] = renderer
        while len(kept) > KEPT_RENDERERS:
            kept.popitem(last=False)
        self.renderer, self._lastKey = renderer, key
        return renderer


#: Pictures under a top layer kept per thread (see :func:`render_rgba`; a panel's picture is about 1 MB).
KEPT_BACKGROUNDS = 4


def _draw_layered(fig: Figure, canvas: FigureCanvasAgg, key: tuple, top: list) -> None:
    """Draw the figure with the artists ``top`` drawn last over the picture of the rest, which is kept under
    ``key`` and taken again when the same key comes (then only ``top`` is drawn)."""
    renderer = canvas.get_renderer()
    kept: OrderedDict = getattr(_KEPT, "backgrounds", None) or OrderedDict()
    _KEPT.backgrounds = kept
    full_key = (key, fig.bbox.width, fig.bbox.height, fig.dpi)
    background = kept.pop(full_key, None)
    if background is None:
        was = [artist.get_animated() for artist in top]
        try:
            for artist in top:
                artist.set_animated(True)  # matplotlib's draw leaves animated artists out
            canvas.draw()
        finally:
            for artist, animated in zip(top, was, strict=True):
                artist.set_animated(animated)
        background = renderer.copy_from_bbox(fig.bbox)
    else:
        renderer.restore_region(background)
    kept[full_key] = background
    while len(kept) > KEPT_BACKGROUNDS:
        kept.popitem(last=False)
    for artist in top:
        artist.draw(renderer)


def render_rgba(fig: Figure, dpi: float, layered: bool = False) -> np.ndarray:
    """The figure's pixels at ``dpi`` as a (height, width, 4) array of bytes (a copy), as ``savefig`` draws
    them: the figure's own background, no transparency added, the whole figure (no tight box).

    With ``layered``, a figure whose ``top_layer`` is ``(key, artists)`` is drawn in two layers: everything
    but ``artists`` (kept, under ``key``), then ``artists`` over it. Its drawing function promises that the same ``key``
    means the same figure apart from ``artists``, and that nothing drawn after ``artists`` in matplotlib's
    order touches their pixels: then the pixels are those of one draw (tests/test_raster.py compares them),
    and a figure that differs from the last only there (a mark moved) costs only the drawing of the mark.
    Only for a figure fresh from its drawing function: a change made to it afterwards is not in the key.
    """
    old_canvas, old_dpi = fig.canvas, fig.dpi
    try:
        if dpi != old_dpi:
            fig.dpi = dpi
        canvas = _KitCanvas(fig)
        layer = getattr(fig, "top_layer", None) if layered else None
        if layer:
            _draw_layered(fig, canvas, *layer)
        else:
            canvas.draw()
        return np.array(canvas.buffer_rgba(), dtype=np.uint8)
    finally:
        if fig.dpi != old_dpi:
            fig.dpi = old_dpi
        fig.set_canvas(old_canvas)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_bytes(rgba: np.ndarray, level: int = 1) -> bytes:
    """A (height, width, 4) array of bytes as a PNG file: RGB when every pixel is opaque, else RGBA; rows
    unfiltered, compressed by zlib at ``level``.

    >>> png = png_bytes(np.full((2, 3, 4), 255, dtype=np.uint8))
    >>> png_size(png), png[25]   # 3 x 2 pixels, colour type 2 (RGB)
    ((3, 2), 2)
    """
    pixels = np.asarray(rgba, dtype=np.uint8)
    if pixels.ndim != 3 or pixels.shape[2] != 4:
        raise ValueError(f"png_bytes needs a (height, width, 4) array of bytes, got shape {pixels.shape}")
    height, width = pixels.shape[:2]
    opaque = int(pixels[:, :, 3].min()) == 255 if pixels.size else True
    channels = 3 if opaque else 4
    pixels = np.ascontiguousarray(pixels)
    rows = np.empty((height, width * channels + 1), dtype=np.uint8)
    rows[:, 0] = 0  # before each row: filter "none"
    # One copy, straight into the rows, a pixel (3 or 4 bytes) at a time: views of both arrays as whole pixels
    # (a reshape copied the pixels twice; a byte at a time took twice as long).
    pixel = f"V{channels}"
    source = np.ndarray((height, width), dtype=pixel, buffer=pixels, strides=(width * 4, 4))
    target = np.ndarray((height, width), dtype=pixel, buffer=rows, offset=1, strides=(width * channels + 1, channels))
    target[...] = source
    header = struct.pack(">IIBBBBB", width, height, 8, 2 if opaque else 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(rows.data, level))
            + _chunk(b"IEND", b""))


def png_size(png: bytes) -> tuple[int, int]:
    """(width, height) in pixels, read from a PNG's header."""
    width, height = struct.unpack(">II", png[16:24])
    return width, height


def render_png(fig: Figure, dpi: float, layered: bool = False) -> bytes:
    """The figure as PNG bytes at ``dpi``: :func:`render_rgba` then :func:`png_bytes`."""
    return png_bytes(render_rgba(fig, dpi, layered))


__all__ = ["TextCachingRenderer", "png_bytes", "png_size", "render_png", "render_rgba"]
