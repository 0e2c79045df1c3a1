"""What the one play panel does with the moves it is given: a chosen move reaches the session as the game keys
it, whatever the shape of the key (a coin turned alone is the key ``(6,)``, a Chomp bite ``(row, col)``, a Nim
move ``(heap, amount)``, a subtraction move an amount)."""

from __future__ import annotations

import re

from gamelib import Chomp, GreenHackenbush, LaskersNim, MockTurtles, Nim, RulerGame, TurningTurtles
from gamelib.games.presentation import presentation_of
from gamelib.widgets import play_game, play_subtraction


def _coin(panel, number):
    return next(i for i, sq in enumerate(panel.board.squares) if sq["name"].startswith(f"coin {number}:"))


def test_a_one_coin_move_chosen_on_the_board_is_played():
    w = play_game(TurningTurtles(), "1")  # heads up: 1; the only move turns coin 1 alone
    w.board.choose(_coin(w, 1))
    assert w.play_chosen(), w.status_text
    assert w.history[0].key == (1,) and w.session.over and w.session.winner == "student"


def test_a_one_coin_move_in_each_coin_game_and_from_python():
    for game, start, coin in ((TurningTurtles(), "2, 6", 6), (MockTurtles(), "0, 4", 4), (RulerGame(), "3, 5", 5)):
        w = play_game(game, start)
        w.board.choose(_coin(w, coin))
        assert w.play_chosen(), (game, w.status_text)
        assert w.history[0].key == (coin,)
        typed = play_game(game, start)
        assert typed.move(coin) and typed.history[0].key == (coin,)  # move(6) means the key (6,)


def test_moves_of_other_key_shapes_still_reach_the_session():
    chomp = play_game(Chomp(2, 3))
    chomp.board.choose(5)  # row 2, column 3
    assert chomp.history[0].key == (1, 2)
    nim = play_game(Nim(), "1, 2, 4")
    nim.buttons[(2, 1)].click()
    assert nim.history[0].key == (2, 1)
    sub = play_subtraction("1, 2, 3", 6)
    sub.buttons[2].click()
    assert sub.history[0].key == 2
    trees = play_game(GreenHackenbush([(0, 1), (1, 1)]))
    trees.buttons[(1, 1)].click()
    assert trees.history[0].key == (1, 1)


def _choose(panel, *numbers):
    for number in numbers:
        panel.board.choose(_coin(panel, number))


def test_a_refused_coin_move_says_which_rule_it_breaks_in_words():
    w = play_game(TurningTurtles(), "2, 4, 5, 7")
    w.move(7, 6)  # leaves heads up 2, 4, 5, 6 and the computer replies; coin 7 is now tails
    assert 7 not in w.position
    _choose(w, 7)
    assert not w.play_chosen()
    assert w.status_text == "coin 7 shows tails: the rightmost coin you turn must show heads"
    w.clear_choice()
    _choose(w, 5, 4, 2)
    assert not w.play_chosen()
    assert w.status_text == "Turning Turtles turns one or two coins; you chose three (5, 4 and 2)"
    assert "allowed: [" not in w.status_text
    w.clear_choice()
    assert not w.play_chosen() and w.status_text == "Choose coins on the board first."


def test_the_rules_of_mock_turtles_and_the_ruler_game_in_words():
    mock, ruler = presentation_of(MockTurtles), presentation_of(RulerGame)
    assert mock.why_not(MockTurtles(), (1, 3), (3, 2, 1, 0)) == \
        "Mock Turtles turns one, two or three coins; you chose four (3, 2, 1 and 0)"
    assert ruler.why_not(RulerGame(), (3, 5), (5, 3)) == \
        "the Ruler game turns a run of coins next to each other; coins 5 and 3 are not a run"
    assert ruler.why_not(RulerGame(), (3, 5), (5, 4)).startswith("(5, 4) is not a move allowed")  # a legal move
    chomp = play_game(Chomp(2, 3))
    assert presentation_of(chomp.game).square_noun(chomp.game) == "squares" and not chomp.play_chosen()
    assert chomp.status_text == "Choose squares on the board first."


def test_move_buttons_keep_their_move_and_the_played_one_leaves_the_row():
    w = play_game(GreenHackenbush([(0, 1), (1, 2), (0, 3), (3, 4), (0, 5)]))
    before = dict(w.buttons)
    labels = {key: button.description for key, button in before.items()}
    sent = []
    w.status.send = lambda content, buffers=None: sent.append(content)
    w.buttons[(1, 2)].click()
    assert w.history[0].key == (1, 2)
    assert before[(1, 2)] not in w.view.pool.children  # the chopped edge's button has gone
    for key, button in w.buttons.items():  # every button left still plays the move it played before
        assert button is before[key] and button.description == labels[key]
    assert sent == [{"focus": True}]  # the keyboard's focus goes to the status line, not to another move


