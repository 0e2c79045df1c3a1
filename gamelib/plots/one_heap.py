"""Figures of one-heap games: the Grundy strip, outcome strips of several games, the Grundy scale."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import Any

from matplotlib.collections import PatchCollection
from matplotlib.patches import FancyArrowPatch, Rectangle
from matplotlib.transforms import offset_copy

from gamelib.analysis.observed import heap_pattern
from gamelib.arguments import LimitError, check_bool, check_int
from gamelib.games.base import OneHeapGame, outcome_from_grundy
from gamelib.games.octal import OctalGame
from gamelib.games.subtraction import SubtractionGame
from gamelib.limits import (
    MAX_SCALE_N,
    MAX_SCALE_STOP,
    MAX_STRIP,
    MAX_STRIP_GAMES,
    PLOT_OCTAL_SEARCH,
)
from gamelib.plots.draw import (
    bare_axes,
    cell_squares,
    colour_bar,
    data_to_inches,
    discrete_colours,
    draw_bracket,
    draw_labels,
    draw_outcomes,
    draw_values,
    fit_text,
    heap_ticks,
    row_labels,
    text_width,
)
from gamelib.plots.figure import (
    GameFigure,
    check_count,
    check_game_kind,
    check_inches,
    new_figure,
    points_per_unit,
    title_of,
)
from gamelib.plots.positions import HEAP_ROWS, figure_kind
from gamelib.plots.style import CELL, HIGHLIGHT_COLOUR, N_TEXT_COLOUR, SECOND_COLOUR, TICK_SIZE, VALUE_CMAP
from gamelib.plots.text import mex_sentence


def octal_search_budget(game: Any) -> int | None:
    """How many heaps a figure lets an octal game's period search compute (None: not an octal game).

    >>> from gamelib import OctalGame
    >>> octal_search_budget(OctalGame("0.007")), octal_search_budget(OctalGame("0." + "6" * 30))
    (8192, 2048)
    """
    if not isinstance(game, OctalGame):
        return None
    splitting = sum(1 for d in game.digits[1:] if d & 4)
    heaps = PLOT_OCTAL_SEARCH
    while heaps > 1024 and heaps * heaps * splitting > 4 * PLOT_OCTAL_SEARCH**2:
        heaps //= 2
    return heaps


def _pattern(game: OneHeapGame, outcomes: bool) -> tuple[int, int, bool] | None:
    """(preperiod, period, proven) of the game's Grundy values or outcomes: the one period finder's answer
    (:func:`gamelib.analysis.periodicity.heap_pattern`), with the figure's budget for octal games."""
    found = heap_pattern(game, outcomes=outcomes, max_search=octal_search_budget(game))
    return None if found is None else (found.preperiod, found.period, found.proven)


def _pattern_text(pattern: tuple[int, int, bool] | None) -> str:
    if pattern is None:
        return "no period found"
    preperiod, period, proven = pattern
    words = f"period {period}" + (f", preperiod {preperiod}" if preperiod else "")
    return words if proven else "observed " + words


# ---------------------------------------------------------------------------------------------------------
# One-heap games.


