"""Green Hackenbush through the game protocol: its moves in words, pictures typed as text, its figure (the
winning chops it marks are the brute force's), played through the one play panel and explored by the one
explorer. The brute force (brute_hackenbush.py) knows nothing of gamelib."""

from __future__ import annotations

import brute_hackenbush as brute
import pytest

from gamelib import GreenHackenbush, LimitError, labelled_moves
from gamelib.games.hackenbush import PICTURE_LIMIT
from gamelib.plots import hackenbush_figure, position_figure
from gamelib.widgets import hackenbush_explorer, play_game, position_explorer

TREE = [(0, 1), (1, 2), (1, 3), (3, 4)]  # the docstring's tree: 1 ⊕ 2 = 3 at vertex 1, a stalk of 4 with the trunk
PICTURES = [
    TREE,
    [(0, 1), (1, 2), (2, 0), (2, 3)],                    # a triangle on the ground with a twig
    [(0, 1), (1, 2), (2, 1), (1, 1), (0, 0), (0, 3)],    # repeated edges and loops, at the ground too
    [(0, 1), (0, 2), (1, 2), (1, 3), (2, 3), (0, 4)],    # the house beside an edge (exercise 8.8)
    [(0, 1), (1, 2), (2, 3), (0, 4), (4, 5)],            # stalks of 3 and 2
]


def key(edge):
    u, v = edge
    return (min(u, v), max(u, v))


@pytest.mark.parametrize("edges", PICTURES, ids=range(len(PICTURES)))
def test_labelled_moves_are_the_chops_of_the_definition(edges):
    game = GreenHackenbush(edges)
    moves = labelled_moves(game, game.start)
    assert {brute.canonical(m.after) for m in moves} == brute.chops(edges)
    assert [m.key for m in moves] == list(dict.fromkeys(key(e) for e in edges))  # one per edge, picture's order
    for move in moves:
        assert move.after == game.chop(game.start, move.key)
        assert move.verb.do == "chop" and move.label.startswith("chop ")
        u, v = move.key
        assert move.words() == (f"chop the loop at vertex {u}" if u == v else f"chop edge ({u}, {v})")


@pytest.mark.parametrize("edges", PICTURES, ids=range(len(PICTURES)))
def test_the_figure_marks_exactly_the_winning_chops_and_says_so(edges):
    game = GreenHackenbush(edges)
    fig = position_figure(game, game.start)  # through the figure kind the game names
    assert fig.plotted["value"] == brute.value(edges)
    assert {key(e) for e in fig.plotted["marked"]} == {key(e) for e in brute.winning_chops(edges)}
    assert fig.plotted["outcome"] == ("P" if brute.value(edges) == 0 else "N")
    words = fig.text_alternative()
    assert f"g = {brute.value(edges)}" in words and game.position_text(game.start) in words
    for u, v in fig.plotted["marked"]:
        assert (f"edge ({u}, {v})" if u != v else f"loop at vertex {u}") in words


def test_a_game_in_progress_keeps_the_picture_in_place_and_greys_what_fell():
    game = GreenHackenbush(TREE)
    after = game.chop(game.start, (1, 3))  # (3, 4) falls with it
    fig = hackenbush_figure(game, after, show_winning_moves=False)
    assert fig.plotted["standing"] == [(0, 1), (1, 2)] and fig.plotted["fallen"] == [(1, 3), (3, 4)]
    assert fig.plotted["value"] is None and fig.plotted["marked"] == []  # nothing that gives the game away
    assert "g =" not in fig.text_alternative() and "2 edges of the picture have fallen" in fig.text_alternative()
    whole = hackenbush_figure(game, game.start, show_winning_moves=False)
    assert fig.get_size_inches().tolist() == whole.get_size_inches().tolist()


def test_the_figure_refuses_what_it_cannot_draw():
    with pytest.raises(TypeError, match="GreenHackenbush"):
        hackenbush_figure("0-1", ((0, 1),))
    with pytest.raises(LimitError, match="at most 60"):
        position_figure(GreenHackenbush.bamboo(61), GreenHackenbush.bamboo(61).start)
    with pytest.raises(ValueError, match="not an edge of the picture|not at all"):
        position_figure(GreenHackenbush(TREE), ((0, 5),))


@pytest.mark.parametrize(("text", "edges"), [
    ("0-1, 1-2, 1-3", ((0, 1), (1, 2), (1, 3))),
    ("(0, 1), (2, 1)", ((0, 1), (2, 1))),
    ("[(0,1) (1,1)]", ((0, 1), (1, 1))),
    ("0 - 1; 1\u20132", ((0, 1), (1, 2))),
])
def test_pictures_are_typed_as_pairs(text, edges):
    assert PICTURE_LIMIT.read_edges(text) == edges
    assert GreenHackenbush.from_text(text).edges == edges


