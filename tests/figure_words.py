"""Where a figure's words fall once drawn: tests of pictures that must keep every word on the page."""

from __future__ import annotations

from matplotlib.backends.backend_agg import FigureCanvasAgg


def words_outside(fig) -> list[str]:
    """The texts of ``fig`` (its title, figure texts and axes texts) that reach past its edges, once drawn."""
    renderer = FigureCanvasAgg(fig).get_renderer()
    fig.draw(renderer)
    page = fig.bbox
    texts = [fig._suptitle, *fig.texts] + [t for ax in fig.axes for t in ax.texts]
    outside = []
    for text in texts:
        box = text.get_window_extent(renderer)
        if box.x0 < page.x0 - 0.5 or box.x1 > page.x1 + 0.5 or box.y1 > page.y1 + 0.5 or box.y0 < page.y0 - 0.5:
            outside.append(text.get_text())
    return outside
