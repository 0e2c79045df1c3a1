"""A progress bar for a long search in a notebook: the model reports how far it got, this shows it.

Pass :func:`progress_bar` as the ``progress`` of a search that may take seconds::

    OctalGame("0.16").periodicity(max_search=2**20, progress=progress_bar())

Nothing shows if the search ends within :data:`SHOW_AFTER` seconds; after that a bar and a line of text
appear under the cell and follow the search to its end. If the search is interrupted (the notebook's stop
button), the line says so and that the values computed are kept, so running the cell again goes on.
"""

from __future__ import annotations

import html

import ipywidgets as widgets
from IPython.display import display

from gamelib.analysis.progress import SearchProgress

#: A search shows its bar only once it has run this many seconds (quick answers draw nothing).
SHOW_AFTER = 2.0

#: How the bar looks when the search ends, by status (ipywidgets' bar styles; the text says it in words too).
END_STYLES = {"proven": "success", "done": "success", "stopped": "warning", "interrupted": "warning"}


class ProgressBox(widgets.HBox):
    """The bar and its line of text. A saved notebook keeps no widget, so what it shows in its place is a line
    saying what was there (not the widget's Python repr).

    >>> ProgressBox()._repr_mimebundle_()["text/plain"]
    '[A progress bar: it follows the search while the cell runs.]'
    """

    def _repr_mimebundle_(self, **kwargs: object) -> dict | None:
        data = super()._repr_mimebundle_(**kwargs)
        if data is not None:
            data["text/plain"] = "[A progress bar: it follows the search while the cell runs.]"
        return data


class ProgressBar:
    """A ``progress`` callback that draws a bar and one line of text (see the module notes).

    >>> bar = ProgressBar(show_after=60)
    >>> bar(SearchProgress("octal game 0.16", 262_144, 1_048_576, 53, 10**8, 10**10, 0.5))
    >>> bar.shown, bar.bar.value  # under a minute: nothing shown yet
    (False, 0.0)
    """

    def __init__(self, show_after: float = SHOW_AFTER):
        self.show_after = show_after
        self.shown = False
        self.bar = widgets.FloatProgress(value=0.0, min=0.0, max=1.0, description="search:",
                                         layout=widgets.Layout(width="40%"))
        # The line beside the bar wraps inside the cell (a Label is one line, cut at the cell's edge).
        self.text = widgets.HTML(value="", layout=widgets.Layout(flex="1 1 0%", min_width="0"))
        self.box = ProgressBox([self.bar, self.text])

    def __call__(self, report: SearchProgress) -> None:
        if not self.shown:
            if report.seconds < self.show_after:
                if report.status != "running":
                    self.box.close()  # a quick search: nothing was shown, and nothing will be
                return
            self.shown = True
            display(self.box)  # as created (empty), so that a re-executed notebook stores the same text
        self.bar.value = 1.0 if report.status in ("proven", "done") else report.fraction
        self.bar.bar_style = END_STYLES.get(report.status, "")
        self.text.value = f'<div style="white-space:normal;line-height:1.3">{html.escape(describe(report))}</div>'


def describe(report: SearchProgress) -> str:
    """The line of text beside the bar.

    >>> describe(SearchProgress("octal game 0.007", 3072, 10**5, None, 10**6, 10**9, 4.0, "interrupted"))
    'octal game 0.007: interrupted at heap 3,072 -- heaps 0 .. 3,071 are kept: run the cell again to go on'
    """
    if report.status == "proven":
        return f"{report.title}: proven after {report.heaps:,} heaps, {report.seconds:.1f} s"
    if report.status == "done":
        return f"{report.title}: {report.heaps:,} heaps computed, {report.seconds:.1f} s"
    if report.status == "interrupted":
        return (f"{report.title}: interrupted at heap {report.heaps:,} -- heaps 0 .. {report.heaps - 1:,} are kept: "
                "run the cell again to go on")
    if report.status == "stopped":
        return f"{report.title}: stopped at heap {report.heaps:,} (see the error below); the values are kept"
    return str(report)


def progress_bar(show_after: float = SHOW_AFTER) -> ProgressBar:
    """A new :class:`ProgressBar`, to pass as ``progress=`` (one per search).

    >>> from gamelib import OctalGame
    >>> OctalGame("0.156").periodicity(max_search=2**15, progress=progress_bar()).period  # quick: no bar
    349
    """
    return ProgressBar(show_after)


__all__ = ["END_STYLES", "SHOW_AFTER", "ProgressBar", "ProgressBox", "describe", "progress_bar"]
