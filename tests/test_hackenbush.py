"""Green Hackenbush: the values by the fusion and colon principles against the definition (brute_hackenbush.py,
which shares no code with gamelib), worked examples computed by hand, and pictures far beyond a search."""

import random
from functools import reduce
from operator import xor

import brute_hackenbush as brute
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib import GreenHackenbush, LimitError, grundy
from gamelib.analysis.hackenbush import bridges, fuse_cycles, reduction_steps
from gamelib.analysis.hackenbush_layout import hackenbush_layout

from work import calls_made


def stalk(length, base=0, first=None):
    """A bamboo stalk of ``length`` edges on vertex ``base``, its new vertices numbered from ``first``."""
    first = base + 1 if first is None else first
    vertices = [base] + list(range(first, first + length))
    return list(zip(vertices, vertices[1:], strict=False))


# --- the brute force itself, on facts that need no computer ------------------------------------------------------


def test_the_brute_force_knows_the_smallest_pictures():
    assert brute.value([]) == 0
    assert brute.value([(0, 1)]) == 1  # one move, then nothing: *1
    assert brute.value([(0, 0)]) == 1  # a loop is chopped like an edge
    assert brute.value([(0, 1), (0, 1)]) == 0  # two edges side by side: the second player copies
    assert brute.value([(0, 1), (1, 2)]) == 2  # chops to nothing or to one edge: mex{0, 1}
    assert brute.value([(2, 3), (0, 1)]) == 1  # the edge (2, 3) does not touch the ground: it has fallen


@pytest.mark.parametrize("lengths", [(1,), (5,), (3, 5), (1, 2, 3), (2, 3, 6), (4, 5, 6)])
def test_bamboo_stalks_are_nim_heaps(lengths):
    edges, top = [], 0
    for n in lengths:
        edges += stalk(n, first=top + 1)
        top += n
    truth = reduce(xor, lengths)  # Bouton: a stalk of n edges is the Nim heap n (every shorter stalk is one chop away)
    assert brute.value(edges) == truth
    picture = GreenHackenbush(edges)
    assert picture.grundy(picture.start) == truth
    assert GreenHackenbush.bamboo(*lengths).grundy(GreenHackenbush.bamboo(*lengths).start) == truth


# --- worked examples, by hand (each also by the definition) ------------------------------------------------------

# Each example: the edges, the value worked out by hand with the colon and fusion principles, and how.
WORKED = [
    # A trunk with two twigs: the twigs are 1 ⊕ 1 = 0 at vertex 1, so the tree is the trunk alone.
    ([(0, 1), (1, 2), (1, 3)], 1),
    # A "Y" on a stalk: twigs cancel at vertex 2; the stalk (0, 1), (1, 2) is left: 2.
    ([(0, 1), (1, 2), (2, 3), (2, 4)], 2),
    # Branches of 1 and 2 at vertex 1 make a stalk of 1 ⊕ 2 = 3 there; with the trunk, 4.
    ([(0, 1), (1, 2), (1, 3), (3, 4)], 4),
    # Exercise 8.5's tree: at 4 a twig (1); at 2 branches 1 and 2 -> 3; at 1 branches 1 + 3 = 4 and the stalk 3:
    # 4 ⊕ 3 = 7; on the ground the trunk gives 1 + 7 = 8, and the Y at 9 gives 1 + (1 ⊕ 1) = 1: 8 ⊕ 1 = 9.
    ([(0, 1), (1, 2), (2, 3), (2, 4), (4, 5), (1, 6), (6, 7), (7, 8), (0, 9), (9, 10), (9, 11)], 9),
    # A triangle through the ground: its three vertices fuse into the ground, three loops: 1 ⊕ 1 ⊕ 1 = 1.
    ([(0, 1), (1, 2), (2, 0)], 1),
    # A square through the ground: four loops, 0.
    ([(0, 1), (1, 2), (2, 3), (3, 0)], 0),
    # A two-edge cycle on a stalk of 2: two loops at vertex 2 (0), so just the stalk: 2.
    ([(0, 1), (1, 2), (2, 3), (2, 3)], 2),
    # The house: walls (0, 1), (0, 2), ceiling (1, 2), roof (1, 3), (2, 3); every edge is on a cycle through the
    # ground, so five loops on the ground: 1.
    ([(0, 1), (0, 2), (1, 2), (1, 3), (2, 3)], 1),
    # Exercise 8.7: the triangle 1-2-3 fuses into vertex 1 with three loops (1), and the stalk 3-4-5 hangs from
    # it (2): 1 ⊕ 2 = 3 at vertex 1, 4 with the trunk; the triangle through the ground is 1: 4 ⊕ 1 = 5.
    ([(0, 1), (1, 2), (2, 3), (3, 1), (3, 4), (4, 5), (0, 6), (6, 7), (7, 0)], 5),
    # A loop on top of a stalk of 1 is a stalk of 2; a loop on the ground is a stalk of 1: 2 ⊕ 1 = 3.
    ([(0, 1), (1, 1), (0, 0)], 3),
]