def test_enter_in_the_position_box_starts_a_new_game_from_what_it_says():
    w = play_game(TurningTurtles(), "3, 5, 8")
    w.move(8, 6)
    box = w.start_box
    # What the browser sends on Enter, typed so fast that no earlier message carried the text: the Enter
    # carries it (ipywidgets' Text sent Enter alone, and the game started from what had reached the kernel).
    box._handle_custom_msg({"text": "2, 4", "submit": True}, [])
    assert box.value == "2, 4"
    assert w.position == (2, 4) and w.history == [] and w.status_text.startswith("New game.")


def test_every_settings_text_box_of_every_play_panel_acts_on_the_text_sent_with_enter():
    # Lessons 1-9's play panels with a settings box: the Enter message's text is the one the game starts from.
    from gamelib import LaskersNim, StaircaseNim
    from gamelib.widgets import play_nim
    panels = [(play_subtraction("1, 2", heap=7), "heap_input", "5", lambda p: p == 5),
              (play_nim("3, 4"), "heaps_text", "1, 2, 3", lambda p: tuple(p) == (1, 2, 3)),
              (play_game(StaircaseNim(), "1, 2"), "start_box", "2, 2, 2", lambda p: tuple(p) == (2, 2, 2)),
              (play_game(LaskersNim(), "2, 3"), "start_box", "1, 2, 3", lambda p: tuple(p) == (1, 2, 3))]
    for w, attr, text, started in panels:
        box = getattr(w, attr)
        box._handle_custom_msg({"text": text, "submit": True}, [])
        assert started(w.position), (attr, text, w.position, w.status_text)
    w = play_game(StaircaseNim(), "1, 2")
    w.start_box._handle_custom_msg({"text": "three, x", "submit": True}, [])
    assert "'three'" in w.status_text and w.start_box.value == "three, x"  # the word typed, whole


def test_a_chop_is_reported_by_the_edges_left_not_by_whole_positions():
    w = play_game(GreenHackenbush([(0, 5)]))
    w.buttons[(0, 5)].click()
    assert w.status_text == "You chopped edge (0, 5) (1 edge was standing, none are left). Game over: you won!"
    assert "you: chop edge (0, 5) (1 edge was standing, none are left)" in w.moves_log.value
    assert "((" not in w.moves_log.value
    nim = play_game(Nim(), "1, 2")  # a game with short positions keeps them: (1, 2) → (1, 1)
    nim.move(1, 1)
    assert "You took 1 from heap B ((1, 2) → (1, 1))" in nim.status_text


def test_the_live_coin_board_shows_each_coin_number_above_it():
    w = play_game(MockTurtles(), "1, 3")
    assert [sq.get("caption") for sq in w.board.squares] == ["0", "1", "2", "3"]
    assert "caption" in w.board._esm and "aria-hidden" in w.board._esm  # drawn above, not read twice
    chomp = play_game(Chomp(2, 3))
    assert not any("caption" in sq for sq in chomp.board.squares)


def test_labels_are_shown_whole():
    w = play_game(TurningTurtles(), "3, 5, 8")
    assert w.start_box.description == "heads-up coins:"
    label_rule = re.search(r"\.gamelib-text-label \{([^}]*)\}", w.start_box._css)
    assert label_rule and "nowrap" in label_rule.group(1) and "flex: none" in label_rule.group(1)
    play = next(b for row in w.moves_area.children[1:] for b in row.children
                if b.description == "Turn the chosen coins")
    assert play.layout.width == "auto"


def test_a_panel_without_limits_shows_no_empty_limits_line():
    trees = play_game(GreenHackenbush([(0, 1), (1, 2)]))
    assert trees.caps.layout.display == "none" and "Limits: ." not in trees.caps.value
    coins = play_game(TurningTurtles(), "3, 5")
    assert coins.caps.layout.display is None and "Limits: heads-up coins" in coins.caps.value


def test_the_report_says_when_the_hint_was_on():
    w = play_subtraction("1, 2", 4)
    w.hint_toggle.value = True
    while not w.session.over:
        w.move(w.session.winning_keys()[0])
    assert "You won! No mistakes" in w.report.value
    assert "The hint was shown for all of your 2 moves" in w.report.value
    plain = play_subtraction("1, 2", 4)
    while not plain.session.over:
        plain.move(plain.session.winning_keys()[0])
    assert "You won! No mistakes" in plain.report.value and "hint" not in plain.report.value


