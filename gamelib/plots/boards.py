"""Games drawn as boards of squares: any game whose ``figure_kind`` is "board" (Chomp, a row of coins)."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from matplotlib.collections import PatchCollection
from matplotlib.patches import Rectangle

from gamelib.arguments import LimitError, check_bool, check_heaps, check_int
from gamelib.games.base import Game
from gamelib.games.chomp import Chomp
from gamelib.games.presentation import presentation_of
from gamelib.limits import MAX_CHOMP_POSITIONS
from gamelib.plots.draw import (
    axis_numbers,
    bare_axes,
    cell_squares,
    draw_labels,
    draw_n_cells,
    draw_p_markers,
    fit_text,
    tick_step,
)
from gamelib.plots.figure import GameFigure, check_inches, new_figure, place_axes
from gamelib.plots.positions import SQUARES, figure_kind
from gamelib.plots.style import CHOCOLATE_COLOUR, HIGHLIGHT_COLOUR, LABEL_SIZE, POISON_COLOUR, TICK_SIZE


@lru_cache(maxsize=8)
def _chomp(rows: int, cols: int) -> Chomp:
    """One Chomp game per board size, so its table of outcomes is kept between figures (widget steps)."""
    return Chomp(rows, cols)


def board_figure(game: Game, position: Any, show_winning_moves: bool = False, width: float = 8.0,
                 show_outcome: bool = True) -> GameFigure:
    """A position of a board game (``game.squares``): pieces in chocolate brown with their symbol, empty
    squares blank, fixed squares (Chomp's poison) black. Beside the board the P marker (or a grey N) gives the
    outcome; with ``show_winning_moves`` the squares of the winning moves are framed in blue.

    Returns
    -------
    GameFigure with ``plotted`` keys ``remaining`` (the (row, col) of every piece), ``outcome`` ('P'/'N'),
    ``marked`` (the keys of the framed squares); ``outcome`` is None when the outcome is not shown (so the
    text alternative does not give it away). The text alternative is the title (the position and its outcome)
    and the squares framed.

    >>> from gamelib import Chomp
    >>> fig = board_figure(Chomp(2, 3), (3, 1), show_winning_moves=True)
    >>> fig.plotted["remaining"], fig.plotted["outcome"], fig.plotted["marked"]
    ([(0, 1), (0, 2), (1, 0)], 'N', [(0, 2)])
    >>> board_figure(Chomp(2, 3), (3, 1), show_outcome=False).text_alternative()  # for a question
    'Chomp 2 x 3: position (3, 1).'
    """
    width = check_inches(width, "width")
    squares = game.squares(position)
    rows = max(sq.row for sq in squares) + 1
    cols = max(sq.col for sq in squares) + 1
    result = game.outcome(position)
    marked = set(presentation_of(game).winning_squares(game, position)) if show_winning_moves else set()
    cell_in = min(0.75, 2.7 / rows, 4.6 / cols)
    # A long position (a row of 30 coins) wraps its title, and the outcome's sentence beside a one-row board
    # needs its lines of height: the figure grows to hold both.
    title = textwrap.wrap(f"{game.title}: {game.position_text(position)}"
                          + (f", {result}-position" if show_outcome else ""), width=int(width / 0.105))
    note_lines = 5 if show_outcome and width - (0.8 + cols * cell_in + 1.15) < 2.0 else 3
    top = 0.75 + 0.25 * len(title)
    bottom = max(0.15, 0.1 + note_lines * LABEL_SIZE * 1.3 / 72 / 2 - cell_in * rows / 2)  # room for the note
    height = max(1.5, top + bottom + cell_in * rows)
    fig, ax = new_figure(width, height, left=0.8, right=0.3, bottom=bottom, top=top, title="\n".join(title))
    place_axes(ax, 0.8, bottom, cols * cell_in, rows * cell_in)
    ax.set_xlim(-0.5, cols - 0.5)
    ax.set_ylim(rows - 0.5, -0.5)  # row 0, the top row, at the top
    pieces = [sq for sq in squares if sq.filled and not sq.fixed]
    empty = [sq for sq in squares if not sq.filled and not sq.fixed]
    fixed = [sq for sq in squares if sq.fixed]
    for gid, chosen, style in (("pieces", pieces, {"facecolor": CHOCOLATE_COLOUR, "edgecolor": "none"}),
                               ("empty", empty, {"facecolor": "white", "edgecolor": "#777777", "linewidth": 0.8,
                                                 "linestyle": ":"}),
                               ("fixed", fixed, {"facecolor": POISON_COLOUR, "edgecolor": "none"})):
        cells = cell_squares([sq.col for sq in chosen], [sq.row for sq in chosen], 0.94, 0.94, zorder=2, **style)
        cells.set_gid(gid)
        ax.add_collection(cells, autolim=False)
    size = max(fit_text(ax, 1, largest=20), 8)
    words = presentation_of(game)
    for chosen, colour in ((pieces, "white"), (fixed, "white"), (empty, "#555555")):
        labelled = [(sq, words.symbol(game, sq)) for sq in chosen if words.symbol(game, sq)]
        draw_labels(ax, [sq.col for sq, _ in labelled], [sq.row for sq, _ in labelled], [sym for _, sym in labelled],
                    size, colour, gid="symbols")
    frames = [sq for sq in squares if sq.key in marked]
    if frames:
        ax.add_collection(PatchCollection([Rectangle((sq.col - 0.5, sq.row - 0.5), 1, 1) for sq in frames],
                                          facecolor="none", edgecolor=HIGHLIGHT_COLOUR, linewidth=3.0, zorder=5),
                          autolim=False)
    bare_axes(ax)
    if rows == 1:  # a row of numbered things (coins): their numbers above them, every one that has room
        labels = [(sq.col, words.caption(game, sq) or str(sq.key)) for sq in squares]
        step = tick_step(cell_in * 72, max(len(text) for _, text in labels))
        labels = [(col, text) for col, text in labels if step == 1 or not text.isdigit() or int(text) % step == 0]
        axis_numbers(ax, "top", [col for col, _ in labels], [text for _, text in labels])
    else:
        axis_numbers(ax, "top", list(range(cols)), [str(c + 1) for c in range(cols)])
        axis_numbers(ax, "left", list(range(rows)), [str(r + 1) for r in range(rows)])
        ax.xaxis.set_label_position("top")
        ax.set_xlabel("column", fontsize=LABEL_SIZE, labelpad=TICK_SIZE + 5)
        ax.set_ylabel("row", fontsize=LABEL_SIZE, labelpad=TICK_SIZE + 6)
    if show_outcome:
        framed = f" Blue frames: {words.marked_meaning(game, len(frames))}." if frames else ""
        _outcome_note(fig, ax, result, framed, note_left=0.8 + cols * cell_in + 0.5,
                      middle=bottom + rows * cell_in / 2, width=width, height=height)
    fig.plotted.update(remaining=[(sq.row, sq.col) for sq in pieces], outcome=result if show_outcome else None,
                       marked=sorted(marked))
    if frames:  # the title gives the position and its outcome; the text says which squares are framed
        fig.alt = f"Marked: {words.marked_words(game, frames)}."
    return fig


@figure_kind("board", play=SQUARES, hides="the outcome and the winning squares",
             keys="the arrow keys move between the squares; Enter or Space chooses one")
def _board_position(game: Game, position: Any, hints: bool, width: float) -> GameFigure:
    """A board game's position: with hints, its outcome and the winning squares; without, the board alone."""
    return board_figure(game, position, show_winning_moves=hints, width=width, show_outcome=hints)


def _outcome_note(fig: GameFigure, ax: Any, result: str, framed: str, note_left: float, middle: float,
                  width: float, height: float) -> None:
    """The outcome right of the board, drawn with the common P marker (or a grey N), and its sentence (with
    ``framed``, the words on the blue frames, after an N)."""
    side_ax = fig.add_axes((note_left / width, (middle - 0.25) / height, 0.5 / width, 0.5 / height))
    side_ax.set_xlim(-0.5, 0.5)
    side_ax.set_ylim(-0.5, 0.5)
    side_ax.set_axis_off()
    if result == "P":
        draw_p_markers(side_ax, [0], [0], 14)
        words = "P-position: the player to move loses."
    else:
        draw_n_cells(side_ax, [0], [0], 14)
        words = "N-position: the player to move can win." + framed
    text_left = note_left + 0.65
    words = "\n".join(textwrap.wrap(words, width=max(12, int((width - text_left - 0.1) / 0.095))))
    fig.text(text_left / width, middle / height, words, ha="left", va="center", fontsize=LABEL_SIZE, linespacing=1.3)


def chomp_board(position: Sequence[int], rows: int | None = None, cols: int | None = None,
                show_winning_moves: bool = False, width: float = 8.0, show_outcome: bool = True) -> GameFigure:
    """A Chomp position: chocolate brown squares remain, eaten squares are blank, the poison is black (☠).

    Beside the board the P marker (or a grey N) gives the outcome; with ``show_winning_moves`` the squares
    whose bite wins are framed in blue (:func:`board_figure` of :class:`~gamelib.Chomp`).

    Parameters
    ----------
    position : row lengths, top row first, never increasing downwards, e.g. ``(5, 5, 3)``.
    rows, cols : size of the bar (default: the number of rows given and the longest row); at most the
        sizes :class:`~gamelib.Chomp` accepts.
    show_winning_moves : frame the winning bites.
    width : figure width in inches, 3 to 20.
    show_outcome : say whether the position is P or N (off for "play first", where it would give it away).

    Returns
    -------
    GameFigure with ``plotted`` keys ``remaining`` (list of (row, col) squares with chocolate, counted from 0
    at the top left, the poison left out), ``outcome`` ('P'/'N'), ``marked`` (the winning bites framed, as
    (row, col)).

    >>> fig = chomp_board((3, 3), show_winning_moves=True)
    >>> fig.plotted["outcome"], fig.plotted["marked"]
    ('N', [(1, 2)])
    """
    show_winning_moves = check_bool(show_winning_moves, "show_winning_moves")
    show_outcome = check_bool(show_outcome, "show_outcome")
    if not isinstance(position, (tuple, list)) or not position:
        raise TypeError(f"position must be a non-empty tuple of row lengths such as (5, 5, 3), got {position!r:.60}")
    if len(position) > MAX_CHOMP_POSITIONS:  # a bar of r rows has more than r positions
        raise LimitError(f"position has {len(position):,} rows; boards with at most {MAX_CHOMP_POSITIONS:,} "
                         "positions are drawn")
    position = check_heaps(tuple(position), name="position")
    rows = len(position) if rows is None else check_int(rows, "rows", minimum=1)
    cols = max(max(position), 1) if cols is None else check_int(cols, "cols", minimum=1)
    if len(position) != rows:
        raise ValueError(f"position {position} has {len(position)} rows, but the bar has rows = {rows}")
    game = _chomp(rows, cols)
    return board_figure(game, game.check_position(position), show_winning_moves, width, show_outcome)


__all__ = ["board_figure", "chomp_board"]
