"""One view per kind of picture: a heaps game that is not Nim plays and draws in the generic heaps view, every
panel says what a picture shows with the kind's one function, and no panel tests a kind's name."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from gamelib import Chomp, GreenHackenbush, Nim, SubtractionGame
from gamelib.games.heap_rows import HeapsGame
from gamelib.plots import FIGURES, position_figure, view_of
from gamelib.plots.positions import NO_PICTURE
from gamelib.widgets import play_game, position_explorer
from gamelib.widgets.play_views import PLAY_VIEWS

WIDGETS = Path(__file__).resolve().parents[1] / "gamelib" / "widgets"


class TwoHeapsTakeOneOrTwo(HeapsGame):
    """Two heaps; a move takes 1 or 2 chips from one of them. Written here with its moves only."""

    title = "Take 1 or 2 from either heap"

    def moves(self, heaps):
        return [heaps[:i] + (h - k,) + heaps[i + 1:] for i, h in enumerate(heaps) for k in (1, 2) if k <= h]


class TakeOrSplit(HeapsGame):
    """A move takes 1 chip from a heap, or splits a heap into two smaller non-empty heaps (Lasker-like)."""

    title = "Take one or split"

    def moves(self, heaps):
        found = set()
        for i, h in enumerate(heaps):
            rest = heaps[:i] + heaps[i + 1:]
            found.add(rest + (h - 1,) if h > 1 else rest)
            found.update(rest + (a, h - a) for a in range(1, h // 2 + 1) if h - a >= 1 and a >= 1 and h >= 2)
        return sorted(found)


@cache
def brute_is_p(heaps: tuple[int, ...]) -> bool:
    """P exactly when every move leads to an N-position (the definition, on the rule written out again)."""
    followers = [heaps[:i] + (h - k,) + heaps[i + 1:] for i, h in enumerate(heaps) for k in (1, 2) if k <= h]
    return not any(brute_is_p(f) for f in followers)


def test_a_heaps_game_that_is_not_nim_is_drawn_with_its_own_title_and_its_right_winning_move():
    game = TwoHeapsTakeOneOrTwo()
    assert view_of(game) is FIGURES["heaps"] and view_of(Nim()) is not FIGURES["heaps"]
    for heaps in [(2, 4), (5, 3), (3, 3), (0, 7), (4, 0)]:
        fig = position_figure(game, heaps)
        assert fig.get_suptitle() == f"Take 1 or 2 from either heap: heaps {heaps}" and "Nim" not in fig.get_suptitle()
        framed = fig.plotted["framed"]
        if brute_is_p(heaps):
            assert framed is None and fig.plotted["p_positions"] == [heaps]
        else:
            assert brute_is_p(framed) and framed in game.moves(heaps)
            (i, amount), = fig.plotted["taken"].items()
            assert heaps[i] - framed[i] == amount and amount in (1, 2)
    hidden = position_figure(game, (2, 4), show_winning_moves=False)  # what a game being played must not see
    assert hidden.plotted["framed"] is None and hidden.plotted["taken"] == {} and hidden.plotted["p_positions"] is None
    assert hidden.text_alternative() == "Take 1 or 2 from either heap: heaps (2, 4)."  # nothing that gives it away
    assert position_figure(game, (2, 4)).text_alternative().endswith("Framed: take 1 from heap A, a winning move.")


def test_a_heaps_game_that_is_not_nim_plays_in_rows_of_heaps_with_the_right_words():
    w = play_game(TwoHeapsTakeOneOrTwo(), (2, 4), vocabulary="grundy")
    assert "Take 1 or 2 from either heap: play against the computer" in w.title.value
    assert sorted(w.buttons) == [(0, 1), (0, 2), (1, 1), (1, 2)] and len(w.heap_rows) == 2
    assert w.buttons[(1, 2)].name == "take 2 from heap B"
    w.hint_toggle.value = True
    assert "take 1 from heap A" in w.hint.value  # (1, 4) has value 1 ^ 1 = 0
    assert w.move(0, 1)
    said = w.status_text
    assert said.startswith("You took 1 from heap A ((2, 4) \u2192 (1, 4)). The computer took ")
    assert "-" not in said.split("The computer")[1].split("(")[0]
    rows = " ".join(row.value for row in w.heap_rows)
    assert "you took 1" in rows and "took -" not in rows and "the computer took" in rows
    assert "Nim" not in w.title.value + said + w.moves_log.value


def test_a_move_that_splits_a_heap_gets_a_button_and_the_rows_follow_the_heaps():
    w = play_game(TakeOrSplit(), (5,), opponent="friend")
    split = next(key for key, button in w.buttons.items() if button.description == "1, 4")
    assert w.buttons[split].name == "move to heaps (1, 4)"
    w.buttons[split].click()
    assert w.position == (1, 4) and len(w.heap_rows) == 2
    assert "(1, 4)" in w.status_text and "took -" not in " ".join(row.value for row in w.heap_rows)
    assert w.move(1, 1) and w.position == (1, 3)


@pytest.mark.parametrize("game, position", [(TwoHeapsTakeOneOrTwo(), (2, 4)), (Nim(), (1, 2, 4)),
                                            (GreenHackenbush([(0, 1), (1, 2), (1, 3)]), None),
                                            (SubtractionGame({1, 2}), 7), (Chomp(2, 3), (3, 3))])
def test_the_explorer_the_play_panel_and_the_still_view_say_what_a_picture_shows_with_one_function(game, position):
    position = game.start if position is None else position
    describe = view_of(game).describe
    explorer = position_explorer(game, position)
    assert explorer.image.alt == explorer.status_text == describe(game, position, True, True)
    panel = play_game(game, position, opponent="friend")
    still = panel._repr_mimebundle_()["text/html"]
    if view_of(game).draw is not None and "<img" in still:
        assert f'alt="{describe(game, position, False, False)}"' in still
    panel.hint_toggle.value = True
    if panel.image.alt:  # a panel that shows the picture while playing (and says when its parts take clicks)
        click = position_figure(game, position, True).plotted.get("click")
        assert panel.image.alt == describe(game, position, True, False) + (f" {click}" if click else "")


def test_every_kind_of_picture_has_a_presentation_in_the_play_panel_and_says_what_hints_hide():
    for name, view in FIGURES.items():
        assert view.kind == name and view.play in PLAY_VIEWS and view.hides and view.keys
    assert NO_PICTURE.play in PLAY_VIEWS and NO_PICTURE.draw is None


def test_no_panel_tests_the_name_of_a_kind_of_picture():
    kinds = "|".join(re.escape(name) for name in [*FIGURES, NO_PICTURE.kind])
    compared = re.compile(rf"""(==|!=|\bin\b)\s*\(?\s*["']({kinds})["']|["']({kinds})["']\s*(==|!=)""")
    for path in sorted(WIDGETS.glob("*.py")):
        text = path.read_text()
        assert "figure_kind" not in text, f"{path.name} reads a game's figure_kind: ask plots.view_of(game) instead"
        assert "HEAP_NAMES" not in text and "games.nim" not in text.replace("from gamelib.games.nim import Nim", ""), \
            f"{path.name} borrows Nim's words"
        found = compared.search(text)
        assert found is None, f"{path.name} tests a kind's name: {found.group(0) if found else ''}"


def test_the_play_session_imports_no_particular_game():
    play = WIDGETS.parent / "play"
    for path in sorted(play.glob("*.py")):
        games = re.findall(r"^from gamelib\.games\.(\w+) import", path.read_text(), re.M)
        assert set(games) <= {"base", "presentation"}, f"gamelib/play/{path.name} imports games {games}"
