"""The three kinds of picture lesson 9 adds ("stairs", "digraph", "kayles"): what they mark is the model's winning
moves, nothing is marked while a game is played (hints off), every word stays on the page, and the text
alternative says what the picture shows."""

from __future__ import annotations

import pytest
from figure_words import words_outside
from matplotlib.colors import to_rgb
from matplotlib.patches import Rectangle

from gamelib import DigraphGame, NodeKayles, StaircaseNim
from gamelib.plots import position_figure
from gamelib.plots.positions import view_of
from gamelib.plots.style import PARITY_COLOUR

CASES = [
    (StaircaseNim(), (6, 6, 6, 6, 6, 6)),
    (StaircaseNim(), (1, 4, 2, 3)),
    (StaircaseNim(), (0,)),
    (DigraphGame([(0, 1), (0, 2), (1, 3), (2, 3), (2, 4), (1, 4), (3, 5), (4, 5)]), 0),
    (DigraphGame([(i, i + 1) for i in range(29)]), 0),
    (NodeKayles.path(30), tuple(range(30))),
    (NodeKayles([(0, 1), (1, 2), (2, 3), (3, 0), (2, 4), (4, 5)]), (0, 5)),
    (NodeKayles([(i, j) for i in range(8) for j in range(i + 1, 8) if (i + j) % 3]), tuple(range(8))),
]


@pytest.mark.parametrize(("game", "position"), CASES, ids=lambda x: repr(x)[:30])
@pytest.mark.parametrize("hints", [True, False])
def test_every_word_stays_on_the_page(game, position, hints):
    assert words_outside(position_figure(game, position, hints)) == []


def test_the_kinds_are_registered_views_with_pictures():
    for game in (StaircaseNim(), DigraphGame([(0, 1)]), NodeKayles([(0, 1)])):
        view = view_of(game)
        assert view.kind == game.figure_kind and view.draw is not None


def test_the_staircase_marks_the_models_winning_moves_and_hides_them_in_play():
    game = StaircaseNim()
    fig = position_figure(game, (1, 4, 2, 3))
    marked = [(stair, coins) for stair, coins in fig.plotted["winning"]]
    after = [game.move((1, 4, 2, 3), stair - 1, coins) for stair, coins in marked]
    assert sorted(after) == sorted(game.winning_moves((1, 4, 2, 3))) and len(after) == 2
    assert "blue arrows" in fig.text_alternative()
    quiet = position_figure(game, (1, 4, 2, 3), False)
    assert quiet.plotted["winning"] == [] and quiet.plotted["value"] is None
    assert "⊕" not in quiet.get_suptitle() and "winning" not in quiet.text_alternative()


def test_the_staircase_in_play_does_not_shade_the_odd_stairs_before_the_hint():
    # The rule (only the odd stairs count) is what the student is asked to find: no shading, no legend, no word.
    def shaded(fig):
        return [p for ax in fig.axes for p in ax.patches if isinstance(p, Rectangle)
                and p.get_facecolor()[:3] == pytest.approx(to_rgb(PARITY_COLOUR))]

    def legend(fig):
        return [t.get_text() for ax in fig.axes if ax.get_legend() for t in ax.get_legend().get_texts()]

    game = StaircaseNim()
    quiet, hinted = position_figure(game, (3, 0, 5), False), position_figure(game, (3, 0, 5), True)
    assert shaded(quiet) == [] and "odd stair" not in legend(quiet) and "odd" not in quiet.text_alternative()
    assert len(shaded(hinted)) == 2 and "odd stair" in legend(hinted)
    assert "odd" in view_of(game).hides


def test_the_graph_pictures_mark_the_winning_moves_and_hide_them_in_play():
    graph = DigraphGame([(0, 1), (0, 2), (1, 3), (2, 3), (2, 4), (1, 4), (3, 5), (4, 5)])
    fig = position_figure(graph, 0)
    assert fig.plotted["winning"] == graph.winning_moves(0) and fig.plotted["p_positions"] == graph.p_positions()
    assert "g(0) = " in fig.text_alternative()
    quiet = position_figure(graph, 0, False)
    assert quiet.plotted["values"] is None and quiet.plotted["winning"] == [] and "g(" not in quiet.text_alternative()
    kayles = NodeKayles.path(9)
    fig = position_figure(kayles, kayles.start)
    assert fig.plotted["marked"] == kayles.winning_picks(kayles.start) == [4]
    assert position_figure(kayles, kayles.start, False).plotted["marked"] == []


def _drawn_crossings(places, edges):
    """Pairs of edges whose drawn segments cross at a point that is no vertex, found by solving for the point
    where the two lines meet (p + t(q - p) = r + u(s - r), both t and u strictly inside 0..1): another method
    than the layout's orientation test, so the two cannot share a mistake."""
    import numpy as np

    count = 0
    for i, (a, b) in enumerate(edges):
        for c, d in edges[i + 1:]:
            if len({a, b, c, d}) < 4:
                continue
            p, q, r, s = (np.array(places[v], dtype=float) for v in (a, b, c, d))
            matrix = np.column_stack([q - p, r - s])
            if abs(np.linalg.det(matrix)) < 1e-12:
                continue  # parallel: straight edges of a drawing meet at no single point
            t, u = np.linalg.solve(matrix, r - p)
            count += 1e-9 < t < 1 - 1e-9 and 1e-9 < u < 1 - 1e-9
    return count


