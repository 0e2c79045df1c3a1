"""Wythoff's game, the rook game and Chomp against independent brute force and hand facts."""

import itertools
from decimal import Decimal, getcontext
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib import Chomp, DivisorGame, LimitError, RookGame, Wythoff
from gamelib.analysis import engine
from gamelib.games.chomp import divisors

from brute import mex

# ---------------------------------------------------------------- Wythoff


def wythoff_outcomes(limit):
    """'P'/'N' for every (a, b) with a, b < limit, by a plain table scan from the definition."""
    table = {}
    for a in range(limit):
        for b in range(limit):
            followers = [(t, b) for t in range(a)] + [(a, t) for t in range(b)] + \
                [(a - d, b - d) for d in range(1, min(a, b) + 1)]
            table[a, b] = "N" if any(table[f] == "P" for f in followers) else "P"
    return table


WYTHOFF_30 = wythoff_outcomes(30)


def test_wythoff_p_positions_match_brute_force():
    expected = sorted(p for p, label in WYTHOFF_30.items() if label == "P")
    assert Wythoff().p_positions(30) == expected
    assert Wythoff().p_positions(11) == [(0, 0), (1, 2), (2, 1), (3, 5), (4, 7), (5, 3), (6, 10), (7, 4), (10, 6)]


@given(st.integers(0, 30))
@settings(max_examples=31, deadline=None)
def test_wythoff_p_positions_for_any_small_limit(limit):
    expected = sorted(p for p, label in WYTHOFF_30.items() if label == "P" and max(p) < limit)
    assert Wythoff().p_positions(limit) == expected


def test_wythoff_outcome_and_winning_moves_match_brute_force():
    game = Wythoff()
    for (a, b), label in WYTHOFF_30.items():
        assert game.outcome((a, b)) == label, (a, b)
        if a + b < 25:
            expected = [m for m in game.moves((a, b)) if WYTHOFF_30[m] == "P"]
            assert sorted(game.winning_moves((a, b))) == sorted(expected)


def test_wythoff_moves():
    assert sorted(Wythoff().moves((1, 2))) == [(0, 1), (0, 2), (1, 0), (1, 1)]
    assert Wythoff().moves((0, 0)) == []
    assert len(Wythoff().moves((4, 7))) == 4 + 7 + 4


def test_wythoff_grundy_small_values():
    game = Wythoff()
    # P-positions have value 0, and (0, n) is a Nim heap of n
    for (a, b), label in WYTHOFF_30.items():
        if a < 6 and b < 6:
            assert (game.grundy((a, b)) == 0) == (label == "P")
    assert [game.grundy((0, n)) for n in range(6)] == list(range(6))
    assert game.grundy((1, 1)) == 2  # followers (0, 1), (1, 0), (0, 0) have values 1, 1, 0


def test_wythoff_outcome_for_huge_heaps_is_exact():
    getcontext().prec = 80
    phi = (1 + Decimal(5).sqrt()) / 2
    game = Wythoff()
    for k in (10**6, 10**12 + 3, 10**20 + 7):
        a = int(k * phi)  # floor, since k * phi is positive and not an integer
        assert game.outcome((a, a + k)) == "P"
        assert game.outcome((a + k, a)) == "P"
        assert game.outcome((a + 1, a + k)) == "N"
        assert game.outcome((a, a + k + 1)) == "N"


# ---------------------------------------------------------------- the rook game

def test_rook_game_is_two_heap_nim():
    rook = RookGame()
    for x, y in itertools.product(range(7), repeat=2):
        assert rook.grundy((x, y)) == x ^ y
        assert engine.grundy(rook, (x, y)) == x ^ y
        assert rook.outcome((x, y)) == ("P" if x == y else "N")
        expected = [m for m in rook.moves((x, y)) if m[0] == m[1]]
        assert rook.winning_moves((x, y)) == expected


def test_rook_moves_slide_left_or_down():
    assert sorted(RookGame().moves((2, 1))) == [(0, 1), (1, 1), (2, 0)]
    assert RookGame().moves((0, 0)) == []


# ---------------------------------------------------------------- Chomp, with a brute force on sets of squares

def board_squares(lengths):
    return frozenset((r, c) for r, length in enumerate(lengths) for c in range(length))


def lengths_of(squares, rows):
    return tuple(sum(1 for (r, _) in squares if r == row) for row in range(rows))


def bites(squares):
    """Every set of squares one bite away; the poisoned square (0, 0) is never bitten."""
    return [frozenset(s for s in squares if not (s[0] >= r and s[1] >= c)) for (r, c) in squares if (r, c) != (0, 0)]


@cache
def chomp_outcome(squares):
    return "N" if any(chomp_outcome(f) == "P" for f in bites(squares)) else "P"


@cache
def chomp_grundy(squares):
    return mex(chomp_grundy(f) for f in bites(squares))


def all_positions(rows, cols):
    """Every position: non-increasing row lengths, at most cols each, the top row non-empty."""
    return [p for p in itertools.product(range(cols + 1), repeat=rows)
            if p[0] >= 1 and all(x >= y for x, y in zip(p, p[1:], strict=False))]


@pytest.mark.parametrize("rows, cols", [(1, 1), (1, 6), (2, 5), (3, 5), (4, 4), (3, 3)])
def test_chomp_matches_brute_force_on_every_position(rows, cols):
    game = Chomp(rows, cols)
    assert game.start == (cols,) * rows
    for position in all_positions(rows, cols):
        squares = board_squares(position)
        assert sorted(game.moves(position)) == sorted(lengths_of(f, rows) for f in bites(squares))
        assert game.outcome(position) == chomp_outcome(squares), position
        expected = [lengths_of(f, rows) for f in bites(squares) if chomp_outcome(f) == "P"]
        assert sorted(game.winning_moves(position)) == sorted(expected), position


