"""Panels on board games: Wythoff's game and Chomp."""

from __future__ import annotations

from functools import lru_cache

import ipywidgets as widgets

from gamelib import plots
from gamelib.games.chomp import Chomp
from gamelib.games.wythoff import Wythoff
from gamelib.limits import (
    MAX_CHOMP_COLS,
    MAX_CHOMP_ROWS,
    MAX_PANEL_WYTHOFF,
)
from gamelib.parsing import whole_number
from gamelib.widgets.panel import ExplorerWidget, cached_png, int_slider, listing

# --------------------------------------------------------------------------------------------------------


class WythoffExplorer(ExplorerWidget):
    """See :func:`wythoff_explorer`. Control: ``slider`` (the limit of both heaps).

    >>> wythoff_explorer().slider.max
    60
    """

    figure_inches = (8.0, 4.0)

    def __init__(self, limit: int = 30):
        super().__init__()
        self.slider = int_slider(limit, 5, MAX_PANEL_WYTHOFF, "limit:")
        self._watch(self.slider)
        self._setup([self.slider], f"Limits: heaps below {MAX_PANEL_WYTHOFF} at most.")

    def _redraw(self) -> None:
        limit = self.slider.value
        figure = cached_png(("wythoff", limit), lambda: plots.wythoff_heatmap(limit))
        pairs = [(a, b) for a, b in Wythoff().p_positions(limit) if a <= b]
        text = (f"Wythoff's game, both heaps below {limit}: the P-positions (a, b) with a \u2264 b are "
                f"{listing(pairs, 12)} (and their mirror images). The k-th pair has b - a = k.")
        self._show(figure, text)


def wythoff_explorer(limit: int = 30) -> WythoffExplorer:
    """The P-positions of Wythoff's game, with the golden-ratio lines they follow.

    Parameters
    ----------
    limit : both heaps below this, 5 to 60.

    Returns
    -------
    WythoffExplorer
        An ipywidgets VBox.
        Attributes: ``slider`` (limit), ``image``, ``status``.

    Examples
    --------
    >>> print(wythoff_explorer(8).status_text)  # doctest: +NORMALIZE_WHITESPACE
    Wythoff's game, both heaps below 8: the P-positions (a, b) with a ≤ b are (0, 0), (1, 2), (3, 5), (4,
    7) (and their mirror images). The k-th pair has b - a = k.
    """
    return WythoffExplorer(limit)


# --------------------------------------------------------------------------------------------------------


@lru_cache(maxsize=16)
def _chomp_game(rows: int, cols: int) -> Chomp:
    """One Chomp object per board size, so its table of outcomes is worked out only once."""
    return Chomp(rows, cols)


