"""The figures draw what the games say: checked against brute force computed here, not by the plotting code.

P-positions are read back from the artists themselves (the P markers and their letters, by gid), so a
test fails if a figure draws a P where there is none, or misses one.
"""

import base64
import struct

import matplotlib
import numpy as np
import pytest
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure

from gamelib import LimitError, SubtractionGame, TakeAwayGame, plots
from gamelib.plots import style

from brute import eventual_period, grundy_sequence, outcome_string

# --------------------------------------------------------------------------------------------------------
# Brute force, independent of gamelib: Grundy values and outcomes straight from the definitions.





def brute_wythoff_p(limit):
    """P-positions of Wythoff's game by the definition (a table filled bottom-up)."""
    p = np.zeros((limit, limit), dtype=bool)
    for a in range(limit):
        for b in range(limit):
            reach = [p[t, b] for t in range(a)] + [p[a, t] for t in range(b)]
            reach += [p[a - d, b - d] for d in range(1, min(a, b) + 1)]
            p[a, b] = not any(reach)
    return {(a, b) for a in range(limit) for b in range(limit) if p[a, b]}


# --------------------------------------------------------------------------------------------------------
# Reading figures.


def artists(fig, gid):
    found = []
    for ax in fig.axes:
        found += [c for c in ax.collections if c.get_gid() == gid]
        found += [a for a in ax.patches if a.get_gid() == gid]
        found += [a for a in ax.lines if a.get_gid() == gid]
    found += [a for a in fig.artists if a.get_gid() == gid]
    return found


def labels(fig, gid):
    """(x, y, text) of every label of a label collection with this gid (data coordinates)."""
    return [(float(x), float(y), t) for c in artists(fig, gid)
            for (x, y), t in zip(c.get_offsets(), c.texts, strict=True)]


def marker_centres(fig):
    """Centres of the P-marker squares."""
    centres = []
    for collection in artists(fig, "p-markers"):
        for path in collection.get_paths():
            low, high = path.vertices.min(axis=0), path.vertices.max(axis=0)
            centres.append((round(float((low[0] + high[0]) / 2), 6), round(float((low[1] + high[1]) / 2), 6)))
    return centres


def texts(fig):
    found = [t.get_text() for ax in fig.axes for t in ax.texts] + [t.get_text() for t in fig.texts]
    return found + [ax.get_xlabel() for ax in fig.axes] + [ax.get_ylabel() for ax in fig.axes]


