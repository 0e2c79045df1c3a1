"""The picture of a misère quotient: its multiplication (Cayley) table with the P-portion marked, and the
pretending row (the class of each heap); the view of kind "quotient" (a quotient and a sum of heaps in it)."""

from __future__ import annotations

from matplotlib.lines import Line2D
from matplotlib.patches import Patch, Rectangle

from gamelib.analysis.misere_quotient import MisereQuotient
from gamelib.limits import MAX_CAYLEY_ORDER
from gamelib.plots.draw import bare_axes, cell_squares, draw_labels, fit_text
from gamelib.plots.figure import GameFigure, axes_inches, check_inches, new_figure
from gamelib.plots.legend import legend_above
from gamelib.plots.positions import figure_kind
from gamelib.plots.style import (
    CELL,
    HIGHLIGHT_COLOUR,
    LABEL_SIZE,
    N_COLOUR,
    P_COLOUR,
    P_EDGE_COLOUR,
    P_EDGE_WIDTH,
    TICK_SIZE,
)

TYPE_CHECKING = False  # typing itself is not imported at run time: see gamelib/__init__.py
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any


def sum_words(q: MisereQuotient, heaps: Sequence[int]) -> str:
    """What a sum of heaps is in the quotient, in words.

    >>> from gamelib import misere_quotient
    >>> sum_words(misere_quotient("0.77", 8), (5, 5))
    'The sum 5 + 5 is c·c = 1, not in the P-portion: an N-position (the player to move wins).'
    """
    if not heaps:
        return "The empty sum is 1, not in the P-portion: an N-position (the player to move has no move, so wins)."
    element = q.element_of(list(heaps))
    product = "·".join(q.pretending[h] for h in heaps)
    inside = "in the P-portion: a P-position (the player to move loses)" if q.is_p(element) else \
        "not in the P-portion: an N-position (the player to move wins)"
    equals = f" = {element}" if product != element else ""
    return f"The sum {' + '.join(map(str, heaps))} is {product}{equals}, {inside}."


def quotient_words(q: MisereQuotient, heaps: Sequence[int] = (), titled: bool = True) -> str:
    """The picture in words (its text alternative): the table row by row, the P-portion, the pretending row,
    and what the sum of ``heaps`` is (``titled``: starting with the title's words).

    >>> from gamelib import misere_quotient
    >>> print(quotient_words(misere_quotient("0.77", 2)))  # doctest: +NORMALIZE_WHITESPACE
    Misère quotient of Kayles (0.77), heaps 0 to 2: 6 elements, 1, a, b, ab, b2, ab2. Its table, row by row
    (x times 1, a, b, ab, b2, ab2): 1: 1, a, b, ab, b2, ab2; a: a, 1, ab, b, ab2, b2; b: b, ab, b2, ab2, b, ab;
    ab: ab, b, ab2, b2, ab, b; b2: b2, ab2, b, ab, b2, ab2; ab2: ab2, b2, ab, b, ab2, b2. P-portion (marked):
    a, b2. Pretending, heaps 0 to 2: 1, a, b.
    """
    text = (f"Misère quotient of {q.game}, heaps 0 to {q.max_heap}: {q.order} element"
            f"{'s' if q.order > 1 else ''}, " if titled else "Elements: ") + f"{', '.join(q.elements)}."
    if q.order <= MAX_CAYLEY_ORDER:
        rows = "; ".join(f"{x}: {', '.join(row)}" for x, row in zip(q.elements, q.cayley_table(), strict=True))
        text += f" Its table, row by row (x times {', '.join(q.elements)}): {rows}."
    else:
        text += f" (The table is drawn for quotients of at most {MAX_CAYLEY_ORDER} elements.)"
    text += f" P-portion (marked): {', '.join(q.p_portion) or 'none'}."
    text += f" Pretending, heaps 0 to {q.max_heap}: {', '.join(q.pretending)}."
    if heaps:
        text += " " + sum_words(q, heaps)
    return text