@pytest.mark.parametrize(("edges", "by_hand"), WORKED, ids=[str(e) for e, _ in WORKED])
def test_worked_examples(edges, by_hand):
    assert brute.value(edges) == by_hand
    picture = GreenHackenbush(edges)
    assert picture.grundy(tuple(edges)) == by_hand
    assert picture.outcome(picture.start) == ("P" if by_hand == 0 else "N")
    assert grundy(picture, picture.start) == by_hand  # the generic engine, over the model's own moves


def test_winning_chops_of_exercise_8_6_by_hand():
    # On the ground 8 ⊕ 1 = 9: the trunk's branch must become 1, so vertex 1 must be worth 0: 3 ⊕ (1 + g(2)) = 0
    # needs g(2) = 2, and vertex 2 (twig 1, stalk 2) becomes 2 by chopping the twig (2, 3). Nothing else works.
    tree = [(0, 1), (1, 2), (2, 3), (2, 4), (4, 5), (1, 6), (6, 7), (7, 8), (0, 9), (9, 10), (9, 11)]
    assert brute.winning_chops(tree) == {(2, 3)}
    assert GreenHackenbush(tree).winning_chops(tuple(tree)) == [(2, 3)]


# --- every theorem the lesson states, on random small rooted graphs ----------------------------------------------


@st.composite
def rooted_graphs(draw, max_edges=8):
    """A picture of up to ``max_edges`` edges, every edge joined to the ground: a random tree grown from the
    ground, then extra edges between its vertices (loops and repeated edges included)."""
    vertices = draw(st.integers(1, 6))
    edges = [(draw(st.integers(0, v - 1)), v) for v in range(1, vertices)]
    extra = draw(st.lists(st.tuples(st.integers(0, vertices - 1), st.integers(0, vertices - 1)),
                          max_size=max_edges - len(edges)))
    edges += extra
    if draw(st.booleans()):  # either way round, in any order
        edges = [(v, u) for u, v in edges]
    return draw(st.permutations(edges))


@settings(max_examples=300, deadline=None)
@given(rooted_graphs())
def test_the_principles_give_the_value_of_the_definition(edges):
    picture = GreenHackenbush(edges)
    assert picture.grundy(tuple(edges)) == brute.value(edges)


@settings(max_examples=150, deadline=None)
@given(rooted_graphs())
def test_moves_and_winning_chops_are_those_of_the_definition(edges):
    picture = GreenHackenbush(edges)
    assert {brute.canonical(m) for m in picture.moves(picture.start)} == brute.chops(edges)
    assert {brute.canonical([e])[0] for e in picture.winning_chops(picture.start)} == brute.winning_chops(edges)
    assert {brute.canonical(m) for m in picture.winning_moves(picture.start)} == {
        after for after in brute.chops(edges) if brute.value(after) == 0}


@settings(max_examples=150, deadline=None)
@given(rooted_graphs())
def test_every_step_to_the_stalk_keeps_the_value(edges):
    """Fusion and the colon principle change the picture, never its value; the last picture is one stalk."""
    truth = brute.value(edges)
    steps = reduction_steps(edges)
    assert [brute.value(step.edges) for step in steps] == [truth] * len(steps)
    last = brute.canonical(steps[-1].edges)
    assert len(last) == truth
    assert GreenHackenbush(last).grundy(last) == truth and all(bridges(last))
    degrees = [sum(v in edge for edge in last) for v in {v for edge in last for v in edge}]
    assert sorted(degrees) == ([1, 1] + [2] * (truth - 1) if truth else [])  # a path, one end on the ground
    assert steps[-1].note.endswith(f"the picture is worth {truth}")


@settings(max_examples=150, deadline=None)
@given(rooted_graphs())
def test_fusion_leaves_only_bridges_and_loops_and_keeps_the_value(edges):
    fused = fuse_cycles(edges)
    assert len(fused) == len(edges)
    assert brute.value(fused) == brute.value(edges)
    marks = bridges(fused)
    assert all(bridge or u == v for (u, v), bridge in zip(fused, marks, strict=True))