def sequence_strip(game: Any, stop: int = 30, show_period: bool = True, width: float = 9.0) -> GameFigure:
    """Grundy values (normal play) or P/N outcomes (misère play) of heaps 0 .. stop - 1 as a strip of cells.

    Normal play draws two rows: the outcome (P marker or grey N) and the Grundy value g(n), coloured with
    'viridis' and a colour bar. With ``show_period`` the preperiod and the period are bracketed under the
    strip and thick lines separate the repetitions: solid for a proven period (SubtractionGame), dashed
    and labelled "observed" for a pattern only seen (TakeAwayGame).

    Parameters
    ----------
    game : a one-heap game with ``outcomes(stop)`` (and ``grundy_values(stop)`` in normal play), such as
        ``SubtractionGame({2, 5, 7})`` or ``TakeAwayGame(nonzero_digits)``.
    stop : number of heaps drawn, 1 to 200 (numbers are written in the cells up to about 70 heaps; beyond
        that the colours and the colour bar tell the values).
    show_period : bracket the preperiod and period.
    width : figure width in inches, 3 to 20.

    Returns
    -------
    GameFigure with ``plotted`` keys ``values`` (list, None in misère play), ``outcomes`` (str),
    ``p_positions`` (list), ``pattern`` ((preperiod, period, proven) or None).

    >>> from gamelib import SubtractionGame
    >>> fig = sequence_strip(SubtractionGame({2, 5, 7}), 22)
    >>> fig.plotted["values"][:8], fig.plotted["pattern"]
    ([0, 0, 1, 1, 0, 2, 1, 3], (0, 22, True))
    """
    width = check_inches(width, "width")
    check_game_kind(game)
    stop = check_count(stop, "stop", MAX_STRIP)
    show_period = check_bool(show_period, "show_period")
    misere = game.misere
    outcomes = game.outcomes(stop)
    values = None if misere else [int(v) for v in game.grundy_values(stop)]
    what = "P/N outcomes" if misere else "Grundy values"
    title = f"{title_of(game)}: {what} of heaps 0 to {stop - 1}"

    pattern = _pattern(game, outcomes=misere) if show_period else None
    if show_period and pattern is None:
        title += " (no period found)"

    rows = 1 if misere else 2
    row_in, bracket_in, top_in, bottom_in = 0.42, (0.36 if pattern else 0.0), 0.85, 0.08
    fig, ax = new_figure(width, top_in + bottom_in + row_in * rows + bracket_in, left=0.95,
                          right=0.2 if misere else 0.95, bottom=bottom_in, top=top_in, title=title)
    ax.set_xlim(-0.5, stop - 0.5)
    ax.set_ylim(-0.5 - bracket_in / row_in, rows - 0.5)
    bare_axes(ax)
    heap_ticks(ax, 0, stop - 1)
    row_labels(ax, range(rows), ["outcome"] if misere else ["g(n)", "outcome"])
    size = fit_text(ax, len(str(max(values))) if values else 1)
    p_xs = draw_outcomes(ax, range(stop), outcomes, rows - 1, size)
    if values is not None:
        count = max(values) + 1
        cmap, norm = discrete_colours(VALUE_CMAP, count)
        draw_values(ax, range(stop), [0] * stop, values, cmap, norm, size)
        colour_bar(fig, ax, cmap, norm, "g(n)", count, bottom=bottom_in + bracket_in, height=row_in * rows)
    if pattern is not None:
        _draw_period(ax, *pattern, stop, rows, y=-0.5 - 0.1 / row_in)
    fig.plotted.update(values=values, outcomes=outcomes, p_positions=p_xs, pattern=pattern)
    return fig


def _draw_period(ax: Any, preperiod: int, period: int, proven: bool, stop: int, rows: int, y: float) -> None:
    """Brackets under the strip for the preperiod and each repetition of the period, and dividing lines."""
    across, _ = points_per_unit(ax)
    style = "solid" if proven else "dashed"
    if preperiod > 0:
        draw_bracket(ax, 0, min(preperiod, stop) - 1, y, 0.15, f"preperiod {preperiod}", SECOND_COLOUR,
                 dashed=not proven, open_right=preperiod > stop)
    dividers = [preperiod] if 0 < preperiod < stop else []
    label = f"period {period}" if proven else f"observed period {period}"
    each = across * period >= 6.4 * len(label) + 4  # room for the label under every repetition?
    start = preperiod
    while start < stop:
        end = start + period - 1
        shown = label if each and end < stop else ""
        draw_bracket(ax, start, min(end, stop - 1), y, 0.15, shown, HIGHLIGHT_COLOUR, dashed=not proven,
                 open_right=end >= stop)
        if start > preperiod:
            dividers.append(start)
        start += period
    if not each and preperiod < stop:  # one label under the whole periodic part
        words = f"repeats with period {period}" + ("" if proven else " (observed, not proven)")
        ax.text((preperiod + stop - 1) / 2, y, words,
                ha="center", va="top", fontsize=TICK_SIZE, color=HIGHLIGHT_COLOUR, gid="bracket-label",
                transform=offset_copy(ax.transData, fig=ax.figure, y=-2, units="points"))
    if dividers:
        ax.vlines([d - 0.5 for d in dividers], -0.5, rows - 0.5, colors="black", linewidth=1.8, zorder=5,
                  linestyles=style, gid="period-divider")


