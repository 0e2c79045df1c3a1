"""Coin-turning games against OEIS and a brute force by the definition, and played through the one panel.

The brute force here knows nothing of gamelib: a position is a bit mask of heads-up coins, a move flips the
bits the rule allows (the rightmost one a heads coin), and a value is the mex of the followers' values.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamelib
from gamelib import LimitError, MockTurtles, RulerGame, TurningTurtles, labelled_moves
from gamelib.play import COMPUTER, STUDENT, PlaySession
from gamelib.widgets import play_game, position_explorer

from brute import mex

# OEIS A000069, the odious numbers (an odd number of 1s in binary), as the OEIS lists them (terms up to 158).
A000069 = [1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31, 32, 35, 37, 38, 41, 42, 44, 47, 49, 50, 52,
           55, 56, 59, 61, 62, 64, 67, 69, 70, 73, 74, 76, 79, 81, 82, 84, 87, 88, 91, 93, 94, 97, 98, 100, 103, 104,
           107, 109, 110, 112, 115, 117, 118, 121, 122, 124, 127, 128, 131, 133, 134, 137, 138, 140, 143, 145, 146,
           148, 151, 152, 155, 157, 158]
# OEIS A006519, the highest power of 2 dividing n, n = 1, 2, ... (the Ruler game's values).
A006519 = [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16, 1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 32]


def flips(rule: str, x: int, first: int) -> list[int]:
    """Bit masks of the coins turned together with coin x (below it), by the rule's own words."""
    below = list(range(first, x))
    if rule == "turning":  # one or two coins
        sets = [()] + [(y,) for y in below]
    elif rule == "mock":  # one, two or three coins
        sets = [()] + [(y,) for y in below] + list(combinations(below, 2))
    else:  # ruler: a run of consecutive coins ending at x
        sets = [tuple(range(x - k, x)) for k in range(x - first + 1)]
    return [sum(1 << y for y in chosen) for chosen in sets]


@cache
def brute_value(rule: str, mask: int, first: int) -> int:
    followers = [mask ^ (1 << x) ^ other for x in range(first, mask.bit_length()) if mask >> x & 1
                 for other in flips(rule, x, first)]
    return mex(brute_value(rule, f, first) for f in followers)


GAMES = [(TurningTurtles(), "turning", 1), (MockTurtles(), "mock", 0), (RulerGame(), "ruler", 1)]


def as_mask(heads) -> int:
    return sum(1 << c for c in heads)


def test_the_odious_list_is_what_oeis_says_it_is():
    # The transcription above, checked against the definition of an odious number.
    assert A000069 == [n for n in range(159) if bin(n).count("1") % 2 == 1]


def test_mock_turtles_single_coins_are_the_odious_numbers():
    assert [MockTurtles().grundy((n,)) for n in range(len(A000069))] == A000069
    assert [brute_value("mock", 1 << n, 0) for n in range(12)] == A000069[:12]


def test_ruler_game_single_coins_are_the_largest_power_of_2_dividing_n():
    assert [RulerGame().grundy((n,)) for n in range(1, len(A006519) + 1)] == A006519
    assert [brute_value("ruler", 1 << n, 1) for n in range(1, 13)] == A006519[:12]
    assert RulerGame().grundy((3 * 2**40,)) == 2**40


def test_turning_turtles_is_nim_with_a_heap_of_n_for_coin_n():
    assert [brute_value("turning", 1 << n, 1) for n in range(1, 13)] == list(range(1, 13))
    assert TurningTurtles().grundy((3, 5, 6)) == 3 ^ 5 ^ 6 == 0
    assert TurningTurtles().outcome((3, 5, 6)) == "P"


@pytest.mark.parametrize("game, rule, first", GAMES, ids=["turning", "mock", "ruler"])
def test_every_position_of_a_short_row_has_the_brute_force_value(game, rule, first):
    for size in range(0, 8):
        for heads in combinations(range(first, first + 8), size):
            assert game.grundy(heads) == brute_value(rule, as_mask(heads), first), heads
            assert game.outcome(heads) == ("P" if brute_value(rule, as_mask(heads), first) == 0 else "N")


