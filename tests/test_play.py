"""The play widget and its engine: remoteness, the computer's choices, undo, the report, the panel itself.

Expected values come from hand computation or from brute force written here independently of gamelib.
"""

from __future__ import annotations

import itertools
from functools import cache

import pytest

from gamelib import LaskersNim, nim_remoteness, remoteness, remoteness_table
from gamelib.games.nim import Nim
from gamelib.games.subtraction import SubtractionGame
from gamelib.play import COMPUTER, STUDENT, PlaySession
from gamelib.widgets import play_nim, play_subtraction

# ---------------------------------------------------------------------------------------------------------
# Independent brute force: negamax over game trees where a win is worth more the sooner it comes.

BIG = 10_000


def _negamax(moves):
    """A solver for a game given by ``moves(position)``: returns (mover wins?, length with best play)."""

    @cache
    def score(position):
        followers = moves(position)
        if not followers:
            return -BIG  # the mover has lost, right now
        best = -BIG - 1
        for after in followers:
            value = -score(after)  # the opponent's score, seen from this side
            value += -1 if value > 0 else 1  # one more move: a win gets later, a loss too
            best = max(best, value)
        return best

    def solve(position):
        s = score(position)
        return s > 0, BIG - abs(s)

    return solve


def _subtraction_moves(S):
    return lambda n: tuple(n - s for s in S if s <= n)


def _nim_moves(heaps):
    return tuple(heaps[:i] + (t,) + heaps[i + 1 :] for i, h in enumerate(heaps) for t in range(h))


SETS = [(1, 2), (1, 2, 3), (1, 3, 4), (2, 5, 7), (3, 4), (1, 4, 5), (2, 3, 7)]


# ---------------------------------------------------------------------------------------------------------
# Remoteness


def test_remoteness_by_hand_for_take_one_or_two():
    # 0 has no move; 1, 2 end at once; 3 (P) lasts 1 + 1; 4 goes to 3: 1 + 2; 5 to 3; 6 (P) to 5 or 4: 1 + 3.
    assert remoteness_table({1, 2}, 7) == [0, 1, 1, 2, 3, 3, 4]


@pytest.mark.parametrize("S", SETS)
def test_remoteness_table_matches_brute_force(S):
    solve = _negamax(_subtraction_moves(S))
    table = remoteness_table(S, 41)
    for n in range(41):
        wins, length = solve(n)
        assert table[n] == length, n
        assert (table[n] % 2 == 1) == wins, n  # odd remoteness exactly at N-positions


@pytest.mark.parametrize("S", SETS)
def test_remoteness_parity_agrees_with_the_engine_outcomes(S):
    outcomes = SubtractionGame(S).outcomes(60)
    assert "".join("N" if r % 2 else "P" for r in remoteness_table(S, 60)) == outcomes


def test_generic_remoteness_agrees_with_the_table():
    game = SubtractionGame({2, 5, 7})
    assert [remoteness(game, n) for n in range(30)] == remoteness_table({2, 5, 7}, 30)


def test_nim_remoteness_matches_brute_force_on_small_positions():
    solve = _negamax(_nim_moves)
    for heaps in itertools.product(range(5), repeat=3):
        assert nim_remoteness(heaps) == solve(heaps)[1], heaps
    for heaps in [(1, 2, 3, 4), (2, 2, 3, 1), (4, 1, 0, 3)]:
        assert nim_remoteness(heaps) == solve(heaps)[1], heaps


def test_nim_remoteness_ignores_heap_order_and_empty_heaps():
    assert nim_remoteness((0, 5, 3)) == nim_remoteness((3, 5)) == nim_remoteness((5, 3, 0, 0))


# ---------------------------------------------------------------------------------------------------------
# The computer's choices


@pytest.mark.parametrize("S", SETS)
def test_computer_wins_fastest_from_n_and_stalls_longest_from_p(S):
    solve = _negamax(_subtraction_moves(S))
    session = PlaySession(SubtractionGame.from_set(S), 20)
    for n in range(1, 21):
        followers = [n - s for s in S if s <= n]
        if not followers:
            continue
        after = session.computer_choice(n).after
        wins, length = solve(n)
        if wins:
            assert not solve(after)[0], (n, after)  # it moves to a P-position
        assert 1 + solve(after)[1] == length, (n, after)  # and the game lasts exactly as long as best play says


