"""The picture of the rare-value method: how a game's values split into a few rare heaps and many common ones.

It draws a :class:`~gamelib.analysis.rare_values.RareSplit` as it is given (``OctalGame(code).rare_split(n)``,
``periodicity().rare``, ``GrundysGame().rare_split(n)``); nothing here computes a value.
"""

from __future__ import annotations

import numpy as np

from gamelib.analysis.rare_values import RareSplit
from gamelib.plots.figure import GameFigure, check_inches
from gamelib.plots.style import HIGHLIGHT_COLOUR, LABEL_SIZE, SECOND_COLOUR, TICK_SIZE, TITLE_SIZE

#: Common heaps are drawn in Okabe–Ito blue, rare heaps in Okabe–Ito orange (with a black edge and a
#: different marker shape, so the two differ without colour too).
COMMON_COLOUR, RARE_COLOUR = HIGHLIGHT_COLOUR, SECOND_COLOUR
#: The most values the text alternative lists one by one.
LISTED_VALUES = 12


def _values_text(values: list[int]) -> str:
    """A list of values in words, cut short when long."""
    if not values:
        return "none"
    shown = ", ".join(map(str, values[:LISTED_VALUES]))
    return shown + (f" and {len(values) - LISTED_VALUES} more" if len(values) > LISTED_VALUES else "")


def rare_split_text(split: RareSplit) -> str:
    """One sentence saying what :func:`rare_heaps_figure` shows (its text alternative).

    >>> import textwrap
    >>> from gamelib import OctalGame
    >>> print(textwrap.fill(rare_split_text(OctalGame("0.16").rare_split(20_000)), 100))
    Octal game 0.16, heaps 0 to 19,999 under mask 1e: 53 heaps are rare, with the values 0, 1, 6, 7 and
    the last of them at heap 13,935, while the other 19,947 are common, with the values 2, 3, 4, 5, 8,
    9, 14, 15, 16, 17, 22.
    """
    counts = np.array(split.value_counts, dtype=np.int64)
    rare_counts = np.bincount(np.array(split.rare_values, dtype=np.int64), minlength=len(counts))
    rare_values = np.flatnonzero(rare_counts).tolist()
    common_values = np.flatnonzero(counts - rare_counts).tolist()
    last = f" and the last of them at heap {split.last_rare:,}" if split.rare_heaps else ""
    title = split.title[0].upper() + split.title[1:]
    return (f"{title}, heaps 0 to {split.heaps - 1:,} under mask {split.mask_text}: {split.rare_count:,} heaps are "
            f"rare, with the values {_values_text(rare_values)}{last}, while the other "
            f"{split.heaps - split.rare_count:,} are common, with the values {_values_text(common_values)}.")


def rare_heaps_figure(split: RareSplit, width: float = 10.0, height: float = 4.2) -> GameFigure:
    """Two panels: how many heaps have each value, common and rare apart; and where the rare heaps are.

    Left, bars (log scale): for each Grundy value, how many heaps are common and how many rare -- the rare
    values are few. Right: every rare heap as a point (heap on a logarithmic axis, value up), the last one
    marked, the heaps examined shaded. The title names the game (its code) and the mask.

    ``figure.plotted`` holds ``rare_heaps``, ``last_rare``, ``mask`` and ``alt_text`` (one sentence saying
    what the figure shows, from :func:`rare_split_text`).

    >>> from gamelib import OctalGame
    >>> fig = rare_heaps_figure(OctalGame("0.16").rare_split(20_000))
    >>> fig.get_suptitle()
    'octal game 0.16: 53 rare heaps among heaps 0 to 19,999 (mask 1e)'
    >>> fig.plotted["last_rare"]
    13935
    >>> fig.plotted["alt_text"] in fig.text_alternative()
    True
    """
    if not isinstance(split, RareSplit):
        raise TypeError(f"rare_heaps_figure draws a RareSplit, such as OctalGame('0.16').rare_split(20000); got "
                        f"{split!r:.80}")
    width, height = check_inches(width, "width"), check_inches(height, "height")
    fig = GameFigure(figsize=(width, height), dpi=100)
    fig.suptitle(f"{split.title}: {split.rare_words} among heaps 0 to {split.heaps - 1:,} "
                 f"(mask {split.mask_text})", fontsize=TITLE_SIZE)
    bars, where = fig.subplots(1, 2, gridspec_kw={"width_ratios": [1, 1.3], "left": 0.07, "right": 0.98,
                                                  "bottom": 0.15, "top": 0.85, "wspace": 0.25})

    counts = np.array(split.value_counts, dtype=np.int64)
    rare_counts = np.bincount(np.array(split.rare_values, dtype=np.int64), minlength=len(counts))
    values = np.arange(len(counts))
    bars.bar(values - 0.2, counts - rare_counts, width=0.4, color=COMMON_COLOUR, label="common heaps")
    bars.bar(values + 0.2, rare_counts, width=0.4, color=RARE_COLOUR, edgecolor="black", linewidth=0.5,
             hatch="//", label="rare heaps")
    bars.set_yscale("log")
    bars.set_xlabel("Grundy value", fontsize=LABEL_SIZE)
    bars.set_ylabel("number of heaps with this value", fontsize=LABEL_SIZE)
    bars.legend(fontsize=TICK_SIZE, loc="upper right")

    heaps = np.array(split.rare_heaps, dtype=np.int64)
    where.axvspan(0, split.heaps - 1, color="#F0F0F0", zorder=0, label=f"heaps examined (0 to {split.heaps - 1:,})")
    where.scatter(heaps, split.rare_values, marker="^", s=28, color=RARE_COLOUR, edgecolors="black", linewidths=0.5,
                  zorder=2, label="a rare heap")
    if split.rare_heaps:
        last = split.rare_heaps[-1]
        where.annotate(f"last rare heap: {last:,}", (last, split.rare_values[-1]), xytext=(-8, 14),
                       textcoords="offset points", ha="right", fontsize=TICK_SIZE,
                       arrowprops={"arrowstyle": "-", "color": "black", "linewidth": 0.8})
    where.set_xscale("symlog", linthresh=1)
    where.set_xlim(0, max(split.heaps, 2) * 1.5)
    where.set_ylim(-0.5, max(len(counts), 1) + 0.5)
    where.set_xlabel("heap n (logarithmic scale)", fontsize=LABEL_SIZE)
    where.set_ylabel("Grundy value of heap n", fontsize=LABEL_SIZE)
    where.legend(fontsize=TICK_SIZE, loc="upper left")
    for ax in (bars, where):
        ax.tick_params(labelsize=TICK_SIZE)

    fig.plotted.update(rare_heaps=list(split.rare_heaps), last_rare=split.last_rare, mask=split.mask_text,
                       alt_text=rare_split_text(split))
    fig.alt = fig.plotted["alt_text"]  # shown in a notebook, the picture carries the sentence
    return fig


__all__ = ["rare_heaps_figure", "rare_split_text"]