@pytest.mark.parametrize("game, rule, first", GAMES, ids=["turning", "mock", "ruler"])
def test_the_moves_follow_the_rule_and_the_generic_engine_agrees(game, rule, first):
    heads = (first + 1, first + 3, first + 6)
    expected = sorted(tuple(c for c in range(first, 20) if (as_mask(heads) ^ (1 << x) ^ other) >> c & 1)
                      for x in heads for other in flips(rule, x, first))
    assert sorted(game.moves(heads)) == expected
    for move in labelled_moves(game, heads):
        turned = move.key
        assert turned[0] in heads and list(turned) == sorted(turned, reverse=True)  # rightmost first, heads up
        assert set(move.after) == set(heads) ^ set(turned)
    assert gamelib.grundy(game, heads) == game.grundy(heads)  # by the definition, through the engine


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(GAMES), st.lists(st.integers(0, 11), unique=True, max_size=6))
def test_a_position_is_the_sum_of_its_heads_up_coins(entry, coins):
    game, rule, first = entry
    heads = tuple(sorted(c for c in coins if c >= first))
    value = 0
    for c in heads:
        value ^= brute_value(rule, 1 << c, first)  # Sprague-Grundy: the nim-sum of the single coins
    assert brute_value(rule, as_mask(heads), first) == value == game.grundy(heads)


def test_positions_are_checked_and_named():
    game = TurningTurtles()
    assert game.check_position([6, 1, 4]) == (1, 4, 6)
    with pytest.raises(ValueError, match="names a coin twice"):
        game.check_position((4, 4))
    with pytest.raises(ValueError, match="at least 1"):
        game.check_position((0, 3))  # Turning Turtles numbers its coins from 1
    assert MockTurtles().check_position((0, 3)) == (0, 3)
    with pytest.raises(TypeError):
        game.check_position("1, 4")
    assert game.read_position("{6, 1, 4}") == (1, 4, 6)
    with pytest.raises(LimitError, match="31 is more than 30"):
        game.read_position("1, 31")
    assert game.position_text(()) == "all tails" and game.position_text((1, 4)) == "heads up: 1, 4"
    with pytest.raises(LimitError, match="moves"):
        MockTurtles().moves((10**4,))


def test_the_computer_never_loses_from_an_n_position_and_a_student_playing_the_values_wins():
    def all_lines(session, seen):
        if session.over:
            seen.append(session.winner)
            return
        for key in session.legal_keys():
            session.play(key)
            all_lines(session, seen)
            session.undo()

    for game, start in [(TurningTurtles(), (2, 3, 5)), (MockTurtles(), (1, 3)), (RulerGame(), (2, 3, 4))]:
        assert game.outcome(start) == "N"
        winners: list = []
        all_lines(PlaySession(game, start, starter=COMPUTER), winners)
        assert winners and set(winners) == {COMPUTER}
        session = PlaySession(game, start)
        while not session.over:
            session.play(session.winning_keys()[0] if session.winning_keys() else session.legal_keys()[0])
        assert session.winner == STUDENT and session.first_mistake() is None


def test_a_coin_row_is_played_on_the_board_by_choosing_coins():
    w = play_game(MockTurtles(), (1, 3), vocabulary="grundy")
    assert w.board.columns == 4 and [sq["name"] for sq in w.board.squares] == [
        "coin 0: tails", "coin 1: heads", "coin 2: tails", "coin 3: heads"]
    w.hint_toggle.value = True
    wins = [m.words() for m in PlaySession(MockTurtles(), (1, 3)).winning_moves()]
    assert wins and f"Winning move{'s' if len(wins) > 1 else ''} (marked on the board): {wins[0]}" in w.hint.value
    assert any(sq["marked"] for sq in w.board.squares)
    w.values_toggle.value = True
    assert "g = g(1) ⊕ g(3) = 2 ⊕ 7 = 5" in w.values.value
    assert not w.play_chosen() and "Choose coins on the board first" in w.status_text
    w.board.choose(2)  # coin 2 alone is tails: not a move
    assert "chosen" in w.board.squares[2]["name"] and w.board.squares[2]["chosen"]
    assert not w.play_chosen() and "coin 2 shows tails" in w.status_text and w.history == []
    w.board.choose(2)  # chosen again: no longer chosen
    w.board.choose(3)
    w.board.choose(2)
    assert w.play_chosen() and w.history[0].key == (3, 2) and w.history[0].text == "turn coins 3 and 2"
    assert w.board.columns == 4  # the row keeps its length as the game goes


def test_a_coin_position_in_the_explorer_marks_the_winning_move_on_its_picture():
    w = position_explorer(RulerGame(), "3, 4")
    assert w.status_text.startswith("Ruler game, heads up: 3, 4. g = g(3) ⊕ g(4) = 1 ⊕ 4 = 5: an N-position.")
    from gamelib.plots import position_figure

    figure = position_figure(RulerGame(), (3, 4))
    assert figure.plotted["outcome"] == "N" and figure.plotted["marked"]
    turned = set(figure.plotted["marked"])
    after = tuple(sorted({3, 4} ^ turned))
    assert RulerGame().grundy(after) == 0  # the framed coins are a winning move