def png_size(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


# --------------------------------------------------------------------------------------------------------
# sequence_strip


def test_sequence_strip_of_2_5_7_draws_the_seed_values_and_their_p_positions():
    fig = plots.sequence_strip(SubtractionGame({7, 2, 5}), 22)
    assert isinstance(fig, Figure)
    assert "S = {2, 5, 7}" in fig.get_suptitle()
    assert fig.axes[0].get_xlabel() == "heap size n"
    # The seed's table of S(2, 5, 7), n = 0 .. 21.
    seed = [0, 0, 1, 1, 0, 2, 1, 3, 2, 2, 0, 3, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2]
    drawn = sorted((x, int(t)) for x, y, t in labels(fig, "value-labels"))
    assert drawn == list(enumerate(seed))
    p_letters = sorted(x for x, y, t in labels(fig, "p-labels"))
    assert p_letters == [n for n, v in enumerate(seed) if v == 0]
    assert all(t == "P" for _, _, t in labels(fig, "p-labels"))
    assert sorted(x for x, _ in marker_centres(fig)) == p_letters
    assert sorted(x for x, y, t in labels(fig, "n-labels")) == [n for n, v in enumerate(seed) if v]
    assert "period 22" in texts(fig)


def test_sequence_strip_brackets_preperiod_and_period_and_draws_dividers():
    # S = {4, 9, 11}: preperiod 40, period 5 (a seed-style example; checked here by brute force).
    values = grundy_sequence((4, 9, 11), 600)
    assert eventual_period(values, 11) == (40, 5)
    fig = plots.sequence_strip(SubtractionGame({4, 9, 11}), 60)
    assert fig.plotted["pattern"] == (40, 5, True)
    assert "preperiod 40" in texts(fig)
    dividers = artists(fig, "period-divider")
    assert dividers
    xs = sorted({round(float(seg[0][0]) + 0.5) for d in dividers for seg in d.get_segments()})
    assert xs == [40, 45, 50, 55]
    assert sorted(x for x, y, t in labels(fig, "p-labels")) == [n for n in range(60) if values[n] == 0]


def test_sequence_strip_in_misere_play_draws_outcomes_only():
    game = SubtractionGame({1, 3, 4}, misere=True)
    fig = plots.sequence_strip(game, 30)
    assert "(misère)" in fig.get_suptitle()
    assert fig.plotted["values"] is None
    assert not artists(fig, "value-cells")
    expected = outcome_string((1, 3, 4), 30, misere=True)
    assert sorted(x for x, y, t in labels(fig, "p-labels")) == [n for n, o in enumerate(expected) if o == "P"]


def test_an_observed_pattern_is_drawn_dashed_and_labelled_observed():
    game = TakeAwayGame(lambda n: [a for a in (1, 2) if a <= n], name="take 1 or 2")
    fig = plots.sequence_strip(game, 30)
    assert "take 1 or 2" in fig.get_suptitle()
    assert fig.plotted["pattern"][2] is False
    brackets = artists(fig, "bracket")
    assert brackets and all(line.get_linestyle() == "--" for line in brackets)
    assert "repeats with period 3 (observed, not proven)" in texts(fig)


def test_sequence_strip_without_period():
    fig = plots.sequence_strip(SubtractionGame({1, 3, 4}), 20, show_period=False)
    assert not artists(fig, "bracket") and fig.plotted["pattern"] is None


def test_sequence_strip_has_a_colour_bar_for_the_values():
    fig = plots.sequence_strip(SubtractionGame({1, 3, 4}), 20)
    (bar,) = artists(fig, "colour-bar")
    assert bar.values == [0, 1, 2, 3]  # S = {1, 3, 4} has Grundy values 0..3 in its first 20 heaps
    assert "g(n)" in texts(fig)


@pytest.mark.parametrize("stop, error", [(0, ValueError), (-1, ValueError), ("10", TypeError), (2.5, TypeError),
                                         (10**6, LimitError), (None, TypeError)])
def test_sequence_strip_refuses_bad_stops(stop, error):
    with pytest.raises(error):
        plots.sequence_strip(SubtractionGame({1, 2}), stop)


@pytest.mark.parametrize("game", ["1, 3, 4", {1, 3, 4}, None, 7])
def test_sequence_strip_refuses_things_that_are_not_games(game):
    with pytest.raises(TypeError, match="expected a game"):
        plots.sequence_strip(game)


# --------------------------------------------------------------------------------------------------------
# outcome_strips


def test_outcome_strips_stack_normal_and_misere():
    games = [SubtractionGame({1, 3, 4}), SubtractionGame({1, 3, 4}, misere=True)]
    fig = plots.outcome_strips(games, 30)
    title = fig.get_suptitle()
    assert "S = {1, 3, 4}" in title and "(misère)" in title
    assert fig.axes[0].get_xlabel() == "heap size n"
    rows = {}
    for x, y, _ in labels(fig, "p-labels"):
        rows.setdefault(round(y), []).append(round(x))
    normal, misere = outcome_string((1, 3, 4), 30), outcome_string((1, 3, 4), 30, misere=True)
    assert sorted(rows[1]) == [n for n, o in enumerate(normal) if o == "P"]  # first game on top
    assert sorted(rows[0]) == [n for n, o in enumerate(misere) if o == "P"]
    row_names = [t for t in texts(fig) if t.startswith("S = ")]
    assert row_names == ["S = {1, 3, 4} (misère)\nperiod 7", "S = {1, 3, 4}\nperiod 7"]


def test_outcome_strips_label_the_period_of_the_outcomes_not_of_the_values():
    # S = {2, 4, 7}: Grundy values repeat from n = 8, but the P/N outcomes already from n = 4 (period 3).
    values = grundy_sequence((2, 4, 7), 400)
    outcomes = outcome_string((2, 4, 7), 400)
    assert eventual_period(values, 7) == (8, 3)
    assert eventual_period(outcomes, 7) == (4, 3)
    fig = plots.outcome_strips([SubtractionGame({2, 4, 7})], 20)
    assert fig.plotted["patterns"] == [(4, 3, True)]
    assert "S = {2, 4, 7}\nperiod 3, preperiod 4" in texts(fig)


def test_outcome_strips_of_a_take_away_game_say_observed():
    digits = TakeAwayGame(lambda n: {int(d) for d in str(n) if d != "0"}, name="subtract a digit")
    fig = plots.outcome_strips([digits], 45)
    assert sorted(round(x) for x, y, t in labels(fig, "p-labels")) == [0, 10, 20, 30, 40]
    assert fig.plotted["patterns"] == [(0, 10, False)]
    assert "subtract a digit\nobserved period 10" in texts(fig)


@pytest.mark.parametrize("games, error", [([], ValueError), ("S", TypeError), ([None], TypeError),
                                          ([SubtractionGame({1})] * 9, ValueError)])
def test_outcome_strips_refuse_bad_lists(games, error):
    with pytest.raises(error):
        plots.outcome_strips(games)


# --------------------------------------------------------------------------------------------------------
# grundy_scale


@pytest.mark.parametrize("n, equation", [
    (7, "g(7) = mex{g(5), g(2), g(0)} = mex{2, 1, 0} = 3"),   # the seed's worked example
    (8, "g(8) = mex{g(6), g(3), g(1)} = mex{1, 1, 0} = 2"),   # the seed: mex{1, 1, 0} = 2
    (3, "g(3) = mex{g(1)} = mex{0} = 1"),
])
def test_grundy_scale_writes_the_seed_computation(n, equation):
    fig = plots.grundy_scale(SubtractionGame({2, 5, 7}), n)
    assert "S = {2, 5, 7}" in fig.get_suptitle()
    assert equation in texts(fig)
    arrows = artists(fig, "scale-arrow")
    assert len(arrows) == len([s for s in (2, 5, 7) if s <= n]) + 1  # one per follower, one at n
    drawn = {round(x): int(t) for x, y, t in labels(fig, "value-labels")}
    expected = grundy_sequence((2, 5, 7), n + 1)
    assert drawn == dict(enumerate(expected))                     # heaps after n are not filled in yet
    assert sorted(round(x) for x, y, t in labels(fig, "p-labels")) == [h for h in range(n + 1) if expected[h] == 0]


def test_grundy_scale_with_no_move_and_with_a_window():
    fig = plots.grundy_scale(SubtractionGame({2, 5, 7}), 1)
    assert fig.plotted["equation"].startswith("g(1) = mex{} = 0")
    fig = plots.grundy_scale(SubtractionGame({2, 5, 30}), 60)
    first, last = fig.plotted["first"], fig.plotted["last"]
    assert first <= 30 and last >= 60 and last - first < 41
    assert fig.plotted["followers"] == [58, 55, 30]


def test_grundy_scale_refuses_bad_input():
    with pytest.raises(ValueError, match="misère"):
        plots.grundy_scale(SubtractionGame({1, 2}, misere=True), 4)
    with pytest.raises(ValueError, match="stop must be more than"):
        plots.grundy_scale(SubtractionGame({1, 2}), 10, stop=10)
    with pytest.raises(ValueError):
        plots.grundy_scale(SubtractionGame({1, 2}), -1)
    with pytest.raises(TypeError):
        plots.grundy_scale(SubtractionGame({1, 2}), "7")
    with pytest.raises(TypeError, match="SubtractionGame"):
        plots.grundy_scale(TakeAwayGame(lambda n: [1] if n else []), 4)


# --------------------------------------------------------------------------------------------------------
# game_graph and labelling_figure


def test_game_graph_draws_every_move_and_colours_the_nodes():
    fig = plots.game_graph(SubtractionGame({1, 3, 4}), 12)
    assert "S = {1, 3, 4}" in fig.get_suptitle()
    assert fig.axes[0].get_xlabel() == "heap size n"
    moves = sorted((n, n - s) for n in range(12) for s in (1, 3, 4) if s <= n)
    assert fig.plotted["moves"] == moves
    outcomes = outcome_string((1, 3, 4), 12)
    (plain,), (winning,) = artists(fig, "moves"), artists(fig, "winning-moves")
    assert sorted(plain.moves + winning.moves) == moves
    assert len(plain.get_paths()) + len(winning.get_paths()) == len(moves)       # one arc per move
    assert sorted(winning.moves) == [(n, m) for n, m in moves if outcomes[m] == "P"]
    assert {tuple(c) for c in winning.get_edgecolor()} == {to_rgba(style.HIGHLIGHT_COLOUR)}
    (heads,) = artists(fig, "winning-moves-heads")
    assert len(heads.get_offsets()) == len(winning.moves)
    assert sorted(round(x) for x, y, t in labels(fig, "p-labels")) == [n for n, o in enumerate(outcomes) if o == "P"]


def test_labelling_figure_replays_the_labelling_algorithm():
    game = SubtractionGame({1, 3, 4})
    start = plots.labelling_figure(game, 10, 0)
    assert not labels(start, "p-labels") and len(labels(start, "unknown-labels")) == 10
    first = plots.labelling_figure(game, 10, 1)
    assert [round(x) for x, y, t in labels(first, "p-labels")] == [0]       # the terminal position
    second = plots.labelling_figure(game, 10, 2)
    assert second.plotted["new"] == [1, 3, 4]                                  # one move from 0
    assert "Step 2" in second.plotted["caption"] and "so N" in second.plotted["caption"]
    assert sorted(round(x) for x, y, t in labels(second, "n-labels")) == [1, 3, 4]
    total = second.plotted["steps"]
    last = plots.labelling_figure(game, 10, total)
    assert sorted(round(x) for x, y, t in labels(last, "p-labels")) == [0, 2, 7, 9]   # = brute force below
    assert [n for n, o in enumerate(outcome_string((1, 3, 4), 10)) if o == "P"] == [0, 2, 7, 9]
    assert not labels(last, "unknown-labels")
    with pytest.raises(ValueError, match=f"from 0 to {total}"):
        plots.labelling_figure(game, 10, total + 1)


def test_labelling_figure_in_misere_play_starts_with_n():
    fig = plots.labelling_figure(SubtractionGame({1, 2}, misere=True), 6, 1)
    assert [round(x) for x, y, t in labels(fig, "n-labels")] == [0]
    assert not labels(fig, "p-labels")


# --------------------------------------------------------------------------------------------------------
# sum_heatmap, period_heatmap, wythoff_heatmap


def test_sum_heatmap_marks_exactly_the_zero_xor_cells():
    A, B = (1, 3, 7, 8), (1, 2, 3)
    fig = plots.sum_heatmap(SubtractionGame(A), SubtractionGame(B), 16, 12)
    title = fig.get_suptitle()
    assert "S = {1, 3, 7, 8}" in title and "S = {1, 2, 3}" in title
    ax = fig.axes[0]
    assert "S = {1, 2, 3}" in ax.get_xlabel() and "S = {1, 3, 7, 8}" in ax.get_ylabel()
    ga, gb = grundy_sequence(A, 16), grundy_sequence(B, 12)
    expected = {(j, i) for i in range(16) for j in range(12) if ga[i] ^ gb[j] == 0}   # (x = j, y = i)
    assert set(marker_centres(fig)) == expected
    assert {(round(x), round(y)) for x, y, t in labels(fig, "p-labels")} == expected
    image = ax.images[0].get_array()
    assert image.shape == (16, 12) and int(image[5, 7]) == ga[5] ^ gb[7]
    assert artists(fig, "colour-bar")


def test_period_heatmap_matches_brute_force_periods():
    fig = plots.period_heatmap(7)
    assert "S = {a, b, 7}" in fig.get_suptitle()
    ax = fig.axes[0]
    assert ax.get_xlabel().startswith("a") and ax.get_ylabel().startswith("b")
    grid = fig.plotted["grid"]
    assert grid[(2, 5)] == 22                                  # S(2, 5, 7): period 22, as in the seed text
    assert set(grid) == {(a, b) for a in range(1, 7) for b in range(a + 1, 7)}
    for (a, b), period in grid.items():
        assert eventual_period(grundy_sequence((a, b, 7), 600), 7)[1] == period
    drawn = {(round(x), round(y)): int(t) for x, y, t in labels(fig, "value-labels")}
    assert drawn == grid
    assert artists(fig, "colour-bar")


def test_period_heatmap_other_values_and_bad_input():
    fig = plots.period_heatmap(7, value="preperiod")
    assert fig.plotted["grid"][(2, 5)] == eventual_period(grundy_sequence((2, 5, 7), 600), 7)[0]
    with pytest.raises(ValueError):
        plots.period_heatmap(2)
    with pytest.raises(ValueError):
        plots.period_heatmap(31)
    with pytest.raises(ValueError, match="value must be one of"):
        plots.period_heatmap(7, value="periods")


def test_wythoff_heatmap_marks_the_p_positions_and_draws_both_lines():
    fig = plots.wythoff_heatmap(30)
    assert "Wythoff" in fig.get_suptitle()
    ax = fig.axes[0]
    assert ax.get_xlabel() == "heap a" and ax.get_ylabel() == "heap b"
    assert set(marker_centres(fig)) == brute_wythoff_p(30)
    lines = {line.get_label() for line in ax.lines}
    assert {"b = φ·a", "b = a / φ"} <= lines
    slopes = sorted(float(np.diff(line.get_ydata())[0] / np.diff(line.get_xdata())[0]) for line in ax.lines)
    phi = (1 + 5**0.5) / 2
    assert slopes == pytest.approx([1 / phi, phi])


@pytest.mark.parametrize("call, error", [
    (lambda: plots.sum_heatmap(SubtractionGame({1}), SubtractionGame({1}), 0, 5), ValueError),
    (lambda: plots.sum_heatmap(SubtractionGame({1}), SubtractionGame({1}), 5, 65), LimitError),
    (lambda: plots.sum_heatmap(SubtractionGame({1}), "S", 5, 5), TypeError),
    (lambda: plots.sum_heatmap(SubtractionGame({1}, misere=True), SubtractionGame({1}), 5, 5), ValueError),
    (lambda: plots.wythoff_heatmap(0), ValueError),
    (lambda: plots.wythoff_heatmap(101), LimitError),
    (lambda: plots.wythoff_heatmap("30"), TypeError),
])
def test_heatmaps_refuse_bad_input(call, error):
    with pytest.raises(error):
        call()


# --------------------------------------------------------------------------------------------------------
# nim_binary_table and chomp_board


def test_nim_binary_table_of_a_p_position():
    fig = plots.nim_binary_table((5, 9, 12))          # 0101 ^ 1001 ^ 1100 = 0000
    assert "Nim" in fig.get_suptitle() and "(5, 9, 12)" in fig.get_suptitle()
    assert fig.axes[0].get_xlabel()
    assert fig.plotted["nim_sum"] == 0 and fig.plotted["odd_columns"] == [] and fig.plotted["moves"] == {}
    assert len(marker_centres(fig)) == 1 and [t for *_, t in labels(fig, "p-labels")] == ["P"]
    rows = {}
    for x, y, t in labels(fig, "bits"):
        rows.setdefault(round(y), {})[round(x)] = t
    assert ["".join(rows[y][k] for k in range(4)) for y in (3, 2, 1)] == ["0101", "1001", "1100"]
    assert "".join(t for *_, t in sorted(labels(fig, "xor-bits"))) == "0000"


def test_nim_binary_table_of_an_n_position_shows_the_winning_moves():
    fig = plots.nim_binary_table((3, 11, 14, 7, 9))   # nim-sum 8: lower every heap with the 8s digit
    assert fig.plotted["nim_sum"] == 3 ^ 11 ^ 14 ^ 7 ^ 9 == 8
    assert fig.plotted["odd_columns"] == [8]
    assert fig.plotted["moves"] == {1: 3, 2: 6, 4: 1}
    assert len(artists(fig, "move-frame")) == 3
    assert "→ change heap C from 14 to 6 = 0110" in texts(fig)
    assert not marker_centres(fig)


@pytest.mark.parametrize("heaps, error", [((), ValueError), (("a",), TypeError), ((-1, 2), ValueError),
                                          ((1,) * 9, ValueError), ((70000,), LimitError), (5, TypeError)])
def test_nim_binary_table_refuses_bad_heaps(heaps, error):
    with pytest.raises(error):
        plots.nim_binary_table(heaps)


def test_chomp_board_draws_remaining_squares_poison_and_outcome():
    fig = plots.chomp_board((5, 5, 3))
    assert "Chomp 3 x 5" in fig.get_suptitle()
    ax = fig.axes[0]
    assert ax.get_xlabel() == "column" and ax.get_ylabel() == "row"
    assert len(fig.plotted["remaining"]) == 12  # 13 squares left; the poison is drawn apart, black
    assert artists(fig, "fixed") and len(artists(fig, "pieces")[0].get_paths()) == 12
    # (2, 1): an L with arms of one square each; both bites leave the other arm, so this is a P-position.
    small = plots.chomp_board((2, 1))
    assert small.plotted["outcome"] == "P" and len(marker_centres(small)) == 1
    # (3, 3): eating square (row 1, column 2) leaves (3, 2), rows n and n - 1: the only winning bite.
    fig = plots.chomp_board((3, 3), show_winning_moves=True)
    assert fig.plotted["outcome"] == "N" and fig.plotted["marked"] == [(1, 2)]


@pytest.mark.parametrize("position, error", [((1, 2), ValueError), ("abc", TypeError), ((), TypeError),
                                             ((0, 0), ValueError), ((3, 3, 3, 3, 3, 3, 3, 3, 3), LimitError)])
def test_chomp_board_refuses_bad_positions(position, error):
    with pytest.raises(error):
        plots.chomp_board(position, cols=9 if len(position) == 9 else None)


# --------------------------------------------------------------------------------------------------------
# Common look, PNG output, speed.


def default_figures():
    return {
        "sequence_strip": plots.sequence_strip(SubtractionGame({2, 5, 7})),
        "outcome_strips": plots.outcome_strips([SubtractionGame({1, 3, 4}), SubtractionGame({1, 3, 4}, True)]),
        "grundy_scale": plots.grundy_scale(SubtractionGame({2, 5, 7}), 7),
        "game_graph": plots.game_graph(SubtractionGame({1, 3, 4})),
        "labelling_figure": plots.labelling_figure(SubtractionGame({1, 3, 4})),
        "sum_heatmap": plots.sum_heatmap(SubtractionGame({1, 3, 7, 8}), SubtractionGame({1, 2, 3})),
        "period_heatmap": plots.period_heatmap(),
        "nim_binary_table": plots.nim_binary_table(),
        "wythoff_heatmap": plots.wythoff_heatmap(),
        "chomp_board": plots.chomp_board((2, 1)),
    }


def test_the_p_marker_looks_the_same_in_every_figure():
    figures = {name: fig for name, fig in default_figures().items() if artists(fig, "p-markers")}
    assert {"sequence_strip", "sum_heatmap", "wythoff_heatmap"} <= set(figures)
    for name, fig in figures.items():
        for markers in artists(fig, "p-markers"):
            if not len(markers.get_paths()):
                continue
            assert {tuple(c) for c in markers.get_facecolor()} == {to_rgba(style.P_COLOUR)}, name
            assert {tuple(c) for c in markers.get_edgecolor()} == {to_rgba(style.P_EDGE_COLOUR)}, name
            # Full edge on cells of 9 points or more; thinner only on the tiny cells of big grids.
            assert 0.3 <= markers.get_linewidth()[0] <= style.P_EDGE_WIDTH, name
        for letters in artists(fig, "p-labels"):
            assert set(letters.texts) == {"P"}, name
            assert {tuple(c) for c in letters.get_facecolor()} == {to_rgba(style.P_TEXT_COLOUR)}, name
    widths = {name: artists(fig, "p-markers")[0].get_linewidth()[0] for name, fig in figures.items()}
    assert widths["sequence_strip"] == widths["sum_heatmap"] == style.P_EDGE_WIDTH


def test_every_figure_is_small_titled_and_labelled():
    for name, fig in default_figures().items():
        width, height = fig.get_size_inches()
        # at most 5 inches high: the sum heatmap's 16 rows need 5 for the letter P to stay 8 points or more
        assert 7.5 <= width <= 10 and 1.5 <= height <= 5, name
        assert fig.get_suptitle(), name
        assert fig.axes[0].get_xlabel(), name


def test_colour_blind_safe_palette():
    okabe_ito = {"#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#000000"}
    for colour in (style.P_COLOUR, style.HIGHLIGHT_COLOUR, style.SECOND_COLOUR, style.PARITY_COLOUR,
                   style.LINE_COLOUR):
        assert colour.upper() in okabe_ito
    assert style.P_COLOUR.upper() == "#D55E00"
    assert style.VALUE_CMAP in ("viridis", "cividis") and style.PERIOD_CMAP in ("viridis", "cividis")


def test_figure_to_png_and_notebook_display():
    fig = plots.sequence_strip(SubtractionGame({1, 2}), 10)
    width, height = fig.get_size_inches()
    assert png_size(plots.figure_to_png(fig, dpi=80)) == (round(width * 80), round(height * 80))
    shown = fig._repr_mimebundle_()
    assert set(shown) == {"text/html", "text/plain"}  # an <img> with alt text: a PNG output would have none
    alt = fig.text_alternative()
    assert alt.startswith("S = {1, 2}: Grundy values of heaps 0 to 9") and "P-positions: 0, 3, 6, 9." in alt
    assert shown["text/html"].startswith(f'<img alt="{alt}" src="data:image/png;base64,')
    png = base64.b64decode(shown["text/html"].split("base64,")[1].split('"')[0])
    assert png_size(png)[0] == round(width * 100)
    with pytest.raises(TypeError):
        plots.figure_to_png("not a figure")
    with pytest.raises(ValueError):
        plots.figure_to_png(fig, dpi=1000)


def test_figures_are_not_kept_by_pyplot():
    import matplotlib.pyplot as plt

    before = plt.get_fignums()
    default_figures()
    assert plt.get_fignums() == before
    assert matplotlib.get_backend()  # importing pyplot did not need a display


def test_default_figures_stay_light():
    """Each default figure is drawn with a few dozen artists (35 to 51 today): one artist per heap or per
    cell would make a slider step slow. Counted, not timed; the time per step is a figure in ``make bench``."""
    for name, make in {
        "sequence_strip": lambda: plots.sequence_strip(SubtractionGame({2, 5, 7})),
        "grundy_scale": lambda: plots.grundy_scale(SubtractionGame({2, 5, 7}), 7),
        "sum_heatmap": lambda: plots.sum_heatmap(SubtractionGame({1, 3, 7, 8}), SubtractionGame({1, 2, 3})),
        "wythoff_heatmap": lambda: plots.wythoff_heatmap(),
    }.items():
        artists = len(make().findobj())
        assert artists <= 100, f"{name} draws {artists} artists"


def test_sum_heatmap_outlines_the_marked_position_and_refuses_one_outside():
    from gamelib.plots import sum_heatmap

    game_a, game_b = SubtractionGame({1, 2}), SubtractionGame({1, 2, 3})
    fig = sum_heatmap(game_a, game_b, 6, 8, mark=(4, 1))
    outlines = [p for p in fig.axes[0].patches if p.get_gid() == "mark"]
    assert outlines and {(p.get_x(), p.get_y()) for p in outlines} == {(0.5, 3.5)}  # column j = 1, row i = 4
    assert fig.plotted["mark"] == (4, 1)
    assert not [p for p in sum_heatmap(game_a, game_b, 6, 8).axes[0].patches if p.get_gid() == "mark"]
    for bad in [(6, 0), (0, 8), (-1, 2), (1,), "4, 1", (True, 1)]:
        with pytest.raises(ValueError, match="mark must be"):
            sum_heatmap(game_a, game_b, 6, 8, mark=bad)


def _label_spans(fig, gid):
    """The horizontal pixel span of each label of the collection ``gid``, from its glyph outlines."""
    ax = fig.axes[0]
    fig.canvas.draw()
    (labels,) = [c for c in ax.collections if c.get_gid() == gid]
    scale = labels.get_transform().get_matrix()[0, 0]  # pixels per glyph unit
    spans = []
    for path, (x, y) in zip(labels.get_paths(), labels.get_offsets(), strict=True):
        centre = ax.transData.transform((x, y))[0]
        half = path.get_extents().width * scale / 2
        spans.append((centre - half, centre + half))
    return sorted(spans)


@pytest.mark.parametrize(("S", "n", "stop"), [
    ({1, 2, 3}, 44, None),  # the lesson's S where the labels met at n = 44
    ({2, 5, 7}, 44, None),
    (set(range(1, 9)), 95, 100),  # the most heaps drawn, eight moves side by side
    (set(range(1, 9)), 99, 100),
])
def test_grundy_scale_labels_never_collide_and_the_sentence_fits(S, n, stop):
    fig = plots.grundy_scale(SubtractionGame(S), n, stop=stop)
    spans = _label_spans(fig, "scale-labels")
    assert spans  # at least the label nearest n is written
    assert all(left[1] < right[0] for left, right in zip(spans, spans[1:], strict=False)), spans
    (equation,) = [t for t in fig.axes[0].texts if t.get_gid() == "equation"]
    box = equation.get_window_extent()
    assert 0 <= box.x0 and box.x1 <= fig.bbox.width  # the whole sentence is inside the picture
