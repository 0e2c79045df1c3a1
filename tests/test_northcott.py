"""Northcott's game (gamelib/games/northcott.py): its moves against the rules written out again here, its value
(the nim-sum of the gaps) and remoteness against a brute force and the generic engine, typed positions, and the
game played through the explorer and the play panel. It is the worked example of docs/guides/contributing.md:
the game, these tests and one registration are all it took."""

from __future__ import annotations

from functools import cache, reduce
from itertools import product
from operator import xor

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib import LimitError, NorthcottsGame, grundy, labelled_moves, remoteness
from gamelib.play import PlaySession
from gamelib.plots import position_figure
from gamelib.widgets import play_game, position_explorer

# A request too large to answer, refused at once (tests/test_refusals.py runs them).
TOO_LARGE_REQUESTS = {"NorthcottsGame": ["NorthcottsGame().moves(((1, 10**7),))",
                                         "PlaySession(NorthcottsGame(), ((1, 10**7),))",
                                         "NorthcottsGame().remoteness(((1, 40),) * 60)"]}


def brute_moves(position: tuple) -> set[tuple]:
    """The rules, written out again: in one row, one checker steps 1, 2, ... squares toward the other, and stops
    before reaching it."""
    found = set()
    for i, (white, black) in enumerate(position):
        for mover in (0, 1):
            row = [white, black]
            toward = 1 if row[1 - mover] > row[mover] else -1
            row[mover] += toward
            while row[mover] != row[1 - mover]:
                found.add(position[:i] + (tuple(row),) + position[i + 1:])
                row[mover] += toward
    return found


@cache
def brute_grundy(position: tuple) -> int:
    """The definition: the mex of the followers' values."""
    values = {brute_grundy(after) for after in brute_moves(position)}
    return next(v for v in range(len(values) + 1) if v not in values)


@cache
def brute_remoteness(position: tuple) -> int:
    """Smith's remoteness by its definition: 0 with no move; from a P-position, the longest way to lose; from an
    N-position, the shortest way to a P-position."""
    followers = [brute_remoteness(after) for after in brute_moves(position)]
    if not followers:
        return 0
    winning = [r for r in followers if r % 2 == 0]
    return 1 + (min(winning) if winning else max(followers))


def boards(rows: int, width: int):
    """Every position of ``rows`` rows on a board ``width`` wide."""
    pairs = [(w, b) for w in range(1, width + 1) for b in range(1, width + 1) if w != b]
    return product(pairs, repeat=rows)


# ------------------------------------------------------------------------------------------- the rules
def test_the_moves_are_the_slides_of_the_rules():
    game = NorthcottsGame()
    for position in [*boards(1, 6), *boards(2, 4)]:
        assert set(game.moves(position)) == brute_moves(position), position
        assert len(game.moves(position)) == 2 * sum(abs(w - b) - 1 for w, b in position)


def test_the_value_is_the_nim_sum_of_the_gaps_by_brute_force_and_by_the_engine():
    game = NorthcottsGame()
    checked = 0
    for position in [*boards(1, 7), *boards(2, 5), *boards(3, 4)]:
        gaps = [abs(w - b) - 1 for w, b in position]
        value = brute_grundy(position)
        assert value == reduce(xor, gaps, 0) == game.grundy(position), position
        checked += 1
    assert checked == 42 + 400 + 1728
    for position in [((1, 5), (3, 2)), ((2, 7), (6, 1), (4, 5))]:
        assert grundy(game, position) == game.grundy(position)  # the engine, from the moves alone


def test_the_remoteness_is_nims_on_the_gaps():
    game = NorthcottsGame()
    for position in [*boards(1, 7), *boards(2, 5)]:
        assert game.remoteness(position) == brute_remoteness(position) == remoteness(game, position), position


def test_worked_examples():
    game = NorthcottsGame()
    assert game.gaps(((1, 5), (3, 2))) == (3, 0) and game.outcome(((1, 5), (3, 2))) == "N"
    assert game.outcome(((1, 4), (7, 4))) == "P"  # gaps 2 and 2: equal heaps, a P-position as in Nim
    # the winning moves close row 1's gap entirely, from either side
    assert game.winning_moves(((1, 5), (3, 2))) == [((4, 5), (3, 2)), ((1, 2), (3, 2))]
    assert game.value_text(((1, 5), (3, 2))) == "gaps 3 ⊕ 0 = 3"


@given(st.lists(st.tuples(st.integers(1, 9), st.integers(1, 9)).filter(lambda r: r[0] != r[1]), min_size=1,
                max_size=4))