class ChompExplorer(ExplorerWidget):
    """See :func:`chomp_explorer`. Controls: ``rows_slider``, ``cols_slider`` (board), ``row_picker``,
    ``col_picker`` (the square to eat, counted from 1 at the top left), ``eat_button``, ``reset_button``;
    state: ``position`` (row lengths, top first), ``game`` (a :class:`~gamelib.Chomp`).

    >>> w = chomp_explorer(2, 2)
    >>> w.eat(1, 2), w.position     # eats the right column: (1, 1)
    (True, (1, 1))
    >>> w.reset(); w.position
    (2, 2)
    """

    figure_inches = (8.0, 3.95)

    def __init__(self, rows: int = 3, cols: int = 5):
        super().__init__()
        self.rows_slider = int_slider(rows, 1, MAX_CHOMP_ROWS, "rows:")
        self.cols_slider = int_slider(cols, 1, MAX_CHOMP_COLS, "columns:")
        self.row_picker = widgets.BoundedIntText(value=1, min=1, max=MAX_CHOMP_ROWS, description="row:",
                                                 layout=widgets.Layout(width="140px"))
        self.col_picker = widgets.BoundedIntText(value=2, min=1, max=MAX_CHOMP_COLS, description="column:",
                                                 layout=widgets.Layout(width="140px"))
        self.eat_button = widgets.Button(description="Eat", button_style="primary")
        self.reset_button = widgets.Button(description="New bar", icon="refresh")
        self.analysis = widgets.Checkbox(value=False, description="show who wins and the winning bites",
                                         indent=False, layout=widgets.Layout(width="auto"))
        self.eat_button.on_click(lambda _b: self.eat(self.row_picker.value, self.col_picker.value))
        self.reset_button.on_click(lambda _b: self.reset())
        self.game = _chomp_game(self.rows_slider.value, self.cols_slider.value)
        self.position = self.game.start
        # The bar to click: one button per square (keyboard- and screen-reader-friendly, no new dependency),
        # labelled "row,column" as the status line names squares; the picture below shows the same bar.
        self.squares: dict[tuple[int, int], widgets.Button] = {}
        self._made_squares: dict[tuple[int, int], widgets.Button] = {}
        self.bar = widgets.GridBox(layout=widgets.Layout(grid_gap="3px", margin="4px 0 4px 0"))
        self._build_bar()
        self._watch(self.rows_slider, self.cols_slider, action=self.reset)
        self.analysis.observe(lambda _change: self.redraw(), names="value")
        self._setup([widgets.HBox([self.rows_slider, self.cols_slider]),
                     widgets.HTML("Click a square to bite it (or type its row and column):"),
                     self.bar,
                     widgets.HBox([self.row_picker, self.col_picker, self.eat_button, self.reset_button]),
                     self.analysis],
                    f"Limits: at most {MAX_CHOMP_ROWS} rows and {MAX_CHOMP_COLS} columns. The poisoned square "
                    "is row 1, column 1; whoever is left with only the poison loses.")

    def _build_bar(self) -> None:
        """The buttons of the bar the sliders show, row 1 at the top; eaten squares are disabled on redraw.

        Every button of the largest bar is made once, the first time it is needed, and kept: a new bar size
        only changes which of them the grid holds, instead of sending the browser a few dozen new widgets.
        """
        rows, cols = self.game.rows, self.game.cols
        for r in range(1, rows + 1):
            for c in range(1, cols + 1):
                if (r, c) not in self._made_squares:
                    self._made_squares[(r, c)] = self._square_button(r, c)
        self.squares = {(r, c): self._made_squares[(r, c)] for r in range(1, rows + 1) for c in range(1, cols + 1)}
        self.bar.layout.grid_template_columns = f"repeat({cols}, 46px)"
        self.bar.children = list(self.squares.values())

    def _square_button(self, r: int, c: int) -> widgets.Button:
        poison = (r, c) == (1, 1)
        button = widgets.Button(description="\u2620" if poison else f"{r},{c}",
                                tooltip="the poisoned square" if poison else f"bite at row {r}, column {c}",
                                layout=widgets.Layout(width="46px", height="32px"), disabled=poison)
        button.on_click(lambda _b: self.eat(r, c))
        return button

    def _show_bar(self) -> None:
        """Squares still there are chocolate buttons; eaten ones are disabled and plain."""
        for (r, c), button in self.squares.items():
            left = c <= self.position[r - 1]
            if (r, c) != (1, 1):
                button.disabled = not left
            button.style.button_color = plots.CHOCOLATE_COLOUR if left and (r, c) != (1, 1) else None
            button.style.text_color = "#FFFFFF" if left and (r, c) != (1, 1) else None

    def reset(self) -> None:
        """A whole bar of the size the sliders show."""
        self.game = _chomp_game(self.rows_slider.value, self.cols_slider.value)
        self.position = self.game.start
        self._build_bar()
        self.redraw()

    def eat(self, row: int, col: int) -> bool:
        """Eat the square at ``row``, ``col`` (from 1, top left) and everything below and right of it.

        Returns False (saying why in the panel) when no square is left there; ``row`` and ``col`` must be
        whole numbers (TypeError otherwise, naming the value).
        """
        row, col = whole_number(row, "row"), whole_number(col, "col")
        r, c = row - 1, col - 1
        if not (0 <= r < self.game.rows and 0 <= c < self.position[r]):
            self._complain(f"There is no square at row {row}, column {col} any more: pick a square that is left.")
            return False
        if r == 0 and c == 0:
            self._complain("That is the poisoned square: eating it is not a move. Pick another square.")
            return False
        self.position = self.game.bite(self.position, r, c)
        self.redraw()
        return True

    def _redraw(self) -> None:
        position = self.position
        rows, cols = self.game.rows, self.game.cols
        shown = self.analysis.value
        figure = cached_png(("chomp", position, rows, cols, shown),
                          lambda: plots.chomp_board(position, rows, cols, show_outcome=shown))
        if not self.game.moves(position):
            text = f"Position {position}: only the poison is left, so the player to move has lost."
        elif not shown:
            text = (f"Position {position}. Take turns biting; tick 'show who wins' above to see who can win "
                    "from here.")
        elif self.game.outcome(position) == "P":
            text = f"Position {position}: a P-position. Every bite leaves a winning position for the other player."
        else:
            wins = [(r + 1, c + 1) for r, c in self.game.winning_bites(position)]  # counted from 1 here
            squares = "; ".join(f"row {r}, column {c}" for r, c in sorted(wins))
            text = f"Position {position}: an N-position. Winning bite{'s' if len(wins) > 1 else ''}: {squares}."
        self._show_bar()
        self._show(figure, text)


def chomp_explorer(rows: int = 3, cols: int = 5) -> ChompExplorer:
    """A Chomp bar to bite into; ticking ``analysis`` shows the outcome and the winning bites.

    Parameters
    ----------
    rows, cols : the size of the bar, 1 to 6 rows and 1 to 7 columns.

    Returns
    -------
    ChompExplorer
        An ipywidgets VBox.
        Attributes: ``squares`` (dict (row, column) -> the Button that bites there, from 1 at the top left),
        ``rows_slider``, ``cols_slider``, ``row_picker``, ``col_picker``, ``eat_button``,
        ``reset_button``, ``analysis`` (Checkbox, off at first), ``position``, ``game``, ``image``, ``status``;
        methods ``eat(row, col)``, ``reset()``.

    Examples
    --------
    >>> w = chomp_explorer(2, 3)
    >>> print(w.status_text)
    Position (3, 3). Take turns biting; tick 'show who wins' above to see who can win from here.
    >>> w.analysis.value = True
    >>> print(w.status_text)
    Position (3, 3): an N-position. Winning bite: row 2, column 3.
    >>> w.squares[(2, 3)].click()   # the button of row 2, column 3: the same bite as w.eat(2, 3)
    >>> w.position
    (3, 2)
    """
    return ChompExplorer(rows, cols)