def outcome_strips(games: Sequence[Any], stop: int = 30, width: float = 9.0) -> GameFigure:
    """One P/N strip per game, stacked and aligned (e.g. a game in normal play above the same game misère).

    Each row is labelled with the game's title and the period of its P/N outcomes (the outcome period can
    be shorter than the period of the Grundy values); "observed" when it was only seen, not proven.

    Parameters
    ----------
    games : 1 to 8 one-heap games, such as ``[SubtractionGame(S), SubtractionGame(S, misere=True)]``.
    stop : number of heaps, 1 to 200.
    width : figure width in inches, 3 to 20.

    Returns
    -------
    GameFigure with ``plotted`` keys ``outcomes`` (list of str, one per game), ``p_positions`` (list of
    lists), ``patterns`` (list of (preperiod, period, proven) or None).

    >>> from gamelib import SubtractionGame
    >>> fig = outcome_strips([SubtractionGame({1, 3, 4}), SubtractionGame({1, 3, 4}, misere=True)], 14)
    >>> fig.plotted["outcomes"]
    ['PNPNNNNPNPNNNN', 'NPNPNNNNPNPNNN']
    >>> fig.plotted["patterns"]
    [(0, 7, True), (0, 7, True)]
    """
    width = check_inches(width, "width")
    if isinstance(games, (str, bytes)) or not isinstance(games, Iterable):
        raise TypeError(f"games must be a list of games such as [SubtractionGame({{1, 3, 4}})], got {games!r}")
    games = list(itertools.islice(games, MAX_STRIP_GAMES + 1))  # never list a generator of games whole
    if not 1 <= len(games) <= MAX_STRIP_GAMES:
        got = len(games) if len(games) <= MAX_STRIP_GAMES else f"more than {MAX_STRIP_GAMES}"
        raise ValueError(f"give 1 to {MAX_STRIP_GAMES} games to compare, got {got}")
    for game in games:
        check_game_kind(game)
    stop = check_count(stop, "stop", MAX_STRIP)
    outcomes = [game.outcomes(stop) for game in games]
    patterns = [_pattern(game, outcomes=True) for game in games]
    labels = [f"{title_of(g)}\n{_pattern_text(p)}" for g, p in zip(games, patterns, strict=True)]
    titles = list(dict.fromkeys(title_of(g) for g in games))
    title = f"P/N outcomes of heaps 0 to {stop - 1}: " + " vs ".join(titles)
    if len(title) > width * 10:
        lines = [titles[0]]
        for name in titles[1:]:  # break lines only between games, never inside a set
            if len(lines[-1]) + len(name) + 4 <= width * 10:
                lines[-1] += " vs " + name
            else:
                lines[-1] += " vs"
                lines.append(name)
        title = f"P/N outcomes of heaps 0 to {stop - 1}:\n" + "\n".join(lines)
    longest = max(len(line) for label in labels for line in label.split("\n"))
    rows, row_in = len(games), 0.52
    top = 0.85 + 0.22 * title.count("\n")
    fig, ax = new_figure(width, top + 0.12 + row_in * rows, left=min(3.2, 0.2 + 0.072 * longest), right=0.2,
                          bottom=0.12, top=top, title=title)
    ax.set_xlim(-0.5, stop - 0.5)
    ax.set_ylim(-0.5, rows - 0.5)
    bare_axes(ax)
    heap_ticks(ax, 0, stop - 1)
    row_labels(ax, range(rows), labels[::-1], fontsize=TICK_SIZE)
    size = fit_text(ax, 1)
    p_positions = [draw_outcomes(ax, range(stop), text, rows - 1 - i, size) for i, text in enumerate(outcomes)]
    fig.plotted.update(outcomes=outcomes, p_positions=p_positions, patterns=patterns)
    return fig