def test_a_small_kayles_graph_is_drawn_with_as_few_crossings_as_any_order_round_the_circle():
    import math
    import random
    from itertools import permutations

    from gamelib.plots.vertex_graphs import _kayles_places
    square_with_tail = NodeKayles([(0, 1), (1, 2), (2, 3), (3, 0), (2, 4), (4, 5)])  # lesson 9's graph
    assert _drawn_crossings(_kayles_places(square_with_tail), square_with_tail.edges) == 0

    def on_circle(order):
        return {v: (math.sin(2 * math.pi * i / len(order)), math.cos(2 * math.pi * i / len(order)))
                for i, v in enumerate(order)}

    rng = random.Random(9)
    for _ in range(25):
        n = rng.randint(4, 6)
        edges = sorted({tuple(sorted(rng.sample(range(n), 2))) for _ in range(rng.randint(n - 1, 2 * n))})
        game = NodeKayles(edges, vertices=range(n))
        if len(game.edges) == n - 1 and len(game.pieces(game.start)) == 1 \
                and max(len(game.neighbours[v]) for v in game.start) <= 2:
            continue  # a path: drawn in a row
        best = min(_drawn_crossings(on_circle((0, *rest)), game.edges) for rest in permutations(range(1, n)))
        assert _drawn_crossings(_kayles_places(game), game.edges) == best, edges


def test_a_position_with_many_winning_moves_names_a_few_and_counts_the_rest():
    # The Moore's Nim explorer listed all 40 winning moves of 7, 7, 7, 7 in one block of 1,600 characters.
    from gamelib import MooresNim
    from gamelib.limits import MAX_LISTED_MOVES
    from gamelib.widgets import play_game, position_explorer

    game = MooresNim(2)
    assert len(game.winning_moves((7, 7, 7, 7))) == 40
    status = position_explorer(game, "7, 7, 7, 7").status_text
    assert "40 winning moves, among them:" in status and "and 32 more." in status
    assert status.count(" from heap ") <= MAX_LISTED_MOVES * 2 and len(status) < 600
    panel = play_game(game, "7, 7, 7, 7")
    panel.hint_toggle.value = True
    assert "and 32 more" in panel.hint.value and len(panel.hint.value) < 700


@pytest.mark.parametrize(("game", "p_position", "n_position"), [
    (StaircaseNim(), (1, 4, 1, 3), (1, 4, 2, 3)),
    (DigraphGame([(0, 1), (1, 2), (0, 2), (2, 3)]), 1, 0),
    (NodeKayles([(0, 1), (1, 2), (2, 3), (3, 0)]), (0, 1, 2, 3), (0, 1, 2)),
], ids=["stairs", "digraph", "kayles"])
def test_the_legend_explains_winning_moves_only_where_some_are_marked(game, p_position, n_position):
    from matplotlib.text import Text

    def words(position):
        figure = position_figure(game, position)
        return " ".join(t.get_text() for t in figure.findobj(Text)), figure

    at_p, figure = words(p_position)
    assert game.outcome(p_position) == "P" and "winning" not in at_p, at_p
    assert "P-position" in figure.text_alternative()
    at_n, _ = words(n_position)
    assert game.outcome(n_position) == "N" and "winning" in at_n, at_n


def test_the_bow_tie_of_exercise_9_10_is_drawn_as_a_bow_tie_not_on_a_circle():
    import math

    from gamelib.exercises.lesson9 import BOW_TIE

    game = NodeKayles(BOW_TIE)
    places = position_figure(game, game.start).plotted["places"]
    middle = [sum(p[i] for p in places.values()) / len(places) for i in (0, 1)]
    radii = [math.dist(p, middle) for p in places.values()]
    assert max(radii) > 1.5 * min(radii)  # not every vertex on one circle
    assert _drawn_crossings(places, game.edges) == 0
    # The two triangles on either side of vertex 2, the tail 4 - 5 - 6 going away from them.
    assert places[0][0] < places[2][0] < places[5][0] < places[6][0] and places[1][0] < places[2][0]
    edge = [math.dist(places[u], places[v]) for u, v in game.edges]
    assert max(edge) < 1.6 * min(edge)  # edges of about one length


def test_the_digraph_explorer_draws_a_graph_with_a_cycle_and_marks_the_cycle_instead_of_vanishing():
    # Typing an arc back (5-0, as the lesson suggests) took the picture away and left its blank place behind.
    from gamelib.widgets import digraph_explorer

    w = digraph_explorer("0-1, 0-2, 1-3, 2-3, 2-4, 1-4, 3-5, 4-5", token=0)
    w.arcs_box.value = "0-1, 0-2, 1-3, 2-3, 2-4, 1-4, 3-5, 4-5, 5-0"
    assert bytes(w.image.value)[1:4] == b"PNG"
    assert "has a cycle, 0 → 1 → 3 → 5 → 0" in w.status_text and "drawn orange" in w.image.alt
    assert "⚠" in w.status.value  # still said as a problem with what was typed
    w.arcs_box.value = "0-1, 1-2"
    assert "g(0) = 0" in w.status_text and "⚠" not in w.status.value
    from gamelib.games.digraph import CycleError
    from gamelib.plots.vertex_graphs import cycle_figure

    with pytest.raises(CycleError) as refused:
        DigraphGame([(0, 1), (0, 2), (1, 3), (2, 3), (2, 4), (1, 4), (3, 5), (4, 5), (5, 0)])
    assert words_outside(cycle_figure(refused.value)) == []  # the title whole, every number on the page
