"""Staircase Nim (figure kind "stairs", :class:`~gamelib.StaircaseNim`): the staircase with its coins and, with
the hints, the odd stairs shaded and the winning moves as arrows down the stairs. The values come from the game."""

from __future__ import annotations

from typing import Any, cast

from matplotlib.patches import FancyArrowPatch, Patch, Rectangle

from gamelib.arguments import LimitError, check_bool
from gamelib.games.base import Game
from gamelib.games.nim_variants import StaircaseNim
from gamelib.games.presentation import presentation_of
from gamelib.plots.figure import GameFigure, check_inches, new_figure
from gamelib.plots.positions import figure_kind
from gamelib.plots.style import CHOCOLATE_COLOUR, HIGHLIGHT_COLOUR, LABEL_SIZE, PARITY_COLOUR, TICK_SIZE, TITLE_SIZE

#: Most stairs drawn (each keeps its label readable), and most coins drawn one by one on a stair (beyond it the
#: stair shows its number only).
MAX_FIGURE_STAIRS, MAX_DRAWN_COINS = 12, 20


@figure_kind("stairs", hides="which stairs count (the odd ones, shaded), their nim-sum and the winning moves")
def staircase_figure(game: Game, position: Any, show_winning_moves: bool = True, width: float = 8.0) -> GameFigure:
    """The staircase, stair 1 at the bottom left, each stair with its coins stacked on it and their number above;
    with ``show_winning_moves`` the odd stairs (the ones that count) are shaded sky blue, the title gives their
    nim-sum and blue arrows show the winning moves (how many coins, from which stair). Without it (a game being
    played, before the student is asked to find the rule) none of these: every stair is drawn alike.

    Returns
    -------
    GameFigure with ``plotted`` keys ``stairs`` (the coin counts), ``value`` (None without
    ``show_winning_moves``) and ``winning`` (the winning moves as ``(stair, coins)``, stair counted from 1).

    >>> fig = staircase_figure(StaircaseNim(), (3, 0, 5))
    >>> fig.plotted["value"], fig.plotted["winning"]
    (6, [(3, 2)])
    >>> print(fig.text_alternative())  # doctest: +NORMALIZE_WHITESPACE
    Staircase Nim: odd stairs 3 ⊕ 5 = 6. Coins on stairs 1 to 3: 3, 0, 5 (the odd stairs, shaded:
    1, 3). An N-position: the winning move is the blue arrow: move 2 coins from stair 3 to stair 2.
    """
    if not isinstance(game, StaircaseNim):
        raise TypeError(f"staircase_figure draws a StaircaseNim game, got {game!r:.80}")
    show = check_bool(show_winning_moves, "show_winning_moves")
    width = check_inches(width, "width")
    stairs = game.check_position(position)
    if len(stairs) > MAX_FIGURE_STAIRS:
        raise LimitError(f"{len(stairs)} stairs; a figure draws at most {MAX_FIGURE_STAIRS}")
    count = max(len(stairs), 1)
    wins = [cast(tuple[int, int], m.key) for m in presentation_of(game).moves(game, stairs)
            if game.outcome(m.after) == "P"] if show else []
    value = game.grundy(stairs) if show else None
    odd_sum = game.value_text(stairs).removeprefix("odd stairs: ")
    title = f"{game.title}: odd stairs {odd_sum}" if show else f"{game.title}, stairs {stairs}"
    tallest = min(max(stairs, default=0), MAX_DRAWN_COINS)
    rows = count + 1 + tallest * 0.3 + 0.8  # the steps rise one unit each; coins stack 0.3 apart
    unit = min(0.75, (width - 0.6) / (count + 1.4), 5.0 / rows)
    # As wide as the title and the legend need (about 0.6 em a character), the staircase centred.
    shown = min(max(5.8 if show else 3.6, (count + 1.4) * unit + 0.6, 0.4 + len(title) * TITLE_SIZE * 0.6 / 72), 20.0)
    side = (shown - (count + 1.4) * unit) / 2
    fig, ax = new_figure(shown, rows * unit + 1.3, left=side, right=side, bottom=0.5,
                         top=0.8, title=title)
    for i, coins in enumerate(stairs):
        x, top = i + 1, i + 1
        ax.add_patch(Rectangle((x - 0.5, 0), 1, top, facecolor=PARITY_COLOUR if show and i % 2 == 0 else "#F2F2F2",
                               edgecolor="#333333", linewidth=1.2, zorder=1))
        ax.text(x, -0.15, f"stair {i + 1}", ha="center", va="top", fontsize=TICK_SIZE)
        for c in range(min(coins, MAX_DRAWN_COINS)):
            ax.add_patch(Rectangle((x - 0.28, top + 0.04 + 0.3 * c), 0.56, 0.24, facecolor=CHOCOLATE_COLOUR,
                                   edgecolor="black", linewidth=0.6, zorder=2))
        above = top + 0.08 + 0.3 * min(coins, MAX_DRAWN_COINS)
        ax.text(x, above, str(coins), ha="center", va="bottom", fontsize=LABEL_SIZE, fontweight="bold", zorder=3)
    ax.text(0, -0.15, "off", ha="center", va="top", fontsize=TICK_SIZE)
    for i, carried in wins:
        start = (i + 1 - 0.2, i + 1 + 0.15)
        end = (i + 0.25, i + 0.15) if i else (0.05, 0.15)
        ax.add_patch(FancyArrowPatch(start, end, arrowstyle="-|>", mutation_scale=16, color=HIGHLIGHT_COLOUR,
                                     linewidth=2.6, connectionstyle="arc3,rad=0.35", zorder=4, gid="winning-move"))
        ax.text((start[0] + end[0]) / 2 - 0.15, (start[1] + end[1]) / 2 + 0.35, str(carried), color=HIGHLIGHT_COLOUR,
                fontsize=LABEL_SIZE, fontweight="bold", ha="right", zorder=4)
    ax.set_xlim(-0.5, count + 0.7)
    ax.set_ylim(-0.6, rows - 0.8)
    ax.set_axis_off()
    handles = [Patch(facecolor=CHOCOLATE_COLOUR, edgecolor="black", label="a coin")]
    if show:
        handles = [Patch(facecolor=PARITY_COLOUR, edgecolor="#333333", label="odd stair"), *handles,
                   *[Patch(facecolor=HIGHLIGHT_COLOUR, label="winning move (coins carried)")] * bool(wins)]
    ax.legend(handles=handles, loc="lower center", bbox_to_anchor=(0.5, 1.0), ncols=len(handles), frameon=False,
              fontsize=TICK_SIZE)
    odd = ", ".join(str(i + 1) for i in range(0, len(stairs), 2))
    fig.alt = f"Coins on stairs 1 to {len(stairs)}: {', '.join(map(str, stairs))}" + \
        (f" (the odd stairs, shaded: {odd})." if show else ".")
    if show:
        moves = [f"move {carried} coin{'s' if carried > 1 else ''} from stair {i + 1} " +
                 (f"to stair {i}" if i else "off the staircase") for i, carried in wins]
        fig.alt += (" A P-position: every move leaves an N-position." if not wins else
                    " An N-position: " + ("the winning moves are the blue arrows" if len(wins) > 1 else
                                          "the winning move is the blue arrow") + f": {'; '.join(moves)}.")
    fig.plotted.update(stairs=list(stairs), value=value, winning=[(i + 1, carried) for i, carried in wins])
    return fig


__all__ = ["MAX_DRAWN_COINS", "MAX_FIGURE_STAIRS", "staircase_figure"]
