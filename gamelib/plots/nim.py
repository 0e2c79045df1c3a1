"""The binary table of a Nim position (the nim-sum column by column, and the winning moves)."""

from __future__ import annotations

from collections.abc import Sequence

from matplotlib.patches import Rectangle

from gamelib.arguments import LimitError, check_heaps
from gamelib.games.nim import HEAP_NAMES, Nim, nim_sum
from gamelib.limits import (
    MAX_NIM_BITS,
    MAX_NIM_TABLE_HEAPS,
)
from gamelib.plots.draw import axis_numbers, bare_axes, cell_squares, draw_labels, draw_p_markers, fit_text, row_labels
from gamelib.plots.figure import GameFigure, axes_inches, check_inches, new_figure
from gamelib.plots.positions import HEAP_ROWS, figure_kind
from gamelib.plots.style import CELL, LABEL_SIZE, N_TEXT_COLOUR, PARITY_COLOUR, SECOND_COLOUR, TICK_SIZE


def nim_binary_table(heaps: Sequence[int] = (5, 9, 12), width: float = 8.0) -> GameFigure:
    """Nim heaps in binary, one row per heap, with the column-wise XOR (the nim-sum) in the bottom row.

    Columns with an odd number of 1s are shaded sky blue (their nim-sum digit is 1). When the nim-sum is
    not 0, each heap that can be lowered to make it 0 is framed in orange with its new size at the right;
    when it is 0 the P marker says that the position is a P-position.

    Parameters
    ----------
    heaps : 1 to 8 heap sizes, each from 0 to 65535.
    width : figure width in inches, 3 to 20.

    Returns
    -------
    GameFigure with ``plotted`` keys ``bits`` (list of lists, highest place first), ``nim_sum``,
    ``odd_columns`` (their place values), ``moves`` (dict heap index -> new size), ``p_positions``
    ([heaps] or []).

    >>> fig = nim_binary_table((3, 4, 5))
    >>> fig.plotted["nim_sum"], fig.plotted["odd_columns"], fig.plotted["moves"]
    (2, [2], {0: 1})
    """
    width = check_inches(width, "width")
    if not isinstance(heaps, (tuple, list)):
        raise TypeError(f"heaps must be a tuple of heap sizes such as (5, 9, 12), got {heaps!r:.60}")
    if not 1 <= len(heaps) <= MAX_NIM_TABLE_HEAPS:
        raise ValueError(f"give 1 to {MAX_NIM_TABLE_HEAPS} heaps (at most {MAX_NIM_TABLE_HEAPS} fit the table), "
                         f"got {len(heaps):,}")
    heaps = check_heaps(tuple(heaps), name="heaps")
    if max(heaps) >= 2**MAX_NIM_BITS:
        raise LimitError(f"each heap must be below {2**MAX_NIM_BITS:,} ({MAX_NIM_BITS} binary digits), got {heaps}")
    total = nim_sum(*heaps)
    digits = max(max(heaps).bit_length(), 1)
    places = [2**k for k in range(digits - 1, -1, -1)]
    bits = [[(h >> k) & 1 for k in range(digits - 1, -1, -1)] for h in heaps]
    xor_bits = [(total >> k) & 1 for k in range(digits - 1, -1, -1)]
    odd = [p for p, b in zip(places, xor_bits, strict=True) if b]
    moves = {}
    for after in Nim().winning_moves(heaps):  # the model's winning moves, as {heap index: its new size}
        i = next(i for i, (h, a) in enumerate(zip(heaps, after, strict=True)) if h != a)
        moves[i] = after[i]
    rows = len(heaps) + 1
    row_in = min(0.42, 2.6 / rows)
    height = 0.95 + row_in * rows
    fig, ax = new_figure(width, height, left=1.45, right=0.2, bottom=0.15, top=0.8,
                          title=f"{Nim().title} with heaps ({', '.join(map(str, heaps))}) in binary: nim-sum {total}")
    ax_w, ax_h = axes_inches(ax)
    col_in = min(0.55, (ax_w - 3.6) / digits)  # leave about 3.6 inches for the notes at the right
    ax.set_xlim(-0.5, -0.5 + ax_w / col_in)
    ax.set_ylim(-0.5, rows - 0.5)
    bare_axes(ax)
    size = fit_text(ax, 1, largest=14)
    axis_numbers(ax, "top", list(range(digits)), [str(p) for p in places], fontsize=LABEL_SIZE, gid="place-values")
    ax.xaxis.set_label_position("top")
    ax.set_xlabel("place value of the binary digit", fontsize=LABEL_SIZE, loc="left", labelpad=TICK_SIZE + 5)
    row_labels(ax, range(rows), [f"nim-sum: {total}"] + [f"heap {HEAP_NAMES[i]}: {h}" for i, h in
                                                          reversed(list(enumerate(heaps)))])
    cells = [(k, rows - 1 - i, b) for i, row in enumerate(bits) for k, b in enumerate(row)]
    odd_k = {k for k, b in enumerate(xor_bits) if b}
    colours = [PARITY_COLOUR if k in odd_k else "#EFEFEF" for k, _, _ in cells]
    ax.add_collection(cell_squares([k for k, _, _ in cells], [y for _, y, _ in cells], CELL, CELL,
                                   facecolor=colours, edgecolor="none", alpha=0.55, zorder=1), autolim=False)
    ax.add_collection(cell_squares(range(digits), [0] * digits, CELL, CELL,
                                   facecolor=[PARITY_COLOUR if k in odd_k else "#EFEFEF" for k in range(digits)],
                                   edgecolor="black", linewidth=1.0, alpha=0.9, zorder=1), autolim=False)
    ones = [(k, y) for k, y, b in cells if b]
    zeros = [(k, y) for k, y, b in cells if not b]
    draw_labels(ax, [k for k, _ in ones], [y for _, y in ones], ["1"] * len(ones), size, bold=True, gid="bits")
    draw_labels(ax, [k for k, _ in zeros], [y for _, y in zeros], ["0"] * len(zeros), size, N_TEXT_COLOUR, gid="bits")
    draw_labels(ax, list(range(digits)), [0] * digits, [str(b) for b in xor_bits], size, bold=True, gid="xor-bits")
    ax.hlines(0.5, -0.5, digits - 0.5, colors="black", linewidth=1.6)
    ax.text(-0.62, 0.5, "⊕", ha="right", va="center", fontsize=LABEL_SIZE + 2)
    note_x = digits + 0.1
    for i, new in moves.items():
        y = rows - 1 - i
        ax.add_artist(Rectangle((-0.5, y - 0.47), digits, 0.94, facecolor="none", edgecolor=SECOND_COLOUR,
                               linewidth=3.0, zorder=5, gid="move-frame"))
        ax.text(note_x, y, f"→ change heap {HEAP_NAMES[i]} from {heaps[i]} to {new} = {new:0{digits}b}", ha="left",
                va="center", fontsize=LABEL_SIZE, zorder=5)
    p_positions: list = []
    if total == 0:
        draw_p_markers(ax, [note_x + 0.4], [0], size)
        ax.text(note_x + 1.0, 0, "P-position: every move loses", ha="left", va="center",
                fontsize=LABEL_SIZE)
        p_positions = [heaps]
    else:
        ax.text(note_x, 0, "N-position: a move in an orange row wins", ha="left", va="center", fontsize=LABEL_SIZE)
    fig.plotted.update(bits=bits, nim_sum=total, odd_columns=odd, moves=moves, p_positions=p_positions)
    return fig


@figure_kind("nim", play=HEAP_ROWS, hides="nothing: the table always frames the winning moves, so a play panel "
             "shows Nim's heaps as rows of chips instead", keys="Tab reaches each heap's buttons in turn; Enter or "
             "Space takes that many chips")
def _nim_figure(game: Nim, position: tuple[int, ...], show_winning_moves: bool, width: float) -> GameFigure:
    """Nim's own view: a position is drawn as its binary table (the winning moves always framed)."""
    return nim_binary_table(position, width=width)