def test_computer_choice_is_deterministic_first_of_equals():
    # From 8 with S = {1, 2, 3} (a P-position) every move leaves remoteness 3; the first button, take 1, is used.
    choice = PlaySession(SubtractionGame({1, 2, 3}), 8).computer_choice(8)
    assert (choice.key, choice.after) == (1, 7)
    one = PlaySession(SubtractionGame.from_set({1, 3, 4}), 30, starter=COMPUTER)
    two = PlaySession(SubtractionGame.from_set({1, 3, 4}), 30, starter=COMPUTER)
    for key in [1, 1, 3]:
        one.play(key)
        two.play(key)
    assert one.history == two.history


def _all_student_lines(session, visit):
    """Call ``visit(session)`` at the end of every game the student can play against the fixed computer."""
    if session.over:
        visit(session)
        return
    for key in session.legal_keys():
        session.play(key)
        _all_student_lines(session, visit)
        assert session.undo()


@pytest.mark.parametrize("S, heap", [((1, 2, 3), 11), ((1, 3, 4), 10), ((2, 5, 7), 12), ((1, 4, 5), 12)])
def test_computer_moving_first_from_n_never_loses(S, heap):
    assert SubtractionGame(S).outcome(heap) == "N"
    session = PlaySession(SubtractionGame.from_set(S), heap, starter=COMPUTER)
    winners = []
    _all_student_lines(session, lambda s: winners.append(s.winner))
    assert winners and set(winners) == {COMPUTER}
    assert session.position == session.history[0].after  # the search undid everything it played


@pytest.mark.parametrize("heaps", [(1, 2, 4), (2, 3), (1, 1, 3)])
def test_computer_moving_first_at_nim_never_loses(heaps):
    session = PlaySession(Nim(), heaps, starter=COMPUTER)
    winners = []
    _all_student_lines(session, lambda s: winners.append(s.winner))
    assert winners and set(winners) == {COMPUTER}


def _winning_lines(session, S, visit):
    """Every game in which the student always picks a move to a brute-force P-position."""
    solve = _negamax(_subtraction_moves(S))
    if session.over:
        visit(session)
        return
    good = [key for key in session.legal_keys() if not solve(session.position - key)[0]]
    assert good, session.position
    for key in good:
        session.play(key)
        _winning_lines(session, S, visit)
        session.undo()


@pytest.mark.parametrize("S, heap", [((1, 2, 3), 15), ((1, 3, 4), 12), ((2, 5, 7), 18), ((3, 4), 10)])
def test_student_who_plays_winning_moves_always_wins(S, heap):
    assert _negamax(_subtraction_moves(S))(heap)[0]  # the start is an N-position
    results = []
    _winning_lines(PlaySession(SubtractionGame.from_set(S), heap), S,
                   lambda s: results.append((s.winner, s.first_mistake(), s.report())))
    assert results
    for winner, mistake, report in results:
        assert winner == STUDENT and mistake is None
        assert report.startswith("You won! No mistakes")


def test_student_playing_nim_by_the_nim_sum_wins():
    session = PlaySession(Nim(), (3, 4, 5))
    while not session.over:
        a, b, c = session.position
        for i, h in enumerate(session.position):
            target = h ^ a ^ b ^ c
            if target < h:
                session.play((i, h - target))
                break
    assert session.winner == STUDENT and session.first_mistake() is None


# ---------------------------------------------------------------------------------------------------------
# Undo and the report


def test_undo_takes_back_the_student_move_and_the_reply():
    session = PlaySession(SubtractionGame.from_set({1, 2, 3}), 15)
    assert not session.undo()  # nothing played yet
    session.play(3)  # 15 -> 12 (P); the computer stalls: 12 -> 11
    assert session.position == 11
    session.play(1)  # 11 -> 10; the computer wins fastest: 10 -> 8
    assert session.position == 8 and len(session.history) == 4
    assert session.undo()
    assert session.position == 11 and len(session.history) == 2
    assert session.undo()
    assert session.position == 15 and session.history == []


def test_undo_after_the_computer_opened_keeps_its_opening():
    session = PlaySession(SubtractionGame.from_set({1, 2, 3}), 10, starter=COMPUTER)  # 10 -> 8
    assert session.position == 8
    assert not session.undo()
    session.play(1)
    assert session.undo() and session.position == 8 and len(session.history) == 1


def test_undo_after_the_student_won_takes_back_only_the_winning_move():
    session = PlaySession(SubtractionGame.from_set({1, 2, 3}), 3)
    session.play(3)
    assert session.over and session.winner == STUDENT
    assert session.undo() and session.position == 3 and not session.over