@settings(max_examples=100, deadline=None)
@given(rooted_graphs(), st.randoms(use_true_random=False))
def test_a_position_is_read_whatever_its_order_and_spelling(edges, rnd):
    picture = GreenHackenbush(edges)
    shuffled = [(v, u) if rnd.random() < 0.5 else (u, v) for u, v in edges]
    rnd.shuffle(shuffled)
    assert picture.check_position(shuffled) == picture.start
    for after in picture.moves(shuffled):
        assert picture.check_position(list(reversed(after))) == after  # followers are already canonical


# --- pictures far beyond a search ---------------------------------------------------------------------------------


@pytest.mark.slow
def test_large_pictures_from_what_is_known_of_them():
    rng = random.Random(8)
    lengths = [rng.randrange(1, 60) for _ in range(1000)]
    edges, top = [], 0
    for n in lengths:
        edges += stalk(n, first=top + 1)
        top += n
    assert GreenHackenbush(edges).grundy(edges) == reduce(xor, lengths)  # Nim heaps
    for n in (9_999, 10_000):  # a cycle through the ground fuses into n loops on it: n mod 2
        ring = [(i, i + 1) for i in range(n - 1)] + [(n - 1, 0)]
        assert GreenHackenbush(ring).grundy(ring) == n % 2
    broom = [(0, 1)] + [(1, k) for k in range(2, 5_002)]  # 5,000 twigs cancel in pairs at vertex 1
    assert GreenHackenbush(broom).grundy(broom) == 1
    long = stalk(20_000)
    assert GreenHackenbush(long).grundy(long) == 20_000


@pytest.mark.slow
def test_a_picture_is_valued_in_work_linear_in_its_edges():
    """A random picture of 100,000 edges (80,000 of a tree, 20,000 closing cycles) takes the same work per edge
    as one of 10,000: about 15 calls an edge for the whole picture, 32 for the same edges typed as a list
    (each is counted and found in the picture). A quadratic step would multiply it by ten. (Its speed, under a
    second on the 2-core machine, is a figure in ``make bench``, section hackenbush.)"""
    per_edge: dict[str, list[float]] = {"start": [], "typed": []}
    for size in (10_000, 100_000):
        picture = GreenHackenbush(random_picture(size))
        for way, position in (("start", picture.start), ("typed", list(picture.start))):
            calls, value = calls_made(picture.grundy, position)
            per_edge[way].append(calls / size)
        assert value == picture.grundy(picture.start)
    for way, (small, large) in per_edge.items():
        assert large <= 60 and large <= 1.2 * small, (way, per_edge)


def test_the_whole_picture_is_checked_as_strictly_as_any_position():
    """The start is recognised without counting its edges, but only spelled exactly as the game keeps it: the
    same edges with a bool, a float or a list for an edge go the long way, which refuses or reads them."""
    picture = GreenHackenbush([(0, 1), (1, 2), (2, 0), (2, 3), (3, 4)])  # a triangle's 3 loops, a stalk of 2
    assert picture.grundy(picture.start) == picture.grundy(list(picture.start)) == 1 ^ 2
    assert picture.grundy(tuple(picture.start)) == 3
    with pytest.raises(TypeError, match="whole number"):
        picture.grundy(((0, True), (1, 2), (2, 0), (2, 3), (3, 4)))
    with pytest.raises(TypeError, match="whole number"):
        picture.grundy(((0, 1.0), (1, 2), (2, 0), (2, 3), (3, 4)))
    assert picture.check_position(([0, 1], (1, 2), (2, 0), (2, 3), (3, 4))) == picture.start


def random_picture(size, seed=1):
    """``size`` edges: four fifths a random tree on the ground, the rest random edges between its vertices."""
    rng = random.Random(seed)
    tree = size * 4 // 5
    return [(rng.randrange(v), v) for v in range(1, tree + 1)] + [
        (rng.randrange(tree + 1), rng.randrange(tree + 1)) for _ in range(size - tree)]


# --- layout -------------------------------------------------------------------------------------------------------


