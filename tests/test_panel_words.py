"""The cosmetic slips a first-year met in the panels' words: each checked on the panel itself (the browser
checks of the frames and the figure's place are in tests/browser/test_second_day_in_browser.py)."""

from gamelib import MockTurtles
from gamelib import widgets as W
from gamelib.widgets.play_words import chips_html


def test_an_empty_heap_is_said_in_the_size_of_the_words_beside_it():
    empty = chips_html("heap A", 0)
    assert "(empty)" in empty and "font-size" not in empty  # "A: (empty) (0)" all in one size
    assert 'aria-label="heap A: 0 chips"' in empty
    assert "font-size:20px" in chips_html("heap A", 0, yours=1)  # chips are still drawn large


def test_nims_end_of_game_rows_read_in_one_size():
    w = W.play_nim((0, 1), vocabulary="P/N")  # heap A empty from the start
    row = w.heap_rows[0].value
    assert "(empty)" in row and "font-size" not in row.split("(empty)")[0]  # no larger type around the word


def test_chomps_status_says_who_moves_once():
    w = W.chomp_explorer(5, 5)
    said = w.status_text.lower()
    assert said.count("first player to move") == 1, w.status_text
    assert w.status_text == "New game. The first player to move: position (5, 5, 5, 5, 5)."


def test_a_problem_in_a_position_box_names_the_box_as_it_is_labelled():
    nim = W.nim_explorer()
    nim.position_box.value = "1, x"
    assert nim.status_text.startswith("heaps: "), nim.status_text
    coins = W.position_explorer(MockTurtles(), "1, 4")
    coins.position_box.value = "1, 99"
    assert coins.status_text.startswith("heads-up coins: "), coins.status_text
    assert "position:" not in nim.status_text + coins.status_text


def test_lesson_1s_first_game_reports_without_p_and_n_positions():
    # Lesson 1 plays before section 3 defines P-positions: play_subtraction speaks plainly by default.
    won = W.play_subtraction("1, 2, 3", heap=4)  # heap 4 is lost for the student: every move lets the computer win
    while not won.session.over:
        won.move(won.session.legal_keys()[0])
    lost = W.play_subtraction("1, 2, 3", heap=6)  # 6 is won by taking 2; taking 1 throws it away
    lost.move(1)
    while not lost.session.over:
        lost.move(lost.session.legal_keys()[0])
    clean = W.play_subtraction("1, 2, 3", heap=6)
    clean.move(2)
    while not clean.session.over:
        clean.move(clean.session.legal_keys()[-1] if clean.position > 3 else clean.position)
    for panel in (won, lost, clean):
        words = panel.report.value + panel.status_text
        assert "P-position" not in words and "N-position" not in words, words
    assert "Your first mistake" in lost.report.value and "No mistakes" in clean.report.value
    taught = W.play_subtraction("1, 2, 3", heap=6, vocabulary="P/N")  # once the words are taught, they are used
    taught.move(1)
    while not taught.session.over:
        taught.move(taught.session.legal_keys()[0])
    assert "N-position" in taught.report.value