def test_report_names_the_first_mistake_and_the_winning_move():
    session = PlaySession(SubtractionGame.from_set({1, 2, 3}), 10)
    session.play(1)  # 10 -> 9, a mistake: 2 was the winning amount (9 is N); the computer: 9 -> 8
    assert session.position == 8
    session.play(3)  # 8 -> 5, nothing better exists at a P-position; computer 5 -> 4
    session.play(3)  # 4 -> 1; computer 1 -> 0
    assert session.over and session.winner == COMPUTER
    report = session.report()
    assert report.startswith("The computer won.")
    assert "at heap 10 you took 1, leaving heap 9" in report
    assert "Taking 2 (leaving heap 8, a P-position) would have won." in report
    assert session.first_mistake().before == 10


def test_report_finds_a_later_mistake_after_good_moves():
    session = PlaySession(SubtractionGame.from_set({1, 3, 4}), 9)  # P-positions 0, 2, 7, 9, 14, ... : 9 is P
    session.play(1)  # 9 -> 8; the computer wins fastest from 8: to 7
    assert session.position == 7
    session.play(1)  # 7 -> 6 (7 is P, no mistake possible); the computer: 6 -> 2
    assert session.position == 2
    session.play(1)  # 2 -> 1, the only move; the computer takes the last chip
    assert session.winner == COMPUTER and session.first_mistake() is None
    assert "never had a winning position" in session.report()

    session = PlaySession(SubtractionGame.from_set({1, 3, 4}), 10)  # 10 is N: 10 -> 9 wins
    session.play(1)  # good: 10 -> 9; the computer stalls from 9
    reply = session.history[-1].after
    mistake_keys = [k for k in session.legal_keys() if SubtractionGame({1, 3, 4}).outcome(reply - k) == "N"]
    session.play(mistake_keys[0])
    while not session.over:
        session.play(session.legal_keys()[0])
    assert session.first_mistake().before == reply
    assert f"at heap {reply} you took {mistake_keys[0]}" in session.report()


def test_nim_report_names_heap_and_amount():
    session = PlaySession(Nim(), (3, 4, 5))
    session.play((2, 5))  # empties heap C: (3, 4, 0) is N, a mistake; the winning move was 2 from heap A
    while not session.over:
        session.play(session.legal_keys()[0])
    report = session.report()
    assert session.winner == COMPUTER
    assert "you took 5 from heap C, leaving heaps (3, 4, 0)" in report
    assert "Taking 2 from heap A (leaving heaps (1, 4, 5), a P-position) would have won." in report


def test_illegal_moves_and_bad_starts_are_refused():
    session = PlaySession(SubtractionGame.from_set({2, 5, 7}), 6)
    with pytest.raises(ValueError, match="7"):
        session.play(7)
    with pytest.raises(ValueError, match="starter"):
        PlaySession(SubtractionGame.from_set({1, 2}), 5, starter="nobody")
    with pytest.raises(ValueError, match="no move"):
        PlaySession(SubtractionGame.from_set({2, 5, 7}), 1)
    with pytest.raises(ValueError, match="1 to 100"):
        PlaySession(SubtractionGame.from_set({1, 2}), 1000)
    with pytest.raises(ValueError, match=r"heaps \(0, 0\) allows no move"):
        PlaySession(Nim(), (0, 0))
    # Typed, a start with no move is named as the student typed it (Lasker's Nim reads "0, 0" as heaps ()).
    for game in (Nim(), LaskersNim()):
        with pytest.raises(ValueError, match=r"^'0, 0' allows no move at all in (Lasker's )?Nim: choose another "
                                             r"start$"):
            PlaySession(game, "0, 0")
    with pytest.raises(ValueError, match="12"):
        PlaySession(Nim(), (3, 40))


# ---------------------------------------------------------------------------------------------------------
# The panels


def test_play_subtraction_panel_buttons_move_and_disable():
    w = play_subtraction("2, 5, 7", heap=9)
    assert sorted(w.buttons) == [2, 5, 7]
    assert "heap 9" in w.status.value
    w.buttons[5].click()  # 9 -> 4 (P); the computer: 4 -> 2; then only "take 2" is possible
    assert w.position == 2
    assert [k for k, b in w.buttons.items() if not b.disabled] == [2]
    assert "You took 5 (9 → 4). The computer took 2 (4 → 2)." in w.status.value
    assert w.report.value == ""
    w.buttons[2].click()
    assert w.position == 0 and "you won" in w.status.value
    assert "You won! No mistakes" in w.report.value
    assert all(b.disabled for b in w.buttons.values())
    assert w.move(2) is False and "game is over" in w.status.value