@settings(max_examples=100, deadline=None)
@given(rooted_graphs())
def test_the_layout_places_every_vertex_once_and_every_edge_at_its_ends(edges):
    layout = GreenHackenbush(edges).layout(edges)
    canonical_edges = GreenHackenbush(edges).check_position(edges)
    vertices = {v for edge in canonical_edges for v in edge} - {0}
    assert set(layout.points) == vertices
    assert len(set(layout.points.values())) == len(vertices)  # no two vertices drawn at one point
    assert len(layout.ends) == len(layout.bends) == len(canonical_edges)
    for (u, v), (a, b), bend in zip(canonical_edges, layout.ends, layout.bends, strict=True):
        for vertex, point in ((u, a), (v, b)):
            if vertex:
                assert point == layout.points[vertex]
            else:
                assert point[1] == 0.0  # the ground is the line y = 0
        if u == v:
            assert bend >= 1 and a == b  # a loop: drawn at its vertex, the k-th one k sizes out
    for x, y in layout.points.values():
        assert y >= 1 and 0 <= x <= layout.width and y <= layout.height
    feet = [end for (u, v), ends in zip(canonical_edges, layout.ends, strict=True) if u != v and 0 in (u, v)
            for end in ends if end[1] == 0.0]
    assert len(set(feet)) == len(feet)  # edges on the ground each have a foot of their own


def test_a_tree_is_drawn_at_its_depths_with_repeated_edges_bowed_apart():
    layout = hackenbush_layout([(0, 1), (1, 2), (1, 2), (2, 2)])
    assert layout.points == {1: (0.5, 1.0), 2: (0.5, 2.0)}
    assert layout.bends == (0, 1, -1, 1)  # the two copies of (1, 2) bow to either side; one loop at 2


# --- hostile input -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("edges", "error", "words"), [
    ([(0, 1), (2, 3)], ValueError, "(2, 3) of the picture is not joined to the ground"),
    ([(0, -1)], ValueError, "at least 0"),
    ([(0, 1, 2)], TypeError, "pair (u, v)"),
    ([0, 1], TypeError, "pair (u, v)"),
    ([(0, "1")], TypeError, "whole number"),
    ([(True, 1)], TypeError, "whole number"),
    ([(0, 1.0)], TypeError, "whole number"),
    ("0-one", ValueError, "is not an edge"),
    (5, TypeError, "collection"),
])
def test_bad_pictures_are_refused_with_what_is_expected(edges, error, words):
    with pytest.raises(error, match=None) as caught:
        GreenHackenbush(edges)
    assert words in str(caught.value)


@pytest.mark.parametrize(("position", "words"), [
    ([(0, 1), (0, 1)], "appears 2 times in the position but only 1 times"),
    ([(0, 5)], "not at all in the picture"),
    ([(1, 2)], "not joined to the ground"),
    ([(0, 1)] * 5, "more edges than the picture"),
])
def test_bad_positions_are_refused_with_the_reason(position, words):
    picture = GreenHackenbush([(0, 1), (1, 2), (0, 3)])
    with pytest.raises(ValueError) as caught:
        picture.grundy(position)
    assert words in str(caught.value)


def test_chop_refuses_an_edge_that_is_not_standing():
    picture = GreenHackenbush([(0, 1), (1, 2)])
    assert picture.chop(picture.start, (2, 1)) == ((0, 1),)
    with pytest.raises(ValueError, match="not an edge of the position"):
        picture.chop(((0, 1),), (1, 2))


@pytest.mark.slow
def test_limits_refuse_what_is_too_large_and_say_the_limit():
    with pytest.raises(LimitError, match="100,000"):
        GreenHackenbush(stalk(100_001))
    with pytest.raises(LimitError, match="100,000"):
        GreenHackenbush.bamboo(60_000, 60_000)
    big = GreenHackenbush(stalk(5000))
    assert big.grundy(big.start) == 5000  # the value has no such limit
    with pytest.raises(LimitError, match="grundy"):
        big.moves(big.start)  # listing 5,000 pictures of up to 5,000 edges: refused, the value is not
    with pytest.raises(LimitError, match="grundy"):
        big.reduction_steps(big.start)
    assert len(GreenHackenbush(stalk(900)).winning_chops(tuple(stalk(900)))) == 1  # within the limit: answered
    with pytest.raises(LimitError):
        GreenHackenbush(range(10**9))


@settings(max_examples=100, deadline=None)
@given(rooted_graphs())
def test_standing_names_the_edges_of_each_follower_in_the_picture(edges):
    picture = GreenHackenbush(edges)
    for after in picture.moves(picture.start):
        indices = picture.standing(after)
        assert indices == sorted(set(indices))
        assert brute.canonical(picture.edges[i] for i in indices) == brute.canonical(after)