def cayley_table_figure(q: MisereQuotient, heaps: Sequence[int] = (), width: float = 8.0) -> GameFigure:
    """The Cayley table of a misère quotient, its P-portion in vermillion, and the pretending row under it.

    Row x, column y holds the product x·y; a cell is vermillion with a black edge when the product is in the
    P-portion (the sums of that class are P-positions), light grey otherwise. Under the table, heap n's class,
    coloured the same way. The element of the sum of ``heaps``, if given, has its row and column framed in
    blue. Quotients of more than :data:`~gamelib.limits.MAX_CAYLEY_ORDER` elements get the pretending row only.

    Parameters
    ----------
    q : a :class:`~gamelib.analysis.misere_quotient.MisereQuotient`
    heaps : a sum of heaps (each at most ``q.max_heap``) whose element is framed
    width : figure width in inches, 3 to 20

    Returns
    -------
    GameFigure with ``plotted`` keys ``elements``, ``table`` (rows of names, or None when not drawn),
    ``p_portion``, ``pretending`` and ``marked`` (the sum's element, or None).

    >>> from gamelib import misere_quotient
    >>> fig = cayley_table_figure(misere_quotient("0.75", 10), heaps=(5, 5))
    >>> fig.plotted["marked"], fig.plotted["table"][6][6], fig.plotted["p_portion"]
    ('b2', 'b2', ['a', 'b2'])
    """
    if not isinstance(q, MisereQuotient):
        raise TypeError(f"cayley_table_figure needs a MisereQuotient (misere_quotient(...)), got {q!r:.60}")
    width = check_inches(width, "width")
    marked = q.element_of(list(heaps)) if heaps else None
    n, heap_count = q.order, q.max_heap + 1
    table = q.cayley_table() if n <= MAX_CAYLEY_ORDER else None
    left, right = 0.2, 0.2
    room = width - left - right
    label_w = 0.7  # row names of the table, and the words "heap" and "class" of the pretending rows
    cell = min(0.55, (room - label_w) / n) if table else 0.0
    per_line = max(1, min(heap_count, int((room - label_w) / 0.5)))  # pretending cells at least 0.5 inch wide
    lines = -(-heap_count // per_line)
    pcell = min(0.55, (room - label_w) / per_line)
    table_h = (n + 0.8) * cell + (0.3 if table else 0.45)
    rows_h = table_h + lines * (0.35 + 1.2 * pcell)
    fig, ax = new_figure(width, rows_h + 1.3, left=left, right=right, bottom=0.15, top=1.15,
                         title=f"Misère quotient of {q.game}, heaps 0 to {q.max_heap}: {n} element"
                               f"{'s' if n > 1 else ''}")
    ax_w, ax_h = axes_inches(ax)
    ax.set_xlim(0, ax_w)
    ax.set_ylim(0, ax_h)  # data units are inches
    bare_axes(ax)
    p_set = set(q.p_portion)
    top = ax_h
    if table:
        names = list(q.elements)
        longest = max(len(x) for x in names)
        size = fit_text(ax, longest, cell * CELL, cell * CELL, largest=LABEL_SIZE)
        head = top - 0.4 * cell
        xs = [label_w + (j + 0.5) * cell for j in range(n)]
        ys = [head - (i + 1) * cell for i in range(n)]
        cells = [(xs[j], ys[i], table[i][j]) for i in range(n) for j in range(n)]
        in_p = [c for c in cells if c[2] in p_set]
        out = [c for c in cells if c[2] not in p_set]
        ax.add_collection(cell_squares([c[0] for c in out], [c[1] for c in out], cell * CELL, cell * CELL,
                                       facecolor=N_COLOUR, edgecolor="none", zorder=1), autolim=False)
        edge = P_EDGE_WIDTH if cell * 72 >= 9 else 0.4
        p_cells = cell_squares([c[0] for c in in_p], [c[1] for c in in_p], cell * CELL, cell * CELL,
                               facecolor=P_COLOUR, edgecolor=P_EDGE_COLOUR, linewidth=edge, zorder=2)
        p_cells.set_gid("p-markers")
        ax.add_collection(p_cells, autolim=False)
        draw_labels(ax, [c[0] for c in out], [c[1] for c in out], [c[2] for c in out], size, gid="products")
        draw_labels(ax, [c[0] for c in in_p], [c[1] for c in in_p], [c[2] for c in in_p], size, bold=True,
                    gid="products")
        row_size = min(TICK_SIZE, 0.9 * cell * 72, fit_text(ax, longest, label_w, cell, largest=TICK_SIZE) or 99)
        draw_labels(ax, [label_w / 2] * n, ys, names, row_size, bold=True, gid="row-names")
        column_size = fit_text(ax, longest, cell, cell, largest=LABEL_SIZE)
        if column_size:
            draw_labels(ax, xs, [head] * n, names, column_size, bold=True, gid="column-names")
        else:  # too narrow for the names: the columns are the rows' elements, in the same order
            ax.text(label_w, head, "columns: the same elements as the rows, in the same order", ha="left",
                    va="center", fontsize=TICK_SIZE)
        if marked is not None:
            k = names.index(marked)
            for x, y, w, h in ((label_w, ys[k] - cell / 2, n * cell, cell), (xs[k] - cell / 2, ys[-1] - cell / 2,
                                                                              cell, n * cell)):
                ax.add_artist(Rectangle((x, y), w, h, facecolor="none", edgecolor=HIGHLIGHT_COLOUR, linewidth=2.5,
                                        zorder=5, gid="marked"))
        top = ys[-1] - 0.5 * cell
    else:
        ax.text(0, top - 0.2, f"The table of {n} elements is not drawn (at most {MAX_CAYLEY_ORDER}); the pretending "
                "row:", ha="left", va="center", fontsize=LABEL_SIZE)
        top -= 0.45
    # the pretending rows: heap numbers, then each heap's class, at most per_line heaps a line
    psize = fit_text(ax, max(len(x) for x in q.pretending), pcell * CELL, pcell * CELL, largest=LABEL_SIZE)
    number_size = fit_text(ax, len(str(q.max_heap)), pcell, pcell, largest=TICK_SIZE)
    for line in range(lines):
        heaps_here = range(line * per_line, min(heap_count, (line + 1) * per_line))
        heap_y = top - 0.35 - line * (0.35 + 1.2 * pcell)
        class_y = heap_y - 0.25 - 0.5 * pcell
        hx = [label_w + (h - heaps_here[0] + 0.5) * pcell for h in heaps_here]
        shown = [q.pretending[h] for h in heaps_here]
        draw_labels(ax, hx, [heap_y] * len(hx), [str(h) for h in heaps_here], number_size, gid="heaps")
        ax.add_collection(cell_squares(hx, [class_y] * len(hx), pcell * CELL, pcell * CELL,
                                       facecolor=[P_COLOUR if x in p_set else N_COLOUR for x in shown],
                                       edgecolor=[P_EDGE_COLOUR if x in p_set else "none" for x in shown],
                                       linewidth=1.0, zorder=2), autolim=False)
        draw_labels(ax, hx, [class_y] * len(hx), shown, psize, bold=True, gid="pretending")
        draw_labels(ax, [label_w / 2] * 2, [heap_y, class_y], ["heap", "class"], TICK_SIZE, gid="row-names")
    handles: list[Patch | Line2D] = [
        Patch(facecolor=P_COLOUR, edgecolor=P_EDGE_COLOUR, label="in the P-portion (P-positions)"),
        Patch(facecolor=N_COLOUR, edgecolor="none", label="not in P")]
    if marked is not None:
        handles.append(Line2D([], [], color=HIGHLIGHT_COLOUR, linewidth=2.5, label=f"the sum's element, {marked}"))
    legend_above(ax, handles)
    fig.plotted.update(elements=list(q.elements), table=table, p_portion=list(q.p_portion),
                       pretending=list(q.pretending), marked=marked)
    fig.alt = quotient_words(q, heaps, titled=False)
    return fig


def _described(q: Any, heaps: Any, hints: bool, values: bool) -> str:
    """The registry's text alternative of a quotient's picture (a quotient stands where a game would)."""
    return quotient_words(q, heaps)


@figure_kind("quotient", hides="nothing: a quotient is read, not played",
             keys="Tab reaches the game, the largest heap and the sum box; Enter in a box applies it",
             describe=_described)
def _quotient_view(q: MisereQuotient, heaps: Sequence[int], show_winning_moves: bool, width: float) -> GameFigure:
    """The view of a misère quotient: its Cayley table, the element of a sum of ``heaps`` framed."""
    return cayley_table_figure(q, heaps, width)


__all__ = ["cayley_table_figure", "quotient_words", "sum_words"]
