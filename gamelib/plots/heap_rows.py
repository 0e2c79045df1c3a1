"""A position of any game played on a row of heaps (kind "heaps"): a row of chips per heap, the winning move framed.

Nothing here knows a game's rule: the heaps are the position, the winning moves are the model's
(``game.winning_moves``) and the words are the game's presentation (:mod:`gamelib.games.presentation`).
"""

from __future__ import annotations

from typing import Any

from matplotlib.patches import Rectangle

from gamelib.games.base import Game
from gamelib.games.heap_rows import heap_name, taken_from
from gamelib.games.presentation import presentation_of
from gamelib.plots.draw import bare_axes, draw_n_cells, draw_p_markers, row_labels
from gamelib.plots.figure import GameFigure, axes_inches, check_inches, new_figure
from gamelib.plots.positions import HEAP_ROWS, figure_kind
from gamelib.plots.style import HIGHLIGHT_COLOUR, LABEL_SIZE, SECOND_COLOUR

#: Chips in the heap: Okabe–Ito blue discs; chips a winning move takes: hollow, framed in orange.
CHIP_COLOUR = HIGHLIGHT_COLOUR


@figure_kind("heaps", play=HEAP_ROWS, hides="the winning move and the outcome",
             keys="Tab reaches each heap's buttons in turn; Enter or Space takes that many chips")
def heaps_figure(game: Game, position: Any, show_winning_moves: bool = True, width: float = 8.0) -> GameFigure:
    """The heaps of ``position`` as rows of chips, heap A on top. With ``show_winning_moves`` the first winning
    move is marked: the chips it takes are framed in orange with the move in words beside them (a move that is
    not a take from one heap is written under the heaps), or the P marker says every move loses.

    Returns
    -------
    GameFigure with ``plotted`` keys ``heaps``, ``framed`` (the position after the winning move marked, or
    None), ``taken`` ({heap index: chips framed}), ``p_positions`` ([position] when it is a P-position, else [];
    None without hints, so the text alternative gives nothing away).

    >>> from gamelib.games.heap_rows import HeapsGame
    >>> class TakeOneOrTwo(HeapsGame):
    ...     title = "Take 1 or 2"
    ...     def moves(self, heaps):
    ...         return [heaps[:i] + (h - k,) + heaps[i + 1:] for i, h in enumerate(heaps) for k in (1, 2) if k <= h]
    >>> fig = heaps_figure(TakeOneOrTwo(), (2, 4))
    >>> fig.get_suptitle(), fig.plotted["framed"], fig.plotted["taken"]
    ('Take 1 or 2: heaps (2, 4)', (1, 4), {0: 1})
    """
    width = check_inches(width, "width")
    heaps = tuple(game.check_position(position))
    words = presentation_of(game)
    wins = [m for m in words.moves(game, heaps) if game.outcome(m.after) == "P"] if show_winning_moves else []
    framed = wins[0] if wins else None
    taken = taken_from(heaps, tuple(framed.after)) if framed is not None else None
    rows = max(len(heaps), 1)
    most = max(heaps, default=0)
    row_in = min(0.45, 3.0 / rows)
    note_lines = 1 if show_winning_moves else 0
    height = 0.9 + row_in * rows + 0.3 * note_lines
    fig, ax = new_figure(width, height, left=1.3, right=0.3, bottom=0.15 + 0.3 * note_lines, top=0.75,
                         title=f"{game.title}: {words.position_text(game, heaps)}")
    ax_w, _ = axes_inches(ax)
    note_in = 2.8 if show_winning_moves else 0.0
    chip_in = min(row_in, max(0.05, (ax_w - note_in) / max(most, 1)))
    ax.set_xlim(-0.5, -0.5 + ax_w / chip_in)
    ax.set_ylim(rows - 0.5, -0.5)
    bare_axes(ax)
    for i, heap in enumerate(heaps):
        gone = taken[1] if taken is not None and taken[0] == i else 0
        xs = list(range(heap))
        ax.scatter(xs[: heap - gone], [i] * (heap - gone), s=(chip_in * 72 * 0.7) ** 2, color=CHIP_COLOUR,
                   zorder=3, gid="chips")
        if gone:
            ax.scatter(xs[heap - gone :], [i] * gone, s=(chip_in * 72 * 0.7) ** 2, facecolor="white",
                       edgecolor=CHIP_COLOUR, linewidth=1.2, zorder=3, gid="chips-taken")
            ax.add_artist(Rectangle((heap - gone - 0.5, i - 0.45), gone, 0.9, facecolor="none",
                                   edgecolor=SECOND_COLOUR, linewidth=3.0, zorder=5, gid="move-frame"))
            ax.text(heap + 0.3, i, f"\u2192 {framed.words() if framed else ''}", ha="left", va="center",
                    fontsize=LABEL_SIZE, zorder=5)
        if not heap:
            ax.text(0, i, "(empty)", ha="left", va="center", fontsize=LABEL_SIZE, color="#555555")
    row_labels(ax, range(len(heaps)), [f"heap {heap_name(i)}: {h}" for i, h in enumerate(heaps)])
    p_positions: list = []
    if show_winning_moves:  # the outcome under the heaps, drawn as every figure draws P and N
        side = fig.add_axes((0.15 / width, 0.05 / height, 0.3 / width, 0.3 / height))
        side.set_xlim(-0.5, 0.5)
        side.set_ylim(-0.5, 0.5)
        side.set_axis_off()
        if framed is None:
            p_positions = [heaps]
            draw_p_markers(side, [0], [0], 11)
            said = "P-position: every move loses"
        else:
            draw_n_cells(side, [0], [0], 11)
            said = "N-position: the orange frame is a winning move" if taken is not None else \
                f"N-position: a winning move is to {framed.words()}"
        fig.text(0.55 / width, 0.2 / height, said, ha="left", va="center", fontsize=LABEL_SIZE)
    fig.plotted.update(heaps=list(heaps), framed=None if framed is None else tuple(framed.after),
                       taken={taken[0]: taken[1]} if taken else {},
                       p_positions=p_positions if show_winning_moves else None)
    if framed is not None:  # the title gives the position; the text says what the frame marks
        fig.alt = f"Framed: {framed.words()}, a winning move."
    return fig


__all__ = ["heaps_figure"]