def test_chomp_grundy_matches_brute_force():
    game = Chomp(3, 4)
    for position in all_positions(3, 4):
        assert game.grundy(position) == chomp_grundy(board_squares(position))


def test_every_bar_but_the_poisoned_square_alone_is_a_first_player_win():
    # strategy stealing: the first player wins on every bar larger than 1 x 1
    for rows, cols in itertools.product(range(1, 6), repeat=2):
        game = Chomp(rows, cols)
        assert game.outcome(game.start) == ("P" if rows == cols == 1 else "N"), (rows, cols)


def test_known_winning_first_bites():
    for n in range(2, 7):
        assert Chomp(2, n).winning_moves((n, n)) == [(n, n - 1)]      # leave rows n, n - 1
        assert (n,) + (1,) * (n - 1) in Chomp(n, n).winning_moves((n,) * n)  # leave an L with equal arms
        assert Chomp(1, n).winning_moves((n,)) == [(1,)]             # leave the poison alone
    assert Chomp(2, 3).outcome((1, 0)) == "P"
    assert Chomp(3, 5).moves((1, 0, 0)) == []
    assert len(Chomp(3, 5).moves((5, 5, 5))) == 14


@given(st.integers(1, 4), st.integers(1, 5), st.data())
@settings(max_examples=40, deadline=None)
def test_chomp_winning_moves_are_exactly_the_P_followers(rows, cols, data):
    game = Chomp(rows, cols)
    position = data.draw(st.sampled_from(all_positions(rows, cols)))
    expected = [m for m in game.moves(position) if engine.outcome(game, m) == "P"]
    assert sorted(game.winning_moves(position)) == sorted(expected)


def test_big_chomp_boards_are_refused_at_once():
    with pytest.raises(LimitError, match="20,000"):
        Chomp(20, 20)
    with pytest.raises(LimitError):
        Chomp(9, 9)
    assert Chomp(6, 7).outcome((7,) * 6) == "N"


@pytest.mark.parametrize("position", [(5, 6, 1), (0, 0, 0), (2, 3, 3), (6, 5, 5), (5, 5), (5, 5, 5, 5), (5, -1, 0)])
def test_chomp_refuses_positions_that_are_not_on_the_board(position):
    game = Chomp(3, 5)
    with pytest.raises(ValueError) as info:
        game.outcome(position)
    assert str(position) in str(info.value) or str(min(position)) in str(info.value)


# ------------------------------------------------------------ the divisor game, by its own brute force and as Chomp

@cache
def divisor_outcome(n, named):
    """Outcome of Schuh's game on n after the numbers in ``named`` (a frozenset): straight from the rules."""
    choices = [d for d in range(2, n + 1) if n % d == 0 and not any(d % e == 0 for e in named)]
    return "N" if any(divisor_outcome(n, named | {d}) == "P" for d in choices) else "P"


def test_divisors_by_trial_division():
    for n in range(1, 400):
        assert divisors(n) == tuple(d for d in range(1, n + 1) if n % d == 0)
    assert divisors(10**12)[-2:] == (5 * 10**11, 10**12)


@pytest.mark.parametrize("n", [1, 2, 6, 12, 18, 30, 36, 48, 60, 64, 72, 90, 210])
def test_divisor_game_matches_the_rules(n):
    game = DivisorGame(n)
    assert game.outcome(game.start) == divisor_outcome(n, frozenset())
    # after naming d first, the allowed divisors are those d does not divide
    for d in game.start[1:]:
        after = tuple(m for m in game.start if m % d)
        assert after in game.moves(game.start)
        assert game.outcome(after) == divisor_outcome(n, frozenset({d}))


def test_first_player_wins_every_divisor_game_but_n_1():
    # strategy stealing, as for Chomp: naming n itself costs nothing, so the second player cannot have a win
    assert DivisorGame(1).outcome((1,)) == "P"
    assert all(DivisorGame(n).outcome(DivisorGame(n).start) == "N" for n in range(2, 200))
    # lesson 7: 36 is the 3 x 3 square, won by naming 6 (the square diagonally below the poison); 8 by naming 2
    assert DivisorGame(36).winning_moves(DivisorGame(36).start) == [(1, 2, 3, 4, 9)]
    assert DivisorGame(8).winning_moves((1, 2, 4, 8)) == [(1,)]


@pytest.mark.parametrize("p, q, a, b", [(2, 3, 1, 2), (2, 3, 2, 2), (2, 5, 3, 1), (3, 7, 2, 3), (2, 3, 4, 2),
                                        (5, 2, 0, 3)])
def test_divisor_game_of_p_a_q_b_is_chomp_on_an_a_plus_1_by_b_plus_1_bar(p, q, a, b):
    """Divisor p**i * q**j is the square in row i, column j; naming it bites there. Every position agrees."""
    game, bar = DivisorGame(p**a * q**b), Chomp(a + 1, b + 1)

    def as_bar(position):
        return tuple(sum(1 for j in range(b + 1) if p**i * q**j in position) for i in range(a + 1))

    seen, frontier = {game.start}, [game.start]
    while frontier:
        position = frontier.pop()
        assert game.outcome(position) == bar.outcome(as_bar(position))
        assert sorted(as_bar(m) for m in game.moves(position)) == sorted(bar.moves(as_bar(position)))
        for m in game.moves(position):
            if m not in seen:
                seen.add(m)
                frontier.append(m)
    assert len(seen) == len(all_positions(a + 1, b + 1))