def test_p_positions_move_only_to_n_positions_and_n_positions_reach_a_p_position(rows):
    game, position = NorthcottsGame(), tuple(rows)
    outcomes = [game.outcome(after) for after in game.moves(position)]
    if game.outcome(position) == "P":
        assert "P" not in outcomes
    else:
        assert "P" in outcomes


@given(st.lists(st.tuples(st.integers(1, 10), st.integers(1, 10)).filter(lambda r: r[0] != r[1]), min_size=1,
                max_size=6))
def test_a_position_written_as_typed_reads_back_the_same(rows):
    game = NorthcottsGame()
    text = game.typed_position(tuple(rows))
    assert game.read_position(text) == tuple(rows)


# ------------------------------------------------------------------------------------------- hostile input
@pytest.mark.parametrize(("given_", "error", "words"), [
    ("1-5, 3", ValueError, "'3' is not a row; type each row as white's column, a dash, black's column"),
    ("1-5,, 3-2", ValueError, "has an empty row"),
    ("2-2", ValueError, "row 1 has both checkers in column 2"),
    ("1-11", LimitError, "has a checker in column 11: rows: at most 6 rows, each with two checkers in columns "
                         "from 1 to 10"),
    ("0-3", ValueError, "a column of row 1 must be at least 1"),
    (", ".join(["1-2"] * 7), LimitError, "has 7 rows"),
    (12, TypeError, "the rows must be given as text"),
])
def test_a_bad_typed_position_is_refused_naming_it(given_, error, words):
    with pytest.raises(error, match=words.replace("(", r"\(").replace(")", r"\)")):
        NorthcottsGame().read_position(given_)


@pytest.mark.parametrize("position", [5, "((1, 2),)", ((1, 2, 3),), ((1.0, 2),), ((True, 2),)])
def test_a_bad_position_from_python_is_refused_naming_it(position):
    with pytest.raises(TypeError):
        NorthcottsGame().check_position(position)


# ------------------------------------------------------------------------------------------- panels
def test_the_explorer_and_the_picture_say_what_they_show():
    w = position_explorer(NorthcottsGame(), "1-5, 3-2")
    assert w.status_text == ("Northcott's game, rows 1-5, 3-2. gaps 3 ⊕ 0 = 3: an N-position. Winning moves: "
                             "slide the white checker of row 1 from column 1 to 4; slide the black checker of row 1 "
                             "from column 5 to 2.")
    figure = position_figure(NorthcottsGame(), ((1, 5), (3, 2)))
    # the two squares of one move are one winning move together, never "each a winning move"
    assert figure.alt == "Marked: row 1, column 1 and row 1, column 4, a winning move."
    assert figure.plotted["marked"] == [(1, 1), (1, 4)]


def test_a_game_played_on_the_board_with_the_hint_is_won():
    w = play_game(NorthcottsGame(), "1-5, 3-2, 6-4")
    assert w.start_box.value == "1-5, 3-2, 6-4" and len(w.board.squares) == 3 * 6
    w.hint_toggle.value = True
    while not w.session.over:
        marked = [i for i, square in enumerate(w.board.squares) if square["marked"]]
        assert len(marked) == 2 and all("part of a winning move" in w.board.squares[i]["name"] for i in marked)
        for i in reversed(marked):  # the square it slides to first, then the checker: either order is one move
            w.choose(i)
        assert w.play_chosen(), w.status_text
    assert w.session.winner == "student" and "You won!" in w.report.value
    assert w.status_text.startswith("You slid the ") and w.status_text.endswith("Game over: you won!")


def test_a_move_that_jumps_is_refused_in_words():
    w = play_game(NorthcottsGame(), ((1, 5),))
    assert not w.move((1, 1), (1, 6))
    assert w.status_text.startswith("((1, 1), (1, 6)) is not a move: choose a checker and an empty square between it "
                                    "and the other checker of its row (row 1's checkers are in columns 1 and 5)")


def test_the_computer_answers_with_a_slide_in_the_past_tense():
    session = PlaySession(NorthcottsGame(), ((1, 5), (1, 3)))  # gaps 3 and 1: the student's winning move is 3 -> 1
    move = next(m for m in labelled_moves(session.game, session.position) if session.game.grundy(m.after) == 0)
    played = session.play(move.key)
    assert played[0].move.words("past").startswith("slid the ")
    assert played[1].player == "computer" and played[1].move.words("past").startswith("slid the ")
