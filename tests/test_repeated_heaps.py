"""A heap equal to another one is a heap of its own: in every heap game the play panel gives each of two equal
heaps its own row of buttons (and its own splits), and a move on the second one plays on the second one.

Lasker's Nim from (3, 3, 5) showed heap B with no button and no split; an octal game or Grundy's game could not
be played at all once a move had split a heap. The positions with equal heaps are reached by playing, as a
student would (two people at one keyboard, so the test chooses every move).
"""

from __future__ import annotations

import re
from collections import deque

import pytest

import gamelib
from gamelib import GrundysGame, HeapsGame, LaskersNim, MooresNim, Nim, OctalGame
from gamelib.games.heap_rows import heap_name
from gamelib.games.heaps import TakeAndBreakGame
from gamelib.play.session import FRIEND, PlaySession
from gamelib.widgets import play_game


class TakeOneOrTwo(HeapsGame):
    """A heaps game written as a student would write one: take 1 or 2 chips from one heap."""

    title = "Take 1 or 2 from one heap"

    def moves(self, heaps):
        return [heaps[:i] + (h - k,) + heaps[i + 1:] for i, h in enumerate(heaps) for k in (1, 2) if k <= h]


#: Every heap game, and a start from which play reaches two equal heaps.
HEAP_GAMES = {
    "Nim": (Nim(), "3, 3, 5"),
    "MooresNim": (MooresNim(2), "3, 3, 5"),
    "LaskersNim": (LaskersNim(), "3, 3, 5"),
    "OctalGame": (OctalGame("0.07"), 8),  # take 2 from the middle of 8: heaps 3 and 3
    "Dawson's chess": (OctalGame("0.137"), 7),
    "GrundysGame": (GrundysGame(), 8),  # 8 = 3 + 5, then 5 = 2 + 3: heaps 2, 3, 3
    "HeapsGame": (TakeOneOrTwo(), "2, 2, 1"),
}


def _heaps(position) -> tuple[int, ...]:
    return tuple(position) if isinstance(position, (tuple, list)) else (position,)


def _own_moves(moves: list, i: int) -> list:
    """The moves that name heap ``i`` and no other (its takes in its row, its splits in the row of other moves)."""
    return [m for m in moves if re.findall(r"heap ([A-Z])", m.words()) == [heap_name(i)]]


def _words(moves: list, i: int) -> list[str]:
    return [m.words().replace(f"heap {heap_name(i)}", "heap X") for m in moves]


def _equal_heaps_with_moves(session: PlaySession, position) -> tuple[int, int] | None:
    """Two equal heaps i < j of ``position`` that have moves of their own (a heap of 1 in Grundy's game has
    none), or None."""
    heaps = _heaps(position)
    moves = session.moves(position) if len(heaps) > 1 else []
    for j, h in enumerate(heaps):
        if h and h in heaps[:j] and _own_moves(moves, heaps.index(h)):
            return heaps.index(h), j
    return None


def _path_to_equal_heaps(session: PlaySession) -> list:
    """The keys of the fewest moves from the start to two equal heaps with moves of their own."""
    todo, seen = deque([(session.start, [])]), {session.start}
    while todo:
        position, keys = todo.popleft()
        if _equal_heaps_with_moves(session, position):
            return keys
        for move in session.moves(position):
            if move.after not in seen:
                seen.add(move.after)
                todo.append((move.after, [*keys, move.key]))
    raise AssertionError("no position with two equal heaps can be reached")


def test_every_public_heap_game_is_played_here_from_repeated_heaps():
    public = {name for name in gamelib.__all__ if isinstance(getattr(gamelib, name), type)
              and issubclass(getattr(gamelib, name), (HeapsGame, TakeAndBreakGame))}
    assert public <= set(HEAP_GAMES), sorted(public - set(HEAP_GAMES))


@pytest.mark.parametrize("name", sorted(HEAP_GAMES))
def test_each_of_two_equal_heaps_has_its_own_buttons_and_plays_on_itself(name):
    game, start = HEAP_GAMES[name]
    panel = play_game(game, start, opponent=FRIEND)
    for key in _path_to_equal_heaps(panel.session):
        assert panel.play_key(key), panel.status_text
    heaps, moves = _heaps(panel.position), panel.session.moves()
    first, second = _equal_heaps_with_moves(panel.session, panel.position)
    # The two heaps have the same moves, each named after its own heap, each a button to press.
    assert _words(_own_moves(moves, first), first) == _words(_own_moves(moves, second), second), (name, heaps)
    for move in _own_moves(moves, first) + _own_moves(moves, second):
        button = panel.buttons[move.key]
        assert button.layout.display != "none" and not button.disabled, (name, heaps, move)
    # The second heap's last button plays on the second heap.
    last = _own_moves(moves, second)[-1]
    panel.buttons[last.key].click()
    assert panel.history[-1].text == last.words() and f"heap {heap_name(second)}" in last.words(), name