def _upward_arrow(x: float, low: float, high: float, points_up: float, **style: Any) -> FancyArrowPatch:
    """An arrow up from (x, low) to (x, high), as FancyArrowPatch draws it with its 2-point gap at each end, the
    gaps made by moving the ends (``points_up``: points per data unit up): matplotlib then does not clip the
    path to the gaps, which cost ~0.7 ms an arrow at every draw of the panel."""
    gap = 2.0 / points_up
    return FancyArrowPatch((x, low + gap), (x, high - gap), shrinkA=0, shrinkB=0, **style)


def grundy_scale(game: Any, n: int, stop: int | None = None, width: float = 9.0) -> GameFigure:
    """The table of Grundy values with the Grundy scale placed under heap n.

    The values of heaps up to n are shown (later heaps are still blank). The scale is a ruler under the
    table with a blue arrow up to each follower n - s (framed in blue) and a black arrow at n; below it the
    computation "g(n) = mex{...} = v" lists the followers in the order of S.

    Parameters
    ----------
    game : a SubtractionGame in normal play.
    n : the heap whose value is computed, 0 to 100,000.
    stop : heaps 0 .. stop - 1 are drawn (n < stop <= 100). None: heaps up to a few after n, at most 26 of
        them, always including the whole scale.
    width : figure width in inches, 3 to 20.

    Returns
    -------
    GameFigure with ``plotted`` keys ``first``, ``last`` (the heaps drawn), ``values`` (dict heap -> value
    for heaps first .. n), ``followers`` (heaps n - s, in the order of S), ``equation`` (str),
    ``p_positions`` (list).

    >>> from gamelib import SubtractionGame
    >>> fig = grundy_scale(SubtractionGame({2, 5, 7}), 7)
    >>> fig.plotted["equation"]
    'g(7) = mex{g(5), g(2), g(0)} = mex{2, 1, 0} = 3'
    """
    width = check_inches(width, "width")
    if not isinstance(game, SubtractionGame):
        raise TypeError(f"grundy_scale needs a SubtractionGame such as SubtractionGame({{2, 5, 7}}), got {game!r}")
    S = game.S
    if game.misere:
        raise ValueError(f"{game!r} is played misère; the Grundy scale computes normal-play Grundy values")
    n = check_int(n, "heap n")
    if n > MAX_SCALE_N:
        raise LimitError(f"heap n = {n:,} is too big to draw; the Grundy scale is drawn for heaps up to "
                         f"{MAX_SCALE_N:,}")
    if stop is None:  # at most 26 heaps, so the labels "−s" under adjacent arrows fit side by side
        last = max(n + 4, 14)
        first = max(0, min(n - S[-1] - 1, last - 25))
    else:
        stop = check_count(stop, "stop", MAX_SCALE_STOP)
        if stop <= n:
            raise ValueError(f"stop must be more than the heap n = {n} so that heap n is drawn, got stop = {stop}")
        first, last = 0, stop - 1
    table = [int(v) for v in game.grundy_values(n + 1)]
    moves = [s for s in S if s <= n]
    followers = [n - s for s in moves]
    equation = mex_sentence(game, n)
    if not followers:
        equation += f"   (no move is possible from heap {n})"

    fig, ax = new_figure(width, 3.4, left=0.95, right=0.95, bottom=0.1, top=0.85,
                          title=f"Grundy scale of {title_of(game)} under heap {n}")
    ax.set_xlim(first - 0.5, last + 0.5)
    ax.set_ylim(-3.1, 1.5)
    bare_axes(ax)
    heap_ticks(ax, first, last)
    row_labels(ax, [1, 0, -1.15], ["outcome", "g(n)", "scale"])
    known = list(range(first, n + 1))
    size = fit_text(ax, len(str(max(table[first:]))))
    count = len(S) + 1
    cmap, norm = discrete_colours(VALUE_CMAP, count)
    p_xs = draw_outcomes(ax, known, [outcome_from_grundy(table[h]) for h in known], 1, size)
    draw_values(ax, known, [0] * len(known), [table[h] for h in known], cmap, norm, size)
    later = list(range(n + 1, last + 1))
    ax.add_collection(cell_squares(later * 2, [0] * len(later) + [1] * len(later), CELL, CELL, facecolor="white",
                                   edgecolor="#BBBBBB", linewidth=0.8, zorder=2), autolim=False)
    low = data_to_inches(ax, -0.5)
    colour_bar(fig, ax, cmap, norm, "g(n)", count, bottom=low, height=data_to_inches(ax, 1.5) - low)
    ax.add_collection(PatchCollection([Rectangle((f - 0.5, -0.5), 1, 1) for f in followers if f >= first],
                                      facecolor="none", edgecolor=HIGHLIGHT_COLOUR, linewidth=2.6, zorder=5),
                      autolim=False)
    ax.add_artist(Rectangle((n - 0.5, -0.5), 1, 2, facecolor="none", edgecolor="black", linewidth=2.6, zorder=5))
    # The scale: a paper ruler from n - max(S) to n, with an arrow up to each follower.
    ruler_left = max(n - S[-1], first) - 0.45
    ax.add_artist(Rectangle((ruler_left, -1.45), n + 0.45 - ruler_left, 0.6, facecolor="#FFF4C2",
                           edgecolor="#8C7A2B", linewidth=1.0, zorder=2))
    shown = [(s, f) for s, f in zip(moves, followers, strict=True) if f >= first]
    across, up = points_per_unit(ax)
    for _, f in shown:
        ax.add_artist(_upward_arrow(f, -1.02, -0.53, up, arrowstyle="-|>", mutation_scale=12,
                                    color=HIGHLIGHT_COLOUR, linewidth=2.0, zorder=6, gid="scale-arrow"))
    # As large as 10 points while the widest label "−s" still fits in a cell (so neighbours never collide), and
    # never below 8 points, the smallest size any figure writes.
    scale_size = min(10.0, max(8.0, (across - 2.0) / max(text_width(f"−{s}", 1.0, True) for s in S)))
    # Label the arrows "−s" from the right (nearest n) leftwards, leaving out a label that would touch the
    # one kept before it: with many moves on narrow cells the arrows stay, the labels never collide.
    kept: list[tuple[int, int]] = []
    for s, f in sorted(shown, key=lambda pair: -pair[1]):
        if kept:
            gap = (kept[-1][1] - f) * across
            needed = (text_width(f"−{kept[-1][0]}", scale_size, True) + text_width(f"−{s}", scale_size, True)) / 2
            if gap < needed + 2.0:
                continue
        kept.append((s, f))
    draw_labels(ax, [f for _, f in kept], [-1.2] * len(kept), [f"−{s}" for s, _ in kept], scale_size,
            HIGHLIGHT_COLOUR, bold=True, gid="scale-labels")
    ax.add_artist(_upward_arrow(n, -1.3, -0.53, up, arrowstyle="simple,head_width=0.9,head_length=0.7",
                                mutation_scale=14, color="black", zorder=6, gid="scale-arrow"))
    middle = (first + last) / 2
    # The sentence shrinks to fit the figure's width (a long S with large heaps makes it long).
    equation_size = min(13.0, 0.94 * width * 72 / text_width(equation, 1.0))
    ax.text(middle, -2.0, equation, ha="center", va="center", fontsize=equation_size, zorder=6, gid="equation")
    ax.text(middle, -2.7, "blue frames: the followers n − s of heap n, one for each s in S; "
            "heaps after n are not computed yet", ha="center", va="center", fontsize=9.5, color=N_TEXT_COLOUR)
    fig.plotted.update(first=first, last=last, values={h: table[h] for h in known}, followers=followers,
                       equation=equation, p_positions=p_xs)
    return fig


@figure_kind("heap", play=HEAP_ROWS, hides="nothing: the strip shows every value, so a play panel shows the heap "
             "as a row of chips instead", keys="Tab reaches each amount's button; Enter or Space takes that many")
def _heap_figure(game: OneHeapGame, position: int, show_winning_moves: bool, width: float) -> GameFigure:
    """A heap is drawn in the strip of the heaps up to it (at least ten heaps)."""
    return sequence_strip(game, max(position + 1, 10), show_period=False, width=width)
