"""Positions are written as people write them wherever words are shown: ``heap 1``, ``vertex 5``, ``(1, 2)``, never
Python's one-tuple ``(1,)``. Every game with positions of several numbers is played down to one number left, and
everything its play panel says on the way (status, log, report, hint, values, buttons, picture) is read."""

from __future__ import annotations

import re

import pytest

from gamelib import (
    Chomp,
    DivisorGame,
    GrundysGame,
    LaskersNim,
    MooresNim,
    Nim,
    NodeKayles,
    OctalGame,
    StaircaseNim,
    TurningTurtles,
)
from gamelib.exercises import check
from gamelib.play.session import FRIEND
from gamelib.widgets import kayles_explorer, play_game, position_explorer

#: Python's way of writing a tuple of one number.
ONE_TUPLE = re.compile(r"\(\s*\d+\s*,\s*\)")

GAMES = {
    "Nim": (Nim(), "3"),
    "Lasker's Nim": (LaskersNim(), "1, 3"),
    "Moore's Nim": (MooresNim(2), "3"),
    "Staircase Nim": (StaircaseNim(), "3"),
    "an octal game": (OctalGame("0.07"), 7),
    "Grundy's game": (GrundysGame(), 7),
    "Node Kayles": (NodeKayles.path(4), (0, 1, 2, 3)),
    "Chomp": (Chomp(1, 4), None),
    "the divisor game": (DivisorGame(12), None),
    "Turning Turtles": (TurningTurtles(), "1, 3"),
}


def _texts(panel) -> list[str]:
    buttons = [f"{b.description} {getattr(b, 'name', '')}" for b in panel.buttons.values()]
    squares = [square["name"] for square in panel.board.squares] if panel.board is not None else []
    return [panel.status_text, panel.moves_log.value, panel.report.value, panel.hint.value, panel.values.value,
            panel.image.alt, *[row.value for row in panel.heap_rows], *buttons, *squares]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_game_played_down_to_one_number_never_shows_a_python_one_tuple(name):
    game, start = GAMES[name]
    panel = play_game(game, start, vocabulary="grundy", opponent=FRIEND)
    panel.hint_toggle.value = panel.values_toggle.value = True
    seen = []
    while not panel.session.over:
        seen += _texts(panel)
        size = [(len(m.after) if isinstance(m.after, tuple) else 1, m) for m in panel.session.moves()]
        panel.play_key(min(size, key=lambda pair: (pair[0] != 1, pair[0]))[1].key)  # one number left, if it can
    seen += _texts(panel)
    if name != "Grundy's game":  # whose moves always leave two heaps or more
        left = [p for m in panel.history for p in (m.before, m.after) if isinstance(p, tuple)]
        assert any(len(p) == 1 for p in left), name
    written = [text for text in seen if ONE_TUPLE.search(text)]
    assert not written, (name, written[:3])


def test_explorers_and_exercise_messages_write_one_heap_or_vertex_in_words():
    said = [position_explorer(LaskersNim(), "5").status_text, position_explorer(Nim(), "5").status_text,
            kayles_explorer("0-1, 2-3, 4-5, 5-6").status_text,
            check("9.6", [9]).message, check("9.6", (1, 8)).message, check("9.9", [2]).message,
            check("9.4", [1, 2, 4]).message, check("9.1", [4]).message]
    assert not [text for text in said if ONE_TUPLE.search(text)], said