def test_play_subtraction_panel_move_and_undo():
    w = play_subtraction()  # S = {1, 2, 3}, heap 15
    assert w.position == 15 and w.undo_button.disabled
    assert w.move(1) is True  # 15 -> 14; the computer: 14 -> 12
    assert w.position == 12 and not w.undo_button.disabled
    w.undo_button.click()
    assert w.position == 15 and w.history == []
    assert "taken back" in w.status.value
    assert w.status.value.count("Your turn") == 1 and "Your turn: heap 15" in w.status.value  # said once
    assert w.move(4) is False and "not a move allowed" in w.status.value and w.position == 15


def test_play_panel_computer_starts_and_new_game_settings():
    w = play_subtraction("1, 2, 3", 10)
    w.starter.value = COMPUTER
    w.heap_input.value = "13"
    w.set_text.value = "1, 3, 4"
    assert w.new_game()
    assert w.history[0].player == COMPUTER and w.history[0].before == 13
    assert sorted(w.buttons) == [1, 3, 4]
    assert "computer moved first" in w.status.value
    before = (w.session, w.position)
    w.set_text.value = "1, x"
    w.new_game_button.click()  # bad text: the game goes on unchanged, the message is shown
    assert (w.session, w.position) == before
    assert "Cannot start" in w.status.value and "x" in w.status.value


def test_play_panel_hint_and_values():
    w = play_subtraction("1, 2, 3", 15, vocabulary="grundy")
    assert w.hint.value == "" and w.values.value == ""
    w.hint_toggle.value = True
    assert "take 3" in w.hint.value and "Winning move" in w.hint.value  # 15 - 3 = 12, a multiple of 4
    w.values_toggle.value = True
    assert "g(15) = 3" in w.values.value and "take 3 → g(12) = 0" in w.values.value
    w.move(3)  # 15 -> 12; the computer stalls 12 -> 11
    assert "take 3" in w.hint.value
    w2 = play_subtraction("1, 2, 3", 12, vocabulary="P/N")
    w2.hint_toggle.value = True
    assert "every move loses" in w2.hint.value


def test_play_panel_speaks_plainly_before_the_lessons_define_the_words():
    w = play_subtraction("1, 2, 3", 15)  # the first lesson: P and N are not defined yet
    assert w.vocabulary == "plain" and w.values_toggle.layout.display == "none"
    w.hint_toggle.value = True
    assert "take 3" in w.hint.value and "you can win" in w.hint.value
    w.values_toggle.value = True  # even if set from code, no Grundy values are shown
    assert w.values.value == ""
    lose = play_subtraction("1, 2, 3", 12)
    lose.hint_toggle.value = True
    assert "every move you make lets the other player win" in lose.hint.value
    for panel in (w, lose):
        assert not any(word in panel.hint.value for word in ("P-position", "N-position", "Grundy"))
    pn = play_subtraction("1, 2, 3", 15, vocabulary="P/N")
    pn.hint_toggle.value = True
    assert "N-position" in pn.hint.value and pn.values_toggle.layout.display == "none"
    with pytest.raises(ValueError, match="vocabulary must be one of"):
        play_subtraction(vocabulary="binary")


def test_play_nim_shows_binary_and_nim_sums_only_with_the_grundy_vocabulary():
    for vocabulary in ("plain", "P/N"):
        w = play_nim(vocabulary=vocabulary)
        w.values_toggle.value = True
        assert w.values_toggle.layout.display == "none" and w.values.value == ""
        w.hint_toggle.value = True
        assert "\u2295" not in w.hint.value and "binary" not in w.hint.value
    full = play_nim(vocabulary="grundy")
    full.values_toggle.value = True
    assert "\u2295" in full.values.value and "binary" in full.values.value


def test_play_nim_panel():
    w = play_nim(vocabulary="grundy")
    assert w.position == (3, 4, 5)
    assert sorted(w.buttons) == [(0, 1), (0, 2), (0, 3)] + [(1, a) for a in range(1, 5)] + [
        (2, a) for a in range(1, 6)]
    w.hint_toggle.value = True
    assert "take 2 from heap A" in w.hint.value
    w.values_toggle.value = True
    assert "3 ⊕ 4 ⊕ 5 = 2" in w.values.value
    w.buttons[(0, 2)].click()  # (1, 4, 5) is P; the computer replies
    assert w.history[0].after == (1, 4, 5) and len(w.history) == 2
    after = w.position
    assert sum(after) == 9
    for (i, a), button in w.buttons.items():
        assert (button.layout.display == "none") == (a > after[i])
    w.heaps_text.value = "1, 1"
    assert w.new_game() and w.position == (1, 1)
    w.heaps_text.value = "3, 99"
    assert not w.new_game() and w.position == (1, 1) and "Cannot start" in w.status.value