@pytest.mark.parametrize(("text", "error", "words"), [
    ("0-1, 1-x", ValueError, "'1-x' is not an edge"),
    ("0-1, 1.5-2", ValueError, "'1.5-2' is not an edge"),
    ("0--1", ValueError, "is not an edge"),
    ("", ValueError, "has no edge"),
    ("0-1, 1-41", LimitError, "vertex 41 is out of range"),
    (", ".join(f"0-{i}" for i in range(1, 26)), LimitError, "more than 24 edges"),
    ("0-1, 2-3", ValueError, "edge 2-3 of the picture is not joined to the ground"),
    ("x" * 3000, LimitError, "3,000 characters"),
    (["0-1"], TypeError, "must be given as text"),
])
def test_a_typed_picture_that_cannot_be_read_is_refused_with_the_reason(text, error, words):
    with pytest.raises(error) as caught:
        GreenHackenbush.from_text(text)
    assert words in str(caught.value)


def test_a_typed_position_is_a_part_of_the_picture_and_a_picture_is_not_a_number():
    game = GreenHackenbush(TREE)
    assert game.read_position("3-1, 0-1") == ((0, 1), (1, 3))
    with pytest.raises(ValueError, match="not at all in the picture"):
        game.read_position("0-1, 1-5")
    with pytest.raises(TypeError, match="read_edges"):
        PICTURE_LIMIT.read("0-1")


def test_a_whole_game_is_played_through_the_one_panel():
    panel = play_game(GreenHackenbush(TREE + [(0, 5), (5, 6)]))  # a stalk of 4 and one of 2: 4 ⊕ 2 = 6
    assert "Your turn: edges (0, 1), (1, 2), (1, 3), (3, 4), (0, 5), (5, 6)." in panel.status_text
    assert panel.image.value and "Green Hackenbush" in panel.image.alt
    panel.hint_toggle.value = True
    # The tree must go from 4 to 2: chopping (1, 3) leaves the trunk and (1, 2), a stalk of 2 beside the stalk of 2.
    assert "Winning move: chop edge (1, 3)" in panel.hint.value
    panel.buttons[(1, 3)].click()
    assert panel.history[0].text == "chop edge (1, 3)" and len(panel.history) == 2  # the computer answered
    assert panel.session.game.outcome(panel.history[0].after) == "P"
    while not panel.session.over:
        wins = panel.session.winning_keys()
        panel.buttons[wins[0]].click()
    assert panel.session.winner == "student"
    assert "You won! No mistakes" in panel.report.value


def test_position_explorer_shows_a_picture_and_the_build_explorer_reads_typed_ones():
    game = GreenHackenbush(TREE)
    shown = position_explorer(game, game.start)
    assert shown.status_text.endswith("g = 4: an N-position. Winning move: chop edge (0, 1).")
    panel = hackenbush_explorer("0-1, 0-2, 2-3")
    assert "g = 3: an N-position. Winning move: chop edge (2, 3)." in panel.status_text
    panel.picture_box.value = "0-1, 1-2, 2-0"  # a triangle on the ground: three loops, 1 ⊕ 1 ⊕ 1
    assert "g = 1" in panel.status_text and panel.image.alt == panel.status_text
    panel.picture_box.value = "0-1, 2-3"
    assert "not joined to the ground" in panel.status_text and panel.image.value == b""
    panel.picture_box.value = "0-1, 1-2"
    assert "g = 2" in panel.status_text and panel.image.value
    with pytest.raises(ValueError, match="is not an edge"):
        hackenbush_explorer("0-1, one-two")
    assert hackenbush_explorer(TREE).picture_box.value == "(0, 1), (1, 2), (1, 3), (3, 4)"


@pytest.mark.parametrize("edges", PICTURES, ids=range(len(PICTURES)))
def test_each_standing_edge_is_drawn_where_a_click_chops_it(edges):
    """The spots a click is matched against lie on the edges as drawn: at each spot's middle point the PNG
    shows an edge's colour (green standing, blue winning), not the white background."""
    import io

    from PIL import Image

    from gamelib.plots import figure_to_png

    game = GreenHackenbush(edges)
    position = game.chop(game.start, key(edges[-1])) if len(edges) > 4 else game.start  # a fallen edge too
    for hinted in (False, True):
        fig = position_figure(game, position, hinted)
        spots = fig.plotted["spots"]
        assert sorted(k for k, _ in spots) == sorted(key(e) for e in position)  # every standing edge, no fallen one
        picture = Image.open(io.BytesIO(figure_to_png(fig, dpi=100))).convert("RGB")
        width, height = picture.size
        for _, (_, (x, y), _) in spots:
            red, green, blue = picture.getpixel((min(width - 1, int(x * width)), min(height - 1, int(y * height))))
            # bluish green or blue (or the black cut across a winning chop), never the white background
            assert blue > red or (hinted and max(red, green, blue) < 60), (red, green, blue)


def test_a_click_on_an_edge_of_the_picture_chops_it_and_the_alt_says_so():
    w = play_game(GreenHackenbush(TREE))
    assert "Click an edge on the picture to chop it" in w.image.alt
    names = [spot["name"] for spot in w.image.spots]
    assert names == [w.buttons[k].description for k in w.buttons]  # the keyboard's buttons stay, the same moves
    w.image.choose(names.index("chop 1–2"))
    assert w.status_text.startswith("You chopped edge (1, 2)")
    assert all(spot["name"] != "chop 1–2" for spot in w.image.spots)  # a fallen edge can no longer be clicked
    w.image.choose(99)  # no such spot: nothing happens
    assert len(w.history) == 2