def test_every_move_button_is_named_by_its_words_not_by_its_bare_label():
    # A screen reader reads the button's name: "take 1 from heap A", never five buttons called "1".
    from gamelib import LaskersNim, NodeKayles, StaircaseNim
    from gamelib.widgets import play_nim
    kayles = NodeKayles([(0, 1), (1, 2), (2, 3), (3, 0), (2, 4), (4, 5)])
    for w in (play_game(LaskersNim(), "2, 5, 7"), play_game(kayles, kayles.start),
              play_game(StaircaseNim(), "3, 0, 5"), play_nim("3, 4"), play_subtraction("1, 2", heap=5)):
        words = {move.key: (move.label, move.words()) for move in w.session.moves()}
        assert words and set(words) <= set(w.buttons), type(w.game).__name__
        for key, (label, said) in words.items():  # the words, and the label seen within the name heard
            name = w.buttons[key].name
            assert said in name and label in name and w.buttons[key].description == label, (key, name)
    stairs = play_game(StaircaseNim(), "3, 0, 5")
    assert stairs.buttons[(2, 2)].name == "2 from stair 3: move 2 coins from stair 3 to stair 2"
    lasker = play_game(LaskersNim(), "2, 5, 7")
    assert lasker.buttons[(0, 1)].description == "1" and lasker.buttons[(0, 1)].name == "take 1 from heap A"
    kayles_panel = play_game(kayles, kayles.start)
    assert any(b.name == "pick vertex 0" for b in kayles_panel.buttons.values())


def test_after_a_move_the_next_tab_reaches_the_moves_that_remain():
    # The focus goes to the status line after a move; it sits just above the moves, so Tab reaches them.
    w = play_game(TurningTurtles(), "3, 5, 8")
    order = list(w.children)
    assert order.index(w.status) == order.index(w.moves_area) - 1
    n = play_subtraction("1, 2", heap=5)
    assert list(n.children).index(n.status) < list(n.children).index(n.moves_area)


def test_the_kayles_report_says_left_once():
    # "leaving vertices (0, 1, 3) left" said it twice: the position's words are the vertices, the sentence says
    # what is left.
    from gamelib import NodeKayles
    kayles = NodeKayles([(0, 1), (1, 2), (2, 3), (3, 0), (2, 4), (4, 5)])
    w = play_game(kayles, kayles.start)
    while not w.session.over:
        wins = set(w.session.winning_keys())
        w.play_key(next((k for k in w.session.legal_keys() if k not in wins), w.session.legal_keys()[0]))
    said = w.report.value + w.status_text + w.moves_log.value
    assert "leaving vertices (" in said or "leaving no vertex" in said, said
    assert not re.search(r"vertices \([\d, ]*\) left|no vertex left", said), said


def _shown_buttons(panel):
    """The move buttons in the rows of heaps as shown: (heap row, label, name) of each visible one."""
    rows = [row.children[2:] for row in panel.view.rows] + [panel.view.others.children[1:]]
    return [(r, b.description, b.name) for r, row in enumerate(rows) for b in row if b.layout.display != "none"]


def test_a_new_game_of_heaps_uses_the_widgets_of_earlier_games_again(monkeypatch):
    import ipywidgets

    w = play_game(LaskersNim(), "2, 5, 7")
    opened = []
    original = ipywidgets.Widget.open
    monkeypatch.setattr(ipywidgets.Widget, "open", lambda self: (opened.append(type(self).__name__), original(self)))
    first = dict(w.buttons)
    w.start_box.submit("2, 5")  # heaps A and B as before: their moves' buttons
    w.start_box.submit("2, 5, 7")
    assert opened == []  # every row and move button was shown by an earlier game
    assert all(w.buttons[key] is button for key, button in first.items())
    w.start_box.submit("2, 7")  # heap B of 7: taking 6 or 7 from it, and its splits 1+6, 2+5, 3+4, are new
    assert "Cannot" not in w.status_text
    assert sorted(opened) == ["Layout"] * 5 + ["MoveButton"] * 5  # only those buttons (and their layouts)


def test_buttons_used_again_show_and_play_the_new_games_moves_only():
    w = play_game(Nim(), "3, 4, 5")
    w.buttons[(0, 3)].click()  # heap A emptied: its buttons are hidden
    assert w.history[0].key == (0, 3)
    w.start_box.submit("3, 1")  # a new game reuses them: shown and enabled again; heap B's 2, 3, 4 are gone
    fresh = play_game(Nim(), "3, 1")
    assert _shown_buttons(w) == _shown_buttons(fresh)
    assert all(not w.buttons[key].disabled for key in w.session.legal_keys())
    w.buttons[(0, 2)].click()
    assert w.history[0].key == (0, 2) and w.history[0].after == (1, 1)


def test_a_new_game_on_a_board_of_another_size_keeps_the_board_and_shows_the_new_squares(monkeypatch):
    import ipywidgets

    w = play_game(TurningTurtles(), "3, 5, 8")
    board = w.board
    opened = []
    original = ipywidgets.Widget.open
    monkeypatch.setattr(ipywidgets.Widget, "open", lambda self: (opened.append(type(self).__name__), original(self)))
    w.start_box.submit("1, 3, 4")
    assert opened == [] and w.board is board
    fresh = play_game(TurningTurtles(), "1, 3, 4")
    assert (w.board.squares, w.board.columns, w.board.label) == (fresh.board.squares, fresh.board.columns,
                                                               fresh.board.label)
    w.board.choose(_coin(w, 4))  # the kept board plays the new game's moves
    assert w.play_chosen(), w.status_text
    assert w.history[0].key[0] == 4