def test_panels_show_their_limits():
    assert "100" in play_subtraction().caps.value
    assert "12" in play_nim().caps.value


def test_choosing_who_starts_restarts_only_an_untouched_game():
    w = play_subtraction("1, 2, 3", 10)
    w.starter.value = COMPUTER  # nothing played yet: the computer starts a new game at once
    assert len(w.history) == 1 and w.history[0].player == COMPUTER and w.position == 8
    w.move(1)
    w.starter.value = STUDENT  # the student has moved: the game goes on
    assert len(w.history) == 3 and "next game" in w.status.value
    w.new_game_button.click()
    assert w.history == [] and w.position == 10


def test_a_whole_game_runs_without_ipywidgets_or_matplotlib():
    # The session and its rules are the model of a game: they must import, and play to the end, on a
    # machine without any front end. Blocking the two packages makes any import of them fail.
    import subprocess
    import sys
    script = (
        "import sys\n"
        "sys.modules['ipywidgets'] = None\n"
        "sys.modules['matplotlib'] = None\n"
        "from gamelib.play.session import PlaySession\n"
        "from gamelib import SubtractionGame\n"
        "game = PlaySession(SubtractionGame({1, 2, 3}), 6)\n"
        "game.play(2); game.play(3)\n"
        "print(game.winner, game.position)\n"
        "try:\n"
        "    from gamelib.play import play_subtraction\n"
        "except ImportError:\n"
        "    print('no view')\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["student", "0", "no", "view"]


@pytest.mark.parametrize("typed, words", [("1000000000000", "is more than 100"), ("-5", "-5 is negative"),
                                          ("4.5", "4.5 is not a whole number"), ("ten", "'ten' is not a number")])
def test_a_start_out_of_range_is_refused_with_the_range_never_changed(typed, words):
    w = play_subtraction("1, 2, 3", 10)
    w.heap_input.value = typed
    assert not w.new_game()
    assert "Cannot start" in w.status_text and words in w.status_text and "from 1 to 100" in w.status_text
    assert w.position == 10 and w.heap_input.value == typed  # the game goes on; the box is not rewritten


def test_on_off_settings_look_like_what_they_are():
    import ipywidgets

    w = play_nim(vocabulary="grundy")
    for box in (w.hint_toggle, w.values_toggle):
        assert isinstance(box, ipywidgets.Checkbox) and box.description.startswith("Show")  # a box to tick
    assert isinstance(w.new_game_button, ipywidgets.Button) and isinstance(w.undo_button, ipywidgets.Button)


def test_chips_taken_by_both_players_stay_visible_until_the_student_moves_again():
    w = play_subtraction("1, 2, 3", 15)
    w.move(3)  # you: 15 -> 12; the computer: 12 -> 11
    row = w.heap_rows[0].value
    assert "you took 3" in row and "the computer took 1" in row and "11 chips" in row
    assert row.count("\u25cb") == 4  # both players' chips, hollow, in two colours


def test_any_game_of_the_model_plays_in_the_panel_with_no_code_of_its_own():
    from gamelib import Game

    class Race(Game):
        """Two counters race down: a move lowers one of them by 1 or 2 (a position is a pair)."""

        title = "Race to zero"

        def moves(self, position):
            a, b = position
            return [(a - k, b) for k in (1, 2) if k <= a] + [(a, b - k) for k in (1, 2) if k <= b]

    from gamelib.widgets import play_game

    w = play_game(Race(), (2, 3), vocabulary="grundy")  # no typed positions, no picture: words and buttons
    assert w.position_words.value == "Position: position (2, 3)"
    assert [b.description for b in w.buttons.values()] == ["position (1, 3)", "position (0, 3)",
                                                           "position (2, 2)", "position (2, 1)"]
    w.hint_toggle.value = w.values_toggle.value = True
    # g(a, b) = (a mod 3) ^ (b mod 3): from (2, 3), g = 2, and (0, 3) and (2, 2) have value 0
    assert "Winning moves: move to position (0, 3), move to position (2, 2)" in w.hint.value
    assert "g = 2." in w.values.value
    w.buttons[(2, 2)].click()
    assert w.history[0].after == (2, 2) and len(w.history) == 2  # the computer replied
    assert set(w.buttons) == set(w.session.legal_keys())  # the buttons follow the position
    assert w.new_game() and w.position == (2, 3)  # a new game starts where the first one did
